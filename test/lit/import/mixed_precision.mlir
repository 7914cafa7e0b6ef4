// Half-precision torch-mlir exports (test/data/ops/half): named ops with f16/bf16 inputs and an
// f32 accumulator, f32 bias broadcasts, and the extf/truncf generics around them.
// RUN: boltc-opt %data/ops/half/matmul_f16.mlir --print-op-generic | filecheck %s --check-prefix=BODY
// RUN: boltc-opt %data/ops/half/conv2d_nchw_bf16.mlir --print-op-generic | filecheck %s --check-prefix=CONVBODY
// RUN: boltc-opt %data/ops/half/matmul_f16.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=MATMUL
// RUN: boltc-opt %data/ops/half/batch_matmul_bf16.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=BMM
// RUN: boltc-opt %data/ops/half/conv2d_nchw_f16.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=CONV
// RUN: boltc-opt %data/ops/half/conv2d_grouped_f16.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=GROUPED
// RUN: boltc-opt %data/ops/half/conv2d_depthwise_bf16.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=DEPTHWISE
// RUN: boltc-opt %data/ops/half/max_pool2d_f16.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=POOL
// RUN: boltc-opt %data/ops/half/gelu_erf_f16.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=GELU
// RUN: boltc-opt %data/ops/half/gelu_tanh_bf16.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=GELUTANH
// RUN: boltc-opt %data/ops/half/silu_f16.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=SILU
// RUN: boltc %data/ops/half/conv2d_nchw_f16.mlir --emit bolt | filecheck %s --check-prefix=FUSED
// RUN: boltc %data/ops/half/conv2d_nchw_bf16.mlir --emit bolt --precision f32 | filecheck %s --check-prefix=FUSEDF32
// RUN: boltc-opt %s -p import-linalg --split-input-file | filecheck %s

// The hidden body converts each input to the output's element type first, as MLIR defines it.
// BODY:      "linalg.matmul"(%arg0, %{{.+}}, %{{.+}})
// BODY-NEXT: ^bb0(%[[A:.+]]: f16, %[[B:.+]]: f16, %[[ACC:.+]]: f32):
// BODY-NEXT:   %[[XA:.+]] = "arith.extf"(%[[A]]) : (f16) -> f32
// BODY-NEXT:   %[[XB:.+]] = "arith.extf"(%[[B]]) : (f16) -> f32
// BODY-NEXT:   %[[P:.+]] = "arith.mulf"(%[[XA]], %[[XB]])
// BODY-NEXT:   %[[S:.+]] = "arith.addf"(%[[P]], %[[ACC]])
// BODY-NEXT:   "linalg.yield"(%[[S]]) : (f32) -> ()

// CONVBODY:      "linalg.conv_2d_nchw_fchw"
// CONVBODY-NEXT: ^bb0(%{{.+}}: bf16, %{{.+}}: bf16, %{{.+}}: f32):
// CONVBODY-NEXT:   "arith.extf"(%{{.+}}) : (bf16) -> f32
// CONVBODY-NEXT:   "arith.extf"(%{{.+}}) : (bf16) -> f32

// An f16 GEMM with an f32 result is a bolt.gemm as it stands; the truncf is a cast after it.
// MATMUL:      %[[W:.+]] = bolt.constant dense_resource<{{.+}}> : tensor<8x5xf16>
// MATMUL-NEXT: %[[D:.+]] = bolt.gemm %arg0, %[[W]] : tensor<3x8xf16>, tensor<8x5xf16> -> tensor<3x5xf32> {
// MATMUL:      %[[OUT:.+]] = bolt.ew.cast %[[D]] : tensor<3x5xf32> -> tensor<3x5xf16>
// MATMUL-NEXT: func.return %[[OUT]] : tensor<3x5xf16>

// BMM:      %[[D:.+]] = bolt.gemm %arg0, %arg1 : tensor<2x3x8xbf16>, tensor<2x8x5xbf16> -> tensor<2x3x5xf32>
// BMM:      bolt.ew.cast %[[D]] : tensor<2x3x5xf32> -> tensor<2x3x5xbf16>

// The f32 bias broadcast (extf of the f16 bias) is the convolution's init: an f32 add.
// CONV:      %[[B:.+]] = bolt.ew.cast %{{.+}} : tensor<6xf16> -> tensor<6xf32>
// CONV-NEXT: %[[BIAS:.+]] = bolt.broadcast %[[B]] dimensions [0, 2, 3] : tensor<6xf32> -> tensor<2x6x3x3xf32>
// CONV-NEXT: %[[C:.+]] = bolt.conv2d nchw %arg0, %{{.+}} strides [2, 2] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x4x6x6xf16>, tensor<6x4x3x3xf16> -> tensor<2x6x3x3xf32> {
// CONV:      %[[SUM:.+]] = bolt.ew.add %[[C]], %[[BIAS]] : tensor<2x6x3x3xf32>, tensor<2x6x3x3xf32> -> tensor<2x6x3x3xf32>
// CONV-NEXT: bolt.ew.cast %[[SUM]] : tensor<2x6x3x3xf32> -> tensor<2x6x3x3xf16>

// GROUPED: bolt.conv2d nchw %arg0, %{{.+}} strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 2 : tensor<2x4x6x6xf16>, tensor<6x2x3x3xf16> -> tensor<2x6x6x6xf32>

// DEPTHWISE: bolt.conv2d nchw %arg0, %{{.+}} strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 4 : tensor<2x4x6x6xbf16>, tensor<4x1x3x3xbf16> -> tensor<2x4x6x6xf32>

// POOL: bolt.pool2d max nchw %arg0 window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<2x4x6x6xf16> -> tensor<2x4x3x3xf16>

// torch-mlir computes an f16 GELU in f16, with sqrt(2) computed in the body (math.sqrt of 2.0).
// GELU:     bolt.ew.gelu erf %arg0 : tensor<2x4x6xf16> -> tensor<2x4x6xf16>
// GELU-NOT: bolt.ew.erf
// bf16 rounds 0.044715 and sqrt(2/pi): the constants match within bf16's rounding.
// GELUTANH:     bolt.ew.gelu tanh %arg0 : tensor<2x4x6xbf16> -> tensor<2x4x6xbf16>
// GELUTANH-NOT: bolt.ew.tanh
// SiLU is computed in f32 between an extf and a truncf: raised inside them.
// SILU:      %[[X:.+]] = bolt.ew.cast %arg0 : tensor<2x4x6xf16> -> tensor<2x4x6xf32>
// SILU-NEXT: %[[Y:.+]] = bolt.ew.silu %[[X]] : tensor<2x4x6xf32> -> tensor<2x4x6xf32>
// SILU-NEXT: bolt.ew.cast %[[Y]] : tensor<2x4x6xf32> -> tensor<2x4x6xf16>

// Through the pipeline the bias is fused into the epilogue and the truncf becomes the
// convolution's f16 result type: one kernel, no cast kernel.
// FUSED:     bolt.conv2d nhwc {{.+}} -> tensor<2x3x3x8xf16> {
// FUSED:       bolt.ew.add
// FUSED-NEXT:  bolt.yield
// FUSED-NOT: bolt.ew.cast %{{.+}} : tensor<2x3x3x8xf32>
// FUSED-NOT: bolt.ew.add
// The same at f32 compute precision (the truncf is a rounding the epilogue's store does anyway).
// Its 3x3/2 convolution on 4 channels is an image stem to space-to-depth: a 2x2 window on the
// input folded into 16 channels, its two columns into 32: a 2x1 window.
// FUSEDF32:     bolt.conv2d nhwc {{.+}}xbf16>, tensor<8x2x1x32xbf16> -> tensor<2x3x3x8xbf16> {
// FUSEDF32-NOT: bolt.ew.cast %{{.+}} -> tensor<2x3x3x8xbf16>

// A matmul of f32 operands into an f16 output converts its operands to f16 (linalg's rule).
// CHECK-LABEL: func.func @narrowing
// CHECK:       %[[A:.+]] = bolt.ew.cast %a : tensor<3x8xf32> -> tensor<3x8xf16>
// CHECK-NEXT:  %[[B:.+]] = bolt.ew.cast %b : tensor<8x5xf32> -> tensor<8x5xf16>
// CHECK-NEXT:  bolt.gemm %[[A]], %[[B]] : tensor<3x8xf16>, tensor<8x5xf16> -> tensor<3x5xf16>
func.func @narrowing(%a: tensor<3x8xf32>, %b: tensor<8x5xf32>) -> tensor<3x5xf16> {
  %z = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<3x5xf16>
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<3x5xf16>) -> tensor<3x5xf16>
  %0 = linalg.matmul ins(%a, %b : tensor<3x8xf32>, tensor<8x5xf32>) outs(%f : tensor<3x5xf16>) -> tensor<3x5xf16>
  func.return %0 : tensor<3x5xf16>
}

// -----

// f16 x bf16 into f32: both widen (exactly) to f32, as the op converts them.
// CHECK-LABEL: func.func @two_half_types
// CHECK:       %[[A:.+]] = bolt.ew.cast %a : tensor<3x8xf16> -> tensor<3x8xf32>
// CHECK-NEXT:  %[[B:.+]] = bolt.ew.cast %b : tensor<8x5xbf16> -> tensor<8x5xf32>
// CHECK-NEXT:  bolt.gemm %[[A]], %[[B]] : tensor<3x8xf32>, tensor<8x5xf32> -> tensor<3x5xf32>
func.func @two_half_types(%a: tensor<3x8xf16>, %b: tensor<8x5xbf16>) -> tensor<3x5xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x5xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x5xf32>) -> tensor<3x5xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<3x8xf16>, tensor<8x5xbf16>) outs(%f : tensor<3x5xf32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

// A bf16 max pool into an f32 output: the input widens first.
// CHECK-LABEL: func.func @pool_widens
// CHECK:       %[[X:.+]] = bolt.ew.cast %x : tensor<1x2x4x4xbf16> -> tensor<1x2x4x4xf32>
// CHECK-NEXT:  bolt.pool2d max nchw %[[X]] window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x2x4x4xf32> -> tensor<1x2x2x2xf32>
func.func @pool_widens(%x: tensor<1x2x4x4xbf16>) -> tensor<1x2x2x2xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %w = tensor.empty() : tensor<2x2xbf16>
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %0 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xbf16>, tensor<2x2xbf16>) outs(%f : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  func.return %0 : tensor<1x2x2x2xf32>
}
