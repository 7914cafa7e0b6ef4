// What fuse-conv-pool must leave as a convolution and a pool, and the remark that says why.
// RUN: boltc-opt %s -p fuse-conv-pool --split-input-file | filecheck %s --check-prefixes=CHECK,SM90
// RUN: boltc-opt %s -p 'fuse-conv-pool{arch=sm_80}' --split-input-file | filecheck %s --check-prefixes=CHECK,SM80
// RUN: boltc-opt %s -p 'fuse-conv-pool{remarks=true}' --split-input-file 2>&1 | filecheck %s --check-prefixes=REMARK,REMARK90
// RUN: boltc-opt %s -p 'fuse-conv-pool{arch=sm_80 remarks=true}' --split-input-file 2>&1 | filecheck %s --check-prefixes=REMARK,REMARK80
// An arch the kernel has no shared-memory limit for is the user's mistake: a plain error, no traceback.
// RUN: not boltc-opt %s -p 'fuse-conv-pool{arch=sm_70}' 2>&1 | filecheck %s --check-prefix=ARCH
// ARCH: error: fuse-conv-pool: unknown arch 'sm_70' (known: sm_90a, sm_80)
// ARCH-NOT: Traceback
// ARCH-NOT: bolt.conv_pool

// An average pool: the kernel pools by max (-inf padding, no divisor).
// CHECK-LABEL: func.func @avg_pool
// CHECK-NOT:     bolt.conv_pool
// CHECK:         %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}
// CHECK:         bolt.pool2d avg nhwc %[[Y]]
// CHECK-NOT:     bolt.conv_pool
// REMARK: remark: {{.*}}refuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' not fused with 'bolt.conv2d': an average pool; the kernel pools by max
func.func @avg_pool(%x: tensor<1x16x16x16xf16>, %w: tensor<32x3x3x16xf16>) -> tensor<1x8x8x32xf16> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x16x16x16xf16>, tensor<32x3x3x16xf16> -> tensor<1x16x16x32xf16> {
  ^bb0(%acc: tensor<1x16x16x32xf32>):
    %r = bolt.ew.relu %acc : tensor<1x16x16x32xf32> -> tensor<1x16x16x32xf32>
    bolt.yield %r : tensor<1x16x16x32xf32>
  }
  %z = bolt.pool2d avg nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x16x16x32xf16> -> tensor<1x8x8x32xf16>
  func.return %z : tensor<1x8x8x32xf16>
}

// -----

// The convolution's result is also returned: it must reach global memory anyway.
// CHECK-LABEL: func.func @two_readers
// CHECK-NOT:     bolt.conv_pool
// CHECK:         %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}
// CHECK:         bolt.pool2d max nhwc %[[Y]]
// CHECK-NEXT:    func.return %{{[a-z0-9_]+}}, %[[Y]]
// CHECK-NOT:     bolt.conv_pool
// REMARK: remark: {{.*}}refuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' not fused with 'bolt.conv2d': the convolution's result has 2 readers; the fused kernel keeps it on chip
func.func @two_readers(%x: tensor<1x16x16x16xf16>, %w: tensor<32x3x3x16xf16>) -> (tensor<1x8x8x32xf16>, tensor<1x16x16x32xf16>) {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x16x16x16xf16>, tensor<32x3x3x16xf16> -> tensor<1x16x16x32xf16> {
  ^bb0(%acc: tensor<1x16x16x32xf32>):
    %r = bolt.ew.relu %acc : tensor<1x16x16x32xf32> -> tensor<1x16x16x32xf32>
    bolt.yield %r : tensor<1x16x16x32xf32>
  }
  %z = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x16x16x32xf16> -> tensor<1x8x8x32xf16>
  func.return %z, %y : tensor<1x8x8x32xf16>, tensor<1x16x16x32xf16>
}

// -----

// F = 40: the kernel computes 16 channels at a time (pairs of 8-wide MMA tiles).
// CHECK-LABEL: func.func @f_not_multiple_of_16
// CHECK-NOT:     bolt.conv_pool
// CHECK:         %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}
// CHECK:         bolt.pool2d max nhwc %[[Y]]
// CHECK-NOT:     bolt.conv_pool
// REMARK: remark: {{.*}}refuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' not fused with 'bolt.conv2d': F=40 is not a multiple of 16 (the kernel computes pairs of 8-wide MMA tiles)
func.func @f_not_multiple_of_16(%x: tensor<1x16x16x16xf16>, %w: tensor<40x3x3x16xf16>) -> tensor<1x8x8x40xf16> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x16x16x16xf16>, tensor<40x3x3x16xf16> -> tensor<1x16x16x40xf16> {
  ^bb0(%acc: tensor<1x16x16x40xf32>):
    %r = bolt.ew.relu %acc : tensor<1x16x16x40xf32> -> tensor<1x16x16x40xf32>
    bolt.yield %r : tensor<1x16x16x40xf32>
  }
  %z = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x16x16x40xf16> -> tensor<1x8x8x40xf16>
  func.return %z : tensor<1x8x8x40xf16>
}

// -----

// F = 256: a warp's accumulators would spill.
// CHECK-LABEL: func.func @f_over_96
// CHECK-NOT:     bolt.conv_pool
// CHECK:         %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}
// CHECK:         bolt.pool2d max nhwc %[[Y]]
// CHECK-NOT:     bolt.conv_pool
// REMARK: remark: {{.*}}refuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' not fused with 'bolt.conv2d': F=256 is over 96: a warp's accumulators (2 x F/8 MMA tiles) would spill past the 128 registers two CTAs an SM leave a thread
func.func @f_over_96(%x: tensor<1x16x16x16xf16>, %w: tensor<256x3x3x16xf16>) -> tensor<1x8x8x256xf16> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x16x16x16xf16>, tensor<256x3x3x16xf16> -> tensor<1x16x16x256xf16> {
  ^bb0(%acc: tensor<1x16x16x256xf32>):
    %r = bolt.ew.relu %acc : tensor<1x16x16x256xf32> -> tensor<1x16x16x256xf32>
    bolt.yield %r : tensor<1x16x16x256xf32>
  }
  %z = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x16x16x256xf16> -> tensor<1x8x8x256xf16>
  func.return %z : tensor<1x8x8x256xf16>
}

// -----

// A 3x3 on 64 channels, K = 576: past the filter the kernel stages whole.
// CHECK-LABEL: func.func @k_over_512
// CHECK-NOT:     bolt.conv_pool
// CHECK:         %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}
// CHECK:         bolt.pool2d max nhwc %[[Y]]
// CHECK-NOT:     bolt.conv_pool
// REMARK: remark: {{.*}}refuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' not fused with 'bolt.conv2d': K = R*S*C = 576 is over 512: the kernel stages the whole filter per CTA and reads every MMA's B from shared memory (it is built for stems)
func.func @k_over_512(%x: tensor<1x16x16x64xf16>, %w: tensor<64x3x3x64xf16>) -> tensor<1x8x8x64xf16> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x16x16x64xf16>, tensor<64x3x3x64xf16> -> tensor<1x16x16x64xf16> {
  ^bb0(%acc: tensor<1x16x16x64xf32>):
    %r = bolt.ew.relu %acc : tensor<1x16x16x64xf32> -> tensor<1x16x16x64xf32>
    bolt.yield %r : tensor<1x16x16x64xf32>
  }
  %z = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x16x16x64xf16> -> tensor<1x8x8x64xf16>
  func.return %z : tensor<1x8x8x64xf16>
}

// -----

// Two groups.
// CHECK-LABEL: func.func @grouped
// CHECK-NOT:     bolt.conv_pool
// CHECK:         %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}
// CHECK:         bolt.pool2d max nhwc %[[Y]]
// CHECK-NOT:     bolt.conv_pool
// REMARK: remark: {{.*}}refuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' not fused with 'bolt.conv2d': groups=2; the kernel computes ungrouped convolutions
func.func @grouped(%x: tensor<1x16x16x32xf16>, %w: tensor<32x3x3x16xf16>) -> tensor<1x8x8x32xf16> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 2 : tensor<1x16x16x32xf16>, tensor<32x3x3x16xf16> -> tensor<1x16x16x32xf16> {
  ^bb0(%acc: tensor<1x16x16x32xf32>):
    %r = bolt.ew.relu %acc : tensor<1x16x16x32xf32> -> tensor<1x16x16x32xf32>
    bolt.yield %r : tensor<1x16x16x32xf32>
  }
  %z = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x16x16x32xf16> -> tensor<1x8x8x32xf16>
  func.return %z : tensor<1x8x8x32xf16>
}

// -----

// Dilation 2.
// CHECK-LABEL: func.func @dilated
// CHECK-NOT:     bolt.conv_pool
// CHECK:         %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}
// CHECK:         bolt.pool2d max nhwc %[[Y]]
// CHECK-NOT:     bolt.conv_pool
// REMARK: remark: {{.*}}refuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' not fused with 'bolt.conv2d': dilations [2, 2]; the kernel's window is dense
func.func @dilated(%x: tensor<1x16x16x16xf16>, %w: tensor<32x3x3x16xf16>) -> tensor<1x8x8x32xf16> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [2, 2, 2, 2] dilations [2, 2] groups 1 : tensor<1x16x16x16xf16>, tensor<32x3x3x16xf16> -> tensor<1x16x16x32xf16> {
  ^bb0(%acc: tensor<1x16x16x32xf32>):
    %r = bolt.ew.relu %acc : tensor<1x16x16x32xf32> -> tensor<1x16x16x32xf32>
    bolt.yield %r : tensor<1x16x16x32xf32>
  }
  %z = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x16x16x32xf16> -> tensor<1x8x8x32xf16>
  func.return %z : tensor<1x8x8x32xf16>
}

// -----

// f32 throughout (a --precision f32 model): no f32 MMA.
// CHECK-LABEL: func.func @f32_conv
// CHECK-NOT:     bolt.conv_pool
// CHECK:         %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}
// CHECK:         bolt.pool2d max nhwc %[[Y]]
// CHECK-NOT:     bolt.conv_pool
// REMARK: remark: {{.*}}refuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' not fused with 'bolt.conv2d': f32 inputs, f32 result: the kernel's MMAs and 16-byte pool stores take f16 or bf16
func.func @f32_conv(%x: tensor<1x16x16x16xf32>, %w: tensor<32x3x3x16xf32>) -> tensor<1x8x8x32xf32> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x16x16x16xf32>, tensor<32x3x3x16xf32> -> tensor<1x16x16x32xf32> {
  ^bb0(%acc: tensor<1x16x16x32xf32>):
    %r = bolt.ew.relu %acc : tensor<1x16x16x32xf32> -> tensor<1x16x16x32xf32>
    bolt.yield %r : tensor<1x16x16x32xf32>
  }
  %z = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x16x16x32xf32> -> tensor<1x8x8x32xf32>
  func.return %z : tensor<1x8x8x32xf32>
}

// -----

// f16 in, f32 out (a convolution kept in f32 at its output).
// CHECK-LABEL: func.func @f32_result
// CHECK-NOT:     bolt.conv_pool
// CHECK:         %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}
// CHECK:         bolt.pool2d max nhwc %[[Y]]
// CHECK-NOT:     bolt.conv_pool
// REMARK: remark: {{.*}}refuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' not fused with 'bolt.conv2d': f16 inputs, f32 result: the kernel's MMAs and 16-byte pool stores take f16 or bf16
func.func @f32_result(%x: tensor<1x16x16x16xf16>, %w: tensor<32x3x3x16xf16>) -> tensor<1x8x8x32xf32> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x16x16x16xf16>, tensor<32x3x3x16xf16> -> tensor<1x16x16x32xf32> {
  ^bb0(%acc: tensor<1x16x16x32xf32>):
    %r = bolt.ew.relu %acc : tensor<1x16x16x32xf32> -> tensor<1x16x16x32xf32>
    bolt.yield %r : tensor<1x16x16x32xf32>
  }
  %z = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x16x16x32xf32> -> tensor<1x8x8x32xf32>
  func.return %z : tensor<1x8x8x32xf32>
}

// -----

// NCHW (before layout-nhwc).
// CHECK-LABEL: func.func @nchw
// CHECK-NOT:     bolt.conv_pool
// CHECK:         %[[Y:[a-z0-9_]+]] = bolt.conv2d nchw %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}
// CHECK:         bolt.pool2d max nchw %[[Y]]
// CHECK-NOT:     bolt.conv_pool
// REMARK: remark: {{.*}}refuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' not fused with 'bolt.conv2d': the kernel reads NHWC activations and writes NHWC (the layout-nhwc pass converts them)
func.func @nchw(%x: tensor<1x16x16x16xf16>, %w: tensor<32x16x3x3xf16>) -> tensor<1x32x8x8xf16> {
  %y = bolt.conv2d nchw %x, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x16x16x16xf16>, tensor<32x16x3x3xf16> -> tensor<1x32x16x16xf16> {
  ^bb0(%acc: tensor<1x32x16x16xf32>):
    %r = bolt.ew.relu %acc : tensor<1x32x16x16xf32> -> tensor<1x32x16x16xf32>
    bolt.yield %r : tensor<1x32x16x16xf32>
  }
  %z = bolt.pool2d max nchw %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x32x16x16xf16> -> tensor<1x32x8x8xf16>
  func.return %z : tensor<1x32x8x8xf16>
}

// -----

// ResNet's stem on 7 channels: not a multiple of 8, so the 35x39x7 window goes through
// registers: 9555 elements, 38 a thread, over the 32 the kernel holds.
// CHECK-LABEL: func.func @register_window_too_wide
// CHECK-NOT:     bolt.conv_pool
// CHECK:         %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}
// CHECK:         bolt.pool2d max nhwc %[[Y]]
// CHECK-NOT:     bolt.conv_pool
// REMARK: remark: {{.*}}refuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' not fused with 'bolt.conv2d': C=7 is not a multiple of 8, so the input window goes through registers: 38 elements a thread, over 32
func.func @register_window_too_wide(%x: tensor<2x32x32x7xf16>, %w: tensor<64x7x7x7xf16>) -> tensor<2x8x8x64xf16> {
  %y = bolt.conv2d nhwc %x, %w strides [2, 2] padding [3, 3, 3, 3] dilations [1, 1] groups 1 : tensor<2x32x32x7xf16>, tensor<64x7x7x7xf16> -> tensor<2x16x16x64xf16> {
  ^bb0(%acc: tensor<2x16x16x64xf32>):
    %r = bolt.ew.relu %acc : tensor<2x16x16x64xf32> -> tensor<2x16x16x64xf32>
    bolt.yield %r : tensor<2x16x16x64xf32>
  }
  %z = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x16x16x64xf16> -> tensor<2x8x8x64xf16>
  func.return %z : tensor<2x8x8x64xf16>
}

// -----

// F = 96 on 24 channels, 3x3/2 then the 3x3/2 pool: the filter 96 x 232 x 2, the offsets
// 14 x 64, two 31x35x24 windows 2 x 2 x 26040, the tile 255 x 104 x 2: 202640 bytes, within
// sm_90a's 227 KiB and over sm_80's 163 KiB (166912).
// CHECK-LABEL: func.func @smem_over_sm80
// SM90:          bolt.conv_pool
// SM80-NOT:      bolt.conv_pool
// SM80:          %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}
// SM80:          bolt.pool2d max nhwc %[[Y]]
// SM80-NOT:      bolt.conv_pool
// REMARK90: remark: {{.*}}refuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' fused with 'bolt.conv2d' into bolt.conv_pool: conv_pool f16->f16 3x3/2x2 C=24 F=96, max pool 3x3/2x2, tile 7x8 pooled pixels, window by cp.async, 202640 B shared memory
// REMARK80: remark: {{.*}}refuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' not fused with 'bolt.conv2d': a CTA needs 202640 bytes of shared memory, over sm_80's 166912
func.func @smem_over_sm80(%x: tensor<1x32x32x24xf16>, %w: tensor<96x3x3x24xf16>) -> tensor<1x8x8x96xf16> {
  %y = bolt.conv2d nhwc %x, %w strides [2, 2] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x32x32x24xf16>, tensor<96x3x3x24xf16> -> tensor<1x16x16x96xf16> {
  ^bb0(%acc: tensor<1x16x16x96xf32>):
    %r = bolt.ew.relu %acc : tensor<1x16x16x96xf32> -> tensor<1x16x16x96xf32>
    bolt.yield %r : tensor<1x16x16x96xf32>
  }
  %z = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x16x16x96xf16> -> tensor<1x8x8x96xf16>
  func.return %z : tensor<1x8x8x96xf16>
}
