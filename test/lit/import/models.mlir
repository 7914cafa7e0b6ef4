// The test/data models (test/data/make_models.py) after import and raising.
// RUN: boltc-opt %data/resnet_block.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=RESNET
// RUN: boltc-opt %data/small_cnn.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=CNN
// RUN: boltc-opt %data/mlp_gelu.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=MLP
// RUN: boltc-opt %data/b2b_gemm.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=B2B

// Batch-norm stays as per-channel arithmetic until fold-batchnorm (issue 4); relu is raised.
// RESNET:     func.func @main(%arg0: tensor<2x3x16x16xf32>) -> tensor<2x13x8x8xf32>
// RESNET:     bolt.conv2d nchw %arg0, %{{.+}} strides [2, 2] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x3x16x16xf32>, tensor<13x3x3x3xf32> -> tensor<2x13x8x8xf32>
// RESNET:     bolt.ew.relu
// RESNET:     bolt.conv2d nchw %{{.+}}, %{{.+}} strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x13x8x8xf32>, tensor<13x13x3x3xf32> -> tensor<2x13x8x8xf32>
// RESNET:     bolt.conv2d nchw %arg0, %{{.+}} strides [2, 2] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x3x16x16xf32>, tensor<13x3x1x1xf32>
// RESNET:     %[[SUM:.+]] = bolt.ew.add %{{.+}}, %{{.+}} : tensor<2x13x8x8xf32>, tensor<2x13x8x8xf32> -> tensor<2x13x8x8xf32>
// RESNET-NEXT: %[[OUT:.+]] = bolt.ew.relu %[[SUM]]
// RESNET-NEXT: func.return %[[OUT]]
// RESNET-NOT: bolt.pad
// RESNET-NOT: bolt.ew.select

// CNN:     bolt.conv2d nchw
// CNN:     bolt.ew.relu
// CNN:     bolt.pool2d max nchw %{{.+}} window [2, 2] strides [2, 2]
// CNN:     bolt.conv2d nchw
// CNN:     bolt.pool2d avg nchw %{{.+}} window [2, 2] strides [2, 2]
// CNN:     bolt.pool2d avg nchw %{{.+}} window [4, 4] strides [1, 1] padding [0, 0, 0, 0] : tensor<2x{{[0-9]+}}x4x4xf32> -> tensor<2x{{[0-9]+}}x1x1xf32>
// CNN:     bolt.gemm %{{.+}}, %{{.+}} {transpose_b}
// CNN-NOT: linalg

// MLP:     bolt.gemm %arg0, %{{.+}} {transpose_b} : tensor<4x37xf32>, tensor<64x37xf32> -> tensor<4x64xf32>
// MLP:     bolt.ew.gelu erf
// MLP:     bolt.gemm %{{.+}}, %{{.+}} {transpose_b} : tensor<4x64xf32>, tensor<24x64xf32> -> tensor<4x24xf32>
// MLP:     bolt.ew.gelu tanh
// MLP:     bolt.gemm %{{.+}}, %{{.+}} {transpose_b} : tensor<4x24xf32>, tensor<10x24xf32> -> tensor<4x10xf32>

// B2B:     %[[G0:.+]] = bolt.gemm %arg0, %{{.+}} {transpose_b}
// B2B:     bolt.ew.relu
// B2B:     bolt.gemm %{{.+}}, %{{.+}} {transpose_b}
