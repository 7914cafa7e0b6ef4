"""sm_90a GEMMs through boltc.compile against torch: aligned and unaligned shapes, every
epilogue op alone and in trees, a residual, and the test/data GEMM models end to end."""

from __future__ import annotations

import numpy as np
import pytest

import boltc
from gpu_helpers import DATA, has_cuda_gpu, has_torch_cuda, reference

pytestmark = [
    pytest.mark.gpu,
    pytest.mark.skipif(not (has_cuda_gpu() and has_torch_cuda()), reason="needs a GPU and torch"),
]


def t(*shape: int, dtype: str = "f16") -> str:
    return "tensor<" + "x".join(map(str, shape)) + f"x{dtype}>"


def linear_model(m: int, n: int, k: int, epilogue: list[str], residual: bool = False) -> str:
    """out = epilogue(A @ B + bias [+ R]) in bolt IR, A [M, K], B [K, N], bias [N] inputs."""
    args = [f"%a: {t(m, k)}", f"%b: {t(k, n)}", f"%bias: {t(n)}"] + ([f"%r: {t(m, n)}"] if residual else [])
    body = [
        f"  %d = bolt.gemm %a, %b : {t(m, k)}, {t(k, n)} -> {t(m, n)} {{",
        f"  ^bb0(%acc: {t(m, n, dtype='f32')}):",
        f"    bolt.yield %acc : {t(m, n, dtype='f32')}",
        "  }",
        f"  %row = bolt.reshape %bias : {t(n)} -> {t(1, n)}",
        f"  %v0 = bolt.ew.add %d, %row : {t(m, n)}, {t(1, n)} -> {t(m, n)}",
    ]
    value = "%v0"
    if residual:
        body.append(f"  %v1 = bolt.ew.add {value}, %r : {t(m, n)}, {t(m, n)} -> {t(m, n)}")
        value = "%v1"
    for i, op in enumerate(epilogue):  # each op a format string over its operand {x}
        body.append(f"  %e{i} = {op.format(x=value)} : {t(m, n)} -> {t(m, n)}")
        value = f"%e{i}"
    return (f"func.func @main({', '.join(args)}) -> {t(m, n)} {{\n" + "\n".join(body)
            + f"\n  func.return {value} : {t(m, n)}\n}}\n")


ACTIVATIONS = {
    "relu": "bolt.ew.relu {x}",
    "gelu_erf": "bolt.ew.gelu erf {x}",
    "gelu_tanh": "bolt.ew.gelu tanh {x}",
    "sigmoid": "bolt.ew.sigmoid {x}",
    "silu": "bolt.ew.silu {x}",
    "hardswish": "bolt.ew.hardswish {x}",
    "softplus": "bolt.ew.softplus {x}",
    "tanh": "bolt.ew.tanh {x}",
    "clamp": "bolt.ew.clamp {x} min -5.000000e-01 max 5.000000e-01",
}


def _op(name: str) -> str:
    return ACTIVATIONS[name]


def _run(text: str, m: int, n: int, k: int, residual: bool = False):
    import torch

    gen = torch.Generator(device="cuda").manual_seed(0)
    a = torch.randn(m, k, device="cuda", dtype=torch.half, generator=gen)
    b = (torch.randn(k, n, device="cuda", generator=gen) / k**0.5).half()
    bias = torch.randn(n, device="cuda", dtype=torch.half, generator=gen)
    inputs = [a, b, bias] + ([torch.randn(m, n, device="cuda", dtype=torch.half, generator=gen)] if residual else [])
    model = boltc.compile(text)
    got = model(*inputs)
    # The oracle: the reference executor on the same IR, fp32 accumulation, from the same data.
    (expected,) = reference(text, *(x.cpu().numpy() for x in inputs))
    assert any("gemm_sm90" in kernel for kernel in model.kernels), model.kernels  # no fallback
    return got.float().cpu().numpy(), expected.astype(np.float32)


@pytest.mark.parametrize("m,n,k", [(128, 128, 64), (1280, 3072, 768), (1000, 48, 176), (77, 40, 24)])
def test_bias_relu_shapes(m, n, k):
    got, expected = _run(linear_model(m, n, k, [_op("relu")]), m, n, k)
    # One fp16 rounding of D (2^-11 relative) over an fp32 K-sum in another order; |D| ~ 1.
    np.testing.assert_allclose(got, expected, rtol=2e-3, atol=2e-3)


@pytest.mark.parametrize("activation", sorted(ACTIVATIONS))
def test_every_activation_in_the_epilogue(activation):
    m, n, k = 256, 128, 64
    got, expected = _run(linear_model(m, n, k, [_op(activation)]), m, n, k)
    np.testing.assert_allclose(got, expected, rtol=2e-3, atol=2e-3)


def test_epilogue_tree_with_residual():
    m, n, k = 512, 256, 128
    text = linear_model(m, n, k, [_op("gelu_erf"), _op("clamp")], residual=True)
    got, expected = _run(text, m, n, k, residual=True)
    np.testing.assert_allclose(got, expected, rtol=2e-3, atol=2e-3)


@pytest.mark.parametrize("name", ["linear", "matmul", "linear_f16", "mlp_gelu", "b2b_gemm"])
def test_gemm_models_match_torch(name):
    path = DATA / ("ops" if name in ("linear", "matmul", "linear_f16") else "") / f"{name}.mlir"
    saved = np.load(path.with_suffix(".npz"))
    inputs = [saved[k] for k in sorted(saved.files) if k.startswith("input")]
    expected = [saved[k] for k in sorted(saved.files) if k.startswith("output")]
    model = boltc.compile(str(path))
    feed = [x.astype(np.float16) if spec.dtype == "f16" else x for x, spec in zip(inputs, model.inputs)]
    got = model(*feed)
    got = got if isinstance(got, (list, tuple)) else [got]
    for g, e in zip(got, expected):
        # f16 compute from f32 torch: inputs and weights rounded to f16 (2^-11) and each layer's
        # output stored in f16; through <= 3 layers of K <= 64 that stays within 1% of the scale.
        scale = float(np.max(np.abs(e)))
        assert float(np.max(np.abs(np.asarray(g, np.float32) - e))) <= 1e-2 * scale


# ---- bias rows fetched by the epilogue load warp (evt.py, Sm90RowBroadcastPrefetch) ----------

def _sm90_kernel(tile, schedule: str, cluster=(1, 1, 1), stages: int = 4) -> str:
    return (f'#bolt.kernel<"gemm_sm90", tile [{", ".join(map(str, tile))}], '
            f'cluster [{", ".join(map(str, cluster))}], stages {stages}, "{schedule}">')


def _check_against_interpreter(text: str, k: int) -> None:
    from test_gemm_sm80 import F16, inputs_for

    model = boltc.compile(text)
    assert model.kernels == ["gemm_sm90"], model.kernels
    inputs = inputs_for(model, k, seed=k)
    got = np.asarray(model(*inputs), np.float64)
    (expected,) = boltc.interpret(text, *inputs)
    np.testing.assert_allclose(got, np.asarray(expected, np.float64), **F16)


@pytest.mark.parametrize("schedule,tile,cluster", [
    ("cooperative", (128, 256, 64), (2, 1, 1)),  # 16 x 9 = 144 tiles on 132 SMs
    ("cooperative", (128, 192, 64), (2, 1, 1)),  # 16 x 12 = 192 tiles; 128x64 subtiles, 3 per row
    ("pingpong", (64, 128, 64), (1, 1, 1)),      # 32 x 17 = 544 tiles: ~4 per persistent CTA
])
def test_bias_rows_prefetched_across_tiles_of_one_cta(schedule, tile, cluster):
    """More tiles than SMs: a persistent CTA runs several tiles, and its load warp fetches the
    next tile's bias row into the other buffer while the epilogue still reads the current one;
    N = 2120 leaves a last tile column of 72 (or 72 of 128) values."""
    from test_gemm_sm80 import gemm_model

    m, n, k = 2048, 2120, 64
    text = gemm_model(m, n, k, ("gelu_erf",), kernel=_sm90_kernel(tile, schedule, cluster))
    _check_against_interpreter(text, k)


@pytest.mark.parametrize("per_batch", [True, False])
def test_batched_bias_rows(per_batch):
    """A bias per batch ([B, 1, N]: the row's batch stride is N) or shared ([N]: stride 0)."""
    from test_gemm_sm80 import gemm_model

    b, m, n, k = 3, 256, 192, 64
    text = gemm_model(m, n, k, ("relu",), batch=b)
    if per_batch:  # the shared [N] bias of gemm_model, made one row per batch
        text = text.replace(f"%y0: {t(n)}", f"%y0: {t(b, 1, n)}").replace(f"%y0 : {t(n)}", f"%y0 : {t(b, 1, n)}")
        text = text.replace(f"%x0: {t(n)}", f"%x0: {t(b, 1, n)}")
        text = text.replace(f"%b32 = bolt.ew.cast %x0 : {t(n)} -> {t(n, dtype='f32')}",
                            f"%b32 = bolt.ew.cast %x0 : {t(b, 1, n)} -> {t(b, 1, n, dtype='f32')}")
        text = text.replace(f"{t(b, m, n, dtype='f32')}, {t(n, dtype='f32')} ->",
                            f"{t(b, m, n, dtype='f32')}, {t(b, 1, n, dtype='f32')} ->")
        assert text.count(t(b, 1, n)) == 4, text
    _check_against_interpreter(text, k)


@pytest.mark.parametrize("tile,splits,residual", [((128, 128, 64), 2, False), ((128, 256, 64), 3, False),
                                                  ((256, 128, 64), 4, False), ((128, 128, 64), 2, True)])
def test_split_k_schedule_matches(tile, splits, residual):
    """Split-K in 2-4 parts fixed at compile time (the stream-K scheduler's `splits`; the
    partial fp32 tiles reduced through the workspace), with a fused bias + ReLU (and a
    residual read by the epilogue's TMA load, which only the tile's last part runs), on the
    paper's K-heavy shape of too few tiles for the SMs."""
    from test_gemm_sm80 import gemm_model

    m, n, k = 1280, 768, 3072
    text = gemm_model(m, n, k, ("relu",), residual=residual,
                      kernel=_sm90_kernel(tile, f"cooperative_splitk {splits}"))
    _check_against_interpreter(text, k)


def test_swizzled_tile_schedule_matches():
    """The cooperative kernel with CUTLASS's persistent tile scheduler swizzling in bands of 8
    (`"cooperative swizzle 8"`: max_swizzle_size), on a shape of several waves whose tile grid
    (24 x 9 of 128x256) the scheduler rounds up to whole bands (24 x 16): the extra tiles are
    masked and must write nothing, each real tile exactly once."""
    from test_gemm_sm80 import gemm_model

    m, n, k = 3000, 2120, 256
    text = gemm_model(m, n, k, ("relu",), kernel=_sm90_kernel((128, 256, 64), "cooperative swizzle 8", (2, 1, 1)))
    _check_against_interpreter(text, k)


@pytest.mark.parametrize("cluster", [(2, 2, 1), (2, 4, 1)])
def test_clusters_of_four_and_eight_matches(cluster):
    """Clusters of 4 and 8 CTAs (A multicast along N, B along M), the persistent grid sized by
    cudaOccupancyMaxActiveClusters (boltc::KernelAdapter): 1280x768 in 128x64 tiles is 120
    tiles in 30 or 15 clusters, one round where the GPCs hold them; every tile written once."""
    from test_gemm_sm80 import gemm_model

    m, n, k = 1280, 768, 3072
    text = gemm_model(m, n, k, ("relu",), kernel=_sm90_kernel((128, 64, 64), "cooperative", cluster))
    _check_against_interpreter(text, k)


def test_stream_k_past_one_wave_matches():
    """Stream-K past one wave: 196 tiles of 128x128 on at most 132 SMs leave a last wave under
    half full, where CUTLASS's scheduler spreads the k-blocks of every tile over one wave of
    units (ResNet-50's 14x14x1024->512 as a GEMM; on a GPU of fewer SMs the split differs, the
    sums must not): tiles shared by two units reduce their partials through the workspace."""
    from test_gemm_sm80 import gemm_model

    m, n, k = 6272, 512, 1024
    text = gemm_model(m, n, k, ("relu",), kernel=_sm90_kernel((128, 128, 64), "cooperative_streamk"))
    _check_against_interpreter(text, k)


def test_stream_k_schedule_matches():
    """The cooperative kernel under CUTLASS's stream-K scheduler (partial K sums through the
    workspace), with a fused bias + ReLU, on a K-heavy shape with few tiles."""
    from test_gemm_sm80 import gemm_model

    m, n, k = 1280, 768, 3072
    text = gemm_model(m, n, k, ("relu",), kernel=_sm90_kernel((128, 128, 64), "cooperative_streamk"))
    _check_against_interpreter(text, k)


@pytest.mark.parametrize("tile,schedule,transpose_b", [
    ((64, 112, 64), "pingpong", True), ((128, 224, 64), "cooperative", True), ((64, 240, 64), "pingpong", False),
])
def test_tile_widths_of_the_extended_wgmma_shapes_match(tile, schedule, transpose_b):
    """A tile N outside CUTLASS's base WGMMA sizes (cpp.py EXTENDED_GMMA_DEFINE: one m64n112,
    m64n224 or m64n240 instruction per k-step), B K-major as conv-as-gemm hands a 1x1 filter
    over and N-major (a 32-byte swizzle for B at N = 240), on ragged sizes: the last tile
    column partly masked. Profiled on the H200 (bench/RESULTS.md 2026-11-30 04:25), where
    profile_space checked each against torch; this holds it to the interpreter."""
    from test_gemm_sm80 import gemm_model

    m, n, k = 1000, 3 * tile[1] - 40, 512
    text = gemm_model(m, n, k, ("relu",), transpose_b=transpose_b, kernel=_sm90_kernel(tile, schedule, stages=4))
    _check_against_interpreter(text, k)
