"""bolt.conv_pool (a convolution, its epilogue and the max pool of its result) -> one kernel:
`boltc/lowering/cutlass/include/boltc/conv_pool.hpp` (sm_80 and sm_90a alike).

    Y = maxpool(epilogue(conv(X, W)))     X: N x H x W x C (NHWC), W: F x R x S x C (KRSC)

For image stems (ResNet's 7x7/2 convolution, bias, ReLU, 3x3/2 max pool, after space-to-depth a
4x2 convolution on 24 channels): K = R*S*C is small, and the convolution's output is the
network's largest tensor, written once and read back once by the pool. Here a CTA owns a tile
of pooled pixels, stages the input window they need in shared memory, computes the convolution
outputs under them with mma.sync (m16n8k16), applies the epilogue, keeps them in shared memory
and writes only the pooled tile (the header's comments say how). Measured alone on the H200
(bench/conv_pool.py, bench/RESULTS.md 2026-11-30): ResNet-50's folded stem at batch 32 in
49.9 us against 56.9 + 26.1 for conv_sm80 and the pool apart.

Legality (`conv_pool_refusal`, which fuse-conv-pool asks before it forms the op, and which the
lowering asks again for a hand-written one): an NHWC, groups = 1, dilation-1 convolution and an
NHWC max pool; f16 or bf16 activations, filter and result; F a multiple of 16 (pairs of 8-wide
MMA tiles) up to MAX_F = 96 (a warp's accumulators: 2 m-tiles x F/8 x 4 floats in registers;
F = 128 spills); K up
to MAX_K (the whole filter is staged once per CTA and read from shared memory by every MMA: the
stem-sized layers it was measured on); an epilogue evt.build_epilogue renders (evaluated per
element as conv_direct's scalar epilogue, row broadcasts read through __ldg); the CTA's shared
memory within the target's. The input
window comes by cp.async where C is a multiple of 8 (16-byte copies), else through registers
(at most MAX_WINDOW_PER_THREAD elements a thread).

The tile: TILE pooled pixels (7 x 8, the header's measured default), cut to the pooled output
where it is smaller. Entry point: the convolution's sizes (conv_sm90.ConvDim), the pool's
(`PoolDim`), input, filter, output, `ldd` (elements between pooled pixels: F, or a
concatenation's row where plan-memory placed the result in its columns,
analysis/concat_placement.py), the epilogue's leaves and scalars, workspace, stream; no
workspace; the TU is specialised to C, R, S, the strides, F, the pool window and strides, the
tile and the element types, which `can_implement` checks with the rest of the geometry.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from xdsl.ir import SSAValue

from boltc.analysis.concat_placement import row_pitch
from boltc.dialects import bolt
from boltc.lowering.cutlass.b2b_sm80 import RESULT, B2bLowering, b2b_operand
from boltc.lowering.cutlass.conv_direct import leaf_initializers, render_scalar_epilogue
from boltc.lowering.cutlass.conv_sm90 import (
    ConvDim,
    ConvProblem,
    conv_argument_values,
    conv_entry_params,
    conv_problem,
)
from boltc.lowering.cutlass.cpp import (
    EXPORT_MACRO,
    PERSISTENT_GRID_HEADER,
    Element,
    InvalidKernelConfig,
    SelfChecking,
    UnsupportedEpilogue,
    lower_at,
)
from boltc.lowering.cutlass.evt import EpilogueBinding, EpilogueTree, Role, build_epilogue
from boltc.lowering.cutlass.gemm_sm80 import SM80_SMEM_CAPACITY
from boltc.lowering.cutlass.gemm_sm90 import SM90_SMEM_CAPACITY
from boltc.lowering.cutlass.kernel_abi import (
    CParam,
    CutlassKernel,
    EntryPoint,
    Operand,
    OperandKind,
    ParamRole,
    bind_arguments,
    tu_preamble,
)

FAMILY = "conv_pool"
ARCHS = ("sm_90a", "sm_80")
HEADER = "boltc/conv_pool.hpp"  # boltc/lowering/cutlass/include (build.cutlass_include_dirs)
THREADS = 256  # the header's kThreads
CTAS_PER_SM = 2  # __launch_bounds__(kThreads, 2): at most 128 registers a thread
TILE = (7, 8)  # pooled pixels a CTA: 7 x 8 (the folded ResNet stem: 49.9 us; bench/conv_pool.py)
# 2 m-tiles x F/8 n-tiles x 4 fp32 accumulators a thread, within 128 registers beside the
# fragments and addresses: F = 96 compiles without spills, F = 128 spills 1.6 KB a thread.
MAX_F = 96
MAX_K = 512  # R*S*C: the filter staged whole, every MMA's B read from shared memory
MAX_WINDOW_PER_THREAD = 32  # the register window path: elements of the input window a thread holds
# The dynamic shared memory one CTA may opt into (cudaDevAttrMaxSharedMemoryPerBlockOptin).
SMEM_LIMIT = {"sm_90a": SM90_SMEM_CAPACITY, "sm_80": SM80_SMEM_CAPACITY}
ELEMENTS = (Element.F16, Element.BF16)


class PoolDim(Enum):
    """The pool's sizes, each an `int` parameter of the entry point after the convolution's."""

    POOL_H = "pool_h"
    POOL_W = "pool_w"
    POOL_STRIDE_H = "pool_stride_h"
    POOL_STRIDE_W = "pool_stride_w"
    POOL_PAD_TOP = "pool_pad_top"
    POOL_PAD_LEFT = "pool_pad_left"
    POOL_PAD_BOTTOM = "pool_pad_bottom"
    POOL_PAD_RIGHT = "pool_pad_right"
    PP = "pp"
    PQ = "pq"


@dataclass(frozen=True)
class PoolProblem:
    """The max pool's window, strides, padding (top, left, bottom, right) and pooled size."""

    window: tuple[int, int]
    strides: tuple[int, int]
    padding: tuple[int, int, int, int]
    pp: int
    pq: int


def pool_problem(op: bolt.Pool2dOp) -> PoolProblem:
    window, strides, padding = bolt.int_list(op.window), bolt.int_list(op.strides), bolt.int_list(op.padding)
    _, pp, pq, _ = bolt.shape_of(op.result)
    return PoolProblem((window[0], window[1]), (strides[0], strides[1]), tuple(padding), pp, pq)  # type: ignore[arg-type]


@dataclass(frozen=True)
class ConvPoolConfig(SelfChecking):
    """Everything one conv_pool TU fixes at compile time (the header's `Config`)."""

    element: Element  # the activation's and filter's
    element_d: Element  # the convolution's result (and the pool's)
    c: int
    r: int
    s: int
    strides: tuple[int, int]
    f: int
    pool_window: tuple[int, int]
    pool_strides: tuple[int, int]
    tile: tuple[int, int]
    input_vector: int  # 8: the window by cp.async (C % 8 == 0); 1: through registers

    # The header's derived sizes (Config's constants), for the shared-memory budget.
    @property
    def conv_tile(self) -> tuple[int, int]:
        return ((self.tile[0] - 1) * self.pool_strides[0] + self.pool_window[0],
                (self.tile[1] - 1) * self.pool_strides[1] + self.pool_window[1])

    @property
    def input_window(self) -> tuple[int, int]:
        conv_h, conv_w = self.conv_tile
        return (conv_h - 1) * self.strides[0] + self.r, (conv_w - 1) * self.strides[1] + self.s

    @property
    def k(self) -> int:
        return self.r * self.s * self.c

    def smem_bytes(self) -> int:
        """Config::kSmemBytes: the filter (rows padded), the k-offset table, the input window
        (two with cp.async), the convolution tile."""
        k_steps = -(-self.k // 16)
        in_h, in_w = self.input_window
        conv_h, conv_w = self.conv_tile
        filter_bytes = self.f * (k_steps * 16 + 8) * 2
        offsets = k_steps * 4 * 16
        window = -(-in_h * in_w * self.c // 8) * 8 * 2 * (2 if self.input_vector > 1 else 1)
        conv = conv_h * conv_w * (self.f + 8) * 2
        return filter_bytes + offsets + window + conv

    def window_per_thread(self) -> int:
        in_h, in_w = self.input_window
        return -(-in_h * in_w * self.c // THREADS)

    def summary(self) -> str:
        return (f"{FAMILY} {self.element.short}->{self.element_d.short} {self.r}x{self.s}/{self.strides[0]}x"
                f"{self.strides[1]} C={self.c} F={self.f}, max pool {self.pool_window[0]}x{self.pool_window[1]}/"
                f"{self.pool_strides[0]}x{self.pool_strides[1]}, tile {self.tile[0]}x{self.tile[1]} pooled pixels, "
                f"window by {'cp.async' if self.input_vector > 1 else 'registers'}, "
                f"{self.smem_bytes()} B shared memory")

    def blocker(self) -> str | None:
        if self.element not in ELEMENTS or self.element_d not in ELEMENTS:
            return (f"{self.element.short} inputs, {self.element_d.short} result: the kernel's MMAs and 16-byte pool "
                    "stores take f16 or bf16")
        if self.f % 16:
            return f"F={self.f} is not a multiple of 16 (the kernel computes pairs of 8-wide MMA tiles)"
        if self.f > MAX_F:
            return (f"F={self.f} is over {MAX_F}: a warp's accumulators (2 x F/8 MMA tiles) would spill "
                    "past the 128 registers two CTAs an SM leave a thread")
        if self.k > MAX_K:
            return (f"K = R*S*C = {self.k} is over {MAX_K}: the kernel stages the whole filter per CTA and "
                    "reads every MMA's B from shared memory (it is built for stems)")
        if self.c % self.input_vector or self.input_vector not in (1, 8):
            return f"input loads of {self.input_vector} channels on C={self.c}"
        if self.input_vector == 1 and self.window_per_thread() > MAX_WINDOW_PER_THREAD:
            return (f"C={self.c} is not a multiple of 8, so the input window goes through registers: "
                    f"{self.window_per_thread()} elements a thread, over {MAX_WINDOW_PER_THREAD}")
        return None

    def smem_blocker(self, arch: str) -> str | None:
        limit = SMEM_LIMIT[arch]
        if self.smem_bytes() > limit:
            return f"a CTA needs {self.smem_bytes()} bytes of shared memory, over {arch}'s {limit}"
        return None

    def template_arguments(self) -> tuple[str, ...]:
        """boltc::conv_pool::Config's template arguments, in order."""
        return (self.element.cpp, self.element_d.cpp, *(str(v) for v in (
            self.c, self.r, self.s, *self.strides, self.f, *self.pool_window, *self.pool_strides, *self.tile,
            self.input_vector)))


def entry_params(tree: EpilogueTree) -> tuple[CParam, ...]:
    """The convolution entry point's (conv_sm90.conv_entry_params, with the output's pitch) with
    the pool's sizes after the convolution's."""
    conv = conv_entry_params(tree, output_pitch=True)
    sizes = len(ConvDim)
    pool = tuple(CParam(d.value, "int", d) for d in PoolDim)  # type: ignore[arg-type]
    return (*conv[:sizes], *pool, *conv[sizes:])


_INCLUDES = """\
#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "cutlass/cutlass.h"
#include "cutlass/functional.h"
#include "cutlass/numeric_conversion.h"
#include "cutlass/numeric_types.h"
#include "cutlass/epilogue/thread/activation.h"

""" + EXPORT_MACRO

_KERNEL = """\
// The epilogue as the header's run() calls it: epilogue(acc, m, f) at convolution output row m.
struct Epilogue {
  Leaves leaves;
  __device__ __forceinline__ ElementD operator()(float acc, int64_t m, int f) const {
    return epilogue(acc, m, f, leaves);
  }
};

__global__ void __launch_bounds__(boltc::conv_pool::kThreads, kCtasPerSm)
    conv_pool_kernel(boltc::conv_pool::Geometry const g, ElementA const* __restrict__ input,
                     ElementA const* __restrict__ filter, ElementD* __restrict__ output, Leaves const leaves) {
  extern __shared__ __align__(16) unsigned char smem[];
  boltc::conv_pool::run<Config>(g, input, filter, output, Epilogue{leaves}, smem);
}

int output_extent(int size, int pad_low, int pad_high, int window, int stride) {
  return (size + pad_low + pad_high - window) / stride + 1;
}

// Why this TU cannot run the problem (a cutlass::Status), or kSuccess with the kernel's geometry.
cutlass::Status check(@PROBLEM@, boltc::conv_pool::Geometry* g) {
  if (n <= 0 || h <= 0 || w <= 0 || pad_top < 0 || pad_left < 0 || pad_bottom < 0 || pad_right < 0 ||
      pool_pad_top < 0 || pool_pad_left < 0 || pool_pad_bottom < 0 || pool_pad_right < 0) {
    return cutlass::Status::kErrorInvalidProblem;
  }
  // The TU's compile-time shape.
  if (c != Config::C || f != Config::F || r != Config::R || s != Config::S || stride_h != Config::StrideH ||
      stride_w != Config::StrideW || dilation_h != 1 || dilation_w != 1 || pool_h != Config::PoolH ||
      pool_w != Config::PoolW || pool_stride_h != Config::PoolStrideH || pool_stride_w != Config::PoolStrideW) {
    return cutlass::Status::kErrorInvalidProblem;
  }
  if (p <= 0 || q <= 0 || p != output_extent(h, pad_top, pad_bottom, r, stride_h) ||
      q != output_extent(w, pad_left, pad_right, s, stride_w)) {
    return cutlass::Status::kErrorInvalidProblem;
  }
  // The pool's padding is -inf under every window (smaller than the window: no window is all padding).
  if (pool_pad_top >= pool_h || pool_pad_bottom >= pool_h || pool_pad_left >= pool_w || pool_pad_right >= pool_w ||
      pp <= 0 || pq <= 0 || pp != output_extent(p, pool_pad_top, pool_pad_bottom, pool_h, pool_stride_h) ||
      pq != output_extent(q, pool_pad_left, pool_pad_right, pool_w, pool_stride_w)) {
    return cutlass::Status::kErrorInvalidProblem;
  }
  // The pooled pixels' rows: at least F apart, whole 16-byte vectors (a concatenation's row).
  if (ldd < f || ldd % 8) {
    return cutlass::Status::kErrorInvalidProblem;
  }
  int64_t const tiles_h = (pp + Config::TileH - 1) / Config::TileH, tiles_w = (pq + Config::TileW - 1) / Config::TileW;
  // Tile indices are ints, advanced by the grid (at most a few thousand CTAs) past the last.
  if (int64_t(n) * tiles_h * tiles_w >= (int64_t(1) << 30) || int64_t(n) * p * q >= (int64_t(1) << 62) / f ||
      int64_t(n) * pp * pq >= (int64_t(1) << 62) / ldd) {
    return cutlass::Status::kErrorInvalidProblem;
  }
  *g = boltc::conv_pool::Geometry{n, h, w, p, q, pp, pq, pad_top, pad_left, pool_pad_top, pool_pad_left,
                                  int64_t(h) * w * c, int64_t(w) * c, c, 1, ldd, int(tiles_h), int(tiles_w)};
  return cutlass::Status::kSuccess;
}

bool aligned16(void const* pointer) {
  return reinterpret_cast<uintptr_t>(pointer) % 16 == 0;
}

}  // namespace

BOLTC_EXPORT @LAUNCH@ {
  boltc::conv_pool::Geometry g;
  cutlass::Status const status = check(@FORWARD@, &g);
  if (status != cutlass::Status::kSuccess) {
    return static_cast<int>(status);
  }
  // 16-byte accesses: the pooled stores, the filter's rows where K % 8 == 0, cp.async's window.
  if (!input || !filter || !output || !aligned16(output) || (Config::kK % 8 == 0 && !aligned16(filter)) ||
      (Config::InputVector > 1 && !aligned16(input))) {
    return static_cast<int>(cutlass::Status::kErrorMisalignedOperand);
  }
  Leaves leaves{};
@LEAVES@
  // Persistent: as many CTAs as fit at once (boltc/persistent_grid.hpp: the occupancy query, per
  // device), at most one a tile, so that each CTA stages the filter once.
  static int slots[boltc::persistent_grid::kMaxDevices] = {};
  int const fit = boltc::persistent_grid::slots(conv_pool_kernel, boltc::conv_pool::kThreads, Config::kSmemBytes,
                                                slots);
  if (fit == 0) {
    return static_cast<int>(cutlass::Status::kErrorInternal);
  }
  int64_t const tiles = int64_t(g.n) * g.tiles_h * g.tiles_w;
  int const grid = static_cast<int>(tiles < fit ? tiles : fit);
  conv_pool_kernel<<<grid, boltc::conv_pool::kThreads, Config::kSmemBytes, stream>>>(
      g, static_cast<ElementA const*>(input), static_cast<ElementA const*>(filter), static_cast<ElementD*>(output),
      leaves);
  return static_cast<int>(cudaGetLastError() == cudaSuccess ? cutlass::Status::kSuccess
                                                            : cutlass::Status::kErrorInternal);
}

BOLTC_EXPORT @WORKSPACE@ {
  return 0;
}

// kSuccess where the TU takes the problem and the GPU gives a CTA its shared memory.
BOLTC_EXPORT @CAN@ {
  boltc::conv_pool::Geometry g;
  return static_cast<int>(boltc::persistent_grid::can_run(check(@FORWARD@, &g), Config::kSmemBytes));
}
"""


@dataclass(frozen=True)
class ConvPoolKernel(CutlassKernel):
    """One conv_pool translation unit: the configuration and the convolution's epilogue."""

    FAMILY: ClassVar[str] = FAMILY

    config: ConvPoolConfig
    epilogue: EpilogueTree

    def _entry_params(self) -> tuple[CParam, ...]:
        return entry_params(self.epilogue)

    def _render(self, name: str) -> str:
        entry = EntryPoint(name, entry_params(self.epilogue))
        c = self.config
        launch, workspace, can = entry.prototypes()
        constants = "\n".join([
            f"using ElementA = {c.element.cpp};  // the activation (NHWC) and the filter (KRSC)",
            f"using ElementD = {c.element_d.cpp};  // the convolution's result and the pooled output (NHWC)",
            f"using Config = boltc::conv_pool::Config<{', '.join(c.template_arguments())}>;",
            f"constexpr int kCtasPerSm = {CTAS_PER_SM};",
            "",
        ])
        sizes = [p for p in entry.problem_params if isinstance(p.role, (ConvDim, PoolDim)) or p.role is ParamRole.LDD]
        body = (_KERNEL.replace("@PROBLEM@", ", ".join(p.declaration() for p in sizes))
                .replace("@FORWARD@", ", ".join(p.name for p in sizes))
                .replace("@LAUNCH@", launch).replace("@WORKSPACE@", workspace).replace("@CAN@", can)
                .replace("@LEAVES@", "\n".join(leaf_initializers(self.epilogue))))
        return (tu_preamble(FAMILY, c.summary(), "conv_pool.py", entry, self.epilogue, _INCLUDES,
                            headers=(HEADER, PERSISTENT_GRID_HEADER))
                + constants + "\n" + render_scalar_epilogue(self.epilogue, row_leaf=self._row_leaf) + "\n" + body)

    def _row_leaf(self, i: int) -> str:
        """Row broadcast i (a bias) at channel f through the read-only path (ld.global.nc): the
        compiler may then load it once for the four accumulator rows of a channel pair, where a
        plain load must be repeated after each store of the convolution tile (the stores could
        alias it): 45.1 against 48.1 us on the folded ResNet stem (H200, bench/RESULTS.md)."""
        native = {Element.F16: "__half", Element.BF16: "__nv_bfloat16", Element.F32: "float"}[
            self.epilogue.leaves[i].element]
        return f"float(__ldg(reinterpret_cast<{native} const*>(leaves.x{i}) + f))"


@dataclass(frozen=True)
class ConvPoolPlan:
    """A legal pair (conv_pool_refusal's answer): the kernel's configuration, the convolution's
    epilogue and its binding, and both problems."""

    config: ConvPoolConfig
    epilogue: EpilogueTree
    binding: EpilogueBinding
    conv: ConvProblem
    pool: PoolProblem


def conv_pool_refusal(conv: bolt.Conv2dOp, pool: bolt.Pool2dOp, arch: str) -> ConvPoolPlan | str:
    """The plan where the conv_pool kernel computes `pool` of `conv` exactly on `arch`; else why not."""
    if arch not in ARCHS:
        return f"{FAMILY} runs on {' and '.join(ARCHS)}, not {arch}"
    if conv.layout.data != bolt.Layout.NHWC or pool.layout.data != bolt.Layout.NHWC:
        return "the kernel reads NHWC activations and writes NHWC (the layout-nhwc pass converts them)"
    if pool.kind.data != bolt.PoolKind.MAX:
        return "an average pool; the kernel pools by max"
    if conv.groups.value.data != 1:
        return f"groups={conv.groups.value.data}; the kernel computes ungrouped convolutions"
    problem = conv_problem(conv)
    if problem.dilations != (1, 1):
        return f"dilations {list(problem.dilations)}; the kernel's window is dense"
    try:
        element = Element.from_mlir(conv.input.type.get_element_type())  # type: ignore[attr-defined]
        element_d = Element.from_mlir(conv.result.type.get_element_type())  # type: ignore[attr-defined]
        tree, binding = build_epilogue(conv, (Role.M, Role.M, Role.M, Role.N), element_d)
    except (InvalidKernelConfig, UnsupportedEpilogue) as error:
        return f"the convolution's epilogue: {error.message}"
    for bound in binding.leaves:
        if bound.batch_stride:
            return f"extra {bound.extra} has a batch stride; a convolution has no batch mode"
    pooled = pool_problem(pool)
    tile = (min(TILE[0], pooled.pp), min(TILE[1], pooled.pq))
    try:
        config = ConvPoolConfig(element, element_d, problem.c, problem.r, problem.s, problem.strides, problem.f,
                                pooled.window, pooled.strides, tile, 8 if problem.c % 8 == 0 else 1)
    except InvalidKernelConfig as error:
        return error.message.split(": ", 1)[-1] if ": " in error.message else error.message
    smem = config.smem_blocker(arch)
    if smem:
        return smem
    return ConvPoolPlan(config, tree, binding, problem, pooled)


def lower_conv_pool(op: bolt.ConvPoolOp, *, arch: str = "sm_90a") -> B2bLowering:
    """The conv_pool kernel for `op` and its call (arguments as B2bLowering's: ("input", i) is
    the op's operand i, RESULT its result)."""
    return lower_at(op, _lower_conv_pool, arch, (InvalidKernelConfig, UnsupportedEpilogue))


def _lower_conv_pool(op: bolt.ConvPoolOp, arch: str) -> B2bLowering:
    conv, pool = op.stages()
    plan = conv_pool_refusal(conv, pool, arch)
    if isinstance(plan, str):
        raise InvalidKernelConfig(f"no {FAMILY} kernel computes it: {plan}")
    kernel = ConvPoolKernel(plan.config, plan.epilogue)
    values = _argument_values(plan, row_pitch(op.result))
    arguments = bind_arguments(kernel.entry_point, values, plan.binding)

    def as_operand(argument: object) -> object:  # a conv operand or extra -> the op's operand
        if isinstance(argument, Operand):
            if argument.kind is OperandKind.RESULT:
                return RESULT
            value: SSAValue = (conv.input if argument.kind is OperandKind.LHS else
                               conv.filter if argument.kind is OperandKind.RHS else conv.extras[argument.index])
            return b2b_operand(value)
        return argument

    c = plan.config
    reason = (f"the {c.conv_tile[0]}x{c.conv_tile[1]} convolution outputs under a CTA's "
              f"{c.tile[0]}x{c.tile[1]} pooled pixels stay in shared memory")
    return B2bLowering(kernel, tuple(as_operand(a) for a in arguments), reason)


def _argument_values(plan: ConvPoolPlan, output_pitch: int | None) -> dict[object, object]:
    """The convolution's values (conv_sm90.conv_argument_values) and the pool's."""
    pool = plan.pool
    top, left, bottom, right = pool.padding
    return {
        **conv_argument_values(plan.conv, output_pitch),
        PoolDim.POOL_H: pool.window[0], PoolDim.POOL_W: pool.window[1],
        PoolDim.POOL_STRIDE_H: pool.strides[0], PoolDim.POOL_STRIDE_W: pool.strides[1],
        PoolDim.POOL_PAD_TOP: top, PoolDim.POOL_PAD_LEFT: left, PoolDim.POOL_PAD_BOTTOM: bottom,
        PoolDim.POOL_PAD_RIGHT: right, PoolDim.PP: pool.pp, PoolDim.PQ: pool.pq,
    }
