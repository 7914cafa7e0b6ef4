"""conv_group_sm80 without a GPU: which family each grouped layer of ResNeXt-50 and MobileNetV2
gets and why, the rendered C++ (group mode, iterators, C/groups), what it refuses, conv_direct's
conflict-free filter rows, and (marker nvcc) that one grouped TU compiles. The numerics are
test/gpu/test_conv_group.py's."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from boltc.lowering.anchors import kernel_family, lower_anchor
from boltc.lowering.build import Arch
from boltc.lowering.cutlass import conv_direct
from boltc.lowering.cutlass.conv_group_sm80 import (
    FAMILY,
    MAX_MMA_WASTE,
    GroupMode,
    choose_group_conv,
    lower_conv2d,
)
from boltc.lowering.cutlass.conv_sm80 import VISITOR_KERNEL_HEADER
from boltc.lowering.cutlass.cpp import Element, InvalidKernelConfig, Shape3

from conv_text import conv_text, parse_conv
from kernel_headers import header_text, included_headers
from nvcc_objects import NVCC_MISSING, compile_kernel_object

# ResNeXt-50 32x4d's grouped 3x3 layers at batch 32: (H in, C = F, stride); groups 32.
RESNEXT50 = [(56, 128, 1), (56, 256, 2), (28, 256, 1), (28, 512, 2), (14, 512, 1), (14, 1024, 2), (7, 1024, 1)]
# family, mode, tile by channels per group (4, 8, 16, 32): the module docstring's table.
RESNEXT50_CHOICE = {
    4: ("conv_direct", None, None),
    8: ("conv_direct", None, None),
    16: (FAMILY, GroupMode.SINGLE, Shape3(128, 16, 32)),
    32: (FAMILY, GroupMode.SINGLE, Shape3(128, 32, 32)),
}
# MobileNetV2's depthwise 3x3 layers: (H in, C, stride).
MOBILENETV2_DEPTHWISE = [(112, 32, 1), (112, 96, 2), (56, 144, 1), (56, 144, 2), (28, 192, 1), (28, 192, 2),
                         (14, 384, 1), (14, 576, 1), (14, 576, 2), (7, 960, 1)]


def grouped(n, h, c, f, groups, *, stride=1, epilogue="bias_relu", kernel=None, dtype="f16"):
    return parse_conv(conv_text(n, h, h, c, f, 3, 3, stride=(stride, stride), padding=(1, 1, 1, 1), groups=groups,
                                epilogue=epilogue, kernel=kernel, dtype=dtype, out=dtype))


@pytest.mark.parametrize("h, c, stride", RESNEXT50)
@pytest.mark.parametrize("arch", ["sm_90a", "sm_80"])
def test_resnext50_grouped_layers(h, c, stride, arch):
    op = grouped(32, h, c, c, 32, stride=stride)
    family, mode, tile = RESNEXT50_CHOICE[c // 32]
    assert kernel_family(op, arch) == family
    call = lower_anchor(op, arch)
    assert call.family == family
    if family == FAMILY:
        assert f"{mode.value}, tile {tile}" in call.reason and mode.value in call.config
    else:
        # The direct kernel's reason says why the tensor cores were refused.
        assert "tensor cores would do" in call.reason and f"limit {MAX_MMA_WASTE:g}x" in call.reason


@pytest.mark.parametrize("h, c, stride", MOBILENETV2_DEPTHWISE)
def test_mobilenetv2_depthwise_layers_go_to_the_depthwise_kernel(h, c, stride):
    # Not the tensor cores (choose_group_conv's reason); conv_depthwise's register-window kernel
    # (test_conv_depthwise.py), which took them from conv_direct.
    op = grouped(32, h, c, c, c, stride=stride, epilogue="plain")
    assert "depthwise" in choose_group_conv(1, 1, Element.F16).reason
    assert kernel_family(op, "sm_90a") == "conv_depthwise"
    call = lower_anchor(op, "sm_90a")
    assert "depthwise" in call.reason and call.config.startswith("conv_depthwise fprop nhwc f16->f16")


@pytest.mark.parametrize(
    "cpg, kpg, element, family, mode, tile_n, waste",
    [
        (32, 8, Element.F16, FAMILY, GroupMode.MULTIPLE, 16, 2.0),  # two whole groups per 16-wide tile: the limit
        (16, 16, Element.BF16, FAMILY, GroupMode.SINGLE, 16, 2.0),  # K padded 2x, a 16-wide tile: the limit
        (64, 8, Element.F16, FAMILY, GroupMode.MULTIPLE, 16, 2.0),  # tile K 64; two groups per 16-wide tile
        (16, 8, Element.BF16, "conv_direct", None, None, None),  # K padded 2x, two groups: 4x
        (32, 4, Element.F16, "conv_direct", None, None, None),  # four groups per 16-wide tile: 4x
        (64, 64, Element.F16, FAMILY, GroupMode.SINGLE, 64, 1.0),  # tile K 64, N 64
        (128, 256, Element.F16, FAMILY, GroupMode.SINGLE, 128, 1.0),
        (16, 32, Element.F16, FAMILY, GroupMode.SINGLE, 32, 2.0),  # K padded 16 -> 32; ties 16 wide, the wider wins
        (8, 16, Element.F16, "conv_direct", None, None, None),  # K padded 8 -> 32: 4x
        (24, 24, Element.F16, "conv_direct", None, None, None),  # 24 neither divides nor is a multiple of a tile N
        (3, 6, Element.F16, "conv_direct", None, None, None),  # odd C/groups: cp.async cannot read it
        (1, 1, Element.F16, "conv_direct", None, None, None),  # depthwise
        (32, 32, Element.F32, "conv_direct", None, None, None),  # f32 inputs: no tf32 substitute
    ],
)
def test_choice_rules(cpg, kpg, element, family, mode, tile_n, waste):
    choice = choose_group_conv(cpg, kpg, element)
    assert choice.family == family, choice.reason
    if family == FAMILY:
        assert (choice.mode, choice.tile.tile.n, choice.waste) == (mode, tile_n, waste)
    else:
        assert choice.mode is None and choice.reason


def test_choice_reasons_name_the_rule():
    assert "cp.async" in choose_group_conv(3, 6, Element.F16).reason
    assert "depthwise" in choose_group_conv(1, 1, Element.F16).reason
    assert "neither divides nor is a multiple" in choose_group_conv(24, 24, Element.F16).reason
    assert "32x the useful MMA work" in choose_group_conv(4, 4, Element.F16).reason


def test_the_16_wide_tile_stores_4_outputs_an_access():
    """A 16-wide tile at 8 f16 outputs an access left half of each warp's epilogue lanes without
    outputs (wrong results on an H100); the lowering narrows the output access to 4, and a
    configuration at 8 is refused by the thread-map rule."""
    from dataclasses import replace

    from boltc.lowering.cutlass.conv_group_sm80 import MIN_TILE_N, tile_table

    assert MIN_TILE_N == 16 and min(row.tile.n for k in (32, 64) for row in tile_table(k)) == MIN_TILE_N
    call = lower_anchor(grouped(32, 14, 512, 512, 32, epilogue="bias_residual_relu"), "sm_90a")  # ResNeXt stage 3
    assert call.family == FAMILY and "kSingleGroup, tile 128x16x32" in call.reason
    config = lower_conv2d(grouped(32, 14, 512, 512, 32, epilogue="bias_residual_relu")).kernel.config
    assert (config.tile.n, config.alignment_d, config.mode) == (16, 4, GroupMode.SINGLE) and config.blocker() is None
    with pytest.raises(InvalidKernelConfig, match="2 accesses a row"):
        replace(config, alignment_d=8)
    kernel = '#bolt.kernel<"conv_group_sm80", tile [128, 32, 32], cluster [1, 1, 1], stages 4, "multistage warp 64x32x32">'
    wide = lower_conv2d(grouped(2, 14, 512, 512, 32, kernel=kernel)).kernel.config
    assert wide.alignment_d == 8  # 32 wide keeps 16-byte stores


def test_single_group_tu_text():
    op = grouped(32, 7, 1024, 1024, 32, epilogue="bias_residual_relu")
    text = lower_conv2d(op).kernel.render()
    assert '#include "cutlass/conv/kernel/default_conv2d_group_fprop.h"' in text
    assert "cutlass::conv::kernel::DefaultConv2dGroupFprop<" in text
    assert "cutlass::conv::GroupMode::kSingleGroup,\n    cutlass::conv::IteratorAlgorithm::kOptimized," in text
    assert "constexpr int kChannelsPerGroup = 32;" in text
    assert "using ThreadblockShape = cutlass::gemm::GemmShape<128, 32, 32>;" in text
    assert "using WarpShape = cutlass::gemm::GemmShape<64, 32, 32>;" in text
    assert "/*groups=*/c / kChannelsPerGroup);" in text
    assert "c % kChannelsPerGroup == 0 && c / kChannelsPerGroup >= 2 && output_matches(" in text
    # The visitor kernel (boltc's header) offsets the activation columns by the CTA's group; the
    # epilogue tree is conv_sm80's (bias as a row broadcast, residual as an aux load).
    assert included_headers(text) == [VISITOR_KERNEL_HEADER]
    visitor_kernel = header_text(VISITOR_KERNEL_HEADER)
    assert "column_A += group * (params.problem_size.C / params.problem_size.groups);" in visitor_kernel
    assert "boltc::conv_sm80::ImplicitGemmConvolutionWithVisitor<ConvBase, Callbacks, EpilogueStages>" in text
    assert "VisitorRowBroadcast" in text and "VisitorAuxLoad" in text
    assert text.startswith("// Generated by boltc (conv_group_sm80): conv_group_sm80 fprop nhwc f16->f16, kSingleGroup, 32 channels")


def test_multiple_group_tu_uses_analytic_iterators():
    kernel = '#bolt.kernel<"conv_group_sm80", tile [128, 32, 32], cluster [1, 1, 1], stages 4, "multistage warp 64x32x32">'
    op = grouped(2, 28, 256, 256, 32, kernel=kernel)
    low = lower_conv2d(op)
    assert low.reason == "#bolt.kernel: kMultipleGroup, 16x the useful MMA work"
    text = low.kernel.render()
    assert "cutlass::conv::GroupMode::kMultipleGroup,\n    cutlass::conv::IteratorAlgorithm::kAnalytic," in text
    assert "constexpr int kChannelsPerGroup = 8;" in text


def test_forced_tile_that_fits_no_mode_is_refused_by_name():
    kernel = '#bolt.kernel<"conv_group_sm80", tile [128, 32, 32], cluster [1, 1, 1], stages 4, "multistage warp 64x32x32">'
    op = parse_conv(conv_text(2, 8, 8, 48, 48, 3, 3, padding=(1, 1, 1, 1), groups=2, kernel=kernel))  # 24 per group
    assert kernel_family(op, "sm_90a") == FAMILY
    with pytest.raises(InvalidKernelConfig, match="neither divides 24 output channels per group") as error:
        lower_conv2d(op)
    assert "'bolt.conv2d'" in str(error.value)


def test_odd_channels_per_group_are_refused_when_forced():
    kernel = '#bolt.kernel<"conv_group_sm80", tile [128, 32, 32], cluster [1, 1, 1], stages 4, "multistage warp 64x32x32">'
    op = parse_conv(conv_text(2, 8, 8, 12, 64, 3, 3, padding=(1, 1, 1, 1), groups=4, kernel=kernel))  # 3 per group
    with pytest.raises(InvalidKernelConfig, match="C/groups must be even"):
        lower_conv2d(op)


def test_ungrouped_convolutions_are_not_its_own():
    op = parse_conv(conv_text(1, 8, 8, 16, 16, 3, 3, padding=(1, 1, 1, 1)))
    with pytest.raises(InvalidKernelConfig, match="groups > 1"):
        lower_conv2d(op)


# -- conv_direct's staged filter rows: conflict-free by construction ------------------------


def bank_conflict_ways(pitch_elements: int, access_elements: int, element_bytes: int, lanes: int) -> int:
    """The worst number of distinct shared-memory words one bank serves in one phase when
    `lanes` threads read one access each at lane * pitch (the hardware serves 128 bytes of a
    warp's request per phase: 8 threads of 16-byte accesses, 16 of 8-byte, 32 of 4 or less)."""
    access_bytes = access_elements * element_bytes
    per_phase = max(1, 128 // max(access_bytes, 4))
    worst = 1
    for first in range(0, min(lanes, 32), per_phase):
        banks: dict[int, set[int]] = {}
        for lane in range(first, min(first + per_phase, lanes, 32)):
            start = lane * pitch_elements * element_bytes
            for word in range(start // 4, (start + access_bytes - 1) // 4 + 1):
                banks.setdefault(word % 32, set()).add(word)
        worst = max(worst, max(len(words) for words in banks.values()))
    return worst


@pytest.mark.parametrize("c, groups, dtype", [(128, 32, "f16"), (256, 32, "f16"), (512, 32, "f32"),
                                             (1024, 32, "f32"), (64, 4, "f32"), (96, 3, "f32"), (96, 32, "f16")])
def test_direct_row_blocked_filter_rows_are_conflict_free(c, groups, dtype):
    """The row-blocked kernel's fp32 rows: the warp's distinct lanes read one `vector`-float
    access each at lane * pitch."""
    op = grouped(2, 14, c, c, groups, dtype=dtype, epilogue="plain")  # f32: conv_direct takes every grouped layer
    config = conv_direct.lower_conv2d(op).kernel.config
    assert config.row_block is not None
    pitch = conv_direct.row_lane_pitch(9, config.vector, config.channels_per_group)
    assert (pitch // config.vector) % 2 == 1 and pitch % config.vector == 0
    assert bank_conflict_ways(pitch, config.vector, 4, config.lanes) == 1
    # The rows unpadded (R*S*C/g reads of 4 floats per lane) met in 8 ways at 8 per group.
    if config.channels_per_group == 8 and config.vector == 4:
        assert bank_conflict_ways(9 * 8 * 4, 4, 4, config.lanes) >= 8


def test_direct_one_pixel_filter_rows_are_conflict_free():
    """The one-pixel kernel (a filter too wide for a thread's input row): rows of `input_vector`
    elements an access, an odd number of accesses apart."""
    op = parse_conv(conv_text(1, 30, 30, 64, 64, 7, 7, dilation=(3, 3), padding=(9, 9, 9, 9), groups=8,
                              epilogue="plain"))
    config = conv_direct.lower_conv2d(op).kernel.config
    assert config.row_block is None and (config.channels_per_group, config.input_vector) == (8, 8)
    pitch = conv_direct.lane_pitch(49, config.vector, config.channels_per_group, config.input_vector)
    assert (pitch // config.input_vector) % 2 == 1
    assert bank_conflict_ways(pitch, config.input_vector, 2, config.lanes) == 1
    for cpg in (4, 8):
        pitch16 = conv_direct.lane_pitch(9, cpg, cpg, cpg)
        assert bank_conflict_ways(pitch16, cpg, 2, 32) == 1
        # The rows as in KRSC (R*S*C/g per channel, Vector channels a lane) met in 8 ways or more.
        assert bank_conflict_ways(9 * cpg * cpg, 1, 2, 32) >= 8


def test_direct_tu_stages_padded_fp32_rows():
    text = conv_direct.lower_conv2d(grouped(2, 14, 128, 128, 32)).kernel.render()
    assert "return ((taps * kChannelsPerGroup) | 1) * kVector;" in text
    assert "float const* const weights = filter_tile + lane * pitch;" in text
    assert "using FilterTileElement = float;" in text
    assert "int64_t(kLanes) * lane_pitch(taps)" in text


@pytest.mark.nvcc
@pytest.mark.timeout(600)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_generated_single_group_conv_with_residual_compiles(tmp_path: Path):
    """About 20 s here: ResNeXt-50's stage-4 layer (32 channels per group, kSingleGroup 128x32x32,
    optimized iterators) with a bias + residual + ReLU visitor epilogue."""
    op = grouped(32, 7, 1024, 1024, 32, epilogue="bias_residual_relu")
    compile_kernel_object(lower_conv2d(op).kernel, Arch.SM90A, tmp_path)


@pytest.mark.nvcc
@pytest.mark.timeout(600)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
@pytest.mark.parametrize("arch", [Arch.SM90A, Arch.SM80])
def test_generated_16_wide_single_group_conv_compiles(arch, tmp_path: Path):
    """About 20 s each here: ResNeXt-50's stage-3 layer (16 channels per group, kSingleGroup
    128x16x32, 4 outputs an access) with a bias + residual + ReLU visitor epilogue."""
    op = grouped(32, 14, 512, 512, 32, epilogue="bias_residual_relu")
    kernel = lower_conv2d(op).kernel
    assert (kernel.config.tile.n, kernel.config.alignment_d) == (16, 4)
    compile_kernel_object(kernel, arch, tmp_path)
