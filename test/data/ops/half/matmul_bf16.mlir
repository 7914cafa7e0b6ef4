#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<3x8xbf16>) -> tensor<3x5xbf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_8_5_torch.bfloat16> : tensor<8x5xbf16>
    %0 = tensor.empty() : tensor<3x5xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<3x5xf32>) -> tensor<3x5xf32>
    %2 = linalg.matmul ins(%arg0, %cst_0 : tensor<3x8xbf16>, tensor<8x5xbf16>) outs(%1 : tensor<3x5xf32>) -> tensor<3x5xf32>
    %3 = tensor.empty() : tensor<3x5xbf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<3x5xf32>) outs(%3 : tensor<3x5xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %5 = arith.truncf %in : f32 to bf16
      linalg.yield %5 : bf16
    } -> tensor<3x5xbf16>
    return %4 : tensor<3x5xbf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_8_5_torch.bfloat16: "0x0200000071BFA23F3CBE1A3EDC3D8EBE27C0203F5EBF52BECC3E2C3F5CBD3F3DE2BF08C0C23F2BBF4A3B1DBE923F6CBE983F453F34BF0140693F8E3E553E0F40DB3FCBBEA33F40BE0B4013BF4FBF943E1B3C2EBF"
    }
  }
#-}
