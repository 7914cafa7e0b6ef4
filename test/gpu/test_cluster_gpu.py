"""tuning/cluster.py on GPUs: real profilers timed by Dask workers, each pinned to one GPU.

    ../shared/device/wheels.sh 'dask==2026.7.1' 'distributed==2026.7.1' partd locket tblib tornado zict \
        'dask-cuda==26.10.0' 'rapids-dask-dependency==26.10.0'   # (docs/design.md: the wheels line)
    python -m pytest -m gpu test/gpu/test_cluster_gpu.py -q

- Three gemm_sm90 candidates of the paper GEMM on a local cluster (dask-cuda's LocalCUDACluster
  where dask-cuda imports, else Dask nannies pinned per GPU; both tested where possible): every
  candidate accepted, the ranking's fastest stored in the cache, and each time within 15 % of
  the same candidate timed in this process (the cluster must measure the same kernels, not
  merely produce numbers).
- The libraries shipped as bytes (what a remote cluster gets): the same candidates accepted and
  stored, no nvcc call on the workers (the library path handed to run_job is under the worker's
  own directory).
- With several GPUs: the jobs are spread over more than one worker.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gpu_helpers import has_torch_cuda

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not has_torch_cuda(), reason="needs torch with CUDA")]
distributed = pytest.importorskip("distributed", reason="needs dask[distributed] (carry its wheels: docs/design.md)")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_profile_gpu import ARCH, three  # noqa: E402,F401  (the fixture: three built candidates)


def _in_process_times(problem, picks) -> dict:
    from boltc.tuning.profile import ProfileJob, run_job

    out = {}
    for candidate in picks:
        outcome = run_job(ProfileJob(candidate, (problem,), ARCH))
        assert outcome.results[0].ok, outcome.results[0].error
        out[candidate] = outcome.results[0].median_us
    return out


def _clusters():
    from boltc.tuning.cluster import pinned_gpu_cluster
    from boltc.tuning.profile import visible_gpus

    made = [("pinned", lambda: pinned_gpu_cluster(visible_gpus()))]
    try:
        from dask_cuda import LocalCUDACluster  # noqa: F401
    except ImportError:
        pass
    else:
        from boltc.tuning.cluster import local_gpu_cluster

        made.append(("dask-cuda", local_gpu_cluster))
    return made


@pytest.mark.parametrize("ship", ["path", "bytes"])
def test_cluster_profiles_like_one_process(three, tmp_path: Path, ship: str):  # noqa: F811
    from boltc.tuning.cache import TuningCache, TuningKey
    from boltc.tuning.cluster import ClusterPool
    from boltc.tuning.profile import cuda_release, profile_problems, visible_gpus

    problem, picks = three
    reference = _in_process_times(problem, picks)
    for name, make in _clusters():
        cluster = make()
        try:
            with ClusterPool(cluster, ship=ship) as pool, TuningCache(tmp_path / f"{name}-{ship}.db") as cache:
                ranked = profile_problems([(c, problem) for c in picks], ARCH, cache=cache, pool=pool)
                summary = pool.summary
                assert len(ranked) == 3 and all(r.result.ok for r in ranked), [r.result.error for r in ranked]
                for r in ranked:
                    assert r.result.median_us == pytest.approx(reference[r.candidate], rel=0.15), (name, r)
                gpu = ranked[0].gpu
                stored = cache.lookup(TuningKey.for_problem(problem, gpu=gpu.name, capability=gpu.capability,
                                                            cuda=cuda_release()))
                assert stored is not None and stored.candidate == ranked[0].candidate
            assert summary.jobs == 3 and summary.failed == 0 and summary.profile_s > 0
            if len(visible_gpus()) > 1:
                assert len(summary.per_worker) > 1, (name, summary.per_worker)
            if ship == "bytes":
                assert summary.transfer_s > 0
        finally:
            cluster.close()
