"""Tuning strategies against the vendor libraries, shape by shape (issue 13's acceptance), in one
run on one GPU.

    python3 bench/tuned.py [--only gemm|conv] [--strategies heuristic,model,profile]
                           [--workloads PATH] [--jobs N] [--budget S] [--out results.json]

On the GPU machine (the workload table travels in the carried .whl/):

    source .whl/setup.sh && export BOLTC_CACHE_DIR=/tmp/bc PYTHONUNBUFFERED=1
    python3 bench/tuned.py --workloads .whl/bolt_paper.json --only gemm --out $OUT/tuned_gemm.json

Cases, from ../shared/workloads/bolt_paper.json (the shared table, not retyped) and ResNet-50:
- gemm: every `gemm` row (A @ B, f16 in and out), and the `gemm_bias_act` shape with bias and
  each activation the issue names (relu, gelu (erf), silu, sigmoid, hardswish, softplus) fused;
- conv: the `conv3x3_resnet50` and `conv_unaligned` rows (the convolution alone; the unaligned
  ones with constant weights, so pad-alignment pads C as it does in a model), and ResNet-50's
  distinct convolutions at batch 32 (bench/profile_space.py's RESNET50_CONVS) with bias + ReLU,
  as the model's layers are after fuse-epilogue.

Steps:
1. **tune**: every case's GEMM or convolution, as the graph passes leave it, profiled in one
   batch (`select.profile_all` over all of them: what `--tune profile` runs for one model, on
   their union, so the profilers compile in one parallel nvcc batch); the results go to the
   tuning cache, the profilers to the object cache. Its wall time is printed.
2. **build**: each (case, strategy) compiled by `boltc.compile(text, tune=strategy)` in
   parallel processes; `profile` reads step 1's measurements from the tuning cache (no
   compile, no profile), and the kernels it picks are the profilers' translation units
   (object cache hits).
3. **time**: each case's builds as CUDA-graph replays, checked against torch in fp32 first, and
   its peers, with triton's do_bench (median, warm-up 50 ms, 300 ms of repetitions, L2 flushed
   between them), in this process on this GPU: cuBLAS (torch.matmul), addmm then the
   activation, cuBLASLt's fused epilogue (torch._addmm_activation: relu, gelu); cuDNN
   (torch.nn.functional.conv2d, channels_last, cudnn.benchmark on) for the convolution alone
   and with bias + ReLU as separate kernels.

Each is timed in three forms (bench/timing.py), because a launch's own gap on the device is a
few microseconds, a tenth of a 1x1 convolution: boltc's build as its CUDA-graph replay
(`<strategy>_us`), called directly (`<strategy>_call_us`) and its kernels' device time
(`<strategy>_kernel_us`, CUPTI); each peer as called eagerly (`<peer>_us`), as a torch CUDA
graph of the same call (`<peer>_graph_us`) and its kernels' device time (`<peer>_kernel_us`).

Ratios are peer time / boltc time (> 1: boltc faster); the summary prints, per strategy and per
like-for-like form (graph against graph, call against call, kernels against kernels; and the
graph against the eager call that earlier entries compared), the smallest ratio and the
geometric mean against cuBLAS (GEMMs) and cuDNN's convolution alone (convolutions; a fused bias
+ ReLU is extra work boltc does, so the bar is the stricter one), and for the activations the
fused kernel's time over the plain GEMM's of the same shape.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conv import BENCH, TOLERANCE, Bench, ConvShape, constant_weights, conv_model, conv_workloads  # noqa: E402
from gemm import (  # noqa: E402
    WORKLOADS, gemm_model, gemm_peers, run_header, run_in_processes, torch_activation, with_label,
)
from profile_space import RESNET50_BATCH, RESNET50_CONVS  # noqa: E402
from timing import cuda_graph, kernel_time_us  # noqa: E402

STRATEGIES = ("heuristic", "model", "profile")
ACTIVATIONS = ("relu", "gelu", "silu", "sigmoid", "hardswish", "softplus")  # issue 13's list
GEMM_TOLERANCE = dict(rtol=2e-3, atol=2e-3)  # bench/gemm.py's: |D| = O(1) by the 1/sqrt(K) scaling


@dataclass(frozen=True)
class Case:
    """One shape: `kind` gemm or conv; `text` its bolt model; `act` the GEMM's fused activation
    (None: A @ B alone); `conv` the convolution and `epilogue` ("conv" or "cbr")."""

    label: str
    kind: str
    text: str
    m: int = 0
    n: int = 0
    k: int = 0
    act: str | None = None
    conv: ConvShape | None = None
    epilogue: str = "conv"
    constant_weights: bool = False  # the filter and bias embedded, as a model's are


def gemm_cases(table: dict) -> list[Case]:
    cases = []
    for row in table["gemm"]:
        m, n, k = row["M"], row["N"], row["K"]
        cases.append(Case(f"gemm {m}x{n}x{k}", "gemm", gemm_model(m, n, k, None), m, n, k))
    shapes = list(dict.fromkeys((r["M"], r["N"], r["K"]) for r in table["gemm_bias_act"]))
    for m, n, k in shapes:
        if not any(c.m == m and c.n == n and c.k == k for c in cases):  # the plain GEMM, for the bar
            cases.append(Case(f"gemm {m}x{n}x{k}", "gemm", gemm_model(m, n, k, None), m, n, k))
        for act in ACTIVATIONS:
            cases.append(Case(f"gemm {m}x{n}x{k} bias+{act}", "gemm", gemm_model(m, n, k, act), m, n, k, act))
    return cases


def conv_cases(table: dict) -> list[Case]:
    cases = []
    for shape in conv_workloads(table):
        constant = shape.weights == "constant"
        weights = constant_weights(shape) if constant else None
        cases.append(Case(f"conv {shape.label} ({shape.family})", "conv", conv_model(shape, "conv", weights=weights),
                          *shape.gemm_mnk, conv=shape, epilogue="conv", constant_weights=constant))
    for h, w, c, f, r, s, stride, pad in RESNET50_CONVS:
        # As the model holds them: constant weights, so the graph passes treat the layer as they
        # do in ResNet-50 (the 7x7/2 stem on 3 channels is folded to a 4x4 convolution on 16).
        shape = ConvShape("resnet50", RESNET50_BATCH, h, w, c, f, r, s, (pad,) * 4, (stride, stride))
        for epilogue in ("conv", "cbr"):
            what = "" if epilogue == "conv" else ", +bias+relu"
            cases.append(Case(f"conv {shape.label} (resnet50{what})", "conv",
                              conv_model(shape, epilogue, weights=constant_weights(shape)),
                              *shape.gemm_mnk, conv=shape, epilogue=epilogue, constant_weights=True))
    return cases


# --------------------------------------------------------------------------------------
# 1. tune, 2. build
# --------------------------------------------------------------------------------------


def tune_all(cases: list[Case], budget: float | None) -> float:
    """Step 1: every case's anchor profiled in one batch; the seconds it took."""
    from xdsl.parser import Parser

    from boltc.compiler import optimize
    from boltc.dialects import bolt
    from boltc.dialects.context import bolt_context
    from boltc.tuning import select

    anchors = []
    for case in cases:
        module = Parser(bolt_context(), case.text).parse_module()
        optimize(module, "sm_90a", "f16")  # the graph passes (the heuristic writes a kernel, dropped below)
        for op in module.walk():
            if isinstance(op, (bolt.GemmOp, bolt.Conv2dOp)):
                op.kernel = None
                anchors.append(op)
    start = time.monotonic()
    select.profile_all(anchors, "sm_90a", budget, progress=True)
    return time.monotonic() - start


def build_one(text: str, strategy: str, path: str) -> tuple[str, float, list]:
    import boltc

    start = time.monotonic()
    model = boltc.compile(text, tune=strategy, output=path, jobs=1)
    # Each launch's family and configuration (the manifest's), so that two strategies' picks
    # can be told apart and re-timed: "gemm_sm90: <config summary>".
    manifest = model.manifest or {}
    kernels = ([f"{k['kernel']}: {k['config']}" if k.get("config") else k["kernel"] for k in manifest["kernels"]]
               if manifest.get("kernels") else model.kernels)
    model.close()
    return path, time.monotonic() - start, kernels


def build_all(cases: list[Case], strategies: list[str], out: Path, jobs: int) -> dict:
    """Step 2: {(case index, strategy): (library path, compile s, kernels)}."""
    out.mkdir(parents=True, exist_ok=True)
    calls = {(i, strategy): (build_one, (case.text, strategy, str(out / f"case{i}_{strategy}.so")))
             for i, case in enumerate(cases) for strategy in strategies}
    return run_in_processes(calls, jobs, lambda key: f"tuned: {cases[key[0]].label} --tune {key[1]}")


# --------------------------------------------------------------------------------------
# 3. time
# --------------------------------------------------------------------------------------


def time_builds(torch, do_bench, label: str, models: dict, inputs: tuple, reference, tolerance: dict) -> dict:
    """Each strategy's build as a CUDA-graph replay ({strategy}_us), called directly
    ({strategy}_call_us) and its kernels' device time ({strategy}_kernel_us); the replay checked
    first against `reference` (its output poisoned with NaN beforehand: every element must be
    written), the direct call too."""
    row: dict = {}
    for strategy, model in models.items():
        graph = model.capture_graph(*inputs)
        graph.outputs[0].fill_(float("nan"))
        out = graph.replay().float()
        torch.cuda.synchronize()
        torch.testing.assert_close(out, reference, **tolerance, msg=lambda e: f"{label} {strategy}: {e}")  # noqa: B023
        row[f"{strategy}_us"] = 1e3 * do_bench(lambda: graph.replay(), **BENCH)  # noqa: B023
        row[f"{strategy}_kernel_us"] = kernel_time_us(torch, graph.replay)
        called = model(*inputs)
        torch.testing.assert_close(called.float(), reference, **tolerance,
                                   msg=lambda e: f"{label} {strategy} (called): {e}")  # noqa: B023
        row[f"{strategy}_call_us"] = 1e3 * do_bench(lambda: model(*inputs), **BENCH)  # noqa: B023
    return row


def time_peers(torch, do_bench, fns: dict, called: bool = True) -> dict:
    """{name: fn} (each name ending in _us) timed as called (name; unless `called` is False:
    the caller has), as a torch CUDA graph of the call (name_graph_us) and by its kernels'
    device time (name_kernel_us)."""
    row: dict = {}
    for name, fn in fns.items():
        stem = name[:-len("_us")]
        if called:
            row[name] = 1e3 * do_bench(fn, **BENCH)
        replay = cuda_graph(torch, fn)
        row[f"{stem}_graph_us"] = 1e3 * do_bench(replay, **BENCH)
        row[f"{stem}_kernel_us"] = kernel_time_us(torch, fn)
    return row


def time_gemm(torch, do_bench, case: Case, models: dict) -> dict:
    m, n, k, act = case.m, case.n, case.k, case.act
    gen = torch.Generator(device="cuda").manual_seed(0)
    a = torch.randn(m, k, device="cuda", dtype=torch.half, generator=gen)
    b = torch.randn(k, n, device="cuda", dtype=torch.half, generator=gen) / k**0.5
    bias = torch.randn(n, device="cuda", dtype=torch.half, generator=gen)
    inputs = (a, b, bias) if act else (a, b)
    reference = a.float() @ b.float()
    if act:
        reference = torch_activation(torch, act)(reference + bias.float())
    row = time_builds(torch, do_bench, case.label, models, inputs, reference, GEMM_TOLERANCE)
    row.update(time_peers(torch, do_bench, gemm_peers(torch, a, b, bias, act)))
    return row


def time_conv(torch, do_bench, case: Case, models: dict) -> dict:
    shape = case.conv
    weights = constant_weights(shape) if case.constant_weights else None
    bench = Bench(torch, do_bench, shape, weights, seed=0)
    inputs = (bench.x,) if weights is not None else (
        (bench.x, bench.filter, bench.bias) if case.epilogue == "cbr" else (bench.x, bench.filter))
    row = time_builds(torch, do_bench, case.label, models, inputs, bench.reference(case.epilogue), TOLERANCE)
    peers = bench.peers(inductor=False)  # checked against the reference, then timed as called
    row.update({k: v for k, v in peers.items() if k.endswith("_us") or k == "peer_check_failed"})
    calls = bench.peer_calls  # the calls bench.peers checked and timed
    row.update(time_peers(torch, do_bench, {name: calls[name][0] for name in ("cudnn_conv_us", "cudnn_cbr_us")},
                          called=False))
    return row


def geomean(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def summary(rows: list[dict], strategies: list[str]) -> list[str]:
    """Per strategy: the plain GEMMs against cuBLAS; the convolutions alone against cuDNN's,
    and with bias + ReLU against cuDNN's convolution then bias + ReLU (the same work); then
    each fused activation's time over the plain GEMM of its shape and against the unfused pair."""
    lines = []
    sets = (("gemm", "cublas", lambda r: r["kind"] == "gemm" and not r.get("act")),
            ("conv", "cudnn_conv", lambda r: r["kind"] == "conv" and r.get("epilogue") == "conv"),
            ("conv+bias+relu", "cudnn_cbr", lambda r: r["kind"] == "conv" and r.get("epilogue") == "cbr"))
    # (form, boltc's key suffix, the peer's key suffix): boltc's graph replay against the peer's
    # eager call (what entries before 2026-11-30 06:45 compared), then like against like.
    forms = (("graph/eager", "_us", "_us"), ("graph/graph", "_us", "_graph_us"), ("call/call", "_call_us", "_us"),
             ("kernel/kernel", "_kernel_us", "_kernel_us"))
    for kind, peer, chosen in sets:
        for strategy in strategies:
            for form, ours, theirs in forms:
                ratios = [(r[peer + theirs] / r[strategy + ours], r["label"]) for r in rows
                          if chosen(r) and r.get(peer + theirs) and r.get(strategy + ours)]
                if ratios:
                    low = min(ratios)
                    lines.append(f"{kind} --tune {strategy} ({form}): x{peer} geomean "
                                 f"{geomean([x for x, _ in ratios]):.3f}, min {low[0]:.3f} ({low[1]}), "
                                 f"{sum(x >= 0.95 for x, _ in ratios)}/{len(ratios)} at >= 0.95")
    plain = {(r["m"], r["n"], r["k"]): r for r in rows if r["kind"] == "gemm" and not r.get("act")}
    for strategy in strategies:
        for r in rows:
            base = plain.get((r["m"], r["n"], r["k"]))
            if r.get("act") and base and r.get(f"{strategy}_us") and base.get(f"{strategy}_us"):
                kernels = (f" (kernels: {r[f'{strategy}_kernel_us'] / base[f'{strategy}_kernel_us']:.3f})"
                           if r.get(f"{strategy}_kernel_us") and base.get(f"{strategy}_kernel_us") else "")
                lines.append(f"bias+{r['act']} --tune {strategy}: {r[f'{strategy}_us'] / base[f'{strategy}_us']:.3f}"
                             f"{kernels} of the plain GEMM; x(addmm+act) {r['addmm_then_act_us'] / r[f'{strategy}_us']:.2f}"
                             + (f", x(cuBLASLt fused) {r['cublaslt_fused_us'] / r[f'{strategy}_us']:.2f}"
                                if r.get("cublaslt_fused_us") else ""))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=("gemm", "conv"))
    parser.add_argument("--strategies", default=",".join(STRATEGIES))
    parser.add_argument("--workloads", type=Path, default=WORKLOADS)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel builds (step 2)")
    parser.add_argument("--budget", type=float, default=None, help="seconds for step 1 (default: no limit)")
    parser.add_argument("--build-dir", type=Path, default=Path("build/tuned"))
    parser.add_argument("--out", type=Path, help="write the header and rows as JSON here")
    parser.add_argument("--match", default="", metavar="TEXT,...",
                        help="only the cases whose label contains one of these (e.g. '7x7x512->2048 1x1,14x14x1024')")
    args = parser.parse_args()
    strategies = [s for s in args.strategies.split(",") if s]
    unknown = set(strategies) - set(STRATEGIES)
    if unknown:
        parser.error(f"unknown strategies {sorted(unknown)} (of {', '.join(STRATEGIES)})")

    table = json.loads(args.workloads.read_text())
    cases = (gemm_cases(table) if args.only in (None, "gemm") else []) + \
            (conv_cases(table) if args.only in (None, "conv") else [])
    cases = with_label(cases, args.match)
    if not cases:
        parser.error(f"no case's label contains any of {args.match!r}")
    report: dict = {"header": run_header(), "cases": len(cases)}
    if "profile" in strategies:
        report["tune_s"] = tune_all(cases, args.budget)
        print(f"tuned: step 1 (profile every case's kernel, one batch): {report['tune_s']:.1f} s", flush=True)
    start = time.monotonic()
    built = build_all(cases, strategies, args.build_dir, args.jobs)
    report["build_s"] = time.monotonic() - start
    print(f"tuned: step 2 ({len(built)} builds): {report['build_s']:.1f} s", flush=True)

    import torch
    from triton.testing import do_bench

    import boltc

    torch.backends.cudnn.benchmark = True
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    rows = []
    for i, case in enumerate(cases):
        row = {"label": case.label, "kind": case.kind, "m": case.m, "n": case.n, "k": case.k, "act": case.act,
               "epilogue": case.epilogue if case.kind == "conv" else None}
        models, kernels = {}, {}
        for strategy in strategies:
            result = built.get((i, strategy))
            if isinstance(result, tuple):
                models[strategy] = boltc.load(result[0])
                kernels[strategy] = result[2]
                row[f"{strategy}_compile_s"] = result[1]
            else:
                row[f"{strategy}_error"] = f"{type(result).__name__}: {result}"
        try:
            timing = time_gemm if case.kind == "gemm" else time_conv
            row.update(timing(torch, do_bench, case, models))
        except Exception as error:  # noqa: BLE001  (recorded; the other cases go on)
            row["error"] = f"{type(error).__name__}: {error}"
        for model in models.values():
            model.close()
        row["kernels"] = kernels
        rows.append(row)
        print(json.dumps({k: (round(v, 2) if isinstance(v, float) else v) for k, v in row.items() if k != "kernels"}),
              flush=True)
        if args.out:  # as it goes: a timeout still leaves the rows so far
            args.out.write_text(json.dumps({**report, "rows": rows}, indent=1, default=str))
    report["summary"] = summary(rows, strategies)
    print("\n".join(report["summary"]), flush=True)
    if args.out:
        args.out.write_text(json.dumps({**report, "rows": rows}, indent=1, default=str))


if __name__ == "__main__":
    main()
