"""Running the real `boltc` command for the CLI tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
DATA = REPO / "test" / "data"
COMMAND_TIMEOUT_S = 20  # a normal run takes under a second: hitting this means boltc hung
NVCC_TIMEOUT_S = 600  # `-o model.so` runs nvcc over the runtime: minutes on CI's two cores


def boltc_command(*args: str | Path) -> list[str]:
    """The command line of `boltc ARGS...` (`python -m boltc.cli` is the console script's `main`)."""
    return [sys.executable, "-m", "boltc.cli", *map(str, args)]


def run_boltc(*args: str | Path, env: dict[str, str] | None = None,
              timeout: float = COMMAND_TIMEOUT_S, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    """`boltc ARGS...` in a subprocess, as a user runs it."""
    return subprocess.run(
        boltc_command(*args), capture_output=True, text=True, timeout=timeout, cwd=cwd,
        env={**os.environ, **(env or {})},
    )


FAKE_NVCC = r"""#!/bin/sh
# A stand-in for nvcc (test/python/cli/cli_helpers.py): real, empty ELF objects and libraries
# in a moment, so that what boltc does around nvcc is tested without minutes of compiling.
# $FAKE_NVCC_LOG: one line per call (its arguments). $FAKE_NVCC_HANG: a compile writes
# $TMPDIR/tmpxft_fake_PID (as nvcc's temporaries), starts a child (`sleep 1000`, as nvcc starts
# cicc), appends its pid to $FAKE_NVCC_HANG.pids and waits for it.
[ -n "${FAKE_NVCC_LOG:-}" ] && echo "$*" >> "$FAKE_NVCC_LOG"
# $FAKE_NVCC_KILLED: a compile dies of SIGKILL (as under the OOM killer).
out=""; mode=""; prev=""
for arg in "$@"; do
  case "$arg" in
    --version) echo "fake nvcc for the boltc CLI tests"; exit 0 ;;
    -dryrun) exit 0 ;;
    -c) mode=object ;;
    -fatbin) mode=fatbin ;;
    -shared) mode=shared ;;
  esac
  [ "$prev" = "-o" ] && out="$arg"
  prev="$arg"
done
if [ -n "${FAKE_NVCC_KILLED:-}" ] && [ "$mode" != shared ]; then
  kill -9 $$
fi
if [ -n "${FAKE_NVCC_HANG:-}" ] && [ "$mode" != shared ]; then
  touch "${TMPDIR:-/tmp}/tmpxft_fake_$$"
  sleep 1000 &
  echo $! >> "$FAKE_NVCC_HANG.pids"
  wait
  exit 1
fi
case "$mode" in
  object) exec cc -x c -c /dev/null -o "$out" ;;
  fatbin) printf 'fake fatbin' > "$out" ;;
  shared) exec cc -shared -x c /dev/null -o "$out" ;;
  *) echo "fake nvcc: no mode in: $*" >&2; exit 2 ;;
esac
"""


def fake_nvcc(directory: Path) -> Path:
    """An executable fake nvcc in `directory` (see FAKE_NVCC); use it as BOLTC_NVCC."""
    path = directory / "nvcc"
    path.write_text(FAKE_NVCC)
    path.chmod(0o755)
    return path


def fake_build_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The environment of a build with the fake nvcc (logging to tmp_path/nvcc.log), a fresh
    cache (tmp_path/cache) and a private TMPDIR (tmp_path/tmp), so leftovers are visible."""
    tools = tmp_path / "tools"
    tools.mkdir(exist_ok=True)
    (tmp_path / "tmp").mkdir(exist_ok=True)
    return {"BOLTC_NVCC": str(fake_nvcc(tools)), "FAKE_NVCC_LOG": str(tmp_path / "nvcc.log"),
            "BOLTC_CACHE_DIR": str(tmp_path / "cache"), "TMPDIR": str(tmp_path / "tmp"), **extra}


def leftovers(tmp_path: Path) -> list[str]:
    """What a build left that it should not have: anything in its TMPDIR, temporaries (dot
    names) or failed/ entries in its cache."""
    found = [str(p) for p in (tmp_path / "tmp").rglob("*")]
    cache = tmp_path / "cache"
    if cache.exists():
        found += [str(p) for p in cache.rglob("*") if p.name.startswith(".") or "failed" in p.parts]
    return found
