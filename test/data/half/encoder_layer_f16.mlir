#map = affine_map<(d0, d1, d2) -> (d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map6 = affine_map<(d0) -> (d0)>
#map7 = affine_map<(d0, d1) -> (d0, d1)>
#map8 = affine_map<(d0, d1) -> (d1)>
#map9 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
module {
  func.func @main(%arg0: tensor<2x8x32xf16>) -> tensor<2x8x32xf16> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %true = arith.constant true
    %cst_1 = arith.constant 0.000000e+00 : f64
    %cst_2 = arith.constant 1.000000e+00 : f16
    %cst_3 = arith.constant 2.000000e+00 : f16
    %cst_4 = arith.constant 5.000000e-01 : f16
    %cst_5 = arith.constant dense<0.000000e+00> : tensor<2x4x8x8xf32>
    %cst_6 = arith.constant dense_resource<torch_tensor_32_torch.float16_5> : tensor<32xf16>
    %cst_7 = arith.constant dense_resource<torch_tensor_32_torch.float16_4> : tensor<32xf16>
    %cst_8 = arith.constant dense_resource<torch_tensor_32_torch.float16_3> : tensor<32xf16>
    %cst_9 = arith.constant dense_resource<torch_tensor_32_64_torch.float16> : tensor<32x64xf16>
    %cst_10 = arith.constant dense_resource<torch_tensor_64_torch.float16> : tensor<64xf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_64_32_torch.float16> : tensor<64x32xf16>
    %cst_12 = arith.constant dense_resource<torch_tensor_32_torch.float16_2> : tensor<32xf16>
    %cst_13 = arith.constant dense_resource<torch_tensor_32_torch.float16_1> : tensor<32xf16>
    %cst_14 = arith.constant 1.000000e-05 : f64
    %cst_15 = arith.constant dense_resource<torch_tensor_32_torch.float16> : tensor<32xf16>
    %cst_16 = arith.constant dense_resource<torch_tensor_32_32_torch.float16> : tensor<32x32xf16>
    %cst_17 = arith.constant 0xFFF0000000000000 : f64
    %cst_18 = arith.constant 0.59460355750136051 : f64
    %cst_19 = arith.constant dense_resource<torch_tensor_96_torch.float16> : tensor<96xf16>
    %cst_20 = arith.constant dense_resource<torch_tensor_96_32_torch.float16> : tensor<96x32xf16>
    %cst_21 = arith.constant 3.200000e+01 : f64
    %cst_22 = arith.constant 3.200000e+01 : f32
    %0 = tensor.empty() : tensor<8x2x32xf16>
    %transposed = linalg.transpose ins(%arg0 : tensor<2x8x32xf16>) outs(%0 : tensor<8x2x32xf16>) permutation = [1, 0, 2] 
    %1 = tensor.empty() : tensor<32x96xf16>
    %transposed_23 = linalg.transpose ins(%cst_20 : tensor<96x32xf16>) outs(%1 : tensor<32x96xf16>) permutation = [1, 0] 
    %2 = tensor.empty() : tensor<8x32x96xf16>
    %3 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_23 : tensor<32x96xf16>) outs(%2 : tensor<8x32x96xf16>) {
    ^bb0(%in: f16, %out: f16):
      linalg.yield %in : f16
    } -> tensor<8x32x96xf16>
    %4 = tensor.empty() : tensor<8x2x96xf32>
    %5 = linalg.fill ins(%cst : f32) outs(%4 : tensor<8x2x96xf32>) -> tensor<8x2x96xf32>
    %6 = linalg.batch_matmul ins(%transposed, %3 : tensor<8x2x32xf16>, tensor<8x32x96xf16>) outs(%5 : tensor<8x2x96xf32>) -> tensor<8x2x96xf32>
    %7 = tensor.empty() : tensor<8x2x96xf16>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<8x2x96xf32>) outs(%7 : tensor<8x2x96xf16>) {
    ^bb0(%in: f32, %out: f16):
      %121 = arith.truncf %in : f32 to f16
      linalg.yield %121 : f16
    } -> tensor<8x2x96xf16>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %cst_19 : tensor<8x2x96xf16>, tensor<96xf16>) outs(%7 : tensor<8x2x96xf16>) {
    ^bb0(%in: f16, %in_58: f16, %out: f16):
      %121 = arith.addf %in, %in_58 : f16
      linalg.yield %121 : f16
    } -> tensor<8x2x96xf16>
    %expanded = tensor.expand_shape %9 [[0, 1], [2], [3, 4]] output_shape [1, 8, 2, 3, 32] : tensor<8x2x96xf16> into tensor<1x8x2x3x32xf16>
    %10 = tensor.empty() : tensor<3x8x2x1x32xf16>
    %transposed_24 = linalg.transpose ins(%expanded : tensor<1x8x2x3x32xf16>) outs(%10 : tensor<3x8x2x1x32xf16>) permutation = [3, 1, 2, 0, 4] 
    %collapsed = tensor.collapse_shape %transposed_24 [[0], [1], [2, 3], [4]] : tensor<3x8x2x1x32xf16> into tensor<3x8x2x32xf16>
    %extracted_slice = tensor.extract_slice %collapsed[0, 0, 0, 0] [1, 8, 2, 32] [1, 1, 1, 1] : tensor<3x8x2x32xf16> to tensor<1x8x2x32xf16>
    %extracted_slice_25 = tensor.extract_slice %collapsed[1, 0, 0, 0] [1, 8, 2, 32] [1, 1, 1, 1] : tensor<3x8x2x32xf16> to tensor<1x8x2x32xf16>
    %extracted_slice_26 = tensor.extract_slice %collapsed[2, 0, 0, 0] [1, 8, 2, 32] [1, 1, 1, 1] : tensor<3x8x2x32xf16> to tensor<1x8x2x32xf16>
    %collapsed_27 = tensor.collapse_shape %extracted_slice [[0, 1], [2, 3]] : tensor<1x8x2x32xf16> into tensor<8x64xf16>
    %expanded_28 = tensor.expand_shape %collapsed_27 [[0], [1, 2]] output_shape [8, 8, 8] : tensor<8x64xf16> into tensor<8x8x8xf16>
    %11 = tensor.empty() : tensor<8x8x8xf16>
    %transposed_29 = linalg.transpose ins(%expanded_28 : tensor<8x8x8xf16>) outs(%11 : tensor<8x8x8xf16>) permutation = [1, 0, 2] 
    %collapsed_30 = tensor.collapse_shape %extracted_slice_25 [[0, 1], [2, 3]] : tensor<1x8x2x32xf16> into tensor<8x64xf16>
    %expanded_31 = tensor.expand_shape %collapsed_30 [[0], [1, 2]] output_shape [8, 8, 8] : tensor<8x64xf16> into tensor<8x8x8xf16>
    %transposed_32 = linalg.transpose ins(%expanded_31 : tensor<8x8x8xf16>) outs(%11 : tensor<8x8x8xf16>) permutation = [1, 0, 2] 
    %collapsed_33 = tensor.collapse_shape %extracted_slice_26 [[0, 1], [2, 3]] : tensor<1x8x2x32xf16> into tensor<8x64xf16>
    %expanded_34 = tensor.expand_shape %collapsed_33 [[0], [1, 2]] output_shape [8, 8, 8] : tensor<8x64xf16> into tensor<8x8x8xf16>
    %transposed_35 = linalg.transpose ins(%expanded_34 : tensor<8x8x8xf16>) outs(%11 : tensor<8x8x8xf16>) permutation = [1, 0, 2] 
    %expanded_36 = tensor.expand_shape %transposed_29 [[0, 1], [2], [3]] output_shape [2, 4, 8, 8] : tensor<8x8x8xf16> into tensor<2x4x8x8xf16>
    %expanded_37 = tensor.expand_shape %transposed_32 [[0, 1], [2], [3]] output_shape [2, 4, 8, 8] : tensor<8x8x8xf16> into tensor<2x4x8x8xf16>
    %expanded_38 = tensor.expand_shape %transposed_35 [[0, 1], [2], [3]] output_shape [2, 4, 8, 8] : tensor<8x8x8xf16> into tensor<2x4x8x8xf16>
    %12 = tensor.empty() : tensor<2x4x8x8xf32>
    %13 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_36 : tensor<2x4x8x8xf16>) outs(%12 : tensor<2x4x8x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %121 = arith.extf %in : f16 to f32
      linalg.yield %121 : f32
    } -> tensor<2x4x8x8xf32>
    %14 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_37 : tensor<2x4x8x8xf16>) outs(%12 : tensor<2x4x8x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %121 = arith.extf %in : f16 to f32
      linalg.yield %121 : f32
    } -> tensor<2x4x8x8xf32>
    %15 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_38 : tensor<2x4x8x8xf16>) outs(%12 : tensor<2x4x8x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %121 = arith.extf %in : f16 to f32
      linalg.yield %121 : f32
    } -> tensor<2x4x8x8xf32>
    %16 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13 : tensor<2x4x8x8xf32>) outs(%12 : tensor<2x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %121 = arith.truncf %cst_18 : f64 to f32
      %122 = arith.mulf %in, %121 : f32
      linalg.yield %122 : f32
    } -> tensor<2x4x8x8xf32>
    %transposed_39 = linalg.transpose ins(%14 : tensor<2x4x8x8xf32>) outs(%12 : tensor<2x4x8x8xf32>) permutation = [0, 1, 3, 2] 
    %17 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_39 : tensor<2x4x8x8xf32>) outs(%12 : tensor<2x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %121 = arith.truncf %cst_18 : f64 to f32
      %122 = arith.mulf %in, %121 : f32
      linalg.yield %122 : f32
    } -> tensor<2x4x8x8xf32>
    %collapsed_40 = tensor.collapse_shape %16 [[0, 1], [2], [3]] : tensor<2x4x8x8xf32> into tensor<8x8x8xf32>
    %collapsed_41 = tensor.collapse_shape %17 [[0, 1], [2], [3]] : tensor<2x4x8x8xf32> into tensor<8x8x8xf32>
    %18 = tensor.empty() : tensor<8x8x8xf32>
    %19 = linalg.fill ins(%cst : f32) outs(%18 : tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
    %20 = linalg.batch_matmul ins(%collapsed_40, %collapsed_41 : tensor<8x8x8xf32>, tensor<8x8x8xf32>) outs(%19 : tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
    %expanded_42 = tensor.expand_shape %20 [[0, 1], [2], [3]] output_shape [2, 4, 8, 8] : tensor<8x8x8xf32> into tensor<2x4x8x8xf32>
    %21 = tensor.empty() : tensor<2x4x8xi64>
    %22 = linalg.fill ins(%c0_i64 : i64) outs(%21 : tensor<2x4x8xi64>) -> tensor<2x4x8xi64>
    %23 = tensor.empty() : tensor<2x4x8xf32>
    %24 = linalg.fill ins(%cst_0 : f32) outs(%23 : tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
    %25:2 = linalg.generic {indexing_maps = [#map3, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%expanded_42 : tensor<2x4x8x8xf32>) outs(%24, %22 : tensor<2x4x8xf32>, tensor<2x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_58: i64):
      %121 = linalg.index 3 : index
      %122 = arith.index_cast %121 : index to i64
      %123 = arith.maximumf %in, %out : f32
      %124 = arith.cmpf ogt, %in, %out : f32
      %125 = arith.select %124, %122, %out_58 : i64
      linalg.yield %123, %125 : f32, i64
    } -> (tensor<2x4x8xf32>, tensor<2x4x8xi64>)
    %expanded_43 = tensor.expand_shape %25#0 [[0], [1], [2, 3]] output_shape [2, 4, 8, 1] : tensor<2x4x8xf32> into tensor<2x4x8x1xf32>
    %26 = linalg.generic {indexing_maps = [#map3, #map5, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_42, %expanded_43 : tensor<2x4x8x8xf32>, tensor<2x4x8x1xf32>) outs(%12 : tensor<2x4x8x8xf32>) {
    ^bb0(%in: f32, %in_58: f32, %out: f32):
      %121 = arith.subf %in, %in_58 : f32
      linalg.yield %121 : f32
    } -> tensor<2x4x8x8xf32>
    %27 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26 : tensor<2x4x8x8xf32>) outs(%12 : tensor<2x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %121 = math.exp %in : f32
      linalg.yield %121 : f32
    } -> tensor<2x4x8x8xf32>
    %28 = tensor.empty() : tensor<2x4x8x1xf32>
    %29 = linalg.fill ins(%cst : f32) outs(%28 : tensor<2x4x8x1xf32>) -> tensor<2x4x8x1xf32>
    %30 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%27 : tensor<2x4x8x8xf32>) outs(%29 : tensor<2x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %121 = arith.addf %in, %out : f32
      linalg.yield %121 : f32
    } -> tensor<2x4x8x1xf32>
    %31 = linalg.generic {indexing_maps = [#map3, #map5, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27, %30 : tensor<2x4x8x8xf32>, tensor<2x4x8x1xf32>) outs(%12 : tensor<2x4x8x8xf32>) {
    ^bb0(%in: f32, %in_58: f32, %out: f32):
      %121 = arith.divf %in, %in_58 : f32
      linalg.yield %121 : f32
    } -> tensor<2x4x8x8xf32>
    %32 = tensor.empty() : tensor<2x4x8x8xi1>
    %33 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_42 : tensor<2x4x8x8xf32>) outs(%32 : tensor<2x4x8x8xi1>) {
    ^bb0(%in: f32, %out: i1):
      %121 = arith.extf %in : f32 to f64
      %122 = arith.cmpf oeq, %121, %cst_17 : f64
      linalg.yield %122 : i1
    } -> tensor<2x4x8x8xi1>
    %34 = tensor.empty() : tensor<2x4x8x1xi1>
    %35 = linalg.fill ins(%true : i1) outs(%34 : tensor<2x4x8x1xi1>) -> tensor<2x4x8x1xi1>
    %36 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%33 : tensor<2x4x8x8xi1>) outs(%35 : tensor<2x4x8x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %121 = arith.andi %in, %out : i1
      linalg.yield %121 : i1
    } -> tensor<2x4x8x1xi1>
    %37 = linalg.generic {indexing_maps = [#map5, #map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%36, %cst_5, %31 : tensor<2x4x8x1xi1>, tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) outs(%12 : tensor<2x4x8x8xf32>) {
    ^bb0(%in: i1, %in_58: f32, %in_59: f32, %out: f32):
      %121 = arith.select %in, %in_58, %in_59 : f32
      linalg.yield %121 : f32
    } -> tensor<2x4x8x8xf32>
    %collapsed_44 = tensor.collapse_shape %37 [[0, 1], [2], [3]] : tensor<2x4x8x8xf32> into tensor<8x8x8xf32>
    %collapsed_45 = tensor.collapse_shape %15 [[0, 1], [2], [3]] : tensor<2x4x8x8xf32> into tensor<8x8x8xf32>
    %38 = linalg.batch_matmul ins(%collapsed_44, %collapsed_45 : tensor<8x8x8xf32>, tensor<8x8x8xf32>) outs(%19 : tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
    %expanded_46 = tensor.expand_shape %38 [[0, 1], [2], [3]] output_shape [2, 4, 8, 8] : tensor<8x8x8xf32> into tensor<2x4x8x8xf32>
    %39 = tensor.empty() : tensor<2x4x8x8xf16>
    %40 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_46 : tensor<2x4x8x8xf32>) outs(%39 : tensor<2x4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %121 = arith.truncf %in : f32 to f16
      linalg.yield %121 : f16
    } -> tensor<2x4x8x8xf16>
    %41 = tensor.empty() : tensor<8x2x4x8xf16>
    %transposed_47 = linalg.transpose ins(%40 : tensor<2x4x8x8xf16>) outs(%41 : tensor<8x2x4x8xf16>) permutation = [2, 0, 1, 3] 
    %collapsed_48 = tensor.collapse_shape %transposed_47 [[0, 1], [2, 3]] : tensor<8x2x4x8xf16> into tensor<16x32xf16>
    %42 = tensor.empty() : tensor<32x32xf16>
    %transposed_49 = linalg.transpose ins(%cst_16 : tensor<32x32xf16>) outs(%42 : tensor<32x32xf16>) permutation = [1, 0] 
    %43 = tensor.empty() : tensor<32xf32>
    %44 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel"]} ins(%cst_15 : tensor<32xf16>) outs(%43 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %121 = arith.extf %in : f16 to f32
      linalg.yield %121 : f32
    } -> tensor<32xf32>
    %45 = tensor.empty() : tensor<16x32xf32>
    %46 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%collapsed_48 : tensor<16x32xf16>) outs(%45 : tensor<16x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %121 = arith.extf %in : f16 to f32
      linalg.yield %121 : f32
    } -> tensor<16x32xf32>
    %47 = tensor.empty() : tensor<32x32xf32>
    %48 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%transposed_49 : tensor<32x32xf16>) outs(%47 : tensor<32x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %121 = arith.extf %in : f16 to f32
      linalg.yield %121 : f32
    } -> tensor<32x32xf32>
    %49 = linalg.fill ins(%cst : f32) outs(%45 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %50 = linalg.matmul ins(%46, %48 : tensor<16x32xf32>, tensor<32x32xf32>) outs(%49 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %51 = linalg.generic {indexing_maps = [#map7, #map8, #map7], iterator_types = ["parallel", "parallel"]} ins(%50, %44 : tensor<16x32xf32>, tensor<32xf32>) outs(%45 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_58: f32, %out: f32):
      %121 = arith.addf %in, %in_58 : f32
      linalg.yield %121 : f32
    } -> tensor<16x32xf32>
    %52 = tensor.empty() : tensor<16x32xf16>
    %53 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%51 : tensor<16x32xf32>) outs(%52 : tensor<16x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %121 = arith.truncf %in : f32 to f16
      linalg.yield %121 : f16
    } -> tensor<16x32xf16>
    %expanded_50 = tensor.expand_shape %53 [[0, 1], [2]] output_shape [8, 2, 32] : tensor<16x32xf16> into tensor<8x2x32xf16>
    %54 = tensor.empty() : tensor<2x8x32xf16>
    %transposed_51 = linalg.transpose ins(%expanded_50 : tensor<8x2x32xf16>) outs(%54 : tensor<2x8x32xf16>) permutation = [1, 0, 2] 
    %55 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %transposed_51 : tensor<2x8x32xf16>, tensor<2x8x32xf16>) outs(%54 : tensor<2x8x32xf16>) {
    ^bb0(%in: f16, %in_58: f16, %out: f16):
      %121 = arith.addf %in, %in_58 : f16
      linalg.yield %121 : f16
    } -> tensor<2x8x32xf16>
    %56 = tensor.empty() : tensor<2x8x32xf32>
    %57 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%55 : tensor<2x8x32xf16>) outs(%56 : tensor<2x8x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %121 = arith.extf %in : f16 to f32
      linalg.yield %121 : f32
    } -> tensor<2x8x32xf32>
    %58 = tensor.empty() : tensor<2x8x32xf64>
    %59 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57 : tensor<2x8x32xf32>) outs(%58 : tensor<2x8x32xf64>) {
    ^bb0(%in: f32, %out: f64):
      %121 = arith.extf %in : f32 to f64
      linalg.yield %121 : f64
    } -> tensor<2x8x32xf64>
    %60 = tensor.empty() : tensor<2x8x1xf64>
    %61 = linalg.fill ins(%cst_1 : f64) outs(%60 : tensor<2x8x1xf64>) -> tensor<2x8x1xf64>
    %62 = linalg.generic {indexing_maps = [#map1, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%59 : tensor<2x8x32xf64>) outs(%61 : tensor<2x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %121 = arith.addf %in, %out : f64
      linalg.yield %121 : f64
    } -> tensor<2x8x1xf64>
    %63 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62 : tensor<2x8x1xf64>) outs(%60 : tensor<2x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %121 = arith.divf %in, %cst_21 : f64
      linalg.yield %121 : f64
    } -> tensor<2x8x1xf64>
    %64 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59, %63 : tensor<2x8x32xf64>, tensor<2x8x1xf64>) outs(%58 : tensor<2x8x32xf64>) {
    ^bb0(%in: f64, %in_58: f64, %out: f64):
      %121 = arith.subf %in, %in_58 : f64
      linalg.yield %121 : f64
    } -> tensor<2x8x32xf64>
    %65 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64, %64 : tensor<2x8x32xf64>, tensor<2x8x32xf64>) outs(%58 : tensor<2x8x32xf64>) {
    ^bb0(%in: f64, %in_58: f64, %out: f64):
      %121 = arith.mulf %in, %in_58 : f64
      linalg.yield %121 : f64
    } -> tensor<2x8x32xf64>
    %66 = linalg.generic {indexing_maps = [#map1, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%65 : tensor<2x8x32xf64>) outs(%61 : tensor<2x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %121 = arith.addf %in, %out : f64
      linalg.yield %121 : f64
    } -> tensor<2x8x1xf64>
    %67 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66 : tensor<2x8x1xf64>) outs(%60 : tensor<2x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %121 = arith.divf %in, %cst_21 : f64
      linalg.yield %121 : f64
    } -> tensor<2x8x1xf64>
    %68 = tensor.empty() : tensor<2x8x1xf32>
    %69 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67 : tensor<2x8x1xf64>) outs(%68 : tensor<2x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %121 = arith.truncf %in : f64 to f32
      linalg.yield %121 : f32
    } -> tensor<2x8x1xf32>
    %70 = linalg.fill ins(%cst : f32) outs(%68 : tensor<2x8x1xf32>) -> tensor<2x8x1xf32>
    %71 = linalg.generic {indexing_maps = [#map1, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%57 : tensor<2x8x32xf32>) outs(%70 : tensor<2x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %121 = arith.addf %in, %out : f32
      linalg.yield %121 : f32
    } -> tensor<2x8x1xf32>
    %72 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71 : tensor<2x8x1xf32>) outs(%68 : tensor<2x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %121 = arith.divf %in, %cst_22 : f32
      linalg.yield %121 : f32
    } -> tensor<2x8x1xf32>
    %73 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69 : tensor<2x8x1xf32>) outs(%68 : tensor<2x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %121 = arith.truncf %cst_14 : f64 to f32
      %122 = arith.addf %in, %121 : f32
      linalg.yield %122 : f32
    } -> tensor<2x8x1xf32>
    %74 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%73 : tensor<2x8x1xf32>) outs(%68 : tensor<2x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %121 = math.rsqrt %in : f32
      linalg.yield %121 : f32
    } -> tensor<2x8x1xf32>
    %75 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57, %72 : tensor<2x8x32xf32>, tensor<2x8x1xf32>) outs(%56 : tensor<2x8x32xf32>) {
    ^bb0(%in: f32, %in_58: f32, %out: f32):
      %121 = arith.subf %in, %in_58 : f32
      linalg.yield %121 : f32
    } -> tensor<2x8x32xf32>
    %76 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75, %74 : tensor<2x8x32xf32>, tensor<2x8x1xf32>) outs(%56 : tensor<2x8x32xf32>) {
    ^bb0(%in: f32, %in_58: f32, %out: f32):
      %121 = arith.mulf %in, %in_58 : f32
      linalg.yield %121 : f32
    } -> tensor<2x8x32xf32>
    %77 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76, %cst_13 : tensor<2x8x32xf32>, tensor<32xf16>) outs(%56 : tensor<2x8x32xf32>) {
    ^bb0(%in: f32, %in_58: f16, %out: f32):
      %121 = arith.extf %in_58 : f16 to f32
      %122 = arith.mulf %in, %121 : f32
      linalg.yield %122 : f32
    } -> tensor<2x8x32xf32>
    %78 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77, %cst_12 : tensor<2x8x32xf32>, tensor<32xf16>) outs(%56 : tensor<2x8x32xf32>) {
    ^bb0(%in: f32, %in_58: f16, %out: f32):
      %121 = arith.extf %in_58 : f16 to f32
      %122 = arith.addf %in, %121 : f32
      linalg.yield %122 : f32
    } -> tensor<2x8x32xf32>
    %79 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78 : tensor<2x8x32xf32>) outs(%54 : tensor<2x8x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %121 = arith.truncf %in : f32 to f16
      linalg.yield %121 : f16
    } -> tensor<2x8x32xf16>
    %collapsed_52 = tensor.collapse_shape %79 [[0, 1], [2]] : tensor<2x8x32xf16> into tensor<16x32xf16>
    %80 = tensor.empty() : tensor<32x64xf16>
    %transposed_53 = linalg.transpose ins(%cst_11 : tensor<64x32xf16>) outs(%80 : tensor<32x64xf16>) permutation = [1, 0] 
    %81 = tensor.empty() : tensor<64xf32>
    %82 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel"]} ins(%cst_10 : tensor<64xf16>) outs(%81 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %121 = arith.extf %in : f16 to f32
      linalg.yield %121 : f32
    } -> tensor<64xf32>
    %83 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%collapsed_52 : tensor<16x32xf16>) outs(%45 : tensor<16x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %121 = arith.extf %in : f16 to f32
      linalg.yield %121 : f32
    } -> tensor<16x32xf32>
    %84 = tensor.empty() : tensor<32x64xf32>
    %85 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%transposed_53 : tensor<32x64xf16>) outs(%84 : tensor<32x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %121 = arith.extf %in : f16 to f32
      linalg.yield %121 : f32
    } -> tensor<32x64xf32>
    %86 = tensor.empty() : tensor<16x64xf32>
    %87 = linalg.fill ins(%cst : f32) outs(%86 : tensor<16x64xf32>) -> tensor<16x64xf32>
    %88 = linalg.matmul ins(%83, %85 : tensor<16x32xf32>, tensor<32x64xf32>) outs(%87 : tensor<16x64xf32>) -> tensor<16x64xf32>
    %89 = linalg.generic {indexing_maps = [#map7, #map8, #map7], iterator_types = ["parallel", "parallel"]} ins(%88, %82 : tensor<16x64xf32>, tensor<64xf32>) outs(%86 : tensor<16x64xf32>) {
    ^bb0(%in: f32, %in_58: f32, %out: f32):
      %121 = arith.addf %in, %in_58 : f32
      linalg.yield %121 : f32
    } -> tensor<16x64xf32>
    %90 = tensor.empty() : tensor<16x64xf16>
    %91 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%89 : tensor<16x64xf32>) outs(%90 : tensor<16x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %121 = arith.truncf %in : f32 to f16
      linalg.yield %121 : f16
    } -> tensor<16x64xf16>
    %expanded_54 = tensor.expand_shape %91 [[0, 1], [2]] output_shape [2, 8, 64] : tensor<16x64xf16> into tensor<2x8x64xf16>
    %92 = tensor.empty() : tensor<2x8x64xf16>
    %93 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_54 : tensor<2x8x64xf16>) outs(%92 : tensor<2x8x64xf16>) {
    ^bb0(%in: f16, %out: f16):
      %121 = math.sqrt %cst_3 : f16
      %122 = arith.divf %in, %121 : f16
      %123 = math.erf %122 : f16
      %124 = arith.addf %123, %cst_2 : f16
      %125 = arith.mulf %124, %cst_4 : f16
      %126 = arith.mulf %in, %125 : f16
      linalg.yield %126 : f16
    } -> tensor<2x8x64xf16>
    %collapsed_55 = tensor.collapse_shape %93 [[0, 1], [2]] : tensor<2x8x64xf16> into tensor<16x64xf16>
    %94 = tensor.empty() : tensor<64x32xf16>
    %transposed_56 = linalg.transpose ins(%cst_9 : tensor<32x64xf16>) outs(%94 : tensor<64x32xf16>) permutation = [1, 0] 
    %95 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel"]} ins(%cst_8 : tensor<32xf16>) outs(%43 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %121 = arith.extf %in : f16 to f32
      linalg.yield %121 : f32
    } -> tensor<32xf32>
    %96 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%collapsed_55 : tensor<16x64xf16>) outs(%86 : tensor<16x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %121 = arith.extf %in : f16 to f32
      linalg.yield %121 : f32
    } -> tensor<16x64xf32>
    %97 = tensor.empty() : tensor<64x32xf32>
    %98 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%transposed_56 : tensor<64x32xf16>) outs(%97 : tensor<64x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %121 = arith.extf %in : f16 to f32
      linalg.yield %121 : f32
    } -> tensor<64x32xf32>
    %99 = linalg.matmul ins(%96, %98 : tensor<16x64xf32>, tensor<64x32xf32>) outs(%49 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %100 = linalg.generic {indexing_maps = [#map7, #map8, #map7], iterator_types = ["parallel", "parallel"]} ins(%99, %95 : tensor<16x32xf32>, tensor<32xf32>) outs(%45 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_58: f32, %out: f32):
      %121 = arith.addf %in, %in_58 : f32
      linalg.yield %121 : f32
    } -> tensor<16x32xf32>
    %101 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%100 : tensor<16x32xf32>) outs(%52 : tensor<16x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %121 = arith.truncf %in : f32 to f16
      linalg.yield %121 : f16
    } -> tensor<16x32xf16>
    %expanded_57 = tensor.expand_shape %101 [[0, 1], [2]] output_shape [2, 8, 32] : tensor<16x32xf16> into tensor<2x8x32xf16>
    %102 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79, %expanded_57 : tensor<2x8x32xf16>, tensor<2x8x32xf16>) outs(%54 : tensor<2x8x32xf16>) {
    ^bb0(%in: f16, %in_58: f16, %out: f16):
      %121 = arith.addf %in, %in_58 : f16
      linalg.yield %121 : f16
    } -> tensor<2x8x32xf16>
    %103 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%102 : tensor<2x8x32xf16>) outs(%56 : tensor<2x8x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %121 = arith.extf %in : f16 to f32
      linalg.yield %121 : f32
    } -> tensor<2x8x32xf32>
    %104 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103 : tensor<2x8x32xf32>) outs(%58 : tensor<2x8x32xf64>) {
    ^bb0(%in: f32, %out: f64):
      %121 = arith.extf %in : f32 to f64
      linalg.yield %121 : f64
    } -> tensor<2x8x32xf64>
    %105 = linalg.generic {indexing_maps = [#map1, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%104 : tensor<2x8x32xf64>) outs(%61 : tensor<2x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %121 = arith.addf %in, %out : f64
      linalg.yield %121 : f64
    } -> tensor<2x8x1xf64>
    %106 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105 : tensor<2x8x1xf64>) outs(%60 : tensor<2x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %121 = arith.divf %in, %cst_21 : f64
      linalg.yield %121 : f64
    } -> tensor<2x8x1xf64>
    %107 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%104, %106 : tensor<2x8x32xf64>, tensor<2x8x1xf64>) outs(%58 : tensor<2x8x32xf64>) {
    ^bb0(%in: f64, %in_58: f64, %out: f64):
      %121 = arith.subf %in, %in_58 : f64
      linalg.yield %121 : f64
    } -> tensor<2x8x32xf64>
    %108 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%107, %107 : tensor<2x8x32xf64>, tensor<2x8x32xf64>) outs(%58 : tensor<2x8x32xf64>) {
    ^bb0(%in: f64, %in_58: f64, %out: f64):
      %121 = arith.mulf %in, %in_58 : f64
      linalg.yield %121 : f64
    } -> tensor<2x8x32xf64>
    %109 = linalg.generic {indexing_maps = [#map1, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%108 : tensor<2x8x32xf64>) outs(%61 : tensor<2x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %121 = arith.addf %in, %out : f64
      linalg.yield %121 : f64
    } -> tensor<2x8x1xf64>
    %110 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%109 : tensor<2x8x1xf64>) outs(%60 : tensor<2x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %121 = arith.divf %in, %cst_21 : f64
      linalg.yield %121 : f64
    } -> tensor<2x8x1xf64>
    %111 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%110 : tensor<2x8x1xf64>) outs(%68 : tensor<2x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %121 = arith.truncf %in : f64 to f32
      linalg.yield %121 : f32
    } -> tensor<2x8x1xf32>
    %112 = linalg.generic {indexing_maps = [#map1, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%103 : tensor<2x8x32xf32>) outs(%70 : tensor<2x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %121 = arith.addf %in, %out : f32
      linalg.yield %121 : f32
    } -> tensor<2x8x1xf32>
    %113 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%112 : tensor<2x8x1xf32>) outs(%68 : tensor<2x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %121 = arith.divf %in, %cst_22 : f32
      linalg.yield %121 : f32
    } -> tensor<2x8x1xf32>
    %114 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%111 : tensor<2x8x1xf32>) outs(%68 : tensor<2x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %121 = arith.truncf %cst_14 : f64 to f32
      %122 = arith.addf %in, %121 : f32
      linalg.yield %122 : f32
    } -> tensor<2x8x1xf32>
    %115 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%114 : tensor<2x8x1xf32>) outs(%68 : tensor<2x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %121 = math.rsqrt %in : f32
      linalg.yield %121 : f32
    } -> tensor<2x8x1xf32>
    %116 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103, %113 : tensor<2x8x32xf32>, tensor<2x8x1xf32>) outs(%56 : tensor<2x8x32xf32>) {
    ^bb0(%in: f32, %in_58: f32, %out: f32):
      %121 = arith.subf %in, %in_58 : f32
      linalg.yield %121 : f32
    } -> tensor<2x8x32xf32>
    %117 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%116, %115 : tensor<2x8x32xf32>, tensor<2x8x1xf32>) outs(%56 : tensor<2x8x32xf32>) {
    ^bb0(%in: f32, %in_58: f32, %out: f32):
      %121 = arith.mulf %in, %in_58 : f32
      linalg.yield %121 : f32
    } -> tensor<2x8x32xf32>
    %118 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%117, %cst_7 : tensor<2x8x32xf32>, tensor<32xf16>) outs(%56 : tensor<2x8x32xf32>) {
    ^bb0(%in: f32, %in_58: f16, %out: f32):
      %121 = arith.extf %in_58 : f16 to f32
      %122 = arith.mulf %in, %121 : f32
      linalg.yield %122 : f32
    } -> tensor<2x8x32xf32>
    %119 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%118, %cst_6 : tensor<2x8x32xf32>, tensor<32xf16>) outs(%56 : tensor<2x8x32xf32>) {
    ^bb0(%in: f32, %in_58: f16, %out: f32):
      %121 = arith.extf %in_58 : f16 to f32
      %122 = arith.addf %in, %121 : f32
      linalg.yield %122 : f32
    } -> tensor<2x8x32xf32>
    %120 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%119 : tensor<2x8x32xf32>) outs(%54 : tensor<2x8x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %121 = arith.truncf %in : f32 to f16
      linalg.yield %121 : f16
    } -> tensor<2x8x32xf16>
    return %120 : tensor<2x8x32xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_32_torch.float16_5: "0x02000000A6B29833F9B5F0B4043A98BC65A3C220FBAFFD3A3DB269395E3097B61FB8242D113A00B57135B421A83718383628863A222DFCB282B4B338042244B651AF2137",
      torch_tensor_32_torch.float16_4: "0x02000000463FD33C443A3A3DFF3ED43AE13DDF3FAA3E263ECC396A3E493F9A3F503AE839D439883AB63AAD3CB73ECB380E3F6A3D6A3DED3E753FC53ECE38583C023E6738",
      torch_tensor_32_torch.float16_3: "0x020000009D2C83284E2D921C392C7BAA8E2F3E2CF0AFCFAB0DADEEABF4928A2FF9A999AAC825C027BCA597A96CA5272483AD6D2F19A20A2EC7A8A51EB22480AFB625C1A5",
      torch_tensor_32_64_torch.float16: "0x0200000063190B8D149D9C2CB2AE2FAD45ABE4AE54AC562D062828AD34AF3F2DE3AFF62C7E2D51AE45285FA9D1A8082548AFCBAD9229E8A726AE979B1D18172ABE2C53AEFFA9AE2F8AAE702FFFAE572D3E2364AABEA787298B9EFF2A882FFEADF7A678ADC0ABD52659A4641C36A9CCA1B52B1B27452BA9AC6F2846ADB1252EA91FAA56A2BA2AF42F06ABC0AFBCAA452A3E2D5E2D18A44F24C82EB1ACDF2815AC07A4849D1E253C2DC2AAABA4F6A9A0A41B2EE92F682732A9B92BDDAC08AD122D01A8FBAF33AD44ACDB2FC72546AAFB27102B30251B2492A8542F232F25AD112A5C2EB5AEA3AAE1AD8D2DE92F8CA7EDAD9B2CB51C961ED3ABD6A9CD2DC92911A7F5183226A7A7282E742C64AEAD2B732C23AE6312A82795A34B244028F6AEF8AD352A602CCEAD862D74A56B2D3DA90729102E242C9BAFB4A7C3AEBE262A16A32AC5A963A40D2F2D2B12A44EA54DAAFA2EC8A12C2126AE742EF4A94D2D38AFA4ACD22607AFD82FFB2C722FD6267FAF402217AD3B2D6CAE2CA6EEAD58AC8627EBAC402E04AF7EA871AF682F6998912C79A89DA96C2C3B290521F1AE549BD3ABB22E732B3F25A4AFB52F30236AAE3BA4512D4222B1AC71ABE22F8FA66C2436AFED24822D112B112F7828672E5AAC8BA1C29C2CAE9BA85EADAA249FAC6B22E4AC0A2ED02CE42D462C25AE57AD302BDCAD692DCF2AEDADED28952B032DF8AEEEA7D8A1F0A947230BAE0C2B222CC1227EAB8D26D79DC7ADA82F8FAFD52D73A82C2F982F0F28CDA6732DE82DFAAD91AD072F0DA6B7AFE1AC3FA878AFDDA9362951ADC6A5AE277F2F66AB3F2DB7A51A2C042F52AE6B2FAEAC1DAFAFAA27A8642498A9EFAF9927F2AD0FA7FE2BAC2400A9FAADF62FB6AD45213C2D30A7CCAACF2FD6AEABA719AEF8AD4E2F9FADFA2D36AD542FB8AE2CA8642E19AFC697FC29322BD4A255AC3895852BDAAA9C2471ADE62D412624ACED2F452C1EAE282910AD0C2FCCAD3F2F022C70A5CA2F86AB6E9F3928A22C282E77AF2327A92D57A9F327A6079EA08CA16AAF19ADB92DAF2F67A4872EB5AC752E662CE128ED9E4AA2872BF6A421AD022D1DAD8BABCC2F00293F2BF12D35AAC92F61AD0E20C5AD58AE6A233414292D0EAE9929DFA4C22602A60E275D0EF6AE15AFFEA7F3AF50A71A2CEA2D6D236C26752C0AA3371085A0912C3C2FEFA32A2FFC2B2D2E1E2820A22A2E75280514A72F3FA9A8298EA17AA873ADDA2EE1AF3928932CCBAFDA2FC2ADD22B122BFA1A8728572B882DCC9F91238621202A49290B2B52A8B12956A6BF2FF9AF2FA511A5822A672FD6AC412D29A09FAB2B01EE252AA18EAB7F2C992A2B2A989CD1279BA93EAD6BAD4A2EE3A9EAACC1ACE02FC1A7C5ACB0AB2E2F479C792C2D2C112BBB2DA5AE7F2CF22D212C08AC3DABD1AF2AAFE4209D28052CE31E44AC519C56235E2FD329692479A3D32BD22D5E2408AE902F77A523AFFAAD06AF91293D2E89ADBEAA341A0C2F14A9BB2B332D53AA50AD64AAA02E0F2D302D3920A62BC3A5232DD8AEE52FF7284B267CAA98AD3F99C6AD1C23AD2AF72EB2AE5CAC482C782FEC2A89AC7FA9EFACA92CFAAEB6AEE32EC0AE78AB1CA8C22CBC2FC4AC00AE77279928B42C942C0AAD7B26F3AC922D5B23482D03A983A9E1AD7BAF1B2D532DDA2DCFAEE62BF9AF642AF72E8AAD10AE11AEFD174A20AD2AE3A4572B2EAB19AD729E5E2F822BEDAEA1A1B018F1A6D8197D21C8A92D298F2F002C4BAE43A4C7A941A1952C102A88220D280128D8AE03A7842436AE13A7702C4EADEE2EBD2A18AEFF2F05A9982DBB2AADACF4AC8529D22E96A7512C612F8FA8C72F93A90C16E32D1AACD02C439B36289AAD81A569AA2D2F4FADF62D9329A82D7EACC0A92EAF692E78A6182D45AAEC2E5626BF27A52EA8A8932855ACD1280E27A7241A9DC42B8DA974AC1FA8F32AF3AE08ABFAAD482DA7AC8B2EA2AD69A930AA2B2A6B2FDE295B20F92978AED5266DADD4ACB9AC712F3328F2AC9D9FB5AF7B28AE2A182F2A2AD9AE70A6592F9DAAB62DD728FD2C012D61AC9B2A5026EDADF82F94290BAFFEABF823DEAE91ADC32126AEEAA1B92FA4ACF42AADAE0898002FE7AD33AFA8A49C9ABD2B041A6F2F1D2DB3AAF8AC772DF327151C33A4372B0DAB452DFB2DF82FE02BE7272CAC38A67CACF3A92B2CF92D27ACBFAFC62D8FAB0AA94C2A13281822EF2F8CAE24AA3FA0A4A6D02F5620C62711A79C25E6ACF32853A821AD842F7C229029AAA8312164AE242407A472A51F29BBADBF2C652BC023652CBDAD0A2F08A89BAC9D147E1C22271DA434281A2792A444AD76AFE62E49AC60A70D2CC2AC86ACC623901B9A2FEBAF8E9C9CADAC2EBAAB042D66AEBD2FAEADF8A50DA8259CFA2B56AE7328612C0A2C9CAA721D8CAFB6AEB7ADFC2A972EEBAAA22D2FA8CC9E2EAFE8A927A702A5752F652DE8298C24350F30A69B2C3FAEB1AD82AEDFA99CAB86AF192E0F2E12ACD8AE8CA5282F592630ADA2A4A22E982F23A7BBAA8FA713A1F32EE5AD7BAE719E5FAFE62F6CA89420FEAE35AD202D47AA9CAE92AD13AD522CE12C1523812CBB2D0029A01AC028692F002C7FA7AE2F6AA3BB2875AADD2DD62EDE2E83AC24AEE0AEC528A12FBFAB58A8B5A792AF032DBC16F82CC7AABCAC31ADCFAFA1AFD22D2BAA902C4C2D27A920ACFCAC292C202FB22893AA952D622FED94DD27569A03A64522FA2EB42C47228CA8DFAB2425CEAEC8A4AE2FB9AD02A974AC97A32BA1BDAA90AD582F7E279BAD5EA69D26C6A2EB25C12444ADFF245F2ECA2D88ADF1AA8DA8E528A2A71FABDEA953255DA4AB10BDAAE32C8022F52FE3ACBCACDAABEE2F27A855AA222F4E2AB229D22DF7AC852A0D207AA67E20F6AD17ACD5A8E2284FAABBADF92A81AC032CF52E8DA6BF25C1AA912CC0A8DB2E652F3128A428C7A8982C2EAF5025432EE72EDFABAFAA29AB802F90AD3D2EB1AE50ADBA2D5E268EAC91A7DFAFAC254C25D2AC2B2CF7A8DF2D85AE5AAA6F29DEAF41AE6EAE692CFD2C2D28F32B3B27822BE02A59AE71AC052D9BACEAAD192F472D9E29E71F002855ACAE2B7C289BA169A7388DFBA0FEAC3B2ED5A4B6AC372F4A2E102CED281EADA129142E0C2B75A9631760AF52AFAB2C86A8D62F11A1952D742C2AAC4593479F52AF171DD8AF9E22BC2D81A8492FBDA8812AF19D682A702E8FAE362D7C27FEAD7E2C012C0627D61B4EAC00B0A3AE9B2E8D2B81ADF32ABA2ED72681A942A4751F23299AAE7FAF60260AAC872A732B6628D12EB8AD492E24AB892EBFAE0C2CE02EA92E56A2682E26A35B274CAAEE2FBEA990AE642157AECCAFA72AA12FCC2F952FEDAFF92E20A88B26CB2FB39D042A292A652F262605A6BD25102DAFAE12AB1B2F2121C32C19AA2FACBA2F92AFDDA8E3A689AEA72E1CAF7928572E12ADA8ACBC25AEA25F286AAE11AF132F4FAC8BAFFBAEA12E392FDAAD0AAAE9289D2C25A44F2A64AE96AC012EBD272DA61F2F1F2E482C4CAD75AA9898412C4A909428F12E42294120CE2DB5AEB0A6912D22AE3EA0A6AB39A8762E0618369F14A9AA2BEDA54FAD74252027652C79A09227182EBCA9532E76AD80AB722CE626632F6DACFDA79BA6D42C02A94F2FD7A8D32B79A6512ECF2C6C29872174A5A8A4862B80A9F62FBD2CC02D542C9DAD962CA62FB2A72D1CC522B3AA4C20D4AD0529872CF6A9CA2D60AE19A25C2F7E2D41A87A2908A84D2C912D3C2BBC269BAD3A2B45ACDF2FEDAA87AABE2E18ABBF245AAD9AAE4722A8A8EB2CBEAB7D29D4288E2D212D37AD4E26ECAFF629F42BD4231E2D9A2FF0AC0FA57DAE63A2C2296CAA43AED6ADA41C7A2E4329A2AF9228452ACEAF3B282F2D8FAD35AF14AC002560285B9EAC29FDACC6A935AFF62F71AA0596772F05A9D12833AC3620BA004AAC63AFE4AEE5AE872C4926912CACA550A9BB2C28AE4FAC192FB9AC73A2B3206B2B609C9E1457ACFB277529F72891ADC7AEBCA9E81B2EA5B6AEB9A1352D6FA4812FB02EECAA49A0B3087629562C9B2FF82EA6A8572B71AB342AA72C012F3E286726822676ACAE2CB3ABB42F072C359D2F20B3AFDAAEFBAF99298FACEEAAA9A89D2CDCA98A2600234E2CA726962C3D2D78840E2E402C4E269AAF9C2BA6ACA4278F206FAE30262FAD60AD0D20FCAADBA604AC012F502B622FBEAC3DAA02A7B8AC4CAF42AD8F21D02861AB20A72EAD6D2CB62A4528F12AB22A6BA3332F27AF98ACE72DFD2F77AE0F2B052DD2A701AB17A58EAD62ACB4AEDEAD812DEC28602D1F1D5AAACDAE8AA61F2F472D71AFD4AE5E2579ACF02DEAAA8528FBA1ADAC892825A3DFAD53AC5D26E3AE63ABC1299BAC5E2FC6ACFC23FEAA5C2D4F282D2B8D21062FEB2EEAA0C1AFE02F12AC07ACE42BAE22EFACEC21D22CDCA93EAD712905AC87AEEA2C772A81AC9EA297AD3B28FFAC3BAFF3AAC526352BA2AEECAA7E26A7A7E82B54AD4EA885A80AACD72942AEEF2F562A331EE42DF494BAAF42AB772C30A500A750AD3F2887AB85AD12ABB4AF9C282DA4472D77ABC62C02A9EDAE352E77AA03AE7327C829C22B06A73B2CA0247B2C9F2FC3A334A6BD2C66AC8CAAB32E102D8A2F40ADD52C18A8442FEC2301A6C82D83ACD42D962A80AF8A2BEDA156A80EABC7AF01A6D82232A9E0AAEFA3D923D9A861AA55AE772DFBAF9012BB2040AFBEA98D2C55AC242F35AAAFA638A8362CD3AE1DA8361D0D2AFFAFF0AC3EAC422FD72E052FD5A6512AE59BD32DD5AEBCA7C52EE1194129FBAED2A9C7AEDD28C125DCAF09A859A8B5AD862F072836AC9D2DB2A9402C639BB7AC5F2AADAF6723F12F7D2E7B1D0BA428A8482CD11F712E8FAC10AE5EA9892D222D592CBBADE72F0B2D62AF342A5C2DC8A40C2819A5C52D182EBFA44E2EA5270BA8302B7D2FF8261026072EA8AAF92CEE28561C902D9BAE2BA8C62F6CA5D6A8A3ADEAAF442A5DA508AB3A26C52D6C2B55AD6C2685AD1F2D2AAADC2D1EAE462EF1ACAEADCB2C4DAF7311CDA5752C3DA9B7ACDD2A46111CAC84A6C1ADB5A076AD09AA802EEF116415B4AE3EA62EAA1AAFC72C62AB5F2EB8ACA21E10290520EB23E3A6362CA29B152C58A9ADAA9A270596EAAE852D6DAF452E6FAED4AEF02CB92BF32C29ABB7A4E520142AC79CDBAF32A87A2D0B9FC215AC2A7BA42E2DB5AAD6234025BF2E5A9DB1AC42A643A049A616A47FA8442BA0AFE8292AAD8A2F1A0D1B22BEAD6CA73C2DCC2B5DAD6C2E94A28A2E95202CAABF24902CAFAFE9ABA12DC82112ACEAA04A2CE71B70AED1AF0D2F73A8F8ADD8A49A2A1C2EEFAC7D2C7AAAB52669A1DDAD12A62EAFF2AEB6AAD2A9B6AC692982A58E2E732E2CA2C5A50196B79C1928BDA1FD2E9425652788AE8DAFE01E532D96A8C0285CAFA72517A76EAAA0AB38A0442C1A2F16AE10287DAF9228612D3624C92C9CAEA5281BACC725041E232D8C1C532BEC2C7FA6CCAD729E922A4BAF6DACEC2B7AAD2F2F24AD702E29AE75214C9B362A6124F62EDBA6282F23A87DAEE42D92261F28DB28DA2C082C6629B024B920592C4E2F60A828AF9127292C9AAD44AD56AE4D9E9FACF728D52B68ABFDAC7DAF3DAD4126519D02AA019D02AAEEAF36AE1FA834AF962CBBAB5BAD7CA0BEAEC72DF02CC22603AE4A2C62AE672E2EA7419F1DAF3A2902A8ACA515A9F8A91A24FB27AD2DDFA4B72CC9AF5D27F21C34A8D829DF9B88A27E2F1FAFEFAC3CAAFA2E29A9D2247BA6442D1B2D74ADAE21AEAFECAAF4ADDFA8E28999A93BAA25A9C92492AE7D2E63AB919801AE18AFFCACAEAEDEAF712DB82FD0AC1D2F9723932F68AE9A25FB2804AFFE2CB4A7382DD3A7D8AC",
      torch_tensor_64_torch.float16: "0x020000004229F0B02129DAAEFC30C4AA9AB033AD2A312F29052A4830D7AAC72F532DCF19EC30F5A1CDAE9DB1C2AF1BAFF32BB52CDEA9BC23F830009E612ED32B47313031E4AF66AD36AEAFAC47B0C8B0782F1B2D453002A88D2D86B123294BA54D293EA98C2CD6A99FAB6EA427A7DCAE61310D30502F1FADEC2FF0AF1C30EFA44AA7F7AD",
      torch_tensor_64_32_torch.float16: "0x02000000E8B0C4303CB156A90E3181AD91AC33AC053009AC1AA8F62FE5B0A9A6952DD1AAA8301B28B52C74A2222E88A5EDA5CFADD22831305F3053317529CF2AA6257DB0B7A9A42FCF2A61301B2B6629DAA26EAF612A7FA84FAE2BAC323088ACC4A99D9D3BB0AC2798AA48AC2EB0192F5B315231DD3054A576ACDEA3FD2B86AD94B15EA94F31152C0E30C130341AC6286FAC4CAB26AA62AF2DAB61AA80AA52B02BA97C30E29BFCA9DA27892F1231FF3055AE5F2BE0A965A65DA48CAC24AEEEA72BAC519DBB2BE8A9EB2FB3A61E31232D6029CB9F7FA6919DFAAD162F2882ADAD02AA31ACFBB0F1AD1FAD3B310531052E21319EB1C1AF7D2D652FE6986D2DE0AF232EAF2ABEAEE8ACF22CADACF5B04DAD422C092D03288CB15E307A3160AF00AD4E9C04A92D3094B027A57F3049318B2F97311EAF4B295A9EDEAC5BB0FBAE8AA98C30A5312430362B4AA09AAEBAADC6AE9CA6A5B1A6B065AC53B1F12D7DAC0C30F7ADDC2F192ED02F5626C0AF98A8FE29C1AE7F305AA912B19A3135B14931C8304D220DAC3F307D3124317FB1502C083187AE10AEBAAE7AB076B06CB0E5A85FACC62E1729AB9D0FB1832C082DA130C9B07E2F012C88A8662AA4ACAD2ED32DACA9EBA89AB1C52E7F30F423F4B0F02FC3B08930423140B170316DB1DAAB2EAA172C0830E18EEB30D22F7A2EDC26D8AA24AA8BAEC0306EA96FA8F59C342E682CD02E62AF12B1BC2C411B5A2E6E3011A87AB1A3AFCDB0E4ACD33027B015AD85AECFB0E4AF39290830DFAAF52C5FB14BA67FB070AE5B2EBFA253A43DA4BFAF133173B1F8AE0E26F32F8D1B642979AC6DB1BE2B75245EAC082E6B2DF925642D13AC892A6330432C9022112900A5FDB01BAEDA30BAA48B319DACE4302A2D2A304D3109AA69A4F72DB528E3AD99AED9AC1CB0D3B0A6A420A8DD2DB5AFC8ADB3A6F12EE7ADF0AE472F40AA97B1E4A83527392C53B0DAADF59D2795A1AC0F25C22ADFB0A8B13E270425B1309CAF881F549D1E2883AE7E251D2C84B1D42396B104B067A89830BA30A62F4D2A0DAEE3AE4BB07C2E2DA8CFAB3D2EE5AEE2AC4A29DB2D92B1F42BD2AACB9E2529A6B0A724C2B0DC2765B054B18A2CF1B0FF2F0B1E363160A4742C0E2446311AAE622304B0502D7931D8AEF3B0D72AA6A21A2840A6122D33A854932EAC412C422A8B30DA2E0E2819A4CEA3C3AD6F309FAF5831DDAC39AEAC1ACBA90BB029A9E12D561C8531062A18AF25B075AD22AF0B2A22AA0CB05D2F03B1ADACC82D622C9C2EAF27FEB0EA2905B1A2B181312B2335AF8D31BAAC85B03E2DB83059ADBC2F19ADD4A8B62E702C533071AB6E2EF72EA6AC3EB18D23152CC4B0CCB08130881EA4AFA331E23065ACE9202DAEE32A3F2E06302B31D2262AB06AB181282C2DBCAE1222EEB0942B7D2B87B103AAC6B0DAAFDBAE832F2EAD73A14B310BB1AB2D65A4BF1C003054B1692CAB2DE2A70126F92F9CAFBF30CFAFE62D9230442BD8B09C3113299DAA292FBB2F502B76B013284CAD65AE3B314EAE04B031AB953194AB6AB022AE8FAE642CED2C4D2E021E9EB0A3AF8E2D35B14B2892AF35A55BAB712ECB252BB06BAF41A3D62CCBA9B7ACD1B0342ACE2FC01023200DB096AEC6B010A180B0BEAD8F297DAF1C2E65305D2C112E3BAFE52C70263EA717A536AE732445B137AF982ADC28C1A274B1B4AFF5B04D312CB06630AD29FA24982A0AB076ACF82D6AAA9BB0482DD7AC2AAFDB2C952E752E62307A2C8CAF1E2D25AD9520462F9FAE7FB021B15827632C09303D31C12A1A31CAA7AB2E0DB036AF2E2CB92ECC26282A8F2FA02EA12D7D2AC4B090276C29832FE8281BAD4F2C8BAC9CAD3531E3AF5D31EDA94CAB49317827E1306531AE27CFB055B0B4A5FEAC1925FD3021AB0DB0CB2FD0B0FBB00CAEE93004AC5F314FA0BCA01E1ED5A995AFAEA46F2A0D2C8B95FF2896305E2AEEAF649D9AA88421AEAFBDA8F52B7C27A7318C2E7AA69D287D30942B6E319431A7AEC4AF1C31D0B0563035B144A4182C6CB0E72D1A2C69B0DAB0472454B0A5ACBAABDA2DB6ADA4AE492BDAB0122FB6A09825842B4FACA127CA2C433081985A2D8BB1342BA12E03AE9E3079312DB1CF2FF82FF6B08FA5CCAE13B1D3AD71ADADAB1F2F3B2E7FAD80AFDF2244AD1FAC392875AE932AEE2A72AF41A81F30A62F9A3143288E1C783114AFA1B11F30DEAE1B22AC2F0AAD8C2711ABA62A142FDCA3B0AC742FD2A806A85031A02DD12E92255EB042AD00287331AEB070AF2FA109AC95B1A42C3B2CBAA923AE082C92AC5B2F8D31A1AD88AC54B0C1ACD0A0B6B0212F7AB1EB23532ED928ABAF092BE2AFB9ADC22E26A268A7D82F622E522DABAE8430AC3014AAED30EE27A5B13A255EB1142CDF3040B0182E5631B4B0D9ABCD30322CCF2BF1A93D30FE273CAE44AE51B1C4AF6D260F2B47AA78B1AAA9052F721E32AC6E305230602DFBAE7DA92D2E1231C62E66B075B1462A6FA8FFA18531F226FDB0D6A40EAE722A1DA6CD2CD6B0098C342DE2300EB163ACB7A829B1A5B0A0B0A31101A440ACE0AE5BB18FA654B07E30E5AE80AE0FB0CEB08831862B342D0E2797A6602DF7B012AE59ACB7AC612AB1AB0630AA2063B1A9A94A2A4129FEAD682AFC2AB72781AE93AFCCB044AE2330833194A8C2AF072954B14D2772307FAEDBB04FB02AAC792EBCB094268A3012B162B0D13089AD09AC2B30D5A8BE2838AAD73094301B28A031802513B026AD3529A62160309C2DF72AAF2DF5AEA8AEBA91EFAE9430E8244F2E4FADAFAD78312BB0EB282330622EF0280931B28D7030252E6D9BFDA6D4207231642BD2AD52B102B09CB0832E77AA592EC9259CB0E1ABB72CE8A82E30312E7D318EB044308DAE84310A97BE30AFAC4BA261AE87AEC22D46303230542EB92AE922A3AC103158AF1DA023A81FA1F3AF9D1DFE20B42A0D2DFB30BAA7262DD2B00EAD9FB06A26DC300AA9972F8CABC8B047B04C30712F7CAE432A062309AF8FAC3A2FFD2DB5AD5FA827B086AF1CA9242A9A2BB6AD07314730BF23B1B02C3035A639AF1F2FBEB077A8C52BE3AA8FAC882DFAB03CAAC111E1306FA8C1AFE1B0452B47A86230DDADBC28662C2BA85A2D26ACC21E1FAB7030AAAECF2E7625082952A8FDAD7331492BFC30FD2C202E0AA396B0DF28ED28C2ADAB30DC2876AEBB2DD2304D9A2CACDB9D5A2D65A355AA231BF2AF9EB0B1AE5A3142AFEA3058A0D230E1ABBDAF9D2CC12FA33078314FAB0728962E6EA9B21E682D3B2EDCB0AEB047305EA3E7210B2EF0280FAB292F042E552B703165294331563169B001AF77AD20A25E97E6AF063178309BB07130ED2C12ABD2ACF42B52B18BB1312EB91DB02EF3AFEEAB97AF91298BAC662DF0AF1C30ADAC7EABB72DDC2A5DA0AB3049215AA8B42AF3B044B043B062AE01AA4B30AB2F19B142B1C930949DF5B03CB0F321933111A3192CA82B46B13BA82BB14631AC27E82228AD592E85AC0631F43039B19CAA0E305130B8AF6DAF2B309AB01A28082E702F742A8928C72F5CAFE4AFE69CC128CDAE00AC4CAB082CABB0D9307DB12F21A3B1562D8328CF2A95206C318A2D352F952666B196AFD3AF18A738A93A28B0AB822B2B31BD27A2B0242CB52509AC9EB01A250AAE26B0EFB0542CB122D9303A9F37263F9A50AE6EAECAAB8C2BDB2E81305CAB73B0DFAEF9B09E31C72F372F93107F308127CB216C2D86A99BAA2EB0B830F829BAAEE6B0412A4AA9F230D62C15A9143054AB71AA3BB0302A21AA2FA51CAD62301831642A8598AF2A3BAF63AB13B1B1182CB06CA5292C9B3048A60BA43B2C0DB040B054318BABB8AF2530CB2C492DC42B9F306F3028AE80316C241D2E03ACF32B332FDC2B6AAD462D91AF6F2EA92745B113A55CAD58B0392CC62DFDAFB228EA2ED4AA26AB142BE32C8AA5E5AD301E6BAB73B0D4AF40B097AEAAAE23AEC4AE4531893035312E2E1E9731AC87A3E3AFEE220728EBB0341DF3AE34A92F2C162DA729ADAC302DDEA8BD2CF62F8A9DD6ACDA2C33A99CAF7CA3AD2F942F8CB19CA9E5AE6E2FD12D1B2A9E307E2317AE19A896AC1D2D9FB0D0A56FAD08AB0E31E13017B06E270B1456311530209EC4301228FD2F1C27DAA58731B12DEDB0532DA9A9422E12AD39B0A2B136AAE92A612BC3A88D31C028863099AD452C47B051AEB8B0852B68ACD9308EB126AE26294BA5642FE51C5E30BAA225303AB10A3110AB202B6830EFB006AB012A69AEDF2F192CF32EA72974B10DAE609D82AE20B022B0C52D87B07431122C3FB180B16BB0C02D48B04F2F2AADC6A86EA29F3147AD223035AD9C2B64308231502B2CB026B08F30CFA047AE8BAF31B187A657B0E730072883AAFF2CBFA851318AAF262DAD9B46315AA88AA5072B0C2858B1EA23552CB0AC8229832C1324C02F77A6A82CF62979256AAF4DAF6A3088B0702AC1AA532C6CB082B16CB06D2CBE2C642CA2AC17AC9FA78AA525AE1E247CB1022F5B2FA4A0F8AA7029C72A1D3148AF14AF91AB99AE67AEF0AB7831272902B0EEAE43A874B055AC912BB6253031C0AF6A241428FEABA730262E5429302E5C30B0B06DA9F0AC95214AA8D1B04D2C20A855ACA1315B2DAAA005ADE4AD91A1282E372EEA294AB164ACFA20D82E05AA7CB038ACD0A8E6B0171B512CF5A965301631219EBBA20EAB7D2ED3301B3094309E31672E89B17127DD29FF2EAEAACFB01E316631C7304DB1ECAEDB2D76B08627C02B96A87F2F542DD0B06AACBE3041B183ACA9ABAAA29CACFBAE6A30CA2AA830022D7EABEB2C57B1DF9BAB3032A8BBA640306B3167B04CB176B18D2365ABF62D13AD563090AEBA249CB023AB6F315B2D48B1B6AEFD2F7699E627572EDDB039B0EB2C1030CEAD6824A1AE0DAC8F3062AD831AB72C24ADC72129A95C2F3F2929B0950F6830182C912EB22BDC2D7F309DA72B2A332607314FAE58B0152B3F2FE12CC62CFCAF0B2DCDA244B098AE562D59AFC1A92E30272B452E96AA9AB1DA226D2F16AF9EB06FACADA4E5308129202F3BA0F1AD9F31B12893B07A2E972B08AE34238FB1CDB0F8A5A631D4AAA6294EB1F22E3BAA982C70317190182608B099AE6FB051AD7B1CB2A2E52CB8AFE43034B1AB2C1CA90D22A3B08B245CB0CDB0E1AAA3AFE7AB85301E28BE2A462C3429BE2C2830C824E52E172D58A689AC9D3134AEB72B5E2AC5B05DADD62C08AE94ADBD2EE1AF47AE692EBE2EE02B07ADE42B0F2460B158ADBF2C11A930ACFDA0DE2BC229CAAC53B19AABFDB07EAD3530222D51AA002B01A70625302C66B1D22D9EA5D030EBAD66AFBBAD9626882E072F27AE8C3015A1DD2EFAA4F0AC79ACC7AB301A19AFDB30A6B0A92D7CAA1FAE521E7FA864B1E69D57302930E59F44302229352F192F292E912ED7B07E29DEA70A2A99AD9D31AFAAFA2CDA30BEB041AC8AB0F130CAAE343052A967B13AAE69A6043153B1F1ADFC2F22ACF6AC6B2BF3AD71AE0F3143AA91A8EFB0AB278CA81F2ED725C52F8F3022B0A1A5F92DAE301230723171B112AC15A66030DD3085B1DAA809AEACAFACAFD1B03630BE9EC52F2FB0362F35A03230252DCCA3912E70AB25276C26881A69A4A830E62595AF762E8AAF9C2F3B3119AC8328EF2CAD2AA2B00231A4AE692B2DAA15B00D2B10AB4A2D1A2872ACC026E7303129E1B0E9AFA62E23B0492A1C2C79304730B62A0A2D8E95E81F982F7AAF99AD952714B07C2EEC2F96AEDEADB8AE0D2F8FAD45A985AFE729C9A10A2B52A6AA2C12A7AA3084AA9430AA9DE324C9AC95AF80AE46B0C02E7A2DC3A1762D592CCD30FC306331A5ACDE3097B1262CBAAEC72F",
      torch_tensor_32_torch.float16_2: "0x020000005939B3342DBDFB38BE30DC316938E4362EB27C395CB260B91C20DA3571B0542DE9B82BB9BD3004B1D12741B8A23ABFB550BB8336972626BE97B86E3560BA4F38",
      torch_tensor_32_torch.float16_1: "0x020000001B38CD3C893FD33E7239653EBE38CD38FC3F9E3C2A380E39063D133D0B3F153C6B3EDC3D983E1A38043B4239AA3DB439413AA03D2D3E063E203F0D387E3CCE3F",
      torch_tensor_32_torch.float16: "0x0200000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_32_32_torch.float16: "0x02000000B52EB5A1D5B06BB16DADB72CFB226F249CB03B2E9BA9F02D9BB0371ABB2DB52AA0B1C33036B036B1D8AF5CB1212C43308C30F42B12AAC728032B9CB17894A7299430CF2E63AA1CA0352F2331CCAD9C31BFA70DAD0D946F3076AE531E83AE889CE72F9AAD16AD472A542DEFA236A9BBA1E12A0931192D5827832BC82A45A09BAF5AADEE2BF22BC1AD3EAE602E18A8E42E052A652821A5ECACB92918AFFEAC14B0B58320AE2CAC51ABFC2C452EA62F05A56031AFADFB25002A2CB10E2FF52F3B30D32F652EDEAE133041AC402A25B130A532AD7CAD37B0F5A304AF13AF3EB1762F1B30E9A64B2E2329E7AEABA6E82C2014A7A0CDA6FA2F12B03F233AAF9E2E92A3ACAE7DAF2AA48822D72E8FA8E6AD7AB1939FB93041B18DA86B30F93073AFEEB09D316DAD332A9DB12F2D22954AA8A1ADEC2C86AC06AD27AF9F30F71C2EA77528A82FBEB0682F2F2D1A2EC8A5C0AEF2A17931B6AEB4B0A4A99C2C7FB07EA3582808AAC4B00DAC5AAA452CA5B1C92879A5B82FE6AD602EF09B172B5BB11FA615AF412E05B13730D7B04A2F04ACDBB0D121D3B03B2B4E3151A496AE3E30CE247F21BE2D65B16FAD5B2BC1206FAC23B00F30B9AA6AA2652EF99883B029B10D24E828A02FCB2D9731272D7B2DED30ABACAD2D5DAA3526132E41B1BC2E0E286FAA5DAC1AAC1E294FA575295EAB6A187B30A6B11BA5392EE32CE52AB52F70B167B060B1DE30772EAA2F4E31A5AA4E31AD231929D9A974AB77AE352AB32ED1AE5FADB3A74BB135A72E2949A37B22D82ED2AF64ABBAA8D22CAC2AE5B0A2A364B06DB05225A6AE8230FCAD87A8202D8B2A7427849D8CA841AD80314B308FADCA2E652B9DAF5BAD66929FAE15AF3B9BECB06DAF3327AFA46C2D0C303A2F10AD4A2584AB7C2930B19B306D2FD2A8DCACB5303C2E7D31AFAEF2AF16B1D3A664139C30DDAD12B19B1FFA273B2A78AC70B046B19F31E3A93FA8282E02AE2EB183B1DAA0242B572D17AD9F221020E52ECFAE2B301DA9DD2CADB009AC41AE79AD61B031298731433012AF85A409AAF1ACF4AC052AE5ACECAF0D2660310F9E77313CAFC0303E9C09301D26BE29C1B021A8579848A7612F3BAC8CAC1BB07A2BAA300228F2AE4B2C0C262D2F2F894731E53034AF4F30A5AB87B1483116AE3327333170AD1130642951155D2C2DADD4ACC9B0AB30C5AC6F30EA25CBA1F830A92D382E55A6BB2C6FB1579C0591B5B025A88B2BA32F01244CAC5CAD50AF38AC7CAD4EB06F2849AF1D9C123087AF192F94B0CAB072318CADD43013313F2AA4ADD929B628B628A3258F313D269E2D37AC6EABB130A1A3B52CFBAC5F2864B05326F926A5A3902C122E05302AB111A38A2E852F6FB03983A9A086A7D92CBC2C24B13E2718AED62D249CDD2752A68230B1B0EB2C813178ACD22996AD77AD2DAE982D4C2FFBA581A515B01C2E262D18A01CAFAD2D63AF5E2F80B0F12BA7AF51257831F42F3AB065A982278DAB2BA846303CB06FB0A5B0969ABEA7E12932AED8AD25AD5A2C7731E3B0392E782FFAAF9AAE653067AC152E24230BB1182EEF24E3AEEE2749AC6BAE08ABA0B042B1969B61AFB32BA72F30A5C8B02CB1F22DEF21EBB0F3AC122B5A23712D53310FACE8AA9AB12E31C7A38DAA1AA4E7ACB1243330E62B9B2931AD452EA131D4B068AE7F315F30E9292D317D9B5929652D48313FB0102D9B2CBBACD4AC512CBDAE1A2E6A2F8E2D36AE5331502C8DB175B1032C382DE8306130062FCFAA24A216AF091EC828292DAA281B28DE086FB0EEAC40A90C2A021F5DAE43AD97A9D3308C2FDDB022AE362CCCAB0EAB9CB0A0A4CE2B053124AA7AAC2F282D237D2540B16B304598C5A352AB37B17BAB31B1A82CEFAD22B1BBAD6D2C4CAE5FB073AC5131412E6A29D3A99EACA42811305DB0673072B11DB165B1532B6F1FA42926B0D5AEC52C0930BFB0072102A282A9D32B50B08F2D68ACA32F9CA9EE2F8FAF23B19031AFAB221624300D31C02847B103AF0B2F2D2B252E3FAC3FB141A7862CE62F83AF8DADB830A4307D310930102AD88E35B011AC8BB1632FFA2E1A2D05A8CAB0EF302229C928C3A916B0FF2420A71B31342C9D2B2730F4AD9B2F341433B1192F9EAFF02E6430A9A273ABA1273A30BE2D5130419D46B0072DA922672944312FA92531AEAE52AF662F4D304CAC272834253A2BD7A683B18E2B7EB1CDAF75B0742CEC2C97AE1131F1AF2130F32CF6A87A302A309F3098B03BAC01B085301229B9ADF2A5D12F4831F91521B12AADF12FE3268F2FA930C0AB912E3BA504ADD0AF6B28EF286C2F8D3170B048A7D9AACA2D842D2131CB2FAF2F4BB07EAF88B094AD92ADE82F7DADDA30C6300E2FA32E04306B2784AF3A301F30B32FE6AFB4A5562FBE9D66A20CAEAA2DFD2CF0A82D30A8AEE22D999F92AC0127F0B09E30C9A8D2AD7124832E35307B2F2AA823293131142EA331D6276FB1B62ABFA90C286A2C622E5DAD33B02E31B9296D2D292A0FA835B114315C31879BEBA9F92C4BB13D2AD430E5A902A19E2D18A46D9B352B02A387927AA15B2E3A310B24A72606B04D2E652E1FB0A32E342AF2AE75A709B12026AF2DCFAFCCA2733056303A2F55AE1C9C75AD0F310020F9AE46A60621A12BE4A6AA2754B1D9AA412EA52C88318530DF2D7EAD1B31C22F0EAC3DAD9FAD2FAF892CE2AD00311629161A1E2B5F2E83A760B086B143314B313EACFB307B2CEBB0F9A61CB1E92C072C632D499F8E26CBAEB0B0FBAB212C2FA8ABA82DAEA6ADECADABA84931CAA9FDA5F2ADE2AE8AB135AF85AA3CA9CAAF02A3C5305EB0102F5AB01A280B178EB0CBAD60AD4FB09A2280B04531272150B086ACF1306F9F322DC62FC7ADDB30FAADB7B0DC2E4DB0AFAF4FB0E32B96A0DF30F8AC5E20DA2D64A7",
      torch_tensor_96_torch.float16: "0x02000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_96_32_torch.float16: "0x0200000093B29E2DA12B09B29F9F2F299331D832EAA8E5A834AA1AB1C72EC832F5310AB266B281B0FAA82BAB83B20BB27CB1FBAB341BA83289B23E30A8ADDB32CCB121B218A8BB2DABB17BAA70B1EC2F97AEB4AEFAB1322C5E32142B6B2D6B317AA36B94EC31A6AC5AB21F27E62D932C2631CA31DE0D1330D9B1F3251230403080B21132761FA7258C22BA1A2AB00A32572CDEB04FB1C42F7531FB28103292A471AD602ECB96C2265D243931792E492F3C2612ACD3B011A725B2D0AFC7AA2B31E2B211303DB06EB2AEB0ADB0B6320D3195327BAFA5B2A0AA7831262F81B1E9AB5A1EB532C4B0B330133077AF2AB125B09530BEB2B3305B3280B228A8B03001ABEB2D139845AE043142281BA8B32C5AAF4CA921B0F7AFFDAF79A312B14FA66CACC6A980AE44B066324D2DD6313EA21B31F81A391D6DB2CD2C9F2FAEAA24B2D8B0CD3003AC082F2829F1319C9F4C2AD1B0A7B02B3180B0B21D98B23FAD3AA72F304930C62CB2AAF72D1E2B712C03283CA37E32D630ADA3D1B2B52ADB28892E83B25229DB315527D8AE93AE292C1A2E5AB12B3241AFF529743013B1D930AF145DAC68B093310130F7A9B82A862B90B1233205B2262D002EC29A1AAFD4B194304EA205AEDBAC0226643138B2D62624B2C5B138B01B3168A9AC265B2D6C27442D27AF792B6531BEB2912F7AAAEC2F82AAC02A50B18BAB71AE55B1572B753229B1D8324926A8B2DDAB8730DFB161A8813243AC163078A984A7E4AF2E311DB290B032B257272DB04E32CD2D66301C269B315DAFA1ACD9319F2D4AB02E9ECE2D9A28E132BDADC5B2C82FD4239BB14FA23BB21D3049321C2BD03215B0F0A8B4280CA19C316C31F0AA56B2CA295D308E26FFAC992B7CB2C2317627BE32E931E72F06AD18AF3A238232B6A71B31ADA5792D98AFE51EF831A6B1CCAEF1A875B2F9B14A1CD4A68930ECA5DB30E12F6731BEA9CC260DB2F82FD42DB029EFA94C32B9B1452F0F32DC2CAE313EB037321831D2ADEC3149AEDBB17D32542CBC2FBF2AFF279E2C272D9DB088306923062E08B24BB036AEACB16831572812B147B05CAAD731B7AD4132982FFBB03BB2E92BBC3084A914B2282D9BAC91AEB6242E313BB23C2A4FA1C1B0CF3130A8A132EEB0C02258ABD129AEB21F2C62AFC32FF4AD6A975DB173B0982E2F32C631B3B192ACC230752DBE2F48329BABA8AC752449B2FAA98F3292A415AD69AD88A9499319B24631B0B2CDAEAFB108B0232C4DB072ADDDB001A13232DC2D39307FB1BBAC4C2E48A56231E2B0A5B25DB1F0AEDD30D5ACCCAE52A0AE2FE3B261AA1AAD74B033AC35A529B26D316D2CF21F9493802866325D29A91F819DB5B0D3B24AA945B2B82DC0AF0827D72DAFAFEDA99EB172A9A2317B2DBC309AAF2CB253AEBDAD1F3026AF763051B1D52B6927AF30903057B12832CC2AB632BF2DECB1FE2AAEA0A72E7AAD659C88B1A0A85DAF1C2C88B1AE18B726F61DBC32FBB1DF30E6B2C6AD34AE2BAF742CB5AD23AC8831242C042CA7ABE32BF9ADC92AFAB118B2532F9E2F5E3086AE42A840B0E5AFCA965BA915308F318E315AAC1E1CFFAC2329A2B267A935A53A2A272F13A59AAE373219AA28A9F3AF8D2ECF2F952FFF27CEB06732B2304E30F82D7928472F0BABCDB2909C26B1853112B278AD8C2B212EEC32AC31BA287E31272139AEDA19CE27341CADA01BB0512D3B2DFC2E27AD0F2B80306EAE07ACD62FE6AFF62897AAC6AC90B2B82CED1FEDB189A8982439299AB12FA52B313EB2E3B05930A3ADBBAE5AB03A2B42258D1B662C272C35B0BE20DCB286B1FE2E902571B0AAAFEA30D9B145B0483186B1FAAFF22F51B1BB2A6E31F62641AF89B05DB2692FE19D829C41B05BB146A9252C58301C31DDA4C7B2D53085AD472556A9D0AFB7ACB0A87BB135B035A7D12CE0327930A030D5A0032AAEACABB05231702EFB31ED2E29B047B2DA3203B1EEAB79AF3C2DA830E4A7212870A18EAEB932932E47ABB0B0ADAE2EAB3632E4AD922629301616632ECDAEF61B30251530B0318CB053AA37B04332DA314131CF2C0BAC7D2CAFB1F8980AB062B1EBB2532DEC3034AC8CB253AD9C2D4432542F4AAD6A32D92F2A22A9305AB0D42645252999BD30962F492A052CB5B035312A1388AE2A2B79AD94256824C0276B3071307F3122B1F1A7E1AAAFACCBB29E30E99CC0318932CE2C3FAC35320F300F3016A9DD299AB1C231E73102A7B6A128A1822C0620E2B112A6F0AC3C30A8B068B17D31ADB17A2ECDA888B26CB28A1FB3A45C2DD928F1AEED3165A3742960AD73AAB2AF29B00FB1832E0230AB2DD9B2972384B289AD991EAF2F75AD0A30FC2CEA1BDD32D9AA0A2ADDADAE1E622CE2B2E230802E82AD66B060AEAA2DD2B26FAECBB023329B2FDDB2D3B1C7AE6F311B31802FB02B61B1B5A80B3225B0D6AB9D3019ABE5AF80B00AB066B241A6D89D6430F9AED1ABDDB0D532BA18A5B25A2E9B2FB230E932C7A90C2A413117298DA606289AAC3431572D4830C02C9B2C812678AE809E702D38B0DF3262313BB0F3B0C42A21B1C32D7630FD2DB72329AF33B20B2C13316A9D64A190AD3B244DAD99B12E24F9AC51AFE1B137AC882586B1892844ACC22DE12D8FA99CB24EAAB8B1D4248BB289B10530F6AE0C2BC93172B147B258B17D2E4C32FA2923B19BAFC8ADA9B2812D2D31BF3151B22B2D4AA991B24F307D2F7DA2892273B0293056ACD691C2311DB09832FA2E42B0A4B0E3B14030B41F08A8453178A9502DF6289FA484AF9FB052B269314A32D332B52E49AA2AB0DBB259ADC4B0A2ABE2B0F7B0739DD9B01626429FC031A42FF62DA1B0BB29D6AF1E30623273B1F93146B0C3ADDAAF7B2C12B241B06B28C9AE8D31F7A45E2DE12D74B0C7318430012D56B2B63298B0C2316632EA9A0D2E2BB1B4302924D229E0A7D73084B1A828C02D2D3081AF0A251F2CECAEB3AEB026A0AEEB32C62AA1AC922AF4AD37A47F2B832D96284283D1AD27B2353193AAB0B21A31943199AAD21AB6B06930BDB12F31B62CE53137AFB3A35196242D432B462AE532F02A14B09EAEE52F773256B2A4B18AB15E313DB0CB2F83AD243063A062ACE730B932A3AD0631A6B144B1B31BD73121212D3124305530D62CB1B24CB1B5B17A2A5C28BD2785B2502B1DB0ABB2682A32A135B1D11CF82DA4B2999F9431F831B5AD2DAD49AF49B1BAAE8730E33084AC012728B055A86F305130CBA887B1C39FD1AE922A54325E1D4EA9CEA7399F6B2A869A51B2573209B0C63240A37FA2CF2E17AE271820ADD6B05B301031472EC732032FDA3166AA3331002B098B273163B1E39F49AED632A7A6E02CE7303A2F76AD601D5230DAAD982437B1142ACB309F236428D6319B1F50AD4B3104B1892E7E307B98CEB23B2E6330FEA5A830702D232A6932A5AE6C2837B108326E2C283283B107325630083223AEAEB1DFA87B31CC3224A54E2609A56DA4B7287D2E69AA59B17B9EA62F94B17E32F22C892EB52EC53013321CAE452B2A30DCB20330A7B285B010B0B9B0FAB01630FBB1BBAE7CB27BAD9992A92C25AFE728BC2E9D315FA9B4B04030FDACA1B24AAD4DA81C2A44316530EEAD9D311A2D242B0FB1B4A8F32C13ACDF2D782ED5B09D31BA2561A331A445A446A6A3AC142865AB9C31BEAC5CB2DE321730EFB0793108B2E5AE2EAF9A28862BA8ADADAC6FAF4F31BF2EE3240722E5225FAA47AE3D326AAD45B088A5452CECB1932B48A171AEF5268725AEB2842E482DF8AF612C4EAF273130AEF62C792C60A29BAF942E2E2B70AEAFA7BC2DD8B10F28E529CAB2FE276EB136B21532202FF6302C3277AFEBADB181912DB42513A5EC32C3AE542EBA2DB4AEE32FC6307AA9B0B042303E31352DD926C32E422C46AC1BB10EAEE62C9CAD4A2D31AF37B1EA3061B03D2CDF317B22543054ABFAB1A0AE44AC07B02AB0162E6D326B30A82C82B19AA8192D1832C7AE1B30F62F0CAA5AB2632E162F7FB1663191A233B1CF24C72F06205DB173AF1530ED2D7030192D7D3010AA732EBE2BD2282D326BAD46316CAD8F3190A837318BAC8A241132D5A48EA4D5ADF7304A2F1DAA64AB2F3234309D314DAF3CAD8BB01DB11DA673A0FBAE51ACA22471A959B1B331A0ACC228A12E5BB22EA753B10A3257AEBC300723E5AD942D88B10BADC3A6AF320BB2242DDA3201AA5EAF8CB0A1A99E3165B09A3277B1B5317722D5ABA5B1E2AE5FB018B2A5AC183126B27531502BBC2F4DA698AE3B2E1131D52BB62EED321929E6AE5F2F88AFDC317928612E4228E3316B2FC03097AEE728C230DD3081AC3E314EB252318BADC7B0CF31FA996BAD4C2FF3309F26F6B035AE9FAFF02C81B271AFAEB25F984832732CB825672E6EB030AA6931CDB1C5B290AC36B2DAA9993015993A2B8627C3B0F6AE7D260F3213B18F303DB0FFB13A29F2304E283A302624B9A7A52AC72A53AB6A2ACE2240B2163178B2702C69B15DA95B2E0B2D44311FAD412C312E69B204B0312FE02891A840AB7C2DDD302431D22FC62B6AB1FA2F0DAEEC2FD9B08A2C519E04310D26D52E75B22E2CD0B256B2E1B2FFB0C7AD272B512715AC212D6AB2463269AFCBAD9D1F4FAD232D83A5BD2E23A853AD7E274C2D792F7E0F493056AF3BABE5B23EB1F0B1BCB0972C0BB0BEB276B2B9B1C92B08AD5F1FB22DA23146B0FC30502E229432AD0B2C6F1DFC2CC8B196ADBBA6BDB2EEB0DE2B58B2E72F61321D9D11A907A684ACA632C2AF40B1C6AD56A60CB0FFAA4AACB2311BAE03257AA0A4A513B1212D7930CC9C83AAE72C1520D8A6C62B0B2F7B2E52AFF22AD3AD7E29EEAC809C7D2B51A0CEB102B147AC36B08BB257B1DCAD61B0B12EC12DB3B23FA323A50A19DA2EA0ADDD32A52FC1B2CD288A2E89A20D2C9AA40F2FDDB0C4268E321A3095B2212F1A2720AC6A306030702F93B006B11628DB3130AFB830331AD9A9D5AF2530112D11B2DB30AFAD2FB2522471313332A4AF2C2B2D2D302FD8B021B233B0F0A667AF9B3086B27A3071AB383196B26CA5ABB0C6B2BB2D0E320BADD5AC40AE27B2FC306E1B8BA4202EB79D20AC99B13EAD782FB12DA72E93B0ACB2EBA820B238296F2E542E5FB13B2A4630F5AA8532D22FC2B05A2AD93193ACC62C26266B2D24A745B13527222F70ACE62C8C1C2DAF7AB027AF8C30A124EF2D042A25AF201A119D962C4EB262AE573025B2F628AB2FC92D9A2DC02C98AE0028BA2EEEB0C031F2AEDD0F60A7659CE83292138C310AB156A8B3B2D5AF8431DEAF1230F3AEB1318EA56AAA753284A8FA30FD283531A5AC56A480ADD8AF04B223A7CD321428102D47AA6EA6E73020B2419F6AB1B1AF0F31182F0AB0A62D37300DB04B2EB2B128A9662840A42CAEC2B0DBAA83AFB0B0BB2B4E2C87B1ACADEEAFF9ADDA2424B0BD32252C5F2DCE2B92B0CB9C00B27CAFF32D61B11232D42DF722501EC8ACAD28BC2D94ADC9AECBAAC6AD5DB142B1ABAC9A309C30EAAD8E32F8AEF8207B32F729DFAE2F2AD4B1822C5CB1333140ACC6A035A95CB2FA31E62FFB304532AC325432E12D2C2C74B2FE2B132040A7F32609AC7F32F7A57BB2492A533238B08CA6A6A574B2A92C95B038AB96AC083054B2E1294A301E2ED5AEBD29CC2CEC312A2D5D2233B0BD2D3828C33141326D30472740B08C3285B1A5A4DCAD7030BE31A7B0BB2C7D31BDB067AEB0B1B4AC3BAED63046267FAE1AB12829FC2868AFF72AC3B0AFB228B050B26630A132C63140AFFC9AC2AFF7ACD42BD531C92CB126A2A9D92D50A7BEB16324E331D930A8A46EB06EADD89F9CAD3BAEEC2F50B230A66B31D42C80A52B3105B09E25D532691D6DB232B115B241AF752C70AE1321CDB262A9672DD32DD431642E2FB13330F0B09BA8272FA031EA27992DB62FD4322B311EAD582C42B24EAB762C03305330622631A805313C3132ADDC27BDA8A92E85B040B066A9BB31A929902C442D9332B0AE63A2962DED24AF3122B28DA980B0612AED2DFAAF0A32F72556B2ACB2812C142B66B0F42C80302F31ACA781ACFE2CBDAF4CB29DAAA7262F2C6A31E5A752B05F1BB72B7132AC304EB279297B2FA9AC7E2E10A4BCADF4ADEC2FC13119328228999E3E307A3105A400AC51B00A2E05B2E22CDDB186328EB221B0DBA728AB85A88AAF8AA8A3B0ACB2A6B28331BD2A4A32D42696ACFFA792B251328030F7AD362B723069AE34B098B0C5B2C932BF1B61A7F02427B14331B6B2663162B0FE2DC48FAAB2C03117303F2B682E71B2072B632D9430D2B23C9A58311EB16EB05132DC29BFA9A7AF8428C527A931CAA9D42D1A2F9C2C88B0162D49A8AEB0FFAC7EAB30A950A48431642E8D2CA32E0132CBB058A925B1EFAEC82DB931CF2C68AA6AAEA2B0AD2A93B18D3143A1B52519AFCBAD922C3A29EA2E8430A3B04B329A22C2B1DE2FD0AF5431A8AEF6ADBD2D9D320FB1DA2D7DB1B431289FD62F38B02C2C97319A2FC830D83056AABCB18E265AB1C3B2CB2D0231152AF9B1262421314F277AB1A0A9C9B0D822A8AE97B24B2B77AB5AB2203295ABF6B1DC2CBC31D1AEE1B161A6BF32D832802D77AA30301523C7268D2983AEE1AD71AF6EAC1129B321DB290932A924C82F23A80DB1A22EB6322130342316A91AB25531FC30BC29A8A44A2E4BB066309AB1D432FEAE18AFA02506AC522B46B061ACBC1F66AC7DABC096172A572F0630F12F98AE83B000AD22B282B1E62E2EB049A0D92F7B31472C91A9ACABEE30ABADC52F1D2F35AED410032D6FB1462FDC2E0AB2363259320E30492E9A3016224524939403B2F3A81930FA9ED6B2722C2A2C322D562D4B2E412F9F2CA5AF5CAEEE30C82DF3A5BE305EABFCAC4CAC8C319BB0E62C4F9DF4ABDDB14730232D20307A316AB101302029A8ABD1B10031332659304FABC09A5231C9AC7AACCDAAD8B08D30A32109281A30B3B1D9B1EEB10E2CC3ABF73094305EB0BC26B2B04B2D6B25062939289B15E1B1E0A3322E9CAFBD322324B6ABDCA180AE7622EEA91AA845324D303B9E7EB12CB2C4B111A9B6B2373028B2AA27CC31E8306F2D49279A2DD2317CB21F2937B006320F2F9CB0F9AD8A299EAAF7B162AE212F85A4DA2491B224B0982EC92C06B10CAF13AFE33120B2002B1F277E30702D0FB23EB2032FCFB2BEB039B02FB2442EAF318EB01AA57DADCD9E8527AE2826B2132C43A7AE2C8FB102B23CB0C8219A32BE32E0AC33A917B115AECD2AC7AF6FB09A322BB0E2B2E3311A32362D87A7FBAF78277A1DD1AE34327FAE92B216298C9D44310F30D0190CAC5C265FACA431FB2CEF2A5BB1C63263AEDE30F5A1903233AAD819CAAED42BC5B155315832C6AEDB3117312B32D5B280B1DFB22B2B64ADC7286C30142DC312DC2C23AC122562B10DB01E314BB0C831D62F672ABB2BE73138B0D9AFF2263BB130B0599E3C30A2B004AD44B07631CCB1C09C62310A3278A8E2B02EAAC231CEA74F318431252EBAAF60B031AE08B23DB2282DEDB013A8C52AA52FAF3111B206AE61B0652960B2F72DF62C4EAFA03162AC8E32A132DCB087320A31CBB0A2B19EAF363235321C2F143275AF4D2B2FAFA0AD312C6EB0BE2E161399B19FAC6DAC3A28622E1BB017B0BDAD5F2F1F30C6B2312EC32E292E5232FAA9B230CEA86E314B30E816C32E87B0A62FE2AF86AF1FAD2331D4B013314A2F163223AC7B215EB25B328D22A32FB02AF5AFB7AF59A85AAD802857A63D2D18A5D4AA0229B531FFB0C22D77B11D31E72CCFB1E2312D30F931292590B1392A502E632D9230BEAC61AC31A8EBB25B32C1324D253823E0AFBAB09730182F5C1C332CE5A7192FBDB259B27FAD0223D63267AF99B00AAF491C1515B5B0ECA90DA892B122ADC9B292B2F6305E2F1831B224EAB20431D13036B23CAD4BAC67AA4D2EC9AC22A91C303C2E6AACAD2B223143AD00A4DCB2512F9A2EA3319432622FD132EE3055B10FAB58B2AC2EF62F8BADDEAE5B32821FC6B01A2A9DB28AB205B0F4B10CAFD42E2530DDAC1DAFAA2CEF2E7C2FF4B19E2F05B0AC3109A6702D07A2192E5EAE61AE31311AB0232D7C2F3EA89AADBAABB7304FAECCAF5CB1F8AD55B267286C2F4DAA0E2C092AF92F69324F2436AF63AB5EA810AD01212CAF9D2E84B1AD3173A883B1322BBDB20632A22E132DAFB0E12DEFB1421B3E30342572B149A831B222A5E6B1982C56329CB006B17E300D306BA9613049AA01317EB015A8002ED2AAAF320931B7B09630C6B0382A92B20629792D7330C5AA92B09EAD1031D2A592315B29CFB23C317AAF75301BA9C3AD9B30069423B27A32B53293B2932C44A8D8AEE4AFA3B232B1FF309DAC34A05F2844303BAE92A8B5AC442B931FCF326B9E29B1602FC52F01225A9959306121159BDD2F972F27183430081FF2ADEE308C30862E2EA4D82951B16B2B442A9CAD5EB198973B3023B0F82F9FACF0AC2B320EB0CF31AF308727ADAD44A8FC30F6B08332E92C67B10F30312C61A80DB1C932E8B031B0DF163FA545B062306DAB032925AAD0AB33B2D731C62C48322BB1362922AF09B172A2502E3A2DCFB0F0B08D323A2E59AA713290AFFFA0A72D33B25D319E318FADA01CC5A1122C8BAC95B1ED24042B96AF20317AA7A331ABA590AD32A00D31482ADE31B630A1B16A3051AE452CC5B08B2D2EA88532D632B2285FB1D2A8D220A1ABBF28DAB2A9306BB011B0192C4A306F2C6CB1E432752EA5314DB107B0AAB0873106B1CE315416182C139B"
    }
  }
#-}
