"""Back-to-back (b2b) fusion of two GEMMs or convolutions: legality and an analytic cost
model, as pure functions over problem sizes (no IR objects; fuse-b2b describes, these answer).

Legality is the Bolt paper's threadblock residence (section 3.1.1, and CUTLASS example
13_two_tensor_op_fusion): a CTA computes an M-tile of the first product over *all* of its N0
columns and feeds it to the second GEMM, so N0 and N1 must each fit one CTA tile N. Then
- register residence: each warp (on sm_90a each warpgroup) also owns whole rows, warp tile
  N = CTA tile N = N0, so both accumulators and the first product, converted to the second
  GEMM's operand type, live in registers at once (`register_residence_blocker`);
- shared-memory residence relaxes the warp tile: the first product is staged in shared
  memory, which must hold it beside the operand pipeline stages (`shared_memory_bytes`).
Registers are preferred when legal (no shared-memory round trip, as in CUTLASS example 88's
Hopper FMHA, whose S = QK^T never leaves registers).

Profitability is a roofline over the target GPU (`GpuTarget`): each kernel takes the larger
of its DRAM time and its MMA time, plus a launch. The MMA time counts how full the machine
is (CTAs per wave over SMs) and how well a CTA tile feeds its tensor cores from shared
memory (its arithmetic intensity against shared-memory bandwidth). The unfused pair may
tile each GEMM freely; the fused kernel has one CTA per M-tile with N fixed by residence. So
fusing wins where the pair is memory-bound (the M x N0 round trip and a launch saved: small
N and K, large M) and loses where it is compute-bound and residence starves the machine of
CTAs (the paper's section 5). The tuning issue refines these constants by measurement.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from boltc.dialects.bolt import Residence

# --------------------------------------------------------------------------------------
# Targets.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GpuTarget:
    """What the cost model knows of a GPU. Rates are dense peaks; bytes are per CTA where a
    kernel is limited per CTA (shared memory), per SM otherwise."""

    arch: str
    name: str
    sms: int
    dram_bytes_per_s: float
    f16_flops_per_s: float  # dense fp16/bf16 tensor-core peak; tf32 (f32 operands) is half
    smem_bytes_per_s: float  # all SMs together: 128 B/clock/SM at the boost clock
    smem_bytes_per_sm: int
    smem_bytes_per_cta: int  # the opt-in maximum of one CTA (cudaFuncSetAttribute)
    cta_tile_n: tuple[int, ...]  # the CTA tile N sizes CUTLASS instantiates here, ascending
    accumulator_registers: int  # registers per thread a b2b kernel may give its tiles
    launch_s: float  # one kernel's launch and ramp/tail, back to back on a stream


H100_SXM = GpuTarget(
    arch="sm_90a",
    name="H100 SXM",
    sms=132,
    dram_bytes_per_s=3.0e12,
    f16_flops_per_s=700e12,
    smem_bytes_per_s=132 * 128 * 1.98e9,
    smem_bytes_per_sm=228 * 1024,
    smem_bytes_per_cta=227 * 1024,
    # WGMMA takes N in multiples of 8 up to 256; the second GEMM reads the first product as
    # its K, which WGMMA steps by 16 (fp16), so N0 tiles are multiples of 16.
    cta_tile_n=(16, 32, 64, 128, 256),
    # Consumer warpgroups run with 240 registers (setmaxnreg); about 72 of them go to
    # addresses, predicates and the epilogue (CUTLASS example 88's FMHA at head dim 128 keeps
    # 64 + 64 accumulator registers and 32 for P: 160).
    accumulator_registers=168,
    launch_s=2e-6,
)

A100_SXM = GpuTarget(
    arch="sm_80",
    name="A100 SXM",
    sms=108,
    dram_bytes_per_s=1.9e12,
    f16_flops_per_s=312e12,
    smem_bytes_per_s=108 * 128 * 1.41e9,
    smem_bytes_per_sm=164 * 1024,
    smem_bytes_per_cta=163 * 1024,
    cta_tile_n=(32, 64, 128, 256),  # CUTLASS 2.x threadblock shapes (example 13 uses 64..256)
    # 255 registers per thread at most; half for the tiles leaves the mainloop's fragments and
    # addresses the other half (example 13's RF kernel: 32 + 64 + 16 = 112).
    accumulator_registers=128,
    launch_s=3e-6,
)

TARGETS: dict[str, GpuTarget] = {t.arch: t for t in (H100_SXM, A100_SXM)}

TILE_M = (64, 128)  # CTA tile M: one or two warpgroups of 64 rows (sm_80: four warps of 16)
MIN_STAGES = 2  # a pipeline needs one stage loading while another computes
TILE_K_BYTES = 128  # one 128-byte row of K per stage: 64 fp16 or 32 fp32 elements


# --------------------------------------------------------------------------------------
# Problems.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GemmShape:
    """One anchor as a GEMM: a convolution's M is N*P*Q and its K is C*R*S/groups."""

    batch: int
    m: int
    n: int
    k: int

    @property
    def flops(self) -> int:
        return 2 * self.batch * self.m * self.n * self.k


@dataclass(frozen=True)
class B2bProblem:
    """Two anchors back to back: `second` reads `first`'s M x N0 result as its M x K1.

    Bytes are what each kernel moves through DRAM when run alone: `input_bytes` the first
    anchor's activation (a convolution reads its input, not an im2col matrix), `weights` and
    `extras` each anchor's other operands, `intermediate_bytes` the M x N0 result,
    `output_bytes` the second's result. `element_bytes` is the operand element size.
    """

    first: GemmShape
    second: GemmShape
    element_bytes: int
    input_bytes: int
    weight0_bytes: int
    extras0_bytes: int
    intermediate_bytes: int
    weight1_bytes: int
    extras1_bytes: int
    output_bytes: int

    def __post_init__(self) -> None:
        f, s = self.first, self.second
        if (f.batch, f.m) != (s.batch, s.m) or s.k != f.n:
            raise ValueError(f"{f} and {s} are not back to back (M, and K1 = N0, must agree)")

    @property
    def unfused_bytes(self) -> int:
        return (
            self.input_bytes + self.weight0_bytes + self.extras0_bytes + 2 * self.intermediate_bytes
            + self.weight1_bytes + self.extras1_bytes + self.output_bytes
        )

    @property
    def fused_bytes(self) -> int:
        return self.unfused_bytes - 2 * self.intermediate_bytes


@dataclass(frozen=True)
class B2bPlan:
    """How a legal pair would run fused: the residence and the CTA tile."""

    residence: Residence
    tile_m: int
    tile_n0: int
    tile_n1: int
    smem_bytes: int


# --------------------------------------------------------------------------------------
# Legality.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class B2bPair:
    """The structural facts about two anchors, one feeding the other.

    `second_window` is the second convolution's (R, S, strides, padding) or None for GEMMs.
    """

    first_kind: str
    second_kind: str
    intermediate_uses: int
    second_reads_transposed: bool = False
    groups: tuple[int, int] = (1, 1)
    same_layout: bool = True
    second_window: tuple[tuple[int, int], tuple[int, int], tuple[int, ...]] | None = None


def b2b_pair_blocker(pair: B2bPair) -> str | None:
    """Why the two anchors cannot share a persistent kernel whatever their sizes."""
    if pair.first_kind != pair.second_kind:
        return f"a {pair.first_kind} feeds a {pair.second_kind}: b2b kernels pair like with like"
    if pair.intermediate_uses != 1:
        return (
            f"the intermediate has {pair.intermediate_uses} uses: it would have to be stored "
            "anyway"
        )
    if pair.second_reads_transposed:
        return (
            "the second gemm reads the intermediate transposed: its rows are no longer the "
            "first gemm's rows"
        )
    if pair.groups != (1, 1):
        return f"grouped convolutions (groups {pair.groups[0]}, {pair.groups[1]}) do not chain"
    if not pair.same_layout:
        return "the convolutions use different layouts"
    if pair.second_window is not None:
        (r, s), strides, padding = pair.second_window
        if (r, s) != (1, 1) or tuple(strides) != (1, 1) or any(padding):
            return (
                f"the second convolution is {r}x{s}, stride {list(strides)}, padding "
                f"{list(padding)}: its threadblock would need neighbouring tiles of the first "
                "(halos); only 1x1, stride 1, unpadded convolutions chain"
            )
    return None


def cta_tile_n(n: int, gpu: GpuTarget) -> int | None:
    """The smallest CTA tile N covering all n columns, or None when none does."""
    return next((t for t in gpu.cta_tile_n if t >= n), None)


def register_footprint(tile_n0: int, tile_n1: int) -> int:
    """Registers per thread to hold both accumulators and the first product as the second's
    operand, with whole rows per warp: a 16-row warp tile over 32 threads (sm_80) or a
    64-row warpgroup tile over 128 threads (sm_90a) both hold N/2 fp32 values per thread per
    accumulator, and N0/4 registers for the product packed as 16-bit pairs."""
    return tile_n0 // 2 + tile_n1 // 2 + tile_n0 // 4


# test/gpu/test_b2b_sm80.py, 2026-11-26: (M, K0, N0, N1) = (8192, 64, 64, 128) in registers gave a
# third of the outputs wrong (whole columns past the first 32) while every chain with N1 <= 64
# matched torch; such chains keep the product in shared memory until that is understood.
MAX_SM80_REGISTER_TILE_N1 = 64


def register_residence_blocker(tile_n0: int, tile_n1: int, gpu: GpuTarget) -> str | None:
    """Why warp tile N = CTA tile N cannot hold for both GEMMs; None if it can."""
    if gpu.arch == "sm_80" and tile_n1 > MAX_SM80_REGISTER_TILE_N1:
        return (
            f"example 13's register-resident second GEMM with a 16x{tile_n1} warp tile computed wrong "
            f"columns on an H100 (N1 at most {MAX_SM80_REGISTER_TILE_N1} there: b2b_cost.MAX_SM80_REGISTER_TILE_N1)"
        )
    needed = register_footprint(tile_n0, tile_n1)
    if needed > gpu.accumulator_registers:
        return (
            f"whole rows per warp need {needed} registers per thread for tiles N0={tile_n0}, "
            f"N1={tile_n1} ({gpu.accumulator_registers} on {gpu.arch})"
        )
    return None


def shared_memory_bytes(
    tile_m: int, tile_n0: int, tile_n1: int, element_bytes: int, residence: Residence
) -> int:
    """Shared memory of one b2b CTA: the pipeline stages of the first GEMM's A and B tiles
    and of the second's B tile, plus the M-tile x N0 product when it lives there."""
    tile_k = TILE_K_BYTES // element_bytes
    first = MIN_STAGES * (tile_m * tile_k + tile_k * tile_n0) * element_bytes
    second = MIN_STAGES * tile_k * tile_n1 * element_bytes
    product = tile_m * tile_n0 * element_bytes if residence == Residence.SHARED_MEMORY else 0
    return first + second + product


def legal_plans(problem: B2bProblem, gpu: GpuTarget) -> list[B2bPlan] | str:
    """Every legal way to run the pair fused (registers first), or why there is none."""
    n0, n1 = problem.first.n, problem.second.n
    tile_n0, tile_n1 = cta_tile_n(n0, gpu), cta_tile_n(n1, gpu)
    widest = gpu.cta_tile_n[-1]
    if tile_n0 is None:
        return (
            f"N0={n0} exceeds the widest CTA tile N ({widest}) on {gpu.arch}: the first "
            "product's rows would span threadblocks (no threadblock residence)"
        )
    if tile_n1 is None:
        return (
            f"N1={n1} exceeds the widest CTA tile N ({widest}) on {gpu.arch}: the second "
            "GEMM's rows would span threadblocks (no threadblock residence)"
        )
    in_registers = register_residence_blocker(tile_n0, tile_n1, gpu)
    residences = [Residence.SHARED_MEMORY]
    if in_registers is None:
        residences.insert(0, Residence.REGISTERS)
    plans = []
    for residence in residences:
        for tile_m in TILE_M:
            smem = shared_memory_bytes(tile_m, tile_n0, tile_n1, problem.element_bytes, residence)
            if smem <= gpu.smem_bytes_per_cta:
                plans.append(B2bPlan(residence, tile_m, tile_n0, tile_n1, smem))
    if plans:
        return plans
    limit = f"{gpu.smem_bytes_per_cta // 1024} KiB per CTA on {gpu.arch}"
    if in_registers is None:  # even without the product, the stages overflow
        smem = shared_memory_bytes(TILE_M[0], tile_n0, tile_n1, problem.element_bytes, Residence.REGISTERS)
        return (
            f"the operand stages of a {TILE_M[0]}-row tile need {smem // 1024} KiB of shared "
            f"memory ({limit})"
        )
    smem = shared_memory_bytes(TILE_M[0], tile_n0, tile_n1, problem.element_bytes, Residence.SHARED_MEMORY)
    return (
        f"a {TILE_M[0]} x {tile_n0} product with its operand stages needs {smem // 1024} KiB of "
        f"shared memory ({limit}), and {in_registers}"
    )


# --------------------------------------------------------------------------------------
# Cost.
# --------------------------------------------------------------------------------------


def mma_flops_per_s(element_bytes: int, gpu: GpuTarget) -> float:
    return gpu.f16_flops_per_s if element_bytes <= 2 else gpu.f16_flops_per_s / 2


def wave_efficiency(ctas: int, gpu: GpuTarget) -> float:
    """The fraction of SM time a grid of `ctas` uses: its last wave may be partly empty."""
    waves = ceil(ctas / gpu.sms)
    return ctas / (waves * gpu.sms)


def tile_efficiency(tile_m: int, tile_n: int, element_bytes: int, gpu: GpuTarget) -> float:
    """The fraction of MMA peak a CTA tile sustains when its operands stream from shared
    memory: 2*TM*TN*TK flops per (TM+TN)*TK elements read."""
    intensity = 2 * tile_m * tile_n / ((tile_m + tile_n) * element_bytes)
    return min(1.0, gpu.smem_bytes_per_s * intensity / mma_flops_per_s(element_bytes, gpu))


def kernel_seconds(
    flops_seconds_at_peak: float, dram_bytes: int, ctas: int, gpu: GpuTarget
) -> float:
    compute = flops_seconds_at_peak / wave_efficiency(ctas, gpu)
    return max(compute, dram_bytes / gpu.dram_bytes_per_s) + gpu.launch_s


def gemm_seconds(gemm: GemmShape, dram_bytes: int, element_bytes: int, gpu: GpuTarget) -> float:
    """One GEMM alone, with the best CTA tile of the candidates (what the tuner would pick)."""
    peak = mma_flops_per_s(element_bytes, gpu)
    best = float("inf")
    for tile_m in TILE_M:
        for tile_n in gpu.cta_tile_n:
            ctas = gemm.batch * ceil(gemm.m / tile_m) * ceil(gemm.n / tile_n)
            at_peak = gemm.flops / (peak * tile_efficiency(tile_m, tile_n, element_bytes, gpu))
            best = min(best, kernel_seconds(at_peak, dram_bytes, ctas, gpu))
    return best


def unfused_seconds(problem: B2bProblem, gpu: GpuTarget) -> float:
    eb = problem.element_bytes
    first_bytes = (
        problem.input_bytes + problem.weight0_bytes + problem.extras0_bytes
        + problem.intermediate_bytes
    )
    second_bytes = (
        problem.intermediate_bytes + problem.weight1_bytes + problem.extras1_bytes
        + problem.output_bytes
    )
    return gemm_seconds(problem.first, first_bytes, eb, gpu) + gemm_seconds(
        problem.second, second_bytes, eb, gpu
    )


def fused_seconds(problem: B2bProblem, plan: B2bPlan, gpu: GpuTarget) -> float:
    """One CTA per M-tile runs both mainloops; the product never reaches DRAM."""
    eb, peak = problem.element_bytes, mma_flops_per_s(problem.element_bytes, gpu)
    at_peak = problem.first.flops / (peak * tile_efficiency(plan.tile_m, plan.tile_n0, eb, gpu))
    at_peak += problem.second.flops / (peak * tile_efficiency(plan.tile_m, plan.tile_n1, eb, gpu))
    ctas = problem.first.batch * ceil(problem.first.m / plan.tile_m)
    return kernel_seconds(at_peak, problem.fused_bytes, ctas, gpu)


def b2b_plan(problem: B2bProblem, gpu: GpuTarget) -> B2bPlan | str:
    """The plan fuse-b2b records: the fastest legal plan of the preferred residence
    (registers when any register plan is legal), or why the pair cannot be fused."""
    plans = legal_plans(problem, gpu)
    if isinstance(plans, str):
        return plans
    preferred = [p for p in plans if p.residence == plans[0].residence]
    return min(preferred, key=lambda p: fused_seconds(problem, p, gpu))


def predicted_times(problem: B2bProblem, plan: B2bPlan, gpu: GpuTarget) -> str:
    """The roofline's two times, as fuse-b2b says them, fused or not."""
    return (f"the cost model predicts {fused_seconds(problem, plan, gpu) * 1e6:.1f} us fused against "
            f"{unfused_seconds(problem, gpu) * 1e6:.1f} us for the two kernels on {gpu.arch}")


def b2b_profitability_blocker(problem: B2bProblem, plan: B2bPlan, gpu: GpuTarget) -> str | None:
    """Why fusing the pair would not pay on `gpu`; None if the fused kernel is predicted
    faster than the two kernels it replaces."""
    if fused_seconds(problem, plan, gpu) < unfused_seconds(problem, gpu):
        return None
    ctas = problem.first.batch * ceil(problem.first.m / plan.tile_m)
    flops = problem.first.flops + problem.second.flops
    return (
        f"{predicted_times(problem, plan, gpu)}: fused, the pair is compute-bound ({flops / 1e9:.2f} GFLOP "
        f"over {problem.fused_bytes / 1e6:.2f} MB), and one CTA per {plan.tile_m}-row tile of "
        f"the whole N0={problem.first.n} leaves {ctas} CTAs for {gpu.sms} SMs"
    )
