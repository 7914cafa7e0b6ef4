"""conv_depthwise without a GPU: which layers choose it (MobileNetV2's depthwise 3x3s) and why,
what it leaves on conv_direct, how `#bolt.kernel` specialises it, the C++ it renders (16-byte
accesses, the register window, the epilogue), the tuning space and (marker nvcc) that its TU
compiles for sm_90a and sm_80. The numerics and timings are test/gpu/test_conv_depthwise.py's."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from boltc.lowering.anchors import kernel_family, lower_anchor
from boltc.lowering.build import Arch
from boltc.lowering.cutlass import conv_depthwise
from boltc.lowering.cutlass.conv_depthwise import FAMILY, choose_for_op, lower_conv2d
from boltc.lowering.cutlass.cpp import InvalidKernelConfig
from boltc.tuning import select
from boltc.tuning.space import Family, candidates, lower_with

from conv_text import conv_text, parse_conv
from nvcc_objects import NVCC_MISSING, compile_kernel_object

# MobileNetV2's depthwise 3x3 layers: (H in, C, stride), padding 1.
MOBILENETV2_DEPTHWISE = [(112, 32, 1), (112, 96, 2), (56, 144, 1), (56, 144, 2), (28, 192, 1), (28, 192, 2),
                         (14, 384, 1), (14, 576, 1), (14, 576, 2), (7, 960, 1)]


def depthwise(n, h, c, *, stride=1, r=3, padding=(1, 1, 1, 1), epilogue="bias_relu", dtype="f16", out=None,
              kernel=None, w=None, dilation=(1, 1), f=None):
    return parse_conv(conv_text(n, h, w or h, c, f or c, r, r, stride=(stride, stride), padding=padding, groups=c,
                                dilation=dilation, epilogue=epilogue, dtype=dtype, out=out or dtype, kernel=kernel))


def kernel_text(columns: int, vector: int, **fields) -> str:
    parts = dict(tile=f"[{columns}, {vector}, 1]", cluster="[1, 1, 1]", stages="1", schedule='"direct"') | fields
    return (f'#bolt.kernel<"conv_depthwise", tile {parts["tile"]}, cluster {parts["cluster"]}, '
            f'stages {parts["stages"]}, {parts["schedule"]}>')


@pytest.mark.parametrize("h, c, stride", MOBILENETV2_DEPTHWISE)
@pytest.mark.parametrize("arch", ["sm_90a", "sm_80"])
def test_mobilenetv2_depthwise_layers_choose_it(h, c, stride, arch):
    op = depthwise(32, h, c, stride=stride)
    assert kernel_family(op, arch) == FAMILY
    selection = select.heuristic(op, arch)
    assert selection.family == FAMILY
    assert selection.kernel_text() == kernel_text(4, 8)  # 4 columns x 8 channels (16 bytes) a thread
    call = lower_anchor(op, arch)
    assert call.family == FAMILY
    window = 6 if stride == 1 else 9  # T + 2 input vectors a filter row at stride 1, 2T + 1 at stride 2
    assert f"{window} input vectors per filter row" in call.reason
    assert call.config == (f"conv_depthwise fprop nhwc f16->f16, 3x3 stride_w {stride} dilation_w 1, "
                           "4 output columns x 8 channels per thread")


@pytest.mark.parametrize(
    "c, dtype, out, vector",
    [(13, "f16", "f16", 1), (6, "f16", "f16", 2), (20, "bf16", "bf16", 4), (24, "f16", "f32", 4), (32, "f32", "f32", 4)],
)
def test_the_channel_vector_is_the_widest_that_divides_c(c, dtype, out, vector):
    op = depthwise(2, 9, c, dtype=dtype, out=out)
    low = lower_conv2d(op)
    config = low.kernel.config
    assert config.vector == vector and config.columns == 4
    assert config.filter_access == {1: 1, 2: 2, 4: 4}[vector]  # 9 taps x V weights: V-element loads
    assert kernel_family(op, "sm_90a") == FAMILY


def test_narrow_outputs_take_fewer_columns():
    op = depthwise(2, 3, 16, padding=(1, 1, 1, 1), w=2)  # Q = 2
    assert lower_conv2d(op).kernel.config.columns == 2


def test_the_tu_reads_and_writes_16_bytes_and_holds_the_bias_in_registers():
    op = depthwise(2, 14, 32, stride=2, epilogue="bias_residual_relu")
    text = lower_conv2d(op).kernel.render()
    for line in ("constexpr int kColumns = 4;", "constexpr int kVector = 8;", "constexpr int kStrideW = 2;",
                 "constexpr int kFilterAccess = 8;", "constexpr int kRowLeaves = 1;",
                 "using InputVector = cutlass::AlignedArray<ElementA, kVector>;"):
        assert line in text
    # The bias once per thread into registers, the residual per element, ReLU.
    assert "rows[0][v] = float(leaves.x0[f0 + v]);" in text and "= rows[0][v];" in text
    assert "float(leaves.x1[m * leaves.x1_ld + f])" in text
    assert "cutlass::epilogue::thread::ReLu<float>{}" in text
    assert "__shared__" not in text and "__syncthreads" not in text


@pytest.mark.parametrize(
    "op_args, why",
    [
        # 5x5: 8 channels x 25 taps x 2 bytes of weights a thread.
        (dict(h=12, c=24, r=5, padding=(2, 2, 2, 2)), "the 5x5 weights of 8 channels take 400 bytes"),
        # Dilation 9 along W: a window of (4 - 1) + 2 * 9 + 1 = 22 input vectors a filter row.
        (dict(h=40, c=16, padding=(9, 9, 9, 9), dilation=(9, 9)), "a window of 22 input vectors"),
    ],
)
def test_what_it_refuses_stays_on_conv_direct_with_the_reason(op_args, why):
    op = depthwise(2, **op_args)
    assert kernel_family(op, "sm_90a") == "conv_direct"
    selection = select.heuristic(op, "sm_90a")
    assert selection.family == "conv_direct" and selection.kernel is None
    assert f"{FAMILY} refused: " in selection.reason and why in selection.reason
    assert lower_anchor(op, "sm_90a").family == "conv_direct"


def test_a_channel_multiplier_is_grouped_not_depthwise():
    op = depthwise(2, 8, 8, f=16)  # groups 8, C 8, F 16
    assert not conv_depthwise.is_depthwise(op) and choose_for_op(op).kernel is None
    selection = select.heuristic(op, "sm_90a")
    assert selection.family == "conv_direct" and FAMILY not in selection.reason
    forced = depthwise(2, 8, 8, f=16, kernel=kernel_text(4, 8))
    with pytest.raises(InvalidKernelConfig, match="lowers depthwise convolutions"):
        lower_conv2d(forced)


def test_the_kernel_attribute_chooses_columns_and_vector():
    op = depthwise(2, 14, 32, kernel=kernel_text(8, 4))
    config = lower_conv2d(op).kernel.config
    assert (config.columns, config.vector, config.window) == (8, 4, 10)
    call = lower_anchor(op, "sm_90a")
    assert call.family == FAMILY and call.reason == "#bolt.kernel"
    with pytest.raises(InvalidKernelConfig, match="do not divide C=36"):
        lower_conv2d(depthwise(2, 14, 36, kernel=kernel_text(4, 8)))
    with pytest.raises(InvalidKernelConfig, match="only the output columns and channels per thread"):
        lower_conv2d(depthwise(2, 14, 32, kernel=kernel_text(4, 8, stages="2")))
    with pytest.raises(InvalidKernelConfig, match="output columns per thread: 1 to 8"):
        lower_conv2d(depthwise(2, 14, 32, kernel=kernel_text(16, 8)))


def test_conv_direct_can_still_be_forced_on_a_depthwise_layer():
    """The timing test's comparison: conv_direct has no configuration, but its name in a
    #bolt.kernel picks it."""
    forced = '#bolt.kernel<"conv_direct", tile [1, 1, 1], cluster [1, 1, 1], stages 1, "direct">'
    call = lower_anchor(depthwise(32, 56, 144, kernel=forced), "sm_90a")
    assert call.family == "conv_direct" and "depthwise" in call.config


@pytest.mark.parametrize("arch", ["sm_90a", "sm_80"])
def test_the_space_offers_column_counts_first_the_heuristic_s(arch):
    op = depthwise(32, 56, 144)
    found = candidates(op, arch)
    assert [c.family for c in found] == [Family.CONV_DEPTHWISE] * 3 + [Family.CONV_DIRECT]
    assert [c.tile for c in found[:3]] == [(4, 8, 1), (2, 8, 1), (8, 8, 1)]
    for candidate in found:
        assert lower_with(op, candidate, arch).kernel.FAMILY == candidate.family.value
    assert found[0].kernel_attr_text() == kernel_text(4, 8)
    # A grouped layer (not depthwise) still has conv_direct only.
    assert [c.family for c in candidates(depthwise(2, 14, 32, f=64), arch)] == [Family.CONV_DIRECT]
    if arch == "sm_90a":  # the one GPU model
        assert select.by_model(op, arch).family == FAMILY  # ties keep the space's order


@pytest.mark.nvcc
@pytest.mark.timeout(600)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
@pytest.mark.parametrize(
    "arch, op_args",
    [
        (Arch.SM90A, dict(n=32, h=112, c=96, stride=2)),  # MobileNetV2 stride 2, bias + ReLU, 16-byte vectors
        (Arch.SM80, dict(n=2, h=9, c=13, epilogue="bias_residual_relu")),  # one channel a thread, residual
        (Arch.SM90A, dict(n=2, h=9, c=20, dtype="bf16", epilogue="plain")),
    ],
)
def test_the_tu_compiles(arch, op_args, tmp_path: Path):
    compile_kernel_object(lower_conv2d(depthwise(**op_args)).kernel, arch, tmp_path)
