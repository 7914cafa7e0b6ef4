"""b2b_sm90 (the Hopper b2b GEMM: example 88's kernel with a bias + activation collective,
boltc/lowering/cutlass/include/boltc/b2b_sm90_collective.hpp) on the CPU: configuration and
refusals, the rendered template arguments, the lowering's choice between b2b_gemm_sm90 and
b2b_gemm_sm80 on sm_90a, the host call's operands, the kernel headers in the cache key, and one
nvcc compile (marker `nvcc`). Numerics and timing: test/gpu/test_b2b_sm90.py."""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
import torch
from xdsl.rewriter import Rewriter

from boltc.compiler import load_for_compile, optimize
from boltc.dialects import bolt
from boltc.lowering import build
from boltc.lowering.anchors import lower_anchor
from boltc.lowering.build import Arch
from boltc.lowering.cutlass.b2b_sm90 import (
    HEADER,
    RESIDENT_HEADER,
    RESIDENT,
    STREAMED,
    B2bSm90Config,
    B2bSm90Kernel,
    lower_b2b,
    sm90_refusal,
)
from boltc.lowering.cutlass.cpp import Element, InvalidKernelConfig

RELU = "cutlass::epilogue::thread::ReLu<float>"
IDENTITY = "cutlass::epilogue::thread::Identity<float>"
from boltc.lowering.host import OperandPointer, ResultPointer
from boltc.passes.fuse_b2b import build_b2b

from gemm_text import parse_module
from nvcc_objects import NVCC_MISSING, compile_kernel_object


def pair(k0: int, n0: int, n1: int, *, bias0: bool = True, bias1: bool = True, relu0: bool = True,
         relu1: bool = True, rows: int = 4096, dtype=torch.half, between=None, after=None) -> bolt.B2bOp:
    """Linear -> [relu] -> Linear [-> relu] through the graph passes for sm_90a, its two gemms
    put in one bolt.b2b by hand (the emitter's rules, not fuse-b2b's cost model, are under test).
    `between` / `after`: another activation module in place of that relu."""
    act0 = [between] if between is not None else [torch.nn.ReLU()] if relu0 else []
    act1 = [after] if after is not None else [torch.nn.ReLU()] if relu1 else []
    layers = [torch.nn.Linear(k0, n0, bias=bias0), *act0, torch.nn.Linear(n0, n1, bias=bias1), *act1]
    model = torch.nn.Sequential(*layers).to(dtype)
    module, _ = load_for_compile(model, (torch.randn(rows, k0, dtype=dtype),))
    optimize(module, "sm_90a", "f16" if dtype is torch.half else "bf16", fuse_b2b=False)
    first, second = [op for op in module.walk() if isinstance(op, bolt.GemmOp)]
    b2b = build_b2b(first, second, bolt.Residence.REGISTERS)
    Rewriter.replace_op(second, b2b)
    Rewriter.erase_op(first)
    return b2b


def config(**changes) -> B2bSm90Config:
    fields = dict(element=Element.F16, tile_k0=64, block_n0=128, tile_n1=64, w0_k_major=True, w1_k_major=True,
                  bias0=Element.F16, act0="relu", bias1=Element.F16, act1="relu", stages=5)
    return B2bSm90Config(**{**fields, **changes})


def test_the_issue_configuration_is_chosen_and_legal():
    chosen = B2bSm90Config.choose(Element.F16, 64, 256, 64, w0_k_major=True, w1_k_major=True, bias0=Element.F16,
                                  act0="relu", bias1=Element.F16, act1="relu")
    assert chosen == config()
    assert chosen.shared_memory_bytes() == 128 * 64 * 2 + 5 * 128 * 64 * 2 + 1024


@pytest.mark.parametrize("changes, reason", [
    (dict(element=Element.F32), "f16 or bf16"),
    (dict(block_n0=256), "block of N0"),
    (dict(tile_k0=72), "multiple of 16"),
    (dict(tile_n1=272), "up to 256"),
    (dict(tile_n1=256, block_n0=128), "registers per consumer thread"),
    (dict(stages=1), "stages=1"),
    (dict(stages=2), "stages=2 is not in 3..5"),  # a deadlock wherever N0 takes two blocks
    (dict(tile_k0=256, tile_n1=128, block_n0=128, stages=5), "shared memory"),
])
def test_illegal_configurations_are_refused_before_nvcc(changes, reason):
    with pytest.raises(InvalidKernelConfig, match=reason):
        config(**changes)


def test_choose_drops_stages_then_the_block_to_fit_shared_memory():
    c = B2bSm90Config.choose(Element.F16, 256, 512, 128, w0_k_major=True, w1_k_major=True, bias0=None,
                             act0="relu", bias1=None, act1="identity")
    assert (c.tile_k0, c.tile_n1) == (256, 128)
    assert c.shared_memory_bytes() <= 232448
    # BlockN0 128 holds only 2 stages of 64 KB beside A's 64 KB tile: a deadlock over N0's 4
    # blocks (MIN_STAGES); 64 holds 5
    assert (c.block_n0, c.stages) == (64, 5)
    c = B2bSm90Config.choose(Element.F16, 192, 512, 64, w0_k_major=True, w1_k_major=True, bias0=None,
                             act0="relu", bias1=None, act1="identity")
    assert (c.block_n0, c.stages) == (128, 3)
    with pytest.raises(InvalidKernelConfig, match="K0=576"):
        B2bSm90Config.choose_streamed(Element.F16, 576, 128, 64, w0_k_major=True, w1_k_major=True, bias0=None,
                                      act0="relu", bias1=None, act1="relu")


# The paper's b2b_gemm chains (bolt_paper.json) with 16-byte rows: the resident kernel takes
# them all, K0 = 576 included (a k-loop of 64-wide blocks: 128-byte TMA rows; below: W0
# streamed), W0 resident (all its k-blocks in shared memory) with the most A stages up to 16.
@pytest.mark.parametrize("k0, n0, n1, tile_k, tile_n0, tile_n1, stages, k_tiles", [
    (256, 64, 16, 64, 64, 16, 16, 4),
    (96, 32, 96, 64, 32, 96, 16, 2),  # two k-blocks, the second half zero-filled
    (40, 24, 8, 48, 32, 16, 16, 1),  # rounded up to 16: TMA zero-fills past K0, N0 and N1
    (128, 192, 40, 64, 192, 48, 16, 2),
])
def test_the_resident_kernel_takes_chains_whose_n0_and_n1_fit(k0, n0, n1, tile_k, tile_n0, tile_n1, stages,
                                                              k_tiles):
    c = B2bSm90Config.choose(Element.F16, k0, n0, n1, w0_k_major=False, w1_k_major=False, bias0=Element.F16,
                             act0="relu", bias1=Element.F16, act1="relu")
    assert c.variant == RESIDENT
    assert (c.tile_k0, c.block_n0, c.tile_n1, c.stages, c.resident_k_tiles) == (tile_k, tile_n0, tile_n1, stages,
                                                                                 k_tiles)
    w1 = -(-tile_n0 * tile_n1 * 2 // 1024) * 1024
    w0 = -(-max(k_tiles, 2) * tile_n0 * tile_k * 2 // 1024) * 1024  # at least two slots (the collective's rule)
    staged = -(-(2 * 64 * (tile_n1 + 8) * 2 + 256) // 1024) * 1024  # both warpgroups' D tiles, padded rows
    assert c.shared_memory_bytes() == w1 + w0 + -(-stages * 64 * tile_k * 2 // 1024) * 1024 + staged
    assert c.shared_memory_bytes() <= 232448
    assert c.summary().startswith("b2b_gemm_sm90 resident f16")
    assert c.summary().endswith(f"W0 resident ({k_tiles} k-blocks), W0 [K0,N0], W1 [N0,N1], stages {stages}, "
                                "epilogues relu(acc + bias) / relu(acc + bias)")


def test_w0_streams_where_keeping_it_would_cost_a_stages():
    """K0 = 576, N0 = 128: W0 resident (144 KB) would leave A 6 stages, W0 streamed with A gets
    8, and A's bytes in flight are what the kernel waits on (the H200: 19.6 us streamed against
    20.2 resident, resident_with_most_stages' docstring): W0 streams."""
    c = B2bSm90Config.choose(Element.F16, 576, 128, 64, w0_k_major=True, w1_k_major=True, bias0=None,
                             act0="relu", bias1=None, act1="relu")
    assert (c.variant, c.tile_k0, c.block_n0, c.resident_k_tiles, c.stages) == (RESIDENT, 64, 128, 0, 8)
    kept = B2bSm90Config(Element.F16, 64, 128, 64, True, True, None, "relu", None, "relu", 6, RESIDENT, 9)
    assert kept.blocker() is None  # W0 resident would fit, with 6 stages of A
    with pytest.raises(InvalidKernelConfig, match="shared memory"):
        B2bSm90Config(Element.F16, 64, 128, 64, True, True, None, "relu", None, "relu", 7, RESIDENT, 9)


def test_w0_streams_where_it_does_not_fit_shared_memory():
    """K0 = 2048, N0 = 128: W0 is 512 KB; it streams with A through the pipeline (8 stages)."""
    c = B2bSm90Config.choose(Element.F16, 2048, 128, 64, w0_k_major=True, w1_k_major=True, bias0=None,
                             act0="relu", bias1=None, act1="relu")
    assert (c.variant, c.resident_k_tiles, c.stages) == (RESIDENT, 0, 8)
    assert "W0 resident" not in c.summary()


@pytest.mark.parametrize("k0, n0, n1, reason", [
    (64, 512, 64, "N0=512 and N1=64 must be at most 256"),
    (64, 256, 128, "registers per consumer thread"),  # 128 + 64 + 64 of the 176 left
])
def test_the_resident_kernel_refuses_what_does_not_fit_and_says_why(k0, n0, n1, reason):
    verdict = B2bSm90Config.choose_resident(Element.F16, k0, n0, n1, w0_k_major=True, w1_k_major=True,
                                            bias0=None, act0="relu", bias1=None, act1="relu")
    assert isinstance(verdict, str) and reason in verdict
    # example 88's kernel takes these instead (K0 <= 256)
    assert B2bSm90Config.choose(Element.F16, k0, n0, n1, w0_k_major=True, w1_k_major=True, bias0=None,
                                act0="relu", bias1=None, act1="relu").variant == STREAMED


def test_resident_rendering_includes_its_header_and_passes_its_strides():
    c = B2bSm90Config.choose(Element.F16, 96, 32, 96, w0_k_major=False, w1_k_major=True, bias0=None,
                             act0="relu", bias1=Element.F16, act1="identity")
    text = B2bSm90Kernel(c).render()
    assert '#include "boltc/b2b_sm90_resident.hpp"' in text
    assert "b2b_sm90_collective.hpp" not in text
    assert c.template_arguments() == (
        "cutlass::half_t", "64", "32", "96",
        "cute::Stride<cute::_1, int64_t, int64_t>",  # W0 [K0, N0] as (N0, K0): N0 contiguous
        "cute::Stride<int64_t, cute::_1, int64_t>",  # W1 [N1, N0] (transpose_b) as (N1, N0): N0 contiguous
        "cutlass::half_t", "false", RELU,
        "cutlass::half_t", "true", IDENTITY,
        "16", "2")  # stages; W0's two k-blocks resident
    assert "boltc::b2b_sm90_resident::B2bResidentKernel<\n    " + ",\n    ".join(c.template_arguments()) in text
    launch = text[text.index("cudaStream_t stream) {"):]
    assert "(kHasBias0 && bias0 == nullptr) || (kHasBias1 && bias1 == nullptr)" in launch


@pytest.mark.parametrize("n0, n1, extended", [(48, 48, True), (64, 40, True), (96, 32, False), (64, 64, False)])
def test_stage_widths_outside_the_base_wgmma_sizes_define_the_extended_shapes(n0, n1, extended):
    """cpp.py EXTENDED_GMMA_DEFINE, for both stages' WGMMAs (N0's block, N1's tile): without it
    CUTLASS runs a 48-wide stage as three m64n16 instructions."""
    c = B2bSm90Config.choose(Element.F16, 96, n0, n1, w0_k_major=True, w1_k_major=True, bias0=Element.F16,
                             act0="relu", bias1=Element.F16, act1="relu")
    assert c.gmma_n() == (c.block_n0, c.tile_n1)
    text = B2bSm90Kernel(c).render()
    assert ("#define CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED 1" in text) is extended, c.gmma_n()


def test_rendered_template_arguments():
    text = B2bSm90Kernel(config(act1="identity", bias0=None, w0_k_major=False)).render()
    assert '#include "boltc/b2b_sm90_collective.hpp"' in text
    args = config(act1="identity", bias0=None, w0_k_major=False).template_arguments()
    assert args == (
        "cutlass::half_t", "128", "64", "64",
        "cute::tuple<cute::_1, int, cute::tuple<int, int>>",  # W0 [K0, N0]: N0 contiguous
        "cute::tuple<cute::_1, int, cute::tuple<int, int>>",  # W1 [N1, N0] (transpose_b): N0 contiguous
        "cutlass::half_t", "false", RELU,
        "cutlass::half_t", "true", IDENTITY,
        "5")
    assert ",\n    ".join(args) in text
    for symbol in ("_workspace_size(", "_can_implement(", "cudaStream_t stream)"):
        assert symbol in text


@pytest.mark.parametrize("module, name, functor", [
    (torch.nn.GELU(), "gelu_erf", "boltc_evt::GeluErfF16<float>"),  # the 16-bit result's form
    (torch.nn.GELU(approximate="tanh"), "gelu_tanh", "cutlass::epilogue::thread::GELU_taylor<float>"),
    (torch.nn.SiLU(), "silu", "boltc_evt::SiLu<float>"),
    (torch.nn.Sigmoid(), "sigmoid", "boltc_evt::Sigmoid<float>"),
    (torch.nn.Hardswish(), "hardswish", "boltc_evt::HardSwishSat<float>"),
    (torch.nn.Softplus(), "softplus", "boltc_evt::SoftplusHalf<float>"),
    (torch.nn.Tanh(), "tanh", "cutlass::epilogue::thread::Tanh<float>"),
])
def test_any_activation_in_either_stage_is_the_resident_kernel_s_functor(module, name, functor):
    """The resident kernel applies a stage's activation through the GEMM epilogues' own functors
    (evt.py's tables), rounded to f16 at once in both stages, so in their 16-bit forms."""
    lowered = lower_b2b(pair(96, 32, 96, between=module, after=torch.nn.ReLU()))
    c = lowered.kernel.config
    assert (c.variant, c.act0, c.act1) == (RESIDENT, name, "relu")
    assert c.template_arguments()[8] == functor and c.template_arguments()[11] == RELU
    text = lowered.kernel.render()
    assert ('#include "boltc/evt_functors.hpp"' in text) == functor.startswith("boltc_evt::")
    assert f"epilogues {name}(acc + bias) / relu(acc + bias)" in text
    second = lower_b2b(pair(96, 32, 96, between=torch.nn.ReLU(), after=module)).kernel.config
    assert (second.act0, second.act1) == ("relu", name) and second.template_arguments()[11] == functor


def test_a_bf16_chain_takes_the_bf16_form_of_gelu():
    c = lower_b2b(pair(96, 32, 96, between=torch.nn.GELU(), dtype=torch.bfloat16)).kernel.config
    assert c.template_arguments()[8] == "boltc_evt::GeluErfBF16<float>"


def test_activations_past_relu_are_refused_by_the_streamed_kernel_and_unknown_names():
    with pytest.raises(InvalidKernelConfig, match="the streamed kernel applies relu or no activation"):
        config(act0="silu")  # config() is the streamed kernel's
    assert config(act0="relu", act1="identity").act1 == "identity"
    with pytest.raises(InvalidKernelConfig, match="act1='swish' is not an activation the kernels apply"):
        config(act1="swish", variant=RESIDENT, tile_k0=64, block_n0=32, tile_n1=96, stages=8)
    # K0 = 512 does not fit the streamed kernel's A tile and N0 = 320 not the resident kernel:
    # a SiLU chain there has neither (relu would have had the streamed one below K0 = 256).
    refusal = sm90_refusal(*[op for op in pair(128, 320, 64, between=torch.nn.SiLU()).body.block.ops
                             if isinstance(op, bolt.GemmOp)])
    assert isinstance(refusal, str) and "the streamed kernel applies relu or no activation" in refusal


class ResidualChain(torch.nn.Module):
    """act1(Linear(act0(Linear(x) [+ r0])) [+ r]): a residual added in the `stages` named
    ("second", "first" or "both"); forward takes x, then r0 where there is one, then r."""

    def __init__(self, k0: int, n0: int, n1: int, act0=None, act1=None, stages: str = "second"):
        super().__init__()
        self.lin0, self.lin1 = torch.nn.Linear(k0, n0), torch.nn.Linear(n0, n1)
        self.act0, self.act1 = act0 or torch.nn.ReLU(), act1 or torch.nn.ReLU()
        self.first, self.second = stages in ("first", "both"), stages in ("second", "both")

    def forward(self, x, *residuals):
        r0 = residuals[0] if self.first else None
        r = residuals[-1] if self.second else None
        h = self.lin0(x)
        h = self.act0(h if r0 is None else h + r0)
        y = self.lin1(h)
        return self.act1(y if r is None else y + r)


def residual_pair(k0: int, n0: int, n1: int, rows: int = 4096, **kwargs) -> bolt.B2bOp:
    model = ResidualChain(k0, n0, n1, **kwargs).half()
    widths = {"first": [n0], "second": [n1], "both": [n0, n1]}[kwargs.get("stages", "second")]
    inputs = [torch.randn(rows, width, dtype=torch.half) for width in (k0, *widths)]
    module, _ = load_for_compile(model, tuple(inputs))
    optimize(module, "sm_90a", "f16", fuse_b2b=False)
    first, second = [op for op in module.walk() if isinstance(op, bolt.GemmOp)]
    b2b = build_b2b(first, second, bolt.Residence.REGISTERS)
    Rewriter.replace_op(second, b2b)
    Rewriter.erase_op(first)
    return b2b


def test_a_residual_in_the_second_stage_is_the_resident_kernel_s():
    """relu(Linear(relu(Linear(x))) + r): r read in the second stage's epilogue, before act1."""
    op = residual_pair(64, 32, 96)  # K0 != N1: x and r told apart by shape
    lowered = lower_b2b(op)
    c = lowered.kernel.config
    assert (c.variant, c.residual, c.act1) == (RESIDENT, True, "relu")
    assert c.template_arguments()[-1] == "true"  # B2bResidentKernel's kHasResidual
    assert "epilogues relu(acc + bias) / relu(acc + bias + residual)" in c.summary()
    text = lowered.kernel.render()
    assert ("static_cast<const Element*>(residual), ldr, static_cast<const Element*>(residual0), ldr0}"
            in text)
    assert "(kHasResidual && residual == nullptr)" in text
    # The residual is the b2b's operand (r), its rows N1 apart; without one the result stands in.
    args = entry_arguments(lowered)
    body = op.body.block
    assert args["residual"] == ("input", [a.index for a in body.args if a.type == op.result_types[0]][0])
    assert args["ldr"] == 96
    assert args["residual0"] == ("result",) and not c.residual0  # no first-stage residual
    plain = lower_b2b(pair(96, 32, 96))
    plain_args = entry_arguments(plain)
    assert plain_args["residual"] == ("result",) and plain.kernel.config.residual is False
    assert plain.kernel.config.template_arguments()[-1] != "true"


def entry_arguments(lowered) -> dict:
    """A lowered b2b's arguments by the entry point's parameter names."""
    return dict(zip([p.name for p in lowered.kernel._entry_params()], lowered.arguments))


def b2b_input_of_shape(op: bolt.B2bOp, shape: list[int]) -> tuple[str, int]:
    """The one operand of the b2b of `shape`, as lowerings pass it."""
    [index] = [a.index for a in op.body.block.args if list(bolt.shape_of(a)) == shape]
    return ("input", index)


def test_the_entry_point_takes_the_first_stage_s_residual_after_the_second_s():
    names = [p.name for p in B2bSm90Kernel(config())._entry_params()]
    assert names[names.index("d"):names.index("workspace")] == ["d", "ldd", "residual", "ldr", "residual0", "ldr0"]


def test_a_residual_in_the_first_stage_is_the_resident_kernel_s():
    """relu(Linear(relu(Linear(x) + b0 + r0)) + b1): r0 [M, N0] read in the first stage's
    epilogue, before act0."""
    op = residual_pair(96, 32, 96, stages="first")  # x [M, 96] and r0 [M, 32]: told apart by shape
    lowered = lower_b2b(op)
    c = lowered.kernel.config
    assert (c.variant, c.residual0, c.residual) == (RESIDENT, True, False)
    assert c.template_arguments()[-2:] == ("false", "true")  # kHasResidual, kHasResidual0
    assert c.summary().endswith("epilogues relu(acc + bias + residual) / relu(acc + bias)")
    text = lowered.kernel.render()
    assert "(kHasResidual0 && residual0 == nullptr)" in text
    assert "constexpr bool kHasResidual0 = Kernel::HasResidual0;" in text
    args = entry_arguments(lowered)
    assert args["residual0"] == b2b_input_of_shape(op, [4096, 32]) and args["ldr0"] == 32
    assert args["residual"] == ("result",)  # none in the second stage: the result stands in


def test_residuals_in_both_stages():
    op = residual_pair(64, 128, 32, stages="both", act0=torch.nn.GELU(), act1=torch.nn.SiLU())
    lowered = lower_b2b(op)
    c = lowered.kernel.config
    assert (c.residual0, c.residual, c.act0, c.act1) == (True, True, "gelu_erf", "silu")
    assert c.template_arguments()[-2:] == ("true", "true")
    assert "epilogues gelu_erf(acc + bias + residual) / silu(acc + bias + residual)" in c.summary()
    args = entry_arguments(lowered)
    assert (args["residual0"], args["ldr0"]) == (b2b_input_of_shape(op, [4096, 128]), 128)
    assert (args["residual"], args["ldr"]) == (b2b_input_of_shape(op, [4096, 32]), 32)


def test_the_staging_buffer_is_as_wide_as_r0_where_n0_is_wider():
    """R0's tile goes through the D staging buffer: rows of max(N0, N1) where there is one
    (the header's kStagedWidth), of N1 otherwise."""
    def chosen(**residuals):
        return B2bSm90Config.choose(Element.F16, 64, 128, 32, w0_k_major=True, w1_k_major=True, bias0=None,
                                    act0="relu", bias1=None, act1="relu", **residuals)

    plain, first = chosen(), chosen(residual0=True)
    assert (plain.block_n0, plain.tile_n1, plain.stages) == (first.block_n0, first.tile_n1, first.stages)
    staged = {width: -(-(2 * 64 * (width + 8) * 2 + 256) // 1024) * 1024 for width in (32, 128)}
    assert first.shared_memory_bytes() - plain.shared_memory_bytes() == staged[128] - staged[32]
    assert chosen(residual=True).shared_memory_bytes() == plain.shared_memory_bytes()
    # N0 <= N1: the buffer already holds R0's rows
    narrow = B2bSm90Config.choose(Element.F16, 64, 32, 128, w0_k_major=True, w1_k_major=True, bias0=None,
                                  act0="relu", bias1=None, act1="relu")
    assert narrow.shared_memory_bytes() == replace(narrow, residual0=True).shared_memory_bytes()


def test_a_residual_on_the_streamed_kernel_is_refused():
    for residual in ("residual", "residual0"):
        with pytest.raises(InvalidKernelConfig, match="the streamed kernel adds no residual"):
            config(**{residual: True})
    # N0 = 320 leaves only the streamed kernel, which adds no residual: refused, saying so.
    for stages in ("second", "first"):
        first, second = gemms(residual_pair(128, 320, 64, stages=stages))
        refusal = sm90_refusal(first, second)
        assert isinstance(refusal, str) and "the streamed kernel adds no residual" in refusal, refusal


def gemms(op: bolt.B2bOp) -> list[bolt.GemmOp]:
    return [o for o in op.body.block.ops if isinstance(o, bolt.GemmOp)]


def first_residual_chain(residual: str, n0: int = 32, w1: str = "32x96") -> str:
    """relu(a W0 + r0) W1 in MLIR, W0 stored [N0, K0] (transpose_b: N0 is no row stride of it),
    r0 of type `residual` (its shape and element type), W1 of shape `w1`: what torch cannot hand
    the lowering (the pipeline casts, broadcasts and pads)."""
    n1 = w1.split("x")[1]
    return f"""
func.func @chain(%a: tensor<4096x96xf16>, %w0: tensor<{n0}x96xf16>, %r: tensor<{residual}>, %w1: tensor<{w1}xf16>) -> tensor<4096x{n1}xf16> {{
  %h = bolt.gemm %a, %w0 extras(%r : tensor<{residual}>) {{transpose_b}} : tensor<4096x96xf16>, tensor<{n0}x96xf16> -> tensor<4096x{n0}xf16> {{
  ^bb0(%acc: tensor<4096x{n0}xf32>, %res: tensor<{residual}>):
    %r32 = bolt.ew.cast %res : tensor<{residual}> -> tensor<{residual.rsplit("x", 1)[0]}xf32>
    %s = bolt.ew.add %acc, %r32 : tensor<4096x{n0}xf32>, tensor<{residual.rsplit("x", 1)[0]}xf32> -> tensor<4096x{n0}xf32>
    %y = bolt.ew.relu %s : tensor<4096x{n0}xf32> -> tensor<4096x{n0}xf32>
    bolt.yield %y : tensor<4096x{n0}xf32>
  }}
  %o = bolt.gemm %h, %w1 : tensor<4096x{n0}xf16>, tensor<{w1}xf16> -> tensor<4096x{n1}xf16> {{
  ^bb0(%acc: tensor<4096x{n1}xf32>):
    bolt.yield %acc : tensor<4096x{n1}xf32>
  }}
  func.return %o : tensor<4096x{n1}xf16>
}}
"""


@pytest.mark.parametrize("residual, n0, w1, reason", [
    ("4096x32xf16", 32, "32x96", None),  # the chain the others vary: taken
    ("4096x32xf32", 32, "32x96", "the input, both weights, the first product, the output and the first stage's "
                                 "residual must share one element type, f16 or bf16 (got the input f16, "
                                 "the first weight f16, the first product f16, the second weight f16, the output "
                                 "f16, the first stage's residual f32)"),
    ("4096x1xf16", 32, "32x96", "the first gemm: the epilogue op 'bolt.ew.add' is not one the b2b kernels express "
                                "(a stage's epilogue is acc, acc + per-channel bias (+ a residual of the result's "
                                "shape)"),
    ("4096x20xf16", 20, "20x96", "N0=20 is not a multiple of 8 elements: the first stage's residual is read in "
                                 "16-byte chunks of whole rows"),
])
def test_a_first_stage_residual_of_another_type_or_shape_is_refused_and_says_why(residual, n0, w1, reason):
    first, second = [op for op in parse_module(first_residual_chain(residual, n0, w1)).walk()
                     if isinstance(op, bolt.GemmOp)]
    verdict = sm90_refusal(first, second)
    if reason is None:
        assert not isinstance(verdict, str) and verdict.config.residual0, verdict
    else:
        assert isinstance(verdict, str) and verdict.startswith(reason), verdict


def test_lowering_on_sm90a_takes_the_hopper_kernel_with_the_b2b_operands():
    op = pair(64, 256, 64)
    call = lower_anchor(op, "sm_90a")
    assert call.family == "b2b_gemm_sm90"
    assert "relu(acc + bias) / relu(acc + bias)" in call.config
    names = [name for _, name in call.parameters]
    args = dict(zip(names, call.arguments))
    assert [args[n] for n in ("a", "w0", "bias0", "w1", "bias1")] == [OperandPointer(i) for i in range(5)]
    assert args["d"] == ResultPointer()
    assert [args[n].value for n in ("m", "n0", "n1", "k0", "lda", "ldw0", "ldw1", "ldd")] == \
        [4096, 256, 64, 64, 64, 64, 256, 64]  # nn.Linear weights: [N0, K0] and [N1, N0]


def test_a_bias_free_chain_is_the_hopper_kernel_and_reads_no_bias():
    """The paper's b2b_gemm pattern, relu(relu(A W0) W1): example 13 refuses it (no bias0)."""
    op = pair(256, 64, 16, bias0=False, bias1=False)
    call = lower_anchor(op, "sm_90a")
    assert call.family == "b2b_gemm_sm90"
    args = dict(zip([n for _, n in call.parameters], call.arguments))
    assert args["bias0"] == args["bias1"] == ResultPointer()  # stand-ins, never read (kHasBias false)
    assert "acc / relu(acc)" not in call.config and "relu(acc) / relu(acc)" in call.config


def test_a_pair_the_hopper_kernel_refuses_goes_to_sm80_with_the_reason(monkeypatch):
    # Every chain example 13 takes on sm_80 (N0 of 32, 64 or 128, N1 up to 128), one of the two
    # Hopper kernels takes too since the resident one came: the refusal is stood in for here.
    from boltc.lowering.cutlass import b2b_sm90

    monkeypatch.setattr(b2b_sm90, "sm90_refusal", lambda first, second: "a stand-in reason")
    call = lower_anchor(pair(64, 128, 64), "sm_90a")
    assert call.family == "b2b_gemm_sm80"
    assert call.reason.startswith("b2b_gemm_sm90 refused: a stand-in reason")


def test_the_paper_chain_with_a_wide_k0_is_the_resident_hopper_kernel():
    call = lower_anchor(pair(576, 128, 64), "sm_90a")  # bolt_paper.json's M=32768 chain
    assert call.family == "b2b_gemm_sm90"
    assert "resident" in call.config and "k-block 64" in call.config


def test_sm80_never_takes_the_hopper_kernel():
    assert lower_anchor(pair(64, 128, 64), "sm_80").family == "b2b_gemm_sm80"


# (TMA's 16-byte strides are not reachable from torch here: pad-alignment pads K0, N0, N1.)
@pytest.mark.parametrize("shape, reason", [
    ((64, 64, 300), "K0=64 and N1=304 must be at most 256"),  # N1 padded to 304
    ((320, 64, 304), "K0=320 and N1=304 must be at most 256.*resident kernel: N0=64 and N1=304"),
])
def test_refusals_name_the_reason(shape, reason):
    op = pair(*shape)
    first, second = [o for o in op.body.block.ops if isinstance(o, bolt.GemmOp)]
    verdict = sm90_refusal(first, second)
    assert isinstance(verdict, str)
    assert re.search(reason, verdict), verdict
    with pytest.raises(InvalidKernelConfig, match=reason):
        lower_b2b(op, arch="sm_90a")


def test_bf16_is_taken():
    assert lower_anchor(pair(64, 128, 64, dtype=torch.bfloat16), "sm_90a").family == "b2b_gemm_sm90"


def test_kernel_headers_are_on_the_include_path_and_in_the_cache_key(monkeypatch):
    assert build.KERNEL_HEADER_DIR in build.cutlass_include_dirs()
    assert (build.KERNEL_HEADER_DIR / "boltc" / "b2b_sm90_collective.hpp").is_file()
    toolchain = build.Toolchain(Path("nvcc"), "v", "c", ())
    unit = build.TranslationUnit("k", "// text", Arch.parse("sm_90a"))
    before = build.cache_key(unit, toolchain)
    monkeypatch.setattr(build, "kernel_headers_digest", lambda: "another header text")
    assert build.cache_key(unit, toolchain) != before


def test_the_resident_headers_register_budget_is_the_blockers():
    """The resident kernel's consumer registers and the headroom it keeps biases out of
    (kBiasInRegisters) are the numbers b2b_sm90's register blocker refuses configurations by:
    one budget, written in two languages."""
    from boltc.lowering.cutlass import b2b_sm90

    text = (build.KERNEL_HEADER_DIR / RESIDENT_HEADER).read_text()
    registers = re.search(r"MmaRegisterRequirement = (\d+);", text)
    headroom = re.search(r"kBiasHeadroom = (\d+);", text)
    assert registers and headroom
    assert int(registers.group(1)) == b2b_sm90.RESIDENT_CONSUMER_REGISTERS
    assert int(headroom.group(1)) == b2b_sm90.REGISTER_HEADROOM


@pytest.mark.nvcc
@pytest.mark.timeout(900)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_generated_b2b_gemm_sm90_compiles(tmp_path: Path):
    """f16, K0=64, N0=256, N1=64, relu(acc + bias) between and after: the issue's configuration."""
    call = lower_anchor(pair(64, 256, 64), "sm_90a")
    kernel = B2bSm90Kernel(config())
    assert kernel.name == call.entry
    compile_kernel_object(kernel, Arch.parse("sm_90a"), tmp_path)


@pytest.mark.nvcc
@pytest.mark.timeout(900)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_resident_kernel_with_boltc_functors_and_a_residual_compiles(tmp_path: Path):
    """The paper's M=128320 chain with GELU (erf, its f16 form) between, a residual and SiLU
    after: boltc's functors (evt_functors.hpp) as the resident kernel's activations, and its
    kHasResidual epilogue."""
    lowered = lower_b2b(residual_pair(96, 32, 96, act0=torch.nn.GELU(), act1=torch.nn.SiLU()))
    c = lowered.kernel.config
    assert (c.act0, c.act1, c.residual) == ("gelu_erf", "silu", True)
    compile_kernel_object(lowered.kernel, Arch.parse("sm_90a"), tmp_path)


@pytest.mark.nvcc
@pytest.mark.timeout(900)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
@pytest.mark.parametrize("k0, n0, n1, stages, act1", [
    (96, 128, 32, "first", torch.nn.ReLU()),  # R0 alone, wider than D: the staging buffer N0 wide
    (96, 32, 96, "both", torch.nn.SiLU()),    # R0 under the first GEMM, R under the second
], ids=["gelu-r0", "gelu-r0-silu-r"])
def test_resident_kernel_with_a_first_stage_residual_compiles(tmp_path: Path, k0, n0, n1, stages, act1):
    """GELU (erf) + R0 in the first stage (kHasResidual0), alone and with SiLU + R in the second."""
    lowered = lower_b2b(residual_pair(k0, n0, n1, stages=stages, act0=torch.nn.GELU(), act1=act1))
    c = lowered.kernel.config
    assert (c.act0, c.residual0, c.residual) == ("gelu_erf", True, stages == "both")
    compile_kernel_object(lowered.kernel, Arch.parse("sm_90a"), tmp_path)


def test_a_pair_neither_kernel_runs_is_one_located_error_with_both_reasons():
    op = pair(576, 512, 64, bias0=False)  # K0 too wide for example 88's, N0 for the resident; no bias0 for example 13
    with pytest.raises(Exception, match="b2b_gemm_sm90 refused: K0=576.*resident kernel: N0=512.*; and .*per-channel bias") as info:
        lower_anchor(op, "sm_90a")
    assert info.value.location is not None


def _collective_function(name: str) -> str:
    """The text of one static member function of the collective header (up to its closing brace)."""
    text = (build.KERNEL_HEADER_DIR / HEADER).read_text()
    start = text.index(f" {name}(")
    depth, i = 0, text.index("{", start)
    for j in range(i, len(text)):
        depth += {"{": 1, "}": -1}.get(text[j], 0)
        if depth == 0:
            return text[start:j + 1]
    raise AssertionError(f"{name} has no end")


def test_can_implement_reads_no_pointer():
    """The model asks can_implement once at creation with null pointers (host.py,
    prepare_queries): a bias0 check there refused every chain with a bias on the first GEMM
    (cutlass::Status 4 on the H100). The launch entry point checks the bias pointers instead."""
    body = _collective_function("can_implement")
    assert "ptr" not in body.replace("problem_size", ""), body
    text = B2bSm90Kernel(config()).render()
    launch = text[text.index("cudaStream_t stream) {"):]
    assert "(kHasBias0 && bias0 == nullptr) || (kHasBias1 && bias1 == nullptr)" in launch
    can_implement = text[text.index("_can_implement("):text.index("cudaStream_t stream) {")]
    assert "nullptr" not in can_implement


def test_k_and_v_stages_share_one_stage_stride():
    """K (BlockN0 x TileK0) and V (TileN1 x BlockN0) blocks take turns in one union of pipeline
    slots; with each layout's own compact stage stride a smaller V stage lay inside a larger K
    stage (K0=256, N1=16: 69 % of D wrong on the H100). The header restages both to the larger
    slot and static_asserts it (compiled: test_b2b_gemm_sm90_host_side_without_a_gpu)."""
    text = (build.KERNEL_HEADER_DIR / HEADER).read_text()
    assert "using SmemLayoutK = decltype(with_stage_stride(SmemLayoutKCompact{}, Int<kSlot>{}));" in text
    assert "using SmemLayoutV = decltype(with_stage_stride(SmemLayoutVCompact{}, Int<kSlot>{}));" in text
    # the Python shared-memory count holds `stages` slots of the larger block
    c = B2bSm90Config.choose_streamed(Element.F16, 256, 64, 16, w0_k_major=True, w1_k_major=True,
                                      bias0=Element.F16, act0="relu", bias1=Element.F16, act1="relu")
    assert (c.tile_k0, c.block_n0, c.tile_n1, c.stages) == (256, 64, 16, 5)
    assert c.shared_memory_bytes() == 128 * 256 * 2 + 5 * 64 * 256 * 2 + 1024


def host_check_rows(tmp_path: Path, kernel: B2bSm90Kernel, program: str, m: int, k0: int, n0: int,
                    n1: int) -> list[list[str]]:
    """`kernel`'s TU and `program` (a host main including it as kernel.cu, with @NAME@, @M@,
    @K0@, @N0@ and @N1@ filled in) compiled with the build's flags for PTX only (no GPU code is
    run) and run: its output, a list of words per line."""
    (tmp_path / "kernel.cu").write_text(kernel.render())
    main = (program.replace("@NAME@", kernel.name).replace("@M@", str(m)).replace("@K0@", str(k0))
            .replace("@N0@", str(n0)).replace("@N1@", str(n1)))
    (tmp_path / "checks.cu").write_text(main)
    toolchain = build.Toolchain.find()
    flags = [f for f in build.BASE_FLAGS if f not in ("-O3", "-Xcompiler=-fvisibility=hidden")]
    subprocess.run([str(toolchain.nvcc), *flags, "-O1", "-gencode=arch=compute_90a,code=compute_90a",
                    *toolchain.include_flags(), "checks.cu", "-o", "checks"], cwd=tmp_path, check=True,
                   capture_output=True, text=True)
    out = subprocess.run([str(tmp_path / "checks")], capture_output=True, text=True, check=True).stdout
    return [line.split() for line in out.splitlines()]


_HOST_CHECKS = r"""
#include "kernel.cu"
#include <cstdio>

// [lowest, highest] offset of each stage of a staged shared-memory layout
template <class Layout>
void stages(const char* what, Layout layout) {
  for (int s = 0; s < int(cute::size<2>(layout)); ++s) {
    int lo = 1 << 30, hi = -1;
    for (int i = 0; i < int(cute::size<0>(layout)); ++i) {
      for (int j = 0; j < int(cute::size<1>(layout)); ++j) {
        int o = layout(i, j, s);
        lo = o < lo ? o : lo;
        hi = o > hi ? o : hi;
      }
    }
    std::printf("%s %d %d %d\n", what, s, lo, hi);
  }
}

int main() {
  stages("K", typename Mainloop::SmemLayoutK{});
  stages("V", typename Mainloop::SmemLayoutV{});
  std::printf("can_implement %d\n", @NAME@_can_implement(@M@, @N0@, @N1@, @K0@, nullptr, @K0@, nullptr, @K0@,
      nullptr, nullptr, @N0@, nullptr, nullptr, @N1@, nullptr, @N1@, nullptr, @N0@));  // ..., d, ldd, residual, ldr, residual0, ldr0
  std::printf("smem %d\n", int(Kernel::SharedStorageSize));
  return 0;
}
"""


@pytest.mark.nvcc
@pytest.mark.timeout(900)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_b2b_gemm_sm90_host_side_without_a_gpu(tmp_path: Path):
    """The paper's chain K0=256, N0=64, N1=16 with both biases, its TU compiled into a host
    program (PTX only: no GPU code is run) that prints each K and V stage's shared-memory
    extent and calls can_implement as the model's creation does, with null pointers. Both
    were wrong before the H100 run: can_implement returned 4 wherever bias0 was present, and
    V's 1024-element stages lay inside K's first 16384-element stage."""
    m, k0, n0, n1 = 16384, 256, 64, 16
    c = B2bSm90Config.choose_streamed(Element.F16, k0, n0, n1, w0_k_major=True, w1_k_major=True,
                                      bias0=Element.F16, act0="relu", bias1=Element.F16, act1="relu")
    kernel = B2bSm90Kernel(c)
    rows = host_check_rows(tmp_path, kernel, _HOST_CHECKS, m, k0, n0, n1)
    extents = {(what, int(s)): (int(lo), int(hi)) for what, s, lo, hi in (r for r in rows if r[0] in "KV")}
    assert len(extents) == 2 * c.stages
    slot = max(c.block_n0 * c.tile_k0, c.tile_n1 * c.block_n0)
    for (what, s), (lo, hi) in extents.items():
        assert s * slot <= lo <= hi < (s + 1) * slot, (what, s, lo, hi)  # stage s of either: slot s
    assert ["can_implement", "0"] in rows  # cutlass::Status::kSuccess
    [smem] = [int(r[1]) for r in rows if r[0] == "smem"]
    assert smem <= c.shared_memory_bytes()


_RESIDENT_HOST_CHECKS = r"""
#include "kernel.cu"
#include <cstdio>

int main() {
  std::printf("can_implement %d\n", @NAME@_can_implement(@M@, @N0@, @N1@, @K0@, nullptr, @K0@, nullptr, @N0@,
      nullptr, nullptr, @N1@, nullptr, nullptr, @N1@, nullptr, @N1@, nullptr, @N0@));  // ..., d, ldd, residual, ldr, residual0, ldr0
  std::printf("too_wide %d\n", @NAME@_can_implement(@M@, @N0@ + 16, @N1@, @K0@, nullptr, @K0@, nullptr, @N0@ + 16,
      nullptr, nullptr, @N1@, nullptr, nullptr, @N1@, nullptr, @N1@, nullptr, @N0@ + 16));
  // R0's rows shorter than N0: refused where the kernel reads R0, unread (so accepted) elsewhere
  std::printf("short_ldr0 %d\n", @NAME@_can_implement(@M@, @N0@, @N1@, @K0@, nullptr, @K0@, nullptr, @N0@,
      nullptr, nullptr, @N1@, nullptr, nullptr, @N1@, nullptr, @N1@, nullptr, @N0@ - 8));
  std::printf("smem %d\n", int(Kernel::SharedStorageSize));
  return 0;
}
"""


@pytest.mark.nvcc
@pytest.mark.timeout(900)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
@pytest.mark.parametrize("m, k0, n0, n1, residual0", [
    (128320, 96, 32, 96, False),
    (3001, 64, 128, 32, True),  # R0 wider than D: the staging buffer's rows N0 wide (kStagedWidth)
], ids=["paper", "r0-wider-than-d"])
def test_resident_kernel_host_side_without_a_gpu(tmp_path: Path, m, k0, n0, n1, residual0):
    """The paper's chain M=128320, K0=96, N0=32, N1=96 (W0 [K0,N0], W1 [N0,N1], both biases), and
    a chain with a first-stage residual R0 wider than D, on the resident kernel, its TU compiled
    into a host program (PTX only: no GPU code is run): can_implement with null pointers accepts
    it and refuses an N0 past its tile, and R0's rows shorter than N0 where R0 is read; the
    kernel's shared storage is within the Python count (what `blocker` checks against 227 KB)."""
    c = B2bSm90Config.choose(Element.F16, k0, n0, n1, w0_k_major=False, w1_k_major=False, bias0=Element.F16,
                             act0="relu", bias1=Element.F16, act1="relu", residual0=residual0)
    assert c.variant == RESIDENT and c.residual0 == residual0
    kernel = B2bSm90Kernel(c)
    rows = host_check_rows(tmp_path, kernel, _RESIDENT_HOST_CHECKS, m, k0, n0, n1)
    assert ["can_implement", "0"] in rows  # cutlass::Status::kSuccess
    assert ["too_wide", "0"] not in rows
    assert (["short_ldr0", "0"] in rows) != residual0
    [smem] = [int(r[1]) for r in rows if r[0] == "smem"]
    assert c.shared_memory_bytes() - 2048 <= smem <= c.shared_memory_bytes()
