#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @main(%arg0: tensor<2x4x6x6xf16>) -> tensor<2x6x3x3xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant dense_resource<torch_tensor_6_4_3_3_torch.float16> : tensor<6x4x3x3xf16>
    %cst_1 = arith.constant dense_resource<torch_tensor_6_torch.float16> : tensor<6xf16>
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<2x4x6x6xf16> to tensor<2x4x8x8xf16>
    %0 = tensor.empty() : tensor<2x6x3x3xf32>
    %1 = tensor.empty() : tensor<6xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_1 : tensor<6xf16>) outs(%1 : tensor<6xf32>) {
    ^bb0(%in: f16, %out: f32):
      %6 = arith.extf %in : f16 to f32
      linalg.yield %6 : f32
    } -> tensor<6xf32>
    %broadcasted = linalg.broadcast ins(%2 : tensor<6xf32>) outs(%0 : tensor<2x6x3x3xf32>) dimensions = [0, 2, 3] 
    %3 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %cst_0 : tensor<2x4x8x8xf16>, tensor<6x4x3x3xf16>) outs(%broadcasted : tensor<2x6x3x3xf32>) -> tensor<2x6x3x3xf32>
    %4 = tensor.empty() : tensor<2x6x3x3xf16>
    %5 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<2x6x3x3xf32>) outs(%4 : tensor<2x6x3x3xf16>) {
    ^bb0(%in: f32, %out: f16):
      %6 = arith.truncf %in : f32 to f16
      linalg.yield %6 : f16
    } -> tensor<2x6x3x3xf16>
    return %5 : tensor<2x6x3x3xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_6_4_3_3_torch.float16: "0x020000001C95B92D64B0DAAF1CACB829C39A3B3093A3A52972AA32A818B110AF66AC521E382C662E3BAFA5ACC02B6E3064A8FB2FE1A68424D430F3B0B7AE67A928AC9C30EAAEE9AC74AFFFB03AAE9630C22C2B2D7D2078AD3827FBB0B5AF80ADBB2E412EBBAC289ED22E4D313C2CC425272F48AEF32723B065AF83ADD42C4A2C52AE722ADB2D63A5841EF1289E2E1F311CB0D1AB312C6B30A430B5303F28A3B0DA23ACAEF8B0BD300E3052B1FC2730A705A7E2AC1A2C51AED22B652DA32FFA2B47B1EBAE532D772829B024AE0431302FA7AC5FA915B1239A04B01DB0B4A068265EAC542E7EAED7304F2F7FB04FA9B31F3A260F29302C1D2134AD0C2D1EB152AE57A932AD77AB5FB08AA88F28F3AE61A0A32F63A4BE1C5DA35128C82E0D31C62E10312CA2CBB00FAD432F6D944DAD16B0FEB080B054A8DA2DC42D25B1A72E2CB083A853AC1CA830A8C9B09BB0ADA66A18D8AC052CCDB0C2A1B1305AACD130BA2BD0B0C02EECA4C3AC44304FB0942477A89E2FF529202D892B21A97DA865B0C82D3C304C2F86AF9D1F85AFDFAD37AE4A2B5BAE729B2E1FE02E08B053AF32AE772FABAB8030B72B6725159538A85A25DFA8CC947225",
      torch_tensor_6_torch.float16: "0x020000002CB097AD4E3054B021A24731"
    }
  }
#-}
