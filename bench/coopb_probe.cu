// bench/coopb_probe.cu: CUTLASS 3's sm_90a cooperative GEMM with the tile's N split between the
// two consumer warpgroups ("coopB", as cuBLAS's nvjet kernels name it) against the M split that
// CUTLASS's builder always makes, on the GEMMs where cuBLAS/cuDNN win: ResNet-50's stride-1 1x1
// layers as conv-as-gemm hands them over (B = the filter, N x K) and BERT's.
//
//   nvcc -gencode arch=compute_90a,code=sm_90a -std=c++17 -O3 -DNDEBUG $INC bench/coopb_probe.cu -o /tmp/coopb_probe \
//     && /tmp/coopb_probe [MxNxK ...]
//
// Why N split: a 192-row tile does not split in m64 units between two warpgroups, and a warpgroup
// computing 192x64 (three m64n64k16 a k-step) reads the same A as its peer with half of B. The
// builder's cooperative TiledMma is always 2x1 warpgroups (M split), and CUTLASS 4.2's TMA
// epilogue refuses a 1x2 one (sm90_compute_tile_shape_or_override wants M = 128 for cooperative,
// the R2S copy is ambiguous at 64x32: bench/RESULTS.md 2026-12-01), so the N-split kernels here
// hand-build the CollectiveMma (the builder's own recipe, sm90_gmma_builder.inl, with a 1x2x1
// atom layout and the per-warpgroup N given to the WGMMA selector) and store through the
// no-shared-memory epilogue (register -> global, alpha 1, beta 0). The M-split baselines run with
// both epilogues, so the epilogue's own share is visible.
//
// Each kernel's D is checked against a naive f32 reference (every element, relative to the
// largest |ref|) before its time counts. Time: CUDA events around one launch after a 256 MB
// memset (the L2 holding none of the operands, dirty with the memset's lines: as bench/timing.py's
// flush), median of 30; the events add ~2 us to every kernel alike, so compare kernels, not
// against CUPTI kernel times.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "cute/tensor.hpp"
#include "cutlass/cutlass.h"
#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/gemm/device/gemm_universal_adapter.h"
#include "cutlass/gemm/dispatch_policy.hpp"
#include "cutlass/gemm/kernel/gemm_universal.hpp"

#include "probe_check.cuh"

using namespace cute;
using Element = cutlass::half_t;
using LayoutA = cutlass::layout::RowMajor;     // M x K, K contiguous
using LayoutB = cutlass::layout::ColumnMajor;  // N x K, K contiguous (the filter; a linear layer's weight)
using LayoutD = cutlass::layout::RowMajor;
constexpr int kAlignment = 8;

// One cooperative GEMM: TileShape, ClusterShape, the warpgroups' atom layout (2x1x1: M split, the
// builder's; 1x2x1: N split), the WGMMA instruction's shape (a warpgroup's N), the epilogue.
template <class TileShape, class ClusterShape, class AtomLayout, class InstrShape, bool TmaEpilogue>
struct Cooperative {
  using TiledMma = decltype(make_tiled_mma(
      GMMA::ss_op_selector<Element, Element, float, InstrShape, GMMA::Major::K, GMMA::Major::K>(), AtomLayout{}));
  using SmemLayoutAtomA = decltype(cutlass::gemm::collective::detail::ss_smem_selector<
                                   GMMA::Major::K, Element, decltype(get<0>(TileShape{})), decltype(get<2>(TileShape{}))>());
  using SmemLayoutAtomB = decltype(cutlass::gemm::collective::detail::ss_smem_selector<
                                   GMMA::Major::K, Element, decltype(get<1>(TileShape{})), decltype(get<2>(TileShape{}))>());
  using GmemTiledCopyA = decltype(cutlass::gemm::collective::detail::sm90_cluster_shape_to_tma_atom(shape<1>(ClusterShape{})));
  using GmemTiledCopyB = decltype(cutlass::gemm::collective::detail::sm90_cluster_shape_to_tma_atom(shape<0>(ClusterShape{})));
  using EpilogueSchedule = std::conditional_t<TmaEpilogue, cutlass::epilogue::TmaWarpSpecializedCooperative,
                                              cutlass::epilogue::NoSmemWarpSpecialized>;
  using CollectiveEpilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
      cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, TileShape, ClusterShape,
      cutlass::epilogue::collective::EpilogueTileAuto, float, float, void, LayoutD, kAlignment, Element, LayoutD,
      kAlignment, EpilogueSchedule,
      cutlass::epilogue::fusion::LinearCombination<Element, float, void, float>>::CollectiveOp;
  static constexpr int kStages = cutlass::gemm::collective::detail::compute_stage_count_or_override<
      cutlass::gemm::collective::detail::sm90_smem_capacity_bytes, Element, Element, TileShape>(
      cutlass::gemm::collective::StageCountAutoCarveout<static_cast<int>(
          sizeof(typename CollectiveEpilogue::SharedStorage))>{});
  using Mainloop = cutlass::gemm::collective::CollectiveMma<
      cutlass::gemm::MainloopSm90TmaGmmaWarpSpecialized<kStages, ClusterShape,
                                                        cutlass::gemm::KernelTmaWarpSpecializedCooperative>,
      TileShape, Element, cutlass::detail::TagToStrideA_t<LayoutA>, Element, cutlass::detail::TagToStrideB_t<LayoutB>,
      TiledMma, GmemTiledCopyA, SmemLayoutAtomA, void, cute::identity, GmemTiledCopyB, SmemLayoutAtomB, void,
      cute::identity>;
  using Kernel = cutlass::gemm::kernel::GemmUniversal<Shape<int, int, int, int>, Mainloop, CollectiveEpilogue>;
  using Gemm = cutlass::gemm::device::GemmUniversalAdapter<Kernel>;
};

__global__ void reference(int m, int n, int k, Element const* a, Element const* b, float* d) {
  int const row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= m || col >= n) return;
  float sum = 0.f;
  for (int i = 0; i < k; ++i) sum += float(a[int64_t(row) * k + i]) * float(b[int64_t(col) * k + i]);
  d[int64_t(row) * n + col] = sum;
}

__global__ void fill(Element* x, int64_t count, uint32_t seed) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < count; i += int64_t(gridDim.x) * blockDim.x) {
    uint32_t h = uint32_t(i) * 2654435761u ^ seed;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    x[i] = Element(float(int(h % 17u) - 8) / 16.f);
  }
}

struct Problem {
  int m, n, k;
  Element *a, *b, *d;
  float* ref;                   // on the device, for the reference kernel
  std::vector<float> ref_host;  // the same, copied once for every kernel's check
  void* flush;
  float ref_max;
};

template <class Config>
void run(char const* name, Problem const& p) {
  using Gemm = typename Config::Gemm;
  using StrideA = typename Gemm::GemmKernel::StrideA;
  using StrideB = typename Gemm::GemmKernel::StrideB;
  using StrideD = typename Gemm::GemmKernel::StrideD;
  cutlass::KernelHardwareInfo hw;
  CHECK(cudaGetDevice(&hw.device_id));
  hw.sm_count = cutlass::KernelHardwareInfo::query_device_multiprocessor_count(hw.device_id);
  StrideD const stride_d{int64_t(p.n), _1{}, int64_t(p.m) * p.n};
  typename Gemm::Arguments args{cutlass::gemm::GemmUniversalMode::kGemm,
                                {p.m, p.n, p.k, 1},
                                {p.a, StrideA{int64_t(p.k), _1{}, int64_t(p.m) * p.k}, p.b,
                                 StrideB{int64_t(p.k), _1{}, int64_t(p.n) * p.k}},
                                {{}, nullptr, stride_d, p.d, stride_d},
                                hw};
  args.epilogue.thread.alpha = 1.f;
  args.epilogue.thread.beta = 0.f;
  Gemm gemm;
  if (gemm.can_implement(args) != cutlass::Status::kSuccess) {
    std::printf("%-44s cannot implement\n", name);
    return;
  }
  size_t const workspace_bytes = Gemm::get_workspace_size(args);
  void* workspace = nullptr;
  if (workspace_bytes) CHECK(cudaMalloc(&workspace, workspace_bytes));
  if (gemm.initialize(args, workspace) != cutlass::Status::kSuccess) {
    std::printf("%-44s initialize failed\n", name);
    return;
  }
  CHECK(cudaMemset(p.d, 0xff, sizeof(Element) * size_t(p.m) * p.n));  // NaNs: an unwritten D fails
  if (gemm.run() != cutlass::Status::kSuccess) {
    std::printf("%-44s run failed\n", name);
    return;
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  std::vector<Element> d(size_t(p.m) * p.n);
  CHECK(cudaMemcpy(d.data(), p.d, sizeof(Element) * d.size(), cudaMemcpyDeviceToHost));
  double worst = 0;
  for (size_t i = 0; i < d.size(); ++i) {
    double const e = std::fabs(double(float(d[i])) - p.ref_host[i]);
    worst = std::isnan(e) ? INFINITY : std::max(worst, e);
  }
  double const rel = worst / p.ref_max;
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  std::vector<float> times;
  for (int rep = 0; rep < 33; ++rep) {
    CHECK(cudaMemsetAsync(p.flush, rep, size_t(256) << 20));
    CHECK(cudaEventRecord(start));
    gemm.run();
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    if (rep >= 3) times.push_back(ms * 1e3f);
  }
  CHECK(cudaGetLastError());
  std::sort(times.begin(), times.end());
  double const us = times[times.size() / 2];
  std::printf("%-44s %8.2f us  %6.1f TFLOP/s  stages %d  max error %.1e of max|ref| %s\n", name, us,
              2.0 * p.m * p.n * p.k / us * 1e-6, Config::kStages, rel, rel < 1e-2 ? "ok" : "WRONG");
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  if (workspace) CHECK(cudaFree(workspace));
}

// M split (the builder's TiledMma: 2x1 warpgroups), as boltc's gemm_sm90 builds it.
using MSplit128x128 = Cooperative<Shape<_128, _128, _64>, Shape<_1, _1, _1>, Layout<Shape<_2, _1, _1>>, Shape<_64, _128, _64>, true>;
using MSplit128x128NoSmem = Cooperative<Shape<_128, _128, _64>, Shape<_1, _1, _1>, Layout<Shape<_2, _1, _1>>, Shape<_64, _128, _64>, false>;
using MSplit256x128 = Cooperative<Shape<_256, _128, _64>, Shape<_1, _1, _1>, Layout<Shape<_2, _1, _1>>, Shape<_64, _128, _64>, true>;
// N split: each warpgroup the tile's rows and half its columns.
using NSplit128x128 = Cooperative<Shape<_128, _128, _64>, Shape<_1, _1, _1>, Layout<Shape<_1, _2, _1>>, Shape<_64, _64, _64>, false>;
using NSplit192x128 = Cooperative<Shape<_192, _128, _64>, Shape<_1, _1, _1>, Layout<Shape<_1, _2, _1>>, Shape<_64, _64, _64>, false>;
using NSplit192x128C2 = Cooperative<Shape<_192, _128, _64>, Shape<_2, _1, _1>, Layout<Shape<_1, _2, _1>>, Shape<_64, _64, _64>, false>;
using NSplit256x128 = Cooperative<Shape<_256, _128, _64>, Shape<_1, _1, _1>, Layout<Shape<_1, _2, _1>>, Shape<_64, _64, _64>, false>;
using NSplit128x256 = Cooperative<Shape<_128, _256, _64>, Shape<_1, _1, _1>, Layout<Shape<_1, _2, _1>>, Shape<_64, _128, _64>, false>;
using NSplit192x192 = Cooperative<Shape<_192, _192, _64>, Shape<_1, _1, _1>, Layout<Shape<_1, _2, _1>>, Shape<_64, _96, _64>, false>;

int main(int argc, char** argv) {
  std::vector<std::string> shapes(argv + 1, argv + argc);
  if (shapes.empty()) {
    // ResNet-50's 1x1 layers under 0.95x cuDNN (batch 32, conv-as-gemm), then BERT-base's GEMMs (batch 32 x 128).
    shapes = {"6272x256x1024", "25088x256x512", "6272x512x1024", "1568x2048x512", "1568x512x2048",
              "4096x2304x768", "4096x768x768", "4096x768x3072"};
  }
  void* flush = nullptr;
  CHECK(cudaMalloc(&flush, size_t(256) << 20));
  for (std::string const& shape : shapes) {
    Problem p{};
    if (std::sscanf(shape.c_str(), "%dx%dx%d", &p.m, &p.n, &p.k) != 3 || p.k % kAlignment || p.n % kAlignment) {
      std::printf("%s: not MxNxK with N and K multiples of %d\n", shape.c_str(), kAlignment);
      return 1;
    }
    CHECK(cudaMalloc(&p.a, sizeof(Element) * size_t(p.m) * p.k));
    CHECK(cudaMalloc(&p.b, sizeof(Element) * size_t(p.n) * p.k));
    CHECK(cudaMalloc(&p.d, sizeof(Element) * size_t(p.m) * p.n));
    CHECK(cudaMalloc(&p.ref, sizeof(float) * size_t(p.m) * p.n));
    fill<<<1024, 256>>>(p.a, int64_t(p.m) * p.k, 1u);
    fill<<<1024, 256>>>(p.b, int64_t(p.n) * p.k, 2u);
    reference<<<dim3((p.n + 15) / 16, (p.m + 15) / 16), dim3(16, 16)>>>(p.m, p.n, p.k, p.a, p.b, p.ref);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    p.ref_host.resize(size_t(p.m) * p.n);
    CHECK(cudaMemcpy(p.ref_host.data(), p.ref, sizeof(float) * p.ref_host.size(), cudaMemcpyDeviceToHost));
    for (float r : p.ref_host) p.ref_max = std::max(p.ref_max, std::fabs(r));
    p.flush = flush;
    std::printf("%s (%.2f GFLOP)\n", shape.c_str(), 2.0 * p.m * p.n * p.k * 1e-9);
    run<MSplit128x128>("  M split 128x128 (boltc's), TMA epilogue", p);
    run<MSplit128x128NoSmem>("  M split 128x128, register epilogue", p);
    run<MSplit256x128>("  M split 256x128, TMA epilogue", p);
    run<NSplit128x128>("  N split 128x128", p);
    run<NSplit192x128>("  N split 192x128", p);
    run<NSplit192x128C2>("  N split 192x128, cluster 2x1", p);
    run<NSplit256x128>("  N split 256x128", p);
    run<NSplit128x256>("  N split 128x256", p);
    run<NSplit192x192>("  N split 192x192", p);
    CHECK(cudaFree(p.a));
    CHECK(cudaFree(p.b));
    CHECK(cudaFree(p.d));
    CHECK(cudaFree(p.ref));
  }
  CHECK(cudaFree(flush));
  return 0;
}
