#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  func.func @main(%arg0: tensor<2x16x8x8xf16>) -> tensor<2x16x8x8xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant dense_resource<torch_tensor_16_torch.float16_11> : tensor<16xf16>
    %cst_3 = arith.constant dense_resource<torch_tensor_16_torch.float16_10> : tensor<16xf16>
    %cst_4 = arith.constant dense_resource<torch_tensor_16_torch.float16_9> : tensor<16xf16>
    %cst_5 = arith.constant dense_resource<torch_tensor_16_torch.float16_8> : tensor<16xf16>
    %cst_6 = arith.constant dense_resource<torch_tensor_16_16_1_1_torch.float16_1> : tensor<16x16x1x1xf16>
    %cst_7 = arith.constant dense_resource<torch_tensor_16_torch.float16_7> : tensor<16xf16>
    %cst_8 = arith.constant dense_resource<torch_tensor_16_torch.float16_6> : tensor<16xf16>
    %cst_9 = arith.constant dense_resource<torch_tensor_16_torch.float16_5> : tensor<16xf16>
    %cst_10 = arith.constant dense_resource<torch_tensor_16_torch.float16_4> : tensor<16xf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_16_4_3_3_torch.float16> : tensor<16x4x3x3xf16>
    %cst_12 = arith.constant dense_resource<torch_tensor_16_torch.float16_3> : tensor<16xf16>
    %cst_13 = arith.constant dense_resource<torch_tensor_16_torch.float16_2> : tensor<16xf16>
    %cst_14 = arith.constant 1.000000e-05 : f64
    %cst_15 = arith.constant dense_resource<torch_tensor_16_torch.float16_1> : tensor<16xf16>
    %cst_16 = arith.constant dense_resource<torch_tensor_16_torch.float16> : tensor<16xf16>
    %cst_17 = arith.constant dense_resource<torch_tensor_16_16_1_1_torch.float16> : tensor<16x16x1x1xf16>
    %0 = tensor.empty() : tensor<2x16x8x8xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %cst_17 : tensor<2x16x8x8xf16>, tensor<16x16x1x1xf16>) outs(%1 : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %3 = tensor.empty() : tensor<2x16x8x8xf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x16x8x8xf32>) outs(%3 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %45 = arith.truncf %in : f32 to f16
      linalg.yield %45 : f16
    } -> tensor<2x16x8x8xf16>
    %5 = tensor.empty() : tensor<16xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_16 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %45 = arith.extf %in : f16 to f32
      linalg.yield %45 : f32
    } -> tensor<16xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_15 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %45 = arith.extf %in : f16 to f32
      linalg.yield %45 : f32
    } -> tensor<16xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%7 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = arith.truncf %cst_14 : f64 to f32
      %46 = arith.addf %in, %45 : f32
      linalg.yield %46 : f32
    } -> tensor<16xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%8 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = math.sqrt %in : f32
      linalg.yield %45 : f32
    } -> tensor<16xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%9 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %45, "unimplemented: tensor with zero element"
      %46 = arith.divf %cst_1, %in : f32
      linalg.yield %46 : f32
    } -> tensor<16xf32>
    %expanded = tensor.expand_shape %6 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_18 = tensor.expand_shape %10 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %expanded : tensor<2x16x8x8xf16>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f16, %in_32: f32, %out: f32):
      %45 = arith.extf %in : f16 to f32
      %46 = arith.subf %45, %in_32 : f32
      linalg.yield %46 : f32
    } -> tensor<2x16x8x8xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11, %expanded_18 : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %45 = arith.mulf %in, %in_32 : f32
      linalg.yield %45 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_19 = tensor.expand_shape %cst_13 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %13 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_19 : tensor<2x16x8x8xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_32: f16, %out: f32):
      %45 = arith.extf %in_32 : f16 to f32
      %46 = arith.mulf %in, %45 : f32
      linalg.yield %46 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_20 = tensor.expand_shape %cst_12 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %14 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %expanded_20 : tensor<2x16x8x8xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_32: f16, %out: f32):
      %45 = arith.extf %in_32 : f16 to f32
      %46 = arith.addf %in, %45 : f32
      linalg.yield %46 : f32
    } -> tensor<2x16x8x8xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<2x16x8x8xf32>) outs(%3 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %45 = arith.truncf %in : f32 to f16
      linalg.yield %45 : f16
    } -> tensor<2x16x8x8xf16>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15 : tensor<2x16x8x8xf16>) outs(%3 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %45 = arith.cmpf ugt, %in, %cst : f16
      %46 = arith.select %45, %in, %cst : f16
      linalg.yield %46 : f16
    } -> tensor<2x16x8x8xf16>
    %padded = tensor.pad %16 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<2x16x8x8xf16> to tensor<2x16x10x10xf16>
    %expanded_21 = tensor.expand_shape %padded [[0], [1, 2], [3], [4]] output_shape [2, 4, 4, 10, 10] : tensor<2x16x10x10xf16> into tensor<2x4x4x10x10xf16>
    %expanded_22 = tensor.expand_shape %cst_11 [[0, 1], [2], [3], [4]] output_shape [4, 4, 4, 3, 3] : tensor<16x4x3x3xf16> into tensor<4x4x4x3x3xf16>
    %expanded_23 = tensor.expand_shape %0 [[0], [1, 2], [3], [4]] output_shape [2, 4, 4, 8, 8] : tensor<2x16x8x8xf32> into tensor<2x4x4x8x8xf32>
    %17 = linalg.fill ins(%cst_0 : f32) outs(%expanded_23 : tensor<2x4x4x8x8xf32>) -> tensor<2x4x4x8x8xf32>
    %18 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%expanded_21, %expanded_22 : tensor<2x4x4x10x10xf16>, tensor<4x4x4x3x3xf16>) outs(%17 : tensor<2x4x4x8x8xf32>) -> tensor<2x4x4x8x8xf32>
    %collapsed = tensor.collapse_shape %18 [[0], [1, 2], [3], [4]] : tensor<2x4x4x8x8xf32> into tensor<2x16x8x8xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed : tensor<2x16x8x8xf32>) outs(%3 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %45 = arith.truncf %in : f32 to f16
      linalg.yield %45 : f16
    } -> tensor<2x16x8x8xf16>
    %20 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_10 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %45 = arith.extf %in : f16 to f32
      linalg.yield %45 : f32
    } -> tensor<16xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_9 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %45 = arith.extf %in : f16 to f32
      linalg.yield %45 : f32
    } -> tensor<16xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%21 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = arith.truncf %cst_14 : f64 to f32
      %46 = arith.addf %in, %45 : f32
      linalg.yield %46 : f32
    } -> tensor<16xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%22 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = math.sqrt %in : f32
      linalg.yield %45 : f32
    } -> tensor<16xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%23 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %45, "unimplemented: tensor with zero element"
      %46 = arith.divf %cst_1, %in : f32
      linalg.yield %46 : f32
    } -> tensor<16xf32>
    %expanded_24 = tensor.expand_shape %20 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_25 = tensor.expand_shape %24 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %expanded_24 : tensor<2x16x8x8xf16>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f16, %in_32: f32, %out: f32):
      %45 = arith.extf %in : f16 to f32
      %46 = arith.subf %45, %in_32 : f32
      linalg.yield %46 : f32
    } -> tensor<2x16x8x8xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %expanded_25 : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %45 = arith.mulf %in, %in_32 : f32
      linalg.yield %45 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_26 = tensor.expand_shape %cst_8 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %27 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %expanded_26 : tensor<2x16x8x8xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_32: f16, %out: f32):
      %45 = arith.extf %in_32 : f16 to f32
      %46 = arith.mulf %in, %45 : f32
      linalg.yield %46 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_27 = tensor.expand_shape %cst_7 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %28 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27, %expanded_27 : tensor<2x16x8x8xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_32: f16, %out: f32):
      %45 = arith.extf %in_32 : f16 to f32
      %46 = arith.addf %in, %45 : f32
      linalg.yield %46 : f32
    } -> tensor<2x16x8x8xf32>
    %29 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28 : tensor<2x16x8x8xf32>) outs(%3 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %45 = arith.truncf %in : f32 to f16
      linalg.yield %45 : f16
    } -> tensor<2x16x8x8xf16>
    %30 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29 : tensor<2x16x8x8xf16>) outs(%3 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %45 = arith.cmpf ugt, %in, %cst : f16
      %46 = arith.select %45, %in, %cst : f16
      linalg.yield %46 : f16
    } -> tensor<2x16x8x8xf16>
    %31 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%30, %cst_6 : tensor<2x16x8x8xf16>, tensor<16x16x1x1xf16>) outs(%1 : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %32 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%31 : tensor<2x16x8x8xf32>) outs(%3 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %45 = arith.truncf %in : f32 to f16
      linalg.yield %45 : f16
    } -> tensor<2x16x8x8xf16>
    %33 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_5 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %45 = arith.extf %in : f16 to f32
      linalg.yield %45 : f32
    } -> tensor<16xf32>
    %34 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_4 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %45 = arith.extf %in : f16 to f32
      linalg.yield %45 : f32
    } -> tensor<16xf32>
    %35 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%34 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = arith.truncf %cst_14 : f64 to f32
      %46 = arith.addf %in, %45 : f32
      linalg.yield %46 : f32
    } -> tensor<16xf32>
    %36 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%35 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = math.sqrt %in : f32
      linalg.yield %45 : f32
    } -> tensor<16xf32>
    %37 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%36 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %45, "unimplemented: tensor with zero element"
      %46 = arith.divf %cst_1, %in : f32
      linalg.yield %46 : f32
    } -> tensor<16xf32>
    %expanded_28 = tensor.expand_shape %33 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_29 = tensor.expand_shape %37 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %38 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%32, %expanded_28 : tensor<2x16x8x8xf16>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f16, %in_32: f32, %out: f32):
      %45 = arith.extf %in : f16 to f32
      %46 = arith.subf %45, %in_32 : f32
      linalg.yield %46 : f32
    } -> tensor<2x16x8x8xf32>
    %39 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %expanded_29 : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %45 = arith.mulf %in, %in_32 : f32
      linalg.yield %45 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_30 = tensor.expand_shape %cst_3 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %40 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %expanded_30 : tensor<2x16x8x8xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_32: f16, %out: f32):
      %45 = arith.extf %in_32 : f16 to f32
      %46 = arith.mulf %in, %45 : f32
      linalg.yield %46 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_31 = tensor.expand_shape %cst_2 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %41 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40, %expanded_31 : tensor<2x16x8x8xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_32: f16, %out: f32):
      %45 = arith.extf %in_32 : f16 to f32
      %46 = arith.addf %in, %45 : f32
      linalg.yield %46 : f32
    } -> tensor<2x16x8x8xf32>
    %42 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41 : tensor<2x16x8x8xf32>) outs(%3 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %45 = arith.truncf %in : f32 to f16
      linalg.yield %45 : f16
    } -> tensor<2x16x8x8xf16>
    %43 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %42 : tensor<2x16x8x8xf16>, tensor<2x16x8x8xf16>) outs(%3 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f16, %in_32: f16, %out: f16):
      %45 = arith.addf %in, %in_32 : f16
      linalg.yield %45 : f16
    } -> tensor<2x16x8x8xf16>
    %44 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43 : tensor<2x16x8x8xf16>) outs(%3 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %45 = arith.cmpf ugt, %in, %cst : f16
      %46 = arith.select %45, %in, %cst : f16
      linalg.yield %46 : f16
    } -> tensor<2x16x8x8xf16>
    return %44 : tensor<2x16x8x8xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_16_torch.float16_11: "0x02000000EBB357B529345A3587B3C6B4F3AF2D38B2338132D8B69B357C3AA3317130EFB4",
      torch_tensor_16_torch.float16_10: "0x020000001E3AFA3A04380C394C3EE63DFA3FD13E383AA43D763FFB3C3B3C163D423C993E",
      torch_tensor_16_torch.float16_9: "0x02000000133D4B3C6F3E963A133DDE3C473ADE3C953AD93DC83DB139D5394A39263E223F",
      torch_tensor_16_torch.float16_8: "0x020000008A31A23761B8EC3C18B5B9B79B351839FB2D8C381E3514A4CC300130E22BF632",
      torch_tensor_16_16_1_1_torch.float16_1: "0x0200000008B27FAD93A61BAA0531DEB377B138B1D52E05B2662717A8EC2A579C5D21D131152A7A2FA7B13BAB0BB09EB1BAB012AC262D68AC2FB278B1EF2ACE224AB3742AD22C2F3398AB903125AFE7328BB2B7ABCEB280AF762D3F2F2331BC3213AD00B12F2A48B280AF74AB95B304AC4B28E5ACEFAF2F2116B065AFE9B015AE73241BB019B1D9B18CB351290CAAAD2BD5AD062CBA3132286332C8321820C0311BA346B333AA712EBD30A12F4B2CB1AF54221524082C033181A9CC2EBEB3BAB108ADC43171AB9DB07132D6A95F2D202E7933432A7BA6B8306AA7DE31CA3312AA7AB01FAC233325B3482C0A2D1F305AB20731C32BF0AFF3B2AD26BB320533BD2D28335831872B7DAB4930EC33E1B139AC8DA761B1C731962F021DF3AFDD3336B041B381B350B1F5B1DA323A2F5DB3CE32F0B39B297BAF1F313CB07EA7422EA8ADA0AC962CF92986B16BB2EAADBB30B130F9334AAC62AF13B1B0AC5AA073B2E12F90B06E305A2E6D2EAAA78EB1A73254B0D03232A89E3102A9C6B38E333DA8942EB5B1AC31C02E352E6CB32AB0C099D1B070AEDDA12F200D3106B02BB394331730D42B46AA49B075A41933B2B2D630A9B16D2C4131C2206B9A312D83AC7D297B32872ABCB1F2B31030ADB3A83229B2A7B3C13295AD0FB26D32C5B0E72C38ADB0952231C231AFB0DF2A1E307A2C59B31833A42C8BB1D130B6A3C3B28C2998B2DDB090B0EAAB",
      torch_tensor_16_torch.float16_7: "0x0200000085390ABA979B54AC692D4FB0C73116B3ED3980B232B9A12C27B4AA38AE3A1EB7",
      torch_tensor_16_torch.float16_6: "0x02000000C63CC33EF03D7D3E273C723DF63F773ED13E543C803FB33BE83CD33A3338DD3E",
      torch_tensor_16_torch.float16_5: "0x02000000DD3D2F3DC33EDF3F8A3CA93E593E833BDD381C3DFF3A473AED3948381F3AF03B",
      torch_tensor_16_torch.float16_4: "0x0200000010B9B5B22439AAB228B9E8B7B2B155B114A83CB2A13B8EB8963A5B390A26C6BC",
      torch_tensor_16_4_3_3_torch.float16: "0x02000000E93030B11F2C792C9E2A9230EA306FA91727DEAA74B071A0572A7FABD52CB3B0FAAE1DAF1697D72EC62D3D30E3304CB09E2A09AEECAFF8306FB0B0B035B0B92E08B04B2C1EB086298A2CE5AFF7A454AFBB30CDA8D5AF34A8F42BF0AFF02FDE2666B01D2FC42AA92DA3A487AD9CADC42BAF2FF72A58AD46314526B1AEE62DCC2D2AA81EAB7FAE8B2E3E31A6A9FD2C542E5E2BAEB0F92E32A805B17FAC22A80E2F2FB188293CB0842F5CAFD9AF48AB63AB9FA972B0B1AD6CA8532D9628F92F9AAC61A8DB2D68AB01B1EAB0F7AE1428C8B05EA851B1CEAABFABF2B09B308F290BAD213173302023CFA41A30F723732475A4A32AC32DAB300DAFEB1CEB28152C7E2E8E2E28B1502BDE16D41CA1B00230482B94B074302D30CAB058AA2FB1FB9F51A329B196AE4BA24C316A2E0C3197215FB06D2DB6A89B263F3140AE081BE0B021AB89A765274830283166300F242330D7AB05AC77AB5CAEC7A935A7A5AD0029EB2A61AE0FB144A467984728F22DEAAD73A934AE7AA96CB02F3147B1282C8522B01A94AC862EA426F6A7053109B106A70FB1212F25AE9424D4B0D42DA4A859295331692ACF2F692DBBA0B2A365B044B00A2D4329F8236A3055B1AE2F382D35B09328682A61B0D62C31ABBBACCEA1042CA52D25B1791EF7B0182914A85CA56DB0E42D93AE86A5B5B09C2F3828FB23F72F3925772FFCAFB6A4B9AD272B11B10BAA8D214F3123AC79AE76AED7ACF1A5F72F5C9E69AD6492C5B0B7970FAF9A307D3030AE4729C8A929ABB530B43010301AB19C289C2DFC2C47AFAE2C30AB652357A9DF2443ADB82C86AA87AA392C1A2C1F2DEA2A05AD29A85E2D49B1D82D1F2FB429E42E00316DA8D9ADD9AE2B2C84AE3B2313A696AF8929A8AD4E273B2D40AACCA990A69BA1D0280E2F05B1B5305431D7ADBD2D42295AAFBF1F38A95C3084AC2DA85830DEADE4B073303425FE2BC8277BACB829762CD11C472DF3AF942980306BA2F93088A6C1AC711FD22EDA1D59AF752EC92A75AF37260B24742871A4203031B08FA1C127B2AC32A225B1E503371F67A735B1B02C5CAC0D310E319B3052302B302216D22C47AABA9997AF4AA5E621CFA6ECB0FF2782A45EAC5BAC6AAC682E1029F3A4D6ABE61506AF5231A0AFC02CA2B09FAF3BB195AD98B003AE95A8DF2AA6AC522E96AF7CB03FB066B0D92BB92FFC2B8A2376306BA5032E13AD2527EAA46F306CAC8F2EAFA24CAF8CACDCB0162F222C05B003AE142EB42FBF2EB42E6EAAE43001B11EABAE2CD82C3AA956ADB22BB72DBC2CEC20432946B00EB169B0672F69A5E329F32DA8AE40207230F72B4D300F2DB5AFA2B098A670B0262CAF2FF42E223154AC293099B0EDAC9320222F1BAF0FB1CCB02728D72DE130CD2F3331563018B154B1682990AFFD298430CF2692A8EDABA3AD4D30ABAA2C30062AA79CC12FBFA9D72A3C28FDB005AFC730D5A419ADC4AFF09009B03FAB0C30343164306CA9C3B06D2D81AA93AF522992A7FF30B428652CFC29042B20B1BCA2CD2AC1AE7B308324E124442B07AC702EEC2CD02C1CAEBBA5E92A4B9D32ACE9A6B02B69AD5431032CE32F9726702B01A8F5AB70A745AFF1B063A4DB2E3D2C37317CA58026F826EB2DB330",
      torch_tensor_16_torch.float16_3: "0x0200000033ACC131B72423380A2AB1AA853C78B01EB47C385DB4BE3453B03BB944B327AE",
      torch_tensor_16_torch.float16_2: "0x020000005E3FB33EB83B013C603AAB3DDC39B43DBD3CAA3C183C86395839D43EE63B333C",
      torch_tensor_16_torch.float16_1: "0x020000004E3F2B3B263A823B0F3C783CB8384C3B6B3CEC38B73DAE3C6F3D203CC03A5E3E",
      torch_tensor_16_torch.float16: "0x02000000E33C9CBC2439CD2EE62D0FB669B48D353EB5A5B4513185BA06B90938793B4226",
      torch_tensor_16_16_1_1_torch.float16: "0x02000000AF2BBD2E99AD33B2EBB0AAB0D831561881B2FBB16BA48130A927C4294CAB8C9AB930352D55ADFE33A0317E2DA12F5C31C6A8A329F9AC06AD00215EB11C3357B122B171A83931EAAF53A47A3000B36F335030672DBE0AB33083AC7A25F53176B04A24B431AE25C7B0E329CFAADBB20B1DD22030310AA2C5B1F632CA2A7DACD230DB31BA31453267AE6133E83066B1AF2F82B00F2F98B0D82F95AE0F2B6CAA3D30469B722F22AE812F6130A424BEACE92867B3F8A498320230B89F1BB0BA2A08330230E21CE32C2F25BEABE0B199AFCFAEADB0B733D2B289222D2304B0E4A7D72D9DB1502DF5A2C6AF27B239A67DAF852DECB31132BE33352573B1BBB3B52F712DA53241B086307EAE09B24C25A3AC412F39B02831CDB1152C5331C5AC8EB3072E07B337B038AF37B05933FBB11D3236B16F3249AD4CA9A3B162275CAE75B3DB2F542D4AB187334CA63731AEADEDB3A9AF31B2403389320CAAE1B3F630402D2031602AC32E0FA4E433EBA9772FC6B399A8C7268A325230C6330C2841ADC622BE9DC72C0B2A31AFED2EE626ADB15A1FAAB1549D612CFFB3993141AFCFA953AB3632F3B0E8B35CB3482FA7ADC128C12FDB1CF7336C2EA8B351B231B372B1D8AB00AE90B3B42E152A41A82E2E54AC4525CDAE43305232FA297732512D81ACEE31602A852AC7267F3219B1EBADE7B044B11F301BAFE428B63229307B258332A1AD7A32"
    }
  }
#-}
