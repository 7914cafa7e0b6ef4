// What fuse-b2b fuses: two anchors back to back, each with its own epilogue, the
// intermediate used once, into one bolt.b2b whose residence the target decides.
// RUN: boltc-opt %s -p 'fuse-b2b{kernels=false}' --split-input-file | filecheck %s --check-prefixes=CHECK,SM90
// On sm_80 only the first is something CUTLASS example 13's templates run (sm80-template.mlir
// has what they do): the others stay two kernels, and the remark names the template's limit.
// RUN: boltc-opt %s -p 'fuse-b2b{arch=sm_80 remarks=true}' --split-input-file 2>&1 | filecheck %s --check-prefix=SM80

// N0 = N1 = 128 in f16: one CTA tile N each. Whole rows per warp need 64 + 64 + 32 = 160
// registers per thread: within sm_90a's budget (registers), over sm_80's (shared memory).
// The b2b takes both anchors' operands except the intermediate, each once (%a feeds both).
// CHECK-LABEL: func.func @gemm_gemm_f16
// CHECK-SAME:    (%[[A:[a-z0-9_]+]]: tensor<4096x64xf16>, %[[W0:[a-z0-9_]+]]: tensor<64x128xf16>, %[[B0:[a-z0-9_]+]]: tensor<128xf16>, %[[W1:[a-z0-9_]+]]: tensor<128x128xf16>, %[[R:[a-z0-9_]+]]: tensor<4096x128xf16>)
// SM90-NEXT:     %[[D:[a-z0-9_]+]] = bolt.b2b registers(%[[A]], %[[W0]], %[[B0]], %[[W1]], %[[R]]) {bolt.fusion_reason = "the cost model predicts {{[0-9.]+}} us fused against {{[0-9.]+}} us for the two kernels on sm_90a"} : (tensor<4096x64xf16>, tensor<64x128xf16>, tensor<128xf16>, tensor<128x128xf16>, tensor<4096x128xf16>) -> tensor<4096x128xf16> {
// On sm_80 example 13's B2bGemm adds the residual as its second stage's C (shared memory: N1 = 128).
// SM80: remark: {{.*}}fuse.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.gemm' fused back to back with 'bolt.gemm': the performance model (a100_sxm) predicts {{[0-9.]+}} us fused on b2b_gemm_sm80
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[X:[a-z0-9_]+]]: tensor<4096x64xf16>, %[[F0:[a-z0-9_]+]]: tensor<64x128xf16>, %[[C0:[a-z0-9_]+]]: tensor<128xf16>, %[[F1:[a-z0-9_]+]]: tensor<128x128xf16>, %[[RES:[a-z0-9_]+]]: tensor<4096x128xf16>):
// CHECK-NEXT:      %[[H:[a-z0-9_]+]] = bolt.gemm %[[X]], %[[F0]] extras(%[[C0]] : tensor<128xf16>) : tensor<4096x64xf16>, tensor<64x128xf16> -> tensor<4096x128xf16> {
// CHECK:             bolt.ew.relu
// CHECK-NEXT:        bolt.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[O:[a-z0-9_]+]] = bolt.gemm %[[H]], %[[F1]] extras(%[[RES]] : tensor<4096x128xf16>) : tensor<4096x128xf16>, tensor<128x128xf16> -> tensor<4096x128xf16> {
// CHECK:             bolt.ew.add
// CHECK-NEXT:        bolt.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      bolt.yield %[[O]] : tensor<4096x128xf16>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[D]] : tensor<4096x128xf16>
func.func @gemm_gemm_f16(%a: tensor<4096x64xf16>, %w0: tensor<64x128xf16>, %b0: tensor<128xf16>, %w1: tensor<128x128xf16>, %r: tensor<4096x128xf16>) -> tensor<4096x128xf16> {
  %h = bolt.gemm %a, %w0 extras(%b0 : tensor<128xf16>) : tensor<4096x64xf16>, tensor<64x128xf16> -> tensor<4096x128xf16> {
  ^bb0(%acc: tensor<4096x128xf32>, %b: tensor<128xf16>):
    %b32 = bolt.ew.cast %b : tensor<128xf16> -> tensor<128xf32>
    %s = bolt.ew.add %acc, %b32 : tensor<4096x128xf32>, tensor<128xf32> -> tensor<4096x128xf32>
    %y = bolt.ew.relu %s : tensor<4096x128xf32> -> tensor<4096x128xf32>
    bolt.yield %y : tensor<4096x128xf32>
  }
  %o = bolt.gemm %h, %w1 extras(%r : tensor<4096x128xf16>) : tensor<4096x128xf16>, tensor<128x128xf16> -> tensor<4096x128xf16> {
  ^bb0(%acc: tensor<4096x128xf32>, %res: tensor<4096x128xf16>):
    %r32 = bolt.ew.cast %res : tensor<4096x128xf16> -> tensor<4096x128xf32>
    %s = bolt.ew.add %acc, %r32 : tensor<4096x128xf32>, tensor<4096x128xf32> -> tensor<4096x128xf32>
    bolt.yield %s : tensor<4096x128xf32>
  }
  func.return %o : tensor<4096x128xf16>
}

// -----

// N0 = 256 is the widest CTA tile N: legal, but whole rows per warp would need 128 + 32 + 64
// = 224 registers per thread, so the product is staged in shared memory (sm_90a; on sm_80 the cost model would too)
// (a 64 x 256 f16 tile, 32 KiB, beside the operand stages).
// CHECK-LABEL: func.func @wide_intermediate
// SM80: cannot run it: the first gemm's epilogue is gelu_tanh(acc); example 13's first stage always reads a per-channel bias vector
// CHECK:         bolt.b2b shared_memory
// CHECK-COUNT-2:   bolt.gemm
// CHECK-NOT:     bolt.gemm
func.func @wide_intermediate(%a: tensor<16384x64xf16>, %w0: tensor<64x256xf16>, %w1: tensor<256x64xf16>) -> tensor<16384x64xf16> {
  %h = bolt.gemm %a, %w0 : tensor<16384x64xf16>, tensor<64x256xf16> -> tensor<16384x256xf16> {
  ^bb0(%acc: tensor<16384x256xf32>):
    %y = bolt.ew.gelu tanh %acc : tensor<16384x256xf32> -> tensor<16384x256xf32>
    bolt.yield %y : tensor<16384x256xf32>
  }
  %o = bolt.gemm %h, %w1 : tensor<16384x256xf16>, tensor<256x64xf16> -> tensor<16384x64xf16> {
  ^bb0(%acc: tensor<16384x64xf32>):
    bolt.yield %acc : tensor<16384x64xf32>
  }
  func.return %o : tensor<16384x64xf16>
}

// -----

// A 3x3 convolution then a 1x1, stride-1, unpadded one (NHWC, as layout-nhwc leaves them):
// M = N*P*Q = 2*56*56, N0 = N1 = 64 channels, registers (sm_90a; sm_80's template needs a first-stage bias).
// CHECK-LABEL: func.func @conv3x3_conv1x1
// SM80: 'bolt.conv2d' not fused back to back with 'bolt.conv2d': sm_80's b2b kernels cannot run it: b2b_conv_direct: the first convolution's input is not a model input's space-to-depth fold {{.*}}; CUTLASS example 13: the first convolution's epilogue is relu(acc)
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<2x56x56x64xf16>, %[[F0:[a-z0-9_]+]]: tensor<64x3x3x64xf16>, %[[F1:[a-z0-9_]+]]: tensor<64x1x1x64xf16>)
// CHECK-NEXT:    %[[Y:[a-z0-9_]+]] = bolt.b2b registers(%[[X]], %[[F0]], %[[F1]])
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[I:[a-z0-9_]+]]: tensor<2x56x56x64xf16>, %[[G0:[a-z0-9_]+]]: tensor<64x3x3x64xf16>, %[[G1:[a-z0-9_]+]]: tensor<64x1x1x64xf16>):
// CHECK-NEXT:      %[[H:[a-z0-9_]+]] = bolt.conv2d nhwc %[[I]], %[[G0]] strides [1, 1] padding [1, 1, 1, 1]
// CHECK:           bolt.ew.relu
// CHECK:           %[[O:[a-z0-9_]+]] = bolt.conv2d nhwc %[[H]], %[[G1]] strides [1, 1] padding [0, 0, 0, 0]
// CHECK:           bolt.ew.relu
// CHECK:           bolt.yield %[[O]]
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[Y]]
func.func @conv3x3_conv1x1(%x: tensor<2x56x56x64xf16>, %f0: tensor<64x3x3x64xf16>, %f1: tensor<64x1x1x64xf16>) -> tensor<2x56x56x64xf16> {
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

// Three GEMMs in a row: the first two fuse, the third reads the b2b's result and stays a
// kernel of its own (a b2b pairs two anchors).
// CHECK-LABEL: func.func @three_in_a_row
// SM80: cannot run it: the first gemm's epilogue is acc;
// CHECK:         %[[D:[a-z0-9_]+]] = bolt.b2b registers
// CHECK-COUNT-2:   bolt.gemm
// CHECK:           bolt.yield %{{[a-z0-9_]+}} : tensor<1024x32xf16>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[E:[a-z0-9_]+]] = bolt.gemm %[[D]]
// CHECK:         func.return %[[E]]
func.func @three_in_a_row(%a: tensor<1024x32xf16>, %w0: tensor<32x32xf16>, %w1: tensor<32x32xf16>, %w2: tensor<32x32xf16>) -> tensor<1024x32xf16> {
  %h = bolt.gemm %a, %w0 : tensor<1024x32xf16>, tensor<32x32xf16> -> tensor<1024x32xf16> {
  ^bb0(%acc: tensor<1024x32xf32>):
    bolt.yield %acc : tensor<1024x32xf32>
  }
  %o = bolt.gemm %h, %w1 : tensor<1024x32xf16>, tensor<32x32xf16> -> tensor<1024x32xf16> {
  ^bb0(%acc: tensor<1024x32xf32>):
    bolt.yield %acc : tensor<1024x32xf32>
  }
  %p = bolt.gemm %o, %w2 : tensor<1024x32xf16>, tensor<32x32xf16> -> tensor<1024x32xf16> {
  ^bb0(%acc: tensor<1024x32xf32>):
    bolt.yield %acc : tensor<1024x32xf32>
  }
  func.return %p : tensor<1024x32xf16>
}

// -----

// Batched, with per-batch weights for the second GEMM (transposed, which is only a layout).
// CHECK-LABEL: func.func @batched
// SM80: cannot run it: the second gemm has a batched rhs
// CHECK:         bolt.b2b registers
// CHECK:           bolt.gemm
// CHECK:           bolt.gemm %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} {transpose_b}
func.func @batched(%a: tensor<8x512x64xf16>, %w0: tensor<64x64xf16>, %w1: tensor<8x32x64xf16>) -> tensor<8x512x32xf16> {
  %h = bolt.gemm %a, %w0 : tensor<8x512x64xf16>, tensor<64x64xf16> -> tensor<8x512x64xf16> {
  ^bb0(%acc: tensor<8x512x64xf32>):
    bolt.yield %acc : tensor<8x512x64xf32>
  }
  %o = bolt.gemm %h, %w1 {transpose_b} : tensor<8x512x64xf16>, tensor<8x32x64xf16> -> tensor<8x512x32xf16> {
  ^bb0(%acc: tensor<8x512x32xf32>):
    bolt.yield %acc : tensor<8x512x32xf32>
  }
  func.return %o : tensor<8x512x32xf16>
}
