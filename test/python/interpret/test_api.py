"""boltc.interpret / boltc.interpret.run_module as users call them: models as paths, text or
modules; inputs checked and converted; results always a tuple of fresh arrays; located errors."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import boltc
from boltc.diagnostics import BoltcError
from boltc.frontends.source import parse_mlir_text
from boltc.interpret import run_module

ADD_ONE = """func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %one = bolt.constant dense<1.000000e+00> : tensor<f32>
  %y = bolt.ew.add %x, %one : tensor<2x3xf32>, tensor<f32> -> tensor<2x3xf32>
  func.return %y : tensor<2x3xf32>
}
"""


def test_boltc_interpret_is_the_package_and_callable():
    import boltc.interpret as package

    assert boltc.interpret is package and callable(package)
    assert boltc.interpret.run_module is run_module


@pytest.mark.parametrize("as_model", ["text", "path", "str_path", "module"])
def test_models_as_path_text_or_module(as_model, tmp_path: Path):
    path = tmp_path / "add_one.mlir"
    path.write_text(ADD_ONE)
    model = {"text": ADD_ONE, "path": path, "str_path": str(path), "module": parse_mlir_text(ADD_ONE)}[as_model]
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    got = boltc.interpret(model, x)
    assert isinstance(got, tuple) and len(got) == 1
    np.testing.assert_array_equal(got[0], x + 1)


def test_inputs_are_converted_to_the_argument_element_type():
    text = ADD_ONE.replace("f32", "f16")
    (y,) = boltc.interpret(text, np.full((2, 3), 1 / 3))  # float64 in
    assert y.dtype == np.float16
    np.testing.assert_array_equal(y, np.float16(np.float16(1 / 3) + np.float16(1)))


def test_results_are_fresh_writable_arrays():
    text = """func.func @main(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<2x3xf32>) {
  %b = bolt.broadcast %x dimensions [0] : tensor<3xf32> -> tensor<2x3xf32>
  func.return %x, %b : tensor<3xf32>, tensor<2x3xf32>
}"""
    x = np.array([1, 2, 3], np.float32)
    same, wide = boltc.interpret(text, x)
    assert not np.shares_memory(same, x) and same.flags.writeable and wide.flags.writeable
    same[0] = 9
    assert x[0] == 1


def test_wrong_input_count_and_shape_are_boltc_errors():
    x = np.zeros((2, 3), np.float32)
    with pytest.raises(BoltcError, match=r"@main takes 1 input\(s\), got 2"):
        boltc.interpret(ADD_ONE, x, x)
    with pytest.raises(BoltcError, match=r"input 0 has shape \[3, 2\].*tensor<2x3xf32>") as caught:
        boltc.interpret(ADD_ONE, x.T)
    assert str(caught.value).startswith("<input>:1:")  # at the function


def test_function_selection():
    two = """func.func @first(%x: tensor<2xf32>) -> tensor<2xf32> {
  func.return %x : tensor<2xf32>
}
func.func private @helper(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = bolt.ew.neg %x : tensor<2xf32> -> tensor<2xf32>
  func.return %y : tensor<2xf32>
}"""
    x = np.array([1, 2], np.float32)
    # No @main, one public function: that one.
    np.testing.assert_array_equal(boltc.interpret(two, x)[0], x)
    np.testing.assert_array_equal(boltc.interpret(two, x, function="helper")[0], -x)
    with pytest.raises(BoltcError, match="no function @other.*@first, @helper"):
        boltc.interpret(two, x, function="other")


def test_func_call():
    text = """func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = func.call @twice(%x) : (tensor<2xf32>) -> tensor<2xf32>
  func.return %y : tensor<2xf32>
}
func.func private @twice(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = bolt.ew.add %x, %x : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  func.return %y : tensor<2xf32>
}"""
    np.testing.assert_array_equal(boltc.interpret(text, np.array([1, 2], np.float32))[0], [2, 4])


def test_an_op_without_implementation_is_a_located_error():
    text = """func.func @main(%x: f32) -> f32 {
  %y = math.cbrt %x : f32
  func.return %y : f32
}"""
    with pytest.raises(BoltcError, match="'math.cbrt': the reference interpreter has no implementation") as caught:
        boltc.interpret(text, 8.0)
    assert str(caught.value).startswith("<input>:2:")


def test_resource_keys_shared_by_two_modules_keep_their_own_data():
    def module_with(value: float) -> str:
        blob = "0x04000000" + np.array([value], "<f4").tobytes().hex()
        return f"""func.func @main() -> tensor<1xf32> {{
  %c = bolt.constant dense_resource<shared_key> : tensor<1xf32>
  func.return %c : tensor<1xf32>
}}
{{-#
  dialect_resources: {{ builtin: {{ shared_key: "{blob}" }} }}
#-}}"""

    first, second = parse_mlir_text(module_with(1.0)), parse_mlir_text(module_with(2.0))
    assert run_module(first)[0][0] == 1.0 and run_module(second)[0][0] == 2.0
