"""bolt.b2b of two convolutions -> one CUTLASS 2.x translation unit: CUTLASS example 13's
`B2bImplicitGemmConvolution` (examples/13_two_tensor_op_fusion: device/b2b_implicit_gemm_convolution.h,
kernel/default_b2b_conv2d_fprop_sm80.h and its smem-accumulator sibling), two implicit-GEMM
mainloops in one kernel, the first convolution's output tile kept on chip:

    y = epilogue1(conv1x1(epilogue0(conv(x, f0)), f1))      NHWC activations, KRSC filters

The second convolution is 1x1, stride 1, unpadded (fuse-b2b's pair rule), so its implicit GEMM
reads the first's output pixels in place: M = N*P*Q for both, K1 = N0 = F0 (the first's output
channels), N1 = F1. The template is B2bGemm's with convolution iterators (kOptimized here:
any stride, padding and dilation, filters up to 32x32), so everything b2b_sm80.py says of tiles,
residence and epilogues holds: the configuration *is* b2b_sm80's `B2bSm80Config` (one rule set,
checked before nvcc), and what example 13 can express at all is `analysis.b2b_sm80`, which
fuse-b2b consults before it forms the b2b. Epilogues: the first `acc + bias0` or
`act(acc + bias0)` (a per-channel bias, always read), optionally with R0 (an NHWC tensor of the
first convolution's output shape, N*P*Q rows of F0) added before act, in the mainloop as
b2b_sm80.py's GEMM adds it; the second `acc`, `act(acc)`,
`acc + bias1` or `act(acc + bias1)` (bias1 as C with all NHWC strides 0), or with a residual
R (an NHWC tensor of the output's shape) `act(acc [+ bias1] + R)` (R as C, bias1 the broadcast
vector of include/boltc/b2b_sm80_residual.hpp's epilogue, as b2b_sm80.py's GEMM), `act` any of
`SM80_ACTIVATIONS`, applied as b2b_sm80.py says (boltc::B2bSm80OutputOp in the conv
templates' first stage too: EpilogueSmemAccumulator and the register fragment iterator call it
alike).

Padding: CUTLASS 2.x takes the low side (pad_top, pad_left) and the output extent P x Q; the
high side is what P and Q imply, as in conv_sm80.

Entry point: the first convolution's sizes (n, h, w, c, f0, r, s, p, q, pad_top, pad_left,
stride_h, stride_w, dilation_h, dilation_w), f1, then input, filter0, bias0, filter1, bias1
(the output's pointer, unread, without one), output, residual (the same), residual0 (the same),
workspace, workspace_size, stream.

Verified on an H100 (2026-11-26, test/gpu/test_b2b_sm80.py, built for sm_80): 1x1 -> 1x1 and
3x3 -> 1x1 chains match torch; 0.91-1.25x the unfused pair (bench/RESULTS.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from boltc.dialects import bolt
from boltc.lowering.cutlass.b2b_sm80 import (
    MIN_STAGES,
    RESULT,
    B2bLowering,
    B2bSm80Config,
    B2bSm80Kernel,
    activation_of,
    anchors_of,
    b2b_operand,
    bias_operand,
    residual_operand,
    template_stages,
    tiles_for,
)
from boltc.lowering.cutlass.cpp import (
    EXPORT_MACRO,
    Element,
    GmemLayout,
    InvalidKernelConfig,
    UnsupportedEpilogue,
    instantiate,
    lower_at,
)
from boltc.lowering.cutlass.kernel_abi import CParam, EntryPoint, ParamRole

FAMILY = "b2b_conv_sm80"

# The first convolution's sizes, in the entry point's order (ConvDim's names, without the high
# paddings CUTLASS 2.x does not take).
GEOMETRY = ("n", "h", "w", "c", "f0", "r", "s", "p", "q", "pad_top", "pad_left", "stride_h", "stride_w",
            "dilation_h", "dilation_w", "f1")


@dataclass(frozen=True)
class B2bConvSm80Config(B2bSm80Config):
    """b2b_sm80's configuration (the same tiles, warps, stages and epilogue flags, checked by the
    same `blocker`); the weights are KRSC filters, read as B2bGemm's column-major B."""

    def summary(self) -> str:
        return super().summary().replace("b2b_gemm_sm80", FAMILY, 1)


_INCLUDES = """\
#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

#include "cutlass/cutlass.h"
#include "cutlass/numeric_types.h"
#include "cutlass/conv/conv2d_problem_size.h"
#include "cutlass/epilogue/thread/linear_combination.h"
#include "cutlass/epilogue/thread/linear_combination_relu.h"
#include "cutlass/gemm/threadblock/threadblock_swizzle.h"
// CUTLASS example 13 (its directory is on the include path: build.cutlass_include_dirs).
#include "device/b2b_implicit_gemm_convolution.h"
""" + "\n" + EXPORT_MACRO


def _params() -> tuple[CParam, ...]:
    """conv_pair_params' with the second stage's residual after the output (an NHWC tensor of
    the output's shape; the output's pointer, unread, without one)."""
    params = list(conv_pair_params(GEOMETRY))
    after_output = [p.name for p in params].index("output") + 1
    params.insert(after_output, CParam("residual", "const void*", ParamRole.LEAF, 2))
    params.insert(after_output + 1, CParam("residual0", "const void*", ParamRole.LEAF, 3))
    return tuple(params)


def conv_pair_blocker(first: bolt.AnchorOp, second: bolt.AnchorOp) -> str | None:
    """Why the Hopper-side convolution b2b kernels (b2b_conv_direct, b2b_conv_window,
    b2b_conv_sm90) cannot take the pair, as far as all of them go: two convolutions, NHWC, one
    group each; None where they can."""
    if not (isinstance(first, bolt.Conv2dOp) and isinstance(second, bolt.Conv2dOp)):
        return f"it pairs two convolutions, not {first.name} and {second.name}"
    for which, conv in (("first", first), ("second", second)):
        if conv.layout.data != bolt.Layout.NHWC:
            return f"the {which} convolution is {conv.layout.data.value}; the kernel reads NHWC activations, KRSC filters"
        if conv.groups.value.data != 1:
            return f"the {which} convolution is grouped; the kernel has no groups"
    return None


def pointwise_second_blocker(second: bolt.Conv2dOp) -> str | None:
    """Why `second` is not the 1x1, stride-1, unpadded convolution those kernels read the first's
    output pixels in place for; None where it is."""
    d1 = second.dims()
    window = (d1["R"], d1["S"]), tuple(bolt.int_list(second.strides)), tuple(bolt.int_list(second.padding))
    if window != ((1, 1), (1, 1), (0, 0, 0, 0)):
        return "the second convolution must be 1x1, stride 1, unpadded (it reads the first's pixels in place)"
    return None


def conv_pair_params(geometry: tuple[str, ...]) -> tuple[CParam, ...]:
    """A b2b convolution TU's parameters (this family's and b2b_conv_sm90's): the sizes named in
    `geometry`, then input, filter0, bias0, filter1, bias1, output and the host's three."""
    R = ParamRole
    sizes = tuple(CParam(name, "int", R.N if name in ("f0", "f1") else R.M) for name in geometry)
    return (
        *sizes,
        CParam("input", "const void*", R.A),
        CParam("filter0", "const void*", R.B),
        CParam("bias0", "const void*", R.LEAF, 0),
        CParam("filter1", "const void*", R.B),
        CParam("bias1", "const void*", R.LEAF, 1),
        CParam("output", "void*", R.D),
        CParam("workspace", "void*", R.WORKSPACE), CParam("workspace_size", "size_t", R.WORKSPACE_SIZE),
        CParam("stream", "cudaStream_t", R.STREAM),
    )


@dataclass(frozen=True)
class B2bConvSm80Kernel(B2bSm80Kernel):
    """b2b_sm80's TU with NHWC/KRSC layouts and example 13's B2bImplicitGemmConvolution."""

    FAMILY: ClassVar[str] = FAMILY
    ADAPTER: ClassVar[str] = "B2bConv"
    KERNEL: ClassVar[str] = "B2bImplicitGemmKernel"
    INCLUDES: ClassVar[str] = _INCLUDES
    WHAT_A1: ClassVar[str] = "The first convolution's output tile"
    WHERE_BIAS1: ClassVar[str] = "C with every NHWC stride 0"
    WIDTHS: ClassVar[tuple[str, str]] = ("F0", "F1")

    config: B2bConvSm80Config

    @staticmethod
    def params() -> tuple[CParam, ...]:
        return _params()

    def _layout_lines(self) -> list[str]:
        return [
            "using LayoutA = cutlass::layout::TensorNHWC;",
            "using LayoutB = cutlass::layout::TensorNHWC;  // KRSC filters",
            "using LayoutD = cutlass::layout::TensorNHWC;",
        ]

    def _template_lines(self) -> list[str]:
        return [
            "using B2bConvKernel = typename "
            + instantiate(
                "cutlass::conv::kernel::DefaultB2bConv2dFprop",
                "ElementA", "LayoutA", "ElementB", "LayoutB", "ElementD", "LayoutD", "ElementAccumulator",
                "cutlass::arch::OpClassTensorOp", "cutlass::arch::Sm80",
                "ThreadblockShape0", "ThreadblockShape1", "WarpShape0", "WarpShape1", "InstructionShape",
                "EpilogueOutputOp0", "EpilogueOutputOp1",
                "cutlass::gemm::threadblock::GemmIdentityThreadblockSwizzle<1>",
                "Stages", "cutlass::arch::OpMultiplyAdd", "cutlass::conv::IteratorAlgorithm::kOptimized",
                "SmemAccumulator",
            ) + "::Kernel;",
            "using B2bConv = cutlass::conv::device::B2bImplicitGemmConvolution<B2bConvKernel>;",
        ]

    def _render_arguments(self, entry: EntryPoint) -> str:
        problem = ", ".join(p.declaration() for p in entry.problem_params)
        c1, epilogue1 = self._second_stage_arguments(
            "{boltc::device_pointer<ElementD>(residual), LayoutD::packed("
            "cutlass::conv::implicit_gemm_tensor_c_extent(fprop, problem1))},  // C1: the residual (beta 1)",
            "{boltc::device_pointer<ElementD>(bias1), LayoutD::Stride(0)},  // C1: bias1 broadcast over N, P, Q (or unread)",
            "f1")
        # R0 is the first convolution's output shape, packed NHWC: N*P*Q rows of F0.
        epilogue0 = self._first_stage_arguments("f0", "n * p * q")
        return f"""\
typename B2bConv::Arguments make_arguments({problem}) {{
  using Kernel = typename B2bConv::B2bImplicitGemmKernel;
  using ScaleBiasRef = typename Kernel::TensorRefScaleBias0;
  constexpr auto fprop = cutlass::conv::Operator::kFprop;
  // CUTLASS 2.x pads the low side (pad_top, pad_left); the high side is what P and Q imply.
  cutlass::conv::Conv2dProblemSize const problem0(
      n, h, w, c, f0, r, s, p, q, pad_top, pad_left, stride_h, stride_w, dilation_h, dilation_w,
      cutlass::conv::Mode::kCrossCorrelation, /*split_k_slices=*/1, /*groups=*/1);
  // The 1x1, stride-1, unpadded second convolution over the first's output.
  cutlass::conv::Conv2dProblemSize const problem1(
      n, p, q, f0, f1, 1, 1, p, q, 0, 0, 1, 1, 1, 1,
      cutlass::conv::Mode::kCrossCorrelation, /*split_k_slices=*/1, /*groups=*/1);
  return typename B2bConv::Arguments(
      problem0, problem1,
      {{boltc::device_pointer<ElementA>(input), LayoutA::packed(cutlass::conv::implicit_gemm_tensor_a_extent(fprop, problem0))}},
      {{boltc::device_pointer<ElementB>(filter0), LayoutB::packed(cutlass::conv::implicit_gemm_tensor_b_extent(fprop, problem0))}},
      typename Kernel::TensorRefC(),  // C0: unread (OnlyAlphaScaling)
      ScaleBiasRef(nullptr, 0),  // no per-channel scale (OnlyAlphaScaling)
      ScaleBiasRef(boltc::device_pointer<ElementBias0>(bias0), 0),
      {{boltc::device_pointer<ElementB>(filter1), LayoutB::packed(cutlass::conv::implicit_gemm_tensor_b_extent(fprop, problem1))}},
{c1}
      {{boltc::device_pointer<ElementD>(output), LayoutD::packed(cutlass::conv::implicit_gemm_tensor_c_extent(fprop, problem1))}},
{epilogue0},
{epilogue1},
      cutlass::conv::SplitKMode::kSerial);
}}

}}  // namespace
"""


# --------------------------------------------------------------------------------------
# bolt.b2b -> kernel + the arguments it passes.
# --------------------------------------------------------------------------------------


def lower_b2b_conv(op: bolt.B2bOp, *, arch: str = "sm_80") -> B2bLowering:
    return lower_at(op, _lower_b2b_conv, arch, (InvalidKernelConfig, UnsupportedEpilogue))


def _lower_b2b_conv(op: bolt.B2bOp, arch: str) -> B2bLowering:
    if arch not in ("sm_80", "sm_90a"):
        raise InvalidKernelConfig(f"{FAMILY} kernels run on sm_80 and sm_90a, not {arch}")
    first, second = anchors_of(op)
    if not (isinstance(first, bolt.Conv2dOp) and isinstance(second, bolt.Conv2dOp)):
        raise InvalidKernelConfig(f"{FAMILY} lowers two convolutions; this b2b holds {first.name} and {second.name}")
    if op.kernel is not None:
        raise InvalidKernelConfig(f"{FAMILY} takes no #bolt.kernel yet: its tiles follow from F0 and F1")
    stages = template_stages(first, second, FAMILY)
    epilogue0, epilogue1 = stages.first, stages.second
    assert epilogue0.bias is not None  # b2b_sm80_refusal requires it

    d0, d1 = first.dims(), second.dims()
    n0, n1 = d0["F"], d1["F"]
    element = Element.from_mlir(first.input.type.get_element_type())  # type: ignore[attr-defined]
    element_d = Element.from_mlir(second.result.type.get_element_type())  # type: ignore[attr-defined]
    element_bias0 = Element.from_mlir(epilogue0.bias.type.get_element_type())  # type: ignore[attr-defined]
    residence = bolt.Residence(op.residence.data)
    tile0, tile1, warp0, warp1 = tiles_for(n0, n1, residence)
    config = B2bConvSm80Config(
        n0=n0, n1=n1, element_ab=element, element_d=element_d, element_bias0=element_bias0,
        layout_b=GmemLayout.COLUMN_MAJOR, residence=residence, tile0=tile0, tile1=tile1, warp0=warp0, warp1=warp1,
        stages=MIN_STAGES, act0=activation_of(epilogue0), act1=activation_of(epilogue1),
        bias1=epilogue1.bias is not None, residual1=epilogue1.residual is not None,
        residual0=epilogue0.residual is not None,
    )
    kernel = B2bConvSm80Kernel(config)
    (sh, sw), (dh, dw) = bolt.int_list(first.strides), bolt.int_list(first.dilations)
    pad_top, pad_left, _, _ = bolt.int_list(first.padding)  # [top, left, bottom, right]
    values = (
        d0["N"], d0["H"], d0["W"], d0["C"], n0, d0["R"], d0["S"], d0["P"], d0["Q"],
        pad_top, pad_left, sh, sw, dh, dw, n1,
        b2b_operand(first.input), b2b_operand(first.filter), b2b_operand(epilogue0.bias),
        b2b_operand(second.filter),
        # Without a bias1, C1 is never read (OnlyAlphaScaling): the output's pointer stands in.
        bias_operand(epilogue1.bias),
        RESULT,
        residual_operand(epilogue1.residual),  # unread without one (C1 is then bias1)
        residual_operand(epilogue0.residual),  # unread without one
        ParamRole.WORKSPACE, ParamRole.WORKSPACE_SIZE, ParamRole.STREAM,
    )
    return B2bLowering(kernel, values, reason="example 13 tiles: 64-row CTA tiles, N = F0 / F1")
