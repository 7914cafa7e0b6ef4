"""fuse-conv-pool: a convolution and the max pool reading its result become one `bolt.conv_pool`.

    %y = bolt.conv2d nhwc %x, %w extras(%b) {...bias, relu...}
    %z = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1]
->
    %z = bolt.conv_pool(%x, %w, %b) : (...) -> ... {
    ^bb0(%xi, %wi, %bi):
      %y = bolt.conv2d nhwc %xi, %wi extras(%bi) {...bias, relu...}
      %p = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1]
      bolt.yield %p
    }

Where the pool is the convolution's only reader and the conv_pool kernel computes the pair on
the target (`lowering.cutlass.conv_pool.conv_pool_refusal`: NHWC, groups = 1, dilation 1, f16 or
bf16, F a multiple of 16 up to 96, K = R*S*C up to 512, the epilogue the scalar renderer takes,
shared memory within the target's). The convolution's output, the largest tensor of an image
network's stem, then never reaches DRAM: the pool reads it from shared memory. The op's operands
are the convolution's (each value once); its body holds the convolution (epilogue included) and
the pool unchanged, so it computes exactly what they computed; it records why it fused
(`bolt.fusion_reason`: the bytes the convolution's output no longer moves).

It runs after fuse-epilogue (the bias and activation are in the convolution's epilogue then)
and before fuse-b2b. With `remarks=true` each pool reading a convolution that stays apart is
reported on stderr with the reason, and each fused pair with its kernel.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import prod

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import Float32Type, ModuleOp, StringAttr
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, PatternRewriteWalker, RewritePattern

from boltc.diagnostics import BoltcError, op_location, remark, remarks_wanted
from boltc.dialects import bolt
from boltc.lowering.cutlass.conv_pool import ARCHS, conv_pool_refusal
from boltc.lowering.cutlass.cpp import FUSION_REASON_ATTR


def pooled_conv(pool: Operation) -> bolt.Conv2dOp | None:
    """The convolution whose result `pool` (a bolt.pool2d outside any fused op) reads; None
    where its input is something else."""
    if not isinstance(pool, bolt.Pool2dOp) or not isinstance(pool.parent_op(), func.FuncOp):
        return None
    conv = pool.input.owner
    return conv if isinstance(conv, bolt.Conv2dOp) else None


def fusion_blocker(conv: bolt.Conv2dOp, pool: bolt.Pool2dOp, arch: str):
    """The conv_pool kernel's plan for the pair, or why they stay two kernels."""
    if not conv.result.has_one_use():
        return f"the convolution's result has {len(list(conv.result.uses))} readers; the fused kernel keeps it on chip"
    return conv_pool_refusal(conv, pool, arch)


def build_conv_pool(conv: bolt.Conv2dOp, pool: bolt.Pool2dOp) -> bolt.ConvPoolOp:
    inputs = list(dict.fromkeys(conv.operands))
    block = Block(arg_types=[v.type for v in inputs])
    mapping: dict[SSAValue, SSAValue] = dict(zip(inputs, block.args))
    inner_conv = conv.clone(value_mapper=mapping)
    inner_pool = pool.clone(value_mapper={conv.result: inner_conv.result})
    block.add_ops([inner_conv, inner_pool, bolt.YieldOp(inner_pool.result)])
    fused = bolt.ConvPoolOp(inputs, pool.result.type, Region(block))  # type: ignore[arg-type]
    fused.location = pool.location
    return fused


def fused_reason(conv: bolt.Conv2dOp) -> str:
    shape = bolt.shape_of(conv.result)
    size = prod(shape) * (4 if isinstance(conv.result.type.get_element_type(), Float32Type) else 2)  # type: ignore[attr-defined]
    return (f"the convolution's {'x'.join(map(str, shape))} output ({size / 2**20:.1f} MiB) stays on chip: "
            "not written and read back by the pool")


@dataclass
class FuseConvPool(RewritePattern):
    """pool2d(conv2d(x, w)) -> conv_pool(x, w) { conv2d; pool2d }, where the kernel takes it."""

    arch: str
    default_file: str = "<input>"
    fused: list[str] = field(default_factory=list)  # a remark per fused pair

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        conv = pooled_conv(op)
        if conv is None:
            return
        assert isinstance(op, bolt.Pool2dOp)
        plan = fusion_blocker(conv, op, self.arch)
        if isinstance(plan, str):
            return  # reported after the walk, with remarks=true
        self.fused.append(f"remark: {op_location(op, self.default_file)}: '{op.name}' fused with '{conv.name}' "
                          f"into bolt.conv_pool: {plan.config.summary()}")
        fused = build_conv_pool(conv, op)
        fused.attributes[FUSION_REASON_ATTR] = StringAttr(fused_reason(conv))
        rewriter.replace(op, fused)
        rewriter.erase(conv)


def conv_pool_remarks(module: ModuleOp, arch: str, default_file: str = "<input>") -> list[str]:
    """One line per pool reading a convolution that stays a separate kernel, and why."""
    lines = []
    for pool in module.walk():
        conv = pooled_conv(pool)
        if conv is None:
            continue
        assert isinstance(pool, bolt.Pool2dOp)
        reason = fusion_blocker(conv, pool, arch)
        if isinstance(reason, str):
            lines.append(f"remark: {op_location(pool, default_file)}: '{pool.name}' not fused with "
                         f"'{conv.name}': {reason}")
    return lines


@dataclass(frozen=True)
class FuseConvPoolPass(ModulePass):
    """Fuse each max pool into the convolution it reads, where the conv_pool kernel takes them."""

    name = "fuse-conv-pool"

    arch: str = "sm_90a"
    remarks: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.arch not in ARCHS:
            raise BoltcError(f"fuse-conv-pool: unknown arch '{self.arch}' (known: {', '.join(ARCHS)})")
        pattern = FuseConvPool(self.arch)
        PatternRewriteWalker(pattern).rewrite_module(op)
        if remarks_wanted(self.remarks):
            for line in [*pattern.fused, *conv_pool_remarks(op, self.arch)]:
                remark(self.name, line, self.remarks)
