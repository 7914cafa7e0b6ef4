"""linalg-on-tensors in the reference interpreter: the vectorized linalg.generic (maps,
linalg.index, reductions, argmax, the step-by-step fallback), named ops, tensor ops, cf.assert.
References are plain Python loops over the iteration space: the per-point semantics."""

from __future__ import annotations

import time

import numpy as np
import pytest
from interpret_ir import f32_values

import boltc
from boltc.diagnostics import BoltcError


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(11)


def test_parallel_generic_with_broadcast_maps_and_constant_zero(rng):
    # torch-mlir's per-channel form: (d0, d1, d2) -> (d1, 0) reads a [C, 1] tensor.
    x, scale = f32_values(rng, (2, 3, 4)), f32_values(rng, (3, 1))
    text = """
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#ch = affine_map<(d0, d1, d2) -> (d1, 0)>
#tr = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
func.func @main(%x: tensor<2x3x4xf32>, %s: tensor<3x1xf32>) -> tensor<4x2x3xf32> {
  %cst = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<4x2x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #ch, #tr], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %s : tensor<2x3x4xf32>, tensor<3x1xf32>) outs(%e : tensor<4x2x3xf32>) {
  ^bb0(%in: f32, %sc: f32, %out: f32):
    %m = arith.mulf %in, %sc : f32
    %a = arith.addf %m, %cst : f32
    linalg.yield %a : f32
  } -> tensor<4x2x3xf32>
  return %r : tensor<4x2x3xf32>
}"""
    (got,) = boltc.interpret(text, x, scale)
    for i, j, k in np.ndindex(2, 3, 4):
        assert got[k, i, j] == np.float32(x[i, j, k] * scale[j, 0] + np.float32(1))


def test_linalg_index_in_a_parallel_generic():
    text = """
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @main() -> tensor<3x4xf32> {
  %e = tensor.empty() : tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<3x4xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ten = arith.constant 10 : index
    %t = arith.muli %i, %ten : index
    %s = arith.addi %t, %j : index
    %c = arith.index_cast %s : index to i64
    %f = arith.sitofp %c : i64 to f32
    linalg.yield %f : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}"""
    (got,) = boltc.interpret(text)
    np.testing.assert_array_equal(got, [[10 * i + j for j in range(4)] for i in range(3)])


def test_sum_over_two_reduction_loops_starts_from_the_init(rng):
    x, init = f32_values(rng, (3, 4, 5)), f32_values(rng, (4,))
    text = """
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d1)>
func.func @main(%x: tensor<3x4x5xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction", "parallel", "reduction"]}
      ins(%x : tensor<3x4x5xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %sq = arith.mulf %in, %in : f32
    %s = arith.addf %out, %sq : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}"""
    (got,) = boltc.interpret(text, x, init)
    expected = [init[j] + sum(float(x[i, j, k]) ** 2 for i in range(3) for k in range(5)) for j in range(4)]
    np.testing.assert_allclose(got, expected, rtol=1e-6)


def _argmax_text(predicate: str, init_value: str) -> str:
    return f"""
#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<4x6xf32>) -> (tensor<4xf32>, tensor<4xi64>) {{
  %c7 = arith.constant 7 : i64
  %lowest = arith.constant {init_value} : f32
  %e0 = tensor.empty() : tensor<4xi64>
  %idx0 = linalg.fill ins(%c7 : i64) outs(%e0 : tensor<4xi64>) -> tensor<4xi64>
  %e1 = tensor.empty() : tensor<4xf32>
  %best0 = linalg.fill ins(%lowest : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = linalg.generic {{indexing_maps = [#in, #out, #out], iterator_types = ["parallel", "reduction"]}}
      ins(%x : tensor<4x6xf32>) outs(%best0, %idx0 : tensor<4xf32>, tensor<4xi64>) {{
  ^bb0(%in: f32, %best: f32, %idx: i64):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %m = arith.maximumf %in, %best : f32
    %gt = arith.cmpf {predicate}, %in, %best : f32
    %s = arith.select %gt, %ii, %idx : i64
    linalg.yield %m, %s : f32, i64
  }} -> (tensor<4xf32>, tensor<4xi64>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xi64>
}}"""


def _sequential_argmax(x, predicate, init_best, init_index=7):
    """The body, point by point: what linalg means."""
    compare = {"ogt": lambda a, b: a > b, "oge": lambda a, b: a >= b}[predicate]
    bests, indices = [], []
    for row in x.tolist():
        best, index = init_best, init_index
        for k, v in enumerate(row):
            if compare(v, best):  # NaN compares false: ordered predicates
                index = k
            best = max(v, best) if not (np.isnan(v) or np.isnan(best)) else np.nan
        bests.append(best)
        indices.append(index)
    return np.array(bests, np.float32), np.array(indices)


@pytest.mark.parametrize("predicate", ["ogt", "oge"])
@pytest.mark.parametrize("init", ["0xFF800000", "2.5"])  # -inf (torch-mlir's), or a best to beat
def test_argmax_generic(predicate, init):
    # Ties in every row: ogt keeps the first (torch.argmax), oge the last. With init 2.5,
    # rows whose max does not beat it keep the initial index 7.
    x = np.array([[1, 3, 3, 0, 3, 2], [5, 5, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0], [1, 2, 2.5, 2, 1, 0]],
                 np.float32)
    best, index = boltc.interpret(_argmax_text(predicate, init), x)
    init_best = -np.inf if init.startswith("0x") else float(init)
    expected_best, expected_index = _sequential_argmax(x, predicate, init_best)
    np.testing.assert_array_equal(best, expected_best)
    np.testing.assert_array_equal(index, expected_index)


def test_argmax_with_nan_follows_the_select_chain():
    x = np.array([[1, np.nan, 5, 2, 0, 0], [3, 2, 1, 0, -1, np.nan], [0, 1, 2, 3, 4, 5],
                  [np.nan, 9, 9, 9, 9, 9]], np.float32)
    best, index = boltc.interpret(_argmax_text("ogt", "0xFF800000"), x)
    expected_best, expected_index = _sequential_argmax(x, "ogt", -np.inf)
    np.testing.assert_array_equal(best, expected_best)
    np.testing.assert_array_equal(index, expected_index)


def test_a_reduction_that_is_no_plain_combiner_runs_step_by_step(rng):
    # out = 0.5 * out + in: an exponential moving average, order-dependent.
    x = f32_values(rng, (3, 5))
    text = """
#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<3x5xf32>) -> tensor<3xf32> {
  %half = arith.constant 5.000000e-01 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<3xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<3x5xf32>) outs(%init : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %h = arith.mulf %out, %half : f32
    %s = arith.addf %h, %in : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>
  return %r : tensor<3xf32>
}"""
    (got,) = boltc.interpret(text, x)
    expected = []
    for row in x:
        acc = np.float32(0)
        for v in row:
            acc = np.float32(acc * np.float32(0.5)) + v
        expected.append(acc)
    np.testing.assert_array_equal(got, expected)


def test_generic_with_affine_maps_beyond_permutations(rng):
    # A strided 1-D convolution as a generic: out[i] += x[2 * i + k] * w[k].
    x, w = f32_values(rng, (11,)), f32_values(rng, (3,))
    text = """
#x = affine_map<(d0, d1) -> (d0 * 2 + d1)>
#w = affine_map<(d0, d1) -> (d1)>
#o = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<11xf32>, %w: tensor<3xf32>) -> tensor<5xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %r = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "reduction"]}
      ins(%x, %w : tensor<11xf32>, tensor<3xf32>) outs(%init : tensor<5xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<5xf32>
  return %r : tensor<5xf32>
}"""
    (got,) = boltc.interpret(text, x, w)
    expected = [sum(float(x[2 * i + k]) * float(w[k]) for k in range(3)) for i in range(5)]
    np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-6)


def test_f16_body_arithmetic_rounds_in_f16(rng):
    a, b = f32_values(rng, (64,)).astype(np.float16), f32_values(rng, (64,)).astype(np.float16)
    text = """
#id = affine_map<(d0) -> (d0)>
func.func @main(%a: tensor<64xf16>, %b: tensor<64xf16>) -> tensor<64xf16> {
  %e = tensor.empty() : tensor<64xf16>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<64xf16>, tensor<64xf16>) outs(%e : tensor<64xf16>) {
  ^bb0(%x: f16, %y: f16, %out: f16):
    %p = arith.mulf %x, %y : f16
    %s = arith.divf %p, %y : f16
    linalg.yield %s : f16
  } -> tensor<64xf16>
  return %r : tensor<64xf16>
}"""
    (got,) = boltc.interpret(text, a, b)
    expected = [np.float16(np.float16(x * y) / y) for x, y in zip(a, b)]
    np.testing.assert_array_equal(got, expected)


def test_generic_reduction_is_vectorized():
    # STYLE.md trap (b): xDSL's per-point interpreter takes seconds for a 48^3 matmul.
    n = 96
    text = f"""
#a = affine_map<(i, j, k) -> (i, k)>
#b = affine_map<(i, j, k) -> (k, j)>
#c = affine_map<(i, j, k) -> (i, j)>
func.func @main(%a: tensor<{n}x{n}xf32>, %b: tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32> {{
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<{n}x{n}xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32>
  %r = linalg.generic {{indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}}
      ins(%a, %b : tensor<{n}x{n}xf32>, tensor<{n}x{n}xf32>) outs(%init : tensor<{n}x{n}xf32>) {{
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  }} -> tensor<{n}x{n}xf32>
  return %r : tensor<{n}x{n}xf32>
}}"""
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal((n, n), np.float32), rng.standard_normal((n, n), np.float32)
    start = time.perf_counter()
    (got,) = boltc.interpret(text, a, b)
    assert time.perf_counter() - start < 5.0  # about 0.05 s; per point it would be minutes
    np.testing.assert_allclose(got, a.astype(np.float64) @ b, rtol=1e-4, atol=1e-4)


def test_named_ops_accumulate_into_their_init(rng):
    a, b, bias = f32_values(rng, (3, 4)), f32_values(rng, (4, 5)), f32_values(rng, (5,))
    text = """
func.func @main(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>, %bias: tensor<5xf32>) -> tensor<5x3xf32> {
  %e = tensor.empty() : tensor<3x5xf32>
  %init = linalg.broadcast ins(%bias : tensor<5xf32>) outs(%e : tensor<3x5xf32>) dimensions = [0]
  %m = linalg.matmul ins(%a, %b : tensor<3x4xf32>, tensor<4x5xf32>) outs(%init : tensor<3x5xf32>) -> tensor<3x5xf32>
  %e2 = tensor.empty() : tensor<5x3xf32>
  %t = linalg.transpose ins(%m : tensor<3x5xf32>) outs(%e2 : tensor<5x3xf32>) permutation = [1, 0]
  return %t : tensor<5x3xf32>
}"""
    (got,) = boltc.interpret(text, a, b, bias)
    expected = (a.astype(np.float64) @ b + bias).T
    np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-6)


def test_elementwise_named_ops_run_their_hidden_bodies(rng):
    a, b = f32_values(rng, (2, 3)), f32_values(rng, (2, 3))
    text = """
func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %e = tensor.empty() : tensor<2x3xf32>
  %s = linalg.sub ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %x = linalg.exp ins(%s : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %m = linalg.max ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %x, %m : tensor<2x3xf32>, tensor<2x3xf32>
}"""
    exp, maximum = boltc.interpret(text, a, b)
    np.testing.assert_allclose(exp, np.exp((a - b).astype(np.float64)), rtol=1e-6)
    np.testing.assert_array_equal(maximum, np.maximum(a, b))


def test_conv_2d_nhwc_hwcf(rng):
    x, w = f32_values(rng, (1, 5, 5, 2)), f32_values(rng, (3, 3, 2, 4))
    text = """
func.func @main(%x: tensor<1x5x5x2xf32>, %w: tensor<3x3x2x4xf32>) -> tensor<1x2x2x4xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<1x2x2x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
      ins(%x, %w : tensor<1x5x5x2xf32>, tensor<3x3x2x4xf32>) outs(%init : tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32>
  return %y : tensor<1x2x2x4xf32>
}"""
    (got,) = boltc.interpret(text, x, w)
    expected = np.zeros((1, 2, 2, 4))
    for p, q, f in np.ndindex(2, 2, 4):
        expected[0, p, q, f] = sum(float(x[0, 2 * p + r, 2 * q + s, c]) * float(w[r, s, c, f])
                                   for r in range(3) for s in range(3) for c in range(2))
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-6)


def test_tensor_pad_region_may_depend_on_the_index(rng):
    x = f32_values(rng, (2, 2))
    text = """
func.func @main(%x: tensor<2x2xf32>) -> tensor<3x4xf32> {
  %p = tensor.pad %x low[1, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %c = arith.index_cast %s : index to i64
    %f = arith.sitofp %c : i64 to f32
    tensor.yield %f : f32
  } : tensor<2x2xf32> to tensor<3x4xf32>
  return %p : tensor<3x4xf32>
}"""
    (got,) = boltc.interpret(text, x)
    expected = np.array([[i + j for j in range(4)] for i in range(3)], np.float32)
    expected[1:3, 1:3] = x
    np.testing.assert_array_equal(got, expected)


def test_tensor_slices_and_concat(rng):
    x = f32_values(rng, (4, 6))
    text = """
func.func @main(%x: tensor<4x6xf32>) -> tensor<5x3xf32> {
  %a = tensor.extract_slice %x[1, 0] [1, 3] [1, 2] : tensor<4x6xf32> to tensor<3xf32>
  %b = tensor.expand_shape %a [[0, 1]] output_shape [1, 3] : tensor<3xf32> into tensor<1x3xf32>
  %c = tensor.extract_slice %x[0, 3] [4, 3] [1, 1] : tensor<4x6xf32> to tensor<4x3xf32>
  %d = tensor.concat dim(0) %b, %c : (tensor<1x3xf32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %d : tensor<5x3xf32>
}"""
    (got,) = boltc.interpret(text, x)
    np.testing.assert_array_equal(got, np.concatenate([x[1:2, 0:6:2], x[:, 3:]]))


def test_failing_assert_is_a_located_error():
    text = """func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<3xf32>) outs(%e : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %nz = arith.cmpf one, %in, %zero : f32
    cf.assert %nz, "unimplemented: tensor with zero element"
    linalg.yield %in : f32
  } -> tensor<3xf32>
  return %r : tensor<3xf32>
}"""
    (ok,) = boltc.interpret(text, np.array([1, 2, 3], np.float32))
    np.testing.assert_array_equal(ok, [1, 2, 3])
    with pytest.raises(BoltcError, match="assertion failed: unimplemented") as caught:
        boltc.interpret(text, np.array([1, 0, 3], np.float32))
    assert str(caught.value).startswith("<input>:8:")  # the cf.assert's line
