"""The ONNX front end against onnxruntime.

The test/data models, exported by torch.onnx (f32, and f16 where torch can export them), are
imported, run by the reference executor and compared with onnxruntime (f32: 1e-4 of the output
range; f16: 3e-2, issue 11's measures), before and after the graph passes. Single-operator
models built with onnx.helper check the opset-dependent forms (Softmax's flattening before
opset 13, Squeeze/Unsqueeze/Split/Clip attributes vs inputs) and the operators whose onnx node
tests feed shape arguments at run time. User mistakes are located BoltcErrors.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")
torch = pytest.importorskip("torch")
from onnx import TensorProto, helper, numpy_helper  # noqa: E402

import boltc  # noqa: E402
from boltc.compiler import optimize  # noqa: E402
from boltc.diagnostics import BoltcError  # noqa: E402
from boltc.frontends import load  # noqa: E402
from boltc.frontends.onnx import OPERATORS, import_onnx, operator_table_markdown  # noqa: E402

REPO = Path(__file__).resolve().parents[3]
DATA = REPO / "test" / "data"
sys.path.insert(0, str(DATA))
import make_models  # noqa: E402

F32_RTOL = 1e-4
HALF_RTOL = 3e-2


def relative_error(got: np.ndarray, want: np.ndarray) -> float:
    got, want = np.asarray(got, np.float32), np.asarray(want, np.float32)
    assert got.shape == want.shape, (got.shape, want.shape)
    scale = float(np.abs(want).max()) or 1.0
    return float(np.abs(got - want).max()) / scale


def onnxruntime(model, inputs) -> list[np.ndarray]:
    data = model if isinstance(model, (str, Path)) else model.SerializeToString()
    session = ort.InferenceSession(str(data) if isinstance(data, Path) else data, providers=["CPUExecutionProvider"])
    names = [i.name for i in session.get_inputs()]
    return session.run(None, dict(zip(names, inputs)))


def export(model, inputs, path: Path, opset: int = 17) -> Path:
    torch.onnx.export(model, inputs, str(path), dynamo=False, opset_version=opset)
    return path


# torch's TorchScript ONNX exporter (dynamo=False, which needs no onnxscript) cannot trace
# nn.TransformerEncoderLayer: "scaled_dot_product_attention(): argument 'is_causal' (position 6)
# must be bool, not Tensor" (torch 2.13). Its linalg export is tested with the other models.
NOT_EXPORTABLE = {"encoder_layer"}
MODELS = {name: (model, inputs) for name, model, inputs in make_models.build_models() if name not in NOT_EXPORTABLE}


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> dict[str, tuple[Path, list[np.ndarray]]]:
    out = {}
    root = tmp_path_factory.mktemp("onnx_models")
    for name, (model, inputs) in MODELS.items():
        path = export(model.float().eval(), inputs, root / f"{name}.onnx")
        out[name] = (path, [x.numpy() for x in inputs])
    return out


@pytest.mark.parametrize("name", sorted(MODELS))
def test_data_models_match_onnxruntime(name: str, exported):
    path, inputs = exported[name]
    want = onnxruntime(path, inputs)
    got = boltc.interpret(str(path), *inputs)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert relative_error(g, w) < F32_RTOL


@pytest.mark.parametrize("name", sorted(MODELS))
def test_data_models_match_after_the_graph_passes(name: str, exported):
    """The graph passes take what the importer emits; f16 compute (the default) within 3e-2."""
    path, inputs = exported[name]
    want = onnxruntime(path, inputs)
    module = load(str(path))
    optimize(module)
    got = boltc.interpret(module, *inputs)
    for g, w in zip(got, want):
        assert relative_error(g, w) < HALF_RTOL


@pytest.mark.parametrize("name", ["resnet_block", "small_cnn", "mlp_gelu"])
def test_half_exports_keep_half_types(name: str, tmp_path: Path):
    model, inputs = MODELS[name]
    half_inputs = tuple(x.half() for x in inputs)
    path = export(model.half().eval(), half_inputs, tmp_path / f"{name}_f16.onnx")
    model.float()
    module = load(str(path))
    assert "f16" in str(module.body.block.first_op.function_type)
    want = onnxruntime(path, [x.numpy() for x in half_inputs])
    got = boltc.interpret(module, *[x.numpy() for x in half_inputs])
    for g, w in zip(got, want):
        assert g.dtype == np.float16
        assert relative_error(g, w) < HALF_RTOL


# ---- single operators, opset by opset ----------------------------------------------------------------

def single(op: str, inputs: dict[str, np.ndarray], opset: int, initializers: dict[str, np.ndarray] | None = None,
           outputs: int = 1, **attrs):
    """A model of one node: `inputs` are run-time f32 inputs, `initializers` known ones."""
    initializers = initializers or {}
    names = [*inputs, *initializers]
    node = helper.make_node(op, names, [f"y{i}" for i in range(outputs)], **attrs)
    graph = helper.make_graph(
        [node], op.lower(),
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, v.shape) for n, v in inputs.items()],
        [helper.make_tensor_value_info(f"y{i}", TensorProto.FLOAT, None) for i in range(outputs)],
        [numpy_helper.from_array(v, n) for n, v in initializers.items()],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    inferred = {v.name: v for v in onnx.shape_inference.infer_shapes(model).graph.value_info}
    inferred.update({v.name: v for v in onnx.shape_inference.infer_shapes(model).graph.output})
    for out in model.graph.output:  # the checker wants every output's shape
        out.CopyFrom(inferred[out.name])
    return model


RNG = np.random.default_rng(0)
X3 = RNG.standard_normal((2, 3, 4)).astype(np.float32)
X4 = RNG.standard_normal((2, 3, 7, 9)).astype(np.float32)
I64 = np.int64

CASES = {
    # Softmax before opset 13 flattens at axis; from 13 on it normalizes along axis only.
    "softmax_opset9_axis1": (single("Softmax", {"x": X3}, 9, axis=1), [X3]),
    "softmax_opset13_axis1": (single("Softmax", {"x": X3}, 13, axis=1), [X3]),
    "logsoftmax_opset11_default": (single("LogSoftmax", {"x": X3}, 11), [X3]),
    "logsoftmax_opset13_default": (single("LogSoftmax", {"x": X3}, 13), [X3]),
    "squeeze_opset11_attr": (single("Squeeze", {"x": X3[:, :1]}, 11, axes=[1]), [X3[:, :1]]),
    "squeeze_opset13_input": (single("Squeeze", {"x": X3[:, :1]}, 13, {"axes": np.array([1], I64)}), [X3[:, :1]]),
    "unsqueeze_opset11_attr": (single("Unsqueeze", {"x": X3}, 11, axes=[0, 3]), [X3]),
    "unsqueeze_opset13_input": (single("Unsqueeze", {"x": X3}, 13, {"axes": np.array([-1, 0], I64)}), [X3]),
    "split_opset11_attr": (single("Split", {"x": X3}, 11, outputs=2, axis=2, split=[1, 3]), [X3]),
    "split_opset13_input": (single("Split", {"x": X3}, 13, {"split": np.array([3, 1], I64)}, outputs=2, axis=2), [X3]),
    "split_opset18_num_outputs": (single("Split", {"x": X3}, 18, outputs=2, axis=2, num_outputs=2), [X3]),
    "clip_opset9_attr": (single("Clip", {"x": X3}, 9, min=-0.5, max=0.25), [X3]),
    "clip_opset13_input": (single("Clip", {"x": X3}, 13, {"min": np.array(-0.5, np.float32),
                                                           "max": np.array(0.25, np.float32)}), [X3]),
    # Operators whose onnx node tests feed shape arguments at run time: here they are known.
    "reshape_zero_minus_one": (single("Reshape", {"x": X4}, 13, {"s": np.array([0, -1, 9], I64)}), [X4]),
    "slice_steps": (single("Slice", {"x": X4}, 13, {"b": np.array([1, -6], I64), "e": np.array([7, 100], I64),
                                                    "a": np.array([2, 3], I64), "s": np.array([2, 3], I64)}), [X4]),
    "gather_scalar": (single("Gather", {"x": X4}, 13, {"i": np.array(-1, I64)}, axis=1), [X4]),
    "gather_indices": (single("Gather", {"x": X4}, 13, {"i": np.array([[2, 0], [1, 1]], I64)}, axis=3), [X4]),
    "expand": (single("Expand", {"x": X3[:, :1]}, 13, {"s": np.array([3, 2, 5, 4], I64)}), [X3[:, :1]]),
    "pad_constant": (single("Pad", {"x": X4}, 13, {"p": np.array([0, 0, 1, 2, 0, 1, 3, 0], I64),
                                                   "v": np.array(0.5, np.float32)}), [X4]),
    "reduce_mean_opset13_attr": (single("ReduceMean", {"x": X4}, 13, axes=[2, 3], keepdims=0), [X4]),
    "reduce_sum_opset13_input": (single("ReduceSum", {"x": X4}, 13, {"a": np.array([1], I64)}), [X4]),
    # Windows.
    "conv_same_upper": (single("Conv", {"x": X4}, 13, {"w": RNG.standard_normal((4, 3, 3, 2)).astype(np.float32)},
                               auto_pad="SAME_UPPER", strides=[2, 2]), [X4]),
    "conv_groups_dilations": (single("Conv", {"x": X4[:, :2]}, 13, {"w": RNG.standard_normal((4, 1, 2, 3)).astype(np.float32),
                                                                    "b": RNG.standard_normal(4).astype(np.float32)},
                                     group=2, dilations=[2, 1], pads=[1, 0, 0, 2]), [X4[:, :2]]),
    "avgpool_ceil_exclude_pad": (single("AveragePool", {"x": X4}, 13, kernel_shape=[3, 3], strides=[2, 2],
                                        pads=[1, 1, 1, 1], ceil_mode=1), [X4]),
    "avgpool_include_pad": (single("AveragePool", {"x": X4}, 13, kernel_shape=[2, 3], pads=[1, 1, 0, 1],
                                   count_include_pad=1), [X4]),
    "maxpool_same_lower": (single("MaxPool", {"x": X4}, 13, kernel_shape=[3, 2], strides=[2, 2],
                                  auto_pad="SAME_LOWER"), [X4]),
    "lrn": (single("LRN", {"x": X4}, 13, size=3, alpha=1e-2, beta=0.75, bias=2.0), [X4]),
    "gemm_attrs": (single("Gemm", {"a": X4[0, 0].T.copy()}, 13, {"b": X4[1, 1].copy(), "c": X4[0, 1, 0, :7].copy()},
                          transA=1, transB=1, alpha=0.5, beta=2.0), [X4[0, 0].T.copy()]),
    "matmul_broadcast": (single("MatMul", {"a": X4}, 13, {"b": X4[0, :1].transpose(0, 2, 1).copy()}), [X4]),
    "layernorm_axis": (single("LayerNormalization", {"x": X4}, 17, {"g": X4[0, 0], "b": X4[1, 0]}, axis=2), [X4]),
    "batchnorm_known": (single("BatchNormalization", {"x": X4}, 9, {"s": X3[0, :, 0].copy(), "b": X3[0, :, 1].copy(),
                                                                 "m": X3[1, :, 0].copy(), "v": np.abs(X3[1, :, 1])}), [X4]),
    "gelu_tanh": (single("Gelu", {"x": X3}, 20, approximate="tanh"), [X3]),
    "hardsigmoid": (single("HardSigmoid", {"x": X3}, 13, alpha=0.3, beta=0.4), [X3]),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_single_operators_match_onnxruntime(case: str):
    model, inputs = CASES[case]
    want = onnxruntime(model, inputs)
    got = boltc.interpret(model, *inputs)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert relative_error(g, w) < F32_RTOL


def test_softmax_opsets_differ():
    """The two forms of Softmax give different numbers on a 3-D input: both are translated."""
    before, after = (boltc.interpret(CASES[c][0], X3)[0] for c in ("softmax_opset9_axis1", "softmax_opset13_axis1"))
    assert not np.allclose(before, after)


def test_erf_gelu_pattern_becomes_one_gelu():
    """x * 0.5 * (1 + erf(x / sqrt 2)), as exporters write exact GELU, is raised to bolt.ew.gelu."""
    nodes = [helper.make_node("Div", ["x", "r"], ["d"]), helper.make_node("Erf", ["d"], ["e"]),
             helper.make_node("Add", ["e", "one"], ["a"]), helper.make_node("Mul", ["a", "half"], ["m"]),
             helper.make_node("Mul", ["x", "m"], ["y"])]
    consts = [numpy_helper.from_array(np.array(v, np.float32), n) for n, v in
              (("r", np.sqrt(2.0)), ("one", 1.0), ("half", 0.5))]
    graph = helper.make_graph(nodes, "gelu", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [4, 5])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [4, 5])], consts)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    text = str(load(model))
    assert "bolt.ew.gelu" in text and "bolt.ew.erf" not in text
    x = X3.reshape(4, 6)[:, :5].copy()
    assert relative_error(boltc.interpret(model, x)[0], onnxruntime(model, [x])[0]) < F32_RTOL


def test_shape_arithmetic_is_folded(tmp_path: Path):
    """torch.onnx's flatten-by-shape idiom (Shape, Gather, Unsqueeze, Concat, Reshape) imports
    as one reshape: the shape arithmetic is folded at compile time."""
    class Flatten(torch.nn.Module):
        def forward(self, x):
            return torch.relu(x.view(x.size(0), -1))

    x = torch.randn(2, 3, 4)
    path = export(Flatten(), (x,), tmp_path / "flatten.onnx", opset=11)
    ops = {n.op_type for n in onnx.load(path).graph.node}
    text = str(load(str(path)))
    assert "bolt.reshape" in text and "bolt.ew.relu" in text
    assert relative_error(boltc.interpret(str(path), x.numpy())[0], onnxruntime(path, [x.numpy()])[0]) < F32_RTOL
    del ops


def test_operator_docs_are_generated_from_the_table():
    """docs/onnx-operators.md is `python -m boltc.frontends.onnx --operators`; regenerate it."""
    committed = (REPO / "docs" / "onnx-operators.md").read_text()
    assert committed == operator_table_markdown(), (
        "docs/onnx-operators.md is out of date: python -m boltc.frontends.onnx --operators > docs/onnx-operators.md")
    for name in OPERATORS:
        assert f"| {name} |" in committed


# ---- mistakes ----------------------------------------------------------------------------------------

def test_every_unsupported_node_is_listed_at_once_with_its_name():
    nodes = [helper.make_node("Relu", ["x"], ["r"], name="act"),
             helper.make_node("Hardmax", ["r"], ["h"], name="hardmax_node"),
             helper.make_node("Relu", ["h"], ["r2"], name="after"),
             helper.make_node("TopK", ["r2", "k"], ["v", "i"], name="topk_node")]
    graph = helper.make_graph(nodes, "bad", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])],
                              [helper.make_tensor_value_info("v", TensorProto.FLOAT, [2, 1])],
                              [numpy_helper.from_array(np.array([1], np.int64), "k")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    with pytest.raises(BoltcError) as info:
        import_onnx(model, name="bad.onnx")
    message = str(info.value)
    assert message.startswith("bad.onnx: error: 2 nodes of the model cannot be imported")
    assert "node 'hardmax_node': Hardmax: boltc has no translation" in message
    assert "node 'topk_node': TopK: boltc has no translation" in message
    assert "after" not in message  # a consequence, not a second problem


def test_missing_file():
    with pytest.raises(BoltcError, match=r"^nope\.onnx: error: no such file$"):
        boltc.interpret("nope.onnx", np.zeros(1, np.float32))


@pytest.mark.parametrize("cut", [0.0, 0.5, 0.97])
def test_truncated_file_is_an_error_naming_it(cut: float, exported, tmp_path: Path):
    path, _ = exported["small_cnn"]
    data = path.read_bytes()
    bad = tmp_path / "truncated.onnx"
    bad.write_bytes(data[: int(len(data) * cut)])
    with pytest.raises(BoltcError) as info:
        load(str(bad))
    assert str(info.value).startswith(f"{bad}: error: ")


def test_garbage_file_is_an_error_naming_it(tmp_path: Path):
    bad = tmp_path / "garbage.onnx"
    bad.write_bytes(b"\x08\x07this is not protobuf\xff\xff\xff\xff")
    with pytest.raises(BoltcError, match=f"^{bad}: error: not "):
        load(str(bad))


def _dynamic_batch_model():
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 3])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N", 3])
    graph = helper.make_graph([helper.make_node("Relu", ["x"], ["y"])], "dyn", [x], [y])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])


def test_dynamic_dimension_says_what_to_do():
    with pytest.raises(BoltcError) as info:
        import_onnx(_dynamic_batch_model(), name="dyn.onnx")
    message = str(info.value)
    assert message.startswith("dyn.onnx: node 'x': error: input 'x' has a dynamic dimension 0 ('N')")
    assert "input_shapes" in message and "example_inputs" in message


def test_dynamic_dimension_fixed_by_input_shapes_or_example_inputs():
    x = -X3[0].reshape(4, 3)
    module = import_onnx(_dynamic_batch_model(), input_shapes={"x": [4, 3]})
    np.testing.assert_array_equal(boltc.interpret(module, x)[0], np.maximum(x, 0))
    module = load(_dynamic_batch_model(), (x,))  # what boltc.compile(model, example_inputs) does
    np.testing.assert_array_equal(boltc.interpret(module, x)[0], np.maximum(x, 0))


def test_wrong_example_inputs():
    with pytest.raises(BoltcError, match=r"example input 0 has shape \[4, 5\], the model's input 'x' takes \['N', 3\]"):
        load(_dynamic_batch_model(), (np.zeros((4, 5), np.float32),))
    with pytest.raises(BoltcError, match="takes 1 input"):
        load(_dynamic_batch_model(), (np.zeros((4, 3), np.float32), np.zeros((4, 3), np.float32)))
    model, inputs = CASES["softmax_opset13_axis1"]
    with pytest.raises(BoltcError, match=r"example input 0 has shape \[3, 2\]"):
        load(model, (np.zeros((3, 2), np.float32),))


def test_integer_inputs_and_outputs_are_refused():
    x = helper.make_tensor_value_info("x", TensorProto.INT64, [2])
    graph = helper.make_graph([helper.make_node("Neg", ["x"], ["y"])], "ints", [x],
                              [helper.make_tensor_value_info("y", TensorProto.INT64, [2])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    with pytest.raises(BoltcError, match="input 'x' is a int64 tensor: boltc models take float32"):
        import_onnx(model)


@pytest.mark.parametrize("alpha", [0.0, -0.0])
def test_celu_of_alpha_zero_is_refused_at_its_node(alpha):
    """CELU divides x by alpha; alpha = 0 (schema-valid) died with Python's ZeroDivisionError,
    reported as an internal error."""
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])
    graph = helper.make_graph([helper.make_node("Celu", ["x"], ["y"], name="celu", alpha=alpha)], "g", [x],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 3])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    with pytest.raises(BoltcError, match=r"node 'celu': error: Celu: alpha = 0: CELU divides x by alpha"):
        import_onnx(model)


def test_celu_of_another_alpha_matches_onnxruntime():
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])
    graph = helper.make_graph([helper.make_node("Celu", ["x"], ["y"], name="celu", alpha=0.5)], "g", [x],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 3])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    inputs = np.random.default_rng(1).standard_normal((2, 3)).astype(np.float32)
    (got,) = boltc.interpret(model, inputs)
    (want,) = onnxruntime(model, [inputs])
    assert relative_error(got, want) < 1e-5


def test_model_proto_and_cli_forms_agree(exported):
    """A ModelProto and its file import to the same bolt text (modulo locations)."""
    path, _ = exported["mlp_gelu"]
    from_file = load(str(path))
    from_proto = load(onnx.load(path))
    assert str(from_file) == str(from_proto)
