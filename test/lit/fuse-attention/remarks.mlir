// With remarks=true each softmax-between-products left unfused is reported with its reason.
// RUN: boltc-opt %s -p 'fuse-attention{remarks=true}' 2>&1 >/dev/null | filecheck %s
// RUN: boltc-opt %s -p fuse-attention 2>&1 >/dev/null | filecheck %s --check-prefix=QUIET --allow-empty

// CHECK: remarks.mlir:[[# @LINE + 9]]:{{[0-9]+}}: attention not fused: the softmax is not over the last axis
// CHECK: remarks.mlir:[[# @LINE + 21]]:{{[0-9]+}}: attention not fused: the probabilities have another use
// QUIET-NOT: attention not fused
func.func @over_queries(%q: tensor<2x8x32xf32>, %k: tensor<2x8x32xf32>, %v: tensor<2x8x32xf32>) -> tensor<2x8x32xf32> {
  %s = bolt.gemm %q, %k {transpose_b} : tensor<2x8x32xf32>, tensor<2x8x32xf32> -> tensor<2x8x8xf32> {
  ^bb0(%acc: tensor<2x8x8xf32>):
    bolt.yield %acc : tensor<2x8x8xf32>
  }
  %p = bolt.softmax %s axis 1 : tensor<2x8x8xf32> -> tensor<2x8x8xf32>
  %o = bolt.gemm %p, %v : tensor<2x8x8xf32>, tensor<2x8x32xf32> -> tensor<2x8x32xf32> {
  ^bb0(%acc: tensor<2x8x32xf32>):
    bolt.yield %acc : tensor<2x8x32xf32>
  }
  func.return %o : tensor<2x8x32xf32>
}

func.func @weights_returned(%q: tensor<2x8x32xf32>, %k: tensor<2x8x32xf32>, %v: tensor<2x8x32xf32>) -> (tensor<2x8x32xf32>, tensor<2x8x8xf32>) {
  %s = bolt.gemm %q, %k {transpose_b} : tensor<2x8x32xf32>, tensor<2x8x32xf32> -> tensor<2x8x8xf32> {
  ^bb0(%acc: tensor<2x8x8xf32>):
    bolt.yield %acc : tensor<2x8x8xf32>
  }
  %p = bolt.softmax %s axis 2 : tensor<2x8x8xf32> -> tensor<2x8x8xf32>
  %o = bolt.gemm %p, %v : tensor<2x8x8xf32>, tensor<2x8x32xf32> -> tensor<2x8x32xf32> {
  ^bb0(%acc: tensor<2x8x32xf32>):
    bolt.yield %acc : tensor<2x8x32xf32>
  }
  func.return %o, %p : tensor<2x8x32xf32>, tensor<2x8x8xf32>
}
