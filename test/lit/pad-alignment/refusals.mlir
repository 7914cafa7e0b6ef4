// RUN: boltc-opt %s -p pad-alignment --split-input-file | filecheck %s

// Already aligned (K=16, N=32 in fp16): nothing changes, not even the weight constant.
// CHECK-LABEL: func.func @aligned
// CHECK-NOT:     bolt.pad
// CHECK:         %[[W:.+]] = bolt.constant dense<5.000000e-01> : tensor<32x16xf16>
// CHECK-NEXT:    %[[D:.+]] = bolt.gemm %x, %[[W]] {transpose_b} : tensor<4x16xf16>, tensor<32x16xf16> -> tensor<4x32xf16>
// CHECK-NOT:     bolt.slice
// CHECK:         func.return %[[D]] : tensor<4x32xf16>
func.func @aligned(%x: tensor<4x16xf16>) -> tensor<4x32xf16> {
  %w = bolt.constant dense<0.5> : tensor<32x16xf16>
  %d = bolt.gemm %x, %w {transpose_b} : tensor<4x16xf16>, tensor<32x16xf16> -> tensor<4x32xf16> {
  ^bb0(%acc: tensor<4x32xf32>):
    bolt.yield %acc : tensor<4x32xf32>
  }
  func.return %d : tensor<4x32xf16>
}

// -----

// softmax reads across the channel dimension: the padded N is sliced back before it (the bias
// add before it stays padded), and softmax normalizes over the 10 real classes only.
// CHECK-LABEL: func.func @softmax_over_channels
// CHECK:         %[[D:.+]] = bolt.gemm %{{.+}}, %{{.+}} {transpose_b} : tensor<4x24xf16>, tensor<16x24xf16> -> tensor<4x16xf16>
// CHECK:         %[[Y:.+]] = bolt.ew.add %[[D]], %{{.+}} : tensor<4x16xf16>, tensor<1x16xf16> -> tensor<4x16xf16>
// CHECK-NEXT:    %[[REAL:.+]] = bolt.slice %[[Y]] offsets [0, 0] strides [1, 1] : tensor<4x16xf16> -> tensor<4x10xf16>
// CHECK-NEXT:    %[[P:.+]] = bolt.softmax %[[REAL]] axis 1 : tensor<4x10xf16> -> tensor<4x10xf16>
// CHECK-NEXT:    func.return %[[P]] : tensor<4x10xf16>
func.func @softmax_over_channels(%x: tensor<4x24xf16>) -> tensor<4x10xf16> {
  %w = bolt.constant dense<0.5> : tensor<10x24xf16>
  %b = bolt.constant dense<0.25> : tensor<1x10xf16>
  %d = bolt.gemm %x, %w {transpose_b} : tensor<4x24xf16>, tensor<10x24xf16> -> tensor<4x10xf16> {
  ^bb0(%acc: tensor<4x10xf32>):
    bolt.yield %acc : tensor<4x10xf32>
  }
  %y = bolt.ew.add %d, %b : tensor<4x10xf16>, tensor<1x10xf16> -> tensor<4x10xf16>
  %p = bolt.softmax %y axis 1 : tensor<4x10xf16> -> tensor<4x10xf16>
  func.return %p : tensor<4x10xf16>
}

// -----

// layer-norm over the channels (NHWC's last dimension) normalizes over the real 12 only.
// CHECK-LABEL: func.func @layernorm_over_channels
// CHECK:         %[[C:.+]] = bolt.conv2d nhwc %{{.+}} : tensor<1x4x4x8xf16>, tensor<16x1x1x8xf16> -> tensor<1x4x4x16xf16>
// CHECK:         %[[REAL:.+]] = bolt.slice %[[C]] offsets [0, 0, 0, 0] strides [1, 1, 1, 1] : tensor<1x4x4x16xf16> -> tensor<1x4x4x12xf16>
// CHECK-NEXT:    %[[N:.+]] = bolt.layernorm %[[REAL]] axis 3 epsilon 1.000000e-05 : tensor<1x4x4x12xf16> -> tensor<1x4x4x12xf16>
// CHECK-NEXT:    func.return %[[N]]
func.func @layernorm_over_channels(%x: tensor<1x4x4x8xf16>) -> tensor<1x4x4x12xf16> {
  %w = bolt.constant dense<0.5> : tensor<12x1x1x8xf16>
  %c = bolt.conv2d nhwc %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x4x4x8xf16>, tensor<12x1x1x8xf16> -> tensor<1x4x4x12xf16> {
  ^bb0(%acc: tensor<1x4x4x12xf32>):
    bolt.yield %acc : tensor<1x4x4x12xf32>
  }
  %n = bolt.layernorm %c axis 3 epsilon 1.0e-05 : tensor<1x4x4x12xf16> -> tensor<1x4x4x12xf16>
  func.return %n : tensor<1x4x4x12xf16>
}

// -----

// A mean over the channels and a reshape that flattens them both read the channel dimension
// non-elementwise: the relu runs padded, then one slice feeds both.
// CHECK-LABEL: func.func @reduce_and_flatten
// CHECK:         %[[C:.+]] = bolt.conv2d nhwc %{{.+}}, %{{.+}} strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x4x4x8xf16>, tensor<16x1x1x8xf16> -> tensor<1x4x4x16xf16>
// CHECK:         %[[R:.+]] = bolt.ew.relu %[[C]] : tensor<1x4x4x16xf16> -> tensor<1x4x4x16xf16>
// CHECK-NEXT:    %[[REAL:.+]] = bolt.slice %[[R]] offsets [0, 0, 0, 0] strides [1, 1, 1, 1] : tensor<1x4x4x16xf16> -> tensor<1x4x4x12xf16>
// CHECK-NEXT:    %[[M:.+]] = bolt.reduce mean %[[REAL]] dims [3] {keep_dims} : tensor<1x4x4x12xf16> -> tensor<1x4x4x1xf16>
// CHECK-NEXT:    %[[F:.+]] = bolt.reshape %[[REAL]] : tensor<1x4x4x12xf16> -> tensor<1x192xf16>
func.func @reduce_and_flatten(%x: tensor<1x4x4x8xf16>) -> (tensor<1x4x4x1xf16>, tensor<1x192xf16>) {
  %w = bolt.constant dense<0.5> : tensor<12x1x1x8xf16>
  %c = bolt.conv2d nhwc %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x4x4x8xf16>, tensor<12x1x1x8xf16> -> tensor<1x4x4x12xf16> {
  ^bb0(%acc: tensor<1x4x4x12xf32>):
    bolt.yield %acc : tensor<1x4x4x12xf32>
  }
  %r = bolt.ew.relu %c : tensor<1x4x4x12xf16> -> tensor<1x4x4x12xf16>
  %m = bolt.reduce mean %r dims [3] {keep_dims} : tensor<1x4x4x12xf16> -> tensor<1x4x4x1xf16>
  %f = bolt.reshape %r : tensor<1x4x4x12xf16> -> tensor<1x192xf16>
  func.return %m, %f : tensor<1x4x4x1xf16>, tensor<1x192xf16>
}

// -----

// The cost model's skip: F=4 in fp16 already reads 8-byte vectors; padding it to 8 would
// double the work for a 1.34x faster access. The input's C=4, narrower than one vector, goes to
// 8 all the same (conv_channels_padded_size: the fixed-channels convolution's time follows its
// accesses). N=1 in fp32 would need 4x the work; K=3 in fp32 goes to 4 (4/3 the work for
// 16-byte vectors), so only the activation is padded.
// CHECK-LABEL: func.func @cost_model_skips
// CHECK-NEXT:    %[[V:.+]] = bolt.pad %v low [0, 0] high [0, 1] value 0.000000e+00 : tensor<5x3xf32> -> tensor<5x4xf32>
// CHECK-NEXT:    %[[X:.+]] = bolt.pad %x low [0, 0, 0, 0] high [0, 4, 0, 0] value 0.000000e+00 : tensor<1x4x8x8xf16> -> tensor<1x8x8x8xf16>
// CHECK-NEXT:    %[[W:.+]] = bolt.constant dense<{{.+}}> : tensor<4x8x3x3xf16>
// CHECK-NEXT:    %[[C:.+]] = bolt.conv2d nchw %[[X]], %[[W]] strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<4x8x3x3xf16> -> tensor<1x4x8x8xf16>
// CHECK:         %[[G:.+]] = bolt.gemm %[[V]], %{{.+}} {transpose_b} : tensor<5x4xf32>, tensor<1x4xf32> -> tensor<5x1xf32>
// CHECK-NOT:     bolt.slice
// CHECK:         func.return %[[C]], %[[G]] : tensor<1x4x8x8xf16>, tensor<5x1xf32>
func.func @cost_model_skips(%x: tensor<1x4x8x8xf16>, %v: tensor<5x3xf32>) -> (tensor<1x4x8x8xf16>, tensor<5x1xf32>) {
  %w = bolt.constant dense<0.5> : tensor<4x4x3x3xf16>
  %c = bolt.conv2d nchw %x, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x4x8x8xf16>, tensor<4x4x3x3xf16> -> tensor<1x4x8x8xf16> {
  ^bb0(%acc: tensor<1x4x8x8xf32>):
    bolt.yield %acc : tensor<1x4x8x8xf32>
  }
  %u = bolt.constant dense<0.25> : tensor<1x3xf32>
  %g = bolt.gemm %v, %u {transpose_b} : tensor<5x3xf32>, tensor<1x3xf32> -> tensor<5x1xf32> {
  ^bb0(%acc: tensor<5x1xf32>):
    bolt.yield %acc : tensor<5x1xf32>
  }
  func.return %c, %g : tensor<1x4x8x8xf16>, tensor<5x1xf32>
}

// -----

// Left alone: a grouped convolution (padding C would regroup the channels). (A GEMM whose rhs
// is an activation is padded at run time where it must be: activations.mlir.)
// CHECK-LABEL: func.func @not_handled
// CHECK-NOT:     bolt.pad
// CHECK:         bolt.conv2d nchw %x, %{{.+}} strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 2 : tensor<1x6x5x5xf16>, tensor<6x3x3x3xf16> -> tensor<1x6x5x5xf16>
// CHECK-NOT:     bolt.slice
func.func @not_handled(%x: tensor<1x6x5x5xf16>) -> tensor<1x6x5x5xf16> {
  %w = bolt.constant dense<0.5> : tensor<6x3x3x3xf16>
  %c = bolt.conv2d nchw %x, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 2 : tensor<1x6x5x5xf16>, tensor<6x3x3x3xf16> -> tensor<1x6x5x5xf16> {
  ^bb0(%acc: tensor<1x6x5x5xf32>):
    bolt.yield %acc : tensor<1x6x5x5xf32>
  }
  func.return %c : tensor<1x6x5x5xf16>
}

// -----

// An epilogue that already reads a bias of N's shape (fuse-epilogue ran first): K is padded,
// N keeps its size and the epilogue moves over unchanged.
// CHECK-LABEL: func.func @fused_epilogue_keeps_n
// CHECK:         %[[X:.+]] = bolt.pad %x low [0, 0] high [0, 3] value 0.000000e+00 : tensor<4x13xf16> -> tensor<4x16xf16>
// CHECK:         %[[D:.+]] = bolt.gemm %[[X]], %{{.+}} extras(%{{.+}} : tensor<1x10xf16>) {transpose_b} : tensor<4x16xf16>, tensor<10x16xf16> -> tensor<4x10xf16> {
// CHECK-NEXT:    ^bb0(%[[ACC:.+]]: tensor<4x10xf32>, %[[BIAS:.+]]: tensor<1x10xf16>):
// CHECK-NEXT:      %{{.+}} = bolt.ew.cast %[[BIAS]] : tensor<1x10xf16> -> tensor<1x10xf32>
// CHECK-NOT:     bolt.slice
// CHECK:         func.return %[[D]] : tensor<4x10xf16>
func.func @fused_epilogue_keeps_n(%x: tensor<4x13xf16>) -> tensor<4x10xf16> {
  %w = bolt.constant dense<0.5> : tensor<10x13xf16>
  %b = bolt.constant dense<0.25> : tensor<1x10xf16>
  %d = bolt.gemm %x, %w extras(%b : tensor<1x10xf16>) {transpose_b} : tensor<4x13xf16>, tensor<10x13xf16> -> tensor<4x10xf16> {
  ^bb0(%acc: tensor<4x10xf32>, %bias: tensor<1x10xf16>):
    %b32 = bolt.ew.cast %bias : tensor<1x10xf16> -> tensor<1x10xf32>
    %sum = bolt.ew.add %acc, %b32 : tensor<4x10xf32>, tensor<1x10xf32> -> tensor<4x10xf32>
    bolt.yield %sum : tensor<4x10xf32>
  }
  func.return %d : tensor<4x10xf16>
}
