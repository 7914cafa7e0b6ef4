#!/usr/bin/env python3
"""Where a kernel's warps spend their time, instruction by instruction: ncu's source view
(warp-state samples per SASS instruction) summarized. The prologue's share (the instructions
before the main loop: prologue_end),
sections of the rest between given instruction indices, and the instructions with the most
samples with their leading stall reasons.

    ncu --set full --import-source yes -k regex:NAME --launch-skip 1 --launch-count 1 -o R python3 ...
    ncu -i R.ncu-rep --page source --csv --print-source sass > R.csv
    python3 bench/ncu_source.py R.csv [--top 25] [--sections 1700,1800,1876]

(bench/RESULTS.md 2026-11-30 20:35: b2b_conv_direct's prologue, 31 % of the samples, found so.)
"""

from __future__ import annotations

import argparse
import csv
from dataclasses import dataclass, field
from pathlib import Path

SAMPLES = "Warp Stall Sampling (All Samples)"
EXECUTED = "Instructions Executed"
SOURCE = "Source"


@dataclass(frozen=True)
class Instruction:
    index: int
    source: str
    samples: int
    executed: int
    stalls: dict[str, int] = field(default_factory=dict)  # reason -> samples (all samples, issued or not)

    def leading(self, count: int = 2) -> list[tuple[str, int]]:
        return sorted(((r, n) for r, n in self.stalls.items() if n), key=lambda x: -x[1])[:count]


def read(path: Path) -> list[Instruction]:
    """The instructions of the (first) kernel in an `ncu --page source --csv` export."""
    rows = list(csv.reader(path.read_text().splitlines()))
    start = next(i for i, row in enumerate(rows) if SOURCE in row and SAMPLES in row)
    header = rows[start]
    col = {name: header.index(name) for name in (SOURCE, SAMPLES, EXECUTED)}
    stall_cols = {h[len("stall_"):]: j for j, h in enumerate(header) if h.startswith("stall_") and "Not Issued" not in h}
    out = []
    for row in rows[start + 1:]:
        if len(row) != len(header) or row[0] == "Kernel Name":
            break
        out.append(Instruction(len(out), row[col[SOURCE]].strip(), int(row[col[SAMPLES]] or 0),
                               int(row[col[EXECUTED]] or 0),
                               {reason: int(row[j] or 0) for reason, j in stall_cols.items()}))
    if not out:
        raise ValueError(f"{path}: no instructions in the source view")
    return out


def prologue_end(instructions: list[Instruction]) -> int:
    """Where the main loop starts: the first instruction executed as often as the longest run of
    consecutive instructions of one count above the first instruction's (once a warp); a loop
    body is the longest straight stretch a kernel repeats, a staging loop's a few instructions."""
    once = instructions[0].executed
    best, run, count = (0, 0), 0, None
    for i in instructions:
        run = run + 1 if i.executed == count else 1
        count = i.executed
        if count > once and run > best[0]:
            best = (run, count)
    return next((i.index for i in instructions if best[0] and i.executed == best[1]), len(instructions))


def share(instructions: list[Instruction], begin: int, end: int) -> tuple[int, int]:
    """(instructions executed in [begin, end) counted once each, their samples)."""
    part = instructions[begin:end]
    return len([i for i in part if i.executed]), sum(i.samples for i in part)


def report(instructions: list[Instruction], top: int = 25, sections: tuple[int, ...] = (),
           loop_start: int | None = None) -> list[str]:
    total = sum(i.samples for i in instructions)
    end = prologue_end(instructions) if loop_start is None else loop_start
    lines = [f"samples {total}, warp instructions executed {sum(i.executed for i in instructions)}"]
    _, pro = share(instructions, 0, end)
    how = "guessed: --loop-start to set" if loop_start is None else "given"
    lines.append(f"prologue (instructions 0-{end - 1}, {how}): {pro} samples, {100 * pro / max(total, 1):.1f} %")
    bounds = (end, *sections, len(instructions)) if sections else ()
    for a, b in zip(bounds, bounds[1:]):
        count, samples = share(instructions, a, b)
        lines.append(f"section {a}-{b - 1}: {count} instructions, {samples} samples, {100 * samples / max(total, 1):.1f} %")
    reasons: dict[str, int] = {}
    for i in instructions:
        for r, n in i.stalls.items():
            reasons[r] = reasons.get(r, 0) + n
    lines.append("stalls: " + ", ".join(f"{r} {n}" for r, n in sorted(reasons.items(), key=lambda x: -x[1])[:8] if n))
    for i in sorted(sorted(instructions, key=lambda i: -i.samples)[:top], key=lambda i: i.index):
        if i.samples:
            stalls = ", ".join(f"{r} {n}" for r, n in i.leading())
            lines.append(f"{i.index:5d} x{i.executed:<8d} {i.samples:5d}  {i.source[:64]:64s} {stalls}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", type=Path)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--sections", default="", help="instruction indices splitting the loop, comma-separated")
    parser.add_argument("--loop-start", type=int, help="the main loop's first instruction (else prologue_end's guess)")
    args = parser.parse_args(argv)
    sections = tuple(int(v) for v in args.sections.split(",") if v)
    print("\n".join(report(read(args.csv), args.top, sections, args.loop_start)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
