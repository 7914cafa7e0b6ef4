// merge-residual-gemms: a GEMM whose epilogue adds another GEMM's result over the same rows
// becomes one GEMM over the two A operands concatenated along K and the two filters joined;
// the residual GEMM's bias moves into the merged epilogue, its rounding to f16 is gone.
// RUN: boltc-opt %s -p merge-residual-gemms,bolt-canonicalize --split-input-file | filecheck %s

// ResNet's first bottleneck: the 1x1 shortcut (64 -> 256, with its bias) added to the block's
// last 1x1 (64 -> 256, bias, relu after the add). N = 256 > K1 + K2 = 128.
// CHECK-LABEL: func.func @bottleneck
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<64x64xf16>, %[[S:[a-z0-9_]+]]: tensor<64x64xf16>, %[[B1:[a-z0-9_]+]]: tensor<256xf16>, %[[B2:[a-z0-9_]+]]: tensor<256xf16>)
// CHECK-NEXT:    %[[W:[a-z0-9_]+]] = bolt.constant {{.*}} : tensor<256x128xf16>
// CHECK-NEXT:    %[[A:[a-z0-9_]+]] = bolt.concat %[[X]], %[[S]] dim 1 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x128xf16>
// CHECK-NEXT:    %[[Y:[a-z0-9_]+]] = bolt.gemm %[[A]], %[[W]] extras(%[[B2]], %[[B1]] : tensor<256xf16>, tensor<256xf16>) {transpose_b} : tensor<64x128xf16>, tensor<256x128xf16> -> tensor<64x256xf16> {
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<64x256xf32>, %[[C2:[a-z0-9_]+]]: tensor<256xf16>, %[[C1:[a-z0-9_]+]]: tensor<256xf16>):
// CHECK-NEXT:      %[[F1:[a-z0-9_]+]] = bolt.ew.cast %[[C1]] : tensor<256xf16> -> tensor<256xf32>
// CHECK-NEXT:      %[[F2:[a-z0-9_]+]] = bolt.ew.cast %[[C2]] : tensor<256xf16> -> tensor<256xf32>
// CHECK-NEXT:      %[[T:[a-z0-9_]+]] = bolt.ew.add %[[ACC]], %[[F2]]
// CHECK-NEXT:      %[[U:[a-z0-9_]+]] = bolt.ew.add %[[T]], %[[F1]]
// CHECK-NEXT:      %[[R:[a-z0-9_]+]] = bolt.ew.relu %[[U]]
// CHECK-NEXT:      bolt.yield %[[R]]
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[Y]] : tensor<64x256xf16>
// CHECK-NOT:     bolt.gemm
func.func @bottleneck(%x: tensor<64x64xf16>, %s: tensor<64x64xf16>, %b1: tensor<256xf16>, %b2: tensor<256xf16>) -> tensor<64x256xf16> {
  %w1 = bolt.constant dense<2.500000e-01> : tensor<256x64xf16>
  %r = bolt.gemm %s, %w1 extras(%b1 : tensor<256xf16>) {transpose_b} : tensor<64x64xf16>, tensor<256x64xf16> -> tensor<64x256xf16> {
  ^bb0(%acc: tensor<64x256xf32>, %b: tensor<256xf16>):
    %bf = bolt.ew.cast %b : tensor<256xf16> -> tensor<256xf32>
    %o = bolt.ew.add %acc, %bf : tensor<64x256xf32>, tensor<256xf32> -> tensor<64x256xf32>
    bolt.yield %o : tensor<64x256xf32>
  }
  %w2 = bolt.constant dense<5.000000e-01> : tensor<256x64xf16>
  %y = bolt.gemm %x, %w2 extras(%b2, %r : tensor<256xf16>, tensor<64x256xf16>) {transpose_b} : tensor<64x64xf16>, tensor<256x64xf16> -> tensor<64x256xf16> {
  ^bb0(%acc: tensor<64x256xf32>, %b: tensor<256xf16>, %res: tensor<64x256xf16>):
    %bf = bolt.ew.cast %b : tensor<256xf16> -> tensor<256xf32>
    %t = bolt.ew.add %acc, %bf : tensor<64x256xf32>, tensor<256xf32> -> tensor<64x256xf32>
    %rf = bolt.ew.cast %res : tensor<64x256xf16> -> tensor<64x256xf32>
    %u = bolt.ew.add %t, %rf : tensor<64x256xf32>, tensor<64x256xf32> -> tensor<64x256xf32>
    %v = bolt.ew.relu %u : tensor<64x256xf32> -> tensor<64x256xf32>
    bolt.yield %v : tensor<64x256xf32>
  }
  func.return %y : tensor<64x256xf16>
}

// -----

// A plain residual GEMM (no bias) and a B not transposed: the residual's add is dropped, the
// filters are joined as N x K.
// CHECK-LABEL: func.func @plain
// CHECK:         bolt.constant {{.*}} : tensor<48x24xf16>
// CHECK:         %[[A:[a-z0-9_]+]] = bolt.concat %{{.+}}, %{{.+}} dim 1 : tensor<32x16xf16>, tensor<32x8xf16> -> tensor<32x24xf16>
// CHECK:         bolt.gemm %[[A]], %{{.+}} {transpose_b} : tensor<32x24xf16>, tensor<48x24xf16> -> tensor<32x48xf16> {
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<32x48xf32>):
// CHECK-NEXT:      %[[R:[a-z0-9_]+]] = bolt.ew.relu %[[ACC]]
// CHECK-NEXT:      bolt.yield %[[R]]
// CHECK-NOT:     bolt.gemm
func.func @plain(%x: tensor<32x16xf16>, %s: tensor<32x8xf16>) -> tensor<32x48xf16> {
  %w1 = bolt.constant dense<1.000000e+00> : tensor<8x48xf16>
  %r = bolt.gemm %s, %w1 : tensor<32x8xf16>, tensor<8x48xf16> -> tensor<32x48xf16> {
  ^bb0(%acc: tensor<32x48xf32>):
    bolt.yield %acc : tensor<32x48xf32>
  }
  %w2 = bolt.constant dense<1.000000e+00> : tensor<48x16xf16>
  %y = bolt.gemm %x, %w2 extras(%r : tensor<32x48xf16>) {transpose_b} : tensor<32x16xf16>, tensor<48x16xf16> -> tensor<32x48xf16> {
  ^bb0(%acc: tensor<32x48xf32>, %res: tensor<32x48xf16>):
    %rf = bolt.ew.cast %res : tensor<32x48xf16> -> tensor<32x48xf32>
    %u = bolt.ew.add %acc, %rf : tensor<32x48xf32>, tensor<32x48xf32> -> tensor<32x48xf32>
    %v = bolt.ew.relu %u : tensor<32x48xf32> -> tensor<32x48xf32>
    bolt.yield %v : tensor<32x48xf32>
  }
  func.return %y : tensor<32x48xf16>
}

// -----

// Constant biases on both sides (batch-norm folded into each convolution): they become one
// bias, b1 + b2 = 0.75 + 0.5, so the merged epilogue is a plain bias + relu.
// CHECK-LABEL: func.func @constant_biases
// CHECK:         %[[J:[a-z0-9_]+]] = bolt.constant dense<1.250000e+00> : tensor<48xf16>
// CHECK:         bolt.gemm %{{.+}}, %{{.+}} extras(%[[J]] : tensor<48xf16>) {transpose_b} : tensor<32x24xf16>, tensor<48x24xf16> -> tensor<32x48xf16> {
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<32x48xf32>, %[[B:[a-z0-9_]+]]: tensor<48xf16>):
// CHECK-NEXT:      %[[F:[a-z0-9_]+]] = bolt.ew.cast %[[B]]
// CHECK-NEXT:      %[[T:[a-z0-9_]+]] = bolt.ew.add %[[ACC]], %[[F]]
// CHECK-NEXT:      %[[R:[a-z0-9_]+]] = bolt.ew.relu %[[T]]
// CHECK-NEXT:      bolt.yield %[[R]]
// CHECK-NOT:     bolt.gemm
func.func @constant_biases(%x: tensor<32x16xf16>, %s: tensor<32x8xf16>) -> tensor<32x48xf16> {
  %w1 = bolt.constant dense<1.000000e+00> : tensor<48x8xf16>
  %b1 = bolt.constant dense<7.500000e-01> : tensor<48xf16>
  %r = bolt.gemm %s, %w1 extras(%b1 : tensor<48xf16>) {transpose_b} : tensor<32x8xf16>, tensor<48x8xf16> -> tensor<32x48xf16> {
  ^bb0(%acc: tensor<32x48xf32>, %b: tensor<48xf16>):
    %bf = bolt.ew.cast %b : tensor<48xf16> -> tensor<48xf32>
    %o = bolt.ew.add %acc, %bf : tensor<32x48xf32>, tensor<48xf32> -> tensor<32x48xf32>
    bolt.yield %o : tensor<32x48xf32>
  }
  %w2 = bolt.constant dense<1.000000e+00> : tensor<48x16xf16>
  %b2 = bolt.constant dense<5.000000e-01> : tensor<48xf16>
  %y = bolt.gemm %x, %w2 extras(%b2, %r : tensor<48xf16>, tensor<32x48xf16>) {transpose_b} : tensor<32x16xf16>, tensor<48x16xf16> -> tensor<32x48xf16> {
  ^bb0(%acc: tensor<32x48xf32>, %b: tensor<48xf16>, %res: tensor<32x48xf16>):
    %bf = bolt.ew.cast %b : tensor<48xf16> -> tensor<48xf32>
    %t = bolt.ew.add %acc, %bf : tensor<32x48xf32>, tensor<48xf32> -> tensor<32x48xf32>
    %rf = bolt.ew.cast %res : tensor<32x48xf16> -> tensor<32x48xf32>
    %u = bolt.ew.add %t, %rf : tensor<32x48xf32>, tensor<32x48xf32> -> tensor<32x48xf32>
    %v = bolt.ew.relu %u : tensor<32x48xf32> -> tensor<32x48xf32>
    bolt.yield %v : tensor<32x48xf32>
  }
  func.return %y : tensor<32x48xf16>
}
