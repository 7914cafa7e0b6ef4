#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @main(%arg0: tensor<2x3x16x16xf16>) -> tensor<2x10xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 0xFC00 : f16
    %cst_3 = arith.constant dense_resource<torch_tensor_10_torch.float16> : tensor<10xf16>
    %cst_4 = arith.constant dense_resource<torch_tensor_10_8_torch.float16> : tensor<10x8xf16>
    %cst_5 = arith.constant dense_resource<torch_tensor_8_torch.float16_11> : tensor<8xf16>
    %cst_6 = arith.constant dense_resource<torch_tensor_8_torch.float16_10> : tensor<8xf16>
    %cst_7 = arith.constant dense_resource<torch_tensor_8_torch.float16_9> : tensor<8xf16>
    %cst_8 = arith.constant dense_resource<torch_tensor_8_torch.float16_8> : tensor<8xf16>
    %cst_9 = arith.constant dense_resource<torch_tensor_8_8_3_3_torch.float16_1> : tensor<8x8x3x3xf16>
    %cst_10 = arith.constant dense_resource<torch_tensor_8_torch.float16_7> : tensor<8xf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_8_torch.float16_6> : tensor<8xf16>
    %cst_12 = arith.constant dense_resource<torch_tensor_8_torch.float16_5> : tensor<8xf16>
    %cst_13 = arith.constant dense_resource<torch_tensor_8_torch.float16_4> : tensor<8xf16>
    %cst_14 = arith.constant dense_resource<torch_tensor_8_8_3_3_torch.float16> : tensor<8x8x3x3xf16>
    %cst_15 = arith.constant dense_resource<torch_tensor_8_torch.float16_3> : tensor<8xf16>
    %cst_16 = arith.constant dense_resource<torch_tensor_8_torch.float16_2> : tensor<8xf16>
    %cst_17 = arith.constant 1.000000e-05 : f64
    %cst_18 = arith.constant dense_resource<torch_tensor_8_torch.float16_1> : tensor<8xf16>
    %cst_19 = arith.constant dense_resource<torch_tensor_8_torch.float16> : tensor<8xf16>
    %cst_20 = arith.constant dense_resource<torch_tensor_8_3_3_3_torch.float16> : tensor<8x3x3x3xf16>
    %cst_21 = arith.constant 6.400000e+01 : f16
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<2x3x16x16xf16> to tensor<2x3x18x18xf16>
    %0 = tensor.empty() : tensor<2x8x16x16xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %cst_20 : tensor<2x3x18x18xf16>, tensor<8x3x3x3xf16>) outs(%1 : tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %3 = tensor.empty() : tensor<2x8x16x16xf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x8x16x16xf32>) outs(%3 : tensor<2x8x16x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %65 = arith.truncf %in : f32 to f16
      linalg.yield %65 : f16
    } -> tensor<2x8x16x16xf16>
    %5 = tensor.empty() : tensor<8xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_19 : tensor<8xf16>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %65 = arith.extf %in : f16 to f32
      linalg.yield %65 : f32
    } -> tensor<8xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_18 : tensor<8xf16>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %65 = arith.extf %in : f16 to f32
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
    %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %expanded : tensor<2x8x16x16xf16>, tensor<8x1x1xf32>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f16, %in_35: f32, %out: f32):
      %65 = arith.extf %in : f16 to f32
      %66 = arith.subf %65, %in_35 : f32
      linalg.yield %66 : f32
    } -> tensor<2x8x16x16xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11, %expanded_22 : tensor<2x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %65 = arith.mulf %in, %in_35 : f32
      linalg.yield %65 : f32
    } -> tensor<2x8x16x16xf32>
    %expanded_23 = tensor.expand_shape %cst_16 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %13 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_23 : tensor<2x8x16x16xf32>, tensor<8x1x1xf16>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f16, %out: f32):
      %65 = arith.extf %in_35 : f16 to f32
      %66 = arith.mulf %in, %65 : f32
      linalg.yield %66 : f32
    } -> tensor<2x8x16x16xf32>
    %expanded_24 = tensor.expand_shape %cst_15 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %14 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %expanded_24 : tensor<2x8x16x16xf32>, tensor<8x1x1xf16>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f16, %out: f32):
      %65 = arith.extf %in_35 : f16 to f32
      %66 = arith.addf %in, %65 : f32
      linalg.yield %66 : f32
    } -> tensor<2x8x16x16xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<2x8x16x16xf32>) outs(%3 : tensor<2x8x16x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %65 = arith.truncf %in : f32 to f16
      linalg.yield %65 : f16
    } -> tensor<2x8x16x16xf16>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15 : tensor<2x8x16x16xf16>) outs(%3 : tensor<2x8x16x16xf16>) {
    ^bb0(%in: f16, %out: f16):
      %65 = arith.cmpf ugt, %in, %cst : f16
      %66 = arith.select %65, %in, %cst : f16
      linalg.yield %66 : f16
    } -> tensor<2x8x16x16xf16>
    %padded_25 = tensor.pad %16 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<2x8x16x16xf16> to tensor<2x8x18x18xf16>
    %17 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_25, %cst_14 : tensor<2x8x18x18xf16>, tensor<8x8x3x3xf16>) outs(%1 : tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17 : tensor<2x8x16x16xf32>) outs(%3 : tensor<2x8x16x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %65 = arith.truncf %in : f32 to f16
      linalg.yield %65 : f16
    } -> tensor<2x8x16x16xf16>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_13 : tensor<8xf16>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %65 = arith.extf %in : f16 to f32
      linalg.yield %65 : f32
    } -> tensor<8xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_12 : tensor<8xf16>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %65 = arith.extf %in : f16 to f32
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
    %24 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %expanded_26 : tensor<2x8x16x16xf16>, tensor<8x1x1xf32>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f16, %in_35: f32, %out: f32):
      %65 = arith.extf %in : f16 to f32
      %66 = arith.subf %65, %in_35 : f32
      linalg.yield %66 : f32
    } -> tensor<2x8x16x16xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24, %expanded_27 : tensor<2x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %65 = arith.mulf %in, %in_35 : f32
      linalg.yield %65 : f32
    } -> tensor<2x8x16x16xf32>
    %expanded_28 = tensor.expand_shape %cst_11 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %26 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %expanded_28 : tensor<2x8x16x16xf32>, tensor<8x1x1xf16>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f16, %out: f32):
      %65 = arith.extf %in_35 : f16 to f32
      %66 = arith.mulf %in, %65 : f32
      linalg.yield %66 : f32
    } -> tensor<2x8x16x16xf32>
    %expanded_29 = tensor.expand_shape %cst_10 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %27 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %expanded_29 : tensor<2x8x16x16xf32>, tensor<8x1x1xf16>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f16, %out: f32):
      %65 = arith.extf %in_35 : f16 to f32
      %66 = arith.addf %in, %65 : f32
      linalg.yield %66 : f32
    } -> tensor<2x8x16x16xf32>
    %28 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27 : tensor<2x8x16x16xf32>) outs(%3 : tensor<2x8x16x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %65 = arith.truncf %in : f32 to f16
      linalg.yield %65 : f16
    } -> tensor<2x8x16x16xf16>
    %29 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28 : tensor<2x8x16x16xf16>) outs(%3 : tensor<2x8x16x16xf16>) {
    ^bb0(%in: f16, %out: f16):
      %65 = arith.cmpf ugt, %in, %cst : f16
      %66 = arith.select %65, %in, %cst : f16
      linalg.yield %66 : f16
    } -> tensor<2x8x16x16xf16>
    %padded_30 = tensor.pad %29 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<2x8x16x16xf16> to tensor<2x8x18x18xf16>
    %30 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_30, %cst_9 : tensor<2x8x18x18xf16>, tensor<8x8x3x3xf16>) outs(%1 : tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %31 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%30 : tensor<2x8x16x16xf32>) outs(%3 : tensor<2x8x16x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %65 = arith.truncf %in : f32 to f16
      linalg.yield %65 : f16
    } -> tensor<2x8x16x16xf16>
    %32 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_8 : tensor<8xf16>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %65 = arith.extf %in : f16 to f32
      linalg.yield %65 : f32
    } -> tensor<8xf32>
    %33 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_7 : tensor<8xf16>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %65 = arith.extf %in : f16 to f32
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
    %37 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%31, %expanded_31 : tensor<2x8x16x16xf16>, tensor<8x1x1xf32>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f16, %in_35: f32, %out: f32):
      %65 = arith.extf %in : f16 to f32
      %66 = arith.subf %65, %in_35 : f32
      linalg.yield %66 : f32
    } -> tensor<2x8x16x16xf32>
    %38 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%37, %expanded_32 : tensor<2x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f32, %out: f32):
      %65 = arith.mulf %in, %in_35 : f32
      linalg.yield %65 : f32
    } -> tensor<2x8x16x16xf32>
    %expanded_33 = tensor.expand_shape %cst_6 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %39 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %expanded_33 : tensor<2x8x16x16xf32>, tensor<8x1x1xf16>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f16, %out: f32):
      %65 = arith.extf %in_35 : f16 to f32
      %66 = arith.mulf %in, %65 : f32
      linalg.yield %66 : f32
    } -> tensor<2x8x16x16xf32>
    %expanded_34 = tensor.expand_shape %cst_5 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %40 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %expanded_34 : tensor<2x8x16x16xf32>, tensor<8x1x1xf16>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_35: f16, %out: f32):
      %65 = arith.extf %in_35 : f16 to f32
      %66 = arith.addf %in, %65 : f32
      linalg.yield %66 : f32
    } -> tensor<2x8x16x16xf32>
    %41 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40 : tensor<2x8x16x16xf32>) outs(%3 : tensor<2x8x16x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %65 = arith.truncf %in : f32 to f16
      linalg.yield %65 : f16
    } -> tensor<2x8x16x16xf16>
    %42 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16, %41 : tensor<2x8x16x16xf16>, tensor<2x8x16x16xf16>) outs(%3 : tensor<2x8x16x16xf16>) {
    ^bb0(%in: f16, %in_35: f16, %out: f16):
      %65 = arith.addf %in, %in_35 : f16
      linalg.yield %65 : f16
    } -> tensor<2x8x16x16xf16>
    %43 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42 : tensor<2x8x16x16xf16>) outs(%3 : tensor<2x8x16x16xf16>) {
    ^bb0(%in: f16, %out: f16):
      %65 = arith.cmpf ugt, %in, %cst : f16
      %66 = arith.select %65, %in, %cst : f16
      linalg.yield %66 : f16
    } -> tensor<2x8x16x16xf16>
    %44 = tensor.empty() : tensor<2x8x8x8xf16>
    %45 = linalg.fill ins(%cst_2 : f16) outs(%44 : tensor<2x8x8x8xf16>) -> tensor<2x8x8x8xf16>
    %46 = tensor.empty() : tensor<2x2xf16>
    %47 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%43, %46 : tensor<2x8x16x16xf16>, tensor<2x2xf16>) outs(%45 : tensor<2x8x8x8xf16>) -> tensor<2x8x8x8xf16>
    %48 = tensor.empty() : tensor<2x8x1x1xf16>
    %49 = linalg.fill ins(%cst : f16) outs(%48 : tensor<2x8x1x1xf16>) -> tensor<2x8x1x1xf16>
    %50 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%47 : tensor<2x8x8x8xf16>) outs(%49 : tensor<2x8x1x1xf16>) {
    ^bb0(%in: f16, %out: f16):
      %65 = arith.addf %in, %out : f16
      linalg.yield %65 : f16
    } -> tensor<2x8x1x1xf16>
    %51 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%50 : tensor<2x8x1x1xf16>) outs(%48 : tensor<2x8x1x1xf16>) {
    ^bb0(%in: f16, %out: f16):
      %65 = arith.divf %in, %cst_21 : f16
      linalg.yield %65 : f16
    } -> tensor<2x8x1x1xf16>
    %collapsed = tensor.collapse_shape %51 [[0], [1, 2, 3]] : tensor<2x8x1x1xf16> into tensor<2x8xf16>
    %52 = tensor.empty() : tensor<8x10xf16>
    %transposed = linalg.transpose ins(%cst_4 : tensor<10x8xf16>) outs(%52 : tensor<8x10xf16>) permutation = [1, 0] 
    %53 = tensor.empty() : tensor<10xf32>
    %54 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_3 : tensor<10xf16>) outs(%53 : tensor<10xf32>) {
    ^bb0(%in: f16, %out: f32):
      %65 = arith.extf %in : f16 to f32
      linalg.yield %65 : f32
    } -> tensor<10xf32>
    %55 = tensor.empty() : tensor<2x8xf32>
    %56 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<2x8xf16>) outs(%55 : tensor<2x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %65 = arith.extf %in : f16 to f32
      linalg.yield %65 : f32
    } -> tensor<2x8xf32>
    %57 = tensor.empty() : tensor<8x10xf32>
    %58 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<8x10xf16>) outs(%57 : tensor<8x10xf32>) {
    ^bb0(%in: f16, %out: f32):
      %65 = arith.extf %in : f16 to f32
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
    %63 = tensor.empty() : tensor<2x10xf16>
    %64 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%62 : tensor<2x10xf32>) outs(%63 : tensor<2x10xf16>) {
    ^bb0(%in: f32, %out: f16):
      %65 = arith.truncf %in : f32 to f16
      linalg.yield %65 : f16
    } -> tensor<2x10xf16>
    return %64 : tensor<2x10xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_10_torch.float16: "0x020000001DB41CACC5B01BB4D1AF863408B50FA74B353633",
      torch_tensor_10_8_torch.float16: "0x02000000D326F13463B2C7B35CB425AA0B35862C41A827AB25AEE2B04F3564B004B0C2AFF334E5B28E35771BBCB00633B6340FAF7232B0B2C8B071333635C6B455B323B4D2A7EBA83233992D4DB475A6ACB294282C2F2CB5A73504329CB507B1FD34F82573B473B11DB5DE2EB1B15835612EEFB1163465AC89B398B42FB1B930242DEDAEDBAFB6ADA5B33C3506B53EA9342A7B16E9A37DB4E9B04AB22735E7AE10B4E4B3",
      torch_tensor_8_torch.float16_11: "0x02000000A038E331AF0E2438B036FC34A03975B5",
      torch_tensor_8_torch.float16_10: "0x02000000A93C543C5C39523E913A283FE63CAD39",
      torch_tensor_8_torch.float16_9: "0x02000000A339DE3DD33BE93822396E3DD839A03E",
      torch_tensor_8_torch.float16_8: "0x02000000F0B11FB950BAAABA13B54339AC358DB0",
      torch_tensor_8_8_3_3_torch.float16_1: "0x02000000FEAA44283C2622AE96AB92A4F42E23AF01AF612AD82855A1FFAD71AB382D072FA125882FFB2D41A0B1AC1EAC6CA828AE7C2F441B3AAF96ABE3A81CAE79A6E1ACBBA7A1AD309B2CAD082A2D2759A08B2C4D2BC59EAA18FA297AAEDB25E220E3990BA879ABCE282DADD72935AE07288C213CABFCAA25A802AB22A8EDA6132E561CA12EF0A5E3ADDFA6142C1CAD072E76A1E12DB5A7A5AE80AC94216DAD9B2E4E2E36A7962D832836A173AF66AEBEAD509FC02DCB27E7A4A32CB52A31ADB7261020232A3F227EA8DCAADC2DC928DB2CE02D292A05AE3323872C45A8C62D1CAB0AAF842FDE2C2F2EA32C6AAEA328F52E47AC17252F28B2AE19228F29E89942AEB02B41AEBA28661D9E1D63ADD3A96EA802ABBCA90E233E2F3CAA88AE2328C32E6BAFA02E732D9B28732CC8ACDFAEDB2E762BF3AC4BAD0A28F12C9B2E98236A2CE42956298EAB77AD532F4326C8AE94A9FD211025A4AD972EF5AE642BABAA57ADAC2A3BA7FFA954A263A9062F1BAF2CA953A332A8A1ACFF23DF18CB2CF4282A2D54AD4B2E50AA28968E293CA600A8DB2A6F2DE8AC582CFF2C452AD9280D2C252F202DB21B26ADE79956ACA72E7BA85A20622A3F292FAEDEAC28258AADDF29FF27DFA9F7ADA02436AC3D2FDF2CD42C0E2BE229A9AD2E2F2AA65F2CED2ECD2577ADBA9D64AC24AE642DB2A90F2E63AC402A10A0B8A25B2CD4AE4E2E30A6D02A7AACDEAB999938A722AA152C96A231AAE5A2C22E2FAE05A5B8A4582B382EBCAC97A505AF94ADA82992A2962DBEA1E3AAFAA86422D52CF120E2264CA9BB2917ADB02C339D562EAEAB652FCB2C17AE7AA8962E2029462E54A671AA012D87A8D72E682C822FB02D7BA85D2EDAAD612F0F8DE0AA68280C2CAA1D5C2D4AA069AFDD2C5C143C2C73ABED2CAA2962AC03AF059CA0258DAC02A881A694AE52AAEEABB21D7C2F942CA42B8B2ECE20362630AC342CD72B6C27A1ACAC276F23802CB3A1C42E3DA5712C0126DBADB929C3AE6CAEC32DA8ACEFACE0A7372E722F04AA30AC8EAC1DAB32AFE1AAE12684A845AFA9A3E52EA0261129CBADD1ADFCAC68A8FBA277AA2929D02C96A7F1AE21AA852E24AE69A96F2AF9A61B2F97A8652D122CDCAE432FBBAC9A2CC2AC93A9262A6AA513AD372D6F2866183B2EDD29E12E33026EAE642C02AE74291E97F89EB6AA72AC88AEFA26E8A482ACA32E2C2D82260B28DEA3912D48AF96AC572D5A2D1D9D75A8F92A462D99A98C2B462BBE228CAC5225C7A42A287CADBA29A22E58AB822D9A2A58A486ACC12BA5AD502C1BAEFEAB1022AD2BF9AE2228699864ACEAA7EE2D64ADEBAA8A2528AEBB220228D628C729A02E9D21DF2EEBAADC22CAAC5EAFEE23E79F00ACF1AABBAD00265E2DD6AA8F2EF5AD20AE712FED2818ACA1AB9F9A09AE652CB7A8DB2E822DCC2DDCAEDD2BA1AC32ABA82CA0AEEFA8952A88ABB22E152D49AD952550AF652C83A7A627AEA9BD2D10248FAD57AF67AA67A10BA802A5C8AB6099D02AF6AA59A6C6A2862D8C9EC3A8A82CDA25302A21AB47AA662B5B2CC5286C281C1320AE8D2414273B2C08247B2FDFA2A82CACAE88A4DEACA508B8AE1CABF62D2B2AB92D402A992C14AC7D2921AF84AD0EAF792CB228B4AC",
      torch_tensor_8_torch.float16_7: "0x02000000A1B2C931FC2EA8B9DD3619308C34E72A",
      torch_tensor_8_torch.float16_6: "0x02000000C23DE63FD53DE43EB338023DD53FF33C",
      torch_tensor_8_torch.float16_5: "0x02000000F83D913B2F3BF93C683D413A8338983F",
      torch_tensor_8_torch.float16_4: "0x02000000BE372E33811E6BB9172447B9103873BA",
      torch_tensor_8_8_3_3_torch.float16: "0x020000003924AA2D942B68A4AC2CBF175AAF1D2E72ACB3ADF8A65D27EF2D77AF0FAF07AD68AC6A2F7C97792D4128682CD2AB912A7A293129AAAD33A9682E9AA67BAD63AE1FA6FB2A73A8612D6E2A09AE0115E02EB12C6BA999ADD6273E2B36A66FAE492F4A2B82AF501DC8A6FF2EF72BFF2773A890ADB8281A2A2A19A12E542C4EAEA79EBAAA919D80216923A02C332D671EAAA982ABD12B7629642E5CAEC2AD83ACA82ADD2DDDA050AECD247DAED22CA9AD62245F15982B3AADC52AB31A5F231EAD202F72A565AC3AA87BA8802F862D4310442F97911723752587A1B5AD7D28B0A0F5292C2C762D07280F1E7FAA102FADAEE3AB8D233E2B602CABAE3E2947AE582D69AE5B25F7246FA6D62A332D41295426642F202F32ADCA2E992E560E092918AAE0A9F924B8AADB27612A6A2C61ADA5AB44A5092A14AA21AB1EA72529F51C93A7AA27A8AD3CAF432CBF2E519CE12B4F2D782EAB20A4A13CAF1BA046A82F9B372FE7A81EAEDD2EB81DE4AC4D1DBD97FF28F82E22AC64ACD99F2F2C832FD7AC31AB03A039AE88A1B82DD52E782DE8A471ABF02D66A83C1CF72EC9A09F2D56AC18177D2FC408E8AC67265BAB202C802D5CA58C2C312E412D782C0AAF30AE0B2EAA29EAAD792E0A20CEAE0FAA5CAE4AA9B2A128A138A407A2242E432DECAE0B27BBABB3A5EAA9A0AB13AC76AFC3A9D8A5EFAEC628FCAB54A8102A432F392B98AD752D1EA28229A4AC0F2FD1ACBD2C522EE121D82D7F2C8DA4A1231219E2A4AFAE432C35AF81297DA9A81F39A64FACAAA9CDAE7FACD42B3A2E2AAFE2A6692132AC9825A3A2FC2431AC80AE4CA2242D902EFC2D621EB02D29AA7C2DAE24B7ADF3A8B72E8EA975AF482FB328B126ACAAD32E342E1BAE9E2AEA2EBAAD5C286AAA5C2D2D2DC42BFEA71C2E36A7012D222B35AEC2ACDFA031AEC8A7152CD22EC6A039A7B0AD94285124702A61AEE51DABAA42AC7F2B2DAE82AC8E2DEFAC152D81A928ADCB9FA4ACEA275E2DB7AD1BAD3EA5F11B882EED2D15ACEC2C5D2CC7ADAB2C452F10A7832E282F94273719432E372D2D2FD6AC25299B2CE9AC222519AC70AD692F1DAEE7AE482E762CC826742D4E1BD1A876A4A62536AFD8AE6CA9D922FE2C1CAB5BAEC6AE0D98B8ACA1A6DEACCC2A09A945ADC428AF9CB52C851E3E2A0A2938AC072E762578A44524D02E902D622E4BAC61A7B8261BA4AEA5AD2D0CACEDAA5624EAAA49AC08AE152D84AB91A3E72C3CAF4D96F7AA6CAD8A23A428E52C872FF1286398FAAB3DA8DEAEE8AEC6AD482D692AEB2E332D412D3E26A22B6A29FFADFBAD0D2EBB2CCCA74EAC4BADCAADD3A80D21071B8E295823C727A72DC026DD9F6E2B39297B2A12A885AF4FA91C2E2AA991AB73AAA12CF72E2EAF39A9FB2DBA26CD2CF7AD812C88ABB3AC03AA83AD7D28112DEBAC66299AAD252C34A11620F6AD8629BC2954A982AAE82D5E2DAEAB5E296BAA1CAF489D6AAE20AB85A0D3AC632C77A8E5AD16256E2708A8B3ADB72A17A932AA1A2E40AC4C2C161588A6B6AC4C2FE8214E2403AE592DE194BA2A1E2D32276A2C04AB512A2B2A9B2B04A9392C962E60AB59A2C9A1972B37A3DD26C1A9BF28762C0326532FB52E5CAD3BAD06AE38A6ED2B41AA63A7",
      torch_tensor_8_torch.float16_3: "0x020000009DBBC3AC66B3E8AEA839F737BD374435",
      torch_tensor_8_torch.float16_2: "0x02000000ED3D7138063B713CB43EAC3ECB3A9738",
      torch_tensor_8_torch.float16_1: "0x02000000FF3C1D3CDB3F833C5B3F0D3C1B3B373E",
      torch_tensor_8_torch.float16: "0x02000000BBAAA3346FB857BB07AFA73E04209B34",
      torch_tensor_8_3_3_3_torch.float16: "0x02000000FEA42A2F173281AAC830F2313D2F0E2E33B1B1AD15ADFF31D1273CB178B14BB178B070AF8FAE94300EADAA31A2A9FAB085AC76AD3CB0BFB1DE1EC8B017AB7AAA1DAF779FC6B001AC7331B231F023BA297831EA31CEADCA27E0A839B07731E2303F201431942A1130382DD42D662C2E2E6931D12CDBAF882C26321B31C52FABAC15327F28A0AE679F7930A8B1A5A99730CAAAF9ACA4AA092CC1B03C26552A812AFC9B102ED1A1C730143041B0D0A8CA30F1A489AB2BA2A9A94CAC732930312427ED2EC13002B061B043A7572BFAA5C6AD3DB0C11D95304020DE31D4ADB031E5AFE53061252032DC3137AC35A3B0AA7B2912AEB9A977AF802FDE306C25FF9D9EB09CB1C0B08FB011B1C62DB3B0E72D19305F92D629B02F96B152311132E031CFAC902F88ACAA2726312929812C8FAAD9AD06318FB14F28C4A4F0AA04B253AF08AF6D27CE2C99B1BDACDFB13630A8B197A608A7C1AE6D30452D6D2E573027AEF62DFA30A8A908A4A9240CB23EA5E5A57AB081306BB1EFAC412FA427FE2C3E20BBB16CB02CAC26B0ACAFF9AB7D31C630F328E7AF6CAF08321B269425FBAE4AAE0E2E3AA425A511AE90B0F3AF10B2A4313B27"
    }
  }
#-}
