// bench/wgmma_rate_probe.cu: how fast the tensor cores run WGMMA m64nNk16 (f16 in, f32
// accumulators, both operands from shared memory in the 128-byte swizzle) by N, by the number of
// independent accumulators a warpgroup keeps in flight and by the number of warpgroups issuing
// at once, on every SM. The question it answers: whether b2b_conv_window's first GEMM
// (m64n48k16, two accumulators, one warpgroup issuing at a time) is slow because of its N or
// because of how it is issued (bench/RESULTS.md, 2026-12-02), and whether an A that starts off
// the swizzle pattern's first row (as every tap's but the first does there) reads slower.
//
//   nvcc -gencode arch=compute_90a,code=sm_90a -std=c++17 -O3 $INC -I boltc/lowering/cutlass/include \
//     bench/wgmma_rate_probe.cu -o /tmp/wgmma_rate && /tmp/wgmma_rate
//
// Each warpgroup issues kIters batches of 4 k-steps (one 128-byte row of K) times ACC
// accumulators, committing a batch and waiting for the one before (CUTLASS's mainloop keeps one
// batch in flight the same way). Printed: clocks a WGMMA an SM (all warpgroups' WGMMAs over the
// SM's clocks) and the fraction of the dense f16 peak: the datasheet's 989 TFLOP/s at 1.83 GHz
// over 132 SMs, 2048 multiply-adds a clock an SM.
// N = 120 (and other multiples of 8 past CUTLASS's default list) need the selector's extended shapes.
#define CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED 1

#include <cstdint>
#include <cstdio>
#include <utility>
#include <vector>

#include <cuda_runtime.h>

#include "../bench/probe_check.cuh"
#include "boltc/b2b_conv_window.hpp"

using boltc::b2b_conv_window::SsOp;
using boltc::b2b_conv_window::swizzled_descriptor;
using boltc::b2b_conv_window::wgmma_ss;
using boltc::b2b_conv_window::fence_accumulators;

constexpr int kIters = 512;
constexpr int kPeakMacsPerClock = 2048;

template <int N, int ACC, int WGS, int AOFF>
__global__ void __launch_bounds__(WGS * 128, 1) rate(long long* clocks, float* sink) {
  extern __shared__ __align__(1024) unsigned char smem[];
  // A: 64 rows x 128 B a warpgroup (+ 8 rows: an A starting AOFF rows into its swizzle pattern, as
  // b2b_conv_window's taps do); B: N rows x 128 B, shared. Small random-ish values.
  constexpr int kABytes = 72 * 128, kBBytes = N * 128;
  for (int i = threadIdx.x; i < (WGS * kABytes + kBBytes) / 2; i += blockDim.x) {
    reinterpret_cast<__half*>(smem)[i] = __float2half(float((i * 37) % 17 - 8) / 64.f);
  }
  __syncthreads();
  int const wg = threadIdx.x / 128;
  uint32_t const base = static_cast<uint32_t>(__cvta_generic_to_shared(smem));
  uint32_t const a_addr = base + wg * kABytes + AOFF * 128, b_addr = base + WGS * kABytes;
  float acc[ACC][N / 2];
#pragma unroll
  for (int r = 0; r < ACC; ++r)
#pragma unroll
    for (int i = 0; i < N / 2; ++i) acc[r][i] = 0.f;
  using Op = SsOp<cutlass::half_t, N>;
  long long const t0 = clock64();
  for (int it = 0; it < kIters; ++it) {
#pragma unroll
    for (int r = 0; r < ACC; ++r) fence_accumulators(acc[r]);
    cute::warpgroup_arrive();
#pragma unroll
    for (int k = 0; k < 4; ++k)
#pragma unroll
      for (int r = 0; r < ACC; ++r)
        wgmma_ss<Op>(acc[r], swizzled_descriptor<128>(a_addr + 32 * k), swizzled_descriptor<128>(b_addr + 32 * k),
                     std::make_index_sequence<N / 2>{});
    cute::warpgroup_commit_batch();
    cute::warpgroup_wait<1>();
#pragma unroll
    for (int r = 0; r < ACC; ++r) fence_accumulators(acc[r]);
  }
  cute::warpgroup_wait<0>();
  long long const t1 = clock64();
  float s = 0.f;
#pragma unroll
  for (int r = 0; r < ACC; ++r)
#pragma unroll
    for (int i = 0; i < N / 2; ++i) s += acc[r][i];
  sink[blockIdx.x * blockDim.x + threadIdx.x] = s;
  if (threadIdx.x % 128 == 0) clocks[blockIdx.x * WGS + wg] = t1 - t0;
}

template <int N, int ACC, int WGS, int AOFF = 0>
void run(int sms) {
  constexpr int smem = WGS * 72 * 128 + N * 128 + 1024;
  auto kernel = rate<N, ACC, WGS, AOFF>;
  CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  long long* clocks;
  float* sink;
  CHECK(cudaMalloc(&clocks, sizeof(long long) * sms * WGS));
  CHECK(cudaMalloc(&sink, sizeof(float) * sms * WGS * 128));
  for (int rep = 0; rep < 2; ++rep) {  // the first launch warms up
    kernel<<<sms, WGS * 128, smem>>>(clocks, sink);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
  }
  std::vector<long long> host(sms * WGS);
  CHECK(cudaMemcpy(host.data(), clocks, sizeof(long long) * host.size(), cudaMemcpyDeviceToHost));
  long long worst = 0;
  for (long long c : host) worst = c > worst ? c : worst;
  double const wgmmas = double(WGS) * ACC * 4 * kIters;  // an SM's
  double const per = worst / wgmmas;
  double const peak = 64.0 * N * 16 / kPeakMacsPerClock;
  std::printf("m64n%-3dk16 SS  accumulators %d  warpgroups %d  A %d rows in  %6.1f clocks a WGMMA an SM  (peak %5.1f: %3.0f %%)\n",
              N, ACC, WGS, AOFF, per, peak, 100 * peak / per);
  CHECK(cudaFree(clocks));
  CHECK(cudaFree(sink));
}

int main() {
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  run<48, 1, 1>(sms);
  run<48, 2, 1>(sms);
  run<48, 4, 1>(sms);
  run<48, 1, 2>(sms);
  run<48, 2, 2>(sms);
  run<48, 4, 2>(sms);
  run<64, 1, 1>(sms);
  run<64, 2, 1>(sms);
  run<64, 2, 2>(sms);
  run<96, 1, 1>(sms);
  run<96, 2, 2>(sms);
  run<120, 1, 1>(sms);
  run<120, 1, 2>(sms);
  run<128, 1, 1>(sms);
  run<128, 1, 2>(sms);
  run<128, 2, 2>(sms);
  run<256, 1, 1>(sms);
  run<256, 1, 2>(sms);
  // A descriptors starting off an 8-row swizzle pattern (b2b_conv_window's taps: a pixel or two
  // into a row, rows 58 pixels apart).
  run<48, 2, 1, 1>(sms);
  run<48, 2, 1, 2>(sms);
  run<48, 2, 1, 5>(sms);
  run<48, 2, 2, 1>(sms);
  run<64, 2, 1, 3>(sms);
  return 0;
}
