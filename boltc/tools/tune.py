"""`boltc tune`: the tuning cache (boltc/tuning/cache.py) from the command line.

    boltc tune merge a.db b.db -o out.db   # every entry of a.db and b.db into out.db
    boltc tune merge other.db              # into the cache in use ($BOLTC_TUNE_CACHE or
                                           # ~/.cache/boltc/tuning.db)
    boltc tune show [CACHE.db]             # the entries, one line each

Only what works is offered: the tuner that fills a cache (select-kernels with the profiler) does
not exist yet. A source that is missing, not a boltc tuning cache or of another schema version
is an error naming the file (exit 1), and nothing is written: every source is checked before
the target is touched. Conflicting entries (one key in two caches) keep the faster measured
time; the summary says how many there were.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from boltc.tuning.cache import TuningCache, TuningCacheError, default_cache_path


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
    return parser


def run(args: argparse.Namespace) -> None:
    if args.command == "merge":
        merge(args.sources, args.output)
    else:
        show(args.cache)


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
