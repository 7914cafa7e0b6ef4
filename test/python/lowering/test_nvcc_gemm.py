"""The real thing, compile only: a generated sm_90a GEMM TU with a bias+ReLU EVT epilogue
through build.py and nvcc (CUTLASS 4.2 headers from the nvidia-cutlass package).

About 100 s and 3.4 GB on the 2-core development machine (measured), 35-60 s on 16 cores:
one test, marker `nvcc`, which CI runs (pytest's default selection includes it) and
developers can skip with `-m "not nvcc"`. Numerics of these kernels are test/gpu's."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from boltc.lowering.build import Arch
from boltc.lowering.cutlass.gemm_sm90 import lower_gemm

from gemm_text import KERNEL_COOP_128, bias_relu, parse_gemm
from nvcc_objects import NVCC_MISSING, compile_device_code, compile_kernel_object


@pytest.mark.nvcc
@pytest.mark.timeout(1200)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_generated_sm90a_gemm_with_bias_relu_compiles(tmp_path: Path):
    lowering = lower_gemm(parse_gemm(bias_relu(1000, 1024, 512, kernel=KERNEL_COOP_128)))
    kernel = lowering.kernel
    # Split: the host TU and the kernel's device TU compile at once; the fatbin is embedded.
    compile_kernel_object(kernel, Arch.SM90A, tmp_path)


@pytest.mark.nvcc
@pytest.mark.timeout(600)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_tile_n_of_112_issues_one_m64n112_wgmma_per_k_step(tmp_path: Path):
    """The extended WGMMA shapes (cpp.py EXTENDED_GMMA_DEFINE) reach CUTLASS's op selector: a
    64x112 pingpong tile's PTX holds m64n112k16 instructions, not seven m64n16k16 each (what
    CUTLASS 4.2 emits without the define). The device TU to PTX only (~25 s on 2 cores)."""
    from gemm_text import gemm_text

    attr = '#bolt.kernel<"gemm_sm90", tile [64, 112, 64], cluster [1, 1, 1], stages 8, "pingpong">'
    kernel = lower_gemm(parse_gemm(gemm_text(1568, 512, 2048, transpose_b=True, kernel=attr))).kernel
    path, _ = compile_device_code(kernel.render_device(), Arch.SM90A, tmp_path, "ptx")
    ptx = path.read_text()
    assert "wgmma.mma_async.sync.aligned.m64n112k16.f32.f16.f16" in ptx
    assert "m64n16k16" not in ptx
