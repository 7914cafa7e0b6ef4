"""Which kernels cuBLAS runs for the paper's GEMMs, and for how long: what the tuning space is
measured against, read from cuBLAS's own kernel names (tile, cluster, split-K and stream-K
are spelled out in them on sm_90).

    python3 bench/cublas_kernels.py [--workloads bolt_paper.json] [--gemms MxNxK,...] [--out cublas.json]

On the GPU machine (the workload table travels in the carried .whl/):

    source .whl/setup.sh && python3 bench/cublas_kernels.py --workloads .whl/bolt_paper.json --out $OUT/cublas.json

For each shape (the `gemm` rows of the table, f16 in and out, as bench/gemm.py and
bench/tuned.py time them, or --gemms): torch.matmul warmed up, then 20 calls under
torch.profiler; each CUDA kernel's name and its mean device time per call. Kernels that are not
cuBLAS's own (the profiler's, a memset of a split-K workspace) are listed too: they are part of
what the call costs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gemm import WORKLOADS  # noqa: E402
from profile_space import parse_gemm_arg  # noqa: E402

CALLS = 20


def paper_gemms(table: dict) -> list[tuple[int, int, int]]:
    """The table's `gemm` rows, each (M, N, K) once, in order."""
    return list(dict.fromkeys((row["M"], row["N"], row["K"]) for row in table["gemm"]))


def kernels_of(m: int, n: int, k: int) -> list[dict]:
    """The CUDA kernels torch.matmul runs for one f16 M x K @ K x N: name, calls per matmul,
    mean device time per launch (us)."""
    import torch
    from torch.profiler import ProfilerActivity, profile

    a = torch.randn(m, k, device="cuda", dtype=torch.float16)
    b = torch.randn(k, n, device="cuda", dtype=torch.float16)
    for _ in range(5):
        torch.matmul(a, b)
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(CALLS):
            torch.matmul(a, b)
        torch.cuda.synchronize()
    times: dict[str, list[float]] = defaultdict(list)
    for event in prof.events():
        if event.device_type.name == "CUDA":
            times[event.name].append(event.device_time)
    return [{"kernel": name, "launches_per_call": len(us) / CALLS, "mean_us": sum(us) / len(us)}
            for name, us in sorted(times.items(), key=lambda kv: -sum(kv[1]))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workloads", type=Path, default=WORKLOADS)
    parser.add_argument("--gemms", default="", metavar="MxNxK,...", help="these shapes instead of the table's")
    parser.add_argument("--out", type=Path, help="write the rows as JSON here")
    args = parser.parse_args(argv)
    try:
        shapes = [parse_gemm_arg(g)[:3] for g in args.gemms.split(",") if g]
    except ValueError as error:
        parser.error(str(error))
    if not shapes:
        if not args.workloads.exists():
            parser.error(f"{args.workloads}: no such workload table (give --workloads or --gemms)")
        shapes = paper_gemms(json.loads(args.workloads.read_text()))

    import torch

    if not torch.cuda.is_available():
        print("cublas_kernels: needs a CUDA GPU", file=sys.stderr)
        return 1
    rows = []
    for m, n, k in shapes:
        found = kernels_of(m, n, k)
        rows.append({"m": m, "n": n, "k": k, "gpu": torch.cuda.get_device_name(), "kernels": found})
        print(f"{m}x{n}x{k}:", flush=True)
        for kernel in found:
            print(f"  {kernel['mean_us']:9.2f} us x{kernel['launches_per_call']:.0f}  {kernel['kernel']}", flush=True)
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
