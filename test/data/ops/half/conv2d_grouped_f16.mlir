#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @main(%arg0: tensor<2x4x6x6xf16>) -> tensor<2x6x6x6xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant dense_resource<torch_tensor_6_2_3_3_torch.float16> : tensor<6x2x3x3xf16>
    %cst_1 = arith.constant dense_resource<torch_tensor_6_torch.float16> : tensor<6xf16>
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<2x4x6x6xf16> to tensor<2x4x8x8xf16>
    %0 = tensor.empty() : tensor<2x6x6x6xf32>
    %1 = tensor.empty() : tensor<6xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_1 : tensor<6xf16>) outs(%1 : tensor<6xf32>) {
    ^bb0(%in: f16, %out: f32):
      %6 = arith.extf %in : f16 to f32
      linalg.yield %6 : f32
    } -> tensor<6xf32>
    %broadcasted = linalg.broadcast ins(%2 : tensor<6xf32>) outs(%0 : tensor<2x6x6x6xf32>) dimensions = [0, 2, 3] 
    %expanded = tensor.expand_shape %padded [[0], [1, 2], [3], [4]] output_shape [2, 2, 2, 8, 8] : tensor<2x4x8x8xf16> into tensor<2x2x2x8x8xf16>
    %expanded_2 = tensor.expand_shape %cst_0 [[0, 1], [2], [3], [4]] output_shape [2, 3, 2, 3, 3] : tensor<6x2x3x3xf16> into tensor<2x3x2x3x3xf16>
    %expanded_3 = tensor.expand_shape %broadcasted [[0], [1, 2], [3], [4]] output_shape [2, 2, 3, 6, 6] : tensor<2x6x6x6xf32> into tensor<2x2x3x6x6xf32>
    %3 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%expanded, %expanded_2 : tensor<2x2x2x8x8xf16>, tensor<2x3x2x3x3xf16>) outs(%expanded_3 : tensor<2x2x3x6x6xf32>) -> tensor<2x2x3x6x6xf32>
    %collapsed = tensor.collapse_shape %3 [[0], [1, 2], [3], [4]] : tensor<2x2x3x6x6xf32> into tensor<2x6x6x6xf32>
    %4 = tensor.empty() : tensor<2x6x6x6xf16>
    %5 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed : tensor<2x6x6x6xf32>) outs(%4 : tensor<2x6x6x6xf16>) {
    ^bb0(%in: f32, %out: f16):
      %6 = arith.truncf %in : f32 to f16
      linalg.yield %6 : f16
    } -> tensor<2x6x6x6xf16>
    return %5 : tensor<2x6x6x6xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_6_2_3_3_torch.float16: "0x02000000EC2A2EAB232C2AA2722E2F2BEFA619B2E32AADB2EE270324A2AA2B320724412E622E73B0CDAD413363B319A4C8A45A31BDA5F22BCBA139B046B054AFDAB2E5B01A2BF730F221EAAEA12ECAADAFAA23B0BDACFDB2702EDE2DFE29682F652E572164269C24063011316B315F305BAB5FA122AA6330B426FB32A72F72B26A2C3F33B332969B012D13B3CFAC5B2FDFB29232F6B0C52C92A05129D9250DB37BAAC5B06A3268A783B34F2B8D2EC1AEA9A5852EB1B0F9AFD2A54CB1A330EF2483300A30D0B1B4B029B1D9AC83ADDCA84CB35F2E4730C82CCB30AB31",
      torch_tensor_6_torch.float16: "0x0200000072B38F28FF3277B1B7AE5BA2"
    }
  }
#-}
