"""The `boltc` command on good input, and its options (DESIGN.md, 'Who uses it, and how')."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import numpy as np
from cli_helpers import COMMAND_TIMEOUT_S, DATA, REPO, run_boltc

import boltc

MODEL = DATA / "mlp_gelu.mlir"


def test_readme_first_command_runs_the_console_script():
    """`boltc examples/mlp_gelu.mlir --emit bolt`, through the installed `boltc` script."""
    script = shutil.which("boltc", path=str(Path(sys.executable).parent)) or shutil.which("boltc")
    if script is None:
        pytest.skip("the boltc console script is not installed (pip install -e .)")
    result = subprocess.run([script, "examples/mlp_gelu.mlir", "--emit", "bolt"], cwd=REPO,
                            capture_output=True, text=True, timeout=COMMAND_TIMEOUT_S)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "bolt.gemm" in result.stdout and "bolt.ew.gelu" in result.stdout
    assert "linalg." not in result.stdout


@pytest.mark.parametrize("name", ["mlp_gelu.mlir", "resnet_block.mlir"])
def test_examples_are_the_test_data_models(name: str):
    assert (REPO / "examples" / name).read_bytes() == (DATA / name).read_bytes()


def test_output_file_equals_stdout_and_parses_back(tmp_path: Path, read_saved_io):
    out = tmp_path / "model.bolt.mlir"
    to_file = run_boltc(DATA / "resnet_block.mlir", "--emit", "bolt", "-o", out)
    to_stdout = run_boltc(DATA / "resnet_block.mlir", "--emit", "bolt")
    assert to_file.returncode == 0 and to_stdout.returncode == 0, to_file.stderr + to_stdout.stderr
    assert to_file.stdout == ""
    assert out.read_text() == to_stdout.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name]  # no temporary left
    reparsed = subprocess.run([sys.executable, "-m", "boltc.opt", str(out)], capture_output=True,
                              text=True, timeout=COMMAND_TIMEOUT_S)
    assert reparsed.returncode == 0, reparsed.stderr
    assert reparsed.stdout == out.read_text()  # bolt IR is a fixed point of boltc-opt
    # boltc takes its own output as input (the graph passes run again; they may find more to
    # do, e.g. a pad that now meets a transpose, so equal values, not equal text).
    again_path = tmp_path / "again.mlir"
    again = run_boltc(out, "-o", again_path, "-q")
    assert again.returncode == 0, again.stderr
    inputs, _ = read_saved_io(DATA / "resnet_block.mlir")
    first = boltc.interpret(str(out), *inputs)
    second = boltc.interpret(str(again_path), *inputs)
    for a, b in zip(first, second):
        np.testing.assert_allclose(a, b, rtol=1e-2, atol=1e-2)  # both f16 inside; rounding differs


def test_default_emit_is_bolt(tmp_path: Path):
    explicit = run_boltc(MODEL, "--emit", "bolt")
    assert explicit.returncode == 0, explicit.stderr
    assert run_boltc(MODEL).stdout == explicit.stdout  # no -o, no --emit: bolt on stdout
    assert run_boltc(MODEL, "-o", "-").stdout == explicit.stdout  # -o -: stdout too
    out = tmp_path / "model.mlir"
    assert run_boltc(MODEL, "-o", out, "-q").returncode == 0  # -o *.mlir: bolt
    assert out.read_text() == explicit.stdout


def test_output_replaces_an_existing_file_with_normal_permissions(tmp_path: Path):
    out = tmp_path / "model.mlir"
    out.write_text("old contents\n")
    result = run_boltc(MODEL, "-o", out)
    assert result.returncode == 0, result.stderr
    assert out.read_text().startswith("builtin.module")
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name]
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~umask  # not mkstemp's 0600


def test_quiet_silences_the_note_about_the_output(tmp_path: Path):
    out = tmp_path / "model.mlir"
    loud = run_boltc(MODEL, "-o", out)
    assert loud.returncode == 0 and str(out) in loud.stderr
    quiet = run_boltc(MODEL, "-o", out, "-q")
    assert quiet.returncode == 0 and quiet.stderr == ""


@pytest.mark.parametrize("arch", ["sm_90a", "sm_80"])
def test_supported_arches_are_accepted(arch: str):
    result = run_boltc(MODEL, "--arch", arch)
    assert result.returncode == 0, result.stderr


def test_unsupported_arch_is_a_usage_error():
    result = run_boltc(MODEL, "--arch", "sm_70")
    assert result.returncode == 2
    assert "argument --arch: unknown arch 'sm_70' (known: sm_90a, sm_80)" in result.stderr
    assert "Traceback" not in result.stderr


def test_version():
    result = run_boltc("--version")
    assert result.returncode == 0
    assert result.stdout.startswith("boltc ")


def _run_main_with_failure(failure: str, env: dict[str, str] | None = None):
    """boltc's main() with the model loading replaced by `raise <failure>`."""
    program = (
        "import sys, boltc.cli as cli\n"
        f"def fail(*args, **kwargs): raise {failure}\n"
        "cli.bolt_text = fail\n"
        f"sys.exit(cli.main([{str(MODEL)!r}]))\n"
    )
    return subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          timeout=COMMAND_TIMEOUT_S, env={**os.environ, **(env or {})})


def test_internal_error_is_reported_as_a_bug_without_traceback():
    result = _run_main_with_failure("RuntimeError('boom')", env={"BOLTC_DEBUG": "0"})
    assert result.returncode == 3
    assert result.stderr.startswith("boltc: internal error: RuntimeError: boom\n")
    assert "report" in result.stderr and "BOLTC_DEBUG=1" in result.stderr
    assert "Traceback" not in result.stderr


def test_internal_error_traceback_with_boltc_debug():
    result = _run_main_with_failure("RuntimeError('boom')", env={"BOLTC_DEBUG": "1"})
    assert result.returncode == 3
    assert "boltc: internal error: RuntimeError: boom" in result.stderr
    assert "Traceback" in result.stderr


def test_keyboard_interrupt_exits_130_with_one_line():
    result = _run_main_with_failure("KeyboardInterrupt")
    assert result.returncode == 130
    assert result.stderr == "boltc: interrupted\n" and result.stdout == ""
