// RUN: boltc-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck --match-full-lines %s

// Verifier failures of bolt.b2b: what two anchors may be fused into one kernel.
// --verify-diagnostics exits 0 and prints each chunk's diagnostic in place of failing, so the
// check line in each chunk is the test: the whole diagnostic line boltc-opt prints for it.

// A GEMM feeding a convolution is not a b2b kernel.
// CHECK: bolt.b2b: both anchors must be of one kind (gemm or conv2d)
func.func @b2b_mixed_kinds(%a: tensor<8x16xf16>, %w0: tensor<16x16xf16>, %x: tensor<1x16x8x8xf16>, %w1: tensor<16x16x1x1xf16>) -> tensor<1x16x8x8xf16> {
  %y = bolt.b2b registers (%a, %w0, %x, %w1) : (tensor<8x16xf16>, tensor<16x16xf16>, tensor<1x16x8x8xf16>, tensor<16x16x1x1xf16>) -> tensor<1x16x8x8xf16> {
  ^bb0(%i: tensor<8x16xf16>, %f0: tensor<16x16xf16>, %j: tensor<1x16x8x8xf16>, %f1: tensor<16x16x1x1xf16>):
    %h = bolt.gemm %i, %f0 : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    %o = bolt.conv2d nchw %j, %f1 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x16x8x8xf16>, tensor<16x16x1x1xf16> -> tensor<1x16x8x8xf16> {
    ^bb0(%acc: tensor<1x16x8x8xf32>):
      bolt.yield %acc : tensor<1x16x8x8xf32>
    }
    bolt.yield %o : tensor<1x16x8x8xf16>
  }
  func.return %y : tensor<1x16x8x8xf16>
}

// -----

// CHECK: bolt.b2b: the body must hold exactly two anchors and a yield
func.func @b2b_one_anchor(%a: tensor<8x16xf16>, %w0: tensor<16x32xf16>) -> tensor<8x32xf16> {
  %y = bolt.b2b registers (%a, %w0) : (tensor<8x16xf16>, tensor<16x32xf16>) -> tensor<8x32xf16> {
  ^bb0(%i: tensor<8x16xf16>, %f0: tensor<16x32xf16>):
    %h = bolt.gemm %i, %f0 : tensor<8x16xf16>, tensor<16x32xf16> -> tensor<8x32xf16> {
    ^bb0(%acc: tensor<8x32xf32>):
      bolt.yield %acc : tensor<8x32xf32>
    }
    bolt.yield %h : tensor<8x32xf16>
  }
  func.return %y : tensor<8x32xf16>
}

// -----

// CHECK: bolt.b2b: the body must hold exactly two anchors and a yield
func.func @b2b_three_anchors(%a: tensor<8x16xf16>, %w: tensor<16x16xf16>) -> tensor<8x16xf16> {
  %y = bolt.b2b registers (%a, %w) : (tensor<8x16xf16>, tensor<16x16xf16>) -> tensor<8x16xf16> {
  ^bb0(%i: tensor<8x16xf16>, %f: tensor<16x16xf16>):
    %h0 = bolt.gemm %i, %f : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    %h1 = bolt.gemm %h0, %f : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    %h2 = bolt.gemm %h1, %f : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    bolt.yield %h2 : tensor<8x16xf16>
  }
  func.return %y : tensor<8x16xf16>
}

// -----

// An activation between the GEMMs belongs in the first one's epilogue.
// CHECK: bolt.b2b: the body must hold exactly two anchors and a yield
func.func @b2b_op_between(%a: tensor<8x16xf16>, %w0: tensor<16x32xf16>, %w1: tensor<32x8xf16>) -> tensor<8x8xf16> {
  %y = bolt.b2b registers (%a, %w0, %w1) : (tensor<8x16xf16>, tensor<16x32xf16>, tensor<32x8xf16>) -> tensor<8x8xf16> {
  ^bb0(%i: tensor<8x16xf16>, %f0: tensor<16x32xf16>, %f1: tensor<32x8xf16>):
    %h = bolt.gemm %i, %f0 : tensor<8x16xf16>, tensor<16x32xf16> -> tensor<8x32xf16> {
    ^bb0(%acc: tensor<8x32xf32>):
      bolt.yield %acc : tensor<8x32xf32>
    }
    %r = bolt.ew.relu %h : tensor<8x32xf16> -> tensor<8x32xf16>
    %o = bolt.gemm %r, %f1 : tensor<8x32xf16>, tensor<32x8xf16> -> tensor<8x8xf16> {
    ^bb0(%acc: tensor<8x8xf32>):
      bolt.yield %acc : tensor<8x8xf32>
    }
    bolt.yield %o : tensor<8x8xf16>
  }
  func.return %y : tensor<8x8xf16>
}

// -----

// The first product must be the second GEMM's lhs, not its rhs.
// CHECK: bolt.b2b: the second anchor must take the first one's result as its lhs/input
func.func @b2b_intermediate_as_rhs(%a: tensor<16x16xf16>, %w0: tensor<16x16xf16>, %b: tensor<8x16xf16>) -> tensor<8x16xf16> {
  %y = bolt.b2b registers (%a, %w0, %b) : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<8x16xf16>) -> tensor<8x16xf16> {
  ^bb0(%i: tensor<16x16xf16>, %f0: tensor<16x16xf16>, %l: tensor<8x16xf16>):
    %h = bolt.gemm %i, %f0 : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf16> {
    ^bb0(%acc: tensor<16x16xf32>):
      bolt.yield %acc : tensor<16x16xf32>
    }
    %o = bolt.gemm %l, %h : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    bolt.yield %o : tensor<8x16xf16>
  }
  func.return %y : tensor<8x16xf16>
}

// -----

// The first product also feeds the second's epilogue as a residual: it would have to leave the chip.
// CHECK: bolt.b2b: the intermediate result must have exactly one use
func.func @b2b_intermediate_two_uses(%a: tensor<8x16xf16>, %w0: tensor<16x16xf16>, %w1: tensor<16x16xf16>) -> tensor<8x16xf16> {
  %y = bolt.b2b shared_memory (%a, %w0, %w1) : (tensor<8x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>) -> tensor<8x16xf16> {
  ^bb0(%i: tensor<8x16xf16>, %f0: tensor<16x16xf16>, %f1: tensor<16x16xf16>):
    %h = bolt.gemm %i, %f0 : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    %o = bolt.gemm %h, %f1 extras(%h : tensor<8x16xf16>) : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>, %res: tensor<8x16xf16>):
      %r = bolt.ew.cast %res : tensor<8x16xf16> -> tensor<8x16xf32>
      %s = bolt.ew.add %acc, %r : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
      bolt.yield %s : tensor<8x16xf32>
    }
    bolt.yield %o : tensor<8x16xf16>
  }
  func.return %y : tensor<8x16xf16>
}

// -----

// Yielding a block argument instead of the second GEMM's result.
// CHECK: bolt.b2b: the body must yield the second anchor's result
func.func @b2b_yields_input(%a: tensor<8x16xf16>, %w0: tensor<16x16xf16>, %w1: tensor<16x16xf16>) -> tensor<8x16xf16> {
  %y = bolt.b2b registers (%a, %w0, %w1) : (tensor<8x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>) -> tensor<8x16xf16> {
  ^bb0(%i: tensor<8x16xf16>, %f0: tensor<16x16xf16>, %f1: tensor<16x16xf16>):
    %h = bolt.gemm %i, %f0 : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    %o = bolt.gemm %h, %f1 : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    bolt.yield %i : tensor<8x16xf16>
  }
  func.return %y : tensor<8x16xf16>
}

// -----

// CHECK: bolt.b2b: the result type must be the second anchor's
func.func @b2b_result_type(%a: tensor<8x16xf16>, %w0: tensor<16x16xf16>, %w1: tensor<16x16xf16>) -> tensor<8x16xf32> {
  %y = bolt.b2b registers (%a, %w0, %w1) : (tensor<8x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>) -> tensor<8x16xf32> {
  ^bb0(%i: tensor<8x16xf16>, %f0: tensor<16x16xf16>, %f1: tensor<16x16xf16>):
    %h = bolt.gemm %i, %f0 : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    %o = bolt.gemm %h, %f1 : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    bolt.yield %o : tensor<8x16xf16>
  }
  func.return %y : tensor<8x16xf32>
}

// -----

// CHECK: bolt.b2b: block arguments must match the operands' types
func.func @b2b_block_args(%a: tensor<8x16xf16>, %w0: tensor<16x16xf16>, %w1: tensor<16x16xf16>) -> tensor<8x16xf16> {
  %y = bolt.b2b registers (%a, %w0, %w1) : (tensor<8x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>) -> tensor<8x16xf16> {
  ^bb0(%i: tensor<8x16xf16>, %f0: tensor<16x16xf16>):
    %h = bolt.gemm %i, %f0 : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    %o = bolt.gemm %h, %f0 : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    bolt.yield %o : tensor<8x16xf16>
  }
  func.return %y : tensor<8x16xf16>
}

// -----

// The second convolution must be 1x1: a 3x3 one needs a halo of the first's output.
// CHECK: bolt.b2b: the second convolution must be 1x1, stride 1, unpadded
func.func @b2b_second_conv_3x3(%x: tensor<1x16x8x8xf16>, %w0: tensor<16x16x3x3xf16>, %w1: tensor<16x16x3x3xf16>) -> tensor<1x16x8x8xf16> {
  %y = bolt.b2b shared_memory (%x, %w0, %w1) : (tensor<1x16x8x8xf16>, tensor<16x16x3x3xf16>, tensor<16x16x3x3xf16>) -> tensor<1x16x8x8xf16> {
  ^bb0(%i: tensor<1x16x8x8xf16>, %f0: tensor<16x16x3x3xf16>, %f1: tensor<16x16x3x3xf16>):
    %h = bolt.conv2d nchw %i, %f0 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x16x8x8xf16>, tensor<16x16x3x3xf16> -> tensor<1x16x8x8xf16> {
    ^bb0(%acc: tensor<1x16x8x8xf32>):
      bolt.yield %acc : tensor<1x16x8x8xf32>
    }
    %o = bolt.conv2d nchw %h, %f1 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x16x8x8xf16>, tensor<16x16x3x3xf16> -> tensor<1x16x8x8xf16> {
    ^bb0(%acc: tensor<1x16x8x8xf32>):
      bolt.yield %acc : tensor<1x16x8x8xf32>
    }
    bolt.yield %o : tensor<1x16x8x8xf16>
  }
  func.return %y : tensor<1x16x8x8xf16>
}

// -----

// CHECK: bolt.b2b: the second convolution must be 1x1, stride 1, unpadded
func.func @b2b_second_conv_strided(%x: tensor<1x16x8x8xf16>, %w0: tensor<16x16x3x3xf16>, %w1: tensor<32x16x1x1xf16>) -> tensor<1x32x4x4xf16> {
  %y = bolt.b2b shared_memory (%x, %w0, %w1) : (tensor<1x16x8x8xf16>, tensor<16x16x3x3xf16>, tensor<32x16x1x1xf16>) -> tensor<1x32x4x4xf16> {
  ^bb0(%i: tensor<1x16x8x8xf16>, %f0: tensor<16x16x3x3xf16>, %f1: tensor<32x16x1x1xf16>):
    %h = bolt.conv2d nchw %i, %f0 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x16x8x8xf16>, tensor<16x16x3x3xf16> -> tensor<1x16x8x8xf16> {
    ^bb0(%acc: tensor<1x16x8x8xf32>):
      bolt.yield %acc : tensor<1x16x8x8xf32>
    }
    %o = bolt.conv2d nchw %h, %f1 strides [2, 2] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x16x8x8xf16>, tensor<32x16x1x1xf16> -> tensor<1x32x4x4xf16> {
    ^bb0(%acc: tensor<1x32x4x4xf32>):
      bolt.yield %acc : tensor<1x32x4x4xf32>
    }
    bolt.yield %o : tensor<1x32x4x4xf16>
  }
  func.return %y : tensor<1x32x4x4xf16>
}

// -----

// CHECK: bolt.b2b: the second convolution must be 1x1, stride 1, unpadded
func.func @b2b_second_conv_padded(%x: tensor<1x8x8x16xf16>, %w0: tensor<16x3x3x16xf16>, %w1: tensor<32x1x1x16xf16>) -> tensor<1x10x10x32xf16> {
  %y = bolt.b2b registers (%x, %w0, %w1) : (tensor<1x8x8x16xf16>, tensor<16x3x3x16xf16>, tensor<32x1x1x16xf16>) -> tensor<1x10x10x32xf16> {
  ^bb0(%i: tensor<1x8x8x16xf16>, %f0: tensor<16x3x3x16xf16>, %f1: tensor<32x1x1x16xf16>):
    %h = bolt.conv2d nhwc %i, %f0 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x16xf16>, tensor<16x3x3x16xf16> -> tensor<1x8x8x16xf16> {
    ^bb0(%acc: tensor<1x8x8x16xf32>):
      bolt.yield %acc : tensor<1x8x8x16xf32>
    }
    %o = bolt.conv2d nhwc %h, %f1 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x16xf16>, tensor<32x1x1x16xf16> -> tensor<1x10x10x32xf16> {
    ^bb0(%acc: tensor<1x10x10x32xf32>):
      bolt.yield %acc : tensor<1x10x10x32xf32>
    }
    bolt.yield %o : tensor<1x10x10x32xf16>
  }
  func.return %y : tensor<1x10x10x32xf16>
}

// -----

// One kernel, one layout: an NCHW conv cannot hand its tile to an NHWC one (the shapes line up
// only because the 8x8x8 activation is cubic).
// CHECK: bolt.b2b: both convolutions must use one layout, got nchw and nhwc
func.func @b2b_mixed_layouts(%x: tensor<1x8x8x8xf16>, %w0: tensor<8x8x1x1xf16>, %w1: tensor<8x1x1x8xf16>) -> tensor<1x8x8x8xf16> {
  %y = bolt.b2b registers (%x, %w0, %w1) : (tensor<1x8x8x8xf16>, tensor<8x8x1x1xf16>, tensor<8x1x1x8xf16>) -> tensor<1x8x8x8xf16> {
  ^bb0(%i: tensor<1x8x8x8xf16>, %f0: tensor<8x8x1x1xf16>, %f1: tensor<8x1x1x8xf16>):
    %h = bolt.conv2d nchw %i, %f0 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<8x8x1x1xf16> -> tensor<1x8x8x8xf16> {
    ^bb0(%acc: tensor<1x8x8x8xf32>):
      bolt.yield %acc : tensor<1x8x8x8xf32>
    }
    %o = bolt.conv2d nhwc %h, %f1 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<8x1x1x8xf16> -> tensor<1x8x8x8xf16> {
    ^bb0(%acc: tensor<1x8x8x8xf32>):
      bolt.yield %acc : tensor<1x8x8x8xf32>
    }
    bolt.yield %o : tensor<1x8x8x8xf16>
  }
  func.return %y : tensor<1x8x8x8xf16>
}

// -----

// A wrong dtype inside the body is reported by the anchor that holds it.
// CHECK: bolt.gemm: rhs has unsupported element type f64 (supported: f32, f16, bf16)
func.func @b2b_f64_weights(%a: tensor<8x16xf16>, %w0: tensor<16x16xf64>, %w1: tensor<16x16xf16>) -> tensor<8x16xf16> {
  %y = bolt.b2b registers (%a, %w0, %w1) : (tensor<8x16xf16>, tensor<16x16xf64>, tensor<16x16xf16>) -> tensor<8x16xf16> {
  ^bb0(%i: tensor<8x16xf16>, %f0: tensor<16x16xf64>, %f1: tensor<16x16xf16>):
    %h = bolt.gemm %i, %f0 : tensor<8x16xf16>, tensor<16x16xf64> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    %o = bolt.gemm %h, %f1 : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    bolt.yield %o : tensor<8x16xf16>
  }
  func.return %y : tensor<8x16xf16>
}

// -----

// CHECK: Expected `registers`, or `shared_memory`.
func.func @b2b_bad_residence(%a: tensor<8x16xf16>, %w0: tensor<16x16xf16>, %w1: tensor<16x16xf16>) -> tensor<8x16xf16> {
  %y = bolt.b2b global_memory (%a, %w0, %w1) : (tensor<8x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>) -> tensor<8x16xf16> {
  ^bb0(%i: tensor<8x16xf16>, %f0: tensor<16x16xf16>, %f1: tensor<16x16xf16>):
    %h = bolt.gemm %i, %f0 : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    %o = bolt.gemm %h, %f1 : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    bolt.yield %o : tensor<8x16xf16>
  }
  func.return %y : tensor<8x16xf16>
}

// -----

// CHECK: #bolt.kernel: tile, cluster and stages must be positive (or stages auto)
func.func @b2b_bad_kernel(%a: tensor<8x16xf16>, %w0: tensor<16x16xf16>, %w1: tensor<16x16xf16>) -> tensor<8x16xf16> {
  %y = bolt.b2b registers (%a, %w0, %w1) {kernel = #bolt.kernel<"b2b_gemm_sm80", tile [64, 0, 32], cluster [1, 1, 1], stages 2, "rf">} : (tensor<8x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>) -> tensor<8x16xf16> {
  ^bb0(%i: tensor<8x16xf16>, %f0: tensor<16x16xf16>, %f1: tensor<16x16xf16>):
    %h = bolt.gemm %i, %f0 : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    %o = bolt.gemm %h, %f1 : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    bolt.yield %o : tensor<8x16xf16>
  }
  func.return %y : tensor<8x16xf16>
}

// -----

// The second GEMM reads its weight from outside the body: the kernel's operands are the b2b's,
// by block argument, so it would be bound to whichever operand shares its index.
// CHECK: bolt.b2b: the anchors must read only the body's block arguments (and the first's result)
func.func @b2b_outside_value(%a: tensor<8x16xf16>, %w0: tensor<16x16xf16>, %w1: tensor<16x16xf16>) -> tensor<8x16xf16> {
  %y = bolt.b2b registers (%a, %w0) : (tensor<8x16xf16>, tensor<16x16xf16>) -> tensor<8x16xf16> {
  ^bb0(%i: tensor<8x16xf16>, %f0: tensor<16x16xf16>):
    %h = bolt.gemm %i, %f0 : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    %o = bolt.gemm %h, %w1 : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf16> {
    ^bb0(%acc: tensor<8x16xf32>):
      bolt.yield %acc : tensor<8x16xf32>
    }
    bolt.yield %o : tensor<8x16xf16>
  }
  func.return %y : tensor<8x16xf16>
}
