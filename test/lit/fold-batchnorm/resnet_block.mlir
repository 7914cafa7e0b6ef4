// test/data/resnet_block.mlir (conv-bn-relu, conv-bn, a 1x1 conv-bn shortcut, add, relu) in the
// pipeline's order: after fold-batchnorm no sub, mul, sqrt or div of the batch-norm statistics
// is left, only conv -> add(bias) (-> relu), and the residual add. The second RUN folds the
// same without fold-constants first (fold-batchnorm evaluates the statistics itself).
// RUN: boltc-opt %data/resnet_block.mlir -p import-linalg,raise-bolt,bolt-canonicalize,fold-constants,fold-batchnorm,fold-constants,bolt-canonicalize | filecheck %s
// RUN: boltc-opt %data/resnet_block.mlir -p import-linalg,raise-bolt,fold-batchnorm,bolt-canonicalize | filecheck %s

// CHECK:      func.func @main(%arg0: tensor<2x3x16x16xf32>) -> tensor<2x13x8x8xf32>
// CHECK-NOT:  bolt.ew.{{sub|mul|sqrt|div|rsqrt|reciprocal}}
// CHECK:      %[[W1:.+]] = bolt.constant dense<"0x{{[0-9A-F]+}}"> : tensor<13x3x3x3xf32>
// CHECK-NEXT: %[[C1:.+]] = bolt.conv2d nchw %arg0, %[[W1]] strides [2, 2] padding [1, 1, 1, 1]
// CHECK-NEXT: ^bb0
// CHECK-NEXT: bolt.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[B1:.+]] = bolt.constant dense<{{.+}}> : tensor<1x13x1x1xf32>
// CHECK-NEXT: %[[Y1:.+]] = bolt.ew.add %[[C1]], %[[B1]]
// CHECK-NEXT: %[[R1:.+]] = bolt.ew.relu %[[Y1]]
// CHECK-NEXT: %[[W2:.+]] = bolt.constant dense<"0x{{[0-9A-F]+}}"> : tensor<13x13x3x3xf32>
// CHECK-NEXT: %[[C2:.+]] = bolt.conv2d nchw %[[R1]], %[[W2]] strides [1, 1] padding [1, 1, 1, 1]
// CHECK-NEXT: ^bb0
// CHECK-NEXT: bolt.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[B2:.+]] = bolt.constant dense<{{.+}}> : tensor<1x13x1x1xf32>
// CHECK-NEXT: %[[Y2:.+]] = bolt.ew.add %[[C2]], %[[B2]]
// CHECK-NEXT: %[[W3:.+]] = bolt.constant dense<{{.+}}> : tensor<13x3x1x1xf32>
// CHECK-NEXT: %[[C3:.+]] = bolt.conv2d nchw %arg0, %[[W3]] strides [2, 2] padding [0, 0, 0, 0]
// CHECK-NEXT: ^bb0
// CHECK-NEXT: bolt.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[B3:.+]] = bolt.constant dense<{{.+}}> : tensor<1x13x1x1xf32>
// CHECK-NEXT: %[[Y3:.+]] = bolt.ew.add %[[C3]], %[[B3]]
// CHECK-NEXT: %[[SUM:.+]] = bolt.ew.add %[[Y2]], %[[Y3]]
// CHECK-NEXT: %[[OUT:.+]] = bolt.ew.relu %[[SUM]]
// CHECK-NEXT: func.return %[[OUT]]
