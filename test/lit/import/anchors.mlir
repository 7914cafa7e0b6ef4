// Contractions and convolutions as torch-mlir emits them.
// RUN: boltc-opt %data/ops/matmul.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=MATMUL
// RUN: boltc-opt %data/ops/linear.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=LINEAR
// RUN: boltc-opt %data/ops/batch_matmul.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=BMM
// RUN: boltc-opt %data/ops/linear_f16.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=F16
// RUN: boltc-opt %data/ops/conv2d_nchw.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=CONV
// RUN: boltc-opt %data/ops/conv2d_dilated.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=DILATED
// RUN: boltc-opt %data/ops/conv2d_grouped.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=GROUPED
// RUN: boltc-opt %data/ops/conv2d_depthwise.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=DEPTHWISE
// RUN: boltc-opt %data/ops/conv2d_nchw.mlir -p import-linalg | filecheck %s --check-prefix=LITERAL

// MATMUL:      %[[W:.+]] = bolt.constant dense_resource<{{.+}}> : tensor<8x5xf32>
// MATMUL-NEXT: %[[D:.+]] = bolt.gemm %arg0, %[[W]] : tensor<3x8xf32>, tensor<8x5xf32> -> tensor<3x5xf32> {
// MATMUL-NOT:  bolt.ew.add

// torch's Linear transposes its weight: the gemm reads it as NxK (transpose_b) instead.
// LINEAR:      %[[B:.+]] = bolt.constant dense_resource<{{.+}}> : tensor<5xf32>
// LINEAR:      %[[W:.+]] = bolt.constant dense_resource<{{.+}}> : tensor<5x8xf32>
// LINEAR-NEXT: %[[D:.+]] = bolt.gemm %arg0, %[[W]] {transpose_b} : tensor<3x8xf32>, tensor<5x8xf32> -> tensor<3x5xf32>
// LINEAR:      %[[R:.+]] = bolt.reshape %[[B]] : tensor<5xf32> -> tensor<1x5xf32>
// LINEAR-NEXT: bolt.ew.add %[[D]], %[[R]] : tensor<3x5xf32>, tensor<1x5xf32> -> tensor<3x5xf32>
// LINEAR-NOT:  bolt.transpose

// BMM: bolt.gemm %arg0, %arg1 : tensor<2x3x8xf32>, tensor<2x8x5xf32> -> tensor<2x3x5xf32>

// torch-mlir widens an f16 Linear's operands to f32 (extf generics) before an f32 matmul;
// raised, the GEMM reads the f16 operands (products are exact in its fp32 accumulator), its
// transposed weight as transpose_b, and only the result is cast.
// F16:     %[[W:.+]] = bolt.constant dense_resource<{{.+}}> : tensor<5x8xf16>
// F16-NOT: bolt.ew.cast %arg0
// F16:     %[[D:.+]] = bolt.gemm %arg0, %[[W]] {transpose_b} : tensor<3x8xf16>, tensor<5x8xf16> -> tensor<3x5xf32>
// F16:     %[[OUT:.+]] = bolt.ew.cast %{{.+}} : tensor<3x5xf32> -> tensor<3x5xf16>
// F16:     func.return %[[OUT]] : tensor<3x5xf16>

// The tensor.pad before the convolution becomes its padding; the bias init becomes an add.
// CONV:      %[[W:.+]] = bolt.constant dense_resource<{{.+}}> : tensor<6x4x3x3xf32>
// CONV:      %[[BIAS:.+]] = bolt.broadcast %{{.+}} dimensions [0, 2, 3] : tensor<6xf32> -> tensor<2x6x3x3xf32>
// CONV-NEXT: %[[C:.+]] = bolt.conv2d nchw %arg0, %[[W]] strides [2, 2] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x4x6x6xf32>, tensor<6x4x3x3xf32> -> tensor<2x6x3x3xf32> {
// CONV:      bolt.ew.add %[[C]], %[[BIAS]]
// CONV-NOT:  bolt.pad

// LITERAL:   bolt.pad %arg0 low [0, 0, 1, 1] high [0, 0, 1, 1] value 0.000000e+00
// LITERAL:   bolt.conv2d nchw %{{.+}} strides [2, 2] padding [0, 0, 0, 0]

// DILATED: bolt.conv2d nchw %arg0, %{{.+}} strides [1, 1] padding [2, 2, 2, 2] dilations [2, 2] groups 1

// linalg.conv_2d_ngchw_gfchw on 5-D views becomes one grouped convolution.
// GROUPED: bolt.conv2d nchw %arg0, %{{.+}} strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 2 : tensor<2x4x6x6xf32>, tensor<6x2x3x3xf32> -> tensor<2x6x6x6xf32>

// DEPTHWISE: bolt.conv2d nchw %arg0, %{{.+}} strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 4 : tensor<2x4x6x6xf32>, tensor<4x1x3x3xf32> -> tensor<2x4x6x6xf32>
