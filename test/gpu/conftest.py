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

# Each xdist worker builds its own models and kernels, and a build runs one nvcc per core by
# default: 16 workers of 16 nvcc each (~3 GiB apiece) thrash a 16-core, 128 GiB machine until
# nothing finishes (2026-11-29: 97 tests, none done in 440 s). Share the cores among the
# workers instead, unless BOLTC_JOBS says otherwise.
_WORKERS = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
if _WORKERS > 1 and "BOLTC_JOBS" not in os.environ:
    os.environ["BOLTC_JOBS"] = str(max(1, (os.cpu_count() or 1) // _WORKERS))

from gpu_helpers import has_cuda_gpu  # noqa: F401  (the suite's one question: is there a GPU?)


def pytest_collection_modifyitems(config, items):
    if has_cuda_gpu():
        return
    skip = pytest.mark.skip(reason="needs a CUDA GPU (run on the device machine: pytest -m gpu test/gpu)")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)
