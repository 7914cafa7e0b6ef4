"""b2b_gemm_simt (boltc/lowering/cutlass/b2b_simt.py: the CUDA-core b2b kernel of tiny widths) on
the GPU: Linear -> act -> Linear -> act chains with widths up to 16 compiled for sm_90a (fuse-b2b
on: the sm_90a default), against torch in fp32 on the same weights.

    python -m pytest -m gpu test/gpu/test_b2b_simt.py -q

Every test first asserts the chain lowered to one b2b_gemm_simt kernel. Tolerance: fp32 sums;
the first product rounded to the element type between the GEMMs (as the unfused pair stores
it) and the output: rtol = atol = 2e-2 for f16 on O(1) values, 8e-2 for bf16 (8 bits of
mantissa against 11).
"""

from __future__ import annotations

import numpy as np
import pytest
import torch

import boltc
from boltc.compiler import lower_library
from gpu_helpers import has_cuda_gpu

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not has_cuda_gpu(), reason="needs a CUDA GPU")]


def chain(k0, n0, n1, *, bias0=False, relu0=True, bias1=False, relu1=True, seed=0, dtype=torch.half):
    torch.manual_seed(seed)
    layers = [torch.nn.Linear(k0, n0, bias=bias0), *([torch.nn.ReLU()] if relu0 else []),
              torch.nn.Linear(n0, n1, bias=bias1), *([torch.nn.ReLU()] if relu1 else [])]
    model = torch.nn.Sequential(*layers).to(dtype)
    with torch.no_grad():  # O(1) outputs: the tolerance is relative to values near 1
        for layer in model:
            if isinstance(layer, torch.nn.Linear):
                layer.weight.mul_(2.0)
    return model


def check(model, x, tmp_path, tol=0.02) -> None:
    lib, _ = lower_library(model, (x,), arch="sm_90a", fuse_b2b=True)
    assert [k.family for k in lib.programs[0].anchor_kernels] == ["b2b_gemm_simt"]
    compiled = boltc.compile(model, (x,), arch="sm_90a", fuse_b2b=True, output=tmp_path / "b2b.so")
    got = compiled(x.cuda()).float().cpu().numpy()
    expected = model.float()(x.float()).detach().numpy()
    np.testing.assert_allclose(got, expected, rtol=tol, atol=tol)
    assert np.abs(expected).max() > 0.1  # not a vacuous all-zero comparison


def test_the_paper_tiny_chain_matches_torch(tmp_path):
    """bolt_paper.json's M=2464, K0=4, N0=1, N1=4 (N0 padded to 8 by pad-alignment)."""
    # seed 1: with N0 = 1, most seeds give an all-zero output after the ReLUs (2464 did)
    check(chain(4, 1, 4, seed=1), torch.randn(2464, 4, dtype=torch.half), tmp_path)


# Widths from 2 to 16 (pad-alignment widens some; each shape here keeps a row under 16 bytes
# somewhere, so that the tensor-core kernel refuses it), rows not a multiple of the 256-thread
# block, and more rows than the 8192 blocks of one grid pass (the grid-stride loop).
@pytest.mark.parametrize("rows, k0, n0, n1", [(1000, 2, 3, 5), (77, 16, 2, 16), (3_000_000, 4, 8, 4),
                                              (4097, 14, 4, 6)])
def test_random_tiny_shapes_match_torch(rows, k0, n0, n1, tmp_path):
    check(chain(k0, n0, n1, bias0=True, bias1=True, seed=rows), torch.randn(rows, k0, dtype=torch.half), tmp_path)


KINDS = [(bias, relu) for bias in (False, True) for relu in (False, True)]


@pytest.mark.parametrize("bias0, relu0", KINDS)
@pytest.mark.parametrize("bias1, relu1", KINDS)
def test_every_epilogue_kind_in_either_stage(bias0, relu0, bias1, relu1, tmp_path):
    model = chain(4, 8, 4, bias0=bias0, relu0=relu0, bias1=bias1, relu1=relu1, seed=3)
    check(model, torch.randn(3000, 4, dtype=torch.half), tmp_path)


def test_bf16(tmp_path):
    check(chain(8, 4, 8, bias0=True, bias1=True, seed=5, dtype=torch.bfloat16),
          torch.randn(5000, 8, dtype=torch.bfloat16), tmp_path, tol=0.08)
