#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @main(%arg0: tensor<3x8xf32>) -> tensor<3x5xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_5_torch.float32> : tensor<5xf32>
    %cst_1 = arith.constant dense_resource<torch_tensor_5_8_torch.float32> : tensor<5x8xf32>
    %0 = tensor.empty() : tensor<8x5xf32>
    %transposed = linalg.transpose ins(%cst_1 : tensor<5x8xf32>) outs(%0 : tensor<8x5xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<3x5xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<3x5xf32>) -> tensor<3x5xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<3x8xf32>, tensor<8x5xf32>) outs(%2 : tensor<3x5xf32>) -> tensor<3x5xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %cst_0 : tensor<3x5xf32>, tensor<5xf32>) outs(%1 : tensor<3x5xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %5 = arith.addf %in, %in_2 : f32
      linalg.yield %5 : f32
    } -> tensor<3x5xf32>
    return %4 : tensor<3x5xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_5_torch.float32: "0x0400000071226D3D2430CCBD1C07A3BEFE78283EC56C893E",
      torch_tensor_5_8_torch.float32: "0x04000000BE206F3EC05C87BE1085933EE4A6673EFC17983E0DCA8ABEAA0173BEA4452C3EEBF9A8BEFBE9B23E01209A3DB2043B3DA6CD9ABE59BFE63D48AE1B3ED9C1653D391DAE3EF473D93D0384A0BEC018983E81D8F53D40B62CBE6347A6BE51634E3EDA06AC3EAC4F94BE05499E3CB5E3013EFAF72ABEFB6E9EBD78BE71BE0B292BBE8607A5BEDD3F06BC7DA9563EFB15303E140DAA3E11FB9EBE0F2F32BDF13EB03E"
    }
  }
#-}
