"""merge-residual-gemms: a GEMM whose epilogue adds another GEMM's result over the same rows
becomes one GEMM over the two concatenated along K.

    %r = bolt.gemm %a1, %w1 extras(%b1) { acc + b1 }                  (one use: the residual)
    %y = bolt.gemm %a2, %w2 extras(%b2, %r) { relu(acc + b2 + %r) }
  ->
    %a = bolt.concat %a2, %a1 dim 1                                   M x (K2 + K1)
    %w = bolt.constant [w2 | w1]                                      N x (K2 + K1)
    %y = bolt.gemm %a, %w extras(%b2, %b1) { relu(acc + b2 + b1) }

since a2 . w2^T + (a1 . w1^T + b1) = [a2 | a1] . [w2 | w1]^T + b1. Where both biases are
constants (batch-norm folded into each convolution) they become one, b1 + b2 summed in float64
and rounded once: the merged epilogue is then the bias + activation of the model's other
GEMMs, and with the same tile the same kernel (one fewer to compile). ResNet's first bottleneck
of a stage whose shortcut is a 1x1 convolution without a stride (ResNet-50's layer 1: the
shortcut 64 -> 256 and the block's last 64 -> 256, both over the 56x56 pixels) is the case:
the shortcut's M x N result no longer goes to memory and back (2 x 51 MB at batch 32), for a
concatenation that moves the two M x K inputs once (2 x 2 x 13 MB).

The trade is the rule (`merge_blocker`): the merge pays where N > K1 + K2 (the result the
merge keeps on chip is wider than the inputs the concatenation copies). Also required: both
GEMMs 2-D without transpose_a, the same element types, constant filters (the joined filter is
built at compile time), neither with a `#bolt.kernel` (chosen for the unmerged problem), the
residual GEMM's result used only by the other's epilogue, where it is added once (directly or
through a cast) to a value that does not depend on it, and its own epilogue `acc` or
`acc + X` with X computed from its extras alone (a bias): X moves into the merged epilogue.
The merged GEMM skips the rounding of the residual to its element type (f16), so its values
are at least as exact as the pair's.

It runs after fuse-epilogue (the residual is an extra of its consumer by then) and before
select-kernels. With `remarks=true` each refused pair (a GEMM residual of a GEMM) is reported
on stderr with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType, f32
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

from boltc.diagnostics import op_location, remark, remarks_wanted
from boltc.dialects import bolt
from boltc.passes.fold_constants import constant_array, materialize


@dataclass(frozen=True)
class ResidualPair:
    """A GEMM (`consumer`) whose epilogue adds `producer`'s result, read as extra `index`."""

    producer: bolt.GemmOp
    consumer: bolt.GemmOp
    index: int  # position of the residual among the consumer's extras
    add: Operation  # the consumer's epilogue op that adds it
    residual: SSAValue  # the value it adds: the block argument, or its cast to f32
    offset: SSAValue | None  # X of the producer's `acc + X` epilogue, None for `acc`
    filters: tuple[np.ndarray, np.ndarray]  # the consumer's and the producer's B, each N x K
    # Where X is a constant bias b1 and the consumer adds a constant bias b2 of the same type to
    # its accumulator: the consumer's extra that becomes b1 + b2 (one bias, one epilogue leaf:
    # the merged GEMM then shares its kernel with the model's other bias + activation GEMMs).
    joined_bias: tuple[int, np.ndarray] | None = None


def _filter_nk(op: bolt.GemmOp) -> np.ndarray | None:
    """The GEMM's constant B as an N x K array, or None."""
    b = constant_array(op.rhs)
    if b is None or b.ndim != 2:
        return None
    return b if op.transpose_b else b.T


def _bias_extra(op: bolt.GemmOp, value: SSAValue) -> int | None:
    """The index of the extra that `value` (a value of `op`'s epilogue) is, directly or through
    a cast to f32, when that extra is a constant; else None."""
    if isinstance(value.owner, bolt.CastOp):
        value = value.owner.input
    args = list(op.epilogue.block.args[1:])
    if value not in args:
        return None
    index = args.index(value)  # type: ignore[arg-type]
    return index if constant_array(op.extras[index]) is not None else None


def _added_to_acc(op: bolt.GemmOp, skip: int) -> int | None:
    """The extra (not `skip`) that `op`'s epilogue adds to its accumulator first, when it is a
    constant read only there (a bias): acc + b or acc + cast(b); else None."""
    block = op.epilogue.block
    acc = block.args[0]
    adds = [u.operation for u in acc.uses]
    if len(adds) != 1 or not isinstance(adds[0], bolt.AddOp):
        return None
    other = next((o for o in adds[0].operands if o is not acc), None)
    if other is None or not other.has_one_use():
        return None
    index = _bias_extra(op, other)
    if index is None or index == skip:
        return None
    arg = block.args[1 + index]
    through_cast = isinstance(other.owner, bolt.CastOp)
    if not arg.has_one_use() or (through_cast and not other.owner.input.has_one_use()):  # type: ignore[union-attr]
        return None
    return index


def _producer_offset(op: bolt.GemmOp) -> tuple[bool, SSAValue | None]:
    """(affine, X): whether the producer's epilogue is `acc` or `acc + X` with X free of acc."""
    block = op.epilogue.block
    acc = block.args[0]
    out = block.last_op.operands[0]  # type: ignore[union-attr]
    if out is acc:
        return True, None
    add = out.owner
    if not isinstance(add, bolt.AddOp) or add.results[0].type != acc.type:
        return False, None
    lhs, rhs = add.operands
    x = rhs if lhs is acc else lhs if rhs is acc else None
    if x is None or any(acc in o.operands for o in block.ops if o is not add):
        return False, None
    return True, x


def _gemm_through_reshapes(value: SSAValue) -> bolt.GemmOp | None:
    """The GEMM whose result `value` is, directly or through reshapes (views: conv-as-gemm
    reshapes a GEMM's M x N to NHWC and the consumer's epilogue back)."""
    while isinstance(value.owner, bolt.ReshapeOp):
        value = value.owner.input
    return value.owner if isinstance(value.owner, bolt.GemmOp) else None


def residual_pair(consumer: bolt.GemmOp) -> ResidualPair | str | None:
    """The pair `consumer` forms with a GEMM it adds as a residual, a reason it does not, or
    None where no extra of it is a GEMM's result (nothing to say)."""
    producers = [(i, p) for i, e in enumerate(consumer.extras) if (p := _gemm_through_reshapes(e)) is not None]
    if not producers:
        return None
    index, producer = producers[0]
    value: SSAValue = consumer.extras[index]  # back through the reshapes to the GEMM
    while True:
        if not value.has_one_use():
            return "the residual GEMM's result has other users: it must be stored anyway"
        if value is producer.result:
            break
        value = value.owner.operands[0]  # type: ignore[union-attr]
    if producer.result.type != consumer.extras[index].type:
        return "the residual is the GEMM's result reshaped"
    for op in (producer, consumer):
        if op.kernel is not None:
            return "a #bolt.kernel was chosen for the unmerged GEMM"
        if op.transpose_a or len(bolt.shape_of(op.lhs)) != 2:
            return "a batched or transposed A"
    if producer.lhs.type.get_element_type() != consumer.lhs.type.get_element_type():  # type: ignore[union-attr]
        return "the two A operands have different element types"
    (_, m1, n1, k1), (_, m2, n2, k2) = producer.problem_shape(), consumer.problem_shape()
    if (m1, n1) != (m2, n2):
        return f"the residual is {m1}x{n1}, the GEMM {m2}x{n2}"
    if n2 <= k1 + k2:
        return (f"N = {n2} is not wider than K1 + K2 = {k1 + k2}: concatenating the inputs would move "
                "more than the merge keeps on chip")
    affine, offset = _producer_offset(producer)
    if not affine:
        return "the residual GEMM's epilogue is not its accumulator plus a term free of it"
    arg = consumer.epilogue.block.args[1 + index]
    uses = [u.operation for u in arg.uses]
    residual: SSAValue = arg
    if len(uses) == 1 and isinstance(uses[0], bolt.CastOp) and uses[0].results[0].type.get_element_type() == f32:  # type: ignore[union-attr]
        residual = uses[0].results[0]
        uses = [u.operation for u in residual.uses]
    if len(uses) != 1 or not isinstance(uses[0], bolt.AddOp) or uses[0].results[0].type != residual.type:
        return "the epilogue does not add the residual once, at the accumulator's shape"
    w2, w1 = _filter_nk(consumer), _filter_nk(producer)
    if w1 is None or w2 is None:
        return "a filter is not a constant"
    joined = None
    if offset is not None and (b1 := _bias_extra(producer, offset)) is not None:
        b2 = _added_to_acc(consumer, index)
        if b2 is not None and producer.extras[b1].type == consumer.extras[b2].type:
            joined = (b2, _joined_bias(producer.extras[b1], consumer.extras[b2]))
    return ResidualPair(producer, consumer, index, uses[0], residual, offset, (w2, w1), joined)


def _joined_bias(b1: SSAValue, b2: SSAValue) -> np.ndarray:
    """b1 + b2, summed in float64 and rounded once to their element type."""
    first, second = constant_array(b1), constant_array(b2)
    assert first is not None and second is not None
    return (np.float64(first) + np.float64(second)).astype(first.dtype)


def merged_epilogue(pair: ResidualPair) -> tuple[Region, list[SSAValue]]:
    """The merged GEMM's epilogue region and extras: the consumer's, the residual's add
    replaced by an add of the producer's X (its ops and extras carried over), or dropped (a
    producer of `acc` alone, or a joined bias: the caller puts b1 + b2 in b2's place)."""
    consumer, producer = pair.consumer, pair.producer
    old = consumer.epilogue.block
    kept = [e for i, e in enumerate(consumer.extras) if i != pair.index]
    extras = [*kept, *producer.extras] if pair.joined_bias is None else kept
    block = Block(arg_types=[old.args[0].type, *(e.type for e in extras)])
    mapping: dict[SSAValue, SSAValue] = {old.args[0]: block.args[0]}
    old_extra_args = [a for i, a in enumerate(old.args[1:]) if i != pair.index]
    mapping.update(zip(old_extra_args, block.args[1:1 + len(kept)]))
    producer_block = producer.epilogue.block
    producer_map: dict[SSAValue, SSAValue] = dict(zip(producer_block.args[1:], block.args[1 + len(kept):]))
    offset: SSAValue | None = None
    if pair.offset is not None and pair.joined_bias is None:
        # X's ops: every op of the producer's body but the add of acc and the yield, in order.
        final_add = producer_block.last_op.operands[0].owner  # type: ignore[union-attr]
        for op in producer_block.ops:
            if op is not final_add and op is not producer_block.last_op:
                block.add_op(op.clone(value_mapper=producer_map))
        offset = producer_map.get(pair.offset, pair.offset)
    for op in old.ops:
        if pair.residual is not old.args[1 + pair.index] and op is pair.residual.owner:
            continue  # the residual's cast
        if op is pair.add:
            other = next(o for o in op.operands if o is not pair.residual)
            if offset is None:
                mapping[op.results[0]] = mapping.get(other, other)
                continue
            mapping[pair.residual] = offset
        block.add_op(op.clone(value_mapper=mapping))
    return Region(block), extras


class MergeResidualGemm(RewritePattern):
    def __init__(self, refusals: list[str] | None = None):
        super().__init__()
        self.refusals = refusals

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.GemmOp, rewriter: PatternRewriter, /) -> None:
        pair = residual_pair(op)
        if pair is None:
            return
        if isinstance(pair, str):
            if self.refusals is not None:
                self.refusals.append(f"remark: {op_location(op)}: '{op.name}' not merged with the GEMM "
                                     f"of its residual: {pair}")
            return
        producer = pair.producer
        rhs_type = op.rhs.type
        assert isinstance(rhs_type, TensorType) and isinstance(op.result.type, TensorType)
        joined = np.concatenate(pair.filters, axis=1)
        weights = materialize(joined, TensorType(rhs_type.get_element_type(), joined.shape))
        concat = bolt.ConcatOp([op.lhs, producer.lhs], 1)
        region, extras = merged_epilogue(pair)
        new_ops: list[Operation] = [weights, concat]
        if pair.joined_bias is not None:
            at, bias = pair.joined_bias
            at -= at > pair.index  # its place among the extras kept
            bias_type = extras[at].type
            assert isinstance(bias_type, TensorType)
            new_ops.append(materialize(bias, bias_type))
            extras[at] = new_ops[-1].results[0]
        gemm = bolt.GemmOp(concat.result, weights.result, op.result.type, extras, transpose_b=True,
                           epilogue=region)
        new_ops.append(gemm)
        for new in new_ops:
            new.location = op.location
        residual = op.extras[pair.index]
        rewriter.replace(op, new_ops, [gemm.result])
        while residual is not producer.result:  # the reshapes between the two, then the GEMM
            view = residual.owner
            assert isinstance(view, bolt.ReshapeOp)
            residual = view.input
            rewriter.erase(view)
        rewriter.erase(producer)


@dataclass(frozen=True)
class MergeResidualGemmsPass(ModulePass):
    """A GEMM added as another's residual, over the same rows -> one GEMM over both K."""

    name = "merge-residual-gemms"

    remarks: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        refusals: list[str] | None = [] if remarks_wanted(self.remarks) else None
        PatternRewriteWalker(MergeResidualGemm(refusals), apply_recursively=False).rewrite_module(op)
        for line in dict.fromkeys(refusals or []):
            remark(self.name, line, self.remarks)
