"""One profiler library compiled with the real nvcc (marker `nvcc`): a gemm_sm80 candidate with a
plain store (the smallest TU the space makes), compiled through build.py's object cache, linked
with the shared CUDA runtime, exporting the kernel's three entry points, loadable with ctypes
(no GPU needed to load it; calling it does: test/gpu/test_profile_gpu.py). A second build finds
it (one configuration is compiled once)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from boltc.tuning.profile import KernelLibrary, build_profilers, profiler_unit
from boltc.tuning.space import Family, problem_of, space

from gemm_text import gemm_text, parse_gemm
from nvcc_objects import NVCC_MISSING


@pytest.mark.nvcc
@pytest.mark.timeout(1200)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_profiler_library_compiles_links_and_loads(tmp_path: Path):
    problem = problem_of(parse_gemm(gemm_text(256, 128, 64)), Family.GEMM_SM80, "sm_80")
    candidate = space(problem, Family.GEMM_SM80, "sm_80")[0]
    unit = profiler_unit(candidate, problem, "sm_80")
    [path] = build_profilers([unit], jobs=1, cache_dir=tmp_path, progress=False)
    assert path.is_file() and path.parent == tmp_path / "profilers"
    entry = candidate.kernel(problem).entry_point
    exported = subprocess.run(["nm", "-D", "--defined-only", str(path)], capture_output=True, text=True,
                              check=True).stdout
    for symbol in (entry.name, entry.workspace_size_name, entry.can_implement_name):
        assert f" T {symbol}\n" in exported
    library = KernelLibrary(path, entry)
    assert library.launch.argtypes and len(library.can_implement.argtypes) == len(entry.problem_params)
    before = path.stat().st_mtime_ns
    assert build_profilers([unit], jobs=1, cache_dir=tmp_path, progress=False) == [path]
    assert path.stat().st_mtime_ns == before  # found, not rebuilt
