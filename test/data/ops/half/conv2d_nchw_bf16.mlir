#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @main(%arg0: tensor<2x4x6x6xbf16>) -> tensor<2x6x3x3xbf16> {
    %cst = arith.constant 0.000000e+00 : bf16
    %cst_0 = arith.constant dense_resource<torch_tensor_6_4_3_3_torch.bfloat16> : tensor<6x4x3x3xbf16>
    %cst_1 = arith.constant dense_resource<torch_tensor_6_torch.bfloat16> : tensor<6xbf16>
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : bf16
    } : tensor<2x4x6x6xbf16> to tensor<2x4x8x8xbf16>
    %0 = tensor.empty() : tensor<2x6x3x3xf32>
    %1 = tensor.empty() : tensor<6xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_1 : tensor<6xbf16>) outs(%1 : tensor<6xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %6 = arith.extf %in : bf16 to f32
      linalg.yield %6 : f32
    } -> tensor<6xf32>
    %broadcasted = linalg.broadcast ins(%2 : tensor<6xf32>) outs(%0 : tensor<2x6x3x3xf32>) dimensions = [0, 2, 3] 
    %3 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %cst_0 : tensor<2x4x8x8xbf16>, tensor<6x4x3x3xbf16>) outs(%broadcasted : tensor<2x6x3x3xf32>) -> tensor<2x6x3x3xf32>
    %4 = tensor.empty() : tensor<2x6x3x3xbf16>
    %5 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<2x6x3x3xf32>) outs(%4 : tensor<2x6x3x3xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %6 = arith.truncf %in : f32 to bf16
      linalg.yield %6 : bf16
    } -> tensor<2x6x3x3xbf16>
    return %5 : tensor<2x6x3x3xbf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_6_4_3_3_torch.bfloat16: "0x02000000A4BAB73D0CBEFBBD83BD373D58BB073E72BC353D4EBD06BD23BEE2BD8DBDCA3B873DCD3DE7BD95BD783D0E3E0CBDFF3DDCBC903C1B3E1EBED7BD2DBD85BD133EDDBD9DBDEEBD20BEC7BD133E983DA53D103CAFBDE73C1FBEF7BDB0BDD73DC83D97BDC5BBDA3D2A3E873DB83CE53DC9BDFE3C04BEEDBDB0BD9A3D893DCABD4E3DBB3DACBCD13B1E3DD43D243E04BE7ABD863D0D3E153E173E083D14BE7B3CD6BD1FBE183E023E2ABE003DE6BCE1BC9CBD833DCABD7A3DAD3DF43D7F3D29BEDDBDAA3D0F3D05BEC5BD213EE63D95BD2CBD23BE44BB01BE04BE16BCCD3C8CBDCB3DD0BD1B3EEA3D10BE2ABDF63BC73C223D863D243CA7BDA23D24BECABD2BBDA6BD6FBD0CBE11BD123DDEBD0CBCF43D8CBC983B6CBC0A3DD93D223ED93D223E45BC19BEA2BDE83D8EBAAABD03BE20BE10BE0ABDBB3DB93D25BED53D06BE10BD8ABD03BD06BD19BE13BED6BC0D3B9BBD813D1ABE38BC163E8BBD1A3E773D1ABED83D9EBC98BD083E0ABE933C0FBDF43D3F3DA43D713D24BD10BD0DBEB93D083EEA3DF1BDF43BF1BDBCBDC7BD693DCBBD6EBBE63BDC3D01BEEABDC6BDEF3D75BD103E773DAD3CA3BA07BDAB3C1CBD99BAAE3C",
      torch_tensor_6_torch.bfloat16: "0x0200000005BEB3BD0A3E0BBE44BC293E"
    }
  }
#-}
