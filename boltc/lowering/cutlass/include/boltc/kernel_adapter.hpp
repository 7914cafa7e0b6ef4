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

#include <cuda_runtime.h>

#include "cute/int_tuple.hpp"
#include "cutlass/cutlass.h"

namespace boltc {

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
    return Kernel::can_implement(arguments) ? cutlass::Status::kSuccess : cutlass::Status::kInvalid;
  }

  static size_t get_workspace_size(Arguments const& arguments) {
    return Kernel::get_workspace_size(arguments);
  }

  cutlass::Status initialize(Arguments const& arguments, void* workspace, cudaStream_t stream) {
    cutlass::Status const status = Kernel::initialize_workspace(arguments, workspace, stream);
    if (status != cutlass::Status::kSuccess) {
      return status;
    }
    params_ = Kernel::to_underlying_arguments(arguments, workspace);
    return cutlass::Status::kSuccess;
  }

  cutlass::Status run(cudaStream_t stream) {
    cudaKernel_t kernel = nullptr;
    if (LoadKernel(&kernel) != cudaSuccess) {
      (void)cudaGetLastError();
      return cutlass::Status::kErrorInternal;
    }
    void const* function = reinterpret_cast<void const*>(kernel);
    int const smem_bytes = Kernel::SharedStorageSize;
    if (smem_bytes >= (48 << 10) &&
        cudaFuncSetAttribute(function, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes) != cudaSuccess) {
      (void)cudaGetLastError();
      return cutlass::Status::kErrorInternal;
    }
    using Cluster = typename Kernel::DispatchPolicy::ClusterShape;
    cudaLaunchAttribute attributes[2] = {};
    unsigned count = 0;
    if (cute::size(Cluster{}) > 1) {  // a 1x1x1 cluster launches plainly
      attributes[count].id = cudaLaunchAttributeClusterDimension;
      attributes[count].val.clusterDim.x = cute::size<0>(Cluster{});
      attributes[count].val.clusterDim.y = cute::size<1>(Cluster{});
      attributes[count].val.clusterDim.z = cute::size<2>(Cluster{});
      ++count;
    }
    if (Programmatic) {
      attributes[count].id = cudaLaunchAttributeProgrammaticStreamSerialization;
      attributes[count].val.programmaticStreamSerializationAllowed = 1;
      ++count;
    }
    cudaLaunchConfig_t config = {};
    config.gridDim = Kernel::get_grid_shape(params_);
    config.blockDim = Kernel::get_block_shape();
    config.dynamicSmemBytes = smem_bytes;
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
  typename Kernel::Params params_;
};

}  // namespace boltc
