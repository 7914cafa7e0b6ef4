"""The GPU suite: `python -m pytest -m gpu test/gpu -q` on the device machine (several GPUs:
BOLTC_TEST_GPUS, below).

Every test here is marked `gpu` (deselected by default, see pyproject.toml) and is skipped
cleanly, with its reason, where no CUDA GPU is usable. Helpers live in gpu_helpers.py.
"""

from __future__ import annotations

import os

import pytest

# On a machine of several GPUs, `BOLTC_TEST_GPUS=4 python -m pytest -m gpu test/gpu -n 48` gives
# each xdist worker one GPU, round robin (gw0 -> 0, gw1 -> 1, ...), so the suite's kernels are
# compiled on all the cores and run on all the GPUs. Set here, before anything initializes CUDA.
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if _WORKER.startswith("gw") and int(os.environ.get("BOLTC_TEST_GPUS", "1")) > 1:
    os.environ["CUDA_VISIBLE_DEVICES"] = str(int(_WORKER[2:]) % int(os.environ["BOLTC_TEST_GPUS"]))

from gpu_helpers import has_cuda_gpu  # noqa: F401  (the suite's one question: is there a GPU?)


def pytest_collection_modifyitems(config, items):
    if has_cuda_gpu():
        return
    skip = pytest.mark.skip(reason="needs a CUDA GPU (run on the device machine: pytest -m gpu test/gpu)")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)
