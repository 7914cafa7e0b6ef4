// RUN: boltc-opt %s -p bolt-canonicalize --split-input-file | filecheck %s

// A broadcast of a broadcast is one broadcast: [4] -> [3, 4] (dims [0]) -> [3, 5, 4] (dims [1])
// is [4] -> [3, 5, 4] with dims [0, 1].
// CHECK-LABEL: func.func @broadcast_of_broadcast
// CHECK-SAME:    (%[[V:[a-z0-9_]+]]: tensor<4xf32>)
// CHECK-NEXT:    %[[B:.+]] = bolt.broadcast %[[V]] dimensions [0, 1] : tensor<4xf32> -> tensor<3x5x4xf32>
// CHECK-NEXT:    func.return %[[B]]
func.func @broadcast_of_broadcast(%v: tensor<4xf32>) -> tensor<3x5x4xf32> {
  %b1 = bolt.broadcast %v dimensions [0] : tensor<4xf32> -> tensor<3x4xf32>
  %b2 = bolt.broadcast %b1 dimensions [1] : tensor<3x4xf32> -> tensor<3x5x4xf32>
  func.return %b2 : tensor<3x5x4xf32>
}

// -----

// A transpose of a broadcast moves only the small input: here its two dims swap too, so a
// transpose of the 3x4 input stays, under the broadcast; with one input dim, none does.
// CHECK-LABEL: func.func @transpose_of_broadcast
// CHECK-SAME:    (%[[M:[a-z0-9_]+]]: tensor<3x4xf32>, %[[V:[a-z0-9_]+]]: tensor<4xf32>)
// CHECK-NEXT:    %[[T:.+]] = bolt.transpose %[[M]] permutation [1, 0] : tensor<3x4xf32> -> tensor<4x3xf32>
// CHECK-NEXT:    %[[B:.+]] = bolt.broadcast %[[T]] dimensions [1] : tensor<4x3xf32> -> tensor<4x5x3xf32>
// CHECK-NEXT:    %[[C:.+]] = bolt.broadcast %[[V]] dimensions [0, 1] : tensor<4xf32> -> tensor<2x6x4xf32>
// CHECK-NEXT:    func.return %[[B]], %[[C]]
func.func @transpose_of_broadcast(%m: tensor<3x4xf32>, %v: tensor<4xf32>) -> (tensor<4x5x3xf32>, tensor<2x6x4xf32>) {
  %b = bolt.broadcast %m dimensions [1] : tensor<3x4xf32> -> tensor<3x5x4xf32>
  %t = bolt.transpose %b permutation [2, 1, 0] : tensor<3x5x4xf32> -> tensor<4x5x3xf32>
  %c = bolt.broadcast %v dimensions [0, 2] : tensor<4xf32> -> tensor<6x4x2xf32>
  %u = bolt.transpose %c permutation [2, 0, 1] : tensor<6x4x2xf32> -> tensor<2x6x4xf32>
  func.return %t, %u : tensor<4x5x3xf32>, tensor<2x6x4xf32>
}

// -----

// A transpose of a constant is the constant, permuted at compile time ([[1, 2, 3], [4, 5, 6]]
// transposed), bf16 bits and all; a splat stays a splat.
// CHECK-LABEL: func.func @transpose_of_constant
// CHECK-DAG:     bolt.constant dense<{{\[}}[1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xbf16>
// CHECK-DAG:     bolt.constant dense<7.000000e+00> : tensor<5x2x3xf16>
// CHECK-NOT:     bolt.transpose
func.func @transpose_of_constant() -> (tensor<3x2xbf16>, tensor<5x2x3xf16>) {
  %c = bolt.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xbf16>
  %t = bolt.transpose %c permutation [1, 0] : tensor<2x3xbf16> -> tensor<3x2xbf16>
  %s = bolt.constant dense<7.0> : tensor<2x3x5xf16>
  %u = bolt.transpose %s permutation [2, 0, 1] : tensor<2x3x5xf16> -> tensor<5x2x3xf16>
  func.return %t, %u : tensor<3x2xbf16>, tensor<5x2x3xf16>
}

// -----

// Refused: a large constant (320 elements) that is also used untransposed would be stored
// twice. A shared splat is one number: its transpose folds.
// CHECK-LABEL: func.func @transpose_of_shared_constant
// CHECK:         %[[W:.+]] = bolt.constant dense<"0x{{[0-9A-F]+}}"> : tensor<20x16xf32>
// CHECK:         bolt.transpose %[[W]] permutation [1, 0]
// CHECK:         bolt.gemm %{{.+}}, %[[W]]
// CHECK:         %[[S:.+]] = bolt.constant dense<2.500000e-01> : tensor<20x16xf32>
// CHECK:         %[[ST:.+]] = bolt.constant dense<2.500000e-01> : tensor<16x20xf32>
// CHECK-NOT:     bolt.transpose
// CHECK:         func.return %{{.+}}, %{{.+}}, %[[ST]], %[[S]]
func.func @transpose_of_shared_constant(%a: tensor<4x16xf32>) -> (tensor<16x20xf32>, tensor<4x20xf32>, tensor<16x20xf32>, tensor<20x16xf32>) {
  %w = bolt.constant dense<"0x0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F0000803F0000C03F0000C0BF000080BF000000BF000000000000003F"> : tensor<20x16xf32>
  %t = bolt.transpose %w permutation [1, 0] : tensor<20x16xf32> -> tensor<16x20xf32>
  %g = bolt.gemm %a, %w {transpose_b} : tensor<4x16xf32>, tensor<20x16xf32> -> tensor<4x20xf32> {
  ^bb0(%acc: tensor<4x20xf32>):
    bolt.yield %acc : tensor<4x20xf32>
  }
  %s = bolt.constant dense<0.25> : tensor<20x16xf32>
  %st = bolt.transpose %s permutation [1, 0] : tensor<20x16xf32> -> tensor<16x20xf32>
  func.return %t, %g, %st, %s : tensor<16x20xf32>, tensor<4x20xf32>, tensor<16x20xf32>, tensor<20x16xf32>
}

// -----

// The per-channel bias as torch-mlir broadcasts it to the activation's shape becomes the
// [1, C, 1, 1] vector that numpy-style broadcasting stretches the same way; a broadcast of
// leading dims only needs no reshape at all.
// CHECK-LABEL: func.func @implicit_broadcast
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<2x8x4x4xf32>, %[[B:[a-z0-9_]+]]: tensor<8xf32>, %[[G:[a-z0-9_]+]]: tensor<5x8xf32>, %[[R:[a-z0-9_]+]]: tensor<8xf32>)
// CHECK-NEXT:    %[[V:.+]] = bolt.reshape %[[B]] : tensor<8xf32> -> tensor<1x8x1x1xf32>
// CHECK-NEXT:    %[[S:.+]] = bolt.ew.add %[[X]], %[[V]] : tensor<2x8x4x4xf32>, tensor<1x8x1x1xf32> -> tensor<2x8x4x4xf32>
// CHECK-NEXT:    %[[M:.+]] = bolt.ew.mul %[[R]], %[[G]] : tensor<8xf32>, tensor<5x8xf32> -> tensor<5x8xf32>
// CHECK-NEXT:    func.return %[[S]], %[[M]]
func.func @implicit_broadcast(%x: tensor<2x8x4x4xf32>, %b: tensor<8xf32>, %g: tensor<5x8xf32>, %r: tensor<8xf32>) -> (tensor<2x8x4x4xf32>, tensor<5x8xf32>) {
  %bb = bolt.broadcast %b dimensions [0, 2, 3] : tensor<8xf32> -> tensor<2x8x4x4xf32>
  %s = bolt.ew.add %x, %bb : tensor<2x8x4x4xf32>, tensor<2x8x4x4xf32> -> tensor<2x8x4x4xf32>
  %rb = bolt.broadcast %r dimensions [0] : tensor<8xf32> -> tensor<5x8xf32>
  %m = bolt.ew.mul %rb, %g : tensor<5x8xf32>, tensor<5x8xf32> -> tensor<5x8xf32>
  func.return %s, %m : tensor<2x8x4x4xf32>, tensor<5x8xf32>
}

// -----

// Refused: the broadcast makes the result's shape (the other operand alone is smaller), and
// a broadcast of one operand of a unary op has nothing to broadcast against.
// CHECK-LABEL: func.func @explicit_broadcast_needed
// CHECK:         %[[BB:.+]] = bolt.broadcast %{{.+}} dimensions [0] : tensor<8xf32> -> tensor<3x8xf32>
// CHECK-NEXT:    bolt.ew.add %{{.+}}, %[[BB]] : tensor<1x8xf32>, tensor<3x8xf32> -> tensor<3x8xf32>
// CHECK:         %[[RB:.+]] = bolt.broadcast %{{.+}} dimensions [0] : tensor<8xf32> -> tensor<3x8xf32>
// CHECK-NEXT:    bolt.ew.relu %[[RB]]
func.func @explicit_broadcast_needed(%x: tensor<1x8xf32>, %b: tensor<8xf32>) -> (tensor<3x8xf32>, tensor<3x8xf32>) {
  %bb = bolt.broadcast %b dimensions [0] : tensor<8xf32> -> tensor<3x8xf32>
  %s = bolt.ew.add %x, %bb : tensor<1x8xf32>, tensor<3x8xf32> -> tensor<3x8xf32>
  %rb = bolt.broadcast %b dimensions [0] : tensor<8xf32> -> tensor<3x8xf32>
  %r = bolt.ew.relu %rb : tensor<3x8xf32> -> tensor<3x8xf32>
  func.return %s, %r : tensor<3x8xf32>, tensor<3x8xf32>
}

// -----

// Refused: a select reading one broadcast twice (found by test_pipeline's random graphs). Each
// operand alone could be the size-1 form while the other keeps the shape; both at once make
// the result smaller, so the broadcast stays.
// CHECK-LABEL: func.func @broadcast_read_twice_makes_the_shape
// CHECK:         %[[B:.+]] = bolt.broadcast %{{.+}} dimensions [3] : tensor<1x1x3xf32> -> tensor<1x1x3x3xf32>
// CHECK:         bolt.ew.select oeq %[[B]], %{{.+}}, %[[B]], %{{.+}} : tensor<1x1x3x3xf32>, tensor<f32>, tensor<1x1x3x3xf32>, tensor<f32> -> tensor<1x1x3x3xf32>
func.func @broadcast_read_twice_makes_the_shape(%m: tensor<1x1x3xf32>) -> tensor<1x1x3x3xf32> {
  %b = bolt.broadcast %m dimensions [3] : tensor<1x1x3xf32> -> tensor<1x1x3x3xf32>
  %zero = bolt.constant dense<0.0> : tensor<f32>
  %q = bolt.constant dense<0.25> : tensor<f32>
  %s = bolt.ew.select oeq %b, %zero, %b, %q : tensor<1x1x3x3xf32>, tensor<f32>, tensor<1x1x3x3xf32>, tensor<f32> -> tensor<1x1x3x3xf32>
  func.return %s : tensor<1x1x3x3xf32>
}

// -----

// Where another operand has the full shape, both reads of the broadcast become the size-1 form.
// CHECK-LABEL: func.func @broadcast_read_twice_beside_a_full_operand
// CHECK:         %[[R:.+]] = bolt.reshape %{{.+}} : tensor<1x1x3xf32> -> tensor<1x1x3x1xf32>
// CHECK:         bolt.ew.select oeq %[[R]], %{{.+}}, %[[R]], %{{.+}} : tensor<1x1x3x1xf32>, tensor<1x1x3x3xf32>, tensor<1x1x3x1xf32>, tensor<f32> -> tensor<1x1x3x3xf32>
func.func @broadcast_read_twice_beside_a_full_operand(%m: tensor<1x1x3xf32>, %x: tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32> {
  %b = bolt.broadcast %m dimensions [3] : tensor<1x1x3xf32> -> tensor<1x1x3x3xf32>
  %q = bolt.constant dense<0.25> : tensor<f32>
  %s = bolt.ew.select oeq %b, %x, %b, %q : tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>, tensor<f32> -> tensor<1x1x3x3xf32>
  func.return %s : tensor<1x1x3x3xf32>
}
