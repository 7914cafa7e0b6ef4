"""bolt.b2b of an image stem's convolution and the 1x1 convolution after it -> one kernel that
reads the image itself: `boltc/lowering/cutlass/include/boltc/b2b_conv_direct.hpp` (mma.sync,
sm_80 and sm_90a alike).

    y = act1(conv1x1(act0(conv(x, f0) + bias0), f1) + bias1)      NHWC activations, KRSC filters

b2b_conv_sm90 reads its first convolution's input by TMA im2col, in 16-byte channel rows: an
RGB stem reaches it folded by space-to-depth (or padded to 8 channels) by a kernel of its own
that reads the image and writes a tensor twice its size (on the paper's 224x224x3 chains at
batch 32: 16 of the 42 us the pair took). This kernel takes the image as it is: a CTA stages
the raw pixels a tile of 128 or 256 output pixels reads (zeros outside the image; on sm_90a by one
TMA load where the image allows, `tma_view_refusal`) and gathers each MMA's A fragment from
them through the taps, k -> (dy, dx, channel) from the output pixel's window origin
(`InputGather.taps`), laid out as pairs of k slots (`B2bConvDirectConfig.pairs`: one 32-bit
word of the window each where the pixels' bases are even). The first convolution's input is a space-to-depth
fold of a model input (passes/space_to_depth.py; lowering/space_to_depth.py's plan), and the
taps are the fold's: the folded convolution's k (tap a, t; folded channel (b, i, j, c)) reads
raw pixel ((p + a) s + i - top, (q + t + b step) s + j - left), channel c. The fold's all-zero
filter columns (its padding of the filter and pad-alignment's channels) are left out, so the
kernel multiplies what the unfolded convolution does (27 columns of the 48 for a 3x3 RGB
stem). The host skips the fold's kernel: the kernel's input argument is the fold's source, a
`("source", value)` argument (host.SourcePointer).

Legality (`direct_refusal`, asked before b2b_conv_sm90 on sm_90a and before example 13 on
sm_80): NHWC, one group, dilation 1; an input that is a model input's space-to-depth fold (the
folded convolution stride 1, unpadded, the fold's fill 0); K (the filter's nonzero columns)
at most MAX_K (the filter staged whole; a stem's); F0 and F1 multiples of 16 up to MAX_F (a
warp's two accumulator sets in registers); epilogues of a bias and an activation (no residual); one element type, f16 or
bf16, for the filters, the intermediate and the output (the image f16, bf16 or f32, converted
while staged); the window within MAX_WINDOW_PER_THREAD elements a thread, shared memory within
the target's.

Entry point: n, h, w, c (the raw input), p, q (the output), top, left (output pixel (0, 0)'s
window origin, negated), the raw input's four element strides, f0, f1, ldd (elements between
output pixels), then input, filter0, bias0, filter1, bias1, output, workspace, workspace_size,
stream (no workspace). The TU is specialised to the taps, the strides, C, K, F0, F1, the tile,
the element types and the epilogues, which `can_implement` checks with the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
from xdsl.dialects.builtin import TensorType
from xdsl.ir import BlockArgument, Operation, SSAValue

from boltc.analysis.b2b_sm80 import StageEpilogue
from boltc.analysis.concat_placement import row_pitch
from boltc.dialects import bolt
from boltc.lowering.cutlass.b2b_conv_sm80 import conv_pair_blocker, conv_pair_params, pointwise_second_blocker
from boltc.lowering.cutlass.b2b_sm80 import (
    IDENTITY,
    RESULT,
    B2bLowering,
    activation_functor,
    b2b_operand,
    bias_operand,
    planned_pair,
)
from boltc.lowering.cutlass.b2b_sm90 import activation_of, bias_element, one_element_type, stage_epilogues
from boltc.lowering.cutlass.cpp import (
    EXPORT_MACRO,
    Element,
    PERSISTENT_GRID_HEADER,
    TENSOR_MAP_HEADER,
    InvalidKernelConfig,
    SelfChecking,
    UnsupportedEpilogue,
    lower_at,
    with_headers,
)
from boltc.lowering.cutlass.gemm_sm80 import SM80_SMEM_CAPACITY
from boltc.lowering.cutlass.gemm_sm90 import SM90_SMEM_CAPACITY
from boltc.lowering.cutlass.kernel_abi import CParam, CutlassKernel, EntryPoint, ParamRole
from boltc.lowering.runtime_abi import contiguous_strides, tensor_shape
from boltc.passes.fold_constants import constant_operand
from boltc.lowering.space_to_depth import SpaceToDepthPlan, space_to_depth_plan

FAMILY = "b2b_conv_direct"
ARCHS = ("sm_90a", "sm_80")
HEADER = "boltc/b2b_conv_direct.hpp"  # boltc/lowering/cutlass/include
THREADS = 256  # the header's kThreads: 8 warps
# The kernel's form by how the window arrives (m16 tiles a warp; CTAs an SM by
# __launch_bounds__). Measured on the paper's RGB stems (H200, batch 32, kernel time, 48 / 64
# channels; bench/RESULTS.md 2026-11-30 17:52):
# - through registers (sm_80; an f32 or NCHW image): one m16 a warp (a tile of 128 output
#   pixels), 3 CTAs (80 registers, no spills): 4 CTAs 32.7 / 40.3 us; two m16 a warp (each B
#   fragment shared by two MMAs) at 2 CTAs ran slower (36.8 / 47.1 at 64 registers' spills).
# - by TMA (sm_90a): no window registers and no CTA barrier a tile (the warps drift apart): two
#   m16 a warp at 2 CTAs (128 registers) 24.1 / 30.7 us, one at 3 CTAs 26.9 / 33.0, at 4 27.7 / 33.5.
WARP_M_TILES = 1
CTAS_PER_SM = 3
TMA_WARP_M_TILES = 2
TMA_CTAS_PER_SM = 2
TILE_WIDTHS = (16, 32, 64)  # a tile's output columns (its rows: the tile's pixels / that), in order of preference
# sm_90a: a tile's input window by one TMA load where the image allows it (tma_view_refusal);
# ncu on the 3x3/2 RGB stem (H200): the threads' window loads and stores were ~100 of a warp's
# ~550 instructions a tile, and their registers made the kernel spill under 64.
TMA_WINDOW = True
# Order the first MMA's k slots so that each quad lane's words sit at an immediate offset from a
# per-lane base (B2bConvDirectConfig.affine; the pair table where no such order exists).
AFFINE_GATHER = True
# Stage the filters by cp.async (16-byte copies in flight together) where they allow: ncu's
# source view of the 48-channel stem (H200) put 31 % of the warps' samples in the prologue when
# each element was loaded through its slot's column (a chain of dependent loads).
COPY_FILTERS = True
MAX_K = 64  # the first convolution's R*S*C: its filter staged whole (the folded 3x3/2 stem: 48)
MAX_F = 64  # F0 and F1: a warp's 2 x F/8 accumulator tiles of each stage within 128 registers
MAX_WINDOW_PER_THREAD = 32  # elements of the raw input window a thread holds between tiles
SMEM_LIMIT = {"sm_90a": SM90_SMEM_CAPACITY, "sm_80": SM80_SMEM_CAPACITY}
SOURCE_ELEMENTS = (Element.F16, Element.BF16, Element.F32)
INT_MAX = 2**31 - 1

# The entry point's sizes, in order (every one an int).
GEOMETRY = ("n", "h", "w", "c", "p", "q", "top", "left", "stride_n", "stride_h", "stride_w", "stride_c", "f0", "f1",
            "ldd")


def source_argument(value: SSAValue) -> tuple[str, SSAValue]:
    """The argument of a pointer to `value`, a tensor outside the b2b the kernel reads in place of
    its operand (anchors.py passes it as host.SourcePointer)."""
    return ("source", value)


@dataclass(frozen=True)
class InputGather:
    """How the kernel reads its first convolution's input: the raw tensor (`source`), its
    geometry and the taps of W0's columns."""

    source: SSAValue  # the fold's model input
    fold: SpaceToDepthPlan
    element: Element  # the raw tensor's
    size: tuple[int, int, int, int]  # n, h, w, c: the raw tensor as read (a fold's kept rows and columns)
    strides: tuple[int, int, int, int]  # its element strides, n, h, w, c
    conv_strides: tuple[int, int]  # raw pixels between neighbouring output pixels
    origin: tuple[int, int]  # (top, left): output pixel (p, q)'s window starts at (p sy - top, q sx - left)
    taps: tuple[tuple[int, int, int], ...]  # the kernel's k -> (dy, dx, channel)
    columns: tuple[int, ...]  # the kernel's k -> W0's column (a fold's all-zero columns left out)
    k_source: int  # W0's row length (R*S*C of the convolution)

    @property
    def span(self) -> tuple[int, int]:
        return max(t[0] for t in self.taps) + 1, max(t[1] for t in self.taps) + 1


def outside_value(value: SSAValue) -> SSAValue:
    """`value` as the b2b's operand where it is a block argument of a b2b's body, else itself
    (fuse-b2b asks before it forms the b2b, the lowering after)."""
    if isinstance(value, BlockArgument):
        parent = value.block.parent_op()
        if isinstance(parent, bolt.B2bOp):
            return parent.inputs[value.index]
    return value


def fold_feeding(value: SSAValue) -> SpaceToDepthPlan | None:
    """The space-to-depth fold whose result `value` is (lowering/space_to_depth.py's plan), or None."""
    seen: set[Operation] = set()
    frontier = [value.owner] if isinstance(value.owner, Operation) else []
    for _ in range(6):  # concat -> slice -> reshape -> transpose, a channel pad before them
        found = []
        for op in frontier:
            if op in seen:
                continue
            seen.add(op)
            if isinstance(op, bolt.TransposeOp) and (plan := space_to_depth_plan(op)) is not None:
                final = plan.final.results[0]
                view = value.owner if isinstance(value.owner, bolt.ReshapeOp) else None
                if final is value or (view is not None and view.input is final):
                    return plan
            found += [o.owner for o in op.operands if isinstance(o.owner, Operation)]
        frontier = found
    return None


def _fold_taps(plan: SpaceToDepthPlan, r: int, s: int, channels: int,
               filter0: np.ndarray | None) -> tuple[tuple[tuple[int, int, int], ...], tuple[int, ...]]:
    """The folded convolution's columns k = (a S + t) C + (b, i, j, c) (KRSC over the folded
    channels) as raw offsets, and which of W0's columns they are. The fold pads the filter with
    zeros (to s ceil(R/s) x s ceil(S/s) taps) and pad-alignment its channels: where `filter0`
    (the constant filter) is zero in a whole column, the column is left out, so that the kernel
    multiplies no zero weight by a pixel the convolution does not read (a NaN there would spread)
    and runs fewer k-steps (the 3x3/2 RGB stem: 27 columns of the folded 48)."""
    p = plan.params
    block, raw_c = p.block, p.c
    folded = p.taps * block * block * raw_c
    zero = (np.all(filter0.reshape(filter0.shape[0], -1) == 0, axis=0) if filter0 is not None
            else np.zeros(r * s * channels, dtype=bool))
    taps, columns = [], []
    for a in range(r):
        for t in range(s):
            for k in range(channels):
                column = (a * s + t) * channels + k
                if k >= folded or zero[column]:
                    continue  # a padded channel, or a tap the unfolded filter does not have
                b, rest = divmod(k, block * block * raw_c)
                i, rest = divmod(rest, block * raw_c)
                j, c = divmod(rest, raw_c)
                taps.append((a * block + i, (t + b * p.tap_step) * block + j, c))
                columns.append(column)
    if not taps:  # an all-zero filter: one column still (the kernel's K is at least 1)
        taps, columns = [(0, 0, 0)], [0]
    return tuple(taps), tuple(columns)


def input_gather(conv: bolt.Conv2dOp) -> InputGather | str:
    """How the kernel would read `conv`'s input, or why it cannot."""
    d = conv.dims()
    strides, padding = bolt.int_list(conv.strides), bolt.int_list(conv.padding)
    value = outside_value(conv.input)
    plan = fold_feeding(value)
    if plan is not None:
        p = plan.params
        if p.value != 0.0:
            return f"the input is a space-to-depth fold filled with {p.value}, not zeros"
        if tuple(strides) != (1, 1) or any(padding):
            return "the folded convolution is strided or padded (space-to-depth leaves it stride 1, unpadded)"
        element = Element.from_mlir(plan.source.type.get_element_type())  # type: ignore[attr-defined]
        taps, columns = _fold_taps(plan, d["R"], d["S"], d["C"], constant_operand(outside_value(conv.filter)))
        return InputGather(plan.source, plan, element, (p.n, p.h, p.w, p.c),
                           (p.stride_n, p.stride_h, p.stride_w, p.stride_c), (p.block, p.block),
                           (p.pad_top, p.pad_left), taps, columns, d["R"] * d["S"] * d["C"])
    return ("the first convolution's input is not a model input's space-to-depth fold (this kernel reads an "
            "image stem's pixels through the fold; b2b_conv_sm90's TMA im2col reads 16-byte channel rows)")


ZERO_COLUMN = -1  # a k slot with no weight (its value masked to 0: a NaN it would read stays out)
BIAS_COLUMN = -2  # the k slot whose weights are bias0 (its value the constant 1)


@dataclass(frozen=True)
class KPair:
    """Two k slots (2i, 2i + 1) of the first MMA's A fragment: their window elements from the
    output pixel's window base, and W0's column of each (ZERO_COLUMN, BIAS_COLUMN)."""

    offsets: tuple[int, int]
    columns: tuple[int, int]

    def mask(self) -> int:
        """The bits of the pair's 32-bit word that are read (the slots with a weight column)."""
        return (0xFFFF if self.columns[0] >= 0 else 0) | (0xFFFF0000 if self.columns[1] >= 0 else 0)

    def ones(self, element: Element) -> int:
        """The bits set after the mask: the constant 1 of a bias slot."""
        one = 0x3C00 if element is Element.F16 else 0x3F80
        return (one if self.columns[0] == BIAS_COLUMN else 0) | ((one << 16) if self.columns[1] == BIAS_COLUMN else 0)


@dataclass(frozen=True)
class B2bConvDirectConfig(SelfChecking):
    """Everything one TU fixes at compile time (the header's `Config`, and the taps)."""

    element_source: Element
    element: Element  # the filters', the intermediate's, the output's
    bias0: Element | None
    bias1: Element | None
    act0: str
    act1: str
    c: int  # the raw input's channels
    conv_strides: tuple[int, int]
    taps: tuple[tuple[int, int, int], ...]
    columns: tuple[int, ...]  # W0's column of each tap
    k_source: int  # W0's row length
    f0: int
    f1: int
    tile: tuple[int, int]  # output pixels: rows x columns
    warp_m_tiles: int = WARP_M_TILES
    tma_window: bool = False  # sm_90a: a tile's window by one TMA load (tma_view_refusal)
    window_shift: int = 0  # a TMA window: the box's elements before the window (-left * C mod 8)
    ctas_per_sm: int = CTAS_PER_SM  # __launch_bounds__'s minimum: the registers a thread may take
    copy_filters: bool = True  # stage the filters by cp.async where copies_filters() allows
    affine_gather: bool = True  # order the k slots for affine() where they allow

    @property
    def tile_pixels(self) -> int:
        return THREADS // 32 * 16 * self.warp_m_tiles

    @property
    def k(self) -> int:
        return len(self.taps)

    @property
    def span(self) -> tuple[int, int]:
        return max(t[0] for t in self.taps) + 1, max(t[1] for t in self.taps) + 1

    @property
    def input_window(self) -> tuple[int, int]:
        return ((self.tile[0] - 1) * self.conv_strides[0] + self.span[0],
                (self.tile[1] - 1) * self.conv_strides[1] + self.span[1])

    def paired(self) -> bool:
        """Whether the k slots load as aligned 32-bit words of the shared window (two neighbouring
        elements a load): where every output pixel's window base is an even element, and the
        lone taps that leave half a word empty cost no extra k-step over loading halves."""
        sy, sx = self.conv_strides
        if not ((sx * self.c) % 2 == 0 and (sy * self.window_pitch) % 2 == 0):
            return False
        return -(-len(self._aligned_pairs()) // 8) <= -(-len(self.taps) // 16)

    @property
    def box_width(self) -> int:
        """A TMA window's row: the window's elements in whole 16-byte units."""
        return -(-(self.window_shift + self.input_window[1] * self.c) // 8) * 8

    @property
    def window_pitch(self) -> int:
        """Elements between the rows of a window in shared memory (the header's kPitch)."""
        return self.box_width if self.tma_window else self.input_window[1] * self.c

    def _offsets(self) -> dict[int, int]:
        return {self.window_shift + dy * self.window_pitch + dx * self.c + ch: col
                for (dy, dx, ch), col in zip(self.taps, self.columns)}

    def _aligned_pairs(self) -> tuple[KPair, ...]:
        # A tap at an odd (even) offset shares the word of the even (odd) one before (after)
        # it; a lone tap's neighbour is masked.
        offset = self._offsets()
        return tuple(KPair((e, e + 1), (offset.get(e, ZERO_COLUMN), offset.get(e + 1, ZERO_COLUMN)))
                     for e in sorted({o - o % 2 for o in offset}))

    def bias0_in_filter(self) -> bool:
        """bias0 as W0's column of a constant-1 slot: where it has W0's element type (no rounding)
        and the slot fits in the last k-step's padding (no extra MMA)."""
        if self.bias0 is not self.element:
            return False
        pairs = len(self._tap_pairs())
        return -(-2 * (pairs + 1) // 16) == -(-2 * pairs // 16)

    def _tap_pairs(self) -> tuple[KPair, ...]:
        if self.paired():
            return self._aligned_pairs()
        order = list(self._offsets().items())  # the taps' order: any two k slots, loaded as two halves
        if len(order) % 2:
            order.append((0, ZERO_COLUMN))
        return tuple(KPair((order[i][0], order[i + 1][0]), (order[i][1], order[i + 1][1]))
                     for i in range(0, len(order), 2))

    def _table_pairs(self) -> tuple[KPair, ...]:
        pairs = list(self._tap_pairs())
        if self.bias0_in_filter():
            pairs.append(KPair((0, 0), (BIAS_COLUMN, ZERO_COLUMN)))
        while len(pairs) % 8:
            pairs.append(KPair((0, 0), (ZERO_COLUMN, ZERO_COLUMN)))
        return tuple(pairs)

    def pairs(self) -> tuple[KPair, ...]:
        """The A fragment's k slots two by two, padded with empty pairs to whole 16-wide k-steps:
        in _affine_order() where there is one, else the taps' order with bias0's constant-1 slot
        last where it goes in W0."""
        return self._affine_order() or self._table_pairs()

    def _window_elements(self) -> int:
        """A window buffer's elements in shared memory (the header's kInStored)."""
        in_h, in_w = self.input_window
        if self.tma_window:
            return -(-(in_h * self.box_width + 2) // 64) * 64
        return -(-(in_h * in_w * self.c + 2) // 8) * 8

    def _affine_order(self) -> tuple[KPair, ...] | None:
        """The aligned pairs ordered so that each quad lane's word of a k-step's half (pairs
        8 ks + 4 h + t, t = 0..3, lane t of each quad) lies at start + t * step from the pixel's
        base: runs of adjacent words four at a time (step one word), what is left of the runs in
        arithmetic progressions (the stem: each window row's fifth word, one row apart), filled
        out with bias0's slot and empty ones (masked to zeros: their reads only need to stay in
        the CTA's shared memory). None where that takes more k-steps than the taps' order."""
        if not (self.affine_gather and self.paired()):
            return None
        groups: list[tuple[list[KPair | None], int]] = []  # four pairs (None: a filler) and their step
        leftovers: list[KPair] = []
        run: list[KPair] = []

        def cut(run: list[KPair]) -> None:
            whole = len(run) // 4 * 4
            groups.extend((list(run[i:i + 4]), 2) for i in range(0, whole, 4))
            leftovers.extend(run[whole:])

        for pair in sorted(self._aligned_pairs(), key=lambda p: p.offsets[0]):
            if run and pair.offsets[0] != run[-1].offsets[0] + 2:
                cut(run)
                run = []
            run.append(pair)
        cut(run)
        i = 0
        while i < len(leftovers):
            chunk = [leftovers[i]]
            step = leftovers[i + 1].offsets[0] - leftovers[i].offsets[0] if i + 1 < len(leftovers) else 2
            while i + len(chunk) < len(leftovers) and len(chunk) < 4 and \
                    leftovers[i + len(chunk)].offsets[0] == chunk[-1].offsets[0] + step:
                chunk.append(leftovers[i + len(chunk)])
            i += len(chunk)
            groups.append((chunk + [None] * (4 - len(chunk)), step))
        fillers = [(BIAS_COLUMN, ZERO_COLUMN)] if self.bias0_in_filter() else []
        order: list[KPair] = []
        for group, step in groups:
            start = group[0].offsets[0]  # type: ignore[union-attr]
            for t, pair in enumerate(group):
                if pair is None:
                    columns = fillers.pop(0) if fillers else (ZERO_COLUMN, ZERO_COLUMN)
                    pair = KPair((start + t * step, start + t * step + 1), columns)
                order.append(pair)
        while fillers or len(order) % 8:  # bias0's slot in a group of its own; whole k-steps
            columns = fillers.pop(0) if fillers else (ZERO_COLUMN, ZERO_COLUMN)
            order.append(KPair((0, 1), columns))
        table = len(self._table_pairs())
        if len(order) > table:
            return None
        order += [KPair((0, 1), (ZERO_COLUMN, ZERO_COLUMN))] * (table - len(order))  # the same k-steps
        last_base = (self.tile[0] - 1) * self.conv_strides[0] * self.window_pitch + \
            (self.tile[1] - 1) * self.conv_strides[1] * self.c
        if self._window_elements() + last_base + max(p.offsets[1] for p in order) + 1 > self.smem_bytes() // 2:
            return None
        return tuple(order)

    def affine(self) -> tuple[tuple[int, int], ...] | None:
        """Per k-step half (8 ks + 4 h), the (start, step) of its pairs' words in the quad lane,
        where pairs() is in such an order (the header's AffineGather); else None."""
        if not (self.affine_gather and self.paired()):
            return None
        pairs = self.pairs()
        groups = []
        for g in range(0, len(pairs), 4):
            starts = [p.offsets[0] for p in pairs[g:g + 4]]
            step = starts[1] - starts[0]
            if any(s != starts[0] + t * step for t, s in enumerate(starts)):
                return None
            groups.append((starts[0], step))
        return tuple(groups)

    def copies_filters(self) -> bool:
        """The header's CopyFilters: W0 (raw, rows of whole 16-byte units), bias0's elements and
        the slot tables by cp.async into the output staging rows, W1 straight to its rows; W0
        then mapped to its slots in shared memory. Else (or where a filter's address is not
        16-byte aligned, checked at run time) element by element from global memory."""
        raw = self.f0 * self.k_source * 2 + self.f0 * 2 + self.k_slots * 4 + self.k_slots // 2 * 16
        return self.copy_filters and self.k_source % 8 == 0 and raw <= self.tile_pixels * (self.f1 + 8) * 2

    @property
    def k_slots(self) -> int:
        return 2 * len(self.pairs())

    def window_per_thread(self) -> int:
        in_h, in_w = self.input_window
        return -(-in_h * in_w * self.c // THREADS)

    def smem_bytes(self) -> int:
        """Config::kSmemBytes: both filters (rows padded), the biases as floats, the k-offset
        table, two input windows, the output staging rows."""
        k_steps = len(self._table_pairs()) // 8  # (the affine order's count too)
        window = self._window_elements() * 2 * 2
        return (window + self.f0 * (k_steps * 16 + 8) * 2 + self.f1 * (self.f0 + 8) * 2 + self.f0 * 4 + self.f1 * 8
                + k_steps * 4 * 32 + 32 + self.tile_pixels * (self.f1 + 8) * 2)

    def summary(self) -> str:
        return (f"{FAMILY} {self.element_source.short}->{self.element.short} C={self.c} K={self.k} "
                f"(of W0's {self.k_source}; {self.k_slots} k slots, "
                f"{('aligned pairs, affine in the lane' if self.affine() else 'aligned pairs') if self.paired() else 'halves'}"
                f"{', bias0 in W0' if self.bias0_in_filter() else ''}) stride "
                f"{self.conv_strides[0]}x{self.conv_strides[1]} span {self.span[0]}x{self.span[1]}, F0={self.f0} "
                f"{self.act0}, F1={self.f1} {self.act1}, tile {self.tile[0]}x{self.tile[1]} output pixels "
                f"({self.warp_m_tiles} m16 a warp, {self.ctas_per_sm} CTAs an SM), window "
                f"{f'by TMA (box from {self.window_shift} before)' if self.tma_window else 'through registers'}, "
                f"filters {'by cp.async' if self.copies_filters() else 'element by element'}, "
                f"{self.smem_bytes()} B shared memory")

    def blocker(self) -> str | None:
        if self.element_source not in SOURCE_ELEMENTS:
            return f"a {self.element_source.short} input; the kernel reads f16, bf16 or f32 (converted)"
        if self.element not in (Element.F16, Element.BF16):
            return f"{self.element.short} filters and output; the kernel's MMAs take f16 or bf16"
        if self.element_source is not Element.F32 and self.element_source is not self.element:
            return (f"a {self.element_source.short} image cast to {self.element.short}; the kernel converts only "
                    "an f32 image (it copies 16-bit pixels as they are)")
        for name, f in (("F0", self.f0), ("F1", self.f1)):
            if f % 16 or f > MAX_F:
                return (f"{name}={f} is not a multiple of 16 up to {MAX_F} (pairs of 8-wide MMA tiles; a warp's "
                        "accumulators of both stages within its registers)")
        if self.k > MAX_K:
            return (f"K = R*S*C = {self.k} is over {MAX_K}: the kernel stages the first filter whole and gathers "
                    "every A fragment element by element (it is built for image stems)")
        if self.warp_m_tiles not in (1, 2):
            return f"{self.warp_m_tiles} m16 tiles a warp; the kernel computes one or two"
        if self.tile[0] * self.tile[1] != self.tile_pixels or self.tile[1] % 16:
            return (f"a tile of {self.tile[0]}x{self.tile[1]} output pixels; the kernel's is {self.tile_pixels}, "
                    "rows of a multiple of 16 (an m16 tile's pixels, consecutive in one row)")
        if not self.tma_window and self.window_shift:
            return "a window shift without a TMA window"
        if self.tma_window:
            if not 0 <= self.window_shift < 8:
                return f"a window shift of {self.window_shift} elements; a TMA box starts at most 7 before"
            if self.element_source is not self.element:
                return f"a TMA window copies the image as it is: {self.element_source.short}, not {self.element.short}"
            if self.box_width > 256 or self.input_window[0] > 256:
                return (f"a window of {self.input_window[0]} rows of {self.box_width} elements: a TMA box is at "
                        "most 256 a dimension")
        elif self.window_per_thread() > MAX_WINDOW_PER_THREAD:
            return (f"the input window is {self.window_per_thread()} elements a thread, over "
                    f"{MAX_WINDOW_PER_THREAD} (held in registers between tiles)")
        return None

    def smem_blocker(self, arch: str) -> str | None:
        if self.smem_bytes() > SMEM_LIMIT[arch]:
            return f"a CTA needs {self.smem_bytes()} bytes of shared memory, over {arch}'s {SMEM_LIMIT[arch]}"
        return None

    def functor(self, act: str) -> str:
        return f"{activation_functor(act, self.element).cpp}<float>"

    def functor_headers(self) -> tuple[str, ...]:
        functors = (activation_functor(act, self.element) for act in (self.act0, self.act1))
        return tuple(dict.fromkeys(f.header for f in functors if f.header))

    def template_arguments(self) -> tuple[str, ...]:
        """boltc::b2b_conv_direct::Config's template arguments, in order."""
        return (self.element_source.cpp, self.element.cpp, (self.bias0 or self.element).cpp,
                (self.bias1 or self.element).cpp, str(self.c), str(self.k_slots), str(self.k_source),
                _bool(self.paired()), _bool(self.bias0_in_filter()), _bool(self.tma_window), str(self.window_shift),
                _bool(self.copies_filters()), *(str(v) for v in self.conv_strides),
                *(str(v) for v in self.span), str(self.f0), str(self.f1), *(str(v) for v in self.tile),
                str(self.warp_m_tiles), self.functor(self.act0), self.functor(self.act1), _bool(self.bias0 is not None),
                _bool(self.bias1 is not None), "AffineGather" if self.affine() else "void")

    def affine_gather_struct(self) -> str:
        """The TU's AffineGather (the header's Config::Gather) where affine(), else ''."""
        groups = self.affine()
        if not groups:
            return ""
        pairs = self.pairs()
        masks = [[f"0x{p.mask():08x}u" for p in pairs[g:g + 4]] for g in range(0, len(pairs), 4)]
        ones = [[f"0x{p.ones(self.element):08x}u" for p in pairs[g:g + 4]] for g in range(0, len(pairs), 4)]
        n = len(groups)

        def table(rows: list[list[str]]) -> str:
            return ", ".join("{" + ", ".join(row) + "}" for row in rows)
        return "\n".join([
            "// The first MMA's A fragment: lane t of a quad reads k-step half g's word at start(g) +",
            "// t * step(g) from the output pixel's base, keeps mask(g, t)'s bits, sets ones(g, t)'s.",
            "struct AffineGather {",
            f"  __device__ static constexpr int start(int g) {{ constexpr int v[{n}] = {{"
            f"{', '.join(str(a) for a, _ in groups)}}}; return v[g]; }}",
            f"  __device__ static constexpr int step(int g) {{ constexpr int v[{n}] = {{"
            f"{', '.join(str(d) for _, d in groups)}}}; return v[g]; }}",
            f"  __device__ static constexpr uint32_t mask(int g, int t) {{ constexpr uint32_t v[{n}][4] = {{"
            f"{table(masks)}}}; return v[g][t]; }}",
            f"  __device__ static constexpr uint32_t ones(int g, int t) {{ constexpr uint32_t v[{n}][4] = {{"
            f"{table(ones)}}}; return v[g][t]; }}",
            "};",
            "",
        ])


def _bool(value: bool) -> str:
    return "true" if value else "false"


def tile_for(p: int, q: int, warp_m_tiles: int = WARP_M_TILES) -> tuple[int, int]:
    """The tile (rows, columns of output pixels) that leaves the fewest pixels outside P x Q,
    ties to the earlier of TILE_WIDTHS."""
    pixels = THREADS // 32 * 16 * warp_m_tiles

    def waste(width: int) -> int:
        rows = pixels // width
        return -(-p // rows) * rows * -(-q // width) * width - p * q
    widths = [w for w in TILE_WIDTHS if w <= pixels]  # (each m16 tile's 16 pixels in one row)
    width = min(widths, key=lambda w: (waste(w), TILE_WIDTHS.index(w)))
    return pixels // width, width


@dataclass(frozen=True)
class B2bConvDirectPlan:
    """A legal pair: how the input is read, the configuration, both stages' epilogues."""

    gather: InputGather
    config: B2bConvDirectConfig
    stage0: StageEpilogue
    stage1: StageEpilogue
    p: int
    q: int


def direct_refusal(first: bolt.AnchorOp, second: bolt.AnchorOp, arch: str = "sm_90a") -> B2bConvDirectPlan | str:
    """The plan where this kernel computes the convolution `first` feeding the 1x1 convolution
    `second` exactly; else why not."""
    if arch not in ARCHS:
        return f"{FAMILY} runs on {' and '.join(ARCHS)}, not {arch}"
    blocker = conv_pair_blocker(first, second)
    if blocker:
        return blocker
    if tuple(bolt.int_list(first.dilations)) != (1, 1):
        return "the first convolution is dilated; the kernel's taps are dense"
    blocker = pointwise_second_blocker(second)
    if blocker:
        return blocker
    d0, d1 = first.dims(), second.dims()
    stages = stage_epilogues(first, second, "convolution")
    if isinstance(stages, str):
        return stages
    if any(stage.residual is not None for stage in stages):
        return "a stage adds a residual; the kernel's epilogues are a bias and an activation"
    named = {"the first filter": first.filter, "the first product": first.result,
             "the second filter": second.filter, "the output": second.result}
    element = one_element_type(named, "both filters, the first product and the output")
    if isinstance(element, str):
        return element
    if not isinstance(first.input.type, TensorType):
        return "the input is not a tensor"
    gather = input_gather(first)
    if isinstance(gather, str):
        return gather
    n, h, w, _ = gather.size
    if any(v > INT_MAX for v in (*gather.strides, n * h * w * gather.size[3])):
        return "the input's element offsets pass 2^31 (the entry point's strides are ints)"
    tma = TMA_WINDOW and arch == "sm_90a" and tma_view_refusal(gather, element) is None
    for tma_window in ((True, False) if tma else (False,)):
        warp_m_tiles = TMA_WARP_M_TILES if tma_window else WARP_M_TILES
        try:
            config = B2bConvDirectConfig(gather.element, element, bias_element(stages[0]), bias_element(stages[1]),
                                         activation_of(stages[0]), activation_of(stages[1]), gather.size[3],
                                         gather.conv_strides, gather.taps, gather.columns, gather.k_source,
                                         d0["F"], d1["F"], tile_for(d0["P"], d0["Q"], warp_m_tiles), warp_m_tiles,
                                         tma_window, (-gather.origin[1] * gather.size[3]) % 8 if tma_window else 0,
                                         TMA_CTAS_PER_SM if tma_window else CTAS_PER_SM, COPY_FILTERS,
                                         AFFINE_GATHER)
            break
        except InvalidKernelConfig as error:
            if not tma_window:  # the window through registers: what the kernel cannot do at all
                return error.message.split(": ", 1)[-1] if ": " in error.message else error.message
    smem = config.smem_blocker(arch)
    if smem:
        return smem
    return B2bConvDirectPlan(gather, config, stages[0], stages[1], d0["P"], d0["Q"])


def tma_view_refusal(gather: InputGather, element: Element) -> str | None:
    """Why the image cannot be the TMA view [N][H][W*C] of the header's TmaWindow, or None: an
    NHWC image of the filters' 16-bit type (no conversion), its rows and images 16 bytes apart."""
    n, h, w, c = gather.size
    stride_n, stride_h, stride_w, stride_c = gather.strides
    if gather.element is not element:
        return f"the image is {gather.element.short}, the filters {element.short} (converted while staged)"
    if (stride_c, stride_w) != (1, c) or w * c > stride_h or h * stride_h > stride_n:
        return "the image is not NHWC (its pixels' channels are not adjacent)"
    if (stride_h * element.bytes) % 16 or (stride_n * element.bytes) % 16:
        return "the image's rows are not whole 16-byte units apart"
    return None


def _params() -> tuple[CParam, ...]:
    params = list(conv_pair_params(GEOMETRY))
    return tuple(CParam(p.name, p.ctype, ParamRole.LDD) if p.name == "ldd" else p for p in params)


_INCLUDES = """\
#include <cstddef>
#include <cstdint>

#include <type_traits>

#include <cuda.h>
#include <cuda_runtime.h>

#include "cutlass/cutlass.h"
#include "cutlass/numeric_types.h"
#include "cutlass/epilogue/thread/activation.h"

""" + EXPORT_MACRO

_KERNEL = """\
__global__ void __launch_bounds__(boltc::b2b_conv_direct::kThreads, kCtasPerSm)
    b2b_conv_direct_kernel(__grid_constant__ CUtensorMap const window_map, boltc::b2b_conv_direct::Geometry const g,
                           Config::ElementS const* __restrict__ input,
                           Element const* __restrict__ filter0, Config::ElementBias0 const* __restrict__ bias0,
                           Element const* __restrict__ filter1, Config::ElementBias1 const* __restrict__ bias1,
                           Element* __restrict__ output) {
  // (The tensor map first: TMA takes it at an address of 64-byte alignment, which the
  // parameters' start has and a later parameter's offset need not.)
  extern __shared__ __align__(128) unsigned char smem[];
  boltc::b2b_conv_direct::run<Config>(g, input, filter0, bias0, filter1, bias1, output, kPairs, kColumns,
                                      &window_map, smem);
}

// The TMA view of the image for Config::TmaWindow: [n][h][w * c] 16-bit elements, boxes of one
// window (kBoxW x kInH); elements outside read as zeros. False where the driver refuses it.
bool encode_window_map(CUtensorMap* map, void const* input, boltc::b2b_conv_direct::Geometry const& g, int c) {
  boltc::tensor_map::EncodeTiled const encode = boltc::tensor_map::encode_tiled();
  if (!encode) {
    return false;
  }
  cuuint64_t const size[3] = {cuuint64_t(g.w) * c, cuuint64_t(g.h), cuuint64_t(g.n)};
  cuuint64_t const stride[2] = {cuuint64_t(g.stride_h) * 2, cuuint64_t(g.stride_n) * 2};
  cuuint32_t const box[3] = {Config::kBoxW, Config::kInH, 1};
  cuuint32_t const step[3] = {1, 1, 1};
  CUtensorMapDataType const type =
      std::is_same_v<Element, cutlass::half_t> ? CU_TENSOR_MAP_DATA_TYPE_FLOAT16 : CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  return encode(map, type, 3, const_cast<void*>(input), size, stride, box, step, CU_TENSOR_MAP_INTERLEAVE_NONE,
                CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) == CUDA_SUCCESS;
}

// Why this TU cannot run the problem (a cutlass::Status), or kSuccess with the kernel's geometry.
cutlass::Status check(@PROBLEM@, boltc::b2b_conv_direct::Geometry* g) {
  if (n <= 0 || h <= 0 || w <= 0 || p <= 0 || q <= 0 || stride_n < 0 || stride_h < 0 || stride_w < 0 ||
      stride_c < 0) {
    return cutlass::Status::kErrorInvalidProblem;
  }
  // The TU's compile-time shape.
  if (c != Config::C || f0 != Config::F0 || f1 != Config::F1) {
    return cutlass::Status::kErrorInvalidProblem;
  }
  // The output pixels' rows: at least F1 apart, whole 16-byte vectors.
  if (ldd < f1 || ldd % 8) {
    return cutlass::Status::kErrorInvalidProblem;
  }
  // The TMA view: NHWC rows (channels, then pixels, adjacent), rows and images 16-byte apart.
  if (Config::TmaWindow && (stride_c != 1 || stride_w != c || stride_h % 8 || stride_n % 8 ||
                            int64_t(w) * c > stride_h || int64_t(h) * stride_h > stride_n ||
                            ((-left * c) % 8 + 8) % 8 != Config::kWindowShift)) {
    return cutlass::Status::kErrorInvalidProblem;
  }
  int64_t const tiles_h = (p + Config::TileH - 1) / Config::TileH, tiles_w = (q + Config::TileW - 1) / Config::TileW;
  // Tile indices are ints, advanced by the grid (at most a few thousand CTAs) past the last.
  if (int64_t(n) * tiles_h * tiles_w >= (int64_t(1) << 30) || int64_t(n) * p * q >= (int64_t(1) << 62) / ldd) {
    return cutlass::Status::kErrorInvalidProblem;
  }
  *g = boltc::b2b_conv_direct::Geometry{n, h, w, p, q, top, left, stride_n, stride_h, stride_w, stride_c, ldd,
                                        int(tiles_h), int(tiles_w), cutlass::FastDivmod(int(tiles_h * tiles_w)),
                                        cutlass::FastDivmod(int(tiles_w))};
  return cutlass::Status::kSuccess;
}

bool aligned16(void const* pointer) {
  return reinterpret_cast<uintptr_t>(pointer) % 16 == 0;
}

}  // namespace

// output = act1(conv1x1(act0(conv(input, filter0) + bias0), filter1) + bias1); returns a cutlass::Status.
BOLTC_EXPORT @LAUNCH@ {
  boltc::b2b_conv_direct::Geometry g;
  cutlass::Status const status = check(@FORWARD@, &g);
  if (status != cutlass::Status::kSuccess) {
    return static_cast<int>(status);
  }
  if (!input || !filter0 || !filter1 || !output || !aligned16(output) || (Config::HasBias0 && !bias0) ||
      (Config::HasBias1 && !bias1)) {
    return static_cast<int>(cutlass::Status::kErrorMisalignedOperand);
  }
  // Persistent: as many CTAs as fit at once (boltc/persistent_grid.hpp: the occupancy query, per
  // device), at most one a tile, so that each CTA stages the filters once.
  static int slots[boltc::persistent_grid::kMaxDevices] = {};
  int const fit = boltc::persistent_grid::slots(b2b_conv_direct_kernel, boltc::b2b_conv_direct::kThreads,
                                                Config::kSmemBytes, slots);
  if (fit == 0) {
    return static_cast<int>(cutlass::Status::kErrorInternal);
  }
  CUtensorMap window_map = {};
  if (Config::TmaWindow) {
    if (reinterpret_cast<uintptr_t>(input) % 16) {
      return static_cast<int>(cutlass::Status::kErrorMisalignedOperand);
    }
    if (!encode_window_map(&window_map, input, g, c)) {
      return static_cast<int>(cutlass::Status::kErrorInternal);
    }
  }
  int64_t const tiles = int64_t(g.n) * g.tiles_h * g.tiles_w;
  int const grid = static_cast<int>(tiles < fit ? tiles : fit);
  b2b_conv_direct_kernel<<<grid, boltc::b2b_conv_direct::kThreads, Config::kSmemBytes, stream>>>(
      window_map, g, static_cast<Config::ElementS const*>(input), static_cast<Element const*>(filter0),
      static_cast<Config::ElementBias0 const*>(bias0), static_cast<Element const*>(filter1),
      static_cast<Config::ElementBias1 const*>(bias1), static_cast<Element*>(output));
  return static_cast<int>(cudaGetLastError() == cudaSuccess ? cutlass::Status::kSuccess
                                                            : cutlass::Status::kErrorInternal);
}

BOLTC_EXPORT @WORKSPACE@ {
  return 0;
}

// kSuccess where the TU takes the problem and the GPU gives a CTA its shared memory.
BOLTC_EXPORT @CAN@ {
  boltc::b2b_conv_direct::Geometry g;
  return static_cast<int>(boltc::persistent_grid::can_run(check(@FORWARD@, &g), Config::kSmemBytes));
}
"""


@dataclass(frozen=True)
class B2bConvDirectKernel(CutlassKernel):
    """One b2b_conv_direct translation unit."""

    FAMILY: ClassVar[str] = FAMILY

    config: B2bConvDirectConfig

    def _entry_params(self) -> tuple[CParam, ...]:
        return _params()

    def _render(self, name: str) -> str:
        entry = EntryPoint(name, _params())
        c = self.config
        launch, workspace, can = entry.prototypes()
        problem = ", ".join(p.declaration() for p in entry.problem_params if p.name in GEOMETRY)
        forward = ", ".join(p.name for p in entry.problem_params if p.name in GEOMETRY)
        pairs = c.pairs()
        pair_table = ", ".join(f"{p.offsets[0]}u, {p.offsets[1]}u, 0x{p.mask():08x}u, 0x{p.ones(c.element):08x}u"
                               for p in pairs)
        columns = ", ".join(str(col) for p in pairs for col in p.columns)
        header = (
            f"// Generated by boltc ({FAMILY}): {c.summary()}.\n"
            "// Exported entry points (boltc/lowering/cutlass/b2b_conv_direct.py documents them):\n"
            + "".join(f"//   {p};\n" for p in entry.prototypes())
        )
        includes = with_headers(_INCLUDES, (HEADER, PERSISTENT_GRID_HEADER, TENSOR_MAP_HEADER, *c.functor_headers()))
        constants = c.affine_gather_struct() + "\n".join([
            f"using Element = {c.element.cpp};  // the filters (KRSC), the intermediate, the output (NHWC)",
            f"using Config = boltc::b2b_conv_direct::Config<{', '.join(c.template_arguments())}>;",
            f"constexpr int kCtasPerSm = {c.ctas_per_sm};",
            "// The first MMA's k slots two by two: their elements of the shared window from an output",
            "// pixel's base, the bits of the word kept, the bits set (a bias slot's 1); W0's column of",
            "// each slot (-1: none, -2: bias0).",
            "// (16-byte aligned: the kernel stages them by cp.async.)",
            f"__device__ __align__(16) uint32_t const kPairs[{4 * len(pairs)}] = {{{pair_table}}};",
            f"__device__ __align__(16) int const kColumns[{2 * len(pairs)}] = {{{columns}}};",
            "",
        ])
        body = (_KERNEL.replace("@PROBLEM@", problem).replace("@FORWARD@", forward)
                .replace("@LAUNCH@", launch).replace("@WORKSPACE@", workspace).replace("@CAN@", can))
        return f"{header}\n{includes}\nnamespace {{\n\n{constants}\n{body}"


def lower_b2b_conv_direct(op: bolt.B2bOp, *, arch: str = "sm_90a") -> B2bLowering:
    return lower_at(op, _lower, arch, (InvalidKernelConfig, UnsupportedEpilogue))


def _lower(op: bolt.B2bOp, arch: str) -> B2bLowering:
    first, second, plan = planned_pair(op, arch, ARCHS, FAMILY, " yet: its tile follows from P and Q",
                                       lambda a, b: direct_refusal(a, b, arch))
    assert isinstance(first, bolt.Conv2dOp) and isinstance(second, bolt.Conv2dOp)
    g = plan.gather
    n, h, w, c = g.size
    ldd = row_pitch(op.result) or plan.config.f1
    source = source_argument(g.source)
    values = (
        n, h, w, c, plan.p, plan.q, g.origin[0], g.origin[1], *g.strides, plan.config.f0, plan.config.f1, ldd,
        source, b2b_operand(first.filter), bias_operand(plan.stage0.bias),
        b2b_operand(second.filter), bias_operand(plan.stage1.bias), RESULT,
        ParamRole.WORKSPACE, ParamRole.WORKSPACE_SIZE, ParamRole.STREAM,
    )
    return B2bLowering(B2bConvDirectKernel(plan.config), values,
                       f"{FAMILY}: mma.sync, the first product in registers; the {c}-channel model input read "
                       "through its space-to-depth fold (no fold kernel)")


__all__ = ["FAMILY", "B2bConvDirectConfig", "B2bConvDirectKernel", "B2bConvDirectPlan", "IDENTITY",
           "direct_refusal", "input_gather", "lower_b2b_conv_direct", "tile_for"]
