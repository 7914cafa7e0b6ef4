// RUN: boltc-opt %s -p import-linalg --split-input-file --verify-diagnostics | filecheck %s
// RUN: boltc-opt %data/encoder_layer.mlir -p import-linalg | filecheck %s --check-prefix=ENCODER

// torch's safe softmax (inside scaled-dot-product attention) asks whether a row is all -inf:
// an andi reduction of x == -inf into a tensor of true. bolt has no boolean tensors: it becomes
// max(x) == -inf, kept as a comparison until the select that reads it.
// CHECK-LABEL: func.func @row_all_minus_inf
// CHECK:       %[[MAX:.+]] = bolt.reduce max %x dims [1] : tensor<2x4xf32> -> tensor<2xf32>
// CHECK:       bolt.ew.select oeq %{{.+}}, %{{.+}}, %{{.+}}, %x
// CHECK-NOT:   i1
#x = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @row_all_minus_inf(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %true = arith.constant true
  %e1 = tensor.empty() : tensor<2x4xi1>
  %is = linalg.generic {indexing_maps = [#x, #x], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x4xf32>) outs(%e1 : tensor<2x4xi1>) {
  ^bb0(%in: f32, %out: i1):
    %c = arith.cmpf oeq, %in, %ninf : f32
    linalg.yield %c : i1
  } -> tensor<2x4xi1>
  %e2 = tensor.empty() : tensor<2xi1>
  %t = linalg.fill ins(%true : i1) outs(%e2 : tensor<2xi1>) -> tensor<2xi1>
  %all = linalg.generic {indexing_maps = [#x, #row], iterator_types = ["parallel", "reduction"]} ins(%is : tensor<2x4xi1>) outs(%t : tensor<2xi1>) {
  ^bb0(%in: i1, %acc: i1):
    %a = arith.andi %in, %acc : i1
    linalg.yield %a : i1
  } -> tensor<2xi1>
  %e3 = tensor.empty() : tensor<2x4xf32>
  %y = linalg.generic {indexing_maps = [#row, #x, #x], iterator_types = ["parallel", "parallel"]} ins(%all, %x : tensor<2xi1>, tensor<2x4xf32>) outs(%e3 : tensor<2x4xf32>) {
  ^bb0(%c: i1, %in: f32, %out: f32):
    %s = arith.select %c, %zero, %in : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  func.return %y : tensor<2x4xf32>
}

// -----

// all(x != 0) has no max/min form: refused, naming the predicate.
// CHECK: error: 'linalg.generic': unsupported reduction body: andi of a 'une' comparison with 0.0 has no max/min form
#x = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @row_all_nonzero(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %zero = arith.constant 0.0 : f32
  %true = arith.constant true
  %e1 = tensor.empty() : tensor<2x4xi1>
  %is = linalg.generic {indexing_maps = [#x, #x], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x4xf32>) outs(%e1 : tensor<2x4xi1>) {
  ^bb0(%in: f32, %out: i1):
    %c = arith.cmpf une, %in, %zero : f32
    linalg.yield %c : i1
  } -> tensor<2x4xi1>
  %e2 = tensor.empty() : tensor<2xi1>
  %t = linalg.fill ins(%true : i1) outs(%e2 : tensor<2xi1>) -> tensor<2xi1>
  %all = linalg.generic {indexing_maps = [#x, #row], iterator_types = ["parallel", "reduction"]} ins(%is : tensor<2x4xi1>) outs(%t : tensor<2xi1>) {
  ^bb0(%in: i1, %acc: i1):
    %a = arith.andi %in, %acc : i1
    linalg.yield %a : i1
  } -> tensor<2xi1>
  %e3 = tensor.empty() : tensor<2x4xf32>
  %y = linalg.generic {indexing_maps = [#row, #x, #x], iterator_types = ["parallel", "parallel"]} ins(%all, %x : tensor<2xi1>, tensor<2x4xf32>) outs(%e3 : tensor<2x4xf32>) {
  ^bb0(%c: i1, %in: f32, %out: f32):
    %s = arith.select %c, %zero, %in : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  func.return %y : tensor<2x4xf32>
}

// The encoder layer of torch.nn, exported by torch-mlir: its safe softmax imports.
// ENCODER:     bolt.reduce max
// ENCODER:     bolt.ew.select oeq
// ENCODER-NOT: error
