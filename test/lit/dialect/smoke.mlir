// RUN: boltc-opt %s | filecheck %s
// RUN: boltc-opt %s --print-op-generic | boltc-opt | filecheck %s

// CHECK-LABEL: func.func @gemm_bias
// CHECK:         %[[D:.+]] = bolt.gemm %{{.+}}, %{{.+}} extras(%{{.+}} : tensor<16xf16>) : tensor<4x8xf16>, tensor<8x16xf16> -> tensor<4x16xf16> {
// CHECK-NEXT:    ^{{.+}}(%[[ACC:.+]]: tensor<4x16xf32>, %[[B:.+]]: tensor<16xf16>):
// CHECK-NEXT:      %[[C:.+]] = bolt.ew.cast %[[B]] : tensor<16xf16> -> tensor<16xf32>
// CHECK-NEXT:      %[[S:.+]] = bolt.ew.add %[[ACC]], %[[C]] : tensor<4x16xf32>, tensor<16xf32> -> tensor<4x16xf32>
// CHECK-NEXT:      bolt.yield %[[S]] : tensor<4x16xf32>
func.func @gemm_bias(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>, %bias: tensor<16xf16>) -> tensor<4x16xf16> {
  %0 = bolt.gemm %a, %b extras(%bias : tensor<16xf16>) : tensor<4x8xf16>, tensor<8x16xf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>, %bb: tensor<16xf16>):
    %1 = bolt.ew.cast %bb : tensor<16xf16> -> tensor<16xf32>
    %2 = bolt.ew.add %acc, %1 : tensor<4x16xf32>, tensor<16xf32> -> tensor<4x16xf32>
    bolt.yield %2 : tensor<4x16xf32>
  }
  func.return %0 : tensor<4x16xf16>
}
