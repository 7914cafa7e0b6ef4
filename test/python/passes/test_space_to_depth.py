"""space-to-depth: the rule (analysis/space_to_depth.py) on numbers, and the reference
executor's values before and after the pass on random strided convolutions (hypothesis over
odd sizes, paddings 0..3 and windows 1..7), on the lit file's functions, and through the whole
pipeline on test/data's residual block."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import ModuleOp

import boltc
from boltc.analysis.space_to_depth import column_taps, fold_blocker, fold_geometry
from boltc.dialects import bolt
from boltc.dialects.bolt import conv2d_output_hw
from boltc.dialects.context import bolt_context
from boltc.frontends import load
from boltc.frontends.source import parse_mlir_text
from boltc.passes.pipeline import run_pipeline
from boltc.passes.space_to_depth import SpaceToDepthPass, column_folded_filter, folded_filter

ROOT = Path(__file__).resolve().parents[2]
LIT = ROOT / "lit" / "space-to-depth"
DATA = ROOT / "data"


def _convs(module: ModuleOp) -> list[bolt.Conv2dOp]:
    return [op for op in module.walk() if isinstance(op, bolt.Conv2dOp)]


# ---- the rule --------------------------------------------------------------------------------


@pytest.mark.parametrize("c, r, s, strides, dilations, groups, blocked", [
    (3, 7, 7, (2, 2), (1, 1), 1, None),  # ResNet: K 392 -> 256
    (3, 3, 3, (2, 2), (1, 1), 1, None),  # RepVGG, MobileNetV2: K 72 -> 64
    (4, 3, 3, (2, 2), (1, 1), 1, None),
    (3, 1, 1, (2, 2), (1, 1), 1, "would not shrink"),  # K 8 -> 16
    (64, 3, 3, (2, 2), (1, 1), 1, "not starved"),
    (3, 3, 3, (1, 1), (1, 1), 1, "stride 1"),
    (3, 3, 3, (2, 1), (1, 1), 1, "unequal strides"),
    (3, 3, 3, (2, 2), (2, 2), 1, "dilations"),
    (4, 3, 3, (2, 2), (1, 1), 2, "groups"),
    (1, 7, 7, (3, 3), (1, 1), 1, "would not shrink"),  # one channel: K 49 (unpadded) -> 9 * 16
])
def test_fold_blocker(c, r, s, strides, dilations, groups, blocked):
    reason = fold_blocker(c, r, s, strides, dilations, groups, element_bytes=2)
    assert (reason is None) if blocked is None else (blocked in reason)


@settings(max_examples=300, deadline=None)
@given(h=st.integers(1, 40), r=st.integers(1, 7), stride=st.integers(2, 4), top=st.integers(0, 3),
       bottom=st.integers(0, 3))
def test_fold_geometry_gives_the_original_output(h, r, stride, top, bottom):
    """The padded, folded input under a ceil(R/s) window has exactly the original's rows, and
    every row the original reads is kept."""
    if h + top + bottom < r:
        return  # no output at all: the convolution does not verify
    p, _ = conv2d_output_hw((h, h), (r, r), (stride, stride), (top, top, bottom, bottom), (1, 1))
    fold = fold_geometry(3, (h, h), (r, r), stride, (top, top, bottom, bottom), (p, p))
    if isinstance(fold, str):
        assert (p - 1) * stride + r <= top  # only padding is read
        return
    kept, (low, _, high, _) = fold.kept_hw[0], fold.pad
    assert (kept + low + high) == fold.folded_hw[0] * stride
    assert fold.folded_hw[0] - fold.window[0] + 1 == p
    assert kept == h or (p - 1) * stride + r <= top + kept  # rows cut off are never read


def test_folded_filter_places_each_tap():
    w = np.arange(2 * 3 * 3 * 2, dtype=np.float32).reshape(2, 3, 3, 2)
    folded = folded_filter(w, 2)
    assert folded.shape == (2, 2, 2, 8)
    # tap (r, t) = (a*2 + i, b*2 + j) goes to window (a, b), channel (i*2 + j)*C + c
    for r in range(3):
        for t in range(3):
            a, i, b, j = r // 2, r % 2, t // 2, t % 2
            np.testing.assert_array_equal(folded[:, a, b, (i * 2 + j) * 2:(i * 2 + j) * 2 + 2], w[:, r, t, :])
    assert np.count_nonzero(folded) == np.count_nonzero(w)  # the rest is the zero padding


@pytest.mark.parametrize("channels, window_w, element_bytes, taps", [
    (12, 4, 2, 2),  # ResNet's 7x7/2 on RGB: 4x4 on 12 (padded 16) -> 4x2 on 24
    (12, 2, 2, 2),  # MobileNetV2's and RepVGG's 3x3/2: 2x2 -> 2x1
    (16, 4, 2, 2),  # RGBA: 16 + 16 fill the tile exactly
    (12, 3, 2, 1),  # an odd window (5x5/2) has no pairs
    (12, 1, 2, 1),  # nothing to pair
    (24, 4, 2, 1),  # 2 x 24 is past the 32-wide K tile
    (9, 2, 4, 2),  # f32: 9 pads to 12, 24 <= 32
])
def test_column_taps(channels, window_w, element_bytes, taps):
    assert column_taps(channels, window_w, element_bytes) == taps


def test_column_folded_filter_moves_tap_pairs_into_channels():
    w = np.arange(3 * 2 * 4 * 5, dtype=np.float32).reshape(3, 2, 4, 5)
    folded = column_folded_filter(w, 2)
    assert folded.shape == (3, 2, 2, 10)
    for a in range(2):
        for t in range(2):
            for b in range(2):  # tap (a, t + 2b) -> window (a, t), channels [5b, 5b + 5)
                np.testing.assert_array_equal(folded[:, a, t, 5 * b:5 * b + 5], w[:, a, t + 2 * b, :])


# ---- values -------------------------------------------------------------------------------------


def _dense(array: np.ndarray) -> str:
    return "dense<" + np.array2string(array, separator=", ", threshold=1 << 30,
                                      formatter={"float": lambda v: f"{v:.6e}"}).replace("\n", "") + ">"


def conv_module(n, h, w, c, f, r, s, stride, padding, dtype, weights: np.ndarray, bias_relu: bool) -> str:
    p, q = conv2d_output_hw((h, w), (r, s), stride, padding, (1, 1))
    t = "f16" if dtype == np.float16 else "f32"
    x, y = f"tensor<{n}x{h}x{w}x{c}x{t}>", f"tensor<{n}x{p}x{q}x{f}x{t}>"
    acc, b = f"tensor<{n}x{p}x{q}x{f}xf32>", f"tensor<1x1x1x{f}x{t}>"
    extras = f" extras(%b : {b})" if bias_relu else ""
    args = f"%x: {x}" + (f", %b: {b}" if bias_relu else "")
    if bias_relu:
        body = (f"  ^bb0(%acc: {acc}, %bias: {b}):\n"
                f"    %bf = bolt.ew.cast %bias : {b} -> tensor<1x1x1x{f}xf32>\n"
                f"    %sum = bolt.ew.add %acc, %bf : {acc}, tensor<1x1x1x{f}xf32> -> {acc}\n"
                f"    %out = bolt.ew.relu %sum : {acc} -> {acc}\n    bolt.yield %out : {acc}\n")
    else:
        body = f"  ^bb0(%acc: {acc}):\n    bolt.yield %acc : {acc}\n"
    return (f"func.func @main({args}) -> {y} {{\n"
            f"  %w = bolt.constant {_dense(weights)} : tensor<{f}x{r}x{s}x{c}x{t}>\n"
            f"  %y = bolt.conv2d nhwc %x, %w{extras} strides [{stride[0]}, {stride[1]}] padding "
            f"[{', '.join(map(str, padding))}] dilations [1, 1] groups 1 : {x}, tensor<{f}x{r}x{s}x{c}x{t}> -> {y} {{\n"
            f"{body}  }}\n  func.return %y : {y}\n}}\n")


@settings(max_examples=100, deadline=None)  # parsing and the executor dominate; shapes are under test
@given(n=st.integers(1, 2), h=st.integers(1, 17), w=st.integers(1, 17), c=st.integers(1, 4),
       f=st.integers(1, 5), r=st.integers(1, 7), s=st.integers(1, 7),
       padding=st.tuples(*[st.integers(0, 3)] * 4), stride=st.sampled_from([2, 2, 2, 3]),
       bias_relu=st.booleans(), half=st.booleans(), seed=st.integers(0, 2**32 - 1))
# Found by CI: a window that reads only padding is not folded (the rule alone would fold it).
@example(n=1, h=1, w=1, c=3, f=1, r=2, s=2, padding=(2, 0, 0, 1), stride=2, bias_relu=False, half=False, seed=0)
def test_space_to_depth_preserves_values(n, h, w, c, f, r, s, padding, stride, bias_relu, half, seed):
    top, left, bottom, right = padding
    if h + top + bottom < r or w + left + right < s:
        return  # no output: not a valid convolution
    rng = np.random.default_rng(seed)
    dtype = np.float16 if half else np.float32
    weights = rng.standard_normal((f, r, s, c)).astype(dtype)
    module = parse_mlir_text(conv_module(n, h, w, c, f, r, s, (stride, stride), padding, dtype,
                                         weights, bias_relu))
    inputs = [rng.standard_normal((n, h, w, c)).astype(dtype)]
    if bias_relu:
        inputs.append(rng.standard_normal((1, 1, 1, f)).astype(dtype))
    before = boltc.interpret(module, *inputs)
    SpaceToDepthPass().apply(bolt_context(), module)
    module.verify()
    (conv,) = _convs(module)
    p_out = (h + top + bottom - r) // stride + 1
    q_out = (w + left + right - s) // stride + 1
    geometry = fold_geometry(c, (h, w), (r, s), stride, padding, (p_out, q_out))
    # Folded exactly where the rule allows it and the window ever reads the image (a conv that
    # reads only its padding is left as it is, with a remark).
    folded = fold_blocker(c, r, s, (stride, stride), (1, 1), 1, 2 if half else 4) is None and not isinstance(geometry, str)
    assert (tuple(bolt.int_list(conv.strides)) == (1, 1)) == folded
    if folded:
        assert not isinstance(geometry, str)
        taps = column_taps(geometry.channels, geometry.window[1], 2 if half else 4)
        assert bolt.shape_of(conv.input)[-1] == taps * geometry.channels
        assert bolt.shape_of(conv.filter)[1:3] == (geometry.window[0], geometry.window[1] // taps)
        event(f"column taps={taps}")
    event(f"folded={folded}")
    # The same products over more (zero) terms, summed in fp32 in another order: fp32 rounding,
    # then (f16) one rounding of the result, which may land one fp16 ulp apart.
    (got,), (want,) = boltc.interpret(module, *inputs), before
    tol = 2e-3 if half else 1e-5
    np.testing.assert_allclose(np.float32(got), np.float32(want), rtol=tol, atol=tol)


@pytest.mark.parametrize("stride, r, padding, h", [(3, 7, (3, 3, 3, 3), 17), (3, 5, (0, 1, 2, 0), 14), (4, 7, (1, 1, 1, 1), 19)])
def test_the_rewrite_holds_for_any_block(monkeypatch, stride, r, padding, h):
    """The cost rule never folds s >= 3 (one channel, K grows), but the rewrite is written for
    any s: forced past the rule, it keeps the values."""
    import boltc.passes.space_to_depth as pass_module

    monkeypatch.setattr(pass_module, "fold_blocker", lambda *args, **kwargs: None)
    rng = np.random.default_rng(stride * r)
    weights = rng.standard_normal((3, r, r, 1)).astype(np.float32)
    module = parse_mlir_text(conv_module(2, h, h - 1, 1, 3, r, r, (stride, stride), padding, np.float32, weights, True))
    inputs = [rng.standard_normal((2, h, h - 1, 1)).astype(np.float32), rng.standard_normal((1, 1, 1, 3)).astype(np.float32)]
    before = boltc.interpret(module, *inputs)
    SpaceToDepthPass().apply(bolt_context(), module)
    module.verify()
    (conv,) = _convs(module)
    taps = column_taps(stride * stride, -(-r // stride), 4)
    assert bolt.int_list(conv.strides) == (1, 1) and bolt.shape_of(conv.input)[-1] == taps * stride * stride
    np.testing.assert_allclose(boltc.interpret(module, *inputs), before, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("chunk", [0, 1, 2])
def test_lit_stems_keep_their_values(chunk):
    module = load((LIT / "stems.mlir").read_text().split("// -----")[chunk])
    rng = np.random.default_rng(chunk)
    (fn,) = [op for op in module.ops if hasattr(op, "function_type")]
    inputs = [rng.standard_normal(t.get_shape()).astype(np.float16) for t in fn.function_type.inputs.data]
    before = boltc.interpret(module, *inputs)
    SpaceToDepthPass().apply(bolt_context(), module)
    module.verify()
    assert all(bolt.int_list(conv.strides) == (1, 1) for conv in _convs(module))
    # fp32 accumulation of the same fp16 products in another order, rounded once to fp16.
    np.testing.assert_allclose(np.float32(boltc.interpret(module, *inputs)), np.float32(before),
                               rtol=2e-3, atol=2e-2)


def test_the_pipeline_folds_the_residual_blocks_stem():
    """test/data's residual block in f16: its 3x3/2 convolution on the 3-channel image is folded
    (2x2 on 12 channels, its pairs of columns into 24: a 2x1 window), the 1x1/2 shortcut is not; the values
    are the f16 pipeline's without the pass, to fp16 rounding. (In f32, C = 3 pads to 4 and
    the 3x3/2 is refused: K 36 against 4 * 12 = 48.)"""
    from boltc.passes import pipeline

    data = np.load(DATA / "resnet_block.npz")
    inputs = [data["input0"]]
    plain = load(str(DATA / "resnet_block.mlir"))
    for p in pipeline.pipeline_passes("f16"):
        if p.name != "space-to-depth":
            p.apply(bolt_context(), plain)
    want = boltc.interpret(plain, *inputs)
    module = load(str(DATA / "resnet_block.mlir"))
    run_pipeline(module, precision="f16", arch="sm_90a")
    strided = [c for c in _convs(module) if bolt.int_list(c.strides) != (1, 1)]
    assert [bolt.shape_of(c.filter)[1:3] for c in strided] == [(1, 1)]  # only the shortcut
    folded = [c for c in _convs(module) if bolt.shape_of(c.filter)[1:3] == (2, 1)]
    assert len(folded) == 1 and bolt.shape_of(folded[0].input)[-1] == 24
    for got, expected in zip(boltc.interpret(module, *inputs), want):
        # The same fp16 products in another order of fp32 sums, then fp16 stores: a few ulps.
        scale = float(np.max(np.abs(expected)))
        assert float(np.max(np.abs(got - expected))) <= 4e-3 * scale
