// boltc: a back-to-back GEMM of tiny widths on CUDA cores (b2b_gemm_simt,
// boltc/lowering/cutlass/b2b_simt.py).
//
//   D = act1(act0(A W0 + bias0) W1 + bias1)    A: M x K0, W0: K0 x N0, W1: N0 x N1, K0, N0, N1 <= 16
//
// The chains no tensor-core b2b kernel reads: rows of A or D under 16 bytes (TMA's least
// stride), such as the Bolt paper's M=2464, K0=4, N0=1, N1=4. A row is a few dozen
// multiply-adds, so the pair is one pass over A and D: each thread takes a row, its K0 inputs
// and N0 + N1 fp32 sums in registers (the widths are template parameters: everything unrolls),
// the weights and biases read from shared memory as broadcasts (every thread of a warp reads the
// same element). The first product is rounded to the element type before the second GEMM, as
// the unfused pair stores it.
#pragma once

#include <cstdint>

#include "cutlass/numeric_types.h"

namespace boltc::b2b_simt {

constexpr int kThreads = 256;

template <class Element, int K0, int N0, int N1, bool W0KMajor, bool W1KMajor,
          class ElementBias0, bool kHasBias0, bool kRelu0, class ElementBias1, bool kHasBias1, bool kRelu1>
__global__ void __launch_bounds__(kThreads)
b2b_simt_kernel(int m, const Element* __restrict__ a, const Element* __restrict__ w0,
                const ElementBias0* __restrict__ bias0, const Element* __restrict__ w1,
                const ElementBias1* __restrict__ bias1, Element* __restrict__ d) {
  // W0 as [K0][N0] and W1 as [N0][N1] whatever their layout in memory (K-major: W[n][k]).
  __shared__ float s_w0[K0][N0];
  __shared__ float s_w1[N0][N1];
  __shared__ float s_b0[N0];
  __shared__ float s_b1[N1];
  for (int i = threadIdx.x; i < K0 * N0; i += blockDim.x) {
    int k = i / N0, n = i % N0;
    s_w0[k][n] = static_cast<float>(W0KMajor ? w0[n * K0 + k] : w0[k * N0 + n]);
  }
  for (int i = threadIdx.x; i < N0 * N1; i += blockDim.x) {
    int k = i / N1, n = i % N1;
    s_w1[k][n] = static_cast<float>(W1KMajor ? w1[n * N0 + k] : w1[k * N1 + n]);
  }
  for (int i = threadIdx.x; i < N0; i += blockDim.x) {
    s_b0[i] = kHasBias0 ? static_cast<float>(bias0[i]) : 0.0f;
  }
  for (int i = threadIdx.x; i < N1; i += blockDim.x) {
    s_b1[i] = kHasBias1 ? static_cast<float>(bias1[i]) : 0.0f;
  }
  __syncthreads();

  for (int64_t row = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; row < m; row += int64_t(gridDim.x) * blockDim.x) {
    float x[K0];
#pragma unroll
    for (int k = 0; k < K0; ++k) {
      x[k] = static_cast<float>(a[row * K0 + k]);
    }
    float h[N0];
#pragma unroll
    for (int n = 0; n < N0; ++n) {
      float sum = s_b0[n];
#pragma unroll
      for (int k = 0; k < K0; ++k) {
        sum += x[k] * s_w0[k][n];
      }
      if (kRelu0) {
        sum = sum > 0.0f ? sum : 0.0f;
      }
      h[n] = static_cast<float>(static_cast<Element>(sum));  // the first product in the element type
    }
#pragma unroll
    for (int n = 0; n < N1; ++n) {
      float sum = s_b1[n];
#pragma unroll
      for (int k = 0; k < N0; ++k) {
        sum += h[k] * s_w1[k][n];
      }
      if (kRelu1) {
        sum = sum > 0.0f ? sum : 0.0f;
      }
      d[row * N1 + n] = static_cast<Element>(sum);
    }
  }
}

}  // namespace boltc::b2b_simt
