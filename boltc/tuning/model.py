"""The warp-specialization performance model (papers/warp-specialization-perf-model.txt), extended
to the kernels boltc runs: predicts a candidate's time on a problem from a handful of per-GPU
constants, without compiling or running anything.

    gpu = load_gpu("h100_sxm")                       # boltc/tuning/gpus/h100_sxm.json
    predict(candidate, problem, gpu).time_us         # a space.Candidate on a GemmProblem/Conv2dProblem
    rank(candidates(op, "sm_90a"), problem, gpu)     # best first: what `--tune model` will call
    predict_b2b(b2b_problem, plan, gpu)              # two stages of bolt.b2b

## The paper's model (section 2)

A CTA computes one output tile of T_M x T_N in S = ceil(K / T_K) k-blocks. Per k-block a
producer (DMA) loads a T_M x T_K tile of A and a T_K x T_N tile of B into a circular buffer of
`stages` slots, and a consumer (MATH) multiplies them:

    T_MATH   = T_M*T_N*T_K / ComputeThroughput + ComputeStartupLatency
    T_LOAD-A = T_M*T_K / LoadThroughput + LoadStartupLatency      (T_LOAD-B likewise)
    S_a(i) = max(S_b(i-1) + T_LOAD-B, S_m(i-stages) + T_MATH)      (1)
    S_b(i) = max(S_a(i) + T_LOAD-A,   S_m(i-stages) + T_MATH)      (2)
    S_m(i) = max(S_m(i-1) + T_MATH,   S_b(i) + T_LOAD-B)           (3)
    time   = (S_m(S) + T_EPILOGUE) * W + T_INIT,   W = ceil(tiles / SMs)

`_Pipeline` evaluates exactly these recurrences (with FLOPs and bytes instead of element
counts, so one GPU's constants serve every element type). With `load_latency_us` = 0 it is the
paper's model term for term (test_model.py checks hand-computed cases). What Hopper and boltc's
other kernels need on top, each argued where it is implemented:

- **Load latency apart from load occupancy.** The paper charges the whole T_LOAD (bytes over
  throughput, plus a startup) before the next load may start: one load in flight. TMA and
  cp.async keep `stages` loads in flight, so a load occupies the producer's pipe only for
  bytes / throughput + startup, and its data lands `load_latency_us` later; the consumer
  waits for the landing (`ready`). Deep pipelines hide the latency, two stages do not.
- **The last MMA finishes.** S_m(S) is when the last k-block's MMA *starts*; the tile's
  epilogue begins T_MATH later (the paper's formula drops it).
- **Persistent kernels** (gemm_sm90): one CTA per SM loops over tiles, so "waves" are tiles per
  SM: the busiest SM runs ceil(tiles / CTAs) of them, back to back through one pipeline (the
  producer loads the next tile's k-blocks during the epilogue). A partial last wave is its
  last tile, with fewer SMs sharing DRAM.
- **Clusters.** A cluster of cm x cn CTAs rounds the tile grid up to whole clusters (the extra
  CTAs run masked tiles) and, through TMA multicast, each CTA issues 1/cm of the B tile its
  cluster row shares and 1/cn of the A tile: per-SM load bytes shrink, the math does not.
- **Cooperative vs pingpong.** Cooperative: both consumer warpgroups work on one tile, so a
  tile's epilogue stalls the tensor cores. Pingpong: the warpgroups alternate tiles; the
  mainloops take turns on the tensor cores, and one's epilogue runs under the other's mainloop
  (a tile's first MMA waits for the previous tile's last MMA and for the epilogue of the tile
  this warpgroup ran before, two tiles back).
- **Stream-K** (`cooperative_streamk`): all CTAs share the S x tiles k-blocks evenly; a tile
  split between CTAs pays a fixup (fp32 partials written, read back and reduced, and a
  barrier). CUTLASS's scheduler falls back to data-parallel when that is faster, so the
  prediction is the faster of the two.
- **Split-K** (`cooperative_splitk P`): each tile's k-blocks in P parts, tiles x P work units
  over the SMs (in rounds when they outnumber them), the same fixup per tile.
- **CUTLASS 2.x multistage** (gemm_sm80, conv_sm80): no warp specialization; the same warps
  issue cp.async for k-block i + stages - 1 when they start computing k-block i. That is the
  recurrences with producer = consumer: a slot is free for k-block i at S_m(i - stages + 1)
  (a start, not an end). mma.sync runs at `mma_sync_fraction` of WGMMA's rate, cp.async at
  `cp_async_fraction` of TMA's, and several CTAs may share an SM (shared memory and registers
  permitting): co-resident CTAs split its throughputs, and one's epilogue hides under another's
  mainloop. Non-persistent kernels (the 2.x families, conv_sm90) pay `cta_start_us` per wave.
- **CUTLASS 2.x registers** (`_register_demand`, checked against ptxas): accumulators,
  fragments and the iterators' per-access state set how many CTAs share an SM; a demand above
  255 spills, and the spilled state is stored and reloaded every k-block (`spill_bytes_per_us`:
  256x64x64 on four 64x64x64 warps, the stem's larger kFixedChannels tiles). kFixedChannels
  also recomputes each access's address every k-block, issued by the MMA's warps.
- **Epilogue traffic and functors.** T_EPILOGUE per tile = a fixed part (barriers, the store
  pipeline's drain) + bytes / store throughput (D written; a residual read in full, a bias
  row or column read once per tile) + element-instructions / issue rate. The functor costs are
  instructions per element (`FUNCTOR_INSTRUCTIONS`, from the SASS counts of bench/epilogue.py:
  the H100 epilogue is issue-bound at ~0.146 us per instruction per element of a 128x256 tile).
  The issue rate is that of the warps running the epilogue (dependent chains need two warps a
  scheduler to issue every cycle): cooperative's 8 consumer warps get all of it, pingpong's
  and the plain warp-specialized kernel's one warpgroup half (`_epilogue_issue_share`).
- **Implicit-GEMM convolution.** M = N*P*Q, N = F; the mainloop walks the R*S filter taps
  times ceil(C / T_K) channel blocks, or, where C divides T_K, ceil(R*S*C / T_K) k-blocks of
  T_K / C taps each (kFixedChannels; CUTLASS 3.x's TMA conv, one im2col copy a tap). An A
  tile is the same bytes as a GEMM's, gathered through im2col: `im2col_tma_factor` (TMA
  im2col) or `im2col_cp_async_factor` (2.x iterators) scale its load cost in the SM's load
  path (not its DRAM bytes); 2.x's cp.async accesses narrower than 16 bytes (C = 4) cost
  proportionally more, and a TMA im2col request of C < T_K channels costs
  (T_K / C) ** `im2col_narrow_exponent` a full-width one (fitted 0.68: the 16-byte pixels of
  the padded stem ran 3.2x, the folded stem's 32-byte ones 2.0x what full-width requests
  predict); a C that T_K does not divide has its last channel block of a tap so narrow (24
  channels: one 48-byte request a pixel and k-block; 96: a full block, then a half one). C is
  padded as each family reads it (TMA: to 8; cp.async: to its
  access width, kFixedChannels when C is one access), and a C the kernel cannot read in place
  costs the channel-padding copy the TU runs first. The input is read from DRAM once (a filter
  narrower than its stride, a 1x1/2 conv, skips the rows and columns it never reads); its
  halo (the R - stride input rows neighbouring tiles share) is re-read from DRAM only when
  the input does not fit in half of L2.
- **A global bandwidth ceiling.** The paper's per-SM load throughput cannot see a memory-bound
  layer: all SMs loading at once share DRAM. The DRAM bytes (each operand once, the halo, D and
  the epilogue's extras) over the tiles' L2->SM bytes is the fraction of loads that reach
  DRAM; an SM's load throughput is capped at its share of DRAM bandwidth over that fraction,
  and the kernel takes at least DRAM bytes / DRAM bandwidth. The tile order decides what L2
  can keep (`_sweep`): consecutive tiles share one operand's slice and sweep the other, so an
  operand swept more than once that overflows half of L2 comes from DRAM again, pass after
  pass, for the share L2 cannot hold. The tile scheduler's swizzle S (`"cooperative swizzle
  8"`) makes a pass serve S slices of the held operand: tiles / max(CTAs, S x tiles a slice)
  passes, fewer once a band of S slices holds more tiles than a wave; the grid, rounded up to
  whole bands, runs masked tiles. L2 has its own aggregate ceiling (`l2_bytes_per_us`,
  a fact of the records: the highest rate any reaches, 12 TB/s): the tiles' L2->SM bytes take
  at least their time at that rate, except the bytes a pass re-reads from DRAM, which add
  DRAM's time instead of hiding under L2's (`l2_floor_us`: an 8192^3 GEMM sits at ~7 TB/s of
  L2 traffic on every tile shape, where 4096x768x3072, held in L2, reaches 12).
- **b2b** (`predict_b2b_kernel`): a tile runs the first GEMM's k-blocks (A and W0), an
  on-chip epilogue of the M x N0 product (shared memory residence also stores it there), then
  the second's k-blocks over K1 = N0 loading only W1, then the real epilogue: one heterogeneous
  sequence through the same pipeline, in the structure of the kernel (`B2bKernel`): persistent
  over its tiles (ping-pong warpgroups) or one CTA a tile in waves, weights resident (loaded
  with a CTA's first tile, then kept) or streamed every tile, a convolution first stage's A
  gathered through im2col, or FMAs on the CUDA cores (b2b_gemm_simt). `predict_b2b` is the
  generic form over b2b_cost's plans; tuning/fusion.py asks it for fuse-b2b.

Pure Python and fast: the recurrences are max-plus linear, so once the pipeline's state
(relative to the consumer's clock) repeats, every later k-block (and every later tile) shifts
by the same amount: `_Pipeline.run` detects the period and jumps, exactly.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Iterable

from boltc.analysis import b2b_cost
from boltc.dialects.bolt import Residence
from boltc.lowering.cutlass.evt import Compute, EpilogueTree, LeafKind, postorder
from boltc.lowering.cutlass.gemm_sm90 import effective_swizzle, schedule_words
from boltc.tuning.space import STREAMK, Candidate, Conv2dProblem, Family, GemmProblem, streamk_decomposition

GPU_DIR = Path(__file__).with_name("gpus")
# The GPU a target is tuned for when none is named. a100_sxm is not fitted: bench/datasheet_gpu.py
# scales h100_sxm's fit by the A100's datasheet (no A100 has been measured).
GPU_FOR_ARCH = {"sm_90a": "h100_sxm", "sm_80": "a100_sxm"}

# --------------------------------------------------------------------------------------
# The GPU: fitted constants.
# --------------------------------------------------------------------------------------

# Constants bench/calibrate.py fits (all positive; fitted in log space). The others are facts.
FITTED = (
    "math_flops_per_us", "math_startup_us", "mma_sync_fraction", "load_bytes_per_us",
    "load_startup_us", "load_latency_us", "cp_async_fraction", "im2col_tma_factor",
    "im2col_cp_async_factor", "im2col_narrow_exponent", "store_bytes_per_us", "epilogue_ops_per_us", "epilogue_fixed_us",
    "t_init_us", "cta_start_us", "streamk_fixup_us", "spill_bytes_per_us",
)


@dataclass(frozen=True)
class GpuModel:
    """One GPU as the model sees it. Rates are per SM unless named otherwise; times in us."""

    name: str
    source: str  # where the constants come from: a fit (with its data) or the datasheet
    arch: str
    sms: int
    l2_bytes: int
    smem_bytes_per_sm: int
    registers_per_sm: int
    dram_bytes_per_us: float  # the whole GPU
    issue_per_us: float  # thread instructions an SM issues at most (4 schedulers x 32 lanes x clock)
    math_flops_per_us: float  # WGMMA f16/bf16, fp32 accumulate: the paper's ComputeThroughput
    math_startup_us: float  # per k-block: ComputeStartupLatency
    mma_sync_fraction: float  # CUTLASS 2.x mma.sync's rate relative to WGMMA's
    load_bytes_per_us: float  # TMA, L2 -> shared memory: LoadThroughput
    load_startup_us: float  # per load, occupying the producer: LoadStartupLatency
    load_latency_us: float  # issue to landing, overlapped across stages
    l2_bytes_per_us: float  # L2 -> shared memory, all SMs together, of bytes L2 holds
    cp_async_fraction: float  # cp.async's load rate relative to TMA's
    im2col_tma_factor: float  # cost of an im2col A byte through TMA relative to a GEMM's
    im2col_cp_async_factor: float  # the same through CUTLASS 2.x's conv iterators
    im2col_narrow_exponent: float  # a TMA im2col request of C < T_K channels: (T_K / C) ** this
    store_bytes_per_us: float  # the epilogue's stores and extra reads
    epilogue_ops_per_us: float  # element-instructions the epilogue issues per us
    epilogue_fixed_us: float  # per tile
    t_init_us: float  # launch and prologue: T_INIT
    cta_start_us: float  # per wave of a non-persistent kernel
    streamk_fixup_us: float  # the barrier of a split tile's fixup
    spill_bytes_per_us: float  # CUTLASS 2.x registers spilled and reloaded each k-block (local memory)
    fit: dict | None = field(default=None, compare=False)  # calibrate.py's report, if fitted

    def to_json(self) -> dict:
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "fit"}
        if self.fit is not None:
            out["fit"] = self.fit
        return out

    @classmethod
    def from_json(cls, data: dict, origin: str = "<json>") -> GpuModel:
        names = [f.name for f in fields(cls) if f.name != "fit"]
        missing = [n for n in names if n not in data]
        if missing:
            raise ValueError(f"{origin}: GPU model lacks {', '.join(missing)}")
        unknown = sorted(set(data) - set(names) - {"fit"})
        if unknown:
            raise ValueError(f"{origin}: unknown GPU model keys {', '.join(unknown)}")
        values = {n: data[n] for n in names}
        for n in FITTED + ("dram_bytes_per_us", "issue_per_us"):
            # Rates, fractions and factors must be positive; latencies may be zero.
            positive = not n.endswith("_us") or n.endswith("_per_us")
            if not (isinstance(values[n], (int, float)) and (values[n] > 0 if positive else values[n] >= 0)):
                raise ValueError(f"{origin}: {n} must be a {'positive' if positive else 'non-negative'} number, "
                                 f"not {values[n]!r}")
        return cls(**values, fit=data.get("fit"))

    def with_constants(self, **constants: float) -> GpuModel:
        return replace(self, **constants)


def load_gpu(name: str) -> GpuModel:
    """The model of GPU `name` (boltc/tuning/gpus/<name>.json), or of a JSON file's path."""
    path = Path(name) if name.endswith(".json") else GPU_DIR / f"{name}.json"
    if not path.exists():
        known = ", ".join(sorted(p.stem for p in GPU_DIR.glob("*.json")))
        raise ValueError(f"no GPU model {name!r} (known: {known})")
    return GpuModel.from_json(json.loads(path.read_text()), str(path))


def save_gpu(gpu: GpuModel, path: Path) -> None:
    path.write_text(json.dumps(gpu.to_json(), indent=2, sort_keys=False) + "\n")


def gpu_for_arch(arch: str) -> GpuModel:
    if arch not in GPU_FOR_ARCH:
        raise ValueError(f"no GPU model for {arch} (models exist for {', '.join(sorted(GPU_FOR_ARCH))})")
    return load_gpu(GPU_FOR_ARCH[arch])


# --------------------------------------------------------------------------------------
# What the model needs of a problem.
# --------------------------------------------------------------------------------------

# Issue slots per output element of each functor (CUTLASS's and boltc's), counted from SASS
# (bench/epilogue.py on the H100, over the plain store: bias+relu +2, hardswish +5, GELU tanh
# +6, softplus and GELU erf in their 16-bit forms +9; boltc's Sigmoid and SiLu counted from
# their code: a multiply, ex2, an add, rcp (and a multiply); HardSwishSat: an add, mul.sat, a
# multiply). Unlisted: TRANSCENDENTAL or SIMPLE. (EPILOGUE_TOKENS' "hardswish" stays CUTLASS's
# count: the records that name it so were measured with CUTLASS's HardSwish.)
_T = "cutlass::epilogue::thread::"
FUNCTOR_INSTRUCTIONS: dict[str, float] = {
    f"{_T}Identity": 0, f"{_T}ReLu": 1, f"{_T}HardSwish": 4, f"{_T}GELU_taylor": 5,
    "boltc_evt::Sigmoid": 4, "boltc_evt::SiLu": 5, f"{_T}Tanh": 2, f"{_T}Clamp": 2,
    "boltc_evt::SoftplusHalf": 8, "boltc_evt::Softplus": 12, "boltc_evt::GeluErfF16": 8,
    "boltc_evt::GeluErfBF16": 8, "boltc_evt::GeluErf": 15, "cutlass::plus": 1, "cutlass::minus": 1,
    "cutlass::multiplies": 1, "cutlass::negate": 1, "cutlass::divides": 8,
    "boltc_evt::MaximumNaN": 2, "boltc_evt::MinimumNaN": 2, "boltc_evt::HardSwishSat": 3,
}
# The same, by the last component of the C++ name: how describe_epilogue writes functors.
FUNCTOR_INSTRUCTIONS_BY_NAME: dict[str, float] = {cpp.rsplit("::", 1)[-1]: n for cpp, n in FUNCTOR_INSTRUCTIONS.items()}
TRANSCENDENTAL_INSTRUCTIONS = 8
SIMPLE_INSTRUCTIONS = 1
PLAIN_STORE_INSTRUCTIONS = 2  # convert to 16 bits, pack: what every epilogue issues per element

# Epilogue names as bench/profile_space.py records them ("bias+relu", "bias_gelu", "none"):
# token -> (functor instructions, row loads, aux loads).
EPILOGUE_TOKENS: dict[str, tuple[float, int, int]] = {
    "none": (0, 0, 0), "plain": (0, 0, 0), "-": (0, 0, 0),
    "bias": (1, 1, 0), "residual": (1, 0, 1), "relu": (1, 0, 0), "hardswish": (4, 0, 0),
    "gelu": (8, 0, 0), "gelu_erf": (8, 0, 0), "erf": (8, 0, 0), "gelu_tanh": (5, 0, 0), "tanh": (2, 0, 0),
    "softplus": (8, 0, 0), "sigmoid": (6, 0, 0), "silu": (7, 0, 0), "clamp": (2, 0, 0),
}


@dataclass(frozen=True)
class EpilogueCost:
    """What an epilogue costs per output element: issue slots beyond the plain store, and the
    extra tensors it reads (bias rows per N, columns per M, same-shape residuals)."""

    instructions: float = 0.0
    row_loads: int = 0
    column_loads: int = 0
    aux_loads: int = 0

    @classmethod
    def of_tree(cls, tree: EpilogueTree) -> EpilogueCost:
        instructions = 0.0
        for node in postorder(tree.root):
            if isinstance(node, Compute):
                f = node.functor
                default = TRANSCENDENTAL_INSTRUCTIONS if f.transcendental else SIMPLE_INSTRUCTIONS
                instructions += FUNCTOR_INSTRUCTIONS.get(f.cpp, default)
        kinds = [leaf.kind for leaf in tree.leaves]
        return cls(instructions, kinds.count(LeafKind.ROW), kinds.count(LeafKind.COLUMN), kinds.count(LeafKind.AUX))

    @classmethod
    def from_description(cls, text: str) -> EpilogueCost:
        """The cost of an epilogue written as tuning/profile.py's `describe_epilogue` writes the
        tree into a profile record: `ReLu(plus(acc, row0:f16))` (functors by the last component
        of their C++ name, leaves as kind, index and element)."""
        instructions = 0.0
        for name in re.findall(r"([A-Za-z_]\w*)\(", text):
            if name not in FUNCTOR_INSTRUCTIONS_BY_NAME:
                raise ValueError(f"epilogue {text!r}: unknown functor {name!r} "
                                 f"(known: {', '.join(sorted(FUNCTOR_INSTRUCTIONS_BY_NAME))})")
            instructions += FUNCTOR_INSTRUCTIONS_BY_NAME[name]
        leaves = re.findall(r"\b(row|column|aux|scalar)\d+:", text)
        return cls(instructions, leaves.count(LeafKind.ROW.value), leaves.count(LeafKind.COLUMN.value),
                   leaves.count(LeafKind.AUX.value))

    @classmethod
    def from_name(cls, name: str) -> EpilogueCost:
        """The cost of an epilogue named like "bias+relu", "bias_gelu (erf)", "none", or
        described as an expression (`from_description`: profile records of convolutions)."""
        if "acc" in name:  # an expression over the accumulator
            return cls.from_description(name)
        text = re.sub(r"\s*\((erf|tanh)\)", r"_\1", name.strip().lower())
        tokens = [t for t in re.split(r"[+,\s]+", text) if t]
        if not tokens:
            return cls()
        instructions, rows, aux = 0.0, 0, 0
        for token in tokens:
            parts = [token] if token in EPILOGUE_TOKENS else token.split("_")
            if token not in EPILOGUE_TOKENS:  # "bias_gelu_erf" -> bias, gelu_erf
                parts = _split_underscored(token)
            for part in parts:
                if part not in EPILOGUE_TOKENS:
                    raise ValueError(
                        f"epilogue {name!r}: unknown part {part!r} (known: {', '.join(sorted(EPILOGUE_TOKENS))})")
                i, r, a = EPILOGUE_TOKENS[part]
                instructions, rows, aux = instructions + i, rows + r, aux + a
        return cls(instructions, rows, 0, aux)


def _split_underscored(token: str) -> list[str]:
    """"bias_gelu_erf" -> ["bias", "gelu_erf"]: the longest known names, left to right."""
    words, out, i = token.split("_"), [], 0
    while i < len(words):
        for j in range(len(words), i, -1):
            if "_".join(words[i:j]) in EPILOGUE_TOKENS:
                out.append("_".join(words[i:j]))
                i = j
                break
        else:
            out.append(words[i])  # unknown: from_name names it
            i += 1
    return out


PLAIN = EpilogueCost()


@dataclass(frozen=True)
class ConvShape:
    """An NHWC fprop's geometry (what the implicit GEMM's k-blocks and DRAM bytes depend on)."""

    n_img: int
    h: int
    w: int
    c: int
    f: int
    r: int
    s: int
    p: int
    q: int
    stride: int


@dataclass(frozen=True)
class Workload:
    """A problem as the model sees it: the (implicit) GEMM's sizes, element sizes, the
    epilogue's cost, whether TMA loads it, and a convolution's geometry."""

    m: int
    n: int
    k: int
    batch: int = 1
    element_bytes: int = 2
    output_bytes: int = 2
    epilogue: EpilogueCost = PLAIN
    tma: bool = True
    conv: ConvShape | None = None

    def __post_init__(self) -> None:
        if min(self.m, self.n, self.k, self.batch) <= 0:
            raise ValueError(f"empty problem {self.m}x{self.n}x{self.k} (batch {self.batch})")

    @property
    def flops(self) -> int:
        return 2 * self.m * self.n * self.k * self.batch


def workload_of(problem: GemmProblem | Conv2dProblem | Workload) -> Workload:
    if isinstance(problem, Workload):
        return problem
    epilogue = EpilogueCost.of_tree(problem.epilogue)
    if isinstance(problem, GemmProblem):
        return Workload(problem.m, problem.n, problem.k, problem.batch, problem.element.bytes,
                        problem.element_d.bytes, epilogue, problem.tma)
    g = problem.geometry
    m, n, k = g.gemm_mnk
    conv = ConvShape(g.n, g.h, g.w, g.c // problem.groups, g.f, g.r, g.s, g.p, g.q, max(g.strides))
    return Workload(m, n, k, 1, problem.element.bytes, problem.element_d.bytes, epilogue, True, conv)


def workload_from_record(problem: dict, epilogue: str) -> Workload:
    """The workload of a bench/profile_space.py record's "problem" and "epilogue"."""
    cost = EpilogueCost.from_name(epilogue)
    kind = problem.get("kind")
    if kind == "gemm":
        return Workload(int(problem["m"]), int(problem["n"]), int(problem["k"]), int(problem.get("batch", 1)),
                        epilogue=cost)
    if kind == "conv2d":
        stride = int(problem["stride"])
        conv = ConvShape(int(problem["n_img"]), int(problem["h"]), int(problem["w"]), int(problem["c"]),
                         int(problem["f"]), int(problem["r"]), int(problem["s"]),
                         (int(problem["h"]) + 2 * int(problem["pad"]) - int(problem["r"])) // stride + 1,
                         (int(problem["w"]) + 2 * int(problem["pad"]) - int(problem["s"])) // stride + 1, stride)
        return Workload(int(problem["m"]), int(problem["n"]), int(problem["k"]), 1, epilogue=cost, conv=conv)
    raise ValueError(f"record problem kind {kind!r} is neither 'gemm' nor 'conv2d'")


# --------------------------------------------------------------------------------------
# The recurrences.
# --------------------------------------------------------------------------------------

_EPS = 1e-6  # us: states closer than this are the same state (a picosecond)


def _same(a: tuple, b: tuple) -> bool:
    """Two pipeline states (times relative to the consumer's clock) are the same state."""
    return len(a) == len(b) and all(abs(x - y) < _EPS for x, y in zip(a, b))


class _Pipeline:
    """The producer/consumer recurrences of one SM, k-block after k-block, across tiles.

    `release` holds, for the last `stages` k-blocks, the time each one's buffer slot frees:
    the end of its MMA (warp-specialized: the consumer releases it), or for CUTLASS 2.x
    multistage the start of the MMA `stages - 1` blocks later (the same warps issue the load
    then). `load_free` is when the producer's pipe can start a load; `math_free` when the
    tensor cores can start an MMA."""

    def __init__(self, stages: int, multistage: bool):
        if stages < 2:
            raise ValueError(f"a pipeline needs at least 2 stages, not {stages}")
        self.stages = stages
        self.multistage = multistage
        self.load_free = 0.0
        self.math_free = 0.0
        self.math_end = 0.0  # end of the last MMA (the epilogue starts there)
        self.slots: list[float] = []  # slot-free times of future k-blocks, oldest first
        self.loaded = 0  # k-blocks whose loads were issued

    def _step(self, occ_a: float, occ_b: float, t_math: float, latency: float) -> None:
        # The slot k-block i loads into frees when k-block i - stages releases it (the paper's
        # S_m(i - M) + T_MATH), or, multistage, when k-block i - stages + 1 starts.
        window = self.stages - 1 if self.multistage else self.stages
        free = self.slots.pop(0) if len(self.slots) >= window else 0.0
        s_a = max(self.load_free, free)  # (1)
        s_b = max(s_a + occ_a, free)  # (2)
        self.load_free = s_b + occ_b
        ready = max(s_a + occ_a, s_b + occ_b) + latency  # the data lands
        s_m = max(self.math_free, ready)  # (3)
        self.math_free = self.math_end = s_m + t_math
        self.slots.append(s_m if self.multistage else s_m + t_math)

    def _state(self) -> tuple:
        base = self.math_free
        return (self.load_free - base, self.math_end - base, *(t - base for t in self.slots))

    def shift(self, delta: float) -> None:
        self.load_free += delta
        self.math_free += delta
        self.math_end += delta
        self.slots = [t + delta for t in self.slots]

    def run(self, count: int, occ_a: float, occ_b: float, t_math: float, latency: float) -> None:
        """`count` k-blocks of one kind; jumps once the state repeats (period <= stages + 1)."""
        history: list[tuple[tuple, float]] = []
        done = 0
        while done < count:
            self._step(occ_a, occ_b, t_math, latency)
            done += 1
            state = (self._state(), self.math_free)
            history.append(state)
            for period in range(1, min(self.stages + 2, len(history))):
                old_state, old_time = history[-1 - period]
                if _same(old_state, state[0]):
                    cycles = (count - done) // period
                    if cycles:
                        self.shift(cycles * (self.math_free - old_time))
                        done += cycles * period
                    history.clear()
                    break
            if len(history) > 4 * self.stages + 16:
                history.pop(0)

    def hold_math(self, until: float) -> None:
        """The tensor cores wait (a cooperative epilogue, a warpgroup's previous epilogue)."""
        self.math_free = max(self.math_free, until)


@dataclass(frozen=True)
class _Segment:
    """A run of identical k-blocks of one tile: per-k-block producer occupancy and MMA time."""

    count: int
    occ_a: float
    occ_b: float
    t_math: float


@dataclass(frozen=True)
class _TileWork:
    segments: tuple[_Segment, ...]
    between_us: float  # consumer work between segments (b2b: the first product's epilogue)
    epilogue_us: float
    latency_us: float


def _run_tile(pipe: _Pipeline, tile: _TileWork) -> None:
    for i, seg in enumerate(tile.segments):
        if i:
            pipe.hold_math(pipe.math_end + tile.between_us)
        pipe.run(seg.count, seg.occ_a, seg.occ_b, seg.t_math, tile.latency_us)


def _persistent(tile: _TileWork, count: int, stages: int, pingpong: bool, last: _TileWork | None = None,
                first: _TileWork | None = None) -> float:
    """The busiest SM of a persistent kernel: `count` tiles through one pipeline, each followed
    by its epilogue (then `last`, the partial last wave's tile, if given; `first` in place of
    the first one, if given: a resident b2b's first tile loads the weights); pingpong
    alternates two consumer warpgroups. Returns the end of the last epilogue."""
    pipe = _Pipeline(stages, False)
    epi_end = [0.0, 0.0]  # per consumer warpgroup (cooperative uses the first only)

    def one(work: _TileWork, index: int) -> None:
        wg = index % 2 if pingpong else 0
        pipe.hold_math(epi_end[wg])  # this warpgroup's previous epilogue
        _run_tile(pipe, work)
        epi_end[wg] = pipe.math_end + work.epilogue_us
        if not pingpong:
            pipe.hold_math(epi_end[0])  # both warpgroups store before the next tile's MMAs

    history: list[tuple[tuple, float]] = []
    period = 2 if pingpong else 1
    done = 0
    if first is not None and count:
        one(first, 0)
        done = 1
    while done < count:
        one(tile, done)
        done += 1
        base = pipe.math_free
        state = (*pipe._state(), *(t - base for t in epi_end[:period]))
        history.append((state, base))
        if len(history) > period and _same(history[-1 - period][0], state):
            cycles = (count - done) // period
            if cycles:  # the state repeats: every further period costs the same
                delta = cycles * (base - history[-1 - period][1])
                pipe.shift(delta)
                epi_end[:] = [t + delta for t in epi_end]
                done += cycles * period
            history.clear()
    if last is not None:
        one(last, count)
    return max(epi_end)


def _single_tile(tile: _TileWork, stages: int, multistage: bool) -> float:
    pipe = _Pipeline(stages, multistage)
    _run_tile(pipe, tile)
    return pipe.math_end + tile.epilogue_us


# --------------------------------------------------------------------------------------
# Prediction.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Prediction:
    """A predicted time and the terms it was made of (per-k-block times are one CTA's)."""

    time_us: float
    init_us: float
    busiest_sm_us: float  # the recurrences' end on the busiest SM, T_INIT excluded
    dram_floor_us: float  # DRAM bytes / DRAM bandwidth
    t_math_us: float
    t_load_a_us: float
    t_load_b_us: float
    epilogue_us: float  # per tile
    k_blocks: int
    tiles: int
    waves: float  # tiles per SM on the busiest SM (persistent) or waves of CTAs
    occupancy: int  # CTAs per SM
    bound: str  # "math", "load", "dram", "l2" or "epilogue"
    schedule_used: str = ""  # stream-K: "stream-k" or "data-parallel"
    l2_floor_us: float = 0.0  # L2 -> SM bytes over L2's rate, plus the re-read bytes' DRAM time

    @property
    def terms(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


def _tma_channels(c: int) -> int:
    """C as TMA im2col reads it: 16-byte rows, a multiple of 8 16-bit elements."""
    return _ceil(c, 8) * 8


def _narrow_request_cost(channels: int, tile_k: int, gpu: GpuModel) -> float:
    """A TMA im2col request of `channels` < T_K against a full-width one's cost:
    (T_K / C) ** im2col_narrow_exponent (module docstring); 1 at full width."""
    return (tile_k / channels) ** gpu.im2col_narrow_exponent if channels < tile_k else 1.0


def _channel_blocks_request_cost(channels: int, tile_k: int, gpu: GpuModel) -> float:
    """A tap's k-blocks walk its `channels` T_K at a time, the last one the remainder: their
    requests' mean cost against full-width ones (1 when T_K divides C). A C under T_K that does
    not divide it (24, 40, 48, 56: a stem folded 2x along one axis) is one narrow request a
    pixel and k-block; 96 channels are a full block then a half one."""
    blocks = _ceil(channels, tile_k)
    last = channels - (blocks - 1) * tile_k
    return (blocks - 1 + _narrow_request_cost(last, tile_k, gpu)) / blocks


def _channel_access(candidate: Candidate, w: Workload) -> tuple[int, int]:
    """(padded C, elements per load along C) of a convolution's activation. TMA (conv_sm90)
    reads 16-byte rows: C padded to a multiple of 8 16-bit elements. CUTLASS 2.x (conv_sm80)
    reads the widest access of 16/8/4/2 bytes dividing C (C + 1 when odd, the entry point
    padding it), as lowering/cutlass/conv_sm80.channel_alignment picks it."""
    c = w.conv.c
    if not candidate.family.is_sm80:
        return _tma_channels(c), 8
    align, extent = 8, c if c % 2 == 0 else c + 1
    while align > 1 and extent % align:
        align //= 2
    return _ceil(c, align) * align, align


def _linearized_taps(candidate: Candidate, w: Workload, tile_k: int) -> bool:
    """Whether a k-block spans several filter taps. CUTLASS 2.x's kFixedChannels iterators pack
    R*S*C densely into K. CUTLASS 3.x's TMA conv tiles its K mode (C, S, R) by T_K as one
    colexicographic range (cute's local_tile over the mode), so a C that divides T_K (the
    image's 8 padded channels, the folded stem's 16) puts T_K / C taps in each k-block, each
    its own TMA im2col copy (one filter offset per copy); a C of T_K or more walks its
    channel blocks tap by tap."""
    c, align = _channel_access(candidate, w)
    if candidate.family.is_sm80:
        return c == align
    return c < tile_k and tile_k % c == 0


def _k_blocks(candidate: Candidate, w: Workload, tile_k: int) -> int:
    if w.conv is None:
        return _ceil(w.k, tile_k)
    c, _ = _channel_access(candidate, w)
    if _linearized_taps(candidate, w, tile_k):
        return _ceil(w.conv.r * w.conv.s * c, tile_k)
    return w.conv.r * w.conv.s * _ceil(c, tile_k)


def _im2col_copies(candidate: Candidate, w: Workload, tile_k: int) -> int:
    """TMA im2col copies per k-block of A: one, or one per tap a linearized k-block spans.
    A copy walks its T_M pixels one request each, whatever their width: T_K / C copies of
    C channels cost as many pixel requests as T_K / C full-width k-blocks."""
    if w.conv is None or candidate.family.is_sm80 or not _linearized_taps(candidate, w, tile_k):
        return 1
    return tile_k // _channel_access(candidate, w)[0]


def _channel_padding_us(candidate: Candidate, w: Workload, gpu: GpuModel) -> float:
    """A convolution whose C the kernel cannot read in place (TMA: not a multiple of 8;
    cp.async: odd) runs a copy first (conv_sm90/conv_sm80's channel-padding TUs): the
    activation read, its padded copy written, one more launch."""
    if w.conv is None:
        return 0.0
    c, _ = _channel_access(candidate, w)
    if c == w.conv.c:
        return 0.0
    cv = w.conv
    return gpu.t_init_us + cv.n_img * cv.h * cv.w * (cv.c + c) * w.element_bytes / gpu.dram_bytes_per_us


def _epilogue_issue_share(candidate: Candidate) -> float:
    """The share of the SM's epilogue issue rate one tile's epilogue gets: its instructions
    are dependent chains (load, convert, functor, pack, store), so a scheduler issues every
    cycle only with two warps to alternate between; the fitted rate is that of two warps per
    scheduler (8 warps). Cooperative runs a tile's epilogue on both consumer warpgroups (8
    warps); pingpong on the warpgroup that owns the tile (4), as CUTLASS's plain
    warp-specialized kernel (conv_sm90 "warpspecialized", one consumer warpgroup) does; a
    CUTLASS 2.x CTA on all its warps (4 or 8)."""
    if candidate.family.is_sm80:
        tm, tn, tk = candidate.tile
        wm, wn, _ = candidate.warp or (64, 64, tk)
        warps = (tm // wm) * (tn // wn)
    else:
        warps = 8 if candidate.schedule.startswith("cooperative") else 4  # streamk, splitk too
    return min(1.0, warps / 8)


def _epilogue_us(tm: int, tn: int, w: Workload, gpu: GpuModel, issue_share: float = 1.0) -> float:
    e = w.epilogue
    elements = tm * tn
    traffic = elements * (w.output_bytes + e.aux_loads * w.element_bytes) + (
        tn * e.row_loads + tm * e.column_loads) * w.element_bytes
    issue = elements * (PLAIN_STORE_INSTRUCTIONS + e.instructions) / (gpu.epilogue_ops_per_us * issue_share)
    return gpu.epilogue_fixed_us + traffic / gpu.store_bytes_per_us + issue


@dataclass(frozen=True)
class _Sweep:
    """How the kernel walks its tile grid: consecutive tiles share one operand's slice (the
    held one, reused at once) and walk through the other (the swept one), which a pass over
    `tiles_per_sweep` tiles reads whole. Tiles in flight together (`ctas`) share their reads."""

    swept: str  # "a" or "b"
    sweeps: float  # passes over the swept operand, counting concurrent ones once


def _sweep(candidate: Candidate, tiles_m: int, tiles_n: int, ctas: int, persistent: bool,
           swizzle: int = 1) -> _Sweep:
    """The tile order of each kernel family. CUTLASS's sm_90 persistent scheduler (GEMMs, the
    cooperative conv) rasterizes along M when there are more N tiles than M tiles, else along N,
    in bands of `swizzle` tiles (get_work_idx_m_and_n: along N, consecutive tiles walk down
    `swizzle` M tiles, then one N tile on, so a pass over B's N tiles serves `swizzle` rows of
    M tiles; along M the same with A and N); its non-persistent conv kernel launches the M tiles
    fastest; CUTLASS 2.x's GemmIdentityThreadblockSwizzle<W> walks M in bands of W N-tiles
    (W = 8 for gemm_sm80, 4 for conv_sm80)."""
    if persistent:
        along_m = tiles_n > tiles_m
        swept, per_sweep = ("a", tiles_m * swizzle) if along_m else ("b", tiles_n * swizzle)
    elif candidate.family.is_sm80:
        band = 8 if candidate.family is Family.GEMM_SM80 else 4
        swept, per_sweep = "a", tiles_m * min(band, tiles_n)
    else:
        swept, per_sweep = "a", tiles_m
    return _Sweep(swept, tiles_m * tiles_n / max(ctas, per_sweep))


def _dram_bytes(w: Workload, gpu: GpuModel, sweep: _Sweep | None = None) -> tuple[float, float, float]:
    """(operand bytes, all bytes, bytes read again) the kernel moves through DRAM: each operand
    once (a convolution's input with its halo when the input overflows half of L2), D, the
    extras; and the swept operand again on every later pass, for the share of it L2 cannot
    keep (the third number)."""
    eb = w.element_bytes
    if w.conv is not None:
        cv = w.conv
        # A filter narrower than its stride skips input rows and columns (a 1x1/2 conv reads a
        # quarter of its input); a pixel's channels are contiguous, so the skipped bytes are
        # never fetched once a pixel fills a 32-byte sector.
        rows, cols = cv.h, cv.w
        if cv.c * eb >= 32:
            rows = min(cv.h, cv.p * cv.r) if cv.r < cv.stride else cv.h
            cols = min(cv.w, cv.q * cv.s) if cv.s < cv.stride else cv.w
        a = cv.n_img * rows * cols * cv.c * eb
        if a > gpu.l2_bytes / 2 and cv.r > cv.stride:
            a *= min(cv.r, (cv.r + cv.stride) / (2 * cv.stride))  # a tile row's halo, re-read from DRAM
    else:
        a = w.m * w.k * eb * w.batch
    b = w.k * w.n * eb * w.batch
    again = 0.0
    if sweep is not None and sweep.sweeps > 1:
        # Between two passes over the swept operand the kernel reads all of it: L2 keeps what
        # fits in its half (the other half holds the held operand's slices, D, the extras),
        # the rest comes from DRAM again (an 8192^3 GEMM re-reads B ~15 times on 128x256 tiles).
        size = a if sweep.swept == "a" else b
        missed = max(0.0, 1.0 - gpu.l2_bytes / 2 / size) if size else 0.0
        again = (sweep.sweeps - 1) * missed * size
        a, b = (a + again, b) if sweep.swept == "a" else (a, b + again)
    e = w.epilogue
    d = w.m * w.n * w.batch * (w.output_bytes + e.aux_loads * eb) + (w.n * e.row_loads + w.m * e.column_loads) * eb
    return a + b, a + b + d, again


MAX_REGISTERS = 255  # per thread (sm_80, sm_90)
REGISTER_BASE = 46  # indices, barriers, the epilogue's and the iterators' fixed state (ptxas, below)
FIXED_CHANNEL_ADDRESS_REGISTERS = 7  # per kFixedChannels access a thread keeps across the mainloop
FIXED_CHANNEL_ADDRESS_INSTRUCTIONS = 29  # per kFixedChannels access and k-block (SASS, below)
SPILLED_AT_LEAST = 48  # registers ptxas spills once the demand exceeds 255 at all (below)


def _threads(candidate: Candidate) -> int:
    tm, tn, tk = candidate.tile
    wm, wn, _ = candidate.warp or (64, 64, tk)
    return 32 * (tm // wm) * (tn // wn)


def _accesses_per_thread(candidate: Candidate, w: Workload) -> tuple[int, int]:
    """(A, B) global->shared accesses a thread issues per k-block of a CUTLASS 2.x kernel:
    16-byte ones (8 elements), or C elements each for kFixedChannels' operands."""
    tm, tn, tk = candidate.tile
    width = 8
    if w.conv is not None and _linearized_taps(candidate, w, tk):
        width = _channel_access(candidate, w)[1]
    threads = _threads(candidate)
    return _ceil(tm * tk, width * threads), _ceil(tn * tk, width * threads)


def _register_demand(candidate: Candidate, w: Workload) -> int:
    """Registers a thread of a CUTLASS 2.x kernel wants: its fp32 accumulators (warp M x N / 32),
    the double-buffered A and B fragments of a 16-deep MMA step ((warp M + warp N) / 2), what
    its global iterators keep per access across the mainloop, and a fixed part. The conv
    activation iterator (kOptimized) keeps a 64-bit pointer per A access; kFixedChannels keeps
    each access's pixel coordinates and offsets (n, p, q, h, w and their masks: ~7 registers)
    for A and B; the GEMM iterators one pointer whatever their accesses. Against ptxas
    (-Xptxas -v, CUDA 13.0, the records' configurations): conv kOptimized 118-254 registers
    predicted within 8 on nine tiles, and 256x64x64 (warp 64x64x64, 4 warps: 16 A accesses a
    thread) 270, where ptxas spills 252 bytes; kFixedChannels (C = 4) 242 for 128x64x32 (246)
    and 326-518 where ptxas spills 184-1024 bytes; GEMMs 238 against 218-254, none spilled."""
    tm, tn, tk = candidate.tile
    wm, wn, _ = candidate.warp or (64, 64, tk)
    demand = wm * wn // 32 + (wm + wn) // 2 + REGISTER_BASE
    if w.conv is not None:
        a, b = _accesses_per_thread(candidate, w)
        if _linearized_taps(candidate, w, tk):
            demand += FIXED_CHANNEL_ADDRESS_REGISTERS * (a + b)
        else:
            demand += 2 * a
    return demand


def _occupancy(candidate: Candidate, w: Workload, gpu: GpuModel) -> int:
    """CTAs per SM: 1 for the sm_90a kernels (their stages fill shared memory); for CUTLASS
    2.x as many as shared memory, registers (allocated 8 a thread, at most 255) and threads
    allow."""
    if not candidate.family.is_sm80:
        return 1
    tm, tn, tk = candidate.tile
    threads = _threads(candidate)
    registers = _ceil(min(MAX_REGISTERS, _register_demand(candidate, w)), 8) * 8
    smem = (candidate.stages or 2) * (tm + tn) * tk * w.element_bytes
    return max(1, min(gpu.smem_bytes_per_sm // smem, gpu.registers_per_sm // (threads * registers), 2048 // threads))


def _sm80_issue_us(candidate: Candidate, w: Workload, gpu: GpuModel) -> tuple[float, float]:
    """(spill, address) time per k-block of one CUTLASS 2.x CTA at a whole SM, beyond its MMAs.
    A register demand above 255 spills: ptxas keeps the excess (the iterators' per-access
    state, the fragments) in local memory and the mainloop stores and reloads it every
    k-block, through L1 (and beyond, where the stack outgrows what shared memory leaves of it),
    with the stalls of a dependent reload before each use: `spill_bytes_per_us` is that
    effective rate. kFixedChannels recomputes every access's pixel from its filter position
    each k-block (a fast divmod, h and w, bounds, the offset: SASS of the 128x64x32 stem's
    mainloop, 503 instructions a warp where kOptimized's 128x64x32 has 155 for the same MMAs,
    29 per access), issued by the same warps as the MMAs: at best at the SM's peak issue rate
    (`issue_per_us`, a fact: the epilogue's fitted rate includes its own dependency stalls)."""
    threads = _threads(candidate)
    excess = _register_demand(candidate, w) - MAX_REGISTERS
    # ptxas spills whole live ranges (a pointer array, a fragment), not the last few registers:
    # 46-63 registers (184-252 bytes a thread) wherever these configurations exceed 255 at all.
    spilled = max(excess, SPILLED_AT_LEAST) if excess > 0 else 0
    spill = threads * spilled * 4 * 2 / gpu.spill_bytes_per_us
    address = 0.0
    if w.conv is not None and _linearized_taps(candidate, w, candidate.tile[2]):
        a, b = _accesses_per_thread(candidate, w)
        address = threads * (a + b) * FIXED_CHANNEL_ADDRESS_INSTRUCTIONS / gpu.issue_per_us
    return spill, address


def predict(candidate: Candidate, problem: GemmProblem | Conv2dProblem | Workload, gpu: GpuModel) -> Prediction:
    """The predicted time of `candidate` on `problem` (module docstring)."""
    w = workload_of(problem)
    if candidate.family in (Family.CONV_DIRECT, Family.CONV_DEPTHWISE):  # both CUDA-core rooflines
        return _predict_direct(w, gpu)
    if candidate.tile is None or candidate.stages is None:
        raise ValueError(f"{candidate.describe()}: the model needs a tile and a stage count")
    tm, tn, tk = candidate.tile
    cm, cn = candidate.cluster[0], candidate.cluster[1]
    sm80 = candidate.family.is_sm80
    # GEMMs and boltc's cooperative conv kernel are persistent (one CTA an SM walking the
    # tiles); CUTLASS's warpspecialized conv kernel launches one CTA a tile.
    persistent = candidate.family is Family.GEMM_SM90 or (
        candidate.family is Family.CONV_SM90 and candidate.schedule == "cooperative")
    eb = w.element_bytes

    s = _k_blocks(candidate, w, tk)
    tiles_m = _ceil(_ceil(w.m, tm), cm) * cm  # whole clusters: extra CTAs run masked tiles
    tiles_n = _ceil(_ceil(w.n, tn), cn) * cn
    words = schedule_words(candidate.schedule)  # read once: base, split count, swizzle
    swizzle = effective_swizzle(words.swizzle, tiles_m, tiles_n) if persistent else 1
    if swizzle > 1:  # whole bands of swizzle x cluster tiles, masked ones too (effective_swizzle)
        tiles_m = _ceil(tiles_m, swizzle * cm) * swizzle * cm
        tiles_n = _ceil(tiles_n, swizzle * cn) * swizzle * cn
    tiles = tiles_m * tiles_n * w.batch

    math_rate = gpu.math_flops_per_us * (gpu.mma_sync_fraction if sm80 else 1.0)
    load_rate = gpu.load_bytes_per_us * (gpu.cp_async_fraction if sm80 or not w.tma else 1.0)
    a_bytes = tm * tk * eb / cn  # multicast: a cluster row shares A, a cluster column B
    b_bytes = tk * tn * eb / cm
    im2col = 1.0
    copies = _im2col_copies(candidate, w, tk)
    if w.conv is not None:
        im2col = gpu.im2col_cp_async_factor if sm80 else gpu.im2col_tma_factor
        if sm80:
            # cp.async moves one access per thread and instruction at the same rate whatever
            # its width: 8-byte accesses (C = 4, an image's channels) cost twice 16-byte ones.
            im2col *= 8 / _channel_access(candidate, w)[1]
        else:
            # A linearized TMA k-block is T_K / C im2col copies of T_M pixels each: the same
            # bytes, as many pixel requests as that many full-width k-blocks, and a narrow
            # request costs more than a full one: (T_K / C) ** im2col_narrow_exponent (the
            # stem's 16-byte pixels ran 3.2x and the folded stem's 32-byte ones 2.0x slower
            # than full-width requests predict, on every tile). Unlinearized, one copy walks the
            # tap's channel blocks, the last of them as narrow as what remains of C.
            im2col *= copies * _channel_blocks_request_cost(_channel_access(candidate, w)[0], tk, gpu)
    flops = 2.0 * tm * tn * tk

    occupancy = _occupancy(candidate, w, gpu)
    ctas = min(tiles, (gpu.sms // (cm * cn)) * cm * cn) if persistent else gpu.sms * occupancy
    sweep = _sweep(candidate, tiles_m, tiles_n, ctas, persistent, swizzle)
    operand_dram, all_dram, again = _dram_bytes(w, gpu, sweep)
    # The k-blocks' bytes as DRAM sees them: a GEMM's last k-block past K loads zeros that DRAM
    # never serves (counted whole, one more k-block would make every block look cheaper and a
    # longer K faster: test_more_k_is_never_faster).
    l2_to_sm = tiles * (s if w.conv is not None else w.k / tk) * (a_bytes + b_bytes)
    dram_fraction = min(1.0, operand_dram / l2_to_sm)
    dram_floor = all_dram / gpu.dram_bytes_per_us
    # L2 serves the SMs' loads at its own aggregate rate, but a pass re-reading an operand L2
    # could not keep waits on DRAM for it: those bytes add their DRAM time to L2's instead of
    # hiding under it (an 8192^3 GEMM moves 13-19 GB through L2 at ~7 TB/s on every tile shape,
    # re-reading B from DRAM pass after pass; a 4096x768x3072 one, held in L2, at ~12 TB/s).
    # A re-read byte still crosses L2: never cheaper than a hit (the slower of the two rates).
    reread_rate = min(gpu.dram_bytes_per_us, gpu.l2_bytes_per_us)
    l2_floor = max(0.0, l2_to_sm - again) / gpu.l2_bytes_per_us + again / reread_rate

    epilogue_share = _epilogue_issue_share(candidate)
    sm80_issue = _sm80_issue_us(candidate, w, gpu) if sm80 else (0.0, 0.0)

    def tile_work(active_ctas: int, sharing: int) -> _TileWork:
        # `sharing` CTAs split the SM's throughputs; `active_ctas` load from DRAM at once, each
        # getting its share of DRAM's bandwidth over the fraction of its bytes that miss L2.
        # The im2col factor is the gather's cost in the SM's load path (address generation,
        # more requests per byte), not more bytes through DRAM.
        dram_cap = gpu.dram_bytes_per_us / max(1, active_ctas) / dram_fraction
        rate = load_rate / sharing
        occ_a = max(a_bytes * im2col / rate, a_bytes / dram_cap) + gpu.load_startup_us * copies
        occ_b = max(b_bytes / rate, b_bytes / dram_cap) + gpu.load_startup_us
        t_math = flops / (math_rate / sharing) + gpu.math_startup_us + sum(sm80_issue) * sharing
        epi = _epilogue_us(tm, tn, w, gpu, epilogue_share)
        return _TileWork((_Segment(s, occ_a, occ_b, t_math),), 0.0, epi, gpu.load_latency_us)

    schedule_used = ""
    if persistent:
        waves = tiles / ctas
        probe = tile_work(ctas, 1)
        # CUTLASS's stream-K scheduler decides by its own rule, not by cost: the model predicts
        # what it will run (data-parallel where the rule says so), and a stream-K that loses
        # shows as the slower candidate.
        sk_tiles, sk_units = streamk_decomposition(tiles, gpu.sms, s) if words.base == STREAMK else (0, 0)
        if sk_tiles:
            dp_waves = (tiles - sk_tiles) // gpu.sms
            busiest = _persistent(probe, dp_waves, candidate.stages, False) if dp_waves else 0.0
            busiest += _streamk(tile_work(sk_units, 1), sk_tiles, sk_units, s, tm, tn, candidate.stages, gpu)
            schedule_used = "stream-k"
        elif (splits := words.splits) > 1:
            # Rounds of one part an SM, every part of a round loading at once (DRAM's share per
            # CTA that of the round's CTAs); a partial last round sees fewer share it.
            full, rest = divmod(tiles * splits, gpu.sms)
            probe = tile_work(min(tiles * splits, gpu.sms), 1)
            busiest = full * _split_k(probe, s, splits, tm, tn, candidate.stages, gpu)
            if rest:
                busiest += _split_k(tile_work(rest, 1), s, splits, tm, tn, candidate.stages, gpu)
            busiest += _split_k_fixup(splits, tm, tn, gpu)
            schedule_used, waves = f"split-k {splits}", tiles * splits / gpu.sms
        else:
            full, rest = divmod(tiles, ctas)
            # The partial last wave: its tile sees fewer SMs sharing DRAM.
            last = tile_work(rest, 1) if rest else None
            busiest = _persistent(probe, full, candidate.stages, words.base == "pingpong", last)
            if words.base == STREAMK:
                schedule_used = "data-parallel"
    else:
        per_wave = gpu.sms * occupancy
        full, rest = divmod(tiles, per_wave)
        busiest = 0.0
        probe = tile_work(min(tiles, per_wave), occupancy if full else _ceil(rest, gpu.sms))
        for count, ctas in ((full, per_wave), (1 if rest else 0, rest)):
            if count:
                sharing = _ceil(ctas, gpu.sms)
                # Co-resident CTAs drift out of phase: one's epilogue runs under another's
                # mainloop, so it costs its own issue slots, not the shared ones.
                work = tile_work(ctas, sharing)
                busiest += count * (gpu.cta_start_us + _single_tile(work, candidate.stages, sm80))
        waves = tiles / per_wave

    seg = probe.segments[0]
    init = gpu.t_init_us + _channel_padding_us(candidate, w, gpu)
    time = init + max(busiest, dram_floor, l2_floor)
    if max(dram_floor, l2_floor) > busiest:
        bound = "dram" if dram_floor >= l2_floor else "l2"
    elif probe.epilogue_us > s * max(seg.t_math, seg.occ_a + seg.occ_b) and not persistent:
        bound = "epilogue"
    else:
        bound = "math" if seg.t_math >= seg.occ_a + seg.occ_b else "load"
    return Prediction(time, init, busiest, dram_floor, seg.t_math, seg.occ_a, seg.occ_b, probe.epilogue_us,
                      s, tiles, waves, occupancy, bound, schedule_used, l2_floor)


def _streamk(tile: _TileWork, sk_tiles: int, units: int, s: int, tm: int, tn: int, stages: int,
             gpu: GpuModel) -> float:
    """The stream-K units of CUTLASS's scheduler: `sk_tiles` tiles' `s` k-blocks each, spread
    evenly over `units` CTAs (`tile`: one tile's work at a unit's DRAM share). A unit runs its
    share of k-blocks through one pipeline and ends each tile it touches with the epilogue or a
    partial fp32 tile; a tile split among P units pays the in-order fixup of P parts. Where the
    units divide evenly among the tiles CUTLASS runs plain split-K in units / sk_tiles parts,
    which is the same count."""
    seg = tile.segments[0]
    per_unit = _ceil(sk_tiles * s, units)
    touched = _ceil(sk_tiles, units)  # tiles a unit ends (one more where its share straddles)
    work = _TileWork((_Segment(per_unit, seg.occ_a, seg.occ_b, seg.t_math),), 0.0,
                     tile.epilogue_us * touched, tile.latency_us)
    if (sk_tiles * s) % units == 0 and per_unit % s == 0:
        return _single_tile(work, stages, False)  # every unit whole tiles: nothing to reduce
    parts = max(2, _ceil(units, sk_tiles) + (1 if units % sk_tiles else 0))
    return _single_tile(work, stages, False) + _split_k_fixup(parts, tm, tn, gpu)


def _split_k(tile: _TileWork, s: int, splits: int, tm: int, tn: int, stages: int, gpu: GpuModel) -> float:
    """One part of a tile whose `s` k-blocks are cut in `splits`: its share of the K loop and
    the tile's epilogue (`tile`: the whole tile's work at the part's DRAM share)."""
    seg = tile.segments[0]
    work = _TileWork((_Segment(_ceil(s, splits), seg.occ_a, seg.occ_b, seg.t_math),), 0.0, tile.epilogue_us,
                     tile.latency_us)
    return _single_tile(work, stages, False)


def _split_k_fixup(splits: int, tm: int, tn: int, gpu: GpuModel) -> float:
    """The reduction of a tile's `splits` partial fp32 sums, in a fixed order (CUTLASS's
    deterministic reduction): each part after the first waits for the one before, reads the
    running sum from the workspace, and all but the last write it back, so the fixup grows by
    a tile's read and write per part (measured on an H200,
    bench/data/profile_space_splitk_h200_2026-11-29.jsonl: 1280x768x768 on 128x256 tiles took
    2.8-3.2 us longer per part past two although each part's K loop shrank; a fixup of one
    write and one read whatever the count predicted 18-31 % fast for 3 and 4 parts); two parts
    are one write and one read, as before."""
    partial = tm * tn * 4
    return gpu.streamk_fixup_us + (splits - 1) * (partial / gpu.store_bytes_per_us + partial / gpu.load_bytes_per_us)


def _predict_direct(w: Workload, gpu: GpuModel) -> Prediction:
    """conv_direct runs on the CUDA cores (no tensor cores, no pipeline): a roofline of its
    FLOPs at 1/16 of the tensor-core rate (fp32 FMA against f16 MMA on Hopper) and its bytes."""
    cuda_rate = gpu.math_flops_per_us * gpu.sms / 16
    operand, total, _ = _dram_bytes(w, gpu)
    compute = w.flops / cuda_rate
    dram = total / gpu.dram_bytes_per_us
    bound = "dram" if dram > compute else "math"
    return Prediction(gpu.t_init_us + max(compute, dram), gpu.t_init_us, compute, dram, 0.0, 0.0, 0.0, 0.0,
                      0, 0, 0.0, 1, bound)


# --------------------------------------------------------------------------------------
# Ranking.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ranked:
    candidate: Candidate
    prediction: Prediction

    @property
    def time_us(self) -> float:
        return self.prediction.time_us


def rank(candidates: Iterable[Candidate], problem: GemmProblem | Conv2dProblem | Workload,
         gpu: GpuModel) -> list[Ranked]:
    """`candidates` with their predicted times on `problem`, fastest first (ties keep the
    candidates' order: the space lists the preferred configuration first)."""
    w = workload_of(problem)
    ranked = [Ranked(c, predict(c, w, gpu)) for c in candidates]
    return sorted(ranked, key=lambda r: r.time_us)


# --------------------------------------------------------------------------------------
# b2b: two GEMMs (or a conv and a 1x1 conv) in one kernel.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class B2bKernel:
    """How one b2b kernel runs a pair, as far as its time goes (tuning/fusion.py reads it off
    the lowering's plan for each family)."""

    tile_m: int  # rows of a tile (of one consumer warpgroup where two take turns)
    tile_n0: int  # the first product's columns a tile holds: all of N0
    tile_n1: int
    stages: int
    multistage: bool = False  # CUTLASS 2.x (example 13): mma.sync and cp.async, no producer warp
    persistent: bool = False  # one CTA an SM walking the tiles (else one CTA a tile, in waves)
    pingpong: bool = False  # two consumer warpgroups taking turns, one tile each
    w0_resident: bool = False  # W0's k-blocks loaded once per CTA and kept in shared memory
    w1_resident: bool = False  # W1 likewise
    cuda_cores: bool = False  # FMAs on the CUDA cores (b2b_gemm_simt), no tensor cores
    residence: Residence = Residence.REGISTERS
    ctas_per_sm: int = 1  # a persistent kernel's CTAs an SM (b2b_conv_direct's launch bounds): they share its rates
    a_load_fraction: float = 1.0  # of a tile's A k-blocks, the bytes loaded (b2b_conv_window: its input window)


def predict_b2b(problem: b2b_cost.B2bProblem, plan: b2b_cost.B2bPlan, gpu: GpuModel, *,
                stages: int = b2b_cost.MIN_STAGES, multistage: bool | None = None,
                epilogue0: EpilogueCost = PLAIN, epilogue1: EpilogueCost = PLAIN) -> Prediction:
    """A generic b2b kernel of `plan` (b2b_cost's legality and residence) on `problem`: one CTA
    per M-tile streams both weights. `multistage`: CUTLASS 2.x's example-13 form (mma.sync,
    cp.async); default from the GPU (Hopper: warp-specialized WGMMA). predict_b2b_kernel
    models the kernels boltc actually has."""
    if multistage is None:
        multistage = gpu.arch != "sm_90a"
    kernel = B2bKernel(plan.tile_m, plan.tile_n0, plan.tile_n1, stages, multistage, residence=plan.residence)
    return predict_b2b_kernel(problem, kernel, gpu, epilogue0=epilogue0, epilogue1=epilogue1)


def predict_b2b_kernel(problem: b2b_cost.B2bProblem, kernel: B2bKernel, gpu: GpuModel, *,
                       epilogue0: EpilogueCost = PLAIN, epilogue1: EpilogueCost = PLAIN,
                       conv: ConvShape | None = None) -> Prediction:
    """The fused kernel on `problem`: a tile computes the first product over all N0 columns from
    its k-blocks (A and W0), keeps it on chip, and runs the second GEMM's k-blocks over K1 = N0
    from it, loading only W1. A persistent kernel walks its tiles through one pipeline
    (pingpong: one warpgroup's epilogue under the other's mainloop), a non-persistent one runs
    in waves. A resident weight streams in with a persistent CTA's first tile and stays; a
    kernel of one CTA a tile loads it in every tile; a persistent kernel of several CTAs an SM
    (`ctas_per_sm`: b2b_conv_direct's two or three) has them share the SM's math and load rates,
    their tiles' latencies overlapping. `conv`: the first stage is an
    implicit-GEMM convolution (TMA im2col; `im2col_tma_factor`), its k-blocks one filter tap of
    up to T_K channels each (b2b_conv_sm90's tiler)."""
    eb = problem.element_bytes
    tk = b2b_cost.TILE_K_BYTES // eb
    tm, tn0, tn1 = kernel.tile_m, kernel.tile_n0, kernel.tile_n1
    first, second = problem.first, problem.second
    if kernel.cuda_cores:
        math_rate = 2.0 * gpu.issue_per_us  # one FMA a lane and instruction
    else:
        math_rate = gpu.math_flops_per_us * (gpu.mma_sync_fraction if kernel.multistage else 1.0)
    load_rate = gpu.load_bytes_per_us * (gpu.cp_async_fraction if kernel.multistage or kernel.cuda_cores else 1.0)
    s0 = conv.r * conv.s * _ceil(conv.c, tk) if conv is not None else _ceil(first.k, tk)
    s1 = _ceil(second.k, tk)
    im2col = 1.0
    if conv is not None:
        im2col = gpu.im2col_cp_async_factor if kernel.multistage else gpu.im2col_tma_factor
        if not kernel.multistage:  # a tap's request of C < T_K channels costs as predict's do
            im2col *= _channel_blocks_request_cost(_tma_channels(conv.c), tk, gpu)
    tiles = first.batch * _ceil(first.m, tm)
    if kernel.persistent:
        occupancy = kernel.ctas_per_sm
    else:
        # CTAs per SM: a b2b CTA is four warps (one warpgroup) whose registers hold both
        # accumulators and the product (b2b_cost.register_footprint) beside ~96 of fragments.
        threads = 128
        registers = min(255, b2b_cost.register_footprint(tn0, tn1) + 96)
        smem = b2b_cost.shared_memory_bytes(tm, tn0, tn1, eb, kernel.residence)
        occupancy = max(1, min(gpu.smem_bytes_per_sm // smem, gpu.registers_per_sm // (threads * registers),
                               2048 // threads))
    per_wave = min(tiles, gpu.sms * occupancy)
    w0_tile, w1_tile = tk * tn0 * eb, tk * tn1 * eb  # one k-block of each weight
    # The weights a persistent CTA loads once (resident) or every tile loads (streamed).
    w0_resident, w1_resident = kernel.w0_resident and kernel.persistent, kernel.w1_resident and kernel.persistent
    once = (s0 * w0_tile if w0_resident else 0) + (s1 * w1_tile if w1_resident else 0)
    a_tile = tm * tk * eb * kernel.a_load_fraction  # a k-block of A as loaded
    per_tile = s0 * (a_tile + (0 if w0_resident else w0_tile)) + (0 if w1_resident else s1 * w1_tile)
    operand_dram = problem.input_bytes + problem.weight0_bytes + problem.weight1_bytes
    l2_to_sm = tiles * per_tile + per_wave * once
    dram_fraction = min(1.0, operand_dram / l2_to_sm)
    dram_floor = problem.fused_bytes / gpu.dram_bytes_per_us

    def work(active: int, sharing: int = 1, weights: bool = True) -> _TileWork:
        # As in predict: the SM's load path (where im2col costs) or its share of DRAM. `weights`:
        # this tile loads the resident weights too (a persistent CTA's first tile: they stream
        # in with its k-blocks, then stay); a non-resident weight loads in every tile.
        rate, dram_cap = load_rate / sharing, gpu.dram_bytes_per_us / max(1, active) / dram_fraction
        math_rate_shared = math_rate / sharing

        def occupancy(tile_bytes: float, factor: float = 1.0) -> float:
            return max(tile_bytes * factor / rate, tile_bytes / dram_cap) + gpu.load_startup_us

        a_occ = occupancy(a_tile, im2col)
        w0_occ = 0.0 if kernel.w0_resident and not weights else occupancy(w0_tile)
        w1_occ = 0.0 if kernel.w1_resident and not weights else occupancy(w1_tile)
        first_seg = _Segment(s0, a_occ, w0_occ, 2.0 * tm * tn0 * tk / math_rate_shared + gpu.math_startup_us)
        # The second GEMM's A is the first product, on chip: only W1 is loaded (if streamed).
        second_seg = _Segment(s1, 0.0, w1_occ, 2.0 * tm * tn1 * tk / math_rate_shared + gpu.math_startup_us)
        # Between them: the first epilogue on tm x N0 (convert to the operand type, its functors),
        # and with shared-memory residence a store of the product there (two more instructions).
        extra = 2 if kernel.residence == Residence.SHARED_MEMORY else 0
        between = tm * tn0 * (PLAIN_STORE_INSTRUCTIONS + epilogue0.instructions + extra) / gpu.epilogue_ops_per_us
        w1 = Workload(first.m, second.n, second.k, first.batch, eb, eb, epilogue1)
        return _TileWork((first_seg, second_seg), between, _epilogue_us(tm, tn1, w1, gpu), gpu.load_latency_us)

    if kernel.persistent:
        ctas, sharing = per_wave, kernel.ctas_per_sm
        full, rest = divmod(tiles, ctas)
        last = work(rest, sharing, weights=False) if rest else None
        busiest = _persistent(work(ctas, sharing, weights=False), full, kernel.stages, kernel.pingpong, last,
                              first=work(ctas, sharing, weights=True))
        probe = work(ctas, sharing, weights=False)
    else:  # one CTA a tile: resident or not, every tile loads the weights
        full, rest = divmod(tiles, per_wave)
        busiest = 0.0
        for count, ctas in ((full, per_wave), (1 if rest else 0, rest)):
            if count:
                work_now = work(ctas, _ceil(ctas, gpu.sms))
                busiest += count * (gpu.cta_start_us + _single_tile(work_now, kernel.stages, kernel.multistage))
        probe = work(per_wave, _ceil(per_wave, gpu.sms))
    a, b = probe.segments
    time = gpu.t_init_us + max(busiest, dram_floor)
    bound = "dram" if dram_floor > busiest else ("math" if a.t_math >= a.occ_a + a.occ_b else "load")
    return Prediction(time, gpu.t_init_us, busiest, dram_floor, a.t_math + b.t_math, a.occ_a, a.occ_b + b.occ_b,
                      probe.epilogue_us, s0 + s1, tiles, tiles / per_wave, occupancy, bound)
