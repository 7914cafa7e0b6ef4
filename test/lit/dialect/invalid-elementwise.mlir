// RUN: boltc-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck --match-full-lines %s

// Verifier failures of every bolt.ew.* op: dtypes, shapes, broadcasting, attributes.
// --verify-diagnostics exits 0 and prints each chunk's diagnostic in place of failing, so the
// check line in each chunk is the test: the whole diagnostic line boltc-opt prints for it.

// CHECK: bolt.ew.relu: the input has unsupported element type f64 (supported: f32, f16, bf16)
func.func @relu_f64_input(%x: tensor<4x8xf64>) -> tensor<4x8xf64> {
  %0 = bolt.ew.relu %x : tensor<4x8xf64> -> tensor<4x8xf64>
  func.return %0 : tensor<4x8xf64>
}

// -----

// CHECK: bolt.ew.sigmoid: the input has unsupported element type i32 (supported: f32, f16, bf16)
func.func @sigmoid_i32_input(%x: tensor<4x8xi32>) -> tensor<4x8xi32> {
  %0 = bolt.ew.sigmoid %x : tensor<4x8xi32> -> tensor<4x8xi32>
  func.return %0 : tensor<4x8xi32>
}

// -----

// CHECK: bolt.ew.tanh: result shape [4, 9] differs from input shape [4, 8]
func.func @tanh_result_shape(%x: tensor<4x8xf32>) -> tensor<4x9xf32> {
  %0 = bolt.ew.tanh %x : tensor<4x8xf32> -> tensor<4x9xf32>
  func.return %0 : tensor<4x9xf32>
}

// -----

// CHECK: bolt.ew.silu: operands and result must share one element type, got ['f16', 'f32']
func.func @silu_dtype_change(%x: tensor<4x8xf16>) -> tensor<4x8xf32> {
  %0 = bolt.ew.silu %x : tensor<4x8xf16> -> tensor<4x8xf32>
  func.return %0 : tensor<4x8xf32>
}

// -----

// CHECK: bolt.ew.hardswish: operands and result must share one element type, got ['bf16', 'f16']
func.func @hardswish_dtype_change_bf16(%x: tensor<4x8xbf16>) -> tensor<4x8xf16> {
  %0 = bolt.ew.hardswish %x : tensor<4x8xbf16> -> tensor<4x8xf16>
  func.return %0 : tensor<4x8xf16>
}

// -----

// CHECK: bolt.ew.softplus: the input must have a static shape, got tensor<?x8xf32>
func.func @softplus_dynamic(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %0 = bolt.ew.softplus %x : tensor<?x8xf32> -> tensor<?x8xf32>
  func.return %0 : tensor<?x8xf32>
}

// -----

// CHECK: bolt.ew.exp: result shape [32] differs from input shape [4, 8]
func.func @exp_rank_change(%x: tensor<4x8xf32>) -> tensor<32xf32> {
  %0 = bolt.ew.exp %x : tensor<4x8xf32> -> tensor<32xf32>
  func.return %0 : tensor<32xf32>
}

// -----

// CHECK: bolt.ew.log: the result has unsupported element type f64 (supported: f32, f16, bf16)
func.func @log_f64_result(%x: tensor<4x8xf32>) -> tensor<4x8xf64> {
  %0 = bolt.ew.log %x : tensor<4x8xf32> -> tensor<4x8xf64>
  func.return %0 : tensor<4x8xf64>
}

// -----

// CHECK: bolt.ew.log1p: the input has unsupported element type f64 (supported: f32, f16, bf16)
func.func @log1p_f64_input(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = bolt.ew.log1p %x : tensor<4xf64> -> tensor<4xf64>
  func.return %0 : tensor<4xf64>
}

// -----

// CHECK: bolt.ew.sqrt: the input has unsupported element type i8 (supported: f32, f16, bf16)
func.func @sqrt_i8_input(%x: tensor<4xi8>) -> tensor<4xi8> {
  %0 = bolt.ew.sqrt %x : tensor<4xi8> -> tensor<4xi8>
  func.return %0 : tensor<4xi8>
}

// -----

// CHECK: bolt.ew.rsqrt: result shape [8, 4] differs from input shape [4, 8]
func.func @rsqrt_transposed_result(%x: tensor<4x8xf16>) -> tensor<8x4xf16> {
  %0 = bolt.ew.rsqrt %x : tensor<4x8xf16> -> tensor<8x4xf16>
  func.return %0 : tensor<8x4xf16>
}

// -----

// CHECK: bolt.ew.neg: operands and result must share one element type, got ['bf16', 'f16']
func.func @neg_f16_to_bf16(%x: tensor<3xf16>) -> tensor<3xbf16> {
  %0 = bolt.ew.neg %x : tensor<3xf16> -> tensor<3xbf16>
  func.return %0 : tensor<3xbf16>
}

// -----

// CHECK: bolt.ew.abs: result shape [4, 8] differs from input shape [1, 8]
func.func @abs_broadcast_result(%x: tensor<1x8xf32>) -> tensor<4x8xf32> {
  %0 = bolt.ew.abs %x : tensor<1x8xf32> -> tensor<4x8xf32>
  func.return %0 : tensor<4x8xf32>
}

// -----

// CHECK: bolt.ew.erf: the input has unsupported element type f64 (supported: f32, f16, bf16)
func.func @erf_f64(%x: tensor<2x2xf64>) -> tensor<2x2xf64> {
  %0 = bolt.ew.erf %x : tensor<2x2xf64> -> tensor<2x2xf64>
  func.return %0 : tensor<2x2xf64>
}

// -----

// CHECK: bolt.ew.reciprocal: the result has unsupported element type i32 (supported: f32, f16, bf16)
func.func @reciprocal_i32_result(%x: tensor<4xf32>) -> tensor<4xi32> {
  %0 = bolt.ew.reciprocal %x : tensor<4xf32> -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// -----

// CHECK: bolt.ew.gelu: the input has unsupported element type f64 (supported: f32, f16, bf16)
func.func @gelu_f64(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = bolt.ew.gelu erf %x : tensor<4xf64> -> tensor<4xf64>
  func.return %0 : tensor<4xf64>
}

// -----

// CHECK: bolt.ew.gelu: operands and result must share one element type, got ['f16', 'f32']
func.func @gelu_result_dtype(%x: tensor<4xf16>) -> tensor<4xf32> {
  %0 = bolt.ew.gelu tanh %x : tensor<4xf16> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// torch's approximate is 'none' or 'tanh'; bolt spells 'none' erf.
// CHECK: Expected `erf`, or `tanh`.
func.func @gelu_bad_approximation(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = bolt.ew.gelu sigmoid %x : tensor<4xf32> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// CHECK: property 'approximate' expected in operation 'bolt.ew.gelu'
func.func @gelu_missing_approximation(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "bolt.ew.gelu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// CHECK: bolt.ew.clamp: min 6.0 exceeds max 0.0
func.func @clamp_min_above_max(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = bolt.ew.clamp %x min 6.0 max 0.0 : tensor<4xf32> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// CHECK: bolt.ew.clamp: result shape [5] differs from input shape [4]
func.func @clamp_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  %0 = bolt.ew.clamp %x min 0.0 max 6.0 : tensor<4xf32> -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

// CHECK: bolt.ew.clamp: the input has unsupported element type i32 (supported: f32, f16, bf16)
func.func @clamp_i32(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = bolt.ew.clamp %x min 0.0 max 6.0 : tensor<4xi32> -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// -----

// The bounds are f64 attributes whatever the tensor's type.
// CHECK: f32 should be of base attribute f64
func.func @clamp_f32_bound(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "bolt.ew.clamp"(%x) <{min = 0.0 : f32, max = 6.0 : f64}> : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// CHECK: bolt.ew.cast: the result has unsupported element type f64 (supported: f32, f16, bf16)
func.func @cast_to_f64(%x: tensor<4xf32>) -> tensor<4xf64> {
  %0 = bolt.ew.cast %x : tensor<4xf32> -> tensor<4xf64>
  func.return %0 : tensor<4xf64>
}

// -----

// CHECK: bolt.ew.cast: the input has unsupported element type i32 (supported: f32, f16, bf16)
func.func @cast_from_i32(%x: tensor<4xi32>) -> tensor<4xf32> {
  %0 = bolt.ew.cast %x : tensor<4xi32> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// cast converts elements, it does not reshape.
// CHECK: bolt.ew.cast: result shape [8] differs from input shape [2, 4]
func.func @cast_shape(%x: tensor<2x4xf32>) -> tensor<8xf16> {
  %0 = bolt.ew.cast %x : tensor<2x4xf32> -> tensor<8xf16>
  func.return %0 : tensor<8xf16>
}

// -----

// Trailing dimensions align: 8 and 4 do not broadcast.
// CHECK: bolt.ew.add: operand shapes [4, 8] and [4] do not broadcast
func.func @add_invalid(%a: tensor<4x8xf32>, %b: tensor<4xf32>) -> tensor<4x8xf32> {
  %0 = bolt.ew.add %a, %b : tensor<4x8xf32>, tensor<4xf32> -> tensor<4x8xf32>
  func.return %0 : tensor<4x8xf32>
}

// -----

// The result has the broadcast shape, not the smaller operand's.
// CHECK: bolt.ew.sub: result shape [8] should be the broadcast shape [4, 8]
func.func @sub_invalid(%a: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %0 = bolt.ew.sub %a, %b : tensor<4x8xf32>, tensor<8xf32> -> tensor<8xf32>
  func.return %0 : tensor<8xf32>
}

// -----

// A bias in f16 must be cast before it meets an f32 accumulator.
// CHECK: bolt.ew.mul: operands and result must share one element type, got ['f16', 'f32']
func.func @mul_invalid(%a: tensor<4x8xf16>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = bolt.ew.mul %a, %b : tensor<4x8xf16>, tensor<4x8xf32> -> tensor<4x8xf32>
  func.return %0 : tensor<4x8xf32>
}

// -----

// CHECK: bolt.ew.div: lhs has unsupported element type f64 (supported: f32, f16, bf16)
func.func @div_invalid(%a: tensor<4x8xf64>, %b: tensor<4x8xf64>) -> tensor<4x8xf64> {
  %0 = bolt.ew.div %a, %b : tensor<4x8xf64>, tensor<4x8xf64> -> tensor<4x8xf64>
  func.return %0 : tensor<4x8xf64>
}

// -----

// CHECK: bolt.ew.max: result shape [2, 3, 1] should be the broadcast shape [2, 3, 4]
func.func @max_invalid(%a: tensor<2x3x4xf32>, %b: tensor<3x1xf32>) -> tensor<2x3x1xf32> {
  %0 = bolt.ew.max %a, %b : tensor<2x3x4xf32>, tensor<3x1xf32> -> tensor<2x3x1xf32>
  func.return %0 : tensor<2x3x1xf32>
}

// -----

// CHECK: bolt.ew.min: lhs has unsupported element type i32 (supported: f32, f16, bf16)
func.func @min_invalid(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = bolt.ew.min %a, %b : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// -----

// CHECK: bolt.ew.pow: operands and result must share one element type, got ['bf16', 'f16']
func.func @pow_invalid(%a: tensor<4xbf16>, %b: tensor<4xbf16>) -> tensor<4xf16> {
  %0 = bolt.ew.pow %a, %b : tensor<4xbf16>, tensor<4xbf16> -> tensor<4xf16>
  func.return %0 : tensor<4xf16>
}

// -----

// CHECK: bolt.ew.add: operand shapes [3] and [2] do not broadcast
func.func @add_three_vs_two(%a: tensor<3xf32>, %b: tensor<2xf32>) -> tensor<3xf32> {
  %0 = bolt.ew.add %a, %b : tensor<3xf32>, tensor<2xf32> -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// Broadcasting never adds a leading 1 that no operand has.
// CHECK: bolt.ew.mul: result shape [1, 3] should be the broadcast shape [3]
func.func @mul_rank_extended_result(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<1x3xf32> {
  %0 = bolt.ew.mul %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<1x3xf32>
  func.return %0 : tensor<1x3xf32>
}

// -----

// CHECK: bolt.ew.select: operand shapes {{\[\[}}4], [4], [3], [4{{\]\]}} do not broadcast
func.func @select_no_broadcast(%a: tensor<4xf32>, %b: tensor<4xf32>, %t: tensor<3xf32>, %f: tensor<4xf32>) -> tensor<4xf32> {
  %0 = bolt.ew.select ogt %a, %b, %t, %f : tensor<4xf32>, tensor<4xf32>, tensor<3xf32>, tensor<4xf32> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// The condition's shape takes part in the broadcast too.
// CHECK: bolt.ew.select: result shape [4] should be [4, 4]
func.func @select_result_shape(%a: tensor<4x1xf32>, %b: tensor<4xf32>, %t: tensor<4xf32>, %f: tensor<4xf32>) -> tensor<4xf32> {
  %0 = bolt.ew.select olt %a, %b, %t, %f : tensor<4x1xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// CHECK: bolt.ew.select: operands and result must share one element type, got ['f16', 'f32']
func.func @select_mixed_dtypes(%a: tensor<4xf32>, %b: tensor<4xf32>, %t: tensor<4xf16>, %f: tensor<4xf16>) -> tensor<4xf16> {
  %0 = bolt.ew.select oeq %a, %b, %t, %f : tensor<4xf32>, tensor<4xf32>, tensor<4xf16>, tensor<4xf16> -> tensor<4xf16>
  func.return %0 : tensor<4xf16>
}

// -----

// CHECK: bolt.ew.select: lhs has unsupported element type f64 (supported: f32, f16, bf16)
func.func @select_f64(%a: tensor<4xf64>, %b: tensor<4xf64>, %t: tensor<4xf64>, %f: tensor<4xf64>) -> tensor<4xf64> {
  %0 = bolt.ew.select une %a, %b, %t, %f : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
  func.return %0 : tensor<4xf64>
}

// -----

// Predicates are arith.cmpf's: ordered or unordered, never bare.
// CHECK: Expected `oeq`, `ogt`, `oge`, `olt`, `ole`, `one`, `ueq`, `ugt`, `uge`, `ult`, `ule`, or `une`.
func.func @select_bad_predicate(%a: tensor<4xf32>, %b: tensor<4xf32>, %t: tensor<4xf32>, %f: tensor<4xf32>) -> tensor<4xf32> {
  %0 = bolt.ew.select gt %a, %b, %t, %f : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
