#!/usr/bin/env python3
"""Whole models from torch modules: boltc against PyTorch, compiled with the torch front end.

    python3 bench/models.py --models resnet18,resnet50 --batch 32            # build, check, time
    python3 bench/models.py --models resnet50 --compile-only --out build/models   # one build
    python3 bench/models.py --models all --peers eager,reduce-overhead --json $OUT/models.json

Each model is a timm definition (or a BERT-base-sized encoder written with torch.nn, or
transformers' BertModel encoder from a config) with seeded random weights. boltc compiles the
fp16 module with `boltc.compile(module, (x,))` and the result is checked against the same
module run by PyTorch in fp32 on the GPU (max |boltc - torch| over the output's range, and the
argmax agreement for classifiers). Timings are CUDA-event medians of CUDA-graph replays for
boltc, and of eager / torch.compile modes for the peers (fp16, channels_last for CNNs), in the
same process on the same GPU.

`--compile-only` builds the .so (into --out) and records the compile time, so that several
models can be built in parallel processes (xargs -P) and then timed one by one.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

CNNS = ("resnet18", "resnet50", "vgg16", "repvgg_a0", "repvgg_b0", "resnext50_32x4d", "mobilenetv2_100")
ENCODERS = ("bert", "bert_hf")
ALL = CNNS + ENCODERS
# fp16 against the fp32 module: one fp16 rounding per layer, accumulated over ~50 layers.
TOLERANCE_OF_RANGE = 3e-2


@dataclass
class Result:
    model: str
    batch: int
    compile_s: float | None = None
    kernels: int | None = None
    max_error_of_range: float | None = None
    argmax_agreement: float | None = None
    finite: bool | None = None
    first_overflow: str | None = None  # where the first inf/NaN came from (locate_overflow)
    matches: bool | None = None
    ms: dict[str, float] = field(default_factory=dict)
    error: str | None = None


# ---- the models ---------------------------------------------------------------------------


def bert_encoder_nn(layers: int = 12, hidden: int = 768, heads: int = 12, ffn: int = 3072):
    """BERT-base's encoder (post-LN, GELU erf), written with torch.nn and SDPA."""
    import torch
    import torch.nn.functional as F
    from torch import nn

    class Layer(nn.Module):
        def __init__(self):
            super().__init__()
            self.qkv = nn.Linear(hidden, 3 * hidden)
            self.out = nn.Linear(hidden, hidden)
            self.ln1 = nn.LayerNorm(hidden, eps=1e-12)
            self.up = nn.Linear(hidden, ffn)
            self.down = nn.Linear(ffn, hidden)
            self.ln2 = nn.LayerNorm(hidden, eps=1e-12)

        def forward(self, x):
            b, s, _ = x.shape
            q, k, v = self.qkv(x).view(b, s, 3, heads, hidden // heads).permute(2, 0, 3, 1, 4)
            a = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, s, hidden)
            x = self.ln1(x + self.out(a))
            return self.ln2(x + self.down(F.gelu(self.up(x))))

    class Encoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.layers = nn.ModuleList(Layer() for _ in range(layers))

        def forward(self, x):
            for layer in self.layers:
                x = layer(x)
            return x

    torch.manual_seed(0)
    return Encoder()


def bert_encoder_hf():
    """transformers' BertModel from a BERT-base config; its encoder on hidden states (the
    embedding lookup takes integer ids, which boltc's tensors do not hold)."""
    import torch
    from torch import nn
    from transformers import BertConfig, BertModel

    config = BertConfig(hidden_size=768, num_hidden_layers=12, num_attention_heads=12,
                        intermediate_size=3072, attn_implementation="sdpa")
    torch.manual_seed(0)
    bert = BertModel(config, add_pooling_layer=False)

    class Encoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.encoder = bert.encoder

        def forward(self, hidden):
            return self.encoder(hidden)[0]

    return Encoder()


def make_model(name: str):
    import torch

    if name == "bert":
        return bert_encoder_nn()
    if name == "bert_hf":
        return bert_encoder_hf()
    import timm

    torch.manual_seed(0)
    return timm.create_model(name, pretrained=False)


def example_input(name: str, batch: int, seq: int = 128):
    import torch

    gen = torch.Generator().manual_seed(1)
    if name in ENCODERS:
        return torch.randn(batch, seq, 768, generator=gen)
    return torch.randn(batch, 3, 224, 224, generator=gen)


# ---- building, checking, timing ---------------------------------------------------------------


def library_path(out: Path, name: str, batch: int, precision: str) -> Path:
    return out / f"{name}_b{batch}_{precision}.so"


def build(name: str, batch: int, out: Path, precision: str, jobs: int | None, tune: str = "heuristic",
          tune_budget: float | None = None) -> Result:
    import torch

    import boltc

    result = Result(name, batch)
    model = make_model(name).eval()
    x = example_input(name, batch)
    dtype = {"f16": torch.float16, "bf16": torch.bfloat16}[precision]
    start = time.perf_counter()
    compiled = boltc.compile(model.to(dtype), (x.to(dtype),), precision=precision,
                             output=library_path(out, name, batch, precision), jobs=jobs, tune=tune,
                             tune_budget=tune_budget)
    result.compile_s = time.perf_counter() - start
    result.kernels = len(compiled.kernels)
    compiled.close()
    return result


def drop_passes(names: set[str]) -> None:
    """Leave the named passes out of every pipeline this process runs (for an A/B)."""
    from boltc.passes import pipeline

    known = {p.name for p in pipeline.pipeline_passes()}
    if unknown := names - known:
        raise SystemExit(f"--without: no pipeline pass {sorted(unknown)} (passes: {sorted(known)})")
    full = pipeline.pipeline_passes
    pipeline.pipeline_passes = lambda *a, **k: [p for p in full(*a, **k) if p.name not in names]


def median_ms(fn, warmup: int = 10, reps: int = 50) -> float:
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


def check_and_time(result: Result, out: Path, precision: str, peers: list[str]) -> Result:
    import torch

    import boltc

    name, batch = result.model, result.batch
    dtype = {"f16": torch.float16, "bf16": torch.bfloat16}[precision]
    model = make_model(name).eval().cuda()
    x = example_input(name, batch).cuda()
    # The reference is true fp32: cuDNN convolutions default to TF32 on this GPU.
    torch.backends.cudnn.allow_tf32 = False
    torch.backends.cuda.matmul.allow_tf32 = False
    with torch.no_grad():
        reference = model(x).float()
    torch.backends.cudnn.allow_tf32 = True
    compiled = boltc.load(library_path(out, name, batch, precision))
    xh = x.to(dtype).contiguous()
    got = compiled(xh).float()
    result.finite = bool(torch.isfinite(got).all())
    if not result.finite:
        # Not garbage silently (issue 12, item 7): the reference executor, run on the sample
        # that went non-finite through the same passes, names the op that overflowed.
        bad = int((~torch.isfinite(got.reshape(got.shape[0], -1))).any(1).nonzero()[0])
        result.first_overflow = locate_overflow(model, x[bad:bad + 1], dtype, precision)
        print(f"{name}: non-finite output; first overflow: {result.first_overflow}", file=sys.stderr)
    span = float(reference.max() - reference.min()) or 1.0
    result.max_error_of_range = float((got - reference).abs().max()) / span
    if reference.dim() == 2:
        result.argmax_agreement = float((got.argmax(1) == reference.argmax(1)).float().mean())
    result.matches = result.finite and result.max_error_of_range <= TOLERANCE_OF_RANGE
    graph = compiled.capture_graph(xh)
    result.ms["boltc"] = median_ms(graph.replay)
    del reference, got

    peer_model = model.to(dtype)
    px = xh
    if name in CNNS:
        peer_model = peer_model.to(memory_format=torch.channels_last)
        px = xh.to(memory_format=torch.channels_last)
    for peer in peers:
        try:
            result.ms[peer] = time_peer(peer, peer_model, px)
        except Exception as e:  # noqa: BLE001  (a peer that fails is reported, not fatal)
            result.ms[peer] = float("nan")
            print(f"{name}: peer {peer} failed: {type(e).__name__}: {e}", file=sys.stderr)
    compiled.close()
    return result


def locate_overflow(model, x, dtype, precision: str) -> str:
    """Where the first inf/NaN of `model` (a torch module, fp32) on the one-sample input `x`
    comes from, in boltc's optimized IR at `precision`: the op, its location and the magnitude
    it had to round (boltc.interpret.overflow), or why none was found."""
    import copy

    from boltc.compiler import optimize
    from boltc.frontends.torch import import_torch
    from boltc.interpret.overflow import first_overflow, locate_nonfinite

    half = copy.deepcopy(model).cpu().to(dtype)
    sample = x.cpu().to(dtype)
    module = optimize(import_torch(half, (sample,)), precision=precision)
    found = first_overflow(locate_nonfinite(module, sample.float().numpy().astype(
        "float16" if precision == "f16" else "float32")))
    return str(found) if found else "none in the reference executor (a kernel bug: run boltc verify)"


def time_peer(peer: str, model, x) -> float:
    import torch

    with torch.no_grad():
        if peer == "eager":
            return median_ms(lambda: model(x))
        torch._dynamo.reset()
        fn = torch.compile(model, mode=None if peer == "default" else peer)
        for _ in range(3):
            fn(x)
        return median_ms(lambda: fn(x))


def print_table(results: list[Result]) -> None:
    peers = sorted({p for r in results for p in r.ms if p != "boltc"})
    head = ["model", "batch", "compile s", "err/range", "argmax", "ok", "boltc ms"] + [f"{p} ms" for p in peers]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for r in results:
        cells = [r.model, str(r.batch), _f(r.compile_s, 1), _f(r.max_error_of_range, 4, "e"),
                 _f(r.argmax_agreement, 3), {True: "yes", False: "NO", None: "-"}[r.matches],
                 _f(r.ms.get("boltc"), 3)]
        cells += [_f(r.ms.get(p), 3) for p in peers]
        print("| " + " | ".join(cells) + " |" + (f" error: {r.error}" if r.error else ""))


def _f(value: float | None, digits: int, kind: str = "f") -> str:
    return "-" if value is None else f"{value:.{digits}{kind}}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", default="resnet18,resnet50,vgg16,repvgg_a0,repvgg_b0,bert",
                        help=f"comma-separated, or 'all' ({', '.join(ALL)})")
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--precision", choices=("f16", "bf16"), default="f16")
    parser.add_argument("--peers", default="eager,reduce-overhead",
                        help="eager, default, reduce-overhead, max-autotune (comma-separated; '' for none)")
    parser.add_argument("--out", type=Path, default=Path("build/models"), help="where the .so files go")
    parser.add_argument("--compile-only", action="store_true", help="build (and record the compile time) only")
    parser.add_argument("--run-only", action="store_true", help="check and time libraries built before")
    parser.add_argument("-j", "--jobs", type=int, default=None, help="nvcc processes per build")
    parser.add_argument("--json", type=Path, help="append results as JSON lines here")
    parser.add_argument("--tune", choices=("heuristic", "model", "profile"), default="heuristic",
                        help="how the build chooses its kernels (boltc --tune); the tuning time is part "
                             "of the compile time; use another --out per strategy")
    parser.add_argument("--tune-budget", type=float, default=None, help="seconds for --tune profile")
    parser.add_argument("--without", default="",
                        help="build without these graph passes (comma-separated names, e.g. "
                             "conv-as-gemm): an A/B of one pass; use another --out")
    args = parser.parse_args(argv)
    if args.without:
        drop_passes(set(args.without.split(",")))
    names = list(ALL) if args.models == "all" else [m for m in args.models.split(",") if m]
    unknown = [m for m in names if m not in ALL]
    if unknown:
        parser.error(f"unknown models {unknown} (known: {', '.join(ALL)})")
    peers = [p for p in args.peers.split(",") if p]
    args.out.mkdir(parents=True, exist_ok=True)
    results = []
    for name in names:
        result = Result(name, args.batch)
        times_file = args.out / f"{name}_b{args.batch}_{args.precision}.json"
        try:
            if not args.run_only:
                result = build(name, args.batch, args.out, args.precision, args.jobs, args.tune, args.tune_budget)
                times_file.write_text(json.dumps(asdict(result)))
            elif times_file.exists():
                result = Result(**json.loads(times_file.read_text()))
            if not args.compile_only:
                result = check_and_time(result, args.out, args.precision, peers)
        except Exception as e:  # noqa: BLE001  (one model's failure is reported, the rest run)
            result.error = f"{type(e).__name__}: {str(e)[:2000]}"
            print(f"{name}: {result.error}", file=sys.stderr)
        results.append(result)
        if args.json:
            with args.json.open("a") as stream:
                stream.write(json.dumps(asdict(result)) + "\n")
        print(json.dumps(asdict(result)), flush=True)
    print_table(results)
    return 0 if all(r.error is None and r.matches is not False for r in results) else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
