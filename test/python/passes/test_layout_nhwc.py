"""layout-nhwc against the reference executor: on the test/data models (the acceptance: every
conv2d and pool2d NHWC, at most one transpose where the input enters and one where the output
leaves, the saved torch outputs reproduced) and on random convolutional graphs (hypothesis)
where every transpose left must sit at an edge: reading an argument, or feeding only ops that
read the layout (the return, softmax, a reshape that mixes dimensions, a GEMM).

The pass only moves data. The reference computes a convolution with the same sums in either
layout, but numpy may add them in another order when the input's strides differ, so a result
that cancels to near zero can move by a few 2^-24 of its terms: fp32's rtol 1e-4, plus an atol
of 1e-5 of the output's range for those (seen: 6e-7 on a result of 5e-3 from terms of ~1).
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects import func
from xdsl.dialects.builtin import FunctionType, ModuleOp, TensorType, f16, f32
from xdsl.ir import Block, Region, SSAValue
from xdsl.printer import Printer

import boltc
from boltc.dialects import bolt
from boltc.dialects.context import bolt_context
from boltc.frontends import load
from boltc.passes.convert_precision import ConvertPrecisionPass
from boltc.passes.layout_nhwc import (
    LAYOUT_AGNOSTIC_OPS,
    LayoutNhwcPass,
    compose,
    inverse,
    is_identity,
    moves_only_unit_dims,
)

DATA = Path(__file__).resolve().parents[2] / "data"
MODELS = sorted(DATA.glob("*.mlir")) + sorted((DATA / "ops").glob("*.mlir"))


def _text(module: ModuleOp) -> str:
    out = io.StringIO()
    Printer(stream=out).print_op(module)
    return out.getvalue()


def _assert_fp32_close(got: np.ndarray, want: np.ndarray) -> None:
    assert got.dtype == want.dtype
    scale = float(np.abs(want).max()) if want.size else 0.0
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5 * scale)


def _nhwc(module: ModuleOp) -> None:
    LayoutNhwcPass().apply(bolt_context(), module)
    module.verify()


def _windowed_layouts(module: ModuleOp) -> list[str]:
    return [op.layout.data.value for op in module.walk() if isinstance(op, (bolt.Conv2dOp, bolt.Pool2dOp))]


def _reads_argument(value: SSAValue, fn: func.FuncOp) -> bool:
    """An argument, or an argument through casts (convert-precision's entry cast)."""
    while isinstance(value.owner, bolt.CastOp):
        value = value.owner.input
    return value in fn.body.block.args


def _feeds_return(value: SSAValue) -> bool:
    """Only the return reads it, directly or through casts (convert-precision's exit cast)."""
    users = [u.operation for u in value.uses]
    return bool(users) and all(
        isinstance(u, func.ReturnOp) or (isinstance(u, bolt.CastOp) and _feeds_return(u.output))
        for u in users
    )


def _transposes_at_edges(module: ModuleOp) -> tuple[int, int]:
    """(transposes reading an argument, transposes feeding the return); fails on any other."""
    entering = leaving = 0
    for fn in module.ops:
        assert isinstance(fn, func.FuncOp)
        for op in fn.body.block.ops:
            if not isinstance(op, bolt.TransposeOp):
                continue
            users = [u.operation for u in op.result.uses]
            if _reads_argument(op.input, fn):
                entering += 1
            elif _feeds_return(op.result):
                leaving += 1
            else:
                raise AssertionError(f"a transpose in the middle of the model, feeding {[u.name for u in users]}")
    return entering, leaving


def _transposes_in_front_of_layout_readers(module: ModuleOp) -> None:
    """Every transpose left reads an argument or feeds only ops that read the layout."""
    for fn in module.ops:
        for op in fn.body.block.ops:
            if isinstance(op, bolt.TransposeOp) and not _reads_argument(op.input, fn):
                users = [u.operation for u in op.result.uses]
                assert not any(isinstance(u, LAYOUT_AGNOSTIC_OPS) for u in users), [u.name for u in users]


@pytest.mark.parametrize("name, leaving", [("resnet_block", 1), ("small_cnn", 0)])
@pytest.mark.parametrize("precision", [None, "f16"])
def test_acceptance_models_nhwc_with_transposes_only_at_the_edges(name, leaving, precision, read_saved_io):
    path = DATA / f"{name}.mlir"
    inputs, torch_outputs = read_saved_io(path)
    module = load(str(path))
    before = boltc.interpret(module, *inputs)
    if precision:  # the pipeline's order: convert-precision, then layout-nhwc
        ConvertPrecisionPass(dtype=precision).apply(bolt_context(), module)
        before = boltc.interpret(module, *inputs)
    _nhwc(module)
    layouts = _windowed_layouts(module)
    assert layouts and set(layouts) == {"nhwc"}
    # One transpose where the NCHW input enters (shared by every conv that reads it), one where
    # the NCHW output leaves; small_cnn's 2x1x1x12 global pool flattens as a reshape instead.
    assert _transposes_at_edges(module) == (1, leaving)
    for fn in module.ops:
        convs = [o for o in fn.walk() if isinstance(o, bolt.Conv2dOp)]
        assert not any(isinstance(conv.filter.owner, bolt.TransposeOp) for conv in convs)
    after = boltc.interpret(module, *inputs)
    for got, want in zip(after, before):
        _assert_fp32_close(got, want)
    if precision is None:  # the importer's bound against torch (test_import.py)
        for got, want in zip(after, torch_outputs):
            np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_models_keep_their_values(path: Path, read_saved_io):
    inputs, _ = read_saved_io(path)
    module = load(str(path))
    before = boltc.interpret(module, *inputs)
    _nhwc(module)
    assert set(_windowed_layouts(module)) <= {"nhwc"}
    _transposes_in_front_of_layout_readers(module)
    for got, want in zip(boltc.interpret(module, *inputs), before):
        _assert_fp32_close(got, want)
    once = _text(module)
    _nhwc(module)
    assert _text(module) == once, "a second run changed the IR"


@given(st.lists(st.integers(1, 3), min_size=1, max_size=5).flatmap(
    lambda shape: st.tuples(st.just(tuple(shape)), st.permutations(range(len(shape))))))
def test_permutation_algebra(shape_perm):
    shape, perm = shape_perm
    x = np.arange(int(np.prod(shape))).reshape(shape)
    assert is_identity(compose(perm, inverse(perm)))
    np.testing.assert_array_equal(x.transpose(perm).transpose(inverse(perm)), x)
    outer = tuple(reversed(range(len(shape))))
    np.testing.assert_array_equal(x.transpose(perm).transpose(outer), x.transpose(compose(perm, outer)))
    # A transpose that keeps the order of the dimensions larger than 1 moves no element.
    if moves_only_unit_dims(shape, perm):
        np.testing.assert_array_equal(x.transpose(perm).reshape(-1), x.reshape(-1))


# --------------------------------------------------------------------------------------
# Random convolutional graphs: convs (odd channels, strides, padding, dilation, depthwise),
# pools, per-channel biases (reshaped constants and broadcasts), activations, scales, casts,
# residuals, channel and spatial pads, strided slices, channel concats, and a tail that either
# leaves NCHW, flattens a global pool into a linear head, or reads the layout.
# --------------------------------------------------------------------------------------


class Builder:
    def __init__(self, input_shape, rng: np.random.Generator):
        self.block = Block(arg_types=[TensorType(f32, input_shape)])
        self.rng = rng

    def emit(self, op) -> SSAValue:
        self.block.add_op(op)
        return op.results[0]

    def constant(self, values) -> SSAValue:
        values = np.asarray(values, np.float32)
        return self.emit(bolt.dense_constant(TensorType(f32, values.shape), values.tobytes()))

    def finish(self, outputs) -> ModuleOp:
        self.block.add_op(func.ReturnOp(*outputs))
        signature = FunctionType.from_lists([a.type for a in self.block.args], [o.type for o in outputs])
        return ModuleOp([func.FuncOp("main", signature, Region(self.block))])


def _conv(b: Builder, x: SSAValue, f: int, k: int, stride: int, pad: int, dilation: int, depthwise: bool):
    n, c, h, w = bolt.shape_of(x)
    groups = c if depthwise else 1
    f = c * max(1, f // c) if depthwise else f
    p, q = bolt.conv2d_output_hw((h, w), (k, k), (stride,) * 2, (pad, pad + 1, pad, 0), (dilation,) * 2)
    if p <= 0 or q <= 0:
        return x
    weights = b.constant(b.rng.standard_normal((f, c // groups, k, k)))
    return b.emit(bolt.Conv2dOp(x, weights, TensorType(f32, (n, f, p, q)), strides=(stride,) * 2,
                                padding=(pad, pad + 1, pad, 0), dilations=(dilation,) * 2, groups=groups))


def _pool(b: Builder, x: SSAValue, kind: str, window: int):
    n, c, h, w = bolt.shape_of(x)
    if window > h or window > w:
        return x
    p, q = bolt.conv2d_output_hw((h, w), (window, window), (window, window), (0,) * 4, (1, 1))
    return b.emit(bolt.Pool2dOp(bolt.PoolKind(kind), x, TensorType(f32, (n, c, p, q)),
                                layout=bolt.Layout.NCHW, window=(window, window), strides=(window, window)))


def _step(b: Builder, x: SSAValue, step, earlier: list[SSAValue]) -> SSAValue:
    kind, *params = step
    n, c, h, w = bolt.shape_of(x)
    if kind == "conv":
        return _conv(b, x, *params)
    if kind == "pool":
        return _pool(b, x, *params)
    if kind == "bias":  # per channel: a reshaped 1-D constant, or torch-mlir's broadcast
        bias = b.constant(b.rng.standard_normal(c))
        if params[0]:
            return b.emit(bolt.AddOp(x, b.emit(bolt.BroadcastOp(bias, TensorType(f32, (n, c, h, w)), [0, 2, 3]))))
        return b.emit(bolt.AddOp(x, b.emit(bolt.ReshapeOp(bias, (1, c, 1, 1)))))
    if kind == "per_channel_3d":  # numpy aligns a C x 1 x 1 operand with the last three dims
        return b.emit(bolt.MulOp(x, b.constant(b.rng.standard_normal((c, 1, 1)))))
    if kind == "act":
        return b.emit([bolt.ReluOp, bolt.SigmoidOp, lambda v: bolt.ClampOp(v, -1.0, 1.0)][params[0]](x))
    if kind == "scale":
        return b.emit(bolt.MulOp(x, b.constant(np.float32(params[0]))))
    if kind == "cast":  # f32 -> f16 -> f32: two casts the transposes pass through
        half = b.emit(bolt.CastOp(x, TensorType(f16, (n, c, h, w))))
        return b.emit(bolt.CastOp(half, TensorType(f32, (n, c, h, w))))
    if kind == "pad":
        low, high = (0, params[0], params[1], 0), (0, params[1], 0, params[0])
        return b.emit(bolt.PadOp(x, low, high, float(params[2])))
    if kind == "slice":
        if h < 2 or w < 2:
            return x
        sizes = (n, c, (h - 1 + params[0] - 1) // params[0], w - 1)
        return b.emit(bolt.SliceOp(x, (0, 0, 1, 0), sizes, (1, 1, params[0], 1)))
    others = [v for v in earlier if v is not x and bolt.shape_of(v)[2:] == (h, w) and bolt.shape_of(v)[0] == n]
    if kind == "residual":
        same = [v for v in others if bolt.shape_of(v) == (n, c, h, w)]
        return b.emit(bolt.AddOp(x, same[params[0] % len(same)])) if same else x
    if kind == "concat":
        return b.emit(bolt.ConcatOp([x, others[params[0] % len(others)]], 1)) if others else x
    raise AssertionError(kind)


def _tail(b: Builder, x: SSAValue, tail: str) -> list[SSAValue]:
    n, c, h, w = bolt.shape_of(x)
    if tail == "linear_head":  # global average pool, flatten, linear: small_cnn's head
        pooled = _pool(b, x, "avg", 1) if (h, w) == (1, 1) else b.emit(bolt.Pool2dOp(
            bolt.PoolKind.AVG, x, TensorType(f32, (n, c, 1, 1)), layout=bolt.Layout.NCHW,
            window=(h, w), strides=(1, 1)))
        flat = b.emit(bolt.ReshapeOp(pooled, (n, c)))
        weights = b.constant(b.rng.standard_normal((c, 3)))
        return [b.emit(bolt.GemmOp(flat, weights, TensorType(f32, (n, 3))))]
    if tail == "softmax_channels":
        return [b.emit(bolt.SoftmaxOp(x, 1))]
    if tail == "flatten":
        return [b.emit(bolt.ReshapeOp(x, (n, c * h * w)))]
    if tail == "mean_hw":
        return [b.emit(bolt.ReduceOp(bolt.ReduceKind.MEAN, x, [2, 3]))]
    if tail == "two_outputs":
        return [x, b.emit(bolt.ReluOp(x))]
    return [x]


convs = st.tuples(st.just("conv"), st.integers(1, 9), st.sampled_from([1, 3]), st.integers(1, 2),
                  st.integers(0, 1), st.integers(1, 2), st.booleans())
steps = st.one_of(
    convs,
    st.tuples(st.just("pool"), st.sampled_from(["max", "avg"]), st.integers(1, 2)),
    st.tuples(st.just("bias"), st.booleans()),
    st.tuples(st.just("per_channel_3d")),
    st.tuples(st.just("act"), st.integers(0, 2)),
    st.tuples(st.just("scale"), st.floats(-2, 2, width=32)),
    st.tuples(st.just("cast")),
    st.tuples(st.just("pad"), st.integers(0, 2), st.integers(0, 1), st.sampled_from([0.0, -1.5])),
    st.tuples(st.just("slice"), st.integers(1, 2)),
    st.tuples(st.just("residual"), st.integers(0, 3)),
    st.tuples(st.just("concat"), st.integers(0, 3)),
)
AGNOSTIC_TAILS = ["nchw_output", "linear_head", "two_outputs"]
LAYOUT_READING_TAILS = ["softmax_channels", "flatten", "mean_hw"]


@settings(max_examples=25, deadline=None)
@given(
    shape=st.tuples(st.integers(1, 2), st.integers(1, 6), st.integers(3, 9), st.integers(3, 9)),
    first=convs,
    body=st.lists(steps, max_size=6),
    tail=st.sampled_from(AGNOSTIC_TAILS + LAYOUT_READING_TAILS),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_conv_graphs(shape, first, body, tail, seed):
    rng = np.random.default_rng(seed)
    b = Builder(shape, rng)
    f, k, stride, pad, _, depthwise = first[1:]
    x = _conv(b, b.block.args[0], f, k, stride, pad, 1, depthwise)  # fits any input >= 3x3
    assert x is not b.block.args[0]
    earlier = [x]
    for step in body:
        x = _step(b, x, step, earlier)
        earlier.append(x)
    module = b.finish(_tail(b, x, tail))
    module.verify()
    inputs = [rng.standard_normal(shape).astype(np.float32)]
    before = boltc.interpret(module, *inputs)
    _nhwc(module)
    assert set(_windowed_layouts(module)) <= {"nhwc"}
    _transposes_in_front_of_layout_readers(module)
    if tail in AGNOSTIC_TAILS:  # nothing reads the layout: transposes only at the two edges
        entering, leaving = _transposes_at_edges(module)
        assert entering <= 1 and leaving <= len(before)
    for got, want in zip(boltc.interpret(module, *inputs), before):
        _assert_fp32_close(got, want)
    once = _text(module)
    _nhwc(module)
    assert _text(module) == once


def test_half_exports_keep_their_values(half_export: Path, read_saved_io):
    """The f16/bf16 exports (convolutions and pools of half tensors into f32 results, casts
    between them) go NHWC and compute the same: layout moves elements, it does not round them."""
    inputs, _ = read_saved_io(half_export)
    module = load(str(half_export))
    before = boltc.interpret(module, *inputs)
    _nhwc(module)
    assert set(_windowed_layouts(module)) <= {"nhwc"}
    _transposes_in_front_of_layout_readers(module)
    for got, want in zip(boltc.interpret(module, *inputs), before):
        _assert_fp32_close(got, want)
