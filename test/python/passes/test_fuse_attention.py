"""fuse-attention and bolt.attention: the reference executor's values before and after the pass
(the lit file's chains, BERT-style packed QKV at random shapes in f32 and f16, the linalg
attention block through the pipeline, the torch front end's SDPA), bolt.attention's numpy
implementation against torch's scaled_dot_product_attention, and the refusals' reasons."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp

import boltc
from boltc.dialects import bolt
from boltc.dialects.context import bolt_context
from boltc.frontends import load
from boltc.passes.fuse_attention import FuseAttentionPass, head_dim_blocker, match_chain
from boltc.passes.pipeline import run_pipeline

ROOT = Path(__file__).resolve().parents[2]
LIT = ROOT / "lit" / "fuse-attention"
DATA = ROOT / "data"


def _ops(module: ModuleOp, kind) -> list:
    return [op for op in module.walk() if isinstance(op, kind)]


def _random_inputs(module: ModuleOp, seed: int) -> list[np.ndarray]:
    (fn,) = [op for op in module.ops if isinstance(op, func.FuncOp)]
    rng = np.random.default_rng(seed)
    dtypes = {"f16": np.float16, "f32": np.float32}
    return [rng.standard_normal(t.get_shape()).astype(dtypes[str(t.get_element_type())])
            for t in fn.function_type.inputs.data]


def _close(after, before, dtype: str) -> None:
    # f32: the same arithmetic up to summation order. f16: unfused, the scores are rounded to
    # f16 before the scale and the softmax (2^-11 relative on logits of |s| < ~10: up to ~5e-3 on
    # a probability's relative error), fused they stay f32; O (|O| <= max |V| ~ 4) moves by
    # about that much, and by one f16 rounding of O (2^-11 * 4).
    tol = dict(rtol=1e-5, atol=1e-5) if dtype == "f32" else dict(rtol=2e-2, atol=2e-2)
    for a, b in zip(after, before):
        np.testing.assert_allclose(np.asarray(a, np.float64), np.asarray(b, np.float64), **tol)


@pytest.mark.parametrize("chunk", range(5))
def test_lit_chains_keep_their_values(chunk: int):
    module = load((LIT / "fuse.mlir").read_text().split("// -----")[chunk])
    inputs = _random_inputs(module, chunk)
    before = boltc.interpret(module, *inputs)
    FuseAttentionPass().apply(bolt_context(), module)
    module.verify()
    assert len(_ops(module, bolt.AttentionOp)) == 1
    assert not _ops(module, bolt.SoftmaxOp) and not _ops(module, bolt.GemmOp)
    dtype = str(inputs[0].dtype).replace("float", "f")
    _close(boltc.interpret(module, *inputs), before, dtype)


@pytest.mark.parametrize("chunk", range(6))
def test_refused_chains_are_untouched(chunk: int):
    text = (LIT / "refuse.mlir").read_text().split("// -----")[chunk]
    module = load(text)
    FuseAttentionPass().apply(bolt_context(), module)
    assert not _ops(module, bolt.AttentionOp)
    assert str(module) == str(load(text))


def packed_chain(b: int, s: int, h: int, d: int, dtype: str, scale: float) -> str:
    """The torch front end's SDPA over a packed QKV projection, as in fuse.mlir's first chain."""
    n = b * h
    t = lambda *shape: "tensor<" + "x".join(map(str, shape)) + f"x{dtype}>"  # noqa: E731
    acc = lambda *shape: "tensor<" + "x".join(map(str, shape)) + "xf32>"  # noqa: E731
    lines = [f"func.func @main(%qkv: {t(b * s, 3 * h * d)}) -> {t(b * s, h * d)} {{",
             f"  %x = bolt.reshape %qkv : {t(b * s, 3 * h * d)} -> {t(b, s, 3, h, d)}"]
    for j, name in enumerate("qkv"):
        lines += [
            f"  %{name}s = bolt.slice %x offsets [0, 0, {j}, 0, 0] strides [1, 1, 1, 1, 1] : {t(b, s, 3, h, d)} -> {t(b, s, 1, h, d)}",
            f"  %{name}t = bolt.transpose %{name}s permutation [2, 0, 3, 1, 4] : {t(b, s, 1, h, d)} -> {t(1, b, h, s, d)}",
            f"  %{name} = bolt.reshape %{name}t : {t(1, b, h, s, d)} -> {t(n, s, d)}",
        ]
    lines += [
        f"  %s = bolt.gemm %q, %k {{transpose_b}} : {t(n, s, d)}, {t(n, s, d)} -> {t(n, s, s)} {{",
        f"  ^bb0(%a0: {acc(n, s, s)}):",
        f"    bolt.yield %a0 : {acc(n, s, s)}",
        "  }",
        f"  %s4 = bolt.reshape %s : {t(n, s, s)} -> {t(b, h, s, s)}",
        f"  %c = bolt.constant dense<{scale!r}> : tensor<{dtype}>",
        f"  %sc = bolt.ew.mul %s4, %c : {t(b, h, s, s)}, tensor<{dtype}> -> {t(b, h, s, s)}",
        f"  %p = bolt.softmax %sc axis 3 : {t(b, h, s, s)} -> {t(b, h, s, s)}",
        f"  %p3 = bolt.reshape %p : {t(b, h, s, s)} -> {t(n, s, s)}",
        f"  %o = bolt.gemm %p3, %v : {t(n, s, s)}, {t(n, s, d)} -> {t(n, s, d)} {{",
        f"  ^bb0(%a1: {acc(n, s, d)}):",
        f"    bolt.yield %a1 : {acc(n, s, d)}",
        "  }",
        f"  %o4 = bolt.reshape %o : {t(n, s, d)} -> {t(b, h, s, d)}",
        f"  %ot = bolt.transpose %o4 permutation [0, 2, 1, 3] : {t(b, h, s, d)} -> {t(b, s, h, d)}",
        f"  %r = bolt.reshape %ot : {t(b, s, h, d)} -> {t(b * s, h * d)}",
        f"  func.return %r : {t(b * s, h * d)}",
        "}",
    ]
    return "\n".join(lines) + "\n"


@settings(max_examples=12, deadline=None)  # parsing dominates; the shapes are under test
@given(b=st.integers(1, 3), s=st.integers(1, 40), h=st.integers(1, 4), d=st.sampled_from([4, 8, 12, 32, 64]),
       dtype=st.sampled_from(["f32", "f16"]), seed=st.integers(0, 2**32 - 1))
def test_packed_qkv_chain_keeps_its_values(b, s, h, d, dtype, seed):
    module = load(packed_chain(b, s, h, d, dtype, d ** -0.5))
    (x,) = _random_inputs(module, seed)
    before = boltc.interpret(module, x)
    FuseAttentionPass().apply(bolt_context(), module)
    module.verify()
    (op,) = _ops(module, bolt.AttentionOp)
    assert op.input_layout.data == bolt.AttentionLayout.BS3HD
    assert not _ops(module, bolt.SliceOp) and not _ops(module, bolt.TransposeOp)
    _close(boltc.interpret(module, x), before, dtype)


@pytest.mark.parametrize("precision", ["f32", "f16"])
def test_linalg_attention_block_through_the_pipeline(precision: str):
    """test/data/attention_block.mlir: the whole pipeline with and without the pass, against the
    recorded torch outputs."""
    saved = np.load(DATA / "attention_block.npz")
    inputs = [saved[k] for k in sorted(saved.files) if k.startswith("input")]
    expected = [saved[k] for k in sorted(saved.files) if k.startswith("output")]
    module = load(str(DATA / "attention_block.mlir"))
    run_pipeline(module, precision=precision)
    assert len(_ops(module, bolt.AttentionOp)) == 1 and not _ops(module, bolt.SoftmaxOp)
    got = boltc.interpret(module, *inputs)
    # f16: inputs, weights and every layer's output rounded to f16 (as test_gemm_sm90's models).
    tol = 1e-5 if precision == "f32" else 1e-2
    for g, e in zip(got, expected):
        assert float(np.max(np.abs(np.asarray(g, np.float32) - e))) <= tol * float(np.max(np.abs(e)))


def test_torch_sdpa_fuses_and_matches_torch():
    torch = pytest.importorskip("torch")
    import torch.nn.functional as F

    class Block(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.qkv = torch.nn.Linear(32, 96)

        def forward(self, x):
            b, s, _ = x.shape
            q, k, v = self.qkv(x).view(b, s, 3, 4, 8).permute(2, 0, 3, 1, 4)
            return F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, s, 32)

    torch.manual_seed(0)
    block = Block().eval()
    x = torch.randn(2, 13, 32)
    module = load(block, (x,))
    run_pipeline(module, precision="f32")
    (op,) = _ops(module, bolt.AttentionOp)
    assert (op.input_layout.data, op.output_layout.data) == (bolt.AttentionLayout.BS3HD, bolt.AttentionLayout.BSHD)
    assert not _ops(module, bolt.TransposeOp) and not _ops(module, bolt.SliceOp)
    with torch.no_grad():
        expected = block(x).numpy()
    (got,) = boltc.interpret(module, x.numpy())
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("layout", ["bhsd", "bshd", "bs3hd"])
def test_interpreter_matches_torch_sdpa(layout: str):
    torch = pytest.importorskip("torch")
    import torch.nn.functional as F

    b, h, sq, sk, d = 2, 3, 5, 7, 8
    rng = np.random.default_rng(0)
    q, k, v = (rng.standard_normal((b, h, s, d)).astype(np.float32) for s in (sq, sk, sk))
    expected = F.scaled_dot_product_attention(*map(torch.from_numpy, (q, k, v)), scale=0.3).numpy()
    t = lambda a: "tensor<" + "x".join(map(str, a.shape)) + "xf32>"  # noqa: E731
    if layout == "bhsd":
        args, out = (q, k, v), expected
    elif layout == "bshd":
        args, out = tuple(a.transpose(0, 2, 1, 3).copy() for a in (q, k, v)), expected.transpose(0, 2, 1, 3)
    else:
        q, k, v = (rng.standard_normal((b, h, sq, d)).astype(np.float32) for _ in range(3))
        packed = np.stack([q, k, v]).transpose(1, 3, 0, 2, 4).copy()  # [B, S, 3, H, D]
        expected = F.scaled_dot_product_attention(*map(torch.from_numpy, (q, k, v)), scale=0.3).numpy()
        args, out = (packed, packed, packed), expected.transpose(0, 2, 1, 3)
    out_layout = "bhsd" if layout == "bhsd" else "bshd"
    text = (f"func.func @main(%q: {t(args[0])}, %k: {t(args[1])}, %v: {t(args[2])}) -> {t(out)} {{\n"
            f"  %o = bolt.attention %q, %k, %v scale 0.3 layout {layout} -> {out_layout} : "
            f"{t(args[0])}, {t(args[1])}, {t(args[2])} -> {t(out)}\n  func.return %o : {t(out)}\n}}\n")
    (got,) = boltc.interpret(text, *args)
    np.testing.assert_allclose(got, out, rtol=1e-5, atol=1e-6)


def test_refusal_reasons():
    module = load((LIT / "refuse.mlir").read_text().split("// -----")[0])
    (pv,) = [op for op in _ops(module, bolt.GemmOp) if isinstance(op.lhs.owner, bolt.SoftmaxOp)]
    assert match_chain(pv) == "the softmax is not over the last axis"
    assert head_dim_blocker(64, 64) is None and head_dim_blocker(128, 32) is None
    assert head_dim_blocker(160, 64) == "head size D=160 is above 128"
    assert head_dim_blocker(64, 6) == "head size Dv=6 is not a multiple of 4"
