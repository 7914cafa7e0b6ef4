// Acceptance on the test/data models after import and layout-nhwc: every conv2d and pool2d is
// NHWC, one transpose where the input enters and at most one where the output leaves.
// RUN: boltc-opt %data/resnet_block.mlir -p import-linalg,raise-bolt,layout-nhwc | filecheck %s --check-prefix=RESNET
// RUN: boltc-opt %data/resnet_block.mlir -p import-linalg,raise-bolt,layout-nhwc | filecheck %s --check-prefix=TWO
// RUN: boltc-opt %data/small_cnn.mlir -p import-linalg,raise-bolt,layout-nhwc | filecheck %s --check-prefix=CNN
// RUN: boltc-opt %data/small_cnn.mlir -p import-linalg,raise-bolt,layout-nhwc | filecheck %s --check-prefix=ONE
// After convert-precision, as the pipeline orders them, the counts are the same.
// RUN: boltc-opt %data/resnet_block.mlir -p import-linalg,raise-bolt,convert-precision,layout-nhwc | filecheck %s --check-prefix=RESNET
// RUN: boltc-opt %data/resnet_block.mlir -p import-linalg,raise-bolt,convert-precision,layout-nhwc | filecheck %s --check-prefix=TWO
// RUN: boltc-opt %data/small_cnn.mlir -p import-linalg,raise-bolt,convert-precision,layout-nhwc | filecheck %s --check-prefix=ONE

// (This filecheck's CHECK-NOT also scans the text of the next match, so the counts are
// checked on their own: exactly two transposes in the ResNet block, one in the CNN.)
// TWO-COUNT-2: bolt.transpose
// TWO-NOT:     bolt.transpose
// ONE:         bolt.transpose
// ONE-NOT:     bolt.transpose

// The input feeds the main 3x3 conv and the 1x1 shortcut through one transpose; the
// residual add and relu run in NHWC; one transpose leaves.
// RESNET:      func.func @main(%arg0: tensor<2x3x16x16xf32>) -> tensor<2x13x8x8xf32>
// RESNET-NOT:    nchw
// RESNET:        %[[IN:.+]] = bolt.transpose %{{.+}} permutation [0, 2, 3, 1] : tensor<2x3x16x16x{{.+}}> -> tensor<2x16x16x3x{{.+}}>
// RESNET-NOT:    nchw
// RESNET:        bolt.conv2d nhwc %[[IN]], %{{.+}} : tensor<2x16x16x3x{{.+}}>, tensor<13x3x3x3x{{.+}}> -> tensor<2x8x8x13x{{.+}}>
// RESNET-NOT:    nchw
// RESNET:        bolt.conv2d nhwc %{{.+}}, %{{.+}} : tensor<2x8x8x13x{{.+}}>, tensor<13x3x3x13x{{.+}}> -> tensor<2x8x8x13x{{.+}}>
// RESNET-NOT:    nchw
// RESNET:        bolt.conv2d nhwc %[[IN]], %{{.+}} : tensor<2x16x16x3x{{.+}}>, tensor<13x1x1x3x{{.+}}> -> tensor<2x8x8x13x{{.+}}>
// RESNET-NOT:    nchw
// RESNET:        %[[OUT:.+]] = bolt.transpose %{{.+}} permutation [0, 3, 1, 2] : tensor<2x8x8x13x{{.+}}> -> tensor<2x13x8x8x{{.+}}>
// RESNET-NEXT:   func.return %[[OUT]]

// Two convs, a max pool, an avg pool and the global average pool all NHWC; the 2x1x1x12
// global pool flattens into the linear head as a reshape: the only transpose is the input's.
// CNN:      func.func @main(%arg0: tensor<2x3x16x16xf32>) -> tensor<2x10xf32>
// CNN:        %[[IN:.+]] = bolt.transpose %arg0 permutation [0, 2, 3, 1]
// CNN-NOT:    nchw
// CNN:        bolt.conv2d nhwc %[[IN]]
// CNN-NOT:    nchw
// CNN:        bolt.pool2d max nhwc
// CNN-NOT:    nchw
// CNN:        bolt.conv2d nhwc
// CNN-NOT:    nchw
// CNN:        bolt.pool2d avg nhwc {{.+}} window [2, 2]
// CNN-NOT:    nchw
// CNN:        %[[G:.+]] = bolt.pool2d avg nhwc %{{.+}} window [4, 4] {{.+}} -> tensor<2x1x1x12xf32>
// CNN-NEXT:   %[[FLAT:.+]] = bolt.reshape %[[G]] : tensor<2x1x1x12xf32> -> tensor<2x12xf32>
// CNN-NEXT:   bolt.gemm %[[FLAT]]
// CNN:        func.return
