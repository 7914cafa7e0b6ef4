// bench/tma_box_probe.cu: does one TMA tile load (the header b2b_conv_direct.hpp's load_window_tma)
// of an f16 [N][H][W] tensor work for a given box and start? Prints the encode status, the
// launch status and mismatches against the expected box (zeros outside). On the H200 a box
// whose innermost start is not a multiple of 8 elements (16 bytes) faults with an illegal
// instruction; negative and past-the-end starts on a unit are fine (bench/RESULTS.md, 2026-11-30).
//   nvcc -arch=sm_90a -std=c++17 -I<cutlass include dirs> -I boltc/lowering/cutlass/include \
//        bench/tma_box_probe.cu -o /tmp/tma_probe && /tmp/tma_probe W H N box_w box_h x y n l2promotion
#include <cstdio>
#include <cstdlib>
#include <cuda.h>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include "boltc/b2b_conv_direct.hpp"
using namespace boltc::b2b_conv_direct;

__global__ void probe(__grid_constant__ CUtensorMap const map, int bytes, int x, int y, int n, int count, unsigned short* out) {
  extern __shared__ __align__(128) unsigned char smem[];
  uint32_t const s = static_cast<uint32_t>(__cvta_generic_to_shared(smem));
  uint32_t const bar = static_cast<uint32_t>(__cvta_generic_to_shared(smem + 16384));
  if (threadIdx.x == 0) {
    barrier_init(bar, 1);
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
  }
  __syncthreads();
  if (threadIdx.x == 0) load_window_tma(&map, bar, s, bytes, x, y, n);
  barrier_wait(bar, 0);
  for (int i = threadIdx.x; i < count; i += blockDim.x) out[i] = reinterpret_cast<unsigned short*>(smem)[i];
}

int main(int argc, char** argv) {
  int W = atoi(argv[1]), H = atoi(argv[2]), N = atoi(argv[3]), bw = atoi(argv[4]), bh = atoi(argv[5]);
  int x = atoi(argv[6]), y = atoi(argv[7]), n = atoi(argv[8]), l2 = atoi(argv[9]);
  size_t elems = size_t(W) * H * N;
  unsigned short* h = (unsigned short*)malloc(elems * 2);
  for (size_t i = 0; i < elems; ++i) h[i] = (unsigned short)(i % 60000 + 1);
  unsigned short *d, *o;
  cudaMalloc(&d, elems * 2); cudaMalloc(&o, bw * bh * 2);
  cudaMemcpy(d, h, elems * 2, cudaMemcpyHostToDevice);
  using Encode = CUresult (*)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*, cuuint64_t const*, cuuint64_t const*,
                              cuuint32_t const*, cuuint32_t const*, CUtensorMapInterleave, CUtensorMapSwizzle,
                              CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
  void* f = nullptr; cudaDriverEntryPointQueryResult q;
  cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &f, 12000, cudaEnableDefault, &q);
  CUtensorMap map = {};
  cuuint64_t size[3] = {cuuint64_t(W), cuuint64_t(H), cuuint64_t(N)};
  cuuint64_t stride[2] = {cuuint64_t(W) * 2, cuuint64_t(W) * H * 2};
  cuuint32_t box[3] = {cuuint32_t(bw), cuuint32_t(bh), 1};
  cuuint32_t step[3] = {1, 1, 1};
  CUresult r = ((Encode)f)(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 3, d, size, stride, box, step, CU_TENSOR_MAP_INTERLEAVE_NONE,
                           CU_TENSOR_MAP_SWIZZLE_NONE, l2 ? CU_TENSOR_MAP_L2_PROMOTION_L2_128B : CU_TENSOR_MAP_L2_PROMOTION_NONE,
                           CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  printf("encode %d ", int(r));
  cudaFuncSetAttribute(probe, cudaFuncAttributeMaxDynamicSharedMemorySize, 32768);
  probe<<<1, 128, 32768>>>(map, bw * bh * 2, x, y, n, bw * bh, o);
  cudaError_t e = cudaDeviceSynchronize();
  printf("run %s ", cudaGetErrorString(e));
  if (e == cudaSuccess) {
    unsigned short* g = (unsigned short*)malloc(bw * bh * 2);
    cudaMemcpy(g, o, bw * bh * 2, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int r2 = 0; r2 < bh; ++r2) for (int c = 0; c < bw; ++c) {
      int gx = x + c, gy = y + r2;
      unsigned short want = (gx >= 0 && gx < W && gy >= 0 && gy < H) ? h[(size_t(n) * H + gy) * W + gx] : 0;
      bad += g[r2 * bw + c] != want;
    }
    printf("mismatches %d", bad);
  }
  printf("\n");
}
