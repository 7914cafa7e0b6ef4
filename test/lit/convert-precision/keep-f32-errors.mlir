// keep-f32 refusals: a selector that names nothing, an unknown bolt op, and an op whose
// tensor-core kernel takes f16 or bf16 only (located at the op, not silent tf32).
// RUN: not boltc-opt %s -p 'convert-precision{keep-f32="Missing_1"}' 2>&1 | filecheck %s --check-prefix=NOTHING
// RUN: not boltc-opt %s -p 'convert-precision{keep-f32="bolt.ew.nope"}' 2>&1 | filecheck %s --check-prefix=UNKNOWN
// RUN: not boltc-opt %s -p 'convert-precision{keep-f32="bolt.gemm"}' 2>&1 | filecheck %s --check-prefix=GEMM
// RUN: not boltc-opt %s -p 'convert-precision{keep-f32="Gemm_0"}' 2>&1 | filecheck %s --check-prefix=NODE
// RUN: not boltc-opt %s -p 'convert-precision{keep-f32="other.mlir:9"}' 2>&1 | filecheck %s --check-prefix=LINE

// NOTHING: error: convert-precision: keep-f32 'Missing_1' (graph node) matches no op of the model
// NOTHING-NOT: Traceback
// UNKNOWN: error: convert-precision: keep-f32 names 'bolt.ew.nope', which is no bolt op (bolt ops: {{.*}}bolt.ew.exp,
// GEMM: error: 'bolt.gemm': cannot be kept in f32 (keep-f32 'bolt.gemm'): its tensor-core kernels take f16 or bf16 inputs only, and f32 operands would silently run as tf32
// GEMM-NOT: Traceback
// NODE: model.mlir:9:7: node 'Gemm_0': error: 'bolt.gemm': cannot be kept in f32 (keep-f32 'Gemm_0')
// The line matches, the file does not.
// LINE: error: convert-precision: keep-f32 'other.mlir:9' (location) matches no op
func.func @f(%x: tensor<2x4xf32>, %w: tensor<4x4xf32>) -> tensor<2x4xf32> {
  %g = bolt.gemm %x, %w : tensor<2x4xf32>, tensor<4x4xf32> -> tensor<2x4xf32> {
  ^bb0(%acc: tensor<2x4xf32>):
    bolt.yield %acc : tensor<2x4xf32>
  } loc("Gemm_0"("model.mlir":9:7))
  %e = bolt.ew.exp %g : tensor<2x4xf32> -> tensor<2x4xf32>
  func.return %e : tensor<2x4xf32>
}
