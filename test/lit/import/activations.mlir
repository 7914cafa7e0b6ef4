// Each activation as torch-mlir spells it (test/data/ops, made by test/data/make_op_corpus.py)
// becomes one bolt.ew op after import-linalg and raise-bolt.
// RUN: boltc-opt %data/ops/relu.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=RELU
// RUN: boltc-opt %data/ops/relu6.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=RELU6
// RUN: boltc-opt %data/ops/clamp.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=CLAMP
// RUN: boltc-opt %data/ops/gelu_erf.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=GELU-ERF
// RUN: boltc-opt %data/ops/gelu_tanh.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=GELU-TANH
// RUN: boltc-opt %data/ops/sigmoid.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=SIGMOID
// RUN: boltc-opt %data/ops/silu.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=SILU
// RUN: boltc-opt %data/ops/hardswish.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=HARDSWISH
// RUN: boltc-opt %data/ops/softplus.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=SOFTPLUS
// RUN: boltc-opt %data/ops/tanh.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=TANH
// RUN: boltc-opt %data/ops/exp.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=EXP
// RUN: boltc-opt %data/ops/sqrt.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=SQRT
// RUN: boltc-opt %data/ops/rsqrt.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=RSQRT
// RUN: boltc-opt %data/ops/cast_f16.mlir -p import-linalg,raise-bolt | filecheck %s --check-prefix=CAST

// RELU:      func.func @main(%[[X:.+]]: tensor<2x4x6xf32>)
// RELU-NEXT:   %[[R:.+]] = bolt.ew.relu %[[X]] : tensor<2x4x6xf32> -> tensor<2x4x6xf32>
// RELU-NEXT:   func.return %[[R]]

// relu6 is two selects against 0-d tensor constants (the input is scaled by 4 first).
// RELU6:      %[[S:.+]] = bolt.ew.mul
// RELU6-NEXT: %[[R:.+]] = bolt.ew.clamp %[[S]] min 0.000000e+00 max 6.000000e+00
// RELU6-NEXT: func.return %[[R]]

// CLAMP:      bolt.ew.clamp %{{.+}} min -5.000000e-01 max 5.000000e-01 : tensor<2x4x6xf32> -> tensor<2x4x6xf32>
// CLAMP-NOT:  bolt.ew.select

// GELU-ERF:      %[[G:.+]] = bolt.ew.gelu erf %arg0 : tensor<2x4x6xf32> -> tensor<2x4x6xf32>
// GELU-ERF-NEXT: func.return %[[G]]

// torch-mlir's tanh-GELU constant is 0.797724; the raised op computes torch's exact formula.
// GELU-TANH:      %[[G:.+]] = bolt.ew.gelu tanh %arg0
// GELU-TANH-NEXT: func.return %[[G]]

// SIGMOID:      %[[S:.+]] = bolt.ew.sigmoid %arg0
// SIGMOID-NEXT: func.return %[[S]]

// SILU:      %[[S:.+]] = bolt.ew.silu %arg0
// SILU-NEXT: func.return %[[S]]

// HARDSWISH:      %[[S:.+]] = bolt.ew.mul %arg0
// HARDSWISH-NEXT: %[[H:.+]] = bolt.ew.hardswish %[[S]]
// HARDSWISH-NEXT: func.return %[[H]]

// softplus: an i1 generic and a three-input select generic.
// SOFTPLUS:      %[[S:.+]] = bolt.ew.softplus %arg0
// SOFTPLUS-NEXT: func.return %[[S]]

// TANH: bolt.ew.tanh %arg0
// EXP:  bolt.ew.exp %arg0

// SQRT:      %[[A:.+]] = bolt.ew.abs %arg0
// SQRT:      %[[P:.+]] = bolt.ew.add %[[A]], %{{.+}} : tensor<2x4x6xf32>, tensor<f32>
// SQRT-NEXT: bolt.ew.sqrt %[[P]]

// RSQRT: bolt.ew.rsqrt

// CAST:      %[[H:.+]] = bolt.ew.cast %arg0 : tensor<2x4x6xf32> -> tensor<2x4x6xf16>
// CAST-NEXT: %[[F:.+]] = bolt.ew.cast %[[H]] : tensor<2x4x6xf16> -> tensor<2x4x6xf32>
