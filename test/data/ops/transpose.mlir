module {
  func.func @main(%arg0: tensor<2x4x6xf32>) -> (tensor<2x6x4xf32>, tensor<6x2x4xf32>) {
    %0 = tensor.empty() : tensor<2x6x4xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<2x4x6xf32>) outs(%0 : tensor<2x6x4xf32>) permutation = [0, 2, 1] 
    %1 = tensor.empty() : tensor<6x2x4xf32>
    %transposed_0 = linalg.transpose ins(%arg0 : tensor<2x4x6xf32>) outs(%1 : tensor<6x2x4xf32>) permutation = [2, 0, 1] 
    return %transposed, %transposed_0 : tensor<2x6x4xf32>, tensor<6x2x4xf32>
  }
}
