#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @main(%arg0: tensor<2x4x6xbf16>) -> tensor<2x4x6xbf16> {
    %cst = arith.constant 1.000000e+00 : bf16
    %0 = tensor.empty() : tensor<2x4x6xbf16>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x4x6xbf16>) outs(%0 : tensor<2x4x6xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %2 = arith.negf %in : bf16
      %3 = math.exp %2 : bf16
      %4 = arith.addf %3, %cst : bf16
      %5 = arith.divf %cst, %4 : bf16
      linalg.yield %5 : bf16
    } -> tensor<2x4x6xbf16>
    return %1 : tensor<2x4x6xbf16>
  }
}
