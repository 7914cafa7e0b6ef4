"""The xDSL context boltc parses and rewrites in: the bolt dialect and the input dialects."""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects.arith import Arith
from xdsl.dialects.builtin import Builtin
from xdsl.dialects.cf import Cf
from xdsl.dialects.func import Func
from xdsl.dialects.math import Math
from xdsl.dialects.tensor import Tensor

from boltc import _xdsl_patches  # noqa: F401  (parsing fixes: STYLE.md trap (a))
from boltc.dialects.bolt import Bolt
from boltc.dialects.linalg_extra import Linalg


def bolt_context() -> Context:
    """A fresh context that knows bolt and everything the linalg-on-tensors importer reads."""
    ctx = Context()
    for dialect in (Builtin, Func, Arith, Math, Cf, Tensor, Linalg, Bolt):
        ctx.load_dialect(dialect)
    return ctx
