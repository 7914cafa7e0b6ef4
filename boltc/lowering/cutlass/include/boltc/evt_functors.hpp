// boltc: the epilogue functors of boltc's own (namespace boltc_evt; boltc/lowering/cutlass/evt.py's
// functor table names them), where CUTLASS has none or a slower one.
//
// Each is a `template <class T> struct Fn` usable as Sm90Compute's (and Sm80's VisitorCompute's)
// ComputeFn: they instantiate Fn<cutlass::Array<ElementCompute, N>> and call it on the converted
// inputs, which the Array specialization of each functor hands to PerElement. conv_direct and
// conv_depthwise call Fn<float> per element. A TU includes this header when its epilogue uses
// one of them (evt.EpilogueTree.headers); it compiles for the host and for sm_80 and sm_90a alike.
#pragma once

#include <cmath>

#include "cutlass/cutlass.h"
#include "cutlass/array.h"
#include "cutlass/functional.h"

namespace boltc_evt {

#if !defined(__CUDACC__)
// A C++ compiler without CUDA (the host test of the functors): CUDA's math library declares
// rsqrtf and a global isnan for the host and the device, the standard library neither.
using std::isnan;
inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
#endif

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

// One-instruction device approximations (PTX .approx with flush-to-zero). CUDA's own __expf
// and __fdividef are not one instruction without -ftz: each adds a range test and two scaling
// multiplies around the MUFU op for denormal arguments or results (read in the SASS), and in a
// one-wave GEMM every instruction per element shows in the time (bench/RESULTS.md). Flushing
// is harmless here: the functors below feed these only normal arguments, or results whose
// denormal part is below what they promise. The host branch (for the host test of the
// functors, test/python/lowering/test_evt.py) is the exact libm form.

// 2^x within 2 ulp (denormal results flush to 0).
CUTLASS_HOST_DEVICE float ex2_approx(float x) {
#if defined(__CUDA_ARCH__)
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
#else
  return exp2f(x);
#endif
}

// 1 / x within 1 ulp (denormal arguments and results flush to 0).
CUTLASS_HOST_DEVICE float rcp_approx(float x) {
#if defined(__CUDA_ARCH__)
  float y;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
#else
  return 1.0f / x;
#endif
}

// max(a, b) that propagates NaN (fmaxf returns the other operand).
CUTLASS_HOST_DEVICE float max_nan(float a, float b) {
#if defined(__CUDA_ARCH__)
  float y;
  asm("max.NaN.f32 %0, %1, %2;" : "=f"(y) : "f"(a), "f"(b));
  return y;
#else
  return (a != a || b != b) ? a + b : fmaxf(a, b);
#endif
}

// GELU's erf form, x * Phi(x), written as max(x, 0) - |x| h(|x|) with h(a) = Phi(-a) =
// erfc(a / sqrt 2) / 2: both signs take the small tail h directly, so the negative side keeps
// relative accuracy where CUTLASS's 0.5 x (1 + erff(x / sqrt 2)) cancels to 0 (and erff is ~3x
// the instructions with a divergent branch: bias+GELU cost +25 % over the plain GEMM).
// h by Abramowitz & Stegun 7.1.26 (erfc(z) = poly(t) exp(-z^2), t = 1 / (1 + p z), |error| <=
// 1.5e-7): one reciprocal, one exp2, five FMAs, no branch. |x| is clamped to 13 so that +inf
// gives +inf (not inf - inf * 0) and exp2 stays normal; below -13 the result is -13 h(13)
// (-8e-38) where the exact one is smaller still. Against float64 over [-12, 12]: |error| <=
// 4.2e-7, relative error 5e-4 down to x = -4 and 4 % down to -12 (values of 1e-32).

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

// The same for a result rounded to a 16-bit type at once (the epilogue's root stored as an f16
// or bf16 D): Phi(-a) = 2^P(a), P of degree 5 fitted to log2 Phi(-a) on [0, 6] for minimax error
// weighted by what the 16-bit result can show (Lawson's iteration at 8000 Chebyshev nodes), so
// one exp2 and five FMAs (Horner's rule, highest degree first): nine instructions per element
// where A&S's form above takes sixteen, two of them MUFU ops. The epilogue of a one-wave GEMM is
// exposed and issue-bound: every instruction per element costs ~0.9 % of the 1280x3072x768 GEMM
// (bench/RESULTS.md).
// - f16: error against half an f16 step of the result (2^-12 relative while normal, 3e-8
//   absolute among subnormals, below 6.1e-5): 7.1e-5 relative for x >= -3.9, at most 0.29 of a
//   half-step anywhere; 1.8 % of results round one step away from the exact value's rounding.
// - bf16 (normal down to 1e-38): uniform relative error, 3.7e-4 (10 % of a bf16 half-step).
// |x| is clamped to 6: beyond, Phi(-6) = 1e-9, so x > 6 gives x to f32 precision and x < -6
// gives -6 Phi(-6) ~ -6e-9 (f16: -0), within 6e-9 of the exact value (f32's 1 + erf is 0 there).
// GELU = max(x, 0) - a 2^P(a), a = min(|x|, 6).

// GELU, erf form, stored as f16: Phi(-a) = 2^P(a), P of degree 5 on [0, 6] (f16-weighted).
template <class T>
struct GeluErfF16 {
  CUTLASS_HOST_DEVICE T operator()(T const& x_in) const {
    float const x = static_cast<float>(x_in);
    float const a = fminf(fabsf(x), 6.0f);
    float p = fmaf(-0.000333401462f, a, 0.00595227815f);
    p = fmaf(p, a, -0.0486557633f);
    p = fmaf(p, a, -0.463558525f);
    p = fmaf(p, a, -1.14943469f);
    p = fmaf(p, a, -1.00010228f);
    return static_cast<T>(fmaf(-a, ex2_approx(p), max_nan(x, 0.0f)));
  }
};
template <class T, int N>
struct GeluErfF16<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::GeluErfF16, T, N> {};

// GELU, erf form, stored as bf16: Phi(-a) = 2^P(a), P of degree 5 on [0, 6] (3.7e-4 relative).
template <class T>
struct GeluErfBF16 {
  CUTLASS_HOST_DEVICE T operator()(T const& x_in) const {
    float const x = static_cast<float>(x_in);
    float const a = fminf(fabsf(x), 6.0f);
    float p = fmaf(-0.00020168451f, a, 0.00446760748f);
    p = fmaf(p, a, -0.0428327397f);
    p = fmaf(p, a, -0.472785681f);
    p = fmaf(p, a, -1.14439964f);
    p = fmaf(p, a, -1.00053179f);
    return static_cast<T>(fmaf(-a, ex2_approx(p), max_nan(x, 0.0f)));
  }
};
template <class T, int N>
struct GeluErfBF16<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::GeluErfBF16, T, N> {};

// softplus(x) = log(1 + exp(x)) = max(x, 0) + log1p(u), u = exp(-|x|) in (0, 1]: exp never
// overflows, so no threshold branch (above 20 the sum rounds to x, as torch's threshold=20
// returns x). log1p on (0, 1] is u * P(u), P of degree 7 fitted to log1p(u)/u at 4000 Chebyshev
// nodes for relative error (3.3e-7 at most, checked over 2M points in float32): eight FMAs
// (Horner's rule) where libm's log1pf and expf took ~4x the instructions and made bias+softplus
// cost +48 % over the plain GEMM (bench/epilogue.py). u by ex2.approx: 2 ulp plus 1.4 |x| ulp of
// the argument's rounding; u below 2^-126 flushes to 0, where softplus(x) < 1.2e-38 (x < -87).

// softplus(x) = log(1 + exp(x)) (torch's beta=1, threshold=20), as max(x, 0) + log1p(exp(-|x|)).
template <class T>
struct Softplus {
  CUTLASS_HOST_DEVICE T operator()(T const& x_in) const {
    float const x = static_cast<float>(x_in);
    float const u = ex2_approx(fabsf(x) * -1.44269504f);  // exp(-|x|)
    float p = fmaf(-0.00833649747f, u, 0.0433708504f);
    p = fmaf(p, u, -0.106677905f);
    p = fmaf(p, u, 0.176754937f);
    p = fmaf(p, u, -0.244704694f);
    p = fmaf(p, u, 0.332711875f);
    p = fmaf(p, u, -0.499971271f);
    p = fmaf(p, u, 0.999999762f);
    return static_cast<T>(fmaf(p, u, fmaxf(x, 0.0f)));
  }
};
template <class T, int N>
struct Softplus<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::Softplus, T, N> {};

// The same for a result rounded to f16/bf16 right away (the epilogue's root, stored as a 16-bit
// D): log1p's polynomial of degree 5, 9.7e-6 relative, 2 % of an f16 half-step (4.9e-4), so the
// stored value is the same but for rare ties. Two FMAs fewer in a one-wave GEMM's exposed
// epilogue (bench/epilogue.py): bias+softplus +12.8 % over the plain GEMM with degree 7.

// softplus(x) for a result stored as f16/bf16: log1p(u) to 1e-5 relative (degree 5).
template <class T>
struct SoftplusHalf {
  CUTLASS_HOST_DEVICE T operator()(T const& x_in) const {
    float const x = static_cast<float>(x_in);
    float const u = ex2_approx(fabsf(x) * -1.44269504f);  // exp(-|x|)
    float p = fmaf(-0.023335604f, u, 0.0998638496f);
    p = fmaf(p, u, -0.208831415f);
    p = fmaf(p, u, 0.324757576f);
    p = fmaf(p, u, -0.499302506f);
    p = fmaf(p, u, 0.999990344f);
    return static_cast<T>(fmaf(p, u, fmaxf(x, 0.0f)));
  }
};
template <class T, int N>
struct SoftplusHalf<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::SoftplusHalf, T, N> {};

// hardswish(x) = x relu6(x + 3) / 6 = x clamp((x + 3) / 6, 0, 1): an add, a multiply that
// saturates to [0, 1] (mul.rn.sat) and a multiply, where CUTLASS's HardSwish<float> adds 3, takes
// a max and a min and multiplies twice (five instructions an element; in a one-wave GEMM's exposed
// epilogue each costs ~0.9 % of the 1280x3072x768 GEMM, bench/RESULTS.md). x + 3 first, not one
// fma(x, 1/6, 1/2): near x = -3 the fma's rounded 1/6 leaves an error of ~1e-8 in a term of ~1e-3
// (1.5e-5 relative); x + 3 is exact there (Sterbenz), so this is the function to f32 rounding.
// x = NaN: sat flushes NaN to +0, and x * 0 = NaN; x = +inf: inf; x = -inf: -inf * 0 = NaN, as
// torch's x * min(max(x + 3, 0), 6) / 6.
CUTLASS_HOST_DEVICE float mul_saturate(float a, float b) {
#if defined(__CUDA_ARCH__)
  float y;
  asm("mul.rn.sat.f32 %0, %1, %2;" : "=f"(y) : "f"(a), "f"(b));
  return y;
#else
  float const y = a * b;
  return y != y ? 0.0f : fminf(fmaxf(y, 0.0f), 1.0f);
#endif
}

// hardswish(x) = x clamp((x + 3) / 6, 0, 1), by an add, a saturating multiply and a multiply.
template <class T>
struct HardSwishSat {
  CUTLASS_HOST_DEVICE T operator()(T const& x_in) const {
    float const x = static_cast<float>(x_in);
    return static_cast<T>(x * mul_saturate(x + 3.0f, 0.16666667f));
  }
};
template <class T, int N>
struct HardSwishSat<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::HardSwishSat, T, N> {};

// sigmoid(x) = 1 / (1 + 2^(-x log2 e)): one ex2 and one reciprocal, both MUFU approximations
// (2 and 1 ulp: 3e-7 relative, far inside a 16-bit result's rounding). CUTLASS's Sigmoid takes
// the same fast exp but divides in IEEE precision (div.rn: a dozen instructions and a slow-path
// branch), and a one-wave GEMM's epilogue is exposed and issue-bound: bias+sigmoid and
// bias+silu ran 36 % over the plain 1280x3072x768 GEMM with it (bench/RESULTS.md, 2026-11-28).
// x = -inf: 2^inf = inf, rcp(inf) = 0; x = +inf: 1; NaN stays NaN. Results below 2^-126
// (x < -87) flush to 0 (rcp.approx.ftz).
// Two MUFU ops an element (16 a clock an SM: 0.94 us on the 1280x3072 GEMM's outputs), where
// GELU and softplus take one; the ways to one, weighed and not taken: 0.5 + 0.5 tanh(x / 2)
// (tanh.approx, 2^-11 relative) cancels for x < 0, where sigmoid is small (x = -8: up to 70 % off);
// the reciprocal by Newton's iteration from an exponent-bit guess takes three steps (six FMAs)
// for a 16-bit result, as long on the FMA pipe as the MUFU op it saves (bench/RESULTS.md,
// 2026-11-29 09:27: bias + silu/sigmoid +9-19 % over the plain GEMM on every tile tried).

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

// silu(x) = x sigmoid(x), the same way (x = -inf: -inf * 0 = NaN, as torch's x * sigmoid(x)).

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

// Functors computing one libm function (or IEEE division) in float.

// exp(x)
template <class T>
struct Exp {
  CUTLASS_HOST_DEVICE T operator()(T const& x_in) const {
    float const x = static_cast<float>(x_in);
    return static_cast<T>(expf(x));
  }
};
template <class T, int N>
struct Exp<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::Exp, T, N> {};

// log(x)
template <class T>
struct Log {
  CUTLASS_HOST_DEVICE T operator()(T const& x_in) const {
    float const x = static_cast<float>(x_in);
    return static_cast<T>(logf(x));
  }
};
template <class T, int N>
struct Log<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::Log, T, N> {};

// log(1 + x), accurate near 0
template <class T>
struct Log1p {
  CUTLASS_HOST_DEVICE T operator()(T const& x_in) const {
    float const x = static_cast<float>(x_in);
    return static_cast<T>(log1pf(x));
  }
};
template <class T, int N>
struct Log1p<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::Log1p, T, N> {};

// sqrt(x)
template <class T>
struct Sqrt {
  CUTLASS_HOST_DEVICE T operator()(T const& x_in) const {
    float const x = static_cast<float>(x_in);
    return static_cast<T>(sqrtf(x));
  }
};
template <class T, int N>
struct Sqrt<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::Sqrt, T, N> {};

// 1 / sqrt(x)
template <class T>
struct Rsqrt {
  CUTLASS_HOST_DEVICE T operator()(T const& x_in) const {
    float const x = static_cast<float>(x_in);
    return static_cast<T>(rsqrtf(x));
  }
};
template <class T, int N>
struct Rsqrt<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::Rsqrt, T, N> {};

// |x|
template <class T>
struct Abs {
  CUTLASS_HOST_DEVICE T operator()(T const& x_in) const {
    float const x = static_cast<float>(x_in);
    return static_cast<T>(fabsf(x));
  }
};
template <class T, int N>
struct Abs<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::Abs, T, N> {};

// erf(x)
template <class T>
struct Erf {
  CUTLASS_HOST_DEVICE T operator()(T const& x_in) const {
    float const x = static_cast<float>(x_in);
    return static_cast<T>(erff(x));
  }
};
template <class T, int N>
struct Erf<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::Erf, T, N> {};

// 1 / x (IEEE division)
template <class T>
struct Reciprocal {
  CUTLASS_HOST_DEVICE T operator()(T const& x_in) const {
    float const x = static_cast<float>(x_in);
    return static_cast<T>(1.0f / x);
  }
};
template <class T, int N>
struct Reciprocal<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::Reciprocal, T, N> {};

// x ** y
template <class T>
struct Pow {
  CUTLASS_HOST_DEVICE T operator()(T const& x_in, T const& y_in) const {
    float const x = static_cast<float>(x_in);
    float const y = static_cast<float>(y_in);
    return static_cast<T>(powf(x, y));
  }
};
template <class T, int N>
struct Pow<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::Pow, T, N> {};

// bolt.ew.max/min propagate NaN (numpy's maximum); CUTLASS's default does not.
template <class T> using MaximumNaN = cutlass::maximum<T, true>;
template <class T> using MinimumNaN = cutlass::minimum<T, true>;

// bolt.ew.select of an arith.cmpf predicate, Select_<predicate>: (a <predicate> b) ? on_true :
// on_false over float a, b, with arith.cmpf's semantics: ordered predicates (o..) are false on
// NaN, unordered ones (u..) true.
#define BOLTC_EVT_SELECT(NAME, CONDITION)                                                 \
  template <class T>                                                                      \
  struct NAME {                                                                           \
    CUTLASS_HOST_DEVICE T operator()(T const& a_in, T const& b_in, T const& on_true,      \
                                     T const& on_false) const {                           \
      float const a = static_cast<float>(a_in);                                           \
      float const b = static_cast<float>(b_in);                                           \
      bool const unordered = isnan(a) || isnan(b);                                        \
      return (CONDITION) ? on_true : on_false;                                            \
    }                                                                                     \
  };                                                                                      \
  template <class T, int N>                                                               \
  struct NAME<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::NAME, T, N> {};

BOLTC_EVT_SELECT(Select_oeq, !unordered && a == b)
BOLTC_EVT_SELECT(Select_ogt, !unordered && a > b)
BOLTC_EVT_SELECT(Select_oge, !unordered && a >= b)
BOLTC_EVT_SELECT(Select_olt, !unordered && a < b)
BOLTC_EVT_SELECT(Select_ole, !unordered && a <= b)
BOLTC_EVT_SELECT(Select_one, !unordered && a != b)
BOLTC_EVT_SELECT(Select_ueq, unordered || a == b)
BOLTC_EVT_SELECT(Select_ugt, unordered || a > b)
BOLTC_EVT_SELECT(Select_uge, unordered || a >= b)
BOLTC_EVT_SELECT(Select_ult, unordered || a < b)
BOLTC_EVT_SELECT(Select_ule, unordered || a <= b)
BOLTC_EVT_SELECT(Select_une, unordered || a != b)

#undef BOLTC_EVT_SELECT

}  // namespace boltc_evt
