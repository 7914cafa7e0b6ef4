"""boltc.tools.verify as a Python API, without a GPU: the comparison of one output, random
inputs, and whole verifications whose checked side is the reference executor at the compute
precision (the optimized IR, as --reference-only) or at another precision than the report's
tolerance expects (a real difference the comparison must see)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from boltc.compiler import optimize
from boltc.diagnostics import BoltcError
from boltc.frontends import load
from boltc.interpret import find_function
from boltc.tools.verify import TOLERANCES, compare_output, random_inputs, reference_side, verify

DATA = Path(__file__).resolve().parents[2] / "data"
MLP = DATA / "mlp_gelu.mlir"
OVERFLOW_F16 = Path(__file__).resolve().parent / "overflow_f16.mlir"


def test_compare_output_measures_what_it_says():
    reference = np.array([1.0, -4.0, 2.0], np.float32)
    actual = np.array([1.01, -4.0, 2.0], np.float32)
    within = compare_output(0, reference, actual, tolerance=1e-2)
    np.testing.assert_allclose(within.max_abs_error, 0.01, rtol=1e-5)
    np.testing.assert_allclose(within.mean_abs_error, 0.01 / 3, rtol=1e-5)
    assert within.scale == 4.0
    np.testing.assert_allclose(within.relative_error, 0.0025, rtol=1e-5)
    assert within.passed and within.nonfinite == 0 and within.shape == (3,)
    assert not compare_output(0, reference, actual, tolerance=1e-3).passed
    same = compare_output(1, reference, reference, tolerance=0.0 + 1e-12)
    assert (same.max_abs_error, same.mean_abs_error, same.relative_error, same.passed) == (0.0, 0.0, 0.0, True)


def test_compare_output_counts_inf_and_nan_the_reference_lacks():
    reference = np.array([1.0, -np.inf, np.nan, np.inf, 5.0])
    actual = np.array([np.inf, -np.inf, np.nan, 3.0, 5.0])
    result = compare_output(0, reference, actual, tolerance=1.0)
    # [0]: inf for 1.0; [3]: a finite value for inf. [1] and [2] are the reference's own.
    assert result.nonfinite == 2 and result.reference_nonfinite == 3 and not result.passed
    assert result.max_abs_error == 0.0  # only [4] is finite on both sides
    assert compare_output(0, reference, reference, tolerance=1e-9).passed


def test_compare_output_of_an_all_zero_reference_is_absolute():
    result = compare_output(0, np.zeros(4), np.full(4, 1e-3), tolerance=1e-2)
    assert result.scale == 0.0 and result.relative_error == pytest.approx(1e-3) and result.passed


def test_compare_output_refuses_a_shape_mismatch():
    with pytest.raises(BoltcError, match=r"output 2 has shape \[3\] on the checked side, \[4\] in the reference"):
        compare_output(2, np.zeros(4), np.zeros(3), tolerance=1.0)


def test_random_inputs_are_seeded_standard_normal_of_each_input_type():
    function = find_function(load(MLP), "main")
    a, b, c = random_inputs(function, 0), random_inputs(function, 0), random_inputs(function, 1)
    assert [x.shape for x in a] == [(4, 37)] and a[0].dtype == np.float32
    np.testing.assert_array_equal(a[0], b[0])
    assert not np.array_equal(a[0], c[0])
    np.testing.assert_array_equal(a[0], np.random.default_rng(0).standard_normal((4, 37)).astype(np.float32))
    half = find_function(load(DATA / "half" / "mlp_gelu_f16.mlir"), "main")
    assert random_inputs(half, 0)[0].dtype == np.float16
    bf16 = random_inputs(find_function(load(DATA / "half" / "mlp_gelu_bf16.mlir"), "main"), 0)[0]
    assert bf16.dtype == np.float32 and not (bf16.view(np.uint32) & 0xFFFF).any()  # bf16 values


def test_reference_only_passes_with_real_errors_below_tolerance():
    report = verify(str(MLP), precision="f16", reference_only=True)
    assert report.passed and report.nonfinite_ops is None
    (output,) = report.outputs
    # f16 rounding is visible, and far below the tolerance (measured ~4e-4 relative).
    assert 1e-5 < output.relative_error < TOLERANCES["f16"] and output.nonfinite == 0


def test_the_comparison_tells_bf16_from_f16():
    """The checked side is the reference at bf16 (the optimized IR for bf16), the tolerance one
    that f16 meets and bf16's 8 significant bits do not: verify must fail it."""
    bf16_model = reference_side(optimize(load(MLP), "sm_90a", "bf16"))
    as_bf16 = verify(str(MLP), precision="f16", checked=bf16_model, checked_name="bf16", tolerance=1e-3)
    as_f16 = verify(str(MLP), precision="f16", reference_only=True, tolerance=1e-3)
    assert as_f16.passed and not as_bf16.passed
    assert as_bf16.outputs[0].relative_error > 2 * as_f16.outputs[0].relative_error
    assert "FAILED: 1 of 1 outputs" in as_bf16.text()


def test_overflow_is_reported_with_the_op_that_overflowed():
    report = verify(str(OVERFLOW_F16), precision="f16", reference_only=True)
    assert not report.passed
    x = np.random.default_rng(0).standard_normal((4, 8))  # seed 0, as verify draws them
    big = (x.astype(np.float32).astype(np.float16).astype(np.float64) * 400).astype(np.float16).astype(np.float64)
    with np.errstate(over="ignore"):
        overflowing = int(np.isinf((big * big).astype(np.float16)).sum())
    assert report.outputs[0].nonfinite == overflowing > 0
    blamed = report.blamed()
    assert (blamed.op_name, blamed.location.line, blamed.overflow) == ("bolt.ew.mul", 10, True)
    assert "--precision-override overflow_f16.mlir:10=f32" in report.text()
    assert report.as_json()["first_overflow"]["location"].endswith("overflow_f16.mlir:10:3")


def test_keeping_the_overflowing_ops_in_f32_passes():
    report = verify(str(OVERFLOW_F16), precision="f16", reference_only=True, locate=True,
                    keep_f32=("overflow_f16.mlir:10", "overflow_f16.mlir:11"))
    assert report.passed and report.nonfinite_ops == ()
    assert "every op's result stays finite" in report.text()


def test_a_torch_module_takes_its_shapes_from_example_inputs():
    torch = pytest.importorskip("torch")
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(16, 8), torch.nn.GELU(), torch.nn.Linear(8, 4))
    report = verify(net, (torch.zeros(3, 16),), precision="bf16", reference_only=True)
    assert report.passed and report.outputs[0].shape == (3, 4)
    assert 1e-5 < report.outputs[0].relative_error < TOLERANCES["bf16"]


def test_optimized_ir_is_refused():
    from io import StringIO

    from xdsl.printer import Printer

    text = StringIO()
    Printer(stream=text).print_op(optimize(load(MLP), "sm_90a", "f16"))
    with pytest.raises(BoltcError, match="optimized already"):
        verify(text.getvalue(), reference_only=True)


def test_without_a_gpu_the_compiled_side_is_refused_before_any_work(monkeypatch):
    import boltc.tools.verify as tool

    monkeypatch.setattr(tool, "cuda_device_blocker", lambda: "no CUDA device")
    monkeypatch.setattr(tool, "compiled_side", lambda *a: pytest.fail("built without a GPU"))
    with pytest.raises(BoltcError, match="verify runs the compiled model on a CUDA GPU.*no CUDA device"):
        verify(str(MLP))
