// What fuse-b2b must leave as two kernels, and the remark that says why.
// RUN: boltc-opt %s -p 'fuse-b2b{kernels=false}' --split-input-file | filecheck %s
// RUN: boltc-opt %s -p 'fuse-b2b{remarks=true kernels=false}' --split-input-file 2>&1 | filecheck %s --check-prefix=REMARK
// RUN: boltc-opt %s -p 'fuse-b2b{arch=sm_80 remarks=true}' --split-input-file 2>&1 | filecheck %s --check-prefix=SM80

// The intermediate is also returned: it must reach global memory anyway.
// CHECK-LABEL: func.func @multi_use_intermediate
// CHECK-NOT:     bolt.b2b
// CHECK:         %[[H:[a-z0-9_]+]] = bolt.gemm
// CHECK:         bolt.gemm %[[H]]
// REMARK: remark: {{.*}}refuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.gemm' not fused back to back with 'bolt.gemm': the intermediate has 2 uses
func.func @multi_use_intermediate(%a: tensor<1024x32xf16>, %w0: tensor<32x32xf16>, %w1: tensor<32x32xf16>) -> (tensor<1024x32xf16>, tensor<1024x32xf16>) {
  %h = bolt.gemm %a, %w0 : tensor<1024x32xf16>, tensor<32x32xf16> -> tensor<1024x32xf16> {
  ^bb0(%acc: tensor<1024x32xf32>):
    bolt.yield %acc : tensor<1024x32xf32>
  }
  %o = bolt.gemm %h, %w1 : tensor<1024x32xf16>, tensor<32x32xf16> -> tensor<1024x32xf16> {
  ^bb0(%acc: tensor<1024x32xf32>):
    bolt.yield %acc : tensor<1024x32xf32>
  }
  func.return %h, %o : tensor<1024x32xf16>, tensor<1024x32xf16>
}

// -----

// The second convolution is 3x3: each output pixel needs the first convolution's
// neighbouring pixels, which other threadblocks compute (halos).
// CHECK-LABEL: func.func @second_conv_3x3
// CHECK-NOT:     bolt.b2b
// CHECK:         %[[H:[a-z0-9_]+]] = bolt.conv2d nhwc
// CHECK:         bolt.conv2d nhwc %[[H]]
// REMARK: 'bolt.conv2d' not fused back to back with 'bolt.conv2d': the second convolution is 3x3, stride [1, 1], padding [1, 1, 1, 1]
func.func @second_conv_3x3(%x: tensor<2x16x16x32xf16>, %f0: tensor<32x3x3x32xf16>, %f1: tensor<32x3x3x32xf16>) -> tensor<2x16x16x32xf16> {
  %h = bolt.conv2d nhwc %x, %f0 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x16x16x32xf16>, tensor<32x3x3x32xf16> -> tensor<2x16x16x32xf16> {
  ^bb0(%acc: tensor<2x16x16x32xf32>):
    bolt.yield %acc : tensor<2x16x16x32xf32>
  }
  %o = bolt.conv2d nhwc %h, %f1 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x16x16x32xf16>, tensor<32x3x3x32xf16> -> tensor<2x16x16x32xf16> {
  ^bb0(%acc: tensor<2x16x16x32xf32>):
    bolt.yield %acc : tensor<2x16x16x32xf32>
  }
  func.return %o : tensor<2x16x16x32xf16>
}

// -----

// 1x1 but strided, and 1x1 but padded: either way the second's pixels are not the first's.
// CHECK-LABEL: func.func @second_conv_strided_or_padded
// CHECK-NOT:     bolt.b2b
// REMARK: 'bolt.conv2d' not fused back to back with 'bolt.conv2d': the second convolution is 1x1, stride [2, 2], padding [0, 0, 0, 0]
// REMARK: 'bolt.conv2d' not fused back to back with 'bolt.conv2d': the second convolution is 1x1, stride [1, 1], padding [1, 1, 1, 1]
func.func @second_conv_strided_or_padded(%x: tensor<2x16x16x32xf16>, %f0: tensor<32x3x3x32xf16>, %f1: tensor<32x1x1x32xf16>) -> (tensor<2x8x8x32xf16>, tensor<2x18x18x32xf16>) {
  %h = bolt.conv2d nhwc %x, %f0 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x16x16x32xf16>, tensor<32x3x3x32xf16> -> tensor<2x16x16x32xf16> {
  ^bb0(%acc: tensor<2x16x16x32xf32>):
    bolt.yield %acc : tensor<2x16x16x32xf32>
  }
  %o = bolt.conv2d nhwc %h, %f1 strides [2, 2] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x16x16x32xf16>, tensor<32x1x1x32xf16> -> tensor<2x8x8x32xf16> {
  ^bb0(%acc: tensor<2x8x8x32xf32>):
    bolt.yield %acc : tensor<2x8x8x32xf32>
  }
  %g = bolt.conv2d nhwc %x, %f0 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x16x16x32xf16>, tensor<32x3x3x32xf16> -> tensor<2x16x16x32xf16> {
  ^bb0(%acc: tensor<2x16x16x32xf32>):
    bolt.yield %acc : tensor<2x16x16x32xf32>
  }
  %p = bolt.conv2d nhwc %g, %f1 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x16x16x32xf16>, tensor<32x1x1x32xf16> -> tensor<2x18x18x32xf16> {
  ^bb0(%acc: tensor<2x18x18x32xf32>):
    bolt.yield %acc : tensor<2x18x18x32xf32>
  }
  func.return %o, %p : tensor<2x8x8x32xf16>, tensor<2x18x18x32xf16>
}

// -----

// N0 = 320 is wider than any CTA tile N (256): each threadblock would hold only part of a
// row of the intermediate, and the second GEMM needs whole rows.
// CHECK-LABEL: func.func @n_exceeds_threadblock
// CHECK-NOT:     bolt.b2b
// REMARK: 'bolt.gemm' not fused back to back with 'bolt.gemm': N0=320 exceeds the widest CTA tile N (256) on sm_90a
// SM80:   'bolt.gemm' not fused back to back with 'bolt.gemm': N0=320 exceeds the widest CTA tile N (256) on sm_80
func.func @n_exceeds_threadblock(%a: tensor<8192x64xf16>, %w0: tensor<64x320xf16>, %w1: tensor<320x64xf16>) -> tensor<8192x64xf16> {
  %h = bolt.gemm %a, %w0 : tensor<8192x64xf16>, tensor<64x320xf16> -> tensor<8192x320xf16> {
  ^bb0(%acc: tensor<8192x320xf32>):
    bolt.yield %acc : tensor<8192x320xf32>
  }
  %o = bolt.gemm %h, %w1 : tensor<8192x320xf16>, tensor<320x64xf16> -> tensor<8192x64xf16> {
  ^bb0(%acc: tensor<8192x64xf32>):
    bolt.yield %acc : tensor<8192x64xf32>
  }
  func.return %o : tensor<8192x64xf16>
}

// -----

// N1 = 512: the second GEMM's output rows would span threadblocks.
// CHECK-LABEL: func.func @n1_exceeds_threadblock
// CHECK-NOT:     bolt.b2b
// REMARK: 'bolt.gemm' not fused back to back with 'bolt.gemm': N1=512 exceeds the widest CTA tile N (256) on sm_90a
func.func @n1_exceeds_threadblock(%a: tensor<8192x64xf16>, %w0: tensor<64x64xf16>, %w1: tensor<64x512xf16>) -> tensor<8192x512xf16> {
  %h = bolt.gemm %a, %w0 : tensor<8192x64xf16>, tensor<64x64xf16> -> tensor<8192x64xf16> {
  ^bb0(%acc: tensor<8192x64xf32>):
    bolt.yield %acc : tensor<8192x64xf32>
  }
  %o = bolt.gemm %h, %w1 : tensor<8192x64xf16>, tensor<64x512xf16> -> tensor<8192x512xf16> {
  ^bb0(%acc: tensor<8192x512xf32>):
    bolt.yield %acc : tensor<8192x512xf32>
  }
  func.return %o : tensor<8192x512xf16>
}

// -----

// Legal (N0 = N1 = 128) but compute-bound: 2048 rows by K0 = 8192. Fused, one CTA per
// 64-row tile of all 128 columns gives 32 CTAs for 132 SMs; apart, each GEMM tiles N too.
// The cost model keeps them apart on both targets (with a first-stage bias, so that sm_80's
// example 13 template could run the pair: what refuses it is the performance model, on sm_80
// the A100 scaled from the H100's fit by datasheet).
// CHECK-LABEL: func.func @compute_bound
// CHECK-NOT:     bolt.b2b
// REMARK: 'bolt.gemm' not fused back to back with 'bolt.gemm': the cost model predicts {{[0-9.]+}} us fused against {{[0-9.]+}} us for the two kernels on sm_90a: fused, the pair is compute-bound
// SM80:   'bolt.gemm' not fused back to back with 'bolt.gemm': the performance model (a100_sxm) predicts {{[0-9.]+}} us fused on b2b_gemm_sm80 against {{[0-9.]+}} us for the two kernels apart ({{.*}}): fusing does not pay
func.func @compute_bound(%a: tensor<2048x8192xf16>, %w0: tensor<8192x128xf16>, %b0: tensor<128xf16>, %w1: tensor<128x128xf16>) -> tensor<2048x128xf16> {
  %h = bolt.gemm %a, %w0 extras(%b0 : tensor<128xf16>) : tensor<2048x8192xf16>, tensor<8192x128xf16> -> tensor<2048x128xf16> {
  ^bb0(%acc: tensor<2048x128xf32>, %b: tensor<128xf16>):
    %b32 = bolt.ew.cast %b : tensor<128xf16> -> tensor<128xf32>
    %s = bolt.ew.add %acc, %b32 : tensor<2048x128xf32>, tensor<128xf32> -> tensor<2048x128xf32>
    bolt.yield %s : tensor<2048x128xf32>
  }
  %o = bolt.gemm %h, %w1 : tensor<2048x128xf16>, tensor<128x128xf16> -> tensor<2048x128xf16> {
  ^bb0(%acc: tensor<2048x128xf32>):
    bolt.yield %acc : tensor<2048x128xf32>
  }
  func.return %o : tensor<2048x128xf16>
}

// -----

// N0 = N1 = 256 on 8192 rows: fused on sm_90a (shared memory: a 64 x 256 product and its
// operand stages take 176 KiB of 227), refused on sm_80 (163 KiB per CTA, and whole rows
// per warp would need 320 registers per thread).
// CHECK-LABEL: func.func @shared_memory_budget
// CHECK:         bolt.b2b shared_memory
// SM80:   'bolt.gemm' not fused back to back with 'bolt.gemm': a 64 x 256 product with its operand stages needs 176 KiB of shared memory (163 KiB per CTA on sm_80)
func.func @shared_memory_budget(%a: tensor<8192x4096xf16>, %w0: tensor<4096x256xf16>, %w1: tensor<256x256xf16>) -> tensor<8192x256xf16> {
  %h = bolt.gemm %a, %w0 : tensor<8192x4096xf16>, tensor<4096x256xf16> -> tensor<8192x256xf16> {
  ^bb0(%acc: tensor<8192x256xf32>):
    bolt.yield %acc : tensor<8192x256xf32>
  }
  %o = bolt.gemm %h, %w1 : tensor<8192x256xf16>, tensor<256x256xf16> -> tensor<8192x256xf16> {
  ^bb0(%acc: tensor<8192x256xf32>):
    bolt.yield %acc : tensor<8192x256xf32>
  }
  func.return %o : tensor<8192x256xf16>
}

// -----

// The second GEMM reads the intermediate transposed (its K is the first's M), and a grouped
// convolution feeds a 1x1: neither keeps the first's rows together.
// CHECK-LABEL: func.func @transposed_and_grouped
// CHECK-NOT:     bolt.b2b
// REMARK: 'bolt.gemm' not fused back to back with 'bolt.gemm': the second gemm reads the intermediate transposed
// REMARK: 'bolt.conv2d' not fused back to back with 'bolt.conv2d': grouped convolutions (groups 4, 1) do not chain
func.func @transposed_and_grouped(%a: tensor<64x64xf16>, %w0: tensor<64x64xf16>, %w1: tensor<64x32xf16>, %x: tensor<1x8x8x32xf16>, %f0: tensor<32x3x3x8xf16>, %f1: tensor<16x1x1x32xf16>) -> (tensor<64x32xf16>, tensor<1x8x8x16xf16>) {
  %h = bolt.gemm %a, %w0 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16> {
  ^bb0(%acc: tensor<64x64xf32>):
    bolt.yield %acc : tensor<64x64xf32>
  }
  %o = bolt.gemm %h, %w1 {transpose_a} : tensor<64x64xf16>, tensor<64x32xf16> -> tensor<64x32xf16> {
  ^bb0(%acc: tensor<64x32xf32>):
    bolt.yield %acc : tensor<64x32xf32>
  }
  %g = bolt.conv2d nhwc %x, %f0 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 4 : tensor<1x8x8x32xf16>, tensor<32x3x3x8xf16> -> tensor<1x8x8x32xf16> {
  ^bb0(%acc: tensor<1x8x8x32xf32>):
    bolt.yield %acc : tensor<1x8x8x32xf32>
  }
  %p = bolt.conv2d nhwc %g, %f1 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x8x8x32xf16>, tensor<16x1x1x32xf16> -> tensor<1x8x8x16xf16> {
  ^bb0(%acc: tensor<1x8x8x16xf32>):
    bolt.yield %acc : tensor<1x8x8x16xf32>
  }
  func.return %o, %p : tensor<64x32xf16>, tensor<1x8x8x16xf16>
}
