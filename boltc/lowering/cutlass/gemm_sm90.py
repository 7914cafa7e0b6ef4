"""bolt.gemm -> one CUTLASS 3 sm_90a translation unit (TMA warp-specialized GEMM + EVT epilogue).

The TU instantiates CUTLASS's `CollectiveBuilder` mainloop (cooperative or pingpong, TMA or,
for rows that are not 16-byte aligned, cp.async), the collective epilogue with the anchor's
epilogue visitor tree (`evt.py`) and `GemmUniversal`, all inside an anonymous namespace, and
exports three C functions. It is a split pair (cpp.py, "Split translation units"): `render()`
is the host TU with the entry points (launching through `KernelAdapter`, CUTLASS's adapter
interface over the kernel loaded from its embedded fatbin), `render_device()` the kernel alone;
build.py compiles the two at once. Problem sizes, pointers, strides and the
stream are run-time arguments: one TU per distinct configuration serves every layer that uses
it (`GemmSm90Kernel.name` is a hash of the TU text, so equal configurations dedupe by name).

The C interface (the contract with host code; `EntryPoint` describes it from Python)
-------------------------------------------------------------------------------------
For a kernel named NAME (`boltc_gemm_sm90_<16 hex digits>`):

    int NAME(int m, int n, int k, int batch,
             const void* a, int64_t lda, int64_t batch_stride_a,
             const void* b, int64_t ldb, int64_t batch_stride_b,
             void* d, int64_t ldd, int64_t batch_stride_d,
             /* per epilogue leaf i, in order: */
             const void* x<i>, [int64_t x<i>_ld,  -- aux (residual) leaves only]
             int64_t x<i>_batch_stride,
             /* per epilogue scalar constant j, in order: */
             float s<j>,
             void* workspace, size_t workspace_size, cudaStream_t stream);
    size_t NAME_workspace_size(<the same parameters without workspace, workspace_size, stream>);
    int NAME_can_implement(<the same parameters without workspace, workspace_size, stream>);

- D[l] (m x n, row-major, leading dimension ldd) = epilogue(A[l] @ B[l]) for l < batch, where
  A[l] is m x k row-major (lda >= k), or column-major (k x m storage, lda >= m) when the op has
  transpose_a; B[l] is k x n row-major (ldb >= n), or column-major, i.e. stored n x k
  (ldb >= k), when the op has transpose_b. Strides are in elements; a batch stride of 0 shares
  an operand between batches. Element types are fixed by the TU.
- Pointers must be 16-byte aligned (TMA); `x<i>` points at the i-th leaf's extra operand.
- Returns a `cutlass::Status` value (`CutlassStatus`): 0 success; 11 (kInvalid) when
  CUTLASS's can_implement refuses the arguments (strides not 16-byte aligned for TMA, say: seen
  on an H100 for K=510 given to a TMA kernel); 6 when the workspace is too small (or null where
  needed); 7 when the launch failed; others as CUTLASS defines them. The launch is asynchronous
  on `stream`; nothing synchronizes, and nothing is allocated. `NAME_workspace_size` is the workspace the same arguments need (0 but for the
  stream-K schedule, which keeps partial sums there; call it); `NAME_can_implement` is CUTLASS's own check, without launching.
- `GemmLowering.arguments` says, per parameter, what one bolt.gemm passes: a number, an
  operand (lhs, rhs, result or extra i), or something only the host has (workspace, stream).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from boltc.analysis.concat_placement import row_pitch
from boltc.dialects import bolt
from boltc.lowering.cutlass.cpp import (
    chosen_kernel,
    kernel_reason,
    SelfChecking,
    lower_at,
    EXPORT_MACRO,
    KERNEL_ADAPTER_HEADER,
    KERNEL_NAME_PLACEHOLDER,
    device_entry,
    host_adapter,
    kernel_adapter,
    stages_blocker,
    tensor_op_inputs_blocker,
    ROUND_TO_NEAREST,
    VECTOR_BYTES,
    Element,
    EpilogueSchedule,
    GmemLayout,
    InvalidKernelConfig,
    KernelSchedule,
    Shape3,
    instantiate,
    max_alignment,
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
from boltc.lowering.cutlass.kernel_abi import (  # noqa: F401  (some re-exported: importers' old names)
    HOST_ROLES,
    Argument,
    CParam,
    CutlassKernel,
    CutlassStatus,
    EntryPoint,
    KernelLowering,
    Operand,
    OperandKind,
    ParamRole,
    bind_arguments,
    epilogue_params,
    render_exports,
    tu_preamble,
)

if TYPE_CHECKING:  # gemm_sm80 imports this module
    from boltc.lowering.cutlass.gemm_sm80 import GemmSm80Config

FAMILY = "gemm_sm90"
# cutlass::arch::sm90_smem_capacity_bytes: shared memory one CTA may use on sm_90.
SM90_SMEM_CAPACITY = 232448
_BARRIER_BYTES = 32  # per mainloop stage: two 64-bit mbarriers, rounded up generously


# --------------------------------------------------------------------------------------
# Configuration, validated as CUTLASS's builders static_assert it.
# --------------------------------------------------------------------------------------


class Sm90MainloopChecks(SelfChecking):
    """What the sm_90a GEMM and convolution configurations check alike about their
    warp-specialized TMA mainloop: tile K, the cluster, and the stages against shared memory.
    Mixed into frozen dataclasses with `element_ab`, `tile`, `cluster` and `stages`."""

    element_ab: Element
    tile: Shape3
    cluster: Shape3
    stages: int | None

    @property
    def stage_bytes(self) -> int:
        """Shared memory of one mainloop stage: an A (activation) and a B (filter) tile plus
        its barriers."""
        t = self.tile
        return (t.m + t.n) * t.k * self.element_ab.bytes + _BARRIER_BYTES

    def mainloop_blocker(self) -> str | None:
        if self.tile.k % 16 or not 32 <= self.tile.k <= 256:
            return f"tile K must be a multiple of 16 in [32, 256] (WGMMA K is 16 for 16-bit types), got {self.tile.k}"
        c = self.cluster
        if c.k != 1 or c.m not in (1, 2, 4) or c.n not in (1, 2, 4) or c.m * c.n > 8:
            return f"cluster must be M x N x 1 with M, N in {{1, 2, 4}} and at most 8 CTAs, got {c}"
        if self.stages is not None:
            if self.stages < 2:
                return f"the warp-specialized mainloop needs at least 2 stages, got {self.stages}"
            if self.stages * self.stage_bytes > SM90_SMEM_CAPACITY:
                return (
                    f"{self.stages} stages of {self.stage_bytes} bytes exceed the "
                    f"{SM90_SMEM_CAPACITY} bytes of shared memory"
                )
        elif 2 * self.stage_bytes > SM90_SMEM_CAPACITY:
            return f"not even 2 stages of {self.stage_bytes} bytes fit in shared memory"
        return None


MAX_SPLITS = 8  # split-K counts the space offers stay far below; more is refused as a typo
SWIZZLE = "swizzle"  # the schedule string's suffix keyword: "cooperative swizzle 8"
SWIZZLES = (1, 2, 4, 8)  # CUTLASS's get_log_swizzle_size uses at most 8 (log 3)


def splitk_schedule(splits: int) -> str:
    """The #bolt.kernel schedule string of split-K in `splits` parts."""
    return f"{KernelSchedule.TMA_COOPERATIVE_SPLITK.bolt_name} {splits}"


def swizzled_schedule(name: str, swizzle: int) -> str:
    """`name` with the tile scheduler's swizzle as its suffix (`"cooperative swizzle 8"`);
    swizzle 1, CUTLASS's default, is the plain name."""
    return name if swizzle == 1 else f"{name} {SWIZZLE} {swizzle}"


@dataclass(frozen=True)
class ScheduleWords:
    """Any family's schedule string read leniently (`schedule_words`): its first word, the
    split count after `cooperative_splitk` and the `swizzle S` suffix, 1 where absent or
    malformed. What the tuning model and the space read; `schedule_of` is the check."""

    base: str
    splits: int = 1
    swizzle: int = 1


def _schedule_parts(name: str) -> tuple[str, list[str], str | None]:
    """The one grammar of a schedule string, `BASE [PARAMS...] [swizzle S]`, split into BASE,
    the words between and S's word (None without the suffix); what they mean is the readers'."""
    words = name.split()
    base, rest = (words[0], words[1:]) if words else (name, [])
    if len(rest) >= 2 and rest[-2] == SWIZZLE:
        return base, rest[:-2], rest[-1]
    return base, rest, None


def schedule_words(name: str) -> ScheduleWords:
    """`"cooperative_splitk 2 swizzle 2"` -> ScheduleWords("cooperative_splitk", 2, 2);
    `"multistage warp 64x64x32"` -> ScheduleWords("multistage")."""
    base, params, swizzle = _schedule_parts(name)
    split_k = base == KernelSchedule.TMA_COOPERATIVE_SPLITK.bolt_name
    splits = int(params[0]) if split_k and params and params[0].isdigit() else 1
    return ScheduleWords(base, splits, int(swizzle) if swizzle and swizzle.isdigit() else 1)


def effective_swizzle(swizzle: int, ctas_m: int, ctas_n: int) -> int:
    """The swizzle CUTLASS's persistent scheduler runs for a max_swizzle_size of `swizzle` on a
    grid of ctas_m x ctas_n CTAs (whole clusters): get_log_swizzle_size caps it by the grid's
    shorter side, 8 needing 6 CTAs there, 4 three and 2 two. The scheduler then rounds both
    sides up to whole bands of swizzle x cluster CTAs; the extra ones run masked tiles."""
    shorter = min(ctas_m, ctas_n)
    for size, needs in ((8, 6), (4, 3), (2, 2)):
        if swizzle >= size and shorter >= needs:
            return size
    return 1


@dataclass(frozen=True)
class Sm90Schedule:
    """A gemm_sm90 #bolt.kernel schedule string, read (`schedule_of`)."""

    kernel: KernelSchedule
    splits: int = 1  # cooperative_splitk's count; 1 for every other schedule
    swizzle: int = 1  # the tile scheduler's max_swizzle_size; 1 is CUTLASS's default


def schedule_of(name: str, *, tma: bool) -> Sm90Schedule:
    """The kernel schedule, split count and tile-scheduler swizzle a #bolt.kernel's schedule
    string names: `BASE [SPLITS] [swizzle S]`. BASE is one KernelSchedule word; SPLITS follows
    `cooperative_splitk`, and only it (`"cooperative_splitk 3"`); the optional suffix
    `swizzle S` is CUTLASS's max_swizzle_size (`"pingpong swizzle 4"`). Only the syntax is
    checked here: which counts are legal, GemmSm90Config.blocker says."""
    base, rest, swizzle_word = _schedule_parts(name)
    schedule = KernelSchedule.select(base, tma=tma)
    swizzle = 1
    if swizzle_word is not None or rest[-1:] == [SWIZZLE]:
        if swizzle_word is None or not swizzle_word.isdigit():
            raise InvalidKernelConfig(
                f"`{SWIZZLE}` takes the tile scheduler's swizzle, as \"{swizzled_schedule(base, 8)}\", got {name!r}")
        swizzle = int(swizzle_word)
    if not schedule.split_k:
        if rest:
            raise InvalidKernelConfig(
                f"sm_90a GEMM schedule {base!r} takes no parameter but `{SWIZZLE} S`, got {name!r}")
        return Sm90Schedule(schedule, 1, swizzle)
    if len(rest) != 1 or not rest[0].isdigit():
        raise InvalidKernelConfig(
            f"the split-K schedule needs its split count, as \"{splitk_schedule(2)}\", got {name!r}")
    return Sm90Schedule(schedule, int(rest[0]), swizzle)


@dataclass(frozen=True)
class GemmSm90Config(Sm90MainloopChecks):
    """Everything about the kernel except the epilogue tree."""

    element_ab: Element
    element_d: Element
    layout_a: GmemLayout
    layout_b: GmemLayout
    alignment_a: int  # elements per global access; TMA needs 16 bytes, cp.async 4
    alignment_b: int
    alignment_d: int
    tile: Shape3
    cluster: Shape3
    schedule: KernelSchedule
    stages: int | None = None  # None: StageCountAutoCarveout (as many as fit)
    epilogue_n: int = 32  # N of the epilogue's subtiles (heuristic.epilogue_subtile_n); 32 is CUTLASS's
    splits: int = 1  # the cooperative_splitk schedule's split count (>= 2); 1 for every other
    # The persistent tile scheduler's max_swizzle_size: consecutive tiles walk bands of this many
    # tiles across the raster, so one wave shares its operands' slices in L2; 1 walks plain rows.
    swizzle: int = 1

    def summary(self) -> str:
        stages = "auto" if self.stages is None else str(self.stages)
        return (
            f"gemm_sm90 {self.element_ab.short}->{self.element_d.short} "
            f"A {self.layout_a.value[0]}/{self.alignment_a} B {self.layout_b.value[0]}/{self.alignment_b} "
            f"D row/{self.alignment_d}, tile {self.tile}, cluster {self.cluster}, stages {stages}, "
            f"{self.schedule.name.lower()}"
            + (f" {self.splits}" if self.schedule.split_k else "")
            + (f" {SWIZZLE} {self.swizzle}" if self.swizzle != 1 else "")
            + ("" if self.epilogue_n == 32 else f", epilogue {'x'.join(map(str, self.epilogue_tile()))}")
        )

    def blocker(self) -> str | None:
        """Why CUTLASS would refuse this configuration (or it could not run); None if fine."""
        e = self.element_ab
        if e not in (Element.F16, Element.BF16):
            return (
                f"sm_90a GEMM inputs must be f16 or bf16, got {e.short} (f32 would run as tf32; "
                "convert-precision picks the compute type)"
            )
        for what, alignment, element in (
            ("A", self.alignment_a, e), ("B", self.alignment_b, e), ("D", self.alignment_d, self.element_d),
        ):
            if alignment < 1 or alignment & (alignment - 1) or alignment * element.bytes > VECTOR_BYTES:
                return f"alignment {alignment} of {what} is not a power of two of at most 16 bytes"
        need = VECTOR_BYTES if self.schedule.uses_tma else 4  # tma_alignment_bytes / cp_async_min
        for what, alignment in (("A", self.alignment_a), ("B", self.alignment_b)):
            if (alignment * e.bytes) % need:
                loader = "TMA" if self.schedule.uses_tma else "cp.async"
                return (
                    f"{what} is read {alignment} x {e.short} = {alignment * e.bytes} bytes at a time; "
                    f"{loader} needs multiples of {need} bytes (pad the contiguous dimension: "
                    "the pad-alignment pass)"
                )
        t = self.tile
        if self.schedule.cooperative and t.m not in (128, 256):
            return f"a cooperative kernel splits tile M over two warpgroups: M must be 128 or 256, got {t.m}"
        if not self.schedule.cooperative and t.m not in (64, 128):
            return f"a pingpong kernel's warpgroup owns a whole tile: M must be 64 or 128, got {t.m}"
        if t.n % 16 or not 16 <= t.n <= 256:
            return f"tile N must be a multiple of 16 in [16, 256] (WGMMA N and the epilogue's copy atom), got {t.n}"
        if not self.schedule.uses_tma and (self.cluster.m, self.cluster.n) != (1, 1):
            return "cp.async mainloops (rows not 16-byte aligned) have no multicast: cluster must be 1x1x1"
        if self.schedule.split_k and not 2 <= self.splits <= MAX_SPLITS:
            return f"cooperative_splitk takes a split count from 2 to {MAX_SPLITS}, got {self.splits}"
        if not self.schedule.split_k and self.splits != 1:
            return f"only cooperative_splitk splits K, not {self.schedule.bolt_name}"
        if self.swizzle not in SWIZZLES:
            return f"the tile scheduler's swizzle is one of {', '.join(map(str, SWIZZLES))}, got {self.swizzle}"
        if self.swizzle != 1 and self.schedule.stream_k:
            # CUTLASS's stream-K scheduler takes the argument too, but boltc runs these schedules
            # on problems of under one wave (no later wave to share L2 with), and the swizzle's
            # rounding of the tile grid would split and reduce masked tiles: never GPU-checked.
            return (
                f"swizzle is for the data-parallel persistent schedules (cooperative, pingpong), "
                f"not {self.schedule.bolt_name}, which runs under CUTLASS's stream-K scheduler"
            )
        return self.mainloop_blocker()

    @property
    def tma_epilogue(self) -> bool:
        return (self.alignment_d * self.element_d.bytes) % VECTOR_BYTES == 0

    def epilogue_tile(self) -> tuple[int, int]:
        """The epilogue's subtile: CUTLASS's EpilogueTileAuto (sm90_compute_tile_shape_or_override)
        with N = epilogue_n in place of its 32."""
        from math import gcd

        m = min(128 if self.schedule.cooperative else 64, self.tile.m)
        return m, gcd(min(self.epilogue_n, self.tile.n), self.tile.n)


# --------------------------------------------------------------------------------------
# The C entry point: what host code calls.
# --------------------------------------------------------------------------------------


def gemm_entry_params(tree: EpilogueTree) -> tuple[CParam, ...]:
    """The GEMM entry point's parameters (both GEMM families; the module docstring)."""
    R = ParamRole
    params = [
        CParam("m", "int", R.M), CParam("n", "int", R.N), CParam("k", "int", R.K),
        CParam("batch", "int", R.BATCH),
        CParam("a", "const void*", R.A), CParam("lda", "int64_t", R.LDA),
        CParam("batch_stride_a", "int64_t", R.BATCH_STRIDE_A),
        CParam("b", "const void*", R.B), CParam("ldb", "int64_t", R.LDB),
        CParam("batch_stride_b", "int64_t", R.BATCH_STRIDE_B),
        CParam("d", "void*", R.D), CParam("ldd", "int64_t", R.LDD),
        CParam("batch_stride_d", "int64_t", R.BATCH_STRIDE_D),
    ]
    return (*params, *epilogue_params(tree, batch_strides=True))


def tma_epilogue_smem_bytes(tile: Shape3, epilogue_tile: tuple[int, int], element_d: Element,
                            epilogue: EpilogueTree, *, prefetch_rows: bool = False) -> int:
    """An estimate of a TMA collective epilogue's shared memory (CUTLASS computes the exact
    value; this refuses configurations that cannot fit before nvcc runs): D's store stages, each
    aux load's stages, and a row broadcast's tile row (Sm90RowBroadcast stages the tile's N
    values in shared memory; Sm90ColBroadcast reads global memory straight into registers and
    has no shared storage)."""
    epi_m, epi_n = epilogue_tile
    tiles = (tile.m // epi_m) * (tile.n // epi_n)
    stages_d, stages_c = min(tiles, 2), min(tiles, 4)
    total = stages_d * epi_m * epi_n * element_d.bytes
    for leaf in epilogue.leaves:
        if leaf.kind is LeafKind.AUX:
            total += stages_c * epi_m * epi_n * leaf.element.bytes
        elif leaf.kind is LeafKind.ROW:  # Sm90RowBroadcastPrefetch keeps two tiles' rows
            total += (2 if prefetch_rows else 1) * tile.n * leaf.element.bytes
    return total + 256  # pipeline barriers


def gemm_operand_types(c: GemmSm90Config | GemmSm80Config) -> list[str]:
    """The element, layout and alignment declarations every GEMM TU opens its types with
    (both families' configurations carry the same fields)."""
    return [
        f"using ElementA = {c.element_ab.cpp};",
        f"using ElementB = {c.element_ab.cpp};",
        f"using ElementD = {c.element_d.cpp};",
        "using ElementAccumulator = float;",
        "using ElementCompute = float;",
        f"using LayoutA = {c.layout_a.cpp};",
        f"using LayoutB = {c.layout_b.cpp};",
        "using LayoutD = cutlass::layout::RowMajor;",
        f"constexpr int AlignmentA = {c.alignment_a};",
        f"constexpr int AlignmentB = {c.alignment_b};",
        f"constexpr int AlignmentD = {c.alignment_d};",
    ]


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
#include "cutlass/numeric_types.h"
#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/epilogue/fusion/sm90_callbacks_tma_warpspecialized.hpp"
#include "cutlass/epilogue/thread/activation.h"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/gemm/dispatch_policy.hpp"
#include "cutlass/gemm/kernel/gemm_universal.hpp"

""" + EXPORT_MACRO

_NAME_PLACEHOLDER = KERNEL_NAME_PLACEHOLDER


@dataclass(frozen=True)
class GemmSm90Kernel(CutlassKernel):
    """One sm_90a GEMM kernel (a split pair of translation units)."""

    FAMILY: ClassVar[str] = FAMILY

    config: GemmSm90Config
    epilogue: EpilogueTree

    def blocker(self) -> str | None:
        c = self.config
        if not c.tma_epilogue and not self.epilogue.is_plain_store:
            return (
                f"D is stored {c.alignment_d} x {c.element_d.short} = {c.alignment_d * c.element_d.bytes} "
                "bytes at a time; a fused epilogue (an EVT) needs the TMA epilogue and so 16-byte "
                "aligned rows of D (make N a multiple of "
                f"{VECTOR_BYTES // c.element_d.bytes}: the pad-alignment pass)"
            )
        return stages_blocker(c.stages, c.stage_bytes, self.epilogue_smem_bytes(), SM90_SMEM_CAPACITY)

    def epilogue_smem_bytes(self) -> int:
        c = self.config
        if not c.tma_epilogue:
            return 0
        return tma_epilogue_smem_bytes(c.tile, c.epilogue_tile(), c.element_d, self.epilogue,
                                       prefetch_rows=self.prefetch_rows)

    @property
    def prefetch_rows(self) -> bool:
        """Row broadcasts (biases) fetched by the epilogue load warp while the mainloop runs
        (evt.py, Sm90RowBroadcastPrefetch): the persistent TMA kernels run that warp beside the
        mainloop; the bulk copy needs D's rows 16-byte aligned, as the TMA epilogue does."""
        c = self.config
        # Not under stream-K: a CTA may run the epilogue of a tile it did not start, subtile by
        # subtile, which breaks the one-copy-per-tile buffering.
        return c.schedule.uses_tma and not c.schedule.stream_k and c.tma_epilogue and self.epilogue.has_row_broadcast

    @property
    def epilogue_schedule(self) -> EpilogueSchedule:
        if not self.config.tma_epilogue:
            return EpilogueSchedule.NO_SMEM
        return EpilogueSchedule.TMA_COOPERATIVE if self.config.schedule.cooperative else EpilogueSchedule.TMA

    def _entry_params(self) -> tuple[CParam, ...]:
        return gemm_entry_params(self.epilogue)

    @property
    def programmatic(self) -> bool:
        """Launched as a programmatic dependent (cpp.py: PDL_DEFINE). Not stream-K: CUTLASS
        4.2's stream-K scheduler does not compile with the grid-dependency calls (its const
        is_last_tile calls a non-const member)."""
        return not self.config.schedule.stream_k

    # -- rendering ---------------------------------------------------------------------

    def _render(self, name: str) -> str:
        c = self.config
        entry = EntryPoint(name, gemm_entry_params(self.epilogue))
        # Nothing that differs between layers of this configuration goes into the text (sizes,
        # why the heuristic chose it): the name hashes the text, one name is one TU.
        body = "\n".join([
            self._render_types(),
            host_adapter(name),
            kernel_adapter("Gemm", "GemmKernel", self.programmatic),
            self._render_arguments(entry),
            render_exports(entry, "Gemm"),
        ])
        return tu_preamble(FAMILY, c.summary(), "gemm_sm90.py", entry, self.epilogue, self._includes(),
                           prefetch_rows=self.prefetch_rows, headers=(KERNEL_ADAPTER_HEADER,)) + body

    def _render_device(self, name: str) -> str:
        entry = EntryPoint(name, gemm_entry_params(self.epilogue))
        return (
            tu_preamble(FAMILY, self.config.summary(), "gemm_sm90.py", entry, self.epilogue, self._includes(),
                        device=True, prefetch_rows=self.prefetch_rows)
            + self._render_types() + "\n" + device_entry("GemmKernel", name)
        )

    def _includes(self) -> str:
        """Both TUs' includes: PDL's define where the kernel launches so, the extended WGMMA
        shapes' where its tile N needs them (cpp.py)."""
        return with_pdl(with_extended_gmma(_INCLUDES, self.config.tile.n), self.programmatic)

    def _render_types(self) -> str:
        c = self.config
        lines = [
            *gemm_operand_types(c),
            f"using TileShape = {c.tile.cute()};",
            f"using ClusterShape = {c.cluster.cute()};",
            f"using KernelSchedule = {c.schedule.cpp};",
            f"using EpilogueSchedule = {self.epilogue_schedule.cpp};",
            "using EpilogueTile = cutlass::epilogue::collective::EpilogueTileAuto;" if c.epilogue_n == 32
            else "using EpilogueTile = cute::Shape<cute::_{}, cute::_{}>;".format(*c.epilogue_tile()),
            "",
        ]
        if self.epilogue_schedule.supports_evt:
            lines.append(
                "// Stages and tile of the collective epilogue below (C is void: no source read);\n"
                "// aux loads share its pipeline.\n"
                "using EpilogueDescriptor = "
                + instantiate(
                    "cutlass::epilogue::collective::detail::EpilogueDescriptor",
                    "TileShape", "EpilogueTile", "void", "ElementD", "EpilogueSchedule",
                )
                + ";"
            )
            decls, root = self.epilogue.render_types(
                tile_shape="TileShape", epilogue_descriptor="EpilogueDescriptor",
                prefetch_rows=self.prefetch_rows,
            )
            lines += ["", "// The epilogue visitor tree.", *decls, f"using Fusion = {root};", ""]
        else:
            lines += [
                "// D is not 16-byte aligned: no TMA epilogue, so no EVT; a plain store (alpha 1).",
                "using Fusion = "
                + instantiate(
                    "cutlass::epilogue::fusion::LinearCombination",
                    "ElementD", "ElementCompute", "void", "ElementCompute", ROUND_TO_NEAREST,
                )
                + ";",
                "",
            ]
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
            stages = (
                "cutlass::gemm::collective::StageCountAutoCarveout<\n"
                "    static_cast<int>(sizeof(typename CollectiveEpilogue::SharedStorage))>"
            )
        else:
            stages = f"cutlass::gemm::collective::StageCount<{c.stages}>"
        lines.append(
            "using CollectiveMainloop = typename "
            + instantiate(
                "cutlass::gemm::collective::CollectiveBuilder",
                "cutlass::arch::Sm90", "cutlass::arch::OpClassTensorOp",
                "ElementA", "LayoutA", "AlignmentA", "ElementB", "LayoutB", "AlignmentB",
                "ElementAccumulator", "TileShape", "ClusterShape", stages, "KernelSchedule",
            )
            + "::CollectiveOp;"
        )
        lines += [
            "using GemmKernel = "
            + instantiate(
                "cutlass::gemm::kernel::GemmUniversal",
                "cute::Shape<int, int, int, int>", "CollectiveMainloop", "CollectiveEpilogue",
                *(["cutlass::gemm::StreamKScheduler"] if c.schedule.stream_k else []),
            )
            + ";",
        ]
        return "\n".join(lines) + "\n"

    def _render_arguments(self, entry: EntryPoint) -> str:
        c = self.config
        stride_a = (
            "{lda, cute::_1{}, batch_stride_a}" if c.layout_a is GmemLayout.ROW_MAJOR
            else "{cute::_1{}, lda, batch_stride_a}"
        )
        # B is N x K to CUTLASS: column-major B (n x k storage) has K contiguous.
        stride_b = (
            "{ldb, cute::_1{}, batch_stride_b}" if c.layout_b is GmemLayout.COLUMN_MAJOR
            else "{cute::_1{}, ldb, batch_stride_b}"
        )
        leaf_params = []
        for i, leaf in enumerate(self.epilogue.leaves):
            leaf_params.append(
                LeafParams(f"x{i}", f"x{i}_batch_stride", f"x{i}_ld" if leaf.kind is LeafKind.AUX else None)
            )
        if self.epilogue_schedule.supports_evt:
            thread = self.epilogue.render_arguments(leaf_params, [f"s{j}" for j in range(len(self.epilogue.scalars))])
        else:
            thread = "{ElementCompute(1), ElementCompute(0)}"
        thread = thread.replace("\n", "\n  ")
        comment = (
            "// Each Sm90EVT node's arguments: {first child, ..., last child, the node's own}.\n  "
            if self.epilogue_schedule.supports_evt else "// LinearCombination: alpha 1, beta 0.\n  "
        )
        problem = ", ".join(p.declaration() for p in entry.problem_params)
        splits = (
            f"\n  // Split-K: each tile's K loop in {c.splits} parts, reduced in the workspace.\n"
            f"  arguments.scheduler.splits = {c.splits};"
            if c.schedule.split_k else ""
        )
        swizzle = (
            "\n  // Tiles in bands of this many along the raster: a wave's operand slices stay in L2.\n"
            f"  arguments.scheduler.max_swizzle_size = {c.swizzle};"
            if c.swizzle != 1 else ""
        )
        return f"""\
typename Gemm::Arguments make_arguments({problem}) {{
  using StrideA = typename GemmKernel::StrideA;
  using StrideB = typename GemmKernel::StrideB;
  using StrideD = typename GemmKernel::StrideD;
  cutlass::KernelHardwareInfo hw_info;
  cudaGetDevice(&hw_info.device_id);
  hw_info.sm_count = cutlass::KernelHardwareInfo::query_device_multiprocessor_count(hw_info.device_id);
  StrideD const stride_d{{ldd, cute::_1{{}}, batch_stride_d}};
  typename Gemm::Arguments arguments{{
      cutlass::gemm::GemmUniversalMode::kGemm,
      {{m, n, k, batch}},
      {{static_cast<ElementA const*>(a), StrideA{stride_a},
       static_cast<ElementB const*>(b), StrideB{stride_b}}},
      {{{{}}, nullptr, stride_d, static_cast<ElementD*>(d), stride_d}},
      hw_info}};
  {comment}arguments.epilogue.thread = {thread};{splits}{swizzle}
  return arguments;
}}

}}  // namespace
"""


# --------------------------------------------------------------------------------------
# bolt.gemm -> kernel + the arguments this op passes.
# --------------------------------------------------------------------------------------


GemmLowering = KernelLowering  # one bolt.gemm lowered (kernel_abi.KernelLowering)


def lower_gemm(op: bolt.GemmOp, *, arch: str = "sm_90a") -> GemmLowering:
    """The sm_90a kernel for `op` (from its #bolt.kernel: lower_at gives an op without one the
    heuristic's, tuning/select.py) and its call."""
    return lower_at(op, _lower_gemm, arch, family=FAMILY)


def folds_batch(op: bolt.GemmOp) -> bool:
    """A 2-D rhs shared by a batched lhs: the batch folds into M (A and D are contiguous), which
    needs no stride-0 TMA batch mode. The epilogue then sees (batch x M) rows."""
    batch = op.problem_shape()[0]
    return len(bolt.shape_of(op.lhs)) == 3 and len(bolt.shape_of(op.rhs)) != 3 and batch > 1


def kernel_shape(op: bolt.GemmOp) -> tuple[int, int, int, int]:
    """(M, N, K, batch) as the kernel runs `op` (a folded batch in M): what the heuristic sizes."""
    batch, m, n, k = op.problem_shape()
    return (batch * m, n, k, 1) if folds_batch(op) else (m, n, k, batch)


def _lower_gemm(op: bolt.GemmOp, arch: str) -> GemmLowering:
    from boltc.tuning.heuristic import epilogue_subtile_n

    if arch != "sm_90a":
        raise InvalidKernelConfig(f"{FAMILY} kernels target sm_90a, not {arch}")
    batch, m, n, k = op.problem_shape()
    a_shape, b_shape = bolt.shape_of(op.lhs), bolt.shape_of(op.rhs)
    element = Element.from_mlir(op.lhs.type.get_element_type())  # type: ignore[attr-defined]
    element_d = Element.from_mlir(op.result.type.get_element_type())  # type: ignore[attr-defined]
    blocker = tensor_op_inputs_blocker(element, FAMILY)
    if blocker:
        raise InvalidKernelConfig(blocker)
    transpose_a, transpose_b = op.transpose_a is not None, op.transpose_b is not None
    batched_a, batched_b = len(a_shape) == 3, len(b_shape) == 3

    fold = folds_batch(op)
    if fold and transpose_a:
        raise InvalidKernelConfig(
            "a transposed batched lhs with a 2-D rhs shared by every batch has no strided form "
            "for the sm_90a GEMM (transpose the lhs first)"
        )
    roles = ((Role.M, Role.M, Role.N) if fold else (Role.L, Role.M, Role.N)) if batched_a else (Role.M, Role.N)
    kernel_m, _, _, kernel_batch = kernel_shape(op)

    # A placed operand or result (analysis/concat_placement.py: a concatenation's columns)
    # has rows bolt.row_pitch elements apart.
    lda = m if transpose_a else (row_pitch(op.lhs) or k)
    ldd = row_pitch(op.result) or n
    ldb = k if transpose_b else n
    layout_a = GmemLayout.COLUMN_MAJOR if transpose_a else GmemLayout.ROW_MAJOR
    layout_b = GmemLayout.COLUMN_MAJOR if transpose_b else GmemLayout.ROW_MAJOR
    alignment_a, alignment_b = max_alignment(lda, element), max_alignment(ldb, element)
    alignment_d = min(max_alignment(n, element_d), max_alignment(ldd, element_d))
    tma = all((a * element.bytes) % VECTOR_BYTES == 0 for a in (alignment_a, alignment_b))

    tree, binding = build_epilogue(op, roles, element_d)
    attr = chosen_kernel(op, FAMILY)
    if attr.family.data != FAMILY:
        raise InvalidKernelConfig(f"#bolt.kernel family {attr.family.data!r} is not {FAMILY!r}")
    tile, cluster = Shape3.of(bolt.int_list(attr.tile)), Shape3.of(bolt.int_list(attr.cluster))
    stages, schedule_name, note = attr.stage_count, attr.schedule.data, kernel_reason(op)
    schedule = schedule_of(schedule_name, tma=tma)
    config = GemmSm90Config(
        element_ab=element, element_d=element_d, layout_a=layout_a, layout_b=layout_b,
        alignment_a=alignment_a, alignment_b=alignment_b, alignment_d=alignment_d,
        tile=tile, cluster=cluster, schedule=schedule.kernel, stages=stages, splits=schedule.splits,
        swizzle=schedule.swizzle,
        epilogue_n=epilogue_subtile_n(schedule.kernel.cooperative, tile.n, tree.evaluates_transcendental),
    )
    kernel = GemmSm90Kernel(config, tree)
    _check_leaf_alignment(kernel, binding)

    values: dict[ParamRole, Argument] = {
        ParamRole.M: kernel_m, ParamRole.N: n, ParamRole.K: k, ParamRole.BATCH: kernel_batch,
        ParamRole.A: Operand(OperandKind.LHS), ParamRole.LDA: lda,
        ParamRole.BATCH_STRIDE_A: m * k if batched_a and not fold else 0,
        ParamRole.B: Operand(OperandKind.RHS), ParamRole.LDB: ldb,
        ParamRole.BATCH_STRIDE_B: n * k if batched_b else 0,
        ParamRole.D: Operand(OperandKind.RESULT), ParamRole.LDD: ldd,
        ParamRole.BATCH_STRIDE_D: m * n if batched_a and not fold else 0,
    }
    return GemmLowering(kernel, bind_arguments(kernel.entry_point, values, binding), note)


def _check_leaf_alignment(kernel: GemmSm90Kernel, binding: EpilogueBinding) -> None:
    """Aux loads go through TMA: their rows must be 16-byte aligned (Sm90AuxLoad asserts it)."""
    for leaf, bound in zip(kernel.epilogue.leaves, binding.leaves):
        if leaf.kind is LeafKind.AUX:
            for what, stride in (("rows", bound.leading_dim), ("batches", bound.batch_stride)):
                if stride and (stride * leaf.element.bytes) % VECTOR_BYTES:
                    raise InvalidKernelConfig(
                        f"extra {bound.extra} (a residual read by TMA) has {what} {stride} x "
                        f"{leaf.element.short} apart, not a multiple of 16 bytes"
                    )
