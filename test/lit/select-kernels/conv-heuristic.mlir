// select-kernels' heuristic for convolutions on sm_90a (tuning/heuristic.py: conv_family_sm90a,
// choose_conv_sm90): the persistent cooperative conv_sm90 tile of the best wave use where it
// keeps at least 70 % of the SMs busy, else the warpspecialized schedule; conv_sm80 for tall
// layers of fewer than 64 input channels.
// RUN: boltc-opt %s -p 'select-kernels{arch=sm_90a}' --split-input-file | filecheck %s

// ResNet-50's 28x28x128 3x3 at batch 32: 392 tiles of 128x64 (99 % of 3 rounds).
// CHECK-LABEL: func.func @resnet_28x28x128
// CHECK: bolt.conv2d nhwc {{.*}}{bolt.kernel_reason = "heuristic: cooperative: the largest tile of the best wave use, 392 tiles on the 132 SMs (99%)", kernel = #bolt.kernel<"conv_sm90", tile [128, 64, 64], cluster [1, 1, 1], stages auto, "cooperative">}
func.func @resnet_28x28x128(%x: tensor<32x28x28x128xf16>, %w: tensor<128x3x3x128xf16>) -> tensor<32x28x28x128xf16> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<32x28x28x128xf16>, tensor<128x3x3x128xf16> -> tensor<32x28x28x128xf16> {
  ^bb0(%acc: tensor<32x28x28x128xf32>):
    bolt.yield %acc : tensor<32x28x28x128xf32>
  }
  func.return %y : tensor<32x28x28x128xf16>
}

// -----

// ResNet-50's 7x7x512 3x3: the cooperative tiles would use 39 % of the SMs; warpspecialized 64x128.
// CHECK-LABEL: func.func @resnet_7x7x512
// CHECK: bolt.conv2d nhwc {{.*}}{bolt.kernel_reason = "heuristic: largest conv tile that fills 70% of the 132 SMs (100 tiles)", kernel = #bolt.kernel<"conv_sm90", tile [64, 128, 64], cluster [1, 1, 1], stages auto, "warpspecialized">}
func.func @resnet_7x7x512(%x: tensor<32x7x7x512xf16>, %w: tensor<512x3x3x512xf16>) -> tensor<32x7x7x512xf16> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<32x7x7x512xf16>, tensor<512x3x3x512xf16> -> tensor<32x7x7x512xf16> {
  ^bb0(%acc: tensor<32x7x7x512xf32>):
    bolt.yield %acc : tensor<32x7x7x512xf32>
  }
  func.return %y : tensor<32x7x7x512xf16>
}

// -----

// The folded ResNet stem (4x4 on 16 channels, 112x112 out): C < 64, tall: conv_sm80.
// CHECK-LABEL: func.func @folded_stem
// CHECK: bolt.conv2d nhwc {{.*}}kernel = #bolt.kernel<"conv_sm80"
func.func @folded_stem(%x: tensor<32x115x115x16xf16>, %w: tensor<64x4x4x16xf16>) -> tensor<32x112x112x64xf16> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<32x115x115x16xf16>, tensor<64x4x4x16xf16> -> tensor<32x112x112x64xf16> {
  ^bb0(%acc: tensor<32x112x112x64xf32>):
    bolt.yield %acc : tensor<32x112x112x64xf32>
  }
  func.return %y : tensor<32x112x112x64xf16>
}

// -----

// 16 channels but too small to fill the GPU with 256x64 tiles: stays on conv_sm90.
// CHECK-LABEL: func.func @small_few_channels
// CHECK: bolt.conv2d nhwc {{.*}}kernel = #bolt.kernel<"conv_sm90", tile [64, 32, 64], cluster [1, 1, 1], stages auto, "warpspecialized">
func.func @small_few_channels(%x: tensor<2x8x8x16xf16>, %w: tensor<64x3x3x16xf16>) -> tensor<2x8x8x64xf16> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x8x8x16xf16>, tensor<64x3x3x16xf16> -> tensor<2x8x8x64xf16> {
  ^bb0(%acc: tensor<2x8x8x64xf32>):
    bolt.yield %acc : tensor<2x8x8x64xf32>
  }
  func.return %y : tensor<2x8x8x64xf16>
}
