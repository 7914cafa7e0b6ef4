module {
  func.func @main(%arg0: tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_4_1_3_3_torch.float32> : tensor<4x1x3x3xf32>
    %cst_1 = arith.constant dense_resource<torch_tensor_4_torch.float32> : tensor<4xf32>
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<2x4x6x6xf32> to tensor<2x4x8x8xf32>
    %0 = tensor.empty() : tensor<2x4x6x6xf32>
    %broadcasted = linalg.broadcast ins(%cst_1 : tensor<4xf32>) outs(%0 : tensor<2x4x6x6xf32>) dimensions = [0, 2, 3] 
    %collapsed = tensor.collapse_shape %cst_0 [[0, 1], [2], [3]] : tensor<4x1x3x3xf32> into tensor<4x3x3xf32>
    %1 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %collapsed : tensor<2x4x8x8xf32>, tensor<4x3x3xf32>) outs(%broadcasted : tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
    return %1 : tensor<2x4x6x6xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_1_3_3_torch.float32: "0x040000001E36A9BEE0A186BEBE3212BE5277A1BE00069BBCA02596BE0098393E8E5D263E9BEA803D6F63843E96B705BDC8734C3EBE0A6FBE268786BD9E2C98BE96B3DDBC18745DBE3352993E561A6D3EE0E67F3E407ECA3DB3B942BEDF5C993E9888A6BEC0DA59BEBB2F55BE7E7C0DBE361F883D384781BEA87B83BE503D23BEA854503E0B3276BEFF1199BE12EB93BE10F727BE",
      torch_tensor_4_torch.float32: "0x04000000905EB3BDCB30A9BEDBCE1FBE5620D23B"
    }
  }
#-}
