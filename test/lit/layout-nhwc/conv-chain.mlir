// layout-nhwc: convolutions and pooling go NHWC, their filters KRSC at compile time, and the
// transposes between them cancel, leaving one where the NCHW input enters and one where the
// NCHW output leaves.
// RUN: boltc-opt %s -p layout-nhwc --split-input-file | filecheck %s

// conv -> bias (a reshaped per-channel constant) -> relu -> conv -> relu. The FCHW filter
// [[[[1, 2]], [[3, 4]]]] (F=1, C=2, R=1, S=2) becomes KRSC [[[[1, 3], [2, 4]]]]; the bias
// becomes 1x1x1x2, a reshape of the same constant.
// CHECK-LABEL: func.func @conv_chain
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<1x2x3x4xf32>) -> tensor<1x1x3x3xf32>
// CHECK-DAG:     %[[W0:.+]] = bolt.constant dense<{{\[\[\[\[}}1.000000e+00, 3.000000e+00], [2.000000e+00, 4.000000e+00]]]]> : tensor<1x1x2x2xf32>
// CHECK-DAG:     %[[W1:.+]] = bolt.constant dense<{{.+}}> : tensor<2x1x1x2xf32>
// CHECK-DAG:     %[[B:.+]] = bolt.constant dense<[5.000000e-01, -5.000000e-01]> : tensor<2xf32>
// CHECK:         %[[IN:.+]] = bolt.transpose %[[X]] permutation [0, 2, 3, 1] : tensor<1x2x3x4xf32> -> tensor<1x3x4x2xf32>
// CHECK-NOT:     bolt.transpose
// CHECK:         %[[C1:.+]] = bolt.conv2d nhwc %[[IN]], %[[W1]] strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x3x4x2xf32>, tensor<2x1x1x2xf32> -> tensor<1x3x4x2xf32>
// CHECK-NOT:     bolt.transpose
// CHECK:         %[[BIAS:.+]] = bolt.reshape %[[B]] : tensor<2xf32> -> tensor<1x1x1x2xf32>
// CHECK-NEXT:    %[[A:.+]] = bolt.ew.add %[[C1]], %[[BIAS]] : tensor<1x3x4x2xf32>, tensor<1x1x1x2xf32> -> tensor<1x3x4x2xf32>
// CHECK-NEXT:    %[[R:.+]] = bolt.ew.relu %[[A]] : tensor<1x3x4x2xf32> -> tensor<1x3x4x2xf32>
// CHECK-NOT:     bolt.transpose
// CHECK:         %[[C2:.+]] = bolt.conv2d nhwc %[[R]], %[[W0]] strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x3x4x2xf32>, tensor<1x1x2x2xf32> -> tensor<1x3x3x1xf32>
// CHECK:         bolt.yield
// CHECK-NEXT:    }
// The last conv has one output channel: once its NHWC -> NCHW transpose has sunk past the
// relu, it only moves a size-1 dimension, so it becomes a reshape.
// CHECK-NEXT:    %[[Y:.+]] = bolt.ew.relu %[[C2]] : tensor<1x3x3x1xf32> -> tensor<1x3x3x1xf32>
// CHECK-NEXT:    %[[OUT:.+]] = bolt.reshape %[[Y]] : tensor<1x3x3x1xf32> -> tensor<1x1x3x3xf32>
// CHECK-NEXT:    func.return %[[OUT]]
func.func @conv_chain(%x: tensor<1x2x3x4xf32>) -> tensor<1x1x3x3xf32> {
  %w1 = bolt.constant dense<[[[[1.0]], [[0.0]]], [[[0.0]], [[1.0]]]]> : tensor<2x2x1x1xf32>
  %w0 = bolt.constant dense<[[[[1.0, 2.0]], [[3.0, 4.0]]]]> : tensor<1x2x1x2xf32>
  %b = bolt.constant dense<[0.5, -0.5]> : tensor<2xf32>
  %c1 = bolt.conv2d nchw %x, %w1 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x2x3x4xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x3x4xf32> {
  ^bb0(%acc: tensor<1x2x3x4xf32>):
    bolt.yield %acc : tensor<1x2x3x4xf32>
  }
  %rb = bolt.reshape %b : tensor<2xf32> -> tensor<1x2x1x1xf32>
  %a = bolt.ew.add %c1, %rb : tensor<1x2x3x4xf32>, tensor<1x2x1x1xf32> -> tensor<1x2x3x4xf32>
  %r = bolt.ew.relu %a : tensor<1x2x3x4xf32> -> tensor<1x2x3x4xf32>
  %c2 = bolt.conv2d nchw %r, %w0 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x2x3x4xf32>, tensor<1x2x1x2xf32> -> tensor<1x1x3x3xf32> {
  ^bb0(%acc: tensor<1x1x3x3xf32>):
    bolt.yield %acc : tensor<1x1x3x3xf32>
  }
  %y = bolt.ew.relu %c2 : tensor<1x1x3x3xf32> -> tensor<1x1x3x3xf32>
  func.return %y : tensor<1x1x3x3xf32>
}

// -----

// A residual block: both branches read the input through one shared transpose, the
// residual add meets two NHWC values, and one transpose leaves. A conv's epilogue that adds
// a per-channel extra is permuted with it: the extra becomes 1x1x1x4.
// CHECK-LABEL: func.func @residual
// CHECK-DAG:     bolt.constant dense<2.500000e-01> : tensor<4x3x3x3xf32>
// CHECK-DAG:     bolt.constant dense<-5.000000e-01> : tensor<4x1x1x3xf32>
// CHECK:         bolt.transpose %{{.+}} permutation [0, 2, 3, 1]
// CHECK-NOT:     bolt.transpose
// CHECK:         bolt.conv2d nhwc %{{.+}}, %[[W:.+]] extras(%{{.+}} : tensor<1x1x1x4xf32>) {{.+}} -> tensor<2x5x5x4xf32> {
// CHECK-NEXT:    ^{{.+}}(%[[ACC:.+]]: tensor<2x5x5x4xf32>, %[[E:.+]]: tensor<1x1x1x4xf32>):
// CHECK-NEXT:      %[[S:.+]] = bolt.ew.add %[[ACC]], %[[E]] : tensor<2x5x5x4xf32>, tensor<1x1x1x4xf32> -> tensor<2x5x5x4xf32>
// CHECK-NEXT:      bolt.yield %[[S]] : tensor<2x5x5x4xf32>
// CHECK-NOT:     bolt.transpose
// CHECK:         bolt.conv2d nhwc
// CHECK-NOT:     bolt.transpose
// CHECK:         %[[SUM:.+]] = bolt.ew.add %{{.+}}, %{{.+}} : tensor<2x5x5x4xf32>, tensor<2x5x5x4xf32> -> tensor<2x5x5x4xf32>
// CHECK-NEXT:    %[[R:.+]] = bolt.ew.relu %[[SUM]]
// CHECK-NEXT:    %[[OUT:.+]] = bolt.transpose %[[R]] permutation [0, 3, 1, 2] : tensor<2x5x5x4xf32> -> tensor<2x4x5x5xf32>
// CHECK-NEXT:    func.return %[[OUT]]
func.func @residual(%x: tensor<2x3x5x5xf32>) -> tensor<2x4x5x5xf32> {
  %w = bolt.constant dense<0.25> : tensor<4x3x3x3xf32>
  %ws = bolt.constant dense<-0.5> : tensor<4x3x1x1xf32>
  %bias = bolt.constant dense<[[[[1.0]], [[2.0]], [[3.0]], [[4.0]]]]> : tensor<1x4x1x1xf32>
  %main = bolt.conv2d nchw %x, %w extras(%bias : tensor<1x4x1x1xf32>) strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x3x5x5xf32>, tensor<4x3x3x3xf32> -> tensor<2x4x5x5xf32> {
  ^bb0(%acc: tensor<2x4x5x5xf32>, %e: tensor<1x4x1x1xf32>):
    %s = bolt.ew.add %acc, %e : tensor<2x4x5x5xf32>, tensor<1x4x1x1xf32> -> tensor<2x4x5x5xf32>
    bolt.yield %s : tensor<2x4x5x5xf32>
  }
  %short = bolt.conv2d nchw %x, %ws strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x3x5x5xf32>, tensor<4x3x1x1xf32> -> tensor<2x4x5x5xf32> {
  ^bb0(%acc: tensor<2x4x5x5xf32>):
    bolt.yield %acc : tensor<2x4x5x5xf32>
  }
  %sum = bolt.ew.add %main, %short : tensor<2x4x5x5xf32>, tensor<2x4x5x5xf32> -> tensor<2x4x5x5xf32>
  %r = bolt.ew.relu %sum : tensor<2x4x5x5xf32> -> tensor<2x4x5x5xf32>
  func.return %r : tensor<2x4x5x5xf32>
}
