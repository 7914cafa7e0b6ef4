"""b2b_conv_window (boltc/lowering/cutlass/b2b_conv_window.py: a 3x3 convolution and a 1x1 one in
one Hopper kernel, the first GEMM's A read by WGMMA from each band's input window staged by TMA)
on an H100/H200: conv 3x3 -> act -> conv 1x1 -> act chains, NHWC in and out, compiled for sm_90a
with `fuse_b2b=True`, against torch in fp32 on the same weights.

    python -m pytest -m gpu test/gpu/test_b2b_conv_window.py -q

Every test first asserts the chain lowered to one b2b_conv_window kernel (two convolution kernels
would pass the numerics). Tolerance as test_b2b_conv_sm90's: fp32 accumulation in both stages,
the first product rounded to the element type between them and the output too: rtol = atol =
2e-2 against the fp32 torch result on O(1) values (8e-2 for bf16: 8 bits of mantissa against
f16's 11).
"""

from __future__ import annotations

import numpy as np
import pytest
import torch

import boltc
from boltc.compiler import lower_library
from gpu_helpers import has_cuda_gpu

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not has_cuda_gpu(), reason="needs a CUDA GPU")]

TOL = dict(rtol=2e-2, atol=2e-2)


class ConvChain(torch.nn.Module):
    """NHWC in, NHWC out (the permutes cancel against layout-nhwc's): conv 3x3 (pad 1) -> act0 ->
    conv 1x1 -> act1."""

    def __init__(self, c: int, f0: int, f1: int, stride: int, bias0: bool, bias1: bool, act0, act1):
        super().__init__()
        layers = [torch.nn.Conv2d(c, f0, 3, stride=stride, padding=1, bias=bias0), *([act0] if act0 else []),
                  torch.nn.Conv2d(f0, f1, 1, bias=bias1), *([act1] if act1 else [])]
        self.body = torch.nn.Sequential(*layers)

    def forward(self, x):
        return self.body(x.permute(0, 3, 1, 2)).permute(0, 2, 3, 1)


def chain(c, f0, f1, stride, *, bias0=True, bias1=True, act0="relu", act1="relu", seed=0,
          dtype=torch.half) -> torch.nn.Module:
    acts = {"relu": torch.nn.ReLU(), "gelu": torch.nn.GELU(), "silu": torch.nn.SiLU(), None: None}
    torch.manual_seed(seed)
    model = ConvChain(c, f0, f1, stride, bias0, bias1, acts[act0], acts[act1]).to(dtype)
    with torch.no_grad():  # O(1) outputs: the tolerance is relative to values near 1
        for layer in model.body:
            if isinstance(layer, torch.nn.Conv2d):
                layer.weight.mul_(2.0)
    return model


def check(model, x, tmp_path, tol=TOL) -> None:
    lib, _ = lower_library(model, (x,), arch="sm_90a", fuse_b2b=True)
    families = [k.family for k in lib.programs[0].anchor_kernels]
    assert families.count("b2b_conv_window") == 1 and not {"conv_sm90", "gemm_sm90"} & set(families), families
    compiled = boltc.compile(model, (x,), arch="sm_90a", fuse_b2b=True, output=tmp_path / "b2b.so")
    got = compiled(x.cuda()).float().cpu().numpy()
    expected = model.float()(x.float()).detach().numpy()
    np.testing.assert_allclose(got, expected, **tol)
    assert np.abs(expected).max() > 0.1  # not a vacuous all-zero comparison


def image(n, h, w, c, dtype=torch.half, seed=1) -> torch.Tensor:
    torch.manual_seed(seed)
    return torch.randn(n, h, w, c, dtype=dtype)


# bolt_paper.json's 48-channel b2b_conv rows (C, F, stride, H = W) at batch 2 (bench/b2b.py runs batch 32).
@pytest.mark.parametrize("c, f, stride, hw", [(48, 48, 2, 112), (48, 48, 1, 56)])
def test_paper_conv_chains_match_torch(c, f, stride, hw, tmp_path):
    check(chain(c, f, f, stride, seed=c + stride), image(2, hw, hw, c), tmp_path)


# Random legal shapes: every C (16, 32, 48; 64 at stride 1), F0 (16-64) and F1 (8-64) width, both strides, ragged
# images (a band's last rows and columns outside the image), Q over one band (Q > 64: bands of
# ceil(Q / ceil(Q / 64)) columns), one image.
RANDOM = [
    dict(n=3, h=37, w=29, c=48, f0=48, f1=48, stride=2),
    dict(n=2, h=21, w=30, c=48, f0=48, f1=48, stride=1),
    dict(n=1, h=9, w=130, c=16, f0=16, f1=8, stride=1),
    dict(n=2, h=33, w=150, c=32, f0=64, f1=24, stride=2),
    dict(n=4, h=15, w=15, c=32, f0=32, f1=64, stride=1),
    dict(n=1, h=64, w=64, c=16, f0=48, f1=40, stride=2),
    dict(n=2, h=7, w=11, c=48, f0=64, f1=16, stride=1),
    # One band: the grid is one cluster of two CTAs, one without a band, which still multicasts
    # its share of the filters to the other.
    dict(n=1, h=2, w=16, c=16, f0=16, f1=16, stride=1),
    dict(n=2, h=21, w=30, c=64, f0=64, f1=48, stride=1),
]


@pytest.mark.parametrize("shape", RANDOM, ids=lambda s: "-".join(f"{k}{v}" for k, v in s.items()))
def test_random_shapes_match_torch(shape, tmp_path):
    model = chain(shape["c"], shape["f0"], shape["f1"], shape["stride"], seed=sum(shape.values()))
    check(model, image(shape["n"], shape["h"], shape["w"], shape["c"]), tmp_path)


KINDS = [(True, "relu"), (False, "relu"), (True, None), (False, None)]


@pytest.mark.parametrize("bias0, act0", KINDS)
@pytest.mark.parametrize("bias1, act1", KINDS)
def test_every_epilogue_kind_in_either_stage(bias0, act0, bias1, act1, tmp_path):
    model = chain(32, 32, 16, 2, bias0=bias0, bias1=bias1, act0=act0, act1=act1, seed=3)
    check(model, image(2, 20, 18, 32), tmp_path)


@pytest.mark.parametrize("act0, act1", [("gelu", "silu"), ("silu", "gelu")])
def test_activations_past_relu(act0, act1, tmp_path):
    check(chain(48, 32, 48, 2, act0=act0, act1=act1, seed=4), image(2, 24, 24, 48), tmp_path)


def test_bf16(tmp_path):
    model = chain(48, 48, 48, 2, dtype=torch.bfloat16, seed=5)
    check(model, image(2, 40, 40, 48, dtype=torch.bfloat16), tmp_path, tol=dict(rtol=8e-2, atol=8e-2))
