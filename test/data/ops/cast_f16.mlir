#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @main(%arg0: tensor<2x4x6xf32>) -> tensor<2x4x6xf32> {
    %0 = tensor.empty() : tensor<2x4x6xf16>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x4x6xf32>) outs(%0 : tensor<2x4x6xf16>) {
    ^bb0(%in: f32, %out: f16):
      %4 = arith.truncf %in : f32 to f16
      linalg.yield %4 : f16
    } -> tensor<2x4x6xf16>
    %2 = tensor.empty() : tensor<2x4x6xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<2x4x6xf16>) outs(%2 : tensor<2x4x6xf32>) {
    ^bb0(%in: f16, %out: f32):
      %4 = arith.extf %in : f16 to f32
      linalg.yield %4 : f32
    } -> tensor<2x4x6xf32>
    return %3 : tensor<2x4x6xf32>
  }
}
