"""merge-residual-gemms on the GPU: a ResNet bottleneck with a 1x1 shortcut (ResNet-50's layer
1 at batch 8) compiled by boltc, against the module run by torch in fp32. The merge is
asserted to have happened (one concatenation and one GEMM fewer), and so is plan-memory's
placement of the concatenation's inputs (a producer writing pitched rows instead of a
copy_rows), so a silent refusal cannot pass on numbers alone.

    python -m pytest -m gpu test/gpu/test_merge_residual_gemms_gpu.py -q

Tolerance: fp16 storage of every activation with fp32 accumulation, four layers deep: 1e-2 of
the output's range (the model benches accept 3e-2 over ~50 layers).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import boltc
from gpu_helpers import has_cuda_gpu, has_torch_cuda

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python" / "passes"))
from resnet_blocks import bottleneck_with_projection, pooled_bottleneck  # noqa: E402  (the CPU tests' blocks)

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not (has_cuda_gpu() and has_torch_cuda()),
                                                  reason="needs a CUDA GPU and torch with CUDA")]


def test_bottleneck_with_a_merged_shortcut_matches_torch(tmp_path):
    import torch

    block = bottleneck_with_projection()
    x = torch.randn(8, 64, 56, 56)
    model = boltc.compile(block, (x,), precision="f16", output=tmp_path / "bottleneck.so")
    kernels = model.kernels
    # The model's input is copied into the concatenation; the 3x3 convolution writes its half
    # in place (conv_sm90, ldd 128).
    assert kernels.count("copy_rows") == 1, kernels
    assert sum(k.startswith("gemm") for k in kernels) == 2, kernels  # conv1 and conv3 + shortcut
    want = block.cuda()(x.cuda())
    got = model(x.cuda())
    span = float(want.max() - want.min())
    assert float((got.float() - want).abs().max()) <= 1e-2 * span


@pytest.mark.parametrize("arch, conv", [("sm_90a", "conv_sm90"), ("sm_80", "conv_sm80")])
def test_pooled_bottleneck_writes_its_concatenation_in_place(tmp_path, arch, conv):
    """ResNet-50's stem max-pool, then layer 1's first bottleneck at batch 8 (56x56x64): the
    pool (out_pitch 128) and the 3x3 convolution (ldd 128) write the two halves of the K
    concatenation, conv1's GEMM reads the pool's rows 128 apart: no copy_rows at all. On
    sm_80 the same through conv_sm80 and gemm_sm80 (their kernels run on the H100 too)."""
    import torch

    block = pooled_bottleneck()
    x = torch.randn(8, 64, 112, 112)
    model = boltc.compile(block, (x,), arch=arch, precision="f16", output=tmp_path / "pooled.so")
    kernels = model.kernels
    assert "copy_rows" not in kernels and conv in kernels, kernels
    assert kernels.count("pool2d_max") == 1 and sum(k.startswith("gemm") for k in kernels) == 2, kernels
    want = block.cuda()(x.cuda())
    for _ in range(2):  # the second run reuses the arena: nothing left from the first may matter
        got = model(x.cuda())
        span = float(want.max() - want.min())
        assert float((got.float() - want).abs().max()) <= 1e-2 * span
