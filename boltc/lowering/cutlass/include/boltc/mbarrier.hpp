// boltc: the shared-memory mbarrier operations boltc's own TMA-fed kernels use (b2b_conv_direct.hpp,
// b2b_conv_window.hpp; sm_90a): initialise with an arrival count, arrive, wait for a phase.
#pragma once

#include <cstdint>

namespace boltc::mbarrier {

__device__ __forceinline__ void barrier_init(uint32_t barrier, int count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(barrier), "r"(count) : "memory");
}

// One arrival (release at the CTA; nothing waits for the arrival itself).
__device__ __forceinline__ void barrier_arrive(uint32_t barrier) {
  asm volatile(
      "{\n"
      ".reg .b64 state;\n"
      "mbarrier.arrive.shared::cta.b64 state, [%0];\n"
      "}\n" ::"r"(barrier)
      : "memory");
}

// Until the phase of parity `phase` has completed.
__device__ __forceinline__ void barrier_wait(uint32_t barrier, uint32_t phase) {
  asm volatile(
      "{\n"
      ".reg .pred done;\n"
      "WAIT:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
      "@!done bra WAIT;\n"
      "}\n" ::"r"(barrier),
      "r"(phase)
      : "memory");
}

}  // namespace boltc::mbarrier
