// RUN: boltc-opt %data/ops/max_pool2d.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=MAXPOOL
// RUN: boltc-opt %data/ops/avg_pool2d.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=AVGPOOL
// RUN: boltc-opt %data/ops/avg_pool2d.mlir -p import-linalg | filecheck %s --check-prefix=AVGPOOL-LITERAL
// RUN: boltc-opt %data/ops/global_avg_pool.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=GLOBAL
// RUN: boltc-opt %data/ops/mean_reduce.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=MEAN
// RUN: boltc-opt %data/ops/sum_reduce.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=SUM
// RUN: boltc-opt %data/ops/max_reduce.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=MAX
// RUN: boltc-opt %data/ops/softmax.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=SOFTMAX
// RUN: boltc-opt %data/ops/softmax.mlir -p import-linalg | filecheck %s --check-prefix=SOFTMAX-LITERAL
// RUN: boltc-opt %data/ops/layer_norm.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=LAYERNORM

// MAXPOOL:      %[[P:.+]] = bolt.pool2d max nchw %arg0 window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<2x4x6x6xf32> -> tensor<2x4x3x3xf32>
// MAXPOOL-NEXT: func.return %[[P]]

// linalg.pooling_nchw_sum is an average times the window area; torch-mlir divides it again.
// AVGPOOL-LITERAL:      %[[A:.+]] = bolt.pool2d avg nchw %arg0 window [2, 2]
// AVGPOOL-LITERAL-NEXT: %[[K:.+]] = bolt.constant dense<4.000000e+00> : tensor<f32>
// AVGPOOL-LITERAL-NEXT: bolt.ew.mul %[[A]], %[[K]]
// AVGPOOL:      %[[P:.+]] = bolt.pool2d avg nchw %arg0 window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<2x4x6x6xf32> -> tensor<2x4x3x3xf32>
// AVGPOOL-NEXT: func.return %[[P]]

// A sum over H and W divided by H*W.
// GLOBAL:      %[[P:.+]] = bolt.pool2d avg nchw %arg0 window [6, 6] strides [1, 1] padding [0, 0, 0, 0] : tensor<2x4x6x6xf32> -> tensor<2x4x1x1xf32>
// GLOBAL-NEXT: func.return %[[P]]

// MEAN: bolt.reduce mean %arg0 dims [2] {keep_dims} : tensor<2x4x6xf32> -> tensor<2x4x1xf32>
// SUM:  bolt.reduce sum %arg0
// The argmax half of torch-mlir's max reduction is unused and dropped.
// MAX:      bolt.reduce max %arg0 dims [1] : tensor<2x4x6xf32> -> tensor<2x6xf32>
// MAX-NOT:  i64

// SOFTMAX-LITERAL: bolt.reduce max
// SOFTMAX-LITERAL: bolt.ew.exp
// SOFTMAX-LITERAL: bolt.reduce sum
// SOFTMAX-LITERAL: bolt.ew.div
// SOFTMAX:      %[[S:.+]] = bolt.softmax %arg0 axis 2 : tensor<2x4x6xf32> -> tensor<2x4x6xf32>
// SOFTMAX-NEXT: func.return %[[S]]

// torch-mlir computes the variance in f64 and the mean twice; CSE and the pattern merge them.
// LAYERNORM:      %[[B:.+]] = bolt.constant dense_resource<{{.+}}> : tensor<6xf32>
// LAYERNORM-NEXT: %[[G:.+]] = bolt.constant dense_resource<{{.+}}> : tensor<6xf32>
// LAYERNORM-NEXT: %[[N:.+]] = bolt.layernorm %arg0 gamma %[[G]] : tensor<6xf32> beta %[[B]] : tensor<6xf32> axis 2 epsilon 9.9999997473787516e-06 : tensor<2x4x6xf32> -> tensor<2x4x6xf32>
// LAYERNORM-NEXT: func.return %[[N]]
