// space-to-depth: a stride-2 NHWC convolution on 3 channels becomes a stride-1 convolution on
// the input folded 2x2 into 12 channels; the padding makes H and W multiples of 2 and the
// result's type is the original's; the epilogue (bias + relu) and extras move over unchanged.
// An even folded window also has its pairs of columns folded into the channels (two slices
// of the folded input, t columns apart, concatenated: 24 channels, half the taps).
// RUN: boltc-opt %s -p space-to-depth --split-input-file | filecheck %s

// ResNet's stem at 32x32: 7x7/2, padding 3: 38x38 padded, 19x19 folded, a 4x4 window -> 16x16.
// CHECK-LABEL: func.func @resnet_stem
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<2x32x32x3xf16>, %[[B:[a-z0-9_]+]]: tensor<1x1x1x64xf16>)
// CHECK:         %[[P:[a-z0-9_]+]] = bolt.pad %[[X]] low [0, 3, 3, 0] high [0, 3, 3, 0] value 0.000000e+00 : tensor<2x32x32x3xf16> -> tensor<2x38x38x3xf16>
// CHECK-NEXT:    %[[U:[a-z0-9_]+]] = bolt.reshape %[[P]] : tensor<2x38x38x3xf16> -> tensor<2x19x2x19x2x3xf16>
// CHECK-NEXT:    %[[V:[a-z0-9_]+]] = bolt.transpose %[[U]] permutation [0, 1, 3, 2, 4, 5] : tensor<2x19x2x19x2x3xf16> -> tensor<2x19x19x2x2x3xf16>
// CHECK-NEXT:    %[[Z:[a-z0-9_]+]] = bolt.reshape %[[V]] : tensor<2x19x19x2x2x3xf16> -> tensor<2x19x19x12xf16>
// CHECK-NEXT:    %[[Z0:[a-z0-9_]+]] = bolt.slice %[[Z]] offsets [0, 0, 0, 0] strides [1, 1, 1, 1] : tensor<2x19x19x12xf16> -> tensor<2x19x17x12xf16>
// CHECK-NEXT:    %[[Z1:[a-z0-9_]+]] = bolt.slice %[[Z]] offsets [0, 0, 2, 0] strides [1, 1, 1, 1] : tensor<2x19x19x12xf16> -> tensor<2x19x17x12xf16>
// CHECK-NEXT:    %[[Z2:[a-z0-9_]+]] = bolt.concat %[[Z0]], %[[Z1]] dim 3 : tensor<2x19x17x12xf16>, tensor<2x19x17x12xf16> -> tensor<2x19x17x24xf16>
// CHECK-NEXT:    %[[W:[a-z0-9_]+]] = bolt.constant {{.*}} : tensor<64x4x2x24xf16>
// CHECK-NEXT:    %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %[[Z2]], %[[W]] extras(%[[B]] : tensor<1x1x1x64xf16>) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x19x17x24xf16>, tensor<64x4x2x24xf16> -> tensor<2x16x16x64xf16> {
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<2x16x16x64xf32>, %[[BIAS:[a-z0-9_]+]]: tensor<1x1x1x64xf16>):
// CHECK-NEXT:      %[[BF:[a-z0-9_]+]] = bolt.ew.cast %[[BIAS]]
// CHECK-NEXT:      %[[S:[a-z0-9_]+]] = bolt.ew.add %[[ACC]], %[[BF]]
// CHECK-NEXT:      %[[R:[a-z0-9_]+]] = bolt.ew.relu %[[S]]
// CHECK-NEXT:      bolt.yield %[[R]]
// CHECK:         func.return %[[Y]] : tensor<2x16x16x64xf16>
func.func @resnet_stem(%x: tensor<2x32x32x3xf16>, %b: tensor<1x1x1x64xf16>) -> tensor<2x16x16x64xf16> {
  %w = bolt.constant dense<5.000000e-01> : tensor<64x7x7x3xf16>
  %y = bolt.conv2d nhwc %x, %w extras(%b : tensor<1x1x1x64xf16>) strides [2, 2] padding [3, 3, 3, 3] dilations [1, 1] groups 1 : tensor<2x32x32x3xf16>, tensor<64x7x7x3xf16> -> tensor<2x16x16x64xf16> {
  ^bb0(%acc: tensor<2x16x16x64xf32>, %bias: tensor<1x1x1x64xf16>):
    %bf = bolt.ew.cast %bias : tensor<1x1x1x64xf16> -> tensor<1x1x1x64xf32>
    %s = bolt.ew.add %acc, %bf : tensor<2x16x16x64xf32>, tensor<1x1x1x64xf32> -> tensor<2x16x16x64xf32>
    %r = bolt.ew.relu %s : tensor<2x16x16x64xf32> -> tensor<2x16x16x64xf32>
    bolt.yield %r : tensor<2x16x16x64xf32>
  }
  func.return %y : tensor<2x16x16x64xf16>
}

// -----

// MobileNetV2's stem at 33x33 (odd): 3x3/2, padding 1: 17x17 out; 2x2 window on 18x18 folded,
// so 36x36 padded: 1 on top/left, 2 at the bottom/right (the extra row is never read).
// CHECK-LABEL: func.func @mobilenet_stem_odd
// CHECK:         bolt.pad %{{.+}} low [0, 1, 1, 0] high [0, 2, 2, 0] value 0.000000e+00 : tensor<1x33x33x3xf16> -> tensor<1x36x36x3xf16>
// CHECK:         bolt.reshape %{{.+}} : tensor<1x36x36x3xf16> -> tensor<1x18x2x18x2x3xf16>
// CHECK:         bolt.transpose %{{.+}} permutation [0, 1, 3, 2, 4, 5]
// CHECK:         bolt.reshape %{{.+}} : tensor<1x18x18x2x2x3xf16> -> tensor<1x18x18x12xf16>
// CHECK:         bolt.slice %{{.+}} offsets [0, 0, 1, 0] strides [1, 1, 1, 1] : tensor<1x18x18x12xf16> -> tensor<1x18x17x12xf16>
// CHECK:         bolt.concat {{.*}} -> tensor<1x18x17x24xf16>
// CHECK:         bolt.constant {{.*}} : tensor<32x2x1x24xf16>
// CHECK:         bolt.conv2d nhwc {{.*}} strides [1, 1] padding [0, 0, 0, 0] {{.*}} -> tensor<1x17x17x32xf16> {
// CHECK-NOT:     strides [2, 2]
func.func @mobilenet_stem_odd(%x: tensor<1x33x33x3xf16>) -> tensor<1x17x17x32xf16> {
  %w = bolt.constant dense<2.500000e-01> : tensor<32x3x3x3xf16>
  %y = bolt.conv2d nhwc %x, %w strides [2, 2] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x33x33x3xf16>, tensor<32x3x3x3xf16> -> tensor<1x17x17x32xf16> {
  ^bb0(%acc: tensor<1x17x17x32xf32>):
    bolt.yield %acc : tensor<1x17x17x32xf32>
  }
  func.return %y : tensor<1x17x17x32xf16>
}

// -----

// No padding and an unread last row and column (11 = 2*4 + 2 + 1): the input is cut to 10x10
// first, nothing padded; a 1x1 folded window has no column pairs to fold.
// CHECK-LABEL: func.func @cropped
// CHECK:         %[[K:[a-z0-9_]+]] = bolt.slice %{{.+}} offsets [0, 0, 0, 0] strides [1, 1, 1, 1] : tensor<1x11x11x3xf16> -> tensor<1x10x10x3xf16>
// CHECK-NEXT:    bolt.reshape %[[K]] : tensor<1x10x10x3xf16> -> tensor<1x5x2x5x2x3xf16>
// CHECK-NOT:     bolt.pad
// CHECK-NOT:     bolt.concat
// CHECK:         bolt.conv2d nhwc {{.*}} strides [1, 1] padding [0, 0, 0, 0] {{.*}} : tensor<1x5x5x12xf16>, tensor<8x1x1x12xf16> -> tensor<1x5x5x8xf16>
func.func @cropped(%x: tensor<1x11x11x3xf16>) -> tensor<1x5x5x8xf16> {
  %w = bolt.constant dense<1.000000e+00> : tensor<8x2x2x3xf16>
  %y = bolt.conv2d nhwc %x, %w strides [2, 2] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x11x11x3xf16>, tensor<8x2x2x3xf16> -> tensor<1x5x5x8xf16> {
  ^bb0(%acc: tensor<1x5x5x8xf32>):
    bolt.yield %acc : tensor<1x5x5x8xf32>
  }
  func.return %y : tensor<1x5x5x8xf16>
}
