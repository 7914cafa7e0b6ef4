"""host.py without a compiler: the launch sequence, the weights blob, the index arithmetic.

The index arithmetic is checked by emulating the runtime's kernels in numpy
(host_emulation.py) against numpy's meaning of each op; nvcc checks of the generated file are
in test_runtime_build.py, numerics on a GPU in test/gpu/.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import ModuleOp

from boltc.diagnostics import BoltcError
from boltc.dialects.context import bolt_context
from boltc.frontends import load
from boltc.lowering import cxx
from boltc.lowering import elementwise as ew
from boltc.lowering.host import (
    CopyPlan,
    HostProgram,
    StridedPlan,
    Transpose2dPlan,
    lower_to_host,
    plan_reduce,
    plan_strided_copy,
    weights_assembly,
)
from boltc.lowering.runtime_abi import DType, ReduceKind, contiguous_strides
from boltc.passes.plan_memory import PlanMemoryPass

from host_emulation import elementwise_reads, run_copy_plan, run_reduce

DATA = Path(__file__).resolve().parents[2] / "data"


def planned(source: str | Path) -> ModuleOp:
    module = load(str(source))
    PlanMemoryPass().apply(bolt_context(), module)
    return module


def host(source: str | Path, **kwargs) -> HostProgram:
    return lower_to_host(planned(source), **kwargs)


def kernels(program: HostProgram) -> list[str]:
    return [launch["kernel"] for launch in program.describe["launches"]]


# ---- the launch sequence ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, expected",
    [
        ("softmax", ["softmax"]),
        ("layer_norm", ["layer_norm"]),
        ("max_pool2d", ["pool2d_max"]),
        ("avg_pool2d", ["pool2d_avg"]),
        ("global_avg_pool", ["pool2d_avg"]),
        ("gelu_erf", ["elementwise"]),
        ("broadcast_add", ["elementwise", "elementwise"]),
        ("concat", ["copy_rows", "copy_rows"]),
        ("pad", ["pad"]),
        ("slice", ["strided_copy"]),
        ("transpose", ["transpose_2d", "transpose_2d"]),
        ("mean_reduce", ["reduce_mean"]),
        ("cast_f16", ["elementwise"]),  # f32 -> f16 -> f32: one kernel, the f16 rounding kept
    ],
)
def test_each_op_becomes_its_runtime_kernel(name, expected):
    assert kernels(host(DATA / "ops" / f"{name}.mlir")) == expected


TRANSPOSE_PAD = """func.func @main(%x: tensor<2x3x5x7xf32>) -> (tensor<2x5x7x4xf16>, tensor<2x5x7x3xf16>) {{
  %h = bolt.ew.cast %x : tensor<2x3x5x7xf32> -> tensor<2x3x5x7xf16>
  %t = bolt.transpose %h permutation [0, 2, 3, 1] : tensor<2x3x5x7xf16> -> tensor<2x5x7x3xf16>
  %p = bolt.pad %t low [0, 0, 0, 0] high [0, 0, 0, 1] value {value} : tensor<2x5x7x3xf16> -> tensor<2x5x7x4xf16>
  %u = bolt.transpose %h permutation [0, 2, 3, 1] : tensor<2x3x5x7xf16> -> tensor<2x5x7x3xf16>
  func.return %p, %u : tensor<2x5x7x4xf16>, tensor<2x5x7x3xf16>
}}
"""


def test_an_input_edge_cast_transpose_pad_is_one_kernel():
    """small_cnn's image: cast to f16, NCHW -> NHWC and the channel padding in one pass."""
    from boltc.compiler import lower

    program, _ = lower(DATA / "small_cnn.mlir")  # the graph passes put the edge in NHWC
    assert kernels(program)[0] == "transpose_pad_2d"
    assert "transpose_2d" not in kernels(program) and "pad" not in kernels(program)
    [call] = [line for line in program.source.splitlines() if "rt::transpose_pad_2d(" in line]
    assert "DType::F32, boltc::rt::DType::F16, ctx.inputs[0]" in call  # read before the cast
    assert ", 2, 3, 256, 8, " in call  # batch 2, 3 channels of 16x16 pixels, padded to 8


def test_a_transpose_pad_keeps_a_cast_that_has_other_users():
    """The cast also feeds a second transpose here: it stays a kernel of its own, the fused
    kernel reads its f16 result, and the value pads with its f16 rounding."""
    program = lower_to_host(planned_text(TRANSPOSE_PAD.format(value="0.1")))
    assert kernels(program) == ["elementwise", "transpose_pad_2d", "transpose_2d"]
    [call] = [line for line in program.source.splitlines() if "rt::transpose_pad_2d(" in line]
    assert "DType::F16, boltc::rt::DType::F16" in call
    assert float.hex(float(np.float16(0.1))) in call


def planned_text(text: str) -> ModuleOp:
    from boltc.frontends.source import parse_mlir_text

    module = parse_mlir_text(text)
    PlanMemoryPass().apply(bolt_context(), module)
    return module


def test_describe_lists_inputs_and_outputs():
    program = host(DATA / "ops" / "broadcast_add.mlir", name="broadcast_add")
    info = program.describe
    assert info["abi_version"] == 2 and info["name"] == "broadcast_add" and info["arch"] == "sm_90a"
    assert [(t["shape"], t["dtype"], t["bytes"]) for t in info["inputs"]] == [
        ([2, 4, 6], "f32", 192), ([6], "f32", 24), ([4, 1], "f32", 16)]
    assert [t["shape"] for t in info["outputs"]] == [[2, 4, 6], [2, 4, 6]]
    assert json.loads(program.describe_json) == info
    # The JSON the library returns is this text, as a C string in the host file.
    assert 'constexpr char kDescribe[] = "{\\"abi_version\\":2' in program.source


def test_outputs_are_written_in_place_and_views_copied():
    # expand_collapse returns reshapes of its input (views of a caller's buffer: copied) and
    # an elementwise result (written straight into the output buffer).
    program = host(DATA / "ops" / "expand_collapse.mlir")
    assert kernels(program) == ["elementwise", "copy", "copy"]
    assert "ew_0(ctx.inputs[0], ctx.outputs[2]," in program.source
    assert "boltc::rt::copy_bytes(ctx.outputs[0], ctx.inputs[0], 192, ctx.stream)" in program.source


def test_intermediates_live_in_the_arena():
    text = """
    func.func @main(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
      %t = bolt.transpose %x permutation [1, 0] : tensor<8x8xf32> -> tensor<8x8xf32>
      %s = bolt.softmax %t axis 1 : tensor<8x8xf32> -> tensor<8x8xf32>
      func.return %s : tensor<8x8xf32>
    }"""
    program = lower_to_host(planned(text))
    assert kernels(program) == ["transpose_2d", "softmax"]
    assert re.search(r"transpose_2d\(boltc::rt::DType::F32, ctx\.inputs\[0\], ctx\.arena \+ 0,", program.source)
    assert re.search(r"softmax\(boltc::rt::DType::F32, ctx\.arena \+ 0, ctx\.outputs\[0\],", program.source)
    assert program.describe["arena_bytes"] == 256


def test_a_plan_is_required():
    with pytest.raises(BoltcError, match="run plan-memory"):
        lower_to_host(load(str(DATA / "ops" / "softmax.mlir")))


def test_an_anchor_without_emitter_is_refused_by_name():
    module = planned(DATA / "ops" / "conv2d_nchw.mlir")
    # conv_sm90 exists now, but not for this NCHW f32 convolution (no graph passes ran):
    # the refusal names the op and what it needs.
    with pytest.raises(BoltcError, match="'bolt.conv2d': the sm_90a convolution reads NHWC"):
        lower_to_host(module)


def test_no_lowering_refuses_every_anchor():
    text = """
    func.func @main(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>) -> tensor<16x16xf16> {
      %d = bolt.gemm %a, %b : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf16> {
      ^bb0(%acc: tensor<16x16xf32>):
        bolt.yield %acc : tensor<16x16xf32>
      }
      func.return %d : tensor<16x16xf16>
    }"""
    from boltc.lowering import host as host_module

    lowering = host_module._HostLowering  # the lowering proper, with no emitter at all
    fn = next(op for op in planned(text).walk() if op.name == "func.func")
    with pytest.raises(BoltcError, match="no emitter for bolt.gemm yet"):
        lowering(fn, "sm_90a", None, "m").run()


# ---- weights ----------------------------------------------------------------------------------


def test_weights_are_one_aligned_blob_embedded_by_incbin():
    program = host(DATA / "ops" / "layer_norm.mlir")
    assert program.describe["weights_bytes"] == len(program.weights) == 512  # two 24-byte vectors
    saved_inputs = np.load(DATA / "ops" / "layer_norm.npz")  # noqa: F841  (the model has weights)
    gamma_beta = [np.frombuffer(program.weights[o : o + 24], np.float32) for o in (0, 256)]
    assert all(v.shape == (6,) for v in gamma_beta)
    assert ".incbin \"weights.bin\"" in program.weights_assembly
    assert "const uint8_t boltc_weights_sm_90a[];" in program.source  # its arch's symbol
    assert "const boltc::rt::ModelSpec& boltc::rt::model_spec_sm_90a()" in program.source
    # Never as C array literals: the host file holds no run of numbers that long.
    assert not re.search(r"(\d+(\.\d+)?, ){64}", program.source)


def test_identical_weights_are_stored_once():
    text = """
    func.func @main(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
      %a = bolt.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
      %b = bolt.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
      %y = bolt.layernorm %x gamma %a : tensor<6xf32> beta %b : tensor<6xf32> axis 1 epsilon 1.0e-05 : tensor<4x6xf32> -> tensor<4x6xf32>
      func.return %y : tensor<4x6xf32>
    }"""
    program = lower_to_host(planned(text))
    assert len(program.weights) == 256
    assert np.array_equal(np.frombuffer(program.weights[:24], np.float32), np.arange(1, 7, dtype=np.float32))


def test_weights_assembly_is_hidden_read_only_data():
    text = weights_assembly(["boltc_weights_sm_90a"])
    assert ".section .rodata" in text and ".hidden boltc_weights_sm_90a" in text
    assert ".balign 256" in text and ".note.GNU-stack" in text


def test_one_weights_blob_serves_several_arches_under_their_symbols():
    """A fat model.so whose arches' blobs are identical embeds it once: the other arch's
    symbol is a hidden alias (`.set`) of the first."""
    text = weights_assembly(["boltc_weights_sm_90a", "boltc_weights_sm_80"])
    assert text.count(".incbin") == 1
    assert ".hidden boltc_weights_sm_80" in text and ".set boltc_weights_sm_80,boltc_weights_sm_90a" in text


# ---- elementwise trees ------------------------------------------------------------------------


def test_a_chain_of_elementwise_ops_is_one_kernel():
    text = """
    func.func @main(%x: tensor<4x64xf16>, %b: tensor<64xf16>) -> tensor<4x64xf16> {
      %y = bolt.ew.add %x, %b : tensor<4x64xf16>, tensor<64xf16> -> tensor<4x64xf16>
      %g = bolt.ew.gelu tanh %y : tensor<4x64xf16> -> tensor<4x64xf16>
      %c = bolt.constant dense<2.0> : tensor<f16>
      %z = bolt.ew.mul %g, %c : tensor<4x64xf16>, tensor<f16> -> tensor<4x64xf16>
      func.return %z : tensor<4x64xf16>
    }"""
    program = lower_to_host(planned(text))
    assert kernels(program) == ["elementwise"]
    assert "(+2 fused)" in program.source
    # The constant is inlined; each intermediate keeps its own f16 rounding.
    assert "0x1.0000000000000p+1f" in program.source
    assert program.source.count("round_through<__half>") == 4  # twice per variant
    assert "ew_0_vector" in program.source and program.describe["weights_bytes"] == 0


def test_a_tree_does_not_read_a_buffer_overwritten_in_between():
    # %p dies at the cast (its last planned reader), and the plan gives %t %p's bytes. Fusing
    # the cast into the add would read %p after %t overwrote it: that fusion must be refused.
    text = """
    func.func @main(%x: tensor<64xf32>, %y: tensor<64xf16>) -> tensor<64xf16> {
      %p = bolt.softmax %x axis 0 : tensor<64xf32> -> tensor<64xf32>
      %b = bolt.ew.cast %p : tensor<64xf32> -> tensor<64xf16>
      %t = bolt.softmax %y axis 0 : tensor<64xf16> -> tensor<64xf16>
      %c = bolt.ew.add %b, %t : tensor<64xf16>, tensor<64xf16> -> tensor<64xf16>
      func.return %c : tensor<64xf16>
    }"""
    module = planned(text)
    offsets = {op.results[0].name_hint: op.attributes["bolt.arena_offset"].value.data
               for op in module.walk() if "bolt.arena_offset" in op.attributes}
    assert offsets["t"] == offsets["p"] != offsets["b"]  # the reuse this test is about
    assert kernels(lower_to_host(module)) == ["softmax", "elementwise", "softmax", "elementwise"]
    # With %t computed first, nothing runs between the cast and the add: they fuse.
    lines = text.splitlines()
    reordered = "\n".join([lines[1], lines[4], lines[2], lines[3], *lines[5:]])
    assert kernels(lower_to_host(planned(reordered))) == ["softmax", "softmax", "elementwise"]


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_elementwise_kernels_read_what_numpy_broadcasting_reads(data):
    out_shape = tuple(data.draw(st.lists(st.integers(1, 6), min_size=0, max_size=4)))
    leaf_shapes = []
    for _ in range(data.draw(st.integers(1, 3))):
        drop = data.draw(st.integers(0, len(out_shape)))
        shape = tuple(1 if data.draw(st.booleans()) else s for s in out_shape[drop:])
        leaf_shapes.append(shape)
    dtypes = [data.draw(st.sampled_from(list(DType))) for _ in leaf_shapes]
    kernel = ew.ElementwiseKernel.build(DType.F16, out_shape, leaf_shapes, dtypes, ew.LeafRef(0), False)
    assert kernel.count == int(np.prod(out_shape, dtype=np.int64))
    for k, shape in enumerate(leaf_shapes):
        value = np.arange(int(np.prod(shape, dtype=np.int64))).reshape(shape)
        expected = np.broadcast_to(value, out_shape).reshape(-1)
        np.testing.assert_array_equal(elementwise_reads(kernel, k, value), expected)
        if kernel.vector_width() > 1:
            np.testing.assert_array_equal(elementwise_reads(kernel, k, value, vector=True), expected)


def test_vector_width_follows_the_widest_contiguous_operand():
    f16 = ew.ElementwiseKernel.build(DType.F16, (4, 64), [(4, 64), (64,)], [DType.F16, DType.F16], ew.LeafRef(0), False)
    assert f16.vector_width() == 8 and f16.sizes == (4, 64)
    mixed = ew.ElementwiseKernel.build(DType.F16, (4, 64), [(4, 64)], [DType.F32], ew.LeafRef(0), False)
    assert mixed.vector_width() == 4 and mixed.sizes == (256,)
    odd = ew.ElementwiseKernel.build(DType.F32, (3, 5), [(3, 5), (3, 1)], [DType.F32, DType.F32], ew.LeafRef(0), False)
    assert odd.vector_width() == 1


# ---- data movement and reductions ---------------------------------------------------------------


def _permutations(rank: int):
    return st.permutations(list(range(rank)))


@settings(max_examples=60, deadline=None)
@given(shape=st.lists(st.integers(1, 5), min_size=1, max_size=5), data=st.data())
def test_transposes_move_what_numpy_moves(shape, data):
    perm = data.draw(_permutations(len(shape)))
    x = np.arange(int(np.prod(shape))).reshape(shape)
    strides = contiguous_strides(shape)
    plan = plan_strided_copy(0, [shape[p] for p in perm], [strides[p] for p in perm])
    expected = np.transpose(x, perm)
    np.testing.assert_array_equal(run_copy_plan(plan, x, expected.shape), expected)


def test_transpose_plans():
    assert plan_strided_copy(0, [6, 8], [1, 6]) == Transpose2dPlan(1, 8, 6)
    assert plan_strided_copy(0, [2, 6, 4], [24, 1, 6]) == Transpose2dPlan(2, 4, 6)
    assert plan_strided_copy(0, [2, 4, 6], [24, 6, 1]) == CopyPlan(0)
    assert isinstance(plan_strided_copy(0, [3, 2, 4], [4, 12, 1]), StridedPlan)  # swap of outer dims


@settings(max_examples=60, deadline=None)
@given(shape=st.lists(st.integers(1, 6), min_size=1, max_size=4), data=st.data())
def test_slices_read_what_numpy_slices(shape, data):
    offsets, steps, sizes = [], [], []
    for dim in shape:
        offset = data.draw(st.integers(0, dim - 1))
        step = data.draw(st.integers(1, 3))
        size = data.draw(st.integers(1, (dim - 1 - offset) // step + 1))
        offsets.append(offset), steps.append(step), sizes.append(size)
    x = np.arange(int(np.prod(shape))).reshape(shape)
    strides = contiguous_strides(shape)
    plan = plan_strided_copy(sum(o * s for o, s in zip(offsets, strides)), sizes,
                             [s * k for s, k in zip(strides, steps)])
    expected = x[tuple(slice(o, o + (n - 1) * k + 1, k) for o, n, k in zip(offsets, sizes, steps))]
    np.testing.assert_array_equal(run_copy_plan(plan, x, expected.shape), expected)


@settings(max_examples=60, deadline=None)
@given(shape=st.lists(st.integers(1, 5), min_size=1, max_size=4), data=st.data(),
       kind=st.sampled_from(list(ReduceKind)))
def test_reductions_reduce_what_numpy_reduces(shape, data, kind):
    dims = sorted(data.draw(st.sets(st.integers(0, len(shape) - 1), min_size=1)))
    x = np.random.default_rng(0).standard_normal(shape)
    function = {ReduceKind.SUM: np.sum, ReduceKind.MEAN: np.mean, ReduceKind.MAX: np.max, ReduceKind.MIN: np.min}[kind]
    expected = function(x, axis=tuple(dims))
    params = plan_reduce(kind, shape, dims)
    if params is None:
        assert all(shape[d] == 1 for d in dims)
        return
    np.testing.assert_allclose(run_reduce(params, x, expected.shape), expected, rtol=1e-12)
    last_reduced = len(shape) - 1 in dims and shape[-1] > 1
    assert params.innermost_reduced == int(last_reduced or params.reduced.stride[-1] == 1)


# ---- typed C++ -------------------------------------------------------------------------------


def test_cxx_pieces_escape_and_check():
    assert cxx.Str('say "hi"\\n?').render() == '"say \\"hi\\"\\\\n\\077"'
    assert cxx.Float(0.5).render() == "0x1.0000000000000p-1f"
    assert cxx.Float(float("inf")).render() == "__uint_as_float(0x7f800000u)"
    assert cxx.Int(2**40).render() == "1099511627776LL"
    with pytest.raises(ValueError):
        cxx.Name("not a name")
    with pytest.raises(ValueError):
        cxx.Binary("<<", cxx.Int(1), cxx.Int(2))
