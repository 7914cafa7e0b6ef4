// RUN: boltc-opt %s -p plan-memory --split-input-file | filecheck %s

// A chain: the relu writes in place of the gemm result, which dies at it, and the reshape is
// a view of the same bytes. The returned value lives in the caller's output buffer: no offset.
// One 4x16 f32 tensor (256 bytes) is the whole arena.
// CHECK-LABEL: func.func @chain
// CHECK-SAME:    attributes {bolt.arena_size = 256 : i64}
// CHECK:         %[[G:.+]] = bolt.gemm %{{.+}}, %{{.+}} {bolt.arena_offset = [[A:[0-9]+]] : i64}
// CHECK:         %[[R:.+]] = bolt.ew.relu %[[G]] {bolt.arena_offset = [[A]] : i64}
// CHECK:         %[[V:.+]] = bolt.reshape %[[R]] {bolt.arena_offset = [[A]] : i64}
// CHECK:         %[[H:.+]] = bolt.gemm %[[V]], %{{.+}} :
// CHECK-NOT:     bolt.arena_offset
// CHECK:         func.return %[[H]]
func.func @chain(%a: tensor<4x8xf32>, %w: tensor<8x16xf32>, %w2: tensor<16x8xf32>) -> tensor<4x8xf32> {
  %g = bolt.gemm %a, %w : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32> {
  ^bb0(%acc: tensor<4x16xf32>):
    bolt.yield %acc : tensor<4x16xf32>
  }
  %r = bolt.ew.relu %g : tensor<4x16xf32> -> tensor<4x16xf32>
  %v = bolt.reshape %r : tensor<4x16xf32> -> tensor<4x16xf32>
  %h = bolt.gemm %v, %w2 : tensor<4x16xf32>, tensor<16x8xf32> -> tensor<4x8xf32> {
  ^bb0(%acc: tensor<4x8xf32>):
    bolt.yield %acc : tensor<4x8xf32>
  }
  func.return %h : tensor<4x8xf32>
}

// -----

// Refused in place: %g is read again later (by the add), so the relu needs its own bytes,
// and both are live together.
// CHECK-LABEL: func.func @still_read
// CHECK-SAME:    attributes {bolt.arena_size = 512 : i64}
// CHECK:         bolt.gemm {{.+}} {bolt.arena_offset = [[G:[0-9]+]] : i64}
// CHECK-NOT:     bolt.ew.relu {{.+}} {bolt.arena_offset = [[G]] : i64}
// CHECK:         bolt.ew.relu {{.+}} {bolt.arena_offset = {{[0-9]+}} : i64}
func.func @still_read(%a: tensor<4x8xf32>, %w: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %g = bolt.gemm %a, %w : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32> {
  ^bb0(%acc: tensor<4x16xf32>):
    bolt.yield %acc : tensor<4x16xf32>
  }
  %r = bolt.ew.relu %g : tensor<4x16xf32> -> tensor<4x16xf32>
  %s = bolt.ew.add %r, %g : tensor<4x16xf32>, tensor<4x16xf32> -> tensor<4x16xf32>
  func.return %s : tensor<4x16xf32>
}

// -----

// Refused in place: a cast to f16 is smaller, not the same type; inputs and weights never get
// offsets, and a function whose only op result is returned needs no arena.
// CHECK-LABEL: func.func @only_output
// CHECK-SAME:    attributes {bolt.arena_size = 0 : i64}
// CHECK-NOT:     bolt.arena_offset
func.func @only_output(%a: tensor<4x8xf32>) -> tensor<4x8xf16> {
  %c = bolt.ew.cast %a : tensor<4x8xf32> -> tensor<4x8xf16>
  func.return %c : tensor<4x8xf16>
}
