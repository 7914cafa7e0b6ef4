"""What the b2b emitters' tests share (test_b2b_conv_sm80.py, test_b2b_conv_sm90.py, and
test/gpu/test_b2b_conv_sm90.py's models)."""

from __future__ import annotations

import contextlib
from unittest import mock

import torch

from boltc.compiler import load_for_compile, optimize


def optimized(model, x, arch: str, fuse_b2b: bool = True, keep_chained: bool = False):
    """`model` on example input `x` (a tensor, or a tuple of them) through the pipeline for
    `arch` (f16). `keep_chained`: every chained pointwise convolution stays one, fused or not
    (the pipeline keeps only those fuse-b2b pairs), for building a b2b by hand."""
    module, _ = load_for_compile(model, x if isinstance(x, tuple) else (x,))
    keep_all = mock.patch("boltc.passes.pipeline.paired_pointwise_convs", return_value=(None, []))
    with keep_all if keep_chained else contextlib.nullcontext():
        optimize(module, arch, "f16", fuse_b2b=fuse_b2b)
    return module


class ResidualConvChain(torch.nn.Module):
    """relu(conv1x1(relu(conv3x3(x) + b0)) + b1 + r): a bottleneck's 3x3 -> 1x1 with its
    shortcut. NHWC in and out (the permutes cancel against layout-nhwc's), so r is added where
    the model's own NHWC tensors would be."""

    def __init__(self, c: int, f0: int, f1: int, stride: int):
        super().__init__()
        self.conv0 = torch.nn.Conv2d(c, f0, 3, stride=stride, padding=1)
        self.conv1 = torch.nn.Conv2d(f0, f1, 1)

    def forward(self, x, r):
        y = self.conv1(torch.relu(self.conv0(x.permute(0, 3, 1, 2)))).permute(0, 2, 3, 1)
        return torch.relu(y + r)


class FirstResidualConvChain(torch.nn.Module):
    """relu(conv1x1(relu(conv3x3(x) + b0 + r0)) + b1 [+ r]): a residual r0 added before the first
    activation (NHWC, of the 3x3's output shape), and with `second` a shortcut r added after the
    1x1 as ResidualConvChain's. NHWC in and out; r0 is permuted where the convolution's output
    is NCHW, so the permutes cancel against layout-nhwc's as the others do. forward(x, r0[, r])."""

    def __init__(self, c: int, f0: int, f1: int, stride: int, second: bool = False):
        super().__init__()
        self.conv0 = torch.nn.Conv2d(c, f0, 3, stride=stride, padding=1)
        self.conv1 = torch.nn.Conv2d(f0, f1, 1)
        self.second = second

    def forward(self, x, r0, *r):
        h = torch.relu(self.conv0(x.permute(0, 3, 1, 2)) + r0.permute(0, 3, 1, 2))
        y = self.conv1(h).permute(0, 2, 3, 1)
        return torch.relu(y + r[0]) if self.second else torch.relu(y)


ACTIVATIONS = {"relu": "ReLU", "gelu": "GELU", "silu": "SiLU", "none": "Identity"}


def rgb_stem(c: int, f0: int, f1: int, stride: int, act0: str, act1: str, bias1: bool = True, nhwc: bool = True,
             cast_input: bool = False):
    """conv 3x3/stride (pad 1) -> act0 -> conv 1x1 -> act1; NHWC in and out where `nhwc` (the
    permutes are views that cancel against layout-nhwc), else NCHW (the fold reads through the
    edge transpose). `cast_input`: the image comes in fp32 and is cast to the weights' type
    first (the fold reads through the cast too)."""
    import torch

    body = torch.nn.Sequential(torch.nn.Conv2d(c, f0, 3, stride=stride, padding=1),
                               getattr(torch.nn, ACTIVATIONS[act0])(),
                               torch.nn.Conv2d(f0, f1, 1, bias=bias1), getattr(torch.nn, ACTIVATIONS[act1])())

    class Stem(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.body = body

        def forward(self, x):
            if cast_input:
                x = x.to(self.body[0].weight.dtype)
            return self.body(x.permute(0, 3, 1, 2)).permute(0, 2, 3, 1) if nhwc else self.body(x)

    module = Stem().eval()
    with torch.no_grad():  # O(1) values through the activations (the tolerance is near 1)
        for layer in module.modules():
            if isinstance(layer, torch.nn.Conv2d):
                layer.weight.mul_(2.0)
    return module
