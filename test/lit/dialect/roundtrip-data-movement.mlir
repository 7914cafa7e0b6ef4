// RUN: boltc-opt %s | filecheck --match-full-lines %s
// RUN: boltc-opt %s | boltc-opt | filecheck --match-full-lines %s
// RUN: boltc-opt %s --print-op-generic | boltc-opt | filecheck --match-full-lines %s

// Round trips of bolt.transpose, bolt.pad, bolt.slice, bolt.reshape, bolt.broadcast, bolt.concat.
// Each CHECK pins a whole printed line: the custom form, its reprint, and the generic form
// parsed back must all print the same thing.

// CHECK: func.func @transpose(%[[X:[a-z0-9_]+]]: tensor<2x3x4xf32>, %[[M:[a-z0-9_]+]]: tensor<8x16xf16>) -> (tensor<4x2x3xf32>, tensor<2x3x4xf32>, tensor<16x8xf16>) {
// CHECK-NEXT: %[[T:[a-z0-9_]+]] = bolt.transpose %[[X]] permutation [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
// CHECK-NEXT: %[[ID:[a-z0-9_]+]] = bolt.transpose %[[X]] permutation [0, 1, 2] : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
// CHECK-NEXT: %[[MT:[a-z0-9_]+]] = bolt.transpose %[[M]] permutation [1, 0] : tensor<8x16xf16> -> tensor<16x8xf16>
// CHECK-NEXT: func.return %[[T]], %[[ID]], %[[MT]] : tensor<4x2x3xf32>, tensor<2x3x4xf32>, tensor<16x8xf16>
// CHECK-NEXT: }
func.func @transpose(%x: tensor<2x3x4xf32>, %m: tensor<8x16xf16>) -> (tensor<4x2x3xf32>, tensor<2x3x4xf32>, tensor<16x8xf16>) {
  %t = bolt.transpose %x permutation [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %id = bolt.transpose %x permutation [0, 1, 2] : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  %mt = bolt.transpose %m permutation [1, 0] : tensor<8x16xf16> -> tensor<16x8xf16>
  func.return %t, %id, %mt : tensor<4x2x3xf32>, tensor<2x3x4xf32>, tensor<16x8xf16>
}

// CHECK: func.func @pad(%[[X:[a-z0-9_]+]]: tensor<1x3x4x4xf16>, %[[V:[a-z0-9_]+]]: tensor<5xbf16>) -> (tensor<1x3x6x7xf16>, tensor<5xbf16>, tensor<8xbf16>) {
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = bolt.pad %[[X]] low [0, 0, 1, 2] high [0, 0, 1, 1] value 0.000000e+00 : tensor<1x3x4x4xf16> -> tensor<1x3x6x7xf16>
// CHECK-NEXT: %[[NONE:[a-z0-9_]+]] = bolt.pad %[[V]] low [0] high [0] value 1.000000e+00 : tensor<5xbf16> -> tensor<5xbf16>
// CHECK-NEXT: %[[NEG:[a-z0-9_]+]] = bolt.pad %[[V]] low [3] high [0] value -2.500000e+00 : tensor<5xbf16> -> tensor<8xbf16>
// CHECK-NEXT: func.return %[[P]], %[[NONE]], %[[NEG]] : tensor<1x3x6x7xf16>, tensor<5xbf16>, tensor<8xbf16>
// CHECK-NEXT: }
func.func @pad(%x: tensor<1x3x4x4xf16>, %v: tensor<5xbf16>) -> (tensor<1x3x6x7xf16>, tensor<5xbf16>, tensor<8xbf16>) {
  %p = bolt.pad %x low [0, 0, 1, 2] high [0, 0, 1, 1] value 0.0 : tensor<1x3x4x4xf16> -> tensor<1x3x6x7xf16>
  %none = bolt.pad %v low [0] high [0] value 1.0 : tensor<5xbf16> -> tensor<5xbf16>
  %neg = bolt.pad %v low [3] high [0] value -2.5 : tensor<5xbf16> -> tensor<8xbf16>
  func.return %p, %none, %neg : tensor<1x3x6x7xf16>, tensor<5xbf16>, tensor<8xbf16>
}

// CHECK: func.func @slice(%[[X:[a-z0-9_]+]]: tensor<4x10xf32>) -> (tensor<2x5xf32>, tensor<4x10xf32>, tensor<1x1xf32>) {
// CHECK-NEXT: %[[S:[a-z0-9_]+]] = bolt.slice %[[X]] offsets [1, 0] strides [2, 2] : tensor<4x10xf32> -> tensor<2x5xf32>
// CHECK-NEXT: %[[ALL:[a-z0-9_]+]] = bolt.slice %[[X]] offsets [0, 0] strides [1, 1] : tensor<4x10xf32> -> tensor<4x10xf32>
// CHECK-NEXT: %[[LAST:[a-z0-9_]+]] = bolt.slice %[[X]] offsets [3, 9] strides [1, 7] : tensor<4x10xf32> -> tensor<1x1xf32>
// CHECK-NEXT: func.return %[[S]], %[[ALL]], %[[LAST]] : tensor<2x5xf32>, tensor<4x10xf32>, tensor<1x1xf32>
// CHECK-NEXT: }
func.func @slice(%x: tensor<4x10xf32>) -> (tensor<2x5xf32>, tensor<4x10xf32>, tensor<1x1xf32>) {
  %s = bolt.slice %x offsets [1, 0] strides [2, 2] : tensor<4x10xf32> -> tensor<2x5xf32>
  %all = bolt.slice %x offsets [0, 0] strides [1, 1] : tensor<4x10xf32> -> tensor<4x10xf32>
  %last = bolt.slice %x offsets [3, 9] strides [1, 7] : tensor<4x10xf32> -> tensor<1x1xf32>
  func.return %s, %all, %last : tensor<2x5xf32>, tensor<4x10xf32>, tensor<1x1xf32>
}

// CHECK: func.func @reshape(%[[X:[a-z0-9_]+]]: tensor<2x3x4xf16>, %[[S:[a-z0-9_]+]]: tensor<1xf32>) -> (tensor<6x4xf16>, tensor<24xf16>, tensor<4x1x6xf16>, tensor<f32>) {
// CHECK-NEXT: %[[A:[a-z0-9_]+]] = bolt.reshape %[[X]] : tensor<2x3x4xf16> -> tensor<6x4xf16>
// CHECK-NEXT: %[[B:[a-z0-9_]+]] = bolt.reshape %[[A]] : tensor<6x4xf16> -> tensor<24xf16>
// CHECK-NEXT: %[[C:[a-z0-9_]+]] = bolt.reshape %[[B]] : tensor<24xf16> -> tensor<4x1x6xf16>
// CHECK-NEXT: %[[D:[a-z0-9_]+]] = bolt.reshape %[[S]] : tensor<1xf32> -> tensor<f32>
// CHECK-NEXT: func.return %[[A]], %[[B]], %[[C]], %[[D]] : tensor<6x4xf16>, tensor<24xf16>, tensor<4x1x6xf16>, tensor<f32>
// CHECK-NEXT: }
func.func @reshape(%x: tensor<2x3x4xf16>, %s: tensor<1xf32>) -> (tensor<6x4xf16>, tensor<24xf16>, tensor<4x1x6xf16>, tensor<f32>) {
  %a = bolt.reshape %x : tensor<2x3x4xf16> -> tensor<6x4xf16>
  %b = bolt.reshape %a : tensor<6x4xf16> -> tensor<24xf16>
  %c = bolt.reshape %b : tensor<24xf16> -> tensor<4x1x6xf16>
  %d = bolt.reshape %s : tensor<1xf32> -> tensor<f32>
  func.return %a, %b, %c, %d : tensor<6x4xf16>, tensor<24xf16>, tensor<4x1x6xf16>, tensor<f32>
}

// CHECK: func.func @broadcast(%[[BIAS:[a-z0-9_]+]]: tensor<16xf32>, %[[S:[a-z0-9_]+]]: tensor<bf16>) -> (tensor<2x16x3x3xf32>, tensor<4x16xf32>, tensor<2x2xbf16>) {
// CHECK-NEXT: %[[NCHW:[a-z0-9_]+]] = bolt.broadcast %[[BIAS]] dimensions [0, 2, 3] : tensor<16xf32> -> tensor<2x16x3x3xf32>
// CHECK-NEXT: %[[ROWS:[a-z0-9_]+]] = bolt.broadcast %[[BIAS]] dimensions [0] : tensor<16xf32> -> tensor<4x16xf32>
// CHECK-NEXT: %[[FILL:[a-z0-9_]+]] = bolt.broadcast %[[S]] dimensions [1, 0] : tensor<bf16> -> tensor<2x2xbf16>
// CHECK-NEXT: func.return %[[NCHW]], %[[ROWS]], %[[FILL]] : tensor<2x16x3x3xf32>, tensor<4x16xf32>, tensor<2x2xbf16>
// CHECK-NEXT: }
func.func @broadcast(%bias: tensor<16xf32>, %s: tensor<bf16>) -> (tensor<2x16x3x3xf32>, tensor<4x16xf32>, tensor<2x2xbf16>) {
  %nchw = bolt.broadcast %bias dimensions [0, 2, 3] : tensor<16xf32> -> tensor<2x16x3x3xf32>
  %rows = bolt.broadcast %bias dimensions [0] : tensor<16xf32> -> tensor<4x16xf32>
  %fill = bolt.broadcast %s dimensions [1, 0] : tensor<bf16> -> tensor<2x2xbf16>
  func.return %nchw, %rows, %fill : tensor<2x16x3x3xf32>, tensor<4x16xf32>, tensor<2x2xbf16>
}

// CHECK: func.func @concat(%[[A:[a-z0-9_]+]]: tensor<1x2x4xf16>, %[[B:[a-z0-9_]+]]: tensor<1x3x4xf16>, %[[C:[a-z0-9_]+]]: tensor<1x5x4xf16>, %[[D:[a-z0-9_]+]]: tensor<7xf32>) -> (tensor<1x10x4xf16>, tensor<2x5x4xf16>, tensor<7xf32>) {
// CHECK-NEXT: %[[MID:[a-z0-9_]+]] = bolt.concat %[[A]], %[[B]], %[[C]] dim 1 : tensor<1x2x4xf16>, tensor<1x3x4xf16>, tensor<1x5x4xf16> -> tensor<1x10x4xf16>
// CHECK-NEXT: %[[FIRST:[a-z0-9_]+]] = bolt.concat %[[C]], %[[C]] dim 0 : tensor<1x5x4xf16>, tensor<1x5x4xf16> -> tensor<2x5x4xf16>
// CHECK-NEXT: %[[SINGLE:[a-z0-9_]+]] = bolt.concat %[[D]] dim 0 : tensor<7xf32> -> tensor<7xf32>
// CHECK-NEXT: func.return %[[MID]], %[[FIRST]], %[[SINGLE]] : tensor<1x10x4xf16>, tensor<2x5x4xf16>, tensor<7xf32>
// CHECK-NEXT: }
func.func @concat(%a: tensor<1x2x4xf16>, %b: tensor<1x3x4xf16>, %c: tensor<1x5x4xf16>, %d: tensor<7xf32>) -> (tensor<1x10x4xf16>, tensor<2x5x4xf16>, tensor<7xf32>) {
  %mid = bolt.concat %a, %b, %c dim 1 : tensor<1x2x4xf16>, tensor<1x3x4xf16>, tensor<1x5x4xf16> -> tensor<1x10x4xf16>
  %first = bolt.concat %c, %c dim 0 : tensor<1x5x4xf16>, tensor<1x5x4xf16> -> tensor<2x5x4xf16>
  %single = bolt.concat %d dim 0 : tensor<7xf32> -> tensor<7xf32>
  func.return %mid, %first, %single : tensor<1x10x4xf16>, tensor<2x5x4xf16>, tensor<7xf32>
}
