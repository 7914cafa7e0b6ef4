#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @main(%arg0: tensor<2x4x6xf16>) -> tensor<2x4x6xf16> {
    %cst = arith.constant 1.000000e+00 : f16
    %0 = tensor.empty() : tensor<2x4x6xf16>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x4x6xf16>) outs(%0 : tensor<2x4x6xf16>) {
    ^bb0(%in: f16, %out: f16):
      %2 = arith.negf %in : f16
      %3 = math.exp %2 : f16
      %4 = arith.addf %3, %cst : f16
      %5 = arith.divf %cst, %4 : f16
      linalg.yield %5 : f16
    } -> tensor<2x4x6xf16>
    return %1 : tensor<2x4x6xf16>
  }
}
