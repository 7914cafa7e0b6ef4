module {
  func.func @main(%arg0: tensor<2x6x4xf32>) -> tensor<2x4x4xf32> {
    %extracted_slice = tensor.extract_slice %arg0[0, 1, 0] [2, 4, 4] [1, 1, 1] : tensor<2x6x4xf32> to tensor<2x4x4xf32>
    return %extracted_slice : tensor<2x4x4xf32>
  }
}
