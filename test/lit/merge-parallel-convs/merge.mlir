// RUN: boltc-opt %s -p merge-parallel-convs --split-input-file | filecheck %s

// RepVGG: a 3x3 and a 1x1 convolution of one input, each with its bias, and a per-channel
// affine map of the input itself (an identity batch-norm), summed, then ReLU. One 3x3
// convolution is left: the 1x1's filter at the centre tap, the identity as a Dirac filter
// (scale 2 and 3 on the diagonal: ((x - 1) * [2, 3]) + 1), biases summed:
// [10 + 100 + 1 - 2, 20 + 200 + 1 - 3] = [109, 218].
// CHECK-LABEL: func.func @repvgg
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<1x2x4x4xf32>)
// CHECK:         %[[W:.+]] = bolt.constant dense<{{\[\[\[\[}}0.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 8.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00]], {{\[\[}}0.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 5.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00]]], {{\[\[\[}}0.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 6.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00]], {{\[\[}}0.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 1.100000e+01, 0.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00]]]]> : tensor<2x2x3x3xf32>
// CHECK-NEXT:    %[[C:.+]] = bolt.conv2d nchw %[[X]], %[[W]] strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1
// CHECK:         %[[B:.+]] = bolt.constant dense<{{\[\[\[\[}}1.090000e+02]], {{\[\[}}2.180000e+02]]]]> : tensor<1x2x1x1xf32>
// CHECK-NEXT:    %[[S:.+]] = bolt.ew.add %[[C]], %[[B]]
// CHECK-NEXT:    %[[Y:.+]] = bolt.ew.relu %[[S]]
// CHECK-NEXT:    func.return %[[Y]]
// CHECK-NOT:     bolt.conv2d
func.func @repvgg(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  // The 3x3 filter is 1 at every centre tap (f, c): [[1, 2], [3, 4]] there, zero elsewhere.
  %w3 = bolt.constant dense<[[[[0.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0], [0.0, 2.0, 0.0], [0.0, 0.0, 0.0]]], [[[0.0, 0.0, 0.0], [0.0, 3.0, 0.0], [0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0], [0.0, 4.0, 0.0], [0.0, 0.0, 0.0]]]]> : tensor<2x2x3x3xf32>
  %b3 = bolt.constant dense<[[[[10.0]], [[20.0]]]]> : tensor<1x2x1x1xf32>
  %w1 = bolt.constant dense<[[[[5.0]], [[3.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %b1 = bolt.constant dense<[[[[100.0]], [[200.0]]]]> : tensor<1x2x1x1xf32>
  %mean = bolt.constant dense<1.0> : tensor<f32>
  %scale = bolt.constant dense<[[[[2.0]], [[3.0]]]]> : tensor<1x2x1x1xf32>
  %shift = bolt.constant dense<1.0> : tensor<1x1x1x1xf32>
  %c3 = bolt.conv2d nchw %x, %w3 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32> -> tensor<1x2x4x4xf32> {
  ^bb0(%acc: tensor<1x2x4x4xf32>):
    bolt.yield %acc : tensor<1x2x4x4xf32>
  }
  %y3 = bolt.ew.add %c3, %b3 : tensor<1x2x4x4xf32>, tensor<1x2x1x1xf32> -> tensor<1x2x4x4xf32>
  %c1 = bolt.conv2d nchw %x, %w1 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x4x4xf32> {
  ^bb0(%acc: tensor<1x2x4x4xf32>):
    bolt.yield %acc : tensor<1x2x4x4xf32>
  }
  %y1 = bolt.ew.add %c1, %b1 : tensor<1x2x4x4xf32>, tensor<1x2x1x1xf32> -> tensor<1x2x4x4xf32>
  %centered = bolt.ew.sub %x, %mean : tensor<1x2x4x4xf32>, tensor<f32> -> tensor<1x2x4x4xf32>
  %scaled = bolt.ew.mul %centered, %scale : tensor<1x2x4x4xf32>, tensor<1x2x1x1xf32> -> tensor<1x2x4x4xf32>
  %id = bolt.ew.add %scaled, %shift : tensor<1x2x4x4xf32>, tensor<1x1x1x1xf32> -> tensor<1x2x4x4xf32>
  %sum = bolt.ew.add %y3, %y1 : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf32>
  %all = bolt.ew.add %sum, %id : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf32>
  %y = bolt.ew.relu %all : tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf32>
  func.return %y : tensor<1x2x4x4xf32>
}

// -----

// A plain residual into a grouped convolution (y = conv(x) - x): the identity is
// block-diagonal for any grouping, so the merged filter keeps groups 2 (each output channel
// reads its own group's one channel: filter [f][0] = w - 1 at the centre).
// CHECK-LABEL: func.func @grouped_minus_identity
// CHECK:         %[[W:.+]] = bolt.constant dense<{{\[\[\[\[}}1.000000e+00]]], {{\[\[\[}}2.000000e+00]]]]> : tensor<2x1x1x1xf32>
// CHECK-NEXT:    %[[C:.+]] = bolt.conv2d nchw %{{.+}}, %[[W]] strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 2
// CHECK:         func.return %[[C]]
func.func @grouped_minus_identity(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = bolt.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %c = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 2 : tensor<1x2x3x3xf32>, tensor<2x1x1x1xf32> -> tensor<1x2x3x3xf32> {
  ^bb0(%acc: tensor<1x2x3x3xf32>):
    bolt.yield %acc : tensor<1x2x3x3xf32>
  }
  %y = bolt.ew.sub %c, %x : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32> -> tensor<1x2x3x3xf32>
  func.return %y : tensor<1x2x3x3xf32>
}

// -----

// A half-precision export: each branch accumulates in f32, adds its bias, rounds to f16; the
// sum is f16. The merged convolution keeps that shape: f32 result, f32 bias, one rounding.
// CHECK-LABEL: func.func @half_export
// CHECK:         %[[W:.+]] = bolt.constant dense<{{.+}}> : tensor<1x1x3x3xf16>
// CHECK-NEXT:    %[[C:.+]] = bolt.conv2d nchw %{{.+}}, %[[W]] strides [2, 2] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x1x5x5xf16>, tensor<1x1x3x3xf16> -> tensor<1x1x3x3xf32>
// CHECK:         %[[B:.+]] = bolt.constant dense<3.000000e+00> : tensor<1x1x1x1xf32>
// CHECK-NEXT:    %[[S:.+]] = bolt.ew.add %[[C]], %[[B]] : tensor<1x1x3x3xf32>, tensor<1x1x1x1xf32> -> tensor<1x1x3x3xf32>
// CHECK-NEXT:    %[[Y:.+]] = bolt.ew.cast %[[S]] : tensor<1x1x3x3xf32> -> tensor<1x1x3x3xf16>
// CHECK-NEXT:    func.return %[[Y]]
func.func @half_export(%x: tensor<1x1x5x5xf16>) -> tensor<1x1x3x3xf16> {
  %w3 = bolt.constant dense<1.0> : tensor<1x1x3x3xf16>
  %w1 = bolt.constant dense<2.0> : tensor<1x1x1x1xf16>
  %b = bolt.constant dense<1.5> : tensor<1x1x1x1xf32>
  %c3 = bolt.conv2d nchw %x, %w3 strides [2, 2] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x1x5x5xf16>, tensor<1x1x3x3xf16> -> tensor<1x1x3x3xf32> {
  ^bb0(%acc: tensor<1x1x3x3xf32>):
    bolt.yield %acc : tensor<1x1x3x3xf32>
  }
  %y3 = bolt.ew.add %c3, %b : tensor<1x1x3x3xf32>, tensor<1x1x1x1xf32> -> tensor<1x1x3x3xf32>
  %h3 = bolt.ew.cast %y3 : tensor<1x1x3x3xf32> -> tensor<1x1x3x3xf16>
  %c1 = bolt.conv2d nchw %x, %w1 strides [2, 2] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x1x5x5xf16>, tensor<1x1x1x1xf16> -> tensor<1x1x3x3xf32> {
  ^bb0(%acc: tensor<1x1x3x3xf32>):
    bolt.yield %acc : tensor<1x1x3x3xf32>
  }
  %y1 = bolt.ew.add %c1, %b : tensor<1x1x3x3xf32>, tensor<1x1x1x1xf32> -> tensor<1x1x3x3xf32>
  %h1 = bolt.ew.cast %y1 : tensor<1x1x3x3xf32> -> tensor<1x1x3x3xf16>
  %y = bolt.ew.add %h3, %h1 : tensor<1x1x3x3xf16>, tensor<1x1x3x3xf16> -> tensor<1x1x3x3xf16>
  func.return %y : tensor<1x1x3x3xf16>
}

// -----

// Dilation 2: a 3x3 at padding 2 and a 1x1 at padding 0 have their centre taps on one grid.
// CHECK-LABEL: func.func @dilated
// CHECK:         bolt.constant dense<{{\[\[\[\[}}1.000000e+00, 1.000000e+00, 1.000000e+00], [1.000000e+00, 3.000000e+00, 1.000000e+00], [1.000000e+00, 1.000000e+00, 1.000000e+00]]]]> : tensor<1x1x3x3xf32>
// CHECK-NEXT:    bolt.conv2d nchw %{{.+}}, %{{.+}} strides [1, 1] padding [2, 2, 2, 2] dilations [2, 2] groups 1 : tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32> -> tensor<1x1x6x6xf32>
// CHECK-NOT:     bolt.conv2d
func.func @dilated(%x: tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32> {
  %w3 = bolt.constant dense<1.0> : tensor<1x1x3x3xf32>
  %w1 = bolt.constant dense<2.0> : tensor<1x1x1x1xf32>
  %c3 = bolt.conv2d nchw %x, %w3 strides [1, 1] padding [2, 2, 2, 2] dilations [2, 2] groups 1 : tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32> -> tensor<1x1x6x6xf32> {
  ^bb0(%acc: tensor<1x1x6x6xf32>):
    bolt.yield %acc : tensor<1x1x6x6xf32>
  }
  %c1 = bolt.conv2d nchw %x, %w1 strides [1, 1] padding [0, 0, 0, 0] dilations [2, 2] groups 1 : tensor<1x1x6x6xf32>, tensor<1x1x1x1xf32> -> tensor<1x1x6x6xf32> {
  ^bb0(%acc: tensor<1x1x6x6xf32>):
    bolt.yield %acc : tensor<1x1x6x6xf32>
  }
  %y = bolt.ew.add %c3, %c1 : tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32> -> tensor<1x1x6x6xf32>
  func.return %y : tensor<1x1x6x6xf32>
}
