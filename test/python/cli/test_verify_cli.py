"""`boltc verify` as a user runs it, without a GPU: --reference-only reports, exit statuses,
the overflow report, --precision-override, --json, and every refusal a clear message (exit 1
for the input, 2 for the command line), never a traceback. The compiled side runs in
test/gpu/test_verify_gpu.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_helpers import DATA, REPO, run_boltc

from boltc.tools.verify import TOLERANCES, build_parser

MLP = DATA / "mlp_gelu.mlir"
OVERFLOW_F16 = REPO / "test" / "python" / "tools" / "overflow_f16.mlir"


def _no_traceback(result) -> None:
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr


def test_boltc_help_lists_verify_and_verify_help_states_its_defaults():
    top = run_boltc("--help")
    assert top.returncode == 0 and "boltc verify ..." in " ".join(top.stdout.split())
    result = run_boltc("verify", "--help")
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    for precision, tolerance in TOLERANCES.items():
        assert f"{precision} {tolerance:g}" in text
    assert "standard normal" in text and "--reference-only" in text and "OP=f32" in text


def test_every_flag_of_help_is_tested():
    tested = {"model", "--precision", "--arch", "--seed", "--precision-override", "--tolerance",
              "--reference-only", "--locate", "--jobs", "--json", "--help"}
    offered = {a.dest if not a.option_strings else max(a.option_strings, key=len)
               for a in build_parser()._actions}
    assert offered == tested  # a new flag needs a test here (--jobs: test/gpu/test_verify_gpu.py)


@pytest.mark.parametrize("precision", ["f16", "bf16"])
def test_reference_only_within_tolerance_exits_0(precision):
    result = run_boltc("verify", MLP, "--reference-only", "--precision", precision, "--json")
    _no_traceback(result)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["passed"] and report["precision"] == precision and report["seed"] == 0
    (output,) = report["outputs"]
    assert output["shape"] == [4, 10] and output["tolerance"] == TOLERANCES[precision]
    assert 1e-5 < output["relative_error"] < TOLERANCES[precision]  # rounding seen, within bounds
    assert output["max_abs_error"] >= output["mean_abs_error"] > 0


def test_text_report_and_seed():
    first = run_boltc("verify", MLP, "--reference-only", "--seed", "7")
    again = run_boltc("verify", MLP, "--reference-only", "--seed", "7")
    other = run_boltc("verify", MLP, "--reference-only", "--seed", "8")
    assert first.returncode == 0 and first.stdout == again.stdout != other.stdout
    assert "seed 7" in first.stdout and first.stdout.rstrip().endswith("PASSED")
    assert "max abs err" in first.stdout and "4x10" in first.stdout


def test_overflow_exits_1_and_names_the_op_and_line():
    result = run_boltc("verify", OVERFLOW_F16, "--reference-only")
    _no_traceback(result)
    assert result.returncode == 1
    assert "first overflow: " in result.stdout and "overflow_f16.mlir:10:3: 'bolt.ew.mul' overflowed f16" in result.stdout
    assert "--precision-override overflow_f16.mlir:10=f32" in result.stdout
    assert f"{OVERFLOW_F16}: error: verify failed: output(s) 0" in result.stderr


def test_precision_override_by_location_repairs_it():
    result = run_boltc("verify", OVERFLOW_F16, "--reference-only", "--json", "--locate",
                       "--precision-override", "overflow_f16.mlir:10=f32",
                       "--precision-override", "overflow_f16.mlir:11=f32")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["keep_f32"] == ["overflow_f16.mlir:10", "overflow_f16.mlir:11"]
    assert report["nonfinite_ops"] == [] and report["passed"]


def test_tolerance_decides_the_exit_status():
    strict = run_boltc("verify", MLP, "--reference-only", "--tolerance", "1e-6")
    assert strict.returncode == 1 and "FAILED: 1 of 1 outputs" in strict.stdout
    assert "error: verify failed: output(s) 0 beyond tolerance" in strict.stderr
    _no_traceback(strict)


def test_json_on_failure_is_still_json():
    result = run_boltc("verify", OVERFLOW_F16, "--reference-only", "--json")
    assert result.returncode == 1
    report = json.loads(result.stdout)
    assert not report["passed"] and report["first_overflow"]["op"] == "bolt.ew.mul"
    assert report["first_overflow"]["overflow"] and report["outputs"][0]["nonfinite"] > 0


@pytest.mark.parametrize("override,message", [
    ("bolt.softmax", "expected OP=f32"),
    ("=f32", "expected OP=f32"),
    ("bolt.ew.mul=f16", "ops can be kept in f32 only (OP=f32), not 'f16'"),
])
def test_bad_override_syntax_is_a_usage_error(override, message):
    result = run_boltc("verify", MLP, "--reference-only", "--precision-override", override)
    assert result.returncode == 2 and message in result.stderr
    _no_traceback(result)


@pytest.mark.parametrize("args", [["--tolerance", "0"], ["--tolerance", "x"], ["--precision", "f8"],
                                  ["--arch", "sm_70"], ["--seed", "one"], ["--jobs", "0"]])
def test_bad_flags_are_usage_errors(args):
    result = run_boltc("verify", MLP, "--reference-only", *args)
    assert result.returncode == 2 and "usage: boltc verify" in result.stderr


@pytest.mark.parametrize("override,message", [
    ("Nope_3=f32", "keep-f32 'Nope_3' (graph node) matches no op"),
    ("bolt.ew.nope=f32", "keep-f32 names 'bolt.ew.nope', which is no bolt op"),
])
def test_an_override_naming_nothing_exits_1(override, message):
    result = run_boltc("verify", MLP, "--reference-only", "--precision-override", override)
    assert result.returncode == 1 and f"{MLP}: error: convert-precision: {message}" in result.stderr
    _no_traceback(result)


def test_overriding_a_gemm_is_a_located_error():
    result = run_boltc("verify", MLP, "--reference-only", "--precision-override", "bolt.gemm=f32")
    assert result.returncode == 1
    assert f"{MLP}:22:5: error: 'bolt.gemm': cannot be kept in f32" in result.stderr and "tf32" in result.stderr
    _no_traceback(result)


def test_override_with_precision_f32_exits_1():
    result = run_boltc("verify", MLP, "--reference-only", "--precision", "f32",
                       "--precision-override", "bolt.ew.gelu=f32")
    assert result.returncode == 1 and "means nothing with precision f32" in result.stderr


def test_missing_file_exits_1(tmp_path: Path):
    missing = tmp_path / "nothere.mlir"
    result = run_boltc("verify", missing, "--reference-only")
    assert result.returncode == 1 and f"{missing}: error: no such file" in result.stderr
    _no_traceback(result)


def test_without_a_gpu_verify_says_so_and_exits_1():
    # CUDA_VISIBLE_DEVICES="" hides every device, on the GPU machine too.
    result = run_boltc("verify", MLP, env={"CUDA_VISIBLE_DEVICES": ""})
    assert result.returncode == 1
    assert "error: verify runs the compiled model on a CUDA GPU" in result.stderr
    assert "--reference-only" in result.stderr and result.stdout == ""
    _no_traceback(result)
