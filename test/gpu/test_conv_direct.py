"""conv_direct on the GPU: grouped and depthwise bolt.conv2d (NHWC fprop, groups > 1) through
boltc.compile with the direct kernel and its per-element epilogue, against the numpy reference
executor, for sm_90a and for sm_80 (PTX, JIT-compiled on the H100).

    python -m pytest -m gpu test/gpu/test_conv_direct.py -q

Models are one bolt.conv2d whose filter, bias and residual are inputs and whose epilogue is
already fused. Every test asserts the family that ran.

Tolerances, f16 results: fp32 accumulation like the reference, in another order (~1e-6
relative over at most R*S*C/groups = 288 products of O(1) terms), then one f16 rounding: results
differ by at most one f16 step where the two land on either side of a boundary, 2^-10
relative; rtol = atol = 2e-3 allows it. bf16: one bf16 step, 2^-7 -> 8e-3. f32 results: the
summation order only -> 1e-4.
"""

from __future__ import annotations

from unittest.mock import patch

import numpy as np
import pytest

import boltc
from boltc.lowering.cutlass import conv_group_sm80
from gpu_helpers import conv_epilogue_body, conv_function_text, conv_output_hw, has_cuda_gpu, tensor

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not has_cuda_gpu(), reason="needs a CUDA GPU")]

TOLERANCE = {"f16": dict(rtol=2e-3, atol=2e-3), "bf16": dict(rtol=8e-3, atol=8e-3), "f32": dict(rtol=1e-4, atol=1e-4)}


def grouped_conv_model(n, h, w, c, f, r, s, groups, *, stride=(1, 1), padding=(0, 0, 0, 0), dilation=(1, 1),
                       epilogue="bias_relu6", dtype="f16", out="f16") -> str:
    """@main(x, filter, [bias], [residual]): one NHWC grouped bolt.conv2d with its epilogue
    fused: "plain", "bias_relu6" (MobileNet), "bias_gelu" (erf) or "bias_residual_relu"."""
    p, q = conv_output_hw(h, w, r, s, stride, padding, dilation)
    x, wt, y = tensor((n, h, w, c), dtype), tensor((f, r, s, c // groups), dtype), tensor((n, p, q, f), out)
    acc, extras, body, result = conv_epilogue_body(epilogue, (n, p, q, f), dtype)
    return conv_function_text(x, wt, y, acc, extras, body, result, stride=stride, padding=padding, dilation=dilation,
                              groups=groups)


def random_inputs(model, taps: int, seed: int) -> list[np.ndarray]:
    """x, bias, residual ~ N(0, 1); the filter ~ N(0, 1/(R*S*C/groups)): every output is O(1)."""
    rng = np.random.default_rng(seed)
    arrays = []
    for i, spec in enumerate(model.inputs):
        values = rng.standard_normal(spec.shape) / (np.sqrt(taps) if i == 1 else 1.0)
        if spec.dtype == "bf16":
            arrays.append((values.astype(np.float32).view(np.uint32) & 0xFFFF0000).view(np.float32))
        else:
            arrays.append(values.astype(np.float16 if spec.dtype == "f16" else np.float32))
    return arrays


# name: (n, h, w, c, f, r, s, groups, grouped_conv_model options)
CASES = {
    # Depthwise (C/groups = 1, F = C): 8 channels a thread, the filter tap-major in shared memory.
    "dw_3x3_s1_bias_relu6": (2, 14, 14, 32, 32, 3, 3, 32, dict(padding=(1, 1, 1, 1))),
    "dw_3x3_s2_residual": (2, 15, 15, 48, 48, 3, 3, 48, dict(stride=(2, 2), padding=(1, 1, 1, 1),
                                                           epilogue="bias_residual_relu")),
    "dw_5x5_dilated_bf16": (2, 12, 12, 24, 24, 5, 5, 24, dict(padding=(4, 4, 4, 4), dilation=(2, 2),
                                                            dtype="bf16", out="bf16")),
    "dw_7x7_plain_f32_out": (1, 14, 14, 64, 64, 7, 7, 64, dict(padding=(3, 3, 3, 3), epilogue="plain", out="f32")),
    "dw_6_channels": (2, 9, 9, 6, 6, 3, 3, 6, dict(padding=(1, 1, 1, 1))),  # 2 channels a thread
    "dw_channel_multiplier_2": (2, 8, 8, 8, 16, 3, 3, 8, dict(padding=(1, 1, 1, 1))),  # grouped path
    # Grouped: ResNeXt's 4 and 32 channels per group; odd 3 in / 5 out per group; asymmetric.
    "grouped_4_per_group_residual": (2, 14, 14, 128, 128, 3, 3, 32, dict(padding=(1, 1, 1, 1),
                                                                       epilogue="bias_residual_relu")),
    "grouped_32_per_group_s2_gelu": (2, 14, 14, 256, 256, 3, 3, 8, dict(stride=(2, 2), padding=(1, 1, 1, 1),
                                                                      epilogue="bias_gelu")),
    "grouped_3_in_5_out": (2, 9, 9, 12, 20, 3, 3, 4, dict(padding=(1, 1, 1, 1))),
    "grouped_asymmetric_pad_strides": (2, 15, 17, 16, 32, 3, 3, 2, dict(stride=(2, 1), padding=(1, 0, 2, 1))),
    # ResNeXt's 8 channels per group (the padded, conflict-free filter rows: 8 weights a read).
    "grouped_8_per_group_residual": (2, 14, 14, 256, 256, 3, 3, 32, dict(padding=(1, 1, 1, 1),
                                                                       epilogue="bias_residual_relu")),
    # The row-blocked kernel (conv_direct.RowBlock): Q = 13 leaves a partial pixel block in every
    # row; 80 channels are two channel tiles of 64, the second partial.
    "row_partial_blocks_and_tiles": (3, 13, 13, 80, 80, 3, 3, 20, dict(padding=(1, 1, 1, 1),
                                                                      epilogue="bias_residual_relu")),
    # Dilation 2 along W (5 pixels a thread), stride 2 along H only, asymmetric padding.
    "row_dilated_w": (2, 11, 19, 64, 64, 3, 3, 8, dict(stride=(2, 1), padding=(2, 2, 1, 2), dilation=(1, 2))),
    # 5x5 at stride 2 along W (3 pixels a thread), bf16 in and out.
    "row_5x5_stride2_bf16": (2, 17, 23, 32, 32, 5, 5, 4, dict(stride=(2, 2), padding=(2, 2, 2, 2), dtype="bf16",
                                                             out="bf16")),
    # 2 in / 6 out per group (2-channel loads, 2 outputs a thread), f32 result, gelu.
    "row_2in_6out_f32_out": (2, 10, 9, 16, 48, 3, 3, 8, dict(padding=(1, 1, 1, 1), epilogue="bias_gelu", out="f32")),
    # ResNeXt's stage-3 shape (16 per group, taken by conv_group_sm80 by choice) on this kernel.
    "row_16_per_group_stride2": (2, 14, 14, 512, 512, 3, 3, 32, dict(stride=(2, 2), padding=(1, 1, 1, 1),
                                                                     epilogue="bias_residual_relu")),
    # A filter too wide for a thread's input row: the one-pixel grouped kernel.
    "one_pixel_7x7_dilated3": (1, 30, 30, 32, 32, 7, 7, 4, dict(padding=(9, 9, 9, 9), dilation=(3, 3))),
}
# Cases the choice gives the tensor cores (conv_group_sm80.choose_group_conv: 32 per group at
# 1x); the rest are conv_direct's, some only with the choice's waste limit at 0 (FORCE_DIRECT).
FAMILY = {"grouped_32_per_group_s2_gelu": "conv_group_sm80"}
FORCE_DIRECT = {"row_16_per_group_stride2"}
# The depthwise 3x3s are conv_depthwise's (test_conv_depthwise.py); the 5x5 and 7x7 stay here.
FAMILY |= {name: "conv_depthwise" for name in ("dw_3x3_s1_bias_relu6", "dw_3x3_s2_residual", "dw_6_channels")}


def run_and_check(name: str, arch: str, tmp_path) -> None:
    n, h, w, c, f, r, s, groups, options = CASES[name]
    text = grouped_conv_model(n, h, w, c, f, r, s, groups, **options)
    with patch.object(conv_group_sm80, "MAX_MMA_WASTE", 0.0 if name in FORCE_DIRECT else conv_group_sm80.MAX_MMA_WASTE):
        model = boltc.compile(text, arch=arch, output=tmp_path / f"{name}.so")
    assert model.kernels == [FAMILY.get(name, "conv_direct")], model.kernels
    inputs = random_inputs(model, r * s * c // groups, seed=len(name))
    got = np.asarray(model(*inputs), np.float64)
    (expected,) = boltc.interpret(text, *inputs)
    np.testing.assert_allclose(got, np.asarray(expected, np.float64), **TOLERANCE[options.get("out", "f16")])


@pytest.mark.parametrize("name", list(CASES))
def test_direct_conv_sm90a(name, tmp_path):
    run_and_check(name, "sm_90a", tmp_path)


@pytest.mark.parametrize("name", ["dw_3x3_s2_residual", "grouped_4_per_group_residual", "row_5x5_stride2_bf16"])
def test_direct_conv_sm80_runs_on_hopper_through_ptx(name, tmp_path):
    run_and_check(name, "sm_80", tmp_path)
