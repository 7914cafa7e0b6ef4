// What fuse-epilogue must leave alone, and the remark that says why.
// RUN: boltc-opt %s -p fuse-epilogue --split-input-file | filecheck %s
// RUN: boltc-opt %s -p 'fuse-epilogue{remarks=true}' --split-input-file 2>&1 | filecheck %s --check-prefix=REMARK

// The plain GEMM result is returned too: fusing GELU would need the GEMM stored as well (or
// computed twice). The epilogue stays a plain store and GELU stays outside.
// CHECK-LABEL: func.func @multi_use_intermediate
// CHECK:         %[[D:[a-z0-9_]+]] = bolt.gemm
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<8x4xf32>):
// CHECK-NEXT:      bolt.yield %[[ACC]] : tensor<8x4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[G:[a-z0-9_]+]] = bolt.ew.gelu erf %[[D]]
// CHECK-NEXT:    func.return %[[D]], %[[G]]
// REMARK: remark: {{.*}}refuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.ew.gelu' not fused into 'bolt.gemm': the gemm result has 2 uses
func.func @multi_use_intermediate(%a: tensor<8x4xf32>, %w: tensor<4x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %d = bolt.gemm %a, %w : tensor<8x4xf32>, tensor<4x4xf32> -> tensor<8x4xf32> {
  ^bb0(%acc: tensor<8x4xf32>):
    bolt.yield %acc : tensor<8x4xf32>
  }
  %g = bolt.ew.gelu erf %d : tensor<8x4xf32> -> tensor<8x4xf32>
  func.return %d, %g : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// A chain that forks after its first op: the ReLU fuses, then its result has two users and
// neither of them does.
// CHECK-LABEL: func.func @fork_after_relu
// CHECK:         %[[D:[a-z0-9_]+]] = bolt.gemm
// CHECK:           bolt.ew.relu
// CHECK-NEXT:      bolt.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    bolt.ew.sigmoid %[[D]]
// CHECK-NEXT:    bolt.ew.tanh %[[D]]
// REMARK: 'bolt.ew.sigmoid' not fused into 'bolt.gemm': the gemm result has 2 uses
// REMARK: 'bolt.ew.tanh' not fused into 'bolt.gemm': the gemm result has 2 uses
func.func @fork_after_relu(%a: tensor<8x4xf32>, %w: tensor<4x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %d = bolt.gemm %a, %w : tensor<8x4xf32>, tensor<4x4xf32> -> tensor<8x4xf32> {
  ^bb0(%acc: tensor<8x4xf32>):
    bolt.yield %acc : tensor<8x4xf32>
  }
  %r = bolt.ew.relu %d : tensor<8x4xf32> -> tensor<8x4xf32>
  %s = bolt.ew.sigmoid %r : tensor<8x4xf32> -> tensor<8x4xf32>
  %t = bolt.ew.tanh %r : tensor<8x4xf32> -> tensor<8x4xf32>
  func.return %s, %t : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// The "residual" is larger than the GEMM's result: the add broadcasts the 1x16 result to 8x16,
// which is not an epilogue of the 1x16 GEMM. Same for a residual that adds a leading dimension.
// CHECK-LABEL: func.func @residual_of_another_shape
// CHECK:         %[[D:[a-z0-9_]+]] = bolt.gemm
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<1x16xf32>):
// CHECK-NEXT:      bolt.yield %[[ACC]] : tensor<1x16xf32>
// CHECK:         bolt.ew.add %[[D]], %{{[a-z0-9_]+}} : tensor<1x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
// CHECK:         %[[E:[a-z0-9_]+]] = bolt.gemm
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[ACC2:[a-z0-9_]+]]: tensor<8x16xf32>):
// CHECK-NEXT:      bolt.yield %[[ACC2]] : tensor<8x16xf32>
// CHECK:         bolt.ew.add %[[E]], %{{[a-z0-9_]+}} : tensor<8x16xf32>, tensor<2x8x16xf32> -> tensor<2x8x16xf32>
// REMARK: 'bolt.ew.add' not fused into 'bolt.gemm': another operand broadcasts the gemm result from 1x16 to 8x16
// REMARK: 'bolt.ew.add' not fused into 'bolt.gemm': another operand broadcasts the gemm result from 8x16 to 2x8x16
func.func @residual_of_another_shape(%a: tensor<1x8xf32>, %b: tensor<8x8xf32>, %w: tensor<8x16xf32>, %r: tensor<8x16xf32>, %r3: tensor<2x8x16xf32>) -> (tensor<8x16xf32>, tensor<2x8x16xf32>) {
  %d = bolt.gemm %a, %w : tensor<1x8xf32>, tensor<8x16xf32> -> tensor<1x16xf32> {
  ^bb0(%acc: tensor<1x16xf32>):
    bolt.yield %acc : tensor<1x16xf32>
  }
  %s = bolt.ew.add %d, %r : tensor<1x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %e = bolt.gemm %b, %w : tensor<8x8xf32>, tensor<8x16xf32> -> tensor<8x16xf32> {
  ^bb0(%acc: tensor<8x16xf32>):
    bolt.yield %acc : tensor<8x16xf32>
  }
  %t = bolt.ew.add %e, %r3 : tensor<8x16xf32>, tensor<2x8x16xf32> -> tensor<2x8x16xf32>
  func.return %s, %t : tensor<8x16xf32>, tensor<2x8x16xf32>
}

// -----

// Softmax, a reduction over the fused dimensions and a transpose are not elementwise: each
// output element depends on others, or lands elsewhere. All three stay outside.
// CHECK-LABEL: func.func @not_elementwise
// CHECK:           bolt.yield %{{[a-z0-9_]+}} : tensor<8x16xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    bolt.softmax
// CHECK:           bolt.yield %{{[a-z0-9_]+}} : tensor<8x16xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    bolt.reduce sum
// CHECK:           bolt.yield %{{[a-z0-9_]+}} : tensor<8x16xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    bolt.transpose
// CHECK-NOT:     bolt.ew
// REMARK: 'bolt.softmax' not fused into 'bolt.gemm': it normalizes over whole rows
// REMARK: 'bolt.reduce' not fused into 'bolt.gemm': a reduction combines elements across output tiles
// REMARK: 'bolt.transpose' not fused into 'bolt.gemm': it moves elements to other positions
func.func @not_elementwise(%a: tensor<8x8xf32>, %w: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<16xf32>, tensor<16x8xf32>) {
  %d0 = bolt.gemm %a, %w : tensor<8x8xf32>, tensor<8x16xf32> -> tensor<8x16xf32> {
  ^bb0(%acc: tensor<8x16xf32>):
    bolt.yield %acc : tensor<8x16xf32>
  }
  %s = bolt.softmax %d0 axis 1 : tensor<8x16xf32> -> tensor<8x16xf32>
  %d1 = bolt.gemm %a, %w : tensor<8x8xf32>, tensor<8x16xf32> -> tensor<8x16xf32> {
  ^bb0(%acc: tensor<8x16xf32>):
    bolt.yield %acc : tensor<8x16xf32>
  }
  %r = bolt.reduce sum %d1 dims [0] : tensor<8x16xf32> -> tensor<16xf32>
  %d2 = bolt.gemm %a, %w : tensor<8x8xf32>, tensor<8x16xf32> -> tensor<8x16xf32> {
  ^bb0(%acc: tensor<8x16xf32>):
    bolt.yield %acc : tensor<8x16xf32>
  }
  %t = bolt.transpose %d2 permutation [1, 0] : tensor<8x16xf32> -> tensor<16x8xf32>
  func.return %s, %r, %t : tensor<8x16xf32>, tensor<16xf32>, tensor<16x8xf32>
}

// -----

// An NCHW convolution's GEMM M is N*P*Q; an operand varying along H only (1x1x8x1) is a
// strided pattern inside M that no EVT load node reads. A per-channel one (1x6x1x1) fuses.
// CHECK-LABEL: func.func @conv_partial_mode_operand
// CHECK:         %[[Y:[a-z0-9_]+]] = bolt.conv2d nchw %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} extras(%{{[a-z0-9_]+}} : tensor<1x6x1x1xf32>)
// CHECK:           bolt.ew.mul
// CHECK-NEXT:      bolt.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    bolt.ew.add %[[Y]], %{{[a-z0-9_]+}} : tensor<2x6x8x8xf32>, tensor<1x1x8x1xf32>
// REMARK: 'bolt.ew.add' not fused into 'bolt.conv2d': an operand of shape [1, 1, 8, 1] varies along part of the output's M mode only
func.func @conv_partial_mode_operand(%x: tensor<2x4x8x8xf32>, %f: tensor<6x4x1x1xf32>, %scale: tensor<1x6x1x1xf32>, %rows: tensor<1x1x8x1xf32>) -> tensor<2x6x8x8xf32> {
  %y = bolt.conv2d nchw %x, %f strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x4x8x8xf32>, tensor<6x4x1x1xf32> -> tensor<2x6x8x8xf32> {
  ^bb0(%acc: tensor<2x6x8x8xf32>):
    bolt.yield %acc : tensor<2x6x8x8xf32>
  }
  %m = bolt.ew.mul %y, %scale : tensor<2x6x8x8xf32>, tensor<1x6x1x1xf32> -> tensor<2x6x8x8xf32>
  %s = bolt.ew.add %m, %rows : tensor<2x6x8x8xf32>, tensor<1x1x8x1xf32> -> tensor<2x6x8x8xf32>
  func.return %s : tensor<2x6x8x8xf32>
}

// -----

// Three full-size residuals: the first two become aux loads, the third would exceed the
// budget of two (analysis/fusion.py, MAX_AUX_LOADS) and stays a separate add.
// CHECK-LABEL: func.func @too_many_residuals
// CHECK:         %[[D:[a-z0-9_]+]] = bolt.gemm %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} extras(%[[R0:[a-z0-9_]+]], %[[R1:[a-z0-9_]+]] : tensor<8x4xf32>, tensor<8x4xf32>)
// CHECK:           bolt.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    bolt.ew.add %[[D]], %{{[a-z0-9_]+}} : tensor<8x4xf32>, tensor<8x4xf32>
// REMARK: 'bolt.ew.add' not fused into 'bolt.gemm': the epilogue would read 3 full-size operands (at most 2)
func.func @too_many_residuals(%a: tensor<8x4xf32>, %w: tensor<4x4xf32>, %r0: tensor<8x4xf32>, %r1: tensor<8x4xf32>, %r2: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %d = bolt.gemm %a, %w : tensor<8x4xf32>, tensor<4x4xf32> -> tensor<8x4xf32> {
  ^bb0(%acc: tensor<8x4xf32>):
    bolt.yield %acc : tensor<8x4xf32>
  }
  %s0 = bolt.ew.add %d, %r0 : tensor<8x4xf32>, tensor<8x4xf32> -> tensor<8x4xf32>
  %s1 = bolt.ew.add %s0, %r1 : tensor<8x4xf32>, tensor<8x4xf32> -> tensor<8x4xf32>
  %s2 = bolt.ew.add %s1, %r2 : tensor<8x4xf32>, tensor<8x4xf32> -> tensor<8x4xf32>
  func.return %s2 : tensor<8x4xf32>
}
