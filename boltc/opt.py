"""`boltc-opt`: xdsl-opt that knows the bolt dialect, the input dialects and boltc's passes.

Used by the lit tests: `boltc-opt %s -p fuse-epilogue | filecheck %s`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import IO

from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import ArgSpecParseError, ParseError, VerifyException
from xdsl.xdsl_opt_main import xDSLOptMain

from boltc import _xdsl_patches  # noqa: F401
from boltc.diagnostics import BoltcError
from boltc.dialects.context import bolt_context
from boltc.frontends.source import LocatingParser
from boltc.registry import available_passes


class BoltcOptMain(xDSLOptMain):
    def register_all_frontends(self) -> None:
        super().register_all_frontends()

        def parse_mlir(io: IO[bytes]) -> ModuleOp:
            # boltc's parser: source locations on every op, and per-file resource keys.
            text = io.read().decode("utf-8")
            return LocatingParser(self.ctx, text, self.get_input_name()).parse_module(
                not self.args.no_implicit_module
            )

        self.available_frontends["mlir"] = parse_mlir

    def run(self) -> None:
        try:
            super().run()
        except (BoltcError, ParseError, VerifyException) as e:
            # A user's mistake: the message, not a traceback.
            print(str(e).rstrip(), file=sys.stderr)
            raise SystemExit(1) from None

    def register_all_dialects(self) -> None:
        for dialect in bolt_context().loaded_dialects:
            self.ctx.load_dialect(dialect)

    def register_all_passes(self) -> None:
        passes: dict[str, Callable[[], type[ModulePass]]] = available_passes()
        for name, factory in passes.items():
            self.register_pass(name, factory)


def main() -> None:
    try:
        tool = BoltcOptMain(description="boltc's modular optimizer driver")
    except (BoltcError, ValueError, ArgSpecParseError) as e:
        # A bad pass option (built while xDSLOptMain parses the command line).
        print(f"boltc-opt: error: {e}", file=sys.stderr)
        raise SystemExit(1) from None
    tool.run()


if __name__ == "__main__":
    main()
