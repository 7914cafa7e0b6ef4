"""gemm_sm80 on the GPU: bolt.gemm through boltc.compile with the CUTLASS 2.x family, against the
numpy reference executor, on both ways it runs on a Hopper GPU:

- `arch="sm_80"`: the whole model.so is built for sm_80 (cubin + PTX) and the driver JIT-compiles
  its PTX for the H100 (an sm_80 cubin cannot run there);
- `arch="sm_90a"` with `#bolt.kernel<"gemm_sm80", ...>` on the op: the CUTLASS 2.x kernel built
  for sm_90a, the fallback and comparison beside gemm_sm90.

Every test asserts the family that ran (a silent fallback to gemm_sm90 would pass the numerics).

    python -m pytest -m gpu test/gpu/test_gemm_sm80.py -q

Models are single bolt.gemm ops whose epilogue is already fused and whose operands (A, B, bias,
residual) are inputs, so the configuration under test is exactly the one lowered.

Tolerances (f16 results): the kernel accumulates in fp32 like the reference (another summation
order: ~1e-6 relative on O(1) sums over K <= 768) and rounds once to f16; the two can land on
either side of one f16 rounding boundary: 2^-10 relative. rtol = atol = 2e-3 allows that step
(atol for results near 0). Activations are computed in float by CUTLASS's functors (GELU_taylor
uses tanh.approx, absolute error < 2^-10.9, within the same bound after the f16 rounding).
"""

from __future__ import annotations

import numpy as np
import pytest

import boltc
from gpu_helpers import has_cuda_gpu

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not has_cuda_gpu(), reason="needs a CUDA GPU")]

F16 = dict(rtol=2e-3, atol=2e-3)


def t(*shape: int, dtype: str = "f16") -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + f"{dtype}>"


ACTIVATIONS = {
    "relu": "bolt.ew.relu {x} : {acc} -> {acc}",
    "gelu_erf": "bolt.ew.gelu erf {x} : {acc} -> {acc}",
    "gelu_tanh": "bolt.ew.gelu tanh {x} : {acc} -> {acc}",
    "silu": "bolt.ew.silu {x} : {acc} -> {acc}",
    "hardswish": "bolt.ew.hardswish {x} : {acc} -> {acc}",
    "softplus": "bolt.ew.softplus {x} : {acc} -> {acc}",
    "clamp": "bolt.ew.clamp {x} min -5.000000e-01 max 5.000000e-01 : {acc} -> {acc}",
}


def gemm_model(m: int, n: int, k: int, activations=("relu",), *, residual: bool = False, bias: bool = True,
               transpose_b: bool = True, batch: int | None = None, kernel: str | None = None,
               transpose_a: bool = False, shared_rhs: bool = False) -> str:
    """@main(a, b, [bias], [residual]) = act(...(a @ b [+ bias] [+ residual])), fused in one
    bolt.gemm; b is N x K (a Linear's weight) when transpose_b, a is K x M when transpose_a, and
    a 2-D b is shared by every batch when shared_rhs."""
    lead = (batch,) if batch else ()
    a = t(*lead, *((k, m) if transpose_a else (m, k)))
    b = t(*(() if shared_rhs else lead), *((n, k) if transpose_b else (k, n)))
    d, acc, vec = t(*lead, m, n), t(*lead, m, n, dtype="f32"), t(n, dtype="f32")
    extras = ([t(n)] if bias else []) + ([d] if residual else [])
    body, value = [], "%acc"
    if bias:
        body += [f"%b32 = bolt.ew.cast %x0 : {t(n)} -> {vec}", f"%s = bolt.ew.add %acc, %b32 : {acc}, {vec} -> {acc}"]
        value = "%s"
    if residual:
        r = f"%x{len(extras) - 1}"
        body += [f"%r32 = bolt.ew.cast {r} : {d} -> {acc}", f"%t = bolt.ew.add {value}, %r32 : {acc}, {acc} -> {acc}"]
        value = "%t"
    for i, name in enumerate(activations):
        body.append(f"%e{i} = " + ACTIVATIONS[name].format(x=value, acc=acc))
        value = f"%e{i}"
    attrs = (["transpose_a"] if transpose_a else []) + (["transpose_b"] if transpose_b else [])
    if kernel:
        attrs.append(f"kernel = {kernel}")
    attr_text = f" {{{', '.join(attrs)}}}" if attrs else ""
    ext = f" extras({', '.join(f'%y{i}' for i in range(len(extras)))} : {', '.join(extras)})" if extras else ""
    args = ", ".join([f"%a: {a}", f"%b: {b}", *(f"%y{i}: {x}" for i, x in enumerate(extras))])
    block = ", ".join([f"%acc: {acc}", *(f"%x{i}: {x}" for i, x in enumerate(extras))])
    return "\n".join([
        f"func.func @main({args}) -> {d} {{",
        f"  %d = bolt.gemm %a, %b{ext}{attr_text} : {a}, {b} -> {d} {{",
        f"  ^bb0({block}):", *(f"    {line}" for line in body), f"    bolt.yield {value} : {acc}", "  }",
        f"  func.return %d : {d}", "}",
    ])


def sm80_kernel(tile, warp, stages) -> str:
    from boltc.tuning.heuristic_sm80 import schedule_name

    return (f'#bolt.kernel<"gemm_sm80", tile [{", ".join(map(str, tile))}], cluster [1, 1, 1], '
            f'stages {stages}, "{schedule_name(tuple(warp))}">')


def heuristic_kernel(m: int, n: int, k: int, batch: int = 1) -> str:
    """The configuration the heuristic picks for the H100, as the #bolt.kernel that forces it."""
    from boltc.tuning.heuristic_sm80 import choose_gemm_sm80

    choice = choose_gemm_sm80(m, n, k, "f16", "sm_90a", batch=batch)
    return sm80_kernel(choice.tile, choice.warp, choice.stages)


def inputs_for(model, k: int, seed: int) -> list[np.ndarray]:
    """A ~ N(0, 1), B ~ N(0, 1/K) (each sum is O(1)), bias and residual ~ N(0, 1); f16."""
    rng = np.random.default_rng(seed)
    return [(rng.standard_normal(s.shape) / (np.sqrt(k) if i == 1 else 1.0)).astype(np.float16)
            for i, s in enumerate(model.inputs)]


def run_and_check(text: str, k: int, arch: str, tmp_path, name: str) -> None:
    model = boltc.compile(text, arch=arch, output=tmp_path / f"{name}.so")
    assert model.kernels == ["gemm_sm80"], model.kernels  # the CUTLASS 2.x family, and only it
    inputs = inputs_for(model, k, seed=len(name))
    got = np.asarray(model(*inputs), np.float64)
    (expected,) = boltc.interpret(text, *inputs)
    np.testing.assert_allclose(got, np.asarray(expected, np.float64), **F16)


# ---- arch="sm_80": the model.so for sm_80, JIT-compiled from PTX on the H100 ------------------

SM80_CASES = {
    # name: (m, n, k, gemm_model options)
    "bias_relu_128": (128, 128, 64, {}),
    "bias_relu_1000x48x176": (1000, 48, 176, {}),
    # N = 41: D stored one element at a time, still with the fused epilogue (sm_90a refuses an
    # EVT on rows that are not 16-byte aligned); K = 26: A and B read 2 elements (4 bytes) at a time.
    "bias_relu_odd_n_77x41x26": (77, 41, 26, {}),
    "bias_residual_gelu_clamp": (512, 256, 128, dict(activations=("gelu_erf", "clamp"), residual=True)),
    "plain_row_major_b": (300, 200, 96, dict(activations=(), bias=False, transpose_b=False)),
    "batched_bias_relu": (96, 64, 80, dict(batch=3)),
    # A transposed batched lhs times a 2-D rhs shared by every batch: batched with B's stride 0
    # (gemm_sm90 has no strided form for it and refuses).
    "batched_transposed_lhs_shared_rhs": (96, 64, 80, dict(batch=3, transpose_a=True, shared_rhs=True)),
    **{f"bias_{name}": (256, 128, 64, dict(activations=(name,)))
       for name in ("gelu_erf", "gelu_tanh", "silu", "hardswish", "softplus", "clamp")},
}


@pytest.mark.parametrize("name", list(SM80_CASES))
def test_sm80_target_runs_on_hopper_through_ptx(name, tmp_path):
    m, n, k, options = SM80_CASES[name]
    run_and_check(gemm_model(m, n, k, **options), k, "sm_80", tmp_path, name)


# ---- arch="sm_90a" with the CUTLASS 2.x family forced by #bolt.kernel -------------------------

SM90A_CASES = {
    "heuristic_bias_relu_1000x48x176": (1000, 48, 176, {}, None),
    "tile128x256_w64x64_s3_bias_relu": (1280, 3072, 768, {}, ((128, 256, 64), (64, 64, 64), 3)),
    "tile128x128x32_w64x64_s5_residual_gelu_tanh": (
        512, 256, 128, dict(activations=("gelu_tanh",), residual=True), ((128, 128, 32), (64, 64, 32), 5)),
    "tile64x64_w32x32_s4_odd_n_batched": (64, 41, 26, dict(batch=2), ((64, 64, 64), (32, 32, 64), 4)),
}


@pytest.mark.parametrize("name", list(SM90A_CASES))
def test_sm80_family_forced_on_sm90a(name, tmp_path):
    m, n, k, options, config = SM90A_CASES[name]
    kernel = sm80_kernel(*config) if config else heuristic_kernel(m, n, k, options.get("batch", 1))
    run_and_check(gemm_model(m, n, k, kernel=kernel, **options), k, "sm_90a", tmp_path, name)


def column_and_scalar_model(m: int, n: int, k: int, kernel: str | None = None) -> str:
    """silu((A @ B * rows + shift) * 0.5): `rows` an M x 1 f16 input (a column broadcast),
    `shift` a rank-0 f16 input (read through its pointer), 0.5 a scalar constant. The extras are
    f16 (cast inside the epilogue): f32 model inputs would get cast kernels of their own."""
    a, b, d = t(m, k), t(k, n), t(m, n)
    acc, col, one = t(m, n, dtype="f32"), t(m, 1), t(dtype="f16")
    col32, one32 = t(m, 1, dtype="f32"), t(dtype="f32")
    attr = f" {{kernel = {kernel}}}" if kernel else ""
    return "\n".join([
        f"func.func @main(%a: {a}, %b: {b}, %rows: {col}, %shift: {one}) -> {d} {{",
        f"  %d = bolt.gemm %a, %b extras(%rows, %shift : {col}, {one}){attr} : {a}, {b} -> {d} {{",
        f"  ^bb0(%acc: {acc}, %x0: {col}, %x1: {one}):",
        f"    %r = bolt.ew.cast %x0 : {col} -> {col32}",
        f"    %c = bolt.ew.cast %x1 : {one} -> {one32}",
        f"    %s = bolt.ew.mul %acc, %r : {acc}, {col32} -> {acc}",
        f"    %u = bolt.ew.add %s, %c : {acc}, {one32} -> {acc}",
        f"    %h = bolt.constant dense<5.000000e-01> : {one32}",
        f"    %v = bolt.ew.mul %u, %h : {acc}, {one32} -> {acc}",
        f"    %w = bolt.ew.silu %v : {acc} -> {acc}",
        f"    bolt.yield %w : {acc}",
        "  }",
        f"  func.return %d : {d}", "}",
    ])


@pytest.mark.parametrize("arch", ["sm_80", "sm_90a"])
def test_column_broadcast_rank0_extra_and_scalar_constant(arch, tmp_path):
    """The leaf kinds the Linear-shaped models above do not reach: a per-row (M) scale as a
    column broadcast, a rank-0 extra read through its pointer, a scalar constant."""
    m, n, k = 200, 96, 64
    text = column_and_scalar_model(m, n, k, heuristic_kernel(m, n, k) if arch == "sm_90a" else None)
    model = boltc.compile(text, arch=arch, output=tmp_path / f"leaves_{arch}.so")
    assert model.kernels == ["gemm_sm80"], model.kernels
    rng = np.random.default_rng(3)
    inputs = [rng.standard_normal((m, k)).astype(np.float16),
              (rng.standard_normal((k, n)) / np.sqrt(k)).astype(np.float16),
              rng.standard_normal((m, 1)).astype(np.float16), np.asarray(rng.standard_normal(), np.float16)]
    got = np.asarray(model(*inputs), np.float64)
    (expected,) = boltc.interpret(text, *inputs)
    np.testing.assert_allclose(got, np.asarray(expected, np.float64), **F16)
