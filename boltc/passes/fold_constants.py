"""fold-constants: ops whose operands are all constants become one `bolt.constant`.

Batch-norm arrives from torch-mlir as per-channel arithmetic on its statistics
(sqrt(var + eps), 1 / that, reshapes to [1, C, 1, 1]); a weight may arrive transposed or
reshaped. Each such op is evaluated once at compile time by the numpy reference executor
(`boltc.interpret`), so the folded constant holds exactly the value the op would have computed,
and is stored from raw bytes (never a Python list of its elements).

Every bolt op is pure, so any of them may fold; `constant_fold_blocker` (analysis/) keeps
those whose result would be much larger than their operands (a per-channel bias broadcast to
an activation's shape) or too large to evaluate.

`constant_array` is the same evaluation for a whole constant subgraph, for passes (fold-batchnorm)
that need the value of an operand without first rewriting the IR.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.interpreter import Interpreter
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.traits import Pure

from boltc.analysis.folding import constant_fold_blocker
from boltc.diagnostics import BoltcError
from boltc.dialects import bolt
from boltc.dialects.resources import element_bytes
from boltc.interpret import reference_interpreter
from boltc.interpret.constants import constant_value


@functools.cache
def _interpreter() -> Interpreter:
    # The reference executor's impls need a module only to look up symbols; one op at a time
    # needs none, so one interpreter over an empty module serves every fold.
    return reference_interpreter(ModuleOp([]))


def _tensor_elements(value: SSAValue) -> int:
    assert isinstance(value.type, TensorType)
    return prod(value.type.get_shape())


def is_foldable(op: Operation) -> bool:
    """A pure bolt op (not a constant) with operands and one tensor result bolt can store."""
    if isinstance(op, bolt.ConstantOp) or op.dialect_name() != "bolt" or not op.operands:
        return False
    if len(op.results) != 1 or not op.has_trait(Pure):
        return False
    ty = op.results[0].type
    return isinstance(ty, TensorType) and isinstance(
        ty.get_element_type(), bolt.SUPPORTED_ELEMENT_TYPES
    )


def fold_blocker(op: Operation) -> str | None:
    """Why `op`, whose operands are constants, should not be folded; None if it should."""
    return constant_fold_blocker(
        _tensor_elements(op.results[0]), [_tensor_elements(v) for v in op.operands]
    )


def evaluate(op: Operation, operands: Sequence[np.ndarray]) -> np.ndarray | None:
    """`op`'s result on these operand values, by the reference executor; None if it cannot
    run it (the op is then left alone, and the executor reports it where the model runs)."""
    try:
        with np.errstate(all="ignore"):  # inf and NaN are values here, as at run time
            (result,) = _interpreter().run_op(op, tuple(operands))
    except BoltcError:
        return None
    return np.asarray(result)


def materialize(array: np.ndarray, ty: TensorType) -> bolt.ConstantOp:
    """A `bolt.constant` of type `ty` holding `array`, built from its raw bytes."""
    return bolt.dense_constant(ty, element_bytes(np.asarray(array), ty.get_element_type()))


def constant_operand(value: SSAValue) -> np.ndarray | None:
    """The value of a `bolt.constant` result, or None for anything else (or a constant whose
    data is missing)."""
    owner = value.owner
    if not isinstance(owner, bolt.ConstantOp):
        return None
    try:
        return np.asarray(constant_value(owner.value, owner.result.type))
    except BoltcError:
        return None  # a dense_resource without its blob: nothing to fold with


# `is_constant_foldable` looks at no more ops than this: the constant operands of a scale or
# shift (batch-norm's statistics: about five ops) are small, while the other operand of such
# an op is an activation whose slice reaches back through the whole model, and a question
# asked of every op must not cost a walk of the model each time.
MAX_CONSTANT_SLICE_OPS = 32


def is_constant_foldable(value: SSAValue) -> bool:
    """Whether `constant_array(value)` finds a value, judged from the IR alone (no evaluation):
    `value` is computed by foldable ops from constants only, through at most
    MAX_CONSTANT_SLICE_OPS ops."""
    pending, seen = [value], set()
    while pending:
        v = pending.pop()
        if v in seen or isinstance(v.owner, bolt.ConstantOp):
            continue
        seen.add(v)
        op = v.owner
        if len(seen) > MAX_CONSTANT_SLICE_OPS or not isinstance(op, Operation):
            return False
        if not is_foldable(op) or fold_blocker(op) is not None:
            return False
        pending.extend(op.operands)
    return True


def constant_array(value: SSAValue) -> np.ndarray | None:
    """The value of `value` if it is computed from constants only (`is_constant_foldable`),
    evaluated op by op without changing the IR; None otherwise."""
    if not is_constant_foldable(value):
        return None
    memo: dict[SSAValue, np.ndarray | None] = {}

    def value_of(v: SSAValue) -> np.ndarray | None:
        if v not in memo:
            memo[v] = constant_operand(v)
            if memo[v] is None:
                op = v.owner
                assert isinstance(op, Operation)
                operands = [value_of(operand) for operand in op.operands]
                if all(o is not None for o in operands):
                    memo[v] = evaluate(op, operands)  # type: ignore[arg-type]
        return memo[v]

    return value_of(value)


class FoldConstantOperands(RewritePattern):
    """op(constant, ..., constant) -> constant, evaluated by the reference executor.

    One op at a time: the walker revisits the users of a folded op, so a chain of them folds
    from its leaves, and no more than one op's result is ever held at once.
    """

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not is_foldable(op) or fold_blocker(op) is not None:
            return
        operands = [constant_operand(v) for v in op.operands]
        if any(o is None for o in operands):
            return
        result = evaluate(op, operands)  # type: ignore[arg-type]
        if result is None:
            return
        ty = op.results[0].type
        assert isinstance(ty, TensorType)
        rewriter.replace(op, materialize(result, ty))


@dataclass(frozen=True)
class FoldConstantsPass(ModulePass):
    """Evaluate constant subgraphs at compile time; dead constants are erased on the way."""

    name = "fold-constants"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        PatternRewriteWalker(GreedyRewritePatternApplier([FoldConstantOperands()])).rewrite_module(op)
