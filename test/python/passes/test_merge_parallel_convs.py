"""merge-parallel-convs: convolutions of one input that are summed become one convolution, and
the reference executor computes the same before and after: on test/data's RepVGG blocks
(against torch too), on their half-precision exports, and on random branch trees (random
windows, paddings, strides, dilations, groups, identities, per-channel affine maps)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import ModuleOp, TensorType, f32

import boltc
from boltc.analysis.conv_branches import (
    Branch,
    MergeRefusal,
    branch_of,
    grouped_filter,
    identity_branch,
    merge,
    merged_geometry,
)
from boltc.dialects import bolt
from boltc.dialects.context import bolt_context
from boltc.frontends import load
from boltc.frontends.builder import GraphBuilder, module_of
from boltc.passes.canonicalize import CanonicalizePass
from boltc.passes.fold_batchnorm import FoldBatchNormPass
from boltc.passes.fold_constants import FoldConstantsPass
from boltc.passes.merge_parallel_convs import MergeParallelConvsPass
from boltc.passes.pipeline import run_pipeline

DATA = Path(__file__).resolve().parents[2] / "data"
REPVGG = DATA / "repvgg_block.mlir"


def convolutions(module: ModuleOp) -> list[bolt.Conv2dOp]:
    return [op for op in module.walk() if isinstance(op, bolt.Conv2dOp)]


def prepared(module: ModuleOp) -> ModuleOp:
    """What the pass sees in the pipeline: batch-norm folded into each branch."""
    for p in (CanonicalizePass(), FoldConstantsPass(), FoldBatchNormPass(), FoldConstantsPass(), CanonicalizePass()):
        p.apply(bolt_context(), module)
    return module


def merged(module: ModuleOp) -> ModuleOp:
    MergeParallelConvsPass().apply(bolt_context(), module)
    CanonicalizePass().apply(bolt_context(), module)
    module.verify()
    return module


# --------------------------------------------------------------------------------------
# test/data's RepVGG blocks.
# --------------------------------------------------------------------------------------


def test_repvgg_blocks_become_one_convolution_each_and_match_torch(read_saved_io):
    inputs, expected = read_saved_io(REPVGG)
    module = prepared(load(str(REPVGG)))
    assert len(convolutions(module)) == 4
    before = boltc.interpret(module.clone(), *inputs)
    merged(module)
    convs = convolutions(module)
    assert [(op.filter.type.get_shape(), op.groups.value.data) for op in convs] == [
        ((16, 4, 3, 3), 1),  # the stride-2 block: 3x3 + 1x1, no identity
        ((16, 8, 3, 3), 2),  # the grouped block: 3x3 + 1x1 + identity, groups kept
    ]
    after = boltc.interpret(module, *inputs)
    np.testing.assert_allclose(after[0], before[0], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(after[0], expected[0], rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("precision", ["f16", "bf16"])
def test_repvgg_half_exports_merge_like_the_f32_model(precision: str, read_saved_io):
    from half_helpers import assert_near_f32_reference

    path = DATA / "half" / f"repvgg_block_{precision}.mlir"
    module = merged(prepared(load(str(path))))
    assert len(convolutions(module)) == 2
    inputs, expected = read_saved_io(path)
    assert_near_f32_reference(boltc.interpret(module, *inputs), expected)


def test_pipeline_compiles_a_repvgg_block_as_two_fused_convolutions():
    module = run_pipeline(load(str(REPVGG)), precision="f16")
    convs = convolutions(module)
    assert len(convs) == 2
    # Bias and ReLU inside each convolution's epilogue: the block is one kernel.
    for op in convs:
        assert {o.name for o in op.epilogue.block.ops} >= {"bolt.ew.add", "bolt.ew.relu"}


# --------------------------------------------------------------------------------------
# The analysis.
# --------------------------------------------------------------------------------------


def _conv_branch(source, f: int, c: int, taps: tuple[int, int], top: int, left: int,
                 strides=(1, 1), dilations=(1, 1), groups=1) -> Branch:
    weights = np.ones((f, c, *taps))
    return Branch(source, weights, np.zeros(f), top, left, strides, dilations, groups, [], 1)


def test_merge_places_the_smaller_window_inside_the_larger():
    b = GraphBuilder([TensorType(f32, [1, 2, 5, 5])])
    x = b.args[0]
    three = _conv_branch(x, 2, 2, (3, 3), -1, -1)
    one = _conv_branch(x, 2, 2, (1, 1), 0, 0)
    both = merge(three, one, (1, 2, 5, 5))
    assert both.taps == (3, 3) and (both.top, both.left) == (-1, -1)
    assert both.filter[0, 0, 1, 1] == 2 and both.filter[0, 0, 0, 0] == 1
    assert both.terms == 2 and both.convolutions == 2


@pytest.mark.parametrize("change, reason", [
    (dict(strides=(2, 2)), "the strides differ"),
    (dict(dilations=(2, 2)), "the dilations differ"),
    (dict(taps=(1, 3), top=0, left=-1), "neither window holds the other"),
    (dict(taps=(3, 1), top=-1, left=0), None),  # 3x1 inside the 3x3: fine
])
def test_merge_refusals_say_why(change, reason):
    b = GraphBuilder([TensorType(f32, [1, 2, 5, 5])])
    x = b.args[0]
    base = dict(taps=(3, 1), top=-1, left=0)
    other = dict(taps=(3, 3), top=-1, left=-1)
    if reason == "neither window holds the other":
        other = dict(taps=(3, 1), top=-1, left=0)
    first = _conv_branch(x, 2, 2, **{**base, **{k: v for k, v in change.items() if k in ("taps", "top", "left")}},
                         **{k: v for k, v in change.items() if k in ("strides", "dilations")})
    second = _conv_branch(x, 2, 2, **other)
    if reason is None:
        assert merge(first, second, (1, 2, 5, 5)).taps == (3, 3)
    else:
        with pytest.raises(MergeRefusal, match=reason):
            merge(first, second, (1, 2, 5, 5))


def test_different_inputs_do_not_merge():
    b = GraphBuilder([TensorType(f32, [1, 2, 5, 5])] * 2)
    x, y = b.args
    with pytest.raises(MergeRefusal, match="different inputs"):
        merge(identity_branch(x), _conv_branch(y, 2, 2, (1, 1), 0, 0), (1, 2, 5, 5))


def test_identity_adapts_to_the_groups_of_the_convolution():
    b = GraphBuilder([TensorType(f32, [1, 4, 5, 5])])
    x = b.args[0]
    grouped = _conv_branch(x, 4, 4, (3, 3), -1, -1, groups=2)
    grouped.filter = np.zeros((4, 4, 3, 3))
    grouped.filter[:2, :2] = 1
    grouped.filter[2:, 2:] = 1
    both = merge(grouped, identity_branch(x), (1, 4, 5, 5))
    assert both.groups == 2
    per_group = grouped_filter(both.filter, 2)
    assert per_group.shape == (4, 2, 3, 3)
    assert per_group[1, 1, 1, 1] == 2 and per_group[1, 0, 1, 1] == 1 and per_group[2, 0, 1, 1] == 2


def test_merged_geometry_keeps_the_output_size():
    b = GraphBuilder([TensorType(f32, [1, 2, 12, 12])])
    x = b.args[0]
    branch = merge(_conv_branch(x, 2, 2, (3, 3), -1, -1, strides=(2, 2)),
                   _conv_branch(x, 2, 2, (1, 1), 0, 0, strides=(2, 2)), (1, 2, 6, 6))
    geometry = merged_geometry(branch, (1, 2, 12, 12), (1, 2, 6, 6))
    assert geometry.padding == (1, 1, 1, 1) and geometry.strides == (2, 2)
    # A window that would start inside the image is refused, not given negative padding.
    inside = _conv_branch(x, 2, 2, (3, 3), 1, 1)
    assert "negative padding" in merged_geometry(inside, (1, 2, 12, 12), (1, 2, 10, 10))


def test_branch_of_a_plain_convolution_is_one_term():
    b = GraphBuilder([TensorType(f32, [1, 2, 5, 5])])
    w = b.constant(np.ones((2, 2, 1, 1), np.float32))
    y = b.value(bolt.Conv2dOp(b.args[0], w, TensorType(f32, [1, 2, 5, 5])))
    branch = branch_of(y)
    assert branch is not None and branch.terms == 1 and branch.convolutions == 1


# --------------------------------------------------------------------------------------
# Random branch trees: the same values before and after.
# --------------------------------------------------------------------------------------


@st.composite
def branch_trees(draw):
    """A function summing 2-4 branches of one NCHW input: convolutions (windows 1, 3 or 5,
    paddings that keep them centred or not, stride, dilation, groups shared or not) with
    biases and per-channel scales, and the identity (affine) where shapes allow."""
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    groups_choices = draw(st.sampled_from([(1,), (2,), (1, 2), (4, 2)]))
    c = 4 * draw(st.integers(1, 2))
    f = c if draw(st.booleans()) else 4 * draw(st.integers(1, 3))
    h = draw(st.integers(5, 9))
    stride = draw(st.sampled_from([1, 1, 2]))
    dilation = draw(st.sampled_from([1, 1, 2]))
    big = draw(st.sampled_from([3, 5]))
    b = GraphBuilder([TensorType(f32, [2, c, h, h])])
    x = b.args[0]
    pad_big = dilation * (big - 1) // 2
    p = (h + 2 * pad_big - dilation * (big - 1) - 1) // stride + 1
    out_type = TensorType(f32, [2, f, p, p])
    terms = []
    centred = True  # every window centred: the RepVGG case, which must merge into one
    for i in range(draw(st.integers(2, 4))):
        kind = draw(st.sampled_from(["conv", "conv", "identity"]))
        if kind == "identity" and (f != c or stride != 1):
            kind = "conv"
        if kind == "identity":
            value = x
        else:
            taps = big if i == 0 else draw(st.sampled_from([1, 3, big]))
            # Centred (the RepVGG case) or, now and then, shifted by one tap (may be refused).
            pad = dilation * (taps - 1) // 2 + (dilation if draw(st.integers(0, 7)) == 0 else 0)
            centred = centred and pad == dilation * (taps - 1) // 2
            pad_high = (p - 1) * stride + dilation * (taps - 1) + 1 - h - pad
            if pad_high < 0 or (h + pad + pad_high - dilation * (taps - 1) - 1) // stride + 1 != p:
                pad, pad_high = dilation * (taps - 1) // 2, dilation * (taps - 1) // 2
            centred = centred and pad == pad_high
            groups = draw(st.sampled_from(groups_choices))
            if c % groups or f % groups:
                groups = 1
            w = b.constant(rng.standard_normal((f, c // groups, taps, taps)).astype(np.float32))
            value = b.value(bolt.Conv2dOp(x, w, out_type, strides=(stride, stride),
                                          padding=(pad, pad, pad_high, pad_high), dilations=(dilation, dilation),
                                          groups=groups))
        for _ in range(draw(st.integers(0, 2))):
            op = draw(st.sampled_from([bolt.AddOp, bolt.SubOp, bolt.MulOp]))
            channels = bolt.shape_of(value)[1]
            constant = b.constant(rng.uniform(0.5, 1.5, (1, channels, 1, 1)).astype(np.float32))
            value = b.binary(op, value, constant)
        terms.append(value)
    total = terms[0]
    for t in terms[1:]:
        total = b.binary(draw(st.sampled_from([bolt.AddOp, bolt.AddOp, bolt.SubOp])), total, t)
    y = b.unary(bolt.ReluOp, total)
    return module_of(b.finish("main", [y])), rng.standard_normal((2, c, h, h)).astype(np.float32), centred


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(branch_trees())
def test_random_branch_trees_keep_their_values(case):
    module, x, centred = case
    module.verify()
    before = boltc.interpret(module.clone(), x)[0]
    convs_before = len(convolutions(module))
    merged(module)
    after = boltc.interpret(module, x)[0]
    scale = max(float(np.abs(before).max()), 1.0)
    np.testing.assert_allclose(after, before, rtol=1e-4, atol=1e-5 * scale)
    assert len(convolutions(module)) <= convs_before
    if centred and convs_before:
        assert len(convolutions(module)) == 1


def test_the_pass_is_registered_for_boltc_opt():
    from boltc.registry import available_passes

    assert available_passes()["merge-parallel-convs"]() is MergeParallelConvsPass
