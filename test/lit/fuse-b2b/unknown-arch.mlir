// An arch the cost model has no numbers for is the user's mistake: a plain error, no traceback.
// RUN: not boltc-opt %s -p 'fuse-b2b{arch=sm_70}' 2>&1 | filecheck %s
// CHECK: error: fuse-b2b: unknown arch 'sm_70' (known: sm_80, sm_90a)
// CHECK-NOT: Traceback
func.func @main(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  func.return %a : tensor<8x8xf32>
}
