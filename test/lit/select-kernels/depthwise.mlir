// select-kernels sends a depthwise convolution (groups = C = F) to conv_depthwise and records
// the choice as #bolt.kernel (tile [output columns, channels per thread, 1]) with its reason;
// one it refuses stays on conv_direct (no #bolt.kernel) with the refusal in the reason; a
// grouped one with a channel multiplier is not depthwise.
// RUN: boltc-opt %s -p 'select-kernels{arch=sm_90a}' --split-input-file | filecheck %s
// RUN: boltc-opt %s -p 'select-kernels{arch=sm_80}' --split-input-file | filecheck %s

// MobileNetV2's 112x112x96 stride-2 layer, bias + ReLU6: 8 channels (16 bytes) x 4 columns a
// thread, 2 * 4 + 1 input vectors a filter row.
// CHECK-LABEL: func.func @mobilenetv2_stride2
// CHECK: bolt.conv2d nhwc {{.*}}{bolt.kernel_reason = "choice: depthwise 3x3, 96 channels: 4 output columns x 8 channels per thread, 9 input vectors per filter row", kernel = #bolt.kernel<"conv_depthwise", tile [4, 8, 1], cluster [1, 1, 1], stages 1, "direct">}
func.func @mobilenetv2_stride2(%x: tensor<32x112x112x96xf16>, %w: tensor<96x3x3x1xf16>, %b: tensor<96xf16>) -> tensor<32x56x56x96xf16> {
  %y = bolt.conv2d nhwc %x, %w extras(%b : tensor<96xf16>) strides [2, 2] padding [1, 1, 1, 1] dilations [1, 1] groups 96 : tensor<32x112x112x96xf16>, tensor<96x3x3x1xf16> -> tensor<32x56x56x96xf16> {
  ^bb0(%acc: tensor<32x56x56x96xf32>, %x0: tensor<96xf16>):
    %b32 = bolt.ew.cast %x0 : tensor<96xf16> -> tensor<96xf32>
    %s = bolt.ew.add %acc, %b32 : tensor<32x56x56x96xf32>, tensor<96xf32> -> tensor<32x56x56x96xf32>
    %a = bolt.ew.clamp %s min 0.0 max 6.0 : tensor<32x56x56x96xf32> -> tensor<32x56x56x96xf32>
    bolt.yield %a : tensor<32x56x56x96xf32>
  }
  func.return %y : tensor<32x56x56x96xf16>
}

// -----

// 13 channels: one channel a thread (13 is odd), still this kernel.
// CHECK-LABEL: func.func @odd_channels
// CHECK: bolt.conv2d nhwc {{.*}}kernel = #bolt.kernel<"conv_depthwise", tile [4, 1, 1], cluster [1, 1, 1], stages 1, "direct">
func.func @odd_channels(%x: tensor<2x9x9x13xbf16>, %w: tensor<13x3x3x1xbf16>) -> tensor<2x9x9x13xbf16> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 13 : tensor<2x9x9x13xbf16>, tensor<13x3x3x1xbf16> -> tensor<2x9x9x13xbf16> {
  ^bb0(%acc: tensor<2x9x9x13xf32>):
    bolt.yield %acc : tensor<2x9x9x13xf32>
  }
  func.return %y : tensor<2x9x9x13xbf16>
}

// -----

// 5x5: 8 channels' weights would take 400 bytes of registers; conv_direct, and the reason says so.
// CHECK-LABEL: func.func @refused_5x5
// CHECK: bolt.conv2d nhwc {{.*}}{bolt.kernel_reason = "no tensor-core group mode: depthwise {{.*}}; conv_depthwise refused: {{.*}}the 5x5 weights of 8 channels take 400 bytes of registers (at most 144)"}
// CHECK-NOT: #bolt.kernel
func.func @refused_5x5(%x: tensor<2x12x12x24xf16>, %w: tensor<24x5x5x1xf16>) -> tensor<2x12x12x24xf16> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [2, 2, 2, 2] dilations [1, 1] groups 24 : tensor<2x12x12x24xf16>, tensor<24x5x5x1xf16> -> tensor<2x12x12x24xf16> {
  ^bb0(%acc: tensor<2x12x12x24xf32>):
    bolt.yield %acc : tensor<2x12x12x24xf32>
  }
  func.return %y : tensor<2x12x12x24xf16>
}

// -----

// A channel multiplier of 2 (F = 2C): grouped, not depthwise; conv_direct, and the reason does
// not mention conv_depthwise (no "; conv_depthwise refused").
// CHECK-LABEL: func.func @channel_multiplier
// CHECK: bolt.conv2d nhwc {{.*}}{bolt.kernel_reason = "no tensor-core group mode: {{[^;]*}}"} : tensor<2x8x8x8xf16>
func.func @channel_multiplier(%x: tensor<2x8x8x8xf16>, %w: tensor<16x3x3x1xf16>) -> tensor<2x8x8x16xf16> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 8 : tensor<2x8x8x8xf16>, tensor<16x3x3x1xf16> -> tensor<2x8x8x16xf16> {
  ^bb0(%acc: tensor<2x8x8x16xf32>):
    bolt.yield %acc : tensor<2x8x8x16xf32>
  }
  func.return %y : tensor<2x8x8x16xf16>
}
