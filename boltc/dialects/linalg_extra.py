"""The linalg dialect as boltc reads it: xDSL's linalg plus the named ops torch-mlir emits
that xDSL 0.74 lacks. Only parsing and verification matter here; the importer turns them into
bolt ops."""

from __future__ import annotations

from xdsl.dialects import linalg as xdsl_linalg
from xdsl.ir import Dialect

Linalg = Dialect(
    "linalg",
    [*xdsl_linalg.Linalg.operations],
    [*xdsl_linalg.Linalg.attributes],
)
