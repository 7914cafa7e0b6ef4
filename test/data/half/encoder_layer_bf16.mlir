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
  func.func @main(%arg0: tensor<2x8x32xbf16>) -> tensor<2x8x32xbf16> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %true = arith.constant true
    %cst_1 = arith.constant 0.000000e+00 : f64
    %cst_2 = arith.constant 1.000000e+00 : bf16
    %cst_3 = arith.constant 2.000000e+00 : bf16
    %cst_4 = arith.constant 5.000000e-01 : bf16
    %cst_5 = arith.constant dense<0.000000e+00> : tensor<2x4x8x8xf32>
    %cst_6 = arith.constant dense_resource<torch_tensor_32_torch.bfloat16_5> : tensor<32xbf16>
    %cst_7 = arith.constant dense_resource<torch_tensor_32_torch.bfloat16_4> : tensor<32xbf16>
    %cst_8 = arith.constant dense_resource<torch_tensor_32_torch.bfloat16_3> : tensor<32xbf16>
    %cst_9 = arith.constant dense_resource<torch_tensor_32_64_torch.bfloat16> : tensor<32x64xbf16>
    %cst_10 = arith.constant dense_resource<torch_tensor_64_torch.bfloat16> : tensor<64xbf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_64_32_torch.bfloat16> : tensor<64x32xbf16>
    %cst_12 = arith.constant dense_resource<torch_tensor_32_torch.bfloat16_2> : tensor<32xbf16>
    %cst_13 = arith.constant dense_resource<torch_tensor_32_torch.bfloat16_1> : tensor<32xbf16>
    %cst_14 = arith.constant 1.000000e-05 : f64
    %cst_15 = arith.constant dense_resource<torch_tensor_32_torch.bfloat16> : tensor<32xbf16>
    %cst_16 = arith.constant dense_resource<torch_tensor_32_32_torch.bfloat16> : tensor<32x32xbf16>
    %cst_17 = arith.constant 0xFFF0000000000000 : f64
    %cst_18 = arith.constant 0.59460355750136051 : f64
    %cst_19 = arith.constant dense_resource<torch_tensor_96_torch.bfloat16> : tensor<96xbf16>
    %cst_20 = arith.constant dense_resource<torch_tensor_96_32_torch.bfloat16> : tensor<96x32xbf16>
    %cst_21 = arith.constant 3.200000e+01 : f64
    %cst_22 = arith.constant 3.200000e+01 : f32
    %0 = tensor.empty() : tensor<8x2x32xbf16>
    %transposed = linalg.transpose ins(%arg0 : tensor<2x8x32xbf16>) outs(%0 : tensor<8x2x32xbf16>) permutation = [1, 0, 2] 
    %1 = tensor.empty() : tensor<32x96xbf16>
    %transposed_23 = linalg.transpose ins(%cst_20 : tensor<96x32xbf16>) outs(%1 : tensor<32x96xbf16>) permutation = [1, 0] 
    %2 = tensor.empty() : tensor<8x32x96xbf16>
    %3 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_23 : tensor<32x96xbf16>) outs(%2 : tensor<8x32x96xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<8x32x96xbf16>
    %4 = tensor.empty() : tensor<8x2x96xf32>
    %5 = linalg.fill ins(%cst : f32) outs(%4 : tensor<8x2x96xf32>) -> tensor<8x2x96xf32>
    %6 = linalg.batch_matmul ins(%transposed, %3 : tensor<8x2x32xbf16>, tensor<8x32x96xbf16>) outs(%5 : tensor<8x2x96xf32>) -> tensor<8x2x96xf32>
    %7 = tensor.empty() : tensor<8x2x96xbf16>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<8x2x96xf32>) outs(%7 : tensor<8x2x96xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %121 = arith.truncf %in : f32 to bf16
      linalg.yield %121 : bf16
    } -> tensor<8x2x96xbf16>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %cst_19 : tensor<8x2x96xbf16>, tensor<96xbf16>) outs(%7 : tensor<8x2x96xbf16>) {
    ^bb0(%in: bf16, %in_58: bf16, %out: bf16):
      %121 = arith.addf %in, %in_58 : bf16
      linalg.yield %121 : bf16
    } -> tensor<8x2x96xbf16>
    %expanded = tensor.expand_shape %9 [[0, 1], [2], [3, 4]] output_shape [1, 8, 2, 3, 32] : tensor<8x2x96xbf16> into tensor<1x8x2x3x32xbf16>
    %10 = tensor.empty() : tensor<3x8x2x1x32xbf16>
    %transposed_24 = linalg.transpose ins(%expanded : tensor<1x8x2x3x32xbf16>) outs(%10 : tensor<3x8x2x1x32xbf16>) permutation = [3, 1, 2, 0, 4] 
    %collapsed = tensor.collapse_shape %transposed_24 [[0], [1], [2, 3], [4]] : tensor<3x8x2x1x32xbf16> into tensor<3x8x2x32xbf16>
    %extracted_slice = tensor.extract_slice %collapsed[0, 0, 0, 0] [1, 8, 2, 32] [1, 1, 1, 1] : tensor<3x8x2x32xbf16> to tensor<1x8x2x32xbf16>
    %extracted_slice_25 = tensor.extract_slice %collapsed[1, 0, 0, 0] [1, 8, 2, 32] [1, 1, 1, 1] : tensor<3x8x2x32xbf16> to tensor<1x8x2x32xbf16>
    %extracted_slice_26 = tensor.extract_slice %collapsed[2, 0, 0, 0] [1, 8, 2, 32] [1, 1, 1, 1] : tensor<3x8x2x32xbf16> to tensor<1x8x2x32xbf16>
    %collapsed_27 = tensor.collapse_shape %extracted_slice [[0, 1], [2, 3]] : tensor<1x8x2x32xbf16> into tensor<8x64xbf16>
    %expanded_28 = tensor.expand_shape %collapsed_27 [[0], [1, 2]] output_shape [8, 8, 8] : tensor<8x64xbf16> into tensor<8x8x8xbf16>
    %11 = tensor.empty() : tensor<8x8x8xbf16>
    %transposed_29 = linalg.transpose ins(%expanded_28 : tensor<8x8x8xbf16>) outs(%11 : tensor<8x8x8xbf16>) permutation = [1, 0, 2] 
    %collapsed_30 = tensor.collapse_shape %extracted_slice_25 [[0, 1], [2, 3]] : tensor<1x8x2x32xbf16> into tensor<8x64xbf16>
    %expanded_31 = tensor.expand_shape %collapsed_30 [[0], [1, 2]] output_shape [8, 8, 8] : tensor<8x64xbf16> into tensor<8x8x8xbf16>
    %transposed_32 = linalg.transpose ins(%expanded_31 : tensor<8x8x8xbf16>) outs(%11 : tensor<8x8x8xbf16>) permutation = [1, 0, 2] 
    %collapsed_33 = tensor.collapse_shape %extracted_slice_26 [[0, 1], [2, 3]] : tensor<1x8x2x32xbf16> into tensor<8x64xbf16>
    %expanded_34 = tensor.expand_shape %collapsed_33 [[0], [1, 2]] output_shape [8, 8, 8] : tensor<8x64xbf16> into tensor<8x8x8xbf16>
    %transposed_35 = linalg.transpose ins(%expanded_34 : tensor<8x8x8xbf16>) outs(%11 : tensor<8x8x8xbf16>) permutation = [1, 0, 2] 
    %expanded_36 = tensor.expand_shape %transposed_29 [[0, 1], [2], [3]] output_shape [2, 4, 8, 8] : tensor<8x8x8xbf16> into tensor<2x4x8x8xbf16>
    %expanded_37 = tensor.expand_shape %transposed_32 [[0, 1], [2], [3]] output_shape [2, 4, 8, 8] : tensor<8x8x8xbf16> into tensor<2x4x8x8xbf16>
    %expanded_38 = tensor.expand_shape %transposed_35 [[0, 1], [2], [3]] output_shape [2, 4, 8, 8] : tensor<8x8x8xbf16> into tensor<2x4x8x8xbf16>
    %12 = tensor.empty() : tensor<2x4x8x8xf32>
    %13 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_36 : tensor<2x4x8x8xbf16>) outs(%12 : tensor<2x4x8x8xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %121 = arith.extf %in : bf16 to f32
      linalg.yield %121 : f32
    } -> tensor<2x4x8x8xf32>
    %14 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_37 : tensor<2x4x8x8xbf16>) outs(%12 : tensor<2x4x8x8xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %121 = arith.extf %in : bf16 to f32
      linalg.yield %121 : f32
    } -> tensor<2x4x8x8xf32>
    %15 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_38 : tensor<2x4x8x8xbf16>) outs(%12 : tensor<2x4x8x8xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %121 = arith.extf %in : bf16 to f32
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
    %39 = tensor.empty() : tensor<2x4x8x8xbf16>
    %40 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_46 : tensor<2x4x8x8xf32>) outs(%39 : tensor<2x4x8x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %121 = arith.truncf %in : f32 to bf16
      linalg.yield %121 : bf16
    } -> tensor<2x4x8x8xbf16>
    %41 = tensor.empty() : tensor<8x2x4x8xbf16>
    %transposed_47 = linalg.transpose ins(%40 : tensor<2x4x8x8xbf16>) outs(%41 : tensor<8x2x4x8xbf16>) permutation = [2, 0, 1, 3] 
    %collapsed_48 = tensor.collapse_shape %transposed_47 [[0, 1], [2, 3]] : tensor<8x2x4x8xbf16> into tensor<16x32xbf16>
    %42 = tensor.empty() : tensor<32x32xbf16>
    %transposed_49 = linalg.transpose ins(%cst_16 : tensor<32x32xbf16>) outs(%42 : tensor<32x32xbf16>) permutation = [1, 0] 
    %43 = tensor.empty() : tensor<32xf32>
    %44 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel"]} ins(%cst_15 : tensor<32xbf16>) outs(%43 : tensor<32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %121 = arith.extf %in : bf16 to f32
      linalg.yield %121 : f32
    } -> tensor<32xf32>
    %45 = tensor.empty() : tensor<16x32xf32>
    %46 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%collapsed_48 : tensor<16x32xbf16>) outs(%45 : tensor<16x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %121 = arith.extf %in : bf16 to f32
      linalg.yield %121 : f32
    } -> tensor<16x32xf32>
    %47 = tensor.empty() : tensor<32x32xf32>
    %48 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%transposed_49 : tensor<32x32xbf16>) outs(%47 : tensor<32x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %121 = arith.extf %in : bf16 to f32
      linalg.yield %121 : f32
    } -> tensor<32x32xf32>
    %49 = linalg.fill ins(%cst : f32) outs(%45 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %50 = linalg.matmul ins(%46, %48 : tensor<16x32xf32>, tensor<32x32xf32>) outs(%49 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %51 = linalg.generic {indexing_maps = [#map7, #map8, #map7], iterator_types = ["parallel", "parallel"]} ins(%50, %44 : tensor<16x32xf32>, tensor<32xf32>) outs(%45 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_58: f32, %out: f32):
      %121 = arith.addf %in, %in_58 : f32
      linalg.yield %121 : f32
    } -> tensor<16x32xf32>
    %52 = tensor.empty() : tensor<16x32xbf16>
    %53 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%51 : tensor<16x32xf32>) outs(%52 : tensor<16x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %121 = arith.truncf %in : f32 to bf16
      linalg.yield %121 : bf16
    } -> tensor<16x32xbf16>
    %expanded_50 = tensor.expand_shape %53 [[0, 1], [2]] output_shape [8, 2, 32] : tensor<16x32xbf16> into tensor<8x2x32xbf16>
    %54 = tensor.empty() : tensor<2x8x32xbf16>
    %transposed_51 = linalg.transpose ins(%expanded_50 : tensor<8x2x32xbf16>) outs(%54 : tensor<2x8x32xbf16>) permutation = [1, 0, 2] 
    %55 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %transposed_51 : tensor<2x8x32xbf16>, tensor<2x8x32xbf16>) outs(%54 : tensor<2x8x32xbf16>) {
    ^bb0(%in: bf16, %in_58: bf16, %out: bf16):
      %121 = arith.addf %in, %in_58 : bf16
      linalg.yield %121 : bf16
    } -> tensor<2x8x32xbf16>
    %56 = tensor.empty() : tensor<2x8x32xf32>
    %57 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%55 : tensor<2x8x32xbf16>) outs(%56 : tensor<2x8x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %121 = arith.extf %in : bf16 to f32
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
    %77 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76, %cst_13 : tensor<2x8x32xf32>, tensor<32xbf16>) outs(%56 : tensor<2x8x32xf32>) {
    ^bb0(%in: f32, %in_58: bf16, %out: f32):
      %121 = arith.extf %in_58 : bf16 to f32
      %122 = arith.mulf %in, %121 : f32
      linalg.yield %122 : f32
    } -> tensor<2x8x32xf32>
    %78 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77, %cst_12 : tensor<2x8x32xf32>, tensor<32xbf16>) outs(%56 : tensor<2x8x32xf32>) {
    ^bb0(%in: f32, %in_58: bf16, %out: f32):
      %121 = arith.extf %in_58 : bf16 to f32
      %122 = arith.addf %in, %121 : f32
      linalg.yield %122 : f32
    } -> tensor<2x8x32xf32>
    %79 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78 : tensor<2x8x32xf32>) outs(%54 : tensor<2x8x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %121 = arith.truncf %in : f32 to bf16
      linalg.yield %121 : bf16
    } -> tensor<2x8x32xbf16>
    %collapsed_52 = tensor.collapse_shape %79 [[0, 1], [2]] : tensor<2x8x32xbf16> into tensor<16x32xbf16>
    %80 = tensor.empty() : tensor<32x64xbf16>
    %transposed_53 = linalg.transpose ins(%cst_11 : tensor<64x32xbf16>) outs(%80 : tensor<32x64xbf16>) permutation = [1, 0] 
    %81 = tensor.empty() : tensor<64xf32>
    %82 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel"]} ins(%cst_10 : tensor<64xbf16>) outs(%81 : tensor<64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %121 = arith.extf %in : bf16 to f32
      linalg.yield %121 : f32
    } -> tensor<64xf32>
    %83 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%collapsed_52 : tensor<16x32xbf16>) outs(%45 : tensor<16x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %121 = arith.extf %in : bf16 to f32
      linalg.yield %121 : f32
    } -> tensor<16x32xf32>
    %84 = tensor.empty() : tensor<32x64xf32>
    %85 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%transposed_53 : tensor<32x64xbf16>) outs(%84 : tensor<32x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %121 = arith.extf %in : bf16 to f32
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
    %90 = tensor.empty() : tensor<16x64xbf16>
    %91 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%89 : tensor<16x64xf32>) outs(%90 : tensor<16x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %121 = arith.truncf %in : f32 to bf16
      linalg.yield %121 : bf16
    } -> tensor<16x64xbf16>
    %expanded_54 = tensor.expand_shape %91 [[0, 1], [2]] output_shape [2, 8, 64] : tensor<16x64xbf16> into tensor<2x8x64xbf16>
    %92 = tensor.empty() : tensor<2x8x64xbf16>
    %93 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_54 : tensor<2x8x64xbf16>) outs(%92 : tensor<2x8x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %121 = math.sqrt %cst_3 : bf16
      %122 = arith.divf %in, %121 : bf16
      %123 = math.erf %122 : bf16
      %124 = arith.addf %123, %cst_2 : bf16
      %125 = arith.mulf %124, %cst_4 : bf16
      %126 = arith.mulf %in, %125 : bf16
      linalg.yield %126 : bf16
    } -> tensor<2x8x64xbf16>
    %collapsed_55 = tensor.collapse_shape %93 [[0, 1], [2]] : tensor<2x8x64xbf16> into tensor<16x64xbf16>
    %94 = tensor.empty() : tensor<64x32xbf16>
    %transposed_56 = linalg.transpose ins(%cst_9 : tensor<32x64xbf16>) outs(%94 : tensor<64x32xbf16>) permutation = [1, 0] 
    %95 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel"]} ins(%cst_8 : tensor<32xbf16>) outs(%43 : tensor<32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %121 = arith.extf %in : bf16 to f32
      linalg.yield %121 : f32
    } -> tensor<32xf32>
    %96 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%collapsed_55 : tensor<16x64xbf16>) outs(%86 : tensor<16x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %121 = arith.extf %in : bf16 to f32
      linalg.yield %121 : f32
    } -> tensor<16x64xf32>
    %97 = tensor.empty() : tensor<64x32xf32>
    %98 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%transposed_56 : tensor<64x32xbf16>) outs(%97 : tensor<64x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %121 = arith.extf %in : bf16 to f32
      linalg.yield %121 : f32
    } -> tensor<64x32xf32>
    %99 = linalg.matmul ins(%96, %98 : tensor<16x64xf32>, tensor<64x32xf32>) outs(%49 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %100 = linalg.generic {indexing_maps = [#map7, #map8, #map7], iterator_types = ["parallel", "parallel"]} ins(%99, %95 : tensor<16x32xf32>, tensor<32xf32>) outs(%45 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_58: f32, %out: f32):
      %121 = arith.addf %in, %in_58 : f32
      linalg.yield %121 : f32
    } -> tensor<16x32xf32>
    %101 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel", "parallel"]} ins(%100 : tensor<16x32xf32>) outs(%52 : tensor<16x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %121 = arith.truncf %in : f32 to bf16
      linalg.yield %121 : bf16
    } -> tensor<16x32xbf16>
    %expanded_57 = tensor.expand_shape %101 [[0, 1], [2]] output_shape [2, 8, 32] : tensor<16x32xbf16> into tensor<2x8x32xbf16>
    %102 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79, %expanded_57 : tensor<2x8x32xbf16>, tensor<2x8x32xbf16>) outs(%54 : tensor<2x8x32xbf16>) {
    ^bb0(%in: bf16, %in_58: bf16, %out: bf16):
      %121 = arith.addf %in, %in_58 : bf16
      linalg.yield %121 : bf16
    } -> tensor<2x8x32xbf16>
    %103 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%102 : tensor<2x8x32xbf16>) outs(%56 : tensor<2x8x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %121 = arith.extf %in : bf16 to f32
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
    %118 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%117, %cst_7 : tensor<2x8x32xf32>, tensor<32xbf16>) outs(%56 : tensor<2x8x32xf32>) {
    ^bb0(%in: f32, %in_58: bf16, %out: f32):
      %121 = arith.extf %in_58 : bf16 to f32
      %122 = arith.mulf %in, %121 : f32
      linalg.yield %122 : f32
    } -> tensor<2x8x32xf32>
    %119 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%118, %cst_6 : tensor<2x8x32xf32>, tensor<32xbf16>) outs(%56 : tensor<2x8x32xf32>) {
    ^bb0(%in: f32, %in_58: bf16, %out: f32):
      %121 = arith.extf %in_58 : bf16 to f32
      %122 = arith.addf %in, %121 : f32
      linalg.yield %122 : f32
    } -> tensor<2x8x32xf32>
    %120 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%119 : tensor<2x8x32xf32>) outs(%54 : tensor<2x8x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %121 = arith.truncf %in : f32 to bf16
      linalg.yield %121 : bf16
    } -> tensor<2x8x32xbf16>
    return %120 : tensor<2x8x32xbf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_32_torch.bfloat16_5: "0x0200000055BE733EBFBE9EBE403F93BF6DBC183CFFBD603F48BE2D3F0C3ED3BE04BFA53D423FA0BEAE3E363CF53E033F073D513FA43D60BE90BE163F403CC8BEEABDE43E",
      torch_tensor_32_torch.bfloat16_4: "0x02000000E93F9A3F483FA73FE03F5B3FBC3FFC3FD53FC53F3A3FCD3FE93FF33F4A3F3D3F3B3F513F573F963FD73F193FE23FAD3FAD3FDE3FEF3FD93F1A3F8B3FC03F0D3F",
      torch_tensor_32_torch.bfloat16_3: "0x02000000943D103DAA3D923B873D4FBDF23D883DFEBD7ABDA2BD7EBD5FBAF13D3FBD53BDB93CF83CB7BC33BDADBC853CB0BDEE3D43BCC13D19BDD53B963CF0BDB73CB8BC",
      torch_tensor_32_64_torch.bfloat16: "0x020000002C3BA1B9A3BB943DD6BDA6BD69BDDCBD8ABDAB3D013DA5BDE6BDA83DFCBD9F3DB03DCABD093D2CBD1ABDA13CE9BDB9BD323DFDBCC5BD73BB043B433D983DCABD40BDF63DD1BDEE3DE0BDAB3D683C4CBDF8BC313DD1BB603DF13DC0BDDFBCAFBD78BDDB3C8BBC8D3B27BD39BC773DE33C693D95BD0E3DA9BDB63C26BD44BD4BBC573DFE3D61BDF8BD58BD493DA83DAC3D83BC8A3CD93D96BD1C3D83BD81BCB0BBA43CA83D58BD95BC3FBD94BCC33DFD3DED3C26BD773D9CBDA1BDA23D00BDFFBDA6BD89BDFB3DB93C49BDFF3C623DA63C833C12BDEA3DE43DA5BD423DCC3DD7BD54BDBCBDB23DFD3DF2BCBEBD933D973BD33B7ABD3BBDBA3D393DE2BC1F3BC63CF5BCC53D8E3DCCBD763D8E3DC4BD4C3AF53C73BC893C083DDFBDBFBD473D8C3DBABDB13DAFBCAD3D28BD213DC23D843DF3BDF7BCD8BDD83CC53A543D39BD8CBCE23D663D82BCAABC4ABDDF3D39BC253CC5BDCF3D3FBDAA3DE7BD94BDDA3CE1BDFB3D9F3DEE3DDB3CF0BD483CA3BDA73DCEBDC6BCBEBD8BBDF13C9DBDC83DE0BD10BDEEBDED3D0DBB923D0FBD34BD8D3D273D213CDEBD6ABB7ABDD63D6E3DA83CF5BDF73D663CCDBD87BCAA3D483C96BD6EBDFC3DD2BC8D3CE7BD9E3CB03D623DE23D0F3DCD3D8BBD31BC98BBC5BD13BDACBD953C94BD4D3C9DBDC13D9A3DBC3D893DC5BDABBD663DBCBDAD3D5A3DBEBD1E3D733DA03DDFBDFEBC3BBC3EBD693CC1BD613D843D583C70BDD23CBBBBB9BDF53DF2BDBB3D0EBDE53DF33D023DDABCAE3DBD3DBFBDB2BDE13DC2BCF7BD9CBD08BDEFBD3CBD273DAABDB9BCF63CF03D6DBDA83DB7BC833DE03DCABDED3D96BDE4BD56BD05BD8C3C33BDFEBDF33CBEBDE2BC803D953C20BDBFBDFF3DB7BD293CA83DE6BC59BDFA3DDBBDF5BCC3BDBFBDEA3DB4BDBF3DA7BDEB3DD7BD05BDCD3DE3BDF9BA3F3D663D5ABC8BBDA7BA713D5BBD943CAEBDBD3DC83C84BDFE3D893DC4BD253DA2BDE13DBABDE83D803DAEBCF93D71BDEEBB073D943DC53DEFBDE43CB53D2BBDFE3CF53814BC31BCEDBDA3BDB73DF63D8DBCD13D97BDCF3D8D3D1C3DDEBB49BC713D9FBCA4BDA03DA4BD71BDFA3D203D683DBE3D47BDF93DACBD023CB9BDCBBD6D3C873AA53DC2BD333D9CBCD83CC0BCE23CCC39DFBDE3BD00BDFEBDEABC833DBD3D6E3CCD3C8F3D61BC073A11BC923DE73D7EBCE53D803DC63D043D44BCC53D0F3D813AF53D28BD353D32BC0FBDAEBDDB3DFCBD073D923DF9BDFB3DB8BD7A3D623D5F3B113D6B3DB13DFABB723C313C443D293D613D0ABD363DCBBCF83DFFBDA6BCA2BC503DED3D9BBDA83D05BC74BD9637BE3C25BC72BD903D533D453D93BBFA3C33BDA8BDADBDC93D3CBD9DBD98BDFC3DF8BC99BD76BDE63D89BB8F3D863D623DB73DD5BD903DBE3D843D81BD68BDFABDE5BD1C3C143D813DDC3B89BD8ABB6B3CEC3D3A3D8D3C6FBC7A3DBA3D8C3CC1BDF23DAFBCE4BDBFBDE1BD323DC83DB1BD58BD473BE23D23BD773DA63D4ABDAABD4DBDD43DA23DA63D073C753DB8BCA43DDBBDFD3D1F3DC93C50BDB3BD28BBB9BD643C563DDF3DD6BD8CBD893DEF3D5D3D91BD30BD9EBD953DDFBDD7BDDC3DD8BD6FBD04BD983DF73D98BDC0BDEF3C133D973D933DA1BDCF3C9EBDB23D6B3CA93D20BD30BDBCBDEFBDA33DAA3DBB3DDABD7D3DFFBD4C3DDF3DB1BDC2BDC2BD003B093C563D9CBC6B3D66BDA3BDCEBBEC3D703DDEBD34BC163BDEBC3B3B303C39BD263DF23D803DC9BD88BC39BD28BC933D423D513C023D003DDBBDE0BC903CC7BDE2BC8E3DAABDDE3D583DC3BD003E21BDB33D573D96BD9EBD313DDA3DF3BC8A3DEC3D12BDF93D32BDC13ABC3D83BD9A3D68BB073DB3BDB0BC4DBDE63DAABDBF3D323DB53D90BD38BDE6BDCD3DCFBCA33D49BDDD3DCB3CF83CD53D15BD123D8BBD1A3DE23C953CA3BB783D32BD8FBD04BD5E3DDEBD61BDBFBDA93D95BDD13DB4BD2DBD46BD453DED3D3C3D0B3C3F3DCFBDDB3CAEBD9ABD97BDEE3D063D9EBDF4BBF7BD0F3D563DE33D453DDBBDCEBCEB3D54BDB73D1B3DA03DA03D8CBD533DCA3CBEBDFF3D333DE1BD80BD7F3CDCBDB2BD383CC5BD3DBCF73D95BD5F3DD6BD01BBE03DBDBDE6BD95BC53BB783D413BEE3DA43D56BD9FBDAF3DFE3C833B86BC673D62BDA93DBF3DFF3D7C3DFD3C86BDC7BC8FBD3EBD853DBF3D85BDF8BDB93D72BD21BD4A3D023D433CFE3DD1BD45BD08BCD4BCFA3D0B3CF93CE2BCB33C9DBD1E3D0ABDA4BDF13D503C323D15BD263CCCBD853C81BCAEBC243DB7BD983D6D3D783C8D3DB8BDE13D01BD93BD943A903BE43C84BC073DE33C92BCA8BDEFBDDD3D89BDECBC823D98BD91BD793C723BF33DFDBD92BBB3BDD63D77BDA03DCDBDF83DB6BDBFBC02BD85BB7F3DCBBD0E3D8C3D813D53BDAE3BF1BDD7BDB7BD5F3DD33D5DBDB43D06BDD9BBE6BD3DBDE5BCA0BCEF3DAD3D3D3D923CE739C6BC933DC8BDB6BDD0BD3CBD73BDF1BDC33DC23D82BDDBBDB1BCE53DCB3CA6BD94BCD43DF33DE4BC57BDF2BC22BCDE3DBDBDCFBDCEBBECBDFD3D0DBD133CE0BDA7BDA43D49BDD3BDB2BDA2BD8A3D9C3D633C903DB73D203D543B183DED3D803DF0BCF63D6DBC173D4FBDBC3DDB3DDC3D90BDC5BDDCBD193DF43D78BD0BBDF7BCF2BDA03DD73A9F3D59BD98BDA6BDFABDF4BDBA3D45BD923DAA3D25BD84BD9FBD853DE43D163D52BDB33DEC3D9EBAFC3C4BBBC0BC493CDF3D973D493C12BD7CBDA43CDABD99BCF63DB7BD20BD8FBD73BC25BC58BDB2BDEB3DF03CB3BDCCBCD43C59BCBD3C983CA9BDA03CCC3DB93DB1BD5EBD12BD1D3DF4BC64BD3CBDAA3C8CBC153A58BD9C3D503CFF3D9CBD98BD7BBDFE3D05BD4BBDE43D4A3D363DBA3D9FBD513D023CCFBC103CBFBD83BD1BBD1C3D4ABDB7BD5F3D90BD803DDF3DD2BCB83C58BD923D18BDDB3DED3D063D153D19BD933DE6BDAA3CC83DDD3D7CBD56BD65BDF03DB2BDC83DD6BDAABDB73DCC3C92BDF2BCFCBDB63CA93C9ABD853D1FBDBC3DD1BD4BBD2E3DFCBDC8BDCEBD8D3DA03D063D7E3DE73C703D5C3DCBBD8EBDA13D93BDBDBDE33DA93D343DFD3B003D8BBD763D103D33BCEDBCA7B91FBCA0BDC73D9BBC97BDE73DC93D823D1E3DA4BD343DC33D623D2FBDEC3AECBDEABD953D11BDFB3D22BCB33D8F3D85BD69BAE9BBEABDA33BFBBD543CB83D10BDE93D18BD503DBEBB4D3DCE3DD2BDA73DF03CC0BD903D803DE13C7B3B8ABD00BED4BDD33D723DB0BD5E3DD73DDB3C30BD88BCEF3B243DD3BDF0BDCC3C81BD513D6E3D0D3DDA3DB7BDC93D65BDD13DD8BD823DDC3DD53D4BBCCD3D65BCEB3C4ABDFE3D38BDD2BD2C3CCBBDFABD553DF43DFA3DF33DFEBDDF3D04BDD13CF93DB6BB403D453DED3DC53CC1BCB83CA23DD6BD62BDE33D243C983D43BD86BDF73DF2BD1CBDDCBCD1BDD53DE4BD0F3DCB3DA2BD95BDB83C56BC0C3DCDBDE2BDE23D8ABDF1BDDFBDD43DE73DBBBD41BD1D3D943D85BC4A3DCCBD93BDC03DF83CC6BCE43DC43D893DA9BD4FBD13BB883D09BA133DDE3D283D083CBA3DD7BDD6BCB23DC4BD08BC75BD07BDCF3D013BE7BB23BD753DBEBCAABDAE3CE43C8D3D0FBCF23CC33D38BDCA3DAFBD70BD8E3DDD3CEC3D8EBD00BDD3BC9A3D20BDEA3D1BBD7A3DCFBCCA3D9A3D2E3D313CAFBC95BC713D30BDFF3D983DB83D8A3DB4BD933DF53DF6BC863B593C56BD093CBBBD213D913D3FBDB93DCCBD43BCEB3DB03D08BD2F3D01BD8A3DB23D683DD83CB3BD673D89BDFC3D5EBD51BDD83D63BD983CABBDD3BD493C15BD9D3D78BD303D1B3DB23DA43DA7BDCA3CFDBD3F3D7E3D7A3CA43DF33D9EBDA2BCD0BD4CBC383D4EBDC8BDBBBD953BCF3D283DF4BD123D493DFABD073DA63DB2BDE7BD82BDA03C0C3DCBBB363DA0BD39BDE7BDFF3D4EBDC1BAEF3D21BD1A3D86BD073C3A3789BDECBDDDBDDDBD913DC93C923DB6BC2ABD973DC5BD8ABDE33D97BD4EBC163C6D3D8CBB943A8BBDFF3C2F3D1F3DB2BDD9BD38BD7D3BA6BCD7BD37BCA73D8EBCF03DD63D5DBD09BC16392F3D8B3DF33DDF3D15BD6B3D6EBD463D953DE03D083DCD3CD03C8FBD963D76BDF73D813DA7BB063CF6BDDBBDFFBD333D92BD5EBD15BD943D3BBDD13C603C8A3DD53C933DA83D8FB8C23D883DCA3CF3BD743D95BDF43C123CCEBDC63CA6BDACBD023C5FBDDBBC81BDE03D6A3DEC3D98BD48BDE0BC97BDE9BDA8BD323C1A3D6CBDE4BCA6BD8E3D573D093D5E3D563D6DBCE63DE5BD93BDBD3D003ECFBD623DA13DFABC60BDA3BCB2BD8CBDD6BDBCBDB03D1E3DAC3DA43B4BBDDABDD1BCE43DA93DEEBDDBBDAC3C8FBDBE3D5DBD113D3FBC96BD113D65BCBCBD8ABDCC3CDCBD6CBD383D93BDEC3D99BD803C60BDAB3D0A3D663D323CE13DDD3D1DBCF8BDFC3D82BD81BD7C3D563C9EBD3E3C9A3D3CBDA8BD2E3D81BDD1BD9D3D4F3D90BD54BCB3BD073DA0BDE7BD5EBDD93C673DD4BD5EBDD03CF5BC7D3DABBD0ABD11BD81BD3B3DC8BDFE3D4B3DC63BBC3D9EBAF7BD68BD8F3DA6BCE0BCAABD083D71BDB1BD62BDF6BD133D86BCA93D6FBD993D20BDDEBDC73D4FBDC0BDEE3C393D783DE1BC873D943C8F3DF43D78BCC7BC983D8DBD52BDD63DA23DF13DA8BD9B3D03BDE93D7E3CC0BCB93D90BDBA3D533DF0BD713D3EBC0BBD62BDF9BDC0BC5B3C26BD5CBD7EBC7B3C1BBD4CBDCBBDAF3DFFBD523A173CE8BD38BD923D8BBDE43D47BDD6BC07BD873DDABD04BDA73B423D00BE9EBD88BDE83DDB3DE13DDBBC4A3D7DBBBA3DDBBDF7BCD93D3C3B283DDFBD3ABDD9BD1C3DB83CFCBD01BD0BBDB7BDF13D013D87BDB43D36BD883D6CBB97BD4C3DF6BD6D3CFE3DD03DAF3B81BC05BD893DFA3BCE3D92BDC2BD2CBDB13DA43D8B3DB7BDFD3DA13DECBD473DAC3D99BC023DA3BCB93DC33D98BCCA3DF53C01BD663DF03DDF3CC23CC13D55BD9F3D1E3D8B3BB23DD3BD05BDF93DAEBC1BBDB4BDFDBD493DACBC61BDC73CB93D6E3DABBDCD3CB1BDA43D45BDBB3DC4BDC93D9EBDB6BD993DEABD2E3ABABC8F3D28BD97BD5C3D293A84BDD1BCB8BD17BCAFBD41BDD03D3E3AAD3AD6BDC8BC46BDE3BD993D6CBDCC3D97BDD43B223D013C7D3CDCBC873D74BB833D2BBD56BDF33CC1BADDBDB13DEEBDC93DCEBDDABD9E3D773D9E3D65BD97BC1D3C423D99BBFBBD06BDAF3DE1BBB83A553D8FBCA63D57BD7B3CA83CD83DABBB96BDC8BC08BCC9BC83BC10BD693DF4BD3D3DA5BDF13DA339433CB8BDEDBCA73D7A3DACBDCD3D52BCD13D133C46BD983C923DF6BD7DBDB43D393C82BD1DBC893D7D3BCEBDFABDE23D0EBDBFBD9BBC533DC43D9EBD903D4FBDD73C2DBCBCBDC2BCE6BDDEBD57BD3ABD97BD2D3DB0BCD23DCE3D46BCB9BCC0BA97BB033D38BCE03DB33CED3CD1BDF2BDDC3BAA3D13BD183DEBBDB53CE3BC4EBD74BD07BC883DE33DC3BD023DF0BD123DAC3D873C993DD3BD153D83BDB93CC13BA43D913B6A3D9D3DD0BCB9BDCEBB523DE9BD8EBD7D3DAFBDE63DA5BDCE3DC5BD2F3C6ABB473D8C3CDF3DDBBCE53D04BDD0BDBD3DD23C043D1B3D9B3D813D2D3D963C173C8B3DEA3D0CBDE5BDF23C853DB3BDA8BDCBBDCABB94BD1F3D7B3D6DBDA0BDF0BDA8BDC83CAABB40BDA0BB40BDFEBDC7BD04BDE7BD933D77BDABBD0FBCD8BDB93D9E3DD83CC0BD893DCCBDCD3DE6BCE8BBE4BD273D00BDB6BC23BD3FBD833CFF3CB63D9CBC973DF9BDEC3C9E3B07BD3B3D7CBB51BCF03DE4BD9EBD48BDDF3D25BD9A3CCFBCA83DA33DAFBD363CF6BD5EBDBFBD1CBD3CB933BD47BD25BD993CD2BDD03D6CBD12BBC0BDE3BDA0BDD6BDFCBDAE3DF73D9ABDE43D733CF23DCDBDB33C1F3DE1BDA03DF6BCA73DFABC9BBD",
      torch_tensor_64_torch.bfloat16: "0x02000000283D1EBE243DDBBD1F3E59BD13BEA6BD253E263D413D093E5BBDF93DAA3D3A3B1D3E3FBCDABD34BEF8BDE3BD7E3D973D3CBD773C1F3EC0BBCC3D7A3D293E263EFDBDADBDC7BD96BD09BE19BEEF3DA33D093E00BDB23D31BE243DA9BC2A3D28BD913D3BBD74BD8EBCE5BCDBBD2C3E023EEA3DA4BDFD3DFEBD033E9EBCE9BCBFBD",
      torch_tensor_64_32_torch.bfloat16: "0x020000001DBE193E27BE2BBD223EB0BD92BD86BD013E81BD03BDFF3D1DBED5BCB33D5ABD153E033D973D4EBCC43DB1BCBEBCBABD1A3D063E0C3E2A3E2F3D5A3DB53C10BE37BDF43D5A3D0C3E633D2D3D5BBCEEBD4C3D10BDCABD85BD063E91BD39BDB4BB07BEF63C53BD89BD06BEE33D2B3E2A3E1C3EAABC8FBD7CBC803DB1BD32BE2CBD2A3E833D023E183E463B193D8EBD69BD45BDECBD66BD4CBD50BD0ABE25BD0F3E7CBB40BDFB3CF13D223E203ECBBD6C3D3CBDCDBC8CBC91BDC4BDFEBC85BDAABB773D3DBDFD3DD6BC243EA43D2C3DF9BBD0BCB2BBBFBDE33D0AB8B6BD40BD86BD1FBEBEBDA4BD273E213EC13D243E34BEF8BDB03DED3D1DBBAE3DFCBDC43D563DD8BD9DBD9E3D96BD1FBEAABD883DA13D003D32BE0C3E2F3EECBDA0BD8ABB20BD063E12BEA5BC103E293EF13D333EE4BD293DCBBB9CBD0BBEDFBD31BD123E353E043E673D09BCD3BDB7BDD9BDD3BC35BE15BE8DBD2ABEBE3D90BD023EBFBDFC3DC33DFA3DCB3CF8BD13BD403DD8BD103E2BBD22BE333E27BE293E193E4A3C82BD083E303E243E30BE8A3D213ED1BDC2BDD7BD0FBE0FBE0EBE1DBD8CBDD93D233DB5BB22BE903DA13D143E19BEF03D803D11BD4D3D95BDD63DBA3D36BD1DBD33BED93D103E7E3C1FBEFE3D18BE113E283E28BE2E3E2EBE7BBD46BD833D013EDCB91D3EFA3DCF3DDB3C5BBD44BDD1BD183E2EBD0EBD9FBBC73D8D3DDA3DECBD22BE973D683BCB3D0E3E02BD2FBEF4BD1ABE9CBD1A3E05BEA3BDD1BD1ABEFCBD273D013E5CBD9F3D2CBEC9BC10BECEBDCB3D58BC8ABC88BCF8BD223E2EBEDFBDC23CFE3D723B2D3D8FBD2EBE783D8F3C8CBDC13DAD3DBF3CAC3D82BD513D0C3E883D523C223DA0BC20BEC3BD1B3E97BC313E94BD1D3EA53D053E2A3E41BD8DBCBF3D173DBCBDD3BD9BBD03BE1ABE95BC04BDBC3DF7BDB9BDD6BCDE3DBDBDDEBDE93D48BD33BE1CBDE73C873D0ABEBBBDBFBBA5BA94BDA23C583D1CBE35BEE83CA03C163EF3BDF13BABBB043DD0BDB03C843D31BE7B3C33BE00BE0DBD133E173EF53D4A3DC2BDDCBD09BECF3D06BD7ABDC83DDDBD9CBD293DBB3D32BE7F3D5ABDD9BB253D15BE953C18BEFC3C0DBE2ABE913D1EBE003EC13B273E8CBC8E3D823C293EC3BD6C3C01BEAA3D2F3EDBBD1EBE5B3D55BC033DC8BCA23D06BD6ABA86BD883D483D113EDB3D023D83BC7ABCB8BD0E3EF4BD2B3E9CBDC7BD553B39BD01BE25BDBC3D8B3B313E413DE3BD05BEAFBDE4BD413D44BD01BEEC3D20BE96BDB93D8C3DD33DF63C20BE3D3D21BE34BE303E653CE7BD323E97BD11BEA83D173EABBDF73DA3BD1ABDD73D8E3D0A3E6EBDCE3DDF3D95BD28BE723C833D18BE19BE103ED13BF4BD343E1C3E8DBD1D3CC6BD5C3DC83D013E253EDA3C05BE2DBE103DA63DD7BD423C1EBE723D703D31BE40BD19BEFBBDDBBDF03DA6BD2EBC293E21BEB53D8DBC983B003E2ABE8D3DB53DFCBCC03CFF3DF3BD183EFABDBD3D123E693D1BBE343E223D54BDE53DF73D6A3D0FBE023DA9BDCDBD273ECABD00BE66BD333E72BD0DBEC4BDD2BD8D3D9E3DCA3DC03B14BEF4BDB23D27BE093DF2BDA7BC6BBDCE3DB93C05BEEDBD68BC9B3D39BD97BD1ABE473DFA3D183A043C02BED3BD19BE22BC10BEB8BD323DF0BDC43D0D3E8C3DC23DE7BD9D3DCE3CE8BCA3BCC7BD8E3C29BEE7BD533D1C3D58BC2EBEF7BD1FBE2A3E05BE0D3E363D9F3C533D01BE8FBDBF3D4DBD13BEA93D9BBDE5BD9B3DD33DCF3D0C3E8F3DF2BDA43DA5BD133CE93DD4BD10BE24BEEB3C8C3D013E283E583D233EF9BCD53D02BEE7BD863DD73DDA3C453DF23DD43DB43D503D18BEF23C2D3DF03D1D3DA3BD8A3D91BDB3BD273EFCBD2C3E3EBD69BD293EEF3C1C3E2D3EF63C1ABE0BBEB7BCA0BDA33C203E64BD02BEF93D1ABE1FBEC1BD1D3E80BD2C3E0ABC18BCC43B3BBDF3BD96BC4E3D823DB1BA203D133E4C3DFEBDACBB13BD313CF6BD18BD7F3DEF3C353ED23DCFBC143D103E723D2E3E323ED5BDF9BD243E1ABE0B3E27BE88BC833D0DBEBD3D833D0DBE1BBE893C0BBE95BD77BDBB3DB7BDD4BD693D1BBEE23D17BCB33C713D8ABDF43C993D083E10BBAB3D31BE673DD43DC0BD143E2F3E26BEFA3DFF3D1FBEB2BCDABD22BEBABDAEBD76BDE43DC73DB0BDF0BD5C3CA8BD84BD073DCFBD523D5E3DEEBD08BD043EF53D333E083D923B2F3EE2BD34BE043EDCBD433CF63DA1BDF13C62BD553DE33D7BBC96BDEE3D1ABD01BD2A3EB43DDA3DB23C0CBEA8BD003D2E3E16BEEEBD26BC81BD33BE953D873D37BDC4BD813D92BDEB3D323EB4BD91BD0ABE98BD1ABC17BEE43D2FBE7D3CCA3D1B3DF5BD613DFCBDB7BDD83D45BCEDBCFB3DCC3DAA3DD5BD103E153E43BD1E3EFE3C35BEA73C2CBE823D1C3E08BEC33D2B3E17BE7BBD1A3E863D7A3D3EBD083E003DC8BDC8BD2ABEF8BDCE3C623D49BD2FBE35BDE13DCE3B86BD0E3E0A3EAC3DDFBD30BDC63D223ED93D0DBE2FBE493D0EBD40BC313EDE3C20BE9BBCC2BD4E3DC4BC9A3D1BBE81B9A63D1C3E22BE8CBD17BD25BE15BE14BE343A80BC88BDDCBD2BBED2BC0ABE103EDDBDD0BD02BE1ABE313E713DA63DE23CD3BCAC3D1FBEC2BD8BBD97BD4C3D76BD013E153C2CBE35BD493D283DC0BD4D3D603DF73CD0BDF2BD1ABEC9BD043E303E12BDF8BD213D2BBEEA3C0E3ED0BD1BBE0ABE85BDCF3D17BED33C113E22BE0CBE1A3EB1BD81BD053E1BBD183D47BD1B3E123E033D343EB03C02BEA5BD273D353C0C3EB43D5F3DB63DDFBDD5BD37BADEBD133E9D3CCA3DAABDB6BD2F3E05BE1D3D043ECC3D1E3D213EB6B90E3EC53D6EBBE0BC1B3C2E3E6C3DBABD2ABE00BE14BED03D4FBDCB3DB93C13BE7CBD973D1DBD063EC63D303E12BE083ED2BD303EE1BA183E96BD49BCCCBDD1BDB83D093E063ECA3D573D5D3C94BD223EEBBD04BC04BD24BCFEBDB43B203C563DA23D1F3EF7BCA53D1ABEA2BD14BECD3C1C3E21BDF33D71BD19BE09BE093EEE3DD0BD483D613CE1BD92BDE73DC03DB7BD0CBD05BEF1BD23BD453D733DB7BD213E093E783C16BE063EC7BCE7BDE43D18BE0FBD793D5CBD92BDB13D1FBE48BD383A1C3E0EBDF8BD1CBE693D09BD0C3EBCBD173D8D3D05BDAB3D85BDD83B64BD0E3ED5BDDA3DAF3C213D0ABDC0BD2E3E693D203EA03DC43D61BC13BE1C3D1E3DB8BD153E1C3DCFBDB73D1A3E4ABB85BDBBBBAB3D6DBC4BBD643BFEBD14BED6BD2B3EE8BD1D3E0BBC1A3E7CBDF8BD943DF83D143E2F3E6ABD013DD33D2EBDD63BAD3DC73D1CBE16BE093E6CBC3D3CC13D1E3D62BDE53DC13D6B3D2E3E2D3D283E2B3E0DBEE0BDAFBD44BCECBAFDBD213E0F3E13BE0E3E9E3D62BD9ABD7F3D2ABE31BEC63DB73BD63DFEBD7EBDF3BD323D91BDAD3DFEBD033E96BD70BDB73D5B3D0CBC153E293C0BBD573D1EBE08BE08BECCBD40BD093EF53D23BE28BE193EB2BB1FBE07BE3E3C323E62BC833D753D29BE07BD25BE293EF63C5D3CA5BDCB3D91BD213E1E3E27BE54BD023E0A3EF7BDEEBD053E13BE033DC13DEE3D4F3D113DF93DECBDFDBD9DBB183DDABD80BD69BD813D15BE1B3E30BE263C34BEAB3D103D5A3D133C2E3EB13DE73DD33C2DBEF3BDFABDE3BC27BD073D76BD703D253EF83C14BE853DB73C81BD14BEA33CC1BD05BE1EBE8A3D563C1B3EE7BBC73C48BBCABDCEBD79BD723DDB3D103E6CBD0EBEDCBD1FBE343EF93DE73D123A103EF03C393CAD3D31BD53BD06BE173E3F3DD7BD1DBE483D29BD1E3E9B3D23BD023E6BBD4EBD07BE463D44BDA6BCA3BD0C3E233E4C3D11BB563DE7BD6CBD22BE163B05BEAEBC853D133EC9BC81BC873D02BE08BE2A3E71BDF7BD053E993DA93D793D143E0E3EC5BD303E8E3CC43D80BD7E3DE63D7C3DADBDA93DF2BDCE3DF53C29BEA2BCACBD0BBE873DB93D00BE163DDD3D5BBD65BD623D9C3DB1BCBDBDC63B6DBD0EBEFBBD08BED3BDD5BDC4BDD8BD293E113E273EC63DE4BA86BD71BCFCBD5E3C013D1DBEA73BDEBD27BD863DA33D353D96BDA63D1CBD983DFF3DB1BB9BBD9B3D26BDF3BD6FBCF63DF23D31BE34BDDDBDEE3DBA3D433D143E703CC3BD03BD93BDA43D14BEBABCAEBD61BD223E1C3E03BEEE3C813A2B3E033EC4BB183E023D003EE43CBBBC313EB63D1EBEAA3D35BDC83DA2BD07BE34BE47BD5D3D6C3D18BD323E183D113EB3BD893D09BECABD17BE713D8DBD1B3E32BEC5BD253DA9BCED3D9D3B0C3E57BC053E27BE213E62BD643D0D3E1EBE61BD403DCDBDFC3D833DDE3D353D2FBEC2BDACBBD0BD04BE04BEB93D11BE2E3E823D28BE30BE0DBEB83D09BEEA3DA5BD19BD4EBC343EA9BD043EA7BD743D0D3E303E6A3D05BE05BE123E1ABCC9BDF1BD26BED1BC0BBE1D3E013D50BDA03D18BD2A3EF1BDA53D76BB293E0BBDB1BC613D023D2BBE7D3C8B3D96BD303D903D823CF83DCFBC953D3F3DAF3CEDBDEABD0D3E11BE4E3D58BD8A3D0EBE30BE0EBE8E3D983D8C3D94BD83BDF4BCB1BCC5BD843C30BEE03DEB3D15BC5FBD2E3D593D243EE9BDE2BD72BDD3BDCDBD7EBD2F3E253D00BEDEBD08BD0FBE8BBD723DB73C263EF8BD8D3C033D80BD153EC53D2A3DC63D0C3E16BE2EBD9EBD333C09BD1ABE8A3D04BD8BBD343EAB3D15BCA1BDBCBD32BCC53DC73D3D3D29BE8DBD1F3CDB3D41BD10BE87BD1ABD1DBE633B8A3D3FBD0D3E233EC4BB57BC62BDD03D1A3E033E133E343ECD3D31BEEE3C3C3DE03D56BD1ABE243E2D3E193E2ABEDEBDBB3D0FBEF13C783D13BDF03DAA3D1ABE8DBD183E28BE90BD75BD55BC93BDDFBD0D3E593D153EA03D70BD9D3D2BBE7CBB153E06BDD7BC083E2D3E0DBE29BE2FBE723C6DBDBF3DA2BD0B3ED2BD973C14BE64BD2E3EAB3D29BED7BD003E2FBBFD3CCB3D1CBE07BE9D3D023EBABD8D3CD4BD82BD123EACBD503B973DA5BD393C25BDEC3D283D05BEF3390D3E833DD23D763DBB3D103EF4BC453DC63C213ECABD0BBE633DE83D9C3D993D00BEA13D5ABC09BED3BDAB3DEBBD38BD063E653DC93D53BD33BE5B3CEE3DE3BD14BE8EBD96BC1D3E303DE43D07BCBEBD343E163D12BECF3D733DC1BD673C32BE1ABEBFBC353E5ABD353D2ABEDE3D47BD933D2E3E0EBAC33C01BED3BD0EBEAABD8F3B56BC9D3DF7BD1C3E26BE953D23BD423C14BE913C0BBE1ABE5CBDF4BD7DBD113E043D583D893D263D983D053E993CDD3DA33DCBBC91BD343EC7BD773D4C3D19BEACBD9B3DC1BDB2BDD83DFCBDC9BDCD3DD83D7C3DA1BD7D3D823C2CBEABBD983D22BD86BD20BC7C3D383D99BD2ABE73BD20BEB0BD073EA43D4ABD603DE0BCA13C863D2DBEBA3DB4BC1A3EBDBDEDBDB7BDD33CD13DE13DC5BD123E23BCDC3D9FBC9EBD8FBD79BD463BE3BD1B3E15BEB53D4FBDC4BDCA3B10BD2DBEBDBB0B3E053EFDBB093E243DE73DE33DC53DD23D1BBE303DFCBC413DB3BD343E56BD9F3D1B3E18BE88BD11BE1E3ED9BD063E2ABD2DBEC7BDCDBC213E2ABEBEBDFF3D84BD9FBD6D3DBEBDCEBD223E48BD12BD1EBEF53C12BDC43DBB3CF93D123E04BEB4BCBF3D163E023E2E3E2EBE82BDC3BC0C3E1C3E31BE1BBDC1BDF6BDF5BD1ABE073ED8BBF93D06BEE73D07BC063EA53D79BCD23D6EBDE53CCE3C513B8DBC153EBD3CF3BDCF3DF1BDF43D273E83BD103D9E3D563D14BE203ED4BD6D3D46BD03BE623D62BDA93D033D8EBDD83C1D3E263D1CBEFDBDD53D04BE493D833D0F3E093E573DA13DB2BAFD3BF33DEFBDB3BDF33C03BED03DFE3DD3BDBCBDD7BDE23DB2BD29BDF1BD3D3D39BC613DCABC953DE2BC153E51BD133EB5BB9C3C99BDF3BDD0BD09BED83DAF3D38BCAF3D8B3D1A3E203E2C3E95BD1C3E33BE853DD7BDF93D",
      torch_tensor_32_torch.bfloat16_2: "0x020000002B3F963EA6BF1F3F183E3B3E0D3FDC3E46BE303F4CBE2CBF043CBB3E0EBEAB3D1DBF25BF183E20BEFA3C08BF543FB8BE6ABFD03ED33CC5BF13BFAE3E4CBF0A3F",
      torch_tensor_32_torch.bfloat16_1: "0x02000000033F9A3FF13FDA3F2E3FCD3F183F1A3F0040943F053F223FA13FA23FE13F833FCD3FBC3FD33F033F603F283FB53F373F483FB43FC63FC13FE43F023F903FFA3F",
      torch_tensor_32_torch.bfloat16: "0x0200000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_32_32_torch.bfloat16: "0x02000000D73D37BC1BBE2DBEAEBD973D5F3C8E3C14BEC73D33BDBE3D13BE473BB73D573D34BE183E07BE27BEFBBD2CBE843D083E123E7E3D42BD193D603D33BE8FBA353D133EDA3D4CBD04BCE73D243EB9BD333EF8BCA2BD82BA0E3ECFBDCA3BD0BD91BBFD3DB3BDA3BD493DAA3D5EBC27BD37BC5C3D213EA33DEB3C703D593D09BCF3BDABBD7E3D7E3DB8BDC8BDCC3D03BDDD3D413D0D3DA4BC9EBD373DE3BDA0BD02BE6DB8C4BD86BD6ABD9F3DC93DF53DA1BC2C3EB6BDBF3C403D25BEE23DFF3D073EFA3DCD3DDCBD023E88BD483D25BEA6BCA6BDAFBD07BE7FBCE0BDE2BD28BEEF3D033EDDBCC93D243DDDBDD5BC9D3D843A15BCDABCFF3D02BE683CE7BDD43D72BCD6BDF0BD85BC513CDB3D12BDBDBD2FBEF2BB173E28BE12BD0D3E1F3EEEBD1EBE343EAEBD463D34BEA63DA4BA09BDB4BD9D3D91BDA1BDE5BD143E9F3BE6BC0F3DF53D18BEED3DA63DC33DB9BCD8BD3EBC2F3ED7BD16BE35BD943D10BE70BC0B3D41BD18BE82BD4BBD893D35BE193DAFBCF73DBDBDCC3D7EBB633D2BBEC4BCE3BDC83D21BE073E1BBEE93D80BD1BBE3A3C1ABE673D2A3E8ABCD3BD083E9A3C303CB83D2DBEAEBD6B3D183C8EBD04BE023E57BD4DBCCD3D1FBB10BE25BE823C1D3DF43DB93D333EA53DAF3D1E3E95BDB63D4CBDC73CC23D28BED73D023D4EBD8CBD83BD243DAABC2F3D6CBD0D3B0F3E35BEA3BCC73D9C3D5D3DF73D2EBE0DBE2CBE1C3ECF3DF53D2A3E55BD2A3E763C233D3BBD6FBDCFBD473DD63DDABDACBDF6BC29BEE7BC263D69BC4F3CDB3DFABD6DBD17BD9A3D563D1DBE74BC0CBE0EBEAA3CD5BD103EBFBD11BDA43D513DEF3CB0BB11BDA8BD303E093EB2BDD93D6D3DF4BDABBD4DBAD4BDE3BD67BB1DBEEEBDE63C96BCAE3D013EE73DA2BDA93C71BD303D26BE133EEE3D1ABD9CBD173EC83D303ED6BDFEBD23BEDABC6C3A143EBCBD22BEF33BFF3C473D8FBD0EBE29BE343E3CBD08BDC53DC0BD26BE30BE1BBC643DAB3DA3BD543C023CDD3DDABD053E24BD9C3D16BE81BDC8BDAFBD0CBE263D313E083EE2BD91BC41BD9EBD9FBD413D9DBDFEBDC23C2C3EC2BB2F3EE7BD183E88BB013EC43C383D18BE04BD0BBBE9BCEC3D87BD92BD03BE6F3D153E003DDEBD893DC23CE63D26B9293E1D3EE7BD0A3E75BD31BE293EC3BDE63C263EAEBD023E2C3DAA3A8C3DA6BD9BBD19BE153E99BD0E3EBD3C39BC1F3EB53DC73DCBBC973D2EBE8BBB21BA17BE05BD713DF43D803C8ABDABBDEABD87BDAFBD0ABE0E3DE9BD84BB023EF1BDE33D13BE19BE2E3EB2BD1B3E223E483DB5BD3B3D173D173DB43C323EC83CB43D87BD6EBD163E74BC973D9FBD0C3D0DBECA3CDF3C75BC923DC23D013E25BE62BCD13DF13D0EBE4EB815BCF1BC9B3D983D25BEE83CC3BDBB3D85BBFC3CCABC103E16BE9D3D303E8FBD3A3DB3BDAFBDC6BDB33DEA3DBFBCB0BC03BEC33DA53D03BCE3BDB63DECBDEC3D10BE7E3DF5BDAA3C2F3EFF3D07BE2DBDF03C72BD05BD093E07BE0EBE15BE53BBF8BC3C3DC6BDBBBDA5BD8B3D2F3E1CBEC73DEF3DFFBDD3BD0D3E8DBDC33D653C21BEC33D9E3CDCBDFE3C89BDCDBD61BD14BE28BE73BBECBD763DF53DA6BC19BE26BEBE3D3E3C1DBE9EBD623D6B3CAE3D2A3E82BD5DBD33BE263E79BC52BD83BC9DBD963C063E7D3D333DA6BDC93D343E1BBECDBD303E0C3E3D3D263E70BB2B3DAD3D293E08BEA23D933D97BD9ABD8A3DD8BDC33DED3DB23DC7BD2A3E8A3D32BE2FBE803DA73D1D3E0C3EE13D5ABD45BCE3BDC13B193DA53D153D033D1C390EBE9EBD28BD423DE03BCCBDA8BD33BD1A3EF23D1CBEC4BD873D79BD62BD13BE94BC7A3D213E44BD8FBD063D663CB03C28BE0D3E09BB79BC6ABD27BE6FBD26BE953DBEBD24BEB7BD8E3DC9BD0CBE8EBD2A3EC83D2D3D3ABD94BD143D023E0CBE0D3E2EBE24BE2DBE6A3DEE3B353D05BEDBBD993D013E18BE213C40BC30BD7A3D0ABEB23D8DBDF43D34BDFE3DF2BD24BE323E76BDC43A053E223E183D29BEE0BDE13D663DC53D88BD28BEE8BC913DFD3DF0BDB2BD173E153E303E013E423DDBB907BE82BD31BEEC3DDF3DA33D01BD19BE1E3E243D193D38BD03BEA03CE4BC233E863D743D053EBEBDF33D863A26BEE33DF4BDDE3D0C3E55BC6EBDF43C073EB83D0A3EA8BB09BEA13D553C2D3D293E26BD253ED6BDEABDED3D0A3E8ABD053DA63C673DDBBC30BE723D30BEFABD0FBE8E3D9E3DD3BD223EFEBD043E9E3D1FBD0F3E053E143E13BE87BD00BE113E223DB7BDBEBCFA3D293EBF3A24BEA5BDFE3DDC3CF23D153E78BDD23DA7BCA1BDFABD0D3D1E3DEE3D323E0EBEE9BC5BBDB93DB13D243EF93DF63D09BEF0BD11BEB2BDB2BDFD3DB0BD1B3E193EE23DD43D013EED3CF1BD073E043EF63DFDBDB7BCEB3DB8BB4DBCC1BDB53DA03D1EBD063ED5BDBC3DF3BB92BDE03C1EBE143E19BDBABD8E3CD03D073EEF3D05BD243D263EC23D343EFB3C2EBE573D38BD013D8D3DCC3DACBD06BE263E373DAE3D453D02BD27BE223E2C3E71BB3DBD9F3D29BE483D1A3E3DBD20BCB43D83BC6EBB673D60BC51BA2FBCCB3D273E813CD53C01BECA3DCD3D04BED43D463DDEBDEFBC21BEC43CB63DFABD5ABC0E3E0B3EE73DCBBD84BBAFBD223E003CDFBDC9BC213C743DDCBCF53C2BBE5BBDC83D953D313E113EBC3DB0BD233EF83D82BDA8BDB4BDE6BD913DBCBD203E233D433B643DCC3DF0BC0CBE31BE283E293E88BD1F3E8F3D1DBEDFBC23BE9D3D813DAC3DE9BBD23CD9BD16BE7FBD843D06BD15BDC6BDB5BDBEBD15BD293E39BDC0BCBEBDDCBD31BEE7BD51BD28BDF9BD60BC193E0CBEE23D0BBE033DE13A12BEB9BDACBD0ABE533C10BE293E253C0ABE91BD1E3EEEBBA63DF93DB9BD1B3EBFBD17BEDB3D0ABEF6BD0ABE7C3D13BC1C3E9FBD0C3CBB3DECBC",
      torch_tensor_96_torch.bfloat16: "0x02000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_96_32_torch.bfloat16: "0x0200000052BEB43D743D41BEF4BB263D323E5B3E1DBD1DBD46BD23BED93D593E3F3E41BE4DBE10BE1FBD65BD50BE41BE30BE7FBD673B553E51BE083EB5BD5B3E39BE44BE03BDB73D35BE4FBD2EBEFD3DD3BDD6BD3FBE863D4C3E633DAD3D2D3E6FBC8DBA3D3E95BD4BBEE43CBD3D923D253E393EBC39023E3BBEBE3C023E083E50BE423EEF3BB53C513C573B05BE413E8B3D1CBE2ABEF93D2F3E1F3D423E92BCAEBDCC3DD9BAD83C8C3C273ECF3DE93DC73C82BD1ABEE2BC45BEFABD59BD253E5CBE023E08BE4EBE16BE16BE573E223E533EEFBD55BE54BD2F3EE53D30BE7DBDCB3B573E19BE163E023EEFBD25BE05BE133E58BE163E4B3E50BE05BD163E60BDBD3D02BBC9BD203E083D03BD963DEBBD29BD04BEFFBD00BE6FBC22BECABC8EBD39BDD0BD09BE4D3EAA3D3B3E48BC233E5F3BA73B4EBE9A3DF43D56BD45BE1BBE1A3E80BDE13D253D3E3EF3BB4A3D1ABE15BE253E10BEB63B53BEA8BDE7BC063E093E993D56BDBF3D643D8E3D003D67BC503E1B3E76BC5ABE573D1B3DD13D50BE2A3D3B3EEB3CDBBDD2BD853DC33D2BBE453EE8BD3F3D0E3E22BE1B3E963A8CBD0DBE323E003E3FBD573D713D32BE443E41BEA53DC03D58BBE3BD3ABE123E4ABCC1BD9BBDC03C2D3E47BEDB3C45BE39BE07BE233E2DBDD53CAB3DED3CA93DE5BD6F3D2D3E58BEF23D4FBDFE3D50BD583D2ABE71BDCEBD2BBE6B3D4F3E25BE5B3EC93C55BE7CBD113E3CBE0CBD503E88BD033E2FBDF1BCFCBD263E44BE12BE46BEEB3C06BE4A3EBA3D0D3EC33C333EECBD94BD3B3EB43D09BEC6BBBA3D133D5C3EB8BD59BEF93D7A3C33BE4ABC47BE043E493E643D5A3E03BE1EBD163D21BC343E2D3E5EBD4BBE393D0C3ED23CA0BD733D4FBE383EEF3C583E3D3EFD3DA1BDE3BD673C503EF7BC233EB6BCAF3DF3BDDD3B3F3E35BEDABD1EBD4FBE3FBE893BDBBC113EBDBC1B3EFC3D2D3E38BDD93C42BEFF3DBA3D363D3EBD493E37BEE93D423E9C3D363E08BE473E233EBABD3E3EC9BD3BBE503E8A3DF73D583D003D943DA53D14BE113E6D3CC13D41BE09BEC7BD35BE2D3E0B3D22BE09BE4CBD3B3EB7BD483EF33D1FBE47BE7D3D183E31BD42BEA53D93BDD2BD973C263E47BE483D2ABC18BE3A3E06BD543E1EBE583C6BBD3A3D56BE843DECBDF83DBFBDEDBA2CBE0EBED33D463E393E36BE92BD183EAF3DF83D493E73BD95BD8F3C49BE3FBD523E92BCA3BDADBD31BD69BA43BE293E56BEDABD36BE01BE843D0ABEAEBD1CBE20BC463EBB3D073E30BE97BDCA3DA9BC2C3E1CBE55BE2CBEDEBD1C3E9BBDDABD0ABCF63D5CBE4CBDA3BD0EBE86BDA7BC45BE2E3E8E3DFE3B72BA103D4D3E2C3DF53BB0BB17BE5ABE29BD49BEB73DF8BDE13CBB3DF6BD3EBD34BE2EBD343EAF3D173EF3BD46BECABDB8BD043EE5BD0F3E2ABE7B3DED3C163E123E2BBE453E593D573EB83D3DBE603D16BCD53DAFBD8DBB31BE14BDECBD843D31BE163BD73CBF3B583E3FBE1C3E5DBEB9BDC6BDE5BD8F3DB7BD84BD313E843D813D75BD7C3DBFBD593D3FBE43BEEA3DF43D0C3ED1BD08BD08BEFDBDD9BA2BBD033E323E323E8BBD843BA0BD243D54BE2DBDA7BC473DE53DA2BCD3BD473E43BD25BDFEBDD23DFA3DF33D003D1ABE4D3E163E0A3EBF3D0F3DE93D61BD5ABE92BB25BE313E42BEAFBD713DC43D5D3E363E173D303E253CC7BD3B3BFA3C873B16BC03BEAA3DA73DE03DA5BD623D103ECEBD81BDFB3DFDBD1F3D53BD99BD52BE973DFE3B3EBE11BD933C273D33BEA6BC253E48BE1CBE0B3EB4BDD7BD0BBE673DA83C723B8D3D853D07BE183C5CBE31BEE03DB23C0EBEF5BD1D3E3BBE09BE293E31BEFFBDFE3D2ABE573D2E3EDF3CE8BD11BE4CBEED3DBCBB90BB08BE2BBE29BD853D0B3E233E9CBC59BE1B3EB1BDA93C2BBDFABD97BD16BD2FBE07BEE7BC9A3D5C3E0F3E143E1BBC403D96BD15BE2A3ECE3D3F3EDE3D05BE49BE5B3E20BE7EBDEFBDA83D153EFCBC043D2EBCD2BD573ED23D69BD16BED6BD66BD473EBCBDD23C053EC33ACC3DDABD7F3BA63C033E363E11BE4ABD07BE483E3B3E283E9A3D81BD903D36BE1FBB01BE2CBE5DBEAA3D1D3E86BD51BEAABDB43D493EEB3DA9BD4D3EFB3D453C153E0BBEDA3CA93C25BB183EF33D493D813D17BE273E653AD1BD653DAFBDB23C8D3CF83C0D3E0E3E303E24BEFEBC5CBD96BD59BE143E9DBB383E513E9A3D88BD473E023E023E23BD3C3D33BE383E3D3EE0BC37BC25BC903D013C3CBEC2BC9EBD073E15BE2DBE303E36BECF3D1ABD51BE4EBEF13B96BCAB3D1B3DDEBD3E3E6DBC2F3DACBD4EBDF6BD05BE22BED03D003EB53D5BBE733C51BEB1BDD33BF63DAFBD013EA03D7D3B5C3E5BBD413DBCBDD63B8C3D5CBE1C3ED03DB0BD0DBECCBDB53D5ABECEBD19BE443EF33D5CBE3ABED9BD2E3E233EF03D763D2CBE17BD413E05BE7BBD143E63BDFDBD10BE01BE4DBEC8BCBBBB0C3EDFBD7ABD1CBE5B3E173B55BECB3DF33D163E5D3E39BD423D283E233DD2BC013D93BD263EAB3D093E983D933DD03CCFBDD0BBAE3D07BE5C3E2C3E07BE1EBE593D24BEB83D0F3EC03D773CE5BD46BE813D223EADBB2DBCB2BD873CAABD33BE863C9FBDEABD3CBE87BDB13C31BE113D88BDB83DBC3D32BD54BE4ABD37BE9A3C51BE31BE013EDFBD623D393E2EBE49BE2BBED03D4A3E3F3D24BEF3BDB9BD55BEB03D263E383E4ABEA53D29BD52BE0A3EF03D50BC513C0EBE053E8BBD3BBA383E04BE533EDF3D08BE15BE3CBE083EF73B01BD293E2FBDAA3D1F3D94BCF0BD14BE4ABE2D3E493E5A3ED73D49BD05BE5BBEABBD19BE74BD1CBE1FBEAEBB1BBEC33CE8BB383EF43DBF3D14BE373DFBBD043E4C3E2EBE3F3E09BEB8BDFBBD8F3D42BE08BE0D3DD9BD323E9FBCAC3DBC3D0FBE393E103EA03D4BBE573E13BE383E4D3E5DBBC23D25BE173E853C3A3DFCBC1B3E30BE153DB83D063EF0BDA13C843DDEBDD6BDD63CD4BD5D3E593D94BD523DBFBD87BC703DB03D133D50B8BABD45BE273E52BD56BE233E323E53BD5A3B17BE0D3E38BE263E973D3D3EE7BD76BCCABAA43D683D493D5D3E5E3D02BED4BDFD3D4F3E4BBE34BE31BE2C3E08BEF93DB0BD053E0CBC8CBD1D3E573EB4BD213E35BE28BE763B3B3E243C263E053E0B3E9B3D56BE29BE37BE4F3D0C3DF83C51BE6A3D04BE55BE4D3D26BC27BE9A3BBF3D55BEF3BB333E3F3EB7BDA6BDE9BD29BED7BD113E1C3E90BDE03C05BE0BBD0E3E0A3E19BD31BEF8BBDABD523D4B3EAC3B2ABDFABCE7BB4D3D51BB4ABE4B3E01BE593E68BC50BCDA3DC3BD053BA4BD1BBE0B3E223EC93D593EE03D3B3E4DBD263E603D61B9253E2CBEFCBBC9BD5B3ED5BC9C3D1D3EE73DAFBDAC3B0A3EBBBD933C27BE423D193E743C0C3D3B3EF33BAABD293E20BED13D103E0FBB5ABEC73D0C3EC0BC153EAE3D443D4D3ED5BD0D3D27BE413E8E3D453E30BE413E0B3E413EC4BD36BE1CBD2F3E5A3EA5BCCA3CA1BC8EBC173DD03D4DBD2BBECFBBF53D33BE503E9E3DD13DD73D193E423EC4BD693D053E5CBE003E55BE11BE02BE17BE1FBE033E3FBED7BD4FBEAFBD53BA953DE5BD1D3DD73D343E2CBD17BE083EA0BD54BEA9BD0ABD443D293E0D3EBEBD343EA33D653D22BE16BD9E3D82BDBC3DCF3D1BBE343EB73C6CBC86BC89BCC9BC94BD023D6DBD343E98BD4BBE5C3E033E1EBE2F3E41BEDDBDE6BD133D713DB5BD96BDEEBD2A3ED83D9C3C413C5D3C4CBDC9BD483EADBD09BEB1BC893D3DBE723D29BCCEBDDF3CB13C56BED03DA93DFFBD8C3DEABD253EC6BD9F3D8F3D4CBCF3BDD33D663DCEBDF6BCB73D3BBE023D3D3D59BE003D2EBE47BE433EE43D1F3E453EEFBDBDBDD9B7B23DB63CA2BC5E3ED8BDCB3DB73DD7BDFC3D193E2FBD16BE083E283EA73DDB3CD83D883D89BD23BEC2BD9D3DB3BDA93DE6BD27BE1D3E0CBE883D3C3E4F3C0B3E6BBD3FBED4BD88BD01BE05BEC33D4E3E0D3E953D30BE13BDA33D433ED9BD033EFF3D41BD4BBECC3DE33D30BE2D3E52BC26BE9A3CF93D013C2CBEEEBD033EBE3D0E3EA33D103E42BDCE3D783D1A3D463EADBD293EADBD323E12BD273E91BD913C423E9BBC92BCBBBD1F3EE93D44BD6CBD463E073E343EEABDA7BD11BE24BEC4BC0EBCDFBD8ABD943C2EBD2BBE363E94BD183DD43D4BBEE6BC2ABE413ECBBD183E613CBDBDB23D31BEA1BDD8BC563E41BEA43D5B3E40BDECBD12BE34BD343E0DBE533E2FBE373E4F3C7BBD35BEDCBD0CBE43BE95BD233E45BE2F3E6A3DF73DCABCD3BDC73D223E7B3DD73D5E3E233DDDBDEC3DF1BD3B3E0F3DCC3D083D3C3EED3D183ED3BD1D3D183E1C3E90BD283E4ABE2A3EB1BD19BE3A3E3FBBADBDEA3D1E3ED43C1FBEC7BDF4BD9E3D50BEEEBD56BE0CBB493E8E3DB73CCD3D0EBE46BD2D3E3ABE59BE92BD47BE3BBD133E23BB673DF13C18BEDFBDD03C423E22BE123E08BE40BE273D1E3E0A3D073E853CF7BC553D593D6ABD4D3D5A3C48BE233E4FBE8E3D2DBE2CBDCB3DA13D283EA4BD883DC63D4DBE01BEE63D1C3D12BD68BDAF3D1C3E243EFA3D793D2DBEFF3DC2BDFE3D1BBE913DCABB213EC23CDB3D4FBE863D5ABE4BBE5CBE20BEB9BD653DEA3C83BDA43D4DBE493EEDBDB9BDF43BAABDA43DB0BCD83D04BDAABDF03CA93DEF3DF039093EEBBD67BD5DBE28BE3EBE17BE933D01BE58BE4FBE37BE793DA1BDEC3BB63D343E09BE203ECA3D84BAA6BD813DAE3BA03D39BEB3BDD7BC58BE1EBE7C3D4BBEFD3D4C3EA4BB22BDC1BC90BD553EF8BD28BEB9BDCBBC01BE60BD89BD363EC3BDA03C0FBCB5BC22BEA43D0F3E99BB50BD9D3D033CDBBC793DE13DCF3DEABD5E3DBABD303D9EBD90BB703D0ABC3ABE20BE89BD07BE51BE2BBEBCBD0CBED63DB83D56BE68BCA4BC213BDB3DB4BD5C3EF53D58BE1A3DD13D51BC823D93BCE23D1CBED93C523E033E53BEE43DE33C84BD0D3E0C3EEE3D12BE21BE033D3B3EE6BD173E463B3BBDFBBD053EA23D42BE1B3EB6BD46BE8A3C2E3E463EF4BD663DA63DE63D1BBE44BE06BEDEBCEDBD133E51BE0F3E6EBD273E53BEADBC15BE59BEB73D423EA1BD9BBDC8BD45BE203E6E3B91BCC43DB7BB84BD33BEA8BDEF3DB63DD53D12BE56BE1DBD44BE273DCE3DCA3D2CBE473D093E5FBD513EFA3D18BE4B3D3B3E92BD993DC53CAD3DE5BC29BEE73CE43D8EBD9D3D913BE6BD0FBEE5BD123E943CBE3D403DE5BD443BA2BB933D4ABECCBD0B3E45BE1F3DF53DB93DB33D983DD3BD003DD73D1EBE383EDEBDFC39ECBC8DBB5D3E723A323E21BE0BBD56BEFBBD303EFCBD023EDEBD363EB2BC4DBD4F3E11BD1F3E203D273E95BD8BBCB0BDFBBD40BEE4BC5A3E023DA23D49BDCEBC1D3E44BEE8BB2DBEF6BD223EE33D01BEB53D073E02BEC93D36BE25BD0D3D88BCC5BD18BE5BBDF0BD16BE773D8A3D31BEB5BDFEBDBFBD9B3C04BE583E853DAC3D7A3D12BE99BB40BEF0BDBE3D2CBE423EBB3D5F3CCA3B99BD163DB73DB2BDD9BD59BDB9BD2CBE28BE95BD133E143EBDBD523EDFBD1F3C4F3E3F3DDCBD463D3BBE903D2CBE263E88BD19BC27BD4CBE3F3EFD3D1F3E493E563E4A3EBC3D863D4EBE803D023CE8BCDE3C81BD503EBFBC4FBE493D4A3E07BED2BCB5BC4FBE953D13BE67BD93BD013E4BBE3C3D093EC43DDBBD383D9A3D3E3EA53D4C3C06BEB83D073D383E483E0E3EE93C08BE523E31BE95BCBBBD0E3E383E15BE973D303E18BECDBD36BE97BDC7BD1B3EC93CD0BD23BE253D1F3DEDBD5F3D18BE56BE05BE4ABE0D3E543E393EE8BD60BBF8BD9FBD7A3D3B3E993DD63C34BDBB3DEABC38BE8C3C3C3E1B3E95BC0EBEAEBDFBBBB3BDC7BDFE3D4ABEC6BC2D3E9B3DB0BC253E01BEB43C5B3EAD3B4EBE26BE43BEE8BD8F3DCEBD223C5ABE2CBDAD3DBA3D3B3ECC3D26BE063E1EBE13BDE53D343EFD3CB33DF73D5A3E253EA4BD8B3D48BE6ABD8F3D003E0A3ECC3C06BD213E283EA6BDFB3C18BDD53D11BE08BE2DBD373E353D923DA83D523ED6BD4CBCB33D9E3C363E44BE32BD10BE4C3DBE3DFFBD413EBF3C4BBE55BE903D623D0DBE9F3D103E263EF6BC90BDA03DF8BD49BE54BDD53C863D2D3EFDBC0ABE6C3B773D4E3E153E4ABE2F3DEF3D95BDD03D82BCB7BDBFBDFE3D383E433E103DD3BB083E2F3E81BC80BD0ABEC13D41BE9C3D3CBE513E52BE04BEFBBC65BD11BDF1BD11BD14BE55BE55BE303E583D493EDA3C93BD00BD52BE4A3E103EBFBD673D0E3ECDBD06BE13BE59BE593E783BECBC9E3C25BE283E57BE2D3E0CBEC03DF8B955BE383E033E683DCD3D4EBE613DAC3D123E5ABE48BB2B3E24BE0EBE4A3E3B3D38BDF5BD113DF93C353E39BDBA3DE33D943D11BEA33D09BD16BEA0BD70BD26BD8ABC313ECD3D923DD43D403E19BE2BBD25BEDEBDB93D373E9A3D4DBDCDBD14BE563D32BE323E28BCB73CE3BDB9BD923D273DDD3D103E14BE493E533C38BEFC3DFABD2A3ED5BDBFBDB83D543E22BEBB3D30BE373EE5BBFB3D07BE853D333EF33D193E1B3E4BBD38BED23C2BBE58BEB93D203E433D3FBE853C243EEA3C2FBE34BD19BE5B3CD5BD53BE693D6FBD4BBE443E73BD3FBE9B3D383EDABD3CBECCBC583E5B3EB03D4FBD063E633CD93C323DD0BDBCBDEEBD8EBD223D363C3B3D413E953CF93D04BD22BED43D573E043E663C23BD43BE2B3E1F3E373D95BCC93D09BE0D3E33BE5A3EE0BDE3BDB43C81BD6A3D09BE8CBDF83B8DBD70BDD8BA433DEB3D013EFE3DD3BD10BEA0BD44BE30BEDD3D06BE09BCFB3D2F3E893D32BD76BD1E3EB5BDF93DE43DC7BD1A3AA03D2EBEE93DDC3D41BE473E4B3E023EC93D133E433C893C92BA40BE1EBD033EDFBB5BBE8E3D853DA63DAB3DC93DE83D943DF5BDCCBD1E3EB93DBEBC183E6CBD9FBD8ABD323E13BE9D3DAABB7FBD3CBE093EA43D043E2F3E2DBE003E243D75BD3ABE203EC63C0B3E6ABD58BB2A3E99BD8FBD5ABD1BBE123E343C013D033E36BE3BBE3EBE823D78BD1F3E133E0CBED73C16BEA93DAD3C213D073DB33A3CBE7CBCC63DF4BD583E843C77BD3CBCD0BD4F3C3EBD03BD493E0A3EC7BB30BE45BE39BE22BD57BE073E45BEF53C3A3E1D3EAE3DE93CB33D3A3E50BE243D07BE413EE23D13BEBFBD313D54BD3FBECCBDE43D91BC9B3C52BE04BED33D993D21BEE1BDE2BD3C3E44BE603DE43C103EAE3D42BE48BEE03D5ABE18BE07BE46BEC93D363E12BEA3BCB0BDDABBF13C163D45BE823DE8BC963D32BE40BE07BE393C533E583E9CBD26BD23BEC3BD5A3DF9BD0EBE533E05BE5CBE3C3E433EA73DF1BCFFBDEF3CAF3BDABD473ED0BD52BE233DB1BB293E023E3A3B82BDCB3C8CBD353E9F3D5E3D2BBE593ECCBD1C3E3FBC523E46BD3B3BD9BD7B3D39BE2B3E4B3ED9BD3B3E233E453E5BBE30BE5CBE653DADBD193D0D3EA33D583A9B3D84BDA23C2CBE02BE243E09BE393EFB3D4D3D773D3D3E07BEFBBDDE3C27BE06BECBBB083E14BEA1BD09BE2F3E39BE98BB2C3E413E0FBD1CBE46BD383EFABC2A3E303EC53DF7BD0CBEC6BD41BE48BEA53D1EBE02BD593DF53D363E42BEC1BD0CBE2D3D4CBEBF3D9F3DEABD343E8CBD523E543E1BBE513E213E19BE34BEF4BD473E473EE33D433EEFBD6A3DE6BDB4BD863D0EBED83D633A33BE94BD8EBD073DCC3D03BE03BEB8BDEC3D043E59BEC63DD83DC53D4A3E3FBD163E1ABD2E3E093EDD3AD83D11BEF53DFCBDF1BDA4BD243E1BBE223EE93D433E84BD2F3C4CBE4B3E523CF43D563DFFBDF7BD0BBDABBD103DCBBCA83DA3BC5BBD203D373E20BEB83D2FBE243E9D3D3ABE3C3E063E3F3EA53C32BE473DCA3DAC3D123E98BD8CBD06BD5DBE4B3E583EAA3C673CFCBD17BE133EE33D8C3B863DFDBCE33D58BE4BBEB0BD603C5B3EEDBD13BEE1BD893BA33A17BE3EBD02BD32BEA4BD59BE52BE1F3EEC3D233E963C5DBE213E1A3E47BEA7BD89BD4DBDCA3D99BD24BD043EC73D8DBD763D243EA8BD80BC5BBEEA3DD33D343E523EEC3D5A3E1E3E2BBE62BD4BBED63DFF3DB1BDDCBD4B3EF03B19BE433D54BE51BE01BE3EBEE1BDDB3D053E9CBDE4BD953DDE3DEF3D3EBEF43D01BE363EC1BCAE3D41BCC33DCCBDCCBD263E03BEA43DEF3D08BDB3BD77BD173ECABDFABD2BBEBFBD4BBE0D3DED3D4ABD823D413DFF3D4D3E8A3CE7BD6CBD0CBDA2BD203CE6BDD43D30BE363E0EBD30BE663D58BE413ED43DA23D16BEBC3D3EBE683B083EA73C2EBE09BD46BEA4BC3DBE933D4B3E13BE21BE103E023E2DBD0C3E49BD203E10BE03BDC03D5ABD563E213E17BE133E19BE473D52BE213DAF3D0E3E59BD12BEB4BD223EBABC323E2B3D5ABE273EEFBD0F3E23BDB8BD133E81BA44BE4F3E573E52BE923D09BDDBBDFDBD54BE26BE203E94BD06BC0C3D093EC7BD12BD97BD683DF23B5A3ECDBB25BEEC3DF93D403C2BBB0B3E2C3C63BBFC3DF33D053B073EE13BBEBD1E3E113ED13D86BC3B3D2ABE6D3D493DB3BD2CBEF3BA073E04BEFF3D94BD9EBD453E02BE3A3E163EF13CB6BD09BD203E1FBE503E9D3D2DBE023E863D0CBD22BE593E1DBE06BEDC3AA8BC09BE0C3E6EBD203D45BD7ABD46BE3B3E993D493E25BE273DE4BD21BE4EBCCA3DA73D1ABE1EBE523EC73D4BBD4E3EF2BD20BCB53D46BE2C3E343EB2BD943B39BC823D91BD33BE9E3C613DF3BD243EEFBC343EB5BCB2BD06BC223E493D3C3E173E34BE0D3ECABD893D19BEB13D06BD513E5B3E163D2CBE1ABD1A3C74BD183D5BBE153E0DBE02BE833D093E8E3D2EBE5D3ECF3D353E2ABE01BE15BE313E21BE3A3ECB3A833D62BB"
    }
  }
#-}
