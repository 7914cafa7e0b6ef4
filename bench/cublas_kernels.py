"""Which kernels cuBLAS runs for the paper's GEMMs (and cuDNN for convolutions, --convs), and for
how long: what the tuning space is measured against, read from the vendor's own kernel names
(tile, cluster, split-K and stream-K are spelled out in them on sm_90).

    python3 bench/cublas_kernels.py [--workloads bolt_paper.json] [--gemms MxNxK,...]
                                    [--convs H,W,C,F,R,S,stride,pad;...] [--out cublas.json]

On the GPU machine (the workload table travels in the carried .whl/):

    source .whl/setup.sh && python3 bench/cublas_kernels.py --workloads .whl/bolt_paper.json --out $OUT/cublas.json

For each shape (the `gemm` rows of the table, f16 in and out, as bench/gemm.py and
bench/tuned.py time them, or --gemms): torch.matmul warmed up, then 20 calls under
torch.profiler; each CUDA kernel's name and its mean device time per call. Kernels that are not
cuBLAS's own (the profiler's, a memset of a split-K workspace) are listed too: they are part of
what the call costs.

--convs: batch-32 convolutions (profile_space.py's --convs fields) through
torch.nn.functional.conv2d, f16, channels_last, cudnn.benchmark on, as bench/tuned.py's cuDNN
peer runs them; each row also carries `call_us`, the median of single calls under triton's
do_bench (L2 flushed), the kernel time plus what launching it costs. On sm_90 cuDNN runs a 1x1
convolution as a cuBLAS nvjet GEMM (H200, bench/RESULTS.md 2026-11-29 14:08).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conv import BENCH, Bench, ConvShape  # noqa: E402
from gemm import WORKLOADS  # noqa: E402
from profile_space import RESNET50_BATCH, parse_conv_arg, parse_gemm_arg  # noqa: E402

CALLS = 20


def paper_gemms(table: dict) -> list[tuple[int, int, int]]:
    """The table's `gemm` rows, each (M, N, K) once, in order."""
    return list(dict.fromkeys((row["M"], row["N"], row["K"]) for row in table["gemm"]))


def kernels_of(m: int, n: int, k: int) -> list[dict]:
    """The CUDA kernels torch.matmul runs for one f16 M x K @ K x N: name, calls per matmul,
    mean device time per launch (us)."""
    import torch

    a = torch.randn(m, k, device="cuda", dtype=torch.float16)
    b = torch.randn(k, n, device="cuda", dtype=torch.float16)
    return kernels_of_call(lambda: torch.matmul(a, b))


def conv_call(h: int, w: int, c: int, f: int, r: int, s: int, stride: int, pad: int):
    """cuDNN's f16 convolution of one batch-RESNET50_BATCH layer as a no-argument call: bench/conv.py's
    Bench (tuned.py's peer), channels_last views of NHWC data, cudnn.benchmark on."""
    import torch
    from triton.testing import do_bench

    torch.backends.cudnn.benchmark = True
    shape = ConvShape("resnet50", RESNET50_BATCH, h, w, c, f, r, s, (pad,) * 4, (stride, stride))
    bench = Bench(torch, do_bench, shape, None, seed=0)
    return lambda: bench.conv(bench.x_nchw, bench.w_nchw)


def call_us(call) -> float:
    """The median of single calls (triton's do_bench, L2 flushed, conv.py's BENCH), in us."""
    from triton.testing import do_bench

    return 1e3 * do_bench(call, **BENCH)


def kernels_of_call(call) -> list[dict]:
    """The CUDA kernels one `call` runs: name, launches per call, mean device time (us)."""
    import torch
    from torch.profiler import ProfilerActivity, profile

    for _ in range(5):
        call()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(CALLS):
            call()
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
    parser.add_argument("--convs", default="", metavar="H,W,C,F,R,S,stride,pad;...",
                        help="these batch-32 convolutions (cuDNN) instead of the table's GEMMs")
    parser.add_argument("--out", type=Path, help="write the rows as JSON here")
    args = parser.parse_args(argv)
    try:
        shapes = [parse_gemm_arg(g)[:3] for g in args.gemms.split(",") if g]
        convs = [parse_conv_arg(c) for c in args.convs.split(";") if c]
    except ValueError as error:
        parser.error(str(error))
    if not shapes and not convs:
        if not args.workloads.exists():
            parser.error(f"{args.workloads}: no such workload table (give --workloads or --gemms)")
        shapes = paper_gemms(json.loads(args.workloads.read_text()))

    import torch

    if not torch.cuda.is_available():
        print("cublas_kernels: needs a CUDA GPU", file=sys.stderr)
        return 1
    rows = []
    for conv in convs:
        call = conv_call(*conv)
        found = kernels_of_call(call)
        h, w, c, f, r, s_, stride, pad = conv
        label = f"N{RESNET50_BATCH} {h}x{w}x{c}->{f} {r}x{s_}/{stride} pad {pad}"
        rows.append({"conv": list(conv), "batch": RESNET50_BATCH, "label": label, "gpu": torch.cuda.get_device_name(),
                     "call_us": call_us(call), "kernels": found})
        print(f"{label}: {rows[-1]['call_us']:.2f} us a call", flush=True)
        for kernel in found:
            print(f"  {kernel['mean_us']:9.2f} us x{kernel['launches_per_call']:.0f}  {kernel['kernel']}", flush=True)
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
