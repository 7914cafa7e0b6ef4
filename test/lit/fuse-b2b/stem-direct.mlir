// fuse-b2b on an RGB stem folded by space-to-depth (the IR as space-to-depth, pad-alignment and
// fuse-epilogue leave it): the 2x1 convolution on the 24 folded channels and the 1x1 after it
// fuse, b2b_conv_direct being the kernel that takes the pair (it reads the image through the
// fold). With F0 = 24 (not a multiple of 16) it refuses and b2b_conv_sm90 takes the pair.
// RUN: boltc-opt %s -p 'fuse-b2b{remarks=true}' --split-input-file 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// RUN: boltc-opt %s -p 'fuse-b2b' --split-input-file | filecheck %s

// CHECK-LABEL: func.func @folded_stem
// CHECK:         bolt.concat
// CHECK:         bolt.b2b registers
// REMARK: 'bolt.conv2d' fused back to back with 'bolt.conv2d': the performance model (h100_sxm) predicts {{.*}} fused on b2b_conv_direct against
func.func @folded_stem(%x: tensor<1x16x16x3xf16>, %b0: tensor<1x1x1x16xf16>, %b1: tensor<1x1x1x16xf16>) -> tensor<1x8x8x16xf16> {
  %p = bolt.pad %x low [0, 1, 1, 0] high [0, 1, 1, 0] value 0.000000e+00 : tensor<1x16x16x3xf16> -> tensor<1x18x18x3xf16>
  %u = bolt.reshape %p : tensor<1x18x18x3xf16> -> tensor<1x9x2x9x2x3xf16>
  %v = bolt.transpose %u permutation [0, 1, 3, 2, 4, 5] : tensor<1x9x2x9x2x3xf16> -> tensor<1x9x9x2x2x3xf16>
  %z = bolt.reshape %v : tensor<1x9x9x2x2x3xf16> -> tensor<1x9x9x12xf16>
  %z0 = bolt.slice %z offsets [0, 0, 0, 0] strides [1, 1, 1, 1] : tensor<1x9x9x12xf16> -> tensor<1x9x8x12xf16>
  %z1 = bolt.slice %z offsets [0, 0, 1, 0] strides [1, 1, 1, 1] : tensor<1x9x9x12xf16> -> tensor<1x9x8x12xf16>
  %z2 = bolt.concat %z0, %z1 dim 3 : tensor<1x9x8x12xf16>, tensor<1x9x8x12xf16> -> tensor<1x9x8x24xf16>
  %w0 = bolt.constant dense<1.000000e-01> : tensor<16x2x1x24xf16>
  %w1 = bolt.constant dense<1.000000e-01> : tensor<16x1x1x16xf16>
  %h = bolt.conv2d nhwc %z2, %w0 extras(%b0 : tensor<1x1x1x16xf16>) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x9x8x24xf16>, tensor<16x2x1x24xf16> -> tensor<1x8x8x16xf16> {
  ^bb0(%acc: tensor<1x8x8x16xf32>, %bias: tensor<1x1x1x16xf16>):
    %c = bolt.ew.cast %bias : tensor<1x1x1x16xf16> -> tensor<1x1x1x16xf32>
    %s = bolt.ew.add %acc, %c : tensor<1x8x8x16xf32>, tensor<1x1x1x16xf32> -> tensor<1x8x8x16xf32>
    %r = bolt.ew.relu %s : tensor<1x8x8x16xf32> -> tensor<1x8x8x16xf32>
    bolt.yield %r : tensor<1x8x8x16xf32>
  }
  %y = bolt.conv2d nhwc %h, %w1 extras(%b1 : tensor<1x1x1x16xf16>) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x8x8x16xf16>, tensor<16x1x1x16xf16> -> tensor<1x8x8x16xf16> {
  ^bb0(%acc: tensor<1x8x8x16xf32>, %bias: tensor<1x1x1x16xf16>):
    %c = bolt.ew.cast %bias : tensor<1x1x1x16xf16> -> tensor<1x1x1x16xf32>
    %s = bolt.ew.add %acc, %c : tensor<1x8x8x16xf32>, tensor<1x1x1x16xf32> -> tensor<1x8x8x16xf32>
    %r = bolt.ew.relu %s : tensor<1x8x8x16xf32> -> tensor<1x8x8x16xf32>
    bolt.yield %r : tensor<1x8x8x16xf32>
  }
  func.return %y : tensor<1x8x8x16xf16>
}

// -----

// CHECK-LABEL: func.func @folded_stem_f0_24
// CHECK:         bolt.b2b registers
// REMARK: 'bolt.conv2d' fused back to back with 'bolt.conv2d': the performance model (h100_sxm) predicts {{.*}} fused on b2b_conv_sm90 against
func.func @folded_stem_f0_24(%x: tensor<1x16x16x3xf16>, %b0: tensor<1x1x1x24xf16>, %b1: tensor<1x1x1x16xf16>) -> tensor<1x8x8x16xf16> {
  %p = bolt.pad %x low [0, 1, 1, 0] high [0, 1, 1, 0] value 0.000000e+00 : tensor<1x16x16x3xf16> -> tensor<1x18x18x3xf16>
  %u = bolt.reshape %p : tensor<1x18x18x3xf16> -> tensor<1x9x2x9x2x3xf16>
  %v = bolt.transpose %u permutation [0, 1, 3, 2, 4, 5] : tensor<1x9x2x9x2x3xf16> -> tensor<1x9x9x2x2x3xf16>
  %z = bolt.reshape %v : tensor<1x9x9x2x2x3xf16> -> tensor<1x9x9x12xf16>
  %z0 = bolt.slice %z offsets [0, 0, 0, 0] strides [1, 1, 1, 1] : tensor<1x9x9x12xf16> -> tensor<1x9x8x12xf16>
  %z1 = bolt.slice %z offsets [0, 0, 1, 0] strides [1, 1, 1, 1] : tensor<1x9x9x12xf16> -> tensor<1x9x8x12xf16>
  %z2 = bolt.concat %z0, %z1 dim 3 : tensor<1x9x8x12xf16>, tensor<1x9x8x12xf16> -> tensor<1x9x8x24xf16>
  %w0 = bolt.constant dense<1.000000e-01> : tensor<24x2x1x24xf16>
  %w1 = bolt.constant dense<1.000000e-01> : tensor<16x1x1x24xf16>
  %h = bolt.conv2d nhwc %z2, %w0 extras(%b0 : tensor<1x1x1x24xf16>) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x9x8x24xf16>, tensor<24x2x1x24xf16> -> tensor<1x8x8x24xf16> {
  ^bb0(%acc: tensor<1x8x8x24xf32>, %bias: tensor<1x1x1x24xf16>):
    %c = bolt.ew.cast %bias : tensor<1x1x1x24xf16> -> tensor<1x1x1x24xf32>
    %s = bolt.ew.add %acc, %c : tensor<1x8x8x24xf32>, tensor<1x1x1x24xf32> -> tensor<1x8x8x24xf32>
    %r = bolt.ew.relu %s : tensor<1x8x8x24xf32> -> tensor<1x8x8x24xf32>
    bolt.yield %r : tensor<1x8x8x24xf32>
  }
  %y = bolt.conv2d nhwc %h, %w1 extras(%b1 : tensor<1x1x1x16xf16>) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x8x8x24xf16>, tensor<16x1x1x24xf16> -> tensor<1x8x8x16xf16> {
  ^bb0(%acc: tensor<1x8x8x16xf32>, %bias: tensor<1x1x1x16xf16>):
    %c = bolt.ew.cast %bias : tensor<1x1x1x16xf16> -> tensor<1x1x1x16xf32>
    %s = bolt.ew.add %acc, %c : tensor<1x8x8x16xf32>, tensor<1x1x1x16xf32> -> tensor<1x8x8x16xf32>
    %r = bolt.ew.relu %s : tensor<1x8x8x16xf32> -> tensor<1x8x8x16xf32>
    bolt.yield %r : tensor<1x8x8x16xf32>
  }
  func.return %y : tensor<1x8x8x16xf16>
}
