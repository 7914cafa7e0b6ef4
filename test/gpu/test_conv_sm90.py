"""conv_sm90 on the GPU: bolt.conv2d through boltc.compile (the graph passes, the CUTLASS 3
sm_90a implicit-GEMM convolution, the host code) against the numpy reference executor.

    python -m pytest -m gpu test/gpu/test_conv_sm90.py -q

Models are small bolt IR functions whose filter, bias and residual are inputs (no weights to
embed; the pipeline still pads odd channel counts at run time), plus the test/data models.
Every model must run its convolutions in conv_sm90 (a silent fallback would pass the numerics).

Tolerances, f16 results: the kernel accumulates in fp32 like the reference (boltc.interpret,
fp32 accumulation in another order), so the fp32 values agree to ~1e-6 relative and the f16
results by at most one f16 rounding step where the two land on either side of a boundary:
2^-10 relative. rtol = atol = 2e-3 allows that step (atol for values near 0, where fp32
summation-order differences over up to C*R*S = 3136 products of O(1) terms reach ~1e-5). bf16:
one bf16 step, 2^-7. f32 results: the summation order only: rtol = atol = 1e-4.
"""

from __future__ import annotations

import numpy as np
import pytest

import boltc
from gpu_helpers import DATA, conv_output_hw, has_cuda_gpu, has_torch_cuda, per_call_us, tensor, torch_graph

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not has_cuda_gpu(), reason="needs a CUDA GPU")]
needs_torch = pytest.mark.skipif(not has_torch_cuda(), reason="needs torch with CUDA")

TOLERANCE = {"f16": dict(rtol=2e-3, atol=2e-3), "bf16": dict(rtol=8e-3, atol=8e-3), "f32": dict(rtol=1e-4, atol=1e-4)}


def hex_constant(values: np.ndarray, shape, element: str) -> str:
    """A bolt.constant of `values` (f16) from its little-endian bytes."""
    return f'bolt.constant dense<"0x{values.astype(np.float16).tobytes().hex().upper()}"> : {tensor(shape, element)}'


def conv_model(n, h, w, c, f, r, s, *, stride=(1, 1), padding=(0, 0, 0, 0), dilation=(1, 1),
               epilogue="bias_relu", dtype="f16", out="f16", kernel=None, weights="input") -> str:
    """One bolt.conv2d (NHWC input, KRSC filter) with a bias + ReLU or a bias + residual + ReLU
    epilogue, or none ("plain").

    weights="input": @main(x, filter, [bias], [residual]) with the epilogue already fused, as
    the pipeline leaves it (channels must then already suit the kernel: the pipeline pads only
    constant weights). weights="constant": @main(x, [residual]) with the filter and bias as
    constants and the epilogue as separate ops after the convolution, as the importer writes it:
    the pipeline pads odd channel counts (weights now, activations with a bolt.pad) and fuses."""
    p, q = conv_output_hw(h, w, r, s, stride, padding, dilation)
    x, wt = tensor((n, h, w, c), dtype), tensor((f, r, s, c), dtype)
    y, acc, vec = tensor((n, p, q, f), out), tensor((n, p, q, f), "f32"), tensor((f,), "f32")
    bias_t, res_t = tensor((f,), dtype), tensor((n, p, q, f), dtype)
    ints = lambda v: "[" + ", ".join(map(str, v)) + "]"  # noqa: E731
    attr = f" {{kernel = {kernel}}}" if kernel else ""
    window = f"strides {ints(stride)} padding {ints(padding)} dilations {ints(dilation)} groups 1{attr}"
    if weights == "constant":
        assert dtype == out == "f16"
        rng = np.random.default_rng(f * 1000 + c)
        filt = rng.standard_normal((f, r, s, c)) / np.sqrt(c * r * s)
        args = [f"%x: {x}"] + ([f"%res: {res_t}"] if epilogue == "bias_residual_relu" else [])
        lines = [f"func.func @main({', '.join(args)}) -> {y} {{",
                 f"  %w = {hex_constant(filt, (f, r, s, c), dtype)}",
                 f"  %y = bolt.conv2d nhwc %x, %w {window} : {x}, {wt} -> {y} {{",
                 f"  ^bb0(%acc: {acc}):", f"    bolt.yield %acc : {acc}", "  }"]
        result = "%y"
        if epilogue != "plain":
            lines += [f"  %b = {hex_constant(rng.standard_normal(f), (f,), dtype)}",
                      f"  %s = bolt.ew.add %y, %b : {y}, {bias_t} -> {y}"]
            result = "%s"
        if epilogue == "bias_residual_relu":
            lines.append(f"  %t = bolt.ew.add %s, %res : {y}, {y} -> {y}")
            result = "%t"
        if epilogue != "plain":
            lines.append(f"  %a = bolt.ew.relu {result} : {y} -> {y}")
            result = "%a"
        return "\n".join([*lines, f"  func.return {result} : {y}", "}"])
    extras = [] if epilogue == "plain" else [bias_t]
    if epilogue == "bias_residual_relu":
        extras.append(res_t)
    body, result = [], "%acc"
    if extras:
        body += [f"%b = bolt.ew.cast %x0 : {extras[0]} -> {vec}",
                 f"%s = bolt.ew.add %acc, %b : {acc}, {vec} -> {acc}"]
        result = "%s"
    if len(extras) == 2:
        body += [f"%r = bolt.ew.cast %x1 : {extras[1]} -> {acc}",
                 f"%t = bolt.ew.add %s, %r : {acc}, {acc} -> {acc}"]
        result = "%t"
    if extras:
        body.append(f"%a = bolt.ew.relu {result} : {acc} -> {acc}")
        result = "%a"
    args = ", ".join([f"%x: {x}", f"%w: {wt}", *(f"%e{i}: {t}" for i, t in enumerate(extras))])
    ext = f" extras({', '.join(f'%e{i}' for i in range(len(extras)))} : {', '.join(extras)})" if extras else ""
    block = ", ".join([f"%acc: {acc}", *(f"%x{i}: {t}" for i, t in enumerate(extras))])
    return "\n".join([
        f"func.func @main({args}) -> {y} {{",
        f"  %y = bolt.conv2d nhwc %x, %w{ext} {window} : {x}, {wt} -> {y} {{",
        f"  ^bb0({block}):", *(f"    {line}" for line in body), f"    bolt.yield {result} : {acc}", "  }",
        f"  func.return %y : {y}", "}",
    ])


def kernel(tile, cluster=(1, 1, 1), stages=4, schedule="warpspecialized") -> str:
    return (f'#bolt.kernel<"conv_sm90", tile [{", ".join(map(str, tile))}], '
            f'cluster [{", ".join(map(str, cluster))}], stages {stages}, "{schedule}">')


def cooperative(tile=(128, 128, 64), cluster=(1, 1, 1), stages="auto") -> str:
    """The persistent cooperative schedule (boltc/conv_sm90_cooperative_kernel.hpp)."""
    return kernel(tile, cluster, stages, schedule="cooperative")


def random_inputs(model, c_r_s: int, seed: int, filter_input: bool) -> list[np.ndarray]:
    """x, residual, bias ~ N(0, 1); a filter input ~ N(0, 1/(C*R*S)): every output is O(1)."""
    rng = np.random.default_rng(seed)
    arrays = []
    for i, spec in enumerate(model.inputs):
        values = rng.standard_normal(spec.shape) / (np.sqrt(c_r_s) if filter_input and i == 1 else 1.0)
        if spec.dtype == "bf16":
            bits = values.astype(np.float32).view(np.uint32) & 0xFFFF0000
            arrays.append(bits.view(np.float32))
        else:
            arrays.append(values.astype(np.float16 if spec.dtype == "f16" else np.float32))
    return arrays


def optimized(text: str):
    """The IR the kernels run: the source after the graph passes (padded, fused)."""
    from boltc.compiler import optimize
    from boltc.frontends import load

    return optimize(load(text))


# name: (n, h, w, c, f, r, s, options)
CASES = {
    "1x1_s1": (2, 14, 14, 64, 64, 1, 1, {}),
    "1x1_s2_plain_f32": (2, 14, 14, 32, 64, 1, 1, dict(stride=(2, 2), epilogue="plain", out="f32")),
    "3x3_s1_pad1": (2, 16, 16, 32, 64, 3, 3, dict(padding=(1, 1, 1, 1))),
    "3x3_s2_pad1_residual": (2, 16, 16, 64, 64, 3, 3, dict(stride=(2, 2), padding=(1, 1, 1, 1),
                                                         epilogue="bias_residual_relu")),
    "3x3_s1_nopad_plain": (2, 10, 12, 16, 32, 3, 3, dict(epilogue="plain")),
    "3x3_asymmetric_pad_strides": (2, 15, 17, 24, 40, 3, 3, dict(stride=(2, 1), padding=(1, 0, 2, 1))),
    "3x3_dilation2": (2, 12, 12, 16, 16, 3, 3, dict(padding=(2, 2, 2, 2), dilation=(2, 2))),
    "3x3_residual_f32_out": (2, 8, 8, 32, 32, 3, 3, dict(padding=(1, 1, 1, 1), epilogue="bias_residual_relu",
                                                       out="f32")),
    "3x3_bf16": (2, 16, 16, 32, 32, 3, 3, dict(padding=(1, 1, 1, 1), dtype="bf16", out="bf16")),
    # Odd channel counts. C=3 and C=13 as they are (filter inputs are not padded by the
    # pipeline): the kernel pads C to 8 in its workspace.
    "7x7_s2_pad3_image_c3": (2, 32, 32, 3, 64, 7, 7, dict(stride=(2, 2), padding=(3, 3, 3, 3))),
    "3x3_c13_residual": (2, 8, 8, 13, 16, 3, 3, dict(padding=(1, 1, 1, 1), epilogue="bias_residual_relu")),
    # Constant weights: pad-alignment pads C and F (F=5, 21 -> 8, 24) and slices the result.
    "5x5_c5_f5_constant": (2, 9, 11, 5, 5, 5, 5, dict(padding=(2, 2, 2, 2), weights="constant")),
    "3x3_c13_f21_residual_constant": (2, 8, 8, 13, 21, 3, 3, dict(padding=(1, 1, 1, 1), weights="constant",
                                                                epilogue="bias_residual_relu")),
    "7x7_s2_image_c3_constant": (2, 32, 32, 3, 16, 7, 7, dict(stride=(2, 2), padding=(3, 3, 3, 3),
                                                            weights="constant")),
    # Forced configurations: the 128-row tiles and a 2x1 cluster (TMA im2col multicast).
    "3x3_tile128x128": (4, 28, 28, 128, 128, 3, 3, dict(padding=(1, 1, 1, 1), kernel=kernel((128, 128, 64)))),
    "3x3_tile128x64_cluster2x1": (4, 28, 28, 64, 64, 3, 3, dict(padding=(1, 1, 1, 1),
                                                              kernel=kernel((128, 64, 64), (2, 1, 1)))),
}


# The cooperative schedule (persistent, two consumer warpgroups) forced on ResNet-50's
# 3x3 layers (batch 8 to keep the numpy reference quick; the tile walk is the same at 32):
# stride 1 and 2, bias + ReLU and bias + residual + ReLU, 128- and 256-row tiles, a cluster.
COOPERATIVE_CASES = {
    "coop_3x3_s1_14x14x256": (8, 14, 14, 256, 256, 3, 3, dict(padding=(1, 1, 1, 1), kernel=cooperative())),
    "coop_3x3_s1_28x28x128_residual": (8, 28, 28, 128, 128, 3, 3, dict(padding=(1, 1, 1, 1),
                                                                       epilogue="bias_residual_relu",
                                                                       kernel=cooperative())),
    "coop_3x3_s2_28x28x256_residual": (8, 28, 28, 256, 256, 3, 3, dict(stride=(2, 2), padding=(1, 1, 1, 1),
                                                                       epilogue="bias_residual_relu",
                                                                       kernel=cooperative())),
    "coop_3x3_s1_56x56x64_tile256x64": (8, 56, 56, 64, 64, 3, 3, dict(padding=(1, 1, 1, 1),
                                                                      kernel=cooperative((256, 64, 64)))),
    "coop_3x3_s2_56x56x128_cluster2x1": (8, 56, 56, 128, 128, 3, 3, dict(stride=(2, 2), padding=(1, 1, 1, 1),
                                                                         kernel=cooperative(cluster=(2, 1, 1)))),
    "coop_3x3_s1_7x7x512_tile128x256_residual": (8, 7, 7, 512, 512, 3, 3, dict(padding=(1, 1, 1, 1),
                                                                               epilogue="bias_residual_relu",
                                                                               kernel=cooperative((128, 256, 64),
                                                                                                  stages=3))),
}


@pytest.mark.parametrize("name", list(CASES))
def test_conv_matches_the_reference(name, tmp_path):
    _check_against_the_reference(name, CASES[name], tmp_path)


@pytest.mark.parametrize("name", list(COOPERATIVE_CASES))
def test_cooperative_conv_matches_the_reference(name, tmp_path):
    """The cooperative schedule's first runs: the same checks as the default's."""
    _check_against_the_reference(name, COOPERATIVE_CASES[name], tmp_path)


def _check_against_the_reference(name, case, tmp_path):
    n, h, w, c, f, r, s, options = case
    text = conv_model(n, h, w, c, f, r, s, **options)
    model = boltc.compile(text, output=tmp_path / f"{name}.so")
    assert model.kernels.count("conv_sm90") == 1, model.kernels  # no fallback
    inputs = random_inputs(model, c * r * s, seed=len(name), filter_input=options.get("weights") != "constant")
    got = np.asarray(model(*inputs), np.float64)
    out = options.get("out", "f16")
    # What the kernel computes (the optimized IR: padded, fused) up to summation order ...
    np.testing.assert_allclose(got, boltc.interpret(optimized(text), *inputs)[0], **TOLERANCE[out])
    # ... and the source: unfused, its epilogue rounds the convolution to f16 before adding the
    # bias (half an f16 step of |acc| <= ~8 is 4e-3) where the fused kernel adds in fp32.
    loose = TOLERANCE[out] if options.get("weights") != "constant" else dict(rtol=8e-3, atol=8e-3)
    np.testing.assert_allclose(got, boltc.interpret(text, *inputs)[0], **loose)


def test_one_model_reuses_its_kernels_across_calls_and_graph_replay(tmp_path):
    text = conv_model(2, 16, 16, 3, 16, 3, 3, padding=(1, 1, 1, 1))  # channel padding in the workspace
    model = boltc.compile(text, output=tmp_path / "replay.so")
    a, b = (random_inputs(model, 27, seed=seed, filter_input=True) for seed in (1, 2))
    first = model(*a)
    graph = model.capture_graph(*b)
    np.testing.assert_array_equal(graph.replay(*b), model(*b))
    np.testing.assert_array_equal(model(*a), first)  # deterministic: same bits
    np.testing.assert_allclose(np.asarray(first, np.float64), boltc.interpret(text, *a)[0].astype(np.float64),
                               **TOLERANCE["f16"])


# ---- the test/data models end to end ---------------------------------------------------------

MODELS = {
    # model: (conv_sm90 launches, tolerance against torch's fp32 output in the .npz)
    # The f16 pipeline rounds inputs, folded weights and every intermediate activation to f16
    # (2^-11 relative each); the numpy reference of that f16 IR is 2.6e-3 from torch at most
    # (resnet_block, outputs up to 5.1; measured on the CPU), 1e-2 leaves room for the kernels. Against the reference executor run on the same
    # optimized (f16) IR, only fp32 summation order and one f16 step per stored tensor differ.
    "resnet_block.mlir": (3, dict(rtol=1e-2, atol=1e-2)),
    "small_cnn.mlir": (2, dict(rtol=1e-2, atol=1e-2)),
    "ops/conv2d_nchw.mlir": (1, dict(rtol=1e-2, atol=1e-2)),
    "ops/conv2d_dilated.mlir": (1, dict(rtol=1e-2, atol=1e-2)),
}


@pytest.mark.parametrize("path", list(MODELS))
def test_data_models_end_to_end(path, tmp_path):
    convs, tolerance = MODELS[path]
    model = boltc.compile(str(DATA / path), output=tmp_path / "model.so")
    assert model.kernels.count("conv_sm90") == convs, model.kernels
    data = np.load(DATA / path.replace(".mlir", ".npz"))
    inputs = [data[f"input{i}"] for i in range(len(model.inputs))]
    got = np.asarray(model(*inputs), np.float64)
    np.testing.assert_allclose(got, data["output0"], **tolerance)
    # The IR the kernels run (f16 inside): summation order, and one f16 step of a stored
    # intermediate moving the next layer's sums by about that step again.
    np.testing.assert_allclose(got, boltc.interpret(optimized(str(DATA / path)), *inputs)[0], rtol=5e-3, atol=5e-3)


# ---- a timing, for the record (no assertion on speed) ------------------------------------------


@needs_torch
@pytest.mark.parametrize("h, c", [(56, 64), (28, 128), (14, 256), (7, 512)])
def test_resnet50_3x3_layer_timing_against_cudnn(h, c, tmp_path):
    """ResNet-50's 3x3 layers at batch 32 (bolt_paper.json, conv3x3_resnet50), bias + ReLU
    fused, the heuristic's configuration, against torch's cuDNN (channels_last f16, cudnn
    autotuning on) in the same process. Both sides are CUDA graphs replayed 100 times between
    two events (no L2 flush: bolt_paper.json's back-to-back column), median of 5: what the GPU
    spends, without Python or launch overhead. Prints; asserts only the numerics."""
    import torch

    n, f = 32, c
    text = conv_model(n, h, h, c, f, 3, 3, padding=(1, 1, 1, 1))
    model = boltc.compile(text, output=tmp_path / "layer.so")
    x = torch.randn(n, h, h, c, device="cuda", dtype=torch.half)
    weight = torch.randn(f, 3, 3, c, device="cuda", dtype=torch.half) / (9 * c) ** 0.5
    bias = torch.randn(f, device="cuda", dtype=torch.half)
    x_nchw, w_nchw = x.permute(0, 3, 1, 2), weight.permute(0, 3, 1, 2)  # channels_last views

    torch.backends.cudnn.benchmark = True
    peers = {
        "cuDNN conv+bias+relu": lambda: torch.relu(torch.nn.functional.conv2d(x_nchw, w_nchw, bias, padding=1)),
        "cuDNN conv alone": lambda: torch.nn.functional.conv2d(x_nchw, w_nchw, padding=1),
    }
    reference = peers["cuDNN conv+bias+relu"]().permute(0, 2, 3, 1).float()
    graph = model.capture_graph(x, weight, bias)
    torch.testing.assert_close(graph.replay().float(), reference, rtol=2e-3, atol=2e-3)

    ours = per_call_us(graph.replay)
    timings = {name: per_call_us(torch_graph(fn)) for name, fn in peers.items()}
    flops = 2 * n * h * h * f * 9 * c
    from boltc.tuning.heuristic import choose_conv_sm90

    tile = "x".join(map(str, choose_conv_sm90(n * h * h, f, 9 * c).tile))
    print(f"\nconv3x3 N={n} {h}x{h}x{c}->{f} +bias+relu, conv_sm90 tile {tile}: "
          f"boltc {ours:.1f} us ({flops / ours / 1e6:.0f} TFLOP/s); "
          + "; ".join(f"{name} {t:.1f} us (x{t / ours:.2f} of boltc's time)" for name, t in timings.items()))


@needs_torch
@pytest.mark.parametrize("h, c, stride", [(56, 64, 1), (28, 128, 1), (14, 256, 1), (7, 512, 1), (56, 128, 2),
                                          (28, 256, 2)])
def test_resnet50_3x3_cooperative_timing_against_warpspecialized(h, c, stride, tmp_path):
    """ResNet-50's 3x3 layers at batch 32 with bias + ReLU: the cooperative schedule
    (the tiles listed) against the warpspecialized one (the heuristic's
    tile, and 128x128), all checked against cuDNN, then timed as CUDA graphs (per_call_us, as
    test_resnet50_3x3_layer_timing_against_cudnn). Prints; asserts only the numerics."""
    import torch

    from boltc.tuning.heuristic import choose_conv_sm90

    n, f = 32, c
    x = torch.randn(n, h, h, c, device="cuda", dtype=torch.half)
    weight = torch.randn(f, 3, 3, c, device="cuda", dtype=torch.half) / (9 * c) ** 0.5
    bias = torch.randn(f, device="cuda", dtype=torch.half)
    reference = torch.relu(torch.nn.functional.conv2d(x.permute(0, 3, 1, 2), weight.permute(0, 3, 1, 2), bias,
                                                      stride=stride, padding=1)).permute(0, 2, 3, 1).float()
    p = (h + 2 - 3) // stride + 1
    heuristic = choose_conv_sm90(n * p * p, f, 9 * c)
    configs = {
        f"{heuristic.schedule} {'x'.join(map(str, heuristic.tile))} (heuristic)": None,
        "warpspecialized 128x128x64": kernel((128, 128, 64), stages="auto"),
        "cooperative 128x128x64": cooperative((128, 128, 64)),
        "cooperative 128x64x64": cooperative((128, 64, 64)),
        "cooperative 256x128x64": cooperative((256, 128, 64)),
        "cooperative 128x256x64": cooperative((128, 256, 64)),
    }
    times = {}
    for label, attr in configs.items():
        text = conv_model(n, h, h, c, f, 3, 3, stride=(stride, stride), padding=(1, 1, 1, 1), kernel=attr)
        model = boltc.compile(text, output=tmp_path / f"layer{len(times)}.so")
        assert model.kernels.count("conv_sm90") == 1, model.kernels
        graph = model.capture_graph(x, weight, bias)
        torch.testing.assert_close(graph.replay().float(), reference, rtol=2e-3, atol=2e-3)
        times[label] = per_call_us(graph.replay)
    base = next(iter(times.values()))
    flops = 2 * n * p * p * f * 9 * c
    print(f"\nconv3x3 N={n} {h}x{h}x{c}->{f} stride {stride} +bias+relu: "
          + "; ".join(f"{label} {t:.1f} us ({flops / t / 1e6:.0f} TFLOP/s, x{t / base:.2f})"
                      for label, t in times.items()))
