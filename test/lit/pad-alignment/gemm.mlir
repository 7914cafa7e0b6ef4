// RUN: boltc-opt %s -p pad-alignment --split-input-file | filecheck %s

// K=37 and N=10 in fp16 go to 40 and 16 (8-element, 16-byte vectors). The activation is padded
// once where it enters, the weight now (a new constant, zero rows and columns), the bias with
// zeros; the relu runs padded and the result is sliced once, where it leaves.
// CHECK-LABEL: func.func @linear_bias_relu
// CHECK-NEXT:    %[[X:.+]] = bolt.pad %x low [0, 0] high [0, 3] value 0.000000e+00 : tensor<4x37xf16> -> tensor<4x40xf16>
// CHECK-DAG:     %[[W:.+]] = bolt.constant dense<{{.+}}> : tensor<16x40xf16>
// CHECK-DAG:     %[[B:.+]] = bolt.constant dense<[[2.500000e-01, 2.500000e-01, 2.500000e-01, 2.500000e-01, 2.500000e-01, 2.500000e-01, 2.500000e-01, 2.500000e-01, 2.500000e-01, 2.500000e-01, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<1x16xf16>
// CHECK:         %[[D:.+]] = bolt.gemm %[[X]], %[[W]] {transpose_b} : tensor<4x40xf16>, tensor<16x40xf16> -> tensor<4x16xf16>
// CHECK:         %[[Y:.+]] = bolt.ew.add %[[D]], %[[B]] : tensor<4x16xf16>, tensor<1x16xf16> -> tensor<4x16xf16>
// CHECK-NEXT:    %[[R:.+]] = bolt.ew.relu %[[Y]] : tensor<4x16xf16> -> tensor<4x16xf16>
// CHECK-NEXT:    %[[OUT:.+]] = bolt.slice %[[R]] offsets [0, 0] strides [1, 1] : tensor<4x16xf16> -> tensor<4x10xf16>
// CHECK-NEXT:    func.return %[[OUT]] : tensor<4x10xf16>
func.func @linear_bias_relu(%x: tensor<4x37xf16>) -> tensor<4x10xf16> {
  %w = bolt.constant dense<0.5> : tensor<10x37xf16>
  %b = bolt.constant dense<0.25> : tensor<1x10xf16>
  %d = bolt.gemm %x, %w {transpose_b} : tensor<4x37xf16>, tensor<10x37xf16> -> tensor<4x10xf16> {
  ^bb0(%acc: tensor<4x10xf32>):
    bolt.yield %acc : tensor<4x10xf32>
  }
  %y = bolt.ew.add %d, %b : tensor<4x10xf16>, tensor<1x10xf16> -> tensor<4x10xf16>
  %r = bolt.ew.relu %y : tensor<4x10xf16> -> tensor<4x10xf16>
  func.return %r : tensor<4x10xf16>
}

// -----

// Two layers: the hidden 13 features go to 16 and flow from the first GEMM's N, through bias
// and relu, into the second GEMM's K with no slice/pad pair between the two kernels.
// CHECK-LABEL: func.func @two_layers
// CHECK:         %[[H:.+]] = bolt.gemm %{{.+}}, %{{.+}} {transpose_b} : tensor<4x40xf16>, tensor<16x40xf16> -> tensor<4x16xf16>
// CHECK:         %[[HB:.+]] = bolt.ew.add %[[H]], %{{.+}} : tensor<4x16xf16>, tensor<1x16xf16> -> tensor<4x16xf16>
// CHECK-NEXT:    %[[HR:.+]] = bolt.ew.relu %[[HB]] : tensor<4x16xf16> -> tensor<4x16xf16>
// CHECK-NEXT:    %[[D:.+]] = bolt.gemm %[[HR]], %{{.+}} {transpose_b} : tensor<4x16xf16>, tensor<24x16xf16> -> tensor<4x24xf16>
// CHECK:         func.return %[[D]] : tensor<4x24xf16>
func.func @two_layers(%x: tensor<4x37xf16>) -> tensor<4x24xf16> {
  %w1 = bolt.constant dense<0.5> : tensor<13x37xf16>
  %b1 = bolt.constant dense<0.25> : tensor<1x13xf16>
  %w2 = bolt.constant dense<0.125> : tensor<24x13xf16>
  %h = bolt.gemm %x, %w1 {transpose_b} : tensor<4x37xf16>, tensor<13x37xf16> -> tensor<4x13xf16> {
  ^bb0(%acc: tensor<4x13xf32>):
    bolt.yield %acc : tensor<4x13xf32>
  }
  %hb = bolt.ew.add %h, %b1 : tensor<4x13xf16>, tensor<1x13xf16> -> tensor<4x13xf16>
  %hr = bolt.ew.relu %hb : tensor<4x13xf16> -> tensor<4x13xf16>
  %d = bolt.gemm %hr, %w2 {transpose_b} : tensor<4x13xf16>, tensor<24x13xf16> -> tensor<4x24xf16> {
  ^bb0(%acc: tensor<4x24xf32>):
    bolt.yield %acc : tensor<4x24xf32>
  }
  func.return %d : tensor<4x24xf16>
}

// -----

// A K x N weight (no transpose_b) and a batched lhs: K is the lhs's last dimension.
// CHECK-LABEL: func.func @batched_kn_weight
// CHECK-NEXT:    %[[X:.+]] = bolt.pad %x low [0, 0, 0] high [0, 0, 3] value 0.000000e+00 : tensor<2x3x21xbf16> -> tensor<2x3x24xbf16>
// CHECK:         %[[W:.+]] = bolt.constant dense<{{.+}}> : tensor<24x8xbf16>
// CHECK:         %[[D:.+]] = bolt.gemm %[[X]], %[[W]] : tensor<2x3x24xbf16>, tensor<24x8xbf16> -> tensor<2x3x8xbf16>
// CHECK:         func.return %[[D]] : tensor<2x3x8xbf16>
func.func @batched_kn_weight(%x: tensor<2x3x21xbf16>) -> tensor<2x3x8xbf16> {
  %w = bolt.constant dense<0.5> : tensor<21x8xbf16>
  %d = bolt.gemm %x, %w : tensor<2x3x21xbf16>, tensor<21x8xbf16> -> tensor<2x3x8xbf16> {
  ^bb0(%acc: tensor<2x3x8xf32>):
    bolt.yield %acc : tensor<2x3x8xf32>
  }
  func.return %d : tensor<2x3x8xbf16>
}

// -----

// N = 1 in f16: rows of D 2 bytes wide, which no kernel writes (cp.async and the epilogues move
// at least 4 bytes; nn.Linear(4, 1)): padded to a whole vector although that is 8x the work
// (the growth limit gives way: unpadded, the anchor does not lower at all), then trimmed.
// CHECK-LABEL: func.func @unwritable_n
// CHECK:         %[[W:.+]] = bolt.constant dense<{{.+}}> : tensor<8x4xf16>
// CHECK-NEXT:    %[[D:.+]] = bolt.gemm %x, %[[W]] {transpose_b} : tensor<5x4xf16>, tensor<8x4xf16> -> tensor<5x8xf16> {
// CHECK:         %[[T:.+]] = bolt.slice %[[D]] offsets [0, 0] strides [1, 1] : tensor<5x8xf16> -> tensor<5x1xf16>
// CHECK-NEXT:    func.return %[[T]] : tensor<5x1xf16>
func.func @unwritable_n(%x: tensor<5x4xf16>) -> tensor<5x1xf16> {
  %u = bolt.constant dense<0.25> : tensor<1x4xf16>
  %g = bolt.gemm %x, %u {transpose_b} : tensor<5x4xf16>, tensor<1x4xf16> -> tensor<5x1xf16> {
  ^bb0(%acc: tensor<5x1xf32>):
    bolt.yield %acc : tensor<5x1xf32>
  }
  func.return %g : tensor<5x1xf16>
}
