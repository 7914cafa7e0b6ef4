#!/usr/bin/env python3
"""Where a compiled model's time goes: its kernels, grouped and ranked, beside torch.compile's.

    python3 bench/profile_model.py --models resnet50 --out build/models --json $OUT/profile.json

Loads each model's library built by bench/models.py (`--compile-only`, same --out, batch and
precision), runs it under torch.profiler (CUPTI sees every kernel of the process, the model's
included) for a few iterations, and prints per kernel family: time per inference, launches,
share of the total. Kernel names are shortened to what tells the families apart (CUTLASS's
templates to their tile/arch words, the runtime's kernels to their names). With `--peer`,
the same for torch.compile's code (mode reduce-overhead), so the largest lines of both can be
compared. `--launches N` lists the N launches that add most to one call's span ("path us":
from the previous kernel's end to this one's end) beside their own durations ("kernel us"): a
programmatic dependent starts before the kernel ahead of it ends and waits inside, so its
duration counts time that is not its own, while the path column adds up to the call.

    python3 bench/profile_model.py --compare heuristic.json model.json [--top 10]

Two builds of the same models, launch by launch (no GPU): reads two reports written with
`--launches N --json`, pairs each op's launch in one with its launch in the other (by the op's
source location, which both builds share), and lists per model both call paths and the ops
whose path differs most, with each build's kernel. How a different kernel choice (another
--tune strategy, a heuristic change) shows in a whole model: on 2026-11-30 it put --tune
model's whole loss on ResNet's stem, 92 of 78 us (the rest gained 14).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from models import ALL, CNNS, example_input, library_path, make_model  # noqa: E402

ITERATIONS = 5


def short_name(name: str) -> str:
    """A kernel family: CUTLASS device kernels by their operator and tile, others by name."""
    if "cutlass" in name or "Kernel" in name:
        tile = re.findall(r"Shape<cute::C<(\d+)>, cute::C<(\d+)>, cute::C<(\d+)>", name)
        kind = "conv" if "onv" in name else "gemm"
        sm = "sm90" if "Sm90" in name or "sm90" in name else ("sm80" if "Sm80" in name or "sm80" in name else "")
        shape = "x".join(tile[0]) if tile else ""
        if not shape:
            m = re.search(r"GemmShape<(\d+), (\d+), (\d+)>", name)
            shape = "x".join(m.groups()) if m else ""
        return f"cutlass {kind} {sm} {shape}".strip()
    name = name.replace("(anonymous namespace)::", "").removeprefix("void ")
    name = re.sub(r"\(.*", "", name)
    name = re.sub(r"<.*", "", name)
    return name.split("::")[-1][:60]


def profile(fn, iterations: int = ITERATIONS) -> dict[str, dict]:
    import torch
    from torch.profiler import ProfilerActivity
    from torch.profiler import profile as torch_profile

    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    with torch_profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(iterations):
            fn()
        torch.cuda.synchronize()
    families: dict[str, dict] = defaultdict(lambda: {"us": 0.0, "launches": 0, "names": set()})
    for event in prof.events():
        if event.device_type.name != "CUDA" or event.device_time <= 0:
            continue
        family = families[short_name(event.name)]
        family["us"] += event.device_time / iterations
        family["launches"] += 1
        family["names"].add(event.name[:200])
    total = sum(f["us"] for f in families.values()) or 1.0
    return {k: {"us": v["us"], "launches": v["launches"] / iterations, "share": v["us"] / total,
                "example": sorted(v["names"])[0]}
            for k, v in sorted(families.items(), key=lambda kv: -kv[1]["us"])}


def launches(fn, iterations: int = 2) -> list[dict]:
    """Every kernel launch of one call of `fn`, in order, with its grid and time (from the
    profiler's trace, which keeps the grid that FunctionEvent drops): which launch of a family
    is the slow one, so that it can be matched to its op in `--emit bolt`."""
    import tempfile

    import torch
    from torch.profiler import ProfilerActivity
    from torch.profiler import profile as torch_profile

    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    with torch_profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(iterations):
            fn()
        torch.cuda.synchronize()
    with tempfile.NamedTemporaryFile(suffix=".json") as trace:
        prof.export_chrome_trace(trace.name)
        events = json.loads(Path(trace.name).read_text())["traceEvents"]
    kernels = sorted((e for e in events if e.get("cat") == "kernel"), key=lambda e: e["ts"])
    per_call = len(kernels) // iterations

    def end(kernel: dict) -> float:
        return kernel["ts"] + kernel["dur"]

    rows = []
    for i, e in enumerate(kernels[:per_call]):
        calls = [kernels[i + k * per_call] for k in range(iterations)]
        # A programmatic dependent launches before the kernel ahead of it ends and waits inside
        # (griddepcontrol.wait), so its duration counts some of that kernel's time too. What a
        # launch adds to the call's span is the time from the previous kernel's end to its own
        # end (from its own start for the call's first kernel): the path column, which sums to
        # the span of the call.
        path = [end(c) - (c["ts"] if i == 0 else end(kernels[i - 1 + k * per_call])) for k, c in enumerate(calls)]
        args = e.get("args", {})
        rows.append({"index": i, "family": short_name(e["name"]), "us": min(c["dur"] for c in calls),
                     "path_us": min(path), "grid": args.get("grid"), "block": args.get("block"),
                     "smem": args.get("shared memory")})
    return rows


def print_launches(title: str, rows: list[dict], top: int) -> None:
    span = sum(r["path_us"] for r in rows)
    print(f"\n## {title}: the {top} longest of {len(rows)} launches on the call's path "
          f"({span:.1f} us from the first kernel's start to the last one's end)")
    print("| # | kernel family | path us | kernel us | grid | block | smem |")
    print("|---:|---|---:|---:|---|---|---:|")
    for r in sorted(rows, key=lambda r: -r["path_us"])[:top]:
        print(f"| {r['index']} | {r['family']} | {r['path_us']:.1f} | {r['us']:.1f} | {r['grid']} | {r['block']} "
              f"| {r['smem']} |")


def print_profile(title: str, rows: dict[str, dict], top: int) -> None:
    total = sum(r["us"] for r in rows.values())
    print(f"\n## {title}: {total:.1f} us of kernels per inference")
    print("| kernel family | us | launches | share |")
    print("|---|---:|---:|---:|")
    for name, r in list(rows.items())[:top]:
        print(f"| {name} | {r['us']:.1f} | {r['launches']:.0f} | {100 * r['share']:.1f} % |")


def op_of(row: dict) -> str:
    """The op a launch row runs, without its kernel's name: the source location and node that
    `--launches` appends to the kernel (the same op in two builds of one model)."""
    kernel, _, op = row["family"].partition(" ")
    return op or kernel


def kernel_of(row: dict) -> str:
    """A launch's kernel as far as the trace tells it: the family, and the grid, which tells
    two tiles of one family apart."""
    grid = row.get("grid")
    return row["family"].partition(" ")[0] + (f" {'x'.join(map(str, grid))}" if grid else "")


def compare_launches(first: list[dict], second: list[dict]) -> list[dict]:
    """Each op's launches in two builds, paired in order of appearance (an op that runs
    several launches, or runs in one build only, pairs what it has; the missing side is None):
    the op, each build's kernel and path us, and the difference (second - first)."""
    def by_op(rows):
        ops: dict[str, list[dict]] = defaultdict(list)
        for row in rows:
            ops[op_of(row)].append(row)
        return ops

    a, b = by_op(first), by_op(second)
    pairs = []
    for op in list(a) + [op for op in b if op not in a]:
        left, right = a.get(op, []), b.get(op, [])
        for i in range(max(len(left), len(right))):
            x = left[i] if i < len(left) else None
            y = right[i] if i < len(right) else None
            pairs.append({
                "op": op,
                "first": kernel_of(x) if x else None,
                "second": kernel_of(y) if y else None,
                "first_us": x["path_us"] if x else None,
                "second_us": y["path_us"] if y else None,
                "delta_us": (y["path_us"] if y else 0.0) - (x["path_us"] if x else 0.0),
            })
    return pairs


def print_comparison(model: str, names: tuple[str, str], first: list[dict], second: list[dict], top: int) -> None:
    pairs = compare_launches(first, second)
    span = [sum(r["path_us"] for r in rows) for rows in (first, second)]
    print(f"\n## {model}: {names[0]} {span[0]:.1f} us, {names[1]} {span[1]:.1f} us on the call's path "
          f"({span[1] - span[0]:+.1f}); the {top} ops that differ most")
    print(f"| op | {names[0]} kernel | us | {names[1]} kernel | us | difference us |")
    print("|---|---|---:|---|---:|---:|")

    def cell(value):
        return "-" if value is None else f"{value:.1f}"

    for p in sorted(pairs, key=lambda p: -abs(p["delta_us"]))[:top]:
        print(f"| {p['op']} | {p['first'] or '-'} | {cell(p['first_us'])} | {p['second'] or '-'} "
              f"| {cell(p['second_us'])} | {p['delta_us']:+.1f} |")


def compare(paths: list[Path], models: list[str] | None, top: int) -> int:
    reports = [json.loads(path.read_text()) for path in paths]
    names = (paths[0].stem, paths[1].stem)
    shared = [m for m in reports[0] if m in reports[1] and (not models or m in models)]
    if not shared:
        raise SystemExit(f"--compare: {paths[0]} and {paths[1]} share no model"
                         + (f" of {', '.join(models)}" if models else ""))
    for model in shared:
        rows = [report[model].get("boltc launches") for report in reports]
        if None in rows:
            raise SystemExit(f"--compare: {model} has no launches in "
                             f"{paths[rows.index(None)]} (profile it with --launches N --json)")
        print_comparison(model, names, rows[0], rows[1], top)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", default=None, help="comma-separated (default: resnet50; with "
                        "--compare, every model both reports hold)")
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--precision", choices=("f16", "bf16"), default="f16")
    parser.add_argument("--out", type=Path, default=Path("build/models"))
    parser.add_argument("--peer", action="store_true", help="profile torch.compile (reduce-overhead) too")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--launches", type=int, default=0, metavar="N",
                        help="also list boltc's N longest single launches, with their grids")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--compare", type=Path, nargs=2, metavar=("FIRST.json", "SECOND.json"),
                        help="no GPU: two --launches reports of the same models, op by op")
    args = parser.parse_args(argv)
    if args.compare:
        return compare(args.compare, [m for m in (args.models or "").split(",") if m], args.top)

    import torch

    import boltc

    dtype = {"f16": torch.float16, "bf16": torch.bfloat16}[args.precision]
    report = {}
    for name in [m for m in (args.models or "resnet50").split(",") if m]:
        if name not in ALL:
            parser.error(f"unknown model {name}")
        x = example_input(name, args.batch).cuda().to(dtype)
        compiled = boltc.load(library_path(args.out, name, args.batch, args.precision))
        graph = compiled.capture_graph(x)
        rows = profile(graph.replay)
        if not rows:  # a CUPTI that does not trace graph replays: the same kernels, launched
            rows = profile(lambda: compiled(x))
        print_profile(f"{name} boltc", rows, args.top)
        report[name] = {"boltc": rows}
        if args.launches:
            each = launches(graph.replay)
            steps = compiled.info["launches"]
            if len(steps) == len(each):  # one CUDA kernel a step: name the op each launch runs
                for row, step in zip(each, steps):
                    row["family"] = f"{step['kernel']} {step['location'][-50:]}"
            print_launches(f"{name} boltc", each, args.launches)
            report[name]["boltc launches"] = each
        compiled.close()
        if args.peer:
            model = make_model(name).eval().cuda().to(dtype)
            px = x
            if name in CNNS:
                model = model.to(memory_format=torch.channels_last)
                px = x.to(memory_format=torch.channels_last)
            torch._dynamo.reset()
            fn = torch.compile(model, mode="reduce-overhead")
            with torch.no_grad():
                for _ in range(3):
                    fn(px)
                rows = profile(lambda: fn(px))
            print_profile(f"{name} torch.compile reduce-overhead", rows, args.top)
            report[name]["torch.compile"] = rows
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
