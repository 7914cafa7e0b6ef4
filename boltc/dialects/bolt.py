"""The bolt dialect: tensor-level ops with value semantics that boltc rewrites and lowers.

Every op works on builtin ranked tensors of f32, f16 or bf16 with static shapes. Anchors
(`bolt.gemm`, `bolt.conv2d`) become CUTLASS kernels; each carries an epilogue region that
maps one to one onto a CUTLASS epilogue visitor tree. Elementwise ops (`bolt.ew.*`) broadcast
their operands numpy-style (trailing dimensions aligned, size-1 dimensions stretched), which
is how a per-channel bias or a scalar reads.

This module imports nothing of boltc (DESIGN.md: imports point from the outside in).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod
from typing import ClassVar

from xdsl.dialects.builtin import (
    I64,
    AnyFloat,
    BFloat16Type,
    BytesAttr,
    DenseArrayBase,
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    IntAttr,
    IntegerAttr,
    StringAttr,
    TensorType,
    UnitAttr,
    f32,
    i64,
)
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import (
    Attribute,
    Block,
    Dialect,
    Operation,
    ParametrizedAttribute,
    Region,
    SpacedOpaqueSyntaxAttribute,
    SSAValue,
)
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    AttrSizedOperandSegments,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import HasParent, IsTerminator, Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

# --------------------------------------------------------------------------------------
# Types and small helpers shared by the verifiers.
# --------------------------------------------------------------------------------------

SUPPORTED_ELEMENT_TYPES: tuple[type[Attribute], ...] = (Float32Type, Float16Type, BFloat16Type)
ACCUMULATOR_ELEMENT_TYPE = f32  # every anchor accumulates in fp32, as the kernels do


def element_type_name(element_type: Attribute) -> str:
    return {Float32Type: "f32", Float16Type: "f16", BFloat16Type: "bf16"}.get(
        type(element_type), str(element_type)
    )


def check_tensor(op_name: str, what: str, ty: Attribute) -> TensorType:
    """The tensor type of an operand or result, or a VerifyException naming the op."""
    if not isinstance(ty, TensorType):
        raise VerifyException(f"{op_name}: {what} must be a ranked tensor, got {ty}")
    if any(d < 0 for d in ty.get_shape()):
        raise VerifyException(f"{op_name}: {what} must have a static shape, got {ty}")
    if not isinstance(ty.get_element_type(), SUPPORTED_ELEMENT_TYPES):
        raise VerifyException(
            f"{op_name}: {what} has unsupported element type {ty.get_element_type()} "
            "(supported: f32, f16, bf16)"
        )
    return ty


def shape_of(value: SSAValue) -> tuple[int, ...]:
    assert isinstance(value.type, TensorType)
    return value.type.get_shape()


def broadcast_shapes(*shapes: Sequence[int]) -> tuple[int, ...] | None:
    """numpy's broadcasting rule; None where the shapes do not broadcast."""
    rank = max(len(s) for s in shapes)
    out: list[int] = []
    for i in range(rank):
        sizes = {s[len(s) - rank + i] for s in shapes if len(s) - rank + i >= 0}
        sizes.discard(1)
        if len(sizes) > 1:
            return None
        out.append(sizes.pop() if sizes else 1)
    return tuple(out)


def int_list(attr: DenseArrayBase) -> tuple[int, ...]:
    return tuple(attr.get_values())  # type: ignore[arg-type]


def i64_array(values: Sequence[int]) -> DenseArrayBase:
    return DenseArrayBase.from_list(i64, list(values))


def float_value(attr: FloatAttr) -> float:
    return float(attr.value.data)


def f64_attr(value: float) -> FloatAttr:
    from xdsl.dialects.builtin import f64

    return FloatAttr(float(value), f64)


def _check_same_element_type(op_name: str, types: Sequence[TensorType]) -> None:
    names = {element_type_name(t.get_element_type()) for t in types}
    if len(names) > 1:
        raise VerifyException(
            f"{op_name}: operands and result must share one element type, got {sorted(names)}"
        )


# --------------------------------------------------------------------------------------
# Attributes: closed sets as enums, the tuner's kernel choice as a parametrized attribute.
# --------------------------------------------------------------------------------------


class Layout(StrEnum):
    """Activation layout. Filters follow: NCHW pairs with FCHW (OIHW), NHWC with KRSC (OHWI)."""

    NCHW = "nchw"
    NHWC = "nhwc"


@irdl_attr_definition
class LayoutAttr(EnumAttribute[Layout], SpacedOpaqueSyntaxAttribute):
    name = "bolt.layout"


class PoolKind(StrEnum):
    MAX = "max"
    AVG = "avg"


@irdl_attr_definition
class PoolKindAttr(EnumAttribute[PoolKind], SpacedOpaqueSyntaxAttribute):
    name = "bolt.pool_kind"


class ReduceKind(StrEnum):
    SUM = "sum"
    MEAN = "mean"
    MAX = "max"
    MIN = "min"


@irdl_attr_definition
class ReduceKindAttr(EnumAttribute[ReduceKind], SpacedOpaqueSyntaxAttribute):
    name = "bolt.reduce_kind"


class GeluApproximation(StrEnum):
    ERF = "erf"
    TANH = "tanh"


@irdl_attr_definition
class GeluApproximationAttr(EnumAttribute[GeluApproximation], SpacedOpaqueSyntaxAttribute):
    name = "bolt.gelu_approximation"


class ComparePredicate(StrEnum):
    """arith.cmpf's predicates: o* are false on NaN, u* true on NaN."""

    OEQ = "oeq"
    OGT = "ogt"
    OGE = "oge"
    OLT = "olt"
    OLE = "ole"
    ONE = "one"
    UEQ = "ueq"
    UGT = "ugt"
    UGE = "uge"
    ULT = "ult"
    ULE = "ule"
    UNE = "une"


@irdl_attr_definition
class ComparePredicateAttr(EnumAttribute[ComparePredicate], SpacedOpaqueSyntaxAttribute):
    name = "bolt.predicate"


class Residence(StrEnum):
    """Where a b2b kernel keeps the first product between its two GEMMs."""

    REGISTERS = "registers"
    SHARED_MEMORY = "shared_memory"


class AttentionLayout(StrEnum):
    """How bolt.attention reads Q, K, V and writes O (B batch, H heads, S sequence, D head dim).

    bhsd: [batch..., S, D], any number of leading batch dimensions (heads among them).
    bshd: [B, S, H, D], heads interleaved per position (an nn.Linear's output, reshaped).
    bs3hd: q, k and v are each [B, S, 3, H, D] and read slots 0, 1 and 2 of their dimension 2
    (the packed output of one QKV projection); the op reads strided views, no copies."""

    BHSD = "bhsd"
    BSHD = "bshd"
    BS3HD = "bs3hd"


@irdl_attr_definition
class AttentionLayoutAttr(EnumAttribute[AttentionLayout], SpacedOpaqueSyntaxAttribute):
    name = "bolt.attention_layout"


@irdl_attr_definition
class ResidenceAttr(EnumAttribute[Residence], SpacedOpaqueSyntaxAttribute):
    name = "bolt.residence"


@irdl_attr_definition
class KernelAttr(ParametrizedAttribute):
    """What the tuner chose for an anchor: `#bolt.kernel<"gemm_sm90", tile [128, 128, 64],
    cluster [1, 1, 1], stages 4, "cooperative">`."""

    name = "bolt.kernel"
    # `stages auto`: as many stages as fit beside the epilogue (CUTLASS 3's
    # StageCountAutoCarveout), what the sm_90a heuristic chooses. Stored as -1 (a written
    # count must be positive: `stages 0` stays an error).
    AUTO_STAGES: ClassVar[int] = -1

    family: StringAttr
    tile: DenseArrayBase
    cluster: DenseArrayBase
    stages: IntAttr
    schedule: StringAttr

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            family = StringAttr(parser.parse_str_literal())
            parser.parse_punctuation(",")
            parser.parse_keyword("tile")
            tile = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
            parser.parse_punctuation(",")
            parser.parse_keyword("cluster")
            cluster = parser.parse_comma_separated_list(
                parser.Delimiter.SQUARE, parser.parse_integer
            )
            parser.parse_punctuation(",")
            parser.parse_keyword("stages")
            if parser.parse_optional_keyword("auto") is not None:
                stages = IntAttr(cls.AUTO_STAGES)
            else:
                count = parser.parse_integer()
                if count == cls.AUTO_STAGES:
                    parser.raise_error("#bolt.kernel: write 'stages auto' for as many stages as fit")
                stages = IntAttr(count)
            parser.parse_punctuation(",")
            schedule = StringAttr(parser.parse_str_literal())
        return (family, i64_array(tile), i64_array(cluster), stages, schedule)

    def print_parameters(self, printer: Printer) -> None:
        tile = ", ".join(map(str, int_list(self.tile)))
        cluster = ", ".join(map(str, int_list(self.cluster)))
        # String literals go through the printer's escaping, or a quote in a name breaks parsing.
        printer.print_string("<")
        printer.print_string_literal(self.family.data)
        stages = "auto" if self.stages.data == self.AUTO_STAGES else str(self.stages.data)
        printer.print_string(f", tile [{tile}], cluster [{cluster}], stages {stages}, ")
        printer.print_string_literal(self.schedule.data)
        printer.print_string(">")

    def verify(self) -> None:
        if len(int_list(self.tile)) != 3 or len(int_list(self.cluster)) != 3:
            raise VerifyException("#bolt.kernel: tile and cluster need three sizes (M, N, K)")
        if any(v <= 0 for v in (*int_list(self.tile), *int_list(self.cluster))) or (
                self.stages.data <= 0 and self.stages.data != self.AUTO_STAGES):
            raise VerifyException("#bolt.kernel: tile, cluster and stages must be positive (or stages auto)")

    @property
    def stage_count(self) -> int | None:
        """The stage count; None for `stages auto`."""
        return None if self.stages.data == self.AUTO_STAGES else self.stages.data


# --------------------------------------------------------------------------------------
# Constants.
# --------------------------------------------------------------------------------------


@irdl_op_definition
class ConstantOp(IRDLOperation):
    """A weight or scalar. Large weights stay `dense_resource` blobs and are never expanded."""

    name = "bolt.constant"
    value = prop_def(DenseIntOrFPElementsAttr | DenseResourceAttr)
    result = result_def(TensorType)
    traits = traits_def(Pure())

    def __init__(self, value: DenseIntOrFPElementsAttr | DenseResourceAttr):
        super().__init__(properties={"value": value}, result_types=[value.type])

    @classmethod
    def parse(cls, parser: Parser) -> ConstantOp:
        attrs = parser.parse_optional_attr_dict()
        value = parser.parse_attribute()  # dense<...> : T or dense_resource<key> : T
        if not isinstance(value, (DenseIntOrFPElementsAttr, DenseResourceAttr)):
            parser.raise_error(f"bolt.constant expects a dense or dense_resource value, got {value}")
        op = cls(value)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        if self.attributes:
            printer.print_string(" ")
            printer.print_attr_dict(self.attributes)
        printer.print_string(" ")
        printer.print_attribute(self.value)

    def verify_(self) -> None:
        ty = check_tensor(self.name, "the result", self.result.type)
        if self.value.type != ty:
            raise VerifyException(
                f"{self.name}: value type {self.value.type} differs from result type {ty}"
            )


def dense_constant(ty: TensorType, raw: bytes) -> ConstantOp:
    """A constant from raw little-endian bytes of `ty`'s element type (numpy's tobytes())."""
    return ConstantOp(DenseIntOrFPElementsAttr(ty, BytesAttr(raw)))


# --------------------------------------------------------------------------------------
# The terminator of epilogue and b2b regions.
# --------------------------------------------------------------------------------------


@irdl_op_definition
class YieldOp(IRDLOperation):
    name = "bolt.yield"
    values = var_operand_def(TensorType)
    assembly_format = "$values attr-dict `:` type($values)"
    traits = traits_def(IsTerminator())

    def __init__(self, *values: SSAValue | Operation):
        super().__init__(operands=[values])

    def verify_(self) -> None:
        parent = self.parent_op()
        if not isinstance(parent, (GemmOp, Conv2dOp, B2bOp, ConvPoolOp)):
            raise VerifyException(
                f"{self.name}: must terminate the region of bolt.gemm, bolt.conv2d, bolt.b2b or bolt.conv_pool"
            )
        if len(self.values) != 1:
            raise VerifyException(f"{self.name}: yields exactly one value, got {len(self.values)}")


# --------------------------------------------------------------------------------------
# Anchors: ops that become CUTLASS kernels, each with an epilogue region.
# --------------------------------------------------------------------------------------


class AnchorOp(IRDLOperation):
    """Shared shape of bolt.gemm and bolt.conv2d: two main operands, `extras` that the
    epilogue reads (bias, residual, scales), one result, and the epilogue region.

    The epilogue block receives the fp32 accumulator (the result's shape, f32) followed by the
    extras, and yields one value of the result's shape; the store converts it to the result's
    element type. A block that yields its accumulator is a plain store.
    """

    extras = var_operand_def(TensorType)
    result = result_def(TensorType)
    epilogue = region_def("single_block")
    kernel = opt_prop_def(KernelAttr)

    @property
    def main_operands(self) -> tuple[SSAValue, SSAValue]:
        raise NotImplementedError  # each anchor names its own two operands

    def accumulator_type(self) -> TensorType:
        return TensorType(ACCUMULATOR_ELEMENT_TYPE, shape_of(self.result))

    def is_plain_store(self) -> bool:
        block = self.epilogue.block
        last = block.last_op
        return (
            block.first_op is last
            and isinstance(last, YieldOp)
            and last.values[0] is block.args[0]
        )

    def verify_epilogue(self) -> None:
        for i, extra in enumerate(self.extras):
            check_tensor(self.name, f"extra {i}", extra.type)
        block = self.epilogue.block
        expected = [self.accumulator_type(), *(e.type for e in self.extras)]
        got = [a.type for a in block.args]
        if got != expected:
            raise VerifyException(
                f"{self.name}: the epilogue block takes (accumulator, *extras) of types "
                f"({', '.join(map(str, expected))}), got ({', '.join(map(str, got))})"
            )
        last = block.last_op
        if not isinstance(last, YieldOp):
            raise VerifyException(f"{self.name}: the epilogue must end in bolt.yield")
        out = check_tensor(self.name, "the epilogue's yielded value", last.values[0].type)
        if out.get_shape() != shape_of(self.result):
            raise VerifyException(
                f"{self.name}: the epilogue yields shape {list(out.get_shape())}, the result has "
                f"{list(shape_of(self.result))}"
            )
        for op in block.ops:
            if not isinstance(op, (YieldOp, ConstantOp, *ELEMENTWISE_OPS, BroadcastOp, ReshapeOp, ReduceOp)):
                raise VerifyException(
                    f"{self.name}: {op.name} cannot appear in an epilogue (elementwise ops, "
                    "broadcasts, reshapes and reductions only)"
                )


def make_epilogue_block(acc_type: TensorType, extras: Sequence[SSAValue]) -> Region:
    """The plain-store epilogue: a block over (acc, *extras) that yields acc."""
    block = Block(arg_types=[acc_type, *(e.type for e in extras)])
    block.add_op(YieldOp(block.args[0]))
    return Region(block)


@irdl_op_definition
class GemmOp(AnchorOp):
    """D = epilogue(op(A) @ op(B), *extras), batched when A is rank 3.

    A is [B x] M x K (K x M with transpose_a); B is [B x] K x N (N x K with transpose_b), or a
    2-D matrix shared by every batch.
    """

    name = "bolt.gemm"
    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    transpose_a = opt_prop_def(UnitAttr)
    transpose_b = opt_prop_def(UnitAttr)
    traits = traits_def(Pure())
    irdl_options = (AttrSizedOperandSegments(as_property=True), ParsePropInAttrDict(),)
    assembly_format = (
        "$lhs `,` $rhs (`extras` `(` $extras^ `:` type($extras) `)`)? attr-dict "
        "`:` type($lhs) `,` type($rhs) `->` type($result) $epilogue"
    )

    def __init__(
        self,
        lhs: SSAValue,
        rhs: SSAValue,
        result_type: TensorType,
        extras: Sequence[SSAValue] = (),
        *,
        transpose_a: bool = False,
        transpose_b: bool = False,
        epilogue: Region | None = None,
    ):
        props: dict[str, Attribute] = {}
        if transpose_a:
            props["transpose_a"] = UnitAttr()
        if transpose_b:
            props["transpose_b"] = UnitAttr()
        if epilogue is None:
            epilogue = make_epilogue_block(TensorType(f32, result_type.get_shape()), extras)
        super().__init__(
            operands=[lhs, rhs, list(extras)],
            result_types=[result_type],
            properties=props,
            regions=[epilogue],
        )

    @property
    def main_operands(self) -> tuple[SSAValue, SSAValue]:
        return (self.lhs, self.rhs)

    def problem_shape(self) -> tuple[int, int, int, int]:
        """(batch, M, N, K) of this GEMM."""
        a, b = shape_of(self.lhs), shape_of(self.rhs)
        batch = a[0] if len(a) == 3 else 1
        m, k = (a[-1], a[-2]) if self.transpose_a else (a[-2], a[-1])
        n = b[-2] if self.transpose_b else b[-1]
        return batch, m, n, k

    def verify_(self) -> None:
        a = check_tensor(self.name, "lhs", self.lhs.type)
        b = check_tensor(self.name, "rhs", self.rhs.type)
        d = check_tensor(self.name, "the result", self.result.type)
        _check_same_element_type(self.name, [a, b])
        if a.get_num_dims() not in (2, 3) or b.get_num_dims() not in (2, 3):
            raise VerifyException(f"{self.name}: lhs and rhs must be rank 2 or 3 (batched)")
        if b.get_num_dims() == 3 and a.get_num_dims() != 3:
            raise VerifyException(f"{self.name}: a batched rhs needs a batched lhs")
        if a.get_num_dims() == 3 and b.get_num_dims() == 3 and a.get_shape()[0] != b.get_shape()[0]:
            raise VerifyException(
                f"{self.name}: batch sizes differ: lhs {a.get_shape()[0]}, rhs {b.get_shape()[0]}"
            )
        bs, ash, bsh = a.get_shape(), a.get_shape(), b.get_shape()
        k_lhs = ash[-2] if self.transpose_a else ash[-1]
        k_rhs = bsh[-1] if self.transpose_b else bsh[-2]
        if k_lhs != k_rhs:
            raise VerifyException(
                f"{self.name}: contraction sizes differ: lhs has K={k_lhs}, rhs has K={k_rhs}"
            )
        batch, m, n, _ = self.problem_shape()
        expected = (batch, m, n) if len(bs) == 3 else (m, n)
        if d.get_shape() != expected:
            raise VerifyException(
                f"{self.name}: result shape {list(d.get_shape())} should be {list(expected)}"
            )
        self.verify_epilogue()


def conv2d_output_hw(
    hw: tuple[int, int],
    filter_hw: tuple[int, int],
    strides: Sequence[int],
    padding: Sequence[int],
    dilations: Sequence[int],
) -> tuple[int, int]:
    """Output height and width; padding is [top, left, bottom, right]."""
    (h, w), (r, s) = hw, filter_hw
    top, left, bottom, right = padding
    p = (h + top + bottom - dilations[0] * (r - 1) - 1) // strides[0] + 1
    q = (w + left + right - dilations[1] * (s - 1) - 1) // strides[1] + 1
    return p, q


def _verify_window_attrs(op_name: str, strides, padding, dilations) -> None:
    if len(strides) != 2 or any(s <= 0 for s in strides):
        raise VerifyException(f"{op_name}: strides must be two positive sizes, got {list(strides)}")
    if len(dilations) != 2 or any(d <= 0 for d in dilations):
        raise VerifyException(
            f"{op_name}: dilations must be two positive sizes, got {list(dilations)}"
        )
    if len(padding) != 4 or any(p < 0 for p in padding):
        raise VerifyException(
            f"{op_name}: padding must be four non-negative sizes [top, left, bottom, right], "
            f"got {list(padding)}"
        )


@irdl_op_definition
class Conv2dOp(AnchorOp):
    """2-D convolution (cross-correlation, as torch) with groups, stride, padding, dilation.

    NCHW: input N x C x H x W, filter F x C/groups x R x S, result N x F x P x Q.
    NHWC: input N x H x W x C, filter F x R x S x C/groups (KRSC), result N x P x Q x F.
    Padding is [top, left, bottom, right], filled with zeros.
    """

    name = "bolt.conv2d"
    input = operand_def(TensorType)
    filter = operand_def(TensorType)
    layout = prop_def(LayoutAttr)
    strides = prop_def(DenseArrayBase.constr(i64))
    padding = prop_def(DenseArrayBase.constr(i64))
    dilations = prop_def(DenseArrayBase.constr(i64))
    groups = prop_def(IntegerAttr[I64])
    traits = traits_def(Pure())
    irdl_options = (AttrSizedOperandSegments(as_property=True), ParsePropInAttrDict(),)
    assembly_format = (
        "$layout $input `,` $filter (`extras` `(` $extras^ `:` type($extras) `)`)? "
        "`strides` $strides `padding` $padding `dilations` $dilations `groups` $groups attr-dict "
        "`:` type($input) `,` type($filter) `->` type($result) $epilogue"
    )

    def __init__(
        self,
        input: SSAValue,
        filter: SSAValue,
        result_type: TensorType,
        extras: Sequence[SSAValue] = (),
        *,
        layout: Layout = Layout.NCHW,
        strides: Sequence[int] = (1, 1),
        padding: Sequence[int] = (0, 0, 0, 0),
        dilations: Sequence[int] = (1, 1),
        groups: int = 1,
        epilogue: Region | None = None,
    ):
        if epilogue is None:
            epilogue = make_epilogue_block(TensorType(f32, result_type.get_shape()), extras)
        super().__init__(
            operands=[input, filter, list(extras)],
            result_types=[result_type],
            properties={
                "layout": LayoutAttr(layout),
                "strides": i64_array(strides),
                "padding": i64_array(padding),
                "dilations": i64_array(dilations),
                "groups": IntegerAttr(groups, i64),
            },
            regions=[epilogue],
        )

    @property
    def main_operands(self) -> tuple[SSAValue, SSAValue]:
        return (self.input, self.filter)

    def dims(self) -> dict[str, int]:
        """N, C, H, W, F, R, S, P, Q whatever the layout."""
        x, f, y = shape_of(self.input), shape_of(self.filter), shape_of(self.result)
        if self.layout.data == Layout.NCHW:
            (n, c, h, w), (k, _, r, s), (_, _, p, q) = x, f, y
        else:
            (n, h, w, c), (k, r, s, _), (_, p, q, _) = x, f, y
        return dict(N=n, C=c, H=h, W=w, F=k, R=r, S=s, P=p, Q=q)

    def verify_(self) -> None:
        x = check_tensor(self.name, "the input", self.input.type)
        f = check_tensor(self.name, "the filter", self.filter.type)
        y = check_tensor(self.name, "the result", self.result.type)
        _check_same_element_type(self.name, [x, f])
        for what, t in (("input", x), ("filter", f), ("result", y)):
            if t.get_num_dims() != 4:
                raise VerifyException(f"{self.name}: the {what} must be rank 4, got {t}")
        strides, padding = int_list(self.strides), int_list(self.padding)
        dilations, groups = int_list(self.dilations), self.groups.value.data
        _verify_window_attrs(self.name, strides, padding, dilations)
        nhwc = self.layout.data == Layout.NHWC
        xs, fs = x.get_shape(), f.get_shape()
        n, c, h, w = (xs[0], xs[3], xs[1], xs[2]) if nhwc else xs
        k, cg, r, s = (fs[0], fs[3], fs[1], fs[2]) if nhwc else fs
        if groups <= 0 or c % groups or k % groups:
            raise VerifyException(
                f"{self.name}: groups={groups} must divide input channels {c} and filters {k}"
            )
        if cg != c // groups:
            raise VerifyException(
                f"{self.name}: the filter has {cg} input channels, expected {c // groups} "
                f"(input channels {c} / groups {groups}) in {self.layout.data.value} layout"
            )
        p, q = conv2d_output_hw((h, w), (r, s), strides, padding, dilations)
        if p <= 0 or q <= 0:
            raise VerifyException(f"{self.name}: the filter window does not fit the padded input")
        expected = (n, p, q, k) if nhwc else (n, k, p, q)
        if y.get_shape() != expected:
            raise VerifyException(
                f"{self.name}: result shape {list(y.get_shape())} should be {list(expected)}"
            )
        self.verify_epilogue()


ANCHOR_OPS: tuple[type[AnchorOp], ...] = (GemmOp, Conv2dOp)


@irdl_op_definition
class B2bOp(IRDLOperation):
    """Two anchors fused into one persistent kernel: the first product stays on chip.

    The body takes the b2b's operands as block arguments, holds exactly two anchors, the second
    consuming the first's result as its lhs/input (that result has no other use), and yields
    the second's result.
    """

    name = "bolt.b2b"
    inputs = var_operand_def(TensorType)
    result = result_def(TensorType)
    residence = prop_def(ResidenceAttr)
    kernel = opt_prop_def(KernelAttr)
    body = region_def("single_block")
    traits = traits_def(Pure())
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "$residence `(` $inputs `)` attr-dict `:` functional-type($inputs, $result) $body"
    )

    def __init__(
        self, inputs: Sequence[SSAValue], result_type: TensorType, residence: Residence, body: Region
    ):
        super().__init__(
            operands=[list(inputs)],
            result_types=[result_type],
            properties={"residence": ResidenceAttr(residence)},
            regions=[body],
        )

    def anchors(self) -> tuple[AnchorOp, AnchorOp]:
        first, second = (op for op in self.body.block.ops if isinstance(op, AnchorOp))
        return first, second

    def verify_(self) -> None:
        block = self.body.block
        if [a.type for a in block.args] != [i.type for i in self.inputs]:
            raise VerifyException(f"{self.name}: block arguments must match the operands' types")
        ops = list(block.ops)
        anchors = [op for op in ops if isinstance(op, AnchorOp)]
        others = [op for op in ops if not isinstance(op, (AnchorOp, YieldOp))]
        if len(anchors) != 2 or others:
            raise VerifyException(f"{self.name}: the body must hold exactly two anchors and a yield")
        first, second = anchors
        if any(operand.owner is not block for operand in first.operands) or any(
            operand.owner is not block for operand in second.operands if operand is not first.result
        ):
            # The lowering passes the b2b's operands, by block argument: a value from outside
            # the body would be bound to whichever operand shares its argument index.
            raise VerifyException(
                f"{self.name}: the anchors must read only the body's block arguments (and the first's result)"
            )
        if type(first) is not type(second):
            raise VerifyException(f"{self.name}: both anchors must be of one kind (gemm or conv2d)")
        if second.main_operands[0] is not first.result:
            raise VerifyException(
                f"{self.name}: the second anchor must take the first one's result as its lhs/input"
            )
        if not first.result.has_one_use():
            raise VerifyException(f"{self.name}: the intermediate result must have exactly one use")
        yield_op = block.last_op
        if not isinstance(yield_op, YieldOp):
            raise VerifyException(f"{self.name}: the body must end with bolt.yield")
        if yield_op.values[0] is not second.result:
            raise VerifyException(f"{self.name}: the body must yield the second anchor's result")
        if second.result.type != self.result.type:
            raise VerifyException(f"{self.name}: the result type must be the second anchor's")
        if isinstance(first, Conv2dOp) and isinstance(second, Conv2dOp):
            if first.layout != second.layout:
                raise VerifyException(
                    f"{self.name}: both convolutions must use one layout, got "
                    f"{first.layout.data.value} and {second.layout.data.value}"
                )
            d = second.dims()
            if (d["R"], d["S"]) != (1, 1) or int_list(second.strides) != (1, 1) or any(
                int_list(second.padding)
            ):
                raise VerifyException(
                    f"{self.name}: the second convolution must be 1x1, stride 1, unpadded"
                )


@irdl_op_definition
class ConvPoolOp(IRDLOperation):
    """A convolution and the max pool reading its result in one kernel: the convolution's output
    stays on chip (the conv_pool kernel, boltc/lowering/cutlass/conv_pool.py).

    The body takes the op's operands as block arguments, holds one NHWC bolt.conv2d (with its
    epilogue) and one NHWC max bolt.pool2d reading the convolution's result (its only use), and
    yields the pool's result. fuse-conv-pool forms it; the reference executor runs the body.
    """

    name = "bolt.conv_pool"
    inputs = var_operand_def(TensorType)
    result = result_def(TensorType)
    body = region_def("single_block")
    traits = traits_def(Pure())
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "`(` $inputs `)` attr-dict `:` functional-type($inputs, $result) $body"

    def __init__(self, inputs: Sequence[SSAValue], result_type: TensorType, body: Region):
        super().__init__(operands=[list(inputs)], result_types=[result_type], regions=[body])

    def stages(self) -> tuple[Conv2dOp, Pool2dOp]:
        """The body's convolution and pool (verify_ holds there are exactly these)."""
        conv = next(op for op in self.body.block.ops if isinstance(op, Conv2dOp))
        pool = next(op for op in self.body.block.ops if isinstance(op, Pool2dOp))
        return conv, pool

    def verify_(self) -> None:
        block = self.body.block
        if [a.type for a in block.args] != [i.type for i in self.inputs]:
            raise VerifyException(f"{self.name}: block arguments must match the operands' types")
        ops = list(block.ops)
        if len(ops) != 3 or not isinstance(ops[0], Conv2dOp) or not isinstance(ops[1], Pool2dOp) \
                or not isinstance(ops[2], YieldOp):
            raise VerifyException(f"{self.name}: the body must hold a bolt.conv2d, a bolt.pool2d and a yield, in order")
        conv, pool, yield_op = ops
        if any(operand.owner is not block for operand in conv.operands):
            # The lowering passes the op's operands, by block argument: a value from outside
            # the body would be bound to whichever operand shares its argument index.
            raise VerifyException(f"{self.name}: the convolution must read only the body's block arguments")
        if conv.layout.data != Layout.NHWC or pool.layout.data != Layout.NHWC:
            raise VerifyException(f"{self.name}: the convolution and the pool must both be NHWC")
        if pool.kind.data != PoolKind.MAX:
            raise VerifyException(f"{self.name}: the pool must be a max pool, got {pool.kind.data.value}")
        if pool.input is not conv.result or not conv.result.has_one_use():
            raise VerifyException(f"{self.name}: the pool must read the convolution's result, its only use")
        if yield_op.values[0] is not pool.result:
            raise VerifyException(f"{self.name}: the body must yield the pool's result")
        if pool.result.type != self.result.type:
            raise VerifyException(f"{self.name}: the result type must be the pool's")


@irdl_op_definition
class AttentionOp(IRDLOperation):
    """O = softmax(scale * Q @ K^T, over the keys) @ V, per batch and head: one fused kernel.

    The softmax and both products accumulate in fp32; the probabilities are rounded to the
    element type before the second product (the kernels feed it to the tensor cores in that
    type). `input_layout` says how q, k and v are read, `output_layout` how O is written
    (AttentionLayout): bhsd or bshd, the latter only with rank-4 (or packed) inputs, and a
    bshd/bs3hd input writes bshd (the kernel's output has its heads interleaved then).
    Q has Sq rows, K and V Sk rows; Q and K share D, V and O share Dv.
    """

    name = "bolt.attention"
    q = operand_def(TensorType)
    k = operand_def(TensorType)
    v = operand_def(TensorType)
    result = result_def(TensorType)
    scale = prop_def(FloatAttr[Float64Type])
    input_layout = prop_def(AttentionLayoutAttr)
    output_layout = prop_def(AttentionLayoutAttr)
    traits = traits_def(Pure())
    assembly_format = (
        "$q `,` $k `,` $v `scale` $scale `layout` $input_layout `->` $output_layout attr-dict "
        "`:` type($q) `,` type($k) `,` type($v) `->` type($result)"
    )

    def __init__(
        self, q: SSAValue, k: SSAValue, v: SSAValue, result_type: TensorType, *, scale: float,
        input_layout: AttentionLayout, output_layout: AttentionLayout,
    ):
        super().__init__(
            operands=[q, k, v],
            result_types=[result_type],
            properties={
                "scale": f64_attr(scale),
                "input_layout": AttentionLayoutAttr(input_layout),
                "output_layout": AttentionLayoutAttr(output_layout),
            },
        )

    def problem(self) -> tuple[tuple[int, ...], int, int, int, int]:
        """(batch dims, Sq, Sk, D, Dv) as the layouts read them; batch dims are [B, H] for
        bshd and bs3hd. Assumes a verified op."""
        q, k, v = shape_of(self.q), shape_of(self.k), shape_of(self.v)
        layout = self.input_layout.data
        if layout == AttentionLayout.BHSD:
            return q[:-2], q[-2], k[-2], q[-1], v[-1]
        if layout == AttentionLayout.BSHD:
            return (q[0], q[2]), q[1], k[1], q[3], v[3]
        return (q[0], q[3]), q[1], k[1], q[4], v[4]

    def expected_result_shape(self) -> tuple[int, ...]:
        batch, sq, _, _, dv = self.problem()
        if self.output_layout.data == AttentionLayout.BSHD:
            return (batch[0], sq, batch[1], dv)
        return (*batch, sq, dv)

    def verify_(self) -> None:
        types = [check_tensor(self.name, what, v.type) for what, v in
                 (("q", self.q), ("k", self.k), ("v", self.v), ("the result", self.result))]
        _check_same_element_type(self.name, types)
        q, k, v = (t.get_shape() for t in types[:3])
        layout, out_layout = self.input_layout.data, self.output_layout.data
        if layout == AttentionLayout.BHSD:
            if len(q) < 3 or not len(q) == len(k) == len(v):
                raise VerifyException(
                    f"{self.name}: bhsd operands must share one rank of at least 3 ([batch..., S, D]), "
                    f"got ranks {len(q)}, {len(k)}, {len(v)}"
                )
            if not q[:-2] == k[:-2] == v[:-2]:
                raise VerifyException(
                    f"{self.name}: q, k and v must share their batch dimensions, got "
                    f"{list(q[:-2])}, {list(k[:-2])}, {list(v[:-2])}"
                )
            seq_dim, d_dim = -2, -1
        else:
            rank = 4 if layout == AttentionLayout.BSHD else 5
            if not len(q) == len(k) == len(v) == rank:
                raise VerifyException(f"{self.name}: {layout.value} operands must be rank {rank}")
            if layout == AttentionLayout.BS3HD and (q[2], k[2], v[2]) != (3, 3, 3):
                raise VerifyException(
                    f"{self.name}: bs3hd operands are [B, S, 3, H, D], got dimension 2 of "
                    f"{q[2]}, {k[2]}, {v[2]}"
                )
            if not (q[0], q[-2]) == (k[0], k[-2]) == (v[0], v[-2]):
                raise VerifyException(f"{self.name}: q, k and v must share B and H")
            seq_dim, d_dim = 1, -1
        if k[seq_dim] != v[seq_dim]:
            raise VerifyException(f"{self.name}: k has {k[seq_dim]} keys, v has {v[seq_dim]}")
        if q[d_dim] != k[d_dim]:
            raise VerifyException(f"{self.name}: q and k must share D, got {q[d_dim]} and {k[d_dim]}")
        if out_layout == AttentionLayout.BS3HD:
            raise VerifyException(f"{self.name}: the output layout is bhsd or bshd, not bs3hd")
        if out_layout == AttentionLayout.BSHD and layout == AttentionLayout.BHSD and len(q) != 4:
            raise VerifyException(f"{self.name}: a bshd output needs rank-4 [B, H, S, D] inputs")
        if out_layout == AttentionLayout.BHSD and layout != AttentionLayout.BHSD:
            raise VerifyException(
                f"{self.name}: a {layout.value} input writes a bshd output (heads interleaved)"
            )
        expected = self.expected_result_shape()
        if types[3].get_shape() != expected:
            raise VerifyException(
                f"{self.name}: result shape {list(types[3].get_shape())} should be {list(expected)}"
            )


# --------------------------------------------------------------------------------------
# Elementwise ops. Operands broadcast numpy-style; all share one element type (bolt.ew.cast
# changes it). One base class per arity; each op is a name and, where it has them, props.
# --------------------------------------------------------------------------------------


class UnaryElementwiseOp(IRDLOperation):
    input = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())
    assembly_format = "$input attr-dict `:` type($input) `->` type($output)"

    def __init__(self, input: SSAValue, result_type: Attribute | None = None, **props: Attribute):
        super().__init__(
            operands=[input], result_types=[result_type or input.type], properties=props
        )

    def verify_(self) -> None:
        x = check_tensor(self.name, "the input", self.input.type)
        y = check_tensor(self.name, "the result", self.output.type)
        if x.get_shape() != y.get_shape():
            raise VerifyException(
                f"{self.name}: result shape {list(y.get_shape())} differs from input shape "
                f"{list(x.get_shape())}"
            )
        if not isinstance(self, CastOp):
            _check_same_element_type(self.name, [x, y])


class BinaryElementwiseOp(IRDLOperation):
    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($output)"

    def __init__(self, lhs: SSAValue, rhs: SSAValue, result_type: Attribute | None = None):
        if result_type is None:
            shape = broadcast_shapes(shape_of(lhs), shape_of(rhs))
            assert shape is not None, "operands do not broadcast"
            assert isinstance(lhs.type, TensorType)
            result_type = TensorType(lhs.type.get_element_type(), shape)
        super().__init__(operands=[lhs, rhs], result_types=[result_type])

    def verify_(self) -> None:
        a = check_tensor(self.name, "lhs", self.lhs.type)
        b = check_tensor(self.name, "rhs", self.rhs.type)
        y = check_tensor(self.name, "the result", self.output.type)
        _check_same_element_type(self.name, [a, b, y])
        shape = broadcast_shapes(a.get_shape(), b.get_shape())
        if shape is None:
            raise VerifyException(
                f"{self.name}: operand shapes {list(a.get_shape())} and {list(b.get_shape())} "
                "do not broadcast"
            )
        if shape != y.get_shape():
            raise VerifyException(
                f"{self.name}: result shape {list(y.get_shape())} should be the broadcast shape "
                f"{list(shape)}"
            )


def _unary(op_name: str, doc: str) -> type[UnaryElementwiseOp]:
    cls = type(op_name.split(".")[-1].title().replace("_", "") + "Op", (UnaryElementwiseOp,),
               {"name": op_name, "__doc__": doc})
    return irdl_op_definition(cls)


def _binary(op_name: str, doc: str) -> type[BinaryElementwiseOp]:
    cls = type(op_name.split(".")[-1].title().replace("_", "") + "Op", (BinaryElementwiseOp,),
               {"name": op_name, "__doc__": doc})
    return irdl_op_definition(cls)


ReluOp = _unary("bolt.ew.relu", "max(x, 0)")
SigmoidOp = _unary("bolt.ew.sigmoid", "1 / (1 + exp(-x))")
TanhOp = _unary("bolt.ew.tanh", "tanh(x)")
SiluOp = _unary("bolt.ew.silu", "x * sigmoid(x)")
HardswishOp = _unary("bolt.ew.hardswish", "x * relu6(x + 3) / 6")
SoftplusOp = _unary("bolt.ew.softplus", "log(1 + exp(x)) (torch's beta=1, threshold=20)")
ExpOp = _unary("bolt.ew.exp", "exp(x)")
LogOp = _unary("bolt.ew.log", "log(x)")
Log1pOp = _unary("bolt.ew.log1p", "log(1 + x), accurate near 0")
SqrtOp = _unary("bolt.ew.sqrt", "sqrt(x)")
RsqrtOp = _unary("bolt.ew.rsqrt", "1 / sqrt(x)")
NegOp = _unary("bolt.ew.neg", "-x")
AbsOp = _unary("bolt.ew.abs", "|x|")
ErfOp = _unary("bolt.ew.erf", "erf(x)")
ReciprocalOp = _unary("bolt.ew.reciprocal", "1 / x")
CastOp = _unary("bolt.ew.cast", "x converted to the result's element type (round to nearest)")

AddOp = _binary("bolt.ew.add", "lhs + rhs")
SubOp = _binary("bolt.ew.sub", "lhs - rhs")
MulOp = _binary("bolt.ew.mul", "lhs * rhs")
DivOp = _binary("bolt.ew.div", "lhs / rhs")
MaxOp = _binary("bolt.ew.max", "max(lhs, rhs), NaN-propagating")
MinOp = _binary("bolt.ew.min", "min(lhs, rhs), NaN-propagating")
PowOp = _binary("bolt.ew.pow", "lhs ** rhs")


@irdl_op_definition
class GeluOp(UnaryElementwiseOp):
    """x * Phi(x): exact (erf) or with the tanh approximation."""

    name = "bolt.ew.gelu"
    approximate = prop_def(GeluApproximationAttr)
    assembly_format = "$approximate $input attr-dict `:` type($input) `->` type($output)"

    def __init__(self, input: SSAValue, approximate: GeluApproximation = GeluApproximation.ERF):
        super().__init__(input, approximate=GeluApproximationAttr(approximate))


@irdl_op_definition
class ClampOp(UnaryElementwiseOp):
    """min(max(x, min), max); relu6 is clamp [0, 6]."""

    name = "bolt.ew.clamp"
    min = prop_def(FloatAttr[Float64Type])
    max = prop_def(FloatAttr[Float64Type])
    assembly_format = (
        "$input `min` $min `max` $max attr-dict `:` type($input) `->` type($output)"
    )

    def __init__(self, input: SSAValue, lo: float, hi: float):
        super().__init__(input, min=f64_attr(lo), max=f64_attr(hi))

    def verify_(self) -> None:
        super().verify_()
        if float_value(self.min) > float_value(self.max):
            raise VerifyException(
                f"{self.name}: min {float_value(self.min)} exceeds max {float_value(self.max)}"
            )


@irdl_op_definition
class SelectOp(IRDLOperation):
    """(lhs <predicate> rhs) ? on_true : on_false, all four broadcast together."""

    name = "bolt.ew.select"
    predicate = prop_def(ComparePredicateAttr)
    lhs = operand_def(TensorType)
    rhs = operand_def(TensorType)
    on_true = operand_def(TensorType)
    on_false = operand_def(TensorType)
    output = result_def(TensorType)
    traits = traits_def(Pure())
    assembly_format = (
        "$predicate $lhs `,` $rhs `,` $on_true `,` $on_false attr-dict `:` type($lhs) `,` "
        "type($rhs) `,` type($on_true) `,` type($on_false) `->` type($output)"
    )

    def __init__(
        self,
        predicate: ComparePredicate,
        lhs: SSAValue,
        rhs: SSAValue,
        on_true: SSAValue,
        on_false: SSAValue,
    ):
        shape = broadcast_shapes(*(shape_of(v) for v in (lhs, rhs, on_true, on_false)))
        assert shape is not None and isinstance(on_true.type, TensorType)
        super().__init__(
            operands=[lhs, rhs, on_true, on_false],
            result_types=[TensorType(on_true.type.get_element_type(), shape)],
            properties={"predicate": ComparePredicateAttr(predicate)},
        )

    def verify_(self) -> None:
        names = ("lhs", "rhs", "on_true", "on_false")
        types = [check_tensor(self.name, n, v.type) for n, v in zip(names, self.operands)]
        y = check_tensor(self.name, "the result", self.output.type)
        _check_same_element_type(self.name, [*types, y])
        shape = broadcast_shapes(*(t.get_shape() for t in types))
        if shape is None:
            raise VerifyException(
                f"{self.name}: operand shapes {[list(t.get_shape()) for t in types]} do not broadcast"
            )
        if shape != y.get_shape():
            raise VerifyException(
                f"{self.name}: result shape {list(y.get_shape())} should be {list(shape)}"
            )


UNARY_ELEMENTWISE_OPS: tuple[type[UnaryElementwiseOp], ...] = (
    ReluOp, GeluOp, SigmoidOp, TanhOp, SiluOp, HardswishOp, SoftplusOp, ClampOp, ExpOp, LogOp, Log1pOp,
    SqrtOp, RsqrtOp, NegOp, AbsOp, ErfOp, ReciprocalOp, CastOp,
)
BINARY_ELEMENTWISE_OPS: tuple[type[BinaryElementwiseOp], ...] = (
    AddOp, SubOp, MulOp, DivOp, MaxOp, MinOp, PowOp,
)
ELEMENTWISE_OPS: tuple[type[IRDLOperation], ...] = (
    *UNARY_ELEMENTWISE_OPS, *BINARY_ELEMENTWISE_OPS, SelectOp,
)
# The activations a user thinks of as one op (each becomes one EVT node).
ACTIVATION_OPS: tuple[type[UnaryElementwiseOp], ...] = (
    ReluOp, GeluOp, SigmoidOp, TanhOp, SiluOp, HardswishOp, SoftplusOp, ClampOp,
)


# --------------------------------------------------------------------------------------
# Data movement, pooling, normalization and reductions.
# --------------------------------------------------------------------------------------


class _SingleInputOp(IRDLOperation):
    input = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())

    def _types(self) -> tuple[TensorType, TensorType]:
        x = check_tensor(self.name, "the input", self.input.type)
        y = check_tensor(self.name, "the result", self.result.type)
        return x, y

    def _check_result_shape(self, y: TensorType, expected: Sequence[int]) -> None:
        if y.get_shape() != tuple(expected):
            raise VerifyException(
                f"{self.name}: result shape {list(y.get_shape())} should be {list(expected)}"
            )


@irdl_op_definition
class Pool2dOp(_SingleInputOp):
    """Max or average pooling over H x W windows. Padding is [top, left, bottom, right]: -inf
    for max, zeros counted in the average for avg (torch's count_include_pad=True).
    A window that covers the whole input is global pooling."""

    name = "bolt.pool2d"
    kind = prop_def(PoolKindAttr)
    layout = prop_def(LayoutAttr)
    window = prop_def(DenseArrayBase.constr(i64))
    strides = prop_def(DenseArrayBase.constr(i64))
    padding = prop_def(DenseArrayBase.constr(i64))
    assembly_format = (
        "$kind $layout $input `window` $window `strides` $strides `padding` $padding attr-dict "
        "`:` type($input) `->` type($result)"
    )

    def __init__(
        self,
        kind: PoolKind,
        input: SSAValue,
        result_type: TensorType,
        *,
        layout: Layout,
        window: Sequence[int],
        strides: Sequence[int],
        padding: Sequence[int] = (0, 0, 0, 0),
    ):
        super().__init__(
            operands=[input],
            result_types=[result_type],
            properties={
                "kind": PoolKindAttr(kind),
                "layout": LayoutAttr(layout),
                "window": i64_array(window),
                "strides": i64_array(strides),
                "padding": i64_array(padding),
            },
        )

    def is_global(self) -> bool:
        x = shape_of(self.input)
        hw = x[1:3] if self.layout.data == Layout.NHWC else x[2:4]
        return int_list(self.window) == tuple(hw) and not any(int_list(self.padding))

    def verify_(self) -> None:
        x, y = self._types()
        _check_same_element_type(self.name, [x, y])
        if x.get_num_dims() != 4:
            raise VerifyException(f"{self.name}: the input must be rank 4, got {x}")
        window, strides, padding = int_list(self.window), int_list(self.strides), int_list(self.padding)
        if len(window) != 2 or any(k <= 0 for k in window):
            raise VerifyException(f"{self.name}: window must be two positive sizes")
        _verify_window_attrs(self.name, strides, padding, (1, 1))
        if padding[0] >= window[0] or padding[2] >= window[0] or padding[1] >= window[1] or padding[3] >= window[1]:
            raise VerifyException(f"{self.name}: padding must be smaller than the window")
        nhwc = self.layout.data == Layout.NHWC
        xs = x.get_shape()
        n, c, h, w = (xs[0], xs[3], xs[1], xs[2]) if nhwc else xs
        p, q = conv2d_output_hw((h, w), (window[0], window[1]), strides, padding, (1, 1))
        if p <= 0 or q <= 0:
            raise VerifyException(f"{self.name}: the window does not fit the padded input")
        self._check_result_shape(y, (n, p, q, c) if nhwc else (n, c, p, q))


def _check_permutation(op_name: str, perm: Sequence[int], rank: int) -> None:
    if sorted(perm) != list(range(rank)):
        raise VerifyException(
            f"{op_name}: permutation {list(perm)} is not a permutation of 0..{rank - 1}"
        )


@irdl_op_definition
class TransposeOp(_SingleInputOp):
    """result[i_perm[0], ...] : result dimension d is input dimension permutation[d]."""

    name = "bolt.transpose"
    permutation = prop_def(DenseArrayBase.constr(i64))
    assembly_format = (
        "$input `permutation` $permutation attr-dict `:` type($input) `->` type($result)"
    )

    def __init__(self, input: SSAValue, permutation: Sequence[int]):
        x = input.type
        assert isinstance(x, TensorType)
        shape = [x.get_shape()[p] for p in permutation]
        super().__init__(
            operands=[input],
            result_types=[TensorType(x.get_element_type(), shape)],
            properties={"permutation": i64_array(permutation)},
        )

    def verify_(self) -> None:
        x, y = self._types()
        _check_same_element_type(self.name, [x, y])
        perm = int_list(self.permutation)
        _check_permutation(self.name, perm, x.get_num_dims())
        self._check_result_shape(y, [x.get_shape()[p] for p in perm])


@irdl_op_definition
class PadOp(_SingleInputOp):
    """Constant padding: `low[d]` elements before and `high[d]` after dimension d."""

    name = "bolt.pad"
    low = prop_def(DenseArrayBase.constr(i64))
    high = prop_def(DenseArrayBase.constr(i64))
    value = prop_def(FloatAttr[Float64Type])
    assembly_format = (
        "$input `low` $low `high` $high `value` $value attr-dict `:` type($input) `->` type($result)"
    )

    def __init__(self, input: SSAValue, low: Sequence[int], high: Sequence[int], value: float = 0.0):
        x = input.type
        assert isinstance(x, TensorType)
        shape = [d + lo + hi for d, lo, hi in zip(x.get_shape(), low, high)]
        super().__init__(
            operands=[input],
            result_types=[TensorType(x.get_element_type(), shape)],
            properties={"low": i64_array(low), "high": i64_array(high), "value": f64_attr(value)},
        )

    def verify_(self) -> None:
        x, y = self._types()
        _check_same_element_type(self.name, [x, y])
        low, high = int_list(self.low), int_list(self.high)
        if len(low) != x.get_num_dims() or len(high) != x.get_num_dims():
            raise VerifyException(f"{self.name}: low and high need one size per dimension")
        if any(v < 0 for v in (*low, *high)):
            raise VerifyException(f"{self.name}: padding sizes must be non-negative")
        self._check_result_shape(y, [d + lo + hi for d, lo, hi in zip(x.get_shape(), low, high)])


@irdl_op_definition
class SliceOp(_SingleInputOp):
    """result[i] = input[offsets + i * strides]; the sizes are the result's shape."""

    name = "bolt.slice"
    offsets = prop_def(DenseArrayBase.constr(i64))
    strides = prop_def(DenseArrayBase.constr(i64))
    assembly_format = (
        "$input `offsets` $offsets `strides` $strides attr-dict `:` type($input) `->` type($result)"
    )

    def __init__(
        self, input: SSAValue, offsets: Sequence[int], sizes: Sequence[int], strides: Sequence[int]
    ):
        x = input.type
        assert isinstance(x, TensorType)
        super().__init__(
            operands=[input],
            result_types=[TensorType(x.get_element_type(), sizes)],
            properties={"offsets": i64_array(offsets), "strides": i64_array(strides)},
        )

    def verify_(self) -> None:
        x, y = self._types()
        _check_same_element_type(self.name, [x, y])
        offsets, strides = int_list(self.offsets), int_list(self.strides)
        rank = x.get_num_dims()
        if len(offsets) != rank or len(strides) != rank or y.get_num_dims() != rank:
            raise VerifyException(f"{self.name}: offsets, strides and result need rank {rank}")
        for d, (dim, off, size, stride) in enumerate(zip(x.get_shape(), offsets, y.get_shape(), strides)):
            if off < 0 or stride <= 0 or size <= 0 or off + (size - 1) * stride >= dim:
                raise VerifyException(
                    f"{self.name}: dimension {d}: offset {off}, size {size}, stride {stride} "
                    f"reach outside the input's {dim}"
                )


@irdl_op_definition
class ReshapeOp(_SingleInputOp):
    """Same elements in row-major order, another shape."""

    name = "bolt.reshape"
    assembly_format = "$input attr-dict `:` type($input) `->` type($result)"

    def __init__(self, input: SSAValue, shape: Sequence[int]):
        x = input.type
        assert isinstance(x, TensorType)
        super().__init__(operands=[input], result_types=[TensorType(x.get_element_type(), shape)])

    def verify_(self) -> None:
        x, y = self._types()
        _check_same_element_type(self.name, [x, y])
        if prod(x.get_shape()) != prod(y.get_shape()):
            raise VerifyException(
                f"{self.name}: {prod(x.get_shape())} elements cannot become {prod(y.get_shape())}"
            )


@irdl_op_definition
class BroadcastOp(_SingleInputOp):
    """Like linalg.broadcast: `dimensions` are the result dimensions the input lacks."""

    name = "bolt.broadcast"
    dimensions = prop_def(DenseArrayBase.constr(i64))
    assembly_format = (
        "$input `dimensions` $dimensions attr-dict `:` type($input) `->` type($result)"
    )

    def __init__(self, input: SSAValue, result_type: TensorType, dimensions: Sequence[int]):
        super().__init__(
            operands=[input],
            result_types=[result_type],
            properties={"dimensions": i64_array(dimensions)},
        )

    def verify_(self) -> None:
        x, y = self._types()
        _check_same_element_type(self.name, [x, y])
        dims = int_list(self.dimensions)
        if len(set(dims)) != len(dims) or any(not 0 <= d < y.get_num_dims() for d in dims):
            raise VerifyException(f"{self.name}: dimensions {list(dims)} must be distinct result dims")
        kept = [s for d, s in enumerate(y.get_shape()) if d not in dims]
        if tuple(kept) != x.get_shape():
            raise VerifyException(
                f"{self.name}: the result without dimensions {list(dims)} is {kept}, "
                f"the input is {list(x.get_shape())}"
            )


@irdl_op_definition
class ConcatOp(IRDLOperation):
    name = "bolt.concat"
    inputs = var_operand_def(TensorType)
    dim = prop_def(IntegerAttr[I64])
    result = result_def(TensorType)
    traits = traits_def(Pure())
    assembly_format = "$inputs `dim` $dim attr-dict `:` type($inputs) `->` type($result)"

    def __init__(self, inputs: Sequence[SSAValue], dim: int):
        shapes = [shape_of(v) for v in inputs]
        shape = list(shapes[0])
        shape[dim] = sum(s[dim] for s in shapes)
        first = inputs[0].type
        assert isinstance(first, TensorType)
        super().__init__(
            operands=[list(inputs)],
            result_types=[TensorType(first.get_element_type(), shape)],
            properties={"dim": IntegerAttr(dim, i64)},
        )

    def verify_(self) -> None:
        if not self.inputs:
            raise VerifyException(f"{self.name}: needs at least one input")
        types = [check_tensor(self.name, f"input {i}", v.type) for i, v in enumerate(self.inputs)]
        y = check_tensor(self.name, "the result", self.result.type)
        _check_same_element_type(self.name, [*types, y])
        dim, rank = self.dim.value.data, y.get_num_dims()
        if not 0 <= dim < rank or any(t.get_num_dims() != rank for t in types):
            raise VerifyException(f"{self.name}: dim {dim} and every input need rank {rank}")
        expected = list(types[0].get_shape())
        for t in types[1:]:
            s = t.get_shape()
            if any(a != b for i, (a, b) in enumerate(zip(expected, s)) if i != dim):
                raise VerifyException(
                    f"{self.name}: input shapes differ outside dimension {dim}: "
                    f"{[list(t.get_shape()) for t in types]}"
                )
        expected[dim] = sum(t.get_shape()[dim] for t in types)
        if tuple(expected) != y.get_shape():
            raise VerifyException(
                f"{self.name}: result shape {list(y.get_shape())} should be {expected}"
            )


def _check_axis(op_name: str, axis: int, rank: int) -> None:
    if not 0 <= axis < rank:
        raise VerifyException(f"{op_name}: axis {axis} is outside rank {rank}")


@irdl_op_definition
class SoftmaxOp(_SingleInputOp):
    name = "bolt.softmax"
    axis = prop_def(IntegerAttr[I64])
    assembly_format = "$input `axis` $axis attr-dict `:` type($input) `->` type($result)"

    def __init__(self, input: SSAValue, axis: int):
        super().__init__(
            operands=[input], result_types=[input.type], properties={"axis": IntegerAttr(axis, i64)}
        )

    def verify_(self) -> None:
        x, y = self._types()
        _check_same_element_type(self.name, [x, y])
        _check_axis(self.name, self.axis.value.data, x.get_num_dims())
        self._check_result_shape(y, x.get_shape())


@irdl_op_definition
class LayerNormOp(IRDLOperation):
    """(x - mean) / sqrt(var + epsilon) * gamma + beta over the dimensions from `axis` on;
    gamma and beta (optional) have those trailing dimensions' shape."""

    name = "bolt.layernorm"
    input = operand_def(TensorType)
    gamma = opt_operand_def(TensorType)
    beta = opt_operand_def(TensorType)
    axis = prop_def(IntegerAttr[I64])
    epsilon = prop_def(FloatAttr[Float64Type])
    result = result_def(TensorType)
    traits = traits_def(Pure())
    irdl_options = (AttrSizedOperandSegments(as_property=True), ParsePropInAttrDict(),)
    assembly_format = (
        "$input (`gamma` $gamma^ `:` type($gamma))? (`beta` $beta^ `:` type($beta))? "
        "`axis` $axis `epsilon` $epsilon attr-dict `:` type($input) `->` type($result)"
    )

    def __init__(
        self,
        input: SSAValue,
        axis: int,
        epsilon: float,
        gamma: SSAValue | None = None,
        beta: SSAValue | None = None,
    ):
        super().__init__(
            operands=[input, [gamma] if gamma else [], [beta] if beta else []],
            result_types=[input.type],
            properties={"axis": IntegerAttr(axis, i64), "epsilon": f64_attr(epsilon)},
        )

    def verify_(self) -> None:
        x = check_tensor(self.name, "the input", self.input.type)
        y = check_tensor(self.name, "the result", self.result.type)
        _check_same_element_type(self.name, [x, y])
        axis = self.axis.value.data
        _check_axis(self.name, axis, x.get_num_dims())
        if y.get_shape() != x.get_shape():
            raise VerifyException(f"{self.name}: the result must have the input's shape")
        normalized = x.get_shape()[axis:]
        for what, v in (("gamma", self.gamma), ("beta", self.beta)):
            if v is not None:
                t = check_tensor(self.name, what, v.type)
                if t.get_shape() != normalized:
                    raise VerifyException(
                        f"{self.name}: {what} has shape {list(t.get_shape())}, the normalized "
                        f"dimensions are {list(normalized)}"
                    )
        if float_value(self.epsilon) < 0:
            raise VerifyException(f"{self.name}: epsilon must be non-negative")


@irdl_op_definition
class ReduceOp(_SingleInputOp):
    """Sum, mean, max or min over `dims`; with keep_dims they stay as size 1."""

    name = "bolt.reduce"
    kind = prop_def(ReduceKindAttr)
    dims = prop_def(DenseArrayBase.constr(i64))
    keep_dims = opt_prop_def(UnitAttr)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$kind $input `dims` $dims attr-dict `:` type($input) `->` type($result)"

    def __init__(self, kind: ReduceKind, input: SSAValue, dims: Sequence[int], keep_dims: bool = False):
        x = input.type
        assert isinstance(x, TensorType)
        shape = reduced_shape(x.get_shape(), dims, keep_dims)
        props: dict[str, Attribute] = {"kind": ReduceKindAttr(kind), "dims": i64_array(dims)}
        if keep_dims:
            props["keep_dims"] = UnitAttr()
        super().__init__(
            operands=[input], result_types=[TensorType(x.get_element_type(), shape)], properties=props
        )

    def verify_(self) -> None:
        x, y = self._types()
        _check_same_element_type(self.name, [x, y])
        dims = int_list(self.dims)
        if not dims or len(set(dims)) != len(dims) or any(not 0 <= d < x.get_num_dims() for d in dims):
            raise VerifyException(
                f"{self.name}: dims {list(dims)} must be distinct dimensions of rank {x.get_num_dims()}"
            )
        self._check_result_shape(y, reduced_shape(x.get_shape(), dims, self.keep_dims is not None))


def reduced_shape(shape: Sequence[int], dims: Sequence[int], keep_dims: bool) -> tuple[int, ...]:
    if keep_dims:
        return tuple(1 if d in dims else s for d, s in enumerate(shape))
    return tuple(s for d, s in enumerate(shape) if d not in dims)


Bolt = Dialect(
    "bolt",
    [
        ConstantOp,
        YieldOp,
        GemmOp,
        Conv2dOp,
        B2bOp,
        ConvPoolOp,
        *ELEMENTWISE_OPS,
        Pool2dOp,
        TransposeOp,
        PadOp,
        SliceOp,
        ReshapeOp,
        BroadcastOp,
        ConcatOp,
        SoftmaxOp,
        LayerNormOp,
        ReduceOp,
        AttentionOp,
    ],
    [
        LayoutAttr,
        PoolKindAttr,
        ReduceKindAttr,
        GeluApproximationAttr,
        ComparePredicateAttr,
        ResidenceAttr,
        AttentionLayoutAttr,
        KernelAttr,
    ],
)
