// RUN: boltc-opt %data/ops/add.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=ADD
// RUN: boltc-opt %data/ops/sub.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=SUB
// RUN: boltc-opt %data/ops/mul.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=MUL
// RUN: boltc-opt %data/ops/div.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=DIV
// RUN: boltc-opt %data/ops/broadcast_add.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=BCAST
// RUN: boltc-opt %data/ops/transpose.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=TRANSPOSE
// RUN: boltc-opt %data/ops/expand_collapse.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=RESHAPE
// RUN: boltc-opt %data/ops/concat.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=CONCAT
// RUN: boltc-opt %data/ops/slice.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=SLICE
// RUN: boltc-opt %data/ops/pad.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=PAD

// ADD: bolt.ew.add %arg0, %arg1 : tensor<2x4x6xf32>, tensor<2x4x6xf32> -> tensor<2x4x6xf32>
// SUB: bolt.ew.sub %arg0, %arg1
// MUL: bolt.ew.mul %arg0, %arg1
// DIV: bolt.ew.div %arg0, %arg1

// Indexing maps (d2) and (d1, 0) become numpy-broadcastable shapes.
// BCAST:      %[[Y:.+]] = bolt.reshape %arg1 : tensor<6xf32> -> tensor<1x1x6xf32>
// BCAST-NEXT: bolt.ew.add %arg0, %[[Y]] : tensor<2x4x6xf32>, tensor<1x1x6xf32> -> tensor<2x4x6xf32>
// BCAST-NEXT: %[[Z:.+]] = bolt.reshape %arg2 : tensor<4x1xf32> -> tensor<1x4x1xf32>
// BCAST-NEXT: bolt.ew.add %arg0, %[[Z]] : tensor<2x4x6xf32>, tensor<1x4x1xf32> -> tensor<2x4x6xf32>

// TRANSPOSE: bolt.transpose %arg0 permutation [0, 2, 1] : tensor<2x4x6xf32> -> tensor<2x6x4xf32>

// collapse then expand folds into one reshape.
// RESHAPE-DAG: bolt.reshape %arg0 : tensor<2x4x6xf32> -> tensor<2x24xf32>
// RESHAPE-DAG: bolt.reshape %arg0 : tensor<2x4x6xf32> -> tensor<2x6x4xf32>
// RESHAPE-DAG: bolt.reshape %arg0 : tensor<2x4x6xf32> -> tensor<2x1x4x6xf32>

// CONCAT: bolt.concat %arg0, %arg1 dim 1 : tensor<2x4x6xf32>, tensor<2x3x6xf32> -> tensor<2x7x6xf32>
// SLICE:  bolt.slice %arg0 offsets [0, 1, 0] strides [1, 1, 1] : tensor<2x6x4xf32> -> tensor<2x4x4xf32>
// PAD:    bolt.pad %arg0 low [0, 0, 1] high [0, 1, 2] value 2.500000e-01 : tensor<2x4x6xf32> -> tensor<2x5x9xf32>
