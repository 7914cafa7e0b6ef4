module {
  func.func @main(%arg0: tensor<2x4x6x6xf16>) -> tensor<2x4x3x3xf16> {
    %cst = arith.constant 0xFC00 : f16
    %0 = tensor.empty() : tensor<2x4x3x3xf16>
    %1 = linalg.fill ins(%cst : f16) outs(%0 : tensor<2x4x3x3xf16>) -> tensor<2x4x3x3xf16>
    %2 = tensor.empty() : tensor<2x2xf16>
    %3 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%arg0, %2 : tensor<2x4x6x6xf16>, tensor<2x2xf16>) outs(%1 : tensor<2x4x3x3xf16>) -> tensor<2x4x3x3xf16>
    return %3 : tensor<2x4x3x3xf16>
  }
}
