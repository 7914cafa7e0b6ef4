#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @main(%arg0: tensor<2x4x6xbf16>) -> tensor<2x4x6xbf16> {
    %cst = arith.constant 1.000000e+00 : bf16
    %cst_0 = arith.constant 2.000000e+00 : bf16
    %cst_1 = arith.constant 5.000000e-01 : bf16
    %0 = tensor.empty() : tensor<2x4x6xbf16>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x4x6xbf16>) outs(%0 : tensor<2x4x6xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %2 = math.sqrt %cst_0 : bf16
      %3 = arith.divf %in, %2 : bf16
      %4 = math.erf %3 : bf16
      %5 = arith.addf %4, %cst : bf16
      %6 = arith.mulf %5, %cst_1 : bf16
      %7 = arith.mulf %in, %6 : bf16
      linalg.yield %7 : bf16
    } -> tensor<2x4x6xbf16>
    return %1 : tensor<2x4x6xbf16>
  }
}
