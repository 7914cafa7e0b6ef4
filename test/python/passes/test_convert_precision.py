"""convert-precision against the fp32 reference executor, on the test/data models and on random
graphs (hypothesis): values within a half-precision error bound, every tensor inside the
function demoted except where the policy keeps fp32, casts only at the edges, idempotent.

The bounds. One rounding to a half type is off by at most u relative: u = 2^-11 for f16 (11
significant bits), 2^-8 for bf16 (8 bits). Each op on a path from input to output rounds its
result once; an anchor also reads inputs and weights rounded once each, so each product
x_i * w_i is off by 2u, and summing K of them in fp32 adds K * 2^-24 (under 1e-5 for the
K <= 117 here: nothing next to u). The error of an output is thus at most (number of roundings
on its path) * u * (the magnitude of the terms it was computed from), to first order.

- test/data models: at most about 12 roundings on the longest path (resnet_block: entry cast,
  convolutions and their weights, four batch-norm ops each, residual add, relus), and terms no
  larger than the outputs' range, so 16u normwise (|error| <= 16u * max|output|): 7.8e-3 for
  f16, 6.3e-2 for bf16. The data is fixed; measured: at most 1.5u (f16) and 3u (bf16).
- random graphs: a normwise bound is not a bound there (a dot product that cancels to near
  zero keeps the error of its terms: 17u normwise was seen), so each graph carries its own
  proof, propagated beside it (see "Random graphs" below); measured error / bound <= 0.65.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    FunctionType,
    ModuleOp,
    TensorType,
    f32,
)
from xdsl.ir import Block, Region, SSAValue
from xdsl.printer import Printer

import boltc
from boltc.diagnostics import BoltcError
from boltc.dialects import bolt
from boltc.dialects.context import bolt_context
from boltc.frontends import load
from boltc.frontends.source import parse_mlir_text
from boltc.passes.convert_precision import ConvertPrecisionPass, fp32_reason

DATA = Path(__file__).resolve().parents[2] / "data"
MODELS = sorted(DATA.glob("*.mlir")) + sorted((DATA / "ops").glob("*.mlir"))
UNIT_ROUNDOFF = {"f16": 2.0**-11, "bf16": 2.0**-8}
TOLERANCE = {dtype: 16 * u for dtype, u in UNIT_ROUNDOFF.items()}
HALF_TYPES = {"f16": Float16Type, "bf16": BFloat16Type}


def _text(module: ModuleOp) -> str:
    out = io.StringIO()
    Printer(stream=out).print_op(module)
    return out.getvalue()


def _convert(module: ModuleOp, dtype: str) -> None:
    ConvertPrecisionPass(dtype=dtype).apply(bolt_context(), module)
    module.verify()


def _assert_within_bound(got, want, dtype: str) -> None:
    tol = TOLERANCE[dtype]
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.shape == w.shape and g.dtype == w.dtype  # the signature's types are kept
        scale = max(float(np.abs(w).max()), np.finfo(np.float32).tiny)
        np.testing.assert_allclose(
            np.asarray(g, np.float64), np.asarray(w, np.float64), rtol=tol, atol=tol * scale
        )


def _element_type(value: SSAValue):
    assert isinstance(value.type, TensorType)
    return value.type.get_element_type()


def _keeps_fp32(op) -> bool:
    return fp32_reason(type(op), op.kind.data if isinstance(op, bolt.ReduceOp) else None) is not None


def _assert_demoted(module: ModuleOp, dtype: str) -> None:
    """Inside each function: every f32 result is an exit cast, an op the policy keeps in fp32,
    or a value only such ops read; an f32 argument is read, besides the return
    and fp32 ops, by casts only, one of them (the entry cast) to the half type."""
    half = HALF_TYPES[dtype]
    for fn in module.ops:
        assert isinstance(fn, func.FuncOp)
        block = fn.body.block
        for arg in block.args:
            if isinstance(_element_type(arg), Float32Type) and arg.uses:
                users = [u.operation for u in arg.uses]
                users = [u for u in users if not isinstance(u, func.ReturnOp) and not _keeps_fp32(u)]
                # The entry cast, and any cast the model itself made of the argument.
                assert all(isinstance(u, bolt.CastOp) for u in users), [u.name for u in users]
                assert sum(isinstance(_element_type(u.output), half) for u in users) <= 1
        for op in block.ops:
            if isinstance(op, func.ReturnOp):
                continue
            for result in op.results:
                if not isinstance(_element_type(result), Float32Type):
                    continue
                users = [u.operation for u in result.uses]
                if _keeps_fp32(op) or all(_keeps_fp32(u) for u in users):
                    continue  # an fp32 op, or what only fp32 ops read (a widening cast, gamma)
                assert isinstance(op, bolt.CastOp), f"{op.name} still computes in f32"
                exit_cast = all(isinstance(u, func.ReturnOp) for u in users)
                assert exit_cast, f"a cast to f32 feeds {[u.name for u in users]}"
                assert op.input.has_one_use()  # so fuse-epilogue can fold it into its producer


@pytest.mark.parametrize("dtype", ["f16", "bf16"])
@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_models_within_half_precision_bound(path: Path, dtype: str, read_saved_io):
    inputs, _ = read_saved_io(path)
    module = load(str(path))
    before = boltc.interpret(module, *inputs)
    _convert(module, dtype)
    _assert_demoted(module, dtype)
    _assert_within_bound(boltc.interpret(module, *inputs), before, dtype)
    once = _text(module)
    _convert(module, dtype)
    assert _text(module) == once, "a second run changed the IR"


def test_resnet_block_casts_only_at_the_edges():
    module = load(str(DATA / "resnet_block.mlir"))
    _convert(module, "f16")
    (fn,) = module.ops
    casts = [op for op in fn.body.block.ops if isinstance(op, bolt.CastOp)]
    assert len(casts) == 2
    entry, exit_ = casts
    assert entry.input is fn.body.block.args[0] and fn.body.block.first_op is entry
    # The entry cast feeds the two convolutions that read the input (main path, shortcut).
    assert [type(u.operation) for u in entry.output.uses] == [bolt.Conv2dOp, bolt.Conv2dOp]
    ret = fn.body.block.last_op
    assert ret.operands[0] is exit_.output and exit_.next_op is ret
    assert isinstance(exit_.input.owner, bolt.ReluOp) and exit_.input.has_one_use()
    # Every anchor still accumulates in f32 and every weight is f16 now.
    for op in fn.body.block.ops:
        if isinstance(op, bolt.AnchorOp):
            assert isinstance(_element_type(op.epilogue.block.args[0]), Float32Type)
        if isinstance(op, bolt.ConstantOp):
            assert isinstance(_element_type(op.result), Float16Type)


def _bf16_nearest_even(x: float) -> float:
    """x rounded to 8 significant bits, ties to even (Python's round), independently of boltc."""
    mantissa, exponent = math.frexp(x)  # x = mantissa * 2^exponent, 0.5 <= |mantissa| < 1
    return math.ldexp(round(mantissa * 2**8), exponent - 8)


def test_bf16_weights_round_to_nearest_even():
    # 1 + 2^-8 is a tie between 1 and 1 + 2^-7: even is 1. 1 + 3 * 2^-8 is a tie between
    # 1 + 2^-7 and 1 + 2^-6: even is 1 + 2^-6; truncation would give 1 + 2^-7.
    ties = [1 + 2**-8, 1 + 3 * 2**-8, -(1 + 2**-8), 3.0e38]
    others = np.random.default_rng(7).standard_normal(60).tolist()
    values = np.array(ties + others, np.float32)
    module = _module_from(lambda b: [b.mul(b.arg(0), b.constant(values))], [values.shape])
    _convert(module, "bf16")
    (constant,) = [op for op in module.walk() if isinstance(op, bolt.ConstantOp)]
    bits = np.frombuffer(constant.value.data.data, "<u2")
    got = (bits.astype(np.uint32) << 16).view(np.float32)
    np.testing.assert_array_equal(got, [_bf16_nearest_even(float(v)) for v in values])
    assert got[:3].tolist() == [1.0, 1 + 2**-6, -1.0]


F16_MODEL = """
func.func @main(%q: tensor<4x8xf16>, %k: tensor<8x4xf16>) -> tensor<4xf16> {
  %s = bolt.gemm %q, %k : tensor<4x8xf16>, tensor<8x4xf16> -> tensor<4x4xf16> {
  ^bb0(%acc: tensor<4x4xf32>):
    bolt.yield %acc : tensor<4x4xf32>
  }
  %c = bolt.constant dense<0.5> : tensor<f16>
  %m = bolt.ew.mul %s, %c : tensor<4x4xf16>, tensor<f16> -> tensor<4x4xf16>
  %p = bolt.softmax %m axis 1 : tensor<4x4xf16> -> tensor<4x4xf16>
  %r = bolt.reduce sum %p dims [1] : tensor<4x4xf16> -> tensor<4xf16>
  func.return %r : tensor<4xf16>
}
"""


@pytest.mark.parametrize("dtype", ["f16", "bf16"])
def test_model_already_in_half_precision_is_left_as_is(dtype: str):
    module = parse_mlir_text(F16_MODEL)
    before = _text(module)
    _convert(module, dtype)  # f16 tensors are the user's choice, whatever dtype asks for
    assert _text(module) == before


@pytest.mark.parametrize("dtype", ["f8", "fp16", "F16", ""])
def test_unknown_dtype_is_refused(dtype: str):
    module = load(str(DATA / "mlp_gelu.mlir"))
    before = _text(module)
    with pytest.raises(BoltcError, match="unknown dtype"):
        ConvertPrecisionPass(dtype=dtype).apply(bolt_context(), module)
    assert _text(module) == before


# --------------------------------------------------------------------------------------
# Random graphs: chains of GEMMs or convolutions with random epilogue-like chains (bias, scale,
# activations, residuals), odd sizes, pooling, and the fp32-policy ops as heads.
#
# Their bound is a proof, not a tolerance: beside the model, a "bound model" propagates, for
# each tensor y, a magnitude M >= |y| that also bounds the terms y was summed from (the same
# graph over |x| and |W|, each activation scaled by its Lipschitz constant L), and a count c
# such that the half-precision error is at most c * u * M elementwise. Each op adds what its
# roundings can: an input cast 1; an anchor 2 (its weights, its result) plus K * 2^-24 / u for
# the fp32 sum; a bias or scale 2 (the constant, the result); an activation L * E + u * M'
# (its result); an add 1 (+ both inputs' errors); an average 1; a max 0 (it selects); second
# order terms multiply c by (1 + u). Cancellation is no longer a problem: a sum that cancels
# to near zero keeps the magnitude of its terms in M.
# --------------------------------------------------------------------------------------


class ConstantBuilder:
    """A single-block f32 function built op by op."""

    def __init__(self, input_shapes):
        self.block = Block(arg_types=[TensorType(f32, s) for s in input_shapes])

    def arg(self, i: int) -> SSAValue:
        return self.block.args[i]

    def emit(self, op) -> SSAValue:
        self.block.add_op(op)
        return op.results[0]

    def constant(self, values) -> SSAValue:
        values = np.asarray(values, np.float32)
        return self.emit(bolt.dense_constant(TensorType(f32, values.shape), values.tobytes()))

    def mul(self, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.emit(bolt.MulOp(a, b))

    def finish(self, outputs) -> ModuleOp:
        self.block.add_op(func.ReturnOp(*outputs))
        signature = FunctionType.from_lists([a.type for a in self.block.args], [o.type for o in outputs])
        return ModuleOp([func.FuncOp("main", signature, Region(self.block))])


def _module_from(body, input_shapes) -> ModuleOp:
    b = ConstantBuilder(input_shapes)
    return b.finish(body(b))


@dataclass(frozen=True)
class Traced:
    value: SSAValue  # in the model
    twin: SSAValue  # the same value, computed in the bound model
    magnitude: SSAValue  # in the bound model: M >= |value| and >= the terms it was summed from
    roundings: float  # c: |half - f32| <= c * u * M


# name -> (op builder, Lipschitz constant L with |act(z)| <= L |z|, or None: |act| <= 1)
ACTIVATIONS = {
    "relu": (bolt.ReluOp, 1.0),
    "tanh": (bolt.TanhOp, 1.0),
    "clamp": (lambda x: bolt.ClampOp(x, 0.0, 6.0), 1.0),
    "silu": (bolt.SiluOp, 1.1),  # max of (x sigmoid(x))' is 1.0998
    "gelu": (lambda x: bolt.GeluOp(x, bolt.GeluApproximation.TANH), 1.13),  # max slope 1.129
    "hardswish": (bolt.HardswishOp, 1.5),  # slope (2x + 3) / 6 reaches 1.5 at x = 3
    "sigmoid": (bolt.SigmoidOp, None),  # slope 1/4, |sigmoid| <= 1
}


class TracedBuilder:
    """Builds a random model and, op for op, its bound model (see above)."""

    def __init__(self, input_shapes, rng: np.random.Generator, u: float):
        self.model = ConstantBuilder(input_shapes)
        self.bound = ConstantBuilder(list(input_shapes) * 2)  # (x, |x|)
        self.rng, self.u, self.n = rng, u, len(input_shapes)

    def input(self, i: int) -> Traced:
        return Traced(self.model.arg(i), self.bound.arg(i), self.bound.arg(self.n + i), 1.0)

    def _grow(self, c: float, added: float) -> float:
        return (c + added) * (1 + self.u)

    def _both(self, make, t: Traced, *constants) -> tuple[SSAValue, SSAValue]:
        value = self.model.emit(make(t.value, *(self.model.constant(c) for c in constants)))
        twin = self.bound.emit(make(t.twin, *(self.bound.constant(c) for c in constants)))
        return value, twin

    def anchor(self, t: Traced, make, weights: np.ndarray, k: int) -> Traced:
        value, twin = self._both(make, t, weights)
        magnitude = self.bound.emit(make(t.magnitude, self.bound.constant(np.abs(weights))))
        return Traced(value, twin, magnitude, self._grow(t.roundings, 2 + k * 2.0**-24 / self.u))

    def elementwise(self, t: Traced, operand: np.ndarray) -> Traced:  # bias: + b, or scale: * s
        make = bolt.MulOp if operand.ndim == 0 else bolt.AddOp
        value, twin = self._both(make, t, operand)
        magnitude = self.bound.emit(make(t.magnitude, self.bound.constant(np.abs(operand))))
        return Traced(value, twin, magnitude, self._grow(t.roundings, 2))

    def residual(self, a: Traced, b: Traced) -> Traced:
        value = self.model.emit(bolt.AddOp(a.value, b.value))
        twin = self.bound.emit(bolt.AddOp(a.twin, b.twin))
        magnitude = self.bound.emit(bolt.AddOp(a.magnitude, b.magnitude))
        return Traced(value, twin, magnitude, self._grow(max(a.roundings, b.roundings), 1))

    def activation(self, t: Traced, name: str) -> Traced:
        make, lipschitz = ACTIVATIONS[name]
        value, twin = self._both(make, t)
        if lipschitz is None:  # |act| <= 1 and slope <= 1/4: M' = max(M / 4, 1) keeps E' <= c u M'
            quarter = self.bound.emit(bolt.MulOp(t.magnitude, self.bound.constant(np.float32(0.25))))
            magnitude = self.bound.emit(bolt.MaxOp(quarter, self.bound.constant(np.float32(1.0))))
        else:
            magnitude = self.bound.emit(bolt.MulOp(t.magnitude, self.bound.constant(np.float32(lipschitz))))
        return Traced(value, twin, magnitude, self._grow(t.roundings, 1))

    def pool(self, t: Traced, kind: bolt.PoolKind, window, result_shape) -> Traced:
        def make(x):
            return bolt.Pool2dOp(kind, x, TensorType(f32, result_shape), layout=bolt.Layout.NCHW,
                                 window=window, strides=window)
        value, twin = self._both(make, t)
        magnitude = self.bound.emit(make(t.magnitude))
        added = 0 if kind == bolt.PoolKind.MAX else 1  # a max selects; an average rounds once
        return Traced(value, twin, magnitude, self._grow(t.roundings, added))


def _epilogue_chain(b: TracedBuilder, y: Traced, choices, residual: Traced | None) -> Traced:
    shape = bolt.shape_of(y.value)
    for choice in choices:
        if choice == "bias":  # per channel: axis 1, numpy-broadcast over the rest
            bias_shape = [1] * len(shape)
            bias_shape[1] = shape[1]
            y = b.elementwise(y, (b.rng.standard_normal(bias_shape) * 0.5).astype(np.float32))
        elif choice == "scale":
            y = b.elementwise(y, np.float32(b.rng.uniform(0.5, 2.0) * b.rng.choice([-1, 1])))
        elif choice == "residual":
            if residual is not None and bolt.shape_of(residual.value) == shape:
                y = b.residual(y, residual)
        else:
            y = b.activation(y, choice)
    return y


@dataclass(frozen=True)
class RandomGraph:
    build: object  # (TracedBuilder) -> Traced: the tensor the head reads
    head: str
    input_shapes: list
    seed: int


def _build(graph: RandomGraph, u: float) -> tuple[ModuleOp, ModuleOp, object]:
    b = TracedBuilder(graph.input_shapes, np.random.default_rng(graph.seed), u)
    y = graph.build(b)
    last = len(bolt.shape_of(y.value)) - 1
    head, gamma = y.value, None
    if graph.head == "softmax":
        head = b.model.emit(bolt.SoftmaxOp(y.value, last))
    elif graph.head == "layernorm":
        n = bolt.shape_of(y.value)[last]
        gamma = b.rng.standard_normal(n).astype(np.float32)
        beta = b.rng.standard_normal(n).astype(np.float32)
        affine = b.model.constant(gamma), b.model.constant(beta)
        head = b.model.emit(bolt.LayerNormOp(y.value, last, 1e-5, *affine))
    elif graph.head in ("sum", "mean", "max"):
        head = b.model.emit(bolt.ReduceOp(bolt.ReduceKind(graph.head), y.value, [last]))
    return b.model.finish([head]), b.bound.finish([y.twin, y.magnitude]), (y.roundings, gamma)


def _head_error_bound(head: str, error: np.ndarray, y: np.ndarray, gamma) -> np.ndarray:
    """The head's output error from its input's (elementwise) error bound. The fp32 heads read
    exactly widened half values and are not rounded again; max selects one of them."""
    row_max = error.max(axis=-1)
    if head == "none":
        return error
    if head == "softmax":  # the Jacobian diag(p) - p p^T has row sums 2 p (1 - p) <= 1/2
        return np.broadcast_to(row_max[..., None], y.shape)
    if head == "layernorm":  # (I - 11^T/n - z z^T/n) / sigma, |z_i| <= sqrt(n); 2x: 2nd order
        n = y.shape[-1]
        sigma = np.sqrt(y.astype(np.float64).var(axis=-1) + 1e-5)
        return 2 * np.abs(gamma) * ((2 + np.sqrt(n)) * row_max / sigma)[..., None]
    if head == "sum":
        return error.sum(axis=-1)
    if head == "mean":
        return error.mean(axis=-1)
    return row_max  # max


tree_choices = st.lists(st.sampled_from(["bias", "scale", "residual", *ACTIVATIONS]), max_size=4)
heads = st.sampled_from(["none", "softmax", "layernorm", "sum", "mean", "max"])


@st.composite
def mlp_graphs(draw):
    m = draw(st.integers(1, 9))
    widths = draw(st.lists(st.integers(1, 40), min_size=2, max_size=4))
    layers = [(draw(st.booleans()), draw(tree_choices)) for _ in widths[1:]]

    def build(b: TracedBuilder) -> Traced:
        y, residual = b.input(0), None
        for (k, n), (transpose_b, chain) in zip(zip(widths, widths[1:]), layers):
            w = (b.rng.standard_normal((n, k) if transpose_b else (k, n)) / np.sqrt(k)).astype(np.float32)
            def gemm(x, wv, n=n, transpose_b=transpose_b):
                return bolt.GemmOp(x, wv, TensorType(f32, (m, n)), transpose_b=transpose_b)
            y = residual = _epilogue_chain(b, b.anchor(y, gemm, w, k), chain, residual)
        return y

    return RandomGraph(build, draw(heads), [(m, widths[0])], draw(st.integers(0, 2**32 - 1)))


@st.composite
def conv_graphs(draw):
    n, c, hw = draw(st.integers(1, 2)), draw(st.integers(1, 5)), draw(st.integers(3, 7))
    layers = [(draw(st.integers(1, 7)), draw(st.sampled_from([1, 3])), draw(tree_choices))
              for _ in range(draw(st.integers(1, 3)))]
    pool = draw(st.sampled_from(["none", "max", "avg", "global"]))

    def build(b: TracedBuilder) -> Traced:
        y, residual, channels = b.input(0), None, c
        for f, k, chain in layers:
            w = (b.rng.standard_normal((f, channels, k, k)) / np.sqrt(channels * k * k)).astype(np.float32)
            def conv(x, wv, f=f, k=k):  # "same" padding keeps H and W
                return bolt.Conv2dOp(x, wv, TensorType(f32, (n, f, hw, hw)), padding=(k // 2,) * 4)
            y = residual = _epilogue_chain(b, b.anchor(y, conv, w, channels * k * k), chain, residual)
            channels = f
        if pool != "none":
            window = (hw, hw) if pool == "global" else (2, 2)
            p, q = bolt.conv2d_output_hw((hw, hw), window, window, (0,) * 4, (1, 1))
            kind = bolt.PoolKind.MAX if pool == "max" else bolt.PoolKind.AVG
            y = b.pool(y, kind, window, (n, channels, p, q))
        return y

    return RandomGraph(build, draw(heads), [(n, c, hw, hw)], draw(st.integers(0, 2**32 - 1)))


@settings(max_examples=25, deadline=None)
@given(graph=st.one_of(mlp_graphs(), conv_graphs()), dtype=st.sampled_from(["f16", "bf16"]))
def test_random_graphs_within_proven_error_bound(graph: RandomGraph, dtype: str):
    u = UNIT_ROUNDOFF[dtype]
    module, bound_model, (roundings, gamma) = _build(graph, u)
    module.verify()
    bound_model.verify()
    rng = np.random.default_rng(graph.seed + 1)
    inputs = [rng.standard_normal(s).astype(np.float32) for s in graph.input_shapes]
    (want,) = boltc.interpret(module, *inputs)
    y, magnitude = boltc.interpret(bound_model, *inputs, *(np.abs(x) for x in inputs))
    assert np.all(magnitude >= np.abs(y))  # the bound model's own invariant
    _convert(module, dtype)
    _assert_demoted(module, dtype)
    (got,) = boltc.interpret(module, *inputs)
    # The f32 reference rounds too (2^-24 relative per op): a margin of 1e-5 of the magnitude.
    bound = _head_error_bound(graph.head, roundings * u * magnitude, y, gamma)
    bound = bound + 1e-5 * np.broadcast_to(_head_error_bound(graph.head, magnitude, y, gamma), bound.shape)
    error = np.abs(got.astype(np.float64) - want.astype(np.float64))
    assert np.all(error <= bound), f"error {error.max():.3g} above its bound where it exceeds it"
    once = _text(module)
    _convert(module, dtype)
    assert _text(module) == once


@pytest.mark.parametrize("dtype", ["f16", "bf16"])
def test_half_exports_within_half_precision_bound(half_export: Path, dtype: str, read_saved_io):
    """The f16/bf16 exports keep their f32 islands (softmax, layer-norm, accumulators) and the
    half types of their signatures; converted to either half type they stay within the bound
    of the unconverted export (an f16 export demoted to bf16 rounds to bf16)."""
    inputs, _ = read_saved_io(half_export)
    module = load(str(half_export))
    before = boltc.interpret(module, *inputs)
    _convert(module, dtype)
    _assert_demoted(module, dtype)
    _assert_within_bound(boltc.interpret(module, *inputs), before, dtype)
    once = _text(module)
    _convert(module, dtype)
    assert _text(module) == once, "a second run changed the IR"
