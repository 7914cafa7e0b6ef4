module {
  func.func @main(%arg0: tensor<2x4x6x6xbf16>) -> tensor<2x4x3x3xbf16> {
    %cst = arith.constant 0xFF80 : bf16
    %0 = tensor.empty() : tensor<2x4x3x3xbf16>
    %1 = linalg.fill ins(%cst : bf16) outs(%0 : tensor<2x4x3x3xbf16>) -> tensor<2x4x3x3xbf16>
    %2 = tensor.empty() : tensor<2x2xbf16>
    %3 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%arg0, %2 : tensor<2x4x6x6xbf16>, tensor<2x2xbf16>) outs(%1 : tensor<2x4x3x3xbf16>) -> tensor<2x4x3x3xbf16>
    return %3 : tensor<2x4x3x3xbf16>
  }
}
