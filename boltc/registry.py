"""Every boltc pass by its command-line name, for boltc-opt and the driver.

It sits at the top of the package because the import pass lives in frontends/, which
passes/ must not import (DESIGN.md: imports point from the outside in)."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.passes import ModulePass


def _import_linalg() -> type[ModulePass]:
    from boltc.frontends.mlir import ImportLinalgPass

    return ImportLinalgPass


def _raise_bolt() -> type[ModulePass]:
    from boltc.passes.raise_bolt import RaiseBoltPass

    return RaiseBoltPass


def available_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """Name -> factory; factories import lazily so `boltc-opt --help` stays fast."""
    return {
        "import-linalg": _import_linalg,
        "raise-bolt": _raise_bolt,
    }
