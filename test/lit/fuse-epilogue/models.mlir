// The test/data models after import, raising and fuse-epilogue: every bias, activation,
// batch-norm shift/scale and residual add on an anchor's result lives in its epilogue.
// RUN: boltc-opt %data/b2b_gemm.mlir -p import-linalg,raise-bolt,fuse-epilogue | filecheck %s --check-prefix=B2B
// RUN: boltc-opt %data/mlp_gelu.mlir -p import-linalg,raise-bolt,fuse-epilogue | filecheck %s --check-prefix=MLP
// RUN: boltc-opt %data/resnet_block.mlir -p import-linalg,raise-bolt,fuse-epilogue | filecheck %s --check-prefix=RESNET
// RUN: boltc-opt %data/small_cnn.mlir -p 'import-linalg,raise-bolt,fuse-epilogue{remarks=true}' 2>&1 | filecheck %s --check-prefix=CNN

// B2B:      %[[H:[a-z0-9_]+]] = bolt.gemm %arg0, %{{[a-z0-9_]+}} extras(%{{[a-z0-9_]+}} : tensor<1x32xf32>) {transpose_b}
// B2B:        bolt.ew.add
// B2B-NEXT:   bolt.ew.relu
// B2B-NEXT:   bolt.yield
// B2B-NEXT: }
// B2B:      %[[O:[a-z0-9_]+]] = bolt.gemm %[[H]], %{{[a-z0-9_]+}} extras(%{{[a-z0-9_]+}} : tensor<1x16xf32>) {transpose_b}
// B2B:        bolt.ew.add
// B2B-NEXT:   bolt.yield
// B2B-NEXT: }
// B2B-NEXT: func.return %[[O]]

// MLP:      bolt.gemm %arg0
// MLP:        bolt.ew.add
// MLP-NEXT:   bolt.ew.gelu erf
// MLP-NEXT:   bolt.yield
// MLP:      bolt.gemm
// MLP:        bolt.ew.add
// MLP-NEXT:   bolt.ew.gelu tanh
// MLP-NEXT:   bolt.yield
// MLP:      %[[O:[a-z0-9_]+]] = bolt.gemm
// MLP:        bolt.ew.add
// MLP-NEXT:   bolt.yield
// MLP-NEXT: }
// MLP-NEXT: func.return %[[O]]

// The unfolded batch-norm (fold-batchnorm's business) is per-channel arithmetic on the
// convolution's result, so it joins the epilogue as four broadcast operands; the projection
// shortcut's result is the residual of the main branch's second convolution.
// RESNET:      %[[C1:[a-z0-9_]+]] = bolt.conv2d nchw %arg0, %{{[a-z0-9_]+}} extras({{.*}}) strides [2, 2] padding [1, 1, 1, 1]
// RESNET:        bolt.ew.sub
// RESNET-NEXT:   bolt.ew.mul
// RESNET-NEXT:   bolt.ew.mul
// RESNET-NEXT:   bolt.ew.add
// RESNET-NEXT:   bolt.ew.relu
// RESNET-NEXT:   bolt.yield
// RESNET:      %[[P:[a-z0-9_]+]] = bolt.conv2d nchw %arg0, %{{[a-z0-9_]+}} extras({{.*}}) strides [2, 2] padding [0, 0, 0, 0]
// RESNET:        bolt.ew.add
// RESNET-NEXT:   bolt.yield
// RESNET:      %[[OUT:[a-z0-9_]+]] = bolt.conv2d nchw %[[C1]], %{{[a-z0-9_]+}} extras(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %[[P]] : {{.*}}, tensor<2x13x8x8xf32>) strides [1, 1] padding [1, 1, 1, 1]
// RESNET:        bolt.ew.add %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : tensor<2x13x8x8xf32>, tensor<2x13x8x8xf32>
// RESNET-NEXT:   bolt.ew.relu
// RESNET-NEXT:   bolt.yield
// RESNET-NEXT: }
// RESNET-NEXT: func.return %[[OUT]]

// Pooling stays a separate op, and the remark says why.
// CNN: remark: {{.*}}small_cnn.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' not fused into 'bolt.conv2d': a window reads neighbouring outputs
// CNN: remark: {{.*}}small_cnn.mlir:{{[0-9]+}}:{{[0-9]+}}: 'bolt.pool2d' not fused into 'bolt.conv2d': a window reads neighbouring outputs
// CNN-NOT: bolt.broadcast
// CNN:     %[[Y:[a-z0-9_]+]] = bolt.conv2d nchw %arg0, %{{[a-z0-9_]+}} extras(%{{[a-z0-9_]+}} : tensor<1x8x1x1xf32>)
// CNN:       bolt.ew.add
// CNN-NEXT:  bolt.ew.relu
// CNN-NEXT:  bolt.yield
// CNN-NEXT: }
// CNN-NEXT: bolt.pool2d max nchw %[[Y]]
// CNN:     bolt.conv2d nchw
// CNN:       bolt.ew.add
// CNN-NEXT:  bolt.ew.relu
// CNN-NEXT:  bolt.yield
// CNN:     %[[O:[a-z0-9_]+]] = bolt.gemm
// CNN:       bolt.ew.add
// CNN-NEXT:  bolt.yield
// CNN-NEXT: }
// CNN-NEXT: func.return %[[O]]
