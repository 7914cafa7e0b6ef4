"""bolt-canonicalize: the canonical form of bolt IR, and dead-code removal.

Each pass that rewrites leaves debris that the next one should not have to match around: a
reshape of a reshape, a transpose that cancels or moves no data, a cast to the type a value
already has, x * 1, a broadcast that numpy-style broadcasting already implies. These patterns
remove it. They run to a fixed point under xDSL's greedy walker, which also erases every pure
op whose result is unused (every bolt op is pure), so an op a pattern bypasses disappears
with it.

The patterns live here and not on the ops (DESIGN.md: the dialect imports nothing of boltc).
`FoldReshape` and `FoldTranspose` come from passes/patterns.py, shared with raise-bolt.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import prod

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import (
    BFloat16Type,
    BytesAttr,
    DenseIntOrFPElementsAttr,
    Float16Type,
    Float32Type,
    ModuleOp,
    TensorType,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from boltc.analysis.folding import ALWAYS_FOLD_ELEMENTS
from boltc.dialects import bolt
from boltc.dialects.resources import ResourceError, raw_array, storage_dtype
from boltc.passes.patterns import FoldReshape, FoldTranspose, scalar_value

# --------------------------------------------------------------------------------------
# x op e -> x for the identity element e of op.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class IdentityElement:
    """`x op value` is x; with `either_side`, `value op x` is x too."""

    value: float
    either_side: bool


IDENTITY_ELEMENTS: dict[type[bolt.BinaryElementwiseOp], IdentityElement] = {
    bolt.AddOp: IdentityElement(0.0, either_side=True),
    bolt.SubOp: IdentityElement(0.0, either_side=False),
    bolt.MulOp: IdentityElement(1.0, either_side=True),
    bolt.DivOp: IdentityElement(1.0, either_side=False),
    bolt.PowOp: IdentityElement(1.0, either_side=False),
}


class FoldIdentityElement(RewritePattern):
    """x + 0, 0 + x, x - 0, x * 1, 1 * x, x / 1, x ** 1 -> x, where the constant is one number
    (a scalar, splat, or a broadcast or reshape of one) and does not widen x's type. (Exact,
    but for the sign of a zero: -0 + 0 is +0; boltc treats the sign of zero as insignificant,
    as fast-math's `nsz` does.)"""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.BinaryElementwiseOp, rewriter: PatternRewriter, /) -> None:
        identity = IDENTITY_ELEMENTS.get(type(op))
        if identity is None:
            return
        sides = [(op.lhs, op.rhs)]
        if identity.either_side:
            sides.append((op.rhs, op.lhs))
        for x, constant in sides:
            if x.type == op.output.type and scalar_value(constant) == identity.value:
                rewriter.replace(op, [], [x])
                return


# --------------------------------------------------------------------------------------
# Casts.
# --------------------------------------------------------------------------------------

# Conversions that represent every value of the source exactly: a cast after one of them
# rounds the original value once, as a direct cast would.
EXACT_WIDENINGS: frozenset[tuple[type[Attribute], type[Attribute]]] = frozenset({
    (Float16Type, Float32Type),
    (BFloat16Type, Float32Type),
})


def _element_type(value: SSAValue) -> Attribute:
    assert isinstance(value.type, TensorType)
    return value.type.get_element_type()


class FoldCast(RewritePattern):
    """cast x : T -> T is x; cast(cast(x : A -> B) : B -> C), A -> B exact, is cast x : A -> C
    (or x itself when C is A)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.CastOp, rewriter: PatternRewriter, /) -> None:
        if op.input.type == op.output.type:
            rewriter.replace(op, [], [op.input])
            return
        inner = op.input.owner
        if not isinstance(inner, bolt.CastOp):
            return
        widening = (type(_element_type(inner.input)), type(_element_type(inner.output)))
        if widening not in EXACT_WIDENINGS:
            return
        if inner.input.type == op.output.type:
            rewriter.replace(op, [], [inner.input])
        else:
            rewriter.replace(op, bolt.CastOp(inner.input, op.output.type))


# --------------------------------------------------------------------------------------
# Data movement that moves nothing, and movement of broadcasts and constants.
# --------------------------------------------------------------------------------------


class FoldIdentitySlicePad(RewritePattern):
    """A slice from offset 0 that keeps the whole input, a pad by zero everywhere -> its input."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.SliceOp | bolt.PadOp, rewriter: PatternRewriter, /) -> None:
        if op.input.type != op.result.type:
            return
        if isinstance(op, bolt.SliceOp):
            # Same shape from offset 0: every stride steps over a size-1 dimension or is 1.
            identity = not any(bolt.int_list(op.offsets))
        else:
            identity = not any(bolt.int_list(op.low)) and not any(bolt.int_list(op.high))
        if identity:
            rewriter.replace(op, [], [op.input])


def _kept_dims(rank: int, broadcast_dims: Sequence[int]) -> list[int]:
    """The result dims of a broadcast that come from its input, in the input's order."""
    return [d for d in range(rank) if d not in broadcast_dims]


class FoldBroadcast(RewritePattern):
    """A broadcast that adds no dimension -> its input; broadcast(broadcast(x)) -> one
    broadcast of x."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.BroadcastOp, rewriter: PatternRewriter, /) -> None:
        if op.input.type == op.result.type:
            rewriter.replace(op, [], [op.input])
            return
        inner = op.input.owner
        if not isinstance(inner, bolt.BroadcastOp):
            return
        outer_dims = bolt.int_list(op.dimensions)
        outer_kept = _kept_dims(len(bolt.shape_of(op.result)), outer_dims)  # inner result dim j
        dims = sorted({*outer_dims, *(outer_kept[j] for j in bolt.int_list(inner.dimensions))})
        rewriter.replace(op, bolt.BroadcastOp(inner.input, op.result.type, dims))  # type: ignore[arg-type]


def moves_data(permutation: Sequence[int], shape: Sequence[int]) -> bool:
    """Whether a transpose of `shape` reorders elements: only if it changes the order of the
    dims larger than 1 (size-1 dims go anywhere without moving anything)."""
    moved = [p for p in permutation if shape[p] != 1]
    return moved != sorted(moved)


class TransposeAsReshape(RewritePattern):
    """A transpose that only moves size-1 dims is a reshape (1x1 transposed is 1x1, and
    [1, C, 1, 1] transposed to NHWC is [1, 1, 1, C]): later passes see one kind of op."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.TransposeOp, rewriter: PatternRewriter, /) -> None:
        if not moves_data(bolt.int_list(op.permutation), bolt.shape_of(op.input)):
            rewriter.replace(op, bolt.ReshapeOp(op.input, bolt.shape_of(op.result)))


class TransposeOfBroadcast(RewritePattern):
    """transpose(broadcast(x)) -> broadcast(x), or broadcast(transpose(x)) where x's own dims
    change order: the data movement happens on the smaller tensor, or not at all."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.TransposeOp, rewriter: PatternRewriter, /) -> None:
        broadcast = op.input.owner
        if not isinstance(broadcast, bolt.BroadcastOp):
            return
        perm = bolt.int_list(op.permutation)
        dims = bolt.int_list(broadcast.dimensions)
        kept = _kept_dims(len(perm), dims)
        # Result dim i reads broadcast dim perm[i]: broadcast there, or x's dim kept.index(..).
        new_dims = [i for i, p in enumerate(perm) if p in dims]
        input_perm = [kept.index(p) for p in perm if p not in dims]
        new_ops: list[Operation] = []
        source = broadcast.input
        if input_perm != sorted(input_perm):
            transpose = bolt.TransposeOp(source, input_perm)
            new_ops.append(transpose)
            source = transpose.result
        new_ops.append(bolt.BroadcastOp(source, op.result.type, new_dims))  # type: ignore[arg-type]
        rewriter.replace(op, new_ops)


def _splat_bytes(attr: Attribute) -> bytes | None:
    """The one element's bytes of a dense constant whose elements are all the same bytes
    (however the parser stored it); None otherwise."""
    if not isinstance(attr, DenseIntOrFPElementsAttr):
        return None
    raw = attr.data.data
    itemsize = storage_dtype(attr.type.get_element_type()).itemsize
    elements = np.frombuffer(raw, np.uint8).reshape(-1, itemsize)
    if not len(elements) or not (elements == elements[0]).all():
        return None
    return bytes(raw[:itemsize])


class TransposeOfConstant(RewritePattern):
    """transpose(constant) -> the constant with its bytes permuted (exact for every element
    type). A constant used elsewhere too is copied only while small (or a splat): a transposed
    copy of a shared weight would double its bytes."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.TransposeOp, rewriter: PatternRewriter, /) -> None:
        constant = op.input.owner
        if not isinstance(constant, bolt.ConstantOp):
            return
        ty = op.result.type
        assert isinstance(ty, TensorType)
        if (splat := _splat_bytes(constant.value)) is not None:
            data = BytesAttr(splat)  # one element, whatever the shape: free to copy
        elif not constant.result.has_one_use() and prod(ty.get_shape()) > ALWAYS_FOLD_ELEMENTS:
            return
        else:
            try:
                array = raw_array(constant.value)  # storage dtype: bf16 stays its bits
            except ResourceError:
                return  # a dense_resource without its blob: the executor reports it, not here
            data = BytesAttr(np.ascontiguousarray(array.transpose(bolt.int_list(op.permutation))).tobytes())
        rewriter.replace(op, bolt.ConstantOp(DenseIntOrFPElementsAttr(ty, data)))


# --------------------------------------------------------------------------------------
# Broadcasts that elementwise ops imply.
# --------------------------------------------------------------------------------------


def _size_one_form(broadcast: bolt.BroadcastOp) -> tuple[int, ...]:
    """The broadcast's result shape with its broadcast dims as size 1: what numpy-style
    broadcasting stretches to the same values."""
    dims = bolt.int_list(broadcast.dimensions)
    return tuple(1 if d in dims else s for d, s in enumerate(bolt.shape_of(broadcast.result)))


def _keeps_result_shape(op: Operation, indices: Iterable[int], shape: tuple[int, ...]) -> bool:
    """Whether elementwise `op` with its operands at `indices` of `shape` still has its
    result's shape."""
    shapes = [bolt.shape_of(v) for v in op.operands]
    for i in indices:
        shapes[i] = shape
    return bolt.broadcast_shapes(*shapes) == bolt.shape_of(op.results[0])


def _binary_elementwise(op: Operation) -> bool:
    return isinstance(op, bolt.ELEMENTWISE_OPS) and not isinstance(op, bolt.UnaryElementwiseOp)


class ImplicitBroadcast(RewritePattern):
    """ew(x, broadcast(c)) -> ew(x, reshape(c)) with size-1 dims where the broadcast added
    dims, when the op's result keeps its shape: bolt.ew ops broadcast numpy-style, so the
    per-channel vector stays a vector ([1, C, 1, 1]) that later passes recognise as a bias or
    scale (and an EVT reads as a column broadcast) instead of an activation-sized tensor.
    Canonicalization never adds ops: a reshape replaces the broadcast at every use at once, so
    a broadcast something else also reads (a result, a non-elementwise op) stays."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not _binary_elementwise(op):
            return
        for index, operand in enumerate(op.operands):
            broadcast = operand.owner
            if not isinstance(broadcast, bolt.BroadcastOp):
                continue
            source = broadcast.input
            source_shape, implied = bolt.shape_of(source), _size_one_form(broadcast)
            # Where the broadcast only added leading dims, trailing alignment does the same
            # with no reshape (as long as the result keeps its rank).
            leading = (1,) * (len(implied) - len(source_shape)) + source_shape == implied
            if leading and _keeps_result_shape(op, [index], source_shape):
                rewriter.replace_uses_with_if(
                    operand, source, lambda use: use.operation is op and use.index == index
                )
                return
            uses = list(broadcast.result.uses)
            # An op reading the broadcast twice (select(b, 0, b, c)) is checked with both
            # operands reshaped: each alone keeps the result's shape while the other is full.
            indices: dict[Operation, list[int]] = {}
            for use in uses:
                indices.setdefault(use.operation, []).append(use.index)
            if not all(_binary_elementwise(user) and _keeps_result_shape(user, at, implied)
                       for user, at in indices.items()):
                continue
            reshape = rewriter.insert(bolt.ReshapeOp(source, implied), InsertPoint.after(broadcast))
            rewriter.replace_uses_with_if(broadcast.result, reshape.result, lambda use: use in uses)
            return


CANONICALIZATION_PATTERNS: tuple[RewritePattern, ...] = (
    FoldReshape(),
    FoldTranspose(),
    TransposeAsReshape(),
    FoldIdentityElement(),
    FoldCast(),
    FoldIdentitySlicePad(),
    FoldBroadcast(),
    TransposeOfBroadcast(),
    TransposeOfConstant(),
    ImplicitBroadcast(),
)


def canonicalize(module: ModuleOp) -> bool:
    """Apply the canonicalization patterns and dead-code removal to a fixed point; whether
    anything changed."""
    applier = GreedyRewritePatternApplier(list(CANONICALIZATION_PATTERNS), dce_enabled=True)
    return PatternRewriteWalker(applier).rewrite_module(module)


@dataclass(frozen=True)
class CanonicalizePass(ModulePass):
    """Canonical bolt IR: identities removed, broadcasts and transposes simplified, dead ops
    erased."""

    name = "bolt-canonicalize"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        canonicalize(op)
