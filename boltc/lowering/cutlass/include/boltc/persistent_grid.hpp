// boltc: the launch of a persistent kernel (a grid of the CTAs that fit at once, each walking
// tiles), for the TUs of conv_pool, b2b_conv_direct and b2b_conv_window: the grid, and
// whether a problem can run at all (can_run). Host code.
#pragma once

#include <cuda_runtime.h>

#include "cutlass/cutlass.h"

namespace boltc::persistent_grid {

constexpr int kMaxDevices = 64;  // devices whose launch configuration a TU caches

// The CTAs of `kernel` the current device runs at once (its SMs x the occupancy at `threads`
// threads and `smem_bytes` of dynamic shared memory, which the kernel is first opted into), or
// 0 on a CUDA error. Once per device, in the caller's `slots` (each kernel its own: the
// shared-memory attribute is a per-device setting of that kernel, and a process may run the
// model on several devices; the writes are idempotent).
template <class Kernel>
inline int slots(Kernel kernel, int threads, int smem_bytes, int (&cache)[kMaxDevices]) {
  int device = 0;
  if (cudaGetDevice(&device) != cudaSuccess || device < 0 || device >= kMaxDevices) {
    return 0;
  }
  if (cache[device] == 0) {
    int sms = 0, per_sm = 0;
    if (cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes) != cudaSuccess ||
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device) != cudaSuccess ||
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, smem_bytes) != cudaSuccess ||
        per_sm < 1) {
      return 0;
    }
    cache[device] = sms * per_sm;
  }
  return cache[device];
}

// A launch of `grid` CTAs in clusters of `cluster` along x: the configuration that both
// cudaLaunchKernelEx and cudaOccupancyMaxActiveClusters take. Not copyable: `config` points at
// this object's own `attribute`.
struct ClusterLaunch {
  cudaLaunchAttribute attribute = {};
  cudaLaunchConfig_t config = {};

  ClusterLaunch(int grid, int cluster, int threads, int smem_bytes, cudaStream_t stream) {
    attribute.id = cudaLaunchAttributeClusterDimension;
    attribute.val.clusterDim.x = cluster;
    attribute.val.clusterDim.y = 1;
    attribute.val.clusterDim.z = 1;
    config.gridDim = dim3(grid, 1, 1);
    config.blockDim = dim3(threads, 1, 1);
    config.dynamicSmemBytes = smem_bytes;
    config.stream = stream;
    config.attrs = &attribute;
    config.numAttrs = 1;
  }
  ClusterLaunch(ClusterLaunch const&) = delete;
  ClusterLaunch& operator=(ClusterLaunch const&) = delete;
};

// The CTAs of `kernel` launched in clusters of `cluster` CTAs that the current device runs at
// once: whole clusters, as cudaOccupancyMaxActiveClusters counts them (what the GPCs hold), or 0
// on a CUDA error. Cached per device as `slots`.
template <class Kernel>
inline int cluster_slots(Kernel kernel, int threads, int smem_bytes, int cluster, int (&cache)[kMaxDevices]) {
  int device = 0;
  if (cudaGetDevice(&device) != cudaSuccess || device < 0 || device >= kMaxDevices) {
    return 0;
  }
  if (cache[device] == 0) {
    if (cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes) != cudaSuccess) {
      return 0;
    }
    ClusterLaunch const one(cluster, cluster, threads, smem_bytes, nullptr);
    int clusters = 0;
    if (cudaOccupancyMaxActiveClusters(&clusters, kernel, &one.config) != cudaSuccess || clusters < 1) {
      return 0;
    }
    cache[device] = clusters * cluster;
  }
  return cache[device];
}

// Whether the current device gives a CTA `smem_bytes` of dynamic shared memory (its opt-in
// limit); false on a CUDA error too (`error` then set).
inline bool fits_shared_memory(int smem_bytes, bool* error) {
  int device = 0, most = 0;
  *error = cudaGetDevice(&device) != cudaSuccess ||
           cudaDeviceGetAttribute(&most, cudaDevAttrMaxSharedMemoryPerBlockOptin, device) != cudaSuccess;
  return !*error && smem_bytes <= most;
}

// can_implement's answer for a persistent TU: `checked` (the TU's own check of the problem's
// sizes and strides) where that refuses, else whether the current device gives a CTA
// `smem_bytes` of shared memory (kErrorNotSupported where it does not, kErrorInternal on a CUDA
// error).
inline cutlass::Status can_run(cutlass::Status checked, int smem_bytes) {
  if (checked != cutlass::Status::kSuccess) {
    return checked;
  }
  bool error = false;
  bool const fits = fits_shared_memory(smem_bytes, &error);
  return error ? cutlass::Status::kErrorInternal : fits ? cutlass::Status::kSuccess : cutlass::Status::kErrorNotSupported;
}

}  // namespace boltc::persistent_grid
