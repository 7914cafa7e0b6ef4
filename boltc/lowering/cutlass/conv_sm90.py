"""bolt.conv2d (NHWC fprop) -> one CUTLASS 3 sm_90a translation unit: implicit-GEMM convolution
with TMA im2col loads, a warp-specialized WGMMA mainloop and the anchor's epilogue as an Sm90 EVT.

The convolution is a GEMM over M = N*P*Q output pixels, N = F filters and K = C*R*S (CUTLASS's
`get_transformed_problem_shape_MNKL`): the output NHWC tensor is exactly a row-major M x F
matrix, so the epilogue is the GEMM's (`evt.py`, roles (M, M, M, N)): a per-filter bias is a
row broadcast over the M rows, a residual of the output's shape an aux load with rows F apart.
The TU instantiates `cutlass::conv::collective::CollectiveBuilder<Sm90, ..., kFprop, ...>`
(TensorNHWC operands, the K tile `Shape<_64>` over C, as `cutlass_library/conv3x_emitter.py`
writes it), the collective epilogue with the EVT over TensorNHWC D and `ConvUniversal`, all
in an anonymous namespace, as a split pair like gemm_sm90's (host entry points + the kernel's
own device TU, cpp.py "Split translation units"). Problem sizes, padding, strides,
dilations, pointers and the stream are run-time arguments: one TU per distinct configuration
serves every layer that uses it (`ConvSm90Kernel.name` hashes the TU's text).

What CUTLASS 4.2 offers for this, and so what a configuration may be
-------------------------------------------------------------------
- One schedule: `KernelImplicitTmaWarpSpecializedSm90`, one producer and one consumer warpgroup,
  one output tile per CTA. The cooperative and pingpong conv schedules exist as tags but
  `MainloopSm90TmaGmmaWarpSpecializedImplicitGemm` static_asserts "Persistent schedules not
  support for conv yet". This is schedule "warpspecialized" (the heuristic's where the
  cooperative tiles would leave SMs idle: small M, wide F). One warpgroup holds the whole M x N fp32 accumulator tile: tile M x N <= 128
  x 128 (128 registers a thread; the 128x256 tile spills, and ran 10x slower here,
  bolt_paper.json).
- Schedule "cooperative" (the heuristic's where its tiles use the SMs well, and in the tuning
  space; checked against cuDNN/torch on the H100 on ResNet-50's layers and by every
  bench/profile_space.py candidate, 2026-11-26): boltc's own persistent cooperative kernel,
  `include/boltc/conv_sm90_cooperative_kernel.hpp` (`COOPERATIVE_HEADER`). CUTLASS's persistent
  cooperative GEMM kernel (sm90_gemm_tma_warpspecialized_cooperative.hpp: one producer and two
  consumer warpgroups of 64 rows each sharing a tile, one CTA per SM walking the output tiles)
  adapted to the conv problem shape as sm90_gemm_tma_warpspecialized.hpp adapts the
  non-persistent one, the conv mainloop collective under boltc's schedule tag (TiledMma atom
  layout 2x1x1, from the conv builder's pieces) and the TmaWarpSpecializedCooperative epilogue
  with the same EVT. Tile M 128 or 256, M x N <= 256 x 128 (128 accumulator registers a
  thread); the kernel's shared memory is the stages, the epilogue's storage and 256 bytes of
  its own (`COOPERATIVE_KERNEL_SMEM`). The TU's summary, and so its name, says "cooperative";
  `make_arguments` sets the SM count of the current device (the persistent grid).
- TMA im2col: the activation's and filter's rows (C) must be 16-byte aligned, C a multiple of 8
  16-bit elements. Layers with fewer channels (an image's 3, padded to 4 by pad-alignment) use
  the *channel-padding* variant of the TU: its entry point first copies the activation and the
  filter into the workspace with C rounded up to 8 (zeros in the new channels, which add nothing
  to any sum), then runs the same TMA kernel on the copies. The copies cost one pass over the
  (small) input; `NAME_workspace_size` reports their bytes, so the host sizes the workspace.
- No groups (CUTLASS's can_implement refuses groups > 1): grouped and depthwise convolutions
  are refused before nvcc with an error naming the op.
- The output's rows (F) must be 16-byte aligned (the TMA epilogue that runs the EVT); the
  pad-alignment pass pads F.
- TMA im2col limits, checked here per op (CUTLASS checks them again at run time): padding in
  [0, 128] on the low side, high padding minus the dilated filter extent in [-128, 127], the
  dilated filter extent below 255, and N*P*Q below 2^31.

The C interface (the contract with host code; `EntryPoint` describes it from Python)
-------------------------------------------------------------------------------------
For a kernel named NAME (`boltc_conv_sm90_<16 hex digits>`):

    int NAME(int n, int h, int w, int c, int f, int r, int s, int p, int q,
             int pad_top, int pad_left, int pad_bottom, int pad_right,
             int stride_h, int stride_w, int dilation_h, int dilation_w,
             const void* input, const void* filter, void* output,
             /* per epilogue leaf i, in order: */
             const void* x<i>, [int64_t x<i>_ld  -- aux (residual) leaves only]
             /* per epilogue scalar constant j, in order: */
             float s<j>,
             void* workspace, size_t workspace_size, cudaStream_t stream);
    size_t NAME_workspace_size(<the same parameters without workspace, workspace_size, stream>);
    int NAME_can_implement(<the same parameters without workspace, workspace_size, stream>);

- output (N x P x Q x F, NHWC, contiguous) = epilogue(conv2d(input, filter)), cross-correlation
  as torch computes it: input N x H x W x C (NHWC, contiguous), filter F x R x S x C (KRSC,
  contiguous), padding with zeros [top, left, bottom, right]. P and Q are passed so that the
  entry point can check them against CUTLASS's own output extent (kErrorInvalidProblem if they
  differ). Element types are fixed by the TU. Pointers must be 16-byte aligned.
- Returns a `cutlass::Status` value (kernel_abi.CutlassStatus): 0 success; 11 (kInvalid) when
  CUTLASS's can_implement refuses (C not a multiple of 8 in a TU without channel padding, TMA
  im2col limits); 6 when the workspace is too small; 7 when a launch failed. The launch is
  asynchronous on `stream`; nothing synchronizes or allocates.
- `ConvLowering.arguments` says, per parameter, what one bolt.conv2d passes: a number, an
  operand (`Operand` LHS is the input, RHS the filter, RESULT, EXTRA i), or a host value.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import ClassVar
from enum import Enum
from math import gcd

from boltc.analysis.concat_placement import row_pitch
from boltc.dialects import bolt
from boltc.lowering.cutlass.cpp import (
    chosen_kernel,
    kernel_reason,
    lower_at,
    EXPORT_MACRO,
    KERNEL_ADAPTER_HEADER,
    KERNEL_NAME_PLACEHOLDER,
    device_entry,
    host_adapter,
    kernel_adapter,
    stages_blocker,
    tensor_op_inputs_blocker,
    VECTOR_BYTES,
    Element,
    EpilogueSchedule,
    InvalidKernelConfig,
    Shape3,
    instantiate,
    with_extended_gmma,
    with_pdl,
)
from boltc.lowering.cutlass.evt import (
    EpilogueBinding,
    EpilogueTree,
    LeafKind,
    LeafParams,
    Role,
    build_epilogue,
)
from boltc.lowering.cutlass.gemm_sm90 import SM90_SMEM_CAPACITY, Sm90MainloopChecks, tma_epilogue_smem_bytes
from boltc.lowering.cutlass.kernel_abi import (
    Argument,
    CParam,
    EntryPoint,
    Operand,
    OperandKind,
    ParamRole,
    bind_arguments,
    epilogue_params,
    CutlassKernel,
    tu_preamble,
)

FAMILY = "conv_sm90"
SCHEDULE = "warpspecialized"  # the one sm_90a conv schedule CUTLASS 4.2 has (module docstring); the default
# boltc's persistent cooperative kernel (include/boltc/conv_sm90_cooperative_kernel.hpp): the
# heuristic's choice where its tiles use the SMs well (tuning/heuristic.py: choose_conv_sm90).
COOPERATIVE = "cooperative"
SCHEDULES = (SCHEDULE, COOPERATIVE)
COOPERATIVE_HEADER = "boltc/conv_sm90_cooperative_kernel.hpp"
# Shared memory the cooperative kernel holds besides the stages and the epilogue (the header's
# kCooperativeKernelSmemCarveout: load-order barrier, scheduler storage, alignment).
COOPERATIVE_KERNEL_SMEM = 256
MAX_ACCUMULATOR_TILE = 128 * 128  # one consumer warpgroup: 128 fp32 registers a thread
# TMA im2col limits for 2-D (sm90_implicit_gemm_gmma_ss_warpspecialized.hpp, can_implement).
IM2COL_CORNER_LIMIT = 1 << (16 // 2 - 1)  # corners in [-128, 127]
IM2COL_OFFSET_LIMIT = (1 << (16 // 2)) - 1  # filter offsets in [0, 254]
IM2COL_PADDING_LIMIT = 256
INT32_MAX = 2**31 - 1


# --------------------------------------------------------------------------------------
# Configuration, validated as CUTLASS's builders static_assert it.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ConvSm90Config(Sm90MainloopChecks):
    """Everything about the kernel except the epilogue tree."""

    element_ab: Element  # activation and filter
    element_d: Element
    tile: Shape3  # M (output pixels) x N (filters) x K (channels per k-block)
    cluster: Shape3
    stages: int | None = None  # None: StageCountAutoCarveout (as many as fit)
    pad_channels: bool = False  # C % 8 != 0: the entry point pads C into the workspace first
    schedule: str = SCHEDULE  # SCHEDULES: "warpspecialized" or "cooperative"

    @property
    def cooperative(self) -> bool:
        return self.schedule == COOPERATIVE

    @property
    def alignment_ab(self) -> int:
        return VECTOR_BYTES // self.element_ab.bytes  # TMA: 16-byte rows

    @property
    def alignment_d(self) -> int:
        return VECTOR_BYTES // self.element_d.bytes  # the TMA epilogue: 16-byte rows

    def summary(self) -> str:
        stages = "auto" if self.stages is None else str(self.stages)
        pad = ", channels padded to 8 in the workspace" if self.pad_channels else ""
        return (
            f"conv_sm90 fprop nhwc {self.element_ab.short}->{self.element_d.short}, tile {self.tile}, "
            f"cluster {self.cluster}, stages {stages}, {self.schedule}{pad}"
        )

    def blocker(self) -> str | None:
        """Why CUTLASS would refuse this configuration (or it could not run); None if fine."""
        e = self.element_ab
        if e not in (Element.F16, Element.BF16):
            return (
                f"sm_90a convolution inputs must be f16 or bf16, got {e.short} (f32 would run as "
                "tf32; convert-precision picks the compute type)"
            )
        if self.schedule not in SCHEDULES:
            return f"schedule {self.schedule!r}: conv_sm90 has {' and '.join(map(repr, SCHEDULES))}"
        t = self.tile
        if self.cooperative:
            if t.m not in (128, 256):
                return (
                    "the cooperative kernel splits tile M over two consumer warpgroups of 64-row "
                    f"WGMMAs: tile M must be 128 or 256, got {t.m}"
                )
        elif t.m not in (64, 128):
            return (
                f"one consumer warpgroup computes the tile in 64-row WGMMAs: tile M must be 64 or "
                f"128, got {t.m}"
            )
        if t.n % 16 or not 16 <= t.n <= 256:
            return f"tile N must be a multiple of 16 in [16, 256] (WGMMA N and the epilogue's copy atom), got {t.n}"
        if self.cooperative and t.m * t.n > 2 * MAX_ACCUMULATOR_TILE:
            return (
                f"a {t.m}x{t.n} fp32 accumulator tile is {t.m * t.n // 256} registers a thread "
                "over the two consumer warpgroups of the cooperative kernel (at most 128)"
            )
        if not self.cooperative and t.m * t.n > MAX_ACCUMULATOR_TILE:
            return (
                f"a {t.m}x{t.n} fp32 accumulator tile is {t.m * t.n // 128} registers a thread "
                "in the one consumer warpgroup of the conv schedule (at most 128; 128x256 spills "
                "and ran 10x slower on the H100)"
            )
        return self.mainloop_blocker()

    def epilogue_tile(self) -> tuple[int, int]:
        """CUTLASS's EpilogueTileAuto (sm90_compute_tile_shape_or_override) for the
        TmaWarpSpecialized epilogue (M up to 64) or the TmaWarpSpecializedCooperative one (M up
        to 128)."""
        return min(128 if self.cooperative else 64, self.tile.m), gcd(min(32, self.tile.n), self.tile.n)

    def tile_shape_cute(self) -> str:
        """The CTA tile with K as a one-mode shape: the tiler of the (C, S, R) K mode tiles C."""
        t = self.tile
        return f"cute::Shape<cute::_{t.m}, cute::_{t.n}, cute::Shape<cute::_{t.k}>>"


# --------------------------------------------------------------------------------------
# The C entry point.
# --------------------------------------------------------------------------------------


class ConvDim(Enum):
    """The convolution's sizes, each an `int` parameter of the entry point (in this order)."""

    N = "n"
    H = "h"
    W = "w"
    C = "c"
    F = "f"
    R = "r"
    S = "s"
    P = "p"
    Q = "q"
    PAD_TOP = "pad_top"
    PAD_LEFT = "pad_left"
    PAD_BOTTOM = "pad_bottom"
    PAD_RIGHT = "pad_right"
    STRIDE_H = "stride_h"
    STRIDE_W = "stride_w"
    DILATION_H = "dilation_h"
    DILATION_W = "dilation_w"


def conv_operand_types(element_ab: Element, element_d: Element, alignment_ab: int, alignment_d: int) -> list[str]:
    """The element, layout and alignment declarations every convolution TU opens its types
    with (both families; the activation's and the filter's alignment is along C)."""
    return [
        f"using ElementA = {element_ab.cpp};  // the activation, NHWC",
        f"using ElementB = {element_ab.cpp};  // the filter, KRSC",
        f"using ElementD = {element_d.cpp};  // the output, NHWC",
        "using ElementAccumulator = float;",
        "using ElementCompute = float;",
        "using LayoutA = cutlass::layout::TensorNHWC;",
        "using LayoutB = cutlass::layout::TensorNHWC;",
        "using LayoutD = cutlass::layout::TensorNHWC;",
        f"constexpr int AlignmentA = {alignment_ab};",
        f"constexpr int AlignmentB = {alignment_ab};",
        f"constexpr int AlignmentD = {alignment_d};",
    ]


def conv_entry_params(tree: EpilogueTree, output_pitch: bool = False) -> tuple[CParam, ...]:
    """The convolution entry point's parameters (every conv family): sizes (role ConvDim), then
    the GEMM contract's operand, leaf and host roles: A is the activation, B the filter, D the
    output. `output_pitch` (conv_sm90): `ldd` after the output, the elements from one output
    pixel to the next (F for a packed output; a concatenation's row where plan-memory placed
    the output in its columns, analysis/concat_placement.py)."""
    R = ParamRole
    params = [CParam(d.value, "int", d) for d in ConvDim]  # type: ignore[arg-type]
    params += [
        CParam("input", "const void*", R.A),
        CParam("filter", "const void*", R.B),
        CParam("output", "void*", R.D),
    ]
    if output_pitch:
        params.append(CParam("ldd", "int64_t", R.LDD))
    return (*params, *epilogue_params(tree, batch_strides=False))


# --------------------------------------------------------------------------------------
# The kernel: a configuration and an epilogue tree -> one TU.
# --------------------------------------------------------------------------------------

_INCLUDES = """\
#include <cstddef>
#include <cstdint>
#include <limits>

#include <cuda_runtime.h>

#include "cute/tensor.hpp"
#include "cutlass/cutlass.h"
#include "cutlass/kernel_hardware_info.hpp"  // the conv collectives use it without including it
#include "cutlass/numeric_types.h"
#include "cutlass/conv/collective/collective_builder.hpp"
#include "cutlass/conv/convnd_problem_shape.hpp"
#include "cutlass/conv/dispatch_policy.hpp"
#include "cutlass/conv/kernel/conv_universal.hpp"
#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/epilogue/fusion/sm90_callbacks_tma_warpspecialized.hpp"
#include "cutlass/epilogue/thread/activation.h"

""" + EXPORT_MACRO

_NAME_PLACEHOLDER = KERNEL_NAME_PLACEHOLDER

# The C++ schedule tag each schedule's TU names (the cooperative one is boltc's own).
_KERNEL_SCHEDULES = {
    SCHEDULE: "cutlass::conv::KernelImplicitTmaWarpSpecializedSm90",
    COOPERATIVE: "boltc::conv_sm90::KernelImplicitTmaWarpSpecializedCooperative",
}


def pad_channels_code(why: str) -> str:
    """The C++ helpers of a convolution TU whose C is padded in the workspace (both families):
    the workspace arithmetic over the TU's ElementA, ElementB and AlignmentA (the padding kernel
    is PAD_CHANNELS_HEADER's). `why`: the comment saying why this family cannot read the
    operands as they are, ending with what kChannelAlignment is."""
    text = (f"Channel padding: {why}. Each tensor is copied with its innermost dimension widened to "
            "c_pad, the new channels zero: zero channels of the activation and the filter add nothing to any sum.")
    comment = "".join(f"// {line}\n" for line in textwrap.wrap(text, 95))
    return comment + "constexpr int kChannelAlignment = AlignmentA;\n" + _PAD_CHANNELS_HELPERS


_PAD_CHANNELS_HELPERS = """\

constexpr size_t kWorkspaceAlignment = 256;

size_t align_up(size_t bytes) {
  return (bytes + kWorkspaceAlignment - 1) / kWorkspaceAlignment * kWorkspaceAlignment;
}

int padded_channels(int c) {
  return (c + kChannelAlignment - 1) / kChannelAlignment * kChannelAlignment;
}

// Bytes of the padded activation, then of the padded filter (0 when C needs no padding).
size_t padded_activation_bytes(int n, int h, int w, int c) {
  int const c_pad = padded_channels(c);
  return c_pad == c ? 0 : align_up(sizeof(ElementA) * int64_t(n) * h * w * c_pad);
}

size_t padded_filter_bytes(int f, int r, int s, int c) {
  int const c_pad = padded_channels(c);
  return c_pad == c ? 0 : align_up(sizeof(ElementB) * int64_t(f) * r * s * c_pad);
}
"""

_PAD_CHANNELS = pad_channels_code("C is not a multiple of kChannelAlignment, and TMA im2col reads 16-byte rows")


# Sm90AuxLoad wrapped for a convolution's static batch extent (`boltc::conv_sm90::ConvAuxLoad`).
AUX_LOAD_HEADER = "boltc/conv_sm90_aux_load.hpp"
# The channel-padding kernel and its launch (`boltc::pad_channels`), in a TU whose C is padded.
PAD_CHANNELS_HEADER = "boltc/pad_channels.hpp"


def _conv_aux_loads(decls: list[str], tree: EpilogueTree) -> list[str]:
    """evt.py's declarations with each aux-load leaf wrapped in ConvAuxLoad (AUX_LOAD_HEADER says
    why)."""
    out = []
    for decl in decls:
        for leaf in tree.leaves:
            head = f"using Leaf{leaf.leaf} = "
            if leaf.kind is LeafKind.AUX and decl.startswith(head + "cutlass::epilogue::fusion::Sm90AuxLoad<"):
                decl = (
                    f"using Leaf{leaf.leaf}Base = {decl[len(head):]}\n"
                    f"using Leaf{leaf.leaf} = boltc::conv_sm90::ConvAuxLoad<Leaf{leaf.leaf}Base>;"
                )
                break
        out.append(decl)
    wrapped = sum(d.count("= boltc::conv_sm90::ConvAuxLoad<") for d in out)
    expected = sum(1 for leaf in tree.leaves if leaf.kind is LeafKind.AUX)
    if wrapped != expected:  # evt.py spells aux loads differently now
        raise AssertionError(f"wrapped {wrapped} of {expected} aux loads for the convolution")
    return out


@dataclass(frozen=True)
class ConvSm90Kernel(CutlassKernel):
    """One sm_90a conv2d fprop kernel (a split pair of translation units)."""

    FAMILY: ClassVar[str] = FAMILY

    config: ConvSm90Config
    epilogue: EpilogueTree

    def blocker(self) -> str | None:
        c = self.config
        # Both kernels hold the stages and the epilogue's storage side by side (the
        # warpspecialized kernel's union is not relied on); the cooperative one a little more.
        capacity = SM90_SMEM_CAPACITY - (COOPERATIVE_KERNEL_SMEM if c.cooperative else 0)
        return stages_blocker(c.stages, c.stage_bytes, self.epilogue_smem_bytes(), capacity)

    def epilogue_smem_bytes(self) -> int:
        c = self.config
        return tma_epilogue_smem_bytes(c.tile, c.epilogue_tile(), c.element_d, self.epilogue)

    @property
    def epilogue_schedule(self) -> EpilogueSchedule:
        # The warpspecialized kernel has one consumer warpgroup, the cooperative one two.
        return EpilogueSchedule.TMA_COOPERATIVE if self.config.cooperative else EpilogueSchedule.TMA

    def _entry_params(self) -> tuple[CParam, ...]:
        return conv_entry_params(self.epilogue, output_pitch=True)

    @property
    def programmatic(self) -> bool:
        """Launched as a programmatic dependent (cpp.py: PDL_DEFINE): boltc's cooperative kernel
        waits on the previous grid itself, CUTLASS's own sm_90a convolution kernel in the device
        entry (cpp.device_entry's wait_first)."""
        return True

    @property
    def host_has_device_code(self) -> bool:
        """The channel-padding kernel (pad_channels_code) lives in the host TU."""
        return self.config.pad_channels

    # -- rendering ---------------------------------------------------------------------

    @property
    def _has_aux_load(self) -> bool:
        return any(leaf.kind is LeafKind.AUX for leaf in self.epilogue.leaves)

    def _render(self, name: str) -> str:
        c = self.config
        entry = EntryPoint(name, conv_entry_params(self.epilogue, output_pitch=True))
        # Nothing that differs between layers of one configuration goes into the text.
        body = "\n".join([
            self._render_types(),
            host_adapter(name),
            kernel_adapter("Conv", "ConvKernel", self.programmatic),
            _PAD_CHANNELS if c.pad_channels else "",
            self._render_arguments(entry),
            render_conv_exports(entry, self.config.pad_channels, "output_matches(arguments.problem_shape, p, q)"),
        ])
        headers = (*self._headers(), KERNEL_ADAPTER_HEADER, *([PAD_CHANNELS_HEADER] if c.pad_channels else []))
        return tu_preamble(FAMILY, c.summary(), "conv_sm90.py", entry, self.epilogue,
                           self._includes(), headers=headers) + body

    def _render_device(self, name: str) -> str:
        entry = EntryPoint(name, conv_entry_params(self.epilogue, output_pitch=True))
        body = "\n".join([
            self._render_types(),
            device_entry("ConvKernel", name, wait_first=not self.config.cooperative),
        ])
        return tu_preamble(FAMILY, self.config.summary(), "conv_sm90.py", entry, self.epilogue,
                           self._includes(), device=True,
                           headers=self._headers()) + body

    def _includes(self) -> str:
        """Both TUs' includes: PDL's define where the kernel launches so, the extended WGMMA
        shapes' where its tile N needs them (cpp.py)."""
        return with_pdl(with_extended_gmma(_INCLUDES, self.config.tile.n), self.programmatic)

    def _headers(self) -> tuple[str, ...]:
        """boltc's headers both TUs include: the cooperative kernel's, ConvAuxLoad's."""
        return ((COOPERATIVE_HEADER,) if self.config.cooperative else ()) + (
            (AUX_LOAD_HEADER,) if self._has_aux_load else ())

    def _render_types(self) -> str:
        c = self.config
        lines = [
            *conv_operand_types(c.element_ab, c.element_d, c.alignment_ab, c.alignment_d),
            f"using TileShape = {c.tile_shape_cute()};",
            f"using ClusterShape = {c.cluster.cute()};",
            f"using KernelSchedule = {_KERNEL_SCHEDULES[c.schedule]};",
            f"using EpilogueSchedule = {self.epilogue_schedule.cpp};",
            "using EpilogueTile = cutlass::epilogue::collective::EpilogueTileAuto;",
            "",
            "// Stages and tile of the collective epilogue below (C is void: no source read);\n"
            "// aux loads share its pipeline.\n"
            "using EpilogueDescriptor = "
            + instantiate(
                "cutlass::epilogue::collective::detail::EpilogueDescriptor",
                "TileShape", "EpilogueTile", "void", "ElementD", "EpilogueSchedule",
            )
            + ";",
        ]
        decls, root = self.epilogue.render_types(tile_shape="TileShape", epilogue_descriptor="EpilogueDescriptor")
        decls = _conv_aux_loads(decls, self.epilogue)
        lines += ["", "// The epilogue visitor tree, over D as the row-major (N*P*Q) x F matrix.", *decls,
                  f"using Fusion = {root};", ""]
        lines.append(
            "using CollectiveEpilogue = typename "
            + instantiate(
                "cutlass::epilogue::collective::CollectiveBuilder",
                "cutlass::arch::Sm90", "cutlass::arch::OpClassTensorOp", "TileShape", "ClusterShape",
                "EpilogueTile", "ElementAccumulator", "ElementCompute",
                "void", "LayoutD", "AlignmentD", "ElementD", "LayoutD", "AlignmentD",
                "EpilogueSchedule", "Fusion",
            )
            + "::CollectiveOp;"
        )
        if c.stages is None:
            carveout = "static_cast<int>(sizeof(typename CollectiveEpilogue::SharedStorage))"
            if c.cooperative:  # the kernel's own storage beside the stages and the epilogue's
                carveout += " +\n    boltc::conv_sm90::kCooperativeKernelSmemCarveout"
            stages = f"cutlass::conv::collective::StageCountAutoCarveout<\n    {carveout}>"
        else:
            stages = f"cutlass::conv::collective::StageCount<{c.stages}>"
        if c.cooperative:
            # CUTLASS's conv builder refuses its own cooperative tag (module docstring): the
            # header builds the collective from the builder's pieces under boltc's tag.
            lines.append(
                "// Two consumer warpgroups (TiledMma atom layout 2x1x1), 64 rows of the tile each.\n"
                "using CollectiveMainloop = typename "
                + instantiate(
                    "boltc::conv_sm90::CooperativeConvMainloop",
                    "ElementA", "LayoutA", "AlignmentA", "ElementB", "LayoutB", "AlignmentB",
                    "ElementAccumulator", "TileShape", "ClusterShape", stages,
                )
                + "::CollectiveOp;"
            )
            lines.append(
                "static_assert(cute::size(typename CollectiveMainloop::TiledMma{}) == 256);  "
                "// two consumer warpgroups"
            )
        else:
            lines.append(
                "using CollectiveMainloop = typename "
                + instantiate(
                    "cutlass::conv::collective::CollectiveBuilder",
                    "cutlass::arch::Sm90", "cutlass::arch::OpClassTensorOp", "cutlass::conv::Operator::kFprop",
                    "ElementA", "LayoutA", "AlignmentA", "ElementB", "LayoutB", "AlignmentB",
                    "ElementAccumulator", "TileShape", "ClusterShape", stages, "KernelSchedule",
                )
                + "::CollectiveOp;"
            )
        lines += [
            "using ProblemShape = "
            + instantiate(
                "cutlass::conv::ConvProblemShape",
                "cutlass::conv::Operator::kFprop", "CollectiveMainloop::DispatchPolicy::NumSpatialDimensions",
            )
            + ";",
            "using ConvKernel = "
            + instantiate(
                "boltc::conv_sm90::ConvUniversalCooperative" if c.cooperative else "cutlass::conv::kernel::ConvUniversal",
                "ProblemShape", "CollectiveMainloop", "CollectiveEpilogue",
            )
            + ";",
            "using StrideD = typename ConvKernel::StrideD;",
        ]
        return "\n".join(lines) + "\n"

    def _render_arguments(self, entry: EntryPoint) -> str:
        leaf_params = []
        for i, leaf in enumerate(self.epilogue.leaves):
            # No batch mode in a convolution: every leaf's batch stride is 0.
            leaf_params.append(LeafParams(f"x{i}", "int64_t(0)", f"x{i}_ld" if leaf.kind is LeafKind.AUX else None))
        thread = self.epilogue.render_arguments(leaf_params, [f"s{j}" for j in range(len(self.epilogue.scalars))])
        thread = thread.replace("\n", "\n  ")
        problem = ", ".join(p.declaration() for p in entry.problem_params)
        hw_info = (
            "  // The persistent grid: one CTA per SM (this device's), each walking output tiles.\n"
            "  cudaGetDevice(&arguments.hw_info.device_id);\n"
            "  arguments.hw_info.sm_count =\n"
            "      cutlass::KernelHardwareInfo::query_device_multiprocessor_count(arguments.hw_info.device_id);\n"
            if self.config.cooperative else ""
        )
        return f"""\
ProblemShape make_problem(int n, int h, int w, int c, int f, int r, int s, int pad_top, int pad_left,
                          int pad_bottom, int pad_right, int stride_h, int stride_w,
                          int dilation_h, int dilation_w) {{
  return ProblemShape(
      cutlass::conv::Mode::kCrossCorrelation,
      {{n, h, w, c}},                    // activation extents, NHWC
      {{f, r, s, c}},                    // filter extents, KRSC
      {{pad_top, pad_left}},             // lower padding (H, W)
      {{pad_bottom, pad_right}},         // upper padding (H, W)
      {{stride_h, stride_w}},
      {{dilation_h, dilation_w}},
      1);                              // groups
}}

// The caller's P and Q against CUTLASS's output extents (shape_C is N, P, Q, F).
bool output_matches(ProblemShape const& problem, int p, int q) {{
  return problem.shape_C[1] == p && problem.shape_C[2] == q;
}}

typename Conv::Arguments make_arguments({problem}) {{
  ProblemShape const problem = make_problem(n, h, w, c, f, r, s, pad_top, pad_left, pad_bottom,
                                            pad_right, stride_h, stride_w, dilation_h, dilation_w);
  // D as ((Q, P, N), F): the output pixel modes' strides, the packed NHWC output's (Q: F,
  // P: Q * F, N: P * Q * F) with pixels ldd elements apart instead of F.
  StrideD stride_d;
  cute::for_each(cute::make_seq<cute::rank<0>(StrideD{{}})>{{}}, [&](auto i) {{
    cute::get<0, i>(stride_d) = problem.stride_C[ProblemShape::RankT - 2 - i] / f * ldd;
  }});
  typename Conv::Arguments arguments{{
      problem,
      {{static_cast<ElementA const*>(input), static_cast<ElementB const*>(filter)}},
      {{{{}}, nullptr, stride_d, static_cast<ElementD*>(output), stride_d}}}};
{hw_info}  // Each Sm90EVT node's arguments: {{first child, ..., last child, the node's own}}.
  arguments.epilogue.thread = {thread};
  return arguments;
}}

}}  // namespace
"""


# The channel-padding prologue of a convolution whose C is not a multiple of 8: input and
# filter are padded into the head of the workspace (boltc::pad_channels: PAD_CHANNELS_HEADER), and
# the convolution gets the rest of it, reading input_pad and filter_pad.
def pad_prologue(filter_name: str = "filter", filters: str = "f") -> str:
    """The prologue for an entry point whose filter parameter is `filter_name` with `filters`
    filters (b2b_conv_sm90's first convolution: filter0, f0)."""
    return _PAD_PROLOGUE.replace("@FILTER@", filter_name).replace("@F@", filters)


_PAD_PROLOGUE = """\
  int const c_pad = padded_channels(c);
  size_t const pad_bytes = padded_activation_bytes(n, h, w, c) + padded_filter_bytes(@F@, r, s, c);
  if (workspace_size < pad_bytes || (pad_bytes && workspace == nullptr)) {
    return static_cast<int>(cutlass::Status::kErrorWorkspaceNull);
  }
  void const* input_pad = input;
  void const* filter_pad = @FILTER@;
  if (c_pad != c) {
    ElementA* activation = static_cast<ElementA*>(workspace);
    ElementB* weights = reinterpret_cast<ElementB*>(static_cast<char*>(workspace) +
                                                    padded_activation_bytes(n, h, w, c));
    if (boltc::pad_channels(static_cast<ElementA const*>(input), activation, int64_t(n) * h * w, c, c_pad,
                            stream) != cudaSuccess ||
        boltc::pad_channels(static_cast<ElementB const*>(@FILTER@), weights, int64_t(@F@) * r * s, c, c_pad,
                            stream) != cudaSuccess) {
      return static_cast<int>(cutlass::Status::kErrorInternal);
    }
    input_pad = activation;
    filter_pad = weights;
  }
"""


def render_conv_exports(entry: EntryPoint, pad_channels: bool, output_check: str) -> str:
    """The three exported functions of a convolution TU (both families) around its device
    operator `Conv` and a `make_arguments` taking the entry point's problem parameters.
    `output_check`: a C++ call, true when the caller's P x Q is the output of the problem (it
    may read `arguments`); `pad_channels`: C is padded to 8 in the workspace first."""
    launch, workspace, can = entry.prototypes()
    names = [p.name for p in entry.problem_params]
    if pad_channels:
        padded = ", ".join({"c": "c_pad", "input": "input_pad", "filter": "filter_pad"}.get(n, n) for n in names)
        checked = ", ".join({"c": "padded_channels(c)"}.get(n, n) for n in names)
        pad_bytes = "padded_activation_bytes(n, h, w, c) + padded_filter_bytes(f, r, s, c)"
        prologue = pad_prologue()
        conv_workspace, conv_size = "static_cast<char*>(workspace) + pad_bytes", "workspace_size - pad_bytes"
    else:
        padded = checked = ", ".join(names)
        pad_bytes, prologue = "0", ""
        conv_workspace, conv_size = "workspace", "workspace_size"
    return f"""\
BOLTC_EXPORT {launch} {{
{prologue}  typename Conv::Arguments const arguments = make_arguments({padded});
  if (!{output_check}) {{
    return static_cast<int>(cutlass::Status::kErrorInvalidProblem);
  }}
  cutlass::Status status = Conv::can_implement(arguments);
  if (status != cutlass::Status::kSuccess) {{
    return static_cast<int>(status);
  }}
  if (Conv::get_workspace_size(arguments) > {conv_size}) {{
    return static_cast<int>(cutlass::Status::kErrorWorkspaceNull);
  }}
  Conv conv;
  status = conv.initialize(arguments, {conv_workspace}, stream);
  if (status != cutlass::Status::kSuccess) {{
    return static_cast<int>(status);
  }}
  return static_cast<int>(conv.run(stream));
}}

BOLTC_EXPORT {workspace} {{
  return {pad_bytes} + Conv::get_workspace_size(make_arguments({checked}));
}}

BOLTC_EXPORT {can} {{
  typename Conv::Arguments const arguments = make_arguments({checked});
  if (!{output_check}) {{
    return static_cast<int>(cutlass::Status::kErrorInvalidProblem);
  }}
  return static_cast<int>(Conv::can_implement(arguments));
}}
"""


# --------------------------------------------------------------------------------------
# bolt.conv2d -> kernel + the arguments this op passes.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ConvLowering:
    """One bolt.conv2d lowered: its kernel, and one argument per entry-point parameter."""

    kernel: ConvSm90Kernel
    arguments: tuple[Argument, ...]
    reason: str = ""  # where the configuration came from (#bolt.kernel, or the heuristic's why)

    def call(self) -> list[tuple[CParam, Argument]]:
        return list(zip(self.kernel.entry_point.params, self.arguments))


def lower_conv2d(op: bolt.Conv2dOp, *, arch: str = "sm_90a") -> ConvLowering:
    """The sm_90a kernel for `op` (from its #bolt.kernel: lower_at gives an op without one the
    heuristic's, tuning/select.py) and its call."""
    return lower_at(op, _lower_conv2d, arch, family=FAMILY)


@dataclass(frozen=True)
class ConvProblem:
    """The sizes of one NHWC fprop, as the entry point takes them."""

    n: int
    h: int
    w: int
    c: int
    f: int
    r: int
    s: int
    p: int
    q: int
    padding: tuple[int, int, int, int]  # top, left, bottom, right
    strides: tuple[int, int]
    dilations: tuple[int, int]

    @property
    def gemm_mnk(self) -> tuple[int, int, int]:
        return self.n * self.p * self.q, self.f, self.c * self.r * self.s

    def im2col_blocker(self) -> str | None:
        """TMA im2col's limits (CUTLASS's can_implement checks the same at run time)."""
        top, left, bottom, right = self.padding
        for what, (pad_lo, pad_hi, extent, dilation) in (
            ("height", (top, bottom, self.r, self.dilations[0])),
            ("width", (left, right, self.s, self.dilations[1])),
        ):
            span = (extent - 1) * dilation
            if not (0 <= pad_lo <= min(IM2COL_PADDING_LIMIT, IM2COL_CORNER_LIMIT) and 0 <= pad_hi <= IM2COL_PADDING_LIMIT):
                return f"{what} padding {pad_lo}/{pad_hi} is outside what TMA im2col addresses (0..128 low, 0..256 high)"
            if not -IM2COL_CORNER_LIMIT <= pad_hi - span <= IM2COL_CORNER_LIMIT - 1:
                return (
                    f"{what}: high padding {pad_hi} minus the dilated filter extent {span} is outside "
                    f"TMA im2col's corner range [-{IM2COL_CORNER_LIMIT}, {IM2COL_CORNER_LIMIT - 1}]"
                )
            if span >= IM2COL_OFFSET_LIMIT:
                return f"{what}: the dilated filter extent {span} exceeds TMA im2col's offsets (< {IM2COL_OFFSET_LIMIT})"
        if self.n * self.p * self.q > INT32_MAX:
            return f"N*P*Q = {self.n * self.p * self.q} output pixels exceed 2^31 - 1"
        return None


def conv_problem(op: bolt.Conv2dOp) -> ConvProblem:
    d = op.dims()
    top, left, bottom, right = bolt.int_list(op.padding)
    sh, sw = bolt.int_list(op.strides)
    dh, dw = bolt.int_list(op.dilations)
    return ConvProblem(
        d["N"], d["H"], d["W"], d["C"], d["F"], d["R"], d["S"], d["P"], d["Q"],
        (top, left, bottom, right), (sh, sw), (dh, dw),
    )


@dataclass(frozen=True)
class NhwcConv:
    """What every convolution emitter reads of a bolt.conv2d first (`nhwc_conv`)."""

    problem: ConvProblem
    groups: int
    element: Element  # the activation's and filter's
    element_d: Element  # the result's


def nhwc_conv(op: bolt.Conv2dOp, arch: str, family: str, archs: tuple[str, ...], kernel: str, *,
              grouped: bool, no_groups: str = "") -> NhwcConv:
    """The checks each convolution family starts with, in one place: `arch` among `archs`, NHWC
    activations with KRSC filters (`kernel` names the kernel in the message), and the groups:
    a grouped family (conv_group_sm80, conv_direct) takes groups > 1 dividing C and F, the
    others groups = 1 (`no_groups`: why not). Then the problem and the element types."""
    if arch not in archs:
        where = " and ".join(archs)
        verb = "target" if len(archs) == 1 else "run on"
        raise InvalidKernelConfig(f"{family} kernels {verb} {where}, not {arch}")
    if op.layout.data != bolt.Layout.NHWC:
        raise InvalidKernelConfig(
            f"{kernel} reads NHWC activations and KRSC filters; this one is "
            f"{op.layout.data.value} (the layout-nhwc pass converts it)"
        )
    groups = op.groups.value.data
    problem = conv_problem(op)
    if grouped and (groups < 2 or problem.c % groups or problem.f % groups):
        raise InvalidKernelConfig(f"{family} lowers grouped convolutions (groups > 1 dividing C and F), not groups={groups}")
    if not grouped and groups != 1:
        raise InvalidKernelConfig(f"groups={groups}: {no_groups}")
    element = Element.from_mlir(op.input.type.get_element_type())  # type: ignore[attr-defined]
    element_d = Element.from_mlir(op.result.type.get_element_type())  # type: ignore[attr-defined]
    return NhwcConv(problem, groups, element, element_d)


def _lower_conv2d(op: bolt.Conv2dOp, arch: str) -> ConvLowering:
    facts = nhwc_conv(op, arch, FAMILY, ("sm_90a",), "the sm_90a convolution", grouped=False,
                      no_groups="CUTLASS's sm_90a implicit-GEMM convolution has no grouped or depthwise form "
                                "(its can_implement refuses groups > 1)")
    blocker = tensor_op_inputs_blocker(facts.element, FAMILY)
    if blocker:
        raise InvalidKernelConfig(blocker)
    problem, element, element_d = facts.problem, facts.element, facts.element_d
    im2col = problem.im2col_blocker()
    if im2col:
        raise InvalidKernelConfig(im2col)
    d_row = VECTOR_BYTES // element_d.bytes
    if problem.f % d_row:
        raise InvalidKernelConfig(
            f"the output has F={problem.f} channels, rows of {problem.f * element_d.bytes} bytes; the "
            f"TMA epilogue stores 16-byte aligned rows (make F a multiple of {d_row}: the "
            "pad-alignment pass)"
        )
    pad_channels = (problem.c * element.bytes) % VECTOR_BYTES != 0

    tree, binding = build_epilogue(op, (Role.M, Role.M, Role.M, Role.N), element_d)
    attr = chosen_kernel(op, FAMILY)
    if attr.family.data != FAMILY:
        raise InvalidKernelConfig(f"#bolt.kernel family {attr.family.data!r} is not {FAMILY!r}")
    if attr.schedule.data not in SCHEDULES:
        raise InvalidKernelConfig(
            f"schedule {attr.schedule.data!r}: conv_sm90 has the {SCHEDULE!r} schedule (CUTLASS "
            f"4.2's one sm_90a conv kernel; its dispatch policy static_asserts 'Persistent "
            f"schedules not support for conv yet') and the {COOPERATIVE!r} one (boltc's "
            "persistent cooperative kernel)"
        )
    tile, cluster = Shape3.of(bolt.int_list(attr.tile)), Shape3.of(bolt.int_list(attr.cluster))
    stages, note = attr.stage_count, kernel_reason(op)
    config = ConvSm90Config(
        element_ab=element, element_d=element_d, tile=tile, cluster=cluster, stages=stages,
        pad_channels=pad_channels, schedule=attr.schedule.data,
    )
    kernel = ConvSm90Kernel(config, tree)
    _check_leaves(kernel, binding)

    values = conv_argument_values(problem, row_pitch(op.result))
    return ConvLowering(kernel, bind_arguments(kernel.entry_point, values, binding), note)


def conv_argument_values(problem: ConvProblem, output_pitch: int | None = None) -> dict[object, Argument]:
    """What one bolt.conv2d passes for the entry point's size and operand parameters (every conv
    family), keyed by role; bind_arguments adds the epilogue's and the host's. `output_pitch`:
    plan-memory's bolt.row_pitch of the output (a concatenation's row), for the families whose
    entry point takes `ldd`; F where the output is packed."""
    top, left, bottom, right = problem.padding
    return {
        ParamRole.LDD: output_pitch or problem.f,
        ConvDim.N: problem.n, ConvDim.H: problem.h, ConvDim.W: problem.w, ConvDim.C: problem.c,
        ConvDim.F: problem.f, ConvDim.R: problem.r, ConvDim.S: problem.s,
        ConvDim.P: problem.p, ConvDim.Q: problem.q,
        ConvDim.PAD_TOP: top, ConvDim.PAD_LEFT: left, ConvDim.PAD_BOTTOM: bottom, ConvDim.PAD_RIGHT: right,
        ConvDim.STRIDE_H: problem.strides[0], ConvDim.STRIDE_W: problem.strides[1],
        ConvDim.DILATION_H: problem.dilations[0], ConvDim.DILATION_W: problem.dilations[1],
        ParamRole.A: Operand(OperandKind.LHS), ParamRole.B: Operand(OperandKind.RHS),
        ParamRole.D: Operand(OperandKind.RESULT),
    }


def _check_leaves(kernel: ConvSm90Kernel, binding: EpilogueBinding) -> None:
    """Aux loads go through TMA: rows 16-byte aligned (Sm90AuxLoad asserts it). A leaf that has
    a batch stride would be a batch mode the convolution does not have."""
    for leaf, bound in zip(kernel.epilogue.leaves, binding.leaves):
        if bound.batch_stride:
            raise InvalidKernelConfig(f"extra {bound.extra} has a batch stride; a convolution has no batch mode")
        if leaf.kind is LeafKind.AUX and bound.leading_dim and (bound.leading_dim * leaf.element.bytes) % VECTOR_BYTES:
            raise InvalidKernelConfig(
                f"extra {bound.extra} (a residual read by TMA) has rows {bound.leading_dim} x "
                f"{leaf.element.short} apart, not a multiple of 16 bytes"
            )
