"""b2b_conv_window (boltc/lowering/cutlass/b2b_conv_window.py): which chains it takes and why it
refuses the rest, the configuration it derives (band, window, ring), the host call's arguments,
the model's view of it, and its TU compiled by nvcc (marker `nvcc`). Numerics and timing:
test/gpu/test_b2b_conv_window.py, bench/b2b.py."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import torch

from boltc.dialects import bolt
from boltc.lowering.anchors import lower_anchor
from boltc.lowering.build import Arch
from boltc.lowering.cutlass.b2b_conv_window import (
    MAX_C,
    MAX_C_STRIDE_2,
    B2bConvWindowConfig,
    lower_b2b_conv_window,
    rows_per_consumer,
    tile_columns,
    window_refusal,
)
from boltc.lowering.cutlass.cpp import Element, InvalidKernelConfig
from boltc.lowering.host import IntArgument, OperandPointer, ResultPointer

import b2b_helpers
from nvcc_objects import NVCC_MISSING, compile_device_code, compile_kernel_object
from test_b2b_conv_sm90 import b2b_of, chain


def pair(op: bolt.B2bOp) -> tuple[bolt.Conv2dOp, bolt.Conv2dOp]:
    first, second = [o for o in op.body.block.ops if isinstance(o, bolt.Conv2dOp)]
    return first, second


@pytest.mark.parametrize("c, f, stride, hw", [(48, 48, 2, 112), (48, 48, 1, 56)])
def test_the_paper_48_channel_chains_lower_to_the_window_kernel(c, f, stride, hw):
    """bolt_paper.json's 48-channel b2b_conv rows (batch 4) fuse on sm_90a and lower here."""
    op = b2b_of(*chain(c=c, f0=f, f1=f, stride=stride, hw=hw, batch=4))
    call = lower_anchor(op, "sm_90a")
    assert call.family == "b2b_conv_window"
    cfg = lower_b2b_conv_window(op).kernel.config
    assert (cfg.c, cfg.f0, cfg.f1, cfg.stride, cfg.tile_q) == (c, f, f, stride, 56)
    # Bands of 2 rows: a 5-row window at stride 2 (a row a consumer), 4 rows at stride 1 (both
    # rows one consumer's, the consumers on alternate bands: pingpong).
    assert cfg.rows == 2 and cfg.pingpong == (stride == 1)
    assert cfg.window == ((5, 113) if stride == 2 else (4, 58))
    # 128-byte pixels (48 channels padded to 64): two buffers at stride 2, six at stride 1.
    assert cfg.pixel_bytes == 128 and cfg.stages == (2 if stride == 2 else 6)
    assert cfg.smem_bytes() <= 227 * 1024
    assert "input window" in cfg.summary() and "b2b_conv_window" in call.reason
    assert ("consumers on alternate bands" if stride == 1 else "both consumers on every band") in cfg.summary()


def test_64_channel_chains_take_the_window_at_stride_1_only():
    """C = 64 leaves the window two buffers beside its 74 KB W0 at stride 2, where b2b_conv_sm90
    is faster (MAX_C_STRIDE_2, the refusal in the lowering's reason); at stride 1 (four buffers)
    the window is faster, and C past 64 is refused at either stride."""
    op = b2b_of(*chain(c=64, f0=64, f1=64, stride=2, hw=56, batch=4))
    call = lower_anchor(op, "sm_90a")
    assert call.family == "b2b_conv_sm90"
    assert f"b2b_conv_window refused: C=64 at stride 2, over {MAX_C_STRIDE_2}" in call.reason
    op = b2b_of(*chain(c=64, f0=64, f1=64, stride=1, hw=56, batch=4))
    call = lower_anchor(op, "sm_90a")
    assert call.family == "b2b_conv_window"
    cfg = lower_b2b_conv_window(op).kernel.config
    assert cfg.stages == 4 and cfg.smem_bytes() <= 227 * 1024
    op = b2b_of(*chain(c=80, f0=64, f1=64, stride=1, hw=56, batch=4))
    assert f"b2b_conv_window refused: C=80 is not a multiple of 16 up to {MAX_C}" in lower_anchor(op, "sm_90a").reason


def test_the_host_call_passes_the_geometry_and_operands():
    op = b2b_of(*chain(c=48, f0=64, f1=32, stride=2, hw=28, batch=4))
    call = lower_anchor(op, "sm_90a")
    assert call.family == "b2b_conv_window"
    args = dict(zip([name for _, name in call.parameters], call.arguments))
    assert {k: args[k] for k in ("n", "h", "w", "c", "p", "q", "f0", "f1", "ldd")} == {
        k: IntArgument(v) for k, v in dict(n=4, h=28, w=28, c=48, p=14, q=14, f0=64, f1=32, ldd=32).items()}
    first, second = pair(op)
    assert args["input"] == OperandPointer(first.input.index)
    assert args["filter0"] == OperandPointer(first.filter.index)
    assert args["bias0"] == OperandPointer(first.extras[0].index)
    assert args["filter1"] == OperandPointer(second.filter.index)
    assert args["bias1"] == OperandPointer(second.extras[0].index)
    assert args["output"] == ResultPointer()


@pytest.mark.parametrize("kwargs, reason", [
    (dict(c=48, f0=48, f1=48, r=5, stride=2), "the first convolution is 5x5"),
    (dict(c=48, f0=48, f1=48, r=1, stride=1), "the first convolution is 1x1"),
    (dict(c=40, f0=48, f1=48, stride=2), "C=40 is not a multiple of 16"),
    (dict(c=48, f0=40, f1=48, stride=2), "F0=40 is not a multiple of 16"),
    (dict(c=48, f0=48, f1=96, stride=2), "F1=96 is not a multiple of 8 up to 64"),
    (dict(c=48, f0=48, f1=48, stride=2, groups=2), "the first convolution is grouped"),
])
def test_refusals_name_the_limit(kwargs, reason):
    model, x = chain(**kwargs, hw=28, batch=2)
    module = b2b_helpers.optimized(model, x, "sm_90a", keep_chained=True)
    convs = [op for op in module.walk() if isinstance(op, bolt.Conv2dOp)]
    verdict = window_refusal(convs[0], convs[1])
    assert isinstance(verdict, str) and reason in verdict, verdict


def test_a_residual_is_left_to_b2b_conv_sm90():
    model = b2b_helpers.ResidualConvChain(48, 48, 48, 2).half()
    x, r = torch.randn(2, 28, 28, 48, dtype=torch.half), torch.randn(2, 14, 14, 48, dtype=torch.half)
    module = b2b_helpers.optimized(model, (x, r), "sm_90a")
    [op] = [o for o in module.walk() if isinstance(o, bolt.B2bOp)]
    assert window_refusal(*pair(op)) == "a stage adds a residual; the kernel's epilogues are a bias and an activation"
    assert lower_anchor(op, "sm_90a").family == "b2b_conv_sm90"


@pytest.mark.parametrize("q, tq", [(56, 56), (112, 56), (14, 16), (64, 64), (100, 56), (7, 8), (30, 32)])
def test_the_band_width_leaves_the_fewest_columns_out(q, tq):
    assert tile_columns(q) == tq


def test_the_ring_takes_the_buffers_shared_memory_holds():
    fields = dict(element=Element.F16, bias0=Element.F16, bias1=Element.F16, act0="relu", act1="relu", c=48, f0=48,
                  f1=48, stride=2, tile_q=56, rows_per_consumer=rows_per_consumer(2))
    cfg = B2bConvWindowConfig.with_most_stages(**fields)
    # Two planes of 5 x 57 pixels of 128 bytes (36 KB, in whole 1 KB swizzle patterns) a buffer;
    # two 72 KB buffers beside 48 KB of filters: W0's K = 432 in 7 blocks of 64 k, W1's 48 in one
    # (past K: TMA's zeros), 48 rows of 128 bytes a block.
    assert cfg.stages == 2
    assert cfg.plane_bytes() == 36864 and cfg.stage_bytes() == 2 * 36864
    assert cfg.smem_bytes() == 2 * 73728 + 7 * 48 * 128 + 48 * 128 + 40 == 196648
    with pytest.raises(InvalidKernelConfig, match="shared memory"):
        B2bConvWindowConfig(**fields, stages=3)
    # At stride 1 the consumers take alternate bands: a buffer's bands must all be one consumer's.
    stride1 = {**fields, "stride": 1, "rows_per_consumer": rows_per_consumer(1)}
    assert B2bConvWindowConfig.with_most_stages(**stride1).stages == 6
    with pytest.raises(InvalidKernelConfig, match="a multiple of its 2 consumers"):
        B2bConvWindowConfig(**{**stride1, "c": 16}, stages=3)
    with pytest.raises(InvalidKernelConfig, match="one m64 holds"):
        B2bConvWindowConfig(**{**fields, "tile_q": 72}, stages=2)


@pytest.mark.parametrize("c, pixel_bytes, stages", [(16, 32, 8), (32, 64, 5), (48, 128, 2)])
def test_a_pixel_is_one_swizzle_row(c, pixel_bytes, stages):
    """The window's pixels are rows of the narrowest swizzle holding C channels (TMA pads 48 to
    64 with zeros); a stride-2 band of 2 x 56 output pixels, F0 = F1 = 48."""
    cfg = B2bConvWindowConfig.with_most_stages(
        element=Element.F16, bias0=None, bias1=None, act0="relu", act1="none", c=c, f0=48, f1=48, stride=2,
        tile_q=56, rows_per_consumer=1)
    assert cfg.pixel_bytes == pixel_bytes and cfg.stages == stages
    assert cfg.plane_bytes() % (8 * pixel_bytes) == 0 and f"{pixel_bytes} B a pixel" in cfg.summary()


def test_the_model_reads_the_window_not_the_im2col_matrix():
    """fuse-b2b's verdict for the window kernel counts a band's window, not 9 / S^2 times the
    input: the paper's 112x112x48 stride-2 chain is fused (the model's prediction beside the
    measured ~22 us, bench/RESULTS.md 2026-12-01)."""
    from boltc.diagnostics import collecting_remarks

    model, x = chain(c=48, f0=48, f1=48, stride=2, hw=112, batch=32)
    with collecting_remarks() as remarks:
        module = b2b_helpers.optimized(model, x, "sm_90a")
    assert any(isinstance(op, bolt.B2bOp) for op in module.walk())
    [fused] = [str(r) for r in remarks if "fused back to back" in str(r)]
    assert "fused on b2b_conv_window" in fused and "not fused" not in fused


@pytest.mark.nvcc
@pytest.mark.timeout(900)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_the_tu_compiles_for_sm90a(tmp_path: Path):
    """The paper's 112x112x48 chain's TU (F0 = F1 = 48: WGMMA's extended N) compiles, its three
    entry points exported."""
    kernel = lower_b2b_conv_window(b2b_of(*chain(c=48, f0=48, f1=48, stride=2, hw=112, batch=4))).kernel
    source = kernel.render()
    assert "CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED" in source
    assert "boltc::b2b_conv_window::Config<cutlass::half_t, cutlass::half_t, cutlass::half_t, 48, 48, 48, 2, 56, 1, 2, false," in source
    # Clusters of kCluster CTAs sharing the filters by multicast: launched with the attribute,
    # the grid from the cluster occupancy query.
    assert "cudaLaunchKernelEx(" in source and "persistent_grid::cluster_slots(" in source
    # The header's shared memory is the Python count (a static_assert: nvcc holds them equal).
    assert f"static_assert(Config::kSmemBytes == {kernel.config.smem_bytes()}," in source
    compile_kernel_object(kernel, Arch.parse("sm_90a"), tmp_path)


# ptxas's notes where it gives up on asynchronous WGMMAs: "(C7511) Potential Performance Loss:
# wgmma.mma_async instructions are serialized due to insufficient register resources for the
# wgmma pipeline ..." (C7514, C7518 for other causes: a branch or loop around in-flight
# accumulators, an RS WGMMA beside an SS one). The kernel still runs, each WGMMA waited for:
# what the 12-01 06:51 entry's attempts at pipelining the consumers ran into.
WGMMA_SERIALIZED = re.compile(r"\(C75\d\d\)[^\n]*wgmma")
SPILLS = re.compile(r"(\d+) bytes spill stores, (\d+) bytes spill loads")


def test_the_serialization_check_reads_ptxas_notes():
    note = ("ptxas info    : (C7511) Potential Performance Loss: wgmma.mma_async instructions are serialized due "
            "to insufficient register resources for the wgmma pipeline in the function 'k'")
    assert WGMMA_SERIALIZED.findall(note)
    assert not WGMMA_SERIALIZED.findall("ptxas info    : Used 132 registers, used 16 barriers")
    assert SPILLS.findall("    0 bytes stack frame, 8 bytes spill stores, 8 bytes spill loads") == [("8", "8")]


@pytest.mark.nvcc
@pytest.mark.timeout(600)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
@pytest.mark.parametrize("stride, hw", [(1, 56), (2, 112)])
def test_ptxas_keeps_the_wgmmas_asynchronous_and_spills_nothing(stride, hw, tmp_path: Path):
    """The paper's 48-channel chains' kernels through ptxas (-v, device code only, ~10 s each):
    no WGMMA serialized (a change to the consumers that makes ptxas wait for each WGMMA still
    passes every numeric test, only slower) and no register spilled."""
    kernel = lower_b2b_conv_window(b2b_of(*chain(c=48, f0=48, f1=48, stride=stride, hw=hw, batch=4))).kernel
    _, report = compile_device_code(kernel.render(), Arch.SM90A, tmp_path, "cubin", "-Xptxas", "-v")
    assert "b2b_conv_window_kernel" in report and "Used " in report, report[-2000:]
    assert not WGMMA_SERIALIZED.findall(report), report[-2000:]
    spills = SPILLS.findall(report)
    assert spills and all(stores == loads == "0" for stores, loads in spills), spills
