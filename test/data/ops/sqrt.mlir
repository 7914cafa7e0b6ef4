#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @main(%arg0: tensor<2x4x6xf32>) -> tensor<2x4x6xf32> {
    %cst = arith.constant 1.000000e+00 : f32
    %0 = tensor.empty() : tensor<2x4x6xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x4x6xf32>) outs(%0 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = math.absf %in : f32
      linalg.yield %4 : f32
    } -> tensor<2x4x6xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<2x4x6xf32>) outs(%0 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.addf %in, %cst : f32
      linalg.yield %4 : f32
    } -> tensor<2x4x6xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2 : tensor<2x4x6xf32>) outs(%0 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = math.sqrt %in : f32
      linalg.yield %4 : f32
    } -> tensor<2x4x6xf32>
    return %3 : tensor<2x4x6xf32>
  }
}
