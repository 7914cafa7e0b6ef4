// The test/data models after import and convert-precision: the signature stays f32, one cast
// enters (on the argument, feeding the convolutions), one leaves (reading the last op,
// feeding the return), and every tensor between them is f16 except the f32 accumulators.
// RUN: boltc-opt %data/resnet_block.mlir -p import-linalg,raise-bolt,convert-precision | filecheck %s --check-prefix=RESNET
// RUN: boltc-opt %data/small_cnn.mlir -p 'import-linalg,raise-bolt,convert-precision{dtype=bf16}' | filecheck %s --check-prefix=CNN

// RESNET:      func.func @main(%arg0: tensor<2x3x16x16xf32>) -> tensor<2x13x8x8xf32>
// RESNET-NEXT:   %[[IN:.+]] = bolt.ew.cast %arg0 : tensor<2x3x16x16xf32> -> tensor<2x3x16x16xf16>
// RESNET-NOT:    bolt.ew.cast
// RESNET-NOT:    -> tensor<{{[0-9x]+}}xf32>
// RESNET:        bolt.conv2d nchw %[[IN]], %{{.+}} : tensor<2x3x16x16xf16>, tensor<13x3x3x3xf16> -> tensor<2x13x8x8xf16>
// RESNET-NOT:    bolt.ew.cast
// RESNET-NOT:    -> tensor<{{[0-9x]+}}xf32>
// RESNET:        bolt.conv2d nchw %[[IN]], %{{.+}} : tensor<2x3x16x16xf16>, tensor<13x3x1x1xf16> -> tensor<2x13x8x8xf16>
// RESNET-NOT:    bolt.ew.cast
// RESNET-NOT:    -> tensor<{{[0-9x]+}}xf32>
// RESNET:        %[[LAST:.+]] = bolt.ew.relu %{{.+}} : tensor<2x13x8x8xf16> -> tensor<2x13x8x8xf16>
// RESNET-NEXT:   %[[OUT:.+]] = bolt.ew.cast %[[LAST]] : tensor<2x13x8x8xf16> -> tensor<2x13x8x8xf32>
// RESNET-NEXT:   func.return %[[OUT]] : tensor<2x13x8x8xf32>

// CNN:      func.func @main(%arg0: tensor<2x3x16x16xf32>) -> tensor<2x10xf32>
// CNN-NEXT:   %[[IN:.+]] = bolt.ew.cast %arg0 : tensor<2x3x16x16xf32> -> tensor<2x3x16x16xbf16>
// CNN-NOT:    bolt.ew.cast
// CNN-NOT:    -> tensor<{{[0-9x]+}}xf32>
// CNN:        bolt.pool2d avg nchw %{{.+}} : tensor<2x12x4x4xbf16> -> tensor<2x12x1x1xbf16>
// CNN-NOT:    bolt.ew.cast
// CNN-NOT:    -> tensor<{{[0-9x]+}}xf32>
// CNN:        bolt.gemm %{{.+}}, %{{.+}} {transpose_b} : tensor<2x12xbf16>, tensor<10x12xbf16> -> tensor<2x10xbf16>
// CNN:        %[[LAST:.+]] = bolt.ew.add %{{.+}} : tensor<2x10xbf16>, tensor<1x10xbf16> -> tensor<2x10xbf16>
// CNN-NEXT:   %[[OUT:.+]] = bolt.ew.cast %[[LAST]] : tensor<2x10xbf16> -> tensor<2x10xf32>
// CNN-NEXT:   func.return %[[OUT]] : tensor<2x10xf32>
