"""plan-memory: one arena for a function's intermediates, with offsets and in-place reuse.

Each op result that is neither a weight (bolt.constant), nor a model input, nor a model output
(the runtime writes those straight into the caller's buffers) gets the attribute
`bolt.arena_offset` (bytes); `bolt.reshape` results are views and share their source's bytes;
the function gets `bolt.arena_size`, the peak the runtime allocates once. Elementwise ops
write in place of an input that dies at them. The planning itself is the pure
`boltc.analysis.liveness.plan_arena`.

Inputs of a concatenation along the innermost dimension are written in place where their
producers and readers allow it (`boltc.analysis.concat_placement`): such a value gets an
offset inside the concatenation's buffer and `bolt.row_pitch` (the concatenation's row length,
in elements) on its producer, the concatenation `bolt.in_place` (a flag per input), and the
host lowering copies only the inputs not placed. With `remarks=true` each input left to be
copied is reported with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, TensorType, i64
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.passes import ModulePass

from boltc.analysis.concat_placement import IN_PLACE, ROW_PITCH, in_place_attr, plan_placements
from boltc.analysis.liveness import Buffer, plan_arena
from boltc.diagnostics import op_location, remark, remarks_wanted
from boltc.dialects import bolt

ARENA_OFFSET = "bolt.arena_offset"
ARENA_SIZE = "bolt.arena_size"

_ELEMENT_BYTES = {"f32": 4, "f16": 2, "bf16": 2}


def tensor_bytes(value: SSAValue) -> int:
    ty = value.type
    assert isinstance(ty, TensorType)
    return prod(ty.get_shape()) * _ELEMENT_BYTES[bolt.element_type_name(ty.get_element_type())]


def _is_view(op: Operation) -> bool:
    return isinstance(op, bolt.ReshapeOp)  # row-major reshapes move no data


@dataclass
class _FunctionPlan:
    fn: func.FuncOp
    remarks: bool = False

    def run(self) -> None:
        ops = list(self.fn.body.block.ops)
        for op in ops:  # a plan made before (boltc-opt run twice) is made again
            op.attributes.pop(ROW_PITCH, None)
            op.attributes.pop(IN_PLACE, None)
        step = {op: i for i, op in enumerate(ops)}
        returned = {v for op in ops if isinstance(op, func.ReturnOp) for v in op.operands}
        root: dict[SSAValue, SSAValue] = {}  # a view -> the value whose bytes it shares
        for op in ops:
            if _is_view(op):
                if op.operands[0] in root:  # else a view of an input or a weight: no bytes
                    root[op.results[0]] = root[op.operands[0]]
            elif not isinstance(op, (bolt.ConstantOp, func.ReturnOp)):
                for r in op.results:
                    root[r] = r
        last_read: dict[SSAValue, int] = {}
        for value, owner in root.items():
            for use in value.uses:
                top = _top_level(use.operation, self.fn)
                last_read[owner] = max(last_read.get(owner, step[value.owner]), step[top])
        # Values whose bytes (directly or through a view) are returned live in the caller's
        # output buffers, not in the arena.
        outside = {root[v] for v in returned if v in root}
        # Concatenation inputs written in place (analysis/concat_placement.py): no buffer of
        # their own; the concatenation's lives from the first of them to the last reader of
        # it or of them.
        placements, refused = plan_placements(ops, outside)
        inside: dict[SSAValue, tuple[SSAValue, int, int]] = {}  # placed -> (concat, byte offset, pitch)
        span: dict[SSAValue, tuple[int, int]] = {}
        for placement in placements:
            concat = placement.concat.result
            first, last = step[placement.concat], last_read.get(concat, step[placement.concat])
            for i, value in enumerate(placement.placed):
                if value is not None:
                    inside[value] = (concat, placement.byte_offset(i), placement.pitch)
                    define = step[value.owner]
                    first, last = min(first, define), max(last, last_read.get(value, define))
            span[concat] = (first, last)
        if remarks_wanted(self.remarks):
            for concat_op, index, reason in refused:
                remark("plan-memory", f"remark: {op_location(concat_op)}: '{concat_op.name}' input {index} "
                       f"is copied, not written in place: {reason}", self.remarks)
        buffers: list[Buffer] = []
        for value, owner in root.items():
            if value is not owner or owner in outside or owner in inside:
                continue
            define = step[value.owner]
            first, last = span.get(value, (define, last_read.get(value, define)))
            buffers.append(Buffer(
                _name(value), tensor_bytes(value), first, last,
                in_place_of=_in_place_source(value.owner, root, outside),
            ))
        plan = plan_arena(buffers)
        for value, owner in root.items():
            if owner in outside:
                continue
            if owner in inside:
                concat, offset, pitch = inside[owner]
                offset += plan.offsets[_name(concat)]
                if value is owner:
                    value.owner.attributes[ROW_PITCH] = IntegerAttr(pitch, i64)
            else:
                offset = plan.offsets[_name(owner)]
            value.owner.attributes[ARENA_OFFSET] = IntegerAttr(offset, i64)
        for placement in placements:
            placement.concat.attributes[IN_PLACE] = in_place_attr(tuple(p is not None for p in placement.placed))
        self.fn.attributes[ARENA_SIZE] = IntegerAttr(plan.size, i64)


def _name(value: SSAValue) -> str:
    # Deterministic: the defining op's position (and result index), so that the same IR
    # gets the same plan in every run (the build cache keys on the generated code).
    owner = value.owner
    assert isinstance(owner, Operation) and isinstance(value, OpResult)
    block = owner.parent_block()
    assert block is not None
    return f"{block.get_operation_index(owner)}.{value.index}"


def _top_level(op: Operation, fn: func.FuncOp) -> Operation:
    while op.parent_op() is not fn:
        parent = op.parent_op()
        assert parent is not None
        op = parent
    return op


def _in_place_source(op: Operation, root: dict[SSAValue, SSAValue], outside: set[SSAValue]) -> str | None:
    """An operand of an elementwise op whose buffer the result may overwrite (same shape and
    element size; the planner checks that it dies here)."""
    if not isinstance(op, bolt.ELEMENTWISE_OPS):
        return None
    result = op.results[0]
    for operand in op.operands:
        source = root.get(operand)
        if source is None or source in outside or operand.type != result.type:
            continue
        return _name(source)
    return None


@dataclass(frozen=True)
class PlanMemoryPass(ModulePass):
    """Liveness of every intermediate -> one arena with offsets; the peak is `bolt.arena_size`."""

    name = "plan-memory"

    remarks: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for fn in op.body.block.ops:
            if isinstance(fn, func.FuncOp) and fn.body.blocks:
                _FunctionPlan(fn, self.remarks).run()
