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


def run_boltc(*args: str | Path, env: dict[str, str] | None = None,
              timeout: float = COMMAND_TIMEOUT_S) -> subprocess.CompletedProcess[str]:
    """`boltc ARGS...` in a subprocess, as a user runs it (`python -m boltc.cli` is the
    console script's `main`)."""
    return subprocess.run(
        [sys.executable, "-m", "boltc.cli", *map(str, args)],
        capture_output=True, text=True, timeout=timeout, cwd=REPO,
        env={**os.environ, **(env or {})},
    )
