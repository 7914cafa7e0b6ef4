#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @main(%arg0: tensor<2x4x6xf16>) -> tensor<2x4x6xf16> {
    %c3_i64 = arith.constant 3 : i64
    %cst = arith.constant 4.470830e-02 : f16
    %cst_0 = arith.constant 7.978520e-01 : f16
    %cst_1 = arith.constant 1.000000e+00 : f16
    %cst_2 = arith.constant 5.000000e-01 : f16
    %0 = tensor.empty() : tensor<2x4x6xf16>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x4x6xf16>) outs(%0 : tensor<2x4x6xf16>) {
    ^bb0(%in: f16, %out: f16):
      %2 = math.fpowi %in, %c3_i64 : f16, i64
      %3 = arith.mulf %2, %cst : f16
      %4 = arith.addf %in, %3 : f16
      %5 = arith.mulf %4, %cst_0 : f16
      %6 = math.tanh %5 : f16
      %7 = arith.addf %6, %cst_1 : f16
      %8 = arith.mulf %7, %cst_2 : f16
      %9 = arith.mulf %in, %8 : f16
      linalg.yield %9 : f16
    } -> tensor<2x4x6xf16>
    return %1 : tensor<2x4x6xf16>
  }
}
