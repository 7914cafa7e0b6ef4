"""fuse-epilogue: elementwise consumers of a gemm/conv folded into its epilogue region.

    %d = bolt.gemm %a, %w : ... { ^bb0(%acc): bolt.yield %acc }
    %s = bolt.ew.add %d, %bias
    %r = bolt.ew.relu %s
->
    %r = bolt.gemm %a, %w extras(%bias) : ... {
    ^bb0(%acc, %b):
      %s = bolt.ew.add %acc, %b
      %r = bolt.ew.relu %s
      bolt.yield %r
    }

One pattern serves every elementwise op (the `bolt.ew.*` family, select and cast included):
it folds the op into the epilogue of the anchor that produces one of its operands, when
`analysis.fusion.epilogue_fusion_blocker` allows. Repeated, chains and trees of such ops
(bias, activations, residual adds, scales, casts, min/max/select) become one epilogue, which
maps onto a CUTLASS epilogue visitor tree.

Inside the region everything computes on the fp32 accumulator, as the EVT does:
- a non-scalar operand becomes an extra of the anchor (a new block argument), converted to
  f32 with a `bolt.ew.cast` inside the region when it has another element type;
- an operand that is `bolt.broadcast` of a smaller tensor is read through a reshape of that
  tensor (size-1 dimensions where it broadcasts), never as the materialized broadcast;
- a scalar constant (any splat) is rebuilt inside the region as an f32 rank-0 constant;
- an elementwise op computing a side operand from such leaves, with that single use, is
  pulled into the region too (a subtree of the EVT), unless it reads more than one full-size
  tensor (that would add loads, not remove a kernel);
- a `bolt.ew.cast` on the way disappears: the region stays in f32, and a cast at the end of
  the chain becomes the anchor's result type (the store converts).
So the fused values differ from the unfused ones only where the unfused graph rounded an
intermediate to f16/bf16; in f32 they are the same numbers.

With `remarks=true` every refused consumer is reported on stderr, after the rewrite:
    remark: m.mlir:7:8: 'bolt.ew.gelu' not fused into 'bolt.gemm': the gemm result has 2 uses
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod
from dataclasses import dataclass, field

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType, f32
from xdsl.ir import Block, BlockArgument, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.rewriter import InsertPoint

from boltc.analysis.fusion import (
    ConsumerKind,
    EpilogueCandidate,
    EpilogueView,
    EvtLeaf,
    EvtNode,
    conv2d_view,
    epilogue_fusion_blocker,
    gemm_view,
)
from boltc.diagnostics import op_location, remark, remarks_wanted
from boltc.dialects import bolt
from boltc.passes.patterns import scalar_value

# What each kind of user of an anchor's result is, for the legality question. Users not listed
# (another anchor, a b2b, func.return) are not epilogue candidates at all.
CONSUMER_KINDS: dict[type[Operation], ConsumerKind] = {
    **{op: ConsumerKind.ELEMENTWISE for op in bolt.ELEMENTWISE_OPS},
    bolt.ReduceOp: ConsumerKind.REDUCTION,
    bolt.SoftmaxOp: ConsumerKind.NORMALIZATION,
    bolt.LayerNormOp: ConsumerKind.NORMALIZATION,
    bolt.Pool2dOp: ConsumerKind.WINDOW,
    bolt.TransposeOp: ConsumerKind.DATA_MOVEMENT,
    bolt.PadOp: ConsumerKind.DATA_MOVEMENT,
    bolt.SliceOp: ConsumerKind.DATA_MOVEMENT,
    bolt.ReshapeOp: ConsumerKind.DATA_MOVEMENT,
    bolt.BroadcastOp: ConsumerKind.DATA_MOVEMENT,
    bolt.ConcatOp: ConsumerKind.DATA_MOVEMENT,
}


def anchor_short_name(anchor: Operation) -> str:
    return anchor.name.removeprefix("bolt.")


def epilogue_view(anchor: bolt.AnchorOp) -> EpilogueView:
    shape = bolt.shape_of(anchor.result)
    if isinstance(anchor, bolt.Conv2dOp):
        return conv2d_view(shape, anchor.layout.data == bolt.Layout.NHWC)
    return gemm_view(shape)


def element_type(value: SSAValue):
    assert isinstance(value.type, TensorType)
    return value.type.get_element_type()


# --------------------------------------------------------------------------------------
# How a side operand (any operand of the fused op other than the anchor's result) enters the
# epilogue: the IR-side tree, and its pure description for the legality question.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScalarLeaf:
    """A splat constant: rebuilt in the region as an f32 rank-0 constant."""

    value: float
    source: SSAValue  # the constant, or a reshape/broadcast of one


@dataclass(frozen=True)
class ExtraLeaf:
    """A tensor read as an extra operand (a block argument of the epilogue)."""

    value: SSAValue


@dataclass(frozen=True)
class BroadcastLeaf:
    """`bolt.broadcast x`: the extra is x reshaped with size-1 dims where it broadcasts."""

    op: bolt.BroadcastOp

    def keep_dims_shape(self) -> tuple[int, ...]:
        dims = bolt.int_list(self.op.dimensions)
        return tuple(
            1 if d in dims else size for d, size in enumerate(bolt.shape_of(self.op.result))
        )


@dataclass(frozen=True)
class PulledOp:
    """An elementwise op computing a side operand, moved into the region with its operands."""

    op: Operation
    operands: tuple[Side, ...]


Side = ScalarLeaf | ExtraLeaf | BroadcastLeaf | PulledOp


def _is_single_use_anchor_result(value: SSAValue) -> bool:
    return isinstance(value.owner, bolt.AnchorOp) and value.has_one_use()


def distinct_operands(side: PulledOp) -> list[Side]:
    """The pulled op's operand trees, one per distinct operand value."""
    return list({v: s for v, s in zip(side.op.operands, side.operands)}.values())


def _full_size_leaves(side: Side, shape: tuple[int, ...]) -> int:
    if isinstance(side, PulledOp):
        return sum(_full_size_leaves(s, shape) for s in distinct_operands(side))
    return int(isinstance(side, ExtraLeaf) and bolt.shape_of(side.value) == shape)


def side_tree(value: SSAValue, output_shape: tuple[int, ...], pull: bool) -> Side:
    """How `value` enters an epilogue whose output has `output_shape`."""
    number = scalar_value(value)
    if number is not None:
        return ScalarLeaf(number, value)
    owner = value.owner
    if isinstance(owner, bolt.BroadcastOp):
        return BroadcastLeaf(owner)
    if (
        pull
        and isinstance(owner, bolt.ELEMENTWISE_OPS)
        and value.has_one_use()
        # An op on another anchor's result belongs in that anchor's epilogue.
        and not any(_is_single_use_anchor_result(o) for o in owner.operands)
    ):
        pulled = PulledOp(owner, tuple(side_tree(o, output_shape, pull) for o in owner.operands))
        if _full_size_leaves(pulled, output_shape) <= 1:
            return pulled
    return ExtraLeaf(value)


def source_value(side: Side) -> SSAValue:
    """The value outside the region that a side tree stands for."""
    if isinstance(side, ScalarLeaf):
        return side.source
    if isinstance(side, ExtraLeaf):
        return side.value
    return side.op.results[0]


def side_evt(side: Side) -> EvtNode | EvtLeaf:
    if isinstance(side, ScalarLeaf):
        return EvtLeaf((), constant=True)
    if isinstance(side, ExtraLeaf):
        return EvtLeaf(bolt.shape_of(side.value))
    if isinstance(side, BroadcastLeaf):
        return EvtLeaf(side.keep_dims_shape())
    children = tuple(side_evt(s) for s in distinct_operands(side))
    if isinstance(side.op, bolt.CastOp):
        return children[0]  # the region is f32 throughout: a cast is no node
    return EvtNode(side.op.name, children)


def region_evt(block: Block) -> EvtNode | EvtLeaf:
    """The EVT an existing epilogue region describes, from its yielded value down."""

    def visit(value: SSAValue) -> EvtNode | EvtLeaf:
        if isinstance(value, BlockArgument):
            return EvtLeaf(bolt.shape_of(value), accumulator=value.index == 0)
        op = value.owner
        assert isinstance(op, Operation)
        if isinstance(op, bolt.ConstantOp):
            return EvtLeaf(bolt.shape_of(value), constant=True)
        children = tuple(visit(o) for o in dict.fromkeys(op.operands))  # each input once
        if isinstance(op, bolt.CastOp):
            return children[0]
        if isinstance(op, (bolt.ReshapeOp, bolt.BroadcastOp)) and isinstance(children[0], EvtLeaf):
            leaf = children[0]
            if not leaf.accumulator:  # a reshaped extra is still one load
                return EvtLeaf(bolt.shape_of(value), constant=leaf.constant)
        return EvtNode(op.name, children)

    last = block.last_op
    assert isinstance(last, bolt.YieldOp)
    return visit(last.values[0])


# --------------------------------------------------------------------------------------
# The fusion plan: one consumer, one anchor, how each side operand enters.
# --------------------------------------------------------------------------------------


@dataclass
class EpilogueFusion:
    anchor: bolt.AnchorOp
    consumer: Operation
    sides: dict[SSAValue, Side] = field(default_factory=dict)  # side operand -> how it enters
    candidate: EpilogueCandidate | None = None

    def blocker(self) -> str | None:
        assert self.candidate is not None
        return epilogue_fusion_blocker(self.candidate)


def plan_fusion(anchor: bolt.AnchorOp, consumer: Operation, pull: bool = True) -> EpilogueFusion:
    """The plan for folding `consumer` into `anchor`'s epilogue, with its legality question."""
    kind = CONSUMER_KINDS[type(consumer)]
    view = epilogue_view(anchor)
    plan = EpilogueFusion(anchor, consumer)
    tree: EvtNode | EvtLeaf | None = None
    output_shape = bolt.shape_of(consumer.results[0])
    if kind == ConsumerKind.ELEMENTWISE:
        children: list[EvtNode | EvtLeaf] = []
        # An operand in several slots is one input of the node: select(d > 0, d, 0) reads d once.
        for operand in dict.fromkeys(consumer.operands):
            if operand is anchor.result:
                children.append(region_evt(anchor.epilogue.block))
            else:
                plan.sides[operand] = side_tree(operand, view.shape, pull)
                children.append(side_evt(plan.sides[operand]))
        tree = EvtNode(consumer.name, tuple(children))
        if isinstance(consumer, bolt.CastOp):
            tree = children[0]
    plan.candidate = EpilogueCandidate(
        anchor=anchor_short_name(anchor),
        view=view,
        # One op reading the result in several operands reads it once (one EVT node).
        uses=len({use.operation for use in anchor.result.uses}),
        kind=kind,
        output_shape=output_shape,
        tree=tree,
    )
    return plan


def best_plan(anchor: bolt.AnchorOp, consumer: Operation) -> EpilogueFusion:
    """Pulling side subtrees in saves kernels, but may overrun the EVT's budgets: then fuse
    without them (their results become plain extras)."""
    plan = plan_fusion(anchor, consumer, pull=True)
    if plan.blocker() is not None:
        plain = plan_fusion(anchor, consumer, pull=False)
        if plain.blocker() is None:
            return plain
    return plan


# --------------------------------------------------------------------------------------
# The rewrite.
# --------------------------------------------------------------------------------------


def in_f32(op: Operation, operands: Sequence[SSAValue]) -> Operation:
    """`op` (an elementwise op) over `operands`, computing in f32."""
    shape = bolt.broadcast_shapes(*(bolt.shape_of(o) for o in operands))
    assert shape is not None
    return type(op).create(
        operands=list(operands),
        result_types=[TensorType(f32, shape)],
        properties=dict(op.properties),
        attributes=dict(op.attributes),
    )


class EpilogueBuilder:
    """Appends ops to a detached epilogue block (before its yield), adding extras as needed."""

    def __init__(self, anchor: bolt.AnchorOp, block: Block):
        self.block = block
        self.extras: list[SSAValue] = list(anchor.extras)
        self.outside: list[Operation] = []  # new ops before the anchor (reshapes of broadcasts)
        self.args: dict[SSAValue, BlockArgument] = {}
        self.built: dict[SSAValue, SSAValue] = {}  # outside value -> its f32 value inside
        for extra, arg in zip(self.extras, block.args[1:]):
            self.args.setdefault(extra, arg)
        self.terminator = block.last_op
        assert isinstance(self.terminator, bolt.YieldOp)

    def add(self, op: Operation) -> SSAValue:
        self.block.insert_op_before(op, self.terminator)
        return op.results[0]

    def extra(self, value: SSAValue) -> SSAValue:
        arg = self.args.get(value)
        if arg is None:
            arg = self.block.insert_arg(value.type, len(self.block.args))
            self.args[value] = arg
            self.extras.append(value)
        if element_type(arg) == f32:
            return arg
        return self.add(bolt.CastOp(arg, TensorType(f32, bolt.shape_of(arg))))

    def side(self, side: Side) -> SSAValue:
        """The f32 value inside the region for a side tree (each source value built once)."""
        source = source_value(side)
        if source not in self.built:
            self.built[source] = self._build(side)
        return self.built[source]

    def _build(self, side: Side) -> SSAValue:
        if isinstance(side, ScalarLeaf):
            scalar = np.float32(side.value).tobytes()
            return self.add(bolt.dense_constant(TensorType(f32, ()), scalar))
        if isinstance(side, ExtraLeaf):
            return self.extra(side.value)
        if isinstance(side, BroadcastLeaf):
            reshape = bolt.ReshapeOp(side.op.input, side.keep_dims_shape())
            self.outside.append(reshape)
            return self.extra(reshape.result)
        operands = [self.side(s) for s in side.operands]
        if isinstance(side.op, bolt.CastOp):
            return operands[0]
        return self.add(in_f32(side.op, operands))


def side_nodes(side: Side) -> list[Side]:
    """Every node of a side tree, users before their operands."""
    nodes: list[Side] = [side]
    if isinstance(side, PulledOp):
        for operand in side.operands:
            nodes += side_nodes(operand)
    return nodes


def rebuilt_anchor(
    anchor: bolt.AnchorOp, extras: Sequence[SSAValue], result_type: TensorType, epilogue
) -> bolt.AnchorOp:
    """`anchor` with other extras, result type and epilogue; every property kept."""
    properties = {k: v for k, v in anchor.properties.items() if k != "operandSegmentSizes"}
    new = type(anchor).build(
        operands=[*anchor.main_operands, list(extras)],
        result_types=[result_type],
        properties=properties,
        attributes=dict(anchor.attributes),
        regions=[epilogue],
    )
    new.location = anchor.location
    return new


def apply_fusion(plan: EpilogueFusion, rewriter: PatternRewriter) -> None:
    anchor, consumer = plan.anchor, plan.consumer
    epilogue = anchor.detach_region(anchor.epilogue)
    block = epilogue.block
    old_yield = block.last_op
    assert isinstance(old_yield, bolt.YieldOp)
    builder = EpilogueBuilder(anchor, block)
    inside = {value: builder.side(side) for value, side in plan.sides.items()}
    inside[anchor.result] = old_yield.values[0]
    operands = [inside[operand] for operand in consumer.operands]
    value = operands[0] if isinstance(consumer, bolt.CastOp) else builder.add(in_f32(consumer, operands))
    block.insert_op_before(bolt.YieldOp(value), old_yield)
    block.erase_op(old_yield)

    # The fused anchor takes the consumer's place: every extra is defined before the consumer,
    # and the anchor's own operands before the anchor.
    result_type = TensorType(element_type(consumer.results[0]), bolt.shape_of(anchor.result))
    new = rebuilt_anchor(anchor, builder.extras, result_type, epilogue)
    if builder.outside:
        rewriter.insert(builder.outside, InsertPoint.before(consumer))
    rewriter.replace(consumer, new)
    rewriter.erase(anchor)
    # What the fusion left dead: the pulled ops, and broadcasts now read through a reshape.
    for side in plan.sides.values():
        for node in side_nodes(side):
            if isinstance(node, PulledOp):
                rewriter.erase(node.op)
            elif isinstance(node, BroadcastLeaf):
                erase_if_dead(node.op.result, rewriter)
            elif isinstance(node, ScalarLeaf):
                erase_if_dead(node.source, rewriter)


def erase_if_dead(value: SSAValue, rewriter: PatternRewriter) -> None:
    """Erase the constant/reshape/broadcast chain defining `value` as far as it is unused."""
    op = value.owner
    while isinstance(op, (bolt.ConstantOp, bolt.ReshapeOp, bolt.BroadcastOp)) and op.parent:
        if op.results[0].uses:
            return
        source = None if isinstance(op, bolt.ConstantOp) else op.input
        rewriter.erase(op)
        op = source.owner if source is not None else None


class FuseIntoEpilogue(RewritePattern):
    """op(..., anchor(...), ...) -> anchor(...) { op(acc, ...) }, for every elementwise op."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, bolt.ELEMENTWISE_OPS):
            return
        anchors = [o.owner for o in op.operands if isinstance(o.owner, bolt.AnchorOp)]
        for anchor in dict.fromkeys(anchors):  # each anchor once, in operand order
            assert isinstance(anchor, bolt.AnchorOp)
            plan = best_plan(anchor, op)
            if plan.blocker() is None:
                apply_fusion(plan, rewriter)
                return
        # Refusals are reported after the walk: touching the IR here would re-trigger it.


class ElementwiseOverReshapedAnchor(RewritePattern):
    """ew(reshape(anchor), y, ...) -> reshape(ew(anchor, reshape(y), ...)), when every other
    operand has the op's full shape, is rank 0, or broadcasts over trailing dims that the
    anchor's shape ends in too (`trailing_view`: a Linear's bias), and the reshape is the
    anchor's one use.

    torch-mlir computes a Linear on a 3-D input as collapse -> matmul -> expand, so a residual
    add reads the expanded result (an attention block's `x + out_proj(...)`). A reshape of a
    contiguous tensor is a view: computing the op in the anchor's shape gives the same numbers
    at the same addresses, and the op then reads the anchor and fuses into its epilogue."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, bolt.ELEMENTWISE_OPS) or isinstance(op, bolt.CastOp):
            return
        if any(isinstance(o.owner, bolt.AnchorOp) and o.has_one_use() for o in op.operands):
            # It reads, in its own shape, an anchor it can join already (a GEMM's result plus
            # a reshaped convolution's, a bottleneck's shortcut): moving it to the other
            # anchor's shape would only make this pattern move it back. (An anchor with other
            # users, the previous block's output, is only a residual operand.)
            return
        out_shape = bolt.shape_of(op.results[0])
        # Anchors read through a reshape that is their one use; a residual read through a
        # reshape of an anchor with other users (the previous block's output) is an operand.
        candidates = {o.owner.input.owner: o.owner for o in op.operands
                      if isinstance(o.owner, bolt.ReshapeOp)
                      and isinstance(o.owner.input.owner, bolt.AnchorOp)
                      and o.owner.input.owner.result.has_one_use() and o.owner.result.has_one_use()
                      and bolt.shape_of(o.owner.result) == out_shape}
        if not candidates:
            return
        # Of two (a bottleneck's expand GEMM and its projection GEMM), the later one: its
        # epilogue can read the earlier's result, not the other way round.
        anchor = next(prev for prev in _ops_before(op) if prev in candidates)
        reshape = candidates[anchor]
        anchor_shape = bolt.shape_of(anchor.result)
        new_ops: list[Operation] = []
        operands: list[SSAValue] = []
        for operand in op.operands:
            if operand is reshape.result:
                operands.append(reshape.input)
            elif bolt.shape_of(operand) == out_shape:
                new_ops.append(bolt.ReshapeOp(operand, anchor_shape))
                operands.append(new_ops[-1].results[0])
            elif bolt.shape_of(operand) == ():
                operands.append(operand)
            elif (trailing := trailing_view(bolt.shape_of(operand), out_shape, anchor_shape)) is not None:
                # A bias over the last dims (a Linear's [N] on its expanded [B, S, N] result):
                # the flat index modulo the bias's size is the same in both views.
                if trailing != bolt.shape_of(operand):
                    new_ops.append(bolt.ReshapeOp(operand, trailing))
                    operand = new_ops[-1].results[0]
                operands.append(operand)
            else:
                return  # a broadcast operand whose dims the reshape regroups: left alone
        computed = type(op).create(
            operands=operands,
            result_types=[TensorType(element_type(op.results[0]), anchor_shape)],
            properties=dict(op.properties),
            attributes=dict(op.attributes),
        )
        computed.location = op.location
        back = bolt.ReshapeOp(computed.results[0], out_shape)
        rewriter.replace(op, [*new_ops, computed, back])


def _ops_before(op: Operation):
    """The ops of `op`'s block before it, nearest first."""
    prev = op.prev_op
    while prev is not None:
        yield prev
        prev = prev.prev_op


def trailing_view(operand_shape: tuple[int, ...], out_shape: tuple[int, ...],
                  anchor_shape: tuple[int, ...]) -> tuple[int, ...] | None:
    """The shape an operand broadcast over `out_shape`'s trailing dims takes against the same
    elements viewed as `anchor_shape`, or None where no such shape exists.

    An operand whose leading dims are 1 and whose other r dims are the last r dims of
    `out_shape` reads element (flat index mod P), P their product. If `anchor_shape` ends in
    dims whose product is P, the same operand, reshaped to those dims, reads the same elements.
    A size-1 dim among the r (a broadcast inside the block) would need its own regrouping:
    None."""
    dims = list(operand_shape)
    while dims and dims[0] == 1:
        dims.pop(0)
    r = len(dims)
    if r == 0 or r > len(out_shape) or tuple(dims) != out_shape[len(out_shape) - r:] or 1 in dims:
        return None
    block = prod(dims)
    for k in range(len(anchor_shape) - 1, -1, -1):
        size = prod(anchor_shape[k:])
        if size == block:
            return tuple(anchor_shape[k:])
        if size > block:
            return None
    return None


def fusion_remarks(module: ModuleOp, default_file: str = "<input>") -> list[str]:
    """One line per consumer of an anchor that stays out of its epilogue, and why."""
    lines = []
    for anchor in module.walk():
        if not isinstance(anchor, bolt.AnchorOp):
            continue
        users = dict.fromkeys(use.operation for use in anchor.result.uses)
        for user in users:
            if type(user) not in CONSUMER_KINDS:
                continue
            reason = best_plan(anchor, user).blocker()
            if reason is not None:
                where = op_location(user, default_file)
                lines.append(
                    f"remark: {where}: '{user.name}' not fused into '{anchor.name}': {reason}"
                )
    return lines


@dataclass(frozen=True)
class FuseEpiloguePass(ModulePass):
    """Fold elementwise consumers of gemm/conv into their epilogue regions (see the module
    docstring); `remarks=true` prints every refusal to stderr."""

    name = "fuse-epilogue"

    remarks: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        PatternRewriteWalker(
            GreedyRewritePatternApplier([ElementwiseOverReshapedAnchor(), FuseIntoEpilogue()])
        ).rewrite_module(op)
        if remarks_wanted(self.remarks):
            for line in fusion_remarks(op):
                remark(self.name, line, self.remarks)
