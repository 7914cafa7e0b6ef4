// A Linear on a 3-D input, as the exporters write it: collapse to 2-D, GEMM, expand back,
// then the bias, activation and residual on the expanded [B, S, N] result. A reshape is a
// view, so those ops compute in the GEMM's [B*S, N] shape and fuse into its epilogue.
// RUN: boltc-opt %s -p fuse-epilogue --split-input-file | filecheck %s

// The bias over the last dim reads the same elements in both views: it is an extra as it
// is, GELU follows it into the region, one reshape is left after the GEMM.
// CHECK-LABEL: func.func @linear_bias_gelu
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<2x8x16xf32>, %[[W:[a-z0-9_]+]]: tensor<16x32xf32>, %[[B:[a-z0-9_]+]]: tensor<32xf32>)
// CHECK-NEXT:    %[[X2:[a-z0-9_]+]] = bolt.reshape %[[X]] : tensor<2x8x16xf32> -> tensor<16x16xf32>
// CHECK-NEXT:    %[[D:[a-z0-9_]+]] = bolt.gemm %[[X2]], %[[W]] extras(%[[B]] : tensor<32xf32>) : tensor<16x16xf32>, tensor<16x32xf32> -> tensor<16x32xf32> {
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<16x32xf32>, %[[BIAS:[a-z0-9_]+]]: tensor<32xf32>):
// CHECK-NEXT:      %[[S:[a-z0-9_]+]] = bolt.ew.add %[[ACC]], %[[BIAS]] : tensor<16x32xf32>, tensor<32xf32> -> tensor<16x32xf32>
// CHECK-NEXT:      %[[G:[a-z0-9_]+]] = bolt.ew.gelu erf %[[S]] : tensor<16x32xf32> -> tensor<16x32xf32>
// CHECK-NEXT:      bolt.yield %[[G]] : tensor<16x32xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[Y:[a-z0-9_]+]] = bolt.reshape %[[D]] : tensor<16x32xf32> -> tensor<2x8x32xf32>
// CHECK-NEXT:    func.return %[[Y]]
func.func @linear_bias_gelu(%x: tensor<2x8x16xf32>, %w: tensor<16x32xf32>, %b: tensor<32xf32>) -> tensor<2x8x32xf32> {
  %x2 = bolt.reshape %x : tensor<2x8x16xf32> -> tensor<16x16xf32>
  %d = bolt.gemm %x2, %w : tensor<16x16xf32>, tensor<16x32xf32> -> tensor<16x32xf32> {
  ^bb0(%acc: tensor<16x32xf32>):
    bolt.yield %acc : tensor<16x32xf32>
  }
  %d3 = bolt.reshape %d : tensor<16x32xf32> -> tensor<2x8x32xf32>
  %s = bolt.ew.add %d3, %b : tensor<2x8x32xf32>, tensor<32xf32> -> tensor<2x8x32xf32>
  %g = bolt.ew.gelu erf %s : tensor<2x8x32xf32> -> tensor<2x8x32xf32>
  func.return %g : tensor<2x8x32xf32>
}

// -----

// A bias written over the heads and their width ([H, D] = [4, 8] against an output split as
// [B, S, H, D]) is the GEMM's N = 32 regrouped: it is read as a [32] row; with leading 1s
// stripped. The residual of the full expanded shape is read through a reshape to [16, 32].
// CHECK-LABEL: func.func @head_bias_residual
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<16x16xf32>, %[[W:[a-z0-9_]+]]: tensor<16x32xf32>, %[[B:[a-z0-9_]+]]: tensor<1x4x8xf32>, %[[R:[a-z0-9_]+]]: tensor<2x8x4x8xf32>)
// CHECK-DAG:     %[[B32:[a-z0-9_]+]] = bolt.reshape %[[B]] : tensor<1x4x8xf32> -> tensor<32xf32>
// CHECK-DAG:     %[[R2:[a-z0-9_]+]] = bolt.reshape %[[R]] : tensor<2x8x4x8xf32> -> tensor<16x32xf32>
// CHECK:         %[[D:[a-z0-9_]+]] = bolt.gemm %[[X]], %[[W]] extras(%[[B32]], %[[R2]] : tensor<32xf32>, tensor<16x32xf32>)
// CHECK:           bolt.ew.add {{.*}} : tensor<16x32xf32>, tensor<32xf32> -> tensor<16x32xf32>
// CHECK:           bolt.ew.add {{.*}} : tensor<16x32xf32>, tensor<16x32xf32> -> tensor<16x32xf32>
// CHECK:         bolt.reshape %[[D]] : tensor<16x32xf32> -> tensor<2x8x4x8xf32>
// CHECK-NOT:     bolt.ew
func.func @head_bias_residual(%x: tensor<16x16xf32>, %w: tensor<16x32xf32>, %b: tensor<1x4x8xf32>, %r: tensor<2x8x4x8xf32>) -> tensor<2x8x4x8xf32> {
  %d = bolt.gemm %x, %w : tensor<16x16xf32>, tensor<16x32xf32> -> tensor<16x32xf32> {
  ^bb0(%acc: tensor<16x32xf32>):
    bolt.yield %acc : tensor<16x32xf32>
  }
  %d4 = bolt.reshape %d : tensor<16x32xf32> -> tensor<2x8x4x8xf32>
  %s = bolt.ew.add %d4, %b : tensor<2x8x4x8xf32>, tensor<1x4x8xf32> -> tensor<2x8x4x8xf32>
  %t = bolt.ew.add %r, %s : tensor<2x8x4x8xf32>, tensor<2x8x4x8xf32> -> tensor<2x8x4x8xf32>
  func.return %t : tensor<2x8x4x8xf32>
}

// -----

// A bias over the sequence and the features ([S, N] = [8, 32]) reads element (flat index mod
// 256); the GEMM's [16, 32] view ends in blocks of 32 and 512, never 256, so no operand of
// the 2-D epilogue reads the same elements. Refused: the add stays after the reshape.
// CHECK-LABEL: func.func @position_bias_refused
// CHECK:         %[[D:[a-z0-9_]+]] = bolt.gemm
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<16x32xf32>):
// CHECK-NEXT:      bolt.yield %[[ACC]] : tensor<16x32xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[D3:[a-z0-9_]+]] = bolt.reshape %[[D]] : tensor<16x32xf32> -> tensor<2x8x32xf32>
// CHECK-NEXT:    bolt.ew.add %[[D3]], %{{.*}} : tensor<2x8x32xf32>, tensor<8x32xf32> -> tensor<2x8x32xf32>
func.func @position_bias_refused(%x: tensor<16x16xf32>, %w: tensor<16x32xf32>, %p: tensor<8x32xf32>) -> tensor<2x8x32xf32> {
  %d = bolt.gemm %x, %w : tensor<16x16xf32>, tensor<16x32xf32> -> tensor<16x32xf32> {
  ^bb0(%acc: tensor<16x32xf32>):
    bolt.yield %acc : tensor<16x32xf32>
  }
  %d3 = bolt.reshape %d : tensor<16x32xf32> -> tensor<2x8x32xf32>
  %s = bolt.ew.add %d3, %p : tensor<2x8x32xf32>, tensor<8x32xf32> -> tensor<2x8x32xf32>
  func.return %s : tensor<2x8x32xf32>
}

// -----

// A bias over the last dim, but the reshape splits that dim ([16, 32] -> [2, 8, 4, 8]) and
// the bias has a size-1 dim inside the block ([4, 1]): no row of the GEMM reads it. Refused.
// CHECK-LABEL: func.func @broadcast_inside_block_refused
// CHECK:         bolt.gemm
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<16x32xf32>):
// CHECK-NEXT:      bolt.yield %[[ACC]] : tensor<16x32xf32>
// CHECK:         bolt.ew.add {{.*}} : tensor<2x8x4x8xf32>, tensor<4x1xf32> -> tensor<2x8x4x8xf32>
func.func @broadcast_inside_block_refused(%x: tensor<16x16xf32>, %w: tensor<16x32xf32>, %b: tensor<4x1xf32>) -> tensor<2x8x4x8xf32> {
  %d = bolt.gemm %x, %w : tensor<16x16xf32>, tensor<16x32xf32> -> tensor<16x32xf32> {
  ^bb0(%acc: tensor<16x32xf32>):
    bolt.yield %acc : tensor<16x32xf32>
  }
  %d4 = bolt.reshape %d : tensor<16x32xf32> -> tensor<2x8x4x8xf32>
  %s = bolt.ew.add %d4, %b : tensor<2x8x4x8xf32>, tensor<4x1xf32> -> tensor<2x8x4x8xf32>
  func.return %s : tensor<2x8x4x8xf32>
}

// -----

// A bottleneck's residual add: the main path is a GEMM (a pointwise conv after conv-as-gemm)
// expanded back to NHWC, the shortcut a strided convolution read as it is. The add fuses
// into the convolution, which it reads in its own shape, and is not moved to the GEMM's
// shape (from where it would be moved back, forever).
// CHECK-LABEL: func.func @gemm_plus_conv_shortcut
// CHECK:         %[[G:[a-z0-9_]+]] = bolt.gemm
// CHECK:         %[[G4:[a-z0-9_]+]] = bolt.reshape %[[G]] : tensor<8x16xf32> -> tensor<2x2x2x16xf32>
// CHECK:         %[[C:[a-z0-9_]+]] = bolt.conv2d nhwc {{.*}} extras(%[[G4]] : tensor<2x2x2x16xf32>)
// CHECK:           bolt.ew.add
// CHECK:           bolt.ew.relu
// CHECK:         func.return %[[C]]
func.func @gemm_plus_conv_shortcut(%a: tensor<8x8xf32>, %w: tensor<16x8xf32>, %x: tensor<2x4x4x8xf32>, %f: tensor<16x1x1x8xf32>) -> tensor<2x2x2x16xf32> {
  %g = bolt.gemm %a, %w {transpose_b} : tensor<8x8xf32>, tensor<16x8xf32> -> tensor<8x16xf32> {
  ^bb0(%acc: tensor<8x16xf32>):
    bolt.yield %acc : tensor<8x16xf32>
  }
  %g4 = bolt.reshape %g : tensor<8x16xf32> -> tensor<2x2x2x16xf32>
  %c = bolt.conv2d nhwc %x, %f strides [2, 2] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x4x4x8xf32>, tensor<16x1x1x8xf32> -> tensor<2x2x2x16xf32> {
  ^bb0(%acc: tensor<2x2x2x16xf32>):
    bolt.yield %acc : tensor<2x2x2x16xf32>
  }
  %s = bolt.ew.add %g4, %c : tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32> -> tensor<2x2x2x16xf32>
  %r = bolt.ew.relu %s : tensor<2x2x2x16xf32> -> tensor<2x2x2x16xf32>
  func.return %r : tensor<2x2x2x16xf32>
}

// -----

// A residual block's add: the expand GEMM's reshaped result plus the block's input, itself a
// convolution's result that the next block reads too. The convolution cannot take the add
// (two users), so the add moves to the GEMM's shape and fuses there; the block input is read
// through a reshape.
// CHECK-LABEL: func.func @residual_from_shared_conv
// CHECK:         %[[C:[a-z0-9_]+]] = bolt.conv2d
// CHECK:         %[[R:[a-z0-9_]+]] = bolt.reshape %[[C]] : tensor<2x2x2x16xf32> -> tensor<8x16xf32>
// CHECK:         %[[G:[a-z0-9_]+]] = bolt.gemm {{.*}} extras(%[[R]] : tensor<8x16xf32>)
// CHECK:           bolt.ew.add
// CHECK:           bolt.ew.relu
// CHECK:         %[[G4:[a-z0-9_]+]] = bolt.reshape %[[G]] : tensor<8x16xf32> -> tensor<2x2x2x16xf32>
// CHECK:         func.return %[[G4]], %[[C]]
func.func @residual_from_shared_conv(%a: tensor<8x8xf32>, %w: tensor<16x8xf32>, %x: tensor<2x4x4x8xf32>, %f: tensor<16x1x1x8xf32>) -> (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) {
  %c = bolt.conv2d nhwc %x, %f strides [2, 2] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x4x4x8xf32>, tensor<16x1x1x8xf32> -> tensor<2x2x2x16xf32> {
  ^bb0(%acc: tensor<2x2x2x16xf32>):
    bolt.yield %acc : tensor<2x2x2x16xf32>
  }
  %g = bolt.gemm %a, %w {transpose_b} : tensor<8x8xf32>, tensor<16x8xf32> -> tensor<8x16xf32> {
  ^bb0(%acc: tensor<8x16xf32>):
    bolt.yield %acc : tensor<8x16xf32>
  }
  %g4 = bolt.reshape %g : tensor<8x16xf32> -> tensor<2x2x2x16xf32>
  %s = bolt.ew.add %g4, %c : tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32> -> tensor<2x2x2x16xf32>
  %r = bolt.ew.relu %s : tensor<2x2x2x16xf32> -> tensor<2x2x2x16xf32>
  func.return %r, %c : tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>
}

// -----

// Two GEMMs read through reshapes (a bottleneck whose projection shortcut is pointwise too):
// the add joins the later one, whose epilogue reads the earlier's result.
// CHECK-LABEL: func.func @two_reshaped_gemms
// CHECK:         %[[P:[a-z0-9_]+]] = bolt.gemm %{{.*}}, %{{.*}} {transpose_b} : tensor<8x8xf32>, tensor<16x8xf32> -> tensor<8x16xf32> {
// CHECK:         %[[E:[a-z0-9_]+]] = bolt.gemm %{{.*}}, %{{.*}} extras(%{{.*}} : tensor<8x16xf32>) {transpose_b} : tensor<8x4xf32>
// CHECK:           bolt.ew.add
// CHECK-NOT:     bolt.ew
// CHECK:         bolt.reshape %[[E]] : tensor<8x16xf32> -> tensor<2x2x2x16xf32>
func.func @two_reshaped_gemms(%a: tensor<8x8xf32>, %w: tensor<16x8xf32>, %b: tensor<8x4xf32>, %v: tensor<16x4xf32>) -> tensor<2x2x2x16xf32> {
  %p = bolt.gemm %a, %w {transpose_b} : tensor<8x8xf32>, tensor<16x8xf32> -> tensor<8x16xf32> {
  ^bb0(%acc: tensor<8x16xf32>):
    bolt.yield %acc : tensor<8x16xf32>
  }
  %p4 = bolt.reshape %p : tensor<8x16xf32> -> tensor<2x2x2x16xf32>
  %e = bolt.gemm %b, %v {transpose_b} : tensor<8x4xf32>, tensor<16x4xf32> -> tensor<8x16xf32> {
  ^bb0(%acc: tensor<8x16xf32>):
    bolt.yield %acc : tensor<8x16xf32>
  }
  %e4 = bolt.reshape %e : tensor<8x16xf32> -> tensor<2x2x2x16xf32>
  %s = bolt.ew.add %e4, %p4 : tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32> -> tensor<2x2x2x16xf32>
  func.return %s : tensor<2x2x2x16xf32>
}
