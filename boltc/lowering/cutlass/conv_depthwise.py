"""Depthwise bolt.conv2d (groups = C = F: one input channel per output channel, NHWC fprop) ->
one register-window translation unit that reads the input about once from DRAM and writes the
output once, every access 16 bytes wide.

Why a family beside conv_direct: a depthwise convolution does R*S multiply-adds per output and
moves 2 bytes in and 2 out, so it runs at memory speed or not at all. conv_direct (its
depthwise path) computes one pixel per thread: R*S separate 16-byte loads per output vector,
the CTA's filter slice staged in shared memory first, a 64-bit div/mod chain per pixel and a
grid capped at 8 CTAs per SM; MobileNetV2's 17 depthwise layers took 454 us on the H100 in it,
3-5x their memory floor (issue 12). This kernel shares the loads of neighbouring outputs in
registers instead.

The kernel (`_KERNEL` below, specialised by the TU's constants):
- A thread owns `kVector` adjacent channels (one 16-byte vector: 8 f16/bf16, 4 f32; fewer where
  C is not a multiple of that) of `kColumns` consecutive output columns q0 .. q0+T-1 of one
  output row (n, p). Consecutive threads take consecutive channel vectors, then consecutive
  column blocks, rows, images: a warp's loads and stores are contiguous 16-byte runs of one or
  more pixels (coalesced, every 32-byte sector used whole).
- Per filter row r the thread loads the input columns its T outputs touch, once each, into a
  register window of `kWindow` = (T-1)*stride_w + (S-1)*dilation_w + 1 vectors (T+2 for a 3x3
  at stride 1, 2T+1 at stride 2, instead of 3T), and every output column reads its S taps from
  the window. The vertical reuse (a row read by R output rows) is left to L1/L2: neighbouring
  output rows are neighbouring threads or CTAs, so each input byte comes from DRAM about once.
- The thread's filter (kVector channels x R*S taps, contiguous in KRSC with C/groups = 1) is
  loaded once into registers, in vectors; no shared memory, no __syncthreads.
- fp32 accumulation (kColumns x kVector registers), then the anchor's epilogue per element
  (conv_direct's scalar EVT renderer: every epilogue conv_direct fuses fuses here), then one
  16-byte store per output column.
- One thread per (channel vector, column block, output row, image), a 1-D grid of 256-thread
  CTAs: MobileNetV2 at batch 32 launches 210 to 1568 CTAs per layer, enough bytes in flight to
  keep HBM busy.

TU constants: the filter size R x S, stride_w and dilation_w (they size the window and unroll
the tap loops), kColumns, kVector and the elements. Run time: N, H, W, C, P, Q, the padding,
stride_h and dilation_h (checked by `can_implement`).

What it takes (`choose_for_op`; anything else stays on conv_direct, the reason saying why):
NHWC, C/groups = 1 and F = C (a channel multiplier is grouped, not this), f16/bf16/f32
inputs, a filter whose kVector channels' weights fit `MAX_FILTER_REGISTER_BYTES` (3x3 and
smaller at full width), a window of at most `MAX_WINDOW` vectors (stride_w and dilation_w up to
2 or 3 with T = 4).

`#bolt.kernel<"conv_depthwise", tile [T, V, 1], cluster [1, 1, 1], stages 1, "direct">`: tile
holds the output columns per thread (T) and the channels per thread (V); the rest is fixed.

Entry point: conv_sm90's (`conv_entry_params`), as conv_direct; no workspace.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.dialects.builtin import IntAttr, StringAttr

from boltc.dialects import bolt
from boltc.lowering.cutlass.conv_direct import _GEOMETRY_NAMES, leaf_initializers, render_scalar_epilogue
from boltc.lowering.cutlass.conv_sm90 import (
    ConvLowering,
    ConvProblem,
    conv_argument_values,
    conv_entry_params,
    conv_problem,
    nhwc_conv,
)
from boltc.lowering.cutlass.cpp import (
    EXPORT_MACRO,
    VECTOR_BYTES,
    Element,
    InvalidKernelConfig,
    SelfChecking,
    UnsupportedEpilogue,
    chosen_kernel,
    kernel_reason,
    lower_at,
)
from boltc.lowering.cutlass.evt import EpilogueTree, LeafKind, Role, build_epilogue
from boltc.lowering.cutlass.kernel_abi import CParam, CutlassKernel, EntryPoint, bind_arguments, tu_preamble

FAMILY = "conv_depthwise"
SCHEDULE = "direct"  # #bolt.kernel's schedule field: the one form
THREADS = 256  # per CTA
DEFAULT_COLUMNS = 4  # T: a 3x3 at stride 1 loads 6 vectors a row for 4 outputs (1.5 each), at stride 2, 9
MAX_COLUMNS = 8
MAX_WINDOW = 17  # input vectors a thread holds per filter row: (8-1)*2 + 3 at T = 8, stride 2
# A thread's weights in registers: 3x3 taps x 16 bytes (36 registers). A 5x5 or 7x7 filter at
# full width would hold 100-196 registers of weights; those layers stay on conv_direct.
MAX_FILTER_REGISTER_BYTES = 9 * VECTOR_BYTES
ELEMENTS = (Element.F16, Element.BF16, Element.F32)


@dataclass(frozen=True)
class ConvDepthwiseConfig(SelfChecking):
    """Everything about the kernel except the epilogue tree."""

    element_ab: Element
    element_d: Element
    r: int
    s: int
    stride_w: int
    dilation_w: int
    columns: int  # T: output columns per thread
    vector: int  # V: adjacent channels per thread

    @property
    def taps(self) -> int:
        return self.r * self.s

    @property
    def window(self) -> int:
        """Input vectors per filter row for T output columns."""
        return (self.columns - 1) * self.stride_w + (self.s - 1) * self.dilation_w + 1

    @property
    def filter_access(self) -> int:
        """Weights per filter load: the thread's V x R*S weights start at f0 * R*S (f0 a multiple
        of V), so any power of two dividing V*R*S (up to 16 bytes) is an aligned access."""
        access = VECTOR_BYTES // self.element_ab.bytes
        while (self.vector * self.taps) % access:
            access //= 2
        return access

    def summary(self) -> str:
        return (f"conv_depthwise fprop nhwc {self.element_ab.short}->{self.element_d.short}, {self.r}x{self.s} "
                f"stride_w {self.stride_w} dilation_w {self.dilation_w}, {self.columns} output columns x "
                f"{self.vector} channels per thread")

    def blocker(self) -> str | None:
        if self.element_ab not in ELEMENTS or self.element_d not in ELEMENTS:
            return f"elements {self.element_ab.short}->{self.element_d.short}: the kernel reads and writes f16, bf16 or f32"
        v = self.vector
        if v < 1 or v & (v - 1) or v * max(self.element_ab.bytes, self.element_d.bytes) > VECTOR_BYTES:
            return f"{v} channels per thread is not a power of two of at most 16 bytes"
        if min(self.r, self.s, self.stride_w, self.dilation_w) < 1:
            return "filter, stride and dilation must be positive"
        if not 1 <= self.columns <= MAX_COLUMNS:
            return f"{self.columns} output columns per thread: 1 to {MAX_COLUMNS}"
        if self.window > MAX_WINDOW:
            return (f"a window of {self.window} input vectors per filter row ({self.columns} columns, "
                    f"stride_w {self.stride_w}, {self.s} taps, dilation_w {self.dilation_w}); at most {MAX_WINDOW}")
        if v * self.taps * self.element_ab.bytes > MAX_FILTER_REGISTER_BYTES:
            return (f"the {self.r}x{self.s} weights of {v} channels take {v * self.taps * self.element_ab.bytes} bytes "
                    f"of registers (at most {MAX_FILTER_REGISTER_BYTES})")
        return None


def widest_vector(c: int, element: Element, element_d: Element) -> int:
    """The most adjacent channels one 16-byte access of input and output holds that divide C
    (channel f reads input channel f, so every vector of C must be whole)."""
    vector = VECTOR_BYTES // max(element.bytes, element_d.bytes)
    while vector > 1 and c % vector:
        vector //= 2
    return vector


def config_for(problem: ConvProblem, element: Element, element_d: Element, columns: int,
               vector: int) -> ConvDepthwiseConfig:
    """The configuration of T = `columns`, V = `vector` for `problem`; InvalidKernelConfig
    where it cannot run it."""
    if problem.c % vector:
        raise InvalidKernelConfig(f"{vector} channels per thread do not divide C={problem.c}")
    return ConvDepthwiseConfig(element, element_d, problem.r, problem.s, problem.strides[1], problem.dilations[1],
                               columns, vector)


# --------------------------------------------------------------------------------------
# The choice (select-kernels and tuning/select.py's heuristic call it).
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DepthwiseChoice:
    """conv_depthwise's verdict on a grouped convolution: its `#bolt.kernel` (None: not taken)
    and why; `refusal` is the note a depthwise layer left on conv_direct carries ("" for a
    layer that is not depthwise, which this family never concerned)."""

    kernel: bolt.KernelAttr | None
    reason: str

    @property
    def refusal(self) -> str:
        return f"; {FAMILY} refused: {self.reason}" if self.kernel is None and self.reason else ""


def kernel_attr(columns: int, vector: int) -> bolt.KernelAttr:
    return bolt.KernelAttr(StringAttr(FAMILY), bolt.i64_array([columns, vector, 1]), bolt.i64_array([1, 1, 1]),
                           IntAttr(1), StringAttr(SCHEDULE))


def is_depthwise(op: bolt.Conv2dOp) -> bool:
    groups = op.groups.value.data
    if groups < 2:
        return False
    problem = conv_problem(op)
    return problem.c == groups and problem.f == problem.c


def choose_for_op(op: bolt.Conv2dOp) -> DepthwiseChoice:
    """This family's configuration for a depthwise `op` (T = DEFAULT_COLUMNS, or Q where the
    output is narrower; V the widest vector C allows), or why not."""
    if not is_depthwise(op):
        return DepthwiseChoice(None, "")
    if op.layout.data != bolt.Layout.NHWC:
        return DepthwiseChoice(None, "NCHW: the kernel reads NHWC (the layout-nhwc pass converts it)")
    problem = conv_problem(op)
    element = Element.from_mlir(op.input.type.get_element_type())  # type: ignore[attr-defined]
    element_d = Element.from_mlir(op.result.type.get_element_type())  # type: ignore[attr-defined]
    vector = widest_vector(problem.c, element, element_d)
    columns = max(1, min(DEFAULT_COLUMNS, problem.q))
    try:
        config = config_for(problem, element, element_d, columns, vector)
    except InvalidKernelConfig as error:
        return DepthwiseChoice(None, error.message)
    return DepthwiseChoice(
        kernel_attr(columns, vector),
        f"depthwise {problem.r}x{problem.s}, {problem.c} channels: {config.columns} output columns x "
        f"{config.vector} channels per thread, {config.window} input vectors per filter row",
    )


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

# The run-time part of the problem (R, S, stride_w and dilation_w are TU constants).
_PROBLEM = """\
struct Problem {
  int n, h, w, c, p, q, pad_top, pad_left, stride_h, dilation_h;
  int channel_vectors;  // C / kVector
  int column_blocks;    // ceil(Q / kColumns)
  int64_t threads;      // channel_vectors * column_blocks * P * N
};

int output_extent(int size, int pad_low, int pad_high, int filter, int stride, int dilation) {
  return (size + pad_low + pad_high - dilation * (filter - 1) - 1) / stride + 1;
}
"""

_KERNEL = """\
using InputVector = cutlass::AlignedArray<ElementA, kVector>;  // aligned: one vector load
using OutputVector = cutlass::AlignedArray<ElementD, kVector>;
using FilterAccess = cutlass::AlignedArray<ElementB, kFilterAccess>;

// One thread: kVector channels x kColumns output columns of one output row (conv_depthwise.py).
__global__ void __launch_bounds__(kThreads) depthwise_conv_fprop(Problem const pr, ElementA const* __restrict__ input,
                                                               ElementB const* __restrict__ filter,
                                                               ElementD* __restrict__ output, Leaves const leaves) {
  int64_t const index = int64_t(blockIdx.x) * kThreads + threadIdx.x;
  if (index >= pr.threads) {
    return;
  }
  // Channel vector fastest: a warp's accesses are contiguous runs of each pixel's channels.
  int const channel_vector = int(index % pr.channel_vectors);
  int64_t const block_row = index / pr.channel_vectors;
  int const column_block = int(block_row % pr.column_blocks);
  int64_t const row = block_row / pr.column_blocks;  // n * P + p
  int const p = int(row % pr.p);
  int const n = int(row / pr.p);
  int const f0 = channel_vector * kVector;
  int const q0 = column_block * kColumns;

  // The thread's weights, [kVector][kTaps] as KRSC holds them (C/groups = 1), in registers.
  cutlass::Array<ElementB, kVector * kTaps> weights;
  FilterAccess const* taps = reinterpret_cast<FilterAccess const*>(filter + int64_t(f0) * kTaps);
  CUTLASS_PRAGMA_UNROLL
  for (int i = 0; i < kVector * kTaps / kFilterAccess; ++i) {
    reinterpret_cast<FilterAccess*>(&weights)[i] = taps[i];
  }

  float acc[kColumns][kVector];
  CUTLASS_PRAGMA_UNROLL
  for (int t = 0; t < kColumns; ++t) {
    CUTLASS_PRAGMA_UNROLL
    for (int v = 0; v < kVector; ++v) {
      acc[t][v] = 0.f;
    }
  }

  int const iw0 = q0 * kStrideW - pr.pad_left;
  ElementA const* image = input + int64_t(n) * pr.h * pr.w * pr.c + f0;
  CUTLASS_PRAGMA_UNROLL
  for (int r = 0; r < kR; ++r) {
    int const ih = p * pr.stride_h - pr.pad_top + r * pr.dilation_h;
    if (ih < 0 || ih >= pr.h) {
      continue;  // zero padding: the row adds nothing
    }
    ElementA const* input_row = image + int64_t(ih) * pr.w * pr.c;
    // Every input column the kColumns outputs touch in this row, loaded once.
    InputVector window[kWindow];
    CUTLASS_PRAGMA_UNROLL
    for (int j = 0; j < kWindow; ++j) {
      int const iw = iw0 + j;
      if (iw >= 0 && iw < pr.w) {
        window[j] = *reinterpret_cast<InputVector const*>(input_row + int64_t(iw) * pr.c);
      } else {
        window[j].clear();  // zero padding
      }
    }
    CUTLASS_PRAGMA_UNROLL
    for (int t = 0; t < kColumns; ++t) {
      CUTLASS_PRAGMA_UNROLL
      for (int s = 0; s < kS; ++s) {
        InputVector const& x = window[t * kStrideW + s * kDilationW];
        CUTLASS_PRAGMA_UNROLL
        for (int v = 0; v < kVector; ++v) {
          acc[t][v] += float(x[v]) * float(weights[v * kTaps + r * kS + s]);
        }
      }
    }
  }

  int64_t const m0 = row * pr.q + q0;  // the output pixel (N*P*Q row) of column q0
  // The row broadcasts (bias) of the thread's channels, read once: inside the epilogue each
  // column would read them again (the conversions between are inline asm, which nvcc does not
  // move loads across).
  float rows[kRowLeaves][kVector];
ROW_PRELOAD
  OutputVector result[kColumns];
  CUTLASS_PRAGMA_UNROLL
  for (int t = 0; t < kColumns; ++t) {
    CUTLASS_PRAGMA_UNROLL
    for (int v = 0; v < kVector; ++v) {
      result[t][v] = epilogue(acc[t][v], m0 + t, f0 + v, leaves, v, rows);
    }
  }
  ElementD* out = output + m0 * pr.c + f0;
  CUTLASS_PRAGMA_UNROLL
  for (int t = 0; t < kColumns; ++t) {
    if (q0 + t < pr.q) {
      *reinterpret_cast<OutputVector*>(out + int64_t(t) * pr.c) = result[t];
    }
  }
}
"""


@dataclass(frozen=True)
class ConvDepthwiseKernel(CutlassKernel):
    """One depthwise conv2d fprop translation unit."""

    FAMILY: ClassVar[str] = FAMILY

    config: ConvDepthwiseConfig
    epilogue: EpilogueTree

    def _entry_params(self) -> tuple[CParam, ...]:
        return conv_entry_params(self.epilogue)

    def _render(self, name: str) -> str:
        entry = EntryPoint(name, conv_entry_params(self.epilogue))
        body = "\n".join([
            self._render_constants(),
            _PROBLEM,
            render_scalar_epilogue(self.epilogue, row_leaf=lambda i: f"rows[{self._row_slots[i]}][v]",
                                   extra_params=", int v, float const (&rows)[kRowLeaves][kVector]"),
            _KERNEL.replace("ROW_PRELOAD\n", self._render_row_preload()),
            "}  // namespace\n",
            self._render_exports(entry),
        ])
        return tu_preamble(FAMILY, self.config.summary(), "conv_depthwise.py", entry, self.epilogue, _INCLUDES) + body

    @property
    def _row_slots(self) -> dict[int, int]:
        """Leaf index -> its slot in the kernel's `row` registers, for each row broadcast."""
        rows = [i for i, load in enumerate(self.epilogue.leaves) if load.kind is LeafKind.ROW]
        return {leaf: slot for slot, leaf in enumerate(rows)}

    def _render_row_preload(self) -> str:
        lines = []
        for leaf, slot in self._row_slots.items():
            lines += ["  CUTLASS_PRAGMA_UNROLL", "  for (int v = 0; v < kVector; ++v) {",
                      f"    rows[{slot}][v] = float(leaves.x{leaf}[f0 + v]);", "  }"]
        return "".join(f"{line}\n" for line in lines)

    def _render_constants(self) -> str:
        c = self.config
        return "\n".join([
            f"using ElementA = {c.element_ab.cpp};  // the activation, NHWC",
            f"using ElementB = {c.element_ab.cpp};  // the filter, KRSC with C/groups = 1",
            f"using ElementD = {c.element_d.cpp};  // the output, NHWC",
            f"constexpr int kThreads = {THREADS};",
            f"constexpr int kR = {c.r};",
            f"constexpr int kS = {c.s};",
            "constexpr int kTaps = kR * kS;",
            f"constexpr int kStrideW = {c.stride_w};",
            f"constexpr int kDilationW = {c.dilation_w};",
            f"constexpr int kColumns = {c.columns};  // output columns per thread",
            f"constexpr int kVector = {c.vector};  // channels per thread",
            "constexpr int kWindow = (kColumns - 1) * kStrideW + (kS - 1) * kDilationW + 1;  // input vectors a row",
            f"constexpr int kFilterAccess = {c.filter_access};  // weights per filter load",
            f"constexpr int kRowLeaves = {max(1, len(self._row_slots))};  // row broadcasts held in registers",
            "",
        ])

    def _render_exports(self, entry: EntryPoint) -> str:
        launch, workspace, can = entry.prototypes()
        leaf_inits = leaf_initializers(self.epilogue)
        problem_args = ", ".join(p.name for p in entry.problem_params if p.name in _GEOMETRY_NAMES)
        return f"""\
namespace {{

// Why this kernel cannot run the problem (a cutlass::Status), or kSuccess.
cutlass::Status check(int n, int h, int w, int c, int f, int r, int s, int p, int q, int pad_top, int pad_left,
                      int pad_bottom, int pad_right, int stride_h, int stride_w, int dilation_h, int dilation_w,
                      Problem* problem) {{
  if (n <= 0 || h <= 0 || w <= 0 || c <= 0 || stride_h <= 0 || dilation_h <= 0 || pad_top < 0 || pad_left < 0 ||
      pad_bottom < 0 || pad_right < 0) {{
    return cutlass::Status::kErrorInvalidProblem;
  }}
  // The TU's constants: filter size, stride and dilation along W; depthwise (F = C, a vector of
  // channels whole).
  if (r != kR || s != kS || stride_w != kStrideW || dilation_w != kDilationW || f != c || c % kVector) {{
    return cutlass::Status::kErrorInvalidProblem;
  }}
  if (p != output_extent(h, pad_top, pad_bottom, r, stride_h, dilation_h) ||
      q != output_extent(w, pad_left, pad_right, s, stride_w, dilation_w) || p <= 0 || q <= 0) {{
    return cutlass::Status::kErrorInvalidProblem;
  }}
  int64_t const elements = int64_t(n) * (int64_t(h) * w > int64_t(p) * q ? int64_t(h) * w : int64_t(p) * q) * c;
  if (elements >= (int64_t(1) << 62) / 4) {{
    return cutlass::Status::kErrorInvalidProblem;
  }}
  int const column_blocks = (q + kColumns - 1) / kColumns;
  int64_t const threads = int64_t(c / kVector) * column_blocks * p * n;
  if ((threads + kThreads - 1) / kThreads > int64_t(std::numeric_limits<int>::max())) {{
    return cutlass::Status::kErrorInvalidProblem;  // one thread per work item, a 1-D grid
  }}
  *problem = Problem{{n, h, w, c, p, q, pad_top, pad_left, stride_h, dilation_h, c / kVector, column_blocks,
                     threads}};
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
  unsigned const blocks = unsigned((problem.threads + kThreads - 1) / kThreads);
  depthwise_conv_fprop<<<blocks, kThreads, 0, stream>>>(problem, static_cast<ElementA const*>(input),
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


# --------------------------------------------------------------------------------------
# bolt.conv2d -> kernel + the arguments this op passes.
# --------------------------------------------------------------------------------------


def lower_conv2d(op: bolt.Conv2dOp, *, arch: str = "sm_90a") -> ConvLowering:
    """The depthwise kernel of `op`'s #bolt.kernel (lower_at gives an op without one the
    heuristic's, tuning/select.py) and its call."""
    return lower_at(op, _lower_conv2d, arch, (InvalidKernelConfig, UnsupportedEpilogue), family=FAMILY)


def _lower_conv2d(op: bolt.Conv2dOp, arch: str) -> ConvLowering:
    facts = nhwc_conv(op, arch, FAMILY, ("sm_80", "sm_90a"), "the depthwise convolution", grouped=True)
    problem, element, element_d = facts.problem, facts.element, facts.element_d
    if not is_depthwise(op):
        raise InvalidKernelConfig(
            f"{FAMILY} lowers depthwise convolutions (groups = C = F), not groups={facts.groups} with "
            f"C={problem.c}, F={problem.f} (conv_direct takes those)")
    attr = chosen_kernel(op, FAMILY)
    if attr.family.data != FAMILY:
        raise InvalidKernelConfig(f"#bolt.kernel family {attr.family.data!r} is not {FAMILY!r}")
    columns, vector, k = bolt.int_list(attr.tile)
    if k != 1 or bolt.int_list(attr.cluster) != (1, 1, 1) or attr.stages.data != 1 or attr.schedule.data != SCHEDULE:
        raise InvalidKernelConfig(
            f'#bolt.kernel<"{FAMILY}", tile [columns, channels, 1], cluster [1, 1, 1], stages 1, "{SCHEDULE}">: '
            "only the output columns and channels per thread are chosen")
    tree, binding = build_epilogue(op, (Role.M, Role.M, Role.M, Role.N), element_d)
    for bound in binding.leaves:
        if bound.batch_stride:
            raise InvalidKernelConfig(f"extra {bound.extra} has a batch stride; a convolution has no batch mode")
    kernel = ConvDepthwiseKernel(config_for(problem, element, element_d, columns, vector), tree)
    return ConvLowering(kernel, bind_arguments(kernel.entry_point, conv_argument_values(problem), binding),  # type: ignore[arg-type]
                        kernel_reason(op))
