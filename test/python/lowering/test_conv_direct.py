"""conv_direct without a GPU: which grouped convolutions it takes and how it specialises them,
the epilogue as scalar C++, what it refuses, and (marker nvcc) that the TU compiles. The
numerics are test/gpu/test_conv_direct.py's."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from boltc.lowering.anchors import kernel_family
from boltc.lowering.build import Arch
from boltc.lowering.cutlass.conv_direct import FILTER_SMEM_BYTES, lower_conv2d
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
    assert (c.channels_per_group, c.vector, c.input_vector) == (4, 4, 4)
    assert "groups=32" in low.reason


def test_an_f32_result_narrows_the_output_vector_not_the_input_loads():
    """f16 activations, f32 result (test/data/repvgg_block's last grouped conv): 8 input
    channels are one 16-byte load of f16 however wide the result is; 4 f32 outputs per store.
    (The check once held the input vector to the result's width too and refused the layer.)"""
    _, low = lowered(2, 14, 14, 16, 16, 3, 3, padding=(1, 1, 1, 1), groups=2, out="f32")
    c = low.kernel.config
    assert (c.channels_per_group, c.input_vector, c.vector) == (8, 8, 4) and c.blocker() is None


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
