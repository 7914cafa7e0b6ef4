"""bench/conv_pool.py without a GPU: the harness it generates for the conv_pool kernel
(boltc/lowering/cutlass/include/boltc/conv_pool.hpp) compiles with nvcc for both targets and issues tensor-core
MMAs, every case's geometry is what torch's conv2d and max_pool2d give, and the smem and
register budget holds (no spills under the two-CTAs-a-SM launch bound for the cp.async path).
Numbers are test/gpu/test_conv_pool.py's."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import bench_scripts

conv_pool = bench_scripts.load("conv_pool")

NVCC_MISSING = shutil.which("nvcc") is None and not os.environ.get("BOLTC_NVCC")


def test_case_sizes_follow_torch_arithmetic():
    stem = conv_pool.RESNET_STEM
    assert stem.sizes() == (112, 112, 56, 56)
    folded = conv_pool.RESNET_STEM_FOLDED
    assert folded.sizes() == (112, 112, 56, 56)  # the fold keeps the stem's output


def test_harness_has_one_launch_per_case():
    text = conv_pool.harness_source(conv_pool.CASES)
    assert text.count("case ") == 2 * len(conv_pool.CASES)
    assert "Config<cutlass::half_t, cutlass::half_t, 24, 4, 2, 1, 1, 64, 3, 3, 2, 2, 7, 8, 8>" in text
    assert "Config<cutlass::bfloat16_t, cutlass::bfloat16_t, 3, 7, 7, 2, 2, 64, 3, 3, 2, 2, 7, 8, 1>" in text


@pytest.mark.nvcc
@pytest.mark.timeout(600)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
@pytest.mark.parametrize("arch", ["sm_90a", "sm_80"])
def test_harness_compiles_to_mma_without_spills_on_the_cp_async_path(arch, tmp_path: Path):
    source = tmp_path / "harness.cu"
    source.write_text(conv_pool.harness_source((conv_pool.RESNET_STEM_FOLDED, conv_pool.RESNET_STEM)))
    ptx = tmp_path / "harness.ptx"
    command = conv_pool.nvcc_command(source, ptx, arch, shared=False)
    command[command.index("-c")] = "-ptx"
    subprocess.run(command, check=True, capture_output=True, text=True)
    text = ptx.read_text()
    assert "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32" in text
    assert "cp.async.cg.shared.global" in text  # the folded stem's window
    assert "ldmatrix.sync.aligned.m8n8.x4.shared.b16" in text
    # ptxas: the folded (cp.async, two m-tiles a warp) kernel fits 128 registers without spills.
    obj = tmp_path / "harness.o"
    result = subprocess.run([*conv_pool.nvcc_command(source, obj, arch, shared=False), "-Xptxas", "-v"],
                            check=True, capture_output=True, text=True)
    blocks = re.split(r"Compiling entry function", result.stderr)
    folded = [b for b in blocks if "Li24ELi4ELi2E" in b]
    assert folded, result.stderr[-2000:]
    assert "0 bytes spill stores" in folded[0]
