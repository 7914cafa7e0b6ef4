#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @main(%arg0: tensor<2x3x8xf16>, %arg1: tensor<2x8x5xf16>) -> tensor<2x3x5xf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<2x3x5xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
    %2 = linalg.batch_matmul ins(%arg0, %arg1 : tensor<2x3x8xf16>, tensor<2x8x5xf16>) outs(%1 : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
    %3 = tensor.empty() : tensor<2x3x5xf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2 : tensor<2x3x5xf32>) outs(%3 : tensor<2x3x5xf16>) {
    ^bb0(%in: f32, %out: f16):
      %5 = arith.truncf %in : f32 to f16
      linalg.yield %5 : f16
    } -> tensor<2x3x5xf16>
    return %4 : tensor<2x3x5xf16>
  }
}
