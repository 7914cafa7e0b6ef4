from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def out_dir(tmp_path: Path) -> Path:
    """An empty directory for -o: after a failure it must still be empty (no partial output)."""
    path = tmp_path / "out"
    path.mkdir()
    return path
