"""Every bolt op in the reference interpreter against an independent formula: Python's math
module per element, or plain loops over tiny shapes (convolution, pooling)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from interpret_ir import f32_values, single_op_function, tensor

import boltc
from boltc.dialects import bolt
from boltc.interpret.bolt import BoltFunctions
from boltc.interpret.element_types import round_to_bfloat16

RNG_SEED = 20240607


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(RNG_SEED)


def run_one(op_text: str, arg_types, result_type: str, *inputs):
    (out,) = boltc.interpret(single_op_function(op_text, arg_types, result_type), *inputs)
    return out


def test_every_bolt_op_has_an_implementation():
    # A new op in bolt.py without a reference would make every equivalence test on it vacuous.
    implemented = {op_type for op_type, _ in BoltFunctions._impls()}
    missing = sorted(op.name for op in bolt.Bolt.operations if op not in implemented)
    assert not missing, f"bolt ops without a reference implementation: {missing}"


# --------------------------------------------------------------------------------------
# Elementwise
# --------------------------------------------------------------------------------------


def _softplus(v: float) -> float:
    return v if v > 20 else math.log1p(math.exp(v))


UNARY_REFERENCES = {
    "relu": lambda v: max(v, 0.0),
    "sigmoid": lambda v: 1 / (1 + math.exp(-v)),
    "tanh": math.tanh,
    "silu": lambda v: v / (1 + math.exp(-v)),
    "hardswish": lambda v: v * min(max(v + 3, 0.0), 6.0) / 6,
    "softplus": _softplus,
    "exp": math.exp,
    "log": math.log,
    "log1p": math.log1p,
    "sqrt": math.sqrt,
    "rsqrt": lambda v: 1 / math.sqrt(v),
    "neg": lambda v: -v,
    "abs": abs,
    "erf": math.erf,
    "reciprocal": lambda v: 1 / v,
    "cast": lambda v: v,
}
POSITIVE_ONLY = {"log", "log1p", "sqrt", "rsqrt"}


def test_unary_references_cover_the_dialect():
    names = {op.name.removeprefix("bolt.ew.") for op in bolt.UNARY_ELEMENTWISE_OPS}
    assert names - {"gelu", "clamp"} == set(UNARY_REFERENCES)


@pytest.mark.parametrize("name", sorted(UNARY_REFERENCES))
@pytest.mark.parametrize("element,dtype,rtol", [("f32", np.float32, 1e-6), ("f16", np.float16, 1e-3)])
def test_unary(name, element, dtype, rtol, rng):
    x = f32_values(rng, (3, 5))
    if name in POSITIVE_ONLY:
        x = np.abs(x) + 0.125
    x = x.astype(dtype)
    t = tensor((3, 5), element)
    got = run_one(f"bolt.ew.{name} %a0 : {t} -> {t}", [t], t, x)
    expected = np.vectorize(UNARY_REFERENCES[name], otypes=[np.float64])(x.astype(np.float64))
    assert got.dtype == dtype
    # One rounding of the exact value: at most half an ulp of the element type.
    np.testing.assert_allclose(got, expected.astype(dtype), rtol=rtol, atol=0)


@pytest.mark.parametrize(
    "approximate,reference",
    [
        ("erf", lambda v: 0.5 * v * (1 + math.erf(v / math.sqrt(2)))),
        ("tanh", lambda v: 0.5 * v * (1 + math.tanh(math.sqrt(2 / math.pi) * (v + 0.044715 * v**3)))),
    ],
)
def test_gelu(approximate, reference, rng):
    x = f32_values(rng, (64,), -6, 6)
    t = tensor((64,))
    got = run_one(f"bolt.ew.gelu {approximate} %a0 : {t} -> {t}", [t], t, x)
    expected = np.array([reference(float(v)) for v in x])
    np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-7)


def test_softplus_threshold_is_torchs():
    # torch returns x itself above beta * x > 20; exp(1000) would overflow to inf otherwise.
    x = np.array([-100.0, 0.0, 19.5, 20.0, 20.5, 1000.0, 3e38], np.float32)
    t = tensor((7,))
    got = run_one(f"bolt.ew.softplus %a0 : {t} -> {t}", [t], t, x)
    expected = np.array([math.log1p(math.exp(-100)), math.log(2), math.log1p(math.exp(19.5)),
                         math.log1p(math.exp(20.0)), 20.5, 1000.0, float(np.float32(3e38))])
    np.testing.assert_allclose(got, expected.astype(np.float32), rtol=1e-7)
    assert np.isfinite(got).all()


def test_sigmoid_keeps_relative_accuracy_in_its_tails():
    x = np.array([-80.0, -30.0, 30.0, 80.0], np.float32)
    t = tensor((4,))
    got = run_one(f"bolt.ew.sigmoid %a0 : {t} -> {t}", [t], t, x)
    expected = [math.exp(v) / (1 + math.exp(v)) if v < 0 else 1 / (1 + math.exp(-v)) for v in x.tolist()]
    np.testing.assert_allclose(got, expected, rtol=1e-6)


def test_clamp_and_nan():
    x = np.array([-3.0, -0.5, 0.25, 7.0, np.nan], np.float32)
    t = tensor((5,))
    got = run_one(f"bolt.ew.clamp %a0 min -1.0 max 6.0 : {t} -> {t}", [t], t, x)
    np.testing.assert_array_equal(got, [-1.0, -0.5, 0.25, 6.0, np.nan])


BINARY_REFERENCES = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "div": lambda a, b: a / b,
    "max": max,
    "min": min,
    "pow": lambda a, b: a**b,
}


def test_binary_references_cover_the_dialect():
    assert {op.name.removeprefix("bolt.ew.") for op in bolt.BINARY_ELEMENTWISE_OPS} == set(BINARY_REFERENCES)


@pytest.mark.parametrize("name", sorted(BINARY_REFERENCES))
@pytest.mark.parametrize("lhs_shape,rhs_shape", [((2, 3, 4), (4,)), ((2, 3, 1), (3, 4)), ((1,), (2, 1))])
def test_binary_broadcasts_numpy_style(name, lhs_shape, rhs_shape, rng):
    a = np.abs(f32_values(rng, lhs_shape)) + 0.5  # positive: pow of a negative base is NaN
    b = f32_values(rng, rhs_shape)
    shape = np.broadcast_shapes(lhs_shape, rhs_shape)
    ta, tb, ty = tensor(lhs_shape), tensor(rhs_shape), tensor(shape)
    got = run_one(f"bolt.ew.{name} %a0, %a1 : {ta}, {tb} -> {ty}", [ta, tb], ty, a, b)
    ab, bb = np.broadcast_arrays(a.astype(np.float64), b.astype(np.float64))
    expected = np.array([BINARY_REFERENCES[name](x, y) for x, y in zip(ab.ravel(), bb.ravel())])
    np.testing.assert_allclose(got, expected.reshape(shape).astype(np.float32), rtol=1e-6)


@pytest.mark.parametrize("name", ["max", "min"])
def test_max_min_propagate_nan(name):
    a = np.array([1.0, np.nan, 3.0], np.float32)
    b = np.array([np.nan, 2.0, 1.0], np.float32)
    t = tensor((3,))
    got = run_one(f"bolt.ew.{name} %a0, %a1 : {t}, {t} -> {t}", [t, t], t, a, b)
    assert np.isnan(got[:2]).all() and got[2] == (3.0 if name == "max" else 1.0)


def _predicate_reference(predicate: str, a: float, b: float) -> bool:
    """MLIR's cmpf: an ordered predicate is false on NaN, an unordered one true."""
    if math.isnan(a) or math.isnan(b):
        return predicate.startswith("u")
    relation = predicate[1:]
    return {"eq": a == b, "gt": a > b, "ge": a >= b, "lt": a < b, "le": a <= b, "ne": a != b}[relation]


@pytest.mark.parametrize("predicate", [p.value for p in bolt.ComparePredicate])
def test_select_predicates_with_nan(predicate):
    values = [-1.0, 0.0, 2.0, np.inf, np.nan]
    lhs, rhs = (np.array(v, np.float32) for v in zip(*[(a, b) for a in values for b in values]))
    on_true, on_false = np.float32(1.0), np.float32(-1.0)
    t = tensor((25,))
    s = tensor(())
    got = run_one(
        f"bolt.ew.select {predicate} %a0, %a1, %a2, %a3 : {t}, {t}, {s}, {s} -> {t}",
        [t, t, s, s], t, lhs, rhs, on_true, on_false,
    )
    expected = [1.0 if _predicate_reference(predicate, a, b) else -1.0 for a, b in zip(lhs, rhs)]
    np.testing.assert_array_equal(got, expected)


def test_cast_rounds_to_nearest_even():
    # 1 + 2^-8 is halfway between bf16's 1 and 1 + 2^-7: even wins, so 1; 1 + 3 * 2^-8 is
    # halfway between 1 + 2^-7 and 1 + 2^-6: even wins, so 1 + 2^-6. f16 overflows to inf.
    x = np.array([1 + 2**-8, 1 + 3 * 2**-8, 70000.0, -0.0], np.float32)
    t32, t16, tb = tensor((4,)), tensor((4,), "f16"), tensor((4,), "bf16")
    to_bf16 = run_one(f"bolt.ew.cast %a0 : {t32} -> {tb}", [t32], tb, x)
    np.testing.assert_array_equal(to_bf16, [1.0, 1 + 2**-6, 70144.0, -0.0])
    to_f16 = run_one(f"bolt.ew.cast %a0 : {t32} -> {t16}", [t32], t16, x)
    assert to_f16.dtype == np.float16 and np.isinf(to_f16[2]) and math.copysign(1, to_f16[3]) < 0


def test_bf16_arithmetic_rounds_after_each_op(rng):
    a, b = round_to_bfloat16(f32_values(rng, (16,))), round_to_bfloat16(f32_values(rng, (16,)))
    t = tensor((16,), "bf16")
    got = run_one(f"bolt.ew.mul %a0, %a1 : {t}, {t} -> {t}", [t, t], t, a, b)
    expected = round_to_bfloat16(a.astype(np.float64) * b.astype(np.float64))
    np.testing.assert_array_equal(got, expected)
    assert np.array_equal(round_to_bfloat16(got), got)  # bf16 values, held in float32


# --------------------------------------------------------------------------------------
# Anchors
# --------------------------------------------------------------------------------------


def _plain_epilogue(result_shape) -> str:
    acc = tensor(result_shape)
    return f"{{\n  ^bb0(%acc: {acc}):\n    bolt.yield %acc : {acc}\n  }}"


@pytest.mark.parametrize(
    "a_shape,b_shape,attrs,expected",
    [
        ((5, 7), (7, 3), "", lambda a, b: a @ b),
        ((7, 5), (7, 3), "{transpose_a}", lambda a, b: a.T @ b),
        ((5, 7), (3, 7), "{transpose_b}", lambda a, b: a @ b.T),
        ((2, 5, 7), (2, 7, 3), "", lambda a, b: np.stack([a[i] @ b[i] for i in range(2)])),
        ((2, 7, 5), (2, 3, 7), "{transpose_a, transpose_b}",
         lambda a, b: np.stack([a[i].T @ b[i].T for i in range(2)])),
        ((2, 5, 7), (7, 3), "", lambda a, b: np.stack([a[i] @ b for i in range(2)])),  # shared B
    ],
)
def test_gemm(a_shape, b_shape, attrs, expected, rng):
    a, b = f32_values(rng, a_shape), f32_values(rng, b_shape)
    want = expected(a.astype(np.float64), b.astype(np.float64))
    ta, tb, ty = tensor(a_shape), tensor(b_shape), tensor(want.shape)
    op = f"bolt.gemm %a0, %a1 {attrs} : {ta}, {tb} -> {ty} {_plain_epilogue(want.shape)}"
    np.testing.assert_allclose(run_one(op, [ta, tb], ty, a, b), want, rtol=1e-5, atol=1e-5)


def test_gemm_f16_accumulates_in_fp32_and_rounds_once(rng):
    # K = 512 products of f16 values: an f16 accumulator would drift far beyond one ulp.
    a, b = f32_values(rng, (4, 512)).astype(np.float16), f32_values(rng, (512, 6)).astype(np.float16)
    ta, tb, ty = tensor((4, 512), "f16"), tensor((512, 6), "f16"), tensor((4, 6), "f16")
    got = run_one(f"bolt.gemm %a0, %a1 : {ta}, {tb} -> {ty} {_plain_epilogue((4, 6))}", [ta, tb], ty, a, b)
    exact = a.astype(np.float64) @ b.astype(np.float64)
    assert got.dtype == np.float16
    np.testing.assert_allclose(got, exact.astype(np.float16), rtol=1e-3, atol=1e-2)


def test_anchors_round_the_exact_sum_once(rng):
    # K = 4096 f32 products whose fp32 sum in any order drifts several ulps from the exact one:
    # the reference is the exact sum rounded once (math.fsum), the same on every CPU and BLAS.
    k = 4096
    a, b = f32_values(rng, (3, k)), f32_values(rng, (k, 5))
    exact = np.array([[math.fsum(a[i].astype(np.float64) * b[:, j]) for j in range(5)] for i in range(3)])
    ta, tb, ty = tensor((3, k)), tensor((k, 5)), tensor((3, 5))
    got = run_one(f"bolt.gemm %a0, %a1 : {ta}, {tb} -> {ty} {_plain_epilogue((3, 5))}", [ta, tb], ty, a, b)
    np.testing.assert_array_equal(got, exact.astype(np.float32))
    # The same products as a 1x1 convolution over k channels.
    x, w = a.reshape(1, 3, 1, k), b.T.reshape(5, 1, 1, k)
    tx, tw, tc = tensor(x.shape), tensor(w.shape), tensor((1, 3, 1, 5))
    conv = (f"bolt.conv2d nhwc %a0, %a1 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 "
            f": {tx}, {tw} -> {tc} {_plain_epilogue((1, 3, 1, 5))}")
    np.testing.assert_array_equal(run_one(conv, [tx, tw], tc, x, w).reshape(3, 5), exact.astype(np.float32))


def test_gemm_epilogue_with_extras(rng):
    x, w = f32_values(rng, (6, 8)).astype(np.float16), f32_values(rng, (5, 8)).astype(np.float16)
    bias, residual = f32_values(rng, (5,)).astype(np.float16), f32_values(rng, (6, 5)).astype(np.float16)
    text = f"""
func.func @main(%x: tensor<6x8xf16>, %w: tensor<5x8xf16>, %bias: tensor<5xf16>, %res: tensor<6x5xf16>) -> tensor<6x5xf16> {{
  %d = bolt.gemm %x, %w extras(%bias, %res : tensor<5xf16>, tensor<6x5xf16>) {{transpose_b}} : tensor<6x8xf16>, tensor<5x8xf16> -> tensor<6x5xf16> {{
  ^bb0(%acc: tensor<6x5xf32>, %b: tensor<5xf16>, %r: tensor<6x5xf16>):
    %b32 = bolt.ew.cast %b : tensor<5xf16> -> tensor<5xf32>
    %s = bolt.ew.add %acc, %b32 : tensor<6x5xf32>, tensor<5xf32> -> tensor<6x5xf32>
    %g = bolt.ew.relu %s : tensor<6x5xf32> -> tensor<6x5xf32>
    %half = bolt.constant dense<5.000000e-01> : tensor<f32>
    %r32 = bolt.ew.cast %r : tensor<6x5xf16> -> tensor<6x5xf32>
    %rs = bolt.ew.mul %r32, %half : tensor<6x5xf32>, tensor<f32> -> tensor<6x5xf32>
    %t = bolt.ew.add %g, %rs : tensor<6x5xf32>, tensor<6x5xf32> -> tensor<6x5xf32>
    bolt.yield %t : tensor<6x5xf32>
  }}
  func.return %d : tensor<6x5xf16>
}}"""
    (got,) = boltc.interpret(text, x, w, bias, residual)
    f = lambda v: v.astype(np.float64)  # noqa: E731
    expected = np.maximum(f(x) @ f(w).T + f(bias), 0) + 0.5 * f(residual)
    np.testing.assert_allclose(got, expected.astype(np.float16), rtol=1e-3, atol=1e-3)


def naive_conv2d_nchw(x, w, strides, padding, dilations, groups):
    """The definition, one output element at a time."""
    n, c, h, width = x.shape
    f, cg, r, s = w.shape
    top, left, bottom, right = padding
    padded = np.zeros((n, c, h + top + bottom, width + left + right))
    padded[:, :, top : top + h, left : left + width] = x
    p = (h + top + bottom - dilations[0] * (r - 1) - 1) // strides[0] + 1
    q = (width + left + right - dilations[1] * (s - 1) - 1) // strides[1] + 1
    y = np.zeros((n, f, p, q))
    for ni in range(n):
        for fi in range(f):
            group = fi // (f // groups)
            for pi in range(p):
                for qi in range(q):
                    total = 0.0
                    for ci in range(cg):
                        for ri in range(r):
                            for si in range(s):
                                total += (
                                    padded[ni, group * cg + ci, pi * strides[0] + ri * dilations[0],
                                           qi * strides[1] + si * dilations[1]]
                                    * w[fi, ci, ri, si]
                                )
                    y[ni, fi, pi, qi] = total
    return y


CONV_CASES = [  # (N, C, H, W), (F, R, S), strides, padding [t, l, b, r], dilations, groups
    ((2, 4, 7, 6), (6, 3, 3), (1, 1), (0, 0, 0, 0), (1, 1), 1),
    ((1, 4, 7, 6), (6, 3, 3), (2, 2), (1, 1, 1, 1), (1, 1), 1),
    ((1, 4, 8, 8), (4, 3, 2), (2, 1), (1, 0, 2, 1), (2, 2), 2),
    ((2, 6, 6, 5), (6, 3, 3), (1, 1), (1, 1, 1, 1), (1, 1), 6),  # depthwise
    ((1, 3, 5, 5), (4, 1, 1), (1, 1), (0, 0, 0, 0), (1, 1), 1),  # 1x1
]


@pytest.mark.parametrize("layout", ["nchw", "nhwc"])
@pytest.mark.parametrize("x_shape,f_shape,strides,padding,dilations,groups", CONV_CASES)
def test_conv2d_matches_the_definition(layout, x_shape, f_shape, strides, padding, dilations, groups, rng):
    x = f32_values(rng, x_shape)
    w = f32_values(rng, (f_shape[0], x_shape[1] // groups, *f_shape[1:]))
    expected = naive_conv2d_nchw(x.astype(np.float64), w.astype(np.float64), strides, padding, dilations, groups)
    if layout == "nhwc":  # NHWC pairs with KRSC filters
        x, w, expected = x.transpose(0, 2, 3, 1), w.transpose(0, 2, 3, 1), expected.transpose(0, 2, 3, 1)
    tx, tw, ty = tensor(x.shape), tensor(w.shape), tensor(expected.shape)
    attrs = (f"strides {list(strides)} padding {list(padding)} dilations {list(dilations)} groups {groups}")
    op = f"bolt.conv2d {layout} %a0, %a1 {attrs} : {tx}, {tw} -> {ty} {_plain_epilogue(expected.shape)}"
    np.testing.assert_allclose(run_one(op, [tx, tw], ty, x, w), expected, rtol=1e-5, atol=1e-5)


def test_b2b_runs_both_anchors_and_their_epilogues(rng):
    x, w0, w1 = f32_values(rng, (8, 6)), f32_values(rng, (6, 4)), f32_values(rng, (4, 3))
    text = """
func.func @main(%a: tensor<8x6xf32>, %w0: tensor<6x4xf32>, %w1: tensor<4x3xf32>) -> tensor<8x3xf32> {
  %d = bolt.b2b registers (%a, %w0, %w1) : (tensor<8x6xf32>, tensor<6x4xf32>, tensor<4x3xf32>) -> tensor<8x3xf32> {
  ^bb0(%x: tensor<8x6xf32>, %f0: tensor<6x4xf32>, %f1: tensor<4x3xf32>):
    %h = bolt.gemm %x, %f0 : tensor<8x6xf32>, tensor<6x4xf32> -> tensor<8x4xf32> {
    ^bb0(%acc: tensor<8x4xf32>):
      %r = bolt.ew.relu %acc : tensor<8x4xf32> -> tensor<8x4xf32>
      bolt.yield %r : tensor<8x4xf32>
    }
    %o = bolt.gemm %h, %f1 : tensor<8x4xf32>, tensor<4x3xf32> -> tensor<8x3xf32> {
    ^bb0(%acc: tensor<8x3xf32>):
      bolt.yield %acc : tensor<8x3xf32>
    }
    bolt.yield %o : tensor<8x3xf32>
  }
  func.return %d : tensor<8x3xf32>
}"""
    (got,) = boltc.interpret(text, x, w0, w1)
    f = lambda v: v.astype(np.float64)  # noqa: E731
    np.testing.assert_allclose(got, np.maximum(f(x) @ f(w0), 0) @ f(w1), rtol=1e-5, atol=1e-6)


# --------------------------------------------------------------------------------------
# Pooling, data movement, normalization, reductions
# --------------------------------------------------------------------------------------


def naive_pool2d_nchw(x, kind, window, strides, padding):
    n, c, h, w = x.shape
    top, left, bottom, right = padding
    fill = -np.inf if kind == "max" else 0.0  # avg counts the padded zeros
    padded = np.full((n, c, h + top + bottom, w + left + right), fill)
    padded[:, :, top : top + h, left : left + w] = x
    p = (h + top + bottom - window[0]) // strides[0] + 1
    q = (w + left + right - window[1]) // strides[1] + 1
    y = np.zeros((n, c, p, q))
    for pi in range(p):
        for qi in range(q):
            patch = padded[:, :, pi * strides[0] : pi * strides[0] + window[0],
                           qi * strides[1] : qi * strides[1] + window[1]]
            y[:, :, pi, qi] = patch.max(axis=(2, 3)) if kind == "max" else patch.sum(axis=(2, 3)) / (window[0] * window[1])
    return y


@pytest.mark.parametrize("layout", ["nchw", "nhwc"])
@pytest.mark.parametrize("kind", ["max", "avg"])
@pytest.mark.parametrize(
    "x_shape,window,strides,padding",
    [((2, 3, 6, 6), (2, 2), (2, 2), (0, 0, 0, 0)),
     ((1, 2, 7, 5), (3, 3), (2, 1), (1, 1, 1, 0)),
     ((2, 4, 5, 5), (5, 5), (1, 1), (0, 0, 0, 0))],  # global
)
def test_pool2d_matches_the_definition(layout, kind, x_shape, window, strides, padding, rng):
    x = f32_values(rng, x_shape)
    expected = naive_pool2d_nchw(x.astype(np.float64), kind, window, strides, padding)
    if layout == "nhwc":
        x, expected = x.transpose(0, 2, 3, 1), expected.transpose(0, 2, 3, 1)
    tx, ty = tensor(x.shape), tensor(expected.shape)
    op = (f"bolt.pool2d {kind} {layout} %a0 window {list(window)} strides {list(strides)} "
          f"padding {list(padding)} : {tx} -> {ty}")
    np.testing.assert_allclose(run_one(op, [tx], ty, x), expected, rtol=1e-6)


def test_transpose(rng):
    x = f32_values(rng, (2, 3, 4))
    got = run_one(f"bolt.transpose %a0 permutation [2, 0, 1] : {tensor((2, 3, 4))} -> {tensor((4, 2, 3))}",
                  [tensor((2, 3, 4))], tensor((4, 2, 3)), x)
    for i, j, k in np.ndindex(4, 2, 3):
        assert got[i, j, k] == x[j, k, i]  # result dimension d is input dimension perm[d]


def test_pad_rounds_its_value_to_the_element_type(rng):
    x = f32_values(rng, (2, 3)).astype(np.float16)
    t_in, t_out = tensor((2, 3), "f16"), tensor((3, 7), "f16")
    got = run_one(f"bolt.pad %a0 low [1, 2] high [0, 2] value 0.1 : {t_in} -> {t_out}", [t_in], t_out, x)
    assert got.dtype == np.float16
    np.testing.assert_array_equal(got[1:, 2:5], x)
    border = np.ones(got.shape, bool)
    border[1:, 2:5] = False
    assert (got[border] == np.float16(0.1)).all()


def test_slice(rng):
    x = f32_values(rng, (5, 9))
    got = run_one(f"bolt.slice %a0 offsets [1, 2] strides [2, 3] : {tensor((5, 9))} -> {tensor((2, 3))}",
                  [tensor((5, 9))], tensor((2, 3)), x)
    np.testing.assert_array_equal(got, [[x[1 + 2 * i, 2 + 3 * j] for j in range(3)] for i in range(2)])


def test_reshape_and_broadcast(rng):
    x = f32_values(rng, (2, 6))
    got = run_one(f"bolt.reshape %a0 : {tensor((2, 6))} -> {tensor((3, 1, 4))}",
                  [tensor((2, 6))], tensor((3, 1, 4)), x)
    np.testing.assert_array_equal(got.ravel(), x.ravel())
    v = f32_values(rng, (3,))
    got = run_one(f"bolt.broadcast %a0 dimensions [0, 2] : {tensor((3,))} -> {tensor((2, 3, 4))}",
                  [tensor((3,))], tensor((2, 3, 4)), v)
    for i, j, k in np.ndindex(2, 3, 4):
        assert got[i, j, k] == v[j]


def test_concat(rng):
    a, b = f32_values(rng, (2, 1, 3)), f32_values(rng, (2, 4, 3))
    ta, tb, ty = tensor((2, 1, 3)), tensor((2, 4, 3)), tensor((2, 5, 3))
    got = run_one(f"bolt.concat %a0, %a1 dim 1 : {ta}, {tb} -> {ty}", [ta, tb], ty, a, b)
    np.testing.assert_array_equal(got[:, :1], a)
    np.testing.assert_array_equal(got[:, 1:], b)


def test_softmax(rng):
    x = f32_values(rng, (3, 5), -30, 30)
    t = tensor((3, 5))
    got = run_one(f"bolt.softmax %a0 axis 0 : {t} -> {t}", [t], t, x)
    for j in range(5):
        column = [math.exp(float(v)) for v in x[:, j]]
        np.testing.assert_allclose(got[:, j], [v / sum(column) for v in column], rtol=1e-6)


@pytest.mark.parametrize("affine", ["", "gamma", "gamma_beta"])
def test_layernorm(affine, rng):
    x, gamma, beta = f32_values(rng, (2, 3, 4)), f32_values(rng, (3, 4)), f32_values(rng, (3, 4))
    ops = {"": "", "gamma": f"gamma %a1 : {tensor((3, 4))}",
           "gamma_beta": f"gamma %a1 : {tensor((3, 4))} beta %a2 : {tensor((3, 4))}"}[affine]
    args = {"": [x], "gamma": [x, gamma], "gamma_beta": [x, gamma, beta]}[affine]
    t = tensor((2, 3, 4))
    got = run_one(f"bolt.layernorm %a0 {ops} axis 1 epsilon 1.0e-5 : {t} -> {t}",
                  [t, tensor((3, 4)), tensor((3, 4))][: len(args)], t, *args)
    for n in range(2):
        values = x[n].astype(np.float64).ravel().tolist()
        mean = sum(values) / len(values)
        variance = sum((v - mean) ** 2 for v in values) / len(values)  # biased, as torch
        expected = (x[n] - mean) / math.sqrt(variance + 1e-5)
        if affine:
            expected = expected * gamma
        if affine == "gamma_beta":
            expected = expected + beta
        np.testing.assert_allclose(got[n], expected, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("kind,reference", [("sum", sum), ("mean", lambda v: sum(v) / len(v)),
                                            ("max", max), ("min", min)])
@pytest.mark.parametrize("keep_dims", [False, True])
def test_reduce(kind, reference, keep_dims, rng):
    x = f32_values(rng, (2, 3, 4))
    shape = (2, 1, 1) if keep_dims else (2,)
    attr = " {keep_dims}" if keep_dims else ""
    got = run_one(f"bolt.reduce {kind} %a0 dims [1, 2]{attr} : {tensor((2, 3, 4))} -> {tensor(shape)}",
                  [tensor((2, 3, 4))], tensor(shape), x)
    expected = [reference(x[n].astype(np.float64).ravel().tolist()) for n in range(2)]
    np.testing.assert_allclose(got.reshape(2), expected, rtol=1e-6)


# --------------------------------------------------------------------------------------
# Constants
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "literal,element,expected",
    [
        ("dense<[1.5, -2.0, 3.0e-03]>", "f32", [1.5, -2.0, 3.0e-03]),
        ("dense<[1.5, -2.0, 3.0e-03]>", "f16", np.array([1.5, -2.0, 3.0e-03], np.float16)),
        ("dense<[1.5, -2.0, 3.0e-03]>", "bf16", round_to_bfloat16(np.array([1.5, -2.0, 3.0e-03]))),
        ("dense<2.5>", "f32", [2.5, 2.5, 2.5]),
    ],
)
def test_dense_constant(literal, element, expected):
    t = tensor((3,), element)
    text = f"func.func @main() -> {t} {{\n  %c = bolt.constant {literal} : {t}\n  func.return %c : {t}\n}}"
    (got,) = boltc.interpret(text)
    np.testing.assert_array_equal(got, np.asarray(expected).astype(got.dtype))


@pytest.mark.parametrize(
    "element,dtype,alignment",
    [("f32", np.float32, "04000000"), ("f16", np.float16, "02000000")],
)
def test_dense_resource_constant_skips_the_alignment_word(element, dtype, alignment):
    values = np.array([[1.0, -2.0, 0.5], [3.25, 0.0, -7.0]], dtype)
    blob = "0x" + alignment + values.astype(values.dtype.newbyteorder("<")).tobytes().hex().upper()
    t = tensor((2, 3), element)
    text = f"""func.func @main() -> {t} {{
  %c = bolt.constant dense_resource<interpret_test_blob> : {t}
  func.return %c : {t}
}}
{{-#
  dialect_resources: {{
    builtin: {{
      interpret_test_blob: "{blob}"
    }}
  }}
#-}}"""
    for _ in range(2):  # the second run reads the cache
        (got,) = boltc.interpret(text)
        np.testing.assert_array_equal(got, values)
        assert got.flags.writeable  # the caller's copy, not the cached weights
