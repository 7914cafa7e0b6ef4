"""plan-memory: one arena for a function's intermediates, with offsets and in-place reuse.

Each op result that is neither a weight (bolt.constant), nor a model input, nor a model output
(the runtime writes those straight into the caller's buffers) gets the attribute
`bolt.arena_offset` (bytes); `bolt.reshape` results are views and share their source's bytes;
the function gets `bolt.arena_size`, the peak the runtime allocates once. Elementwise ops
write in place of an input that dies at them. The planning itself is the pure
`boltc.analysis.liveness.plan_arena`.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, TensorType, i64
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.passes import ModulePass

from boltc.analysis.liveness import Buffer, plan_arena
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

    def run(self) -> None:
        ops = list(self.fn.body.block.ops)
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
        buffers: list[Buffer] = []
        for value, owner in root.items():
            if value is not owner or owner in outside:
                continue
            define = step[value.owner]
            buffers.append(Buffer(
                _name(value), tensor_bytes(value), define, last_read.get(value, define),
                in_place_of=_in_place_source(value.owner, root, outside),
            ))
        plan = plan_arena(buffers)
        for value, owner in root.items():
            if owner in outside:
                continue
            value.owner.attributes[ARENA_OFFSET] = IntegerAttr(plan.offsets[_name(owner)], i64)
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

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for fn in op.body.block.ops:
            if isinstance(fn, func.FuncOp) and fn.body.blocks:
                _FunctionPlan(fn).run()
