// MUFU throughput probe (bench/RESULTS.md, 2026-11-29 07:32): elements per clock per SM of the
// f32 and packed 16-bit ex2/tanh approximations. nvcc -arch=sm_90a -o mufu bench/mufu_throughput.cu && ./mufu
// (then cuobjdump -sass mufu | grep MUFU: a packed f16x2/bf16x2 op is two MUFU instructions).
#include <cstdio>
#include <cuda_runtime.h>
#define ITERS 512
#define CH 8
template <int OP> __device__ __forceinline__ unsigned step(unsigned x) {
  unsigned y;
  if (OP == 0) asm volatile("ex2.approx.ftz.f32 %0, %1;" : "=r"(y) : "r"(x));
  if (OP == 1) asm volatile("ex2.approx.f16x2 %0, %1;" : "=r"(y) : "r"(x));
  if (OP == 2) asm volatile("ex2.approx.ftz.bf16x2 %0, %1;" : "=r"(y) : "r"(x));
  if (OP == 3) asm volatile("tanh.approx.f32 %0, %1;" : "=r"(y) : "r"(x));
  if (OP == 4) asm volatile("tanh.approx.f16x2 %0, %1;" : "=r"(y) : "r"(x));
  if (OP == 5) asm volatile("tanh.approx.bf16x2 %0, %1;" : "=r"(y) : "r"(x));
  return y;
}
template <int OP> __global__ void k(unsigned* p) {
  unsigned v[CH];
  for (int c = 0; c < CH; ++c) v[c] = p[threadIdx.x] + c;
  for (int i = 0; i < ITERS; ++i)
#pragma unroll
    for (int c = 0; c < CH; ++c) v[c] = step<OP>(v[c]);
  unsigned s = 0;
  for (int c = 0; c < CH; ++c) s ^= v[c];
  if (s == 0x12345678) p[blockIdx.x] = s;
}
template <int OP> void run(const char* name, int elems_per_op, unsigned* d, int sms, int clk_khz) {
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  int blocks = sms * 8, threads = 256;
  k<OP><<<blocks, threads>>>(d);
  cudaEventRecord(a);
  for (int r = 0; r < 10; ++r) k<OP><<<blocks, threads>>>(d);
  cudaEventRecord(b); cudaEventSynchronize(b);
  float ms; cudaEventElapsedTime(&ms, a, b);
  double ops = 10.0 * blocks * threads * ITERS * CH;
  double per_clk_sm = ops * elems_per_op / (ms * 1e-3) / sms / (clk_khz * 1e3);
  printf("%-22s %8.3f ms  %6.2f elements/clk/SM (at %d MHz)\n", name, ms, per_clk_sm, clk_khz / 1000);
}
int main() {
  unsigned* d; cudaMalloc(&d, 1 << 20); cudaMemset(d, 0, 1 << 20);
  cudaDeviceProp pr; cudaGetDeviceProperties(&pr, 0);
  int clk; cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, 0);
  int sms = pr.multiProcessorCount;
  run<0>("ex2.approx.ftz.f32", 1, d, sms, clk);
  run<1>("ex2.approx.f16x2", 2, d, sms, clk);
  run<2>("ex2.approx.ftz.bf16x2", 2, d, sms, clk);
  run<3>("tanh.approx.f32", 1, d, sms, clk);
  run<4>("tanh.approx.f16x2", 2, d, sms, clk);
  run<5>("tanh.approx.bf16x2", 2, d, sms, clk);
  return 0;
}
