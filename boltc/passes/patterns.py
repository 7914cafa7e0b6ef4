"""Rewrite helpers shared by the importers' raising and the graph passes.

`scalar_value` reads the number a value holds everywhere; `FoldReshape` and `FoldTranspose`
collapse chains of reshapes and transposes. raise-bolt, canonicalize, layout-nhwc,
fuse-epilogue and pad-alignment all use them; they live here so that no pass imports another
pass's module for them.
"""

from __future__ import annotations

from math import prod

import numpy as np
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern

from boltc.dialects import bolt
from boltc.dialects.resources import dense_array

_MAX_SPLAT_CHECK = 1 << 16


def scalar_value(value: SSAValue) -> float | None:
    """The number a value holds everywhere: a rank-0 or splat constant, or a broadcast of one."""
    owner = value.owner
    if isinstance(owner, bolt.BroadcastOp):
        return scalar_value(owner.input)
    if isinstance(owner, bolt.ReshapeOp):
        return scalar_value(owner.input)
    if not isinstance(owner, bolt.ConstantOp) or not isinstance(owner.value, DenseIntOrFPElementsAttr):
        return None
    ty = owner.value.type
    if prod(ty.get_shape()) > _MAX_SPLAT_CHECK:
        return None
    array = dense_array(owner.value)
    first = float(array.flat[0]) if array.size else None
    if first is None or not np.all(array == array.flat[0]):
        return None
    return first


class FoldReshape(RewritePattern):
    """reshape(reshape(x)) -> reshape(x); a reshape to the same type -> x."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.ReshapeOp, rewriter: PatternRewriter, /) -> None:
        if op.input.type == op.result.type:
            rewriter.replace(op, [], [op.input])
        elif isinstance(inner := op.input.owner, bolt.ReshapeOp):
            rewriter.replace(op, bolt.ReshapeOp(inner.input, bolt.shape_of(op.result)))


class FoldTranspose(RewritePattern):
    """transpose(transpose(x)) -> one transpose; the identity permutation -> x."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.TransposeOp, rewriter: PatternRewriter, /) -> None:
        perm = bolt.int_list(op.permutation)
        if list(perm) == sorted(perm):
            rewriter.replace(op, [], [op.input])
        elif isinstance(inner := op.input.owner, bolt.TransposeOp):
            first = bolt.int_list(inner.permutation)
            rewriter.replace(op, bolt.TransposeOp(inner.input, [first[p] for p in perm]))
