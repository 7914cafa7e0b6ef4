"""Whether a back-to-back pair pays fused: the performance model's time of the b2b kernel that
would run it against the model's best kernels for the two anchors apart.

    verdict = b2b_verdict(first, second, kernel, problem, "sm_90a")
    verdict.gain                      # unfused / fused, > 1 where fusing pays
    verdict.describe()                # the numbers and kernels, for fuse-b2b's remark

fuse-b2b asks this once a kernel of the target has accepted the pair (`kernel` is that
family's plan, as its refusal function returned it). Both sides come from tuning/model.py with
the target's fitted GPU model (or the one given: both sides on the same GPU): the fused side
from `predict_b2b_kernel` with the family's structure (`b2b_kernel`), the unfused side from
`select.ranked_by_model` on each anchor (the
kernel `--tune model` would choose for it, whatever `--tune` says: the question is what fusing
replaces at its best). None where the target has no GPU model: fuse-b2b then keeps
analysis.b2b_cost's roofline. fuse-b2b fuses where `gain` reaches its MIN_PREDICTED_GAIN.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace

from boltc.analysis import b2b_cost
from boltc.dialects import bolt
from boltc.tuning.model import (
    B2bKernel,
    ConvShape,
    EpilogueCost,
    GpuModel,
    Prediction,
    gpu_for_arch,
    predict_b2b_kernel,
)

EXAMPLE_13_STAGES = 3  # b2b_sm80/b2b_conv_sm80's B2bMmaMultistage (its minimum and its choice)
SIMT_ROWS = 128  # b2b_gemm_simt: rows of a CTA (one a thread)


@dataclass(frozen=True)
class B2bVerdict:
    """The model's times for one pair: fused on `family`, and apart on the two kernels named."""

    family: str
    fused: Prediction
    first_us: float
    second_us: float
    first_kernel: str
    second_kernel: str
    gpu: str

    @property
    def unfused_us(self) -> float:
        return self.first_us + self.second_us

    @property
    def gain(self) -> float:
        return self.unfused_us / self.fused.time_us

    def describe(self) -> str:
        return (f"the performance model ({self.gpu}) predicts {self.fused.time_us:.1f} us fused on {self.family} "
                f"against {self.unfused_us:.1f} us for the two kernels apart ({self.first_us:.1f} us on "
                f"{self.first_kernel}, {self.second_us:.1f} us on {self.second_kernel})")


def b2b_kernel(family: str, plan, cost_plan: b2b_cost.B2bPlan) -> tuple[B2bKernel, ConvShape | None]:
    """The structure of the kernel `family` builds from `plan` (its refusal function's answer;
    example 13's families read b2b_cost's `cost_plan`), and the first stage's convolution."""
    if family in ("b2b_gemm_sm90", "b2b_conv_sm90"):
        from boltc.lowering.cutlass import b2b_sm90

        c = plan.config
        conv = None
        if family == "b2b_conv_sm90":
            g = plan.problem
            conv = ConvShape(g.n, g.h, g.w, g.c, g.f, g.r, g.s, g.p, g.q, max(g.strides))
        if c.variant == b2b_sm90.RESIDENT:
            # Persistent CTAs over 64-row tiles, two consumer warpgroups taking turns; W1 (and W0
            # where it fits) in shared memory for the CTA's life.
            return B2bKernel(b2b_sm90.RESIDENT_BLOCK_M, c.block_n0, c.tile_n1, c.stages, persistent=True,
                             pingpong=True, w0_resident=c.resident_k_tiles > 0, w1_resident=True), conv
        # Example 88's form: 128-row tiles, W0 and W1 streamed block by block.
        n0 = -(-plan.n0 // c.block_n0) * c.block_n0
        return B2bKernel(b2b_sm90.BLOCK_M, n0, c.tile_n1, c.stages, persistent=True), conv
    if family == "b2b_conv_window":
        # Persistent CTAs over bands of output rows, two consumer warpgroups taking alternate
        # bands and turns at the first GEMM (stride 1: pingpong) or both on every band, both
        # filters staged once; the input window loaded once a band by TMA (no im2col requests:
        # `conv` None).
        c = plan.config
        rows, columns = c.window
        # A band's m64 rows (one consumer's or both's), and the window's bytes against their im2col k-blocks.
        tile_m = 64 * c.rows
        fraction = rows * columns * c.c / (tile_m * 9 * c.c)
        # A window buffer holds all of its band's A k-blocks: the k-blocks in flight are the
        # buffers times a band's k-blocks (two buffers of 128-byte pixels at stride 2 are 14 of
        # 64 channels, where the model's two would have starved it).
        k_blocks = -(-9 * c.c // (b2b_cost.TILE_K_BYTES // c.element.bytes))
        return B2bKernel(tile_m, c.f0, c.f1, c.stages * k_blocks, persistent=True, pingpong=c.pingpong, w0_resident=True,
                         w1_resident=True, a_load_fraction=fraction), None
    if family == "b2b_conv_direct":
        # Persistent CTAs over tiles of output pixels, both filters staged once; mma.sync; the
        # image read in place (no TMA im2col, so no im2col request costs: `conv` None).
        c = plan.config
        return B2bKernel(c.tile_pixels, c.f0, c.f1, 2, multistage=True, persistent=True, w0_resident=True,
                         w1_resident=True, ctas_per_sm=c.ctas_per_sm), None
    if family == "b2b_gemm_simt":
        c = plan.config
        return B2bKernel(SIMT_ROWS, c.n0, c.n1, 2, cuda_cores=True), None
    # CUTLASS example 13 (b2b_gemm_sm80, b2b_conv_sm80): CUTLASS 2.x multistage, one CTA a tile.
    return B2bKernel(cost_plan.tile_m, cost_plan.tile_n0, cost_plan.tile_n1, EXAMPLE_13_STAGES, multistage=True,
                     residence=cost_plan.residence), None


# The model's best kernel for an anchor, by (arch, GPU model, the anchor's text): fuse-b2b asks
# for the same anchors in the pipeline's probe, in its own walk and for its remarks, and a
# model repeats its layers (ResNet-50's 52 convolutions are 20 distinct ones); the ranking
# depends on nothing but these (it lowers a clone of the op per family: ~30 ms a convolution,
# printing the op ~1 ms). Bounded: oldest entries go first.
_BEST: OrderedDict[tuple[str, GpuModel, str], tuple[float, str] | None] = OrderedDict()
BEST_CACHE_ENTRIES = 4096


def _best(op, arch: str, gpu: GpuModel) -> tuple[float, str] | None:
    from boltc.tuning.select import ranked_by_model

    key = (arch, gpu, str(op))
    if key in _BEST:
        _BEST.move_to_end(key)
        return _BEST[key]
    ranked = ranked_by_model(op, arch, gpu)
    best = (ranked[0].time_us, ranked[0].candidate.describe()) if ranked else None
    _BEST[key] = best
    if len(_BEST) > BEST_CACHE_ENTRIES:
        _BEST.popitem(last=False)
    return best


def b2b_verdict(first: bolt.AnchorOp, second: bolt.AnchorOp, family: str, plan, problem: b2b_cost.B2bProblem,
                cost_plan: b2b_cost.B2bPlan, arch: str, gpu: GpuModel | None = None) -> B2bVerdict | None:
    """The model's times for fusing `first` into `second` on `family` (module docstring); None
    where `arch` has no GPU model or an anchor has no candidate in the tuning space."""
    if gpu is None:
        try:
            gpu = gpu_for_arch(arch)
        except ValueError:
            return None
    apart = [_best(op, arch, gpu) for op in (first, second)]
    if None in apart:
        return None
    (first_us, first_kernel), (second_us, second_kernel) = apart
    kernel, conv = b2b_kernel(family, plan, cost_plan)
    if family == "b2b_conv_direct":
        # It reads the model input in place of the fold the first convolution reads (a fold that
        # duplicates pixels, as the stems' column fold does, holds more bytes than the image).
        n, h, w, c = plan.gather.size
        problem = replace(problem, input_bytes=n * h * w * c * plan.gather.element.bytes)
    if family == "b2b_conv_window":
        # It loads each band's input window once (its halo rows again, from L2), not the first
        # convolution's im2col matrix (9 / S^2 times the input).
        p = plan.problem
        problem = replace(problem, input_bytes=p.n * p.h * p.w * p.c * plan.config.element.bytes)
    fused = predict_b2b_kernel(problem, kernel, gpu, epilogue0=_epilogue(first), epilogue1=_epilogue(second),
                               conv=conv)
    return B2bVerdict(family, fused, first_us, second_us, first_kernel, second_kernel, gpu.name)


def _epilogue(anchor: bolt.AnchorOp) -> EpilogueCost:
    """The anchor's epilogue as the model costs it: a bias, a residual and an activation at most,
    what the b2b kernels take (each anchor's own kernel reads the same tree: ranked_by_model costs it there)."""
    from boltc.analysis.b2b_sm80 import ALL_ACTIVATIONS, stage_epilogue

    stage = stage_epilogue(anchor, ALL_ACTIVATIONS, residual=True)
    if isinstance(stage, str):
        return EpilogueCost()
    parts = ((["bias"] if stage.bias is not None else []) + (["residual"] if stage.residual is not None else [])
             + ([stage.activation] if stage.activation else []))
    return EpilogueCost.from_name("+".join(parts))
