#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  func.func @main(%arg0: tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant dense_resource<torch_tensor_16_torch.float32_11> : tensor<16xf32>
    %cst_2 = arith.constant dense_resource<torch_tensor_16_torch.float32_10> : tensor<16xf32>
    %cst_3 = arith.constant dense_resource<torch_tensor_16_torch.float32_9> : tensor<16xf32>
    %cst_4 = arith.constant dense_resource<torch_tensor_16_torch.float32_8> : tensor<16xf32>
    %cst_5 = arith.constant dense_resource<torch_tensor_16_16_1_1_torch.float32_1> : tensor<16x16x1x1xf32>
    %cst_6 = arith.constant dense_resource<torch_tensor_16_torch.float32_7> : tensor<16xf32>
    %cst_7 = arith.constant dense_resource<torch_tensor_16_torch.float32_6> : tensor<16xf32>
    %cst_8 = arith.constant dense_resource<torch_tensor_16_torch.float32_5> : tensor<16xf32>
    %cst_9 = arith.constant dense_resource<torch_tensor_16_torch.float32_4> : tensor<16xf32>
    %cst_10 = arith.constant dense_resource<torch_tensor_16_4_3_3_torch.float32> : tensor<16x4x3x3xf32>
    %cst_11 = arith.constant dense_resource<torch_tensor_16_torch.float32_3> : tensor<16xf32>
    %cst_12 = arith.constant dense_resource<torch_tensor_16_torch.float32_2> : tensor<16xf32>
    %cst_13 = arith.constant 1.000000e-05 : f64
    %cst_14 = arith.constant dense_resource<torch_tensor_16_torch.float32_1> : tensor<16xf32>
    %cst_15 = arith.constant dense_resource<torch_tensor_16_torch.float32> : tensor<16xf32>
    %cst_16 = arith.constant dense_resource<torch_tensor_16_16_1_1_torch.float32> : tensor<16x16x1x1xf32>
    %0 = tensor.empty() : tensor<2x16x8x8xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %cst_16 : tensor<2x16x8x8xf32>, tensor<16x16x1x1xf32>) outs(%1 : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %3 = tensor.empty() : tensor<16xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_14 : tensor<16xf32>) outs(%3 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.truncf %cst_13 : f64 to f32
      %33 = arith.addf %in, %32 : f32
      linalg.yield %33 : f32
    } -> tensor<16xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%4 : tensor<16xf32>) outs(%3 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = math.sqrt %in : f32
      linalg.yield %32 : f32
    } -> tensor<16xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%5 : tensor<16xf32>) outs(%3 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.cmpf one, %in, %cst : f32
      cf.assert %32, "unimplemented: tensor with zero element"
      %33 = arith.divf %cst_0, %in : f32
      linalg.yield %33 : f32
    } -> tensor<16xf32>
    %expanded = tensor.expand_shape %cst_15 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_17 = tensor.expand_shape %6 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %expanded : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %32 = arith.subf %in, %in_31 : f32
      linalg.yield %32 : f32
    } -> tensor<2x16x8x8xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %expanded_17 : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %32 = arith.mulf %in, %in_31 : f32
      linalg.yield %32 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_18 = tensor.expand_shape %cst_12 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %expanded_18 : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %32 = arith.mulf %in, %in_31 : f32
      linalg.yield %32 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_19 = tensor.expand_shape %cst_11 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9, %expanded_19 : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %32 = arith.addf %in, %in_31 : f32
      linalg.yield %32 : f32
    } -> tensor<2x16x8x8xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10 : tensor<2x16x8x8xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.cmpf ugt, %in, %cst : f32
      %33 = arith.select %32, %in, %cst : f32
      linalg.yield %33 : f32
    } -> tensor<2x16x8x8xf32>
    %padded = tensor.pad %11 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<2x16x8x8xf32> to tensor<2x16x10x10xf32>
    %expanded_20 = tensor.expand_shape %padded [[0], [1, 2], [3], [4]] output_shape [2, 4, 4, 10, 10] : tensor<2x16x10x10xf32> into tensor<2x4x4x10x10xf32>
    %expanded_21 = tensor.expand_shape %cst_10 [[0, 1], [2], [3], [4]] output_shape [4, 4, 4, 3, 3] : tensor<16x4x3x3xf32> into tensor<4x4x4x3x3xf32>
    %expanded_22 = tensor.expand_shape %0 [[0], [1, 2], [3], [4]] output_shape [2, 4, 4, 8, 8] : tensor<2x16x8x8xf32> into tensor<2x4x4x8x8xf32>
    %12 = linalg.fill ins(%cst : f32) outs(%expanded_22 : tensor<2x4x4x8x8xf32>) -> tensor<2x4x4x8x8xf32>
    %13 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%expanded_20, %expanded_21 : tensor<2x4x4x10x10xf32>, tensor<4x4x4x3x3xf32>) outs(%12 : tensor<2x4x4x8x8xf32>) -> tensor<2x4x4x8x8xf32>
    %collapsed = tensor.collapse_shape %13 [[0], [1, 2], [3], [4]] : tensor<2x4x4x8x8xf32> into tensor<2x16x8x8xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_8 : tensor<16xf32>) outs(%3 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.truncf %cst_13 : f64 to f32
      %33 = arith.addf %in, %32 : f32
      linalg.yield %33 : f32
    } -> tensor<16xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%14 : tensor<16xf32>) outs(%3 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = math.sqrt %in : f32
      linalg.yield %32 : f32
    } -> tensor<16xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%15 : tensor<16xf32>) outs(%3 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.cmpf one, %in, %cst : f32
      cf.assert %32, "unimplemented: tensor with zero element"
      %33 = arith.divf %cst_0, %in : f32
      linalg.yield %33 : f32
    } -> tensor<16xf32>
    %expanded_23 = tensor.expand_shape %cst_9 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_24 = tensor.expand_shape %16 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed, %expanded_23 : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %32 = arith.subf %in, %in_31 : f32
      linalg.yield %32 : f32
    } -> tensor<2x16x8x8xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17, %expanded_24 : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %32 = arith.mulf %in, %in_31 : f32
      linalg.yield %32 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_25 = tensor.expand_shape %cst_7 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %expanded_25 : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %32 = arith.mulf %in, %in_31 : f32
      linalg.yield %32 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_26 = tensor.expand_shape %cst_6 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %expanded_26 : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %32 = arith.addf %in, %in_31 : f32
      linalg.yield %32 : f32
    } -> tensor<2x16x8x8xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20 : tensor<2x16x8x8xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.cmpf ugt, %in, %cst : f32
      %33 = arith.select %32, %in, %cst : f32
      linalg.yield %33 : f32
    } -> tensor<2x16x8x8xf32>
    %22 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%21, %cst_5 : tensor<2x16x8x8xf32>, tensor<16x16x1x1xf32>) outs(%1 : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %23 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_3 : tensor<16xf32>) outs(%3 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.truncf %cst_13 : f64 to f32
      %33 = arith.addf %in, %32 : f32
      linalg.yield %33 : f32
    } -> tensor<16xf32>
    %24 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%23 : tensor<16xf32>) outs(%3 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = math.sqrt %in : f32
      linalg.yield %32 : f32
    } -> tensor<16xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%24 : tensor<16xf32>) outs(%3 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.cmpf one, %in, %cst : f32
      cf.assert %32, "unimplemented: tensor with zero element"
      %33 = arith.divf %cst_0, %in : f32
      linalg.yield %33 : f32
    } -> tensor<16xf32>
    %expanded_27 = tensor.expand_shape %cst_4 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_28 = tensor.expand_shape %25 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %26 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22, %expanded_27 : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %32 = arith.subf %in, %in_31 : f32
      linalg.yield %32 : f32
    } -> tensor<2x16x8x8xf32>
    %27 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %expanded_28 : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %32 = arith.mulf %in, %in_31 : f32
      linalg.yield %32 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_29 = tensor.expand_shape %cst_2 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %28 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27, %expanded_29 : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %32 = arith.mulf %in, %in_31 : f32
      linalg.yield %32 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_30 = tensor.expand_shape %cst_1 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %29 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28, %expanded_30 : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %32 = arith.addf %in, %in_31 : f32
      linalg.yield %32 : f32
    } -> tensor<2x16x8x8xf32>
    %30 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %29 : tensor<2x16x8x8xf32>, tensor<2x16x8x8xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %32 = arith.addf %in, %in_31 : f32
      linalg.yield %32 : f32
    } -> tensor<2x16x8x8xf32>
    %31 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%30 : tensor<2x16x8x8xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.cmpf ugt, %in, %cst : f32
      %33 = arith.select %32, %in, %cst : f32
      linalg.yield %33 : f32
    } -> tensor<2x16x8x8xf32>
    return %31 : tensor<2x16x8x8xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_16_torch.float32_11: "0x04000000C6607DBE68E8AABEAC28853E2842AB3EDDD070BE25C898BEBF5CFEBD2993053F7542763EBF10503E6202DBBE4959B33E6D874F3F955B343ED12E0E3E67E89DBE",
      torch_tensor_16_torch.float32_10: "0x04000000CEC7433F904D5F3F0B8B003F6C7B213F9388C93F30C7BC3F6632FF3FBB2ADA3FBDFB463F2E82B43F44B2EE3F3E5E9F3F1A55873FE9C5A23F9D3E883F1D2FD33F",
      torch_tensor_16_torch.float32_9: "0x04000000C260A23F5868893FDED6CD3FB2CB523FF05DA23FD9CA9B3F99D5483FDBC29B3F44A1523F0A18BB3FD2F9B83FBE2C363F2AAE3A3FAD35293FE6C8C43FD13EE43F",
      torch_tensor_16_torch.float32_8: "0x04000000B040313EB13CF43ED2100CBF4B839D3F6001A3BE4815F7BE5658B33EA201233F5666BF3D9B76113F21CAA33EFC8B82BC2884193EF722003ED9397C3D90B45E3E",
      torch_tensor_16_16_1_1_torch.float32_1: "0x0400000068FC40BE94D6AFBD005FD2BC706443BD2694203E2CC87BBE94EF2EBE90F626BEE89DDA3D109B40BE00B7EC3C28D402BD40875D3D80D08ABB20912B3C18193A3EA89D423D383FEF3D82D834BE786567BD205601BEF8C133BED23417BE384082BD9CC5A43D180F8DBDBEE445BEF6012FBED8E25D3DA0C1593C884569BEA87E4E3DB03A9A3D46E4653E90FD72BD2408323E4CA1E4BD70D85C3E126951BE48DE76BD62B559BE0C09F0BDA8BBAE3DBCEEE73D7C50243E2074573E585AA2BDB80920BEE0E6453D94F248BE000BF0BDB0846EBD44A372BE608F80BD4053093D4C999CBDD8E1FDBD00DF253CD0C202BEB8ADECBD14281DBE7CABC2BD90528E3CF45903BE3A1823BE8E2A3BBE028471BE68172A3DF07141BDB0AB753D44A6BABD40B5803D3C4D373EE847063DE45C4C3E780C593EC00D033CE4FD373E205863BC5EB568BE085746BDEC2ACE3DF093173E541AF43D806B893D0C29F6BDE08A4A3C109F823CF4F2803DF654203E202330BD6C8BD93DEAB977BE6E4137BEF4F1A0BDA085383E68226EBD6E9913BE261F4E3EE8BD3ABD80ECAB3DC0F5C33D92286F3E5063483D8051CFBC1CFE163E703CEDBCCAC13B3E5E42793E284642BD50460FBEB0D583BDC252643E58A964BE600B893D983FA13D0ED4033E68344BBEFCEB203E5064783DE0F8FDBD1A6C5EBE10A0D53CB857573EE49D603E70A1B73D4CF0643EA0032B3EE0E4703D90A46FBD8A10093E428E7D3E78153CBE682787BD4098F1BC2A292CBE5CEC383E28BCF23DC03FA03B8469FEBD289D7B3E2ABA06BE482C68BEF22170BEC8F929BED4993EBE14475B3E1432E73D189A6BBEFAC6593E84FC7DBE7062333DF85AEFBDBEED233E588907BEA0BFEFBC2841C83D50FBB4BD38FE93BDE0BD923D201C3F3D7AB930BE28624DBE103CBDBDDE5C173E8611163EB8187F3EC04A89BDC44AECBD0A5322BEB40196BD20370BBC6C534EBEE81CFC3D7AFC11BEF6C80D3E9030CB3D40A4CD3D6048F5BC1ECA31BE98EF543EC6830ABED8025A3ED84A06BD60B1333E103120BD44B978BED4CA713EB89107BD3887D23DE2A136BE8E79353E980DD83D58A3C63DAC846DBEDC4105BE80F437BB601E1ABE3001CEBD40A83BBC00E7053C0C9A213EACB200BE9E6265BED878723E70E5023EE8757A3D28BA48BD0E1B09BEA09A8EBC3C2B633EC43156BE56C11A3E341235BE289C8D3DE21C283EC03F183C80654DBB042FA63D646A90BDA8A22F3D6C6C4F3E68D5503D488337BE723C7EBED409023E56A175BE4008553E642F45BE2ED274BEB02D583E389DB2BDECE741BE56934D3EF09718BEE0EA9C3DD0FDA6BD000EB6BA7439243E344C383EF6EF15BE90DF5B3DF8CB033ECC3C8F3D7C206BBE320D633E6C71943DB85B31BED62E1A3EA0B176BC926758BEA083313D8EF652BE16AE1BBE960412BEF03A7DBD",
      torch_tensor_16_torch.float32_7: "0x0400000011A0303FC33841BF94DC72BBBD8C8ABD6819AD3D41E509BE20E3383EEDC562BED3943D3F40FA4FBE993126BF4B29943D35E084BE7D3C153FDDB4553FB7CCE3BE",
      torch_tensor_16_torch.float32_6: "0x0400000039B2983F0E6FD83F5208BE3F9CAACF3F07E3843FD047AE3FB4C6FE3F06EBCE3F5E15DA3FFE888A3FD0F0EF3FEE69763FA4F39C3FD6585A3F9B67063F829ADB3F",
      torch_tensor_16_torch.float32_5: "0x040000005D9EBB3F72E4A53FBA69D83FF0EDFB3F4045913F2622D53F5511CB3FC76A703F59911B3FD071A33F04E25F3F0CDE483F98AC3D3FA2F1083FC2DD433F0E007E3F",
      torch_tensor_16_torch.float32_4: "0x04000000A40F22BF56A156BEBE8D243F824955BE0CF724BFC7F8FCBE4C4736BE89952ABE888A02BDFD7247BE6E25743F62C211BFB3B2523FC4502B3FE94AC13C1BB798BF",
      torch_tensor_16_4_3_3_torch.float32: "0x0400000090121D3EFCF425BEF0EB833D13178F3DD0B2533D1B34123E76441D3E80D72DBD60E1E23CF6B65BBDEB860EBE6B200EBC86D14A3D16EA6FBD269E9A3D2E6316BE883BDFBDE6ADE3BD56BFE2BAA0E9DA3DFEC9B83DA7AD073EB36F1C3ECB8909BE20B4533D4010C1BD1E7BFDBD42F71E3E36D30DBE14F515BEB7A506BE7E15D73D9CF400BE2663893D8BB203BE0BB7303D4042913D6E9CFCBD96E69EBC9E7AEABDBE61173EDBAA19BDAE9FFABDB07D06BD867E7E3D9807FEBD53F9FD3D6BBFDB3CB6C00CBEBBA7E33DCB73583DE017B53D4B6794BC5BD7B0BDFB86B3BD8073783DABEEF53DBBE55E3DF00EABBD24CE283E2B99C83C9E1ED6BD43B4BC3DB37CB93D8B3A05BD40CA63BDE6EFCFBD0368D13D34B0273E26B834BD8EA59F3DCE7CCA3D1BCE6B3D47B915BE3B27DF3D263A06BD62A520BE70D58FBD3B3004BD0BC6E13DCAE625BEAB02313D837107BEE077F03DF386EBBDB62DFBBDD0FF68BDB0526CBDFBD033BDAE410EBED817B6BD90790DBD8858AA3D1BBD123D132FFF3DD63993BDC6250CBD986ABB3D2BFA6CBDB32620BE23371DBE46E0DEBD3B8E023D3F0519BE16CF0BBD64182ABE40CA59BD7BEA77BDD74D1EBE0A66133E8BEC313DC354A1BDC811243E4E550E3EEBFF633C00EC99BC5B49033ED6D67E3C76638E3C76938EBCE062543DA85BB83D5E5B153E3890E1BDAB549D3BBB571D3D6EAE823D10C8CF3D0EBDD13D1C0E25BE70076A3D00CADB3A80799A3B3E1B14BE143C003EB00F693D867912BE3F710E3EB2AE053E4C4719BE160D4BBDB2E925BE005AFFBB001C6ABCE72325BE43B4D2BD565D49BCF276293E603BCD3DA772213E2BE4323C1EED0BBEA398AD3DE6CE16BDF652D33C46DE273EA60EC8BDABF8603B37011CBEE61D64BDD624F1BC2BAFEC3C2BFC083E37F3243ED6C10C3ECBD2813C7255043EC6DC7ABD669C80BD66D96EBDF877CBBDE6DA38BDC0A5E6BC90A7B4BD1B0A203DF65E5D3D0B1BCCBD3AD821BE768888BCABDF0CBB20D3083D203BBE3D7636BDBD306D2EBD6072C6BDCB3B2FBDF3760DBE6CD0253E9BEA28BEAE0F853D80A2503C560F563B1E8B92BDDBB7D03D4073D43CC0B3FEBC50A5203EAA1B21BECBC2E0BC63DB21BE081AE43DF09CC4BD4B81923C06801ABE487EBA3D708114BDCB2D2B3D165E2A3EC0174D3DE3D7F93D6E18AD3DD66E17BC963676BCD4980CBED28708BE763FA13D8062283DD6FE7E3C803B0D3EA49B2ABE63C4F53DD806A73DA0A506BE4B6D123D700E4D3DE7240CBEEEBD9A3DBB2266BD406597BD96C939BC8E78803DC09AB43DD3A824BED61CCF3BFAE21EBE5B08233D5B7502BD9684ABBCFFA40DBE1078BC3D6668D2BDABC5B0BCF29316BEF087F33D8603073D566A7F3CCBDCFE3D6B29A73CC0EEEE3DB389FFBDCBCA96BC101FB7BDF6DB643D3C1122BE306541BD16AA313CFBD0293ED36D84BDD819CFBD46C7CEBDA8D19ABD961EBEBC16DBFE3DD67FCBBBDB29ADBDAB8A4CBAD29418BE00D2F6BAB8D5E1BDAA3D133ED2920F3E880DC6BD00DC283D300939BD762165BDEAA6163E5880163EE3F2013E903F23BE4B87133D5E8DB33D10759F3DD8E9E8BDDEC0953D100966BDC0A26C3C2BDB2ABD80D69B3CB360A8BD3BFC963DEBCB50BD36D650BD031C873D8044833D7BE2A33DB6485D3DA898A0BD4B2E05BD06B5AB3DC22729BE8EFABA3D0EE1E33D0B8B363D5B7CDC3DF2F11F3E9B990DBDF314BBBDF311DBBD2E53853D487BD0BDAB65673C006EC2BC38BAF2BD0610313DE6F7B4BD76CBE93C6B5BA73DCB0448BD508439BDE0F0D1BC806233BC10041A3DC6BEE13D0C9E20BE039A163E18702A3E58E2BABD5E90B73DEB49283DD644EBBDD6DCF73BE00D27BD5C850B3E9E7490BD1BA405BD28FD0A3ED3B2BBBD788E1CBE925A0E3EA07EA63CD6C67F3DABFCF83CF06D8FBDF60E373D5BB98E3D2B2E9A3B58D7A83D2369FEBD3677323D740B103E96614DBCF4191F3E60F2D0BCBE2F98BD8019EE3BC03EDA3D2B34BB3BE01DEBBDEE98CE3D502F593DF0A7EEBD80DFC63C6B59813C267E0E3D36228EBCCFFC033E702406BE56E131BCF62CF83CCE4E96BD964846BC279124BE0040793800D3E63B4BD4ECBC17AC26BEC609963DC3708BBD47AA213E4FB6213E8B61133E42300A3EBC65053E003CC43A4B449A3D4BE148BDAB3E37BB36E7F2BD5637A9BCABC33C3C60E7D9BCD4861DBE76D9FF3C603590BC30CF8BBD26598BBD73328DBD03F7CC3D9608223DF6549EBC50BA7ABD00B0BC3A86B9E0BD704C2A3E68FAF3BD68F8973DE24014BE9EE2F3BDB36C27BE16AAB2BDF8F012BEA857C0BD769C12BDB6E45B3DB6CA94BDD83FCA3D9BC9F2BDDB830FBE9EE407BECAC90CBE46127B3D602AF73D968C7F3D8040713C44BC0E3ECB54ADBCD06EC03D485FA2BD56A7E43CEB319DBCD8E20D3E36728DBD46E1D13D80E855BC287AE9BD4E8991BDD48D1BBE50B6E23DAE49843D33A000BED050C0BD1087C23D9B8CF63D6EEAD73DCE78D63D10C84DBD748D1C3E4A1A20BEF0B563BDF6BD953DCE0D9B3D104727BDD3CBAABD8B39763D98EBB63D2B79973DD6851D3CDB67283D0AB408BE18CE21BEAB2C0DBE73EAEC3D0B1EADBCB0643C3DEB64BE3D9EF5D4BD96F2073C3F4F0E3E80DB7E3DDC95093E80D0A13D4E9BF6BDC03614BEB6F3D2BCFB040EBE13CB843DBBD2F53D308BDE3D303B243ED8808ABD221F053E9C1213BE989E9DBDC057123C3E3FE43D866BE3BD9ADA21BEA78919BE7BD7043DDEEABA3DC2181C3EC0A9F93D625B263EB6B30A3E96F122BE9B7B2ABE2BFF2C3DE809F2BD2B923F3D078A103EE0DFD93CD04212BD06A47DBD7865B4BD869D093E605455BD208D053ED0B7403D80E794BBA818F83D9BD337BD7BDA5A3D3089073D4C9D1FBEA3A5E0BD8AD1183EE0979ABCD619A3BD9E8DF8BDABF21DBAEB2E01BECBE067BD8889013EBA79263E188B0C3E9B702DBDE06E18BED8A1AD3DF62250BD206FF2BD50342A3D4B4AF2BC5EE31F3E607D163D939F8C3DF08B3F3DBB73603DA2FB23BE168557BC109D593DCE1DD8BD3C670F3E4B6C903CEB259C3CC682683D78DA80BD26F9CD3D3E799D3D16FD993DFB7DC3BDA060B7BC8B235D3D0059A9BB884086BDAB19DDBC560B763D4624ADBD5C8C2A3EC85D803D3E5FFC3D76D6D23CE00C6E3DAB2A00BDFBA47EBDEBFAEDBCEB96E8BD78231EBE60678CBCF06EDB3D26A6873DCBDC263E408DAFBCB603D03CABF5DE3CE669BD3DA85B163E",
      torch_tensor_16_torch.float32_3: "0x04000000BD5486BD5021383ED5DE963CC868043F1B45413DC32656BD1790903FA2060FBEF5B083BEA37A0F3F7EA28BBEDCC1973E31680ABE2F5727BFDD8E68BEDAE7C4BD",
      torch_tensor_16_torch.float32_2: "0x04000000BEBDEB3F875ED63FE009773F952E803F87FF4B3F5062B53F12823B3FFD82B63F9EAD973FA242953FC9FA823FEEB3303F62032B3F988EDA3FAAC97C3F7D59863F",
      torch_tensor_16_torch.float32_1: "0x04000000F2BBE93FA656653FDEBC443F4C38703FE8D3813F54F28E3FC208173F9786693F9B558D3F86741D3F68E6B63FB2C8953F9BD5AD3F70F2833F7103583FE5BECB3F",
      torch_tensor_16_torch.float32: "0x040000007A5E9C3FCA7F93BFF871243F5091D93D36CABC3D89EEC1BE3F2D8DBE9193B13EDDBAA7BEF29194BE5C232A3ED8AF50BF5BBA20BF572C013FD51D6F3F2330C83C",
      torch_tensor_16_16_1_1_torch.float32: "0x0400000048EC753DFC98D73D6C20B3BDF45D46BE285D1DBEF64115BE56073B3E80B90A3B341F50BEF4513FBE90588DBC741A103E1022F53C5088383D907369BD008751BBB01C173E249EA63DA89BAABD50CF7F3E040D343ECCC3AF3D482BF43D467A2B3EC0C218BDD05F343DD8129FBD80B5A0BD60F61F3CD4C22BBE2A81633E90E52ABEAC3224BEB81D0EBDE41E273EC040FDBD60518ABC56450F3E52F95FBEEAE66D3EB6030A3ED8ECAC3D00D05739AE65163E086A90BDD046AF3C72953E3E64C50EBEE04A893C4086363E80CEB53CEED018BE006F3C3D50E759BD92675BBE0059A13BA03D1A3CEA0C263E204A41BCC49938BEFACB5E3E4040593D7C988FBDDC3C1A3E18683B3EC23D373EB091483E60E5CCBD48206C3E46F61C3E22BF2CBE18D2F53DA24410BE64D4E13D240613BEC8F6FA3DEC9BD2BD38E5613DB8724DBD789C073E80C368BBFC42EE3D544DC4BD641EF03D62230C3E1086943C18CF97BDB8171D3D66E36CBED0089FBC68F9523E5A3C003E40FEF6BB625E03BE984C573DF2F1603EF84B003EC04C9C3BCC6A9C3D20EAA53C08C577BDCCF23BBE5424F3BD2CDDD9BD789915BE72EE763E4E395ABE402E513C209B653CD88000BE0084FCBCDCD6BA3DEC9733BE7802AA3DE0A15EBCD4B4F8BD10E944BE402EC7BCD091EFBDD495B03D9C797DBE1016423E0AB4773E50A4A63CB65B2EBE1E5C77BE28A7F63DBC2CAE3D80A2543E182208BEDEC8103EB4B9CFBD181A41BE307BA93C985F94BD341AE83DD01807BED40C253EDCA139BE2491823D786A2A3ED09598BDCAB771BE34E3C03DF0E160BE94E406BE24FAE6BD3CE206BE862C6B3EF4573FBE9CA1433E5EB526BE92D44D3EBC13A9BD608929BD126834BE9036EC3CE478CBBDE4AF6EBE545DFB3D8073AA3D3C3029BE62EA703EE088C9BC06D1263E70BCB5BD46AB7DBE1C1AF5BDD41146BE1E0C683ED029513EF88441BD36277CBEA2C41E3E38F1A73D06FB233E000F4C3DE464D83D00E781BCCA817C3EE0593DBDE0D5EE3D9ABA78BE802413BDF0DDD83C3030513EFA4C0A3E18B2783EB870013D2C11A8BDA0B1583C00B5B7BB58EE983DB855413DA416E6BD5CAFDD3D60B5DC3C5CAD35BE0046EB3B0E4035BE0085AABB30298C3D02DB7FBECC14333E482AE8BDA8EF39BD98636ABD00CA463E82671EBEE2FB7CBE84736BBEC0F9E83D60D2B4BDD82F183D6419F83D40689B3BD2E27E3E6885CD3D2A0775BEEA244ABE461566BE92352EBEB0F97ABDACFBBFBD50FD71BE3477D63D0891423DA01808BD24B8C53D4C798ABD30AAA83C78AAD9BD4A6A083EAE394A3E50433F3DD6EA4E3EF42EAA3D2C2690BDD6C03D3E10F64B3D30A9503DB0EED83C5CE54F3EFE2423BE586CBDBD46DD1CBE8C7328BEBED1033EF066E3BD708D1C3DB2BC563EEE10053ED066AF3C526E503E201AB4BD0E3E4F3E"
    }
  }
#-}
