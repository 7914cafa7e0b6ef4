// RUN: boltc-opt %s | filecheck --match-full-lines %s
// RUN: boltc-opt %s | boltc-opt | filecheck --match-full-lines %s
// RUN: boltc-opt %s --print-op-generic | boltc-opt | filecheck --match-full-lines %s

// Round trips of bolt.constant: dense scalars, lists, hex blobs and dense_resource blobs.
// Each CHECK pins a whole printed line: the custom form, its reprint, and the generic form
// parsed back must all print the same thing.

// CHECK: func.func @scalar() -> (tensor<f32>, tensor<1xf16>, tensor<4x4xbf16>) {
// CHECK-NEXT: %[[S:[a-z0-9_]+]] = bolt.constant dense<1.500000e+00> : tensor<f32>
// CHECK-NEXT: %[[ONE:[a-z0-9_]+]] = bolt.constant dense<-2.000000e+00> : tensor<1xf16>
// CHECK-NEXT: %[[SPLAT:[a-z0-9_]+]] = bolt.constant dense<0.000000e+00> : tensor<4x4xbf16>
// CHECK-NEXT: func.return %[[S]], %[[ONE]], %[[SPLAT]] : tensor<f32>, tensor<1xf16>, tensor<4x4xbf16>
// CHECK-NEXT: }
func.func @scalar() -> (tensor<f32>, tensor<1xf16>, tensor<4x4xbf16>) {
  %s = bolt.constant dense<1.5> : tensor<f32>
  %one = bolt.constant dense<-2.0> : tensor<1xf16>
  %splat = bolt.constant dense<0.0> : tensor<4x4xbf16>
  func.return %s, %one, %splat : tensor<f32>, tensor<1xf16>, tensor<4x4xbf16>
}

// CHECK: func.func @list() -> (tensor<4xf32>, tensor<2x3xf16>) {
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = bolt.constant dense<[1.000000e+00, -2.500000e+00, 3.000000e-03, 4.500000e+00]> : tensor<4xf32>
// CHECK-NEXT: %[[M:[a-z0-9_]+]] = bolt.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00{{\]\]}}> : tensor<2x3xf16>
// CHECK-NEXT: func.return %[[V]], %[[M]] : tensor<4xf32>, tensor<2x3xf16>
// CHECK-NEXT: }
func.func @list() -> (tensor<4xf32>, tensor<2x3xf16>) {
  %v = bolt.constant dense<[1.0, -2.5, 3.0e-03, 4.5]> : tensor<4xf32>
  %m = bolt.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf16>
  func.return %v, %m : tensor<4xf32>, tensor<2x3xf16>
}

// 128 f16 values: the printer keeps large element lists as one hex blob.
// CHECK: func.func @hex() -> tensor<2x64xf16> {
// CHECK-NEXT: %[[H:[a-z0-9_]+]] = bolt.constant dense<"0x00CCE0CBC0CBA0CB80CB60CB40CB20CB00CBE0CAC0CAA0CA80CA60CA40CA20CA00CAE0C9C0C9A0C980C960C940C920C900C9E0C8C0C8A0C880C860C840C820C800C8C0C780C740C700C7C0C680C640C600C6C0C580C540C500C5C0C480C440C400C480C300C380C200C280C100C180C000C000BF00BE00BD00BC00BA00B800B4000000340038003A003C003D003E003F00408040004180410042804200438043004440448044C044004540458045C045004640468046C046004740478047C04700482048404860488048A048C048E04800492049404960498049A049C049E049004A204A404A604A804AA04AC04AE04A004B204B404B604B804BA04BC04BE04B"> : tensor<2x64xf16>
// CHECK-NEXT: func.return %[[H]] : tensor<2x64xf16>
// CHECK-NEXT: }
func.func @hex() -> tensor<2x64xf16> {
  %h = bolt.constant dense<"0x00CCE0CBC0CBA0CB80CB60CB40CB20CB00CBE0CAC0CAA0CA80CA60CA40CA20CA00CAE0C9C0C9A0C980C960C940C920C900C9E0C8C0C8A0C880C860C840C820C800C8C0C780C740C700C7C0C680C640C600C6C0C580C540C500C5C0C480C440C400C480C300C380C200C280C100C180C000C000BF00BE00BD00BC00BA00B800B4000000340038003A003C003D003E003F00408040004180410042804200438043004440448044C044004540458045C045004640468046C046004740478047C04700482048404860488048A048C048E04800492049404960498049A049C049E049004A204A404A604A804AA04AC04AE04A004B204B404B604B804BA04BC04BE04B"> : tensor<2x64xf16>
  func.return %h : tensor<2x64xf16>
}

// 101 elements written as a list: above 100 the printer switches to the hex form.
// CHECK: func.func @hex_from_list() -> tensor<101xf32> {
// CHECK-NEXT: %[[H:[a-z0-9_]+]] = bolt.constant dense<"0x000000000000003F0000803F0000C03F0000004000002040000040400000604000008040000090400000A0400000B0400000C0400000D0400000E0400000F0400000004100000841000010410000184100002041000028410000304100003841000040410000484100005041000058410000604100006841000070410000784100008041000084410000884100008C4100009041000094410000984100009C410000A0410000A4410000A8410000AC410000B0410000B4410000B8410000BC410000C0410000C4410000C8410000CC410000D0410000D4410000D8410000DC410000E0410000E4410000E8410000EC410000F0410000F4410000F8410000FC41000000420000024200000442000006420000084200000A4200000C4200000E42000010420000124200001442000016420000184200001A4200001C4200001E42000020420000224200002442000026420000284200002A4200002C4200002E42000030420000324200003442000036420000384200003A4200003C4200003E420000404200004242000044420000464200004842"> : tensor<101xf32>
// CHECK-NEXT: func.return %[[H]] : tensor<101xf32>
// CHECK-NEXT: }
func.func @hex_from_list() -> tensor<101xf32> {
  %h = bolt.constant dense<[0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5, 6.0, 6.5, 7.0, 7.5, 8.0, 8.5, 9.0, 9.5, 10.0, 10.5, 11.0, 11.5, 12.0, 12.5, 13.0, 13.5, 14.0, 14.5, 15.0, 15.5, 16.0, 16.5, 17.0, 17.5, 18.0, 18.5, 19.0, 19.5, 20.0, 20.5, 21.0, 21.5, 22.0, 22.5, 23.0, 23.5, 24.0, 24.5, 25.0, 25.5, 26.0, 26.5, 27.0, 27.5, 28.0, 28.5, 29.0, 29.5, 30.0, 30.5, 31.0, 31.5, 32.0, 32.5, 33.0, 33.5, 34.0, 34.5, 35.0, 35.5, 36.0, 36.5, 37.0, 37.5, 38.0, 38.5, 39.0, 39.5, 40.0, 40.5, 41.0, 41.5, 42.0, 42.5, 43.0, 43.5, 44.0, 44.5, 45.0, 45.5, 46.0, 46.5, 47.0, 47.5, 48.0, 48.5, 49.0, 49.5, 50.0]> : tensor<101xf32>
  func.return %h : tensor<101xf32>
}

// Weights stay dense_resource blobs: the section below must survive both round trips.
// CHECK: func.func @resource() -> (tensor<2x3xf32>, tensor<4xf16>) {
// CHECK-NEXT: %[[W:[a-z0-9_]+]] = bolt.constant dense_resource<conv1_weight> : tensor<2x3xf32>
// CHECK-NEXT: %[[B:[a-z0-9_]+]] = bolt.constant {boltc.origin = "fc.bias"} dense_resource<fc_bias> : tensor<4xf16>
// CHECK-NEXT: func.return %[[W]], %[[B]] : tensor<2x3xf32>, tensor<4xf16>
// CHECK-NEXT: }
func.func @resource() -> (tensor<2x3xf32>, tensor<4xf16>) {
  %w = bolt.constant dense_resource<conv1_weight> : tensor<2x3xf32>
  %b = bolt.constant {boltc.origin = "fc.bias"} dense_resource<fc_bias> : tensor<4xf16>
  func.return %w, %b : tensor<2x3xf32>, tensor<4xf16>
}

// The resource section: xDSL prints the entries of one dialect comma-joined on one line.
// CHECK: {-#
// CHECK-NEXT: dialect_resources: {
// CHECK-NEXT: builtin: {
// CHECK-NEXT: conv1_weight: "0x040000000000803F0000004000004040000080400000A0400000C040",fc_bias: "0x02000000003800BC00400048"
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: #-}
{-#
  dialect_resources: {
    builtin: {
      conv1_weight: "0x040000000000803F0000004000004040000080400000A0400000C040",
      fc_bias: "0x02000000003800BC00400048"
    }
  }
#-}
