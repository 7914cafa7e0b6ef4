// The test/data models through import, raising, fuse-epilogue and fuse-b2b.
// RUN: boltc-opt %data/b2b_gemm.mlir -p 'import-linalg,raise-bolt,fuse-epilogue,fuse-b2b{kernels=false}' | filecheck %s --check-prefix=B2B
// RUN: boltc-opt %data/b2b_gemm.mlir -p 'import-linalg,raise-bolt,fuse-epilogue,fuse-b2b{arch=sm_80 remarks=true}' 2>&1 | filecheck %s --check-prefix=SM80
// RUN: boltc-opt %data/mlp_gelu.mlir -p 'import-linalg,raise-bolt,fuse-epilogue,fuse-b2b{kernels=false}' | filecheck %s --check-prefix=MLP
// RUN: boltc-opt %data/resnet_block.mlir -p 'import-linalg,raise-bolt,fuse-epilogue,fuse-b2b{remarks=true kernels=false}' 2>&1 | filecheck %s --check-prefix=RESNET

// Linear 32->32 + bias + ReLU, then Linear 32->16 + bias, on 64 rows: N0 = 32 and N1 = 16 fit
// one CTA tile each, whole rows per warp take 16 + 8 + 8 = 32 registers: register residence.
// It is memory- and launch-bound (64 rows), so the cost model fuses it.
// B2B:      %[[D:[a-z0-9_]+]] = bolt.b2b registers(%arg0, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) {bolt.fusion_reason = "the cost model predicts {{.*}}"} : (tensor<64x32xf32>, tensor<32x32xf32>, tensor<1x32xf32>, tensor<16x32xf32>, tensor<1x16xf32>) -> tensor<64x16xf32> {
// B2B-NEXT: ^bb{{[0-9]+}}(%[[X:[a-z0-9_]+]]: tensor<64x32xf32>, %[[W0:[a-z0-9_]+]]: tensor<32x32xf32>, %[[B0:[a-z0-9_]+]]: tensor<1x32xf32>, %[[W1:[a-z0-9_]+]]: tensor<16x32xf32>, %[[B1:[a-z0-9_]+]]: tensor<1x16xf32>):
// B2B-NEXT:   %[[H:[a-z0-9_]+]] = bolt.gemm %[[X]], %[[W0]] extras(%[[B0]] : tensor<1x32xf32>) {transpose_b}
// B2B:          bolt.ew.add
// B2B-NEXT:     bolt.ew.relu
// B2B-NEXT:     bolt.yield
// B2B-NEXT:   }
// B2B-NEXT:   %[[O:[a-z0-9_]+]] = bolt.gemm %[[H]], %[[W1]] extras(%[[B1]] : tensor<1x16xf32>) {transpose_b}
// B2B:          bolt.ew.add
// B2B-NEXT:     bolt.yield
// B2B-NEXT:   }
// B2B-NEXT:   bolt.yield %[[O]]
// B2B-NEXT: }
// B2B-NEXT: func.return %[[D]]

// On sm_80 the same pair is f32 with N1 = 16: CUTLASS example 13 cannot run it, two kernels.
// SM80:     remark: {{.*}}'bolt.gemm' not fused back to back with 'bolt.gemm': sm_80's b2b kernel (CUTLASS example 13) cannot run it: example 13's sm_80 kernels take f16 or bf16 inputs, got f32
// SM80-NOT: bolt.b2b

// MLP:      %[[D:[a-z0-9_]+]] = bolt.b2b registers(%arg0,
// MLP:        bolt.ew.gelu erf
// MLP:        bolt.ew.gelu tanh
// MLP:      %[[O:[a-z0-9_]+]] = bolt.gemm %[[D]]
// MLP:      func.return %[[O]]

// The main branch's second convolution is 3x3: no b2b, and the remark says why.
// RESNET:     remark: {{.*}}: 'bolt.conv2d' not fused back to back with 'bolt.conv2d': the second convolution is 3x3, stride [1, 1], padding [1, 1, 1, 1]
// RESNET-NOT: bolt.b2b
