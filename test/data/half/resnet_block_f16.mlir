#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  func.func @main(%arg0: tensor<2x3x16x16xf16>) -> tensor<2x13x8x8xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant dense_resource<torch_tensor_13_torch.float16_11> : tensor<13xf16>
    %cst_3 = arith.constant dense_resource<torch_tensor_13_torch.float16_10> : tensor<13xf16>
    %cst_4 = arith.constant dense_resource<torch_tensor_13_torch.float16_9> : tensor<13xf16>
    %cst_5 = arith.constant dense_resource<torch_tensor_13_torch.float16_8> : tensor<13xf16>
    %cst_6 = arith.constant dense_resource<torch_tensor_13_3_1_1_torch.float16> : tensor<13x3x1x1xf16>
    %cst_7 = arith.constant dense_resource<torch_tensor_13_torch.float16_7> : tensor<13xf16>
    %cst_8 = arith.constant dense_resource<torch_tensor_13_torch.float16_6> : tensor<13xf16>
    %cst_9 = arith.constant dense_resource<torch_tensor_13_torch.float16_5> : tensor<13xf16>
    %cst_10 = arith.constant dense_resource<torch_tensor_13_torch.float16_4> : tensor<13xf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_13_13_3_3_torch.float16> : tensor<13x13x3x3xf16>
    %cst_12 = arith.constant dense_resource<torch_tensor_13_torch.float16_3> : tensor<13xf16>
    %cst_13 = arith.constant dense_resource<torch_tensor_13_torch.float16_2> : tensor<13xf16>
    %cst_14 = arith.constant 1.000000e-05 : f64
    %cst_15 = arith.constant dense_resource<torch_tensor_13_torch.float16_1> : tensor<13xf16>
    %cst_16 = arith.constant dense_resource<torch_tensor_13_torch.float16> : tensor<13xf16>
    %cst_17 = arith.constant dense_resource<torch_tensor_13_3_3_3_torch.float16> : tensor<13x3x3x3xf16>
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<2x3x16x16xf16> to tensor<2x3x18x18xf16>
    %0 = tensor.empty() : tensor<2x13x8x8xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<2x13x8x8xf32>) -> tensor<2x13x8x8xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %cst_17 : tensor<2x3x18x18xf16>, tensor<13x3x3x3xf16>) outs(%1 : tensor<2x13x8x8xf32>) -> tensor<2x13x8x8xf32>
    %3 = tensor.empty() : tensor<2x13x8x8xf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x13x8x8xf32>) outs(%3 : tensor<2x13x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %43 = arith.truncf %in : f32 to f16
      linalg.yield %43 : f16
    } -> tensor<2x13x8x8xf16>
    %5 = tensor.empty() : tensor<13xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_16 : tensor<13xf16>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: f16, %out: f32):
      %43 = arith.extf %in : f16 to f32
      linalg.yield %43 : f32
    } -> tensor<13xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_15 : tensor<13xf16>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: f16, %out: f32):
      %43 = arith.extf %in : f16 to f32
      linalg.yield %43 : f32
    } -> tensor<13xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%7 : tensor<13xf32>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = arith.truncf %cst_14 : f64 to f32
      %44 = arith.addf %in, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<13xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%8 : tensor<13xf32>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = math.sqrt %in : f32
      linalg.yield %43 : f32
    } -> tensor<13xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%9 : tensor<13xf32>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %43, "unimplemented: tensor with zero element"
      %44 = arith.divf %cst_1, %in : f32
      linalg.yield %44 : f32
    } -> tensor<13xf32>
    %expanded = tensor.expand_shape %6 [[0, 1, 2]] output_shape [13, 1, 1] : tensor<13xf32> into tensor<13x1x1xf32>
    %expanded_18 = tensor.expand_shape %10 [[0, 1, 2]] output_shape [13, 1, 1] : tensor<13xf32> into tensor<13x1x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %expanded : tensor<2x13x8x8xf16>, tensor<13x1x1xf32>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f16, %in_30: f32, %out: f32):
      %43 = arith.extf %in : f16 to f32
      %44 = arith.subf %43, %in_30 : f32
      linalg.yield %44 : f32
    } -> tensor<2x13x8x8xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11, %expanded_18 : tensor<2x13x8x8xf32>, tensor<13x1x1xf32>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %43 = arith.mulf %in, %in_30 : f32
      linalg.yield %43 : f32
    } -> tensor<2x13x8x8xf32>
    %expanded_19 = tensor.expand_shape %cst_13 [[0, 1, 2]] output_shape [13, 1, 1] : tensor<13xf16> into tensor<13x1x1xf16>
    %13 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_19 : tensor<2x13x8x8xf32>, tensor<13x1x1xf16>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f32, %in_30: f16, %out: f32):
      %43 = arith.extf %in_30 : f16 to f32
      %44 = arith.mulf %in, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<2x13x8x8xf32>
    %expanded_20 = tensor.expand_shape %cst_12 [[0, 1, 2]] output_shape [13, 1, 1] : tensor<13xf16> into tensor<13x1x1xf16>
    %14 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %expanded_20 : tensor<2x13x8x8xf32>, tensor<13x1x1xf16>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f32, %in_30: f16, %out: f32):
      %43 = arith.extf %in_30 : f16 to f32
      %44 = arith.addf %in, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<2x13x8x8xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<2x13x8x8xf32>) outs(%3 : tensor<2x13x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %43 = arith.truncf %in : f32 to f16
      linalg.yield %43 : f16
    } -> tensor<2x13x8x8xf16>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15 : tensor<2x13x8x8xf16>) outs(%3 : tensor<2x13x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %43 = arith.cmpf ugt, %in, %cst : f16
      %44 = arith.select %43, %in, %cst : f16
      linalg.yield %44 : f16
    } -> tensor<2x13x8x8xf16>
    %padded_21 = tensor.pad %16 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<2x13x8x8xf16> to tensor<2x13x10x10xf16>
    %17 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_21, %cst_11 : tensor<2x13x10x10xf16>, tensor<13x13x3x3xf16>) outs(%1 : tensor<2x13x8x8xf32>) -> tensor<2x13x8x8xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17 : tensor<2x13x8x8xf32>) outs(%3 : tensor<2x13x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %43 = arith.truncf %in : f32 to f16
      linalg.yield %43 : f16
    } -> tensor<2x13x8x8xf16>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_10 : tensor<13xf16>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: f16, %out: f32):
      %43 = arith.extf %in : f16 to f32
      linalg.yield %43 : f32
    } -> tensor<13xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_9 : tensor<13xf16>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: f16, %out: f32):
      %43 = arith.extf %in : f16 to f32
      linalg.yield %43 : f32
    } -> tensor<13xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%20 : tensor<13xf32>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = arith.truncf %cst_14 : f64 to f32
      %44 = arith.addf %in, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<13xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%21 : tensor<13xf32>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = math.sqrt %in : f32
      linalg.yield %43 : f32
    } -> tensor<13xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%22 : tensor<13xf32>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %43, "unimplemented: tensor with zero element"
      %44 = arith.divf %cst_1, %in : f32
      linalg.yield %44 : f32
    } -> tensor<13xf32>
    %expanded_22 = tensor.expand_shape %19 [[0, 1, 2]] output_shape [13, 1, 1] : tensor<13xf32> into tensor<13x1x1xf32>
    %expanded_23 = tensor.expand_shape %23 [[0, 1, 2]] output_shape [13, 1, 1] : tensor<13xf32> into tensor<13x1x1xf32>
    %24 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %expanded_22 : tensor<2x13x8x8xf16>, tensor<13x1x1xf32>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f16, %in_30: f32, %out: f32):
      %43 = arith.extf %in : f16 to f32
      %44 = arith.subf %43, %in_30 : f32
      linalg.yield %44 : f32
    } -> tensor<2x13x8x8xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24, %expanded_23 : tensor<2x13x8x8xf32>, tensor<13x1x1xf32>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %43 = arith.mulf %in, %in_30 : f32
      linalg.yield %43 : f32
    } -> tensor<2x13x8x8xf32>
    %expanded_24 = tensor.expand_shape %cst_8 [[0, 1, 2]] output_shape [13, 1, 1] : tensor<13xf16> into tensor<13x1x1xf16>
    %26 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %expanded_24 : tensor<2x13x8x8xf32>, tensor<13x1x1xf16>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f32, %in_30: f16, %out: f32):
      %43 = arith.extf %in_30 : f16 to f32
      %44 = arith.mulf %in, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<2x13x8x8xf32>
    %expanded_25 = tensor.expand_shape %cst_7 [[0, 1, 2]] output_shape [13, 1, 1] : tensor<13xf16> into tensor<13x1x1xf16>
    %27 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %expanded_25 : tensor<2x13x8x8xf32>, tensor<13x1x1xf16>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f32, %in_30: f16, %out: f32):
      %43 = arith.extf %in_30 : f16 to f32
      %44 = arith.addf %in, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<2x13x8x8xf32>
    %28 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27 : tensor<2x13x8x8xf32>) outs(%3 : tensor<2x13x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %43 = arith.truncf %in : f32 to f16
      linalg.yield %43 : f16
    } -> tensor<2x13x8x8xf16>
    %29 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%arg0, %cst_6 : tensor<2x3x16x16xf16>, tensor<13x3x1x1xf16>) outs(%1 : tensor<2x13x8x8xf32>) -> tensor<2x13x8x8xf32>
    %30 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29 : tensor<2x13x8x8xf32>) outs(%3 : tensor<2x13x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %43 = arith.truncf %in : f32 to f16
      linalg.yield %43 : f16
    } -> tensor<2x13x8x8xf16>
    %31 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_5 : tensor<13xf16>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: f16, %out: f32):
      %43 = arith.extf %in : f16 to f32
      linalg.yield %43 : f32
    } -> tensor<13xf32>
    %32 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_4 : tensor<13xf16>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: f16, %out: f32):
      %43 = arith.extf %in : f16 to f32
      linalg.yield %43 : f32
    } -> tensor<13xf32>
    %33 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%32 : tensor<13xf32>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = arith.truncf %cst_14 : f64 to f32
      %44 = arith.addf %in, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<13xf32>
    %34 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%33 : tensor<13xf32>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = math.sqrt %in : f32
      linalg.yield %43 : f32
    } -> tensor<13xf32>
    %35 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%34 : tensor<13xf32>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %43, "unimplemented: tensor with zero element"
      %44 = arith.divf %cst_1, %in : f32
      linalg.yield %44 : f32
    } -> tensor<13xf32>
    %expanded_26 = tensor.expand_shape %31 [[0, 1, 2]] output_shape [13, 1, 1] : tensor<13xf32> into tensor<13x1x1xf32>
    %expanded_27 = tensor.expand_shape %35 [[0, 1, 2]] output_shape [13, 1, 1] : tensor<13xf32> into tensor<13x1x1xf32>
    %36 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%30, %expanded_26 : tensor<2x13x8x8xf16>, tensor<13x1x1xf32>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f16, %in_30: f32, %out: f32):
      %43 = arith.extf %in : f16 to f32
      %44 = arith.subf %43, %in_30 : f32
      linalg.yield %44 : f32
    } -> tensor<2x13x8x8xf32>
    %37 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%36, %expanded_27 : tensor<2x13x8x8xf32>, tensor<13x1x1xf32>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %43 = arith.mulf %in, %in_30 : f32
      linalg.yield %43 : f32
    } -> tensor<2x13x8x8xf32>
    %expanded_28 = tensor.expand_shape %cst_3 [[0, 1, 2]] output_shape [13, 1, 1] : tensor<13xf16> into tensor<13x1x1xf16>
    %38 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%37, %expanded_28 : tensor<2x13x8x8xf32>, tensor<13x1x1xf16>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f32, %in_30: f16, %out: f32):
      %43 = arith.extf %in_30 : f16 to f32
      %44 = arith.mulf %in, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<2x13x8x8xf32>
    %expanded_29 = tensor.expand_shape %cst_2 [[0, 1, 2]] output_shape [13, 1, 1] : tensor<13xf16> into tensor<13x1x1xf16>
    %39 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %expanded_29 : tensor<2x13x8x8xf32>, tensor<13x1x1xf16>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f32, %in_30: f16, %out: f32):
      %43 = arith.extf %in_30 : f16 to f32
      %44 = arith.addf %in, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<2x13x8x8xf32>
    %40 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39 : tensor<2x13x8x8xf32>) outs(%3 : tensor<2x13x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %43 = arith.truncf %in : f32 to f16
      linalg.yield %43 : f16
    } -> tensor<2x13x8x8xf16>
    %41 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28, %40 : tensor<2x13x8x8xf16>, tensor<2x13x8x8xf16>) outs(%3 : tensor<2x13x8x8xf16>) {
    ^bb0(%in: f16, %in_30: f16, %out: f16):
      %43 = arith.addf %in, %in_30 : f16
      linalg.yield %43 : f16
    } -> tensor<2x13x8x8xf16>
    %42 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41 : tensor<2x13x8x8xf16>) outs(%3 : tensor<2x13x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %43 = arith.cmpf ugt, %in, %cst : f16
      %44 = arith.select %43, %in, %cst : f16
      linalg.yield %44 : f16
    } -> tensor<2x13x8x8xf16>
    return %42 : tensor<2x13x8x8xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_13_torch.float16_11: "0x0200000024941CB54DB600BD512EECBC46B0113AECBB3434DF3023375F3C",
      torch_tensor_13_torch.float16_10: "0x02000000ED3EEF3FCD39BA3D9039903FAC3BCF3E173DC43CE73C833D6A3E",
      torch_tensor_13_torch.float16_9: "0x02000000213AC23FD0385339E63CC13A133EB13B2F3B2B3D2C3FC839693E",
      torch_tensor_13_torch.float16_8: "0x0200000000B897BA7B361827893843B4463563BA08B234BE5EAAC5B51539",
      torch_tensor_13_3_1_1_torch.float16: "0x0200000010B23132263163B5262B03B76CB140B30C3828B874B585B8A9301CB7FA316BB6EBB5B8B48C2D3E38543895A986B81BB20BB3DCAF0F33A634193447317BB3469EB42CB8B49CAA9DAC5DB8433679AB",
      torch_tensor_13_torch.float16_7: "0x02000000233872B89A312AB6B6AC04356038032AF43862B918348CB556AD",
      torch_tensor_13_torch.float16_6: "0x02000000AE395F3A603DFD3F363A993EAE3A5C385D3CBA3EC93F463AA73D",
      torch_tensor_13_torch.float16_5: "0x02000000E13F283D0E3F9F3DF73D3E3FD83F053A603D3D3F2C3FDD3EA839",
      torch_tensor_13_torch.float16_4: "0x02000000D2ADF23406256937ADB7A13177B2093BA2B2D93616B3A2394CA4",
      torch_tensor_13_13_3_3_torch.float16: "0x02000000A02C42A49B283424092905A8C52922AC582501ACD6ADC0ACAC2C672A8D2DBD2C49AD0AACA6A3AFAB1C2C79ACC6A9B7ADB8AADE2CD82C3C2C922C432D0FA63529452DD427EA2D232A5B2B24A8AE297021A7A5ACAAA4AA8EACF22B352C63A1D9AA932C912B0A1F96A9702DD7287EACAA2D7E2C50A8A72AB9AA6BA3062DD31B2FACE9A76DA691A48820792D121D4EABDA1CAD29DF2968AD3CA466AC0DA9432834AC6628062D361EE3AB3DA82B2583ACE1295FADB0ADC0ADCDA4F52B9AADEB2CBCA8EF26511C56ADE82C5F2AE22DFA29D0ABF02C171D9D29BFACCFA6CFAD9CA81B25A5AC8B275A2A9822EBAB96AC4DA73229D62DCE2A55A12628CEAD0EAD8629B4AAB1292DACDCA9E0AC2D2AD3A08E2C532B8C2A171A51A725A54A22DE2925ACF72C26A1F5AC67AA3C2D692D7BAD2C2CEE29012B022D61AA7927D828FEA6EC27CFA6512B91A669A8F5253328C8A92F20DC2AB6A03427B5A5262849ACF5AA02AA702D5EA6238CBCA9E82DC72D76ACCCAC7CAC4E8F08A6BFAB3FA879242FAA3F256DA5BCA98122DD2C00AC651C5DA8CE2D9DADACADD52D7DAB8A2416A0FCA449A5852B861CC3ADFCAA09A8F429A8AB942D45A540A4A32CF329052DD82A2EA7DAAB0B9FE62CF1A77DADDA28C32DBDA6E6AC5EADEE252B9FFAA9C9247E28B52C982C16A338AD59AD862D3B2929291FAD7B2D9B2D582DFEAC77A812AC9A2D16A967A9332A79A9D4A924A08DA09CACEF2C38A93328252DF829B422092D5D227AA9992D9A25C6ADBDA608AC302DD1A365ADF49D6F2B26267C2765206928C4A5B5A888AD75AC212902ABCA228E27B41EACABA92DE2AADE2CB5ACB1A5702AD6A8F82C12ACF8AC56A9A723732DA6A93B28EFA522A55A2C96AC0721902D81A2982C4AA7C32CB9ADD2A228A4AC27A5288B2C0DA3829B0D2C67A6302DE1AB1FA1169D48290C2C81A3E7ACDD291427C1284DAB9E2B9B2D1B2087AD272C63AC7125E1228AA91F284BAD642580AB1EA117220A2DA5A9952B03A29FA927AD6EADC72DE7A5BB1C6B26062C0D2DCC2C62AC95A301ABC3AA9D258E2DBDAC292B23AA9CA4B22C5AA54F2023AC092D1EA254ACEE2635ACB2ACC41DB12CB3A69229162DD92B35AA30A173A7C2AC8102742CFC2C6B2060251FA9772CEDA81CAC4A23182B56AD592D422825AC19A5222D8AACEBA6C3272FAD7D2A292A572B8BABE52D04ABE82DAEAD46AD452BF220761D8EAAF7A8ECA6C4ADEB1C30242185A5279D2D4B2655A8DFA892AB1AACA0A330A444290FA9B82C27AC4E0C522DE22DDBAA372497218CA917A869261DACCF231F29AAA8EA2C3B9E5E29DC2D3CA76E2AC5A6EAA203A4B59078A88C25221B802BCAA4BF2067A8F4ACCA280F22BDA800A8312648A4BC2B5D1D78282829CFA51F295E2C5B1CA224E11A192CFFA84AAA282926AD121671A9D02B82AD2D2BDB2DCA244F9ED32D0FA9969F2FA989A22525522278A4EAADD91C9C991F23892CC02D05ABE79DBEA874AD4EAC8E2DE62A5B2A942AB3ACF920822D9BAA432D38262A2C12A975293FAD039EE5271927F42CD02D622DF22B292C1CA297AC65A850A165AA0D2A2728A323B825332D4F2830AD4BAC37297322C529E9AD76AD422B922B5AAD7E289FAC7B2C6D27DA2DD5ADB2AD002C412D402BDE2BFCAC482C96AD4A25C0ABB3A83124A7A87DA39CAD94AD952802A933ABABA8D6ACBBAC152B042A4E2277AAE027411C3BAC1825632DD2ADE2AD1122752C33AB3625292C4C271F25E72DB62BA8AA17200C2A382DE3AD682ADFA6CBAD412571AAB522AFAB74AC04A0F3A7EC2A15209E2C6F249CA7022C2C1D71249DA7700D8DA406A09DACA890E9AC17A5DC2A1DACFAABC7A57DA60224DC23002A13ACAE9E9E2A1E2DE89ED9AACE26BD2A65ABDEAA3B29A29E97ADD3AACD2803A8152CAD2CE3227C9F83A7C99C4F2485ACA8A5ECAC432B89AB682D1AA6C7AAAF290E23192CF128B3AD7C2B75A43BA9842B512C33AD48A0DC2C9528FC2C0EA887AA172DEF28AE2DF1A899AB8CA192ADA3285D2CAE25ADA0DE2983ABCA2DE2ADABAD98A5D52CBD208B2856AC51284AA1BE282E2C252907A0D59D6CAB48A8B12BBFA8592BB1A883A508186EAD9093C5A041A0BBA4AA2C5E2C03AC7F29A4AC09AD3C27911585A9B5AD95A8E8277AADBFAD012243AC2FAD8FA89FA360ADE7AB351E94ADA7A2A4AB1AACA7288EAC7CACC02A6D24632D53A6B7A961A0AA0F832CE5ADBE9E3C2984AA03AAB829ABAD9C2595ACE2290FAD462B9AADF9AC9515AA2C11AD47A9322DF0A3E728B1AD71A702AAFD2CE92851ACA2235A94DDA8C2AADBA7AA2C3EAC37AC4DA796167126AF19B3A52DAB3FA4C3A8C82CC2AD8CABD0AC53A49C2C302D27AD1A9CF22A3729D92C4099F3ABD42B0FA8212AD5A50829522D802D62ADD4ABE5A88CABAD2D2EA0DAAB44A989AAD42829AD84ADD5AD1829DA2959ABDE255E2CE12202A5FF1E13A1F52904AC002AAB2A2BABD52CD02DAAA8A1A6E629A3ACAE288625762B24ADEAAC5129432882AD99AA6AAD3DAC57A9E52CB6A4CC2A9E2D65294CADF4298428962CD6AD472BD82C81ADF4200D2D4EACC4273B293426E22DD82C142DE6A1F62C84AD63AA10A508A7772D95299E2B062C6BAC7BA1E9222826162AB5A823A7F32C5AA61CAC032C022C6CA7BBA45EACF1AC73280EA9B62CBDAC8BA21718152ACA2C022C36296EA93AAC4BADB21CBD2D7FA4F99B4DAC4427812BD5AD2BAC622C9B25E79D3B2432A323AC87ADC82BA1A165A81CA674AA03A714AD6E2CD528F8A90AA84F2962A83E26842673ABEE25CB1D2B2D48A816A6192DD5ACD71EB32D4EA9AC2D402D812D84A05A2D28A90DA87A280025862A9F2D68AB482AEB273E2A9C296DA8ADACBC2CBFAA912BA3AD18A403141824A71F752745A1CC25DB2DA8AB2B9D84A8312D112D2A991AA850AB3C2C859E932DC02A2E2DAE2CB1ABED26E8A8F02941A0192018AC4AAD752880251D20052CF1A8332884AAE72467A5252C2D2D242D421CFA2AE9ADF1AA3B243910A5AC3DA987A9DDAD8420092CCE289FA96FADC6AC0617122CCBA870AA50AA19A09EAD39ADD32DA5A945A455A633AD2CA43F27CEA8099C3F8FE4AD4D2CC82C092CC6A72F2A8BADDBA5D0A42EA8F82864A97CA1D6A68EADD1A304ADE62A532A8B2DF3A7D01CA324E82D6C2D20AA09AD55ADB3A9FA2CF327B52D632C7D1556ABC72DBF2C202977AAA92C4F20D32BF028492A31AD90AA192BEEA426AD612D1898C62CA0AC132875A8FBA8F0A461A87C2A7FA47C2C672550A3D6AA6BADE7A67BAD63A430161A9ED0A91B2CAA2AD5A5ADA8712B262D6BAD1DA565A049A80D2DFEA2042D7D0F22A1E7AADFA7A0273C29BD9AA32D18AC8A28542D1EA4B32C3E166EAC7EAA68281FA9B125D32D05286EA0EA25D1AAF9AC73ACF7ACDB249C2407A9CAAD692AB7AAE7A3F6ACADAAF02883ADBFAA702C12AAEDA8A5A60F29C3ABBF20D528DF9E482483AC5A296C28F0A1E4ACBC28B92B24A494296328BCA8929EE42D270FB6ACE79EE329BAA732AAE02C432A05A4D61C02A17F25BB1A29AB6324F4181F1E82A81026C9AC13276A2A36A199AC828D4D081DAD2FAC792D6D2C8F2A192C8E28A92AD62B87A504A2382C2F82B3AB96AC9E2AE72C982CE123162C6FAD43ACB1ADC42CDA9273A901286EA897AB902855243DACCBAB8C29802CB51FF2A9B72921242EADABAB2E25532B9AA7B92954ABA92D372C6F2444291F28FCAA9B92502658A5AD2D90A849ADA2A97EADE02C50A92AAC1EA1F9AB2EAA082A71AC9529512CCC8A4129A1AA9D2CBF2DA025642DE0AD33A1B42425ADC22983A848A8B2ACD6284EAC06A54229752C5A256AA826A9A42A6424FB2C7528C42CC5ACC22C70A956A6881070A4AE24462D12AB5027C1AC6F23E02CFB2B112D682AD59F2E26F2A8062DED2955AC1E2D9F95359C7AA63FA6BD1CC7A981AD18AAB6A4782C5A2C17AB459BD5A655AA29A41BA89D2ADEA94823AEAA63A7A82CCFA9B19DA72D0D2806AA1BAB26A869A7272943A5FD2C7EAA67A74F28BA2CA92D9423FB1B4DA9B02ADCAA39A6F2ACB0AD9D2A6E1EB72CB52C362ABC2824A6492AB129192877991223B80E4BAC7E255AACBE290DABBBA79DA9AC2C2BAC0B2AEF292F2CEE25732AAD2CA9240628A0AC59A64B20BC212EA8DEAD28A68828182D58ADA6299DADA9AD69AB41A29C2680AC8F2C5A2DD31DD12C5BA9AEA81CA22C2121ACBDACAD28D326CA2DD3A82E28C6A8D7293F9D632C932AED2C152A1D1B192DF3AA952DC82DA72D87A945AAFD1D5F27F029D0280A2DEEA5",
      torch_tensor_13_torch.float16_3: "0x02000000BAB7493BCEAD9DB77E3211BADC35903CD5B873386F3CD4B20F38",
      torch_tensor_13_torch.float16_2: "0x02000000763B403F093DD73A8B3ED13AE23D223CAC3C3B38243BA13E453C",
      torch_tensor_13_torch.float16_1: "0x020000002238DC3ED73DD83FFB3E88384C381B3BA23F803C493E363BF23F",
      torch_tensor_13_torch.float16: "0x020000004A354530E527F8343BB351AD17BA1B321CB881B423B775A742AE",
      torch_tensor_13_3_3_3_torch.float16: "0x02000000E7959B2E12B188B0BEAC9B2ACF9BE2305FA4852A72ABD8A8E2B114B014AD4D1FDF2C642F2DB05DAD792C1D3112A99C30F1A737259431B7B1C1AF3DAACDAC5231FCAFABAD4DB0C5B131AF4B317F2DF82D2F2151AE2B28C0B173B05AAEC52F392F76AD1C9FE12F1F32E32CA826213041AF9728C6B045B05DAE932DF42C4CAF712BC32E38A6861FB529A42FEA31BFB084ACD72C1A315C316F31E7285BB18824B5AFBDB17931AF3025B29C2826A80EA8A3ADBD2C4CAF842C3B2E69309B2C18B2FDAF262E2829CEB018AFCB3126305FAD33AADEB1169BA3B0C0B06EA166270BAD4F2F7FAF9731383031B122AA72203027D829D52CE72102AED42DE8B14DAF2BAA00AE4FAC0CB13DA9442903B00FA1693011A57A1D40A4FC28D52FD531D22FD93120A388B1D7AD31301C951FAEB8B0C3B133B1FFA8C12EA92EF0B1AF2FD2B035A9FEACBFA8D6A887B151B1B6A7191998ADA42C8BB1A6A26A3106AD9031762C8FB1CB2FAFA580ADED30FAB0492528A96630E02AEB2D5A2CECA92EA913B1AC2EE430373058B0652057B0C8AE2DAF362C57AF4D9C2520F12FA8B03AB027AF4F306DAC3231742C3D26DE95DFA82E26A0A98A954926D1B075AEF930FFB013A31832732C941D56B11A2E63B0FEAA22AC4CA75018143127268431892FC9AF862D5AB038AD3F2B112C9F30EEAB0C0D572EF5B1743018B16F1930A87DAE8326183133AB50AF8EAC1BB28F2DEAAD1CB019AF152F862EBA30782C1DACE2AA472B1031B32AD4ADCAADD3B15229E9AE7EB1663100B09BA50F2B471E25B0FAB0E93003281C3121AC422BA2A962A080AF2A2CCA2B119C8AA998AF423096B00C2D24ACF1AD6D2866AEAD29D62893B01A283F2DE02C34A60CB198A7472C7EACAD2C1A306EAEC617182DB9231E242726D7B0BE2344308D313D2F9A26C12DFEAD1AB14CB12532D22F42B0D22CA73028326331C530A6A953AC0E31E72E69AF8931F32DB72EB8AF112B51AC"
    }
  }
#-}
