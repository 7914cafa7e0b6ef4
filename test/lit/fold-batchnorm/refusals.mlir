// RUN: boltc-opt %s -p fold-batchnorm --split-input-file | filecheck %s

// Refused: the convolution's result is also returned; scaling its filters would change that
// use too. Nothing in the chain moves (the sub stays a sub).
// CHECK-LABEL: func.func @anchor_used_twice
// CHECK:         %[[W:.+]] = bolt.constant dense<{{\[\[\[\[}}1.000000e+00]], {{\[\[}}2.000000e+00]]], {{\[\[\[}}3.000000e+00]], {{\[\[}}4.000000e+00]]]]>
// CHECK:         %[[C:.+]] = bolt.conv2d nchw %{{.+}}, %[[W]]
// CHECK:         %[[S:.+]] = bolt.ew.sub %[[C]], %{{.+}}
// CHECK-NEXT:    %[[Y:.+]] = bolt.ew.mul %[[S]], %{{.+}}
// CHECK-NEXT:    func.return %[[Y]], %[[C]]
func.func @anchor_used_twice(%x: tensor<1x2x3x3xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w = bolt.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %mean = bolt.constant dense<[[[[1.0]], [[2.0]]]]> : tensor<1x2x1x1xf32>
  %scale = bolt.constant dense<[[[[0.5]], [[0.25]]]]> : tensor<1x2x1x1xf32>
  %c = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x3x3xf32> {
  ^bb0(%acc: tensor<1x2x3x3xf32>):
    bolt.yield %acc : tensor<1x2x3x3xf32>
  }
  %s = bolt.ew.sub %c, %mean : tensor<1x2x3x3xf32>, tensor<1x2x1x1xf32> -> tensor<1x2x3x3xf32>
  %y = bolt.ew.mul %s, %scale : tensor<1x2x3x3xf32>, tensor<1x2x1x1xf32> -> tensor<1x2x3x3xf32>
  func.return %y, %c : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

// -----

// Refused: the scale varies per pixel (a [1, 1, 3, 3] constant); a filter is shared by every
// pixel, so no filter scaling can express it. The shift before it is left alone too: moving it
// would help nothing.
// CHECK-LABEL: func.func @per_pixel_scale
// CHECK:         %[[W:.+]] = bolt.constant dense<{{\[\[\[\[}}1.000000e+00]], {{\[\[}}2.000000e+00]]], {{\[\[\[}}3.000000e+00]], {{\[\[}}4.000000e+00]]]]>
// CHECK:         %[[C:.+]] = bolt.conv2d nchw %{{.+}}, %[[W]]
// CHECK:         %[[A:.+]] = bolt.ew.add %[[C]], %{{.+}} : tensor<1x2x3x3xf32>, tensor<1x2x1x1xf32>
// CHECK-NEXT:    %[[Y:.+]] = bolt.ew.mul %[[A]], %{{.+}} : tensor<1x2x3x3xf32>, tensor<1x1x3x3xf32>
// CHECK-NEXT:    func.return %[[Y]]
func.func @per_pixel_scale(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = bolt.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %bias = bolt.constant dense<[[[[1.0]], [[2.0]]]]> : tensor<1x2x1x1xf32>
  %pixels = bolt.constant dense<[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]]]> : tensor<1x1x3x3xf32>
  %c = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x3x3xf32> {
  ^bb0(%acc: tensor<1x2x3x3xf32>):
    bolt.yield %acc : tensor<1x2x3x3xf32>
  }
  %a = bolt.ew.add %c, %bias : tensor<1x2x3x3xf32>, tensor<1x2x1x1xf32> -> tensor<1x2x3x3xf32>
  %y = bolt.ew.mul %a, %pixels : tensor<1x2x3x3xf32>, tensor<1x1x3x3xf32> -> tensor<1x2x3x3xf32>
  func.return %y : tensor<1x2x3x3xf32>
}

// -----

// Refused: a GEMM scaled per row (M, a [4, 1] constant) rather than per column (N): the rows
// of D come from the rows of A, the input, not from the weight.
// CHECK-LABEL: func.func @gemm_per_row
// CHECK:         %[[W:.+]] = bolt.constant dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
// CHECK:         %[[G:.+]] = bolt.gemm %{{.+}}, %[[W]]
// CHECK:         %[[Y:.+]] = bolt.ew.mul %[[G]], %{{.+}} : tensor<4x3xf32>, tensor<4x1xf32>
// CHECK-NEXT:    func.return %[[Y]]
func.func @gemm_per_row(%a: tensor<4x2xf32>) -> tensor<4x3xf32> {
  %w = bolt.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %rows = bolt.constant dense<[[1.0], [2.0], [3.0], [4.0]]> : tensor<4x1xf32>
  %g = bolt.gemm %a, %w : tensor<4x2xf32>, tensor<2x3xf32> -> tensor<4x3xf32> {
  ^bb0(%acc: tensor<4x3xf32>):
    bolt.yield %acc : tensor<4x3xf32>
  }
  %y = bolt.ew.mul %g, %rows : tensor<4x3xf32>, tensor<4x1xf32> -> tensor<4x3xf32>
  func.return %y : tensor<4x3xf32>
}

// -----

// Refused: weights that are an input (not known at compile time), and an anchor whose
// epilogue already applies a relu (which the scale would have to cross).
// CHECK-LABEL: func.func @runtime_weights_and_epilogue
// CHECK:         %[[G:.+]] = bolt.gemm %{{.+}}, %{{.+}} : tensor<4x2xf32>, tensor<2x3xf32>
// CHECK:         bolt.ew.mul %[[G]], %{{.+}} : tensor<4x3xf32>, tensor<3xf32>
// CHECK:         %[[H:.+]] = bolt.gemm %{{.+}}, %{{.+}} : tensor<4x2xf32>, tensor<2x3xf32>
// CHECK:           bolt.ew.relu
// CHECK:         bolt.ew.mul %[[H]], %{{.+}} : tensor<4x3xf32>, tensor<3xf32>
func.func @runtime_weights_and_epilogue(%a: tensor<4x2xf32>, %w: tensor<2x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %scale = bolt.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %g = bolt.gemm %a, %w : tensor<4x2xf32>, tensor<2x3xf32> -> tensor<4x3xf32> {
  ^bb0(%acc: tensor<4x3xf32>):
    bolt.yield %acc : tensor<4x3xf32>
  }
  %y = bolt.ew.mul %g, %scale : tensor<4x3xf32>, tensor<3xf32> -> tensor<4x3xf32>
  %c = bolt.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %h = bolt.gemm %a, %c : tensor<4x2xf32>, tensor<2x3xf32> -> tensor<4x3xf32> {
  ^bb0(%acc: tensor<4x3xf32>):
    %r = bolt.ew.relu %acc : tensor<4x3xf32> -> tensor<4x3xf32>
    bolt.yield %r : tensor<4x3xf32>
  }
  %z = bolt.ew.mul %h, %scale : tensor<4x3xf32>, tensor<3xf32> -> tensor<4x3xf32>
  func.return %y, %z : tensor<4x3xf32>, tensor<4x3xf32>
}
