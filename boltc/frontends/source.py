"""Reading MLIR text into xDSL with source locations and boltc errors.

Every op parsed here gets a `FileLineColLoc` of where it starts, so that later errors (an op
the importer cannot take, a verifier failure) name the file, line and column.
"""

from __future__ import annotations

import bisect
import os
import re
from pathlib import Path

from xdsl.dialects.builtin import (
    DenseResourceAttr,
    FileLineColLoc,
    IntAttr,
    ModuleOp,
    StringAttr,
    UnknownLoc,
)
from xdsl.ir import Block, Operation, OpResult, SSAValue
from xdsl.traits import NoTerminator
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError, VerifyException

from boltc import _xdsl_patches  # noqa: F401
from boltc.diagnostics import BoltcError, SourceLocation, op_location
from boltc.dialects.context import bolt_context
from boltc.dialects.linalg_extra import UnsupportedElementMix
from boltc.dialects.resources import ResourceError, blob_of, raw_array, storage_dtype


class _LineIndex:
    """Offset -> (line, column), 1-based. One scan of the text, then a bisect per query:
    a 100 MB model has few newlines but long blob lines, so counting per op would be slow."""

    def __init__(self, text: str):
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line_col(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1


class LocatingParser(Parser):
    """xDSL's parser, recording where each op starts as its location (unless it has one)."""

    def __init__(self, ctx, text: str, name: str, line_offset: int = 0):
        super().__init__(ctx, text, name)
        self._file = StringAttr(name)
        self._lines = _LineIndex(text)
        self._line_offset = line_offset  # lines of the file before `text` (a split-input chunk)
        self._resource_keys: dict[tuple[str, str], str] = {}
        self.has_resource_section = False

    def _parse_dialect_resource_handle(self, dialect_name: str, interface) -> str:
        # xDSL keeps blobs in one process-wide store and renames a key it has seen before,
        # so a second file using the same key would point its ops at an empty blob. Map each
        # key of this file to one fresh store key, used by the ops and the blob alike.
        file_key = self.parse_identifier(" for resource handle")
        store_key = self._resource_keys.get((dialect_name, file_key))
        if store_key is None:
            store_key = interface.declare_resource(file_key)
            self._resource_keys[(dialect_name, file_key)] = store_key
            self.dialect_resources.add((dialect_name, store_key))
        return store_key

    def _parse_dialect_resources(self) -> None:
        self.has_resource_section = True
        super()._parse_dialect_resources()

    def parse_operation(self) -> Operation:
        start_span = self._current_token.span
        start = start_span.start
        try:
            op = super().parse_operation()
        except (ParseError, VerifyException):
            raise
        except UnsupportedElementMix as e:
            raise ParseError(
                start_span, f"{e}: a named linalg op converts its inputs to its output's element type"
            ) from None
        except Exception:
            # Some xDSL op parsers fail with IndexError and the like on malformed input
            # (linalg named ops without ins/outs): report it at the op, as a parse error.
            raise ParseError(
                start_span, "malformed op: could not parse it (linalg ops need ins(...) and outs(...))"
            ) from None
        if isinstance(op.location, UnknownLoc):
            line, col = self._lines.line_col(start)
            op.location = FileLineColLoc(self._file, IntAttr(line + self._line_offset), IntAttr(col))
        return op


def _parse_error_location(error: ParseError, name: str) -> SourceLocation:
    span = error.span
    text = span.input.content
    lines = _LineIndex(text if isinstance(text, str) else text.decode("utf-8", "replace"))
    line, col = lines.line_col(span.start)
    return SourceLocation(name, line, col)


def eager_verify_error(parser: LocatingParser, error: VerifyException, name: str) -> BoltcError:
    """Parsers run some verifiers eagerly (a type's, an attribute's): the failure is located
    where the parser stood, just past the type or attribute that failed."""
    message = str(error).strip().splitlines()[0] if str(error).strip() else "does not verify"
    span = parser._current_token.span
    text = span.input.content
    lines = _LineIndex(text if isinstance(text, str) else text.decode("utf-8", "replace"))
    line, col = lines.line_col(span.start)
    return BoltcError(message, SourceLocation(name, line + parser._line_offset, col))


_UNREGISTERED = re.compile(r"Operation (\S+) is not registered")


def _parse_message(message: str) -> str:
    unknown = _UNREGISTERED.fullmatch(message.strip())
    if unknown:
        return (
            f"unknown op '{unknown.group(1)}': boltc reads the builtin, func, arith, math, cf, "
            "tensor, linalg and bolt dialects"
        )
    # xDSL prefixes context to an empty message (" in block definition"): no leading blank.
    return message.strip() or "could not parse this"


def parse_mlir_text(text: str, name: str = "<input>", is_file: bool = False) -> ModuleOp:
    """Parse MLIR text (bolt or linalg-on-tensors) and verify it; BoltcError on any problem.
    A dense_resource without data is an error where the text has a dialect_resources section
    or is a file's (`is_file`), and passes where IR was printed without its blobs."""
    if not text.strip():
        raise BoltcError("the input is empty: expected an MLIR module", SourceLocation(name))
    try:
        parser = LocatingParser(bolt_context(), text, name)  # lexes the first token: may fail
        module = parser.parse_module()
    except ParseError as e:
        raise BoltcError(_parse_message(e.msg), _parse_error_location(e, name)) from None
    except VerifyException as e:
        raise eager_verify_error(parser, e, name) from None
    verify_module(module, name)
    file_keys = {store: file_key for (_, file_key), store in parser._resource_keys.items()}
    check_resources(module, name, file_keys, missing_is_error=parser.has_resource_section or is_file)
    return module


def check_resources(
    module: ModuleOp, name: str = "<input>", file_keys: dict[str, str] | None = None,
    missing_is_error: bool = True,
) -> None:
    """Decode every dense_resource blob once, now: a missing key, a blob that is not hex or has
    the wrong size is an error at the op that holds it, naming the key as the file spells it
    (`file_keys`: store key -> file key). Later readers (passes, the interpreter, lowering)
    read the blob from a cache and never meet a bad one.

    Without `missing_is_error` a blob with no data is let through: IR text printed without its
    resources section (xDSL's Printer leaves it out) still parses for structural uses, and
    whoever reads such a constant's values reports it."""
    for op in module.walk():
        for attr in (*op.properties.values(), *op.attributes.values()):
            if not isinstance(attr, DenseResourceAttr):
                continue
            try:
                storage_dtype(attr.type.get_element_type())  # type: ignore[attr-defined]
            except ResourceError:
                continue  # no numpy storage (an index tensor, say): its user reports that
            if not missing_is_error and not blob_of(attr):
                continue
            try:
                raw_array(attr)
            except ResourceError as e:
                key = (file_keys or {}).get(e.key or "", e.key)
                message = f"dense_resource<{key}> {e.reason}" if key is not None else e.reason
                raise BoltcError(f"'{op.name}': {message}", op_location(op, name), op.name) from None


def verify_module(module: ModuleOp, name: str = "<input>") -> None:
    """Verify every op, reporting the first failure at that op's location."""
    order = _BlockOrder()
    for op in module.walk():
        try:
            op.verify(verify_nested_ops=False)
        except VerifyException as e:
            message = str(e).strip().splitlines()[0] if str(e).strip() else "does not verify"
            if not message.startswith(op.name):
                message = f"'{op.name}': {message}"  # xDSL's own verifiers do not name the op
            raise BoltcError(message, op_location(op, name), op.name) from None
        except Exception as e:  # noqa: BLE001
            # A verifier that assumed a well-formed body (bolt.b2b's asserted its yield, found
            # by the fuzz suite) crashed on the user's malformed op: say so at the op.
            raise BoltcError(f"'{op.name}': malformed op: its verifier failed ({type(e).__name__})",
                             op_location(op, name), op.name) from None
        for region in op.regions:
            # xDSL checks this in Block.verify, which verify_nested_ops=False skips: the whole
            # module's verify then raised it without a location (found by the fuzz suite).
            if len(region.blocks) == 1 and not region.block.ops and not op.has_trait(NoTerminator):
                raise BoltcError(f"'{op.name}': its body is an empty block; the block needs at least a terminator",
                                 op_location(op, name), op.name)
        for index, operand in enumerate(op.operands):
            problem = order.use_problem(operand, op)
            if problem:
                value = f"%{operand.name_hint}" if operand.name_hint else f"operand {index}"
                raise BoltcError(f"'{op.name}': {value} {problem}", op_location(op, name), op.name)


class _BlockOrder:
    """Where a value may be used: xDSL 0.74's verifier does not check that a value is defined
    before its use (MLIR's dominance), so a file with two lines swapped parsed, imported, and
    crashed the reference executor (`KeyError: No value for key`; found by the fuzz suite).

    A use is refused when its definition comes later in the same block (or is the user itself),
    or lives in a region that does not enclose the user; a definition in another block of an
    enclosing region (a CFG) is left alone, since it may dominate the use."""

    def __init__(self) -> None:
        self._index: dict[Block, dict[Operation, int]] = {}

    def _position(self, op: Operation) -> int:
        block = op.parent_block()
        if block not in self._index:
            self._index[block] = {o: i for i, o in enumerate(block.ops)}
        return self._index[block][op]

    def use_problem(self, value: SSAValue, user: Operation) -> str | None:
        if not isinstance(value, OpResult):
            return None  # a block argument: its block's region encloses every parsed use
        definer = value.op
        block, region = definer.parent_block(), definer.parent_region()
        if block is None:
            return None
        ancestor: Operation | None = user
        while ancestor is not None:
            if ancestor.parent_block() is block:
                if ancestor is definer or self._position(definer) > self._position(ancestor):
                    line = op_location(definer).line
                    return f"is used before it is defined{f' (line {line})' if line else ''}"
                return None
            if ancestor.parent_region() is region:
                return None  # another block of the same region (a CFG): dominance not checked
            ancestor = ancestor.parent_op()
        return "is defined inside another op's region, which does not enclose this use"


def read_mlir_file(path: str | os.PathLike[str]) -> ModuleOp:
    """Read and parse an .mlir file; a missing, unreadable or binary file is a BoltcError."""
    p = Path(path)
    name = str(path)
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        raise BoltcError("no such file", SourceLocation(name)) from None
    except IsADirectoryError:
        raise BoltcError("is a directory, expected an .mlir file", SourceLocation(name)) from None
    except OSError as e:
        raise BoltcError(f"cannot read: {e.strerror}", SourceLocation(name)) from None
    if b"\0" in raw[:8192]:
        raise BoltcError("binary file: expected MLIR text", SourceLocation(name))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BoltcError(
            f"not UTF-8 text (byte {e.start}): expected MLIR text", SourceLocation(name)
        ) from None
    return parse_mlir_text(text, name, is_file=True)
