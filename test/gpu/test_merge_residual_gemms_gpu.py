"""merge-residual-gemms on the GPU: a ResNet bottleneck with a 1x1 shortcut (ResNet-50's layer
1 at batch 8) compiled by boltc, against the module run by torch in fp32. The merge is
asserted to have happened (one concatenation, copied by the 16-byte copy_rows kernel, and one
GEMM fewer), so a silent refusal cannot pass on numbers alone.

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
from resnet_blocks import bottleneck_with_projection  # noqa: E402  (the CPU test's block)

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not (has_cuda_gpu() and has_torch_cuda()),
                                                  reason="needs a CUDA GPU and torch with CUDA")]


def test_bottleneck_with_a_merged_shortcut_matches_torch(tmp_path):
    import torch

    block = bottleneck_with_projection()
    x = torch.randn(8, 64, 56, 56)
    model = boltc.compile(block, (x,), precision="f16", output=tmp_path / "bottleneck.so")
    kernels = model.kernels
    assert kernels.count("copy_rows") == 2, kernels  # the concatenation's two halves
    assert sum(k.startswith("gemm") for k in kernels) == 2, kernels  # conv1 and conv3 + shortcut
    want = block.cuda()(x.cuda())
    got = model(x.cuda())
    span = float(want.max() - want.min())
    assert float((got.float() - want).abs().max()) <= 1e-2 * span
