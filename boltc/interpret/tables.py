"""Table-driven op implementations: where many ops run alike (bolt's activations, arith's
binary ops), a table maps each op class to its numpy function and one runner serves the table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, impl_terminator
from xdsl.ir import Operation
from xdsl.traits import IsTerminator

Functions = TypeVar("Functions", bound=type[InterpreterFunctions])

# runner(the row's function, interpreter, op, operand values) -> result values (for a
# terminator: (terminator value, result values), as `impl_terminator` wants)
TableRunner = Callable[[Any, Interpreter, Any, PythonValues], Any]


def table_impls(
    *tables: tuple[Mapping[type[Operation], Any], TableRunner],
) -> Callable[[Functions], Functions]:
    """A class decorator, placed under `@register_impls`: adds an `@impl` per table row, each
    calling its table's runner with the row's numpy function."""

    def add_impls(cls: Functions) -> Functions:
        for table, runner in tables:
            for op_type, function in table.items():
                # Two classes can share an op name (xDSL's and boltc's linalg.generic, say).
                name = f"run_{op_type.__module__}_{op_type.__qualname__}".replace(".", "_")
                setattr(cls, name, _row_impl(op_type, runner, function))
        return cls

    return add_impls


def _row_impl(op_type: type[Operation], runner: TableRunner, function: Any):
    def run_row(self: InterpreterFunctions, interpreter: Interpreter, op: Any, args: PythonValues):
        return runner(function, interpreter, op, args)

    register = impl_terminator if op_type.has_trait(IsTerminator) else impl
    return register(op_type)(run_row)
