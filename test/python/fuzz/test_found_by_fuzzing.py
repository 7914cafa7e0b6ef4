"""Regression tests: inputs the fuzz suite found crashing or misreported, each now one located
BoltcError (file, line, op)."""

from __future__ import annotations

import numpy as np
import pytest

import boltc
from boltc.diagnostics import BoltcError
from boltc.frontends import load

SWAPPED_LINES = """\
func.func @main(%arg0: tensor<2x4x6xf32>) -> tensor<6x2x4xf32> {
  %t = linalg.transpose ins(%arg0 : tensor<2x4x6xf32>) outs(%e : tensor<6x2x4xf32>) permutation = [2, 0, 1]
  %e = tensor.empty() : tensor<6x2x4xf32>
  return %t : tensor<6x2x4xf32>
}
"""


def test_a_value_used_before_its_definition_is_located():
    """xDSL does not check dominance: this parsed, imported, and the reference executor died
    with `KeyError: No value for key`."""
    with pytest.raises(BoltcError, match=r"^<input>:2:3: error: 'linalg.transpose': %e is used before it is "
                                         r"defined \(line 3\)$"):
        boltc.interpret(SWAPPED_LINES, np.zeros((2, 4, 6), np.float32))
    with pytest.raises(BoltcError, match=r"used before it is defined"):
        load(SWAPPED_LINES)


def test_a_value_from_inside_another_ops_region_is_located():
    text = """\
func.func @main(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %0 = bolt.gemm %a, %b : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32> {
  ^bb0(%acc: tensor<4x16xf32>):
    %r = bolt.ew.relu %acc : tensor<4x16xf32> -> tensor<4x16xf32>
    bolt.yield %r : tensor<4x16xf32>
  }
  func.return %0 : tensor<4x16xf32>
}
"""
    # The parser's scoping refuses this in text; IR built or rewritten in Python reaches it.
    from xdsl.dialects import func

    from boltc.frontends.source import parse_mlir_text, verify_module

    module = parse_mlir_text(text)
    ret = next(op for op in module.walk() if isinstance(op, func.ReturnOp))
    relu = next(op for op in module.walk() if op.name == "bolt.ew.relu")
    ret.operands = [relu.results[0]]
    with pytest.raises(BoltcError, match=r"^<input>:7:3: error: 'func.return': %r is defined inside another "
                                         r"op's region"):
        verify_module(module)


def test_a_function_with_an_empty_body_is_located(tmp_path):
    """`func.func @f(...) -> ... {}`: boltc compiled the empty function, and boltc-opt printed
    xDSL's unlocated "contains empty block in single-block region" (verify_module skipped the
    regions' blocks)."""
    from boltc.opt import main as boltc_opt

    text = "func.func @f(%c: tensor<1x16xf32>) -> tensor<4x8x16xf32> {\n}\n"
    with pytest.raises(BoltcError, match=r"^<input>:1:1: error: 'func.func': its body is an empty block; the "
                                         r"block needs at least a terminator$"):
        load(text)
    model = tmp_path / "empty.mlir"
    model.write_text(text)
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert boltc_opt([str(model)]) == 1
    assert err.getvalue().startswith(f"{model}:1:1: error: 'func.func': its body is an empty block")


def test_a_b2b_body_without_a_yield_is_located():
    """bolt.b2b's verifier asserted that its body ends in a yield: an AssertionError."""
    text = """\
func.func @main(%x: tensor<8x4xf32>, %w0: tensor<4x4xf32>, %w1: tensor<4x4xf32>) -> tensor<8x4xf32> {
  %d = bolt.b2b registers (%x, %w0, %w1) : (tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32> {
  ^bb0(%a: tensor<8x4xf32>, %f0: tensor<4x4xf32>, %f1: tensor<4x4xf32>):
    %h = bolt.gemm %a, %f0 : tensor<8x4xf32>, tensor<4x4xf32> -> tensor<8x4xf32> {
    ^bb0(%acc: tensor<8x4xf32>):
      bolt.yield %acc : tensor<8x4xf32>
    }
    %o = bolt.gemm %h, %f1 : tensor<8x4xf32>, tensor<4x4xf32> -> tensor<8x4xf32> {
    ^bb0(%acc: tensor<8x4xf32>):
      bolt.yield %acc : tensor<8x4xf32>
    }
  }
  func.return %d : tensor<8x4xf32>
}
"""
    with pytest.raises(BoltcError, match=r"^<input>:2:3: error: bolt.b2b: the body must end with bolt.yield"):
        load(text)


def test_an_attribute_that_fails_its_verifier_while_parsing_names_a_line():
    """Types and attributes verify as they are parsed; the error named only the file."""
    text = """\
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = bolt.constant dense<1.0> : vector<2xi64> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
"""
    with pytest.raises(BoltcError) as error:
        load(text)
    assert error.value.location.line == 2, str(error.value)


def test_an_empty_parse_message_is_not_blank():
    text = "module {\n#map = affine_map<(d0) -> (d0)>\n}\n"
    with pytest.raises(BoltcError, match=r"^<input>:2:1: error: \S"):
        load(text)


# ---- ONNX: models that crashed the importer; each is now refused at its node ----------


def _onnx_model(nodes, inputs, outputs, initializers=()):
    onnx = pytest.importorskip("onnx")
    from onnx import TensorProto, helper

    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info(n, TensorProto.FLOAT, s) for n, s in inputs],
                              [helper.make_tensor_value_info(n, TensorProto.FLOAT, s) for n, s in outputs],
                              list(initializers))
    return helper.make_model(graph, opset_imports=[onnx.helper.make_opsetid("", 17)])


def test_onnx_operands_that_do_not_broadcast_name_the_node():
    """Clip's bounds must be scalars; a tensor bound reached bolt's op builder's assert."""
    from onnx import helper

    model = _onnx_model([helper.make_node("Clip", ["x", "x", "x"], ["y"], name="clip")],
                        [("x", [2, 3])], [("y", [2, 3])])
    model.graph.node[0].input[1] = "lo"
    model.graph.input.append(helper.make_tensor_value_info("lo", 1, [4]))
    with pytest.raises(BoltcError, match=r"^<g>: node 'clip': error: Clip: operands of shapes \[2, 3\] and \[4\] "
                                         r"do not broadcast"):
        load(model)


def test_onnx_output_shape_contradicting_the_node_names_the_node():
    """ONNX's inference ignores pads beside auto_pad=VALID (boltc follows VALID): the shapes
    disagreed and the importer raised an AssertionError."""
    from onnx import helper

    pool = helper.make_node("AveragePool", ["x"], ["y"], name="avg", kernel_shape=[3, 3], strides=[2, 2],
                            pads=[1, 1, 1, 1], auto_pad="VALID")
    model = _onnx_model([pool], [("x", [2, 3, 6, 6])], [("y", [2, 3, 3, 3])])
    with pytest.raises(BoltcError, match=r"^<g>: node 'avg': error: AveragePool: computes output 'y' with shape "
                                         r"\[2, 3, 2, 2\] .* says \[2, 3, 3, 3\]"):
        load(model)


def test_onnx_string_attribute_that_is_not_utf8_names_the_node():
    from onnx import helper

    model = _onnx_model([helper.make_node("Pad", ["x", "pads"], ["y"], name="pad", mode="constant")],
                        [("x", [2, 3])], [("y", [2, 5])])
    import numpy as np
    from onnx import numpy_helper

    model.graph.initializer.append(numpy_helper.from_array(np.array([0, 1, 0, 1], np.int64), "pads"))
    model.graph.node[0].attribute[0].s = b"const\xc3ant"
    with pytest.raises(BoltcError, match=r"node 'pad': error: Pad: attribute 'mode' is not UTF-8 text"):
        load(model)


def test_onnx_conv_channels_that_do_not_fit_its_groups_name_the_node():
    """ONNX's inference does not check a Conv's channels against its groups; bolt.conv2d's
    verifier does, and its VerifyException escaped the importer unlocated."""
    import numpy as np
    from onnx import helper, numpy_helper

    w = numpy_helper.from_array(np.ones((4, 1, 3, 3), np.float32), "w")
    model = _onnx_model([helper.make_node("Conv", ["x", "w"], ["y"], name="dw", group=4, pads=[1, 1, 1, 1])],
                        [("x", [1, 5, 5, 5])], [("y", [1, 4, 5, 5])], [w])
    with pytest.raises(BoltcError, match=r"^<g>: node 'dw': error: .*groups=4 must divide input channels 5"):
        load(model)


def test_onnx_conv_bias_of_the_wrong_size_names_the_node():
    """A Conv whose bias is not [F] (a mutated model: the weight given twice) made the importer
    reshape it and die with numpy's ValueError."""
    import numpy as np
    from onnx import helper, numpy_helper

    w = numpy_helper.from_array(np.ones((4, 1, 3, 3), np.float32), "w")
    model = _onnx_model([helper.make_node("Conv", ["x", "w", "w"], ["y"], name="dw", group=4, pads=[1, 1, 1, 1])],
                        [("x", [1, 4, 5, 5])], [("y", [1, 4, 5, 5])], [w])
    with pytest.raises(BoltcError, match=r"^<g>: node 'dw': error: .*the bias has shape \[4, 1, 3, 3\]"):
        load(model)


def test_onnx_conv_pads_too_large_to_hold_name_the_node():
    """Pads of 2^31 made a Conv output of 4e10 elements: the import passed and the reference
    interpreter died allocating 160 GiB. boltc holds at most 2^31 - 1 elements in a tensor."""
    import numpy as np
    from onnx import helper, numpy_helper

    w = numpy_helper.from_array(np.ones((4, 1, 3, 3), np.float32), "w")
    model = _onnx_model([helper.make_node("Conv", ["x", "w"], ["y"], name="dw", group=4,
                                          pads=[0, 0, 0, 2**31])],
                        [("x", [1, 4, 5, 5])], [("y", [1, 4, 3, 2**31 + 3])], [w])
    with pytest.raises(BoltcError, match=r"^<g>: node 'dw': error: Conv: computes output 'y' as a tensor of "
                                         r"shape \[1, 4, 3, 2147483651\] \(25769803812 elements\); boltc holds "
                                         r"at most 2147483647"):
        load(model)


def test_onnx_input_too_large_to_hold_names_the_input():
    from onnx import helper

    model = _onnx_model([helper.make_node("Relu", ["x"], ["y"], name="relu")],
                        [("x", [65536, 65536])], [("y", [65536, 65536])])
    with pytest.raises(BoltcError, match=r"input 'x' is a tensor of shape \[65536, 65536\] \(4294967296 "
                                         r"elements\)"):
        load(model)


def test_onnx_max_pool_propagates_a_nan_in_its_window():
    """Conv -> Sqrt -> MaxPool (the fuzz suite's mutant of conv_relu_pool): a window holding a NaN
    pools to NaN in boltc, as in torch's max_pool2d; onnxruntime's MaxPool skips NaNs (so the
    fuzz oracle accepts the difference there, and only there)."""
    from onnx import helper

    model = _onnx_model([helper.make_node("Sqrt", ["x"], ["s"], name="sqrt"),
                         helper.make_node("MaxPool", ["s"], ["y"], name="pool", kernel_shape=[2, 2], strides=[2, 2])],
                        [("x", [1, 1, 2, 4])], [("y", [1, 1, 1, 2])])
    x = np.array([[[[-1.0, 4.0, 9.0, 16.0], [1.0, 1.0, 1.0, 1.0]]]], np.float32)
    (y,) = boltc.interpret(model, x)
    assert np.isnan(y[0, 0, 0, 0]) and y[0, 0, 0, 1] == 4.0


@pytest.mark.parametrize("channels", [4, 0])
@pytest.mark.parametrize("constant", [True, False], ids=["initializers", "graph inputs"])
def test_onnx_batch_norm_statistics_of_the_wrong_size_name_the_node(constant, channels):
    """Scale, bias, mean and variance must hold one value a channel. The fuzz suite's mutant of
    batchnorm_avgpool_flatten (opset 7, the input's channels set to 0) reshaped three values into
    (1, 0, 1, 1) and died with numpy's ValueError; three for four channels did the same, or
    reached bolt's reshape (graph inputs). BatchNormalization-7, as the fuzz case had it: ONNX's
    shape inference checks these from opset 9 on."""
    from onnx import helper, numpy_helper

    names = ["scale", "bias", "mean", "var"]
    bn = helper.make_node("BatchNormalization", ["x", *names], ["y"], name="bn")
    inputs = [("x", [1, channels, 5, 5])]
    initializers = []
    if constant:
        initializers = [numpy_helper.from_array(np.ones(3, np.float32), n) for n in names]
    else:
        inputs += [(n, [3]) for n in names]
    model = _onnx_model([bn], inputs, [("y", [1, channels, 5, 5])], initializers)
    model.opset_import[0].version = 7
    with pytest.raises(BoltcError, match=rf"^<g>: node 'bn': error: BatchNormalization: its scale has 3 values; "
                                         rf"an input of {channels} channels takes {channels}"):
        load(model)


def test_onnx_batch_norm_of_a_negative_variance_is_nan_as_the_reference_has_it():
    """The fuzz suite's mutant of batchnorm_avgpool_flatten with a negative variance: the folded
    scale 1 / sqrt(var + eps) is NaN in that channel, as in ONNX's reference evaluator; folding
    it printed numpy's "invalid value encountered in sqrt" (naming boltc's source line)."""
    import warnings

    from onnx import helper, numpy_helper
    from onnx.reference import ReferenceEvaluator

    stats = {"scale": [1.0, 2.0], "bias": [0.5, -0.5], "mean": [0.0, 1.0], "var": [1.0, -3.0]}
    bn = helper.make_node("BatchNormalization", ["x", *stats], ["y"], name="bn")
    initializers = [numpy_helper.from_array(np.array(v, np.float32), n) for n, v in stats.items()]
    model = _onnx_model([bn], [("x", [1, 2, 3, 3])], [("y", [1, 2, 3, 3])], initializers)
    x = np.random.default_rng(0).standard_normal((1, 2, 3, 3)).astype(np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        (y,) = boltc.interpret(model, x)
    with np.errstate(invalid="ignore"):  # the reference's own sqrt of the negative variance
        (expected,) = ReferenceEvaluator(model).run(None, {"x": x})
    assert np.isnan(expected[0, 1]).all() and np.isnan(y[0, 1]).all()
    np.testing.assert_allclose(y[0, 0], expected[0, 0], rtol=1e-6, atol=1e-6)


def test_an_error_at_an_ops_own_origin_is_located_there():
    """A mutant of lit's keep-f32-errors.mlir (a gemm body without its yield) is refused at the
    op's own `loc("Gemm_0"("model.mlir":9:7))`, as exporters' locations are: the fuzz suite's
    check took that for an error naming the wrong file; it now accepts the file and line an
    op's loc attribute gives, and still refuses a file the text does not name."""
    from fuzzing import assert_located

    text = """\
func.func @f(%x: tensor<2x4xf32>, %w: tensor<4x4xf32>) -> tensor<2x4xf32> {
  %g = bolt.gemm %x, %w : tensor<2x4xf32>, tensor<4x4xf32> -> tensor<2x4xf32> {
  ^bb0(%acc: tensor<2x4xf32>):
  } loc("Gemm_0"("model.mlir":9:7))
  func.return %g : tensor<2x4xf32>
}
"""
    with pytest.raises(BoltcError, match=r"^model\.mlir:9:7: node 'Gemm_0': error: bolt\.gemm: the epilogue "
                                         r"must end in bolt\.yield") as caught:
        load(text, name="fuzz.mlir")
    assert_located(caught.value, "fuzz.mlir", text, need_line=True)
    with pytest.raises(AssertionError, match="names 'model.mlir', not 'fuzz.mlir'"):
        assert_located(caught.value, "fuzz.mlir", text.replace('"model.mlir":9', '"other.mlir":9'))
