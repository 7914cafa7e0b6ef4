"""fuse-epilogue preserves values: the reference executor gives the same outputs before and
after the pass, on the test/data models (and their saved torch outputs) and on random chains
of gemm/conv with random epilogue trees; the legality analysis on its own.

In f32 the fused epilogue computes exactly what the unfused ops computed (each op rounds to
f32 either way), so the comparison holds at rtol 1e-4 with room to spare. In f16 the unfused
graph rounds every intermediate to f16 and the fused one does not: see `test_f16_chains`.

`RandomGraph`, `draw_steps` and `apply_steps` are reused by test_fuse_b2b.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from xdsl.dialects import func
from xdsl.dialects.builtin import Float16Type, Float32Type, ModuleOp, TensorType, f16, f32
from xdsl.ir import Block, Operation, Region, SSAValue

import boltc
from boltc.analysis.fusion import (
    MAX_AUX_LOADS,
    ConsumerKind,
    EpilogueCandidate,
    EvtLeaf,
    EvtLoad,
    EvtNode,
    conv2d_view,
    epilogue_fusion_blocker,
    evt_blocker,
    evt_load,
    gemm_view,
)
from boltc.dialects import bolt
from boltc.dialects.context import bolt_context
from boltc.frontends import load
from boltc.passes.fuse_epilogue import CONSUMER_KINDS, FuseEpiloguePass, best_plan, fusion_remarks

DATA = Path(__file__).resolve().parents[2] / "data"
MODELS = sorted(DATA.glob("*.mlir"))


def run_pass(module: ModuleOp, *passes) -> None:
    for p in passes:
        p.apply(bolt_context(), module)
    module.verify()


def assert_same(after: Sequence[np.ndarray], before: Sequence[np.ndarray], rtol=1e-4, atol=1e-6):
    """Same outputs, shapes and (unless compared with torch's saved f32) element types."""
    assert len(after) == len(before)
    for a, b in zip(after, before):
        assert a.shape == b.shape
        assert a.dtype == b.dtype or b.dtype == np.float32
        np.testing.assert_allclose(
            np.asarray(a, np.float64), np.asarray(b, np.float64), rtol=rtol, atol=atol
        )


def top_level_ops(module: ModuleOp) -> list[Operation]:
    (main,) = [op for op in module.body.block.ops if isinstance(op, func.FuncOp)]
    return list(main.body.block.ops)


def unfused_elementwise_on_anchors(module: ModuleOp) -> list[Operation]:
    """Elementwise ops outside any epilogue that read an anchor's result."""
    return [
        op
        for op in top_level_ops(module)
        if isinstance(op, bolt.ELEMENTWISE_OPS)
        and any(isinstance(o.owner, bolt.AnchorOp) for o in op.operands)
    ]


def assert_fixed_point(module: ModuleOp) -> None:
    """No consumer is left that the pass's own legality question would fuse."""
    for op in module.walk():
        if isinstance(op, bolt.AnchorOp):
            for use in op.result.uses:
                if isinstance(use.operation, bolt.ELEMENTWISE_OPS):
                    assert best_plan(op, use.operation).blocker() is not None, use.operation


# --------------------------------------------------------------------------------------
# The test/data models (and the op corpus): values, and where the elementwise ops went.
# --------------------------------------------------------------------------------------


def test_models_and_op_corpus_keep_their_values(torch_mlir_file: Path, read_saved_io):
    inputs, expected = read_saved_io(torch_mlir_file)
    module = load(str(torch_mlir_file))
    before = boltc.interpret(module, *inputs)
    run_pass(module, FuseEpiloguePass())
    after = boltc.interpret(module, *inputs)
    assert_same(after, before)
    f16 = "f16" in torch_mlir_file.stem  # one more f16 rounding than torch's f32 reference
    # torch-mlir's tanh-GELU constant is off by 1e-4 relative (test/data/README.md).
    tolerance = 2e-3 if f16 else 1e-4
    assert_same(after, expected, rtol=tolerance, atol=2e-3 if f16 else 1e-5)
    assert_fixed_point(module)


@pytest.mark.parametrize("model", MODELS, ids=lambda p: p.stem)
def test_models_have_no_elementwise_op_left_on_an_anchor(model: Path):
    """The acceptance list: every activation, bias and residual lives inside an epilogue."""
    module = load(str(model))
    assert unfused_elementwise_on_anchors(module), "the model should start unfused"
    run_pass(module, FuseEpiloguePass())
    assert unfused_elementwise_on_anchors(module) == []
    assert_no_broadcast_left(module, model.stem)
    # Only consumers that are not elementwise are refused: pooling windows (the CNNs), and in
    # attention_block the softmax over rows and the reshapes feeding Q K^T and P V.
    refused = {line.split("'")[1] for line in fusion_remarks(module)}
    assert refused <= REFUSED_CONSUMERS.get(model.stem, set())


# Checked to fail, then xfailed (a model that starts passing fails until its entry goes).
KNOWN_GAPS = {
    "encoder_layer": "the packed QKV projection is a batched matmul whose weight is broadcast "
                     "over the batch (torch-mlir's 3-D @ 2-D): that broadcast stays at the top level",
}


def assert_no_broadcast_left(module, model: str) -> None:
    left = any(isinstance(op, bolt.BroadcastOp) for op in top_level_ops(module))
    if model in KNOWN_GAPS:
        assert left
        pytest.xfail(KNOWN_GAPS[model])
    assert not left


REFUSED_CONSUMERS = {
    "small_cnn": {"bolt.pool2d"},
    "bn_residual_cnn": {"bolt.pool2d"},
    "attention_block": {"bolt.softmax", "bolt.reshape"},
}


PREDECESSORS = (
    "bolt-canonicalize", "fold-constants", "fold-batchnorm", "fold-constants",
    "convert-precision", "layout-nhwc", "pad-alignment",
)


@pytest.mark.parametrize("model", MODELS, ids=lambda p: p.stem)
def test_models_after_the_passes_before_it(model: Path, read_saved_io):
    """In the pipeline the pass sees what the earlier graph passes leave (in f32 here)."""
    from boltc.registry import available_passes

    passes = available_passes()
    missing = sorted({name for name in PREDECESSORS if name not in passes})
    if missing:
        pytest.skip(f"not written yet: {', '.join(missing)}")
    inputs, expected = read_saved_io(model)
    module = load(str(model))
    for name in PREDECESSORS:
        if name != "convert-precision":  # keep f32 so the comparison stays at rtol 1e-4
            passes[name]()().apply(bolt_context(), module)
    before = boltc.interpret(module, *inputs)
    run_pass(module, FuseEpiloguePass())
    assert_same(boltc.interpret(module, *inputs), before)
    assert unfused_elementwise_on_anchors(module) == []


# --------------------------------------------------------------------------------------
# Random graphs.
# --------------------------------------------------------------------------------------


@dataclass
class RandomGraph:
    """A func.func @main built op by op, with numpy values for its arguments."""

    rng: np.random.Generator
    element: Float32Type | Float16Type = f32
    block: Block = field(default_factory=Block)
    inputs: list[np.ndarray] = field(default_factory=list)
    outputs: list[SSAValue] = field(default_factory=list)
    rounding: type | None = None  # round every generated number through this dtype first

    @property
    def dtype(self) -> type:
        return np.float16 if isinstance(self.element, Float16Type) else np.float32

    def values(self, values) -> np.ndarray:
        values = np.asarray(values)
        if self.rounding is not None:
            values = values.astype(self.rounding)
        return values.astype(self.dtype)

    def input(self, shape: Sequence[int], scale: float = 1.0) -> SSAValue:
        self.inputs.append(self.values(np.clip(self.rng.standard_normal(shape), -3, 3) * scale))
        return self.block.insert_arg(TensorType(self.element, shape), len(self.block.args))

    def constant(self, values: np.ndarray) -> SSAValue:
        values = self.values(values)
        return self.add(bolt.dense_constant(TensorType(self.element, values.shape), values.tobytes()))

    def add(self, op: Operation) -> SSAValue:
        self.block.add_op(op)
        return op.results[0]

    def gemm(self, x: SSAValue, n: int, transpose_b: bool) -> SSAValue:
        *batch, m, k = bolt.shape_of(x)
        # Weights scaled by 1/sqrt(K) keep the accumulator near unit size.
        w = self.input((n, k) if transpose_b else (k, n), scale=1 / np.sqrt(k))
        result = TensorType(self.element, (*batch, m, n))
        return self.add(bolt.GemmOp(x, w, result, transpose_b=transpose_b))

    def conv(self, x: SSAValue, filters: int, kernel: int, stride: int, pad: int, nhwc: bool) -> SSAValue:
        shape = bolt.shape_of(x)
        n, h, w, c = shape if nhwc else (shape[0], shape[2], shape[3], shape[1])
        f_shape = (filters, kernel, kernel, c) if nhwc else (filters, c, kernel, kernel)
        f = self.input(f_shape, scale=1 / np.sqrt(c * kernel * kernel))
        p, q = bolt.conv2d_output_hw((h, w), (kernel, kernel), (stride, stride), (pad,) * 4, (1, 1))
        out = (n, p, q, filters) if nhwc else (n, filters, p, q)
        layout = bolt.Layout.NHWC if nhwc else bolt.Layout.NCHW
        return self.add(bolt.Conv2dOp(
            x, f, TensorType(self.element, out), layout=layout, strides=(stride, stride),
            padding=(pad,) * 4,
        ))

    def module(self) -> ModuleOp:
        self.block.add_op(func.ReturnOp(*self.outputs))
        types = ([a.type for a in self.block.args], [o.type for o in self.outputs])
        main = func.FuncOp("main", types, Region(self.block))
        module = ModuleOp([main])
        module.verify()
        return module


# The kinds of epilogue step; the first group always fuses (within the EVT's budgets).
FUSIBLE_STEPS = ("bias", "row_scale", "activation", "unary", "residual", "scale", "min_max", "select", "side")
F16_STEPS = ("bias", "activation", "residual", "scale")
ALL_STEPS = (*FUSIBLE_STEPS, "fork", "not_elementwise")
UNARY_NOT_ACTIVATION = tuple(
    op for op in bolt.UNARY_ELEMENTWISE_OPS if op not in bolt.ACTIVATION_OPS and op is not bolt.CastOp
)
BIAS_FORMS = ("keep_dims", "reshape", "broadcast", "trailing")
SCALES = (0.5, 2.0, -1.5, 0.125)


@dataclass(frozen=True)
class Step:
    """One drawn epilogue step: its kind and the choices it needs (indices into the tables
    `apply_steps` uses), so the same chain can be built twice (f16 and its f32 twin)."""

    kind: str
    choices: tuple[int, ...]


def draw_steps(draw, kinds: Sequence[str], max_steps: int = 5) -> list[Step]:
    count = draw(st.integers(0, max_steps))
    return [
        Step(draw(st.sampled_from(kinds)), tuple(draw(st.integers(0, 1000)) for _ in range(3)))
        for _ in range(count)
    ]


@dataclass
class Chain:
    """What an epilogue chain did: full-size reads (EVT aux loads), a fork, a blocker."""

    full_reads: int = 0
    forked: bool = False
    blocked: bool = False


def per_channel_shape(shape: Sequence[int], channel_axis: int) -> tuple[int, ...]:
    return tuple(s if d == channel_axis else 1 for d, s in enumerate(shape))


def pick(options: Sequence, index: int):
    return options[index % len(options)]


def apply_steps(
    g: RandomGraph, value: SSAValue, channel_axis: int, steps: Sequence[Step]
) -> tuple[SSAValue, Chain]:
    """Build the chain (a tree, with side operands) of elementwise ops on `value`."""
    shape = bolt.shape_of(value)
    channels = per_channel_shape(shape, channel_axis)
    chain = Chain()
    for step in steps:
        a, b, c = step.choices
        if step.kind == "bias":  # one value per channel, in the spellings the importer uses
            vector = g.rng.standard_normal(shape[channel_axis])
            form = pick(BIAS_FORMS, a)
            if form == "keep_dims":
                bias = g.constant(vector.reshape(channels))
            elif form == "reshape":
                bias = g.add(bolt.ReshapeOp(g.constant(vector), channels))
            elif form == "broadcast":
                dims = [d for d in range(len(shape)) if d != channel_axis]
                bias = g.add(bolt.BroadcastOp(g.constant(vector), TensorType(g.element, shape), dims))
            else:  # numpy-trailing: (C,) for a GEMM or NHWC, (C, 1, 1) for NCHW
                bias = g.constant(vector.reshape(channels[channel_axis:]))
            value = g.add(bolt.AddOp(value, bias))
        elif step.kind == "row_scale":  # one value per GEMM row, all of M (an EVT column broadcast)
            rows = tuple(1 if d == channel_axis else s for d, s in enumerate(shape))
            value = g.add(bolt.MulOp(g.input(rows), value))
        elif step.kind == "activation":
            op = pick(bolt.ACTIVATION_OPS, a)
            if op is bolt.GeluOp:
                value = g.add(bolt.GeluOp(value, pick(list(bolt.GeluApproximation), b)))
            elif op is bolt.ClampOp:
                lo = pick((-1.0, -0.5, 0.0), b)
                value = g.add(bolt.ClampOp(value, lo, lo + pick((0.5, 1.0, 6.0), c)))
            else:
                value = g.add(op(value))
        elif step.kind == "unary":
            value = g.add(pick(UNARY_NOT_ACTIVATION, a)(value))
        elif step.kind == "residual":
            chain.full_reads += 1
            residual = g.input(shape)
            operands = (value, residual) if b % 2 else (residual, value)
            value = g.add(pick((bolt.AddOp, bolt.SubOp), a)(*operands))
        elif step.kind == "scale":
            scale = g.constant(np.full(pick(((), shape), b), pick(SCALES, a)))
            value = g.add(pick((bolt.MulOp, bolt.DivOp), c)(value, scale))
        elif step.kind == "min_max":
            bound = g.constant(g.rng.standard_normal(channels))
            value = g.add(pick((bolt.MinOp, bolt.MaxOp), a)(bound, value))
        elif step.kind == "select":
            zero, quarter = g.constant(np.zeros(())), g.constant(np.full((), 0.25))
            predicate = pick(list(bolt.ComparePredicate), a)
            value = g.add(bolt.SelectOp(predicate, value, zero, value, quarter))
        elif step.kind == "side":  # a side subtree on a full-size input: pulled into the epilogue
            chain.full_reads += 1
            value = g.add(bolt.MulOp(value, g.add(bolt.SigmoidOp(g.input(shape)))))
        elif step.kind == "fork":  # the value is also a model output: a second use
            chain.forked = True
            g.outputs.append(value)
        elif step.kind == "not_elementwise":
            chain.blocked = True
            if len(shape) == 2:
                value = g.add(bolt.SoftmaxOp(value, 1))
            else:  # a max over the last dimension, broadcast back
                peak = g.add(bolt.ReduceOp(bolt.ReduceKind.MAX, value, [len(shape) - 1]))
                value = g.add(bolt.BroadcastOp(peak, TensorType(g.element, shape), [len(shape) - 1]))
        else:
            raise AssertionError(step.kind)
    return value, chain


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_random_chains_keep_their_values(data, seed):
    """Chains of gemm/conv, each with a random epilogue tree, odd sizes, residuals, forks."""
    g = RandomGraph(np.random.default_rng(seed))
    draw = data.draw
    conv = draw(st.booleans(), label="conv")
    if conv:
        nhwc = draw(st.booleans(), label="nhwc")
        n, c, h = draw(st.integers(1, 2)), draw(st.integers(1, 7)), draw(st.integers(3, 9))
        x = g.input((n, h, h, c) if nhwc else (n, c, h, h))
        channel_axis = 3 if nhwc else 1
    else:
        batch = draw(st.sampled_from(((), (2,))), label="batch")
        x = g.input((*batch, draw(st.integers(1, 37)), draw(st.integers(1, 23))))
        channel_axis = len(bolt.shape_of(x)) - 1
    all_fusible = True
    for _ in range(draw(st.integers(1, 3), label="anchors")):
        if conv:
            kernel = draw(st.sampled_from((1, 3)))
            x = g.conv(x, draw(st.integers(1, 9)), kernel, draw(st.integers(1, 2)), kernel // 2, nhwc)
        else:
            x = g.gemm(x, draw(st.integers(1, 29)), draw(st.booleans()))
        x, chain = apply_steps(g, x, channel_axis, draw_steps(draw, ALL_STEPS))
        all_fusible &= not chain.forked and not chain.blocked and chain.full_reads <= MAX_AUX_LOADS
    g.outputs.append(x)
    module = g.module()
    before = boltc.interpret(module, *g.inputs)
    run_pass(module, FuseEpiloguePass())
    assert_same(boltc.interpret(module, *g.inputs), before)
    assert_fixed_point(module)
    if all_fusible:  # every step joined an epilogue; the broadcasts and scalars went with them
        leftovers = [
            op.name for op in top_level_ops(module)
            if isinstance(op, (*bolt.ELEMENTWISE_OPS, bolt.BroadcastOp))
        ]
        assert leftovers == []


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_f16_chains(data, seed):
    """f16 anchors with f16 epilogue ops.

    Exact: the fused f16 graph computes what the same graph computes in f32 (on the same
    f16-representable inputs and constants) rounded once to f16 at the end, bit for bit: the
    fused region is f32 throughout and its store rounds once.
    Bounded, against the unfused f16 graph, which rounds each of its k intermediates to f16
    (relative 2^-11): values stay O(1) (unit-size inputs, weights scaled by 1/sqrt(K)), the
    ops' slopes are at most 1.5 and scales at most 2, so each rounding moves the output by at
    most about 4 * 2^-11 = 2e-3 of its size: rtol = atol = 2e-3 * (k + 1).
    """
    m, k, n = (data.draw(st.integers(1, 33)) for _ in range(3))
    steps = draw_steps(data.draw, F16_STEPS, max_steps=4)
    residuals = [i for i, step in enumerate(steps) if step.kind == "residual"]
    for i in residuals[MAX_AUX_LOADS:]:  # within the EVT's aux loads, so that all of it fuses
        steps[i] = Step("activation", steps[i].choices)

    def build(element) -> tuple[RandomGraph, ModuleOp]:
        g = RandomGraph(np.random.default_rng(seed), element, rounding=np.float16)
        value, _ = apply_steps(g, g.gemm(g.input((m, k)), n, transpose_b=False), 1, steps)
        if element == f32:
            value = g.add(bolt.CastOp(value, TensorType(f16, bolt.shape_of(value))))
        g.outputs.append(value)
        return g, g.module()

    g16, module = build(f16)
    g32, twin = build(f32)
    before = boltc.interpret(module, *g16.inputs)
    run_pass(module, FuseEpiloguePass())
    assert not [op for op in top_level_ops(module) if isinstance(op, bolt.ELEMENTWISE_OPS)]
    after = boltc.interpret(module, *g16.inputs)
    np.testing.assert_array_equal(after[0], boltc.interpret(twin, *g32.inputs)[0])
    bound = 2e-3 * (len(steps) + 1)
    assert_same(after, before, rtol=bound, atol=bound)


# --------------------------------------------------------------------------------------
# The legality analysis on its own.
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "shape,load",
    [
        ((), EvtLoad.SCALAR),
        ((1, 1), EvtLoad.SCALAR),
        ((16,), EvtLoad.ROW),  # a bias: one value per column N
        ((1, 16), EvtLoad.ROW),
        ((64, 1), EvtLoad.COLUMN),  # one value per row M
        ((64, 16), EvtLoad.AUX),
    ],
)
def test_evt_load_of_a_gemm_operand(shape, load):
    assert evt_load(gemm_view((64, 16)), shape) == load


def test_evt_load_of_conv_operands():
    nchw, nhwc = conv2d_view((2, 13, 8, 8), nhwc=False), conv2d_view((2, 8, 8, 13), nhwc=True)
    assert evt_load(nchw, (1, 13, 1, 1)) == EvtLoad.ROW
    assert evt_load(nchw, (13, 1, 1)) == EvtLoad.ROW
    assert evt_load(nhwc, (13,)) == EvtLoad.ROW
    assert evt_load(nchw, (2, 1, 8, 8)) == EvtLoad.COLUMN  # all of M = N*P*Q
    assert evt_load(nchw, (2, 13, 8, 8)) == EvtLoad.AUX
    assert "part of the output's M mode" in evt_load(nchw, (1, 1, 8, 1))
    assert "part of the output's M mode" in evt_load(nhwc, (2, 1, 1, 13))
    assert "does not broadcast" in evt_load(nchw, (1, 3, 1, 1))


def test_epilogue_fusion_blocker_reasons():
    view = gemm_view((8, 4))
    acc = EvtLeaf((8, 4), accumulator=True)

    def candidate(uses=1, kind=ConsumerKind.ELEMENTWISE, output=(8, 4), tree=None):
        tree = tree or EvtNode("bolt.ew.relu", (acc,))
        return EpilogueCandidate("gemm", view, uses, kind, output, tree)

    assert epilogue_fusion_blocker(candidate()) is None
    assert epilogue_fusion_blocker(candidate(uses=2)).startswith("the gemm result has 2 uses")
    wider = epilogue_fusion_blocker(candidate(output=(2, 8, 4)))
    assert "broadcasts the gemm result from 8x4 to 2x8x4" in wider
    for kind in set(ConsumerKind) - {ConsumerKind.ELEMENTWISE}:
        assert epilogue_fusion_blocker(candidate(kind=kind))
    residual = EvtLeaf((8, 4))
    three: EvtNode | EvtLeaf = acc
    for _ in range(3):
        three = EvtNode("bolt.ew.add", (three, residual))
    assert "3 full-size operands" in epilogue_fusion_blocker(candidate(tree=three))
    twice = EvtNode("bolt.ew.mul", (acc, acc))
    assert "accumulator 2 times" in evt_blocker(view, twice)
    deep: EvtNode | EvtLeaf = acc
    for _ in range(17):
        deep = EvtNode("bolt.ew.neg", (deep,))
    assert "17 compute nodes" in evt_blocker(view, deep)


def test_every_elementwise_op_is_a_candidate():
    assert all(CONSUMER_KINDS[op] == ConsumerKind.ELEMENTWISE for op in bolt.ELEMENTWISE_OPS)


def test_half_exports_keep_their_values(half_export: Path, read_saved_io):
    """Fused, an f16/bf16 export's epilogue computes in f32 where the export rounded an
    intermediate to its half type (a truncf before an extf): within that rounding of the
    unfused values, and near the f32 model's outputs."""
    from half_helpers import assert_near_f32_reference, half_type

    inputs, expected = read_saved_io(half_export)
    module = load(str(half_export))
    before = boltc.interpret(module, *inputs)
    run_pass(module, FuseEpiloguePass())
    after = boltc.interpret(module, *inputs)
    ulp = 2.0**-7 if half_type(half_export) == "bf16" else 2.0**-10
    for a, b in zip(after, before):
        assert a.shape == b.shape and a.dtype == b.dtype
        # a few roundings (one per fused half intermediate) of the output's scale
        assert float(np.max(np.abs(np.asarray(a, np.float64) - b))) <= 4 * ulp * float(np.max(np.abs(b)))
    assert_near_f32_reference(after, expected)
    assert_fixed_point(module)


def test_half_models_have_no_elementwise_op_left_on_an_anchor(half_model: Path):
    """The acceptance list on the half exports: the truncf after an f32-result anchor, the f32
    bias add, the batch-norm and the activation all end up in the epilogue."""
    module = load(str(half_model))
    assert unfused_elementwise_on_anchors(module), "the model should start unfused"
    run_pass(module, FuseEpiloguePass())
    assert unfused_elementwise_on_anchors(module) == []
    name = half_model.stem.rsplit("_", 1)[0]
    assert_no_broadcast_left(module, name)
    refused = {line.split("'")[1] for line in fusion_remarks(module)}
    assert refused <= REFUSED_CONSUMERS.get(name, set())


# --------------------------------------------------------------------------------------
# Through the reshape that expands a Linear's result (test/lit/fuse-epilogue/through-reshape).
# --------------------------------------------------------------------------------------

THROUGH_RESHAPE = Path(__file__).resolve().parents[2] / "lit" / "fuse-epilogue" / "through-reshape.mlir"
# Which of the lit file's functions fuse everything; the others keep their op outside.
FUSES_ALL = {"linear_bias_gelu": True, "head_bias_residual": True,
             "position_bias_refused": False, "broadcast_inside_block_refused": False,
             "gemm_plus_conv_shortcut": True, "residual_from_shared_conv": True,
             "two_reshaped_gemms": True}


@pytest.mark.parametrize("chunk", range(len(FUSES_ALL)))
def test_through_reshape_keeps_values(chunk: int):
    text = THROUGH_RESHAPE.read_text().split("// -----")[chunk]
    module = load(text)
    (fn,) = [op for op in module.ops if isinstance(op, func.FuncOp)]
    rng = np.random.default_rng(chunk)
    inputs = [rng.standard_normal(t.get_shape()).astype(np.float32) for t in fn.function_type.inputs.data]
    before = boltc.interpret(module, *inputs)
    run_pass(module, FuseEpiloguePass())
    assert_same(boltc.interpret(module, *inputs), before)
    outside = [op.name for op in top_level_ops(module) if isinstance(op, bolt.ELEMENTWISE_OPS)]
    assert (outside == []) == FUSES_ALL[fn.sym_name.data], outside
