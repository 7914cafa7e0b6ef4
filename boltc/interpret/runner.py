"""Running a function of a module on numpy inputs: the interpreter boltc's tests trust."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from xdsl.dialects.builtin import ModuleOp, ShapedType
from xdsl.dialects.func import FuncOp
from xdsl.interpreter import (
    Interpreter,
    OpImplResult,
    _InterpreterFunctionImpls,  # pyright: ignore[reportPrivateUsage]
)
from xdsl.interpreters.func import FuncFunctions
from xdsl.ir import Operation

from boltc.diagnostics import BoltcError, error_at, op_location
from boltc.interpret.arith import ArithFunctions
from boltc.interpret.bolt import BoltFunctions
from boltc.interpret.element_types import element_type_of, round_to
from boltc.interpret.linalg import LinalgFunctions
from boltc.interpret.tensor import TensorFunctions

ALL_FUNCTIONS = (FuncFunctions, ArithFunctions, TensorFunctions, LinalgFunctions, BoltFunctions)


class _LocatedImpls(_InterpreterFunctionImpls):
    """xDSL's dispatch, with failures reported as BoltcErrors at the failing op.

    xDSL's own wraps every exception in a note holding the whole module printed, once per
    enclosing op: unreadable for a model, and slow with its weights.
    """

    def run(self, interpreter: Interpreter, op: Operation, args: tuple[Any, ...]) -> OpImplResult:
        found = self._impl_dict.get(type(op))
        if found is None:
            raise error_at(op, "the reference interpreter has no implementation of this op")
        functions, implementation = found
        try:
            return implementation(functions, interpreter, op, args)
        except BoltcError:
            raise  # already located, at the innermost op
        except Exception as e:
            raise error_at(op, f"reference interpreter failed: {type(e).__name__}: {e}") from e


def reference_interpreter(module: ModuleOp, listeners: Sequence[Interpreter.Listener] = ()) -> Interpreter:
    """The interpreter of `module` with boltc's impls; `listeners` observe every op it runs
    (xDSL's Interpreter.Listener: the ops of regions too, with their argument and result values)."""
    interpreter = Interpreter(module, _impls=_LocatedImpls(), listeners=tuple(listeners))
    for functions in ALL_FUNCTIONS:
        interpreter.register_implementations(functions())
    return interpreter


def find_function(module: ModuleOp, name: str) -> FuncOp:
    """`name`, or the only public function when `main` is asked for and absent."""
    functions = [op for op in module.ops if isinstance(op, FuncOp)]
    for function in functions:
        if function.sym_name.data == name:
            return function
    public = [f for f in functions if f.sym_visibility is None or f.sym_visibility.data == "public"]
    if name == "main" and len(public) == 1:
        return public[0]
    available = ", ".join(f"@{f.sym_name.data}" for f in functions) or "none"
    raise BoltcError(
        f"no function @{name} to run (functions: {available})", op_location(module)
    )


def checked_inputs(function: FuncOp, inputs: Sequence[Any]) -> tuple[Any, ...]:
    """The inputs as the function's argument types hold them; BoltcError naming a mismatch."""
    types = function.function_type.inputs.data
    name = f"@{function.sym_name.data}"
    if len(inputs) != len(types):
        raise BoltcError(
            f"{name} takes {len(types)} input(s), got {len(inputs)}", op_location(function)
        )
    converted = []
    for i, (value, type_) in enumerate(zip(inputs, types)):
        try:
            array = np.asarray(value)
        except Exception as e:
            raise BoltcError(
                f"{name}: input {i} is not an array: {e}", op_location(function)
            ) from None
        expected = tuple(type_.get_shape()) if isinstance(type_, ShapedType) else ()
        if array.shape != expected:
            raise BoltcError(
                f"{name}: input {i} has shape {list(array.shape)}, the function takes "
                f"{type_} (shape {list(expected)})",
                op_location(function),
            )
        if array.dtype.kind not in "biuf":
            raise BoltcError(
                f"{name}: input {i} has dtype {array.dtype}, expected numbers for {type_}",
                op_location(function),
            )
        converted.append(round_to(element_type_of(type_), array))
    return tuple(converted)


def run_module(module: ModuleOp, *inputs: Any, function: str = "main") -> tuple[np.ndarray, ...]:
    """Run `function` of `module` on numpy inputs; its results, always as a tuple of arrays.

    Inputs are converted to the argument element types (bf16: float32 arrays rounded to bf16);
    a wrong count or shape is a BoltcError. Results are fresh arrays the caller may modify.
    """
    func = find_function(module, function)
    args = checked_inputs(func, inputs)
    # IEEE semantics (inf, NaN) are the point of a reference, not something to warn about.
    with np.errstate(all="ignore"):
        results = reference_interpreter(module).call_op(func, args)
    return tuple(np.array(r) for r in results)
