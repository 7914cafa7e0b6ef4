module {
  func.func @main(%arg0: tensor<2x4x6x6xf32>) -> tensor<2x6x6x6xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_6_2_3_3_torch.float32> : tensor<6x2x3x3xf32>
    %cst_1 = arith.constant dense_resource<torch_tensor_6_torch.float32> : tensor<6xf32>
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<2x4x6x6xf32> to tensor<2x4x8x8xf32>
    %0 = tensor.empty() : tensor<2x6x6x6xf32>
    %broadcasted = linalg.broadcast ins(%cst_1 : tensor<6xf32>) outs(%0 : tensor<2x6x6x6xf32>) dimensions = [0, 2, 3] 
    %expanded = tensor.expand_shape %padded [[0], [1, 2], [3], [4]] output_shape [2, 2, 2, 8, 8] : tensor<2x4x8x8xf32> into tensor<2x2x2x8x8xf32>
    %expanded_2 = tensor.expand_shape %cst_0 [[0, 1], [2], [3], [4]] output_shape [2, 3, 2, 3, 3] : tensor<6x2x3x3xf32> into tensor<2x3x2x3x3xf32>
    %expanded_3 = tensor.expand_shape %broadcasted [[0], [1, 2], [3], [4]] output_shape [2, 2, 3, 6, 6] : tensor<2x6x6x6xf32> into tensor<2x2x3x6x6xf32>
    %1 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%expanded, %expanded_2 : tensor<2x2x2x8x8xf32>, tensor<2x3x2x3x3xf32>) outs(%expanded_3 : tensor<2x2x3x6x6xf32>) -> tensor<2x2x3x6x6xf32>
    %collapsed = tensor.collapse_shape %1 [[0], [1, 2], [3], [4]] : tensor<2x2x3x6x6xf32> into tensor<2x6x6x6xf32>
    return %collapsed : tensor<2x6x6x6xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_6_2_3_3_torch.float32: "0x040000002C765D3DC2BF65BD0C60843DE93F45BC1736CE3D18D8653D9DECDDBC3E2143BE4D6C5C3D9DAF55BE51C5FD3C5B52803C424C54BDCE5B453E3EDC803C402CC83DA948CC3DA8620EBED292B9BD931E683EE3676CBE402483BC6C0599BCC4322B3E3391B7BC75377E3DC46039BCF42507BECCCC08BE5485EABD6F405BBE46A31CBEE636633D7CD91E3E093D3E3CE945DDBD8F25D43D654DB9BDC6DC55BD985004BE229397BDAFA45FBE92F8CD3DB8B2BB3DA0C43F3D6E01ED3D6297CC3D08DB2A3C797DCC3C9971933CE6C9003ED821223EBC542D3EA2E40B3EEE616BBD72EA2BBCC43244BD03680C3E6970D63C05635F3EBDD4F43D9E474EBEEC358D3D6EEA673EC262563EE7BE72BBC524A03D456862BE1AE499BD7364EB3D85DE5BBED845523E3EB91EBE76A5983D0B3312BC63202A3D8412BB3C5EA161BE39604FBDD69018BE45314D3E8903EDBC565370BEE4D3693D53A1D13DCB17D8BD9721B5BC20AFD03DDE2C16BE3C2CFFBDA143BABCD47E29BEC256143EA8ED9D3CFC67103E8636013E96013ABE107016BED81525BE64259BBDA365B0BDB28F1BBDAE7D69BEB0D9CB3DB4EC083E4AFD983D945F193EF950353E",
      torch_tensor_6_torch.float32: "0x0400000086436EBE88D5113D32E35F3EBDEA2EBEBCEED6BDCC5D4BBC"
    }
  }
#-}
