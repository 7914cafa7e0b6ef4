"""The real thing, compile only: a generated sm_90a GEMM TU with a bias+ReLU EVT epilogue
through build.py and nvcc (CUTLASS 4.2 headers from the nvidia-cutlass package).

About 100 s and 3.4 GB on the 2-core development machine (measured), 35-60 s on 16 cores:
one test, marker `nvcc`, which CI runs (pytest's default selection includes it) and
developers can skip with `-m "not nvcc"`. Numerics of these kernels are test/gpu's."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from boltc.lowering.build import Arch, TranslationUnit, compile_units
from boltc.lowering.cutlass.gemm_sm90 import lower_gemm

from gemm_text import KERNEL_COOP_128, bias_relu, parse_gemm

NVCC_MISSING = shutil.which("nvcc") is None and not os.environ.get("BOLTC_NVCC")


@pytest.mark.nvcc
@pytest.mark.timeout(1200)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_generated_sm90a_gemm_with_bias_relu_compiles(tmp_path: Path):
    lowering = lower_gemm(parse_gemm(bias_relu(1000, 1024, 512, kernel=KERNEL_COOP_128)))
    kernel = lowering.kernel
    # Split: the host TU and the kernel's device TU compile at once; the fatbin is embedded.
    unit = TranslationUnit(kernel.name, kernel.render(), Arch.SM90A, device_source=kernel.render_device())
    [obj] = compile_units([unit], cache_dir=tmp_path, jobs=1, progress=False)
    assert not obj.cached and obj.path.is_file()
    data = obj.path.read_bytes()
    assert data[:4] == b"\x7fELF"
    entry = kernel.entry_point
    for symbol in (entry.name, entry.workspace_size_name, entry.can_implement_name):
        assert symbol.encode() + b"\0" in data  # the three extern "C" entry points
    assert b"sm_90a" in data  # the embedded cubin's target
    # The device TU's fatbin, embedded under the symbol the host code loads it from, holding
    # the kernel under the name the host code looks up: once as the host's string literal,
    # again in the fatbin's ELF (its symbol and sections).
    assert f"{kernel.name}_fatbin".encode() + b"\0" in data
    assert data.count(f"{kernel.name}_kernel".encode()) >= 2
