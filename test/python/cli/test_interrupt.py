"""Interrupting a build (Ctrl-C, SIGTERM) leaves nothing behind, and the next build works.

Ctrl-C in a terminal signals boltc's whole process group; `kill -INT` or a supervisor's
SIGTERM only boltc. Both must end with `boltc: interrupted`, exit 130, every compiler process
dead, no file in TMPDIR, no temporary or failed/ entry in the cache and no output. The fake
nvcc (cli_helpers) hangs on a child of its own, as nvcc on cicc; the `nvcc` test interrupts
the real one."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from cli_helpers import DATA, NVCC_TIMEOUT_S, REPO, boltc_command, fake_build_env, leftovers, run_boltc

GEMMS = DATA / "mlp_gelu.mlir"
NO_KERNELS = DATA / "ops" / "softmax.mlir"
ELF = b"\x7fELF"


def start_boltc(*args: str | Path, env: dict[str, str]) -> subprocess.Popen[str]:
    """boltc leading its own process group, as a shell starts a foreground job."""
    return subprocess.Popen(boltc_command(*args), cwd=REPO, env={**os.environ, **env}, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)


def wait_for(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def alive(pid: int) -> bool:
    """Running, not a zombie waiting for a parent that is gone."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def hung_pids(hang: Path) -> list[int]:
    pids = Path(f"{hang}.pids")
    return [int(p) for p in pids.read_text().split()] if pids.exists() else []


@pytest.mark.parametrize("how", ["sigint_group", "sigint", "sigterm"])
def test_interrupt_while_compiling_leaves_nothing(how: str, tmp_path: Path, out_dir: Path):
    hang = tmp_path / "hang"
    env = fake_build_env(tmp_path, FAKE_NVCC_HANG=str(hang))
    boltc = start_boltc(GEMMS, "-o", out_dir / "m.so", "-j", "2", env=env)
    # Two compiles hang: a kernel (its host and device TUs) or the runtime's, as nvcc would.
    wait_for(lambda: len(hung_pids(hang)) >= 2, 60, "the fake nvcc to start compiling")
    assert any((tmp_path / "tmp").rglob("boltc-build-*")) and any((tmp_path / "cache").rglob("tmpxft_fake_*"))
    if how == "sigint_group":
        os.killpg(boltc.pid, signal.SIGINT)  # a terminal's Ctrl-C
    else:
        boltc.send_signal(signal.SIGINT if how == "sigint" else signal.SIGTERM)
    stdout, stderr = boltc.communicate(timeout=30)
    assert boltc.returncode == 130, stderr
    assert stderr.endswith("boltc: interrupted\n") and "Traceback" not in stderr and "error" not in stderr
    wait_for(lambda: not any(alive(pid) for pid in hung_pids(hang)), 5, "the compilers to die")
    assert leftovers(tmp_path) == []
    assert list(out_dir.iterdir()) == []
    assert not list((tmp_path / "cache").rglob("*.o")) or all(
        p.read_bytes()[:4] == ELF for p in (tmp_path / "cache").rglob("*.o"))  # complete entries only
    # The next build finds a sound cache and succeeds.
    del env["FAKE_NVCC_HANG"]
    again = run_boltc(GEMMS, "-o", out_dir / "m.so", "-q", env=env)
    assert again.returncode == 0, again.stderr
    assert (out_dir / "m.so").read_bytes()[:4] == ELF and leftovers(tmp_path) == []


def test_a_killed_compile_is_no_failed_entry(tmp_path: Path, out_dir: Path):
    """nvcc killed by a signal (the OOM killer's SIGKILL here) did not find an error in the
    source: it is reported as killed, and nothing goes to failed/."""
    env = fake_build_env(tmp_path, FAKE_NVCC_KILLED="1")
    result = run_boltc(GEMMS, "-o", out_dir / "m.so", env=env)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "nvcc was killed (SIGKILL)" in result.stderr
    assert not (tmp_path / "cache" / "failed").exists()
    assert list(out_dir.iterdir()) == []
    assert [p for p in leftovers(tmp_path) if "boltc-build-" not in p] == []


def test_builds_sharing_a_cache_each_get_complete_entries(tmp_path: Path, out_dir: Path):
    env = fake_build_env(tmp_path)
    builds = [start_boltc(GEMMS, "-o", out_dir / f"m{i}.so", "-q", env=env) for i in range(3)]
    for boltc in builds:
        _, stderr = boltc.communicate(timeout=120)
        assert boltc.returncode == 0, stderr
    assert sorted(p.name for p in out_dir.iterdir()) == ["m0.so", "m1.so", "m2.so"]
    objects = list((tmp_path / "cache").rglob("*.o"))
    # mlp_gelu's kernels (its GELU pair's b2b_gemm_sm90 and the last GEMM); the runtime, the
    # host file and the arch dispatch table (lowering/dispatch.py)
    assert len(objects) == 2 + 6 and all(p.read_bytes()[:4] == ELF for p in objects)
    assert leftovers(tmp_path) == []


@pytest.mark.nvcc
def test_ctrl_c_during_a_real_nvcc_build(tmp_path: Path, out_dir: Path):
    """The issue's report: Ctrl-C while nvcc runs left boltc-build-*, tmpxft_* files and a
    failed/ entry ('cudafe++' died due to signal 2)."""
    env = fake_build_env(tmp_path)
    env.pop("BOLTC_NVCC"), env.pop("FAKE_NVCC_LOG")
    boltc = start_boltc(NO_KERNELS, "-o", out_dir / "softmax.so", env=env)
    # nvcc's temporaries appear in its private TMPDIR (inside the cache) once it compiles.
    wait_for(lambda: any((tmp_path / "cache").rglob("tmpxft_*")), 120, "nvcc to start")
    os.killpg(boltc.pid, signal.SIGINT)
    _, stderr = boltc.communicate(timeout=60)
    assert boltc.returncode == 130, stderr
    assert stderr.endswith("boltc: interrupted\n"), stderr
    assert leftovers(tmp_path) == [] and list(out_dir.iterdir()) == []
    again = run_boltc(NO_KERNELS, "-o", out_dir / "softmax.so", "-q", env=env, timeout=NVCC_TIMEOUT_S)
    assert again.returncode == 0, again.stderr
    assert (out_dir / "softmax.so").read_bytes()[:4] == ELF and leftovers(tmp_path) == []
