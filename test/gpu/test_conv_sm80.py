"""conv_sm80 on the GPU: bolt.conv2d (NHWC fprop) through boltc.compile with the CUTLASS 2.x
implicit-GEMM convolution and its visitor-tree epilogue, against the numpy reference executor,
both ways it runs on a Hopper GPU:

- `arch="sm_80"`: the model.so is built for sm_80 (cubin + PTX); the H100 runs the PTX, JIT-compiled;
- `arch="sm_90a"` with `#bolt.kernel<"conv_sm80", ...>` on the op: the CUTLASS 2.x kernel built
  for sm_90a, beside conv_sm90.

Every test asserts the family that ran (a silent fallback to conv_sm90 would pass the numerics).

    python -m pytest -m gpu test/gpu/test_conv_sm80.py -q

Models are one bolt.conv2d whose filter, bias and residual are inputs and whose epilogue is
already fused (the pipeline pads only constant weights, so odd channel counts reach the kernel
as they are: C odd takes the channel-padding variant, F odd one-element output accesses).

Tolerances, f16 results: fp32 accumulation like the reference, in another order (~1e-6 relative
over C*R*S <= 3136 products of O(1) terms), then one f16 rounding: results differ by at most
one f16 step where the two land on either side of a boundary, 2^-10 relative; rtol = atol =
2e-3 allows it (atol near 0). bf16: one bf16 step, 2^-7 -> 8e-3. f32 results: the summation
order only -> 1e-4.
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

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not has_cuda_gpu(), reason="needs a CUDA GPU")]

TOLERANCE = {"f16": dict(rtol=2e-3, atol=2e-3), "bf16": dict(rtol=8e-3, atol=8e-3), "f32": dict(rtol=1e-4, atol=1e-4)}


def conv_model(n, h, w, c, f, r, s, *, stride=(1, 1), padding=(0, 0, 0, 0), dilation=(1, 1),
               epilogue="bias_relu", dtype="f16", out="f16", kernel=None) -> str:
    """@main(x, filter, [bias], [residual]): one NHWC bolt.conv2d with its epilogue fused:
    "plain", "bias_relu", "bias_gelu" (erf) or "bias_residual_relu"."""
    p, q = conv_output_hw(h, w, r, s, stride, padding, dilation)
    x, wt, y = tensor((n, h, w, c), dtype), tensor((f, r, s, c), dtype), tensor((n, p, q, f), out)
    acc, extras, body, result = conv_epilogue_body(epilogue, (n, p, q, f), dtype)
    return conv_function_text(x, wt, y, acc, extras, body, result, stride=stride, padding=padding, dilation=dilation,
                              groups=1, kernel=kernel)


def sm80_kernel(tile, warp, stages) -> str:
    from boltc.tuning.heuristic_sm80 import schedule_name

    return (f'#bolt.kernel<"conv_sm80", tile [{", ".join(map(str, tile))}], cluster [1, 1, 1], '
            f'stages {stages}, "{schedule_name(tuple(warp))}">')


def random_inputs(model, c_r_s: int, seed: int) -> list[np.ndarray]:
    """x, bias, residual ~ N(0, 1); the filter ~ N(0, 1/(C*R*S)): every output is O(1)."""
    rng = np.random.default_rng(seed)
    arrays = []
    for i, spec in enumerate(model.inputs):
        values = rng.standard_normal(spec.shape) / (np.sqrt(c_r_s) if i == 1 else 1.0)
        if spec.dtype == "bf16":
            arrays.append((values.astype(np.float32).view(np.uint32) & 0xFFFF0000).view(np.float32))
        else:
            arrays.append(values.astype(np.float16 if spec.dtype == "f16" else np.float32))
    return arrays


def run_and_check(name: str, case, arch: str, tmp_path) -> None:
    n, h, w, c, f, r, s, options = case
    text = conv_model(n, h, w, c, f, r, s, **options)
    model = boltc.compile(text, arch=arch, output=tmp_path / f"{name}.so")
    assert model.kernels == ["conv_sm80"], model.kernels  # the CUTLASS 2.x family, and only it
    inputs = random_inputs(model, c * r * s, seed=len(name))
    got = np.asarray(model(*inputs), np.float64)
    (expected,) = boltc.interpret(text, *inputs)
    np.testing.assert_allclose(got, np.asarray(expected, np.float64), **TOLERANCE[options.get("out", "f16")])


# name: (n, h, w, c, f, r, s, conv_model options)
SM80_CASES = {
    "1x1_s1_bias_relu": (2, 14, 14, 64, 64, 1, 1, {}),
    "1x1_s2_plain_f32_out": (2, 14, 14, 32, 64, 1, 1, dict(stride=(2, 2), epilogue="plain", out="f32")),
    "3x3_s1_pad1_bias_gelu": (2, 16, 16, 32, 64, 3, 3, dict(padding=(1, 1, 1, 1), epilogue="bias_gelu")),
    "3x3_s2_pad1_residual": (2, 16, 16, 64, 64, 3, 3, dict(stride=(2, 2), padding=(1, 1, 1, 1),
                                                         epilogue="bias_residual_relu")),
    "3x3_asymmetric_pad_strides": (2, 15, 17, 24, 40, 3, 3, dict(stride=(2, 1), padding=(1, 0, 2, 1))),
    "3x3_dilation2": (2, 12, 12, 16, 16, 3, 3, dict(padding=(2, 2, 2, 2), dilation=(2, 2))),
    # Odd channels: C=3 padded to 4 in the workspace; C=13 -> 14 and F=21 (one-element stores).
    "7x7_s2_pad3_image_c3": (2, 32, 32, 3, 64, 7, 7, dict(stride=(2, 2), padding=(3, 3, 3, 3))),
    "3x3_c13_f21_residual": (2, 8, 8, 13, 21, 3, 3, dict(padding=(1, 1, 1, 1), epilogue="bias_residual_relu")),
    "3x3_bf16": (2, 16, 16, 32, 32, 3, 3, dict(padding=(1, 1, 1, 1), dtype="bf16", out="bf16")),
    # C one access wide: kFixedChannels iterators (filter positions packed densely into K).
    "3x3_c4_fixed_channels_asymmetric": (2, 15, 17, 4, 24, 3, 3, dict(stride=(2, 1), padding=(1, 0, 2, 1))),
    "5x5_c8_fixed_channels_dilated": (2, 16, 16, 8, 32, 5, 5, dict(padding=(4, 4, 4, 4), dilation=(2, 2))),
    "3x3_c2_fixed_channels_bf16": (2, 10, 10, 2, 16, 3, 3, dict(padding=(1, 1, 1, 1), dtype="bf16", out="bf16")),
}


@pytest.mark.parametrize("name", list(SM80_CASES))
def test_sm80_target_runs_on_hopper_through_ptx(name, tmp_path):
    run_and_check(name, SM80_CASES[name], "sm_80", tmp_path)


# The configurations measured best for ResNet-50's 3x3 layers (heuristic_sm80), forced on sm_90a.
SM90A_CASES = {
    "3x3_tile256x64x32_w64x64_s4": (4, 28, 28, 64, 64, 3, 3, dict(
        padding=(1, 1, 1, 1), kernel=sm80_kernel((256, 64, 32), (64, 64, 32), 4))),
    "3x3_tile128x128_w64x64_s3_residual": (4, 14, 14, 128, 128, 3, 3, dict(
        padding=(1, 1, 1, 1), epilogue="bias_residual_relu", kernel=sm80_kernel((128, 128, 64), (64, 64, 64), 3))),
    "7x7_s2_image_c3_tile128x64_w64x32_s4": (2, 32, 32, 3, 64, 7, 7, dict(
        stride=(2, 2), padding=(3, 3, 3, 3), kernel=sm80_kernel((128, 64, 64), (64, 32, 64), 4))),
    "1x1_c13_f21_tile64x64_w32x32_s4": (2, 9, 9, 13, 21, 1, 1, dict(
        epilogue="bias_gelu", kernel=sm80_kernel((64, 64, 64), (32, 32, 64), 4))),
}


@pytest.mark.parametrize("name", list(SM90A_CASES))
def test_sm80_family_forced_on_sm90a(name, tmp_path):
    run_and_check(name, SM90A_CASES[name], "sm_90a", tmp_path)


# ---- a timing, for the record (no assertion on speed) ------------------------------------------


@pytest.mark.skipif(not has_torch_cuda(), reason="needs torch with CUDA")
def test_resnet50_stem_timing_against_cudnn(tmp_path):
    """ResNet-50's stem (7x7/2 on 3 channels, batch 32, bias + ReLU) with the heuristic's
    configuration (fixed-channels iterators on C padded to 4) against cuDNN given the same
    3-channel channels_last input, both as CUDA graphs. Prints; asserts the numerics."""
    import torch

    n, h, c, f = 32, 224, 3, 64
    text = conv_model(n, h, h, c, f, 7, 7, stride=(2, 2), padding=(3, 3, 3, 3))
    model = boltc.compile(text, arch="sm_90a", output=tmp_path / "stem.so")
    x = torch.randn(n, h, h, c, device="cuda", dtype=torch.half)
    weight = torch.randn(f, 7, 7, c, device="cuda", dtype=torch.half) / (49 * c) ** 0.5
    bias = torch.randn(f, device="cuda", dtype=torch.half)
    x_nchw, w_nchw = x.permute(0, 3, 1, 2), weight.permute(0, 3, 1, 2)
    torch.backends.cudnn.benchmark = True
    cudnn = lambda: torch.relu(torch.nn.functional.conv2d(x_nchw, w_nchw, bias, stride=2, padding=3))  # noqa: E731
    expected = cudnn().permute(0, 2, 3, 1).float()
    got = model(x, weight, bias).float()
    torch.testing.assert_close(got, expected, rtol=2e-3, atol=2e-3)
    ours = per_call_us(model.capture_graph(x, weight, bias).replay)
    theirs = per_call_us(torch_graph(cudnn))
    print(f"\nstem 7x7/2 C=3 batch 32 ({model.kernels}): boltc {ours:.1f} us, cuDNN {theirs:.1f} us, "
          f"{theirs / ours:.2f}x")


@pytest.mark.skipif(not has_torch_cuda(), reason="needs torch with CUDA")
@pytest.mark.parametrize("h, c", [(56, 64), (28, 128), (14, 256), (7, 512)])
def test_resnet50_3x3_layer_timing_against_cudnn(h, c, tmp_path):
    """ResNet-50's 3x3 layers at batch 32, bias + ReLU fused, conv_sm80 with heuristic_sm80's
    configuration for the H100 (forced on sm_90a), against torch's cuDNN (channels_last f16,
    autotuned) in the same process. Both sides are CUDA graphs replayed 100 times between two
    events, median of 5 (no L2 flush, as bolt_paper.json's back-to-back column). Prints; asserts
    only the numerics and the family."""
    import torch

    from boltc.tuning.heuristic_sm80 import choose_conv_sm80

    n, f = 32, c
    choice = choose_conv_sm80(n * h * h, f, 9 * c, "f16", "sm_90a")
    text = conv_model(n, h, h, c, f, 3, 3, padding=(1, 1, 1, 1), kernel=sm80_kernel(choice.tile, choice.warp, choice.stages))
    model = boltc.compile(text, arch="sm_90a", output=tmp_path / "layer.so")
    assert model.kernels == ["conv_sm80"], model.kernels
    x = torch.randn(n, h, h, c, device="cuda", dtype=torch.half)
    weight = torch.randn(f, 3, 3, c, device="cuda", dtype=torch.half) / (9 * c) ** 0.5
    bias = torch.randn(f, device="cuda", dtype=torch.half)
    x_nchw, w_nchw = x.permute(0, 3, 1, 2), weight.permute(0, 3, 1, 2)  # channels_last views
    torch.backends.cudnn.benchmark = True
    cudnn = lambda: torch.relu(torch.nn.functional.conv2d(x_nchw, w_nchw, bias, padding=1))  # noqa: E731
    graph = model.capture_graph(x, weight, bias)
    torch.testing.assert_close(graph.replay().float(), cudnn().permute(0, 2, 3, 1).float(), rtol=2e-3, atol=2e-3)

    ours, theirs = per_call_us(graph.replay), per_call_us(torch_graph(cudnn))
    flops = 2 * n * h * h * f * 9 * c
    print(f"\nconv3x3 N={n} {h}x{h}x{c}->{f} +bias+relu, conv_sm80 tile {'x'.join(map(str, choice.tile))} "
          f"warp {'x'.join(map(str, choice.warp))} s{choice.stages} on sm_90a: boltc {ours:.1f} us "
          f"({flops / ours / 1e6:.0f} TFLOP/s); cuDNN conv+bias+relu {theirs:.1f} us (x{theirs / ours:.2f} of boltc's time)")
