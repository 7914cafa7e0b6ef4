"""Convolutions: boltc's conv_sm90 against cuDNN (and torch.compile) in one run on one GPU.

    python bench/conv.py [--out results.json] [--only conv3x3|unaligned] [--quick] [--sweep]
                         [--workloads PATH] [--jobs N] [--no-inductor]

On the GPU machine (the workload table travels in the carried .whl/):

    source .whl/setup.sh && export BOLTC_CACHE_DIR=/tmp/bc PYTHONUNBUFFERED=1
    python3 bench/conv.py --workloads .whl/bolt_paper.json --quick --out $OUT/conv.json

Shapes come from ../shared/workloads/bolt_paper.json (the shared table, not retyped):
- `conv3x3_resnet50`: ResNet-50's 3x3 layers, N=32, pad and stride from the table (1, 1), C=F.
  The filter and bias are model inputs (their channels are already 8-aligned).
- `conv_unaligned`: odd C (46, 174), 3x3/5x5/5x7 filters, no padding and stride 1 unless a row
  says otherwise. The filter and bias are constants in the model, as an importer writes them,
  so boltc's pad-alignment pass can pad C to 48/176 (the weights at compile time, the
  activation with a run-time pad kernel that the timed graph includes).

Per shape, two one-convolution bolt models, written as the importer writes them (the conv with
a plain epilogue, then `bolt.ew.add` of the bias and `bolt.ew.relu` as separate ops, which
boltc's pipeline fuses into the conv's epilogue): "conv" (the convolution alone) and "cbr"
(conv + bias + ReLU). Each is compiled with the heuristic's configuration
(`boltc.tuning.heuristic.choose_conv_sm90`; the chosen tile, stages and reason are read from
the lowering: `conv_sm90.lower_conv2d` on the optimized IR), checked against torch, captured
as one CUDA graph and timed by replaying it, like bench/gemm.py. Peers, in the same process:
cuDNN through torch.nn.functional.conv2d (channels_last fp16, cudnn.benchmark on) alone and
with bias + ReLU (eager: separate kernels), torch.compile (default mode) of conv + bias + ReLU
where it compiles, and for conv_unaligned cuDNN on the unaligned C and on C zero-padded to a
multiple of 8 (inputs padded beforehand, untimed). Ratios are peer time / boltc time (> 1:
boltc faster); TFLOP/s count 2*N*P*Q*F*C*R*S with the unpadded C. The table's "json" columns
are the reference numbers stored in bolt_paper.json (an earlier run on our H100), shown for
orientation only; every other number is measured in this run.

`--sweep` (every shape chosen): also times conv and cbr with forced configurations, tiles
128x128x64, 128x64x64, 64x128x64, 64x64x64, 64x32x64 (cluster 1x1x1), each with 4 stages
(`#bolt.kernel<"conv_sm90", tile [..], cluster [1, 1, 1], stages 4, "warpspecialized">` on the
bolt.conv2d) and with automatic stages (StageCountAutoCarveout). `#bolt.kernel` cannot spell
automatic stages (KernelAttr.verify requires stages >= 1), so those variants are lowered with
`choose_conv_sm90` replaced, for the duration of the (single-threaded) lowering, by a function
returning the forced tile with stages None: the emitter's own heuristic path, so the variant
whose tile the heuristic picks is the heuristic's kernel, byte for byte (timed twice: a noise
check). Each variant's lowered configuration is checked to be the one asked for.

Build: every model is lowered first (Python only), then all their distinct CUTLASS translation
units are compiled in one parallel nvcc pass (`boltc.lowering.build.compile_units`, `--jobs`,
default every core, objects cached in $BOLTC_CACHE_DIR), then each model's host file is
compiled and linked on a thread pool (the runtime's objects are compiled once, beside the
kernels). This is boltc.compile split in its two halves (`lower` and `build_model`).

Timing: triton.testing.do_bench, median, warmup 50 ms, rep 300 ms; do_bench flushes the L2
between repetitions (bolt_paper.json's peer method). boltc is a CUDA graph replay (one launch
for the model: its pad kernel, if any, and the conv); the peers launch their kernels directly.

Correctness before timing (fresh random inputs per model; the graph's output is poisoned with
NaN before the checked replay): x ~ N(0, 1), bias ~ N(0, 1), filter ~ N(0, 1/(C*R*S)), so every
output is O(1) (|y| < ~6) whatever K = C*R*S is (up to 512*9 = 4608 here). The reference is
torch's conv in fp32 on the same fp16 values (TF32 off). Tolerance rtol = atol = 2e-3: boltc
accumulates in fp32 as the reference does, in another order (the difference is ~sqrt(K) * 2^-24
* |y|, ~1e-5 at K=4608: the 1/sqrt(K) filter scale keeps it, and |y|, independent of K),
and rounds the result to fp16 once (at most half an fp16 step, 2^-11 relative, 2.4e-3
absolute at |y| = 5; rtol covers it, atol covers values near 0); the fused epilogue adds the
bias and applies ReLU in fp32 before that rounding, as the reference does. Without the filter
scale, outputs grow as sqrt(K) and a fixed atol would test nothing at small K and fail at large
K. The relative error ||out - ref|| / ||ref|| is also recorded (fp16 output: ~2e-4). Peers are
checked against the same reference loosely (1e-2: cuDNN adds the bias after rounding the conv
to fp16) and their relative errors recorded.

The table is printed last; --out gets the full JSON (header, rows, sweep), rewritten after
every shape so an interrupted run keeps what it measured.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import datetime
import functools
import json
import math
import platform
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
WORKLOADS = ROOT.parent / "shared" / "workloads" / "bolt_paper.json"  # or --workloads PATH
FAMILIES = ("conv3x3", "unaligned")
EPILOGUES = ("conv", "cbr")  # the convolution alone; conv + bias + ReLU
SWEEP_TILES = ((128, 128, 64), (128, 64, 64), (64, 128, 64), (64, 64, 64), (64, 32, 64))
SWEEP_STAGES = (None,)  # None: automatic (StageCountAutoCarveout); 4 may be added
# conv_sm80 (CUTLASS 2.x, runs on Hopper too): (tile, warp tile, stages), CUTLASS's pairings.
SWEEP_SM80 = (
    ((256, 64, 32), (64, 64, 32), 4),
    ((128, 128, 64), (64, 64, 64), 3),
    ((128, 128, 32), (64, 64, 32), 5),
    ((128, 64, 64), (64, 32, 64), 4),
    ((64, 64, 64), (32, 32, 64), 4),
    ((64, 64, 32), (32, 32, 32), 6),
)
TOLERANCE = dict(rtol=2e-3, atol=2e-3)  # the module docstring says why
PEER_TOLERANCE = dict(rtol=1e-2, atol=1e-2)
BENCH = dict(warmup=50, rep=300, return_mode="median")


# --------------------------------------------------------------------------------------
# Workloads.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ConvShape:
    """One fprop, NHWC input, KRSC filter; `reference` holds the json's stored peer times."""

    family: str  # "conv3x3" or "unaligned"
    n: int
    h: int
    w: int
    c: int
    f: int
    r: int
    s: int
    padding: tuple[int, int, int, int]  # top, left, bottom, right
    stride: tuple[int, int]
    reference: dict = field(default_factory=dict, compare=False, hash=False)

    @property
    def pq(self) -> tuple[int, int]:
        top, left, bottom, right = self.padding
        return ((self.h + top + bottom - self.r) // self.stride[0] + 1,
                (self.w + left + right - self.s) // self.stride[1] + 1)

    @property
    def gemm_mnk(self) -> tuple[int, int, int]:
        p, q = self.pq
        return self.n * p * q, self.f, self.c * self.r * self.s

    @property
    def flops(self) -> int:
        m, n, k = self.gemm_mnk
        return 2 * m * n * k

    @property
    def weights(self) -> str:
        """"input": filter and bias are model inputs; "constant": embedded, so pad-alignment can
        pad odd channel counts (it pads only constants)."""
        return "constant" if self.family == "unaligned" else "input"

    @property
    def label(self) -> str:
        pad = "" if not any(self.padding) else f" pad{self.padding[0]}"
        stride = "" if self.stride == (1, 1) else f" s{self.stride[0]}"
        return f"N{self.n} {self.h}x{self.w}x{self.c}->{self.f} {self.r}x{self.s}{pad}{stride}"


def _padding(row: dict) -> tuple[int, int, int, int]:
    pad = row.get("pad", 0)
    if isinstance(pad, int):
        return (pad, pad, pad, pad)
    if len(pad) == 2:
        return (pad[0], pad[1], pad[0], pad[1])
    return tuple(pad)  # type: ignore[return-value]


def _stride(row: dict) -> tuple[int, int]:
    stride = row.get("stride", 1)
    return (stride, stride) if isinstance(stride, int) else tuple(stride)  # type: ignore[return-value]


def conv_workloads(table: dict, only: str | None = None, quick: bool = False) -> list[ConvShape]:
    """The conv3x3_resnet50 and conv_unaligned rows of bolt_paper.json (its 'K' is the number
    of filters, F here). quick: two shapes (the first of each family, or the first two of the
    one `only` names)."""
    families = [only] if only else list(FAMILIES)
    def numbers(row: dict, keys: tuple[str, ...]) -> dict:  # the stored peer times and configs
        return {k: v for k, v in row.items() if k not in keys and isinstance(v, (int, float, str))}

    shapes: dict[str, list[ConvShape]] = {}
    if "conv3x3" in families:
        shapes["conv3x3"] = [
            ConvShape("conv3x3", row["N"], row["H"], row["W"], row["C"], row["K"], 3, 3, _padding(row), _stride(row),
                      numbers(row, ("N", "H", "W", "C", "K", "pad", "stride")))
            for row in table["conv3x3_resnet50"]
        ]
    if "unaligned" in families:
        shapes["unaligned"] = [
            ConvShape("unaligned", row["N"], row["H"], row["W"], row["C"], row["K"], *row["kernel"], _padding(row),
                      _stride(row), numbers(row, ("N", "H", "W", "C", "K", "kernel", "pad", "stride")))
            for row in table["conv_unaligned"]
        ]
    if quick:
        per_family = 2 // len(shapes)
        return [s for family in shapes.values() for s in family[:per_family]]
    return [s for family in shapes.values() for s in family]


# --------------------------------------------------------------------------------------
# bolt IR.
# --------------------------------------------------------------------------------------


def _tensor(shape: Sequence[int], element: str = "f16") -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def _ints(values: Sequence[int]) -> str:
    return "[" + ", ".join(map(str, values)) + "]"


def _hex_constant(values: np.ndarray) -> str:
    return (f'bolt.constant dense<"0x{values.astype(np.float16).tobytes().hex().upper()}"> : '
            f"{_tensor(values.shape)}")


def kernel_attr(tile: Sequence[int], stages: int, cluster: Sequence[int] = (1, 1, 1),
                family: str = "conv_sm90", warp: Sequence[int] | None = None) -> str:
    """A forced configuration as `#bolt.kernel` spells it (KernelAttr.parse_parameters)."""
    schedule = "warpspecialized" if family == "conv_sm90" else "multistage warp " + "x".join(map(str, warp or ()))
    return (f'#bolt.kernel<"{family}", tile {_ints(tile)}, cluster {_ints(cluster)}, '
            f'stages {stages}, "{schedule}">')


@dataclass(frozen=True)
class ConstantWeights:
    """The filter (F x R x S x C) and bias (F) embedded in a constant-weights model, as fp16."""

    filter: np.ndarray
    bias: np.ndarray


def constant_weights(shape: ConvShape, seed: int = 0) -> ConstantWeights:
    """filter ~ N(0, 1/(C*R*S)) and bias ~ N(0, 1): outputs O(1) (the docstring's tolerance)."""
    rng = np.random.default_rng([seed, shape.n, shape.h, shape.w, shape.c, shape.f, shape.r, shape.s])
    k = shape.c * shape.r * shape.s
    filt = rng.standard_normal((shape.f, shape.r, shape.s, shape.c)) / math.sqrt(k)
    return ConstantWeights(filt.astype(np.float16), rng.standard_normal(shape.f).astype(np.float16))


def conv_model(shape: ConvShape, epilogue: str, *, kernel: str | None = None,
               weights: ConstantWeights | None = None) -> str:
    """One bolt.conv2d (plain epilogue), then for "cbr" the bias add and the ReLU as separate ops
    (the pipeline's fuse-epilogue moves them into the conv). Inputs: x [N, H, W, C], and, unless
    `weights` embeds them, the filter [F, R, S, C] and (cbr) the bias [F]."""
    assert epilogue in EPILOGUES, epilogue
    p, q = shape.pq
    x, wt = _tensor((shape.n, shape.h, shape.w, shape.c)), _tensor((shape.f, shape.r, shape.s, shape.c))
    y, acc, bias_t = _tensor((shape.n, p, q, shape.f)), _tensor((shape.n, p, q, shape.f), "f32"), _tensor((shape.f,))
    attr = f" {{kernel = {kernel}}}" if kernel else ""
    args = [f"%x: {x}"]
    body = []
    if weights is None:
        args.append(f"%w: {wt}")
        if epilogue == "cbr":
            args.append(f"%bias: {bias_t}")
    else:
        body.append(f"  %w = {_hex_constant(weights.filter)}")
        if epilogue == "cbr":
            body.append(f"  %bias = {_hex_constant(weights.bias)}")
    body += [
        f"  %y = bolt.conv2d nhwc %x, %w strides {_ints(shape.stride)} padding {_ints(shape.padding)} "
        f"dilations [1, 1] groups 1{attr} : {x}, {wt} -> {y} {{",
        f"  ^bb0(%acc: {acc}):",
        f"    bolt.yield %acc : {acc}",
        "  }",
    ]
    result = "%y"
    if epilogue == "cbr":
        body += [f"  %s = bolt.ew.add %y, %bias : {y}, {bias_t} -> {y}",
                 f"  %a = bolt.ew.relu %s : {y} -> {y}"]
        result = "%a"
    signature = f"func.func @main({', '.join(args)}) -> {y} {{"
    return "\n".join([signature, *body, f"  func.return {result} : {y}", "}"]) + "\n"


# --------------------------------------------------------------------------------------
# Variants and their lowering (no nvcc).
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    """How the conv's configuration is chosen: the heuristic (tile None), or a forced tile with
    `stages` (None: automatic)."""

    tile: tuple[int, int, int] | None = None
    stages: int | None = None
    family: str = "conv_sm90"
    warp: tuple[int, int, int] | None = None  # conv_sm80's warp tile
    schedule: str = "warpspecialized"  # conv_sm90's, for a forced tile with automatic stages

    @property
    def label(self) -> str:
        if self.tile is None:
            return "heuristic"
        label = "x".join(map(str, self.tile)) + f" s{'auto' if self.stages is None else self.stages}"
        if self.family == "conv_sm80":
            label = "sm80 " + label + " w" + "x".join(map(str, self.warp or ()))
        return label


HEURISTIC = Config()
SWEEP = (tuple(Config(tile, stages) for tile in SWEEP_TILES for stages in SWEEP_STAGES)
         + tuple(Config(tile, stages, "conv_sm80", warp) for tile, warp, stages in SWEEP_SM80))


@dataclass(frozen=True)
class Variant:
    shape: ConvShape
    epilogue: str
    config: Config = HEURISTIC


@dataclass(frozen=True)
class Lowered:
    """A variant lowered: its model text, host program, and what the conv kernel is."""

    variant: Variant
    text: str
    weights: ConstantWeights | None
    program: object  # boltc.lowering.host.HostProgram
    tile: tuple[int, int, int]
    stages: int | None
    summary: str  # the kernel's one-line description (the TU's header line)
    reason: str  # the heuristic's why, or "#bolt.kernel"
    launches: tuple[str, ...]  # the model's kernels in launch order

    def record(self) -> dict:
        return {"tile": "x".join(map(str, self.tile)), "stages": "auto" if self.stages is None else self.stages,
                "kernel": self.summary, "reason": self.reason, "launches": list(self.launches)}


@contextlib.contextmanager
def automatic_stages_with_tile(tile: tuple[int, int, int], schedule: str = "warpspecialized") -> Iterator[None]:
    """choose_conv_sm90 returns `tile` (under `schedule`) with automatic stages while this is
    active (the emitter imports it at each call). Not thread-safe: lower in one thread."""
    from boltc.tuning import heuristic

    original = heuristic.choose_conv_sm90

    def forced(m: int, n: int, k: int, dtype: str = "f16", arch: str = "sm_90a") -> heuristic.ConvChoice:
        original(m, n, k, dtype, arch)  # the same argument checks
        return heuristic.ConvChoice(tile, (1, 1, 1), None, schedule,
                                    f"bench --sweep: tile {'x'.join(map(str, tile))} forced, stages automatic")

    original_family = heuristic.conv_family_sm90a
    heuristic.choose_conv_sm90 = forced
    heuristic.conv_family_sm90a = lambda m, n, k, c: "conv_sm90"  # the sweep asked for conv_sm90
    try:
        yield
    finally:
        heuristic.choose_conv_sm90 = original
        heuristic.conv_family_sm90a = original_family


def lower_variant(variant: Variant, arch: str = "sm_90a") -> Lowered:
    """boltc.compiler.lower's steps (import, graph passes, host program), keeping the optimized
    module to read the conv's configuration from the emitter itself."""
    from boltc.compiler import optimize
    from boltc.dialects import bolt
    from boltc.frontends import load
    from boltc.lowering.cutlass import conv_sm80, conv_sm90
    from boltc.lowering.host import lower_to_host

    shape, config = variant.shape, variant.config
    weights = constant_weights(shape) if shape.weights == "constant" else None
    forced_attr = config.tile is not None and config.stages is not None
    text = conv_model(shape, variant.epilogue, weights=weights,
                      kernel=kernel_attr(config.tile, config.stages, family=config.family, warp=config.warp)
                      if forced_attr else None)
    override = (automatic_stages_with_tile(config.tile, config.schedule) if config.tile is not None and config.stages is None
                else contextlib.nullcontext())
    with override:
        module = load(text)
        optimize(module, arch)
        convs = [op for op in module.walk() if isinstance(op, bolt.Conv2dOp)]
        if len(convs) != 1:
            raise AssertionError(f"{shape.label} {variant.epilogue}: {len(convs)} convolutions after the pipeline")
        program = lower_to_host(module, arch=arch, name="main")
        launches = tuple(launch["kernel"] for launch in program.describe["launches"])
        # The heuristic picks the family too (tuning/heuristic.py: conv_family_sm90a).
        family = config.family if config.tile is not None else next(
            (k for k in launches if k in ("conv_sm80", "conv_sm90")), "conv_sm90")
        emitter = conv_sm80 if family == "conv_sm80" else conv_sm90
        lowering = emitter.lower_conv2d(convs[0], arch=arch)
    cfg = lowering.kernel.config
    tile = (cfg.tile.m, cfg.tile.n, cfg.tile.k)
    if config.tile is not None and (tile, cfg.stages) != (config.tile, config.stages):
        raise AssertionError(f"{shape.label} {config.label}: lowered as tile {tile} stages {cfg.stages}")
    if launches.count(family) != 1:
        raise AssertionError(f"{shape.label} {variant.epilogue}: launches {launches}")
    if variant.epilogue == "cbr" and len(launches) != (2 if shape.c % 8 else 1):  # the pad of x, if any
        raise AssertionError(f"{shape.label}: bias + ReLU not fused into the conv (launches {launches})")
    return Lowered(variant, text, weights, program, tile, cfg.stages, cfg.summary(), lowering.reason, launches)


def variants_for(shapes: Sequence[ConvShape], sweep: bool) -> list[Variant]:
    out = [Variant(s, e) for s in shapes for e in EPILOGUES]
    if sweep:
        out += [Variant(s, e, c) for s in shapes for c in SWEEP for e in EPILOGUES]
    return out


def build_all(lowered: Sequence[Lowered], directory: Path, jobs: int | None, arch: str = "sm_90a") -> list[Path]:
    """Every distinct CUTLASS TU in one parallel nvcc pass (the runtime's own objects compiling
    beside them), then each model's host file and link, on a thread pool."""
    from boltc.lowering import build, model_build

    jobs = jobs or build.default_jobs()
    units = [call.unit for low in lowered for call in low.program.anchor_kernels if call.unit is not None]
    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as side:
        runtime = side.submit(model_build.compile_cached, model_build.runtime_jobs(arch), parallel=jobs)
        build.compile_units(units, jobs=jobs)
        runtime.result()
    print(f"kernels: {len({u.source for u in units})} distinct TUs and the runtime ready in "
          f"{time.perf_counter() - start:.0f} s", flush=True)
    start = time.perf_counter()
    paths = [directory / f"model{i}.so" for i in range(len(lowered))]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:  # everything but the host files is cached
        list(pool.map(lambda i: model_build.build_model(lowered[i].program, paths[i], parallel=1), range(len(lowered))))
    print(f"models: {len(paths)} host files compiled and linked in {time.perf_counter() - start:.0f} s", flush=True)
    return paths


# --------------------------------------------------------------------------------------
# Output.
# --------------------------------------------------------------------------------------


def _cell(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.2f}" if abs(value) < 10 else f"{value:.1f}"
    return str(value)


def markdown_table(rows: Sequence[dict], columns: Sequence[tuple[str, str]]) -> str:
    """rows as a markdown table; columns are (key, header); a missing value shows as '-'."""
    lines = ["| " + " | ".join(h for _, h in columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(_cell(row.get(key)) for key, _ in columns) + " |" for row in rows]
    return "\n".join(lines)


CONV3X3_COLUMNS = (
    ("shape", "shape"), ("tile", "heuristic tile"), ("boltc_conv_us", "boltc conv us"),
    ("cudnn_conv_us", "cuDNN conv us"), ("x_cudnn_conv", "cuDNN/boltc conv"),
    ("boltc_cbr_us", "boltc c+b+r us"), ("cudnn_cbr_us", "cuDNN c+b+r us"), ("x_cudnn_cbr", "cuDNN/boltc c+b+r"),
    ("inductor_cbr_us", "compile c+b+r us"), ("x_inductor_cbr", "compile/boltc c+b+r"),
    ("x_cudnn_conv_vs_boltc_cbr", "cuDNN conv / boltc c+b+r"), ("boltc_cbr_TFLOPs", "boltc c+b+r TFLOP/s"),
    ("json_cudnn_us", "cuDNN us (json ref)"), ("json_cudnn_cbr_us", "cuDNN c+b+r us (json ref)"),
)
UNALIGNED_COLUMNS = (
    ("shape", "shape"), ("tile", "heuristic tile"), ("boltc_conv_us", "boltc conv us"),
    ("cudnn_conv_us", "cuDNN unaligned us"), ("x_cudnn_conv", "cuDNN unal./boltc"),
    ("cudnn_conv_c8_us", "cuDNN C->8 us"), ("x_cudnn_conv_c8", "cuDNN C8/boltc"),
    ("boltc_cbr_us", "boltc c+b+r us"), ("cudnn_cbr_us", "cuDNN c+b+r us"), ("x_cudnn_cbr", "cuDNN/boltc c+b+r"),
    ("inductor_cbr_us", "compile c+b+r us"), ("x_inductor_cbr", "compile/boltc c+b+r"),
    ("boltc_conv_TFLOPs", "boltc conv TFLOP/s"),
    ("json_cudnn_us", "cuDNN unal. us (json ref)"), ("json_cudnn_c8_us", "cuDNN C8 us (json ref)"),
)
SWEEP_COLUMNS = (
    ("shape", "shape"), ("config", "config"), ("boltc_conv_us", "conv us"), ("x_cudnn_conv", "cuDNN/boltc conv"),
    ("boltc_cbr_us", "c+b+r us"), ("x_cudnn_cbr", "cuDNN/boltc c+b+r"), ("boltc_cbr_TFLOPs", "c+b+r TFLOP/s"),
)
JSON_REFERENCE = {  # table column: the bolt_paper.json key it shows
    "json_cudnn_us": ("cudnn_us", "cudnn_unaligned_us"),
    "json_cudnn_cbr_us": ("cudnn_plus_bias_relu_us",),
    "json_cudnn_c8_us": ("cudnn_with_C_padded_to_8_us",),
}
RATIOS = {  # ratio key: (peer time, boltc time)
    "x_cudnn_conv": ("cudnn_conv_us", "boltc_conv_us"),
    "x_cudnn_conv_c8": ("cudnn_conv_c8_us", "boltc_conv_us"),
    "x_cudnn_cbr": ("cudnn_cbr_us", "boltc_cbr_us"),
    "x_inductor_cbr": ("inductor_cbr_us", "boltc_cbr_us"),
    "x_cudnn_conv_vs_boltc_cbr": ("cudnn_conv_us", "boltc_cbr_us"),
}


def add_derived(row: dict, shape: ConvShape) -> dict:
    """Ratios (peer / boltc, > 1: boltc faster), TFLOP/s and the json's reference columns."""
    for key, (peer, ours) in RATIOS.items():
        if row.get(peer) and row.get(ours):
            row[key] = row[peer] / row[ours]
    for kind in EPILOGUES:
        if row.get(f"boltc_{kind}_us"):
            row[f"boltc_{kind}_TFLOPs"] = shape.flops / (row[f"boltc_{kind}_us"] * 1e-6) / 1e12
    for column, keys in JSON_REFERENCE.items():
        for key in keys:
            if key in shape.reference:
                row[column] = shape.reference[key]
    return row


# --------------------------------------------------------------------------------------
# The GPU part.
# --------------------------------------------------------------------------------------


def run_header() -> dict:
    """bench/gemm.py's header, plus the compiler's versions."""
    import torch

    from boltc.lowering import build

    toolchain = build.Toolchain.find()  # the nvcc and CUTLASS headers the kernels are built with
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "gpu": torch.cuda.get_device_name(),
        "torch": torch.__version__,
        "cuda": torch.version.cuda,
        "cudnn": torch.backends.cudnn.version(),
        "python": platform.python_version(),
        "cutlass": toolchain.cutlass_version,
        "nvcc": toolchain.nvcc_version.splitlines()[-1],
        "command": " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]),
        "method": "triton do_bench median (warmup 50 ms, rep 300 ms, L2 flushed); boltc as a CUDA graph replay",
    }


class Bench:
    """Inputs, the fp32 reference and the peers of one shape, and boltc's models on them."""

    def __init__(self, torch, do_bench, shape: ConvShape, weights: ConstantWeights | None, seed: int):
        self.torch, self.do_bench, self.shape = torch, do_bench, shape
        gen = torch.Generator(device="cuda").manual_seed(seed)
        k = shape.c * shape.r * shape.s
        self.x = torch.randn(shape.n, shape.h, shape.w, shape.c, device="cuda", dtype=torch.half, generator=gen)
        if weights is None:
            self.filter = torch.randn(shape.f, shape.r, shape.s, shape.c, device="cuda", dtype=torch.half,
                                      generator=gen) / k**0.5
            self.bias = torch.randn(shape.f, device="cuda", dtype=torch.half, generator=gen)
        else:
            self.filter = torch.from_numpy(weights.filter).cuda()
            self.bias = torch.from_numpy(weights.bias).cuda()
        top, left, bottom, right = shape.padding
        if (top, left) != (bottom, right):
            raise NotImplementedError(f"{shape.label}: asymmetric padding (torch's conv2d pads symmetrically)")
        self.padding = (top, left)
        # channels_last NCHW views of the NHWC data: what cuDNN runs fastest on.
        self.x_nchw, self.w_nchw = self.x.permute(0, 3, 1, 2), self.filter.permute(0, 3, 1, 2)

    def conv(self, x, w, bias=None):
        return self.torch.nn.functional.conv2d(x, w, bias, stride=self.shape.stride, padding=self.padding)

    def reference(self, epilogue: str):
        """fp32 (TF32 off) on the fp16 values, NHWC."""
        y = self.conv(self.x_nchw.float(), self.w_nchw.float(), self.bias.float() if epilogue == "cbr" else None)
        if epilogue == "cbr":
            y = self.torch.relu(y)
        return y.permute(0, 2, 3, 1)

    def model_inputs(self, low: Lowered) -> tuple:
        if low.weights is not None:
            return (self.x,)
        return (self.x, self.filter, self.bias) if low.variant.epilogue == "cbr" else (self.x, self.filter)

    def time_boltc(self, model, low: Lowered) -> dict:
        torch = self.torch
        epilogue = low.variant.epilogue
        inputs = self.model_inputs(low)
        graph = model.capture_graph(*inputs)
        graph.outputs[0].fill_(float("nan"))  # every element must be written by the replay
        out = graph.replay().float()
        torch.cuda.synchronize()
        reference = self.reference(epilogue)
        if not bool(torch.isfinite(out).all()):
            raise AssertionError(f"{self.shape.label} {low.variant.config.label} {epilogue}: non-finite outputs "
                                 "(unwritten elements keep the NaN poison)")
        rel = float((out - reference).norm() / reference.norm())
        torch.testing.assert_close(out, reference, **TOLERANCE,
                                   msg=lambda m: f"{self.shape.label} {low.variant.config.label} {epilogue}: {m}")
        us = 1e3 * self.do_bench(lambda: graph.replay(), **BENCH)
        return {f"boltc_{epilogue}_us": us, f"boltc_{epilogue}_rel_err": rel}

    @functools.cached_property
    def peer_calls(self) -> dict:
        """{result key: (the peer's call, the epilogue it computes)}: cuDNN's convolution alone,
        with bias then ReLU, and on channels padded to 8 where C is not (those padded copies
        made once per shape: `peers` and bench/tuned.py's other launch forms share them)."""
        torch, shape = self.torch, self.shape
        x, w, b = self.x_nchw, self.w_nchw, self.bias
        relu = torch.relu
        fns = {"cudnn_conv_us": (lambda: self.conv(x, w), "conv"),
               "cudnn_cbr_us": (lambda: relu(self.conv(x, w, b)), "cbr")}
        if shape.c % 8:
            c8 = -(-shape.c // 8) * 8
            x8 = torch.zeros(shape.n, shape.h, shape.w, c8, device="cuda", dtype=torch.half)
            x8[..., :shape.c] = self.x
            w8 = torch.zeros(shape.f, shape.r, shape.s, c8, device="cuda", dtype=torch.half)
            w8[..., :shape.c] = self.filter
            x8n, w8n = x8.permute(0, 3, 1, 2), w8.permute(0, 3, 1, 2)
            fns["cudnn_conv_c8_us"] = (lambda: self.conv(x8n, w8n), "conv")
        return fns

    def peers(self, inductor: bool) -> dict:
        """Each peer checked against the fp32 reference, then timed as called."""
        torch, shape = self.torch, self.shape
        x, w, b = self.x_nchw, self.w_nchw, self.bias
        fns = dict(self.peer_calls)  # a copy: the inductor peer is added to it
        result: dict = {}
        if inductor:
            try:
                stride, padding = shape.stride, self.padding
                compiled = torch.compile(lambda x, w, b: torch.relu(
                    torch.nn.functional.conv2d(x, w, b, stride=stride, padding=padding)))
                compiled(x, w, b)
                fns["inductor_cbr_us"] = (lambda: compiled(x, w, b), "cbr")
            except Exception as error:  # noqa: BLE001  (recorded: "where it compiles")
                result["inductor_error"] = f"{type(error).__name__}: {str(error).splitlines()[0][:200]}"
        references = {e: self.reference(e) for e in EPILOGUES}
        for name, (fn, epilogue) in fns.items():
            for _ in range(3):
                out = fn()  # cuDNN's autotuning (benchmark mode) happens here, untimed
            torch.cuda.synchronize()
            got, ref = out.permute(0, 2, 3, 1).float(), references[epilogue]
            result[name.replace("_us", "_rel_err")] = float((got - ref).norm() / ref.norm())
            if not torch.allclose(got, ref, **PEER_TOLERANCE):
                result.setdefault("peer_check_failed", []).append(name)
            result[name] = 1e3 * self.do_bench(fn, **BENCH)
        return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="write the header, rows and sweep as JSON here")
    parser.add_argument("--only", choices=FAMILIES)
    parser.add_argument("--quick", action="store_true", help="two shapes only")
    parser.add_argument("--sweep", action="store_true",
                        help="conv3x3: also time forced tiles x stages (auto, 4)")
    parser.add_argument("--workloads", type=Path, default=WORKLOADS,
                        help="the workload table (default: ../shared/workloads/bolt_paper.json; "
                             "on the GPU machine pass a carried copy)")
    parser.add_argument("--jobs", type=int, help="parallel nvcc processes (default: every core, capped by memory)")
    parser.add_argument("--no-inductor", action="store_true", help="skip torch.compile")
    args = parser.parse_args()

    shapes = conv_workloads(json.loads(args.workloads.read_text()), args.only, args.quick)
    variants = variants_for(shapes, args.sweep)
    start = time.perf_counter()
    lowered = [lower_variant(v) for v in variants]
    print(f"lowered {len(lowered)} models in {time.perf_counter() - start:.0f} s", flush=True)

    import torch
    from triton.testing import do_bench

    from boltc.runtime import CompiledModel

    torch.backends.cudnn.benchmark = True
    torch.backends.cudnn.allow_tf32 = False  # the fp32 reference must be fp32
    torch.backends.cuda.matmul.allow_tf32 = False
    report: dict = {"header": run_header(), "rows": [], "sweep": []}

    def save() -> None:
        if args.out:
            args.out.write_text(json.dumps(report, indent=1))

    with tempfile.TemporaryDirectory(prefix="boltc-bench-conv-") as directory:
        start = time.perf_counter()
        paths = build_all(lowered, Path(directory), args.jobs)
        report["header"]["build_s"] = time.perf_counter() - start
        save()
        for index, shape in enumerate(shapes):
            mine = [(low, path) for low, path in zip(lowered, paths) if low.variant.shape == shape]
            weights = mine[0][0].weights
            bench = Bench(torch, do_bench, shape, weights, seed=index)
            row: dict = {"family": shape.family, "shape": shape.label, "N": shape.n, "H": shape.h, "W": shape.w,
                         "C": shape.c, "F": shape.f, "R": shape.r, "S": shape.s, "padding": list(shape.padding),
                         "stride": list(shape.stride), "GFLOP": shape.flops / 1e9}
            sweep_rows: dict[Config, dict] = {}
            for low, path in mine:
                config, epilogue = low.variant.config, low.variant.epilogue
                target = row if config == HEURISTIC else sweep_rows.setdefault(
                    config, {"shape": shape.label, "config": config.label})
                target[f"{epilogue}_kernel"] = low.record()
                if config == HEURISTIC and epilogue == "cbr":
                    row["tile"] = f"{low.record()['tile']} stages {low.record()['stages']}"
                model = CompiledModel(path)
                try:
                    target.update(bench.time_boltc(model, low))
                except Exception as error:  # noqa: BLE001  (a wrong or failing model has no time; the rest runs on)
                    target[f"boltc_{epilogue}_error"] = f"{type(error).__name__}: {error}"[:2000]
                    print(f"{shape.label} {config.label} {epilogue}: {target[f'boltc_{epilogue}_error']}", flush=True)
                finally:
                    model.close()
            row.update(bench.peers(inductor=not args.no_inductor))
            add_derived(row, shape)
            report["rows"].append(row)
            for sweep_row in sweep_rows.values():
                for key in ("cudnn_conv_us", "cudnn_cbr_us"):
                    sweep_row[key] = row[key]
                report["sweep"].append(add_derived(sweep_row, shape))
            print(json.dumps({k: (float(f"{v:.4g}") if isinstance(v, float) else v) for k, v in row.items()
                              if not k.endswith("_kernel")}), flush=True)
            save()
            del bench
            torch.cuda.empty_cache()

    header = report["header"]
    print(f"\n{header['gpu']}, torch {header['torch']}, CUDA {header['cuda']}, cuDNN {header['cudnn']}, "
          f"CUTLASS {header['cutlass']}; {header['method']}; ratios peer/boltc (> 1: boltc faster)")
    for family, columns in (("conv3x3", CONV3X3_COLUMNS), ("unaligned", UNALIGNED_COLUMNS)):
        rows = [r for r in report["rows"] if r["family"] == family]
        if rows:
            print(f"\n{family}\n" + markdown_table(rows, columns))
    if report["sweep"]:
        print("\nsweep\n" + markdown_table(report["sweep"], SWEEP_COLUMNS))
    for row in report["rows"]:
        problems = {k: v for k, v in row.items() if k.endswith("_error") or k == "peer_check_failed"}
        if problems:
            print(f"{row['shape']}: {problems}")


if __name__ == "__main__":
    main()
