// RUN: boltc-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck --match-full-lines %s

// Verifier failures of bolt.conv_pool: what a convolution and a pool may be fused into one kernel.
// --verify-diagnostics exits 0 and prints each chunk's diagnostic in place of failing, so the
// check line in each chunk is the test: the whole diagnostic line boltc-opt prints for it.

// An average pool is not the kernel's: it pools by max.
// CHECK: bolt.conv_pool: the pool must be a max pool, got avg
func.func @conv_pool_avg(%x: tensor<1x8x8x8xf16>, %w: tensor<16x3x3x8xf16>) -> tensor<1x4x4x16xf16> {
  %z = bolt.conv_pool(%x, %w) : (tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16>) -> tensor<1x4x4x16xf16> {
  ^bb0(%i: tensor<1x8x8x8xf16>, %f: tensor<16x3x3x8xf16>):
    %y = bolt.conv2d nhwc %i, %f strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16> -> tensor<1x8x8x16xf16> {
    ^bb0(%acc: tensor<1x8x8x16xf32>):
      bolt.yield %acc : tensor<1x8x8x16xf32>
    }
    %p = bolt.pool2d avg nhwc %y window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x8x8x16xf16> -> tensor<1x4x4x16xf16>
    bolt.yield %p : tensor<1x4x4x16xf16>
  }
  func.return %z : tensor<1x4x4x16xf16>
}

// -----

// The pool reads the image, not the convolution (whose result nothing reads).
// CHECK: bolt.conv_pool: the pool must read the convolution's result, its only use
func.func @conv_pool_pool_reads_input(%x: tensor<1x8x8x8xf16>, %w: tensor<16x3x3x8xf16>) -> tensor<1x4x4x8xf16> {
  %z = bolt.conv_pool(%x, %w) : (tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16>) -> tensor<1x4x4x8xf16> {
  ^bb0(%i: tensor<1x8x8x8xf16>, %f: tensor<16x3x3x8xf16>):
    %y = bolt.conv2d nhwc %i, %f strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16> -> tensor<1x8x8x16xf16> {
    ^bb0(%acc: tensor<1x8x8x16xf32>):
      bolt.yield %acc : tensor<1x8x8x16xf32>
    }
    %p = bolt.pool2d max nhwc %i window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x8x8x8xf16> -> tensor<1x4x4x8xf16>
    bolt.yield %p : tensor<1x4x4x8xf16>
  }
  func.return %z : tensor<1x4x4x8xf16>
}

// -----

// The convolution's result is yielded as well as pooled: a second use, which would have to
// leave the chip (and the pool's result is dropped).
// CHECK: bolt.conv_pool: the pool must read the convolution's result, its only use
func.func @conv_pool_conv_yielded(%x: tensor<1x8x8x8xf16>, %w: tensor<16x3x3x8xf16>) -> tensor<1x8x8x16xf16> {
  %z = bolt.conv_pool(%x, %w) : (tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16>) -> tensor<1x8x8x16xf16> {
  ^bb0(%i: tensor<1x8x8x8xf16>, %f: tensor<16x3x3x8xf16>):
    %y = bolt.conv2d nhwc %i, %f strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16> -> tensor<1x8x8x16xf16> {
    ^bb0(%acc: tensor<1x8x8x16xf32>):
      bolt.yield %acc : tensor<1x8x8x16xf32>
    }
    %p = bolt.pool2d max nhwc %y window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x8x8x16xf16> -> tensor<1x4x4x16xf16>
    bolt.yield %y : tensor<1x8x8x16xf16>
  }
  func.return %z : tensor<1x8x8x16xf16>
}

// -----

// Yielding a block argument instead of the pool's result.
// CHECK: bolt.conv_pool: the body must yield the pool's result
func.func @conv_pool_yields_input(%x: tensor<1x8x8x8xf16>, %w: tensor<16x3x3x8xf16>) -> tensor<1x8x8x8xf16> {
  %z = bolt.conv_pool(%x, %w) : (tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16>) -> tensor<1x8x8x8xf16> {
  ^bb0(%i: tensor<1x8x8x8xf16>, %f: tensor<16x3x3x8xf16>):
    %y = bolt.conv2d nhwc %i, %f strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16> -> tensor<1x8x8x16xf16> {
    ^bb0(%acc: tensor<1x8x8x16xf32>):
      bolt.yield %acc : tensor<1x8x8x16xf32>
    }
    %p = bolt.pool2d max nhwc %y window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x8x8x16xf16> -> tensor<1x4x4x16xf16>
    bolt.yield %i : tensor<1x8x8x8xf16>
  }
  func.return %z : tensor<1x8x8x8xf16>
}

// -----

// CHECK: bolt.conv_pool: the result type must be the pool's
func.func @conv_pool_result_type(%x: tensor<1x8x8x8xf16>, %w: tensor<16x3x3x8xf16>) -> tensor<1x4x4x16xbf16> {
  %z = bolt.conv_pool(%x, %w) : (tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16>) -> tensor<1x4x4x16xbf16> {
  ^bb0(%i: tensor<1x8x8x8xf16>, %f: tensor<16x3x3x8xf16>):
    %y = bolt.conv2d nhwc %i, %f strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16> -> tensor<1x8x8x16xf16> {
    ^bb0(%acc: tensor<1x8x8x16xf32>):
      bolt.yield %acc : tensor<1x8x8x16xf32>
    }
    %p = bolt.pool2d max nhwc %y window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x8x8x16xf16> -> tensor<1x4x4x16xf16>
    bolt.yield %p : tensor<1x4x4x16xf16>
  }
  func.return %z : tensor<1x4x4x16xbf16>
}

// -----

// CHECK: bolt.conv_pool: block arguments must match the operands' types
func.func @conv_pool_block_args(%x: tensor<1x8x8x8xf16>, %w: tensor<16x3x3x8xf16>) -> tensor<1x4x4x16xf16> {
  %z = bolt.conv_pool(%x, %w) : (tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16>) -> tensor<1x4x4x16xf16> {
  ^bb0(%i: tensor<1x8x8x8xf16>, %f: tensor<16x3x3x8xf16>, %g: tensor<16x3x3x8xf16>):
    %y = bolt.conv2d nhwc %i, %f strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16> -> tensor<1x8x8x16xf16> {
    ^bb0(%acc: tensor<1x8x8x16xf32>):
      bolt.yield %acc : tensor<1x8x8x16xf32>
    }
    %p = bolt.pool2d max nhwc %y window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x8x8x16xf16> -> tensor<1x4x4x16xf16>
    bolt.yield %p : tensor<1x4x4x16xf16>
  }
  func.return %z : tensor<1x4x4x16xf16>
}

// -----

// NCHW (before layout-nhwc): the kernel reads and writes NHWC.
// CHECK: bolt.conv_pool: the convolution and the pool must both be NHWC
func.func @conv_pool_nchw(%x: tensor<1x8x8x8xf16>, %w: tensor<16x8x3x3xf16>) -> tensor<1x16x4x4xf16> {
  %z = bolt.conv_pool(%x, %w) : (tensor<1x8x8x8xf16>, tensor<16x8x3x3xf16>) -> tensor<1x16x4x4xf16> {
  ^bb0(%i: tensor<1x8x8x8xf16>, %f: tensor<16x8x3x3xf16>):
    %y = bolt.conv2d nchw %i, %f strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x8x3x3xf16> -> tensor<1x16x8x8xf16> {
    ^bb0(%acc: tensor<1x16x8x8xf32>):
      bolt.yield %acc : tensor<1x16x8x8xf32>
    }
    %p = bolt.pool2d max nchw %y window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x16x8x8xf16> -> tensor<1x16x4x4xf16>
    bolt.yield %p : tensor<1x16x4x4xf16>
  }
  func.return %z : tensor<1x16x4x4xf16>
}

// -----

// An NHWC convolution read by an NCHW pool (which takes the 1x8x8x16 result for 8 channels
// of 8x16).
// CHECK: bolt.conv_pool: the convolution and the pool must both be NHWC
func.func @conv_pool_nchw_pool(%x: tensor<1x8x8x8xf16>, %w: tensor<16x3x3x8xf16>) -> tensor<1x8x4x8xf16> {
  %z = bolt.conv_pool(%x, %w) : (tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16>) -> tensor<1x8x4x8xf16> {
  ^bb0(%i: tensor<1x8x8x8xf16>, %f: tensor<16x3x3x8xf16>):
    %y = bolt.conv2d nhwc %i, %f strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16> -> tensor<1x8x8x16xf16> {
    ^bb0(%acc: tensor<1x8x8x16xf32>):
      bolt.yield %acc : tensor<1x8x8x16xf32>
    }
    %p = bolt.pool2d max nchw %y window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x8x8x16xf16> -> tensor<1x8x4x8xf16>
    bolt.yield %p : tensor<1x8x4x8xf16>
  }
  func.return %z : tensor<1x8x4x8xf16>
}

// -----

// A convolution alone is a bolt.conv2d.
// CHECK: bolt.conv_pool: the body must hold a bolt.conv2d, a bolt.pool2d and a yield, in order
func.func @conv_pool_no_pool(%x: tensor<1x8x8x8xf16>, %w: tensor<16x3x3x8xf16>) -> tensor<1x8x8x16xf16> {
  %z = bolt.conv_pool(%x, %w) : (tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16>) -> tensor<1x8x8x16xf16> {
  ^bb0(%i: tensor<1x8x8x8xf16>, %f: tensor<16x3x3x8xf16>):
    %y = bolt.conv2d nhwc %i, %f strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16> -> tensor<1x8x8x16xf16> {
    ^bb0(%acc: tensor<1x8x8x16xf32>):
      bolt.yield %acc : tensor<1x8x8x16xf32>
    }
    bolt.yield %y : tensor<1x8x8x16xf16>
  }
  func.return %z : tensor<1x8x8x16xf16>
}

// -----

// A pool alone, of the image.
// CHECK: bolt.conv_pool: the body must hold a bolt.conv2d, a bolt.pool2d and a yield, in order
func.func @conv_pool_no_conv(%x: tensor<1x8x8x8xf16>, %w: tensor<16x3x3x8xf16>) -> tensor<1x4x4x8xf16> {
  %z = bolt.conv_pool(%x, %w) : (tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16>) -> tensor<1x4x4x8xf16> {
  ^bb0(%i: tensor<1x8x8x8xf16>, %f: tensor<16x3x3x8xf16>):
    %p = bolt.pool2d max nhwc %i window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x8x8x8xf16> -> tensor<1x4x4x8xf16>
    bolt.yield %p : tensor<1x4x4x8xf16>
  }
  func.return %z : tensor<1x4x4x8xf16>
}

// -----

// An activation between the convolution and the pool belongs in the convolution's epilogue.
// CHECK: bolt.conv_pool: the body must hold a bolt.conv2d, a bolt.pool2d and a yield, in order
func.func @conv_pool_op_between(%x: tensor<1x8x8x8xf16>, %w: tensor<16x3x3x8xf16>) -> tensor<1x4x4x16xf16> {
  %z = bolt.conv_pool(%x, %w) : (tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16>) -> tensor<1x4x4x16xf16> {
  ^bb0(%i: tensor<1x8x8x8xf16>, %f: tensor<16x3x3x8xf16>):
    %y = bolt.conv2d nhwc %i, %f strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16> -> tensor<1x8x8x16xf16> {
    ^bb0(%acc: tensor<1x8x8x16xf32>):
      bolt.yield %acc : tensor<1x8x8x16xf32>
    }
    %r = bolt.ew.relu %y : tensor<1x8x8x16xf16> -> tensor<1x8x8x16xf16>
    %p = bolt.pool2d max nhwc %r window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x8x8x16xf16> -> tensor<1x4x4x16xf16>
    bolt.yield %p : tensor<1x4x4x16xf16>
  }
  func.return %z : tensor<1x4x4x16xf16>
}

// -----

// Two pools of the one convolution: the fused kernel writes one pooled tensor.
// CHECK: bolt.conv_pool: the body must hold a bolt.conv2d, a bolt.pool2d and a yield, in order
func.func @conv_pool_two_pools(%x: tensor<1x8x8x8xf16>, %w: tensor<16x3x3x8xf16>) -> tensor<1x2x2x16xf16> {
  %z = bolt.conv_pool(%x, %w) : (tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16>) -> tensor<1x2x2x16xf16> {
  ^bb0(%i: tensor<1x8x8x8xf16>, %f: tensor<16x3x3x8xf16>):
    %y = bolt.conv2d nhwc %i, %f strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16> -> tensor<1x8x8x16xf16> {
    ^bb0(%acc: tensor<1x8x8x16xf32>):
      bolt.yield %acc : tensor<1x8x8x16xf32>
    }
    %p = bolt.pool2d max nhwc %y window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x8x8x16xf16> -> tensor<1x4x4x16xf16>
    %q = bolt.pool2d max nhwc %p window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x4x4x16xf16> -> tensor<1x2x2x16xf16>
    bolt.yield %q : tensor<1x2x2x16xf16>
  }
  func.return %z : tensor<1x2x2x16xf16>
}

// -----

// The convolution reads the filter from outside the body: the kernel's operands are the op's,
// by block argument, so this one would be bound to whichever operand shares its index.
// CHECK: bolt.conv_pool: the convolution must read only the body's block arguments
func.func @conv_pool_outside_value(%x: tensor<1x8x8x8xf16>, %w: tensor<16x3x3x8xf16>) -> tensor<1x4x4x16xf16> {
  %z = bolt.conv_pool(%w, %x) : (tensor<16x3x3x8xf16>, tensor<1x8x8x8xf16>) -> tensor<1x4x4x16xf16> {
  ^bb0(%a: tensor<16x3x3x8xf16>, %i: tensor<1x8x8x8xf16>):
    %y = bolt.conv2d nhwc %i, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16> -> tensor<1x8x8x16xf16> {
    ^bb0(%acc: tensor<1x8x8x16xf32>):
      bolt.yield %acc : tensor<1x8x8x16xf32>
    }
    %p = bolt.pool2d max nhwc %y window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x8x8x16xf16> -> tensor<1x4x4x16xf16>
    bolt.yield %p : tensor<1x4x4x16xf16>
  }
  func.return %z : tensor<1x4x4x16xf16>
}
