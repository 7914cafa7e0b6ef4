"""conv-as-gemm: a pointwise NHWC convolution is a GEMM, and runs on the GEMM kernels.

A 1x1 convolution with stride 1, no padding and one group reads, for output pixel (n, p, q),
exactly input pixel (n, p, q): in NHWC it is the matrix product

    [N*H*W, C] x [F, C]^T -> [N*H*W, F]

of the input and the filter viewed as matrices (reshapes of contiguous tensors: no data
moves). The rewrite

    %y = bolt.conv2d nhwc %x, %f strides [1, 1] padding [0, 0, 0, 0] ... groups 1
  ->
    %x2 = bolt.reshape %x : NxHxWxC -> (N*H*W)xC
    %f2 = bolt.reshape %f : Fx1x1xC -> FxC
    %g  = bolt.gemm %x2, %f2 {transpose_b} : (N*H*W)xC, FxC -> (N*H*W)xF
    %y  = bolt.reshape %g : (N*H*W)xF -> NxHxWxF

hands these layers to the GEMM families, whose sm_90a kernels are persistent, cooperative
(two consumer warpgroups on a 128x256 tile) and multicast operands within a cluster; CUTLASS
4.2's sm_90a convolution has one consumer warpgroup and tiles of at most 128x128
(`tuning/heuristic.py: choose_conv_sm90`). ResNet-50 has 33 such layers of its 53, about
half of its work. fuse-epilogue then fuses the convolution's bias, activation and residual
through the reshape (`ElementwiseOverReshapedAnchor`), as for a Linear on a 3-D input.

Left alone: NCHW convolutions (the matrix view needs NHWC; run after layout-nhwc), strided,
padded, dilated-with-a-window or grouped ones, a convolution whose epilogue is not a plain
store (the pass runs before fuse-epilogue, where none is), and one whose `#bolt.kernel`
names a convolution family (the user's choice stands). With `keep_chained` (the pipeline sets
it when fuse-b2b runs) also one that reads another convolution's result through elementwise
ops only, and one whose result so reaches a pointwise convolution (a 1x1 -> 1x1 chain): fuse-b2b
may pair the two as one b2b kernel of convolutions. `keep_only` narrows that to the ones
fuse-b2b does pair (the pipeline finds them in a probe run on a copy of the module): a chained
1x1 it refuses stays a GEMM, as it would without fuse-b2b (MobileNetV2 on sm_90a: 19 kernels
with every chained 1x1 kept, 10 without fuse-b2b).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

from boltc.dialects import bolt


def pointwise_blocker(op: bolt.Conv2dOp) -> str | None:
    """Why `op` is not a pointwise NHWC convolution that conv-as-gemm rewrites, or None."""
    window = pointwise_window_blocker(op)
    if window is not None:
        return window
    if op.extras or not op.is_plain_store():
        return "its epilogue is not a plain store"
    if op.kernel is not None:
        return "its #bolt.kernel names a convolution kernel"
    return None


def pointwise_window_blocker(op: bolt.Conv2dOp) -> str | None:
    """Why `op` is not a matrix product of its NHWC input's pixels, whatever its epilogue and
    kernel, or None: the part of `pointwise_blocker` fusions do not change."""
    d = op.dims()
    if op.layout.data != bolt.Layout.NHWC:
        return "NCHW: the matrix view needs channels innermost"
    if (d["R"], d["S"]) != (1, 1):
        return f"a {d['R']}x{d['S']} window"
    if tuple(bolt.int_list(op.strides)) != (1, 1):
        return "strided"
    if any(bolt.int_list(op.padding)):
        return "padded"
    if op.groups.value.data != 1:
        return "grouped"
    return None


def chained_after_conv(op: bolt.Conv2dOp) -> bool:
    """`op` reads a convolution's result through single-use elementwise ops only (its bias,
    its activation: what fuse-epilogue folds into that convolution), so fuse-b2b may pair the
    two as a b2b of convolutions (CUTLASS example 13's B2bImplicitGemmConvolution on sm_80)."""
    value = op.input
    while value.uses.get_length() == 1:
        owner = value.owner
        if isinstance(owner, bolt.Conv2dOp):
            return True
        if not (isinstance(owner, Operation) and owner.name.startswith("bolt.ew.") and owner.operands):
            return False
        value = owner.operands[0]
    return False


def feeds_pointwise_conv(op: bolt.Conv2dOp) -> bool:
    """`op`'s result reaches a pointwise convolution through single-use elementwise ops only: the
    head of a 1x1 -> 1x1 chain, which fuse-b2b may pair as convolutions."""
    value = op.result
    while value.uses.get_length() == 1:
        user = next(iter(value.uses)).operation
        if isinstance(user, bolt.Conv2dOp):
            return user.input is value and pointwise_blocker(user) is None
        if not (user.name.startswith("bolt.ew.") and user.operands and user.operands[0] is value and user.results):
            return False
        value = user.results[0]
    return False


def location_key(op: Operation) -> str:
    """`op`'s location as text: what names one convolution across two runs of the passes on
    copies of one module (the pipeline's probe of fuse-b2b)."""
    return str(op.location)


@dataclass
class PointwiseConvAsGemm(RewritePattern):
    keep_chained: bool = False
    keep_only: frozenset[str] | None = None

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.Conv2dOp, rewriter: PatternRewriter, /) -> None:
        if pointwise_blocker(op) is not None:
            return
        if (self.keep_chained and (chained_after_conv(op) or feeds_pointwise_conv(op))
                and (self.keep_only is None or location_key(op) in self.keep_only)):
            return
        d = op.dims()
        rows = d["N"] * d["H"] * d["W"]
        result = op.result.type
        assert isinstance(result, TensorType)
        x2 = bolt.ReshapeOp(op.input, (rows, d["C"]))
        f2 = bolt.ReshapeOp(op.filter, (d["F"], d["C"]))
        gemm = bolt.GemmOp(x2.result, f2.result, TensorType(result.get_element_type(), (rows, d["F"])),
                           transpose_b=True)
        back = bolt.ReshapeOp(gemm.result, bolt.shape_of(op.result))
        for new in (x2, f2, gemm, back):
            new.location = op.location
        rewriter.replace(op, [x2, f2, gemm, back])


@dataclass(frozen=True)
class ConvAsGemmPass(ModulePass):
    """Rewrite pointwise NHWC convolutions as GEMMs over reshaped views (module docstring)."""

    name = "conv-as-gemm"

    # Leave a pointwise convolution that reads another convolution's result (`chained_after_conv`)
    # a convolution, for fuse-b2b: the pipeline sets it when back-to-back fusion is on.
    keep_chained: bool = False
    # With keep_chained, keep only the convolutions at these locations (`location_key`): the
    # ones fuse-b2b pairs, as the pipeline's probe run found; the rest are GEMMs as without
    # fuse-b2b. None: every chained one.
    keep_only: frozenset[str] | None = None

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        PatternRewriteWalker(PointwiseConvAsGemm(self.keep_chained, self.keep_only)).rewrite_module(op)
