#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  func.func @main(%arg0: tensor<2x16x8x8xbf16>) -> tensor<2x16x8x8xbf16> {
    %cst = arith.constant 0.000000e+00 : bf16
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_11> : tensor<16xbf16>
    %cst_3 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_10> : tensor<16xbf16>
    %cst_4 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_9> : tensor<16xbf16>
    %cst_5 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_8> : tensor<16xbf16>
    %cst_6 = arith.constant dense_resource<torch_tensor_16_16_1_1_torch.bfloat16_1> : tensor<16x16x1x1xbf16>
    %cst_7 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_7> : tensor<16xbf16>
    %cst_8 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_6> : tensor<16xbf16>
    %cst_9 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_5> : tensor<16xbf16>
    %cst_10 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_4> : tensor<16xbf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_16_4_3_3_torch.bfloat16> : tensor<16x4x3x3xbf16>
    %cst_12 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_3> : tensor<16xbf16>
    %cst_13 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_2> : tensor<16xbf16>
    %cst_14 = arith.constant 1.000000e-05 : f64
    %cst_15 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16_1> : tensor<16xbf16>
    %cst_16 = arith.constant dense_resource<torch_tensor_16_torch.bfloat16> : tensor<16xbf16>
    %cst_17 = arith.constant dense_resource<torch_tensor_16_16_1_1_torch.bfloat16> : tensor<16x16x1x1xbf16>
    %0 = tensor.empty() : tensor<2x16x8x8xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %cst_17 : tensor<2x16x8x8xbf16>, tensor<16x16x1x1xbf16>) outs(%1 : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %3 = tensor.empty() : tensor<2x16x8x8xbf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x16x8x8xf32>) outs(%3 : tensor<2x16x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %45 = arith.truncf %in : f32 to bf16
      linalg.yield %45 : bf16
    } -> tensor<2x16x8x8xbf16>
    %5 = tensor.empty() : tensor<16xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_16 : tensor<16xbf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %45 = arith.extf %in : bf16 to f32
      linalg.yield %45 : f32
    } -> tensor<16xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_15 : tensor<16xbf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %45 = arith.extf %in : bf16 to f32
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
    %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %expanded : tensor<2x16x8x8xbf16>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: bf16, %in_32: f32, %out: f32):
      %45 = arith.extf %in : bf16 to f32
      %46 = arith.subf %45, %in_32 : f32
      linalg.yield %46 : f32
    } -> tensor<2x16x8x8xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11, %expanded_18 : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %45 = arith.mulf %in, %in_32 : f32
      linalg.yield %45 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_19 = tensor.expand_shape %cst_13 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xbf16> into tensor<16x1x1xbf16>
    %13 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_19 : tensor<2x16x8x8xf32>, tensor<16x1x1xbf16>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_32: bf16, %out: f32):
      %45 = arith.extf %in_32 : bf16 to f32
      %46 = arith.mulf %in, %45 : f32
      linalg.yield %46 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_20 = tensor.expand_shape %cst_12 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xbf16> into tensor<16x1x1xbf16>
    %14 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %expanded_20 : tensor<2x16x8x8xf32>, tensor<16x1x1xbf16>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_32: bf16, %out: f32):
      %45 = arith.extf %in_32 : bf16 to f32
      %46 = arith.addf %in, %45 : f32
      linalg.yield %46 : f32
    } -> tensor<2x16x8x8xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<2x16x8x8xf32>) outs(%3 : tensor<2x16x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %45 = arith.truncf %in : f32 to bf16
      linalg.yield %45 : bf16
    } -> tensor<2x16x8x8xbf16>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15 : tensor<2x16x8x8xbf16>) outs(%3 : tensor<2x16x8x8xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %45 = arith.cmpf ugt, %in, %cst : bf16
      %46 = arith.select %45, %in, %cst : bf16
      linalg.yield %46 : bf16
    } -> tensor<2x16x8x8xbf16>
    %padded = tensor.pad %16 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : bf16
    } : tensor<2x16x8x8xbf16> to tensor<2x16x10x10xbf16>
    %expanded_21 = tensor.expand_shape %padded [[0], [1, 2], [3], [4]] output_shape [2, 4, 4, 10, 10] : tensor<2x16x10x10xbf16> into tensor<2x4x4x10x10xbf16>
    %expanded_22 = tensor.expand_shape %cst_11 [[0, 1], [2], [3], [4]] output_shape [4, 4, 4, 3, 3] : tensor<16x4x3x3xbf16> into tensor<4x4x4x3x3xbf16>
    %expanded_23 = tensor.expand_shape %0 [[0], [1, 2], [3], [4]] output_shape [2, 4, 4, 8, 8] : tensor<2x16x8x8xf32> into tensor<2x4x4x8x8xf32>
    %17 = linalg.fill ins(%cst_0 : f32) outs(%expanded_23 : tensor<2x4x4x8x8xf32>) -> tensor<2x4x4x8x8xf32>
    %18 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%expanded_21, %expanded_22 : tensor<2x4x4x10x10xbf16>, tensor<4x4x4x3x3xbf16>) outs(%17 : tensor<2x4x4x8x8xf32>) -> tensor<2x4x4x8x8xf32>
    %collapsed = tensor.collapse_shape %18 [[0], [1, 2], [3], [4]] : tensor<2x4x4x8x8xf32> into tensor<2x16x8x8xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed : tensor<2x16x8x8xf32>) outs(%3 : tensor<2x16x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %45 = arith.truncf %in : f32 to bf16
      linalg.yield %45 : bf16
    } -> tensor<2x16x8x8xbf16>
    %20 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_10 : tensor<16xbf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %45 = arith.extf %in : bf16 to f32
      linalg.yield %45 : f32
    } -> tensor<16xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_9 : tensor<16xbf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %45 = arith.extf %in : bf16 to f32
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
    %25 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %expanded_24 : tensor<2x16x8x8xbf16>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: bf16, %in_32: f32, %out: f32):
      %45 = arith.extf %in : bf16 to f32
      %46 = arith.subf %45, %in_32 : f32
      linalg.yield %46 : f32
    } -> tensor<2x16x8x8xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %expanded_25 : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %45 = arith.mulf %in, %in_32 : f32
      linalg.yield %45 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_26 = tensor.expand_shape %cst_8 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xbf16> into tensor<16x1x1xbf16>
    %27 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %expanded_26 : tensor<2x16x8x8xf32>, tensor<16x1x1xbf16>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_32: bf16, %out: f32):
      %45 = arith.extf %in_32 : bf16 to f32
      %46 = arith.mulf %in, %45 : f32
      linalg.yield %46 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_27 = tensor.expand_shape %cst_7 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xbf16> into tensor<16x1x1xbf16>
    %28 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27, %expanded_27 : tensor<2x16x8x8xf32>, tensor<16x1x1xbf16>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_32: bf16, %out: f32):
      %45 = arith.extf %in_32 : bf16 to f32
      %46 = arith.addf %in, %45 : f32
      linalg.yield %46 : f32
    } -> tensor<2x16x8x8xf32>
    %29 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28 : tensor<2x16x8x8xf32>) outs(%3 : tensor<2x16x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %45 = arith.truncf %in : f32 to bf16
      linalg.yield %45 : bf16
    } -> tensor<2x16x8x8xbf16>
    %30 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29 : tensor<2x16x8x8xbf16>) outs(%3 : tensor<2x16x8x8xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %45 = arith.cmpf ugt, %in, %cst : bf16
      %46 = arith.select %45, %in, %cst : bf16
      linalg.yield %46 : bf16
    } -> tensor<2x16x8x8xbf16>
    %31 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%30, %cst_6 : tensor<2x16x8x8xbf16>, tensor<16x16x1x1xbf16>) outs(%1 : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %32 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%31 : tensor<2x16x8x8xf32>) outs(%3 : tensor<2x16x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %45 = arith.truncf %in : f32 to bf16
      linalg.yield %45 : bf16
    } -> tensor<2x16x8x8xbf16>
    %33 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_5 : tensor<16xbf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %45 = arith.extf %in : bf16 to f32
      linalg.yield %45 : f32
    } -> tensor<16xf32>
    %34 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_4 : tensor<16xbf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %45 = arith.extf %in : bf16 to f32
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
    %38 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%32, %expanded_28 : tensor<2x16x8x8xbf16>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: bf16, %in_32: f32, %out: f32):
      %45 = arith.extf %in : bf16 to f32
      %46 = arith.subf %45, %in_32 : f32
      linalg.yield %46 : f32
    } -> tensor<2x16x8x8xf32>
    %39 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %expanded_29 : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %45 = arith.mulf %in, %in_32 : f32
      linalg.yield %45 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_30 = tensor.expand_shape %cst_3 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xbf16> into tensor<16x1x1xbf16>
    %40 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %expanded_30 : tensor<2x16x8x8xf32>, tensor<16x1x1xbf16>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_32: bf16, %out: f32):
      %45 = arith.extf %in_32 : bf16 to f32
      %46 = arith.mulf %in, %45 : f32
      linalg.yield %46 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_31 = tensor.expand_shape %cst_2 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xbf16> into tensor<16x1x1xbf16>
    %41 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40, %expanded_31 : tensor<2x16x8x8xf32>, tensor<16x1x1xbf16>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_32: bf16, %out: f32):
      %45 = arith.extf %in_32 : bf16 to f32
      %46 = arith.addf %in, %45 : f32
      linalg.yield %46 : f32
    } -> tensor<2x16x8x8xf32>
    %42 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41 : tensor<2x16x8x8xf32>) outs(%3 : tensor<2x16x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %45 = arith.truncf %in : f32 to bf16
      linalg.yield %45 : bf16
    } -> tensor<2x16x8x8xbf16>
    %43 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %42 : tensor<2x16x8x8xbf16>, tensor<2x16x8x8xbf16>) outs(%3 : tensor<2x16x8x8xbf16>) {
    ^bb0(%in: bf16, %in_32: bf16, %out: bf16):
      %45 = arith.addf %in, %in_32 : bf16
      linalg.yield %45 : bf16
    } -> tensor<2x16x8x8xbf16>
    %44 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43 : tensor<2x16x8x8xbf16>) outs(%3 : tensor<2x16x8x8xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %45 = arith.cmpf ugt, %in, %cst : bf16
      %46 = arith.select %45, %in, %cst : bf16
      linalg.yield %46 : bf16
    } -> tensor<2x16x8x8xbf16>
    return %44 : tensor<2x16x8x8xbf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_16_torch.bfloat16_11: "0x020000007DBEABBE853EAB3E71BE99BEFEBD063F763E503EDBBEB33E503F343E0E3E9EBE",
      torch_tensor_16_torch.bfloat16_10: "0x02000000443F5F3F013F213FCA3FBD3FFF3FDA3F473FB53FEF3F9F3F873FA33F883FD33F",
      torch_tensor_16_torch.bfloat16_9: "0x02000000A23F893FCE3F533FA23F9C3F493F9C3F533FBB3FB93F363F3B3F293FC53FE43F",
      torch_tensor_16_torch.bfloat16_8: "0x02000000313EF43E0CBF9E3FA3BEF7BEB33E233FBF3D113FA43E83BC1A3E003E7C3D5F3E",
      torch_tensor_16_16_1_1_torch.bfloat16_1: "0x0200000041BEB0BDD2BC43BD213E7CBE2FBE27BEDB3D41BEED3C03BD5E3D8BBB2C3C3A3E433DEF3D35BE67BD01BE34BE17BE82BDA53D8DBD46BE2FBE5E3D5A3C69BE4E3D9A3D663E73BD323EE5BD5D3E51BE77BD5ABEF0BDAF3DE83D243E573EA2BD20BE463D49BEF0BD6FBD73BE81BD093D9DBDFEBD263C03BEEDBD1DBEC3BD8E3C03BE23BE3BBE72BE2A3D41BD763DBBBD813D373E063D4C3E593E033C383E63BC69BE46BDCE3D183EF43D893DF6BD4B3C833C813D203E30BDDA3D78BE37BEA1BD393E6EBD14BE4E3E3BBDAC3DC43D6F3E483DCFBC173EEDBC3C3E793E42BD0FBE84BD643E65BE893DA13D043E4BBE213E783DFEBD5EBED63C573E613EB83D653E2B3E713D70BD093E7E3E3CBE87BDF2BC2CBE393EF33DA03BFEBD7C3E07BE68BE70BE2ABE3FBE5B3EE73D6CBE5A3E7EBE333DEFBD243E08BEF0BCC83DB5BD94BD933D3F3D31BE4DBEBDBD173E163E7F3E89BDECBD22BE96BD0BBC4EBEFC3D12BE0E3ECB3DCE3DF5BC32BE553E0BBE5A3E06BD343E20BD79BE723E08BDD33D37BE353ED83DC73D6EBE05BE38BB1ABECEBD3CBC063C223E01BE65BE723E033E7A3D49BD09BE8FBC633E56BE1B3E35BE8E3D283E183C4DBBA63D90BD303D4F3E513D38BE7EBE023E76BE553E45BE75BE583EB3BD42BE4E3E19BE9D3DA7BDB6BA243E383E16BE5C3D043E8F3D6BBE633E943D31BE1A3E77BC58BE323D53BE1CBE12BE7DBD",
      torch_tensor_16_torch.bfloat16_7: "0x02000000313F41BF73BB8BBDAD3D0ABE393E63BE3E3F50BE26BF943D85BE153F563FE4BE",
      torch_tensor_16_torch.bfloat16_6: "0x02000000993FD83FBE3FD03F853FAE3FFF3FCF3FDA3F8B3FF03F763F9D3F5A3F063FDC3F",
      torch_tensor_16_torch.bfloat16_5: "0x02000000BC3FA63FD83FFC3F913FD53FCB3F703F1C3FA33F603F493F3E3F093F443F7E3F",
      torch_tensor_16_torch.bfloat16_4: "0x0200000022BF57BE253F55BE25BFFDBE36BE2BBE03BD47BE743F12BF533F2B3FC13C99BF",
      torch_tensor_16_4_3_3_torch.bfloat16: "0x020000001D3E26BE843D8F3D543D123E1D3E2EBDE33C5CBD0FBE0EBC4B3D70BD9B3D16BEDFBDE4BDE3BADB3DB93D083E1C3E0ABE543DC1BDFDBD1F3E0EBE16BE07BED73D01BE893D04BE313D913DFDBD9FBCEABD173E1ABDFBBD06BD7E3DFEBDFE3DDC3C0DBEE43D583DB53D94BCB1BDB4BD783DF63D5F3DABBD293EC93CD6BDBD3DB93D05BD64BDD0BDD13D283E35BDA03DCA3D6C3D16BEDF3D06BD21BE90BD04BDE23D26BE313D07BEF03DECBDFBBD69BD6CBD34BD0EBEB6BD0DBDAA3D133DFF3D93BD0CBDBB3D6DBD20BE1DBEDFBD033D19BE0CBD2ABE5ABD78BD1EBE133E323DA1BD243E0E3E643C9ABC033E7F3C8E3C8FBC543DB83D153EE2BD9D3B1D3D833DD03DD23D25BE6A3DDC3A9A3B14BE003E693D12BE0E3E063E19BE4BBD26BEFFBB6ABC25BED3BD49BC293ECD3D213E333C0CBEAE3D17BDD33C283EC8BD613B1CBE64BDF1BCED3C093E253E0D3E823C043E7BBD81BD6FBDCBBD39BDE7BCB5BD203D5D3DCCBD22BE89BC0DBB093DBE3DBDBD2EBDC6BD2FBD0DBE263E29BE853D513C563B93BDD13DD43CFFBC213E21BEE1BC22BEE43DC5BD933C1BBEBA3D15BD2B3D2A3E4D3DFA3DAD3D17BC76BC0DBE09BEA13D283D7F3C0D3E2BBEF63DA73D07BE123D4D3D0CBE9B3D66BD97BD3ABC803DB53D25BECF3B1FBE233D02BDACBC0EBEBC3DD2BDB1BC17BEF43D073D7F3CFF3DA73CEF3D00BE97BCB7BD653D22BE41BD323C2A3E84BDCFBDCFBD9BBDBEBCFF3DCBBBADBD4DBA19BEF7BAE2BD133E103EC6BD293D39BD65BD173E173E023E23BE143DB43D9F3DE9BD963D66BD6D3C2BBD9C3CA8BD973D51BD51BD873D833DA43D5D3DA1BD05BDAC3D29BEBB3DE43D373DDC3D203E0EBDBBBDDBBD853DD0BD673CC2BCF3BD313DB5BDEA3CA73D48BD3ABDD2BC33BC1A3DE23D21BE173E2A3EBBBDB83D283DEBBDF83B27BD0C3E90BD06BD0B3EBCBD1DBE0E3EA63C803DF93C8FBD373D8F3D9A3BA93DFEBD323D103E4DBC1F3ED1BC98BDEE3BDA3DBB3BEBBDCF3D593DEFBDC73C813C0E3D8EBC043E06BE32BCF83C96BD46BC25BE7938E73BEDBC27BE963D8BBD223E223E133E0A3E053EC43A9A3D49BD37BBF3BDA9BC3D3CDABC1EBE003D90BC8CBD8BBD8DBDCD3D223D9EBC7BBDBD3AE1BD2A3EF4BD983D14BEF4BD27BEB3BD13BEC0BD13BD5C3D95BDCA3DF3BD10BE08BE0DBE7B3DF73D803D713C0F3EADBCC03DA2BDE53C9DBC0E3E8DBDD23D56BCE9BD92BD1CBEE33D843D01BEC0BDC33DF73DD83DD63D4EBD1D3E20BE64BD963D9B3D27BDABBD763DB73D973D1E3C283D09BE22BE0DBEED3DADBC3C3DBE3DD5BD083C0E3E7F3D0A3EA23DF7BD14BED3BC0EBE853DF63DDF3D243E8BBD053E13BE9EBD123CE43DE3BD22BE1ABE053DBB3D1C3EFA3D263E0B3E23BE2ABE2D3DF2BD403D113EDA3C12BD7EBDB4BD0A3E55BD063E413D95BBF83D38BD5B3D083D20BEE1BD193E9BBCA3BDF9BD1EBA01BE68BD023E263E0D3E2DBD18BEAE3D50BDF2BD2A3DF2BC203E163D8D3D403D603D24BE58BC5A3DD8BD0F3E903C9C3C693D81BDCE3D9D3D9A3DC3BDB7BC5D3DA9BB86BDDDBC763DADBD2B3E803DFC3DD33C6E3D00BD7FBDEEBCE9BD1EBE8CBCDB3D883D273EB0BCD03CDF3CBD3D163E",
      torch_tensor_16_torch.bfloat16_3: "0x0200000086BD383E973C043F413D56BD913F0FBE84BE0F3F8CBE983E0ABE27BF69BEC5BD",
      torch_tensor_16_torch.bfloat16_2: "0x02000000EC3FD63F773F803F4C3FB53F3C3FB73F983F953F833F313F2B3FDB3F7D3F863F",
      torch_tensor_16_torch.bfloat16_1: "0x02000000EA3F653F453F703F823F8F3F173F6A3F8D3F1D3FB73F963FAE3F843F583FCC3F",
      torch_tensor_16_torch.bfloat16: "0x020000009C3F93BF243FDA3DBD3DC2BE8DBEB23EA8BE95BE2A3E51BF21BF013F6F3FC83C",
      torch_tensor_16_16_1_1_torch.bfloat16: "0x02000000763DD83DB3BD46BE1DBE15BE3B3E0B3B50BE3FBE8DBC103EF53C393D69BD52BB173EA73DABBD803E343EB03DF43D2B3E19BD343D9FBDA1BD203C2CBE643E2BBE24BE0EBD273EFDBD8ABC0F3E60BE6E3E0A3EAD3D5839163E90BDAF3C3F3E0FBE893C373EB63C19BE3C3D5ABD5BBEA13B1A3C263E41BC39BE5F3E593D90BD1A3E3B3E373E493ECDBD6C3E1D3E2DBEF63D10BEE23D13BEFB3DD3BD623D4DBD083E69BBEE3DC4BDF03D0C3E953C98BD1D3D6DBE9FBC533E003EF7BB03BE573D613E003E9C3B9C3DA63C78BD3CBEF3BDDABD16BE773E5ABE513C663C01BEFDBCBB3D34BEAA3D5FBCF9BD45BEC7BCF0BDB13D7DBE423E783EA73C2EBE77BEF73DAE3D553E08BE113ED0BD41BEA93C94BDE83D07BE253E3ABE833D2A3E99BD72BEC13D61BE07BEE7BD07BE6B3E3FBE443E27BE4E3EA9BD2ABD34BEEC3CCBBD6FBEFB3DAA3D29BE713ECABC273EB6BD7EBEF5BD46BE683E513E42BD7CBE1F3EA83D243E4C3DD83D82BC7D3E3DBDEF3D79BE13BDD93C513E0A3E793E013DA8BD593CB8BB993D413DE6BDDE3DDD3C36BEEB3B35BEABBB8C3D80BE333EE8BD3ABD6ABD473E1EBE7DBE6BBEE93DB5BD183DF83D9B3B7F3ECE3D75BE4ABE66BE2EBE7BBDC0BD72BED63D433D08BDC63D8ABDA93CDABD083E4A3E3F3D4F3EAA3D90BD3E3E4C3D513DD93C503E23BEBDBD1DBE28BE043EE3BD1D3D573E053EAF3C503EB4BD4F3E"
    }
  }
#-}
