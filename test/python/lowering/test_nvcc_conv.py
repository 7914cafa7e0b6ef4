"""The real thing, compile only: a generated sm_90a conv2d fprop TU through build.py and nvcc
(CUTLASS 4.2 headers from the nvidia-cutlass package): a 7x7 stride-2 layer on a 4-channel
image (the channel-padding variant) with a bias + residual + ReLU epilogue (row broadcast, aux
load, compute nodes), the most that one conv TU instantiates.

About 75 s and 2-3 GB on the 2-core development machine (measured): one test, marker `nvcc`,
which CI runs (pytest's default selection includes it) and developers can skip with
`-m "not nvcc"`. Numerics of these kernels are test/gpu/test_conv_sm90.py's."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from boltc.lowering.build import Arch
from boltc.lowering.cutlass.conv_sm90 import lower_conv2d

from conv_text import conv_kernel_attr, conv_text, parse_conv
from nvcc_objects import NVCC_MISSING, compile_kernel_object


@pytest.mark.nvcc
@pytest.mark.timeout(1200)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_generated_sm90a_conv_with_bias_residual_relu_compiles(tmp_path: Path):
    op = parse_conv(conv_text(8, 224, 224, 4, 64, 7, 7, stride=(2, 2), padding=(3, 3, 3, 3),
                              epilogue="bias_residual_relu"))
    kernel = lower_conv2d(op).kernel
    assert kernel.config.pad_channels
    # Split: the host TU and the kernel's device TU compile at once; the fatbin is embedded.
    compile_kernel_object(kernel, Arch.SM90A, tmp_path)


@pytest.mark.nvcc
@pytest.mark.timeout(1200)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_generated_sm90a_cooperative_conv_compiles(tmp_path: Path):
    """The persistent cooperative schedule (boltc/conv_sm90_cooperative_kernel.hpp) on a
    ResNet-50 3x3 layer at batch 32 (14x14x256 -> 256, pad 1) with bias + ReLU: the kernel
    header, the collective built from the conv builder's pieces and the cooperative epilogue
    instantiate together. Compile only here; its numerics on the GPU: test/gpu/test_conv_sm90.py."""
    op = parse_conv(conv_text(32, 14, 14, 256, 256, 3, 3, padding=(1, 1, 1, 1), epilogue="bias_relu",
                              kernel=conv_kernel_attr((128, 128, 64), stages="auto", schedule="cooperative")))
    kernel = lower_conv2d(op).kernel
    assert kernel.config.cooperative and not kernel.config.pad_channels
    compile_kernel_object(kernel, Arch.SM90A, tmp_path)
