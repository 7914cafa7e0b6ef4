#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @main(%arg0: tensor<2x4x6x6xf16>) -> tensor<2x4x6x6xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant dense_resource<torch_tensor_4_1_3_3_torch.float16> : tensor<4x1x3x3xf16>
    %cst_1 = arith.constant dense_resource<torch_tensor_4_torch.float16> : tensor<4xf16>
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<2x4x6x6xf16> to tensor<2x4x8x8xf16>
    %0 = tensor.empty() : tensor<2x4x6x6xf32>
    %1 = tensor.empty() : tensor<4xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_1 : tensor<4xf16>) outs(%1 : tensor<4xf32>) {
    ^bb0(%in: f16, %out: f32):
      %6 = arith.extf %in : f16 to f32
      linalg.yield %6 : f32
    } -> tensor<4xf32>
    %broadcasted = linalg.broadcast ins(%2 : tensor<4xf32>) outs(%0 : tensor<2x4x6x6xf32>) dimensions = [0, 2, 3] 
    %collapsed = tensor.collapse_shape %cst_0 [[0, 1], [2], [3]] : tensor<4x1x3x3xf16> into tensor<4x3x3xf16>
    %3 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %collapsed : tensor<2x4x8x8xf16>, tensor<4x3x3xf16>) outs(%broadcasted : tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
    %4 = tensor.empty() : tensor<2x4x6x6xf16>
    %5 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<2x4x6x6xf32>) outs(%4 : tensor<2x4x6x6xf16>) {
    ^bb0(%in: f32, %out: f16):
      %6 = arith.truncf %in : f32 to f16
      linalg.yield %6 : f16
    } -> tensor<2x4x6x6xf16>
    return %5 : tensor<2x4x6x6xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_1_3_3_torch.float16: "0x020000004AB535B492B00CB5D8A4B1B4CD313331072C23342EA8643278B334ACC1B4EEA6ECB2CB346933FF33542E16B2CB3434B5CFB2A9B26CB0412C0AB41CB41AB18332B2B3C9B49FB440B1",
      torch_tensor_4_torch.float16: "0x020000009BAD4AB5FEB0911E"
    }
  }
#-}
