"""bench/*.cu: the standalone CUDA probes bench/RESULTS.md cites (each built by nvcc alone and run on
the GPU machine) still compile, with the command line their header gives, so a later session can
rerun them. No GPU here: compiling is what is checked."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from boltc.lowering.build import cutlass_include_dirs

ROOT = Path(__file__).resolve().parents[3]
NVCC = os.environ.get("BOLTC_NVCC") or shutil.which("nvcc")
PROBES = {
    "window_conv_probe.cu": [],
    "mufu_throughput.cu": [],
    # the TMA box probe includes b2b_conv_direct.hpp (CUTLASS's headers and boltc's)
    "tma_box_probe.cu": ["-I", str(ROOT / "boltc" / "lowering" / "cutlass" / "include")],
}


@pytest.mark.skipif(NVCC is None, reason="needs nvcc")
@pytest.mark.parametrize("probe", sorted(PROBES))
def test_the_probe_compiles_for_sm90a(probe, tmp_path):
    extra = PROBES[probe]
    if probe == "tma_box_probe.cu":
        extra = [*extra, *(arg for d in cutlass_include_dirs() for arg in ("-I", str(d)))]
    binary = tmp_path / "probe"
    result = subprocess.run([NVCC, "-arch=sm_90a", "-std=c++17", "-O1", *extra, str(ROOT / "bench" / probe), "-o",
                             str(binary)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-3000:]
    assert binary.is_file() and binary.read_bytes()[:4] == b"\x7fELF"
