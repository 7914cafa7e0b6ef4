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

The kernel (`_KERNEL` below, specialised by the TU's constants):
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
- Depthwise (C/groups = 1 and F = C): the `Vector` channels' inputs are one vector load per tap.
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
from boltc.lowering.cutlass.gemm_sm90 import CParam, CutlassKernel, EntryPoint, bind_arguments, tu_preamble

FAMILY = "conv_direct"
THREADS = 256  # per CTA
MAX_LANES = 32  # channel lanes per CTA: at least 8 pixel rows share the staged filter
FILTER_SMEM_BYTES = 48 * 1024  # the static shared-memory limit: no opt-in attribute needed
CTAS_PER_SM = 8  # grid: about this many CTAs per SM over all channel tiles (filter staged once each)


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

    @property
    def lanes(self) -> int:
        return self.channel_tile // self.vector

    def summary(self) -> str:
        kind = "depthwise" if self.depthwise else f"grouped, {self.channels_per_group} channels per group"
        return (f"conv_direct fprop nhwc {self.element_ab.short}->{self.element_d.short}, {kind}, "
                f"{self.vector} output channels per thread, channel tile {self.channel_tile}")

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
          auto const x = *reinterpret_cast<cutlass::Array<ElementA, kVector> const*>(pixel + f0);
          auto const k = *reinterpret_cast<cutlass::Array<ElementB, kVector> const*>(
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
            auto const x = *reinterpret_cast<cutlass::Array<ElementA, kInputVector> const*>(channels + c);
            CUTLASS_PRAGMA_UNROLL
            for (int v = 0; v < kVector; ++v) {
              // One access of kInputVector weights (channel v of the lane, channels c.. of the tap).
              auto const k = *reinterpret_cast<cutlass::Array<ElementB, kInputVector> const*>(
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
    cutlass::Array<ElementD, kVector> out;
    CUTLASS_PRAGMA_UNROLL
    for (int v = 0; v < kVector; ++v) {
      out[v] = epilogue(acc[v], m, f0 + v, leaves);
    }
    *reinterpret_cast<cutlass::Array<ElementD, kVector>*>(output + m * pr.f + f0) = out;
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
            _KERNEL,
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
            f"constexpr int kFilterTileBytes = {FILTER_SMEM_BYTES};",
            "constexpr int kFilterTileElements = kFilterTileBytes / int(sizeof(ElementB));",
            "",
        ])

    def _render_epilogue(self) -> str:
        return render_scalar_epilogue(self.epilogue)

    def _render_exports(self, entry: EntryPoint) -> str:
        launch, workspace, can = entry.prototypes()
        leaf_inits = leaf_initializers(self.epilogue)
        problem_args = ", ".join(p.name for p in entry.problem_params
                                 if p.name in _GEOMETRY_NAMES)
        return f"""\
namespace {{

// Shared-memory elements of a CTA's staged filter: tap-major (depthwise), or kLanes padded rows.
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
  if (filter_tile_elements(r * s) > kFilterTileElements) {{
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
  // About {CTAS_PER_SM} CTAs per SM over all channel tiles: each CTA stages its filter slice once.
  static int sm_count = 0;
  if (sm_count == 0) {{
    int device = 0;
    if (cudaGetDevice(&device) != cudaSuccess ||
        cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device) != cudaSuccess) {{
      sm_count = 132;
    }}
  }}
  int64_t const pixels = int64_t(problem.n) * problem.p * problem.q;
  int const channel_tiles = (problem.f + kChannelTile - 1) / kChannelTile;
  int64_t const pixel_steps = (pixels + kRows - 1) / kRows;
  int64_t const wanted = (int64_t(sm_count) * {CTAS_PER_SM} + channel_tiles - 1) / channel_tiles;
  dim3 const grid(unsigned(pixel_steps < wanted ? pixel_steps : wanted), unsigned(channel_tiles));
  if (channel_tiles > 65535) {{
    return static_cast<int>(cutlass::Status::kErrorInvalidProblem);
  }}
  size_t const filter_bytes = size_t(filter_tile_elements(problem.r * problem.s)) * sizeof(ElementB);
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


def choose_config(problem: ConvProblem, groups: int, element: Element, element_d: Element) -> ConvDirectConfig:
    """The widths for one problem: the widest vectors its channel counts allow, and as many
    channel lanes (up to 32, and up to the channels there are) as the filter slice fits in
    shared memory."""
    c, f = problem.c, problem.f
    cpg, kpg = c // groups, f // groups
    depthwise = cpg == 1 and kpg == 1
    widest = VECTOR_BYTES // max(element.bytes, element_d.bytes)
    # kVector adjacent channels: of one group (grouped), aligned accesses of input and output
    # (depthwise: channel f reads input channel f, so C = F bounds the width).
    vector = widest
    while vector > 1 and (f if depthwise else kpg) % vector:
        vector //= 2
    input_vector = VECTOR_BYTES // element.bytes
    while input_vector > 1 and cpg % input_vector:
        input_vector //= 2
    taps = problem.r * problem.s
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

