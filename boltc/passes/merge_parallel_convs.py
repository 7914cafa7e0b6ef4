"""merge-parallel-convs: convolutions of one input that are summed become one convolution
(RepVGG's structural re-parameterization, done by the compiler).

    %a = conv(%x, W3x3) + b3          %w = constant (W3x3 + W1x1 at the centre + Dirac(s))
    %b = conv(%x, W1x1) + b1    ->    %c = conv(%x, %w)   (the 3x3's geometry)
    %i = (%x - m) * s + t             %y = add(%c, b3 + b1 + t - m * s)
    %y = add(add(%a, %b), %i)

analysis/conv_branches.py reads the tree of adds, subtractions and per-channel affine ops over
convolutions of one %x (and %x itself), and says when the sum is one convolution: the same
strides and dilations, one window holding every other, taps on one grid. The new filter and
bias are computed in float64 and rounded once to the element type (more exact than the
branches each rounded and then added). The merged convolution has the largest branch's window,
so it costs what that branch alone did, and the other branches' kernels, their reads of %x and
the adds are gone: a RepVGG block becomes one 3x3 convolution with a bias and its activation,
which fuse-epilogue then fuses.

It runs after fold-batchnorm (every batch-norm already folded into its convolution's filter and
a bias add) and before convert-precision and layout-nhwc (NCHW, the model's own precision).
Every op of a merged tree but the root must have no other use (it is removed); the root's
value is replaced, whatever uses it. Trees it does not merge (different inputs, strides or
dilations, windows neither of which holds the other) are left as they are; with
`remarks=true` each is reported on stderr with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)

from boltc.analysis.conv_branches import (
    MergeRefusal,
    branch_of,
    grouped_filter,
    is_merge_candidate,
    merge,
    merged_geometry,
    operand_branch,
)
from boltc.diagnostics import op_location, remark, remarks_wanted
from boltc.dialects import bolt
from boltc.passes.fold_constants import materialize


class MergeParallelConvolutions(RewritePattern):
    def __init__(self, refusals: list[str] | None = None):
        super().__init__()
        self.refusals = refusals

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not is_merge_candidate(op):
            return
        branch = branch_of(op.results[0])
        if branch is None:
            self._refuse(op, _why_not(op))
            return
        if branch.terms < 2 or branch.convolutions < 1:
            return
        result = op.results[0]
        geometry = merged_geometry(branch, bolt.shape_of(branch.source), bolt.shape_of(result))
        if isinstance(geometry, str):
            self._refuse(op, geometry)
            return
        first_conv = next(o for o in branch.ops if isinstance(o, bolt.Conv2dOp))
        filter_type = first_conv.filter.type
        assert isinstance(filter_type, TensorType) and isinstance(result.type, TensorType)
        weights = grouped_filter(branch.filter, geometry.groups)
        filter_op = materialize(weights, TensorType(filter_type.get_element_type(), weights.shape))
        # The branches' own result type (f32 in a half-precision export, whose branches round
        # after their bias), then the root's: the same shape as a single convolution imports.
        conv_type = first_conv.result.type
        assert isinstance(conv_type, TensorType)
        conv = bolt.Conv2dOp(branch.source, filter_op.result, conv_type, layout=bolt.Layout.NCHW,
                             strides=geometry.strides, padding=geometry.padding,
                             dilations=geometry.dilations, groups=geometry.groups)
        f = weights.shape[0]
        new_ops: list[Operation] = [filter_op, conv]
        if np.any(branch.bias != 0):
            bias_op = materialize(branch.bias.reshape(1, f, 1, 1), TensorType(conv_type.get_element_type(), [1, f, 1, 1]))
            new_ops += [bias_op, bolt.AddOp(conv.result, bias_op.result, conv_type)]
        if conv_type != result.type:
            new_ops.append(bolt.CastOp(new_ops[-1].results[0], result.type))
        for new in new_ops:
            new.location = op.location
        rewriter.replace(op, new_ops, [new_ops[-1].results[0]])

    def _refuse(self, op: Operation, reason: str) -> None:
        if self.refusals is not None:
            self.refusals.append(f"remark: {op_location(op)}: '{op.name}' of convolutions of one input "
                                 f"not merged into one convolution: {reason}")


def _why_not(op: Operation) -> str:
    """The first refusal in `op`'s tree (it is a candidate, so one of its merges failed)."""
    lhs, rhs = op.operands
    a, b = operand_branch(lhs), operand_branch(rhs)
    if a is None or b is None:
        return "an operand is not a sum of convolutions of the input"
    try:
        merge(a, b, bolt.shape_of(op.results[0]))
    except MergeRefusal as e:
        return str(e)
    return "a branch below it does not merge"


@dataclass(frozen=True)
class MergeParallelConvsPass(ModulePass):
    """Sum of convolutions of one input (and the input itself) -> one convolution."""

    name = "merge-parallel-convs"

    remarks: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        refusals: list[str] = []
        applier = GreedyRewritePatternApplier([MergeParallelConvolutions(refusals)], dce_enabled=True)
        PatternRewriteWalker(applier).rewrite_module(op)
        if remarks_wanted(self.remarks):
            for line in dict.fromkeys(refusals):  # a pattern may see an op more than once
                remark(self.name, line, self.remarks)

