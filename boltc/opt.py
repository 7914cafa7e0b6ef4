"""`boltc-opt`: xdsl-opt that knows the bolt dialect, the input dialects and boltc's passes.

Used by the lit tests: `boltc-opt %s -p fuse-epilogue | filecheck %s`.

It reads what `boltc` reads: MLIR text (parsed as written, not imported: `-p import-linalg`
imports it), an ONNX file or a torch.export `.pt2` archive (imported to bolt IR, as
`boltc --emit imported` does). Like `boltc`, a problem with the input or the command is one
`file:line:col: error: ...` line and exit 1; anything else is boltc's bug, exit 3, with the
traceback only under BOLTC_DEBUG=1.
"""

from __future__ import annotations

import io
import os
import re
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO

from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import ArgSpecParseError, DiagnosticException, ParseError, VerifyException
from xdsl.xdsl_opt_main import xDSLOptMain

from boltc import _xdsl_patches  # noqa: F401
from boltc.diagnostics import BoltcError, SourceLocation
from boltc.dialects.context import bolt_context
from boltc.frontends.loader import ModelKind, file_kind
from boltc.frontends.source import LocatingParser, _parse_message, eager_verify_error, verify_module
from boltc.registry import available_passes

# The exit codes of `boltc` (boltc/cli.py), so that scripts read both tools the same way.
EXIT_OK, EXIT_INPUT_ERROR, EXIT_INTERNAL_ERROR, EXIT_INTERRUPTED = 0, 1, 3, 130

# Front end name (what -f takes, and the file kind picks) -> the model kind it reads.
_GRAPH_FRONTENDS = {"onnx": ModelKind.ONNX_FILE, "pt2": ModelKind.TORCH_FILE}
_FRONTEND_OF_KIND = {ModelKind.MLIR_FILE: "mlir", ModelKind.ONNX_FILE: "onnx", ModelKind.TORCH_FILE: "pt2"}
_COMMENT = re.compile(r"//[^\n]*")


class _HeldOutput(io.StringIO):
    """-o FILE's text, written to FILE only once every chunk succeeded: xdsl-opt opens the file
    first and closes it on failure too, which left an empty or partial file behind."""

    def close(self) -> None:
        self.text = self.getvalue()
        super().close()


class BoltcOptMain(xDSLOptMain):
    def __init__(self, description: str = "boltc's modular optimizer driver",
                 args: Sequence[str] | None = None):
        self._chunk_line_offset = 0
        super().__init__(description, args)

    def register_all_arguments(self, arg_parser) -> None:
        arg_parser.prog = "boltc-opt"  # not "opt.py" under `python -m boltc.opt`
        super().register_all_arguments(arg_parser)

    def register_all_frontends(self) -> None:
        self.available_frontends["mlir"] = self._parse_mlir
        for name, kind in _GRAPH_FRONTENDS.items():
            self.available_frontends[name] = self._graph_frontend(kind)

    def register_all_targets(self) -> None:
        # xDSL's other targets (llvm, x86-asm, wgsl, ...) take lower-level dialects than bolt's
        # tensors: they crashed (llvmlite missing, asserts) or printed nothing useful. Listing
        # only `mlir` makes argparse refuse the rest with the list of choices.
        super().register_all_targets()
        self.available_targets = {"mlir": self.available_targets["mlir"]}

    def register_all_dialects(self) -> None:
        for dialect in bolt_context().loaded_dialects:
            self.ctx.load_dialect(dialect)

    def register_all_passes(self) -> None:
        passes: dict[str, Callable[[], type[ModulePass]]] = available_passes()
        for name, factory in passes.items():
            self.register_pass(name, factory)

    # ---- input ----------------------------------------------------------------------------

    def get_input_stream(self) -> tuple[IO[bytes], str]:
        """The input and the front end that reads it: by the loader's rules (suffix, then
        first bytes; text of any suffix is MLIR), so a missing file, a directory or a binary
        file of unknown kind is the loader's located error rather than an OSError."""
        if self.args.input_file is None:
            return sys.stdin.buffer, "mlir"
        path = Path(self.args.input_file)
        kind = file_kind(path)
        frontend = _FRONTEND_OF_KIND.get(kind, "mlir")
        try:
            return path.open("rb"), frontend
        except OSError as e:
            raise BoltcError(f"cannot read: {e.strerror}", SourceLocation(str(path))) from None

    def parse_chunk(self, chunk: IO[bytes], file_extension: str, start_offset: int = 0) -> ModuleOp | None:
        self._chunk_line_offset = start_offset  # lines before this `// -----` chunk
        return super().parse_chunk(chunk, file_extension, start_offset)

    def _parse_mlir(self, stream: IO[bytes]) -> ModuleOp:
        name = self.get_input_name()
        # A chunk of --split-input-file is named by its first line; a whole file by its name.
        where = SourceLocation(name, self._chunk_line_offset + 1 if self.args.split_input_file else None)
        raw = stream.read()
        if b"\0" in raw[:8192]:
            raise BoltcError("binary file: expected MLIR text (or an .onnx or .pt2 model)", where)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise BoltcError(f"not UTF-8 text (byte {e.start}): expected MLIR text", where) from None
        if not _COMMENT.sub("", text).strip():
            if self.args.split_input_file:
                raise BoltcError("this `// -----` chunk has no ops", where)
            raise BoltcError("the input is empty: expected an MLIR module", where)
        # boltc's parser: source locations on every op (lines counted from the file's start,
        # not the chunk's), and per-file resource keys.
        parser = LocatingParser(self.ctx, text, name, line_offset=self._chunk_line_offset)
        try:
            module = parser.parse_module(not self.args.no_implicit_module)
        except VerifyException as e:
            if self.args.verify_diagnostics:
                raise  # xdsl-opt prints it as the lit tests expect
            raise eager_verify_error(parser, e, name) from None
        if not (self.args.disable_verify or self.args.verify_diagnostics):
            # Now, op by op, so the failure names the op's line; xdsl-opt verifies the whole
            # module later and its VerifyException says which op but not where. (Under
            # --verify-diagnostics the lit tests match xdsl-opt's own line, kept as it was.)
            verify_module(module, name)
        return module

    def _graph_frontend(self, kind: ModelKind) -> Callable[[IO[bytes]], ModuleOp]:
        def parse_graph(stream: IO[bytes]) -> ModuleOp:
            stream.close()  # the importers read the file by its path
            path = self.args.input_file
            if path is None:
                raise BoltcError(f"{kind.value} is read from a file: boltc-opt MODEL -f ...",
                                 SourceLocation("stdin"))
            if self.args.split_input_file:
                raise BoltcError("--split-input-file splits MLIR text, not " + kind.value, SourceLocation(path))
            return _import_graph_file(kind, path)

        return parse_graph

    # ---- output ---------------------------------------------------------------------------

    def prepare_output(self) -> IO[str]:
        if self.args.output_file is None:
            return sys.stdout
        self._held_output = _HeldOutput()
        return self._held_output

    def _write_held_output(self) -> None:
        held = getattr(self, "_held_output", None)
        if held is None:
            return
        path = self.args.output_file
        try:
            Path(path).write_text(held.text, encoding="utf-8")
        except OSError as e:
            raise BoltcError(f"cannot write the output: {e.strerror or e}", SourceLocation(path)) from None

    def run(self) -> None:
        super().run()
        self._write_held_output()


def _import_graph_file(kind: ModelKind, path: str) -> ModuleOp:
    """An .onnx or .pt2 file as bolt IR: what `boltc --emit imported` prints (the importer,
    then raise-bolt's folds, then verification), whatever the file's suffix."""
    from boltc.passes.raise_bolt import raise_bolt

    if kind is ModelKind.ONNX_FILE:
        from boltc.frontends.onnx import import_onnx

        module = import_onnx(path, name=path)
    else:
        from boltc.frontends.torch import import_torch

        module = import_torch(path, name=path)
    raise_bolt(module)
    verify_module(module, path)
    return module


def format_parse_error(error: ParseError) -> str:
    """`file:line:col: error: message` (boltc's form), then xDSL's source line and carets."""
    location = error.span.get_location()
    context = error.span.print_with_context(error.msg).splitlines()
    # print_with_context: the location, then each source line with its carets, then the message.
    shown = "\n".join(context[1:-1]) if len(context) > 2 else ""
    head = f"{location}: error: {_parse_message(error.msg)}"
    return head + ("\n" + shown if shown.strip() else "")


def main(argv: Sequence[str] | None = None) -> int:
    """The `boltc-opt` command: its exit code (the console script exits with it)."""
    try:
        tool = BoltcOptMain(args=argv)
    except (BoltcError, ValueError, ArgSpecParseError) as e:
        # A bad pass option (built while xDSLOptMain parses the command line).
        print(f"boltc-opt: error: {e}", file=sys.stderr)
        return EXIT_INPUT_ERROR
    try:
        tool.run()
    except ParseError as e:
        print(format_parse_error(e), file=sys.stderr)
        return EXIT_INPUT_ERROR
    except (BoltcError, VerifyException, DiagnosticException) as e:
        # A user's mistake (bad input, a pass refusing it): the message, not a traceback.
        print(str(e).rstrip(), file=sys.stderr)
        return EXIT_INPUT_ERROR
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`boltc-opt m.mlir | head`): no message, and no second error
        # when Python flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_INPUT_ERROR
    except Exception as e:  # noqa: BLE001  (anything else is boltc's bug, reported as one)
        print(f"boltc-opt: internal error: {type(e).__name__}: {e}", file=sys.stderr)
        if os.environ.get("BOLTC_DEBUG") == "1":
            traceback.print_exc()
        else:
            print("boltc-opt: this is a bug in boltc; please report it with the command and the input "
                  "file (BOLTC_DEBUG=1 shows the traceback)", file=sys.stderr)
        return EXIT_INTERNAL_ERROR
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
