"""An anchor's epilogue region -> a CUTLASS Sm90 epilogue visitor tree (EVT).

The epilogue block of a bolt anchor receives the fp32 accumulator and the anchor's extras and
yields one value of the result's shape (docs/design.md). Every value in it is, at each output
element, a function of that element's accumulator and of the extras broadcast numpy-style to
the output shape. That is exactly what an EVT computes per output fragment, so the region maps
node for node:

| bolt                                             | EVT node (cutlass::epilogue::fusion::) |
| ------------------------------------------------ | -------------------------------------- |
| block argument 0 (the accumulator)               | Sm90AccFetch                           |
| an extra that varies along N only (a GEMM bias)  | Sm90RowBroadcast: a 1 x N row, repeated down the M rows (stride <_0,_1,L>) |
| an extra that varies along M only                | Sm90ColBroadcast: an M x 1 column, repeated across N (stride <_1,_0,L>) |
| an extra of the output's shape (a residual)      | Sm90AuxLoad (TMA, row-major like D)   |
| a rank-0 extra / a scalar bolt.constant          | Sm90ScalarBroadcast (a device pointer / a run-time value) |
| bolt.ew.* op                                     | Sm90EVT<Sm90Compute<functor, ...>, children...> |
| bolt.ew.cast                                     | Sm90Compute<Identity, To, To> (exact widenings are folded away: every consumer converts its inputs exactly) |

"Row" and "column" follow CUTLASS's names for the output matrix D (M x N): a row vector has
one value per column n. The broadcast's batch stride is a run-time argument (0 when the vector
is shared by every batch).

The tree's *structure* (node kinds, element types, functors) goes into the translation unit;
everything that differs between layers of one configuration (which extra feeds which leaf, its
leading dimension and batch stride, the value of each scalar constant) is a run-time argument of
the kernel's entry point, bound per op in `EpilogueBinding`. So one TU serves every GEMM with
the same epilogue shape, whatever its sizes and constants.

What has no single-pass EVT form is refused with `UnsupportedEpilogue`: reductions whose
result is used again inside the epilogue (a row max needs the whole row before any element),
non-scalar constants inside the region (make them extras), broadcasts of an intermediate value
that move it to other output elements.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from math import prod

import numpy as np
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from boltc.diagnostics import op_location
from boltc.dialects import bolt
from boltc.dialects.resources import dense_array
from boltc.lowering.cutlass.cpp import (
    ROUND_TO_NEAREST,
    Element,
    UnsupportedEpilogue,
    float_literal,
    instantiate,
)

FUSION = "cutlass::epilogue::fusion"


# --------------------------------------------------------------------------------------
# Functors: what Sm90Compute applies. CUTLASS's own where they exist, else a small functor
# of the same shape emitted into the TU (namespace boltc_evt).
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Functor:
    """A template `template <class T> class Fn` usable as Sm90Compute's ComputeFn: Sm90Compute
    instantiates `Fn<cutlass::Array<ElementCompute, N>>` and calls it on the converted inputs."""

    cpp: str
    arity: int
    support: tuple[str, ...] = ()  # keys of SUPPORT_CODE the TU must contain first
    has_arguments: bool = False  # Fn<T>::Arguments exists (Clamp's bounds)
    # Costs many instructions per element: MUFU ops (exp2, reciprocal, tanh) and the polynomials
    # around them (tuning/heuristic.py's epilogue_subtile_n).
    transcendental: bool = False


_PER_ELEMENT = """\
// Applies a scalar functor to each element of equally sized fragments, as CUTLASS's own
// GELU<Array<T, N>> does: Sm90Compute instantiates ComputeFn<cutlass::Array<ElementCompute, N>>.
template <template <class> class Fn, class T, int N>
struct PerElement {
  template <class... Rest>
  CUTLASS_HOST_DEVICE cutlass::Array<T, N> operator()(cutlass::Array<T, N> const& x,
                                                     Rest const&... rest) const {
    cutlass::Array<T, N> y;
    Fn<T> fn;
    CUTLASS_PRAGMA_UNROLL
    for (int i = 0; i < N; ++i) {
      y[i] = fn(x[i], rest[i]...);
    }
    return y;
  }
};
"""


def _scalar_functor(name: str, params: Sequence[str], expression: str, comment: str,
                    statements: Sequence[str] = ()) -> str:
    """A functor computing `expression` in float over float parameters `params`, after
    `statements` (C++ lines of the body)."""
    args = ", ".join(f"T const& {p}_in" for p in params)
    loads = "".join(f"    float const {p} = static_cast<float>({p}_in);\n" for p in params)
    body = "".join(f"    {line}\n" for line in statements)
    return (
        f"// {comment}\n"
        f"template <class T>\nstruct {name} {{\n"
        f"  CUTLASS_HOST_DEVICE T operator()({args}) const {{\n{loads}{body}"
        f"    return static_cast<T>({expression});\n  }}\n}};\n"
        f"template <class T, int N>\n"
        f"struct {name}<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::{name}, T, N> {{}};\n"
    )


# One-instruction device approximations (PTX .approx with flush-to-zero). CUDA's own __expf
# and __fdividef are not one instruction without -ftz: each adds a range test and two scaling
# multiplies around the MUFU op for denormal arguments or results (read in the SASS), and in a
# one-wave GEMM every instruction per element shows in the time (bench/RESULTS.md). Flushing
# is harmless here: the functors below feed these only normal arguments, or results whose
# denormal part is below what they promise. The host branch (for the host test of the
# functors) is the exact libm form.
def _device_instruction(signature: str, ptx: str, operands: str, host: str, comment: str) -> str:
    """A float function that is one PTX instruction on the device and `host` on the host."""
    return (
        f"// {comment}\n"
        f"CUTLASS_HOST_DEVICE float {signature} {{\n"
        "#if defined(__CUDA_ARCH__)\n"
        "  float y;\n"
        f'  asm("{ptx}" : "=f"(y) : {operands});\n'
        "  return y;\n"
        "#else\n"
        f"  return {host};\n"
        "#endif\n}\n"
    )


_APPROX_MATH = {
    "ex2_approx": _device_instruction(
        "ex2_approx(float x)", "ex2.approx.ftz.f32 %0, %1;", '"f"(x)', "exp2f(x)",
        "2^x within 2 ulp (denormal results flush to 0)."),
    "rcp_approx": _device_instruction(
        "rcp_approx(float x)", "rcp.approx.ftz.f32 %0, %1;", '"f"(x)', "1.0f / x",
        "1 / x within 1 ulp (denormal arguments and results flush to 0)."),
    "max_nan": _device_instruction(
        "max_nan(float a, float b)", "max.NaN.f32 %0, %1, %2;", '"f"(a), "f"(b)',
        "(a != a || b != b) ? a + b : fmaxf(a, b)",
        "max(a, b) that propagates NaN (fmaxf returns the other operand)."),
}

# GELU's erf form, x * Phi(x), written as max(x, 0) - |x| h(|x|) with h(a) = Phi(-a) =
# erfc(a / sqrt 2) / 2: both signs take the small tail h directly, so the negative side keeps
# relative accuracy where CUTLASS's 0.5 x (1 + erff(x / sqrt 2)) cancels to 0 (and erff is ~3x
# the instructions with a divergent branch: bias+GELU cost +25 % over the plain GEMM).
# h by Abramowitz & Stegun 7.1.26 (erfc(z) = poly(t) exp(-z^2), t = 1 / (1 + p z), |error| <=
# 1.5e-7): one reciprocal, one exp2, five FMAs, no branch. |x| is clamped to 13 so that +inf
# gives +inf (not inf - inf * 0) and exp2 stays normal; below -13 the result is -13 h(13)
# (-8e-38) where the exact one is smaller still. Against float64 over [-12, 12]: |error| <=
# 4.2e-7, relative error 5e-4 down to x = -4 and 4 % down to -12 (values of 1e-32).
_GELU_ERF = """\
// GELU, erf form: max(x, 0) - |x| Phi(-|x|), Phi(-a) = erfc(a / sqrt 2) / 2 by A&S 7.1.26.
template <class T>
struct GeluErf {
  CUTLASS_HOST_DEVICE T operator()(T const& x_in) const {
    float const x = static_cast<float>(x_in);
    float const a = fminf(fabsf(x), 13.0f);
    float const t = rcp_approx(fmaf(0.3275911f * 0.70710678f, a, 1.0f));
    float const gauss = ex2_approx((a * -0.72134752f) * a);  // exp(-a^2 / 2)
    float poly = fmaf(0.5307027145f, t, -0.7265760135f);  // A&S's coefficients / 2
    poly = fmaf(poly, t, 0.7107068705f);
    poly = fmaf(poly, t, -0.142248368f);
    poly = fmaf(poly, t, 0.127414796f);
    float const tail = poly * t * gauss;  // Phi(-a)
    return static_cast<T>(fmaf(-a, tail, max_nan(x, 0.0f)));
  }
};
template <class T, int N>
struct GeluErf<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::GeluErf, T, N> {};
"""

def _horner(variable: str, coefficients: Sequence[str]) -> list[str]:
    """`float p` = the polynomial in `variable` with `coefficients` from the highest degree
    down, by Horner's rule in FMAs."""
    highest, second, *rest = coefficients
    return [f"float p = fmaf({highest}, {variable}, {second});", *(f"p = fmaf(p, {variable}, {c});" for c in rest)]


# The same for a result rounded to a 16-bit type at once (the epilogue's root stored as an f16
# or bf16 D): Phi(-a) = 2^P(a), P of degree 5 fitted to log2 Phi(-a) on [0, 6] for minimax error
# weighted by what the 16-bit result can show (Lawson's iteration at 8000 Chebyshev nodes), so
# one exp2 and five FMAs: nine instructions per element where A&S's form above takes sixteen,
# two of them MUFU ops. The epilogue of a one-wave GEMM is exposed and issue-bound: every
# instruction per element costs ~0.9 % of the 1280x3072x768 GEMM (bench/RESULTS.md).
# - f16: error against half an f16 step of the result (2^-12 relative while normal, 3e-8
#   absolute among subnormals, below 6.1e-5): 7.1e-5 relative for x >= -3.9, at most 0.29 of a
#   half-step anywhere; 1.8 % of results round one step away from the exact value's rounding.
# - bf16 (normal down to 1e-38): uniform relative error, 3.7e-4 (10 % of a bf16 half-step).
# |x| is clamped to 6: beyond, Phi(-6) = 1e-9, so x > 6 gives x to f32 precision and x < -6
# gives -6 Phi(-6) ~ -6e-9 (f16: -0), within 6e-9 of the exact value (f32's 1 + erf is 0 there).
def _gelu_erf_16_bit(name: str, comment: str, coefficients: Sequence[str]) -> str:
    """GELU = max(x, 0) - a 2^P(a), a = min(|x|, 6), P's coefficients from the highest degree."""
    return _scalar_functor(name, ["x"], "fmaf(-a, ex2_approx(p), max_nan(x, 0.0f))", comment,
                           ["float const a = fminf(fabsf(x), 6.0f);", *_horner("a", coefficients)])


_GELU_ERF_F16 = _gelu_erf_16_bit(
    "GeluErfF16", "GELU, erf form, stored as f16: Phi(-a) = 2^P(a), P of degree 5 on [0, 6] (f16-weighted).",
    ("-0.000333401462f", "0.00595227815f", "-0.0486557633f", "-0.463558525f", "-1.14943469f", "-1.00010228f"),
)
_GELU_ERF_BF16 = _gelu_erf_16_bit(
    "GeluErfBF16", "GELU, erf form, stored as bf16: Phi(-a) = 2^P(a), P of degree 5 on [0, 6] (3.7e-4 relative).",
    ("-0.00020168451f", "0.00446760748f", "-0.0428327397f", "-0.472785681f", "-1.14439964f", "-1.00053179f"),
)

# softplus(x) = log(1 + exp(x)) = max(x, 0) + log1p(u), u = exp(-|x|) in (0, 1]: exp never
# overflows, so no threshold branch (above 20 the sum rounds to x, as torch's threshold=20
# returns x). log1p on (0, 1] is u * P(u), P of degree 7 fitted to log1p(u)/u at 4000 Chebyshev
# nodes for relative error (3.3e-7 at most, checked over 2M points in float32): eight FMAs
# where libm's log1pf and expf took ~4x the instructions and made bias+softplus cost +48 % over
# the plain GEMM (bench/epilogue.py). u by ex2.approx: 2 ulp plus 1.4 |x| ulp of the argument's
# rounding; u below 2^-126 flushes to 0, where softplus(x) < 1.2e-38 (x < -87).
def _softplus_functor(name: str, comment: str, log1p_coefficients: Sequence[str]) -> str:
    """softplus as max(x, 0) + log1p(u), u = exp(-|x|), log1p(u) = u * P(u) with P's
    coefficients from the highest degree down."""
    return _scalar_functor(name, ["x"], "fmaf(p, u, fmaxf(x, 0.0f))", comment,
                           ["float const u = ex2_approx(fabsf(x) * -1.44269504f);  // exp(-|x|)",
                            *_horner("u", log1p_coefficients)])


_SOFTPLUS = _softplus_functor(
    "Softplus",
    "softplus(x) = log(1 + exp(x)) (torch's beta=1, threshold=20), as max(x, 0) + log1p(exp(-|x|)).",
    ("-0.00833649747f", "0.0433708504f", "-0.106677905f", "0.176754937f", "-0.244704694f",
     "0.332711875f", "-0.499971271f", "0.999999762f"),
)

# The same for a result rounded to f16/bf16 right away (the epilogue's root, stored as a 16-bit
# D): log1p's polynomial of degree 5, 9.7e-6 relative, 2 % of an f16 half-step (4.9e-4), so the
# stored value is the same but for rare ties. Two FMAs fewer in a one-wave GEMM's exposed
# epilogue (bench/epilogue.py): bias+softplus +12.8 % over the plain GEMM with degree 7.
_SOFTPLUS_HALF = _softplus_functor(
    "SoftplusHalf",
    "softplus(x) for a result stored as f16/bf16: log1p(u) to 1e-5 relative (degree 5).",
    ("-0.023335604f", "0.0998638496f", "-0.208831415f", "0.324757576f", "-0.499302506f", "0.999990344f"),
)

# sigmoid(x) = 1 / (1 + 2^(-x log2 e)): one ex2 and one reciprocal, both MUFU approximations
# (2 and 1 ulp: 3e-7 relative, far inside a 16-bit result's rounding). CUTLASS's Sigmoid takes
# the same fast exp but divides in IEEE precision (div.rn: a dozen instructions and a slow-path
# branch), and a one-wave GEMM's epilogue is exposed and issue-bound: bias+sigmoid and
# bias+silu ran 36 % over the plain 1280x3072x768 GEMM with it (bench/RESULTS.md, 2026-11-28).
# x = -inf: 2^inf = inf, rcp(inf) = 0; x = +inf: 1; NaN stays NaN. Results below 2^-126
# (x < -87) flush to 0 (rcp.approx.ftz).
_SIGMOID = """\
// sigmoid(x) = 1 / (1 + exp(-x)) by ex2.approx and rcp.approx.
template <class T>
struct Sigmoid {
  CUTLASS_HOST_DEVICE T operator()(T const& x_in) const {
    float const x = static_cast<float>(x_in);
    return static_cast<T>(rcp_approx(1.0f + ex2_approx(x * -1.44269504f)));
  }
};
template <class T, int N>
struct Sigmoid<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::Sigmoid, T, N> {};
"""

# silu(x) = x sigmoid(x), the same way (x = -inf: -inf * 0 = NaN, as torch's x * sigmoid(x)).
_SILU = """\
// silu(x) = x / (1 + exp(-x)) by ex2.approx and rcp.approx.
template <class T>
struct SiLu {
  CUTLASS_HOST_DEVICE T operator()(T const& x_in) const {
    float const x = static_cast<float>(x_in);
    return static_cast<T>(x * rcp_approx(1.0f + ex2_approx(x * -1.44269504f)));
  }
};
template <class T, int N>
struct SiLu<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::SiLu, T, N> {};
"""

# A row vector (a GEMM bias: one value per output column) for Sm90 EVTs, fetched ahead by the
# epilogue's producer-load warp. CUTLASS's Sm90RowBroadcast has the consumer warps copy the
# tile's row from global to shared memory when the epilogue begins, then synchronize: in a
# one-wave GEMM nothing hides that global load (bias+relu cost +3.8 % over the plain GEMM of
# 1280x3072x768, most of it there; bench/RESULTS.md). Here the load warp, which the persistent
# cooperative and pingpong kernels run beside the mainloop, issues one bulk copy per tile
# (cp.async.bulk, completing on the epilogue load pipeline's barrier of the tile's first
# subtile, as Sm90AuxLoad's TMA does), so the row is in shared memory before the mainloop ends.
# Two buffers by tile parity: the load warp runs at most one tile ahead (it acquires the first
# subtile's stage of tile t + 1 only after the consumers released stage (t + 1) S - StagesC >=
# t S of tile t, StagesC <= S subtiles, and releases come in order), while the consumers still
# read tile t's row in later subtiles. Bulk copies move multiples of 16 bytes from 16-byte
# aligned addresses: can_implement checks the pointer, N and the batch stride.
_ROW_BROADCAST_PREFETCH = """\
// Sm90RowBroadcast's values, fetched by the epilogue load warp with one bulk copy per tile.
template <class CtaTileShapeMNK, class Element, class StrideMNL>
struct Sm90RowBroadcastPrefetch {
  static constexpr int CtaN = cute::size<1>(CtaTileShapeMNK{});
  static_assert(CtaN * sizeof(Element) % 16 == 0, "bulk copies move multiples of 16 bytes");

  struct SharedStorage {
    alignas(128) cute::array_aligned<Element, 2 * CtaN, 128> smem;  // two tiles' rows
  };
  struct Arguments {
    Element const* ptr_row = nullptr;
    Element null_default = Element(0);  // unused: the same aggregate as Sm90RowBroadcast's
    StrideMNL dRow = {};
  };
  using Params = Arguments;

  template <class ProblemShape>
  static constexpr Params to_underlying_arguments(ProblemShape const&, Arguments const& args, void*) {
    return args;
  }
  template <class ProblemShape>
  static bool can_implement(ProblemShape const& problem_shape, Arguments const& args) {
    auto problem_shape_mnkl = cute::append<4>(problem_shape, 1);
    int64_t const n = cute::size(cute::get<1>(problem_shape_mnkl));
    int64_t const batch_stride = cute::get<2>(args.dRow);
    return reinterpret_cast<uintptr_t>(args.ptr_row) % 16 == 0 && n * sizeof(Element) % 16 == 0 &&
           batch_stride * int64_t(sizeof(Element)) % 16 == 0;
  }
  template <class ProblemShape>
  static size_t get_workspace_size(ProblemShape const&, Arguments const&) {
    return 0;
  }
  template <class ProblemShape>
  static cutlass::Status initialize_workspace(ProblemShape const&, Arguments const&, void*, cudaStream_t,
                                              cutlass::CudaHostAdapter* = nullptr) {
    return cutlass::Status::kSuccess;
  }

  CUTLASS_HOST_DEVICE Sm90RowBroadcastPrefetch() {}
  CUTLASS_HOST_DEVICE Sm90RowBroadcastPrefetch(Params const& params, SharedStorage const& shared_storage)
      : params(params), smem(const_cast<Element*>(shared_storage.smem.data())) {}

  Params params;
  Element* smem = nullptr;

  CUTLASS_DEVICE bool is_producer_load_needed() const { return true; }
  CUTLASS_DEVICE bool is_C_load_needed() const { return false; }
  CUTLASS_DEVICE bool is_zero() const { return false; }

  // Epilogue subtiles per CTA tile: the load pipeline iterations of one tile.
  template <class TileShapeMNK, class EpilogueTile>
  CUTLASS_DEVICE static int subtiles_per_tile(TileShapeMNK tile_shape, EpilogueTile epi_tile) {
    return int(cute::size(cute::shape_div(cute::take<0, 2>(tile_shape), cute::shape(epi_tile))));
  }

  struct ProducerLoadCallbacks : cutlass::epilogue::fusion::EmptyProducerLoadCallbacks {
    Element const* gmem_row;  // the tile's first value
    uint32_t bytes;           // the tile's values (fewer in the last tile column)
    Element* smem;
    int subtiles;

    CUTLASS_DEVICE ProducerLoadCallbacks(Element const* gmem_row, uint32_t bytes, Element* smem, int subtiles)
        : gmem_row(gmem_row), bytes(bytes), smem(smem), subtiles(subtiles) {}

    CUTLASS_DEVICE void step(uint64_t* full_mbarrier_ptr, int epi_m, int epi_n, int load_iteration,
                             bool issue_tma_load) {
      if (issue_tma_load && epi_m == 0 && epi_n == 0) {
        Element* buffer = smem + ((load_iteration / subtiles) & 1) * CtaN;
        cutlass::arch::ClusterTransactionBarrier::expect_transaction(full_mbarrier_ptr, bytes);
        cute::SM90_BULK_COPY_G2S::copy(gmem_row, full_mbarrier_ptr, buffer, int32_t(bytes));
      }
    }
  };

  template <class... Args>
  CUTLASS_DEVICE auto get_producer_load_callbacks(cutlass::epilogue::fusion::detail::ProducerLoadArgs<Args...> const& args) {
    auto [M, N, K, L] = args.problem_shape_mnkl;
    auto [m, n, k, l] = args.tile_coord_mnkl;
    int const first = int(n) * CtaN;
    int const count = cute::min(int(CtaN), int(cute::size(N)) - first);  // int(): no odr-use on the device
    Element const* gmem_row = params.ptr_row + first + int64_t(l) * cute::get<2>(params.dRow);
    return ProducerLoadCallbacks(gmem_row, uint32_t(cute::max(count, 0)) * uint32_t(sizeof(Element)), smem,
                                 subtiles_per_tile(args.tile_shape_mnk, args.epi_tile));
  }

  template <class SR_STensor, class SR_RTensor>
  struct ConsumerStoreCallbacks : cutlass::epilogue::fusion::EmptyConsumerStoreCallbacks {
    SR_STensor tSR_sRow;  // (CPY,CPY_M,CPY_N,EPI_M,EPI_N) of the first buffer
    SR_RTensor tSR_rRow;  // (CPY,CPY_M,CPY_N)
    int subtiles;

    CUTLASS_DEVICE ConsumerStoreCallbacks(SR_STensor tSR_sRow, SR_RTensor tSR_rRow, int subtiles)
        : tSR_sRow(tSR_sRow), tSR_rRow(tSR_rRow), subtiles(subtiles) {}

    // After the load pipeline's wait for this subtile: the row is in shared memory.
    CUTLASS_DEVICE void previsit(int epi_m, int epi_n, int load_iteration, bool) {
      using namespace cute;
      if (epi_m == 0) {  // M-major subtile loop: a new column block of the row
        int const offset = ((load_iteration / subtiles) & 1) * CtaN;
        Tensor tSR_sRow_buffer = make_tensor(tSR_sRow.data() + offset, tSR_sRow.layout());
        Tensor tSR_sRow_flt = filter_zeros(tSR_sRow_buffer(_, _, _, epi_m, epi_n));
        Tensor tSR_rRow_flt = make_tensor_like<Element>(tSR_sRow_flt);
        copy_aligned(tSR_sRow_flt, tSR_rRow_flt);
        constexpr int FrgSize = size(tSR_rRow_flt);
        using Frg = cutlass::Array<Element, FrgSize>;
        recast<Frg>(filter(tSR_rRow))(_0{}) = recast<Frg>(coalesce(tSR_rRow_flt))(_0{});
      }
    }

    template <typename ElementAccumulator, int FragmentSize>
    CUTLASS_DEVICE cutlass::Array<Element, FragmentSize>
    visit(cutlass::Array<ElementAccumulator, FragmentSize> const&, int epi_v, int, int) {
      cutlass::Array<Element, FragmentSize> frg_row;
      CUTLASS_PRAGMA_UNROLL
      for (int i = 0; i < FragmentSize; ++i) {
        frg_row[i] = tSR_rRow(epi_v * FragmentSize + i);
      }
      return frg_row;
    }
  };

  template <bool ReferenceSrc, class... Args>
  CUTLASS_DEVICE auto get_consumer_store_callbacks(
      cutlass::epilogue::fusion::detail::ConsumerStoreArgs<Args...> const& args) {
    using namespace cute;
    Tensor sRow = make_tensor(make_smem_ptr(smem),
                              make_shape(size<0>(CtaTileShapeMNK{}), size<1>(CtaTileShapeMNK{})),
                              make_shape(_0{}, _1{}));  // (CTA_M, CTA_N): the row down every M
    Tensor tSR_sRow = cutlass::epilogue::fusion::sm90_partition_for_epilogue<ReferenceSrc>(
        sRow, args.epi_tile, args.tiled_copy, args.thread_idx);
    Tensor tSR_rRow = make_tensor_like<Element>(take<0, 3>(tSR_sRow));
    return ConsumerStoreCallbacks<decltype(tSR_sRow), decltype(tSR_rRow)>(
        tSR_sRow, tSR_rRow, subtiles_per_tile(args.tile_shape_mnk, args.epi_tile));
  }
};
"""

SUPPORT_CODE: dict[str, str] = {
    "per_element": _PER_ELEMENT,
    **_APPROX_MATH,
    "gelu_erf": _GELU_ERF,
    "gelu_erf_f16": _GELU_ERF_F16,
    "gelu_erf_bf16": _GELU_ERF_BF16,
    "softplus": _SOFTPLUS,
    "softplus_half": _SOFTPLUS_HALF,
    "sigmoid": _SIGMOID,
    "silu": _SILU,
    "exp": _scalar_functor("Exp", ["x"], "expf(x)", "exp(x)"),
    "log": _scalar_functor("Log", ["x"], "logf(x)", "log(x)"),
    "log1p": _scalar_functor("Log1p", ["x"], "log1pf(x)", "log(1 + x), accurate near 0"),
    "sqrt": _scalar_functor("Sqrt", ["x"], "sqrtf(x)", "sqrt(x)"),
    "rsqrt": _scalar_functor("Rsqrt", ["x"], "rsqrtf(x)", "1 / sqrt(x)"),
    "abs": _scalar_functor("Abs", ["x"], "fabsf(x)", "|x|"),
    "erf": _scalar_functor("Erf", ["x"], "erff(x)", "erf(x)"),
    "reciprocal": _scalar_functor("Reciprocal", ["x"], "1.0f / x", "1 / x (IEEE division)"),
    "pow": _scalar_functor("Pow", ["x", "y"], "powf(x, y)", "x ** y"),
    "row_broadcast_prefetch": _ROW_BROADCAST_PREFETCH,
    "nan_minmax": (
        "// bolt.ew.max/min propagate NaN (numpy's maximum); CUTLASS's default does not.\n"
        "template <class T> using MaximumNaN = cutlass::maximum<T, true>;\n"
        "template <class T> using MinimumNaN = cutlass::minimum<T, true>;\n"
    ),
}

# arith.cmpf semantics over float a, b: ordered predicates are false on NaN, unordered true.
_PREDICATES: dict[bolt.ComparePredicate, str] = {
    bolt.ComparePredicate.OEQ: "!unordered && a == b",
    bolt.ComparePredicate.OGT: "!unordered && a > b",
    bolt.ComparePredicate.OGE: "!unordered && a >= b",
    bolt.ComparePredicate.OLT: "!unordered && a < b",
    bolt.ComparePredicate.OLE: "!unordered && a <= b",
    bolt.ComparePredicate.ONE: "!unordered && a != b",
    bolt.ComparePredicate.UEQ: "unordered || a == b",
    bolt.ComparePredicate.UGT: "unordered || a > b",
    bolt.ComparePredicate.UGE: "unordered || a >= b",
    bolt.ComparePredicate.ULT: "unordered || a < b",
    bolt.ComparePredicate.ULE: "unordered || a <= b",
    bolt.ComparePredicate.UNE: "unordered || a != b",
}
for _pred, _cond in _PREDICATES.items():
    SUPPORT_CODE[f"select_{_pred.value}"] = (
        f"// (a {_pred.value} b) ? on_true : on_false\n"
        f"template <class T>\nstruct Select_{_pred.value} {{\n"
        "  CUTLASS_HOST_DEVICE T operator()(T const& a_in, T const& b_in, T const& on_true,\n"
        "                                   T const& on_false) const {\n"
        "    float const a = static_cast<float>(a_in);\n"
        "    float const b = static_cast<float>(b_in);\n"
        "    bool const unordered = isnan(a) || isnan(b);\n"
        f"    return ({_cond}) ? on_true : on_false;\n  }}\n}};\n"
        f"template <class T, int N>\nstruct Select_{_pred.value}<cutlass::Array<T, N>>\n"
        f"    : boltc_evt::PerElement<boltc_evt::Select_{_pred.value}, T, N> {{}};\n"
    )

_THREAD = "cutlass::epilogue::thread"


def _custom(name: str, key: str, arity: int = 1, *, transcendental: bool = True) -> Functor:
    return Functor(f"boltc_evt::{name}", arity, ("per_element", key), transcendental=transcendental)


IDENTITY = Functor(f"{_THREAD}::Identity", 1)
UNARY_FUNCTORS: dict[type[bolt.UnaryElementwiseOp], Functor] = {
    bolt.ReluOp: Functor(f"{_THREAD}::ReLu", 1),
    bolt.SigmoidOp: Functor("boltc_evt::Sigmoid", 1, ("per_element", "ex2_approx", "rcp_approx", "sigmoid"),
                            transcendental=True),
    bolt.TanhOp: Functor(f"{_THREAD}::Tanh", 1, transcendental=True),
    bolt.SiluOp: Functor("boltc_evt::SiLu", 1, ("per_element", "ex2_approx", "rcp_approx", "silu"),
                         transcendental=True),
    bolt.HardswishOp: Functor(f"{_THREAD}::HardSwish", 1),
    bolt.ClampOp: Functor(f"{_THREAD}::Clamp", 1, has_arguments=True),
    bolt.NegOp: Functor("cutlass::negate", 1),
    bolt.SoftplusOp: Functor("boltc_evt::Softplus", 1, ("per_element", "ex2_approx", "softplus"), transcendental=True),
    bolt.ExpOp: _custom("Exp", "exp"),
    bolt.LogOp: _custom("Log", "log"),
    bolt.Log1pOp: _custom("Log1p", "log1p"),
    bolt.SqrtOp: _custom("Sqrt", "sqrt"),
    bolt.RsqrtOp: _custom("Rsqrt", "rsqrt"),
    bolt.AbsOp: _custom("Abs", "abs", transcendental=False),
    bolt.ErfOp: _custom("Erf", "erf"),
    bolt.ReciprocalOp: _custom("Reciprocal", "reciprocal"),
}
# Functors with a cheaper form that is exact enough when the result is rounded to a 16-bit
# type at once (the epilogue's root stored as f16/bf16): (functor, result type) -> form.
_SOFTPLUS_HALF_FORM = Functor("boltc_evt::SoftplusHalf", 1, ("per_element", "ex2_approx", "softplus_half"),
                              transcendental=True)
SIXTEEN_BIT_RESULT_FORMS: dict[tuple[str, Element], Functor] = {
    ("boltc_evt::Softplus", Element.F16): _SOFTPLUS_HALF_FORM,
    ("boltc_evt::Softplus", Element.BF16): _SOFTPLUS_HALF_FORM,
    ("boltc_evt::GeluErf", Element.F16): Functor(
        "boltc_evt::GeluErfF16", 1, ("per_element", "ex2_approx", "max_nan", "gelu_erf_f16"), transcendental=True),
    ("boltc_evt::GeluErf", Element.BF16): Functor(
        "boltc_evt::GeluErfBF16", 1, ("per_element", "ex2_approx", "max_nan", "gelu_erf_bf16"), transcendental=True),
}
GELU_FUNCTORS: dict[bolt.GeluApproximation, Functor] = {
    bolt.GeluApproximation.ERF: Functor(
        "boltc_evt::GeluErf", 1, ("per_element", "ex2_approx", "rcp_approx", "max_nan", "gelu_erf"), transcendental=True),
    bolt.GeluApproximation.TANH: Functor(f"{_THREAD}::GELU_taylor", 1, transcendental=True),  # tanh form, tanh.approx
}
BINARY_FUNCTORS: dict[type[bolt.BinaryElementwiseOp], Functor] = {
    bolt.AddOp: Functor("cutlass::plus", 2),
    bolt.SubOp: Functor("cutlass::minus", 2),
    bolt.MulOp: Functor("cutlass::multiplies", 2),
    bolt.DivOp: Functor("cutlass::divides", 2, transcendental=True),  # IEEE division: a reciprocal and fixups
    bolt.MaxOp: Functor("boltc_evt::MaximumNaN", 2, ("nan_minmax",)),
    bolt.MinOp: Functor("boltc_evt::MinimumNaN", 2, ("nan_minmax",)),
    bolt.PowOp: _custom("Pow", "pow", 2),
}


def select_functor(predicate: bolt.ComparePredicate) -> Functor:
    return Functor(f"boltc_evt::Select_{predicate.value}", 4, ("per_element", f"select_{predicate.value}"))


# --------------------------------------------------------------------------------------
# The tree. Nodes are frozen, hashable values: equal subtrees render once.
# --------------------------------------------------------------------------------------


class LeafKind(Enum):
    """How an extra operand is read, relative to the output D (M x N, batch L)."""

    ROW = "row"  # varies along N: Sm90RowBroadcast
    COLUMN = "column"  # varies along M: Sm90ColBroadcast
    AUX = "aux"  # varies along M and N: Sm90AuxLoad
    SCALAR = "scalar"  # one value (per batch): Sm90ScalarBroadcast from a device pointer


@dataclass(frozen=True)
class AccFetch:
    @property
    def value_element(self) -> Element:
        return Element.F32


@dataclass(frozen=True)
class Load:
    """A run-time operand read by a broadcast or aux-load node; `leaf` indexes the kernel's
    extra parameters (x0, x1, ...)."""

    kind: LeafKind
    leaf: int
    element: Element

    @property
    def value_element(self) -> Element:
        return self.element


@dataclass(frozen=True)
class ScalarConstant:
    """A scalar constant of the region, passed at run time as the entry point's `s<index>`."""

    index: int
    element: Element

    @property
    def value_element(self) -> Element:
        return self.element


@dataclass(frozen=True)
class Compute:
    """Sm90EVT<Sm90Compute<functor, output, compute, round_to_nearest>, children...>: inputs are
    converted to `compute`, `functor` applied, the result converted to `output`."""

    functor: Functor
    output: Element
    compute: Element
    children: tuple[Node, ...]
    arguments: tuple[float, ...] = ()  # the functor's Arguments (Clamp: lower, upper)

    def __post_init__(self) -> None:
        if len(self.children) != self.functor.arity:
            raise ValueError(f"{self.functor.cpp} takes {self.functor.arity} inputs, got {len(self.children)}")

    @property
    def value_element(self) -> Element:
        return self.output


Node = AccFetch | Load | ScalarConstant | Compute


@dataclass(frozen=True)
class EpilogueTree:
    """The structure of one epilogue: what the TU instantiates. `root` outputs ElementD."""

    root: Compute
    leaves: tuple[Load, ...]  # one per run-time extra parameter, in parameter order
    scalars: tuple[ScalarConstant, ...]  # one per run-time scalar parameter, in order

    @property
    def is_plain_store(self) -> bool:
        return self.root.functor == IDENTITY and isinstance(self.root.children[0], AccFetch)

    @property
    def evaluates_transcendental(self) -> bool:
        """Whether some node computes an exp2, reciprocal, tanh or the like (many instructions
        per element; tuning/heuristic.py's epilogue_subtile_n)."""
        return any(isinstance(node, Compute) and node.functor.transcendental
                   for node in postorder(self.root))

    @property
    def has_row_broadcast(self) -> bool:
        return any(leaf.kind is LeafKind.ROW for leaf in self.leaves)

    def support_code(self, *, prefetch_rows: bool = False) -> str:
        """The boltc_evt functors (and nodes) the tree uses, each once, helpers first.
        `prefetch_rows`: row broadcasts are Sm90RowBroadcastPrefetch (see render_types)."""
        keys: list[str] = []
        for node in postorder(self.root):
            if isinstance(node, Compute):
                keys += [k for k in node.functor.support if k not in keys]
        if prefetch_rows and self.has_row_broadcast:
            keys.append("row_broadcast_prefetch")
        ordered = [k for k in SUPPORT_CODE if k in keys]  # SUPPORT_CODE lists helpers first
        return "".join(SUPPORT_CODE[k] + "\n" for k in ordered)

    def render_types(self, *, tile_shape: str, epilogue_descriptor: str,
                     prefetch_rows: bool = False) -> tuple[list[str], str]:
        """C++ `using` declarations for every node, and the name of the root type.

        `tile_shape` names the CTA tile type (broadcast nodes stage one tile row/column in shared
        memory); `epilogue_descriptor` names a `cutlass::epilogue::collective::detail::
        EpilogueDescriptor` matching the collective epilogue (aux loads share its pipeline).
        `prefetch_rows`: row broadcasts are boltc's Sm90RowBroadcastPrefetch, fetched by the
        epilogue load warp during the mainloop (only for kernels that run that warp beside the
        mainloop: the persistent TMA cooperative and pingpong GEMMs)."""
        return declare_nodes(
            self.root, FUSION, ("Sm90AccFetch", "Sm90ScalarBroadcast", "Sm90Compute", "Sm90EVT"),
            lambda node, name: _load_decls(node, name, tile_shape, epilogue_descriptor, prefetch_rows),
        )

    def render_arguments(self, leaf_params: Sequence[LeafParams], scalar_params: Sequence[str]) -> str:
        """The nested initializer of the tree's Arguments: `{child args..., node args}` per
        Sm90EVT, from the entry point's parameter names."""

        def args_of(node: Node) -> str:
            if isinstance(node, AccFetch):
                return "{}"
            if isinstance(node, Load):
                return _load_arguments(node, leaf_params[node.leaf])
            if isinstance(node, ScalarConstant):
                return f"{{{{{node.element.cpp}({scalar_params[node.index]})}}}}"
            children = [args_of(c) for c in node.children]
            if node.functor.has_arguments:
                own = "{" + ", ".join(f"{node.compute.cpp}({float_literal(a)})" for a in node.arguments) + "}"
            else:
                own = "{}"
            inner = ",\n".join("  " + c.replace("\n", "\n  ") for c in [*children, own])
            return "{\n" + inner + "\n}"

        return args_of(self.root)


@dataclass(frozen=True)
class LeafParams:
    """The C parameter names that feed one leaf."""

    pointer: str
    batch_stride: str
    leading_dim: str | None = None  # aux loads only


def _load_decls(node: Load, name: str, tile_shape: str, epilogue_descriptor: str,
                prefetch_rows: bool = False) -> list[str]:
    e = node.element.cpp
    if node.kind is LeafKind.ROW:
        stride = "cute::Stride<cute::_0, cute::_1, int64_t>"
        if prefetch_rows:
            return [f"using {name} = {instantiate('boltc_evt::Sm90RowBroadcastPrefetch', tile_shape, e, stride)};"]
        return [f"using {name} = {instantiate(f'{FUSION}::Sm90RowBroadcast', 0, tile_shape, e, e, stride)};"]
    if node.kind is LeafKind.COLUMN:
        stride = "cute::Stride<cute::_1, cute::_0, int64_t>"
        return [f"using {name} = {instantiate(f'{FUSION}::Sm90ColBroadcast', 0, tile_shape, e, e, stride)};"]
    if node.kind is LeafKind.SCALAR:
        stride = "cute::Stride<cute::_0, cute::_0, int64_t>"
        return [f"using {name} = {instantiate(f'{FUSION}::Sm90ScalarBroadcast', e, stride)};"]
    descriptor = f"{name}Descriptor"
    return [
        f"using {descriptor} = "
        + instantiate(
            "cutlass::epilogue::collective::detail::AuxLoadDescriptor",
            epilogue_descriptor, "cutlass::layout::RowMajor", e,
        )
        + ";",
        f"using {name} = "
        + instantiate(
            f"{FUSION}::Sm90AuxLoad",
            f"{descriptor}::Stages", f"typename {descriptor}::EpilogueTile", e,
            f"typename {descriptor}::Stride", f"typename {descriptor}::SmemLayoutAtom",
            f"typename {descriptor}::CopyOpS2R",
        )
        + ";",
    ]


def _load_arguments(node: Load, params: LeafParams) -> str:
    e = node.element.cpp
    pointer = f"static_cast<{e} const*>({params.pointer})"
    if node.kind is LeafKind.ROW:
        return f"{{{pointer}, {e}(0), {{cute::_0{{}}, cute::_1{{}}, {params.batch_stride}}}}}"
    if node.kind is LeafKind.COLUMN:
        return f"{{{pointer}, {e}(0), {{cute::_1{{}}, cute::_0{{}}, {params.batch_stride}}}}}"
    if node.kind is LeafKind.SCALAR:
        return f"{{{{}}, {{{pointer}}}, {{{{cute::_0{{}}, cute::_0{{}}, {params.batch_stride}}}}}}}"
    return f"{{{pointer}, {e}(0), {{{params.leading_dim}, cute::_1{{}}, {params.batch_stride}}}}}"


def declare_nodes(root: Node, namespace: str, templates: tuple[str, str, str, str],
                  load_decls: Callable[[Load, str], list[str]]) -> tuple[list[str], str]:
    """C++ `using` declarations for every node below `root`, children first (equal subtrees
    once), and the name of `root`'s type: `Leaf<i>` for loads (`load_decls(node, name)` writes
    them), `Scalar<j>`, and `Compute<i>`/`Node<i>` pairs for compute nodes. `templates` names
    the visitor family's accumulator fetch, scalar broadcast, compute and EVT templates in
    `namespace` (Sm90's in `cutlass::epilogue::fusion`, Sm80's in `...::threadblock`)."""
    acc_fetch, scalar_broadcast, compute, evt = (f"{namespace}::{t}" for t in templates)
    decls: list[str] = []
    names: dict[Node, str] = {}

    def name_of(node: Node) -> str:
        if node in names:
            return names[node]
        if isinstance(node, AccFetch):
            names[node] = acc_fetch
            return names[node]
        if isinstance(node, Load):
            name = f"Leaf{node.leaf}"
            decls.extend(load_decls(node, name))
        elif isinstance(node, ScalarConstant):
            name = f"Scalar{node.index}"
            decls.append(f"using {name} = {instantiate(scalar_broadcast, node.element.cpp)};")
        else:
            children = [name_of(c) for c in node.children]  # postorder: children declared first
            index = sum(1 for n in names if isinstance(n, Compute))
            name = f"Node{index}"
            decls.append(f"using Compute{index} = "
                         f"{instantiate(compute, node.functor.cpp, node.output.cpp, node.compute.cpp, ROUND_TO_NEAREST)};")
            decls.append(f"using {name} = {instantiate(evt, f'Compute{index}', *children)};")
        names[node] = name
        return name

    return decls, name_of(root)


def postorder(node: Node):
    if isinstance(node, Compute):
        for child in node.children:
            yield from postorder(child)
    yield node


# --------------------------------------------------------------------------------------
# From the IR.
# --------------------------------------------------------------------------------------


class Role(Enum):
    """What an output dimension is to the kernel: the batch L, or part of M or N."""

    L = "L"
    M = "M"
    N = "N"


@dataclass(frozen=True)
class LeafBinding:
    """What one op passes for one leaf: which extra, and its strides in elements."""

    extra: int
    batch_stride: int
    leading_dim: int | None = None


@dataclass(frozen=True)
class EpilogueBinding:
    """The per-op values of an epilogue's run-time parameters."""

    leaves: tuple[LeafBinding, ...]
    scalars: tuple[float, ...]


@dataclass
class _Builder:
    anchor: bolt.AnchorOp
    output: Element
    out_shape: tuple[int, ...]
    roles: tuple[Role, ...]
    leaves: list[Load] = field(default_factory=list)
    leaf_bindings: list[LeafBinding] = field(default_factory=list)
    leaf_index: dict[tuple[int, tuple[int, ...]], Load] = field(default_factory=dict)
    scalars: list[ScalarConstant] = field(default_factory=list)
    scalar_values: list[float] = field(default_factory=list)
    memo: dict[SSAValue, Node] = field(default_factory=dict)

    def fail(self, op: Operation, message: str) -> UnsupportedEpilogue:
        return UnsupportedEpilogue(
            f"'{self.anchor.name}' epilogue: '{op.name}': {message}", op_location(op), op.name
        )

    @property
    def block(self) -> Block:
        return self.anchor.epilogue.block

    def canonical(self, shape: Sequence[int]) -> tuple[int, ...]:
        """`shape` right-aligned against the output's rank (numpy broadcasting)."""
        rank = len(self.out_shape)
        if len(shape) > rank:
            shape = shape[len(shape) - rank:] if all(d == 1 for d in shape[: len(shape) - rank]) else shape
        return (1,) * (rank - len(shape)) + tuple(shape)

    # -- values ------------------------------------------------------------------------

    def node(self, value: SSAValue) -> Node:
        if value not in self.memo:
            self.memo[value] = self._node(value)
        return self.memo[value]

    def _node(self, value: SSAValue) -> Node:
        if isinstance(value, BlockArgument):
            if value.index == 0:
                return AccFetch()
            return self.leaf(value.index - 1, _shape(value), self.anchor)
        op = value.owner
        assert isinstance(op, Operation)
        if isinstance(op, bolt.ConstantOp):
            return self.constant(op, _shape(value))
        if isinstance(op, (bolt.ReshapeOp, bolt.BroadcastOp)):
            return self.view(op)
        if isinstance(op, bolt.CastOp):
            child = self.node(op.input)
            target = _element(op.output)
            if child.value_element.widens_exactly_to(target):
                return child  # every consumer converts its inputs to its compute type, exactly
            return Compute(IDENTITY, target, target, (child,))
        if isinstance(op, bolt.GeluOp):
            return self.compute(op, GELU_FUNCTORS[op.approximate.data], [op.input])
        if isinstance(op, bolt.ClampOp):
            bounds = (bolt.float_value(op.min), bolt.float_value(op.max))
            return self.compute(op, UNARY_FUNCTORS[bolt.ClampOp], [op.input], bounds)
        if type(op) in UNARY_FUNCTORS:
            return self.compute(op, UNARY_FUNCTORS[type(op)], [op.input])
        if type(op) in BINARY_FUNCTORS:
            return self.compute(op, BINARY_FUNCTORS[type(op)], [op.lhs, op.rhs])
        if isinstance(op, bolt.SelectOp):
            return self.compute(op, select_functor(op.predicate.data), list(op.operands))
        if isinstance(op, bolt.ReduceOp):
            raise self.fail(
                op,
                "a reduction whose result is used inside the epilogue needs every element of its "
                "row/column before the first one is stored; one epilogue visitor tree cannot do it",
            )
        raise self.fail(op, "has no epilogue visitor tree equivalent")

    def compute(
        self, op: Operation, functor: Functor, inputs: Sequence[SSAValue], arguments: tuple[float, ...] = ()
    ) -> Compute:
        element = _element(op.results[0])
        for v in inputs:
            self.check_broadcastable(op, _shape(v))
        children = tuple(self.node(v) for v in inputs)
        return Compute(functor, element, element, children, arguments)

    def check_broadcastable(self, op: Operation, shape: Sequence[int]) -> None:
        canon = self.canonical(shape)
        if len(canon) != len(self.out_shape) or any(
            s not in (1, o) for s, o in zip(canon, self.out_shape)
        ):
            raise self.fail(op, f"shape {list(shape)} does not broadcast to the output {list(self.out_shape)}")

    # -- leaves --------------------------------------------------------------------------

    def leaf(self, extra: int, shape: tuple[int, ...], where: Operation) -> Node:
        """Extra `extra`, seen with `shape` (its own, or a reshape/broadcast view of it)."""
        key = (extra, shape)
        if key in self.leaf_index:
            return self.leaf_index[key]
        self.check_broadcastable(where, shape)
        canon = self.canonical(shape)
        strides = [prod(canon[d + 1:]) for d in range(len(canon))]  # contiguous, in elements
        varies = {r for r, s, o in zip(self.roles, canon, self.out_shape) if o > 1 and s == o}
        for role in (Role.M, Role.N):  # a role spread over several output dims (conv's N,P,Q)
            dims = [d for d, r in enumerate(self.roles) if r is role and self.out_shape[d] > 1]
            if role in varies and any(canon[d] != self.out_shape[d] for d in dims):
                raise self.fail(where, f"extra {extra} varies along part of {role.value} only")
        batch_dims = [d for d, r in enumerate(self.roles) if r is Role.L and canon[d] > 1]
        batch_stride = strides[batch_dims[0]] if batch_dims else 0
        element = _element(self.anchor.extras[extra])
        if Role.M in varies and Role.N in varies:
            kind = LeafKind.AUX
            n_dims = [d for d, r in enumerate(self.roles) if r is Role.N]
            leading = strides[n_dims[0] - 1] if n_dims[0] > 0 else prod(canon)
            if Role.L not in varies and any(o > 1 for o, r in zip(self.out_shape, self.roles) if r is Role.L):
                raise self.fail(
                    where,
                    f"extra {extra} has the output's M x N shape but is shared by every batch: "
                    "a residual must carry the batch dimension",
                )
            binding = LeafBinding(extra, batch_stride, leading)
        else:
            kind = {
                frozenset({Role.N}): LeafKind.ROW,
                frozenset({Role.M}): LeafKind.COLUMN,
                frozenset(): LeafKind.SCALAR,
            }[frozenset(varies - {Role.L})]
            binding = LeafBinding(extra, batch_stride)
        load = Load(kind, len(self.leaves), element)
        self.leaves.append(load)
        self.leaf_bindings.append(binding)
        self.leaf_index[key] = load
        return load

    def constant(self, op: bolt.ConstantOp, shape: tuple[int, ...]) -> Node:
        values = np.asarray(dense_array(op.value), dtype=np.float64).reshape(-1)
        if values.size == 0 or not np.all(values == values[0]) and not np.all(np.isnan(values)):
            raise self.fail(
                op,
                "only scalar (or splat) constants fit in an epilogue; pass a weight or a bias as an "
                "extra operand of the anchor",
            )
        self.check_broadcastable(op, shape)
        scalar = ScalarConstant(len(self.scalars), _element(op.result))
        self.scalars.append(scalar)
        self.scalar_values.append(float(values[0]))
        return scalar

    def view(self, op: bolt.ReshapeOp | bolt.BroadcastOp) -> Node:
        """A reshape or broadcast: a view of a leaf with new broadcasting, or transparent."""
        in_shape, out_shape = _shape(op.input), _shape(op.result)
        if isinstance(op, bolt.BroadcastOp):
            dims = bolt.int_list(op.dimensions)
            equivalent = tuple(1 if d in dims else s for d, s in enumerate(out_shape))  # numpy form
        else:
            equivalent = out_shape
        origin = op.input
        while isinstance(origin.owner, bolt.CastOp) and _element(origin.owner.input).widens_exactly_to(
            _element(origin)
        ):
            origin = origin.owner.input  # look through exact widenings to the stored operand
        if isinstance(origin, BlockArgument) and origin.index > 0:
            return self.leaf(origin.index - 1, equivalent, op)
        if _strip(self.canonical(in_shape)) == _strip(self.canonical(equivalent)) or prod(in_shape) == 1:
            return self.node(op.input)  # same elements at the same output positions
        raise self.fail(
            op,
            f"moves an intermediate value of shape {list(in_shape)} to other output positions "
            f"({list(out_shape)}); only extras can be re-viewed inside an epilogue",
        )


def _strip(shape: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(shape[next((i for i, d in enumerate(shape) if d != 1), len(shape)):])


def _shape(value: SSAValue) -> tuple[int, ...]:
    assert isinstance(value.type, TensorType)
    return tuple(value.type.get_shape())


def _element(value: SSAValue) -> Element:
    assert isinstance(value.type, TensorType)
    return Element.from_mlir(value.type.get_element_type())


def build_epilogue(
    anchor: bolt.AnchorOp, roles: Sequence[Role], output: Element | None = None
) -> tuple[EpilogueTree, EpilogueBinding]:
    """The EVT of `anchor`'s epilogue region and this op's values for its run-time parameters.

    `roles` names, per dimension of the anchor's result, whether it is the batch (L) or part of
    M or N of the kernel's output matrix ((L, M, N) for a batched GEMM, (M, N) for a GEMM,
    (M, M, M, N) for an NHWC convolution). The root converts to `output` (the result's element
    type by default)."""
    out_shape = _shape(anchor.result)
    if len(roles) != len(out_shape):
        raise ValueError(f"{len(roles)} roles for a rank-{len(out_shape)} result")
    output = output or _element(anchor.result)
    builder = _Builder(anchor, output, out_shape, tuple(roles))
    yield_op = anchor.epilogue.block.last_op
    assert isinstance(yield_op, bolt.YieldOp)
    top = builder.node(yield_op.values[0])
    if isinstance(top, Compute) and top.output is top.compute:
        # The op computes in its type and the store converts: Sm90Compute does both.
        functor = top.functor
        functor = SIXTEEN_BIT_RESULT_FORMS.get((functor.cpp, output), functor)
        root = Compute(functor, output, top.compute, top.children, top.arguments)
    else:
        root = Compute(IDENTITY, output, top.value_element, (top,))
    tree = EpilogueTree(root, tuple(builder.leaves), tuple(builder.scalars))
    binding = EpilogueBinding(tuple(builder.leaf_bindings), tuple(builder.scalar_values))
    return tree, binding

