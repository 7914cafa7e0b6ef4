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

inline int64_t index_count(const StridedIndex& index) {
  int64_t n = 1;
  for (int d = 0; d < index.rank; ++d) n *= index.size[d];
  return n;
}

}  // namespace boltc::rt
