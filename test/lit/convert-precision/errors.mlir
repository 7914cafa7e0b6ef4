// An unknown dtype is refused with a message that names the option's choices.
// RUN: not boltc-opt %s -p 'convert-precision{dtype=f8}' 2>&1 | filecheck %s
// RUN: not boltc-opt %s -p 'convert-precision{dtype=fp16}' 2>&1 | filecheck %s --check-prefix=FP16

// CHECK: error: convert-precision: unknown dtype 'f8' (expected one of: f16, bf16)
// CHECK-NOT: Traceback
// FP16: error: convert-precision: unknown dtype 'fp16' (expected one of: f16, bf16)
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %t = bolt.ew.tanh %x : tensor<4xf32> -> tensor<4xf32>
  func.return %t : tensor<4xf32>
}
