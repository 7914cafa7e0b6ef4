"""Shared helpers for boltc's pytest suites."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

DATA = Path(__file__).resolve().parents[1] / "data"
MODEL_FILES = sorted(DATA.glob("*.mlir"))
OP_FILES = sorted((DATA / "ops").glob("*.mlir"))


def saved_io(mlir: Path) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The torch inputs and outputs saved beside a test/data model (input0.., output0..)."""
    saved = np.load(mlir.with_suffix(".npz"))
    def ordered(prefix: str) -> list[np.ndarray]:
        names = sorted((n for n in saved.files if n.startswith(prefix)), key=lambda n: int(n[len(prefix):]))
        return [saved[n] for n in names]
    return ordered("input"), ordered("output")


@pytest.fixture(params=MODEL_FILES + OP_FILES, ids=lambda p: p.stem)
def torch_mlir_file(request) -> Path:
    return request.param


@pytest.fixture
def read_saved_io():
    """saved_io, for tests: (inputs, outputs) of a test/data .mlir file."""
    return saved_io
