// boltc: the channel padding of a convolution whose C its kernel cannot read as it is
// (conv_sm90, conv_sm80 and b2b_conv_sm90; boltc/lowering/cutlass/conv_sm90.py, pad_channels_code
// and pad_prologue). Each tensor is copied into the workspace with its innermost dimension
// widened to c_pad, the new channels zero: zero channels of the activation and the filter add
// nothing to any sum.
//
// Internal linkage (static), as when this was part of each TU's text: every TU that includes it
// registers its own copy of the kernel with the CUDA runtime, compiled for that TU's arches. One
// shared (weak) host stub would let an sm_90a TU's registration stand for an sm_80 TU's launch in
// a fat model.so.
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

namespace boltc {

template <class T>
static __global__ void pad_channels_kernel(T const* __restrict__ src, T* __restrict__ dst,
                                           int64_t rows, int c, int c_pad) {
  int64_t const total = rows * c_pad;
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < total;
       i += int64_t(gridDim.x) * blockDim.x) {
    int64_t const row = i / c_pad;
    int const channel = static_cast<int>(i - row * c_pad);
    dst[i] = channel < c ? src[row * c + channel] : T(0);
  }
}

// src's `rows` rows of c elements into dst's rows of c_pad, on `stream`.
template <class T>
static cudaError_t pad_channels(T const* src, T* dst, int64_t rows, int c, int c_pad, cudaStream_t stream) {
  int64_t const total = rows * c_pad;
  int const threads = 256;
  int64_t const wanted = (total + threads - 1) / threads;
  int const blocks = static_cast<int>(wanted < 8192 ? (wanted > 0 ? wanted : 1) : 8192);
  pad_channels_kernel<T><<<blocks, threads, 0, stream>>>(src, dst, rows, c, c_pad);
  return cudaGetLastError();
}

}  // namespace boltc
