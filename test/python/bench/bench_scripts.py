"""The bench/ scripts as modules for their tests. bench/ is not a package (its scripts import
one another by name, as `python3 bench/NAME.py` runs them), so each is loaded from its file,
with bench/ on sys.path for those imports."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[3] / "bench"


def load(script: str, name: str | None = None) -> ModuleType:
    """bench/`script`.py as the module `name` (default bench_`script`), registered in
    sys.modules: dataclasses look their module up there."""
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(name or f"bench_{script}", BENCH / f"{script}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
