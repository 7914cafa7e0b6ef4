"""The GPU suite: `python -m pytest -m gpu test/gpu -q` on the device machine.

Every test here is marked `gpu` (deselected by default, see pyproject.toml) and is skipped
cleanly, with its reason, where no CUDA GPU is usable. Helpers live in gpu_helpers.py.
"""

from __future__ import annotations

import pytest

from gpu_helpers import has_cuda_gpu  # noqa: F401  (the suite's one question: is there a GPU?)


def pytest_collection_modifyitems(config, items):
    if has_cuda_gpu():
        return
    skip = pytest.mark.skip(reason="needs a CUDA GPU (run on the device machine: pytest -m gpu test/gpu)")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)
