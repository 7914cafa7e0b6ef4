"""bolt.gemm -> one CUTLASS 2.x translation unit: a multistage tensor-op (mma.sync) GEMM with
the anchor's epilogue as an Sm80 epilogue visitor tree.

The TU instantiates `cutlass::gemm::kernel::DefaultGemmWithVisitor` (CUTLASS's
`DefaultGemmUniversal` mainloop: cp.async multistage, threadblock tile, warp tile, 16x8x16
mma.sync, and `EpilogueWithVisitorCallbacks` running the Sm80EVT that `evt_sm80.py` renders from
evt.py's tree) and `GemmUniversalAdapter`, all in an anonymous namespace, and exports the same
three C functions, with the same parameters and `ParamRole`s, as gemm_sm90 (its docstring is
the contract; `EntryPoint` describes it). It is compiled for sm_80 (cubin plus PTX, so an
sm_80 model.so also runs on Hopper) or, when `#bolt.kernel<"gemm_sm80", ...>` selects it on an
sm_90a target, for sm_90a: CUTLASS 2.x kernels run on Hopper, as the fallback and comparison.

What differs from gemm_sm90, and why
------------------------------------
- **Configuration.** `#bolt.kernel<"gemm_sm80", tile [M, N, K], cluster [1, 1, 1], stages S,
  "multistage warp MxNxK">`: the schedule string names the warp tile (CUTLASS 2.x has no
  clusters and one mainloop schedule); plain "multistage" derives the warp tile from the tile
  (`default_warp_tile`). At least 3 stages (fewer selects another mainloop), all of them within
  the A100's 163 KB of shared memory, so a kernel built for sm_80 runs on either GPU.
- **Alignment.** cp.async copies 4, 8 or 16 bytes: A and B rows need at least 2 16-bit elements
  (the pad-alignment pass pads K and N); the widest access dividing each leading dimension is
  used. D and the epilogue's loads use the widest access dividing N, down to one element: the
  visitor tree stores through registers, not TMA, so any N takes a fused epilogue here (sm_90a
  needs 16-byte rows for one).
- **Batches.** `GemmUniversalMode::kBatched` with a batch stride per operand (0 shares it); a
  batched lhs times a 2-D rhs folds the batch into M as gemm_sm90 does (one larger GEMM), except
  a transposed lhs, which has no single strided form: it runs batched with B's stride 0.
- **Clamp** bounds become run-time scalars (`evt_sm80.for_sm80`).
- The visitor epilogue has no split-K (CUTLASS asserts it): every GEMM runs data-parallel.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from boltc.analysis.concat_placement import row_pitch
from boltc.dialects import bolt
from boltc.lowering.cutlass import evt_sm80
from boltc.lowering.cutlass.cpp import (
    chosen_kernel,
    kernel_reason,
    SelfChecking,
    lower_at,
    EXPORT_MACRO,
    VECTOR_BYTES,
    Element,
    GmemLayout,
    InvalidKernelConfig,
    Shape3,
    UnsupportedEpilogue,
    instantiate,
    max_alignment,
)
from boltc.lowering.cutlass.evt import (
    EpilogueBinding,
    EpilogueTree,
    LeafKind,
    LeafParams,
    Role,
    build_epilogue,
)
from boltc.lowering.cutlass.gemm_sm90 import GemmLowering, gemm_entry_params, gemm_operand_types
from boltc.lowering.cutlass.kernel_abi import (
    CutlassKernel,
    Argument,
    CParam,
    EntryPoint,
    Operand,
    OperandKind,
    ParamRole,
    bind_arguments,
    render_exports,
    tu_preamble,
)

FAMILY = "gemm_sm80"
MULTISTAGE = "multistage"
# cutlass::arch::Sm80's shared memory per CTA (163 KB on the A100; the H100 has more).
SM80_SMEM_CAPACITY = 163 * 1024
INSTRUCTION = Shape3(16, 8, 16)  # mma.sync.m16n8k16 for f16 and bf16
CP_ASYNC_MIN_BYTES = 4  # cp.async copies 4, 8 or 16 bytes
MAX_WARPS = 8
MIN_STAGES = 3  # DefaultMma picks MmaMultistage for 3 or more stages on Sm80
_SCHEDULE = re.compile(rf"{MULTISTAGE}(?: warp (\d+)x(\d+)x(\d+))?")


# --------------------------------------------------------------------------------------
# Configuration (shared with conv_sm80), validated as CUTLASS 2.x static_asserts it.
# --------------------------------------------------------------------------------------


def default_warp_tile(tile: Shape3) -> Shape3:
    """The warp tile CUTLASS's generator pairs with `tile`: split the larger of M and N (N on a
    tie) in halves until there are 4 warps, 8 for tiles of 128x256 elements or more:
    128x128 -> 64x64, 256x64 -> 64x64, 128x64 -> 64x32, 64x64 -> 32x32, 128x256 -> 64x64."""
    warps = 8 if tile.m * tile.n >= 128 * 256 else 4
    m, n = tile.m, tile.n
    while (tile.m // m) * (tile.n // n) < warps and max(m, n) > 16:
        if n >= m:
            n //= 2
        else:
            m //= 2
    return Shape3(m, n, tile.k)


def parse_schedule(schedule: str, tile: Shape3) -> Shape3:
    """The warp tile a #bolt.kernel schedule string names ("multistage" or
    "multistage warp MxNxK")."""
    match = _SCHEDULE.fullmatch(schedule)
    if match is None:
        raise InvalidKernelConfig(
            f"schedule {schedule!r}: CUTLASS 2.x kernels take {MULTISTAGE!r} (warp tile derived from the "
            f"tile) or '{MULTISTAGE} warp MxNxK'"
        )
    if match.group(1) is None:
        return default_warp_tile(tile)
    return Shape3.of(int(g) for g in match.groups())


def element_blocker(element: Element) -> str | None:
    """Why the tensor-op mainloop cannot take `element` inputs; None if it can."""
    if element not in (Element.F16, Element.BF16):
        return (
            f"sm_80 tensor-op inputs must be f16 or bf16, got {element.short} (f32 would run as tf32; "
            "convert-precision picks the compute type)"
        )
    return None


def mainloop_blocker(element: Element, tile: Shape3, warp: Shape3, stages: int, alignments: dict[str, int]) -> str | None:
    """Why a CUTLASS 2.x multistage tensor-op mainloop with this tile, warp tile, stages and
    operand alignments (elements per global access) would not compile or run; None if fine."""
    problem = element_blocker(element)
    if problem:
        return problem
    for what, alignment in alignments.items():
        if alignment < 1 or alignment & (alignment - 1) or alignment * element.bytes > VECTOR_BYTES:
            return f"alignment {alignment} of {what} is not a power of two of at most 16 bytes"
        if alignment * element.bytes < CP_ASYNC_MIN_BYTES:
            return (
                f"{what} is read {alignment} x {element.short} = {alignment * element.bytes} bytes at a time; "
                f"cp.async copies at least {CP_ASYNC_MIN_BYTES} bytes (make the contiguous dimension even: "
                "the pad-alignment pass)"
            )
    if tile.k not in (32, 64):
        return f"tile K must be 32 or 64 (two or four 16-wide mma.sync steps per stage), got {tile.k}"
    if warp.k != tile.k:
        return f"warp tile K {warp.k} must equal tile K {tile.k} (no sliced-K warps)"
    for what, t, w in (("M", tile.m, warp.m), ("N", tile.n, warp.n)):
        if w % 16 or not 16 <= w <= 128:
            return f"warp tile {what} must be a multiple of 16 in [16, 128], got {w}"
        if t % w or not 16 <= t <= 256:
            return f"tile {what} {t} must be in [16, 256] and a multiple of the warp tile's {w}"
    warps = (tile.m // warp.m) * (tile.n // warp.n)
    if warps not in (1, 2, 4, MAX_WARPS):
        return f"tile {tile} over warp tile {warp} is {warps} warps; CUTLASS 2.x kernels use 1, 2, 4 or 8"
    if stages < MIN_STAGES:
        return f"the multistage mainloop needs at least {MIN_STAGES} stages, got {stages}"
    stage_bytes = (tile.m + tile.n) * tile.k * element.bytes
    if stages * stage_bytes > SM80_SMEM_CAPACITY:
        return (
            f"{stages} stages of {stage_bytes} bytes exceed the {SM80_SMEM_CAPACITY} bytes of shared "
            "memory of an sm_80 CTA"
        )
    return None


@dataclass(frozen=True)
class GemmSm80Config(SelfChecking):
    """Everything about the kernel except the epilogue tree."""

    element_ab: Element
    element_d: Element
    layout_a: GmemLayout
    layout_b: GmemLayout
    alignment_a: int  # elements per global access (cp.async: at least 4 bytes)
    alignment_b: int
    alignment_d: int  # elements per epilogue access: D, and the vector loads of the tree
    tile: Shape3
    warp: Shape3
    stages: int

    def summary(self) -> str:
        return (
            f"gemm_sm80 {self.element_ab.short}->{self.element_d.short} "
            f"A {self.layout_a.value[0]}/{self.alignment_a} B {self.layout_b.value[0]}/{self.alignment_b} "
            f"D row/{self.alignment_d}, tile {self.tile}, warp {self.warp}, stages {self.stages}, {MULTISTAGE}"
        )

    def blocker(self) -> str | None:
        refused = evt_sm80.output_blocker(self.tile.n, self.alignment_d, self.element_d, "D")
        if refused:
            return refused
        return mainloop_blocker(
            self.element_ab, self.tile, self.warp, self.stages, {"A": self.alignment_a, "B": self.alignment_b}
        )


# --------------------------------------------------------------------------------------
# The C entry point: gemm_sm90's contract.
# --------------------------------------------------------------------------------------


# --------------------------------------------------------------------------------------
# The kernel: a configuration and an epilogue tree -> one TU.
# --------------------------------------------------------------------------------------

INCLUDES = """\
#include <cstddef>
#include <cstdint>
#include <limits>

#include <cuda_runtime.h>

#include "cutlass/cutlass.h"
#include "cutlass/numeric_types.h"
#include "cutlass/epilogue/thread/activation.h"
"""
# visitors.hpp uses cutlass::gemm::GemmCoord and the 2.x epilogue thread maps without including
# them: it comes after the kernel headers, as in CUTLASS's example 47.
VISITORS_INCLUDE = '#include "cutlass/epilogue/threadblock/fusion/visitors.hpp"\n'

_GEMM_INCLUDES = INCLUDES + """\
#include "cutlass/gemm/device/gemm_universal_adapter.h"
#include "cutlass/gemm/kernel/default_gemm_universal_with_visitor.h"
#include "cutlass/gemm/threadblock/threadblock_swizzle.h"
""" + VISITORS_INCLUDE + "\n" + EXPORT_MACRO


def sm80_shapes(tile: Shape3, warp: Shape3, stages: int) -> list[str]:
    """The tile, warp tile, instruction and stage declarations of a CUTLASS 2.x kernel."""
    return [
        f"using ThreadblockShape = cutlass::gemm::GemmShape<{tile.m}, {tile.n}, {tile.k}>;",
        f"using WarpShape = cutlass::gemm::GemmShape<{warp.m}, {warp.n}, {warp.k}>;",
        f"using InstructionShape = cutlass::gemm::GemmShape<{INSTRUCTION.m}, {INSTRUCTION.n}, {INSTRUCTION.k}>;",
        f"constexpr int Stages = {stages};",
        "// One shared-memory buffer for the accumulator tile in the epilogue (two would overlap",
        "// the visitor's loads with the next step's stores, for twice the shared memory).",
        "constexpr int EpilogueStages = 1;",
    ]


def visitor_declarations(tree: EpilogueTree, element_d: Element) -> list[str]:
    """The epilogue's thread map and the Sm80EVT over it, ending in `using Callbacks = ...`."""
    decls, _ = evt_sm80.render_types(tree, thread_map="OutputTileThreadMap", element_d=element_d)
    return [
        "// How the epilogue's threads cover the output tile: every visitor node partitions with it.",
        "using OutputTileThreadMap = "
        + instantiate(
            "cutlass::epilogue::threadblock::OutputTileThreadLayout",
            "ThreadblockShape", "WarpShape", "ElementD", "AlignmentD", "EpilogueStages",
        )
        + ";",
        "",
        "// The epilogue visitor tree; its root stores D.",
        *decls,
    ]


@dataclass(frozen=True)
class GemmSm80Kernel(CutlassKernel):
    """One CUTLASS 2.x GEMM translation unit. `epilogue` is the tree as rendered (after
    `evt_sm80.for_sm80`)."""

    FAMILY: ClassVar[str] = FAMILY

    config: GemmSm80Config
    epilogue: EpilogueTree

    def _entry_params(self) -> tuple[CParam, ...]:
        return gemm_entry_params(self.epilogue)

    def _render(self, name: str) -> str:
        entry = EntryPoint(name, gemm_entry_params(self.epilogue))
        # Nothing that differs between layers of this configuration goes into the text.
        body = "\n".join([self._render_types(), self._render_arguments(entry), render_exports(entry, "Gemm")])
        return tu_preamble(FAMILY, self.config.summary(), "gemm_sm80.py", entry, self.epilogue, _GEMM_INCLUDES) + body

    def _render_types(self) -> str:
        c = self.config
        lines = [
            *gemm_operand_types(c),
            *sm80_shapes(c.tile, c.warp, c.stages),
            "",
            *visitor_declarations(self.epilogue, c.element_d),
            "",
            "using GemmKernel = typename "
            + instantiate(
                "cutlass::gemm::kernel::DefaultGemmWithVisitor",
                "ElementA", "LayoutA", "cutlass::ComplexTransform::kNone", "AlignmentA",
                "ElementB", "LayoutB", "cutlass::ComplexTransform::kNone", "AlignmentB",
                "ElementD", "LayoutD", "AlignmentD",
                "ElementAccumulator", "ElementCompute",
                "cutlass::arch::OpClassTensorOp", "cutlass::arch::Sm80",
                "ThreadblockShape", "WarpShape", "InstructionShape",
                "Callbacks",
                "cutlass::gemm::threadblock::GemmIdentityThreadblockSwizzle<8>",
                "Stages", "cutlass::arch::OpMultiplyAdd", "EpilogueStages",
            )
            + "::GemmKernel;",
            "using Gemm = cutlass::gemm::device::GemmUniversalAdapter<GemmKernel>;",
        ]
        return "\n".join(lines) + "\n"

    def _render_arguments(self, entry: EntryPoint) -> str:
        leaf_params = [
            LeafParams(f"x{i}", f"x{i}_batch_stride", f"x{i}_ld" if leaf.kind is LeafKind.AUX else None)
            for i, leaf in enumerate(self.epilogue.leaves)
        ]
        callbacks = evt_sm80.render_arguments(
            self.epilogue, leaf_params, [f"s{j}" for j in range(len(self.epilogue.scalars))],
            d="d", ldd="ldd", batch_stride_d="batch_stride_d", element_d=self.config.element_d,
        ).replace("\n", "\n  ")
        problem = ", ".join(p.declaration() for p in entry.problem_params)
        return f"""\
typename Gemm::Arguments make_arguments({problem}) {{
  // Each Sm80EVT node's arguments: {{first child, ..., last child, the node's own}}; the
  // outermost node stores D (row-major, ldd, batch_stride_d).
  typename Callbacks::Arguments const callbacks{callbacks};
  // Batched mode: the grid's third dimension is the batch (the visitor's L coordinate).
  // C and D are the visitor tree's business: their pointers and strides here are unused.
  return typename Gemm::Arguments(
      cutlass::gemm::GemmUniversalMode::kBatched, {{m, n, k}}, batch, callbacks,
      a, b, nullptr, nullptr,
      batch_stride_a, batch_stride_b, 0, batch_stride_d,
      lda, ldb, 0, ldd);
}}

}}  // namespace
"""


# --------------------------------------------------------------------------------------
# bolt.gemm -> kernel + the arguments this op passes.
# --------------------------------------------------------------------------------------


def lower_gemm(op: bolt.GemmOp, *, arch: str = "sm_80") -> GemmLowering:
    """The CUTLASS 2.x kernel for `op` (from its #bolt.kernel, else heuristic_sm80) and its call,
    on `arch` (sm_80, or sm_90a where the CUTLASS 2.x family is chosen explicitly)."""
    return lower_at(op, _lower_gemm, arch, (InvalidKernelConfig, UnsupportedEpilogue), family=FAMILY)


def folds_batch(op: bolt.GemmOp) -> bool:
    """A 2-D rhs shared by a batched lhs: the batch folds into M when A's rows are contiguous."""
    batch = op.problem_shape()[0]
    return (len(bolt.shape_of(op.lhs)) == 3 and len(bolt.shape_of(op.rhs)) != 3 and batch > 1
            and op.transpose_a is None)


def kernel_shape(op: bolt.GemmOp) -> tuple[int, int, int, int]:
    """(M, N, K, batch) as the kernel runs `op` (a folded batch in M): what the heuristic sizes."""
    batch, m, n, k = op.problem_shape()
    return (batch * m, n, k, 1) if folds_batch(op) else (m, n, k, batch)


def config_from_attr(attr: bolt.KernelAttr, family: str) -> tuple[Shape3, Shape3, int]:
    """(tile, warp tile, stages) of a #bolt.kernel for a CUTLASS 2.x family."""
    if attr.family.data != family:
        raise InvalidKernelConfig(f"#bolt.kernel family {attr.family.data!r} is not {family!r}")
    cluster = Shape3.of(bolt.int_list(attr.cluster))
    if cluster != Shape3(1, 1, 1):
        raise InvalidKernelConfig(f"cluster {cluster}: CUTLASS 2.x kernels have no thread-block clusters (use [1, 1, 1])")
    tile = Shape3.of(bolt.int_list(attr.tile))
    if attr.stage_count is None:
        raise InvalidKernelConfig(f"{family} kernels take a stage count, not 'stages auto' (a CUTLASS 3 choice)")
    return tile, parse_schedule(attr.schedule.data, tile), attr.stages.data


def _lower_gemm(op: bolt.GemmOp, arch: str) -> GemmLowering:
    if arch not in ("sm_80", "sm_90a"):
        raise InvalidKernelConfig(f"{FAMILY} kernels run on sm_80 and sm_90a, not {arch}")
    batch, m, n, k = op.problem_shape()
    a_shape, b_shape = bolt.shape_of(op.lhs), bolt.shape_of(op.rhs)
    element = Element.from_mlir(op.lhs.type.get_element_type())  # type: ignore[attr-defined]
    element_d = Element.from_mlir(op.result.type.get_element_type())  # type: ignore[attr-defined]
    transpose_a, transpose_b = op.transpose_a is not None, op.transpose_b is not None
    batched_a, batched_b = len(a_shape) == 3, len(b_shape) == 3

    fold = folds_batch(op)
    roles = ((Role.M, Role.M, Role.N) if fold else (Role.L, Role.M, Role.N)) if batched_a else (Role.M, Role.N)
    kernel_m, _, _, kernel_batch = kernel_shape(op)

    # A placed operand or result (analysis/concat_placement.py: a concatenation's columns)
    # has rows bolt.row_pitch elements apart.
    lda = m if transpose_a else (row_pitch(op.lhs) or k)
    ldd = row_pitch(op.result) or n
    ldb = k if transpose_b else n
    layout_a = GmemLayout.COLUMN_MAJOR if transpose_a else GmemLayout.ROW_MAJOR
    layout_b = GmemLayout.COLUMN_MAJOR if transpose_b else GmemLayout.ROW_MAJOR
    # An operand's batch stride must keep every batch's rows on the same access granule.
    alignment_a = max_alignment(lda, element) if not batched_a or fold else min(
        max_alignment(lda, element), max_alignment(m * k, element))
    alignment_b = min(max_alignment(ldb, element), max_alignment(n * k, element)) if batched_b else (
        max_alignment(ldb, element))
    batched_d = batched_a and not fold
    alignment_d = min(max_alignment(n, element_d), max_alignment(m * n, element_d)) if batched_d else (
        min(max_alignment(n, element_d), max_alignment(ldd, element_d)))

    tree, binding = evt_sm80.for_sm80(*build_epilogue(op, roles, element_d))
    if element_blocker(element):  # before the kernel, which the heuristic had nothing to choose for
        raise InvalidKernelConfig(element_blocker(element))
    tile, warp, stages = config_from_attr(chosen_kernel(op, FAMILY), FAMILY)
    note = kernel_reason(op)
    config = GemmSm80Config(
        element_ab=element, element_d=element_d, layout_a=layout_a, layout_b=layout_b,
        alignment_a=alignment_a, alignment_b=alignment_b, alignment_d=alignment_d,
        tile=tile, warp=warp, stages=stages,
    )
    check_leaf_alignment(tree, binding, alignment_d)
    kernel = GemmSm80Kernel(config, tree)

    values: dict[ParamRole, Argument] = {
        ParamRole.M: kernel_m, ParamRole.N: n, ParamRole.K: k, ParamRole.BATCH: kernel_batch,
        ParamRole.A: Operand(OperandKind.LHS), ParamRole.LDA: lda,
        ParamRole.BATCH_STRIDE_A: m * k if batched_a and not fold else 0,
        ParamRole.B: Operand(OperandKind.RHS), ParamRole.LDB: ldb,
        ParamRole.BATCH_STRIDE_B: n * k if batched_b else 0,
        ParamRole.D: Operand(OperandKind.RESULT), ParamRole.LDD: ldd,
        ParamRole.BATCH_STRIDE_D: m * n if batched_d else 0,
    }
    return GemmLowering(kernel, bind_arguments(kernel.entry_point, values, binding), note)  # type: ignore[arg-type]


def check_leaf_alignment(tree: EpilogueTree, binding: EpilogueBinding, alignment_d: int) -> None:
    """Row broadcasts and aux loads read `alignment_d` elements per access (the epilogue thread
    map's width, up to 16 bytes) at offsets that are multiples of it within a row: their rows and
    batches must start on such a granule too."""
    for leaf, bound in zip(tree.leaves, binding.leaves):
        strides = []
        if leaf.kind is LeafKind.AUX:
            strides.append(("rows", bound.leading_dim))
        if leaf.kind in (LeafKind.AUX, LeafKind.ROW):
            strides.append(("batches", bound.batch_stride))
        for what, stride in strides:
            if stride and stride % alignment_d:
                raise InvalidKernelConfig(
                    f"extra {bound.extra} has {what} {stride} elements apart; the epilogue reads it "
                    f"{alignment_d} elements at a time (as it stores D), so that must be a multiple of {alignment_d}"
                )
