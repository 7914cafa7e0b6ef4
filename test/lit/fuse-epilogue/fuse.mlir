// What fuse-epilogue folds into an anchor's epilogue: bias, activations, residuals, scales,
// casts, min/max/select, as chains and trees. Inside the region everything is f32.
// RUN: boltc-opt %s -p fuse-epilogue --split-input-file | filecheck %s

// A per-channel bias (1-D, numpy-broadcast over the rows) and a ReLU: the bias becomes an
// extra operand, both ops move into the region, nothing is left outside.
// CHECK-LABEL: func.func @gemm_bias_relu
// CHECK-SAME:    (%[[A:[a-z0-9_]+]]: tensor<64x32xf32>, %[[W:[a-z0-9_]+]]: tensor<32x16xf32>, %[[B:[a-z0-9_]+]]: tensor<16xf32>)
// CHECK-NEXT:    %[[D:[a-z0-9_]+]] = bolt.gemm %[[A]], %[[W]] extras(%[[B]] : tensor<16xf32>) : tensor<64x32xf32>, tensor<32x16xf32> -> tensor<64x16xf32> {
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<64x16xf32>, %[[BIAS:[a-z0-9_]+]]: tensor<16xf32>):
// CHECK-NEXT:      %[[S:[a-z0-9_]+]] = bolt.ew.add %[[ACC]], %[[BIAS]] : tensor<64x16xf32>, tensor<16xf32> -> tensor<64x16xf32>
// CHECK-NEXT:      %[[R:[a-z0-9_]+]] = bolt.ew.relu %[[S]] : tensor<64x16xf32> -> tensor<64x16xf32>
// CHECK-NEXT:      bolt.yield %[[R]] : tensor<64x16xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[D]] : tensor<64x16xf32>
func.func @gemm_bias_relu(%a: tensor<64x32xf32>, %w: tensor<32x16xf32>, %b: tensor<16xf32>) -> tensor<64x16xf32> {
  %d = bolt.gemm %a, %w : tensor<64x32xf32>, tensor<32x16xf32> -> tensor<64x16xf32> {
  ^bb0(%acc: tensor<64x16xf32>):
    bolt.yield %acc : tensor<64x16xf32>
  }
  %s = bolt.ew.add %d, %b : tensor<64x16xf32>, tensor<16xf32> -> tensor<64x16xf32>
  %r = bolt.ew.relu %s : tensor<64x16xf32> -> tensor<64x16xf32>
  func.return %r : tensor<64x16xf32>
}

// -----

// Every activation of the dialect in one chain: each becomes one node of the epilogue, in
// order, with its properties (GELU's approximation, clamp's bounds).
// CHECK-LABEL: func.func @every_activation
// CHECK:         bolt.gemm
// CHECK:         ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<8x8xf32>):
// CHECK-NEXT:      %[[V0:[a-z0-9_]+]] = bolt.ew.relu %[[ACC]]
// CHECK-NEXT:      %[[V1:[a-z0-9_]+]] = bolt.ew.gelu tanh %[[V0]]
// CHECK-NEXT:      %[[V2:[a-z0-9_]+]] = bolt.ew.sigmoid %[[V1]]
// CHECK-NEXT:      %[[V3:[a-z0-9_]+]] = bolt.ew.tanh %[[V2]]
// CHECK-NEXT:      %[[V4:[a-z0-9_]+]] = bolt.ew.silu %[[V3]]
// CHECK-NEXT:      %[[V5:[a-z0-9_]+]] = bolt.ew.hardswish %[[V4]]
// CHECK-NEXT:      %[[V6:[a-z0-9_]+]] = bolt.ew.softplus %[[V5]]
// CHECK-NEXT:      %[[V7:[a-z0-9_]+]] = bolt.ew.clamp %[[V6]] min -5.000000e-01 max 5.000000e-01
// CHECK-NEXT:      %[[V8:[a-z0-9_]+]] = bolt.ew.gelu erf %[[V7]]
// CHECK-NEXT:      bolt.yield %[[V8]] : tensor<8x8xf32>
// CHECK-NEXT:    }
// CHECK-NOT:     bolt.ew
func.func @every_activation(%a: tensor<8x8xf32>, %w: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %d = bolt.gemm %a, %w : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32> {
  ^bb0(%acc: tensor<8x8xf32>):
    bolt.yield %acc : tensor<8x8xf32>
  }
  %0 = bolt.ew.relu %d : tensor<8x8xf32> -> tensor<8x8xf32>
  %1 = bolt.ew.gelu tanh %0 : tensor<8x8xf32> -> tensor<8x8xf32>
  %2 = bolt.ew.sigmoid %1 : tensor<8x8xf32> -> tensor<8x8xf32>
  %3 = bolt.ew.tanh %2 : tensor<8x8xf32> -> tensor<8x8xf32>
  %4 = bolt.ew.silu %3 : tensor<8x8xf32> -> tensor<8x8xf32>
  %5 = bolt.ew.hardswish %4 : tensor<8x8xf32> -> tensor<8x8xf32>
  %6 = bolt.ew.softplus %5 : tensor<8x8xf32> -> tensor<8x8xf32>
  %7 = bolt.ew.clamp %6 min -0.5 max 0.5 : tensor<8x8xf32> -> tensor<8x8xf32>
  %8 = bolt.ew.gelu erf %7 : tensor<8x8xf32> -> tensor<8x8xf32>
  func.return %8 : tensor<8x8xf32>
}

// -----

// A convolution's per-channel bias as the importer writes it, a bolt.broadcast to the full
// output: the epilogue reads the 13 values through a reshape to 1x13x1x1 (an EVT broadcast
// node), never the materialized 2x13x8x8 tensor, and the broadcast goes away.
// CHECK-LABEL: func.func @conv_broadcast_bias_gelu
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<2x3x8x8xf32>, %[[F:[a-z0-9_]+]]: tensor<13x3x3x3xf32>, %[[B:[a-z0-9_]+]]: tensor<13xf32>)
// CHECK-NOT:     bolt.broadcast
// CHECK:         %[[V:[a-z0-9_]+]] = bolt.reshape %[[B]] : tensor<13xf32> -> tensor<1x13x1x1xf32>
// CHECK-NEXT:    %[[Y:[a-z0-9_]+]] = bolt.conv2d nchw %[[X]], %[[F]] extras(%[[V]] : tensor<1x13x1x1xf32>)
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<2x13x8x8xf32>, %[[BIAS:[a-z0-9_]+]]: tensor<1x13x1x1xf32>):
// CHECK-NEXT:      %[[S:[a-z0-9_]+]] = bolt.ew.add %[[ACC]], %[[BIAS]] : tensor<2x13x8x8xf32>, tensor<1x13x1x1xf32> -> tensor<2x13x8x8xf32>
// CHECK-NEXT:      %[[G:[a-z0-9_]+]] = bolt.ew.gelu erf %[[S]]
// CHECK-NEXT:      bolt.yield %[[G]]
// CHECK-NOT:     bolt.broadcast
// CHECK:         func.return %[[Y]]
func.func @conv_broadcast_bias_gelu(%x: tensor<2x3x8x8xf32>, %f: tensor<13x3x3x3xf32>, %b: tensor<13xf32>) -> tensor<2x13x8x8xf32> {
  %bb = bolt.broadcast %b dimensions [0, 2, 3] : tensor<13xf32> -> tensor<2x13x8x8xf32>
  %y = bolt.conv2d nchw %x, %f strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x3x8x8xf32>, tensor<13x3x3x3xf32> -> tensor<2x13x8x8xf32> {
  ^bb0(%acc: tensor<2x13x8x8xf32>):
    bolt.yield %acc : tensor<2x13x8x8xf32>
  }
  %s = bolt.ew.add %y, %bb : tensor<2x13x8x8xf32>, tensor<2x13x8x8xf32> -> tensor<2x13x8x8xf32>
  %g = bolt.ew.gelu erf %s : tensor<2x13x8x8xf32> -> tensor<2x13x8x8xf32>
  func.return %g : tensor<2x13x8x8xf32>
}

// -----

// A residual of the result's shape becomes an extra (an EVT aux load); a scalar scale is
// rebuilt inside the region as an f32 rank-0 constant, and the one outside goes away.
// CHECK-LABEL: func.func @residual_and_scale
// CHECK-SAME:    (%[[A:[a-z0-9_]+]]: tensor<16x8xf32>, %[[W:[a-z0-9_]+]]: tensor<8x8xf32>, %[[RES:[a-z0-9_]+]]: tensor<16x8xf32>)
// CHECK-NOT:     bolt.constant
// CHECK:         bolt.gemm %[[A]], %[[W]] extras(%[[RES]] : tensor<16x8xf32>)
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<16x8xf32>, %[[R:[a-z0-9_]+]]: tensor<16x8xf32>):
// CHECK-NEXT:      %[[S:[a-z0-9_]+]] = bolt.ew.add %[[R]], %[[ACC]] : tensor<16x8xf32>, tensor<16x8xf32> -> tensor<16x8xf32>
// CHECK-NEXT:      %[[C:[a-z0-9_]+]] = bolt.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NEXT:      %[[M:[a-z0-9_]+]] = bolt.ew.mul %[[S]], %[[C]] : tensor<16x8xf32>, tensor<f32> -> tensor<16x8xf32>
// CHECK-NEXT:      bolt.yield %[[M]]
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
func.func @residual_and_scale(%a: tensor<16x8xf32>, %w: tensor<8x8xf32>, %res: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %half = bolt.constant dense<0.5> : tensor<16x8xf32>
  %d = bolt.gemm %a, %w : tensor<16x8xf32>, tensor<8x8xf32> -> tensor<16x8xf32> {
  ^bb0(%acc: tensor<16x8xf32>):
    bolt.yield %acc : tensor<16x8xf32>
  }
  %s = bolt.ew.add %res, %d : tensor<16x8xf32>, tensor<16x8xf32> -> tensor<16x8xf32>
  %m = bolt.ew.mul %s, %half : tensor<16x8xf32>, tensor<16x8xf32> -> tensor<16x8xf32>
  func.return %m : tensor<16x8xf32>
}

// -----

// f16 in, f32 out: the f16 bias is converted inside the region, the intermediate casts
// vanish (the region is f32 throughout), and the final cast becomes the result type.
// CHECK-LABEL: func.func @half_precision_casts
// CHECK:         %[[D:[a-z0-9_]+]] = bolt.gemm %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} extras(%{{[a-z0-9_]+}} : tensor<32xf16>) : tensor<16x8xf16>, tensor<8x32xf16> -> tensor<16x32xf32> {
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<16x32xf32>, %[[B:[a-z0-9_]+]]: tensor<32xf16>):
// CHECK-NEXT:      %[[B32:[a-z0-9_]+]] = bolt.ew.cast %[[B]] : tensor<32xf16> -> tensor<32xf32>
// CHECK-NEXT:      %[[S:[a-z0-9_]+]] = bolt.ew.add %[[ACC]], %[[B32]] : tensor<16x32xf32>, tensor<32xf32> -> tensor<16x32xf32>
// CHECK-NEXT:      %[[H:[a-z0-9_]+]] = bolt.ew.hardswish %[[S]] : tensor<16x32xf32> -> tensor<16x32xf32>
// CHECK-NEXT:      bolt.yield %[[H]] : tensor<16x32xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[D]] : tensor<16x32xf32>
func.func @half_precision_casts(%a: tensor<16x8xf16>, %w: tensor<8x32xf16>, %b: tensor<32xf16>) -> tensor<16x32xf32> {
  %d = bolt.gemm %a, %w : tensor<16x8xf16>, tensor<8x32xf16> -> tensor<16x32xf16> {
  ^bb0(%acc: tensor<16x32xf32>):
    bolt.yield %acc : tensor<16x32xf32>
  }
  %s = bolt.ew.add %d, %b : tensor<16x32xf16>, tensor<32xf16> -> tensor<16x32xf16>
  %up = bolt.ew.cast %s : tensor<16x32xf16> -> tensor<16x32xf32>
  %down = bolt.ew.cast %up : tensor<16x32xf32> -> tensor<16x32xf16>
  %h = bolt.ew.hardswish %down : tensor<16x32xf16> -> tensor<16x32xf16>
  %out = bolt.ew.cast %h : tensor<16x32xf16> -> tensor<16x32xf32>
  func.return %out : tensor<16x32xf32>
}

// -----

// min, max and select against per-row vectors (EVT column broadcasts) and a scalar.
// CHECK-LABEL: func.func @min_max_select
// CHECK:         bolt.gemm %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} extras(%[[LO:[a-z0-9_]+]], %[[HI:[a-z0-9_]+]] : tensor<16x1xf32>, tensor<16x1xf32>)
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<16x8xf32>, %[[L:[a-z0-9_]+]]: tensor<16x1xf32>, %[[H:[a-z0-9_]+]]: tensor<16x1xf32>):
// CHECK-NEXT:      %[[X:[a-z0-9_]+]] = bolt.ew.max %[[ACC]], %[[L]]
// CHECK-NEXT:      %[[Y:[a-z0-9_]+]] = bolt.ew.min %[[H]], %[[X]]
// CHECK-NEXT:      %[[Z:[a-z0-9_]+]] = bolt.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:      %[[T:[a-z0-9_]+]] = bolt.ew.select ogt %[[Y]], %[[Z]], %[[Y]], %[[Z]]
// CHECK-NEXT:      bolt.yield %[[T]]
// CHECK-NOT:     bolt.ew
func.func @min_max_select(%a: tensor<16x8xf32>, %w: tensor<8x8xf32>, %lo: tensor<16x1xf32>, %hi: tensor<16x1xf32>) -> tensor<16x8xf32> {
  %zero = bolt.constant dense<0.0> : tensor<f32>
  %d = bolt.gemm %a, %w : tensor<16x8xf32>, tensor<8x8xf32> -> tensor<16x8xf32> {
  ^bb0(%acc: tensor<16x8xf32>):
    bolt.yield %acc : tensor<16x8xf32>
  }
  %x = bolt.ew.max %d, %lo : tensor<16x8xf32>, tensor<16x1xf32> -> tensor<16x8xf32>
  %y = bolt.ew.min %hi, %x : tensor<16x1xf32>, tensor<16x8xf32> -> tensor<16x8xf32>
  %t = bolt.ew.select ogt %y, %zero, %y, %zero : tensor<16x8xf32>, tensor<f32>, tensor<16x8xf32>, tensor<f32> -> tensor<16x8xf32>
  func.return %t : tensor<16x8xf32>
}

// -----

// A tree: two GEMMs with their own chains meet in an add; the add (and what follows) joins
// the first one's epilogue and reads the second's result as a residual. An elementwise side
// computation with one use (the gate's sigmoid) is pulled in as a subtree.
// CHECK-LABEL: func.func @tree_of_two_anchors
// CHECK-SAME:    (%[[A:[a-z0-9_]+]]: tensor<16x8xf32>, %[[W0:[a-z0-9_]+]]: tensor<8x8xf32>, %[[W1:[a-z0-9_]+]]: tensor<8x8xf32>, %[[GATE:[a-z0-9_]+]]: tensor<16x8xf32>)
// CHECK:         %[[E:[a-z0-9_]+]] = bolt.gemm %[[A]], %[[W1]] : tensor<16x8xf32>, tensor<8x8xf32> -> tensor<16x8xf32> {
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[ACC1:[a-z0-9_]+]]: tensor<16x8xf32>):
// CHECK-NEXT:      %[[T:[a-z0-9_]+]] = bolt.ew.tanh %[[ACC1]]
// CHECK-NEXT:      bolt.yield %[[T]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[D:[a-z0-9_]+]] = bolt.gemm %[[A]], %[[W0]] extras(%[[E]], %[[GATE]] : tensor<16x8xf32>, tensor<16x8xf32>)
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[ACC0:[a-z0-9_]+]]: tensor<16x8xf32>, %[[R:[a-z0-9_]+]]: tensor<16x8xf32>, %[[G:[a-z0-9_]+]]: tensor<16x8xf32>):
// CHECK-NEXT:      %[[X:[a-z0-9_]+]] = bolt.ew.relu %[[ACC0]]
// CHECK-NEXT:      %[[S:[a-z0-9_]+]] = bolt.ew.add %[[X]], %[[R]]
// CHECK-NEXT:      %[[SG:[a-z0-9_]+]] = bolt.ew.sigmoid %[[G]]
// CHECK-NEXT:      %[[M:[a-z0-9_]+]] = bolt.ew.mul %[[S]], %[[SG]]
// CHECK-NEXT:      bolt.yield %[[M]]
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[D]]
func.func @tree_of_two_anchors(%a: tensor<16x8xf32>, %w0: tensor<8x8xf32>, %w1: tensor<8x8xf32>, %gate: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %d = bolt.gemm %a, %w0 : tensor<16x8xf32>, tensor<8x8xf32> -> tensor<16x8xf32> {
  ^bb0(%acc: tensor<16x8xf32>):
    bolt.yield %acc : tensor<16x8xf32>
  }
  %x = bolt.ew.relu %d : tensor<16x8xf32> -> tensor<16x8xf32>
  %e = bolt.gemm %a, %w1 : tensor<16x8xf32>, tensor<8x8xf32> -> tensor<16x8xf32> {
  ^bb0(%acc: tensor<16x8xf32>):
    bolt.yield %acc : tensor<16x8xf32>
  }
  %t = bolt.ew.tanh %e : tensor<16x8xf32> -> tensor<16x8xf32>
  %s = bolt.ew.add %x, %t : tensor<16x8xf32>, tensor<16x8xf32> -> tensor<16x8xf32>
  %sg = bolt.ew.sigmoid %gate : tensor<16x8xf32> -> tensor<16x8xf32>
  %m = bolt.ew.mul %s, %sg : tensor<16x8xf32>, tensor<16x8xf32> -> tensor<16x8xf32>
  func.return %m : tensor<16x8xf32>
}

// -----

// A batched GEMM, and a plain-store anchor whose region already holds ops (say, from an
// earlier run): the new op appends to the existing epilogue.
// CHECK-LABEL: func.func @batched_existing_epilogue
// CHECK:         bolt.gemm
// CHECK-SAME:      -> tensor<2x4x8xf32> {
// CHECK-NEXT:    ^bb{{[0-9]+}}(%[[ACC:[a-z0-9_]+]]: tensor<2x4x8xf32>, %[[B:[a-z0-9_]+]]: tensor<8xf32>):
// CHECK-NEXT:      %[[S:[a-z0-9_]+]] = bolt.ew.add %[[ACC]], %[[B]]
// CHECK-NEXT:      %[[N:[a-z0-9_]+]] = bolt.ew.neg %[[S]]
// CHECK-NEXT:      %[[E:[a-z0-9_]+]] = bolt.ew.exp %[[N]]
// CHECK-NEXT:      bolt.yield %[[E]]
func.func @batched_existing_epilogue(%a: tensor<2x4x8xf32>, %w: tensor<8x8xf32>, %b: tensor<8xf32>) -> tensor<2x4x8xf32> {
  %d = bolt.gemm %a, %w extras(%b : tensor<8xf32>) : tensor<2x4x8xf32>, tensor<8x8xf32> -> tensor<2x4x8xf32> {
  ^bb0(%acc: tensor<2x4x8xf32>, %bias: tensor<8xf32>):
    %s = bolt.ew.add %acc, %bias : tensor<2x4x8xf32>, tensor<8xf32> -> tensor<2x4x8xf32>
    %n = bolt.ew.neg %s : tensor<2x4x8xf32> -> tensor<2x4x8xf32>
    bolt.yield %n : tensor<2x4x8xf32>
  }
  %e = bolt.ew.exp %d : tensor<2x4x8xf32> -> tensor<2x4x8xf32>
  func.return %e : tensor<2x4x8xf32>
}
