#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @main(%arg0: tensor<2x4x6x6xf16>) -> tensor<2x6x6x6xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant dense_resource<torch_tensor_6_4_3_3_torch.float16> : tensor<6x4x3x3xf16>
    %cst_1 = arith.constant dense_resource<torch_tensor_6_torch.float16> : tensor<6xf16>
    %padded = tensor.pad %arg0 low[0, 0, 2, 2] high[0, 0, 2, 2] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<2x4x6x6xf16> to tensor<2x4x10x10xf16>
    %0 = tensor.empty() : tensor<2x6x6x6xf32>
    %1 = tensor.empty() : tensor<6xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_1 : tensor<6xf16>) outs(%1 : tensor<6xf32>) {
    ^bb0(%in: f16, %out: f32):
      %6 = arith.extf %in : f16 to f32
      linalg.yield %6 : f32
    } -> tensor<6xf32>
    %broadcasted = linalg.broadcast ins(%2 : tensor<6xf32>) outs(%0 : tensor<2x6x6x6xf32>) dimensions = [0, 2, 3] 
    %3 = linalg.conv_2d_nchw_fchw {dilations = dense<2> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %cst_0 : tensor<2x4x10x10xf16>, tensor<6x4x3x3xf16>) outs(%broadcasted : tensor<2x6x6x6xf32>) -> tensor<2x6x6x6xf32>
    %4 = tensor.empty() : tensor<2x6x6x6xf16>
    %5 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<2x6x6x6xf32>) outs(%4 : tensor<2x6x6x6xf16>) {
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
      torch_tensor_6_4_3_3_torch.float16: "0x020000007F2DB5AC23A8022D05B1662E64A86D2DEE2539A5EB293620CB2B28AC39A2AFA32F267491AA30A42AF2AB71AE27A79AACD6AA16205C2ECC2D37B19D2EF6290F310A2FDCB012B125ADAF301BA7912CF5AC3C3183AC00300B189FAD7C2DA9AD462A29AAAEA421B116ADCA2D30A950314630FE9F1FAF7F2E9F2AE5AEEE2E7A2EBB30FBAD06A79D9A3B260CB092AFCD2D01A9362DDD20012BB128C22B4A2DF0B05E2D80AF06B0312145A7442E2DAEBEB0C32F54A6002EDC2A00B04928202924AF10AD462BA4278AAC75AAE230E5A7042E9E2CE5AE89B01F317520502F6C28DC2AF82F0F3114AF5625F62FBA2FA02EB8AFAEAF73AE5C255131BDAEAF2DE7AD04B189A8252EF430A0AEA1289A30112FA62E952FBF2E83294BAF7BB0E3ACF8A48AAECE2B9A2AD5A81A2CE52A832E2F2F39AB3631EFA4DD9D09B1DEAE3BAE90AC952FF9AAF9AF1B2CD52AE92E85ADA028C4ABCBA840B0DDAC89AA902CCB27452953313331462F6F1D61AF2B3056A9E6A298B037A8E1AEE7309CB028B0CC9DC5ADA22B1BAC03ADD520B92F81AF022DDA2E383177AF2B29E3AF8E3023AC6D2E151DA5A2729D4127072DD826822ACCB0C52FA6306930",
      torch_tensor_6_torch.float16: "0x02000000E32FB3AFE9ABB43010B0D730"
    }
  }
#-}
