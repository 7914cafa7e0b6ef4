// The vector length: 16 bytes of the element type unless `alignment` (elements) is given.
// RUN: boltc-opt %s -p pad-alignment | filecheck %s --check-prefix=BYTES
// RUN: boltc-opt %s -p 'pad-alignment{alignment=8}' | filecheck %s --check-prefix=EIGHT
// RUN: not boltc-opt %s -p 'pad-alignment{alignment=6}' 2>&1 | filecheck %s --check-prefix=BAD

// fp32: 4 elements make 16 bytes, so K=37 -> 40 and N=10 -> 12 (10 -> 16 would cost 1.6x the work
// for nothing more than 12 gives); with alignment=8, N=10 -> 16.
// BYTES:      bolt.gemm %{{.+}}, %{{.+}} {transpose_b} : tensor<4x40xf32>, tensor<12x40xf32> -> tensor<4x12xf32>
// BYTES:      bolt.slice %{{.+}} offsets [0, 0] strides [1, 1] : tensor<4x12xf32> -> tensor<4x10xf32>
// EIGHT:      bolt.gemm %{{.+}}, %{{.+}} {transpose_b} : tensor<4x40xf32>, tensor<16x40xf32> -> tensor<4x16xf32>
// EIGHT:      bolt.slice %{{.+}} offsets [0, 0] strides [1, 1] : tensor<4x16xf32> -> tensor<4x10xf32>
// BAD:        error: pad-alignment: alignment=6 must be a positive power of two (elements per vector)
func.func @linear(%x: tensor<4x37xf32>) -> tensor<4x10xf32> {
  %w = bolt.constant dense<0.5> : tensor<10x37xf32>
  %d = bolt.gemm %x, %w {transpose_b} : tensor<4x37xf32>, tensor<10x37xf32> -> tensor<4x10xf32> {
  ^bb0(%acc: tensor<4x10xf32>):
    bolt.yield %acc : tensor<4x10xf32>
  }
  func.return %d : tensor<4x10xf32>
}
