// Transposes sink through every op that does not read the layout, with its per-dimension
// attributes permuted: pads, slices, concats, casts, clamps, selects, and numpy-style
// per-channel operands of lower rank.
// RUN: boltc-opt %s -p layout-nhwc --split-input-file | filecheck %s

// pool -> pad of H and C -> slice -> concat over C with itself -> cast: the pad's low/high,
// the slice's offsets/strides and the concat's dim all move with the channel to the end.
// CHECK-LABEL: func.func @data_movement
// CHECK:         %[[P:.+]] = bolt.pool2d max nhwc %{{.+}} window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x4x4x3xf32> -> tensor<1x2x2x3xf32>
// CHECK-NEXT:    %[[PAD:.+]] = bolt.pad %[[P]] low [0, 1, 0, 2] high [0, 0, 0, 1] value 0.000000e+00 : tensor<1x2x2x3xf32> -> tensor<1x3x2x6xf32>
// CHECK-NEXT:    %[[S:.+]] = bolt.slice %[[PAD]] offsets [0, 1, 0, 1] strides [1, 1, 1, 2] : tensor<1x3x2x6xf32> -> tensor<1x2x2x3xf32>
// CHECK-NEXT:    %[[C:.+]] = bolt.concat %[[S]], %[[S]] dim 3 : tensor<1x2x2x3xf32>, tensor<1x2x2x3xf32> -> tensor<1x2x2x6xf32>
// CHECK-NEXT:    %[[H:.+]] = bolt.ew.cast %[[C]] : tensor<1x2x2x6xf32> -> tensor<1x2x2x6xf16>
// CHECK-NEXT:    %[[OUT:.+]] = bolt.transpose %[[H]] permutation [0, 3, 1, 2] : tensor<1x2x2x6xf16> -> tensor<1x6x2x2xf16>
// CHECK-NEXT:    func.return %[[OUT]]
func.func @data_movement(%x: tensor<1x3x4x4xf32>) -> tensor<1x6x2x2xf16> {
  %p = bolt.pool2d max nchw %x window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x3x4x4xf32> -> tensor<1x3x2x2xf32>
  %pad = bolt.pad %p low [0, 2, 1, 0] high [0, 1, 0, 0] value 0.0 : tensor<1x3x2x2xf32> -> tensor<1x6x3x2xf32>
  %s = bolt.slice %pad offsets [0, 1, 1, 0] strides [1, 2, 1, 1] : tensor<1x6x3x2xf32> -> tensor<1x3x2x2xf32>
  %c = bolt.concat %s, %s dim 1 : tensor<1x3x2x2xf32>, tensor<1x3x2x2xf32> -> tensor<1x6x2x2xf32>
  %h = bolt.ew.cast %c : tensor<1x6x2x2xf32> -> tensor<1x6x2x2xf16>
  func.return %h : tensor<1x6x2x2xf16>
}

// -----

// Operands that permute for free: a scalar, a 3-D per-channel constant (numpy aligns it
// 1x2x1x1; it becomes a 1x1x1x2 reshape of the same constant), a broadcast of a per-channel vector (the
// broadcast is rebuilt over the NHWC dims), and a clamp and select that keep their attributes.
// CHECK-LABEL: func.func @free_operands
// CHECK:         %[[POOL:.+]] = bolt.pool2d avg nhwc
// CHECK-NEXT:    %[[SCALE:.+]] = bolt.constant dense<{{.+}}> : tensor<2x1x1xf32>
// CHECK-NEXT:    %[[SCALE4:.+]] = bolt.reshape %[[SCALE]] : tensor<2x1x1xf32> -> tensor<1x1x1x2xf32>
// CHECK-NEXT:    %[[M:.+]] = bolt.ew.mul %[[POOL]], %[[SCALE4]] : tensor<1x2x2x2xf32>, tensor<1x1x1x2xf32> -> tensor<1x2x2x2xf32>
// CHECK-NEXT:    %[[HALF:.+]] = bolt.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NEXT:    %[[A:.+]] = bolt.ew.add %[[M]], %[[HALF]] : tensor<1x2x2x2xf32>, tensor<f32> -> tensor<1x2x2x2xf32>
// CHECK-NEXT:    %[[BC:.+]] = bolt.broadcast %{{.+}} dimensions [0, 1, 2] : tensor<2xf32> -> tensor<1x2x2x2xf32>
// CHECK-NEXT:    %[[SEL:.+]] = bolt.ew.select ogt %[[A]], %[[BC]], %[[A]], %[[BC]] : {{.+}} -> tensor<1x2x2x2xf32>
// CHECK-NEXT:    %[[CL:.+]] = bolt.ew.clamp %[[SEL]] min 0.000000e+00 max 6.000000e+00 : tensor<1x2x2x2xf32> -> tensor<1x2x2x2xf32>
// CHECK-NEXT:    %[[OUT:.+]] = bolt.transpose %[[CL]] permutation [0, 3, 1, 2]
// CHECK-NEXT:    func.return %[[OUT]]
func.func @free_operands(%x: tensor<1x2x4x4xf32>, %v: tensor<2xf32>) -> tensor<1x2x2x2xf32> {
  %p = bolt.pool2d avg nchw %x window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x2x4x4xf32> -> tensor<1x2x2x2xf32>
  %scale = bolt.constant dense<[[[2.0]], [[3.0]]]> : tensor<2x1x1xf32>
  %m = bolt.ew.mul %p, %scale : tensor<1x2x2x2xf32>, tensor<2x1x1xf32> -> tensor<1x2x2x2xf32>
  %half = bolt.constant dense<0.5> : tensor<f32>
  %a = bolt.ew.add %m, %half : tensor<1x2x2x2xf32>, tensor<f32> -> tensor<1x2x2x2xf32>
  %bc = bolt.broadcast %v dimensions [0, 2, 3] : tensor<2xf32> -> tensor<1x2x2x2xf32>
  %sel = bolt.ew.select ogt %a, %bc, %a, %bc : tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32> -> tensor<1x2x2x2xf32>
  %cl = bolt.ew.clamp %sel min 0.0 max 6.0 : tensor<1x2x2x2xf32> -> tensor<1x2x2x2xf32>
  func.return %cl : tensor<1x2x2x2xf32>
}

// -----

// Global average pooling goes NHWC too; its N x 1 x 1 x C result flattens for the linear head
// without a transpose (moving size-1 dimensions is a reshape): no transpose leaves the model.
// CHECK-LABEL: func.func @global_pool_head
// CHECK:         %[[IN:.+]] = bolt.transpose %{{.+}} permutation [0, 2, 3, 1] : tensor<2x3x4x4xf32> -> tensor<2x4x4x3xf32>
// CHECK-NEXT:    %[[G:.+]] = bolt.pool2d avg nhwc %[[IN]] window [4, 4] strides [1, 1] padding [0, 0, 0, 0] : tensor<2x4x4x3xf32> -> tensor<2x1x1x3xf32>
// CHECK-NEXT:    %[[FLAT:.+]] = bolt.reshape %[[G]] : tensor<2x1x1x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    bolt.gemm %[[FLAT]], %{{.+}}
// CHECK-NOT:     bolt.transpose
func.func @global_pool_head(%x: tensor<2x3x4x4xf32>, %w: tensor<3x5xf32>) -> tensor<2x5xf32> {
  %g = bolt.pool2d avg nchw %x window [4, 4] strides [1, 1] padding [0, 0, 0, 0] : tensor<2x3x4x4xf32> -> tensor<2x3x1x1xf32>
  %flat = bolt.reshape %g : tensor<2x3x1x1xf32> -> tensor<2x3xf32>
  %y = bolt.gemm %flat, %w : tensor<2x3xf32>, tensor<3x5xf32> -> tensor<2x5xf32> {
  ^bb0(%acc: tensor<2x5xf32>):
    bolt.yield %acc : tensor<2x5xf32>
  }
  func.return %y : tensor<2x5xf32>
}

// -----

// A model input read twice: by the convolution (through the edge transpose) and by a residual
// add. The add reuses the edge transpose and runs in NHWC: one transpose in, one out.
// CHECK-LABEL: func.func @input_as_residual
// CHECK:         %[[IN:.+]] = bolt.transpose %x permutation [0, 2, 3, 1]
// CHECK:         %[[C:.+]] = bolt.conv2d nhwc %[[IN]]
// CHECK:         %[[A:.+]] = bolt.ew.add %[[IN]], %[[C]] : tensor<1x4x4x2xf32>, tensor<1x4x4x2xf32> -> tensor<1x4x4x2xf32>
// CHECK-NEXT:    %[[OUT:.+]] = bolt.transpose %[[A]] permutation [0, 3, 1, 2]
// CHECK-NEXT:    func.return %[[OUT]]
// CHECK-NOT:     bolt.transpose
func.func @input_as_residual(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = bolt.constant dense<1.0> : tensor<2x2x1x1xf32>
  %c = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x4x4xf32> {
  ^bb0(%acc: tensor<1x2x4x4xf32>):
    bolt.yield %acc : tensor<1x2x4x4xf32>
  }
  %a = bolt.ew.add %x, %c : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf32>
  func.return %a : tensor<1x2x4x4xf32>
}
