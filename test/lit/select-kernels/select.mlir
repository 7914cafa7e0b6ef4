// select-kernels writes the heuristic's #bolt.kernel and its reason on every GEMM and
// convolution that has none; a user's #bolt.kernel is kept; other ops are not touched.
// RUN: boltc-opt %s -p 'select-kernels{arch=sm_90a}' --split-input-file | filecheck %s
// RUN: boltc-opt %s -p 'select-kernels{arch=sm_80 remarks=true}' --split-input-file 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// RUN: not boltc-opt %s -p 'select-kernels{tune=fast}' 2>&1 | filecheck %s --check-prefix=BADTUNE

// A large GEMM: 128x256 cooperative tiles, a 2x1 cluster, as many stages as fit.
// CHECK-LABEL: func.func @gemm
// CHECK: bolt.gemm {{.*}}{bolt.kernel_reason = "heuristic: {{.*}}", kernel = #bolt.kernel<"gemm_sm90", tile [128, 256, 64], cluster [2, 1, 1], stages auto, "cooperative">}
// REMARK: remark: {{.*}}: 'bolt.gemm' runs on #bolt.kernel<"gemm_sm80", {{.*}}>: heuristic: {{.+}}
func.func @gemm(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<4096x4096xf16> {
  %d = bolt.gemm %a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16> -> tensor<4096x4096xf16> {
  ^bb0(%acc: tensor<4096x4096xf32>):
    bolt.yield %acc : tensor<4096x4096xf32>
  }
  func.return %d : tensor<4096x4096xf16>
}

// -----

// D rows of 4 f16 (8 bytes) with a fused ReLU: gemm_sm90's epilogue visitor tree needs the TMA
// store's 16-byte rows, so the heuristic falls back to the CUTLASS 2.x family, which runs on
// sm_90a too, and says why.
// CHECK-LABEL: func.func @narrow_rows_with_an_epilogue
// CHECK: bolt.gemm {{.*}}{bolt.kernel_reason = "gemm_sm90 refused: {{.*}}D is stored 4 x f16 = 8 bytes at a time{{.*}}; heuristic: {{.*}}", kernel = #bolt.kernel<"gemm_sm80", {{.*}}>}
// On sm_80 the CUTLASS 2.x family is the target's own: no refusal to report.
// REMARK: remark: {{.*}}select.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.gemm' runs on #bolt.kernel<"gemm_sm80", {{.*}}>: heuristic: too small
func.func @narrow_rows_with_an_epilogue(%a: tensor<2464x8xf16>, %b: tensor<8x4xf16>) -> tensor<2464x4xf16> {
  %d = bolt.gemm %a, %b : tensor<2464x8xf16>, tensor<8x4xf16> -> tensor<2464x4xf16> {
  ^bb0(%acc: tensor<2464x4xf32>):
    %r = bolt.ew.relu %acc : tensor<2464x4xf32> -> tensor<2464x4xf32>
    bolt.yield %r : tensor<2464x4xf32>
  }
  func.return %d : tensor<2464x4xf16>
}

// -----

// A user's #bolt.kernel is kept as written, with no reason beside it.
// CHECK-LABEL: func.func @user_kernel
// CHECK: bolt.gemm {{.*}}{kernel = #bolt.kernel<"gemm_sm90", tile [64, 64, 64], cluster [1, 1, 1], stages 4, "pingpong">}
// CHECK-NOT: bolt.kernel_reason
// REMARK-NOT: remark
func.func @user_kernel(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>) -> tensor<64x64xf16> {
  %d = bolt.gemm %a, %b {kernel = #bolt.kernel<"gemm_sm90", tile [64, 64, 64], cluster [1, 1, 1], stages 4, "pingpong">} : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16> {
  ^bb0(%acc: tensor<64x64xf32>):
    bolt.yield %acc : tensor<64x64xf32>
  }
  func.return %d : tensor<64x64xf16>
}

// -----

// Not an anchor: nothing is chosen.
// CHECK-LABEL: func.func @no_anchor
// CHECK-NOT: #bolt.kernel
// CHECK-NOT: bolt.kernel_reason
func.func @no_anchor(%x: tensor<8x16xf16>) -> tensor<8x16xf16> {
  %y = bolt.ew.relu %x : tensor<8x16xf16> -> tensor<8x16xf16>
  func.return %y : tensor<8x16xf16>
}

// BADTUNE: select-kernels: unknown tune='fast' (choose from heuristic, model, profile)

// -----

// The stages of a bolt.b2b are the b2b kernel's: its plan fixes their tiles, so neither gets one.
// CHECK-LABEL: func.func @b2b_stages
// CHECK: bolt.b2b registers
// CHECK-NOT: bolt.kernel
// CHECK: func.return
// REMARK-NOT: remark
func.func @b2b_stages(%a: tensor<4096x64xf16>, %w0: tensor<64x64xf16>, %w1: tensor<64x64xf16>) -> tensor<4096x64xf16> {
  %y = bolt.b2b registers (%a, %w0, %w1) : (tensor<4096x64xf16>, tensor<64x64xf16>, tensor<64x64xf16>) -> tensor<4096x64xf16> {
  ^bb0(%i: tensor<4096x64xf16>, %f0: tensor<64x64xf16>, %f1: tensor<64x64xf16>):
    %h = bolt.gemm %i, %f0 : tensor<4096x64xf16>, tensor<64x64xf16> -> tensor<4096x64xf16> {
    ^bb0(%acc: tensor<4096x64xf32>):
      %r = bolt.ew.relu %acc : tensor<4096x64xf32> -> tensor<4096x64xf32>
      bolt.yield %r : tensor<4096x64xf32>
    }
    %o = bolt.gemm %h, %f1 : tensor<4096x64xf16>, tensor<64x64xf16> -> tensor<4096x64xf16> {
    ^bb0(%acc: tensor<4096x64xf32>):
      bolt.yield %acc : tensor<4096x64xf32>
    }
    bolt.yield %o : tensor<4096x64xf16>
  }
  func.return %y : tensor<4096x64xf16>
}

