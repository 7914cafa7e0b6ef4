"""conv_depthwise on the GPU: depthwise bolt.conv2d (groups = C = F, NHWC) through boltc.compile
with the register-window kernel, against torch.nn.functional.conv2d(groups=C) computed in fp32
on the GPU from the same inputs (TF32 off), then timed per MobileNetV2 layer against conv_direct
(forced) and cuDNN.

    python -m pytest -m gpu test/gpu/test_conv_depthwise.py -q -s      # -s: the timing lines

Models are one NHWC bolt.conv2d whose filter, bias and residual are inputs and whose epilogue
is already fused. Every test asserts the family that ran (a silent fallback would pass the
numerics).

Tolerances: both sides accumulate the same products in fp32 in other orders (at most R*S = 9
products of O(1) terms: the filter is scaled by 1/sqrt(R*S), ~1e-7 relative), then one rounding
of an O(1) value to the result type, where the two may land on either side of a boundary: one
f16 step (2^-10 relative) -> rtol = atol = 2e-3; bf16 (2^-7) -> 8e-3; f32 results, the order
only -> 1e-4 (1e-3 for the erf GELU: CUTLASS's erff against torch's).
"""

from __future__ import annotations

import numpy as np
import pytest

import boltc
from gpu_helpers import (
    conv_epilogue_body,
    conv_function_text,
    conv_output_hw,
    has_cuda_gpu,
    has_torch_cuda,
    per_call_us,
    tensor,
    torch_graph,
)

pytestmark = [
    pytest.mark.gpu,
    pytest.mark.skipif(not has_cuda_gpu(), reason="needs a CUDA GPU"),
    pytest.mark.skipif(not has_torch_cuda(), reason="needs torch with CUDA (the reference)"),
]

TOLERANCE = {"f16": dict(rtol=2e-3, atol=2e-3), "bf16": dict(rtol=8e-3, atol=8e-3), "f32": dict(rtol=1e-4, atol=1e-4)}
EPILOGUES = ("plain", "bias", "bias_relu6", "bias_residual_relu", "residual", "bias_gelu")
FORCED_DIRECT = '#bolt.kernel<"conv_direct", tile [1, 1, 1], cluster [1, 1, 1], stages 1, "direct">'


def depthwise_model(n, h, w, c, r, s, *, stride=(1, 1), padding=(1, 1, 1, 1), dilation=(1, 1),
                    epilogue="bias_relu6", dtype="f16", out=None, kernel: str | None = None) -> str:
    """@main(x NHWC, filter C x R x S x 1, [bias C], [residual NPQC]): one depthwise bolt.conv2d
    with `epilogue` fused (the bias added, then the residual, then ReLU6 / ReLU / GELU)."""
    assert epilogue in EPILOGUES
    p, q = conv_output_hw(h, w, r, s, stride, padding, dilation)
    x, wt, y = tensor((n, h, w, c), dtype), tensor((c, r, s, 1), dtype), tensor((n, p, q, c), out or dtype)
    acc, extras, body, result = conv_epilogue_body(epilogue, (n, p, q, c), dtype)
    return conv_function_text(x, wt, y, acc, extras, body, result, stride=stride, padding=padding, dilation=dilation,
                              groups=c, kernel=kernel)


def torch_inputs(n, h, w, c, r, s, p, q, epilogue, dtype, seed):
    """x, bias, residual ~ N(0, 1) (x shifted by 0.5 so ReLU6 clips both ends); the filter
    ~ N(0, 1/(R*S)): every output is O(1)."""
    import torch

    gen = torch.Generator(device="cuda").manual_seed(seed)
    kind = {"f16": torch.half, "bf16": torch.bfloat16, "f32": torch.float32}[dtype]
    randn = lambda *shape: torch.randn(*shape, device="cuda", generator=gen)  # noqa: E731
    x = (randn(n, h, w, c) * 2 + 0.5).to(kind)
    weight = (randn(c, r, s, 1) / (r * s) ** 0.5).to(kind)
    extras = []
    if "bias" in epilogue:
        extras.append(randn(c).to(kind))
    if "residual" in epilogue:
        extras.append(randn(n, p, q, c).to(kind))
    return x, weight, extras


def torch_reference(x, weight, extras, stride, padding, dilation, epilogue):
    """The fp32 result (NHWC) of the same depthwise convolution and epilogue: cuDNN in fp32,
    TF32 off."""
    import torch

    torch.backends.cudnn.allow_tf32 = False
    top, left, bottom, right = padding
    c = x.shape[-1]
    x32 = torch.nn.functional.pad(x.float().permute(0, 3, 1, 2), (left, right, top, bottom))
    y = torch.nn.functional.conv2d(x32, weight.float().permute(0, 3, 1, 2), stride=stride, dilation=dilation,
                                   groups=c).permute(0, 2, 3, 1)
    rest = list(extras)
    if "bias" in epilogue:
        y = y + rest.pop(0).float()
    if "residual" in epilogue:
        y = y + rest.pop(0).float()
    if epilogue.endswith("relu6"):
        y = torch.clamp(y, 0.0, 6.0)
    elif epilogue.endswith("relu"):
        y = torch.relu(y)
    elif epilogue.endswith("gelu"):
        y = torch.nn.functional.gelu(y)
    return y


def run_case(tmp_path, name, n, h, w, c, r, s, *, family="conv_depthwise", stride=(1, 1), padding=(1, 1, 1, 1),
             dilation=(1, 1), epilogue="bias_relu6", dtype="f16", out=None, kernel=None, arch="sm_90a"):
    out = out or dtype
    text = depthwise_model(n, h, w, c, r, s, stride=stride, padding=padding, dilation=dilation, epilogue=epilogue,
                           dtype=dtype, out=out, kernel=kernel)
    # f32 inputs computed in f32 (the default precision f16 would add cast kernels and round).
    model = boltc.compile(text, arch=arch, precision="f32" if dtype == "f32" else "f16",
                          output=tmp_path / f"{name}.so")
    assert model.kernels == [family], model.kernels
    p, q = conv_output_hw(h, w, r, s, stride, padding, dilation)
    x, weight, extras = torch_inputs(n, h, w, c, r, s, p, q, epilogue, dtype, seed=len(name))
    got = model(x, weight, *extras).float()
    expected = torch_reference(x, weight, extras, stride, padding, dilation, epilogue)
    tolerance = dict(TOLERANCE[out])
    if out == "f32" and epilogue.endswith("gelu"):
        tolerance = dict(rtol=1e-3, atol=1e-3)
    np.testing.assert_allclose(got.cpu().numpy(), expected.cpu().numpy(), **tolerance)
    return model


# MobileNetV2 (timm mobilenetv2_100) depthwise 3x3 layers at batch 32, padding 1: timm node ->
# (H in, C, stride). 17 layers, 10 shapes.
MOBILENETV2 = {
    "convolution_1": (112, 32, 1),
    "convolution_4": (112, 96, 2),
    "convolution_7": (56, 144, 1),
    "convolution_10": (56, 144, 2),
    "convolution_13": (28, 192, 1),
    "convolution_16": (28, 192, 1),
    "convolution_19": (28, 192, 2),
    "convolution_22": (14, 384, 1),
    "convolution_25": (14, 384, 1),
    "convolution_28": (14, 384, 1),
    "convolution_31": (14, 384, 1),
    "convolution_34": (14, 576, 1),
    "convolution_37": (14, 576, 1),
    "convolution_40": (14, 576, 2),
    "convolution_43": (7, 960, 1),
    "convolution_46": (7, 960, 1),
    "convolution_49": (7, 960, 1),
}
SHAPES = {}
for _node, _shape in MOBILENETV2.items():
    SHAPES.setdefault(_shape, _node)  # the first node of each shape


@pytest.mark.parametrize("node", list(SHAPES.values()))
def test_mobilenetv2_depthwise_layers_match_torch(node, tmp_path):
    h, c, stride = MOBILENETV2[node]
    run_case(tmp_path, node, 32, h, h, c, 3, 3, stride=(stride, stride))


@pytest.mark.parametrize("epilogue", EPILOGUES)
def test_every_epilogue_kind(epilogue, tmp_path):
    # 28x28x192 at batch 4, stride 2 (odd output width: 14 = 4 + 4 + 4 + 2 columns).
    run_case(tmp_path, epilogue, 4, 28, 28, 192, 3, 3, stride=(2, 2), epilogue=epilogue)


# name: (n, h, w, c, r, s, run_case options)
ODD = {
    "c13_one_channel_a_thread": (2, 9, 11, 13, 3, 3, dict(epilogue="bias_residual_relu")),
    "c6_two_channels": (3, 10, 10, 6, 3, 3, {}),
    "c20_bf16_four_channels": (2, 15, 17, 20, 3, 3, dict(dtype="bf16", stride=(2, 2))),
    "c24_f32_out": (2, 12, 12, 24, 3, 3, dict(out="f32", epilogue="bias_gelu")),
    "c32_f32": (2, 12, 13, 32, 3, 3, dict(dtype="f32", epilogue="bias")),
    "valid_no_padding": (2, 15, 15, 40, 3, 3, dict(padding=(0, 0, 0, 0))),
    "asymmetric_padding": (2, 14, 13, 48, 3, 3, dict(padding=(0, 1, 2, 0), epilogue="residual")),
    "stride_2x1": (2, 15, 17, 16, 3, 3, dict(stride=(2, 1), padding=(1, 0, 2, 1))),
    "stride_1x2_odd_width": (2, 9, 21, 24, 3, 3, dict(stride=(1, 2))),
    "stride_3": (2, 20, 20, 16, 3, 3, dict(stride=(3, 3))),
    "dilation_2": (2, 16, 16, 32, 3, 3, dict(padding=(2, 2, 2, 2), dilation=(2, 2))),
    "narrow_q_3": (2, 7, 3, 16, 3, 3, {}),  # Q = 3: 3 columns a thread
    "filter_1x3": (2, 8, 9, 64, 1, 3, dict(padding=(0, 1, 0, 1))),
    "filter_2x2": (2, 8, 9, 64, 2, 2, dict(padding=(0, 0, 1, 1))),
    "batch_1_7x7": (1, 7, 7, 960, 3, 3, {}),
    # Refused (weights too wide for registers): stays conv_direct, still right.
    "refused_5x5": (2, 12, 12, 24, 5, 5, dict(padding=(2, 2, 2, 2), family="conv_direct")),
}


@pytest.mark.parametrize("name", list(ODD))
def test_odd_shapes_match_torch(name, tmp_path):
    n, h, w, c, r, s, options = ODD[name]
    run_case(tmp_path, name, n, h, w, c, r, s, **options)


@pytest.mark.parametrize("columns", [1, 2, 3, 8])
def test_forced_column_counts(columns, tmp_path):
    kernel = f'#bolt.kernel<"conv_depthwise", tile [{columns}, 8, 1], cluster [1, 1, 1], stages 1, "direct">'
    run_case(tmp_path, f"columns{columns}", 2, 15, 15, 96, 3, 3, stride=(2, 2), kernel=kernel)


def test_sm80_target_runs_on_hopper_through_ptx(tmp_path):
    run_case(tmp_path, "sm80", 4, 28, 28, 144, 3, 3, stride=(2, 2), epilogue="bias_residual_relu", arch="sm_80")


def test_mobilenetv2_layer_timing(tmp_path):
    """Each MobileNetV2 depthwise shape at batch 32, bias + ReLU6 fused: conv_depthwise (the
    choice) against conv_direct (forced), cuDNN (channels_last f16, autotuned, conv + bias +
    ReLU6) and the memory floor (input and output once at 2.96 TB/s); the last line sums the
    17 layers. CUDA graphs replayed 100 times between two events, median of 5. Prints; asserts
    the numerics and the families."""
    import torch

    n, totals, lines = 32, {"depthwise": 0.0, "direct": 0.0, "cudnn": 0.0, "floor": 0.0}, []
    count = {shape: list(MOBILENETV2.values()).count(shape) for shape in SHAPES}
    for (h, c, stride), node in SHAPES.items():
        p = (h + 2 - 3) // stride + 1
        x, weight, (bias,) = torch_inputs(n, h, h, c, 3, 3, p, p, "bias", "f16", seed=1)
        x_nchw, w_nchw = x.permute(0, 3, 1, 2), weight.permute(0, 3, 1, 2)  # channels_last views
        torch.backends.cudnn.benchmark = True
        cudnn = lambda: torch.clamp(torch.nn.functional.conv2d(x_nchw, w_nchw, bias, stride=stride,  # noqa: E731
                                                               padding=1, groups=c), 0.0, 6.0)
        times = {"cudnn": per_call_us(torch_graph(cudnn))}
        times["floor"] = (x.numel() + n * p * p * c) * 2 / 2.96e12 * 1e6
        expected = cudnn().permute(0, 2, 3, 1).float()
        for label, kernel, family in (("depthwise", None, "conv_depthwise"), ("direct", FORCED_DIRECT, "conv_direct")):
            text = depthwise_model(n, h, h, c, 3, 3, stride=(stride, stride), kernel=kernel)
            model = boltc.compile(text, arch="sm_90a", output=tmp_path / f"{node}_{label}.so")
            assert model.kernels == [family], model.kernels
            graph = model.capture_graph(x, weight, bias)
            torch.testing.assert_close(graph.replay().float(), expected, rtol=2e-3, atol=2e-3)
            times[label] = per_call_us(graph.replay)
        for key in totals:
            totals[key] += times[key] * count[(h, c, stride)]
        lines.append(f"mobilenetv2 {node} (x{count[(h, c, stride)]}) N={n} {h}x{h}x{c} /{stride}: "
                     f"conv_depthwise {times['depthwise']:.1f} us, conv_direct {times['direct']:.1f} us, "
                     f"cuDNN {times['cudnn']:.1f} us, floor {times['floor']:.1f} us "
                     f"(direct/depthwise {times['direct'] / times['depthwise']:.2f}x, "
                     f"floor/depthwise {times['floor'] / times['depthwise']:.2f})")
    lines.append(f"mobilenetv2 all 17 depthwise layers: conv_depthwise {totals['depthwise']:.1f} us, conv_direct "
                 f"{totals['direct']:.1f} us, cuDNN {totals['cudnn']:.1f} us, floor {totals['floor']:.1f} us")
    print("\n" + "\n".join(lines))
