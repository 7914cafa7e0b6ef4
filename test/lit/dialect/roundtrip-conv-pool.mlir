// RUN: boltc-opt %s | filecheck --match-full-lines %s
// RUN: boltc-opt %s | boltc-opt | filecheck --match-full-lines %s
// RUN: boltc-opt %s --print-op-generic | boltc-opt | filecheck --match-full-lines %s

// Round trips of bolt.conv_pool: a convolution (its epilogue included) and the max pool of its
// result. Each CHECK pins a whole printed line: the custom form, its reprint, and the generic
// form parsed back must all print the same thing.

// ResNet's folded stem: 4x2 on 24 channels, bias + ReLU, the 3x3/2 pool with padding 1, and
// the reason fuse-conv-pool records.
// CHECK: func.func @conv_pool_folded_stem(%[[X:[a-z0-9_]+]]: tensor<2x19x17x24xf16>, %[[W:[a-z0-9_]+]]: tensor<64x4x2x24xf16>, %[[B:[a-z0-9_]+]]: tensor<1x1x1x64xf16>) -> tensor<2x8x8x64xf16> {
// CHECK-NEXT: %[[Z:[a-z0-9_]+]] = bolt.conv_pool(%[[X]], %[[W]], %[[B]]) {bolt.fusion_reason = "the convolution's 2x16x16x64 output (0.1 MiB) stays on chip: not written and read back by the pool"} : (tensor<2x19x17x24xf16>, tensor<64x4x2x24xf16>, tensor<1x1x1x64xf16>) -> tensor<2x8x8x64xf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[I:[a-z0-9_]+]]: tensor<2x19x17x24xf16>, %[[F:[a-z0-9_]+]]: tensor<64x4x2x24xf16>, %[[C:[a-z0-9_]+]]: tensor<1x1x1x64xf16>):
// CHECK-NEXT: %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %[[I]], %[[F]] extras(%[[C]] : tensor<1x1x1x64xf16>) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x19x17x24xf16>, tensor<64x4x2x24xf16> -> tensor<2x16x16x64xf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<2x16x16x64xf32>, %[[BIAS:[a-z0-9_]+]]: tensor<1x1x1x64xf16>):
// CHECK-NEXT: %[[BF:[a-z0-9_]+]] = bolt.ew.cast %[[BIAS]] : tensor<1x1x1x64xf16> -> tensor<1x1x1x64xf32>
// CHECK-NEXT: %[[S:[a-z0-9_]+]] = bolt.ew.add %[[ACC]], %[[BF]] : tensor<2x16x16x64xf32>, tensor<1x1x1x64xf32> -> tensor<2x16x16x64xf32>
// CHECK-NEXT: %[[R:[a-z0-9_]+]] = bolt.ew.relu %[[S]] : tensor<2x16x16x64xf32> -> tensor<2x16x16x64xf32>
// CHECK-NEXT: bolt.yield %[[R]] : tensor<2x16x16x64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = bolt.pool2d max nhwc %[[Y]] window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x16x16x64xf16> -> tensor<2x8x8x64xf16>
// CHECK-NEXT: bolt.yield %[[P]] : tensor<2x8x8x64xf16>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[Z]] : tensor<2x8x8x64xf16>
// CHECK-NEXT: }
func.func @conv_pool_folded_stem(%x: tensor<2x19x17x24xf16>, %w: tensor<64x4x2x24xf16>, %b: tensor<1x1x1x64xf16>) -> tensor<2x8x8x64xf16> {
  %z = bolt.conv_pool(%x, %w, %b) {bolt.fusion_reason = "the convolution's 2x16x16x64 output (0.1 MiB) stays on chip: not written and read back by the pool"} : (tensor<2x19x17x24xf16>, tensor<64x4x2x24xf16>, tensor<1x1x1x64xf16>) -> tensor<2x8x8x64xf16> {
  ^bb0(%i: tensor<2x19x17x24xf16>, %f: tensor<64x4x2x24xf16>, %c: tensor<1x1x1x64xf16>):
    %y = bolt.conv2d nhwc %i, %f extras(%c : tensor<1x1x1x64xf16>) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x19x17x24xf16>, tensor<64x4x2x24xf16> -> tensor<2x16x16x64xf16> {
    ^bb0(%acc: tensor<2x16x16x64xf32>, %bias: tensor<1x1x1x64xf16>):
      %bf = bolt.ew.cast %bias : tensor<1x1x1x64xf16> -> tensor<1x1x1x64xf32>
      %s = bolt.ew.add %acc, %bf : tensor<2x16x16x64xf32>, tensor<1x1x1x64xf32> -> tensor<2x16x16x64xf32>
      %r = bolt.ew.relu %s : tensor<2x16x16x64xf32> -> tensor<2x16x16x64xf32>
      bolt.yield %r : tensor<2x16x16x64xf32>
    }
    %p = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x16x16x64xf16> -> tensor<2x8x8x64xf16>
    bolt.yield %p : tensor<2x8x8x64xf16>
  }
  func.return %z : tensor<2x8x8x64xf16>
}

// bf16, C = 3 (the register window), no epilogue, an unpadded 2x2/2 pool; no attributes.
// CHECK: func.func @conv_pool_bf16_rgb(%[[X:[a-z0-9_]+]]: tensor<1x16x16x3xbf16>, %[[W:[a-z0-9_]+]]: tensor<32x3x3x3xbf16>) -> tensor<1x8x8x32xbf16> {
// CHECK-NEXT: %[[Z:[a-z0-9_]+]] = bolt.conv_pool(%[[X]], %[[W]]) : (tensor<1x16x16x3xbf16>, tensor<32x3x3x3xbf16>) -> tensor<1x8x8x32xbf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[I:[a-z0-9_]+]]: tensor<1x16x16x3xbf16>, %[[F:[a-z0-9_]+]]: tensor<32x3x3x3xbf16>):
// CHECK-NEXT: %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %[[I]], %[[F]] strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x16x16x3xbf16>, tensor<32x3x3x3xbf16> -> tensor<1x16x16x32xbf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<1x16x16x32xf32>):
// CHECK-NEXT: bolt.yield %[[ACC]] : tensor<1x16x16x32xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = bolt.pool2d max nhwc %[[Y]] window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x16x16x32xbf16> -> tensor<1x8x8x32xbf16>
// CHECK-NEXT: bolt.yield %[[P]] : tensor<1x8x8x32xbf16>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[Z]] : tensor<1x8x8x32xbf16>
// CHECK-NEXT: }
func.func @conv_pool_bf16_rgb(%x: tensor<1x16x16x3xbf16>, %w: tensor<32x3x3x3xbf16>) -> tensor<1x8x8x32xbf16> {
  %z = bolt.conv_pool(%x, %w) : (tensor<1x16x16x3xbf16>, tensor<32x3x3x3xbf16>) -> tensor<1x8x8x32xbf16> {
  ^bb0(%i: tensor<1x16x16x3xbf16>, %f: tensor<32x3x3x3xbf16>):
    %y = bolt.conv2d nhwc %i, %f strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x16x16x3xbf16>, tensor<32x3x3x3xbf16> -> tensor<1x16x16x32xbf16> {
    ^bb0(%acc: tensor<1x16x16x32xf32>):
      bolt.yield %acc : tensor<1x16x16x32xf32>
    }
    %p = bolt.pool2d max nhwc %y window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x16x16x32xbf16> -> tensor<1x8x8x32xbf16>
    bolt.yield %p : tensor<1x8x8x32xbf16>
  }
  func.return %z : tensor<1x8x8x32xbf16>
}

// One value twice: the image is both the convolution's input and its residual (a 1x1 stride-1
// convolution keeps the shape), so the op takes it once and the body reads its argument twice.
// CHECK: func.func @conv_pool_shared_operand(%[[X:[a-z0-9_]+]]: tensor<1x8x8x16xf16>, %[[W:[a-z0-9_]+]]: tensor<16x1x1x16xf16>) -> tensor<1x4x4x16xf16> {
// CHECK-NEXT: %[[Z:[a-z0-9_]+]] = bolt.conv_pool(%[[X]], %[[W]]) : (tensor<1x8x8x16xf16>, tensor<16x1x1x16xf16>) -> tensor<1x4x4x16xf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[I:[a-z0-9_]+]]: tensor<1x8x8x16xf16>, %[[F:[a-z0-9_]+]]: tensor<16x1x1x16xf16>):
// CHECK-NEXT: %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %[[I]], %[[F]] extras(%[[I]] : tensor<1x8x8x16xf16>) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x8x8x16xf16>, tensor<16x1x1x16xf16> -> tensor<1x8x8x16xf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<1x8x8x16xf32>, %[[RES:[a-z0-9_]+]]: tensor<1x8x8x16xf16>):
// CHECK-NEXT: %[[R32:[a-z0-9_]+]] = bolt.ew.cast %[[RES]] : tensor<1x8x8x16xf16> -> tensor<1x8x8x16xf32>
// CHECK-NEXT: %[[S:[a-z0-9_]+]] = bolt.ew.add %[[ACC]], %[[R32]] : tensor<1x8x8x16xf32>, tensor<1x8x8x16xf32> -> tensor<1x8x8x16xf32>
// CHECK-NEXT: bolt.yield %[[S]] : tensor<1x8x8x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = bolt.pool2d max nhwc %[[Y]] window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x8x8x16xf16> -> tensor<1x4x4x16xf16>
// CHECK-NEXT: bolt.yield %[[P]] : tensor<1x4x4x16xf16>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[Z]] : tensor<1x4x4x16xf16>
// CHECK-NEXT: }
func.func @conv_pool_shared_operand(%x: tensor<1x8x8x16xf16>, %w: tensor<16x1x1x16xf16>) -> tensor<1x4x4x16xf16> {
  %z = bolt.conv_pool(%x, %w) : (tensor<1x8x8x16xf16>, tensor<16x1x1x16xf16>) -> tensor<1x4x4x16xf16> {
  ^bb0(%i: tensor<1x8x8x16xf16>, %f: tensor<16x1x1x16xf16>):
    %y = bolt.conv2d nhwc %i, %f extras(%i : tensor<1x8x8x16xf16>) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x8x8x16xf16>, tensor<16x1x1x16xf16> -> tensor<1x8x8x16xf16> {
    ^bb0(%acc: tensor<1x8x8x16xf32>, %res: tensor<1x8x8x16xf16>):
      %r32 = bolt.ew.cast %res : tensor<1x8x8x16xf16> -> tensor<1x8x8x16xf32>
      %s = bolt.ew.add %acc, %r32 : tensor<1x8x8x16xf32>, tensor<1x8x8x16xf32> -> tensor<1x8x8x16xf32>
      bolt.yield %s : tensor<1x8x8x16xf32>
    }
    %p = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x8x8x16xf16> -> tensor<1x4x4x16xf16>
    bolt.yield %p : tensor<1x4x4x16xf16>
  }
  func.return %z : tensor<1x4x4x16xf16>
}
