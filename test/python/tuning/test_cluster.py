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


def test_libraries_travel_as_bytes_to_workers_elsewhere(tmp_path: Path, cluster):
    """ship="bytes" (an address's default): the library built here is read, scattered, written
    under the worker's own directory and handed to the runner; nothing is compiled there."""
    toolchain = build.Toolchain(Path("/usr/bin/nvcc"), "nvcc 13.0", "4.2.0.0", ())
    jobs = jobs_for(PAIRS[:3], ARCH)
    expected = {}
    for i, job in enumerate(jobs):
        path = profiler_library_path(profiler_unit(job.candidate, job.problems[0], ARCH), toolchain, tmp_path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(f"library {i} ".encode() * 1000)  # stands in for the ELF
        expected[job_key(job)] = path
    arrived = []
    with ClusterPool(cluster, runner=LibraryCheckingRunner(recorded()), ship="bytes", cache_dir=tmp_path,
                     toolchain=toolchain, progress=False) as pool:
        assert pool.run(jobs, arrived.append) == 0
        assert pool.summary.transfer_s > 0
    assert len(arrived) == len(jobs)
    for outcome in arrived:
        shipped = Path(outcome.results[0].error.removeprefix("library at "))
        source = expected[job_key(outcome.job)]
        assert shipped != source and shipped.name == source.name  # the worker's copy, same name
        assert shipped.read_bytes() == source.read_bytes()


class LibraryCheckingRunner(RecordedRunner):
    """Reports where its library came to be (in `error`): the test reads the file."""

    def __call__(self, job, cache_dir=None, library=None):
        assert cache_dir is None and library is not None, (cache_dir, library)
        return ProfileJobResult(job, tuple(ProfileResult.rejected(f"library at {library}") for _ in job.problems),
                                None)


def environment_runner(job, cache_dir=None, library=None):
    """The worker's CUDA_VISIBLE_DEVICES, as the 'GPU' name."""
    from boltc.tuning.profile import GpuFacts

    return ProfileJobResult(job, (ProfileResult(1.0, 1, True),) * len(job.problems),
                            GpuFacts(os.environ.get("CUDA_VISIBLE_DEVICES", "unset"), (9, 0)))


def test_pinned_gpu_cluster_gives_each_worker_one_gpu():
    """The cluster `--cluster local` makes without dask-cuda: worker gpu-N sees only GPU N."""
    arrived = []
    gpus_cluster = pinned_gpu_cluster(["0", "1"])
    try:
        with ClusterPool(gpus_cluster, runner=environment_runner, progress=False) as pool:
            pool.run(jobs_for(PAIRS, ARCH), arrived.append)
    finally:
        gpus_cluster.close()
    seen = {(o.worker, o.gpu.name) for o in arrived}
    assert seen == {("gpu-0", "0"), ("gpu-1", "1")}


def test_without_dask_the_error_says_what_to_install(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_dask(name, *args, **kwargs):
        if name == "distributed" or name.startswith("distributed."):
            raise ImportError("No module named 'distributed'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_dask)
    with pytest.raises(BoltcError, match=r"needs Dask distributed.*pip install 'boltc\[cluster\]'"):
        ClusterPool("local", runner=environment_runner)


def test_local_cluster_with_the_real_runner_needs_a_gpu(monkeypatch):
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "")
    with pytest.raises(BoltcError, match="needs CUDA GPUs: none is visible"):
        ClusterPool("local")


def test_an_unreachable_scheduler_is_a_clear_error():
    with pytest.raises(BoltcError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        ClusterPool("tcp://127.0.0.1:9", connect_timeout_s=2)


# -- boltc tune profile ------------------------------------------------------------------------

MODEL = REPO / "test" / "data" / "mlp_gelu.mlir"  # three GEMMs (the first two one bolt.b2b unless --no-fuse-b2b)


def boltc(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "boltc.cli", *args], capture_output=True, text=True, cwd=REPO,
                          timeout=120, env={**os.environ, **(env or {})})


@pytest.fixture(scope="module")
def model_records(tmp_path_factory) -> tuple[Path, list[dict]]:
    from boltc.tools.tune import anchors
    from boltc.tuning.profile import candidate_pairs

    pairs = [p for op in anchors(str(MODEL), ARCH, "f16", fuse_b2b=False) for p in candidate_pairs(op, ARCH)]
    records = [profile_record(GPU_NAME, c, p, ProfileResult(1.0 + (i * 7919 % 101) / 10, 10, True))
               for i, (c, p) in enumerate(pairs)]  # every pair measured and accepted
    path = tmp_path_factory.mktemp("records") / "records.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path, records


# The flags of `boltc tune profile --help` and the tests that hold each to its word.
PROFILE_FLAG_TESTS = {
    "model": ["test_tune_profile_on_a_local_cluster_fills_the_cache"],
    "--arch": ["test_tune_profile_checks_its_flags"],
    "--precision": ["test_tune_profile_checks_its_flags"],
    "--cluster": ["test_tune_profile_on_a_local_cluster_fills_the_cache", "test_tune_profile_without_a_gpu_says_so"],
    "--workers": ["test_tune_profile_on_a_local_cluster_fills_the_cache", "test_tune_profile_checks_its_flags"],
    "--replay": ["test_tune_profile_on_a_local_cluster_fills_the_cache", "test_tune_profile_checks_its_flags"],
    "--budget": ["test_tune_profile_checks_its_flags"],
    "--cache": ["test_tune_profile_on_a_local_cluster_fills_the_cache"],
    "--quiet": ["test_tune_profile_on_a_local_cluster_fills_the_cache"],
    "--no-fuse-b2b": ["test_tune_profile_on_a_local_cluster_fills_the_cache", "test_tune_profile_skips_the_stages_of_a_fused_pair"],
    "--help": ["test_every_tune_profile_flag_is_tested"],
}


def test_every_tune_profile_flag_is_tested():
    from boltc.tools.tune import build_parser

    commands = next(a for a in build_parser()._actions if a.dest == "command")
    offered = {a.dest if not a.option_strings else max(a.option_strings, key=len)
               for a in commands.choices["profile"]._actions}
    assert offered == set(PROFILE_FLAG_TESTS)
    assert {t for tests in PROFILE_FLAG_TESTS.values() for t in tests} <= set(globals())


def test_tune_profile_on_a_local_cluster_fills_the_cache(tmp_path: Path, model_records):
    records_path, records = model_records
    out = tmp_path / "out.db"
    result = boltc("tune", "profile", str(MODEL), "--cluster", "local", "--workers", "2", "--replay",
                   str(records_path), "--cache", str(out), "--no-fuse-b2b")
    assert result.returncode == 0, result.stderr
    assert "boltc tune: cluster summary: " in result.stderr and "on 2 workers" in result.stderr
    assert "3 GEMM/convolution ops, 3 distinct problems" in result.stderr
    assert f"{out}: 3 entries (3 new)" in result.stdout
    with TuningCache(out) as cache:
        entries = cache.entries()
    by_shape: dict[tuple, float] = {}
    for r in records:
        shape = (r["problem"]["m"], r["problem"]["n"], r["problem"]["k"])
        by_shape[shape] = min(by_shape.get(shape, float("inf")), r["median_us"])
    assert sorted(r.measured_us for _, r in entries) == sorted(by_shape.values())
    quiet = boltc("tune", "profile", str(MODEL), "--cluster", "local", "--replay", str(records_path),
                  "--cache", str(out), "-q", "--no-fuse-b2b")
    assert quiet.returncode == 0 and "boltc tune:" not in quiet.stderr
    assert f"{out}: 3 entries (0 new)" in quiet.stdout  # the same times: nothing replaced


def test_tune_profile_skips_the_stages_of_a_fused_pair(tmp_path: Path, model_records):
    """By default mlp_gelu's GELU pair is one bolt.b2b on sm_90a: its two GEMMs are never built
    as GEMM kernels (the b2b kernel's plan decides their tiles), so only the third is profiled;
    --no-fuse-b2b profiles all three (test_tune_profile_on_a_local_cluster_fills_the_cache)."""
    records_path, records = model_records
    out = tmp_path / "out.db"
    result = boltc("tune", "profile", str(MODEL), "--replay", str(records_path), "--cache", str(out))
    assert result.returncode == 0, result.stderr
    assert "1 GEMM/convolution ops, 1 distinct problems" in result.stderr
    assert f"{out}: 1 entries (1 new)" in result.stdout
    with TuningCache(out) as cache:
        [(key, _)] = cache.entries()
    assert key.shape == "m=4 n=16 k=24 batch=1"  # the last GEMM: 24 -> 16


def test_tune_profile_without_a_gpu_says_so(tmp_path: Path):
    env = {"CUDA_VISIBLE_DEVICES": ""}
    for extra in ([], ["--cluster", "local"]):
        result = boltc("tune", "profile", str(MODEL), *extra, "--cache", str(tmp_path / "c.db"), env=env)
        assert result.returncode == 1 and "Traceback" not in result.stderr
        assert "needs" in result.stderr and "GPU" in result.stderr and "none is visible" in result.stderr


def test_tune_profile_checks_its_flags(tmp_path: Path, model_records):
    records_path, _ = model_records
    for args, message in [
        (["--arch", "sm_70"], "invalid choice: 'sm_70'"),
        (["--precision", "f8"], "invalid choice: 'f8'"),
        (["--workers", "0"], "must be at least 1"),
        (["--budget", "-1"], "expected a positive number of seconds"),
    ]:
        result = boltc("tune", "profile", str(MODEL), *args)
        assert result.returncode == 2 and message in result.stderr, (args, result.stderr)
    gpu_workers = boltc("tune", "profile", str(MODEL), "--workers", "2", "--replay", str(records_path))
    assert gpu_workers.returncode == 1 and "--workers sizes the CPU cluster" in gpu_workers.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    result = boltc("tune", "profile", str(MODEL), "--replay", str(bad), "--cache", str(tmp_path / "c.db"))
    assert result.returncode == 1 and f"{bad}: error: " not in result.stderr and "not profile records" in result.stderr
    sm80 = boltc("tune", "profile", str(MODEL), "--arch", "sm_80", "--precision", "bf16", "--replay", str(records_path),
                 "--cache", str(tmp_path / "sm80.db"), "--budget", "600")
    # the sm_90a records do not answer sm_80's bf16 problems: every timing rejected, nothing stored
    assert sm80.returncode == 0, sm80.stderr
    assert "0 entries (0 new); 0 of" in sm80.stdout and "no recorded measurement" in sm80.stderr
