"""bolt.conv2d with groups > 1 (grouped NHWC fprop) -> one CUTLASS 2.x tensor-core translation
unit: `DefaultConv2dGroupFprop`'s mainloop (cp.async multistage, mma.sync f16/bf16 with f32
accumulation; sm_80, and on Hopper too) under conv_sm80's visitor kernel
(`ImplicitGemmConvolutionWithVisitor`), so the anchor's whole Sm80 epilogue tree fuses as in
conv_sm80 (bias, activations, residual, scalars, casts). Everything but the mainloop's default
kernel, C/groups and the group count is conv_sm80's (its kernel class is this one's base).

The two group modes (CUTLASS 4.2, conv/kernel/default_conv2d_group_fprop.h and the device
`ImplicitGemmConvolution::can_implement`), with K/g = F/groups and C/g = C/groups:

- `kSingleGroup`: a CTA's N tile lies inside one group: (K/g) % tile N == 0. Optimized
  iterators (filters up to 32x32; analytic beyond). Each group's K loop is
  R*S*ceil((C/g) / tile K) steps: C/g below tile K pads the MMA's K (the filter iterator zeroes
  channels past C/g; the activation iterator reads the next group's channels, multiplied by
  those zeros).
- `kMultipleGroup`: a CTA covers tile N / (K/g) whole groups: tile N % (K/g) == 0; analytic
  iterators only (can_implement refuses optimized ones). The CTA runs each of its groups' K
  loops in turn over the whole N tile, the filter iterator zeroing other groups' columns: the
  MMA does tile N / (K/g) times the work.
- Both: (C/g) % AlignmentA == 0 and (C/g) % AlignmentB == 0 (each iterator's can_implement),
  so C/g must be even (cp.async copies at least 4 bytes: conv_sm80 pads odd C in the
  workspace, but padding each group's channels would mean a strided copy per group: refused
  instead, conv_direct takes it); F % AlignmentD == 0; split-K refused (the visitor epilogue
  has none anyway). No kDepthwise here: CUTLASS's depthwise group mode has no sm_80 tensor-op
  default kernel (depthwise is conv_direct's).

The choice (`choose_group_conv`, a pure function of C/g, K/g and the element type):
every legal (mode, tile N) pair of the tile table below is weighed by its *MMA waste*, the
tensor-core work over the useful work: ceil((C/g) / tile K) * tile K / (C/g), times
tile N / (K/g) in kMultipleGroup. The activation bytes each CTA streams from L2 grow by the same
factor. The least wasteful wins (ties: the wider N tile, fewer CTAs re-reading the activation);
above `MAX_MMA_WASTE` the layer goes to conv_direct with that reason. Why 2: conv_direct's
row-blocked kernel (each thread 4 output channels x up to 8 pixels along W, its input row in
registers) runs at the CUDA cores' fp32 FMA rate, the same for every ResNeXt stage (each does
0.46 G FMAs at batch 32), while the tensor-core kernel's time grows with its waste: measured on
an H100 before that kernel (2026-11-26, test/gpu/test_conv_group.py's timing test), the 4x
layers (16 per group, kMultipleGroup 128x32) took 55-59 us, twice cuDNN's, and the 1x ones
(32 per group) 0.72x cuDNN's; the old one-pixel direct kernel took 80-117 us on the 4 and 8 per
group layers. The timing test prints the choice next to the forced alternatives (conv_direct,
kMultipleGroup 128x32, kSingleGroup 128x16) for each layer: the numbers to move this limit by.

ResNeXt-50 32x4d (groups 32, C/g = K/g): 4 per group -> 32x at best (kMultipleGroup 128x16),
conv_direct; 8 -> 8x, conv_direct; 16 -> kSingleGroup 128x16x32 (2x: K padded 16 -> 32; its
epilogue stores 4 outputs an access, `MIN_TILE_N`); 32 -> kSingleGroup 128x32x32 (1x; 128x16
ties and the wider tile wins). Depthwise (C/g = 1): cp.async cannot read one 16-bit channel,
conv_direct.

`#bolt.kernel<"conv_group_sm80", tile [M, N, K], cluster [1, 1, 1], stages S, "multistage" |
"multistage warp MxNxK">` forces a tile (validated as conv_sm80's mainloop); the mode follows
from it (kSingleGroup where K/g is a multiple of tile N, else kMultipleGroup where tile N is a
multiple of K/g, else refused by name). The waste limit applies to the choice only.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from math import ceil
from typing import ClassVar

from boltc.dialects import bolt
from boltc.lowering.cutlass import evt_sm80
from boltc.lowering.cutlass.conv_sm80 import (
    DEFAULT_OUTPUT_OP,
    MAX_OPTIMIZED_FILTER,
    ConvSm80Kernel,
    IteratorAlgorithm,
)
from boltc.lowering.cutlass.conv_sm90 import ConvLowering, conv_argument_values, conv_problem, nhwc_conv
from boltc.lowering.cutlass.cpp import (
    kernel_reason,
    Element,
    InvalidKernelConfig,
    SelfChecking,
    Shape3,
    UnsupportedEpilogue,
    instantiate,
    lower_at,
    max_alignment,
)
from boltc.lowering.cutlass.evt import EpilogueTree, Role, build_epilogue
from boltc.lowering.cutlass.gemm_sm80 import (
    MULTISTAGE,
    check_leaf_alignment,
    config_from_attr,
    element_blocker,
    mainloop_blocker,
)
from boltc.lowering.cutlass.kernel_abi import bind_arguments

FAMILY = "conv_group_sm80"
MAX_MMA_WASTE = 2.0  # the module docstring says why
# The narrowest N tile (a warp tile is at least 16 wide). A 16-wide tile computed wrong outputs
# on an H100 at 8 f16 outputs an access (2026-11-26, half the outputs zero): the Sm80
# epilogue's thread map covered 16 of a warp's 32 lanes (evt_sm80.thread_map_blocker). It now
# stores 4 elements an access (evt_sm80.thread_map_alignment: 4 accesses x 8 rows, every lane),
# test/gpu/test_conv_group.py's narrow-tile tests check every column.
MIN_TILE_N = 16


class GroupMode(Enum):
    """cutlass::conv::GroupMode members this family instantiates."""

    SINGLE = "kSingleGroup"  # a CTA's N tile inside one group
    MULTIPLE = "kMultipleGroup"  # a CTA over several whole groups

    @property
    def cpp(self) -> str:
        return f"cutlass::conv::GroupMode::{self.value}"


@dataclass(frozen=True)
class GroupTile:
    """One row of the tile table: CTA tile, warp tile, stages."""

    tile: Shape3
    warp: Shape3
    stages: int


def tile_table(k: int) -> tuple[GroupTile, ...]:
    """The tiles the choice weighs, widest N first, with tile K `k` (32 or 64). 128 rows: the
    layers are tall (N*P*Q in the thousands); the narrow N tile keeps 2 warps of 64x32, wide
    ones CUTLASS's generator's 4-warp shapes. Stages: what fits 48 KB where possible. The
    narrowest, `MIN_TILE_N`, stores its outputs 4 elements an access (the constant says why)."""
    return (
        GroupTile(Shape3(128, 128, k), Shape3(64, 64, k), 3),
        GroupTile(Shape3(128, 64, k), Shape3(64, 32, k), 4 if k == 32 else 3),
        GroupTile(Shape3(128, 32, k), Shape3(64, 32, k), 4),
        GroupTile(Shape3(128, MIN_TILE_N, k), Shape3(64, MIN_TILE_N, k), 4),
    )


def group_mode_for_tile(tile_n: int, k_per_group: int) -> GroupMode | None:
    """The mode a tile N can run in for K/g output channels per group (can_implement's rules):
    kSingleGroup where it divides K/g, else kMultipleGroup where K/g divides it, else None."""
    if k_per_group % tile_n == 0:
        return GroupMode.SINGLE
    if tile_n % k_per_group == 0:
        return GroupMode.MULTIPLE
    return None


def mma_waste(mode: GroupMode, channels_per_group: int, k_per_group: int, tile: Shape3) -> float:
    """Tensor-core work over useful work (the module docstring)."""
    padded_k = ceil(channels_per_group / tile.k) * tile.k / channels_per_group
    return padded_k * (tile.n / k_per_group if mode is GroupMode.MULTIPLE else 1)


def operand_blocker(channels_per_group: int, element: Element) -> str | None:
    """Why no group mode can read this operand width; None if the iterators can."""
    problem = element_blocker(element)
    if problem:
        return problem
    if channels_per_group == 1:
        return ("depthwise (one channel per group): a K of R*S per output, no matrix product for "
                "the tensor cores, and no sm_80 tensor-op kDepthwise kernel")
    if channels_per_group % 2:
        return (f"{channels_per_group} channels per group: cp.async reads at least 4 bytes, so C/groups "
                "must be even (each iterator's can_implement)")
    return None


@dataclass(frozen=True)
class GroupConvChoice:
    """What `choose_group_conv` decided: a tile and mode (family conv_group_sm80), or None and
    why not (family conv_direct)."""

    family: str
    reason: str
    mode: GroupMode | None = None
    tile: GroupTile | None = None
    waste: float | None = None


def choose_group_conv(channels_per_group: int, k_per_group: int, element: Element) -> GroupConvChoice:
    """The family and, for conv_group_sm80, the mode and tile of one grouped convolution (the
    module docstring's rule)."""
    from boltc.lowering.cutlass import conv_direct

    refused = operand_blocker(channels_per_group, element)
    if refused:
        return GroupConvChoice(conv_direct.FAMILY, f"no tensor-core group mode: {refused}")
    alignment = max_alignment(channels_per_group, element)
    k = 64 if channels_per_group % 64 == 0 else 32
    legal: list[tuple[float, int, GroupMode, GroupTile]] = []
    for row in tile_table(k):
        mode = group_mode_for_tile(row.tile.n, k_per_group)
        if mode is None or mainloop_blocker(element, row.tile, row.warp, row.stages,
                                            {"the activation": alignment, "the filter": alignment}):
            continue
        legal.append((mma_waste(mode, channels_per_group, k_per_group, row.tile), -row.tile.n, mode, row))
    if not legal:
        return GroupConvChoice(
            conv_direct.FAMILY,
            f"no tensor-core group mode: {k_per_group} output channels per group neither divides nor is a "
            f"multiple of a tile N of {', '.join(str(t.tile.n) for t in tile_table(k))}",
        )
    waste, _, mode, row = min(legal, key=lambda t: t[:2])
    if waste > MAX_MMA_WASTE:
        return GroupConvChoice(
            conv_direct.FAMILY,
            f"tensor cores would do {waste:g}x the useful MMA work at best ({mode.value}, tile {row.tile}; "
            f"limit {MAX_MMA_WASTE:g}x) for {channels_per_group} input and {k_per_group} output channels per group",
        )
    return GroupConvChoice(
        FAMILY,
        f"{mode.value}, tile {row.tile}: {waste:g}x the useful MMA work for {channels_per_group} input and "
        f"{k_per_group} output channels per group",
        mode, row, waste,
    )


def choose_for_op(op: bolt.Conv2dOp) -> GroupConvChoice:
    """`choose_group_conv` for a grouped bolt.conv2d (as the lowering will see it)."""
    groups = op.groups.value.data
    problem = conv_problem(op) if op.layout.data == bolt.Layout.NHWC else None
    if problem is None:
        from boltc.lowering.cutlass import conv_direct

        return GroupConvChoice(conv_direct.FAMILY, "NCHW: the tensor-core kernel reads NHWC")
    element = Element.from_mlir(op.input.type.get_element_type())  # type: ignore[attr-defined]
    return choose_group_conv(problem.c // groups, problem.f // groups, element)


@dataclass(frozen=True)
class ConvGroupSm80Config(SelfChecking):
    """Everything about the kernel except the epilogue tree."""

    element_ab: Element
    element_d: Element
    channels_per_group: int  # C/groups: a TU constant (groups = C / it at run time)
    alignment_c: int  # elements per access along C/groups, activation and filter
    alignment_d: int  # elements per epilogue access along F
    tile: Shape3
    warp: Shape3
    stages: int
    mode: GroupMode
    optimized: bool = True  # kSingleGroup with filters up to 32x32: optimized iterators

    pad_channels: ClassVar[bool] = False  # conv_sm80's kernel asks; odd C/groups is refused instead

    @property
    def iterator_algorithm(self) -> str:
        return IteratorAlgorithm.OPTIMIZED if self.optimized else IteratorAlgorithm.ANALYTIC

    def summary(self) -> str:
        return (
            f"conv_group_sm80 fprop nhwc {self.element_ab.short}->{self.element_d.short}, {self.mode.value}, "
            f"{self.channels_per_group} channels per group, C/{self.alignment_c} F/{self.alignment_d}, "
            f"tile {self.tile}, warp {self.warp}, stages {self.stages}, {MULTISTAGE}, "
            f"{'optimized' if self.optimized else 'analytic'} iterators"
        )

    def blocker(self) -> str | None:
        refused = operand_blocker(self.channels_per_group, self.element_ab)
        if refused:
            return refused
        if self.channels_per_group % self.alignment_c:
            return f"alignment {self.alignment_c} does not divide {self.channels_per_group} channels per group"
        if self.tile.n < MIN_TILE_N:
            return f"tile N {self.tile.n}: below {MIN_TILE_N}, the narrowest warp tile"
        if self.optimized and self.mode is not GroupMode.SINGLE:
            return "CUTLASS's optimized iterators run kSingleGroup only (can_implement)"
        refused = evt_sm80.output_blocker(self.tile.n, self.alignment_d, self.element_d, "the output")
        if refused:
            return refused
        return mainloop_blocker(
            self.element_ab, self.tile, self.warp, self.stages,
            {"the activation (along C/groups)": self.alignment_c, "the filter (along C/groups)": self.alignment_c},
        )


@dataclass(frozen=True)
class ConvGroupSm80Kernel(ConvSm80Kernel):
    """One grouped CUTLASS 2.x conv2d fprop translation unit: conv_sm80's TU with
    DefaultConv2dGroupFprop's kernel and the group count from C and C/groups."""

    FAMILY: ClassVar[str] = FAMILY
    SOURCE: ClassVar[str] = "conv_group_sm80.py"
    INCLUDES: ClassVar[str] = ConvSm80Kernel.INCLUDES + '#include "cutlass/conv/kernel/default_conv2d_group_fprop.h"\n'

    config: ConvGroupSm80Config  # type: ignore[assignment]
    epilogue: EpilogueTree

    def _render_types(self) -> str:
        c = self.config
        return (f"constexpr int kChannelsPerGroup = {c.channels_per_group};  // C/groups: groups = C / this\n"
                + super()._render_types())

    def _base_kernel(self) -> str:
        c = self.config
        return instantiate(
            "cutlass::conv::kernel::DefaultConv2dGroupFprop",
            "ElementA", "LayoutA", "ElementB", "LayoutB", "ElementD", "LayoutD", "ElementAccumulator",
            "cutlass::arch::OpClassTensorOp", "cutlass::arch::Sm80",
            "ThreadblockShape", "WarpShape", "InstructionShape",
            DEFAULT_OUTPUT_OP,
            "cutlass::gemm::threadblock::GemmIdentityThreadblockSwizzle<4>",
            "Stages", "cutlass::arch::OpMultiplyAdd", c.mode.cpp, c.iterator_algorithm,
            "cutlass::conv::StrideSupport::kStrided", "AlignmentA", "AlignmentB",
        )

    def _groups(self) -> str:
        return "c / kChannelsPerGroup"

    def _output_check(self) -> str:
        # The TU is specialised to C/groups: C must be a whole number (>= 2) of groups of it;
        # CUTLASS's can_implement checks F against the groups and the tile N.
        return f"(c % kChannelsPerGroup == 0 && c / kChannelsPerGroup >= 2 && {super()._output_check()})"


def lower_conv2d(op: bolt.Conv2dOp, *, arch: str = "sm_90a") -> ConvLowering:
    """The grouped tensor-core kernel for `op` (from its #bolt.kernel: lower_at gives an op
    without one `choose_group_conv`'s, tuning/select.py)."""
    return lower_at(op, _lower_conv2d, arch, (InvalidKernelConfig, UnsupportedEpilogue), family=FAMILY)


def _lower_conv2d(op: bolt.Conv2dOp, arch: str) -> ConvLowering:
    facts = nhwc_conv(op, arch, FAMILY, ("sm_80", "sm_90a"), "the grouped sm_80 convolution", grouped=True)
    problem, groups, element, element_d = facts.problem, facts.groups, facts.element, facts.element_d
    cpg, kpg = problem.c // groups, problem.f // groups
    refused = operand_blocker(cpg, element)
    if refused:
        raise InvalidKernelConfig(refused)
    tree, binding = evt_sm80.for_sm80(*build_epilogue(op, (Role.M, Role.M, Role.M, Role.N), element_d))
    for bound in binding.leaves:
        if bound.batch_stride:
            raise InvalidKernelConfig(f"extra {bound.extra} has a batch stride; a convolution has no batch mode")
    attr = op.kernel
    if attr is None:  # lower_at gave it choose_group_conv's, which found no group mode worth it
        raise InvalidKernelConfig(f"the grouped tensor-core kernel does not take this layer: {kernel_reason(op, '')}")
    tile, warp, stages = config_from_attr(attr, FAMILY)
    # Narrow tiles store fewer elements an access, so that every lane of the epilogue's thread
    # map has outputs (a 16-wide tile: 4).
    alignment_d = evt_sm80.thread_map_alignment(tile.n, max_alignment(problem.f, element_d))
    check_leaf_alignment(tree, binding, alignment_d)
    # The mode follows from the tile (choose_group_conv picks it the same way).
    mode = group_mode_for_tile(tile.n, kpg)
    if mode is None:
        raise InvalidKernelConfig(
            f"tile N={tile.n} neither divides {kpg} output channels per group (kSingleGroup) nor is a "
            "multiple of them (kMultipleGroup)"
        )
    note = kernel_reason(op, f"#bolt.kernel: {mode.value}, {mma_waste(mode, cpg, kpg, tile):g}x the useful MMA work")
    config = ConvGroupSm80Config(
        element_ab=element, element_d=element_d, channels_per_group=cpg,
        alignment_c=max_alignment(cpg, element), alignment_d=alignment_d,
        tile=tile, warp=warp, stages=stages, mode=mode,
        optimized=mode is GroupMode.SINGLE and max(problem.r, problem.s) <= MAX_OPTIMIZED_FILTER,
    )
    kernel = ConvGroupSm80Kernel(config, tree)
    return ConvLowering(kernel, bind_arguments(kernel.entry_point, conv_argument_values(problem), binding), note)  # type: ignore[arg-type]
