"""fuse-b2b: two anchors back to back become one persistent `bolt.b2b` kernel.

    %h = bolt.gemm %a, %w0 extras(%b0) {...relu...}
    %d = bolt.gemm %h, %w1 extras(%b1) {...}
->
    %d = bolt.b2b registers(%a, %w0, %b0, %w1, %b1) : (...) -> ... {
    ^bb0(%x, %f0, %c0, %f1, %c1):
      %h = bolt.gemm %x, %f0 extras(%c0) {...relu...}
      %o = bolt.gemm %h, %f1 extras(%c1) {...}
      bolt.yield %o
    }

A gemm feeding a gemm, or a convolution feeding a 1x1, stride-1, unpadded convolution, each
with its own epilogue (run fuse-epilogue first), whose intermediate has no other use. The
b2b's operands are both anchors' operands except the intermediate (each value once); its
body holds the two anchors unchanged, so it computes exactly what they computed.

Whether to fuse is `analysis.b2b_cost`'s answer for the target (`arch=sm_90a`, the default,
or `arch=sm_80`): threadblock residence (N0 and N1 each within one CTA tile N), register or
shared-memory residence within the target's registers and shared memory (registers
preferred; the choice is the op's `residence`), and a roofline cost model that keeps
compute-bound pairs apart. On sm_80, first what CUTLASS example 13's templates can express
(`analysis.b2b_sm80`, the rules its emitters check too): f16/bf16, N0 and N1 in {32, 64, 128},
a first-stage bias, epilogues of a bias and an activation (no residual), one weight layout. On sm_90a, what
b2b_gemm_sm90 takes (`lowering.cutlass.b2b_sm90.sm90_refusal`: f16/bf16 GEMM pairs, 16-byte
rows, epilogues of a bias, a residual and an activation in either stage), then
b2b_gemm_simt (`b2b_simt.simt_refusal`: widths up to 16), or, for convolutions, b2b_conv_direct
(`lowering.cutlass.b2b_conv_direct.direct_refusal`: an RGB stem read through its space-to-depth
fold; on sm_80 too, before example 13) or b2b_conv_sm90
(`lowering.cutlass.b2b_conv_sm90.conv_sm90_refusal`),
or else example 13's (families.B2B_FAMILIES, by target): a pair no kernel of the target runs stays
two kernels (`kernels=false` drops that rule, for studying the analysis alone). Of the pairs a
kernel takes, the performance model decides (h100_sxm for sm_90a; for sm_80 a100_sxm, scaled
from it by the A100's datasheet, unfitted): tuning/fusion.py's time of that kernel against the
model's best kernels for the two anchors apart, fused only where the pair apart is predicted
MIN_PREDICTED_GAIN (1.1x) slower or more (`cost=roofline`, or a target without a GPU model:
the roofline above). With `remarks=true` every refused pair is reported on stderr, and every
pair the model fused with its two times.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from math import prod
from typing import TYPE_CHECKING

from xdsl.context import Context
from xdsl.dialects.builtin import Float32Type, ModuleOp, StringAttr, TensorType
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, PatternRewriteWalker, RewritePattern

from boltc.analysis.b2b_cost import (
    TARGETS,
    B2bPair,
    B2bPlan,
    B2bProblem,
    GemmShape,
    GpuTarget,
    b2b_pair_blocker,
    b2b_plan,
    b2b_profitability_blocker,
    predicted_times,
)
from boltc.analysis.b2b_sm80 import TemplateRefusal, b2b_sm80_refusal
from boltc.diagnostics import BoltcError, op_location, remark, remarks_wanted
from boltc.dialects import bolt
from boltc.lowering.cutlass.cpp import FUSION_REASON_ATTR

if TYPE_CHECKING:
    from boltc.tuning.fusion import B2bVerdict


def element_bytes(value: SSAValue) -> int:
    assert isinstance(value.type, TensorType)
    return 4 if isinstance(value.type.get_element_type(), Float32Type) else 2


def tensor_bytes(value: SSAValue) -> int:
    return prod(bolt.shape_of(value)) * element_bytes(value)


def gemm_shape(anchor: bolt.AnchorOp) -> GemmShape:
    """The anchor as a GEMM: a convolution's implicit GEMM has M = N*P*Q, K = C*R*S/groups."""
    if isinstance(anchor, bolt.GemmOp):
        return GemmShape(*anchor.problem_shape())
    assert isinstance(anchor, bolt.Conv2dOp)
    d = anchor.dims()
    groups = anchor.groups.value.data
    return GemmShape(1, d["N"] * d["P"] * d["Q"], d["F"], d["C"] * d["R"] * d["S"] // groups)


def extras_bytes(anchor: bolt.AnchorOp) -> int:
    return sum(tensor_bytes(e) for e in dict.fromkeys(anchor.extras))


def describe_pair(first: bolt.AnchorOp, second: bolt.AnchorOp) -> B2bPair:
    pair = B2bPair(
        first_kind=first.name.removeprefix("bolt."),
        second_kind=second.name.removeprefix("bolt."),
        intermediate_uses=first.result.uses.get_length(),
    )
    if isinstance(second, bolt.GemmOp):
        return replace(pair, second_reads_transposed=second.transpose_a is not None)
    if isinstance(first, bolt.Conv2dOp) and isinstance(second, bolt.Conv2dOp):
        d = second.dims()
        window = ((d["R"], d["S"]), bolt.int_list(second.strides), bolt.int_list(second.padding))
        return replace(
            pair,
            groups=(first.groups.value.data, second.groups.value.data),
            same_layout=first.layout == second.layout,
            second_window=window,
        )
    return pair


def describe_problem(first: bolt.AnchorOp, second: bolt.AnchorOp) -> B2bProblem:
    return B2bProblem(
        first=gemm_shape(first),
        second=gemm_shape(second),
        element_bytes=element_bytes(first.main_operands[0]),
        input_bytes=tensor_bytes(first.main_operands[0]),
        weight0_bytes=tensor_bytes(first.main_operands[1]),
        extras0_bytes=extras_bytes(first),
        intermediate_bytes=tensor_bytes(first.result),
        weight1_bytes=tensor_bytes(second.main_operands[1]),
        extras1_bytes=extras_bytes(second),
        output_bytes=tensor_bytes(second.result),
    )


# Per arch, the b2b kernels' own limits (what their templates can express), checked after
# residence and before profitability, so that a pair every kernel would refuse at lowering
# stays two kernels (a fused pair no kernel takes would fail the build). Each rule returns
# why not, or None.


def _example_13(first: bolt.AnchorOp) -> str:
    return "b2b_gemm_sm80" if isinstance(first, bolt.GemmOp) else "b2b_conv_sm80"


def _target_kernel(first: bolt.AnchorOp, second: bolt.AnchorOp, arch: str) -> tuple[str, object] | str:
    """A target lowers a b2b to the first of its b2b kernels that takes the pair
    (families.B2B_FAMILIES), else to example 13's kernels (anchors.py): refused only where all
    refuse."""
    from boltc.lowering.cutlass.families import B2B_FAMILIES  # the emitters' own rules

    reasons = []
    for family in B2B_FAMILIES.get(arch, {}).get(type(first), ()):
        verdict = family.refuse(first, second, arch)
        if not isinstance(verdict, str):
            return family.name, verdict
        reasons.append(f"{family.name}: {verdict}")
    ampere = b2b_sm80_refusal(first, second)
    if not isinstance(ampere, TemplateRefusal):
        return _example_13(first), ampere
    if arch == "sm_80" and not reasons:
        return f"sm_80's b2b kernel (CUTLASS example 13) cannot run it: {ampere.reason}"
    return f"{arch}'s b2b kernels cannot run it: {'; '.join(reasons)}; CUTLASS example 13: {ampere.reason}"


def _sm80_kernel(first: bolt.AnchorOp, second: bolt.AnchorOp) -> tuple[str, object] | str:
    return _target_kernel(first, second, "sm_80")


def _sm90a_kernel(first: bolt.AnchorOp, second: bolt.AnchorOp) -> tuple[str, object] | str:
    return _target_kernel(first, second, "sm_90a")


# The least gain (unfused / fused, predicted) fuse-b2b fuses for: a verdict compares one
# prediction against two, each within the model's error (MAE 6.8-8.6 %, bench/RESULTS.md
# 2026-11-29), so a predicted 1.07x is no gain it can vouch for. Measured: the sm_80 example-13
# conv chain 3x3 -> 1x1 at 56x56x64 ran 0.91x fused (H100 through PTX, 2026-11-26) where the
# model predicts 1.07x (h100_sxm) and 1.02x (a100_sxm); every sm_90a chain measured predicts
# 1.17x or more and won (1.15-2.23x, bench/b2b_decision.py).
MIN_PREDICTED_GAIN = 1.10

# Per arch: the b2b kernel that would run the pair, as (family, its plan), or why none would.
KERNEL_RULES = {"sm_80": _sm80_kernel, "sm_90a": _sm90a_kernel}
COSTS = ("model", "roofline")


def b2b_decision(first: bolt.AnchorOp, second: bolt.AnchorOp, gpu: GpuTarget, kernels: bool = True,
                 cost: str = "model") -> B2bPlan | str:
    """The plan for fusing `first` into `second`, or why they stay two kernels. `kernels`
    False: the residence and cost rules alone, not whether a b2b kernel of the target runs the
    pair (the analysis of any pair; a build of such a b2b fails where no kernel takes it).
    `cost` "model": the performance model's times of that kernel against the two kernels apart
    (tuning/fusion.py) where the target has a GPU model; else, or "roofline", b2b_cost's."""
    return decide(first, second, gpu, kernels, cost)[0]


def decide(first: bolt.AnchorOp, second: bolt.AnchorOp, gpu: GpuTarget, kernels: bool = True,
           cost: str = "model") -> tuple[B2bPlan | str, B2bVerdict | None]:
    """b2b_decision's answer and the model's verdict it rests on (None: the roofline's)."""
    reason = b2b_pair_blocker(describe_pair(first, second))
    if reason is not None:
        return reason, None
    problem = describe_problem(first, second)
    plan = b2b_plan(problem, gpu)
    if isinstance(plan, str):
        return plan, None
    kernel_rules = KERNEL_RULES.get(gpu.arch) if kernels else None
    if kernel_rules is not None:
        chosen = kernel_rules(first, second)
        if isinstance(chosen, str):
            return chosen, None
        if cost == "model":
            from boltc.tuning.fusion import b2b_verdict

            family, kernel_plan = chosen
            verdict = b2b_verdict(first, second, family, kernel_plan, problem, plan, gpu.arch)
            if verdict is not None:
                if verdict.gain >= MIN_PREDICTED_GAIN:
                    return plan, verdict
                why = ("fusing does not pay" if verdict.gain <= 1.0 else
                       f"a {verdict.gain:.2f}x gain, under the {MIN_PREDICTED_GAIN:.2f}x the model must predict "
                       "to fuse (its own error)")
                return f"{verdict.describe()}: {why}", verdict
    return b2b_profitability_blocker(problem, plan, gpu) or plan, None


def producer_anchor(second: Operation) -> bolt.AnchorOp | None:
    """The anchor whose result `second` (an anchor outside any b2b) reads as its lhs/input."""
    if not isinstance(second, bolt.AnchorOp) or isinstance(second.parent_op(), bolt.B2bOp):
        return None
    first = second.main_operands[0].owner
    return first if isinstance(first, bolt.AnchorOp) else None


def build_b2b(first: bolt.AnchorOp, second: bolt.AnchorOp, residence: bolt.Residence) -> bolt.B2bOp:
    inputs = list(dict.fromkeys([*first.operands, *(o for o in second.operands if o is not first.result)]))
    block = Block(arg_types=[v.type for v in inputs])
    mapping: dict[SSAValue, SSAValue] = dict(zip(inputs, block.args))
    inner_first = first.clone(value_mapper=mapping)
    inner_second = second.clone(value_mapper={**mapping, first.result: inner_first.result})
    block.add_ops([inner_first, inner_second, bolt.YieldOp(inner_second.result)])
    b2b = bolt.B2bOp(inputs, second.result.type, residence, Region(block))  # type: ignore[arg-type]
    b2b.location = second.location
    return b2b


def fused_reason(first: bolt.AnchorOp, second: bolt.AnchorOp, plan: B2bPlan, verdict: B2bVerdict | None,
                 gpu: GpuTarget) -> str:
    """Why the pair was fused: the model's times (`verdict`), else the roofline's."""
    if verdict is not None:
        return verdict.describe()
    return predicted_times(describe_problem(first, second), plan, gpu)


@dataclass
class FuseBackToBack(RewritePattern):
    """anchor(anchor(x, w0), w1) -> b2b(x, w0, w1) { anchor; anchor }, when b2b_decision says;
    the b2b carries why (FUSION_REASON_ATTR)."""

    gpu: GpuTarget
    kernels: bool = True
    cost: str = "model"
    default_file: str = "<input>"
    fused: list[str] = field(default_factory=list)  # a remark per fused pair

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        first = producer_anchor(op)
        if first is None:
            return
        assert isinstance(op, bolt.AnchorOp)
        plan, verdict = decide(first, op, self.gpu, self.kernels, self.cost)
        if isinstance(plan, str):
            return  # reported after the walk, with remarks=true
        why = fused_reason(first, op, plan, verdict, self.gpu)
        self.fused.append(f"remark: {op_location(op, self.default_file)}: '{op.name}' fused back to back "
                          f"with '{first.name}': {why}")
        b2b = build_b2b(first, op, plan.residence)
        b2b.attributes[FUSION_REASON_ATTR] = StringAttr(why)
        rewriter.replace(op, b2b)
        rewriter.erase(first)


def b2b_remarks(module: ModuleOp, gpu: GpuTarget, default_file: str = "<input>", kernels: bool = True,
                cost: str = "model") -> list[str]:
    """One line per anchor feeding another that stays a separate kernel, and why."""
    lines = []
    for second in module.walk():
        first = producer_anchor(second)
        if first is None:
            continue
        assert isinstance(second, bolt.AnchorOp)
        reason = b2b_decision(first, second, gpu, kernels, cost)
        if isinstance(reason, str):
            lines.append(
                f"remark: {op_location(second, default_file)}: '{second.name}' not fused back "
                f"to back with '{first.name}': {reason}"
            )
    return lines


def gpu_target(arch: str) -> GpuTarget:
    target = TARGETS.get(arch)
    if target is None:
        known = ", ".join(sorted(TARGETS))
        raise BoltcError(f"fuse-b2b: unknown arch '{arch}' (known: {known})")
    return target


@dataclass(frozen=True)
class FuseB2bPass(ModulePass):
    """Fuse back-to-back anchors into bolt.b2b where legal and profitable on `arch`."""

    name = "fuse-b2b"

    arch: str = "sm_90a"
    remarks: bool = False
    # Only pairs one of the target's b2b kernels runs (KERNEL_RULES); false: the residence
    # and cost rules alone (studying the analysis: f32 pairs, which no b2b kernel takes).
    kernels: bool = True
    # Whether fusing pays: "model" (tuning/model.py's times of the b2b kernel and of the two
    # kernels apart, where the target has a GPU model) or "roofline" (analysis.b2b_cost's).
    cost: str = "model"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.cost not in COSTS:
            raise BoltcError(f"fuse-b2b: cost={self.cost!r} is not one of {', '.join(COSTS)}")
        gpu = gpu_target(self.arch)
        pattern = FuseBackToBack(gpu, self.kernels, self.cost)
        PatternRewriteWalker(pattern).rewrite_module(op)
        if remarks_wanted(self.remarks):
            for line in [*pattern.fused, *b2b_remarks(op, gpu, kernels=self.kernels, cost=self.cost)]:
                remark(self.name, line, self.remarks)
