// What convert-precision leaves alone, and how the IR around it stays correct.
// RUN: boltc-opt %s -p convert-precision --split-input-file | filecheck %s

// A model already in f16 is left as is: its f16 softmax too (the user chose it), and no
// cast appears anywhere.
// CHECK-LABEL: func.func @already_f16
// CHECK-NOT:     bolt.ew.cast
// CHECK:         bolt.gemm %{{.+}}, %{{.+}} : tensor<4x8xf16>, tensor<8x4xf16> -> tensor<4x4xf16>
// CHECK-NEXT:    ^{{.+}}(%{{.+}}: tensor<4x4xf32>):
// CHECK:         bolt.softmax %{{.+}} axis 1 : tensor<4x4xf16> -> tensor<4x4xf16>
// CHECK-NOT:     bolt.ew.cast
// CHECK:         func.return %{{.+}} : tensor<4x4xf16>
func.func @already_f16(%q: tensor<4x8xf16>, %k: tensor<8x4xf16>) -> tensor<4x4xf16> {
  %s = bolt.gemm %q, %k : tensor<4x8xf16>, tensor<8x4xf16> -> tensor<4x4xf16> {
  ^bb0(%acc: tensor<4x4xf32>):
    bolt.yield %acc : tensor<4x4xf32>
  }
  %p = bolt.softmax %s axis 1 : tensor<4x4xf16> -> tensor<4x4xf16>
  func.return %p : tensor<4x4xf16>
}

// -----

// A b2b kernel would need both of its anchors retyped at once (fuse-b2b runs later in the
// pipeline): it stays in f32, fed by a cast of the demoted relu, and its result goes to the
// return as it is.
// CHECK-LABEL: func.func @b2b_stays_f32
// CHECK:         %[[R:.+]] = bolt.ew.relu %{{.+}} : tensor<8x4xf16> -> tensor<8x4xf16>
// CHECK-NEXT:    %[[R32:.+]] = bolt.ew.cast %[[R]] : tensor<8x4xf16> -> tensor<8x4xf32>
// CHECK-NEXT:    %[[D:.+]] = bolt.b2b registers(%[[R32]], %{{.+}}, %{{.+}}) : (tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
// CHECK:           bolt.gemm {{.+}} : tensor<8x4xf32>, tensor<4x4xf32> -> tensor<8x4xf32>
// CHECK:           bolt.gemm {{.+}} : tensor<8x4xf32>, tensor<4x4xf32> -> tensor<8x4xf32>
// CHECK:         func.return %[[D]] : tensor<8x4xf32>
func.func @b2b_stays_f32(%x: tensor<8x4xf32>, %w0: tensor<4x4xf32>, %w1: tensor<4x4xf32>) -> tensor<8x4xf32> {
  %r = bolt.ew.relu %x : tensor<8x4xf32> -> tensor<8x4xf32>
  %d = bolt.b2b registers (%r, %w0, %w1) : (tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32> {
  ^bb0(%a: tensor<8x4xf32>, %f0: tensor<4x4xf32>, %f1: tensor<4x4xf32>):
    %h = bolt.gemm %a, %f0 : tensor<8x4xf32>, tensor<4x4xf32> -> tensor<8x4xf32> {
    ^bb0(%acc: tensor<8x4xf32>):
      bolt.yield %acc : tensor<8x4xf32>
    }
    %o = bolt.gemm %h, %f1 : tensor<8x4xf32>, tensor<4x4xf32> -> tensor<8x4xf32> {
    ^bb0(%acc: tensor<8x4xf32>):
      bolt.yield %acc : tensor<8x4xf32>
    }
    bolt.yield %o : tensor<8x4xf32>
  }
  func.return %d : tensor<8x4xf32>
}

// -----

// An op of another dialect keeps its types: the call still passes and returns f32, with casts
// on both sides; the callee is converted on its own, behind its unchanged signature.
// CHECK-LABEL: func.func @callee
// CHECK-NEXT:    %[[IN:.+]] = bolt.ew.cast %{{.+}} : tensor<4xf32> -> tensor<4xf16>
// CHECK-NEXT:    %[[T:.+]] = bolt.ew.tanh %[[IN]] : tensor<4xf16> -> tensor<4xf16>
// CHECK-NEXT:    %[[OUT:.+]] = bolt.ew.cast %[[T]] : tensor<4xf16> -> tensor<4xf32>
// CHECK-NEXT:    func.return %[[OUT]] : tensor<4xf32>
// CHECK-LABEL: func.func @caller
// CHECK:         %[[E:.+]] = bolt.ew.exp %{{.+}} : tensor<4xf16> -> tensor<4xf16>
// CHECK-NEXT:    %[[E32:.+]] = bolt.ew.cast %[[E]] : tensor<4xf16> -> tensor<4xf32>
// CHECK-NEXT:    %[[C:.+]] = func.call @callee(%[[E32]]) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[C16:.+]] = bolt.ew.cast %[[C]] : tensor<4xf32> -> tensor<4xf16>
// CHECK-NEXT:    bolt.ew.neg %[[C16]] : tensor<4xf16> -> tensor<4xf16>
func.func @callee(%x: tensor<4xf32>) -> tensor<4xf32> {
  %t = bolt.ew.tanh %x : tensor<4xf32> -> tensor<4xf32>
  func.return %t : tensor<4xf32>
}
func.func @caller(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = bolt.ew.exp %x : tensor<4xf32> -> tensor<4xf32>
  %c = func.call @callee(%e) : (tensor<4xf32>) -> tensor<4xf32>
  %n = bolt.ew.neg %c : tensor<4xf32> -> tensor<4xf32>
  func.return %n : tensor<4xf32>
}
