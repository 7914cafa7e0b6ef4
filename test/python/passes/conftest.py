"""Fixtures over the half-precision exports (half_helpers.py says why they are apart)."""

from __future__ import annotations

from pathlib import Path

import pytest

from half_helpers import HALF_EXPORTS, HALF_MODELS, half_id


@pytest.fixture(params=HALF_EXPORTS, ids=half_id)
def half_export(request) -> Path:
    return request.param


@pytest.fixture(params=HALF_MODELS, ids=half_id)
def half_model(request) -> Path:
    return request.param
