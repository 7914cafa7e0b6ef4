#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1, d2, d3) -> ()>
module {
  func.func @main(%arg0: tensor<2x8x8x8xbf16>) -> tensor<2x8x8x8xbf16> {
    %cst = arith.constant 0.000000e+00 : bf16
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant dense<6.000000e+00> : tensor<bf16>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<bf16>
    %cst_4 = arith.constant dense_resource<torch_tensor_8_torch.bfloat16_3> : tensor<8xbf16>
    %cst_5 = arith.constant dense_resource<torch_tensor_8_torch.bfloat16_2> : tensor<8xbf16>
    %cst_6 = arith.constant dense_resource<torch_tensor_8_torch.bfloat16_1> : tensor<8xbf16>
    %cst_7 = arith.constant dense_resource<torch_tensor_8_torch.bfloat16> : tensor<8xbf16>
    %cst_8 = arith.constant dense_resource<torch_tensor_8_48_1_1_torch.bfloat16> : tensor<8x48x1x1xbf16>
    %cst_9 = arith.constant dense_resource<torch_tensor_48_torch.bfloat16_7> : tensor<48xbf16>
    %cst_10 = arith.constant dense_resource<torch_tensor_48_torch.bfloat16_6> : tensor<48xbf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_48_torch.bfloat16_5> : tensor<48xbf16>
    %cst_12 = arith.constant dense_resource<torch_tensor_48_torch.bfloat16_4> : tensor<48xbf16>
    %cst_13 = arith.constant dense_resource<torch_tensor_48_1_3_3_torch.bfloat16> : tensor<48x1x3x3xbf16>
    %cst_14 = arith.constant dense_resource<torch_tensor_48_torch.bfloat16_3> : tensor<48xbf16>
    %cst_15 = arith.constant dense_resource<torch_tensor_48_torch.bfloat16_2> : tensor<48xbf16>
    %cst_16 = arith.constant 1.000000e-05 : f64
    %cst_17 = arith.constant dense_resource<torch_tensor_48_torch.bfloat16_1> : tensor<48xbf16>
    %cst_18 = arith.constant dense_resource<torch_tensor_48_torch.bfloat16> : tensor<48xbf16>
    %cst_19 = arith.constant dense_resource<torch_tensor_48_8_1_1_torch.bfloat16> : tensor<48x8x1x1xbf16>
    %0 = tensor.empty() : tensor<2x48x8x8xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<2x48x8x8xf32>) -> tensor<2x48x8x8xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %cst_19 : tensor<2x8x8x8xbf16>, tensor<48x8x1x1xbf16>) outs(%1 : tensor<2x48x8x8xf32>) -> tensor<2x48x8x8xf32>
    %3 = tensor.empty() : tensor<2x48x8x8xbf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x48x8x8xf32>) outs(%3 : tensor<2x48x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %49 = arith.truncf %in : f32 to bf16
      linalg.yield %49 : bf16
    } -> tensor<2x48x8x8xbf16>
    %5 = tensor.empty() : tensor<48xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_18 : tensor<48xbf16>) outs(%5 : tensor<48xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %49 = arith.extf %in : bf16 to f32
      linalg.yield %49 : f32
    } -> tensor<48xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_17 : tensor<48xbf16>) outs(%5 : tensor<48xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %49 = arith.extf %in : bf16 to f32
      linalg.yield %49 : f32
    } -> tensor<48xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%7 : tensor<48xf32>) outs(%5 : tensor<48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %49 = arith.truncf %cst_16 : f64 to f32
      %50 = arith.addf %in, %49 : f32
      linalg.yield %50 : f32
    } -> tensor<48xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%8 : tensor<48xf32>) outs(%5 : tensor<48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %49 = math.sqrt %in : f32
      linalg.yield %49 : f32
    } -> tensor<48xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%9 : tensor<48xf32>) outs(%5 : tensor<48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %49 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %49, "unimplemented: tensor with zero element"
      %50 = arith.divf %cst_1, %in : f32
      linalg.yield %50 : f32
    } -> tensor<48xf32>
    %expanded = tensor.expand_shape %6 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xf32> into tensor<48x1x1xf32>
    %expanded_20 = tensor.expand_shape %10 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xf32> into tensor<48x1x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %expanded : tensor<2x48x8x8xbf16>, tensor<48x1x1xf32>) outs(%0 : tensor<2x48x8x8xf32>) {
    ^bb0(%in: bf16, %in_31: f32, %out: f32):
      %49 = arith.extf %in : bf16 to f32
      %50 = arith.subf %49, %in_31 : f32
      linalg.yield %50 : f32
    } -> tensor<2x48x8x8xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11, %expanded_20 : tensor<2x48x8x8xf32>, tensor<48x1x1xf32>) outs(%0 : tensor<2x48x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %49 = arith.mulf %in, %in_31 : f32
      linalg.yield %49 : f32
    } -> tensor<2x48x8x8xf32>
    %expanded_21 = tensor.expand_shape %cst_15 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xbf16> into tensor<48x1x1xbf16>
    %13 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_21 : tensor<2x48x8x8xf32>, tensor<48x1x1xbf16>) outs(%0 : tensor<2x48x8x8xf32>) {
    ^bb0(%in: f32, %in_31: bf16, %out: f32):
      %49 = arith.extf %in_31 : bf16 to f32
      %50 = arith.mulf %in, %49 : f32
      linalg.yield %50 : f32
    } -> tensor<2x48x8x8xf32>
    %expanded_22 = tensor.expand_shape %cst_14 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xbf16> into tensor<48x1x1xbf16>
    %14 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %expanded_22 : tensor<2x48x8x8xf32>, tensor<48x1x1xbf16>) outs(%0 : tensor<2x48x8x8xf32>) {
    ^bb0(%in: f32, %in_31: bf16, %out: f32):
      %49 = arith.extf %in_31 : bf16 to f32
      %50 = arith.addf %in, %49 : f32
      linalg.yield %50 : f32
    } -> tensor<2x48x8x8xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<2x48x8x8xf32>) outs(%3 : tensor<2x48x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %49 = arith.truncf %in : f32 to bf16
      linalg.yield %49 : bf16
    } -> tensor<2x48x8x8xbf16>
    %16 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15, %cst_3 : tensor<2x48x8x8xbf16>, tensor<bf16>) outs(%3 : tensor<2x48x8x8xbf16>) {
    ^bb0(%in: bf16, %in_31: bf16, %out: bf16):
      %49 = arith.cmpf ogt, %in, %in_31 : bf16
      %50 = arith.select %49, %in, %in_31 : bf16
      linalg.yield %50 : bf16
    } -> tensor<2x48x8x8xbf16>
    %17 = linalg.generic {indexing_maps = [#map3, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_2, %16 : tensor<bf16>, tensor<2x48x8x8xbf16>) outs(%3 : tensor<2x48x8x8xbf16>) {
    ^bb0(%in: bf16, %in_31: bf16, %out: bf16):
      %49 = arith.cmpf olt, %in, %in_31 : bf16
      %50 = arith.select %49, %in, %in_31 : bf16
      linalg.yield %50 : bf16
    } -> tensor<2x48x8x8xbf16>
    %padded = tensor.pad %17 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : bf16
    } : tensor<2x48x8x8xbf16> to tensor<2x48x10x10xbf16>
    %collapsed = tensor.collapse_shape %cst_13 [[0, 1], [2], [3]] : tensor<48x1x3x3xbf16> into tensor<48x3x3xbf16>
    %18 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %collapsed : tensor<2x48x10x10xbf16>, tensor<48x3x3xbf16>) outs(%1 : tensor<2x48x8x8xf32>) -> tensor<2x48x8x8xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18 : tensor<2x48x8x8xf32>) outs(%3 : tensor<2x48x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %49 = arith.truncf %in : f32 to bf16
      linalg.yield %49 : bf16
    } -> tensor<2x48x8x8xbf16>
    %20 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_12 : tensor<48xbf16>) outs(%5 : tensor<48xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %49 = arith.extf %in : bf16 to f32
      linalg.yield %49 : f32
    } -> tensor<48xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_11 : tensor<48xbf16>) outs(%5 : tensor<48xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %49 = arith.extf %in : bf16 to f32
      linalg.yield %49 : f32
    } -> tensor<48xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%21 : tensor<48xf32>) outs(%5 : tensor<48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %49 = arith.truncf %cst_16 : f64 to f32
      %50 = arith.addf %in, %49 : f32
      linalg.yield %50 : f32
    } -> tensor<48xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%22 : tensor<48xf32>) outs(%5 : tensor<48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %49 = math.sqrt %in : f32
      linalg.yield %49 : f32
    } -> tensor<48xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%23 : tensor<48xf32>) outs(%5 : tensor<48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %49 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %49, "unimplemented: tensor with zero element"
      %50 = arith.divf %cst_1, %in : f32
      linalg.yield %50 : f32
    } -> tensor<48xf32>
    %expanded_23 = tensor.expand_shape %20 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xf32> into tensor<48x1x1xf32>
    %expanded_24 = tensor.expand_shape %24 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xf32> into tensor<48x1x1xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %expanded_23 : tensor<2x48x8x8xbf16>, tensor<48x1x1xf32>) outs(%0 : tensor<2x48x8x8xf32>) {
    ^bb0(%in: bf16, %in_31: f32, %out: f32):
      %49 = arith.extf %in : bf16 to f32
      %50 = arith.subf %49, %in_31 : f32
      linalg.yield %50 : f32
    } -> tensor<2x48x8x8xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %expanded_24 : tensor<2x48x8x8xf32>, tensor<48x1x1xf32>) outs(%0 : tensor<2x48x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %49 = arith.mulf %in, %in_31 : f32
      linalg.yield %49 : f32
    } -> tensor<2x48x8x8xf32>
    %expanded_25 = tensor.expand_shape %cst_10 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xbf16> into tensor<48x1x1xbf16>
    %27 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %expanded_25 : tensor<2x48x8x8xf32>, tensor<48x1x1xbf16>) outs(%0 : tensor<2x48x8x8xf32>) {
    ^bb0(%in: f32, %in_31: bf16, %out: f32):
      %49 = arith.extf %in_31 : bf16 to f32
      %50 = arith.mulf %in, %49 : f32
      linalg.yield %50 : f32
    } -> tensor<2x48x8x8xf32>
    %expanded_26 = tensor.expand_shape %cst_9 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xbf16> into tensor<48x1x1xbf16>
    %28 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27, %expanded_26 : tensor<2x48x8x8xf32>, tensor<48x1x1xbf16>) outs(%0 : tensor<2x48x8x8xf32>) {
    ^bb0(%in: f32, %in_31: bf16, %out: f32):
      %49 = arith.extf %in_31 : bf16 to f32
      %50 = arith.addf %in, %49 : f32
      linalg.yield %50 : f32
    } -> tensor<2x48x8x8xf32>
    %29 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28 : tensor<2x48x8x8xf32>) outs(%3 : tensor<2x48x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %49 = arith.truncf %in : f32 to bf16
      linalg.yield %49 : bf16
    } -> tensor<2x48x8x8xbf16>
    %30 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29, %cst_3 : tensor<2x48x8x8xbf16>, tensor<bf16>) outs(%3 : tensor<2x48x8x8xbf16>) {
    ^bb0(%in: bf16, %in_31: bf16, %out: bf16):
      %49 = arith.cmpf ogt, %in, %in_31 : bf16
      %50 = arith.select %49, %in, %in_31 : bf16
      linalg.yield %50 : bf16
    } -> tensor<2x48x8x8xbf16>
    %31 = linalg.generic {indexing_maps = [#map3, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_2, %30 : tensor<bf16>, tensor<2x48x8x8xbf16>) outs(%3 : tensor<2x48x8x8xbf16>) {
    ^bb0(%in: bf16, %in_31: bf16, %out: bf16):
      %49 = arith.cmpf olt, %in, %in_31 : bf16
      %50 = arith.select %49, %in, %in_31 : bf16
      linalg.yield %50 : bf16
    } -> tensor<2x48x8x8xbf16>
    %32 = tensor.empty() : tensor<2x8x8x8xf32>
    %33 = linalg.fill ins(%cst_0 : f32) outs(%32 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
    %34 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%31, %cst_8 : tensor<2x48x8x8xbf16>, tensor<8x48x1x1xbf16>) outs(%33 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
    %35 = tensor.empty() : tensor<2x8x8x8xbf16>
    %36 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34 : tensor<2x8x8x8xf32>) outs(%35 : tensor<2x8x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %49 = arith.truncf %in : f32 to bf16
      linalg.yield %49 : bf16
    } -> tensor<2x8x8x8xbf16>
    %37 = tensor.empty() : tensor<8xf32>
    %38 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_7 : tensor<8xbf16>) outs(%37 : tensor<8xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %49 = arith.extf %in : bf16 to f32
      linalg.yield %49 : f32
    } -> tensor<8xf32>
    %39 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_6 : tensor<8xbf16>) outs(%37 : tensor<8xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %49 = arith.extf %in : bf16 to f32
      linalg.yield %49 : f32
    } -> tensor<8xf32>
    %40 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%39 : tensor<8xf32>) outs(%37 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %49 = arith.truncf %cst_16 : f64 to f32
      %50 = arith.addf %in, %49 : f32
      linalg.yield %50 : f32
    } -> tensor<8xf32>
    %41 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%40 : tensor<8xf32>) outs(%37 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %49 = math.sqrt %in : f32
      linalg.yield %49 : f32
    } -> tensor<8xf32>
    %42 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%41 : tensor<8xf32>) outs(%37 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %49 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %49, "unimplemented: tensor with zero element"
      %50 = arith.divf %cst_1, %in : f32
      linalg.yield %50 : f32
    } -> tensor<8xf32>
    %expanded_27 = tensor.expand_shape %38 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_28 = tensor.expand_shape %42 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %43 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%36, %expanded_27 : tensor<2x8x8x8xbf16>, tensor<8x1x1xf32>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: bf16, %in_31: f32, %out: f32):
      %49 = arith.extf %in : bf16 to f32
      %50 = arith.subf %49, %in_31 : f32
      linalg.yield %50 : f32
    } -> tensor<2x8x8x8xf32>
    %44 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43, %expanded_28 : tensor<2x8x8x8xf32>, tensor<8x1x1xf32>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %49 = arith.mulf %in, %in_31 : f32
      linalg.yield %49 : f32
    } -> tensor<2x8x8x8xf32>
    %expanded_29 = tensor.expand_shape %cst_5 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xbf16> into tensor<8x1x1xbf16>
    %45 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44, %expanded_29 : tensor<2x8x8x8xf32>, tensor<8x1x1xbf16>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_31: bf16, %out: f32):
      %49 = arith.extf %in_31 : bf16 to f32
      %50 = arith.mulf %in, %49 : f32
      linalg.yield %50 : f32
    } -> tensor<2x8x8x8xf32>
    %expanded_30 = tensor.expand_shape %cst_4 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xbf16> into tensor<8x1x1xbf16>
    %46 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45, %expanded_30 : tensor<2x8x8x8xf32>, tensor<8x1x1xbf16>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_31: bf16, %out: f32):
      %49 = arith.extf %in_31 : bf16 to f32
      %50 = arith.addf %in, %49 : f32
      linalg.yield %50 : f32
    } -> tensor<2x8x8x8xf32>
    %47 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46 : tensor<2x8x8x8xf32>) outs(%35 : tensor<2x8x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %49 = arith.truncf %in : f32 to bf16
      linalg.yield %49 : bf16
    } -> tensor<2x8x8x8xbf16>
    %48 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %47 : tensor<2x8x8x8xbf16>, tensor<2x8x8x8xbf16>) outs(%35 : tensor<2x8x8x8xbf16>) {
    ^bb0(%in: bf16, %in_31: bf16, %out: bf16):
      %49 = arith.addf %in, %in_31 : bf16
      linalg.yield %49 : bf16
    } -> tensor<2x8x8x8xbf16>
    return %48 : tensor<2x8x8x8xbf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_8_torch.bfloat16_3: "0x0200000024BE82BF623E14BFAEBED8BE353EC93E",
      torch_tensor_8_torch.bfloat16_2: "0x02000000AF3FF33F9C3FFF3FFE3F293F0B3F523F",
      torch_tensor_8_torch.bfloat16_1: "0x02000000123FD43FEF3FF53F9C3F023F823F943F",
      torch_tensor_8_torch.bfloat16: "0x0200000041BFFF3E253FEE3E0EBE85BE1BBE02BF",
      torch_tensor_8_48_1_1_torch.bfloat16: "0x020000001FBD0DBC0FBE38BDBC3D3EBC92BC36BD983DED3DB7BD8F3D9CBDB93D01BA85BDB93DFDBD953DE4BBB3BDD7BDA7BD60397D3D9CBB1ABD31BD033DC83D873BA1BDB2BCE1BD6B3D88BD583D17BCF03D88BDC6BD183C433DE9BDACBDDB3DFA3DB63DD93D9C3DF53D233DCABDA0BD823D94BB063E123EE13DB9BD33BDF93DB23CFE3DAF3D0DBE323DF43C21BCEC3DD3BD0A3EEA3D1D3DFC3DDD3C81BDC6BD0A3ED0BCFD3CF9BCAF3D0E3C9ABC92BD063E0F3E9D3DE0BBC83DFF3D30BDE0BD06BE78BDC5BD4BBDFDBCDBBDBA3D013E013E893D663DF5BDEC3BF93D043D8B3D0D3E8B3C4ABD0B3E07BE4CBBEF3C883CF5BD82BD043E22BC323D603D6B3DB73D4A3DD2BCC0BCAFBDAA3D123E073EAEBD6F3DABBD0FBEF93D8C3DF9BDFC3C083EA3BBD03C863D913D853CBD3C85BD7D3DF9BD7F3D02BEF1BC9B3D9BBD2DBD45BD88BDB5BCA5BDD4BDE0BC4DBD093DA53C213C333C783C923D8B3C5E3D213DDB3C023DE13D03BD613C14BDA63D643DB33C9BBDCCBDDF3CF13DA2BD853D87BC8E3DE13C4F3DA53D743D7C3C0C3EC0BD413C04BEE0BD0EBE94BB273D12BC71BDABBD2A3B95BDC2BBF43DB83D293D57BD0BBE89BDA9BCA2BD67BD85BD063E10BCED3DCFBD8F3D06BE43BD71BD0ABEDCBDC7BDCEBC43BD08BEC03C803DCC3CE13D4DBCEB3D19BC2DBC09BC6DBD64BD0F3DA2BD4C3DEDBD90BCABBC84BDD33DEFBD8D3D05BEAF3D0C3E0ABD2EBC8ABBAA3D0F3C11BD033EE33D1DBC97BDAA3D83BDA7BDB8BD1A3C7CBDC63DCF3D7CBD6ABDD63D98BDBB3D12BCD53D963DD3BDD4BD823D90BD413CE43CEFBD01BCCC3DBA3BB9BD013EFC3D0E3DB3BD7F3D273DAFBDD6BD75BD0C3E7F3C09BB883DA6BD3BBDCD3C013E25BC043DF6BD0ABEF83CBCBAE83D073D053EE1BC22BD4BBC89BD1A3CF4BD863C21BC373D0F3E533DC53CC1BD4CBD68BDFABD9E3D0C3EC43DE93DA2BD73BD39BD85BDE9BDF3BDE1BBAFBDDFBD103E0ABE3ABDBF3D97BD893DD4BDB4BA583D38BDD3BDE83CC6BC013EB5BCE43D7BBD66BDD939A63D083E8A3D85BD223CC43DEC3DD43D473D92BCCA3D463D00BE113E2DBC0D3E",
      torch_tensor_48_torch.bfloat16_7: "0x02000000863E96BEAF3E833FBBBD793FE2BEE0BC42BFFEBD3B3FE93E8BBFD0BDB13E58BF6A3E9E3EBDBD8D3EC23B3DBE9F3E1BBFE8BE2CBF633F31BE303FFFBEB9BE253D38BE4F3F9A3FCD3E49BFC93E0CBD2B3F00BF773D073F523E073E743E303E903B",
      torch_tensor_48_torch.bfloat16_6: "0x02000000CD3FC43FC83F373F853F413F9B3F163F043F053F273F363F583FF63F9F3FFF3FA63FA63FE13F1C3FC73FFF3F4F3F373F803FF63FFD3FD53F593F6A3F123FB13FB63F993FDF3FD13F083FEF3FEA3FF43FF33F923FF33FD53FBF3F883FA43F863F",
      torch_tensor_48_torch.bfloat16_5: "0x02000000833FE53F2B3F663FA63FFF3FB33F813FAA3F953F973F383FD43F023FDB3F5C3F593F973F0E3F513FC73F053FFA3FB33FF73F893F7C3F553FA43FA73FCB3F0F3FC23FA83FC33F6C3F1C3F043FC33F5E3F393F4C3FB03F833FBE3F7C3F1A3F0B3F",
      torch_tensor_48_torch.bfloat16_4: "0x0200000039BF523F68BF14BE15BF0ABFA4BEDFBE023FD13DB3BE8F3ECD3D293EF93DABBE2BBF18BF88BD773D053FAFBE833FA93E12BF97BF373E643F163F863FAFBE393F403CBCBE7B3E6ABF273C1FBF533ED9BD7FBE443F483FF5BD963E8BBED7BE6DBE",
      torch_tensor_48_1_3_3_torch.bfloat16: "0x02000000CB3D98BE373E3FBE7DBECABC51BE13BE24BE843D91BD893E48BE873ED63CECBC913E343E76BE2C3E633ED339503EEB3D7C3E6ABE9EBE04BB2E3C96BE89BE753E85BE3B3E703EC4BD20BED3BD843E483E95BE8DBE153E84BEAFBD8DBD903E7FBE51BD863E713EA6BE83BE283E06BE733EC63D763E18BE413D79BE93BEE7BD9E3E7B3E743E813EA1BE6E3E863EADBD8EBEBBBD873E2CBE18BE46BE2ABEBBBD123D423E013C93BE813EBA3BFEBD83BE5B3DE33D8EBE85BE393EE23D7FBD1DBD03BEA23D4E3DB43DC83DBF3DC53D0ABEA73E0D3E86BD043CA2BEF7BDDFBD163EAB3ED8BD923EA13D40BE39BEDABC573CC9BD2A3EA53EC83D783E1D3DF8BD813EA03E4DBE25BE8C3E153E9D3E613EA23EAABCA03C70BE623D533E6EBD393D51BE8B3E9BBE27BD993EB4BD2FBE64BD2BBE3CBE833EE63D1E3E95BEDF3D10BE49BE2BBE873E73BE23BE95BE683E8E3EE03D8D3EEA3C04BD9F3E913E8E3E873E893E3B3EFCBD2DBEA73C00BE65BE163EA43E97BE83BE4B3EA1BE9BBEF13DA7BE073E7BBE543DA1BEA73EFDBC993E8BBCCF3D163E43BEF6BD1CBB913ED8BCA93E9B3E2E3E9FBED4BD91BEA1BE5EBCA53E713E8A3D5DBE7CBE1CBE0B3E24BC6BBE253E92BE423DC3BDA73E9EBE903E7FBD7EBEBFBD51BD83BCD33D913E7D3D653E84BE29BE85BEC23D9F3E92BE8EBD06BD46BE83BE543ED5BD43BE3BBD8FBE9F3E953DA6BDE83D663E18BD143E9FBE8D3E733EF3BD0B3ED73D9ABDAA3EC93D78BE763DC2BDA2BE7D3E8B3D88BE273E1FBE853E0CBD23BD82BE2CBE753E2A3E17BE0B3D91BD89BEED3D12BE5F3EECBCCD3D80BDED3C863E95BEA63EC43D7BBE9BBEAA3C2ABEA73E28BE933E513E67BED0BD633E41BE57BE41BE60BD333E05BD8E3DDA3DC7BC3D3E7D3E3ABE213E82BD67BC8BBE913E4E3E213E30BE4A3D743E803DA8BE5A3E8D3E943D543E6A3E83BE94BD623E9CBDA6BEA9BE463EE73C2D3E92BE483989BE213E58BE3EBE5EBE58BE11BDAA3D6D3EA83EC1BD983D11BEA3BEAEBD843EF23D16BB8DBE2BBEB53DA13E8ABC46BE1A3E0D3D1E3E23BD463E333E65BE973D7E3D923E8DBE793EC03C453DCA3D8EBE60BEA2BE7D3E8E3E2EBE0A3E633EA5BEBD3C973D84BEFEBD1E3E473E44BC6D3E333E01BE3BBE693E2A3B403E823D96BD0F3E5EBE4A3D033E4DBE8B3EAFBC78BEC83D46BE51BE923A1D3EA43E8C3C8F3E973E",
      torch_tensor_48_torch.bfloat16_3: "0x02000000793D5EBDE43EAEBE1CBF813F30BF323C573DBE3ECA3E10BFB23E26BE6EBEA0BC9CBDF4BE91BE51BF81BE8F3D243F7DBDC9BECB3F8E3E043FE13E9BBE06BEBCBDD2BE05BB3A3F0F3E6C3E3ABF943E5A3DC83EA3BE253FD83E603C223F003D17BF",
      torch_tensor_48_torch.bfloat16_2: "0x02000000D53F203F8C3FBE3FA63FFE3F9A3F423FE93FFD3F963FAF3FFE3FA23F913FEE3FEF3FA53F453F263F643F1B3F2B3F9C3F9F3FCF3F893F993FE93FB83F9C3FBB3FEE3F173FF13FF23FE43FC43F833F0D3F8D3FF13F433FC03F763FA53F8F3F503F",
      torch_tensor_48_torch.bfloat16_1: "0x02000000CF3FEE3F263F273FCF3F9B3FD63F883FC13FE53FE93FD23FA63FCD3FA23F2D3FBC3FAF3FB53F833FC53F063F3B3F553F003F853FD73FEA3FC83FAA3F843FCB3F8D3F0A3F933FF23FD23FBA3F853FDE3FFA3FBB3FF13FAA3FD23F8E3F603FCA3F",
      torch_tensor_48_torch.bfloat16: "0x020000009F3E293F37BEDFBD9C3DAB3DF5BEE93EA13E053F86BFCEBDBDBF903C643F71BE51BF50BEA03EC83DBE3EDE3ED4BE19BFFF3E29BFD33C53BEE03D2B3FCF3F5B3E0C3EDCBEAEBC26BED93DFD3E18BE3ABF483FA53FA6BD2FBF253EE0BE613F293E",
      torch_tensor_48_8_1_1_torch.bfloat16: "0x02000000B63BF3BC9C3D183E643E14BEB43ED8BDA6BE63BE87BC453BAD3E383E613E643DA93D8BBDA2BE263E9CBE3A3DD13BA83EA5BE03BEA23E9EBE963DA2BE00BE5ABDFE3B53BE923E143E3DBE66BE84BD403E83BEF8BD8FBEA7BE7F3EE0BD6F3E293E053E91BE2EBD9C3E3E3D11BE9E3E773D76BEA93C27BEA03DEC3DA03E433D063C273E5DBEAD3E3D3E37BE0ABE6C3D563D8DBD26BE693E4E3E913E99BEB5BD02BE93BEA93E6F3E85BE0EBE653EAC3E413E9DBD0DBDA4BD86BE743E3A3DB6BD0D3E653E8E3DB83C05BD5A3E52BD9FBE993ECF3CBEBB0D3E883ED23D33BEA73E113EA13E6A3D953EAA3D13BE533EB73B663DA83E33BE31BEB43E193D943E143E12BED7BCBBBD8B3E893D6CBD42BE433EE1BD313DA03ED93D39BD963E973E86BD7B3D98BEA73E9DBE763E5DBEB33EDABD69BE2FBEB0BE36BE64BEC5BD9DBD353E16BEFFBD993DB03D80BEA0BE9E3E54BD033E98BE0ABE90BEE53D283E3D3ED93D2ABE383E8B3E18BE8BBEE4BDA03E733E0EBE4ABD143EFBBD94BD6E3EA73C63BD113E733DB4BEA4BE83BE72BED2BC423E363E583E113E21BD11BEF239A33E4DBE97BEF5BD8E3E823E3ABEDB3D9BBC643E35BD5FBEA43E57BE103E9E3D96BD29BE903E6D3E2CBEAE3E453E87BD34BDAEBE6DBE153DADBEB3BE3A3E2CBE943E5ABE9CBE0FBE16BD9DBEA83E92BE79BDC03D583C8BBE08BDABBEBB3D92BEEFBD2ABEAB3E2B3D28BE803DADBE0BBDF9BD31BD63BE1F3ED2BB553E583E393E9ABE53BEAFBE373C133E623E57BEE93C803E5C3E423E30BDA4BE223D943D173E1FBE5ABEB7BD453E873E9CBE2CBD143E2F3EA43E573E16BE8D3E3A3D853E8DBE94BDA5BE3C3EBB3D803E2CBD883E763EAE3E3DBEA53DD63D813E8D3DA6BE9A3E613D25BE5CBC5CBE183EAE3E803EABBBAFBE6BBE74BE7DBE9B3E47BE1E3ED2BD8FBCB3BEFB3D643E8EBE97BD64BD6C3ECD3D21BE843E813D18BE50BE393E703E9B3E243EC83DA3BE093D97BDDDBBDD3DAABDBDBA8D3EB73D5B3E6C3E5CBD833C8CBEABBC58BE233E07BE723E87BE8B3D963D133D8BBE76BE9F3EB33D32BE0E3E763EDE3DE5BD"
    }
  }
#-}
