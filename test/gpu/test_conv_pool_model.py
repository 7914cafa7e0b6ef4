"""fuse-conv-pool on the GPU: convolution + bias + ReLU + max pool blocks compiled by boltc (torch
modules, the whole pipeline) against torch, with the fusion asserted (a conv_pool launch, no
pool2d one: a silent refusal would pass the numerics).

    python -m pytest -m gpu test/gpu/test_conv_pool_model.py -q

Tolerance: boltc computes the convolution in fp32 over the (folded) K and rounds once to the
16-bit type, then the max is exact; the reference is torch's fp32 convolution and pool on the
same 16-bit-rounded input, weights and bias, so the difference is the result's rounding (f16
2^-11, bf16 2^-8 relative) and the bias's in the epilogue: rtol = atol = 2e-3 for f16, 1.6e-2
for bf16 (atol for results near 0, of magnitude ~1 here).
"""

from __future__ import annotations

import pytest

import boltc
from gpu_helpers import has_cuda_gpu, has_torch_cuda

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not (has_cuda_gpu() and has_torch_cuda()),
                                                  reason="needs a CUDA GPU and torch with CUDA")]


def _block(channels, filters, window, stride, padding, pool, pool_stride, pool_padding):
    import torch

    return torch.nn.Sequential(torch.nn.Conv2d(channels, filters, window, stride=stride, padding=padding),
                               torch.nn.ReLU(), torch.nn.MaxPool2d(pool, pool_stride, pool_padding))


@pytest.mark.parametrize("name, block, batch, size, precision, arch", [
    # ResNet's stem: folded by space-to-depth (115x113x24, a 4x2 filter: the cp.async window).
    ("resnet stem", (3, 64, 7, 2, 3, 3, 2, 1), 32, 224, "f16", "sm_90a"),
    ("resnet stem bf16", (3, 64, 7, 2, 3, 3, 2, 1), 8, 224, "bf16", "sm_90a"),
    ("resnet stem sm_80", (3, 64, 7, 2, 3, 3, 2, 1), 8, 224, "f16", "sm_80"),
    # An odd image: tiles and pool windows overhang the bottom and right edges.
    ("odd image", (3, 64, 7, 2, 3, 3, 2, 1), 4, 223, "f16", "sm_90a"),
    # Stride 1 on 3 channels (no fold): the unaligned window path or channel padding.
    ("vgg-like 3x3 on rgb", (3, 32, 3, 1, 1, 2, 2, 0), 4, 64, "f16", "sm_90a"),
    # A 3x3 on 16 channels (K = 144), F = 96 (the widest conv_pool takes), unpadded 3x3/2 pool.
    ("3x3 c16 f96", (16, 96, 3, 1, 1, 3, 2, 0), 2, 57, "f16", "sm_90a"),
])
def test_block_matches_torch(tmp_path, name, block, batch, size, precision, arch):
    import torch

    torch.manual_seed(0)
    dtype = {"f16": torch.float16, "bf16": torch.bfloat16}[precision]
    module = _block(*block).eval().to(dtype)
    x = torch.randn(batch, block[0], size, size, dtype=dtype)
    model = boltc.compile(module, (x,), output=tmp_path / "block.so", precision=precision, arch=arch)
    kernels = model.kernels
    assert kernels.count("conv_pool") == 1, kernels
    assert "pool2d_max" not in kernels, kernels
    conv = module[0]
    xc = x.cuda()
    want = torch.nn.functional.max_pool2d(torch.relu(torch.nn.functional.conv2d(
        xc.float(), conv.weight.cuda().float(), conv.bias.cuda().float(), stride=block[3], padding=block[4])),
        block[5], block[6], block[7])
    got = model(xc)
    assert got.shape == want.shape
    tolerance = 2e-3 if precision == "f16" else 1.6e-2
    torch.testing.assert_close(got.float(), want, rtol=tolerance, atol=tolerance)


def test_a_nan_in_the_image_reaches_the_pooled_output(tmp_path):
    """torch's max pool propagates NaN: so does the fused kernel (its max is NaN-propagating)."""
    import torch

    torch.manual_seed(2)
    module = _block(3, 64, 7, 2, 3, 3, 2, 1).eval().half()
    x = torch.randn(2, 3, 64, 64, dtype=torch.half)
    x[0, 1, 20, 20] = float("nan")
    model = boltc.compile(module, (x,), output=tmp_path / "nan.so")
    assert "conv_pool" in model.kernels
    got = model(x.cuda()).float().cpu()
    want = module.float()(x.float())
    assert torch.equal(torch.isnan(got), torch.isnan(want))
    assert torch.isnan(got).any()


def test_pooled_output_placed_in_a_concatenation(tmp_path):
    """ResNet's first bottleneck without fuse-b2b: merge-residual-gemms concatenates the 3x3's
    output and the pooled stem along K, and plan-memory places both in the concatenation's rows
    (bolt.row_pitch 128): the conv_pool kernel stores its pooled pixels at that pitch, no copy."""
    import torch

    class Bottleneck(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = _block(3, 64, 7, 2, 3, 3, 2, 1)
            self.c1, self.c2 = torch.nn.Conv2d(64, 64, 1), torch.nn.Conv2d(64, 64, 3, 1, 1)
            self.c3, self.shortcut = torch.nn.Conv2d(64, 256, 1), torch.nn.Conv2d(64, 256, 1)

        def forward(self, x):
            x = self.stem(x)
            y = torch.relu(self.c2(torch.relu(self.c1(x))))
            return torch.relu(self.c3(y) + self.shortcut(x))

    torch.manual_seed(3)
    module = Bottleneck().eval().half()
    x = torch.randn(8, 3, 224, 224, dtype=torch.half)
    model = boltc.compile(module, (x,), output=tmp_path / "bottleneck.so", fuse_b2b=False)
    kernels = model.kernels
    assert "conv_pool" in kernels and not any("copy" in k for k in kernels), kernels
    want = module.float().cuda()(x.cuda().float())
    got = model(x.cuda()).float()
    # Four layers in f16 (each rounded once) against fp32: 1 % of the output's range.
    assert (got - want).abs().max().item() <= 1e-2 * (want.max() - want.min()).item()
