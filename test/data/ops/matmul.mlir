module {
  func.func @main(%arg0: tensor<3x8xf32>) -> tensor<3x5xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_8_5_torch.float32> : tensor<8x5xf32>
    %0 = tensor.empty() : tensor<3x5xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<3x5xf32>) -> tensor<3x5xf32>
    %2 = linalg.matmul ins(%arg0, %cst_0 : tensor<3x8xf32>, tensor<8x5xf32>) outs(%1 : tensor<3x5xf32>) -> tensor<3x5xf32>
    return %2 : tensor<3x5xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_8_5_torch.float32: "0x04000000AC0071BF12B2A13F0B2E3CBE1A1E1A3E212ADC3D415A8EBE628926C072DC1F3F084D5EBF03FA51BE168DCB3E45802B3FDAFB5BBD83433F3DC830E2BF9CB507C0C571C23F070F2BBF65B3493BA33B1DBEEDDE913F42B66BBE9F07983F508A443F414834BF15CE00408E79693FEEF68D3E9E5B553ED3000F405C77DB3FD78CCABEF91EA33F79E03FBE10460B4065E412BF5AFF4EBFB200943E8C281B3C2FB12DBF"
    }
  }
#-}
