"""b2b_conv_direct on the GPU: image stems (conv 3x3 -> act -> conv 1x1 -> act on an RGB image)
compiled by boltc from torch modules, the whole pipeline, against torch, with the kernel
asserted: one b2b_conv_direct launch and no space_to_depth one (the kernel reads the image
through the fold; a fold kernel still running, or two convolution kernels, would pass the
numerics).

    python -m pytest -m gpu test/gpu/test_b2b_conv_direct.py -q

Tolerance: fp32 accumulation in both stages; the first product is rounded to the element type
between them (as the unfused pair stores it) and the output too; the reference is torch's fp32
on the same 16-bit-rounded image and weights: rtol = atol = 2e-2 for f16 on O(1) values
(test_b2b_conv_sm90's), 8e-2 for bf16 (8 bits of mantissa against f16's 11).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import boltc
from gpu_helpers import has_cuda_gpu, has_torch_cuda

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python" / "lowering"))
from b2b_helpers import rgb_stem  # noqa: E402  (the CPU tests' models, shared)

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not (has_cuda_gpu() and has_torch_cuda()),
                                                  reason="needs a CUDA GPU and torch with CUDA")]

@pytest.mark.parametrize("name, shape, widths, stride, acts, precision, arch, nhwc, input_f32", [
    # The paper's two stem chains (bolt_paper.json's b2b_conv, at a smaller batch).
    ("paper stem 48", (4, 224, 224), (3, 48, 48), 2, ("relu", "relu"), "f16", "sm_90a", True, False),
    ("paper stem 64", (2, 224, 224), (3, 64, 64), 2, ("relu", "relu"), "f16", "sm_90a", True, False),
    # The paper's batch: ~6 tiles a CTA, each TMA window buffer refilled by warp 0 once every warp
    # has arrived on its "empty" barrier.
    ("paper stem 48, batch 32", (32, 224, 224), (3, 48, 48), 2, ("relu", "relu"), "f16", "sm_90a", True, False),
    # An NCHW model input in fp32, cast to f16 by the model: the fold reads through the edge
    # transpose and the cast.
    ("nchw f32 image", (2, 96, 96), (3, 32, 64), 2, ("relu", "relu"), "f16", "sm_90a", False, True),
    # An odd image: the fold crops nothing but the tiles overhang P x Q (29 x 29), bf16.
    ("odd image bf16", (3, 57, 57), (3, 48, 32), 2, ("relu", "relu"), "bf16", "sm_90a", True, False),
    # The TMA window (rows of 104 x 3 f16: whole 16-byte units) with tiles overhanging 60 x 52.
    ("tma window, ragged tiles", (2, 120, 104), (3, 32, 48), 2, ("relu", "relu"), "f16", "sm_90a", True, False),
    # Other activations in either stage, no second bias.
    ("gelu, silu, no bias1", (2, 64, 80), (3, 32, 48), 2, ("gelu", "silu"), "f16", "sm_90a", True, False),
    ("no act1", (2, 64, 64), (3, 16, 16), 2, ("relu", "none"), "f16", "sm_90a", True, False),
    # sm_80's build of the same kernel.
    ("paper stem 64 sm_80", (2, 224, 224), (3, 64, 64), 2, ("relu", "relu"), "f16", "sm_80", True, False),
])
def test_stem_matches_torch(tmp_path, name, shape, widths, stride, acts, precision, arch, nhwc, input_f32):
    import torch

    torch.manual_seed(0)
    dtype = {"f16": torch.float16, "bf16": torch.bfloat16}[precision]
    c, f0, f1 = widths
    module = rgb_stem(c, f0, f1, stride, *acts, bias1=name != "gelu, silu, no bias1", nhwc=nhwc,
                      cast_input=input_f32).to(dtype)
    n, h, w = shape
    x = torch.randn((n, h, w, c) if nhwc else (n, c, h, w), dtype=torch.float32 if input_f32 else dtype)
    model = boltc.compile(module, (x,), output=tmp_path / "stem.so", precision=precision, arch=arch)
    kernels = model.kernels  # (an NCHW model's output is transposed after it)
    assert kernels == ["b2b_conv_direct"] + (["transpose_2d"] if not nhwc else []), kernels
    got = model(x.cuda()).float()
    # torch in fp32 on the 16-bit image and weights (the model's own cast rounds an fp32 image)
    want = module.float().cuda()(x.to(dtype).float().cuda())
    assert got.shape == want.shape
    tolerance = 2e-2 if precision == "f16" else 8e-2
    torch.testing.assert_close(got, want, rtol=tolerance, atol=tolerance)


def test_a_nan_in_the_image_reaches_exactly_its_outputs(tmp_path):
    """A NaN pixel makes NaN the outputs whose 3x3 windows read it, and no other: the folded
    window is 4x4, but the kernel leaves out the fold's all-zero filter columns, so no zero
    weight meets the NaN (0 * NaN = NaN would spread it a row and a column further)."""
    import torch

    torch.manual_seed(3)
    module = rgb_stem(3, 32, 32, 2, "relu", "none").half()
    x = torch.randn(1, 64, 64, 3, dtype=torch.half)
    x[0, 20, 30, 1] = float("nan")
    model = boltc.compile(module, (x,), output=tmp_path / "nan.so")
    assert model.kernels == ["b2b_conv_direct"], model.kernels
    got = model(x.cuda()).float().cpu()
    want = module.float()(x.float())
    assert torch.isnan(want).any()
    assert torch.equal(torch.isnan(got), torch.isnan(want))


# sm_90a's other forms of the kernel, which bench probes compare with the default (the TMA
# window, two m16 a warp at 2 CTAs): (module constants patched, the seed of the stem's weights).
OTHER_FORMS = {
    # The TMA window with 16 pixels a warp in 8x16 tiles, 3 CTAs an SM.
    "one m16 a warp": ({"TMA_WARP_M_TILES": 1, "TMA_CTAS_PER_SM": 3}, 1),
    # The window through the threads' registers, as on sm_80.
    "register window": ({"TMA_WINDOW": False}, 2),
    # The filters staged element by element (the fallback of the cp.async copies).
    "filters element by element": ({"COPY_FILTERS": False}, 3),
    # The TMA window read through the pair table (the AffineGather's fallback).
    "pair table": ({"AFFINE_GATHER": False}, 4),
}


@pytest.mark.parametrize("f", [48, 64])
@pytest.mark.parametrize("form", sorted(OTHER_FORMS))
def test_the_other_forms_on_sm90_match_torch(tmp_path, monkeypatch, form, f):
    import torch

    from boltc.lowering.cutlass import b2b_conv_direct

    constants, seed = OTHER_FORMS[form]
    for name, value in constants.items():
        monkeypatch.setattr(b2b_conv_direct, name, value)
    torch.manual_seed(seed)
    module = rgb_stem(3, f, f, 2, "relu", "relu").half()
    x = torch.randn(2, 224, 224, 3, dtype=torch.half)
    model = boltc.compile(module, (x,), output=tmp_path / "stem.so")
    assert model.kernels == ["b2b_conv_direct"], model.kernels
    want = module.float().cuda()(x.float().cuda())
    torch.testing.assert_close(model(x.cuda()).float(), want, rtol=2e-2, atol=2e-2)
