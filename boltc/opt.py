"""`boltc-opt`: xdsl-opt that knows the bolt dialect, the input dialects and boltc's passes.

Used by the lit tests: `boltc-opt %s -p fuse-epilogue | filecheck %s`.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.passes import ModulePass
from xdsl.xdsl_opt_main import xDSLOptMain

from boltc import _xdsl_patches  # noqa: F401
from boltc.dialects.context import bolt_context
from boltc.registry import available_passes


class BoltcOptMain(xDSLOptMain):
    def register_all_dialects(self) -> None:
        for dialect in bolt_context().loaded_dialects:
            self.ctx.load_dialect(dialect)

    def register_all_passes(self) -> None:
        passes: dict[str, Callable[[], type[ModulePass]]] = available_passes()
        for name, factory in passes.items():
            self.register_pass(name, factory)


def main() -> None:
    BoltcOptMain(description="boltc's modular optimizer driver").run()


if __name__ == "__main__":
    main()
