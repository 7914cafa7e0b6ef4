// What CUTLASS example 13's sm_80 templates run (analysis/b2b_sm80.py), and the remark for
// what they cannot: fuse-b2b{arch=sm_80} leaves such a pair as two kernels instead of forming a
// b2b the emitter would refuse. sm_90a has no b2b kernel of its own limits yet: it fuses them all.
// The templates' limits are checked with the roofline deciding (cost=roofline: every legal pair
// here is memory-bound); the performance model's own verdict is the MODEL prefix's.
// RUN: boltc-opt %s -p 'fuse-b2b{arch=sm_80 remarks=true cost=roofline}' --split-input-file 2>&1 | filecheck %s
// RUN: boltc-opt %s -p 'fuse-b2b{arch=sm_80 remarks=true}' --split-input-file 2>&1 | filecheck %s --check-prefix=MODEL
// RUN: boltc-opt %s -p 'fuse-b2b{arch=sm_90a}' --split-input-file | filecheck %s --check-prefix=SM90

// Linear + bias + ReLU, Linear + bias + ReLU, f16, N0 = 64, N1 = 128: B2bGemm runs it, the
// product in shared memory (register residence with N1 = 128 computed wrong columns on an H100:
// b2b_cost.MAX_SM80_REGISTER_TILE_N1).
// The model (a100_sxm) predicts ~1.8x fused (measured on an H100 through PTX, 2026-11-26: 1.10x).
// CHECK-LABEL: func.func @legal_gemm_pair
// CHECK:         bolt.b2b shared_memory
// MODEL: remark: {{.*}}sm80-template.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.gemm' fused back to back with 'bolt.gemm': the performance model (a100_sxm) predicts
// MODEL-LABEL: func.func @legal_gemm_pair
// MODEL:         bolt.b2b shared_memory
// SM90-LABEL:  func.func @legal_gemm_pair
// SM90:          bolt.b2b
func.func @legal_gemm_pair(%a: tensor<8192x64xf16>, %w0: tensor<64x64xf16>, %b0: tensor<64xf16>, %w1: tensor<128x64xf16>, %b1: tensor<128xf16>) -> tensor<8192x128xf16> {
  %h = bolt.gemm %a, %w0 extras(%b0 : tensor<64xf16>) {transpose_b} : tensor<8192x64xf16>, tensor<64x64xf16> -> tensor<8192x64xf16> {
  ^bb0(%acc: tensor<8192x64xf32>, %b: tensor<64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x64xf32>, tensor<64xf32> -> tensor<8192x64xf32>
    %y = bolt.ew.relu %s : tensor<8192x64xf32> -> tensor<8192x64xf32>
    bolt.yield %y : tensor<8192x64xf32>
  }
  %o = bolt.gemm %h, %w1 extras(%b1 : tensor<128xf16>) {transpose_b} : tensor<8192x64xf16>, tensor<128x64xf16> -> tensor<8192x128xf16> {
  ^bb0(%acc: tensor<8192x128xf32>, %b: tensor<128xf16>):
    %bc = bolt.ew.cast %b : tensor<128xf16> -> tensor<128xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x128xf32>, tensor<128xf32> -> tensor<8192x128xf32>
    %y = bolt.ew.relu %s : tensor<8192x128xf32> -> tensor<8192x128xf32>
    bolt.yield %y : tensor<8192x128xf32>
  }
  func.return %o : tensor<8192x128xf16>
}

// -----

// The legal GEMM pair with gelu (erf) after the first bias and silu after the second: example
// 13's stages apply every activation the Hopper kernels do (boltc::B2bSm80OutputOp in the first,
// LinearCombinationGeneric in the second), so it fuses as the relu pair does.
// CHECK-LABEL: func.func @gelu_silu_gemm_pair
// CHECK:         bolt.b2b shared_memory
// CHECK:           bolt.ew.gelu erf
// CHECK:           bolt.ew.silu
// MODEL: remark: {{.*}}sm80-template.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.gemm' fused back to back with 'bolt.gemm': the performance model (a100_sxm) predicts
// MODEL-LABEL: func.func @gelu_silu_gemm_pair
// MODEL:         bolt.b2b shared_memory
func.func @gelu_silu_gemm_pair(%a: tensor<8192x64xf16>, %w0: tensor<64x64xf16>, %b0: tensor<64xf16>, %w1: tensor<128x64xf16>, %b1: tensor<128xf16>) -> tensor<8192x128xf16> {
  %h = bolt.gemm %a, %w0 extras(%b0 : tensor<64xf16>) {transpose_b} : tensor<8192x64xf16>, tensor<64x64xf16> -> tensor<8192x64xf16> {
  ^bb0(%acc: tensor<8192x64xf32>, %b: tensor<64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x64xf32>, tensor<64xf32> -> tensor<8192x64xf32>
    %y = bolt.ew.gelu erf %s : tensor<8192x64xf32> -> tensor<8192x64xf32>
    bolt.yield %y : tensor<8192x64xf32>
  }
  %o = bolt.gemm %h, %w1 extras(%b1 : tensor<128xf16>) {transpose_b} : tensor<8192x64xf16>, tensor<128x64xf16> -> tensor<8192x128xf16> {
  ^bb0(%acc: tensor<8192x128xf32>, %b: tensor<128xf16>):
    %bc = bolt.ew.cast %b : tensor<128xf16> -> tensor<128xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x128xf32>, tensor<128xf32> -> tensor<8192x128xf32>
    %y = bolt.ew.silu %s : tensor<8192x128xf32> -> tensor<8192x128xf32>
    bolt.yield %y : tensor<8192x128xf32>
  }
  func.return %o : tensor<8192x128xf16>
}

// -----

// The same pair with a clamp (Hardtanh) after the first bias: no activation a b2b kernel
// applies (its bounds are arguments), so two kernels, and the remark lists those it does.
// CHECK: remark: {{.*}}sm80-template.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.gemm' not fused back to back with 'bolt.gemm': sm_80's b2b kernel (CUTLASS example 13) cannot run it: the first gemm: the epilogue op 'bolt.ew.clamp' is not one example 13 expresses (a stage's epilogue is acc, acc + per-channel bias (+ a residual of the result's shape), and an optional activation after them: one of gelu_erf, gelu_tanh, hardswish, relu, sigmoid, silu, softplus, tanh)
// CHECK-LABEL: func.func @clamp_gemm_pair
// CHECK-NOT:     bolt.b2b
// MODEL-LABEL: func.func @clamp_gemm_pair
// MODEL-NOT:     bolt.b2b
func.func @clamp_gemm_pair(%a: tensor<8192x64xf16>, %w0: tensor<64x64xf16>, %b0: tensor<64xf16>, %w1: tensor<128x64xf16>, %b1: tensor<128xf16>) -> tensor<8192x128xf16> {
  %h = bolt.gemm %a, %w0 extras(%b0 : tensor<64xf16>) {transpose_b} : tensor<8192x64xf16>, tensor<64x64xf16> -> tensor<8192x64xf16> {
  ^bb0(%acc: tensor<8192x64xf32>, %b: tensor<64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x64xf32>, tensor<64xf32> -> tensor<8192x64xf32>
    %y = bolt.ew.clamp %s min -1.0 max 1.0 : tensor<8192x64xf32> -> tensor<8192x64xf32>
    bolt.yield %y : tensor<8192x64xf32>
  }
  %o = bolt.gemm %h, %w1 extras(%b1 : tensor<128xf16>) {transpose_b} : tensor<8192x64xf16>, tensor<128x64xf16> -> tensor<8192x128xf16> {
  ^bb0(%acc: tensor<8192x128xf32>, %b: tensor<128xf16>):
    %bc = bolt.ew.cast %b : tensor<128xf16> -> tensor<128xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x128xf32>, tensor<128xf32> -> tensor<8192x128xf32>
    bolt.yield %s : tensor<8192x128xf32>
  }
  func.return %o : tensor<8192x128xf16>
}

// -----

// A RepVGG-style 3x3 conv + bias + ReLU, then a 1x1 conv + bias + ReLU, NHWC f16, 64 channels:
// B2bImplicitGemmConvolution runs it. It ran 0.91x fused (H100 through PTX, 2026-11-26); the
// model predicts 1.02x, under fuse-b2b's MIN_PREDICTED_GAIN: two kernels.
// MODEL: remark: {{.*}}sm80-template.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.conv2d' not fused back to back with 'bolt.conv2d': the performance model (a100_sxm) predicts {{[0-9.]+}} us fused on b2b_conv_sm80 against {{[0-9.]+}} us for the two kernels apart ({{.*}}): a 1.0{{[0-9]}}x gain, under the 1.10x the model must predict to fuse (its own error)
// MODEL-LABEL: func.func @legal_conv_pair
// MODEL-NOT:     bolt.b2b
// CHECK-LABEL: func.func @legal_conv_pair
// CHECK:         bolt.b2b registers
// CHECK:           bolt.conv2d nhwc
// CHECK:           bolt.conv2d nhwc
func.func @legal_conv_pair(%x: tensor<32x56x56x64xf16>, %f0: tensor<64x3x3x64xf16>, %b0: tensor<64xf16>, %f1: tensor<64x1x1x64xf16>, %b1: tensor<64xf16>) -> tensor<32x56x56x64xf16> {
  %h = bolt.conv2d nhwc %x, %f0 extras(%b0 : tensor<64xf16>) strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<32x56x56x64xf16>, tensor<64x3x3x64xf16> -> tensor<32x56x56x64xf16> {
  ^bb0(%acc: tensor<32x56x56x64xf32>, %b: tensor<64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<32x56x56x64xf32>, tensor<64xf32> -> tensor<32x56x56x64xf32>
    %y = bolt.ew.relu %s : tensor<32x56x56x64xf32> -> tensor<32x56x56x64xf32>
    bolt.yield %y : tensor<32x56x56x64xf32>
  }
  %o = bolt.conv2d nhwc %h, %f1 extras(%b1 : tensor<64xf16>) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<32x56x56x64xf16>, tensor<64x1x1x64xf16> -> tensor<32x56x56x64xf16> {
  ^bb0(%acc: tensor<32x56x56x64xf32>, %b: tensor<64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<32x56x56x64xf32>, tensor<64xf32> -> tensor<32x56x56x64xf32>
    %y = bolt.ew.relu %s : tensor<32x56x56x64xf32> -> tensor<32x56x56x64xf32>
    bolt.yield %y : tensor<32x56x56x64xf32>
  }
  func.return %o : tensor<32x56x56x64xf16>
}

// -----

// The same pair at 28x28: 1.25x fused on the H100 through PTX (2026-11-26), ~1.4x predicted.
// MODEL: remark: {{.*}}sm80-template.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.conv2d' fused back to back with 'bolt.conv2d': the performance model (a100_sxm) predicts
// MODEL-LABEL: func.func @legal_conv_pair_28x28
// MODEL:         bolt.b2b registers
// CHECK-LABEL: func.func @legal_conv_pair_28x28
// CHECK:         bolt.b2b registers
func.func @legal_conv_pair_28x28(%x: tensor<32x28x28x64xf16>, %f0: tensor<64x3x3x64xf16>, %b0: tensor<64xf16>, %f1: tensor<64x1x1x64xf16>, %b1: tensor<64xf16>) -> tensor<32x28x28x64xf16> {
  %h = bolt.conv2d nhwc %x, %f0 extras(%b0 : tensor<64xf16>) strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<32x28x28x64xf16>, tensor<64x3x3x64xf16> -> tensor<32x28x28x64xf16> {
  ^bb0(%acc: tensor<32x28x28x64xf32>, %b: tensor<64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<32x28x28x64xf32>, tensor<64xf32> -> tensor<32x28x28x64xf32>
    %y = bolt.ew.relu %s : tensor<32x28x28x64xf32> -> tensor<32x28x28x64xf32>
    bolt.yield %y : tensor<32x28x28x64xf32>
  }
  %o = bolt.conv2d nhwc %h, %f1 extras(%b1 : tensor<64xf16>) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<32x28x28x64xf16>, tensor<64x1x1x64xf16> -> tensor<32x28x28x64xf16> {
  ^bb0(%acc: tensor<32x28x28x64xf32>, %b: tensor<64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<32x28x28x64xf32>, tensor<64xf32> -> tensor<32x28x28x64xf32>
    %y = bolt.ew.relu %s : tensor<32x28x28x64xf32> -> tensor<32x28x28x64xf32>
    bolt.yield %y : tensor<32x28x28x64xf32>
  }
  func.return %o : tensor<32x28x28x64xf16>
}

// -----

// The 28x28 pair with sigmoid after the first bias and hardswish after the second: fused as
// the relu pair is, B2bImplicitGemmConvolution applying both.
// CHECK-LABEL: func.func @sigmoid_hardswish_conv_pair_28x28
// CHECK:         bolt.b2b registers
// CHECK:           bolt.ew.sigmoid
// CHECK:           bolt.ew.hardswish
// MODEL: remark: {{.*}}sm80-template.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.conv2d' fused back to back with 'bolt.conv2d': the performance model (a100_sxm) predicts
// MODEL-LABEL: func.func @sigmoid_hardswish_conv_pair_28x28
// MODEL:         bolt.b2b registers
func.func @sigmoid_hardswish_conv_pair_28x28(%x: tensor<32x28x28x64xf16>, %f0: tensor<64x3x3x64xf16>, %b0: tensor<64xf16>, %f1: tensor<64x1x1x64xf16>, %b1: tensor<64xf16>) -> tensor<32x28x28x64xf16> {
  %h = bolt.conv2d nhwc %x, %f0 extras(%b0 : tensor<64xf16>) strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<32x28x28x64xf16>, tensor<64x3x3x64xf16> -> tensor<32x28x28x64xf16> {
  ^bb0(%acc: tensor<32x28x28x64xf32>, %b: tensor<64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<32x28x28x64xf32>, tensor<64xf32> -> tensor<32x28x28x64xf32>
    %y = bolt.ew.sigmoid %s : tensor<32x28x28x64xf32> -> tensor<32x28x28x64xf32>
    bolt.yield %y : tensor<32x28x28x64xf32>
  }
  %o = bolt.conv2d nhwc %h, %f1 extras(%b1 : tensor<64xf16>) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<32x28x28x64xf16>, tensor<64x1x1x64xf16> -> tensor<32x28x28x64xf16> {
  ^bb0(%acc: tensor<32x28x28x64xf32>, %b: tensor<64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<32x28x28x64xf32>, tensor<64xf32> -> tensor<32x28x28x64xf32>
    %y = bolt.ew.hardswish %s : tensor<32x28x28x64xf32> -> tensor<32x28x28x64xf32>
    bolt.yield %y : tensor<32x28x28x64xf32>
  }
  func.return %o : tensor<32x28x28x64xf16>
}

// -----

// The second bias is f32 and the result f16: example 13 adds bias1 as C, of the result's type.
// CHECK: remark: {{.*}}sm80-template.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.gemm' not fused back to back with 'bolt.gemm': sm_80's b2b kernel (CUTLASS example 13) cannot run it: the second gemm's bias is f32 and its result f16
// CHECK-LABEL: func.func @bias1_of_another_type
// CHECK-NOT:     bolt.b2b
// SM90-LABEL:  func.func @bias1_of_another_type
// SM90:          bolt.b2b
func.func @bias1_of_another_type(%a: tensor<8192x64xf16>, %w0: tensor<64x64xf16>, %b0: tensor<64xf16>, %w1: tensor<128x64xf16>, %b1: tensor<128xf32>) -> tensor<8192x128xf16> {
  %h = bolt.gemm %a, %w0 extras(%b0 : tensor<64xf16>) {transpose_b} : tensor<8192x64xf16>, tensor<64x64xf16> -> tensor<8192x64xf16> {
  ^bb0(%acc: tensor<8192x64xf32>, %b: tensor<64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x64xf32>, tensor<64xf32> -> tensor<8192x64xf32>
    %y = bolt.ew.relu %s : tensor<8192x64xf32> -> tensor<8192x64xf32>
    bolt.yield %y : tensor<8192x64xf32>
  }
  %o = bolt.gemm %h, %w1 extras(%b1 : tensor<128xf32>) {transpose_b} : tensor<8192x64xf16>, tensor<128x64xf16> -> tensor<8192x128xf16> {
  ^bb0(%acc: tensor<8192x128xf32>, %b: tensor<128xf32>):
    %bc = bolt.ew.cast %b : tensor<128xf32> -> tensor<128xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x128xf32>, tensor<128xf32> -> tensor<8192x128xf32>
    %y = bolt.ew.relu %s : tensor<8192x128xf32> -> tensor<8192x128xf32>
    bolt.yield %y : tensor<8192x128xf32>
  }
  func.return %o : tensor<8192x128xf16>
}

// -----

// One weight transposed, the other not: B2bGemm has one LayoutB for both.
// CHECK: cannot run it: one gemm reads its rhs transposed and the other not
// CHECK-LABEL: func.func @mixed_weight_layouts
// CHECK-NOT:     bolt.b2b
func.func @mixed_weight_layouts(%a: tensor<8192x64xf16>, %w0: tensor<64x64xf16>, %b0: tensor<64xf16>, %w1: tensor<64x128xf16>, %b1: tensor<128xf16>) -> tensor<8192x128xf16> {
  %h = bolt.gemm %a, %w0 extras(%b0 : tensor<64xf16>) {transpose_b} : tensor<8192x64xf16>, tensor<64x64xf16> -> tensor<8192x64xf16> {
  ^bb0(%acc: tensor<8192x64xf32>, %b: tensor<64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x64xf32>, tensor<64xf32> -> tensor<8192x64xf32>
    %y = bolt.ew.relu %s : tensor<8192x64xf32> -> tensor<8192x64xf32>
    bolt.yield %y : tensor<8192x64xf32>
  }
  %o = bolt.gemm %h, %w1 extras(%b1 : tensor<128xf16>) : tensor<8192x64xf16>, tensor<64x128xf16> -> tensor<8192x128xf16> {
  ^bb0(%acc: tensor<8192x128xf32>, %b: tensor<128xf16>):
    %bc = bolt.ew.cast %b : tensor<128xf16> -> tensor<128xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x128xf32>, tensor<128xf32> -> tensor<8192x128xf32>
    %y = bolt.ew.relu %s : tensor<8192x128xf32> -> tensor<8192x128xf32>
    bolt.yield %y : tensor<8192x128xf32>
  }
  func.return %o : tensor<8192x128xf16>
}

// -----

// N0 = 48: within a 64-wide CTA tile (residence holds), but example 13's tiles are N0 exactly.
// CHECK: cannot run it: N0=48: one CTA tile covers all of it
// CHECK-LABEL: func.func @n0_not_a_tile
// CHECK-NOT:     bolt.b2b
func.func @n0_not_a_tile(%a: tensor<8192x64xf16>, %w0: tensor<48x64xf16>, %b0: tensor<48xf16>, %w1: tensor<64x48xf16>, %b1: tensor<64xf16>) -> tensor<8192x64xf16> {
  %h = bolt.gemm %a, %w0 extras(%b0 : tensor<48xf16>) {transpose_b} : tensor<8192x64xf16>, tensor<48x64xf16> -> tensor<8192x48xf16> {
  ^bb0(%acc: tensor<8192x48xf32>, %b: tensor<48xf16>):
    %bc = bolt.ew.cast %b : tensor<48xf16> -> tensor<48xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x48xf32>, tensor<48xf32> -> tensor<8192x48xf32>
    %y = bolt.ew.relu %s : tensor<8192x48xf32> -> tensor<8192x48xf32>
    bolt.yield %y : tensor<8192x48xf32>
  }
  %o = bolt.gemm %h, %w1 extras(%b1 : tensor<64xf16>) {transpose_b} : tensor<8192x48xf16>, tensor<64x48xf16> -> tensor<8192x64xf16> {
  ^bb0(%acc: tensor<8192x64xf32>, %b: tensor<64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x64xf32>, tensor<64xf32> -> tensor<8192x64xf32>
    %y = bolt.ew.relu %s : tensor<8192x64xf32> -> tensor<8192x64xf32>
    bolt.yield %y : tensor<8192x64xf32>
  }
  func.return %o : tensor<8192x64xf16>
}

// -----

// N1 = 256: a 256-wide CTA tile exists on sm_80, but not among example 13's warp tiles here.
// CHECK: cannot run it: N1=256
// CHECK-LABEL: func.func @n1_wider_than_the_template
// CHECK-NOT:     bolt.b2b
func.func @n1_wider_than_the_template(%a: tensor<8192x64xf16>, %w0: tensor<64x64xf16>, %b0: tensor<64xf16>, %w1: tensor<256x64xf16>, %b1: tensor<256xf16>) -> tensor<8192x256xf16> {
  %h = bolt.gemm %a, %w0 extras(%b0 : tensor<64xf16>) {transpose_b} : tensor<8192x64xf16>, tensor<64x64xf16> -> tensor<8192x64xf16> {
  ^bb0(%acc: tensor<8192x64xf32>, %b: tensor<64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x64xf32>, tensor<64xf32> -> tensor<8192x64xf32>
    %y = bolt.ew.relu %s : tensor<8192x64xf32> -> tensor<8192x64xf32>
    bolt.yield %y : tensor<8192x64xf32>
  }
  %o = bolt.gemm %h, %w1 extras(%b1 : tensor<256xf16>) {transpose_b} : tensor<8192x64xf16>, tensor<256x64xf16> -> tensor<8192x256xf16> {
  ^bb0(%acc: tensor<8192x256xf32>, %b: tensor<256xf16>):
    %bc = bolt.ew.cast %b : tensor<256xf16> -> tensor<256xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x256xf32>, tensor<256xf32> -> tensor<8192x256xf32>
    %y = bolt.ew.relu %s : tensor<8192x256xf32> -> tensor<8192x256xf32>
    bolt.yield %y : tensor<8192x256xf32>
  }
  func.return %o : tensor<8192x256xf16>
}

// -----

// K0 = 36 is not a multiple of 8 halves: no 128-bit operand access.
// CHECK: cannot run it: K0=36 is not a multiple of 8
// CHECK-LABEL: func.func @k0_unaligned
// CHECK-NOT:     bolt.b2b
func.func @k0_unaligned(%a: tensor<8192x36xf16>, %w0: tensor<64x36xf16>, %b0: tensor<64xf16>, %w1: tensor<64x64xf16>, %b1: tensor<64xf16>) -> tensor<8192x64xf16> {
  %h = bolt.gemm %a, %w0 extras(%b0 : tensor<64xf16>) {transpose_b} : tensor<8192x36xf16>, tensor<64x36xf16> -> tensor<8192x64xf16> {
  ^bb0(%acc: tensor<8192x64xf32>, %b: tensor<64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x64xf32>, tensor<64xf32> -> tensor<8192x64xf32>
    %y = bolt.ew.relu %s : tensor<8192x64xf32> -> tensor<8192x64xf32>
    bolt.yield %y : tensor<8192x64xf32>
  }
  %o = bolt.gemm %h, %w1 extras(%b1 : tensor<64xf16>) {transpose_b} : tensor<8192x64xf16>, tensor<64x64xf16> -> tensor<8192x64xf16> {
  ^bb0(%acc: tensor<8192x64xf32>, %b: tensor<64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x64xf32>, tensor<64xf32> -> tensor<8192x64xf32>
    %y = bolt.ew.relu %s : tensor<8192x64xf32> -> tensor<8192x64xf32>
    bolt.yield %y : tensor<8192x64xf32>
  }
  func.return %o : tensor<8192x64xf16>
}

// -----

// M = 3001 rows: B2bGemm's can_implement asks M to be a multiple of the 8-half access too.
// CHECK: cannot run it: M=3001 is not a multiple of 8
// CHECK-LABEL: func.func @m_unaligned
// CHECK-NOT:     bolt.b2b
func.func @m_unaligned(%a: tensor<3001x64xf16>, %w0: tensor<64x64xf16>, %b0: tensor<64xf16>, %w1: tensor<64x64xf16>, %b1: tensor<64xf16>) -> tensor<3001x64xf16> {
  %h = bolt.gemm %a, %w0 extras(%b0 : tensor<64xf16>) {transpose_b} : tensor<3001x64xf16>, tensor<64x64xf16> -> tensor<3001x64xf16> {
  ^bb0(%acc: tensor<3001x64xf32>, %b: tensor<64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<3001x64xf32>, tensor<64xf32> -> tensor<3001x64xf32>
    %y = bolt.ew.relu %s : tensor<3001x64xf32> -> tensor<3001x64xf32>
    bolt.yield %y : tensor<3001x64xf32>
  }
  %o = bolt.gemm %h, %w1 extras(%b1 : tensor<64xf16>) {transpose_b} : tensor<3001x64xf16>, tensor<64x64xf16> -> tensor<3001x64xf16> {
  ^bb0(%acc: tensor<3001x64xf32>, %b: tensor<64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<3001x64xf32>, tensor<64xf32> -> tensor<3001x64xf32>
    %y = bolt.ew.relu %s : tensor<3001x64xf32> -> tensor<3001x64xf32>
    bolt.yield %y : tensor<3001x64xf32>
  }
  func.return %o : tensor<3001x64xf16>
}

// -----

// The legal GEMM pair with a residual r0 [M, N0] added in the first stage, after bias0, under
// ReLU: B2bGemm runs it, r0 added to each accumulator fragment in the mainloop
// (include/boltc/b2b_sm80_first_residual.hpp); sm_90a's resident kernel adds it too (kernels.mlir).
// CHECK-LABEL: func.func @first_stage_residual
// CHECK:         bolt.b2b shared_memory(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// MODEL: remark: {{.*}}sm80-template.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.gemm' fused back to back with 'bolt.gemm': the performance model (a100_sxm) predicts {{[0-9.]+}} us fused on b2b_gemm_sm80
// MODEL-LABEL: func.func @first_stage_residual
// MODEL:         bolt.b2b shared_memory
// SM90-LABEL:  func.func @first_stage_residual
// SM90:          bolt.b2b registers
func.func @first_stage_residual(%a: tensor<8192x64xf16>, %w0: tensor<64x64xf16>, %b0: tensor<64xf16>, %r0: tensor<8192x64xf16>, %w1: tensor<128x64xf16>, %b1: tensor<128xf16>) -> tensor<8192x128xf16> {
  %h = bolt.gemm %a, %w0 extras(%b0, %r0 : tensor<64xf16>, tensor<8192x64xf16>) {transpose_b} : tensor<8192x64xf16>, tensor<64x64xf16> -> tensor<8192x64xf16> {
  ^bb0(%acc: tensor<8192x64xf32>, %b: tensor<64xf16>, %res: tensor<8192x64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x64xf32>, tensor<64xf32> -> tensor<8192x64xf32>
    %rc = bolt.ew.cast %res : tensor<8192x64xf16> -> tensor<8192x64xf32>
    %t = bolt.ew.add %s, %rc : tensor<8192x64xf32>, tensor<8192x64xf32> -> tensor<8192x64xf32>
    %y = bolt.ew.relu %t : tensor<8192x64xf32> -> tensor<8192x64xf32>
    bolt.yield %y : tensor<8192x64xf32>
  }
  %o = bolt.gemm %h, %w1 extras(%b1 : tensor<128xf16>) {transpose_b} : tensor<8192x64xf16>, tensor<128x64xf16> -> tensor<8192x128xf16> {
  ^bb0(%acc: tensor<8192x128xf32>, %b: tensor<128xf16>):
    %bc = bolt.ew.cast %b : tensor<128xf16> -> tensor<128xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x128xf32>, tensor<128xf32> -> tensor<8192x128xf32>
    %y = bolt.ew.relu %s : tensor<8192x128xf32> -> tensor<8192x128xf32>
    bolt.yield %y : tensor<8192x128xf32>
  }
  func.return %o : tensor<8192x128xf16>
}

// -----

// The legal GEMM pair with a residual r [M, N1] added in the second stage, after bias1, under
// GELU: B2bGemm runs it, r as the second stage's C and bias1 a broadcast vector
// (include/boltc/b2b_sm80_residual.hpp).
// CHECK-LABEL: func.func @second_stage_residual
// CHECK:         bolt.b2b shared_memory(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// MODEL: remark: {{.*}}sm80-template.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.gemm' fused back to back with 'bolt.gemm': the performance model (a100_sxm) predicts {{[0-9.]+}} us fused on b2b_gemm_sm80
// MODEL-LABEL: func.func @second_stage_residual
// MODEL:         bolt.b2b shared_memory
// SM90-LABEL:  func.func @second_stage_residual
// SM90:          bolt.b2b
func.func @second_stage_residual(%a: tensor<8192x64xf16>, %w0: tensor<64x64xf16>, %b0: tensor<64xf16>, %w1: tensor<128x64xf16>, %b1: tensor<128xf16>, %r: tensor<8192x128xf16>) -> tensor<8192x128xf16> {
  %h = bolt.gemm %a, %w0 extras(%b0 : tensor<64xf16>) {transpose_b} : tensor<8192x64xf16>, tensor<64x64xf16> -> tensor<8192x64xf16> {
  ^bb0(%acc: tensor<8192x64xf32>, %b: tensor<64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x64xf32>, tensor<64xf32> -> tensor<8192x64xf32>
    %y = bolt.ew.relu %s : tensor<8192x64xf32> -> tensor<8192x64xf32>
    bolt.yield %y : tensor<8192x64xf32>
  }
  %o = bolt.gemm %h, %w1 extras(%b1, %r : tensor<128xf16>, tensor<8192x128xf16>) {transpose_b} : tensor<8192x64xf16>, tensor<128x64xf16> -> tensor<8192x128xf16> {
  ^bb0(%acc: tensor<8192x128xf32>, %b: tensor<128xf16>, %res: tensor<8192x128xf16>):
    %bc = bolt.ew.cast %b : tensor<128xf16> -> tensor<128xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x128xf32>, tensor<128xf32> -> tensor<8192x128xf32>
    %rc = bolt.ew.cast %res : tensor<8192x128xf16> -> tensor<8192x128xf32>
    %t = bolt.ew.add %s, %rc : tensor<8192x128xf32>, tensor<8192x128xf32> -> tensor<8192x128xf32>
    %y = bolt.ew.gelu erf %t : tensor<8192x128xf32> -> tensor<8192x128xf32>
    bolt.yield %y : tensor<8192x128xf32>
  }
  func.return %o : tensor<8192x128xf16>
}

// -----

// The 28x28 conv pair with a residual in the second stage (a bottleneck's shortcut): example
// 13's B2bImplicitGemmConvolution runs it, r as its C, bias1 the broadcast vector (the same
// epilogue as the GEMM's); r is the b2b's last operand.
// CHECK-LABEL: func.func @conv_second_stage_residual
// CHECK:         bolt.b2b registers(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[R:[a-z0-9_]+]])
// MODEL: remark: {{.*}}sm80-template.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.conv2d' fused back to back with 'bolt.conv2d': the performance model (a100_sxm) predicts {{[0-9.]+}} us fused on b2b_conv_sm80
// MODEL-LABEL: func.func @conv_second_stage_residual
// MODEL:         bolt.b2b registers
// SM90-LABEL:  func.func @conv_second_stage_residual
// SM90:          bolt.b2b
func.func @conv_second_stage_residual(%x: tensor<32x28x28x64xf16>, %f0: tensor<64x3x3x64xf16>, %b0: tensor<64xf16>, %f1: tensor<64x1x1x64xf16>, %b1: tensor<64xf16>, %r: tensor<32x28x28x64xf16>) -> tensor<32x28x28x64xf16> {
  %h = bolt.conv2d nhwc %x, %f0 extras(%b0 : tensor<64xf16>) strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<32x28x28x64xf16>, tensor<64x3x3x64xf16> -> tensor<32x28x28x64xf16> {
  ^bb0(%acc: tensor<32x28x28x64xf32>, %b: tensor<64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<32x28x28x64xf32>, tensor<64xf32> -> tensor<32x28x28x64xf32>
    %y = bolt.ew.relu %s : tensor<32x28x28x64xf32> -> tensor<32x28x28x64xf32>
    bolt.yield %y : tensor<32x28x28x64xf32>
  }
  %o = bolt.conv2d nhwc %h, %f1 extras(%b1, %r : tensor<64xf16>, tensor<32x28x28x64xf16>) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<32x28x28x64xf16>, tensor<64x1x1x64xf16> -> tensor<32x28x28x64xf16> {
  ^bb0(%acc: tensor<32x28x28x64xf32>, %b: tensor<64xf16>, %res: tensor<32x28x28x64xf16>):
    %bc = bolt.ew.cast %b : tensor<64xf16> -> tensor<64xf32>
    %s = bolt.ew.add %acc, %bc : tensor<32x28x28x64xf32>, tensor<64xf32> -> tensor<32x28x28x64xf32>
    %rc = bolt.ew.cast %res : tensor<32x28x28x64xf16> -> tensor<32x28x28x64xf32>
    %t = bolt.ew.add %s, %rc : tensor<32x28x28x64xf32>, tensor<32x28x28x64xf32> -> tensor<32x28x28x64xf32>
    %y = bolt.ew.relu %t : tensor<32x28x28x64xf32> -> tensor<32x28x28x64xf32>
    bolt.yield %y : tensor<32x28x28x64xf32>
  }
  func.return %o : tensor<32x28x28x64xf16>
}

// -----

// r0 without bias0: example 13's first stage always reads a bias vector (no null-pointer
// predicate), so acc + r0 alone stays two kernels, and says why.
// CHECK: cannot run it: the first gemm's epilogue is relu(acc + residual); example 13's first stage always reads a per-channel bias vector
// CHECK-LABEL: func.func @first_stage_residual_without_bias
// CHECK-NOT:     bolt.b2b
func.func @first_stage_residual_without_bias(%a: tensor<8192x64xf16>, %w0: tensor<64x64xf16>, %r0: tensor<8192x64xf16>, %w1: tensor<128x64xf16>, %b1: tensor<128xf16>) -> tensor<8192x128xf16> {
  %h = bolt.gemm %a, %w0 extras(%r0 : tensor<8192x64xf16>) {transpose_b} : tensor<8192x64xf16>, tensor<64x64xf16> -> tensor<8192x64xf16> {
  ^bb0(%acc: tensor<8192x64xf32>, %res: tensor<8192x64xf16>):
    %rc = bolt.ew.cast %res : tensor<8192x64xf16> -> tensor<8192x64xf32>
    %t = bolt.ew.add %acc, %rc : tensor<8192x64xf32>, tensor<8192x64xf32> -> tensor<8192x64xf32>
    %y = bolt.ew.relu %t : tensor<8192x64xf32> -> tensor<8192x64xf32>
    bolt.yield %y : tensor<8192x64xf32>
  }
  %o = bolt.gemm %h, %w1 extras(%b1 : tensor<128xf16>) {transpose_b} : tensor<8192x64xf16>, tensor<128x64xf16> -> tensor<8192x128xf16> {
  ^bb0(%acc: tensor<8192x128xf32>, %b: tensor<128xf16>):
    %bc = bolt.ew.cast %b : tensor<128xf16> -> tensor<128xf32>
    %s = bolt.ew.add %acc, %bc : tensor<8192x128xf32>, tensor<128xf32> -> tensor<8192x128xf32>
    %y = bolt.ew.relu %s : tensor<8192x128xf32> -> tensor<8192x128xf32>
    bolt.yield %y : tensor<8192x128xf32>
  }
  func.return %o : tensor<8192x128xf16>
}
