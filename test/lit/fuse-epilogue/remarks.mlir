// Refusals are visible with remarks=true: one line per refused consumer, at the consumer's
// file:line:col, naming both ops and the reason; fused consumers and other users say nothing.
// Without the option the pass is silent.
// RUN: boltc-opt %s -p 'fuse-epilogue{remarks=true}' 2>&1 >/dev/null | filecheck %s
// RUN: boltc-opt %s -p fuse-epilogue 2>&1 >/dev/null | filecheck %s --check-prefix=QUIET --allow-empty

// CHECK:      remark: {{.*}}remarks.mlir:18:3: 'bolt.ew.gelu' not fused into 'bolt.gemm': the gemm result has 2 uses: the others would need it stored as well
// CHECK-NEXT: remark: {{.*}}remarks.mlir:25:3: 'bolt.softmax' not fused into 'bolt.conv2d': it normalizes over whole rows, which span output tiles; the epilogue sees one tile
// CHECK-NOT:  remark:
// QUIET-NOT:  remark
func.func @main(%a: tensor<8x4xf32>, %w: tensor<4x4xf32>, %x: tensor<1x2x4x4xf32>, %f: tensor<3x2x1x1xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<1x3x4x4xf32>) {
  %d = bolt.gemm %a, %w : tensor<8x4xf32>, tensor<4x4xf32> -> tensor<8x4xf32> {
  ^bb0(%acc: tensor<8x4xf32>):
    bolt.yield %acc : tensor<8x4xf32>
  }
  %r = bolt.ew.relu %d : tensor<8x4xf32> -> tensor<8x4xf32>
  %e = bolt.ew.exp %r : tensor<8x4xf32> -> tensor<8x4xf32>
  %g = bolt.ew.gelu erf %e : tensor<8x4xf32> -> tensor<8x4xf32>
  %y = bolt.conv2d nchw %x, %f strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32> -> tensor<1x3x4x4xf32> {
  ^bb0(%acc: tensor<1x3x4x4xf32>):
    bolt.yield %acc : tensor<1x3x4x4xf32>
  }
  %t = bolt.ew.tanh %y : tensor<1x3x4x4xf32> -> tensor<1x3x4x4xf32>
  %neg = bolt.ew.neg %t : tensor<1x3x4x4xf32> -> tensor<1x3x4x4xf32>
  %s = bolt.softmax %neg axis 1 : tensor<1x3x4x4xf32> -> tensor<1x3x4x4xf32>
  func.return %e, %g, %s : tensor<8x4xf32>, tensor<8x4xf32>, tensor<1x3x4x4xf32>
}
