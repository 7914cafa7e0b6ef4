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
