#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  func.func @main(%arg0: tensor<2x4x12x12xf16>) -> tensor<2x16x6x6xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant dense_resource<torch_tensor_16_torch.float16_19> : tensor<16xf16>
    %cst_3 = arith.constant dense_resource<torch_tensor_16_torch.float16_18> : tensor<16xf16>
    %cst_4 = arith.constant dense_resource<torch_tensor_16_torch.float16_17> : tensor<16xf16>
    %cst_5 = arith.constant dense_resource<torch_tensor_16_torch.float16_16> : tensor<16xf16>
    %cst_6 = arith.constant dense_resource<torch_tensor_16_torch.float16_15> : tensor<16xf16>
    %cst_7 = arith.constant dense_resource<torch_tensor_16_torch.float16_14> : tensor<16xf16>
    %cst_8 = arith.constant dense_resource<torch_tensor_16_torch.float16_13> : tensor<16xf16>
    %cst_9 = arith.constant dense_resource<torch_tensor_16_torch.float16_12> : tensor<16xf16>
    %cst_10 = arith.constant dense_resource<torch_tensor_16_8_1_1_torch.float16> : tensor<16x8x1x1xf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_16_torch.float16_11> : tensor<16xf16>
    %cst_12 = arith.constant dense_resource<torch_tensor_16_torch.float16_10> : tensor<16xf16>
    %cst_13 = arith.constant dense_resource<torch_tensor_16_torch.float16_9> : tensor<16xf16>
    %cst_14 = arith.constant dense_resource<torch_tensor_16_torch.float16_8> : tensor<16xf16>
    %cst_15 = arith.constant dense_resource<torch_tensor_16_8_3_3_torch.float16> : tensor<16x8x3x3xf16>
    %cst_16 = arith.constant dense_resource<torch_tensor_16_torch.float16_7> : tensor<16xf16>
    %cst_17 = arith.constant dense_resource<torch_tensor_16_torch.float16_6> : tensor<16xf16>
    %cst_18 = arith.constant dense_resource<torch_tensor_16_torch.float16_5> : tensor<16xf16>
    %cst_19 = arith.constant dense_resource<torch_tensor_16_torch.float16_4> : tensor<16xf16>
    %cst_20 = arith.constant dense_resource<torch_tensor_16_4_1_1_torch.float16> : tensor<16x4x1x1xf16>
    %cst_21 = arith.constant dense_resource<torch_tensor_16_torch.float16_3> : tensor<16xf16>
    %cst_22 = arith.constant dense_resource<torch_tensor_16_torch.float16_2> : tensor<16xf16>
    %cst_23 = arith.constant 1.000000e-05 : f64
    %cst_24 = arith.constant dense_resource<torch_tensor_16_torch.float16_1> : tensor<16xf16>
    %cst_25 = arith.constant dense_resource<torch_tensor_16_torch.float16> : tensor<16xf16>
    %cst_26 = arith.constant dense_resource<torch_tensor_16_4_3_3_torch.float16> : tensor<16x4x3x3xf16>
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<2x4x12x12xf16> to tensor<2x4x14x14xf16>
    %0 = tensor.empty() : tensor<2x16x6x6xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<2x16x6x6xf32>) -> tensor<2x16x6x6xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %cst_26 : tensor<2x4x14x14xf16>, tensor<16x4x3x3xf16>) outs(%1 : tensor<2x16x6x6xf32>) -> tensor<2x16x6x6xf32>
    %3 = tensor.empty() : tensor<2x16x6x6xf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x16x6x6xf32>) outs(%3 : tensor<2x16x6x6xf16>) {
    ^bb0(%in: f32, %out: f16):
      %68 = arith.truncf %in : f32 to f16
      linalg.yield %68 : f16
    } -> tensor<2x16x6x6xf16>
    %5 = tensor.empty() : tensor<16xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_25 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %68 = arith.extf %in : f16 to f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_24 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %68 = arith.extf %in : f16 to f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%7 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %68 = arith.truncf %cst_23 : f64 to f32
      %69 = arith.addf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<16xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%8 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %68 = math.sqrt %in : f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%9 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %68 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %68, "unimplemented: tensor with zero element"
      %69 = arith.divf %cst_1, %in : f32
      linalg.yield %69 : f32
    } -> tensor<16xf32>
    %expanded = tensor.expand_shape %6 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_27 = tensor.expand_shape %10 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %expanded : tensor<2x16x6x6xf16>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f16, %in_53: f32, %out: f32):
      %68 = arith.extf %in : f16 to f32
      %69 = arith.subf %68, %in_53 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11, %expanded_27 : tensor<2x16x6x6xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %68 = arith.mulf %in, %in_53 : f32
      linalg.yield %68 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_28 = tensor.expand_shape %cst_22 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %13 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_28 : tensor<2x16x6x6xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f16, %out: f32):
      %68 = arith.extf %in_53 : f16 to f32
      %69 = arith.mulf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_29 = tensor.expand_shape %cst_21 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %14 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %expanded_29 : tensor<2x16x6x6xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f16, %out: f32):
      %68 = arith.extf %in_53 : f16 to f32
      %69 = arith.addf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<2x16x6x6xf32>) outs(%3 : tensor<2x16x6x6xf16>) {
    ^bb0(%in: f32, %out: f16):
      %68 = arith.truncf %in : f32 to f16
      linalg.yield %68 : f16
    } -> tensor<2x16x6x6xf16>
    %16 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%arg0, %cst_20 : tensor<2x4x12x12xf16>, tensor<16x4x1x1xf16>) outs(%1 : tensor<2x16x6x6xf32>) -> tensor<2x16x6x6xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16 : tensor<2x16x6x6xf32>) outs(%3 : tensor<2x16x6x6xf16>) {
    ^bb0(%in: f32, %out: f16):
      %68 = arith.truncf %in : f32 to f16
      linalg.yield %68 : f16
    } -> tensor<2x16x6x6xf16>
    %18 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_19 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %68 = arith.extf %in : f16 to f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_18 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %68 = arith.extf %in : f16 to f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%19 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %68 = arith.truncf %cst_23 : f64 to f32
      %69 = arith.addf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<16xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%20 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %68 = math.sqrt %in : f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%21 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %68 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %68, "unimplemented: tensor with zero element"
      %69 = arith.divf %cst_1, %in : f32
      linalg.yield %69 : f32
    } -> tensor<16xf32>
    %expanded_30 = tensor.expand_shape %18 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_31 = tensor.expand_shape %22 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %23 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17, %expanded_30 : tensor<2x16x6x6xf16>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f16, %in_53: f32, %out: f32):
      %68 = arith.extf %in : f16 to f32
      %69 = arith.subf %68, %in_53 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %24 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23, %expanded_31 : tensor<2x16x6x6xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %68 = arith.mulf %in, %in_53 : f32
      linalg.yield %68 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_32 = tensor.expand_shape %cst_17 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %25 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24, %expanded_32 : tensor<2x16x6x6xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f16, %out: f32):
      %68 = arith.extf %in_53 : f16 to f32
      %69 = arith.mulf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_33 = tensor.expand_shape %cst_16 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %26 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %expanded_33 : tensor<2x16x6x6xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f16, %out: f32):
      %68 = arith.extf %in_53 : f16 to f32
      %69 = arith.addf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %27 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26 : tensor<2x16x6x6xf32>) outs(%3 : tensor<2x16x6x6xf16>) {
    ^bb0(%in: f32, %out: f16):
      %68 = arith.truncf %in : f32 to f16
      linalg.yield %68 : f16
    } -> tensor<2x16x6x6xf16>
    %28 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15, %27 : tensor<2x16x6x6xf16>, tensor<2x16x6x6xf16>) outs(%3 : tensor<2x16x6x6xf16>) {
    ^bb0(%in: f16, %in_53: f16, %out: f16):
      %68 = arith.addf %in, %in_53 : f16
      linalg.yield %68 : f16
    } -> tensor<2x16x6x6xf16>
    %29 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28 : tensor<2x16x6x6xf16>) outs(%3 : tensor<2x16x6x6xf16>) {
    ^bb0(%in: f16, %out: f16):
      %68 = arith.cmpf ugt, %in, %cst : f16
      %69 = arith.select %68, %in, %cst : f16
      linalg.yield %69 : f16
    } -> tensor<2x16x6x6xf16>
    %padded_34 = tensor.pad %29 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<2x16x6x6xf16> to tensor<2x16x8x8xf16>
    %expanded_35 = tensor.expand_shape %padded_34 [[0], [1, 2], [3], [4]] output_shape [2, 2, 8, 8, 8] : tensor<2x16x8x8xf16> into tensor<2x2x8x8x8xf16>
    %expanded_36 = tensor.expand_shape %cst_15 [[0, 1], [2], [3], [4]] output_shape [2, 8, 8, 3, 3] : tensor<16x8x3x3xf16> into tensor<2x8x8x3x3xf16>
    %expanded_37 = tensor.expand_shape %0 [[0], [1, 2], [3], [4]] output_shape [2, 2, 8, 6, 6] : tensor<2x16x6x6xf32> into tensor<2x2x8x6x6xf32>
    %30 = linalg.fill ins(%cst_0 : f32) outs(%expanded_37 : tensor<2x2x8x6x6xf32>) -> tensor<2x2x8x6x6xf32>
    %31 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%expanded_35, %expanded_36 : tensor<2x2x8x8x8xf16>, tensor<2x8x8x3x3xf16>) outs(%30 : tensor<2x2x8x6x6xf32>) -> tensor<2x2x8x6x6xf32>
    %collapsed = tensor.collapse_shape %31 [[0], [1, 2], [3], [4]] : tensor<2x2x8x6x6xf32> into tensor<2x16x6x6xf32>
    %32 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed : tensor<2x16x6x6xf32>) outs(%3 : tensor<2x16x6x6xf16>) {
    ^bb0(%in: f32, %out: f16):
      %68 = arith.truncf %in : f32 to f16
      linalg.yield %68 : f16
    } -> tensor<2x16x6x6xf16>
    %33 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_14 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %68 = arith.extf %in : f16 to f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %34 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_13 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %68 = arith.extf %in : f16 to f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %35 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%34 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %68 = arith.truncf %cst_23 : f64 to f32
      %69 = arith.addf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<16xf32>
    %36 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%35 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %68 = math.sqrt %in : f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %37 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%36 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %68 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %68, "unimplemented: tensor with zero element"
      %69 = arith.divf %cst_1, %in : f32
      linalg.yield %69 : f32
    } -> tensor<16xf32>
    %expanded_38 = tensor.expand_shape %33 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_39 = tensor.expand_shape %37 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %38 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%32, %expanded_38 : tensor<2x16x6x6xf16>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f16, %in_53: f32, %out: f32):
      %68 = arith.extf %in : f16 to f32
      %69 = arith.subf %68, %in_53 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %39 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %expanded_39 : tensor<2x16x6x6xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %68 = arith.mulf %in, %in_53 : f32
      linalg.yield %68 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_40 = tensor.expand_shape %cst_12 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %40 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %expanded_40 : tensor<2x16x6x6xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f16, %out: f32):
      %68 = arith.extf %in_53 : f16 to f32
      %69 = arith.mulf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_41 = tensor.expand_shape %cst_11 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %41 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40, %expanded_41 : tensor<2x16x6x6xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f16, %out: f32):
      %68 = arith.extf %in_53 : f16 to f32
      %69 = arith.addf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %42 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41 : tensor<2x16x6x6xf32>) outs(%3 : tensor<2x16x6x6xf16>) {
    ^bb0(%in: f32, %out: f16):
      %68 = arith.truncf %in : f32 to f16
      linalg.yield %68 : f16
    } -> tensor<2x16x6x6xf16>
    %expanded_42 = tensor.expand_shape %29 [[0], [1, 2], [3], [4]] output_shape [2, 2, 8, 6, 6] : tensor<2x16x6x6xf16> into tensor<2x2x8x6x6xf16>
    %expanded_43 = tensor.expand_shape %cst_10 [[0, 1], [2], [3], [4]] output_shape [2, 8, 8, 1, 1] : tensor<16x8x1x1xf16> into tensor<2x8x8x1x1xf16>
    %43 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%expanded_42, %expanded_43 : tensor<2x2x8x6x6xf16>, tensor<2x8x8x1x1xf16>) outs(%30 : tensor<2x2x8x6x6xf32>) -> tensor<2x2x8x6x6xf32>
    %collapsed_44 = tensor.collapse_shape %43 [[0], [1, 2], [3], [4]] : tensor<2x2x8x6x6xf32> into tensor<2x16x6x6xf32>
    %44 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed_44 : tensor<2x16x6x6xf32>) outs(%3 : tensor<2x16x6x6xf16>) {
    ^bb0(%in: f32, %out: f16):
      %68 = arith.truncf %in : f32 to f16
      linalg.yield %68 : f16
    } -> tensor<2x16x6x6xf16>
    %45 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_9 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %68 = arith.extf %in : f16 to f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %46 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_8 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %68 = arith.extf %in : f16 to f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %47 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%46 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %68 = arith.truncf %cst_23 : f64 to f32
      %69 = arith.addf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<16xf32>
    %48 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%47 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %68 = math.sqrt %in : f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %49 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%48 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %68 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %68, "unimplemented: tensor with zero element"
      %69 = arith.divf %cst_1, %in : f32
      linalg.yield %69 : f32
    } -> tensor<16xf32>
    %expanded_45 = tensor.expand_shape %45 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_46 = tensor.expand_shape %49 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %50 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44, %expanded_45 : tensor<2x16x6x6xf16>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f16, %in_53: f32, %out: f32):
      %68 = arith.extf %in : f16 to f32
      %69 = arith.subf %68, %in_53 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %51 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%50, %expanded_46 : tensor<2x16x6x6xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %68 = arith.mulf %in, %in_53 : f32
      linalg.yield %68 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_47 = tensor.expand_shape %cst_7 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %52 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%51, %expanded_47 : tensor<2x16x6x6xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f16, %out: f32):
      %68 = arith.extf %in_53 : f16 to f32
      %69 = arith.mulf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_48 = tensor.expand_shape %cst_6 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %53 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%52, %expanded_48 : tensor<2x16x6x6xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f16, %out: f32):
      %68 = arith.extf %in_53 : f16 to f32
      %69 = arith.addf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %54 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%53 : tensor<2x16x6x6xf32>) outs(%3 : tensor<2x16x6x6xf16>) {
    ^bb0(%in: f32, %out: f16):
      %68 = arith.truncf %in : f32 to f16
      linalg.yield %68 : f16
    } -> tensor<2x16x6x6xf16>
    %55 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42, %54 : tensor<2x16x6x6xf16>, tensor<2x16x6x6xf16>) outs(%3 : tensor<2x16x6x6xf16>) {
    ^bb0(%in: f16, %in_53: f16, %out: f16):
      %68 = arith.addf %in, %in_53 : f16
      linalg.yield %68 : f16
    } -> tensor<2x16x6x6xf16>
    %56 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_5 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %68 = arith.extf %in : f16 to f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %57 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_4 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %68 = arith.extf %in : f16 to f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %58 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%57 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %68 = arith.truncf %cst_23 : f64 to f32
      %69 = arith.addf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<16xf32>
    %59 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%58 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %68 = math.sqrt %in : f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %60 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%59 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %68 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %68, "unimplemented: tensor with zero element"
      %69 = arith.divf %cst_1, %in : f32
      linalg.yield %69 : f32
    } -> tensor<16xf32>
    %expanded_49 = tensor.expand_shape %56 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_50 = tensor.expand_shape %60 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %61 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29, %expanded_49 : tensor<2x16x6x6xf16>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f16, %in_53: f32, %out: f32):
      %68 = arith.extf %in : f16 to f32
      %69 = arith.subf %68, %in_53 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %62 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%61, %expanded_50 : tensor<2x16x6x6xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %68 = arith.mulf %in, %in_53 : f32
      linalg.yield %68 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_51 = tensor.expand_shape %cst_3 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %63 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%62, %expanded_51 : tensor<2x16x6x6xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f16, %out: f32):
      %68 = arith.extf %in_53 : f16 to f32
      %69 = arith.mulf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_52 = tensor.expand_shape %cst_2 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %64 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%63, %expanded_52 : tensor<2x16x6x6xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f16, %out: f32):
      %68 = arith.extf %in_53 : f16 to f32
      %69 = arith.addf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %65 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%64 : tensor<2x16x6x6xf32>) outs(%3 : tensor<2x16x6x6xf16>) {
    ^bb0(%in: f32, %out: f16):
      %68 = arith.truncf %in : f32 to f16
      linalg.yield %68 : f16
    } -> tensor<2x16x6x6xf16>
    %66 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%55, %65 : tensor<2x16x6x6xf16>, tensor<2x16x6x6xf16>) outs(%3 : tensor<2x16x6x6xf16>) {
    ^bb0(%in: f16, %in_53: f16, %out: f16):
      %68 = arith.addf %in, %in_53 : f16
      linalg.yield %68 : f16
    } -> tensor<2x16x6x6xf16>
    %67 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%66 : tensor<2x16x6x6xf16>) outs(%3 : tensor<2x16x6x6xf16>) {
    ^bb0(%in: f16, %out: f16):
      %68 = arith.cmpf ugt, %in, %cst : f16
      %69 = arith.select %68, %in, %cst : f16
      linalg.yield %69 : f16
    } -> tensor<2x16x6x6xf16>
    return %67 : tensor<2x16x6x6xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_16_torch.float16_19: "0x02000000F037B73804ABEFB5102D0F3CBBAE6235A031BEB16838A3B38DB8B2ADF3B3253C",
      torch_tensor_16_torch.float16_18: "0x02000000A83B883E2A3E5D3CDB3EBF3CF93F6B3E173E353EA73E0239D43FE23E593DC83D",
      torch_tensor_16_torch.float16_17: "0x02000000A53EC73C1538F83E483CD03EEE3C8C3D8F38F038623DC83BCB3DBA3C95399D3C",
      torch_tensor_16_torch.float16_16: "0x02000000F8B9603B6FB11AB7E63528B532B2ACB71B2FF32E04B52FACB033E7331F3C04BB",
      torch_tensor_16_torch.float16_15: "0x02000000F932AEB85138893562B2ACB537375EB79D3D1EA728230AB582AFD6B747B53E38",
      torch_tensor_16_torch.float16_14: "0x020000005F391239DB3E063E383EA43E2A3D703FEB3D863CA33F4839523D2C3FE93D4F3A",
      torch_tensor_16_torch.float16_13: "0x020000009739F73CB53C093BF73D9638F83DDF3CFE3E503D533A153C903CFF3D033FCC39",
      torch_tensor_16_torch.float16_12: "0x0200000065BBD13183341936563A272E22B6CE3A2833C23C853C7E38EF39B2B9F63C7234",
      torch_tensor_16_8_1_1_torch.float16: "0x0200000033B473321133363312350BB48635F2B0E5AB0F30F4B2D4AA8F35FA2570B2D8B0F42FB3ADE9B106302A2DE5325AA2D03186AED33243A81335DCACF2B43A251530C73414B56C2C383338AFFDAC4E2D85336634BC3457266E3215B164B257346FB498351C2C802CD4ADB7B0E4AAED3206B40DB2BAB4AE2D233148A6ED348A2E4EAAB8B043A9AE31792B71B57EB4743479AE79B43EA8A231F3B431907FB5552B53350EA696B4042E0EB5922975AD7B327232AEAF6F34BE2B2634E1B2793159319AB420B43E35BC303BB4C732DBB30E2A6CB543B17F2C64ADA130E82B182ACF2E872D7CB528326CB3BBACF2AA8AB399B40B3516AF0130F7ADC7B4B4B2DC3107A7F7B2",
      torch_tensor_16_torch.float16_11: "0x020000003A3B7CB654B12637D436D1B088356FB9ECB692B2873868B347B99DBBE938BB32",
      torch_tensor_16_torch.float16_10: "0x02000000E23FCE3CEB3D863B603A1E3BD43CF73C06388E3FE73A143A9339533D6038723C",
      torch_tensor_16_torch.float16_9: "0x02000000543AC43ED33FBB3C0B3C1D3CA5385E3D303BC139DF3E083E0F39FA3ACB3E603E",
      torch_tensor_16_torch.float16_8: "0x0200000068383AB906314035CAAE5438152065B7863770305135952C09B873AF8F38CFB7",
      torch_tensor_16_8_3_3_torch.float16: "0x02000000182D712C6FAE4D2F80AFCB216BABD9A40C2F91ACBF14002DF72DA327FA2CAE2B402ACFADCA27F5AD072E6025A7AC852AFC28FDA942A3D52EB3AC88A85AA752ADF42D58AD0F2AA2A28AAC182DF1AC3AA6652DF32C0A2F352AA32B08AE50A748A5E2A6A71CEF255DA79727E126AEA5B02901AD24A97FA5B1A25BAC8C9E302C322D8E2868ADCD2EC5AE6028612F2EA89E9EC9A6E2AE162F7C2A2F2917A8262E95A909290CAE73AA0924B61E2423952A43AFF1280129B02A7C2CCF2DE52C912BCFAA2F2DA9ADF927F026FB2C7D2F982D5EA70DADF1AEF42E90AE67AE7A9AD41914A514AD162F892C9029A4A3C0AD03A8922E8E26962E6B2BE82E7B2D0D2C6D1CD924BBAEAF2E5AAED0AD3126EF27012DBB2E67AFC9AD8AAEED2D0FAC98ABBFA8639E652885ABDA28012EBFA6C5968E2989A8E9A81CAF861CE8AD64A26CAF09AD832FB1ADBE2C88AE96AEC4AC1AAE25A9F8A33AAB5CAE57A1B3A5EBAEBC96BD2CDFAEE9296FAF382884AC5818FFAD5C2D5A243D18591D5EAF342EFF2E212BF8ADBA29C8AA4C2A91AEE9AB69AC17AE8D262B27C2284025549C942C292EA72DFD2D0CAD852A85285F2A38ABCEAD22ACD7AD34ACE0A38A2D8FADA2AE5029572D7B2124AA192DC5A93E2E7B2017AA15AE68A5DFAE1F29FE2D1CAF5C264EA56AAC03A6DDAE3BA0BE2B662C902CCF294AAF9E2E01AFF3258E2A8428A3A7C7AE5A2C1EADE02CE4A8E42951A9E62CBE256DA102AD15A8FE2D47980EA82B9DDBA85725232EA72BAC2E0C2C709665ADADAEB625132D0F2F362FFC281BAD7BAD532354A62420FBA2E5A450A84A2DB4A6E0A94123331960AD6B2A10AB2CAC4AAF06285C2D62AC119ACF195A227F2DBF98D22EFC274E290F21F0291C2D88AD182A21AFF3AC7813FB1E8D29C1211F2AD42A29A06B2F97A3BF9C8A2643AE0FACAE2B7F268A9C43AC7EAF71280128992CE2A6DBAAA1AE3AAD8FAD65295AA0AAAE412B88A6D81A29AE3E2B1C2F702E082E46978AAD7227C0A544245C297B25B9A305AD46AD6CAE532D49AC0829DDACA52C15A9712E67A8A6A4EE2B7DA611A8CCA096ADFC2794A289AE21A998AC42AE86AE5B2C55189CAB1328C1A8622B282C432F879FF629CEAA7E2CCB2D412D092EB32BC32B49AE5B25DE2D172702AC75AD4F2E612F082977AAC1AD272592A6C9AE55AE019D0D2E8320BEA02B270C2F612E32AC0D2C01256E2FC02D88ABF3A8EC26F42D232D8DA9EA2E392A5C2D7B2C18205FA78F2E9FAC21ADAB2EA3AC4A2ACBA8D31DCF0F0F2FBEA936AC532979A83EAECCA86E2C9AA8DFA84DADA1ACA92730ADB6A30F2938AEE12B9E22E6A8E3AC552EEA2DF624AFAC302AB3AC1FAF752F102B26A80D2EA715052998163E2EDE2D56120B2CB628F62A9FA179AA752E582D5BAF0727DD2EBB2CD82C472D2FAE58AC872E24236FA9312FC8A7102CEAA6D92D3429EDAE2C292FA9A4280728B12B29AC622C782CC9AE382E9022052F15A989ADA41D54285127B9A1C8AC31A0202E86ADF72D7394CDA871A9782E0BAF66AEA1AE3FAEA52968ACD423B92BB9AD102C2FA746AF7C29E02E5DA60E15BD2CC2AA3925DD220B25F51AE2AD4AACB4A28EADC7A90627840E9E26B6AB9D29EDAE322CFB240A2D292CB3274BA53DA1312AC92E782B0C20ADACC12A642C232C1E127C2EB42D24A79D2D4C2C57A7E82AD92DA7284CAB04A6B59BBEA51AADA5A8CF29F02CC3A46A1D612FE9AD7AA6EEAE92A1B4AC6DAD642925AC012CB42CB9296024822ADE2DB5A182AC089CD7AC072947A0F0AE32AF19AD0A2C28AC0A2CAF2C2423272CED258AA7CC2BDD2BBE20F1ADFFACFA2D39A05BA800AE2B2AC12CA7AC0D2935A2E5AEB22E3CAE0A2A53A8D2ABCCAB362580A6762427A5F3ABB09CDDAD342EEB20A2AC1D2F762DDAADB5AD8E2C01A07AACBC2E9E27A62EC2296EAB462ADBADA82EA42B06AF962CF8A7939CF5A4B225A922DBA93AAD192C2DAF112F902E639CFD2DCC17592E73AC89A148AEFF2C0D26012E612E002C3B20BFA7D6261F2F7F2F862D9CA5062EDAAE5025FB2C3D9BA72DE1A4212D5AAF8C2BA527952C08A8CCA7D32E252EC0AB1FAE6D2FC2291F2D0AAFEE2A0FAF94A531A758ACF7AC28AD30A0CCADD4AAB6AA3EA6E824ADAD1F2F78AFD42A04AFCAA5E3A1AD2E89AE89AC559E3EAFE024871EE828AFA57828232AC92CE62AF72DF82C7EA33C2DE726982A9AADDB2BF21B81ADC8A965A73EAA35982FADCE2CA7A77186302AE4295AAFD2A959AEFFAED82CD52D5CADF7A9A62B0A2F6E2EAB2C7EAE3AACEC2DBFAE40AA02AE00AE9F27AFA8F4AED8AD562E3F2E282BBE2A7EAC89A9CD9CBF293A948427DFAB93A9A629F6AEE01DBD2ECDAC84A678A598A9802CB7263D2FEBA77A2945282EAC73AF382CFFAC08A939A621AFCE2CB1A7FCABCEAE7923B197D4A49AA9D32974A6AE21CD2C3F287DADF2A46AA91C21A62CAEA1AEA909AC442C47A83E1F2CA6A7ADA029022E70ACD3239D281EA85EA5A298652C779D88AFB2A890AACE9F11ACC624B2A44EABB8A2C8AD83ABA92B7419112CFF27E42CFB2E0C2E25A729AAFA2D872B8E2EF02E4B2D6123D69B02AC592F0DAC5F2C4AA231AC85ADC127FAA8602C09AB7BA58D28072F78AE55AC62AC2F283E2EFE243C23102DACAD522F682F32AD859D8F2ADEAC25AB5B2DBF2DB2AD822A90ABC7A384AF5FAEDAA13DAD04AC702B612C8BAD4E2D632FBFA6DC29C7A3E49E5BA7A527FA2EE0A807A9342FAA2D11ADD02EA5A53328162428A38DAC101C53AD03A66B2C982DF2ACA92A4F9C902D4C2D98A8102C5E285A2AC6ACBE244BAE0A2CCAA7192A922DD223EDAD7AAD5D2459AF2A2CE3A7ECADD22C0824D62E091ADA29262C2E2BD6AA2CAE8A9FF62EC12C12A95DA93F2DCD2CCF2A82AEF2AE352D692EC22ECA2BA7A9D5A1CE2E179C65AC902A1FAD3328DDAA66A5F22A33ABFA9068AECE2418A9B629E22DBEAC232F2A2ABE2E8C2083ACD5AD272E59ACC4AC11A98AAF5382080A1525EE9B58AC6C2EE4AA8AAEA32D14AE7EAD07AF382CFF26AE2DAC2C61ACF92698205B2CD5AA4A2E89A65AAC7DA2472B5A24052EC2289D2EBD2887AF0CA04AA8512E892E272833AB49A9D8AC95AEC1ABDE2D1F2A5B25842E6BA9D92E9BACF62435A8A82A8B28512B122618AE452C4127BF2A2AAE32AF842C0C2D79ABF9A881291FA57DAD48AEB428B52E002FE8AB1D2E00910B283AAE55A4A09E55236626F718F69A3B2420AC6E2D8AAC6F26ADAD8527932E",
      torch_tensor_16_torch.float16_7: "0x02000000BE38D1B6C7BA1D39843552B10D3315A3A338F8B467381CB62DB5FF3443B8D4B2",
      torch_tensor_16_torch.float16_6: "0x02000000E83A643D763EB53EFE3CA4381D3DBA3D7C3FF538683D963C863E7A39C73DFE3C",
      torch_tensor_16_torch.float16_5: "0x02000000BC3DDE3FFD392E3EF73C6038973D2D39C739C13FC8381038143C523ABF3E103B",
      torch_tensor_16_torch.float16_4: "0x02000000AA311CBCAF3014BC1422FAB9BEB4F8BB98B09FBB02B80CB4FDBB36B47A3664BA",
      torch_tensor_16_4_1_1_torch.float16: "0x0200000029324BB620B212B7AC37C73181B2D436A93308B728B3DF3600B475306B267AABA73007304F2ECAA30DB5AEAC4CB4603522AC79B62935F4B34734D0B779332B2F1DB5CB307F2906A64230EBB0C6B2AEB35F377FB233B4722A443570363034E3B4E19C4F36EB33A0B1D7AEAA351E372A36F62E883454346D3393B15D32F1AB5E35",
      torch_tensor_16_torch.float16_3: "0x02000000793822BC8CAC39B35F3AC237293568B5C3B2CB34CFB02636F2396B37DBBBA537",
      torch_tensor_16_torch.float16_2: "0x02000000463C723D0F3E073D523AC03CF93DEB3B1E3BAE3A4C39413B603A213CB63D6E3D",
      torch_tensor_16_torch.float16_1: "0x02000000FF3FDF3EEC3F473AF139403F613C2E3C0A3CE43A643C443D5F3D223CFE3ED63E",
      torch_tensor_16_torch.float16: "0x0200000085B0063967B68BB933B448BB7FB850B7283300B704B77CB64425AD332539D9B0",
      torch_tensor_16_4_3_3_torch.float16: "0x020000001B27B328A32E59AA3EAB892E212CAA29E8AE56AD0DB0B12C31AD932E14B0DCB07BADAD2F682D76AFC4286AB0EAAFE4ACA22D7C25CAA8B42A1B28FC2D4F2CE69E6C1C6CAA5830FE2EFFB05AAA4FA0782C1FAACF3003A1B9308CAF152F122A5E2F0E2B09B14A2A34AD42AB60B068290AA9FBA50EB05B300E303CACA91A4CB0A2AA9A2FF32E9B2A8FAE082D7BAA22A45E27C3B0709FF7AC3DADAA2800AA9B2A162B09B12B1FA930A3AE672DD2B08C2BBAAF23302AB0331EF730332D8BA6B62C362992AA8AA96BAAECB0EAAEE1A1AB2D48B0B02FC530F2AD9B2C262F55AD452DD1300430FEB0C2A25DA2DB2CF8246EAEEBB08CA9659F11AF0B2CC9AAADAA90AD1FAFE62E1B30D1A382AD139C40A8D62CC7A8C8ADC52E54AAE92F8520362EF1A0DFA81D1E22A6C9231225D82C8E1A8EA23520A825F430C429B530632C592F5BAF862FC9ADA722AF302B9CAD2DFCA35FAF2D30F1AD343179A679AC71B0512E55B009A615A23F2C7FAC4629C2AF542C0DAAFA2DC030C33096AFBBB0982BE1AE29A6DE2CD52D1AA7BD2EC4AC21A8DE2D8F27C030B22DEB2FC629609ABAA82E303A1BF922D5AED79FCF229B29752D3F2C1AB168B04C2F21B18C2D961C992BF1AF032B59AD493139AC1DA84D1BA4298CACC03013AE69A4B72A31B15BB08D2E3C31402DF5ADEF2822B1B5219AAF6EAA912ECC3056AB392FDEB076245A2C55AE412E27304F270B2E6430F328392DF3A4A417BE2A0F315DB01330622919AE8C2C4C2190AADB305D2833B0863098ACB12E5C2EE0A7E4308C9D752F222E5AAE992F54A971A6142E0A2A39312D2F39232F315DABEEAF25AC42AE4AA215AC37B05F1EE8ACA2994AAB39AD3B31EA258BA4C6A7673016B0D32F4D3170ABB3ADAB2CB63093A17F305BA93FB1502D1B3183A974A8BA28CB30C5303CAEC32FE4ACFDA97328D22F0DAE1D26C1AEB0B058AD12AA2DAF03B037A826279EA991279DACD5B05DA888B08C2E57B0DD306BAF402CE22DA2AF781F21314331C5B02228452F60AC132D5EAC1930942E83ACE4302C2835A5262E7829ADA8ACAB493098AD08B0C8A9D1AD692A3E211729DCAF3F2D55303EA50731192E01B02FA535AC33275E2E5AB0373127AEA1B058A0032C0A317D290D2885B053B0722D51AFE2AC4D2A5CB05C2CF929852F3F2DFAAFED2B9D30A72A392E7EB061290A31FAA9D22C0C2C3227FA2D742A01B124A5D5AC2E2E6AADE4ACDC2A3F20F2A95AAEFB1DBE2D7D1662AC9BB06FADE9ACD930BFADECA42DA916ADBC30F1A050AF38A74B3055A8E3B074AEAAA31A2C4424652CA7AF772ABD2A09AF6E223A2F5028B1A40E2E9F3012A452306CAB3B3065B09DB078AE522E6C27D8304B30733054AF22AA30A78E2F19A9F1B0382D8D2CCA3004AC702A3AB1DF28B5AC1D29FEAE9CADD6A9541C96A8C92E722C8DA99229023167AD5CA8C42C2A21B8B091ADC730F6A13631092E05AC4528482FE8AF582ADD201DA162B0A4AEA42C96AF2CAEF6AC0824E32271ABC51FFC300BAA412747AF7914293007280EB1AD1909A88CAAD130F92FDAAF212F1529BBB0912D4AAFC4AA6526AE90B2AEEC9E3531E5296D2E20B0B030DAA2C42A4AB1EA2F7125D0A8E930802F67246E23"
    }
  }
#-}
