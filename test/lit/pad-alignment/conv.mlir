// RUN: boltc-opt %s -p pad-alignment --split-input-file | filecheck %s

// NCHW: the channel is dimension 1 of activations, filters are F x C x R x S. F=13 goes to 16;
// the input's C=3 goes to 8, one 16-byte vector (an input narrower than a vector: the
// fixed-channels convolution's speed follows its access count, measured 1.47x faster at 8 than
// at 4). Batch-norm-like per-channel scale and shift, the relu and a max pool
// run on 16 channels, and the second convolution reads them with no slice/pad pair between.
// CHECK-LABEL: func.func @nchw_chain
// CHECK-NEXT:    %[[X:.+]] = bolt.pad %x low [0, 0, 0, 0] high [0, 5, 0, 0] value 0.000000e+00 : tensor<2x3x8x8xf16> -> tensor<2x8x8x8xf16>
// CHECK:         %[[C1:.+]] = bolt.conv2d nchw %[[X]], %{{.+}} strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x8x8x8xf16>, tensor<16x8x3x3xf16> -> tensor<2x16x8x8xf16>
// CHECK:         %[[S:.+]] = bolt.ew.mul %[[C1]], %{{.+}} : tensor<2x16x8x8xf16>, tensor<1x16x1x1xf16> -> tensor<2x16x8x8xf16>
// CHECK-NEXT:    %[[B:.+]] = bolt.ew.add %[[S]], %{{.+}} : tensor<2x16x8x8xf16>, tensor<1x16x1x1xf16> -> tensor<2x16x8x8xf16>
// CHECK-NEXT:    %[[R:.+]] = bolt.ew.relu %[[B]] : tensor<2x16x8x8xf16> -> tensor<2x16x8x8xf16>
// CHECK-NEXT:    %[[P:.+]] = bolt.pool2d max nchw %[[R]] window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<2x16x8x8xf16> -> tensor<2x16x4x4xf16>
// CHECK-NEXT:    %[[C2:.+]] = bolt.conv2d nchw %[[P]], %{{.+}} strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x16x4x4xf16>, tensor<16x16x1x1xf16> -> tensor<2x16x4x4xf16>
// CHECK:         %[[OUT:.+]] = bolt.slice %[[C2]] offsets [0, 0, 0, 0] strides [1, 1, 1, 1] : tensor<2x16x4x4xf16> -> tensor<2x10x4x4xf16>
// CHECK-NEXT:    func.return %[[OUT]] : tensor<2x10x4x4xf16>
func.func @nchw_chain(%x: tensor<2x3x8x8xf16>) -> tensor<2x10x4x4xf16> {
  %w1 = bolt.constant dense<0.5> : tensor<13x3x3x3xf16>
  %scale = bolt.constant dense<2.0> : tensor<1x13x1x1xf16>
  %shift = bolt.constant dense<-0.25> : tensor<1x13x1x1xf16>
  %w2 = bolt.constant dense<0.125> : tensor<10x13x1x1xf16>
  %c1 = bolt.conv2d nchw %x, %w1 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x3x8x8xf16>, tensor<13x3x3x3xf16> -> tensor<2x13x8x8xf16> {
  ^bb0(%acc: tensor<2x13x8x8xf32>):
    bolt.yield %acc : tensor<2x13x8x8xf32>
  }
  %s = bolt.ew.mul %c1, %scale : tensor<2x13x8x8xf16>, tensor<1x13x1x1xf16> -> tensor<2x13x8x8xf16>
  %b = bolt.ew.add %s, %shift : tensor<2x13x8x8xf16>, tensor<1x13x1x1xf16> -> tensor<2x13x8x8xf16>
  %r = bolt.ew.relu %b : tensor<2x13x8x8xf16> -> tensor<2x13x8x8xf16>
  %p = bolt.pool2d max nchw %r window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<2x13x8x8xf16> -> tensor<2x13x4x4xf16>
  %c2 = bolt.conv2d nchw %p, %w2 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x13x4x4xf16>, tensor<10x13x1x1xf16> -> tensor<2x10x4x4xf16> {
  ^bb0(%acc: tensor<2x10x4x4xf32>):
    bolt.yield %acc : tensor<2x10x4x4xf32>
  }
  func.return %c2 : tensor<2x10x4x4xf16>
}

// -----

// NHWC (as layout-nhwc leaves it, transposes at the edges): the channel is the last dimension,
// filters are KRSC. The pad sits after the entering transpose; a residual add of two padded
// branches stays padded; the slice goes after the leaving transpose, where the tensor leaves.
// CHECK-LABEL: func.func @nhwc_residual
// CHECK:         %[[T:.+]] = bolt.transpose %x permutation [0, 2, 3, 1] : tensor<1x13x6x6xf32> -> tensor<1x6x6x13xf32>
// CHECK-NEXT:    %[[X:.+]] = bolt.pad %[[T]] low [0, 0, 0, 0] high [0, 0, 0, 3] value 0.000000e+00 : tensor<1x6x6x13xf32> -> tensor<1x6x6x16xf32>
// CHECK:         %[[A:.+]] = bolt.conv2d nhwc %[[X]], %{{.+}} strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x6x6x16xf32>, tensor<16x3x3x16xf32> -> tensor<1x6x6x16xf32>
// CHECK:         %[[B:.+]] = bolt.conv2d nhwc %[[X]], %{{.+}} strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x6x6x16xf32>, tensor<16x1x1x16xf32> -> tensor<1x6x6x16xf32>
// CHECK:         %[[SUM:.+]] = bolt.ew.add %[[A]], %[[B]] : tensor<1x6x6x16xf32>, tensor<1x6x6x16xf32> -> tensor<1x6x6x16xf32>
// CHECK-NEXT:    %[[TOUT:.+]] = bolt.transpose %[[SUM]] permutation [0, 3, 1, 2] : tensor<1x6x6x16xf32> -> tensor<1x16x6x6xf32>
// CHECK-NEXT:    %[[OUT:.+]] = bolt.slice %[[TOUT]] offsets [0, 0, 0, 0] strides [1, 1, 1, 1] : tensor<1x16x6x6xf32> -> tensor<1x13x6x6xf32>
// CHECK-NEXT:    func.return %[[OUT]] : tensor<1x13x6x6xf32>
func.func @nhwc_residual(%x: tensor<1x13x6x6xf32>) -> tensor<1x13x6x6xf32> {
  %w1 = bolt.constant dense<0.5> : tensor<13x3x3x13xf32>
  %w2 = bolt.constant dense<0.25> : tensor<13x1x1x13xf32>
  %t = bolt.transpose %x permutation [0, 2, 3, 1] : tensor<1x13x6x6xf32> -> tensor<1x6x6x13xf32>
  %a = bolt.conv2d nhwc %t, %w1 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x6x6x13xf32>, tensor<13x3x3x13xf32> -> tensor<1x6x6x13xf32> {
  ^bb0(%acc: tensor<1x6x6x13xf32>):
    bolt.yield %acc : tensor<1x6x6x13xf32>
  }
  %b = bolt.conv2d nhwc %t, %w2 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x6x6x13xf32>, tensor<13x1x1x13xf32> -> tensor<1x6x6x13xf32> {
  ^bb0(%acc: tensor<1x6x6x13xf32>):
    bolt.yield %acc : tensor<1x6x6x13xf32>
  }
  %sum = bolt.ew.add %a, %b : tensor<1x6x6x13xf32>, tensor<1x6x6x13xf32> -> tensor<1x6x6x13xf32>
  %y = bolt.transpose %sum permutation [0, 3, 1, 2] : tensor<1x6x6x13xf32> -> tensor<1x13x6x6xf32>
  func.return %y : tensor<1x13x6x6xf32>
}

// -----

// A weight that is still an expression (convert-precision's cast of the fp32 constant, then
// layout-nhwc's reshape of a 1x1 FCHW filter to KRSC) is padded at its constant, now, and the
// expression is rebuilt on it: F 13 -> 16 and C 3 -> 8 through the reshape and the cast.
// CHECK-LABEL: func.func @weight_expression
// CHECK:         %[[W32:.+]] = bolt.constant dense<{{.+}}> : tensor<16x8x1x1xf32>
// CHECK:         %[[W16:.+]] = bolt.ew.cast %[[W32]] : tensor<16x8x1x1xf32> -> tensor<16x8x1x1xf16>
// CHECK:         %[[KRSC:.+]] = bolt.reshape %[[W16]] : tensor<16x8x1x1xf16> -> tensor<16x1x1x8xf16>
// CHECK:         bolt.conv2d nhwc %{{.+}}, %[[KRSC]] strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x5x5x8xf16>, tensor<16x1x1x8xf16> -> tensor<1x5x5x16xf16>
func.func @weight_expression(%x: tensor<1x5x5x3xf16>) -> tensor<1x5x5x13xf16> {
  %w = bolt.constant dense<0.5> : tensor<13x3x1x1xf32>
  %h = bolt.ew.cast %w : tensor<13x3x1x1xf32> -> tensor<13x3x1x1xf16>
  %k = bolt.reshape %h : tensor<13x3x1x1xf16> -> tensor<13x1x1x3xf16>
  %c = bolt.conv2d nhwc %x, %k strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x5x5x3xf16>, tensor<13x1x1x3xf16> -> tensor<1x5x5x13xf16> {
  ^bb0(%acc: tensor<1x5x5x13xf32>):
    bolt.yield %acc : tensor<1x5x5x13xf32>
  }
  func.return %c : tensor<1x5x5x13xf16>
}

// -----

// A 3-channel result (N padded to 4: half a vector pays) read by a convolution whose narrow
// input is padded to a whole vector (C 3 -> 8): the padded result is widened by one pad of
// its zero lanes, with no slice between the two convolutions.
// CHECK-LABEL: func.func @widen
// CHECK:         %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc {{.*}} -> tensor<2x5x5x4xf16>
// CHECK-NOT:     bolt.slice
// CHECK:         %[[W:[a-z0-9_]+]] = bolt.pad %[[Y]] low [0, 0, 0, 0] high [0, 0, 0, 4] value 0.000000e+00 : tensor<2x5x5x4xf16> -> tensor<2x5x5x8xf16>
// CHECK-NOT:     bolt.slice
// CHECK:         bolt.conv2d nhwc %[[W]], {{.*}} : tensor<2x5x5x8xf16>, tensor<16x3x3x8xf16> -> tensor<2x5x5x16xf16>
func.func @widen(%x: tensor<2x5x5x16xf16>) -> tensor<2x5x5x16xf16> {
  %f1 = bolt.constant dense<0.5> : tensor<3x1x1x16xf16>
  %y = bolt.conv2d nhwc %x, %f1 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x5x5x16xf16>, tensor<3x1x1x16xf16> -> tensor<2x5x5x3xf16> {
  ^bb0(%acc: tensor<2x5x5x3xf32>):
    bolt.yield %acc : tensor<2x5x5x3xf32>
  }
  %f2 = bolt.constant dense<0.25> : tensor<16x3x3x3xf16>
  %z = bolt.conv2d nhwc %y, %f2 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x5x5x3xf16>, tensor<16x3x3x3xf16> -> tensor<2x5x5x16xf16> {
  ^bb0(%acc: tensor<2x5x5x16xf32>):
    bolt.yield %acc : tensor<2x5x5x16xf32>
  }
  func.return %z : tensor<2x5x5x16xf16>
}
