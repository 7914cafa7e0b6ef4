"""convert-precision{keep-f32=...} against the fp32 reference executor: the named ops compute
in f32 (and are marked so in the IR), everything else as without the option, the values stay
within the half-precision bound of test_convert_precision.py (keeping ops in f32 only removes
roundings from it), and a model that overflows f16 is repaired by keeping the overflowing ops.
The refusals are located errors."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects import func
from xdsl.dialects.builtin import Float32Type, ModuleOp, TensorType
from xdsl.printer import Printer

from boltc.diagnostics import BoltcError
from boltc.dialects.context import bolt_context
from boltc.frontends import load
from boltc.interpret import run_module
from boltc.passes.convert_precision import (
    KEEP_F32_ATTR,
    NOT_DEMOTED,
    TENSOR_CORE_OPS,
    ConvertPrecisionPass,
)

DATA = Path(__file__).resolve().parents[2] / "data"
OVERFLOW_F16 = Path(__file__).resolve().parents[1] / "tools" / "overflow_f16.mlir"
MODELS = [DATA / f"{name}.mlir" for name in ("mlp_gelu", "attention_block", "inverted_residual", "encoder_layer")]
UNIT_ROUNDOFF = {"f16": 2.0**-11, "bf16": 2.0**-8}
TOLERANCE = {dtype: 16 * u for dtype, u in UNIT_ROUNDOFF.items()}  # test_convert_precision.py says why


def _text(module: ModuleOp) -> str:
    out = io.StringIO()
    Printer(stream=out).print_op(module)
    return out.getvalue()


def _inputs(module: ModuleOp, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    (main,) = [op for op in module.ops if isinstance(op, func.FuncOp)]
    return [rng.standard_normal(t.get_shape()).astype(np.float32) for t in main.function_type.inputs.data]


def _assert_within_bound(got, want, dtype: str) -> None:
    tol = TOLERANCE[dtype]
    for g, w in zip(got, want, strict=True):
        assert np.isfinite(g).all()
        scale = float(np.abs(w).max())
        np.testing.assert_allclose(np.asarray(g, np.float64), np.asarray(w, np.float64), rtol=tol, atol=tol * scale)


def _keepable_names(module: ModuleOp) -> list[str]:
    return sorted({op.name for op in module.walk()
                   if op.dialect_name() == "bolt" and isinstance(op.parent_op(), func.FuncOp)
                   and not isinstance(op, NOT_DEMOTED + TENSOR_CORE_OPS)})


def _computes_in_f32(op) -> bool:
    types = [v.type for v in (*op.operands, *op.results) if isinstance(v.type, TensorType)]
    return all(isinstance(t.get_element_type(), Float32Type) for t in types)


@settings(max_examples=8, deadline=None)  # each example imports and interprets a model twice
@given(data=st.data(), path=st.sampled_from(MODELS), dtype=st.sampled_from(["f16", "bf16"]),
       seed=st.integers(0, 2**32 - 1))
def test_kept_ops_compute_in_f32_and_values_stay_within_the_half_bound(data, path, dtype, seed):
    module = load(path)
    names = _keepable_names(module)
    kept = tuple(data.draw(st.lists(st.sampled_from(names), min_size=1, max_size=min(3, len(names) - 1), unique=True)))
    inputs = _inputs(module, seed)
    before = run_module(module, *inputs)
    ConvertPrecisionPass(dtype=dtype, keep_f32=kept).apply(bolt_context(), module)
    module.verify()
    chosen = [op for op in module.walk() if op.name in kept and isinstance(op.parent_op(), func.FuncOp)]
    assert chosen
    for op in chosen:
        assert op.attributes[KEEP_F32_ATTR].data == op.name
        assert _computes_in_f32(op), f"{op.name} was demoted although kept"
    others = [op for op in module.walk() if op.name in set(names) - set(kept)
              and isinstance(op.parent_op(), func.FuncOp)]
    assert others and not any(KEEP_F32_ATTR in op.attributes for op in others)
    assert not all(_computes_in_f32(op) for op in others)  # the rest is still converted
    _assert_within_bound(run_module(module, *inputs), before, dtype)
    once = _text(module)
    ConvertPrecisionPass(dtype=dtype).apply(bolt_context(), module)  # the marks alone keep them
    assert _text(module) == once


def test_keeping_the_overflowing_ops_repairs_an_f16_model():
    x = np.random.default_rng(0).standard_normal((4, 8)).astype(np.float32)
    reference = run_module(load(OVERFLOW_F16), x)
    plain = load(OVERFLOW_F16)
    ConvertPrecisionPass(dtype="f16").apply(bolt_context(), plain)
    assert np.isinf(run_module(plain, x)[0]).any()  # the premise
    # The square (line 10) and the division that shrinks it back (line 11), by location.
    kept = load(OVERFLOW_F16)
    ConvertPrecisionPass(dtype="f16", keep_f32=("overflow_f16.mlir:10", "overflow_f16.mlir:11")).apply(
        bolt_context(), kept)
    _assert_within_bound(run_module(kept, x), reference, "f16")
    # Keeping only the square is not enough: its f32 result is rounded to f16 for the division.
    square_only = load(OVERFLOW_F16)
    ConvertPrecisionPass(dtype="f16", keep_f32=("overflow_f16.mlir:10",)).apply(bolt_context(), square_only)
    assert np.isinf(run_module(square_only, x)[0]).any()


def _onnx_model(tmp_path: Path) -> Path:
    onnx = pytest.importorskip("onnx")
    from onnx import TensorProto, helper, numpy_helper

    weights = numpy_helper.from_array(np.linspace(-1, 1, 32, dtype=np.float32).reshape(8, 4), "w")
    graph = helper.make_graph(
        [helper.make_node("MatMul", ["x", "w"], ["m"], name="project"),
         helper.make_node("Exp", ["m"], ["e"], name="exp_node"),
         helper.make_node("Tanh", ["e"], ["y"], name="tanh_node")],
        "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [4, 8])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [4, 4])], [weights])
    path = tmp_path / "exp_tanh.onnx"
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]), path)
    return path


def test_an_onnx_node_selects_the_ops_it_imported_as(tmp_path):
    path = _onnx_model(tmp_path)
    module = load(path)
    x = _inputs(module, 3)
    before = run_module(module, *x)
    ConvertPrecisionPass(dtype="f16", keep_f32=("exp_node",)).apply(bolt_context(), module)
    by_name = {op.name: op for op in module.walk()}
    assert _computes_in_f32(by_name["bolt.ew.exp"]) and not _computes_in_f32(by_name["bolt.ew.tanh"])
    _assert_within_bound(run_module(module, *x), before, "f16")


def test_a_gemm_cannot_be_kept_and_the_error_is_located(tmp_path):
    path = _onnx_model(tmp_path)
    for selector in ("project", "bolt.gemm"):
        module = load(path)
        with pytest.raises(BoltcError) as caught:
            ConvertPrecisionPass(dtype="f16", keep_f32=(selector,)).apply(bolt_context(), module)
        assert caught.value.op_name == "bolt.gemm"
        assert caught.value.location.node == "project" and caught.value.location.file == str(path)
        assert "tf32" in caught.value.message


@pytest.mark.parametrize("selector,message", [
    ("Missing_1", "keep-f32 'Missing_1' (graph node) matches no op"),
    ("bolt.ew.nope", "keep-f32 names 'bolt.ew.nope', which is no bolt op"),
    ("mlp_gelu.mlir:1", "keep-f32 'mlp_gelu.mlir:1' (location) matches no op"),
    ("", "an empty keep-f32 selector"),
])
def test_selectors_that_name_nothing_are_refused(selector, message):
    module = load(DATA / "mlp_gelu.mlir")
    with pytest.raises(BoltcError, match=message.replace("(", r"\(").replace(")", r"\)")):
        ConvertPrecisionPass(dtype="f16", keep_f32=(selector,)).apply(bolt_context(), module)
