// RUN: boltc-opt %s -p 'merge-parallel-convs{remarks=true}' --split-input-file 2>%t | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK < %t

// Convolutions of different inputs: a sum, not one convolution.
// CHECK-LABEL: func.func @different_inputs
// CHECK-COUNT-2: bolt.conv2d
// CHECK:         bolt.ew.add
func.func @different_inputs(%x: tensor<1x1x4x4xf32>, %z: tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32> {
  %w = bolt.constant dense<1.0> : tensor<1x1x1x1xf32>
  %a = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32> -> tensor<1x1x4x4xf32> {
  ^bb0(%acc: tensor<1x1x4x4xf32>):
    bolt.yield %acc : tensor<1x1x4x4xf32>
  }
  %b = bolt.conv2d nchw %z, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32> -> tensor<1x1x4x4xf32> {
  ^bb0(%acc: tensor<1x1x4x4xf32>):
    bolt.yield %acc : tensor<1x1x4x4xf32>
  }
  %y = bolt.ew.add %a, %b : tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32> -> tensor<1x1x4x4xf32>
  func.return %y : tensor<1x1x4x4xf32>
}

// -----

// ACNet's 1x3 + 3x1: neither window holds the other; one 3x3 would compute 9 taps for 6.
// REMARK: remark: {{.*}}refusals.mlir:[[# @LINE + 14]]:{{[0-9]+}}: 'bolt.ew.add' of convolutions of one input not merged into one convolution: neither window holds the other (1x3 and 3x1 taps): one convolution would compute 3x3
// CHECK-LABEL: func.func @crossed_windows
// CHECK-COUNT-2: bolt.conv2d
func.func @crossed_windows(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32> {
  %w13 = bolt.constant dense<1.0> : tensor<1x1x1x3xf32>
  %w31 = bolt.constant dense<1.0> : tensor<1x1x3x1xf32>
  %a = bolt.conv2d nchw %x, %w13 strides [1, 1] padding [0, 1, 0, 1] dilations [1, 1] groups 1 : tensor<1x1x4x4xf32>, tensor<1x1x1x3xf32> -> tensor<1x1x4x4xf32> {
  ^bb0(%acc: tensor<1x1x4x4xf32>):
    bolt.yield %acc : tensor<1x1x4x4xf32>
  }
  %b = bolt.conv2d nchw %x, %w31 strides [1, 1] padding [1, 0, 1, 0] dilations [1, 1] groups 1 : tensor<1x1x4x4xf32>, tensor<1x1x3x1xf32> -> tensor<1x1x4x4xf32> {
  ^bb0(%acc: tensor<1x1x4x4xf32>):
    bolt.yield %acc : tensor<1x1x4x4xf32>
  }
  %y = bolt.ew.add %a, %b : tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32> -> tensor<1x1x4x4xf32>
  func.return %y : tensor<1x1x4x4xf32>
}

// -----

// Paddings that put the 1x1's tap between the 3x3's (offsets -2 and -1 at dilation 2).
// REMARK: remark: {{.*}}refusals.mlir:[[# @LINE + 14]]:{{[0-9]+}}: 'bolt.ew.add' of convolutions of one input not merged into one convolution: the branches' taps do not lie on one grid
// CHECK-LABEL: func.func @off_grid
// CHECK-COUNT-2: bolt.conv2d
func.func @off_grid(%x: tensor<1x1x6x6xf32>) -> tensor<1x1x7x7xf32> {
  %w3 = bolt.constant dense<1.0> : tensor<1x1x3x3xf32>
  %w1 = bolt.constant dense<1.0> : tensor<1x1x1x1xf32>
  %a = bolt.conv2d nchw %x, %w3 strides [1, 1] padding [2, 2, 3, 3] dilations [2, 2] groups 1 : tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32> -> tensor<1x1x7x7xf32> {
  ^bb0(%acc: tensor<1x1x7x7xf32>):
    bolt.yield %acc : tensor<1x1x7x7xf32>
  }
  %b = bolt.conv2d nchw %x, %w1 strides [1, 1] padding [1, 1, 0, 0] dilations [2, 2] groups 1 : tensor<1x1x6x6xf32>, tensor<1x1x1x1xf32> -> tensor<1x1x7x7xf32> {
  ^bb0(%acc: tensor<1x1x7x7xf32>):
    bolt.yield %acc : tensor<1x1x7x7xf32>
  }
  %y = bolt.ew.add %a, %b : tensor<1x1x7x7xf32>, tensor<1x1x7x7xf32> -> tensor<1x1x7x7xf32>
  func.return %y : tensor<1x1x7x7xf32>
}

// -----

// A branch used elsewhere too: it must be computed anyway, so nothing is merged.
// CHECK-LABEL: func.func @branch_used_twice
// CHECK-COUNT-2: bolt.conv2d
func.func @branch_used_twice(%x: tensor<1x1x4x4xf32>) -> (tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32>) {
  %w3 = bolt.constant dense<1.0> : tensor<1x1x3x3xf32>
  %w1 = bolt.constant dense<1.0> : tensor<1x1x1x1xf32>
  %a = bolt.conv2d nchw %x, %w3 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32> -> tensor<1x1x4x4xf32> {
  ^bb0(%acc: tensor<1x1x4x4xf32>):
    bolt.yield %acc : tensor<1x1x4x4xf32>
  }
  %b = bolt.conv2d nchw %x, %w1 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32> -> tensor<1x1x4x4xf32> {
  ^bb0(%acc: tensor<1x1x4x4xf32>):
    bolt.yield %acc : tensor<1x1x4x4xf32>
  }
  %y = bolt.ew.add %a, %b : tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32> -> tensor<1x1x4x4xf32>
  func.return %y, %a : tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32>
}

// -----

// Different strides (a strided 1x1 beside a 3x3 at stride 1 would not even have the shape).
// REMARK: remark: {{.*}}refusals.mlir:[[# @LINE + 14]]:{{[0-9]+}}: 'bolt.ew.add' of convolutions of one input not merged into one convolution: the strides differ ([1, 1] and [2, 1])
// CHECK-LABEL: func.func @different_strides
// CHECK-COUNT-2: bolt.conv2d
func.func @different_strides(%x: tensor<1x1x4x2xf32>) -> tensor<1x1x2x2xf32> {
  %w3 = bolt.constant dense<1.0> : tensor<1x1x3x1xf32>
  %w1 = bolt.constant dense<1.0> : tensor<1x1x1x1xf32>
  %a = bolt.conv2d nchw %x, %w3 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x1x4x2xf32>, tensor<1x1x3x1xf32> -> tensor<1x1x2x2xf32> {
  ^bb0(%acc: tensor<1x1x2x2xf32>):
    bolt.yield %acc : tensor<1x1x2x2xf32>
  }
  %b = bolt.conv2d nchw %x, %w1 strides [2, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x1x4x2xf32>, tensor<1x1x1x1xf32> -> tensor<1x1x2x2xf32> {
  ^bb0(%acc: tensor<1x1x2x2xf32>):
    bolt.yield %acc : tensor<1x1x2x2xf32>
  }
  %y = bolt.ew.add %a, %b : tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32> -> tensor<1x1x2x2xf32>
  func.return %y : tensor<1x1x2x2xf32>
}

// -----

// An NHWC convolution (the pass runs before layout-nhwc; bolt IR written in NHWC is left).
// CHECK-LABEL: func.func @nhwc
// CHECK-COUNT-2: bolt.conv2d
func.func @nhwc(%x: tensor<1x4x4x1xf32>) -> tensor<1x4x4x1xf32> {
  %w = bolt.constant dense<1.0> : tensor<1x1x1x1xf32>
  %a = bolt.conv2d nhwc %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x4x4x1xf32>, tensor<1x1x1x1xf32> -> tensor<1x4x4x1xf32> {
  ^bb0(%acc: tensor<1x4x4x1xf32>):
    bolt.yield %acc : tensor<1x4x4x1xf32>
  }
  %b = bolt.conv2d nhwc %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x4x4x1xf32>, tensor<1x1x1x1xf32> -> tensor<1x4x4x1xf32> {
  ^bb0(%acc: tensor<1x4x4x1xf32>):
    bolt.yield %acc : tensor<1x4x4x1xf32>
  }
  %y = bolt.ew.add %a, %b : tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32> -> tensor<1x4x4x1xf32>
  func.return %y : tensor<1x4x4x1xf32>
}
