// bench/carveout_probe.cu: how many CTAs of a kernel needing S bytes of dynamic shared memory an
// H100/H200 SM holds at once, with the driver's default shared-memory carveout and with
// cudaFuncAttributePreferredSharedMemoryCarveout = cudaSharedmemCarveoutMaxShared, against what
// cudaOccupancyMaxActiveBlocksPerMultiprocessor reports. CUTLASS 2.x's device operators (conv_sm80,
// gemm_sm80 and the b2b_sm80 families) set the dynamic size but no carveout preference.
//
// Each CTA counts itself in on its SM (atomics on a per-SM counter), records the most CTAs it saw
// there at once, spins ~50 us so that the launch's CTAs overlap, and counts itself out.
//   nvcc -gencode arch=compute_90a,code=sm_90a -O3 bench/carveout_probe.cu -o /tmp/carveout && /tmp/carveout
//
// H200, 2026-12-01 (bench/data/carveout_probe_h200_2026-12-01.txt): the default carveout already
// holds as many CTAs as the occupancy query says at every size (74 KB: 3, 75 KB: 2, 113 KB: 1), so
// CUTLASS 2.x kernels lose nothing by not asking for one; a CTA's share is its size plus 1 KB of
// 228 KB, which makes a few hundred bytes (or a few registers) the difference between 3 and 2.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#include "probe_check.cuh"  // CHECK

__device__ unsigned smid() {
  unsigned id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}

__global__ void resident(int* live, int* most, long long spin) {
  extern __shared__ int smem[];
  __shared__ int seen;
  unsigned const sm = smid();
  if (threadIdx.x == 0) {
    seen = atomicAdd(&live[sm], 1) + 1;
  }
  smem[threadIdx.x] = threadIdx.x;  // touch the allocation
  long long const start = clock64();
  while (clock64() - start < spin) {
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    int const now = atomicAdd(&live[sm], 0);
    atomicMax(&most[sm], seen > now ? seen : now);
    atomicSub(&live[sm], 1);
  }
}

int main() {
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  int* live;
  int* most;
  CHECK(cudaMalloc(&live, 1024 * sizeof(int)));
  CHECK(cudaMalloc(&most, 1024 * sizeof(int)));
  std::printf("%-10s %-8s %-9s %-12s %-12s\n", "smem KB", "threads", "occupancy", "default: max", "max carveout");
  int const threads = 128;
  for (int kb : {40, 50, 60, 70, 74, 75, 76, 100, 110, 113}) {
    int const bytes = kb * 1024;
    int results[2] = {0, 0};
    int occupancy = 0;
    for (int carve = 0; carve < 2; ++carve) {
      CHECK(cudaFuncSetAttribute(resident, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes));
      CHECK(cudaFuncSetAttribute(resident, cudaFuncAttributePreferredSharedMemoryCarveout,
                                 carve ? int(cudaSharedmemCarveoutMaxShared) : int(cudaSharedmemCarveoutDefault)));
      CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occupancy, resident, threads, bytes));
      CHECK(cudaMemset(live, 0, 1024 * sizeof(int)));
      CHECK(cudaMemset(most, 0, 1024 * sizeof(int)));
      resident<<<sms * 4, threads, bytes>>>(live, most, 100000);
      CHECK(cudaGetLastError());
      CHECK(cudaDeviceSynchronize());
      std::vector<int> host(sms);
      CHECK(cudaMemcpy(host.data(), most, sms * sizeof(int), cudaMemcpyDeviceToHost));
      int best = 0;
      for (int v : host) best = v > best ? v : best;
      results[carve] = best;
    }
    std::printf("%-10d %-8d %-9d %-12d %-12d\n", kb, threads, occupancy, results[0], results[1]);
  }
  return 0;
}
