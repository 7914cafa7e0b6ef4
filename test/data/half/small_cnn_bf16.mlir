#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @main(%arg0: tensor<2x3x16x16xbf16>) -> tensor<2x10xbf16> {
    %cst = arith.constant 0.000000e+00 : bf16
    %cst_0 = arith.constant 0xFF80 : bf16
    %cst_1 = arith.constant 0.000000e+00 : f32
    %cst_2 = arith.constant dense_resource<torch_tensor_10_torch.bfloat16> : tensor<10xbf16>
    %cst_3 = arith.constant dense_resource<torch_tensor_10_12_torch.bfloat16> : tensor<10x12xbf16>
    %cst_4 = arith.constant dense_resource<torch_tensor_12_torch.bfloat16> : tensor<12xbf16>
    %cst_5 = arith.constant dense_resource<torch_tensor_12_8_3_3_torch.bfloat16> : tensor<12x8x3x3xbf16>
    %cst_6 = arith.constant dense_resource<torch_tensor_8_3_3_3_torch.bfloat16> : tensor<8x3x3x3xbf16>
    %cst_7 = arith.constant dense_resource<torch_tensor_8_torch.bfloat16> : tensor<8xbf16>
    %cst_8 = arith.constant 4.000000e+00 : bf16
    %cst_9 = arith.constant 1.600000e+01 : bf16
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : bf16
    } : tensor<2x3x16x16xbf16> to tensor<2x3x18x18xbf16>
    %0 = tensor.empty() : tensor<2x8x16x16xf32>
    %1 = tensor.empty() : tensor<8xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_7 : tensor<8xbf16>) outs(%1 : tensor<8xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %39 = arith.extf %in : bf16 to f32
      linalg.yield %39 : f32
    } -> tensor<8xf32>
    %broadcasted = linalg.broadcast ins(%2 : tensor<8xf32>) outs(%0 : tensor<2x8x16x16xf32>) dimensions = [0, 2, 3] 
    %3 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %cst_6 : tensor<2x3x18x18xbf16>, tensor<8x3x3x3xbf16>) outs(%broadcasted : tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %4 = tensor.empty() : tensor<2x8x16x16xbf16>
    %5 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<2x8x16x16xf32>) outs(%4 : tensor<2x8x16x16xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %39 = arith.truncf %in : f32 to bf16
      linalg.yield %39 : bf16
    } -> tensor<2x8x16x16xbf16>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%5 : tensor<2x8x16x16xbf16>) outs(%4 : tensor<2x8x16x16xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %39 = arith.cmpf ugt, %in, %cst : bf16
      %40 = arith.select %39, %in, %cst : bf16
      linalg.yield %40 : bf16
    } -> tensor<2x8x16x16xbf16>
    %7 = tensor.empty() : tensor<2x8x8x8xbf16>
    %8 = linalg.fill ins(%cst_0 : bf16) outs(%7 : tensor<2x8x8x8xbf16>) -> tensor<2x8x8x8xbf16>
    %9 = tensor.empty() : tensor<2x2xbf16>
    %10 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%6, %9 : tensor<2x8x16x16xbf16>, tensor<2x2xbf16>) outs(%8 : tensor<2x8x8x8xbf16>) -> tensor<2x8x8x8xbf16>
    %padded_10 = tensor.pad %10 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : bf16
    } : tensor<2x8x8x8xbf16> to tensor<2x8x10x10xbf16>
    %11 = tensor.empty() : tensor<2x12x8x8xf32>
    %12 = tensor.empty() : tensor<12xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_4 : tensor<12xbf16>) outs(%12 : tensor<12xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %39 = arith.extf %in : bf16 to f32
      linalg.yield %39 : f32
    } -> tensor<12xf32>
    %broadcasted_11 = linalg.broadcast ins(%13 : tensor<12xf32>) outs(%11 : tensor<2x12x8x8xf32>) dimensions = [0, 2, 3] 
    %14 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_10, %cst_5 : tensor<2x8x10x10xbf16>, tensor<12x8x3x3xbf16>) outs(%broadcasted_11 : tensor<2x12x8x8xf32>) -> tensor<2x12x8x8xf32>
    %15 = tensor.empty() : tensor<2x12x8x8xbf16>
    %16 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<2x12x8x8xf32>) outs(%15 : tensor<2x12x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %39 = arith.truncf %in : f32 to bf16
      linalg.yield %39 : bf16
    } -> tensor<2x12x8x8xbf16>
    %17 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16 : tensor<2x12x8x8xbf16>) outs(%15 : tensor<2x12x8x8xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %39 = arith.cmpf ugt, %in, %cst : bf16
      %40 = arith.select %39, %in, %cst : bf16
      linalg.yield %40 : bf16
    } -> tensor<2x12x8x8xbf16>
    %18 = tensor.empty() : tensor<2x12x4x4xbf16>
    %19 = linalg.fill ins(%cst : bf16) outs(%18 : tensor<2x12x4x4xbf16>) -> tensor<2x12x4x4xbf16>
    %20 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%17, %9 : tensor<2x12x8x8xbf16>, tensor<2x2xbf16>) outs(%19 : tensor<2x12x4x4xbf16>) -> tensor<2x12x4x4xbf16>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20 : tensor<2x12x4x4xbf16>) outs(%18 : tensor<2x12x4x4xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %39 = arith.divf %in, %cst_8 : bf16
      linalg.yield %39 : bf16
    } -> tensor<2x12x4x4xbf16>
    %22 = tensor.empty() : tensor<2x12x1x1xbf16>
    %23 = linalg.fill ins(%cst : bf16) outs(%22 : tensor<2x12x1x1xbf16>) -> tensor<2x12x1x1xbf16>
    %24 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%21 : tensor<2x12x4x4xbf16>) outs(%23 : tensor<2x12x1x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %39 = arith.addf %in, %out : bf16
      linalg.yield %39 : bf16
    } -> tensor<2x12x1x1xbf16>
    %25 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24 : tensor<2x12x1x1xbf16>) outs(%22 : tensor<2x12x1x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %39 = arith.divf %in, %cst_9 : bf16
      linalg.yield %39 : bf16
    } -> tensor<2x12x1x1xbf16>
    %collapsed = tensor.collapse_shape %25 [[0], [1, 2, 3]] : tensor<2x12x1x1xbf16> into tensor<2x12xbf16>
    %26 = tensor.empty() : tensor<12x10xbf16>
    %transposed = linalg.transpose ins(%cst_3 : tensor<10x12xbf16>) outs(%26 : tensor<12x10xbf16>) permutation = [1, 0] 
    %27 = tensor.empty() : tensor<10xf32>
    %28 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_2 : tensor<10xbf16>) outs(%27 : tensor<10xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %39 = arith.extf %in : bf16 to f32
      linalg.yield %39 : f32
    } -> tensor<10xf32>
    %29 = tensor.empty() : tensor<2x12xf32>
    %30 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<2x12xbf16>) outs(%29 : tensor<2x12xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %39 = arith.extf %in : bf16 to f32
      linalg.yield %39 : f32
    } -> tensor<2x12xf32>
    %31 = tensor.empty() : tensor<12x10xf32>
    %32 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<12x10xbf16>) outs(%31 : tensor<12x10xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %39 = arith.extf %in : bf16 to f32
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
    %37 = tensor.empty() : tensor<2x10xbf16>
    %38 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%36 : tensor<2x10xf32>) outs(%37 : tensor<2x10xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %39 = arith.truncf %in : f32 to bf16
      linalg.yield %39 : bf16
    } -> tensor<2x10xbf16>
    return %38 : tensor<2x10xbf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_10_torch.bfloat16: "0x0200000062BE0CBE8EBE0D3D66BE523E46BE9C3D833E863E",
      torch_tensor_10_12_torch.bfloat16: "0x020000008C3D1FBEE2BCAB3DD8BDD43D28BD883E73BE7A3E473E84BE8B3D17BD0B3E563E1FBE28BE57BE573E78BE38BE853E183E4B3E7F3E81BE93BDC7BC893EA7BD9EBC283E1A3E41BE80BEDFBDBD3D8D3E053E2B3EB63D96BD43BD793E7C3D6C3D2D3E553EA93DEFBC03BE34BE14BE713E6B3E1CBE793E99BD95BDBC3D70BE2FBE2DBDBABD153E8CBD7CBE81BE8F3E053E93BE73BE3BBE863E213EC13D273E483D533E6EBE683E073EC43D3D3E67BD0CBEA1BD5EBE013B183E5C3D23BCE03D87BE42BE81BE933E86BE0C3E543EA8BD3ABD733E72BE93BE2DBD17BDF2BDB83C1D3E1E3EAC3D513E0ABE9E3CC63DBE3DD4BD703E",
      torch_tensor_12_torch.bfloat16: "0x02000000C3BDC93DE63DBB3BE8BDAFBDD6BD9C3CC63D9B3D6BBD52BD",
      torch_tensor_12_8_3_3_torch.bfloat16: "0x02000000D5BD663DAD3DB93D1EBD2A3CFD3C25BDE23DA53D6F3D45BDA93D76BDC5BD17BD32BC983D473D2E3D12BDBB3DE63DD0BDD93DBD3C283D3D3D8D3DED3AF9BC26BD9BBD95BB87BD903DADBDD23DD5BDC93D5B3CE4BD113D9BBDBFBDCB3B09BDEE3CBF3DDDBDF03D86BDBFBC9C3D4ABD73BDE2BC3D3DA7BBDC3D503DDCBDAEBD183C94BB13BD1F3D4B3D8CBDC1BC2D3D2F3D2DBC733D2D3DE3BDE7BD813B253DACBD79BDE7BDB73CAF3DD63DC5BDBA3D41BDD5BD9B3DCB3DC6BB0BBD713C623D5F3D73BD813B053D8C3CC93CDC3C003D833D75BDC83DF8BCC5BDA03D9ABDEFBD24BCE83DB7BDD13CBBBD453DA33D9DBCD7BDB4BD94BD34BD67BD543DDA3CC1BD763CE0BDAD3D06BCE23DBD3D8ABDBB3DCEBDE0BDA23D78BDB1BD9DBD8BBDD5BD783CCFBD07BD983DBABDA43DEF3D93BC69BCE5BDE03DC13D4FBC903DD5BDA3BDE33DF0BD4CBC81BDE4BD9F3C52BDBE3C34BD203D7F3CF0BD9A3D953DB9BD103D65BDA63D68BD973D99BD82BD443D043D5DBDB13DB83C673D8FBDEA3CE93C8C3DDF3D993DED3D54BDC7BDAB3C0ABB90BCC2BD87BB633B943D683DA33CAA3D4FBCC23DDCBD63BB58BD9B3D07BDA3BDA3BC8E38A23D853DDABD4CBD6ABDCBBB563D8CBCDC3D553C863DE8BC8C3D3D3D8F3B81BB563D883C98BD16BD9EBDE73CB53D8BBD223DBABD473DE2BD3EBDB1BAA4BC883D40BD203D543D043DEABD86BDEDBC01BB393DAA3DC73CA5BDF0BDD83DD439D6BD05BD393D73BB9F3DA5BC723CE23DD6BD403CC4BDA3BDE2BD6D3DBDBC2F3D5B3C1D3DCBBD2BBD04BDAFBD4D3D893D2FBDA5BD7BBDE1BD9DBD05BD9F3C68BDC6BD743DC13DB73B89BC56BD1D3D1A3C5DBDA63D8E3DB23DA73D8FBDDD3D19BBDEBD993D9BBD63BDBC3CAB3D9B3CCEBDA4BD333D04BD043DD23D9DBDD0BD22BD16BC22BDEC3D90BD8C3D3B3DDE3DE8BDB03D1ABD2ABD813BA43D783D8CBDE73C9EBB1F3DB5B8EFBC5F3DCE3D803D1FBDD33AB83C8CBDCD3D7F3D513DE03D7EBCB63D62BCC33D91BDECBD793D263DE5BD523DCEBC443DDB3DC33D8A3B6E3DE0BD0F3C1C3D773D2E3DA23D073C1D3DEDBD67BD5C3D273D4E3D433DCCBD203D11BD9CBC18BCCC3DD83D6F3D3CBD0F3D263DB93D183CE3BD423DC0BD7B3C9E3D473DE43DE93DDDBD3E3B0B3DBFBC79BDE83D91BDDFBDDDBD83BD4B3CA33DF1BBBEBDB33D0FBC2EBD64BB523D71BC3E3D4A3D9FBDD93DA03DB8BB9C3D05BDCEBC4A3DB3BDEABCA1BD26BC3FBD20BDD3BCBA3DED3CE9BDA7BD16BC203D963DDD3DA3BDE43DA23DC0BDC7BDBCBD163BD1BCECBD09BD973D0ABCC1BD9FBD343D173D52BDC6BD4D3D81BDD3BDDD3D423DA4BC8E3CC43DD6BDC0BC2BBDEABDCD3DE4BD42BD753DDA3DFFBCC83D1EBBDFBDE1BD60BD3DBAC43D4EBD96BCA53DEEBC513D24BC3CBD9CBDED3D82BD473C283DB33C1CBCBBBC4BBD273D0DBD343D793D2B3D63BDA6BD04BD1A3D503CEC3DA33D62BDAD3D8ABD23BDB33DB1BD06BDC6BD603DAD3DD43D28BDB2BD7F3D9CBD21BDC7BDBC3D42BC803CE23B8A3C53BDEC3DDBBD7DBC8DBDA4BD823DB13D643D113DA13D813D0CBD4CBD0F3D973DA13D013AF13DADBD483DCF3DF13B923DD43DBBBD9D3D603D7E3D723D903D1A3D863DDBBDF0BD803DF03D10BDBA3D52BC723D1DBC6B3D52BDC6BD813D4BBDB43D823C45BDE83DE73D7ABD573D0A3D94BD753CD3BD133CD1BDCE3D723DBF3DBB3C4EBD773D553D843D94BCF03D9ABDD7BD013DDA3D953C0BBDCEBDA23DEDBD47BD863D88BD9EBD73BD673D4EBDDCBCE8BC833DD43DF13B073A46BC663DAE3DE53C953D18BDBEBBC9BD523D78BD94BCECBD253C183D923DD4BCBA3BE33DC33AAE3DEC3DCD3D5B3D9A3DDC3D3EBCC23D47BD19BD593D91BD39BDD03B1F3CC33B81BC1A3DE93D22BD853DEC3C993DC53D39BCC9BC3EBD06BD4DBDEEBC8D3D113D64BD893D2D3C993B3A3D87BD4CBCB83D9C3D883D87BC433C9D3DA83C853D753D543D633DA2BDD4BDEFBDBD3D86BDBEBD773CBABC193DFCBCBB3DE5BDEEBDD03D51BDED3C303D983C98BD513C9EBDCC3D953CAE3DAA3D4D3D2A3D883D9ABDB63DD0BCBB3D01BC603DB23DB73CBBBC453DF1BD46BCC5BCB9BDB7BBE13CEBBDC63D893DEE3D4FBDABBD933DE33D8DBD8EBD0EBCCD3D95BCE7BD48BD8ABDB63DB1BDB43D343D2CBCF2BC853D89BD3ABDD53D3BBD443CC43DBDBDA03C563B79BDC33DA63DFDBB50BC963D20BD893DA1BDC6BDA13DA53DBCBDD6BC4D3D813D903DA93D5DBDCE3CCF3DC6BD9D3DF43CA93BEF3D49BD05BDB3BDCB3DB0BDD83DB2BD8A3D71BDD43DA2BD9CBD0BBDC2BDE53D323D83BDB6BD20BD913C59BD8C3D6DBD103DAE3DABBDBCBDE7BDB63CBD3D9ABD82BC973DBB3D843D1B3DA83C0E3CD33D8A3B3C3D0DBCBF3DEFBD1ABDE7BDE33CDDBCC6BDB9BD0A3DB53DCE3DA63D",
      torch_tensor_8_3_3_3_torch.bfloat16: "0x0200000004BD36BD723C96BDB8BD303E63BDEB3D01BEABBDA03D1C3D15BE183E57BD63B8D7BC173E3F3DB83D2BBD443E993DC33D19BD23BE0E3E2FBE43BE963C18BD0EBE183E9F3CB7BDFD3D8C3D1ABE02BD2ABEDCBD0E3D5A3D98BD8BBD28BEF4BD48BCE33BDE3D033E2C3E193D12BE5FBD2DBE72BCCE3DB43CB43D263ECD3D24BD343EDA3D12BEE33CBE3D7D3D3E3E01BEDE3C3F3EF7BDD4BD063EC73D1B3E09BDEA3D29BEE3BDFD3C0CBE59BB93BD433E6CBD893D173D3E3E033BE03D06BE0EBECC3DF53DC8BD1E3E823DDFBDBE3D443E4ABD193E73BD39BE1CBE85BD3A3EA63D2A3EC83D33BB02BE33BE84BDAEBD313E3EBDBFBC0F3D223EA2BCCF3D08BE3CBEF2BCB53DF73D903D153EE8BD313D243EF4BD083E20BE003ECD3D2C3EAABC2DBCEDBD353EDABB4DBD4E3CCD3DC8BD1DBE40BD6E3D9F3C52BDCD3C80BC193EE8BD3E3EF03A0A3E9F3D14BE0D3E8ABD05BEAC3D153DC6BDB9BD2C3E45BEE13C7F3B1DBEAB3D31BEBCBB26BDDE3D2ABD36BE70BC1B3EE3BD263EDB3DB4BCC4BB233E4C3BD63C813C6D3C2BBEE4BD363EEB3D243C3A3E9ABDA93DCEBD183ED93D883D3DBC063ED63DCC3D93BDB03B3CBDE6BD3F3D",
      torch_tensor_8_torch.bfloat16: "0x020000002A3EE83D5CBDE13D6ABC3B3E43BE543D"
    }
  }
#-}
