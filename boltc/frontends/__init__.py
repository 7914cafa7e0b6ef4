"""Front ends: bring a model into the bolt dialect (DESIGN.md, 'The data flow')."""

from boltc import _xdsl_patches  # noqa: F401  (must precede any parsing: STYLE.md trap (a))
