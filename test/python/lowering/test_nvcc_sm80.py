"""The real thing, compile only, for the CUTLASS 2.x (sm_80) families: one generated gemm_sm80
TU and one conv_sm80 TU through build.py and nvcc (CUTLASS 4.2 headers from the
nvidia-cutlass package), and `boltc model.mlir -o model.so --arch sm_80` through the CLI.

Measured on the 2-core development machine: 17-22 s per TU (CUTLASS 2.x compiles far faster
than the sm_90a collectives), 21 s for the CLI build; about 60 s for the three.
Marker `nvcc`: CI runs these (pytest's default selection includes them); skip locally with
`-m "not nvcc"`. Numerics are test/gpu/test_gemm_sm80.py's and test_conv_sm80.py's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from boltc.lowering.build import Arch
from boltc.lowering.cutlass.conv_sm80 import lower_conv2d
from boltc.lowering.cutlass.gemm_sm80 import lower_gemm

from conv_text import conv_text, parse_conv
from gemm_text import gemm_text, parse_gemm, tensor
from nvcc_objects import NVCC_MISSING, compile_kernel_object

REPO = Path(__file__).resolve().parents[3]


@pytest.mark.nvcc
@pytest.mark.timeout(1200)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_generated_gemm_sm80_with_an_epilogue_tree_compiles(tmp_path: Path):
    """Every visitor kind in one TU: row broadcast (bias), aux load (residual), column
    broadcast, scalar constant, GELU and the clamp rewritten into max/min over scalars; N = 41
    (one-element stores) and K = 26 (4-byte cp.async)."""
    m, n, k = 77, 41, 26
    vec = tensor([n], "f32")
    text = gemm_text(
        m, n, k, transpose_b=True, extras=[([n], "f16"), ([m, n], "f16"), ([m, 1], "f32")], result="%o",
        body=[
            f"%bias = bolt.ew.cast %x0 : {{x0}} -> {vec}",
            f"%s = bolt.ew.add %acc, %bias : {{acc}}, {vec} -> {{acc}}",
            "%r = bolt.ew.cast %x1 : {x1} -> {acc}",
            "%t = bolt.ew.add %s, %r : {acc}, {acc} -> {acc}",
            "%u = bolt.ew.mul %t, %x2 : {acc}, {x2} -> {acc}",
            "%g = bolt.ew.gelu tanh %u : {acc} -> {acc}",
            "%c = bolt.ew.clamp %g min -5.000000e-01 max 5.000000e-01 : {acc} -> {acc}",
            "%h = bolt.constant dense<2.5> : tensor<f32>",
            "%o = bolt.ew.mul %c, %h : {acc}, tensor<f32> -> {acc}",
        ],
    )
    kernel = lower_gemm(parse_gemm(text)).kernel
    assert (kernel.config.alignment_a, kernel.config.alignment_d) == (2, 1)
    compile_kernel_object(kernel, Arch.SM80, tmp_path)


@pytest.mark.nvcc
@pytest.mark.timeout(1200)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_generated_conv_sm80_with_bias_residual_relu_compiles(tmp_path: Path):
    """A 7x7 stride-2 layer on a 3-channel image (the channel-padding variant, C padded to 4)
    with 21 filters (one-element stores) and a bias + residual + ReLU visitor tree."""
    op = parse_conv(conv_text(8, 224, 224, 3, 21, 7, 7, stride=(2, 2), padding=(3, 3, 3, 3),
                              epilogue="bias_residual_relu"))
    kernel = lower_conv2d(op).kernel
    assert kernel.config.pad_channels and kernel.config.alignment_c == 4 and kernel.config.alignment_d == 1
    compile_kernel_object(kernel, Arch.SM80, tmp_path)


@pytest.mark.nvcc
@pytest.mark.timeout(1200)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_cli_builds_an_sm80_model(tmp_path: Path):
    """`boltc model.mlir -o model.so --arch sm_80` (runtime, host file and a gemm_sm80 kernel)."""
    out = tmp_path / "linear.so"
    result = subprocess.run(
        [sys.executable, "-m", "boltc.cli", str(REPO / "test" / "data" / "ops" / "linear.mlir"),
         "-o", str(out), "--arch", "sm_80", "-j", "2"],
        capture_output=True, text=True, timeout=1100, cwd=REPO,
        env={**os.environ, "BOLTC_CACHE_DIR": str(tmp_path / "cache")},
    )
    assert result.returncode == 0, result.stderr
    data = out.read_bytes()
    assert data[:4] == b"\x7fELF"
    assert b"boltc_gemm_sm80_" in data and b"gemm_sm80" in data  # the kernel, named in describe()
