#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  func.func @main(%arg0: tensor<2x4x12x12xbf16>) -> tensor<2x16x6x6xbf16> {
    %cst = arith.constant 0.000000e+00 : bf16
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_19> : tensor<16xbf16>
    %cst_3 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_18> : tensor<16xbf16>
    %cst_4 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_17> : tensor<16xbf16>
    %cst_5 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_16> : tensor<16xbf16>
    %cst_6 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_15> : tensor<16xbf16>
    %cst_7 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_14> : tensor<16xbf16>
    %cst_8 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_13> : tensor<16xbf16>
    %cst_9 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_12> : tensor<16xbf16>
    %cst_10 = arith.constant dense_resource<torch_tensor_16_8_1_1_torch.bfloat16> : tensor<16x8x1x1xbf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_11> : tensor<16xbf16>
    %cst_12 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_10> : tensor<16xbf16>
    %cst_13 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_9> : tensor<16xbf16>
    %cst_14 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_8> : tensor<16xbf16>
    %cst_15 = arith.constant dense_resource<torch_tensor_16_8_3_3_torch.bfloat16> : tensor<16x8x3x3xbf16>
    %cst_16 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_7> : tensor<16xbf16>
    %cst_17 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_6> : tensor<16xbf16>
    %cst_18 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_5> : tensor<16xbf16>
    %cst_19 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_4> : tensor<16xbf16>
    %cst_20 = arith.constant dense_resource<torch_tensor_16_4_1_1_torch.bfloat16> : tensor<16x4x1x1xbf16>
    %cst_21 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_3> : tensor<16xbf16>
    %cst_22 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_2> : tensor<16xbf16>
    %cst_23 = arith.constant 1.000000e-05 : f64
    %cst_24 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_1> : tensor<16xbf16>
    %cst_25 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16> : tensor<16xbf16>
    %cst_26 = arith.constant dense_resource<torch_tensor_16_4_3_3_torch.bfloat16> : tensor<16x4x3x3xbf16>
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : bf16
    } : tensor<2x4x12x12xbf16> to tensor<2x4x14x14xbf16>
    %0 = tensor.empty() : tensor<2x16x6x6xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<2x16x6x6xf32>) -> tensor<2x16x6x6xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %cst_26 : tensor<2x4x14x14xbf16>, tensor<16x4x3x3xbf16>) outs(%1 : tensor<2x16x6x6xf32>) -> tensor<2x16x6x6xf32>
    %3 = tensor.empty() : tensor<2x16x6x6xbf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x16x6x6xf32>) outs(%3 : tensor<2x16x6x6xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %68 = arith.truncf %in : f32 to bf16
      linalg.yield %68 : bf16
    } -> tensor<2x16x6x6xbf16>
    %5 = tensor.empty() : tensor<16xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_25 : tensor<16xbf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %68 = arith.extf %in : bf16 to f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_24 : tensor<16xbf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %68 = arith.extf %in : bf16 to f32
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
    %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %expanded : tensor<2x16x6x6xbf16>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: bf16, %in_53: f32, %out: f32):
      %68 = arith.extf %in : bf16 to f32
      %69 = arith.subf %68, %in_53 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11, %expanded_27 : tensor<2x16x6x6xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %68 = arith.mulf %in, %in_53 : f32
      linalg.yield %68 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_28 = tensor.expand_shape %cst_22 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xbf16> into tensor<16x1x1xbf16>
    %13 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_28 : tensor<2x16x6x6xf32>, tensor<16x1x1xbf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: bf16, %out: f32):
      %68 = arith.extf %in_53 : bf16 to f32
      %69 = arith.mulf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_29 = tensor.expand_shape %cst_21 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xbf16> into tensor<16x1x1xbf16>
    %14 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %expanded_29 : tensor<2x16x6x6xf32>, tensor<16x1x1xbf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: bf16, %out: f32):
      %68 = arith.extf %in_53 : bf16 to f32
      %69 = arith.addf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<2x16x6x6xf32>) outs(%3 : tensor<2x16x6x6xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %68 = arith.truncf %in : f32 to bf16
      linalg.yield %68 : bf16
    } -> tensor<2x16x6x6xbf16>
    %16 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%arg0, %cst_20 : tensor<2x4x12x12xbf16>, tensor<16x4x1x1xbf16>) outs(%1 : tensor<2x16x6x6xf32>) -> tensor<2x16x6x6xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16 : tensor<2x16x6x6xf32>) outs(%3 : tensor<2x16x6x6xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %68 = arith.truncf %in : f32 to bf16
      linalg.yield %68 : bf16
    } -> tensor<2x16x6x6xbf16>
    %18 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_19 : tensor<16xbf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %68 = arith.extf %in : bf16 to f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_18 : tensor<16xbf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %68 = arith.extf %in : bf16 to f32
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
    %23 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17, %expanded_30 : tensor<2x16x6x6xbf16>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: bf16, %in_53: f32, %out: f32):
      %68 = arith.extf %in : bf16 to f32
      %69 = arith.subf %68, %in_53 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %24 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23, %expanded_31 : tensor<2x16x6x6xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %68 = arith.mulf %in, %in_53 : f32
      linalg.yield %68 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_32 = tensor.expand_shape %cst_17 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xbf16> into tensor<16x1x1xbf16>
    %25 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24, %expanded_32 : tensor<2x16x6x6xf32>, tensor<16x1x1xbf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: bf16, %out: f32):
      %68 = arith.extf %in_53 : bf16 to f32
      %69 = arith.mulf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_33 = tensor.expand_shape %cst_16 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xbf16> into tensor<16x1x1xbf16>
    %26 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %expanded_33 : tensor<2x16x6x6xf32>, tensor<16x1x1xbf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: bf16, %out: f32):
      %68 = arith.extf %in_53 : bf16 to f32
      %69 = arith.addf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %27 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26 : tensor<2x16x6x6xf32>) outs(%3 : tensor<2x16x6x6xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %68 = arith.truncf %in : f32 to bf16
      linalg.yield %68 : bf16
    } -> tensor<2x16x6x6xbf16>
    %28 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15, %27 : tensor<2x16x6x6xbf16>, tensor<2x16x6x6xbf16>) outs(%3 : tensor<2x16x6x6xbf16>) {
    ^bb0(%in: bf16, %in_53: bf16, %out: bf16):
      %68 = arith.addf %in, %in_53 : bf16
      linalg.yield %68 : bf16
    } -> tensor<2x16x6x6xbf16>
    %29 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28 : tensor<2x16x6x6xbf16>) outs(%3 : tensor<2x16x6x6xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %68 = arith.cmpf ugt, %in, %cst : bf16
      %69 = arith.select %68, %in, %cst : bf16
      linalg.yield %69 : bf16
    } -> tensor<2x16x6x6xbf16>
    %padded_34 = tensor.pad %29 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : bf16
    } : tensor<2x16x6x6xbf16> to tensor<2x16x8x8xbf16>
    %expanded_35 = tensor.expand_shape %padded_34 [[0], [1, 2], [3], [4]] output_shape [2, 2, 8, 8, 8] : tensor<2x16x8x8xbf16> into tensor<2x2x8x8x8xbf16>
    %expanded_36 = tensor.expand_shape %cst_15 [[0, 1], [2], [3], [4]] output_shape [2, 8, 8, 3, 3] : tensor<16x8x3x3xbf16> into tensor<2x8x8x3x3xbf16>
    %expanded_37 = tensor.expand_shape %0 [[0], [1, 2], [3], [4]] output_shape [2, 2, 8, 6, 6] : tensor<2x16x6x6xf32> into tensor<2x2x8x6x6xf32>
    %30 = linalg.fill ins(%cst_0 : f32) outs(%expanded_37 : tensor<2x2x8x6x6xf32>) -> tensor<2x2x8x6x6xf32>
    %31 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%expanded_35, %expanded_36 : tensor<2x2x8x8x8xbf16>, tensor<2x8x8x3x3xbf16>) outs(%30 : tensor<2x2x8x6x6xf32>) -> tensor<2x2x8x6x6xf32>
    %collapsed = tensor.collapse_shape %31 [[0], [1, 2], [3], [4]] : tensor<2x2x8x6x6xf32> into tensor<2x16x6x6xf32>
    %32 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed : tensor<2x16x6x6xf32>) outs(%3 : tensor<2x16x6x6xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %68 = arith.truncf %in : f32 to bf16
      linalg.yield %68 : bf16
    } -> tensor<2x16x6x6xbf16>
    %33 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_14 : tensor<16xbf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %68 = arith.extf %in : bf16 to f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %34 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_13 : tensor<16xbf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %68 = arith.extf %in : bf16 to f32
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
    %38 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%32, %expanded_38 : tensor<2x16x6x6xbf16>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: bf16, %in_53: f32, %out: f32):
      %68 = arith.extf %in : bf16 to f32
      %69 = arith.subf %68, %in_53 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %39 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %expanded_39 : tensor<2x16x6x6xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %68 = arith.mulf %in, %in_53 : f32
      linalg.yield %68 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_40 = tensor.expand_shape %cst_12 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xbf16> into tensor<16x1x1xbf16>
    %40 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %expanded_40 : tensor<2x16x6x6xf32>, tensor<16x1x1xbf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: bf16, %out: f32):
      %68 = arith.extf %in_53 : bf16 to f32
      %69 = arith.mulf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_41 = tensor.expand_shape %cst_11 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xbf16> into tensor<16x1x1xbf16>
    %41 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40, %expanded_41 : tensor<2x16x6x6xf32>, tensor<16x1x1xbf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: bf16, %out: f32):
      %68 = arith.extf %in_53 : bf16 to f32
      %69 = arith.addf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %42 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41 : tensor<2x16x6x6xf32>) outs(%3 : tensor<2x16x6x6xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %68 = arith.truncf %in : f32 to bf16
      linalg.yield %68 : bf16
    } -> tensor<2x16x6x6xbf16>
    %expanded_42 = tensor.expand_shape %29 [[0], [1, 2], [3], [4]] output_shape [2, 2, 8, 6, 6] : tensor<2x16x6x6xbf16> into tensor<2x2x8x6x6xbf16>
    %expanded_43 = tensor.expand_shape %cst_10 [[0, 1], [2], [3], [4]] output_shape [2, 8, 8, 1, 1] : tensor<16x8x1x1xbf16> into tensor<2x8x8x1x1xbf16>
    %43 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%expanded_42, %expanded_43 : tensor<2x2x8x6x6xbf16>, tensor<2x8x8x1x1xbf16>) outs(%30 : tensor<2x2x8x6x6xf32>) -> tensor<2x2x8x6x6xf32>
    %collapsed_44 = tensor.collapse_shape %43 [[0], [1, 2], [3], [4]] : tensor<2x2x8x6x6xf32> into tensor<2x16x6x6xf32>
    %44 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed_44 : tensor<2x16x6x6xf32>) outs(%3 : tensor<2x16x6x6xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %68 = arith.truncf %in : f32 to bf16
      linalg.yield %68 : bf16
    } -> tensor<2x16x6x6xbf16>
    %45 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_9 : tensor<16xbf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %68 = arith.extf %in : bf16 to f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %46 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_8 : tensor<16xbf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %68 = arith.extf %in : bf16 to f32
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
    %50 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44, %expanded_45 : tensor<2x16x6x6xbf16>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: bf16, %in_53: f32, %out: f32):
      %68 = arith.extf %in : bf16 to f32
      %69 = arith.subf %68, %in_53 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %51 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%50, %expanded_46 : tensor<2x16x6x6xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %68 = arith.mulf %in, %in_53 : f32
      linalg.yield %68 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_47 = tensor.expand_shape %cst_7 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xbf16> into tensor<16x1x1xbf16>
    %52 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%51, %expanded_47 : tensor<2x16x6x6xf32>, tensor<16x1x1xbf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: bf16, %out: f32):
      %68 = arith.extf %in_53 : bf16 to f32
      %69 = arith.mulf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_48 = tensor.expand_shape %cst_6 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xbf16> into tensor<16x1x1xbf16>
    %53 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%52, %expanded_48 : tensor<2x16x6x6xf32>, tensor<16x1x1xbf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: bf16, %out: f32):
      %68 = arith.extf %in_53 : bf16 to f32
      %69 = arith.addf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %54 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%53 : tensor<2x16x6x6xf32>) outs(%3 : tensor<2x16x6x6xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %68 = arith.truncf %in : f32 to bf16
      linalg.yield %68 : bf16
    } -> tensor<2x16x6x6xbf16>
    %55 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42, %54 : tensor<2x16x6x6xbf16>, tensor<2x16x6x6xbf16>) outs(%3 : tensor<2x16x6x6xbf16>) {
    ^bb0(%in: bf16, %in_53: bf16, %out: bf16):
      %68 = arith.addf %in, %in_53 : bf16
      linalg.yield %68 : bf16
    } -> tensor<2x16x6x6xbf16>
    %56 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_5 : tensor<16xbf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %68 = arith.extf %in : bf16 to f32
      linalg.yield %68 : f32
    } -> tensor<16xf32>
    %57 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_4 : tensor<16xbf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %68 = arith.extf %in : bf16 to f32
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
    %61 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29, %expanded_49 : tensor<2x16x6x6xbf16>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: bf16, %in_53: f32, %out: f32):
      %68 = arith.extf %in : bf16 to f32
      %69 = arith.subf %68, %in_53 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %62 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%61, %expanded_50 : tensor<2x16x6x6xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %68 = arith.mulf %in, %in_53 : f32
      linalg.yield %68 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_51 = tensor.expand_shape %cst_3 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xbf16> into tensor<16x1x1xbf16>
    %63 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%62, %expanded_51 : tensor<2x16x6x6xf32>, tensor<16x1x1xbf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: bf16, %out: f32):
      %68 = arith.extf %in_53 : bf16 to f32
      %69 = arith.mulf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %expanded_52 = tensor.expand_shape %cst_2 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xbf16> into tensor<16x1x1xbf16>
    %64 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%63, %expanded_52 : tensor<2x16x6x6xf32>, tensor<16x1x1xbf16>) outs(%0 : tensor<2x16x6x6xf32>) {
    ^bb0(%in: f32, %in_53: bf16, %out: f32):
      %68 = arith.extf %in_53 : bf16 to f32
      %69 = arith.addf %in, %68 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x6x6xf32>
    %65 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%64 : tensor<2x16x6x6xf32>) outs(%3 : tensor<2x16x6x6xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %68 = arith.truncf %in : f32 to bf16
      linalg.yield %68 : bf16
    } -> tensor<2x16x6x6xbf16>
    %66 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%55, %65 : tensor<2x16x6x6xbf16>, tensor<2x16x6x6xbf16>) outs(%3 : tensor<2x16x6x6xbf16>) {
    ^bb0(%in: bf16, %in_53: bf16, %out: bf16):
      %68 = arith.addf %in, %in_53 : bf16
      linalg.yield %68 : bf16
    } -> tensor<2x16x6x6xbf16>
    %67 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%66 : tensor<2x16x6x6xbf16>) outs(%3 : tensor<2x16x6x6xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %68 = arith.cmpf ugt, %in, %cst : bf16
      %69 = arith.select %68, %in, %cst : bf16
      linalg.yield %69 : bf16
    } -> tensor<2x16x6x6xbf16>
    return %67 : tensor<2x16x6x6xbf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_16_torch.bfloat16_19: "0x02000000FE3E173F60BDBEBEA23D823FD7BDAC3E343E38BE0D3F74BE12BFB6BD7EBE853F",
      torch_tensor_16_torch.bfloat16_18: "0x02000000753FD13FC53F8C3FDB3F983FFF3FCD3FC33FC73FD53F203FFA3FDC3FAB3FB93F",
      torch_tensor_16_torch.bfloat16_17: "0x02000000D53F993F033FDF3F893FDA3F9E3FB13F123F1E3FAC3F793FB93F973F333F943F",
      torch_tensor_16_torch.bfloat16_16: "0x020000003FBF6C3F2EBEE3BEBD3EA5BE46BEF5BEE33DDE3DA0BE86BD763E7D3E843F61BF",
      torch_tensor_16_torch.bfloat16_15: "0x020000005F3E16BF0A3FB13E4CBEB6BEE73EECBEB43FE4BC653CA1BEF0BDFBBEA9BE083F",
      torch_tensor_16_torch.bfloat16_14: "0x020000002C3F223FDB3FC13FC73FD43FA53FEE3FBD3F913FF43F293FAA3FE63FBD3F4A3F",
      torch_tensor_16_torch.bfloat16_13: "0x02000000333F9F3F973F613FBF3F133FBF3F9C3FE03FAA3F4A3F833F923FC03FE03F393F",
      torch_tensor_16_torch.bfloat16_12: "0x020000006DBF3A3E903EC33E4B3FC53DC4BE5A3F653E983F913F103F3E3F36BF9F3F8E3E",
      torch_tensor_16_8_1_1_torch.bfloat16: "0x0200000086BE4E3E623E673EA23E81BEB13E1EBE7DBD023E5FBE5ABDB23EBF3C4EBE1BBEFE3DB6BD3DBE013EA53D5D3E4BBC3A3ED1BD5A3E08BDA23E9BBD9EBEA73C033E993EA2BE8E3D673EE7BDA0BDAA3D713E8D3E973ECB3C4E3E23BE4CBE8B3E8EBEB33E833D903DBABD17BE5CBD5E3E81BE42BE97BEB63D243EC9BC9E3ED13D4ABD17BE28BD363E6F3DAEBE90BE8E3ECFBD8FBE08BD343E9EBE06BAB0BE6B3DAA3EC2BC93BEC13DA2BE323DAFBD4F3E4E3EF6BD8E3E783D853E5CBE2F3E2B3E93BE84BEA83E173E87BE593E7BBE423DAEBE28BE903DADBD143E7D3D433DDA3DB13DB0BE453E6EBE97BD5EBD71BE93BEA13EE3BD003EBFBD99BE57BE3B3EE1BC5FBE",
      torch_tensor_16_torch.bfloat16_11: "0x02000000673FCFBE2ABEE53EDB3E1ABEB13E2EBFDEBE52BE113F6DBE29BF74BF1D3F573E",
      torch_tensor_16_torch.bfloat16_10: "0x02000000FC3F9A3FBD3F713F4C3F643F9B3F9F3F013FF23F5D3F423F323FAA3F0C3F8E3F",
      torch_tensor_16_torch.bfloat16_9: "0x020000004B3FD93FFA3F973F813F843F153FAC3F663F383FDC3FC13F223F5F3FD93FCC3F",
      torch_tensor_16_torch.bfloat16_8: "0x020000000D3F27BF213EA83ED9BD0B3F033CEDBEF13E0E3EAA3E933D01BFEEBD123FFABE",
      torch_tensor_16_8_3_3_torch.bfloat16: "0x02000000A33D8E3DCEBDEA3DF0BD393C6DBD9BBCE13D92BD983AA03DBF3DF43C9F3D763D483DBABDF93CBFBDC13DAC3C95BD513D203D40BD68BCDB3D96BD11BDEBBCAABDBF3DABBD423D54BC91BDA33D9EBDC7BCAD3D9E3DE13D473D743DC1BDEABCA9BCDCBC953BBE3CECBCF33CDC3CB6BC363DA0BD25BDB0BC56BC8BBDD2BB863DA63D123DADBDDA3DD9BD0C3DEC3D06BDD4BBD9BCDCBDE33D503D263D03BDC53D33BD213DC1BD4EBD813CD73B643C533DE8BD1E3D203D563D903DBA3D9D3D723D5ABDA63DB5BDFF3CDE3C9F3DF03DB33DECBCA2BDDEBDDE3DD2BDCDBD4FBB3B3BA2BCA2BDE33D913D323D74BCB8BD00BDD23DD23CD33D6D3DDD3DAF3D823D8E3B9B3CD7BDD63DCBBDBABDC63CFE3CA03DD73DEDBDB9BDD1BDBE3D82BD73BD18BDCCBB0D3D71BD1B3DC03DD8BCD9BA323D11BD1DBDE4BD913BBDBD4CBCEDBDA1BDF03DB6BD983DD1BDD3BD99BDC3BD25BD7FBC67BDCCBD2BBCB6BCDDBDD8BA983DDCBD3D3DEEBD073D90BD0B3BC0BDAC3D8B3C083BAB3BECBDC73DE03D643DBFBD373D59BD493DD2BD7DBD8DBDC3BDD23CE53C183DA83C8BBB933DC53DB53DC03DA1BD513D113D4C3D67BDBABD84BDBBBD86BD7CBCB13DB2BDD4BD2A3DAB3D2F3C45BDA33D39BDC83D0F3C43BDC3BDADBCDCBD243DC03DE4BDCB3CAABC8DBDC0BCDCBD07BC783D8D3D923D3A3DE9BDD43DE0BDBE3C523D103DF4BCD9BD8B3DA4BD9C3D1DBD3D3D2ABD9D3DB83C2EBCA0BD03BDC03D09BB02BDA5BB1BBDAB3CC43D753DD63D813DCEBAADBDD6BDB73CA23DE23DE73D203DA3BDAFBD6A3CCBBC043C5FBC9DBC0ABDA93DD6BC3CBD683C263BACBD4D3D62BD86BDE9BD013DAC3D8CBD42BB3A3B4B3CB03D18BBDA3DFF3C2A3D223C3E3DA43DB1BD433DE4BD9EBD6F3ADF3B323D383C443D5A3D05BCED3D73BC98BBD13CC8BD82BD763DD03C91BB88BDF0BD0E3D003D933DDCBC5BBDD4BDA7BDB2BD2D3D0BBCD5BD683DD1BC5B3BC5BD683DE33DCE3DC13DE9BAB1BDEE3CB8BC883C2C3DAF3C77BCA1BDA9BDCDBDAA3D89BD213D9CBD953D23BDCE3D0DBD95BC7E3DD0BC02BD19BCB3BD003D53BCD1BD24BD93BDC8BDD1BD8B3D0B3B73BD023D18BD6C3D853DE83DF1BB3F3D5ABD903DB93DA83DC13D763D783DC9BDAB3CBC3DE33C80BDAFBDCA3DEC3D213D4FBDB8BDA53CD2BCD9BDCBBDA0BBC23D103C18BCE53CE23DCC3D86BD823DA03CEE3DB83D71BD1EBDDE3CBF3DA43D32BDDD3D473DAB3D8F3D033CECBCD23D94BDA4BDD53D94BD493D19BDBA3BFA39E23D38BD87BD2A3D0FBDC8BD19BD8E3D13BD1CBDAABD94BDF53CA6BD77BC223DC7BD7C3D543C1DBD9CBDCB3DBD3D9F3C96BD463D96BDE4BDEF3D623D05BDC23DB53A213DD33AC83DBC3D4B3A813D173D5F3D34BC4FBDCF3DAB3DEBBDE13CDC3D973D9B3DA93DC6BD8BBDD13D643C2EBDE63DF9BC823DDDBCBB3D263DDEBD263D26BD153D013D763D85BD8C3D8F3DD9BDC73D523CE13D23BDB1BDB43B0B3DEA3C37BC99BD06BCC43DB1BDBF3D8EBA1ABD2EBDCF3DE1BDCDBDD4BDC8BD353D8DBD7B3C773DB7BD823DE6BCE9BD2F3DDC3DCCBCA23A983D58BDA73C5C3CA13C5F3BBCBD89BD56BCB2BD39BDE13CD039D43C77BD343DDEBD863D9F3CA13D853DF63CA9BC28BC463DD93D6F3D023C96BD583D8C3D843D443AD03DB63DE5BCB43D893DEBBC5D3DBB3D153D6ABDC0BC77BBB8BCA3BD15BD3A3D9E3D98BCAD3BEC3DBDBDCFBCDEBD32BC97BDAEBD2D3D85BD803D963D373D8C3C503DBC3D37BC90BD81BB9BBD213D09BCDEBDE6BDA3BD813D85BD813D963D643C853DBE3CF1BC793D7C3D183CBEBDA0BDBF3D07BC0BBDC0BD453D983D95BD223D47BCDDBDD63DC7BD413D0ABD7ABD7ABDA73CD0BC8F3CA5BC7EBD96BBBCBDC73D1D3C94BDE43DAF3DBBBDB7BD923D00BC8FBDD83DF43CD53D383D6EBD493DBBBDD53D743DE1BD933DFFBC92BB9FBCB63C553C3BBDA7BD833DE6BDE23DD23D8CBBC03DFA3ACB3D8EBD31BCC9BDA03DC23CC03DCC3D803D073CF8BCDB3CE43DF03DB13DB3BCC13DDBBDAA3C9F3D68BBB53D9CBCA43DEBBD723DF53C933D01BDFABCDA3DC53D78BDC4BDEE3D383DA43DE1BD5E3DE2BDB3BCE6BC8BBD9FBDA5BD06BCBABD5BBD57BDC8BC9D3CB6BDE43DEFBD5B3DE0BDB9BC3CBCD63DD1BD91BDCBBBE8BD9C3CD13B1D3DB6BC0F3D443D993D5D3DBF3D9F3D70BCA83DDD3C533DB3BD7B3D7E3BB0BD39BDEDBC48BD07BBA6BD9A3DF5BCCEB8463D3C3DEBBD3ABDCBBDE0BD9B3DBB3DACBD3FBD753DE13DCE3D953DD0BD87BDBD3DD8BD48BDC0BDC0BDF43C16BDDEBDBBBDCB3DC83D653D583D90BD31BD9ABB383D87BAF03C7CBD32BD353DDFBDBC3BD83D9ABDD0BCAFBC33BD903DD73CE83DFDBC2F3D093D86BDEEBD873DA0BD21BDC7BCE4BD9A3DF6BC7FBDDABD6F3CF6BA9ABC33BD3A3DCEBC363C9A3D083DB0BD9EBC2DBD233C953D36BC36BD81BD893D09BDE83BC5BCB5BD343DC03D8EBD7A3C143D04BDACBC14BB8D3DAFBBF1BD16BD52BDFABB82BD993C96BC6ABD57BCB9BD70BD753D2E3B823D003D9C3DDF3DC23DE5BC45BDBF3D713DD23DDE3DA93D6C3C7BBB80BDEB3D82BD8C3D49BC86BDB1BDF83C1FBD8C3D61BDAFBC123DE13DCFBD8BBD8CBD063DC83DA03C673CA23DB6BDEA3DED3DA6BDB1BB523D9CBD65BDAB3DB83DB6BD503D72BD79BCF0BDCCBD3BBCA8BD80BD6E3D8C3DB1BDAA3DEC3DD8BC3C3D79BCDDBBEBBCF53CDF3D1CBD21BDE63DB53DA2BDDA3DB5BC063D833C65BC92BD823BAABDC0BC8D3DB33D9EBD553D8ABBB23DAA3D13BD823D0C3D4B3D99BD983CC9BD813DF9BC433DB23D7A3CBEBDAFBD8C3CEBBD853DFCBCBEBD9A3D813CDB3D413B3B3D853D663D5BBDC6BDF1BBDF3D983D22BD2CBDA83D9A3D5A3DD0BDDEBDA73DCD3DD83D793D35BD3BBCDA3D83BB8DBD523DA4BD063D5CBDADBC5E3D66BD1FBACDBD9A3C23BD373DBC3D98BDE43D453DD83D123C90BDBBBDC53D8BBD98BD22BDF1BD15B84139A33C7EBB8BBDCD3D5DBDD1BDB43DC3BDB0BDE1BD873DE03CB63D953D8CBDDF3C133C8B3D5BBDC93DD1BC8BBD50BC693D8B3CC13D183DD43D183DF1BD02BC09BDCA3DD13D053D66BD29BD9BBDD3BD78BDBC3D443DAB3CD03D2DBDDB3D93BD9F3C07BD553D113D6A3DC23CC3BD893DE83C583DC5BDE6BD913DA23D6FBD1FBD303DA4BCB0BDC9BD173DD73DE03D7DBDC43D20BA013DC7BD8BBCD4BB6B3CCD3C1F3B5FBB873C84BDAE3D91BDCE3CB6BDF13CD23D",
      torch_tensor_16_torch.bfloat16_7: "0x02000000183FDABE59BF243FB03E2ABE623E63BC143F9FBE0D3FC3BEA6BEA03E08BF5ABE",
      torch_tensor_16_torch.bfloat16_6: "0x020000005D3FAC3FCF3FD73FA03F143FA43FB73FF03F1F3FAD3F933FD13F2F3FB93FA03F",
      torch_tensor_16_torch.bfloat16_5: "0x02000000B83FFC3F403FC63F9F3F0C3FB33F263F393FF83F193F023F833F4A3FD83F623F",
      torch_tensor_16_torch.bfloat16_4: "0x02000000353E84BF163E82BF433C3FBF98BE7FBF13BE74BF00BF82BE80BF87BECF3E4CBF",
      torch_tensor_16_4_1_1_torch.bfloat16: "0x02000000453EC9BE44BEE2BEF63E393E50BEDA3E753EE1BE65BEDC3E80BE0F3ECD3C6FBD153E013ECA3D79BCA2BE96BD89BEAC3E84BDCFBEA53E7EBE893EFABE6F3EE53DA4BE193E303DC1BC083E1DBE59BE76BEEC3E50BE86BE4E3DA83ECE3E863E9CBE9CBBCA3E7D3E34BEDBBDB53EE43EC53EDF3D913E8A3E6E3E32BE4C3E7EBDAC3E",
      torch_tensor_16_torch.bfloat16_3: "0x020000000F3F84BF92BD67BE4C3FF83EA53EADBE58BE993E1ABEC53E3E3FED3E7BBFF53E",
      torch_tensor_16_torch.bfloat16_2: "0x02000000893FAE3FC23FA13F4A3F983FBF3F7D3F643F563F293F683F4C3F843FB73FAE3F",
      torch_tensor_16_torch.bfloat16_1: "0x020000000040DC3FFE3F493F3E3FE83F8C3F863F813F5D3F8C3FA93FAC3F843FE03FDB3F",
      torch_tensor_16_torch.bfloat16: "0x0200000011BE213FCDBE31BF86BE69BF10BFEABE653EE0BEE1BECFBEA93C763E253F1BBE",
      torch_tensor_16_4_3_3_torch.bfloat16: "0x02000000E33C163DD43D4BBD68BDD13D843D353DDDBDABBD02BE963DA6BDD23D02BE1BBEAFBDF63DAD3DEFBD183D0DBEFDBD9DBDB43DAF3C19BD563D033DBF3D8A3DDDBB8D3B4DBD0B3EE03D20BE4BBD0ABC8F3D44BD1A3E20BC173EF2BDE33D423DEC3D623D21BE493DA7BD68BD0CBE2D3D21BDBFBC02BE0B3E023E87BD553B0ABE54BDF33DDE3D533DD2BDA13D4FBD84BCEC3C18BEEEBB9FBDA8BD153D40BD533D633D21BEE53B153ED4BDAD3D1ABE723DF7BD043E05BEC63B1F3EA63DD1BC973D273D52BD31BD4DBD1EBEDDBD3CBCB53D09BEF63D193EBEBD933DE53DABBDA93D1A3E003E20BE58BC4CBC9B3D9F3CCEBD1DBE32BDEDBBE2BD813D59BD56BDB2BDE4BDDD3D033E7ABCB0BD82BB08BD9B3D19BDB9BDD93D4ABDFD3D113CC73D1EBC1CBDC43BC4BC793CA23C9B3D523B52BC073CB53C1E3E393D173E8C3DEB3DEBBDF13DB9BD553C163E85BBB63D7FBCECBD063EBEBD273ECFBC8FBD0EBECA3D0BBEC1BC43BC883D90BD293DF8BD8A3D42BDBF3D183E183EF3BD17BE733DDCBDC5BC9C3DBB3DE3BCD83D98BD04BDBC3DF23C183EB63DFD3D393D4CBB17BD063E673B5F3CDBBDFBBB5A3C333DAF3D883D23BE0DBEEA3D24BEB23D933B733DFEBD603DABBD293E87BD04BD6A3B353D91BD183EC2BD8DBC573D26BE0BBED23D283EA83DBFBD1E3D24BE373CF3BD4EBDD23D1A3E6BBDE73D1CBE8F3C8B3DCBBDC83D053EEA3CC13D0C3E1E3DA73D9EBCF53A583D223E0CBE023E2C3DC3BD913D293C52BD1B3E0C3D06BE113E93BDD63DCB3DFCBC1D3EB1BBEF3DC43DCBBDF33D2BBDCEBCC23D413D273EE63D673C263E6CBDFEBD85BDC8BD49BC83BD07BECC3B9DBD34BB69BDA7BD273EBD3C91BCF9BC0D3E03BEFA3D2A3E6EBDB6BD953D173E32BC103E2BBD28BEAA3D233E30BD0EBD173D193E193EC7BDF83D9CBD40BD0E3DFA3DC2BDC43CD8BD16BEABBD42BDE6BD00BE07BDE53C34BDF23C94BD1BBE0CBD11BED23D0BBE1C3EEDBD883DBC3DF4BDEF3B243E283E19BE043DE93D8CBDA23D8CBD033ED23D90BD1C3E063DA7BCC53D2F3D16BD75BD093EB3BD01BE39BDBABD4D3D283C233DFCBDA83D0B3EA8BC213EC33D00BEA6BC87BDE63CCC3D0BBE273EC5BD14BE0BBC803D213E303D023D11BE0ABEAE3DEABD9CBD4A3D0CBE8C3D3F3DF13DA83DFFBD7E3D143E553DC73D10BE2C3D213E3FBD9A3D823DE63CBF3D4F3D20BEA5BC9BBDC63DADBD9CBD5B3D083C3EBDCBBDBF3BB83DD03A8CBD13BEAEBD9DBD1B3EB8BD9DBC26BDA3BD173E1EBCEABDE7BC093E0BBD1CBECEBD75BC833D883C8D3DF5BD4F3D583DE1BD4E3CE73D0A3D96BCC23D143E82BC0A3E6DBD073E0DBE14BECFBDCA3DED3C1B3E093E0E3EEBBD44BDE6BCF23D23BD1EBEA73D923D193E80BD4E3D27BE1C3D97BD243DE0BDB3BD3BBD8B3B13BDD93D8E3D32BD323D203EADBD0BBD983D253C17BEB2BD193E3FBC273EC13D81BD093DE93DFDBD4B3D1C3C24BC0CBED5BD953DF3BDC6BD9FBD813C5C3C6EBDF93B203E41BDE83CE9BD8F3A053E013D22BE363B01BD52BD1A3EFF3DFBBDE43D233D17BEB23DE9BD58BDCD3C16BAD6BDDDBB273E3D3DCE3D04BE163E5BBC583D29BEFD3DAE3C1ABD1D3EF03D8D3C6E3C"
    }
  }
#-}
