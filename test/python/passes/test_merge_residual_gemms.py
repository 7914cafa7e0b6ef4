"""merge-residual-gemms: a GEMM added as another's residual over the same rows merges into one
GEMM over the concatenated K, and the reference executor computes the same before and after:
on random pairs (shapes on both sides of the rule, with and without biases, f16 and f32, B
transposed or not) and on a ResNet bottleneck with a 1x1 shortcut through the torch front
end and the whole f16 pipeline (against torch in fp32)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import boltc
from boltc.dialects import bolt
from boltc.dialects.context import bolt_context
from boltc.frontends.source import parse_mlir_text
from boltc.passes.canonicalize import CanonicalizePass
from boltc.passes.merge_residual_gemms import MergeResidualGemmsPass
from boltc.registry import available_passes


def _dense(array: np.ndarray) -> str:
    return "dense<" + np.array2string(array, separator=", ", threshold=1 << 30,
                                      formatter={"float": lambda v: f"{v:.6e}"}).replace("\n", "") + ">"


def pair_module(m, k1, k2, n, dtype, w1, w2, bias1: bool, bias2: bool, transpose_b1: bool,
                constant_biases: tuple[np.ndarray, np.ndarray] | None = None) -> str:
    """func(x: m x k2, s: m x k1[, b1][, b2]) = relu(x w2^T [+ b2] + (s w1 [+ b1])); with
    `constant_biases` b1 and b2 are those constants instead of arguments."""
    t = lambda *shape, e=dtype: f"tensor<{'x'.join(map(str, shape))}x{e}>"  # noqa: E731
    args = [f"%x: {t(m, k2)}", f"%s: {t(m, k1)}"]
    if constant_biases is None:
        args += ([f"%b1: {t(n)}"] if bias1 else []) + ([f"%b2: {t(n)}"] if bias2 else [])
    w1_type = t(n, k1) if transpose_b1 else t(k1, n)
    acc = t(m, n, e="f32")
    lines = [f"%w1 = bolt.constant {_dense(w1 if transpose_b1 else w1.T)} : {w1_type}"]
    if constant_biases is not None:
        lines += [f"%b{i + 1} = bolt.constant {_dense(b)} : {t(n)}" for i, b in enumerate(constant_biases)]
    extras1 = f" extras(%b1 : {t(n)})" if bias1 else ""
    body1 = (f"  ^bb0(%acc: {acc}, %b: {t(n)}):\n    %bf = bolt.ew.cast %b : {t(n)} -> {t(n, e='f32')}\n"
             f"    %o = bolt.ew.add %acc, %bf : {acc}, {t(n, e='f32')} -> {acc}\n    bolt.yield %o : {acc}\n"
             if bias1 else f"  ^bb0(%acc: {acc}):\n    bolt.yield %acc : {acc}\n")
    tb1 = " {transpose_b}" if transpose_b1 else ""
    lines.append(f"%r = bolt.gemm %s, %w1{extras1}{tb1} : {t(m, k1)}, {w1_type} -> {t(m, n)} {{\n{body1}  }}")
    lines.append(f"%w2 = bolt.constant {_dense(w2)} : {t(n, k2)}")
    extras2 = (["%b2"] if bias2 else []) + ["%r"]
    types2 = ([t(n)] if bias2 else []) + [t(m, n)]
    head = f"  ^bb0(%acc: {acc}" + (f", %b: {t(n)}" if bias2 else "") + f", %res: {t(m, n)}):\n"
    body2 = head
    value = "%acc"
    if bias2:
        body2 += (f"    %bf = bolt.ew.cast %b : {t(n)} -> {t(n, e='f32')}\n"
                  f"    %t = bolt.ew.add %acc, %bf : {acc}, {t(n, e='f32')} -> {acc}\n")
        value = "%t"
    body2 += (f"    %rf = bolt.ew.cast %res : {t(m, n)} -> {acc}\n"
              f"    %u = bolt.ew.add {value}, %rf : {acc}, {acc} -> {acc}\n"
              f"    %v = bolt.ew.relu %u : {acc} -> {acc}\n    bolt.yield %v : {acc}\n")
    lines.append(f"%y = bolt.gemm %x, %w2 extras({', '.join(extras2)} : {', '.join(types2)}) {{transpose_b}} : "
                 f"{t(m, k2)}, {t(n, k2)} -> {t(m, n)} {{\n{body2}  }}")
    body = "\n  ".join(lines)
    return f"func.func @main({', '.join(args)}) -> {t(m, n)} {{\n  {body}\n  func.return %y : {t(m, n)}\n}}\n"


def _gemms(module) -> list[bolt.GemmOp]:
    return [op for op in module.walk() if isinstance(op, bolt.GemmOp)]


@settings(max_examples=60, deadline=None)
@given(m=st.integers(1, 40), k1=st.sampled_from([8, 16, 24]), k2=st.sampled_from([8, 16, 32]),
       n=st.sampled_from([16, 40, 64]), half=st.booleans(), bias1=st.booleans(), bias2=st.booleans(),
       transpose_b1=st.booleans(), constant=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_merge_preserves_values(m, k1, k2, n, half, bias1, bias2, transpose_b1, constant, seed):
    rng = np.random.default_rng(seed)
    dtype = np.float16 if half else np.float32
    w1 = rng.standard_normal((n, k1)).astype(dtype)
    w2 = rng.standard_normal((n, k2)).astype(dtype)
    constant = constant and bias1 and bias2  # both biases constants: merged into one
    biases = [rng.standard_normal(n).astype(dtype) for _ in range(int(bias1) + int(bias2))]
    module = parse_mlir_text(pair_module(m, k1, k2, n, "f16" if half else "f32", w1, w2, bias1, bias2, transpose_b1,
                                         tuple(biases) if constant else None))
    inputs = [rng.standard_normal((m, k2)).astype(dtype), rng.standard_normal((m, k1)).astype(dtype)]
    inputs += [] if constant else biases
    (want,) = boltc.interpret(module, *inputs)
    MergeResidualGemmsPass().apply(bolt_context(), module)
    CanonicalizePass().apply(bolt_context(), module)
    module.verify()
    merged = n > k1 + k2
    event(f"merged={merged}")
    gemms = _gemms(module)
    assert len(gemms) == (1 if merged else 2)
    if merged:
        assert bolt.shape_of(gemms[0].lhs) == (m, k1 + k2)
        assert any(isinstance(op, bolt.ConcatOp) for op in module.walk())
        assert len(gemms[0].extras) == (1 if constant else int(bias1) + int(bias2))
        event(f"joined bias={constant}")
    (got,) = boltc.interpret(module, *inputs)
    # The merged GEMM skips the residual's rounding to f16 (one ulp of a value ~|K|), so the
    # f16 results may differ by an ulp or two of the output; f32 only by summation order.
    scale = float(np.max(np.abs(np.float32(want)))) + 1.0
    tol = 4e-3 * scale if half else 1e-5 * scale
    np.testing.assert_allclose(np.float32(got), np.float32(want), rtol=0, atol=tol)


def test_the_pipeline_merges_a_bottlenecks_shortcut():
    """A ResNet bottleneck with a 1x1 shortcut (64 -> 256 on 56x56-like pixels: N 256 > K 128)
    through the torch front end and the f16 pipeline: the shortcut's GEMM is gone, one concat
    feeds one GEMM of K 128, and the outputs match torch in fp32 to fp16 tolerance."""
    torch = pytest.importorskip("torch")

    from boltc.frontends import load
    from boltc.passes.pipeline import run_pipeline
    from resnet_blocks import bottleneck_with_projection

    block = bottleneck_with_projection()
    x = torch.randn(2, 64, 8, 8)
    module = load(block, (x,))
    run_pipeline(module, precision="f16", arch="sm_90a", fuse_b2b=False)
    gemms = _gemms(module)
    concats = [op for op in module.walk() if isinstance(op, bolt.ConcatOp)]
    assert len(concats) == 1 and len(gemms) == 2  # conv1 and the merged conv3 + shortcut
    assert any(bolt.shape_of(g.lhs)[1] == 128 and g.problem_shape()[2] == 256 for g in gemms)
    (got,) = boltc.interpret(module, x.numpy())
    want = block(x).detach().numpy()
    scale = float(np.max(np.abs(want)))
    assert float(np.max(np.abs(np.float32(got) - want))) <= 1e-2 * scale


def test_registered():
    assert available_passes()["merge-residual-gemms"]() is MergeResidualGemmsPass
