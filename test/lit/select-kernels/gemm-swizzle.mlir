// The sm_90a GEMM tile scheduler's swizzle written by a user as the #bolt.kernel schedule's
// suffix ("cooperative swizzle 8"): kept by select-kernels (no reason added), it survives the
// whole pipeline (`boltc --emit bolt`) and reads back as it was printed; the generated C++
// (`--emit cpp`) sets CUTLASS's max_swizzle_size in the host TU's arguments. (The tuning
// space's swizzle candidates: test/python/tuning/test_space.py.)
// RUN: boltc-opt %s -p 'select-kernels{arch=sm_90a}' | filecheck %s
// RUN: boltc %s --emit bolt | filecheck %s --check-prefix=EMIT
// RUN: boltc %s --emit bolt | boltc-opt | filecheck %s --check-prefix=EMIT
// RUN: rm -rf %t && boltc %s --emit cpp -o %t && cat %t/*.cu | filecheck %s --check-prefix=CPP

// CHECK-LABEL: func.func @main
// CHECK: bolt.gemm {{.*}}{kernel = #bolt.kernel<"gemm_sm90", tile [128, 256, 64], cluster [2, 1, 1], stages auto, "cooperative swizzle 8">}
// CHECK-NOT: bolt.kernel_reason
// EMIT: bolt.gemm {{.*}}kernel = #bolt.kernel<"gemm_sm90", tile [128, 256, 64], cluster [2, 1, 1], stages auto, "cooperative swizzle 8">
// CPP: tile 128x256x64, cluster 2x1x1, stages auto, tma_cooperative swizzle 8
// CPP: using KernelSchedule = cutlass::gemm::KernelTmaWarpSpecializedCooperative;
// CPP: arguments.scheduler.max_swizzle_size = 8;
// CPP-NOT: max_swizzle_size
func.func @main(%a: tensor<8192x8192xf16>, %b: tensor<8192x8192xf16>) -> tensor<8192x8192xf16> {
  %d = bolt.gemm %a, %b {kernel = #bolt.kernel<"gemm_sm90", tile [128, 256, 64], cluster [2, 1, 1], stages auto, "cooperative swizzle 8">} : tensor<8192x8192xf16>, tensor<8192x8192xf16> -> tensor<8192x8192xf16> {
  ^bb0(%acc: tensor<8192x8192xf32>):
    bolt.yield %acc : tensor<8192x8192xf32>
  }
  func.return %d : tensor<8192x8192xf16>
}
