// Element-type dispatch and launch sizes shared by the runtime's kernel files (internal).
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime_api.h>

#include <cstdint>
#include <map>
#include <mutex>
#include <utility>

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

// Programmatic dependent launch (Hopper). Every runtime kernel begins with
// `wait_for_prior_grids(); allow_dependent_grids();` and is launched through `launch` below,
// which asks for programmatic stream serialization where the kernel, as loaded on the current
// device, was compiled for a 9.0+ virtual architecture (so those two are griddepcontrol
// instructions, not nothing). The kernel may then be launched while the kernel before it on the
// stream finishes (CUTLASS's sm_90a GEMMs let dependents launch at their last tile; a kernel
// that never does lets them launch as its last blocks exit, before its completion is
// flushed), and its first instruction waits until that kernel has completed and its writes
// are visible: every read and write of the kernel comes after the wait, so this changes when
// the launch's latency is paid, not what the kernel sees. The kernel after it may in turn
// launch once all its blocks have passed their wait (allow_dependent_grids): a dependent
// waits for this grid's completion in the same way. The generated GEMM and cooperative conv
// kernels do the same (boltc/lowering/cutlass/cpp.py, PDL_DEFINE). A kernel compiled for an
// older architecture (sm_80, or compute_80 PTX run on a newer GPU) has no wait, and is
// launched plainly: launched early, it could read inputs the kernel before it is still writing.
__device__ __forceinline__ void wait_for_prior_grids() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

__device__ __forceinline__ void allow_dependent_grids() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}

// Whether `kernel`, as loaded on the current device, was compiled with the two above: its PTX
// (or the cubin built from it) is for a 9.0+ virtual architecture. Asked once per (device,
// kernel) in the process.
inline bool waits_for_prior_grids(const void* kernel) {
  int device = 0;
  if (cudaGetDevice(&device) != cudaSuccess) {
    return false;  // the launch itself reports the error
  }
  static std::mutex mutex;
  static std::map<std::pair<int, const void*>, bool> known;
  std::lock_guard<std::mutex> lock(mutex);
  auto const [entry, inserted] = known.try_emplace({device, kernel}, false);
  if (inserted) {
    cudaFuncAttributes attributes{};
    if (cudaFuncGetAttributes(&attributes, kernel) == cudaSuccess) {
      entry->second = attributes.ptxVersion >= 90;
    } else {
      (void)cudaGetLastError();  // asked again by the launch, which reports it
      known.erase(entry);
      return false;
    }
  }
  return entry->second;
}

// kernel<<<grid, block, shared, stream>>>(args...), as a programmatic dependent where the
// kernel waits (above). The launch's error is also the thread's last error, as with <<<>>>,
// so callers end with `return launched();` either way.
template <class... Params, class... Args>
cudaError_t launch(void (*kernel)(Params...), dim3 grid, dim3 block, size_t shared, cudaStream_t stream,
                   Args&&... args) {
  cudaLaunchAttribute attribute{};
  attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config{};
  config.gridDim = grid;
  config.blockDim = block;
  config.dynamicSmemBytes = shared;
  config.stream = stream;
  if (waits_for_prior_grids(reinterpret_cast<const void*>(kernel))) {
    config.attrs = &attribute;
    config.numAttrs = 1;
  }
  return cudaLaunchKernelEx(&config, kernel, std::forward<Args>(args)...);
}

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
