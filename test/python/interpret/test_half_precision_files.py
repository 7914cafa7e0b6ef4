"""The f16/bf16 torch-mlir exports (test/data/half, test/data/ops/half) against the float32
model: as written (linalg on tensors), imported, and raised. And the mixed-precision named
ops those exports use, against per-point loops.

The npz outputs are the float32 model's on the rounded inputs (test/data/README.md): a half
export must come within 3e-2 of each output's range (max - min). Measured on these files:
at most 6.3e-4 (f16) and 5.6e-3 (bf16) of the range.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from interpret_ir import f32_values

import boltc
from boltc.dialects.resources import bf16_bits_to_f32, f32_to_bf16_bits
from boltc.frontends import load
from boltc.frontends.mlir import import_linalg
from boltc.frontends.source import read_mlir_file
from boltc.passes.raise_bolt import raise_bolt

DATA = Path(__file__).resolve().parents[2] / "data"
HALF_EXPORTS = sorted((DATA / "half").glob("*.mlir")) + sorted((DATA / "ops" / "half").glob("*.mlir"))
RANGE_FRACTION = 3e-2
ULP = {"f16": 2.0**-10, "bf16": 2.0**-7}


def half_id(path: Path) -> str:
    return ("ops/" if path.parent.parent.name == "ops" else "") + path.stem


def half_type(path: Path) -> str:
    return "bf16" if path.stem.endswith("_bf16") else "f16"


def assert_near_f32_reference(got, expected) -> None:
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert g.shape == e.shape
        scale = float(np.max(e) - np.min(e))
        error = float(np.max(np.abs(np.asarray(g, np.float64) - e)))
        assert error <= RANGE_FRACTION * scale, f"error {error:.3g}, output range {scale:.3g}"


def assert_holds_half_values(got, dtype: str) -> None:
    """f16 results as float16; bf16 results as float32 values that bf16 represents exactly."""
    for g in got:
        if dtype == "f16":
            assert g.dtype == np.float16
        else:
            assert g.dtype == np.float32
            np.testing.assert_array_equal(bf16_bits_to_f32(f32_to_bf16_bits(g)), g)


def test_there_are_half_exports_of_every_model_and_the_anchors():
    names = {half_id(p) for p in HALF_EXPORTS}
    for model in ("resnet_block", "mlp_gelu", "b2b_gemm", "small_cnn", "attention_block", "bn_residual_cnn"):
        assert {f"{model}_f16", f"{model}_bf16"} <= names
    for op in ("conv2d_nchw", "conv2d_grouped", "conv2d_depthwise", "matmul", "linear", "batch_matmul",
               "softmax", "layer_norm", "max_pool2d", "avg_pool2d", "gelu_erf"):
        assert {f"ops/{op}_f16", f"ops/{op}_bf16"} <= names


@pytest.mark.parametrize("path", HALF_EXPORTS, ids=half_id)
def test_half_export_as_written_is_near_the_f32_model(path: Path, read_saved_io):
    inputs, expected = read_saved_io(path)
    got = boltc.interpret(path, *inputs)
    assert_holds_half_values(got, half_type(path))
    assert_near_f32_reference(got, expected)


@pytest.mark.parametrize("path", HALF_EXPORTS, ids=half_id)
def test_half_export_imports_verifies_and_is_near_the_f32_model(path: Path, read_saved_io):
    """Imported and raised: bolt ops only, verified, the same values as the linalg as written
    up to the rounding that raising changes (an exact GELU constant, a fused f32 Linear read in
    its half operands), and near the float32 model."""
    inputs, expected = read_saved_io(path)
    module = load(str(path))
    foreign = {op.name for op in module.walk()} - {"builtin.module", "func.func", "func.return"}
    assert all(name.startswith("bolt.") for name in foreign), sorted(foreign)
    module.verify()
    got = boltc.interpret(module, *inputs)
    assert_holds_half_values(got, half_type(path))
    assert_near_f32_reference(got, expected)
    written = boltc.interpret(read_mlir_file(path), *inputs)
    for g, w in zip(got, written):
        scale = float(np.max(np.abs(w))) or 1.0
        assert float(np.max(np.abs(np.asarray(g, np.float64) - w))) <= 2 * ULP[half_type(path)] * scale


@pytest.mark.parametrize("path", HALF_EXPORTS, ids=half_id)
def test_literal_import_computes_what_the_linalg_computes(path: Path, read_saved_io):
    """The literal translation (import-linalg alone): f16 x f16 -> f32 anchors, f32 bias
    broadcasts and the extf/truncf casts mean what the linalg ops mean. Summation orders differ
    (numpy's matmul against an einsum), so an f16 store may round one ulp the other way."""
    inputs, _ = read_saved_io(path)
    written = boltc.interpret(read_mlir_file(path), *inputs)
    literal = import_linalg(read_mlir_file(path))
    literal.verify()
    imported = boltc.interpret(literal, *inputs)
    for g, w in zip(imported, written):
        assert g.dtype == w.dtype
        scale = float(np.max(np.abs(w))) or 1.0
        assert float(np.max(np.abs(np.asarray(g, np.float64) - w))) <= ULP[half_type(path)] * scale
    raise_bolt(literal)
    literal.verify()


# --------------------------------------------------------------------------------------
# The mixed-precision named ops, against per-point loops.
# --------------------------------------------------------------------------------------


MATMUL_F16_INTO_F32 = """
func.func @main(%a: tensor<3x5xf16>, %b: tensor<5x4xf16>) -> tensor<3x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.matmul ins(%a, %b : tensor<3x5xf16>, tensor<5x4xf16>) outs(%f : tensor<3x4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}"""


def test_f16_matmul_into_f32_accumulates_exact_products(rng):
    a = f32_values(rng, (3, 5)).astype(np.float16)
    b = f32_values(rng, (5, 4)).astype(np.float16)
    for module in (MATMUL_F16_INTO_F32, load(MATMUL_F16_INTO_F32)):
        (got,) = boltc.interpret(module, a, b)
        assert got.dtype == np.float32
        for i, j in np.ndindex(3, 4):
            # Each f16 product is exact in f64; the f32 sum of five differs by a few f32 ulps.
            exact = sum(float(a[i, k]) * float(b[k, j]) for k in range(5))
            assert abs(float(got[i, j]) - exact) <= 1e-6 * max(1.0, abs(exact))


def test_f32_matmul_into_f16_rounds_its_inputs_first(rng):
    """linalg converts each input element to the output's type before multiplying: f32 inputs
    of an f16 matmul are rounded to f16 (then, in boltc, summed in fp32 and rounded once)."""
    text = MATMUL_F16_INTO_F32.replace("f16", "TMP").replace("f32", "f16").replace("TMP", "f32")
    a, b = f32_values(rng, (3, 5)), f32_values(rng, (5, 4))
    expected = (a.astype(np.float16).astype(np.float64) @ b.astype(np.float16).astype(np.float64)).astype(np.float16)
    for module in (text, load(text)):
        (got,) = boltc.interpret(module, a, b)
        assert got.dtype == np.float16
        np.testing.assert_array_equal(got, expected)


def test_bf16_conv_into_an_f32_bias(rng):
    """torch-mlir's half convolution: bf16 image and filter, accumulated into a broadcast f32
    bias; raw, imported and a loop over output pixels agree."""
    text = """
func.func @main(%x: tensor<1x2x5x5xbf16>, %w: tensor<3x2x3x3xbf16>, %bias: tensor<3xf32>) -> tensor<1x3x3x3xf32> {
  %e = tensor.empty() : tensor<1x3x3x3xf32>
  %b = linalg.broadcast ins(%bias : tensor<3xf32>) outs(%e : tensor<1x3x3x3xf32>) dimensions = [0, 2, 3]
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x5x5xbf16>, tensor<3x2x3x3xbf16>) outs(%b : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  return %r : tensor<1x3x3x3xf32>
}"""
    x = bf16_bits_to_f32(f32_to_bf16_bits(f32_values(rng, (1, 2, 5, 5))))
    w = bf16_bits_to_f32(f32_to_bf16_bits(f32_values(rng, (3, 2, 3, 3))))
    bias = f32_values(rng, (3,))
    expected = np.zeros((1, 3, 3, 3))
    for f, p, q in np.ndindex(3, 3, 3):
        expected[0, f, p, q] = bias[f] + np.sum(x[0, :, p:p + 3, q:q + 3].astype(np.float64) * w[f])
    for module in (text, load(text)):
        (got,) = boltc.interpret(module, x, w, bias)
        np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-6)


def test_bf16_max_pool_into_f32(rng):
    text = """
func.func @main(%x: tensor<1x2x4x4xbf16>) -> tensor<1x2x2x2xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %w = tensor.empty() : tensor<2x2xbf16>
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xbf16>, tensor<2x2xbf16>) outs(%f : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %r : tensor<1x2x2x2xf32>
}"""
    x = bf16_bits_to_f32(f32_to_bf16_bits(f32_values(rng, (1, 2, 4, 4))))
    expected = x.reshape(1, 2, 2, 2, 2, 2).max(axis=(3, 5))
    for module in (text, load(text)):
        (got,) = boltc.interpret(module, x)
        assert got.dtype == np.float32
        np.testing.assert_array_equal(got, expected)


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(7)
