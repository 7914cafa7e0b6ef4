"""The numpy reference executor: runs bolt and linalg-on-tensors IR on numpy arrays.

It is the oracle of boltc's equivalence tests (DESIGN.md): a pass must leave the results of
`run_module(module, *inputs)` unchanged, within the tolerance its rounding explains. Built on
`xdsl.interpreters` (an impl per op, xDSL's func impls) but holding plain `np.ndarray`s, never
xDSL's per-element `ShapedArray` (STYLE.md trap (b)).

    import boltc
    (y,) = boltc.interpret("model.mlir", x)    # .mlir/.pt2/.onnx path, MLIR text, a ModuleOp
    (y,) = boltc.interpret(torch_module, x)    # exported with x as the example input, then run
    (y,) = boltc.interpret.run_module(module, x)

`boltc.interpret` is this package, and calling it calls `interpret` below: the public
function and the package share the name DESIGN.md gives both, and a plain function of that
name in `boltc/__init__.py` would be replaced by the package whenever the package is imported.
"""

from __future__ import annotations

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


def interpret(model: Any, *inputs: Any, function: str = "main") -> tuple[np.ndarray, ...]:
    """Run `function` of `model` on `inputs` with the reference executor.

    `model`: MLIR (a ModuleOp, text or an .mlir path: run as written, bolt or linalg-on-tensors
    IR), or a model of another front end (a .pt2/.onnx path, a torch.nn.Module, an
    ExportedProgram, an onnx.ModelProto), imported with `boltc.frontends.load` first; a
    torch.nn.Module is exported with `inputs` as its example inputs. Inputs are numpy arrays or torch tensors, checked against
    the function's argument types (count and shape) and converted to its element types;
    mistakes are BoltcErrors. Always returns a tuple of numpy arrays.
    """
    if not isinstance(model, ModuleOp):
        # The public entry point's one use of a front end, imported here so that the
        # reference executor itself stays below frontends/ (DESIGN.md's import direction).
        from boltc.frontends.loader import MLIR_KINDS, ModelKind, classify, load, parse_mlir

        kind = classify(model)
        if kind in MLIR_KINDS:
            model = parse_mlir(model, kind)
        else:
            model = load(model, inputs if kind is ModelKind.TORCH_MODULE else None)
    return run_module(model, *(_as_array(x) for x in inputs), function=function)


def _as_array(x: Any) -> Any:
    """A torch tensor as a numpy array (bf16 through f32: numpy has no bf16); others as given."""
    if type(x).__module__.startswith("torch") and hasattr(x, "detach"):
        t = x.detach().cpu()
        if str(t.dtype) == "torch.bfloat16":
            t = t.float()
        return t.numpy()
    return x


class _CallablePackage(types.ModuleType):
    def __call__(self, model: Any, *inputs: Any, function: str = "main") -> tuple[np.ndarray, ...]:
        return interpret(model, *inputs, function=function)


sys.modules[__name__].__class__ = _CallablePackage
