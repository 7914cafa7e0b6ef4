// RUN: boltc-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck --match-full-lines %s

// Verifier failures of bolt.gemm and bolt.conv2d, their epilogues and operands.
// --verify-diagnostics exits 0 and prints each chunk's diagnostic in place of failing, so the
// check line in each chunk is the test: the whole diagnostic line boltc-opt prints for it.

// K of lhs (8) and of rhs (9) differ.
// CHECK: bolt.gemm: contraction sizes differ: lhs has K=8, rhs has K=9
func.func @gemm_k_mismatch(%a: tensor<4x8xf16>, %b: tensor<9x16xf16>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b : tensor<4x8xf16>, tensor<9x16xf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>):
    bolt.yield %acc : tensor<4x16xf32>
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// transpose_b reads rhs as N x K: a K x N rhs no longer contracts.
// CHECK: bolt.gemm: contraction sizes differ: lhs has K=8, rhs has K=16
func.func @gemm_transpose_b_k_mismatch(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>) -> tensor<4x8xf16> {
  %d = bolt.gemm %a, %b {transpose_b} : tensor<4x8xf16>, tensor<8x16xf16> -> tensor<4x8xf16> {
  ^bb0(%acc: tensor<4x8xf32>):
    bolt.yield %acc : tensor<4x8xf32>
  }
  func.return %d : tensor<4x8xf16>
}

// -----

// transpose_a reads lhs as K x M.
// CHECK: bolt.gemm: contraction sizes differ: lhs has K=4, rhs has K=8
func.func @gemm_transpose_a_k_mismatch(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %d = bolt.gemm %a, %b {transpose_a} : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<8x16xf32> {
  ^bb0(%acc: tensor<8x16xf32>):
    bolt.yield %acc : tensor<8x16xf32>
  }
  func.return %d : tensor<8x16xf32>
}

// -----

// CHECK: bolt.gemm: result shape [4, 17] should be [4, 16]
func.func @gemm_result_shape(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>) -> tensor<4x17xf16> {
  %d = bolt.gemm %a, %b : tensor<4x8xf16>, tensor<8x16xf16> -> tensor<4x17xf16> {
  ^bb0(%acc: tensor<4x17xf32>):
    bolt.yield %acc : tensor<4x17xf32>
  }
  func.return %d : tensor<4x17xf16>
}

// -----

// A batched GEMM keeps its batch dimension in the result.
// CHECK: bolt.gemm: result shape [4, 16] should be [2, 4, 16]
func.func @gemm_batched_result_rank(%a: tensor<2x4x8xf16>, %b: tensor<8x16xf16>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b : tensor<2x4x8xf16>, tensor<8x16xf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>):
    bolt.yield %acc : tensor<4x16xf32>
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// CHECK: bolt.gemm: batch sizes differ: lhs 2, rhs 3
func.func @gemm_batch_mismatch(%a: tensor<2x4x8xf16>, %b: tensor<3x8x16xf16>) -> tensor<2x4x16xf16> {
  %d = bolt.gemm %a, %b : tensor<2x4x8xf16>, tensor<3x8x16xf16> -> tensor<2x4x16xf16> {
  ^bb0(%acc: tensor<2x4x16xf32>):
    bolt.yield %acc : tensor<2x4x16xf32>
  }
  func.return %d : tensor<2x4x16xf16>
}

// -----

// CHECK: bolt.gemm: a batched rhs needs a batched lhs
func.func @gemm_batched_rhs_only(%a: tensor<4x8xf16>, %b: tensor<2x8x16xf16>) -> tensor<2x4x16xf16> {
  %d = bolt.gemm %a, %b : tensor<4x8xf16>, tensor<2x8x16xf16> -> tensor<2x4x16xf16> {
  ^bb0(%acc: tensor<2x4x16xf32>):
    bolt.yield %acc : tensor<2x4x16xf32>
  }
  func.return %d : tensor<2x4x16xf16>
}

// -----

// CHECK: bolt.gemm: lhs and rhs must be rank 2 or 3 (batched)
func.func @gemm_rank1(%a: tensor<8xf16>, %b: tensor<8x16xf16>) -> tensor<16xf16> {
  %d = bolt.gemm %a, %b : tensor<8xf16>, tensor<8x16xf16> -> tensor<16xf16> {
  ^bb0(%acc: tensor<16xf32>):
    bolt.yield %acc : tensor<16xf32>
  }
  func.return %d : tensor<16xf16>
}

// -----

// CHECK: bolt.gemm: lhs and rhs must be rank 2 or 3 (batched)
func.func @gemm_rank4(%a: tensor<2x2x4x8xf16>, %b: tensor<8x16xf16>) -> tensor<2x2x4x16xf16> {
  %d = bolt.gemm %a, %b : tensor<2x2x4x8xf16>, tensor<8x16xf16> -> tensor<2x2x4x16xf16> {
  ^bb0(%acc: tensor<2x2x4x16xf32>):
    bolt.yield %acc : tensor<2x2x4x16xf32>
  }
  func.return %d : tensor<2x2x4x16xf16>
}

// -----

// CHECK: bolt.gemm: lhs has unsupported element type f64 (supported: f32, f16, bf16)
func.func @gemm_f64(%a: tensor<4x8xf64>, %b: tensor<8x16xf64>) -> tensor<4x16xf64> {
  %d = bolt.gemm %a, %b : tensor<4x8xf64>, tensor<8x16xf64> -> tensor<4x16xf64> {
  ^bb0(%acc: tensor<4x16xf32>):
    bolt.yield %acc : tensor<4x16xf32>
  }
  func.return %d : tensor<4x16xf64>
}

// -----

// CHECK: bolt.gemm: rhs has unsupported element type i32 (supported: f32, f16, bf16)
func.func @gemm_i32_rhs(%a: tensor<4x8xf16>, %b: tensor<8x16xi32>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b : tensor<4x8xf16>, tensor<8x16xi32> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>):
    bolt.yield %acc : tensor<4x16xf32>
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// CHECK: bolt.gemm: the result has unsupported element type f64 (supported: f32, f16, bf16)
func.func @gemm_f64_result(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf64> {
  %d = bolt.gemm %a, %b : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf64> {
  ^bb0(%acc: tensor<4x16xf32>):
    bolt.yield %acc : tensor<4x16xf32>
  }
  func.return %d : tensor<4x16xf64>
}

// -----

// CHECK: bolt.gemm: operands and result must share one element type, got ['bf16', 'f16']
func.func @gemm_mixed_dtypes(%a: tensor<4x8xf16>, %b: tensor<8x16xbf16>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b : tensor<4x8xf16>, tensor<8x16xbf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>):
    bolt.yield %acc : tensor<4x16xf32>
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// CHECK: bolt.gemm: lhs must have a static shape, got tensor<?x8xf16>
func.func @gemm_dynamic(%a: tensor<?x8xf16>, %b: tensor<8x16xf16>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b : tensor<?x8xf16>, tensor<8x16xf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>):
    bolt.yield %acc : tensor<4x16xf32>
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// The accumulator is always f32, whatever the operands' type.
// CHECK: bolt.gemm: the epilogue block takes (accumulator, *extras) of types (tensor<4x16xf32>), got (tensor<4x16xf16>)
func.func @epilogue_acc_f16(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b : tensor<4x8xf16>, tensor<8x16xf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf16>):
    bolt.yield %acc : tensor<4x16xf16>
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// CHECK: bolt.gemm: the epilogue block takes (accumulator, *extras) of types (tensor<4x16xf32>, tensor<16xf16>), got (tensor<4x16xf32>)
func.func @epilogue_missing_extra(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>, %bias: tensor<16xf16>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b extras(%bias : tensor<16xf16>) : tensor<4x8xf16>, tensor<8x16xf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>):
    bolt.yield %acc : tensor<4x16xf32>
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// CHECK: bolt.gemm: the epilogue block takes (accumulator, *extras) of types (tensor<4x16xf32>, tensor<16xf16>), got (tensor<4x16xf32>, tensor<16xf32>)
func.func @epilogue_extra_type(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>, %bias: tensor<16xf16>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b extras(%bias : tensor<16xf16>) : tensor<4x8xf16>, tensor<8x16xf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>, %x: tensor<16xf32>):
    bolt.yield %acc : tensor<4x16xf32>
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// CHECK: bolt.gemm: extra 0 has unsupported element type f64 (supported: f32, f16, bf16)
func.func @epilogue_extra_f64(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>, %bias: tensor<16xf64>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b extras(%bias : tensor<16xf64>) : tensor<4x8xf16>, tensor<8x16xf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>, %x: tensor<16xf64>):
    bolt.yield %acc : tensor<4x16xf32>
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// CHECK: bolt.gemm: the epilogue yields shape [4], the result has [4, 16]
func.func @epilogue_yield_shape(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b : tensor<4x8xf16>, tensor<8x16xf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>):
    %r = bolt.reduce sum %acc dims [1] : tensor<4x16xf32> -> tensor<4xf32>
    bolt.yield %r : tensor<4xf32>
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// Only elementwise ops, broadcasts, reshapes and reductions fit an epilogue visitor tree.
// CHECK: bolt.gemm: bolt.softmax cannot appear in an epilogue (elementwise ops, broadcasts, reshapes and reductions only)
func.func @epilogue_softmax(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b : tensor<4x8xf16>, tensor<8x16xf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>):
    %s = bolt.softmax %acc axis 1 : tensor<4x16xf32> -> tensor<4x16xf32>
    bolt.yield %s : tensor<4x16xf32>
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// CHECK: bolt.gemm: bolt.transpose cannot appear in an epilogue (elementwise ops, broadcasts, reshapes and reductions only)
func.func @epilogue_transpose(%a: tensor<8x8xf16>, %b: tensor<8x8xf16>) -> tensor<8x8xf16> {
  %d = bolt.gemm %a, %b : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf16> {
  ^bb0(%acc: tensor<8x8xf32>):
    %t = bolt.transpose %acc permutation [1, 0] : tensor<8x8xf32> -> tensor<8x8xf32>
    bolt.yield %t : tensor<8x8xf32>
  }
  func.return %d : tensor<8x8xf16>
}

// -----

// CHECK: bolt.yield: yields exactly one value, got 2
func.func @epilogue_yield_two(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b : tensor<4x8xf16>, tensor<8x16xf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>):
    bolt.yield %acc, %acc : tensor<4x16xf32>, tensor<4x16xf32>
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// CHECK: Operation bolt.ew.relu terminates block in single-block region but is not a terminator
func.func @epilogue_no_yield(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b : tensor<4x8xf16>, tensor<8x16xf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>):
    %r = bolt.ew.relu %acc : tensor<4x16xf32> -> tensor<4x16xf32>
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// Another terminator: the region is well formed, but only bolt.yield hands the epilogue's value on.
// CHECK: bolt.gemm: the epilogue must end in bolt.yield
func.func @epilogue_ends_in_branch(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>) -> tensor<4x16xf16> {
  %d = bolt.gemm %a, %b : tensor<4x8xf16>, tensor<8x16xf16> -> tensor<4x16xf16> {
  ^bb0(%acc: tensor<4x16xf32>):
    cf.br ^bb0(%acc : tensor<4x16xf32>)
  }
  func.return %d : tensor<4x16xf16>
}

// -----

// An NHWC activation with an FCHW (NCHW-style) filter: the filter's last dim is read as C.
// CHECK: bolt.conv2d: the filter has 3 input channels, expected 16 (input channels 16 / groups 1) in nhwc layout
func.func @conv_nhwc_with_fchw_filter(%x: tensor<1x8x8x16xf16>, %w: tensor<32x16x3x3xf16>) -> tensor<1x6x6x32xf16> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x8x8x16xf16>, tensor<32x16x3x3xf16> -> tensor<1x6x6x32xf16> {
  ^bb0(%acc: tensor<1x6x6x32xf32>):
    bolt.yield %acc : tensor<1x6x6x32xf32>
  }
  func.return %y : tensor<1x6x6x32xf16>
}

// -----

// An NCHW activation declared with the wrong layout keyword.
// CHECK: bolt.conv2d: the filter has 3 input channels, expected 8 (input channels 8 / groups 1) in nhwc layout
func.func @conv_nchw_input_as_nhwc(%x: tensor<1x16x8x8xf16>, %w: tensor<32x16x3x3xf16>) -> tensor<1x32x6x6xf16> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x16x8x8xf16>, tensor<32x16x3x3xf16> -> tensor<1x32x6x6xf16> {
  ^bb0(%acc: tensor<1x32x6x6xf32>):
    bolt.yield %acc : tensor<1x32x6x6xf32>
  }
  func.return %y : tensor<1x32x6x6xf16>
}

// -----

// CHECK: bolt.conv2d: groups=3 must divide input channels 8 and filters 16
func.func @conv_groups_not_dividing(%x: tensor<1x8x8x8xf16>, %w: tensor<16x3x3x3xf16>) -> tensor<1x16x6x6xf16> {
  %y = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 3 : tensor<1x8x8x8xf16>, tensor<16x3x3x3xf16> -> tensor<1x16x6x6xf16> {
  ^bb0(%acc: tensor<1x16x6x6xf32>):
    bolt.yield %acc : tensor<1x16x6x6xf32>
  }
  func.return %y : tensor<1x16x6x6xf16>
}

// -----

// CHECK: bolt.conv2d: groups=0 must divide input channels 8 and filters 16
func.func @conv_groups_zero(%x: tensor<1x8x8x8xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<1x16x6x6xf16> {
  %y = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 0 : tensor<1x8x8x8xf16>, tensor<16x8x3x3xf16> -> tensor<1x16x6x6xf16> {
  ^bb0(%acc: tensor<1x16x6x6xf32>):
    bolt.yield %acc : tensor<1x16x6x6xf32>
  }
  func.return %y : tensor<1x16x6x6xf16>
}

// -----

// groups 2 needs a filter with C / 2 = 4 input channels.
// CHECK: bolt.conv2d: the filter has 8 input channels, expected 4 (input channels 8 / groups 2) in nchw layout
func.func @conv_grouped_filter_channels(%x: tensor<1x8x8x8xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<1x16x6x6xf16> {
  %y = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 2 : tensor<1x8x8x8xf16>, tensor<16x8x3x3xf16> -> tensor<1x16x6x6xf16> {
  ^bb0(%acc: tensor<1x16x6x6xf32>):
    bolt.yield %acc : tensor<1x16x6x6xf32>
  }
  func.return %y : tensor<1x16x6x6xf16>
}

// -----

// CHECK: bolt.conv2d: the input must be rank 4, got tensor<8x8x8xf16>
func.func @conv_input_rank3(%x: tensor<8x8x8xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<1x16x6x6xf16> {
  %y = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<8x8x8xf16>, tensor<16x8x3x3xf16> -> tensor<1x16x6x6xf16> {
  ^bb0(%acc: tensor<1x16x6x6xf32>):
    bolt.yield %acc : tensor<1x16x6x6xf32>
  }
  func.return %y : tensor<1x16x6x6xf16>
}

// -----

// CHECK: bolt.conv2d: the filter must be rank 4, got tensor<16x8x3x3x1xf16>
func.func @conv_filter_rank5(%x: tensor<1x8x8x8xf16>, %w: tensor<16x8x3x3x1xf16>) -> tensor<1x16x6x6xf16> {
  %y = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x8x3x3x1xf16> -> tensor<1x16x6x6xf16> {
  ^bb0(%acc: tensor<1x16x6x6xf32>):
    bolt.yield %acc : tensor<1x16x6x6xf32>
  }
  func.return %y : tensor<1x16x6x6xf16>
}

// -----

// CHECK: bolt.conv2d: strides must be two positive sizes, got [0, 1]
func.func @conv_stride_zero(%x: tensor<1x8x8x8xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<1x16x6x6xf16> {
  %y = bolt.conv2d nchw %x, %w strides [0, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x8x3x3xf16> -> tensor<1x16x6x6xf16> {
  ^bb0(%acc: tensor<1x16x6x6xf32>):
    bolt.yield %acc : tensor<1x16x6x6xf32>
  }
  func.return %y : tensor<1x16x6x6xf16>
}

// -----

// CHECK: bolt.conv2d: strides must be two positive sizes, got [1, 1, 1]
func.func @conv_three_strides(%x: tensor<1x8x8x8xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<1x16x6x6xf16> {
  %y = bolt.conv2d nchw %x, %w strides [1, 1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x8x3x3xf16> -> tensor<1x16x6x6xf16> {
  ^bb0(%acc: tensor<1x16x6x6xf32>):
    bolt.yield %acc : tensor<1x16x6x6xf32>
  }
  func.return %y : tensor<1x16x6x6xf16>
}

// -----

// Padding is [top, left, bottom, right], not torch's symmetric (h, w) pair.
// CHECK: bolt.conv2d: padding must be four non-negative sizes [top, left, bottom, right], got [1, 1]
func.func @conv_two_paddings(%x: tensor<1x8x8x8xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<1x16x8x8xf16> {
  %y = bolt.conv2d nchw %x, %w strides [1, 1] padding [1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x8x3x3xf16> -> tensor<1x16x8x8xf16> {
  ^bb0(%acc: tensor<1x16x8x8xf32>):
    bolt.yield %acc : tensor<1x16x8x8xf32>
  }
  func.return %y : tensor<1x16x8x8xf16>
}

// -----

// CHECK: bolt.conv2d: padding must be four non-negative sizes [top, left, bottom, right], got [-1, 0, 0, 0]
func.func @conv_negative_padding(%x: tensor<1x8x8x8xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<1x16x5x6xf16> {
  %y = bolt.conv2d nchw %x, %w strides [1, 1] padding [-1, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x8x3x3xf16> -> tensor<1x16x5x6xf16> {
  ^bb0(%acc: tensor<1x16x5x6xf32>):
    bolt.yield %acc : tensor<1x16x5x6xf32>
  }
  func.return %y : tensor<1x16x5x6xf16>
}

// -----

// CHECK: bolt.conv2d: dilations must be two positive sizes, got [1]
func.func @conv_one_dilation(%x: tensor<1x8x8x8xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<1x16x6x6xf16> {
  %y = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x8x3x3xf16> -> tensor<1x16x6x6xf16> {
  ^bb0(%acc: tensor<1x16x6x6xf32>):
    bolt.yield %acc : tensor<1x16x6x6xf32>
  }
  func.return %y : tensor<1x16x6x6xf16>
}

// -----

// Stride 2 halves the output: P = (8 + 2 - 3) / 2 + 1 = 4, not 8.
// CHECK: bolt.conv2d: result shape [1, 16, 8, 8] should be [1, 16, 4, 4]
func.func @conv_result_ignores_stride(%x: tensor<1x8x8x8xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<1x16x8x8xf16> {
  %y = bolt.conv2d nchw %x, %w strides [2, 2] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x8x3x3xf16> -> tensor<1x16x8x8xf16> {
  ^bb0(%acc: tensor<1x16x8x8xf32>):
    bolt.yield %acc : tensor<1x16x8x8xf32>
  }
  func.return %y : tensor<1x16x8x8xf16>
}

// -----

// NHWC results are N x P x Q x F, not N x F x P x Q.
// CHECK: bolt.conv2d: result shape [1, 16, 6, 6] should be [1, 6, 6, 16]
func.func @conv_nhwc_result_in_nchw_order(%x: tensor<1x8x8x8xf16>, %w: tensor<16x3x3x8xf16>) -> tensor<1x16x6x6xf16> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16> -> tensor<1x16x6x6xf16> {
  ^bb0(%acc: tensor<1x16x6x6xf32>):
    bolt.yield %acc : tensor<1x16x6x6xf32>
  }
  func.return %y : tensor<1x16x6x6xf16>
}

// -----

// Dilation 4 spreads a 3x3 filter over 9x9: it does not fit an 8x8 input.
// CHECK: bolt.conv2d: the filter window does not fit the padded input
func.func @conv_window_too_large(%x: tensor<1x8x8x8xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<1x16x1x1xf16> {
  %y = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [4, 4] groups 1 : tensor<1x8x8x8xf16>, tensor<16x8x3x3xf16> -> tensor<1x16x1x1xf16> {
  ^bb0(%acc: tensor<1x16x1x1xf32>):
    bolt.yield %acc : tensor<1x16x1x1xf32>
  }
  func.return %y : tensor<1x16x1x1xf16>
}

// -----

// CHECK: bolt.conv2d: the input has unsupported element type f64 (supported: f32, f16, bf16)
func.func @conv_f64(%x: tensor<1x8x8x8xf64>, %w: tensor<16x8x3x3xf64>) -> tensor<1x16x6x6xf64> {
  %y = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x8x8x8xf64>, tensor<16x8x3x3xf64> -> tensor<1x16x6x6xf64> {
  ^bb0(%acc: tensor<1x16x6x6xf32>):
    bolt.yield %acc : tensor<1x16x6x6xf32>
  }
  func.return %y : tensor<1x16x6x6xf64>
}

// -----

// CHECK: bolt.conv2d: the filter has unsupported element type i32 (supported: f32, f16, bf16)
func.func @conv_i32_filter(%x: tensor<1x8x8x8xf16>, %w: tensor<16x8x3x3xi32>) -> tensor<1x16x6x6xf16> {
  %y = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x8x3x3xi32> -> tensor<1x16x6x6xf16> {
  ^bb0(%acc: tensor<1x16x6x6xf32>):
    bolt.yield %acc : tensor<1x16x6x6xf32>
  }
  func.return %y : tensor<1x16x6x6xf16>
}

// -----

// CHECK: bolt.conv2d: operands and result must share one element type, got ['bf16', 'f16']
func.func @conv_mixed_dtypes(%x: tensor<1x8x8x8xbf16>, %w: tensor<16x8x3x3xf16>) -> tensor<1x16x6x6xf16> {
  %y = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x8x8x8xbf16>, tensor<16x8x3x3xf16> -> tensor<1x16x6x6xf16> {
  ^bb0(%acc: tensor<1x16x6x6xf32>):
    bolt.yield %acc : tensor<1x16x6x6xf32>
  }
  func.return %y : tensor<1x16x6x6xf16>
}

// -----

// CHECK: bolt.conv2d: the epilogue block takes (accumulator, *extras) of types (tensor<1x16x6x6xf32>), got (tensor<1x16x8x8xf32>)
func.func @conv_epilogue_acc_shape(%x: tensor<1x8x8x8xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<1x16x6x6xf16> {
  %y = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x8x3x3xf16> -> tensor<1x16x6x6xf16> {
  ^bb0(%acc: tensor<1x16x8x8xf32>):
    bolt.yield %acc : tensor<1x16x8x8xf32>
  }
  func.return %y : tensor<1x16x6x6xf16>
}

// -----

// CHECK: Expected `nchw`, or `nhwc`.
func.func @conv_bad_layout(%x: tensor<1x8x8x8xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<1x16x6x6xf16> {
  %y = bolt.conv2d nwhc %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x8x3x3xf16> -> tensor<1x16x6x6xf16> {
  ^bb0(%acc: tensor<1x16x6x6xf32>):
    bolt.yield %acc : tensor<1x16x6x6xf32>
  }
  func.return %y : tensor<1x16x6x6xf16>
}

// -----

// The generic form can spell a layout the enum does not have.
// CHECK: Expected `nchw`, or `nhwc`.
func.func @conv_bad_layout_generic(%x: tensor<1x8x8x8xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<1x16x6x6xf16> {
  %y = "bolt.conv2d"(%x, %w) <{layout = #bolt<layout chwn>, strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, groups = 1 : i64, operandSegmentSizes = array<i32: 1, 1, 0>}> ({
  ^bb0(%acc: tensor<1x16x6x6xf32>):
    "bolt.yield"(%acc) : (tensor<1x16x6x6xf32>) -> ()
  }) : (tensor<1x8x8x8xf16>, tensor<16x8x3x3xf16>) -> tensor<1x16x6x6xf16>
  func.return %y : tensor<1x16x6x6xf16>
}

// -----

// groups is an i64 attribute, not a list.
// CHECK: array<i64: 1> should be of base attribute integer
func.func @conv_groups_list(%x: tensor<1x8x8x8xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<1x16x6x6xf16> {
  %y = "bolt.conv2d"(%x, %w) <{layout = #bolt<layout nchw>, strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, groups = array<i64: 1>, operandSegmentSizes = array<i32: 1, 1, 0>}> ({
  ^bb0(%acc: tensor<1x16x6x6xf32>):
    "bolt.yield"(%acc) : (tensor<1x16x6x6xf32>) -> ()
  }) : (tensor<1x8x8x8xf16>, tensor<16x8x3x3xf16>) -> tensor<1x16x6x6xf16>
  func.return %y : tensor<1x16x6x6xf16>
}
