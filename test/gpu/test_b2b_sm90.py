"""b2b_gemm_sm90 (boltc/lowering/cutlass/b2b_sm90.py: the resident kernel, W0 resident or
streamed, and example 88's kernel with a bias + activation collective) on an H100 or H200:
Linear -> act -> Linear -> act chains compiled for sm_90a with `fuse_b2b=True` (the sm_90a
default, said explicitly), against torch in fp32 on the same f16 weights, and timed against the
unfused pair and bolt_paper.json's memory floor.

    python -m pytest -m gpu test/gpu/test_b2b_sm90.py -q -s

Every test first asserts the lowering chose b2b_gemm_sm90 (two gemm kernels would pass the
numerics). Tolerance: fp32 accumulation in both GEMMs; the kernel rounds act0(A W0 + bias0) to
f16 before the second GEMM (the unfused pair stores it in f16 too) and D to f16: a few f16 ulps
on O(1) values, rtol = atol = 2e-2 against the fp32 torch result (which keeps the first
product in fp32).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import torch

import boltc
from boltc.compiler import lower_library
from gpu_helpers import fused_and_unfused_us, has_cuda_gpu

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not has_cuda_gpu(), reason="needs a CUDA GPU")]

TOL = dict(rtol=2e-2, atol=2e-2)
_ROOT = Path(__file__).resolve().parents[2]
# Beside the checkout (../shared), or carried to the GPU machine in .whl/ (../shared does not travel).
WORKLOADS = next((p for p in (_ROOT.parent / "shared" / "workloads" / "bolt_paper.json", _ROOT / ".whl" / "bolt_paper.json")
                  if p.is_file()), None)


def paper_chains() -> list:
    """bolt_paper.json's b2b_gemm chains with 16-byte rows (the resident kernel takes any K0;
    the one with 4-element rows goes through pad-alignment first: bench/b2b.py times it)."""
    if WORKLOADS is None:  # a failure, not a skip: the GPU runs of 2026-11-29 skipped these unnoticed
        return [{"M": 0, "K0": 0, "N0": 0, "N1": 0}]
    chains = json.loads(WORKLOADS.read_text())["b2b_gemm"]
    return [c for c in chains if c["K0"] % 8 == 0 and c["N0"] % 8 == 0 and c["N1"] % 8 == 0]


def _need_the_table() -> None:
    if WORKLOADS is None:
        pytest.fail("bolt_paper.json is neither in ../shared/workloads nor in .whl/ (copy it there)")


def chain(k0: int, n0: int, n1: int, *, bias0: bool, bias1: bool, relu0: bool, relu1: bool,
          seed: int) -> torch.nn.Module:
    torch.manual_seed(seed)
    layers = [torch.nn.Linear(k0, n0, bias=bias0), *([torch.nn.ReLU()] if relu0 else []),
              torch.nn.Linear(n0, n1, bias=bias1), *([torch.nn.ReLU()] if relu1 else [])]
    model = torch.nn.Sequential(*layers).half()
    with torch.no_grad():  # O(1) outputs: the tolerance is relative to values near 1
        for layer in model:
            if isinstance(layer, torch.nn.Linear):
                layer.weight.mul_(2.0)
    return model


def families(model, x) -> list[str]:
    return [family for family, _ in kernels(model, x)]


def kernels(model, x) -> list[tuple[str, str]]:
    """(family, configuration in words) of each kernel the chain lowers to."""
    lib, _ = lower_library(model, (x,), arch="sm_90a", fuse_b2b=True)
    return [(k.family, k.config) for k in lib.programs[0].anchor_kernels]


def variant(model, x) -> str:
    [(family, config)] = kernels(model, x)
    assert family == "b2b_gemm_sm90", family
    return config.split()[1]  # "resident" or "streamed" (B2bSm90Config.summary)


def check(model, x, tmp_path) -> None:
    assert families(model, x) == ["b2b_gemm_sm90"]
    compiled = boltc.compile(model, (x,), arch="sm_90a", fuse_b2b=True, output=tmp_path / "b2b.so")
    got = compiled(x.cuda()).float().cpu().numpy()
    expected = model.float()(x.float()).detach().numpy()
    np.testing.assert_allclose(got, expected, **TOL)
    assert np.abs(expected).max() > 0.1  # not a vacuous all-zero comparison


@pytest.mark.parametrize("c", paper_chains(), ids=lambda c: f"M{c['M']}-K{c['K0']}-N{c['N0']}-N{c['N1']}")
def test_paper_chains_match_torch(c, tmp_path):
    _need_the_table()
    model = chain(c["K0"], c["N0"], c["N1"], bias0=False, bias1=False, relu0=True, relu1=True, seed=c["M"])
    check(model, torch.randn(c["M"], c["K0"], dtype=torch.half), tmp_path)


# Random legal shapes: M not a multiple of 128, N0 not a multiple of the block, K0 and N1
# below their tiles (TMA zero fill, predicated stores), both weight blocks sizes; the kernel
# each takes (resident: N0 and N1 fit registers; streamed: example 88's N0 loop), asserted.
RANDOM_SHAPES = [(1000, 64, 256, 64, "streamed"), (777, 128, 192, 40, "resident"), (4096, 96, 72, 24, "resident"),
                 (130, 256, 128, 128, "resident"), (5000, 32, 136, 256, "streamed"),
                 (3000, 320, 96, 40, "resident"), (70000, 200, 48, 8, "resident")]


@pytest.mark.parametrize("rows, k0, n0, n1, kernel", RANDOM_SHAPES)
def test_random_shapes_match_torch(rows, k0, n0, n1, kernel, tmp_path):
    model = chain(k0, n0, n1, bias0=True, bias1=True, relu0=True, relu1=True, seed=rows)
    x = torch.randn(rows, k0, dtype=torch.half)
    assert variant(model, x) == kernel
    check(model, x, tmp_path)


def test_w0_streamed_where_it_does_not_fit_matches_torch(tmp_path):
    """K0 = 2048, N0 = 128: W0 (512 KB) cannot stay in shared memory, so the resident kernel
    streams it with A through CUTLASS's mainloop (resident_k_tiles 0). The paper's K0 = 576,
    N0 = 128 chain (test_paper_chains_match_torch) streams it too, by choice (kept, it would
    leave A 6 stages of the 8 streaming gets: b2b_sm90.resident_with_most_stages); every other
    shape here keeps W0 resident."""
    model = chain(2048, 128, 64, bias0=True, bias1=True, relu0=True, relu1=True, seed=11)
    x = torch.randn(3000, 2048, dtype=torch.half)
    [(family, config)] = kernels(model, x)
    assert family == "b2b_gemm_sm90" and " resident " in config and "W0 resident" not in config
    check(model, x, tmp_path)


# Every epilogue kind in either stage: acc, acc + bias, relu(acc), relu(acc + bias), on
# either kernel.
KINDS = [(bias, relu) for bias in (False, True) for relu in (False, True)]


@pytest.mark.parametrize("bias0, relu0", KINDS)
@pytest.mark.parametrize("bias1, relu1", KINDS)
@pytest.mark.parametrize("k0, n0, n1, kernel", [(64, 256, 64, "streamed"), (96, 128, 64, "resident")])
def test_every_epilogue_kind_in_either_stage(bias0, relu0, bias1, relu1, k0, n0, n1, kernel, tmp_path):
    model = chain(k0, n0, n1, bias0=bias0, bias1=bias1, relu0=relu0, relu1=relu1, seed=7)
    x = torch.randn(2048, k0, dtype=torch.half)
    assert variant(model, x) == kernel
    check(model, x, tmp_path)


# Every activation the resident kernel applies (b2b_sm90.SM90_ACTIVATIONS, the GEMM epilogues'
# functors in their 16-bit forms), in either stage, with a bias; the other stage relu.
ACTIVATIONS = {"gelu_erf": torch.nn.GELU(), "gelu_tanh": torch.nn.GELU(approximate="tanh"), "silu": torch.nn.SiLU(),
               "sigmoid": torch.nn.Sigmoid(), "hardswish": torch.nn.Hardswish(), "softplus": torch.nn.Softplus(),
               "tanh": torch.nn.Tanh()}


@pytest.mark.parametrize("stage", [0, 1])
@pytest.mark.parametrize("name", sorted(ACTIVATIONS))
def test_every_activation_in_either_stage(name, stage, tmp_path):
    torch.manual_seed(3)
    acts = [ACTIVATIONS[name], torch.nn.ReLU()] if stage == 0 else [torch.nn.ReLU(), ACTIVATIONS[name]]
    model = torch.nn.Sequential(torch.nn.Linear(96, 32), acts[0], torch.nn.Linear(32, 96), acts[1]).half()
    with torch.no_grad():
        for layer in model:
            if isinstance(layer, torch.nn.Linear):
                layer.weight.mul_(2.0)
    x = torch.randn(20000, 96, dtype=torch.half)
    [(family, config)] = kernels(model, x)
    assert family == "b2b_gemm_sm90" and " resident " in config and f"{name}(acc + bias)" in config
    check(model, x, tmp_path)


class ResidualChain(torch.nn.Module):
    """act1(Linear(act0(Linear(x))) + r)."""

    def __init__(self, k0, n0, n1, act0, act1):
        super().__init__()
        self.lin0, self.lin1, self.act0, self.act1 = torch.nn.Linear(k0, n0), torch.nn.Linear(n0, n1), act0, act1

    def forward(self, x, r):
        return self.act1(self.lin1(self.act0(self.lin0(x))) + r)


@pytest.mark.parametrize("rows, k0, n0, n1, act0, act1", [
    (20000, 96, 32, 96, torch.nn.ReLU(), torch.nn.ReLU()),
    (3001, 64, 128, 64, torch.nn.GELU(), torch.nn.Identity()),  # M not a multiple of 64: the residual's rows predicated
    (4096, 256, 64, 40, torch.nn.SiLU(), torch.nn.ReLU()),      # N1 = 40: the general store path
], ids=["relu", "gelu-none-ragged", "silu-n1-40"])
def test_a_residual_in_the_second_stage_matches_torch(rows, k0, n0, n1, act0, act1, tmp_path):
    torch.manual_seed(rows)
    model = ResidualChain(k0, n0, n1, act0, act1).half()
    with torch.no_grad():
        model.lin0.weight.mul_(2.0)
        model.lin1.weight.mul_(2.0)
    x, r = torch.randn(rows, k0, dtype=torch.half), torch.randn(rows, n1, dtype=torch.half)
    lib, _ = lower_library(model, (x, r), arch="sm_90a", fuse_b2b=True)
    [(family, config)] = [(k.family, k.config) for k in lib.programs[0].anchor_kernels]
    assert family == "b2b_gemm_sm90" and "+ residual" in config
    compiled = boltc.compile(model, (x, r), arch="sm_90a", fuse_b2b=True, output=tmp_path / "b2b.so")
    got = compiled(x.cuda(), r.cuda()).float().cpu().numpy()
    expected = model.float()(x.float(), r.float()).detach().numpy()
    np.testing.assert_allclose(got, expected, **TOL)
    assert np.abs(expected).max() > 0.1


class FirstResidualChain(torch.nn.Module):
    """act1(Linear(act0(Linear(x) + r0)) [+ r]): a residual r0 [M, N0] added in the first stage,
    and with `second` a residual r [M, N1] in the second too. forward(x, r0[, r])."""

    def __init__(self, k0, n0, n1, act0, act1, second: bool = False):
        super().__init__()
        self.lin0, self.lin1, self.act0, self.act1 = torch.nn.Linear(k0, n0), torch.nn.Linear(n0, n1), act0, act1
        self.second = second

    def forward(self, x, r0, *r):
        y = self.lin1(self.act0(self.lin0(x) + r0))
        return self.act1(y + r[0] if self.second else y)


@pytest.mark.parametrize("rows, k0, n0, n1, act0, act1, second", [
    (20000, 96, 32, 96, torch.nn.ReLU(), torch.nn.ReLU(), False),       # N0 < N1
    (4096, 64, 128, 32, torch.nn.GELU(), torch.nn.Identity(), False),   # N0 > N1: the staging buffer N0 wide
    (3001, 64, 128, 64, torch.nn.GELU(), torch.nn.SiLU(), False),       # M not a multiple of 64: R0's rows predicated
    (4096, 64, 40, 64, torch.nn.SiLU(), torch.nn.ReLU(), False),        # N0 = 40 in a 48-wide tile: zero past N0
    (3001, 96, 32, 96, torch.nn.ReLU(), torch.nn.ReLU(), True),         # both residuals, ragged M
    (4096, 64, 128, 32, torch.nn.GELU(), torch.nn.SiLU(), True),        # both, N0 > N1
], ids=["relu-n0-lt-n1", "gelu-n0-gt-n1", "gelu-silu-ragged", "silu-n0-40", "both-ragged", "both-n0-gt-n1"])
def test_a_residual_in_the_first_stage_matches_torch(rows, k0, n0, n1, act0, act1, second, tmp_path):
    """R0 copied into the staging buffer under the first GEMM and added before act0 (with R
    too: R's copy issued under the second GEMM, once R0 has been read)."""
    torch.manual_seed(rows + n0)
    model = FirstResidualChain(k0, n0, n1, act0, act1, second).half()
    with torch.no_grad():
        model.lin0.weight.mul_(2.0)
        model.lin1.weight.mul_(2.0)
    inputs = [torch.randn(rows, k0, dtype=torch.half), torch.randn(rows, n0, dtype=torch.half)]
    if second:
        inputs.append(torch.randn(rows, n1, dtype=torch.half))
    lib, _ = lower_library(model, tuple(inputs), arch="sm_90a", fuse_b2b=True)
    [(family, config)] = [(k.family, k.config) for k in lib.programs[0].anchor_kernels]
    assert family == "b2b_gemm_sm90" and "+ residual) /" in config, config
    assert config.endswith("+ residual)") == second, config
    compiled = boltc.compile(model, tuple(inputs), arch="sm_90a", fuse_b2b=True, output=tmp_path / "b2b.so")
    got = compiled(*(t.cuda() for t in inputs)).float().cpu().numpy()
    expected = model.float()(*(t.float() for t in inputs)).detach().numpy()
    np.testing.assert_allclose(got, expected, **TOL)
    assert np.abs(expected).max() > 0.1


@pytest.mark.parametrize("c", paper_chains(), ids=lambda c: f"M{c['M']}")
def test_timing_against_the_unfused_pair_and_the_memory_floor(c, tmp_path):
    """Prints fused and unfused microseconds per call and bolt_paper.json's memory floor;
    asserts only that both ran and agree (the numbers are for the record)."""
    _need_the_table()
    model = chain(c["K0"], c["N0"], c["N1"], bias0=False, bias1=False, relu0=True, relu1=True, seed=1)
    x = torch.randn(c["M"], c["K0"], dtype=torch.half)
    assert families(model, x) == ["b2b_gemm_sm90"]
    fused_us, unfused_us = fused_and_unfused_us(model, x, "sm_90a", tmp_path, TOL)
    print(f"\nb2b_gemm_sm90 {variant(model, x)} M={c['M']} K0={c['K0']} N0={c['N0']} N1={c['N1']}: fused {fused_us:.1f} us, "
          f"unfused {unfused_us:.1f} us ({unfused_us / fused_us:.2f}x), memory floor {c['memory_floor_us']} us, "
          f"cuBLAS unfused {c['cublas_unfused_us']} us")
