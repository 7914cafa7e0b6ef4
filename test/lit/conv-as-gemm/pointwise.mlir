// conv-as-gemm: a 1x1, stride-1, unpadded, ungrouped NHWC convolution becomes a GEMM over
// reshaped views of its input and filter; everything else stays a convolution.
// RUN: boltc-opt %s -p conv-as-gemm --split-input-file | filecheck %s

// CHECK-LABEL: func.func @pointwise
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<2x5x7x16xf16>, %[[F:[a-z0-9_]+]]: tensor<24x1x1x16xf16>)
// CHECK-NEXT:    %[[X2:[a-z0-9_]+]] = bolt.reshape %[[X]] : tensor<2x5x7x16xf16> -> tensor<70x16xf16>
// CHECK-NEXT:    %[[F2:[a-z0-9_]+]] = bolt.reshape %[[F]] : tensor<24x1x1x16xf16> -> tensor<24x16xf16>
// CHECK-NEXT:    %[[G:[a-z0-9_]+]] = bolt.gemm %[[X2]], %[[F2]] {transpose_b} : tensor<70x16xf16>, tensor<24x16xf16> -> tensor<70x24xf16> {
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<70x24xf32>):
// CHECK-NEXT:      bolt.yield %[[ACC]] : tensor<70x24xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[Y:[a-z0-9_]+]] = bolt.reshape %[[G]] : tensor<70x24xf16> -> tensor<2x5x7x24xf16>
// CHECK-NEXT:    func.return %[[Y]]
func.func @pointwise(%x: tensor<2x5x7x16xf16>, %f: tensor<24x1x1x16xf16>) -> tensor<2x5x7x24xf16> {
  %y = bolt.conv2d nhwc %x, %f strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x5x7x16xf16>, tensor<24x1x1x16xf16> -> tensor<2x5x7x24xf16> {
  ^bb0(%acc: tensor<2x5x7x24xf32>):
    bolt.yield %acc : tensor<2x5x7x24xf32>
  }
  func.return %y : tensor<2x5x7x24xf16>
}

// -----

// Dilation does not matter to a 1x1 window; an f32 result of half inputs keeps its type.
// CHECK-LABEL: func.func @dilated_pointwise_f32_result
// CHECK:         bolt.gemm {{.*}} : tensor<70x16xf16>, tensor<24x16xf16> -> tensor<70x24xf32>
// CHECK-NOT:     bolt.conv2d
func.func @dilated_pointwise_f32_result(%x: tensor<2x5x7x16xf16>, %f: tensor<24x1x1x16xf16>) -> tensor<2x5x7x24xf32> {
  %y = bolt.conv2d nhwc %x, %f strides [1, 1] padding [0, 0, 0, 0] dilations [2, 2] groups 1 : tensor<2x5x7x16xf16>, tensor<24x1x1x16xf16> -> tensor<2x5x7x24xf32> {
  ^bb0(%acc: tensor<2x5x7x24xf32>):
    bolt.yield %acc : tensor<2x5x7x24xf32>
  }
  func.return %y : tensor<2x5x7x24xf32>
}

// -----

// Not pointwise, or not as a matrix: strided, padded, a 3x3 window, grouped, NCHW, an
// epilogue already fused, a kernel the user chose. All stay convolutions.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT:     bolt.gemm
// CHECK-COUNT-7: bolt.conv2d
// CHECK-NOT:     bolt.gemm
func.func @left_alone(%x: tensor<2x6x6x16xf16>, %f: tensor<16x1x1x16xf16>, %f3: tensor<16x3x3x16xf16>, %fg: tensor<16x1x1x8xf16>, %xc: tensor<2x16x6x6xf16>, %fc: tensor<16x16x1x1xf16>, %b: tensor<16xf32>) -> (tensor<2x3x3x16xf16>, tensor<2x8x8x16xf16>, tensor<2x4x4x16xf16>, tensor<2x6x6x16xf16>, tensor<2x16x6x6xf16>, tensor<2x6x6x16xf16>, tensor<2x6x6x16xf16>) {
  %strided = bolt.conv2d nhwc %x, %f strides [2, 2] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x6x6x16xf16>, tensor<16x1x1x16xf16> -> tensor<2x3x3x16xf16> {
  ^bb0(%acc: tensor<2x3x3x16xf32>):
    bolt.yield %acc : tensor<2x3x3x16xf32>
  }
  %padded = bolt.conv2d nhwc %x, %f strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x6x6x16xf16>, tensor<16x1x1x16xf16> -> tensor<2x8x8x16xf16> {
  ^bb0(%acc: tensor<2x8x8x16xf32>):
    bolt.yield %acc : tensor<2x8x8x16xf32>
  }
  %window = bolt.conv2d nhwc %x, %f3 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x6x6x16xf16>, tensor<16x3x3x16xf16> -> tensor<2x4x4x16xf16> {
  ^bb0(%acc: tensor<2x4x4x16xf32>):
    bolt.yield %acc : tensor<2x4x4x16xf32>
  }
  %grouped = bolt.conv2d nhwc %x, %fg strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 2 : tensor<2x6x6x16xf16>, tensor<16x1x1x8xf16> -> tensor<2x6x6x16xf16> {
  ^bb0(%acc: tensor<2x6x6x16xf32>):
    bolt.yield %acc : tensor<2x6x6x16xf32>
  }
  %nchw = bolt.conv2d nchw %xc, %fc strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x16x6x6xf16>, tensor<16x16x1x1xf16> -> tensor<2x16x6x6xf16> {
  ^bb0(%acc: tensor<2x16x6x6xf32>):
    bolt.yield %acc : tensor<2x16x6x6xf32>
  }
  %fused = bolt.conv2d nhwc %x, %f extras(%b : tensor<16xf32>) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x6x6x16xf16>, tensor<16x1x1x16xf16> -> tensor<2x6x6x16xf16> {
  ^bb0(%acc: tensor<2x6x6x16xf32>, %bias: tensor<16xf32>):
    %s = bolt.ew.add %acc, %bias : tensor<2x6x6x16xf32>, tensor<16xf32> -> tensor<2x6x6x16xf32>
    bolt.yield %s : tensor<2x6x6x16xf32>
  }
  %chosen = bolt.conv2d nhwc %x, %f strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 {kernel = #bolt.kernel<"conv_sm90", tile [128, 64, 64], cluster [1, 1, 1], stages 4, "warpspecialized">} : tensor<2x6x6x16xf16>, tensor<16x1x1x16xf16> -> tensor<2x6x6x16xf16> {
  ^bb0(%acc: tensor<2x6x6x16xf32>):
    bolt.yield %acc : tensor<2x6x6x16xf32>
  }
  func.return %strided, %padded, %window, %grouped, %nchw, %fused, %chosen : tensor<2x3x3x16xf16>, tensor<2x8x8x16xf16>, tensor<2x4x4x16xf16>, tensor<2x6x6x16xf16>, tensor<2x16x6x6xf16>, tensor<2x6x6x16xf16>, tensor<2x6x6x16xf16>
}
