// The batch-norm vectors of test/data/resnet_block.mlir (sqrt(var + eps), 1 / that, and the
// reshapes of every statistic to [1, 13, 1, 1]) become single constants after import.
// RUN: boltc-opt %data/resnet_block.mlir -p import-linalg,raise-bolt,fold-constants | filecheck %s

// CHECK:     %[[CONV:.+]] = bolt.conv2d nchw %arg0
// CHECK:     %[[MEAN:.+]] = bolt.constant dense<{{.+}}> : tensor<1x13x1x1xf32>
// CHECK-NEXT: %[[C:.+]] = bolt.ew.sub %[[CONV]], %[[MEAN]]
// CHECK-NEXT: %[[RSIGMA:.+]] = bolt.constant dense<{{.+}}> : tensor<1x13x1x1xf32>
// CHECK-NEXT: %[[N:.+]] = bolt.ew.mul %[[C]], %[[RSIGMA]]
// CHECK-NEXT: %[[GAMMA:.+]] = bolt.constant dense<{{.+}}> : tensor<1x13x1x1xf32>
// CHECK-NEXT: %[[S:.+]] = bolt.ew.mul %[[N]], %[[GAMMA]]
// CHECK-NEXT: %[[BETA:.+]] = bolt.constant dense<{{.+}}> : tensor<1x13x1x1xf32>
// CHECK-NEXT: bolt.ew.add %[[S]], %[[BETA]]
// CHECK-NOT: bolt.ew.sqrt
// CHECK-NOT: bolt.ew.div
// CHECK-NOT: bolt.reshape
// CHECK-NOT: tensor<13xf32>
