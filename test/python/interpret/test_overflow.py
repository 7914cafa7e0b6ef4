"""The overflow locator (boltc/interpret/overflow.py): the first op whose result turns inf/NaN
at the compute precision, its location, and the magnitude it had to round; nothing where the
model stays finite; the module left as it was."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
from xdsl.printer import Printer

from boltc.compiler import optimize
from boltc.frontends import load
from boltc.interpret import run_module
from boltc.interpret.overflow import FLOAT_MAX, first_overflow, locate_nonfinite
from boltc.passes.convert_precision import convert_precision

OVERFLOW_F16 = Path(__file__).resolve().parents[1] / "tools" / "overflow_f16.mlir"
SQUARE_LINE = 10  # the line of %square in overflow_f16.mlir


def _x(seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal((4, 8)).astype(np.float32)


def _text(module) -> str:
    out = io.StringIO()
    Printer(stream=out).print_op(module)
    return out.getvalue()


def test_names_the_op_that_overflows_f16_with_its_magnitude():
    x = _x()
    module = optimize(load(OVERFLOW_F16), "sm_90a", "f16", where=str(OVERFLOW_F16))
    assert not np.isfinite(run_module(module, x)[0]).all()  # the premise: the f16 model overflows
    found = locate_nonfinite(module, x, where=str(OVERFLOW_F16))
    assert len(found) == 1  # the ops after it see an inf already: they introduce nothing
    square = found[0]
    assert first_overflow(found) is square
    assert (square.op_name, square.location.line) == ("bolt.ew.mul", SQUARE_LINE)
    assert square.location.file == str(OVERFLOW_F16)
    assert square.element_type == "f16" and square.overflow and square.has_inf and not square.has_nan
    # What the f16 model computes, by hand: big = f16(f16(x) * 400), square = big^2.
    big = (x.astype(np.float16).astype(np.float64) * 400).astype(np.float16).astype(np.float64)
    exact = big * big
    with np.errstate(over="ignore"):
        assert square.nonfinite == int(np.isinf(exact.astype(np.float16)).sum()) > 0
    assert square.elements == x.size
    np.testing.assert_allclose(square.f32_magnitude, exact.max(), rtol=1e-6)  # one f32 rounding
    assert square.f32_magnitude > FLOAT_MAX["f16"]
    np.testing.assert_allclose(square.largest_operand, np.abs(big).max())
    assert f"overflow_f16.mlir:{SQUARE_LINE}:3: 'bolt.ew.mul' overflowed f16" in str(square)


def test_nothing_where_the_model_stays_finite():
    x = _x()
    assert locate_nonfinite(load(OVERFLOW_F16), x) == []  # f32: 8.6e5 is nothing
    # bf16 keeps f32's exponent range.
    assert locate_nonfinite(optimize(load(OVERFLOW_F16), "sm_90a", "bf16"), x) == []


def test_inputs_that_do_not_reach_the_limit_find_nothing():
    x = np.full((4, 8), 0.5, np.float32)  # (400 * 0.5)^2 = 40000 < 65504
    assert locate_nonfinite(optimize(load(OVERFLOW_F16), "sm_90a", "f16"), x) == []


def test_the_module_is_left_as_it_was():
    module = optimize(load(OVERFLOW_F16), "sm_90a", "f16")
    before = _text(module)
    locate_nonfinite(module, _x())
    assert _text(module) == before
    module.verify()


GEMM_THEN_SCALE = """func.func @main(%x: tensor<4x8xf32>) -> tensor<4x4xf32> {
  %w = bolt.constant dense<2.000000e+04> : tensor<8x4xf32>
  %s = bolt.constant dense<1.000000e-03> : tensor<1x1xf32>
  %g = bolt.gemm %x, %w : tensor<4x8xf32>, tensor<8x4xf32> -> tensor<4x4xf32> {
  ^bb0(%acc: tensor<4x4xf32>):
    bolt.yield %acc : tensor<4x4xf32>
  }
  %y = bolt.ew.mul %g, %s : tensor<4x4xf32>, tensor<1x1xf32> -> tensor<4x4xf32>
  func.return %y : tensor<4x4xf32>
}
"""


def test_an_anchor_result_beyond_f16_is_the_anchor_and_the_optimized_ir_decides():
    """Converted but not optimized, the GEMM rounds sums of up to 8 x 2e4 x |x| to f16 and
    overflows; the pipeline folds the scale into the weights, and the compiled model (which
    the optimized IR describes) does not overflow: the locator must run what is compiled."""
    x = _x(1)
    converted = load(GEMM_THEN_SCALE)
    convert_precision(converted, "f16")
    (gemm,) = locate_nonfinite(converted, x)
    assert (gemm.op_name, gemm.location.line, gemm.overflow) == ("bolt.gemm", 4, True)
    expected = np.abs(x.astype(np.float16).astype(np.float64) @ np.full((8, 4), 2e4)).max()
    np.testing.assert_allclose(gemm.f32_magnitude, expected, rtol=1e-6)
    assert locate_nonfinite(optimize(load(GEMM_THEN_SCALE), "sm_90a", "f16"), x) == []


def test_a_nan_the_model_makes_in_any_precision_is_no_overflow():
    text = """func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  %n = bolt.ew.neg %x : tensor<8xf32> -> tensor<8xf32>
  %a = bolt.ew.abs %x : tensor<8xf32> -> tensor<8xf32>
  %m = bolt.ew.min %n, %a : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
  %r = bolt.ew.sqrt %m : tensor<8xf32> -> tensor<8xf32>
  func.return %r : tensor<8xf32>
}
"""
    x = np.linspace(-1, 1, 8, dtype=np.float32)  # min(-x, |x|) = -x < 0 where x > 0
    (sqrt,) = locate_nonfinite(load(text), x)
    assert (sqrt.op_name, sqrt.location.line) == ("bolt.ew.sqrt", 5)
    assert sqrt.has_nan and not sqrt.has_inf and sqrt.nonfinite == int((x > 0).sum()) == 4
    assert sqrt.f32_finite is False and not sqrt.overflow
    assert "in f32 as well" in sqrt.explanation()


def test_a_weight_beyond_f16_is_the_constant():
    text = """func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = bolt.constant dense<1.000000e+05> : tensor<4xf32>
  %y = bolt.ew.mul %x, %c : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  func.return %y : tensor<4xf32>
}
"""
    module = load(text)
    with np.errstate(over="ignore"):  # converting the weight to f16 overflows: the point
        convert_precision(module, "f16")
    found = locate_nonfinite(module, np.ones(4, np.float32))
    assert [f.op_name for f in found] == ["bolt.constant"]  # the mul reads an inf: not its doing
    assert found[0].f32_finite is None and found[0].largest_operand is None
    assert first_overflow(found) is found[0]  # nothing better to blame
    assert "holds non-finite values" in str(found[0])


def test_limit_caps_the_list_in_run_order():
    text = """func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = bolt.ew.log %x : tensor<4xf32> -> tensor<4xf32>
  %b = bolt.ew.log %y : tensor<4xf32> -> tensor<4xf32>
  func.return %a, %b : tensor<4xf32>, tensor<4xf32>
}
"""
    zeros = np.zeros(4, np.float32)
    both = locate_nonfinite(load(text), zeros, zeros)
    assert [f.location.line for f in both] == [2, 3]
    assert [f.location.line for f in locate_nonfinite(load(text), zeros, zeros, limit=1)] == [2]
