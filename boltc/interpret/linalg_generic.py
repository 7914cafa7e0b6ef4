"""linalg structured ops (linalg.generic and the elementwise named ops), vectorized.

xDSL's interpreter runs the body once per point of the iteration space (STYLE.md trap (b)).
Here the body runs once, on numpy arrays laid out over the whole iteration space: one axis per
loop, each input read through its indexing map (a view for projected permutations, fancy
indexing for other affine maps), size 1 along the loops it does not depend on, so numpy
broadcasting lines everything up. `linalg.index d` is an arange along axis d.

Reductions: the body of a reduction is `yield combiner(value, out)` per output, and `value`
does not depend on the outputs; the body then runs once for `value` and numpy reduces it
along the reduction loops (`Combine`). torch-mlir's max+argmax also yields
`select(cmpf(value, best), index, out)`: that output is an `ArgBest`, computed with argmax.
Any other body runs step by step over the reduction loops, still vectorized over the parallel
ones (exact, slower).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import Any

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.dialects.linalg.attrs import IteratorType
from xdsl.interpreter import Interpreter
from xdsl.ir import Block, Operation, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr, AffineMap
from xdsl.traits import IsTerminator

from boltc.diagnostics import error_at
from boltc.interpret.element_types import round_to, value_element_type
from boltc.interpret.numerics import FLOAT_COMPARISONS

# --------------------------------------------------------------------------------------
# The iteration space and operands laid out over it.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class IterationSpace:
    """The loops of a structured op; `fixed` pins loops to one index (a reduction step)."""

    ranges: tuple[int, ...]
    fixed: Mapping[int, int] = field(default_factory=dict)

    @property
    def rank(self) -> int:
        return len(self.ranges)

    def index(self, dim: int) -> np.ndarray:
        """linalg.index: the loop's index, along its own axis."""
        shape = [1] * self.rank
        if dim in self.fixed:
            return np.full(shape, self.fixed[dim], np.int64)
        shape[dim] = self.ranges[dim]
        return np.arange(self.ranges[dim], dtype=np.int64).reshape(shape)


def is_projected_permutation(map_: AffineMap) -> bool:
    """Each result a distinct loop or a constant (torch-mlir's `0` for a size-1 dimension)."""
    dims = [r.position for r in map_.results if isinstance(r, AffineDimExpr)]
    others = [r for r in map_.results if not isinstance(r, (AffineDimExpr, AffineConstantExpr))]
    return not others and len(set(dims)) == len(dims)


def projected_view(array: np.ndarray, map_: AffineMap) -> np.ndarray:
    """`array` as a view over the iteration space of a projected-permutation map: its axes
    reordered to loop order, size 1 along the loops the map does not use. Writable when
    `array` is, which is how results are stored."""
    # The trailing Ellipsis keeps a 0-d array a (writable) view rather than a numpy scalar.
    constant_index = (
        *(r.value if isinstance(r, AffineConstantExpr) else slice(None) for r in map_.results),
        Ellipsis,
    )
    dims = [r.position for r in map_.results if isinstance(r, AffineDimExpr)]
    by_loop = np.transpose(array[constant_index], np.argsort(dims))
    unused = tuple(d for d in range(map_.num_dims) if d not in dims)
    return np.expand_dims(by_loop, unused)


def operand_over_space(value: Any, map_: AffineMap, space: IterationSpace) -> Any:
    """An operand's elements at every point of the space (broadcastable to it)."""
    if not map_.results:
        return value  # a scalar operand
    array = np.asarray(value)
    if is_projected_permutation(map_):
        return projected_view(array, map_)
    # Any other affine map (a convolution's `oh * stride + kh`): fancy indexing by the map's
    # results evaluated on open index grids.
    grids = np.indices(space.ranges, sparse=True)
    gathered = array[tuple(r.eval(grids, ()) for r in map_.results)]
    return np.reshape(gathered, (1,) * (space.rank - np.ndim(gathered)) + np.shape(gathered))


def at_step(value: Any, step: Mapping[int, int]) -> Any:
    """An operand over the space restricted to one point of the reduction loops."""
    if np.ndim(value) == 0:
        return value
    index = tuple(
        slice(step[d], step[d] + 1) if d in step and size > 1 else slice(None)
        for d, size in enumerate(np.shape(value))
    )
    return value[index]


def store(init: Any, map_: AffineMap, value: Any, element_type: Any) -> np.ndarray:
    """A new output tensor: `init` with `value` (over the space) written through `map_`."""
    out = np.array(init)  # a fresh, writable copy: `init` is never written in place
    if not is_projected_permutation(map_):
        raise ValueError(f"output indexing map {map_} is not a projected permutation")
    np.copyto(projected_view(out, map_), round_to(element_type, value))
    return out


# --------------------------------------------------------------------------------------
# Running a body over whole arrays.
# --------------------------------------------------------------------------------------

# linalg.index reads the space of the body being run from the interpreter's data, stored under
# the IterationSpace class and this key (restored afterwards, so nesting is safe).
CURRENT_SPACE = "current"


def evaluate_block(
    interpreter: Interpreter,
    block: Block,
    args: Sequence[Any],
    skip: Container[Operation] = (),
) -> dict[SSAValue, Any]:
    """Run `block`'s ops up to its terminator (except `skip`) on numpy values; every value
    computed, block arguments included. Values from enclosing regions come from the
    interpreter's scope."""
    env: dict[SSAValue, Any] = dict(zip(block.args, args))
    for op in block.ops:
        if op in skip or op.has_trait(IsTerminator):
            continue
        inputs = tuple(lookup(interpreter, env, v) for v in op.operands)
        env.update(zip(op.results, interpreter.run_op(op, inputs)))
    return env


def lookup(interpreter: Interpreter, env: Mapping[SSAValue, Any], value: SSAValue) -> Any:
    return env[value] if value in env else interpreter.get_values((value,))[0]


def outputs_dependent_ops(block: Block, num_inputs: int) -> set[Operation]:
    """The body's ops that read an output's running value, directly or not."""
    tainted: set[SSAValue] = set(block.args[num_inputs:])
    ops: set[Operation] = set()
    for op in block.ops:
        if any(v in tainted for v in op.operands):
            ops.add(op)
            tainted.update(op.results)
    return ops


# --------------------------------------------------------------------------------------
# Recognising reductions.
# --------------------------------------------------------------------------------------

COMBINERS: dict[type[Operation], np.ufunc] = {
    arith.AddfOp: np.add,
    arith.MulfOp: np.multiply,
    arith.MaximumfOp: np.maximum,
    arith.MinimumfOp: np.minimum,
    arith.MaxnumfOp: np.fmax,
    arith.MinnumfOp: np.fmin,
    arith.AddiOp: np.add,
    arith.MuliOp: np.multiply,
    arith.MaxSIOp: np.maximum,
    arith.MinSIOp: np.minimum,
    arith.AndIOp: np.bitwise_and,
    arith.OrIOp: np.bitwise_or,
    arith.XOrIOp: np.bitwise_xor,
}


@dataclass(frozen=True)
class Combine:
    """out = combiner(value, out) at every step: a numpy reduction of `value`."""

    ufunc: np.ufunc
    value: SSAValue


@dataclass(frozen=True)
class ArgBest:
    """out = select(predicate(value, best), index, out): the index where `value` set a new
    best. The best itself is output `best_output`, a max (or min) Combine of `value`."""

    predicate: str
    value: SSAValue
    index: SSAValue
    best_output: int


# For cmpf(value, best): which best it tracks and whether a tie takes the later index.
_ARG_PREDICATES: dict[str, tuple[np.ufunc, bool]] = {
    "ogt": (np.maximum, False), "ugt": (np.maximum, False),
    "oge": (np.maximum, True), "uge": (np.maximum, True),
    "olt": (np.minimum, False), "ult": (np.minimum, False),
    "ole": (np.minimum, True), "ule": (np.minimum, True),
}
_SWAPPED_PREDICATES = {"ogt": "olt", "ugt": "ult", "oge": "ole", "uge": "ule",
                       "olt": "ogt", "ult": "ugt", "ole": "oge", "ule": "uge"}
_NAN_IGNORING = {np.fmax: np.maximum, np.fmin: np.minimum}

Reduction = Combine | ArgBest


def plan_reductions(
    block: Block, num_inputs: int, tainted: set[Operation]
) -> list[Reduction] | None:
    """How each output is reduced, or None when some output is neither pattern."""
    outs = block.args[num_inputs:]
    yielded = list(block.last_op.operands) if block.last_op else []

    def independent(v: SSAValue) -> bool:
        return v not in outs and not (isinstance(v.owner, Operation) and v.owner in tainted)

    def combine(v: SSAValue, out: SSAValue) -> Combine | None:
        op = v.owner
        if isinstance(op, Operation) and type(op) in COMBINERS and len(op.operands) == 2:
            for value, other in (op.operands, reversed(op.operands)):
                if other is out and independent(value):
                    return Combine(COMBINERS[type(op)], value)
        return None

    combines = [combine(v, out) for v, out in zip(yielded, outs)]
    plans: list[Reduction] = []
    for v, out, found in zip(yielded, outs, combines):
        plan = found or _arg_best(v, out, outs, combines, independent)
        if plan is None:
            return None
        plans.append(plan)
    return plans


def _arg_best(
    v: SSAValue,
    out: SSAValue,
    outs: Sequence[SSAValue],
    combines: Sequence[Combine | None],
    independent: Callable[[SSAValue], bool],
) -> ArgBest | None:
    """`v` as select(cmpf(value, best), index, out) over a max/min `best` of `value`."""
    select = v.owner
    if not isinstance(select, arith.SelectOp) or select.rhs is not out:
        return None
    compare = select.cond.owner
    if not isinstance(compare, arith.CmpfOp) or not independent(select.lhs):
        return None
    predicate = arith.CMPF_COMPARISON_OPERATIONS[compare.predicate.value.data]
    value, best = compare.lhs, compare.rhs
    if best not in outs:  # cmpf(best, value): read it the other way round
        value, best = best, value
        predicate = _SWAPPED_PREDICATES.get(predicate, predicate)
    if predicate not in _ARG_PREDICATES or best not in outs:
        return None
    best_output = list(outs).index(best)
    tracked = combines[best_output]
    tracks, _ = _ARG_PREDICATES[predicate]
    if (
        tracked is None
        or tracked.value is not value
        or _NAN_IGNORING.get(tracked.ufunc, tracked.ufunc) is not tracks
    ):
        return None
    return ArgBest(predicate, value, select.lhs, best_output)


# --------------------------------------------------------------------------------------
# The structured op.
# --------------------------------------------------------------------------------------


def run_structured_op(
    interpreter: Interpreter, op: LinalgStructuredOperation, args: Sequence[Any]
) -> tuple[np.ndarray, ...]:
    num_inputs = len(op.inputs)
    maps = [m.data for m in op.get_indexing_maps()]
    space = IterationSpace(tuple(op.get_static_loop_ranges()))
    reduction_dims = tuple(
        d for d, it in enumerate(op.get_iterator_types()) if it.data == IteratorType.REDUCTION
    )
    over_space = [operand_over_space(a, m, space) for a, m in zip(args, maps)]
    block = op.body.block
    inits, out_maps = args[num_inputs:], maps[num_inputs:]
    element_types = [value_element_type(v) for v in op.outputs]

    if not reduction_dims:
        yielded = _run_body(interpreter, op, space, over_space)
    else:
        tainted = outputs_dependent_ops(block, num_inputs)
        plans = plan_reductions(block, num_inputs, tainted)
        yielded = None
        if plans is not None:
            env = _run_body_env(interpreter, op, space, over_space[:num_inputs], tainted)
            value_of = lambda v: lookup(interpreter, env, v)  # noqa: E731
            yielded = _reduce(plans, value_of, over_space[num_inputs:], space, reduction_dims)
        if yielded is None:
            yielded = _run_step_by_step(
                interpreter, op, space, over_space, reduction_dims, element_types
            )
    return tuple(
        store(init, map_, value, element_type)
        for init, map_, value, element_type in zip(inits, out_maps, yielded, element_types)
    )


def _run_body_env(
    interpreter: Interpreter,
    op: LinalgStructuredOperation,
    space: IterationSpace,
    args: Sequence[Any],
    skip: Container[Operation] = (),
) -> dict[SSAValue, Any]:
    previous = current_space(interpreter)
    interpreter.set_data(IterationSpace, CURRENT_SPACE, space)  # type: ignore[arg-type]
    try:
        return evaluate_block(interpreter, op.body.block, args, skip)
    finally:
        interpreter.set_data(IterationSpace, CURRENT_SPACE, previous)  # type: ignore[arg-type]


def _run_body(
    interpreter: Interpreter,
    op: LinalgStructuredOperation,
    space: IterationSpace,
    args: Sequence[Any],
) -> list[Any]:
    env = _run_body_env(interpreter, op, space, args)
    terminator = op.body.block.last_op
    assert terminator is not None
    return [lookup(interpreter, env, v) for v in terminator.operands]


def _reduce(
    plans: Sequence[Reduction],
    value_of: Callable[[SSAValue], Any],
    inits: Sequence[Any],
    space: IterationSpace,
    reduction_dims: tuple[int, ...],
) -> list[Any] | None:
    """The outputs over the space (size 1 along reduction loops); None to take the slow path."""
    full = lambda v: np.broadcast_to(value_of(v), space.ranges)  # noqa: E731
    results: list[Any] = [None] * len(plans)
    for i, plan in enumerate(plans):
        if isinstance(plan, Combine):
            reduced = plan.ufunc.reduce(full(plan.value), axis=reduction_dims, keepdims=True)
            results[i] = plan.ufunc(inits[i], reduced)
    for i, plan in enumerate(plans):
        if isinstance(plan, ArgBest):
            values = _reduction_last(full(plan.value), reduction_dims)
            if np.isnan(values).any():
                return None  # NaN makes the select chain order-dependent: run it as written
            tracks, later_ties = _ARG_PREDICATES[plan.predicate]
            position = _arg_best_position(values, tracks is np.maximum, later_ties)
            best = np.take_along_axis(values, position, -1)
            indices = _reduction_last(full(plan.index), reduction_dims)
            index = np.take_along_axis(indices, position, -1)
            kept_shape = tuple(1 if d in reduction_dims else n for d, n in enumerate(space.ranges))
            best, index = best.reshape(kept_shape), index.reshape(kept_shape)
            # The select fires along the way only if the best found beats the initial best.
            taken = FLOAT_COMPARISONS[plan.predicate](best, inits[plan.best_output])
            results[i] = np.where(taken, index, inits[i])
    return results


def _reduction_last(values: np.ndarray, reduction_dims: tuple[int, ...]) -> np.ndarray:
    """Reduction loops moved last and flattened into one axis, in their iteration order."""
    moved = np.moveaxis(values, reduction_dims, range(-len(reduction_dims), 0))
    return moved.reshape(moved.shape[: moved.ndim - len(reduction_dims)] + (-1,))


def _arg_best_position(values: np.ndarray, maximize: bool, later_ties: bool) -> np.ndarray:
    arg = np.argmax if maximize else np.argmin
    if later_ties:
        return values.shape[-1] - 1 - arg(values[..., ::-1], axis=-1, keepdims=True)
    return arg(values, axis=-1, keepdims=True)  # the first of equal values, as torch.argmax


def _run_step_by_step(
    interpreter: Interpreter,
    op: LinalgStructuredOperation,
    space: IterationSpace,
    over_space: Sequence[Any],
    reduction_dims: tuple[int, ...],
    element_types: Sequence[Any],
) -> list[Any]:
    """The body as written, one point of the reduction loops at a time (vectorized over the
    parallel loops): exact for any body, and slow in proportion to the reduction's size."""
    num_inputs = len(op.inputs)
    carried = list(over_space[num_inputs:])
    for point in product(*(range(space.ranges[d]) for d in reduction_dims)):
        step = dict(zip(reduction_dims, point))
        step_space = IterationSpace(space.ranges, step)
        inputs = [at_step(v, step) for v in over_space[:num_inputs]]
        yielded = _run_body(interpreter, op, step_space, [*inputs, *carried])
        carried = [round_to(t, v) for t, v in zip(element_types, yielded)]
    return carried


def current_space(interpreter: Interpreter) -> IterationSpace | None:
    return interpreter.get_data(IterationSpace, CURRENT_SPACE, lambda: None)  # type: ignore


def iteration_space_of(interpreter: Interpreter, op: Operation) -> IterationSpace:
    space = current_space(interpreter)
    if space is None:
        raise error_at(op, "linalg.index outside the body of a linalg structured op")
    return space
