// RUN: boltc-opt %s -p pad-alignment --split-input-file | filecheck %s

// A slice/pad pair between two aligned convolutions (what an earlier pass may leave): the
// first convolution's filters for channels 13..15 are zero, so those lanes are zero and the
// pair is the identity. It folds; the second convolution reads the first directly.
// CHECK-LABEL: func.func @pair_of_zero_lanes
// CHECK:         %[[A:.+]] = bolt.conv2d nhwc %x, %{{.+}} : tensor<1x4x4x16xf16>, tensor<16x1x1x16xf16> -> tensor<1x4x4x16xf16>
// CHECK:         %[[B:.+]] = bolt.conv2d nhwc %[[A]], %{{.+}} : tensor<1x4x4x16xf16>, tensor<16x1x1x16xf16> -> tensor<1x4x4x16xf16>
// CHECK-NOT:     bolt.pad
func.func @pair_of_zero_lanes(%x: tensor<1x4x4x16xf16>) -> tensor<1x4x4x16xf16> {
  %w1 = bolt.constant dense<"0x003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"> : tensor<16x1x1x16xf16>
  %w2 = bolt.constant dense<0.5> : tensor<16x1x1x16xf16>
  %a = bolt.conv2d nhwc %x, %w1 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x4x4x16xf16>, tensor<16x1x1x16xf16> -> tensor<1x4x4x16xf16> {
  ^bb0(%acc: tensor<1x4x4x16xf32>):
    bolt.yield %acc : tensor<1x4x4x16xf32>
  }
  %real = bolt.slice %a offsets [0, 0, 0, 0] strides [1, 1, 1, 1] : tensor<1x4x4x16xf16> -> tensor<1x4x4x13xf16>
  %again = bolt.pad %real low [0, 0, 0, 0] high [0, 0, 0, 3] value 0.0 : tensor<1x4x4x13xf16> -> tensor<1x4x4x16xf16>
  %b = bolt.conv2d nhwc %again, %w2 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x4x4x16xf16>, tensor<16x1x1x16xf16> -> tensor<1x4x4x16xf16> {
  ^bb0(%acc: tensor<1x4x4x16xf32>):
    bolt.yield %acc : tensor<1x4x4x16xf32>
  }
  func.return %b : tensor<1x4x4x16xf16>
}

// -----

// The same pair after a convolution whose filters for channels 13..15 are not zero: the lanes
// hold real data, the pad is not the identity, and it stays.
// CHECK-LABEL: func.func @pair_of_live_lanes
// CHECK:         %[[A:.+]] = bolt.conv2d nhwc %x
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      bolt.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[REAL:.+]] = bolt.slice %[[A]]
// CHECK-NEXT:    %[[AGAIN:.+]] = bolt.pad %[[REAL]]
// CHECK-NEXT:    bolt.conv2d nhwc %[[AGAIN]]
func.func @pair_of_live_lanes(%x: tensor<1x4x4x16xf16>) -> tensor<1x4x4x16xf16> {
  %w1 = bolt.constant dense<1.0> : tensor<16x1x1x16xf16>
  %w2 = bolt.constant dense<0.5> : tensor<16x1x1x16xf16>
  %a = bolt.conv2d nhwc %x, %w1 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x4x4x16xf16>, tensor<16x1x1x16xf16> -> tensor<1x4x4x16xf16> {
  ^bb0(%acc: tensor<1x4x4x16xf32>):
    bolt.yield %acc : tensor<1x4x4x16xf32>
  }
  %real = bolt.slice %a offsets [0, 0, 0, 0] strides [1, 1, 1, 1] : tensor<1x4x4x16xf16> -> tensor<1x4x4x13xf16>
  %again = bolt.pad %real low [0, 0, 0, 0] high [0, 0, 0, 3] value 0.0 : tensor<1x4x4x13xf16> -> tensor<1x4x4x16xf16>
  %b = bolt.conv2d nhwc %again, %w2 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x4x4x16xf16>, tensor<16x1x1x16xf16> -> tensor<1x4x4x16xf16> {
  ^bb0(%acc: tensor<1x4x4x16xf32>):
    bolt.yield %acc : tensor<1x4x4x16xf32>
  }
  func.return %b : tensor<1x4x4x16xf16>
}
