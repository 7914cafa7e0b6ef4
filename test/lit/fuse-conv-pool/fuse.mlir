// What fuse-conv-pool fuses: an NHWC convolution (its epilogue included) and the max pool
// that is its only reader, into one bolt.conv_pool whose body holds both unchanged.
// RUN: boltc-opt %s -p fuse-conv-pool --split-input-file | filecheck %s
// Every pair here fits sm_80's shared memory as well: the same op on both targets.
// RUN: boltc-opt %s -p 'fuse-conv-pool{arch=sm_80}' --split-input-file | filecheck %s
// RUN: boltc-opt %s -p 'fuse-conv-pool{remarks=true}' --split-input-file 2>&1 | filecheck %s --check-prefix=REMARK

// A ResNet-like stem on 8 channels: 7x7/2, padding 3, bias + ReLU in the epilogue, then the
// 3x3/2 max pool with padding 1. The op's operands are the convolution's (the filter constant
// stays outside, an operand like the others); the pool keeps its window, strides and padding.
// CHECK-LABEL: func.func @resnet_stem
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<2x32x32x8xf16>, %[[B:[a-z0-9_]+]]: tensor<1x1x1x64xf16>)
// CHECK-NEXT:    %[[W:[a-z0-9_]+]] = bolt.constant dense<5.000000e-01> : tensor<64x7x7x8xf16>
// CHECK-NEXT:    %[[Z:[a-z0-9_]+]] = bolt.conv_pool(%[[X]], %[[W]], %[[B]]) {bolt.fusion_reason = "the convolution's 2x16x16x64 output (0.1 MiB) stays on chip: not written and read back by the pool"} : (tensor<2x32x32x8xf16>, tensor<64x7x7x8xf16>, tensor<1x1x1x64xf16>) -> tensor<2x8x8x64xf16> {
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[I:[a-z0-9_]+]]: tensor<2x32x32x8xf16>, %[[F:[a-z0-9_]+]]: tensor<64x7x7x8xf16>, %[[C:[a-z0-9_]+]]: tensor<1x1x1x64xf16>):
// CHECK-NEXT:      %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %[[I]], %[[F]] extras(%[[C]] : tensor<1x1x1x64xf16>) strides [2, 2] padding [3, 3, 3, 3] dilations [1, 1] groups 1 : tensor<2x32x32x8xf16>, tensor<64x7x7x8xf16> -> tensor<2x16x16x64xf16> {
// CHECK-NEXT:      ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<2x16x16x64xf32>, %[[BIAS:[a-z0-9_]+]]: tensor<1x1x1x64xf16>):
// CHECK-NEXT:        %[[BF:[a-z0-9_]+]] = bolt.ew.cast %[[BIAS]] : tensor<1x1x1x64xf16> -> tensor<1x1x1x64xf32>
// CHECK-NEXT:        %[[S:[a-z0-9_]+]] = bolt.ew.add %[[ACC]], %[[BF]] : tensor<2x16x16x64xf32>, tensor<1x1x1x64xf32> -> tensor<2x16x16x64xf32>
// CHECK-NEXT:        %[[R:[a-z0-9_]+]] = bolt.ew.relu %[[S]] : tensor<2x16x16x64xf32> -> tensor<2x16x16x64xf32>
// CHECK-NEXT:        bolt.yield %[[R]] : tensor<2x16x16x64xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[P:[a-z0-9_]+]] = bolt.pool2d max nhwc %[[Y]] window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x16x16x64xf16> -> tensor<2x8x8x64xf16>
// CHECK-NEXT:      bolt.yield %[[P]] : tensor<2x8x8x64xf16>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[Z]] : tensor<2x8x8x64xf16>
// CHECK-NOT:     bolt.pool2d
// Shared memory: the filter 64 x (400 + 8) x 2, the k offsets 25 x 64, two 35x39x8 input
// windows 2 x 2 x 10920, the 15x17 convolution tile 255 x 72 x 2: 134224 bytes.
// REMARK: remark: {{.*}}fuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' fused with 'bolt.conv2d' into bolt.conv_pool: conv_pool f16->f16 7x7/2x2 C=8 F=64, max pool 3x3/2x2, tile 7x8 pooled pixels, window by cp.async, 134224 B shared memory
func.func @resnet_stem(%x: tensor<2x32x32x8xf16>, %b: tensor<1x1x1x64xf16>) -> tensor<2x8x8x64xf16> {
  %w = bolt.constant dense<5.000000e-01> : tensor<64x7x7x8xf16>
  %y = bolt.conv2d nhwc %x, %w extras(%b : tensor<1x1x1x64xf16>) strides [2, 2] padding [3, 3, 3, 3] dilations [1, 1] groups 1 : tensor<2x32x32x8xf16>, tensor<64x7x7x8xf16> -> tensor<2x16x16x64xf16> {
  ^bb0(%acc: tensor<2x16x16x64xf32>, %bias: tensor<1x1x1x64xf16>):
    %bf = bolt.ew.cast %bias : tensor<1x1x1x64xf16> -> tensor<1x1x1x64xf32>
    %s = bolt.ew.add %acc, %bf : tensor<2x16x16x64xf32>, tensor<1x1x1x64xf32> -> tensor<2x16x16x64xf32>
    %r = bolt.ew.relu %s : tensor<2x16x16x64xf32> -> tensor<2x16x16x64xf32>
    bolt.yield %r : tensor<2x16x16x64xf32>
  }
  %z = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x16x16x64xf16> -> tensor<2x8x8x64xf16>
  func.return %z : tensor<2x8x8x64xf16>
}

// -----

// The stem as space-to-depth leaves it (test/lit/space-to-depth/stems.mlir): the 7x7/2 on RGB
// folded to a stride-1 4x2 window on 24 channels, unpadded; then the same pool.
// CHECK-LABEL: func.func @folded_stem
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<2x19x17x24xf16>, %[[W:[a-z0-9_]+]]: tensor<64x4x2x24xf16>, %[[B:[a-z0-9_]+]]: tensor<1x1x1x64xf16>)
// CHECK-NEXT:    %[[Z:[a-z0-9_]+]] = bolt.conv_pool(%[[X]], %[[W]], %[[B]]) {bolt.fusion_reason = "the convolution's 2x16x16x64 output (0.1 MiB) stays on chip: not written and read back by the pool"} : (tensor<2x19x17x24xf16>, tensor<64x4x2x24xf16>, tensor<1x1x1x64xf16>) -> tensor<2x8x8x64xf16> {
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[I:[a-z0-9_]+]]: tensor<2x19x17x24xf16>, %[[F:[a-z0-9_]+]]: tensor<64x4x2x24xf16>, %[[C:[a-z0-9_]+]]: tensor<1x1x1x64xf16>):
// CHECK-NEXT:      %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %[[I]], %[[F]] extras(%[[C]] : tensor<1x1x1x64xf16>) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x19x17x24xf16>, tensor<64x4x2x24xf16> -> tensor<2x16x16x64xf16> {
// CHECK:             bolt.ew.relu
// CHECK-NEXT:        bolt.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[P:[a-z0-9_]+]] = bolt.pool2d max nhwc %[[Y]] window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x16x16x64xf16> -> tensor<2x8x8x64xf16>
// CHECK-NEXT:      bolt.yield %[[P]] : tensor<2x8x8x64xf16>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[Z]] : tensor<2x8x8x64xf16>
// Filter 64 x 200 x 2, offsets 12 x 64, two 18x18x24 windows 2 x 2 x 7776, tile 255 x 72 x 2: 94192.
// REMARK: remark: {{.*}}fuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' fused with 'bolt.conv2d' into bolt.conv_pool: conv_pool f16->f16 4x2/1x1 C=24 F=64, max pool 3x3/2x2, tile 7x8 pooled pixels, window by cp.async, 94192 B shared memory
func.func @folded_stem(%x: tensor<2x19x17x24xf16>, %w: tensor<64x4x2x24xf16>, %b: tensor<1x1x1x64xf16>) -> tensor<2x8x8x64xf16> {
  %y = bolt.conv2d nhwc %x, %w extras(%b : tensor<1x1x1x64xf16>) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x19x17x24xf16>, tensor<64x4x2x24xf16> -> tensor<2x16x16x64xf16> {
  ^bb0(%acc: tensor<2x16x16x64xf32>, %bias: tensor<1x1x1x64xf16>):
    %bf = bolt.ew.cast %bias : tensor<1x1x1x64xf16> -> tensor<1x1x1x64xf32>
    %s = bolt.ew.add %acc, %bf : tensor<2x16x16x64xf32>, tensor<1x1x1x64xf32> -> tensor<2x16x16x64xf32>
    %r = bolt.ew.relu %s : tensor<2x16x16x64xf32> -> tensor<2x16x16x64xf32>
    bolt.yield %r : tensor<2x16x16x64xf32>
  }
  %z = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x16x16x64xf16> -> tensor<2x8x8x64xf16>
  func.return %z : tensor<2x8x8x64xf16>
}

// -----

// bf16 throughout: a 3x3/2 convolution on 16 channels to 32, no epilogue, and the 3x3/2 pool.
// CHECK-LABEL: func.func @bf16_stem
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<1x32x32x16xbf16>, %[[W:[a-z0-9_]+]]: tensor<32x3x3x16xbf16>)
// CHECK-NEXT:    %[[Z:[a-z0-9_]+]] = bolt.conv_pool(%[[X]], %[[W]]) {bolt.fusion_reason = "the convolution's 1x16x16x32 output (0.0 MiB) stays on chip: not written and read back by the pool"} : (tensor<1x32x32x16xbf16>, tensor<32x3x3x16xbf16>) -> tensor<1x8x8x32xbf16> {
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[I:[a-z0-9_]+]]: tensor<1x32x32x16xbf16>, %[[F:[a-z0-9_]+]]: tensor<32x3x3x16xbf16>):
// CHECK-NEXT:      %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %[[I]], %[[F]] strides [2, 2] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x32x32x16xbf16>, tensor<32x3x3x16xbf16> -> tensor<1x16x16x32xbf16> {
// CHECK-NEXT:      ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<1x16x16x32xf32>):
// CHECK-NEXT:        bolt.yield %[[ACC]] : tensor<1x16x16x32xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[P:[a-z0-9_]+]] = bolt.pool2d max nhwc %[[Y]] window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x16x16x32xbf16> -> tensor<1x8x8x32xbf16>
// CHECK-NEXT:      bolt.yield %[[P]] : tensor<1x8x8x32xbf16>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[Z]] : tensor<1x8x8x32xbf16>
// Filter 32 x (144 + 8) x 2, offsets 9 x 64, two 31x35x16 windows 2 x 2 x 17360, tile 255 x 40 x 2: 100144.
// REMARK: remark: {{.*}}fuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' fused with 'bolt.conv2d' into bolt.conv_pool: conv_pool bf16->bf16 3x3/2x2 C=16 F=32, max pool 3x3/2x2, tile 7x8 pooled pixels, window by cp.async, 100144 B shared memory
func.func @bf16_stem(%x: tensor<1x32x32x16xbf16>, %w: tensor<32x3x3x16xbf16>) -> tensor<1x8x8x32xbf16> {
  %y = bolt.conv2d nhwc %x, %w strides [2, 2] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x32x32x16xbf16>, tensor<32x3x3x16xbf16> -> tensor<1x16x16x32xbf16> {
  ^bb0(%acc: tensor<1x16x16x32xf32>):
    bolt.yield %acc : tensor<1x16x16x32xf32>
  }
  %z = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<1x16x16x32xbf16> -> tensor<1x8x8x32xbf16>
  func.return %z : tensor<1x8x8x32xbf16>
}

// -----

// ResNet's stem on the RGB image itself (C = 3): not a multiple of 8, so the input window goes
// through registers, 35 x 39 x 3 = 4095 elements: 16 a thread (the limit is 32).
// CHECK-LABEL: func.func @rgb_stem
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<2x32x32x3xf16>, %[[W:[a-z0-9_]+]]: tensor<64x7x7x3xf16>, %[[B:[a-z0-9_]+]]: tensor<1x1x1x64xf16>)
// CHECK-NEXT:    %[[Z:[a-z0-9_]+]] = bolt.conv_pool(%[[X]], %[[W]], %[[B]])
// CHECK-SAME:      -> tensor<2x8x8x64xf16> {
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[I:[a-z0-9_]+]]: tensor<2x32x32x3xf16>, %[[F:[a-z0-9_]+]]: tensor<64x7x7x3xf16>, %[[C:[a-z0-9_]+]]: tensor<1x1x1x64xf16>):
// CHECK-NEXT:      %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %[[I]], %[[F]] extras(%[[C]] : tensor<1x1x1x64xf16>) strides [2, 2] padding [3, 3, 3, 3]
// CHECK:           bolt.pool2d max nhwc %[[Y]] window [3, 3] strides [2, 2] padding [1, 1, 1, 1]
// CHECK-NEXT:      bolt.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[Z]] : tensor<2x8x8x64xf16>
// Filter 64 x (160 + 8) x 2, offsets 10 x 64, one 4095 (4096) x 3 window x 2, tile 255 x 72 x 2: 67056.
// REMARK: remark: {{.*}}fuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' fused with 'bolt.conv2d' into bolt.conv_pool: conv_pool f16->f16 7x7/2x2 C=3 F=64, max pool 3x3/2x2, tile 7x8 pooled pixels, window by registers, 67056 B shared memory
func.func @rgb_stem(%x: tensor<2x32x32x3xf16>, %w: tensor<64x7x7x3xf16>, %b: tensor<1x1x1x64xf16>) -> tensor<2x8x8x64xf16> {
  %y = bolt.conv2d nhwc %x, %w extras(%b : tensor<1x1x1x64xf16>) strides [2, 2] padding [3, 3, 3, 3] dilations [1, 1] groups 1 : tensor<2x32x32x3xf16>, tensor<64x7x7x3xf16> -> tensor<2x16x16x64xf16> {
  ^bb0(%acc: tensor<2x16x16x64xf32>, %bias: tensor<1x1x1x64xf16>):
    %bf = bolt.ew.cast %bias : tensor<1x1x1x64xf16> -> tensor<1x1x1x64xf32>
    %s = bolt.ew.add %acc, %bf : tensor<2x16x16x64xf32>, tensor<1x1x1x64xf32> -> tensor<2x16x16x64xf32>
    %r = bolt.ew.relu %s : tensor<2x16x16x64xf32> -> tensor<2x16x16x64xf32>
    bolt.yield %r : tensor<2x16x16x64xf32>
  }
  %z = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x16x16x64xf16> -> tensor<2x8x8x64xf16>
  func.return %z : tensor<2x8x8x64xf16>
}

// -----

// An unpadded 2x2/2 pool after a 3x3, stride-1 convolution: 8x8 -> 4x4 pooled pixels, fewer
// than a tile's 7x8, so the tile is cut to 4x4 (an 8x8 convolution tile, a 10x10 window).
// CHECK-LABEL: func.func @unpadded_2x2_pool
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<1x8x8x8xf16>, %[[W:[a-z0-9_]+]]: tensor<16x3x3x8xf16>)
// CHECK-NEXT:    %[[Z:[a-z0-9_]+]] = bolt.conv_pool(%[[X]], %[[W]]) {bolt.fusion_reason = "the convolution's 1x8x8x16 output (0.0 MiB) stays on chip: not written and read back by the pool"} : (tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16>) -> tensor<1x4x4x16xf16> {
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[I:[a-z0-9_]+]]: tensor<1x8x8x8xf16>, %[[F:[a-z0-9_]+]]: tensor<16x3x3x8xf16>):
// CHECK-NEXT:      %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %[[I]], %[[F]] strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16> -> tensor<1x8x8x16xf16> {
// CHECK-NEXT:      ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<1x8x8x16xf32>):
// CHECK-NEXT:        %[[R:[a-z0-9_]+]] = bolt.ew.relu %[[ACC]] : tensor<1x8x8x16xf32> -> tensor<1x8x8x16xf32>
// CHECK-NEXT:        bolt.yield %[[R]] : tensor<1x8x8x16xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[P:[a-z0-9_]+]] = bolt.pool2d max nhwc %[[Y]] window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x8x8x16xf16> -> tensor<1x4x4x16xf16>
// CHECK-NEXT:      bolt.yield %[[P]] : tensor<1x4x4x16xf16>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[Z]] : tensor<1x4x4x16xf16>
// Filter 16 x (80 + 8) x 2, offsets 5 x 64, two 10x10x8 windows 2 x 2 x 800, tile 64 x 24 x 2: 9408.
// REMARK: remark: {{.*}}fuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' fused with 'bolt.conv2d' into bolt.conv_pool: conv_pool f16->f16 3x3/1x1 C=8 F=16, max pool 2x2/2x2, tile 4x4 pooled pixels, window by cp.async, 9408 B shared memory
func.func @unpadded_2x2_pool(%x: tensor<1x8x8x8xf16>, %w: tensor<16x3x3x8xf16>) -> tensor<1x4x4x16xf16> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16> -> tensor<1x8x8x16xf16> {
  ^bb0(%acc: tensor<1x8x8x16xf32>):
    %r = bolt.ew.relu %acc : tensor<1x8x8x16xf32> -> tensor<1x8x8x16xf32>
    bolt.yield %r : tensor<1x8x8x16xf32>
  }
  %z = bolt.pool2d max nhwc %y window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x8x8x16xf16> -> tensor<1x4x4x16xf16>
  func.return %z : tensor<1x4x4x16xf16>
}
