#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @main(%arg0: tensor<3x8xf16>) -> tensor<3x5xf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_5_torch.float16> : tensor<5xf16>
    %cst_1 = arith.constant dense_resource<torch_tensor_5_8_torch.float16> : tensor<5x8xf16>
    %0 = tensor.empty() : tensor<8x5xf16>
    %transposed = linalg.transpose ins(%cst_1 : tensor<5x8xf16>) outs(%0 : tensor<8x5xf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<5xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_0 : tensor<5xf16>) outs(%1 : tensor<5xf32>) {
    ^bb0(%in: f16, %out: f32):
      %13 = arith.extf %in : f16 to f32
      linalg.yield %13 : f32
    } -> tensor<5xf32>
    %3 = tensor.empty() : tensor<3x8xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<3x8xf16>) outs(%3 : tensor<3x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %13 = arith.extf %in : f16 to f32
      linalg.yield %13 : f32
    } -> tensor<3x8xf32>
    %5 = tensor.empty() : tensor<8x5xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<8x5xf16>) outs(%5 : tensor<8x5xf32>) {
    ^bb0(%in: f16, %out: f32):
      %13 = arith.extf %in : f16 to f32
      linalg.yield %13 : f32
    } -> tensor<8x5xf32>
    %7 = tensor.empty() : tensor<3x5xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<3x5xf32>) -> tensor<3x5xf32>
    %9 = linalg.matmul ins(%4, %6 : tensor<3x8xf32>, tensor<8x5xf32>) outs(%8 : tensor<3x5xf32>) -> tensor<3x5xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%9, %2 : tensor<3x5xf32>, tensor<5xf32>) outs(%7 : tensor<3x5xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %13 = arith.addf %in, %in_2 : f32
      linalg.yield %13 : f32
    } -> tensor<3x5xf32>
    %11 = tensor.empty() : tensor<3x5xf16>
    %12 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<3x5xf32>) outs(%11 : tensor<3x5xf16>) {
    ^bb0(%in: f32, %out: f16):
      %13 = arith.truncf %in : f32 to f16
      linalg.yield %13 : f16
    } -> tensor<3x5xf16>
    return %12 : tensor<3x5xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_5_torch.float16: "0x02000000692B62AE18B544314B34",
      torch_tensor_5_8_torch.float16: "0x0200000079333BB49C343D33C13456B498B3623148B59735D12CD829D6B4362FDD302E2B7135CC2E04B5C134AF2F66B132B573326035A2B4F2240F3058B1F3AC8EB359B128B532A0B53281315035F8B491A98235"
    }
  }
#-}
