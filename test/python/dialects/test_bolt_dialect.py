"""The bolt dialect from Python: what the lit suite (test/lit/dialect) cannot show well.

Every op built through its __init__ verifies and survives print/parse; the shape helpers agree
with numpy and with a brute-force window count; B2bOp.verify_ refuses what one b2b kernel
cannot run; AnchorOp.is_plain_store tells a plain store from a real epilogue.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseResourceAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    ModuleOp,
    TensorType,
    bf16,
    f16,
    f32,
    f64,
    i32,
)
from xdsl.dialects.func import FuncOp, ReturnOp
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from boltc.dialects import bolt
from boltc.dialects.context import bolt_context


# --------------------------------------------------------------------------------------
# Helpers: values to build on, and a print/parse round trip.
# --------------------------------------------------------------------------------------


def tensor(shape: Sequence[int], element: Attribute = f32) -> TensorType:
    return TensorType(element, list(shape))


def values(*types: TensorType) -> tuple[SSAValue, ...]:
    """Fresh SSA values of the given types (the arguments of a detached block)."""
    return tuple(Block(arg_types=types).args)


def in_function(*ops: Operation) -> ModuleOp:
    """ops (built on the arguments of their own block) moved into one func returning the last."""
    last = ops[-1]
    args = sorted(
        {v for op in ops for v in op.operands if isinstance(v.owner, Block) and not v.owner.parent},
        key=lambda v: (id(v.owner), v.index),
    )
    body = Block(arg_types=[a.type for a in args])
    for old, new in zip(args, body.args):
        old.replace_all_uses_with(new)
    for op in ops:
        body.add_op(op)
    body.add_op(ReturnOp(*last.results))
    func = FuncOp("f", ([a.type for a in args], [r.type for r in last.results]), Region(body))
    return ModuleOp([func])


def printed(op: Operation, generic: bool = False) -> str:
    out = io.StringIO()
    Printer(stream=out, print_generic_format=generic).print_op(op)
    return out.getvalue()


def reparsed(module: ModuleOp, generic: bool = False) -> ModuleOp:
    return Parser(bolt_context(), printed(module, generic)).parse_module()


def assert_round_trips(module: ModuleOp) -> None:
    module.verify()
    for generic in (False, True):
        back = reparsed(module, generic)
        back.verify()
        assert back.is_structurally_equivalent(module), printed(back)
        assert printed(back) == printed(module)


# --------------------------------------------------------------------------------------
# Every op, built from Python.
# --------------------------------------------------------------------------------------


def build_constant() -> list[Operation]:
    ty = tensor([2, 3])
    data = np.arange(6, dtype=np.float32).tobytes()
    return [bolt.dense_constant(ty, data)]


def test_resource_constant_keeps_its_handle():
    """The blob itself lives in the module's resource section (round-tripped by the lit suite)."""
    op = bolt.ConstantOp(DenseResourceAttr.from_params("conv1_weight", tensor([4], f16)))
    op.verify()
    assert op.result.type == tensor([4], f16)
    assert printed(op) == "%0 = bolt.constant dense_resource<conv1_weight> : tensor<4xf16>"


def build_gemm() -> list[Operation]:
    a, b = values(tensor([4, 8], f16), tensor([8, 16], f16))
    return [bolt.GemmOp(a, b, tensor([4, 16], f16))]


def build_gemm_batched_transposed_extras() -> list[Operation]:
    a, b, bias = values(tensor([2, 8, 4], bf16), tensor([2, 16, 8], bf16), tensor([16], bf16))
    op = bolt.GemmOp(a, b, tensor([2, 4, 16], bf16), [bias], transpose_a=True, transpose_b=True)
    assert op.transpose_a is not None and op.transpose_b is not None
    assert op.problem_shape() == (2, 4, 16, 8)
    return [op]


def build_conv2d_nchw() -> list[Operation]:
    x, w = values(tensor([1, 8, 16, 16], f16), tensor([16, 4, 3, 3], f16))
    op = bolt.Conv2dOp(
        x, w, tensor([1, 16, 8, 8], f16), strides=(2, 2), padding=(1, 1, 1, 1), groups=2
    )
    assert op.dims() == dict(N=1, C=8, H=16, W=16, F=16, R=3, S=3, P=8, Q=8)
    return [op]


def build_conv2d_nhwc() -> list[Operation]:
    x, w, bias = values(tensor([1, 9, 9, 8]), tensor([16, 3, 3, 8]), tensor([16]))
    op = bolt.Conv2dOp(
        x, w, tensor([1, 5, 5, 16]), [bias], layout=bolt.Layout.NHWC, dilations=(2, 2)
    )
    assert op.dims() == dict(N=1, C=8, H=9, W=9, F=16, R=3, S=3, P=5, Q=5)
    return [op]


def build_b2b_gemm() -> list[Operation]:
    return [gemm_b2b()]


def build_b2b_conv() -> list[Operation]:
    return [conv_b2b()]


def build_conv_pool() -> list[Operation]:
    return [conv_pool()]


def build_pool2d() -> list[Operation]:
    (x,) = values(tensor([2, 7, 7, 64], f16))
    op = bolt.Pool2dOp(
        bolt.PoolKind.AVG, x, tensor([2, 1, 1, 64], f16), layout=bolt.Layout.NHWC,
        window=(7, 7), strides=(1, 1),
    )
    assert op.is_global()
    return [op]


def build_max_pool2d() -> list[Operation]:
    (x,) = values(tensor([1, 4, 8, 8]))
    op = bolt.Pool2dOp(
        bolt.PoolKind.MAX, x, tensor([1, 4, 4, 4]), layout=bolt.Layout.NCHW,
        window=(3, 3), strides=(2, 2), padding=(1, 1, 0, 0),
    )
    assert not op.is_global()
    return [op]


def build_transpose() -> list[Operation]:
    (x,) = values(tensor([2, 3, 4]))
    op = bolt.TransposeOp(x, [2, 0, 1])
    assert op.result.type == tensor([4, 2, 3])
    return [op]


def build_pad() -> list[Operation]:
    (x,) = values(tensor([3, 4], bf16))
    op = bolt.PadOp(x, [1, 0], [2, 3], -1.5)
    assert op.result.type == tensor([6, 7], bf16)
    return [op]


def build_slice() -> list[Operation]:
    (x,) = values(tensor([4, 10]))
    return [bolt.SliceOp(x, [1, 0], [2, 5], [2, 2])]


def build_reshape() -> list[Operation]:
    (x,) = values(tensor([2, 3, 4]))
    return [bolt.ReshapeOp(x, [6, 4])]


def build_broadcast() -> list[Operation]:
    (b,) = values(tensor([16]))
    return [bolt.BroadcastOp(b, tensor([2, 16, 3, 3]), [0, 2, 3])]


def build_concat() -> list[Operation]:
    a, b = values(tensor([1, 2, 4], f16), tensor([1, 3, 4], f16))
    op = bolt.ConcatOp([a, b], 1)
    assert op.result.type == tensor([1, 5, 4], f16)
    return [op]


def build_softmax() -> list[Operation]:
    (x,) = values(tensor([2, 8]))
    return [bolt.SoftmaxOp(x, 1)]


def build_attention_bhsd() -> list[Operation]:
    q, k, v = values(tensor([6, 16, 8], f16), tensor([6, 16, 8], f16), tensor([6, 16, 8], f16))
    return [bolt.AttentionOp(q, k, v, tensor([6, 16, 8], f16), scale=8**-0.5,
                             input_layout=bolt.AttentionLayout.BHSD, output_layout=bolt.AttentionLayout.BHSD)]


def build_attention_packed_qkv() -> list[Operation]:
    (qkv,) = values(tensor([2, 16, 3, 4, 8], f16))
    return [bolt.AttentionOp(qkv, qkv, qkv, tensor([2, 16, 4, 8], f16), scale=0.125,
                             input_layout=bolt.AttentionLayout.BS3HD, output_layout=bolt.AttentionLayout.BSHD)]


def build_layernorm_affine() -> list[Operation]:
    x, g, b = values(tensor([4, 16, 32], f16), tensor([32], f16), tensor([32], f16))
    op = bolt.LayerNormOp(x, 2, 1e-5, g, b)
    assert op.gamma is not None and op.beta is not None
    return [op]


def build_layernorm_plain() -> list[Operation]:
    (x,) = values(tensor([4, 32]))
    op = bolt.LayerNormOp(x, 1, 1e-6)
    assert op.gamma is None and op.beta is None
    return [op]


def build_layernorm_beta_only() -> list[Operation]:
    x, b = values(tensor([4, 32]), tensor([32]))
    op = bolt.LayerNormOp(x, 1, 0.0, beta=b)
    assert op.gamma is None and op.beta is not None
    return [op]


def build_reduce() -> list[Operation]:
    (x,) = values(tensor([2, 3, 4]))
    op = bolt.ReduceOp(bolt.ReduceKind.MEAN, x, [1, 2])
    assert op.result.type == tensor([2])
    return [op]


def build_reduce_keep_dims() -> list[Operation]:
    (x,) = values(tensor([2, 3, 4]))
    op = bolt.ReduceOp(bolt.ReduceKind.MAX, x, [1], keep_dims=True)
    assert op.result.type == tensor([2, 1, 4])
    return [op]


def build_unary(cls: type[bolt.UnaryElementwiseOp]) -> Callable[[], list[Operation]]:
    def build() -> list[Operation]:
        (x,) = values(tensor([2, 3], f16))
        if cls is bolt.GeluOp:
            return [bolt.GeluOp(x, bolt.GeluApproximation.TANH)]
        if cls is bolt.ClampOp:
            return [bolt.ClampOp(x, 0.0, 6.0)]
        if cls is bolt.CastOp:
            return [bolt.CastOp(x, tensor([2, 3], f32))]
        return [cls(x)]

    return build


def build_binary(cls: type[bolt.BinaryElementwiseOp]) -> Callable[[], list[Operation]]:
    def build() -> list[Operation]:
        a, b = values(tensor([4, 1, 3]), tensor([2, 3]))
        op = cls(a, b)
        assert op.output.type == tensor([4, 2, 3])  # the result type comes from broadcasting
        return [op]

    return build


def build_select() -> list[Operation]:
    a, b, t, f = values(tensor([2, 1]), tensor([3]), tensor([2, 3]), tensor([]))
    op = bolt.SelectOp(bolt.ComparePredicate.UGE, a, b, t, f)
    assert op.output.type == tensor([2, 3])
    return [op]


BUILDERS: dict[str, Callable[[], list[Operation]]] = {
    "attention_bhsd": build_attention_bhsd,
    "attention_packed_qkv": build_attention_packed_qkv,
    "constant": build_constant,
    "gemm": build_gemm,
    "gemm_batched_transposed_extras": build_gemm_batched_transposed_extras,
    "conv2d_nchw": build_conv2d_nchw,
    "conv2d_nhwc": build_conv2d_nhwc,
    "b2b_gemm": build_b2b_gemm,
    "b2b_conv": build_b2b_conv,
    "conv_pool": build_conv_pool,
    "pool2d_avg_global": build_pool2d,
    "pool2d_max": build_max_pool2d,
    "transpose": build_transpose,
    "pad": build_pad,
    "slice": build_slice,
    "reshape": build_reshape,
    "broadcast": build_broadcast,
    "concat": build_concat,
    "softmax": build_softmax,
    "layernorm_affine": build_layernorm_affine,
    "layernorm_plain": build_layernorm_plain,
    "layernorm_beta_only": build_layernorm_beta_only,
    "reduce": build_reduce,
    "reduce_keep_dims": build_reduce_keep_dims,
    "select": build_select,
    **{cls.name: build_unary(cls) for cls in bolt.UNARY_ELEMENTWISE_OPS},
    **{cls.name: build_binary(cls) for cls in bolt.BINARY_ELEMENTWISE_OPS},
}


@pytest.mark.parametrize("build", BUILDERS.values(), ids=BUILDERS.keys())
def test_op_built_in_python_verifies_and_round_trips(build):
    ops = build()
    for op in ops:
        op.verify()
    assert_round_trips(in_function(*ops))


def test_every_op_of_the_dialect_is_built():
    """A new op must get a builder above (bolt.yield is built inside every anchor)."""
    built = {bolt.YieldOp}
    for build in BUILDERS.values():
        for op in build():
            built.update(type(o) for o in op.walk())
    missing = sorted(op.name for op in bolt.Bolt.operations if op not in built)
    assert not missing, f"no Python builder test for {missing}"


LIT_DIR = Path(__file__).resolve().parents[2] / "lit" / "dialect"


def test_lit_suite_covers_every_op():
    """Each op has a round-trip line and a checked diagnostic in test/lit/dialect."""
    round_trips = "".join(p.read_text() for p in LIT_DIR.glob("roundtrip-*.mlir"))
    diagnostics = "".join(p.read_text() for p in LIT_DIR.glob("invalid-*.mlir"))
    for op in bolt.Bolt.operations:
        assert re.search(rf"// CHECK(-NEXT)?: .*\b{re.escape(op.name)}[ (]", round_trips), op.name
        assert f"// CHECK: {op.name}: " in diagnostics, op.name


def test_constructors_spell_default_properties():
    x, w = values(tensor([1, 8, 8, 8]), tensor([16, 8, 3, 3]))
    conv = bolt.Conv2dOp(x, w, tensor([1, 16, 6, 6]))
    assert conv.layout.data == bolt.Layout.NCHW
    assert bolt.int_list(conv.strides) == (1, 1)
    assert bolt.int_list(conv.padding) == (0, 0, 0, 0)
    assert bolt.int_list(conv.dilations) == (1, 1)
    assert conv.groups.value.data == 1
    assert conv.kernel is None
    (g,) = values(tensor([4]))
    assert bolt.GeluOp(g).approximate.data == bolt.GeluApproximation.ERF
    assert bolt.float_value(bolt.PadOp(g, [1], [1]).value) == 0.0


@pytest.mark.parametrize(
    "build, message",
    [
        (lambda a: bolt.ReluOp(a, tensor([4], f64)), "the result has unsupported element type f64"),
        (lambda a: bolt.CastOp(a, tensor([5], f16)), "result shape [5] differs from input"),
        (lambda a: bolt.ClampOp(a, 1.0, -1.0), "min 1.0 exceeds max -1.0"),
        (lambda a: bolt.AddOp(a, a, tensor([1, 4])), "result shape [1, 4] should be the broadcast"),
        (lambda a: bolt.SoftmaxOp(a, 1), "axis 1 is outside rank 1"),
        (lambda a: bolt.ReshapeOp(a, [3]), "4 elements cannot become 3"),
        (lambda a: bolt.LayerNormOp(a, 0, -1.0), "epsilon must be non-negative"),
    ],
)
def test_python_built_op_with_bad_arguments_is_rejected(build, message):
    (a,) = values(tensor([4]))
    op = build(a)
    with pytest.raises(VerifyException, match=re.escape(f"{op.name}: {message}")):
        op.verify()


# --------------------------------------------------------------------------------------
# The shape helpers, against numpy and a brute-force count.
# --------------------------------------------------------------------------------------

shapes = st.lists(st.sampled_from([1, 1, 2, 3, 5]), min_size=0, max_size=4)


@settings(max_examples=300, deadline=None)
@given(st.lists(shapes, min_size=1, max_size=4))
def test_broadcast_shapes_matches_numpy(shape_list):
    try:
        expected = tuple(np.broadcast_shapes(*map(tuple, shape_list)))
    except ValueError:
        expected = None
    assert bolt.broadcast_shapes(*shape_list) == expected


@settings(max_examples=200, deadline=None)
@given(a=shapes, b=shapes)
def test_broadcast_shapes_is_symmetric_and_idempotent(a, b):
    assert bolt.broadcast_shapes(a, b) == bolt.broadcast_shapes(b, a)
    assert bolt.broadcast_shapes(a, a) == tuple(a)
    ab = bolt.broadcast_shapes(a, b)
    if ab is not None:
        assert bolt.broadcast_shapes(ab, a) == ab


def test_broadcast_shapes_examples():
    assert bolt.broadcast_shapes((4, 3), (3,)) == (4, 3)
    assert bolt.broadcast_shapes((4, 1), (3,)) == (4, 3)
    assert bolt.broadcast_shapes((), (2, 2)) == (2, 2)
    assert bolt.broadcast_shapes((2, 1, 3), (4, 3), (1,)) == (2, 4, 3)
    assert bolt.broadcast_shapes((4, 8), (4,)) is None
    assert bolt.broadcast_shapes((3,), (2,)) is None


def window_positions(size: int, before: int, after: int, k: int, stride: int, dilation: int) -> int:
    """How many window starts 0, stride, 2*stride, ... keep the dilated window inside the input
    padded with `before` and `after`."""
    padded = size + before + after
    extent = dilation * (k - 1) + 1
    return sum(1 for start in range(0, padded, stride) if start + extent <= padded)


window = st.fixed_dictionaries(
    dict(
        hw=st.tuples(st.integers(1, 20), st.integers(1, 20)),
        rs=st.tuples(st.integers(1, 7), st.integers(1, 7)),
        strides=st.tuples(st.integers(1, 4), st.integers(1, 4)),
        padding=st.tuples(*[st.integers(0, 3)] * 4),
        dilations=st.tuples(st.integers(1, 3), st.integers(1, 3)),
    )
)


@settings(max_examples=500, deadline=None)
@given(window)
def test_conv2d_output_hw_matches_brute_force(w):
    (h, wd), (r, s) = w["hw"], w["rs"]
    top, left, bottom, right = w["padding"]
    expected = (
        window_positions(h, top, bottom, r, w["strides"][0], w["dilations"][0]),
        window_positions(wd, left, right, s, w["strides"][1], w["dilations"][1]),
    )
    p, q = bolt.conv2d_output_hw(w["hw"], w["rs"], w["strides"], w["padding"], w["dilations"])
    for got, want in zip((p, q), expected):
        if want > 0:
            assert got == want
        else:
            assert got <= 0  # the verifiers read <= 0 as "the window does not fit"


@settings(max_examples=60, deadline=None)
@given(w=window, nhwc=st.booleans())
def test_conv2d_verifier_agrees_with_brute_force(w, nhwc):
    """The op verifies exactly when the window fits, with the brute-force output size."""
    (h, wd), (r, s) = w["hw"], w["rs"]
    top, left, bottom, right = w["padding"]
    p = window_positions(h, top, bottom, r, w["strides"][0], w["dilations"][0])
    q = window_positions(wd, left, right, s, w["strides"][1], w["dilations"][1])
    n, c, f = 1, 2, 3
    layout = bolt.Layout.NHWC if nhwc else bolt.Layout.NCHW
    x_shape, w_shape = ([n, h, wd, c], [f, r, s, c]) if nhwc else ([n, c, h, wd], [f, c, r, s])
    out = [n, max(p, 1), max(q, 1), f] if nhwc else [n, f, max(p, 1), max(q, 1)]
    x, wt = values(tensor(x_shape), tensor(w_shape))
    op = bolt.Conv2dOp(
        x, wt, tensor(out), layout=layout, strides=w["strides"], padding=w["padding"],
        dilations=w["dilations"],
    )
    if p > 0 and q > 0:
        op.verify()
    else:
        with pytest.raises(VerifyException, match="the filter window does not fit the padded"):
            op.verify()


# --------------------------------------------------------------------------------------
# B2bOp.verify_: what one back-to-back kernel can run.
# --------------------------------------------------------------------------------------


def epilogue(
    acc_type: TensorType,
    extras: Sequence[SSAValue],
    body: Callable[[SSAValue], Operation] | None,
) -> Region:
    """A plain store, or a block that applies `body` to the accumulator and yields it."""
    if body is None:
        return bolt.make_epilogue_block(acc_type, extras)
    block = Block(arg_types=[acc_type, *(e.type for e in extras)])
    op = body(block.args[0])
    block.add_ops([op, bolt.YieldOp(op.results[0])])
    return Region(block)


def gemm_b2b(
    *, second_lhs: str = "first", extras_of_second: str | None = None, yielded: str = "second"
) -> bolt.B2bOp:
    """D = relu(A @ W0) @ W1 in registers, with hooks to break one rule at a time."""
    arg_types = [tensor([64, 32], f16), tensor([32, 64], f16), tensor([64, 16], f16)]
    body = Block(arg_types=arg_types)
    a, w0, w1 = body.args
    first = bolt.GemmOp(
        a, w0, tensor([64, 64], f16), epilogue=epilogue(tensor([64, 64]), (), bolt.ReluOp)
    )
    lhs = first.result if second_lhs == "first" else a
    extras = [first.result] if extras_of_second == "first" else []
    if second_lhs != "first":  # a is 64x32, so contract it with W0 and the intermediate is unused
        second = bolt.GemmOp(lhs, w0, tensor([64, 64], f16), extras)
    else:
        second = bolt.GemmOp(lhs, w1, tensor([64, 16], f16), extras)
    out = {"second": second.result, "first": first.result, "arg": a}[yielded]
    body.add_ops([first, second, bolt.YieldOp(out)])
    outer = values(*arg_types)
    return bolt.B2bOp(outer, second.result.type, bolt.Residence.REGISTERS, Region(body))


def conv_b2b(
    *,
    second_filter: Sequence[int] = (32, 16, 1, 1),
    second_strides: Sequence[int] = (1, 1),
    second_padding: Sequence[int] = (0, 0, 0, 0),
    second_layout: bolt.Layout = bolt.Layout.NCHW,
) -> bolt.B2bOp:
    """A 3x3 conv (NCHW, padded) then a second conv, through shared memory."""
    n, c, h, w = 1, 8, 16, 16
    arg_types = [tensor([n, c, h, w], f16), tensor([16, c, 3, 3], f16), tensor(second_filter, f16)]
    body = Block(arg_types=arg_types)
    x, f0, f1 = body.args
    first = bolt.Conv2dOp(x, f0, tensor([n, 16, h, w], f16), padding=(1, 1, 1, 1))
    if second_layout == bolt.Layout.NCHW:
        hw_in, r, s = (h, w), second_filter[2], second_filter[3]
    else:  # the first result read as N x H x W x C: H=16 (channels), W=16, C=16
        hw_in, r, s = (16, h), second_filter[1], second_filter[2]
    p, q = bolt.conv2d_output_hw(hw_in, (r, s), second_strides, second_padding, (1, 1))
    f = second_filter[0]
    result = [n, f, p, q] if second_layout == bolt.Layout.NCHW else [n, p, q, f]
    second = bolt.Conv2dOp(
        first.result, f1, tensor(result, f16), layout=second_layout, strides=second_strides,
        padding=second_padding,
    )
    body.add_ops([first, second, bolt.YieldOp(second.result)])
    outer = values(*arg_types)
    return bolt.B2bOp(outer, second.result.type, bolt.Residence.SHARED_MEMORY, Region(body))


def conv_pool(*, pool_kind: bolt.PoolKind = bolt.PoolKind.MAX, filter_from_outside: bool = False) -> bolt.ConvPoolOp:
    """An NHWC 3x3 conv (padded) and the 2x2/2 pool of its result in one bolt.conv_pool."""
    arg_types = [tensor([1, 8, 8, 8], f16), tensor([16, 3, 3, 8], f16)]
    body = Block(arg_types=arg_types)
    x, w = body.args
    if filter_from_outside:
        (w,) = values(arg_types[1])
    conv = bolt.Conv2dOp(x, w, tensor([1, 8, 8, 16], f16), layout=bolt.Layout.NHWC, padding=(1, 1, 1, 1))
    pool = bolt.Pool2dOp(pool_kind, conv.result, tensor([1, 4, 4, 16], f16), layout=bolt.Layout.NHWC,
                         window=(2, 2), strides=(2, 2))
    body.add_ops([conv, pool, bolt.YieldOp(pool.result)])
    return bolt.ConvPoolOp(values(*arg_types), pool.result.type, Region(body))


def test_conv_pool_holds_its_conv_and_pool():
    op = conv_pool()
    op.verify()
    conv, pool = op.stages()
    assert pool.input is conv.result and op.body.block.last_op.values[0] is pool.result


@pytest.mark.parametrize("kwargs, message", [
    (dict(pool_kind=bolt.PoolKind.AVG), "bolt.conv_pool: the pool must be a max pool, got avg"),
    (dict(filter_from_outside=True), "bolt.conv_pool: the convolution must read only the body's block arguments"),
])
def test_conv_pool_rejects(kwargs, message):
    with pytest.raises(VerifyException, match=re.escape(message)):
        conv_pool(**kwargs).verify()


def test_b2b_accepts_two_gemms_and_two_convs():
    for op in (gemm_b2b(), conv_b2b()):
        op.verify()
        first, second = op.anchors()
        assert second.main_operands[0] is first.result
    assert isinstance(gemm_b2b().anchors()[0], bolt.GemmOp)
    assert isinstance(conv_b2b().anchors()[1], bolt.Conv2dOp)


def test_b2b_rejects_anchors_of_different_kinds():
    """A conv and a GEMM: the kinds are compared before the dataflow between them."""
    arg_types = [tensor([1, 16, 8, 8], f16), tensor([16, 16, 1, 1], f16), tensor([16, 16], f16)]
    body = Block(arg_types=arg_types)
    x, f0, w1 = body.args
    conv = bolt.Conv2dOp(x, f0, tensor([1, 16, 8, 8], f16))
    gemm = bolt.GemmOp(w1, w1, tensor([16, 16], f16))
    body.add_ops([conv, gemm, bolt.YieldOp(gemm.result)])
    op = bolt.B2bOp(values(*arg_types), gemm.result.type, bolt.Residence.REGISTERS, Region(body))
    with pytest.raises(VerifyException, match="bolt.b2b: both anchors must be of one kind"):
        op.verify()


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(second_filter=(32, 16, 3, 3)),  # 3x3: needs a halo of the first conv's output
        dict(second_strides=(2, 2)),
        dict(second_strides=(1, 2)),
        dict(second_padding=(0, 0, 1, 0)),
        dict(second_filter=(32, 16, 3, 1), second_padding=(1, 0, 1, 0)),
    ],
    ids=["3x3", "stride2", "stride1x2", "padded", "3x1_padded"],
)
def test_b2b_rejects_second_conv_that_is_not_1x1_stride1_unpadded(kwargs):
    op = conv_b2b(**kwargs)
    for anchor in op.anchors():
        anchor.verify()  # each conv is fine alone: the b2b rule is what refuses it
    message = "bolt.b2b: the second convolution must be 1x1, stride 1, unpadded"
    with pytest.raises(VerifyException, match=message):
        op.verify()


def test_b2b_rejects_convs_of_two_layouts():
    op = conv_b2b(second_filter=(32, 1, 1, 16), second_layout=bolt.Layout.NHWC)
    message = "bolt.b2b: both convolutions must use one layout, got nchw and nhwc"
    with pytest.raises(VerifyException, match=message):
        op.verify()


def test_b2b_rejects_intermediate_with_two_uses():
    op = gemm_b2b(extras_of_second="first")  # the first product also feeds the epilogue
    message = "bolt.b2b: the intermediate result must have exactly one use"
    with pytest.raises(VerifyException, match=message):
        op.verify()


def test_b2b_rejects_intermediate_not_fed_to_second():
    op = gemm_b2b(second_lhs="arg")
    message = "bolt.b2b: the second anchor must take the first one's result as its lhs/input"
    with pytest.raises(VerifyException, match=message):
        op.verify()


@pytest.mark.parametrize("yielded", ["arg", "first"])
def test_b2b_rejects_yield_of_the_wrong_value(yielded):
    op = gemm_b2b(yielded=yielded)
    # Yielding the first product also gives it a second use, which is reported first.
    message = {
        "arg": "bolt.b2b: the body must yield the second anchor's result",
        "first": "bolt.b2b: the intermediate result must have exactly one use",
    }[yielded]
    with pytest.raises(VerifyException, match=message):
        op.verify()


def test_b2b_rejects_result_type_other_than_second_anchors():
    good = gemm_b2b()
    body = good.detach_region(good.body)
    inputs = values(*[a.type for a in body.block.args])
    op = bolt.B2bOp(inputs, tensor([64, 16], f32), bolt.Residence.REGISTERS, body)
    message = "bolt.b2b: the result type must be the second anchor's"
    with pytest.raises(VerifyException, match=message):
        op.verify()


# --------------------------------------------------------------------------------------
# AnchorOp.is_plain_store.
# --------------------------------------------------------------------------------------


def test_default_epilogue_is_a_plain_store():
    a, b, bias = values(tensor([4, 8], f16), tensor([8, 16], f16), tensor([16], f16))
    assert bolt.GemmOp(a, b, tensor([4, 16], f16)).is_plain_store()
    assert bolt.GemmOp(a, b, tensor([4, 16], f16), [bias]).is_plain_store()  # an unused extra
    x, w = values(tensor([1, 8, 8, 8]), tensor([16, 8, 1, 1]))
    assert bolt.Conv2dOp(x, w, tensor([1, 16, 8, 8])).is_plain_store()


def test_epilogue_with_an_activation_is_not_a_plain_store():
    a, b = values(tensor([4, 8], f16), tensor([8, 16], f16))
    relu_epilogue = epilogue(tensor([4, 16]), (), bolt.ReluOp)
    op = bolt.GemmOp(a, b, tensor([4, 16], f16), epilogue=relu_epilogue)
    op.verify()
    assert not op.is_plain_store()


def test_epilogue_yielding_an_extra_is_not_a_plain_store():
    a, b, res = values(tensor([4, 8], f16), tensor([8, 16], f16), tensor([4, 16], f32))
    block = Block(arg_types=[tensor([4, 16]), res.type])
    block.add_op(bolt.YieldOp(block.args[1]))
    op = bolt.GemmOp(a, b, tensor([4, 16], f16), [res], epilogue=Region(block))
    op.verify()
    assert not op.is_plain_store()


def test_epilogue_with_dead_ops_is_not_a_plain_store():
    """Conservative: anything besides the yield means an epilogue to emit."""
    a, b = values(tensor([4, 8], f16), tensor([8, 16], f16))
    block = Block(arg_types=[tensor([4, 16])])
    dead = bolt.ReluOp(block.args[0])
    block.add_ops([dead, bolt.YieldOp(block.args[0])])
    op = bolt.GemmOp(a, b, tensor([4, 16], f16), epilogue=Region(block))
    op.verify()
    assert not op.is_plain_store()


def test_accumulator_type_is_f32_of_the_result_shape():
    a, b = values(tensor([2, 4, 8], bf16), tensor([8, 16], bf16))
    op = bolt.GemmOp(a, b, tensor([2, 4, 16], bf16))
    assert op.accumulator_type() == tensor([2, 4, 16], f32)
    assert op.epilogue.block.args[0].type == op.accumulator_type()


# --------------------------------------------------------------------------------------
# Attributes, and the bolt.py fixes made with this suite.
# --------------------------------------------------------------------------------------


def kernel(
    family: str, schedule: str = "cooperative", tile=(128, 128, 64), cluster=(1, 1, 1), stages=4
) -> bolt.KernelAttr:
    return bolt.KernelAttr(
        bolt.StringAttr(family), bolt.i64_array(tile), bolt.i64_array(cluster),
        bolt.IntAttr(stages), bolt.StringAttr(schedule),
    )


@pytest.mark.parametrize("family", ["gemm_sm90", 'gemm "quoted"', "back\\slash", "tab\there"])
def test_kernel_attr_round_trips_any_name(family):
    """Regression: names were printed unescaped, so a quote broke parsing back."""
    a, b = values(tensor([4, 8], f16), tensor([8, 16], f16))
    op = bolt.GemmOp(a, b, tensor([4, 16], f16))
    op.properties["kernel"] = kernel(family, schedule=family)
    module = in_function(op)
    assert_round_trips(module)
    back = reparsed(module).body.block.first_op.body.block.first_op
    assert back.kernel.family.data == family and back.kernel.schedule.data == family


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(tile=(128, 128)), "tile and cluster need three sizes"),
        (dict(cluster=(1, 1, 1, 1)), "tile and cluster need three sizes"),
        (dict(stages=0), "tile, cluster and stages must be positive"),
        (dict(tile=(128, -1, 64)), "tile, cluster and stages must be positive"),
    ],
)
def test_kernel_attr_rejects_bad_parameters(kwargs, message):
    with pytest.raises(VerifyException, match=f"#bolt.kernel: {message}"):
        kernel("gemm_sm90", **kwargs)


def test_layernorm_rejects_element_type_change():
    """Regression: the verifier checked the result's shape but not its element type."""
    (x,) = values(tensor([4, 32], f16))
    bolt.LayerNormOp(x, 1, 1e-5).verify()
    text = """
      func.func @f(%x: tensor<4x32xf16>) -> tensor<4x32xf32> {
        %y = bolt.layernorm %x axis 1 epsilon 1.0e-05 : tensor<4x32xf16> -> tensor<4x32xf32>
        func.return %y : tensor<4x32xf32>
      }"""
    module = Parser(bolt_context(), text).parse_module()
    message = "bolt.layernorm: operands and result must share one element type, got ['f16', 'f32']"
    with pytest.raises(VerifyException, match=re.escape(message)):
        module.verify()


@pytest.mark.parametrize("element", [f64, i32])
def test_anchor_rejects_extras_of_unsupported_type(element):
    """Regression: an extra the epilogue never reads escaped the element-type check."""
    a, b, extra = values(tensor([4, 8], f16), tensor([8, 16], f16), tensor([16], element))
    op = bolt.GemmOp(a, b, tensor([4, 16], f16), [extra])
    assert op.is_plain_store()
    message = f"bolt.gemm: extra 0 has unsupported element type {element}"
    with pytest.raises(VerifyException, match=message):
        op.verify()


def test_enum_attributes_print_their_value():
    for attr, text in [
        (bolt.LayoutAttr(bolt.Layout.NHWC), "#bolt<layout nhwc>"),
        (bolt.PoolKindAttr(bolt.PoolKind.AVG), "#bolt<pool_kind avg>"),
        (bolt.ReduceKindAttr(bolt.ReduceKind.MEAN), "#bolt<reduce_kind mean>"),
        (bolt.GeluApproximationAttr(bolt.GeluApproximation.TANH), "#bolt<gelu_approximation tanh>"),
        (bolt.ComparePredicateAttr(bolt.ComparePredicate.UNE), "#bolt<predicate une>"),
        (bolt.ResidenceAttr(bolt.Residence.SHARED_MEMORY), "#bolt<residence shared_memory>"),
    ]:
        out = io.StringIO()
        Printer(stream=out).print_attribute(attr)
        assert out.getvalue() == text
        assert Parser(bolt_context(), text).parse_attribute() == attr


def test_supported_element_types():
    assert bolt.element_type_name(f16) == "f16" and bolt.element_type_name(bf16) == "bf16"
    assert isinstance(f16, Float16Type) and isinstance(bf16, BFloat16Type)
    with pytest.raises(VerifyException, match="bolt.x: the value must be a ranked tensor, got f32"):
        bolt.check_tensor("bolt.x", "the value", f32)  # operand_def(TensorType) guards ops first
    for bad in (tensor([2], f64), tensor([2], i32), tensor([-1, 2])):
        with pytest.raises(VerifyException, match="bolt.x: the value"):
            bolt.check_tensor("bolt.x", "the value", bad)
    assert bolt.check_tensor("bolt.x", "the value", tensor([2], bf16)) == tensor([2], bf16)


@pytest.mark.parametrize("element", [Float16Type(), BFloat16Type(), Float32Type(), Float64Type()], ids=str)
@pytest.mark.parametrize("value", [-np.inf, np.inf, np.nan, -2.5])
def test_small_float_constants_round_trip_non_finite_values(element, value):
    """xDSL prints -inf/inf/NaN elements of a small dense attribute as their bit pattern
    (`dense<0xff800000>`), as MLIR does; they must read back as that value, not as an integer
    (-inf came back as 4.28657869e+09; torch's safe softmax compares with -inf)."""
    from xdsl.dialects.builtin import DenseIntOrFPElementsAttr

    from boltc.dialects.resources import dense_array

    attr = DenseIntOrFPElementsAttr.from_list(TensorType(element, []), [float(value)])
    out = io.StringIO()
    Printer(stream=out).print_attribute(attr)
    parsed = Parser(bolt_context(), out.getvalue()).parse_attribute()
    got = float(np.asarray(dense_array(parsed), np.float64).reshape(-1)[0])
    assert (np.isnan(got) if np.isnan(value) else got == value), (out.getvalue(), got)
