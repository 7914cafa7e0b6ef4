#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @main(%arg0: tensor<2x4x6xbf16>) -> tensor<2x4x6xbf16> {
    %c3_i64 = arith.constant 3 : i64
    %cst = arith.constant 4.467770e-02 : bf16
    %cst_0 = arith.constant 7.968750e-01 : bf16
    %cst_1 = arith.constant 1.000000e+00 : bf16
    %cst_2 = arith.constant 5.000000e-01 : bf16
    %0 = tensor.empty() : tensor<2x4x6xbf16>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x4x6xbf16>) outs(%0 : tensor<2x4x6xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %2 = math.fpowi %in, %c3_i64 : bf16, i64
      %3 = arith.mulf %2, %cst : bf16
      %4 = arith.addf %in, %3 : bf16
      %5 = arith.mulf %4, %cst_0 : bf16
      %6 = math.tanh %5 : bf16
      %7 = arith.addf %6, %cst_1 : bf16
      %8 = arith.mulf %7, %cst_2 : bf16
      %9 = arith.mulf %in, %8 : bf16
      linalg.yield %9 : bf16
    } -> tensor<2x4x6xbf16>
    return %1 : tensor<2x4x6xbf16>
  }
}
