#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1, d2, d3) -> ()>
module {
  func.func @main(%arg0: tensor<2x8x8x8xf16>) -> tensor<2x8x8x8xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant dense<6.000000e+00> : tensor<f16>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<f16>
    %cst_4 = arith.constant dense_resource<torch_tensor_8_torch.float16_3> : tensor<8xf16>
    %cst_5 = arith.constant dense_resource<torch_tensor_8_torch.float16_2> : tensor<8xf16>
    %cst_6 = arith.constant dense_resource<torch_tensor_8_torch.float16_1> : tensor<8xf16>
    %cst_7 = arith.constant dense_resource<torch_tensor_8_torch.float16> : tensor<8xf16>
    %cst_8 = arith.constant dense_resource<torch_tensor_8_48_1_1_torch.float16> : tensor<8x48x1x1xf16>
    %cst_9 = arith.constant dense_resource<torch_tensor_48_torch.float16_7> : tensor<48xf16>
    %cst_10 = arith.constant dense_resource<torch_tensor_48_torch.float16_6> : tensor<48xf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_48_torch.float16_5> : tensor<48xf16>
    %cst_12 = arith.constant dense_resource<torch_tensor_48_torch.float16_4> : tensor<48xf16>
    %cst_13 = arith.constant dense_resource<torch_tensor_48_1_3_3_torch.float16> : tensor<48x1x3x3xf16>
    %cst_14 = arith.constant dense_resource<torch_tensor_48_torch.float16_3> : tensor<48xf16>
    %cst_15 = arith.constant dense_resource<torch_tensor_48_torch.float16_2> : tensor<48xf16>
    %cst_16 = arith.constant 1.000000e-05 : f64
    %cst_17 = arith.constant dense_resource<torch_tensor_48_torch.float16_1> : tensor<48xf16>
    %cst_18 = arith.constant dense_resource<torch_tensor_48_torch.float16> : tensor<48xf16>
    %cst_19 = arith.constant dense_resource<torch_tensor_48_8_1_1_torch.float16> : tensor<48x8x1x1xf16>
    %0 = tensor.empty() : tensor<2x48x8x8xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<2x48x8x8xf32>) -> tensor<2x48x8x8xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %cst_19 : tensor<2x8x8x8xf16>, tensor<48x8x1x1xf16>) outs(%1 : tensor<2x48x8x8xf32>) -> tensor<2x48x8x8xf32>
    %3 = tensor.empty() : tensor<2x48x8x8xf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x48x8x8xf32>) outs(%3 : tensor<2x48x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %49 = arith.truncf %in : f32 to f16
      linalg.yield %49 : f16
    } -> tensor<2x48x8x8xf16>
    %5 = tensor.empty() : tensor<48xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_18 : tensor<48xf16>) outs(%5 : tensor<48xf32>) {
    ^bb0(%in: f16, %out: f32):
      %49 = arith.extf %in : f16 to f32
      linalg.yield %49 : f32
    } -> tensor<48xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_17 : tensor<48xf16>) outs(%5 : tensor<48xf32>) {
    ^bb0(%in: f16, %out: f32):
      %49 = arith.extf %in : f16 to f32
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
    %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %expanded : tensor<2x48x8x8xf16>, tensor<48x1x1xf32>) outs(%0 : tensor<2x48x8x8xf32>) {
    ^bb0(%in: f16, %in_31: f32, %out: f32):
      %49 = arith.extf %in : f16 to f32
      %50 = arith.subf %49, %in_31 : f32
      linalg.yield %50 : f32
    } -> tensor<2x48x8x8xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11, %expanded_20 : tensor<2x48x8x8xf32>, tensor<48x1x1xf32>) outs(%0 : tensor<2x48x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %49 = arith.mulf %in, %in_31 : f32
      linalg.yield %49 : f32
    } -> tensor<2x48x8x8xf32>
    %expanded_21 = tensor.expand_shape %cst_15 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xf16> into tensor<48x1x1xf16>
    %13 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_21 : tensor<2x48x8x8xf32>, tensor<48x1x1xf16>) outs(%0 : tensor<2x48x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f16, %out: f32):
      %49 = arith.extf %in_31 : f16 to f32
      %50 = arith.mulf %in, %49 : f32
      linalg.yield %50 : f32
    } -> tensor<2x48x8x8xf32>
    %expanded_22 = tensor.expand_shape %cst_14 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xf16> into tensor<48x1x1xf16>
    %14 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %expanded_22 : tensor<2x48x8x8xf32>, tensor<48x1x1xf16>) outs(%0 : tensor<2x48x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f16, %out: f32):
      %49 = arith.extf %in_31 : f16 to f32
      %50 = arith.addf %in, %49 : f32
      linalg.yield %50 : f32
    } -> tensor<2x48x8x8xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<2x48x8x8xf32>) outs(%3 : tensor<2x48x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %49 = arith.truncf %in : f32 to f16
      linalg.yield %49 : f16
    } -> tensor<2x48x8x8xf16>
    %16 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15, %cst_3 : tensor<2x48x8x8xf16>, tensor<f16>) outs(%3 : tensor<2x48x8x8xf16>) {
    ^bb0(%in: f16, %in_31: f16, %out: f16):
      %49 = arith.cmpf ogt, %in, %in_31 : f16
      %50 = arith.select %49, %in, %in_31 : f16
      linalg.yield %50 : f16
    } -> tensor<2x48x8x8xf16>
    %17 = linalg.generic {indexing_maps = [#map3, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_2, %16 : tensor<f16>, tensor<2x48x8x8xf16>) outs(%3 : tensor<2x48x8x8xf16>) {
    ^bb0(%in: f16, %in_31: f16, %out: f16):
      %49 = arith.cmpf olt, %in, %in_31 : f16
      %50 = arith.select %49, %in, %in_31 : f16
      linalg.yield %50 : f16
    } -> tensor<2x48x8x8xf16>
    %padded = tensor.pad %17 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<2x48x8x8xf16> to tensor<2x48x10x10xf16>
    %collapsed = tensor.collapse_shape %cst_13 [[0, 1], [2], [3]] : tensor<48x1x3x3xf16> into tensor<48x3x3xf16>
    %18 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %collapsed : tensor<2x48x10x10xf16>, tensor<48x3x3xf16>) outs(%1 : tensor<2x48x8x8xf32>) -> tensor<2x48x8x8xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18 : tensor<2x48x8x8xf32>) outs(%3 : tensor<2x48x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %49 = arith.truncf %in : f32 to f16
      linalg.yield %49 : f16
    } -> tensor<2x48x8x8xf16>
    %20 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_12 : tensor<48xf16>) outs(%5 : tensor<48xf32>) {
    ^bb0(%in: f16, %out: f32):
      %49 = arith.extf %in : f16 to f32
      linalg.yield %49 : f32
    } -> tensor<48xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_11 : tensor<48xf16>) outs(%5 : tensor<48xf32>) {
    ^bb0(%in: f16, %out: f32):
      %49 = arith.extf %in : f16 to f32
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
    %25 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %expanded_23 : tensor<2x48x8x8xf16>, tensor<48x1x1xf32>) outs(%0 : tensor<2x48x8x8xf32>) {
    ^bb0(%in: f16, %in_31: f32, %out: f32):
      %49 = arith.extf %in : f16 to f32
      %50 = arith.subf %49, %in_31 : f32
      linalg.yield %50 : f32
    } -> tensor<2x48x8x8xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %expanded_24 : tensor<2x48x8x8xf32>, tensor<48x1x1xf32>) outs(%0 : tensor<2x48x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %49 = arith.mulf %in, %in_31 : f32
      linalg.yield %49 : f32
    } -> tensor<2x48x8x8xf32>
    %expanded_25 = tensor.expand_shape %cst_10 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xf16> into tensor<48x1x1xf16>
    %27 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %expanded_25 : tensor<2x48x8x8xf32>, tensor<48x1x1xf16>) outs(%0 : tensor<2x48x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f16, %out: f32):
      %49 = arith.extf %in_31 : f16 to f32
      %50 = arith.mulf %in, %49 : f32
      linalg.yield %50 : f32
    } -> tensor<2x48x8x8xf32>
    %expanded_26 = tensor.expand_shape %cst_9 [[0, 1, 2]] output_shape [48, 1, 1] : tensor<48xf16> into tensor<48x1x1xf16>
    %28 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27, %expanded_26 : tensor<2x48x8x8xf32>, tensor<48x1x1xf16>) outs(%0 : tensor<2x48x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f16, %out: f32):
      %49 = arith.extf %in_31 : f16 to f32
      %50 = arith.addf %in, %49 : f32
      linalg.yield %50 : f32
    } -> tensor<2x48x8x8xf32>
    %29 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28 : tensor<2x48x8x8xf32>) outs(%3 : tensor<2x48x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %49 = arith.truncf %in : f32 to f16
      linalg.yield %49 : f16
    } -> tensor<2x48x8x8xf16>
    %30 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29, %cst_3 : tensor<2x48x8x8xf16>, tensor<f16>) outs(%3 : tensor<2x48x8x8xf16>) {
    ^bb0(%in: f16, %in_31: f16, %out: f16):
      %49 = arith.cmpf ogt, %in, %in_31 : f16
      %50 = arith.select %49, %in, %in_31 : f16
      linalg.yield %50 : f16
    } -> tensor<2x48x8x8xf16>
    %31 = linalg.generic {indexing_maps = [#map3, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_2, %30 : tensor<f16>, tensor<2x48x8x8xf16>) outs(%3 : tensor<2x48x8x8xf16>) {
    ^bb0(%in: f16, %in_31: f16, %out: f16):
      %49 = arith.cmpf olt, %in, %in_31 : f16
      %50 = arith.select %49, %in, %in_31 : f16
      linalg.yield %50 : f16
    } -> tensor<2x48x8x8xf16>
    %32 = tensor.empty() : tensor<2x8x8x8xf32>
    %33 = linalg.fill ins(%cst_0 : f32) outs(%32 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
    %34 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%31, %cst_8 : tensor<2x48x8x8xf16>, tensor<8x48x1x1xf16>) outs(%33 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
    %35 = tensor.empty() : tensor<2x8x8x8xf16>
    %36 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34 : tensor<2x8x8x8xf32>) outs(%35 : tensor<2x8x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %49 = arith.truncf %in : f32 to f16
      linalg.yield %49 : f16
    } -> tensor<2x8x8x8xf16>
    %37 = tensor.empty() : tensor<8xf32>
    %38 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_7 : tensor<8xf16>) outs(%37 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %49 = arith.extf %in : f16 to f32
      linalg.yield %49 : f32
    } -> tensor<8xf32>
    %39 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_6 : tensor<8xf16>) outs(%37 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %49 = arith.extf %in : f16 to f32
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
    %43 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%36, %expanded_27 : tensor<2x8x8x8xf16>, tensor<8x1x1xf32>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f16, %in_31: f32, %out: f32):
      %49 = arith.extf %in : f16 to f32
      %50 = arith.subf %49, %in_31 : f32
      linalg.yield %50 : f32
    } -> tensor<2x8x8x8xf32>
    %44 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43, %expanded_28 : tensor<2x8x8x8xf32>, tensor<8x1x1xf32>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %49 = arith.mulf %in, %in_31 : f32
      linalg.yield %49 : f32
    } -> tensor<2x8x8x8xf32>
    %expanded_29 = tensor.expand_shape %cst_5 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %45 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44, %expanded_29 : tensor<2x8x8x8xf32>, tensor<8x1x1xf16>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f16, %out: f32):
      %49 = arith.extf %in_31 : f16 to f32
      %50 = arith.mulf %in, %49 : f32
      linalg.yield %50 : f32
    } -> tensor<2x8x8x8xf32>
    %expanded_30 = tensor.expand_shape %cst_4 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %46 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45, %expanded_30 : tensor<2x8x8x8xf32>, tensor<8x1x1xf16>) outs(%32 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f16, %out: f32):
      %49 = arith.extf %in_31 : f16 to f32
      %50 = arith.addf %in, %49 : f32
      linalg.yield %50 : f32
    } -> tensor<2x8x8x8xf32>
    %47 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46 : tensor<2x8x8x8xf32>) outs(%35 : tensor<2x8x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %49 = arith.truncf %in : f32 to f16
      linalg.yield %49 : f16
    } -> tensor<2x8x8x8xf16>
    %48 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %47 : tensor<2x8x8x8xf16>, tensor<2x8x8x8xf16>) outs(%35 : tensor<2x8x8x8xf16>) {
    ^bb0(%in: f16, %in_31: f16, %out: f16):
      %49 = arith.addf %in, %in_31 : f16
      linalg.yield %49 : f16
    } -> tensor<2x8x8x8xf16>
    return %48 : tensor<2x8x8x8xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_8_torch.float16_3: "0x0200000022B110BC10339DB870B5C4B6A7314736",
      torch_tensor_8_torch.float16_2: "0x02000000763D963FE13CF63FED3F4A3958388D3A",
      torch_tensor_8_torch.float16_1: "0x020000009138A33E753FA93FE13C0D38143CA23C",
      torch_tensor_8_torch.float16: "0x0200000009BAF9372C39723770B027B4D4B013B8",
      torch_tensor_8_48_1_1_torch.float16: "0x02000000F8A866A079B0BDA9E42DF1A190A4B0A9C42C6C2FBAAD762CE1ACC92D059027ACC92DE9AFA72C239F96ADBAAE36AD030BE72BDE9CCFA888A91828402E371C0BAD8DA50AAF5A2B43ACC12ABBA07F2F3CAC34AEBF20162A45AF60ADD92ED22FB02DC62EE42CAC2F162954AE01AD0D2CA39C2E308D30082FC7AD95A9C92F9425EF2F7C2D67B09129A42705A1622F99AE52304C2FE528DD2FE82606AC33AE513083A6E527C8A7772D6D20D2A48EAC2F307B30E62CFC9E432EF72F83A900AF33B0BFAB26AE56AAE5A7DBAECC2D0A300B30482C332BABAF641FC92F2028592C6430582453AA5A303BB05D9A78274224A4AF10AC1C300CA18D29022B552BBB2D522A8DA6FDA575AD522D8E30373070AD782B5CAD7CB0C72F5F2CC8AFDF273E30199D7E262E2C8B2C2B24E82525ACE62BC5AFF52B11B087A7DA2CDBAC6AA926AA3FACAAA52CAD9CAE03A76AAA46282B2504219B21C1238F2C5C24F02A0929D82610280C2F15A80523A2A8322D202B9625D6AC5DAEF5268B2F10AD2B2C36A46F2C0A277A2A2A2D9E2BE0235F3002AE09221FB003AF74B09D9C3B2990A089AB58AD5219A7AC0F9E9E2FBC2D4A29BBAA5AB04AAC47A50EAD35AB2AAC323083A06A2F7AAE772C2CB016AA8BAB4EB0E3AE35AE6EA61AAA43B0FC25012C5C26052F69A25B2FC7A06AA144A06CAB1DAB75280EAD622A64AF82A458A523AC992E7CAF692C26B07B2D5E3052A870A1549C4F2D772088A81530182FE5A0B8AC4E2D19AC3CADBCADD220DFAB332E742EE3AB51ABB22EBEACDA2D8EA0A92EB02C96AE9CAE0F2C7FAC0822222778AF06A0612ECD1DC9AD0730DC2F6D289AADF42B392978ADB2AEA9AB5C30FB234B98422C31ADD8A9642607302AA12028B0AF52B0BD27DD95402F3928273009A70CA954A244ACD120A0AF30240CA1BB297B309B2A272609AE5EAA40ABCFAFF02C6330232E472F13AD9CABCAA92AAC49AF99AF089F7AADF4AE823053B0CCA9F72DBAAC4A2C9CAE9E95BF2ABFA995AE3E272DA60830ACA5232FD7AB33ABCA0E2E2D4330532C27AC1021232E5E2FA22E3C2A8DA4522E322AFCAF863069A16B30",
      torch_tensor_48_torch.float16_7: "0x020000002C34AFB47535193CD7ADC83B11B7FEA614BAECAFD939493758BC82AE8B35C2BA5233F134E5AD6B340E1EE9B1FA34D6B83DB761B9183B89B18139F8B7C7B52829BFB1753AD33C693645BA46365EA8553900B8B52B37388E323A309D337E31801C",
      torch_tensor_48_torch.float16_6: "0x02000000683E1E3E413EB439283C063ADB3CAD381C3828383539AE39BD3AAD3FF73CF53F313D303D073FE038383EF73F793AB539003CAE3FEA3FA93EC93A4E3B8E38843DB43DCB3CF93E8B3E4238773F4C3FA13F9A3F8D3C993FAB3EFA3D433C233D313C",
      torch_tensor_48_torch.float16_5: "0x02000000173C283F5439323B2F3DF83F963D073C4E3DAB3CBC3CC239A43E0F38D93EE43AC93ABA3C7238893A383E2538D13F9B3DB53F4B3CE43BA43A213D3A3D593E75380D3E443D173E613BDD381E38143EEF3ACC395F3A7F3D1A3CF03DDE3BD2385838",
      torch_tensor_48_torch.float16_4: "0x02000000C8B98E3A43BB9EB0A8B854B824B5F7B61238852E9AB576346C2E4931C92F5CB55BB9C0B842ACBB2B29387AB51A3C4C358DB8B6BCBC311F3BB038333C78B5CB390222E1B5DC334DBB3621F5B89932C7AEF5B3223A423AA5AFAC3459B4B9B66BB3",
      torch_tensor_48_1_3_3_torch.float16: "0x02000000582EC1B4B831F9B1E9B350A686B29CB01EB1222C8BAC46343EB23834AC2662A78734A331AEB364311C339A0E8232542FDF3353B3F2B41F986D21B2B447B4AA3324B4D6317F3320AE04B19BAE21344132AAB469B4AC301EB47BAD68AC7F34F4B384AA2D34853331B51BB4433130B096332E2EB033BCB0062ACAB394B436AFF434DB33A1330B3407B56E3332346AAD73B4D9AD38345DB1BFB034B251B1D6AD8C281432062097B40534CC1DF0AF1CB4D62A182F6EB426B4C731132FF9ABEBA819B0122D6E2A9C2D3E2EF92D242E51B03B356A3033AC202010B5BCAFF8AEB1305535C3AE9234082DFDB1CAB1D1A6BA2247AE4E312635412EC033E528C3AF0B3402356CB22AB16234A530E934083311354DA5FF247EB3122B97326EABC6298AB25534D9B438A9C634A4AD7BB11DAB5BB1DFB11A342D2FF430A4B4FC2E7EB04CB258B136349CB315B1A9B43E337134002F66344F2722A8F8348B346C3437344634D731DDAF65B13525FEAF27B3B1302335B4B416B4563204B5D9B4872F39B53430D6B3A12A07B53935ECA7C53457A47B2EB43017B2AEAFE1988634BCA64635D8346D31FBB49FAE8CB40AB5F2A226358433512CE7B2DDB3DEB0593022A155B32B318FB4132A1AAE3A35F2B48034F9ABECB3F5AD88AA1CA4992E8834EB2B2B331EB446B127B40F2EFB3493B46CAC31A832B216B49F32A9AE1AB2D5A977B4FC34AA2C30AD432F3233BFA8A330F5B4663498339BAF5630B62ED2AC5335492EC1B3B12B12AE11B5E633552C3DB43A31FAB02B345FA815A90DB45DB1AC335131B8B054288BAC48B4692F94B0F93263A7692EFEAB6B272F34A5B42D351E2ED4B3D9B451254EB1373543B19934853238B381AE173306B2B5B207B2FCAA9C3127A8702CD02E3BA6E631E433CEB10B3111AC39A359B48B34713209317FB14D2AA333042C41B5CF326A349C2C9D324D3318B4A3AC1333DCAC34B545B530323B27653191B43E0A48B40B31C1B2F4B1EEB2C0B286A8512D6933403505AEC22C8AB019B573AD1F348E2FAD986CB457B1A42D053551A434B2D1306528F1301BA92C329B3127B3B72CED2B8E3468B4CB330026292A502E72B4FEB213B5EB33703471B1503019332BB5EB25BA2C20B4F3AFED30383222A269339A3105B0DAB14833531902320D2CB0AC7930F3B2512A173066B2563478A5BDB3412E2FB28AB29314EC30203563247634BA34",
      torch_tensor_48_torch.float16_3: "0x02000000C42BF3AA1D376DB5E3B8043C83B99321BB2AF1354E3681B8923530B173B303A5DEACA1B78CB48CBA0AB47C2C2139E6AB48B65B3E6D341C380637D9B433B0E4AD8FB62A98CE3979306133D0B9A134D22A433617B52A39C436FF2214390328B7B8",
      torch_tensor_48_torch.float16_2: "0x02000000AA3E01395F3CEC3D313DEF3FCC3C0C3A453FE73FB23C7B3DEF3F103D843C703F773F2A3D253A2F39243BD4385539DC3CF83C753E4A3CC53C4B3FC33DE23CDA3D713FBA38843F903F1D3F1D3E1A3C6738653C883F163AFF3DAC3B253D7A3C7E3A",
      torch_tensor_48_torch.float16_1: "0x020000007B3E6E3F2F393A39793EDA3CAF3E433C093E283F483F8F3E303D653E143D6539DF3D773DA83D1B3C253E2E38D739AC3A0138293CB83E4E3F433E533D203C573E6A3C4D38953C923F8F3ECD3D283CEF3ED13FDC3D843F513D933E713CFD3A503E",
      torch_tensor_48_torch.float16: "0x02000000F9344C39BCB1FAAEDF2C5B2DA8B74B370A35293833BC6FAEE7BD82241F3B89B389BA81B2FD34432EEF35EE369DB6C7B8FA3749B9972696B2FC2E5B39793EDB326330E1B66EA534B1CC2EE637C0B0D2B9433A273D2FAD74B92631FCB6043B4B31",
      torch_tensor_48_8_1_1_torch.float16: "0x02000000B01D9AA7E12CBD302333A1B09F35BFAE34B51BB33CA4261A6435BC3109331E2B472D59AC0DB53031E2B4CE29881E403526B517B01335F2B4B32C12B502B0D0AAED1F98B29134A230E5B12CB324ACFF3116B4BEAF7BB43BB5FA3300AF7A334C31253086B470A9DE34F12987B0F134B82BAEB34B253AB1022D622FFD34162A33203A31E5B26835E731B9B151B0632BAC2A6AAC32B148336D328A34C5B4ABAD0FB09CB448357A3325B46DB029335D350C32E4AC68A81DAD33B4A433D329AFAD6A302733732CC22526A8D33292AAF7B4C7347726F09D67304234912E95B1363588300635522BA6344F2D96B09732BA1D332B41359CB18BB1A135C9289E34A23091B0B6A6D7AD54344B2C64AB14B21B3206AF89290335CA2ECAA9AF34B73430ACD62BC2B43835E6B4AD33E6B29435CEAE44B378B184B5B0B11DB325AEE5ACAC31B3B0FBAFCB2C7E2D00B4FDB4EE34A3AA1930C3B454B080B42A2F4031E731CA2E4EB1C2315A34C4B058B422AFFF3498336EB053AAA030D8AFA3AC7433342517AB8730992B9CB51CB51BB48DB393A60D32B031C03284300AA988B0930F1A356AB2B8B4ACAF6D340E34CCB1D82ED4A42133A8A9F7B22235B5B27F30EF2CB2AC45B1843469335CB16E352B323BAC9EA96FB567B3A82867B599B5D1315CB1A134D2B2DFB479B0AFA8E7B4433594B4C5AB002EC1225BB43FA85BB5DA2D8EB478AF4FB15A35562940B1022C6BB55BA8C9AF8CA918B3FB30919EAC32BD32C631CFB496B27BB5B72197301333BAB24B270234DF32103282A923B51029A42CB430F5B0D4B2B8AD2A323634E2B45FA9A33078311D35BB32AFB06534CE2927346CB49EAC29B5E331D82DFE335EA94334B0337135E5B1252DAD2E0B34652C2DB5CF34072B29B1E3A2E0B2C33073350134569D78B556B3A2B3E8B3D8343AB2F23093AE7AA496B5D72F1E336EB4B4AC20AB6033662E09B12234082CC3B07CB2C5317E33DC342131442E19B54C28BBACE79EE72E52ADE6956434B52DD4326333E4AA162462B459A5BEB218313BB0933334B4562CAF2C962857B4B0B3F9349B2D8DB16C30B133EE2E2AAF"
    }
  }
#-}
