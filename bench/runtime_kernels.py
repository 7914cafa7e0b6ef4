#!/usr/bin/env python3
"""The runtime's memory-bound kernels on the zoo's layer shapes: achieved GB/s and the fraction
of the GPU's copy bandwidth, measured in the same run.

    python3 bench/runtime_kernels.py [--only maxpool,transpose] [--json out.json]

Each case is a one-op bolt model compiled by boltc (so what is timed is the kernel a model
calls, with its real launch configuration), checked against the reference executor, and timed
as CUDA-graph replays two ways: one replay between two events (median of 100; it includes the
graph's launch latency, several microseconds), and 100 replays back to back between two events
(median of 5), which is how the kernel runs inside a model's graph; and the kernels' own time
on the device per replay, from the CUDA profiler (CUPTI through torch.profiler, the mean of
20 replays). Back-to-back replays from Python cannot go faster than their launch-to-launch time
(printed as "replay floor": the same timing of a model whose one kernel moves 64 bytes); where a
kernel's own time is below that floor the back-to-back column measures the floor, so the kernel
GB/s and fraction ("kernel" columns) are what a kernel achieves. Bytes are the fewest the op must move: each input read
once, each output written once. Where they fit in L2 ("L2" column), back-to-back replays read
them from L2, as a model's next kernel reads what the previous one just wrote. The peak is a
large device-to-device copy through PyTorch (bytes read + bytes written), measured first.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from dataclasses import asdict, dataclass
from math import prod
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ELEMENT_BYTES = {"f32": 4, "f16": 2, "bf16": 2}


def _t(shape, dtype: str) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + dtype + ">"


@dataclass(frozen=True)
class Case:
    name: str
    op: str  # bolt op text with {x} and {y} for the types
    in_shape: tuple[int, ...]
    out_shape: tuple[int, ...]
    dtype: str = "f16"
    out_dtype: str | None = None
    as_written: bool = False  # lowered without the graph passes (they would reorder the ops)

    def text(self) -> str:
        x, y = _t(self.in_shape, self.dtype), _t(self.out_shape, self.out_dtype or self.dtype)
        body = self.op.format(x=x, y=y)
        if "\n" in body:  # several ops ending in %y
            return f"func.func @main(%x: {x}) -> {y} {{\n{body}\n  func.return %y : {y}\n}}\n"
        return (f"func.func @main(%x: {x}) -> {y} {{\n  %y = {body}\n"
                f"  func.return %y : {y}\n}}\n")

    def bytes(self) -> int:
        return (prod(self.in_shape) * ELEMENT_BYTES[self.dtype]
                + prod(self.out_shape) * ELEMENT_BYTES[self.out_dtype or self.dtype])


CASES = [
    # ResNet-50 at batch 32: the input's edge, the stem's pool, the head's pool, a residual tail
    Case("transpose_nchw_nhwc_c3", "bolt.transpose %x permutation [0, 2, 3, 1] : {x} -> {y}",
         (32, 3, 224, 224), (32, 224, 224, 3)),
    Case("edge_cast_transpose_pad_3_to_4",
         "  %h = bolt.ew.cast %x : {x} -> tensor<32x3x224x224xf16>\n"
         "  %t = bolt.transpose %h permutation [0, 2, 3, 1] : tensor<32x3x224x224xf16> -> tensor<32x224x224x3xf16>\n"
         "  %y = bolt.pad %t low [0, 0, 0, 0] high [0, 0, 0, 1] value 0.000000e+00 : tensor<32x224x224x3xf16> -> {y}",
         (32, 3, 224, 224), (32, 224, 224, 4), "f32", "f16", as_written=True),
    Case("cast_f32_f16_input", "bolt.ew.cast %x : {x} -> {y}", (32, 3, 224, 224), (32, 3, 224, 224),
         "f32", "f16"),
    Case("pad_channels_3_to_8", "bolt.pad %x low [0, 0, 0, 0] high [0, 0, 0, 5] value 0.000000e+00 : {x} -> {y}",
         (32, 224, 224, 3), (32, 224, 224, 8)),
    Case("maxpool_3x3s2_stem", "bolt.pool2d max nhwc %x window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : {x} -> {y}",
         (32, 112, 112, 64), (32, 56, 56, 64)),
    Case("global_avgpool_head", "bolt.pool2d avg nhwc %x window [7, 7] strides [1, 1] padding [0, 0, 0, 0] : {x} -> {y}",
         (32, 7, 7, 2048), (32, 1, 1, 2048)),
    Case("relu_56x56x256", "bolt.ew.relu %x : {x} -> {y}", (32, 56, 56, 256), (32, 56, 56, 256)),
    Case("transpose_nhwc_nchw_out", "bolt.transpose %x permutation [0, 3, 1, 2] : {x} -> {y}",
         (32, 7, 7, 2048), (32, 2048, 7, 7)),
    # BERT-base at batch 32, sequence 128
    Case("softmax_attention", "bolt.softmax %x axis 1 : {x} -> {y}", (32 * 12 * 128, 128), (32 * 12 * 128, 128)),
    Case("layernorm_768", "bolt.layernorm %x axis 1 epsilon 1.0e-12 : {x} -> {y}", (32 * 128, 768), (32 * 128, 768)),
    Case("transpose_heads", "bolt.transpose %x permutation [0, 2, 1, 3] : {x} -> {y}",
         (32, 128, 12, 64), (32, 12, 128, 64)),
    Case("gelu_ffn", "bolt.ew.gelu erf %x : {x} -> {y}", (32 * 128, 3072), (32 * 128, 3072)),
    Case("reduce_mean_rows", "bolt.reduce mean %x dims [1] : {x} -> {y}", (32 * 128, 768), (32 * 128,)),
    # MobileNet / EfficientNet-style: a concat and a slice along channels
    Case("slice_channels", "bolt.slice %x offsets [0, 0, 0, 0] strides [1, 1, 1, 1] : {x} -> {y}",
         (32, 28, 28, 192), (32, 28, 28, 96)),
]


@dataclass
class Row:
    name: str
    shape: str
    dtype: str
    us_single: float
    us: float
    gb_per_s: float
    fraction_of_peak: float
    fits_l2: bool
    max_error: float
    us_kernel: float | None = None  # device time of the replay's kernels (profiler); None: not recorded
    gb_per_s_kernel: float | None = None
    fraction_of_peak_kernel: float | None = None


def copy_peak_gb_per_s() -> float:
    import torch

    src = torch.empty(1 << 30, dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    return 2 * src.numel() / (median_ms(lambda: dst.copy_(src)) * 1e-3) / 1e9


def median_ms(fn, warmup: int = 10, reps: int = 100) -> float:
    import torch

    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def compile_as_written(text: str, output: Path):
    """The ops as written (plan-memory only), as a model.so: what the host lowering does with
    this exact sequence, which the graph passes would reorder in a one-op model."""
    import boltc
    from boltc.dialects.context import bolt_context
    from boltc.frontends.source import parse_mlir_text
    from boltc.lowering.host import lower_to_host
    from boltc.lowering.model_build import build_model
    from boltc.passes.plan_memory import PlanMemoryPass

    module = parse_mlir_text(text)
    PlanMemoryPass().apply(bolt_context(), module)
    return boltc.load(build_model(lower_to_host(module, arch="sm_90a", name=output.stem), output))


def run_case(case: Case, peak: float, build: Path) -> Row:
    import torch

    import boltc
    from boltc.frontends.source import parse_mlir_text

    text = case.text()
    if case.as_written:
        model = compile_as_written(text, build / f"{case.name}.so")
    else:
        model = boltc.compile(text, precision=case.dtype if case.dtype != "f32" else "f16",
                              output=build / f"{case.name}.so")
    rng = np.random.default_rng(0)
    x = rng.standard_normal(case.in_shape).astype(np.float32)
    (expected,) = boltc.interpret(parse_mlir_text(text), x)
    torch_dtype = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}[case.dtype]
    xt = torch.from_numpy(x).to("cuda", torch_dtype)
    got = model(xt).float().cpu().numpy()
    max_error = float(np.abs(got - np.asarray(expected, np.float32)).max())
    graph = model.capture_graph(xt)
    single_ms = median_ms(graph.replay)
    ms = back_to_back_ms(graph.replay)
    us_kernel = kernel_us(graph.replay)
    model.close()
    gbs = case.bytes() / (ms * 1e-3) / 1e9
    l2 = torch.cuda.get_device_properties(0).L2_cache_size
    gbs_kernel = case.bytes() / (us_kernel * 1e-6) / 1e9 if us_kernel else None
    return Row(case.name, "x".join(map(str, case.in_shape)), case.dtype, single_ms * 1e3, ms * 1e3, gbs,
               gbs / peak, case.bytes() <= l2, max_error, us_kernel, gbs_kernel,
               gbs_kernel / peak if gbs_kernel else None)


def kernel_us(replay, calls: int = 20) -> float | None:
    """Microseconds of device time of the kernels one call of `replay` runs (the mean over
    `calls` back-to-back calls), from the CUDA profiler; None where it recorded no kernel (no
    CUPTI)."""
    import torch
    from torch.autograd import DeviceType
    from torch.profiler import ProfilerActivity, profile

    replay()
    torch.cuda.synchronize()
    try:
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            for _ in range(calls):
                replay()
            torch.cuda.synchronize()
    except Exception as e:  # noqa: BLE001  (the other columns stand without this one)
        print(f"profiler: {type(e).__name__}: {str(e)[:200]}", file=sys.stderr)
        return None
    by_name: dict[str, list[float]] = {}
    for e in prof.events():
        if e.device_type == DeviceType.CUDA and not e.name.startswith(("Memcpy", "Memset")):
            by_name.setdefault(e.name, []).append(e.time_range.elapsed_us())
    # The model's kernels run once (or k times) a call; anything else on the device timeline
    # (the profiler's own records) does not come in multiples of `calls`.
    ours = [times for times in by_name.values() if len(times) % calls == 0]
    return sum(map(sum, ours)) / calls if ours else None


def replay_floor_us() -> float:
    """Back-to-back replay time of a model whose one kernel moves 64 bytes: the launch-to-launch
    time below which no case's back-to-back column can go."""
    import torch

    import boltc

    case = Case("floor", "bolt.ew.relu %x : {x} -> {y}", (16,), (16,))
    model = boltc.compile(case.text(), precision="f16")
    xt = torch.zeros(16, dtype=torch.float16, device="cuda")
    graph = model.capture_graph(xt)
    us = back_to_back_ms(graph.replay) * 1e3
    model.close()
    return us


def back_to_back_ms(fn, calls: int = 100, rounds: int = 5) -> float:
    """Milliseconds per call of `fn` with `calls` calls queued between two events, median of
    `rounds`."""
    import torch

    fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(rounds):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(calls):
            fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) / calls)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="comma-separated substrings of case names")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--build", type=Path, default=Path("build/runtime_kernels"))
    args = parser.parse_args(argv)
    args.build.mkdir(parents=True, exist_ok=True)
    wanted = [w for w in args.only.split(",") if w]
    cases = [c for c in CASES if not wanted or any(w in c.name for w in wanted)]
    peak = copy_peak_gb_per_s()
    print(f"copy peak: {peak:.0f} GB/s (read + write)")
    try:
        floor = replay_floor_us()
        print(f"replay floor: {floor:.1f} us back to back (a 64-byte model)")
    except Exception as e:  # noqa: BLE001
        floor = None
        print(f"replay floor: {type(e).__name__}: {str(e)[:300]}", file=sys.stderr)
    rows = []
    for case in cases:
        try:
            rows.append(run_case(case, peak, args.build))
        except Exception as e:  # noqa: BLE001  (one case's failure is reported, the rest run)
            print(f"{case.name}: {type(e).__name__}: {str(e)[:500]}", file=sys.stderr)
    print("| kernel | input | dtype | us, one replay | us, back to back | GB/s | of peak | us, kernel | "
          "GB/s, kernel | of peak, kernel | L2 | max error |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|")
    for r in rows:
        kernel = (f"{r.us_kernel:.1f} | {r.gb_per_s_kernel:.0f} | {r.fraction_of_peak_kernel:.0%}"
                  if r.us_kernel else "n/a | n/a | n/a")
        print(f"| {r.name} | {r.shape} | {r.dtype} | {r.us_single:.1f} | {r.us:.1f} | {r.gb_per_s:.0f} | "
              f"{r.fraction_of_peak:.0%} | {kernel} | {'yes' if r.fits_l2 else 'no'} | {r.max_error:.2e} |")
    if args.json:
        args.json.write_text(json.dumps({"peak_gb_per_s": peak, "replay_floor_us": floor,
                                         "rows": [asdict(r) for r in rows]}, indent=1))
    return 0 if len(rows) == len(cases) else 1


if __name__ == "__main__":
    sys.exit(main())
