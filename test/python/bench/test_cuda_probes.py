"""bench/*.cu: the standalone CUDA probes bench/RESULTS.md cites (each built by nvcc alone and run on
the GPU machine) still compile, with the include directories their headers' command lines give
(CUTLASS's and boltc's: the probes reuse boltc's device helpers), so a later session can rerun
them. No GPU here: compiling is what is checked."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from boltc.lowering.build import cutlass_include_dirs, find_nvcc

ROOT = Path(__file__).resolve().parents[3]
NVCC_MISSING = shutil.which("nvcc") is None and not os.environ.get("BOLTC_NVCC")
PROBES = ["carveout_probe.cu", "mufu_throughput.cu", "tma_box_probe.cu", "wgmma_rate_probe.cu", "window_conv_probe.cu",
          "window_wgmma_probe.cu"]


@pytest.mark.nvcc
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
@pytest.mark.parametrize("probe", PROBES)
def test_the_probe_compiles_for_sm90a(probe, tmp_path):
    includes = [f"-I{d}" for d in (*cutlass_include_dirs(), ROOT / "boltc" / "lowering" / "cutlass" / "include")]
    binary = tmp_path / "probe"
    # compute_90a spelled out: nvcc 13's -arch=sm_90a also assembles compute_90 PTX (no WGMMA there).
    result = subprocess.run([str(find_nvcc()), "-gencode", "arch=compute_90a,code=sm_90a", "-std=c++17", "-O1", *includes,
                             str(ROOT / "bench" / probe), "-o", str(binary)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-3000:]
    assert binary.is_file() and binary.read_bytes()[:4] == b"\x7fELF"
