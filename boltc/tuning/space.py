"""The tuning search space: the kernel configurations worth compiling and timing for one GEMM or
convolution on one target, each legal by the emitters' own checks before nvcc ever runs.

    for candidate in candidates(op, "sm_90a"):          # a bolt.gemm or bolt.conv2d
        print(candidate.describe(), candidate.kernel_attr_text())

`Candidate` is the one configuration record below tuning and lowering: it prints as (and parses
from) the `#bolt.kernel<...>` attribute the select-kernels pass will write, and builds the
emitter's configuration and kernel objects (`Candidate.kernel(problem)`), whose constructors
refuse anything CUTLASS would reject (`SelfChecking.blocker`).

How the space is made, the Bolt way (papers/bolt-mlsys22.txt, "performance profiler": "Bolt
prefers large warp tile sizes ..., four or eight warps per threadblock ..., small problem sizes
need small threadblock sizes"), per family:

- **gemm_sm90** (CUTLASS 3, sm_90a): CTA tiles of 128 or 256 rows under the cooperative schedule
  (two consumer warpgroups split the rows) and 64 or 128 under pingpong, N of 64, 128, 192 or
  256, K 64 (one 128-byte swizzle row of 16-bit elements). One consumer warpgroup holds at most
  128x128 fp32 accumulators (128 registers a thread): the rule conv_sm90 enforces
  (`MAX_ACCUMULATOR_TILE`, measured there: 128x256 in one warpgroup spilled, 10x slower) and the
  reason CUTLASS's own generator lists no pingpong 128x256 or cooperative 256x256. Clusters
  1x1x1 and a multicast cluster (2x1x1 where there are two tiles along M and the tiles fill a
  wave; 1x2x1 where there is one along M and two along N), and 1x2x1 beside 2x1x1 on 128x256
  and 256x128 tiles of problems of two waves or more (what cuBLAS runs there;
  `sm90_clusters`). The stream-K schedule (`cooperative_streamk`, CUTLASS's
  StreamKScheduler, which decides stream-K, split-K or data-parallel at run time) for the
  cooperative tiles of a problem of under half a wave of them (where the scheduler's Heuristic
  mode splits K loops, `streamk_decomposition`; past one wave it lost on every shape profiled),
  and split-K in 2, 3 or 4 parts
  fixed at compile time (`cooperative_splitk S`: the same scheduler's `splits` argument) where
  the parts still fit one wave and each keeps at least two k-blocks. Where a candidate's own
  tiles make two full waves or more, the largest tiles (128x256, 256x128, and 128x128 under a
  two-CTA cluster: what wins on such problems) also under the persistent tile scheduler's
  swizzle 4 and 8 (`cooperative swizzle 8`: CUTLASS's max_swizzle_size, consecutive tiles walk
  bands of S rows or columns across the raster). A wave of 132 such tiles then covers S rows
  by 132 / S columns, nearer a square of output elements, whose operand slices are the fewest
  bytes for L2 to keep (16 rows of 128x256 tiles, 11.5 of 128x128); 8 is the most CUTLASS
  takes, and 2 spans no more rows than a wave of these tiles already does on the paper's large
  GEMMs (32 to 64 tiles a row).
  Stages: as many as fit beside the epilogue (what StageCountAutoCarveout computes), written
  out because `#bolt.kernel` records a count.
- **gemm_sm80 / conv_sm80** (CUTLASS 2.x, sm_80 and as the comparison on sm_90a): the
  tensor-op configurations of CUTLASS's generator for sm_80 f16 (`GenerateSM80_TensorOp_16816`):
  4 or 8 warps of 64x64 (or 64x32, 32x64 for the 4-warp 128x64 and 64x128 tiles, and 32x32 for
  64x64), K 32 or 64, and the stage counts the generator pairs with them, within the A100's
  163 KB (the emitter's `mainloop_blocker`).
- **conv_sm90**: CUTLASS 4.2 has one sm_90a conv schedule ("warpspecialized", one consumer
  warpgroup), so tiles of 64 or 128 rows whose accumulators fit that warpgroup (<= 128x128),
  N 32 to 256, cluster 1x1x1 (every best of bench/conv.py's sweep ran without one; clusters are
  not in the space yet), stages as many as fit; and boltc's persistent "cooperative" conv
  kernel (two consumer warpgroups, tiles of 128 or 256 rows, up to 2 x 128x128 accumulators;
  GPU-checked against cuDNN on ResNet-50's 3x3 layers on 2026-11-26, numerics only).
- **conv_direct** (groups > 1): the single candidate; its widths follow from the problem
  (conv_direct.choose_config) and it has no `#bolt.kernel` form.
- **conv_depthwise** (groups = C = F): 4, 2 or 8 output columns per thread (tile [T, V, 1]),
  V the widest vector C allows.

Pruned by problem size, as heuristic.py does: no tile taller than M rounded up to 64 or wider
than N rounded up to 64 (convolutions: F rounded up to 32), whose extra rows would be masked
work; and *small* tiles (fewer elements than the reference tile, min(128, M) x min(128, N)
rounded up) only when reference tiles would not give two full waves of the GPU. The result is
tens of candidates per op (`MAX_CANDIDATES`), never thousands.

Legality: each candidate becomes the emitter's configuration and kernel objects (GemmSm90Config
and GemmSm90Kernel, ...), whose blockers are CUTLASS's static_asserts and shared-memory limits
written in Python; a refused candidate is dropped. For an op, the problem (alignments, element
types, the epilogue tree) is what the family's own lowering derives from it, so a candidate
written into the op as `#bolt.kernel` lowers: test/python/tuning/test_space.py renders every
candidate of the paper's GEMMs and ResNet-50's convolutions, and test_space_nvcc.py compiles a
sample with nvcc.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from math import ceil

from xdsl.dialects.builtin import IntAttr, StringAttr

from boltc.dialects import bolt
from boltc.lowering.cutlass import conv_depthwise, conv_direct, conv_sm80, conv_sm90, gemm_sm80, gemm_sm90, kernel_abi
from boltc.lowering.cutlass import families as family_registry
from boltc.lowering.cutlass.cpp import (
    Element,
    GmemLayout,
    InvalidKernelConfig,
    Shape3,
    UnsupportedEpilogue,
)
from boltc.lowering.cutlass.evt import EpilogueTree
from boltc.tuning.heuristic import CONV_COOPERATIVE_TILES, epilogue_subtile_n
from boltc.tuning.heuristic_sm80 import SM_COUNT

MAX_CANDIDATES = 64  # "tens per op, not thousands" (issue 13); test_space.py asserts it
SMALL_TILE_WAVES = 2  # small tiles stay in the space when reference tiles give fewer waves
# Shared memory the stage count leaves free beyond the emitter's epilogue estimate: the
# kernel's pipeline barriers, tile-scheduler storage and alignment padding, which the estimate
# (gemm_sm90.tma_epilogue_smem_bytes) does not itemize.
SM90_STAGE_RESERVE_BYTES = 2048
STREAMK = "cooperative_streamk"
SPLITK_COUNTS = (2, 3, 4)  # more parts cost a tile's fp32 write and read each (model._split_k)
MIN_SPLIT_K_BLOCKS = 2  # each part keeps at least two k-blocks to pipeline
OFFERED_SWIZZLES = (4, 8)  # of gemm_sm90.SWIZZLES, the ones the space offers (module docstring: why not 2)
# The largest tiles' extra offers (1x2x1 beside 2x1x1, the swizzles) go to problems whose
# tiles make at least this many full waves (_large_multiwave).
LARGE_TILE_WAVES = 2


class Family(Enum):
    """The kernel families the space spans (boltc/lowering/cutlass/families.py)."""

    GEMM_SM90 = gemm_sm90.FAMILY
    GEMM_SM80 = gemm_sm80.FAMILY
    CONV_SM90 = conv_sm90.FAMILY
    CONV_SM80 = conv_sm80.FAMILY
    CONV_DIRECT = conv_direct.FAMILY
    CONV_DEPTHWISE = conv_depthwise.FAMILY

    @property
    def is_sm80(self) -> bool:
        return self in (Family.GEMM_SM80, Family.CONV_SM80)

    @property
    def is_conv(self) -> bool:
        return self in (Family.CONV_SM90, Family.CONV_SM80, Family.CONV_DIRECT, Family.CONV_DEPTHWISE)


# The families searched per (anchor, target); the first is the target's own.
GEMM_FAMILIES = {"sm_90a": (Family.GEMM_SM90, Family.GEMM_SM80), "sm_80": (Family.GEMM_SM80,)}
CONV_FAMILIES = {"sm_90a": (Family.CONV_SM90, Family.CONV_SM80), "sm_80": (Family.CONV_SM80,)}


# --------------------------------------------------------------------------------------
# The candidate: one configuration, as #bolt.kernel records it.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    """One kernel configuration. `warp` is the CUTLASS 2.x families' warp tile (None for the
    others); `stages` None only for conv_direct, which has no such choice."""

    family: Family
    tile: tuple[int, int, int] | None
    cluster: tuple[int, int, int] = (1, 1, 1)
    stages: int | None = None
    schedule: str = ""
    warp: tuple[int, int, int] | None = None

    # -- #bolt.kernel ------------------------------------------------------------------

    @property
    def has_kernel_attr(self) -> bool:
        return self.family is not Family.CONV_DIRECT

    def kernel_attr(self) -> bolt.KernelAttr:
        """The `#bolt.kernel` attribute the select-kernels pass writes for this candidate (stages
        None: `stages auto`, as many as fit, which the heuristic writes for sm_90a)."""
        if not self.has_kernel_attr or self.tile is None:
            raise InvalidKernelConfig(
                f"{self.family.value} has no #bolt.kernel configuration: its widths follow from the "
                "problem (conv_direct.choose_config)"
            )
        stages = bolt.KernelAttr.AUTO_STAGES if self.stages is None else self.stages
        return bolt.KernelAttr(
            StringAttr(self.family.value), bolt.i64_array(list(self.tile)),
            bolt.i64_array(list(self.cluster)), IntAttr(stages), StringAttr(self.schedule),
        )

    def kernel_attr_text(self) -> str:
        tile, cluster = ", ".join(map(str, self.tile or ())), ", ".join(map(str, self.cluster))
        self.kernel_attr()  # refuses conv_direct
        stages = "auto" if self.stages is None else self.stages
        return f'#bolt.kernel<"{self.family.value}", tile [{tile}], cluster [{cluster}], stages {stages}, "{self.schedule}">'

    @classmethod
    def from_kernel_attr(cls, attr: bolt.KernelAttr) -> Candidate:
        """The candidate a `#bolt.kernel` records (the CUTLASS 2.x families' warp tile from their
        schedule string, as gemm_sm80.config_from_attr reads it)."""
        try:
            family = Family(attr.family.data)
        except ValueError:
            known = ", ".join(f.value for f in Family if f is not Family.CONV_DIRECT)
            raise InvalidKernelConfig(f"#bolt.kernel family {attr.family.data!r} is unknown (known: {known})") from None
        if family is Family.CONV_DIRECT:
            raise InvalidKernelConfig("conv_direct has no #bolt.kernel configuration")
        tile = tuple(bolt.int_list(attr.tile))
        cluster = tuple(bolt.int_list(attr.cluster))
        warp = None
        schedule = attr.schedule.data
        if family.is_sm80:
            _, warp_shape, _ = gemm_sm80.config_from_attr(attr, family.value)
            warp = (warp_shape.m, warp_shape.n, warp_shape.k)
            schedule = gemm_sm80.MULTISTAGE + " warp {}x{}x{}".format(*warp)
        return cls(family, tile, cluster, attr.stage_count, schedule, warp)  # type: ignore[arg-type]

    @classmethod
    def from_kernel_text(cls, text: str) -> Candidate:
        """The candidate of `#bolt.kernel<...>` text."""
        from xdsl.parser import Parser

        from boltc.dialects.context import bolt_context

        attr = Parser(bolt_context(), text).parse_attribute()
        if not isinstance(attr, bolt.KernelAttr):
            raise InvalidKernelConfig(f"not a #bolt.kernel attribute: {text}")
        return cls.from_kernel_attr(attr)

    # -- the emitters' objects -------------------------------------------------------------

    def config(self, problem: GemmProblem | Conv2dProblem):
        """The emitter's configuration object for this candidate on `problem` (its constructor
        runs the family's blocker: InvalidKernelConfig when CUTLASS would refuse it)."""
        return self.kernel(problem).config

    def kernel(self, problem: GemmProblem | Conv2dProblem):
        """The emitter's kernel object (configuration and epilogue tree) for `problem`: what
        renders the translation units. InvalidKernelConfig when CUTLASS would refuse it."""
        f = self.family
        if f.is_conv != isinstance(problem, Conv2dProblem):
            raise InvalidKernelConfig(f"{f.value} does not lower a {problem.op_kind}")
        if f is Family.CONV_DIRECT:
            assert isinstance(problem, Conv2dProblem)
            config = conv_direct.choose_config(problem.geometry, problem.groups, problem.element, problem.element_d)
            return conv_direct.ConvDirectKernel(config, problem.epilogue)
        if f is Family.CONV_DEPTHWISE:
            assert isinstance(problem, Conv2dProblem) and self.tile is not None
            g = problem.geometry
            if not (problem.groups == g.c == g.f):
                raise InvalidKernelConfig(f"{f.value} lowers depthwise convolutions (groups = C = F)")
            config = conv_depthwise.config_for(g, problem.element, problem.element_d, self.tile[0], self.tile[1])
            return conv_depthwise.ConvDepthwiseKernel(config, problem.epilogue)
        tile = Shape3.of(self.tile or ())
        if isinstance(problem, GemmProblem):
            if f is Family.GEMM_SM90:
                schedule = gemm_sm90.schedule_of(self.schedule, tma=problem.tma)
                config = gemm_sm90.GemmSm90Config(
                    element_ab=problem.element, element_d=problem.element_d, layout_a=problem.layout_a,
                    layout_b=problem.layout_b, alignment_a=problem.alignment_a, alignment_b=problem.alignment_b,
                    alignment_d=problem.alignment_d, tile=tile, cluster=Shape3.of(self.cluster),
                    schedule=schedule.kernel, stages=self.stages, splits=schedule.splits, swizzle=schedule.swizzle,
                    epilogue_n=epilogue_subtile_n(schedule.kernel.cooperative, tile.n,
                                                  problem.epilogue.evaluates_transcendental),
                )
                return gemm_sm90.GemmSm90Kernel(config, problem.epilogue)
            config = gemm_sm80.GemmSm80Config(
                element_ab=problem.element, element_d=problem.element_d, layout_a=problem.layout_a,
                layout_b=problem.layout_b, alignment_a=problem.alignment_a, alignment_b=problem.alignment_b,
                alignment_d=problem.alignment_d, tile=tile, warp=Shape3.of(self.warp or ()), stages=self.stages or 0,
            )
            return gemm_sm80.GemmSm80Kernel(config, problem.epilogue)
        g = problem.geometry
        if f is Family.CONV_SM90:
            config = conv_sm90.ConvSm90Config(
                element_ab=problem.element, element_d=problem.element_d, tile=tile,
                cluster=Shape3.of(self.cluster), stages=self.stages,
                pad_channels=(g.c * problem.element.bytes) % 16 != 0,
                schedule=self.schedule,  # warpspecialized or cooperative (_sm90_conv)
            )
            return conv_sm90.ConvSm90Kernel(config, problem.epilogue)
        alignment_c = conv_sm80.channel_alignment(g.c, problem.element)
        config = conv_sm80.ConvSm80Config(
            element_ab=problem.element, element_d=problem.element_d, alignment_c=alignment_c,
            alignment_d=problem.alignment_d, tile=tile, warp=Shape3.of(self.warp or ()), stages=self.stages or 0,
            optimized=max(g.r, g.s) <= conv_sm80.MAX_OPTIMIZED_FILTER,
            pad_channels=g.c % alignment_c != 0,
            fixed_channels=conv_sm80.uses_fixed_channels(g.c, alignment_c),
        )
        return conv_sm80.ConvSm80Kernel(config, problem.epilogue)

    def blocker(self, problem: GemmProblem | Conv2dProblem) -> str | None:
        """Why the emitter refuses this candidate for `problem`; None if it builds."""
        try:
            self.kernel(problem)
        except (InvalidKernelConfig, UnsupportedEpilogue) as error:
            return error.message
        return None

    def describe(self) -> str:
        """One line for reports: family, tiles, cluster, stages, schedule."""
        if self.family is Family.CONV_DIRECT:
            return "conv_direct (direct grouped/depthwise convolution; widths from the problem)"
        if self.family is Family.CONV_DEPTHWISE and self.tile is not None:
            return f"conv_depthwise {self.tile[0]} output columns x {self.tile[1]} channels per thread"
        tile = "x".join(map(str, self.tile or ()))
        parts = [f"{self.family.value} tile {tile}"]
        if self.warp is not None:
            warps = (self.tile[0] // self.warp[0]) * (self.tile[1] // self.warp[1])  # type: ignore[index]
            parts.append(f"warp {'x'.join(map(str, self.warp))} ({warps} warps)")
        if not self.family.is_sm80:
            parts.append(f"cluster {'x'.join(map(str, self.cluster))}")
        parts.append(f"{self.stages} stages")
        parts.append(gemm_sm80.MULTISTAGE if self.family.is_sm80 else self.schedule)
        return ", ".join(parts)


# --------------------------------------------------------------------------------------
# Problems: what a candidate is chosen for (pure records: no IR).
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GemmProblem:
    """One GEMM as a kernel sees it: sizes (a batched lhs over a shared rhs already folded into
    M, as the emitters fold it), element types, layouts, alignments (elements per access) and the
    epilogue tree."""

    m: int
    n: int
    k: int
    batch: int
    element: Element
    element_d: Element
    layout_a: GmemLayout
    layout_b: GmemLayout
    alignment_a: int
    alignment_b: int
    alignment_d: int
    epilogue: EpilogueTree = field(compare=True)

    op_kind = "gemm"

    @property
    def tma(self) -> bool:
        """Both operands' rows are 16-byte aligned: the TMA mainloops apply (gemm_sm90)."""
        return all(a * self.element.bytes % 16 == 0 for a in (self.alignment_a, self.alignment_b))

    @property
    def mnk(self) -> tuple[int, int, int]:
        return self.m, self.n, self.k


@dataclass(frozen=True)
class Conv2dProblem:
    """One NHWC fprop: its geometry (conv_sm90.ConvProblem), groups, element types, the output's
    alignment and the epilogue tree."""

    geometry: conv_sm90.ConvProblem
    groups: int
    element: Element
    element_d: Element
    alignment_d: int
    epilogue: EpilogueTree

    op_kind = "conv2d"
    batch = 1

    @property
    def mnk(self) -> tuple[int, int, int]:
        return self.geometry.gemm_mnk


def lower_with(op: bolt.GemmOp | bolt.Conv2dOp, candidate: Candidate | None, arch: str):
    """`op` lowered by `candidate`'s family with the candidate as its `#bolt.kernel` (None: the
    family's heuristic; conv_direct takes none): the GemmLowering or ConvLowering the build
    would use. The op itself is not changed (a clone is lowered)."""
    if candidate is None:
        raise ValueError("lower_with needs a candidate")
    clone = op.clone()
    clone.kernel = candidate.kernel_attr() if candidate.has_kernel_attr else None
    try:
        return family_registry.family(candidate.family.value).lower(clone, arch)
    finally:
        clone.erase(safe_erase=False)  # a detached clone still uses the op's operands: drop those uses


def problem_of(op: bolt.GemmOp | bolt.Conv2dOp, family: Family, arch: str) -> GemmProblem | Conv2dProblem:
    """What `family`'s own lowering derives from `op` (alignments, element types, the epilogue
    tree as that family renders it): the family's heuristic lowering, read back.
    InvalidKernelConfig or UnsupportedEpilogue when the family cannot lower the op at all."""
    clone = op.clone()
    clone.kernel = None
    try:
        lowered = family_registry.family(family.value).lower(clone, arch)
    finally:
        clone.erase(safe_erase=False)  # a detached clone still uses the op's operands: drop those uses
    kernel, c = lowered.kernel, lowered.kernel.config
    if isinstance(op, bolt.GemmOp):
        values = {param.role: value for param, value in lowered.call()}
        return GemmProblem(
            values[kernel_abi.ParamRole.M], values[kernel_abi.ParamRole.N], values[kernel_abi.ParamRole.K],
            values[kernel_abi.ParamRole.BATCH], c.element_ab, c.element_d, c.layout_a, c.layout_b,
            c.alignment_a, c.alignment_b, c.alignment_d, kernel.epilogue,
        )
    element_d = c.element_d
    return Conv2dProblem(
        conv_sm90.conv_problem(op), op.groups.value.data, c.element_ab, element_d,
        getattr(c, "alignment_d", 16 // element_d.bytes), kernel.epilogue,
    )


# --------------------------------------------------------------------------------------
# The space.
# --------------------------------------------------------------------------------------

Tile = tuple[int, int, int]

# gemm_sm90: (tile, schedule); K 64 (module docstring).
SM90_GEMM_TILES: tuple[tuple[Tile, str], ...] = (
    ((128, 256, 64), "cooperative"), ((256, 128, 64), "cooperative"), ((128, 192, 64), "cooperative"),
    ((128, 128, 64), "cooperative"), ((256, 64, 64), "cooperative"), ((128, 64, 64), "cooperative"),
    ((64, 256, 64), "pingpong"), ((128, 128, 64), "pingpong"), ((64, 192, 64), "pingpong"),
    ((64, 128, 64), "pingpong"), ((128, 64, 64), "pingpong"), ((64, 64, 64), "pingpong"),
)
SM90_CONV_TILES: tuple[Tile, ...] = (
    (128, 128, 64), (64, 256, 64), (64, 128, 64), (128, 64, 64), (64, 64, 64), (128, 32, 64), (64, 32, 64),
)
# CUTLASS 2.x: (tile, warp tile, stage counts), from cutlass_library/generator.py's
# GenerateSM80_TensorOp_16816 (f16 and bf16), at most 163 KB of shared memory.
SM80_TILES: tuple[tuple[Tile, Tile, tuple[int, ...]], ...] = (
    ((256, 128, 32), (64, 64, 32), (3, 4)),
    ((128, 256, 32), (64, 64, 32), (3, 4)),
    ((256, 128, 64), (64, 64, 64), (3,)),
    ((128, 256, 64), (64, 64, 64), (3,)),
    ((256, 64, 32), (64, 64, 32), (3, 4)),
    ((64, 256, 32), (64, 64, 32), (4,)),
    ((256, 64, 64), (64, 64, 64), (4,)),
    ((128, 128, 32), (64, 64, 32), (4, 5)),
    ((128, 128, 64), (64, 64, 64), (3, 4)),
    ((128, 64, 64), (64, 32, 64), (3, 4)),
    ((64, 128, 64), (32, 64, 64), (3, 4)),
    ((128, 64, 32), (64, 32, 32), (6,)),
    ((64, 64, 64), (32, 32, 64), (5,)),
)


def _round_up(value: int, multiple: int) -> int:
    return -(-value // multiple) * multiple


def sms(arch: str) -> int:
    return SM_COUNT[arch]


def fits_problem(tile: Tile, problem: GemmProblem | Conv2dProblem) -> bool:
    """No tile taller than M rounded up to 64 or wider than N rounded up to 64 (32 for a
    convolution's F): their extra rows or columns would be masked work (heuristic.py's rule)."""
    m, n, _ = problem.mnk
    n_granule = 32 if isinstance(problem, Conv2dProblem) else 64
    return tile[0] <= max(64, _round_up(m, 64)) and tile[1] <= max(n_granule, _round_up(n, n_granule))


def tile_count(tile: Tile, problem: GemmProblem | Conv2dProblem) -> int:
    m, n, _ = problem.mnk
    return ceil(m / tile[0]) * ceil(n / tile[1]) * problem.batch


def allows_small_tiles(problem: GemmProblem | Conv2dProblem, arch: str) -> tuple[int, int] | None:
    """None when tiles smaller than the reference tile, min(128, M) x min(128, N) rounded up to
    64, stay in the space (the reference tiles give fewer than SMALL_TILE_WAVES waves); else the
    reference tile's (M, N), below whose area tiles are pruned."""
    m, n, _ = problem.mnk
    reference = (min(128, _round_up(m, 64)), min(128, _round_up(n, 64)))
    if tile_count((*reference, 1), problem) < SMALL_TILE_WAVES * sms(arch):
        return None
    return reference


def _size_pruned(tiles, problem, arch):
    reference = allows_small_tiles(problem, arch)
    kept = [t for t in tiles if fits_problem(t[0], problem)]
    if reference is not None:
        kept = [t for t in kept if t[0][0] * t[0][1] >= reference[0] * reference[1]]
    return kept


def sm90_stages(candidate: Candidate, problem) -> int | None:
    """As many stages as fit beside the epilogue (StageCountAutoCarveout's count, less
    SM90_STAGE_RESERVE_BYTES); None when not even the minimum fits or the tile is refused."""
    try:
        kernel = replace(candidate, stages=None).kernel(problem)
    except (InvalidKernelConfig, UnsupportedEpilogue):
        return None
    c = kernel.config
    free = gemm_sm90.SM90_SMEM_CAPACITY - kernel.epilogue_smem_bytes() - SM90_STAGE_RESERVE_BYTES
    stages = free // c.stage_bytes
    return stages if stages >= 2 else None


def _sm90_gemm(problem: GemmProblem, arch: str) -> list[Candidate]:
    out: list[Candidate] = []
    wave = sms(arch)
    for tile, schedule in _size_pruned(SM90_GEMM_TILES, problem, arch):
        tiles = tile_count(tile, problem)
        clusters = sm90_clusters(tile, problem, arch)
        schedules = [schedule]
        k_blocks = ceil(problem.k / tile[2])
        if schedule == "cooperative" and problem.tma and tiles < wave:
            if streamk_runs(tiles, wave, k_blocks):
                schedules.append(STREAMK)  # CTAs share the K loops of the tiles of an under-filled wave
            # Split-K where the parts still fit one wave and keep a pipeline's worth of K each.
            schedules += [gemm_sm90.splitk_schedule(splits) for splits in SPLITK_COUNTS
                          if tiles * splits <= wave and k_blocks >= splits * MIN_SPLIT_K_BLOCKS]
        for sched in schedules:
            for cluster in clusters if sched == schedule else [(1, 1, 1)]:
                base = Candidate(Family.GEMM_SM90, tile, cluster, None, sched)
                stages = sm90_stages(base, problem)
                if stages is not None:
                    out.append(replace(base, stages=stages))
                    if sched == schedule:
                        out += _swizzled(replace(base, stages=stages), problem, wave)
    return out


# CUTLASS's stream-K scheduler (PersistentTileSchedulerSm90StreamKParams, tile_scheduler_params.h,
# 4.2): a stream-K unit covers at least this many k-blocks.
MIN_KBLOCKS_PER_STREAMK_UNIT = 8


def streamk_decomposition(tiles: int, wave: int, k_blocks: int) -> tuple[int, int]:
    """(tiles covered by stream-K, stream-K units) as CUTLASS's stream-K scheduler decides them
    at run time in its default Heuristic mode (get_num_sk_tiles, get_num_sk_units): none when
    the tiles fill whole waves, when the last wave is at least half full, or when a tile has
    no more k-blocks than a unit's minimum; else the last two waves' worth of tiles (all of
    them under two waves) share their k-blocks among at most one wave of units of at least 8
    k-blocks each. (0, 0): every tile runs data-parallel, as the plain cooperative kernel."""
    full, rest = divmod(tiles, wave)
    if not rest or k_blocks <= MIN_KBLOCKS_PER_STREAMK_UNIT or 2 * rest >= wave:
        return 0, 0
    sk_tiles = tiles - (full - 1) * wave if full > 1 else tiles
    units = min(wave, sk_tiles * k_blocks // MIN_KBLOCKS_PER_STREAMK_UNIT)
    return (sk_tiles, units) if units else (0, 0)


def streamk_runs(tiles: int, wave: int, k_blocks: int) -> bool:
    """Whether the stream-K candidate differs from the plain cooperative one: the scheduler
    splits some tile's K loop. The space offers it only under one wave: past one wave (a last
    wave under half full, where the scheduler spreads the last two waves' tiles) it lost to
    data-parallel on every shape profiled on the H200 (bench/RESULTS.md, 2026-11-29 08:00: 0.3-
    11 % slower on ResNet-50's 14x14x1024->512 as 128x128 and 128x192 tiles), and under one
    wave it won only on long K with large tiles (1280x768x3072: 6-8 %). Before, the space
    offered stream-K for every problem under one wave, where tiles of half a wave or more ran
    data-parallel anyway: a duplicate of the cooperative candidate."""
    return streamk_decomposition(tiles, wave, k_blocks)[0] > 0


def _large_multiwave(tile, cluster, tiles: int, wave: int) -> bool:
    """Whether `tile` on `cluster` is one of the largest gemm_sm90 tiles (128x256 or 256x128
    elements, or 128x128 under a cluster of two CTAs or more: what wins on problems of several
    waves) and its `tiles` make LARGE_TILE_WAVES full waves of `wave` CTAs or more."""
    largest = tile[0] * tile[1] >= 128 * 256 or (tuple(tile[:2]) == (128, 128) and cluster[0] * cluster[1] >= 2)
    return largest and tiles >= LARGE_TILE_WAVES * wave


def sm90_clusters(tile, problem: GemmProblem, arch: str) -> list[tuple[int, int, int]]:
    """The clusters a gemm_sm90 tile is offered with on `problem` (TMA operands only: multicast;
    without them 1x1x1 alone). Always
    1x1x1; 2x1x1 where there are two tiles along M (B multicast), else 1x2x1 where there are two
    along N; and 1x2x1 beside 2x1x1 on the largest tiles (128x256, 256x128) of a problem of
    LARGE_TILE_WAVES waves or more, as cuBLAS's own sm_90 kernels run every paper GEMM of several
    waves (bench/cublas_kernels.py, H200, 2026-11-29). Profiled there (bench/RESULTS.md): 1x2x1
    was the fastest of 26 cooperative candidates on 32768x4096x1024 (128x256, 4 % ahead of the
    best 1x1x1 or 2x1x1) and 32768x1024x4096 (256x128, swizzle 4, 1 %). cuBLAS's 2x4 clusters
    on the one-wave 1280x768 GEMMs are not offered: with the grid sized by the GPU's cluster
    occupancy (boltc::KernelAdapter, d7c4b73; the H200 runs 120 CTAs in clusters of 4 or 8,
    CUTLASS's 18-SMs-a-GPC rule 116 and 112) they no longer lose, but they tie what the space
    offers (bench/RESULTS.md, 2026-11-29 09:27: 1280x768x3072 128x64 15.90 us on 2x2x1 and on
    1x1x1; 1280x768x768 64x128 pingpong 9.06 us on 2x2x1 and on 1x1x1).

    No 2x1x1 where the tiles fill less than one wave: every such pair the H200 timed on both
    (42 (shape, tile, schedule) pairs of 2026-11-29/30: the paper's 1280xN GEMMs, ResNet-50's
    1x1 layers as GEMMs; bench/data/profile_space_*_h200_*.jsonl) ran 2x1x1 at 0.98-1.47x the
    1x1x1 time, never faster beyond noise (1568x512x2048 on 128x64: 1.22x; 1280x3072x768 on
    256x128: 1.47x), where the model, which sees only multicast's saved bytes, ties or prefers
    it (`--tune model` took 128x64 2x1x1 on 1568x512x2048: 16.7 us against 13.7 for 1x1x1).
    A sub-wave CTA waits on its cluster peer every k-block for bytes L2 serves anyway."""
    if not problem.tma:
        return [(1, 1, 1)]
    m_tiles, n_tiles = ceil(problem.m / tile[0]), ceil(problem.n / tile[1])
    tiles, wave = tile_count(tile, problem), sms(arch)
    clusters = [(1, 1, 1)]
    if m_tiles >= 2 and tiles >= wave:
        clusters.append((2, 1, 1))
    if n_tiles >= 2 and (m_tiles < 2 or _large_multiwave(tile, (1, 1, 1), tiles, wave)):
        clusters.append((1, 2, 1))
    return clusters


def _swizzled(candidate: Candidate, problem: GemmProblem, wave: int) -> list[Candidate]:
    """`candidate` (a data-parallel cooperative or pingpong one) under the tile scheduler's
    swizzles (module docstring): for the largest tiles, 128x256 and 256x128 elements or 128x128
    under a two-CTA cluster, whose tiles make LARGE_TILE_WAVES full waves or more; each swizzle
    only where CUTLASS would run it as asked (it caps 8 by a short side of the tile grid)."""
    tile, (cm, cn, _) = candidate.tile, candidate.cluster
    assert tile is not None
    if not _large_multiwave(tile, candidate.cluster, tile_count(tile, problem), wave):
        return []
    ctas_m = _round_up(ceil(problem.m / tile[0]), cm)
    ctas_n = _round_up(ceil(problem.n / tile[1]), cn)
    return [replace(candidate, schedule=gemm_sm90.swizzled_schedule(candidate.schedule, swizzle))
            for swizzle in OFFERED_SWIZZLES if gemm_sm90.effective_swizzle(swizzle, ctas_m, ctas_n) == swizzle]


def _sm90_conv(problem: Conv2dProblem, arch: str) -> list[Candidate]:
    out = []
    tiles = [(t, conv_sm90.SCHEDULE) for t in SM90_CONV_TILES]
    tiles += [(t, conv_sm90.COOPERATIVE) for t in CONV_COOPERATIVE_TILES]
    for tile, schedule in _size_pruned(tiles, problem, arch):
        base = Candidate(Family.CONV_SM90, tile, (1, 1, 1), None, schedule)
        stages = sm90_stages(base, problem)
        if stages is not None:
            out.append(replace(base, stages=stages))
    return out


def _sm80(family: Family, problem, arch: str) -> list[Candidate]:
    out = []
    for tile, warp, stage_counts in _size_pruned(SM80_TILES, problem, arch):
        schedule = gemm_sm80.MULTISTAGE + " warp {}x{}x{}".format(*warp)
        out += [Candidate(family, tile, (1, 1, 1), s, schedule, warp) for s in stage_counts]
    return out


def _depthwise(problem: Conv2dProblem) -> list[Candidate]:
    """conv_depthwise: the output columns per thread (the heuristic's first), at the widest
    vector of channels C allows."""
    g = problem.geometry
    vector = conv_depthwise.widest_vector(g.c, problem.element, problem.element_d)
    first = max(1, min(conv_depthwise.DEFAULT_COLUMNS, g.q))
    columns = [first] + [t for t in (2, 8) if t != first and t <= g.q]
    return [Candidate(Family.CONV_DEPTHWISE, (t, vector, 1), (1, 1, 1), 1, conv_depthwise.SCHEDULE) for t in columns]


def space(problem: GemmProblem | Conv2dProblem, family: Family, arch: str) -> list[Candidate]:
    """`family`'s candidates for `problem` on `arch`, pruned by size and by the emitter's
    blockers (a pure function: no IR, no device)."""
    if family is Family.CONV_DIRECT:
        raw = [Candidate(Family.CONV_DIRECT, None)]
    elif family is Family.CONV_DEPTHWISE:
        raw = _depthwise(problem)  # type: ignore[arg-type]
    elif family is Family.GEMM_SM90:
        raw = _sm90_gemm(problem, arch)  # type: ignore[arg-type]
    elif family is Family.CONV_SM90:
        raw = _sm90_conv(problem, arch)  # type: ignore[arg-type]
    else:
        raw = _sm80(family, problem, arch)
    return [c for c in raw if c.blocker(problem) is None]


def families(op_kind: str, arch: str, groups: int = 1) -> tuple[Family, ...]:
    """The families searched for an op of `op_kind` ("gemm" or "conv2d") on `arch`."""
    table = GEMM_FAMILIES if op_kind == "gemm" else CONV_FAMILIES
    if arch not in table:
        raise InvalidKernelConfig(f"the tuning space knows {sorted(table)}, not {arch}")
    if op_kind == "conv2d" and groups > 1:
        # conv_depthwise first (ties in the model keep it): it refuses every layer that is not
        # depthwise (problem_of raises, and the family is skipped).
        return (Family.CONV_DEPTHWISE, Family.CONV_DIRECT)
    return table[arch]


def candidates(op_or_problem, arch: str = "sm_90a") -> list[Candidate]:
    """The candidates for a bolt.gemm or bolt.conv2d (or a GemmProblem / Conv2dProblem) on `arch`:
    every family the target searches, each pruned by size and filtered by the emitters' own
    checks. A family that cannot lower the op at all (an epilogue or alignment it lacks)
    contributes none."""
    if isinstance(op_or_problem, (GemmProblem, Conv2dProblem)):
        problem = op_or_problem
        groups = problem.groups if isinstance(problem, Conv2dProblem) else 1
        return within_cap([c for f in families(problem.op_kind, arch, groups) for c in space(problem, f, arch)])
    op = op_or_problem
    if not isinstance(op, (bolt.GemmOp, bolt.Conv2dOp)):
        raise TypeError(f"candidates takes a bolt.gemm or bolt.conv2d, not {op.name}")
    kind = "gemm" if isinstance(op, bolt.GemmOp) else "conv2d"
    groups = op.groups.value.data if isinstance(op, bolt.Conv2dOp) else 1
    out: list[Candidate] = []
    for family in families(kind, arch, groups):
        try:
            problem = problem_of(op, family, arch)
        except (InvalidKernelConfig, UnsupportedEpilogue):
            continue  # the family cannot lower this op with any configuration
        out += space(problem, family, arch)
    return within_cap(out)


def within_cap(found: list[Candidate]) -> list[Candidate]:
    """`found` held to MAX_CANDIDATES: where it is over, split-K's candidates of the most parts
    go first (four, then three: on every shape profiled three and four parts lost to two,
    bench/RESULTS.md 2026-11-29, "Split-K"). A GEMM of a few tiles and a long K (590x240x2848)
    had 68: split-K in 2, 3 and 4 parts on six tiles."""
    for parts in sorted(SPLITK_COUNTS, reverse=True)[:-1]:
        if len(found) <= MAX_CANDIDATES:
            break
        schedule = gemm_sm90.splitk_schedule(parts)
        found = [c for c in found if c.schedule != schedule]
    return found
