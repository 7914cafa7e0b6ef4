// RUN: boltc-opt %s -p fuse-attention --split-input-file | filecheck %s

// BERT's attention as the torch front end imports it (after convert-precision): QKV projection
// reshaped to [B, S, 3, H, D], three slice + transpose copies, the scores' scale as a separate
// multiply, softmax, and O transposed back to [B, S, H, D]. One op reads the packed tensor and
// writes interleaved heads: every copy, product and the softmax go.
// CHECK-LABEL: func.func @bert_packed_qkv
// CHECK-NEXT:    %[[P:.+]] = bolt.reshape %qkv : tensor<32x48xf16> -> tensor<2x16x3x2x8xf16>
// CHECK-NEXT:    %[[O:.+]] = bolt.attention %[[P]], %[[P]], %[[P]] scale 0.353515625 layout bs3hd -> bshd : tensor<2x16x3x2x8xf16>, tensor<2x16x3x2x8xf16>, tensor<2x16x3x2x8xf16> -> tensor<2x16x2x8xf16>
// CHECK-NEXT:    %[[R:.+]] = bolt.reshape %[[O]] : tensor<2x16x2x8xf16> -> tensor<32x16xf16>
// CHECK-NEXT:    func.return %[[R]] : tensor<32x16xf16>
func.func @bert_packed_qkv(%qkv: tensor<32x48xf16>) -> tensor<32x16xf16> {
  %0 = bolt.reshape %qkv : tensor<32x48xf16> -> tensor<2x16x3x2x8xf16>
  %1 = bolt.slice %0 offsets [0, 0, 0, 0, 0] strides [1, 1, 1, 1, 1] : tensor<2x16x3x2x8xf16> -> tensor<2x16x1x2x8xf16>
  %2 = bolt.transpose %1 permutation [2, 0, 3, 1, 4] : tensor<2x16x1x2x8xf16> -> tensor<1x2x2x16x8xf16>
  %3 = bolt.slice %0 offsets [0, 0, 1, 0, 0] strides [1, 1, 1, 1, 1] : tensor<2x16x3x2x8xf16> -> tensor<2x16x1x2x8xf16>
  %4 = bolt.transpose %3 permutation [2, 0, 3, 1, 4] : tensor<2x16x1x2x8xf16> -> tensor<1x2x2x16x8xf16>
  %5 = bolt.slice %0 offsets [0, 0, 2, 0, 0] strides [1, 1, 1, 1, 1] : tensor<2x16x3x2x8xf16> -> tensor<2x16x1x2x8xf16>
  %6 = bolt.transpose %5 permutation [2, 0, 3, 1, 4] : tensor<2x16x1x2x8xf16> -> tensor<1x2x2x16x8xf16>
  %q = bolt.reshape %2 : tensor<1x2x2x16x8xf16> -> tensor<4x16x8xf16>
  %k = bolt.reshape %4 : tensor<1x2x2x16x8xf16> -> tensor<4x16x8xf16>
  %s = bolt.gemm %q, %k {transpose_b} : tensor<4x16x8xf16>, tensor<4x16x8xf16> -> tensor<4x16x16xf16> {
  ^bb0(%acc: tensor<4x16x16xf32>):
    bolt.yield %acc : tensor<4x16x16xf32>
  }
  %s4 = bolt.reshape %s : tensor<4x16x16xf16> -> tensor<2x2x16x16xf16>
  %c = bolt.constant dense<3.535160e-01> : tensor<f16>
  %t = bolt.ew.mul %s4, %c : tensor<2x2x16x16xf16>, tensor<f16> -> tensor<2x2x16x16xf16>
  %p = bolt.softmax %t axis 3 : tensor<2x2x16x16xf16> -> tensor<2x2x16x16xf16>
  %p3 = bolt.reshape %p : tensor<2x2x16x16xf16> -> tensor<4x16x16xf16>
  %v = bolt.reshape %6 : tensor<1x2x2x16x8xf16> -> tensor<4x16x8xf16>
  %o = bolt.gemm %p3, %v : tensor<4x16x16xf16>, tensor<4x16x8xf16> -> tensor<4x16x8xf16> {
  ^bb0(%acc: tensor<4x16x8xf32>):
    bolt.yield %acc : tensor<4x16x8xf32>
  }
  %o4 = bolt.reshape %o : tensor<4x16x8xf16> -> tensor<2x2x16x8xf16>
  %ot = bolt.transpose %o4 permutation [0, 2, 1, 3] : tensor<2x2x16x8xf16> -> tensor<2x16x2x8xf16>
  %r = bolt.reshape %ot : tensor<2x16x2x8xf16> -> tensor<32x16xf16>
  func.return %r : tensor<32x16xf16>
}

// -----

// torch-mlir's linalg form (test/data/attention_block.mlir, one head): K^T as a transpose of K,
// rank-3 products, O used as [B, S, D]: bhsd both ways, the transpose of K gone.
// CHECK-LABEL: func.func @linalg_single_head
// CHECK-NEXT:    %[[O:.+]] = bolt.attention %q, %k, %v scale 0.1767766922712326 layout bhsd -> bhsd : tensor<2x8x32xf32>, tensor<2x8x32xf32>, tensor<2x8x32xf32> -> tensor<2x8x32xf32>
// CHECK-NEXT:    func.return %[[O]] : tensor<2x8x32xf32>
func.func @linalg_single_head(%q: tensor<2x8x32xf32>, %k: tensor<2x8x32xf32>, %v: tensor<2x8x32xf32>) -> tensor<2x8x32xf32> {
  %kt = bolt.transpose %k permutation [0, 2, 1] : tensor<2x8x32xf32> -> tensor<2x32x8xf32>
  %s = bolt.gemm %q, %kt : tensor<2x8x32xf32>, tensor<2x32x8xf32> -> tensor<2x8x8xf32> {
  ^bb0(%acc: tensor<2x8x8xf32>):
    bolt.yield %acc : tensor<2x8x8xf32>
  }
  %c = bolt.constant dense<0.176776692> : tensor<f32>
  %t = bolt.ew.mul %s, %c : tensor<2x8x8xf32>, tensor<f32> -> tensor<2x8x8xf32>
  %p = bolt.softmax %t axis 2 : tensor<2x8x8xf32> -> tensor<2x8x8xf32>
  %o = bolt.gemm %p, %v : tensor<2x8x8xf32>, tensor<2x8x32xf32> -> tensor<2x8x32xf32> {
  ^bb0(%acc: tensor<2x8x32xf32>):
    bolt.yield %acc : tensor<2x8x32xf32>
  }
  func.return %o : tensor<2x8x32xf32>
}

// -----

// convert-precision keeps a softmax in f32 between casts: the op's f32 softmax and its
// rounding of the probabilities to f16 are exactly those casts.
// CHECK-LABEL: func.func @f32_softmax_island
// CHECK-NEXT:    %[[O:.+]] = bolt.attention %q, %k, %v scale 1.000000e+00 layout bhsd -> bhsd : tensor<2x8x32xf16>, tensor<2x8x32xf16>, tensor<2x8x32xf16> -> tensor<2x8x32xf16>
// CHECK-NEXT:    func.return %[[O]] : tensor<2x8x32xf16>
func.func @f32_softmax_island(%q: tensor<2x8x32xf16>, %k: tensor<2x8x32xf16>, %v: tensor<2x8x32xf16>) -> tensor<2x8x32xf16> {
  %s = bolt.gemm %q, %k {transpose_b} : tensor<2x8x32xf16>, tensor<2x8x32xf16> -> tensor<2x8x8xf16> {
  ^bb0(%acc: tensor<2x8x8xf32>):
    bolt.yield %acc : tensor<2x8x8xf32>
  }
  %w = bolt.ew.cast %s : tensor<2x8x8xf16> -> tensor<2x8x8xf32>
  %p = bolt.softmax %w axis 2 : tensor<2x8x8xf32> -> tensor<2x8x8xf32>
  %n = bolt.ew.cast %p : tensor<2x8x8xf32> -> tensor<2x8x8xf16>
  %o = bolt.gemm %n, %v : tensor<2x8x8xf16>, tensor<2x8x32xf16> -> tensor<2x8x32xf16> {
  ^bb0(%acc: tensor<2x8x32xf32>):
    bolt.yield %acc : tensor<2x8x32xf32>
  }
  func.return %o : tensor<2x8x32xf16>
}

// -----

// The scale already in the first product's epilogue (fuse-epilogue's form); Q, K, V plain
// [B*H, S, D] tensors and O transposed to interleaved heads: the op views them as [B, H, S, D]
// and writes [B, S, H, D] itself.
// CHECK-LABEL: func.func @epilogue_scale_heads_out
// CHECK-NEXT:    %[[Q:.+]] = bolt.reshape %q : tensor<4x16x8xf16> -> tensor<2x2x16x8xf16>
// CHECK-NEXT:    %[[K:.+]] = bolt.reshape %k : tensor<4x16x8xf16> -> tensor<2x2x16x8xf16>
// CHECK-NEXT:    %[[V:.+]] = bolt.reshape %v : tensor<4x16x8xf16> -> tensor<2x2x16x8xf16>
// CHECK-NEXT:    %[[O:.+]] = bolt.attention %[[Q]], %[[K]], %[[V]] scale 2.500000e-01 layout bhsd -> bshd : tensor<2x2x16x8xf16>, tensor<2x2x16x8xf16>, tensor<2x2x16x8xf16> -> tensor<2x16x2x8xf16>
// CHECK-NEXT:    func.return %[[O]] : tensor<2x16x2x8xf16>
func.func @epilogue_scale_heads_out(%q: tensor<4x16x8xf16>, %k: tensor<4x16x8xf16>, %v: tensor<4x16x8xf16>) -> tensor<2x16x2x8xf16> {
  %s = bolt.gemm %q, %k {transpose_b} : tensor<4x16x8xf16>, tensor<4x16x8xf16> -> tensor<4x16x16xf16> {
  ^bb0(%acc: tensor<4x16x16xf32>):
    %c = bolt.constant dense<2.500000e-01> : tensor<f32>
    %m = bolt.ew.mul %acc, %c : tensor<4x16x16xf32>, tensor<f32> -> tensor<4x16x16xf32>
    bolt.yield %m : tensor<4x16x16xf32>
  }
  %p = bolt.softmax %s axis 2 : tensor<4x16x16xf16> -> tensor<4x16x16xf16>
  %o = bolt.gemm %p, %v : tensor<4x16x16xf16>, tensor<4x16x8xf16> -> tensor<4x16x8xf16> {
  ^bb0(%acc: tensor<4x16x8xf32>):
    bolt.yield %acc : tensor<4x16x8xf32>
  }
  %o4 = bolt.reshape %o : tensor<4x16x8xf16> -> tensor<2x2x16x8xf16>
  %ot = bolt.transpose %o4 permutation [0, 2, 1, 3] : tensor<2x2x16x8xf16> -> tensor<2x16x2x8xf16>
  func.return %ot : tensor<2x16x2x8xf16>
}

// -----

// Q, K and V each a [B, S, H, D] tensor transposed to heads-first: read in place (bshd).
// CHECK-LABEL: func.func @bshd_views
// CHECK-NEXT:    %[[O:.+]] = bolt.attention %q, %k, %v scale 5.000000e-01 layout bshd -> bshd : tensor<2x16x2x8xf16>, tensor<2x24x2x8xf16>, tensor<2x24x2x8xf16> -> tensor<2x16x2x8xf16>
// CHECK-NEXT:    func.return %[[O]] : tensor<2x16x2x8xf16>
func.func @bshd_views(%q: tensor<2x16x2x8xf16>, %k: tensor<2x24x2x8xf16>, %v: tensor<2x24x2x8xf16>) -> tensor<2x16x2x8xf16> {
  %qt = bolt.transpose %q permutation [0, 2, 1, 3] : tensor<2x16x2x8xf16> -> tensor<2x2x16x8xf16>
  %kt = bolt.transpose %k permutation [0, 2, 1, 3] : tensor<2x24x2x8xf16> -> tensor<2x2x24x8xf16>
  %vt = bolt.transpose %v permutation [0, 2, 1, 3] : tensor<2x24x2x8xf16> -> tensor<2x2x24x8xf16>
  %q3 = bolt.reshape %qt : tensor<2x2x16x8xf16> -> tensor<4x16x8xf16>
  %k3 = bolt.reshape %kt : tensor<2x2x24x8xf16> -> tensor<4x24x8xf16>
  %v3 = bolt.reshape %vt : tensor<2x2x24x8xf16> -> tensor<4x24x8xf16>
  %s = bolt.gemm %q3, %k3 {transpose_b} : tensor<4x16x8xf16>, tensor<4x24x8xf16> -> tensor<4x16x24xf16> {
  ^bb0(%acc: tensor<4x16x24xf32>):
    bolt.yield %acc : tensor<4x16x24xf32>
  }
  %c = bolt.constant dense<5.000000e-01> : tensor<f16>
  %t = bolt.ew.mul %c, %s : tensor<f16>, tensor<4x16x24xf16> -> tensor<4x16x24xf16>
  %p = bolt.softmax %t axis 2 : tensor<4x16x24xf16> -> tensor<4x16x24xf16>
  %o = bolt.gemm %p, %v3 : tensor<4x16x24xf16>, tensor<4x24x8xf16> -> tensor<4x16x8xf16> {
  ^bb0(%acc: tensor<4x16x8xf32>):
    bolt.yield %acc : tensor<4x16x8xf32>
  }
  %o4 = bolt.reshape %o : tensor<4x16x8xf16> -> tensor<2x2x16x8xf16>
  %ot = bolt.transpose %o4 permutation [0, 2, 1, 3] : tensor<2x2x16x8xf16> -> tensor<2x16x2x8xf16>
  func.return %ot : tensor<2x16x2x8xf16>
}
