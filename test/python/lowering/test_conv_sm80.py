"""bolt.conv2d -> CUTLASS 2.x (sm_80) implicit-GEMM convolution TU with a visitor-tree epilogue:
the TU's text, channel alignment and padding, iterator choice, the entry point (conv_sm90's
contract), refusals, the sm_80 conv heuristic and the anchors.py dispatch."""

from __future__ import annotations

import re

import pytest

from boltc.diagnostics import BoltcError
from boltc.lowering.build import Arch
from boltc.lowering.cutlass.conv_sm80 import VISITOR_KERNEL_HEADER, channel_alignment, lower_conv2d
from boltc.lowering.cutlass.conv_sm90 import ConvDim
from boltc.lowering.cutlass.conv_sm90 import lower_conv2d as lower_conv2d_sm90
from boltc.lowering.cutlass.cpp import Element, InvalidKernelConfig, Shape3
from boltc.lowering.cutlass.gemm_sm90 import Operand, OperandKind, ParamRole
from boltc.tuning.heuristic_sm80 import choose_conv_sm80

from conv_text import conv_kernel_attr, conv_text, parse_conv
from kernel_headers import header_text, included_headers


def attr(tile, stages=4, schedule="multistage", cluster=(1, 1, 1), family="conv_sm80") -> str:
    return conv_kernel_attr(tile, cluster=cluster, stages=stages, schedule=schedule, family=family)


def lower(text: str, arch: str = "sm_80"):
    return lower_conv2d(parse_conv(text), arch=arch)


def call(lowering) -> dict[str, object]:
    return {p.name: a for p, a in lowering.call()}


def test_bias_residual_relu_tu_runs_the_visitor_tree_after_the_implicit_gemm():
    lowering = lower(conv_text(2, 16, 16, 64, 64, 3, 3, padding=(1, 1, 1, 1), epilogue="bias_residual_relu",
                               kernel=attr((128, 128, 64), stages=3)))
    kernel = lowering.kernel
    cpp = kernel.render()
    assert re.fullmatch(r"boltc_conv_sm80_[0-9a-f]{16}", kernel.name)
    # The visitor kernel is boltc's header (conv_sm80.VISITOR_KERNEL_HEADER), included once.
    assert included_headers(cpp) == [VISITOR_KERNEL_HEADER]
    header = header_text(VISITOR_KERNEL_HEADER)
    for piece in [
        "struct ImplicitGemmConvolutionWithVisitor : Base {",
        "cutlass::epilogue::threadblock::EpilogueWithVisitorCallbacks<\n      typename Base::Epilogue, FusionCallbacks, EpilogueStages>;",
        "epilogue(accumulators, cutlass::gemm::GemmCoord(tile.m(), tile.n(), 0), params.problem_shape, thread_idx);",
    ]:
        assert piece in header, piece
    for piece in [
        "using LayoutA = cutlass::layout::TensorNHWC;",
        "constexpr int AlignmentA = 8;",
        "constexpr int AlignmentD = 8;",
        "using ThreadblockShape = cutlass::gemm::GemmShape<128, 128, 64>;",
        "using WarpShape = cutlass::gemm::GemmShape<64, 64, 64>;",
        "constexpr int Stages = 3;",
        "cutlass::conv::kernel::DefaultConv2dFprop<",
        "    cutlass::conv::IteratorAlgorithm::kOptimized,\n    cutlass::conv::StrideSupport::kStrided,",
        "VisitorRowBroadcast<", "VisitorAuxLoad<", "cutlass::epilogue::thread::ReLu,",
        "using ConvKernel = boltc::conv_sm80::ImplicitGemmConvolutionWithVisitor<ConvBase, Callbacks, EpilogueStages>;",
        "using Conv = cutlass::conv::device::ImplicitGemmConvolution<ConvKernel>;",
        "n, h, w, c, f, r, s, p, q, pad_top, pad_left, stride_h, stride_w, dilation_h, dilation_w,",
        "{static_cast<cutlass::half_t*>(output), {ldd, cute::_1{}, int64_t(0)}}",
        "if (!output_matches(h, w, r, s, p, q, pad_top, pad_left, pad_bottom, pad_right,",
        f"BOLTC_EXPORT int {kernel.name}(int n, int h, int w, int c, int f,",
    ]:
        assert piece in cpp, piece
    assert "pad_channels" not in cpp  # C = 64 is read in place
    assert cpp.index("namespace {") < cpp.index("using Conv =") < cpp.index("}  // namespace")
    assert call(lowering)["x1_ld"] == 64  # the residual's rows are F apart


def test_entry_point_is_conv_sm90s_contract():
    text = conv_text(2, 16, 16, 64, 64, 3, 3, stride=(2, 2), padding=(1, 0, 2, 1), dilation=(1, 2),
                     epilogue="bias_residual_relu")
    sm80, sm90 = lower(text), lower_conv2d_sm90(parse_conv(text))
    params = lambda lowering: [(p.name, p.ctype, p.role, p.index) for p in lowering.kernel.entry_point.params]  # noqa: E731
    assert params(sm80) == params(sm90)
    assert sm80.arguments == sm90.arguments
    args = call(sm80)
    assert (args["pad_top"], args["pad_left"], args["pad_bottom"], args["pad_right"]) == (1, 0, 2, 1)
    assert (args["stride_h"], args["stride_w"], args["dilation_h"], args["dilation_w"]) == (2, 2, 1, 2)
    assert args["input"] == Operand(OperandKind.LHS) and args["filter"] == Operand(OperandKind.RHS)
    assert args["workspace"] is ParamRole.WORKSPACE
    assert sm80.kernel.entry_point.params[0].role is ConvDim.N


@pytest.mark.parametrize("c, alignment, padded", [
    (64, 8, False), (36, 4, False), (6, 2, False), (3, 4, True), (13, 2, True), (7, 8, True), (1, 2, True),
])
def test_channel_alignment_and_padding(c, alignment, padded):
    """Even C is read in place at the widest access dividing it; odd C (cp.async needs 4 bytes)
    is padded in the workspace to the alignment of C + 1."""
    assert channel_alignment(c, Element.F16) == alignment
    kernel = lower(conv_text(2, 8, 8, c, 16, 3, 3, padding=(1, 1, 1, 1))).kernel
    assert (kernel.config.alignment_c, kernel.config.pad_channels) == (alignment, padded)
    cpp = kernel.render()
    assert f"constexpr int AlignmentA = {alignment};" in cpp and f"constexpr int AlignmentB = {alignment};" in cpp
    assert ("pad_channels(static_cast<ElementA const*>(input)" in cpp) == padded
    assert ("return padded_activation_bytes(n, h, w, c) + padded_filter_bytes(f, r, s, c) +" in cpp) == padded


def test_odd_output_channels_store_one_element_at_a_time():
    """F = 21: sm_90a refuses (TMA epilogue rows must be 16-byte aligned); here the visitor
    stores and the bias loads go one element at a time."""
    text = conv_text(2, 8, 8, 13, 21, 3, 3, padding=(1, 1, 1, 1), epilogue="bias_residual_relu")
    kernel = lower(text).kernel
    assert kernel.config.alignment_d == 1 and "constexpr int AlignmentD = 1;" in kernel.render()
    with pytest.raises(InvalidKernelConfig):
        lower_conv2d_sm90(parse_conv(text))


def test_filters_beyond_the_optimized_iterators_mask_bits_take_the_analytic_ones():
    assert lower(conv_text(1, 40, 40, 16, 8, 33, 3, epilogue="plain")).kernel.config.optimized is False
    cpp = lower(conv_text(1, 40, 40, 16, 8, 33, 3, epilogue="plain")).kernel.render()
    assert "cutlass::conv::IteratorAlgorithm::kAnalytic" in cpp
    assert lower(conv_text(1, 40, 40, 16, 8, 7, 7, epilogue="plain")).kernel.config.optimized is True


def test_plain_f32_output_and_bf16_inputs():
    f32 = lower(conv_text(2, 8, 8, 16, 12, 1, 1, epilogue="plain", out="f32")).kernel
    assert f32.config.alignment_d == 4 and "using ElementD = float;" in f32.render()
    bf16 = lower(conv_text(2, 8, 8, 16, 16, 3, 3, dtype="bf16", out="bf16")).kernel
    assert "using ElementA = cutlass::bfloat16_t;" in bf16.render()


def test_same_configuration_different_layers_share_one_kernel():
    a = lower(conv_text(2, 16, 16, 32, 64, 3, 3, padding=(1, 1, 1, 1), kernel=attr((128, 64, 64))))
    b = lower(conv_text(8, 56, 56, 64, 128, 3, 3, stride=(2, 2), padding=(1, 1, 1, 1), kernel=attr((128, 64, 64))))
    assert a.kernel.name == b.kernel.name
    assert call(a)["h"] == 16 and call(b)["h"] == 56


@pytest.mark.parametrize("text, message", [
    (conv_text(2, 8, 8, 16, 16, 3, 3, groups=2), "groups=2: .*no grouped or depthwise form"),
    (conv_text(2, 8, 8, 16, 16, 3, 3, layout="nchw", epilogue="plain"), "reads NHWC .*nchw .*layout-nhwc"),
    (conv_text(2, 8, 8, 16, 16, 3, 3, dtype="f32", out="f32"), "f16 or bf16, got f32"),
    (conv_text(2, 8, 8, 16, 16, 3, 3, kernel=attr((128, 128, 64), cluster=(2, 1, 1))), "no thread-block clusters"),
    (conv_text(2, 8, 8, 16, 16, 3, 3, kernel=attr((128, 128, 64), family="conv_sm90")),
     "family 'conv_sm90' is not 'conv_sm80'"),
    (conv_text(2, 8, 8, 16, 16, 3, 3, kernel=attr((256, 128, 64), stages=4)), "exceed the 166912 bytes"),
    (conv_text(2, 8, 8, 16, 16, 3, 3, kernel=attr((128, 128, 64), schedule="warpspecialized")),
     "CUTLASS 2.x kernels take 'multistage'"),
])
def test_what_the_sm80_convolution_cannot_do_is_refused_with_the_reason(text, message):
    with pytest.raises(InvalidKernelConfig, match=message) as error:
        lower(text)
    assert "'bolt.conv2d'" in str(error.value)


# --------------------------------------------------------------------------------------
# The heuristic: ResNet-50's 3x3 layers at batch 32, measured on the H100 (heuristic_sm80.py).
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("arch", ["sm_80", "sm_90a"])
@pytest.mark.parametrize("hw, c, tile, warp, stages", [
    (56, 64, (256, 64, 32), (64, 64, 32), 4),
    (28, 128, (128, 128, 64), (64, 64, 64), 3),
    (14, 256, (128, 128, 64), (64, 64, 64), 3),
    (7, 512, (128, 64, 64), (64, 32, 64), 4),
])
def test_conv_heuristic_reproduces_the_measured_best_resnet50_configs(arch, hw, c, tile, warp, stages):
    choice = choose_conv_sm80(32 * hw * hw, c, 9 * c, "f16", arch)
    assert (choice.tile, choice.warp, choice.stages) == (tile, warp, stages)
    assert choice.family == "conv_sm80"


def test_conv_heuristic_small_layers_and_its_choice_lowers():
    assert choose_conv_sm80(2 * 8 * 8, 16, 144).tile == (64, 64, 64)
    lowering = lower(conv_text(32, 28, 28, 128, 128, 3, 3, padding=(1, 1, 1, 1)), arch="sm_90a")
    c = lowering.kernel.config
    assert (c.tile, c.warp, c.stages) == (Shape3(128, 128, 64), Shape3(64, 64, 64), 3)
    assert lowering.reason.startswith("heuristic: first conv tile that fills 70% of the 132 SMs")
    with pytest.raises(ValueError, match="not bf32"):
        choose_conv_sm80(64, 64, 64, "bf32")


def test_anchors_lower_convolutions_with_the_family_of_the_target():
    from boltc.lowering.anchors import kernel_family, lower_anchor

    plain = parse_conv(conv_text(2, 8, 8, 16, 16, 3, 3, padding=(1, 1, 1, 1)))
    forced = parse_conv(conv_text(2, 8, 8, 16, 16, 3, 3, padding=(1, 1, 1, 1), kernel=attr((64, 64, 64))))
    assert kernel_family(plain, "sm_80") == "conv_sm80" and kernel_family(plain, "sm_90a") == "conv_sm90"
    assert kernel_family(forced, "sm_90a") == "conv_sm80"
    sm90_forced = parse_conv(conv_text(2, 8, 8, 16, 16, 3, 3, kernel=conv_kernel_attr((128, 128, 64))))
    with pytest.raises(BoltcError, match="'conv_sm90' runs on sm_90a, not sm_80"):
        kernel_family(sm90_forced, "sm_80")
    call_sm80 = lower_anchor(plain, "sm_80")
    assert call_sm80.family == "conv_sm80" and call_sm80.unit.arch is Arch.SM80
    call_hopper = lower_anchor(forced, "sm_90a")
    assert call_hopper.family == "conv_sm80" and call_hopper.unit.arch is Arch.SM90A


# --------------------------------------------------------------------------------------
# Which family lowers a convolution on sm_90a without #bolt.kernel (anchors.py + heuristic).
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "shape,family",
    [
        # Fewer than 64 input channels, tall (a wave of 256x64 tiles): conv_sm80 (conv_sm90's K
        # tile is 64 channels of one tap).
        ((32, 56, 56, 32, 64), "conv_sm80"),
        # ResNet-50's 56x56x64 3x3 layer at batch 32: conv_sm90's cooperative 256x64 beat
        # conv_sm80 on the H100 (27.6 against 33.8 us, bench/profile_space.py 2026-11-26).
        ((32, 56, 56, 64, 64), "conv_sm90"),
        # Deeper layers and problems under a wave of 256x64 tiles: conv_sm90.
        ((32, 28, 28, 128, 128), "conv_sm90"),
        ((32, 7, 7, 512, 512), "conv_sm90"),
        ((2, 16, 16, 32, 32), "conv_sm90"),
    ],
)
def test_heuristic_family_on_sm90a(shape, family):
    from boltc.lowering.anchors import lower_anchor

    n, h, w, c, f = shape
    op = parse_conv(conv_text(n, h, w, c, f, 3, 3, padding=(1, 1, 1, 1), epilogue="bias_relu"))
    call = lower_anchor(op, "sm_90a")
    assert call.family == family
    assert call.entry.startswith(f"boltc_{family}_")


def test_sm80_on_hopper_falls_back_to_sm90_where_sm80_refuses(monkeypatch):
    from boltc.lowering import anchors
    from boltc.lowering.cutlass import conv_sm80
    from boltc.lowering.cutlass.cpp import UnsupportedEpilogue

    op = parse_conv(conv_text(32, 56, 56, 32, 64, 3, 3, padding=(1, 1, 1, 1)))  # C < 64: conv_sm80's
    assert anchors.lower_anchor(op, "sm_90a").family == "conv_sm80"

    def refuse(op, *, arch="sm_80"):
        raise UnsupportedEpilogue("an epilogue conv_sm80 lacks")

    monkeypatch.setattr(conv_sm80, "lower_conv2d", refuse)
    assert anchors.lower_anchor(op, "sm_90a").family == "conv_sm90"


@pytest.mark.parametrize("c, fixed", [(2, True), (3, True), (4, True), (8, True), (6, False), (16, False), (13, False)])
def test_one_access_wide_channels_take_the_fixed_channels_iterators(c, fixed):
    """C (after the workspace padding) as wide as one access: kFixedChannels, which packs the
    filter positions densely into K (the stem of an ImageNet CNN); wider C: kOptimized."""
    lowering = lower(conv_text(2, 16, 16, c, 32, 7, 7, stride=(2, 2), padding=(3, 3, 3, 3)), arch="sm_90a")
    config = lowering.kernel.config
    assert config.fixed_channels is fixed
    rendered = lowering.kernel.render()
    assert ("IteratorAlgorithm::kFixedChannels" in rendered) is fixed
    assert ("fixed-channels iterators" in config.summary()) is fixed
    if fixed:
        assert config.tile.k % config.alignment_c == 0
