// RUN: boltc-opt %s | filecheck --match-full-lines %s
// RUN: boltc-opt %s | boltc-opt | filecheck --match-full-lines %s
// RUN: boltc-opt %s --print-op-generic | boltc-opt | filecheck --match-full-lines %s

// Round trips of bolt.pool2d, bolt.softmax, bolt.layernorm and bolt.reduce.
// Each CHECK pins a whole printed line: the custom form, its reprint, and the generic form
// parsed back must all print the same thing.

// P = (8 + 0 + 0 - 2) / 2 + 1 = 4.
// CHECK: func.func @pool_max_nchw(%[[X:[a-z0-9_]+]]: tensor<1x4x8x8xf16>) -> tensor<1x4x4x4xf16> {
// CHECK-NEXT: %[[Y:[a-z0-9_]+]] = bolt.pool2d max nchw %[[X]] window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x4x8x8xf16> -> tensor<1x4x4x4xf16>
// CHECK-NEXT: func.return %[[Y]] : tensor<1x4x4x4xf16>
// CHECK-NEXT: }
func.func @pool_max_nchw(%x: tensor<1x4x8x8xf16>) -> tensor<1x4x4x4xf16> {
  %y = bolt.pool2d max nchw %x window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x4x8x8xf16> -> tensor<1x4x4x4xf16>
  func.return %y : tensor<1x4x4x4xf16>
}

// ResNet's stem pool, NHWC: P = (112 + 1 + 1 - 3) / 2 + 1 = 56.
// CHECK: func.func @pool_max_nhwc(%[[X:[a-z0-9_]+]]: tensor<2x112x112x64xbf16>) -> tensor<2x56x56x64xbf16> {
// CHECK-NEXT: %[[Y:[a-z0-9_]+]] = bolt.pool2d max nhwc %[[X]] window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x112x112x64xbf16> -> tensor<2x56x56x64xbf16>
// CHECK-NEXT: func.return %[[Y]] : tensor<2x56x56x64xbf16>
// CHECK-NEXT: }
func.func @pool_max_nhwc(%x: tensor<2x112x112x64xbf16>) -> tensor<2x56x56x64xbf16> {
  %y = bolt.pool2d max nhwc %x window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x112x112x64xbf16> -> tensor<2x56x56x64xbf16>
  func.return %y : tensor<2x56x56x64xbf16>
}

// Asymmetric window, strides and padding: P = (7 + 1 + 0 - 3) / 1 + 1 = 6, Q = (5 + 0 + 1 - 2) / 2 + 1 = 3.
// CHECK: func.func @pool_avg(%[[X:[a-z0-9_]+]]: tensor<1x3x7x5xf32>) -> tensor<1x3x6x3xf32> {
// CHECK-NEXT: %[[Y:[a-z0-9_]+]] = bolt.pool2d avg nchw %[[X]] window [3, 2] strides [1, 2] padding [1, 0, 0, 1] : tensor<1x3x7x5xf32> -> tensor<1x3x6x3xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<1x3x6x3xf32>
// CHECK-NEXT: }
func.func @pool_avg(%x: tensor<1x3x7x5xf32>) -> tensor<1x3x6x3xf32> {
  %y = bolt.pool2d avg nchw %x window [3, 2] strides [1, 2] padding [1, 0, 0, 1] : tensor<1x3x7x5xf32> -> tensor<1x3x6x3xf32>
  func.return %y : tensor<1x3x6x3xf32>
}

// Global average pooling: the window is the whole input.
// CHECK: func.func @pool_avg_global(%[[X:[a-z0-9_]+]]: tensor<4x7x7x512xf16>) -> tensor<4x1x1x512xf16> {
// CHECK-NEXT: %[[Y:[a-z0-9_]+]] = bolt.pool2d avg nhwc %[[X]] window [7, 7] strides [1, 1] padding [0, 0, 0, 0] : tensor<4x7x7x512xf16> -> tensor<4x1x1x512xf16>
// CHECK-NEXT: func.return %[[Y]] : tensor<4x1x1x512xf16>
// CHECK-NEXT: }
func.func @pool_avg_global(%x: tensor<4x7x7x512xf16>) -> tensor<4x1x1x512xf16> {
  %y = bolt.pool2d avg nhwc %x window [7, 7] strides [1, 1] padding [0, 0, 0, 0] : tensor<4x7x7x512xf16> -> tensor<4x1x1x512xf16>
  func.return %y : tensor<4x1x1x512xf16>
}

// CHECK: func.func @softmax(%[[X:[a-z0-9_]+]]: tensor<2x8x16xf16>, %[[Y:[a-z0-9_]+]]: tensor<10xf32>) -> (tensor<2x8x16xf16>, tensor<2x8x16xf16>, tensor<10xf32>) {
// CHECK-NEXT: %[[LAST:[a-z0-9_]+]] = bolt.softmax %[[X]] axis 2 : tensor<2x8x16xf16> -> tensor<2x8x16xf16>
// CHECK-NEXT: %[[FIRST:[a-z0-9_]+]] = bolt.softmax %[[X]] axis 0 : tensor<2x8x16xf16> -> tensor<2x8x16xf16>
// CHECK-NEXT: %[[VEC:[a-z0-9_]+]] = bolt.softmax %[[Y]] axis 0 : tensor<10xf32> -> tensor<10xf32>
// CHECK-NEXT: func.return %[[LAST]], %[[FIRST]], %[[VEC]] : tensor<2x8x16xf16>, tensor<2x8x16xf16>, tensor<10xf32>
// CHECK-NEXT: }
func.func @softmax(%x: tensor<2x8x16xf16>, %y: tensor<10xf32>) -> (tensor<2x8x16xf16>, tensor<2x8x16xf16>, tensor<10xf32>) {
  %last = bolt.softmax %x axis 2 : tensor<2x8x16xf16> -> tensor<2x8x16xf16>
  %first = bolt.softmax %x axis 0 : tensor<2x8x16xf16> -> tensor<2x8x16xf16>
  %vec = bolt.softmax %y axis 0 : tensor<10xf32> -> tensor<10xf32>
  func.return %last, %first, %vec : tensor<2x8x16xf16>, tensor<2x8x16xf16>, tensor<10xf32>
}

// CHECK: func.func @layernorm(%[[X:[a-z0-9_]+]]: tensor<4x16x32xf16>, %[[G:[a-z0-9_]+]]: tensor<32xf16>, %[[B:[a-z0-9_]+]]: tensor<32xf16>, %[[G2:[a-z0-9_]+]]: tensor<16x32xf16>) -> (tensor<4x16x32xf16>, tensor<4x16x32xf16>, tensor<4x16x32xf16>, tensor<4x16x32xf16>, tensor<4x16x32xf16>) {
// CHECK-NEXT: %[[AFFINE:[a-z0-9_]+]] = bolt.layernorm %[[X]] gamma %[[G]] : tensor<32xf16> beta %[[B]] : tensor<32xf16> axis 2 epsilon 1.000000e-05 : tensor<4x16x32xf16> -> tensor<4x16x32xf16>
// CHECK-NEXT: %[[PLAIN:[a-z0-9_]+]] = bolt.layernorm %[[X]] axis 2 epsilon 1.000000e-06 : tensor<4x16x32xf16> -> tensor<4x16x32xf16>
// CHECK-NEXT: %[[GAMMA_ONLY:[a-z0-9_]+]] = bolt.layernorm %[[X]] gamma %[[G]] : tensor<32xf16> axis 2 epsilon 1.000000e-05 : tensor<4x16x32xf16> -> tensor<4x16x32xf16>
// CHECK-NEXT: %[[BETA_ONLY:[a-z0-9_]+]] = bolt.layernorm %[[X]] beta %[[B]] : tensor<32xf16> axis 2 epsilon 0.000000e+00 : tensor<4x16x32xf16> -> tensor<4x16x32xf16>
// CHECK-NEXT: %[[TWO_DIMS:[a-z0-9_]+]] = bolt.layernorm %[[X]] gamma %[[G2]] : tensor<16x32xf16> beta %[[G2]] : tensor<16x32xf16> axis 1 epsilon 1.000000e-05 : tensor<4x16x32xf16> -> tensor<4x16x32xf16>
// CHECK-NEXT: func.return %[[AFFINE]], %[[PLAIN]], %[[GAMMA_ONLY]], %[[BETA_ONLY]], %[[TWO_DIMS]] : tensor<4x16x32xf16>, tensor<4x16x32xf16>, tensor<4x16x32xf16>, tensor<4x16x32xf16>, tensor<4x16x32xf16>
// CHECK-NEXT: }
func.func @layernorm(%x: tensor<4x16x32xf16>, %g: tensor<32xf16>, %b: tensor<32xf16>, %g2: tensor<16x32xf16>) -> (tensor<4x16x32xf16>, tensor<4x16x32xf16>, tensor<4x16x32xf16>, tensor<4x16x32xf16>, tensor<4x16x32xf16>) {
  %affine = bolt.layernorm %x gamma %g : tensor<32xf16> beta %b : tensor<32xf16> axis 2 epsilon 1.0e-05 : tensor<4x16x32xf16> -> tensor<4x16x32xf16>
  %plain = bolt.layernorm %x axis 2 epsilon 9.9999999999999995e-07 : tensor<4x16x32xf16> -> tensor<4x16x32xf16>
  %gamma_only = bolt.layernorm %x gamma %g : tensor<32xf16> axis 2 epsilon 1.0e-05 : tensor<4x16x32xf16> -> tensor<4x16x32xf16>
  %beta_only = bolt.layernorm %x beta %b : tensor<32xf16> axis 2 epsilon 0.0 : tensor<4x16x32xf16> -> tensor<4x16x32xf16>
  %two_dims = bolt.layernorm %x gamma %g2 : tensor<16x32xf16> beta %g2 : tensor<16x32xf16> axis 1 epsilon 1.0e-05 : tensor<4x16x32xf16> -> tensor<4x16x32xf16>
  func.return %affine, %plain, %gamma_only, %beta_only, %two_dims : tensor<4x16x32xf16>, tensor<4x16x32xf16>, tensor<4x16x32xf16>, tensor<4x16x32xf16>, tensor<4x16x32xf16>
}

// CHECK: func.func @reduce(%[[X:[a-z0-9_]+]]: tensor<2x3x4xf32>) -> (tensor<2x4xf32>, tensor<2x1x4xf32>, tensor<2xf32>, tensor<2x1x1xf32>, tensor<3x4xf32>, tensor<1x3x4xf32>, tensor<f32>, tensor<1x1x1xf32>) {
// CHECK-NEXT: %[[SUM:[a-z0-9_]+]] = bolt.reduce sum %[[X]] dims [1] : tensor<2x3x4xf32> -> tensor<2x4xf32>
// CHECK-NEXT: %[[SUM_KEEP:[a-z0-9_]+]] = bolt.reduce sum %[[X]] dims [1] {keep_dims} : tensor<2x3x4xf32> -> tensor<2x1x4xf32>
// CHECK-NEXT: %[[MEAN:[a-z0-9_]+]] = bolt.reduce mean %[[X]] dims [1, 2] : tensor<2x3x4xf32> -> tensor<2xf32>
// CHECK-NEXT: %[[MEAN_KEEP:[a-z0-9_]+]] = bolt.reduce mean %[[X]] dims [2, 1] {keep_dims} : tensor<2x3x4xf32> -> tensor<2x1x1xf32>
// CHECK-NEXT: %[[MAX:[a-z0-9_]+]] = bolt.reduce max %[[X]] dims [0] : tensor<2x3x4xf32> -> tensor<3x4xf32>
// CHECK-NEXT: %[[MAX_KEEP:[a-z0-9_]+]] = bolt.reduce max %[[X]] dims [0] {keep_dims} : tensor<2x3x4xf32> -> tensor<1x3x4xf32>
// CHECK-NEXT: %[[MIN:[a-z0-9_]+]] = bolt.reduce min %[[X]] dims [0, 1, 2] : tensor<2x3x4xf32> -> tensor<f32>
// CHECK-NEXT: %[[MIN_KEEP:[a-z0-9_]+]] = bolt.reduce min %[[X]] dims [0, 1, 2] {keep_dims} : tensor<2x3x4xf32> -> tensor<1x1x1xf32>
// CHECK-NEXT: func.return %[[SUM]], %[[SUM_KEEP]], %[[MEAN]], %[[MEAN_KEEP]], %[[MAX]], %[[MAX_KEEP]], %[[MIN]], %[[MIN_KEEP]] : tensor<2x4xf32>, tensor<2x1x4xf32>, tensor<2xf32>, tensor<2x1x1xf32>, tensor<3x4xf32>, tensor<1x3x4xf32>, tensor<f32>, tensor<1x1x1xf32>
// CHECK-NEXT: }
func.func @reduce(%x: tensor<2x3x4xf32>) -> (tensor<2x4xf32>, tensor<2x1x4xf32>, tensor<2xf32>, tensor<2x1x1xf32>, tensor<3x4xf32>, tensor<1x3x4xf32>, tensor<f32>, tensor<1x1x1xf32>) {
  %sum = bolt.reduce sum %x dims [1] : tensor<2x3x4xf32> -> tensor<2x4xf32>
  %sum_keep = bolt.reduce sum %x dims [1] {keep_dims} : tensor<2x3x4xf32> -> tensor<2x1x4xf32>
  %mean = bolt.reduce mean %x dims [1, 2] : tensor<2x3x4xf32> -> tensor<2xf32>
  %mean_keep = bolt.reduce mean %x dims [2, 1] {keep_dims} : tensor<2x3x4xf32> -> tensor<2x1x1xf32>
  %max = bolt.reduce max %x dims [0] : tensor<2x3x4xf32> -> tensor<3x4xf32>
  %max_keep = bolt.reduce max %x dims [0] {keep_dims} : tensor<2x3x4xf32> -> tensor<1x3x4xf32>
  %min = bolt.reduce min %x dims [0, 1, 2] : tensor<2x3x4xf32> -> tensor<f32>
  %min_keep = bolt.reduce min %x dims [0, 1, 2] {keep_dims} : tensor<2x3x4xf32> -> tensor<1x1x1xf32>
  func.return %sum, %sum_keep, %mean, %mean_keep, %max, %max_keep, %min, %min_keep : tensor<2x4xf32>, tensor<2x1x4xf32>, tensor<2xf32>, tensor<2x1x1xf32>, tensor<3x4xf32>, tensor<1x3x4xf32>, tensor<f32>, tensor<1x1x1xf32>
}

// CHECK: func.func @reduce_half(%[[X:[a-z0-9_]+]]: tensor<8x16xf16>, %[[Y:[a-z0-9_]+]]: tensor<8x16xbf16>) -> (tensor<8xf16>, tensor<1x16xbf16>) {
// CHECK-NEXT: %[[S:[a-z0-9_]+]] = bolt.reduce sum %[[X]] dims [1] : tensor<8x16xf16> -> tensor<8xf16>
// CHECK-NEXT: %[[M:[a-z0-9_]+]] = bolt.reduce max %[[Y]] dims [0] {keep_dims} : tensor<8x16xbf16> -> tensor<1x16xbf16>
// CHECK-NEXT: func.return %[[S]], %[[M]] : tensor<8xf16>, tensor<1x16xbf16>
// CHECK-NEXT: }
func.func @reduce_half(%x: tensor<8x16xf16>, %y: tensor<8x16xbf16>) -> (tensor<8xf16>, tensor<1x16xbf16>) {
  %s = bolt.reduce sum %x dims [1] : tensor<8x16xf16> -> tensor<8xf16>
  %m = bolt.reduce max %y dims [0] {keep_dims} : tensor<8x16xbf16> -> tensor<1x16xbf16>
  func.return %s, %m : tensor<8xf16>, tensor<1x16xbf16>
}
