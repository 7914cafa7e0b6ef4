"""Every candidate of the tuning space timed on the GPU: the data tuning/model.py is fitted on.

    python bench/profile_space.py [--out PATH] [--workloads bolt_paper.json] [--only gemm|conv]
                                  [--arch sm_90a] [--limit N] [--budget-s S] [--jobs N]
                                  [--gemms MxNxK[+act],...] [--convs H,W,C,F,R,S,stride,pad;...]
                                  [--families gemm_sm90,conv_sm80,...] [--schedules PREFIX,...]
                                  [--clusters MxNx1,...] [--extra-clusters MxNx1,...] [--tiles MxN,...]
                                  [--extra-tiles MxN,...] [--transpose-b] [--top N]

On the GPU machine (the workload table travels in the carried .whl/):

    source .whl/setup.sh && export BOLTC_CACHE_DIR=/tmp/bc PYTHONUNBUFFERED=1
    python3 bench/profile_space.py --workloads .whl/bolt_paper.json --out $OUT/profile_space.jsonl

Problems:
- the paper's GEMMs (../shared/workloads/bolt_paper.json, the shared table, not retyped): the
  `gemm` rows as A @ B with a plain store, the `gemm_bias_act` rows as act(A @ B + bias[N]) with
  the row's activation fused (relu, gelu (erf form), hardswish, softplus; silu and sigmoid on
  the command line); f16 in and out;
- ResNet-50's distinct convolutions at batch 32 (RESNET50_CONVS, NHWC, f16), with a fused
  bias + ReLU, as the model's layers are after fuse-epilogue.

For each problem, every family the target searches (tuning/space.py: `families`, `problem_of`,
`space`) and every candidate of it; `--limit N` keeps N candidates per (problem, family), spread
over the list, for a quick run. The profilers are compiled first, in parallel (`--jobs`, objects
cached in $BOLTC_CACHE_DIR), one per configuration shared by every shape it serves; then
tuning/profile.py times them on every visible GPU (one worker process each): fresh random
inputs, the output checked against torch in fp32 before and after timing, the L2 flushed before
each launch, the median of CUDA-event times. Results also go to the tuning cache ($BOLTC_TUNE_CACHE).

Output: one JSON line per (candidate, problem), in the order the jobs finish:
    {"gpu", "family", "candidate" (#bolt.kernel text, or describe() for conv_direct), "tile",
     "cluster", "stages", "schedule", "problem": {"kind", "m", "n", "k", "batch"[, "n_img", "h",
     "w", "c", "f", "r", "s", "stride", "pad"]}, "epilogue", "median_us", "ok"}
A rejected candidate (refused by can_implement, a wrong result, a launch error) is written with
"ok": false and "median_us": null; its reason goes to stderr. conv_direct (grouped convolutions;
none in ResNet-50) has no tile or stages: "tile" [] and "stages" 0. `stride` and `pad` are one number
when equal on every side (ResNet-50's always are), else the list (stride h, w; pad top, left,
bottom, right).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ACTIVATIONS = {"relu": "bolt.ew.relu", "gelu": "bolt.ew.gelu erf", "hardswish": "bolt.ew.hardswish",
               "softplus": "bolt.ew.softplus", "silu": "bolt.ew.silu", "sigmoid": "bolt.ew.sigmoid"}
# ResNet-50's distinct convolutions at batch 32: (H, W, C, F, R, S, stride, padding); the same
# table as test/python/tuning/shapes.py (test_profile_space.py checks they agree).
RESNET50_CONVS = (
    (224, 224, 3, 64, 7, 7, 2, 3),
    (56, 56, 64, 64, 1, 1, 1, 0), (56, 56, 64, 64, 3, 3, 1, 1), (56, 56, 64, 256, 1, 1, 1, 0),
    (56, 56, 256, 64, 1, 1, 1, 0), (56, 56, 256, 128, 1, 1, 1, 0), (56, 56, 128, 128, 3, 3, 2, 1),
    (28, 28, 128, 512, 1, 1, 1, 0), (56, 56, 256, 512, 1, 1, 2, 0), (28, 28, 512, 128, 1, 1, 1, 0),
    (28, 28, 128, 128, 3, 3, 1, 1), (28, 28, 512, 256, 1, 1, 1, 0), (28, 28, 256, 256, 3, 3, 2, 1),
    (14, 14, 256, 1024, 1, 1, 1, 0), (28, 28, 512, 1024, 1, 1, 2, 0), (14, 14, 1024, 256, 1, 1, 1, 0),
    (14, 14, 256, 256, 3, 3, 1, 1), (14, 14, 1024, 512, 1, 1, 1, 0), (14, 14, 512, 512, 3, 3, 2, 1),
    (7, 7, 512, 2048, 1, 1, 1, 0), (14, 14, 1024, 2048, 1, 1, 2, 0), (7, 7, 2048, 512, 1, 1, 1, 0),
    (7, 7, 512, 512, 3, 3, 1, 1),
)
RESNET50_BATCH = 32


def _t(*shape: int, element: str = "f16") -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def gemm_text(m: int, n: int, k: int, act: str | None, transpose_b: bool = False) -> str:
    """One bolt.gemm, f16: A @ B (act None), or act(A @ B + bias[N]) fused in its epilogue.
    `transpose_b`: B is N x K (K-major, `{transpose_b}`), as conv-as-gemm hands a pointwise
    convolution's filter to the GEMM kernels; else K x N (torch.matmul's layout)."""
    acc = _t(m, n, element="f32")
    extras = f" extras(%e0 : {_t(n)})" if act else ""
    b = _t(n, k) if transpose_b else _t(k, n)
    attr = " {transpose_b}" if transpose_b else ""
    args = f"%a: {_t(m, k)}, %b: {b}" + (f", %e0: {_t(n)}" if act else "")
    block = f"%acc: {acc}" + (f", %x0: {_t(n)}" if act else "")
    body = []
    result = "%acc"
    if act:
        vec = _t(n, element="f32")
        body = [f"%bias = bolt.ew.cast %x0 : {_t(n)} -> {vec}",
                f"%s = bolt.ew.add %acc, %bias : {acc}, {vec} -> {acc}",
                f"%r = {ACTIVATIONS[act]} %s : {acc} -> {acc}"]
        result = "%r"
    return "\n".join([
        f"func.func @gemm({args}) -> {_t(m, n)} {{",
        f"  %d = bolt.gemm %a, %b{extras}{attr} : {_t(m, k)}, {b} -> {_t(m, n)} {{",
        f"  ^bb0({block}):", *(f"    {line}" for line in body), f"    bolt.yield {result} : {acc}", "  }",
        f"  func.return %d : {_t(m, n)}", "}",
    ])


def conv_text(n: int, h: int, w: int, c: int, f: int, r: int, s: int, stride: int, pad: int) -> str:
    """One NHWC bolt.conv2d, f16, with relu(acc + bias[F]) fused."""
    p, q = (h + 2 * pad - r) // stride + 1, (w + 2 * pad - s) // stride + 1
    acc, vec = _t(n, p, q, f, element="f32"), _t(f, element="f32")
    return "\n".join([
        f"func.func @main(%x: {_t(n, h, w, c)}, %w: {_t(f, r, s, c)}, %e0: {_t(f)}) -> {_t(n, p, q, f)} {{",
        f"  %y = bolt.conv2d nhwc %x, %w extras(%e0 : {_t(f)}) strides [{stride}, {stride}] "
        f"padding [{pad}, {pad}, {pad}, {pad}] dilations [1, 1] groups 1 : {_t(n, h, w, c)}, {_t(f, r, s, c)} "
        f"-> {_t(n, p, q, f)} {{",
        f"  ^bb0(%acc: {acc}, %x0: {_t(f)}):",
        f"    %b32 = bolt.ew.cast %x0 : {_t(f)} -> {vec}",
        f"    %sum = bolt.ew.add %acc, %b32 : {acc}, {vec} -> {acc}",
        f"    %act = bolt.ew.relu %sum : {acc} -> {acc}",
        f"    bolt.yield %act : {acc}", "  }",
        f"  func.return %y : {_t(n, p, q, f)}", "}",
    ])


def parse_anchor(text: str):
    from xdsl.parser import Parser

    from boltc.dialects import bolt
    from boltc.dialects.context import bolt_context

    module = Parser(bolt_context(), text).parse_module()
    module.verify()
    return next(op for op in module.walk() if isinstance(op, (bolt.GemmOp, bolt.Conv2dOp)))


def default_workloads() -> Path:
    repo = Path(__file__).resolve().parents[1]
    tables = [root / "shared" / "workloads" / "bolt_paper.json" for root in (repo.parent, repo.parent.parent)]
    return next((t for t in tables if t.exists()), tables[0])


def parse_gemm_arg(text: str) -> tuple[int, int, int, str | None]:
    """'MxNxK' or 'MxNxK+act' (act one of ACTIVATIONS): a GEMM problem for --gemms."""
    shape, _, act = text.partition("+")
    m, n, k = (int(v) for v in shape.split("x"))
    if act and act not in ACTIVATIONS:
        raise ValueError(f"unknown activation {act!r} (one of {', '.join(ACTIVATIONS)})")
    return m, n, k, act or None


def parse_conv_arg(text: str) -> tuple[int, ...]:
    """'H,W,C,F,R,S,stride,pad': a convolution at batch 32 for --convs (RESNET50_CONVS' fields)."""
    fields = tuple(int(v) for v in text.split(","))
    if len(fields) != 8:
        raise ValueError(f"{text!r}: expected H,W,C,F,R,S,stride,pad")
    return fields


def chosen_ops(gemms: list[str], convs: list[str], transpose_b: bool = False) -> list[tuple[str, object]]:
    """(label, op) for the problems named on the command line instead of the tables."""
    ops = []
    for key in map(parse_gemm_arg, gemms):
        label = (f"gemm {key[0]}x{key[1]}x{key[2]}" + (f" bias+{key[3]}" if key[3] else "")
                 + (" B^T" if transpose_b else ""))
        ops.append((label, parse_anchor(gemm_text(*key, transpose_b=transpose_b))))
    for h, w, c, f, r, s, stride, pad in map(parse_conv_arg, convs):
        ops.append((f"conv {h}x{w}x{c}->{f} {r}x{s}/{stride}",
                    parse_anchor(conv_text(RESNET50_BATCH, h, w, c, f, r, s, stride, pad))))
    return ops


def anchor_ops(table: dict, only: str | None) -> list[tuple[str, object]]:
    """(label, op) for every problem: the paper's GEMMs, then ResNet-50's convolutions."""
    ops = []
    if only in (None, "gemm"):
        seen = set()
        for row in table["gemm"]:
            key = (row["M"], row["N"], row["K"], None)
            if key not in seen:
                seen.add(key)
                ops.append((f"gemm {row['M']}x{row['N']}x{row['K']}", parse_anchor(gemm_text(*key))))
        for row in table["gemm_bias_act"]:
            key = (row["M"], row["N"], row["K"], row["act"])
            if key not in seen:
                seen.add(key)
                ops.append((f"gemm {row['M']}x{row['N']}x{row['K']} bias+{row['act']}",
                            parse_anchor(gemm_text(*key))))
    if only in (None, "conv"):
        for h, w, c, f, r, s, stride, pad in RESNET50_CONVS:
            ops.append((f"conv {h}x{w}x{c}->{f} {r}x{s}/{stride}",
                        parse_anchor(conv_text(RESNET50_BATCH, h, w, c, f, r, s, stride, pad))))
    return ops


def spread(items: list, limit: int | None) -> list:
    """`limit` items spread evenly over `items` (first and last kept), or all."""
    if limit is None or len(items) <= limit:
        return items
    if limit == 1:
        return items[:1]
    return [items[round(i * (len(items) - 1) / (limit - 1))] for i in range(limit)]


def with_extra_clusters(found, problem, extra: frozenset[tuple[int, ...]]):
    """`found` plus each of its data-parallel gemm_sm90 candidates on the clusters in `extra`
    the space does not offer (an experiment before the space takes them: 2x2x1 and 2x4x1 on the
    one-wave 1280x768 GEMMs, cuBLAS's choice there), where the tile grid holds a whole cluster
    and the stages still fit; each checked by the kernel configuration's own rules."""
    from dataclasses import replace

    from boltc.tuning import space

    have = {(c.family, c.tile, tuple(c.cluster), c.schedule) for c in found}
    out = list(found)
    m, n, _ = problem.mnk
    for c in found:
        if c.family != space.Family.GEMM_SM90 or c.schedule not in ("cooperative", "pingpong"):
            continue
        for cluster in sorted(extra):
            if (c.family, c.tile, cluster, c.schedule) in have:
                continue
            if -(-m // c.tile[0]) < cluster[0] or -(-n // c.tile[1]) < cluster[1]:
                continue
            stages = space.sm90_stages(replace(c, cluster=cluster, stages=None), problem)
            if stages is not None:
                out.append(replace(c, cluster=cluster, stages=stages))
                have.add((c.family, c.tile, cluster, c.schedule))
    return out


def with_extra_tiles(found, problem, extra: frozenset[tuple[int, ...]], arch: str = "sm_90a"):
    """`found` plus gemm_sm90 candidates on the threadblock tiles in `extra` (M x N, K 64) the
    space does not offer: an experiment before the space takes them (tiles cut to the problem,
    as cuBLAS's nvjet kernels are: 128x224 on 1568x2048x512). Each tile under the cooperative
    schedule (M 128 or 256) and pingpong (M 64 or 128), on the clusters the space would give it,
    where a consumer warpgroup's accumulators fit its registers (conv_sm90.MAX_ACCUMULATOR_TILE:
    the rule the space's own tiles keep); each checked by the kernel configuration's own rules
    (a refused one is left out)."""
    from dataclasses import replace

    from boltc.lowering.cutlass.conv_sm90 import MAX_ACCUMULATOR_TILE
    from boltc.tuning import space

    if not isinstance(problem, space.GemmProblem):
        return list(found)
    have = {(c.family, c.tile, tuple(c.cluster), c.schedule) for c in found}
    out = list(found)
    for tile_m, tile_n in sorted(extra):
        tile = (tile_m, tile_n, 64)
        clusters = space.sm90_clusters(tile, problem, arch)
        for schedule, warpgroups in (("cooperative", 2), ("pingpong", 1)):
            if tile_m * tile_n > warpgroups * MAX_ACCUMULATOR_TILE:
                continue
            for cluster in clusters:
                if (space.Family.GEMM_SM90, tile, cluster, schedule) in have:
                    continue
                base = space.Candidate(space.Family.GEMM_SM90, tile, cluster, None, schedule)
                stages = space.sm90_stages(base, problem)
                if stages is not None:
                    out.append(replace(base, stages=stages))
                    have.add((base.family, tile, cluster, schedule))
    return out


def fastest(records: list[dict], top: int) -> list[str]:
    """Per problem (and epilogue), its `top` fastest timed records, fastest first, as lines:
    the problem, then "  <us>  <tile> <cluster> <stages> stages <schedule> (<family>)" each; the
    problems in the order they first appear. Rejected records are left out."""
    by_problem: dict[str, list[dict]] = {}
    for r in records:
        if not r.get("ok") or r.get("median_us") is None:
            continue
        p = r["problem"]
        shape = f"{p['m']}x{p['n']}x{p['k']}" + (f" batch {p['batch']}" if p.get("batch", 1) != 1 else "")
        if p.get("kind") == "conv2d":
            shape = f"conv {p['h']}x{p['w']}x{p['c']}->{p['f']} {p['r']}x{p['s']}/{p['stride']} ({shape})"
        by_problem.setdefault(f"{shape}, {r['epilogue']}", []).append(r)
    lines = []
    for label, rows in by_problem.items():
        lines.append(label)
        for r in sorted(rows, key=lambda r: r["median_us"])[:top]:
            tile = "x".join(map(str, r["tile"])) or "-"
            cluster = "x".join(map(str, r["cluster"]))
            lines.append(f"  {r['median_us']:8.2f} us  {tile} {cluster} {r['stages']} stages {r['schedule']} "
                         f"({r['family']})")
    return lines


def pairs_for(ops, arch: str, limit: int | None, families: frozenset[str] = frozenset(),
              schedules: tuple[str, ...] = (), clusters: frozenset[tuple[int, ...]] = frozenset(),
              extra_clusters: frozenset[tuple[int, ...]] = frozenset(),
              tiles: frozenset[tuple[int, ...]] = frozenset(),
              extra_tiles: frozenset[tuple[int, ...]] = frozenset()):
    from boltc.lowering.cutlass.cpp import InvalidKernelConfig, UnsupportedEpilogue
    from boltc.tuning import space

    pairs = []
    for label, op in ops:
        kind = "conv2d" if op.name == "bolt.conv2d" else "gemm"
        groups = op.groups.value.data if kind == "conv2d" else 1
        for family in space.families(kind, arch, groups):
            if families and family.value not in families:
                continue
            try:
                problem = space.problem_of(op, family, arch)
            except (InvalidKernelConfig, UnsupportedEpilogue) as error:
                print(f"profile_space: {label}: {family.value} cannot lower it: {error}", file=sys.stderr)
                continue
            offered = space.space(problem, family, arch)
            if family is space.Family.GEMM_SM90:
                offered = with_extra_tiles(offered, problem, extra_tiles, arch)
            found = [c for c in with_extra_clusters(offered, problem, extra_clusters)
                     if (not schedules or (c.schedule or "").startswith(schedules))
                     and (not clusters or tuple(c.cluster) in clusters)
                     and (not tiles or tuple(c.tile[:2]) in tiles)]
            found = spread(found, limit)
            pairs += [(c, problem) for c in found]
            print(f"profile_space: {label}: {len(found)} {family.value} candidates", file=sys.stderr)
    return pairs


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=None,
                        help="JSON-lines output (default $OUT/profile_space.jsonl, else ./profile_space.jsonl)")
    parser.add_argument("--workloads", type=Path, default=None, help="bolt_paper.json (default ../shared/workloads)")
    parser.add_argument("--only", choices=("gemm", "conv"), default=None)
    parser.add_argument("--arch", default="sm_90a")
    parser.add_argument("--limit", type=int, default=None, help="candidates per (problem, family), spread")
    parser.add_argument("--budget-s", type=float, default=None, help="start no job after this many seconds")
    parser.add_argument("--jobs", type=int, default=None, help="parallel nvcc (default: every core, memory permitting)")
    parser.add_argument("--gemms", default="", metavar="MxNxK[+act],...",
                        help="profile these GEMMs instead of the tables (e.g. 4096x3072x768+gelu)")
    parser.add_argument("--convs", default="", metavar="H,W,C,F,R,S,stride,pad;...",
                        help="profile these batch-32 convolutions (bias + ReLU) instead of the tables")
    parser.add_argument("--families", default="", metavar="F,...",
                        help="only these kernel families (e.g. gemm_sm90,conv_sm80); default every one searched")
    parser.add_argument("--schedules", default="", metavar="S,...",
                        help="only candidates whose schedule starts with one of these (e.g. cooperative_splitk)")
    parser.add_argument("--clusters", default="", metavar="MxNx1,...",
                        help="only candidates with one of these clusters (e.g. 2x2x1,2x4x1)")
    parser.add_argument("--extra-clusters", default="", metavar="MxNx1,...",
                        help="also the space's data-parallel gemm_sm90 candidates on these clusters, "
                             "where it does not offer them (e.g. 2x2x1,2x4x1)")
    parser.add_argument("--tiles", default="", metavar="MxN,...",
                        help="only candidates whose threadblock tile's M and N are one of these (e.g. 64x256,128x128)")
    parser.add_argument("--extra-tiles", default="", metavar="MxN,...",
                        help="also gemm_sm90 candidates on these threadblock tiles, which the space does "
                             "not offer (e.g. 128x224,64x112)")
    parser.add_argument("--top", type=int, default=0, metavar="N",
                        help="at the end, print each problem's N fastest candidates (stderr)")
    parser.add_argument("--transpose-b", action="store_true",
                        help="--gemms with B as N x K (K-major), the layout conv-as-gemm gives a 1x1 "
                             "convolution's filter; default K x N")
    args = parser.parse_args(argv)
    gemms = [g for g in args.gemms.split(",") if g]

    def shape_set(text: str, flag: str, form: str, example: str) -> frozenset[tuple[int, ...]]:
        """`text`'s comma-separated shapes of form's rank (MxNx1: 3, MxN: 2), or a usage error."""
        try:
            shapes = frozenset(tuple(int(v) for v in c.split("x")) for c in text.split(",") if c)
        except ValueError:
            shapes = frozenset({()})
        if any(len(shape) != form.count("x") + 1 or min(shape) < 1 for shape in shapes):
            parser.error(f"{flag} {text!r}: expected {form},... (e.g. {example})")
        return shapes

    tiles = shape_set(args.tiles, "--tiles", "MxN", "64x256,128x128")
    clusters = shape_set(args.clusters, "--clusters", "MxNx1", "2x1x1,1x2x1")
    extra_clusters = shape_set(args.extra_clusters, "--extra-clusters", "MxNx1", "2x1x1,1x2x1")
    extra_tiles = shape_set(args.extra_tiles, "--extra-tiles", "MxN", "128x224,64x112")
    convs = [c for c in args.convs.split(";") if c]
    if args.transpose_b and not gemms:
        parser.error("--transpose-b applies to --gemms (the tables' GEMMs are K x N)")
    try:
        named = chosen_ops(gemms, convs, args.transpose_b)
    except ValueError as error:
        parser.error(str(error))

    from boltc.tuning.cache import TuningCache
    from boltc.tuning.profile import ProfileJobResult, profile_problems, profile_record

    out = args.out or Path(os.environ.get("OUT", ".")) / "profile_space.jsonl"
    if named:
        ops = named
    else:
        ops = anchor_ops(json.loads((args.workloads or default_workloads()).read_text()), args.only)
    pairs = pairs_for(ops, args.arch, args.limit, frozenset(f for f in args.families.split(",") if f),
                      tuple(s for s in args.schedules.split(",") if s), clusters, extra_clusters, tiles,
                      extra_tiles)
    print(f"profile_space: {len(pairs)} (candidate, problem) pairs", file=sys.stderr, flush=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    counts = {"ok": 0, "rejected": 0}
    written: list[dict] = []
    with out.open("w") as sink, TuningCache.open() as cache:
        def write(outcome: ProfileJobResult) -> None:
            gpu = outcome.gpu.name if outcome.gpu is not None else "unknown"
            for problem, result in zip(outcome.job.problems, outcome.results):
                record = profile_record(gpu, outcome.job.candidate, problem, result)
                written.append(record)
                sink.write(json.dumps(record) + "\n")
                counts["ok" if result.ok else "rejected"] += 1
                if not result.ok:
                    print(f"profile_space: rejected {outcome.job.candidate_text} on {problem.mnk}: {result.error}",
                          file=sys.stderr)
            sink.flush()

        profile_problems(pairs, args.arch, budget_s=args.budget_s, cache=cache, jobs=args.jobs, on_result=write)
    print(f"profile_space: {counts['ok']} timed, {counts['rejected']} rejected, in {time.monotonic() - start:.0f} s "
          f"-> {out}", file=sys.stderr)
    if args.top > 0:
        print("\n".join(fastest(written, args.top)), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
