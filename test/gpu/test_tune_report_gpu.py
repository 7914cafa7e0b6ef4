"""`boltc MODEL --tune profile` and `boltc tune report` on a real GPU.

    python -m pytest -m gpu test/gpu/test_tune_report_gpu.py -q

A build of mlp_gelu (three small GEMMs, two candidates each) with --tune profile compiles and
times every candidate (minutes of nvcc), printing profile.py's progress line per job on
stderr, and fills a temporary tuning cache; `boltc tune report --tune profile` then answers
from that cache alone (no progress: nothing timed), reads this GPU's entries by default, and
shows every candidate measured, the chosen one the fastest.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gpu_helpers import has_torch_cuda

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not has_torch_cuda(), reason="needs torch with CUDA")]

REPO = Path(__file__).resolve().parents[2]
MODEL = REPO / "test" / "data" / "mlp_gelu.mlir"


def boltc(*args, env):
    return subprocess.run([sys.executable, "-m", "boltc.cli", *map(str, args)], capture_output=True, text=True,
                          cwd=REPO, timeout=1800, env={**os.environ, **env})


def test_profile_build_then_report_from_the_cache(tmp_path: Path):
    import torch

    env = {"BOLTC_TUNE_CACHE": str(tmp_path / "tuning.db")}
    # --no-fuse-b2b: the three GEMMs tuned one by one (by default the GELU pair is one bolt.b2b,
    # whose kernel has no tuning space; test_verify_gpu and test_report_gpu run the fused build).
    build = boltc(MODEL, "--tune", "profile", "--no-fuse-b2b", "-o", tmp_path / "out.mlir", env=env)
    assert build.returncode == 0, build.stderr
    progress = [line for line in build.stderr.splitlines() if line.startswith("boltc tune: [")]
    assert len(progress) >= 2, build.stderr  # each GEMM's heuristic kernel and an alternative (profilers shared)
    assert (tmp_path / "out.mlir").read_text().count('bolt.kernel_reason = "profile: ') == 3

    report = boltc("tune", "report", MODEL, "--tune", "profile", "--no-fuse-b2b", "--cache", tmp_path / "tuning.db",
                   "--json", env=env)
    assert report.returncode == 0, report.stderr
    assert "boltc tune: [" not in report.stderr  # every problem answered from the cache
    data = json.loads(report.stdout)
    assert data["measured"]["gpu"] == torch.cuda.get_device_properties(0).name
    for op in data["ops"]:
        assert op["reason"].startswith("profile (tuning cache): ")
        # The plan times a few of the listed candidates (select.plan_profiles): those show times.
        times = [r["measured_us"] for r in op["candidates"] if r["measured_us"] is not None]
        assert len(times) >= 1 and all(t > 0 for t in times), op
        chosen = next(r for r in op["candidates"] if r["chosen"])
        assert chosen["measured_us"] == min(times)
