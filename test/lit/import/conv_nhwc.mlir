// linalg.conv_2d_nhwc_hwcf (IREE's layout; torch-mlir emits NCHW): the HWCF filter becomes
// bolt's KRSC by a transpose, and the convolution stays NHWC.
// RUN: boltc-opt %s -p import-linalg,raise-bolt | filecheck %s

// CHECK-LABEL: func.func @conv_nhwc
// CHECK:         %[[W:.+]] = bolt.transpose %w permutation [3, 0, 1, 2] : tensor<3x3x4x8xf32> -> tensor<8x3x3x4xf32>
// CHECK-NEXT:    %[[C:.+]] = bolt.conv2d nhwc %x, %[[W]] strides [2, 2] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x9x9x4xf32>, tensor<8x3x3x4xf32> -> tensor<1x4x4x8xf32>
// CHECK:         func.return %[[C]]
func.func @conv_nhwc(%x: tensor<1x9x9x4xf32>, %w: tensor<3x3x4x8xf32>) -> tensor<1x4x4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %w : tensor<1x9x9x4xf32>, tensor<3x3x4x8xf32>) outs(%init : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  func.return %y : tensor<1x4x4x8xf32>
}
