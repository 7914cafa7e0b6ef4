"""Every runtime kernel against the numpy reference executor, on the GPU.

Two sources of models: the torch-mlir op corpus (test/data/ops) for every op that needs no
CUTLASS anchor, and bolt IR written here for the shapes and element types that take the
kernels' other paths (vector variants, block-per-row reductions, NHWC pools with padding,
strided softmax, batched transposes, reductions over outer dimensions, fused elementwise
trees with 16-bit intermediates, in-place arena reuse). Models are built with plan-memory as
their only pass (gpu_helpers.compile_planned), so the reference is exact.
Tolerances: gpu_helpers.TOLERANCES, with their reasons.
"""

from __future__ import annotations

import numpy as np
import pytest

from boltc.dialects import bolt
from gpu_helpers import DATA, assert_matches, compile_planned, has_cuda_gpu, has_torch_cuda, inputs_for, reference

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not has_cuda_gpu(), reason="needs a CUDA GPU")]


def _anchor_free_ops() -> list[str]:
    from boltc.frontends import load

    names = []
    for path in sorted((DATA / "ops").glob("*.mlir")):
        module = load(str(path))
        if not any(isinstance(op, (*bolt.ANCHOR_OPS, bolt.B2bOp)) for op in module.walk()):
            names.append(path.stem)
    return names


ANCHOR_FREE = _anchor_free_ops() if has_cuda_gpu() else []


def _saved_inputs(name: str, model) -> list[np.ndarray]:
    saved = np.load(DATA / "ops" / f"{name}.npz")
    inputs = [saved[f"input{i}"] for i in range(len(model.inputs))]
    dtypes = {"f32": np.float32, "f16": np.float16, "bf16": np.float32}
    return [x.astype(dtypes[spec.dtype]) for x, spec in zip(inputs, model.inputs)]


@pytest.mark.parametrize("name", ANCHOR_FREE)
def test_op_corpus_matches_the_reference(name, tmp_path):
    path = DATA / "ops" / f"{name}.mlir"
    model = compile_planned(path, tmp_path, name)
    assert not any(k.startswith(("gemm", "conv")) for k in model.kernels)
    for inputs in (_saved_inputs(name, model), inputs_for(model, seed=1)):
        expected = reference(path, *inputs)
        assert_matches(model(*inputs), expected, [s.dtype for s in model.outputs])


@pytest.mark.skipif(not has_torch_cuda(), reason="needs torch with CUDA")
@pytest.mark.parametrize("name", ["softmax", "layer_norm", "max_pool2d", "broadcast_add", "expand_collapse"])
def test_torch_tensors_give_the_numpy_results(name, tmp_path):
    import torch

    path = DATA / "ops" / f"{name}.mlir"
    model = compile_planned(path, tmp_path, name)
    inputs = inputs_for(model, seed=2)
    expected = model(*inputs)
    got = model(*[torch.from_numpy(x).cuda() for x in inputs])
    got = got if isinstance(got, tuple) else (got,)
    expected = expected if isinstance(expected, tuple) else (expected,)
    for g, e in zip(got, expected):
        assert g.is_cuda
        np.testing.assert_array_equal(g.cpu().numpy(), e)  # same kernels, same bits


# ---- bolt IR for the kernels' other paths ----------------------------------------------------


def _t(shape, dtype):
    return "tensor<" + "".join(f"{d}x" for d in shape) + dtype + ">"


def unary_model(op_text: str, in_shape, out_shape, dtype="f32", out_dtype=None) -> str:
    x, y = _t(in_shape, dtype), _t(out_shape, out_dtype or dtype)
    return (f"func.func @main(%x: {x}) -> {y} {{\n"
            f"  %y = {op_text.format(x=x, y=y)}\n"
            f"  func.return %y : {y}\n}}\n")


def edge_model(in_shape, dtype, channels, value, out_dtype=None) -> str:
    """A model input's edge as the lowering fuses it into one kernel: an optional cast,
    NCHW -> NHWC and the channels padded to `channels` with `value`."""
    n, c, h, w = in_shape
    out_dtype = out_dtype or dtype
    x, cast = _t(in_shape, dtype), _t(in_shape, out_dtype)
    nhwc, padded = _t((n, h, w, c), out_dtype), _t((n, h, w, channels), out_dtype)
    lines = [f"func.func @main(%x: {x}) -> {padded} {{"]
    source = "%x"
    if out_dtype != dtype:
        lines.append(f"  %h = bolt.ew.cast %x : {x} -> {cast}")
        source = "%h"
    lines += [f"  %t = bolt.transpose {source} permutation [0, 2, 3, 1] : {cast} -> {nhwc}",
              f"  %p = bolt.pad %t low [0, 0, 0, 0] high [0, 0, 0, {channels - c}] value {value:.6e} : "
              f"{nhwc} -> {padded}",
              f"  func.return %p : {padded}", "}"]
    return "\n" + "\n".join(lines) + "\n"


CASES = {
    # softmax: warp per row, block per row (> 1024 columns), strided axis
    "softmax_rows_f16": unary_model("bolt.softmax %x axis 1 : {x} -> {y}", (64, 1000), (64, 1000), "f16"),
    "softmax_long_rows_bf16": unary_model("bolt.softmax %x axis 1 : {x} -> {y}", (8, 5000), (8, 5000), "bf16"),
    "softmax_axis0": unary_model("bolt.softmax %x axis 0 : {x} -> {y}", (37, 3, 65), (37, 3, 65)),
    # rows held in a warp's registers, vector loads (attention's 128 columns, ImageNet's 1000)
    "softmax_rows_vector_f16": unary_model("bolt.softmax %x axis 1 : {x} -> {y}", (70, 128), (70, 128), "f16"),
    "softmax_rows_vector_f32": unary_model("bolt.softmax %x axis 2 : {x} -> {y}", (3, 5, 96), (3, 5, 96)),
    "layernorm_vector_f16": unary_model(
        "bolt.layernorm %x axis 1 epsilon 1.0e-12 : {x} -> {y}", (33, 768), (33, 768), "f16"),
    "layernorm_vector_bf16_64": unary_model(
        "bolt.layernorm %x axis 1 epsilon 1.0e-05 : {x} -> {y}", (9, 64), (9, 64), "bf16"),
    # layer-norm without affine, long rows
    "layernorm_long_rows_f16": unary_model(
        "bolt.layernorm %x axis 1 epsilon 1.0e-05 : {x} -> {y}", (16, 4096), (16, 4096), "f16"),
    "layernorm_two_dims": unary_model(
        "bolt.layernorm %x axis 1 epsilon 1.0e-03 : {x} -> {y}", (3, 7, 9), (3, 7, 9)),
    # pools: NHWC with asymmetric padding, strides, global NHWC and NCHW
    "maxpool_nhwc_padded_f16": unary_model(
        "bolt.pool2d max nhwc %x window [3, 3] strides [2, 2] padding [1, 1, 1, 0] : {x} -> {y}",
        (2, 15, 16, 24), (2, 8, 8, 24), "f16"),
    "avgpool_nchw_padded": unary_model(
        "bolt.pool2d avg nchw %x window [3, 3] strides [1, 1] padding [1, 1, 1, 1] : {x} -> {y}",
        (2, 5, 9, 7), (2, 5, 9, 7)),
    # NHWC pools with 16-byte channel vectors (C a multiple of 16 bytes / element size)
    "maxpool_nhwc_vector_f16": unary_model(
        "bolt.pool2d max nhwc %x window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : {x} -> {y}",
        (2, 17, 16, 64), (2, 9, 8, 64), "f16"),
    "avgpool_nhwc_vector_bf16": unary_model(
        "bolt.pool2d avg nhwc %x window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : {x} -> {y}",
        (2, 8, 8, 16), (2, 4, 4, 16), "bf16"),
    "maxpool_nhwc_vector_f32": unary_model(
        "bolt.pool2d max nhwc %x window [3, 3] strides [2, 2] padding [0, 0, 0, 0] : {x} -> {y}",
        (1, 9, 9, 12), (1, 4, 4, 12)),
    "global_avgpool_nhwc_bf16": unary_model(
        "bolt.pool2d avg nhwc %x window [7, 7] strides [1, 1] padding [0, 0, 0, 0] : {x} -> {y}",
        (4, 7, 7, 160), (4, 1, 1, 160), "bf16"),
    "global_maxpool_nhwc_vector_f32": unary_model(
        "bolt.pool2d max nhwc %x window [5, 5] strides [1, 1] padding [0, 0, 0, 0] : {x} -> {y}",
        (3, 5, 5, 12), (3, 1, 1, 12)),
    "global_avgpool_nhwc_scalar_f16": unary_model(
        "bolt.pool2d avg nhwc %x window [3, 3] strides [1, 1] padding [0, 0, 0, 0] : {x} -> {y}",
        (2, 3, 3, 13), (2, 1, 1, 13), "f16"),
    "global_maxpool_nchw": unary_model(
        "bolt.pool2d max nchw %x window [14, 14] strides [1, 1] padding [0, 0, 0, 0] : {x} -> {y}",
        (2, 33, 14, 14), (2, 33, 1, 1)),
    # data movement: batched 2-D transpose, general permutation, NCHW -> NHWC, pad, slice
    "transpose_batched_f16": unary_model(
        "bolt.transpose %x permutation [0, 2, 1] : {x} -> {y}", (5, 67, 129), (5, 129, 67), "f16"),
    "transpose_nchw_to_nhwc": unary_model(
        "bolt.transpose %x permutation [0, 2, 3, 1] : {x} -> {y}", (2, 3, 17, 19), (2, 17, 19, 3)),
    # few rows / few columns: an image's channels to the innermost dimension and back
    "transpose_few_rows_f16": unary_model(
        "bolt.transpose %x permutation [0, 2, 3, 1] : {x} -> {y}", (4, 3, 40, 50), (4, 40, 50, 3), "f16"),
    "transpose_few_cols": unary_model(
        "bolt.transpose %x permutation [0, 3, 1, 2] : {x} -> {y}", (4, 40, 50, 3), (4, 3, 40, 50)),
    "transpose_general": unary_model(
        "bolt.transpose %x permutation [2, 0, 3, 1] : {x} -> {y}", (3, 4, 5, 6), (5, 3, 6, 4)),
    "pad_4d_f16": unary_model(
        "bolt.pad %x low [0, 0, 2, 1] high [0, 1, 0, 3] value -1.500000e+00 : {x} -> {y}",
        (2, 3, 5, 7), (2, 4, 7, 11), "f16"),
    # pad-alignment's channel padding (the innermost dimension at its end: its own kernel)
    "pad_channels_nhwc_f16": unary_model(
        "bolt.pad %x low [0, 0, 0, 0] high [0, 0, 0, 3] value 0.000000e+00 : {x} -> {y}",
        (2, 5, 7, 13), (2, 5, 7, 16), "f16"),
    # strided copies with a contiguous innermost run: 16-byte vectors, 32-bit indices
    "transpose_heads_vector_f16": unary_model(
        "bolt.transpose %x permutation [0, 2, 1, 3] : {x} -> {y}", (2, 9, 3, 16), (2, 3, 9, 16), "f16"),
    "slice_channels_vector_f32": unary_model(
        "bolt.slice %x offsets [0, 0, 4] strides [1, 1, 1] : {x} -> {y}", (3, 5, 12), (3, 5, 8)),
    "slice_channels_4byte_bf16": unary_model(
        "bolt.slice %x offsets [0, 0, 2] strides [1, 1, 1] : {x} -> {y}", (3, 5, 10), (3, 5, 6), "bf16"),
    "transpose_odd_inner_f16": unary_model(
        "bolt.transpose %x permutation [1, 0, 2] : {x} -> {y}", (7, 5, 3), (5, 7, 3), "f16"),
    "slice_strided": unary_model(
        "bolt.slice %x offsets [1, 0, 2] strides [2, 1, 3] : {x} -> {y}", (9, 4, 20), (4, 4, 6)),
    "broadcast": unary_model(
        "bolt.broadcast %x dimensions [0, 2] : {x} -> {y}", (8,), (3, 8, 5)),
    # reductions: innermost (warp and block), outer dimensions, interleaved, all
    "reduce_sum_rows_f16": unary_model(
        "bolt.reduce sum %x dims [1] : {x} -> {y}", (64, 300), (64,), "f16"),
    "reduce_mean_rows_vector_f16": unary_model("bolt.reduce mean %x dims [1] : {x} -> {y}", (40, 768), (40,), "f16"),
    "reduce_max_rows_vector_bf16": unary_model("bolt.reduce max %x dims [2] : {x} -> {y}", (3, 5, 64), (3, 5), "bf16"),
    "reduce_sum_short_rows_f32": unary_model("bolt.reduce sum %x dims [1] : {x} -> {y}", (37, 12), (37,)),
    "reduce_max_long": unary_model("bolt.reduce max %x dims [1] : {x} -> {y}", (4, 20000), (4,)),
    "reduce_mean_outer": unary_model("bolt.reduce mean %x dims [0] : {x} -> {y}", (50, 129), (129,)),
    "reduce_min_interleaved": unary_model("bolt.reduce min %x dims [0, 2] : {x} -> {y}", (6, 5, 7), (5,)),
    "reduce_sum_all_bf16": unary_model("bolt.reduce sum %x dims [0, 1] : {x} -> {y}", (33, 17), (), "bf16"),
    # row reductions loading 4 vectors a lane before reducing: several rounds, a partial round
    "reduce_sum_rows_rounds_f32": unary_model("bolt.reduce sum %x dims [1] : {x} -> {y}", (8, 4096), (8,)),
    "reduce_mean_rows_tail_bf16": unary_model("bolt.reduce mean %x dims [1] : {x} -> {y}", (6, 200), (6,), "bf16"),
}

# The full-height tile transpose (rows <= 64, cols a multiple of 16 bytes, aligned): 3 rows
# (an image's channels; a partial column tile), 49 rows (a 7x7 head to NCHW; two column tiles,
# the second 4 columns wide), power-of-2 rows (the swizzled shared-memory layout), 64 rows
# (the largest), and the same sizes with odd widths in the fallbacks above.
CASES.update({
    "rows_tile_c3_f16": unary_model(
        "bolt.transpose %x permutation [0, 2, 3, 1] : {x} -> {y}", (2, 3, 8, 24), (2, 8, 24, 3), "f16"),
    "rows_tile_head_to_nchw_f32": unary_model(
        "bolt.transpose %x permutation [0, 3, 1, 2] : {x} -> {y}", (2, 7, 7, 36), (2, 36, 7, 7)),
    "rows_tile_head_to_nchw_f16": unary_model(
        "bolt.transpose %x permutation [0, 3, 1, 2] : {x} -> {y}", (3, 7, 7, 136), (3, 136, 7, 7), "f16"),
    "rows_tile_pow2_rows_bf16": unary_model(
        "bolt.transpose %x permutation [0, 2, 1] : {x} -> {y}", (3, 16, 40), (3, 40, 16), "bf16"),
    "rows_tile_64_rows_f16": unary_model(
        "bolt.transpose %x permutation [0, 2, 1] : {x} -> {y}", (2, 64, 72), (2, 72, 64), "f16"),
    "rows_tile_8_rows_f32": unary_model(
        "bolt.transpose %x permutation [1, 0] : {x} -> {y}", (8, 1028), (1028, 8)),
    # transposes the tile kernel refuses: 65 rows (the 32x32 tiles), an odd width (few rows)
    "transpose_65_rows_f16": unary_model(
        "bolt.transpose %x permutation [0, 2, 1] : {x} -> {y}", (2, 65, 48), (2, 48, 65), "f16"),
    "transpose_c3_odd_width_f16": unary_model(
        "bolt.transpose %x permutation [0, 2, 3, 1] : {x} -> {y}", (2, 3, 5, 7), (2, 5, 7, 3), "f16"),
    # strided copies through FastDivisor: sizes that are not powers of 2, vector and scalar
    "transpose_heads_odd_sizes_f16": unary_model(
        "bolt.transpose %x permutation [0, 2, 1, 3] : {x} -> {y}", (2, 10, 3, 24), (2, 3, 10, 24), "f16"),
    "transpose_general_odd_bf16": unary_model(
        "bolt.transpose %x permutation [3, 1, 0, 2] : {x} -> {y}", (3, 7, 5, 11), (11, 7, 3, 5), "bf16"),
    # channel padding with vector stores: 3 -> 8 halves (16 bytes), 3 -> 6 floats (8 bytes),
    # and an odd padded width (the scalar kernel)
    "pad_channels_3_to_8_f16": unary_model(
        "bolt.pad %x low [0, 0, 0, 0] high [0, 0, 0, 5] value 0.000000e+00 : {x} -> {y}",
        (2, 5, 7, 3), (2, 5, 7, 8), "f16"),
    "pad_channels_3_to_6_f32": unary_model(
        "bolt.pad %x low [0, 0, 0] high [0, 0, 3] value 2.500000e-01 : {x} -> {y}",
        (3, 5, 3), (3, 5, 6)),
    "pad_channels_5_to_7_bf16": unary_model(
        "bolt.pad %x low [0, 0, 0] high [0, 0, 2] value -1.000000e+00 : {x} -> {y}",
        (3, 5, 5), (3, 5, 7), "bf16"),
    # global NHWC pools split over positions: several blocks an image (65 vectors, the last
    # block partial), and 8-, 4- and 2-byte vectors where C allows no wider
    "global_avgpool_split_f16": unary_model(
        "bolt.pool2d avg nhwc %x window [7, 7] strides [1, 1] padding [0, 0, 0, 0] : {x} -> {y}",
        (2, 7, 7, 520), (2, 1, 1, 520), "f16"),
    "global_maxpool_split_4_f16": unary_model(
        "bolt.pool2d max nhwc %x window [4, 4] strides [1, 1] padding [0, 0, 0, 0] : {x} -> {y}",
        (3, 4, 4, 12), (3, 1, 1, 12), "f16"),
    "global_avgpool_split_2_f16": unary_model(
        "bolt.pool2d avg nhwc %x window [4, 4] strides [1, 1] padding [0, 0, 0, 0] : {x} -> {y}",
        (3, 4, 4, 6), (3, 1, 1, 6), "f16"),
    "global_avgpool_long_f32": unary_model(
        "bolt.pool2d avg nhwc %x window [30, 30] strides [1, 1] padding [0, 0, 0, 0] : {x} -> {y}",
        (2, 30, 30, 8), (2, 1, 1, 8)),
    # NHWC vector pools: the stem's 3x3 s2 with padding on every side (compile-time window)
    # and a 3x2 window (run-time loops)
    "maxpool_stem_like_f16": unary_model(
        "bolt.pool2d max nhwc %x window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : {x} -> {y}",
        (2, 12, 12, 64), (2, 6, 6, 64), "f16"),
    # 3x3/2 vector pools: an odd output width, an average over padded windows, and no padding
    # with a cut right edge
    "maxpool_3x3s2_odd_q_f16": unary_model(
        "bolt.pool2d max nhwc %x window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : {x} -> {y}",
        (2, 13, 13, 32), (2, 7, 7, 32), "f16"),
    "avgpool_3x3s2_padded_bf16": unary_model(
        "bolt.pool2d avg nhwc %x window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : {x} -> {y}",
        (2, 11, 10, 16), (2, 6, 5, 16), "bf16"),
    "maxpool_3x3s2_unpadded_f32": unary_model(
        "bolt.pool2d max nhwc %x window [3, 3] strides [2, 2] padding [0, 0, 0, 0] : {x} -> {y}",
        (1, 10, 11, 8), (1, 4, 5, 8)),
    "avgpool_3x2_vector_f16": unary_model(
        "bolt.pool2d avg nhwc %x window [3, 2] strides [2, 2] padding [1, 0, 1, 0] : {x} -> {y}",
        (2, 9, 8, 16), (2, 5, 4, 16), "f16"),
})


def _elementwise_tree(dtype: str, shape=(8, 128)) -> str:
    x, c = _t(shape, dtype), _t((shape[-1],), dtype)
    return f"""
func.func @main(%x: {x}, %b: {c}, %r: {x}) -> {x} {{
  %s = bolt.constant dense<0.5> : tensor<{dtype}>
  %a = bolt.ew.add %x, %b : {x}, {c} -> {x}
  %g = bolt.ew.gelu erf %a : {x} -> {x}
  %m = bolt.ew.mul %g, %s : {x}, tensor<{dtype}> -> {x}
  %z = bolt.ew.select ogt %m, %r, %m, %r : {x}, {x}, {x}, {x} -> {x}
  %h = bolt.ew.hardswish %z : {x} -> {x}
  %q = bolt.ew.clamp %h min -1.0 max 2.5 : {x} -> {x}
  func.return %q : {x}
}}
"""


CASES.update({
    "ew_tree_f32": _elementwise_tree("f32"),
    "ew_tree_f16_vector": _elementwise_tree("f16"),
    "ew_tree_bf16_odd": _elementwise_tree("bf16", (5, 7)),  # no vector path: 7 is odd
    # the model's input edge: cast, NCHW -> NHWC and channel padding as one kernel
    "edge_cast_transpose_pad_f32_to_f16": edge_model((3, 3, 21, 23), "f32", 4, 0.0, "f16"),
    "edge_transpose_pad_bf16_to_8": edge_model((2, 3, 9, 9), "bf16", 8, -0.25),
    # the same through the full-height tile kernel (widths a multiple of 8): f32 -> f16 to 4
    # channels, bf16 to 8 (swizzled), f32 to 5
    "edge_tile_cast_transpose_pad_f32_to_f16": edge_model((2, 3, 16, 20), "f32", 4, 0.0, "f16"),
    "edge_tile_transpose_pad_bf16_to_8": edge_model((2, 3, 8, 12), "bf16", 8, -0.25),
    "edge_tile_transpose_pad_f32_to_5": edge_model((2, 3, 6, 6), "f32", 5, 1.0),
    "edge_transpose_pad_f32_to_5": edge_model((2, 3, 9, 9), "f32", 5, 1.0),
    "layernorm_vector_affine_f16": """
func.func @main(%x: tensor<5x7x256xf16>) -> tensor<5x7x256xf16> {
  %g = bolt.constant dense<1.5> : tensor<256xf16>
  %b = bolt.constant dense<-0.25> : tensor<256xf16>
  %y = bolt.layernorm %x gamma %g : tensor<256xf16> beta %b : tensor<256xf16> axis 2 epsilon 1.000000e-05 : tensor<5x7x256xf16> -> tensor<5x7x256xf16>
  func.return %y : tensor<5x7x256xf16>
}
""",
    "ew_cast_chain": """
func.func @main(%x: tensor<4x256xf32>) -> tensor<4x256xf32> {
  %h = bolt.ew.cast %x : tensor<4x256xf32> -> tensor<4x256xf16>
  %e = bolt.ew.exp %h : tensor<4x256xf16> -> tensor<4x256xf16>
  %f = bolt.ew.cast %e : tensor<4x256xf16> -> tensor<4x256xf32>
  %l = bolt.ew.log1p %f : tensor<4x256xf32> -> tensor<4x256xf32>
  func.return %l : tensor<4x256xf32>
}
""",
    # Intermediates in the arena, written in place; a value read by two later ops.
    "arena_reuse": """
func.func @main(%x: tensor<32x64xf32>) -> (tensor<32x64xf32>, tensor<32xf32>) {
  %t = bolt.transpose %x permutation [1, 0] : tensor<32x64xf32> -> tensor<64x32xf32>
  %e = bolt.ew.tanh %t : tensor<64x32xf32> -> tensor<64x32xf32>
  %s = bolt.softmax %e axis 0 : tensor<64x32xf32> -> tensor<64x32xf32>
  %b = bolt.transpose %s permutation [1, 0] : tensor<64x32xf32> -> tensor<32x64xf32>
  %n = bolt.ew.neg %b : tensor<32x64xf32> -> tensor<32x64xf32>
  %r = bolt.reduce sum %e dims [0] : tensor<64x32xf32> -> tensor<32xf32>
  func.return %n, %r : tensor<32x64xf32>, tensor<32xf32>
}
""",
    "concat_middle_f16": """
func.func @main(%a: tensor<3x5x8xf16>, %b: tensor<3x2x8xf16>) -> tensor<3x7x8xf16> {
  %c = bolt.concat %a, %b dim 1 : tensor<3x5x8xf16>, tensor<3x2x8xf16> -> tensor<3x7x8xf16>
  func.return %c : tensor<3x7x8xf16>
}
""",
    # merge-residual-gemms' K concatenation (ResNet-50's layer 1 at a small M): 128-byte rows
    # into a 256-byte pitch, the 16-byte vector kernel of rt::copy_rows.
    "concat_channels_vector_f16": """
func.func @main(%a: tensor<1000x64xf16>, %b: tensor<1000x64xf16>) -> tensor<1000x128xf16> {
  %c = bolt.concat %a, %b dim 1 : tensor<1000x64xf16>, tensor<1000x64xf16> -> tensor<1000x128xf16>
  func.return %c : tensor<1000x128xf16>
}
""",
})


@pytest.mark.parametrize("case", sorted(CASES))
def test_kernel_paths_match_the_reference(case, tmp_path):
    source = CASES[case]
    model = compile_planned(source, tmp_path, case)
    inputs = inputs_for(model, seed=3)
    expected = reference(source, *inputs)
    assert_matches(model(*inputs), expected, [s.dtype for s in model.outputs])


def test_a_fused_tree_is_one_launch(tmp_path):
    model = compile_planned(CASES["ew_tree_f16_vector"], tmp_path, "tree")
    assert model.kernels == ["elementwise"]


def test_misaligned_inputs_take_the_scalar_path(tmp_path):
    """A vectorizable kernel given a pointer off its 16-byte alignment still computes right."""
    torch = pytest.importorskip("torch")
    source = _elementwise_tree("f16")
    model = compile_planned(source, tmp_path, "tree")
    inputs = inputs_for(model, seed=4)
    tensors = []
    for x in inputs:  # each input one f16 element past a 16-byte boundary
        storage = torch.empty(x.size + 1, dtype=torch.float16, device="cuda")
        view = storage[1:].view(x.shape)
        view.copy_(torch.from_numpy(x))
        tensors.append(view)
    assert tensors[0].data_ptr() % 16 == 2
    assert_matches(model(*tensors), reference(source, *inputs), ["f16"])


@pytest.mark.parametrize("case", ["rows_tile_c3_f16", "rows_tile_head_to_nchw_f16", "global_avgpool_split_f16",
                                  "pad_channels_3_to_8_f16", "transpose_heads_odd_sizes_f16",
                                  "edge_tile_transpose_pad_bf16_to_8", "reduce_mean_rows_vector_f16"])
def test_misaligned_runtime_inputs_take_the_narrow_paths(case, tmp_path):
    """Each vector path's input one element past a 16-byte boundary: the kernel falls back to
    narrower accesses (or the scalar kernel) and still computes right."""
    torch = pytest.importorskip("torch")
    source = CASES[case]
    model = compile_planned(source, tmp_path, case)
    (x,) = inputs_for(model, seed=5)
    dtype = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}[model.inputs[0].dtype]
    storage = torch.empty(x.size + 1, dtype=dtype, device="cuda")
    view = storage[1:].view(x.shape)
    view.copy_(torch.from_numpy(x.astype(np.float32)).to(dtype))
    assert view.data_ptr() % 16 != 0
    assert_matches(model(view), reference(source, x), [s.dtype for s in model.outputs])
