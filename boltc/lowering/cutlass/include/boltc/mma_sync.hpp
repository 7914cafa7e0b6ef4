// boltc: the mma.sync m16n8k16 tensor-core MMA (fp32 accumulators, f16 or bf16 operands) and the
// packing of two 16-bit values into one register, for boltc's own mma.sync kernels
// (conv_pool.hpp, b2b_conv_direct.hpp: sm_80 and sm_90a alike; b2b_conv_window.hpp's WGMMA
// operands from registers pack the same way).
#pragma once

#include <cstdint>
#include <type_traits>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "cutlass/numeric_types.h"

namespace boltc::mma_sync {

// d = a * b + c: the one MMA below the three forms (d may be c: the accumulation in place).
template <class Element>
__device__ __forceinline__ void mma_into(float (&d)[4], uint32_t const (&a)[4], uint32_t b0, uint32_t b1, float c0,
                                         float c1, float c2, float c3) {
  if constexpr (std::is_same_v<Element, cutlass::half_t>) {
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
        "{%10,%11,%12,%13};\n"
        : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
  } else {
    static_assert(std::is_same_v<Element, cutlass::bfloat16_t>, "f16 or bf16 operands");
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
        "{%10,%11,%12,%13};\n"
        : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
  }
}

// d += a * b.
template <class Element>
__device__ __forceinline__ void mma(float (&d)[4], uint32_t const (&a)[4], uint32_t b0, uint32_t b1) {
  mma_into<Element>(d, a, b0, b1, d[0], d[1], d[2], d[3]);
}

// d = a * b: the first MMA of a k-loop (no accumulator to zero first).
template <class Element>
__device__ __forceinline__ void mma_first(float (&d)[4], uint32_t const (&a)[4], uint32_t b0, uint32_t b1) {
  mma_into<Element>(d, a, b0, b1, 0.f, 0.f, 0.f, 0.f);
}

// d = a * b + c, c apart from d (an accumulator's start, as a bias, shared by several MMAs
// without copies).
template <class Element>
__device__ __forceinline__ void mma_from(float (&d)[4], uint32_t const (&a)[4], uint32_t b0, uint32_t b1,
                                         float4 const& c) {
  mma_into<Element>(d, a, b0, b1, c.x, c.y, c.z, c.w);
}

// Two 16-bit values in one register, `lo` in the low half (an MMA fragment's column order).
__device__ __forceinline__ uint32_t pack(uint16_t lo, uint16_t hi) {
  return uint32_t(lo) | (uint32_t(hi) << 16);
}

// Two floats rounded to the 16-bit element type, packed (the lower channel in the low half).
template <class Element>
__device__ __forceinline__ uint32_t pack_floats(float lo, float hi) {
  if constexpr (std::is_same_v<Element, cutlass::half_t>) {
    __half2 const v = __floats2half2_rn(lo, hi);
    return *reinterpret_cast<uint32_t const*>(&v);
  } else {
    __nv_bfloat162 const v = __floats2bfloat162_rn(lo, hi);
    return *reinterpret_cast<uint32_t const*>(&v);
  }
}

}  // namespace boltc::mma_sync
