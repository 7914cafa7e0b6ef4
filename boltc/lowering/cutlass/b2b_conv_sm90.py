"""bolt.b2b of two convolutions -> one Hopper kernel (sm_90a): b2b_gemm_sm90's resident kernel
with CUTLASS's implicit-GEMM convolution mainloop as its first stage.

    y = act1(conv1x1(act0(conv(x, f0) + bias0), f1) + bias1)      NHWC activations, KRSC filters

The second convolution is 1x1, stride 1, unpadded (fuse-b2b's pair rule), so over the first's
output pixels it is a GEMM: M = N*P*Q rows for both, K1 = N0 = F0 (the first's filters), N1 =
F1, and the second filter [F1, 1, 1, F0] is W1 stored [N1, N0]. The kernel is
`boltc/lowering/cutlass/include/boltc/b2b_sm90_resident.hpp`'s `B2bResident` with its
`ConvFirstStage` (`B2bConvResidentKernel`): TMA im2col loads of the activation and TMA loads of
the first filter feed wgmma in k-blocks of the (C, S, R) range (conv_sm90's collective, under
the resident kernel's persistent, ping-pong consumer warpgroups of 64 output pixels each); the
first product stays in registers (bias0, act0, rounded to the element type) as the second
wgmma's A; W1 stays in shared memory for the CTA's life; D is staged through shared memory
and stored in 16-byte rows. Everything b2b_sm90.py says of the resident kernel holds: the
configuration is its `B2bSm90Config` (variant "resident", both weights K-major), checked by the
same `blocker`.

Legality (`conv_sm90_refusal`): f16 or bf16 activation, filters, intermediate and output, one
type (a residual of either stage's output too: NHWC of that convolution's output shape, added
before its activation); biases f16, bf16 or f32; NHWC, no groups; F0 and F1 multiples of 8 (16-byte rows of the
second filter and of the output) and at most 256; TMA im2col's padding, corner and filter
limits (conv_sm90's `im2col_blocker`). C need not be a multiple of 8: as conv_sm90's
channel-padding TUs do, the entry point then first copies the activation and the first filter
into the workspace with C rounded up to 8 (zero channels add nothing to any sum).

Entry point: the first convolution's sizes (n, h, w, c, f0, r, s, p, q, pad_top, pad_left,
pad_bottom, pad_right, stride_h, stride_w, dilation_h, dilation_w), f1, then input, filter0,
bias0, filter1, bias1 (D's pointer, unread, for a missing bias), output, residual (the
second stage's: rows F1 apart), residual0 (the first stage's: rows F0 apart; D's pointer,
unread, for a missing residual), workspace, workspace_size, stream; and NAME_workspace_size /
NAME_can_implement with the same parameters up to the residuals. Returns a cutlass::Status
(4, kErrorInvalidProblem, where the caller's P x Q is not the problem's output or the kernel
refuses the problem; 6 where the workspace is short of the padded copies).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from boltc.analysis.b2b_sm80 import StageEpilogue
from boltc.dialects import bolt
from boltc.lowering.cutlass.b2b_conv_sm80 import conv_pair_blocker, conv_pair_params, pointwise_second_blocker
from boltc.lowering.cutlass.b2b_sm80 import RESULT, B2bLowering, b2b_operand, bias_operand, planned_pair
from boltc.lowering.cutlass.b2b_sm90 import (
    ARCH,
    MAX_N1,
    RESIDENT,
    RESIDENT_HEADER,
    RESIDENT_MAX_N0,
    RESIDENT_TILE_K,
    TILE_STEP,
    LAUNCH,
    B2bSm90Config,
    _round_up,
    activation_of,
    bias_element,
    element_words,
    named_residuals,
    one_element_type,
    residual_operand,
    resident_with_most_stages,
    stage_epilogues,
)
from boltc.lowering.cutlass.conv_sm90 import (
    PAD_CHANNELS_HEADER,
    ConvProblem,
    conv_problem,
    pad_channels_code,
    pad_prologue,
)
from boltc.lowering.cutlass.cpp import (
    EXPORT_MACRO,
    VECTOR_BYTES,
    Element,
    InvalidKernelConfig,
    UnsupportedEpilogue,
    lower_at,
    with_extended_gmma,
    with_headers,
)
from boltc.lowering.cutlass.kernel_abi import CParam, CutlassKernel, EntryPoint, ParamRole

FAMILY = "b2b_conv_sm90"

# The first convolution's sizes, in the entry point's order (conv_sm90's ConvDim names, F as
# f0), then the second's filters.
GEOMETRY = ("n", "h", "w", "c", "f0", "r", "s", "p", "q", "pad_top", "pad_left", "pad_bottom", "pad_right",
            "stride_h", "stride_w", "dilation_h", "dilation_w", "f1")
CHANNEL_ALIGNMENT = 8  # elements of 16 bits: TMA im2col reads 16-byte rows of C
TILE_K = RESIDENT_TILE_K  # 64, conv_sm90's K tile: a k-block may cross filter taps where C < 64
NARROW_TILE_K = 32  # 64-byte rows (the 64-byte TMA swizzle), for C <= 32


def k_block_for(channels: int) -> int:
    """The first convolution's k-block for C = `channels` (a multiple of 8): NARROW_TILE_K where
    C fits it, else TILE_K. The collective tiles the (C, S, R) range tap by tap where C < the
    block, so a 64-wide block of a C = 24 tap (the RGB stem's column fold) moved and multiplied
    40 zero channels a tap; a 32-wide one moves 8 (TMA zero-fills a box's channels past C).
    C = 48 keeps 64: a 48-wide block fails CuTe's divisibility checks on the im2col copy with
    CUTLASS's K-first shared-memory layout (nvcc, 2026-11-29), and with the atoms tiled M first
    (three 16-channel TMA boxes a k-block; aad6332) it compiled, matched torch and was slower:
    the 112x112x48 chain 30.5 us against 26-27, the 56x56x48 one 26.9 against 22-25
    (bench/RESULTS.md, 2026-12-01): the 32-byte im2col requests cost more than the zero
    channels' MMAs save."""
    return NARROW_TILE_K if channels <= NARROW_TILE_K else TILE_K


@dataclass(frozen=True)
class B2bConvSm90Config(B2bSm90Config):
    """b2b_sm90's resident configuration (tile_k0 the k-block of the first convolution's (C, S,
    R) range, block_n0 all of F0, tile_n1 all of F1; both filters K-major), plus whether the
    entry point pads C to 8 first."""

    pad_channels: bool = False

    def summary(self) -> str:
        text = super().summary().replace("b2b_gemm_sm90", FAMILY, 1)
        text = text.replace("W0 [N0,K0], W1 [N1,N0]", "filters KRSC")
        return text + (", channels padded to 8 in the workspace" if self.pad_channels else "")

    def blocker(self) -> str | None:
        if self.variant != RESIDENT or not (self.w0_k_major and self.w1_k_major):
            return f"{FAMILY} runs the resident kernel with KRSC (K-major) filters only"
        return super().blocker()

    def template_arguments(self) -> tuple[str, ...]:
        """B2bConvResidentKernel's arguments, in order (the header's declaration): B2bResidentKernel's
        without the two weight strides (a convolution's filters are KRSC)."""
        arguments = super().template_arguments()
        return arguments[:4] + arguments[6:]

    @classmethod
    def for_problem(cls, element: Element, problem: ConvProblem, n1: int, *, bias0: Element | None, act0: str,
                    bias1: Element | None, act1: str, residual: bool = False,
                    residual0: bool = False) -> B2bConvSm90Config | str:
        """The resident configuration for the first convolution `problem` feeding F1 = n1
        filters, or why there is none: k-blocks over the (C, S, R) range (`k_block_for`: 32 wide
        where C <= 32, else 64; the collective tiles the range as one), all of F0 and F1 (each
        rounded up to 16), the filter resident where it fits, the most stages (up to 16) shared
        memory holds."""
        if problem.f > RESIDENT_MAX_N0 or n1 > MAX_N1:
            return f"N0={problem.f} and N1={n1} must be at most {RESIDENT_MAX_N0} and {MAX_N1} (one wgmma N each)"
        channels = _round_up(problem.c, CHANNEL_ALIGNMENT)
        tile_k = k_block_for(channels)
        return resident_with_most_stages(
            lambda stages, k_tiles: cls(element, tile_k, _round_up(problem.f, TILE_STEP), _round_up(n1, TILE_STEP),
                                        True, True, bias0, act0, bias1, act1, stages, RESIDENT, k_tiles, residual,
                                        residual0, pad_channels=problem.c != channels),
            # W0's slots: at most ceil(C / k-block) k-blocks per filter tap (the kernel's own
            # count, the tiler's, is checked against it: fewer where blocks span taps).
            -(-channels // tile_k) * problem.r * problem.s)


def _params() -> tuple[CParam, ...]:
    """conv_pair_params' with the stages' residuals after the output: the second's (an NHWC
    tensor of the output's shape: its rows are F1 apart), then the first's (of the first
    convolution's output shape: its rows are F0 apart)."""
    params = list(conv_pair_params(GEOMETRY))
    after_output = [p.name for p in params].index("output") + 1
    params[after_output:after_output] = [CParam("residual", "const void*", ParamRole.LEAF, 2),
                                         CParam("residual0", "const void*", ParamRole.LEAF, 3)]
    return tuple(params)


_INCLUDES = f"""\
#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

#include "{RESIDENT_HEADER}"
#include "88_hopper_fmha/device/device_universal.hpp"

{EXPORT_MACRO}"""

_TYPES = """\
using Kernel = boltc::b2b_sm90_resident::B2bConvResidentKernel<
    @TEMPLATE@>;
using Element = typename Kernel::Element;
using ElementA = Element;  // the activation, NHWC
using ElementB = Element;  // the filters, KRSC
constexpr int AlignmentA = Kernel::Alignment;
constexpr bool kHasBias0 = Kernel::HasBias0;
constexpr bool kHasBias1 = Kernel::HasBias1;
constexpr bool kHasResidual = Kernel::HasResidual;
constexpr bool kHasResidual0 = Kernel::HasResidual0;
using ProblemShape = typename Kernel::ProblemShape;
"""

_ARGUMENTS = """\
ProblemShape make_problem(int n, int h, int w, int c, int f0, int r, int s, int pad_top, int pad_left,
                          int pad_bottom, int pad_right, int stride_h, int stride_w,
                          int dilation_h, int dilation_w) {
  return ProblemShape(
      cutlass::conv::Mode::kCrossCorrelation,
      {n, h, w, c},                    // activation extents, NHWC
      {f0, r, s, c},                   // filter extents, KRSC
      {pad_top, pad_left},             // lower padding (H, W)
      {pad_bottom, pad_right},         // upper padding (H, W)
      {stride_h, stride_w},
      {dilation_h, dilation_w},
      1);                              // groups
}

typename Kernel::Arguments make_arguments(@PROBLEM@, int sm_count) {
  ProblemShape const problem = make_problem(n, h, w, c, f0, r, s, pad_top, pad_left, pad_bottom,
                                            pad_right, stride_h, stride_w, dilation_h, dilation_w);
  typename Kernel::Arguments args{
      problem,
      {{static_cast<const Element*>(input), static_cast<const Element*>(filter0)},
       // The 1x1 filter [F1, 1, 1, F0] as the (N1, N0) operand: F0 contiguous.
       static_cast<const Element*>(filter1), typename Kernel::StrideW1{int64_t(f0), {}, 0},
       static_cast<const typename Kernel::ElementBias0*>(bias0), f1},
      {static_cast<Element*>(output), int64_t(f1), static_cast<const typename Kernel::ElementBias1*>(bias1), f1,
       static_cast<const Element*>(residual), int64_t(f1), static_cast<const Element*>(residual0), int64_t(f0)},
      cutlass::KernelHardwareInfo{}};
  args.hw_info.sm_count = sm_count;
  return args;
}

// The caller's P and Q against the problem's output extents (shape_C is N, P, Q, F), and D's
// rows (F1) and the second filter's (F0) in 16-byte vectors.
bool problem_fits(@PROBLEM@) {
  ProblemShape const problem = make_problem(n, h, w, c, f0, r, s, pad_top, pad_left, pad_bottom,
                                            pad_right, stride_h, stride_w, dilation_h, dilation_w);
  return problem.shape_C[1] == p && problem.shape_C[2] == q && f0 % Kernel::Alignment == 0
      && f1 % Kernel::Alignment == 0;
}
"""

_ENTRY_POINTS = """\
}  // namespace

BOLTC_EXPORT size_t @NAME@_workspace_size(@PROBLEM@) {
  return @PAD_BYTES@;
}

// 0 (cutlass::Status::kSuccess) where the kernel takes the problem.
BOLTC_EXPORT int @NAME@_can_implement(@PROBLEM@) {
  if (!problem_fits(@FORWARD@)) {
    return static_cast<int>(cutlass::Status::kErrorInvalidProblem);
  }
  return static_cast<int>(Kernel::can_implement(make_arguments(@CHECKED@, 0))
                          ? cutlass::Status::kSuccess : cutlass::Status::kErrorInvalidProblem);
}

// output = act1(conv1x1(act0(conv(input, filter0) + bias0 [+ residual0]), filter1) + bias1
// [+ residual]); returns a cutlass::Status.
BOLTC_EXPORT int @NAME@(@PROBLEM@, void* workspace, size_t workspace_size, cudaStream_t stream) {
  if (!problem_fits(@FORWARD@)) {
    return static_cast<int>(cutlass::Status::kErrorInvalidProblem);
  }
@PROLOGUE@@LAUNCH@}
"""


@dataclass(frozen=True)
class B2bConvSm90Kernel(CutlassKernel):
    FAMILY: ClassVar[str] = FAMILY

    config: B2bConvSm90Config

    def _entry_params(self) -> tuple[CParam, ...]:
        return _params()

    def _render(self, name: str) -> str:
        entry = EntryPoint(name, _params())
        problem = ", ".join(p.declaration() for p in entry.problem_params)
        names = [p.name for p in entry.problem_params]
        forward = ", ".join(names)
        c = self.config
        if c.pad_channels:
            checked = ", ".join({"c": "padded_channels(c)"}.get(n, n) for n in names)
            padded = ", ".join({"c": "c_pad", "input": "input_pad", "filter0": "filter_pad"}.get(n, n) for n in names)
            pad_bytes = "padded_activation_bytes(n, h, w, c) + padded_filter_bytes(f0, r, s, c)"
            helpers = pad_channels_code("C is not a multiple of kChannelAlignment, and TMA im2col reads 16-byte rows")
            prologue = pad_prologue("filter0", "f0")
        else:
            checked = padded = forward
            pad_bytes, helpers, prologue = "0", "", ""
        header = (
            f"// Generated by boltc ({FAMILY}): {c.summary()}.\n"
            "// Exported entry points (boltc/lowering/cutlass/b2b_conv_sm90.py documents them):\n"
            + "".join(f"//   {p};\n" for p in entry.prototypes())
        )
        body = _TYPES + (helpers + "\n" if helpers else "") + _ARGUMENTS + _ENTRY_POINTS.replace("@LAUNCH@", LAUNCH)
        body = (body.replace("@ARGUMENTS@", "@PADDED@").replace("@TEMPLATE@", ",\n    ".join(c.template_arguments()))
                .replace("@PROLOGUE@", prologue).replace("@PAD_BYTES@", pad_bytes)
                .replace("@CHECKED@", checked).replace("@PADDED@", padded)
                .replace("@PROBLEM@", problem).replace("@FORWARD@", forward).replace("@NAME@", name))
        includes = with_headers(_INCLUDES, [*([PAD_CHANNELS_HEADER] if c.pad_channels else []), *c.functor_headers()])
        includes = with_extended_gmma(includes, *c.gmma_n())
        return f"{header}\n{includes}\nnamespace {{\n\n{body}"


# --------------------------------------------------------------------------------------
# bolt.b2b -> kernel + the arguments it passes.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class B2bConvSm90Plan:
    """A legal pair: the first convolution's problem, F1, the configuration and epilogues."""

    problem: ConvProblem
    n1: int
    config: B2bConvSm90Config
    stage0: StageEpilogue
    stage1: StageEpilogue


def conv_sm90_refusal(first: bolt.AnchorOp, second: bolt.AnchorOp) -> B2bConvSm90Plan | str:
    """The plan where this kernel computes the convolution `first` feeding the 1x1 convolution
    `second` exactly; else why not."""
    blocker = conv_pair_blocker(first, second)
    if blocker:
        return blocker
    blocker = pointwise_second_blocker(second)
    if blocker:
        return blocker
    d1 = second.dims()
    stages = stage_epilogues(first, second, "convolution")
    if isinstance(stages, str):
        return stages
    named = {"the input": first.input, "the first filter": first.filter, "the first product": first.result,
             "the second filter": second.filter, "the output": second.result, **named_residuals(stages)}
    element = one_element_type(named, element_words(named, "filters"))
    if isinstance(element, str):
        return element
    problem = conv_problem(first)
    im2col = problem.im2col_blocker()
    if im2col:
        return im2col
    vector = VECTOR_BYTES // element.bytes
    n1 = d1["F"]
    for what, channels in (("F0 (the second filter's row)", problem.f), ("F1 (the output's row)", n1)):
        if channels % vector:
            return f"{what}={channels} is not a multiple of {vector} elements (16-byte rows)"
    config = B2bConvSm90Config.for_problem(element, problem, n1, bias0=bias_element(stages[0]), act0=activation_of(stages[0]),
                                           bias1=bias_element(stages[1]), act1=activation_of(stages[1]),
                                           residual=stages[1].residual is not None,
                                           residual0=stages[0].residual is not None)
    if isinstance(config, str):
        return config
    return B2bConvSm90Plan(problem, n1, config, stages[0], stages[1])


def lower_b2b_conv(op: bolt.B2bOp, *, arch: str = ARCH) -> B2bLowering:
    return lower_at(op, _lower_b2b_conv, arch, (InvalidKernelConfig, UnsupportedEpilogue))


def _lower_b2b_conv(op: bolt.B2bOp, arch: str) -> B2bLowering:
    first, second, plan = planned_pair(op, arch, (ARCH,), FAMILY, " yet: its tiles follow from C, F0 and F1",
                                       conv_sm90_refusal)
    assert isinstance(first, bolt.Conv2dOp) and isinstance(second, bolt.Conv2dOp)

    p = plan.problem
    top, left, bottom, right = p.padding
    values = (
        p.n, p.h, p.w, p.c, p.f, p.r, p.s, p.p, p.q, top, left, bottom, right,
        p.strides[0], p.strides[1], p.dilations[0], p.dilations[1], plan.n1,
        b2b_operand(first.input), b2b_operand(first.filter),
        bias_operand(plan.stage0.bias),
        b2b_operand(second.filter),
        bias_operand(plan.stage1.bias),
        RESULT,
        residual_operand(plan.stage1.residual),
        residual_operand(plan.stage0.residual),
        ParamRole.WORKSPACE, ParamRole.WORKSPACE_SIZE, ParamRole.STREAM,
    )
    return B2bLowering(B2bConvSm90Kernel(plan.config), values, "sm_90a: the resident b2b kernel, TMA im2col first stage")
