// A named op whose inputs cannot convert to its output's element type (f16 and bf16 have the
// same width: neither is wider) is a parse error at the op, not an internal error.
// RUN: not boltc %s --emit imported 2>&1 | filecheck %s
// CHECK: mixed_precision_errors.mlir:10:3: error: cannot convert f16 to bf16 (same width, neither is wider): a named linalg op converts its inputs to its output's element type
// CHECK-NOT: Traceback
func.func @f16_into_bf16(%a: tensor<3x8xf16>, %b: tensor<8x5xf16>) -> tensor<3x5xbf16> {
  %z = arith.constant 0.0 : bf16
  %e = tensor.empty() : tensor<3x5xbf16>
  %f = linalg.fill ins(%z : bf16) outs(%e : tensor<3x5xbf16>) -> tensor<3x5xbf16>
  %0 = linalg.matmul ins(%a, %b : tensor<3x8xf16>, tensor<8x5xf16>) outs(%f : tensor<3x5xbf16>) -> tensor<3x5xbf16>
  func.return %0 : tensor<3x5xbf16>
}
