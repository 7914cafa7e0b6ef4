// plan-memory writes the inputs of a concatenation along the innermost dimension in place
// where their producers write pitched rows and their other readers read them (analysis/
// concat_placement.py): the input gets an offset inside the concatenation's buffer and
// bolt.row_pitch on its producer, the concatenation bolt.in_place; each input left to a copy
// is a remark under remarks=true.
// RUN: boltc-opt %s -p 'plan-memory{remarks=true}' --split-input-file 2>%t | filecheck %s
// RUN: filecheck %s --check-prefix=REMARK < %t

// ResNet's layer-1 K-concatenation: the max-pool (also read by the next 1x1 GEMM as its lhs)
// and the 3x3 convolution write their 64 columns of the 128-wide rows; the concatenation's
// buffer (32 KB) is both, and the GEMM reads the pool's rows 128 elements apart.
// CHECK-LABEL: func.func @resnet_layer1
// CHECK:         bolt.pool2d max nhwc {{.+}} {bolt.row_pitch = 128 : i64, bolt.arena_offset = [[BASE:[0-9]+]] : i64}
// CHECK:         bolt.gemm
// CHECK:         bolt.conv2d nhwc {{.+}}bolt.row_pitch = 128 : i64, bolt.arena_offset = [[CONV:[0-9]+]] : i64
// CHECK:         bolt.concat {{.+}} {bolt.arena_offset = [[BASE]] : i64, bolt.in_place = [true, true]}
func.func @resnet_layer1(%x: tensor<2x16x16x64xf16>, %w1: tensor<64x64xf16>, %w2: tensor<64x3x3x64xf16>,
                         %w3: tensor<256x128xf16>) -> tensor<128x256xf16> {
  %p = bolt.pool2d max nhwc %x window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x16x16x64xf16> -> tensor<2x8x8x64xf16>
  %pv = bolt.reshape %p : tensor<2x8x8x64xf16> -> tensor<128x64xf16>
  %c1 = bolt.gemm %pv, %w1 {transpose_b, kernel = #bolt.kernel<"gemm_sm90", tile [64, 64, 64], cluster [1, 1, 1], stages auto, "pingpong">} : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf16> {
  ^bb0(%acc: tensor<128x64xf32>):
    bolt.yield %acc : tensor<128x64xf32>
  }
  %c1v = bolt.reshape %c1 : tensor<128x64xf16> -> tensor<2x8x8x64xf16>
  %c2 = bolt.conv2d nhwc %c1v, %w2 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 {kernel = #bolt.kernel<"conv_sm90", tile [64, 32, 64], cluster [1, 1, 1], stages auto, "warpspecialized">} : tensor<2x8x8x64xf16>, tensor<64x3x3x64xf16> -> tensor<2x8x8x64xf16> {
  ^bb0(%acc: tensor<2x8x8x64xf32>):
    bolt.yield %acc : tensor<2x8x8x64xf32>
  }
  %c2v = bolt.reshape %c2 : tensor<2x8x8x64xf16> -> tensor<128x64xf16>
  %cat = bolt.concat %pv, %c2v dim 1 : tensor<128x64xf16>, tensor<128x64xf16> -> tensor<128x128xf16>
  %y = bolt.gemm %cat, %w3 {transpose_b, kernel = #bolt.kernel<"gemm_sm90", tile [64, 64, 64], cluster [1, 1, 1], stages auto, "pingpong">} : tensor<128x128xf16>, tensor<256x128xf16> -> tensor<128x256xf16> {
  ^bb0(%acc: tensor<128x256xf32>):
    bolt.yield %acc : tensor<128x256xf32>
  }
  func.return %y : tensor<128x256xf16>
}

// -----

// A model input has no producer to write it in place: it is copied, the GEMM's result placed
// at column 64 (128 bytes into the buffer).
// CHECK-LABEL: func.func @input_copied
// CHECK:         bolt.gemm {{.+}}bolt.row_pitch = 128 : i64, bolt.arena_offset = 128 : i64
// CHECK:         bolt.concat {{.+}} {bolt.arena_offset = 0 : i64, bolt.in_place = [false, true]}
// REMARK: remark: {{.+}}'bolt.concat' input 0 is copied, not written in place: it is a model input or a weight
func.func @input_copied(%a: tensor<128x64xf16>, %b: tensor<128x64xf16>, %w: tensor<64x64xf16>, %w3: tensor<256x128xf16>) -> tensor<128x256xf16> {
  %g = bolt.gemm %b, %w {transpose_b, kernel = #bolt.kernel<"gemm_sm90", tile [64, 64, 64], cluster [1, 1, 1], stages auto, "pingpong">} : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf16> {
  ^bb0(%acc: tensor<128x64xf32>):
    bolt.yield %acc : tensor<128x64xf32>
  }
  %cat = bolt.concat %a, %g dim 1 : tensor<128x64xf16>, tensor<128x64xf16> -> tensor<128x128xf16>
  %y = bolt.gemm %cat, %w3 {transpose_b, kernel = #bolt.kernel<"gemm_sm90", tile [64, 64, 64], cluster [1, 1, 1], stages auto, "pingpong">} : tensor<128x128xf16>, tensor<256x128xf16> -> tensor<128x256xf16> {
  ^bb0(%acc: tensor<128x256xf32>):
    bolt.yield %acc : tensor<128x256xf32>
  }
  func.return %y : tensor<128x256xf16>
}

// -----

// Refusals: a value an elementwise op also reads (it reads packed rows), a GEMM with no chosen
// kernel (its family, so its entry point, is not known yet), and a returned value (the
// caller's buffer). Nothing is placed, so the concatenation has no bolt.in_place.
// CHECK-LABEL: func.func @refused
// CHECK-NOT:     bolt.row_pitch
// CHECK-NOT:     bolt.in_place
// CHECK:         func.return
// REMARK: remark: {{.+}}'bolt.concat' input 0 is copied, not written in place: bolt.ew.relu reads it as operand 0, packed
// REMARK: remark: {{.+}}'bolt.concat' input 1 is copied, not written in place: its gemm runs on no chosen kernel or is batched
// REMARK: remark: {{.+}}'bolt.concat' input 2 is copied, not written in place: it is a model output
func.func @refused(%a: tensor<128x64xf16>, %w: tensor<64x64xf16>, %w3: tensor<64x192xf16>) -> (tensor<128x64xf16>, tensor<128x64xf16>, tensor<128x64xf16>) {
  %g1 = bolt.gemm %a, %w {transpose_b, kernel = #bolt.kernel<"gemm_sm90", tile [64, 64, 64], cluster [1, 1, 1], stages auto, "pingpong">} : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf16> {
  ^bb0(%acc: tensor<128x64xf32>):
    bolt.yield %acc : tensor<128x64xf32>
  }
  %r = bolt.ew.relu %g1 : tensor<128x64xf16> -> tensor<128x64xf16>
  %g2 = bolt.gemm %a, %w {transpose_b} : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf16> {
  ^bb0(%acc: tensor<128x64xf32>):
    bolt.yield %acc : tensor<128x64xf32>
  }
  %g3 = bolt.gemm %a, %w {transpose_b, kernel = #bolt.kernel<"gemm_sm90", tile [64, 64, 64], cluster [1, 1, 1], stages auto, "pingpong">} : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf16> {
  ^bb0(%acc: tensor<128x64xf32>):
    bolt.yield %acc : tensor<128x64xf32>
  }
  %cat = bolt.concat %g1, %g2, %g3 dim 1 : tensor<128x64xf16>, tensor<128x64xf16>, tensor<128x64xf16> -> tensor<128x192xf16>
  %y = bolt.gemm %cat, %w3 {transpose_b, kernel = #bolt.kernel<"gemm_sm90", tile [64, 64, 64], cluster [1, 1, 1], stages auto, "pingpong">} : tensor<128x192xf16>, tensor<64x192xf16> -> tensor<128x64xf16> {
  ^bb0(%acc: tensor<128x64xf32>):
    bolt.yield %acc : tensor<128x64xf32>
  }
  func.return %y, %r, %g3 : tensor<128x64xf16>, tensor<128x64xf16>, tensor<128x64xf16>
}

// -----

// Columns that do not fall on 16-byte boundaries (4 f16 = 8 bytes) are copied: TMA and the
// 16-byte vectors of the kernels need aligned rows.
// CHECK-LABEL: func.func @unaligned
// CHECK-NOT:     bolt.in_place
// REMARK: remark: {{.+}}'bolt.concat' input 0 is copied, not written in place: its columns are not 16-byte aligned (0 + 4 of 12)
// REMARK: remark: {{.+}}'bolt.concat' input 1 is copied, not written in place: its columns are not 16-byte aligned (4 + 8 of 12)
func.func @unaligned(%a: tensor<128x8xf16>, %w: tensor<4x8xf16>, %b: tensor<128x8xf16>, %w3: tensor<16x12xf16>) -> tensor<128x16xf16> {
  %g = bolt.gemm %a, %w {transpose_b, kernel = #bolt.kernel<"gemm_sm90", tile [64, 64, 64], cluster [1, 1, 1], stages auto, "pingpong">} : tensor<128x8xf16>, tensor<4x8xf16> -> tensor<128x4xf16> {
  ^bb0(%acc: tensor<128x4xf32>):
    bolt.yield %acc : tensor<128x4xf32>
  }
  %cat = bolt.concat %g, %b dim 1 : tensor<128x4xf16>, tensor<128x8xf16> -> tensor<128x12xf16>
  %y = bolt.gemm %cat, %w3 {transpose_b, kernel = #bolt.kernel<"gemm_sm90", tile [64, 64, 64], cluster [1, 1, 1], stages auto, "pingpong">} : tensor<128x12xf16>, tensor<16x12xf16> -> tensor<128x16xf16> {
  ^bb0(%acc: tensor<128x16xf32>):
    bolt.yield %acc : tensor<128x16xf32>
  }
  func.return %y : tensor<128x16xf16>
}
