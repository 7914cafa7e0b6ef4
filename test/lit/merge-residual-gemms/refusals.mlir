// merge-residual-gemms leaves a pair alone where merging would not pay or is not the same sum;
// each refusal is a remark under remarks=true.
// RUN: boltc-opt %s -p 'merge-residual-gemms{remarks=true}' --split-input-file 2>%t | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK < %t

// N = 64 is not wider than K1 + K2 = 128: the concatenation would move more than it saves.
// REMARK: remark: {{.*}}refusals.mlir:[[# @LINE + 11]]:{{[0-9]+}}: 'bolt.gemm' not merged with the GEMM of its residual: N = 64 is not wider than K1 + K2 = 128
// CHECK-LABEL: func.func @narrow
// CHECK-COUNT-2: bolt.gemm
// CHECK-NOT:     bolt.concat
func.func @narrow(%x: tensor<32x64xf16>, %s: tensor<32x64xf16>) -> tensor<32x64xf16> {
  %w1 = bolt.constant dense<1.000000e+00> : tensor<64x64xf16>
  %r = bolt.gemm %s, %w1 {transpose_b} : tensor<32x64xf16>, tensor<64x64xf16> -> tensor<32x64xf16> {
  ^bb0(%acc: tensor<32x64xf32>):
    bolt.yield %acc : tensor<32x64xf32>
  }
  %w2 = bolt.constant dense<1.000000e+00> : tensor<64x64xf16>
  %y = bolt.gemm %x, %w2 extras(%r : tensor<32x64xf16>) {transpose_b} : tensor<32x64xf16>, tensor<64x64xf16> -> tensor<32x64xf16> {
  ^bb0(%acc: tensor<32x64xf32>, %res: tensor<32x64xf16>):
    %rf = bolt.ew.cast %res : tensor<32x64xf16> -> tensor<32x64xf32>
    %u = bolt.ew.add %acc, %rf : tensor<32x64xf32>, tensor<32x64xf32> -> tensor<32x64xf32>
    bolt.yield %u : tensor<32x64xf32>
  }
  func.return %y : tensor<32x64xf16>
}

// -----

// The residual is also returned: it is stored anyway.
// REMARK: remark: {{.*}}refusals.mlir:[[# @LINE + 10]]:{{[0-9]+}}: 'bolt.gemm' not merged with the GEMM of its residual: the residual GEMM's result has other users
// CHECK-LABEL: func.func @returned
// CHECK-COUNT-2: bolt.gemm
func.func @returned(%x: tensor<32x8xf16>, %s: tensor<32x8xf16>) -> (tensor<32x48xf16>, tensor<32x48xf16>) {
  %w1 = bolt.constant dense<1.000000e+00> : tensor<48x8xf16>
  %r = bolt.gemm %s, %w1 {transpose_b} : tensor<32x8xf16>, tensor<48x8xf16> -> tensor<32x48xf16> {
  ^bb0(%acc: tensor<32x48xf32>):
    bolt.yield %acc : tensor<32x48xf32>
  }
  %w2 = bolt.constant dense<1.000000e+00> : tensor<48x8xf16>
  %y = bolt.gemm %x, %w2 extras(%r : tensor<32x48xf16>) {transpose_b} : tensor<32x8xf16>, tensor<48x8xf16> -> tensor<32x48xf16> {
  ^bb0(%acc: tensor<32x48xf32>, %res: tensor<32x48xf16>):
    %rf = bolt.ew.cast %res : tensor<32x48xf16> -> tensor<32x48xf32>
    %u = bolt.ew.add %acc, %rf : tensor<32x48xf32>, tensor<32x48xf32> -> tensor<32x48xf32>
    bolt.yield %u : tensor<32x48xf32>
  }
  func.return %y, %r : tensor<32x48xf16>, tensor<32x48xf16>
}

// -----

// The residual GEMM applies a relu: relu(a1 w1) is not a term of one sum over K.
// REMARK: remark: {{.*}}refusals.mlir:[[# @LINE + 11]]:{{[0-9]+}}: 'bolt.gemm' not merged with the GEMM of its residual: the residual GEMM's epilogue is not its accumulator plus a term free of it
// CHECK-LABEL: func.func @activated
// CHECK-COUNT-2: bolt.gemm
func.func @activated(%x: tensor<32x8xf16>, %s: tensor<32x8xf16>) -> tensor<32x48xf16> {
  %w1 = bolt.constant dense<1.000000e+00> : tensor<48x8xf16>
  %r = bolt.gemm %s, %w1 {transpose_b} : tensor<32x8xf16>, tensor<48x8xf16> -> tensor<32x48xf16> {
  ^bb0(%acc: tensor<32x48xf32>):
    %a = bolt.ew.relu %acc : tensor<32x48xf32> -> tensor<32x48xf32>
    bolt.yield %a : tensor<32x48xf32>
  }
  %w2 = bolt.constant dense<1.000000e+00> : tensor<48x8xf16>
  %y = bolt.gemm %x, %w2 extras(%r : tensor<32x48xf16>) {transpose_b} : tensor<32x8xf16>, tensor<48x8xf16> -> tensor<32x48xf16> {
  ^bb0(%acc: tensor<32x48xf32>, %res: tensor<32x48xf16>):
    %rf = bolt.ew.cast %res : tensor<32x48xf16> -> tensor<32x48xf32>
    %u = bolt.ew.add %acc, %rf : tensor<32x48xf32>, tensor<32x48xf32> -> tensor<32x48xf32>
    bolt.yield %u : tensor<32x48xf32>
  }
  func.return %y : tensor<32x48xf16>
}

// -----

// The residual is multiplied, not added.
// REMARK: remark: {{.*}}refusals.mlir:[[# @LINE + 10]]:{{[0-9]+}}: 'bolt.gemm' not merged with the GEMM of its residual: the epilogue does not add the residual once
// CHECK-LABEL: func.func @scaled
// CHECK-COUNT-2: bolt.gemm
func.func @scaled(%x: tensor<32x8xf16>, %s: tensor<32x8xf16>) -> tensor<32x48xf16> {
  %w1 = bolt.constant dense<1.000000e+00> : tensor<48x8xf16>
  %r = bolt.gemm %s, %w1 {transpose_b} : tensor<32x8xf16>, tensor<48x8xf16> -> tensor<32x48xf16> {
  ^bb0(%acc: tensor<32x48xf32>):
    bolt.yield %acc : tensor<32x48xf32>
  }
  %w2 = bolt.constant dense<1.000000e+00> : tensor<48x8xf16>
  %y = bolt.gemm %x, %w2 extras(%r : tensor<32x48xf16>) {transpose_b} : tensor<32x8xf16>, tensor<48x8xf16> -> tensor<32x48xf16> {
  ^bb0(%acc: tensor<32x48xf32>, %res: tensor<32x48xf16>):
    %rf = bolt.ew.cast %res : tensor<32x48xf16> -> tensor<32x48xf32>
    %u = bolt.ew.mul %acc, %rf : tensor<32x48xf32>, tensor<32x48xf32> -> tensor<32x48xf32>
    bolt.yield %u : tensor<32x48xf32>
  }
  func.return %y : tensor<32x48xf16>
}

// -----

// A filter that is a function argument: the joined filter cannot be built at compile time.
// REMARK: remark: {{.*}}refusals.mlir:[[# @LINE + 9]]:{{[0-9]+}}: 'bolt.gemm' not merged with the GEMM of its residual: a filter is not a constant
// CHECK-LABEL: func.func @input_filter
// CHECK-COUNT-2: bolt.gemm
func.func @input_filter(%x: tensor<32x8xf16>, %s: tensor<32x8xf16>, %w1: tensor<48x8xf16>) -> tensor<32x48xf16> {
  %r = bolt.gemm %s, %w1 {transpose_b} : tensor<32x8xf16>, tensor<48x8xf16> -> tensor<32x48xf16> {
  ^bb0(%acc: tensor<32x48xf32>):
    bolt.yield %acc : tensor<32x48xf32>
  }
  %w2 = bolt.constant dense<1.000000e+00> : tensor<48x8xf16>
  %y = bolt.gemm %x, %w2 extras(%r : tensor<32x48xf16>) {transpose_b} : tensor<32x8xf16>, tensor<48x8xf16> -> tensor<32x48xf16> {
  ^bb0(%acc: tensor<32x48xf32>, %res: tensor<32x48xf16>):
    %rf = bolt.ew.cast %res : tensor<32x48xf16> -> tensor<32x48xf32>
    %u = bolt.ew.add %acc, %rf : tensor<32x48xf32>, tensor<32x48xf32> -> tensor<32x48xf32>
    bolt.yield %u : tensor<32x48xf32>
  }
  func.return %y : tensor<32x48xf16>
}
