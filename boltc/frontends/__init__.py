"""Front ends: bring a model into the bolt dialect (DESIGN.md, 'The data flow').

`load(model, example_inputs=None)` is the entry point for every form a model comes in
(frontends/loader.py says which form goes where): .mlir, .pt2 and .onnx files, MLIR text, xDSL
modules, torch modules and exported programs, ONNX models.
"""

from boltc import _xdsl_patches  # noqa: F401  (must precede any parsing: STYLE.md trap (a))
from boltc.frontends.loader import ModelKind, classify, load, model_name

__all__ = ["ModelKind", "classify", "load", "model_name"]
