// boltc/device.cuh: device helpers shared by the runtime kernels and the elementwise kernels
// that the host generator writes per expression (CUDA C++, internal).
//
// Every op computes in float and rounds once to its result's element type, as the numpy
// reference does (up to float's accuracy in place of float64's). The math follows
// boltc/interpret/numerics.py, NaN behaviour included; accurate libdevice functions
// (expf, erff, tanhf), never the fast intrinsics.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>

namespace boltc::dev {

__device__ __forceinline__ float to_float(float x) { return x; }
__device__ __forceinline__ float to_float(__half x) { return __half2float(x); }
__device__ __forceinline__ float to_float(__nv_bfloat16 x) { return __bfloat162float(x); }

template <class T>
__device__ __forceinline__ T from_float(float x);
template <>
__device__ __forceinline__ float from_float<float>(float x) { return x; }
template <>
__device__ __forceinline__ __half from_float<__half>(float x) { return __float2half_rn(x); }
template <>
__device__ __forceinline__ __nv_bfloat16 from_float<__nv_bfloat16>(float x) {
  return __float2bfloat16_rn(x);
}

// x rounded to T and back: an intermediate result of a fused expression keeps the rounding
// its own op would have given it.
template <class T>
__device__ __forceinline__ float round_through(float x) { return to_float(from_float<T>(x)); }

// N elements loaded or stored with one aligned access (16 bytes for 4 floats or 8 halves).
template <class T, int N>
struct alignas(sizeof(T) * N) Vec {
  T v[N];
};

template <int N, class T>
__device__ __forceinline__ Vec<T, N> load_vec(const T* p) {
  return *reinterpret_cast<const Vec<T, N>*>(p);
}

template <int N, class T>
__device__ __forceinline__ void store_vec(T* p, const Vec<T, N>& v) {
  *reinterpret_cast<Vec<T, N>*>(p) = v;
}

__device__ __forceinline__ float nan_max(float a, float b) { return (a > b || a != a) ? a : b; }
__device__ __forceinline__ float nan_min(float a, float b) { return (a < b || a != a) ? a : b; }

// Reductions over the lanes of a warp (all 32 lanes take part).
struct SumOp {
  __device__ __forceinline__ float operator()(float a, float b) const { return a + b; }
};
struct MaxOp {
  __device__ __forceinline__ float operator()(float a, float b) const { return nan_max(a, b); }
};
struct MinOp {
  __device__ __forceinline__ float operator()(float a, float b) const { return nan_min(a, b); }
};

template <class Op>
__device__ __forceinline__ float warp_reduce(float v, Op op) {
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) v = op(v, __shfl_xor_sync(0xffffffffu, v, offset));
  return v;
}

// A reduction over kThreads consecutive threads (32: one warp, no shared memory; more: a whole
// block of kThreads). Every participating thread gets the result.
template <int kThreads, class Op>
__device__ __forceinline__ float group_reduce(float v, Op op) {
  v = warp_reduce(v, op);
  if constexpr (kThreads > 32) {
    static_assert(kThreads % 32 == 0 && kThreads <= 1024, "whole warps, one block");
    __shared__ float partial[kThreads / 32];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    __syncthreads();  // partial[] may still be read by a previous call
    if (lane == 0) partial[warp] = v;
    __syncthreads();
    v = partial[0];
#pragma unroll
    for (int i = 1; i < kThreads / 32; ++i) v = op(v, partial[i]);
  }
  return v;
}

}  // namespace boltc::dev

// The elementwise ops of the bolt dialect on floats (boltc/interpret/numerics.py).
namespace boltc::ew {

__device__ __forceinline__ float relu(float x) { return x != x ? x : fmaxf(x, 0.0f); }
__device__ __forceinline__ float sigmoid(float x) {
  const float e = expf(-fabsf(x));  // never overflows; full relative accuracy for tiny results
  return x >= 0.0f ? 1.0f / (1.0f + e) : e / (1.0f + e);
}
__device__ __forceinline__ float tanh(float x) { return tanhf(x); }
__device__ __forceinline__ float silu(float x) { return x * sigmoid(x); }
__device__ __forceinline__ float hardswish(float x) {
  return x * fminf(fmaxf(x + 3.0f, 0.0f), 6.0f) / 6.0f;
}
__device__ __forceinline__ float softplus(float x) {  // torch: beta 1, threshold 20
  return x > 20.0f ? x : log1pf(expf(fminf(x, 20.0f)));
}
__device__ __forceinline__ float gelu_erf(float x) {
  return 0.5f * x * (1.0f + erff(x * 0.70710678118654752f));
}
__device__ __forceinline__ float gelu_tanh(float x) {
  return 0.5f * x * (1.0f + tanhf(0.79788456080286536f * (x + 0.044715f * x * x * x)));
}
__device__ __forceinline__ float exp(float x) { return expf(x); }
__device__ __forceinline__ float log(float x) { return logf(x); }
__device__ __forceinline__ float log1p(float x) { return log1pf(x); }
__device__ __forceinline__ float sqrt(float x) { return sqrtf(x); }
__device__ __forceinline__ float rsqrt(float x) { return 1.0f / sqrtf(x); }  // rsqrtf: 2 ulp
__device__ __forceinline__ float neg(float x) { return -x; }
__device__ __forceinline__ float abs(float x) { return fabsf(x); }
__device__ __forceinline__ float erf(float x) { return erff(x); }
__device__ __forceinline__ float reciprocal(float x) { return 1.0f / x; }
__device__ __forceinline__ float clamp(float x, float lo, float hi) {
  return dev::nan_min(dev::nan_max(x, lo), hi);  // NaN stays NaN
}

__device__ __forceinline__ float add(float a, float b) { return a + b; }
__device__ __forceinline__ float sub(float a, float b) { return a - b; }
__device__ __forceinline__ float mul(float a, float b) { return a * b; }
__device__ __forceinline__ float div(float a, float b) { return a / b; }
__device__ __forceinline__ float max(float a, float b) { return dev::nan_max(a, b); }
__device__ __forceinline__ float min(float a, float b) { return dev::nan_min(a, b); }
__device__ __forceinline__ float pow(float a, float b) { return powf(a, b); }

// arith.cmpf predicates: o* are false when an operand is NaN, u* true.
__device__ __forceinline__ bool cmp_oeq(float a, float b) { return a == b; }
__device__ __forceinline__ bool cmp_ogt(float a, float b) { return a > b; }
__device__ __forceinline__ bool cmp_oge(float a, float b) { return a >= b; }
__device__ __forceinline__ bool cmp_olt(float a, float b) { return a < b; }
__device__ __forceinline__ bool cmp_ole(float a, float b) { return a <= b; }
__device__ __forceinline__ bool cmp_one(float a, float b) { return a < b || a > b; }
__device__ __forceinline__ bool cmp_ueq(float a, float b) { return !(a < b || a > b); }
__device__ __forceinline__ bool cmp_ugt(float a, float b) { return !(a <= b); }
__device__ __forceinline__ bool cmp_uge(float a, float b) { return !(a < b); }
__device__ __forceinline__ bool cmp_ult(float a, float b) { return !(a >= b); }
__device__ __forceinline__ bool cmp_ule(float a, float b) { return !(a > b); }
__device__ __forceinline__ bool cmp_une(float a, float b) { return a != b; }

}  // namespace boltc::ew
