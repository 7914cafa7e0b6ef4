// RUN: boltc-opt %s | filecheck --match-full-lines %s
// RUN: boltc-opt %s | boltc-opt | filecheck --match-full-lines %s
// RUN: boltc-opt %s --print-op-generic | boltc-opt | filecheck --match-full-lines %s

// bolt.attention in each layout pairing the verifier accepts.

// CHECK-LABEL: func.func @packed_qkv(%qkv: tensor<2x128x3x12x64xf16>) -> tensor<2x128x12x64xf16> {
// CHECK-NEXT:    %o = bolt.attention %qkv, %qkv, %qkv scale 1.250000e-01 layout bs3hd -> bshd : tensor<2x128x3x12x64xf16>, tensor<2x128x3x12x64xf16>, tensor<2x128x3x12x64xf16> -> tensor<2x128x12x64xf16>
func.func @packed_qkv(%qkv: tensor<2x128x3x12x64xf16>) -> tensor<2x128x12x64xf16> {
  %o = bolt.attention %qkv, %qkv, %qkv scale 0.125 layout bs3hd -> bshd : tensor<2x128x3x12x64xf16>, tensor<2x128x3x12x64xf16>, tensor<2x128x3x12x64xf16> -> tensor<2x128x12x64xf16>
  func.return %o : tensor<2x128x12x64xf16>
}

// Cross-attention: 77 queries, 50 keys, Dv != D; any number of batch dimensions.
// CHECK-LABEL: func.func @bhsd_cross(%q: tensor<2x3x4x77x64xbf16>, %k: tensor<2x3x4x50x64xbf16>, %v: tensor<2x3x4x50x32xbf16>) -> tensor<2x3x4x77x32xbf16> {
// CHECK-NEXT:    %o = bolt.attention %q, %k, %v scale 1.000000e+00 layout bhsd -> bhsd : tensor<2x3x4x77x64xbf16>, tensor<2x3x4x50x64xbf16>, tensor<2x3x4x50x32xbf16> -> tensor<2x3x4x77x32xbf16>
func.func @bhsd_cross(%q: tensor<2x3x4x77x64xbf16>, %k: tensor<2x3x4x50x64xbf16>, %v: tensor<2x3x4x50x32xbf16>) -> tensor<2x3x4x77x32xbf16> {
  %o = bolt.attention %q, %k, %v scale 1.0 layout bhsd -> bhsd : tensor<2x3x4x77x64xbf16>, tensor<2x3x4x50x64xbf16>, tensor<2x3x4x50x32xbf16> -> tensor<2x3x4x77x32xbf16>
  func.return %o : tensor<2x3x4x77x32xbf16>
}

// [B, H, S, D] in, heads interleaved out.
// CHECK-LABEL: func.func @bhsd_to_bshd(%q: tensor<2x4x16x8xf32>) -> tensor<2x16x4x8xf32> {
// CHECK-NEXT:    %o = bolt.attention %q, %q, %q scale 5.000000e-01 layout bhsd -> bshd : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32> -> tensor<2x16x4x8xf32>
func.func @bhsd_to_bshd(%q: tensor<2x4x16x8xf32>) -> tensor<2x16x4x8xf32> {
  %o = bolt.attention %q, %q, %q scale 0.5 layout bhsd -> bshd : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32> -> tensor<2x16x4x8xf32>
  func.return %o : tensor<2x16x4x8xf32>
}

// CHECK-LABEL: func.func @bshd(%q: tensor<2x16x4x8xf16>, %k: tensor<2x20x4x8xf16>, %v: tensor<2x20x4x8xf16>) -> tensor<2x16x4x8xf16> {
// CHECK-NEXT:    %o = bolt.attention %q, %k, %v scale 5.000000e-01 layout bshd -> bshd : tensor<2x16x4x8xf16>, tensor<2x20x4x8xf16>, tensor<2x20x4x8xf16> -> tensor<2x16x4x8xf16>
func.func @bshd(%q: tensor<2x16x4x8xf16>, %k: tensor<2x20x4x8xf16>, %v: tensor<2x20x4x8xf16>) -> tensor<2x16x4x8xf16> {
  %o = bolt.attention %q, %k, %v scale 0.5 layout bshd -> bshd : tensor<2x16x4x8xf16>, tensor<2x20x4x8xf16>, tensor<2x20x4x8xf16> -> tensor<2x16x4x8xf16>
  func.return %o : tensor<2x16x4x8xf16>
}
