#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2)>
#map2 = affine_map<(d0, d1, d2) -> (d1, 0)>
module {
  func.func @main(%arg0: tensor<2x4x6xf32>, %arg1: tensor<6xf32>, %arg2: tensor<4x1xf32>) -> (tensor<2x4x6xf32>, tensor<2x4x6xf32>) {
    %0 = tensor.empty() : tensor<2x4x6xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %arg1 : tensor<2x4x6xf32>, tensor<6xf32>) outs(%0 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %3 = arith.addf %in, %in_0 : f32
      linalg.yield %3 : f32
    } -> tensor<2x4x6xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %arg2 : tensor<2x4x6xf32>, tensor<4x1xf32>) outs(%0 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %3 = arith.addf %in, %in_0 : f32
      linalg.yield %3 : f32
    } -> tensor<2x4x6xf32>
    return %1, %2 : tensor<2x4x6xf32>, tensor<2x4x6xf32>
  }
}
