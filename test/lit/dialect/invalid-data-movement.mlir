// RUN: boltc-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck --match-full-lines %s

// Verifier failures of bolt.transpose, pad, slice, reshape, broadcast and concat.
// --verify-diagnostics exits 0 and prints each chunk's diagnostic in place of failing, so the
// check line in each chunk is the test: the whole diagnostic line boltc-opt prints for it.

// CHECK: bolt.transpose: permutation [0, 1, 3] is not a permutation of 0..2
func.func @transpose_not_permutation(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = bolt.transpose %x permutation [0, 1, 3] : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  func.return %0 : tensor<2x3x4xf32>
}

// -----

// CHECK: bolt.transpose: permutation [1, 1, 0] is not a permutation of 0..2
func.func @transpose_repeated_dim(%x: tensor<2x3x4xf32>) -> tensor<3x3x2xf32> {
  %0 = bolt.transpose %x permutation [1, 1, 0] : tensor<2x3x4xf32> -> tensor<3x3x2xf32>
  func.return %0 : tensor<3x3x2xf32>
}

// -----

// CHECK: bolt.transpose: permutation [1, 0] is not a permutation of 0..2
func.func @transpose_short_permutation(%x: tensor<2x3x4xf32>) -> tensor<3x2xf32> {
  %0 = bolt.transpose %x permutation [1, 0] : tensor<2x3x4xf32> -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

// Result dimension d is input dimension permutation[d]: [4, 2, 3], not the reverse.
// CHECK: bolt.transpose: result shape [4, 3, 2] should be [4, 2, 3]
func.func @transpose_result_shape(%x: tensor<2x3x4xf32>) -> tensor<4x3x2xf32> {
  %0 = bolt.transpose %x permutation [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x3x2xf32>
  func.return %0 : tensor<4x3x2xf32>
}

// -----

// CHECK: bolt.transpose: operands and result must share one element type, got ['f16', 'f32']
func.func @transpose_dtype_change(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf16> {
  %0 = bolt.transpose %x permutation [0, 1, 2] : tensor<2x3x4xf32> -> tensor<2x3x4xf16>
  func.return %0 : tensor<2x3x4xf16>
}

// -----

// CHECK: bolt.transpose: the input has unsupported element type f64 (supported: f32, f16, bf16)
func.func @transpose_f64(%x: tensor<2x3xf64>) -> tensor<3x2xf64> {
  %0 = bolt.transpose %x permutation [1, 0] : tensor<2x3xf64> -> tensor<3x2xf64>
  func.return %0 : tensor<3x2xf64>
}

// -----

// CHECK: bolt.pad: low and high need one size per dimension
func.func @pad_low_rank(%x: tensor<2x3x4xf32>) -> tensor<3x4x4xf32> {
  %0 = bolt.pad %x low [1, 1] high [0, 0, 0] value 0.0 : tensor<2x3x4xf32> -> tensor<3x4x4xf32>
  func.return %0 : tensor<3x4x4xf32>
}

// -----

// Cropping is bolt.slice's job.
// CHECK: bolt.pad: padding sizes must be non-negative
func.func @pad_negative(%x: tensor<2x3x4xf32>) -> tensor<2x3x3xf32> {
  %0 = bolt.pad %x low [0, 0, -1] high [0, 0, 0] value 0.0 : tensor<2x3x4xf32> -> tensor<2x3x3xf32>
  func.return %0 : tensor<2x3x3xf32>
}

// -----

// CHECK: bolt.pad: result shape [2, 4, 5] should be [2, 5, 6]
func.func @pad_result_shape(%x: tensor<2x3x4xf32>) -> tensor<2x4x5xf32> {
  %0 = bolt.pad %x low [0, 1, 1] high [0, 1, 1] value 0.0 : tensor<2x3x4xf32> -> tensor<2x4x5xf32>
  func.return %0 : tensor<2x4x5xf32>
}

// -----

// CHECK: bolt.pad: operands and result must share one element type, got ['bf16', 'f32']
func.func @pad_dtype_change(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xbf16> {
  %0 = bolt.pad %x low [0, 0, 0] high [0, 0, 0] value 0.0 : tensor<2x3x4xf32> -> tensor<2x3x4xbf16>
  func.return %0 : tensor<2x3x4xbf16>
}

// -----

// CHECK: bolt.pad: the input has unsupported element type i32 (supported: f32, f16, bf16)
func.func @pad_i32(%x: tensor<4xi32>) -> tensor<6xi32> {
  %0 = bolt.pad %x low [1] high [1] value 0.0 : tensor<4xi32> -> tensor<6xi32>
  func.return %0 : tensor<6xi32>
}

// -----

// The padding value is an f64 attribute whatever the tensor's type.
// CHECK: f32 should be of base attribute f64
func.func @pad_value_f32(%x: tensor<4xf32>) -> tensor<5xf32> {
  %0 = "bolt.pad"(%x) <{low = array<i64: 0>, high = array<i64: 1>, value = 0.0 : f32}> : (tensor<4xf32>) -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

// Offset 2 + 2 rows reaches row 3 of a 3-row dimension.
// CHECK: bolt.slice: dimension 1: offset 2, size 2, stride 1 reach outside the input's 3
func.func @slice_past_end(%x: tensor<2x3x4xf32>) -> tensor<2x2x4xf32> {
  %0 = bolt.slice %x offsets [0, 2, 0] strides [1, 1, 1] : tensor<2x3x4xf32> -> tensor<2x2x4xf32>
  func.return %0 : tensor<2x2x4xf32>
}

// -----

// Elements 1, 3, 5: the last is outside a size-4 dimension.
// CHECK: bolt.slice: dimension 2: offset 1, size 3, stride 2 reach outside the input's 4
func.func @slice_stride_past_end(%x: tensor<2x3x4xf32>) -> tensor<2x3x3xf32> {
  %0 = bolt.slice %x offsets [0, 0, 1] strides [1, 1, 2] : tensor<2x3x4xf32> -> tensor<2x3x3xf32>
  func.return %0 : tensor<2x3x3xf32>
}

// -----

// CHECK: bolt.slice: dimension 1: offset 0, size 3, stride 0 reach outside the input's 3
func.func @slice_zero_stride(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = bolt.slice %x offsets [0, 0, 0] strides [1, 0, 1] : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  func.return %0 : tensor<2x3x4xf32>
}

// -----

// No python-style negative offsets.
// CHECK: bolt.slice: dimension 0: offset -1, size 1, stride 1 reach outside the input's 2
func.func @slice_negative_offset(%x: tensor<2x3x4xf32>) -> tensor<1x3x4xf32> {
  %0 = bolt.slice %x offsets [-1, 0, 0] strides [1, 1, 1] : tensor<2x3x4xf32> -> tensor<1x3x4xf32>
  func.return %0 : tensor<1x3x4xf32>
}

// -----

// CHECK: bolt.slice: offsets, strides and result need rank 3
func.func @slice_rank(%x: tensor<2x3x4xf32>) -> tensor<2x3xf32> {
  %0 = bolt.slice %x offsets [0, 0] strides [1, 1] : tensor<2x3x4xf32> -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// CHECK: bolt.slice: operands and result must share one element type, got ['f16', 'f32']
func.func @slice_dtype_change(%x: tensor<2x3x4xf32>) -> tensor<1x1x1xf16> {
  %0 = bolt.slice %x offsets [0, 0, 0] strides [1, 1, 1] : tensor<2x3x4xf32> -> tensor<1x1x1xf16>
  func.return %0 : tensor<1x1x1xf16>
}

// -----

// CHECK: bolt.slice: the input has unsupported element type f64 (supported: f32, f16, bf16)
func.func @slice_f64(%x: tensor<4xf64>) -> tensor<2xf64> {
  %0 = bolt.slice %x offsets [0] strides [1] : tensor<4xf64> -> tensor<2xf64>
  func.return %0 : tensor<2xf64>
}

// -----

// CHECK: bolt.reshape: 24 elements cannot become 25
func.func @reshape_element_count(%x: tensor<2x3x4xf32>) -> tensor<5x5xf32> {
  %0 = bolt.reshape %x : tensor<2x3x4xf32> -> tensor<5x5xf32>
  func.return %0 : tensor<5x5xf32>
}

// -----

// A reshape keeps bytes' meaning: no bitcasts.
// CHECK: bolt.reshape: operands and result must share one element type, got ['f16', 'f32']
func.func @reshape_dtype_change(%x: tensor<2x3x4xf32>) -> tensor<24xf16> {
  %0 = bolt.reshape %x : tensor<2x3x4xf32> -> tensor<24xf16>
  func.return %0 : tensor<24xf16>
}

// -----

// CHECK: bolt.reshape: the result must have a static shape, got tensor<?x4xf32>
func.func @reshape_dynamic(%x: tensor<2x3x4xf32>) -> tensor<?x4xf32> {
  %0 = bolt.reshape %x : tensor<2x3x4xf32> -> tensor<?x4xf32>
  func.return %0 : tensor<?x4xf32>
}

// -----

// CHECK: bolt.reshape: the input has unsupported element type i32 (supported: f32, f16, bf16)
func.func @reshape_i32(%x: tensor<2x2xi32>) -> tensor<4xi32> {
  %0 = bolt.reshape %x : tensor<2x2xi32> -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// -----

// CHECK: bolt.broadcast: dimensions [2] must be distinct result dims
func.func @broadcast_dim_out_of_range(%b: tensor<16xf32>) -> tensor<4x16xf32> {
  %0 = bolt.broadcast %b dimensions [2] : tensor<16xf32> -> tensor<4x16xf32>
  func.return %0 : tensor<4x16xf32>
}

// -----

// CHECK: bolt.broadcast: dimensions [0, 0] must be distinct result dims
func.func @broadcast_repeated_dim(%b: tensor<16xf32>) -> tensor<4x4x16xf32> {
  %0 = bolt.broadcast %b dimensions [0, 0] : tensor<16xf32> -> tensor<4x4x16xf32>
  func.return %0 : tensor<4x4x16xf32>
}

// -----

// dimensions names the result dimensions the input lacks: with [0], the input would be [4].
// CHECK: bolt.broadcast: the result without dimensions [0] is [4], the input is [16]
func.func @broadcast_wrong_dim(%b: tensor<16xf32>) -> tensor<16x4xf32> {
  %0 = bolt.broadcast %b dimensions [0] : tensor<16xf32> -> tensor<16x4xf32>
  func.return %0 : tensor<16x4xf32>
}

// -----

// Like linalg.broadcast, not numpy: a size-1 input dimension is not stretched.
// CHECK: bolt.broadcast: the result without dimensions [0] is [8, 16], the input is [1, 16]
func.func @broadcast_size_one_stretch(%c: tensor<1x16xf32>) -> tensor<4x8x16xf32> {
  %0 = bolt.broadcast %c dimensions [0] : tensor<1x16xf32> -> tensor<4x8x16xf32>
  func.return %0 : tensor<4x8x16xf32>
}

// -----

// CHECK: bolt.broadcast: operands and result must share one element type, got ['f16', 'f32']
func.func @broadcast_dtype_change(%b: tensor<16xf32>) -> tensor<4x16xf16> {
  %0 = bolt.broadcast %b dimensions [0] : tensor<16xf32> -> tensor<4x16xf16>
  func.return %0 : tensor<4x16xf16>
}

// -----

// CHECK: bolt.broadcast: the input has unsupported element type f64 (supported: f32, f16, bf16)
func.func @broadcast_f64(%b: tensor<16xf64>) -> tensor<4x16xf64> {
  %0 = bolt.broadcast %b dimensions [0] : tensor<16xf64> -> tensor<4x16xf64>
  func.return %0 : tensor<4x16xf64>
}

// -----

// CHECK: bolt.concat: dim 2 and every input need rank 2
func.func @concat_dim_out_of_range(%a: tensor<2x3xf32>) -> tensor<2x6xf32> {
  %0 = bolt.concat %a, %a dim 2 : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x6xf32>
  func.return %0 : tensor<2x6xf32>
}

// -----

// CHECK: bolt.concat: dim 0 and every input need rank 2
func.func @concat_rank_mismatch(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<3x3xf32> {
  %0 = bolt.concat %a, %b dim 0 : tensor<2x3xf32>, tensor<3xf32> -> tensor<3x3xf32>
  func.return %0 : tensor<3x3xf32>
}

// -----

// Outside the concatenated dimension the shapes must agree.
// CHECK: bolt.concat: input shapes differ outside dimension 0: {{\[\[}}2, 3], [2, 4{{\]\]}}
func.func @concat_shapes_differ(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) -> tensor<4x3xf32> {
  %0 = bolt.concat %a, %b dim 0 : tensor<2x3xf32>, tensor<2x4xf32> -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}

// -----

// CHECK: bolt.concat: result shape [2, 8] should be [2, 7]
func.func @concat_result_shape(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) -> tensor<2x8xf32> {
  %0 = bolt.concat %a, %b dim 1 : tensor<2x3xf32>, tensor<2x4xf32> -> tensor<2x8xf32>
  func.return %0 : tensor<2x8xf32>
}

// -----

// CHECK: bolt.concat: operands and result must share one element type, got ['f16', 'f32']
func.func @concat_mixed_dtypes(%a: tensor<2x3xf32>, %b: tensor<2x3xf16>) -> tensor<4x3xf32> {
  %0 = bolt.concat %a, %b dim 0 : tensor<2x3xf32>, tensor<2x3xf16> -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}

// -----

// CHECK: bolt.concat: input 0 has unsupported element type i32 (supported: f32, f16, bf16)
func.func @concat_i32(%a: tensor<2xi32>) -> tensor<4xi32> {
  %0 = bolt.concat %a, %a dim 0 : tensor<2xi32>, tensor<2xi32> -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// -----

// Only the generic form can spell a concat of nothing.
// CHECK: bolt.concat: needs at least one input
func.func @concat_no_inputs() -> tensor<4xf32> {
  %0 = "bolt.concat"() <{dim = 0 : i64}> : () -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
