"""The numpy reference executor: runs bolt and linalg-on-tensors IR on numpy arrays.

It is the oracle of boltc's equivalence tests (DESIGN.md): a pass must leave the results of
`run_module(module, *inputs)` unchanged, within the tolerance its rounding explains. Built on
`xdsl.interpreters` (an impl per op, xDSL's func impls) but holding plain `np.ndarray`s, never
xDSL's per-element `ShapedArray` (STYLE.md trap (b)).

    import boltc
    (y,) = boltc.interpret("model.mlir", x)    # a path, MLIR text or a ModuleOp
    (y,) = boltc.interpret.run_module(module, x)

`boltc.interpret` is this package, and calling it calls `interpret` below: the public
function and the package share the name DESIGN.md gives both, and a plain function of that
name in `boltc/__init__.py` would be replaced by the package whenever the package is imported.
"""

from __future__ import annotations

import os
import sys
import types
from typing import Any

import numpy as np
from xdsl.dialects.builtin import ModuleOp

from boltc.interpret.element_types import numpy_dtype, round_to
from boltc.interpret.runner import find_function, reference_interpreter, run_module

__all__ = [
    "find_function",
    "interpret",
    "numpy_dtype",
    "reference_interpreter",
    "round_to",
    "run_module",
]


def interpret(
    model: ModuleOp | str | os.PathLike[str], *inputs: Any, function: str = "main"
) -> tuple[np.ndarray, ...]:
    """Run `function` of `model` (a ModuleOp, an .mlir path, or MLIR text) on numpy inputs.

    Always returns a tuple of arrays. Inputs are checked against the function's argument
    types (count and shape) and converted to its element types; mistakes are BoltcErrors.
    """
    if not isinstance(model, ModuleOp):
        # The one use of a front end here: reading the user's file or text (DESIGN.md's
        # import direction otherwise keeps interpret/ below frontends/).
        from boltc.frontends.source import parse_mlir_text, read_mlir_file

        model = read_mlir_file(model) if _is_path(model) else parse_mlir_text(model)
    return run_module(model, *inputs, function=function)


def _is_path(model: str | os.PathLike[str]) -> bool:
    if not isinstance(model, str):
        return True
    if "\n" in model or "{" in model:
        return False  # MLIR text, however short
    return model.endswith(".mlir") or os.path.exists(model)


class _CallablePackage(types.ModuleType):
    def __call__(self, model: Any, *inputs: Any, function: str = "main") -> tuple[np.ndarray, ...]:
        return interpret(model, *inputs, function=function)


sys.modules[__name__].__class__ = _CallablePackage
