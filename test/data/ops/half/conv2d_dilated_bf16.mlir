#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @main(%arg0: tensor<2x4x6x6xbf16>) -> tensor<2x6x6x6xbf16> {
    %cst = arith.constant 0.000000e+00 : bf16
    %cst_0 = arith.constant dense_resource<torch_tensor_6_4_3_3_torch.bfloat16> : tensor<6x4x3x3xbf16>
    %cst_1 = arith.constant dense_resource<torch_tensor_6_torch.bfloat16> : tensor<6xbf16>
    %padded = tensor.pad %arg0 low[0, 0, 2, 2] high[0, 0, 2, 2] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : bf16
    } : tensor<2x4x6x6xbf16> to tensor<2x4x10x10xbf16>
    %0 = tensor.empty() : tensor<2x6x6x6xf32>
    %1 = tensor.empty() : tensor<6xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_1 : tensor<6xbf16>) outs(%1 : tensor<6xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %6 = arith.extf %in : bf16 to f32
      linalg.yield %6 : f32
    } -> tensor<6xf32>
    %broadcasted = linalg.broadcast ins(%2 : tensor<6xf32>) outs(%0 : tensor<2x6x6x6xf32>) dimensions = [0, 2, 3] 
    %3 = linalg.conv_2d_nchw_fchw {dilations = dense<2> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %cst_0 : tensor<2x4x10x10xbf16>, tensor<6x4x3x3xbf16>) outs(%broadcasted : tensor<2x6x6x6xf32>) -> tensor<2x6x6x6xf32>
    %4 = tensor.empty() : tensor<2x6x6x6xbf16>
    %5 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<2x6x6x6xf32>) outs(%4 : tensor<2x6x6x6xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %6 = arith.truncf %in : f32 to bf16
      linalg.yield %6 : bf16
    } -> tensor<2x6x6x6xbf16>
    return %5 : tensor<2x6x6x6xbf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_6_4_3_3_torch.bfloat16: "0x02000000B03D97BD04BDA03D21BECD3D0CBDAE3DBE3CA7BC3D3D073C793D85BD47BC76BCC63C2FBA153E543D7EBDCEBDE5BC93BD5BBD033CCB3DBA3D27BED43D3F3D223EE13D1CBE22BEA5BD163EE3BC923D9FBD273E90BD003E013BB4BDAF3DB5BD493D45BD96BC24BEA3BDB93D26BD2A3E093E00BCE4BDD03D543DDDBDDE3DCF3D173EBFBDE1BC54BBC73C02BEF2BDBA3D20BDA73D1C3C603D163D783DA93D1EBEAC3DF0BD01BE263CE9BCC83DC6BD18BEF83DCABCC03D5B3D00BE093D243DE5BDA2BD693DF53C91BD4FBD1C3EFDBCC03D943DDDBD11BE243E0F3CEA3D0D3D5C3DFF3D223EE3BDAB3CFF3DF73DD43DF7BDF6BDCEBDAC3C2A3ED8BDB63DBDBD20BE11BDC53D1E3ED4BD143D133EE23DD53DF33DD83D303DE9BD0FBE9CBD9FBCD1BD7A3D533D1BBD833D5D3DD03DE63D67BD273E9EBCBCBB21BEDCBDC7BD92BDF33D5FBDFFBD833D5B3DDD3DB1BD143D79BD19BD08BE9CBD51BD923DF93C293D2A3E263EE93DAE3BECBD053E2BBD5DBC13BE07BDDCBD1D3E14BE05BEB9BBB9BD743D83BDA0BD1B3CF73DF0BDA03DDB3D273EEFBD253DFCBD123E84BDCE3DA33B55BCAEBBE83CA13DDB3C503D1ABEF93D153E0D3E",
      torch_tensor_6_torch.bfloat16: "0x02000000FC3DF6BD7DBD163E02BE1B3E"
    }
  }
#-}
