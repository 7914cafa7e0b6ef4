#!/usr/bin/env python3
"""The default strategy's picks against measurements: how far `--tune heuristic` is from the
fastest configuration bench/profile_space.py timed, shape by shape, without a GPU.

    python3 bench/heuristic_regret.py bench/data/profile_space_*_h200_*.jsonl [--epilogue acc->f16] [--json OUT]

For every GEMM shape (M, N, K, batch, epilogue) the records time on gemm_sm90, the sm_90a
heuristic's choice (`heuristic.choose_gemm_sm90`, what select-kernels' `heuristic` strategy
writes for a GEMM) is looked up among the records: same tile, cluster and schedule. Its stages
are CUTLASS's automatic count (as many as fit) and the records' are explicit, so the fastest
record of that configuration stands for it. The regret is that time over the fastest record of
the shape. A shape whose records never timed the heuristic's configuration is listed apart
(nothing measured to weigh it by). Split-K, stream-K and swizzled records count as the
fastest only with `--all-schedules`: the heuristic never picks them, and they are the tuner's.

Why: the heuristic is the default, and changing it (bf54287, 2026-11-30: ResNet-50 0.876 ->
0.825 ms) is weighed here on records before a GPU session builds whole models with it.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from boltc.tuning.heuristic import choose_gemm_sm90  # noqa: E402

TUNER_ONLY_SCHEDULE_WORDS = ("splitk", "streamk", "stream_k", "swizzle")


def configuration(tile, schedule: str, cluster) -> str:
    """A gemm_sm90 configuration as the table names it: "128x256 cooperative 2x1"."""
    return f"{'x'.join(map(str, tile[:2]))} {schedule} {'x'.join(map(str, cluster[:2]))}"


@dataclass(frozen=True)
class Measured:
    us: float
    tile: tuple[int, int, int]
    cluster: tuple[int, int, int]
    stages: int
    schedule: str

    def describe(self) -> str:
        return f"{configuration(self.tile, self.schedule, self.cluster)}, {self.stages} stages"


@dataclass(frozen=True)
class Regret:
    shape: str
    pick: str
    pick_us: float | None  # None: the records never timed the heuristic's configuration
    best: str
    best_us: float

    @property
    def ratio(self) -> float | None:
        return None if self.pick_us is None else self.pick_us / self.best_us


def read_gemm_records(paths: list[Path], epilogue: str | None, all_schedules: bool) -> dict[tuple, list[Measured]]:
    """gemm_sm90 records that ran and checked, by (m, n, k, batch, epilogue)."""
    shapes: dict[tuple, list[Measured]] = {}
    for path in paths:
        for line in path.read_text().splitlines():
            if not line.strip():
                continue
            record = json.loads(line)
            problem = record.get("problem", {})
            if (record.get("family") != "gemm_sm90" or problem.get("kind") != "gemm" or not record.get("ok")
                    or not record.get("median_us")):
                continue
            if epilogue is not None and record.get("epilogue") != epilogue:
                continue
            schedule = record["schedule"]
            if not all_schedules and any(word in schedule for word in TUNER_ONLY_SCHEDULE_WORDS):
                continue
            key = (problem["m"], problem["n"], problem["k"], problem.get("batch", 1), record.get("epilogue", "none"))
            shapes.setdefault(key, []).append(Measured(float(record["median_us"]), tuple(record["tile"]),
                                                       tuple(record.get("cluster") or (1, 1, 1)),
                                                       int(record["stages"]), schedule))
    return shapes


def regrets(shapes: dict[tuple, list[Measured]]) -> list[Regret]:
    out = []
    for (m, n, k, batch, epilogue), measured in sorted(shapes.items()):
        choice = choose_gemm_sm90(m, n, k, batch=batch)
        same = [r for r in measured if r.tile == tuple(choice.tile) and r.cluster == tuple(choice.cluster)
                and r.schedule == choice.schedule]
        best = min(measured, key=lambda r: r.us)
        pick = configuration(choice.tile, choice.schedule, choice.cluster)
        shape = f"{m}x{n}x{k}" + (f" (batch {batch})" if batch > 1 else "") + f" {epilogue}"
        out.append(Regret(shape, pick, min(r.us for r in same) if same else None, best.describe(), best.us))
    return out


def summary(rows: list[Regret]) -> dict:
    weighed = [r.ratio for r in rows if r.ratio is not None]
    return {
        "shapes": len(rows),
        "weighed": len(weighed),
        "geomean": math.exp(sum(math.log(x) for x in weighed) / len(weighed)) if weighed else None,
        "max": max(weighed) if weighed else None,
        "within_5pct": sum(x <= 1.05 for x in weighed),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", type=Path, nargs="+", help="bench/profile_space.py JSON lines")
    parser.add_argument("--epilogue", default=None, help="only records of this epilogue (e.g. acc->f16)")
    parser.add_argument("--all-schedules", action="store_true",
                        help="let split-K, stream-K and swizzled records be a shape's fastest too")
    parser.add_argument("--json", type=Path, help="write the rows and the summary here")
    args = parser.parse_args(argv)
    for path in args.records:
        if not path.is_file():
            parser.error(f"no such records file: {path}")
    rows = regrets(read_gemm_records(args.records, args.epilogue, args.all_schedules))
    if not rows:
        parser.error("no gemm_sm90 records in " + ", ".join(map(str, args.records)))
    print("| GEMM | heuristic | its us | fastest timed | us | regret |")
    print("|---|---|---:|---|---:|---:|")
    for r in sorted(rows, key=lambda r: -(r.ratio or 0.0)):
        print(f"| {r.shape} | {r.pick} | {'-' if r.pick_us is None else f'{r.pick_us:.2f}'} | {r.best} "
              f"| {r.best_us:.2f} | {'not timed' if r.ratio is None else f'{r.ratio:.3f}'} |")
    s = summary(rows)
    if s["weighed"]:
        print(f"\n{s['weighed']} of {s['shapes']} shapes timed the heuristic's configuration: regret geomean "
              f"{s['geomean']:.3f}, max {s['max']:.3f}, {s['within_5pct']} within 5 % of the fastest")
    else:
        print(f"\nnone of the {s['shapes']} shapes timed the heuristic's configuration")
    if args.json:
        args.json.write_text(json.dumps({"summary": s, "rows": [asdict(r) | {"ratio": r.ratio} for r in rows]},
                                        indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
