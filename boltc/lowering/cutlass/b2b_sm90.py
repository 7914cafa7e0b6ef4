"""bolt.b2b of two GEMMs -> one Hopper kernel (sm_90a): TMA, warp-specialized warpgroups,
wgmma for both GEMMs, the first product kept in registers.

    D = act1(act0(A @ W0 + bias0) @ W1 + bias1)    A: M x K0, W0: K0 x N0, W1: N0 x N1

Two kernels (`B2bSm90Config.variant`; `choose` takes the first that fits):

- RESIDENT (include/boltc/b2b_sm90_resident.hpp, `B2bResidentKernel`; N0, N1 <= 256 within
  the consumer's registers, any K0): persistent CTAs over 64-row tiles, two consumer
  warpgroups taking turns, the first GEMM on CUTLASS's own sm_90 mainloop collective, W1 (and,
  where it fits with at least RESIDENT_MIN_A_STAGES stages of A, W0: `resident_k_tiles`) loaded
  once per CTA and kept in shared memory, D staged through shared memory. The same kernel with
  CUTLASS's implicit-GEMM convolution collective as its first stage is b2b_conv_sm90.py's.
  docs/kernels/sm90.md has the whole story and the measurements.
- STREAMED (the rest of this docstring; K0 <= 256, any N0): example 88's.

The streamed kernel is attention's forward pass with the softmax replaced by a per-column bias and an
activation, so the kernel is CUTLASS's example 88 (examples/88_hopper_fmha in the
nvidia-cutlass package; fmha_sm90.py instantiates its attention kernel) with one collective
changed. The fixed C++ is boltc/lowering/cutlass/include/boltc/b2b_sm90_collective.hpp (its
header comment says what is reused and what changed, and why); this module renders the
instantiation and the three C entry points, and checks legality before nvcc.

How the kernel runs
-------------------
A 128-row tile of A (two consumer warpgroups of 64 rows) is loaded once into shared memory
(TileK0 columns, K0 <= TileK0: the whole reduction of the first GEMM in one tile). A producer
warp streams blocks of BlockN0 columns of W0 and the matching BlockN0 rows of W1 through a
shared-memory pipeline of `stages` slots, K and V blocks taking turns in the same slots; every
slot holds the larger of the two (BlockN0 x TileK0 and TileN1 x BlockN0), both layouts
restaged to that one stride (example 88's K and V are the same size; with each layout's own
stride a smaller V stage overlapped a larger K stage). Per block, each consumer warpgroup runs
S = A_tile W0_block on wgmma (fp32 in registers), adds bias0 per column and applies act0 in
registers, rounds S to the element type in registers and issues the second wgmma with S as
its register-sourced A operand: O += S W1_block (fp32, 64 x TileN1 per warpgroup). After the
last block, the epilogue adds bias1, applies act1 and stores D straight from registers,
predicated on M and N1. The persistent tile scheduler (example 88's) walks ceil(M / 128)
tiles with one CTA per SM.

Legality (`B2bSm90Config.blocker`, `sm90_refusal`; refusals name the reason)
- f16 or bf16 A, W0, W1, first product and D, all one element type (S is rounded to it to be
  the second wgmma's A, and the epilogue writes it); biases f16, bf16 or f32 (read as float);
- TMA: every row stride a multiple of 16 bytes (K0, and N0 or N1 as the weights are stored,
  multiples of 8 elements); extents past the problem are zero-filled, so N0 needs no multiple
  of the block (zero W1 rows cancel act0(0) columns) and K0, N1 may be below their tiles;
- K0 <= 256 (A's tile lives in shared memory for the whole N0 loop), N1 <= 256 (one wgmma N,
  and O's registers: TileN1 / 2 fp32 per thread);
- registers: S (BlockN0 / 2), its rounded copy (BlockN0 / 4) and O (TileN1 / 2) per thread
  within the 240 the kernel gives a consumer thread, with room for addresses;
- shared memory: A's tile (128 x TileK0) and `stages` slots of max(BlockN0 x TileK0,
  TileN1 x BlockN0) elements within the 227 KB of an sm_90 CTA; stages >= 3 (a consumer
  releases block j-1's V only after block j's V has arrived, holding block j's K: two slots
  deadlock wherever N0 takes more than one block);
- epilogues: `analysis.b2b_sm80.stage_epilogue`'s kinds in both stages: acc, acc + bias and
  an activation of either (unlike example 13, a bias-free first stage is fine here): relu on
  both kernels, gelu (erf, tanh), silu, sigmoid, hardswish, softplus and tanh on the resident
  one (`SM90_ACTIVATIONS`, `activation_functor`); on the resident kernel either stage may
  also add a residual of its result's shape and the one element type before its activation:
  R0 [M, N0] in the first (`residual0`; the entry point's `residual0`, `ldr0`, N0 then a
  multiple of 8: 16-byte rows), R [M, N1] in the second (`residual`; `residual`, `ldr`), each
  copied into D's staging buffer by cp.async, R0 under the first GEMM, R under the GEMMs (only
  the second where R0 is there too).

Entry point (the three C functions of the other families: launch, workspace size,
can-implement): m, n0, n1, k0, a, lda, w0, ldw0, bias0, w1, ldw1, bias1, d, ldd, residual, ldr, residual0,
ldr0, workspace, workspace_size, stream. The launch reads the SM count of the current device for the
persistent grid. No workspace. can_implement looks at the problem only, never at a pointer:
the model calls it once at creation with null pointers (host.py, prepare_queries); the launch
refuses a null bias pointer where the kernel reads one.

GPU status (test/gpu/test_b2b_sm90.py on an H100, first run): chains without bias0 and with
K and V blocks of one size (K0=64, N0=256, N1=64; K0=96, N0=32, N1=96) matched torch. Every
chain with bias0 was refused at model creation (can_implement checked the bias0 pointer,
which is null there), and K0=256, N0=64, N1=16 computed wrong values (the overlapping K and V
stages above). Both are fixed, and stages >= 3 is new; the fixes are checked on the CPU
(test/python/lowering/test_b2b_sm90.py: the header's can_implement, and a host program built
from the TU with nvcc printing each stage's extent and calling can_implement with null
pointers), not yet on a GPU.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.ir import SSAValue

from boltc.analysis.b2b_sm80 import ALL_ACTIVATIONS, StageEpilogue, element_name, stage_epilogue
from boltc.dialects import bolt
from boltc.lowering.cutlass import evt
from boltc.lowering.cutlass.b2b_sm80 import (
    IDENTITY,
    RESULT,
    B2bLowering,
    activation_functor,
    activation_of,
    b2b_operand,
    bias_operand,
    planned_pair,
    residual_operand,
)
from boltc.lowering.cutlass.cpp import (
    EXPORT_MACRO,
    VECTOR_BYTES,
    Element,
    InvalidKernelConfig,
    SelfChecking,
    UnsupportedEpilogue,
    lower_at,
    with_extended_gmma,
    with_headers,
)
from boltc.lowering.cutlass.kernel_abi import CParam, CutlassKernel, EntryPoint, ParamRole

FAMILY = "b2b_gemm_sm90"
ARCH = "sm_90a"
HEADER = "boltc/b2b_sm90_collective.hpp"  # boltc/lowering/cutlass/include (build.cutlass_include_dirs)
RESIDENT_HEADER = "boltc/b2b_sm90_resident.hpp"
# The two kernels: W1 resident in shared memory, all of N0 in one tile, A streamed across
# tiles (the default where N0 and N1 fit); example 88's loop over blocks of N0 (the rest).
RESIDENT = "resident"
STREAMED = "streamed"
RESIDENT_MAX_N0 = 256  # one wgmma N: the first product's whole row block in registers
RESIDENT_BLOCK_M = 64  # one consumer warpgroup's tile (the two take turns: ping-pong)
RESIDENT_TILE_K = 64  # k-block of the first GEMM where K0 > RESIDENT_SINGLE_BLOCK_K0: 128-byte
#                       rows, the widest TMA swizzle (a 96-wide block took 64-byte boxes)
RESIDENT_SINGLE_BLOCK_K0 = 64  # up to here one k-block holds all of K0 (rounded up to 16)
# CUTLASS's mainloop needs two. Sixteen, where shared memory holds them: the conv chains'
# filters leave room past eight, and the 112x112x64 stride-2 chain ran 31.6 us on 8 stages,
# 28.4 on 12, 27.1 on 16; 56x56x64 24.9 / 24.2 / 24.5; the stem 52.7 / 52.4 / 53.5 (H200,
# 2026-11-29, graph replays; bench/data/b2b_resident_stages_h200_2026-11-29.json).
RESIDENT_STAGES = (2, 16)
# With W0 resident only A streams: fewer than four stages of it and A's loads no longer hide
# the other warpgroup's epilogue (then W0 streams with A, with more stages).
RESIDENT_MIN_A_STAGES = 4
RESIDENT_CONSUMER_REGISTERS = 232  # B2bResidentKernel's MmaRegisterRequirement
STAGED_ROW_PAD = 8  # elements: the 16-byte pad of D's rows staged in shared memory (kStagedRow)
BLOCK_M = 128  # two consumer warpgroups of 64 rows (example 88's forward tile)
BLOCKS_N0 = (64, 128)  # W0 columns (W1 rows) per pipeline step
MAX_K0 = 256
MAX_N1 = 256  # one wgmma N
TILE_STEP = 16  # TileK0 and TileN1 are multiples of one wgmma K (16 elements of 16 bits)
MAX_STAGES = 5  # example 88's default
# A consumer releases block j-1's V slot only after block j's V has arrived, while it holds
# block j's K: with two slots block j's V waits for that release (a deadlock wherever N0 takes
# more than one block). Three slots is the least that runs (example 88 uses 5).
MIN_STAGES = 3
SMEM_CAPACITY = 232448  # 227 KB: the most dynamic shared memory an sm_90 CTA may have
SMEM_RESERVED = 1024  # pipeline barriers and the kernel's other shared state
CONSUMER_REGISTERS = 240  # FmhaKernelTmaWarpSpecialized's MmaRegisterRequirement (3 warpgroups)
REGISTER_HEADROOM = 56  # addresses, coordinates, bias values: what the accumulators must leave


# What the Hopper b2b kernels take after a stage's bias: every activation analysis.b2b_sm80 names.
SM90_ACTIVATIONS = ALL_ACTIVATIONS


@dataclass(frozen=True)
class B2bSm90Config(SelfChecking):
    """Everything about one b2b_gemm_sm90 kernel."""

    element: Element  # A, W0, W1, the first product, D
    tile_k0: int
    block_n0: int
    tile_n1: int
    w0_k_major: bool  # W0 stored [N0, K0] (nn.Linear's weight, transpose_b): K0 contiguous
    w1_k_major: bool  # W1 stored [N1, N0] (transpose_b): N0 contiguous; else [N0, N1]
    bias0: Element | None
    act0: str  # the first stage's activation (analysis.b2b_sm80's names), IDENTITY for none
    bias1: Element | None
    act1: str
    stages: int
    # RESIDENT: tile_k0 is the first GEMM's k-block (K0 any), block_n0 all of N0 (<= 256);
    # STREAMED: tile_k0 all of K0 (<= 256), block_n0 N0's block per pipeline step.
    variant: str = STREAMED
    # RESIDENT: W0's k-blocks kept in shared memory for the CTA's life (loaded once, only A
    # streams: half the L2 -> SM traffic where W0 per 64-row tile is as large as A's), at
    # least K0's count; 0: W0 streamed with A through the pipeline, per tile.
    resident_k_tiles: int = 0
    # RESIDENT only: the second stage adds a residual R [M, N1] of D's type before act1.
    residual: bool = False
    # RESIDENT only: the first stage adds a residual R0 [M, N0] of the same type before act0.
    residual0: bool = False

    def summary(self) -> str:
        def stage(bias: Element | None, act: str, residual: bool = False) -> str:
            core = ("acc + bias" if bias is not None else "acc") + (" + residual" if residual else "")
            return core if act == IDENTITY else f"{act}({core})"

        shape = (f"tile {RESIDENT_BLOCK_M}x{self.block_n0} (N0 whole) k-block {self.tile_k0}" if self.variant == RESIDENT
                 else f"tile {BLOCK_M}x{self.block_n0} K0<={self.tile_k0}")
        if self.variant == RESIDENT:
            shape += f" N1<={self.tile_n1}, D staged in shared memory"
            if self.resident_k_tiles:
                shape += f", W0 resident ({self.resident_k_tiles} k-blocks)"
        else:
            shape += f" N1<={self.tile_n1}"
        return (f"{FAMILY} {self.variant} {self.element.short} {shape}, "
                f"W0 {'[N0,K0]' if self.w0_k_major else '[K0,N0]'}, "
                f"W1 {'[N1,N0]' if self.w1_k_major else '[N0,N1]'}, stages {self.stages}, "
                f"epilogues {stage(self.bias0, self.act0, self.residual0)} / "
                f"{stage(self.bias1, self.act1, self.residual)}")

    def blocker(self) -> str | None:
        if self.element not in (Element.F16, Element.BF16):
            return f"{self.element.short}: the kernel's wgmma operands here are f16 or bf16"
        for what, act in (("act0", self.act0), ("act1", self.act1)):
            if act != IDENTITY and act not in SM90_ACTIVATIONS:
                return f"{what}={act!r} is not an activation the kernels apply ({', '.join(sorted(SM90_ACTIVATIONS))})"
        if self.variant == STREAMED and (self.residual or self.residual0):
            return "the streamed kernel adds no residual; the resident kernel does"
        if self.variant == STREAMED and {self.act0, self.act1} - {IDENTITY, "relu"}:
            # example 88's collective (b2b_sm90_collective.hpp) applies ReLu or Identity, and
            # includes no boltc functor header
            return "the streamed kernel applies relu or no activation; others run on the resident kernel"
        if self.variant == RESIDENT:
            return self._resident_blocker()
        if self.variant != STREAMED:
            return f"variant {self.variant!r} is neither {RESIDENT!r} nor {STREAMED!r}"
        if self.block_n0 not in BLOCKS_N0:
            return f"block of N0 {self.block_n0} is not one of {BLOCKS_N0}"
        return self._shared_blocker(
            tiles=(("TileK0", self.tile_k0, MAX_K0), ("TileN1", self.tile_n1, MAX_N1)),
            held=("S", "O"), registers=CONSUMER_REGISTERS, stages=(MIN_STAGES, MAX_STAGES),
            stages_why=" (the consumer holds a K and a V slot while it waits for the next V block)")

    def _resident_blocker(self) -> str | None:
        if self.resident_k_tiles < 0:
            return f"resident_k_tiles={self.resident_k_tiles} is negative"
        return self._shared_blocker(
            tiles=(("k-block", self.tile_k0, RESIDENT_SINGLE_BLOCK_K0), ("TileN0", self.block_n0, RESIDENT_MAX_N0),
                   ("TileN1", self.tile_n1, MAX_N1)),
            held=("the first product", "D"), registers=RESIDENT_CONSUMER_REGISTERS, stages=RESIDENT_STAGES)

    def _shared_blocker(self, *, tiles, held: tuple[str, str], registers: int, stages: tuple[int, int],
                        stages_why: str = "") -> str | None:
        """The rules both kernels share, each with its own limits: tile sizes (multiples of one
        wgmma K), bias types, the first product, its rounded copy and D in the consumer's
        `registers`, the stage range, shared memory."""
        for what, tile, limit in tiles:
            if tile <= 0 or tile % TILE_STEP or tile > limit:
                return f"{what}={tile} must be a multiple of {TILE_STEP} up to {limit}"
        for what, bias in (("bias0", self.bias0), ("bias1", self.bias1)):
            if bias is not None and bias not in (Element.F16, Element.BF16, Element.F32):
                return f"{what} is {bias.short}: the kernel reads biases as f16, bf16 or f32"
        used = self.block_n0 // 2 + self.block_n0 // 4 + self.tile_n1 // 2
        if used > registers - REGISTER_HEADROOM:
            first, last = held
            return (f"{first} ({self.block_n0 // 2}), its rounded copy ({self.block_n0 // 4}) and {last} "
                    f"({self.tile_n1 // 2}) take {used} registers per consumer thread, above the "
                    f"{registers - REGISTER_HEADROOM} the kernel's {registers} leave for them")
        low, high = stages
        if not low <= self.stages <= high:
            return f"stages={self.stages} is not in {low}..{high}{stages_why}"
        smem = self.shared_memory_bytes()
        if smem > SMEM_CAPACITY:
            return f"{smem} bytes of shared memory exceed the {SMEM_CAPACITY} of an sm_90 CTA"
        return None

    def shared_memory_bytes(self) -> int:
        e = self.element.bytes
        if self.variant == RESIDENT:
            w1 = _round_up(self.block_n0 * self.tile_n1 * e, 1024)
            stage = (RESIDENT_BLOCK_M + self.block_n0) * self.tile_k0 * e
            if self.resident_k_tiles:  # W0's k-blocks (at least two slots: the collective's rule), A's stages
                w0 = _round_up(max(self.resident_k_tiles, 2) * self.block_n0 * self.tile_k0 * e, 1024)
                stage = RESIDENT_BLOCK_M * self.tile_k0 * e
                w1 += w0
            # both warpgroups' D tiles, R0's first where there is one (kStagedWidth)
            width = max(self.block_n0, self.tile_n1) if self.residual0 else self.tile_n1
            staged = 2 * RESIDENT_BLOCK_M * (width + STAGED_ROW_PAD) * e
            # barriers (< 256 bytes) and the staged tiles after the 1024-aligned tensors
            return w1 + _round_up(self.stages * stage, 1024) + _round_up(staged + 256, SMEM_RESERVED)
        a_tile = BLOCK_M * self.tile_k0 * e
        slot = max(self.block_n0 * self.tile_k0, self.tile_n1 * self.block_n0) * e
        return a_tile + self.stages * slot + SMEM_RESERVED

    @classmethod
    def choose(cls, element: Element, k0: int, n0: int, n1: int, *, w0_k_major: bool, w1_k_major: bool,
               bias0: Element | None, act0: str, bias1: Element | None, act1: str,
               residual: bool = False, residual0: bool = False) -> B2bSm90Config:
        """The resident kernel where all of N0 and N1 fit it (N0 <= 256, registers): the
        k-block all of K0 up to 64, else 64; the most stages (up to 16) shared memory holds.
        Else example 88's: the smallest tiles holding K0 and N1; BlockN0 128 where N0 fills it
        and registers allow, else 64; the most stages (up to 5) shared memory holds.
        InvalidKernelConfig with the reasons where nothing fits."""
        resident = cls.choose_resident(element, k0, n0, n1, w0_k_major=w0_k_major, w1_k_major=w1_k_major,
                                       bias0=bias0, act0=act0, bias1=bias1, act1=act1, residual=residual,
                                       residual0=residual0)
        if isinstance(resident, B2bSm90Config):
            return resident
        if residual or residual0:
            raise InvalidKernelConfig(f"{FAMILY}: the resident kernel: {resident} (the streamed kernel adds no residual)")
        try:
            return cls.choose_streamed(element, k0, n0, n1, w0_k_major=w0_k_major, w1_k_major=w1_k_major,
                                       bias0=bias0, act0=act0, bias1=bias1, act1=act1)
        except InvalidKernelConfig as e:
            raise InvalidKernelConfig(f"{e.message}; the resident kernel: {resident}") from None

    @classmethod
    def choose_resident(cls, element: Element, k0: int, n0: int, n1: int, *, w0_k_major: bool, w1_k_major: bool,
                        bias0: Element | None, act0: str, bias1: Element | None, act1: str,
                        residual: bool = False, residual0: bool = False) -> B2bSm90Config | str:
        """The resident kernel's configuration, or why it takes no such chain."""
        if n0 > RESIDENT_MAX_N0 or n1 > MAX_N1:
            return f"N0={n0} and N1={n1} must be at most {RESIDENT_MAX_N0} and {MAX_N1} (one wgmma N each)"
        tile_k = _round_up(k0, TILE_STEP) if k0 <= RESIDENT_SINGLE_BLOCK_K0 else RESIDENT_TILE_K
        tile_n0, tile_n1 = _round_up(n0, TILE_STEP), _round_up(n1, TILE_STEP)
        return resident_with_most_stages(
            lambda stages, k_tiles: cls(element, tile_k, tile_n0, tile_n1, w0_k_major, w1_k_major,
                                        bias0, act0, bias1, act1, stages, RESIDENT, k_tiles, residual, residual0),
            -(-k0 // tile_k))

    @classmethod
    def choose_streamed(cls, element: Element, k0: int, n0: int, n1: int, *, w0_k_major: bool, w1_k_major: bool,
                        bias0: Element | None, act0: str, bias1: Element | None, act1: str) -> B2bSm90Config:
        """Example 88's kernel: see `choose`."""
        if k0 > MAX_K0 or n1 > MAX_N1:
            raise InvalidKernelConfig(
                f"{FAMILY}: K0={k0} and N1={n1} must be at most {MAX_K0} and {MAX_N1} (A's tile stays in shared "
                "memory over the whole N0 loop; O is at most one wgmma N wide, in registers)")
        tile_k0, tile_n1 = _round_up(k0, TILE_STEP), _round_up(n1, TILE_STEP)
        reasons = []
        for block_n0 in (128, 64) if n0 >= 128 else (64,):
            for stages in range(MAX_STAGES, MIN_STAGES - 1, -1):
                try:
                    return cls(element, tile_k0, block_n0, tile_n1, w0_k_major, w1_k_major,
                               bias0, act0, bias1, act1, stages)
                except InvalidKernelConfig as e:
                    reasons.append(str(e))
        raise InvalidKernelConfig(f"{FAMILY}: no tile fits K0={k0}, N0={n0}, N1={n1}: {reasons[-1]}")

    @property
    def layout_w0(self) -> str:
        """W0 as the first GEMM's B, (N0, K0, (1, 1)) strides."""
        return ("cute::tuple<int, cute::_1, cute::tuple<int, int>>" if self.w0_k_major
                else "cute::tuple<cute::_1, int, cute::tuple<int, int>>")

    @property
    def layout_w1(self) -> str:
        """W1 as attention's V, (N0, N1, (1, 1)) strides."""
        return ("cute::tuple<cute::_1, int, cute::tuple<int, int>>" if self.w1_k_major
                else "cute::tuple<int, cute::_1, cute::tuple<int, int>>")

    @property
    def stride_w0(self) -> str:
        """The resident kernel's W0 as the first GEMM's B: (N0, K0, L) strides."""
        return "cute::Stride<int64_t, cute::_1, int64_t>" if self.w0_k_major else "cute::Stride<cute::_1, int64_t, int64_t>"

    @property
    def stride_w1(self) -> str:
        """The resident kernel's W1 as the second GEMM's B: (N1, N0, L) strides."""
        return "cute::Stride<int64_t, cute::_1, int64_t>" if self.w1_k_major else "cute::Stride<cute::_1, int64_t, int64_t>"

    def functor_headers(self) -> tuple[str, ...]:
        """boltc's headers the two activations' functors come from (none for CUTLASS's own)."""
        functors = (activation_functor(act, self.element) for act in (self.act0, self.act1))
        return tuple(dict.fromkeys(f.header for f in functors if f.header))

    def _residual_arguments(self) -> tuple[str, ...]:
        """B2bResident's trailing kHasResidual, kHasResidual0 (both false by default): as few as
        say them."""
        if self.residual0:
            return (_bool(self.residual), "true")
        return ("true",) if self.residual else ()

    def gmma_n(self) -> tuple[int, int]:
        """The N of the two stages' WGMMAs: the first stage's N0 block, the second's N1 tile
        (cpp.with_extended_gmma: 48 or 40 needs the selector's extended shapes)."""
        return self.block_n0, self.tile_n1

    def template_arguments(self) -> tuple[str, ...]:
        """The kernel template's arguments, in order (B2bKernelBuilder's, or B2bResidentKernel's
        for the resident kernel: the headers' declarations)."""
        def bias(e: Element | None) -> str:
            return (e or self.element).cpp

        def act(activation: str) -> str:
            return f"{activation_functor(activation, self.element).cpp}<float>"

        if self.variant == RESIDENT:
            return (self.element.cpp, str(self.tile_k0), str(self.block_n0), str(self.tile_n1),
                    self.stride_w0, self.stride_w1,
                    bias(self.bias0), _bool(self.bias0 is not None), act(self.act0),
                    bias(self.bias1), _bool(self.bias1 is not None), act(self.act1),
                    str(self.stages), str(self.resident_k_tiles), *self._residual_arguments())
        return (self.element.cpp, str(self.block_n0), str(self.tile_k0), str(self.tile_n1),
                self.layout_w0, self.layout_w1,
                bias(self.bias0), _bool(self.bias0 is not None), act(self.act0),
                bias(self.bias1), _bool(self.bias1 is not None), act(self.act1),
                str(self.stages))


def resident_with_most_stages(make, k_tiles: int):
    """The resident kernel's configuration `make(stages, resident_k_tiles)`: W0 resident (its
    `k_tiles` k-blocks in shared memory, at least RESIDENT_MIN_A_STAGES stages of A beside it)
    where that leaves A at least as many stages as W0 streamed with A would get, else W0
    streamed, each with the most stages that fit; the last refusal's words where none fits.

    Why stages decide: the kernel is latency-bound on A's stream (ncu on the H200, 2026-11-29:
    no eligible warp 78 % of cycles, DRAM at 50 %, time falling with A's bytes in flight), and
    L2 has room for W0 re-read per tile (62 % busy with it). M=32768, K0=576, N0=128: W0
    resident (144 KB) leaves 6 stages of A, 20.2 us as a graph replay (16.5 under ncu); W0
    streamed gets 8, 19.6 (15.3); 4 stages either way 23.8-24.2. Where W0 is small both get 8
    and resident wins on L2 traffic (M=128320: 20.2 against 21.3; the conv chains' filters:
    29.2 against 31.8, 33.1 against 34.1; bench/data/b2b_resident_variants_h200_2026-11-29.json)."""
    def most(resident: int, low: int):
        """The configuration with the most stages from RESIDENT_STAGES' top down to `low`, or
        the last refusal's words."""
        reason = ""
        for stages in range(RESIDENT_STAGES[1], low - 1, -1):
            try:
                return make(stages, resident)
            except InvalidKernelConfig as e:
                reason = e.message
        return reason

    kept = most(k_tiles, RESIDENT_MIN_A_STAGES)
    streamed = most(0, RESIDENT_STAGES[0])
    if not isinstance(kept, str) and (isinstance(streamed, str) or kept.stages >= streamed.stages):
        return kept
    return streamed


def _round_up(x: int, step: int) -> int:
    return -(-x // step) * step


def _bool(b: bool) -> str:
    return "true" if b else "false"


# --------------------------------------------------------------------------------------
# The translation unit.
# --------------------------------------------------------------------------------------


def _params() -> tuple[CParam, ...]:
    R = ParamRole
    return (
        CParam("m", "int", R.M), CParam("n0", "int", R.N), CParam("n1", "int", R.N), CParam("k0", "int", R.K),
        CParam("a", "const void*", R.A), CParam("lda", "int64_t", R.LDA),
        CParam("w0", "const void*", R.B), CParam("ldw0", "int64_t", R.LDB),
        CParam("bias0", "const void*", R.LEAF, 0),
        CParam("w1", "const void*", R.B), CParam("ldw1", "int64_t", R.LDB),
        CParam("bias1", "const void*", R.LEAF, 1),
        CParam("d", "void*", R.D), CParam("ldd", "int64_t", R.LDD),
        CParam("residual", "const void*", R.LEAF, 2), CParam("ldr", "int64_t", R.LEAF_LD, 2),
        CParam("residual0", "const void*", R.LEAF, 3), CParam("ldr0", "int64_t", R.LEAF_LD, 3),
        CParam("workspace", "void*", R.WORKSPACE), CParam("workspace_size", "size_t", R.WORKSPACE_SIZE),
        CParam("stream", "cudaStream_t", R.STREAM),
    )


_INCLUDES = f"""\
#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

#include "{HEADER}"
#include "88_hopper_fmha/device/device_universal.hpp"

{EXPORT_MACRO}"""

# The resident kernel's types and arguments (b2b_sm90_resident.hpp); the entry points below
# (_ENTRY_POINTS) are the same for both kernels.
_RESIDENT_BODY = """\
using Kernel = boltc::b2b_sm90_resident::B2bResidentKernel<
    @TEMPLATE@>;
using Element = typename Kernel::Element;
constexpr bool kHasBias0 = Kernel::HasBias0;
constexpr bool kHasBias1 = Kernel::HasBias1;
constexpr bool kHasResidual = Kernel::HasResidual;
constexpr bool kHasResidual0 = Kernel::HasResidual0;

typename Kernel::Arguments make_arguments(@PROBLEM@, int sm_count) {
  typename Kernel::Arguments args{
      cute::make_tuple(1, 1, m, n0, k0),
      {{static_cast<const Element*>(a), boltc::b2b_sm90_resident::make_stride_ld<typename Kernel::First::StrideA>(lda),
        static_cast<const Element*>(w0), boltc::b2b_sm90_resident::make_stride_ld<typename Kernel::First::StrideW0>(ldw0)},
       static_cast<const Element*>(w1), boltc::b2b_sm90_resident::make_stride_ld<typename Kernel::StrideW1>(ldw1),
       static_cast<const typename Kernel::ElementBias0*>(bias0), n1},
      {static_cast<Element*>(d), ldd, static_cast<const typename Kernel::ElementBias1*>(bias1), n1,
       static_cast<const Element*>(residual), ldr, static_cast<const Element*>(residual0), ldr0},
      cutlass::KernelHardwareInfo{}};
  args.hw_info.sm_count = sm_count;
  return args;
}

bool strides_fit(@PROBLEM@) {
  constexpr int kVector = Kernel::Alignment;  // TMA: 16-byte strides; D in 16-byte rows
  return lda % kVector == 0 && ldw0 % kVector == 0 && ldw1 % kVector == 0 && ldd >= n1
      && ldd % kVector == 0;
}
"""

_BODY = """\
using Builder = boltc::b2b_sm90::B2bKernelBuilder<
    @TEMPLATE@>;
using Kernel = typename Builder::Kernel;
constexpr bool kHasBias0 = Builder::HasBias0;
constexpr bool kHasBias1 = Builder::HasBias1;
constexpr bool kHasResidual = false;  // the streamed kernel's epilogues add none
constexpr bool kHasResidual0 = false;
using Mainloop = typename Builder::Mainloop;
using Epilogue = typename Builder::Epilogue;
using Element = typename Mainloop::Element;
using ElementBias0 = typename Mainloop::ElementBias0;
using ElementBias1 = @BIAS1@;
using LayoutA = typename Builder::LayoutA;
using LayoutW0 = typename Mainloop::LayoutK;
using LayoutW1 = typename Mainloop::LayoutV;

typename Kernel::Arguments make_arguments(@PROBLEM@, int sm_count) {
  typename Kernel::Arguments args{
      cute::make_tuple(1, 1, m, n0, k0),
      {static_cast<const Element*>(a), boltc::b2b_sm90::make_layout_stride<LayoutA>(lda),
       static_cast<const Element*>(w0), boltc::b2b_sm90::make_layout_stride<LayoutW0>(ldw0),
       static_cast<const Element*>(w1), boltc::b2b_sm90::make_layout_stride<LayoutW1>(ldw1),
       static_cast<const ElementBias0*>(bias0), n1},
      {static_cast<Element*>(d), ldd, static_cast<const ElementBias1*>(bias1), n1},
      cutlass::KernelHardwareInfo{}};
  args.hw_info.sm_count = sm_count;
  return args;
}

bool strides_fit(@PROBLEM@) {
  constexpr int64_t kMax = 2147483647;  // the layouts hold int strides
  constexpr int kVector = Mainloop::Alignment;  // TMA: 16-byte strides
  return lda <= kMax && ldw0 <= kMax && ldw1 <= kMax && lda % kVector == 0 && ldw0 % kVector == 0
      && ldw1 % kVector == 0 && ldd >= n1;
}
"""

_ENTRY_POINTS = """\
}  // namespace

BOLTC_EXPORT size_t @NAME@_workspace_size(@PROBLEM@) {
  return 0;
}

// 0 (cutlass::Status::kSuccess) where the kernel takes the problem.
BOLTC_EXPORT int @NAME@_can_implement(@PROBLEM@) {
  if (!strides_fit(@FORWARD@)) {
    return static_cast<int>(cutlass::Status::kErrorMisalignedOperand);
  }
  return static_cast<int>(Kernel::can_implement(make_arguments(@FORWARD@, 0))
                          ? cutlass::Status::kSuccess : cutlass::Status::kErrorInvalidProblem);
}

// D[m, :] = act1(act0(A[m, :] W0 + bias0 [+ R0[m, :]]) W1 + bias1 [+ R[m, :]]); returns a
// cutlass::Status.
BOLTC_EXPORT int @NAME@(@PROBLEM@, void* workspace, size_t workspace_size, cudaStream_t stream) {
  if (!strides_fit(@FORWARD@)) {
    return static_cast<int>(cutlass::Status::kErrorMisalignedOperand);
  }
@LAUNCH@}
"""

# The launch of either kernel (both b2b TUs, b2b_conv_sm90's too): the persistent grid's SM
# count, the arguments (`make_arguments(@ARGUMENTS@, sm_count)`), the bias pointers and
# can_implement, the dynamic shared memory, the run.
LAUNCH = """\
  int device = 0;
  int sm_count = 0;
  if (cudaGetDevice(&device) != cudaSuccess
      || cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device) != cudaSuccess) {
    return static_cast<int>(cutlass::Status::kErrorInternal);
  }
  typename Kernel::Arguments args = make_arguments(@ARGUMENTS@, sm_count);
  // The bias pointers are checked here, not in can_implement: the model's creation asks
  // can_implement with null pointers (boltc/lowering/host.py, prepare_queries).
  if ((kHasBias0 && bias0 == nullptr) || (kHasBias1 && bias1 == nullptr) || (kHasResidual && residual == nullptr)
      || (kHasResidual0 && residual0 == nullptr) || !Kernel::can_implement(args)) {
    return static_cast<int>(cutlass::Status::kErrorInvalidProblem);
  }
  typename Kernel::Params params = Kernel::to_underlying_arguments(args, workspace);
  constexpr int smem_bytes = Kernel::SharedStorageSize;
  if (smem_bytes >= (48 << 10)) {
    // Every launch, as CUTLASS's adapters do: the attribute is the current device's, and a
    // process may run the model on several.
    cudaError_t const attribute = cudaFuncSetAttribute(
        cutlass::device_kernel<Kernel>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes);
    if (attribute != cudaSuccess) {
      return static_cast<int>(cutlass::Status::kErrorInternal);
    }
  }
  cutlass::Status status = cutlass::device::Universal<Kernel>::run(params, stream);
  if (cudaGetLastError() != cudaSuccess) {
    return static_cast<int>(cutlass::Status::kErrorInternal);
  }
  return static_cast<int>(status);
"""


@dataclass(frozen=True)
class B2bSm90Kernel(CutlassKernel):
    FAMILY: ClassVar[str] = FAMILY

    config: B2bSm90Config

    def _entry_params(self) -> tuple[CParam, ...]:
        return _params()

    def _render(self, name: str) -> str:
        entry = EntryPoint(name, _params())
        problem = ", ".join(p.declaration() for p in entry.problem_params)
        forward = ", ".join(p.name for p in entry.problem_params)
        header = (
            f"// Generated by boltc ({FAMILY}): {self.config.summary()}.\n"
            "// Exported entry points (boltc/lowering/cutlass/b2b_sm90.py documents them):\n"
            + "".join(f"//   {p};\n" for p in entry.prototypes())
        )
        c = self.config
        resident = c.variant == RESIDENT
        body = ((_RESIDENT_BODY if resident else _BODY) + _ENTRY_POINTS.replace("@LAUNCH@", LAUNCH))
        body = (body.replace("@ARGUMENTS@", "@FORWARD@").replace("@TEMPLATE@", ",\n    ".join(c.template_arguments()))
                .replace("@BIAS1@", (c.bias1 or c.element).cpp)
                .replace("@PROBLEM@", problem).replace("@FORWARD@", forward).replace("@NAME@", name))
        includes = with_headers(_INCLUDES.replace(HEADER, RESIDENT_HEADER) if resident else _INCLUDES,
                                c.functor_headers())
        includes = with_extended_gmma(includes, *c.gmma_n())
        return f"{header}\n{includes}\nnamespace {{\n\n{body}"


# --------------------------------------------------------------------------------------
# bolt.b2b -> kernel + the arguments it passes.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class B2bSm90Plan:
    """A legal pair: its problem and epilogues (sm90_refusal's answer)."""

    rows: int
    k0: int
    n0: int
    n1: int
    config: B2bSm90Config
    stage0: StageEpilogue
    stage1: StageEpilogue


@dataclass(frozen=True)
class GemmPair:
    """What a b2b GEMM kernel reads of two gemms back to back (`gemm_pair`): A [rows, K0] row-major,
    W0 and W1 2-D (K-major where the gemm has transpose_b), one element type, each stage's
    epilogue as (bias, residual, activation)."""

    element: Element
    rows: int
    k0: int
    n0: int
    n1: int
    w0_k_major: bool
    w1_k_major: bool
    stage0: StageEpilogue
    stage1: StageEpilogue

    @property
    def bias0(self) -> Element | None:
        return bias_element(self.stage0)

    @property
    def bias1(self) -> Element | None:
        return bias_element(self.stage1)


def bias_element(stage: StageEpilogue) -> Element | None:
    """The element type of a stage's bias, None without one."""
    return None if stage.bias is None else Element.from_mlir(stage.bias.type.get_element_type())  # type: ignore[attr-defined]


def stage_epilogues(first: bolt.AnchorOp, second: bolt.AnchorOp, kind: str) -> tuple[StageEpilogue, StageEpilogue] | str:
    """Both anchors' epilogues as (bias, residual, activation), or what in one of them the b2b
    kernels cannot express (`kind`: "gemm" or "convolution", for the words). Any activation of
    SM90_ACTIVATIONS, a residual in either stage: the kernels that take fewer (b2b_gemm_simt,
    the streamed kernel) refuse the rest themselves."""
    stages = []
    for which, anchor in (("first", first), ("second", second)):
        stage = stage_epilogue(anchor, SM90_ACTIVATIONS, "the b2b kernels express", residual=True)
        if isinstance(stage, str):
            return f"the {which} {kind}: {stage}"
        stages.append(stage)
    return stages[0], stages[1]


# The stages' residuals as the refusals name them, first and second.
RESIDUAL_NAMES = ("the first stage's residual", "the second stage's residual")


def named_residuals(stages: tuple[StageEpilogue, StageEpilogue]) -> dict[str, SSAValue]:
    """Each stage's residual, where it adds one, by its name in the refusals (RESIDUAL_NAMES):
    what joins the operands that must share one element type."""
    return {name: stage.residual for name, stage in zip(RESIDUAL_NAMES, stages) if stage.residual is not None}


def element_words(named: dict[str, SSAValue], weights: str) -> str:
    """What must share one element type, in words: "the input, both `weights`, the first
    product and the output" (and the residuals `named` has)."""
    words = ["the input", f"both {weights}", "the first product", "the output",
             *(name for name in RESIDUAL_NAMES if name in named)]
    return f"{', '.join(words[:-1])} and {words[-1]}"


def one_element_type(named: dict[str, SSAValue], what: str) -> Element | str:
    """The one element type, f16 or bf16, of the `named` values (`what`: them in words), or why
    they have none: the first product is rounded to it between the stages and D written in it."""
    names = {where: element_name(value) for where, value in named.items()}
    if len(set(names.values())) != 1 or not set(names.values()) <= {"f16", "bf16"}:
        return (f"{what} must share one element type, f16 or bf16 "
                f"(got {', '.join(f'{k} {v}' for k, v in names.items())})")
    return Element.from_mlir(next(iter(named.values())).type.get_element_type())  # type: ignore[attr-defined]


def gemm_pair(first: bolt.AnchorOp, second: bolt.AnchorOp) -> GemmPair | str:
    """`first` feeding `second` as a b2b GEMM kernel reads them (the rules every b2b GEMM kernel
    shares: row-major A, 2-D weights, bias, residual and activation epilogues, one element type,
    f16 or bf16);
    else why not."""
    if not (isinstance(first, bolt.GemmOp) and isinstance(second, bolt.GemmOp)):
        return f"it pairs two gemms, not {first.name} and {second.name}"
    for which, anchor in (("first", first), ("second", second)):
        if anchor.transpose_a is not None:
            return f"the {which} gemm reads its lhs transposed; the kernel's A is row-major"
        if len(bolt.shape_of(anchor.rhs)) != 2:
            return f"the {which} gemm has a batched rhs; the kernel shares one weight over all rows"
    stages = stage_epilogues(first, second, "gemm")
    if isinstance(stages, str):
        return stages
    named = {"the input": first.lhs, "the first weight": first.rhs, "the first product": first.result,
             "the second weight": second.rhs, "the output": second.result, **named_residuals(stages)}
    element = one_element_type(named, element_words(named, "weights"))
    if isinstance(element, str):
        return element
    batch0, m, n0, k0 = first.problem_shape()
    _, _, n1, _ = second.problem_shape()
    return GemmPair(element, batch0 * m, k0, n0, n1, first.transpose_b is not None, second.transpose_b is not None,
                    *stages)


def sm90_refusal(first: bolt.AnchorOp, second: bolt.AnchorOp) -> B2bSm90Plan | str:
    """The plan where this kernel computes `first` feeding `second` exactly; else why not."""
    pair = gemm_pair(first, second)
    if isinstance(pair, str):
        return pair
    k0, n0, n1 = pair.k0, pair.n0, pair.n1
    vector = VECTOR_BYTES // pair.element.bytes
    w0_k_major, w1_k_major = pair.w0_k_major, pair.w1_k_major
    strides = {"K0 (A's row stride)": k0, "N1 (D's row stride)": n1,
               ("K0 (W0's row stride)" if w0_k_major else "N0 (W0's row stride)"): k0 if w0_k_major else n0,
               ("N0 (W1's row stride)" if w1_k_major else "N1 (W1's row stride)"): n0 if w1_k_major else n1}
    for what, stride in strides.items():
        if stride % vector:
            return f"{what}={stride} is not a multiple of {vector} elements (TMA needs 16-byte strides)"
    if pair.stage0.residual is not None and n0 % vector:
        return (f"N0={n0} is not a multiple of {vector} elements: the first stage's residual is read in 16-byte "
                "chunks of whole rows")
    try:
        config = B2bSm90Config.choose(pair.element, k0, n0, n1, w0_k_major=w0_k_major, w1_k_major=w1_k_major,
                                      bias0=pair.bias0, act0=activation_of(pair.stage0), bias1=pair.bias1, act1=activation_of(pair.stage1),
                                      residual=pair.stage1.residual is not None,
                                      residual0=pair.stage0.residual is not None)
    except InvalidKernelConfig as e:
        return e.message.removeprefix(f"{FAMILY}: ")
    return B2bSm90Plan(pair.rows, k0, n0, n1, config, pair.stage0, pair.stage1)


def lower_b2b(op: bolt.B2bOp, *, arch: str = ARCH) -> B2bLowering:
    return lower_at(op, _lower_b2b, arch, (InvalidKernelConfig, UnsupportedEpilogue))


def _lower_b2b(op: bolt.B2bOp, arch: str) -> B2bLowering:
    first, second, plan = planned_pair(op, arch, (ARCH,), FAMILY, " yet: its tiles follow from K0, N0 and N1",
                                       sm90_refusal)
    assert isinstance(first, bolt.GemmOp) and isinstance(second, bolt.GemmOp)

    c = plan.config
    values = (
        plan.rows, plan.n0, plan.n1, plan.k0,
        b2b_operand(first.lhs), plan.k0,
        b2b_operand(first.rhs), plan.k0 if c.w0_k_major else plan.n0,
        bias_operand(plan.stage0.bias),
        b2b_operand(second.rhs), plan.n0 if c.w1_k_major else plan.n1,
        bias_operand(plan.stage1.bias),
        RESULT, plan.n1,
        residual_operand(plan.stage1.residual), plan.n1,
        residual_operand(plan.stage0.residual), plan.n0,
        ParamRole.WORKSPACE, ParamRole.WORKSPACE_SIZE, ParamRole.STREAM,
    )
    return B2bLowering(B2bSm90Kernel(c), values, "sm_90a: TMA + wgmma b2b kernel (example 88's structure)")
