#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @main(%arg0: tensor<2x4x6x6xbf16>) -> tensor<2x4x6x6xbf16> {
    %cst = arith.constant 0.000000e+00 : bf16
    %cst_0 = arith.constant dense_resource<torch_tensor_4_1_3_3_torch.bfloat16> : tensor<4x1x3x3xbf16>
    %cst_1 = arith.constant dense_resource<torch_tensor_4_torch.bfloat16> : tensor<4xbf16>
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : bf16
    } : tensor<2x4x6x6xbf16> to tensor<2x4x8x8xbf16>
    %0 = tensor.empty() : tensor<2x4x6x6xf32>
    %1 = tensor.empty() : tensor<4xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_1 : tensor<4xbf16>) outs(%1 : tensor<4xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %6 = arith.extf %in : bf16 to f32
      linalg.yield %6 : f32
    } -> tensor<4xf32>
    %broadcasted = linalg.broadcast ins(%2 : tensor<4xf32>) outs(%0 : tensor<2x4x6x6xf32>) dimensions = [0, 2, 3] 
    %collapsed = tensor.collapse_shape %cst_0 [[0, 1], [2], [3]] : tensor<4x1x3x3xbf16> into tensor<4x3x3xbf16>
    %3 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %collapsed : tensor<2x4x8x8xbf16>, tensor<4x3x3xbf16>) outs(%broadcasted : tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
    %4 = tensor.empty() : tensor<2x4x6x6xbf16>
    %5 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<2x4x6x6xf32>) outs(%4 : tensor<2x4x6x6xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %6 = arith.truncf %in : f32 to bf16
      linalg.yield %6 : bf16
    } -> tensor<2x4x6x6xbf16>
    return %5 : tensor<2x4x6x6xbf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_1_3_3_torch.bfloat16: "0x02000000A9BE87BE12BEA1BE9BBC96BE3A3E263E813D843E06BD4C3E6FBE87BD98BEDEBC5DBE993E6D3E803ECA3D43BE993EA7BE5ABE55BE0DBE883D81BE83BE23BE503E76BE99BE94BE28BE",
      torch_tensor_4_torch.bfloat16: "0x02000000B3BDA9BE20BED23B"
    }
  }
#-}
