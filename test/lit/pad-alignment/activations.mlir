// RUN: boltc-opt %s -p pad-alignment --split-input-file | filecheck %s

// A GEMM between two activations has no weight to pad at compile time: its operands are padded
// at run time, and only where the kernels cannot read them (cp.async copies at least 4 bytes:
// an odd length of f16 is unreadable). K = 13: both operands get zeros up to 16 (0 * 0 adds
// nothing); N = 10 is readable (two f16 a time) and stays.
// CHECK-LABEL: func.func @odd_k
// CHECK-DAG:     %[[B:.+]] = bolt.pad %b low [0, 0] high [3, 0] value 0.000000e+00 : tensor<13x10xf16> -> tensor<16x10xf16>
// CHECK-DAG:     %[[A:.+]] = bolt.pad %a low [0, 0] high [0, 3] value 0.000000e+00 : tensor<4x13xf16> -> tensor<4x16xf16>
// CHECK:         %[[G:.+]] = bolt.gemm %[[A]], %[[B]] : tensor<4x16xf16>, tensor<16x10xf16> -> tensor<4x10xf16>
// CHECK-NOT:     bolt.slice
// CHECK:         func.return %[[G]]
func.func @odd_k(%a: tensor<4x13xf16>, %b: tensor<13x10xf16>) -> tensor<4x10xf16> {
  %g = bolt.gemm %a, %b : tensor<4x13xf16>, tensor<13x10xf16> -> tensor<4x10xf16> {
  ^bb0(%acc: tensor<4x10xf32>):
    bolt.yield %acc : tensor<4x10xf32>
  }
  func.return %g : tensor<4x10xf16>
}

// -----

// torch.bmm over an odd sequence length (test/data/ops/batch_matmul.mlir): B's N = 5 padded
// to 8, the result trimmed back.
// CHECK-LABEL: func.func @odd_n_batched
// CHECK:         %[[B:.+]] = bolt.pad %b low [0, 0, 0] high [0, 0, 3] value 0.000000e+00 : tensor<2x8x5xf16> -> tensor<2x8x8xf16>
// CHECK-NEXT:    %[[G:.+]] = bolt.gemm %a, %[[B]] : tensor<2x3x8xf16>, tensor<2x8x8xf16> -> tensor<2x3x8xf16>
// CHECK:         %[[T:.+]] = bolt.slice %[[G]] offsets [0, 0, 0] strides [1, 1, 1] : tensor<2x3x8xf16> -> tensor<2x3x5xf16>
// CHECK-NEXT:    func.return %[[T]]
func.func @odd_n_batched(%a: tensor<2x3x8xf16>, %b: tensor<2x8x5xf16>) -> tensor<2x3x5xf16> {
  %g = bolt.gemm %a, %b : tensor<2x3x8xf16>, tensor<2x8x5xf16> -> tensor<2x3x5xf16> {
  ^bb0(%acc: tensor<2x3x5xf32>):
    bolt.yield %acc : tensor<2x3x5xf32>
  }
  func.return %g : tensor<2x3x5xf16>
}

// -----

// Narrow but readable (K = 6, N = 10 in f16; anything in f32): no copies at run time.
// CHECK-LABEL: func.func @readable
// CHECK-NOT:     bolt.pad
// CHECK:         bolt.gemm %a, %b : tensor<4x6xf16>, tensor<6x10xf16> -> tensor<4x10xf16>
// CHECK:         bolt.gemm %c, %d : tensor<4x13xf32>, tensor<13x5xf32> -> tensor<4x5xf32>
// CHECK-NOT:     bolt.slice
func.func @readable(%a: tensor<4x6xf16>, %b: tensor<6x10xf16>, %c: tensor<4x13xf32>, %d: tensor<13x5xf32>) -> (tensor<4x10xf16>, tensor<4x5xf32>) {
  %g = bolt.gemm %a, %b : tensor<4x6xf16>, tensor<6x10xf16> -> tensor<4x10xf16> {
  ^bb0(%acc: tensor<4x10xf32>):
    bolt.yield %acc : tensor<4x10xf32>
  }
  %h = bolt.gemm %c, %d : tensor<4x13xf32>, tensor<13x5xf32> -> tensor<4x5xf32> {
  ^bb0(%acc: tensor<4x5xf32>):
    bolt.yield %acc : tensor<4x5xf32>
  }
  func.return %g, %h : tensor<4x10xf16>, tensor<4x5xf32>
}
