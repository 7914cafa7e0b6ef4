#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
module {
  func.func @main(%arg0: tensor<2x4x6x6xbf16>) -> tensor<2x4x1x1xbf16> {
    %cst = arith.constant 0.000000e+00 : bf16
    %cst_0 = arith.constant 3.600000e+01 : bf16
    %0 = tensor.empty() : tensor<2x4x1x1xbf16>
    %1 = linalg.fill ins(%cst : bf16) outs(%0 : tensor<2x4x1x1xbf16>) -> tensor<2x4x1x1xbf16>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg0 : tensor<2x4x6x6xbf16>) outs(%1 : tensor<2x4x1x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %4 = arith.addf %in, %out : bf16
      linalg.yield %4 : bf16
    } -> tensor<2x4x1x1xbf16>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x4x1x1xbf16>) outs(%0 : tensor<2x4x1x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %4 = arith.divf %in, %cst_0 : bf16
      linalg.yield %4 : bf16
    } -> tensor<2x4x1x1xbf16>
    return %3 : tensor<2x4x1x1xbf16>
  }
}
