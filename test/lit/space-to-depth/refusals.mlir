// space-to-depth leaves alone what it does not fold, and says why under remarks=true.
// RUN: boltc-opt %s -p space-to-depth --split-input-file | filecheck %s
// RUN: boltc-opt %s -p 'space-to-depth{remarks=true}' --split-input-file 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK

// 64 channels fold into 256: not a stem.
// CHECK-LABEL: func.func @wide
// CHECK-NOT:     bolt.transpose
// CHECK:         bolt.conv2d nhwc %{{.+}}, %{{.+}} strides [2, 2] padding [1, 1, 1, 1]
// REMARK: 'bolt.conv2d' not folded space-to-depth: 64 channels fold into 256 (over 16): the convolution is not starved of channels
func.func @wide(%x: tensor<1x16x16x64xf16>) -> tensor<1x8x8x64xf16> {
  %w = bolt.constant dense<1.000000e+00> : tensor<64x3x3x64xf16>
  %y = bolt.conv2d nhwc %x, %w strides [2, 2] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x16x16x64xf16>, tensor<64x3x3x64xf16> -> tensor<1x8x8x64xf16> {
  ^bb0(%acc: tensor<1x8x8x64xf32>):
    bolt.yield %acc : tensor<1x8x8x64xf32>
  }
  func.return %y : tensor<1x8x8x64xf16>
}

// -----

// Stride 1: nothing to fold, and no remark (most layers of a network are stride 1).
// CHECK-LABEL: func.func @stride_one
// CHECK-NOT:     bolt.transpose
// CHECK:         bolt.conv2d nhwc %{{.+}}, %{{.+}} strides [1, 1] padding [1, 1, 1, 1]
// REMARK-NOT: nothing to fold
func.func @stride_one(%x: tensor<1x16x16x3xf16>) -> tensor<1x16x16x8xf16> {
  %w = bolt.constant dense<1.000000e+00> : tensor<8x3x3x3xf16>
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x16x16x3xf16>, tensor<8x3x3x3xf16> -> tensor<1x16x16x8xf16> {
  ^bb0(%acc: tensor<1x16x16x8xf32>):
    bolt.yield %acc : tensor<1x16x16x8xf32>
  }
  func.return %y : tensor<1x16x16x8xf16>
}

// -----

// CHECK-LABEL: func.func @dilated
// CHECK-NOT:     bolt.transpose
// CHECK:         bolt.conv2d nhwc %{{.+}}, %{{.+}} strides [2, 2] padding [2, 2, 2, 2] dilations [2, 2]
// REMARK: 'bolt.conv2d' not folded space-to-depth: dilations [2, 2]: the folded window would interleave blocks
func.func @dilated(%x: tensor<1x16x16x3xf16>) -> tensor<1x8x8x8xf16> {
  %w = bolt.constant dense<1.000000e+00> : tensor<8x3x3x3xf16>
  %y = bolt.conv2d nhwc %x, %w strides [2, 2] padding [2, 2, 2, 2] dilations [2, 2] groups 1 : tensor<1x16x16x3xf16>, tensor<8x3x3x3xf16> -> tensor<1x8x8x8xf16> {
  ^bb0(%acc: tensor<1x8x8x8xf32>):
    bolt.yield %acc : tensor<1x8x8x8xf32>
  }
  func.return %y : tensor<1x8x8x8xf16>
}

// -----

// CHECK-LABEL: func.func @grouped
// CHECK-NOT:     bolt.transpose
// CHECK:         bolt.conv2d nhwc %{{.+}}, %{{.+}} strides [2, 2] padding [1, 1, 1, 1] dilations [1, 1] groups 2
// REMARK: 'bolt.conv2d' not folded space-to-depth: 2 groups: folding mixes the channels of one pixel block
func.func @grouped(%x: tensor<1x16x16x4xf16>) -> tensor<1x8x8x8xf16> {
  %w = bolt.constant dense<1.000000e+00> : tensor<8x3x3x2xf16>
  %y = bolt.conv2d nhwc %x, %w strides [2, 2] padding [1, 1, 1, 1] dilations [1, 1] groups 2 : tensor<1x16x16x4xf16>, tensor<8x3x3x2xf16> -> tensor<1x8x8x8xf16> {
  ^bb0(%acc: tensor<1x8x8x8xf32>):
    bolt.yield %acc : tensor<1x8x8x8xf32>
  }
  func.return %y : tensor<1x8x8x8xf16>
}

// -----

// CHECK-LABEL: func.func @unequal_strides
// CHECK-NOT:     bolt.transpose
// CHECK:         bolt.conv2d nhwc %{{.+}}, %{{.+}} strides [2, 1] padding [1, 1, 1, 1]
// REMARK: 'bolt.conv2d' not folded space-to-depth: unequal strides [2, 1]: one block size must fold both axes
func.func @unequal_strides(%x: tensor<1x16x16x3xf16>) -> tensor<1x8x16x8xf16> {
  %w = bolt.constant dense<1.000000e+00> : tensor<8x3x3x3xf16>
  %y = bolt.conv2d nhwc %x, %w strides [2, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x16x16x3xf16>, tensor<8x3x3x3xf16> -> tensor<1x8x16x8xf16> {
  ^bb0(%acc: tensor<1x8x16x8xf32>):
    bolt.yield %acc : tensor<1x8x16x8xf32>
  }
  func.return %y : tensor<1x8x16x8xf16>
}

// -----

// A 1x1/2 convolution (a ResNet downsample shortcut on the image) reads one pixel in four
// already: folding would double its K.
// CHECK-LABEL: func.func @pointwise_strided
// CHECK-NOT:     bolt.transpose
// CHECK:         bolt.conv2d nhwc %{{.+}}, %{{.+}} strides [2, 2] padding [0, 0, 0, 0]
// REMARK: 'bolt.conv2d' not folded space-to-depth: folding would not shrink the implicit GEMM's K (1x1 taps of padded C: 8; folded: 16)
func.func @pointwise_strided(%x: tensor<1x16x16x3xf16>) -> tensor<1x8x8x8xf16> {
  %w = bolt.constant dense<1.000000e+00> : tensor<8x1x1x3xf16>
  %y = bolt.conv2d nhwc %x, %w strides [2, 2] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x16x16x3xf16>, tensor<8x1x1x3xf16> -> tensor<1x8x8x8xf16> {
  ^bb0(%acc: tensor<1x8x8x8xf32>):
    bolt.yield %acc : tensor<1x8x8x8xf32>
  }
  func.return %y : tensor<1x8x8x8xf16>
}

// -----

// A filter that is an input: folding it would take kernels at run time.
// CHECK-LABEL: func.func @runtime_filter
// CHECK-NOT:     bolt.transpose
// CHECK:         bolt.conv2d nhwc %{{.+}}, %{{.+}} strides [2, 2] padding [3, 3, 3, 3]
// REMARK: 'bolt.conv2d' not folded space-to-depth: the filter is not a constant: folding it would cost kernels at run time
func.func @runtime_filter(%x: tensor<1x16x16x3xf16>, %w: tensor<8x7x7x3xf16>) -> tensor<1x8x8x8xf16> {
  %y = bolt.conv2d nhwc %x, %w strides [2, 2] padding [3, 3, 3, 3] dilations [1, 1] groups 1 : tensor<1x16x16x3xf16>, tensor<8x7x7x3xf16> -> tensor<1x8x8x8xf16> {
  ^bb0(%acc: tensor<1x8x8x8xf32>):
    bolt.yield %acc : tensor<1x8x8x8xf32>
  }
  func.return %y : tensor<1x8x8x8xf16>
}

// -----

// NCHW (before layout-nhwc): the fold is written for channels innermost.
// CHECK-LABEL: func.func @nchw
// CHECK-NOT:     bolt.transpose
// CHECK:         bolt.conv2d nchw
// REMARK: 'bolt.conv2d' not folded space-to-depth: NCHW: space-to-depth folds NHWC convolutions (it runs after layout-nhwc)
func.func @nchw(%x: tensor<1x3x16x16xf16>) -> tensor<1x8x8x8xf16> {
  %w = bolt.constant dense<1.000000e+00> : tensor<8x3x7x7xf16>
  %y = bolt.conv2d nchw %x, %w strides [2, 2] padding [3, 3, 3, 3] dilations [1, 1] groups 1 : tensor<1x3x16x16xf16>, tensor<8x3x7x7xf16> -> tensor<1x8x8x8xf16> {
  ^bb0(%acc: tensor<1x8x8x8xf32>):
    bolt.yield %acc : tensor<1x8x8x8xf32>
  }
  func.return %y : tensor<1x8x8x8xf16>
}
