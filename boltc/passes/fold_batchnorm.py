"""fold-batchnorm: per-channel scales and shifts after a convolution or GEMM, folded into its
weights and one bias.

Inference batch-norm reaches bolt (after import, raise-bolt and fold-constants) as

    y = ((conv(x, W) - mean) * rsigma) * gamma + beta      (each constant [1, F, 1, 1])

and a user's own `x * scale + shift` after a linear layer looks the same. Five algebraic
patterns (the first, table-driven, does sub and div) move every scale into the anchor and every
shift behind it:

    sub(y, c)          -> add(y, -c)              div(y, c)           -> mul(y, 1 / c)
    mul(add(y, b), s)  -> add(mul(y, s), b * s)   add(add(y, b1), b2) -> add(y, b1 + b2)
    mul(anchor, s)     -> anchor with W scaled    mul(mul(y, s1), s2) -> mul(y, s1 * s2)
                          along its output channels

until `conv(x, W') + b'` is left: one per-channel bias add, which fuse-epilogue later moves
into the epilogue. (A half-precision export rounds the anchor's f32 result to f16/bf16 and back
before its batch-norm: `DropRoundTripAfterAnchor` removes that round trip first.) New constants are computed here, in float64 and rounded once to the
element type.

Each pattern applies only inside a chain that ends in such a fold: every value on the way is
used once (the anchor's result too), every constant is one number per output channel
(`per_channel_blocker`: [1, F, 1, 1] or [F, 1, 1] for NCHW, a trailing [F] for NHWC and GEMM,
a scalar anywhere), and where a scale is involved the anchor is a plain store with constant
weights (`scale_fold_blocker`). Anything else is left as it is: a per-pixel scale, a GEMM
scaled per row (M) rather than per column (N), an anchor whose result is used twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type, ModuleOp, TensorType
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from boltc.analysis.folding import channel_vector_shape, per_channel_blocker, scale_fold_blocker
from boltc.dialects import bolt
from boltc.passes.fold_constants import constant_array, is_constant_foldable, materialize

# The operand of an anchor that holds its weights: the filter of a conv2d, the rhs of a GEMM.
WEIGHT_OPERAND = 1

AFFINE_OPS = (bolt.AddOp, bolt.SubOp, bolt.MulOp, bolt.DivOp)
SHIFT_OPS = (bolt.AddOp, bolt.SubOp)
COMMUTATIVE_OPS = (bolt.AddOp, bolt.MulOp)


# --------------------------------------------------------------------------------------
# Where the output channels are.
# --------------------------------------------------------------------------------------


def result_channel_axis(anchor: bolt.AnchorOp) -> int:
    """The dimension of the anchor's result that indexes output channels (filters, GEMM N)."""
    if isinstance(anchor, bolt.Conv2dOp):
        return 3 if anchor.layout.data == bolt.Layout.NHWC else 1
    return len(bolt.shape_of(anchor.result)) - 1


def weight_channel_axis(anchor: bolt.AnchorOp) -> int:
    """The dimension of the weights that indexes output channels: a filter's first (FCHW and
    KRSC alike), a GEMM rhs's N (K x N, or N x K with transpose_b)."""
    if isinstance(anchor, bolt.Conv2dOp):
        return 0
    assert isinstance(anchor, bolt.GemmOp)
    rank = len(bolt.shape_of(anchor.rhs))
    return rank - 2 if anchor.transpose_b is not None else rank - 1


def output_channels(anchor: bolt.AnchorOp) -> int:
    return bolt.shape_of(anchor.result)[result_channel_axis(anchor)]


def channel_values(constant: np.ndarray, anchor: bolt.AnchorOp) -> np.ndarray:
    """A per-channel constant (numpy-broadcast against the anchor's result) as one float64
    number per output channel."""
    rank = len(bolt.shape_of(anchor.result))
    aligned = constant.reshape((1,) * (rank - constant.ndim) + constant.shape)
    axis, channels = result_channel_axis(anchor), output_channels(anchor)
    vector_shape = channel_vector_shape(rank, axis, channels)
    return np.broadcast_to(aligned, vector_shape).reshape(channels).astype(np.float64)


# --------------------------------------------------------------------------------------
# The chains the patterns may rewrite.
# --------------------------------------------------------------------------------------


def split_constant(op: Operation) -> tuple[SSAValue, SSAValue] | None:
    """(y, c) for an affine op `y op c` (or `c op y` where op commutes) whose c is computed
    from constants only; None otherwise."""
    if not isinstance(op, AFFINE_OPS):
        return None
    orders = [(op.lhs, op.rhs)]
    if isinstance(op, COMMUTATIVE_OPS):
        orders.append((op.rhs, op.lhs))
    # A constant op first (what fold-constants leaves), before looking at slices: that look
    # costs its op budget on the activation side.
    for y, c in orders:
        if isinstance(c.owner, bolt.ConstantOp):
            return y, c
    for y, c in orders:
        if is_constant_foldable(c):
            return y, c
    return None


def scale_blocker(anchor: bolt.AnchorOp) -> str | None:
    return scale_fold_blocker(
        anchor.result.uses.get_length(),
        anchor.is_plain_store(),
        is_constant_foldable(anchor.operands[WEIGHT_OPERAND]),
    )


def chain_anchor(value: SSAValue, scales: bool) -> bolt.AnchorOp | None:
    """The anchor at the root of a chain of per-channel scales and shifts by constants that ends
    in `value`, every value on it used once; None if `value` is no such chain. With `scales`,
    the anchor must also take a scale into its weights (or the chain only shifts)."""
    if not value.has_one_use():
        return None
    op = value.owner
    if isinstance(op, bolt.ANCHOR_OPS):
        if scales and scale_blocker(op) is not None:
            return None
        return op
    split = split_constant(op) if isinstance(op, Operation) else None
    if split is None:
        return None
    y, c = split
    if not scales and not isinstance(op, SHIFT_OPS):
        return None
    anchor = chain_anchor(y, scales)
    if anchor is None or not per_channel_of(anchor, c):
        return None
    return anchor


def per_channel_of(anchor: bolt.AnchorOp, constant: SSAValue) -> bool:
    shape = bolt.shape_of(anchor.result)
    return per_channel_blocker(bolt.shape_of(constant), shape, result_channel_axis(anchor)) is None


def scaled_again(value: SSAValue, anchor: bolt.AnchorOp) -> bool:
    """Whether `value`'s one use is another per-channel scale: then MergeScales makes the two
    one first, and the weights are scaled once, not once per scale."""
    if not value.has_one_use():
        return False
    user = value.get_user_of_unique_use()
    split = split_constant(user) if isinstance(user, bolt.MulOp) else None
    return split is not None and split[0] is value and per_channel_of(anchor, split[1])


def _element_type(value: SSAValue):
    assert isinstance(value.type, TensorType)
    return value.type.get_element_type()


def new_constant(values: np.ndarray, like: SSAValue) -> bolt.ConstantOp:
    """A constant of `values`' shape and `like`'s element type (rounded once, from float64)."""
    return materialize(values, TensorType(_element_type(like), values.shape))


def _array(value: SSAValue) -> np.ndarray | None:
    """A constant operand's value in float64; None where its data is missing (a
    dense_resource without its blob), which leaves the op alone."""
    array = constant_array(value)
    return None if array is None else array.astype(np.float64)


# --------------------------------------------------------------------------------------
# The patterns.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Inversion:
    """`y op c` is `y inverse (invert(c))`."""

    inverse: type[bolt.BinaryElementwiseOp]
    invert: Callable[[np.ndarray], np.ndarray]
    scales: bool  # whether the op is a scale (and needs the anchor to take one)


INVERSIONS: dict[type[Operation], Inversion] = {
    bolt.SubOp: Inversion(bolt.AddOp, np.negative, scales=False),
    bolt.DivOp: Inversion(bolt.MulOp, np.reciprocal, scales=True),
}


class InvertConstantOperand(RewritePattern):
    """sub(y, c) -> add(y, -c); div(y, c) -> mul(y, 1 / c): every shift an add, every scale a
    mul, so the other patterns have two ops to match (negation is exact; 1 / c rounds once)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        inversion = INVERSIONS.get(type(op))
        if inversion is None:
            return
        assert isinstance(op, bolt.BinaryElementwiseOp)
        if not is_constant_foldable(op.rhs) or is_constant_foldable(op.lhs):
            return
        anchor = chain_anchor(op.lhs, inversion.scales)
        if anchor is None or not per_channel_of(anchor, op.rhs):
            return
        constant = _array(op.rhs)
        if constant is None:
            return
        with np.errstate(divide="ignore"):  # 1 / 0 = inf: y * inf is y / 0, sign and all
            inverted = new_constant(inversion.invert(constant), op.rhs)
        rewriter.replace(op, [inverted, inversion.inverse(op.lhs, inverted.result, op.output.type)])


class MergeShifts(RewritePattern):
    """add(add(y, b1), b2) -> add(y, b1 + b2)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.AddOp, rewriter: PatternRewriter, /) -> None:
        outer = split_constant(op)
        if outer is None or not isinstance(inner := outer[0].owner, bolt.AddOp):
            return
        inner_split = split_constant(inner)
        if inner_split is None:
            return
        (y, b1), (_, b2) = inner_split, outer
        anchor = chain_anchor(y, scales=False)
        if anchor is None or not per_channel_of(anchor, b1) or not per_channel_of(anchor, b2):
            return
        first, second = _array(b1), _array(b2)
        if not inner.output.has_one_use() or first is None or second is None:
            return
        total = new_constant(first + second, b2)
        rewriter.replace(op, [total, bolt.AddOp(y, total.result, op.output.type)])


class MergeScales(RewritePattern):
    """mul(mul(y, s1), s2) -> mul(y, s1 * s2)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.MulOp, rewriter: PatternRewriter, /) -> None:
        outer = split_constant(op)
        if outer is None or not isinstance(inner := outer[0].owner, bolt.MulOp):
            return
        inner_split = split_constant(inner)
        if inner_split is None or not inner.output.has_one_use():
            return
        (y, s1), (_, s2) = inner_split, outer
        anchor = chain_anchor(y, scales=True)
        if anchor is None or not per_channel_of(anchor, s1) or not per_channel_of(anchor, s2):
            return
        first, second = _array(s1), _array(s2)
        if first is None or second is None:
            return
        product = new_constant(first * second, s2)
        rewriter.replace(op, [product, bolt.MulOp(y, product.result, op.output.type)])


class ShiftBeforeScale(RewritePattern):
    """mul(add(y, b), s) -> add(mul(y, s), b * s): the scale moves towards the anchor."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.MulOp, rewriter: PatternRewriter, /) -> None:
        outer = split_constant(op)
        if outer is None or not isinstance(shift_op := outer[0].owner, bolt.AddOp):
            return
        inner = split_constant(shift_op)
        if inner is None or not shift_op.output.has_one_use():
            return
        (y, b), (_, s) = inner, outer
        anchor = chain_anchor(y, scales=True)
        if anchor is None or not per_channel_of(anchor, b) or not per_channel_of(anchor, s):
            return
        if scaled_again(op.output, anchor):
            return  # MergeScales first
        shift, scale = _array(b), _array(s)
        if shift is None or scale is None:
            return
        scaled_shift = new_constant(shift * scale, s)
        scaled = bolt.MulOp(y, s, op.output.type)
        shifted = bolt.AddOp(scaled.output, scaled_shift.result, op.output.type)
        rewriter.replace(op, [scaled, scaled_shift, shifted])


class ScaleIntoAnchor(RewritePattern):
    """mul(anchor(x, W), s) -> anchor(x, W * s) with s applied along W's output channels: the
    accumulator of output channel f is linear in filter f (column n of a GEMM's rhs)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.MulOp, rewriter: PatternRewriter, /) -> None:
        split = split_constant(op)
        if split is None:
            return
        y, s = split
        anchor = y.owner
        if not isinstance(anchor, bolt.ANCHOR_OPS) or chain_anchor(y, scales=True) is not anchor:
            return
        if op.output.type != anchor.result.type or not per_channel_of(anchor, s):
            return
        if scaled_again(op.output, anchor):
            return  # MergeScales first
        weight = anchor.operands[WEIGHT_OPERAND]
        constant, weights = _array(s), _array(weight)
        if constant is None or weights is None:
            return
        scale = channel_values(constant, anchor)
        if not np.all(np.isfinite(scale)):
            return  # inf * 0 in a weight is NaN where the unfolded product was 0 * inf only once
        rank, axis = len(bolt.shape_of(weight)), weight_channel_axis(anchor)
        scaled = weights * scale.reshape(channel_vector_shape(rank, axis, scale.size))
        new_weight = materialize(scaled, weight.type)  # type: ignore[arg-type]
        rewriter.insert(new_weight, InsertPoint.before(anchor))
        folded = anchor.clone()
        folded.operands = [
            new_weight.result if i == WEIGHT_OPERAND else v for i, v in enumerate(anchor.operands)
        ]
        rewriter.replace(anchor, folded)
        rewriter.replace(op, [], [folded.result])


class DropRoundTripAfterAnchor(RewritePattern):
    """cast(cast(anchor: f32 -> T): T -> f32) -> anchor, T = f16 or bf16, where the round trip
    is all the anchor's result feeds and it starts a chain of per-channel affine ops.

    A half-precision export computes batch-norm in f32 on the convolution's result truncated to
    T and widened back. Without the round trip the anchor is the chain's root, as in the f32
    model, and the normalization folds into its weights and one bias. The rounding to T dropped
    here is one fuse-epilogue drops anyway (its region computes in f32 throughout), so the
    values move by at most that rounding, towards the f32 model's."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.CastOp, rewriter: PatternRewriter, /) -> None:
        narrowed = op.input.owner
        if not isinstance(narrowed, bolt.CastOp) or not narrowed.output.has_one_use():
            return
        anchor = narrowed.input.owner
        if not isinstance(anchor, bolt.ANCHOR_OPS) or not anchor.result.has_one_use():
            return
        if anchor.result.type != op.output.type or not isinstance(_element_type(anchor.result), Float32Type):
            return
        if not isinstance(_element_type(narrowed.output), Float16Type | BFloat16Type):
            return
        if not op.output.has_one_use() or split_constant(op.output.get_user_of_unique_use()) is None:
            return
        rewriter.replace(op, [], [anchor.result])


FOLD_BATCHNORM_PATTERNS: tuple[RewritePattern, ...] = (
    DropRoundTripAfterAnchor(),
    InvertConstantOperand(),
    MergeShifts(),
    MergeScales(),
    ShiftBeforeScale(),
    ScaleIntoAnchor(),
)


@dataclass(frozen=True)
class FoldBatchNormPass(ModulePass):
    """Fold per-channel scales into conv/GEMM weights and shifts into one bias add."""

    name = "fold-batchnorm"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        applier = GreedyRewritePatternApplier(list(FOLD_BATCHNORM_PATTERNS), dce_enabled=True)
        PatternRewriteWalker(applier).rewrite_module(op)
