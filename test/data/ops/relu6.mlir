#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> ()>
module {
  func.func @main(%arg0: tensor<2x4x6xf32>) -> tensor<2x4x6xf32> {
    %cst = arith.constant dense<6.000000e+00> : tensor<f32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_1 = arith.constant 4.000000e+00 : f32
    %0 = tensor.empty() : tensor<2x4x6xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x4x6xf32>) outs(%0 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.mulf %in, %cst_1 : f32
      linalg.yield %4 : f32
    } -> tensor<2x4x6xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %cst_0 : tensor<2x4x6xf32>, tensor<f32>) outs(%0 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %4 = arith.cmpf ogt, %in, %in_2 : f32
      %5 = arith.select %4, %in, %in_2 : f32
      linalg.yield %5 : f32
    } -> tensor<2x4x6xf32>
    %3 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst, %2 : tensor<f32>, tensor<2x4x6xf32>) outs(%0 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %4 = arith.cmpf olt, %in, %in_2 : f32
      %5 = arith.select %4, %in, %in_2 : f32
      linalg.yield %5 : f32
    } -> tensor<2x4x6xf32>
    return %3 : tensor<2x4x6xf32>
  }
}
