// boltc: a narrow first convolution and the 1x1 convolution after it in one kernel
// (b2b_conv_direct: boltc/lowering/cutlass/b2b_conv_direct.py emits its TU).
//
//   y = act1(conv1x1(act0(conv(x, W0) + bias0), W1) + bias1)     W0: F0 x K (k = the TU's taps), W1: F1 x F0
//
// For image stems: the first convolution reads a few channels (an RGB image, or the image
// folded s x s into its channels by space-to-depth), its K is small, and its output is the
// network's largest tensor. TMA im2col needs 16-byte channel rows (so the image is first folded
// or padded by a kernel of its own, which writes more bytes than the image holds); here the CTA
// reads the image itself: it stages the window of raw input pixels a tile of output pixels
// needs (zeros outside the image) in shared memory, and gathers each MMA's A fragment from it
// through the TU's pair table (the first MMA's k slots two by two: the window elements each
// reads from the output pixel's base, a mask, a constant). A space-to-depth fold of the image is
// such a table too: the folded convolution's k (tap a, t; folded channel (b, i, j, c)) reads
// raw pixel ((p + a) * s + i - top, (q + t + b * step) * s + j - left), channel c.
//
// Per warp: 16 or 32 output pixels (one or two m16 tiles); the first convolution's accumulators (mma.sync
// m16n8k16, fp32), act0, rounded to the element type, are the second's A fragments as they lie
// in the registers (an m16n8 accumulator pair is an m16k16 A fragment); act1; the warp's output
// rows staged in shared memory and stored as 16-byte vectors. bias0 rides in W0 (a slot of
// constant 1) where it can, bias1 starts the second MMA's accumulators. Persistent: a grid of
// the CTAs that fit walks the tiles; W0, W1 and the biases are staged once per CTA. The input
// window, double-buffered: by TMA (sm_90a, TmaWindow; no CTA barrier: each warp arrives on the
// buffer's "empty" mbarrier after gathering from it, and warp 0 refills it) or through
// registers one tile ahead (loaded during the previous tile's MMAs, stored to its buffer when
// its turn comes; one barrier a tile).
#pragma once

#include <cstdint>
#include <type_traits>

#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "cutlass/fast_math.h"
#include "cutlass/numeric_types.h"

#include "boltc/mbarrier.hpp"
#include "boltc/mma_sync.hpp"

namespace boltc::b2b_conv_direct {

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kBatch = 8;                           // loads in flight per thread while staging a filter

// Run-time geometry (the TU fixes the channels, the taps, the strides, F0, F1 and the tile).
struct Geometry {
  int n, h, w;                 // the raw input: images and size (a fold's kept rows and columns)
  int p, q;                    // the output size
  int top, left;               // output pixel (p, q)'s window origin is (p * StrideH - top, q * StrideW - left)
  int64_t stride_n;            // the raw input's element strides (an image's offsets within 2^31: int)
  int stride_h, stride_w, stride_c;
  int64_t out_pitch;           // elements between consecutive output pixels (>= F1)
  int tiles_h, tiles_w;        // tiles per image
  cutlass::FastDivmod tiles_per_image, tiles_per_row;  // tiles_h * tiles_w, tiles_w (a tile's origin)
};

// ElementS: the raw input's (16-bit, or float converted while staging); Element: the filters',
// the intermediate's and the output's. C: the raw input's channels; SpanH x SpanW: the raw
// pixels one output pixel's window covers. KSlots: the first MMA's k (whole 16-wide k-steps),
// slots the TU's pair table fills (taps, bias0's constant 1, zeros) from W0's KSource columns.
// Paired: each pair of slots is one aligned 32-bit word of the window (else two 16-bit loads).
// TmaWindow (sm_90a; a 16-bit NHWC image of the filters' type, rows of whole 16-byte units): a
// tile's window comes by one TMA load of the image as [N][H][W*C] (zeros outside the image, from
// the copy itself), rows of kBoxW elements; else through the threads' registers. A TMA box must
// start on a 16-byte unit of its rows (else the copy faults: an illegal instruction, on the
// H200), so the box starts WindowShift elements before the window (every tile's window starts
// equally far past a unit: its columns are TileW x StrideW x C apart, a multiple of 8) and the
// pair table's offsets count them.
// Bias0InFilter: bias0 is W0's column of a constant-1 slot (else added to the accumulators).
// CopyFilters: the filters staged by cp.async (W0 through the output staging rows, mapped to its
// slots there), else element by element (also where a filter is not 16-byte aligned).
// WarpMTiles: the m16 tiles (16 output pixels each) a warp computes at once; a tile is
// TileH x TileW = 8 warps x 16 x WarpMTiles output pixels.
// Gather: void (the first MMA's A fragment through the pair table), or the TU's AffineGather:
// the k slots in an order where lane t of a quad reads k-step half g's word at start(g) +
// t * step(g) from the pixel's base (immediate offsets from a per-lane base, no table loads),
// then masks it (mask(g, t)) and sets bits (ones(g, t): bias0's constant 1).
template <class ElementS_, class Element_, class ElementBias0_, class ElementBias1_, int C_, int KSlots_,
          int KSource_, bool Paired_, bool Bias0InFilter_, bool TmaWindow_, int WindowShift_, bool CopyFilters_,
          int StrideH_, int StrideW_, int SpanH_, int SpanW_, int F0_, int F1_, int TileH_, int TileW_, int WarpMTiles_,
          class Act0_, class Act1_, bool HasBias0_, bool HasBias1_, class Gather_ = void>
struct Config {
  using Gather = Gather_;
  static constexpr bool kAffine = !std::is_void_v<Gather>;
  using ElementS = ElementS_;
  using Element = Element_;
  using ElementBias0 = ElementBias0_;
  using ElementBias1 = ElementBias1_;
  using Act0 = Act0_;
  using Act1 = Act1_;
  static constexpr bool HasBias0 = HasBias0_, HasBias1 = HasBias1_;
  static constexpr int C = C_, KSlots = KSlots_, KSource = KSource_, StrideH = StrideH_, StrideW = StrideW_;
  static constexpr int SpanH = SpanH_, SpanW = SpanW_;
  static constexpr bool Paired = Paired_, Bias0InFilter = Bias0InFilter_, TmaWindow = TmaWindow_;
  static constexpr int kWindowShift = WindowShift_;
  static constexpr int F0 = F0_, F1 = F1_, TileH = TileH_, TileW = TileW_;
  static constexpr int kWarpMTiles = WarpMTiles_;
  static constexpr int kWarpPixels = kWarpMTiles * 16;
  static constexpr int kTilePixels = kWarps * kWarpPixels;
  static constexpr int kInH = (TileH - 1) * StrideH + SpanH;
  static constexpr int kInW = (TileW - 1) * StrideW + SpanW;
  static constexpr int kInElements = kInH * kInW * C;
  // A window row's elements in shared memory: the TMA box's row (whole 16-byte units), else dense.
  static constexpr int kBoxW = (kWindowShift + kInW * C + 7) / 8 * 8;
  static constexpr int kPitch = TmaWindow ? kBoxW : kInW * C;
  // Two elements past the window (a masked half word past its last element stays in the
  // buffer); a TMA destination starts on 128 bytes.
  static constexpr int kInStored = TmaWindow ? (kInH * kBoxW + 2 + 63) / 64 * 64 : (kInElements + 2 + 7) / 8 * 8;
  static constexpr int kKSteps0 = KSlots / 16;
  static constexpr int kKPad0 = kKSteps0 * 16;
  static constexpr int kKSteps1 = F0 / 16;
  static constexpr int kNTiles0 = F0 / 8;
  static constexpr int kNTiles1 = F1 / 8;
  // Row pitches in elements, an odd number of 16-byte units (ldmatrix rows conflict-free).
  static constexpr int kW0Pitch = kKPad0 + 8;
  static constexpr int kW1Pitch = F0 + 8;
  static constexpr int kOutPitch = F1 + 8;
  static constexpr int kW0Bytes = F0 * kW0Pitch * 2;
  static constexpr int kW1Bytes = F1 * kW1Pitch * 2;
  // bias0 as floats; bias1 as each quad lane's accumulator start of an n-tile (b[2t], b[2t + 1]
  // for rows g and g + 8): one 16-byte load, the MMA's C operand as it is.
  static constexpr int kBiasBytes = F0 * 4 + F1 * 8;
  static constexpr int kOffsetBytes = kKSteps0 * 4 * 32;  // per k-step and quad lane: offsets, masks
  static constexpr int kInBytes = kInStored * 2 * 2;  // two windows
  static constexpr int kOutBytes = kTilePixels * kOutPitch * 2;
  static constexpr int kBarrierBytes = 32;  // the two windows' mbarriers: full (the copy's bytes), then empty (8 warps)
  // Shared memory, in order: the two windows, W0, W1, the biases, the pair table, the barriers,
  // the output staging rows.
  static constexpr int kW0Offset = kInBytes;
  static constexpr int kW1Offset = kW0Offset + kW0Bytes;
  static constexpr int kBiasOffset = kW1Offset + kW1Bytes;
  static constexpr int kPairOffset = kBiasOffset + kBiasBytes;
  static constexpr int kBarrierOffset = kPairOffset + kOffsetBytes;
  static constexpr int kOutOffset = kBarrierOffset + kBarrierBytes;
  static constexpr int kSmemBytes = kOutOffset + kOutBytes;
  static constexpr int kPerThread = (kInElements + kThreads - 1) / kThreads;
  // The filters staged by cp.async (16-byte units; else element by element, stage_rows): W0 raw,
  // bias0's elements, the slot tables (kColumns, kPairs) first into the output staging rows
  // (free until the first tile's output), then W0 mapped to its slots from there.
  static constexpr int kW0RawBytes = F0 * KSource * 2;
  static constexpr int kBias0RawOffset = kW0RawBytes;
  static constexpr int kColumnsRawOffset = kBias0RawOffset + F0 * 2;
  static constexpr int kPairsRawOffset = kColumnsRawOffset + KSlots * 4;
  static constexpr bool kCopyFilters = CopyFilters_;
  static_assert(!kCopyFilters || (KSource % 8 == 0 && kPairsRawOffset + KSlots / 2 * 16 <= kOutBytes),
                "W0's rows whole 16-byte units; W0 raw, bias0 and the tables within the output staging rows");
  static_assert(TileH * TileW == kTilePixels, "a tile is 8 warps x WarpMTiles x 16 output pixels");
  static_assert(TileW % 16 == 0, "an m16 tile's pixels are consecutive pixels of one tile row");
  static_assert(F0 % 16 == 0 && F1 % 16 == 0, "F0 and F1: whole 16-wide k-steps and pairs of 8-wide n-tiles");
  static_assert(sizeof(Element) == 2, "16-bit MMA operands");
  static_assert(KSlots % 16 == 0, "whole k-steps");
  static_assert(!TmaWindow || (sizeof(ElementS) == 2 && kBoxW <= 256 && kInH <= 256),
                "a TMA box: 16-bit elements, at most 256 a dimension");
  static_assert(TmaWindow ? kWindowShift >= 0 && kWindowShift < 8 && TileW * StrideW * C % 8 == 0 : kWindowShift == 0,
                "the box starts at most 7 elements before each tile's window");
  static_assert(!Bias0InFilter || (HasBias0 && std::is_same_v<ElementBias0, Element>),
                "bias0 in W0 only as W0's own element type");
};

using boltc::mma_sync::mma;
using boltc::mma_sync::mma_first;
using boltc::mma_sync::mma_from;
using boltc::mma_sync::pack;
using boltc::mma_sync::pack_floats;


// One raw input element as the 16-bit element's bits (a float input converted).
template <class ElementS, class Element>
__device__ __forceinline__ uint32_t element_bits(ElementS const* source, int offset) {
  if constexpr (sizeof(ElementS) == 2) {
    return reinterpret_cast<uint16_t const*>(source)[offset];
  } else {
    Element const v(__ldg(reinterpret_cast<float const*>(source) + offset));
    return reinterpret_cast<uint16_t const&>(v);
  }
}

template <class T>
__device__ __forceinline__ float to_float(T v) {
  return float(v);
}

// A [rows x source_k] row-major filter (16-bit) into shared memory rows of `pitch` elements, k
// of them: column col of a row is the filter's column columns[col] (Mapped; else its col-th),
// zero where that is -1, bias[row] where -2 (bias0 in W0: the column of the slot whose value is
// the constant 1); the loads of a thread in flight together. (Mapped is a template argument so
// that the unmapped staging compiles to the plain copy.) From global memory (Global: the
// fallback of the cp.async copies, for filters or biases not 16-byte aligned or W0's rows not
// whole 16-byte units), or from the raw copies in shared memory (W0's slots mapped after the
// cp.async copies).
template <bool Mapped, bool Global = true, class Element>
__device__ __forceinline__ void stage_rows(Element const* __restrict__ filter, Element const* __restrict__ bias,
                                           int rows, int source_k, int const* __restrict__ columns, int k, int pitch,
                                           Element* s_rows) {
  uint16_t const* bits = reinterpret_cast<uint16_t const*>(filter);
  uint16_t const* bias_bits = reinterpret_cast<uint16_t const*>(bias);
  uint16_t* s_bits = reinterpret_cast<uint16_t*>(s_rows);
  auto load = [](auto const* from) {
    if constexpr (Global) {
      return __ldg(from);
    } else {
      return *from;
    }
  };
  int const elements = rows * k;
  for (int i0 = 0; i0 < elements; i0 += kThreads * kBatch) {
    uint16_t v[kBatch];
#pragma unroll
    for (int j = 0; j < kBatch; ++j) {
      int const i = i0 + j * kThreads + threadIdx.x;
      int const row = i / k, col = i % k;
      if constexpr (Mapped) {
        // One load a slot, its address chosen (no branch: the batch's loads stay in flight together).
        int const column = i < elements ? load(columns + col) : -1;
        uint16_t const* from = column == -2 ? bias_bits + row : bits + row * source_k + max(column, 0);
        v[j] = column != -1 ? load(from) : uint16_t(0);
      } else {
        v[j] = i < elements ? load(bits + row * source_k + col) : uint16_t(0);
      }
    }
#pragma unroll
    for (int j = 0; j < kBatch; ++j) {
      int const i = i0 + j * kThreads + threadIdx.x;
      if (i < elements) {
        s_bits[(i / k) * pitch + i % k] = v[j];
      }
    }
  }
}

// 16 bytes global -> shared, asynchronously (cp.async, L2 only: each CTA reads the filters once).
__device__ __forceinline__ void copy_16(void* s_destination, void const* source) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(
                   static_cast<uint32_t>(__cvta_generic_to_shared(s_destination))),
               "l"(source)
               : "memory");
}

// `units` 16-byte units from `source` to `s_destination`: rows of `row_units`, `pitch` bytes
// apart in shared memory (dense in global memory).
template <int RowUnits>
__device__ __forceinline__ void copy_rows(void const* source, int units, int pitch, unsigned char* s_destination) {
  for (int i = threadIdx.x; i < units; i += kThreads) {
    copy_16(s_destination + (i / RowUnits) * pitch + (i % RowUnits) * 16, static_cast<uint4 const*>(source) + i);
  }
}

__device__ __forceinline__ bool aligned_16(void const* pointer) {
  return reinterpret_cast<uintptr_t>(pointer) % 16 == 0;
}

// The TMA window: an mbarrier per buffer, armed by thread 0 with the box's bytes and completed
// by the copy; every thread waits on the buffer's phase (boltc/mbarrier.hpp). A warp done
// reading a window buffer arrives on the buffer's "empty" barrier.
using boltc::mbarrier::barrier_arrive;
using boltc::mbarrier::barrier_init;
using boltc::mbarrier::barrier_wait;

__device__ __forceinline__ void load_window_tma(CUtensorMap const* map, uint32_t barrier, uint32_t s_window, int bytes,
                                                int x, int y, int n) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(barrier), "r"(bytes) : "memory");
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4, %5}], [%2];\n" ::
          "r"(s_window), "l"(reinterpret_cast<uint64_t>(map)), "r"(barrier), "r"(x), "r"(y), "r"(n)
      : "memory");
}


// A tile's raw input window in a thread's registers: its share of the window's elements (row by
// row, then column, then channel: an NHWC image's rows are read contiguously), two to a
// register, loaded before the tile's turn and stored to shared memory when it comes. A thread's
// elements are the same in every tile: their offsets from the window's origin are computed once
// (`offsets`), and a tile whose window lies inside the image loads them unchecked.
template <class Cfg>
struct Window {
  uint32_t items[(Cfg::kPerThread + 1) / 2];
  int offsets[Cfg::kPerThread];

  __device__ __forceinline__ static void place(int j, int& y_local, int& x_local, int& c) {
    int const i = j * kThreads + threadIdx.x;
    c = i % Cfg::C;
    x_local = (i / Cfg::C) % Cfg::kInW;
    y_local = i / (Cfg::C * Cfg::kInW);
  }

  __device__ __forceinline__ void prepare(Geometry const& g) {
#pragma unroll
    for (int j = 0; j < Cfg::kPerThread; ++j) {
      int y_local, x_local, c;
      place(j, y_local, x_local, c);
      offsets[j] = y_local * g.stride_h + x_local * g.stride_w + c * g.stride_c;
    }
  }

  __device__ __forceinline__ void load(Geometry const& g, typename Cfg::ElementS const* image, int iy0, int ix0) {
    typename Cfg::ElementS const* origin = image + (iy0 * g.stride_h + ix0 * g.stride_w);
    bool const inside = iy0 >= 0 && ix0 >= 0 && iy0 + Cfg::kInH <= g.h && ix0 + Cfg::kInW <= g.w;
#pragma unroll
    for (int j = 0; j < Cfg::kPerThread; ++j) {
      bool valid = j * kThreads + int(threadIdx.x) < Cfg::kInElements;
      if (!inside) {  // a tile at the image's edge: each element checked
        int y_local, x_local, c;
        place(j, y_local, x_local, c);
        int const y = iy0 + y_local, x = ix0 + x_local;
        valid = valid && y >= 0 && y < g.h && x >= 0 && x < g.w;
      }
      uint32_t const value =
          valid ? element_bits<typename Cfg::ElementS, typename Cfg::Element>(origin, offsets[j]) : 0u;
      if (j % 2 == 0) {
        items[j / 2] = value;
      } else {
        items[j / 2] |= value << 16;
      }
    }
  }

  __device__ __forceinline__ void store(uint16_t* s_in) const {
#pragma unroll
    for (int j = 0; j < Cfg::kPerThread; ++j) {
      int const i = j * kThreads + threadIdx.x;
      if (i < Cfg::kInElements) {
        s_in[i] = static_cast<uint16_t>(j % 2 == 0 ? items[j / 2] : items[j / 2] >> 16);
      }
    }
  }
};

// The whole kernel body. `pairs` holds, per pair of k slots (2i, 2i + 1): the window elements
// they read from an output pixel's base, the bits of their 32-bit word kept (a slot without a
// weight reads 0: a NaN its element may hold stays out) and the bits then set (bias0's slot:
// the constant 1); `columns` W0's column per slot (-1 none, -2 bias0).
template <class Cfg>
__device__ __forceinline__ void run(Geometry const& g, typename Cfg::ElementS const* __restrict__ input,
                                    typename Cfg::Element const* __restrict__ filter0,
                                    typename Cfg::ElementBias0 const* __restrict__ bias0,
                                    typename Cfg::Element const* __restrict__ filter1,
                                    typename Cfg::ElementBias1 const* __restrict__ bias1,
                                    typename Cfg::Element* __restrict__ output, uint32_t const* __restrict__ pairs,
                                    int const* __restrict__ columns, CUtensorMap const* window_map,
                                    unsigned char* smem) {
  using Element = typename Cfg::Element;
  uint16_t* const s_in = reinterpret_cast<uint16_t*>(smem);
  Element* const s_w0 = reinterpret_cast<Element*>(smem + Cfg::kW0Offset);
  Element* const s_w1 = reinterpret_cast<Element*>(smem + Cfg::kW1Offset);
  float* const s_bias0 = reinterpret_cast<float*>(smem + Cfg::kBiasOffset);
  float4* const s_bias1 = reinterpret_cast<float4*>(s_bias0 + Cfg::F0);
  uint4* const s_pairs = reinterpret_cast<uint4*>(smem + Cfg::kPairOffset);
  uint16_t* const s_out = reinterpret_cast<uint16_t*>(smem + Cfg::kOutOffset);
  uint32_t const s_in_address = static_cast<uint32_t>(__cvta_generic_to_shared(s_in));
  uint32_t const barriers = static_cast<uint32_t>(__cvta_generic_to_shared(smem + Cfg::kBarrierOffset));
  int const tiles = g.n * g.tiles_h * g.tiles_w;
  // A tile's image and first output pixel.
  auto origin = [&](int tile, int& n, int& p0, int& q0) {
    int rest, row, column;
    g.tiles_per_image(n, rest, tile);
    g.tiles_per_row(row, column, rest);
    p0 = row * Cfg::TileH;
    q0 = column * Cfg::TileW;
  };

  // TMA: the first two tiles' windows first (their copies in flight while the filters are staged);
  // buffer b's "full" barrier (the copy's bytes) at barriers + 8 b, "empty" (its readers, one
  // arrival a warp) at barriers + 16 + 8 b.
  auto load_tma = [&](int tile, int buffer) {
    int n, p0, q0;
    origin(tile, n, p0, q0);
    load_window_tma(window_map, barriers + 8 * buffer, s_in_address + buffer * Cfg::kInStored * 2,
                    Cfg::kInH * Cfg::kBoxW * 2, (q0 * Cfg::StrideW - g.left) * Cfg::C - Cfg::kWindowShift,
                    p0 * Cfg::StrideH - g.top, n);
  };
  if constexpr (Cfg::TmaWindow) {
    if (threadIdx.x == 0) {
      barrier_init(barriers, 1);
      barrier_init(barriers + 8, 1);
      barrier_init(barriers + 16, kWarps);
      barrier_init(barriers + 24, kWarps);
      asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
      if (blockIdx.x < tiles) {
        load_tma(blockIdx.x, 0);
      }
      if (blockIdx.x + gridDim.x < tiles) {
        load_tma(blockIdx.x + gridDim.x, 1);
      }
    }
  }

  // The filters, the biases (as floats, zeros without one) and the pair table, once per CTA:
  // lane t of a quad reads slots (2t, 2t+1) and (2t+8, 2t+9) of each k-step: their offsets
  // (lo pair, hi pair: x, y and z, w), then their masks and set bits. By cp.async where the
  // filters allow (a warp-uniform choice), W0 raw through the output staging rows.
  unsigned char* const s_raw = smem + Cfg::kOutOffset;
  bool const copied = Cfg::kCopyFilters && aligned_16(filter0) && aligned_16(filter1) &&
                      (!Cfg::Bias0InFilter || aligned_16(bias0));
  if (copied) {
    copy_rows<Cfg::F0 / 8>(filter1, Cfg::F1 * Cfg::F0 / 8, Cfg::kW1Pitch * 2, reinterpret_cast<unsigned char*>(s_w1));
    copy_rows<Cfg::KSource / 8>(filter0, Cfg::kW0RawBytes / 16, Cfg::KSource * 2, s_raw);
    if constexpr (Cfg::Bias0InFilter) {
      copy_rows<Cfg::F0 / 8>(bias0, Cfg::F0 / 8, Cfg::F0 * 2, s_raw + Cfg::kBias0RawOffset);
    }
    copy_rows<Cfg::KSlots / 4>(columns, Cfg::KSlots / 4, Cfg::KSlots * 4, s_raw + Cfg::kColumnsRawOffset);
    if constexpr (!Cfg::kAffine) {  // the AffineGather reads no table
      copy_rows<Cfg::KSlots / 2>(pairs, Cfg::KSlots / 2, Cfg::KSlots * 8, s_raw + Cfg::kPairsRawOffset);
    }
  } else {
    stage_rows<true>(filter0, reinterpret_cast<Element const*>(bias0), Cfg::F0, Cfg::KSource, columns, Cfg::KSlots,
                     Cfg::kW0Pitch, s_w0);
    stage_rows<false>(filter1, static_cast<Element const*>(nullptr), Cfg::F1, Cfg::F0,
                      static_cast<int const*>(nullptr), Cfg::F0, Cfg::kW1Pitch, s_w1);
  }
  for (int i = threadIdx.x; i < Cfg::F0 + Cfg::F1 / 2; i += kThreads) {
    if (i < Cfg::F0) {
      float value = 0.f;
      if constexpr (Cfg::HasBias0 && !Cfg::Bias0InFilter) {
        value = to_float(bias0[i]);
      }
      s_bias0[i] = value;
    } else {
      float2 value = make_float2(0.f, 0.f);  // n-tile (i - F0) / 4, quad lane (i - F0) % 4: columns 2i, 2i + 1
      if constexpr (Cfg::HasBias1) {
        value = make_float2(to_float(bias1[2 * (i - Cfg::F0)]), to_float(bias1[2 * (i - Cfg::F0) + 1]));
      }
      s_bias1[i - Cfg::F0] = make_float4(value.x, value.y, value.x, value.y);
    }
  }
  uint32_t const* pair_table = pairs;
  if (copied) {
    asm volatile("cp.async.wait_all;\n" ::: "memory");
    __syncthreads();
    // W0 to its slots from the raw copy, as stage_rows maps it from global memory.
    stage_rows<true, false>(reinterpret_cast<Element const*>(s_raw),
                            reinterpret_cast<Element const*>(s_raw + Cfg::kBias0RawOffset), Cfg::F0, Cfg::KSource,
                            reinterpret_cast<int const*>(s_raw + Cfg::kColumnsRawOffset), Cfg::KSlots,
                            Cfg::kW0Pitch, s_w0);
    pair_table = reinterpret_cast<uint32_t const*>(s_raw + Cfg::kPairsRawOffset);
  }
  if constexpr (!Cfg::kAffine) {
    for (int i = threadIdx.x; i < Cfg::kKSteps0 * 4; i += kThreads) {
      uint32_t const* lo = pair_table + 4 * ((i / 4) * 8 + i % 4);
      uint32_t const* hi = lo + 16;
      s_pairs[2 * i] = make_uint4(lo[0], lo[1], hi[0], hi[1]);
      s_pairs[2 * i + 1] = make_uint4(lo[2], hi[2], lo[3], hi[3]);
    }
  }

  int const warp = threadIdx.x / 32, lane = threadIdx.x % 32, group = lane / 4, quad_lane = lane % 4;
  uint32_t const s_w0_address = static_cast<uint32_t>(__cvta_generic_to_shared(s_w0));
  uint32_t const s_w1_address = static_cast<uint32_t>(__cvta_generic_to_shared(s_w1));
  // ldmatrix.x4: lanes 8j..8j+7 address matrix j's rows: j = 0, 1 the k halves of an n-tile,
  // j = 2, 3 those of the next.
  int const ld_row = (lane / 16) * 8 + lane % 8, ld_col = ((lane / 8) % 2) * 8;
  uint16_t* const s_warp_out = s_out + warp * Cfg::kWarpPixels * Cfg::kOutPitch;
  uint32_t const s_warp_out_address = static_cast<uint32_t>(__cvta_generic_to_shared(s_warp_out));

  auto prefetch = [&](Window<Cfg>& window, int tile) {
    int n, p0, q0;
    origin(tile, n, p0, q0);
    window.load(g, input + int64_t(n) * g.stride_n, p0 * Cfg::StrideH - g.top, q0 * Cfg::StrideW - g.left);
  };
  // The window offset of a tile pixel (every pixel of a tile is one of its warps').
  auto window_base = [](int pixel) {
    return (pixel / Cfg::TileW) * Cfg::StrideH * Cfg::kPitch + (pixel % Cfg::TileW) * Cfg::StrideW * Cfg::C;
  };
  // This warp's rows of the tile: its m-tiles' pixels `group` and `group + 8`.
  int base[Cfg::kWarpMTiles][2];
#pragma unroll
  for (int t = 0; t < Cfg::kWarpMTiles; ++t) {
    base[t][0] = window_base(warp * Cfg::kWarpPixels + t * 16 + group);
    base[t][1] = window_base(warp * Cfg::kWarpPixels + t * 16 + group + 8);
  }
  // A pair of slots' word: one aligned load, or two halves.
  auto word = [](uint16_t const* pixel, uint32_t lo, uint32_t hi) -> uint32_t {
    if constexpr (Cfg::Paired) {
      return *reinterpret_cast<uint32_t const*>(pixel + lo);
    } else {
      return pack(pixel[lo], pixel[hi]);
    }
  };

  // The output chunks a lane stores (16 bytes each): its rows, their offsets in the warp's
  // staging rows and from the warp's first output pixel.
  constexpr int kVectors = Cfg::F1 / 8;
  constexpr int kChunks = Cfg::kWarpPixels * kVectors / 32;
  static_assert(Cfg::kWarpPixels * kVectors % 32 == 0, "whole chunks a lane");

  // The tile's window: by TMA into its buffer, or through registers one tile ahead. TMA: no
  // barrier of the CTA's warps; buffer b holds the tiles of the even (b = 0) or odd iterations;
  // each warp arrives on its "empty" barrier once it has gathered from it, and warp 0, at the
  // top of the next iteration (the other warps long past that gather, as a rule), waits for
  // that phase and loads the tile after this one into it. So the warps drift apart (their
  // gathers, MMAs and stores not all at once) and wait only for the window's bytes.
  Window<Cfg> window;
  if constexpr (!Cfg::TmaWindow) {
    window.prepare(g);
    if (blockIdx.x < tiles) {
      prefetch(window, blockIdx.x);
    }
  } else {
    __syncthreads();  // the barriers' initialization, the filters staged
  }
  int buffer = 0;
  for (int tile = blockIdx.x, iteration = 0; tile < tiles; tile += gridDim.x, ++iteration) {
    int n, p0, q0;
    origin(tile, n, p0, q0);
    uint16_t* const s_window = s_in + buffer * Cfg::kInStored;
    int const use = iteration >> 1;  // the buffer's use: its barriers' phase
    if constexpr (Cfg::TmaWindow) {
      if (warp == 0 && iteration > 0 && tile + int(gridDim.x) < tiles) {
        // The buffer the last iteration read, once every warp has gathered from it (the copy
        // ordered after their reads by the barrier and the async-proxy fence), gets the next tile.
        if (lane == 0) {
          int const last = iteration - 1;
          barrier_wait(barriers + 16 + 8 * (last & 1), (last >> 1) & 1);
          asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
          load_tma(tile + gridDim.x, last & 1);
        }
        __syncwarp();
      }
      barrier_wait(barriers + 8 * buffer, use & 1);
    } else {
      // This tile's window to shared memory (the buffer the tile before last read: every warp
      // has passed the barrier after it), then the next tile's loads, in flight during the MMAs.
      window.store(s_window);
      __syncthreads();
      if (tile + int(gridDim.x) < tiles) {
        prefetch(window, tile + gridDim.x);
      }
    }

    // The first convolution's A fragments, every k-step's, gathered from the window at the
    // AffineGather's immediate offsets or through the pair table (they stay in registers while
    // the n-tiles go by).
    uint32_t a0[Cfg::kWarpMTiles][Cfg::kKSteps0][4];
    if constexpr (Cfg::kAffine) {
      using G = typename Cfg::Gather;
      // A per-lane constant a half: its four lanes' values are immediates (folded).
      auto pick = [&](auto value) {
        return quad_lane == 0 ? value(0) : quad_lane == 1 ? value(1) : quad_lane == 2 ? value(2) : value(3);
      };
#pragma unroll
      for (int ks = 0; ks < Cfg::kKSteps0; ++ks) {
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          int const half = 2 * ks + h;
          uint32_t const mask = pick([&](int t) { return G::mask(half, t); });
          uint32_t const ones = pick([&](int t) { return G::ones(half, t); });
#pragma unroll
          for (int t = 0; t < Cfg::kWarpMTiles; ++t) {
#pragma unroll
            for (int r = 0; r < 2; ++r) {
              uint16_t const* word = s_window + base[t][r] + quad_lane * G::step(half) + G::start(half);
              a0[t][ks][2 * h + r] = (*reinterpret_cast<uint32_t const*>(word) & mask) | ones;
            }
          }
        }
      }
    } else {
#pragma unroll
      for (int ks = 0; ks < Cfg::kKSteps0; ++ks) {
        uint4 const offsets = s_pairs[(ks * 4 + quad_lane) * 2];
        uint4 const masks = s_pairs[(ks * 4 + quad_lane) * 2 + 1];
#pragma unroll
        for (int t = 0; t < Cfg::kWarpMTiles; ++t) {
#pragma unroll
          for (int r = 0; r < 2; ++r) {
            uint16_t const* pixel = s_window + base[t][r];
            a0[t][ks][r] = (word(pixel, offsets.x, offsets.y) & masks.x) | masks.z;
            a0[t][ks][2 + r] = (word(pixel, offsets.z, offsets.w) & masks.y) | masks.w;
          }
        }
      }
    }
    if constexpr (Cfg::TmaWindow) {
      // This warp is done with the buffer (its loads precede the arrival in the warp's order).
      __syncwarp();
      if (lane == 0) {
        barrier_arrive(barriers + 16 + 8 * buffer);
      }
    }
    buffer ^= 1;

    // A pair of n-tiles at a time (its accumulators alone live: the registers of both stages'
    // whole rows would spill), each through bias0 and act0, rounded: the accumulators of n-tiles
    // 2kk and 2kk + 1 are k-step kk's A fragment of the second convolution (rows g and g + 8,
    // columns 2t, 2t + 1 and + 8).
    typename Cfg::Act0 act0;
    uint32_t a1[Cfg::kWarpMTiles][Cfg::kKSteps1][4];
#pragma unroll
    for (int j = 0; j < Cfg::kNTiles0; j += 2) {
      float acc[Cfg::kWarpMTiles][2][4];
#pragma unroll
      for (int ks = 0; ks < Cfg::kKSteps0; ++ks) {
        uint32_t b[4];
        uint32_t const address = s_w0_address + ((j * 8 + ld_row) * Cfg::kW0Pitch + ks * 16 + ld_col) * 2;
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(b[0]), "=r"(b[1]), "=r"(b[2]), "=r"(b[3])
                     : "r"(address));
#pragma unroll
        for (int t = 0; t < Cfg::kWarpMTiles; ++t) {
          if (ks == 0) {
            mma_first<Element>(acc[t][0], a0[t][ks], b[0], b[1]);
            mma_first<Element>(acc[t][1], a0[t][ks], b[2], b[3]);
          } else {
            mma<Element>(acc[t][0], a0[t][ks], b[0], b[1]);
            mma<Element>(acc[t][1], a0[t][ks], b[2], b[3]);
          }
        }
      }
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        if constexpr (Cfg::HasBias0 && !Cfg::Bias0InFilter) {
          float2 const b = *reinterpret_cast<float2 const*>(s_bias0 + (j + h) * 8 + quad_lane * 2);
#pragma unroll
          for (int t = 0; t < Cfg::kWarpMTiles; ++t) {
#pragma unroll
            for (int e = 0; e < 4; ++e) {
              acc[t][h][e] += e % 2 ? b.y : b.x;
            }
          }
        }
#pragma unroll
        for (int t = 0; t < Cfg::kWarpMTiles; ++t) {
          a1[t][j / 2][h * 2] = pack_floats<Element>(act0(acc[t][h][0]), act0(acc[t][h][1]));
          a1[t][j / 2][h * 2 + 1] = pack_floats<Element>(act0(acc[t][h][2]), act0(acc[t][h][3]));
        }
      }
    }

    // The second convolution, W1 [F1 x F0] from shared memory, a pair of n-tiles at a time
    // (the accumulators start at bias1) through act1 into the warp's rows of the staging tile.
    typename Cfg::Act1 act1;
#pragma unroll
    for (int j = 0; j < Cfg::kNTiles1; j += 2) {
      float acc[Cfg::kWarpMTiles][2][4];
      float4 start[2];  // the n-tiles' bias1, the first MMAs' C (both m16 tiles')
      if constexpr (Cfg::HasBias1) {
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          start[h] = s_bias1[(j + h) * 4 + quad_lane];
        }
      }
#pragma unroll
      for (int kk = 0; kk < Cfg::kKSteps1; ++kk) {
        uint32_t b[4];
        uint32_t const address = s_w1_address + ((j * 8 + ld_row) * Cfg::kW1Pitch + kk * 16 + ld_col) * 2;
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(b[0]), "=r"(b[1]), "=r"(b[2]), "=r"(b[3])
                     : "r"(address));
#pragma unroll
        for (int t = 0; t < Cfg::kWarpMTiles; ++t) {
          if (kk == 0 && Cfg::HasBias1) {
            mma_from<Element>(acc[t][0], a1[t][kk], b[0], b[1], start[0]);
            mma_from<Element>(acc[t][1], a1[t][kk], b[2], b[3], start[1]);
          } else if (kk == 0) {
            mma_first<Element>(acc[t][0], a1[t][kk], b[0], b[1]);
            mma_first<Element>(acc[t][1], a1[t][kk], b[2], b[3]);
          } else {
            mma<Element>(acc[t][0], a1[t][kk], b[0], b[1]);
            mma<Element>(acc[t][1], a1[t][kk], b[2], b[3]);
          }
        }
      }
#pragma unroll
      for (int t = 0; t < Cfg::kWarpMTiles; ++t) {
        uint32_t packed[2][2];  // [n-tile][rows group, group + 8]
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          packed[h][0] = pack_floats<Element>(act1(acc[t][h][0]), act1(acc[t][h][1]));
          packed[h][1] = pack_floats<Element>(act1(acc[t][h][2]), act1(acc[t][h][3]));
        }
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
        // One stmatrix for the pair's 16 x 16 block: lanes 8i..8i+7 address the rows of matrix
        // i (rows 0-7 / 8-15 of n-tile j, then of n-tile j + 1), as the registers hold them.
        uint32_t const address = s_warp_out_address +
                                 ((t * 16 + ((lane / 8) % 2) * 8 + lane % 8) * Cfg::kOutPitch + (j + lane / 16) * 8) * 2;
        asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};\n" ::"r"(address),
                     "r"(packed[0][0]), "r"(packed[0][1]), "r"(packed[1][0]), "r"(packed[1][1])
                     : "memory");
#else
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          int const f = (j + h) * 8 + quad_lane * 2, row = t * 16 + group;
          *reinterpret_cast<uint32_t*>(s_warp_out + row * Cfg::kOutPitch + f) = packed[h][0];
          *reinterpret_cast<uint32_t*>(s_warp_out + (row + 8) * Cfg::kOutPitch + f) = packed[h][1];
        }
#endif
      }
    }
    // The warp's output pixels: segments of consecutive pixels of one output row (the warp's
    // pixels where TileW is a multiple of them, else each m16 tile's 16); pixels past the
    // output are not stored.
    constexpr int kSegment = Cfg::TileW % Cfg::kWarpPixels == 0 ? Cfg::kWarpPixels : 16;
    constexpr int kSegments = Cfg::kWarpPixels / kSegment;
    typename Cfg::Element* segment_row0[kSegments];
    int segment_valid[kSegments];
#pragma unroll
    for (int t = 0; t < kSegments; ++t) {
      int const first = warp * Cfg::kWarpPixels + t * kSegment;
      int const p = p0 + first / Cfg::TileW, q = q0 + first % Cfg::TileW;
      segment_valid[t] = p < g.p ? min(kSegment, g.q - q) : 0;
      segment_row0[t] = output + ((int64_t(n) * g.p + p) * g.q + q) * g.out_pitch;
    }
    // 16 bytes (8 channels) a store; a lane's chunks are the same in every tile.
    __syncwarp();
#pragma unroll
    for (int j = 0; j < kChunks; ++j) {
      // (Recomputed from the lane each tile: a few integer ops, where holding them would spill.)
      // The staging row's segment t and place r in it.
      int const i = j * 32 + lane, row = i / kVectors, v = i % kVectors, t = row / kSegment, r = row % kSegment;
      typename Cfg::Element* row0 = segment_row0[0];
      int valid = segment_valid[0];
#pragma unroll
      for (int u = 1; u < kSegments; ++u) {
        row0 = t == u ? segment_row0[u] : row0;
        valid = t == u ? segment_valid[u] : valid;
      }
      if (r < valid) {
        *reinterpret_cast<uint4*>(row0 + r * int(g.out_pitch) + v * 8) =
            *reinterpret_cast<uint4 const*>(s_warp_out + row * Cfg::kOutPitch + v * 8);
      }
    }
    __syncwarp();
  }
}

}  // namespace boltc::b2b_conv_direct
