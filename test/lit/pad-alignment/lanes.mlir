// RUN: boltc-opt %s -p pad-alignment --split-input-file | filecheck %s

// What the padded lanes hold decides whether the next anchor may read them. sigmoid(0) = 0.5:
// the lanes are no longer zero, but they are finite, and the second weight's padded rows are
// zero, so 0.5 * 0 adds nothing: no slice/pad pair.
// CHECK-LABEL: func.func @sigmoid_between
// CHECK:         %[[H:.+]] = bolt.gemm %{{.+}}, %{{.+}} {transpose_b} : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16>
// CHECK:         %[[S:.+]] = bolt.ew.sigmoid %[[H]] : tensor<8x16xf16> -> tensor<8x16xf16>
// CHECK-NEXT:    %[[D:.+]] = bolt.gemm %[[S]], %{{.+}} {transpose_b} : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16>
// CHECK:         %[[OUT:.+]] = bolt.slice %[[D]] offsets [0, 0] strides [1, 1] : tensor<8x16xf16> -> tensor<8x11xf16>
// CHECK-NEXT:    func.return %[[OUT]]
func.func @sigmoid_between(%x: tensor<8x16xf16>) -> tensor<8x11xf16> {
  %w1 = bolt.constant dense<0.5> : tensor<13x16xf16>
  %w2 = bolt.constant dense<0.25> : tensor<11x13xf16>
  %h = bolt.gemm %x, %w1 {transpose_b} : tensor<8x16xf16>, tensor<13x16xf16> -> tensor<8x13xf16> {
  ^bb0(%acc: tensor<8x13xf32>):
    bolt.yield %acc : tensor<8x13xf32>
  }
  %s = bolt.ew.sigmoid %h : tensor<8x13xf16> -> tensor<8x13xf16>
  %d = bolt.gemm %s, %w2 {transpose_b} : tensor<8x13xf16>, tensor<11x13xf16> -> tensor<8x11xf16> {
  ^bb0(%acc: tensor<8x11xf32>):
    bolt.yield %acc : tensor<8x11xf32>
  }
  func.return %d : tensor<8x11xf16>
}

// -----

// 1 / 0 = inf in the padded lanes, and inf * 0 = NaN would reach every real output of the
// second GEMM: the lanes are zeroed first (the one place a slice/pad pair stays).
// CHECK-LABEL: func.func @reciprocal_between
// CHECK:         %[[H:.+]] = bolt.gemm %{{.+}}, %{{.+}} {transpose_b} : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16>
// CHECK:         %[[R:.+]] = bolt.ew.reciprocal %[[H]] : tensor<8x16xf16> -> tensor<8x16xf16>
// CHECK-NEXT:    %[[REAL:.+]] = bolt.slice %[[R]] offsets [0, 0] strides [1, 1] : tensor<8x16xf16> -> tensor<8x13xf16>
// CHECK-NEXT:    %[[ZEROED:.+]] = bolt.pad %[[REAL]] low [0, 0] high [0, 3] value 0.000000e+00 : tensor<8x13xf16> -> tensor<8x16xf16>
// CHECK-NEXT:    %[[D:.+]] = bolt.gemm %[[ZEROED]], %{{.+}} {transpose_b} : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16>
func.func @reciprocal_between(%x: tensor<8x16xf16>) -> tensor<8x11xf16> {
  %w1 = bolt.constant dense<0.5> : tensor<13x16xf16>
  %w2 = bolt.constant dense<0.25> : tensor<11x13xf16>
  %h = bolt.gemm %x, %w1 {transpose_b} : tensor<8x16xf16>, tensor<13x16xf16> -> tensor<8x13xf16> {
  ^bb0(%acc: tensor<8x13xf32>):
    bolt.yield %acc : tensor<8x13xf32>
  }
  %r = bolt.ew.reciprocal %h : tensor<8x13xf16> -> tensor<8x13xf16>
  %d = bolt.gemm %r, %w2 {transpose_b} : tensor<8x13xf16>, tensor<11x13xf16> -> tensor<8x11xf16> {
  ^bb0(%acc: tensor<8x11xf32>):
    bolt.yield %acc : tensor<8x11xf32>
  }
  func.return %d : tensor<8x11xf16>
}

// -----

// A per-channel divisor is padded with ones, not zeros: the lanes stay 0 / 1 = 0 and the next
// GEMM reads them directly.
// CHECK-LABEL: func.func @divide_by_channel
// CHECK:         %[[SCALE:.+]] = bolt.constant dense<[[4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00]]> : tensor<1x16xf32>
// CHECK:         %[[H:.+]] = bolt.gemm
// CHECK:         %[[Q:.+]] = bolt.ew.div %[[H]], %[[SCALE]] : tensor<8x16xf32>, tensor<1x16xf32> -> tensor<8x16xf32>
// CHECK-NEXT:    bolt.gemm %[[Q]], %{{.+}} {transpose_b} : tensor<8x16xf32>, tensor<12x16xf32> -> tensor<8x12xf32>
func.func @divide_by_channel(%x: tensor<8x16xf32>) -> tensor<8x11xf32> {
  %w1 = bolt.constant dense<0.5> : tensor<13x16xf32>
  %scale = bolt.constant dense<4.0> : tensor<1x13xf32>
  %w2 = bolt.constant dense<0.25> : tensor<11x13xf32>
  %h = bolt.gemm %x, %w1 {transpose_b} : tensor<8x16xf32>, tensor<13x16xf32> -> tensor<8x13xf32> {
  ^bb0(%acc: tensor<8x13xf32>):
    bolt.yield %acc : tensor<8x13xf32>
  }
  %q = bolt.ew.div %h, %scale : tensor<8x13xf32>, tensor<1x13xf32> -> tensor<8x13xf32>
  %d = bolt.gemm %q, %w2 {transpose_b} : tensor<8x13xf32>, tensor<11x13xf32> -> tensor<8x11xf32> {
  ^bb0(%acc: tensor<8x11xf32>):
    bolt.yield %acc : tensor<8x11xf32>
  }
  func.return %d : tensor<8x11xf32>
}
