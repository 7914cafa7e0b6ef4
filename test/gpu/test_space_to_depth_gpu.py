"""space-to-depth on the GPU: image stems compiled by boltc (torch modules, constant weights, the
whole pipeline) against torch's conv2d, with the fold asserted to have happened (one
rt::space_to_depth launch, a stride-1 folded convolution: a silent refusal would pass the
numerics).

    python -m pytest -m gpu test/gpu/test_space_to_depth_gpu.py -q

Tolerance: boltc computes in fp16 with fp32 accumulation over the folded K (for ResNet's 7x7
stem, 4x2 taps x 24 channels after the column fold, a quarter of them zero padding); the reference is torch's conv2d in fp32 on the
same fp16-rounded input and weights, so the difference is the fp16 rounding of the result
(2^-11 relative) plus the fp16 rounding of the bias, relu(x) being exact: rtol = atol = 2e-3
(atol for results near 0, of magnitude ~1 here).
"""

from __future__ import annotations

import pytest

import boltc
from gpu_helpers import has_cuda_gpu, has_torch_cuda

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not (has_cuda_gpu() and has_torch_cuda()),
                                                  reason="needs a CUDA GPU and torch with CUDA")]


@pytest.mark.parametrize("channels, filters, window, padding, size", [
    (3, 64, 7, 3, 224),  # ResNet/ResNeXt: 7x7/2, 3 -> 64 (the column fold's fixed kernel, 24 channels)
    (3, 32, 3, 1, 224),  # MobileNetV2: 3x3/2, 3 -> 32
    (3, 48, 3, 1, 223),  # RepVGG-A0's width, an odd image: the fold pads 2 at the bottom/right
    (4, 64, 7, 3, 96),  # RGBA: 16 folded channels, 32 after the column fold (the generic kernel)
])
def test_stem_matches_torch(tmp_path, channels, filters, window, padding, size):
    import torch

    torch.manual_seed(0)
    stem = torch.nn.Sequential(torch.nn.Conv2d(channels, filters, window, stride=2, padding=padding),
                               torch.nn.ReLU()).eval().half()
    x = torch.randn(32, channels, size, size, dtype=torch.half)
    model = boltc.compile(stem, (x,), output=tmp_path / "stem.so")
    kernels = model.kernels
    assert kernels.count("space_to_depth") == 1 and kernels[0] == "space_to_depth", kernels
    assert not {"transpose_pad_2d", "pad", "strided_copy"} & set(kernels), kernels
    conv = stem[0]
    xc = x.cuda()
    want = torch.relu(torch.nn.functional.conv2d(
        xc.float(), conv.weight.cuda().float(), conv.bias.cuda().float(), stride=2, padding=padding))
    got = model(xc)
    assert got.shape == want.shape
    torch.testing.assert_close(got.float(), want, rtol=2e-3, atol=2e-3)


def test_an_f32_image_is_cast_in_the_fold(tmp_path):
    """An fp32 module compiled in fp16: the image's cast to fp16 is done by the fold kernel."""
    import torch

    torch.manual_seed(1)
    stem = torch.nn.Sequential(torch.nn.Conv2d(3, 64, 7, stride=2, padding=3), torch.nn.ReLU()).eval()
    x = torch.randn(8, 3, 65, 64)
    model = boltc.compile(stem, (x,), precision="f16", output=tmp_path / "stem32.so")
    assert model.kernels[0] == "space_to_depth" and "elementwise" not in model.kernels[:1]
    conv = stem[0]
    # Reference: the fp16-rounded image and weights, fp32 arithmetic.
    want = torch.relu(torch.nn.functional.conv2d(
        x.cuda().half().float(), conv.weight.cuda().half().float(), conv.bias.cuda().half().float(),
        stride=2, padding=3))
    got = model(x.cuda())
    torch.testing.assert_close(got.float(), want, rtol=2e-3, atol=2e-3)
