// RUN: boltc-opt %s | filecheck --match-full-lines %s
// RUN: boltc-opt %s | boltc-opt | filecheck --match-full-lines %s
// RUN: boltc-opt %s --print-op-generic | boltc-opt | filecheck --match-full-lines %s

// Round trips of every bolt.ew.* op, each broadcast form, every select predicate.
// Each CHECK pins a whole printed line: the custom form, its reprint, and the generic form
// parsed back must all print the same thing.

// Every unary op on f32; results feed one chain so each stays live.
// CHECK: func.func @unary(%[[X:[a-z0-9_]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[RELU:[a-z0-9_]+]] = bolt.ew.relu %[[X]] : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[SIGMOID:[a-z0-9_]+]] = bolt.ew.sigmoid %[[RELU]] : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[TANH:[a-z0-9_]+]] = bolt.ew.tanh %[[SIGMOID]] : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[SILU:[a-z0-9_]+]] = bolt.ew.silu %[[TANH]] : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[HARDSWISH:[a-z0-9_]+]] = bolt.ew.hardswish %[[SILU]] : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[SOFTPLUS:[a-z0-9_]+]] = bolt.ew.softplus %[[HARDSWISH]] : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[EXP:[a-z0-9_]+]] = bolt.ew.exp %[[SOFTPLUS]] : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[LOG:[a-z0-9_]+]] = bolt.ew.log %[[EXP]] : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[LOG1P:[a-z0-9_]+]] = bolt.ew.log1p %[[LOG]] : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[SQRT:[a-z0-9_]+]] = bolt.ew.sqrt %[[LOG1P]] : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[RSQRT:[a-z0-9_]+]] = bolt.ew.rsqrt %[[SQRT]] : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[NEG:[a-z0-9_]+]] = bolt.ew.neg %[[RSQRT]] : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[ABS:[a-z0-9_]+]] = bolt.ew.abs %[[NEG]] : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[ERF:[a-z0-9_]+]] = bolt.ew.erf %[[ABS]] : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[RECIPROCAL:[a-z0-9_]+]] = bolt.ew.reciprocal %[[ERF]] : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[GELU_ERF:[a-z0-9_]+]] = bolt.ew.gelu erf %[[RECIPROCAL]] : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[GELU_TANH:[a-z0-9_]+]] = bolt.ew.gelu tanh %[[GELU_ERF]] : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[RELU6:[a-z0-9_]+]] = bolt.ew.clamp %[[GELU_TANH]] min 0.000000e+00 max 6.000000e+00 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[CLAMP:[a-z0-9_]+]] = bolt.ew.clamp %[[RELU6]] min -1.500000e+00 max 1.500000e+00 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[CLAMP]] : tensor<2x3xf32>
// CHECK-NEXT: }
func.func @unary(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %relu = bolt.ew.relu %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %sigmoid = bolt.ew.sigmoid %relu : tensor<2x3xf32> -> tensor<2x3xf32>
  %tanh = bolt.ew.tanh %sigmoid : tensor<2x3xf32> -> tensor<2x3xf32>
  %silu = bolt.ew.silu %tanh : tensor<2x3xf32> -> tensor<2x3xf32>
  %hardswish = bolt.ew.hardswish %silu : tensor<2x3xf32> -> tensor<2x3xf32>
  %softplus = bolt.ew.softplus %hardswish : tensor<2x3xf32> -> tensor<2x3xf32>
  %exp = bolt.ew.exp %softplus : tensor<2x3xf32> -> tensor<2x3xf32>
  %log = bolt.ew.log %exp : tensor<2x3xf32> -> tensor<2x3xf32>
  %log1p = bolt.ew.log1p %log : tensor<2x3xf32> -> tensor<2x3xf32>
  %sqrt = bolt.ew.sqrt %log1p : tensor<2x3xf32> -> tensor<2x3xf32>
  %rsqrt = bolt.ew.rsqrt %sqrt : tensor<2x3xf32> -> tensor<2x3xf32>
  %neg = bolt.ew.neg %rsqrt : tensor<2x3xf32> -> tensor<2x3xf32>
  %abs = bolt.ew.abs %neg : tensor<2x3xf32> -> tensor<2x3xf32>
  %erf = bolt.ew.erf %abs : tensor<2x3xf32> -> tensor<2x3xf32>
  %reciprocal = bolt.ew.reciprocal %erf : tensor<2x3xf32> -> tensor<2x3xf32>
  %gelu_erf = bolt.ew.gelu erf %reciprocal : tensor<2x3xf32> -> tensor<2x3xf32>
  %gelu_tanh = bolt.ew.gelu tanh %gelu_erf : tensor<2x3xf32> -> tensor<2x3xf32>
  %relu6 = bolt.ew.clamp %gelu_tanh min 0.0 max 6.0 : tensor<2x3xf32> -> tensor<2x3xf32>
  %clamp = bolt.ew.clamp %relu6 min -1.5 max 1.5 : tensor<2x3xf32> -> tensor<2x3xf32>
  func.return %clamp : tensor<2x3xf32>
}

// The same ops on f16 and bf16 (types are part of the printed form).
// CHECK: func.func @unary_half(%[[H:[a-z0-9_]+]]: tensor<8xf16>, %[[B:[a-z0-9_]+]]: tensor<4x1xbf16>) -> (tensor<8xf16>, tensor<4x1xbf16>) {
// CHECK-NEXT: %[[V0:[a-z0-9_]+]] = bolt.ew.relu %[[H]] : tensor<8xf16> -> tensor<8xf16>
// CHECK-NEXT: %[[V1:[a-z0-9_]+]] = bolt.ew.gelu erf %[[V0]] : tensor<8xf16> -> tensor<8xf16>
// CHECK-NEXT: %[[V2:[a-z0-9_]+]] = bolt.ew.sigmoid %[[B]] : tensor<4x1xbf16> -> tensor<4x1xbf16>
// CHECK-NEXT: %[[V3:[a-z0-9_]+]] = bolt.ew.clamp %[[V2]] min 0.000000e+00 max 1.000000e+00 : tensor<4x1xbf16> -> tensor<4x1xbf16>
// CHECK-NEXT: func.return %[[V1]], %[[V3]] : tensor<8xf16>, tensor<4x1xbf16>
// CHECK-NEXT: }
func.func @unary_half(%h: tensor<8xf16>, %b: tensor<4x1xbf16>) -> (tensor<8xf16>, tensor<4x1xbf16>) {
  %0 = bolt.ew.relu %h : tensor<8xf16> -> tensor<8xf16>
  %1 = bolt.ew.gelu erf %0 : tensor<8xf16> -> tensor<8xf16>
  %2 = bolt.ew.sigmoid %b : tensor<4x1xbf16> -> tensor<4x1xbf16>
  %3 = bolt.ew.clamp %2 min 0.0 max 1.0 : tensor<4x1xbf16> -> tensor<4x1xbf16>
  func.return %1, %3 : tensor<8xf16>, tensor<4x1xbf16>
}

// CHECK: func.func @cast(%[[X:[a-z0-9_]+]]: tensor<2x3xf32>, %[[H:[a-z0-9_]+]]: tensor<2x3xf16>, %[[B:[a-z0-9_]+]]: tensor<2x3xbf16>) -> (tensor<2x3xf16>, tensor<2x3xbf16>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xbf16>) {
// CHECK-NEXT: %[[TO_F16:[a-z0-9_]+]] = bolt.ew.cast %[[X]] : tensor<2x3xf32> -> tensor<2x3xf16>
// CHECK-NEXT: %[[TO_BF16:[a-z0-9_]+]] = bolt.ew.cast %[[X]] : tensor<2x3xf32> -> tensor<2x3xbf16>
// CHECK-NEXT: %[[FROM_F16:[a-z0-9_]+]] = bolt.ew.cast %[[H]] : tensor<2x3xf16> -> tensor<2x3xf32>
// CHECK-NEXT: %[[FROM_BF16:[a-z0-9_]+]] = bolt.ew.cast %[[B]] : tensor<2x3xbf16> -> tensor<2x3xf32>
// CHECK-NEXT: %[[F16_TO_BF16:[a-z0-9_]+]] = bolt.ew.cast %[[H]] : tensor<2x3xf16> -> tensor<2x3xbf16>
// CHECK-NEXT: func.return %[[TO_F16]], %[[TO_BF16]], %[[FROM_F16]], %[[FROM_BF16]], %[[F16_TO_BF16]] : tensor<2x3xf16>, tensor<2x3xbf16>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xbf16>
// CHECK-NEXT: }
func.func @cast(%x: tensor<2x3xf32>, %h: tensor<2x3xf16>, %b: tensor<2x3xbf16>) -> (tensor<2x3xf16>, tensor<2x3xbf16>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xbf16>) {
  %to_f16 = bolt.ew.cast %x : tensor<2x3xf32> -> tensor<2x3xf16>
  %to_bf16 = bolt.ew.cast %x : tensor<2x3xf32> -> tensor<2x3xbf16>
  %from_f16 = bolt.ew.cast %h : tensor<2x3xf16> -> tensor<2x3xf32>
  %from_bf16 = bolt.ew.cast %b : tensor<2x3xbf16> -> tensor<2x3xf32>
  %f16_to_bf16 = bolt.ew.cast %h : tensor<2x3xf16> -> tensor<2x3xbf16>
  func.return %to_f16, %to_bf16, %from_f16, %from_bf16, %f16_to_bf16 : tensor<2x3xf16>, tensor<2x3xbf16>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xbf16>
}

// Binary ops, each with another broadcast: equal shapes, a row, a column, a scalar, rank 0.
// CHECK: func.func @binary(%[[X:[a-z0-9_]+]]: tensor<4x3xf32>, %[[ROW:[a-z0-9_]+]]: tensor<3xf32>, %[[COL:[a-z0-9_]+]]: tensor<4x1xf32>, %[[ONE:[a-z0-9_]+]]: tensor<1xf32>, %[[S:[a-z0-9_]+]]: tensor<f32>, %[[C3:[a-z0-9_]+]]: tensor<2x1x3xf32>) -> tensor<2x4x3xf32> {
// CHECK-NEXT: %[[ADD:[a-z0-9_]+]] = bolt.ew.add %[[X]], %[[ROW]] : tensor<4x3xf32>, tensor<3xf32> -> tensor<4x3xf32>
// CHECK-NEXT: %[[SUB:[a-z0-9_]+]] = bolt.ew.sub %[[COL]], %[[ADD]] : tensor<4x1xf32>, tensor<4x3xf32> -> tensor<4x3xf32>
// CHECK-NEXT: %[[MUL:[a-z0-9_]+]] = bolt.ew.mul %[[SUB]], %[[S]] : tensor<4x3xf32>, tensor<f32> -> tensor<4x3xf32>
// CHECK-NEXT: %[[DIV:[a-z0-9_]+]] = bolt.ew.div %[[MUL]], %[[ONE]] : tensor<4x3xf32>, tensor<1xf32> -> tensor<4x3xf32>
// CHECK-NEXT: %[[MAX:[a-z0-9_]+]] = bolt.ew.max %[[DIV]], %[[X]] : tensor<4x3xf32>, tensor<4x3xf32> -> tensor<4x3xf32>
// CHECK-NEXT: %[[MIN:[a-z0-9_]+]] = bolt.ew.min %[[ROW]], %[[MAX]] : tensor<3xf32>, tensor<4x3xf32> -> tensor<4x3xf32>
// CHECK-NEXT: %[[POW:[a-z0-9_]+]] = bolt.ew.pow %[[C3]], %[[MIN]] : tensor<2x1x3xf32>, tensor<4x3xf32> -> tensor<2x4x3xf32>
// CHECK-NEXT: %[[OUTER:[a-z0-9_]+]] = bolt.ew.add %[[COL]], %[[ROW]] : tensor<4x1xf32>, tensor<3xf32> -> tensor<4x3xf32>
// CHECK-NEXT: %[[LAST:[a-z0-9_]+]] = bolt.ew.add %[[POW]], %[[OUTER]] : tensor<2x4x3xf32>, tensor<4x3xf32> -> tensor<2x4x3xf32>
// CHECK-NEXT: func.return %[[LAST]] : tensor<2x4x3xf32>
// CHECK-NEXT: }
func.func @binary(%x: tensor<4x3xf32>, %row: tensor<3xf32>, %col: tensor<4x1xf32>, %one: tensor<1xf32>, %s: tensor<f32>, %c3: tensor<2x1x3xf32>) -> tensor<2x4x3xf32> {
  %add = bolt.ew.add %x, %row : tensor<4x3xf32>, tensor<3xf32> -> tensor<4x3xf32>
  %sub = bolt.ew.sub %col, %add : tensor<4x1xf32>, tensor<4x3xf32> -> tensor<4x3xf32>
  %mul = bolt.ew.mul %sub, %s : tensor<4x3xf32>, tensor<f32> -> tensor<4x3xf32>
  %div = bolt.ew.div %mul, %one : tensor<4x3xf32>, tensor<1xf32> -> tensor<4x3xf32>
  %max = bolt.ew.max %div, %x : tensor<4x3xf32>, tensor<4x3xf32> -> tensor<4x3xf32>
  %min = bolt.ew.min %row, %max : tensor<3xf32>, tensor<4x3xf32> -> tensor<4x3xf32>
  %pow = bolt.ew.pow %c3, %min : tensor<2x1x3xf32>, tensor<4x3xf32> -> tensor<2x4x3xf32>
  %outer = bolt.ew.add %col, %row : tensor<4x1xf32>, tensor<3xf32> -> tensor<4x3xf32>
  %last = bolt.ew.add %pow, %outer : tensor<2x4x3xf32>, tensor<4x3xf32> -> tensor<2x4x3xf32>
  func.return %last : tensor<2x4x3xf32>
}

// CHECK: func.func @binary_half(%[[A:[a-z0-9_]+]]: tensor<2x8xf16>, %[[B:[a-z0-9_]+]]: tensor<8xf16>, %[[C:[a-z0-9_]+]]: tensor<2x8xbf16>) -> (tensor<2x8xf16>, tensor<2x8xbf16>) {
// CHECK-NEXT: %[[V0:[a-z0-9_]+]] = bolt.ew.mul %[[A]], %[[B]] : tensor<2x8xf16>, tensor<8xf16> -> tensor<2x8xf16>
// CHECK-NEXT: %[[V1:[a-z0-9_]+]] = bolt.ew.max %[[C]], %[[C]] : tensor<2x8xbf16>, tensor<2x8xbf16> -> tensor<2x8xbf16>
// CHECK-NEXT: func.return %[[V0]], %[[V1]] : tensor<2x8xf16>, tensor<2x8xbf16>
// CHECK-NEXT: }
func.func @binary_half(%a: tensor<2x8xf16>, %b: tensor<8xf16>, %c: tensor<2x8xbf16>) -> (tensor<2x8xf16>, tensor<2x8xbf16>) {
  %0 = bolt.ew.mul %a, %b : tensor<2x8xf16>, tensor<8xf16> -> tensor<2x8xf16>
  %1 = bolt.ew.max %c, %c : tensor<2x8xbf16>, tensor<2x8xbf16> -> tensor<2x8xbf16>
  func.return %0, %1 : tensor<2x8xf16>, tensor<2x8xbf16>
}

// Every predicate; the four operands broadcast together (here to 2x3).
// CHECK: func.func @select(%[[X:[a-z0-9_]+]]: tensor<2x3xf32>, %[[T:[a-z0-9_]+]]: tensor<3xf32>, %[[Z:[a-z0-9_]+]]: tensor<f32>, %[[COL:[a-z0-9_]+]]: tensor<2x1xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[OEQ:[a-z0-9_]+]] = bolt.ew.select oeq %[[X]], %[[T]], %[[COL]], %[[Z]] : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[OGT:[a-z0-9_]+]] = bolt.ew.select ogt %[[OEQ]], %[[T]], %[[COL]], %[[Z]] : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[OGE:[a-z0-9_]+]] = bolt.ew.select oge %[[OGT]], %[[T]], %[[COL]], %[[Z]] : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[OLT:[a-z0-9_]+]] = bolt.ew.select olt %[[OGE]], %[[T]], %[[COL]], %[[Z]] : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[OLE:[a-z0-9_]+]] = bolt.ew.select ole %[[OLT]], %[[T]], %[[COL]], %[[Z]] : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[ONE:[a-z0-9_]+]] = bolt.ew.select one %[[OLE]], %[[T]], %[[COL]], %[[Z]] : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[UEQ:[a-z0-9_]+]] = bolt.ew.select ueq %[[ONE]], %[[T]], %[[COL]], %[[Z]] : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[UGT:[a-z0-9_]+]] = bolt.ew.select ugt %[[UEQ]], %[[T]], %[[COL]], %[[Z]] : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[UGE:[a-z0-9_]+]] = bolt.ew.select uge %[[UGT]], %[[T]], %[[COL]], %[[Z]] : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[ULT:[a-z0-9_]+]] = bolt.ew.select ult %[[UGE]], %[[T]], %[[COL]], %[[Z]] : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[ULE:[a-z0-9_]+]] = bolt.ew.select ule %[[ULT]], %[[T]], %[[COL]], %[[Z]] : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[UNE:[a-z0-9_]+]] = bolt.ew.select une %[[ULE]], %[[T]], %[[COL]], %[[Z]] : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[UNE]] : tensor<2x3xf32>
// CHECK-NEXT: }
func.func @select(%x: tensor<2x3xf32>, %t: tensor<3xf32>, %z: tensor<f32>, %col: tensor<2x1xf32>) -> tensor<2x3xf32> {
  %oeq = bolt.ew.select oeq %x, %t, %col, %z : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
  %ogt = bolt.ew.select ogt %oeq, %t, %col, %z : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
  %oge = bolt.ew.select oge %ogt, %t, %col, %z : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
  %olt = bolt.ew.select olt %oge, %t, %col, %z : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
  %ole = bolt.ew.select ole %olt, %t, %col, %z : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
  %one = bolt.ew.select one %ole, %t, %col, %z : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
  %ueq = bolt.ew.select ueq %one, %t, %col, %z : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
  %ugt = bolt.ew.select ugt %ueq, %t, %col, %z : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
  %uge = bolt.ew.select uge %ugt, %t, %col, %z : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
  %ult = bolt.ew.select ult %uge, %t, %col, %z : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
  %ule = bolt.ew.select ule %ult, %t, %col, %z : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
  %une = bolt.ew.select une %ule, %t, %col, %z : tensor<2x3xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<f32> -> tensor<2x3xf32>
  func.return %une : tensor<2x3xf32>
}

// CHECK: func.func @select_f16(%[[C:[a-z0-9_]+]]: tensor<4xf16>, %[[T:[a-z0-9_]+]]: tensor<4xf16>, %[[F:[a-z0-9_]+]]: tensor<4xf16>) -> tensor<4xf16> {
// CHECK-NEXT: %[[V0:[a-z0-9_]+]] = bolt.ew.select ogt %[[C]], %[[F]], %[[T]], %[[F]] : tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16> -> tensor<4xf16>
// CHECK-NEXT: func.return %[[V0]] : tensor<4xf16>
// CHECK-NEXT: }
func.func @select_f16(%c: tensor<4xf16>, %t: tensor<4xf16>, %f: tensor<4xf16>) -> tensor<4xf16> {
  %0 = bolt.ew.select ogt %c, %f, %t, %f : tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16> -> tensor<4xf16>
  func.return %0 : tensor<4xf16>
}
