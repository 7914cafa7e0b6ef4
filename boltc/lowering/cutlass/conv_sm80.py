"""bolt.conv2d (NHWC fprop) -> one CUTLASS 2.x translation unit: an implicit-GEMM convolution
(cp.async multistage, mma.sync) whose epilogue is the anchor's Sm80 epilogue visitor tree.

The epilogue: CUTLASS 4.2 has no visitor-tree convolution for sm_80 (conv/kernel/ has fixed
epilogues only: `with_broadcast`, `with_reduction`, `fusion`, `with_absmax`). But an NHWC fprop's
output is a row-major (N*P*Q) x F matrix, exactly what the GEMM's visitor epilogue writes. So the
TU instantiates `boltc::conv_sm80::ImplicitGemmConvolutionWithVisitor` (boltc's header
include/boltc/conv_sm80_visitor.hpp, `VISITOR_KERNEL_HEADER`): CUTLASS's
`ImplicitGemmConvolution` kernel with the same mainloop (`DefaultConv2dFprop`'s `Mma`: its
activation and filter iterators, strides, padding and dilation) and, after it, the
`EpilogueWithVisitorCallbacks` that `DefaultGemmWithVisitor` uses, built from the same default
epilogue, over the problem shape (N*P*Q, F, 1). Any tree evt.py builds therefore fuses here as
in the GEMM (bias as a row broadcast, residual as an aux load with rows F apart, every
activation of evt.py's table, scalars, casts), with no second kernel family of fixed epilogues
to keep in step. The kernel keeps the interface CUTLASS's device-level
`ImplicitGemmConvolution` expects (its can_implement, grid, shared-memory and launch code are
reused unchanged). The header ships with boltc and its text is hashed into every object's cache
key (build.kernel_headers_digest), as the TU's is: a change to it recompiles cached kernels.

Configuration and what is refused
---------------------------------
- `#bolt.kernel<"conv_sm80", tile [M, N, K], cluster [1, 1, 1], stages S, "multistage"
  | "multistage warp MxNxK">`, validated as gemm_sm80's mainloop (`mainloop_blocker`).
- Iterators: `kFixedChannels` where C (after the channel padding below) is one access wide
  (C = 2, 4 or 8 halves: an image's 3 channels padded to 4, the stem of every ImageNet CNN):
  they pack filter positions densely into the GEMM's K, where the general iterators round C up
  to the tile's K (a 7x7 stem on 4 channels did 8x the MMA work and loads it needed). Otherwise
  `kOptimized` (precomputed masks) unless the filter is larger than 32 in a dimension (its
  mask bits), then `kAnalytic`. All handle any stride, padding, dilation.
- Channels: activation and filter are read along C, AlignmentA = AlignmentB elements at a time:
  the widest access dividing C (8/4/2 16-bit elements). cp.async copies at least 4 bytes, so an
  odd C cannot be read in place: the TU is then the *channel-padding* variant, whose entry
  point first copies the activation and the filter into the workspace with C rounded up to the
  alignment of C+1 (C=3 -> 4 with 8-byte accesses, C=13 -> 14 with 4-byte ones), the new
  channels zero (they add nothing to any sum), then runs the kernel on the copies.
- Output channels F: any. The output and the tree's vector loads use the widest access
  dividing F, down to one element.
- Padding: CUTLASS 2.x takes the top/left padding and the output extent P x Q; the bottom/right
  padding is what P and Q imply (reads past H or W are zeros either way). The entry point checks
  P and Q against all four paddings (kErrorInvalidProblem otherwise).
- Refused before nvcc: groups > 1 (conv_group_sm80.py instantiates this kernel with CUTLASS's grouped
  mainloop; conv_direct.py takes the rest), NCHW (layout-nhwc converts).
  At run time CUTLASS's can_implement refuses tensors of 2 GB or more (32-bit offsets).

The C interface is conv_sm90's (its docstring): the same parameters, `ConvDim` and
`ParamRole`s, the same workspace protocol for the channel padding.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from boltc.analysis.concat_placement import row_pitch
from boltc.dialects import bolt
from boltc.lowering.cutlass import evt_sm80
from boltc.lowering.cutlass.conv_sm90 import (
    ConvLowering,
    conv_argument_values,
    conv_entry_params,
    conv_operand_types,
    nhwc_conv,
    PAD_CHANNELS_HEADER,
    pad_channels_code,
    render_conv_exports,
)
from boltc.lowering.cutlass.cpp import (
    chosen_kernel,
    kernel_reason,
    SelfChecking,
    lower_at,
    EXPORT_MACRO,
    Element,
    InvalidKernelConfig,
    Shape3,
    UnsupportedEpilogue,
    instantiate,
    max_alignment,
)
from boltc.lowering.cutlass.evt import EpilogueTree, LeafKind, LeafParams, Role, build_epilogue
from boltc.lowering.cutlass.gemm_sm80 import (
    INCLUDES,
    MULTISTAGE,
    VISITORS_INCLUDE,
    check_leaf_alignment,
    config_from_attr,
    element_blocker,
    mainloop_blocker,
    sm80_shapes,
    visitor_declarations,
)
from boltc.lowering.cutlass.kernel_abi import CParam, CutlassKernel, EntryPoint, bind_arguments, tu_preamble

FAMILY = "conv_sm80"
_GEOMETRY = ("h, w, r, s, p, q, pad_top, pad_left, pad_bottom, pad_right, stride_h, stride_w, "
             "dilation_h, dilation_w")  # output_matches's parameters
MAX_OPTIMIZED_FILTER = 32  # Conv2dFpropActivationTileAccessIteratorOptimized's mask bits


class IteratorAlgorithm:
    """cutlass::conv::IteratorAlgorithm members used here."""

    OPTIMIZED = "cutlass::conv::IteratorAlgorithm::kOptimized"
    ANALYTIC = "cutlass::conv::IteratorAlgorithm::kAnalytic"
    FIXED_CHANNELS = "cutlass::conv::IteratorAlgorithm::kFixedChannels"


def uses_fixed_channels(c: int, alignment_c: int) -> bool:
    """C, rounded up to the access width, is exactly one access: kFixedChannels applies (its
    iterators require C == the access width)."""
    return -(-c // alignment_c) * alignment_c == alignment_c


def channel_alignment(c: int, element: Element) -> int:
    """Elements per access along C: the widest dividing C, or for an odd C (which cp.async
    cannot read in place) the widest dividing C+1, to which the entry point pads it."""
    return max_alignment(c if c % 2 == 0 else c + 1, element)


@dataclass(frozen=True)
class ConvSm80Config(SelfChecking):
    """Everything about the kernel except the epilogue tree."""

    element_ab: Element
    element_d: Element
    alignment_c: int  # elements per access along C, for the activation and the filter
    alignment_d: int  # elements per epilogue access along F
    tile: Shape3
    warp: Shape3
    stages: int
    optimized: bool = True  # kOptimized iterators (filters up to 32x32), else kAnalytic
    pad_channels: bool = False  # C % alignment_c != 0: the entry point pads C into the workspace
    fixed_channels: bool = False  # C (padded) == alignment_c: kFixedChannels iterators

    @property
    def iterator_algorithm(self) -> str:
        if self.fixed_channels:
            return IteratorAlgorithm.FIXED_CHANNELS
        return IteratorAlgorithm.OPTIMIZED if self.optimized else IteratorAlgorithm.ANALYTIC

    @property
    def iterator_name(self) -> str:
        if self.fixed_channels:
            return "fixed-channels"
        return "optimized" if self.optimized else "analytic"

    def summary(self) -> str:
        pad = f", channels padded to a multiple of {self.alignment_c} in the workspace" if self.pad_channels else ""
        return (
            f"conv_sm80 fprop nhwc {self.element_ab.short}->{self.element_d.short}, C/{self.alignment_c} "
            f"F/{self.alignment_d}, tile {self.tile}, warp {self.warp}, stages {self.stages}, {MULTISTAGE}, "
            f"{self.iterator_name} iterators{pad}"
        )

    def blocker(self) -> str | None:
        refused = evt_sm80.output_blocker(self.tile.n, self.alignment_d, self.element_d, "the output")
        if refused:
            return refused
        if self.fixed_channels and self.tile.k % self.alignment_c:
            return (f"fixed-channels iterators load whole filter positions: tile K={self.tile.k} must be "
                    f"a multiple of C={self.alignment_c}")
        return mainloop_blocker(
            self.element_ab, self.tile, self.warp, self.stages,
            {"the activation (along C)": self.alignment_c, "the filter (along C)": self.alignment_c},
        )


# --------------------------------------------------------------------------------------
# The C++ pieces.
# --------------------------------------------------------------------------------------

_INCLUDES = INCLUDES + """\
#include "cutlass/conv/conv2d_problem_size.h"
#include "cutlass/conv/device/implicit_gemm_convolution.h"
#include "cutlass/conv/kernel/default_conv2d_fprop.h"
#include "cutlass/epilogue/threadblock/epilogue_with_visitor_callbacks.h"
#include "cutlass/gemm/threadblock/threadblock_swizzle.h"
""" + VISITORS_INCLUDE + "\n" + EXPORT_MACRO

# The kernel every TU instantiates (`ImplicitGemmConvolutionWithVisitor`: CUTLASS's implicit-GEMM
# convolution with a visitor-tree epilogue) is boltc's own header.
VISITOR_KERNEL_HEADER = "boltc/conv_sm80_visitor.hpp"

# The default epilogue's output op: it only fixes the epilogue's access width (AlignmentD).
DEFAULT_OUTPUT_OP = instantiate(
    "cutlass::epilogue::thread::LinearCombination", "ElementD", "AlignmentD", "ElementAccumulator", "ElementCompute",
)

_PAD_CHANNELS = pad_channels_code("C is odd, and cp.async cannot read rows of an odd number of 16-bit elements")


@dataclass(frozen=True)
class ConvSm80Kernel(CutlassKernel):
    """One CUTLASS 2.x conv2d fprop translation unit (`epilogue` after `evt_sm80.for_sm80`)."""

    FAMILY: ClassVar[str] = FAMILY
    SOURCE: ClassVar[str] = "conv_sm80.py"  # the emitter named in the TU's preamble
    INCLUDES: ClassVar[str] = _INCLUDES

    config: ConvSm80Config
    epilogue: EpilogueTree

    def _entry_params(self) -> tuple[CParam, ...]:
        return conv_entry_params(self.epilogue, output_pitch=True)

    def _render(self, name: str) -> str:
        entry = EntryPoint(name, conv_entry_params(self.epilogue, output_pitch=True))
        # Nothing that differs between layers of one configuration goes into the text.
        body = "\n".join([
            self._render_types(),
            _PAD_CHANNELS if self.config.pad_channels else "",
            self._render_arguments(entry),
            render_conv_exports(entry, self.config.pad_channels, self._output_check()),
        ])
        return tu_preamble(self.FAMILY, self.config.summary(), self.SOURCE, entry, self.epilogue, self.INCLUDES,
                           headers=self._headers()) + body

    def _headers(self) -> tuple[str, ...]:
        """boltc's headers of the TU: the visitor kernel's, the channel padding's where C is padded."""
        return (VISITOR_KERNEL_HEADER, *([PAD_CHANNELS_HEADER] if self.config.pad_channels else []))

    def _output_check(self) -> str:
        """The C++ condition, over the entry point's sizes, that the problem is this kernel's."""
        return f"output_matches({_GEOMETRY})"

    def _groups(self) -> str:
        """The C++ expression of Conv2dProblemSize's groups, over the entry point's sizes."""
        return "1"

    def _render_types(self) -> str:
        c = self.config
        lines = [
            *conv_operand_types(c.element_ab, c.element_d, c.alignment_c, c.alignment_d),
            *sm80_shapes(c.tile, c.warp, c.stages),
            "",
            *visitor_declarations(self.epilogue, c.element_d),
            "",
            "// The mainloop and default epilogue the visitor kernel reuses (the default epilogue's",
            "// output op only fixes its access width: AlignmentD, as the visitor's thread map).",
            "using ConvBase = typename " + self._base_kernel() + "::Kernel;",
            "using ConvKernel = boltc::conv_sm80::ImplicitGemmConvolutionWithVisitor<ConvBase, Callbacks, EpilogueStages>;",
            "using Conv = cutlass::conv::device::ImplicitGemmConvolution<ConvKernel>;",
        ]
        return "\n".join(lines) + "\n"

    def _base_kernel(self) -> str:
        """The CUTLASS default kernel whose mainloop the visitor kernel runs."""
        return instantiate(
            "cutlass::conv::kernel::DefaultConv2dFprop",
            "ElementA", "LayoutA", "ElementB", "LayoutB", "ElementD", "LayoutD", "ElementAccumulator",
            "cutlass::arch::OpClassTensorOp", "cutlass::arch::Sm80",
            "ThreadblockShape", "WarpShape", "InstructionShape",
            DEFAULT_OUTPUT_OP,
            "cutlass::gemm::threadblock::GemmIdentityThreadblockSwizzle<4>",
            "Stages", "cutlass::arch::OpMultiplyAdd", self.config.iterator_algorithm,
            "cutlass::conv::StrideSupport::kStrided", "AlignmentA", "AlignmentB",
        )

    def _render_arguments(self, entry: EntryPoint) -> str:
        # No batch mode in a convolution: every leaf's batch stride is 0.
        leaf_params = [
            LeafParams(f"x{i}", "int64_t(0)", f"x{i}_ld" if leaf.kind is LeafKind.AUX else None)
            for i, leaf in enumerate(self.epilogue.leaves)
        ]
        callbacks = evt_sm80.render_arguments(
            self.epilogue, leaf_params, [f"s{j}" for j in range(len(self.epilogue.scalars))],
            d="output", ldd="ldd", batch_stride_d="int64_t(0)", element_d=self.config.element_d,
        ).replace("\n", "\n  ")
        problem = ", ".join(p.declaration() for p in entry.problem_params)
        return f"""\
// The output extent the four paddings imply, as bolt.conv2d computes it.
int output_extent(int size, int pad_low, int pad_high, int filter, int stride, int dilation) {{
  return (size + pad_low + pad_high - dilation * (filter - 1) - 1) / stride + 1;
}}

typename Conv::Arguments make_arguments({problem}) {{
  // CUTLASS 2.x pads the low side (pad_h, pad_w); the high side is what P and Q imply.
  cutlass::conv::Conv2dProblemSize const problem(
      n, h, w, c, f, r, s, p, q, pad_top, pad_left, stride_h, stride_w, dilation_h, dilation_w,
      cutlass::conv::Mode::kCrossCorrelation, /*split_k_slices=*/1, /*groups=*/{self._groups()});
  typename Conv::Arguments arguments;
  arguments.problem_size = problem;
  arguments.ref_A = {{static_cast<ElementA*>(const_cast<void*>(input)),
                     LayoutA::packed(cutlass::conv::implicit_gemm_tensor_a_extent(cutlass::conv::Operator::kFprop, problem))}};
  arguments.ref_B = {{static_cast<ElementB*>(const_cast<void*>(filter)),
                     LayoutB::packed(cutlass::conv::implicit_gemm_tensor_b_extent(cutlass::conv::Operator::kFprop, problem))}};
  // Each Sm80EVT node's arguments: {{first child, ..., last child, the node's own}}; the
  // outermost node stores the output as the row-major (N*P*Q) x F matrix.
  arguments.output_op = typename Callbacks::Arguments{callbacks};
  return arguments;
}}

bool output_matches(int h, int w, int r, int s, int p, int q, int pad_top, int pad_left, int pad_bottom,
                    int pad_right, int stride_h, int stride_w, int dilation_h, int dilation_w) {{
  return p == output_extent(h, pad_top, pad_bottom, r, stride_h, dilation_h) &&
         q == output_extent(w, pad_left, pad_right, s, stride_w, dilation_w) && p > 0 && q > 0;
}}

}}  // namespace
"""


# --------------------------------------------------------------------------------------
# bolt.conv2d -> kernel + the arguments this op passes.
# --------------------------------------------------------------------------------------


def lower_conv2d(op: bolt.Conv2dOp, *, arch: str = "sm_80") -> ConvLowering:
    """The CUTLASS 2.x kernel for `op` (from its #bolt.kernel: lower_at gives an op without one
    heuristic_sm80's, tuning/select.py) and its call."""
    return lower_at(op, _lower_conv2d, arch, (InvalidKernelConfig, UnsupportedEpilogue), family=FAMILY)


def _lower_conv2d(op: bolt.Conv2dOp, arch: str) -> ConvLowering:
    facts = nhwc_conv(op, arch, FAMILY, ("sm_80", "sm_90a"), "the sm_80 convolution", grouped=False,
                      no_groups="boltc's sm_80 implicit-GEMM convolution has no grouped or depthwise form")
    problem, element, element_d = facts.problem, facts.element, facts.element_d
    alignment_c = channel_alignment(problem.c, element)
    alignment_d = max_alignment(problem.f, element_d)

    tree, binding = evt_sm80.for_sm80(*build_epilogue(op, (Role.M, Role.M, Role.M, Role.N), element_d))
    for bound in binding.leaves:
        if bound.batch_stride:
            raise InvalidKernelConfig(f"extra {bound.extra} has a batch stride; a convolution has no batch mode")
    check_leaf_alignment(tree, binding, alignment_d)
    if element_blocker(element):  # before the kernel, which the heuristic had nothing to choose for
        raise InvalidKernelConfig(element_blocker(element))
    tile, warp, stages = config_from_attr(chosen_kernel(op, FAMILY), FAMILY)
    note = kernel_reason(op)
    config = ConvSm80Config(
        element_ab=element, element_d=element_d, alignment_c=alignment_c, alignment_d=alignment_d,
        tile=tile, warp=warp, stages=stages,
        optimized=max(problem.r, problem.s) <= MAX_OPTIMIZED_FILTER,
        pad_channels=problem.c % alignment_c != 0,
        fixed_channels=uses_fixed_channels(problem.c, alignment_c),
    )
    kernel = ConvSm80Kernel(config, tree)

    values = conv_argument_values(problem, row_pitch(op.result))
    return ConvLowering(kernel, bind_arguments(kernel.entry_point, values, binding), note)  # type: ignore[arg-type]
