#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @main(%arg0: tensor<2x4x6xf16>) -> tensor<2x4x6xf16> {
    %cst = arith.constant 4.000000e+00 : f16
    %cst_0 = arith.constant 3.000000e+00 : f32
    %cst_1 = arith.constant 0.000000e+00 : f32
    %cst_2 = arith.constant 6.000000e+00 : f32
    %0 = tensor.empty() : tensor<2x4x6xf16>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x4x6xf16>) outs(%0 : tensor<2x4x6xf16>) {
    ^bb0(%in: f16, %out: f16):
      %10 = arith.mulf %in, %cst : f16
      linalg.yield %10 : f16
    } -> tensor<2x4x6xf16>
    %2 = tensor.empty() : tensor<2x4x6xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<2x4x6xf16>) outs(%2 : tensor<2x4x6xf32>) {
    ^bb0(%in: f16, %out: f32):
      %10 = arith.extf %in : f16 to f32
      linalg.yield %10 : f32
    } -> tensor<2x4x6xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3 : tensor<2x4x6xf32>) outs(%2 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.addf %in, %cst_0 : f32
      linalg.yield %10 : f32
    } -> tensor<2x4x6xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<2x4x6xf32>) outs(%2 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.cmpf ult, %in, %cst_1 : f32
      %11 = arith.select %10, %cst_1, %in : f32
      linalg.yield %11 : f32
    } -> tensor<2x4x6xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<2x4x6xf32>) outs(%2 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.cmpf ugt, %in, %cst_2 : f32
      %11 = arith.select %10, %cst_2, %in : f32
      linalg.yield %11 : f32
    } -> tensor<2x4x6xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %6 : tensor<2x4x6xf32>, tensor<2x4x6xf32>) outs(%2 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %10 = arith.mulf %in, %in_3 : f32
      linalg.yield %10 : f32
    } -> tensor<2x4x6xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7 : tensor<2x4x6xf32>) outs(%2 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.divf %in, %cst_2 : f32
      linalg.yield %10 : f32
    } -> tensor<2x4x6xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8 : tensor<2x4x6xf32>) outs(%0 : tensor<2x4x6xf16>) {
    ^bb0(%in: f32, %out: f16):
      %10 = arith.truncf %in : f32 to f16
      linalg.yield %10 : f16
    } -> tensor<2x4x6xf16>
    return %9 : tensor<2x4x6xf16>
  }
}
