"""convert-precision{dtype=f16|bf16}: compute in half precision, accumulate in fp32.

Every f32 tensor computed inside a function becomes `dtype`: weights are converted at compile
time (a new constant from the rounded bytes; bf16 rounds to nearest even), every op's result
type is demoted, and anchors keep their fp32 accumulator (the epilogue block still receives
f32 and computes in f32, as CUTLASS's ElementCompute does; a demoted extra is widened inside
the block). The function's signature keeps the types the user gave: a `bolt.ew.cast` right
after each f32 argument feeds the first op, and one right after the last op feeds
`func.return`, so fuse-epilogue can fold both into the first and last kernel.

One pattern serves every op (`DemoteToHalf`): it rebuilds the op over demoted operands and
casts its result back to f32 right after it. The next demoted consumer reads through that
cast (a widening cast is exact, so `cast(cast(x: f16 -> f32): f32 -> f16)` is x), the cast
dies, and only the casts at the edges of the demoted region survive: at the function's
entry and exit, and around the ops that stay in fp32.

Precision policy (`fp32_reason`): softmax, layer-norm and the accumulating reductions (sum,
mean) stay in fp32 with casts around them, as torch.autocast keeps them: a sum's range grows
with its count (f16 overflows at 65504) and normalizations subtract nearly equal means. Max and
min reductions select an element exactly and are demoted. An op this pass does not know (a
`bolt.b2b`, another dialect's op) keeps its types, with casts at its boundary; so does every
op already in half precision, which makes the pass idempotent.

User overrides (`keep-f32`, `boltc --precision-override OP=f32`): each selector names ops to
keep in fp32 as the policy keeps softmax, by op name (`bolt.ew.exp`: every one), by graph node
(`Exp_3`: the ops an ONNX or torch.export node imported as, as boltc's messages print it) or
by location (`model.mlir:12`, `model.mlir:12:5`: the ops parsed from that line of a file
whose path ends so). The decision is recorded on each chosen op as the attribute
`boltc.keep_f32 = "SELECTOR"`, which the pass honors wherever it finds it (so a second run,
or IR written by hand, keeps it). A selector that matches no op is an error, as is one that
chooses a GEMM or convolution: their tensor-core kernels take f16 or bf16 only, and f32
operands would silently run as tf32.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    FileLineColLoc,
    ModuleOp,
    NameLoc,
    StringAttr,
    TensorType,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint, Rewriter

from boltc.diagnostics import BoltcError, error_at
from boltc.dialects import bolt
from boltc.dialects.resources import dense_array, element_bytes

HALF_TYPES: dict[str, Attribute] = {"f16": Float16Type(), "bf16": BFloat16Type()}

# Ops that keep fp32 compute, and why (shown by the docs; torch.autocast's fp32 list).
FP32_OPS: dict[type[Operation], str] = {
    bolt.SoftmaxOp: "softmax normalizes by a sum of exponentials",
    bolt.LayerNormOp: "layer-norm subtracts a mean and divides by a variance",
}
FP32_REDUCTIONS: dict[bolt.ReduceKind, str] = {
    bolt.ReduceKind.SUM: "a sum's range grows with the number of elements it adds",
    bolt.ReduceKind.MEAN: "a mean accumulates as many elements as a sum",
}

# Ops the pattern must not rebuild: casts and constants are converted where they are used,
# a yield belongs to its anchor, and a b2b's body would need both anchors retyped at once.
NOT_DEMOTED: tuple[type[Operation], ...] = (bolt.CastOp, bolt.ConstantOp, bolt.YieldOp, bolt.B2bOp, bolt.ConvPoolOp)


def half_element_type(dtype: str) -> Attribute:
    """The element type a `dtype` option names; a BoltcError for any other spelling."""
    if dtype not in HALF_TYPES:
        raise BoltcError(
            f"convert-precision: unknown dtype '{dtype}' (expected one of: {', '.join(HALF_TYPES)})"
        )
    return HALF_TYPES[dtype]


def fp32_reason(op_type: type[Operation], reduce_kind: bolt.ReduceKind | None = None) -> str | None:
    """Why an op of this kind keeps fp32 compute; None if it computes in half precision."""
    if op_type is bolt.ReduceOp and reduce_kind is not None:
        return FP32_REDUCTIONS.get(reduce_kind)
    return FP32_OPS.get(op_type)


def _is_f32_tensor(ty: Attribute) -> bool:
    return isinstance(ty, TensorType) and isinstance(ty.get_element_type(), Float32Type)


def _with_element_type(ty: Attribute, element_type: Attribute) -> Attribute:
    assert isinstance(ty, TensorType)
    return TensorType(element_type, ty.get_shape())


def _is_exact_widening(cast: bolt.CastOp) -> bool:
    """f16 -> f32 and bf16 -> f32 keep every value: undoing them loses nothing."""
    source, target = cast.input.type, cast.output.type
    assert isinstance(source, TensorType) and isinstance(target, TensorType)
    return isinstance(source.get_element_type(), (Float16Type, BFloat16Type)) and isinstance(
        target.get_element_type(), Float32Type
    )


def _entry_insert_point(block: Block) -> InsertPoint:
    """After the casts of the block's arguments that start it, so that they stay in argument
    order at the function's entry."""
    last = None
    for op in block.ops:
        if not (isinstance(op, bolt.CastOp) and isinstance(op.input, BlockArgument)
                and op.input.block is block):
            break
        last = op
    return InsertPoint.after(last) if last is not None else InsertPoint.at_start(block)


def _reduce_kind(op: Operation) -> bolt.ReduceKind | None:
    return op.kind.data if isinstance(op, bolt.ReduceOp) else None


def _demotable(op: Operation) -> bool:
    return (
        op.dialect_name() == "bolt"
        and not isinstance(op, NOT_DEMOTED)
        and fp32_reason(type(op), _reduce_kind(op)) is None
        and KEEP_F32_ATTR not in op.attributes
        and isinstance(op.parent_op(), func.FuncOp)  # epilogue bodies compute in fp32
    )


@dataclass
class DemoteToHalf(RewritePattern):
    """op(f32 ...) -> f32: cast(op'(half ...) -> half), for every bolt op that computes in half.

    Operands are demoted where they are defined: a constant becomes a converted constant, a
    widening cast is looked through, anything else gets one cast right after its definition
    (right after the function's entry for an argument), shared by every demoted user.
    """

    half: Attribute
    _converted_constants: dict[tuple[SSAValue, Attribute], bolt.ConstantOp] = field(
        default_factory=dict
    )

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not _demotable(op):
            return
        if not any(_is_f32_tensor(v.type) for v in (*op.operands, *op.results)):
            return  # already in half precision (or has nothing to demote)
        operands = [self.demoted(v, op, rewriter) for v in op.operands]
        result_types = [self.half_type(r.type) for r in op.results]
        regions = [op.detach_region(region) for region in list(op.regions)]
        new = type(op).create(
            operands=operands,
            result_types=result_types,
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            location=op.location,
            regions=regions,
        )
        if isinstance(new, bolt.AnchorOp):
            _widen_epilogue_extras(new)
        casts: list[bolt.CastOp] = []  # back to f32 for the users; demoted users look through
        results: list[SSAValue] = []
        for new_result, old in zip(new.results, op.results):
            if new_result.type != old.type:
                casts.append(bolt.CastOp(new_result, old.type))
                new_result = casts[-1].output
            results.append(new_result)
        rewriter.replace(op, [new, *casts], results)

    def half_type(self, ty: Attribute) -> Attribute:
        return _with_element_type(ty, self.half) if _is_f32_tensor(ty) else ty

    def demoted(self, value: SSAValue, user: Operation, rewriter: PatternRewriter) -> SSAValue:
        target = self.half_type(value.type)
        if target == value.type:
            return value
        owner = value.owner
        if isinstance(owner, bolt.CastOp) and _is_exact_widening(owner) and owner.input.type == target:
            return owner.input
        if isinstance(owner, bolt.ConstantOp):
            return self.converted_constant(owner, target, rewriter)
        for use in value.uses:  # a cast to the same type that already dominates the user
            other = use.operation
            if (isinstance(other, bolt.CastOp) and other.output.type == target
                    and other.parent_block() is user.parent_block() and other.is_before_in_block(user)):
                return other.output
        cast = bolt.CastOp(value, target)
        if isinstance(owner, Operation):
            rewriter.insert(cast, InsertPoint.after(owner))
        else:
            assert isinstance(value, BlockArgument)
            rewriter.insert(cast, _entry_insert_point(value.block))
        return cast.output

    def converted_constant(
        self, constant: bolt.ConstantOp, target: Attribute, rewriter: PatternRewriter
    ) -> SSAValue:
        """The constant's values rounded to `target`'s element type, computed now."""
        key = (constant.result, target)
        cached = self._converted_constants.get(key)
        if cached is not None and cached.parent is not None:
            return cached.result
        assert isinstance(target, TensorType)
        raw = element_bytes(dense_array(constant.value), target.get_element_type())
        converted = bolt.dense_constant(target, raw)
        rewriter.insert(converted, InsertPoint.after(constant))
        self._converted_constants[key] = converted
        return converted.result


def _widen_epilogue_extras(anchor: bolt.AnchorOp) -> None:
    """The epilogue block takes its extras in their (now demoted) types and widens each one
    that it reads back to the f32 it computed with."""
    block = anchor.epilogue.block
    for extra, arg in zip(anchor.extras, block.args[1:]):
        if arg.type == extra.type:
            continue
        compute_type = arg.type
        new_arg = Rewriter.replace_value_with_new_type(arg, extra.type)
        if not new_arg.uses:
            continue
        widened = bolt.CastOp(new_arg, compute_type)
        assert block.first_op is not None  # the block ends in its yield
        block.insert_op_before(widened, block.first_op)
        new_arg.replace_uses_with_if(widened.output, lambda use: use.operation is not widened)


class FoldWideningCastChain(RewritePattern):
    """cast(cast(x: half -> f32): f32 -> T) -> cast(x: half -> T), or x when T is x's type:
    the inner cast is exact, so rounding once from x gives the same value."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.CastOp, rewriter: PatternRewriter, /) -> None:
        inner = op.input.owner
        if not isinstance(inner, bolt.CastOp) or not _is_exact_widening(inner):
            return
        if inner.input.type == op.output.type:
            rewriter.replace(op, [], [inner.input])
        else:
            rewriter.replace(op, bolt.CastOp(inner.input, op.output.type))


class EraseIdentityCast(RewritePattern):
    """cast(x: T -> T) -> x."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.CastOp, rewriter: PatternRewriter, /) -> None:
        if op.input.type == op.output.type:
            rewriter.replace(op, [], [op.input])


# --------------------------------------------------------------------------------------
# User overrides: ops kept in fp32 by name, graph node or location.
# --------------------------------------------------------------------------------------

KEEP_F32_ATTR = "boltc.keep_f32"  # on an op: keep it in fp32; the value is the selector that chose it
# Ops with no fp32 kernel: f32 operands would run on tf32 tensor cores (lowering/cutlass/cpp.py).
TENSOR_CORE_OPS: tuple[type[Operation], ...] = (bolt.AnchorOp, bolt.B2bOp, bolt.ConvPoolOp, bolt.AttentionOp)
_LOCATION_SELECTOR = re.compile(r"^(?P<file>.+?):(?P<line>[0-9]+)(?::(?P<column>[0-9]+))?$")


class SelectorKind(enum.Enum):
    OP_NAME = "op name"  # bolt.ew.exp
    NODE = "graph node"  # Exp_3 (an ONNX or torch.export node: NameLoc)
    LOCATION = "location"  # model.mlir:12 or model.mlir:12:5 (FileLineColLoc)


@dataclass(frozen=True)
class Fp32Selector:
    """Which ops one `keep-f32` entry names (see the module docstring)."""

    text: str
    kind: SelectorKind

    @staticmethod
    def parse(text: str) -> Fp32Selector:
        text = text.strip()
        if not text:
            raise BoltcError("convert-precision: an empty keep-f32 selector (expected an op name such "
                             "as bolt.softmax, a graph node, or FILE:LINE)")
        if _LOCATION_SELECTOR.match(text):
            return Fp32Selector(text, SelectorKind.LOCATION)
        if text.startswith("bolt."):
            known = bolt_op_names()
            if text not in known:
                raise BoltcError(f"convert-precision: keep-f32 names '{text}', which is no bolt op "
                                 f"(bolt ops: {', '.join(sorted(known))})")
            return Fp32Selector(text, SelectorKind.OP_NAME)
        return Fp32Selector(text, SelectorKind.NODE)

    def matches(self, op: Operation) -> bool:
        if self.kind is SelectorKind.OP_NAME:
            return op.name == self.text
        loc = op.location
        if self.kind is SelectorKind.NODE:
            return isinstance(loc, NameLoc) and loc.desc.data == self.text
        if isinstance(loc, NameLoc):
            loc = loc.location
        found = _LOCATION_SELECTOR.match(self.text)
        assert found is not None  # parse() chose LOCATION for this shape
        if not isinstance(loc, FileLineColLoc) or loc.line.data != int(found["line"]):
            return False
        if found["column"] is not None and loc.column.data != int(found["column"]):
            return False
        filename = loc.filename.data
        return filename == found["file"] or filename.endswith("/" + found["file"].lstrip("/"))


def bolt_op_names() -> frozenset[str]:
    return frozenset(op.name for op in bolt.Bolt.operations)


def mark_keep_f32(module: ModuleOp, selectors: tuple[str, ...]) -> None:
    """Record each selector's choice on the ops it names (`boltc.keep_f32`); BoltcError for a
    selector that names no op, or one that names an op with no fp32 kernel (located there)."""
    for selector in map(Fp32Selector.parse, selectors):
        chosen = [op for op in module.walk() if op.dialect_name() == "bolt" and not isinstance(op, NOT_DEMOTED)
                  and isinstance(op.parent_op(), func.FuncOp) and selector.matches(op)]
        if not chosen:
            raise BoltcError(
                f"convert-precision: keep-f32 '{selector.text}' ({selector.kind.value}) matches no op of "
                "the model after constant and batch-norm folding (op names look like bolt.softmax; "
                "nodes and locations as boltc's messages print them)")
        for op in chosen:
            check_keepable(op, selector.text)
            op.attributes[KEEP_F32_ATTR] = StringAttr(selector.text)
    for op in module.walk():  # marks written by hand, too
        if KEEP_F32_ATTR in op.attributes:
            check_keepable(op, _selector_text(op))


def _selector_text(op: Operation) -> str:
    mark = op.attributes[KEEP_F32_ATTR]
    return mark.data if isinstance(mark, StringAttr) else str(mark)


def check_keepable(op: Operation, selector: str) -> None:
    if isinstance(op, TENSOR_CORE_OPS):
        raise error_at(op, f"cannot be kept in f32 (keep-f32 '{selector}'): its tensor-core kernels take "
                           "f16 or bf16 inputs only, and f32 operands would silently run as tf32 "
                           "(keep the ops around it in f32 instead)")


def convert_precision(module: ModuleOp, dtype: str = "f16", keep_f32: tuple[str, ...] = ()) -> None:
    half = half_element_type(dtype)
    mark_keep_f32(module, keep_f32)
    PatternRewriteWalker(
        GreedyRewritePatternApplier([DemoteToHalf(half), FoldWideningCastChain(), EraseIdentityCast()])
    ).rewrite_module(module)


@dataclass(frozen=True)
class ConvertPrecisionPass(ModulePass):
    """Half-precision compute (f16 or bf16) with fp32 accumulation; the signature unchanged."""

    name = "convert-precision"

    dtype: str = "f16"
    keep_f32: tuple[str, ...] = ()  # selectors of ops to keep in fp32 (the module docstring)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        convert_precision(op, self.dtype, tuple(self.keep_f32))
