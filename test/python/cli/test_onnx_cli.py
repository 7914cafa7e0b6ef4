"""`boltc model.onnx`: an ONNX file through the real command (issue 11)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from cli_helpers import DATA, run_boltc

onnx = pytest.importorskip("onnx")  # CI installs it; the front end is optional
torch = pytest.importorskip("torch")
from onnx import TensorProto, helper, numpy_helper  # noqa: E402

sys.path.insert(0, str(DATA))
import make_models  # noqa: E402


@pytest.fixture(scope="module")
def resnet_block_onnx(tmp_path_factory) -> Path:
    model, inputs = next((m, x) for n, m, x in make_models.build_models() if n == "resnet_block")
    path = tmp_path_factory.mktemp("onnx") / "resnet_block.onnx"
    torch.onnx.export(model.eval(), inputs, str(path), dynamo=False, opset_version=13)
    return path


def test_onnx_emits_the_same_bolt_as_the_linalg_export_modulo_names(resnet_block_onnx: Path):
    from_onnx = run_boltc(resnet_block_onnx, "--emit", "bolt")
    assert from_onnx.returncode == 0, from_onnx.stderr
    from_mlir = run_boltc(DATA / "resnet_block.mlir", "--emit", "bolt")
    for op in ("bolt.conv2d", "bolt.gemm", "bolt.pool2d"):
        assert from_onnx.stdout.count(op) == from_mlir.stdout.count(op), op
    assert from_onnx.stdout.count("bolt.conv2d") > 0


def test_onnx_emits_the_imported_bolt(resnet_block_onnx: Path, out_dir: Path):
    out = out_dir / "imported.mlir"
    result = run_boltc(resnet_block_onnx, "--emit", "imported", "-o", out)
    assert result.returncode == 0, result.stderr
    assert "bolt.conv2d" in out.read_text()


@pytest.mark.parametrize("content", [b"", b"\x08\x07not protobuf\xff\xff\xff", None], ids=["empty", "garbage", "truncated"])
def test_a_bad_onnx_is_one_located_error_and_nothing_written(content, resnet_block_onnx: Path, tmp_path: Path,
                                                             out_dir: Path):
    bad = tmp_path / "model.onnx"
    data = resnet_block_onnx.read_bytes()
    bad.write_bytes(content if content is not None else data[: len(data) // 3])
    result = run_boltc(bad, "-o", out_dir / "model.so")
    assert result.returncode == 1
    assert result.stderr.startswith(f"{bad}: error: "), result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.splitlines()) == 1
    assert not any(out_dir.iterdir())


def test_a_missing_onnx_file(out_dir: Path):
    result = run_boltc("nope.onnx", "--emit", "bolt")
    assert result.returncode == 1
    assert result.stderr.strip() == "nope.onnx: error: no such file"


def test_an_unsupported_op_names_the_node(tmp_path: Path, out_dir: Path):
    nodes = [helper.make_node("Relu", ["x"], ["r"], name="first_relu"),
             helper.make_node("Hardmax", ["r"], ["y"], name="my_hardmax")]
    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 3])])
    path = tmp_path / "hardmax.onnx"
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]), path)
    result = run_boltc(path, "-o", out_dir / "model.so")
    assert result.returncode == 1
    assert result.stderr.startswith(f"{path}: node 'my_hardmax': error: Hardmax: boltc has no translation")
    assert "Traceback" not in result.stderr
    assert not any(out_dir.iterdir())


def test_a_dynamic_batch_says_how_to_fix_it(tmp_path: Path):
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", 3])
    graph = helper.make_graph([helper.make_node("Relu", ["x"], ["y"])], "g", [x],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["batch", 3])])
    path = tmp_path / "dynamic.onnx"
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]), path)
    result = run_boltc(path, "--emit", "bolt")
    assert result.returncode == 1
    assert "dynamic dimension 0 ('batch')" in result.stderr and "input_shapes" in result.stderr
    assert "Traceback" not in result.stderr


def test_weights_of_an_onnx_file_are_embedded(tmp_path: Path):
    w = np.arange(6, dtype=np.float32).reshape(3, 2)
    graph = helper.make_graph([helper.make_node("MatMul", ["x", "w"], ["y"])], "g",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [4, 3])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [4, 2])],
                              [numpy_helper.from_array(w, "w")])
    path = tmp_path / "matmul.onnx"
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]), path)
    result = run_boltc(path, "--emit", "imported")
    assert result.returncode == 0, result.stderr
    assert "bolt.gemm" in result.stdout and "bolt.constant" in result.stdout
