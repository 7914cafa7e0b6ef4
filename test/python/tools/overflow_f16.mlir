// A model that overflows in f16 and not in f32 (test/python/tools/test_overflow.py and
// test_verify_cli.py): (400 x)^2 passes f16's largest value, 65504, wherever |x| > 0.64, and
// the division brings it back to 16 x^2, which f16 holds well. The square (line 10) is the op
// that overflows; in f32 the model is fine.
func.func @main(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %scale = bolt.constant dense<4.000000e+02> : tensor<1x1xf32>
  %shrink = bolt.constant dense<1.000000e+04> : tensor<1x1xf32>
  %big = bolt.ew.mul %x, %scale : tensor<4x8xf32>, tensor<1x1xf32> -> tensor<4x8xf32>
  %t = bolt.ew.tanh %big : tensor<4x8xf32> -> tensor<4x8xf32>
  %square = bolt.ew.mul %big, %big : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  %y = bolt.ew.div %square, %shrink : tensor<4x8xf32>, tensor<1x1xf32> -> tensor<4x8xf32>
  %out = bolt.ew.add %y, %t : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  func.return %out : tensor<4x8xf32>
}
