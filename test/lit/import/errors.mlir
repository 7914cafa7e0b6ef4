// What the importer refuses, and how it says so: the op's file:line:col, its name, the reason.
// RUN: boltc-opt %s -p import-linalg --split-input-file --verify-diagnostics | filecheck %s

// CHECK: errors.mlir:7:3: error: 'tensor.splat': boltc has no translation for this op
func.func @splat(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant 1.0 : f32
  %0 = tensor.splat %c : tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// Integer model inputs are not boltc's business.
// CHECK: errors.mlir:{{[0-9]+}}:1: error: 'func.func': unsupported element type i32 in the signature
func.func @ints(%a: tensor<4xi32>) -> tensor<4xi32> {
  func.return %a : tensor<4xi32>
}

// -----

// A scalar op inside a body with no bolt counterpart names that op, not the generic.
// CHECK: error: 'math.sin': boltc has no translation for this op inside a linalg.generic body
#id = affine_map<(d0) -> (d0)>
func.func @sin(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = math.sin %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// A generic that reads its uninitialized output buffer.
// CHECK: error: 'linalg.generic': the body reads an uninitialized tensor.empty
#id2 = affine_map<(d0) -> (d0)>
func.func @reads_empty(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// A reduction whose combiner boltc cannot express (a product).
// CHECK: error: 'linalg.generic': unsupported reduction body
#in = affine_map<(d0) -> (d0)>
#out = affine_map<(d0) -> ()>
func.func @product(%a: tensor<4xf32>) -> tensor<f32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %0 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction"]} ins(%a : tensor<4xf32>) outs(%f : tensor<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %p = arith.mulf %in, %acc : f32
    linalg.yield %p : f32
  } -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

// f64 model outputs are refused (f64 is computed in f32 only inside a model).
// CHECK: error: 'func.func': unsupported element type f64 in the signature
func.func @f64(%a: tensor<4xf64>) -> tensor<4xf64> {
  func.return %a : tensor<4xf64>
}

// -----

// A quantized (integer) matmul is refused at the matmul, naming its element types, rather than
// at the first integer constant it reads.
// CHECK: errors.mlir:{{[0-9]+}}:3: error: 'linalg.matmul': unsupported element types i8 x i8 -> i32: boltc computes in f32, f16 and bf16
#ids = affine_map<(d0, d1) -> (d0, d1)>
func.func @int8_matmul(%a: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %w = arith.constant dense<1> : tensor<8x5xi8>
  %x = arith.constant dense<2> : tensor<3x8xi8>
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<3x5xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<3x5xi32>) -> tensor<3x5xi32>
  %0 = linalg.matmul ins(%x, %w : tensor<3x8xi8>, tensor<8x5xi8>) outs(%f : tensor<3x5xi32>) -> tensor<3x5xi32>
  %e2 = tensor.empty() : tensor<3x5xf32>
  %1 = linalg.generic {indexing_maps = [#ids, #ids], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<3x5xi32>) outs(%e2 : tensor<3x5xf32>) {
  ^bb0(%in: i32, %out: f32):
    %c = arith.sitofp %in : i32 to f32
    linalg.yield %c : f32
  } -> tensor<3x5xf32>
  func.return %1 : tensor<3x5xf32>
}

// -----

// An integer convolution (i8 into i32) likewise, at the convolution.
// CHECK: errors.mlir:{{[0-9]+}}:3: error: 'linalg.conv_2d_nchw_fchw': unsupported element types i8 x i8 -> i32
func.func @int8_conv(%a: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %x = arith.constant dense<1> : tensor<1x3x4x4xi8>
  %w = arith.constant dense<1> : tensor<2x3x3x3xi8>
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x2x2x2xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x3x4x4xi8>, tensor<2x3x3x3xi8>) outs(%f : tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32>
  %e2 = tensor.empty() : tensor<1x2x2x2xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : tensor<1x2x2x2xi32>) outs(%e2 : tensor<1x2x2x2xf32>) {
  ^bb0(%in: i32, %out: f32):
    %c = arith.sitofp %in : i32 to f32
    linalg.yield %c : f32
  } -> tensor<1x2x2x2xf32>
  func.return %1 : tensor<1x2x2x2xf32>
}
