module {
  func.func @main(%arg0: tensor<2x4x6xf32>) -> tensor<2x5x9xf32> {
    %cst = arith.constant 2.500000e-01 : f32
    %padded = tensor.pad %arg0 low[0, 0, 1] high[0, 1, 2] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index):
      tensor.yield %cst : f32
    } : tensor<2x4x6xf32> to tensor<2x5x9xf32>
    return %padded : tensor<2x5x9xf32>
  }
}
