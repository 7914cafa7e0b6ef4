// RUN: boltc-opt %s | filecheck --match-full-lines %s
// RUN: boltc-opt %s | boltc-opt | filecheck --match-full-lines %s
// RUN: boltc-opt %s --print-op-generic | boltc-opt | filecheck --match-full-lines %s

// Round trips of bolt.gemm and bolt.conv2d (plain, batched, transposed, extras, epilogues, #bolt.kernel).
// Each CHECK pins a whole printed line: the custom form, its reprint, and the generic form
// parsed back must all print the same thing.

// CHECK: func.func @gemm_plain(%[[A:[a-z0-9_]+]]: tensor<128x64xf16>, %[[B:[a-z0-9_]+]]: tensor<64x32xf16>) -> tensor<128x32xf16> {
// CHECK-NEXT: %[[D:[a-z0-9_]+]] = bolt.gemm %[[A]], %[[B]] : tensor<128x64xf16>, tensor<64x32xf16> -> tensor<128x32xf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<128x32xf32>):
// CHECK-NEXT: bolt.yield %[[ACC]] : tensor<128x32xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[D]] : tensor<128x32xf16>
// CHECK-NEXT: }
func.func @gemm_plain(%a: tensor<128x64xf16>, %b: tensor<64x32xf16>) -> tensor<128x32xf16> {
  %d = bolt.gemm %a, %b : tensor<128x64xf16>, tensor<64x32xf16> -> tensor<128x32xf16> {
  ^bb0(%acc: tensor<128x32xf32>):
    bolt.yield %acc : tensor<128x32xf32>
  }
  func.return %d : tensor<128x32xf16>
}

// CHECK: func.func @gemm_batched(%[[A:[a-z0-9_]+]]: tensor<3x16x8xbf16>, %[[B:[a-z0-9_]+]]: tensor<3x8x4xbf16>, %[[W:[a-z0-9_]+]]: tensor<8x4xbf16>) -> (tensor<3x16x4xbf16>, tensor<3x16x4xf32>) {
// CHECK-NEXT: %[[D:[a-z0-9_]+]] = bolt.gemm %[[A]], %[[B]] : tensor<3x16x8xbf16>, tensor<3x8x4xbf16> -> tensor<3x16x4xbf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<3x16x4xf32>):
// CHECK-NEXT: bolt.yield %[[ACC]] : tensor<3x16x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[E:[a-z0-9_]+]] = bolt.gemm %[[A]], %[[W]] : tensor<3x16x8xbf16>, tensor<8x4xbf16> -> tensor<3x16x4xf32> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC_1:[a-z0-9_]+]]: tensor<3x16x4xf32>):
// CHECK-NEXT: bolt.yield %[[ACC_1]] : tensor<3x16x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[D]], %[[E]] : tensor<3x16x4xbf16>, tensor<3x16x4xf32>
// CHECK-NEXT: }
func.func @gemm_batched(%a: tensor<3x16x8xbf16>, %b: tensor<3x8x4xbf16>, %w: tensor<8x4xbf16>) -> (tensor<3x16x4xbf16>, tensor<3x16x4xf32>) {
  %d = bolt.gemm %a, %b : tensor<3x16x8xbf16>, tensor<3x8x4xbf16> -> tensor<3x16x4xbf16> {
  ^bb0(%acc: tensor<3x16x4xf32>):
    bolt.yield %acc : tensor<3x16x4xf32>
  }
  %e = bolt.gemm %a, %w : tensor<3x16x8xbf16>, tensor<8x4xbf16> -> tensor<3x16x4xf32> {
  ^bb0(%acc: tensor<3x16x4xf32>):
    bolt.yield %acc : tensor<3x16x4xf32>
  }
  func.return %d, %e : tensor<3x16x4xbf16>, tensor<3x16x4xf32>
}

// CHECK: func.func @gemm_transposed(%[[AT:[a-z0-9_]+]]: tensor<8x16xf32>, %[[BT:[a-z0-9_]+]]: tensor<4x8xf32>, %[[A:[a-z0-9_]+]]: tensor<16x8xf32>, %[[BT2:[a-z0-9_]+]]: tensor<2x4x8xf32>, %[[A3:[a-z0-9_]+]]: tensor<2x16x8xf32>) -> (tensor<16x4xf32>, tensor<16x4xf32>, tensor<2x16x4xf32>) {
// CHECK-NEXT: %[[D:[a-z0-9_]+]] = bolt.gemm %[[AT]], %[[BT]] {transpose_a, transpose_b} : tensor<8x16xf32>, tensor<4x8xf32> -> tensor<16x4xf32> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<16x4xf32>):
// CHECK-NEXT: bolt.yield %[[ACC]] : tensor<16x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[E:[a-z0-9_]+]] = bolt.gemm %[[A]], %[[BT]] {transpose_b} : tensor<16x8xf32>, tensor<4x8xf32> -> tensor<16x4xf32> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC_1:[a-z0-9_]+]]: tensor<16x4xf32>):
// CHECK-NEXT: bolt.yield %[[ACC_1]] : tensor<16x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[F:[a-z0-9_]+]] = bolt.gemm %[[A3]], %[[BT2]] {transpose_b} : tensor<2x16x8xf32>, tensor<2x4x8xf32> -> tensor<2x16x4xf32> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC_2:[a-z0-9_]+]]: tensor<2x16x4xf32>):
// CHECK-NEXT: bolt.yield %[[ACC_2]] : tensor<2x16x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[D]], %[[E]], %[[F]] : tensor<16x4xf32>, tensor<16x4xf32>, tensor<2x16x4xf32>
// CHECK-NEXT: }
func.func @gemm_transposed(%at: tensor<8x16xf32>, %bt: tensor<4x8xf32>, %a: tensor<16x8xf32>, %bt2: tensor<2x4x8xf32>, %a3: tensor<2x16x8xf32>) -> (tensor<16x4xf32>, tensor<16x4xf32>, tensor<2x16x4xf32>) {
  %d = bolt.gemm %at, %bt {transpose_a, transpose_b} : tensor<8x16xf32>, tensor<4x8xf32> -> tensor<16x4xf32> {
  ^bb0(%acc: tensor<16x4xf32>):
    bolt.yield %acc : tensor<16x4xf32>
  }
  %e = bolt.gemm %a, %bt {transpose_b} : tensor<16x8xf32>, tensor<4x8xf32> -> tensor<16x4xf32> {
  ^bb0(%acc: tensor<16x4xf32>):
    bolt.yield %acc : tensor<16x4xf32>
  }
  %f = bolt.gemm %a3, %bt2 {transpose_b} : tensor<2x16x8xf32>, tensor<2x4x8xf32> -> tensor<2x16x4xf32> {
  ^bb0(%acc: tensor<2x16x4xf32>):
    bolt.yield %acc : tensor<2x16x4xf32>
  }
  func.return %d, %e, %f : tensor<16x4xf32>, tensor<16x4xf32>, tensor<2x16x4xf32>
}

// Linear + bias + GELU(tanh) + scaled residual + clamp: every extra and a constant in the EVT.
// CHECK: func.func @gemm_epilogue(%[[X:[a-z0-9_]+]]: tensor<64x32xf16>, %[[W:[a-z0-9_]+]]: tensor<48x32xf16>, %[[BIAS:[a-z0-9_]+]]: tensor<48xf16>, %[[RES:[a-z0-9_]+]]: tensor<64x48xf16>) -> tensor<64x48xf16> {
// CHECK-NEXT: %[[D:[a-z0-9_]+]] = bolt.gemm %[[X]], %[[W]] extras(%[[BIAS]], %[[RES]] : tensor<48xf16>, tensor<64x48xf16>) {transpose_b} : tensor<64x32xf16>, tensor<48x32xf16> -> tensor<64x48xf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<64x48xf32>, %[[B:[a-z0-9_]+]]: tensor<48xf16>, %[[R:[a-z0-9_]+]]: tensor<64x48xf16>):
// CHECK-NEXT: %[[B32:[a-z0-9_]+]] = bolt.ew.cast %[[B]] : tensor<48xf16> -> tensor<48xf32>
// CHECK-NEXT: %[[S:[a-z0-9_]+]] = bolt.ew.add %[[ACC]], %[[B32]] : tensor<64x48xf32>, tensor<48xf32> -> tensor<64x48xf32>
// CHECK-NEXT: %[[G:[a-z0-9_]+]] = bolt.ew.gelu tanh %[[S]] : tensor<64x48xf32> -> tensor<64x48xf32>
// CHECK-NEXT: %[[HALF:[a-z0-9_]+]] = bolt.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NEXT: %[[R32:[a-z0-9_]+]] = bolt.ew.cast %[[R]] : tensor<64x48xf16> -> tensor<64x48xf32>
// CHECK-NEXT: %[[RS:[a-z0-9_]+]] = bolt.ew.mul %[[R32]], %[[HALF]] : tensor<64x48xf32>, tensor<f32> -> tensor<64x48xf32>
// CHECK-NEXT: %[[T:[a-z0-9_]+]] = bolt.ew.add %[[G]], %[[RS]] : tensor<64x48xf32>, tensor<64x48xf32> -> tensor<64x48xf32>
// CHECK-NEXT: %[[C:[a-z0-9_]+]] = bolt.ew.clamp %[[T]] min -6.000000e+00 max 6.000000e+00 : tensor<64x48xf32> -> tensor<64x48xf32>
// CHECK-NEXT: bolt.yield %[[C]] : tensor<64x48xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[D]] : tensor<64x48xf16>
// CHECK-NEXT: }
func.func @gemm_epilogue(%x: tensor<64x32xf16>, %w: tensor<48x32xf16>, %bias: tensor<48xf16>, %res: tensor<64x48xf16>) -> tensor<64x48xf16> {
  %d = bolt.gemm %x, %w extras(%bias, %res : tensor<48xf16>, tensor<64x48xf16>) {transpose_b} : tensor<64x32xf16>, tensor<48x32xf16> -> tensor<64x48xf16> {
  ^bb0(%acc: tensor<64x48xf32>, %b: tensor<48xf16>, %r: tensor<64x48xf16>):
    %b32 = bolt.ew.cast %b : tensor<48xf16> -> tensor<48xf32>
    %s = bolt.ew.add %acc, %b32 : tensor<64x48xf32>, tensor<48xf32> -> tensor<64x48xf32>
    %g = bolt.ew.gelu tanh %s : tensor<64x48xf32> -> tensor<64x48xf32>
    %half = bolt.constant dense<5.000000e-01> : tensor<f32>
    %r32 = bolt.ew.cast %r : tensor<64x48xf16> -> tensor<64x48xf32>
    %rs = bolt.ew.mul %r32, %half : tensor<64x48xf32>, tensor<f32> -> tensor<64x48xf32>
    %t = bolt.ew.add %g, %rs : tensor<64x48xf32>, tensor<64x48xf32> -> tensor<64x48xf32>
    %c = bolt.ew.clamp %t min -6.000000e+00 max 6.000000e+00 : tensor<64x48xf32> -> tensor<64x48xf32>
    bolt.yield %c : tensor<64x48xf32>
  }
  func.return %d : tensor<64x48xf16>
}

// Row-wise epilogue pieces: a per-row scale through reshape + broadcast, a reduction.
// CHECK: func.func @gemm_epilogue_shapes(%[[A:[a-z0-9_]+]]: tensor<16x8xf32>, %[[B:[a-z0-9_]+]]: tensor<8x4xf32>, %[[SCALE:[a-z0-9_]+]]: tensor<16xf32>) -> tensor<16x4xf32> {
// CHECK-NEXT: %[[D:[a-z0-9_]+]] = bolt.gemm %[[A]], %[[B]] extras(%[[SCALE]] : tensor<16xf32>) : tensor<16x8xf32>, tensor<8x4xf32> -> tensor<16x4xf32> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<16x4xf32>, %[[S:[a-z0-9_]+]]: tensor<16xf32>):
// CHECK-NEXT: %[[COL:[a-z0-9_]+]] = bolt.reshape %[[S]] : tensor<16xf32> -> tensor<16x1xf32>
// CHECK-NEXT: %[[WIDE:[a-z0-9_]+]] = bolt.broadcast %[[S]] dimensions [1] : tensor<16xf32> -> tensor<16x4xf32>
// CHECK-NEXT: %[[M:[a-z0-9_]+]] = bolt.reduce max %[[ACC]] dims [1] {keep_dims} : tensor<16x4xf32> -> tensor<16x1xf32>
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = bolt.ew.mul %[[ACC]], %[[COL]] : tensor<16x4xf32>, tensor<16x1xf32> -> tensor<16x4xf32>
// CHECK-NEXT: %[[Q:[a-z0-9_]+]] = bolt.ew.sub %[[P]], %[[M]] : tensor<16x4xf32>, tensor<16x1xf32> -> tensor<16x4xf32>
// CHECK-NEXT: %[[O:[a-z0-9_]+]] = bolt.ew.add %[[Q]], %[[WIDE]] : tensor<16x4xf32>, tensor<16x4xf32> -> tensor<16x4xf32>
// CHECK-NEXT: bolt.yield %[[O]] : tensor<16x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[D]] : tensor<16x4xf32>
// CHECK-NEXT: }
func.func @gemm_epilogue_shapes(%a: tensor<16x8xf32>, %b: tensor<8x4xf32>, %scale: tensor<16xf32>) -> tensor<16x4xf32> {
  %d = bolt.gemm %a, %b extras(%scale : tensor<16xf32>) : tensor<16x8xf32>, tensor<8x4xf32> -> tensor<16x4xf32> {
  ^bb0(%acc: tensor<16x4xf32>, %s: tensor<16xf32>):
    %col = bolt.reshape %s : tensor<16xf32> -> tensor<16x1xf32>
    %wide = bolt.broadcast %s dimensions [1] : tensor<16xf32> -> tensor<16x4xf32>
    %m = bolt.reduce max %acc dims [1] {keep_dims} : tensor<16x4xf32> -> tensor<16x1xf32>
    %p = bolt.ew.mul %acc, %col : tensor<16x4xf32>, tensor<16x1xf32> -> tensor<16x4xf32>
    %q = bolt.ew.sub %p, %m : tensor<16x4xf32>, tensor<16x1xf32> -> tensor<16x4xf32>
    %o = bolt.ew.add %q, %wide : tensor<16x4xf32>, tensor<16x4xf32> -> tensor<16x4xf32>
    bolt.yield %o : tensor<16x4xf32>
  }
  func.return %d : tensor<16x4xf32>
}

// CHECK: func.func @gemm_kernel(%[[A:[a-z0-9_]+]]: tensor<256x128xf16>, %[[B:[a-z0-9_]+]]: tensor<128x256xf16>) -> tensor<256x256xf16> {
// CHECK-NEXT: %[[D:[a-z0-9_]+]] = bolt.gemm %[[A]], %[[B]] {kernel = #bolt.kernel<"gemm_sm90", tile [128, 128, 64], cluster [2, 1, 1], stages 4, "cooperative">} : tensor<256x128xf16>, tensor<128x256xf16> -> tensor<256x256xf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<256x256xf32>):
// CHECK-NEXT: bolt.yield %[[ACC]] : tensor<256x256xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[D]] : tensor<256x256xf16>
// CHECK-NEXT: }
func.func @gemm_kernel(%a: tensor<256x128xf16>, %b: tensor<128x256xf16>) -> tensor<256x256xf16> {
  %d = bolt.gemm %a, %b {kernel = #bolt.kernel<"gemm_sm90", tile [128, 128, 64], cluster [2, 1, 1], stages 4, "cooperative">} : tensor<256x128xf16>, tensor<128x256xf16> -> tensor<256x256xf16> {
  ^bb0(%acc: tensor<256x256xf32>):
    bolt.yield %acc : tensor<256x256xf32>
  }
  func.return %d : tensor<256x256xf16>
}

// Grouped, strided, padded NCHW (FCHW filter): P = (16 + 1 + 1 - 3) / 2 + 1 = 8.
// CHECK: func.func @conv_nchw(%[[X:[a-z0-9_]+]]: tensor<2x8x16x16xf16>, %[[W:[a-z0-9_]+]]: tensor<16x4x3x3xf16>) -> tensor<2x16x8x8xf16> {
// CHECK-NEXT: %[[Y:[a-z0-9_]+]] = bolt.conv2d nchw %[[X]], %[[W]] strides [2, 2] padding [1, 1, 1, 1] dilations [1, 1] groups 2 : tensor<2x8x16x16xf16>, tensor<16x4x3x3xf16> -> tensor<2x16x8x8xf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<2x16x8x8xf32>):
// CHECK-NEXT: bolt.yield %[[ACC]] : tensor<2x16x8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[Y]] : tensor<2x16x8x8xf16>
// CHECK-NEXT: }
func.func @conv_nchw(%x: tensor<2x8x16x16xf16>, %w: tensor<16x4x3x3xf16>) -> tensor<2x16x8x8xf16> {
  %y = bolt.conv2d nchw %x, %w strides [2, 2] padding [1, 1, 1, 1] dilations [1, 1] groups 2 : tensor<2x8x16x16xf16>, tensor<16x4x3x3xf16> -> tensor<2x16x8x8xf16> {
  ^bb0(%acc: tensor<2x16x8x8xf32>):
    bolt.yield %acc : tensor<2x16x8x8xf32>
  }
  func.return %y : tensor<2x16x8x8xf16>
}

// Dilated NHWC (KRSC filter), asymmetric padding: P = (9 + 1 + 0 - 2 * 2 - 1) / 1 + 1 = 6,
// Q = (9 + 0 + 2 - 4 - 1) / 2 + 1 = 4; bias + SiLU epilogue; the tuner's kernel choice.
// CHECK: func.func @conv_nhwc(%[[X:[a-z0-9_]+]]: tensor<1x9x9x8xf16>, %[[W:[a-z0-9_]+]]: tensor<16x3x3x8xf16>, %[[BIAS:[a-z0-9_]+]]: tensor<16xf16>) -> tensor<1x6x4x16xf16> {
// CHECK-NEXT: %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %[[X]], %[[W]] extras(%[[BIAS]] : tensor<16xf16>) strides [1, 2] padding [1, 0, 0, 2] dilations [2, 2] groups 1 {kernel = #bolt.kernel<"conv2d_fprop_sm80", tile [128, 64, 32], cluster [1, 1, 1], stages 3, "optimized">} : tensor<1x9x9x8xf16>, tensor<16x3x3x8xf16> -> tensor<1x6x4x16xf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<1x6x4x16xf32>, %[[B:[a-z0-9_]+]]: tensor<16xf16>):
// CHECK-NEXT: %[[B32:[a-z0-9_]+]] = bolt.ew.cast %[[B]] : tensor<16xf16> -> tensor<16xf32>
// CHECK-NEXT: %[[S:[a-z0-9_]+]] = bolt.ew.add %[[ACC]], %[[B32]] : tensor<1x6x4x16xf32>, tensor<16xf32> -> tensor<1x6x4x16xf32>
// CHECK-NEXT: %[[A:[a-z0-9_]+]] = bolt.ew.silu %[[S]] : tensor<1x6x4x16xf32> -> tensor<1x6x4x16xf32>
// CHECK-NEXT: bolt.yield %[[A]] : tensor<1x6x4x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[Y]] : tensor<1x6x4x16xf16>
// CHECK-NEXT: }
func.func @conv_nhwc(%x: tensor<1x9x9x8xf16>, %w: tensor<16x3x3x8xf16>, %bias: tensor<16xf16>) -> tensor<1x6x4x16xf16> {
  %y = bolt.conv2d nhwc %x, %w extras(%bias : tensor<16xf16>) strides [1, 2] padding [1, 0, 0, 2] dilations [2, 2] groups 1 {kernel = #bolt.kernel<"conv2d_fprop_sm80", tile [128, 64, 32], cluster [1, 1, 1], stages 3, "optimized">} : tensor<1x9x9x8xf16>, tensor<16x3x3x8xf16> -> tensor<1x6x4x16xf16> {
  ^bb0(%acc: tensor<1x6x4x16xf32>, %b: tensor<16xf16>):
    %b32 = bolt.ew.cast %b : tensor<16xf16> -> tensor<16xf32>
    %s = bolt.ew.add %acc, %b32 : tensor<1x6x4x16xf32>, tensor<16xf32> -> tensor<1x6x4x16xf32>
    %a = bolt.ew.silu %s : tensor<1x6x4x16xf32> -> tensor<1x6x4x16xf32>
    bolt.yield %a : tensor<1x6x4x16xf32>
  }
  func.return %y : tensor<1x6x4x16xf16>
}

// Depthwise (groups = channels) NHWC: one input channel per filter.
// CHECK: func.func @conv_depthwise(%[[X:[a-z0-9_]+]]: tensor<1x8x8x32xbf16>, %[[W:[a-z0-9_]+]]: tensor<32x3x3x1xbf16>) -> tensor<1x8x8x32xbf16> {
// CHECK-NEXT: %[[Y:[a-z0-9_]+]] = bolt.conv2d nhwc %[[X]], %[[W]] strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 32 : tensor<1x8x8x32xbf16>, tensor<32x3x3x1xbf16> -> tensor<1x8x8x32xbf16> {
// CHECK-NEXT: ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<1x8x8x32xf32>):
// CHECK-NEXT: bolt.yield %[[ACC]] : tensor<1x8x8x32xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[Y]] : tensor<1x8x8x32xbf16>
// CHECK-NEXT: }
func.func @conv_depthwise(%x: tensor<1x8x8x32xbf16>, %w: tensor<32x3x3x1xbf16>) -> tensor<1x8x8x32xbf16> {
  %y = bolt.conv2d nhwc %x, %w strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 32 : tensor<1x8x8x32xbf16>, tensor<32x3x3x1xbf16> -> tensor<1x8x8x32xbf16> {
  ^bb0(%acc: tensor<1x8x8x32xf32>):
    bolt.yield %acc : tensor<1x8x8x32xf32>
  }
  func.return %y : tensor<1x8x8x32xbf16>
}
