"""Grouped convolutions on the GPU: conv_group_sm80 (CUTLASS 2.x tensor-core grouped implicit
GEMM, kSingleGroup / kMultipleGroup) and conv_direct where the choice sends a layer there,
through boltc.compile, against torch.nn.functional.conv2d(groups=...) computed in fp32 on the
GPU from the same fp16 inputs (TF32 off), then timed per ResNeXt-50 layer against cuDNN.

    python -m pytest -m gpu test/gpu/test_conv_group.py -q -s      # -s: the timing lines

Models are one NHWC bolt.conv2d whose filter, bias and residual are inputs and whose epilogue
is already fused. Every test asserts the family that ran (a silent fallback would pass the
numerics).

Tolerances, f16 results: both sides accumulate the same f16 products in fp32, in other orders
(~1e-6 relative over at most R*S*C/groups = 576 products of O(1) terms: the filter is scaled by
1/sqrt(R*S*C/groups)), then one f16 rounding of an O(1) value: one f16 step, 2^-10 relative
where the two land on either side of a boundary. rtol = atol = 2e-3. bf16: 2^-7 -> 8e-3.
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

TOLERANCE = {"f16": dict(rtol=2e-3, atol=2e-3), "bf16": dict(rtol=8e-3, atol=8e-3)}
EPILOGUES = ("plain", "bias", "bias_relu", "bias_residual_relu", "residual")


def grouped_model(n, h, w, c, f, r, s, groups, *, stride=(1, 1), padding=(0, 0, 0, 0), dilation=(1, 1),
                  epilogue="bias_relu", dtype="f16", kernel: str | None = None) -> str:
    """@main(x NHWC, filter KRSC, [bias F], [residual NPQF]): one grouped bolt.conv2d with its
    epilogue fused: `epilogue` of EPILOGUES (the bias added, then the residual, then ReLU)."""
    assert epilogue in EPILOGUES
    p, q = conv_output_hw(h, w, r, s, stride, padding, dilation)
    x, wt, y = tensor((n, h, w, c), dtype), tensor((f, r, s, c // groups), dtype), tensor((n, p, q, f), dtype)
    acc, extras, body, result = conv_epilogue_body(epilogue, (n, p, q, f), dtype)
    return conv_function_text(x, wt, y, acc, extras, body, result, stride=stride, padding=padding, dilation=dilation,
                              groups=groups, kernel=kernel)


def torch_inputs(n, h, w, c, f, r, s, groups, p, q, epilogue, dtype, seed):
    """x, bias, residual ~ N(0, 1); the filter ~ N(0, 1/(R*S*C/groups)): every output is O(1)."""
    import torch

    gen = torch.Generator(device="cuda").manual_seed(seed)
    kind = torch.half if dtype == "f16" else torch.bfloat16
    randn = lambda *shape: torch.randn(*shape, device="cuda", generator=gen)  # noqa: E731
    x = randn(n, h, w, c).to(kind)
    weight = (randn(f, r, s, c // groups) / (r * s * c // groups) ** 0.5).to(kind)
    extras = []
    if "bias" in epilogue:
        extras.append(randn(f).to(kind))
    if "residual" in epilogue:
        extras.append(randn(n, p, q, f).to(kind))
    return x, weight, extras


def torch_reference(x, weight, extras, groups, stride, padding, dilation, epilogue):
    """The fp32 result (NHWC) of the same convolution and epilogue: cuDNN in fp32, TF32 off."""
    import torch

    torch.backends.cudnn.allow_tf32 = False
    top, left, bottom, right = padding
    x32 = torch.nn.functional.pad(x.float().permute(0, 3, 1, 2), (left, right, top, bottom))
    y = torch.nn.functional.conv2d(x32, weight.float().permute(0, 3, 1, 2), stride=stride, dilation=dilation,
                                   groups=groups).permute(0, 2, 3, 1)
    rest = list(extras)
    if "bias" in epilogue:
        y = y + rest.pop(0).float()
    if "residual" in epilogue:
        y = y + rest.pop(0).float()
    if "relu" in epilogue:
        y = torch.relu(y)
    return y


def run_case(tmp_path, name, n, h, w, c, f, r, s, groups, *, family, stride=(1, 1), padding=(0, 0, 0, 0),
             dilation=(1, 1), epilogue="bias_relu", dtype="f16", kernel=None, arch="sm_90a"):
    text = grouped_model(n, h, w, c, f, r, s, groups, stride=stride, padding=padding, dilation=dilation,
                         epilogue=epilogue, dtype=dtype, kernel=kernel)
    model = boltc.compile(text, arch=arch, output=tmp_path / f"{name}.so")
    assert model.kernels == [family], model.kernels
    p, q = conv_output_hw(h, w, r, s, stride, padding, dilation)
    x, weight, extras = torch_inputs(n, h, w, c, f, r, s, groups, p, q, epilogue, dtype, seed=len(name))
    got = model(x, weight, *extras).float()
    expected = torch_reference(x, weight, extras, groups, stride, padding, dilation, epilogue)
    np.testing.assert_allclose(got.cpu().numpy(), expected.cpu().numpy(), **TOLERANCE[dtype])
    return model


# ResNeXt-50 32x4d's grouped 3x3 layers at batch 32 (groups 32): (H in, C = F, stride) and the
# family the choice gives (test/python/lowering/test_conv_group_sm80.py checks the why).
RESNEXT50 = {
    "s1_56x56_4pg": (56, 128, 1, "conv_direct"),
    "s2_56x56_8pg": (56, 256, 2, "conv_direct"),
    "s2_28x28_8pg": (28, 256, 1, "conv_direct"),
    "s3_28x28_16pg_stride2": (28, 512, 2, "conv_group_sm80"),  # kSingleGroup 128x16x32
    "s3_14x14_16pg": (14, 512, 1, "conv_group_sm80"),
    "s4_14x14_32pg_stride2": (14, 1024, 2, "conv_group_sm80"),
    "s4_7x7_32pg": (7, 1024, 1, "conv_group_sm80"),
}


@pytest.mark.parametrize("name", list(RESNEXT50))
@pytest.mark.parametrize("epilogue", ["bias", "bias_relu", "bias_residual_relu"])
def test_resnext50_grouped_layers_match_torch(name, epilogue, tmp_path):
    h, c, stride, family = RESNEXT50[name]
    run_case(tmp_path, name, 32, h, h, c, c, 3, 3, 32, family=family, stride=(stride, stride),
             padding=(1, 1, 1, 1), epilogue=epilogue)


# Odd and random legal shapes: (n, h, w, c, f, r, s, groups, options, family).
ODD = {
    # kMultipleGroup by choice: 32 in / 8 out per group, two groups per 16-wide tile (2x), its
    # epilogue 4 outputs an access.
    "multiple_32in_8out": (2, 13, 11, 256, 64, 3, 3, 8, dict(padding=(1, 1, 1, 1)), "conv_group_sm80"),
    # kSingleGroup, 64 per group (tile K 64, N 64), 5x5 dilated, asymmetric padding.
    "single_64pg_5x5_dilated": (2, 17, 15, 256, 256, 5, 5, 4, dict(padding=(4, 2, 3, 5), dilation=(2, 2)),
                                "conv_group_sm80"),
    # 8 in / 16 out per group: 4x the MMA work at best (K padded 8 -> 32), conv_direct.
    "direct_8in_16out_stride_2x1": (2, 15, 17, 16, 32, 3, 3, 2, dict(stride=(2, 1), padding=(1, 0, 2, 1)),
                                    "conv_direct"),
    # 16 per group (ResNeXt stage 3): kSingleGroup 128x16x32, K padded 16 -> 32 (2x, the limit).
    "single_16pg_stride_2x1": (2, 15, 17, 64, 64, 3, 3, 4, dict(stride=(2, 1), padding=(1, 0, 2, 1)),
                               "conv_group_sm80"),
    # bf16, 1x1 grouped (ShuffleNet-style), output not a multiple of 8 pixels.
    "single_1x1_bf16": (3, 7, 9, 64, 128, 1, 1, 4, dict(dtype="bf16", epilogue="residual"), "conv_group_sm80"),
    # Refused for the tensor cores, conv_direct: odd C/groups; 24 per group (no tile N fits).
    "direct_3in_5out": (2, 9, 9, 12, 20, 3, 3, 4, dict(padding=(1, 1, 1, 1)), "conv_direct"),
    "direct_24pg": (2, 10, 10, 48, 48, 3, 3, 2, dict(padding=(1, 1, 1, 1), epilogue="bias_residual_relu"),
                    "conv_direct"),
    # Depthwise (MobileNetV2's 144-channel stride-2 layer, batch 2) and a channel multiplier of 2.
    "direct_depthwise_s2": (2, 56, 56, 144, 144, 3, 3, 144, dict(stride=(2, 2), padding=(1, 1, 1, 1)), "conv_depthwise"),
    "direct_depthwise_x2": (2, 8, 8, 8, 16, 3, 3, 8, dict(padding=(1, 1, 1, 1)), "conv_direct"),
}


@pytest.mark.parametrize("name", list(ODD))
def test_odd_shapes_match_torch(name, tmp_path):
    n, h, w, c, f, r, s, groups, options, family = ODD[name]
    run_case(tmp_path, name, n, h, w, c, f, r, s, groups, family=family, **options)


@pytest.mark.parametrize("seed", range(6))
def test_random_legal_shapes_match_torch(seed, tmp_path):
    """Random groups, channels per group (even: the tensor cores' legal ones), sizes, strides,
    padding and dilation; the family is whatever the choice says, the numerics must hold."""
    from boltc.lowering.cutlass.conv_group_sm80 import choose_group_conv
    from boltc.lowering.cutlass.cpp import Element

    rng = np.random.default_rng(seed)
    groups = int(rng.choice([2, 4, 8, 32]))
    cpg, kpg = int(rng.choice([2, 4, 8, 16, 32, 64])), int(rng.choice([4, 8, 16, 32, 64]))
    r = s = int(rng.choice([1, 3, 5]))
    stride = (int(rng.integers(1, 3)), int(rng.integers(1, 3)))
    dilation = (int(rng.integers(1, 3)),) * 2
    padding = tuple(int(v) for v in rng.integers(0, r, size=4))
    h, w = int(rng.integers(r * dilation[0], 24)), int(rng.integers(s * dilation[1], 24))
    epilogue = str(rng.choice(EPILOGUES))
    family = choose_group_conv(cpg, kpg, Element.F16).family
    run_case(tmp_path, f"random{seed}", int(rng.integers(1, 4)), h, w, groups * cpg, groups * kpg, r, s, groups,
             family=family, stride=stride, padding=padding, dilation=dilation, epilogue=epilogue)


def test_sm80_target_runs_on_hopper_through_ptx(tmp_path):
    run_case(tmp_path, "sm80", 4, 14, 14, 512, 512, 3, 3, 32, family="conv_group_sm80", padding=(1, 1, 1, 1),
             epilogue="bias_residual_relu", arch="sm_80")


FORCED_MULTIPLE = '#bolt.kernel<"conv_group_sm80", tile [128, 32, 32], cluster [1, 1, 1], stages 4, "multistage warp 64x32x32">'
# The narrowest tile (conv_group_sm80.MIN_TILE_N): at 8 outputs an access it wrote half its
# outputs wrong here (zeros in columns); the lowering now stores 4 an access.
FORCED_NARROW = '#bolt.kernel<"conv_group_sm80", tile [128, 16, 32], cluster [1, 1, 1], stages 4, "multistage warp 64x16x32">'

# 16-wide tiles, every output column checked: (n, h, w, c, f, r, s, groups, options). M not a
# multiple of 128, odd sizes, several N tiles per group and several groups per tile.
NARROW = {
    "single_16pg_resnext_s3": (4, 14, 14, 512, 512, 3, 3, 32, dict(padding=(1, 1, 1, 1))),
    "single_16pg_odd_stride2": (3, 13, 11, 64, 64, 3, 3, 4, dict(stride=(2, 2), padding=(1, 1, 1, 1))),
    "single_two_tiles_a_group": (2, 9, 7, 64, 128, 3, 3, 2, dict(padding=(0, 1, 2, 1), dilation=(1, 2))),
    "multiple_8out_per_group": (2, 11, 9, 128, 32, 3, 3, 4, dict(padding=(1, 1, 1, 1))),
    "single_1x1_bf16": (3, 7, 9, 64, 64, 1, 1, 4, dict(dtype="bf16")),
}


@pytest.mark.parametrize("epilogue", EPILOGUES)
@pytest.mark.parametrize("name", list(NARROW))
def test_16_wide_tile_matches_torch_in_every_column(name, epilogue, tmp_path):
    n, h, w, c, f, r, s, groups, options = NARROW[name]
    run_case(tmp_path, f"{name}_{epilogue}", n, h, w, c, f, r, s, groups, family="conv_group_sm80",
             epilogue=epilogue, kernel=FORCED_NARROW, **options)


def test_forced_multiple_group_on_resnext_stage2(tmp_path):
    """The 16x-waste kMultipleGroup kernel the choice refuses for 8 channels per group, forced:
    it must still be right (the timing test compares it with conv_direct)."""
    run_case(tmp_path, "forced", 4, 28, 28, 256, 256, 3, 3, 32, family="conv_group_sm80", padding=(1, 1, 1, 1),
             epilogue="bias_residual_relu", kernel=FORCED_MULTIPLE)


# How many times each layer occurs in ResNeXt-50 32x4d (blocks per stage: 3, 4, 6, 3; the first
# of stages 2-4 strided).
RESNEXT50_COUNT = {"s1_56x56_4pg": 3, "s2_56x56_8pg": 1, "s2_28x28_8pg": 3, "s3_28x28_16pg_stride2": 1,
                   "s3_14x14_16pg": 5, "s4_14x14_32pg_stride2": 1, "s4_7x7_32pg": 2}


def timing_variants(name: str) -> list[tuple[str, str | None, float | None, str]]:
    """(label, #bolt.kernel, MAX_MMA_WASTE override, family) of every kernel the timing test
    runs on a layer: the choice, then the alternatives the choice rule weighs (conv_direct,
    the 16-wide and the old 32-wide tensor-core tiles) where they are not the choice."""
    from boltc.lowering.cutlass.conv_group_sm80 import choose_group_conv
    from boltc.lowering.cutlass.cpp import Element

    h, c, stride, family = RESNEXT50[name]
    per_group = c // 32
    choice = choose_group_conv(per_group, per_group, Element.F16)
    variants = [("choice", None, None, family)]
    if family != "conv_direct":
        variants.append(("conv_direct", None, 0.0, "conv_direct"))
    if per_group >= 16 and (choice.tile is None or choice.tile.tile.n != 16):
        variants.append(("128x16", FORCED_NARROW, None, "conv_group_sm80"))
    if per_group == 16:
        variants.append(("128x32 (the old choice)", FORCED_MULTIPLE, None, "conv_group_sm80"))
    return variants


@pytest.mark.parametrize("name", list(RESNEXT50))
def test_resnext50_layer_timing_against_cudnn(name, tmp_path, monkeypatch):
    """Each ResNeXt-50 grouped layer at batch 32, bias + ReLU fused, boltc's choice against
    torch's cuDNN (channels_last f16, autotuned, conv + bias + relu) and the memory floor (input
    and output once at 3.0 TB/s), next to the alternatives the choice weighs
    (`timing_variants`): the numbers behind conv_group_sm80.MAX_MMA_WASTE. CUDA graphs replayed
    100 times between two events, median of 5. Prints (with the layer's count in the network, so
    the lines sum to the grouped layers' total); asserts the numerics and the family."""
    import torch

    from boltc.lowering.cutlass import conv_group_sm80

    h, c, stride, family = RESNEXT50[name]
    n, groups = 32, 32
    p = (h + 2 - 3) // stride + 1
    x, weight, (bias,) = torch_inputs(n, h, h, c, c, 3, 3, groups, p, p, "bias", "f16", seed=1)
    x_nchw, w_nchw = x.permute(0, 3, 1, 2), weight.permute(0, 3, 1, 2)  # channels_last views
    torch.backends.cudnn.benchmark = True
    cudnn = lambda: torch.relu(torch.nn.functional.conv2d(x_nchw, w_nchw, bias, stride=stride, padding=1,  # noqa: E731
                                                          groups=groups))
    theirs = per_call_us(torch_graph(cudnn))
    floor = (x.numel() + n * p * p * c) * 2 / 3.0e12 * 1e6
    line = f"\nresnext50 {name} N={n} {h}x{h}x{c} /{stride} groups {groups}: cuDNN {theirs:.1f} us, floor {floor:.1f} us"
    ours_by_label = {}
    for i, (label, kernel, waste, expected_family) in enumerate(timing_variants(name)):
        text = grouped_model(n, h, h, c, c, 3, 3, groups, stride=(stride, stride), padding=(1, 1, 1, 1),
                             epilogue="bias_relu", kernel=kernel)
        monkeypatch.setattr(conv_group_sm80, "MAX_MMA_WASTE", conv_group_sm80.MAX_MMA_WASTE if waste is None else waste)
        model = boltc.compile(text, arch="sm_90a", output=tmp_path / f"variant{i}.so")
        assert model.kernels == [expected_family], model.kernels
        graph = model.capture_graph(x, weight, bias)
        torch.testing.assert_close(graph.replay().float(), cudnn().permute(0, 2, 3, 1).float(), rtol=2e-3, atol=2e-3)
        ours = per_call_us(graph.replay)
        ours_by_label[label] = ours
        line += f"; {label} {expected_family} {ours:.1f} us (cuDNN/boltc {theirs / ours:.2f}x)"
        monkeypatch.undo()
    count = RESNEXT50_COUNT[name]
    line += (f"; x{count} in the network: cuDNN {count * theirs:.0f} us, boltc's choice "
             f"{count * ours_by_label['choice']:.0f} us, best variant {count * min(ours_by_label.values()):.0f} us")
    print(line)

