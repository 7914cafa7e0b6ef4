// The whole graph pipeline on a residual block with batch-norm and 13 channels (test/data).
// RUN: boltc-opt %data/resnet_block.mlir -p import-linalg,raise-bolt,bolt-pipeline | filecheck %s
// RUN: boltc-opt %data/resnet_block.mlir -p import-linalg,raise-bolt,bolt-pipeline | filecheck %s --check-prefix=GONE
// RUN: boltc-opt %data/resnet_block.mlir -p import-linalg,raise-bolt,'bolt-pipeline{precision=f32}' | filecheck %s --check-prefix=F32

// f16 inside with one cast in; NHWC with one transpose in and one out; 3 input channels pad to
// 8 (one vector: conv_channels_padded_size), 13 filters to 16; batch-norm folded; bias, relu and the residual in the
// epilogues; the exit cast and slice at the end; an arena plan.
// CHECK:      func.func @main(%arg0: tensor<2x3x16x16xf32>) -> tensor<2x13x8x8xf32> attributes {bolt.arena_size = {{[0-9]+}} : i64}
// CHECK:      %[[H:.+]] = bolt.ew.cast %arg0 {{.*}}: tensor<2x3x16x16xf32> -> tensor<2x3x16x16xf16>
// CHECK:      %[[T:.+]] = bolt.transpose %[[H]] permutation [0, 2, 3, 1]
// CHECK:      %[[P:.+]] = bolt.pad %[[T]] low [0, 0, 0, 0] high [0, 0, 0, 5]
// CHECK:      %[[C1:.+]] = bolt.conv2d nhwc %[[P]], %{{.+}} extras(%{{.+}} : tensor<1x1x1x16xf16>) strides [2, 2] padding [1, 1, 1, 1] {{.*}}: tensor<2x16x16x8xf16>, tensor<16x3x3x8xf16> -> tensor<2x8x8x16xf16> {
// CHECK:        bolt.ew.relu
// CHECK:      %[[SC:.+]] = bolt.conv2d nhwc %[[P]], %{{.+}} strides [2, 2] padding [0, 0, 0, 0] {{.*}}: tensor<2x16x16x8xf16>, tensor<16x1x1x8xf16> -> tensor<2x8x8x16xf16> {
// CHECK:      %[[C2:.+]] = bolt.conv2d nhwc %[[C1]], %{{.+}} extras(%{{.+}}, %[[SC]] : tensor<1x1x1x16xf16>, tensor<2x8x8x16xf16>) strides [1, 1] padding [1, 1, 1, 1]
// CHECK:        bolt.ew.add
// CHECK:        bolt.ew.relu
// CHECK:      bolt.transpose %[[C2]] permutation [0, 3, 1, 2]
// CHECK:      bolt.slice
// CHECK:      func.return

// GONE-NOT: bolt.ew.sqrt
// GONE-NOT: bolt.ew.div
// GONE-NOT: bolt.ew.sub
// GONE-NOT: nchw

// F32-NOT:  f16
// F32:      bolt.conv2d nhwc
