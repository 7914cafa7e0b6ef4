// RUN: boltc-opt %s -p bolt-canonicalize --split-input-file | filecheck %s

// Ops that compute their input: reshapes and transposes that cancel, casts to the same type,
// x * 1 and x + 0 in every spelling, slices and pads that keep everything. The ops they made
// dead go too.
// CHECK-LABEL: func.func @identities
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<2x3x4xf32>, %[[H:[a-z0-9_]+]]: tensor<2x3x4xf16>)
// CHECK-NEXT:    %[[R:.+]] = bolt.reshape %[[X]] : tensor<2x3x4xf32> -> tensor<6x4xf32>
// CHECK-NEXT:    func.return %[[X]], %[[X]], %[[H]], %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[R]]
func.func @identities(%x: tensor<2x3x4xf32>, %h: tensor<2x3x4xf16>)
    -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf16>, tensor<2x3x4xf32>, tensor<2x3x4xf32>,
        tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<6x4xf32>) {
  %r1 = bolt.reshape %x : tensor<2x3x4xf32> -> tensor<24xf32>
  %r2 = bolt.reshape %r1 : tensor<24xf32> -> tensor<2x3x4xf32>
  %t1 = bolt.transpose %x permutation [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %t2 = bolt.transpose %t1 permutation [1, 2, 0] : tensor<4x2x3xf32> -> tensor<2x3x4xf32>
  %wide = bolt.ew.cast %h : tensor<2x3x4xf16> -> tensor<2x3x4xf32>
  %back = bolt.ew.cast %wide : tensor<2x3x4xf32> -> tensor<2x3x4xf16>
  %same = bolt.ew.cast %x : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  %one = bolt.constant dense<1.0> : tensor<f32>
  %zero = bolt.constant dense<0.0> : tensor<1x1x4xf32>
  %m = bolt.ew.mul %one, %x : tensor<f32>, tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  %a = bolt.ew.add %zero, %x : tensor<1x1x4xf32>, tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  %s = bolt.ew.sub %x, %zero : tensor<2x3x4xf32>, tensor<1x1x4xf32> -> tensor<2x3x4xf32>
  %d = bolt.ew.div %x, %one : tensor<2x3x4xf32>, tensor<f32> -> tensor<2x3x4xf32>
  %sl = bolt.slice %x offsets [0, 0, 0] strides [1, 1, 1] : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  %p = bolt.pad %x low [0, 0, 0] high [0, 0, 0] value 3.0 : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  %r3 = bolt.reshape %x : tensor<2x3x4xf32> -> tensor<24xf32>
  %r4 = bolt.reshape %r3 : tensor<24xf32> -> tensor<6x4xf32>
  %dead = bolt.ew.relu %x : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  func.return %r2, %t2, %back, %same, %m, %a, %s, %d, %sl, %r4
      : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf16>, tensor<2x3x4xf32>, tensor<2x3x4xf32>,
        tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<6x4xf32>
}

// -----

// Not identities, left alone: a zero that widens x (the result is 3x4, not 4), 0 - x
// (sub does not commute), x * 2, x * [1, 2, 1, 1] (not one number), f32 -> f16 -> f32
// (the first cast rounds), a slice that starts at 1, a pad that adds a row.
// CHECK-LABEL: func.func @not_identities
// CHECK:         bolt.ew.add %{{.+}}, %{{.+}} : tensor<4xf32>, tensor<3x4xf32> -> tensor<3x4xf32>
// CHECK:         bolt.ew.sub %{{.+}}, %{{.+}} : tensor<f32>, tensor<4xf32> -> tensor<4xf32>
// CHECK:         bolt.ew.mul %{{.+}}, %{{.+}} : tensor<4xf32>, tensor<f32> -> tensor<4xf32>
// CHECK:         bolt.ew.mul %{{.+}}, %{{.+}} : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK:         bolt.ew.cast %{{.+}} : tensor<4xf32> -> tensor<4xf16>
// CHECK-NEXT:    bolt.ew.cast %{{.+}} : tensor<4xf16> -> tensor<4xf32>
// CHECK:         bolt.slice %{{.+}} offsets [1] strides [1] : tensor<4xf32> -> tensor<3xf32>
// CHECK:         bolt.pad %{{.+}} low [0] high [1] value 0.000000e+00 : tensor<4xf32> -> tensor<5xf32>
func.func @not_identities(%x: tensor<4xf32>)
    -> (tensor<3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3xf32>, tensor<5xf32>) {
  %zeros = bolt.constant dense<0.0> : tensor<3x4xf32>
  %zero = bolt.constant dense<0.0> : tensor<f32>
  %two = bolt.constant dense<2.0> : tensor<f32>
  %mixed = bolt.constant dense<[1.0, 2.0, 1.0, 1.0]> : tensor<4xf32>
  %wide = bolt.ew.add %x, %zeros : tensor<4xf32>, tensor<3x4xf32> -> tensor<3x4xf32>
  %neg = bolt.ew.sub %zero, %x : tensor<f32>, tensor<4xf32> -> tensor<4xf32>
  %twice = bolt.ew.mul %x, %two : tensor<4xf32>, tensor<f32> -> tensor<4xf32>
  %scaled = bolt.ew.mul %x, %mixed : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %narrow = bolt.ew.cast %x : tensor<4xf32> -> tensor<4xf16>
  %rounded = bolt.ew.cast %narrow : tensor<4xf16> -> tensor<4xf32>
  %tail = bolt.slice %x offsets [1] strides [1] : tensor<4xf32> -> tensor<3xf32>
  %grown = bolt.pad %x low [0] high [1] value 0.0 : tensor<4xf32> -> tensor<5xf32>
  func.return %wide, %neg, %twice, %scaled, %rounded, %tail, %grown
      : tensor<3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3xf32>, tensor<5xf32>
}

// -----

// A widening cast then a narrowing one to a third type rounds once either way: one cast.
// CHECK-LABEL: func.func @cast_through_f32
// CHECK-SAME:    (%[[H:[a-z0-9_]+]]: tensor<8xf16>)
// CHECK-NEXT:    %[[C:.+]] = bolt.ew.cast %[[H]] : tensor<8xf16> -> tensor<8xbf16>
// CHECK-NEXT:    func.return %[[C]]
func.func @cast_through_f32(%h: tensor<8xf16>) -> tensor<8xbf16> {
  %w = bolt.ew.cast %h : tensor<8xf16> -> tensor<8xf32>
  %b = bolt.ew.cast %w : tensor<8xf32> -> tensor<8xbf16>
  func.return %b : tensor<8xbf16>
}
