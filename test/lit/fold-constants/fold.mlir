// RUN: boltc-opt %s -p fold-constants --split-input-file | filecheck %s

// Batch-norm's per-channel arithmetic on its statistics, as torch-mlir writes it: one constant
// 1 / sqrt(var + eps) in the [1, C, 1, 1] form, evaluated at compile time
// (1 / sqrt(3 + 1) = 0.5, 1 / sqrt(15 + 1) = 0.25, 1 / sqrt(0 + 1) = 1).
// CHECK-LABEL: func.func @batchnorm_statistics
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<2x3x4x4xf32>)
// CHECK-NEXT:    %[[S:.+]] = bolt.constant dense<{{\[\[\[\[}}5.000000e-01]], {{\[\[}}2.500000e-01]], {{\[\[}}1.000000e+00]]]]> : tensor<1x3x1x1xf32>
// CHECK-NEXT:    %[[Y:.+]] = bolt.ew.mul %[[X]], %[[S]]
// CHECK-NEXT:    func.return %[[Y]]
func.func @batchnorm_statistics(%x: tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32> {
  %var = bolt.constant dense<[3.0, 15.0, 0.0]> : tensor<3xf32>
  %eps = bolt.constant dense<1.0> : tensor<f32>
  %one = bolt.constant dense<1.0> : tensor<f32>
  %shifted = bolt.ew.add %var, %eps : tensor<3xf32>, tensor<f32> -> tensor<3xf32>
  %sigma = bolt.ew.sqrt %shifted : tensor<3xf32> -> tensor<3xf32>
  %rsigma = bolt.ew.div %one, %sigma : tensor<f32>, tensor<3xf32> -> tensor<3xf32>
  %vector = bolt.reshape %rsigma : tensor<3xf32> -> tensor<1x3x1x1xf32>
  %y = bolt.ew.mul %x, %vector : tensor<2x3x4x4xf32>, tensor<1x3x1x1xf32> -> tensor<2x3x4x4xf32>
  func.return %y : tensor<2x3x4x4xf32>
}

// -----

// Evaluated in the element type, as the reference executor does: 1 + 2^-11 is 1 in f16.
// CHECK-LABEL: func.func @rounds_like_the_op
// CHECK-NEXT:    %[[C:.+]] = bolt.constant dense<1.000000e+00> : tensor<2xf16>
// CHECK-NEXT:    func.return %[[C]]
func.func @rounds_like_the_op() -> tensor<2xf16> {
  %one = bolt.constant dense<1.0> : tensor<2xf16>
  %tiny = bolt.constant dense<0.00048828125> : tensor<f16>
  %sum = bolt.ew.add %one, %tiny : tensor<2xf16>, tensor<f16> -> tensor<2xf16>
  func.return %sum : tensor<2xf16>
}

// -----

// A weight padded and transposed by the model folds into one constant (printed as hex, as
// xDSL prints any constant of more than 100 elements).
// CHECK-LABEL: func.func @padded_transposed_weight
// CHECK:         %[[W:.+]] = bolt.constant dense<"0x0000803F00004040{{(0000003F)+}}00000040{{[0-9A-F]+}}"> : tensor<12x10xf32>
// CHECK-NEXT:    bolt.gemm %{{.+}}, %[[W]] :
// CHECK-NOT:     bolt.transpose
func.func @padded_transposed_weight(%a: tensor<4x12xf32>) -> tensor<4x10xf32> {
  %w = bolt.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %padded = bolt.pad %w low [0, 0] high [8, 10] value 0.5 : tensor<2x2xf32> -> tensor<10x12xf32>
  %t = bolt.transpose %padded permutation [1, 0] : tensor<10x12xf32> -> tensor<12x10xf32>
  %g = bolt.gemm %a, %t : tensor<4x12xf32>, tensor<12x10xf32> -> tensor<4x10xf32> {
  ^bb0(%acc: tensor<4x10xf32>):
    bolt.yield %acc : tensor<4x10xf32>
  }
  func.return %g : tensor<4x10xf32>
}

// -----

// Constants inside an epilogue fold there.
// CHECK-LABEL: func.func @in_epilogue
// CHECK:         ^bb0(%[[ACC:.+]]: tensor<4x8xf32>):
// CHECK-NEXT:      %[[C:.+]] = bolt.constant dense<6.000000e+00> : tensor<f32>
// CHECK-NEXT:      %[[Y:.+]] = bolt.ew.mul %[[ACC]], %[[C]]
// CHECK-NEXT:      bolt.yield %[[Y]]
func.func @in_epilogue(%a: tensor<4x16xf32>, %b: tensor<16x8xf32>) -> tensor<4x8xf32> {
  %g = bolt.gemm %a, %b : tensor<4x16xf32>, tensor<16x8xf32> -> tensor<4x8xf32> {
  ^bb0(%acc: tensor<4x8xf32>):
    %two = bolt.constant dense<2.0> : tensor<f32>
    %three = bolt.constant dense<3.0> : tensor<f32>
    %six = bolt.ew.mul %two, %three : tensor<f32>, tensor<f32> -> tensor<f32>
    %y = bolt.ew.mul %acc, %six : tensor<4x8xf32>, tensor<f32> -> tensor<4x8xf32>
    bolt.yield %y : tensor<4x8xf32>
  }
  func.return %g : tensor<4x8xf32>
}

// -----

// Refused: a per-channel bias broadcast to the activation's shape (8 -> 4096 elements) and a
// scalar broadcast to a large tensor stay broadcasts of constants: materialized, they would
// cost their full size in the model while the broadcast is free.
// CHECK-LABEL: func.func @broadcasts_stay
// CHECK:         %[[B:.+]] = bolt.constant dense<[1.000000e+00, {{.+}}]> : tensor<8xf32>
// CHECK:         bolt.broadcast %[[B]] dimensions [0, 2, 3] : tensor<8xf32> -> tensor<2x8x16x16xf32>
// CHECK:         %[[S:.+]] = bolt.constant dense<5.000000e-01> : tensor<f32>
// CHECK:         bolt.broadcast %[[S]] dimensions [0, 1] : tensor<f32> -> tensor<512x512xf32>
func.func @broadcasts_stay(%x: tensor<2x8x16x16xf32>) -> (tensor<2x8x16x16xf32>, tensor<512x512xf32>) {
  %b = bolt.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  %bb = bolt.broadcast %b dimensions [0, 2, 3] : tensor<8xf32> -> tensor<2x8x16x16xf32>
  %y = bolt.ew.add %x, %bb : tensor<2x8x16x16xf32>, tensor<2x8x16x16xf32> -> tensor<2x8x16x16xf32>
  %s = bolt.constant dense<0.5> : tensor<f32>
  %big = bolt.broadcast %s dimensions [0, 1] : tensor<f32> -> tensor<512x512xf32>
  func.return %y, %big : tensor<2x8x16x16xf32>, tensor<512x512xf32>
}

// -----

// Refused: an op with one operand that is not constant (the input) is computed at run time;
// its constant operand is folded as far as it goes.
// CHECK-LABEL: func.func @not_all_constant
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<3xf32>)
// CHECK-NEXT:    %[[C:.+]] = bolt.constant dense<4.000000e+00> : tensor<f32>
// CHECK-NEXT:    %[[Y:.+]] = bolt.ew.add %[[X]], %[[C]]
// CHECK-NEXT:    %[[Z:.+]] = bolt.ew.exp %[[Y]]
// CHECK-NEXT:    func.return %[[Z]]
func.func @not_all_constant(%x: tensor<3xf32>) -> tensor<3xf32> {
  %c = bolt.constant dense<16.0> : tensor<f32>
  %r = bolt.ew.sqrt %c : tensor<f32> -> tensor<f32>
  %y = bolt.ew.add %x, %r : tensor<3xf32>, tensor<f32> -> tensor<3xf32>
  %z = bolt.ew.exp %y : tensor<3xf32> -> tensor<3xf32>
  func.return %z : tensor<3xf32>
}
