"""tuning/cluster.py on a CPU Dask LocalCluster of worker processes, with the recorded runner
(measurements replayed, no GPU): the same choices as the single-process ProfilePool, a worker
killed mid-run losing nothing and timing nothing twice, libraries shipped as bytes, the
pinned-GPU cluster's environment, progress and summary lines; and `boltc tune profile`."""

from __future__ import annotations

import concurrent.futures
import io
import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("distributed", reason="the cluster tests need dask[distributed] (the 'cluster' extra)")

from boltc.diagnostics import BoltcError  # noqa: E402
from boltc.lowering import build  # noqa: E402
from boltc.tuning.cache import TuningCache, TuningKey  # noqa: E402
from boltc.tuning.cluster import (  # noqa: E402
    ClusterPool,
    RecordedRunner,
    job_key,
    local_cpu_cluster,
    pinned_gpu_cluster,
)
from boltc.tuning.profile import (  # noqa: E402
    ProfileJob,
    ProfileJobResult,
    ProfilePool,
    ProfileResult,
    ProgressLine,
    jobs_for,
    profile_problems,
    profile_record,
    profiler_library_path,
    profiler_unit,
)
from boltc.tuning.space import Family, problem_of, space  # noqa: E402

from shapes import gemm_op  # noqa: E402

ARCH = "sm_90a"
REPO = Path(__file__).resolve().parents[3]
PROBLEM = problem_of(gemm_op(1280, 768, 768), Family.GEMM_SM90, ARCH)
OTHER = replace(PROBLEM, m=2560)
CANDIDATES = space(PROBLEM, Family.GEMM_SM90, ARCH)[:12]
PAIRS = [(c, p) for p in (PROBLEM, OTHER) for c in CANDIDATES]
GPU_NAME = "NVIDIA H100 80GB HBM3"


def recorded(pairs=PAIRS) -> list[dict]:
    """Measurements as bench/profile_space.py records them: distinct times (no ties to break),
    64-row tiles rejected, one pair never measured."""
    records = []
    for i, (candidate, problem) in enumerate(pairs[:-1]):
        rejected = candidate.tile[0] == 64
        time_us = 5.0 + (i * 7919 % 97) / 10 + problem.m / 1000
        records.append(profile_record(GPU_NAME, candidate, problem,
                                      ProfileResult.rejected("x") if rejected else ProfileResult(time_us, 10, True)))
    return records


@pytest.fixture(scope="module")
def cluster():
    """Two worker processes, one thread each, shared by the tests (starting one takes ~2 s)."""
    local = local_cpu_cluster(2)
    yield local
    local.close()


def single_process(tmp_path: Path, runner) -> tuple[list, list[tuple]]:
    """The reference: ProfilePool, one in-process 'GPU'."""
    pool = ProfilePool(["0"], runner=runner,
                       executor_factory=lambda gpu: concurrent.futures.ThreadPoolExecutor(max_workers=1))
    with TuningCache(tmp_path / "single.db") as cache:
        ranked = profile_problems(PAIRS, ARCH, cache=cache, pool=pool, compile=False, cuda="13.0", progress=False)
        entries = [(k, r.candidate, r.measured_us, r.runners_up) for k, r in cache.entries()]
    return ranked, entries


def on_cluster(tmp_path: Path, pool: ClusterPool, name: str, arrived: list | None = None):
    with TuningCache(tmp_path / name) as cache:
        ranked = profile_problems(PAIRS, ARCH, cache=cache, pool=pool, compile=False, cuda="13.0",
                                  progress=False, on_result=arrived.append if arrived is not None else None)
        entries = [(k, r.candidate, r.measured_us, r.runners_up) for k, r in cache.entries()]
    return ranked, entries


def outcomes(ranked) -> list[tuple]:
    return [(r.candidate, r.problem, r.result.ok, r.result.median_us) for r in ranked]


def test_cluster_makes_the_same_choices_as_one_process(tmp_path: Path, cluster):
    runner = RecordedRunner(recorded())
    single, single_entries = single_process(tmp_path, runner)
    stream = io.StringIO()
    with ClusterPool(cluster, runner=runner, stream=stream) as pool:
        assert pool.ship == "path"  # a cluster object made by the caller on this host
        ranked, entries = on_cluster(tmp_path, pool, "cluster.db")
        summary = pool.summary
    assert outcomes(ranked) == outcomes(single)
    assert len(entries) == 2 and [e[1:] for e in entries] == [e[1:] for e in single_entries]
    assert [e[0] for e in entries] == [e[0] for e in single_entries]
    for problem in (PROBLEM, OTHER):  # the recorded fastest, not just whatever both agree on
        key = TuningKey.for_problem(problem, gpu=GPU_NAME, capability=(9, 0), cuda="13.0")
        best = min((r for r in recorded() if r["ok"] and r["problem"]["m"] == problem.m),
                   key=lambda r: r["median_us"])
        assert {e[0]: e for e in entries}[key][2] == best["median_us"]
    jobs = len(jobs_for(PAIRS, ARCH))
    assert summary.jobs == jobs and summary.failed == summary.resubmitted == summary.not_started == 0
    assert sum(t.jobs for t in summary.per_worker.values()) == jobs and len(summary.per_worker) == 2
    lines = stream.getvalue().splitlines()
    assert lines[0].startswith(f"boltc tune: cluster summary: {jobs} jobs on 2 workers in ")
    assert "time: compile 0.0 s (here, before the run), transfer" in lines[1] and "profile" in lines[1]
    assert len(lines) == 4 and all(" jobs/s, " in line for line in lines[2:])


def test_progress_names_each_worker_and_its_rate(tmp_path: Path, cluster, monkeypatch):
    stream = io.StringIO()
    ticks = iter(range(1000))
    monkeypatch.setattr("boltc.tuning.profile.ProgressLine",
                        lambda total: ProgressLine(total, stream, clock=lambda: float(next(ticks))))
    with ClusterPool(cluster, runner=RecordedRunner(recorded()), progress=False) as pool, \
            TuningCache(tmp_path / "c.db") as cache:
        profile_problems(PAIRS, ARCH, cache=cache, pool=pool, compile=False, cuda="13.0")
    lines = stream.getvalue().splitlines()
    jobs = len(jobs_for(PAIRS, ARCH))
    assert len(lines) == jobs and lines[-1].startswith(f"boltc tune: [{jobs}/{jobs}] ")
    import re

    counts: dict[str, int] = {}
    for n, line in enumerate(lines, 1):
        match = re.search(r"\(([^()]+): (\d+) jobs, (\d+\.\d\d) jobs/s\)$", line)
        assert match, line
        worker, count, rate = match.group(1), int(match.group(2)), float(match.group(3))
        counts[worker] = counts.get(worker, 0) + 1
        assert count == counts[worker] and rate == pytest.approx(count / n, abs=0.01)  # one tick per line
    assert sum(counts.values()) == jobs


def test_a_worker_killed_mid_run_loses_nothing(tmp_path: Path):
    """A worker process exits (os._exit) in the middle of its 3rd job: every job still arrives
    exactly once, and the ranking and the cache equal the single-process run's."""
    marker = tmp_path / "died"
    log = tmp_path / "timed.log"
    runner = LoggingRunner(recorded(), log, die_on=(str(marker), 3))
    single, single_entries = single_process(tmp_path, RecordedRunner(recorded()))
    arrived: list[ProfileJobResult] = []
    local = local_cpu_cluster(2)
    try:
        with ClusterPool(local, runner=runner, progress=False) as pool:
            ranked, entries = on_cluster(tmp_path, pool, "cluster.db", arrived)
            summary = pool.summary
    finally:
        local.close()
    assert marker.exists()  # a worker did die
    jobs = jobs_for(PAIRS, ARCH)
    assert sorted(job_key(o.job) for o in arrived) == sorted(job_key(j) for j in jobs)  # each once
    timed = log.read_text().splitlines()
    assert sorted(timed) == sorted(job_key(j) for j in jobs)  # each timed once, none twice
    assert outcomes(ranked) == outcomes(single)
    assert [e[1:] for e in entries] == [e[1:] for e in single_entries]
    assert summary.jobs == len(jobs) and summary.failed == 0


class LoggingRunner(RecordedRunner):
    """The recorded runner, appending each finished job's key to a file (to count timings)."""

    def __init__(self, records, log: Path, **options):
        super().__init__(records, **options)
        self.log = str(log)

    def __call__(self, job, cache_dir=None, library=None):
        outcome = super().__call__(job, cache_dir, library)
        with open(self.log, "a") as f:
            f.write(job_key(job) + "\n")
        return outcome
