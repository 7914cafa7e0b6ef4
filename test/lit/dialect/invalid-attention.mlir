// RUN: boltc-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck --match-full-lines %s

// Verifier failures of bolt.attention. --verify-diagnostics exits 0 and prints each chunk's
// diagnostic in place of failing, so the check line in each chunk is the test.

// CHECK: bolt.attention: q and k must share D, got 64 and 32
func.func @d_differs(%q: tensor<24x128x64xf16>, %k: tensor<24x128x32xf16>, %v: tensor<24x128x64xf16>) -> tensor<24x128x64xf16> {
  %o = bolt.attention %q, %k, %v scale 1.0 layout bhsd -> bhsd : tensor<24x128x64xf16>, tensor<24x128x32xf16>, tensor<24x128x64xf16> -> tensor<24x128x64xf16>
  func.return %o : tensor<24x128x64xf16>
}

// -----

// CHECK: bolt.attention: k has 128 keys, v has 100
func.func @keys_differ(%q: tensor<24x128x64xf16>, %k: tensor<24x128x64xf16>, %v: tensor<24x100x64xf16>) -> tensor<24x128x64xf16> {
  %o = bolt.attention %q, %k, %v scale 1.0 layout bhsd -> bhsd : tensor<24x128x64xf16>, tensor<24x128x64xf16>, tensor<24x100x64xf16> -> tensor<24x128x64xf16>
  func.return %o : tensor<24x128x64xf16>
}

// -----

// CHECK: bolt.attention: q, k and v must share their batch dimensions, got [24], [12], [24]
func.func @batch_differs(%q: tensor<24x128x64xf16>, %k: tensor<12x128x64xf16>, %v: tensor<24x128x64xf16>) -> tensor<24x128x64xf16> {
  %o = bolt.attention %q, %k, %v scale 1.0 layout bhsd -> bhsd : tensor<24x128x64xf16>, tensor<12x128x64xf16>, tensor<24x128x64xf16> -> tensor<24x128x64xf16>
  func.return %o : tensor<24x128x64xf16>
}

// -----

// CHECK: bolt.attention: bs3hd operands are [B, S, 3, H, D], got dimension 2 of 2, 2, 2
func.func @not_three_slots(%x: tensor<2x16x2x4x8xf16>) -> tensor<2x16x4x8xf16> {
  %o = bolt.attention %x, %x, %x scale 1.0 layout bs3hd -> bshd : tensor<2x16x2x4x8xf16>, tensor<2x16x2x4x8xf16>, tensor<2x16x2x4x8xf16> -> tensor<2x16x4x8xf16>
  func.return %o : tensor<2x16x4x8xf16>
}

// -----

// The kernels interleave heads in their output whenever they read interleaved inputs.
// CHECK: bolt.attention: a bs3hd input writes a bshd output (heads interleaved)
func.func @packed_to_bhsd(%x: tensor<2x16x3x4x8xf16>) -> tensor<2x4x16x8xf16> {
  %o = bolt.attention %x, %x, %x scale 1.0 layout bs3hd -> bhsd : tensor<2x16x3x4x8xf16>, tensor<2x16x3x4x8xf16>, tensor<2x16x3x4x8xf16> -> tensor<2x4x16x8xf16>
  func.return %o : tensor<2x4x16x8xf16>
}

// -----

// CHECK: bolt.attention: a bshd output needs rank-4 [B, H, S, D] inputs
func.func @rank3_to_bshd(%q: tensor<8x16x8xf16>) -> tensor<8x16x8xf16> {
  %o = bolt.attention %q, %q, %q scale 1.0 layout bhsd -> bshd : tensor<8x16x8xf16>, tensor<8x16x8xf16>, tensor<8x16x8xf16> -> tensor<8x16x8xf16>
  func.return %o : tensor<8x16x8xf16>
}

// -----

// CHECK: bolt.attention: result shape [2, 4, 16, 8] should be [2, 16, 4, 8]
func.func @wrong_result(%q: tensor<2x16x4x8xf16>) -> tensor<2x4x16x8xf16> {
  %o = bolt.attention %q, %q, %q scale 1.0 layout bshd -> bshd : tensor<2x16x4x8xf16>, tensor<2x16x4x8xf16>, tensor<2x16x4x8xf16> -> tensor<2x4x16x8xf16>
  func.return %o : tensor<2x4x16x8xf16>
}

// -----

// CHECK: bolt.attention: operands and result must share one element type, got ['f16', 'f32']
func.func @mixed_types(%q: tensor<8x16x8xf16>, %v: tensor<8x16x8xf32>) -> tensor<8x16x8xf16> {
  %o = bolt.attention %q, %q, %v scale 1.0 layout bhsd -> bhsd : tensor<8x16x8xf16>, tensor<8x16x8xf16>, tensor<8x16x8xf32> -> tensor<8x16x8xf16>
  func.return %o : tensor<8x16x8xf16>
}

// -----

// CHECK: bolt.attention: bhsd operands must share one rank of at least 3 ([batch..., S, D]), got ranks 2, 2, 2
func.func @unbatched(%q: tensor<16x8xf16>) -> tensor<16x8xf16> {
  %o = bolt.attention %q, %q, %q scale 1.0 layout bhsd -> bhsd : tensor<16x8xf16>, tensor<16x8xf16>, tensor<16x8xf16> -> tensor<16x8xf16>
  func.return %o : tensor<16x8xf16>
}
