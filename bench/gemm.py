"""GEMM and GEMM+bias+activation: boltc against cuBLAS / cuBLASLt / torch.compile in one run.

    python bench/gemm.py [--out results.json] [--only gemm|gemm_bias_act] [--quick]

For each shape in ../shared/workloads/bolt_paper.json (the shared table, not retyped): a
one-kernel bolt model (fp16 in, fp32 accumulation, fp16 out) compiled by boltc.compile with
the heuristic kernel choice, checked against torch, then timed with triton's do_bench (median,
L2 flushed between repetitions) beside its peers measured in the same process on the same GPU:
torch.matmul (cuBLAS), torch._addmm_activation (cuBLASLt's fused epilogue, relu/gelu only),
addmm then the activation (two kernels), and torch.compile(max-autotune-no-cudagraphs).
boltc runs as a captured CUDA graph replay (one launch; the peers launch one or two kernels
directly), so Python's per-call cost does not hide kernel time for the small shapes.

Also measured: the cold compile of a one-GEMM model (empty kernel cache) and the warm one.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
ROOT = Path(__file__).resolve().parents[1]
WORKLOADS = ROOT.parent / "shared" / "workloads" / "bolt_paper.json"  # or --workloads PATH

ACTIVATIONS = {  # bolt op text for the activation after the bias add
    "relu": "bolt.ew.relu",
    "gelu": "bolt.ew.gelu erf",
    "hardswish": "bolt.ew.hardswish",
    "softplus": "bolt.ew.softplus",
    "gelu_tanh": "bolt.ew.gelu tanh",  # bench/epilogue.py's
    "silu": "bolt.ew.silu",  # bench/tuned.py's
    "sigmoid": "bolt.ew.sigmoid",
}


def gemm_model(m: int, n: int, k: int, act: str | None, kernel: str | None = None, *,
               transpose_b: bool = False) -> str:
    """bolt IR: out = act(A @ B + bias) with A [M, K], B [K, N] and bias [N] as model inputs
    (A @ B alone when `act` is None); `kernel`, a #bolt.kernel forcing the configuration;
    `transpose_b`: B given as [N, K] (as a 1x1 convolution's filter is)."""
    t = lambda *s: "tensor<" + "x".join(map(str, s)) + "xf16>"  # noqa: E731
    b = t(n, k) if transpose_b else t(k, n)
    attrs = ["transpose_b"] * transpose_b + ([f"kernel = {kernel}"] if kernel else [])
    attr = f" {{{', '.join(attrs)}}}" if attrs else ""
    lines = [
        f"func.func @main(%a: {t(m, k)}, %b: {b}"
        + (f", %bias: {t(n)}" if act else "") + f") -> {t(m, n)} {{",
        f"  %d = bolt.gemm %a, %b{attr} : {t(m, k)}, {b} -> {t(m, n)} {{",
        f"  ^bb0(%acc: tensor<{m}x{n}xf32>):",
        f"    bolt.yield %acc : tensor<{m}x{n}xf32>",
        "  }",
    ]
    result = "%d"
    if act:
        lines += [
            f"  %row = bolt.reshape %bias : {t(n)} -> {t(1, n)}",
            f"  %s = bolt.ew.add %d, %row : {t(m, n)}, {t(1, n)} -> {t(m, n)}",
            f"  %y = {ACTIVATIONS[act]} %s : {t(m, n)} -> {t(m, n)}",
        ]
        result = "%y"
    lines += [f"  func.return {result} : {t(m, n)}", "}"]
    return "\n".join(lines) + "\n"


def torch_activation(torch, act: str):
    f = torch.nn.functional
    return {"relu": torch.relu, "gelu": f.gelu, "hardswish": f.hardswish, "softplus": f.softplus,
            "silu": f.silu, "sigmoid": torch.sigmoid}[act]


def with_label(cases: list, texts: str) -> list:
    """The cases whose `label` contains one of the comma-separated `texts` (every case: none
    given): the benches' --only / --match."""
    wanted = [t for t in texts.split(",") if t]
    return [c for c in cases if not wanted or any(t in c.label for t in wanted)]


def run_header() -> dict:
    import torch

    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "gpu": torch.cuda.get_device_name(),
        "torch": torch.__version__,
        "cuda": torch.version.cuda,
        "python": platform.python_version(),
        "command": " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]),
    }


def run_in_processes(calls: dict, jobs: int, describe) -> dict:
    """{key: fn(*args)} for `calls` {key: (fn, args)}, run in `jobs` spawned processes (spawn:
    the caller may have initialised CUDA, which a forked child could not use). A call that
    raises maps to its exception, reported on stderr as `describe(key)`; the others go on."""
    import concurrent.futures
    import multiprocessing

    results = {}
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures = {pool.submit(fn, *args): key for key, (fn, args) in calls.items()}
        for future in concurrent.futures.as_completed(futures):
            key = futures[future]
            try:
                results[key] = future.result()
            except Exception as error:  # noqa: BLE001  (recorded per call, the others go on)
                results[key] = error
                print(f"{describe(key)}: {type(error).__name__}: {error}", file=sys.stderr)
    return results


def gemm_peers(torch, a, b, bias, act: str | None) -> dict:
    """The peers of A @ B (+ bias, act): cuBLAS (torch.matmul); with an activation, addmm then
    the activation (two kernels) and, for relu and gelu, cuBLASLt's fused epilogue."""
    peers = {"cublas_us": lambda: torch.matmul(a, b)}
    if act:
        activation = torch_activation(torch, act)
        peers["addmm_then_act_us"] = lambda: activation(torch.addmm(bias, a, b))
        if act in ("relu", "gelu"):
            peers["cublaslt_fused_us"] = lambda: torch._addmm_activation(bias, a, b, use_gelu=act == "gelu")
    return peers


def bench_one(boltc, torch, do_bench, row: dict, act: str | None) -> dict:
    m, n, k = row["M"], row["N"], row["K"]
    gen = torch.Generator(device="cuda").manual_seed(0)
    a = torch.randn(m, k, device="cuda", dtype=torch.half, generator=gen)
    b = torch.randn(k, n, device="cuda", dtype=torch.half, generator=gen) / k**0.5
    bias = torch.randn(n, device="cuda", dtype=torch.half, generator=gen)
    inputs = (a, b, bias) if act else (a, b)
    model = boltc.compile(gemm_model(m, n, k, act), precision="f16")
    ours = model(*inputs)
    torch.cuda.synchronize()
    reference = a.float() @ b.float()
    if act:
        reference = torch_activation(torch, act)(reference + bias.float())
    # fp16 output: one rounding of D (2^-11 relative) on top of a K-long fp32 sum in another
    # order; |D| is O(1) here by the 1/sqrt(K) scaling.
    torch.testing.assert_close(ours.float(), reference, rtol=2e-3, atol=2e-3)
    graph = model.capture_graph(*inputs)
    timings = {"boltc_us": 1e3 * do_bench(lambda: graph.replay(), warmup=50, rep=300, return_mode="median")}
    for name, fn in gemm_peers(torch, a, b, bias, act).items():
        timings[name] = 1e3 * do_bench(fn, warmup=50, rep=300, return_mode="median")
    result = {"M": m, "N": n, "K": k, "act": act, **timings,
              "TFLOPs": 2 * m * n * k / (timings["boltc_us"] * 1e-6) / 1e12,
              "kernels": model.kernels}
    model.close()
    return result


def compile_times(boltc) -> dict:
    """Cold (empty cache) and warm compile of a one-GEMM model with bias+relu."""
    text = gemm_model(1024, 1024, 1024, "relu")
    cache = tempfile.mkdtemp(prefix="boltc-cold-cache-")
    old = os.environ.get("BOLTC_CACHE_DIR")
    os.environ["BOLTC_CACHE_DIR"] = cache
    try:
        start = time.perf_counter()
        boltc.compile(text).close()
        cold = time.perf_counter() - start
        start = time.perf_counter()
        boltc.compile(text).close()
        warm = time.perf_counter() - start
    finally:
        if old is None:
            os.environ.pop("BOLTC_CACHE_DIR", None)
        else:
            os.environ["BOLTC_CACHE_DIR"] = old
        shutil.rmtree(cache, ignore_errors=True)
    return {"cold_compile_s": cold, "warm_compile_s": warm}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="write the rows as JSON here")
    parser.add_argument("--only", choices=("gemm", "gemm_bias_act", "compile"))
    parser.add_argument("--quick", action="store_true", help="skip the two largest GEMMs")
    parser.add_argument("--workloads", type=Path, default=WORKLOADS,
                        help="the workload table (default: ../shared/workloads/bolt_paper.json; "
                             "on the GPU machine pass a carried copy)")
    args = parser.parse_args()

    import torch
    from triton.testing import do_bench

    import boltc

    workloads = json.loads(args.workloads.read_text())
    report = {"header": run_header(), "rows": []}
    if args.only in (None, "compile"):
        report["compile"] = compile_times(boltc)
        print(json.dumps(report["compile"]), flush=True)
    rows = []
    if args.only in (None, "gemm"):
        rows += [(r, None) for r in workloads["gemm"]
                 if not (args.quick and r["M"] * r["N"] * r["K"] >= 8192**3)]
    if args.only in (None, "gemm_bias_act"):
        rows += [(r, r["act"]) for r in workloads["gemm_bias_act"]]
    # Every model's kernels in one parallel build first (bench/epilogue.py's prebuild): the
    # timing loop then only loads cached objects.
    from epilogue import prebuild

    seconds = prebuild([gemm_model(r["M"], r["N"], r["K"], act) for r, act in rows])
    print(f"prebuild: {seconds:.1f} s", flush=True)
    warm = torch.randn(4096, 4096, device="cuda", dtype=torch.half)  # clocks up before timing
    do_bench(lambda: warm @ warm, warmup=200, rep=500)
    for row, act in rows:
        result = bench_one(boltc, torch, do_bench, row, act)
        report["rows"].append(result)
        ratios = {p: result[p] / result["boltc_us"] for p in result if p.endswith("_us") and p != "boltc_us"}
        print(json.dumps({**{k: result[k] for k in ("M", "N", "K", "act", "boltc_us", "TFLOPs")},
                          "speedup_vs": {p: round(v, 3) for p, v in ratios.items()}}), flush=True)
    if args.out:
        args.out.write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
