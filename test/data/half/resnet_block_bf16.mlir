#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  func.func @main(%arg0: tensor<2x3x16x16xbf16>) -> tensor<2x13x8x8xbf16> {
    %cst = arith.constant 0.000000e+00 : bf16
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant dense_resource<torch_tensor_13_torch.bfloat16_11> : tensor<13xbf16>
    %cst_3 = arith.constant dense_resource<torch_tensor_13_torch.bfloat16_10> : tensor<13xbf16>
    %cst_4 = arith.constant dense_resource<torch_tensor_13_torch.bfloat16_9> : tensor<13xbf16>
    %cst_5 = arith.constant dense_resource<torch_tensor_13_torch.bfloat16_8> : tensor<13xbf16>
    %cst_6 = arith.constant dense_resource<torch_tensor_13_3_1_1_torch.bfloat16> : tensor<13x3x1x1xbf16>
    %cst_7 = arith.constant dense_resource<torch_tensor_13_torch.bfloat16_7> : tensor<13xbf16>
    %cst_8 = arith.constant dense_resource<torch_tensor_13_torch.bfloat16_6> : tensor<13xbf16>
    %cst_9 = arith.constant dense_resource<torch_tensor_13_torch.bfloat16_5> : tensor<13xbf16>
    %cst_10 = arith.constant dense_resource<torch_tensor_13_torch.bfloat16_4> : tensor<13xbf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_13_13_3_3_torch.bfloat16> : tensor<13x13x3x3xbf16>
    %cst_12 = arith.constant dense_resource<torch_tensor_13_torch.bfloat16_3> : tensor<13xbf16>
    %cst_13 = arith.constant dense_resource<torch_tensor_13_torch.bfloat16_2> : tensor<13xbf16>
    %cst_14 = arith.constant 1.000000e-05 : f64
    %cst_15 = arith.constant dense_resource<torch_tensor_13_torch.bfloat16_1> : tensor<13xbf16>
    %cst_16 = arith.constant dense_resource<torch_tensor_13_torch.bfloat16> : tensor<13xbf16>
    %cst_17 = arith.constant dense_resource<torch_tensor_13_3_3_3_torch.bfloat16> : tensor<13x3x3x3xbf16>
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : bf16
    } : tensor<2x3x16x16xbf16> to tensor<2x3x18x18xbf16>
    %0 = tensor.empty() : tensor<2x13x8x8xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<2x13x8x8xf32>) -> tensor<2x13x8x8xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %cst_17 : tensor<2x3x18x18xbf16>, tensor<13x3x3x3xbf16>) outs(%1 : tensor<2x13x8x8xf32>) -> tensor<2x13x8x8xf32>
    %3 = tensor.empty() : tensor<2x13x8x8xbf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x13x8x8xf32>) outs(%3 : tensor<2x13x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %43 = arith.truncf %in : f32 to bf16
      linalg.yield %43 : bf16
    } -> tensor<2x13x8x8xbf16>
    %5 = tensor.empty() : tensor<13xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_16 : tensor<13xbf16>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %43 = arith.extf %in : bf16 to f32
      linalg.yield %43 : f32
    } -> tensor<13xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_15 : tensor<13xbf16>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %43 = arith.extf %in : bf16 to f32
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
    %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %expanded : tensor<2x13x8x8xbf16>, tensor<13x1x1xf32>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: bf16, %in_30: f32, %out: f32):
      %43 = arith.extf %in : bf16 to f32
      %44 = arith.subf %43, %in_30 : f32
      linalg.yield %44 : f32
    } -> tensor<2x13x8x8xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11, %expanded_18 : tensor<2x13x8x8xf32>, tensor<13x1x1xf32>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %43 = arith.mulf %in, %in_30 : f32
      linalg.yield %43 : f32
    } -> tensor<2x13x8x8xf32>
    %expanded_19 = tensor.expand_shape %cst_13 [[0, 1, 2]] output_shape [13, 1, 1] : tensor<13xbf16> into tensor<13x1x1xbf16>
    %13 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_19 : tensor<2x13x8x8xf32>, tensor<13x1x1xbf16>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f32, %in_30: bf16, %out: f32):
      %43 = arith.extf %in_30 : bf16 to f32
      %44 = arith.mulf %in, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<2x13x8x8xf32>
    %expanded_20 = tensor.expand_shape %cst_12 [[0, 1, 2]] output_shape [13, 1, 1] : tensor<13xbf16> into tensor<13x1x1xbf16>
    %14 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %expanded_20 : tensor<2x13x8x8xf32>, tensor<13x1x1xbf16>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f32, %in_30: bf16, %out: f32):
      %43 = arith.extf %in_30 : bf16 to f32
      %44 = arith.addf %in, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<2x13x8x8xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<2x13x8x8xf32>) outs(%3 : tensor<2x13x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %43 = arith.truncf %in : f32 to bf16
      linalg.yield %43 : bf16
    } -> tensor<2x13x8x8xbf16>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15 : tensor<2x13x8x8xbf16>) outs(%3 : tensor<2x13x8x8xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %43 = arith.cmpf ugt, %in, %cst : bf16
      %44 = arith.select %43, %in, %cst : bf16
      linalg.yield %44 : bf16
    } -> tensor<2x13x8x8xbf16>
    %padded_21 = tensor.pad %16 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : bf16
    } : tensor<2x13x8x8xbf16> to tensor<2x13x10x10xbf16>
    %17 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_21, %cst_11 : tensor<2x13x10x10xbf16>, tensor<13x13x3x3xbf16>) outs(%1 : tensor<2x13x8x8xf32>) -> tensor<2x13x8x8xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17 : tensor<2x13x8x8xf32>) outs(%3 : tensor<2x13x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %43 = arith.truncf %in : f32 to bf16
      linalg.yield %43 : bf16
    } -> tensor<2x13x8x8xbf16>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_10 : tensor<13xbf16>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %43 = arith.extf %in : bf16 to f32
      linalg.yield %43 : f32
    } -> tensor<13xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_9 : tensor<13xbf16>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %43 = arith.extf %in : bf16 to f32
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
    %24 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %expanded_22 : tensor<2x13x8x8xbf16>, tensor<13x1x1xf32>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: bf16, %in_30: f32, %out: f32):
      %43 = arith.extf %in : bf16 to f32
      %44 = arith.subf %43, %in_30 : f32
      linalg.yield %44 : f32
    } -> tensor<2x13x8x8xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24, %expanded_23 : tensor<2x13x8x8xf32>, tensor<13x1x1xf32>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %43 = arith.mulf %in, %in_30 : f32
      linalg.yield %43 : f32
    } -> tensor<2x13x8x8xf32>
    %expanded_24 = tensor.expand_shape %cst_8 [[0, 1, 2]] output_shape [13, 1, 1] : tensor<13xbf16> into tensor<13x1x1xbf16>
    %26 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %expanded_24 : tensor<2x13x8x8xf32>, tensor<13x1x1xbf16>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f32, %in_30: bf16, %out: f32):
      %43 = arith.extf %in_30 : bf16 to f32
      %44 = arith.mulf %in, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<2x13x8x8xf32>
    %expanded_25 = tensor.expand_shape %cst_7 [[0, 1, 2]] output_shape [13, 1, 1] : tensor<13xbf16> into tensor<13x1x1xbf16>
    %27 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %expanded_25 : tensor<2x13x8x8xf32>, tensor<13x1x1xbf16>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f32, %in_30: bf16, %out: f32):
      %43 = arith.extf %in_30 : bf16 to f32
      %44 = arith.addf %in, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<2x13x8x8xf32>
    %28 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27 : tensor<2x13x8x8xf32>) outs(%3 : tensor<2x13x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %43 = arith.truncf %in : f32 to bf16
      linalg.yield %43 : bf16
    } -> tensor<2x13x8x8xbf16>
    %29 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%arg0, %cst_6 : tensor<2x3x16x16xbf16>, tensor<13x3x1x1xbf16>) outs(%1 : tensor<2x13x8x8xf32>) -> tensor<2x13x8x8xf32>
    %30 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29 : tensor<2x13x8x8xf32>) outs(%3 : tensor<2x13x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %43 = arith.truncf %in : f32 to bf16
      linalg.yield %43 : bf16
    } -> tensor<2x13x8x8xbf16>
    %31 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_5 : tensor<13xbf16>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %43 = arith.extf %in : bf16 to f32
      linalg.yield %43 : f32
    } -> tensor<13xf32>
    %32 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_4 : tensor<13xbf16>) outs(%5 : tensor<13xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %43 = arith.extf %in : bf16 to f32
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
    %36 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%30, %expanded_26 : tensor<2x13x8x8xbf16>, tensor<13x1x1xf32>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: bf16, %in_30: f32, %out: f32):
      %43 = arith.extf %in : bf16 to f32
      %44 = arith.subf %43, %in_30 : f32
      linalg.yield %44 : f32
    } -> tensor<2x13x8x8xf32>
    %37 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%36, %expanded_27 : tensor<2x13x8x8xf32>, tensor<13x1x1xf32>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %43 = arith.mulf %in, %in_30 : f32
      linalg.yield %43 : f32
    } -> tensor<2x13x8x8xf32>
    %expanded_28 = tensor.expand_shape %cst_3 [[0, 1, 2]] output_shape [13, 1, 1] : tensor<13xbf16> into tensor<13x1x1xbf16>
    %38 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%37, %expanded_28 : tensor<2x13x8x8xf32>, tensor<13x1x1xbf16>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f32, %in_30: bf16, %out: f32):
      %43 = arith.extf %in_30 : bf16 to f32
      %44 = arith.mulf %in, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<2x13x8x8xf32>
    %expanded_29 = tensor.expand_shape %cst_2 [[0, 1, 2]] output_shape [13, 1, 1] : tensor<13xbf16> into tensor<13x1x1xbf16>
    %39 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %expanded_29 : tensor<2x13x8x8xf32>, tensor<13x1x1xbf16>) outs(%0 : tensor<2x13x8x8xf32>) {
    ^bb0(%in: f32, %in_30: bf16, %out: f32):
      %43 = arith.extf %in_30 : bf16 to f32
      %44 = arith.addf %in, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<2x13x8x8xf32>
    %40 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39 : tensor<2x13x8x8xf32>) outs(%3 : tensor<2x13x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %43 = arith.truncf %in : f32 to bf16
      linalg.yield %43 : bf16
    } -> tensor<2x13x8x8xbf16>
    %41 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28, %40 : tensor<2x13x8x8xbf16>, tensor<2x13x8x8xbf16>) outs(%3 : tensor<2x13x8x8xbf16>) {
    ^bb0(%in: bf16, %in_30: bf16, %out: bf16):
      %43 = arith.addf %in, %in_30 : bf16
      linalg.yield %43 : bf16
    } -> tensor<2x13x8x8xbf16>
    %42 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41 : tensor<2x13x8x8xbf16>) outs(%3 : tensor<2x13x8x8xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %43 = arith.cmpf ugt, %in, %cst : bf16
      %44 = arith.select %43, %in, %cst : bf16
      linalg.yield %44 : bf16
    } -> tensor<2x13x8x8xbf16>
    return %42 : tensor<2x13x8x8xbf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_13_torch.bfloat16_11: "0x0200000085BAA4BECABEA0BFCA3D9EBF09BE423F7EBF863E1C3EE43E8C3F",
      torch_tensor_13_torch.bfloat16_10: "0x02000000DE3FFE3F3A3FB73F323FF23F763FDA3FA33F993F9D3FB03FCD3F",
      torch_tensor_13_torch.bfloat16_9: "0x02000000443FF83F1A3F2A3F9D3F583FC23F763F663FA53FE53F393FCD3F",
      torch_tensor_13_torch.bfloat16_8: "0x0200000000BF53BFCF3EE33C113F88BEA93E4CBF41BEC7BF4CBDB9BE233F",
      torch_tensor_13_3_1_1_torch.bfloat16: "0x0200000042BE463E253EACBE653DE0BE2DBE68BE023F05BFAFBE11BF153EE4BE3F3ECDBEBDBE97BEB13D083F0A3F33BD11BF43BE61BEFBBD623E953E833E293E6FBEC9BB963D97BE54BD94BD0CBFC83E6FBD",
      torch_tensor_13_torch.bfloat16_7: "0x02000000043F0EBF333EC5BE97BDA13E0C3F403D1E3F2CBF833EB1BEABBD",
      torch_tensor_13_torch.bfloat16_6: "0x02000000363F4C3FAC3F0040473FD33F563F0B3F8C3FD73FF93F493FB53F",
      torch_tensor_13_torch.bfloat16_5: "0x02000000FC3FA53FE23FB43FBF3FE83FFB3F413FAC3FE83FE63FDC3F353F",
      torch_tensor_13_torch.bfloat16_4: "0x02000000BABD9E3EA13CED3EF6BE343E4FBE613F54BEDB3E63BE343F8ABC",
      torch_tensor_13_13_3_3_torch.bfloat16: "0x02000000943D88BC133D873C213D01BD393D84BDAB3C80BDBBBD98BD953D4D3DB23D983DA9BD81BD75BC76BD833D8FBD39BDB7BD57BD9C3D9B3D883D923DA83DC2BC273DA93DFB3CBD3D443D6B3D05BD363D2E3CB5BC55BD54BD92BD7E3D873D2CBC5BBD923D723DE13B33BDAE3D1B3D90BDB53D903D0ABD553D57BD6DBCA13D7A3B86BDFDBCCEBC92BC113CAF3DA23B6ABD9B3B363D3C3DADBD88BC8DBD22BD083D86BD0D3DA13DC73B7CBD08BDA53C90BD3C3DACBDB6BDB8BD9ABC7F3DB3BD9D3D17BDDE3C8A3BABBD9D3D4C3DBC3D3F3D7ABD9E3DA33B343D98BDDABCBABD13BDA33C95BDF13C4B3D533C7DBD93BDEABC263DBB3D5A3D2BBC053DBABDA2BD313D56BD363D86BD3CBD9CBD463D1ABC923D6A3D523D433BEABCA5BC493C3C3D85BD9F3D25BC9FBD4DBDA83DAD3DAFBD863D3E3D603DA03D4CBDEF3C1B3DE0BCFD3CDABC6A3DD2BC0DBDBF3C063D39BD063C5B3D17BCE63CB7BC053D89BD5FBD40BDAE3DCCBC84B937BDBD3DB93D8FBD99BD90BDEAB9C1BC78BD08BD8F3C46BDA83CAEBC37BD503C9C3D80BD8D3B0CBDBA3DB4BDB6BDBB3D70BD913C03BCA0BCA9BC713D913BB8BD60BD01BD3F3D75BDB33DA9BC88BC943D3E3DA13D5B3DE6BC7BBDE1BB9D3DFEBCB0BD1B3DB83DD8BC9DBDACBDBE3CE5BB3FBD993C103D973D933D63BCA7BDABBDB13D273D253DA4BDAF3DB33DAB3DA0BD0FBD82BDB33D23BD2DBD463D2FBD3BBD04BC12BC93BD9E3D27BD063DA53D3F3D563CA13D4C3C2FBDB33DB33CB9BDD8BC81BDA63D7ABCADBDBEBB6E3DC53CEF3C0D3C0D3DB9BC17BDB1BD8FBD243D60BD593CF23CD63B76BDB53D5CBD9C3D97BDB6BC4E3D1BBD9F3D82BD9FBD2BBD753CAE3D35BD073DBEBCA4BC8B3D93BD213CB23D50BC933DE9BC983DB7BD5ABC85BCF53C153D913D62BC70BB823DCDBCA63D7CBD24BCA3BB293D813D70BC9DBD3C3DE33C183D6ABD743DB33D033CB1BD853D8CBDAE3C5C3C31BD043DA9BDAC3C70BD24BC433CA13D35BD733D40BC34BDA5BDAEBDB93DBDBC973BCD3C813DA23D9A3D8CBD73BC60BD58BDB43CB23D98BD653D44BD94BC963DABBC0A3C84BDA13D44BC8ABDDE3C87BD96BDB93B963DD6BC323DA33D7B3D47BD26BCEEBC98BD20388E3DA03D0D3CAC3C24BD8F3D1EBD84BD693C633DABBDAB3D083D85BDA3BCA43D91BDDDBCF83CA6BD503D453D6B3D71BDBD3D60BDBD3DB6BDA9BD693D1E3CAF3B52BD1FBDDDBCB8BD9D3B863CA4B8F53CB43DC93C0BBD1CBD72BD83BD74BC86BC283D22BD973D85BD8A39AA3DBC3D5BBD873C333C32BD03BDCD3C84BD7A3C243D15BD9D3DC7BB2C3DBC3DE7BC4E3DD9BC5DBC80BC17BA0FBDB23C643B703D99BC183C0DBD9FBD193D423C18BD00BDC63C89BC773DAC3B0F3D253DBABC243D8C3D8B3B943C5C3B833D20BD49BD253DA5BDC23A2EBD7A3DB0BD663DBB3D993CCABBBA3D22BDF3BB26BD51BCA53C4A3C8FBCBDBD9B3B33BB643C913DB83D61BDBDBB18BDAFBD8ABDB23D5D3D4B3D523D96BD1F3CB03D53BDA83DC73C853D22BD2F3DA8BDC0BBFD3CE33C9E3DBA3DAC3D7E3D853D43BC93BD0DBD2ABC4DBD423D053D743CB73CA63D0A3DA6BD89BD273D4E3C393DBDBDAFBD683D723DABBD103D94BD8F3DEE3CBB3DBBBDB6BD803DA83D683D7C3D9FBD893DB3BDA93C78BD16BD863C15BD70BCB3BDB3BD133D20BD66BD15BD9BBD97BD633D403D4A3C4FBDFC3C883B87BDA33CAC3DBABDBCBD423C8F3D66BDA73C853DEA3CA43CBD3D773D55BD033C413DA73DBCBD4D3DDCBCB9BDA83C4EBD573C76BD8EBD01BCFEBC5D3D033C943D8E3CF4BC803DA63B8E3CF4BCAE3992BC01BC94BD15BA9DBDA3BC5B3D84BD7FBDB9BCD0BC803C7B3C403D82BDD6BB543DA43DDDBB5BBDDA3C583D6DBD5CBD273DD4BBB3BD5ABD1A3D00BD833D963D5C3CF0BBF0BC99BB8A3C91BDB5BC9DBD683D71BDAD3DC3BC59BD363D623C833D1E3DB6BD703D8FBC27BD703D8A3DA6BD09BC9B3D133DA03D02BD51BDA33D1E3DB63D1EBD73BD32BCB2BD143D8C3DB63C16BC3C3D70BDB93DBCBDB5BDB3BC9B3D183C113D8BBD0A3D29BC183D863D253D01BCBBBB6DBD09BD763D18BD6B3D16BDB0BC013BAEBD72BA19BC08BC97BC953D8C3D80BD303D95BDA1BDE83CB23A31BDB7BD13BDFD3CAFBDB8BD403C88BDA6BD12BD74BCACBD7DBDC73BB3BD55BC75BD83BD153D92BD8FBD583D8E3CAC3DCABC37BD0CBCF539903DBDBDD8BB283D51BD40BD373DB5BDB33C93BD3C3DA2BD693DB3BD9FBDB33A953DA2BD29BDA63D7EBC1D3DB6BDEEBC40BDA03D1D3D8ABD743C8BBA1CBD58BDFBBC953D88BD87BDEABCD33ACE3C363BB6BC66BD88BC18BD993DB8BD72BD9ABD8ABC943DA63DA5BD83BB5E3D273D9B3D28BB7EBD7B3D02BD443DBBBC213DAA3DB03DACBD7ABD1DBD71BDB63D06BC7BBD29BD51BD1A3DA5BDB1BDBBBD233D3B3D6BBDBC3C8C3D5C3CA0BCE03B22BC3F3D81BD403D553D65BD9B3DBA3D15BDD4BC3D3D94BD163DB13C6F3DA4BD9DBD2A3D083DB0BD53BDADBD88BD2BBD9D3D97BC593DB43D2D3DA9BD3F3D103D933DBBBD693D9B3DB0BD1E3CA23D8ABDF93C273DC63CBC3D9B3DA23D3DBC9F3DB0BD4CBDA2BCE1BCAF3D333D743D813D8DBD2FBC5D3CC53C433D17BDE4BC9E3DCBBC84BD803D803DEDBC97BC8CBD9EBD0E3D22BD973D98BD51BC033B433D993D803D273D2EBD87BDA9BD963BB83D90BC7FBB8ABDE93C703DBBBD85BD8C3DB33CBDBB873C66BC84BDB1BD793D34BC0DBDC3BC4FBDE0BCA3BD8E3D1B3D3FBD01BD2A3D0CBDC83CD13C6EBDBE3CB93BA53D09BDC3BCA33D9BBDDB3BB63D2ABDB63DA83DB03D11BCAB3D25BD02BD0F3DA03C513DB43D6DBD493DFD3C483D343D0EBD96BD983D58BD723DB4BD83BC803A833CF53BEF3C29BCB93CBB3D75BDA5BB11BDA63DA23D25BB03BD6ABD873DD1BBB23D583DA63D963D76BDDE3C1DBD3E3D08BC033C83BDA9BD0F3DB03C043C813D1EBD063D51BD9D3CADBC853DA63DA43D883B5F3DBDBD5EBD873C073A95BD28BD31BDBCBD103C813D1A3D34BDAEBD99BDE13A823D19BD4EBD4ABD03BCB4BDA7BDBA3D35BD89BCCBBCA6BD86BCE83C1ABD81BBE8B9BCBD8A3D993D813DF9BC463DB1BDBBBC9ABC06BD1F3D2DBD30BCDBBCB2BD7ABCA0BD5D3D4A3DB13DFEBC9A3B943CBD3DAE3D44BDA1BDABBD36BD9F3DFE3CB73D8C3DB03A6BBDB93D983D243D4FBD953D0A3C7A3D1E3D493DA6BD52BD633D9EBCA5BDAC3D03BB993D94BD023D0FBD1FBD9EBC0CBD4F3D90BC903DAD3C6ABC5BBDADBDDDBCAFBD8CBCC63AC3BB3ABD833D553DBBBC16BD6E3DA53DADBDA4BC0DBC09BDA23D60BCA13DF03924BC5DBDFCBCF43C283D58BBB43D83BD113DAB3D84BC963DC83A8EBD50BD0D3D24BDB63CBA3D013D0EBCBD3C5ABD9FBD8EBD9FBD9B3C943C21BDB9BD4D3D57BD7DBC9FBD56BD1E3DB0BD58BD8E3D42BD1EBDD5BC223D78BD183C1B3DDCBB893C90BD2B3D0E3D3EBC9DBD173D773D84BC323D0C3D17BDD2BBBC3DE53997BDDDBB3C3DF7BC46BD9C3D483D81BC9B3B20BCB03C573B65BD8C3C1E3BC43B10BDC23C99BDE23C4D3D27BC93BDB0B90A39A4BD86BDAF3D8E3D523D833D123D553D7B3DB1BC41BC873D0CB876BD93BD543D9D3D933D7C3C833DAEBD88BDB6BD993D5BBA2EBD003D0EBD73BD123D8B3C88BD79BD323D903DF73B3EBD373D843CA6BD75BDA63C6A3DF3BC373D6BBDB53D873D8E3C283D043D5FBD53BACA3CABBCB63D12BDA9BD34BDB0BD9C3D2ABD85BD24BC7FBD46BD413D8EBD333D8A3D59B9283D54BD943DB83DB43CAD3DBCBD26BC963CA5BD383D10BD09BD96BD1B3D8ABDA1BC283D8F3DAB3C0DBD25BD553D8D3C9F3D0F3D993D99BD983D2EBDCBBC113A8EBC963CA93D62BDEA3C98BD6E3C9C3D7F3DA23D4D3DFBBBC63C1EBDA13D3E3D8BBDA43DB4BA87BBCFBCC8BC983B39BDB0BD43BD97BC8F3D8B3D63BD69BBDBBC4BBD85BC03BD543D3CBD693C56BDECBC953D3ABDB6BBB53D023D41BD63BD05BDEDBC253DA8BCA03D50BDEDBC0A3D973DB53D723C7F3B2ABD563D5BBDC7BC9EBDB6BD543DCE3B973D973D473D183DC5BC493D363D033D2FBB623CD73989BDB03C8BBD383D62BDF7BC34BD953D85BD413D3E3D863DBE3C4E3D963D953C013D94BDCBBC093C383C06BDBCBDC5BC113DA33DABBD353DB4BDB5BD6DBD48BCD43C90BD923DAB3DBA3B9A3D2BBD16BD43BC263C84BD98BD163DDA3CB93D1ABD063D19BD3B3DA8BB8C3D523D9E3D433D643BA33D5EBDB33DB93DB53D31BD49BDC03BEC3C3E3D1A3DA13DBEBC",
      torch_tensor_13_torch.bfloat16_3: "0x02000000F7BE693FBABDF4BE503E42BFBB3E923F1BBF0E3F8E3F5BBE023F",
      torch_tensor_13_torch.bfloat16_2: "0x020000006F3FE83FA13F5B3FD13F5A3FBC3F843F953F073F643FD43F893F",
      torch_tensor_13_torch.bfloat16_1: "0x02000000043FDC3FBB3FFB3FDF3F113F093F633FF43F903FC93F673FFE3F",
      torch_tensor_13_torch.bfloat16: "0x02000000A93E093EFD3C9F3E67BEAABD43BF433E04BF90BEE4BEEFBCC8BD",
      torch_tensor_13_3_3_3_torch.bfloat16: "0x02000000BDBAD33D22BE11BE98BD533D7ABB1C3E8CBC513D6EBD1BBD3CBE03BEA2BDEA3B9C3DEC3D06BEACBD8F3D243E22BD133EFEBCA73C323E37BEF8BD48BD9ABD2A3EFFBDB5BD0ABE39BEE6BD293EB03DBF3D263CCABD053D38BE0EBECBBDF93DE73DAFBDE4BBFC3D443E9C3DD53C043EE8BD133D19BE09BECCBDB23D9F3DE9BD6E3DD83DC7BCF13B373DF53D3D3E18BE90BD9B3D233E2B3E2E3E1D3D2BBE913CF7BD38BE2F3E163E45BE143D05BD02BDB4BD983DE9BD903DC73D0D3E933D43BE00BEC53D253D1ABEE3BD393E053EACBD46BD3CBE63BB14BE18BE2EBCED3CA1BDEA3DF0BD333E073E26BE44BD0E3CE63C3B3D9B3D3D3CC0BDBB3D3DBEEABD45BDC0BD8ABD22BE28BD283D00BE22BC0D3EA2BCAF3B88BC203DFB3D3B3EFA3D3B3E64BC31BEBBBD063EA4BAC4BD17BE38BE26BE20BDD83DD53D3EBEF63D1ABE27BDA0BD18BD1BBD31BE2ABEF7BC233BB3BD943D31BE55BC2D3EA1BD323E8F3D32BEF93DB6BCB0BD1E3E1FBEA93C25BD0D3E5C3DBD3D8B3D3EBD26BD22BED63D1C3E073E0BBE0D3C0BBED9BDE6BD873DEBBD8ABB053CFE3D15BE07BEE5BD0A3E8EBD263E8F3DC83CBCBA1CBDC63C34BDB1BAC93C1ABECFBD1F3E20BE62BC433E8E3DB33B2BBEC33D0CBE60BD84BDE9BC0A3B233EC53C313EF13DF9BDB13D0BBEA7BD683D823D143E7EBDA239CB3D3FBE0E3E23BE2E3B06BDD0BDD03C233E66BDEABD92BD43BEB23DBDBD04BEE3BDE33DD13D173E8F3D84BD5CBD693D223E563DBABDB9BD3ABE2A3DDDBD30BE2D3E00BEB3BC623DC93B05BE1FBE1D3E003D233E84BD683D34BD0CBCF0BD853D793D82BB31BDF3BD083E13BEA13D85BDBEBD0E3DCDBD363D1B3D12BE033DA83D9C3DC6BC22BEF3BC893D90BD963D033ECEBDF93AA33D773C843CC53C1BBE783C083E323EE83DD33CB83DC0BD23BE29BE453EFA3D08BE9A3D153E453E2C3E193E35BD8ABD223EDD3DEDBD313EBE3DD73DF7BD623D8ABD"
    }
  }
#-}
