// boltc: the host side of a split CUTLASS 3 kernel (boltc/lowering/cutlass/cpp.py, "Split
// translation units"; gemm_sm90 and conv_sm90 host TUs).
//
// A split pair's host TU holds no device code: the kernel is the device TU's, embedded in the
// model as a fatbin and loaded through the CUDA runtime's library API by the host TU's own
// `load_kernel` (cpp.host_adapter: it names that TU's fatbin and kernel symbol). KernelAdapter
// is the subset of CUTLASS's device adapters (GemmUniversalAdapter, ConvUniversalAdapter) that
// the entry points use, over that loaded kernel: the same steps as
// GemmUniversalAdapter::initialize and ::run for a CUTLASS 3 kernel, with the launch through
// cudaLaunchKernelExC (a cudaKernel_t cast to a function pointer is accepted there and by
// cudaFuncSetAttribute: cuda_runtime_api.h).
//
// LoadKernel is the TU's loader (internal linkage, so each TU's adapter launches its own
// kernel). Programmatic: the kernel waits (griddepcontrol.wait, CUTLASS_ENABLE_GDC_FOR_SM90)
// before it touches global memory, so it is launched as a programmatic dependent of the kernel
// before it on the stream: its launch and prologue overlap that kernel's tail (cpp.PDL_DEFINE).
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include <cuda_runtime.h>

#include "cute/int_tuple.hpp"
#include "cutlass/cutlass.h"

namespace boltc {

// Whether a kernel's Arguments carry CUTLASS's KernelHardwareInfo (CUTLASS 3 GEMMs and
// convolutions do), whose max_active_clusters the tile scheduler sizes its grid by.
template <class Arguments, class = void>
struct HasClusterOccupancy : std::false_type {};
template <class Arguments>
struct HasClusterOccupancy<Arguments, std::void_t<decltype(std::declval<Arguments&>().hw_info.max_active_clusters)>>
    : std::true_type {};

template <class Kernel, cudaError_t (*LoadKernel)(cudaKernel_t*), bool Programmatic = false>
class KernelAdapter {
 public:
  using Arguments = typename Kernel::Arguments;

  static cutlass::Status can_implement(Arguments const& arguments) {
    cudaKernel_t kernel = nullptr;
    if (LoadKernel(&kernel) != cudaSuccess) {
      (void)cudaGetLastError();
      return cutlass::Status::kErrorInternal;
    }
    return Kernel::can_implement(with_cluster_occupancy(arguments)) ? cutlass::Status::kSuccess
                                                                     : cutlass::Status::kInvalid;
  }

  static size_t get_workspace_size(Arguments const& arguments) {
    return Kernel::get_workspace_size(with_cluster_occupancy(arguments));
  }

  cutlass::Status initialize(Arguments const& given, void* workspace, cudaStream_t stream) {
    Arguments const arguments = with_cluster_occupancy(given);
    cutlass::Status const status = Kernel::initialize_workspace(arguments, workspace, stream);
    if (status != cutlass::Status::kSuccess) {
      return status;
    }
    params_ = Kernel::to_underlying_arguments(arguments, workspace);
    return cutlass::Status::kSuccess;
  }

  cutlass::Status run(cudaStream_t stream) {
    void const* function = launchable();
    if (function == nullptr) {
      return cutlass::Status::kErrorInternal;
    }
    cudaLaunchAttribute attributes[2] = {};
    unsigned count = 0;
    if (cute::size(Cluster{}) > 1) {  // a 1x1x1 cluster launches plainly
      attributes[count++] = cluster_attribute();
    }
    if (Programmatic) {
      attributes[count].id = cudaLaunchAttributeProgrammaticStreamSerialization;
      attributes[count].val.programmaticStreamSerializationAllowed = 1;
      ++count;
    }
    cudaLaunchConfig_t config = {};
    config.gridDim = Kernel::get_grid_shape(params_);
    config.blockDim = Kernel::get_block_shape();
    config.dynamicSmemBytes = Kernel::SharedStorageSize;
    config.stream = stream;
    config.attrs = attributes;
    config.numAttrs = count;
    void* kernel_arguments[] = {&params_};
    if (cudaLaunchKernelExC(&config, function, kernel_arguments) != cudaSuccess) {
      (void)cudaGetLastError();
      return cutlass::Status::kErrorInternal;
    }
    return cutlass::Status::kSuccess;
  }

 private:
  using Cluster = typename Kernel::DispatchPolicy::ClusterShape;

  // The loaded kernel, allowed its dynamic shared memory (above the 48 KB default); nullptr,
  // the CUDA error cleared, where either step fails.
  static void const* launchable() {
    cudaKernel_t kernel = nullptr;
    if (LoadKernel(&kernel) != cudaSuccess) {
      (void)cudaGetLastError();
      return nullptr;
    }
    void const* function = reinterpret_cast<void const*>(kernel);
    int const smem_bytes = Kernel::SharedStorageSize;
    if (smem_bytes >= (48 << 10) &&
        cudaFuncSetAttribute(function, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes) != cudaSuccess) {
      (void)cudaGetLastError();
      return nullptr;
    }
    return function;
  }

  static cudaLaunchAttribute cluster_attribute() {
    cudaLaunchAttribute attribute = {};
    attribute.id = cudaLaunchAttributeClusterDimension;
    attribute.val.clusterDim.x = cute::size<0>(Cluster{});
    attribute.val.clusterDim.y = cute::size<1>(Cluster{});
    attribute.val.clusterDim.z = cute::size<2>(Cluster{});
    return attribute;
  }

  // The arguments with the number of clusters the GPU can hold at once, where the caller left
  // it unset (0): without it CUTLASS's persistent tile scheduler sizes its grid by a rule of
  // 18 SMs a GPC (get_max_cta_occupancy), which on a 132-SM H100/H200 leaves room for 116
  // CTAs in clusters of 4 and 112 in clusters of 8, so 120 tiles (1280x768 in 128x64 tiles)
  // ran in two rounds: 2x2 and 2x4 clusters 24.2 and 24.9 us against 16.8 for 2x1 (profiled
  // on the H200, bench/RESULTS.md 2026-11-29), where cuBLAS runs this shape on 2x4 clusters.
  // cudaOccupancyMaxActiveClusters counts what the GPCs really hold; CUTLASS's own
  // KernelHardwareInfo::make_kernel_hardware_info makes the same query. On failure the
  // count stays 0 and CUTLASS keeps its rule.
  static Arguments with_cluster_occupancy(Arguments arguments) {
    if constexpr (HasClusterOccupancy<Arguments>::value) {
      if (cute::size(Cluster{}) > 1 && arguments.hw_info.max_active_clusters == 0) {
        arguments.hw_info.max_active_clusters = max_active_clusters();
      }
    }
    return arguments;
  }

  // Queried once per kernel (a model runs on one kind of GPU; a fat binary's sm_80 and sm_90a
  // kernels are different instantiations).
  static int max_active_clusters() {
    static int const clusters = [] {
      void const* function = launchable();
      if (function == nullptr) {
        return 0;
      }
      cudaLaunchAttribute attribute = cluster_attribute();
      cudaLaunchConfig_t config = {};
      config.gridDim = dim3(cute::size<0>(Cluster{}), cute::size<1>(Cluster{}), cute::size<2>(Cluster{}));
      config.blockDim = Kernel::get_block_shape();
      config.dynamicSmemBytes = Kernel::SharedStorageSize;
      config.attrs = &attribute;
      config.numAttrs = 1;
      int count = 0;
      if (cudaOccupancyMaxActiveClusters(&count, function, &config) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
      }
      return count;
    }();
    return clusters;
  }

  typename Kernel::Params params_;
};

}  // namespace boltc
