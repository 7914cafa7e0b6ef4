"""layout-nhwc: convolutions and pooling in NHWC, transposes only at the model's edges.

CUTLASS's implicit-GEMM convolutions read NHWC activations and KRSC filters (the channel is the
contiguous GEMM K dimension). Each NCHW `bolt.conv2d` and `bolt.pool2d` is rewritten to NHWC
between a transpose in (NCHW -> NHWC) and a transpose out (NHWC -> NCHW); a constant filter is
transposed to KRSC now, at compile time. The transposes out are then sunk through the ops that
do not care about layout (elementwise ops, with per-channel operands permuted alongside; casts;
pads, slices and concats with their per-dimension attributes permuted) until they meet the next
convolution's transpose in, where the pair cancels. What is left is one transpose where the
model's NCHW input enters and one where its NCHW output leaves (none when the head flattens a
1x1 spatial map: a transpose that moves only size-1 dimensions is a reshape).

A transpose stays where it is in front of any other op (a reshape that mixes dimensions, a
GEMM, softmax, reductions): those ops read the layout, and moving the transpose would change
what they compute. Sinking never puts a transpose on an operand that was not already
transposed, unless that transpose is free: a constant (permuted now), a broadcast or reshape of
one, a scalar, or a tensor whose permuted dimensions are all 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, TensorType, i64
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint, Rewriter

from boltc.dialects import bolt
from boltc.dialects.resources import dense_array, element_bytes
from boltc.passes.patterns import FoldReshape, FoldTranspose

NCHW_TO_NHWC = (0, 2, 3, 1)  # also FCHW -> KRSC for filters
NHWC_TO_NCHW = (0, 3, 1, 2)

# --------------------------------------------------------------------------------------
# Permutations, as plain tuples. transpose(x, perm): result dimension d is x's dimension perm[d].
# --------------------------------------------------------------------------------------


def permuted(values: Sequence, perm: Sequence[int]) -> tuple:
    """`values` (one per dimension) in the order a transpose by `perm` gives its dimensions."""
    return tuple(values[p] for p in perm)


def inverse(perm: Sequence[int]) -> tuple[int, ...]:
    result = [0] * len(perm)
    for d, p in enumerate(perm):
        result[p] = d
    return tuple(result)


def compose(inner: Sequence[int], outer: Sequence[int]) -> tuple[int, ...]:
    """transpose(transpose(x, inner), outer) == transpose(x, compose(inner, outer))."""
    return tuple(inner[o] for o in outer)


def is_identity(perm: Sequence[int]) -> bool:
    return tuple(perm) == tuple(range(len(perm)))


def moves_only_unit_dims(shape: Sequence[int], perm: Sequence[int]) -> bool:
    """True when the dimensions larger than 1 keep their order: the transpose is a reshape."""
    kept = [p for p in perm if shape[p] != 1]
    return kept == sorted(kept)


# --------------------------------------------------------------------------------------
# Permuting a value: for free where possible, with a bolt.transpose otherwise.
# --------------------------------------------------------------------------------------


def _shape(value: SSAValue) -> tuple[int, ...]:
    return bolt.shape_of(value)


def _tensor(value: SSAValue, shape: Sequence[int]) -> TensorType:
    assert isinstance(value.type, TensorType)
    return TensorType(value.type.get_element_type(), shape)


def permutes_freely(value: SSAValue, perm: Sequence[int]) -> bool:
    """Whether `transposed(value, perm)` costs no transpose at run time."""
    owner = value.owner
    if is_identity(perm) or isinstance(owner, bolt.ConstantOp):
        return True
    if moves_only_unit_dims(_shape(value), perm):
        return True
    if isinstance(owner, bolt.TransposeOp):
        return permutes_freely(owner.input, compose(bolt.int_list(owner.permutation), perm))
    if isinstance(owner, bolt.BroadcastOp):
        return permutes_freely(owner.input, _broadcast_input_perm(owner, perm)[0])
    if isinstance(owner, bolt.ReshapeOp) and isinstance(_reshape_source(value).owner, bolt.ConstantOp):
        return True
    # The permuted value exists already (a model input used both by the first convolution,
    # through the edge transpose, and by a residual add): the Transposer reuses it.
    return any(isinstance(use.operation, bolt.TransposeOp) and tuple(bolt.int_list(use.operation.permutation)) == tuple(perm)
               for use in value.uses)


def _operand_permutes_freely(value: SSAValue, rank: int, perm: Sequence[int]) -> bool:
    """permutes_freely for an elementwise operand that may have numpy's implicit leading 1s."""
    shape = _shape(value)
    if not shape:
        return True  # a scalar broadcasts the same in every layout
    if len(shape) == rank:
        return permutes_freely(value, perm)
    aligned = _aligned_rank(value, rank)
    assert aligned is not None
    return moves_only_unit_dims(aligned, perm) or isinstance(_reshape_source(value).owner, bolt.ConstantOp)


def _reshape_source(value: SSAValue) -> SSAValue:
    """The value a chain of reshapes starts from."""
    while isinstance(value.owner, bolt.ReshapeOp):
        value = value.owner.input
    return value


def _broadcast_input_perm(
    op: bolt.BroadcastOp, perm: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """transpose(broadcast(y, dims), perm) == broadcast(transpose(y, r), dims'): (r, dims')."""
    added = set(bolt.int_list(op.dimensions))
    new_dims = tuple(d for d, p in enumerate(perm) if p in added)
    kept_in_result = [d for d in range(len(perm)) if d not in added]  # y's dims, in order
    kept_after = [p for p in perm if p not in added]  # their order after the transpose
    return tuple(kept_in_result.index(p) for p in kept_after), new_dims


@dataclass
class Transposer:
    """Builds transpose(value, perm) before `user`, folding what can be folded: constants are
    permuted now (and cached), transposes compose, size-1 moves become reshapes, broadcasts
    take the transpose on their (smaller) input, and an existing equal transpose is reused."""

    _constants: dict[tuple[SSAValue, tuple[int, ...], tuple[int, ...]], bolt.ConstantOp] = field(
        default_factory=dict
    )

    def __call__(
        self, value: SSAValue, perm: Sequence[int], user: Operation, rewriter: PatternRewriter
    ) -> SSAValue:
        perm = tuple(perm)
        if is_identity(perm):
            return value
        owner = value.owner
        shape = permuted(_shape(value), perm)
        if isinstance(owner, bolt.TransposeOp):
            return self(owner.input, compose(bolt.int_list(owner.permutation), perm), user, rewriter)
        if isinstance(owner, bolt.ConstantOp):
            return self.constant(owner, _shape(value), perm, rewriter)
        if moves_only_unit_dims(_shape(value), perm):
            source = owner.input if isinstance(owner, bolt.ReshapeOp) else value
            return _insert(rewriter, user, bolt.ReshapeOp(source, shape)).result
        if isinstance(owner, bolt.BroadcastOp):
            input_perm, dims = _broadcast_input_perm(owner, perm)
            source = self(owner.input, input_perm, user, rewriter)
            return _insert(rewriter, user, bolt.BroadcastOp(source, _tensor(value, shape), dims)).result
        if isinstance(owner, bolt.ReshapeOp) and isinstance(
            inner := _reshape_source(value).owner, bolt.ConstantOp
        ):
            return self.constant(inner, _shape(value), perm, rewriter)
        for use in value.uses:
            other = use.operation
            if (isinstance(other, bolt.TransposeOp) and bolt.int_list(other.permutation) == perm
                    and other.parent_block() is user.parent_block() and other.is_before_in_block(user)):
                return other.result
        return _insert(rewriter, user, bolt.TransposeOp(value, perm)).result

    def constant(
        self, op: bolt.ConstantOp, shape: tuple[int, ...], perm: tuple[int, ...], rewriter: PatternRewriter
    ) -> SSAValue:
        """A new constant, right after `op`: its values reshaped to `shape`, then transposed."""
        key = (op.result, shape, perm)
        cached = self._constants.get(key)
        if cached is not None and cached.parent is not None:
            return cached.result
        element_type = op.result.type.get_element_type()  # type: ignore[attr-defined]
        values = np.ascontiguousarray(dense_array(op.value).reshape(shape).transpose(perm))
        new_type = _tensor(op.result, permuted(shape, perm))
        new = bolt.dense_constant(new_type, element_bytes(values, element_type))
        rewriter.insert(new, InsertPoint.after(op))
        self._constants[key] = new
        return new.result


def _insert(rewriter: PatternRewriter, user: Operation, op: Operation):
    rewriter.insert(op, InsertPoint.before(user))
    return op


# --------------------------------------------------------------------------------------
# Convolutions and pooling to NHWC.
# --------------------------------------------------------------------------------------


def epilogue_blocker(block: Block) -> str | None:
    """Why an NCHW epilogue cannot simply be permuted to NHWC; None if it can.

    Elementwise ops over 4-D (or scalar) values compute the same in any layout; a broadcast,
    reshape or reduction, or a lower-rank operand (numpy aligns it with W, the last dimension),
    reads the layout.
    """
    for arg in block.args:
        if len(_shape(arg)) not in (0, 4):
            return f"epilogue argument of rank {len(_shape(arg))}"
    for op in block.ops:
        if isinstance(op, bolt.YieldOp):
            continue
        if not isinstance(op, (*bolt.ELEMENTWISE_OPS, bolt.ConstantOp)):
            return f"{op.name} in the epilogue reads the layout"
        if any(len(_shape(r)) not in (0, 4) for r in op.results):
            return f"{op.name} in the epilogue makes a tensor of rank other than 4"
    return None


def _permute_epilogue(block: Block, perm: Sequence[int]) -> None:
    """Retype every 4-D value of an elementwise epilogue to the permuted layout."""
    for arg in list(block.args):
        if len(_shape(arg)) == 4:
            Rewriter.replace_value_with_new_type(arg, _tensor(arg, permuted(_shape(arg), perm)))
    for op in list(block.ops):
        if isinstance(op, bolt.ConstantOp) and len(_shape(op.result)) == 4:
            values = np.ascontiguousarray(dense_array(op.value).transpose(perm))
            new = bolt.dense_constant(
                _tensor(op.result, permuted(_shape(op.result), perm)),
                element_bytes(values, op.result.type.get_element_type()),  # type: ignore[attr-defined]
            )
            Rewriter.replace_op(op, new)
            continue
        for result in list(op.results):
            if len(_shape(result)) == 4:
                Rewriter.replace_value_with_new_type(result, _tensor(result, permuted(_shape(result), perm)))


def _in_function(op: Operation) -> bool:
    return isinstance(op.parent_op(), func.FuncOp)  # not inside a b2b body


@dataclass
class ConvToNhwc(RewritePattern):
    """conv2d nchw (x, w) -> transpose_out(conv2d nhwc (transpose_in(x), w_krsc))."""

    transposer: Transposer

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.Conv2dOp, rewriter: PatternRewriter, /) -> None:
        if op.layout.data != bolt.Layout.NCHW or not _in_function(op):
            return
        if epilogue_blocker(op.epilogue.block) is not None:
            return
        input = self.transposer(op.input, NCHW_TO_NHWC, op, rewriter)
        filter = self.transposer(op.filter, NCHW_TO_NHWC, op, rewriter)  # FCHW -> KRSC
        extras = [
            self.transposer(e, NCHW_TO_NHWC, op, rewriter) if len(_shape(e)) == 4 else e
            for e in op.extras
        ]
        epilogue = op.detach_region(op.epilogue)
        _permute_epilogue(epilogue.block, NCHW_TO_NHWC)
        conv = bolt.Conv2dOp.create(
            operands=[input, filter, *extras],
            result_types=[_tensor(op.result, permuted(_shape(op.result), NCHW_TO_NHWC))],
            properties={**op.properties, "layout": bolt.LayoutAttr(bolt.Layout.NHWC)},
            attributes=dict(op.attributes),
            location=op.location,
            regions=[epilogue],
        )
        rewriter.replace(op, [conv, bolt.TransposeOp(conv.result, NHWC_TO_NCHW)])


@dataclass
class PoolToNhwc(RewritePattern):
    """pool2d nchw (x) -> transpose_out(pool2d nhwc (transpose_in(x))); global pooling too."""

    transposer: Transposer

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.Pool2dOp, rewriter: PatternRewriter, /) -> None:
        if op.layout.data != bolt.Layout.NCHW or not _in_function(op):
            return
        input = self.transposer(op.input, NCHW_TO_NHWC, op, rewriter)
        pool = bolt.Pool2dOp.create(
            operands=[input],
            result_types=[_tensor(op.result, permuted(_shape(op.result), NCHW_TO_NHWC))],
            properties={**op.properties, "layout": bolt.LayoutAttr(bolt.Layout.NHWC)},
            attributes=dict(op.attributes),
            location=op.location,
        )
        rewriter.replace(op, [pool, bolt.TransposeOp(pool.result, NHWC_TO_NCHW)])


# --------------------------------------------------------------------------------------
# Sinking transposes through layout-agnostic ops.
# --------------------------------------------------------------------------------------

# Per-dimension properties, permuted with the op's result; and properties naming one axis.
PER_DIMENSION_PROPERTIES: dict[type[Operation], tuple[str, ...]] = {
    bolt.PadOp: ("low", "high"),
    bolt.SliceOp: ("offsets", "strides"),
}
AXIS_PROPERTIES: dict[type[Operation], str] = {bolt.ConcatOp: "dim"}
LAYOUT_AGNOSTIC_OPS: tuple[type[Operation], ...] = (
    *bolt.ELEMENTWISE_OPS, *PER_DIMENSION_PROPERTIES, *AXIS_PROPERTIES,
)


def _sunk_properties(op: Operation, perm: Sequence[int]) -> dict[str, Attribute]:
    """`op`'s properties for the same op on the untransposed operand (x = transpose(x', perm)
    has dimension d where x' has perm[d])."""
    properties = dict(op.properties)
    back = inverse(perm)
    for name in PER_DIMENSION_PROPERTIES.get(type(op), ()):
        values = bolt.int_list(properties[name])  # type: ignore[arg-type]
        properties[name] = bolt.i64_array(permuted(values, back))
    if (name := AXIS_PROPERTIES.get(type(op))) is not None:
        axis = properties[name].value.data  # type: ignore[attr-defined]
        properties[name] = IntegerAttr(perm[axis], i64)
    return properties


@dataclass
class SinkTranspose(RewritePattern):
    """op(transpose(x, p), y...) -> transpose(op(x, transpose(y, p^-1)...), p) for an op that
    does not read the layout, when every other operand permutes for free."""

    transposer: Transposer

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, LAYOUT_AGNOSTIC_OPS) or not _in_function(op):
            return
        rank = len(_shape(op.results[0]))
        transposes = [
            v.owner for v in op.operands
            if isinstance(v.owner, bolt.TransposeOp) and len(_shape(v)) == rank
        ]
        if not transposes:
            return
        perm = bolt.int_list(transposes[0].permutation)
        back = inverse(perm)
        if not all(_operand_permutes_freely(v, rank, back) for v in op.operands):
            return
        sunk_operands: dict[SSAValue, SSAValue] = {}  # an operand used twice is permuted once
        for v in op.operands:
            if v in sunk_operands:
                continue
            shape = _aligned_rank(v, rank)
            if shape is None:  # a scalar broadcasts the same in every layout
                sunk_operands[v] = v
                continue
            aligned = v
            if shape != _shape(v):  # numpy-style lower rank: make the leading 1s explicit
                aligned = _insert(rewriter, op, bolt.ReshapeOp(v, shape)).result
            sunk_operands[v] = self.transposer(aligned, back, op, rewriter)
        operands = [sunk_operands[v] for v in op.operands]
        sunk = type(op).create(
            operands=operands,
            result_types=[_tensor(op.results[0], permuted(_shape(op.results[0]), back))],
            properties=_sunk_properties(op, perm),
            attributes=dict(op.attributes),
            location=op.location,
        )
        rewriter.replace(op, [sunk, bolt.TransposeOp(sunk.results[0], perm)])


def _aligned_rank(value: SSAValue, rank: int) -> tuple[int, ...] | None:
    """The operand's shape with numpy's implicit leading 1s; None for a scalar."""
    shape = _shape(value)
    if not shape:
        return None
    return (1,) * (rank - len(shape)) + shape


class TransposeOfUnitDimsToReshape(RewritePattern):
    """transpose(x) that keeps the order of x's non-unit dimensions -> reshape(x), once it has
    stopped sinking (a reshape carries no layout that a later transpose could cancel with)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.TransposeOp, rewriter: PatternRewriter, /) -> None:
        perm = bolt.int_list(op.permutation)
        if is_identity(perm) or not moves_only_unit_dims(_shape(op.input), perm):
            return
        if any(isinstance(use.operation, LAYOUT_AGNOSTIC_OPS) for use in op.result.uses):
            return  # still on its way down
        rewriter.replace(op, bolt.ReshapeOp(op.input, _shape(op.result)))


def layout_nhwc(module: ModuleOp) -> None:
    transposer = Transposer()
    patterns: list[RewritePattern] = [
        ConvToNhwc(transposer),
        PoolToNhwc(transposer),
        SinkTranspose(transposer),
        FoldTranspose(),
        TransposeOfUnitDimsToReshape(),
        FoldReshape(),
    ]
    PatternRewriteWalker(GreedyRewritePatternApplier(patterns)).rewrite_module(module)


@dataclass(frozen=True)
class LayoutNhwcPass(ModulePass):
    """NCHW convolutions and pooling to NHWC; transposes sunk until they cancel."""

    name = "layout-nhwc"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        layout_nhwc(op)
