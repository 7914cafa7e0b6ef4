// What layout-nhwc leaves alone: a transpose stays in front of an op that reads the layout
// or whose other operand would need a transpose of its own; an NHWC conv and a conv whose
// epilogue reads the layout are not rewritten.
// RUN: boltc-opt %s -p layout-nhwc --split-input-file | filecheck %s

// An NHWC conv is untouched: no transpose, its KRSC filter as it was.
// CHECK-LABEL: func.func @already_nhwc
// CHECK-NOT:     bolt.transpose
// CHECK:         bolt.constant dense<[{{\[\[\[}}1.000000e+00, 2.000000e+00]]]]> : tensor<1x1x1x2xf32>
// CHECK-NEXT:    bolt.conv2d nhwc %{{.+}}, %{{.+}} : tensor<1x3x3x2xf32>, tensor<1x1x1x2xf32> -> tensor<1x3x3x1xf32>
// CHECK-NOT:     bolt.transpose
func.func @already_nhwc(%x: tensor<1x3x3x2xf32>) -> tensor<1x3x3x1xf32> {
  %w = bolt.constant dense<[[[[1.0, 2.0]]]]> : tensor<1x1x1x2xf32>
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x3x3x2xf32>, tensor<1x1x1x2xf32> -> tensor<1x3x3x1xf32> {
  ^bb0(%acc: tensor<1x3x3x1xf32>):
    bolt.yield %acc : tensor<1x3x3x1xf32>
  }
  func.return %y : tensor<1x3x3x1xf32>
}

// -----

// softmax over the channels reads the layout: the relu is done in NHWC, the transpose back to
// NCHW stays in front of the softmax, whose axis is still 1.
// CHECK-LABEL: func.func @softmax_over_channels
// CHECK:         %[[C:.+]] = bolt.conv2d nhwc
// CHECK:         %[[R:.+]] = bolt.ew.relu %[[C]] : tensor<1x3x3x4xf32> -> tensor<1x3x3x4xf32>
// CHECK-NEXT:    %[[T:.+]] = bolt.transpose %[[R]] permutation [0, 3, 1, 2] : tensor<1x3x3x4xf32> -> tensor<1x4x3x3xf32>
// CHECK-NEXT:    %[[S:.+]] = bolt.softmax %[[T]] axis 1 : tensor<1x4x3x3xf32> -> tensor<1x4x3x3xf32>
// CHECK-NEXT:    func.return %[[S]]
func.func @softmax_over_channels(%x: tensor<1x2x3x3xf32>) -> tensor<1x4x3x3xf32> {
  %w = bolt.constant dense<0.5> : tensor<4x2x1x1xf32>
  %c = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x2x3x3xf32>, tensor<4x2x1x1xf32> -> tensor<1x4x3x3xf32> {
  ^bb0(%acc: tensor<1x4x3x3xf32>):
    bolt.yield %acc : tensor<1x4x3x3xf32>
  }
  %r = bolt.ew.relu %c : tensor<1x4x3x3xf32> -> tensor<1x4x3x3xf32>
  %s = bolt.softmax %r axis 1 : tensor<1x4x3x3xf32> -> tensor<1x4x3x3xf32>
  func.return %s : tensor<1x4x3x3xf32>
}

// -----

// A flatten of a 3x3 map mixes C with H and W: the transpose stays in front of the reshape.
// CHECK-LABEL: func.func @flatten_spatial
// CHECK:         %[[C:.+]] = bolt.conv2d nhwc
// CHECK:         %[[T:.+]] = bolt.transpose %[[C]] permutation [0, 3, 1, 2] : tensor<1x3x3x4xf32> -> tensor<1x4x3x3xf32>
// CHECK-NEXT:    bolt.reshape %[[T]] : tensor<1x4x3x3xf32> -> tensor<1x36xf32>
func.func @flatten_spatial(%x: tensor<1x2x3x3xf32>) -> tensor<1x36xf32> {
  %w = bolt.constant dense<0.5> : tensor<4x2x1x1xf32>
  %c = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x2x3x3xf32>, tensor<4x2x1x1xf32> -> tensor<1x4x3x3xf32> {
  ^bb0(%acc: tensor<1x4x3x3xf32>):
    bolt.yield %acc : tensor<1x4x3x3xf32>
  }
  %f = bolt.reshape %c : tensor<1x4x3x3xf32> -> tensor<1x36xf32>
  func.return %f : tensor<1x36xf32>
}

// -----

// The residual is another NCHW input of the model: sinking the transpose through the add
// would put a new transpose on it, so the add stays in NCHW behind the transpose.
// CHECK-LABEL: func.func @residual_from_outside
// CHECK:         %[[C:.+]] = bolt.conv2d nhwc
// CHECK:         %[[T:.+]] = bolt.transpose %[[C]] permutation [0, 3, 1, 2]
// CHECK-NEXT:    %[[A:.+]] = bolt.ew.add %[[T]], %{{.+}} : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32> -> tensor<1x2x3x3xf32>
// CHECK-NEXT:    func.return %[[A]]
func.func @residual_from_outside(%x: tensor<1x2x3x3xf32>, %res: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = bolt.constant dense<0.5> : tensor<2x2x1x1xf32>
  %c = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x3x3xf32> {
  ^bb0(%acc: tensor<1x2x3x3xf32>):
    bolt.yield %acc : tensor<1x2x3x3xf32>
  }
  %a = bolt.ew.add %c, %res : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32> -> tensor<1x2x3x3xf32>
  func.return %a : tensor<1x2x3x3xf32>
}

// -----

// This epilogue adds a rank-1 extra, which numpy aligns with W (the last dimension): in NHWC
// it would land on C. The conv stays NCHW and no transpose appears.
// CHECK-LABEL: func.func @epilogue_reads_layout
// CHECK-NOT:     bolt.transpose
// CHECK:         bolt.conv2d nchw
// CHECK-NOT:     bolt.transpose
func.func @epilogue_reads_layout(%x: tensor<1x2x3x3xf32>, %v: tensor<3xf32>) -> tensor<1x2x3x3xf32> {
  %w = bolt.constant dense<0.5> : tensor<2x2x1x1xf32>
  %c = bolt.conv2d nchw %x, %w extras(%v : tensor<3xf32>) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x3x3xf32> {
  ^bb0(%acc: tensor<1x2x3x3xf32>, %e: tensor<3xf32>):
    %s = bolt.ew.add %acc, %e : tensor<1x2x3x3xf32>, tensor<3xf32> -> tensor<1x2x3x3xf32>
    bolt.yield %s : tensor<1x2x3x3xf32>
  }
  func.return %c : tensor<1x2x3x3xf32>
}
