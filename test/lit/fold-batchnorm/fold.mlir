// RUN: boltc-opt %s -p fold-batchnorm --split-input-file | filecheck %s

// Inference batch-norm after an NCHW convolution, as import + raise + fold-constants leave it:
// ((conv - mean) * rsigma) * gamma + beta. The scale rsigma * gamma = [1, 3] goes into the
// filters (filter 1 times 1, filter 2 times 3); the shifts become one bias
// beta - mean * rsigma * gamma = [10 - 1, 20 - 6].
// CHECK-LABEL: func.func @conv_nchw_batchnorm
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<1x2x3x3xf32>)
// CHECK:         %[[W:.+]] = bolt.constant dense<{{\[\[\[\[}}1.000000e+00]], {{\[\[}}2.000000e+00]]], {{\[\[\[}}9.000000e+00]], {{\[\[}}1.200000e+01]]]]> : tensor<2x2x1x1xf32>
// CHECK-NEXT:    %[[C:.+]] = bolt.conv2d nchw %[[X]], %[[W]]
// CHECK:         %[[B:.+]] = bolt.constant dense<{{\[\[\[\[}}9.000000e+00]], {{\[\[}}1.400000e+01]]]]> : tensor<1x2x1x1xf32>
// CHECK-NEXT:    %[[Y:.+]] = bolt.ew.add %[[C]], %[[B]]
// CHECK-NEXT:    func.return %[[Y]]
func.func @conv_nchw_batchnorm(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = bolt.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %mean = bolt.constant dense<[[[[1.0]], [[2.0]]]]> : tensor<1x2x1x1xf32>
  %rsigma = bolt.constant dense<[[[[0.5]], [[0.25]]]]> : tensor<1x2x1x1xf32>
  %gamma = bolt.constant dense<[[[[2.0]], [[12.0]]]]> : tensor<1x2x1x1xf32>
  %beta = bolt.constant dense<[[[[10.0]], [[20.0]]]]> : tensor<1x2x1x1xf32>
  %c = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x3x3xf32> {
  ^bb0(%acc: tensor<1x2x3x3xf32>):
    bolt.yield %acc : tensor<1x2x3x3xf32>
  }
  %centered = bolt.ew.sub %c, %mean : tensor<1x2x3x3xf32>, tensor<1x2x1x1xf32> -> tensor<1x2x3x3xf32>
  %normed = bolt.ew.mul %centered, %rsigma : tensor<1x2x3x3xf32>, tensor<1x2x1x1xf32> -> tensor<1x2x3x3xf32>
  %scaled = bolt.ew.mul %gamma, %normed : tensor<1x2x1x1xf32>, tensor<1x2x3x3xf32> -> tensor<1x2x3x3xf32>
  %y = bolt.ew.add %scaled, %beta : tensor<1x2x3x3xf32>, tensor<1x2x1x1xf32> -> tensor<1x2x3x3xf32>
  func.return %y : tensor<1x2x3x3xf32>
}

// -----

// NHWC: the channel is the last dim, constants are a trailing [F]; KRSC filters are scaled
// along their first dim all the same ([1, 2] times 2, [3, 4] times 3; bias -1 * [2, 3]).
// CHECK-LABEL: func.func @conv_nhwc_scale_shift
// CHECK:         %[[W:.+]] = bolt.constant dense<{{\[\[\[\[}}2.000000e+00, 4.000000e+00]]], {{\[\[\[}}9.000000e+00, 1.200000e+01]]]]> : tensor<2x1x1x2xf32>
// CHECK-NEXT:    %[[C:.+]] = bolt.conv2d nhwc %{{.+}}, %[[W]]
// CHECK:         %[[B:.+]] = bolt.constant dense<[-2.000000e+00, -3.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %[[Y:.+]] = bolt.ew.add %[[C]], %[[B]]
// CHECK-NEXT:    func.return %[[Y]]
func.func @conv_nhwc_scale_shift(%x: tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32> {
  %w = bolt.constant dense<[[[[1.0, 2.0]]], [[[3.0, 4.0]]]]> : tensor<2x1x1x2xf32>
  %shift = bolt.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %scale = bolt.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %c = bolt.conv2d nhwc %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x3x3x2xf32>, tensor<2x1x1x2xf32> -> tensor<1x3x3x2xf32> {
  ^bb0(%acc: tensor<1x3x3x2xf32>):
    bolt.yield %acc : tensor<1x3x3x2xf32>
  }
  %s = bolt.ew.sub %c, %shift : tensor<1x3x3x2xf32>, tensor<2xf32> -> tensor<1x3x3x2xf32>
  %y = bolt.ew.mul %s, %scale : tensor<1x3x3x2xf32>, tensor<2xf32> -> tensor<1x3x3x2xf32>
  func.return %y : tensor<1x3x3x2xf32>
}

// -----

// GEMM, scaled per column (N): (gemm + 1) / [2, 4, 0.5]. With transpose_b the weight is N x K
// and its rows scale ([1, 2] / 2, [3, 4] / 4, [5, 6] / 0.5); the bias is 1 / [2, 4, 0.5].
// Without, the weight is K x N and its columns scale.
// CHECK-LABEL: func.func @gemm_per_column
// CHECK:         %[[WT:.+]] = bolt.constant dense<{{\[}}[5.000000e-01, 1.000000e+00], [7.500000e-01, 1.000000e+00], [1.000000e+01, 1.200000e+01]]> : tensor<3x2xf32>
// CHECK-NEXT:    %[[G:.+]] = bolt.gemm %{{.+}}, %[[WT]] {transpose_b}
// CHECK:         %[[B:.+]] = bolt.constant dense<[5.000000e-01, 2.500000e-01, 2.000000e+00]> : tensor<3xf32>
// CHECK-NEXT:    %[[Y:.+]] = bolt.ew.add %[[G]], %[[B]]
// CHECK:         %[[W:.+]] = bolt.constant dense<{{\[}}[1.000000e+00, 4.000000e+00, 9.000000e+00], [4.000000e+00, 1.000000e+01, 1.800000e+01]]> : tensor<2x3xf32>
// CHECK-NEXT:    %[[H:.+]] = bolt.gemm %{{.+}}, %[[W]] :
// CHECK:         func.return %[[Y]], %[[H]]
func.func @gemm_per_column(%a: tensor<4x2xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %wt = bolt.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %one = bolt.constant dense<1.0> : tensor<f32>
  %divisor = bolt.constant dense<[2.0, 4.0, 0.5]> : tensor<3xf32>
  %g = bolt.gemm %a, %wt {transpose_b} : tensor<4x2xf32>, tensor<3x2xf32> -> tensor<4x3xf32> {
  ^bb0(%acc: tensor<4x3xf32>):
    bolt.yield %acc : tensor<4x3xf32>
  }
  %shifted = bolt.ew.add %g, %one : tensor<4x3xf32>, tensor<f32> -> tensor<4x3xf32>
  %y = bolt.ew.div %shifted, %divisor : tensor<4x3xf32>, tensor<3xf32> -> tensor<4x3xf32>
  %w = bolt.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %scale = bolt.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>
  %h = bolt.gemm %a, %w : tensor<4x2xf32>, tensor<2x3xf32> -> tensor<4x3xf32> {
  ^bb0(%acc: tensor<4x3xf32>):
    bolt.yield %acc : tensor<4x3xf32>
  }
  %z = bolt.ew.mul %h, %scale : tensor<4x3xf32>, tensor<1x3xf32> -> tensor<4x3xf32>
  func.return %y, %z : tensor<4x3xf32>, tensor<4x3xf32>
}

// -----

// A convolution's own bias and the batch-norm shift become one add (1 + 2 = 3, 2 + 2 = 4).
// CHECK-LABEL: func.func @bias_then_shift
// CHECK:         %[[C:.+]] = bolt.conv2d nchw
// CHECK:         %[[B:.+]] = bolt.constant dense<{{\[\[\[\[}}3.000000e+00]], {{\[\[}}4.000000e+00]]]]> : tensor<1x2x1x1xf32>
// CHECK-NEXT:    %[[Y:.+]] = bolt.ew.add %[[C]], %[[B]]
// CHECK-NEXT:    func.return %[[Y]]
func.func @bias_then_shift(%x: tensor<1x2x3x3xf32>, %w: tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32> {
  %bias = bolt.constant dense<[[[[1.0]], [[2.0]]]]> : tensor<1x2x1x1xf32>
  %shift = bolt.constant dense<2.0> : tensor<f32>
  %c = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x3x3xf32> {
  ^bb0(%acc: tensor<1x2x3x3xf32>):
    bolt.yield %acc : tensor<1x2x3x3xf32>
  }
  %b = bolt.ew.add %c, %bias : tensor<1x2x3x3xf32>, tensor<1x2x1x1xf32> -> tensor<1x2x3x3xf32>
  %y = bolt.ew.add %shift, %b : tensor<f32>, tensor<1x2x3x3xf32> -> tensor<1x2x3x3xf32>
  func.return %y : tensor<1x2x3x3xf32>
}
