"""Back-to-back GEMM and convolution chains against their unfused peers (issue 14's
acceptance), in one run on one GPU.

    python3 bench/b2b.py [--workloads PATH] [--arch sm_90a] [--inductor] [--jobs N] [--only TEXT]
                         [--out results.json]

Cases: every `b2b_gemm` row of ../shared/workloads/bolt_paper.json (relu(relu(A W0) W1), A:
M x K0, W0: K0 x N0, W1: N0 x N1, f16), and an MLP of four such layers (two chains) at the
paper's largest M, as a model built of chains. Each is an nn.Sequential of Linear (no bias)
and ReLU, so W0 is stored [N0, K0] as torch keeps it. Then every `b2b_conv` row
(relu(conv1x1(relu(conv3x3(x, pad 1, stride s) + b0)) + b1), NHWC in and out: the model
permutes an NHWC tensor to torch's NCHW view and back, so the peers run channels_last, with
cudnn.benchmark on, and boltc's layout pass cancels the permutes), and a RepVGG-style stage of
four such pairs (the first strided) at 64 channels, as a model built of conv chains.

Steps:
1. **build**: each case compiled by `boltc.compile` with `fuse_b2b=True` (one b2b kernel per
   chain where the fuse-b2b pass takes it) and `fuse_b2b=False` (two GEMM kernels), in
   parallel processes; the kernels each build runs are recorded (family and configuration).
2. **time**: in this process, each build as a CUDA-graph replay, checked first against torch
   in fp32 on the same f16 weights (rtol = atol = 2e-2: the first product is rounded to f16
   between the GEMMs, as the unfused pair stores it), then timed with triton's do_bench
   (median, L2 flushed between repetitions, as bolt_paper.json's peers were measured); beside
   it the unfused eager sequence (cuBLAS GEMMs and ReLU kernels, what bolt_paper.json calls
   cublas_unfused) and, with --inductor, torch.compile(mode="max-autotune-no-cudagraphs"),
   each as called and as a CUDA-graph replay of its kernels (the summary's ratios use the
   replays: no host dispatch, as boltc's builds are timed).

Reported per case: microseconds of each, the fused kernel's speed-up over each peer, and the
memory floor (the input read and the output written once, the weights once, at this GPU's
copy rate, measured first: a 1 GiB device-to-device copy; `floor_table_us` at bolt_paper.json's
H100 rate) over the fused time: the fraction of the floor's speed reached. That fraction is
given twice: over the graph replay's time, and over the device time of the replay's kernels
alone (`fused_kernel_us`, CUPTI through torch.profiler, L2 flushed before each call): a replay
under do_bench also counts the graph's launch on the device (~3-4 us on the H200, measured by
ncu's kernel duration against do_bench on 2026-11-29), which the floor, bytes over a copy rate
taken on 1 GiB, does not. Beside it, `copy_kernel_us`: a device-to-device copy moving the
floor's bytes, timed as the fused kernel is: what a kernel doing nothing but that traffic takes
at this size (launch and ramp included), so the floor's fraction a small case can reach at all.
Both kernel times are given again on a clean L2 (`fused_kernel_clean_us`, `copy_kernel_clean_us`:
the flush's zeroed lines written back before the call, as ncu's cache control does, not by the
timed kernel's misses; timing.kernel_time_us). And `mix_kernel_us` (and its clean-L2 time):
bench/traffic_floor.py's kernel moving exactly the case's own traffic, its reads and writes as
the chain has them (`floor_traffic`), where the copy moves the same total half and half: under
the flush a read-heavy case's misses write back the dirty lines they evict, and so do the mix
kernel's.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gemm import run_header, run_in_processes, with_label  # noqa: E402  (bench/gemm.py)
from timing import cuda_graph, kernel_time_us  # noqa: E402  (bench/timing.py)

WORKLOADS = Path(__file__).resolve().parents[2] / "shared" / "workloads" / "bolt_paper.json"
BENCH = dict(warmup=50, rep=300, return_mode="median")  # milliseconds of warm-up and repetitions
TOLERANCE = dict(rtol=2e-2, atol=2e-2)


@dataclass(frozen=True)
class Case:
    label: str
    m: int  # rows: A's (GEMM chains), the output pixels N*P*Q of the first convolution (conv chains)
    widths: tuple[int, ...]  # K0, N0, N1[, N2, ...]: the layers' sizes, ReLU after each
    # "gemm": Linear layers; "conv": conv rxr (+ bias) -> 1x1 conv (+ bias) pairs, NHWC;
    # "bottleneck": ResNet-50's block without batch norm, widths (C, W, W, C): 1x1 C -> W, 3x3 W -> W,
    # 1x1 W -> C plus the block's input (the 3x3 -> 1x1 pair is the chain, its shortcut a residual)
    kind: str = "gemm"
    image: tuple[int, int, int] = (0, 0, 0)  # conv: the input's N, H, W
    strides: tuple[int, ...] = ()  # conv: each pair's first stride


def cases(table: dict) -> list[Case]:
    out = [Case(f"b2b M={r['M']} K0={r['K0']} N0={r['N0']} N1={r['N1']}", r["M"], (r["K0"], r["N0"], r["N1"]))
           for r in table["b2b_gemm"]]
    largest = max(table["b2b_gemm"], key=lambda r: r["M"])
    k0, n0, n1 = largest["K0"], largest["N0"], largest["N1"]
    out.append(Case(f"mlp M={largest['M']} {k0}-{n0}-{n1}-{n0}-{n1}", largest["M"], (k0, n0, n1, n0, n1)))
    for r in table.get("b2b_conv", []):
        p, q = -(-r["H"] // r["stride"]), -(-r["W"] // r["stride"])
        out.append(Case(f"conv {r['N']}x{r['H']}x{r['W']}x{r['C']} 3x3/{r['stride']} {r['K']} -> 1x1 {r['K']}",
                        r["N"] * p * q, (r["C"], r["K"], r["K"]), "conv", (r["N"], r["H"], r["W"]), (r["stride"],)))
    # A RepVGG-style stage built of such pairs: a strided pair, then three at 56x56, 64 channels.
    out.append(Case("repvgg stage 32x112x112x64: (3x3 -> 1x1) x 4, 64 channels", 32 * 56 * 56,
                    (64,) * 9, "conv", (32, 112, 112), (2, 1, 1, 1)))
    # A residual in the first stage: relu(relu(A W0 + A) W1), a residual MLP block (K0 = N0) at the
    # paper's M = 32768 widths, its input the first GEMM's residual.
    out.append(Case("residual mlp M=32768 128-128(+A)-64", 32768, (128, 128, 64), "residual_mlp"))
    # ResNet-50's first-stage pair without its shortcut (what the residual costs the fused kernel).
    out.append(Case("conv 32x56x56x64 3x3/1 64 -> 1x1 256 (bottleneck pair, no shortcut)", 32 * 56 * 56,
                    (64, 64, 256), "conv", (32, 56, 56), (1,)))
    # ResNet-50's first-stage block (the pair's second convolution adds the shortcut).
    out.append(Case("resnet50 bottleneck 32x56x56x256: 1x1 64, 3x3 64 -> 1x1 256 + shortcut", 32 * 56 * 56,
                    (256, 64, 64, 256), "bottleneck", (32, 56, 56), (1,)))
    return out


def model_of(torch, case: Case):
    """The case's model, its weights from the first seed from case.m on whose output on a probe
    input is not all zero (with N0 = 1, seed 2464 left the tiny chain's ReLUs nothing: a check
    against torch that could not fail)."""
    for seed in range(case.m, case.m + 20):
        model = _model_with_seed(torch, case, seed)
        probe = torch.Generator().manual_seed(seed)
        x = input_of(torch, case, generator=probe)[:2].float()
        with torch.no_grad():
            if model.float()(x).abs().max() > 0.1:
                return model.half()
    raise AssertionError(f"{case.label}: every seed gives an all-zero output")


def _model_with_seed(torch, case: Case, seed: int):
    torch.manual_seed(seed)
    layers = []
    if case.kind == "bottleneck":
        model = NhwcModel(torch, _bottleneck(torch, *case.widths[:2])).half().eval()
    elif case.kind == "conv":
        widths = case.widths
        for i, stride in enumerate(case.strides):
            c, f0, f1 = widths[2 * i], widths[2 * i + 1], widths[2 * i + 2]
            layers += [torch.nn.Conv2d(c, f0, 3, stride=stride, padding=1), torch.nn.ReLU(),
                       torch.nn.Conv2d(f0, f1, 1), torch.nn.ReLU()]
        model = NhwcModel(torch, torch.nn.Sequential(*layers)).half().eval()
    elif case.kind == "residual_mlp":
        model = _residual_mlp(torch, *case.widths).half().eval()
    else:
        for k, n in zip(case.widths, case.widths[1:]):
            layers += [torch.nn.Linear(k, n, bias=False), torch.nn.ReLU()]
        model = torch.nn.Sequential(*layers).half().eval()
    with torch.no_grad():  # O(1) activations through the ReLUs (the tolerance is near 1)
        for layer in model.modules():
            if isinstance(layer, (torch.nn.Linear, torch.nn.Conv2d)):
                layer.weight.mul_(2.0)
    return model


def _residual_mlp(torch, k0: int, n0: int, n1: int):
    """relu(relu(x W0 + x) W1): the first GEMM adds its own input (k0 == n0)."""
    assert k0 == n0, "the residual is the first GEMM's input"

    class ResidualMlp(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.first = torch.nn.Linear(k0, n0, bias=False)
            self.second = torch.nn.Linear(n0, n1, bias=False)

        def forward(self, x):
            return torch.relu(self.second(torch.relu(self.first(x) + x)))

    return ResidualMlp()


def _bottleneck(torch, c: int, w: int):
    """relu(conv1x1(relu(conv3x3(relu(conv1x1(x))))) + x), biases in place of batch norm."""

    class Bottleneck(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.reduce = torch.nn.Conv2d(c, w, 1)
            self.conv = torch.nn.Conv2d(w, w, 3, padding=1)
            self.expand = torch.nn.Conv2d(w, c, 1)

        def forward(self, x):
            y = torch.relu(self.conv(torch.relu(self.reduce(x))))
            return torch.relu(self.expand(y) + x)

    return Bottleneck()


def NhwcModel(torch, body):
    """`body` (NCHW convolutions) with an NHWC input and output: the permutes are views (the
    peers run channels_last: what cuDNN is fastest on) and cancel against boltc's layout-nhwc."""

    class Nhwc(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.body = body

        def forward(self, x):
            return self.body(x.permute(0, 3, 1, 2)).permute(0, 2, 3, 1)

    return Nhwc()


def input_of(torch, case: Case, **kwargs):
    if case.kind in ("conv", "bottleneck"):
        n, h, w = case.image
        return torch.randn(n, h, w, case.widths[0], dtype=torch.half, **kwargs)
    return torch.randn(case.m, case.widths[0], dtype=torch.half, **kwargs)


def floor_bytes(case: Case) -> int:
    """The bytes of the memory floor: the input read and the output written once, and the
    weights (16-bit elements)."""
    read, written = floor_traffic(case)
    return read + written


def floor_traffic(case: Case) -> tuple[int, int]:
    """floor_bytes as (read, written): the input and the weights read, the output written."""
    if case.kind == "bottleneck":  # the block's input read once, its output written once, the weights
        n, h, w = case.image
        c, width = case.widths[:2]
        return 2 * (n * h * w * c + 2 * c * width + 9 * width * width), 2 * n * h * w * c
    if case.kind == "conv":
        n, h, w = case.image
        pairs = len(case.strides)
        weights = sum(9 * case.widths[2 * i] * case.widths[2 * i + 1] + case.widths[2 * i + 1] * case.widths[2 * i + 2]
                      for i in range(pairs))
        return 2 * (n * h * w * case.widths[0] + weights), 2 * case.m * case.widths[-1]
    weights = sum(k * n for k, n in zip(case.widths, case.widths[1:]))
    return 2 * (case.m * case.widths[0] + weights), 2 * case.m * case.widths[-1]


def memory_floor_us(case: Case, copy_tbps: float) -> float:
    """floor_bytes at `copy_tbps`."""
    return floor_bytes(case) / (copy_tbps * 1e12) * 1e6


# --------------------------------------------------------------------------------------
# 1. build
# --------------------------------------------------------------------------------------


def build_one(case: Case, fused: bool, arch: str, path: str) -> tuple[str, float, list]:
    import torch

    import boltc
    from boltc.compiler import lower_library

    model = model_of(torch, case)
    x = input_of(torch, case)
    start = time.monotonic()
    compiled = boltc.compile(model, (x,), arch=arch, fuse_b2b=fused, output=path, jobs=1)
    seconds = time.monotonic() - start
    compiled.close()
    library, _ = lower_library(model, (x,), arch=arch, fuse_b2b=fused)
    kernels = [(k.family, k.config) for k in library.programs[0].anchor_kernels]
    return path, seconds, kernels


def build_all(all_cases: list[Case], arch: str, out: Path, jobs: int) -> dict:
    """{(case index, fused): (library path, compile s, kernels)}, built in parallel processes."""
    out.mkdir(parents=True, exist_ok=True)
    calls = {(i, fused): (build_one, (case, fused, arch, str(out / f"case{i}_{'fused' if fused else 'unfused'}.so")))
             for i, case in enumerate(all_cases) for fused in (True, False)}
    return run_in_processes(calls, jobs, lambda key: f"b2b: {all_cases[key[0]].label} fuse_b2b={key[1]}")


# --------------------------------------------------------------------------------------
# 2. time
# --------------------------------------------------------------------------------------


def reference_of(torch, case: Case):
    """(the case's model on the GPU, in fp32; its input, seed 0; the model's fp32 output on it)."""
    model = model_of(torch, case).cuda()
    gen = torch.Generator(device="cuda").manual_seed(0)
    x = input_of(torch, case, device="cuda", generator=gen)
    with torch.no_grad():
        reference = model.float()(x.float())
    return model, x, reference


def replay_of(torch, path: str, x):
    """The build at `path` captured as a CUDA graph on `x`, and the output of its first replay
    (as fp32), its buffer filled with NaN before it: a kernel that writes nothing fails any check."""
    import boltc

    graph = boltc.load(path).capture_graph(x)
    graph.outputs[0].fill_(float("nan"))
    out = graph.replay().float()
    torch.cuda.synchronize()
    return graph, out


def time_case(torch, do_bench, case: Case, builds: dict, inductor: bool) -> dict:
    model, x, reference = reference_of(torch, case)
    model.half()
    assert reference.abs().max() > 0.1, f"{case.label}: an all-zero reference checks nothing"
    row: dict = {}
    for name, built in builds.items():
        if isinstance(built, Exception):
            row[f"{name}_error"] = f"{type(built).__name__}: {built}"
            continue
        path, seconds, kernels = built
        row[f"{name}_compile_s"] = round(seconds, 1)
        row[f"{name}_kernels"] = kernels
        graph, out = replay_of(torch, path, x)
        torch.testing.assert_close(out, reference, **TOLERANCE, msg=lambda e: f"{case.label} {name}: {e}")  # noqa: B023
        row[f"{name}_us"] = 1e3 * do_bench(lambda: graph.replay(), **BENCH)  # noqa: B023
        row[f"{name}_kernel_us"] = kernel_time_us(torch, graph.replay)
        if name == "fused":
            row["fused_kernel_clean_us"] = kernel_time_us(torch, graph.replay, clean_l2=True)

    with torch.no_grad():
        # Each peer as called (host dispatch included) and replayed as a CUDA graph of the same
        # kernels, as boltc is timed: the graph is the fair comparison (the device machine's
        # host makes eager launches of a few microseconds' kernels host-bound).
        row["eager_us"] = 1e3 * do_bench(lambda: model(x), **BENCH)
        replay = cuda_graph(torch, lambda: model(x))
        row["eager_graph_us"] = 1e3 * do_bench(replay, **BENCH)
        if inductor:
            compiled = torch.compile(model, mode="max-autotune-no-cudagraphs")
            start = time.monotonic()
            compiled(x)
            row["inductor_compile_s"] = round(time.monotonic() - start, 1)
            row["inductor_us"] = 1e3 * do_bench(lambda: compiled(x), **BENCH)
            replay = cuda_graph(torch, lambda: compiled(x))
            row["inductor_graph_us"] = 1e3 * do_bench(replay, **BENCH)
    return row


def copy_rate_tbps(torch, do_bench) -> float:
    """This GPU's copy rate, for the floor (bolt_paper.json's is the H100's): a device-to-device
    copy of 1 GiB, read and written, timed as the kernels are."""
    source = torch.empty(1 << 29, dtype=torch.half, device="cuda")
    target = torch.empty_like(source)
    return 2 * source.numel() * source.element_size() / (1e-3 * do_bench(lambda: target.copy_(source), **BENCH)) / 1e12


def copy_forms(torch, source, target) -> dict:
    """Two ways to copy `source` into `target`: the driver's device-to-device memcpy (which it
    may run on a copy engine: the same 19.3 MB took 9.0 us in one process and 6.5 in another on
    the H200, 2026-12-02) and an elementwise kernel on the SMs (torch.mul by one)."""
    return {"memcpy": lambda: target.copy_(source), "sm kernel": lambda: torch.mul(source, 1, out=target)}


def copy_kernel_us(torch, nbytes: int, clean_l2: bool = False) -> float:
    """The device time of a device-to-device copy moving `nbytes` (half of them read, half
    written), timed as the fused kernels are (kernel_time_us: CUPTI, L2 flushed): what a kernel
    doing nothing but the chain's memory traffic takes at this size, launch and ramp included;
    the faster of copy_forms. Where it is far above the floor (a few MB: the floor is a 1 GiB
    copy's rate), no kernel reaches the floor's speed. `clean_l2`: timed on a clean L2."""
    half = max(1, nbytes // 4)  # f16 elements a side
    source = torch.randn(half, dtype=torch.half, device="cuda")
    target = torch.empty_like(source)
    return min(kernel_time_us(torch, copy, clean_l2=clean_l2) for copy in copy_forms(torch, source, target).values())


def summary(rows: list[dict]) -> list[str]:
    """Peers as CUDA-graph replays (`*_graph_us`), as boltc's builds are timed."""
    lines = ["| case | fused us | fused kernel us | kernels | unfused boltc us | eager (graph) us | inductor (graph) us "
             "| x unfused | x eager | x inductor | floor us | floor / fused | floor / fused kernel "
             "| copy kernel us | floor / copy kernel | fused kernel us, clean L2 | floor / fused kernel, clean L2 "
             "| copy kernel us, clean L2 | mix kernel us (clean L2) | floor / mix kernel (clean L2) |", "|" + "---|" * 20]
    for r in rows:
        fused = r.get("fused_us")

        def ratio(peer: str) -> str:
            return f"{r[peer] / fused:.2f}" if fused and r.get(peer) else "-"

        def us(key: str) -> str:
            return f"{r[key]:.1f}" if r.get(key) else "-"

        kernels = ", ".join(sorted({f if f not in ("b2b_gemm_sm90", "b2b_conv_sm90") else f"{f} {c.split()[1]}"
                                    for f, c in r.get("fused_kernels", [])}))
        kernel = r.get("fused_kernel_us")
        lines.append(f"| {r['label']} | {us('fused_us')} | {us('fused_kernel_us')} | {kernels} | {us('unfused_us')} "
                     f"| {us('eager_graph_us')} | {us('inductor_graph_us')} | {ratio('unfused_us')} "
                     f"| {ratio('eager_graph_us')} | {ratio('inductor_graph_us')} "
                     f"| {r['floor_us']:.1f} | {(r['floor_us'] / fused if fused else float('nan')):.2f} "
                     f"| {(r['floor_us'] / kernel if kernel else float('nan')):.2f} "
                     f"| {us('copy_kernel_us')} "
                     f"| {(r['floor_us'] / r['copy_kernel_us'] if r.get('copy_kernel_us') else float('nan')):.2f} "
                     f"| {us('fused_kernel_clean_us')} "
                     f"| {(r['floor_us'] / r['fused_kernel_clean_us'] if r.get('fused_kernel_clean_us') else float('nan')):.2f} "
                     f"| {us('copy_kernel_clean_us')} | {us('mix_kernel_us')} ({us('mix_kernel_clean_us')}) "
                     f"| {_fraction(r, 'mix_kernel_us')} ({_fraction(r, 'mix_kernel_clean_us')}) |")
    return lines


def _fraction(row: dict, key: str) -> str:
    """The floor over row[key], or '-' where the row has no such time."""
    return f"{row['floor_us'] / row[key]:.2f}" if row.get(key) else "-"


def mix_kernel_us(torch, case: Case) -> tuple[float, float]:
    """(flush, clean L2) device time of bench/traffic_floor.py's mix kernel for the case: one
    kernel moving exactly the case's floor traffic (floor_traffic: the input and weights read,
    the output written), checked against its reference first. The copy kernel moves the same
    total half read, half written; under the flush a read-heavy mix pays the write-back of the
    dirty lines its misses evict, which this one pays as the fused kernel does."""
    import traffic_floor

    _, _, flush, clean = traffic_floor.mix_times(torch, *floor_traffic(case))
    return flush, clean


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workloads", type=Path, default=WORKLOADS)
    parser.add_argument("--arch", default="sm_90a")
    parser.add_argument("--inductor", action="store_true", help="also time torch.compile max-autotune (slow)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel builds")
    parser.add_argument("--build-dir", type=Path, default=Path("build/b2b"))
    parser.add_argument("--out", type=Path, help="write the rows as JSON here")
    parser.add_argument("--only", help="the cases whose label contains this text, or one of several "
                        "comma-separated (e.g. 'M=2464' or 'conv,repvgg')")
    args = parser.parse_args()

    table = json.loads(args.workloads.read_text())
    all_cases = with_label(cases(table), args.only or "")
    if not all_cases:
        parser.error(f"no case's label contains {args.only!r}")
    start = time.monotonic()
    built = build_all(all_cases, args.arch, args.build_dir, args.jobs)
    print(f"b2b: {len(built)} builds in {time.monotonic() - start:.1f} s", flush=True)

    import torch
    from triton.testing import do_bench

    torch.backends.cudnn.benchmark = True  # the conv peers: cuDNN's fastest algorithm per shape
    copy_tbps = copy_rate_tbps(torch, do_bench)
    print(f"b2b: copy rate {copy_tbps:.2f} TB/s on {torch.cuda.get_device_name()} "
          f"(bolt_paper.json: {table['ceilings']['copy_TBps']})", flush=True)
    rows = []
    for i, case in enumerate(all_cases):
        row = {"label": case.label, "m": case.m, "widths": list(case.widths), "copy_TBps": round(copy_tbps, 3),
               "floor_us": memory_floor_us(case, copy_tbps),
               "floor_table_us": memory_floor_us(case, table["ceilings"]["copy_TBps"]),
               "copy_kernel_us": copy_kernel_us(torch, floor_bytes(case)),
               "copy_kernel_clean_us": copy_kernel_us(torch, floor_bytes(case), clean_l2=True)}
        row["mix_kernel_us"], row["mix_kernel_clean_us"] = mix_kernel_us(torch, case)
        try:
            row.update(time_case(torch, do_bench, case, {"fused": built[(i, True)], "unfused": built[(i, False)]},
                                 args.inductor))
        except Exception as error:  # noqa: BLE001  (one case's failure is reported; the rest go on)
            row["error"] = f"{type(error).__name__}: {error}"
            print(f"b2b: {case.label}: {row['error']}", file=sys.stderr)
        rows.append(row)
        print(json.dumps(row), flush=True)
        if args.out:
            args.out.write_text(json.dumps({"header": run_header(), "rows": rows}, indent=1))
    print("\n".join(summary(rows)))


if __name__ == "__main__":
    main()
