#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
module {
  func.func @main(%arg0: tensor<2x4x6xbf16>) -> tensor<2x4x6xbf16> {
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant dense_resource<torch_tensor_6_torch.bfloat16_1> : tensor<6xbf16>
    %cst_2 = arith.constant dense_resource<torch_tensor_6_torch.bfloat16> : tensor<6xbf16>
    %cst_3 = arith.constant 1.000000e-05 : f64
    %cst_4 = arith.constant 6.000000e+00 : f64
    %cst_5 = arith.constant 6.000000e+00 : f32
    %0 = tensor.empty() : tensor<2x4x6xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x4x6xbf16>) outs(%0 : tensor<2x4x6xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %25 = arith.extf %in : bf16 to f32
      linalg.yield %25 : f32
    } -> tensor<2x4x6xf32>
    %2 = tensor.empty() : tensor<2x4x6xf64>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<2x4x6xf32>) outs(%2 : tensor<2x4x6xf64>) {
    ^bb0(%in: f32, %out: f64):
      %25 = arith.extf %in : f32 to f64
      linalg.yield %25 : f64
    } -> tensor<2x4x6xf64>
    %4 = tensor.empty() : tensor<2x4x1xf64>
    %5 = linalg.fill ins(%cst : f64) outs(%4 : tensor<2x4x1xf64>) -> tensor<2x4x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%3 : tensor<2x4x6xf64>) outs(%5 : tensor<2x4x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %25 = arith.addf %in, %out : f64
      linalg.yield %25 : f64
    } -> tensor<2x4x1xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<2x4x1xf64>) outs(%4 : tensor<2x4x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %25 = arith.divf %in, %cst_4 : f64
      linalg.yield %25 : f64
    } -> tensor<2x4x1xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %7 : tensor<2x4x6xf64>, tensor<2x4x1xf64>) outs(%2 : tensor<2x4x6xf64>) {
    ^bb0(%in: f64, %in_6: f64, %out: f64):
      %25 = arith.subf %in, %in_6 : f64
      linalg.yield %25 : f64
    } -> tensor<2x4x6xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %8 : tensor<2x4x6xf64>, tensor<2x4x6xf64>) outs(%2 : tensor<2x4x6xf64>) {
    ^bb0(%in: f64, %in_6: f64, %out: f64):
      %25 = arith.mulf %in, %in_6 : f64
      linalg.yield %25 : f64
    } -> tensor<2x4x6xf64>
    %10 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%9 : tensor<2x4x6xf64>) outs(%5 : tensor<2x4x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %25 = arith.addf %in, %out : f64
      linalg.yield %25 : f64
    } -> tensor<2x4x1xf64>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<2x4x1xf64>) outs(%4 : tensor<2x4x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %25 = arith.divf %in, %cst_4 : f64
      linalg.yield %25 : f64
    } -> tensor<2x4x1xf64>
    %12 = tensor.empty() : tensor<2x4x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<2x4x1xf64>) outs(%12 : tensor<2x4x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %25 = arith.truncf %in : f64 to f32
      linalg.yield %25 : f32
    } -> tensor<2x4x1xf32>
    %14 = linalg.fill ins(%cst_0 : f32) outs(%12 : tensor<2x4x1xf32>) -> tensor<2x4x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<2x4x6xf32>) outs(%14 : tensor<2x4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.addf %in, %out : f32
      linalg.yield %25 : f32
    } -> tensor<2x4x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<2x4x1xf32>) outs(%12 : tensor<2x4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.divf %in, %cst_5 : f32
      linalg.yield %25 : f32
    } -> tensor<2x4x1xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<2x4x1xf32>) outs(%12 : tensor<2x4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.truncf %cst_3 : f64 to f32
      %26 = arith.addf %in, %25 : f32
      linalg.yield %26 : f32
    } -> tensor<2x4x1xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<2x4x1xf32>) outs(%12 : tensor<2x4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = math.rsqrt %in : f32
      linalg.yield %25 : f32
    } -> tensor<2x4x1xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %16 : tensor<2x4x6xf32>, tensor<2x4x1xf32>) outs(%0 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %25 = arith.subf %in, %in_6 : f32
      linalg.yield %25 : f32
    } -> tensor<2x4x6xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %18 : tensor<2x4x6xf32>, tensor<2x4x1xf32>) outs(%0 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %25 = arith.mulf %in, %in_6 : f32
      linalg.yield %25 : f32
    } -> tensor<2x4x6xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %cst_2 : tensor<2x4x6xf32>, tensor<6xbf16>) outs(%0 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %in_6: bf16, %out: f32):
      %25 = arith.extf %in_6 : bf16 to f32
      %26 = arith.mulf %in, %25 : f32
      linalg.yield %26 : f32
    } -> tensor<2x4x6xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21, %cst_1 : tensor<2x4x6xf32>, tensor<6xbf16>) outs(%0 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %in_6: bf16, %out: f32):
      %25 = arith.extf %in_6 : bf16 to f32
      %26 = arith.addf %in, %25 : f32
      linalg.yield %26 : f32
    } -> tensor<2x4x6xf32>
    %23 = tensor.empty() : tensor<2x4x6xbf16>
    %24 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<2x4x6xf32>) outs(%23 : tensor<2x4x6xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %25 = arith.truncf %in : f32 to bf16
      linalg.yield %25 : bf16
    } -> tensor<2x4x6xbf16>
    return %24 : tensor<2x4x6xbf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_6_torch.bfloat16_1: "0x02000000C83E2B3F953F913E133E2EBE",
      torch_tensor_6_torch.bfloat16: "0x02000000653F393FF43F493F643F013F"
    }
  }
#-}
