"""Every flag `boltc --help` offers does what it says (boltc/cli.py's docstring lists the
promises). Builds run the fake nvcc of cli_helpers (real ELF files in a moment), so what boltc
does around nvcc is tested here without minutes of compiling; test_interrupt.py and the
`nvcc`-marked tests run the real one."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
from pathlib import Path

import pytest

from cli_helpers import (
    DATA,
    NVCC_TIMEOUT_S,
    boltc_command,
    fake_build_env,
    leftovers,
    run_boltc,
)

from boltc.cli import CPP_MANIFEST, build_parser

GEMMS = DATA / "mlp_gelu.mlir"  # three GEMMs (GELU between): fuse-b2b on sm_90a pairs the first two
# The three GEMM kernels apart, for the tests that count or name them (fusion has its own tests).
THREE_GEMMS = (GEMMS, "--no-fuse-b2b")
B2B = DATA / "b2b_gemm.mlir"  # a GEMM pair fuse-b2b leaves apart: its f32 output no b2b kernel writes
NO_KERNELS = DATA / "ops" / "softmax.mlir"  # runtime and host file only
ELF = b"\x7fELF"

# The flags of --help and the tests below that hold each to its word.
FLAG_TESTS = {
    "model": ["test_every_emit_and_output_combination_writes_what_it_names"],
    "--output": ["test_every_emit_and_output_combination_writes_what_it_names", "test_output_in_a_missing_directory"],
    "--emit": ["test_emit_contradicting_output_is_a_usage_error", "test_emit_so_without_output_writes_stdout"],
    "--precision": ["test_f32_with_gemms_is_a_located_error_before_nvcc", "test_f32_without_gemms_builds"],
    "--remarks": ["test_remarks_on_every_path"],
    "--arch": ["test_optimized_ir_compiles_to_the_same_model", "test_optimized_ir_refuses_another_target",
               "test_arch_list_builds_one_fat_library", "test_arch_list_is_checked_and_not_for_emit_bolt"],
    "--jobs": ["test_jobs_below_one_is_a_usage_error", "test_jobs_is_passed_to_the_build"],
    "--tune": ["test_emit_bolt_shows_the_heuristic_kernel_of_every_gemm", "test_tune_model_chooses_legal_kernels",
               "test_tune_profile_without_a_gpu_is_a_clear_error", "test_tune_is_checked"],
    "--tune-budget": ["test_tune_budget_is_checked", "test_tune_budget_help_states_the_default_plan_s_share"],
    "--quiet": ["test_quiet_prints_nothing_on_a_build"],
    "--no-fuse-b2b": [  # the longest of --fuse-b2b and --no-fuse-b2b
       "test_fuse_b2b_emits_one_b2b_kernel_for_a_gemm_pair"],
    "--version": [],  # test_cli.py::test_version
    "--help": ["test_every_flag_of_help_is_tested"],
}


def test_every_flag_of_help_is_tested():
    offered = {a.dest if not a.option_strings else max(a.option_strings, key=len)
               for a in build_parser()._actions}
    assert offered == set(FLAG_TESTS)
    defined = set(globals())
    for tests in FLAG_TESTS.values():
        assert set(tests) <= defined, tests


def nvcc_calls(tmp_path: Path) -> list[str]:
    """The fake nvcc's compile and link calls (not its --version or -dryrun queries)."""
    log = tmp_path / "nvcc.log"
    lines = log.read_text().splitlines() if log.exists() else []
    return [line for line in lines if line not in ("--version",) and not line.startswith("-dryrun")]


# --------------------------------------------------------------------------------------
# The command line is checked first: exit 2, nothing run, nothing written.
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["-3", "0", "two"])
def test_jobs_below_one_is_a_usage_error(value: str, tmp_path: Path, out_dir: Path):
    result = run_boltc(GEMMS, "-o", out_dir / "m.so", "-j", value, env=fake_build_env(tmp_path))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert re.search(r"argument -j/--jobs: (must be at least 1|expected a whole number)", result.stderr)
    assert list(out_dir.iterdir()) == [] and nvcc_calls(tmp_path) == []


@pytest.mark.parametrize("emit,output", [
    ("bolt", "y.so"), ("imported", "y.so"), ("cpp", "y.so"), ("so", "y.mlir"), ("so", "dir/"), ("bolt", "dir/"),
])
def test_emit_contradicting_output_is_a_usage_error(emit: str, output: str, tmp_path: Path, out_dir: Path):
    result = run_boltc(GEMMS, "--emit", emit, "-o", f"{out_dir}/{output}", env=fake_build_env(tmp_path))
    assert result.returncode == 2, result.stderr
    assert f"--emit {emit} contradicts -o" in result.stderr and "Traceback" not in result.stderr
    assert list(out_dir.iterdir()) == [] and nvcc_calls(tmp_path) == []  # no nvcc build started


# --------------------------------------------------------------------------------------
# --emit x -o: each combination writes what it names, and only that.
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("args,written,kind", [
    (["-o", "{out}/m.so"], "m.so", "so"),
    (["--emit", "so", "-o", "{out}/m.so"], "m.so", "so"),
    (["--emit", "so", "-o", "{out}/library.bin"], "library.bin", "so"),
    (["-o", "{out}/m.mlir"], "m.mlir", "bolt"),
    (["--emit", "bolt", "-o", "{out}/m.txt"], "m.txt", "bolt"),
    (["--emit", "imported", "-o", "{out}/m.mlir"], "m.mlir", "imported"),
    (["-o", "{out}/build/"], "build", "cpp"),
    (["--emit", "cpp", "-o", "{out}/build"], "build", "cpp"),
])
def test_every_emit_and_output_combination_writes_what_it_names(args, written, kind, tmp_path: Path, out_dir: Path):
    result = run_boltc(GEMMS, *[a.format(out=out_dir) for a in args], "-q", env=fake_build_env(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout == "" and result.stderr == ""
    assert [p.name for p in out_dir.iterdir()] == [written]
    path = out_dir / written
    if kind == "so":
        assert path.read_bytes()[:4] == ELF
    elif kind == "cpp":
        assert {"model.cu", "build.sh", CPP_MANIFEST} <= {p.name for p in path.iterdir()}
    else:
        text = path.read_text()
        assert text.startswith("builtin.module") and "bolt.gemm" in text
        assert ("boltc.pipeline" in text) == (kind == "bolt")  # optimized IR records its target
    assert (nvcc_calls(tmp_path) != []) == (kind == "so")  # nvcc only for a library
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("output", [[], ["-o", "-"]], ids=["no_o", "o_dash"])
def test_emit_so_without_output_writes_stdout(output: list[str], tmp_path: Path):
    """--help: OUT defaults to stdout; a library goes there too (and nowhere else)."""
    work = tmp_path / "cwd"
    work.mkdir()
    result = subprocess.run(boltc_command(NO_KERNELS, "--emit", "so", *output, "-q"), cwd=work,
                            capture_output=True, timeout=NVCC_TIMEOUT_S,
                            env={**os.environ, **fake_build_env(tmp_path)})
    assert result.returncode == 0, result.stderr
    assert result.stdout[:4] == ELF and result.stderr == b""
    assert list(work.iterdir()) == [] and leftovers(tmp_path) == []


def test_emit_so_refuses_a_terminal(tmp_path: Path):
    controller, terminal = pty.openpty()
    try:
        result = subprocess.run(boltc_command(NO_KERNELS, "--emit", "so"), stdout=terminal,
                                stderr=subprocess.PIPE, text=True, timeout=60,
                                env={**os.environ, **fake_build_env(tmp_path)})
    finally:
        os.close(terminal)
        os.close(controller)
    assert result.returncode == 1
    assert "--emit so writes a shared library: give -o FILE.so, or redirect stdout" in result.stderr
    assert nvcc_calls(tmp_path) == []


# --------------------------------------------------------------------------------------
# Output directories: a file's directory must exist (every kind); --emit cpp owns its own.
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["-o", "{out}/missing/m.so"],
    ["--emit", "so", "-o", "{out}/missing/m.bin"],
    ["-o", "{out}/missing/m.mlir"],
    ["--emit", "imported", "-o", "{out}/missing/m.mlir"],
    ["--emit", "cpp", "-o", "{out}/missing/build"],
], ids=["so", "emit_so", "bolt", "imported", "cpp"])
def test_output_in_a_missing_directory(args: list[str], tmp_path: Path, out_dir: Path):
    args = [a.format(out=out_dir) for a in args]
    result = run_boltc(GEMMS, *args, env=fake_build_env(tmp_path))
    assert result.returncode == 1, result.stderr
    assert re.match(rf"{re.escape(args[-1].rstrip('/'))}: error: cannot write the output: no such directory",
                    result.stderr), result.stderr
    assert list(out_dir.iterdir()) == [] and nvcc_calls(tmp_path) == []


def test_emit_cpp_refuses_a_directory_with_other_files(tmp_path: Path, out_dir: Path):
    (out_dir / "notes.txt").write_text("mine\n")
    result = run_boltc(GEMMS, "--emit", "cpp", "-o", out_dir)
    assert result.returncode == 1 and "holds other files" in result.stderr
    assert [p.name for p in out_dir.iterdir()] == ["notes.txt"]


def test_emit_cpp_refuses_a_file(out_dir: Path):
    (out_dir / "build").write_text("a file\n")
    result = run_boltc(GEMMS, "--emit", "cpp", "-o", out_dir / "build")
    assert result.returncode == 1 and "writes a directory" in result.stderr
    assert (out_dir / "build").read_text() == "a file\n"


def test_emit_cpp_into_an_empty_directory_and_again_replaces_it_whole(out_dir: Path):
    build = out_dir / "build"
    build.mkdir()
    assert run_boltc(*THREE_GEMMS, "--emit", "cpp", "-o", build, "-q").returncode == 0
    first = json.loads((build / CPP_MANIFEST).read_text())["files"]
    assert sum(name.endswith(".device.cu") for name in first) == 3  # mlp_gelu's kernels
    # A boltc-made directory is rewritten whole: no kernel of the first model stays behind.
    again = run_boltc(NO_KERNELS, "--emit", "cpp", "-o", build, "-q")
    assert again.returncode == 0, again.stderr
    second = json.loads((build / CPP_MANIFEST).read_text())["files"]
    assert sorted(p.name for p in build.iterdir()) == sorted([*second, CPP_MANIFEST])
    assert not any(name.endswith(".cu") and name != "model.cu" for name in second)
    assert [p.name for p in out_dir.iterdir()] == ["build"]  # no staging directory left


def test_build_sh_runs_the_commands_of_the_build(tmp_path: Path, out_dir: Path):
    """build.sh's nvcc lines are the build's: the same commands with the same flags, one for
    one (paths aside: the build compiles in the cache, build.sh beside its sources)."""
    env = fake_build_env(tmp_path)
    assert run_boltc(*THREE_GEMMS, "-o", out_dir / "m.so", "-q", env=env).returncode == 0
    by_build = nvcc_calls(tmp_path)
    (tmp_path / "nvcc.log").unlink()
    assert run_boltc(*THREE_GEMMS, "--emit", "cpp", "-o", out_dir / "build", "-q", env=env).returncode == 0
    script = subprocess.run(["sh", str(out_dir / "build" / "build.sh")], capture_output=True, text=True,
                            timeout=120, env={**os.environ, **env, "NVCC": env["BOLTC_NVCC"]})
    assert script.returncode == 0, script.stderr
    assert (out_dir / "build" / "mlp_gelu.so").read_bytes()[:4] == ELF

    def flags(lines: list[str]) -> list[tuple[str, ...]]:
        return sorted(tuple(t for t in line.split() if t.startswith("-")) for line in lines)
    assert flags(nvcc_calls(tmp_path)) == flags(by_build)
    assert len(flags(by_build)) == 4 + 2 + 2 * 3 + 1  # runtime, host and dispatch files, 3 split kernels, link


# --------------------------------------------------------------------------------------
# --emit bolt is what the build compiles, and compiles to the same model.
# --------------------------------------------------------------------------------------


def without_locations(text: str) -> str:
    """model.cu and the manifest name each step's source location: the file that was compiled. (Long C string
    literals are split over lines: joined first.)"""
    return re.sub(r"[\w./-]+\.mlir:\d+:\d+", "LOC", re.sub(r'"\n\s*"', "", text))


def cpp_files(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in directory.iterdir() if p.name not in ("build.sh", CPP_MANIFEST)}


@pytest.mark.parametrize("arch", ["sm_90a", "sm_80"])
def test_optimized_ir_compiles_to_the_same_model(arch: str, out_dir: Path):
    (out_dir / "ir").mkdir()
    optimized = out_dir / "ir" / B2B.name  # the same name: the library is named after the file
    emitted = run_boltc(B2B, "--emit", "bolt", "--arch", arch, "-o", optimized, "-q")
    assert emitted.returncode == 0, emitted.stderr
    text = optimized.read_text()
    assert "bolt.b2b" not in text  # fuse-b2b is off by default (and no b2b kernel writes its f32 output)
    assert f'arch = "{arch}"' in text
    # A fixed point: boltc takes its own output as written.
    again = run_boltc(optimized, "--emit", "bolt")
    assert again.returncode == 0, again.stderr
    assert again.stdout == text
    # The same kernels, weights and launches as from the model itself (arch from the record).
    from_model = run_boltc(B2B, "--emit", "cpp", "--arch", arch, "-o", out_dir / "from_model", "-q")
    from_ir = run_boltc(optimized, "--emit", "cpp", "-o", out_dir / "from_ir", "-q")
    assert from_model.returncode == 0 and from_ir.returncode == 0, from_model.stderr + from_ir.stderr
    model_files, ir_files = cpp_files(out_dir / "from_model"), cpp_files(out_dir / "from_ir")
    assert sorted(model_files) == sorted(ir_files) and len(model_files) >= 4
    # The refused fusions are known where the passes ran: the optimized IR's build runs none.
    model_manifest, ir_manifest = (json.loads(files.pop("manifest.json")) for files in (model_files, ir_files))
    assert model_manifest.pop("remarks") and ir_manifest.pop("remarks") is None
    (model_variant,), (ir_variant,) = model_manifest["variants"], ir_manifest["variants"]
    assert model_variant.pop("remarks") and ir_variant.pop("remarks") is None
    assert without_locations(json.dumps(ir_manifest)) == without_locations(json.dumps(model_manifest))
    for name in model_files:
        if name in ("model.cu", "dispatch.cpp"):  # they name each step's source location
            assert without_locations(ir_files[name].decode()) == without_locations(model_files[name].decode())
        else:
            assert ir_files[name] == model_files[name], name


def test_optimized_ir_refuses_another_target(out_dir: Path):
    optimized = out_dir / "m.opt.mlir"
    assert run_boltc(GEMMS, "--arch", "sm_80", "--precision", "bf16", "-o", optimized, "-q").returncode == 0
    for flag, value in (("--arch", "sm_90a"), ("--precision", "f16")):
        result = run_boltc(optimized, flag, value, "--emit", "cpp", "-o", out_dir / "build")
        assert result.returncode == 1, result.stderr
        assert result.stderr.startswith(f"{optimized}: error: this bolt IR was optimized for "
                                        "--arch sm_80 --precision bf16")
        assert not (out_dir / "build").exists()


def test_imported_ir_runs_the_passes_when_compiled(out_dir: Path):
    """--emit imported records no target: fed back, it is optimized like the model."""
    imported = out_dir / "m.imported.mlir"
    assert run_boltc(B2B, "--emit", "imported", "-o", imported, "-q").returncode == 0
    assert run_boltc(imported).stdout == run_boltc(B2B).stdout.replace(str(B2B), str(imported))


# --------------------------------------------------------------------------------------
# --precision, --remarks, -q, -j, BOLTC_NVCC.
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [["-o", "{out}/m.so"], ["--emit", "cpp", "-o", "{out}/build"]])
def test_f32_with_gemms_is_a_located_error_before_nvcc(args: list[str], tmp_path: Path, out_dir: Path):
    result = run_boltc(GEMMS, "--precision", "f32", *[a.format(out=out_dir) for a in args],
                       env=fake_build_env(tmp_path))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.match(rf"{re.escape(str(GEMMS))}:\d+:\d+: error: 'bolt.gemm': .* take f16 or bf16 inputs, not f32",
                    result.stderr), result.stderr
    assert list(out_dir.iterdir()) == [] and nvcc_calls(tmp_path) == [] and leftovers(tmp_path) == []


def test_f32_without_gemms_builds(tmp_path: Path, out_dir: Path):
    result = run_boltc(NO_KERNELS, "--precision", "f32", "-o", out_dir / "s.so", "-q", env=fake_build_env(tmp_path))
    assert result.returncode == 0, result.stderr
    assert (out_dir / "s.so").read_bytes()[:4] == ELF


def remarks(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("remark: ")]


def test_remarks_on_every_path(tmp_path: Path, out_dir: Path):
    """The same explanations whatever is produced, the pair left apart by the b2b kernels'
    rules included (the output is f32, which neither writes); none without --remarks."""
    env = fake_build_env(tmp_path)
    runs = {
        "bolt": run_boltc(B2B, "--remarks", "-q", env=env),
        "so": run_boltc(B2B, "--remarks", "-q", "-o", out_dir / "m.so", env=env),
        "cpp": run_boltc(B2B, "--remarks", "-q", "--emit", "cpp", "-o", out_dir / "build", env=env),
    }
    for kind, result in runs.items():
        assert result.returncode == 0, (kind, result.stderr)
    expected = remarks(runs["bolt"].stderr)
    assert any("not fused back to back" in line and "sm_90a's b2b kernels cannot run it" in line
               and "the output f32" in line for line in expected)
    assert remarks(runs["so"].stderr) == expected and remarks(runs["cpp"].stderr) == expected
    assert run_boltc(B2B, "-q", "-o", out_dir / "n.so", env=env).stderr == ""


def test_quiet_prints_nothing_on_a_build(tmp_path: Path, out_dir: Path):
    env = fake_build_env(tmp_path)
    for attempt in ("cold", "cached"):  # compiling, then the issue's `[k/N] ... cached` lines
        quiet = run_boltc(*THREE_GEMMS, "-o", out_dir / "m.so", "-q", env=env)
        assert quiet.returncode == 0 and quiet.stderr == "" and quiet.stdout == "", (attempt, quiet.stderr)
    loud = run_boltc(*THREE_GEMMS, "-o", out_dir / "m.so", env=env)
    assert loud.returncode == 0, loud.stderr
    assert "boltc: 3 kernels, 0 to compile" in loud.stderr and re.search(r"\[3/3\] \w+: cached", loud.stderr)
    assert f"boltc: wrote {out_dir / 'm.so'}" in loud.stderr


def test_jobs_is_passed_to_the_build(tmp_path: Path, out_dir: Path):
    result = run_boltc(*THREE_GEMMS, "-o", out_dir / "m.so", "-j", "1", env=fake_build_env(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "3 to compile with 1 jobs" in result.stderr


@pytest.mark.parametrize("problem", ["missing", "not_executable"])
def test_boltc_nvcc_that_is_no_nvcc_is_an_error_before_any_build(problem: str, tmp_path: Path, out_dir: Path):
    """One nvcc look-up: a BOLTC_NVCC naming nothing usable is reported at once, never
    replaced by the nvcc on PATH for the kernels and then missed by the runtime."""
    env = fake_build_env(tmp_path)
    bad = tmp_path / "nvcc-bad"
    if problem == "not_executable":
        bad.write_text("#!/bin/sh\n")
        bad.chmod(0o644)
    env["BOLTC_NVCC"] = str(bad)
    result = run_boltc(GEMMS, "-o", out_dir / "m.so", env=env)
    assert result.returncode == 1, result.stderr
    reason = "no such file" if problem == "missing" else "not executable"
    assert result.stderr == f"error: BOLTC_NVCC={bad}: {reason}" + (
        " (unset it to use the nvcc on PATH)\n" if problem == "missing" else "\n")
    assert list(out_dir.iterdir()) == [] and leftovers(tmp_path) == []


def test_boltc_nvcc_compiles_kernels_runtime_and_link(tmp_path: Path, out_dir: Path):
    assert run_boltc(*THREE_GEMMS, "-o", out_dir / "m.so", "-q", env=fake_build_env(tmp_path)).returncode == 0
    calls = nvcc_calls(tmp_path)
    assert any("runtime/src/copy.cu" in c for c in calls)  # the runtime
    assert any(re.search(r"/model\.cu -o", c) for c in calls)  # the host file
    assert sum("-fatbin" in c.split() for c in calls) == 3  # the kernels' device code (a token: paths may hold it)
    assert sum(c.startswith("-shared") for c in calls) == 1  # the link


def test_arch_list_builds_one_fat_library(tmp_path: Path, out_dir: Path):
    """--arch sm_80,sm_90a: one model.so with each arch's host file and kernels, each compiled
    for its own arch only; the runtime and the dispatch file for both (fake nvcc: no compile)."""
    result = run_boltc(GEMMS, "--arch", "sm_80,sm_90a", "-o", out_dir / "m.so", "-q", env=fake_build_env(tmp_path))
    assert result.returncode == 0, result.stderr
    calls = nvcc_calls(tmp_path)
    host = {arch: next(c for c in calls if f"model_{arch}.cu -o" in c) for arch in ("sm_90a", "sm_80")}
    assert "code=sm_90a" in host["sm_90a"] and "compute_80" not in host["sm_90a"]
    assert "code=sm_80" in host["sm_80"] and "sm_90a" not in host["sm_80"]
    for source in ("dispatch.cpp -o", "runtime/src/copy.cu -o"):
        (call,) = [c for c in calls if source in c]
        assert "code=sm_90a" in call and "code=sm_80" in call
    kernels = [c for c in calls if re.search(r"boltc_gemm_sm(80|90)_\w+\.cu -o", c)]
    assert {"gemm_sm90", "gemm_sm80"} <= {m for c in kernels for m in re.findall(r"gemm_sm[89]0", c)}


def test_arch_list_is_checked_and_not_for_emit_bolt(out_dir: Path):
    for value in ("sm_80,", "sm_90a,sm_90a", "sm_80,sm_70"):
        result = run_boltc(GEMMS, "--arch", value, "-o", out_dir / "m.so")
        assert result.returncode == 2 and "argument --arch: " in result.stderr, result.stderr
    refused = run_boltc(GEMMS, "--arch", "sm_80,sm_90a", "--emit", "bolt")
    assert refused.returncode == 1 and "--emit bolt prints one arch's IR" in refused.stderr
    assert list(out_dir.iterdir()) == []


# --------------------------------------------------------------------------------------
# --tune, --tune-budget: the select-kernels pass's strategy.
# --------------------------------------------------------------------------------------

KERNEL = re.compile(r'kernel = #bolt.kernel<"(\w+)", tile \[[\d, ]+\], cluster \[[\d, ]+\], stages (\d+|auto), "[^"]*">')


def gemm_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if "bolt.gemm " in line]


def test_emit_bolt_shows_the_heuristic_kernel_of_every_gemm():
    default = run_boltc(*THREE_GEMMS)
    explicit = run_boltc(*THREE_GEMMS, "--tune", "heuristic")
    assert default.returncode == 0 and explicit.returncode == 0, default.stderr + explicit.stderr
    assert default.stdout == explicit.stdout  # heuristic is the default
    lines = gemm_lines(default.stdout)
    assert len(lines) == 3
    for line in lines:
        match = KERNEL.search(line)
        assert match and match.group(1) == "gemm_sm90", line
        assert 'bolt.kernel_reason = "heuristic: ' in line, line
    sm80 = run_boltc(*THREE_GEMMS, "--arch", "sm_80")
    assert all(KERNEL.search(line).group(1) == "gemm_sm80" for line in gemm_lines(sm80.stdout))


def test_tune_model_chooses_legal_kernels():
    result = run_boltc(*THREE_GEMMS, "--tune", "model")
    assert result.returncode == 0, result.stderr
    lines = gemm_lines(result.stdout)
    assert len(lines) == 3
    for line in lines:
        assert KERNEL.search(line).group(1) in ("gemm_sm90", "gemm_sm80"), line
        assert 'bolt.kernel_reason = "model: ' in line and "us predicted" in line, line
    # sm_80's GPU model is the A100 scaled from the H100's fit by datasheet (a100_sxm.json, not
    # fitted): its choices are sm_80 kernels and their reasons say so.
    sm80 = run_boltc(*THREE_GEMMS, "--tune", "model", "--arch", "sm_80")
    assert sm80.returncode == 0, sm80.stderr
    for line in gemm_lines(sm80.stdout):
        assert KERNEL.search(line).group(1) == "gemm_sm80", line
        assert "us predicted (uncalibrated model)" in line, line


def test_tune_profile_without_a_gpu_is_a_clear_error():
    result = run_boltc(GEMMS, "--tune", "profile", env={"CUDA_VISIBLE_DEVICES": "-1"})
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "--tune profile times the candidates on a CUDA GPU, and this machine has none" in result.stderr


@pytest.mark.parametrize("value", ["fast", "none", ""])
def test_tune_is_checked(value: str):
    result = run_boltc(GEMMS, "--tune", value)
    assert result.returncode == 2 and "--tune: invalid choice" in result.stderr, result.stderr


@pytest.mark.parametrize("args,message", [
    (["--tune", "profile", "--tune-budget", "0"], "expected a positive number of seconds"),
    (["--tune", "profile", "--tune-budget", "soon"], "expected a number of seconds"),
    (["--tune-budget", "30"], "--tune-budget limits --tune profile; with --tune heuristic nothing is timed"),
])
def test_tune_budget_is_checked(args: list[str], message: str):
    result = run_boltc(GEMMS, *args)
    assert result.returncode == 2 and message in result.stderr, result.stderr


def test_tune_budget_help_states_the_default_plan_s_share():
    """--help's "about N s" is, to 5 s, the share of PROFILE_PLAN_S the default plan fills
    (PROFILE_FILL: 108 s; it said 90 after the plan budget moved to 120 s)."""
    from boltc.tuning import select

    action = next(a for a in build_parser()._actions if "--tune-budget" in a.option_strings)
    stated = re.search(r"about (\d+) s on this machine", action.help)
    assert stated and abs(int(stated[1]) - select.PROFILE_FILL * select.PROFILE_PLAN_S) <= 5, action.help


HALF_B2B = DATA / "half" / "b2b_gemm_f16.mlir"  # f16: a GEMM pair b2b_gemm_sm90 runs


def test_fuse_b2b_emits_one_b2b_kernel_for_a_gemm_pair(tmp_path: Path, out_dir: Path):
    """--fuse-b2b (and the sm_90a default): the pair is one bolt.b2b in the IR and one
    b2b_gemm_sm90 kernel in the C++, not two GEMM kernels; --no-fuse-b2b, and sm_80 without the
    flag, two anchors. A pair no b2b kernel runs (the f32-output model) stays apart even with
    the flag."""
    env = fake_build_env(tmp_path)
    for flags in (["--fuse-b2b"], []):
        fused = run_boltc(HALF_B2B, *flags, "--emit", "bolt", "-q", env=env)
        assert fused.returncode == 0, fused.stderr
        assert fused.stdout.count("bolt.b2b registers") == 1
    for flags in (["--no-fuse-b2b"], ["--arch", "sm_80"]):
        plain = run_boltc(HALF_B2B, *flags, "--emit", "bolt", "-q", env=env)
        assert plain.returncode == 0, plain.stderr
        assert "bolt.b2b" not in plain.stdout and plain.stdout.count("= bolt.gemm") == 2
    cpp = run_boltc(HALF_B2B, "--fuse-b2b", "--emit", "cpp", "-o", out_dir / "fused", "-q", env=env)
    assert cpp.returncode == 0, cpp.stderr
    kernels = sorted(p.name for p in (out_dir / "fused").glob("boltc_*.cu"))
    assert len(kernels) == 1 and kernels[0].startswith("boltc_b2b_gemm_sm90_"), kernels
    assert "b2b_gemm_sm90 resident" in (out_dir / "fused" / kernels[0]).read_text()
    apart = run_boltc(B2B, "--fuse-b2b", "--emit", "bolt", "-q", env=env)
    assert apart.returncode == 0 and "bolt.b2b" not in apart.stdout
