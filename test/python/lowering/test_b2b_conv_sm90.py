"""b2b_conv_sm90 (the resident Hopper b2b kernel with a TMA im2col first stage,
b2b_sm90_resident.hpp's B2bConvResidentKernel) on the CPU: the pipeline's choice of it on
sm_90a for bolt_paper.json's conv chains, its configuration and the host call's geometry and
operands, the refusals (fuse-b2b's remark; the lowering's fallback to example 13 with the
reason), and the generated TU compiled into a host program that calls can_implement and the
workspace query (marker `nvcc`). Numerics: test/gpu/test_b2b_sm90.py."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import torch

from boltc.compiler import load_for_compile, optimize
from boltc.diagnostics import collecting_remarks
from boltc.dialects import bolt
from boltc.lowering.anchors import lower_anchor
from boltc.lowering.build import Arch
from boltc.lowering.cutlass.b2b_conv_sm90 import (
    B2bConvSm90Config,
    B2bConvSm90Kernel,
    conv_sm90_refusal,
    lower_b2b_conv,
)
from boltc.lowering.cutlass.b2b_sm90 import RESIDENT
from boltc.lowering.cutlass.conv_sm90 import ConvProblem, conv_problem
from boltc.lowering.cutlass.cpp import Element, InvalidKernelConfig
from boltc.lowering.host import IntArgument, OperandPointer, ResultPointer
from boltc.passes.fuse_b2b import b2b_remarks, build_b2b, gpu_target

import b2b_helpers
from nvcc_objects import NVCC_MISSING, compile_kernel_object
from test_b2b_sm90 import host_check_rows


@pytest.fixture(autouse=True)
def without_the_window_kernel(monkeypatch):
    """These tests are b2b_conv_sm90's: b2b_conv_window, asked before it, would take the 3x3
    chains of C up to 48 (test_b2b_conv_window.py); without it they come here as before."""
    from boltc.lowering.cutlass import families

    monkeypatch.setitem(families.SM90A_B2B_FAMILIES, bolt.Conv2dOp, tuple(
        f for f in families.SM90A_B2B_FAMILIES[bolt.Conv2dOp] if f.name != "b2b_conv_window"))


def chain(*, c: int = 48, f0: int = 48, f1: int = 48, r: int = 3, stride: int = 2, hw: int = 56, batch: int = 4,
          bias0: bool = True, between: torch.nn.Module | None = None, after: bool = True,
          groups: int = 1) -> tuple[torch.nn.Module, torch.Tensor]:
    """bolt_paper.json's b2b_conv pattern: relu(conv1x1(relu(conv rxr (pad r//2, stride) + b0)) + b1), f16."""
    layers = [torch.nn.Conv2d(c, f0, r, stride=stride, padding=r // 2, bias=bias0, groups=groups),
              between or torch.nn.ReLU(), torch.nn.Conv2d(f0, f1, 1)]
    if after:
        layers.append(torch.nn.ReLU())
    return torch.nn.Sequential(*layers).half(), torch.randn(batch, c, hw, hw, dtype=torch.half)


def optimized(model, x, fuse_b2b: bool = True, keep_chained: bool = False):
    return b2b_helpers.optimized(model, x, "sm_90a", fuse_b2b, keep_chained)


def b2b_of(model, x) -> bolt.B2bOp:
    found = [op for op in optimized(model, x).walk() if isinstance(op, bolt.B2bOp)]
    assert len(found) == 1
    return found[0]


def convolutions(module) -> list[bolt.Conv2dOp]:
    return [op for op in module.walk() if isinstance(op, bolt.Conv2dOp)]


@pytest.mark.parametrize("c, f, stride", [(3, 48, 2), (48, 48, 2), (48, 48, 1), (3, 64, 2), (64, 64, 2), (64, 64, 1)])
def test_the_paper_conv_chains_are_one_hopper_b2b(c, f, stride):
    """Each bolt_paper.json b2b_conv shape (batch and image smaller: the rules do not depend on
    them) is fused on sm_90a and lowered to b2b_conv_sm90's resident kernel, but the RGB stems:
    b2b_conv_direct takes them (it reads the image through the fold); b2b_conv_sm90 still
    lowers them when asked."""
    op = b2b_of(*chain(c=c, f0=f, f1=f, stride=stride))
    call = lower_anchor(op, "sm_90a")
    assert call.family == ("b2b_conv_direct" if c == 3 else "b2b_conv_sm90")
    lowered = lower_b2b_conv(op)
    cfg = lowered.kernel.config
    assert cfg.variant == RESIDENT and (cfg.block_n0, cfg.tile_n1) == (f, f)
    assert not cfg.pad_channels  # C = 3: the graph folds the stride-2 stem (C = 24) or pads C to 8
    first = next(o for o in op.body.block.ops if isinstance(o, bolt.Conv2dOp))
    problem = conv_problem(first)
    # k-blocks of one tap's channels: 32 wide for the folded stem's C = 24 (8 zero channels a
    # tap, not 40), 64 for C = 48 and 64
    assert (problem.c, cfg.tile_k0) == ((24, 32) if c == 3 else (c, 64))
    # W0 resident: a k-block per tap (C = 48: 9, not ceil(432 / 64) = 7)
    assert cfg.resident_k_tiles == -(-problem.c // cfg.tile_k0) * problem.r * problem.s


def test_the_host_call_passes_the_geometry_and_operands():
    op = b2b_of(*chain(c=48, f0=64, f1=32, stride=2, hw=28, batch=4))
    call = lower_anchor(op, "sm_90a")
    args = dict(zip([name for _, name in call.parameters], call.arguments))
    names = ("n", "h", "w", "c", "f0", "r", "s", "p", "q", "pad_top", "pad_left", "pad_bottom", "pad_right",
             "stride_h", "stride_w", "dilation_h", "dilation_w", "f1")
    assert {k: args[k] for k in names} == {k: IntArgument(v) for k, v in dict(
        n=4, h=28, w=28, c=48, f0=64, r=3, s=3, p=14, q=14, pad_top=1, pad_left=1, pad_bottom=1, pad_right=1,
        stride_h=2, stride_w=2, dilation_h=1, dilation_w=1, f1=32).items()}
    first, second = [o for o in op.body.block.ops if isinstance(o, bolt.Conv2dOp)]
    assert args["input"] == OperandPointer(first.input.index)
    assert args["filter0"] == OperandPointer(first.filter.index)
    assert args["bias0"] == OperandPointer(first.extras[0].index)
    assert args["filter1"] == OperandPointer(second.filter.index)
    assert args["bias1"] == OperandPointer(second.extras[0].index)
    assert args["output"] == ResultPointer()


def test_a_residual_in_the_second_stage_is_fused_and_passed():
    model = b2b_helpers.ResidualConvChain(48, 64, 32, 2).half()
    x, r = torch.randn(4, 28, 28, 48, dtype=torch.half), torch.randn(4, 14, 14, 32, dtype=torch.half)
    module, _ = load_for_compile(model, (x, r))
    optimize(module, "sm_90a", "f16", fuse_b2b=True)
    [op] = [o for o in module.walk() if isinstance(o, bolt.B2bOp)]
    call = lower_anchor(op, "sm_90a")
    assert call.family == "b2b_conv_sm90"
    args = dict(zip([name for _, name in call.parameters], call.arguments))
    second = [o for o in op.body.block.ops if isinstance(o, bolt.Conv2dOp)][1]
    [residual] = [e for e in second.extras if bolt.shape_of(e) == bolt.shape_of(second.result)]
    assert args["residual"] == OperandPointer(residual.index)
    cfg = lower_b2b_conv(op).kernel.config
    assert cfg.residual and cfg.template_arguments()[-1] == "true"
    assert "relu(acc + bias + residual)" in cfg.summary()
    assert args["residual0"] == ResultPointer()  # none in the first stage: the output's pointer stands in
    # Without one the output's pointer stands in (never read)
    plain = lower_anchor(b2b_of(*chain(c=48, f0=64, f1=32, stride=2, hw=28, batch=4)), "sm_90a")
    assert dict(zip([name for _, name in plain.parameters], plain.arguments))["residual"] == ResultPointer()


def first_residual_b2b(c: int, f0: int, f1: int, stride: int, hw: int, second: bool = False) -> bolt.B2bOp:
    """b2b_helpers.FirstResidualConvChain (r0 before the first relu; with `second`, r after the
    1x1 too) through the pipeline for sm_90a, fuse-b2b on: its one bolt.b2b."""
    model = b2b_helpers.FirstResidualConvChain(c, f0, f1, stride, second=second).half()
    out = (hw + 2 - 3) // stride + 1
    inputs = [torch.randn(4, hw, hw, c, dtype=torch.half), torch.randn(4, out, out, f0, dtype=torch.half)]
    if second:
        inputs.append(torch.randn(4, out, out, f1, dtype=torch.half))
    module, _ = load_for_compile(model, tuple(inputs))
    optimize(module, "sm_90a", "f16", fuse_b2b=True)
    [op] = [o for o in module.walk() if isinstance(o, bolt.B2bOp)]
    return op


def test_a_residual_in_the_first_stage_is_fused_and_passed():
    """relu(conv1x1(relu(conv3x3(x) + b0 + r0)) + b1): r0, NHWC of the 3x3's output shape, is
    the b2b's operand, passed as residual0 (its rows F0 apart: the entry point says so)."""
    op = first_residual_b2b(48, 64, 32, 2, 28)
    call = lower_anchor(op, "sm_90a")
    assert call.family == "b2b_conv_sm90"
    args = dict(zip([name for _, name in call.parameters], call.arguments))
    first = [o for o in op.body.block.ops if isinstance(o, bolt.Conv2dOp)][0]
    [residual0] = [e for e in first.extras if bolt.shape_of(e) == bolt.shape_of(first.result)]
    assert bolt.shape_of(residual0) == (4, 14, 14, 64)
    assert args["residual0"] == OperandPointer(residual0.index)
    assert args["residual"] == ResultPointer()
    kernel = lower_b2b_conv(op).kernel
    cfg = kernel.config
    assert (cfg.residual0, cfg.residual) == (True, False)
    assert cfg.template_arguments()[-2:] == ("false", "true")  # kHasResidual, kHasResidual0
    assert "epilogues relu(acc + bias + residual) / relu(acc + bias)" in cfg.summary()
    text = kernel.render()
    assert "static_cast<const Element*>(residual0), int64_t(f0)}" in text
    assert "(kHasResidual0 && residual0 == nullptr)" in text


def test_residuals_in_both_stages_are_fused_and_passed():
    op = first_residual_b2b(48, 64, 32, 2, 28, second=True)
    call = lower_anchor(op, "sm_90a")
    args = dict(zip([name for _, name in call.parameters], call.arguments))
    first, second = [o for o in op.body.block.ops if isinstance(o, bolt.Conv2dOp)]
    for conv, name in ((first, "residual0"), (second, "residual")):
        [residual] = [e for e in conv.extras if bolt.shape_of(e) == bolt.shape_of(conv.result)]
        assert args[name] == OperandPointer(residual.index)
    cfg = lower_b2b_conv(op).kernel.config
    assert cfg.template_arguments()[-2:] == ("true", "true")
    assert "epilogues relu(acc + bias + residual) / relu(acc + bias + residual)" in cfg.summary()


def test_the_entry_point_takes_the_residuals_after_the_output():
    names = [name for _, name in lower_anchor(b2b_of(*chain(c=64, f0=64, f1=64)), "sm_90a").parameters]
    assert names[names.index("output"):] == ["output", "residual", "residual0", "workspace", "workspace_size",
                                             "stream"]


def test_rendering_names_the_conv_kernel_and_its_template_arguments():
    kernel = lower_b2b_conv(b2b_of(*chain(c=64, f0=64, f1=64))).kernel
    text = kernel.render()
    assert '#include "boltc/b2b_sm90_resident.hpp"' in text
    assert "boltc::b2b_sm90_resident::B2bConvResidentKernel<\n    " + ",\n    ".join(
        kernel.config.template_arguments()) in text
    assert kernel.config.template_arguments()[:4] == ("cutlass::half_t", "64", "64", "64")
    assert "pad_channels" not in text  # C = 64: the activation is read as it is
    assert "pad_channels(" in B2bConvSm90Kernel(three_channels(48, 48)).render()


def test_a_first_convolution_without_bias_is_still_the_hopper_kernel():
    """Unlike example 13, the resident kernel reads bias0 only where there is one."""
    op = b2b_of(*chain(bias0=False))
    cfg = lower_b2b_conv(op).kernel.config
    assert cfg.bias0 is None and cfg.act0 == "relu"


def test_a_pair_no_kernel_runs_stays_two_and_the_remark_names_both_reasons():
    # Hardtanh (a clamp) between: neither kernel's first stage has it
    model, x = chain(between=torch.nn.Hardtanh())
    module = optimized(model, x, keep_chained=True)
    assert not any(isinstance(op, bolt.B2bOp) for op in module.walk())
    [line] = b2b_remarks(module, gpu_target("sm_90a"))
    assert "b2b_conv_sm90: the first convolution: the epilogue op" in line and "CUTLASS example 13: " in line
    # The pipeline itself makes the refused 1x1 a GEMM; its remark is the probe's, said once.
    with collecting_remarks() as remarks:
        module = optimized(model, x)
    assert [op.name for op in module.walk() if isinstance(op, (bolt.Conv2dOp, bolt.GemmOp))] == [
        "bolt.conv2d", "bolt.gemm"]
    [said] = [r["message"] for r in remarks if r["pass"] == "fuse-b2b"]
    assert said == line


@pytest.mark.parametrize("kwargs, reason", [
    (dict(between=torch.nn.Hardtanh()), "the first convolution: the epilogue op"),
    (dict(groups=2, c=48, f0=48), "the first convolution is grouped"),
])
def test_refusals_name_the_reason(kwargs, reason):
    module = optimized(*chain(**kwargs), keep_chained=True)  # fuse-b2b refuses the pair: kept as convolutions
    first, second = convolutions(module)[:2]
    assert reason in conv_sm90_refusal(first, second)


def test_a_b2b_neither_kernel_runs_is_one_error_with_both_reasons():
    """A hand-built b2b (fuse-b2b refuses F0 = 320) that the Hopper kernel refuses (past one
    wgmma N) goes to example 13, which refuses it too: one error naming both."""
    module = optimized(*chain(f0=320, f1=64), keep_chained=True)
    first, second = convolutions(module)
    op = build_b2b(first, second, bolt.Residence.SHARED_MEMORY)
    with pytest.raises(InvalidKernelConfig, match="b2b_conv_sm90"):
        lower_b2b_conv(op)
    with pytest.raises(Exception, match="b2b_conv_sm90 refused: N0=320.*; and "):
        lower_anchor(op, "sm_90a")


def three_channels(f0: int, f1: int) -> B2bConvSm90Config:
    """The configuration of a 3x3 stride-2 chain over 112x112 images of 3 channels as the
    emitter gets it where pad-alignment has left C alone (its growth limit)."""
    problem = ConvProblem(32, 112, 112, 3, f0, 3, 3, 56, 56, (1, 1, 1, 1), (2, 2), (1, 1))
    cfg = B2bConvSm90Config.for_problem(Element.F16, problem, f1, bias0=Element.F16, act0="relu",
                                        bias1=Element.F16, act1="relu")
    assert isinstance(cfg, B2bConvSm90Config)
    return cfg


def test_three_channels_are_padded_in_the_workspace():
    cfg = three_channels(48, 48)
    assert cfg.pad_channels and "channels padded to 8" in cfg.summary()
    assert (cfg.tile_k0, cfg.resident_k_tiles) == (32, 9)  # C = 8 in 32-wide k-blocks, one a tap


_HOST_CHECKS = r"""
#include "kernel.cu"
#include <cstdio>

int main() {
  // n, h, w, c, f0, r, s, p, q, pads (t, l, b, r), strides, dilations, f1, then the pointers
  // (input, filter0, bias0, filter1, bias1, output, residual, residual0)
  std::printf("can_implement %d\n", @NAME@_can_implement(32, 112, 112, @C@, @N0@, 3, 3, 56, 56, 1, 1, 1, 1, 2, 2, 1, 1,
      @N1@, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr));
  std::printf("wrong_p %d\n", @NAME@_can_implement(32, 112, 112, @C@, @N0@, 3, 3, 57, 56, 1, 1, 1, 1, 2, 2, 1, 1,
      @N1@, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr));
  std::printf("workspace %zu\n", @NAME@_workspace_size(32, 112, 112, @C@, @N0@, 3, 3, 56, 56, 1, 1, 1, 1, 2, 2, 1, 1,
      @N1@, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr));
  std::printf("smem %d\n", int(Kernel::SharedStorageSize));
  return 0;
}
"""


@pytest.mark.nvcc
@pytest.mark.timeout(900)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
@pytest.mark.parametrize("c", [48, 3])
def test_b2b_conv_sm90_host_side_without_a_gpu(tmp_path: Path, c: int):
    """The paper's 112x112, 3x3 stride-2 chain (F0 = F1 = 48) with C = 48 and with C = 3 (the
    channel-padding TU), compiled into a host program (PTX only: no GPU code is run):
    can_implement with null pointers accepts the problem and refuses a P the problem does not
    have; the workspace is the padded copies' (C = 3) or nothing; the kernel's shared storage is
    within the Python count."""
    kernel = (lower_b2b_conv(b2b_of(*chain(c=c, f0=48, f1=48))).kernel if c % 8 == 0
              else B2bConvSm90Kernel(three_channels(48, 48)))
    rows = host_check_rows(tmp_path, kernel, _HOST_CHECKS.replace("@C@", str(c)), 0, 0, 48, 48)
    assert ["can_implement", "0"] in rows
    assert ["wrong_p", "4"] in rows  # cutlass::Status::kErrorInvalidProblem
    [workspace] = [int(r[1]) for r in rows if r[0] == "workspace"]
    if c % 8:
        padded = 32 * 112 * 112 * 8 * 2 + 48 * 3 * 3 * 8 * 2  # activation and filter with C = 8, 256-byte aligned
        assert padded <= workspace < padded + 512
    else:
        assert workspace == 0
    [smem] = [int(r[1]) for r in rows if r[0] == "smem"]
    assert kernel.config.shared_memory_bytes() - 2048 <= smem <= kernel.config.shared_memory_bytes()


@pytest.mark.nvcc
@pytest.mark.timeout(900)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_a_conv_chain_with_residuals_in_both_stages_compiles(tmp_path: Path):
    """ResNet-50's bottleneck pair, 3x3 64 -> 1x1 256, with r0 added before the first relu and
    the shortcut after the 1x1 (kHasResidual0 and kHasResidual: R0's 8 chunks a row under the
    first GEMM, R's 32 under the second)."""
    kernel = lower_b2b_conv(first_residual_b2b(64, 64, 256, 1, 30, second=True)).kernel
    assert (kernel.config.residual0, kernel.config.residual, kernel.config.tile_n1) == (True, True, 256)
    compile_kernel_object(kernel, Arch.parse("sm_90a"), tmp_path)
