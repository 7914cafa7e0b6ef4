// Running the pass on its own output changes nothing: the entry and exit casts, the casts
// around the f32 softmax and the f32 accumulators are all where a first run puts them.
// RUN: boltc-opt %s -p convert-precision -o %t.once.mlir
// RUN: boltc-opt %t.once.mlir -p convert-precision -o %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: filecheck %s < %t.once.mlir

// CHECK: bolt.softmax %{{.+}} : tensor<4x4xf32> -> tensor<4x4xf32>
// CHECK: bolt.gemm %{{.+}} : tensor<4x4xf16>, tensor<4x8xf16> -> tensor<4x8xf16>
func.func @attention(%q: tensor<4x8xf32>, %k: tensor<8x4xf32>, %v: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %s = bolt.gemm %q, %k : tensor<4x8xf32>, tensor<8x4xf32> -> tensor<4x4xf32> {
  ^bb0(%acc: tensor<4x4xf32>):
    bolt.yield %acc : tensor<4x4xf32>
  }
  %p = bolt.softmax %s axis 1 : tensor<4x4xf32> -> tensor<4x4xf32>
  %w = bolt.constant dense<0.5> : tensor<4x8xf32>
  %vw = bolt.ew.mul %v, %w : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  %o = bolt.gemm %p, %vw : tensor<4x4xf32>, tensor<4x8xf32> -> tensor<4x8xf32> {
  ^bb0(%acc: tensor<4x8xf32>):
    bolt.yield %acc : tensor<4x8xf32>
  }
  func.return %o : tensor<4x8xf32>
}
