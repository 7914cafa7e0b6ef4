// The ops that keep fp32 compute (softmax, layer-norm, sum and mean reductions), with casts
// around them; max and min reductions select an element exactly and are demoted.
// RUN: boltc-opt %s -p convert-precision --split-input-file | filecheck %s

// The scores leave the first GEMM in f16, are widened for softmax, and the probabilities are
// rounded to f16 for the second GEMM.
// CHECK-LABEL: func.func @attention
// CHECK:         %[[S:.+]] = bolt.gemm {{.+}} -> tensor<4x4xf16>
// CHECK:         %[[S32:.+]] = bolt.ew.cast %[[S]] : tensor<4x4xf16> -> tensor<4x4xf32>
// CHECK-NEXT:    %[[P:.+]] = bolt.softmax %[[S32]] axis 1 : tensor<4x4xf32> -> tensor<4x4xf32>
// CHECK-NEXT:    %[[P16:.+]] = bolt.ew.cast %[[P]] : tensor<4x4xf32> -> tensor<4x4xf16>
// CHECK-NEXT:    %[[O:.+]] = bolt.gemm %[[P16]], %{{.+}} : tensor<4x4xf16>, tensor<4x8xf16> -> tensor<4x8xf16>
func.func @attention(%q: tensor<4x8xf32>, %k: tensor<8x4xf32>, %v: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %s = bolt.gemm %q, %k : tensor<4x8xf32>, tensor<8x4xf32> -> tensor<4x4xf32> {
  ^bb0(%acc: tensor<4x4xf32>):
    bolt.yield %acc : tensor<4x4xf32>
  }
  %p = bolt.softmax %s axis 1 : tensor<4x4xf32> -> tensor<4x4xf32>
  %o = bolt.gemm %p, %v : tensor<4x4xf32>, tensor<4x8xf32> -> tensor<4x8xf32> {
  ^bb0(%acc: tensor<4x8xf32>):
    bolt.yield %acc : tensor<4x8xf32>
  }
  func.return %o : tensor<4x8xf32>
}

// -----

// Layer-norm keeps its f32 gamma and beta; its result goes straight to the return, so no
// cast follows it.
// CHECK-LABEL: func.func @layernorm
// CHECK-DAG:     %[[G:.+]] = bolt.constant dense<{{.+}}> : tensor<3xf32>
// CHECK-DAG:     %[[B:.+]] = bolt.constant dense<{{.+}}> : tensor<3xf32>
// CHECK:         %[[R:.+]] = bolt.ew.relu %{{.+}} : tensor<2x3xf16> -> tensor<2x3xf16>
// CHECK-NEXT:    %[[R32:.+]] = bolt.ew.cast %[[R]] : tensor<2x3xf16> -> tensor<2x3xf32>
// CHECK-NEXT:    %[[N:.+]] = bolt.layernorm %[[R32]] gamma %[[G]] : tensor<3xf32> beta %[[B]] : tensor<3xf32> axis 1
// CHECK-NEXT:    func.return %[[N]] : tensor<2x3xf32>
func.func @layernorm(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %g = bolt.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = bolt.constant dense<[0.1, 0.2, 0.3]> : tensor<3xf32>
  %r = bolt.ew.relu %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %n = bolt.layernorm %r gamma %g : tensor<3xf32> beta %b : tensor<3xf32> axis 1 epsilon 1.0e-05 : tensor<2x3xf32> -> tensor<2x3xf32>
  func.return %n : tensor<2x3xf32>
}

// -----

// sum stays f32 (its range grows with the count), max is demoted (it is exact).
// CHECK-LABEL: func.func @reductions
// CHECK:         %[[E:.+]] = bolt.ew.exp %{{.+}} : tensor<2x64xf16> -> tensor<2x64xf16>
// CHECK-DAG:     %[[E32:.+]] = bolt.ew.cast %[[E]] : tensor<2x64xf16> -> tensor<2x64xf32>
// CHECK-DAG:     %[[SUM:.+]] = bolt.reduce sum %[[E32]] dims [1] : tensor<2x64xf32> -> tensor<2xf32>
// CHECK-DAG:     %[[MAX:.+]] = bolt.reduce max %[[E]] dims [1] : tensor<2x64xf16> -> tensor<2xf16>
// CHECK-DAG:     %[[SUM16:.+]] = bolt.ew.cast %[[SUM]] : tensor<2xf32> -> tensor<2xf16>
// CHECK:         bolt.ew.div %[[MAX]], %[[SUM16]] : tensor<2xf16>, tensor<2xf16> -> tensor<2xf16>
func.func @reductions(%x: tensor<2x64xf32>) -> tensor<2xf32> {
  %e = bolt.ew.exp %x : tensor<2x64xf32> -> tensor<2x64xf32>
  %s = bolt.reduce sum %e dims [1] : tensor<2x64xf32> -> tensor<2xf32>
  %m = bolt.reduce max %e dims [1] : tensor<2x64xf32> -> tensor<2xf32>
  %r = bolt.ew.div %m, %s : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
