// RUN: boltc-opt %s | filecheck --match-full-lines %s
// RUN: boltc-opt %s | boltc-opt | filecheck --match-full-lines %s

// The f64 bounds of bolt.ew.clamp and the value of bolt.pad print an infinity in MLIR's hex form
// (0x7ff0...); xDSL 0.74's FloatAttr.parse_with_type read only decimal literals, so the custom
// form did not parse back (torch.clamp(x, min=0) imports with max = +inf). Fixed in
// boltc/_xdsl_patches.py.

// CHECK: func.func @clamp_min_only(%[[X:[a-z0-9_]+]]: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %[[Y:[a-z0-9_]+]] = bolt.ew.clamp %[[X]] min 0.000000e+00 max 0x7ff0000000000000 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<4xf32>
// CHECK-NEXT: }
func.func @clamp_min_only(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = "bolt.ew.clamp"(%x) <{min = 0.0 : f64, max = 0x7FF0000000000000 : f64}> : (tensor<4xf32>) -> tensor<4xf32>
  func.return %y : tensor<4xf32>
}

// CHECK: func.func @pad_neg_inf(%[[X:[a-z0-9_]+]]: tensor<4xf16>) -> tensor<6xf16> {
// CHECK-NEXT: %[[Y:[a-z0-9_]+]] = bolt.pad %[[X]] low [1] high [1] value 0xfff0000000000000 : tensor<4xf16> -> tensor<6xf16>
// CHECK-NEXT: func.return %[[Y]] : tensor<6xf16>
// CHECK-NEXT: }
func.func @pad_neg_inf(%x: tensor<4xf16>) -> tensor<6xf16> {
  %y = "bolt.pad"(%x) <{low = array<i64: 1>, high = array<i64: 1>, value = 0xFFF0000000000000 : f64}> : (tensor<4xf16>) -> tensor<6xf16>
  func.return %y : tensor<6xf16>
}
