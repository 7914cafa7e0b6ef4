#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<3x8xf16>) -> tensor<3x5xf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_8_5_torch.float16> : tensor<8x5xf16>
    %0 = tensor.empty() : tensor<3x5xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<3x5xf32>) -> tensor<3x5xf32>
    %2 = linalg.matmul ins(%arg0, %cst_0 : tensor<3x8xf16>, tensor<8x5xf16>) outs(%1 : tensor<3x5xf32>) -> tensor<3x5xf32>
    %3 = tensor.empty() : tensor<3x5xf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<3x5xf32>) outs(%3 : tensor<3x5xf16>) {
    ^bb0(%in: f32, %out: f16):
      %5 = arith.truncf %in : f32 to f16
      linalg.yield %5 : f16
    } -> tensor<3x5xf16>
    return %4 : tensor<3x5xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_8_5_torch.float16: "0x0200000088BB0E3DE1B1D130E12E73B434C1FF38F2BA90B25C365C39E0AAFA2912BF3EC0143E58B94E1AEAB08F3C5EB3C03C243AA2B906404C3B7034AB327840DC3E54B6193DFFB15A4097B878BAA034D9206EB9"
    }
  }
#-}
