// fuse-b2b on sm_90a fuses only pairs one of its b2b kernels runs (b2b_gemm_sm90, b2b_gemm_simt,
// b2b_conv_direct, b2b_conv_window and b2b_conv_sm90 for convolutions, else CUTLASS example 13's templates): a fused pair no kernel
// takes would fail the build at lowering. The refused pair stays two kernels, and the remark
// gives every kernel's reason. Of the pairs a kernel takes, the performance model decides: the
// kernel's predicted time against the two kernels apart (each the model's best), both in the
// remark, fused or not.
// RUN: boltc-opt %s -p fuse-b2b --split-input-file | filecheck %s
// RUN: boltc-opt %s -p 'fuse-b2b{remarks=true}' --split-input-file 2>&1 | filecheck %s --check-prefix=REMARK
// With kernels=false the residence and roofline cost rules alone decide: every pair here but
// the compute-bound one fuses.
// RUN: boltc-opt %s -p 'fuse-b2b{kernels=false}' --split-input-file | filecheck %s --check-prefix=ANALYSIS
// RUN: boltc-opt %s -p 'fuse-b2b{cost=roofline remarks=true}' --split-input-file 2>&1 | filecheck %s --check-prefix=ROOFLINE
// RUN: not boltc-opt %s -p 'fuse-b2b{cost=profile}' --split-input-file 2>&1 | filecheck %s --check-prefix=BADCOST
// BADCOST: fuse-b2b: cost='profile' is not one of model, roofline

// The paper's chain relu(relu(A W0 + b0) W1 + b1) in f16 (M=128320, K0=96, N0=32, N1=96):
// b2b_gemm_sm90's resident kernel runs it.
// CHECK-LABEL:   func.func @paper_chain_f16
// CHECK:           bolt.b2b registers({{.*}}) {bolt.fusion_reason = "the performance model (h100_sxm) predicts {{[0-9.]+}} us fused on b2b_gemm_sm90 against {{[0-9.]+}} us for the two kernels apart ({{.*}})"}
// ANALYSIS-LABEL: func.func @paper_chain_f16
// ANALYSIS:        bolt.b2b registers
// REMARK: remark: {{.*}}kernels.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.gemm' fused back to back with 'bolt.gemm': the performance model (h100_sxm) predicts {{[0-9.]+}} us fused on b2b_gemm_sm90 against {{[0-9.]+}} us for the two kernels apart ({{[0-9.]+}} us on gemm_sm90 {{.*}}, {{[0-9.]+}} us on gemm_sm90 {{.*}})
func.func @paper_chain_f16(%a: tensor<128320x96xf16>, %w0: tensor<96x32xf16>, %b0: tensor<32xf16>, %w1: tensor<32x96xf16>, %b1: tensor<96xf16>) -> tensor<128320x96xf16> {
  %h = bolt.gemm %a, %w0 extras(%b0 : tensor<32xf16>) : tensor<128320x96xf16>, tensor<96x32xf16> -> tensor<128320x32xf16> {
  ^bb0(%acc: tensor<128320x32xf32>, %b: tensor<32xf16>):
    %b32 = bolt.ew.cast %b : tensor<32xf16> -> tensor<32xf32>
    %s = bolt.ew.add %acc, %b32 : tensor<128320x32xf32>, tensor<32xf32> -> tensor<128320x32xf32>
    %y = bolt.ew.relu %s : tensor<128320x32xf32> -> tensor<128320x32xf32>
    bolt.yield %y : tensor<128320x32xf32>
  }
  %o = bolt.gemm %h, %w1 extras(%b1 : tensor<96xf16>) : tensor<128320x32xf16>, tensor<32x96xf16> -> tensor<128320x96xf16> {
  ^bb0(%acc: tensor<128320x96xf32>, %b: tensor<96xf16>):
    %b32 = bolt.ew.cast %b : tensor<96xf16> -> tensor<96xf32>
    %s = bolt.ew.add %acc, %b32 : tensor<128320x96xf32>, tensor<96xf32> -> tensor<128320x96xf32>
    %y = bolt.ew.relu %s : tensor<128320x96xf32> -> tensor<128320x96xf32>
    bolt.yield %y : tensor<128320x96xf32>
  }
  func.return %o : tensor<128320x96xf16>
}

// -----

// The same chain in f32, without biases: no b2b kernel takes it (wgmma here is f16/bf16;
// example 13's first stage needs a bias, and its templates are f16/bf16 too).
// CHECK-LABEL:   func.func @paper_chain_f32
// CHECK-NOT:       bolt.b2b
// CHECK-COUNT-2:   bolt.gemm
// REMARK: remark: {{.*}}kernels.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.gemm' not fused back to back with 'bolt.gemm': sm_90a's b2b kernels cannot run it: b2b_gemm_sm90: the input, both weights, the first product and the output must share one element type, f16 or bf16 (got the input f32, {{.*}}); CUTLASS example 13: the first gemm's epilogue is relu(acc)
// ANALYSIS-LABEL: func.func @paper_chain_f32
// ANALYSIS:        bolt.b2b
func.func @paper_chain_f32(%a: tensor<128320x96xf32>, %w0: tensor<96x32xf32>, %w1: tensor<32x96xf32>) -> tensor<128320x96xf32> {
  %h = bolt.gemm %a, %w0 : tensor<128320x96xf32>, tensor<96x32xf32> -> tensor<128320x32xf32> {
  ^bb0(%acc: tensor<128320x32xf32>):
    %y = bolt.ew.relu %acc : tensor<128320x32xf32> -> tensor<128320x32xf32>
    bolt.yield %y : tensor<128320x32xf32>
  }
  %o = bolt.gemm %h, %w1 : tensor<128320x32xf32>, tensor<32x96xf32> -> tensor<128320x96xf32> {
  ^bb0(%acc: tensor<128320x96xf32>):
    %y = bolt.ew.relu %acc : tensor<128320x96xf32> -> tensor<128320x96xf32>
    bolt.yield %y : tensor<128320x96xf32>
  }
  func.return %o : tensor<128320x96xf32>
}

// -----

// Rows of 4 elements (8 bytes): below TMA's 16-byte strides, so b2b_gemm_sm90 refuses; the
// widths are tiny, so b2b_gemm_simt (CUDA cores) runs it (the tiny chain of the paper's Table 1).
// CHECK-LABEL:   func.func @narrow_rows
// CHECK:           bolt.b2b registers
func.func @narrow_rows(%a: tensor<2464x4xf16>, %w0: tensor<4x8xf16>, %w1: tensor<8x8xf16>) -> tensor<2464x8xf16> {
  %h = bolt.gemm %a, %w0 : tensor<2464x4xf16>, tensor<4x8xf16> -> tensor<2464x8xf16> {
  ^bb0(%acc: tensor<2464x8xf32>):
    %y = bolt.ew.relu %acc : tensor<2464x8xf32> -> tensor<2464x8xf32>
    bolt.yield %y : tensor<2464x8xf32>
  }
  %o = bolt.gemm %h, %w1 : tensor<2464x8xf16>, tensor<8x8xf16> -> tensor<2464x8xf16> {
  ^bb0(%acc: tensor<2464x8xf32>):
    %y = bolt.ew.relu %acc : tensor<2464x8xf32> -> tensor<2464x8xf32>
    bolt.yield %y : tensor<2464x8xf32>
  }
  func.return %o : tensor<2464x8xf16>
}

// -----

// Rows of 20 elements (40 bytes): not TMA's 16-byte multiple, wider than b2b_gemm_simt's 16, and
// example 13 needs a first-stage bias. Two kernels; the remark gives the three reasons.
// CHECK-LABEL:   func.func @narrow_wide_rows
// CHECK-NOT:       bolt.b2b
// REMARK: remark: {{.*}}: sm_90a's b2b kernels cannot run it: b2b_gemm_sm90: K0 (A's row stride)=20 is not a multiple of 8 elements (TMA needs 16-byte strides); b2b_gemm_simt: K0=20 is not in 1..16 (a row's two GEMMs unrolled in one thread); CUTLASS example 13: the first gemm's epilogue is relu(acc)
func.func @narrow_wide_rows(%a: tensor<2464x20xf16>, %w0: tensor<20x8xf16>, %w1: tensor<8x8xf16>) -> tensor<2464x8xf16> {
  %h = bolt.gemm %a, %w0 : tensor<2464x20xf16>, tensor<20x8xf16> -> tensor<2464x8xf16> {
  ^bb0(%acc: tensor<2464x8xf32>):
    %y = bolt.ew.relu %acc : tensor<2464x8xf32> -> tensor<2464x8xf32>
    bolt.yield %y : tensor<2464x8xf32>
  }
  %o = bolt.gemm %h, %w1 : tensor<2464x8xf16>, tensor<8x8xf16> -> tensor<2464x8xf16> {
  ^bb0(%acc: tensor<2464x8xf32>):
    %y = bolt.ew.relu %acc : tensor<2464x8xf32> -> tensor<2464x8xf32>
    bolt.yield %y : tensor<2464x8xf32>
  }
  func.return %o : tensor<2464x8xf16>
}

// -----

// A 3x3 convolution then a 1x1, stride-1, unpadded one, NHWC f16, 64 channels, no first-stage
// bias: b2b_conv_window runs it (C = 64 at stride 1; b2b_conv_sm90, the resident kernel with a
// TMA im2col first stage, would too); example 13 would not (its first stage always reads a bias).
// CHECK-LABEL:   func.func @conv_chain_f16
// CHECK:           bolt.b2b registers
// ANALYSIS-LABEL: func.func @conv_chain_f16
// ANALYSIS:        bolt.b2b registers
func.func @conv_chain_f16(%x: tensor<2x56x56x64xf16>, %f0: tensor<64x3x3x64xf16>, %f1: tensor<64x1x1x64xf16>) -> tensor<2x56x56x64xf16> {
  %h = bolt.conv2d nhwc %x, %f0 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x56x56x64xf16>, tensor<64x3x3x64xf16> -> tensor<2x56x56x64xf16> {
  ^bb0(%acc: tensor<2x56x56x64xf32>):
    %y = bolt.ew.relu %acc : tensor<2x56x56x64xf32> -> tensor<2x56x56x64xf32>
    bolt.yield %y : tensor<2x56x56x64xf32>
  }
  %o = bolt.conv2d nhwc %h, %f1 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x56x56x64xf16>, tensor<64x1x1x64xf16> -> tensor<2x56x56x64xf16> {
  ^bb0(%acc: tensor<2x56x56x64xf32>):
    %y = bolt.ew.relu %acc : tensor<2x56x56x64xf32> -> tensor<2x56x56x64xf32>
    bolt.yield %y : tensor<2x56x56x64xf32>
  }
  func.return %o : tensor<2x56x56x64xf16>
}

// -----

// The chain with 48 channels (bolt_paper.json's 56x56x48 row): b2b_conv_window runs it (C up to
// 64 at stride 1, 48 at stride 2), asked before b2b_conv_sm90; the model
// costs the input window it loads, not the im2col matrix.
// CHECK-LABEL:   func.func @conv_chain_48_channels
// CHECK:           bolt.b2b registers
// REMARK: remark: {{.*}}: 'bolt.conv2d' fused back to back with 'bolt.conv2d': the performance model (h100_sxm) predicts {{[0-9.]+}} us fused on b2b_conv_window against {{[0-9.]+}} us for the two kernels apart
func.func @conv_chain_48_channels(%x: tensor<32x56x56x48xf16>, %f0: tensor<48x3x3x48xf16>, %f1: tensor<48x1x1x48xf16>) -> tensor<32x56x56x48xf16> {
  %h = bolt.conv2d nhwc %x, %f0 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<32x56x56x48xf16>, tensor<48x3x3x48xf16> -> tensor<32x56x56x48xf16> {
  ^bb0(%acc: tensor<32x56x56x48xf32>):
    %y = bolt.ew.relu %acc : tensor<32x56x56x48xf32> -> tensor<32x56x56x48xf32>
    bolt.yield %y : tensor<32x56x56x48xf32>
  }
  %o = bolt.conv2d nhwc %h, %f1 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<32x56x56x48xf16>, tensor<48x1x1x48xf16> -> tensor<32x56x56x48xf16> {
  ^bb0(%acc: tensor<32x56x56x48xf32>):
    %y = bolt.ew.relu %acc : tensor<32x56x56x48xf32> -> tensor<32x56x56x48xf32>
    bolt.yield %y : tensor<32x56x56x48xf32>
  }
  func.return %o : tensor<32x56x56x48xf16>
}

// -----

// The same chain with F0 = 20 filters: 40-byte rows of the second filter, which TMA cannot
// read, and no tile of example 13's: two kernels, the remark naming both kernels' reasons.
// CHECK-LABEL:   func.func @conv_chain_narrow_filters
// CHECK-NOT:       bolt.b2b
// REMARK: remark: {{.*}}: 'bolt.conv2d' not fused back to back with 'bolt.conv2d': sm_90a's b2b kernels cannot run it: b2b_conv_direct: the first convolution's input is not a model input's space-to-depth fold {{.*}}; b2b_conv_window: F0=20 is not a multiple of 16 up to 64 {{.*}}; b2b_conv_sm90: F0 (the second filter's row)=20 is not a multiple of 8 elements (16-byte rows); CUTLASS example 13: the first convolution's epilogue is relu(acc)
func.func @conv_chain_narrow_filters(%x: tensor<2x56x56x64xf16>, %f0: tensor<20x3x3x64xf16>, %f1: tensor<64x1x1x20xf16>) -> tensor<2x56x56x64xf16> {
  %h = bolt.conv2d nhwc %x, %f0 strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x56x56x64xf16>, tensor<20x3x3x64xf16> -> tensor<2x56x56x20xf16> {
  ^bb0(%acc: tensor<2x56x56x20xf32>):
    %y = bolt.ew.relu %acc : tensor<2x56x56x20xf32> -> tensor<2x56x56x20xf32>
    bolt.yield %y : tensor<2x56x56x20xf32>
  }
  %o = bolt.conv2d nhwc %h, %f1 strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x56x56x20xf16>, tensor<64x1x1x20xf16> -> tensor<2x56x56x64xf16> {
  ^bb0(%acc: tensor<2x56x56x64xf32>):
    %y = bolt.ew.relu %acc : tensor<2x56x56x64xf32> -> tensor<2x56x56x64xf32>
    bolt.yield %y : tensor<2x56x56x64xf32>
  }
  func.return %o : tensor<2x56x56x64xf16>
}

// -----

// Legal for b2b_gemm_sm90 (N0 = N1 = 128, f16, 16-byte rows) but compute-bound: 2048 rows by
// K0 = 8192. Fused, 32 CTAs of 64 rows walk the whole K0 for 132 SMs; apart, each GEMM tiles
// N (the first on stream-K): the model keeps them apart, and so does the roofline.
// CHECK-LABEL:   func.func @compute_bound
// CHECK-NOT:       bolt.b2b
// CHECK:           func.return
// ANALYSIS-LABEL: func.func @compute_bound
// ANALYSIS-NOT:    bolt.b2b
// ANALYSIS:        func.return
// REMARK: 'bolt.gemm' not fused back to back with 'bolt.gemm': the performance model (h100_sxm) predicts {{[0-9.]+}} us fused on b2b_gemm_sm90 against {{[0-9.]+}} us for the two kernels apart ({{[0-9.]+}} us on gemm_sm90 {{.*}}, {{[0-9.]+}} us on gemm_sm90 {{.*}}): fusing does not pay
// ROOFLINE: 'bolt.gemm' not fused back to back with 'bolt.gemm': the cost model predicts {{[0-9.]+}} us fused against {{[0-9.]+}} us for the two kernels on sm_90a: fused, the pair is compute-bound
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

// The paper's chain with GELU (erf) between and SiLU after: the Hopper kernels apply any
// activation the GEMM epilogues have after a stage's bias, so b2b_gemm_sm90 runs it.
// CHECK-LABEL:   func.func @paper_chain_gelu_silu
// CHECK:           bolt.b2b registers({{.*}}) {bolt.fusion_reason = "the performance model (h100_sxm) predicts {{[0-9.]+}} us fused on b2b_gemm_sm90
// CHECK:             bolt.ew.gelu erf
// CHECK:             bolt.ew.silu
func.func @paper_chain_gelu_silu(%a: tensor<128320x96xf16>, %w0: tensor<96x32xf16>, %b0: tensor<32xf16>, %w1: tensor<32x96xf16>, %b1: tensor<96xf16>) -> tensor<128320x96xf16> {
  %h = bolt.gemm %a, %w0 extras(%b0 : tensor<32xf16>) : tensor<128320x96xf16>, tensor<96x32xf16> -> tensor<128320x32xf16> {
  ^bb0(%acc: tensor<128320x32xf32>, %b: tensor<32xf16>):
    %b32 = bolt.ew.cast %b : tensor<32xf16> -> tensor<32xf32>
    %s = bolt.ew.add %acc, %b32 : tensor<128320x32xf32>, tensor<32xf32> -> tensor<128320x32xf32>
    %y = bolt.ew.gelu erf %s : tensor<128320x32xf32> -> tensor<128320x32xf32>
    bolt.yield %y : tensor<128320x32xf32>
  }
  %o = bolt.gemm %h, %w1 extras(%b1 : tensor<96xf16>) : tensor<128320x32xf16>, tensor<32x96xf16> -> tensor<128320x96xf16> {
  ^bb0(%acc: tensor<128320x96xf32>, %b: tensor<96xf16>):
    %b32 = bolt.ew.cast %b : tensor<96xf16> -> tensor<96xf32>
    %s = bolt.ew.add %acc, %b32 : tensor<128320x96xf32>, tensor<96xf32> -> tensor<128320x96xf32>
    %y = bolt.ew.silu %s : tensor<128320x96xf32> -> tensor<128320x96xf32>
    bolt.yield %y : tensor<128320x96xf32>
  }
  func.return %o : tensor<128320x96xf16>
}

// -----

// A clamp (Hardtanh) is no activation a b2b kernel applies: two kernels, and the remark lists
// the ones the Hopper kernels take.
// CHECK-LABEL:   func.func @paper_chain_clamp
// CHECK-NOT:       bolt.b2b
// REMARK: remark: {{.*}}: sm_90a's b2b kernels cannot run it: b2b_gemm_sm90: the first gemm: the epilogue op 'bolt.ew.clamp' is not one the b2b kernels express (a stage's epilogue is acc, acc + per-channel bias (+ a residual of the result's shape), and an optional activation after them: one of gelu_erf, gelu_tanh, hardswish, relu, sigmoid, silu, softplus, tanh); {{.*}}CUTLASS example 13: the first gemm: the epilogue op 'bolt.ew.clamp' is not one example 13 expresses
func.func @paper_chain_clamp(%a: tensor<128320x96xf16>, %w0: tensor<96x32xf16>, %w1: tensor<32x96xf16>) -> tensor<128320x96xf16> {
  %h = bolt.gemm %a, %w0 : tensor<128320x96xf16>, tensor<96x32xf16> -> tensor<128320x32xf16> {
  ^bb0(%acc: tensor<128320x32xf32>):
    %y = bolt.ew.clamp %acc min -1.0 max 1.0 : tensor<128320x32xf32> -> tensor<128320x32xf32>
    bolt.yield %y : tensor<128320x32xf32>
  }
  %o = bolt.gemm %h, %w1 : tensor<128320x32xf16>, tensor<32x96xf16> -> tensor<128320x96xf16> {
  ^bb0(%acc: tensor<128320x96xf32>):
    bolt.yield %acc : tensor<128320x96xf32>
  }
  func.return %o : tensor<128320x96xf16>
}

// -----

// The narrow chain with a sigmoid between: b2b_gemm_simt applies relu or none, and TMA cannot
// read 8-byte rows: two kernels.
// CHECK-LABEL:   func.func @narrow_rows_sigmoid
// CHECK-NOT:       bolt.b2b
// REMARK: remark: {{.*}}: sm_90a's b2b kernels cannot run it: b2b_gemm_sm90: K0 (A's row stride)=4 is not a multiple of 8 elements (TMA needs 16-byte strides); b2b_gemm_simt: the first gemm's activation is sigmoid; b2b_gemm_simt applies relu or none (the Hopper kernels take the others)
func.func @narrow_rows_sigmoid(%a: tensor<2464x4xf16>, %w0: tensor<4x8xf16>, %w1: tensor<8x8xf16>) -> tensor<2464x8xf16> {
  %h = bolt.gemm %a, %w0 : tensor<2464x4xf16>, tensor<4x8xf16> -> tensor<2464x8xf16> {
  ^bb0(%acc: tensor<2464x8xf32>):
    %y = bolt.ew.sigmoid %acc : tensor<2464x8xf32> -> tensor<2464x8xf32>
    bolt.yield %y : tensor<2464x8xf32>
  }
  %o = bolt.gemm %h, %w1 : tensor<2464x8xf16>, tensor<8x8xf16> -> tensor<2464x8xf16> {
  ^bb0(%acc: tensor<2464x8xf32>):
    bolt.yield %acc : tensor<2464x8xf32>
  }
  func.return %o : tensor<2464x8xf16>
}

// -----

// The paper's chain with a residual added in the second stage (relu(h W1 + b1 + r)): the
// resident kernel reads r in its second epilogue, so b2b_gemm_sm90 runs it; the residual is a
// b2b operand. (Example 13's GEMM adds it too on sm_80, as its second stage's C: sm80-template.mlir.)
// CHECK-LABEL:   func.func @paper_chain_residual
// CHECK:           bolt.b2b registers(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[R:[a-z0-9_]+]]) {bolt.fusion_reason = "the performance model (h100_sxm) predicts {{[0-9.]+}} us fused on b2b_gemm_sm90
func.func @paper_chain_residual(%a: tensor<128320x96xf16>, %w0: tensor<96x32xf16>, %b0: tensor<32xf16>, %w1: tensor<32x96xf16>, %b1: tensor<96xf16>, %r: tensor<128320x96xf16>) -> tensor<128320x96xf16> {
  %h = bolt.gemm %a, %w0 extras(%b0 : tensor<32xf16>) : tensor<128320x96xf16>, tensor<96x32xf16> -> tensor<128320x32xf16> {
  ^bb0(%acc: tensor<128320x32xf32>, %b: tensor<32xf16>):
    %b32 = bolt.ew.cast %b : tensor<32xf16> -> tensor<32xf32>
    %s = bolt.ew.add %acc, %b32 : tensor<128320x32xf32>, tensor<32xf32> -> tensor<128320x32xf32>
    %y = bolt.ew.relu %s : tensor<128320x32xf32> -> tensor<128320x32xf32>
    bolt.yield %y : tensor<128320x32xf32>
  }
  %o = bolt.gemm %h, %w1 extras(%b1, %r : tensor<96xf16>, tensor<128320x96xf16>) : tensor<128320x32xf16>, tensor<32x96xf16> -> tensor<128320x96xf16> {
  ^bb0(%acc: tensor<128320x96xf32>, %b: tensor<96xf16>, %res: tensor<128320x96xf16>):
    %b32 = bolt.ew.cast %b : tensor<96xf16> -> tensor<96xf32>
    %s = bolt.ew.add %acc, %b32 : tensor<128320x96xf32>, tensor<96xf32> -> tensor<128320x96xf32>
    %r32 = bolt.ew.cast %res : tensor<128320x96xf16> -> tensor<128320x96xf32>
    %t = bolt.ew.add %s, %r32 : tensor<128320x96xf32>, tensor<128320x96xf32> -> tensor<128320x96xf32>
    %y = bolt.ew.relu %t : tensor<128320x96xf32> -> tensor<128320x96xf32>
    bolt.yield %y : tensor<128320x96xf32>
  }
  func.return %o : tensor<128320x96xf16>
}

// -----

// A residual in the first stage (relu(a W0 + b0 + r0), r0 [M, N0]): the resident kernel copies
// r0 into its staging buffer under the first GEMM and adds it in the first epilogue, so
// b2b_gemm_sm90 runs it; r0 is a b2b operand, read by the first gemm's epilogue in the body.
// Example 13 adds none (sm80-template.mlir).
// CHECK-LABEL:   func.func @residual_in_the_first_stage
// CHECK-SAME:      (%[[A:[a-z0-9_]+]]: tensor<128320x96xf16>, %[[W0:[a-z0-9_]+]]: tensor<96x32xf16>, %[[B0:[a-z0-9_]+]]: tensor<32xf16>, %[[R0:[a-z0-9_]+]]: tensor<128320x32xf16>, %[[W1:[a-z0-9_]+]]: tensor<32x96xf16>)
// CHECK:           bolt.b2b registers(%[[A]], %[[W0]], %[[B0]], %[[R0]], %[[W1]]) {bolt.fusion_reason = "the performance model (h100_sxm) predicts {{[0-9.]+}} us fused on b2b_gemm_sm90
// CHECK-NEXT:      ^bb0(%[[X:[a-z0-9_]+]]: tensor<128320x96xf16>, %[[F0:[a-z0-9_]+]]: tensor<96x32xf16>, %[[C0:[a-z0-9_]+]]: tensor<32xf16>, %[[RES:[a-z0-9_]+]]: tensor<128320x32xf16>, %[[F1:[a-z0-9_]+]]: tensor<32x96xf16>):
// CHECK-NEXT:        %[[H:[a-z0-9_]+]] = bolt.gemm %[[X]], %[[F0]] extras(%[[C0]], %[[RES]] : tensor<32xf16>, tensor<128320x32xf16>)
// CHECK:             bolt.gemm %[[H]], %[[F1]] :
// ANALYSIS-LABEL:  func.func @residual_in_the_first_stage
// ANALYSIS:          bolt.b2b registers
// REMARK: remark: {{.*}}kernels.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.gemm' fused back to back with 'bolt.gemm': the performance model (h100_sxm) predicts {{[0-9.]+}} us fused on b2b_gemm_sm90
func.func @residual_in_the_first_stage(%a: tensor<128320x96xf16>, %w0: tensor<96x32xf16>, %b0: tensor<32xf16>, %r0: tensor<128320x32xf16>, %w1: tensor<32x96xf16>) -> tensor<128320x96xf16> {
  %h = bolt.gemm %a, %w0 extras(%b0, %r0 : tensor<32xf16>, tensor<128320x32xf16>) : tensor<128320x96xf16>, tensor<96x32xf16> -> tensor<128320x32xf16> {
  ^bb0(%acc: tensor<128320x32xf32>, %b: tensor<32xf16>, %res: tensor<128320x32xf16>):
    %b32 = bolt.ew.cast %b : tensor<32xf16> -> tensor<32xf32>
    %s = bolt.ew.add %acc, %b32 : tensor<128320x32xf32>, tensor<32xf32> -> tensor<128320x32xf32>
    %r32 = bolt.ew.cast %res : tensor<128320x32xf16> -> tensor<128320x32xf32>
    %t = bolt.ew.add %s, %r32 : tensor<128320x32xf32>, tensor<128320x32xf32> -> tensor<128320x32xf32>
    %y = bolt.ew.relu %t : tensor<128320x32xf32> -> tensor<128320x32xf32>
    bolt.yield %y : tensor<128320x32xf32>
  }
  %o = bolt.gemm %h, %w1 : tensor<128320x32xf16>, tensor<32x96xf16> -> tensor<128320x96xf16> {
  ^bb0(%acc: tensor<128320x96xf32>):
    bolt.yield %acc : tensor<128320x96xf32>
  }
  func.return %o : tensor<128320x96xf16>
}

// -----

// Residuals in both stages (r0 [M, N0] before the first relu, r [M, N1] before the second): one
// b2b_gemm_sm90, both residuals its operands (r copied only once the first epilogue has read r0).
// CHECK-LABEL:   func.func @residuals_in_both_stages
// CHECK-SAME:      (%[[A:[a-z0-9_]+]]: tensor<128320x96xf16>, %[[W0:[a-z0-9_]+]]: tensor<96x32xf16>, %[[R0:[a-z0-9_]+]]: tensor<128320x32xf16>, %[[W1:[a-z0-9_]+]]: tensor<32x96xf16>, %[[R:[a-z0-9_]+]]: tensor<128320x96xf16>)
// CHECK:           bolt.b2b registers(%[[A]], %[[W0]], %[[R0]], %[[W1]], %[[R]]) {bolt.fusion_reason = "the performance model (h100_sxm) predicts {{[0-9.]+}} us fused on b2b_gemm_sm90
// REMARK: remark: {{.*}}kernels.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.gemm' fused back to back with 'bolt.gemm': the performance model (h100_sxm) predicts {{[0-9.]+}} us fused on b2b_gemm_sm90
func.func @residuals_in_both_stages(%a: tensor<128320x96xf16>, %w0: tensor<96x32xf16>, %r0: tensor<128320x32xf16>, %w1: tensor<32x96xf16>, %r: tensor<128320x96xf16>) -> tensor<128320x96xf16> {
  %h = bolt.gemm %a, %w0 extras(%r0 : tensor<128320x32xf16>) : tensor<128320x96xf16>, tensor<96x32xf16> -> tensor<128320x32xf16> {
  ^bb0(%acc: tensor<128320x32xf32>, %res: tensor<128320x32xf16>):
    %r32 = bolt.ew.cast %res : tensor<128320x32xf16> -> tensor<128320x32xf32>
    %s = bolt.ew.add %acc, %r32 : tensor<128320x32xf32>, tensor<128320x32xf32> -> tensor<128320x32xf32>
    %y = bolt.ew.relu %s : tensor<128320x32xf32> -> tensor<128320x32xf32>
    bolt.yield %y : tensor<128320x32xf32>
  }
  %o = bolt.gemm %h, %w1 extras(%r : tensor<128320x96xf16>) : tensor<128320x32xf16>, tensor<32x96xf16> -> tensor<128320x96xf16> {
  ^bb0(%acc: tensor<128320x96xf32>, %res: tensor<128320x96xf16>):
    %r32 = bolt.ew.cast %res : tensor<128320x96xf16> -> tensor<128320x96xf32>
    %s = bolt.ew.add %acc, %r32 : tensor<128320x96xf32>, tensor<128320x96xf32> -> tensor<128320x96xf32>
    %y = bolt.ew.relu %s : tensor<128320x96xf32> -> tensor<128320x96xf32>
    bolt.yield %y : tensor<128320x96xf32>
  }
  func.return %o : tensor<128320x96xf16>
}

// -----

// A first-stage residual of another element type (f32 beside f16): the kernel copies it into
// the staging buffer of the element type and adds it from there. Two kernels, and the remark
// says which types differ.
// CHECK-LABEL:   func.func @first_residual_of_another_type
// CHECK-NOT:       bolt.b2b
// REMARK: remark: {{.*}}: 'bolt.gemm' not fused back to back with 'bolt.gemm': sm_90a's b2b kernels cannot run it: b2b_gemm_sm90: the input, both weights, the first product, the output and the first stage's residual must share one element type, f16 or bf16 (got the input f16, the first weight f16, the first product f16, the second weight f16, the output f16, the first stage's residual f32);
func.func @first_residual_of_another_type(%a: tensor<128320x96xf16>, %w0: tensor<96x32xf16>, %r0: tensor<128320x32xf32>, %w1: tensor<32x96xf16>) -> tensor<128320x96xf16> {
  %h = bolt.gemm %a, %w0 extras(%r0 : tensor<128320x32xf32>) : tensor<128320x96xf16>, tensor<96x32xf16> -> tensor<128320x32xf16> {
  ^bb0(%acc: tensor<128320x32xf32>, %res: tensor<128320x32xf32>):
    %s = bolt.ew.add %acc, %res : tensor<128320x32xf32>, tensor<128320x32xf32> -> tensor<128320x32xf32>
    %y = bolt.ew.relu %s : tensor<128320x32xf32> -> tensor<128320x32xf32>
    bolt.yield %y : tensor<128320x32xf32>
  }
  %o = bolt.gemm %h, %w1 : tensor<128320x32xf16>, tensor<32x96xf16> -> tensor<128320x96xf16> {
  ^bb0(%acc: tensor<128320x96xf32>):
    bolt.yield %acc : tensor<128320x96xf32>
  }
  func.return %o : tensor<128320x96xf16>
}

// -----

// A first-stage addend of another shape ([M, 1], a column broadcast) is no residual of the
// result's shape: two kernels.
// CHECK-LABEL:   func.func @first_addend_of_another_shape
// CHECK-NOT:       bolt.b2b
// REMARK: remark: {{.*}}: 'bolt.gemm' not fused back to back with 'bolt.gemm': sm_90a's b2b kernels cannot run it: b2b_gemm_sm90: the first gemm: the epilogue op 'bolt.ew.add' is not one the b2b kernels express (a stage's epilogue is acc, acc + per-channel bias (+ a residual of the result's shape), and an optional activation after them: {{.*}})
func.func @first_addend_of_another_shape(%a: tensor<128320x96xf16>, %w0: tensor<96x32xf16>, %c: tensor<128320x1xf16>, %w1: tensor<32x96xf16>) -> tensor<128320x96xf16> {
  %h = bolt.gemm %a, %w0 extras(%c : tensor<128320x1xf16>) : tensor<128320x96xf16>, tensor<96x32xf16> -> tensor<128320x32xf16> {
  ^bb0(%acc: tensor<128320x32xf32>, %col: tensor<128320x1xf16>):
    %c32 = bolt.ew.cast %col : tensor<128320x1xf16> -> tensor<128320x1xf32>
    %s = bolt.ew.add %acc, %c32 : tensor<128320x32xf32>, tensor<128320x1xf32> -> tensor<128320x32xf32>
    bolt.yield %s : tensor<128320x32xf32>
  }
  %o = bolt.gemm %h, %w1 : tensor<128320x32xf16>, tensor<32x96xf16> -> tensor<128320x96xf16> {
  ^bb0(%acc: tensor<128320x96xf32>):
    bolt.yield %acc : tensor<128320x96xf32>
  }
  func.return %o : tensor<128320x96xf16>
}
