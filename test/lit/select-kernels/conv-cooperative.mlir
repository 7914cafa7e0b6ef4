// The cooperative conv_sm90 schedule written by a user as #bolt.kernel: kept by select-kernels
// (no reason added), it survives the whole pipeline (`boltc --emit bolt`) and reads back as it
// was printed; the generated C++ (`--emit cpp`) includes boltc's cooperative kernel header. (The
// heuristic's own choice of it: conv-heuristic.mlir, test/python/lowering/test_conv_sm90.py.)
// RUN: boltc-opt %s -p 'select-kernels{arch=sm_90a}' | filecheck %s
// RUN: boltc %s --emit bolt | filecheck %s --check-prefix=EMIT
// RUN: boltc %s --emit bolt | boltc-opt | filecheck %s --check-prefix=EMIT
// RUN: rm -rf %t && boltc %s --emit cpp -o %t && cat %t/*.cu | filecheck %s --check-prefix=CPP

// CHECK-LABEL: func.func @main
// CHECK: bolt.conv2d nhwc {{.*}}{kernel = #bolt.kernel<"conv_sm90", tile [128, 128, 64], cluster [1, 1, 1], stages auto, "cooperative">}
// CHECK-NOT: bolt.kernel_reason
// EMIT: bolt.conv2d nhwc {{.*}}kernel = #bolt.kernel<"conv_sm90", tile [128, 128, 64], cluster [1, 1, 1], stages auto, "cooperative">
// CPP: #include "boltc/conv_sm90_cooperative_kernel.hpp"
// CPP: using ConvKernel = boltc::conv_sm90::ConvUniversalCooperative<ProblemShape, CollectiveMainloop, CollectiveEpilogue>;
func.func @main(%x: tensor<32x14x14x256xf16>, %w: tensor<256x3x3x256xf16>, %b: tensor<256xf16>) -> tensor<32x14x14x256xf16> {
  %y = bolt.conv2d nhwc %x, %w extras(%b : tensor<256xf16>) strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 {kernel = #bolt.kernel<"conv_sm90", tile [128, 128, 64], cluster [1, 1, 1], stages auto, "cooperative">} : tensor<32x14x14x256xf16>, tensor<256x3x3x256xf16> -> tensor<32x14x14x256xf16> {
  ^bb0(%acc: tensor<32x14x14x256xf32>, %x0: tensor<256xf16>):
    %b32 = bolt.ew.cast %x0 : tensor<256xf16> -> tensor<256xf32>
    %s = bolt.ew.add %acc, %b32 : tensor<32x14x14x256xf32>, tensor<256xf32> -> tensor<32x14x14x256xf32>
    %a = bolt.ew.relu %s : tensor<32x14x14x256xf32> -> tensor<32x14x14x256xf32>
    bolt.yield %a : tensor<32x14x14x256xf32>
  }
  func.return %y : tensor<32x14x14x256xf16>
}
