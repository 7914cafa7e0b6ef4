"""conv_direct without a GPU: which grouped convolutions it takes and how it specialises them,
the epilogue as scalar C++, what it refuses, and (marker nvcc) that the TU compiles. The
numerics are test/gpu/test_conv_direct.py's."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from boltc.lowering.anchors import kernel_family
from boltc.lowering.build import Arch
from boltc.lowering.cutlass.conv_direct import (
    FILTER_SMEM_BYTES,
    ROW_LANES,
    RowBlock,
    lower_conv2d,
    row_lane_pitch,
)
from boltc.lowering.cutlass.cpp import InvalidKernelConfig

from conv_text import conv_text, parse_conv
from nvcc_objects import NVCC_MISSING, compile_kernel_object


def lowered(*args, **kwargs):
    op = parse_conv(conv_text(*args, **kwargs))
    return op, lower_conv2d(op)


def test_depthwise_takes_whole_channel_vectors_and_the_epilogue():
    # 5x5: conv_depthwise refuses it (its weights would not fit registers), conv_direct takes it.
    op, low = lowered(2, 14, 14, 32, 32, 5, 5, padding=(2, 2, 2, 2), groups=32, epilogue="bias_residual_relu")
    assert kernel_family(op, "sm_90a") == "conv_direct" and kernel_family(op, "sm_80") == "conv_direct"
    c = low.kernel.config
    assert c.depthwise and c.vector == 8 and c.channels_per_group == 1
    text = low.kernel.render()
    # bias (row broadcast, by channel), residual (aux load, pixel row times its pitch), ReLU.
    assert "float(leaves.x0[f])" in text and "float(leaves.x1[m * leaves.x1_ld + f])" in text
    assert "cutlass::epilogue::thread::ReLu<float>{}" in text
    assert "constexpr bool kDepthwise = true;" in text


def test_grouped_keeps_a_thread_s_channels_in_one_group():
    _, low = lowered(2, 9, 9, 12, 20, 3, 3, padding=(1, 1, 1, 1), groups=4)  # 3 in, 5 out per group
    c = low.kernel.config
    assert not c.depthwise and c.channels_per_group == 3 and c.vector == 1 and c.input_vector == 1
    _, low = lowered(2, 14, 14, 128, 128, 3, 3, padding=(1, 1, 1, 1), groups=32)  # ResNeXt: 4 per group
    c = low.kernel.config
    assert (c.channels_per_group, c.vector, c.input_vector) == (4, 4, 4) and c.row_block is not None
    assert "groups=32" in low.reason


def test_an_f32_result_narrows_the_output_vector_not_the_input_loads():
    """f16 activations, f32 result (test/data/repvgg_block's last grouped conv): the input
    loads keep their width however wide the result is; 4 f32 outputs per store. (The check once
    held the input vector to the result's width too and refused the layer.)"""
    _, low = lowered(2, 14, 14, 16, 16, 3, 3, padding=(1, 1, 1, 1), groups=2, out="f32")
    c = low.kernel.config
    assert (c.channels_per_group, c.input_vector, c.vector) == (8, 4, 4) and c.blocker() is None
    _, low = lowered(1, 30, 30, 16, 16, 7, 7, dilation=(3, 3), padding=(9, 9, 9, 9), groups=2, out="f32")
    c = low.kernel.config  # the one-pixel kernel: 8 f16 channels a load
    assert c.row_block is None and (c.input_vector, c.vector) == (8, 4) and c.blocker() is None


# ResNeXt-50's grouped layers (batch 32, groups 32): (H, C, stride) -> pixels a thread along W
# (the fewest padded pixels a row among the 6-8 whose input row fits: Q = 56 takes 8, 28, 14
# and 7 take 7; at stride 2, 3-4 fit: Q = 28 takes 4, Q = 14 takes 3) and channel lanes (16,
# or as many as the 48 KiB hold: 8 at 32 channels per group).
ROW_PIXELS = [((56, 128, 1), 8, 16), ((56, 256, 2), 4, 16), ((28, 256, 1), 7, 16), ((28, 512, 2), 3, 16),
              ((14, 512, 1), 7, 16), ((7, 1024, 1), 7, 8)]


@pytest.mark.parametrize("layer, pixels, lanes", ROW_PIXELS)
def test_resnext_layers_take_the_row_blocked_kernel(layer, pixels, lanes):
    h, c, stride = layer
    _, low = lowered(32, h, h, c, c, 3, 3, stride=(stride, stride), padding=(1, 1, 1, 1), groups=32)
    config = low.kernel.config
    cpg = c // 32
    assert config.row_block == RowBlock(pixels, 3, stride, 1)
    assert (config.vector, config.input_vector, config.lanes) == (4, 4, lanes) and lanes <= ROW_LANES
    assert config.row_block.row_pixels * config.input_vector <= 40
    assert row_lane_pitch(9, 4, cpg) * 4 * lanes <= FILTER_SMEM_BYTES
    assert f"{pixels} pixels per thread along W" in config.summary()


def test_row_blocked_tu_fixes_the_window_along_w():
    """The register arrays are indexed by the filter width, stride and dilation along W: TU
    constants, and can_implement refuses a problem with others."""
    _, low = lowered(2, 15, 17, 16, 32, 3, 3, stride=(2, 1), padding=(1, 0, 2, 1), groups=2)
    text = low.kernel.render()
    for line in ("constexpr int kPixels = 8;", "constexpr int kFilterS = 3;", "constexpr int kStrideW = 1;",
                 "constexpr int kDilationW = 1;", "__launch_bounds__(kThreads, kMinBlocksPerSm)"):
        assert line in text
    assert "if (s != kFilterS || stride_w != kStrideW || dilation_w != kDilationW) {" in text
    assert "cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, direct_conv_fprop" in text


def test_rows_too_wide_for_registers_take_the_one_pixel_kernel():
    # 7x7 dilated 3: an input row of 19 + pixels, x 4 channels > 40 floats even for 2 pixels.
    _, low = lowered(1, 30, 30, 16, 16, 7, 7, dilation=(3, 3), padding=(9, 9, 9, 9), groups=4)
    assert low.kernel.config.row_block is None
    text = low.kernel.render()
    assert "constexpr int kPixels = 1;" in text and "filter_tile + lane * pitch + tap * kVector" in text
    assert "kFilterS" not in text


def test_row_block_limits_are_refused_by_name():
    c = lowered(2, 14, 14, 128, 128, 3, 3, padding=(1, 1, 1, 1), groups=32)[1].kernel.config
    with pytest.raises(InvalidKernelConfig, match="exceeds the 40 floats"):
        replace(c, row_block=RowBlock(8, 3, 2, 1))
    with pytest.raises(InvalidKernelConfig, match="at most 4"):
        replace(c, vector=8, channel_tile=128)


def test_a_filter_too_large_for_shared_memory_is_refused_by_name():
    # 512 channels per group x 7 x 7 x 2 bytes x 8 channels: 400 KB for one lane.
    op = parse_conv(conv_text(1, 8, 8, 1024, 1024, 7, 7, padding=(3, 3, 3, 3), groups=2, epilogue="plain"))
    with pytest.raises(InvalidKernelConfig, match=f"{FILTER_SMEM_BYTES // 1024} KiB of shared memory") as error:
        lower_conv2d(op)
    assert "'bolt.conv2d'" in str(error.value)


def test_ungrouped_convolutions_are_not_its_own():
    op = parse_conv(conv_text(1, 8, 8, 16, 16, 3, 3, padding=(1, 1, 1, 1)))
    assert kernel_family(op, "sm_90a") == "conv_sm90"
    with pytest.raises(InvalidKernelConfig, match="groups > 1"):
        lower_conv2d(op)


@pytest.mark.nvcc
@pytest.mark.timeout(600)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_generated_grouped_conv_with_residual_compiles(tmp_path: Path):
    """About 10 s here: a grouped kernel (32 channels per group, vector loads) with a bias,
    residual and ReLU epilogue evaluated on floats."""
    op = parse_conv(conv_text(2, 14, 14, 256, 256, 3, 3, stride=(2, 2), padding=(1, 1, 1, 1), groups=8,
                              epilogue="bias_residual_relu"))
    compile_kernel_object(lower_conv2d(op).kernel, Arch.SM90A, tmp_path)


@pytest.mark.nvcc
@pytest.mark.timeout(600)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
@pytest.mark.parametrize("arch", [Arch.SM90A, Arch.SM80])
def test_generated_row_blocked_resnext_stage1_compiles(arch, tmp_path: Path):
    """About 5 s each here: ResNeXt-50's stage-1 layer (4 channels per group, 8 pixels a
    thread) with bias + residual + ReLU, for both targets."""
    op = parse_conv(conv_text(32, 56, 56, 128, 128, 3, 3, padding=(1, 1, 1, 1), groups=32,
                              epilogue="bias_residual_relu"))
    kernel = lower_conv2d(op).kernel
    assert kernel.config.row_block is not None
    compile_kernel_object(kernel, arch, tmp_path)


@pytest.mark.nvcc
@pytest.mark.timeout(600)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
@pytest.mark.parametrize("name", ["depthwise", "one_pixel_grouped"])
def test_generated_one_pixel_kernels_compile(name, tmp_path: Path):
    """The one-pixel kernel under the occupancy-sized grid: depthwise, and grouped with a
    filter too wide for the row-blocked kernel."""
    if name == "depthwise":
        text = conv_text(2, 14, 14, 32, 32, 3, 3, padding=(1, 1, 1, 1), groups=32, epilogue="bias_relu")
    else:
        text = conv_text(1, 30, 30, 16, 16, 7, 7, dilation=(3, 3), padding=(9, 9, 9, 9), groups=4)
    kernel = lower_conv2d(parse_conv(text)).kernel
    assert kernel.config.row_block is None
    compile_kernel_object(kernel, Arch.SM90A, tmp_path)
