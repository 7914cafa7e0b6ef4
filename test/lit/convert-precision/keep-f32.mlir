// keep-f32: user-named ops stay in fp32 (by op name, graph node or FILE:LINE), marked in the
// IR with the selector that chose them; the ops around them are demoted as without it.
// RUN: boltc-opt %s -p 'convert-precision{keep-f32="bolt.ew.exp"}' | filecheck %s --check-prefix=NAME
// RUN: boltc-opt %s -p 'convert-precision{keep-f32="Tanh_7","net.mlir:12"}' | filecheck %s --check-prefix=NODE
// RUN: boltc-opt %s -p convert-precision | filecheck %s --check-prefix=NONE
// A second run keeps the marked ops in f32 (the mark in the IR is the decision).
// RUN: boltc-opt %s -p 'convert-precision{keep-f32="bolt.ew.exp"},convert-precision' | filecheck %s --check-prefix=NAME

// By op name: the exp is kept in f32, fed by a widening of the demoted neg, and its result
// is rounded to f16 for the demoted tanh.
// NAME-LABEL: func.func @chain
// NAME:         %[[N:.+]] = bolt.ew.neg %{{.+}} : tensor<4xf16> -> tensor<4xf16>
// NAME-NEXT:    %[[N32:.+]] = bolt.ew.cast %[[N]] : tensor<4xf16> -> tensor<4xf32>
// NAME-NEXT:    %[[E:.+]] = bolt.ew.exp %[[N32]] {boltc.keep_f32 = "bolt.ew.exp"} : tensor<4xf32> -> tensor<4xf32>
// NAME-NEXT:    %[[E16:.+]] = bolt.ew.cast %[[E]] : tensor<4xf32> -> tensor<4xf16>
// NAME-NEXT:    %[[T:.+]] = bolt.ew.tanh %[[E16]] : tensor<4xf16> -> tensor<4xf16>
// NAME-NEXT:    %[[S:.+]] = bolt.ew.sigmoid %[[T]] : tensor<4xf16> -> tensor<4xf16>

// By graph node (NameLoc) and by location: the tanh and the sigmoid stay in f32, the exp
// does not.
// NODE-LABEL: func.func @chain
// NODE:         bolt.ew.exp %{{.+}} : tensor<4xf16> -> tensor<4xf16>
// NODE:         bolt.ew.tanh %{{.+}} {boltc.keep_f32 = "Tanh_7"} : tensor<4xf32> -> tensor<4xf32>
// NODE-NEXT:    bolt.ew.sigmoid %{{.+}} {boltc.keep_f32 = "net.mlir:12"} : tensor<4xf32> -> tensor<4xf32>

// Without the option every op is demoted and nothing is marked.
// NONE-LABEL: func.func @chain
// NONE-NOT:     boltc.keep_f32
// NONE:         bolt.ew.exp %{{.+}} : tensor<4xf16> -> tensor<4xf16>
// NONE:         bolt.ew.tanh %{{.+}} : tensor<4xf16> -> tensor<4xf16>
// NONE-NOT:     boltc.keep_f32
// NONE:         func.return
func.func @chain(%x: tensor<4xf32>) -> tensor<4xf32> {
  %n = bolt.ew.neg %x : tensor<4xf32> -> tensor<4xf32>
  %e = bolt.ew.exp %n : tensor<4xf32> -> tensor<4xf32>
  %t = bolt.ew.tanh %e : tensor<4xf32> -> tensor<4xf32> loc("Tanh_7")
  %s = bolt.ew.sigmoid %t : tensor<4xf32> -> tensor<4xf32> loc("net.mlir":12:3)
  func.return %s : tensor<4xf32>
}

// A mark written by hand is honored like the option's (with the option, too).
// NONE-LABEL: func.func @marked_by_hand
// NONE:         bolt.ew.abs %{{.+}} {boltc.keep_f32 = "mine"} : tensor<4xf32> -> tensor<4xf32>
// NONE-NEXT:    bolt.ew.cast %{{.+}} : tensor<4xf32> -> tensor<4xf16>
// NONE-NEXT:    bolt.ew.tanh %{{.+}} : tensor<4xf16> -> tensor<4xf16>
// NAME-LABEL: func.func @marked_by_hand
// NAME:         bolt.ew.abs %{{.+}} {boltc.keep_f32 = "mine"} : tensor<4xf32> -> tensor<4xf32>
func.func @marked_by_hand(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = bolt.ew.abs %x {boltc.keep_f32 = "mine"} : tensor<4xf32> -> tensor<4xf32>
  %t = bolt.ew.tanh %e : tensor<4xf32> -> tensor<4xf32>
  func.return %t : tensor<4xf32>
}
