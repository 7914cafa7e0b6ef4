// test/data/attention_block.mlir (torch-mlir's linalg, one head): its chain fuses in f32 and,
// through the whole pipeline, in f16 (where convert-precision keeps the softmax in f32).
// RUN: boltc-opt %data/attention_block.mlir -p import-linalg,raise-bolt,fuse-attention | filecheck %s
// RUN: boltc-opt %data/attention_block.mlir -p import-linalg,raise-bolt,bolt-pipeline | filecheck %s --check-prefix=F16

// CHECK:     bolt.attention %{{.+}}, %{{.+}}, %{{.+}} scale 0.1767766{{[0-9]+}} layout bhsd -> bhsd : tensor<2x8x32xf32>, tensor<2x8x32xf32>, tensor<2x8x32xf32> -> tensor<2x8x32xf32>
// CHECK-NOT: bolt.softmax
// F16:       bolt.attention %{{.+}}, %{{.+}}, %{{.+}} scale {{.+}} layout bhsd -> bhsd {{.*}}: tensor<2x8x32xf16>, tensor<2x8x32xf16>, tensor<2x8x32xf16> -> tensor<2x8x32xf16>
// F16-NOT:   bolt.softmax
