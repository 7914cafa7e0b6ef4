"""boltc: an ahead-of-time deep-learning compiler for NVIDIA GPUs (DESIGN.md).

The public API: `boltc.interpret(model, *numpy_inputs)` runs a model's IR with the numpy
reference executor (compile() and load() follow).
"""

from __future__ import annotations

import importlib
from typing import Any


def __getattr__(name: str) -> Any:
    # `boltc.interpret` is a callable package (see its docstring), loaded on first use so that
    # `import boltc` stays light for the command-line tools.
    if name == "interpret":
        return importlib.import_module("boltc.interpret")
    raise AttributeError(f"module 'boltc' has no attribute {name!r}")
