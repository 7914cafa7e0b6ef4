#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
module {
  func.func @main(%arg0: tensor<2x4x6x6xf16>) -> tensor<2x4x1x1xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant 3.600000e+01 : f16
    %0 = tensor.empty() : tensor<2x4x1x1xf16>
    %1 = linalg.fill ins(%cst : f16) outs(%0 : tensor<2x4x1x1xf16>) -> tensor<2x4x1x1xf16>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg0 : tensor<2x4x6x6xf16>) outs(%1 : tensor<2x4x1x1xf16>) {
    ^bb0(%in: f16, %out: f16):
      %4 = arith.addf %in, %out : f16
      linalg.yield %4 : f16
    } -> tensor<2x4x1x1xf16>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x4x1x1xf16>) outs(%0 : tensor<2x4x1x1xf16>) {
    ^bb0(%in: f16, %out: f16):
      %4 = arith.divf %in, %cst_0 : f16
      linalg.yield %4 : f16
    } -> tensor<2x4x1x1xf16>
    return %3 : tensor<2x4x1x1xf16>
  }
}
