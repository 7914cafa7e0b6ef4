#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @main(%arg0: tensor<2x4x6xf16>) -> tensor<2x4x6xf16> {
    %cst = arith.constant 1.000000e+00 : f32
    %0 = tensor.empty() : tensor<2x4x6xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x4x6xf16>) outs(%0 : tensor<2x4x6xf32>) {
    ^bb0(%in: f16, %out: f32):
      %6 = arith.extf %in : f16 to f32
      linalg.yield %6 : f32
    } -> tensor<2x4x6xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<2x4x6xf32>) outs(%0 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.negf %in : f32
      %7 = math.exp %6 : f32
      %8 = arith.addf %7, %cst : f32
      %9 = arith.divf %cst, %8 : f32
      linalg.yield %9 : f32
    } -> tensor<2x4x6xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %2 : tensor<2x4x6xf32>, tensor<2x4x6xf32>) outs(%0 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %6 = arith.mulf %in, %in_0 : f32
      linalg.yield %6 : f32
    } -> tensor<2x4x6xf32>
    %4 = tensor.empty() : tensor<2x4x6xf16>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3 : tensor<2x4x6xf32>) outs(%4 : tensor<2x4x6xf16>) {
    ^bb0(%in: f32, %out: f16):
      %6 = arith.truncf %in : f32 to f16
      linalg.yield %6 : f16
    } -> tensor<2x4x6xf16>
    return %5 : tensor<2x4x6xf16>
  }
}
