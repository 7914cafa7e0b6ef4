"""`boltc tune`: the tuning cache (boltc/tuning/cache.py) from the command line.

    boltc tune merge a.db b.db -o out.db   # every entry of a.db and b.db into out.db
    boltc tune merge other.db              # into the cache in use ($BOLTC_TUNE_CACHE or
                                           # ~/.cache/boltc/tuning.db)
    boltc tune show [CACHE.db]             # the entries, one line each
    boltc tune profile MODEL [--cluster local|ADDRESS]   # time every candidate kernel of every
                                           # GEMM / convolution of MODEL into the cache (not the
                                           # stages of a fused bolt.b2b; --no-fuse-b2b: none fused)
    boltc tune report MODEL [--tune S] [--top N] [--no-fuse-b2b] [--json]   # per GEMM / convolution: the kernel
                                           # chosen and why, its runners-up, predicted and measured

A source that is missing, not a boltc tuning cache or of another schema version is an error
naming the file (exit 1), and nothing is written: every source is checked before the target is
touched. Conflicting entries (one key in two caches) keep the faster measured time; the summary
says how many there were.

`profile` optimizes MODEL for --arch/--precision as a compile would, then profiles every
candidate of every anchor (bolt.gemm, bolt.conv2d) with tuning/profile.py: on this host's GPUs
(one process each), or with --cluster on Dask (tuning/cluster.py: `local`, one worker per GPU
here; an address, every worker of a running cluster). It needs a CUDA GPU, except with --replay,
which times nothing and answers from recorded measurements (bench/profile_space.py's JSON lines):
a dry run of the machinery, and what the tests run.

`report` (tuning/report.py) optimizes MODEL as a build would with --tune, then prints per GEMM
and convolution the chosen `#bolt.kernel` and its reason, and the top N of its candidates by
the performance model's predicted time (marked uncalibrated where the GPU's model is not
fitted), each with its measured time where the tuning cache holds one for the cache GPU
(--gpu, else this machine's, else the one the arch is tuned for). It needs no GPU, except
with --tune profile for problems the cache lacks.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from boltc.diagnostics import BoltcError
from boltc.tuning.cache import TuningCache, TuningCacheError, default_cache_path
from boltc.tuning.report import DEFAULT_TOP

# The compiler's own choices and argument checks (boltc/cli.py), so `boltc tune` takes exactly
# what `boltc` does.
from boltc.cli import ARCHES, PRECISIONS, TUNE_STRATEGIES as STRATEGIES, positive_int, positive_seconds  # noqa: E402


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="boltc tune",
        description="Work with boltc's tuning caches (sqlite files of measured kernel choices, keyed by "
                    "GPU, CUDA, CUTLASS and boltc kernel versions, op, shape, types, layouts, alignment "
                    "and epilogue).",
        epilog="Exit status: 0 done, 1 a file that is not a boltc tuning cache (the message names it), "
               "2 bad command line.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    merge = commands.add_parser(
        "merge", help="merge tuning caches (from several machines) into one",
        description="Merge every entry of each CACHE into OUT. One key in several caches: the faster "
                    "measured time is kept (the summary counts these conflicts).",
    )
    merge.add_argument("sources", nargs="+", metavar="CACHE.db", help="tuning caches to read")
    merge.add_argument("-o", "--output", metavar="OUT.db", type=Path, default=None,
                       help="the cache to merge into, created if missing (default: the cache in use, "
                            "$BOLTC_TUNE_CACHE or ~/.cache/boltc/tuning.db)")
    show = commands.add_parser("show", help="list a tuning cache's entries",
                               description="Print one line per entry: op, shape, GPU, choice, times.")
    show.add_argument("cache", nargs="?", metavar="CACHE.db", type=Path, default=None,
                      help="the cache (default: the cache in use)")
    profile = commands.add_parser(
        "profile", help="time every candidate kernel of a model's GEMMs and convolutions into a cache",
        description="Optimize MODEL as a compile would, then time every candidate kernel of each GEMM and "
                    "convolution on the GPU(s) and write the fastest (and runners-up) to the tuning cache. "
                    "Needs a CUDA GPU, except with --replay.",
    )
    profile.add_argument("model", help="the model (what `boltc MODEL` takes: .mlir, .pt2, .onnx)")
    profile.add_argument("--arch", choices=ARCHES, default=ARCHES[0], help="the GPU architecture (default sm_90a)")
    profile.add_argument("--precision", choices=PRECISIONS, default=PRECISIONS[0],
                         help="the compute precision, as for a compile (default f16)")
    profile.add_argument("--cluster", metavar="local|ADDRESS", default=None,
                         help="profile on Dask distributed (the 'cluster' extra): `local` runs one worker per "
                              "GPU of this host, an address (tcp://host:8786) every worker of that cluster; "
                              "default: one process per GPU of this host, no Dask")
    profile.add_argument("--workers", metavar="N", type=positive_int, default=None,
                         help="with --cluster local --replay: how many CPU worker processes (default 2)")
    profile.add_argument("--replay", metavar="RECORDS.jsonl", type=Path, default=None,
                         help="time nothing: answer from recorded measurements (bench/profile_space.py's "
                              "JSON lines); runs without a GPU")
    profile.add_argument("--budget", metavar="SECONDS", type=positive_seconds, default=None,
                         help="start no job after this many seconds (compiling counts); default: no limit")
    profile.add_argument("-o", "--cache", metavar="OUT.db", type=Path, default=None,
                         help="the tuning cache to write (default: the cache in use)")
    profile.add_argument("--fuse-b2b", action=argparse.BooleanOptionalAction, default=None,
                         help="optimize with fuse-b2b on or off, as `boltc --fuse-b2b` (default: on where the arch "
                              "has a b2b kernel); the stages of a fused pair are not profiled (the b2b kernel's "
                              "plan decides their tiles)")
    profile.add_argument("-q", "--quiet", action="store_true", help="no progress lines or summary")
    report = commands.add_parser(
        "report", help="per GEMM and convolution of a model: the kernel chosen, why, and its runners-up with "
                       "predicted and measured times",
        description="Optimize MODEL as a build would (with --tune), then print for every GEMM and convolution "
                    "its chosen #bolt.kernel and the reason, and the top N candidates of its tuning space by "
                    "the performance model's predicted time (marked uncalibrated where the GPU's model is not fitted), "
                    "each with its measured time where the tuning cache holds one. No GPU needed (except "
                    "--tune profile for problems the cache lacks).",
    )
    report.add_argument("model", help="the model (what `boltc MODEL` takes: .mlir, .pt2, .onnx)")
    report.add_argument("--arch", choices=ARCHES, default=ARCHES[0], help="the GPU architecture (default sm_90a)")
    report.add_argument("--precision", choices=PRECISIONS, default=PRECISIONS[0],
                        help="the compute precision, as for a compile (default f16)")
    report.add_argument("--tune", choices=STRATEGIES, default=STRATEGIES[0],
                        help="how the kernels are chosen, as `boltc --tune` (default heuristic); profile "
                             "reads and writes --cache")
    report.add_argument("--cache", metavar="CACHE.db", type=Path, default=None,
                        help="the tuning cache whose measured times to show (default: the cache in use, "
                             "$BOLTC_TUNE_CACHE or ~/.cache/boltc/tuning.db)")
    report.add_argument("--gpu", metavar="NAME", default=None,
                        help="the GPU whose measurements to show, as the cache names it ('NVIDIA H100 80GB "
                             "HBM3'; `boltc tune show` lists them); default: this machine's GPU, else the one "
                             "--arch is tuned for")
    report.add_argument("--top", metavar="N", type=positive_int, default=DEFAULT_TOP,
                        help=f"candidates listed per op, fastest predicted first (default {DEFAULT_TOP}); the "
                             "chosen kernel is listed too wherever it ranks")
    report.add_argument("--fuse-b2b", action=argparse.BooleanOptionalAction, default=None,
                        help="build with fuse-b2b on or off, as `boltc --fuse-b2b` (default: on where the "
                             "arch has a b2b kernel); a fused pair's GEMMs are listed as stages of bolt.b2b")
    report.add_argument("--json", action="store_true", help="print the report as JSON instead of the text")
    return parser


def run(args: argparse.Namespace) -> None:
    if args.command == "merge":
        merge(args.sources, args.output)
    elif args.command == "profile":
        profile(args)
    elif args.command == "report":
        report(args)
    else:
        show(args.cache)


def anchors(model, arch: str, precision: str, fuse_b2b: bool | None = None, example_inputs=None) -> list:
    """The bolt.gemm and bolt.conv2d ops of `model` after the graph passes, as a compile sees them:
    those select-kernels tunes (a stage of a bolt.b2b is not: the b2b kernel's plan decides its
    tiles, and no GEMM or convolution kernel of it is built). `model` and `example_inputs`: what
    boltc.compile takes (a file, or a torch module and its inputs)."""
    from boltc.compiler import load_for_compile, optimize
    from boltc.passes.select_kernels import inside_fused_kernel

    module, where = load_for_compile(model, example_inputs)
    optimize(module, arch, precision, where=where, fuse_b2b=fuse_b2b)
    return [op for op in module.walk() if op.name in ("bolt.gemm", "bolt.conv2d") and not inside_fused_kernel(op)]


def profile(args: argparse.Namespace) -> None:
    import concurrent.futures

    from boltc.tuning.profile import ProfilePool, candidate_pairs, profile_problems

    if args.workers is not None and not (args.cluster == "local" and args.replay is not None):
        raise BoltcError("--workers sizes the CPU cluster of --cluster local --replay; with GPUs there is "
                         "one worker per GPU")
    runner = None
    if args.replay is not None:
        from boltc.tuning.cluster import RecordedRunner

        runner = RecordedRunner.from_file(args.replay)
    ops = anchors(args.model, args.arch, args.precision, args.fuse_b2b)
    pairs = [pair for op in ops for pair in candidate_pairs(op, args.arch)]
    problems = len({problem for _, problem in pairs})
    if not args.quiet:
        print(f"boltc tune: {args.model}: {len(ops)} GEMM/convolution ops, {problems} distinct problems, "
              f"{len(pairs)} (candidate, problem) pairs", file=sys.stderr, flush=True)
    if args.cluster is not None:
        from boltc.tuning.cluster import ClusterPool

        options = {"runner": runner} if runner is not None else {}
        pool = ClusterPool(args.cluster, workers=args.workers, progress=not args.quiet, **options)
    elif runner is not None:  # one in-process 'GPU': nothing to spawn for replayed numbers
        pool = ProfilePool(["replay"], runner=runner,
                           executor_factory=lambda gpu: concurrent.futures.ThreadPoolExecutor(max_workers=1))
    else:
        pool = ProfilePool()
    cache_path = args.cache if args.cache is not None else default_cache_path()
    try:
        with TuningCache(cache_path) as cache:
            before = len(cache)
            ranked = profile_problems(pairs, args.arch, budget_s=args.budget, cache=cache, pool=pool,
                                      compile=runner is None, progress=not args.quiet,
                                      cuda="replay" if runner is not None else None)
            after = len(cache)
    finally:
        close = getattr(pool, "close", None)
        if close is not None:
            close()
    accepted = sum(r.result.ok for r in ranked)
    print(f"{cache_path}: {after} entries ({after - before} new); {accepted} of {len(ranked)} timings accepted")


def report(args: argparse.Namespace) -> None:
    import json

    from boltc.tuning.report import text, tune_report

    made = tune_report(args.model, args.arch, args.precision, strategy=args.tune, cache_path=args.cache,
                       gpu_name=args.gpu, top=args.top, fuse_b2b=args.fuse_b2b)
    sys.stdout.write(json.dumps(made.as_json(), indent=2) + "\n" if args.json else text(made))
    sys.stdout.flush()


def merge(sources: list[str], output: Path | None) -> None:
    target_path = output if output is not None else default_cache_path()
    # Check every source before touching the target: a bad one writes nothing.
    opened = [TuningCache(source, create=False) for source in sources]
    try:
        for source, cache in zip(sources, opened):
            if Path(source).resolve() == Path(target_path).resolve():
                raise TuningCacheError(source, "is the output cache too; name another -o")
        with TuningCache(target_path) as target:
            for source, cache in zip(sources, opened):
                report = target.merge_from(cache)
                print(f"{source}: {report.added} new, {report.conflicts} conflicting "
                      f"({report.replaced} replaced by a faster time, {report.kept} kept)")
            print(f"{target_path}: {len(target)} entries")
    finally:
        for cache in opened:
            cache.close()


def show(path: Path | None) -> None:
    path = path if path is not None else default_cache_path()
    with TuningCache(path, create=False) as cache:
        entries = cache.entries()
        lines = [f"{path}: {len(entries)} entr{'y' if len(entries) == 1 else 'ies'}"]
        for key, record in entries:
            measured = "-" if record.measured_us is None else f"{record.measured_us:.2f} us"
            predicted = "-" if record.predicted_us is None else f"{record.predicted_us:.2f} us"
            lines.append(f"  {key.op} {key.shape} {key.dtypes} on {key.gpu} (sm {key.capability}, CUDA {key.cuda}): "
                         f"{record.candidate.describe()}; measured {measured}, predicted {predicted}")
    sys.stdout.write("\n".join(lines) + "\n")
