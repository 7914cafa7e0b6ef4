// boltc: the driver's cuTensorMapEncodeTiled, looked up once through the runtime (no libcuda link),
// for the TUs that build a TMA descriptor per call on the host (b2b_conv_direct's and
// b2b_conv_window's windows).
#pragma once

#include <cuda.h>
#include <cuda_runtime.h>

namespace boltc::tensor_map {

using EncodeTiled = CUresult (*)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*, cuuint64_t const*,
                                 cuuint64_t const*, cuuint32_t const*, cuuint32_t const*, CUtensorMapInterleave,
                                 CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill);

// The function, or null where the driver has none.
inline EncodeTiled encode_tiled() {
  static EncodeTiled const encode = [] {
    void* function = nullptr;
    cudaDriverEntryPointQueryResult found;
    cudaError_t const error =
        cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &function, 12000, cudaEnableDefault, &found);
    return error == cudaSuccess && found == cudaDriverEntryPointSuccess ? reinterpret_cast<EncodeTiled>(function)
                                                                        : nullptr;
  }();
  return encode;
}

}  // namespace boltc::tensor_map
