"""bolt.conv2d with groups > 1 (grouped and depthwise NHWC fprop) -> one direct-convolution
translation unit: every output element summed over its group's R x S x C/groups inputs on the
CUDA cores, with the anchor's whole epilogue evaluated per element before the store.

Why direct, not implicit GEMM: a depthwise convolution (C/groups = 1) has a K of R*S per output
(9 for a 3x3): there is no matrix product for tensor cores to speed up, and the layer is memory
bound (MobileNet, EfficientNet, ConvNeXt). CUTLASS's grouped implicit GEMM
(`DefaultConv2dGroupFprop`) needs C/groups to be a whole number of 4-byte cp.async accesses and
pads each group's K up to the tile's K (ResNeXt's 4 channels per group would run 4-8x the MMAs);
CUTLASS's depthwise direct kernel (`DefaultDepthwiseDirect2dConvFprop`) is SIMT like this one but
has a fixed `LinearCombination`-style epilogue, so it could not fuse the epilogue trees the
other families fuse. This kernel reads each input once per filter tap from L1/L2 and keeps the
CTA's filter slice in shared memory.

Two kernels. Grouped layers take the *row-blocked* one (`_ROW_KERNEL`) wherever a thread's
input row fits its registers (3x3 filters at stride 1 or 2, and most others):
- A thread computes `Vector` (up to 4) output channels of one group for `Pixels` (2 to 8)
  consecutive output pixels of one output row, accumulating in fp32 registers. Per filter row
  it loads the `RowPixels = (Pixels - 1) * stride + (S - 1) * dilation + 1` input pixels its
  pixels read, `InputVector` (up to 4) channels a load, converts each to float once, and uses
  it for every horizontal tap and output channel: 3x3 at stride 1, 8 pixels x 4 channels, is
  3 * 4 * 8 = 96 FMAs per input value loaded (the one-pixel kernel: 4). The filter width,
  stride and dilation along W are TU constants (the register arrays' indices must be);
  `can_implement` refuses other values.
- The CTA's filter slice is staged in shared memory once, *converted to fp32*, each lane's row
  [R*S][C/groups][Vector] so that one 16-byte read gives a (tap, channel)'s `Vector` weights,
  each used for `Pixels` FMAs; rows an odd number of such reads apart (`row_lane_pitch`), so the
  16 distinct rows a warp reads at once (`ROW_LANES` channel lanes; the warp's two pixel blocks
  read the same words, a broadcast) fall on distinct banks.
- 256 threads: 16 channel lanes x 16 pixel blocks, lanes adjacent in a warp (their loads of one
  pixel are adjacent groups' channels: coalesced); the grid is one wave (occupancy-derived)
  walking pixel blocks grid-stride, so each CTA stages its filter slice once.
- Arithmetic: ResNeXt-50's grouped 3x3 layers are 0.46 G FMAs each at batch 32 (every stage
  alike), ~14 us at an H100's fp32 FMA rate; the inner loop is all FMAs but the 16-byte weight
  reads (1 per 32 FMAs) and the row's loads and conversions (about 1 per 10).

The one-pixel kernel (`_KERNEL` below) takes depthwise layers and grouped ones whose input row
does not fit (wide, dilated filters):
- A CTA owns `ChannelTile` output channels (blockIdx.y) and walks output pixels (blockIdx.x,
  grid-stride); its 256 threads are `Lanes = ChannelTile / Vector` channel lanes times
  `256 / Lanes` pixel rows. A thread computes `Vector` adjacent output channels of one pixel in
  fp32 registers, then the epilogue, then one vector store.
- The CTA's filter slice (ChannelTile x R x S x C/groups, contiguous in KRSC) is staged in
  shared memory once. Depthwise: stored tap-major ([R*S][ChannelTile]) so a thread's `Vector`
  weights of one tap are one vector load, and a warp's lanes read consecutive 16-byte units.
  Grouped: one row per channel lane, [R*S][Vector][C/groups] (a tap's weights of the lane's
  `Vector` channels together), read `InputVector` channels at a time (one access of up to 16
  bytes), the row pitch padded to an *odd* number of such accesses (`lane_pitch`). Why: the
  lanes of a warp read the same (tap, channel, v) of their own rows at once; shared memory
  serves a warp's 16-byte accesses 8 threads (128 bytes, all 32 banks) at a time, 8-byte ones
  16 at a time, 4-byte ones 32 at a time, so lanes whose rows lie an odd number of access
  widths apart fall on distinct banks in every phase: conflict-free (2-byte accesses, odd C/groups
  with one channel per thread, at most 2-way). Rows as in KRSC were R*S*(C/groups)*2 bytes
  apart per output channel, `Vector` channels per lane: for ResNeXt's 3x3 groups of 4 or 8
  channels, a multiple of 32 bytes, so the 32 lanes of a warp met in 4 banks (8-way conflicts).
- Depthwise (C/groups = 1 and F = C): the `Vector` channels' inputs are one vector load per tap
  (`cutlass::AlignedArray`: a plain `cutlass::Array` of half_t is 2-byte aligned, and nvcc split
  each 16-byte access into four 4-byte ones).
  Grouped: the `Vector` output channels lie in one group (Vector divides F/groups), so each
  input vector of `InputVector` channels of the group is loaded once and used by all of them.
- Any stride, padding (the four sides), dilation; F/groups any multiple of `Vector`.

The epilogue: the anchor's EVT (evt.py's EpilogueTree, built as for the other families) is
rendered as scalar C++ (`scalar_epilogue`): each Compute node applies its functor to float
inputs and rounds to its output type (as Sm90Compute does, and as the reference executor rounds
each op); a row broadcast (bias) reads x[f], a column broadcast x[m], an aux load (residual)
x[m * ld + f], a scalar pointer x[0] — m is the output pixel (N*P*Q row of the output matrix),
f the output channel. So every epilogue the other conv families fuse fuses here.

Entry point: conv_sm90's (`conv_entry_params`: the same sizes, operands, leaves, workspace and
stream), so the host code calls it like any convolution; no workspace. The TU is specialised
to C/groups, the vector widths, the channel tile and the elements; sizes, groups (C divided by
C/groups) and geometry are run-time arguments, checked by `can_implement`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, ClassVar

from boltc.dialects import bolt
from boltc.lowering.cutlass.conv_sm90 import (
    ConvLowering,
    ConvProblem,
    conv_argument_values,
    conv_entry_params,
    nhwc_conv,
)
from boltc.lowering.cutlass.cpp import (
    EXPORT_MACRO,
    VECTOR_BYTES,
    Element,
    InvalidKernelConfig,
    SelfChecking,
    UnsupportedEpilogue,
    float_literal,
    lower_at,
)
from boltc.lowering.cutlass.evt import (
    AccFetch,
    Compute,
    EpilogueTree,
    LeafKind,
    Load,
    Role,
    ScalarConstant,
    build_epilogue,
)
from boltc.lowering.cutlass.kernel_abi import CParam, CutlassKernel, EntryPoint, bind_arguments, tu_preamble

FAMILY = "conv_direct"
THREADS = 256  # per CTA
MAX_LANES = 32  # channel lanes per CTA: at least 8 pixel rows share the staged filter
FILTER_SMEM_BYTES = 48 * 1024  # the static shared-memory limit: no opt-in attribute needed
CTAS_PER_SM = 8  # grid: at most this many CTAs per SM (2048 threads), fewer where fewer fit
# Row-blocked grouped kernel (the module docstring): channel lanes a CTA (16: a warp is two
# pixel blocks, so each weight read is served in 2 shared-memory phases and half of it is a
# broadcast), floats of one filter row's input a thread holds (x registers), output pixels a
# thread at most (acc registers: ROW_MAX_PIXELS x 4 channels).
ROW_LANES = 16
ROW_INPUT_FLOATS = 40
ROW_MAX_PIXELS = 8
ROW_MAX_VECTOR = 4  # one 16-byte shared-memory read of fp32 weights
ROW_MIN_BLOCKS_PER_SM = 2  # __launch_bounds__: at most 128 registers a thread


@dataclass(frozen=True)
class RowBlock:
    """The row-blocked grouped kernel's window along W, compile-time so that each thread's
    input row and accumulators are register arrays indexed by constants."""

    pixels: int  # output pixels per thread, consecutive along W (Q)
    filter_s: int
    stride_w: int
    dilation_w: int

    @property
    def row_pixels(self) -> int:
        """Input pixels of one filter row the thread's `pixels` outputs read."""
        return (self.pixels - 1) * self.stride_w + (self.filter_s - 1) * self.dilation_w + 1


@dataclass(frozen=True)
class ConvDirectConfig(SelfChecking):
    """Everything about the kernel except the epilogue tree."""

    element_ab: Element
    element_d: Element
    channels_per_group: int  # C / groups: a compile-time constant (the inner loop's trip count)
    vector: int  # output channels per thread (adjacent, in one group)
    input_vector: int  # grouped: input channels per load (divides channels_per_group)
    channel_tile: int  # output channels per CTA: vector x lanes
    depthwise: bool  # C/groups == 1 and F == C: one input channel per output channel
    row_block: RowBlock | None = None  # grouped only: the row-blocked kernel, else one pixel a thread

    @property
    def lanes(self) -> int:
        return self.channel_tile // self.vector

    def summary(self) -> str:
        kind = "depthwise" if self.depthwise else f"grouped, {self.channels_per_group} channels per group"
        rows = ""
        if self.row_block:
            b = self.row_block
            rows = (f", {b.pixels} pixels per thread along W (filter width {b.filter_s}, stride {b.stride_w}, "
                    f"dilation {b.dilation_w})")
        return (f"conv_direct fprop nhwc {self.element_ab.short}->{self.element_d.short}, {kind}, "
                f"{self.vector} output channels per thread, channel tile {self.channel_tile}{rows}")

    def blocker(self) -> str | None:
        # Output channels are stored (element_d) and their weights read (element_ab) in vectors of
        # `vector`; only activations and weights are loaded in vectors of `input_vector`.
        widest = {"vector": max(self.element_ab.bytes, self.element_d.bytes), "input vector": self.element_ab.bytes}
        for what, v in (("vector", self.vector), ("input vector", self.input_vector)):
            if v < 1 or v & (v - 1) or v * widest[what] > VECTOR_BYTES:
                return f"{what} width {v} is not a power of two of at most 16 bytes"
        if self.channels_per_group % self.input_vector:
            return f"input vector {self.input_vector} does not divide {self.channels_per_group} channels per group"
        if self.depthwise and self.channels_per_group != 1:
            return "a depthwise kernel reads one input channel per output channel"
        if self.channel_tile % self.vector or not 1 <= self.lanes <= MAX_LANES or THREADS % self.lanes:
            return f"channel tile {self.channel_tile} is not 1 to {MAX_LANES} lanes of {self.vector} channels"
        if self.row_block:
            return self.row_blocker()
        return None

    def row_blocker(self) -> str | None:
        b = self.row_block
        assert b is not None
        if self.depthwise:
            return "the row-blocked kernel is grouped only (depthwise keeps one pixel a thread)"
        if self.vector > ROW_MAX_VECTOR:
            return f"row-blocked: {self.vector} output channels a thread, at most {ROW_MAX_VECTOR} (one fp32 weight read)"
        if min(b.pixels, b.filter_s, b.stride_w, b.dilation_w) < 1 or b.pixels > ROW_MAX_PIXELS:
            return f"row-blocked: {b.pixels} pixels a thread is not 1 to {ROW_MAX_PIXELS}"
        if b.row_pixels * self.input_vector > ROW_INPUT_FLOATS:
            return (f"row-blocked: an input row of {b.row_pixels} pixels x {self.input_vector} channels exceeds the "
                    f"{ROW_INPUT_FLOATS} floats a thread holds")
        return None


# --------------------------------------------------------------------------------------
# The epilogue as scalar C++.
# --------------------------------------------------------------------------------------


def _round(expression: str, element: Element) -> str:
    """`expression` (a float) rounded to `element` and widened back: one rounding, as the
    reference executor rounds each op's result."""
    if element is Element.F32:
        return expression
    return f"float(cutlass::NumericConverter<{element.cpp}, float>{{}}({expression}))"


def scalar_epilogue(tree: EpilogueTree, *, acc: str, leaf: callable, scalar: callable) -> tuple[list[str], str]:
    """C++ statements evaluating `tree` for one output element, and the float holding the
    root's value (before its conversion to ElementD). `leaf(i, load)` is the C++ float of leaf
    i at this element; `scalar(j)` the float of scalar parameter j."""
    lines: list[str] = []
    names: dict[object, str] = {}

    def value(node) -> str:
        if node in names:
            return names[node]
        if isinstance(node, AccFetch):
            text = acc
        elif isinstance(node, Load):
            text = leaf(node.leaf, node)
        elif isinstance(node, ScalarConstant):
            text = _round(scalar(node.index), node.element)
        else:
            assert isinstance(node, Compute)
            args = [value(c) for c in node.children]
            # Inputs convert to the compute type (exact for f32); the functor runs in float.
            args = [_round(a, node.compute) for a in args]
            args += [f"float({float_literal(a)})" for a in node.arguments]
            text = _round(f"{node.functor.cpp}<float>{{}}({', '.join(args)})", node.output)
        name = f"e{len(names)}"
        names[node] = name
        lines.append(f"float const {name} = {text};")
        return name

    root = value(tree.root)
    return lines, root


def render_scalar_epilogue(tree: EpilogueTree, *, row_leaf: Callable[[int], str] | None = None,
                           extra_params: str = "") -> str:
    """The C++ `Leaves` struct (each leaf's pointer, an aux load's row pitch, the scalars) and
    `epilogue(acc, m, f, leaves)`: `tree` at output element (m, f), m the N*P*Q row, f the
    channel (scalar_epilogue). conv_depthwise.py renders its epilogue with it too, reading row
    broadcasts from registers: `row_leaf(i)` is the float of row leaf i there (default
    leaves.x<i>[f]), `extra_params` the parameters that expression needs."""
    fields = []
    for i, load in enumerate(tree.leaves):
        fields.append(f"  {load.element.cpp} const* x{i};")
        if load.kind is LeafKind.AUX:
            fields.append(f"  int64_t x{i}_ld;")
    fields += [f"  float s{j};" for j in range(len(tree.scalars))]
    if not fields:
        fields = ["  int unused;"]

    def leaf(i: int, load: Load) -> str:
        if load.kind is LeafKind.ROW and row_leaf is not None:
            return row_leaf(i)
        index = {LeafKind.ROW: "f", LeafKind.COLUMN: "m", LeafKind.AUX: f"m * leaves.x{i}_ld + f",
                 LeafKind.SCALAR: "0"}[load.kind]
        return f"float(leaves.x{i}[{index}])"

    lines, root = scalar_epilogue(tree, acc="acc", leaf=leaf, scalar=lambda j: f"leaves.s{j}")
    body = "".join(f"  {line}\n" for line in lines)
    return (
        "// The epilogue's run-time operands: each leaf's pointer (an aux load's row pitch), the scalars.\n"
        "struct Leaves {\n" + "\n".join(fields) + "\n};\n\n"
        "// The anchor's epilogue tree at output element (m, f), m the N*P*Q row: every node in float,\n"
        "// rounded to its own type.\n"
        f"__device__ __forceinline__ ElementD epilogue(float acc, int64_t m, int f, Leaves const& leaves{extra_params}) {{\n"
        f"{body}"
        f"  return cutlass::NumericConverter<ElementD, float>{{}}({root});\n"
        "}\n"
    )


def leaf_initializers(tree: EpilogueTree) -> list[str]:
    """The host's statements filling `Leaves leaves` from the entry point's leaf parameters."""
    inits = []
    for i, load in enumerate(tree.leaves):
        inits.append(f"  leaves.x{i} = static_cast<{load.element.cpp} const*>(x{i});")
        if load.kind is LeafKind.AUX:
            inits.append(f"  leaves.x{i}_ld = x{i}_ld;")
    return inits + [f"  leaves.s{j} = s{j};" for j in range(len(tree.scalars))]


# --------------------------------------------------------------------------------------
# The C++ pieces.
# --------------------------------------------------------------------------------------

_INCLUDES = """\
#include <cstddef>
#include <cstdint>
#include <limits>

#include <cuda_runtime.h>

#include "cutlass/array.h"
#include "cutlass/cutlass.h"
#include "cutlass/functional.h"
#include "cutlass/numeric_conversion.h"
#include "cutlass/numeric_types.h"
#include "cutlass/epilogue/thread/activation.h"

""" + EXPORT_MACRO

# The problem as the kernel sees it (groups and F/groups derived from C and C/groups).
_PROBLEM = """\
struct Problem {
  int n, h, w, c, f, r, s, p, q, pad_top, pad_left, stride_h, stride_w, dilation_h, dilation_w;
  int groups, k_per_group;
};

int output_extent(int size, int pad_low, int pad_high, int filter, int stride, int dilation) {
  return (size + pad_low + pad_high - dilation * (filter - 1) - 1) / stride + 1;
}
"""

_KERNEL = """\
// Grouped: elements between two channel lanes' rows of the staged filter, an odd number of
// kInputVector-element accesses, so a warp's lanes reading one (tap, channel) of their rows hit
// distinct banks (conv_direct.py's docstring).
CUTLASS_HOST_DEVICE int lane_pitch(int taps) {
  int const units = (taps * kVector * kChannelsPerGroup + kInputVector - 1) / kInputVector;
  return (units | 1) * kInputVector;
}

// One CTA: ChannelTile output channels (blockIdx.y) x a grid-stride walk over output pixels.
__global__ void __launch_bounds__(kThreads) direct_conv_fprop(Problem const pr, ElementA const* __restrict__ input,
                                                            ElementB const* __restrict__ filter,
                                                            ElementD* __restrict__ output, Leaves const leaves) {
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  ElementB* const filter_tile = reinterpret_cast<ElementB*>(shared_bytes);
  int const rs = pr.r * pr.s;
  int const per_channel = rs * kChannelsPerGroup;  // filter elements of one output channel
  int const f_block = blockIdx.y * kChannelTile;
  int const tile_f = min(kChannelTile, pr.f - f_block);
  int const pitch = kDepthwise ? 0 : lane_pitch(rs);
  // The CTA's filter slice is contiguous in KRSC.
  ElementB const* slice = filter + int64_t(f_block) * per_channel;
  for (int i = threadIdx.x; i < tile_f * per_channel; i += kThreads) {
    if constexpr (kDepthwise) {
      filter_tile[(i % rs) * kChannelTile + i / rs] = slice[i];  // tap-major: [R*S][ChannelTile]
    } else {
      // slice[i]: output channel i / per_channel, tap (i % per_channel) / C/g, channel i % C/g;
      // stored in its lane's row as [tap][v][c].
      int const f_in_tile = i / per_channel;
      int const tap_c = i % per_channel;
      int const tap = tap_c / kChannelsPerGroup;
      filter_tile[(f_in_tile / kVector) * pitch + (tap * kVector + f_in_tile % kVector) * kChannelsPerGroup +
                  tap_c % kChannelsPerGroup] = slice[i];
    }
  }
  __syncthreads();

  int const lane = threadIdx.x % kLanes;
  int const f_local = lane * kVector;
  if (f_local >= tile_f) {
    return;  // no __syncthreads below
  }
  int const f0 = f_block + f_local;
  int const group = f0 / pr.k_per_group;  // the kVector channels share it (kVector divides F/groups)
  int64_t const pixels = int64_t(pr.n) * pr.p * pr.q;
  for (int64_t m = int64_t(blockIdx.x) * kRows + threadIdx.x / kLanes; m < pixels; m += int64_t(gridDim.x) * kRows) {
    int const q = int(m % pr.q);
    int64_t const npq = m / pr.q;
    int const p = int(npq % pr.p);
    int const n = int(npq / pr.p);
    float acc[kVector];
    CUTLASS_PRAGMA_UNROLL
    for (int v = 0; v < kVector; ++v) {
      acc[v] = 0.f;
    }
    ElementA const* image = input + int64_t(n) * pr.h * pr.w * pr.c;
    for (int r = 0; r < pr.r; ++r) {
      int const ih = p * pr.stride_h - pr.pad_top + r * pr.dilation_h;
      if (ih < 0 || ih >= pr.h) {
        continue;
      }
      for (int s = 0; s < pr.s; ++s) {
        int const iw = q * pr.stride_w - pr.pad_left + s * pr.dilation_w;
        if (iw < 0 || iw >= pr.w) {
          continue;
        }
        ElementA const* pixel = image + (int64_t(ih) * pr.w + iw) * pr.c;
        int const tap = r * pr.s + s;
        if constexpr (kDepthwise) {
          auto const x = *reinterpret_cast<cutlass::AlignedArray<ElementA, kVector> const*>(pixel + f0);
          auto const k = *reinterpret_cast<cutlass::AlignedArray<ElementB, kVector> const*>(
              filter_tile + tap * kChannelTile + f_local);
          CUTLASS_PRAGMA_UNROLL
          for (int v = 0; v < kVector; ++v) {
            acc[v] += float(x[v]) * float(k[v]);
          }
        } else {
          ElementA const* channels = pixel + group * kChannelsPerGroup;
          ElementB const* taps = filter_tile + lane * pitch + tap * kVector * kChannelsPerGroup;
          CUTLASS_PRAGMA_UNROLL
          for (int c = 0; c < kChannelsPerGroup; c += kInputVector) {
            auto const x = *reinterpret_cast<cutlass::AlignedArray<ElementA, kInputVector> const*>(channels + c);
            CUTLASS_PRAGMA_UNROLL
            for (int v = 0; v < kVector; ++v) {
              // One access of kInputVector weights (channel v of the lane, channels c.. of the tap).
              auto const k = *reinterpret_cast<cutlass::AlignedArray<ElementB, kInputVector> const*>(
                  taps + v * kChannelsPerGroup + c);
              CUTLASS_PRAGMA_UNROLL
              for (int i = 0; i < kInputVector; ++i) {
                acc[v] += float(x[i]) * float(k[i]);
              }
            }
          }
        }
      }
    }
    cutlass::AlignedArray<ElementD, kVector> out;
    CUTLASS_PRAGMA_UNROLL
    for (int v = 0; v < kVector; ++v) {
      out[v] = epilogue(acc[v], m, f0 + v, leaves);
    }
    *reinterpret_cast<cutlass::AlignedArray<ElementD, kVector>*>(output + m * pr.f + f0) = out;
  }
}
"""


_ROW_KERNEL = """\
// Floats between two channel lanes' rows of the staged fp32 filter: an odd number of
// kVector-float reads, so the distinct rows a warp reads at once hit distinct banks.
CUTLASS_HOST_DEVICE int lane_pitch(int taps) {
  return ((taps * kChannelsPerGroup) | 1) * kVector;
}

// One CTA: ChannelTile output channels (blockIdx.y) x a grid-stride walk over pixel blocks
// (kPixels consecutive output pixels of one output row). A thread: kVector output channels of
// one group x one pixel block, accumulated in registers; per filter row it loads the
// kRowPixels input pixels its block reads (kInputVector channels at a time) once, converts
// them to float once, and uses each for every horizontal tap and output channel.
__global__ void __launch_bounds__(kThreads, kMinBlocksPerSm)
    direct_conv_fprop(Problem const pr, ElementA const* __restrict__ input, ElementB const* __restrict__ filter,
                      ElementD* __restrict__ output, Leaves const leaves) {
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  float* const filter_tile = reinterpret_cast<float*>(shared_bytes);
  int const taps = pr.r * kFilterS;
  int const per_channel = taps * kChannelsPerGroup;  // filter elements of one output channel
  int const f_block = blockIdx.y * kChannelTile;
  int const tile_f = min(kChannelTile, pr.f - f_block);
  int const pitch = lane_pitch(taps);
  // The CTA's filter slice is contiguous in KRSC; slice[i] is output channel i / per_channel,
  // (tap, channel) i % per_channel. Its lane's row holds [tap][channel][v] in fp32: one
  // 16-byte read gives a (tap, channel)'s kVector weights, converted once here.
  ElementB const* slice = filter + int64_t(f_block) * per_channel;
  for (int i = threadIdx.x; i < tile_f * per_channel; i += kThreads) {
    int const f_in_tile = i / per_channel;
    filter_tile[(f_in_tile / kVector) * pitch + (i % per_channel) * kVector + f_in_tile % kVector] =
        float(slice[i]);
  }
  __syncthreads();

  int const lane = threadIdx.x % kLanes;
  int const f_local = lane * kVector;
  if (f_local >= tile_f) {
    return;  // no __syncthreads below
  }
  int const f0 = f_block + f_local;
  int const group = f0 / pr.k_per_group;  // the kVector channels share it (kVector divides F/groups)
  float const* const weights = filter_tile + lane * pitch;
  int const q_blocks = (pr.q + kPixels - 1) / kPixels;
  int64_t const blocks = int64_t(pr.n) * pr.p * q_blocks;
  for (int64_t b = int64_t(blockIdx.x) * kRows + threadIdx.x / kLanes; b < blocks;
       b += int64_t(gridDim.x) * kRows) {
    int const q0 = int(b % q_blocks) * kPixels;
    int64_t const np = b / q_blocks;  // the output row n * P + p
    int const p = int(np % pr.p);
    int const n = int(np / pr.p);
    int const iw0 = q0 * kStrideW - pr.pad_left;
    float acc[kPixels][kVector];
    CUTLASS_PRAGMA_UNROLL
    for (int j = 0; j < kPixels; ++j) {
      CUTLASS_PRAGMA_UNROLL
      for (int v = 0; v < kVector; ++v) {
        acc[j][v] = 0.f;
      }
    }
    ElementA const* const image = input + int64_t(n) * pr.h * pr.w * pr.c + group * kChannelsPerGroup;
    for (int r = 0; r < pr.r; ++r) {
      int const ih = p * pr.stride_h - pr.pad_top + r * pr.dilation_h;
      if (ih < 0 || ih >= pr.h) {
        continue;
      }
      ElementA const* const row = image + int64_t(ih) * pr.w * pr.c;
      float const* const row_weights = weights + r * kFilterS * kChannelsPerGroup * kVector;
      CUTLASS_PRAGMA_UNROLL
      for (int c0 = 0; c0 < kChannelsPerGroup; c0 += kInputVector) {
        // The row's input pixels, kInputVector channels each; zero outside the image (padding).
        float x[kRowPixels][kInputVector];
        CUTLASS_PRAGMA_UNROLL
        for (int j = 0; j < kRowPixels; ++j) {
          int const iw = iw0 + j;
          cutlass::AlignedArray<ElementA, kInputVector> loaded;
          if (iw >= 0 && iw < pr.w) {
            loaded = *reinterpret_cast<cutlass::AlignedArray<ElementA, kInputVector> const*>(
                row + int64_t(iw) * pr.c + c0);
          } else {
            loaded.fill(ElementA(0));
          }
          CUTLASS_PRAGMA_UNROLL
          for (int i = 0; i < kInputVector; ++i) {
            x[j][i] = float(loaded[i]);
          }
        }
        CUTLASS_PRAGMA_UNROLL
        for (int s = 0; s < kFilterS; ++s) {
          CUTLASS_PRAGMA_UNROLL
          for (int i = 0; i < kInputVector; ++i) {
            auto const k = *reinterpret_cast<cutlass::AlignedArray<float, kVector> const*>(
                row_weights + (s * kChannelsPerGroup + c0 + i) * kVector);
            CUTLASS_PRAGMA_UNROLL
            for (int j = 0; j < kPixels; ++j) {
              CUTLASS_PRAGMA_UNROLL
              for (int v = 0; v < kVector; ++v) {
                acc[j][v] += x[j * kStrideW + s * kDilationW][i] * k[v];
              }
            }
          }
        }
      }
    }
    int64_t const m0 = np * pr.q + q0;  // the N*P*Q row of the block's first pixel
    CUTLASS_PRAGMA_UNROLL
    for (int j = 0; j < kPixels; ++j) {
      if (q0 + j < pr.q) {
        cutlass::AlignedArray<ElementD, kVector> out;
        CUTLASS_PRAGMA_UNROLL
        for (int v = 0; v < kVector; ++v) {
          out[v] = epilogue(acc[j][v], m0 + j, f0 + v, leaves);
        }
        *reinterpret_cast<cutlass::AlignedArray<ElementD, kVector>*>(output + (m0 + j) * pr.f + f0) = out;
      }
    }
  }
}
"""

@dataclass(frozen=True)
class ConvDirectKernel(CutlassKernel):
    """One direct grouped/depthwise conv2d fprop translation unit."""

    FAMILY: ClassVar[str] = FAMILY

    config: ConvDirectConfig
    epilogue: EpilogueTree

    def _entry_params(self) -> tuple[CParam, ...]:
        return conv_entry_params(self.epilogue)

    def _render(self, name: str) -> str:
        entry = EntryPoint(name, conv_entry_params(self.epilogue))
        body = "\n".join([
            self._render_constants(),
            _PROBLEM,
            self._render_epilogue(),
            _ROW_KERNEL if self.config.row_block else _KERNEL,
            "}  // namespace\n",
            self._render_exports(entry),
        ])
        return tu_preamble(FAMILY, self.config.summary(), "conv_direct.py", entry, self.epilogue, _INCLUDES) + body

    def _render_constants(self) -> str:
        c = self.config
        return "\n".join([
            f"using ElementA = {c.element_ab.cpp};  // the activation, NHWC",
            f"using ElementB = {c.element_ab.cpp};  // the filter, KRSC with C/groups channels",
            f"using ElementD = {c.element_d.cpp};  // the output, NHWC",
            f"constexpr int kThreads = {THREADS};",
            f"constexpr int kChannelsPerGroup = {c.channels_per_group};",
            f"constexpr int kVector = {c.vector};  // output channels per thread",
            f"constexpr int kInputVector = {c.input_vector};  // input channels per load (grouped)",
            f"constexpr int kChannelTile = {c.channel_tile};  // output channels per CTA",
            "constexpr int kLanes = kChannelTile / kVector;",
            "constexpr int kRows = kThreads / kLanes;  // output pixels per CTA step",
            f"constexpr bool kDepthwise = {'true' if c.depthwise else 'false'};",
            *self._render_row_constants(),
            f"constexpr int kFilterTileBytes = {FILTER_SMEM_BYTES};",
            "constexpr int kFilterTileElements = kFilterTileBytes / int(sizeof(FilterTileElement));",
            "",
        ])

    def _render_row_constants(self) -> list[str]:
        b = self.config.row_block
        if b is None:
            return ["constexpr int kPixels = 1;  // output pixels per thread",
                    "using FilterTileElement = ElementB;  // the staged filter keeps the filter's type"]
        return [
            "using FilterTileElement = float;  // the staged filter, converted once",
            f"constexpr int kPixels = {b.pixels};  // output pixels per thread, consecutive along W",
            f"constexpr int kFilterS = {b.filter_s};  // the TU's filter width, stride and dilation along W",
            f"constexpr int kStrideW = {b.stride_w};",
            f"constexpr int kDilationW = {b.dilation_w};",
            "constexpr int kRowPixels = (kPixels - 1) * kStrideW + (kFilterS - 1) * kDilationW + 1;",
            f"constexpr int kMinBlocksPerSm = {ROW_MIN_BLOCKS_PER_SM};",
        ]

    def _render_epilogue(self) -> str:
        return render_scalar_epilogue(self.epilogue)

    def _render_window_check(self) -> str:
        if self.config.row_block is None:
            return ""
        return ("  if (s != kFilterS || stride_w != kStrideW || dilation_w != kDilationW) {\n"
                "    return cutlass::Status::kErrorInvalidProblem;  // the TU's compile-time window along W\n"
                "  }\n")

    def _render_exports(self, entry: EntryPoint) -> str:
        launch, workspace, can = entry.prototypes()
        leaf_inits = leaf_initializers(self.epilogue)
        problem_args = ", ".join(p.name for p in entry.problem_params
                                 if p.name in _GEOMETRY_NAMES)
        return f"""\
namespace {{

// Shared-memory elements (FilterTileElement) of a CTA's staged filter: tap-major (depthwise),
// or kLanes padded rows.
int64_t filter_tile_elements(int taps) {{
  return kDepthwise ? int64_t(kChannelTile) * taps : int64_t(kLanes) * lane_pitch(taps);
}}

// Why this kernel cannot run the problem (a cutlass::Status), or kSuccess.
cutlass::Status check(int n, int h, int w, int c, int f, int r, int s, int p, int q, int pad_top, int pad_left,
                      int pad_bottom, int pad_right, int stride_h, int stride_w, int dilation_h, int dilation_w,
                      Problem* problem) {{
  if (n <= 0 || h <= 0 || w <= 0 || c <= 0 || f <= 0 || r <= 0 || s <= 0 || stride_h <= 0 || stride_w <= 0 ||
      dilation_h <= 0 || dilation_w <= 0 || pad_top < 0 || pad_left < 0 || pad_bottom < 0 || pad_right < 0) {{
    return cutlass::Status::kErrorInvalidProblem;
  }}
  if (p != output_extent(h, pad_top, pad_bottom, r, stride_h, dilation_h) ||
      q != output_extent(w, pad_left, pad_right, s, stride_w, dilation_w) || p <= 0 || q <= 0) {{
    return cutlass::Status::kErrorInvalidProblem;
  }}
  if (c % kChannelsPerGroup) {{
    return cutlass::Status::kErrorInvalidProblem;
  }}
  int const groups = c / kChannelsPerGroup;
  // Whole vectors: of one group (grouped), of the channels (depthwise: channel f reads input f).
  if (f % groups || (kDepthwise ? (f != c || f % kVector) : (f / groups) % kVector)) {{
    return cutlass::Status::kErrorInvalidProblem;
  }}
{self._render_window_check()}  if (filter_tile_elements(r * s) > kFilterTileElements) {{
    return cutlass::Status::kErrorInvalidProblem;  // the CTA's filter slice must fit shared memory
  }}
  if (int64_t(n) * p * q * f >= (int64_t(1) << 62) / int64_t(sizeof(ElementD))) {{
    return cutlass::Status::kErrorInvalidProblem;
  }}
  *problem = Problem{{n, h, w, c, f, r, s, p, q, pad_top, pad_left, stride_h, stride_w, dilation_h, dilation_w,
                     groups, f / groups}};
  return cutlass::Status::kSuccess;
}}

}}  // namespace

BOLTC_EXPORT {launch} {{
  Problem problem;
  cutlass::Status const status = check({problem_args}, &problem);
  if (status != cutlass::Status::kSuccess) {{
    return static_cast<int>(status);
  }}
  if (!input || !filter || !output) {{
    return static_cast<int>(cutlass::Status::kErrorInvalidProblem);
  }}
  Leaves leaves{{}};
{chr(10).join(leaf_inits)}
  // One wave of CTAs over all channel tiles (as many as fit an SM, at most {CTAS_PER_SM}), each
  // walking its pixels grid-stride: a CTA stages its filter slice once.
  size_t const filter_bytes = size_t(filter_tile_elements(problem.r * problem.s)) * sizeof(FilterTileElement);
  // The SMs and the CTAs an SM of the current device, cached per device (a process may run
  // the model on GPUs of different sizes) and, for the occupancy, per filter size.
  constexpr int kMaxDevices = 64;
  static int sm_counts[kMaxDevices] = {{}};
  static size_t occupancy_bytes[kMaxDevices] = {{}};
  static int fits[kMaxDevices] = {{}};
  int device = 0;
  if (cudaGetDevice(&device) != cudaSuccess || device < 0 || device >= kMaxDevices) {{
    return static_cast<int>(cutlass::Status::kErrorInternal);
  }}
  if (sm_counts[device] == 0 &&
      cudaDeviceGetAttribute(&sm_counts[device], cudaDevAttrMultiProcessorCount, device) != cudaSuccess) {{
    sm_counts[device] = 0;
    return static_cast<int>(cutlass::Status::kErrorInternal);
  }}
  if (occupancy_bytes[device] != filter_bytes) {{
    int fit = 0;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, direct_conv_fprop, kThreads, filter_bytes) !=
            cudaSuccess || fit < 1) {{
      fit = 1;
    }}
    fits[device] = fit < {CTAS_PER_SM} ? fit : {CTAS_PER_SM};
    occupancy_bytes[device] = filter_bytes;
  }}
  int const sm_count = sm_counts[device], ctas_per_sm = fits[device];
  // Pixel blocks: kPixels consecutive output pixels of one output row.
  int64_t const work_items = int64_t(problem.n) * problem.p * ((problem.q + kPixels - 1) / kPixels);
  int const channel_tiles = (problem.f + kChannelTile - 1) / kChannelTile;
  int64_t const steps = (work_items + kRows - 1) / kRows;
  int64_t const wanted = (int64_t(sm_count) * ctas_per_sm + channel_tiles - 1) / channel_tiles;
  dim3 const grid(unsigned(steps < wanted ? steps : wanted), unsigned(channel_tiles));
  if (channel_tiles > 65535) {{
    return static_cast<int>(cutlass::Status::kErrorInvalidProblem);
  }}
  direct_conv_fprop<<<grid, kThreads, filter_bytes, stream>>>(problem, static_cast<ElementA const*>(input),
                                                  static_cast<ElementB const*>(filter),
                                                  static_cast<ElementD*>(output), leaves);
  return static_cast<int>(cudaGetLastError() == cudaSuccess ? cutlass::Status::kSuccess
                                                            : cutlass::Status::kErrorInternal);
}}

BOLTC_EXPORT {workspace} {{
  return 0;
}}

BOLTC_EXPORT {can} {{
  Problem problem;
  return static_cast<int>(check({problem_args}, &problem));
}}
"""


_GEOMETRY_NAMES = ("n", "h", "w", "c", "f", "r", "s", "p", "q", "pad_top", "pad_left", "pad_bottom",
                   "pad_right", "stride_h", "stride_w", "dilation_h", "dilation_w")


# --------------------------------------------------------------------------------------
# bolt.conv2d -> kernel + the arguments this op passes.
# --------------------------------------------------------------------------------------


def lane_pitch(taps: int, vector: int, channels_per_group: int, input_vector: int) -> int:
    """Elements between two channel lanes' rows of the staged grouped filter: a lane's
    taps x vector x C/groups weights rounded up to an odd number of `input_vector`-element
    accesses (the module docstring says why odd). The TU's `lane_pitch` computes the same."""
    units = -(-taps * vector * channels_per_group // input_vector)
    return (units | 1) * input_vector


def row_lane_pitch(taps: int, vector: int, channels_per_group: int) -> int:
    """Floats between two channel lanes' rows of the row-blocked kernel's fp32 filter: a lane's
    taps x C/groups reads of `vector` weights rounded up to an odd number of them (the TU's
    `lane_pitch` in that kernel)."""
    return ((taps * channels_per_group) | 1) * vector


def row_pixels_per_thread(problem: ConvProblem, input_vector: int) -> int | None:
    """The output pixels along W a row-blocked thread computes: the most whose input row fits
    ROW_INPUT_FLOATS (at most ROW_MAX_PIXELS), lowered to as few as 3/4 of that where fewer pad
    Q less (Q = 28 takes 7, not 8 with 4 wasted a row). Not lower: each pixel fewer adds weight
    reads per FMA (a block reads its weights once) and per-block overhead. None when not even 2
    fit."""
    stride, dilation = problem.strides[1], problem.dilations[1]
    most = 0
    for pixels in range(1, ROW_MAX_PIXELS + 1):
        if RowBlock(pixels, problem.s, stride, dilation).row_pixels * input_vector <= ROW_INPUT_FLOATS:
            most = pixels
    if most < 2:
        return None
    candidates = range(max(2, -(-most * 3 // 4)), most + 1)
    return min(candidates, key=lambda k: (-(-problem.q // k) * k - problem.q, -k))


def choose_config(problem: ConvProblem, groups: int, element: Element, element_d: Element) -> ConvDirectConfig:
    """The widths for one problem. Depthwise: the widest vectors its channel counts allow, as
    many channel lanes (up to 32) as the filter slice fits in shared memory. Grouped: the
    row-blocked kernel (up to 4 output channels and 4 input channels a read, `ROW_LANES` lanes,
    `row_pixels_per_thread`) where its input row fits a thread's registers, else one pixel a
    thread as depthwise."""
    c, f = problem.c, problem.f
    cpg, kpg = c // groups, f // groups
    depthwise = cpg == 1 and kpg == 1
    taps = problem.r * problem.s
    if not depthwise:
        vector = ROW_MAX_VECTOR
        while kpg % vector or vector * element_d.bytes > VECTOR_BYTES:
            vector //= 2
        input_vector = 4
        while cpg % input_vector:
            input_vector //= 2
        pixels = row_pixels_per_thread(problem, input_vector)
        per_lane = row_lane_pitch(taps, vector, cpg) * 4
        if pixels is not None and per_lane <= FILTER_SMEM_BYTES:
            lanes = 1
            while lanes * 2 <= ROW_LANES and lanes * 2 * per_lane <= FILTER_SMEM_BYTES and lanes * vector < f:
                lanes *= 2
            block = RowBlock(pixels, problem.s, problem.strides[1], problem.dilations[1])
            return ConvDirectConfig(element, element_d, cpg, vector, input_vector, vector * lanes, False, block)
    widest = VECTOR_BYTES // max(element.bytes, element_d.bytes)
    # kVector adjacent channels: of one group (grouped), aligned accesses of input and output
    # (depthwise: channel f reads input channel f, so C = F bounds the width).
    vector = widest
    while vector > 1 and (f if depthwise else kpg) % vector:
        vector //= 2
    input_vector = VECTOR_BYTES // element.bytes
    while input_vector > 1 and cpg % input_vector:
        input_vector //= 2
    per_lane = (vector * taps if depthwise else lane_pitch(taps, vector, cpg, input_vector)) * element.bytes
    if per_lane > FILTER_SMEM_BYTES:
        raise InvalidKernelConfig(
            f"the filter of {vector} output channels ({problem.r}x{problem.s}x{cpg}) does not fit the "
            f"{FILTER_SMEM_BYTES // 1024} KiB of shared memory a direct convolution stages it in"
        )
    lanes = 1
    while lanes * 2 <= MAX_LANES and lanes * 2 * per_lane <= FILTER_SMEM_BYTES and lanes * vector < f:
        lanes *= 2
    return ConvDirectConfig(element, element_d, cpg, vector, input_vector, vector * lanes, depthwise)


def lower_conv2d(op: bolt.Conv2dOp, *, arch: str = "sm_90a") -> ConvLowering:
    """The direct kernel for a grouped or depthwise `op` and its call."""
    return lower_at(op, _lower_conv2d, arch, (InvalidKernelConfig, UnsupportedEpilogue))


def _lower_conv2d(op: bolt.Conv2dOp, arch: str) -> ConvLowering:
    facts = nhwc_conv(op, arch, FAMILY, ("sm_80", "sm_90a"), "the direct convolution", grouped=True)
    problem, groups, element, element_d = facts.problem, facts.groups, facts.element, facts.element_d
    tree, binding = build_epilogue(op, (Role.M, Role.M, Role.M, Role.N), element_d)
    for bound in binding.leaves:
        if bound.batch_stride:
            raise InvalidKernelConfig(f"extra {bound.extra} has a batch stride; a convolution has no batch mode")
    config = choose_config(problem, groups, element, element_d)
    kernel = ConvDirectKernel(config, tree)
    from boltc.lowering.cutlass.conv_group_sm80 import choose_group_conv  # why not the tensor cores

    why = choose_group_conv(problem.c // groups, problem.f // groups, element)
    note = (f"direct convolution: groups={groups}, {problem.c // groups} input and "
            f"{problem.f // groups} output channels per group"
            + (f" ({why.reason})" if why.family == FAMILY else ""))
    return ConvLowering(kernel, bind_arguments(kernel.entry_point, conv_argument_values(problem), binding), note)  # type: ignore[arg-type]

