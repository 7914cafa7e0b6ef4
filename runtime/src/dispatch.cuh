// Element-type dispatch and launch sizes shared by the runtime's kernel files (internal).
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime_api.h>

#include <cstdint>

#include "boltc/device.cuh"
#include "boltc/runtime.h"

namespace boltc::rt {

inline constexpr int kThreads = 256;

// Calls f(T{}) with T the C++ type of `dtype`; an unknown dtype is an invalid value.
template <class F>
cudaError_t dispatch(DType dtype, F&& f) {
  switch (dtype) {
    case DType::F32: return f(float{});
    case DType::F16: return f(__half{});
    case DType::BF16: return f(__nv_bfloat16{});
  }
  return cudaErrorInvalidValue;
}

// The status of the launch just made (launch configuration errors show here).
inline cudaError_t launched() { return cudaGetLastError(); }

// Grid-stride loops: index i of thread t in a 1-D grid.
__device__ __forceinline__ int64_t global_thread() {
  return static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}
__device__ __forceinline__ int64_t grid_threads() {
  return static_cast<int64_t>(gridDim.x) * blockDim.x;
}

// Offset of the element with linear index i (row-major over index.size) through index.stride.
// Unrolled over kMaxRank so that the parameter arrays stay in registers and the constant bank.
__device__ __forceinline__ int64_t strided_offset(int64_t i, const StridedIndex& index) {
  int64_t offset = 0;
#pragma unroll
  for (int d = kMaxRank - 1; d >= 0; --d) {
    if (d < index.rank) {
      const int64_t size = index.size[d];
      offset += (i % size) * index.stride[d];
      i /= size;
    }
  }
  return offset;
}

// Division of a non-negative 32-bit int by a divisor fixed at launch, as a multiply-high and a
// shift (CUTLASS's FastDivmod): a 32-bit division by a run-time value is a ~20-instruction
// routine, and index decompositions that did several per 16-byte vector were bound by them.
// Exact for 0 <= n < 2^31 and 1 <= divisor < 2^31 (the multiplier is ceil(2^(31+l) / d) with
// l = ceil(log2 d); the error term stays below 2^-32 * n * d / 2^(l-1) < 1 / d).
struct FastDivisor {
  int32_t divisor;
  uint32_t multiplier;  // 0 for a divisor of 1 (n / 1 = n, no multiply)
  uint32_t shift;

  static FastDivisor of(int32_t d) {
    FastDivisor f{d, 0, 0};
    if (d > 1) {
      uint32_t log2_ceil = 0;
      while ((int64_t{1} << log2_ceil) < d) ++log2_ceil;
      const uint64_t p = uint64_t{31} + log2_ceil;
      f.multiplier = static_cast<uint32_t>(((uint64_t{1} << p) + static_cast<uint64_t>(d) - 1) / static_cast<uint64_t>(d));
      f.shift = static_cast<uint32_t>(p - 32);
    }
    return f;
  }

  __device__ __forceinline__ int32_t div(int32_t n) const {
    return multiplier == 0 ? n : static_cast<int32_t>(__umulhi(static_cast<uint32_t>(n), multiplier) >> shift);
  }
  // n / divisor, and n % divisor in *rest.
  __device__ __forceinline__ int32_t divmod(int32_t n, int32_t* rest) const {
    const int32_t q = div(n);
    *rest = n - q * divisor;
    return q;
  }
};

inline int64_t index_count(const StridedIndex& index) {
  int64_t n = 1;
  for (int d = 0; d < index.rank; ++d) n *= index.size[d];
  return n;
}

}  // namespace boltc::rt
