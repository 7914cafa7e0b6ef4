// convert-precision demotes every f32 tensor inside the function, keeps the signature.
// RUN: boltc-opt %s -p convert-precision --split-input-file | filecheck %s
// RUN: boltc-opt %s -p 'convert-precision{dtype=bf16}' --split-input-file | filecheck %s --check-prefix=BF16

// A conv with a per-channel bias and relu: the weights are converted now, the conv keeps its
// f32 accumulator, and the only casts left are at the entry (feeding the conv) and the exit
// (reading the relu, feeding the return).
// CHECK-LABEL: func.func @conv_bias_relu
// CHECK-SAME:  (%[[X:[a-z0-9_]+]]: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT:    %[[IN:.+]] = bolt.ew.cast %[[X]] : tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf16>
// CHECK-DAG:     %[[W:.+]] = bolt.constant dense<{{.+}}> : tensor<2x2x1x1xf16>
// CHECK-DAG:     %[[B:.+]] = bolt.constant dense<[5.000000e-01, -2.500000e-01]> : tensor<2xf16>
// CHECK:         %[[C:.+]] = bolt.conv2d nchw %[[IN]], %[[W]] {{.+}} : tensor<1x2x4x4xf16>, tensor<2x2x1x1xf16> -> tensor<1x2x4x4xf16> {
// CHECK-NEXT:    ^{{.+}}(%[[ACC:.+]]: tensor<1x2x4x4xf32>):
// CHECK-NEXT:      bolt.yield %[[ACC]] : tensor<1x2x4x4xf32>
// CHECK:         %[[R:.+]] = bolt.reshape %[[B]] : tensor<2xf16> -> tensor<1x2x1x1xf16>
// CHECK-NEXT:    %[[A:.+]] = bolt.ew.add %[[C]], %[[R]] : tensor<1x2x4x4xf16>, tensor<1x2x1x1xf16> -> tensor<1x2x4x4xf16>
// CHECK-NEXT:    %[[Y:.+]] = bolt.ew.relu %[[A]] : tensor<1x2x4x4xf16> -> tensor<1x2x4x4xf16>
// CHECK-NEXT:    %[[OUT:.+]] = bolt.ew.cast %[[Y]] : tensor<1x2x4x4xf16> -> tensor<1x2x4x4xf32>
// CHECK-NEXT:    func.return %[[OUT]] : tensor<1x2x4x4xf32>
// CHECK-NOT:     xf32>
func.func @conv_bias_relu(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = bolt.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %b = bolt.constant dense<[0.5, -0.25]> : tensor<2xf32>
  %c = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x4x4xf32> {
  ^bb0(%acc: tensor<1x2x4x4xf32>):
    bolt.yield %acc : tensor<1x2x4x4xf32>
  }
  %r = bolt.reshape %b : tensor<2xf32> -> tensor<1x2x1x1xf32>
  %a = bolt.ew.add %c, %r : tensor<1x2x4x4xf32>, tensor<1x2x1x1xf32> -> tensor<1x2x4x4xf32>
  %y = bolt.ew.relu %a : tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf32>
  func.return %y : tensor<1x2x4x4xf32>
}

// -----

// Weights round to nearest even: 1 + 2^-8 is halfway between the bf16 neighbours 1 and
// 1 + 2^-7 and goes to 1 (even); 1 + 3 * 2^-8 goes up to 1 + 2^-6 (even); f16 keeps both.
// Two arguments get their entry casts in argument order, each right at the entry.
// CHECK-LABEL: func.func @gemm_rounding
// CHECK-SAME:  (%[[X:[a-z0-9_]+]]: tensor<2x2xf32>, %[[Y:[a-z0-9_]+]]: tensor<2x2xf32>)
// CHECK-NEXT:    %[[A:.+]] = bolt.ew.cast %[[X]] : tensor<2x2xf32> -> tensor<2x2xf16>
// CHECK-NEXT:    %[[B:.+]] = bolt.ew.cast %[[Y]] : tensor<2x2xf32> -> tensor<2x2xf16>
// CHECK:         bolt.gemm %[[A]], %[[B]] : tensor<2x2xf16>, tensor<2x2xf16> -> tensor<2x2xf16>
// CHECK:         bolt.constant dense<[1.003910e+00, 1.011720e+00]> : tensor<2xf16>
// BF16-LABEL:  func.func @gemm_rounding
// BF16-SAME:   (%[[X:[a-z0-9_]+]]: tensor<2x2xf32>, %[[Y:[a-z0-9_]+]]: tensor<2x2xf32>)
// BF16-NEXT:     bolt.ew.cast %[[X]] : tensor<2x2xf32> -> tensor<2x2xbf16>
// BF16-NEXT:     bolt.ew.cast %[[Y]] : tensor<2x2xf32> -> tensor<2x2xbf16>
// BF16:          bolt.gemm {{.+}} : tensor<2x2xbf16>, tensor<2x2xbf16> -> tensor<2x2xbf16> {
// BF16-NEXT:     ^{{.+}}(%{{.+}}: tensor<2x2xf32>):
// BF16:          bolt.constant dense<[1.000000e+00, 1.015620e+00]> : tensor<2xbf16>
// BF16:          %[[OUT:.+]] = bolt.ew.cast %{{.+}} : tensor<2x2xbf16> -> tensor<2x2xf32>
// BF16-NEXT:     func.return %[[OUT]]
func.func @gemm_rounding(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %d = bolt.gemm %a, %b : tensor<2x2xf32>, tensor<2x2xf32> -> tensor<2x2xf32> {
  ^bb0(%acc: tensor<2x2xf32>):
    bolt.yield %acc : tensor<2x2xf32>
  }
  %s = bolt.constant dense<[1.00390625, 1.01171875]> : tensor<2xf32>
  %y = bolt.ew.mul %d, %s : tensor<2x2xf32>, tensor<2xf32> -> tensor<2x2xf32>
  func.return %y : tensor<2x2xf32>
}

// -----

// An anchor's extras are stored in half precision; its epilogue still computes in f32 (the
// block widens the bias it reads) and yields f32, which the store rounds.
// CHECK-LABEL: func.func @epilogue_extras
// CHECK:         %[[BIAS:.+]] = bolt.constant dense<{{.+}}> : tensor<1x4xf16>
// CHECK:         bolt.gemm %{{.+}}, %{{.+}} extras(%[[BIAS]] : tensor<1x4xf16>) : tensor<3x2xf16>, tensor<2x4xf16> -> tensor<3x4xf16> {
// CHECK-NEXT:    ^{{.+}}(%[[ACC:.+]]: tensor<3x4xf32>, %[[B16:.+]]: tensor<1x4xf16>):
// CHECK-NEXT:      %[[B32:.+]] = bolt.ew.cast %[[B16]] : tensor<1x4xf16> -> tensor<1x4xf32>
// CHECK-NEXT:      %[[SUM:.+]] = bolt.ew.add %[[ACC]], %[[B32]] : tensor<3x4xf32>, tensor<1x4xf32> -> tensor<3x4xf32>
// CHECK-NEXT:      %[[ACT:.+]] = bolt.ew.relu %[[SUM]] : tensor<3x4xf32> -> tensor<3x4xf32>
// CHECK-NEXT:      bolt.yield %[[ACT]] : tensor<3x4xf32>
func.func @epilogue_extras(%a: tensor<3x2xf32>, %b: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %bias = bolt.constant dense<[[0.5, 1.5, 2.5, 3.5]]> : tensor<1x4xf32>
  %d = bolt.gemm %a, %b extras(%bias : tensor<1x4xf32>) : tensor<3x2xf32>, tensor<2x4xf32> -> tensor<3x4xf32> {
  ^bb0(%acc: tensor<3x4xf32>, %bb: tensor<1x4xf32>):
    %s = bolt.ew.add %acc, %bb : tensor<3x4xf32>, tensor<1x4xf32> -> tensor<3x4xf32>
    %r = bolt.ew.relu %s : tensor<3x4xf32> -> tensor<3x4xf32>
    bolt.yield %r : tensor<3x4xf32>
  }
  func.return %d : tensor<3x4xf32>
}

// -----

// A user's own casts are not kept around once the computation is in half precision:
// f32 -> f16 -> f32 round trips through the demoted value vanish.
// CHECK-LABEL: func.func @user_casts
// CHECK-SAME:  (%[[X:[a-z0-9_]+]]: tensor<4xf32>)
// CHECK-NEXT:    %[[IN:.+]] = bolt.ew.cast %[[X]] : tensor<4xf32> -> tensor<4xf16>
// CHECK-NEXT:    %[[E:.+]] = bolt.ew.exp %[[IN]] : tensor<4xf16> -> tensor<4xf16>
// CHECK-NEXT:    %[[T:.+]] = bolt.ew.tanh %[[E]] : tensor<4xf16> -> tensor<4xf16>
// CHECK-NEXT:    %[[OUT:.+]] = bolt.ew.cast %[[T]] : tensor<4xf16> -> tensor<4xf32>
// CHECK-NEXT:    func.return %[[OUT]]
func.func @user_casts(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = bolt.ew.exp %x : tensor<4xf32> -> tensor<4xf32>
  %h = bolt.ew.cast %e : tensor<4xf32> -> tensor<4xf16>
  %f = bolt.ew.cast %h : tensor<4xf16> -> tensor<4xf32>
  %t = bolt.ew.tanh %f : tensor<4xf32> -> tensor<4xf32>
  func.return %t : tensor<4xf32>
}
