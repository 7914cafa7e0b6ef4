"""bolt-pipeline as a whole: values preserved on every test/data model (fp32 tightly, fp16 and
bf16 within their rounding), and the structure issue 4 asks of `boltc --emit bolt`."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import Float32Type

import boltc
from boltc.analysis.alignment import padded_size
from boltc.dialects import bolt
from boltc.frontends import load
from boltc.passes.pipeline import run_pipeline

DATA = Path(__file__).resolve().parents[2] / "data"
MODELS = sorted(DATA.glob("*.mlir"))


def _close(got, expected, precision: str) -> None:
    for g, e in zip(got, expected):
        g = np.asarray(g, dtype=np.float32)
        if precision == "f32":
            np.testing.assert_allclose(g, e, rtol=1e-4, atol=1e-5)
        else:
            # Half precision stores every activation with 11 (f16) or 8 (bf16) significant
            # bits; through a few layers of K <= 64 products with fp32 accumulation the error
            # stays a few ulps of the output's scale: bound it relative to that scale.
            # NaN and inf (log of a negative, exp overflow) must appear in the same places.
            np.testing.assert_array_equal(np.isnan(g), np.isnan(e))
            finite = np.isfinite(e)
            np.testing.assert_array_equal(g[~finite & ~np.isnan(e)], e[~finite & ~np.isnan(e)])
            g, e = g[finite], e[finite]
            if e.size == 0:
                continue
            scale = float(np.max(np.abs(e))) or 1.0
            bound = {"f16": 1e-2, "bf16": 6e-2}[precision] * scale
            assert float(np.max(np.abs(g - e))) <= bound


@pytest.mark.parametrize("precision", ["f32", "f16", "bf16"])
def test_pipeline_preserves_values(torch_mlir_file: Path, read_saved_io, precision: str):
    inputs, expected = read_saved_io(torch_mlir_file)
    module = load(str(torch_mlir_file))
    run_pipeline(module, precision=precision)
    module.verify()
    got = boltc.interpret(module, *inputs)
    assert [g.dtype for g in got] == [e.dtype for e in boltc.interpret(load(str(torch_mlir_file)), *inputs)]
    _close(got, expected, precision)


def _top_ops(module) -> list:
    (fn,) = [op for op in module.body.block.ops if isinstance(op, func.FuncOp)]
    return list(fn.body.block.ops)


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_pipeline_output_has_the_issue_4_shape(path: Path):
    module = load(str(path))
    run_pipeline(module, precision="f16")
    _assert_issue_4_shape(module, path.stem)


# What the fully fused shape does not hold for yet, per model (checked to fail, then xfailed: a
# model that starts passing fails the test until its entry goes).
KNOWN_GAPS = {
    "encoder_layer": "torch.nn's multi-head attention is not fused: fuse-attention does not match "
                     "torch's safe softmax (a select on max(row) == -inf), so the head split's "
                     "transposes stay between the batched matmuls",
}


def _assert_issue_4_shape(module, model: str = "") -> None:
    if model in KNOWN_GAPS:
        with pytest.raises(AssertionError):
            _assert_fully_fused_shape(module)
        pytest.xfail(KNOWN_GAPS[model])
    _assert_fully_fused_shape(module)


def _assert_fully_fused_shape(module) -> None:
    ops = _top_ops(module)
    everything = list(module.walk())
    anchors = [op for op in everything if isinstance(op, bolt.ANCHOR_OPS)]
    # Batch-norm gone: no per-channel sub/mul/sqrt/div left outside epilogues.
    leftovers = [op.name for op in ops if isinstance(op, (bolt.SubOp, bolt.SqrtOp, bolt.DivOp, bolt.RsqrtOp))]
    assert not leftovers, leftovers
    # Every convolution and pooling NHWC; at most one transpose at each end of the model.
    for op in everything:
        if isinstance(op, (bolt.Conv2dOp, bolt.Pool2dOp)):
            assert op.layout.data == bolt.Layout.NHWC, op.name
    # A stem's space-to-depth fold (a 6-D transpose) does not count: it lowers with the input
    # edge into one rt::space_to_depth kernel, which the plan below confirms.
    from boltc.lowering.space_to_depth import space_to_depth_plan

    folds = [op for op in ops if isinstance(op, bolt.TransposeOp) and len(bolt.shape_of(op.result)) == 6]
    assert all(space_to_depth_plan(op) is not None for op in folds)
    assert sum(isinstance(op, bolt.TransposeOp) and op not in folds for op in ops) <= 2
    # Every anchor's channels / K / N a multiple of 8, except where the padding cost model
    # refuses (an image's 3 channels pad to 4, not 8: padding_size says why).
    def aligned(size: int) -> bool:
        return size % 8 == 0 or padded_size(size, 8) == size

    for op in anchors:
        if isinstance(op, bolt.GemmOp):
            _, _, n, k = op.problem_shape()
            assert aligned(n) and aligned(k), (n, k)
        else:
            d = op.dims()
            assert aligned(d["C"]) and aligned(d["F"]), d
    # Every activation, bias and residual inside an epilogue: none left at the top level.
    loose = [op.name for op in ops if isinstance(op, (*bolt.ACTIVATION_OPS, bolt.AddOp, bolt.MulOp))]
    assert not loose, loose


@pytest.mark.parametrize("precision", ["f16", "bf16"])
def test_b2b_where_legal_and_profitable(precision: str):
    """The half export's GEMM pair (half in and out) is one bolt.b2b, in registers: legal,
    profitable, and b2b_gemm_sm90 runs it. The f32 model through the same pipeline keeps an f32
    output (convert-precision leaves the model's edges alone), which no b2b kernel writes: two
    kernels (fuse-b2b's kernel rule), where before the rule the b2b failed at lowering."""
    module = load(str(DATA / "half" / f"b2b_gemm_{precision}.mlir"))
    run_pipeline(module, precision=precision)
    (b2b,) = [op for op in module.walk() if isinstance(op, bolt.B2bOp)]
    assert b2b.residence.data == bolt.Residence.REGISTERS
    full = load(str(DATA / "b2b_gemm.mlir"))
    run_pipeline(full, precision=precision)
    assert not [op for op in full.walk() if isinstance(op, bolt.B2bOp)]
    assert len([op for op in full.walk() if isinstance(op, bolt.GemmOp)]) == 2


# Random graphs: the fuse-epilogue suite's generator (chains of gemm/conv, each with a random
# epilogue tree of biases, activations, residuals, scales, forks and non-elementwise ops).
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from test_fuse_epilogue import ALL_STEPS, RandomGraph, apply_steps, draw_steps  # noqa: E402


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_pipeline_keeps_random_graphs_values(data, seed):
    """fp32 only: the random epilogues hold selects and clamps whose branch can flip when an
    input is rounded to f16, so no error bound holds there; convert-precision's own tests
    bound f16 on random graphs with a computed error companion, and the models above in f16."""
    g = RandomGraph(np.random.default_rng(seed))
    draw = data.draw
    conv = draw(st.booleans(), label="conv")
    if conv:
        n, c, h = draw(st.integers(1, 2)), draw(st.integers(1, 11)), draw(st.integers(3, 9))
        x = g.input((n, c, h, h))  # NCHW, as imported: layout-nhwc has work to do
        channel_axis = 1
    else:
        x = g.input((draw(st.integers(1, 37)), draw(st.integers(1, 23))))
        channel_axis = 1
    for _ in range(draw(st.integers(1, 3), label="anchors")):
        if conv:
            kernel = draw(st.sampled_from((1, 3)))
            x = g.conv(x, draw(st.integers(1, 13)), kernel, draw(st.integers(1, 2)), kernel // 2, False)
        else:
            x = g.gemm(x, draw(st.integers(1, 29)), draw(st.booleans()))
        x, _ = apply_steps(g, x, channel_axis, draw_steps(draw, ALL_STEPS, max_steps=4))
    g.outputs.append(x)
    module = g.module()
    expected = boltc.interpret(module, *g.inputs)
    run_pipeline(module, precision="f32")
    module.verify()
    _close(boltc.interpret(module, *g.inputs), [np.asarray(e, np.float32) for e in expected], "f32")


def test_a_select_reading_a_broadcast_twice_keeps_its_shape():
    """The graph test_pipeline_keeps_random_graphs_values drew in CI (conv, max over the last
    dim broadcast back, select(b == 0, b, 0.25)): bolt-canonicalize reshaped both of the
    select's reads of the broadcast at once, so its result shape no longer followed from its
    operands (test_canonicalize.py has the pass alone)."""
    from xdsl.parser import Parser

    from boltc.dialects.context import bolt_context

    text = """
func.func @main(%x: tensor<1x1x3x3xf32>, %w: tensor<1x1x1x1xf32>) -> tensor<1x1x3x3xf32> {
  %y = bolt.conv2d nchw %x, %w strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<1x1x3x3xf32>, tensor<1x1x1x1xf32> -> tensor<1x1x3x3xf32> {
  ^bb0(%acc: tensor<1x1x3x3xf32>):
    bolt.yield %acc : tensor<1x1x3x3xf32>
  }
  %m = bolt.reduce max %y dims [3] : tensor<1x1x3x3xf32> -> tensor<1x1x3xf32>
  %b = bolt.broadcast %m dimensions [3] : tensor<1x1x3xf32> -> tensor<1x1x3x3xf32>
  %zero = bolt.constant dense<0.0> : tensor<f32>
  %q = bolt.constant dense<0.25> : tensor<f32>
  %s = bolt.ew.select oeq %b, %zero, %b, %q : tensor<1x1x3x3xf32>, tensor<f32>, tensor<1x1x3x3xf32>, tensor<f32> -> tensor<1x1x3x3xf32>
  func.return %s : tensor<1x1x3x3xf32>
}
"""
    module = Parser(bolt_context(), text).parse_module()
    x = np.array([[[[0.0, -1.0, 0.0], [2.0, 1.0, 0.5], [-3.0, -2.0, -1.0]]]], dtype=np.float32)
    w = np.array([[[[1.5]]]], dtype=np.float32)
    expected = boltc.interpret(module, x, w)
    run_pipeline(module, precision="f32")
    module.verify()
    _close(boltc.interpret(module, x, w), [np.asarray(e, np.float32) for e in expected], "f32")


# --------------------------------------------------------------------------------------
# The f16/bf16 torch-mlir exports (test/data/half): the pipeline treats them as it treats the
# f32 model at the same compute precision.
# --------------------------------------------------------------------------------------


def _kernels(module) -> list[tuple[str, tuple[str, ...]]]:
    """Each top-level op that does work (constants, reshapes and casts left out), with the ops
    of its epilogue (casts left out): what the lowering turns into kernels."""
    shape_only = (bolt.ConstantOp, bolt.ReshapeOp, bolt.CastOp, func.ReturnOp)
    kernels = []
    for op in _top_ops(module):
        if isinstance(op, shape_only):
            continue
        epilogue = ()
        if isinstance(op, bolt.ANCHOR_OPS):
            epilogue = tuple(o.name for o in op.epilogue.block.ops
                             if not isinstance(o, (bolt.CastOp, bolt.ConstantOp, bolt.YieldOp)))
        kernels.append((op.name, epilogue))
    return kernels


@pytest.mark.parametrize("precision", ["f32", "f16", "bf16"])
def test_pipeline_on_half_exports_near_the_f32_model(half_export: Path, read_saved_io, precision: str):
    from half_helpers import assert_near_f32_reference

    inputs, expected = read_saved_io(half_export)
    module = load(str(half_export))
    run_pipeline(module, precision=precision)
    module.verify()
    got = boltc.interpret(module, *inputs)
    # The signature keeps the export's half type (bf16 is held in float32 by the executor).
    assert [g.dtype for g in got] == [e.dtype for e in boltc.interpret(load(str(half_export)), *inputs)]
    assert_near_f32_reference(got, expected)


def test_half_export_fuses_like_the_f32_model(half_model: Path):
    """The same kernels, with the same epilogues, as the f32 model through the pipeline at the
    export's precision: bias, batch-norm, activations and residuals inside the anchors, and a
    truncf after an f32-result anchor stored as its half result, not a cast kernel (casts
    appear only at the edges, where the f32 model takes and gives f32)."""
    from half_helpers import half_type

    precision = half_type(half_model)
    name = half_model.stem.removesuffix(f"_{precision}")
    half, full = load(str(half_model)), load(str(DATA / f"{name}.mlir"))
    # b2b_gemm's pair fuses in the export (half out) but not in the f32 model (an f32 output no
    # b2b kernel writes: test_b2b_where_legal_and_profitable); the rest is compared unfused.
    fuse_b2b = name != "b2b_gemm"
    run_pipeline(half, precision=precision, fuse_b2b=fuse_b2b)
    run_pipeline(full, precision=precision, fuse_b2b=fuse_b2b)
    _assert_issue_4_shape(half, name)
    assert _kernels(half) == _kernels(full)
    anchors = [op for op in half.walk() if isinstance(op, bolt.ANCHOR_OPS)]
    assert anchors and all(
        not isinstance(op.result.type.get_element_type(), Float32Type) or _feeds_fp32_op(op)
        for op in anchors
    ), [str(op.result.type) for op in anchors]


def _feeds_fp32_op(anchor) -> bool:
    """An anchor whose f32 result feeds an op convert-precision keeps in f32 (softmax,
    layer-norm): the f32 model's pipeline keeps it f32 there too."""
    return all(isinstance(use.operation, (bolt.SoftmaxOp, bolt.LayerNormOp)) for use in anchor.result.uses)


@pytest.mark.parametrize("half_file", sorted((DATA / "half").glob("*.mlir")), ids=lambda p: p.stem)
def test_emit_cpp_on_half_exports(half_file: Path, tmp_path: Path, capsys):
    """`boltc model_f16.mlir --emit cpp -o DIR` (in-process: the console script's main) writes
    the host file, the weights and one CUTLASS translation unit per kernel configuration, in
    the export's half type."""
    from boltc.cli import main
    from half_helpers import half_type

    precision = half_type(half_file)
    out = tmp_path / "build"
    code = main([str(half_file), "--precision", precision, "--emit", "cpp", "-o", str(out), "-q"])
    assert code == 0, capsys.readouterr().err
    names = sorted(p.name for p in out.iterdir())
    assert "model.cu" in names and "weights.S" in names, names
    kernels = [n for n in names if n.startswith("boltc_") and not n.endswith(".device.cu")]
    assert kernels, names
    cutlass_type = {"f16": "cutlass::half_t", "bf16": "cutlass::bfloat16_t"}[precision]
    assert all(cutlass_type in (out / k).read_text() for k in kernels)
