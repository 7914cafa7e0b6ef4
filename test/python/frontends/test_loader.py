"""boltc.frontends.load: the one place that decides what a model is."""

from __future__ import annotations

import zipfile
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects import func

import boltc
from boltc.diagnostics import BoltcError
from boltc.dialects import bolt
from boltc.frontends import ModelKind, classify, load, model_name
from boltc.frontends.source import parse_mlir_text

DATA = Path(__file__).parents[2] / "data"
ADD_ONE = """func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %one = bolt.constant dense<1.0> : tensor<f32>
  %y = bolt.ew.add %x, %one : tensor<2x3xf32>, tensor<f32> -> tensor<2x3xf32>
  func.return %y : tensor<2x3xf32>
}
"""


def test_kinds_by_type_suffix_and_content(tmp_path: Path):
    mlir = tmp_path / "m.mlir"
    mlir.write_text(ADD_ONE)
    text_without_suffix = tmp_path / "model.txt"
    text_without_suffix.write_text(ADD_ONE)
    archive = tmp_path / "exported"  # a zip without the .pt2 suffix: torch.export.save's format
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("archive/version", "1")
    (tmp_path / "m.onnx").write_bytes(b"\x08\x07")
    (tmp_path / "m.pt2").write_bytes(b"PK\x03\x04")
    assert classify(ADD_ONE) is ModelKind.MLIR_TEXT
    assert classify(parse_mlir_text(ADD_ONE)) is ModelKind.MLIR_MODULE
    assert classify(mlir) is ModelKind.MLIR_FILE
    assert classify(str(mlir)) is ModelKind.MLIR_FILE
    assert classify(text_without_suffix) is ModelKind.MLIR_FILE
    assert classify(archive) is ModelKind.TORCH_FILE
    assert classify(tmp_path / "m.onnx") is ModelKind.ONNX_FILE
    assert classify(str(tmp_path / "m.pt2")) is ModelKind.TORCH_FILE


@pytest.mark.parametrize("name", ["nope.onnx", "nope.pt2", "nope.mlir", "nope"])
def test_a_missing_file_is_no_such_file_whatever_its_suffix(name, tmp_path: Path):
    missing = tmp_path / name
    for model in (missing, str(missing)):
        with pytest.raises(BoltcError, match="no such file") as caught:
            load(model)
        assert str(caught.value).startswith(str(missing))
    with pytest.raises(BoltcError, match="no such file"):
        boltc.interpret(str(missing), np.zeros(3, np.float32))


def test_binary_file_of_unknown_kind_and_directory(tmp_path: Path):
    blob = tmp_path / "weights.bin"
    blob.write_bytes(b"\x00\x01\x02" * 10)
    with pytest.raises(BoltcError, match=r"binary file of unknown kind.*\.pt2.*\.onnx"):
        load(blob)
    with pytest.raises(BoltcError, match="is a directory"):
        load(tmp_path)


def test_other_objects_are_refused_with_what_is_accepted():
    with pytest.raises(BoltcError, match=r"boltc takes an \.mlir, \.pt2 or \.onnx path.*got builtins\.int"):
        load(42)
    with pytest.raises(BoltcError, match="the input is empty"):
        load("   ")


def test_mlir_is_imported_and_raised():
    module = load(DATA / "ops" / "gelu_erf.mlir")
    main = next(op for op in module.ops if isinstance(op, func.FuncOp))
    assert any(isinstance(op, bolt.GeluOp) for op in main.walk())  # raised, not five scalar ops
    assert not any(op.dialect_name() in ("linalg", "arith", "tensor") for op in main.walk())


def test_example_inputs_are_checked_for_non_torch_models():
    x = np.zeros((2, 3), np.float32)
    load(ADD_ONE, (x,))
    load(ADD_ONE, x)  # one array is one input
    with pytest.raises(BoltcError, match=r"takes 1 input\(s\), 2 example input\(s\) were given"):
        load(ADD_ONE, (x, x))
    with pytest.raises(BoltcError, match=r"example input 0 has shape \[3, 2\], the model takes \[2, 3\]"):
        load(ADD_ONE, (x.T,))


def test_model_names():
    assert model_name("dir/resnet.onnx") == "resnet"
    assert model_name(Path("a/b.pt2")) == "b"
    assert model_name(ADD_ONE, default="main") == "main"


def test_interpret_runs_mlir_as_written_and_files_of_every_kind(tmp_path: Path):
    saved = np.load(DATA / "mlp_gelu.npz")
    (raw,) = boltc.interpret(DATA / "mlp_gelu.mlir", saved["input0"])
    np.testing.assert_allclose(raw, saved["output0"], rtol=1e-4, atol=1e-5)


def test_compile_takes_arch_by_keyword_only():
    import inspect

    from boltc.compiler import compile as compile_model

    parameters = inspect.signature(compile_model).parameters
    assert list(parameters)[:2] == ["model", "example_inputs"]
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for name, p in parameters.items()
               if name not in ("model", "example_inputs"))
    with pytest.raises(BoltcError, match=r"unknown arch 'sm_70'"):
        boltc.compile(ADD_ONE, arch="sm_70")


FORWARD = """\
func.func @forward(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %z = tensor.empty() : tensor<4x16xf32>
  %c = arith.constant 0.0 : f32
  %f = linalg.fill ins(%c : f32) outs(%z : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
"""


@pytest.mark.parametrize("name", ["forward", "main", "main3"])
def test_example_inputs_are_checked_against_the_function_that_runs(name):
    """Found by the fuzz suite: a mutant renaming @main (to @main3) still imports and runs (the
    runner takes a module's only public function for main). The example inputs were checked
    only against a function named main, so a module whose one function is @forward took
    wrong-shaped ones silently; they are now checked against the function the runner runs."""
    text = FORWARD.replace("@forward", f"@{name}")
    right = [np.zeros((4, 8), np.float32), np.ones((8, 16), np.float32)]
    module = load(text, right, name="fwd.mlir")
    (out,) = boltc.interpret(module, *right)
    assert out.shape == (4, 16)
    with pytest.raises(BoltcError, match=r"^fwd\.mlir: error: example input 0 has shape \[3, 8\], the model takes \[4, 8\]"):
        load(text, [np.zeros((3, 8), np.float32), right[1]], name="fwd.mlir")


def test_example_inputs_are_checked_against_the_function_compiled():
    """boltc.compile(..., function="forward") checked its example inputs against @main, so a
    module holding both refused the right inputs for @forward (and would have taken @main's)."""
    from boltc.compiler import lower

    main = FORWARD.replace("@forward", "@main").replace("4x8", "2x8").replace("4x16", "2x16")
    text = main + "\n" + FORWARD
    forward_inputs = [np.zeros((4, 8), np.float32), np.zeros((8, 16), np.float32)]
    _, name = lower(text, forward_inputs, function="forward")
    assert name == "forward"
    with pytest.raises(BoltcError, match=r"^<input>: error: example input 0 has shape \[4, 8\], the model takes \[2, 8\]"):
        lower(text, forward_inputs)  # function="main"
    with pytest.raises(BoltcError, match=r"example input 0 has shape \[2, 8\], the model takes \[4, 8\]"):
        lower(text, [np.zeros((2, 8), np.float32), forward_inputs[1]], function="forward")
