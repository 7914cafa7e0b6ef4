"""The half-precision torch-mlir exports (test/data/half, test/data/ops/half) for the pass tests.

They live outside test/data/*.mlir and test/data/ops/*.mlir because their npz outputs are the
float32 model's (test/data/README.md): each pass test runs on them with its own half-precision
check (fixtures `half_export` and `half_model` in conftest.py) and compares with that reference
through `assert_near_f32_reference`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parents[2] / "data"
HALF_EXPORTS = sorted((DATA / "half").glob("*.mlir")) + sorted((DATA / "ops" / "half").glob("*.mlir"))
HALF_MODELS = sorted((DATA / "half").glob("*.mlir"))

# f16/bf16 exports against the float32 model: one rounding of the inputs, weights and every
# intermediate torch-mlir keeps in half precision. Measured at most 6.3e-4 (f16) and 5.6e-3
# (bf16) of the output's range on these files; 3e-2 of the range is the bound.
F32_REFERENCE_RANGE_FRACTION = 3e-2


def half_type(path: Path) -> str:
    """f16 or bf16: the element type the export computes in."""
    return "bf16" if path.stem.endswith("_bf16") else "f16"


def assert_near_f32_reference(got, expected) -> None:
    """Every output within 3e-2 of the reference output's range (max - min)."""
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert g.shape == e.shape
        scale = float(np.max(e) - np.min(e)) or 1.0
        error = float(np.max(np.abs(np.asarray(g, np.float64) - e)))
        assert error <= F32_REFERENCE_RANGE_FRACTION * scale, (error, scale)


def half_id(path: Path) -> str:
    return ("ops/" if path.parent.parent.name == "ops" else "") + path.stem
