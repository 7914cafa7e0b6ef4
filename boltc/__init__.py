"""boltc: an ahead-of-time deep-learning compiler for NVIDIA GPUs (DESIGN.md).

The public API: `boltc.compile(model, arch="sm_90a")` builds a model.so and returns it as a
callable `CompiledModel`; `boltc.load(path)` loads one; `boltc.interpret(model, *numpy_inputs)`
runs a model's IR with the numpy reference executor.
"""

from __future__ import annotations

import importlib
from typing import Any


# name -> (module, attribute), imported on first use so that `import boltc` stays light.
_LAZY = {
    "compile": ("boltc.compiler", "compile"),
    "load": ("boltc.runtime", "load"),
    "CompiledModel": ("boltc.runtime", "CompiledModel"),
}


def __getattr__(name: str) -> Any:
    # `boltc.interpret` is a callable package (see its docstring), loaded on first use so that
    # `import boltc` stays light for the command-line tools.
    if name == "interpret":
        return importlib.import_module("boltc.interpret")
    if name in _LAZY:
        module, attribute = _LAZY[name]
        return getattr(importlib.import_module(module), attribute)
    raise AttributeError(f"module 'boltc' has no attribute {name!r}")
