"""b2b_conv_sm90 (boltc/lowering/cutlass/b2b_conv_sm90.py: the resident Hopper b2b kernel with
a TMA im2col first stage) on an H100: conv -> act -> 1x1 conv -> act chains, NHWC in and out,
compiled for sm_90a with `fuse_b2b=True`, against torch in fp32 on the same f16 weights.

    python -m pytest -m gpu test/gpu/test_b2b_conv_sm90.py -q

Every test first asserts the chain lowered to one b2b_conv_sm90 kernel (two convolution kernels
would pass the numerics). Tolerance: fp32 accumulation in both stages; the first product is
rounded to the element type between them (as the unfused pair stores it) and the output too:
rtol = atol = 2e-2 against the fp32 torch result on O(1) values.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
import torch

import boltc
from boltc.compiler import lower_library
from gpu_helpers import has_cuda_gpu

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python" / "lowering"))
from b2b_helpers import FirstResidualConvChain, ResidualConvChain  # noqa: E402  (the CPU tests' models, shared)

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not has_cuda_gpu(), reason="needs a CUDA GPU")]

TOL = dict(rtol=2e-2, atol=2e-2)


@pytest.fixture(autouse=True)
def without_the_window_kernel(monkeypatch):
    """These tests are b2b_conv_sm90's: b2b_conv_window, asked before it, takes the 3x3 chains of
    C up to 48 (test_b2b_conv_window.py); without it they come here as before."""
    from boltc.dialects import bolt
    from boltc.lowering.cutlass import families

    monkeypatch.setitem(families.SM90A_B2B_FAMILIES, bolt.Conv2dOp, tuple(
        f for f in families.SM90A_B2B_FAMILIES[bolt.Conv2dOp] if f.name != "b2b_conv_window"))


class ConvChain(torch.nn.Module):
    """NHWC in, NHWC out (the permutes cancel against layout-nhwc's): conv rxr -> act0 ->
    conv 1x1 -> act1."""

    def __init__(self, c: int, f0: int, f1: int, r: int, stride: int, dilation: int, bias0: bool, relu0: bool,
                 bias1: bool, relu1: bool, between=None, after=None):
        super().__init__()
        act0 = [between] if between is not None else [torch.nn.ReLU()] if relu0 else []
        act1 = [after] if after is not None else [torch.nn.ReLU()] if relu1 else []
        layers = [torch.nn.Conv2d(c, f0, r, stride=stride, padding=dilation * (r // 2), dilation=dilation, bias=bias0),
                  *act0, torch.nn.Conv2d(f0, f1, 1, bias=bias1), *act1]
        self.body = torch.nn.Sequential(*layers)

    def forward(self, x):
        return self.body(x.permute(0, 3, 1, 2)).permute(0, 2, 3, 1)


def chain(c, f0, f1, *, r=3, stride=1, dilation=1, bias0=True, relu0=True, bias1=True, relu1=True, seed=0,
          dtype=torch.half, between=None, after=None) -> torch.nn.Module:
    torch.manual_seed(seed)
    model = ConvChain(c, f0, f1, r, stride, dilation, bias0, relu0, bias1, relu1, between, after).to(dtype)
    with torch.no_grad():  # O(1) outputs: the tolerance is relative to values near 1
        for layer in model.body:
            if isinstance(layer, torch.nn.Conv2d):
                layer.weight.mul_(2.0)
    return model


def check(model, x, tmp_path, tol=TOL, family="b2b_conv_sm90") -> None:
    lib, _ = lower_library(model, (x,), arch="sm_90a", fuse_b2b=True)
    families = [k.family for k in lib.programs[0].anchor_kernels]
    assert families.count(family) == 1 and not {"conv_sm90", "gemm_sm90"} & set(families), families
    compiled = boltc.compile(model, (x,), arch="sm_90a", fuse_b2b=True, output=tmp_path / "b2b.so")
    got = compiled(x.cuda()).float().cpu().numpy()
    expected = model.float()(x.float()).detach().numpy()
    np.testing.assert_allclose(got, expected, **tol)
    assert np.abs(expected).max() > 0.1  # not a vacuous all-zero comparison


# bolt_paper.json's b2b_conv rows (C, F, stride) at batch 2 (the kernel's rules and tiling do
# not depend on the batch; bench/b2b.py runs batch 32).
PAPER = [(3, 48, 2, 224), (48, 48, 2, 112), (48, 48, 1, 56), (3, 64, 2, 224), (64, 64, 2, 112), (64, 64, 1, 56)]


@pytest.mark.parametrize("c, f, stride, hw", PAPER)
def test_paper_conv_chains_match_torch(c, f, stride, hw, tmp_path):
    model = chain(c, f, f, stride=stride, seed=c + f + stride)
    # The RGB stems (C = 3, folded by space-to-depth) go to b2b_conv_direct, which reads the
    # image through the fold (test_b2b_conv_direct.py has its own cases).
    family = "b2b_conv_direct" if c == 3 else "b2b_conv_sm90"
    check(model, torch.randn(2, hw, hw, c, dtype=torch.half), tmp_path, family=family)


# Random legal shapes: pixels not a multiple of the 64-row tile, F0 and F1 below their tiles
# (multiples of 8 and of 16), C past one k-block (k-loop), below it and 48 (three quarters of one),
# 5x5 and 1x1 first filters, a dilated and a strided one, rectangular images.
RANDOM = [
    dict(c=16, f0=24, f1=40, r=3, stride=1, hw=(17, 23)),
    dict(c=128, f0=96, f1=32, r=3, stride=2, hw=(30, 30)),
    dict(c=32, f0=64, f1=128, r=5, stride=1, hw=(20, 13)),
    dict(c=64, f0=128, f1=64, r=1, stride=1, hw=(9, 9)),
    dict(c=40, f0=32, f1=256, r=3, stride=1, dilation=2, hw=(24, 24)),
    dict(c=8, f0=16, f1=8, r=3, stride=1, hw=(33, 33)),
    # C = 48: a 64-wide k-block a tap (16 zero channels each); a 5x5/2 filter (25 blocks) streams with A.
    dict(c=48, f0=56, f1=16, r=5, stride=2, hw=(27, 19)),
]


@pytest.mark.parametrize("shape", RANDOM, ids=lambda s: "-".join(f"{k}{v}" for k, v in s.items()))
def test_random_shapes_match_torch(shape, tmp_path):
    shape = dict(shape)
    h, w = shape.pop("hw")
    model = chain(seed=h * w, **shape)
    check(model, torch.randn(3, h, w, shape["c"], dtype=torch.half), tmp_path)


def test_filter_streamed_where_it_does_not_fit_matches_torch(tmp_path):
    """C = 128, 3x3, F0 = 128: the filter (288 KB) streams with the activation's im2col blocks
    (resident_k_tiles 0); the other chains here keep it in shared memory."""
    model = chain(128, 128, 32, seed=13)
    x = torch.randn(2, 40, 40, 128, dtype=torch.half)
    lib, _ = lower_library(model, (x,), arch="sm_90a", fuse_b2b=True)
    [kernel] = lib.programs[0].anchor_kernels
    assert kernel.family == "b2b_conv_sm90" and "W0 resident" not in kernel.config
    check(model, x, tmp_path)


KINDS = [(bias, relu) for bias in (False, True) for relu in (False, True)]


@pytest.mark.parametrize("bias0, relu0", KINDS)
@pytest.mark.parametrize("bias1, relu1", KINDS)
def test_every_epilogue_kind_in_either_stage(bias0, relu0, bias1, relu1, tmp_path):
    model = chain(32, 48, 32, bias0=bias0, relu0=relu0, bias1=bias1, relu1=relu1, seed=5)
    check(model, torch.randn(2, 28, 28, 32, dtype=torch.half), tmp_path)


@pytest.mark.parametrize("between, after", [
    (torch.nn.SiLU(), torch.nn.ReLU()), (torch.nn.ReLU(), torch.nn.GELU()), (torch.nn.Hardswish(), torch.nn.Sigmoid()),
], ids=["silu-relu", "relu-gelu", "hardswish-sigmoid"])
def test_activations_past_relu(between, after, tmp_path):
    """The conv chains take every activation the GEMM chains do (the same resident kernel and
    functors: test_b2b_sm90.py's test_every_activation_in_either_stage has them all)."""
    model = chain(32, 48, 32, seed=6, between=between, after=after)
    check(model, torch.randn(2, 28, 28, 32, dtype=torch.half), tmp_path)


# (64, 64, 256, 1, 30): ResNet-50's bottleneck pair (N1 = 256: 32 chunks a row), 1800 rows (not
# a multiple of 64: the residual's cp.async predicated on the last tile's rows).
@pytest.mark.parametrize("c, f0, f1, stride, hw", [(64, 64, 64, 1, 56), (48, 64, 32, 2, 30), (64, 64, 256, 1, 30)])
def test_a_residual_in_the_second_stage_matches_torch(c, f0, f1, stride, hw, tmp_path):
    torch.manual_seed(c + hw)
    model = ResidualConvChain(c, f0, f1, stride).half()
    with torch.no_grad():
        model.conv0.weight.mul_(2.0)
        model.conv1.weight.mul_(2.0)
    out = (hw + 2 - 3) // stride + 1
    x, r = torch.randn(2, hw, hw, c, dtype=torch.half), torch.randn(2, out, out, f1, dtype=torch.half)
    lib, _ = lower_library(model, (x, r), arch="sm_90a", fuse_b2b=True)
    assert [k.family for k in lib.programs[0].anchor_kernels] == ["b2b_conv_sm90"]
    compiled = boltc.compile(model, (x, r), arch="sm_90a", fuse_b2b=True, output=tmp_path / "b2b.so")
    got = compiled(x.cuda(), r.cuda()).float().cpu().numpy()
    expected = model.float()(x.float(), r.float()).detach().numpy()
    np.testing.assert_allclose(got, expected, **TOL)
    assert np.abs(expected).max() > 0.1


# r0 [N, P, Q, F0] added before the first relu; with `second` the shortcut after the 1x1 too.
# (48, 64, 32, 2, 30): 450 rows, not a multiple of 64 (R0's and R's cp.async predicated on the
# last tile's rows); (64, 64, 256, 1, 30, True): ResNet-50's bottleneck pair with both;
# (64, 128, 64, ...): F0 > F1, the staging buffer F0 wide.
@pytest.mark.parametrize("c, f0, f1, stride, hw, second", [
    (64, 64, 64, 1, 56, False), (48, 64, 32, 2, 30, False), (64, 128, 64, 1, 28, False),
    (48, 64, 32, 2, 30, True), (64, 64, 256, 1, 30, True), (64, 128, 64, 1, 28, True),
], ids=["r0", "r0-ragged", "r0-f0-gt-f1", "both-ragged", "both-bottleneck", "both-f0-gt-f1"])
def test_a_residual_in_the_first_stage_matches_torch(c, f0, f1, stride, hw, second, tmp_path):
    torch.manual_seed(c + f0 + hw)
    model = FirstResidualConvChain(c, f0, f1, stride, second=second).half()
    with torch.no_grad():
        model.conv0.weight.mul_(2.0)
        model.conv1.weight.mul_(2.0)
    out = (hw + 2 - 3) // stride + 1
    inputs = [torch.randn(2, hw, hw, c, dtype=torch.half), torch.randn(2, out, out, f0, dtype=torch.half)]
    if second:
        inputs.append(torch.randn(2, out, out, f1, dtype=torch.half))
    lib, _ = lower_library(model, tuple(inputs), arch="sm_90a", fuse_b2b=True)
    [(family, config)] = [(k.family, k.config) for k in lib.programs[0].anchor_kernels]
    assert family == "b2b_conv_sm90" and "+ residual) /" in config, config
    compiled = boltc.compile(model, tuple(inputs), arch="sm_90a", fuse_b2b=True, output=tmp_path / "b2b.so")
    got = compiled(*(t.cuda() for t in inputs)).float().cpu().numpy()
    expected = model.float()(*(t.float() for t in inputs)).detach().numpy()
    np.testing.assert_allclose(got, expected, **TOL)
    assert np.abs(expected).max() > 0.1


def test_bf16(tmp_path):
    model = chain(32, 64, 64, stride=2, seed=9, dtype=torch.bfloat16)
    # bf16 keeps 8 bits of mantissa (f16 11): the rounded first product and output are 8x coarser
    check(model, torch.randn(2, 40, 40, 32, dtype=torch.bfloat16), tmp_path, tol=dict(rtol=8e-2, atol=8e-2))
