// RUN: boltc-opt %s | filecheck --match-full-lines %s
// RUN: boltc-opt %s | boltc-opt | filecheck --match-full-lines %s
// RUN: boltc-opt %s --print-op-generic | boltc-opt | filecheck --match-full-lines %s

// Round trips of bolt.b2b: two GEMMs and two convolutions, in registers and in shared memory.
// Each CHECK pins a whole printed line: the custom form, its reprint, and the generic form
// parsed back must all print the same thing.

// Two GEMMs, the first product kept in registers: D = relu(A @ W0 + b0) @ W1.
// CHECK: func.func @b2b_gemm_registers(%[[A:[a-z0-9_]+]]: tensor<128x64xf16>, %[[W0:[a-z0-9_]+]]: tensor<64x32xf16>, %[[B0:[a-z0-9_]+]]: tensor<32xf16>, %[[W1:[a-z0-9_]+]]: tensor<32x16xf16>) -> tensor<128x16xf16> {
// CHECK-NEXT: %[[D:[a-z0-9_]+]] = bolt.b2b registers(%[[A]], %[[W0]], %[[B0]], %[[W1]]) : (tensor<128x64xf16>, tensor<64x32xf16>, tensor<32xf16>, tensor<32x16xf16>) -> tensor<128x16xf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[X:[a-z0-9_]+]]: tensor<128x64xf16>, %[[F0:[a-z0-9_]+]]: tensor<64x32xf16>, %[[BIAS:[a-z0-9_]+]]: tensor<32xf16>, %[[F1:[a-z0-9_]+]]: tensor<32x16xf16>):
// CHECK-NEXT: %[[H:[a-z0-9_]+]] = bolt.gemm %[[X]], %[[F0]] extras(%[[BIAS]] : tensor<32xf16>) : tensor<128x64xf16>, tensor<64x32xf16> -> tensor<128x32xf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<128x32xf32>, %[[B:[a-z0-9_]+]]: tensor<32xf16>):
// CHECK-NEXT: %[[B32:[a-z0-9_]+]] = bolt.ew.cast %[[B]] : tensor<32xf16> -> tensor<32xf32>
// CHECK-NEXT: %[[S:[a-z0-9_]+]] = bolt.ew.add %[[ACC]], %[[B32]] : tensor<128x32xf32>, tensor<32xf32> -> tensor<128x32xf32>
// CHECK-NEXT: %[[R:[a-z0-9_]+]] = bolt.ew.relu %[[S]] : tensor<128x32xf32> -> tensor<128x32xf32>
// CHECK-NEXT: bolt.yield %[[R]] : tensor<128x32xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[O:[a-z0-9_]+]] = bolt.gemm %[[H]], %[[F1]] : tensor<128x32xf16>, tensor<32x16xf16> -> tensor<128x16xf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC_1:[a-z0-9_]+]]: tensor<128x16xf32>):
// CHECK-NEXT: bolt.yield %[[ACC_1]] : tensor<128x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: bolt.yield %[[O]] : tensor<128x16xf16>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[D]] : tensor<128x16xf16>
// CHECK-NEXT: }
func.func @b2b_gemm_registers(%a: tensor<128x64xf16>, %w0: tensor<64x32xf16>, %b0: tensor<32xf16>, %w1: tensor<32x16xf16>) -> tensor<128x16xf16> {
  %d = bolt.b2b registers (%a, %w0, %b0, %w1) : (tensor<128x64xf16>, tensor<64x32xf16>, tensor<32xf16>, tensor<32x16xf16>) -> tensor<128x16xf16> {
  ^bb0(%x: tensor<128x64xf16>, %f0: tensor<64x32xf16>, %bias: tensor<32xf16>, %f1: tensor<32x16xf16>):
    %h = bolt.gemm %x, %f0 extras(%bias : tensor<32xf16>) : tensor<128x64xf16>, tensor<64x32xf16> -> tensor<128x32xf16> {
    ^bb0(%acc: tensor<128x32xf32>, %b: tensor<32xf16>):
      %b32 = bolt.ew.cast %b : tensor<32xf16> -> tensor<32xf32>
      %s = bolt.ew.add %acc, %b32 : tensor<128x32xf32>, tensor<32xf32> -> tensor<128x32xf32>
      %r = bolt.ew.relu %s : tensor<128x32xf32> -> tensor<128x32xf32>
      bolt.yield %r : tensor<128x32xf32>
    }
    %o = bolt.gemm %h, %f1 : tensor<128x32xf16>, tensor<32x16xf16> -> tensor<128x16xf16> {
    ^bb0(%acc: tensor<128x16xf32>):
      bolt.yield %acc : tensor<128x16xf32>
    }
    bolt.yield %o : tensor<128x16xf16>
  }
  func.return %d : tensor<128x16xf16>
}

// The same chain through shared memory, batched, with the tuner's choice on the b2b.
// CHECK: func.func @b2b_gemm_shared_memory(%[[A:[a-z0-9_]+]]: tensor<4x64x32xbf16>, %[[W0:[a-z0-9_]+]]: tensor<32x256xbf16>, %[[W1:[a-z0-9_]+]]: tensor<256x32xbf16>) -> tensor<4x64x32xbf16> {
// CHECK-NEXT: %[[D:[a-z0-9_]+]] = bolt.b2b shared_memory(%[[A]], %[[W0]], %[[W1]]) {kernel = #bolt.kernel<"b2b_gemm_sm80", tile [64, 256, 32], cluster [1, 1, 1], stages 2, "smem_resident">} : (tensor<4x64x32xbf16>, tensor<32x256xbf16>, tensor<256x32xbf16>) -> tensor<4x64x32xbf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[X:[a-z0-9_]+]]: tensor<4x64x32xbf16>, %[[F0:[a-z0-9_]+]]: tensor<32x256xbf16>, %[[F1:[a-z0-9_]+]]: tensor<256x32xbf16>):
// CHECK-NEXT: %[[H:[a-z0-9_]+]] = bolt.gemm %[[X]], %[[F0]] : tensor<4x64x32xbf16>, tensor<32x256xbf16> -> tensor<4x64x256xbf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<4x64x256xf32>):
// CHECK-NEXT: %[[G:[a-z0-9_]+]] = bolt.ew.gelu erf %[[ACC]] : tensor<4x64x256xf32> -> tensor<4x64x256xf32>
// CHECK-NEXT: bolt.yield %[[G]] : tensor<4x64x256xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[O:[a-z0-9_]+]] = bolt.gemm %[[H]], %[[F1]] : tensor<4x64x256xbf16>, tensor<256x32xbf16> -> tensor<4x64x32xbf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC_1:[a-z0-9_]+]]: tensor<4x64x32xf32>):
// CHECK-NEXT: bolt.yield %[[ACC_1]] : tensor<4x64x32xf32>
// CHECK-NEXT: }
// CHECK-NEXT: bolt.yield %[[O]] : tensor<4x64x32xbf16>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[D]] : tensor<4x64x32xbf16>
// CHECK-NEXT: }
func.func @b2b_gemm_shared_memory(%a: tensor<4x64x32xbf16>, %w0: tensor<32x256xbf16>, %w1: tensor<256x32xbf16>) -> tensor<4x64x32xbf16> {
  %d = bolt.b2b shared_memory (%a, %w0, %w1) {kernel = #bolt.kernel<"b2b_gemm_sm80", tile [64, 256, 32], cluster [1, 1, 1], stages 2, "smem_resident">} : (tensor<4x64x32xbf16>, tensor<32x256xbf16>, tensor<256x32xbf16>) -> tensor<4x64x32xbf16> {
  ^bb0(%x: tensor<4x64x32xbf16>, %f0: tensor<32x256xbf16>, %f1: tensor<256x32xbf16>):
    %h = bolt.gemm %x, %f0 : tensor<4x64x32xbf16>, tensor<32x256xbf16> -> tensor<4x64x256xbf16> {
    ^bb0(%acc: tensor<4x64x256xf32>):
      %g = bolt.ew.gelu erf %acc : tensor<4x64x256xf32> -> tensor<4x64x256xf32>
      bolt.yield %g : tensor<4x64x256xf32>
    }
    %o = bolt.gemm %h, %f1 : tensor<4x64x256xbf16>, tensor<256x32xbf16> -> tensor<4x64x32xbf16> {
    ^bb0(%acc: tensor<4x64x32xf32>):
      bolt.yield %acc : tensor<4x64x32xf32>
    }
    bolt.yield %o : tensor<4x64x32xbf16>
  }
  func.return %d : tensor<4x64x32xbf16>
}

// A 3x3 conv then a 1x1, stride 1, unpadded conv: the second reads the first's tile on chip.
// CHECK: func.func @b2b_conv_nchw(%[[X:[a-z0-9_]+]]: tensor<1x16x32x32xf16>, %[[W0:[a-z0-9_]+]]: tensor<32x16x3x3xf16>, %[[W1:[a-z0-9_]+]]: tensor<64x32x1x1xf16>) -> tensor<1x64x32x32xf16> {
// CHECK-NEXT: %[[Y:[a-z0-9_]+]] = bolt.b2b shared_memory(%[[X]], %[[W0]], %[[W1]]) : (tensor<1x16x32x32xf16>, tensor<32x16x3x3xf16>, tensor<64x32x1x1xf16>) -> tensor<1x64x32x32xf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[I:[a-z0-9_]+]]: tensor<1x16x32x32xf16>, %[[F0:[a-z0-9_]+]]: tensor<32x16x3x3xf16>, %[[F1:[a-z0-9_]+]]: tensor<64x32x1x1xf16>):
// CHECK-NEXT: %[[H:[a-z0-9_]+]] = bolt.conv2d nchw %[[I]], %[[F0]] strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x16x32x32xf16>, tensor<32x16x3x3xf16> -> tensor<1x32x32x32xf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<1x32x32x32xf32>):
// CHECK-NEXT: %[[R:[a-z0-9_]+]] = bolt.ew.relu %[[ACC]] : tensor<1x32x32x32xf32> -> tensor<1x32x32x32xf32>
// CHECK-NEXT: bolt.yield %[[R]] : tensor<1x32x32x32xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[O:[a-z0-9_]+]] = bolt.conv2d nchw %[[H]], %[[F1]] strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x32x32x32xf16>, tensor<64x32x1x1xf16> -> tensor<1x64x32x32xf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC_1:[a-z0-9_]+]]: tensor<1x64x32x32xf32>):
// CHECK-NEXT: bolt.yield %[[ACC_1]] : tensor<1x64x32x32xf32>
// CHECK-NEXT: }
// CHECK-NEXT: bolt.yield %[[O]] : tensor<1x64x32x32xf16>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[Y]] : tensor<1x64x32x32xf16>
// CHECK-NEXT: }
func.func @b2b_conv_nchw(%x: tensor<1x16x32x32xf16>, %w0: tensor<32x16x3x3xf16>, %w1: tensor<64x32x1x1xf16>) -> tensor<1x64x32x32xf16> {
  %y = bolt.b2b shared_memory (%x, %w0, %w1) : (tensor<1x16x32x32xf16>, tensor<32x16x3x3xf16>, tensor<64x32x1x1xf16>) -> tensor<1x64x32x32xf16> {
  ^bb0(%i: tensor<1x16x32x32xf16>, %f0: tensor<32x16x3x3xf16>, %f1: tensor<64x32x1x1xf16>):
    %h = bolt.conv2d nchw %i, %f0 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x16x32x32xf16>, tensor<32x16x3x3xf16> -> tensor<1x32x32x32xf16> {
    ^bb0(%acc: tensor<1x32x32x32xf32>):
      %r = bolt.ew.relu %acc : tensor<1x32x32x32xf32> -> tensor<1x32x32x32xf32>
      bolt.yield %r : tensor<1x32x32x32xf32>
    }
    %o = bolt.conv2d nchw %h, %f1 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x32x32x32xf16>, tensor<64x32x1x1xf16> -> tensor<1x64x32x32xf16> {
    ^bb0(%acc: tensor<1x64x32x32xf32>):
      bolt.yield %acc : tensor<1x64x32x32xf32>
    }
    bolt.yield %o : tensor<1x64x32x32xf16>
  }
  func.return %y : tensor<1x64x32x32xf16>
}

// NHWC, registers; the first conv is strided, the second carries a bias.
// CHECK: func.func @b2b_conv_nhwc(%[[X:[a-z0-9_]+]]: tensor<2x16x16x8xf16>, %[[W0:[a-z0-9_]+]]: tensor<16x3x3x8xf16>, %[[W1:[a-z0-9_]+]]: tensor<8x1x1x16xf16>, %[[B1:[a-z0-9_]+]]: tensor<8xf16>) -> tensor<2x8x8x8xf16> {
// CHECK-NEXT: %[[Y:[a-z0-9_]+]] = bolt.b2b registers(%[[X]], %[[W0]], %[[W1]], %[[B1]]) : (tensor<2x16x16x8xf16>, tensor<16x3x3x8xf16>, tensor<8x1x1x16xf16>, tensor<8xf16>) -> tensor<2x8x8x8xf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[I:[a-z0-9_]+]]: tensor<2x16x16x8xf16>, %[[F0:[a-z0-9_]+]]: tensor<16x3x3x8xf16>, %[[F1:[a-z0-9_]+]]: tensor<8x1x1x16xf16>, %[[BIAS:[a-z0-9_]+]]: tensor<8xf16>):
// CHECK-NEXT: %[[H:[a-z0-9_]+]] = bolt.conv2d nhwc %[[I]], %[[F0]] strides [2, 2] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x16x16x8xf16>, tensor<16x3x3x8xf16> -> tensor<2x8x8x16xf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<2x8x8x16xf32>):
// CHECK-NEXT: bolt.yield %[[ACC]] : tensor<2x8x8x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[O:[a-z0-9_]+]] = bolt.conv2d nhwc %[[H]], %[[F1]] extras(%[[BIAS]] : tensor<8xf16>) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x8x8x16xf16>, tensor<8x1x1x16xf16> -> tensor<2x8x8x8xf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC_1:[a-z0-9_]+]]: tensor<2x8x8x8xf32>, %[[B:[a-z0-9_]+]]: tensor<8xf16>):
// CHECK-NEXT: %[[B32:[a-z0-9_]+]] = bolt.ew.cast %[[B]] : tensor<8xf16> -> tensor<8xf32>
// CHECK-NEXT: %[[S:[a-z0-9_]+]] = bolt.ew.add %[[ACC_1]], %[[B32]] : tensor<2x8x8x8xf32>, tensor<8xf32> -> tensor<2x8x8x8xf32>
// CHECK-NEXT: bolt.yield %[[S]] : tensor<2x8x8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: bolt.yield %[[O]] : tensor<2x8x8x8xf16>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[Y]] : tensor<2x8x8x8xf16>
// CHECK-NEXT: }
func.func @b2b_conv_nhwc(%x: tensor<2x16x16x8xf16>, %w0: tensor<16x3x3x8xf16>, %w1: tensor<8x1x1x16xf16>, %b1: tensor<8xf16>) -> tensor<2x8x8x8xf16> {
  %y = bolt.b2b registers (%x, %w0, %w1, %b1) : (tensor<2x16x16x8xf16>, tensor<16x3x3x8xf16>, tensor<8x1x1x16xf16>, tensor<8xf16>) -> tensor<2x8x8x8xf16> {
  ^bb0(%i: tensor<2x16x16x8xf16>, %f0: tensor<16x3x3x8xf16>, %f1: tensor<8x1x1x16xf16>, %bias: tensor<8xf16>):
    %h = bolt.conv2d nhwc %i, %f0 strides [2, 2] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x16x16x8xf16>, tensor<16x3x3x8xf16> -> tensor<2x8x8x16xf16> {
    ^bb0(%acc: tensor<2x8x8x16xf32>):
      bolt.yield %acc : tensor<2x8x8x16xf32>
    }
    %o = bolt.conv2d nhwc %h, %f1 extras(%bias : tensor<8xf16>) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x8x8x16xf16>, tensor<8x1x1x16xf16> -> tensor<2x8x8x8xf16> {
    ^bb0(%acc: tensor<2x8x8x8xf32>, %b: tensor<8xf16>):
      %b32 = bolt.ew.cast %b : tensor<8xf16> -> tensor<8xf32>
      %s = bolt.ew.add %acc, %b32 : tensor<2x8x8x8xf32>, tensor<8xf32> -> tensor<2x8x8x8xf32>
      bolt.yield %s : tensor<2x8x8x8xf32>
    }
    bolt.yield %o : tensor<2x8x8x8xf16>
  }
  func.return %y : tensor<2x8x8x8xf16>
}
