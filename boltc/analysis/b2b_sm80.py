"""What CUTLASS example 13's sm_80 back-to-back templates can express: the one place their
limits live. fuse-b2b asks `b2b_sm80_refusal` before it forms a `bolt.b2b` for sm_80 (so a
pair the kernel cannot run stays two kernels, with a remark), and the emitters
(lowering/cutlass/b2b_sm80.py: B2bGemm; b2b_conv_sm80.py: B2bImplicitGemmConvolution) ask
it again before they render (so a hand-written bolt.b2b gets the same located reason).

Both templates (examples/13_two_tensor_op_fusion in the installed nvidia-cutlass package):
- threadblock residence, one CTA per M-tile over all of N0 and N1: ThreadblockShape{0,1}::kN
  equal N0 and N1, and with warp tiles that are powers of two here, N0, N1 in `TILE_N`;
- f16 or bf16 operands; the first product is the second mainloop's A operand, so it has the
  input's element type, as the second weight does;
- 128-bit operand accesses (default_b2b_mma.h, the conv iterators' can_implement): K0 (a
  convolution's input channels C) and N0 multiples of 8 elements; N1 one epilogue access;
  a GEMM pair's M too (B2bGemmKernel::can_implement checks it against the access width);
- epilogues (`stage_epilogue`, activations `SM80_ACTIVATIONS`: every one the Hopper kernels
  take): the first stage `acc + bias0` or `act(acc + bias0)`, optionally with a residual R0
  of the first product's shape and type added before act (`act(acc + bias0 + R0)`): the
  mainloop always reads a bias vector (IteratorAccumulatorScaleBias has no null-pointer
  predicate), so a bias-free first stage is refused; the second stage `acc`, `act(acc)`,
  `acc + bias1` or `act(acc + bias1)`, bias1 being the epilogue's C with stride 0, so of the
  output's type, or with a residual R of the output's type (`act(acc [+ bias1] + R)`: R is C,
  bias1 a broadcast vector). The emitters apply relu with CUTLASS's
  LinearCombinationRelu, the others with boltc's B2bSm80OutputOp (include/boltc/
  b2b_sm80_output_op.hpp: LinearCombinationRelu's three-argument interface, which the first
  stage's mainloop calls) and LinearCombinationGeneric in the second stage, each with the
  GEMM epilogues' own functor for the activation.
GEMMs: the lhs row-major (not transposed), 2-D weights, one LayoutB for both (both rhs
transposed, as nn.Linear's, or neither). Convolutions: NHWC (the template's only layout),
one group, the first's filter at most 32x32 (the optimized activation iterator's mask bits),
the second 1x1, stride 1, unpadded (fuse-b2b's pair rule already).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod

from xdsl.dialects.builtin import BFloat16Type, Float16Type, TensorType
from xdsl.ir import Operation, SSAValue

from boltc.dialects import bolt

TILE_N = (32, 64, 128)  # N0 and N1: whole CTA tiles (residence), whole warp tiles (registers)
ACCESS_BYTES = 16  # default_b2b_mma.h and the conv iterators: 128-bit operand accesses
MAX_FILTER = 32  # Conv2dFpropActivationTileAccessIteratorOptimized: R, S <= 32 (mask bits)


# --------------------------------------------------------------------------------------
# Epilogues.
# --------------------------------------------------------------------------------------


# Activations by the name the kernels and the cost model use (tuning/model.py's epilogue
# tokens): one unary op after the bias. b2b_gemm_simt takes relu only (RELU_ONLY); example 13's
# templates (SM80_ACTIVATIONS) and the Hopper kernels any of these (b2b_sm80.activation_functor).
def activation_name(op: Operation) -> str | None:
    """The activation `op` is, by name, or None where it is no activation a b2b kernel knows."""
    if isinstance(op, bolt.GeluOp):
        return f"gelu_{op.approximate.data.value}"
    return ACTIVATION_OPS.get(type(op))


# The unary activation ops by type (gelu, named by its approximation, apart); the Hopper
# lowering reads it backwards, from a name to the op whose GEMM-epilogue functor it takes.
ACTIVATION_OPS: dict[type, str] = {
    bolt.ReluOp: "relu", bolt.SiluOp: "silu", bolt.SigmoidOp: "sigmoid", bolt.HardswishOp: "hardswish",
    bolt.SoftplusOp: "softplus", bolt.TanhOp: "tanh",
}
ALL_ACTIVATIONS = frozenset({*ACTIVATION_OPS.values(), "gelu_erf", "gelu_tanh"})
RELU_ONLY = frozenset({"relu"})
# What example 13's kernels apply after a stage's bias: every activation above, by the GEMM
# epilogues' functors (lowering/cutlass/b2b_sm80.py).
SM80_ACTIVATIONS = ALL_ACTIVATIONS


@dataclass(frozen=True)
class StageEpilogue:
    """One stage's epilogue: an optional per-channel bias, then an optional activation (by name:
    `activation_name`)."""

    bias: SSAValue | None  # the anchor's extra (a block argument inside a bolt.b2b)
    activation: str | None = None
    # A tensor of the result's shape added before the activation (the Hopper resident kernel's
    # and example 13's, in either stage: `stage_epilogue(..., residual=True)`).
    residual: SSAValue | None = None

    @property
    def relu(self) -> bool:
        return self.activation == "relu"

    def describe(self) -> str:
        core = "acc + bias" if self.bias is not None else "acc"
        if self.residual is not None:
            core += " + residual"
        return f"{self.activation}({core})" if self.activation else core


def per_channel(value: SSAValue, n: int) -> bool:
    """A vector of n channels, however many leading 1s its shape has ([n], [1, n], [1, 1, 1, n])."""
    shape = bolt.shape_of(value)
    return len(shape) >= 1 and shape[-1] == n and prod(shape) == n


def stage_epilogue(anchor: bolt.AnchorOp, activations: frozenset[str] = RELU_ONLY,
                   expressed_by: str = "example 13 expresses", residual: bool = False) -> StageEpilogue | str:
    """`anchor`'s epilogue as (bias, activation), the activation one of `activations`, and
    where `residual` allows, an added tensor of the result's shape (before the activation); or
    what in it the kernels cannot express (`expressed_by`: who, and the verb, for the words)."""
    block = anchor.epilogue.block
    extras = dict(zip(block.args[1:], anchor.extras))
    n = bolt.shape_of(anchor.result)[-1]
    value: SSAValue = block.args[0]
    bias: SSAValue | None = None
    activation: str | None = None
    added: SSAValue | None = None  # the residual
    casts: dict[SSAValue, SSAValue] = {}  # cast result -> the extra it converts
    for op in block.ops:
        if isinstance(op, bolt.YieldOp):
            if op.values[0] is not value:
                break
            return StageEpilogue(bias, activation, added)
        if isinstance(op, bolt.CastOp) and op.operands[0] in extras:
            casts[op.results[0]] = op.operands[0]
            continue
        if isinstance(op, bolt.AddOp) and activation is None and value in op.operands:
            other = op.operands[1] if op.operands[0] is value else op.operands[0]
            extra = extras.get(casts.get(other, other))
            if extra is not None and bias is None and per_channel(extra, n):
                bias, value = extra, op.results[0]
                continue
            if (extra is not None and residual and added is None
                    and bolt.shape_of(extra) == bolt.shape_of(anchor.result)):
                added, value = extra, op.results[0]
                continue
        if activation is None and op.operands and op.operands[0] is value and activation_name(op) in activations:
            activation, value = activation_name(op), op.results[0]
            continue
        kinds = "relu" if activations == RELU_ONLY else "one of " + ", ".join(sorted(activations))
        core = "acc, acc + per-channel bias" + (" (+ a residual of the result's shape)" if residual else "")
        return (f"the epilogue op '{op.name}' is not one {expressed_by} (a stage's epilogue is {core}, "
                f"and an optional activation after them: {kinds})")
    return "the epilogue does not yield acc, acc + bias or an activation of them"


# --------------------------------------------------------------------------------------
# The templates' rules.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TemplateRefusal:
    """Why example 13 cannot run a pair; `epilogue` when an epilogue is what it cannot express."""

    reason: str
    epilogue: bool = False


@dataclass(frozen=True)
class B2bSm80Stages:
    """A legal pair's epilogues."""

    first: StageEpilogue
    second: StageEpilogue


def element_name(value: SSAValue) -> str:
    assert isinstance(value.type, TensorType)
    element = value.type.get_element_type()
    if isinstance(element, Float16Type):
        return "f16"
    if isinstance(element, BFloat16Type):
        return "bf16"
    return str(element)


def _structure_refusal(first: bolt.AnchorOp, second: bolt.AnchorOp) -> str | None:
    if isinstance(first, bolt.GemmOp) and isinstance(second, bolt.GemmOp):
        for which, anchor in (("first", first), ("second", second)):
            if anchor.transpose_a is not None:
                return f"the {which} gemm reads its lhs transposed; B2bGemm's A is row-major"
            if len(bolt.shape_of(anchor.rhs)) != 2:
                return f"the {which} gemm has a batched rhs; B2bGemm shares one weight over all rows"
        if (first.transpose_b is None) != (second.transpose_b is None):
            return "one gemm reads its rhs transposed and the other not; B2bGemm has one LayoutB for both weights"
        return None
    if isinstance(first, bolt.Conv2dOp) and isinstance(second, bolt.Conv2dOp):
        for which, conv in (("first", first), ("second", second)):
            if conv.layout.data != bolt.Layout.NHWC:
                return f"the {which} convolution is {conv.layout.data.value}; B2bImplicitGemmConvolution reads NHWC"
            if conv.groups.value.data != 1:
                return f"the {which} convolution is grouped; B2bImplicitGemmConvolution has no groups"
        d0, d1 = first.dims(), second.dims()
        if max(d0["R"], d0["S"]) > MAX_FILTER:
            return (f"the first filter is {d0['R']}x{d0['S']}; the optimized activation iterator takes at most "
                    f"{MAX_FILTER}x{MAX_FILTER}")
        window = (d1["R"], d1["S"]), tuple(bolt.int_list(second.strides)), tuple(bolt.int_list(second.padding))
        if window != ((1, 1), (1, 1), (0, 0, 0, 0)):
            return "the second convolution must be 1x1, stride 1, unpadded (it reads the first's pixels in place)"
        return None
    return f"example 13 pairs two gemms or two convolutions, not {first.name} and {second.name}"


def b2b_sm80_refusal(first: bolt.AnchorOp, second: bolt.AnchorOp) -> B2bSm80Stages | TemplateRefusal:
    """The pair's epilogues when example 13 can run `first` feeding `second` on sm_80; else why not."""
    structure = _structure_refusal(first, second)
    if structure is not None:
        return TemplateRefusal(structure)
    kind = "gemm" if isinstance(first, bolt.GemmOp) else "convolution"
    stages = []
    for which, anchor in (("first", first), ("second", second)):
        # A residual in the second stage: C1 is R, bias1 a broadcast vector
        # (include/boltc/b2b_sm80_residual.hpp); in the first, added to each accumulator
        # fragment in the mainloop (include/boltc/b2b_sm80_first_residual.hpp).
        stage = stage_epilogue(anchor, SM80_ACTIVATIONS, residual=True)
        if isinstance(stage, str):
            return TemplateRefusal(f"the {which} {kind}: {stage}", epilogue=True)
        stages.append(stage)
    stage0, stage1 = stages
    if stage0.bias is None:
        return TemplateRefusal(
            f"the first {kind}'s epilogue is {stage0.describe()}; example 13's first stage always reads a "
            "per-channel bias vector (no null-pointer predicate), so it needs acc + bias or an activation of it",
            epilogue=True)

    element, mid = element_name(first.main_operands[0]), element_name(first.result)
    w1, out = element_name(second.main_operands[1]), element_name(second.result)
    if element not in ("f16", "bf16"):
        return TemplateRefusal(f"example 13's sm_80 kernels take f16 or bf16 inputs, got {element}")
    if mid != element or w1 != element:
        return TemplateRefusal(f"the input ({element}), the first product ({mid}) and the second weight ({w1}) "
                               "must share one element type (the second mainloop's A is the first product)")
    if out not in ("f16", "bf16"):
        return TemplateRefusal(f"the output is {out}; example 13's epilogue here writes f16 or bf16")
    if stage1.bias is not None and element_name(stage1.bias) != out:
        return TemplateRefusal(
            f"the second {kind}'s bias is {element_name(stage1.bias)} and its result {out}; example 13 adds it "
            "as C (or, beside a residual, as a vector of C's type), which has the result's element type",
            epilogue=True)
    if stage0.residual is not None and element_name(stage0.residual) != mid:
        return TemplateRefusal(
            f"the first {kind}'s residual is {element_name(stage0.residual)} and its result {mid}; the mainloop "
            "reads it as the first product's type", epilogue=True)
    if stage1.residual is not None and element_name(stage1.residual) != out:
        return TemplateRefusal(
            f"the second {kind}'s residual is {element_name(stage1.residual)} and its result {out}; the kernel "
            "reads it as C, which has the result's element type", epilogue=True)

    n0, n1 = bolt.shape_of(first.result)[-1], bolt.shape_of(second.result)[-1]
    for what, n in (("N0", n0), ("N1", n1)):
        if n not in TILE_N:
            return TemplateRefusal(
                f"{what}={n}: one CTA tile covers all of it (threadblock residence) and example 13's warp tiles "
                f"are powers of two here: {what} must be one of {TILE_N}")
    k0 = bolt.shape_of(first.main_operands[0])[-1]  # a gemm's K0, a convolution's input channels C
    alignment = ACCESS_BYTES // 2
    rows = prod(bolt.shape_of(first.main_operands[0])[:-1])
    if kind == "gemm" and rows % alignment:
        # B2bGemmKernel::can_implement asks M to be a multiple of every operand's access width
        # too (though A and D are row-major), and fails the model's creation otherwise.
        return TemplateRefusal(f"M={rows} is not a multiple of {alignment}: example 13's B2bGemm refuses "
                               "such problems (can_implement checks M against its access width)")
    if k0 % alignment:
        what = "K0" if kind == "gemm" else "the input channels C"
        return TemplateRefusal(f"{what}={k0} is not a multiple of {alignment}: example 13 reads its operands "
                               f"{ACCESS_BYTES} bytes at a time")
    return B2bSm80Stages(stage0, stage1)
