"""merge-residual-gemms on the GPU: a ResNet bottleneck with a 1x1 shortcut (ResNet-50's layer
1 at batch 8) compiled by boltc, against the module run by torch in fp32. The merge is
asserted to have happened (one concatenation, copied by the 16-byte copy_rows kernel, and one
GEMM fewer), so a silent refusal cannot pass on numbers alone.

    python -m pytest -m gpu test/gpu/test_merge_residual_gemms_gpu.py -q

Tolerance: fp16 storage of every activation with fp32 accumulation, four layers deep: 1e-2 of
the output's range (the model benches accept 3e-2 over ~50 layers).
"""

from __future__ import annotations

import pytest

import boltc
from gpu_helpers import has_cuda_gpu, has_torch_cuda

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not (has_cuda_gpu() and has_torch_cuda()),
                                                  reason="needs a CUDA GPU and torch with CUDA")]


def test_bottleneck_with_a_merged_shortcut_matches_torch(tmp_path):
    import torch
    from torch import nn

    class Bottleneck(nn.Module):
        def __init__(self):
            super().__init__()
            self.c1, self.b1 = nn.Conv2d(64, 64, 1, bias=False), nn.BatchNorm2d(64)
            self.c2, self.b2 = nn.Conv2d(64, 64, 3, padding=1, bias=False), nn.BatchNorm2d(64)
            self.c3, self.b3 = nn.Conv2d(64, 256, 1, bias=False), nn.BatchNorm2d(256)
            self.ds = nn.Sequential(nn.Conv2d(64, 256, 1, bias=False), nn.BatchNorm2d(256))

        def forward(self, x):
            y = torch.relu(self.b1(self.c1(x)))
            y = torch.relu(self.b2(self.c2(y)))
            return torch.relu(self.b3(self.c3(y)) + self.ds(x))

    torch.manual_seed(0)
    block = Bottleneck().eval()
    for mod in block.modules():
        if isinstance(mod, nn.BatchNorm2d):
            mod.running_mean.uniform_(-0.5, 0.5)
            mod.running_var.uniform_(0.5, 2.0)
            mod.weight.data.uniform_(0.5, 1.5)
            mod.bias.data.uniform_(-0.5, 0.5)
    x = torch.randn(8, 64, 56, 56)
    model = boltc.compile(block, (x,), precision="f16", output=tmp_path / "bottleneck.so")
    kernels = model.kernels
    assert kernels.count("copy_rows") == 2, kernels  # the concatenation's two halves
    assert sum(k.startswith("gemm") for k in kernels) == 2, kernels  # conv1 and conv3 + shortcut
    want = block.cuda()(x.cuda())
    got = model(x.cuda())
    span = float(want.max() - want.min())
    assert float((got.float() - want).abs().max()) <= 1e-2 * span
