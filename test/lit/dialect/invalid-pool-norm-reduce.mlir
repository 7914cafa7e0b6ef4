// RUN: boltc-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck --match-full-lines %s

// Verifier failures of bolt.pool2d, softmax, layernorm and reduce.
// --verify-diagnostics exits 0 and prints each chunk's diagnostic in place of failing, so the
// check line in each chunk is the test: the whole diagnostic line boltc-opt prints for it.

// CHECK: bolt.pool2d: the input must be rank 4, got tensor<4x8x8xf16>
func.func @pool_rank3(%x: tensor<4x8x8xf16>) -> tensor<4x4x4xf16> {
  %0 = bolt.pool2d max nchw %x window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<4x8x8xf16> -> tensor<4x4x4xf16>
  func.return %0 : tensor<4x4x4xf16>
}

// -----

// CHECK: bolt.pool2d: window must be two positive sizes
func.func @pool_window_three(%x: tensor<1x4x8x8xf16>) -> tensor<1x4x4x4xf16> {
  %0 = bolt.pool2d max nchw %x window [2, 2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x4x8x8xf16> -> tensor<1x4x4x4xf16>
  func.return %0 : tensor<1x4x4x4xf16>
}

// -----

// CHECK: bolt.pool2d: window must be two positive sizes
func.func @pool_window_zero(%x: tensor<1x4x8x8xf16>) -> tensor<1x4x4x4xf16> {
  %0 = bolt.pool2d avg nchw %x window [0, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x4x8x8xf16> -> tensor<1x4x4x4xf16>
  func.return %0 : tensor<1x4x4x4xf16>
}

// -----

// CHECK: bolt.pool2d: strides must be two positive sizes, got [2, 0]
func.func @pool_stride_zero(%x: tensor<1x4x8x8xf16>) -> tensor<1x4x4x4xf16> {
  %0 = bolt.pool2d max nchw %x window [2, 2] strides [2, 0] padding [0, 0, 0, 0] : tensor<1x4x8x8xf16> -> tensor<1x4x4x4xf16>
  func.return %0 : tensor<1x4x4x4xf16>
}

// -----

// CHECK: bolt.pool2d: padding must be four non-negative sizes [top, left, bottom, right], got [1, 1]
func.func @pool_padding_two(%x: tensor<1x4x8x8xf16>) -> tensor<1x4x8x8xf16> {
  %0 = bolt.pool2d max nchw %x window [3, 3] strides [1, 1] padding [1, 1] : tensor<1x4x8x8xf16> -> tensor<1x4x8x8xf16>
  func.return %0 : tensor<1x4x8x8xf16>
}

// -----

// A window over padding alone has no input element to take the max of.
// CHECK: bolt.pool2d: padding must be smaller than the window
func.func @pool_padding_as_large_as_window(%x: tensor<1x4x8x8xf16>) -> tensor<1x4x7x9xf16> {
  %0 = bolt.pool2d max nchw %x window [2, 2] strides [1, 1] padding [0, 2, 0, 0] : tensor<1x4x8x8xf16> -> tensor<1x4x7x9xf16>
  func.return %0 : tensor<1x4x7x9xf16>
}

// -----

// CHECK: bolt.pool2d: the window does not fit the padded input
func.func @pool_window_too_large(%x: tensor<1x4x8x8xf16>) -> tensor<1x4x1x1xf16> {
  %0 = bolt.pool2d avg nchw %x window [9, 9] strides [1, 1] padding [0, 0, 0, 0] : tensor<1x4x8x8xf16> -> tensor<1x4x1x1xf16>
  func.return %0 : tensor<1x4x1x1xf16>
}

// -----

// CHECK: bolt.pool2d: result shape [1, 4, 8, 8] should be [1, 4, 4, 4]
func.func @pool_result_shape(%x: tensor<1x4x8x8xf16>) -> tensor<1x4x8x8xf16> {
  %0 = bolt.pool2d max nchw %x window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x4x8x8xf16> -> tensor<1x4x8x8xf16>
  func.return %0 : tensor<1x4x8x8xf16>
}

// -----

// An NCHW activation under the nhwc keyword: H=4, W=8, C=8 gives [1, 2, 4, 8].
// CHECK: bolt.pool2d: result shape [1, 4, 4, 4] should be [1, 2, 4, 8]
func.func @pool_nhwc_as_nchw(%x: tensor<1x4x8x8xf16>) -> tensor<1x4x4x4xf16> {
  %0 = bolt.pool2d max nhwc %x window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x4x8x8xf16> -> tensor<1x4x4x4xf16>
  func.return %0 : tensor<1x4x4x4xf16>
}

// -----

// CHECK: bolt.pool2d: operands and result must share one element type, got ['f16', 'f32']
func.func @pool_dtype_change(%x: tensor<1x4x8x8xf16>) -> tensor<1x4x4x4xf32> {
  %0 = bolt.pool2d avg nchw %x window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x4x8x8xf16> -> tensor<1x4x4x4xf32>
  func.return %0 : tensor<1x4x4x4xf32>
}

// -----

// CHECK: bolt.pool2d: the input has unsupported element type f64 (supported: f32, f16, bf16)
func.func @pool_f64(%x: tensor<1x4x8x8xf64>) -> tensor<1x4x4x4xf64> {
  %0 = bolt.pool2d max nchw %x window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x4x8x8xf64> -> tensor<1x4x4x4xf64>
  func.return %0 : tensor<1x4x4x4xf64>
}

// -----

// CHECK: Expected `max`, or `avg`.
func.func @pool_bad_kind(%x: tensor<1x4x8x8xf16>) -> tensor<1x4x4x4xf16> {
  %0 = bolt.pool2d sum nchw %x window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x4x8x8xf16> -> tensor<1x4x4x4xf16>
  func.return %0 : tensor<1x4x4x4xf16>
}

// -----

// CHECK: Expected `nchw`, or `nhwc`.
func.func @pool_bad_layout(%x: tensor<1x4x8x8xf16>) -> tensor<1x4x4x4xf16> {
  %0 = bolt.pool2d max hwcn %x window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x4x8x8xf16> -> tensor<1x4x4x4xf16>
  func.return %0 : tensor<1x4x4x4xf16>
}

// -----

// CHECK: bolt.softmax: axis 2 is outside rank 2
func.func @softmax_axis_out_of_range(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %0 = bolt.softmax %x axis 2 : tensor<2x8xf32> -> tensor<2x8xf32>
  func.return %0 : tensor<2x8xf32>
}

// -----

// Axes are normalized by the importer: no negative axes.
// CHECK: bolt.softmax: axis -1 is outside rank 2
func.func @softmax_negative_axis(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %0 = bolt.softmax %x axis -1 : tensor<2x8xf32> -> tensor<2x8xf32>
  func.return %0 : tensor<2x8xf32>
}

// -----

// CHECK: bolt.softmax: result shape [2, 1] should be [2, 8]
func.func @softmax_result_shape(%x: tensor<2x8xf32>) -> tensor<2x1xf32> {
  %0 = bolt.softmax %x axis 1 : tensor<2x8xf32> -> tensor<2x1xf32>
  func.return %0 : tensor<2x1xf32>
}

// -----

// CHECK: bolt.softmax: operands and result must share one element type, got ['f16', 'f32']
func.func @softmax_dtype_change(%x: tensor<2x8xf32>) -> tensor<2x8xf16> {
  %0 = bolt.softmax %x axis 1 : tensor<2x8xf32> -> tensor<2x8xf16>
  func.return %0 : tensor<2x8xf16>
}

// -----

// CHECK: bolt.softmax: the input has unsupported element type f64 (supported: f32, f16, bf16)
func.func @softmax_f64(%x: tensor<2x8xf64>) -> tensor<2x8xf64> {
  %0 = bolt.softmax %x axis 1 : tensor<2x8xf64> -> tensor<2x8xf64>
  func.return %0 : tensor<2x8xf64>
}

// -----

// CHECK: bolt.layernorm: axis 3 is outside rank 3
func.func @layernorm_axis_out_of_range(%x: tensor<4x16x32xf16>) -> tensor<4x16x32xf16> {
  %0 = bolt.layernorm %x axis 3 epsilon 1.0e-05 : tensor<4x16x32xf16> -> tensor<4x16x32xf16>
  func.return %0 : tensor<4x16x32xf16>
}

// -----

// axis 1 normalizes over [16, 32]: gamma needs that shape.
// CHECK: bolt.layernorm: gamma has shape [32], the normalized dimensions are [16, 32]
func.func @layernorm_gamma_shape(%x: tensor<4x16x32xf16>, %g: tensor<32xf16>) -> tensor<4x16x32xf16> {
  %0 = bolt.layernorm %x gamma %g : tensor<32xf16> axis 1 epsilon 1.0e-05 : tensor<4x16x32xf16> -> tensor<4x16x32xf16>
  func.return %0 : tensor<4x16x32xf16>
}

// -----

// CHECK: bolt.layernorm: beta has shape [16], the normalized dimensions are [32]
func.func @layernorm_beta_shape(%x: tensor<4x16x32xf16>, %g: tensor<32xf16>, %b: tensor<16xf16>) -> tensor<4x16x32xf16> {
  %0 = bolt.layernorm %x gamma %g : tensor<32xf16> beta %b : tensor<16xf16> axis 2 epsilon 1.0e-05 : tensor<4x16x32xf16> -> tensor<4x16x32xf16>
  func.return %0 : tensor<4x16x32xf16>
}

// -----

// CHECK: bolt.layernorm: epsilon must be non-negative
func.func @layernorm_negative_epsilon(%x: tensor<4x16x32xf16>) -> tensor<4x16x32xf16> {
  %0 = bolt.layernorm %x axis 2 epsilon -1.0e-05 : tensor<4x16x32xf16> -> tensor<4x16x32xf16>
  func.return %0 : tensor<4x16x32xf16>
}

// -----

// CHECK: bolt.layernorm: the result must have the input's shape
func.func @layernorm_result_shape(%x: tensor<4x16x32xf16>) -> tensor<4x16x1xf16> {
  %0 = bolt.layernorm %x axis 2 epsilon 1.0e-05 : tensor<4x16x32xf16> -> tensor<4x16x1xf16>
  func.return %0 : tensor<4x16x1xf16>
}

// -----

// The result keeps the input's element type, as every other shape-preserving op.
// CHECK: bolt.layernorm: operands and result must share one element type, got ['f16', 'f32']
func.func @layernorm_dtype_change(%x: tensor<4x16x32xf16>) -> tensor<4x16x32xf32> {
  %0 = bolt.layernorm %x axis 2 epsilon 1.0e-05 : tensor<4x16x32xf16> -> tensor<4x16x32xf32>
  func.return %0 : tensor<4x16x32xf32>
}

// -----

// CHECK: bolt.layernorm: gamma has unsupported element type f64 (supported: f32, f16, bf16)
func.func @layernorm_f64_gamma(%x: tensor<4x16x32xf16>, %g: tensor<32xf64>) -> tensor<4x16x32xf16> {
  %0 = bolt.layernorm %x gamma %g : tensor<32xf64> axis 2 epsilon 1.0e-05 : tensor<4x16x32xf16> -> tensor<4x16x32xf16>
  func.return %0 : tensor<4x16x32xf16>
}

// -----

// CHECK: bolt.layernorm: the input has unsupported element type i32 (supported: f32, f16, bf16)
func.func @layernorm_i32(%x: tensor<4x16xi32>) -> tensor<4x16xi32> {
  %0 = bolt.layernorm %x axis 1 epsilon 1.0e-05 : tensor<4x16xi32> -> tensor<4x16xi32>
  func.return %0 : tensor<4x16xi32>
}

// -----

// CHECK: bolt.reduce: dims [3] must be distinct dimensions of rank 3
func.func @reduce_dim_out_of_range(%x: tensor<2x3x4xf32>) -> tensor<2x3xf32> {
  %0 = bolt.reduce sum %x dims [3] : tensor<2x3x4xf32> -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// CHECK: bolt.reduce: dims [1, 1] must be distinct dimensions of rank 3
func.func @reduce_repeated_dim(%x: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
  %0 = bolt.reduce max %x dims [1, 1] : tensor<2x3x4xf32> -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

// CHECK: bolt.reduce: dims [] must be distinct dimensions of rank 3
func.func @reduce_no_dims(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = bolt.reduce min %x dims [] : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  func.return %0 : tensor<2x3x4xf32>
}

// -----

// keep_dims leaves the reduced dimension as size 1.
// CHECK: bolt.reduce: result shape [2, 4] should be [2, 1, 4]
func.func @reduce_keep_dims_shape(%x: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
  %0 = bolt.reduce mean %x dims [1] {keep_dims} : tensor<2x3x4xf32> -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

// CHECK: bolt.reduce: result shape [2, 3, 1] should be [2, 3]
func.func @reduce_missing_keep_dims(%x: tensor<2x3x4xf32>) -> tensor<2x3x1xf32> {
  %0 = bolt.reduce sum %x dims [2] : tensor<2x3x4xf32> -> tensor<2x3x1xf32>
  func.return %0 : tensor<2x3x1xf32>
}

// -----

// Accumulation precision is the lowering's business; the result keeps the input's type.
// CHECK: bolt.reduce: operands and result must share one element type, got ['f16', 'f32']
func.func @reduce_dtype_change(%x: tensor<2x3x4xf32>) -> tensor<3x4xf16> {
  %0 = bolt.reduce sum %x dims [0] : tensor<2x3x4xf32> -> tensor<3x4xf16>
  func.return %0 : tensor<3x4xf16>
}

// -----

// CHECK: bolt.reduce: the input has unsupported element type f64 (supported: f32, f16, bf16)
func.func @reduce_f64(%x: tensor<2x3xf64>) -> tensor<3xf64> {
  %0 = bolt.reduce mean %x dims [0] : tensor<2x3xf64> -> tensor<3xf64>
  func.return %0 : tensor<3xf64>
}

// -----

// CHECK: Expected `sum`, `mean`, `max`, or `min`.
func.func @reduce_bad_kind(%x: tensor<2x3x4xf32>) -> tensor<3x4xf32> {
  %0 = bolt.reduce prod %x dims [0] : tensor<2x3x4xf32> -> tensor<3x4xf32>
  func.return %0 : tensor<3x4xf32>
}
