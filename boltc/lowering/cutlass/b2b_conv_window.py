"""bolt.b2b of a 3x3 convolution and the 1x1 convolution after it -> one Hopper kernel whose
first GEMM reads a window of the input staged once in shared memory:
`boltc/lowering/cutlass/include/boltc/b2b_conv_window.hpp` (WGMMA, TMA; sm_90a).

    y = act1(conv1x1(act0(conv3x3(x, f0) + bias0), f1) + bias1)      NHWC activations, KRSC filters

b2b_conv_sm90 reads the first convolution's input by TMA im2col, each pixel once per covering
tap (2.25 times at stride 2), in requests of C channels; this kernel loads each band of R output
rows' input window once (rows S (R - 1) + 3 for R rows: 1.25 times at stride 2, R = 2) and reads
every tap's A from it through a WGMMA shared-memory descriptor (the header says how the
window's planes make that a canonical layout: a pixel is one row of the narrowest swizzle holding
C channels, 32, 64 or 128 bytes). On the paper's 48-channel chains (H200, batch 32, kernel time,
bench/RESULTS.md 2026-12-01 22:49): 112x112 stride 2 in 20.7-21.1 us (16.5-16.8 on a clean L2),
56x56 stride 1 in 13.3, where b2b_conv_sm90 took 25.9-27.2 and 21.7-24.6; 56x56x64 stride 1 in
20.1 against b2b_conv_sm90's 21.0.

Legality (`window_refusal`, asked after b2b_conv_direct and before b2b_conv_sm90): NHWC, one
group; the first convolution 3x3, padding 1 on every side, stride 1 or 2 (both ways), dilation
1; C a multiple of 16 up to MAX_C (a pixel one swizzle row; MAX_C_STRIDE_2 at stride 2), F0 a
multiple of 16 and F1 of 8, each up to MAX_F (one WGMMA N; the accumulators of both stages in
registers); the second 1x1, stride 1, unpadded; epilogues of a bias and an activation (no residual); one element type, f16 or bf16,
for the input, the filters, the intermediate and the output; Q's tile within one m64
(`tile_columns`), the window ring within shared memory (at least MIN_STAGES buffers).

Entry point: n, h, w, c (the input, NHWC, contiguous), p, q (the output), f0, f1, ldd (elements
between output pixels), then input, filter0, bias0, filter1, bias1, output, workspace,
workspace_size, stream (no workspace). The TU is specialised to C, F0, F1, the stride, the tile
(TQ output columns, R rows), the ring's depth, the element types and the epilogues, which
`can_implement` checks with the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from boltc.analysis.b2b_sm80 import StageEpilogue
from boltc.analysis.concat_placement import row_pitch
from boltc.dialects import bolt
from boltc.lowering.cutlass.b2b_conv_sm80 import conv_pair_blocker, conv_pair_params, pointwise_second_blocker
from boltc.lowering.cutlass.b2b_sm80 import RESULT, B2bLowering, activation_functor, b2b_operand, bias_operand, planned_pair
from boltc.lowering.cutlass.b2b_sm90 import activation_of, bias_element, one_element_type, stage_epilogues
from boltc.lowering.cutlass.conv_sm90 import ConvProblem, conv_problem
from boltc.lowering.cutlass.cpp import (
    EXPORT_MACRO,
    PERSISTENT_GRID_HEADER,
    TENSOR_MAP_HEADER,
    Element,
    InvalidKernelConfig,
    SelfChecking,
    UnsupportedEpilogue,
    lower_at,
    with_extended_gmma,
    with_headers,
)
from boltc.lowering.cutlass.gemm_sm90 import SM90_SMEM_CAPACITY
from boltc.lowering.cutlass.kernel_abi import CParam, CutlassKernel, EntryPoint, ParamRole

FAMILY = "b2b_conv_window"
ARCH = "sm_90a"
HEADER = "boltc/b2b_conv_window.hpp"  # boltc/lowering/cutlass/include
CONSUMERS = 2  # the header's kConsumers: warpgroups, on alternate bands (pingpong) or both on each
# C up to 64 (a 128-byte pixel, as 48 padded). 64 was slower than b2b_conv_sm90 while each CTA
# read its filters in 32-byte rows (56x56x64 /1 28.0 us against 21.1, 12-01 06:51 entry).
MAX_C = 64
# Past 48 channels only at stride 1: at stride 2 (two window buffers beside W0's 74 KB at C = 64)
# b2b_conv_sm90 is faster, 112x112x64 23.5 against 26.3 us, where at stride 1 the window is
# (56x56x64 20.1 against 21.0; H200, bench/RESULTS.md 2026-12-01 22:49).
MAX_C_STRIDE_2 = 48
MAX_F = 64  # F0 and F1: one WGMMA N each, both stages' accumulators in a consumer's registers
MIN_STAGES = 2  # window buffers: one being read while the next loads
MAX_STAGES = 8
FILTER_BLOCK_K = 64  # the filters' TMA boxes: four k-steps, a 128-byte swizzle row (Config::kFilterKSteps)
MAX_BANDS = 2**30  # the TU's check: band indices are ints, advanced by the grid past the last

# The entry point's sizes, in order (every one an int).
GEOMETRY = ("n", "h", "w", "c", "p", "q", "f0", "f1", "ldd")


def tile_columns(q: int) -> int:
    """TQ: the output columns of a band, a multiple of 8 up to 64 (one m64 row). A band costs
    its m64 whatever TQ is, so the fewest bands a row (ceil(Q / 64)), each as narrow as they
    allow (a smaller window). Narrower bands for a deeper ring do not pay: at 112x112x48 /2,
    bands of 32 columns (four 42 KB buffers where 56-column ones fit two) take 25.6 against
    21.2 us, their loads alone 20.8 against 19.9 (H200, bench/RESULTS.md 2026-12-02 17:40)."""
    tiles = -(-q // 64)
    columns = -(-q // tiles)
    return -(-columns // 8) * 8


def pingpong(stride: int) -> bool:
    """Whether the two consumer warpgroups take alternate bands and turns at the first GEMM (one's
    second GEMM and stores under the other's first GEMM): at stride 1, bound by its MMAs
    (56x56x48: 17.3 -> 15.0 us, H200, 2026-12-01); not at stride 2, bound by its loads, whose two
    window buffers would be one a consumer (112x112x48: 21.7 -> 22.3 us), where both consumers
    work on every band."""
    return stride == 1


def rows_per_consumer(stride: int) -> int:
    """RC: a consumer's output rows of a band: a band is R = 2 rows at either stride, both one
    consumer's at stride 1 (pingpong), one each of the two consumers' at stride 2. The window is
    S (R - 1) + 3 rows: 1.25 times the input at stride 2, twice at stride 1 (the second read from
    L2; the stride-1 chains are bound by their MMAs, not their loads)."""
    return 2 if pingpong(stride) else 1


def band_rows(stride: int) -> int:
    """R: the output rows of a band (one consumer's with pingpong, else both consumers')."""
    return rows_per_consumer(stride) * (1 if pingpong(stride) else CONSUMERS)


@dataclass(frozen=True)
class B2bConvWindowConfig(SelfChecking):
    """Everything one TU fixes at compile time (the header's `Config`)."""

    element: Element  # the input's, the filters', the intermediate's, the output's
    bias0: Element | None
    bias1: Element | None
    act0: str
    act1: str
    c: int
    f0: int
    f1: int
    stride: int
    tile_q: int  # TQ: output columns a band
    rows_per_consumer: int  # RC
    stages: int  # window buffers (with pingpong a multiple of CONSUMERS: a buffer's bands all one consumer's)

    @property
    def pingpong(self) -> bool:
        """The consumers on alternate bands (`pingpong`), or both on every band."""
        return pingpong(self.stride)

    @property
    def rows(self) -> int:
        """R: output rows a band."""
        return band_rows(self.stride)

    @property
    def window(self) -> tuple[int, int]:
        """The window's rows and columns (input pixels)."""
        return self.stride * (self.rows - 1) + 3, self.stride * (self.tile_q - 1) + 3

    @property
    def pixel_bytes(self) -> int:
        """Config::kPixelBytes: a window pixel's bytes in shared memory, the row of its swizzle
        (32, 64 or 128: 48 channels padded to 64 by TMA's zeros)."""
        return 32 if self.c <= 16 else 64 if self.c <= 32 else 128

    def plane_bytes(self) -> int:
        """One column parity's pixels, in whole swizzle patterns (8 rows)."""
        rows, columns = self.window
        pattern = 8 * self.pixel_bytes
        return -(-rows * -(-columns // self.stride) * self.pixel_bytes // pattern) * pattern

    def stage_bytes(self) -> int:
        return self.stride * self.plane_bytes()

    def smem_bytes(self) -> int:
        """Config::kSmemBytes: the window ring (to 1024 bytes), W0 and W1 in SW128 blocks of
        four k-steps (64 k a 128-byte row), the barriers."""
        blocks0, blocks1 = -(-9 * self.c // FILTER_BLOCK_K), -(-self.f0 // FILTER_BLOCK_K)
        ring = -(-self.stages * self.stage_bytes() // 1024) * 1024
        return ring + (blocks0 * self.f0 + blocks1 * self.f1) * 128 + (2 * self.stages + 1) * 8

    def summary(self) -> str:
        rows, columns = self.window
        return (f"{FAMILY} {self.element.short} 3x3/{self.stride} C={self.c} F0={self.f0} {self.act0}, 1x1 "
                f"F1={self.f1} {self.act1}, bands of {self.rows}x{self.tile_q} output pixels ({rows}x{columns} "
                f"input window, {self.pixel_bytes} B a pixel, {self.stages} buffers), "
                f"{'consumers on alternate bands' if self.pingpong else 'both consumers on every band'}, "
                f"{self.smem_bytes()} B shared memory")

    def blocker(self) -> str | None:
        if self.element not in (Element.F16, Element.BF16):
            return f"{self.element.short} operands; the kernel's WGMMAs take f16 or bf16"
        if self.stride not in (1, 2):
            return f"stride {self.stride}; the window has one or two column planes (stride 1 or 2)"
        if self.c % 16 or not 16 <= self.c <= MAX_C:
            return f"C={self.c} is not a multiple of 16 up to {MAX_C} (a window pixel's channels in one swizzle row)"
        if self.stride == 2 and self.c > MAX_C_STRIDE_2:
            return (f"C={self.c} at stride 2, over {MAX_C_STRIDE_2} (two window buffers beside the filters: "
                    "b2b_conv_sm90 is faster there)")
        if self.f0 % 16 or not 16 <= self.f0 <= MAX_F:
            return (f"F0={self.f0} is not a multiple of 16 up to {MAX_F} (the second GEMM's k-steps; one WGMMA "
                    "N, its accumulators in registers)")
        if self.f1 % 8 or not 8 <= self.f1 <= MAX_F:
            return f"F1={self.f1} is not a multiple of 8 up to {MAX_F} (one WGMMA N, its accumulators in registers)"
        if self.tile_q % 8 or not 8 <= self.tile_q <= 64:
            return f"a band of {self.tile_q} output columns; one m64 holds a multiple of 8 up to 64"
        if self.rows_per_consumer not in (1, 2):
            return f"{self.rows_per_consumer} rows a consumer; the kernel's are one or two"
        if not MIN_STAGES <= self.stages <= MAX_STAGES or (self.pingpong and self.stages % CONSUMERS):
            return (f"{self.stages} window buffers; the kernel's ring has {MIN_STAGES} to {MAX_STAGES}"
                    + (f", a multiple of its {CONSUMERS} consumers taking alternate bands" if self.pingpong else ""))
        box_columns = self.stride * (-(-self.window[1] // self.stride) - 1) + 1  # Config::kBoxColumns
        if box_columns > 256 or self.window[0] > 256:
            return f"a window box of {box_columns} columns and {self.window[0]} rows; TMA's are at most 256"
        if self.smem_bytes() > SM90_SMEM_CAPACITY:
            return f"a CTA needs {self.smem_bytes()} bytes of shared memory, over sm_90a's {SM90_SMEM_CAPACITY}"
        return None

    def functor(self, act: str) -> str:
        return f"{activation_functor(act, self.element).cpp}<float>"

    def functor_headers(self) -> tuple[str, ...]:
        functors = (activation_functor(act, self.element) for act in (self.act0, self.act1))
        return tuple(dict.fromkeys(f.header for f in functors if f.header))

    def template_arguments(self) -> tuple[str, ...]:
        """boltc::b2b_conv_window::Config's template arguments, in order."""
        return (self.element.cpp, (self.bias0 or self.element).cpp, (self.bias1 or self.element).cpp, str(self.c),
                str(self.f0), str(self.f1), str(self.stride), str(self.tile_q), str(self.rows_per_consumer),
                str(self.stages), "true" if self.pingpong else "false", self.functor(self.act0), self.functor(self.act1),
                "true" if self.bias0 is not None else "false", "true" if self.bias1 is not None else "false")

    @classmethod
    def with_most_stages(cls, **fields) -> B2bConvWindowConfig | str:
        """The configuration with the most window buffers (up to MAX_STAGES) shared memory holds,
        or why none fits."""
        config = None
        step = CONSUMERS if pingpong(fields["stride"]) else 1
        for stages in range(MAX_STAGES, MIN_STAGES - 1, -step):
            try:
                config = cls(**fields, stages=stages)
            except InvalidKernelConfig as error:
                if "shared memory" in error.message and stages > MIN_STAGES:
                    continue
                return error.message.split(": ", 1)[-1] if ": " in error.message else error.message
            return config
        return "no window ring fits shared memory"


def _params() -> tuple[CParam, ...]:
    params = list(conv_pair_params(GEOMETRY))
    return tuple(CParam(p.name, p.ctype, ParamRole.LDD) if p.name == "ldd" else p for p in params)


@dataclass(frozen=True)
class B2bConvWindowPlan:
    """A legal pair: the first convolution's problem, the configuration, both stages' epilogues."""

    problem: ConvProblem
    config: B2bConvWindowConfig
    stage0: StageEpilogue
    stage1: StageEpilogue


def window_refusal(first: bolt.AnchorOp, second: bolt.AnchorOp) -> B2bConvWindowPlan | str:
    """The plan where this kernel computes the convolution `first` feeding the 1x1 convolution
    `second` exactly; else why not."""
    blocker = conv_pair_blocker(first, second)
    if blocker:
        return blocker
    blocker = pointwise_second_blocker(second)
    if blocker:
        return blocker
    d1 = second.dims()
    problem = conv_problem(first)
    if (problem.r, problem.s) != (3, 3) or problem.padding != (1, 1, 1, 1) or problem.dilations != (1, 1):
        return (f"the first convolution is {problem.r}x{problem.s}, padding {problem.padding}, dilation "
                f"{problem.dilations}; the kernel's window is a 3x3's with padding 1, dilation 1")
    if problem.strides[0] != problem.strides[1] or problem.strides[0] not in (1, 2):
        return f"the first convolution's strides are {problem.strides}; the kernel's window takes 1x1 or 2x2"
    stages = stage_epilogues(first, second, "convolution")
    if isinstance(stages, str):
        return stages
    if any(stage.residual is not None for stage in stages):
        return "a stage adds a residual; the kernel's epilogues are a bias and an activation"
    named = {"the input": first.input, "the first filter": first.filter, "the first product": first.result,
             "the second filter": second.filter, "the output": second.result}
    element = one_element_type(named, "the input, both filters, the first product and the output")
    if isinstance(element, str):
        return element
    rows = band_rows(problem.strides[0])
    bands = problem.n * -(-problem.p // rows) * -(-problem.q // tile_columns(problem.q))
    if bands >= MAX_BANDS:
        return f"{bands} bands of output pixels; the kernel counts them in ints, below {MAX_BANDS}"
    config = B2bConvWindowConfig.with_most_stages(
        element=element, bias0=bias_element(stages[0]), bias1=bias_element(stages[1]), act0=activation_of(stages[0]),
        act1=activation_of(stages[1]), c=problem.c, f0=problem.f, f1=d1["F"], stride=problem.strides[0],
        tile_q=tile_columns(problem.q), rows_per_consumer=rows_per_consumer(problem.strides[0]))
    if isinstance(config, str):
        return config
    return B2bConvWindowPlan(problem, config, stages[0], stages[1])


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
__global__ void __launch_bounds__(boltc::b2b_conv_window::kThreads, 1)
    b2b_conv_window_kernel(__grid_constant__ CUtensorMap const window_map, __grid_constant__ CUtensorMap const filter0_map,
                           __grid_constant__ CUtensorMap const filter1_map, boltc::b2b_conv_window::Geometry const g,
                           Config::ElementBias0 const* __restrict__ bias0, Config::ElementBias1 const* __restrict__ bias1,
                           Element* __restrict__ output) {
  // (The tensor maps first, 128 bytes each: TMA takes them at addresses of 64-byte alignment,
  // which the parameters' start has and a later parameter's offset need not.)
  extern __shared__ __align__(1024) unsigned char smem[];
  boltc::b2b_conv_window::run<Config>(&window_map, &filter0_map, &filter1_map, g, bias0, bias1, output, smem);
}

CUtensorMapDataType tensor_map_type() {
  return std::is_same_v<Element, cutlass::half_t> ? CU_TENSOR_MAP_DATA_TYPE_FLOAT16 : CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
}

// A filter as TMA sees it: a K-major matrix [rows][k] (KRSC); a box a block of four k-steps of
// B: 64 k (past k: zeros) x every row, 128-byte swizzle. False where the driver refuses it.
bool encode_filter_map(CUtensorMap* map, void const* filter, int k, int rows) {
  boltc::tensor_map::EncodeTiled const encode = boltc::tensor_map::encode_tiled();
  if (!encode) {
    return false;
  }
  cuuint64_t const size[2] = {cuuint64_t(k), cuuint64_t(rows)};
  cuuint64_t const stride[1] = {cuuint64_t(k) * 2};
  cuuint32_t const box[2] = {64, cuuint32_t(rows)};
  cuuint32_t const step[2] = {1, 1};
  return encode(map, tensor_map_type(), 2, const_cast<void*>(filter), size, stride, box, step,
                CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) == CUDA_SUCCESS;
}

// The input as TMA sees it: [n][h][w][c] 16-bit elements; a box a window plane: kBoxChannels
// channels (past c: zeros), kBoxColumns columns taking every S-th, the window's rows, one image;
// the swizzle of the plane's kPixelBytes rows; zeros outside the image. False where the driver
// refuses it.
bool encode_window_map(CUtensorMap* map, void const* input, int n, int h, int w, int c) {
  boltc::tensor_map::EncodeTiled const encode = boltc::tensor_map::encode_tiled();
  if (!encode) {
    return false;
  }
  cuuint64_t const size[4] = {cuuint64_t(c), cuuint64_t(w), cuuint64_t(h), cuuint64_t(n)};
  cuuint64_t const stride[3] = {cuuint64_t(c) * 2, cuuint64_t(w) * c * 2, cuuint64_t(h) * w * c * 2};
  cuuint32_t const box[4] = {Config::kBoxChannels, Config::kBoxColumns, Config::WH, 1};
  cuuint32_t const step[4] = {1, Config::S, 1, 1};
  return encode(map, tensor_map_type(), 4, const_cast<void*>(input), size, stride, box, step, CU_TENSOR_MAP_INTERLEAVE_NONE,
                Config::kPixelBytes == 32   ? CU_TENSOR_MAP_SWIZZLE_32B
                : Config::kPixelBytes == 64 ? CU_TENSOR_MAP_SWIZZLE_64B
                                            : CU_TENSOR_MAP_SWIZZLE_128B,
                CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) == CUDA_SUCCESS;
}

// Why this TU cannot run the problem (a cutlass::Status), or kSuccess with the kernel's geometry.
cutlass::Status check(@PROBLEM@, boltc::b2b_conv_window::Geometry* g) {
  if (n <= 0 || h <= 0 || w <= 0 || p <= 0 || q <= 0) {
    return cutlass::Status::kErrorInvalidProblem;
  }
  // The TU's compile-time shape, and a 3x3 convolution's output with padding 1 at the TU's stride.
  if (c != Config::C || f0 != Config::F0 || f1 != Config::F1 || p != (h - 1) / Config::S + 1 ||
      q != (w - 1) / Config::S + 1) {
    return cutlass::Status::kErrorInvalidProblem;
  }
  // The output pixels' rows: at least F1 apart, whole channel pairs.
  if (ldd < f1 || ldd % 2) {
    return cutlass::Status::kErrorInvalidProblem;
  }
  int64_t const bands_h = (p + Config::R - 1) / Config::R, tiles_w = (q + Config::TQ - 1) / Config::TQ;
  // Band indices are ints, advanced by the grid (at most a few hundred CTAs) past the last.
  if (int64_t(n) * bands_h * tiles_w >= (int64_t(1) << 30)) {
    return cutlass::Status::kErrorInvalidProblem;
  }
  *g = boltc::b2b_conv_window::Geometry{n, h, w, p, q, int(bands_h), int(tiles_w), int(n * bands_h * tiles_w), ldd};
  return cutlass::Status::kSuccess;
}

bool aligned(void const* pointer, uintptr_t bytes) {
  return reinterpret_cast<uintptr_t>(pointer) % bytes == 0;
}

}  // namespace

// output = act1(conv1x1(act0(conv3x3(input, filter0) + bias0), filter1) + bias1); returns a cutlass::Status.
BOLTC_EXPORT @LAUNCH@ {
  boltc::b2b_conv_window::Geometry g;
  cutlass::Status const status = check(@FORWARD@, &g);
  if (status != cutlass::Status::kSuccess) {
    return static_cast<int>(status);
  }
  // TMA's image and filters, the output's channel pairs.
  if (!input || !filter0 || !filter1 || !output || !aligned(input, 16) || !aligned(filter0, 16) ||
      !aligned(filter1, 16) || !aligned(output, 4) || (Config::HasBias0 && !bias0) || (Config::HasBias1 && !bias1)) {
    return static_cast<int>(cutlass::Status::kErrorMisalignedOperand);
  }
  // Persistent: as many CTAs as fit at once in clusters of kCluster (boltc/persistent_grid.hpp:
  // the cluster occupancy query, per device), at most one a band rounded up to whole clusters
  // (a CTA without a band still loads its share of the filters), so that each CTA stages the
  // filters once.
  constexpr int cluster = boltc::b2b_conv_window::kCluster;
  static int slots[boltc::persistent_grid::kMaxDevices] = {};
  int const fit = boltc::persistent_grid::cluster_slots(b2b_conv_window_kernel, boltc::b2b_conv_window::kThreads,
                                                        Config::kSmemBytes, cluster, slots);
  if (fit == 0) {
    return static_cast<int>(cutlass::Status::kErrorInternal);
  }
  CUtensorMap window_map = {}, filter0_map = {}, filter1_map = {};
  if (!encode_window_map(&window_map, input, n, h, w, c) || !encode_filter_map(&filter0_map, filter0, 9 * c, f0) ||
      !encode_filter_map(&filter1_map, filter1, f0, f1)) {
    return static_cast<int>(cutlass::Status::kErrorInternal);
  }
  int const bands = (g.bands + cluster - 1) / cluster * cluster;
  boltc::persistent_grid::ClusterLaunch const launch(bands < fit ? bands : fit, cluster, boltc::b2b_conv_window::kThreads,
                                                     Config::kSmemBytes, stream);
  cudaError_t const launched = cudaLaunchKernelEx(
      &launch.config, b2b_conv_window_kernel, window_map, filter0_map, filter1_map, g,
      static_cast<Config::ElementBias0 const*>(bias0), static_cast<Config::ElementBias1 const*>(bias1),
      static_cast<Element*>(output));
  return static_cast<int>(launched == cudaSuccess && cudaGetLastError() == cudaSuccess
                              ? cutlass::Status::kSuccess : cutlass::Status::kErrorInternal);
}

BOLTC_EXPORT @WORKSPACE@ {
  return 0;
}

// kSuccess where the TU takes the problem and the GPU gives a CTA its shared memory.
BOLTC_EXPORT @CAN@ {
  boltc::b2b_conv_window::Geometry g;
  return static_cast<int>(boltc::persistent_grid::can_run(check(@FORWARD@, &g), Config::kSmemBytes));
}
"""


@dataclass(frozen=True)
class B2bConvWindowKernel(CutlassKernel):
    """One b2b_conv_window translation unit."""

    FAMILY: ClassVar[str] = FAMILY

    config: B2bConvWindowConfig

    def _entry_params(self) -> tuple[CParam, ...]:
        return _params()

    def _render(self, name: str) -> str:
        entry = EntryPoint(name, _params())
        c = self.config
        launch, workspace, can = entry.prototypes()
        problem = ", ".join(p.declaration() for p in entry.problem_params if p.name in GEOMETRY)
        forward = ", ".join(p.name for p in entry.problem_params if p.name in GEOMETRY)
        header = (
            f"// Generated by boltc ({FAMILY}): {c.summary()}.\n"
            "// Exported entry points (boltc/lowering/cutlass/b2b_conv_window.py documents them):\n"
            + "".join(f"//   {p};\n" for p in entry.prototypes())
        )
        includes = with_headers(_INCLUDES, (HEADER, PERSISTENT_GRID_HEADER, TENSOR_MAP_HEADER, *c.functor_headers()))
        includes = with_extended_gmma(includes, c.f0, c.f1)
        constants = "\n".join([
            f"using Element = {c.element.cpp};  // the input (NHWC), the filters (KRSC), the intermediate, the output",
            f"using Config = boltc::b2b_conv_window::Config<{', '.join(c.template_arguments())}>;",
            "// What boltc's space and blocker counted (B2bConvWindowConfig.smem_bytes) is what the kernel takes.",
            f"static_assert(Config::kSmemBytes == {c.smem_bytes()}, \"B2bConvWindowConfig.smem_bytes\");",
            "",
        ])
        body = (_KERNEL.replace("@PROBLEM@", problem).replace("@FORWARD@", forward)
                .replace("@LAUNCH@", launch).replace("@WORKSPACE@", workspace).replace("@CAN@", can))
        return f"{header}\n{includes}\nnamespace {{\n\n{constants}\n{body}"


def lower_b2b_conv_window(op: bolt.B2bOp, *, arch: str = ARCH) -> B2bLowering:
    return lower_at(op, _lower, arch, (InvalidKernelConfig, UnsupportedEpilogue))


def _lower(op: bolt.B2bOp, arch: str) -> B2bLowering:
    first, second, plan = planned_pair(op, arch, (ARCH,), FAMILY, " yet: its band follows from Q and the stride",
                                       window_refusal)
    assert isinstance(first, bolt.Conv2dOp) and isinstance(second, bolt.Conv2dOp)
    p = plan.problem
    ldd = row_pitch(op.result) or plan.config.f1
    values = (
        p.n, p.h, p.w, p.c, p.p, p.q, plan.config.f0, plan.config.f1, ldd,
        b2b_operand(first.input), b2b_operand(first.filter), bias_operand(plan.stage0.bias),
        b2b_operand(second.filter), bias_operand(plan.stage1.bias), RESULT,
        ParamRole.WORKSPACE, ParamRole.WORKSPACE_SIZE, ParamRole.STREAM,
    )
    return B2bLowering(B2bConvWindowKernel(plan.config), values,
                       f"{FAMILY}: each band's input window staged once by TMA and read by WGMMA descriptors, "
                       "the first product in registers")


__all__ = ["FAMILY", "B2bConvWindowConfig", "B2bConvWindowKernel", "B2bConvWindowPlan", "lower_b2b_conv_window",
           "band_rows", "pingpong", "rows_per_consumer", "tile_columns", "window_refusal"]
