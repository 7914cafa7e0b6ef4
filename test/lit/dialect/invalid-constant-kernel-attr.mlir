// RUN: boltc-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck --match-full-lines %s

// Verifier failures of bolt.constant, #bolt.kernel, bolt.yield and the enum attributes.
// --verify-diagnostics exits 0 and prints each chunk's diagnostic in place of failing, so the
// check line in each chunk is the test: the whole diagnostic line boltc-opt prints for it.

// CHECK: bolt.constant: the result has unsupported element type i32 (supported: f32, f16, bf16)
func.func @constant_i32() -> tensor<4xi32> {
  %c = bolt.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  func.return %c : tensor<4xi32>
}

// -----

// CHECK: bolt.constant: the result has unsupported element type f64 (supported: f32, f16, bf16)
func.func @constant_f64() -> tensor<2xf64> {
  %c = bolt.constant dense<[1.0, 2.0]> : tensor<2xf64>
  func.return %c : tensor<2xf64>
}

// -----

// The generic form can give the result another type than the value's.
// CHECK: bolt.constant: value type tensor<4xf32> differs from result type tensor<4xf16>
func.func @constant_type_mismatch() -> tensor<4xf16> {
  %c = "bolt.constant"() <{value = dense<1.0> : tensor<4xf32>}> : () -> tensor<4xf16>
  func.return %c : tensor<4xf16>
}

// -----

// CHECK: bolt.constant: value type tensor<4xf32> differs from result type tensor<2x2xf32>
func.func @constant_shape_mismatch() -> tensor<2x2xf32> {
  %c = "bolt.constant"() <{value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>}> : () -> tensor<2x2xf32>
  func.return %c : tensor<2x2xf32>
}

// -----

// CHECK: bolt.constant: the result has unsupported element type i8 (supported: f32, f16, bf16)
func.func @constant_resource_i8() -> tensor<4xi8> {
  %c = bolt.constant dense_resource<blob> : tensor<4xi8>
  func.return %c : tensor<4xi8>
}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x0100000001020304"
    }
  }
#-}

// -----

// A scalar float attribute is not an elements attribute.
// CHECK: bolt.constant expects a dense or dense_resource value, got 1.000000e+00 : f32
func.func @constant_not_dense() -> tensor<f32> {
  %c = bolt.constant 1.0 : f32
  func.return %c : tensor<f32>
}

// -----

// A vector constant: bolt works on tensors only.
// CHECK: result 'result' at position 0 does not verify:
// CHECK-NEXT: vector<4xf32> should be of base attribute tensor
func.func @constant_vector() -> vector<4xf32> {
  %c = bolt.constant dense<1.0> : vector<4xf32>
  func.return %c : vector<4xf32>
}

// -----

// CHECK: #bolt.kernel: tile and cluster need three sizes (M, N, K)
func.func @kernel_two_tile_sizes(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b {kernel = #bolt.kernel<"gemm_sm90", tile [128, 128], cluster [1, 1, 1], stages 4, "cooperative">} : tensor<4x8xf16>, tensor<8x16xf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>):
    bolt.yield %acc : tensor<4x16xf32>
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// CHECK: #bolt.kernel: tile and cluster need three sizes (M, N, K)
func.func @kernel_four_cluster_sizes(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b {kernel = #bolt.kernel<"gemm_sm90", tile [128, 128, 64], cluster [1, 1, 1, 1], stages 4, "cooperative">} : tensor<4x8xf16>, tensor<8x16xf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>):
    bolt.yield %acc : tensor<4x16xf32>
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// CHECK: #bolt.kernel: tile, cluster and stages must be positive (or stages auto)
func.func @kernel_zero_stages(%x: tensor<1x8x8x8xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<1x16x6x6xf16> {
  %y = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 {kernel = #bolt.kernel<"conv2d_fprop_sm80", tile [128, 64, 32], cluster [1, 1, 1], stages 0, "analytic">} : tensor<1x8x8x8xf16>, tensor<16x8x3x3xf16> -> tensor<1x16x6x6xf16> {
  ^bb0(%acc: tensor<1x16x6x6xf32>):
    bolt.yield %acc : tensor<1x16x6x6xf32>
  }
  func.return %y : tensor<1x16x6x6xf16>
}

// -----

// CHECK: #bolt.kernel: tile, cluster and stages must be positive (or stages auto)
func.func @kernel_negative_tile(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b {kernel = #bolt.kernel<"gemm_sm90", tile [128, -128, 64], cluster [1, 1, 1], stages 4, "cooperative">} : tensor<4x8xf16>, tensor<8x16xf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>):
    bolt.yield %acc : tensor<4x16xf32>
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// CHECK: Expected 'tile'
func.func @kernel_missing_keyword(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b {kernel = #bolt.kernel<"gemm_sm90", [128, 128, 64], cluster [1, 1, 1], stages 4, "cooperative">} : tensor<4x8xf16>, tensor<8x16xf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>):
    bolt.yield %acc : tensor<4x16xf32>
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// The kernel choice is a #bolt.kernel, not a name.
// CHECK: "gemm_sm90" should be of base attribute bolt.kernel
func.func @kernel_as_string(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b {kernel = "gemm_sm90"} : tensor<4x8xf16>, tensor<8x16xf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>):
    bolt.yield %acc : tensor<4x16xf32>
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// bolt.yield ends anchor and b2b bodies only.
// CHECK: bolt.yield: must terminate the region of bolt.gemm, bolt.conv2d, bolt.b2b or bolt.conv_pool
func.func @yield_outside_anchor(%x: tensor<4xf32>) -> tensor<4xf32> {
  bolt.yield %x : tensor<4xf32>
}

// -----

// transpose_a is a unit attribute.
// CHECK: true should be of base attribute unit
func.func @gemm_transpose_flag_bool(%a: tensor<8x4xf16>, %b: tensor<8x16xf16>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b {transpose_a = true} : tensor<8x4xf16>, tensor<8x16xf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>):
    bolt.yield %acc : tensor<4x16xf32>
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// Enum attributes spelled in full still check their case.
// CHECK: Expected `sum`, `mean`, `max`, or `min`.
func.func @reduce_kind_generic(%x: tensor<4xf32>) -> tensor<f32> {
  %r = "bolt.reduce"(%x) <{kind = #bolt<reduce_kind avg>, dims = array<i64: 0>}> : (tensor<4xf32>) -> tensor<f32>
  func.return %r : tensor<f32>
}

// -----

// A pool kind where a reduce kind belongs.
// CHECK: #bolt<pool_kind max> should be of base attribute bolt.reduce_kind
func.func @reduce_kind_wrong_enum(%x: tensor<4xf32>) -> tensor<f32> {
  %r = "bolt.reduce"(%x) <{kind = #bolt<pool_kind max>, dims = array<i64: 0>}> : (tensor<4xf32>) -> tensor<f32>
  func.return %r : tensor<f32>
}

// -----

// CHECK: Expected attribute i64 but got i32
func.func @dims_as_i32_array(%x: tensor<4xf32>) -> tensor<f32> {
  %r = "bolt.reduce"(%x) <{kind = #bolt<reduce_kind sum>, dims = array<i32: 0>}> : (tensor<4xf32>) -> tensor<f32>
  func.return %r : tensor<f32>
}
