"""b2b_gemm_simt (the CUDA-core b2b kernel of tiny widths, boltc/lowering/cutlass/b2b_simt.py) on
the CPU: the pipeline fuses the Bolt paper's K0=4, N0=1, N1=4 chain on sm_90a into it (the
tensor-core kernels refuse 8-byte rows), its configuration, template arguments and host call,
the refusals, and one nvcc compile of the TU (marker `nvcc`). Numerics: test/gpu/test_b2b_simt.py."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import torch

from boltc.compiler import load_for_compile, optimize
from boltc.dialects import bolt
from boltc.lowering.anchors import lower_anchor
from boltc.lowering.build import Arch
from boltc.lowering.cutlass.b2b_simt import MAX_WIDTH, B2bSimtKernel, lower_b2b, simt_refusal
from boltc.lowering.cutlass.cpp import Element
from boltc.lowering.host import IntArgument, OperandPointer, ResultPointer

from gemm_text import parse_module
from nvcc_objects import NVCC_MISSING, compile_kernel_object


def chain(k0: int, n0: int, n1: int, *, bias0: bool = False, bias1: bool = False, rows: int = 2464,
          dtype=torch.half) -> tuple[torch.nn.Module, torch.Tensor]:
    model = torch.nn.Sequential(torch.nn.Linear(k0, n0, bias=bias0), torch.nn.ReLU(),
                                torch.nn.Linear(n0, n1, bias=bias1), torch.nn.ReLU()).to(dtype)
    return model, torch.randn(rows, k0, dtype=dtype)


def optimized(model, x, arch: str = "sm_90a"):
    module, _ = load_for_compile(model, (x,))
    optimize(module, arch, "f16" if x.dtype == torch.half else "bf16", fuse_b2b=True)
    return module


def b2bs(module) -> list[bolt.B2bOp]:
    return [op for op in module.walk() if isinstance(op, bolt.B2bOp)]


def test_the_paper_tiny_chain_is_one_simt_b2b_on_sm90a():
    """M=2464, K0=4, N0=1 (8 after pad-alignment: odd 16-bit rows), N1=4: b2b_gemm_sm90 refuses
    (8-byte rows of A), b2b_gemm_simt takes it, the refusal in the reason."""
    [op] = b2bs(optimized(*chain(4, 1, 4)))
    call = lower_anchor(op, "sm_90a")
    assert call.family == "b2b_gemm_simt"
    # Why fused (fuse-b2b's model times, the b2b's bolt.fusion_reason), then why this kernel.
    assert call.reason.startswith("fused: the performance model (h100_sxm) predicts ")
    assert "; b2b_gemm_sm90 refused: K0 (A's row stride)=4 is not a multiple of 8" in call.reason
    config = lower_b2b(op).kernel.config
    assert (config.k0, config.n0, config.n1) == (4, 8, 4)
    assert (config.w0_k_major, config.w1_k_major) == (True, True)  # nn.Linear's [out, in] weights
    args = dict(zip([name for _, name in call.parameters], call.arguments))
    first, second = [o for o in op.body.block.ops if isinstance(o, bolt.GemmOp)]
    assert args["m"] == IntArgument(2464)
    assert args["a"] == OperandPointer(first.lhs.index)
    assert args["w0"] == OperandPointer(first.rhs.index)
    assert args["w1"] == OperandPointer(second.rhs.index)
    assert args["bias0"] == args["bias1"] == args["d"] == ResultPointer()  # no biases: unread


def test_sm80_keeps_the_tiny_chain_apart():
    """fuse-b2b on sm_80 asks example 13 only (which needs N0 in 32, 64, 128)."""
    assert not b2bs(optimized(*chain(4, 1, 4), arch="sm_80"))


def test_rendering_names_the_header_and_the_template_arguments():
    [op] = b2bs(optimized(*chain(4, 1, 4, bias0=True, bias1=True)))
    kernel = lower_b2b(op).kernel
    text = kernel.render()
    assert '#include "boltc/b2b_simt.hpp"' in text
    assert ("boltc::b2b_simt::b2b_simt_kernel<\n      cutlass::half_t, 4, 8, 4, true, true, cutlass::half_t, true, true, "
            "cutlass::half_t, true, true>") in text


@pytest.mark.parametrize("widths, reason", [
    ((20, 8, 8), "K0=24 is not in 1..16"),  # K0 padded to 24 (pad-alignment)
    ((8, 8, 24), "N1=24 is not in 1..16"),
])
def test_wider_chains_are_refused_with_the_reason(widths, reason):
    model, x = chain(*widths)
    module, _ = load_for_compile(model, (x,))
    optimize(module, "sm_90a", "f16", fuse_b2b=False)
    first, second = [op for op in module.walk() if isinstance(op, bolt.GemmOp)]
    verdict = simt_refusal(first, second)
    assert isinstance(verdict, str) and reason in verdict
    assert MAX_WIDTH == 16


def tiny_gemm(result: str, lhs: str, rhs: str, k: int, n: int, residual: bool) -> str:
    """`result` = `lhs` [2464, k] @ `rhs` [k, n] in MLIR, its epilogue adding %r [2464, n] where
    `residual`."""
    acc, r = f"tensor<2464x{n}xf32>", f"tensor<2464x{n}xf16>"
    if not residual:
        return (f"%{result} = bolt.gemm %{lhs}, %{rhs} : tensor<2464x{k}xf16>, tensor<{k}x{n}xf16> -> {r} {{\n"
                f"^bb0(%acc: {acc}):\n  bolt.yield %acc : {acc}\n}}")
    return (f"%{result} = bolt.gemm %{lhs}, %{rhs} extras(%r : {r}) : tensor<2464x{k}xf16>, tensor<{k}x{n}xf16> -> {r} {{\n"
            f"^bb0(%acc: {acc}, %res: {r}):\n  %r32 = bolt.ew.cast %res : {r} -> {acc}\n"
            f"  %s = bolt.ew.add %acc, %r32 : {acc}, {acc} -> {acc}\n  bolt.yield %s : {acc}\n}}")


@pytest.mark.parametrize("stage", ["first", "second"])
def test_a_residual_in_either_stage_is_refused_with_the_reason(stage):
    """b2b_gemm_simt adds no residual (the resident Hopper kernel does, where rows are 16 bytes)."""
    width = 8 if stage == "first" else 4  # N0 = 8, N1 = 4: the residual has its stage's width
    module = parse_module(f"""
func.func @chain(%a: tensor<2464x4xf16>, %w0: tensor<4x8xf16>, %w1: tensor<8x4xf16>, %r: tensor<2464x{width}xf16>) -> tensor<2464x4xf16> {{
{tiny_gemm("h", "a", "w0", 4, 8, stage == "first")}
{tiny_gemm("o", "h", "w1", 8, 4, stage == "second")}
func.return %o : tensor<2464x4xf16>
}}""")
    first, second = [op for op in module.walk() if isinstance(op, bolt.GemmOp)]
    verdict = simt_refusal(first, second)
    assert verdict == f"the {stage} gemm adds a residual; b2b_gemm_simt adds none (the resident Hopper kernel does)"


def test_bf16_is_taken():
    [op] = b2bs(optimized(*chain(4, 4, 4, dtype=torch.bfloat16)))
    assert lower_b2b(op).kernel.config.element is Element.BF16


@pytest.mark.nvcc
@pytest.mark.timeout(900)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_generated_b2b_gemm_simt_compiles(tmp_path: Path):
    [op] = b2bs(optimized(*chain(4, 1, 4, bias0=True)))
    kernel = lower_b2b(op).kernel
    assert isinstance(kernel, B2bSimtKernel)
    compile_kernel_object(kernel, Arch.parse("sm_90a"), tmp_path)
