module {
  func.func @main(%arg0: tensor<2x4x6xf32>, %arg1: tensor<2x3x6xf32>) -> tensor<2x7x6xf32> {
    %concat = tensor.concat dim(1) %arg0, %arg1 : (tensor<2x4x6xf32>, tensor<2x3x6xf32>) -> tensor<2x7x6xf32>
    return %concat : tensor<2x7x6xf32>
  }
}
