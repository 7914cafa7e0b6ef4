#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @main(%arg0: tensor<2x3x16x16xf16>) -> tensor<2x10xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant 0xFC00 : f16
    %cst_1 = arith.constant 0.000000e+00 : f32
    %cst_2 = arith.constant dense_resource<torch_tensor_10_torch.float16> : tensor<10xf16>
    %cst_3 = arith.constant dense_resource<torch_tensor_10_12_torch.float16> : tensor<10x12xf16>
    %cst_4 = arith.constant dense_resource<torch_tensor_12_torch.float16> : tensor<12xf16>
    %cst_5 = arith.constant dense_resource<torch_tensor_12_8_3_3_torch.float16> : tensor<12x8x3x3xf16>
    %cst_6 = arith.constant dense_resource<torch_tensor_8_3_3_3_torch.float16> : tensor<8x3x3x3xf16>
    %cst_7 = arith.constant dense_resource<torch_tensor_8_torch.float16> : tensor<8xf16>
    %cst_8 = arith.constant 4.000000e+00 : f16
    %cst_9 = arith.constant 1.600000e+01 : f16
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<2x3x16x16xf16> to tensor<2x3x18x18xf16>
    %0 = tensor.empty() : tensor<2x8x16x16xf32>
    %1 = tensor.empty() : tensor<8xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_7 : tensor<8xf16>) outs(%1 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %39 = arith.extf %in : f16 to f32
      linalg.yield %39 : f32
    } -> tensor<8xf32>
    %broadcasted = linalg.broadcast ins(%2 : tensor<8xf32>) outs(%0 : tensor<2x8x16x16xf32>) dimensions = [0, 2, 3] 
    %3 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %cst_6 : tensor<2x3x18x18xf16>, tensor<8x3x3x3xf16>) outs(%broadcasted : tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %4 = tensor.empty() : tensor<2x8x16x16xf16>
    %5 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<2x8x16x16xf32>) outs(%4 : tensor<2x8x16x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %39 = arith.truncf %in : f32 to f16
      linalg.yield %39 : f16
    } -> tensor<2x8x16x16xf16>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%5 : tensor<2x8x16x16xf16>) outs(%4 : tensor<2x8x16x16xf16>) {
    ^bb0(%in: f16, %out: f16):
      %39 = arith.cmpf ugt, %in, %cst : f16
      %40 = arith.select %39, %in, %cst : f16
      linalg.yield %40 : f16
    } -> tensor<2x8x16x16xf16>
    %7 = tensor.empty() : tensor<2x8x8x8xf16>
    %8 = linalg.fill ins(%cst_0 : f16) outs(%7 : tensor<2x8x8x8xf16>) -> tensor<2x8x8x8xf16>
    %9 = tensor.empty() : tensor<2x2xf16>
    %10 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%6, %9 : tensor<2x8x16x16xf16>, tensor<2x2xf16>) outs(%8 : tensor<2x8x8x8xf16>) -> tensor<2x8x8x8xf16>
    %padded_10 = tensor.pad %10 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<2x8x8x8xf16> to tensor<2x8x10x10xf16>
    %11 = tensor.empty() : tensor<2x12x8x8xf32>
    %12 = tensor.empty() : tensor<12xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_4 : tensor<12xf16>) outs(%12 : tensor<12xf32>) {
    ^bb0(%in: f16, %out: f32):
      %39 = arith.extf %in : f16 to f32
      linalg.yield %39 : f32
    } -> tensor<12xf32>
    %broadcasted_11 = linalg.broadcast ins(%13 : tensor<12xf32>) outs(%11 : tensor<2x12x8x8xf32>) dimensions = [0, 2, 3] 
    %14 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_10, %cst_5 : tensor<2x8x10x10xf16>, tensor<12x8x3x3xf16>) outs(%broadcasted_11 : tensor<2x12x8x8xf32>) -> tensor<2x12x8x8xf32>
    %15 = tensor.empty() : tensor<2x12x8x8xf16>
    %16 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<2x12x8x8xf32>) outs(%15 : tensor<2x12x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %39 = arith.truncf %in : f32 to f16
      linalg.yield %39 : f16
    } -> tensor<2x12x8x8xf16>
    %17 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16 : tensor<2x12x8x8xf16>) outs(%15 : tensor<2x12x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %39 = arith.cmpf ugt, %in, %cst : f16
      %40 = arith.select %39, %in, %cst : f16
      linalg.yield %40 : f16
    } -> tensor<2x12x8x8xf16>
    %18 = tensor.empty() : tensor<2x12x4x4xf16>
    %19 = linalg.fill ins(%cst : f16) outs(%18 : tensor<2x12x4x4xf16>) -> tensor<2x12x4x4xf16>
    %20 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%17, %9 : tensor<2x12x8x8xf16>, tensor<2x2xf16>) outs(%19 : tensor<2x12x4x4xf16>) -> tensor<2x12x4x4xf16>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20 : tensor<2x12x4x4xf16>) outs(%18 : tensor<2x12x4x4xf16>) {
    ^bb0(%in: f16, %out: f16):
      %39 = arith.divf %in, %cst_8 : f16
      linalg.yield %39 : f16
    } -> tensor<2x12x4x4xf16>
    %22 = tensor.empty() : tensor<2x12x1x1xf16>
    %23 = linalg.fill ins(%cst : f16) outs(%22 : tensor<2x12x1x1xf16>) -> tensor<2x12x1x1xf16>
    %24 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%21 : tensor<2x12x4x4xf16>) outs(%23 : tensor<2x12x1x1xf16>) {
    ^bb0(%in: f16, %out: f16):
      %39 = arith.addf %in, %out : f16
      linalg.yield %39 : f16
    } -> tensor<2x12x1x1xf16>
    %25 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24 : tensor<2x12x1x1xf16>) outs(%22 : tensor<2x12x1x1xf16>) {
    ^bb0(%in: f16, %out: f16):
      %39 = arith.divf %in, %cst_9 : f16
      linalg.yield %39 : f16
    } -> tensor<2x12x1x1xf16>
    %collapsed = tensor.collapse_shape %25 [[0], [1, 2, 3]] : tensor<2x12x1x1xf16> into tensor<2x12xf16>
    %26 = tensor.empty() : tensor<12x10xf16>
    %transposed = linalg.transpose ins(%cst_3 : tensor<10x12xf16>) outs(%26 : tensor<12x10xf16>) permutation = [1, 0] 
    %27 = tensor.empty() : tensor<10xf32>
    %28 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_2 : tensor<10xf16>) outs(%27 : tensor<10xf32>) {
    ^bb0(%in: f16, %out: f32):
      %39 = arith.extf %in : f16 to f32
      linalg.yield %39 : f32
    } -> tensor<10xf32>
    %29 = tensor.empty() : tensor<2x12xf32>
    %30 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<2x12xf16>) outs(%29 : tensor<2x12xf32>) {
    ^bb0(%in: f16, %out: f32):
      %39 = arith.extf %in : f16 to f32
      linalg.yield %39 : f32
    } -> tensor<2x12xf32>
    %31 = tensor.empty() : tensor<12x10xf32>
    %32 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<12x10xf16>) outs(%31 : tensor<12x10xf32>) {
    ^bb0(%in: f16, %out: f32):
      %39 = arith.extf %in : f16 to f32
      linalg.yield %39 : f32
    } -> tensor<12x10xf32>
    %33 = tensor.empty() : tensor<2x10xf32>
    %34 = linalg.fill ins(%cst_1 : f32) outs(%33 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %35 = linalg.matmul ins(%30, %32 : tensor<2x12xf32>, tensor<12x10xf32>) outs(%34 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %36 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%35, %28 : tensor<2x10xf32>, tensor<10xf32>) outs(%33 : tensor<2x10xf32>) {
    ^bb0(%in: f32, %in_12: f32, %out: f32):
      %39 = arith.addf %in, %in_12 : f32
      linalg.yield %39 : f32
    } -> tensor<2x10xf32>
    %37 = tensor.empty() : tensor<2x10xf16>
    %38 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%36 : tensor<2x10xf32>) outs(%37 : tensor<2x10xf16>) {
    ^bb0(%in: f32, %out: f16):
      %39 = arith.truncf %in : f32 to f16
      linalg.yield %39 : f16
    } -> tensor<2x10xf16>
    return %38 : tensor<2x10xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_10_torch.float16: "0x020000000FB362B06EB46C282DB393322FB2DF2C1A343434",
      torch_tensor_10_12_torch.float16: "0x020000005E2CF5B011A7582DC4AE9F2E43A9403497B3CC333B3223B4582CBBA85730AD32F7B041B1B7B2B532BDB3C0B12934C3305732F53308B499AC3BA6463439ADF3A43D31D03007B203B4FAAEE52D65342A305831B02DB2AC19AAC533DF2B622B6831A932462D75A716B09DB19EB085335B33E2B0CB33C6ACABACDD2D82B377B168A9CEADAA305FACDFB305B476342A3099B494B3D6B12F340731082E3B31422A963270B342333930222EE83138AB63B007ADEEB20718C030E12A1CA1FD2E36B413B208B4983433B46330A4323DADD3A997338DB39BB46BA9BBA890AFC425EA30F130622D86324EB0F024322EF12DA1AE8033",
      torch_tensor_12_torch.float16: "0x0200000017AE452E312FD91D3EAF74ADAEAEDC24342ED72C56AB91AA",
      torch_tensor_12_8_3_3_torch.float16: "0x02000000A9AE302B6B2DC82DF3A85121E6272CA9112F2A2D772B25AA462DAFAB24AEB9A88EA1C22C392A702993A8DB2D332F80AEC92EEA254229E529652C6917C5A733A9D7ACA59C3CAC802C66AD8E2EA9AE482ED6221CAF8628DBACFAAD5A1E4BA87227F72DEBAE802F2FACF6A5E42C4DAA9AAB0FA7E5293A9DDF2E832AE2AE6EADC120A09C96A8F628552A61AC05A6672977296AA1962B642914AF35AF0A1C2A2960ADC5AB35AFB725772DAF2E24AED32D0BAAA5AED72C562E329E55A88A23142BFA2A99AB051C27285F244626DD26FF27152CA7AB3E2EC0A726AE022DCCAC74AF1FA1432FB7AD8A26DBAD2B2A1C2DE9A4B7AEA3ADA2ACA2A938ABA32ACD2609AEAD23FEAE672D2DA00E2FE42D53ACD62D72AEFDAE0D2DBEAB86ADE7AC59ACAAAEC02378AE37A8C02CD1AD212D772F98A445A32CAF002F0B2E78A27E2CA5AE1BAD162F7DAF5DA206AC1FAFF52493AAF225A2A90229F9237EAFCF2CAA2CC6AD7F2825AB2E2D41ABBB2CC9AC10AC242A1C28E5AA8C2DBC25362B79AC4D274B27642CF62EC82C6A2F9CAA37AE572552987EA413AE359C181B9F2C3D2B19254E2D78A2112EDDAE169BC1AAD72C37A819AD16A57104142D282CD2AE60AA51AB5C9EB42A64A4DE2EA6222D2C41A75F2CEB29771C069CAF2A4324C1ACAEA8F3AC3527A92D55AC0F29D3AD372A13AFEDA987951EA53F2C04AA0029A02A1F284FAF2FAC67A70998CB294E2D3A262AAD7FAFC12E9D0EB4AE26A8C929979BF92C2AA59423122FB3AE002224AE15AD10AF682BECA57A29D522EC2856AE59A922A87AAD6C2A482C75A928ADDAAB08AFE9AC28A8FA243DAB2EAE9F2B072EB91D4AA4ACAAEB28D120E6AA2D2D712C922D342D7AACE82EC798F0AEC82CDAAC16ABE1255B2DD62473AE23AD982923A81F28942EEAAC83AE0FA9ACA014A95C2F82AC5F2CD929F02E42AF822DCEA851A9061C1D2DBD2B60AC3627EC9CF728A6857CA7FB2A702E042CF7A89616BE2562AC662EF72B892AFC2EF1A3B12D13A3142E89AC60AFC92B322928AF8D2A72A6242AD92E172E541C6E2BFEAE7520E228B62B72290F2D3520E92867AF3BABE32A3729712A182A5FAEFE2884A8E3A4C3A05D2EC12E7C2BE1A979283029C72DC1201CAF102A01AED623ED2C3A2A232F462FE6AEF2195B28F7A5C8AB442F87ACFAAEE4AE1BAC5922172D869FECAD982D76A072A9229B912A8BA3F1294E2AF8ACC82E002DBE9DDC2C2AA873A64E2A98AD4EA705AD2DA1F5A9FDA898A6CE2D6C2749AF39ADB3A0FC28B22CE52E17AD202F112D00AE34AEE3ADB2188BA65FAF49A8BA2C50A005AEF4ACA229B8288CAA2DAE682A07AC9BAEEB2E112A1EA56E24202EB4AE01A657A954AF662E21AF12AAA82BD32EF8A73F2EEE98F8AE08AF02ABE5911E2E72AAADA4282D70A7892A1EA1E1A9E3AC672F0DAC37223D299925E0A0D5A559AA372966A89F29C52B59291AAB30AD1FA8D32881225F2F182D0FAB6B2D4DAC17A9972D8BAD31A833AE002B682DA12E42A994ADF62BE1AC07A935AEE22D10A203240C1F50249CAA642FD7AEE5A364AC22AD0D2C892D232B8528082D0B2C63A862AA7828BC2C092D07108A2F6AAD422A762E891F8E2CA12ED7ADE72CFE2AED2B922B832CD228302CD7AE84AF022C832F80A8CC2D92A2912BE8A0562B8DAA33AE072C55AAA12D142426AA422F342FD2ABB52A5428A2ACAA239CAE9B208AAE732E922BFA2DDA256CAAB52BA52A232C9FA4832FD0ACBAAE0928D12EA72455A86FAE102D6BAF38AA302C44ACF0AC9BAB342B6EAAE0A641A7182CA02E871F38102CA2302B712D2627A92CBEA8F39D48AE902AC4ABA2A461AF2921C028902CA4A6D31D172F1A166E2D642F6B2ED82AD12CE32EEDA10D2E35AAC7A8C62A8BACC8A97D1EF9201C1E0BA4CD284A2F0EA9262C6427C52C272EC5A145A6F3A92EA869AA73A7692C87281EAB442C6921C71CD3293AAC62A2C12DE32C402C3CA41622E52C4125272CA52B9E2A192B0EADA1AE79AFE92D32ACEEADB723CFA5CA28E1A7D82D27AF6FAF7F2E8CAA65277F29BC24C4AC8B22F0AC5D2EA824732D542D6C2A5429412CCFACB12D7CA6D42D0AA0FE2A922DBB25DAA5272A84AF31A224A6C7ADB69D042755AF2D2E462C712F7CAA59AD9B2C172F65AC6DAC74A06A2EAAA439AF3EAA51ACB02D84ADA12DA32963A193A72B2C45ACD4A9A82ED5A92022202EEAADFD24B21ACBAB172E322DE89F7DA2B32CFEA8452C08AD32AE092D252DDDADACA6682A072C7F2C492DE7AA6E267B2E31AEE42CA227471D792F44AA27A89BAD5A2E83ADBF2E8DAD532C88ABA12E0DADE2AC5AA810AE2B2F942919ACB4ADFCA88824CBAA622C68AB7F286E2D59ADE4AD37AFAD25EC2DD0AC10A4B92CDA2D232CD5283C256E20962E4F1CDD2967A0F92D7AAFCCA83AAF1627E7A633AEC7AD4E28AA2D6D2E2D2D",
      torch_tensor_8_3_3_3_torch.float16: "0x0200000023A8B2A99023B2ACC0AD803119AB562F07B057AD032DDD28A5B0C330B5AA8C83B5A6B430F729BD2D5CA92432CB2C142EC8A819B173307CB117B2AE24C3A870B0BE30F824B5ADEC2F5C2CCFB012A84EB1DDAE7128D32AC4AC56AC42B19DAF43A2151FEE2E17306031CA288FB0F7AA6BB194A3732EA325A02D3331682E1FA99C31D42E92B01427F12DE72BEE310BB0F026F831B9AFA2AE2C30342ED93047A84D2F4BB11AAFE6275FB0CA9A98AC17325CAB492CBB28EF311C18FF2E2EB071B0602EA72F3DAEEF30102CFBAEF12D203250AAC9309BABC8B1DEB024ACD3312D2D4F313E2E9B9912B099B120AC70AD8B31F3A9F4A578280E3112A5762E40B0DEB18FA7A52DB72F7E2CAB303EAF8A292031A0AF4330FDB001306C2E613154A56BA166AFA531D29E67AA7022682E3FAEE7B0FFA9702BF5248EAA682601A4C6303DAFF0317C175330F52CA2B06B3050AC24B0642DA92832AEC9AD623128B20C27F61BEBB05B2D88B1E09D33A9ED2E51A9B3B180A3D93018AF3131DB2E9FA51D9E1A315F1AAF260C246B2358B11DAFAF31562F2121D231CFAC452D72AEC330CA2E3F2CE4A13230B32E5F2E96AC7F1DE1A931AFFA29",
      torch_tensor_8_torch.float16: "0x020000004C31402FE0AA0A2F4FA3D43118B2A22A"
    }
  }
#-}
