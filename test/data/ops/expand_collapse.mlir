#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @main(%arg0: tensor<2x4x6xf32>) -> (tensor<2x6x4xf32>, tensor<2x24xf32>, tensor<2x1x4x6xf32>) {
    %cst = arith.constant 2.000000e+00 : f32
    %collapsed = tensor.collapse_shape %arg0 [[0], [1, 2]] : tensor<2x4x6xf32> into tensor<2x24xf32>
    %expanded = tensor.expand_shape %collapsed [[0], [1, 2]] output_shape [2, 6, 4] : tensor<2x24xf32> into tensor<2x6x4xf32>
    %expanded_0 = tensor.expand_shape %arg0 [[0], [1, 2], [3]] output_shape [2, 1, 4, 6] : tensor<2x4x6xf32> into tensor<2x1x4x6xf32>
    %0 = tensor.empty() : tensor<2x1x4x6xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_0 : tensor<2x1x4x6xf32>) outs(%0 : tensor<2x1x4x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.mulf %in, %cst : f32
      linalg.yield %2 : f32
    } -> tensor<2x1x4x6xf32>
    return %expanded, %collapsed, %1 : tensor<2x6x4xf32>, tensor<2x24xf32>, tensor<2x1x4x6xf32>
  }
}
