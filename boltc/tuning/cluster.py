"""Profiling past one GPU: the profile jobs of tuning/profile.py on a Dask distributed cluster.

    with ClusterPool("local") as pool:                  # one worker per visible GPU of this host
        profile_candidates(op, "sm_90a", pool=pool, cache=cache)
    with ClusterPool("tcp://scheduler:8786") as pool:   # every worker of a running cluster
        ...

`ClusterPool` offers what `ProfilePool` offers (`run(jobs, on_result, deadline=)`, `cache_dir`,
`compile_s`), so `profile_problems` / `profile_candidates` take either. DESIGN.md
('Dependencies') chose Dask distributed with dask-cuda: one worker per GPU, a scheduler address
for many hosts. Dask is an optional extra (`pip install 'boltc[cluster]'`), imported only here
and only when a ClusterPool is made.

The cluster:
- "local" with the real runner (`run_job`): one worker process per visible GPU, each seeing only
  its GPU (`CUDA_VISIBLE_DEVICES` set before CUDA starts in it): dask-cuda's LocalCUDACluster
  when dask-cuda is installed, else the same made of plain Dask nannies (`pinned_gpu_cluster`),
  so the GPU machines need only dask and distributed.
- "local" with any other runner (a stand-in that needs no GPU, `RecordedRunner`): a CPU
  `LocalCluster` of `workers` processes (the tests; dry runs of the machinery).
- an address: `Client(address)`; its workers are whatever the cluster's owner started
  (`dask-cuda-worker` on each GPU host, or `dask worker --nthreads 1` with CUDA_VISIBLE_DEVICES).

Profiler libraries are compiled once, on this host, by `profile_problems` (build_profilers,
every core). How a worker gets one (`ship`):
- "path" (the default for a cluster made here): the workers share this host's filesystem, so the
  task carries only the cache directory and the worker loads the library the driver built there
  (`profiler_library` finds it by its content-keyed name). No bytes move.
- "bytes" (the default for an address): the workers may be other hosts, where this host's path
  means nothing and nvcc may be absent. Each library is read here and scattered once (one Dask
  future per library, moved to a worker the first time a job there needs it, then kept with
  it); the task writes it under the worker's local directory by the same content-keyed name and
  runs `run_job(..., library=that path)`: nothing is compiled there. "path" can be forced for
  an address whose workers share the cache directory (NFS): nothing is then sent.

Each distinct job is submitted once (`client.submit(_run_task, ..., pure=False, key=...)`, its key
`job_key`), at most as many at a time as the cluster has worker threads (so a job starts where a
GPU is free, and none starts after the deadline). Results are read as they complete
(`as_completed`), handed to `on_result` (profile_problems writes each problem's ranking to the
tuning cache as its last job arrives) and released: a worker that dies later loses nothing.

Faults:
- A worker that dies mid-job (a segfault in a kernel, OOM, a lost host): Dask reschedules the job
  on another worker (`distributed.scheduler.allowed-failures`); if it kills that many workers,
  `KilledWorker` reaches us and the job is submitted again under a new key, up to
  `max_attempts` times, then reported rejected with the reason.
- A finished job is never timed twice in one run: before returning, the task publishes its
  result on the scheduler (its metadata, under the run's id and the job key), and a
  task that finds its job already published returns that instead of timing again. (Dask
  recomputes a finished result lost with its worker before we read it; this is what stops the
  recompute from timing the job again.) The driver also counts each job key once.
- A job that reports a lost CUDA context (`fatal`) gets its worker restarted (`restart_workers`):
  the next job there starts with a fresh context.
- A runner that raises is retried (`retries`) and then reported rejected with the exception.

Progress: profile_problems' `ProgressLine` (done / total, and per job the worker and its rate,
which the pool fills in). At the end `summary` (a `ClusterSummary`) says where the time went:
compile (here, before the run), transfer (scattering libraries, Dask moving them to workers,
writing them there) and profile (the runner, summed over workers), and per worker its jobs and
rate; with `progress` it is printed.

What is verified where: the whole path on a CPU LocalCluster of worker processes with
`RecordedRunner` (test/python/tuning/test_cluster.py: the same choices as ProfilePool, a worker
killed mid-run, shipping bytes, the pinned-GPU cluster's environment); on GPUs:
test/gpu/test_cluster_gpu.py.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from boltc.diagnostics import BoltcError
from boltc.tuning.profile import (
    GpuFacts,
    ProfileJob,
    ProfileJobResult,
    ProfileResult,
    Problem,
    candidate_text,
    describe_epilogue,
    problem_record,
    profiler_library_path,
    profiler_unit,
    run_job,
    visible_gpus,
)

DEFAULT_CPU_WORKERS = 2


def import_distributed():
    """dask.distributed, or a BoltcError saying how to get it."""
    try:
        import distributed
    except ImportError as error:
        raise BoltcError("tuning on a cluster needs Dask distributed, which is not installed "
                         f"({error}): pip install 'boltc[cluster]' (or 'dask[distributed]')") from None
    return distributed


def job_key(job: ProfileJob) -> str:
    """A job's name for the run: the same job, the same key (sha256 of its full description:
    candidate, problems, arch, settings)."""
    return "boltc-profile-" + hashlib.sha256(repr(job).encode()).hexdigest()[:20]


# --------------------------------------------------------------------------------------
# A runner that needs no GPU: recorded measurements, replayed.
# --------------------------------------------------------------------------------------


def measurement_key(candidate_text_: str, problem: Problem) -> str:
    return json.dumps([candidate_text_, problem_record(problem), describe_epilogue(problem.epilogue)],
                      sort_keys=True)


_JOBS_SEEN: dict[Any, int] = {}


class RecordedRunner:
    """A runner (`runner(job, cache_dir, library=None)`) that times nothing: each (candidate,
    problem) is answered from recorded measurements, profile_record's JSON-lines format (what
    bench/profile_space.py writes on a GPU): median_us, or rejected where the record says ok
    false or there is no record. Picklable, so Dask ships it to the workers. For tests, dry runs
    of a cluster, and re-ranking old measurements; `boltc tune profile --replay`.

    `die_on`: (marker file, n): the first worker process to reach its n-th job creates the
    marker and exits at once, mid-job (the test of a worker dying; once per marker)."""

    def __init__(self, records: Sequence[dict], *, capability: tuple[int, int] = (9, 0),
                 die_on: tuple[str, int] | None = None):
        self.table: dict[str, tuple[float | None, bool]] = {}
        self.gpu_name = "recorded"
        for record in records:
            key = json.dumps([record["candidate"], record["problem"], record["epilogue"]], sort_keys=True)
            self.table[key] = (record.get("median_us"), bool(record.get("ok")))
            self.gpu_name = record.get("gpu", self.gpu_name)
        self.capability = tuple(capability)
        self.die_on = die_on

    @classmethod
    def from_file(cls, path: str | os.PathLike[str], **options) -> RecordedRunner:
        """Records from a JSON-lines file (one profile_record per line) or a JSON list."""
        path = Path(path)
        try:
            text = path.read_text()
        except OSError as error:
            raise BoltcError(f"cannot read the recorded measurements {path}: {error.strerror}") from None
        try:
            stripped = text.lstrip()
            records = json.loads(text) if stripped.startswith("[") else [
                json.loads(line) for line in text.splitlines() if line.strip()]
            runner = cls(records, **options)
        except (json.JSONDecodeError, KeyError, TypeError, AttributeError) as error:
            raise BoltcError(f"{path}: not profile records (bench/profile_space.py's JSON lines): "
                             f"{type(error).__name__}: {error}") from None
        return runner

    def __call__(self, job: ProfileJob, cache_dir: str | None = None, library: str | None = None) -> ProfileJobResult:
        # Counted per process: Dask unpickles a fresh runner for every task.
        _JOBS_SEEN[self.die_on] = _JOBS_SEEN.get(self.die_on, 0) + 1
        if self.die_on is not None and _JOBS_SEEN[self.die_on] == self.die_on[1]:
            try:
                fd = os.open(self.die_on[0], os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                pass  # another worker died already: once
            else:
                os.close(fd)
                os._exit(17)
        text = candidate_text(job.candidate)
        results = []
        for problem in job.problems:
            entry = self.table.get(measurement_key(text, problem))
            if entry is None:
                results.append(ProfileResult.rejected("no recorded measurement"))
            elif entry[1] and entry[0] is not None:
                results.append(ProfileResult(float(entry[0]), 1, True))
            else:
                results.append(ProfileResult.rejected("rejected in the recorded measurements"))
        return ProfileJobResult(job, tuple(results), GpuFacts(self.gpu_name, self.capability))  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------
# The clusters made here.
# --------------------------------------------------------------------------------------


def pinned_gpu_cluster(gpus: Sequence[str]):
    """One Dask worker process (a nanny's) per GPU, with `CUDA_VISIBLE_DEVICES` set to it before
    the process starts, one thread each: what dask-cuda's LocalCUDACluster makes, from plain
    Dask (for a machine without dask-cuda)."""
    distributed = import_distributed()
    workers = {
        f"gpu-{gpu}": {"cls": distributed.Nanny,
                       "options": {"nthreads": 1, "name": f"gpu-{gpu}",
                                   "env": {"CUDA_VISIBLE_DEVICES": gpu}}}
        for gpu in gpus
    }
    scheduler = {"cls": distributed.Scheduler, "options": {"dashboard_address": ":0"}}
    return distributed.SpecCluster(workers=workers, scheduler=scheduler, name="boltc-gpus")


def local_gpu_cluster(gpus: Sequence[str] | None = None):
    """One worker per GPU of this host: dask-cuda's LocalCUDACluster when it is installed, else
    `pinned_gpu_cluster`. A BoltcError when no GPU is visible."""
    gpus = list(gpus) if gpus is not None else visible_gpus()
    if not gpus:
        raise BoltcError("profiling on a local cluster needs CUDA GPUs: none is visible "
                         "(CUDA_VISIBLE_DEVICES, nvidia-smi); --replay runs the machinery without one")
    try:
        from dask_cuda import LocalCUDACluster
    except ImportError:
        return pinned_gpu_cluster(gpus)
    return LocalCUDACluster(CUDA_VISIBLE_DEVICES=",".join(gpus), threads_per_worker=1, dashboard_address=":0")


def local_cpu_cluster(workers: int = DEFAULT_CPU_WORKERS):
    """A CPU LocalCluster of `workers` processes, one thread each (a runner that needs no GPU)."""
    distributed = import_distributed()
    return distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                    dashboard_address=":0")


# --------------------------------------------------------------------------------------
# The task a worker runs.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TaskReport:
    """What a task returns: the outcome, who ran it, and its time (seconds)."""

    outcome: ProfileJobResult
    worker: str
    write_s: float  # writing a shipped library to the worker's disk
    run_s: float  # the runner
    replayed: bool = False  # published by an earlier run of this task: not timed again


def worker_label(name: Any, address: str) -> str:
    """How progress names a worker: "worker 0" (LocalCluster's numbers), "gpu-1", or its address."""
    if name is None or str(name) == address:
        return address
    return f"worker {name}" if str(name).isdigit() else str(name)


def _run_task(job: ProfileJob, published: list[str], runner: Callable[..., ProfileJobResult], cache_dir: str | None,
              library_name: str | None, library_bytes: bytes | None) -> TaskReport:
    """On a worker: the job's result published by an earlier run of this task (its worker died
    before we read it), else the runner's, published before it is returned. `published`: where,
    in the scheduler's metadata ([run, job key])."""
    from distributed import get_client, get_worker

    worker, client = get_worker(), get_client()
    earlier = client.get_metadata(published, default=None)
    if earlier is not None:
        return replace(pickle.loads(earlier), replayed=True)
    start = time.perf_counter()
    library = None
    if library_bytes is not None and library_name is not None:
        path = Path(worker.local_directory) / "boltc-profilers" / library_name
        if not (path.is_file() and path.stat().st_size == len(library_bytes)):
            path.parent.mkdir(parents=True, exist_ok=True)
            partial = path.with_name(f".{path.name}.{os.getpid()}")
            partial.write_bytes(library_bytes)
            os.replace(partial, path)  # a reader sees the whole library or none
        library = str(path)
    wrote = time.perf_counter()
    outcome = runner(job, cache_dir) if library is None else runner(job, cache_dir, library=library)
    report = TaskReport(outcome, worker_label(worker.name, worker.address), wrote - start,
                        time.perf_counter() - wrote)
    client.set_metadata(published, pickle.dumps(report))
    return report


# --------------------------------------------------------------------------------------
# The pool.
# --------------------------------------------------------------------------------------


@dataclass
class WorkerTally:
    jobs: int = 0
    run_s: float = 0.0


@dataclass
class ClusterSummary:
    """Where a run's time went (seconds) and what happened to its jobs."""

    jobs: int = 0  # distinct jobs finished (each counted once)
    not_started: int = 0  # left when the deadline passed
    resubmitted: int = 0  # after KilledWorker (the workers running it died)
    failed: int = 0  # rejected for a cluster fault (workers kept dying, the runner raised)
    replayed: int = 0  # recomputed by Dask, answered from the published result, not timed again
    restarted: list[str] = field(default_factory=list)  # workers restarted for a lost CUDA context
    wall_s: float = 0.0
    compile_s: float = 0.0
    transfer_s: float = 0.0
    profile_s: float = 0.0
    per_worker: dict[str, WorkerTally] = field(default_factory=dict)

    def lines(self) -> list[str]:
        workers = len(self.per_worker)
        head = (f"boltc tune: cluster summary: {self.jobs} jobs on {workers} worker{'s' * (workers != 1)} "
                f"in {self.wall_s:.1f} s")
        notes = [f"{self.resubmitted} resubmitted after their workers died"] if self.resubmitted else []
        notes += [f"{self.failed} failed"] if self.failed else []
        notes += [f"{self.replayed} answered from a published result"] if self.replayed else []
        notes += [f"{self.not_started} not started (budget)"] if self.not_started else []
        notes += [f"restarted {', '.join(self.restarted)} (CUDA context lost)"] if self.restarted else []
        out = [head + (f" ({'; '.join(notes)})" if notes else "")]
        out.append(f"boltc tune:   time: compile {self.compile_s:.1f} s (here, before the run), transfer "
                   f"{self.transfer_s:.2f} s (profiler libraries to workers), profile {self.profile_s:.1f} s "
                   f"(summed over workers)")
        for name, tally in sorted(self.per_worker.items()):
            rate = tally.jobs / self.wall_s if self.wall_s > 0 else 0.0
            out.append(f"boltc tune:   {name}: {tally.jobs} jobs, {rate:.2f} jobs/s, {tally.run_s:.1f} s profiling")
        return out


class ClusterPool:
    """Profile jobs on a Dask cluster (the module docstring), with ProfilePool's interface.

    `cluster`: "local", a scheduler address, or a `distributed.Client` / cluster object made by
    the caller (then not closed here). `runner`: run_job, or a stand-in taking (job, cache_dir,
    library=None). `ship`: "auto", "path" or "bytes". `workers`: the CPU LocalCluster's size
    (a "local" cluster with a stand-in runner). `max_attempts`: submissions of a job whose workers
    keep dying. `retries`: Dask retries of a runner that raised."""

    compile_s = 0.0

    def __init__(self, cluster: Any = "local", *, runner: Callable[..., ProfileJobResult] = run_job,
                 cache_dir: str | os.PathLike[str] | None = None, ship: str = "auto",
                 workers: int | None = None, gpus: Sequence[str] | None = None, max_attempts: int = 3,
                 retries: int = 1, toolchain=None, progress: bool = True, stream=None,
                 connect_timeout_s: float = 30.0):
        if ship not in ("auto", "path", "bytes"):
            raise ValueError(f"ship must be auto, path or bytes, not {ship!r}")
        distributed = import_distributed()
        self.runner, self.max_attempts, self.retries = runner, max_attempts, retries
        self.cache_dir = os.fspath(cache_dir) if cache_dir else None
        self.toolchain, self.progress = toolchain, progress
        self.stream = stream if stream is not None else sys.stderr
        self.summary = ClusterSummary()
        self._owned: list[Any] = []
        made_here = True
        if isinstance(cluster, distributed.Client):
            self.client = cluster
        elif isinstance(cluster, str) and cluster == "local":
            if runner is run_job:
                local = local_gpu_cluster(gpus)
            else:
                local = local_cpu_cluster(workers or DEFAULT_CPU_WORKERS)
            self._owned.append(local)
            self.client = distributed.Client(local)
            self._owned.insert(0, self.client)
        elif isinstance(cluster, str):
            made_here = False
            try:
                self.client = distributed.Client(cluster, timeout=connect_timeout_s)
            except (OSError, TimeoutError, ValueError) as error:
                raise BoltcError(f"cannot reach the Dask scheduler at {cluster}: {error}") from None
            self._owned.append(self.client)
        else:  # a cluster object (LocalCluster, SpecCluster, ...)
            self.client = distributed.Client(cluster)
            self._owned.append(self.client)
        self.ship = ship if ship != "auto" else ("path" if made_here else "bytes")

    # -- lifetime ---------------------------------------------------------------------

    def close(self) -> None:
        for thing in self._owned:
            try:
                thing.close()
            except Exception:  # closing a half-dead cluster: nothing left to save
                pass
        self._owned = []

    def __enter__(self) -> ClusterPool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- the run ----------------------------------------------------------------------

    def worker_threads(self) -> int:
        info = self.client.scheduler_info(n_workers=-1) if _takes_n_workers(self.client) else self.client.scheduler_info()
        return sum(int(w.get("nthreads", 1)) for w in info.get("workers", {}).values())

    def _libraries(self, jobs: Sequence[ProfileJob]) -> dict[str, tuple[str, Any]]:
        """For ship "bytes": job key -> (library file name, a scattered future of its bytes), for
        every job whose library is built here (the others build on the worker)."""
        from boltc.lowering import build

        toolchain = self.toolchain or build.Toolchain.find()
        cache_dir = Path(self.cache_dir) if self.cache_dir else build.default_cache_dir()
        by_path: dict[Path, Any] = {}
        shipped: dict[str, tuple[str, Any]] = {}
        for job in jobs:
            try:
                path = profiler_library_path(profiler_unit(job.candidate, job.problems[0], job.arch),
                                             toolchain, cache_dir)
            except Exception:  # the emitter refuses it: the worker reports why
                continue
            if not path.is_file():
                continue
            if path not in by_path:
                by_path[path] = self.client.scatter(path.read_bytes(), hash=False)
            shipped[job_key(job)] = (path.name, by_path[path])
        return shipped

    def run(self, jobs: Sequence[ProfileJob], on_result: Callable[[ProfileJobResult], None], *,
            deadline: float | None = None) -> int:
        """Run `jobs` on the cluster until done or `deadline` (time.monotonic()): after it, no new
        job starts. Each distinct job is timed once; `on_result` gets one outcome per job listed.
        Returns how many jobs were not started."""
        distributed = import_distributed()
        start = time.monotonic()
        summary = self.summary = ClusterSummary(compile_s=self.compile_s)
        run_id = f"boltc-run-{os.getpid()}-{time.time_ns()}"
        by_key: dict[str, list[ProfileJob]] = {}
        for job in jobs:
            by_key.setdefault(job_key(job), []).append(job)
        order = deque(by_key)
        libraries: dict[str, tuple[str, Any]] = {}
        if self.ship == "bytes" and order:
            libraries = self._libraries([by_key[k][0] for k in order])
        summary.transfer_s += time.monotonic() - start
        try:
            self.client.wait_for_workers(1, timeout=60)
        except TimeoutError:
            raise BoltcError("the Dask cluster has no workers (none joined within 60 s)") from None
        stream_plugin = _task_stream(distributed, self.client)
        completed = distributed.as_completed()
        running: dict[Any, tuple[str, int]] = {}
        attempts: dict[str, int] = {}
        done: set[str] = set()

        def submit(key: str) -> None:
            attempts[key] = attempts.get(key, 0) + 1
            name, data = libraries.get(key, (None, None))
            future = self.client.submit(
                _run_task, by_key[key][0], [run_id, key], self.runner,
                self.cache_dir if self.ship == "path" else None, name, data,
                key=f"{key}-{attempts[key]}", pure=False, retries=self.retries)
            running[future] = (key, attempts[key])
            completed.add(future)

        try:
            while order or running:
                room = max(1, self.worker_threads()) - len(running)
                while order and room > 0 and (deadline is None or time.monotonic() < deadline):
                    submit(order.popleft())
                    room -= 1
                if not running:
                    break
                future = next(completed)
                key, attempt = running.pop(future)
                report: TaskReport | None = None
                try:
                    report = future.result()
                except distributed.KilledWorker as error:
                    if attempt < self.max_attempts:
                        summary.resubmitted += 1
                        order.appendleft(key)
                        future.release()
                        continue
                    outcome = _rejected(by_key[key][0], f"the workers running it died {attempt} times: {error}")
                    summary.failed += 1
                except Exception as error:  # the runner raised (after Dask's retries)
                    outcome = _rejected(by_key[key][0], f"{type(error).__name__}: {error}")
                    summary.failed += 1
                future.release()
                if key in done:  # counted once, whatever Dask did
                    continue
                done.add(key)
                if report is not None:
                    outcome = replace(report.outcome, worker=report.worker)
                    tally = summary.per_worker.setdefault(report.worker, WorkerTally())
                    summary.replayed += report.replayed
                    if not report.replayed:
                        tally.jobs += 1
                        tally.run_s += report.run_s
                        summary.profile_s += report.run_s
                        summary.transfer_s += report.write_s
                    if outcome.fatal:
                        self._restart(report.worker)
                summary.jobs += 1
                for job in by_key[key]:
                    on_result(replace(outcome, job=job))
            summary.not_started = sum(len(by_key[k]) for k in order)
            return summary.not_started
        finally:
            for future in list(running):
                future.cancel()
            summary.transfer_s += _transfer_seconds(stream_plugin)
            summary.wall_s = time.monotonic() - start
            try:
                self.client.set_metadata([run_id], None)  # the published results, freed
            except Exception:  # a cluster going down: the scheduler's memory goes with it
                pass
            if self.progress:
                for line in summary.lines():
                    print(line, file=self.stream, flush=True)

    def _restart(self, worker: str) -> None:
        """A fresh process for `worker` (its CUDA context is lost)."""
        address = next((a for a, w in self.client.scheduler_info().get("workers", {}).items()
                        if worker_label(w.get("name"), a) == worker), worker)
        try:
            self.client.restart_workers([address], raise_for_error=True)
            self.summary.restarted.append(worker)
        except Exception as error:  # no nanny to restart it: say so, the job is reported anyway
            print(f"boltc tune: cannot restart {worker} after a lost CUDA context: {error}",
                  file=self.stream, flush=True)


def _rejected(job: ProfileJob, reason: str) -> ProfileJobResult:
    return ProfileJobResult(job, tuple(ProfileResult.rejected(reason) for _ in job.problems), None)


def _takes_n_workers(client) -> bool:
    import inspect

    return "n_workers" in inspect.signature(client.scheduler_info).parameters


def _task_stream(distributed, client):
    """The scheduler's task stream (to count the seconds Dask spent moving libraries), or None."""
    try:
        plugin = distributed.get_task_stream(client=client)
        plugin.__enter__()
        return plugin
    except Exception:
        return None


def _transfer_seconds(plugin) -> float:
    if plugin is None:
        return 0.0
    try:
        plugin.__exit__(None, None, None)
        return sum(s["stop"] - s["start"] for task in plugin.data for s in task.get("startstops", ())
                   if s.get("action") == "transfer")
    except Exception:
        return 0.0


__all__ = ["ClusterPool", "ClusterSummary", "RecordedRunner", "job_key", "local_cpu_cluster",
           "local_gpu_cluster", "pinned_gpu_cluster"]
