#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @main(%arg0: tensor<2x3x16x16xbf16>) -> tensor<2x10xbf16> {
    %cst = arith.constant 0.000000e+00 : bf16
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 0xFF80 : bf16
    %cst_3 = arith.constant dense_resource<torch_tensor_10_torch.bfloat16> : tensor<10xbf16>
    %cst_4 = arith.constant dense_resource<torch_tensor_10_8_torch.bfloat16> : tensor<10x8xbf16>
    %cst_5 = arith.constant dense_resource<torch_tensor_8_torch.bfloat16_11> : tensor<8xbf16>
    %cst_6 = arith.constant dense_resource<torch_tensor_8_torch.bfloat16_10> : tensor<8xbf16>
    %cst_7 = arith.constant dense_resource<torch_tensor_8_torch.bfloat16_9> : tensor<8xbf16>
    %cst_8 = arith.constant dense_resource<torch_tensor_8_torch.bfloat16_8> : tensor<8xbf16>
    %cst_9 = arith.constant dense_resource<torch_tensor_8_8_3_3_torch.bfloat16_1> : tensor<8x8x3x3xbf16>
    %cst_10 = arith.constant dense_resource<torch_tensor_8_torch.bfloat16_7> : tensor<8xbf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_8_torch.bfloat16_6> : tensor<8xbf16>
    %cst_12 = arith.constant dense_resource<torch_tensor_8_torch.bfloat16_5> : tensor<8xbf16>
    %cst_13 = arith.constant dense_resource<torch_tensor_8_torch.bfloat16_4> : tensor<8xbf16>
    %cst_14 = arith.constant dense_resource<torch_tensor_8_8_3_3_torch.bfloat16> : tensor<8x8x3x3xbf16>
    %cst_15 = arith.constant dense_resource<torch_tensor_8_torch.bfloat16_3> : tensor<8xbf16>
    %cst_16 = arith.constant dense_resource<torch_tensor_8_torch.bfloat16_2> : tensor<8xbf16>
    %cst_17 = arith.constant 1.000000e-05 : f64
    %cst_18 = arith.constant dense_resource<torch_tensor_8_torch.bfloat16_1> : tensor<8xbf16>
    %cst_19 = arith.constant dense_resource<torch_tensor_8_torch.bfloat16> : tensor<8xbf16>
    %cst_20 = arith.constant dense_resource<torch_tensor_8_3_3_3_torch.bfloat16> : tensor<8x3x3x3xbf16>
    %cst_21 = arith.constant 6.400000e+01 : bf16
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : bf16
    } : tensor<2x3x16x16xbf16> to tensor<2x3x18x18xbf16>
    %0 = tensor.empty() : tensor<2x8x16x16xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %cst_20 : tensor<2x3x18x18xbf16>, tensor<8x3x3x3xbf16>) outs(%1 : tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %3 = tensor.empty() : tensor<2x8x16x16xbf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x8x16x16xf32>) outs(%3 : tensor<2x8x16x16xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %65 = arith.truncf %in : f32 to bf16
      linalg.yield %65 : bf16
    } -> tensor<2x8x16x16xbf16>
    %5 = tensor.empty() : tensor<8xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_19 : tensor<8xbf16>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %65 = arith.extf %in : bf16 to f32
      linalg.yield %65 : f32
    } -> tensor<8xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_18 : tensor<8xbf16>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %65 = arith.extf %in : bf16 to f32
      linalg.yield %65 : f32
    } -> tensor<8xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%7 : tensor<8xf32>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %65 = arith.truncf %cst_17 : f64 to f32
      %66 = arith.addf %in, %65 : f32
      linalg.yield %66 : f32
    } -> tensor<8xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%8 : tensor<8xf32>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %65 = math.sqrt %in : f32
      linalg.yield %65 : f32
    } -> tensor<8xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%9 : tensor<8xf32>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %65 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %65, "unimplemented: tensor with zero element"
      %66 = arith.divf %cst_1, %in : f32
      linalg.yield %66 : f32
    } -> tensor<8xf32>
    %expanded = tensor.expand_shape %6 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_22 = tensor.expand_shape %10 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %expanded : tensor<2x8x16x16xbf16>, tensor<8x1x1xf32>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: bf16, %in_35: f32, %out: f32):
      %65 = arith.extf %in : bf16 to f32
      %66 = arith.subf %65, %in_35 : f32
      linalg.yield %66 : f32
    } -> tensor<2x8x16x16xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11, %expanded_22 : tensor<2x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %65 = arith.mulf %in, %in_35 : f32
      linalg.yield %65 : f32
    } -> tensor<2x8x16x16xf32>
    %expanded_23 = tensor.expand_shape %cst_16 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xbf16> into tensor<8x1x1xbf16>
    %13 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_23 : tensor<2x8x16x16xf32>, tensor<8x1x1xbf16>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_35: bf16, %out: f32):
      %65 = arith.extf %in_35 : bf16 to f32
      %66 = arith.mulf %in, %65 : f32
      linalg.yield %66 : f32
    } -> tensor<2x8x16x16xf32>
    %expanded_24 = tensor.expand_shape %cst_15 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xbf16> into tensor<8x1x1xbf16>
    %14 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %expanded_24 : tensor<2x8x16x16xf32>, tensor<8x1x1xbf16>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_35: bf16, %out: f32):
      %65 = arith.extf %in_35 : bf16 to f32
      %66 = arith.addf %in, %65 : f32
      linalg.yield %66 : f32
    } -> tensor<2x8x16x16xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<2x8x16x16xf32>) outs(%3 : tensor<2x8x16x16xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %65 = arith.truncf %in : f32 to bf16
      linalg.yield %65 : bf16
    } -> tensor<2x8x16x16xbf16>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15 : tensor<2x8x16x16xbf16>) outs(%3 : tensor<2x8x16x16xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %65 = arith.cmpf ugt, %in, %cst : bf16
      %66 = arith.select %65, %in, %cst : bf16
      linalg.yield %66 : bf16
    } -> tensor<2x8x16x16xbf16>
    %padded_25 = tensor.pad %16 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : bf16
    } : tensor<2x8x16x16xbf16> to tensor<2x8x18x18xbf16>
    %17 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_25, %cst_14 : tensor<2x8x18x18xbf16>, tensor<8x8x3x3xbf16>) outs(%1 : tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17 : tensor<2x8x16x16xf32>) outs(%3 : tensor<2x8x16x16xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %65 = arith.truncf %in : f32 to bf16
      linalg.yield %65 : bf16
    } -> tensor<2x8x16x16xbf16>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_13 : tensor<8xbf16>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %65 = arith.extf %in : bf16 to f32
      linalg.yield %65 : f32
    } -> tensor<8xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_12 : tensor<8xbf16>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %65 = arith.extf %in : bf16 to f32
      linalg.yield %65 : f32
    } -> tensor<8xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%20 : tensor<8xf32>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %65 = arith.truncf %cst_17 : f64 to f32
      %66 = arith.addf %in, %65 : f32
      linalg.yield %66 : f32
    } -> tensor<8xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%21 : tensor<8xf32>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %65 = math.sqrt %in : f32
      linalg.yield %65 : f32
    } -> tensor<8xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%22 : tensor<8xf32>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %65 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %65, "unimplemented: tensor with zero element"
      %66 = arith.divf %cst_1, %in : f32
      linalg.yield %66 : f32
    } -> tensor<8xf32>
    %expanded_26 = tensor.expand_shape %19 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_27 = tensor.expand_shape %23 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %24 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %expanded_26 : tensor<2x8x16x16xbf16>, tensor<8x1x1xf32>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: bf16, %in_35: f32, %out: f32):
      %65 = arith.extf %in : bf16 to f32
      %66 = arith.subf %65, %in_35 : f32
      linalg.yield %66 : f32
    } -> tensor<2x8x16x16xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24, %expanded_27 : tensor<2x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %65 = arith.mulf %in, %in_35 : f32
      linalg.yield %65 : f32
    } -> tensor<2x8x16x16xf32>
    %expanded_28 = tensor.expand_shape %cst_11 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xbf16> into tensor<8x1x1xbf16>
    %26 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %expanded_28 : tensor<2x8x16x16xf32>, tensor<8x1x1xbf16>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_35: bf16, %out: f32):
      %65 = arith.extf %in_35 : bf16 to f32
      %66 = arith.mulf %in, %65 : f32
      linalg.yield %66 : f32
    } -> tensor<2x8x16x16xf32>
    %expanded_29 = tensor.expand_shape %cst_10 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xbf16> into tensor<8x1x1xbf16>
    %27 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %expanded_29 : tensor<2x8x16x16xf32>, tensor<8x1x1xbf16>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_35: bf16, %out: f32):
      %65 = arith.extf %in_35 : bf16 to f32
      %66 = arith.addf %in, %65 : f32
      linalg.yield %66 : f32
    } -> tensor<2x8x16x16xf32>
    %28 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27 : tensor<2x8x16x16xf32>) outs(%3 : tensor<2x8x16x16xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %65 = arith.truncf %in : f32 to bf16
      linalg.yield %65 : bf16
    } -> tensor<2x8x16x16xbf16>
    %29 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28 : tensor<2x8x16x16xbf16>) outs(%3 : tensor<2x8x16x16xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %65 = arith.cmpf ugt, %in, %cst : bf16
      %66 = arith.select %65, %in, %cst : bf16
      linalg.yield %66 : bf16
    } -> tensor<2x8x16x16xbf16>
    %padded_30 = tensor.pad %29 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : bf16
    } : tensor<2x8x16x16xbf16> to tensor<2x8x18x18xbf16>
    %30 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_30, %cst_9 : tensor<2x8x18x18xbf16>, tensor<8x8x3x3xbf16>) outs(%1 : tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %31 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%30 : tensor<2x8x16x16xf32>) outs(%3 : tensor<2x8x16x16xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %65 = arith.truncf %in : f32 to bf16
      linalg.yield %65 : bf16
    } -> tensor<2x8x16x16xbf16>
    %32 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_8 : tensor<8xbf16>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %65 = arith.extf %in : bf16 to f32
      linalg.yield %65 : f32
    } -> tensor<8xf32>
    %33 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_7 : tensor<8xbf16>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %65 = arith.extf %in : bf16 to f32
      linalg.yield %65 : f32
    } -> tensor<8xf32>
    %34 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%33 : tensor<8xf32>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %65 = arith.truncf %cst_17 : f64 to f32
      %66 = arith.addf %in, %65 : f32
      linalg.yield %66 : f32
    } -> tensor<8xf32>
    %35 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%34 : tensor<8xf32>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %65 = math.sqrt %in : f32
      linalg.yield %65 : f32
    } -> tensor<8xf32>
    %36 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%35 : tensor<8xf32>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %65 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %65, "unimplemented: tensor with zero element"
      %66 = arith.divf %cst_1, %in : f32
      linalg.yield %66 : f32
    } -> tensor<8xf32>
    %expanded_31 = tensor.expand_shape %32 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_32 = tensor.expand_shape %36 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %37 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%31, %expanded_31 : tensor<2x8x16x16xbf16>, tensor<8x1x1xf32>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: bf16, %in_35: f32, %out: f32):
      %65 = arith.extf %in : bf16 to f32
      %66 = arith.subf %65, %in_35 : f32
      linalg.yield %66 : f32
    } -> tensor<2x8x16x16xf32>
    %38 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%37, %expanded_32 : tensor<2x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %65 = arith.mulf %in, %in_35 : f32
      linalg.yield %65 : f32
    } -> tensor<2x8x16x16xf32>
    %expanded_33 = tensor.expand_shape %cst_6 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xbf16> into tensor<8x1x1xbf16>
    %39 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %expanded_33 : tensor<2x8x16x16xf32>, tensor<8x1x1xbf16>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_35: bf16, %out: f32):
      %65 = arith.extf %in_35 : bf16 to f32
      %66 = arith.mulf %in, %65 : f32
      linalg.yield %66 : f32
    } -> tensor<2x8x16x16xf32>
    %expanded_34 = tensor.expand_shape %cst_5 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xbf16> into tensor<8x1x1xbf16>
    %40 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %expanded_34 : tensor<2x8x16x16xf32>, tensor<8x1x1xbf16>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_35: bf16, %out: f32):
      %65 = arith.extf %in_35 : bf16 to f32
      %66 = arith.addf %in, %65 : f32
      linalg.yield %66 : f32
    } -> tensor<2x8x16x16xf32>
    %41 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40 : tensor<2x8x16x16xf32>) outs(%3 : tensor<2x8x16x16xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %65 = arith.truncf %in : f32 to bf16
      linalg.yield %65 : bf16
    } -> tensor<2x8x16x16xbf16>
    %42 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16, %41 : tensor<2x8x16x16xbf16>, tensor<2x8x16x16xbf16>) outs(%3 : tensor<2x8x16x16xbf16>) {
    ^bb0(%in: bf16, %in_35: bf16, %out: bf16):
      %65 = arith.addf %in, %in_35 : bf16
      linalg.yield %65 : bf16
    } -> tensor<2x8x16x16xbf16>
    %43 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42 : tensor<2x8x16x16xbf16>) outs(%3 : tensor<2x8x16x16xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %65 = arith.cmpf ugt, %in, %cst : bf16
      %66 = arith.select %65, %in, %cst : bf16
      linalg.yield %66 : bf16
    } -> tensor<2x8x16x16xbf16>
    %44 = tensor.empty() : tensor<2x8x8x8xbf16>
    %45 = linalg.fill ins(%cst_2 : bf16) outs(%44 : tensor<2x8x8x8xbf16>) -> tensor<2x8x8x8xbf16>
    %46 = tensor.empty() : tensor<2x2xbf16>
    %47 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%43, %46 : tensor<2x8x16x16xbf16>, tensor<2x2xbf16>) outs(%45 : tensor<2x8x8x8xbf16>) -> tensor<2x8x8x8xbf16>
    %48 = tensor.empty() : tensor<2x8x1x1xbf16>
    %49 = linalg.fill ins(%cst : bf16) outs(%48 : tensor<2x8x1x1xbf16>) -> tensor<2x8x1x1xbf16>
    %50 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%47 : tensor<2x8x8x8xbf16>) outs(%49 : tensor<2x8x1x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %65 = arith.addf %in, %out : bf16
      linalg.yield %65 : bf16
    } -> tensor<2x8x1x1xbf16>
    %51 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%50 : tensor<2x8x1x1xbf16>) outs(%48 : tensor<2x8x1x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %65 = arith.divf %in, %cst_21 : bf16
      linalg.yield %65 : bf16
    } -> tensor<2x8x1x1xbf16>
    %collapsed = tensor.collapse_shape %51 [[0], [1, 2, 3]] : tensor<2x8x1x1xbf16> into tensor<2x8xbf16>
    %52 = tensor.empty() : tensor<8x10xbf16>
    %transposed = linalg.transpose ins(%cst_4 : tensor<10x8xbf16>) outs(%52 : tensor<8x10xbf16>) permutation = [1, 0] 
    %53 = tensor.empty() : tensor<10xf32>
    %54 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_3 : tensor<10xbf16>) outs(%53 : tensor<10xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %65 = arith.extf %in : bf16 to f32
      linalg.yield %65 : f32
    } -> tensor<10xf32>
    %55 = tensor.empty() : tensor<2x8xf32>
    %56 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<2x8xbf16>) outs(%55 : tensor<2x8xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %65 = arith.extf %in : bf16 to f32
      linalg.yield %65 : f32
    } -> tensor<2x8xf32>
    %57 = tensor.empty() : tensor<8x10xf32>
    %58 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<8x10xbf16>) outs(%57 : tensor<8x10xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %65 = arith.extf %in : bf16 to f32
      linalg.yield %65 : f32
    } -> tensor<8x10xf32>
    %59 = tensor.empty() : tensor<2x10xf32>
    %60 = linalg.fill ins(%cst_0 : f32) outs(%59 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %61 = linalg.matmul ins(%56, %58 : tensor<2x8xf32>, tensor<8x10xf32>) outs(%60 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %62 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%61, %54 : tensor<2x10xf32>, tensor<10xf32>) outs(%59 : tensor<2x10xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %65 = arith.addf %in, %in_35 : f32
      linalg.yield %65 : f32
    } -> tensor<2x10xf32>
    %63 = tensor.empty() : tensor<2x10xbf16>
    %64 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%62 : tensor<2x10xf32>) outs(%63 : tensor<2x10xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %65 = arith.truncf %in : f32 to bf16
      linalg.yield %65 : bf16
    } -> tensor<2x10xbf16>
    return %64 : tensor<2x10xbf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_10_torch.bfloat16: "0x0200000084BE84BD19BE83BEFABD913EA1BEE2BCA93E673E",
      torch_tensor_10_8_torch.bfloat16: "0x02000000DA3C9E3E4CBE79BE8BBE45BDA13E913D08BD65BDC5BD1CBEAA3E0CBE01BEF8BD9E3E5DBEB23E6F3B17BE613E973EE2BD4E3E56BE19BE6E3EA73E99BE6BBE84BEFABC1DBD663EB33D8ABECFBC56BE133DE63DA5BEB53E403EB4BE21BEA03EBF3C8EBE2EBEA4BEDC3D36BEAB3ECC3D3EBE833E8DBD71BE93BE26BE173EA53DDEBDFBBDB7BD75BEA73EA1BE28BD473DCF3A7DBC90BE1DBE49BEA53EDDBD82BE7DBE",
      torch_tensor_8_torch.bfloat16_11: "0x02000000143F3C3ED639053FD63EA03E343FAFBE",
      torch_tensor_8_torch.bfloat16_10: "0x02000000953F8B3F2B3FCA3F523FE53F9D3F363F",
      torch_tensor_8_torch.bfloat16_9: "0x02000000343FBC3F7A3F1D3F243FAE3F3B3FD43F",
      torch_tensor_8_torch.bfloat16_8: "0x020000003EBE24BF4ABF55BFA2BE283FB53E12BE",
      torch_tensor_8_8_3_3_torch.bfloat16_1: "0x0200000060BD093DC83CC4BD73BD92BCDF3DE4BDE0BD4C3D1B3D2BBCC0BD6EBDA73DE13DB43CF13DBF3D08BC96BD84BD0DBDC5BDF03D693BE7BD73BD1CBDC4BDCFBC9CBDF7BCB4BD66BBA6BD413DE63C0BBC913D6A3DD9BB153B3F3DCFBDBB3C1C3C3CBB01BD6FBD1A3DA6BD3B3DC7BD013D323C67BD60BD05BD60BD04BDDEBCC23D8B3BD43DBEBCBCBDDCBC823DA4BDC13D2FBCBC3DF7BCD5BD90BD333CAEBDD33DCA3DE7BCB33D103D27BCEEBDCDBDB8BDEABBB83DF93C9DBC943D573DA6BDD73C023C443D483C10BD5CBDBB3D193D9B3DBC3D453DC1BD663C913D09BDB93D64BDE1BDF03D9C3DC63D943DCDBD143DDF3D89BDA33C063DD6BD433C323D3DBBC8BD763DC8BD173DAD3BB43BACBD3ABD0EBD60BD38BD623CE83D48BDD1BD043DD83DEDBDD43DAE3D133D8E3D99BDDCBDDB3D6F3D9EBDA9BD013D9E3DD33D733C8D3D3C3D2B3D72BDAFBDEA3DC83CD9BD32BD403CA23CB4BDD33DDFBD6D3D55BDABBD563DE7BC40BD4BBC2CBDE13DE3BD25BD6ABC06BD94BD803C1C3B993D1F3DA53DAABDC93D4ABDC5BA323DC8BC00BD5B3DAE3D9DBD8B3DA03D493D1B3D823DE53DA43D763BA5BD3DBB8BBDD53D0FBD0B3C4C3D283DC6BD9CBDA53CB1BD3C3D003D3CBDBFBD943C87BDE83D9C3D9A3D623D3C3DB5BDE63DC5BC8C3DDE3DBA3CAFBDB7BB8DBDC5BDAC3D36BDC23D8CBD483D02BC57BC8B3DDBBDCA3DC6BC5A3D8FBD7CBD33BBE7BC44BD833D53BC46BD5DBCD83DC6BDA1BC97BC6B3DC73D98BDB3BCE1BDB2BD353D52BCB33D38BC5CBD1FBD4C3C9B3D1E3CDC3C2ABD373DA3BD963DA6BBCB3D76BDED3D993DC3BD0FBDD33D243DC93DCABC4EBDA03D11BDDB3D8D3DF03DB63D0FBDCC3DBBBDEC3DA2B95CBD0D3D823DB53BAC3D09BCEDBD9C3D8B3A873D6EBD9E3D353D8CBDE0BD81BBB43C92BD00BDD0BCD3BD4ABD7EBDB63BEF3D923D753DD13D1A3CC73C86BD863D7B3DED3C94BDF63C6E3C903D36BCD83DA8BC8E3DC03CBBBD373DD8BDCDBDB83D95BD9EBDFCBCC73DEE3D41BD86BD92BD64BDE6BD5CBDDC3C11BDE9BD75BCDD3DD43C223DB9BDBABD9FBD0DBD5FBC4FBD253D9A3DF3BCDEBD44BDD13DC5BD2DBD4E3DDFBCE33D13BDAD3D823DDCBDE83D97BD933D98BD32BD453DADBCA2BDA73D0E3D0D3BC73D3C3DDC3D0D38CEBD8D3DC0BD2E3DE4BADFBB57BD8EBDD1BDDF3C9DBC90BDD43DA63DD03C013D7CBCB23DE9BD93BDAB3DAB3DA4BB0FBD5F3DA93D33BD723D693D583C91BDAA3C99BC053DB0BD373DD43D6BBDB03D533D8BBC91BD783DB5BD8A3DC3BD80BD423C763DDFBD043D0DBB8CBDFDBCBE3DADBD5DBDB13CC5BD573C003D1B3D393DD43D343CDC3D5DBD5B3C99BDECBD7E3CFDBB80BD5EBDB7BDC03CAC3D5BBDD23DBFBDC4BDEE3D1E3D83BD74BD54BBC1BD8D3D17BDDB3DB03DB93DDCBD7C3D94BD66BD953DD4BD1EBD533D71BDD63DA33DA9BDB33CEABD8D3DF0BCF53C36BDB83D823CB2BDEBBD4DBD2DBC01BDA0BC79BD2CBB5A3D5FBDCBBC59BCB13DD1BB18BD953DBB3C463D64BD49BD6D3D8B3D193D0D3D633AC4BD923CE23C873D813CEF3D5CBC953DD6BD91BC9CBD1539D7BD63BDBF3D453DB73D483D933D83BD303DE4BDB1BDE2BD8F3D163D96BD",
      torch_tensor_8_torch.bfloat16_7: "0x0200000054BE393EE03D35BFDC3E033E923E5D3D",
      torch_tensor_8_torch.bfloat16_6: "0x02000000B83FFD3FBB3FDC3F163FA03FFB3F9E3F",
      torch_tensor_8_torch.bfloat16_5: "0x02000000BF3F723F663F9F3FAD3F483F103FF33F",
      torch_tensor_8_torch.bfloat16_4: "0x02000000F83E663ED03B2DBF833C29BF023F4EBF",
      torch_tensor_8_8_3_3_torch.bfloat16: "0x02000000873CB53D733D8DBC953DF83AEBBDC43D8EBDB6BDDFBCEC3CBE3DEFBDE2BDA1BD8DBDED3DEFBAAF3D083D8D3D7ABD523D2F3D263DB5BD26BDCD3DD3BCAFBDCCBDC4BC5F3D0EBDAC3D4E3DC1BDA03ADC3D963D2DBDB3BDFB3C683DC7BCCEBDE93D693DF0BDAA3BD9BCE03D7F3D003D0EBDB2BD173D433D253BD43D8B3DCABDD5BB57BDB2BB303C6D3C943DA63DCD3B35BD70BD7A3D2F3DCC3DCBBDB8BD90BD553DBC3D1CBCCABD9A3CD0BD9A3DB5BD8C3CAC3A733DA7BD593D563B6C3CA4BDE43DAEBC8DBD07BD0FBDF03DB13D083AE93D33BA633CAF3C31BCB7BD103D16BC3F3D863DAF3D013DC23B50BDE23DD6BD7CBD723C683D8C3DD5BD283DC9BDAB3DCDBDAB3C9F3CCEBC5B3DA63D283DCA3CEC3DE43DA6BDD93DD33DCB39213D43BD3CBD9F3C57BDFB3C4C3D8D3DACBD75BDA8BC413D43BD64BDE4BC253D9F3BF2BCF53CB5BDE8BD883DD83D8ABB7C3DAA3DCF3D153C34BCE8BD03BC09BD66BBE73D1DBDC4BDDC3DB73B9DBDAA3BF8BA203DDF3D84BD8DBDFBBB863DF03D9BBD66BD00BCC7BD31BCB73DDB3DAF3D9DBC6EBDBE3D0DBD883BDF3D19BCB43D8BBDE33AF03D18399DBDCD3C6BBD843DB03DABBC913DC63DA83D8F3DE1BDC6BDC13D353DBDBDCF3D013CDABD42BDCBBD29BD36BC25BC87BC41BCC43DA83DDDBDE13C77BDB6BC3DBD74BD82BDEFBD38BDBBBCDEBD193D7FBD0BBD423DE83D673DB3BDAF3D44BC303D94BDE23D9ABD983DCA3D3C3CBB3D903D92BC743C223B9CBCD6BD883DE7BD303D30BDF53BC7BC8ABD35BDDABD90BD7B3DC73DE5BDDCBC2D3C86BDB33C54BC9F3C86BDD0BD4ABCA43DD23DC03DCC3BB63D45BDB03D963CB7BD1EBDD73D32BDEFBDE93D163DD63C55BDDA3DC73DC3BD543DDD3DB7BD0C3D4DBDAC3DA63D793D00BDC43DE7BCA03D643DC7BD98BD1CBCC6BDF9BC833DDA3D19BCE7BCB6BD133D8A3C4E3DCCBDBD3B55BD88BD703DC6BD90BDB23D9EBDA33D30BDA5BDF9BB94BDFD3CAC3DB7BDA3BDA8BC7E3BD13DBE3D83BD9D3D8C3DB9BD953DE93DE2BCD03DE53DF23C273BC83DA73DE63D9BBD253D933D9DBDA43C83BDAEBDED3DC4BDDDBDC93D8F3DD93CAF3D6A3B1ABD8FBCB53CE7BDDBBD2EBD5B3CA03D63BDCBBDD9BD02BB97BDD4BC9CBD5A3D21BDA9BD183D96BB973DD13B483D213D87BDC13DAF3C8FBC893CDA3DB23DCC3D89BDECBCD73C83BCB6BCB63D81BD5EBD8B3C5DBD89BDC1BDA33D71BD72BC9D3DE7BDCABA5FBDAEBD713C153D9D3DF13D1E3D0CBB7FBD08BDDCBDDDBDB9BDA93D4D3DDD3DA63DA83DC83C743D2D3DC0BDBFBDC23D973DF9BC8ABDA9BDB9BD1ABD223C613B323D6B3CF93CB53DD83CFCBB6E3D273D4F3D02BDF1BD2ABDC33D25BD72BD4EBD943DDF3DE6BD27BDBF3DD73C9A3DBFBD903D71BD96BD40BDB0BD103DA23D9DBD2D3DB3BD853D26BC033CBFBD313D383D2BBD50BDBD3DAC3D76BD2C3D4DBDE3BDA9BBCDBD64BD11BC9ABD8C3D0FBDBDBDA33CEE3C01BDB6BD573D23BD46BDC33D88BD893DA33AD1BC97BDEA3D3D3C8A3CC0BDAB3D9CBA573DA43DE63C8D3D60BD4A3D453D733D21BD873DD33D6CBD4BBC39BC733D67BCDC3C38BD183D8F3DC03CEA3DD73DACBDA7BDC1BDC7BC7E3D48BDECBC",
      torch_tensor_8_torch.bfloat16_3: "0x0200000074BF98BD6DBEDDBD353FFF3EF83EA83E",
      torch_tensor_8_torch.bfloat16_2: "0x02000000BE3F0E3F613F8E3FD63FD63F593F133F",
      torch_tensor_8_torch.bfloat16_1: "0x02000000A03F843FFB3F903FEB3F823F633FC73F",
      torch_tensor_8_torch.bfloat16: "0x0200000057BD943E0EBF6BBFE1BDD53F003C933E",
      torch_tensor_8_3_3_3_torch.bfloat16: "0x02000000A0BCE53D433E50BD193E3E3EE83DC23D26BEB6BDA3BD403EFA3C28BE2FBE29BE0FBEEEBDD2BD133EA2BD353E34BD1FBE91BDAFBD07BE38BEDC3B19BE63BD4FBDE4BDEFBB19BE80BD2E3E363E7E3C373D2F3E3D3EBABDF93C1CBD07BE2F3E1C3E083C223E533D023EA73DBB3D8D3DC63D2D3E9A3DFBBD913D453E233EF93D95BD433E103DD4BDEDBB0F3E35BE35BD133E59BD9FBD55BD813D18BEC73C4B3D503D80BBC23D3ABC193E023E08BE1ABD193E9EBC71BD45BC35BD8ABD2E3D263EE53CDE3D183E00BE0CBEE8BC6B3DBFBCB9BD08BEB83B133E083C3C3EBBBD363EFDBD1D3EAC3C443E3C3E87BD67BC56BD2F3DC2BD37BDEFBDF03D1C3EAE3CC0BB14BE34BE18BE12BE22BEB93D16BEBD3D033E4CBA3B3DF63D33BE2A3E423E3C3E9ABDF23D91BDF53C253E253D903D52BDBBBD213E32BE0A3D98BC5EBD41BEEABDE1BDEE3C9A3D33BE98BD3CBE073E35BED3BCE1BCD8BD0E3EA93DCE3D0B3EC5BDBF3D1F3E35BD81BC953C42BEA8BCBDBC0FBE103E2DBE9EBDE83DF53CA03D083C37BE0EBE85BD05BEF6BD7FBD303E193E1E3DFDBDEEBD413EC33CB33CDFBDC9BDC23D87BCA5BCC2BD12BEFEBD42BE343EE73C"
    }
  }
#-}
