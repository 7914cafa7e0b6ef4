"""Tuning a model from a cold cache on one GPU and on two (issue 16), and two GPUs' partial
tuning databases merged into one: wall times, and every database's choices against the
one-GPU run's.

    python3 bench/tune_gpus.py --out $OUT/tune_gpus.json [--model resnet50] [--batch 32] [--budget 120] [--dask]

Run on a host with two GPUs (the `nvidia-h200-x2` kind: 32 cores). Each phase runs in fresh
processes with a fresh kernel-object cache (BOLTC_CACHE_DIR) and tuning database: cold. Each
times one plan: the one `--tune profile` makes on the one-GPU machine kind (select's
ProfilePlanner at `--budget` on half this host's cores, e.g. 24 profilers for ResNet-50 at
120 s on 16), so every phase does the same work with other resources; its profilers compile
here (BOLTC_JOBS = the phase's cores) and run on the phase's GPUs (profile.profile_problems,
what select.profile_all calls on a cold cache; no deadline: the time is what the work takes):

- one: GPU 0 alone, on half the host's cores (`taskset`): the one-GPU machine kind.
- two: both GPUs and every core (the two-GPU kind).
- two-dask (`--dask`): as `two`, its jobs on tuning/cluster.py's ClusterPool("local") (Dask
  distributed, one worker pinned to each GPU) instead of ProfilePool.
- parts: two processes at once, one per GPU on half the cores each, each timing the one-GPU
  plan's jobs for its half of the problems (every candidate of a problem in one process, so a
  problem's ranking is whole) into its own database; then `boltc tune merge` of the two.

Compared: per problem (tuning-cache key), each database's choice against `one`'s; where they
differ, how much slower `one` measured the other's choice (its runners-up): timing noise where
that is a few percent. Printed as a table; `--out` keeps every number.

`--worker` is the phases' own entry point (one process: build the model's ops, plan, time).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARCH = "sm_90a"


# ---- one phase's process -----------------------------------------------------------------------


def model_ops(model: str, batch: int, precision: str = "f16") -> list:
    """The model's bolt.gemm / bolt.conv2d ops that select-kernels tunes, as a compile sees them.
    `model`: an .mlir path, or a timm model name (built as bench/models.py builds it)."""
    from boltc.tools.tune import anchors

    if model.endswith(".mlir"):
        return anchors(model, ARCH, precision)
    import torch

    sys.path.insert(0, str(ROOT / "bench"))
    from models import example_input, make_model

    dtype = {"f16": torch.float16, "bf16": torch.bfloat16}[precision]
    net = make_model(model).eval().to(dtype)
    return anchors(net, ARCH, precision, example_inputs=(example_input(model, batch).to(dtype),))


def planned_pairs(ops, budget: float, cores: int) -> tuple[list, list[str]]:
    """profile_all's plan for `ops` at `budget` on `cores` cores: the (candidate, problem) pairs
    it times, in order, and its profilers' names."""
    from boltc.tuning.select import ProfilePlanner

    planner = ProfilePlanner(ops, ARCH)
    cover, cap = planner.sized(budget, cores)
    plan = planner.plan(cover, max_profilers=cap)
    pairs = list(dict.fromkeys(pair for op_pairs in plan.values() for pair in op_pairs))
    return pairs, sorted(planner.profilers(pairs))


def problem_part(pairs, part: int, parts: int) -> list:
    """The pairs whose problem falls in `part` of `parts`: problems in order of first appearance,
    dealt round-robin, so every candidate of a problem lands in the same part."""
    order = {problem: i for i, problem in enumerate(dict.fromkeys(p for _, p in pairs))}
    return [(c, p) for c, p in pairs if order[p] % parts == part]


def worker(args: argparse.Namespace) -> None:
    from boltc.tuning.cache import TuningCache
    from boltc.tuning.profile import ProfilePool, profile_problems

    start = time.monotonic()
    ops = model_ops(args.model, args.batch)
    pairs, profilers = planned_pairs(ops, args.budget, args.plan_cores)
    ready = time.monotonic()
    if args.dask:
        from boltc.tuning.cluster import ClusterPool

        pool = ClusterPool("local", progress=True)
    else:
        pool = ProfilePool()
    try:
        with TuningCache(args.db) as cache:
            if args.part is not None:
                part, parts = (int(x) for x in args.part.split("/"))
                pairs = problem_part(pairs, part, parts)
            outcomes = profile_problems(pairs, ARCH, cache=cache, pool=pool, progress=True)
            entries = len(cache)
    finally:
        close = getattr(pool, "close", None)
        if close is not None:
            close()
    done = time.monotonic()
    print(json.dumps({"ops": len(ops), "pairs": len(pairs), "profilers": profilers, "entries": entries,
                      "accepted": sum(r.result.ok for r in outcomes),
                      "prepare_s": round(ready - start, 1), "tuning_s": round(done - ready, 1),
                      # the profilers' compiles (the timing overlaps them; what follows is its tail)
                      "compile_s": round(pool.compile_s, 1),
                      "gpus": os.environ.get("CUDA_VISIBLE_DEVICES"), "jobs": os.environ.get("BOLTC_JOBS")}),
          flush=True)


# ---- the driver --------------------------------------------------------------------------------


def launch(name: str, args: argparse.Namespace, work: Path, *, gpus: str, cores: range, plan_cores: int,
           part: str | None = None, dask: bool = False) -> subprocess.Popen:
    env = dict(os.environ, CUDA_VISIBLE_DEVICES=gpus, BOLTC_JOBS=str(len(cores)),
               BOLTC_CACHE_DIR=str(work / name / "objects"), PYTHONUNBUFFERED="1")
    (work / name).mkdir(parents=True, exist_ok=True)
    # The phase's cores: taskset pins nvcc too (its children inherit the mask); without taskset
    # BOLTC_JOBS alone bounds the compiles.
    pin = ["taskset", "-c", f"{cores.start}-{cores.stop - 1}"] if shutil.which("taskset") else []
    command = [*pin, sys.executable, __file__, "--worker",
               "--model", args.model, "--batch", str(args.batch), "--budget", str(args.budget),
               "--plan-cores", str(plan_cores),
               "--db", str(work / name / "tuning.db"), *(["--part", part] if part else []),
               *(["--dask"] if dask else [])]
    log, out = open(work / name / "log.txt", "w"), open(work / name / "result.txt", "w")
    print(f"tune_gpus: {name}: GPUs {gpus}, cores {cores.start}-{cores.stop - 1}",
          file=sys.stderr, flush=True)
    return subprocess.Popen(command, env=env, stdout=out, stderr=log, text=True)


class PhaseFailed(Exception):
    pass


def finish(name: str, process: subprocess.Popen, work: Path, started: float) -> dict:
    process.wait()
    wall = time.monotonic() - started
    lines = [line for line in (work / name / "result.txt").read_text().splitlines() if line.startswith("{")]
    if process.returncode != 0 or not lines:
        tail = (work / name / "log.txt").read_text()[-3000:]
        raise PhaseFailed(f"tune_gpus: phase {name} failed (exit {process.returncode}):\n{tail}")
    result = json.loads(lines[-1])
    result["wall_s"] = round(wall, 1)
    print(f"tune_gpus: {name}: tuning {result['tuning_s']} s ({result['pairs']} candidates, "
          f"{len(result['profilers'])} profilers, {result['entries']} entries)", file=sys.stderr, flush=True)
    return result


def run_phase(name: str, args, work: Path, **kw) -> dict:
    started = time.monotonic()
    return finish(name, launch(name, args, work, **kw), work, started)


def choices(db: Path) -> dict[str, tuple[str, float | None, dict[str, float | None]]]:
    """Per key digest: (the chosen candidate, its time, every candidate's time it holds)."""
    from boltc.tuning.cache import TuningCache

    with TuningCache(db, create=False) as cache:
        out = {}
        for key, record in cache.entries():
            times = {record.candidate.describe(): record.measured_us}
            times.update({c.describe(): t for c, t in record.runners_up})
            out[key.digest()] = (record.candidate.describe(), record.measured_us, times)
        return out


def compare(reference: dict, other: dict) -> dict:
    """`other`'s choices against `reference`'s: keys in both, equal choices, and for each
    different one how much slower `reference` measured `other`'s choice than its own."""
    common = reference.keys() & other.keys()
    equal, gaps = 0, []
    for key in sorted(common):
        mine, my_us, times = reference[key]
        theirs = other[key][0]
        if theirs == mine:
            equal += 1
            continue
        their_us = times.get(theirs)
        gaps.append({"reference": mine, "other": theirs,
                     "slower_in_reference": None if their_us is None or not my_us else round(their_us / my_us - 1, 4)})
    return {"keys_reference": len(reference), "keys_other": len(other), "common": len(common),
            "missing": len(reference.keys() - other.keys()), "extra": len(other.keys() - reference.keys()),
            "equal": equal, "different": gaps}


def driver(args: argparse.Namespace) -> None:
    cores = os.sched_getaffinity(0)
    n = len(cores)
    if n < 4:
        raise SystemExit(f"tune_gpus: {n} cores here; the phases split them in halves")
    half, every = range(0, n // 2), range(0, n)
    work = Path(args.work or tempfile.mkdtemp(prefix="tune_gpus_"))
    report: dict = {"model": args.model, "batch": args.batch, "budget_s": args.budget, "cores": n,
                    "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "phases": {}}
    phases = report["phases"]

    def save() -> None:  # after every phase: a run cut short keeps what it measured
        if args.out:
            Path(args.out).write_text(json.dumps(report, indent=1))

    plan = dict(plan_cores=len(half))
    phases["one"] = run_phase("one", args, work, gpus="0", cores=half, **plan)
    save()
    phases["two"] = run_phase("two", args, work, gpus="0,1", cores=every, **plan)
    save()
    if not args.parts:
        return report_on(report, work, None, save)
    started = time.monotonic()
    running = [(f"part{i}", launch(f"part{i}", args, work, gpus=str(i),
                                   cores=range(i * (n // 2), (i + 1) * (n // 2)), part=f"{i}/2", **plan))
               for i in range(2)]
    for name, process in running:
        phases[name] = finish(name, process, work, started)
    merged = work / "merged.db"
    subprocess.run([sys.executable, "-m", "boltc.cli", "tune", "merge", str(work / "part0" / "tuning.db"),
                    str(work / "part1" / "tuning.db"), "-o", str(merged)], check=True)
    phases["parts"] = {"wall_s": round(time.monotonic() - started, 1)}
    save()
    if args.dask:  # last: the other phases stand without Dask
        try:
            phases["two-dask"] = run_phase("two-dask", args, work, gpus="0,1", cores=every, dask=True, **plan)
        except PhaseFailed as error:
            print(error, file=sys.stderr)
            report["dask_error"] = str(error)[-3000:]
    report_on(report, work, merged, save)


def report_on(report: dict, work: Path, merged: Path | None, save: Callable[[], None]) -> None:
    """The comparisons against the one-GPU phase, printed as a table and saved."""
    phases = report["phases"]
    reference = choices(work / "one" / "tuning.db")
    report["same_plan"] = {name: phases[name]["profilers"] == phases["one"]["profilers"]
                           for name in ("two", "two-dask") if name in phases}
    report["against_one"] = {name: compare(reference, choices(path)) for name, path in
                             [(p, work / p / "tuning.db") for p in ("two", "two-dask") if p in phases]
                             + ([("merged parts", merged)] if merged is not None else [])}
    report["ratio"] = {name: round(phases[name]["tuning_s"] / phases["one"]["tuning_s"], 3)
                       for name in ("two", "two-dask") if name in phases}
    print("| phase | GPUs | cores | tuning s | x one | profilers | same plan | entries | equal choices |")
    print("|---|---|---:|---:|---:|---:|---|---:|---|")
    for name in phases:
        p = phases[name]
        if "tuning_s" not in p:
            continue
        against = report["against_one"].get(name)
        equal = "-" if against is None else f"{against['equal']} of {against['common']}"
        print(f"| {name} | {p['gpus']} | {p['jobs']} | {p['tuning_s']} | {report['ratio'].get(name, '-')} | "
              f"{len(p['profilers'])} | {report['same_plan'].get(name, '-')} | {p['entries']} | {equal} |")
    if merged is not None:
        m = report["against_one"]["merged parts"]
        print(f"merged parts ({phases['parts']['wall_s']} s wall): {m['common']} of {m['keys_reference']} keys, "
              f"{m['equal']} equal choices, missing {m['missing']}, extra {m['extra']}")
    for name, c in report["against_one"].items():
        for gap in c["different"]:
            print(f"  {name}: {gap['reference']} -> {gap['other']} ({gap['slower_in_reference']})")
    save()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", default="resnet50", help="a timm model name or an .mlir file")
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--budget", type=float, default=120.0,
                        help="the --tune-budget whose plan (on half the cores) every phase times")
    parser.add_argument("--dask", action="store_true", help="also the two-GPU phase on Dask (tuning/cluster.py)")
    parser.add_argument("--no-parts", dest="parts", action="store_false",
                        help="leave out the two per-GPU parts and their merge (and Dask's phase)")
    parser.add_argument("--work", help="where the phases' caches go (default: a new temporary directory)")
    parser.add_argument("--out", help="write the report (JSON) here")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    parser.add_argument("--part", help=argparse.SUPPRESS)
    parser.add_argument("--plan-cores", type=int, default=16, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    try:
        (worker if args.worker else driver)(args)
    except PhaseFailed as error:
        raise SystemExit(str(error)) from None


if __name__ == "__main__":
    main()
