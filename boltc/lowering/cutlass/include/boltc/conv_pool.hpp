// boltc: a convolution, its epilogue and the max pool of its result in one kernel (conv_pool:
// fuse-conv-pool forms bolt.conv_pool, boltc/lowering/cutlass/conv_pool.py emits its TU;
// bench/conv_pool.py measures the kernel alone).
//
//   Y = maxpool(epilogue(conv(X, W)))     X: N x H x W x C (any strides), W: F x R x S x C (KRSC)
//
// For image stems (ResNet's 7x7/2 convolution, bias, ReLU, 3x3/2 max pool): the convolution's
// K = R*S*C is small and its output is the largest tensor of the network, written once and read
// back by the pool. Here a CTA owns a tile of TileH x TileW pooled pixels: it stages the input
// window they need (with its halo; zeros outside the image) in shared memory, computes the
// ConvH x ConvW convolution outputs under them with tensor-core MMAs (mma.sync m16n8k16: sm_80
// and sm_90a alike), the A operand gathered from the staged window through a table of
// per-k offsets (im2col in shared memory), applies the epilogue, keeps the results in shared
// memory and writes only the pooled tile: the convolution's output never reaches DRAM.
// Pool-window rows and columns shared by two tiles are computed by both (the halo).
//
// Persistent: a grid of at most the CTAs that fit walks the tiles, so the filter is staged once
// per CTA. Per tile: stage the window -> sync -> MMAs + epilogue into shared memory -> sync ->
// pool and store (the next tile's window is staged in the same phase: different buffers).
#pragma once

#include <cstdint>
#include <type_traits>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "cutlass/numeric_types.h"

#include "boltc/mma_sync.hpp"

namespace boltc::conv_pool {

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
// k-steps unrolled: on the cp.async window path 12 (the folded ResNet stem's all, H200: 48.5 us;
// 4: 49.2; 2: 49.9; 1: 51.8); on the register window path 2 (more spills: its window's registers).
constexpr int kUnrollKAsync = 12;
constexpr int kUnrollKRegisters = 2;
constexpr int kBatch = 8;  // loads in flight per thread while staging the filter

// Run-time geometry (the TU's template arguments fix C, R, S, the strides, F, the pool window
// and the tile).
struct Geometry {
  int n, h, w;                       // input images and size
  int p, q;                          // convolution output size
  int pp, pq;                        // pooled output size
  int pad_top, pad_left;             // the convolution's padding
  int pool_pad_top, pool_pad_left;   // the pool's
  int64_t stride_n, stride_h, stride_w, stride_c;  // the input's strides, in elements
  int64_t out_pitch;                 // elements between consecutive pooled pixels (>= F)
  int tiles_h, tiles_w;              // pooled tiles per image
};

template <class ElementA_, class ElementD_, int C_, int R_, int S_, int StrideH_, int StrideW_, int F_,
          int PoolH_, int PoolW_, int PoolStrideH_, int PoolStrideW_, int TileH_, int TileW_, int InputVector_>
struct Config {
  using ElementA = ElementA_;
  using ElementD = ElementD_;
  static constexpr int C = C_, R = R_, S = S_, StrideH = StrideH_, StrideW = StrideW_, F = F_;
  static constexpr int PoolH = PoolH_, PoolW = PoolW_, PoolStrideH = PoolStrideH_, PoolStrideW = PoolStrideW_;
  static constexpr int TileH = TileH_, TileW = TileW_;
  static constexpr int InputVector = InputVector_;  // channels per input load (8: 16 bytes of NHWC)
  // Convolution outputs under a tile of pooled pixels, and the input window they read.
  static constexpr int kConvH = (TileH - 1) * PoolStrideH + PoolH;
  static constexpr int kConvW = (TileW - 1) * PoolStrideW + PoolW;
  static constexpr int kInH = (kConvH - 1) * StrideH + R;
  static constexpr int kInW = (kConvW - 1) * StrideW + S;
  static constexpr int kInElements = kInH * kInW * C;
  static constexpr int kM = kConvH * kConvW;
  static constexpr int kMTiles = (kM + 15) / 16;
  static constexpr int kK = R * S * C;
  static constexpr int kKSteps = (kK + 15) / 16;
  static constexpr int kKPad = kKSteps * 16;
  static constexpr int kNTiles = F / 8;
  // Row pitches in elements: the filter's an odd number of 16-byte units (ldmatrix and the
  // B-fragment rows conflict-free), the convolution tile's likewise for the pool's reads.
  static constexpr int kWPitch = kKPad + 8;
  static constexpr int kConvPitch = F + 8;
  static constexpr int kInStored = (kInElements + 7) / 8 * 8;
  static constexpr int kFilterBytes = F * kWPitch * 2;
  static constexpr int kOffsetBytes = kKSteps * 4 * 16;
  static constexpr int kInBytes = kInStored * 2 * (InputVector > 1 ? 2 : 1);  // cp.async: two windows
  static constexpr int kConvBytes = kM * kConvPitch * 2;
  static constexpr int kSmemBytes = kFilterBytes + kOffsetBytes + kInBytes + kConvBytes;
  static_assert(F % 16 == 0, "F: whole pairs of 8-wide MMA tiles");
  static_assert(C % InputVector == 0, "input loads of InputVector channels");
  static_assert(sizeof(ElementA) == 2 && sizeof(ElementD) == 2, "16-bit elements");
};

// NaN-propagating max of two vectors of 8 16-bit values (torch's max pool propagates NaN).
template <class Element>
__device__ __forceinline__ uint4 max8(uint4 a, uint4 b) {
  uint4 r;
  uint32_t const* x = reinterpret_cast<uint32_t const*>(&a);
  uint32_t const* y = reinterpret_cast<uint32_t const*>(&b);
  uint32_t* z = reinterpret_cast<uint32_t*>(&r);
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    if constexpr (std::is_same_v<Element, cutlass::half_t>) {
      __half2 const m = __hmax2_nan(*reinterpret_cast<__half2 const*>(&x[i]), *reinterpret_cast<__half2 const*>(&y[i]));
      z[i] = *reinterpret_cast<uint32_t const*>(&m);
    } else {
      __nv_bfloat162 const m = __hmax2_nan(*reinterpret_cast<__nv_bfloat162 const*>(&x[i]),
                                           *reinterpret_cast<__nv_bfloat162 const*>(&y[i]));
      z[i] = *reinterpret_cast<uint32_t const*>(&m);
    }
  }
  return r;
}

using boltc::mma_sync::mma;
using boltc::mma_sync::pack;

// The filter's k = (r * S + s) * C + c (KRSC) as an offset into the staged window, relative to
// the window position of the output pixel. A k past K (its weights are zero) reads the pixel's
// first tap: a value of the window, so the product is 0 wherever the true sum is finite (an
// offset past the window read the convolution tile's -inf: 0 * -inf = NaN).
template <class Cfg>
__device__ __forceinline__ int k_offset(int k) {
  if (k >= Cfg::kK) {
    return 0;
  }
  int const c = k % Cfg::C, s = (k / Cfg::C) % Cfg::S, r = k / (Cfg::C * Cfg::S);
  return (r * Cfg::kInW + s) * Cfg::C + c;
}

// A tile's input window in a thread's registers, for inputs of any strides (copy_window_async
// takes NHWC with C a multiple of 8): its share of the window's elements, walked channel by
// channel, x fastest (NCHW rows are read contiguously), two to a register, loaded before the
// tile's turn and stored to shared memory when it comes: the loads' latency hides under the
// previous tile's MMAs.
template <class Cfg>
struct Window {
  using A = typename Cfg::ElementA;
  static constexpr int kPerThread = (Cfg::kInElements + kThreads - 1) / kThreads;
  uint32_t items[(kPerThread + 1) / 2];

  __device__ __forceinline__ void load(Geometry const& g, A const* image, int iy0, int ix0) {
#pragma unroll
    for (int j = 0; j < kPerThread; ++j) {
      int const i = j * kThreads + threadIdx.x;
      int const x_local = i % Cfg::kInW, c = (i / Cfg::kInW) % Cfg::C, y_local = i / (Cfg::kInW * Cfg::C);
      int const y = iy0 + y_local, x = ix0 + x_local;
      uint32_t value = 0;
      if (i < Cfg::kInElements && y >= 0 && y < g.h && x >= 0 && x < g.w) {
        value = reinterpret_cast<uint16_t const*>(image)[y * g.stride_h + x * g.stride_w + c * g.stride_c];
      }
      if (j % 2 == 0) {
        items[j / 2] = value;
      } else {
        items[j / 2] |= value << 16;
      }
    }
  }

  __device__ __forceinline__ void store(A* s_in) const {
#pragma unroll
    for (int j = 0; j < kPerThread; ++j) {
      int const i = j * kThreads + threadIdx.x;
      if (i < Cfg::kInElements) {
        int const x_local = i % Cfg::kInW, c = (i / Cfg::kInW) % Cfg::C, y_local = i / (Cfg::kInW * Cfg::C);
        reinterpret_cast<uint16_t*>(s_in)[(y_local * Cfg::kInW + x_local) * Cfg::C + c] =
            static_cast<uint16_t>(j % 2 == 0 ? items[j / 2] : items[j / 2] >> 16);
      }
    }
  }
};

// A tile's input window copied to shared memory by cp.async, 16 bytes (8 channels of NHWC) a
// copy, zero-filled outside the image; the caller waits for it (cp.async.wait_all) before the
// barrier that precedes its use.
template <class Cfg>
__device__ __forceinline__ void copy_window_async(Geometry const& g, typename Cfg::ElementA const* image, int iy0,
                                                  int ix0, typename Cfg::ElementA* buffer) {
  constexpr int kVectors = Cfg::C / Cfg::InputVector;
  constexpr int kItems = Cfg::kInH * Cfg::kInW * kVectors;
  for (int i = threadIdx.x; i < kItems; i += kThreads) {
    int const v = i % kVectors, pixel = i / kVectors;
    int const y = iy0 + pixel / Cfg::kInW, x = ix0 + pixel % Cfg::kInW;
    bool const inside = y >= 0 && y < g.h && x >= 0 && x < g.w;
    auto const* source = inside ? image + y * g.stride_h + x * g.stride_w + v * Cfg::InputVector : image;
    uint32_t const destination =
        static_cast<uint32_t>(__cvta_generic_to_shared(buffer + pixel * Cfg::C + v * Cfg::InputVector));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(destination), "l"(source),
                 "r"(inside ? 16 : 0)
                 : "memory");
  }
  asm volatile("cp.async.commit_group;\n" ::: "memory");
}

// The whole kernel body; `epilogue(acc, m, f)` is the convolution's epilogue at output pixel m
// (the N*P*Q row) and channel f, returning the stored element.
template <class Cfg, class Epilogue>
__device__ __forceinline__ void run(Geometry const& g, typename Cfg::ElementA const* __restrict__ input,
                                    typename Cfg::ElementA const* __restrict__ filter,
                                    typename Cfg::ElementD* __restrict__ output, Epilogue const& epilogue,
                                    unsigned char* smem) {
  using A = typename Cfg::ElementA;
  using D = typename Cfg::ElementD;
  A* const s_w = reinterpret_cast<A*>(smem);
  int4* const s_koff = reinterpret_cast<int4*>(smem + Cfg::kFilterBytes);
  A* const s_in = reinterpret_cast<A*>(smem + Cfg::kFilterBytes + Cfg::kOffsetBytes);
  D* const s_conv = reinterpret_cast<D*>(smem + Cfg::kFilterBytes + Cfg::kOffsetBytes + Cfg::kInBytes);

  // The filter, zero past K (loads batched: a thread's loads are in flight together, where a
  // load-store loop waits out a memory latency per element); the k-offset table as
  // (2t, 2t+1, 2t+8, 2t+9) of each k-step for lane t of a quad (the A fragment's columns).
  if constexpr (Cfg::kK % 8 == 0) {
    constexpr int kRowVectors = Cfg::kK / 8, kVectors = Cfg::F * kRowVectors;
    for (int i0 = 0; i0 < kVectors; i0 += kThreads * kBatch) {
      uint4 v[kBatch];
#pragma unroll
      for (int j = 0; j < kBatch; ++j) {
        int const i = i0 + j * kThreads + threadIdx.x;
        v[j] = i < kVectors ? reinterpret_cast<uint4 const*>(filter)[i] : make_uint4(0, 0, 0, 0);
      }
#pragma unroll
      for (int j = 0; j < kBatch; ++j) {
        int const i = i0 + j * kThreads + threadIdx.x;
        if (i < kVectors) {
          *reinterpret_cast<uint4*>(s_w + (i / kRowVectors) * Cfg::kWPitch + (i % kRowVectors) * 8) = v[j];
        }
      }
    }
    if constexpr (Cfg::kKPad > Cfg::kK) {
      constexpr int kTail = Cfg::kKPad - Cfg::kK;
      for (int i = threadIdx.x; i < Cfg::F * kTail; i += kThreads) {
        s_w[(i / kTail) * Cfg::kWPitch + Cfg::kK + i % kTail] = A(0.f);
      }
    }
  } else {
    constexpr int kElements = Cfg::F * Cfg::kKPad;
    for (int i0 = 0; i0 < kElements; i0 += kThreads * kBatch) {
      A v[kBatch];
#pragma unroll
      for (int j = 0; j < kBatch; ++j) {
        int const i = i0 + j * kThreads + threadIdx.x;
        int const f = i / Cfg::kKPad, k = i % Cfg::kKPad;
        v[j] = i < kElements && k < Cfg::kK ? filter[f * Cfg::kK + k] : A(0.f);
      }
#pragma unroll
      for (int j = 0; j < kBatch; ++j) {
        int const i = i0 + j * kThreads + threadIdx.x;
        if (i < kElements) {
          s_w[(i / Cfg::kKPad) * Cfg::kWPitch + i % Cfg::kKPad] = v[j];
        }
      }
    }
  }
  for (int i = threadIdx.x; i < Cfg::kKSteps * 4; i += kThreads) {
    int const k0 = (i / 4) * 16 + (i % 4) * 2;
    s_koff[i] = make_int4(k_offset<Cfg>(k0), k_offset<Cfg>(k0 + 1), k_offset<Cfg>(k0 + 8), k_offset<Cfg>(k0 + 9));
  }

  int const warp = threadIdx.x / 32, lane = threadIdx.x % 32, group = lane / 4, quad_lane = lane % 4;
  uint32_t const s_w_address = static_cast<uint32_t>(__cvta_generic_to_shared(s_w));
  constexpr bool kLdmatrixA = Cfg::C % 8 == 0;
  // m-tiles a warp computes at once: two where the window arrives by cp.async (no registers
  // held for it), so each B fragment read from shared memory feeds two MMAs.
  constexpr int kWarpMTiles = Cfg::InputVector > 1 ? 2 : 1;
  // ldmatrix.x4: lanes 8j..8j+7 address matrix j's rows: j = 0, 1 the k halves of an n-tile,
  // j = 2, 3 those of the next.
  int const ld_row = (lane / 16) * 8 + lane % 8, ld_col = ((lane / 8) % 2) * 8;
  int const tiles_per_image = g.tiles_h * g.tiles_w;
  int const tiles = g.n * tiles_per_image;
  D const minus_inf = D(-__int_as_float(0x7f800000));

  // The tile's first convolution output (may be outside: the pool's padding).
  auto origin = [&](int tile, int& n, int& ty, int& tx, int& cy0, int& cx0) {
    n = tile / tiles_per_image;
    int const rest = tile % tiles_per_image;
    ty = rest / g.tiles_w;
    tx = rest % g.tiles_w;
    cy0 = ty * Cfg::TileH * Cfg::PoolStrideH - g.pool_pad_top;
    cx0 = tx * Cfg::TileW * Cfg::PoolStrideW - g.pool_pad_left;
  };
  auto prefetch = [&](Window<Cfg>& window, A* buffer, int tile) {
    int n, ty, tx, cy0, cx0;
    origin(tile, n, ty, tx, cy0, cx0);
    A const* image = input + int64_t(n) * g.stride_n;
    int const iy0 = cy0 * Cfg::StrideH - g.pad_top, ix0 = cx0 * Cfg::StrideW - g.pad_left;
    if constexpr (Cfg::InputVector > 1) {
      copy_window_async<Cfg>(g, image, iy0, ix0, buffer);
    } else {
      window.load(g, image, iy0, ix0);
    }
  };
  Window<Cfg> window;
  int buffer_index = 0;
  auto buffer = [&](int index) { return s_in + (Cfg::InputVector > 1 ? index * Cfg::kInStored : 0); };
  if (blockIdx.x < tiles) {
    prefetch(window, buffer(0), blockIdx.x);
  }

  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    int n, ty, tx, cy0, cx0;
    origin(tile, n, ty, tx, cy0, cx0);
    A* const s_window = buffer(buffer_index);
    // This tile's window in shared memory (cp.async: its copies landed; registers: stored now,
    // the previous tile's MMAs having finished before its second barrier), then the next
    // tile's copies or loads, in flight during this tile's MMAs (cp.async: into the other
    // buffer, which the previous tile's MMAs have finished reading).
    if constexpr (Cfg::InputVector > 1) {
      asm volatile("cp.async.wait_all;\n" ::: "memory");
    } else {
      window.store(s_window);
    }
    __syncthreads();
    if (tile + int(gridDim.x) < tiles) {
      prefetch(window, buffer(buffer_index ^ 1), tile + gridDim.x);
    }
    if constexpr (Cfg::InputVector > 1) {
      buffer_index ^= 1;
    }
    uint16_t const* const s_in_bits = reinterpret_cast<uint16_t const*>(s_window);
    uint32_t const s_in_address = static_cast<uint32_t>(__cvta_generic_to_shared(s_window));

    // Each warp: a pair of m-tiles (32 convolution outputs) x F channels at a time, so that each
    // B fragment read from shared memory serves two MMAs (shared-memory wavefronts, not the
    // tensor pipe, bound this kernel: one m-tile a warp read the whole filter per 16 outputs).
    for (int mt = warp * kWarpMTiles; mt < Cfg::kMTiles; mt += kWarps * kWarpMTiles) {
      float acc[kWarpMTiles][Cfg::kNTiles][4];
#pragma unroll
      for (int t = 0; t < kWarpMTiles; ++t) {
#pragma unroll
        for (int j = 0; j < Cfg::kNTiles; ++j) {
          acc[t][j][0] = acc[t][j][1] = acc[t][j][2] = acc[t][j][3] = 0.f;
        }
      }
      // Rows past the tile repeat its last (computed, never stored).
      auto window_base = [](int row) {
        row = min(row, Cfg::kM - 1);
        return ((row / Cfg::kConvW) * Cfg::StrideH * Cfg::kInW + (row % Cfg::kConvW) * Cfg::StrideW) * Cfg::C;
      };
      int base[kWarpMTiles][2];
#pragma unroll
      for (int t = 0; t < kWarpMTiles; ++t) {
        if constexpr (kLdmatrixA) {
          base[t][0] = window_base((mt + t) * 16 + lane % 16);  // the lane's ldmatrix row
        } else {
          base[t][0] = window_base((mt + t) * 16 + group);
          base[t][1] = window_base((mt + t) * 16 + group + 8);
        }
      }
      constexpr int kUnrollK = Cfg::InputVector > 1 ? kUnrollKAsync : kUnrollKRegisters;
#pragma unroll kUnrollK
      for (int ks = 0; ks < Cfg::kKSteps; ++ks) {
        uint32_t a[kWarpMTiles][4];
        if constexpr (kLdmatrixA) {
          // C a multiple of 8: a fragment row's 8 consecutive k's are 8 channels of one tap,
          // 16 contiguous bytes of the window: ldmatrix gathers the A fragment (lanes 0-15 the
          // rows' first 8 k's, 16-31 the next 8).
          int4 const ko = s_koff[ks * 4];
          int const k_offset_lane = lane < 16 ? ko.x : ko.z;
#pragma unroll
          for (int t = 0; t < kWarpMTiles; ++t) {
            uint32_t const address = s_in_address + (base[t][0] + k_offset_lane) * 2;
            asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                         : "=r"(a[t][0]), "=r"(a[t][1]), "=r"(a[t][2]), "=r"(a[t][3])
                         : "r"(address));
          }
        } else {
          int4 const ko = s_koff[ks * 4 + quad_lane];
#pragma unroll
          for (int t = 0; t < kWarpMTiles; ++t) {
            a[t][0] = pack(s_in_bits[base[t][0] + ko.x], s_in_bits[base[t][0] + ko.y]);
            a[t][1] = pack(s_in_bits[base[t][1] + ko.x], s_in_bits[base[t][1] + ko.y]);
            a[t][2] = pack(s_in_bits[base[t][0] + ko.z], s_in_bits[base[t][0] + ko.w]);
            a[t][3] = pack(s_in_bits[base[t][1] + ko.z], s_in_bits[base[t][1] + ko.w]);
          }
        }
#pragma unroll
        for (int j = 0; j < Cfg::kNTiles; j += 2) {
          uint32_t b[4];
          uint32_t const address = s_w_address + ((j * 8 + ld_row) * Cfg::kWPitch + ks * 16 + ld_col) * 2;
          asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                       : "=r"(b[0]), "=r"(b[1]), "=r"(b[2]), "=r"(b[3])
                       : "r"(address));
#pragma unroll
          for (int t = 0; t < kWarpMTiles; ++t) {
            mma<A>(acc[t][j], a[t], b[0], b[1]);
            mma<A>(acc[t][j + 1], a[t], b[2], b[3]);
          }
        }
      }
      // The epilogue at each accumulator's (pixel, channel); outputs outside the convolution's
      // (the pool's padding) hold -inf, which no max takes.
#pragma unroll
      for (int t = 0; t < kWarpMTiles; ++t) {
#pragma unroll
        for (int half = 0; half < 2; ++half) {
          int const row = (mt + t) * 16 + group + half * 8;
          if (row < Cfg::kM) {
            int const y = cy0 + row / Cfg::kConvW, x = cx0 + row % Cfg::kConvW;
            bool const inside = y >= 0 && y < g.p && x >= 0 && x < g.q;
            int64_t const m = (int64_t(n) * g.p + y) * g.q + x;
#pragma unroll
            for (int j = 0; j < Cfg::kNTiles; ++j) {
              int const f = j * 8 + quad_lane * 2;
              D v0 = minus_inf, v1 = minus_inf;
              if (inside) {
                v0 = epilogue(acc[t][j][half * 2], m, f);
                v1 = epilogue(acc[t][j][half * 2 + 1], m, f + 1);
              }
              uint32_t const bits = pack(reinterpret_cast<uint16_t const&>(v0), reinterpret_cast<uint16_t const&>(v1));
              *reinterpret_cast<uint32_t*>(s_conv + row * Cfg::kConvPitch + f) = bits;
            }
          }
        }
      }
    }
    __syncthreads();

    // The pool: 8 channels (16 bytes) of one pooled pixel a thread.
    constexpr int kVectorsF = Cfg::F / 8;
    for (int i = threadIdx.x; i < Cfg::TileH * Cfg::TileW * kVectorsF; i += kThreads) {
      int const v = i % kVectorsF, pixel = i / kVectorsF;
      int const py_local = pixel / Cfg::TileW, px_local = pixel % Cfg::TileW;
      int const py = ty * Cfg::TileH + py_local, px = tx * Cfg::TileW + px_local;
      if (py < g.pp && px < g.pq) {
        D const* const window =
            s_conv + (py_local * Cfg::PoolStrideH * Cfg::kConvW + px_local * Cfg::PoolStrideW) * Cfg::kConvPitch + v * 8;
        uint4 best = *reinterpret_cast<uint4 const*>(window);
#pragma unroll
        for (int wy = 0; wy < Cfg::PoolH; ++wy) {
#pragma unroll
          for (int wx = 0; wx < Cfg::PoolW; ++wx) {
            if (wy || wx) {
              best = max8<D>(best, *reinterpret_cast<uint4 const*>(window + (wy * Cfg::kConvW + wx) * Cfg::kConvPitch));
            }
          }
        }
        *reinterpret_cast<uint4*>(output + ((int64_t(n) * g.pp + py) * g.pq + px) * g.out_pitch + v * 8) = best;
      }
    }
  }
}

}  // namespace boltc::conv_pool
