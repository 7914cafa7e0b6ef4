#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @main(%arg0: tensor<2x4x6x6xbf16>) -> tensor<2x6x6x6xbf16> {
    %cst = arith.constant 0.000000e+00 : bf16
    %cst_0 = arith.constant dense_resource<torch_tensor_6_2_3_3_torch.bfloat16> : tensor<6x2x3x3xbf16>
    %cst_1 = arith.constant dense_resource<torch_tensor_6_torch.bfloat16> : tensor<6xbf16>
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : bf16
    } : tensor<2x4x6x6xbf16> to tensor<2x4x8x8xbf16>
    %0 = tensor.empty() : tensor<2x6x6x6xf32>
    %1 = tensor.empty() : tensor<6xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_1 : tensor<6xbf16>) outs(%1 : tensor<6xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %6 = arith.extf %in : bf16 to f32
      linalg.yield %6 : f32
    } -> tensor<6xf32>
    %broadcasted = linalg.broadcast ins(%2 : tensor<6xf32>) outs(%0 : tensor<2x6x6x6xf32>) dimensions = [0, 2, 3] 
    %expanded = tensor.expand_shape %padded [[0], [1, 2], [3], [4]] output_shape [2, 2, 2, 8, 8] : tensor<2x4x8x8xbf16> into tensor<2x2x2x8x8xbf16>
    %expanded_2 = tensor.expand_shape %cst_0 [[0, 1], [2], [3], [4]] output_shape [2, 3, 2, 3, 3] : tensor<6x2x3x3xbf16> into tensor<2x3x2x3x3xbf16>
    %expanded_3 = tensor.expand_shape %broadcasted [[0], [1, 2], [3], [4]] output_shape [2, 2, 3, 6, 6] : tensor<2x6x6x6xf32> into tensor<2x2x3x6x6xf32>
    %3 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%expanded, %expanded_2 : tensor<2x2x2x8x8xbf16>, tensor<2x3x2x3x3xbf16>) outs(%expanded_3 : tensor<2x2x3x6x6xf32>) -> tensor<2x2x3x6x6xf32>
    %collapsed = tensor.collapse_shape %3 [[0], [1, 2], [3], [4]] : tensor<2x2x3x6x6xf32> into tensor<2x6x6x6xf32>
    %4 = tensor.empty() : tensor<2x6x6x6xbf16>
    %5 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed : tensor<2x6x6x6xf32>) outs(%4 : tensor<2x6x6x6xbf16>) {
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
      torch_tensor_6_2_3_3_torch.bfloat16: "0x020000005D3D66BD843D45BCCE3D663DDEBC43BE5C3D56BEFE3C803C54BD453E813CC83DCC3D0EBEBABD683E6CBE83BC99BC2B3EB8BC7E3D39BC07BE09BEEBBD5BBE1DBE633D1F3E3E3CDDBDD43DB9BD56BD04BE98BD60BECE3DBC3D403DED3DCD3D2B3CCC3C933C013E223E2D3E0C3E6BBD2CBC44BD0C3ED63C5F3EF53D4EBE8D3D683E563E73BBA03D62BE9ABDEB3D5CBE523E1FBE993D12BC2A3DBB3C62BE4FBD19BE4D3EEDBC70BE6A3DD23DD8BDB5BCD13D16BEFFBDBABC29BE143E9E3C103E013E3ABE16BE25BE9BBDB0BD1CBD69BECC3D093E993D193E353E",
      torch_tensor_6_torch.bfloat16: "0x020000006EBE123D603E2FBED7BD4BBC"
    }
  }
#-}
