"""Fuzzing the ONNX front end with mutated models (issue 15, item 6).

Seeds are small valid models built with onnx.helper (convolution, pooling, GEMM/MatMul,
broadcasting arithmetic, reshapes, softmax, normalization, concat/slice/pad). A case changes
one to three things a damaged or hand-edited model gets wrong: an attribute's value (or drops
it, or adds one the operator lacks), an input's shape or element type, a node's inputs or op
type, an initializer's dims or dtype, the opset. Then either the importer refuses the model
with a BoltcError naming the model (and the node, where one is to blame), or it imports it,
and then the reference executor must compute what onnxruntime computes whenever onnxruntime
accepts the model too. A tenth of the cases are serialized protobufs with bytes cut or flipped.
"""

from __future__ import annotations

import copy
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from hypothesis import strategies as st

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")
from onnx import TensorProto, helper, numpy_helper  # noqa: E402

from boltc.diagnostics import BoltcError  # noqa: E402
from boltc.frontends import load  # noqa: E402
from boltc.interpret import run_module  # noqa: E402
from fuzzing import assert_located, run_cases  # noqa: E402

pytestmark = pytest.mark.timeout(300)

NAME = "fuzz.onnx"
F = TensorProto.FLOAT


def _init(name: str, shape: tuple[int, ...], seed: int) -> onnx.TensorProto:
    return numpy_helper.from_array(np.random.default_rng(seed).standard_normal(shape).astype(np.float32), name)


def _model(nodes, inputs, outputs, initializers=(), opset: int = 17) -> bytes:
    graph = helper.make_graph(nodes, "fuzz", [helper.make_tensor_value_info(n, F, s) for n, s in inputs],
                              [helper.make_tensor_value_info(n, F, s) for n, s in outputs], list(initializers))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    onnx.checker.check_model(model)  # seeds are valid: the mutations are what is under test
    return model.SerializeToString()


def seed_models() -> dict[str, bytes]:
    n = helper.make_node
    return {
        "conv_relu_pool": _model(
            [n("Conv", ["x", "w", "b"], ["c"], name="conv", pads=[1, 1, 1, 1], strides=[1, 1], kernel_shape=[3, 3]),
             n("Relu", ["c"], ["r"], name="relu"),
             n("MaxPool", ["r"], ["y"], name="pool", kernel_shape=[2, 2], strides=[2, 2])],
            [("x", [1, 3, 8, 8])], [("y", [1, 4, 4, 4])], [_init("w", (4, 3, 3, 3), 1), _init("b", (4,), 2)]),
        "gemm_bias_gelu": _model(
            [n("Gemm", ["x", "w", "b"], ["g"], name="fc", transB=1, alpha=1.0, beta=1.0),
             n("Sigmoid", ["g"], ["s"], name="sig"), n("Mul", ["g", "s"], ["y"], name="silu")],
            [("x", [4, 6])], [("y", [4, 5])], [_init("w", (5, 6), 3), _init("b", (5,), 4)]),
        "matmul_add_softmax": _model(
            [n("MatMul", ["x", "w"], ["m"], name="mm"), n("Add", ["m", "b"], ["a"], name="add"),
             n("Softmax", ["a"], ["y"], name="softmax", axis=-1)],
            [("x", [2, 3, 6])], [("y", [2, 3, 4])], [_init("w", (6, 4), 5), _init("b", (4,), 6)]),
        "reshape_transpose_concat": _model(
            [n("Reshape", ["x", "shape"], ["r"], name="reshape"),
             n("Transpose", ["r"], ["t"], name="transpose", perm=[1, 0, 2]),
             n("Concat", ["t", "t"], ["c"], name="concat", axis=2),
             n("Slice", ["c", "starts", "ends", "axes"], ["y"], name="slice")],
            [("x", [2, 12])], [("y", [3, 2, 6])],
            [numpy_helper.from_array(np.array([2, 3, 4], np.int64), "shape"),
             numpy_helper.from_array(np.array([1], np.int64), "starts"),
             numpy_helper.from_array(np.array([7], np.int64), "ends"),
             numpy_helper.from_array(np.array([2], np.int64), "axes")]),
        "batchnorm_avgpool_flatten": _model(
            [n("BatchNormalization", ["x", "s", "bb", "mean", "var"], ["bn"], name="bn", epsilon=1e-5),
             n("AveragePool", ["bn"], ["p"], name="avg", kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1]),
             n("Flatten", ["p"], ["y"], name="flatten", axis=1)],
            [("x", [2, 3, 6, 6])], [("y", [2, 27])],
            [_init("s", (3,), 7), _init("bb", (3,), 8), _init("mean", (3,), 9),
             numpy_helper.from_array(np.abs(np.random.default_rng(10).standard_normal(3)).astype(np.float32) + 0.5, "var")]),
        "layernorm_pad_clip": _model(
            [n("LayerNormalization", ["x", "g", "beta"], ["ln"], name="ln", axis=-1, epsilon=1e-5),
             n("Pad", ["ln", "pads"], ["p"], name="pad", mode="constant"),
             n("Clip", ["p", "lo", "hi"], ["c"], name="clip"),
             n("ReduceMean", ["c"], ["y"], name="mean", axes=[1], keepdims=1)],
            [("x", [2, 3, 5])], [("y", [2, 1, 7])],
            [_init("g", (5,), 11), _init("beta", (5,), 12),
             numpy_helper.from_array(np.array([0, 0, 1, 0, 0, 1], np.int64), "pads"),
             numpy_helper.from_array(np.array(-0.5, np.float32), "lo"),
             numpy_helper.from_array(np.array(0.5, np.float32), "hi")], opset=17),
        "depthwise_conv_hardswish_gap": _model(
            [n("Conv", ["x", "w"], ["c"], name="dw", group=4, kernel_shape=[3, 3], pads=[1, 1, 1, 1], dilations=[1, 1]),
             n("HardSwish", ["c"], ["h"], name="hswish"), n("GlobalAveragePool", ["h"], ["y"], name="gap")],
            [("x", [1, 4, 5, 5])], [("y", [1, 4, 1, 1])], [_init("w", (4, 1, 3, 3), 13)]),
    }


SEEDS = seed_models()
OP_TYPES = sorted({node.op_type for data in SEEDS.values() for node in onnx.load_from_string(data).graph.node}
                  | {"Tanh", "Exp", "Sqrt", "Div", "Sub", "Pow", "Erf", "Where", "Gather", "Split", "Squeeze",
                     "Unsqueeze", "Expand", "Cast", "Identity", "LeakyRelu", "PRelu", "NonZero", "Loop", "Foo"})
ELEM_TYPES = [0, 1, 2, 3, 6, 7, 9, 10, 11, 16, 17, 99]  # undefined .. bf16, float8, and no such type
INTS = st.one_of(st.integers(-3, 8), st.sampled_from([0, -1, 1 << 31, -(1 << 40), 10**6]))
FLOATS = st.one_of(st.floats(-4, 4, allow_nan=False), st.sampled_from([0.0, -1.0, 1e30, float("nan"), float("inf")]))


@dataclass(frozen=True)
class Case:
    seed: str
    model: onnx.ModelProto | None  # None: `data` is not a parseable ModelProto
    data: bytes
    edits: tuple[str, ...]

    def __repr__(self) -> str:  # what hypothesis prints for a failing case
        return f"Case({self.seed!r}, edits={self.edits!r})"


def _attribute_edit(draw: st.DrawFn, model: onnx.ModelProto) -> str:
    node = draw(st.sampled_from(list(model.graph.node)))
    attrs = list(node.attribute)
    kind = draw(st.sampled_from(["value", "value", "drop", "add"] if attrs else ["add"]))
    if kind == "drop":
        attr = draw(st.sampled_from(attrs))
        node.attribute.remove(attr)
        return f"{node.name}: drop {attr.name}"
    if kind == "add":
        name = draw(st.sampled_from(["axis", "pads", "strides", "kernel_shape", "group", "perm", "keepdims",
                                     "epsilon", "auto_pad", "transA", "ceil_mode", "dilations", "bogus"]))
        value = draw(st.one_of(INTS, st.lists(INTS, min_size=1, max_size=6), FLOATS, st.sampled_from(["SAME_UPPER", "VALID", "x"])))
        for existing in [a for a in node.attribute if a.name == name]:
            node.attribute.remove(existing)
        node.attribute.append(helper.make_attribute(name, value))
        return f"{node.name}: {name}={value!r}"
    attr = draw(st.sampled_from(attrs))
    if attr.type == attr.INT:
        attr.i = draw(INTS)
        return f"{node.name}: {attr.name}={attr.i}"
    if attr.type == attr.INTS:
        values = draw(st.lists(INTS, max_size=6))
        del attr.ints[:]
        attr.ints.extend(values)
        return f"{node.name}: {attr.name}={values}"
    if attr.type == attr.FLOAT:
        attr.f = draw(FLOATS)
        return f"{node.name}: {attr.name}={attr.f}"
    attr.s = draw(st.sampled_from([b"SAME_LOWER", b"VALID", b"reflect", b"edge", b"nonsense", b""]))
    return f"{node.name}: {attr.name}={attr.s!r}"


def _value_info_edit(draw: st.DrawFn, model: onnx.ModelProto) -> str:
    info = draw(st.sampled_from([*model.graph.input, *model.graph.output]))
    tensor_type = info.type.tensor_type
    kind = draw(st.sampled_from(["dim", "dim", "rank", "dtype", "symbolic", "no shape"]))
    if kind == "dtype":
        tensor_type.elem_type = draw(st.sampled_from(ELEM_TYPES))
        return f"{info.name}: elem_type={tensor_type.elem_type}"
    dims = tensor_type.shape.dim
    if kind == "no shape":
        tensor_type.ClearField("shape")
        return f"{info.name}: no shape"
    if kind == "rank":
        if dims and draw(st.booleans()):
            del dims[draw(st.integers(0, len(dims) - 1))]
        else:
            dims.add().dim_value = draw(st.integers(1, 3))
        return f"{info.name}: rank {len(dims)}"
    if not dims:
        return f"{info.name}: scalar kept"
    dim = dims[draw(st.integers(0, len(dims) - 1))]
    if kind == "symbolic":
        dim.dim_param = "N"
        return f"{info.name}: a symbolic dim"
    dim.dim_value = draw(st.sampled_from([0, 1, 2, 3, 5, 7, 16]))
    return f"{info.name}: dim={dim.dim_value}"


def _node_edit(draw: st.DrawFn, model: onnx.ModelProto) -> str:
    nodes = model.graph.node
    node = draw(st.sampled_from(list(nodes)))
    names = [i.name for i in model.graph.input] + [t.name for t in model.graph.initializer] + \
        [o for nd in nodes for o in nd.output]
    kind = draw(st.sampled_from(["input", "input", "drop input", "extra input", "op_type", "drop node", "domain"]))
    if kind == "input" and node.input:
        i = draw(st.integers(0, len(node.input) - 1))
        node.input[i] = draw(st.sampled_from(names + ["", "nowhere"]))
        return f"{node.name}: input {i} = {node.input[i]!r}"
    if kind == "drop input" and node.input:
        del node.input[-1]
        return f"{node.name}: drop its last input"
    if kind == "extra input":
        node.input.append(draw(st.sampled_from(names)))
        return f"{node.name}: one more input"
    if kind == "op_type":
        node.op_type = draw(st.sampled_from(OP_TYPES))
        return f"{node.name}: op_type={node.op_type}"
    if kind == "domain":
        node.domain = draw(st.sampled_from(["com.microsoft", "ai.onnx.ml", "x"]))
        return f"{node.name}: domain={node.domain}"
    nodes.remove(node)
    return f"drop node {node.name}"


def _initializer_edit(draw: st.DrawFn, model: onnx.ModelProto) -> str:
    if not model.graph.initializer:
        return "no initializer"
    tensor = draw(st.sampled_from(list(model.graph.initializer)))
    kind = draw(st.sampled_from(["dims", "dtype", "truncate", "drop"]))
    if kind == "dims":
        dims = draw(st.lists(st.integers(0, 7), max_size=4))
        del tensor.dims[:]
        tensor.dims.extend(dims)
        return f"{tensor.name}: dims={dims}"
    if kind == "dtype":
        tensor.data_type = draw(st.sampled_from(ELEM_TYPES))
        return f"{tensor.name}: data_type={tensor.data_type}"
    if kind == "truncate":
        data = bytes(tensor.raw_data)  # numpy_helper.from_array, the seeds' maker, fills raw_data
        tensor.raw_data = data[:draw(st.integers(0, max(0, len(data) - 1)))]
        return f"{tensor.name}: raw_data cut"
    model.graph.initializer.remove(tensor)
    return f"drop initializer {tensor.name}"


def _opset_edit(draw: st.DrawFn, model: onnx.ModelProto) -> str:
    model.opset_import[0].version = draw(st.sampled_from([1, 6, 7, 9, 11, 12, 13, 18, 21, 22, 99]))
    return f"opset {model.opset_import[0].version}"


EDITS = [_attribute_edit, _attribute_edit, _value_info_edit, _node_edit, _node_edit, _initializer_edit, _opset_edit]


@st.composite
def mutated_onnx(draw: st.DrawFn) -> Case:
    seed = draw(st.sampled_from(sorted(SEEDS)))
    model = onnx.load_from_string(SEEDS[seed])
    if draw(st.integers(0, 9)) == 0:
        data = bytearray(SEEDS[seed])
        edits = []
        for _ in range(draw(st.integers(1, 3))):
            at = draw(st.integers(0, len(data) - 1))
            if draw(st.booleans()):
                data[at] = draw(st.integers(0, 255))
                edits.append(f"byte {at}")
            else:
                del data[at:]
                edits.append(f"cut at {at}")
                break
        return Case(seed, None, bytes(data), tuple(edits))
    edits = tuple(draw(st.sampled_from(EDITS))(draw, model) for _ in range(draw(st.integers(1, 3))))
    return Case(seed, model, b"", edits)


# onnxruntime itself can die (a segfault in InferenceSession on some mutants boltc imports, seen
# under BOLTC_FUZZ_EXPLORE): with BOLTC_FUZZ_ORT_DUMP=PATH each model is written there before
# onnxruntime loads it, so the one that killed the worker is left behind to look at.
ORT_DUMP = os.environ.get("BOLTC_FUZZ_ORT_DUMP", "")


def crashes_onnxruntime(model: onnx.ModelProto) -> bool:
    """Models onnxruntime (1.23) dies on, creating the session (a segfault, no exception): a
    LayerNormalization whose optional bias is given as '' (found under BOLTC_FUZZ_EXPLORE with
    BOLTC_FUZZ_ORT_DUMP; valid ONNX, and boltc's import of it matches onnx's reference)."""
    return any(n.op_type == "LayerNormalization" and len(n.input) > 2 and not n.input[2] for n in model.graph.node)


def _ort_outputs(model: onnx.ModelProto, inputs: dict[str, np.ndarray]) -> list[np.ndarray] | None:
    if ORT_DUMP:
        Path(ORT_DUMP).write_bytes(model.SerializeToString())
    if crashes_onnxruntime(model):  # onnx's own reference evaluator instead: slower, not fatal
        from onnx.reference import ReferenceEvaluator

        try:
            return ReferenceEvaluator(model).run(None, inputs)
        except Exception:  # noqa: BLE001  (as onnxruntime's refusals below)
            return None
    options = ort.SessionOptions()
    options.intra_op_num_threads = options.inter_op_num_threads = 1
    options.log_severity_level = 4  # its refusals are expected here, and not boltc's output
    try:
        session = ort.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])
        return session.run(None, inputs)
    except Exception:  # noqa: BLE001  (onnxruntime refuses many of the mutants: that is fine)
        return None


def onnx_case(case: Case, work_file) -> str:
    if case.model is None:
        work_file.write_bytes(case.data)
        source, name = work_file, str(work_file)
    else:
        source, name = case.model, NAME
    try:
        module = load(source, name=name)
    except BoltcError as e:
        assert_located(e, name)
        return "error"
    if case.model is None:
        return "ok"
    graph_inputs = [i for i in module.ops.first.function_type.inputs.data]  # type: ignore[union-attr]
    rng = np.random.default_rng(0)
    arrays = [rng.standard_normal(tuple(t.get_shape())).astype(np.float32) for t in graph_inputs]
    initialized = {t.name for t in case.model.graph.initializer}
    names = [i.name for i in case.model.graph.input if i.name not in initialized]
    elem = {i.name: i.type.tensor_type.elem_type for i in case.model.graph.input}
    feeds = {n: a.astype(np.float16) if elem[n] == TensorProto.FLOAT16 else a for n, a in zip(names, arrays)}
    got = run_module(module, *feeds.values())
    want = _ort_outputs(case.model, feeds)
    if want is None:
        return "ok, onnxruntime refused"
    assert len(got) == len(want), (len(got), len(want))
    if any(a.size == 0 for a in feeds.values()):
        return "ok, empty"  # a mean over nothing: NaN in numpy and onnx's reference, 0 in onnxruntime
    for g, w in zip(got, want):
        assert g.shape == w.shape, (g.shape, w.shape)
        g, w = g.astype(np.float32), w.astype(np.float32)
        if np.isnan(g).any() and not np.array_equal(np.isnan(g), np.isnan(w)):
            # A NaN (sqrt of a negative, say) inside a max-pool window: boltc propagates it, as
            # torch does; onnxruntime's MaxPool skips it, onnx's reference keeps it or not by
            # its place in the window, and the ONNX spec says nothing. Held: every NaN the
            # others give, and every finite value boltc gives, agree.
            assert np.isnan(g[np.isnan(w)]).all(), "a NaN of onnxruntime's is a number in boltc's output"
            finite = ~np.isnan(g)
            np.testing.assert_allclose(g[finite], w[finite], rtol=1e-3, atol=1e-4)
            return "ok, NaN propagated where onnxruntime skips it"
        # f32 throughout, both sides; summation orders differ (convolution, GEMM, pooling).
        np.testing.assert_allclose(g, w, rtol=1e-3, atol=1e-4)
    return "ok, matches onnxruntime"


def test_a_layer_norm_without_its_bias_is_checked_against_onnxs_reference(tmp_path):
    """The mutant that killed onnxruntime (LayerNormalization's bias given as ''): boltc imports
    it and its output is held to onnx's reference evaluator instead."""
    model = onnx.load_from_string(SEEDS["layernorm_pad_clip"])
    layer_norm = next(n for n in model.graph.node if n.op_type == "LayerNormalization")
    layer_norm.input[2] = ""
    assert crashes_onnxruntime(model)
    assert onnx_case(Case("layernorm_pad_clip", model, b"", ("no bias",)), tmp_path / "m.onnx") == \
        "ok, matches onnxruntime"


def test_seed_models_import_and_match_onnxruntime(tmp_path):
    """The unmutated seeds: if these did not import, every mutant would be a refusal."""
    for seed in SEEDS:
        assert onnx_case(Case(seed, onnx.load_from_string(SEEDS[seed]), b"", ()), tmp_path / "m.onnx") == \
            "ok, matches onnxruntime", seed


def test_mutated_onnx_models_import_correctly_or_are_located_errors(tmp_path_factory):
    work_file = tmp_path_factory.mktemp("fuzz_onnx") / "model.onnx"
    tally = run_cases(mutated_onnx(), lambda case: onnx_case(case, work_file), budget=4000)
    assert tally.outcomes["error"] > 1000 and tally.outcomes["ok, matches onnxruntime"] > 100, tally.outcomes
