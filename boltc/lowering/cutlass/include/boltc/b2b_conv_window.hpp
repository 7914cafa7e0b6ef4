// boltc: a 3x3 convolution and the 1x1 convolution after it in one Hopper kernel, the first
// GEMM's A read by WGMMA straight out of a window of the input staged in shared memory
// (b2b_conv_window: boltc/lowering/cutlass/b2b_conv_window.py emits its TU).
//
//   y = act1(conv1x1(act0(conv3x3(x, W0) + bias0), W1) + bias1)     NHWC, KRSC filters, pad 1
//
// Why: b2b_conv_sm90 reads the first convolution's input through TMA im2col, each pixel once per
// covering tap (2.25 times at stride 2) in rows of C channels; here each band of output rows has
// its input window loaded once (1.25 times at stride 2 with bands of 2 rows) and every tap's A is a
// shared-memory descriptor into it. The window is stored as planes, one per window-column parity
// (stride 2: the output pixels of a row read every other column), P = 32, 64 or 128 bytes a pixel
// (C = 16, 32, 48-64; 48 channels padded to 64 by TMA's zeros past the tensor's channels) in TMA's
// P-byte swizzle: WGMMA's K-major SWP layout, rows P bytes apart, 8-row groups 8 P apart, each
// 16-channel block a k-step 32 bytes into the row. Output pixels ow = 0..63 of one output row at
// tap (dy, dx) are 64 consecutive pixels of plane dx % S from column dx / S of row S r + dy: a
// descriptor at that pixel and channel block (any row and k-step start: the swizzle is a function
// of the address, base offset 0; checked on the H200 against a base offset of (start >> 7) & 7,
// which reads the wrong halves). A warpgroup's m64 is one output row of up to TQ <= 64 columns;
// the rows past TQ read past the row (the next row's pixels or the next buffer) and are never
// stored. The window comes by TMA: a 4D box a plane {P / 2 channels, S (columns - 1) + 1 columns
// every S-th, rows, 1 image}, zeros outside the image (the padding of 1). One box of 64 channels a
// 48-channel pixel, one 96-byte request, where 16-channel planes took three 32-byte ones: 22.8
// against 23.6 us of events on the 112x112x48 stride-2 chain, 18.5 against 20.5 on a clean L2
// (bench/window_wgmma_probe.cu, H200, 2026-12-01; the same two window buffers).
//
// Warp specialization (kThreads = 288): warpgroups 0 and 1 are consumers. Where Pingpong (stride
// 1), they take alternate bands (consumer c bands c, c + 2, ... of its CTA), each computing its
// band's R = RC output rows, and take turns at the first GEMM (named barriers: one issues its
// WGMMAs, then lets the other issue), so that one's second GEMM and stores run under the other's
// first GEMM: 56x56x48 /1 17.3 -> 15.0 us. Otherwise (stride 2, memory-bound, its two window
// buffers one a consumer under pingpong: 21.7 -> 22.3 us) both work on every band, RC of its
// R = 2 RC rows each. Per row: 9 C / 16 SS WGMMAs (m64 x F0 x k16) into accumulators that start at
// bias0, act0 rounded to the element type as the second GEMM's A from registers (an m64n16
// accumulator pair is an m64k16 A fragment), F0 / 16 RS WGMMAs against W1, act1, stored as pairs
// of channels. Warp 8's lane 0 produces: W0 and W1 once by TMA into SW128 blocks of four k-steps
// (B operands, K-major: [block][F][64]), then the windows into a ring of Stages buffers (full/empty
// mbarriers, freed as soon as the first GEMM has read them; under Pingpong an even number, so
// that a buffer's bands are all one consumer's and its barriers advance one phase between that
// consumer's uses). Persistent CTAs, one an SM, in clusters of kCluster that share the filters'
// loads (multicast), over bands of (image, R output rows, TQ output columns).
//
// Measured (bench/b2b.py, H200, 2026-12-01 23:30, kernel time): the paper's 112x112x48 stride-2
// chain 20.7-21.1 us, 16.5-16.8 on a clean L2 (b2b_conv_sm90: 25.9-27.2), the 56x56x48 stride-1
// one 13.3 us (21.7-24.6); bench/window_wgmma_probe.cu is the standalone kernel these came from
// (its filters still in SW32 k-step boxes, one CTA reading them all).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <type_traits>
#include <utility>

#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "cute/arch/mma_sm90.hpp"
#include "cutlass/numeric_types.h"

#include "boltc/mbarrier.hpp"
#include "boltc/mma_sync.hpp"

namespace boltc::b2b_conv_window {

constexpr int kConsumers = 2;  // warpgroups
constexpr int kProducers = 32;  // one warp; its lane 0 loads the filters, then the windows
constexpr int kThreads = kConsumers * 128 + kProducers;
// CTAs launched as clusters of this many, each loading 1/kCluster of the filters' blocks and
// multicasting them to all: every CTA needs all of W0 and W1, and 132 CTAs reading the same
// ~50 KB from L2 at the start kept the consumers waiting for them (ncu, 56x56x48 /1, H200).
constexpr int kCluster = 2;

template <class Element_, class ElementBias0_, class ElementBias1_, int C_, int F0_, int F1_, int S_, int TQ_, int RC_,
          int Stages_, bool Pingpong_, class Act0_, class Act1_, bool HasBias0_, bool HasBias1_>
struct Config {
  using Element = Element_;
  using ElementBias0 = ElementBias0_;
  using ElementBias1 = ElementBias1_;
  using Act0 = Act0_;
  using Act1 = Act1_;
  static constexpr bool HasBias0 = HasBias0_, HasBias1 = HasBias1_;
  static constexpr int C = C_, F0 = F0_, F1 = F1_, S = S_, TQ = TQ_, RC = RC_, Stages = Stages_;
  static constexpr bool Pingpong = Pingpong_;
  static constexpr int kBandConsumers = Pingpong ? 1 : kConsumers;  // warpgroups on one band
  static_assert(std::is_same_v<Element, cutlass::half_t> || std::is_same_v<Element, cutlass::bfloat16_t>,
                "f16 or bf16 operands");
  static_assert(C % 16 == 0 && F0 % 16 == 0 && F1 % 8 == 0, "16-channel blocks of C and F0; 8-wide F1");
  // (F1 % 8: a filter block's rows are whole 1024-byte swizzle patterns.)
  static_assert(S == 1 || S == 2, "stride 1 or 2");
  static_assert(TQ % 8 == 0 && TQ <= 64, "an output row's columns in one m64");
  static constexpr int kBlocks = C / 16;
  static constexpr int kKSteps0 = 9 * kBlocks, kKSteps1 = F0 / 16;
  static_assert(C <= 64, "a pixel's channels in one 128-byte swizzle row");
  static constexpr int kPixelBytes = C <= 16 ? 32 : C <= 32 ? 64 : 128;  // P: the swizzle's row
  static constexpr int kBoxChannels = kPixelBytes / 2;            // past C: TMA's zeros
  static constexpr int R = kBandConsumers * RC;                   // output rows a band
  static_assert(!Pingpong || Stages % kConsumers == 0, "a window buffer's bands all one consumer's");
  static constexpr int WH = S * (R - 1) + 3;                      // window rows
  static constexpr int WC = S * (TQ - 1) + 3;                     // window columns
  static constexpr int kCols = (WC + S - 1) / S;                  // a plane's columns
  static constexpr int kPlaneBytes = (WH * kCols * kPixelBytes + 8 * kPixelBytes - 1) / (8 * kPixelBytes) *
                                     (8 * kPixelBytes);           // whole swizzle patterns
  static constexpr int kStageBytes = S * kPlaneBytes;
  static constexpr int kTxBytes = S * WH * kCols * kPixelBytes;   // what TMA writes a buffer
  // The filters as K-major SW128 blocks of 4 k-steps (64 k a 128-byte row, past K: TMA's zeros),
  // each block's F rows one TMA box: one 128-byte request a row where a box a k-step's SW32 block
  // made four 32-byte ones (ncu, 56x56x48 /1, H200: the consumers' wait for the filters was a
  // quarter of their samples). Blocks start 1024-byte aligned, where the swizzle pattern starts.
  static constexpr int kFilterKSteps = 4;
  static constexpr int kBlocks0 = (kKSteps0 + kFilterKSteps - 1) / kFilterKSteps;
  static constexpr int kBlocks1 = (kKSteps1 + kFilterKSteps - 1) / kFilterKSteps;
  static constexpr int kW0 = (Stages * kStageBytes + 1023) / 1024 * 1024;  // W0's blocks, then W1's
  static constexpr int kW1 = kW0 + kBlocks0 * F0 * 128;
  static constexpr int kBarriers = kW1 + kBlocks1 * F1 * 128;     // full[Stages], empty[Stages], weights
  static constexpr int kSmemBytes = kBarriers + (2 * Stages + 1) * 8;
  static constexpr int kBoxColumns = S * (kCols - 1) + 1;         // a plane's box: every S-th of these
  // The rows an m64 reads past its plane (from the plane's last start: at most 2 / S + 64 - kCols
  // pixels) land in the next plane, buffer or the filters: never past the allocation.
  static_assert((2 / S + 64 - kCols) * kPixelBytes <= kBarriers - kW0, "the m64's overreach");
  static constexpr int kAcc0 = F0 / 2, kAcc1 = F1 / 2;            // m64 x F f32 accumulators a thread
  // Channel block cb of pixel j of the plane of column parity `parity`.
  __host__ __device__ static constexpr int pixel(int parity, int cb, int j) {
    return parity * kPlaneBytes + j * kPixelBytes + cb * 32;
  }
  // K-step ks of a filter of `rows` rows whose blocks start at `offset`: 32 bytes into its block's rows.
  __host__ __device__ static constexpr int filter_step(int offset, int rows, int ks) {
    return offset + ks / kFilterKSteps * rows * 128 + ks % kFilterKSteps * 32;
  }
};

struct Geometry {
  int n, h, w, p, q;
  int bands_h, tiles_w, bands;  // bands: n x bands_h x tiles_w
  int64_t ldd;                  // elements between output pixels
};

// A K-major descriptor of a swizzled operand whose rows are RowBytes (32, 64 or 128) apart, 8-row
// groups 8 RowBytes apart (the layout types: SW32 3, SW64 2, SW128 1), base offset 0.
template <int RowBytes>
__device__ __forceinline__ uint64_t swizzled_descriptor(uint32_t address) {
  static_assert(RowBytes == 32 || RowBytes == 64 || RowBytes == 128, "a WGMMA swizzle");
  constexpr uint64_t layout = RowBytes == 32 ? 3 : RowBytes == 64 ? 2 : 1;
  return uint64_t((address & 0x3FFFF) >> 4) | (uint64_t(1) << 16) | (uint64_t(8 * RowBytes >> 4) << 32) |
         (layout << 62);
}

template <class Element, int N>
using SsOp = decltype(cute::SM90::GMMA::ss_op_selector<Element, Element, float, cute::Shape<cute::_64, cute::Int<N>, cute::_16>,
                                                       cute::SM90::GMMA::Major::K, cute::SM90::GMMA::Major::K>());
template <class Element, int N>
using RsOp = decltype(cute::SM90::GMMA::rs_op_selector<Element, Element, float, cute::Shape<cute::_64, cute::Int<N>, cute::_16>,
                                                       cute::SM90::GMMA::Major::K, cute::SM90::GMMA::Major::K>());

template <class Op, int N, std::size_t... I>
__device__ __forceinline__ void wgmma_ss(float (&d)[N], uint64_t a, uint64_t b, std::index_sequence<I...>) {
  Op::fma(a, b, d[I]..., cute::SM90::GMMA::ScaleOut::One);
}
template <class Op, int N, std::size_t... I>
__device__ __forceinline__ void wgmma_rs(float (&d)[N], uint32_t const (&a)[4], uint64_t b, std::index_sequence<I...>) {
  Op::fma(a[0], a[1], a[2], a[3], b, d[I]..., cute::SM90::GMMA::ScaleOut::One);
}

template <int N>
__device__ __forceinline__ void fence_accumulators(float (&d)[N]) {
#pragma unroll
  for (int i = 0; i < N; ++i) asm volatile("" : "+f"(d[i])::"memory");
}

using boltc::mbarrier::barrier_arrive;
using boltc::mbarrier::barrier_init;
using boltc::mbarrier::barrier_wait;
using boltc::mma_sync::pack_floats;

template <class T>
__device__ __forceinline__ float bias_at(T const* bias, int i) {
  return float(bias[i]);
}

template <class Cfg>
__device__ __forceinline__ void decode(Geometry const& g, int band, int& n, int& oh0, int& ow0) {
  n = band / (g.bands_h * g.tiles_w);
  int const rest = band - n * (g.bands_h * g.tiles_w);
  int const row = rest / g.tiles_w;
  oh0 = row * Cfg::R, ow0 = (rest - row * g.tiles_w) * Cfg::TQ;
}

// One TMA load of `map`'s 2D box at {x, y} into `dst` of every CTA of the cluster, completing on
// `barrier` (the same offsets) in each.
__device__ __forceinline__ void tma_multicast_2d(uint32_t dst, CUtensorMap const* map, uint32_t barrier, int x, int y) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1, {%3, "
      "%4}], [%2], %5;\n" ::"r"(dst),
      "l"(reinterpret_cast<uint64_t>(map)), "r"(barrier), "r"(x), "r"(y), "h"(uint16_t((1u << kCluster) - 1))
      : "memory");
}

// filter0_map / filter1_map: the filters as K-major matrices [F][K] (KRSC: K = 9 C, and F0), boxes
// of 64 k x F rows in the 128-byte swizzle: one box is a block of four k-steps of B.
template <class Cfg>
__device__ void run(CUtensorMap const* window_map, CUtensorMap const* filter0_map, CUtensorMap const* filter1_map,
                    Geometry const& g, typename Cfg::ElementBias0 const* __restrict__ bias0,
                    typename Cfg::ElementBias1 const* __restrict__ bias1, typename Cfg::Element* __restrict__ output,
                    unsigned char* smem) {
  using Element = typename Cfg::Element;
  constexpr int F0 = Cfg::F0, F1 = Cfg::F1, S = Cfg::S, Stages = Cfg::Stages;
  uint32_t const base = static_cast<uint32_t>(__cvta_generic_to_shared(smem));
  uint32_t const full = base + Cfg::kBarriers, empty = full + 8 * Stages, weights_ready = empty + 8 * Stages;
  int const warp = threadIdx.x / 32, lane = threadIdx.x % 32;

  if (threadIdx.x == 0) {
    for (int s = 0; s < Stages; ++s) {
      barrier_init(full + 8 * s, 1);
      barrier_init(empty + 8 * s, Cfg::kBandConsumers * 4);  // the warps of the band's consumers
    }
    barrier_init(weights_ready, 1);
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
  }
  // The cluster's barriers are initialized before any CTA multicasts into them.
  asm volatile("barrier.cluster.arrive.release.aligned;\nbarrier.cluster.wait.acquire.aligned;\n" ::: "memory");
  uint32_t rank;
  asm volatile("mov.u32 %0, %%cluster_ctarank;\n" : "=r"(rank));

  if (warp >= kConsumers * 4) {
    if (lane != 0) {
      return;
    }
    // The filters first, by TMA, a block of four k-steps a box, multicast: this CTA the blocks of
    // its rank in the cluster, each cluster starting at its own block (all clusters read the same
    // few KB at once). Every CTA's weights_ready counts all the blocks' bytes, its own and its
    // peers'; no CTA exits before they have arrived (its consumers wait for them first), so no
    // multicast lands in a CTA that has gone. Asked for before the windows, they arrive before them:
    // by cp.async from the producer's other warps, issued beside the first windows, the consumers'
    // wait for them was a quarter of their ncu samples and the kernel 20.4 us of ncu's time
    // against the standalone probe's 18.0 (112x112x48 /2, H200, 2026-12-01).
    // The three tensor maps' descriptors fetched ahead of their first use (as CUTLASS's
    // collectives do).
    for (CUtensorMap const* map : {filter0_map, filter1_map, window_map}) {
      asm volatile("prefetch.tensormap [%0];\n" ::"l"(reinterpret_cast<uint64_t>(map)) : "memory");
    }
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(weights_ready),
                 "r"(Cfg::kBarriers - Cfg::kW0)
                 : "memory");
    int const cluster = blockIdx.x / kCluster;
    for (int i = 0; i < Cfg::kBlocks0; ++i) {
      int const block = (i + cluster) % Cfg::kBlocks0;
      if (block % kCluster == int(rank)) {
        tma_multicast_2d(base + Cfg::kW0 + block * F0 * 128, filter0_map, weights_ready, block * 64, 0);
      }
    }
#pragma unroll
    for (int block = 0; block < Cfg::kBlocks1; ++block) {
      if ((block + cluster) % kCluster == int(rank)) {
        tma_multicast_2d(base + Cfg::kW1 + block * F1 * 128, filter1_map, weights_ready, block * 64, 0);
      }
    }
    for (int band = blockIdx.x, it = 0; band < g.bands; band += gridDim.x, ++it) {
      int const s = it % Stages;
      barrier_wait(empty + 8 * s, ((it / Stages) & 1) ^ 1);
      int n, oh0, ow0;
      decode<Cfg>(g, band, n, oh0, ow0);
      uint32_t const stage = base + s * Cfg::kStageBytes;
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(full + 8 * s), "r"(Cfg::kTxBytes)
                   : "memory");
#pragma unroll
      for (int parity = 0; parity < S; ++parity) {
        asm volatile(
            "cp.async.bulk.tensor.4d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4, %5, "
            "%6}], [%2];\n" ::"r"(stage + Cfg::pixel(parity, 0, 0)),
            "l"(reinterpret_cast<uint64_t>(window_map)), "r"(full + 8 * s), "r"(0), "r"(ow0 * S - 1 + parity),
            "r"(oh0 * S - 1), "r"(n)
            : "memory");
      }
    }
    return;
  }

  int const consumer = warp / 4, wg_warp = warp % 4;
  int const group = lane / 4, quad = lane % 4;
  // The thread's bias columns (8 j + 2 quad, + 1), loaded while the first windows are in flight.
  float b0v[F0 / 8][2], b1v[F1 / 8][2];
#pragma unroll
  for (int j = 0; j < F0 / 8; ++j) {
    b0v[j][0] = Cfg::HasBias0 ? bias_at(bias0, 8 * j + 2 * quad) : 0.f;
    b0v[j][1] = Cfg::HasBias0 ? bias_at(bias0, 8 * j + 2 * quad + 1) : 0.f;
  }
#pragma unroll
  for (int j = 0; j < F1 / 8; ++j) {
    b1v[j][0] = Cfg::HasBias1 ? bias_at(bias1, 8 * j + 2 * quad) : 0.f;
    b1v[j][1] = Cfg::HasBias1 ? bias_at(bias1, 8 * j + 2 * quad + 1) : 0.f;
  }
  typename Cfg::Act0 act0;
  typename Cfg::Act1 act1;
  using Op0 = SsOp<Element, F0>;
  using Op1 = RsOp<Element, F1>;
  barrier_wait(weights_ready, 0);
  // Pingpong: the first GEMMs in turns: consumer c waits at named barrier 1 + c for the other's
  // turn to end (consumer 0's first band goes first) and ends its own with an arrival at 2 - c.
  auto turn_begins = [&](int it) {
    if (Cfg::Pingpong && (it > 0 || consumer == 1)) {
      asm volatile("bar.sync %0, %1;\n" ::"r"(1 + consumer), "r"(kConsumers * 128) : "memory");
    }
  };
  auto turn_ends = [&]() {
    if (Cfg::Pingpong) {
      asm volatile("bar.arrive %0, %1;\n" ::"r"(2 - consumer), "r"(kConsumers * 128) : "memory");
    }
  };
  // The consumer's bands (every band, or every other) and its rows' offset in a band.
  constexpr int kStep = Cfg::Pingpong ? kConsumers : 1;
  int const first_row = Cfg::Pingpong ? 0 : consumer * Cfg::RC;
  for (int it = Cfg::Pingpong ? consumer : 0, band = blockIdx.x + (Cfg::Pingpong ? consumer : 0) * gridDim.x;
       band < g.bands; it += kStep, band += kStep * gridDim.x) {
    int const s = it % Stages;
    uint32_t const stage = base + s * Cfg::kStageBytes;
    float acc[Cfg::RC][Cfg::kAcc0];
#pragma unroll
    for (int r = 0; r < Cfg::RC; ++r)
#pragma unroll
      for (int j = 0; j < F0 / 8; ++j) {
        acc[r][4 * j] = b0v[j][0], acc[r][4 * j + 1] = b0v[j][1];
        acc[r][4 * j + 2] = b0v[j][0], acc[r][4 * j + 3] = b0v[j][1];
      }
    barrier_wait(full + 8 * s, (it / Stages) & 1);
    turn_begins(it);
#pragma unroll
    for (int r = 0; r < Cfg::RC; ++r) fence_accumulators(acc[r]);
    cute::warpgroup_arrive();
#pragma unroll
    for (int ks = 0; ks < Cfg::kKSteps0; ++ks) {
      int const tap = ks / Cfg::kBlocks, cb = ks % Cfg::kBlocks, dy = tap / 3, dx = tap % 3;
      uint64_t const b = swizzled_descriptor<128>(base + Cfg::filter_step(Cfg::kW0, F0, ks));
#pragma unroll
      for (int r = 0; r < Cfg::RC; ++r) {
        uint32_t const a = stage + Cfg::pixel(dx % S, cb, (S * (first_row + r) + dy) * Cfg::kCols + dx / S);
        wgmma_ss<Op0>(acc[r], swizzled_descriptor<Cfg::kPixelBytes>(a), b,
                      std::make_index_sequence<Cfg::kAcc0>{});
      }
    }
    cute::warpgroup_commit_batch();
    turn_ends();  // Pingpong: the other consumer's WGMMAs queue behind these
    cute::warpgroup_wait<0>();
#pragma unroll
    for (int r = 0; r < Cfg::RC; ++r) fence_accumulators(acc[r]);
    __syncwarp();
    if (lane == 0) barrier_arrive(empty + 8 * s);  // the window is read: the producer may refill it

    uint32_t a1[Cfg::RC][Cfg::kKSteps1][4];
    float acc1[Cfg::RC][Cfg::kAcc1];
#pragma unroll
    for (int r = 0; r < Cfg::RC; ++r) {
#pragma unroll
      for (int t = 0; t < Cfg::kKSteps1; ++t) {
#pragma unroll
        for (int v = 0; v < 4; ++v) {
          a1[r][t][v] = pack_floats<Element>(act0(acc[r][8 * t + 2 * v]), act0(acc[r][8 * t + 2 * v + 1]));
        }
      }
#pragma unroll
      for (int j = 0; j < F1 / 8; ++j) {
        acc1[r][4 * j] = b1v[j][0], acc1[r][4 * j + 1] = b1v[j][1];
        acc1[r][4 * j + 2] = b1v[j][0], acc1[r][4 * j + 3] = b1v[j][1];
      }
      fence_accumulators(acc1[r]);
    }
    cute::warpgroup_arrive();
#pragma unroll
    for (int t = 0; t < Cfg::kKSteps1; ++t) {
      uint64_t const b = swizzled_descriptor<128>(base + Cfg::filter_step(Cfg::kW1, F1, t));
#pragma unroll
      for (int r = 0; r < Cfg::RC; ++r) wgmma_rs<Op1>(acc1[r], a1[r][t], b, std::make_index_sequence<Cfg::kAcc1>{});
    }
    cute::warpgroup_commit_batch();
    cute::warpgroup_wait<0>();
#pragma unroll
    for (int r = 0; r < Cfg::RC; ++r) fence_accumulators(acc1[r]);

    int n, oh0, ow0;
    decode<Cfg>(g, band, n, oh0, ow0);
#pragma unroll
    for (int r = 0; r < Cfg::RC; ++r) {
      int const oh = oh0 + first_row + r;
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        int const m = 16 * wg_warp + group + 8 * h, ow = ow0 + m;
        if (m < Cfg::TQ && ow < g.q && oh < g.p) {
          Element* out = output + ((int64_t(n) * g.p + oh) * g.q + ow) * g.ldd + 2 * quad;
#pragma unroll
          for (int j = 0; j < F1 / 8; ++j) {
            *reinterpret_cast<uint32_t*>(out + 8 * j) =
                pack_floats<Element>(act1(acc1[r][4 * j + 2 * h]), act1(acc1[r][4 * j + 2 * h + 1]));
          }
        }
      }
    }
  }
}

}  // namespace boltc::b2b_conv_window
