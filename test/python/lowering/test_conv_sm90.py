"""bolt.conv2d -> sm_90a translation unit: the TU's text for representative layers (1x1, 3x3
stride 1 and 2 padded, 7x7 stride 2 pad 3; bias+ReLU and residual epilogues), validation before
nvcc, the C entry point and what one op passes to it, host integration; and the heuristic."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boltc.lowering.cutlass.conv_sm90 import (
    AUX_LOAD_HEADER,
    COOPERATIVE_HEADER,
    PAD_CHANNELS_HEADER,
    ConvDim,
    ConvSm90Config,
    ConvSm90Kernel,
    lower_conv2d,
)
from boltc.lowering.cutlass.cpp import KERNEL_ADAPTER_HEADER, Element, InvalidKernelConfig, Shape3
from boltc.lowering.cutlass.evt import Role, build_epilogue
from boltc.lowering.cutlass.gemm_sm90 import Operand, OperandKind, ParamRole
from boltc.tuning.heuristic import choose_conv_sm90
from test_gemm_sm90 import assert_split

from conv_text import conv_kernel_attr, conv_text, parse_conv
from kernel_headers import header_text, included_headers


def lower(text: str):
    return lower_conv2d(parse_conv(text))


def args_by_name(lowering) -> dict[str, object]:
    return {p.name: a for p, a in lowering.call()}


# --------------------------------------------------------------------------------------
# The translation unit for representative layers.
# --------------------------------------------------------------------------------------

LAYERS = {
    # name: (n, h, w, c, f, r, s, stride, padding)
    "1x1": (2, 14, 14, 256, 64, 1, 1, (1, 1), (0, 0, 0, 0)),
    "3x3_s1_pad1": (8, 56, 56, 64, 64, 3, 3, (1, 1), (1, 1, 1, 1)),
    "3x3_s2_pad1": (8, 56, 56, 64, 128, 3, 3, (2, 2), (1, 1, 1, 1)),
    "7x7_s2_pad3": (8, 224, 224, 8, 64, 7, 7, (2, 2), (3, 3, 3, 3)),
}


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_bias_relu_tu_instantiates_the_conv_builders(layer):
    n, h, w, c, f, r, s, stride, padding = LAYERS[layer]
    lowering = lower(conv_text(n, h, w, c, f, r, s, stride=stride, padding=padding, epilogue="bias_relu"))
    cpp = lowering.kernel.render()
    name = lowering.kernel.name
    assert re.fullmatch(r"boltc_conv_sm90_[0-9a-f]{16}", name)
    tile = lowering.kernel.config.tile
    if lowering.kernel.config.cooperative:  # the heuristic's choice where its tiles use the SMs well
        schedule_pieces = [
            '#include "boltc/conv_sm90_cooperative_kernel.hpp"',
            "using KernelSchedule = boltc::conv_sm90::KernelImplicitTmaWarpSpecializedCooperative;",
            "using EpilogueSchedule = cutlass::epilogue::TmaWarpSpecializedCooperative;",
            "boltc::conv_sm90::ConvUniversalCooperative<ProblemShape, CollectiveMainloop, CollectiveEpilogue>;",
            "using CollectiveMainloop = typename boltc::conv_sm90::CooperativeConvMainloop<",
            "using Conv = boltc::KernelAdapter<ConvKernel, load_kernel, true>;",  # it waits on the previous grid: PDL
            "#define CUTLASS_ENABLE_GDC_FOR_SM90 1",
        ]
    else:
        schedule_pieces = [
            "using KernelSchedule = cutlass::conv::KernelImplicitTmaWarpSpecializedSm90;",
            "using EpilogueSchedule = cutlass::epilogue::TmaWarpSpecialized;",
            "cutlass::conv::kernel::ConvUniversal<ProblemShape, CollectiveMainloop, CollectiveEpilogue>;",
            "cutlass::conv::collective::CollectiveBuilder<\n    cutlass::arch::Sm90,\n    cutlass::arch::OpClassTensorOp,\n"
            "    cutlass::conv::Operator::kFprop,",
            # CUTLASS's kernel has no grid-dependency calls: the device entry waits first.
            "using Conv = boltc::KernelAdapter<ConvKernel, load_kernel, true>;",
            "#define CUTLASS_ENABLE_GDC_FOR_SM90 1",
        ]
        device = lowering.kernel.render_device()
        entry = device[device.index('extern "C" __global__'):]
        assert entry.index("cutlass::arch::wait_on_dependent_grids();") < entry.index("op(params, smem);")
    for piece in schedule_pieces + [
        "using LayoutA = cutlass::layout::TensorNHWC;",
        "using LayoutB = cutlass::layout::TensorNHWC;",
        "using LayoutD = cutlass::layout::TensorNHWC;",
        "constexpr int AlignmentA = 8;",
        "constexpr int AlignmentD = 8;",
        f"using TileShape = cute::Shape<cute::_{tile.m}, cute::_{tile.n}, cute::Shape<cute::_{tile.k}>>;",
        "cutlass::conv::collective::StageCountAutoCarveout<",
        "cutlass::epilogue::collective::CollectiveBuilder<\n    cutlass::arch::Sm90,",
        "    EpilogueSchedule,\n    Fusion>::CollectiveOp;",
        "using ProblemShape = cutlass::conv::ConvProblemShape<\n    cutlass::conv::Operator::kFprop,",
        "Sm90RowBroadcast<",  # the per-filter bias: one value per output column
        "cutlass::epilogue::thread::ReLu",
        "cutlass::conv::Mode::kCrossCorrelation",
        "{pad_top, pad_left},",
        "{pad_bottom, pad_right},",
        "{static_cast<cutlass::half_t const*>(x0), cutlass::half_t(0), {cute::_0{}, cute::_1{}, int64_t(0)}}",
        f"BOLTC_EXPORT int {name}(int n, int h, int w, int c, int f, int r, int s, int p, int q, int pad_top,",
        f"BOLTC_EXPORT size_t {name}_workspace_size(",
        f"BOLTC_EXPORT int {name}_can_implement(",
        "if (!output_matches(arguments.problem_shape, p, q)) {",
        "status = conv.initialize(arguments, workspace, stream);",
        "return static_cast<int>(conv.run(stream));",
    ]:
        assert piece in cpp, piece
    assert cpp.index("namespace {") < cpp.index("using Conv =") < cpp.index("}  // namespace")
    assert "@KERNEL_NAME@" not in cpp and "pad_channels" not in cpp and "ConvAuxLoad" not in cpp
    assert included_headers(cpp)[-1:] == [KERNEL_ADAPTER_HEADER]  # after the cooperative kernel's, if any
    assert_split(lowering.kernel, "ConvKernel")
    args = args_by_name(lowering)
    p, q = ((h + padding[0] + padding[2] - r) // stride[0] + 1, (w + padding[1] + padding[3] - s) // stride[1] + 1)
    assert (args["n"], args["h"], args["w"], args["c"], args["f"], args["r"], args["s"]) == (n, h, w, c, f, r, s)
    assert (args["p"], args["q"]) == (p, q)
    assert (args["pad_top"], args["pad_left"], args["pad_bottom"], args["pad_right"]) == padding
    assert (args["stride_h"], args["stride_w"], args["dilation_h"], args["dilation_w"]) == (*stride, 1, 1)


def test_residual_is_an_aux_load_with_rows_f_apart():
    lowering = lower(conv_text(2, 28, 28, 64, 128, 3, 3, padding=(1, 1, 1, 1), epilogue="bias_residual_relu"))
    cpp = lowering.kernel.render()
    assert "using Leaf1Base = cutlass::epilogue::fusion::Sm90AuxLoad<" in cpp
    assert "using Leaf1 = boltc::conv_sm90::ConvAuxLoad<Leaf1Base>;" in cpp  # the static-batch workaround
    assert included_headers(cpp)[-2:] == [AUX_LOAD_HEADER, KERNEL_ADAPTER_HEADER]
    assert included_headers(lowering.kernel.render_device())[-1:] == [AUX_LOAD_HEADER]
    assert "struct ConvAuxLoad : AuxLoad {" in header_text(AUX_LOAD_HEADER)
    assert "{static_cast<cutlass::half_t const*>(x1), cutlass::half_t(0), {x1_ld, cute::_1{}, int64_t(0)}}" in cpp
    args = args_by_name(lowering)
    assert args["x0"] == Operand(OperandKind.EXTRA, 0) and args["x1"] == Operand(OperandKind.EXTRA, 1)
    assert args["x1_ld"] == 128  # the residual's rows are the output's: F elements apart
    assert "x0_ld" not in args and not any(name.endswith("batch_stride") for name in args)


def test_plain_store_f32_output():
    lowering = lower(conv_text(2, 8, 8, 16, 16, 3, 3, padding=(1, 1, 1, 1), epilogue="plain", out="f32"))
    cpp = lowering.kernel.render()
    assert "using ElementD = float;" in cpp and "constexpr int AlignmentD = 4;" in cpp
    assert "cutlass::epilogue::thread::Identity" in cpp
    assert [p.name for p in lowering.kernel.entry_point.params][17:] == [
        "input", "filter", "output", "ldd", "workspace", "workspace_size", "stream",
    ]


def test_entry_point_parameters_and_this_ops_arguments():
    lowering = lower(conv_text(4, 32, 32, 32, 64, 3, 3, stride=(2, 2), padding=(1, 0, 2, 1), dilation=(1, 2)))
    entry = lowering.kernel.entry_point
    launch, workspace, can = entry.prototypes()
    assert launch.startswith(f"int {entry.name}(int n, int h, int w, int c, int f, int r, int s, int p, int q, ")
    assert launch.endswith(
        "const void* input, const void* filter, void* output, int64_t ldd, const void* x0, "
        "void* workspace, size_t workspace_size, cudaStream_t stream)"
    )
    assert workspace.endswith("const void* input, const void* filter, void* output, int64_t ldd, const void* x0)")
    assert [p.role for p in entry.params[:17]] == list(ConvDim)
    args = args_by_name(lowering)
    assert (args["p"], args["q"]) == (17, 15)  # (32+1+2-3)//2+1, (32+0+1-2*2-1)//2+1
    assert (args["pad_top"], args["pad_left"], args["pad_bottom"], args["pad_right"]) == (1, 0, 2, 1)
    assert (args["dilation_h"], args["dilation_w"]) == (1, 2)
    assert args["input"] == Operand(OperandKind.LHS) and args["filter"] == Operand(OperandKind.RHS)
    assert args["ldd"] == 64  # a packed output: pixels F apart
    assert args["output"] == Operand(OperandKind.RESULT)
    assert args["workspace"] is ParamRole.WORKSPACE and args["stream"] is ParamRole.STREAM


def test_one_tu_per_configuration_not_per_layer():
    # Layers of different sizes with the same configuration and epilogue share one TU.
    kernel = conv_kernel_attr((128, 64, 64), stages=4)
    a = lower(conv_text(8, 56, 56, 64, 64, 3, 3, padding=(1, 1, 1, 1), kernel=kernel))
    b = lower(conv_text(2, 17, 9, 128, 64, 1, 1, stride=(2, 2), kernel=kernel))
    assert a.kernel.name == b.kernel.name and a.kernel.render() == b.kernel.render()
    assert args_by_name(a) != args_by_name(b)
    # A different epilogue structure or element type is another TU.
    c = lower(conv_text(8, 56, 56, 64, 64, 3, 3, padding=(1, 1, 1, 1), kernel=kernel, epilogue="plain"))
    d = lower(conv_text(8, 56, 56, 64, 64, 3, 3, padding=(1, 1, 1, 1), kernel=kernel, out="f32"))
    assert len({a.kernel.name, c.kernel.name, d.kernel.name}) == 3


def test_kernel_attr_sets_tile_cluster_and_stages():
    lowering = lower(conv_text(8, 28, 28, 128, 128, 3, 3, padding=(1, 1, 1, 1),
                               kernel=conv_kernel_attr((128, 128, 64), (2, 1, 1), 3)))
    cpp = lowering.kernel.render()
    assert "using TileShape = cute::Shape<cute::_128, cute::_128, cute::Shape<cute::_64>>;" in cpp
    assert "using ClusterShape = cute::Shape<cute::_2, cute::_1, cute::_1>;" in cpp
    assert "cutlass::conv::collective::StageCount<3>," in cpp
    assert lowering.reason == "#bolt.kernel"


def test_bf16():
    lowering = lower(conv_text(2, 8, 8, 16, 16, 3, 3, padding=(1, 1, 1, 1), dtype="bf16", out="bf16"))
    assert "using ElementA = cutlass::bfloat16_t;" in lowering.kernel.render()


# --------------------------------------------------------------------------------------
# Channels that TMA im2col cannot read as they are: padded in the workspace.
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("c", [3, 4, 12])
def test_channels_not_a_multiple_of_8_are_padded_in_the_workspace(c):
    lowering = lower(conv_text(2, 224, 224, c, 64, 7, 7, stride=(2, 2), padding=(3, 3, 3, 3)))
    config, cpp = lowering.kernel.config, lowering.kernel.render()
    assert config.pad_channels and "channels padded to 8 in the workspace" in config.summary()
    assert included_headers(cpp)[-2:] == [KERNEL_ADAPTER_HEADER, PAD_CHANNELS_HEADER]
    assert "static __global__ void pad_channels_kernel(" in header_text(PAD_CHANNELS_HEADER)
    for piece in [
        "int const c_pad = padded_channels(c);",
        "if (workspace_size < pad_bytes || (pad_bytes && workspace == nullptr)) {",
        "boltc::pad_channels(static_cast<ElementA const*>(input), activation, int64_t(n) * h * w, c, c_pad,",
        "boltc::pad_channels(static_cast<ElementB const*>(filter), weights, int64_t(f) * r * s, c, c_pad,",
        "make_arguments(n, h, w, c_pad, f, r, s,",
        "input_pad, filter_pad, output, ldd, x0);",
        "status = conv.initialize(arguments, static_cast<char*>(workspace) + pad_bytes, stream);",
        # The host sizes the workspace from this, with the problem's own C:
        "return padded_activation_bytes(n, h, w, c) + padded_filter_bytes(f, r, s, c) + "
        "Conv::get_workspace_size(make_arguments(n, h, w, padded_channels(c),",
    ]:
        assert piece in cpp, piece
    assert args_by_name(lowering)["c"] == c  # the op's C; the TU pads it
    assert_split(lowering.kernel, "ConvKernel")  # the padding kernel keeps nvcc's device pass


def test_aligned_channels_need_no_padding_variant():
    assert not lower(conv_text(2, 8, 8, 8, 16, 3, 3)).kernel.config.pad_channels


# --------------------------------------------------------------------------------------
# Validation before nvcc.
# --------------------------------------------------------------------------------------

GOOD = dict(element_ab=Element.F16, element_d=Element.F16, tile=Shape3(128, 128, 64), cluster=Shape3(1, 1, 1))


def test_a_good_config_passes():
    config = ConvSm90Config(**GOOD)
    assert config.alignment_ab == 8 and config.alignment_d == 8
    assert config.epilogue_tile() == (64, 32)


@pytest.mark.parametrize("overrides, message", [
    (dict(element_ab=Element.F32), "inputs must be f16 or bf16"),
    (dict(tile=Shape3(256, 64, 64)), "tile M must be 64 or 128"),
    (dict(tile=Shape3(128, 256, 64)), "128x256 fp32 accumulator tile is 256 registers a thread"),
    (dict(tile=Shape3(128, 24, 64)), "tile N must be a multiple of 16"),
    (dict(tile=Shape3(128, 128, 24)), "tile K must be a multiple of 16"),
    (dict(cluster=Shape3(3, 1, 1)), "cluster must be M x N x 1"),
    (dict(cluster=Shape3(1, 1, 2)), "cluster must be M x N x 1"),
    (dict(stages=1), "at least 2 stages"),
    (dict(stages=8, tile=Shape3(128, 128, 128)), "8 stages of 65568 bytes exceed"),
])
def test_bad_configs_are_refused_before_nvcc(overrides, message):
    with pytest.raises(InvalidKernelConfig, match=message):
        ConvSm90Config(**{**GOOD, **overrides})


def test_stages_are_checked_against_the_epilogue_too():
    op = parse_conv(conv_text(2, 8, 8, 64, 128, 3, 3, epilogue="bias_residual_relu"))
    tree, _ = build_epilogue(op, (Role.M, Role.M, Role.M, Role.N), Element.F16)
    config = ConvSm90Config(**{**GOOD, "tile": Shape3(128, 128, 144), "stages": 3})  # 3 x 73760 fits alone
    with pytest.raises(InvalidKernelConfig, match="3 stages of 73760 bytes and an epilogue of about"):
        ConvSm90Kernel(config, tree)


def test_kernel_attr_errors_name_the_op_and_its_place():
    text = conv_text(2, 8, 8, 16, 16, 3, 3, kernel=conv_kernel_attr((256, 128, 64)))
    with pytest.raises(InvalidKernelConfig, match="'bolt.conv2d': .*tile M must be 64 or 128") as info:
        lower(text)
    assert info.value.location is not None
    with pytest.raises(InvalidKernelConfig, match="family 'gemm_sm90' is not 'conv_sm90'"):
        lower(conv_text(2, 8, 8, 16, 16, 3, 3, kernel=conv_kernel_attr((128, 128, 64), family="gemm_sm90")))
    with pytest.raises(InvalidKernelConfig,
                       match="'pingpong': conv_sm90 has the 'warpspecialized' schedule .*Persistent.* and the "
                             "'cooperative' one .*persistent cooperative kernel"):
        lower(conv_text(2, 8, 8, 16, 16, 3, 3, kernel=conv_kernel_attr((128, 128, 64), schedule="pingpong")))


def test_what_the_sm90_convolution_cannot_do_is_refused_with_the_reason():
    with pytest.raises(InvalidKernelConfig, match="groups=2: .*no grouped or depthwise form"):
        lower(conv_text(2, 8, 8, 16, 16, 3, 3, groups=2))
    with pytest.raises(InvalidKernelConfig, match="reads NHWC .*this one is nchw .*layout-nhwc"):
        lower(conv_text(2, 8, 8, 16, 16, 3, 3, layout="nchw", epilogue="plain"))
    with pytest.raises(InvalidKernelConfig, match="F=12 channels.*multiple of 8: the pad-alignment pass"):
        lower(conv_text(2, 8, 8, 16, 12, 3, 3))
    with pytest.raises(InvalidKernelConfig, match="F=6 channels.*multiple of 4"):
        lower(conv_text(2, 8, 8, 16, 6, 3, 3, out="f32"))
    with pytest.raises(InvalidKernelConfig, match="height padding 200/200 is outside what TMA im2col"):
        lower(conv_text(1, 8, 8, 16, 16, 3, 3, padding=(200, 0, 200, 0)))
    with pytest.raises(InvalidKernelConfig, match="dilated filter extent 300 exceeds"):
        lower(conv_text(1, 400, 8, 16, 16, 4, 1, padding=(0, 0, 200, 0), dilation=(100, 1)))
    with pytest.raises(InvalidKernelConfig, match="kernels target sm_90a, not sm_80"):
        lower_conv2d(parse_conv(conv_text(2, 8, 8, 16, 16, 3, 3)), arch="sm_80")


# --------------------------------------------------------------------------------------
# Host integration: bolt.conv2d through anchors.py into the launch sequence.
# --------------------------------------------------------------------------------------


def test_host_program_calls_the_conv_entry_point():
    from boltc.dialects.context import bolt_context
    from boltc.lowering.host import lower_to_host
    from boltc.passes.plan_memory import PlanMemoryPass
    from xdsl.parser import Parser

    module = Parser(bolt_context(), conv_text(2, 16, 16, 4, 16, 7, 7, stride=(2, 2), padding=(3, 3, 3, 3),
                                              epilogue="bias_residual_relu")).parse_module()
    PlanMemoryPass().apply(bolt_context(), module)
    program = lower_to_host(module)
    [call] = program.anchor_kernels
    assert call.family == "conv_sm90" and call.entry.startswith("boltc_conv_sm90_")
    assert [launch["kernel"] for launch in program.describe["launches"]] == ["conv_sm90"]
    src = program.source
    # input, filter and the two extras are the function's inputs 0..3, the result its output.
    assert f"kernel_status = {call.entry}(2, 16, 16, 4, 16, 7, 7, 8, 8, 3, 3, 3, 3, 2, 2, 1, 1, ctx.inputs[0], " \
           "ctx.inputs[1], ctx.outputs[0], 16, ctx.inputs[2], ctx.inputs[3], 16, ctx.workspace, " \
           "ctx.workspace_bytes, ctx.stream);" in src
    # prepare() asks for the channel-padding workspace with the problem's sizes.
    assert f"{call.entry}_workspace_size(2, 16, 16, 4, 16, 7, 7, 8, 8, 3, 3, 3, 3, 2, 2, 1, 1, nullptr, " in src
    assert f"{call.entry}_can_implement(2, 16, 16, 4," in src
    assert all(i["alignment"] == 16 for i in program.describe["inputs"])  # TMA bases


# --------------------------------------------------------------------------------------
# The heuristic.
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("h, c, f, r, stride, tile, schedule", [
    # ResNet-50's 3x3 layers and strided 1x1 downsamples at batch 32: the best conv_sm90 tile and
    # schedule of `bench/profile_space.py --only conv` on the H100 (2026-11-26, bench/RESULTS.md),
    # or one within 6 % of it (the last two rows: 128x256 ran 22.7 and 18.0 us).
    (56, 64, 64, 3, 1, (256, 64, 64), "cooperative"),
    (56, 128, 128, 3, 2, (128, 64, 64), "cooperative"),
    (28, 128, 128, 3, 1, (128, 64, 64), "cooperative"),
    (28, 256, 256, 3, 2, (128, 128, 64), "cooperative"),
    (14, 256, 256, 3, 1, (128, 128, 64), "cooperative"),
    (14, 512, 512, 3, 2, (64, 128, 64), "warpspecialized"),
    (7, 512, 512, 3, 1, (64, 128, 64), "warpspecialized"),
    (28, 512, 1024, 1, 2, (128, 128, 64), "cooperative"),
    (56, 256, 512, 1, 2, (256, 128, 64), "cooperative"),
    (14, 1024, 2048, 1, 2, (256, 128, 64), "cooperative"),
])
def test_heuristic_reproduces_the_measured_best_resnet_tiles(h, c, f, r, stride, tile, schedule):
    p = (h + 2 * (r // 2) - r) // stride + 1
    choice = choose_conv_sm90(32 * p * p, f, r * r * c)
    assert choice.tile == tile and choice.cluster == (1, 1, 1) and choice.stages is None
    assert choice.schedule == schedule and choice.family == "conv_sm90"


def test_few_channels_go_to_conv_sm80_on_hopper():
    """conv_sm90's K tile is 64 channels of one tap: below that, tall layers go to conv_sm80."""
    from boltc.tuning.heuristic import conv_family_sm90a

    assert conv_family_sm90a(32 * 112 * 112, 64, 16 * 16, 16) == "conv_sm80"  # the folded ResNet stem
    assert conv_family_sm90a(32 * 56 * 56, 64, 9 * 64, 64) == "conv_sm90"  # 56x56x64: cooperative 256x64
    assert conv_family_sm90a(2 * 8 * 8, 64, 9 * 16, 16) == "conv_sm90"  # too small to fill the GPU


def test_heuristic_small_problems_and_small_f():
    assert choose_conv_sm90(2 * 8 * 8, 16, 144).tile == (64, 32, 64)  # 2 tiles: as many as it gets
    assert choose_conv_sm90(32 * 112 * 112, 32, 147).tile == (64, 32, 64)
    big_small_f = choose_conv_sm90(32 * 112 * 112, 16, 147)
    assert big_small_f.tile[1] == 32  # never wider than F rounded up to 32
    with pytest.raises(ValueError, match="sm_90a"):
        choose_conv_sm90(128, 64, 64, arch="sm_80")
    with pytest.raises(ValueError, match="f16 or bf16"):
        choose_conv_sm90(128, 64, 64, dtype="f32")


@settings(max_examples=60, deadline=None)
@given(m=st.integers(1, 400_000), n=st.integers(1, 2048), k=st.integers(1, 8192))
def test_every_heuristic_choice_is_a_valid_config(m, n, k):
    choice = choose_conv_sm90(m, n, k)
    config = ConvSm90Config(element_ab=Element.F16, element_d=Element.F16, tile=Shape3.of(choice.tile),
                            cluster=Shape3.of(choice.cluster), stages=choice.stages, schedule=choice.schedule)
    assert config.blocker() is None, config.blocker()


# --------------------------------------------------------------------------------------
# The persistent cooperative schedule (include/boltc/conv_sm90_cooperative_kernel.hpp).
# --------------------------------------------------------------------------------------

# ResNet-50's 14x14x256 3x3 layer at batch 32.
RESNET_3X3 = dict(n=32, h=14, w=14, c=256, f=256, r=3, s=3)


def resnet_3x3(kernel: str | None = None, epilogue: str = "bias_relu", **overrides):
    d = {**RESNET_3X3, **overrides}
    return lower(conv_text(d["n"], d["h"], d["w"], d["c"], d["f"], d["r"], d["s"], padding=(1, 1, 1, 1),
                           epilogue=epilogue, kernel=kernel))


def cooperative_attr(tile=(128, 128, 64), cluster=(1, 1, 1), stages="auto") -> str:
    return conv_kernel_attr(tile, cluster, stages, schedule="cooperative")


def test_cooperative_tu_includes_the_kernel_header_and_names_its_pieces():
    lowering = resnet_3x3(cooperative_attr())
    kernel = lowering.kernel
    assert kernel.config.cooperative and kernel.config.schedule == "cooperative"
    cpp = kernel.render()
    for piece in [
        '#include "boltc/conv_sm90_cooperative_kernel.hpp"',
        "using TileShape = cute::Shape<cute::_128, cute::_128, cute::Shape<cute::_64>>;",
        "using KernelSchedule = boltc::conv_sm90::KernelImplicitTmaWarpSpecializedCooperative;",
        "using EpilogueSchedule = cutlass::epilogue::TmaWarpSpecializedCooperative;",
        "using CollectiveMainloop = typename boltc::conv_sm90::CooperativeConvMainloop<\n    ElementA,",
        "    boltc::conv_sm90::kCooperativeKernelSmemCarveout>>::CollectiveOp;",
        "static_assert(cute::size(typename CollectiveMainloop::TiledMma{}) == 256);",
        "using ConvKernel = boltc::conv_sm90::ConvUniversalCooperative<ProblemShape, CollectiveMainloop, "
        "CollectiveEpilogue>;",
        "cutlass::epilogue::collective::CollectiveBuilder<\n    cutlass::arch::Sm90,",
        "Sm90RowBroadcast<",
        "cutlass::epilogue::thread::ReLu",
        # the persistent grid: one CTA per SM of the current device
        "cudaGetDevice(&arguments.hw_info.device_id);",
        "cutlass::KernelHardwareInfo::query_device_multiprocessor_count(arguments.hw_info.device_id);",
        "using Conv = boltc::KernelAdapter<ConvKernel, load_kernel, true>;",  # boltc's kernel waits on the previous grid
        "#define CUTLASS_ENABLE_GDC_FOR_SM90 1",
        "cooperative",  # the summary in the TU's header comment
    ]:
        assert piece in cpp, piece
    assert "cutlass::conv::collective::CollectiveBuilder<" not in cpp  # the builder refuses the tag
    assert "cutlass::conv::kernel::ConvUniversal<" not in cpp
    assert "conv_sm90 fprop nhwc f16->f16, tile 128x128x64" in kernel.config.summary()
    assert kernel.config.summary().endswith(", cooperative")
    assert_split(kernel, "ConvKernel")
    assert '#include "boltc/conv_sm90_cooperative_kernel.hpp"' in kernel.render_device()
    assert kernel.config.epilogue_tile() == (128, 32)  # the cooperative EpilogueTileAuto


def test_cooperative_and_warpspecialized_are_different_tus():
    ws = resnet_3x3(conv_kernel_attr((128, 128, 64), stages="auto"))
    coop = resnet_3x3(cooperative_attr())
    assert ws.kernel.name != coop.kernel.name
    assert ws.kernel.config.summary() != coop.kernel.config.summary()
    assert "boltc/conv_sm90_cooperative_kernel.hpp" not in ws.kernel.render()
    assert "boltc::conv_sm90::" not in ws.kernel.render() and "hw_info" not in ws.kernel.render()
    # The same call: the schedule changes the kernel, not what the op passes.
    assert args_by_name(ws) == args_by_name(coop)


def test_cooperative_residual_and_256_row_tile_and_fixed_stages():
    lowering = resnet_3x3(cooperative_attr((256, 128, 64), stages=3), epilogue="bias_residual_relu")
    cpp = lowering.kernel.render()
    assert "using TileShape = cute::Shape<cute::_256, cute::_128, cute::Shape<cute::_64>>;" in cpp
    assert "    cutlass::conv::collective::StageCount<3>>::CollectiveOp;" in cpp
    assert "using Leaf1 = boltc::conv_sm90::ConvAuxLoad<Leaf1Base>;" in cpp
    assert included_headers(cpp) == [COOPERATIVE_HEADER, AUX_LOAD_HEADER, KERNEL_ADAPTER_HEADER]


def test_cooperative_channel_padding_variant():
    lowering = lower(conv_text(8, 56, 56, 4, 64, 7, 7, stride=(2, 2), padding=(3, 3, 3, 3),
                               kernel=cooperative_attr((128, 64, 64))))
    assert lowering.kernel.config.pad_channels and lowering.kernel.config.cooperative
    assert PAD_CHANNELS_HEADER in included_headers(lowering.kernel.render())


COOP = dict(GOOD, schedule="cooperative")


def test_a_good_cooperative_config_passes():
    for tile in ((128, 128, 64), (128, 256, 64), (256, 128, 64), (128, 64, 64), (256, 64, 64), (128, 16, 64)):
        ConvSm90Config(**{**COOP, "tile": Shape3(*tile)})


@pytest.mark.parametrize("overrides, message", [
    (dict(tile=Shape3(64, 128, 64)), "two consumer warpgroups of 64-row WGMMAs: tile M must be 128 or 256, got 64"),
    (dict(tile=Shape3(192, 128, 64)), "tile M must be 128 or 256, got 192"),
    (dict(tile=Shape3(512, 64, 64)), "tile M must be 128 or 256, got 512"),
    (dict(tile=Shape3(256, 256, 64)), "256x256 fp32 accumulator tile is 256 registers a thread over the two"),
    (dict(tile=Shape3(128, 24, 64)), "tile N must be a multiple of 16"),
    (dict(tile=Shape3(128, 128, 24)), "tile K must be a multiple of 16"),
    (dict(cluster=Shape3(3, 1, 1)), "cluster must be M x N x 1"),
    (dict(stages=1), "at least 2 stages"),
    (dict(stages=8, tile=Shape3(128, 128, 128)), "8 stages of 65568 bytes exceed"),
    (dict(element_ab=Element.F32), "inputs must be f16 or bf16"),
    (dict(schedule="pingpong"), "schedule 'pingpong': conv_sm90 has 'warpspecialized' and 'cooperative'"),
])
def test_bad_cooperative_configs_are_refused_before_nvcc(overrides, message):
    with pytest.raises(InvalidKernelConfig, match=message):
        ConvSm90Config(**{**COOP, **overrides})


def test_cooperative_stages_are_checked_against_the_epilogue_too():
    """The cooperative kernel holds the stages and the epilogue side by side (plus its barriers:
    conv_sm90.COOPERATIVE_KERNEL_SMEM)."""
    op = parse_conv(conv_text(2, 8, 8, 64, 128, 3, 3, epilogue="bias_residual_relu"))
    tree, _ = build_epilogue(op, (Role.M, Role.M, Role.M, Role.N), Element.F16)
    ConvSm90Kernel(ConvSm90Config(**{**COOP, "stages": 5}), tree)  # 5 x 32800 + the epilogue fit
    with pytest.raises(InvalidKernelConfig, match="6 stages of 32800 bytes and an epilogue of about"):
        ConvSm90Kernel(ConvSm90Config(**{**COOP, "stages": 6}), tree)
    with pytest.raises(InvalidKernelConfig, match="3 stages of 73760 bytes and an epilogue of about"):
        ConvSm90Kernel(ConvSm90Config(**{**COOP, "tile": Shape3(128, 128, 144), "stages": 3}), tree)


def test_cooperative_attr_errors_name_the_op():
    with pytest.raises(InvalidKernelConfig, match="'bolt.conv2d': .*tile M must be 128 or 256, got 64") as info:
        resnet_3x3(cooperative_attr((64, 128, 64)))
    assert info.value.location is not None


def test_the_heuristic_and_the_space_offer_both_schedules():
    """The heuristic takes the cooperative schedule where its tiles keep the SMs busy (28x28x128:
    392 tiles of 128x64) and the warpspecialized one where they would not (7x7x512); the select-
    kernels heuristic and the lowering without #bolt.kernel agree; the tuning space has both."""
    from boltc.tuning.select import heuristic
    from boltc.tuning.space import Family, candidates

    for h, c, f, schedule in ((28, 128, 128, "cooperative"), (7, 512, 512, "warpspecialized")):
        op = parse_conv(conv_text(32, h, h, c, f, 3, 3, padding=(1, 1, 1, 1)))
        assert heuristic(op, "sm_90a").kernel.schedule.data == schedule
        assert lower_conv2d(op).kernel.config.schedule == schedule
        conv_candidates = [x for x in candidates(op, "sm_90a") if x.family is Family.CONV_SM90]
        assert {x.schedule for x in conv_candidates} == {"warpspecialized", "cooperative"}
