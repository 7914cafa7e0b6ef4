// RUN: boltc-opt %s -p fuse-attention --split-input-file | filecheck %s

// Chains fuse-attention leaves alone: each keeps both products and its softmax.

// The softmax runs over the queries (axis 1), not the keys.
// CHECK-LABEL: func.func @softmax_over_queries
// CHECK:         bolt.gemm
// CHECK:         bolt.softmax %{{.+}} axis 1
// CHECK:         bolt.gemm
// CHECK-NOT:     bolt.attention
func.func @softmax_over_queries(%q: tensor<2x8x32xf32>, %k: tensor<2x8x32xf32>, %v: tensor<2x8x32xf32>) -> tensor<2x8x32xf32> {
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

// -----

// The probabilities are returned too (attention weights): they must reach memory.
// CHECK-LABEL: func.func @probabilities_returned
// CHECK:         bolt.softmax
// CHECK:         bolt.gemm
// CHECK-NOT:     bolt.attention
func.func @probabilities_returned(%q: tensor<2x8x32xf32>, %k: tensor<2x8x32xf32>, %v: tensor<2x8x32xf32>) -> (tensor<2x8x32xf32>, tensor<2x8x8xf32>) {
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

// -----

// An additive mask between the scores and the softmax: the kernels take none.
// CHECK-LABEL: func.func @additive_mask
// CHECK:         bolt.ew.add
// CHECK:         bolt.softmax
// CHECK:         bolt.gemm
// CHECK-NOT:     bolt.attention
func.func @additive_mask(%q: tensor<2x8x32xf32>, %k: tensor<2x8x32xf32>, %v: tensor<2x8x32xf32>, %mask: tensor<2x8x8xf32>) -> tensor<2x8x32xf32> {
  %s = bolt.gemm %q, %k {transpose_b} : tensor<2x8x32xf32>, tensor<2x8x32xf32> -> tensor<2x8x8xf32> {
  ^bb0(%acc: tensor<2x8x8xf32>):
    bolt.yield %acc : tensor<2x8x8xf32>
  }
  %m = bolt.ew.add %s, %mask : tensor<2x8x8xf32>, tensor<2x8x8xf32> -> tensor<2x8x8xf32>
  %p = bolt.softmax %m axis 2 : tensor<2x8x8xf32> -> tensor<2x8x8xf32>
  %o = bolt.gemm %p, %v : tensor<2x8x8xf32>, tensor<2x8x32xf32> -> tensor<2x8x32xf32> {
  ^bb0(%acc: tensor<2x8x32xf32>):
    bolt.yield %acc : tensor<2x8x32xf32>
  }
  func.return %o : tensor<2x8x32xf32>
}

// -----

// Scores scaled by a tensor, not one number.
// CHECK-LABEL: func.func @tensor_scale
// CHECK:         bolt.ew.mul
// CHECK:         bolt.softmax
// CHECK-NOT:     bolt.attention
func.func @tensor_scale(%q: tensor<2x8x32xf32>, %k: tensor<2x8x32xf32>, %v: tensor<2x8x32xf32>, %w: tensor<8xf32>) -> tensor<2x8x32xf32> {
  %s = bolt.gemm %q, %k {transpose_b} : tensor<2x8x32xf32>, tensor<2x8x32xf32> -> tensor<2x8x8xf32> {
  ^bb0(%acc: tensor<2x8x8xf32>):
    bolt.yield %acc : tensor<2x8x8xf32>
  }
  %t = bolt.ew.mul %s, %w : tensor<2x8x8xf32>, tensor<8xf32> -> tensor<2x8x8xf32>
  %p = bolt.softmax %t axis 2 : tensor<2x8x8xf32> -> tensor<2x8x8xf32>
  %o = bolt.gemm %p, %v : tensor<2x8x8xf32>, tensor<2x8x32xf32> -> tensor<2x8x32xf32> {
  ^bb0(%acc: tensor<2x8x32xf32>):
    bolt.yield %acc : tensor<2x8x32xf32>
  }
  func.return %o : tensor<2x8x32xf32>
}

// -----

// A head size of 6 (not a multiple of 4) and one of 160 (above 128): no kernel takes them.
// CHECK-LABEL: func.func @head_dim_6
// CHECK:         bolt.softmax
// CHECK-NOT:     bolt.attention
// CHECK-LABEL: func.func @head_dim_160
// CHECK:         bolt.softmax
// CHECK-NOT:     bolt.attention
func.func @head_dim_6(%q: tensor<2x8x6xf16>, %k: tensor<2x8x6xf16>, %v: tensor<2x8x6xf16>) -> tensor<2x8x6xf16> {
  %s = bolt.gemm %q, %k {transpose_b} : tensor<2x8x6xf16>, tensor<2x8x6xf16> -> tensor<2x8x8xf16> {
  ^bb0(%acc: tensor<2x8x8xf32>):
    bolt.yield %acc : tensor<2x8x8xf32>
  }
  %p = bolt.softmax %s axis 2 : tensor<2x8x8xf16> -> tensor<2x8x8xf16>
  %o = bolt.gemm %p, %v : tensor<2x8x8xf16>, tensor<2x8x6xf16> -> tensor<2x8x6xf16> {
  ^bb0(%acc: tensor<2x8x6xf32>):
    bolt.yield %acc : tensor<2x8x6xf32>
  }
  func.return %o : tensor<2x8x6xf16>
}
func.func @head_dim_160(%q: tensor<2x8x160xf16>, %k: tensor<2x8x160xf16>, %v: tensor<2x8x160xf16>) -> tensor<2x8x160xf16> {
  %s = bolt.gemm %q, %k {transpose_b} : tensor<2x8x160xf16>, tensor<2x8x160xf16> -> tensor<2x8x8xf16> {
  ^bb0(%acc: tensor<2x8x8xf32>):
    bolt.yield %acc : tensor<2x8x8xf32>
  }
  %p = bolt.softmax %s axis 2 : tensor<2x8x8xf16> -> tensor<2x8x8xf16>
  %o = bolt.gemm %p, %v : tensor<2x8x8xf16>, tensor<2x8x160xf16> -> tensor<2x8x160xf16> {
  ^bb0(%acc: tensor<2x8x160xf32>):
    bolt.yield %acc : tensor<2x8x160xf32>
  }
  func.return %o : tensor<2x8x160xf16>
}

// -----

// The second product has its own epilogue (a bias): fusing would drop it.
// CHECK-LABEL: func.func @second_product_epilogue
// CHECK:         bolt.softmax
// CHECK:         bolt.ew.add
// CHECK-NOT:     bolt.attention
func.func @second_product_epilogue(%q: tensor<2x8x32xf32>, %k: tensor<2x8x32xf32>, %v: tensor<2x8x32xf32>, %b: tensor<32xf32>) -> tensor<2x8x32xf32> {
  %s = bolt.gemm %q, %k {transpose_b} : tensor<2x8x32xf32>, tensor<2x8x32xf32> -> tensor<2x8x8xf32> {
  ^bb0(%acc: tensor<2x8x8xf32>):
    bolt.yield %acc : tensor<2x8x8xf32>
  }
  %p = bolt.softmax %s axis 2 : tensor<2x8x8xf32> -> tensor<2x8x8xf32>
  %o = bolt.gemm %p, %v extras(%b : tensor<32xf32>) : tensor<2x8x8xf32>, tensor<2x8x32xf32> -> tensor<2x8x32xf32> {
  ^bb0(%acc: tensor<2x8x32xf32>, %bias: tensor<32xf32>):
    %y = bolt.ew.add %acc, %bias : tensor<2x8x32xf32>, tensor<32xf32> -> tensor<2x8x32xf32>
    bolt.yield %y : tensor<2x8x32xf32>
  }
  func.return %o : tensor<2x8x32xf32>
}
