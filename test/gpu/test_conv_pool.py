"""The conv_pool kernel (boltc/lowering/cutlass/include/boltc/conv_pool.hpp: convolution + bias + ReLU + max pool
in one kernel) against torch, through bench/conv_pool.py's harness: every window path (the
scalar one for any strides, cp.async for NHWC with C a multiple of 8), both 16-bit types, a
concatenation's output pitch, odd sizes where tiles and windows overhang the image, and the
pool's padding.

Tolerance: the kernel sums in fp32 and rounds once to f16/bf16 (then the max is exact), as
torch's fp32 reference rounded would: at most 2 ulps of the output's magnitude (f16 2^-9, bf16
2^-6 relative) plus 1e-3 absolute for sums near zero."""

from __future__ import annotations

import ctypes

import pytest

from gpu_helpers import bench_module

pytestmark = pytest.mark.gpu

cp = bench_module("conv_pool")
Case = cp.Case
CASES = (
    *cp.CASES,
    # odd image sizes (tiles and windows overhang), batch 3
    Case("odd nchw 3x61x47 7x7/2 -> 32", "f16", "nchw", 3, 3, 61, 47, 32, 7, 7, 2, 3),
    Case("odd nhwc 16ch 37x29 3x3/1 -> 48, bf16", "bf16", "nhwc", 2, 16, 37, 29, 48, 3, 3, 1, 1),
    # no pool padding, a 2x2/2 pool, stride-2 5x5 convolution, another tile
    Case("nhwc 8ch 40x40 5x5/2 pool 2x2/2", "f16", "nhwc", 2, 8, 40, 40, 64, 5, 5, 2, 2, pool=2, pool_stride=2,
         pool_pad=0, tile=(8, 8)),
    # F of 128 (eight pairs of 8-wide MMA tiles) at a pitch
    Case("nchw 4ch 33x35 3x3/2 -> 128 pitch 192", "f16", "nchw", 2, 4, 33, 35, 128, 3, 3, 2, 1, out_pitch=192),
)


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    return ctypes.CDLL(str(cp.build(CASES, "sm_90a", tmp_path_factory.mktemp("conv_pool"))))


@pytest.mark.parametrize("index", range(len(CASES)), ids=[c.name for c in CASES])
def test_matches_torch(library, index):
    import torch

    case = CASES[index]
    prepared = cp.prepare(library, index, case, seed=index)
    assert prepared.per_sm >= 1, "launch failed"
    got = cp.result_nchw(prepared, case)
    reference = prepared.reference
    assert got.shape == reference.shape
    assert not torch.isnan(got).any()
    relative = {"f16": 2 ** -9, "bf16": 2 ** -6}[case.element]
    tolerance = 1e-3 + 2 * relative * reference.abs()
    excess = (got - reference).abs() - tolerance
    assert excess.max().item() <= 0, f"{case.name}: worst excess {excess.max().item():.3g}"
    if case.out_pitch:  # the columns past F in each pitched row are untouched (still NaN)
        assert torch.isnan(prepared.output[..., case.f:].float()).all()

