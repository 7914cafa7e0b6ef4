// The whole graph pipeline on a residual block with batch-norm and 13 channels (test/data).
// RUN: boltc-opt %data/resnet_block.mlir -p import-linalg,raise-bolt,bolt-pipeline | filecheck %s
// RUN: boltc-opt %data/resnet_block.mlir -p import-linalg,raise-bolt,bolt-pipeline | filecheck %s --check-prefix=GONE
// RUN: boltc-opt %data/resnet_block.mlir -p import-linalg,raise-bolt,'bolt-pipeline{precision=f32}' | filecheck %s --check-prefix=F32

// f16 inside with one cast in; NHWC with one transpose in and one out; batch-norm folded; bias,
// relu and the residual in the epilogues; the exit cast and slice at the end; an arena plan.
// The 3x3/2 convolution on the 3-channel image is folded space-to-depth: the image padded by
// 1, folded 2x2 into 12 channels, its two columns folded into 24 (two slices concatenated):
// a 2x1 stride-1 convolution.
// The 1x1/2 shortcut is not (folding would double its K): it reads the image with its 3
// channels padded to 8 (one vector: conv_channels_padded_size). 13 filters pad to 16.
// CHECK:      func.func @main(%arg0: tensor<2x3x16x16xf32>) -> tensor<2x13x8x8xf32> attributes {bolt.arena_size = {{[0-9]+}} : i64}
// CHECK:      %[[H:.+]] = bolt.ew.cast %arg0 {{.*}}: tensor<2x3x16x16xf32> -> tensor<2x3x16x16xf16>
// CHECK:      %[[T:.+]] = bolt.transpose %[[H]] permutation [0, 2, 3, 1]
// CHECK:      %[[P:.+]] = bolt.pad %[[T]] low [0, 0, 0, 0] high [0, 0, 0, 5]
// CHECK:      %[[SP:.+]] = bolt.pad %[[T]] low [0, 1, 1, 0] high [0, 1, 1, 0] {{.*}} -> tensor<2x18x18x3xf16>
// CHECK:      %[[U:.+]] = bolt.reshape %[[SP]] {{.*}} -> tensor<2x9x2x9x2x3xf16>
// CHECK:      %[[V:.+]] = bolt.transpose %[[U]] permutation [0, 1, 3, 2, 4, 5]
// CHECK:      %[[Z:.+]] = bolt.reshape %[[V]] {{.*}} -> tensor<2x9x9x12xf16>
// CHECK:      %[[Z0:.+]] = bolt.slice %[[Z]] offsets [0, 0, 0, 0] {{.*}} -> tensor<2x9x8x12xf16>
// CHECK:      %[[Z1:.+]] = bolt.slice %[[Z]] offsets [0, 0, 1, 0] {{.*}} -> tensor<2x9x8x12xf16>
// CHECK:      %[[ZC:.+]] = bolt.concat %[[Z0]], %[[Z1]] dim 3 {{.*}} -> tensor<2x9x8x24xf16>
// CHECK:      %[[C1:.+]] = bolt.conv2d nhwc %[[ZC]], %{{.+}} extras(%{{.+}} : tensor<1x1x1x16xf16>) strides [1, 1] padding [0, 0, 0, 0] {{.*}}: tensor<2x9x8x24xf16>, tensor<16x2x1x24xf16> -> tensor<2x8x8x16xf16> {
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
