#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @main(%arg0: tensor<3x8xbf16>) -> tensor<3x5xbf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_5_torch.bfloat16> : tensor<5xbf16>
    %cst_1 = arith.constant dense_resource<torch_tensor_5_8_torch.bfloat16> : tensor<5x8xbf16>
    %0 = tensor.empty() : tensor<8x5xbf16>
    %transposed = linalg.transpose ins(%cst_1 : tensor<5x8xbf16>) outs(%0 : tensor<8x5xbf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<5xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_0 : tensor<5xbf16>) outs(%1 : tensor<5xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %13 = arith.extf %in : bf16 to f32
      linalg.yield %13 : f32
    } -> tensor<5xf32>
    %3 = tensor.empty() : tensor<3x8xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<3x8xbf16>) outs(%3 : tensor<3x8xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %13 = arith.extf %in : bf16 to f32
      linalg.yield %13 : f32
    } -> tensor<3x8xf32>
    %5 = tensor.empty() : tensor<8x5xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<8x5xbf16>) outs(%5 : tensor<8x5xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %13 = arith.extf %in : bf16 to f32
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
    %11 = tensor.empty() : tensor<3x5xbf16>
    %12 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<3x5xf32>) outs(%11 : tensor<3x5xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %13 = arith.truncf %in : f32 to bf16
      linalg.yield %13 : bf16
    } -> tensor<3x5xbf16>
    return %12 : tensor<3x5xbf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_5_torch.bfloat16: "0x020000006D3DCCBDA3BE283E893E",
      torch_tensor_5_8_torch.bfloat16: "0x020000006F3E87BE943E683E983E8BBE73BE2C3EA9BEB33E9A3D3B3D9BBEE73D1C3E663DAE3ED93DA1BE983EF63D2DBEA6BE4E3EAC3E94BE9E3C023E2BBE9EBD72BE2BBEA5BE06BC573E303EAA3E9FBE32BDB03E"
    }
  }
#-}
