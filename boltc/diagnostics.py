"""boltc's user-facing errors: `file:line:col: error: message`, never a traceback."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from xdsl.dialects.builtin import FileLineColLoc, NameLoc
from xdsl.ir import Operation
from xdsl.utils.exceptions import DiagnosticException


@dataclass(frozen=True)
class SourceLocation:
    file: str
    line: int | None = None
    column: int | None = None
    node: str | None = None  # a node of a graph file (ONNX, torch.export), where it has one

    def __str__(self) -> str:
        parts = [self.file]
        if self.line is not None and self.line > 0:
            parts.append(str(self.line))
            if self.column is not None and self.column > 0:
                parts.append(str(self.column))
        where = ":".join(parts)
        return f"{where}: node '{self.node}'" if self.node else where


class BoltcError(DiagnosticException):
    """A problem with the user's input or request, reported without a traceback.

    `location` is the nearest known place in the input; `op_name` the op concerned.
    A DiagnosticException, so that `boltc-opt --verify-diagnostics` prints it like xDSL's own.
    """

    def __init__(self, message: str, location: SourceLocation | None = None, op_name: str | None = None):
        super().__init__(message)
        self.message = message
        self.location = location
        self.op_name = op_name

    def __str__(self) -> str:
        where = f"{self.location}: " if self.location else ""
        return f"{where}error: {self.message}"


def op_location(op: Operation, default_file: str = "<input>") -> SourceLocation:
    """Where `op` came from: its FileLineColLoc (set by boltc's parser), a graph importer's
    NameLoc(node, file location), or its nearest ancestor's."""
    current: Operation | None = op
    while current is not None:
        loc = current.location
        node = None
        if isinstance(loc, NameLoc):
            node, loc = loc.desc.data, loc.location
        if isinstance(loc, FileLineColLoc):
            return SourceLocation(loc.filename.data, loc.line.data, loc.column.data, node)
        if node is not None:
            return SourceLocation(default_file, node=node)
        current = current.parent_op()
    return SourceLocation(default_file)


def error_at(op: Operation, message: str) -> BoltcError:
    """A BoltcError about `op`, located where the op was parsed, naming it."""
    return BoltcError(f"'{op.name}': {message}", op_location(op), op.name)


# -------------------------------------------------------------------------------------------
# Remarks: the fusions the passes refused, and why
# -------------------------------------------------------------------------------------------

# While a build collects remarks (`collecting_remarks`), each pass that can refuse a fusion
# computes its remarks even when it does not print them, and they go into the model's
# manifest (`boltc report` lists them). A ContextVar, not a global: two builds in two
# threads collect their own.
_REMARK_SINK: ContextVar[list[dict[str, str]] | None] = ContextVar("boltc_remark_sink", default=None)


@contextmanager
def collecting_remarks() -> Iterator[list[dict[str, str]]]:
    """Inside the block, every remark a pass makes is appended to the yielded list as
    {"pass": pass name, "message": the line `--remarks` prints}, printed or not."""
    sink: list[dict[str, str]] = []
    token = _REMARK_SINK.set(sink)
    try:
        yield sink
    finally:
        _REMARK_SINK.reset(token)


def remarks_wanted(printing: bool) -> bool:
    """Whether a pass should compute its remarks: it prints them, or a build collects them."""
    return printing or _REMARK_SINK.get() is not None


def remark(pass_name: str, message: str, printing: bool) -> None:
    """One refused fusion: on stderr when `printing` (`--remarks`, `remarks=true`), and into the
    collecting build's list."""
    if printing:
        print(message, file=sys.stderr)
    sink = _REMARK_SINK.get()
    if sink is not None:
        sink.append({"pass": pass_name, "message": message})
