"""What a fused epilogue costs: GEMM+bias+activation against the plain GEMM of the same shape,
per kernel configuration, in one run on one GPU.

    python bench/epilogue.py [--workloads PATH] [--out results.json] [--configs heuristic,...]
                             [--epilogues none,relu,...] [--shapes 1280x768x3072,...] [--rounds N]

For each shape of `gemm_bias_act` in ../shared/workloads/bolt_paper.json (or of `--shapes`)
and each activation (relu, gelu (erf), gelu (tanh), hardswish, softplus), a one-kernel model is
compiled with the heuristic configuration and with each configuration of `--configs` (forced
through `#bolt.kernel`), checked against torch, and timed as a CUDA-graph replay with triton's do_bench
(median, L2 flushed): every case once per round for `--rounds` rounds, then the median of
those. The plain GEMM is timed with the same configuration, so the overhead column is the
epilogue's own cost: time(act) / time(plain) - 1. The issue's target is at most
10 % over the plain GEMM of the same shape.

Every model's kernels are compiled first, in one parallel build (boltc.lowering.build), so the
timing loop only loads cached objects.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gemm import WORKLOADS, gemm_model, run_header, torch_activation  # noqa: E402

EPILOGUES = ("none", "relu", "gelu", "gelu_tanh", "hardswish", "softplus")
# name -> the #bolt.kernel attribute text (None: the heuristic's choice)
CONFIGS = {
    "heuristic": None,
    "128x256-coop": '#bolt.kernel<"gemm_sm90", tile [128, 256, 64], cluster [2, 1, 1], stages 3, "cooperative">',
    "128x128-coop": '#bolt.kernel<"gemm_sm90", tile [128, 128, 64], cluster [2, 1, 1], stages 4, "cooperative">',
    "64x256-pingpong": '#bolt.kernel<"gemm_sm90", tile [64, 256, 64], cluster [2, 1, 1], stages 4, "pingpong">',
    "64x128-pingpong": '#bolt.kernel<"gemm_sm90", tile [64, 128, 64], cluster [2, 1, 1], stages 5, "pingpong">',
    "128x128-pingpong": '#bolt.kernel<"gemm_sm90", tile [128, 128, 64], cluster [2, 1, 1], stages 4, "pingpong">',
    "128x128-pingpong-c1": '#bolt.kernel<"gemm_sm90", tile [128, 128, 64], cluster [1, 1, 1], stages 5, "pingpong">',
    "128x192-pingpong": '#bolt.kernel<"gemm_sm90", tile [128, 192, 64], cluster [2, 1, 1], stages 4, "pingpong">',
    "128x192-coop": '#bolt.kernel<"gemm_sm90", tile [128, 192, 64], cluster [2, 1, 1], stages 4, "cooperative">',
    "128x192-coop-c1": '#bolt.kernel<"gemm_sm90", tile [128, 192, 64], cluster [1, 1, 1], stages 4, "cooperative">',
    "128x128-streamk": '#bolt.kernel<"gemm_sm90", tile [128, 128, 64], cluster [1, 1, 1], stages 4, "cooperative_streamk">',
    "128x256-streamk": '#bolt.kernel<"gemm_sm90", tile [128, 256, 64], cluster [1, 1, 1], stages 3, "cooperative_streamk">',
}


def model_text(m: int, n: int, k: int, epilogue: str, kernel: str | None) -> str:
    """bolt IR: out = act(A @ B + bias) (or A @ B for "none"), A [M, K], B [K, N], bias [N]."""
    return gemm_model(m, n, k, None if epilogue == "none" else epilogue, kernel)


def torch_epilogue(torch, epilogue: str):
    if epilogue == "gelu_tanh":
        return lambda x: torch.nn.functional.gelu(x, approximate="tanh")
    return torch_activation(torch, epilogue)


def prebuild(texts: list[str]) -> float:
    """Lower every model and compile all their kernels in one parallel build; seconds taken."""
    from boltc.compiler import lower
    from boltc.lowering import build

    start = time.perf_counter()
    units = []
    for text in texts:
        program, _ = lower(text)
        units += [call.unit for call in program.anchor_kernels if call.unit is not None]
    build.compile_units(units)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path)
    parser.add_argument("--workloads", type=Path, default=WORKLOADS)
    parser.add_argument("--configs", default=",".join(CONFIGS), help=f"comma-separated, of {', '.join(CONFIGS)}")
    parser.add_argument("--epilogues", default=",".join(EPILOGUES))
    parser.add_argument("--rounds", type=int, default=5, help="measurements of each case, round-robin")
    parser.add_argument("--shapes", help="comma-separated MxNxK (default: the workloads' gemm_bias_act shapes)")
    args = parser.parse_args()
    configs = args.configs.split(",")
    epilogues = args.epilogues.split(",")

    import torch
    from triton.testing import do_bench

    import boltc

    if args.shapes:
        shapes = [tuple(int(v) for v in shape.split("x")) for shape in args.shapes.split(",")]
    else:
        shapes = sorted({(r["M"], r["N"], r["K"]) for r in json.loads(args.workloads.read_text())["gemm_bias_act"]})
    cases = [(shape, config, ep) for shape in shapes for config in configs for ep in epilogues]
    texts = {case: model_text(*case[0], case[2], CONFIGS[case[1]]) for case in cases}
    report = {"header": run_header(), "prebuild_s": prebuild(list(texts.values())), "rows": []}
    print(f"prebuild: {report['prebuild_s']:.1f} s", flush=True)
    # Clocks up before the first measurement (the first case read 25 % slow without this).
    a = torch.randn(4096, 4096, device="cuda", dtype=torch.half)
    do_bench(lambda: a @ a, warmup=200, rep=500)
    replays = {}
    for (m, n, k), config, epilogue in cases:
        gen = torch.Generator(device="cuda").manual_seed(0)
        a = torch.randn(m, k, device="cuda", dtype=torch.half, generator=gen)
        b = torch.randn(k, n, device="cuda", dtype=torch.half, generator=gen) / k**0.5
        bias = torch.randn(n, device="cuda", dtype=torch.half, generator=gen)
        inputs = (a, b) if epilogue == "none" else (a, b, bias)
        model = boltc.compile(texts[((m, n, k), config, epilogue)])
        out = model(*inputs)
        reference = a.float() @ b.float()
        if epilogue != "none":
            reference = torch_epilogue(torch, epilogue)(reference + bias.float())
        # fp16 output: one rounding (2^-11 relative) over an fp32 K-sum in another order.
        torch.testing.assert_close(out.float(), reference, rtol=2e-3, atol=2e-3)
        replays[((m, n, k), config, epilogue)] = (model, inputs, model.capture_graph(*inputs))
    # Round-robin: every case once per round, the median over rounds, so that a drift of the
    # clocks over the run does not favour the cases measured first.
    times = {case: [] for case in cases}
    for _ in range(args.rounds):
        for case in cases:
            graph = replays[case][2]
            times[case].append(1e3 * do_bench(lambda: graph.replay(), warmup=25, rep=150, return_mode="median"))
    for case in cases:
        (m, n, k), config, epilogue = case
        model = replays[case][0]
        row = {"M": m, "N": n, "K": k, "config": config, "epilogue": epilogue,
               "boltc_us": float(np.median(times[case])), "rounds_us": times[case], "kernels": model.kernels}
        model.close()
        report["rows"].append(row)
        print(json.dumps({key: row[key] for key in ("M", "N", "K", "config", "epilogue", "boltc_us")}), flush=True)
    plain = {(r["M"], r["N"], r["K"], r["config"]): r["boltc_us"] for r in report["rows"] if r["epilogue"] == "none"}
    print("\n| M | N | K | config | epilogue | µs | over plain |\n|---:|---:|---:|---|---|---:|---:|")
    for r in report["rows"]:
        base = plain.get((r["M"], r["N"], r["K"], r["config"]))
        r["overhead"] = None if base is None else r["boltc_us"] / base - 1
        over = "" if r["overhead"] is None else f"{100 * r['overhead']:+.1f} %"
        print(f"| {r['M']} | {r['N']} | {r['K']} | {r['config']} | {r['epilogue']} | {r['boltc_us']:.2f} | {over} |")
    if args.out:
        args.out.write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
