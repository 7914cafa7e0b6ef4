"""space-to-depth: a strided convolution on few channels (an image stem) becomes a stride-1
convolution on the input folded s x s into its channels.

    %y = bolt.conv2d nhwc %x, %w strides [s, s] padding [t, l, b, r] : NxHxWxC, FxRxSxC -> NxPxQxF
  ->
    %k = bolt.slice %x ...                                  (only where the last rows are never read)
    %p = bolt.pad %k low [0, t, l, 0] high [0, b', r', 0]   (H and W made multiples of s)
    %u = bolt.reshape %p : -> N x H/s x s x W/s x s x C
    %v = bolt.transpose %u permutation [0, 1, 3, 2, 4, 5]
    %z = bolt.reshape %v : -> N x H/s x W/s x (s*s*C)
    %w2 = bolt.constant (the filter zero-padded to s*ceil(R/s) x s*ceil(S/s), folded alike)
    %y = bolt.conv2d nhwc %z, %w2 strides [1, 1] padding [0, 0, 0, 0] : -> NxPxQxF

Where the folded channels still fill at most half the stem kernel's K tile and the folded
window is 2t wide (ResNet's 4x4 on 12 channels), pairs of horizontal taps go into the
channels too (`column_taps`: half the taps, each a whole tile, 88.5 -> 62.4 us for
ResNet-50's stem on the H100):

    %z0 = bolt.slice %z offsets [0, 0, 0, 0] : -> N x H/s x (W/s - t) x (s*s*C)
    %z1 = bolt.slice %z offsets [0, 0, t, 0] : -> N x H/s x (W/s - t) x (s*s*C)
    %z2 = bolt.concat %z0, %z1 dim 3                        (2*s*s*C channels)
    %w2 = bolt.constant (w' with taps (a, t' + b*t) at (a, t'), channel block b)
    %y = bolt.conv2d nhwc %z2, %w2 ... : a ceil(R/s) x t window

The result has the original's type exactly (the padding b', r' is chosen so; `Fold`), the
extras and the epilogue region move over unchanged. Why and when: analysis/space_to_depth.py
(ResNet-50's 7x7/2 stem: 146 us on C padded to 8 -> 85.8 us folded, on the H100).

It runs after layout-nhwc (it rewrites NHWC convolutions) and before pad-alignment, which pads
the s*s*C = 12 folded channels to 16 (and the folded filter alike, at compile time). The data
movement costs one kernel: at the model's edge the lowering does the input's cast, NCHW ->
NHWC, spatial padding, fold and channel padding in one pass (`rt::space_to_depth`,
lowering/space_to_depth.py).

Left alone, with a remark under `remarks=true` for strided ones: NCHW convolutions, unequal strides, stride 1,
dilation, groups, more than 16 folded channels, a window the fold would not shrink the GEMM
for (1x1/2), a filter that is not a constant (folding it would cost kernels at run time), and
a convolution whose `#bolt.kernel` was chosen for the unfolded problem.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
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

from boltc.analysis.space_to_depth import Fold, column_taps, fold_blocker, fold_geometry, is_fold_candidate
from boltc.diagnostics import op_location, remark, remarks_wanted
from boltc.dialects import bolt
from boltc.dialects.bolt import element_type_name
from boltc.passes.fold_constants import constant_operand, materialize

_ELEMENT_BYTES = {"f32": 4, "f16": 2, "bf16": 2}


def fold_decision(op: bolt.Conv2dOp) -> Fold | str:
    """The fold of `op`, or why it is left alone."""
    if op.layout.data != bolt.Layout.NHWC:
        return "NCHW: space-to-depth folds NHWC convolutions (it runs after layout-nhwc)"
    if op.kernel is not None:
        return "its #bolt.kernel was chosen for the unfolded convolution"
    d = op.dims()
    strides = tuple(bolt.int_list(op.strides))
    element = element_type_name(op.input.type.get_element_type())  # type: ignore[union-attr]
    blocked = fold_blocker(d["C"], d["R"], d["S"], strides, tuple(bolt.int_list(op.dilations)),
                           op.groups.value.data, _ELEMENT_BYTES[element])
    if blocked is not None:
        return blocked
    if constant_operand(op.filter) is None:
        return "the filter is not a constant: folding it would cost kernels at run time"
    padding = tuple(bolt.int_list(op.padding))
    return fold_geometry(d["C"], (d["H"], d["W"]), (d["R"], d["S"]), strides[0], padding, (d["P"], d["Q"]))


def folded_filter(weights: np.ndarray, block: int) -> np.ndarray:
    """An F x R x S x C filter zero-padded to multiples of `block` and folded like the input:
    F x R/s x S/s x (s*s*C), channels ordered (i, j, c)."""
    f, r, s, c = weights.shape
    rf, sf = -(-r // block), -(-s // block)
    padded = np.zeros((f, rf * block, sf * block, c), weights.dtype)
    padded[:, :r, :s, :] = weights
    folded = padded.reshape(f, rf, block, sf, block, c).transpose(0, 1, 3, 2, 4, 5)
    return np.ascontiguousarray(folded).reshape(f, rf, sf, block * block * c)


def column_folded_filter(folded: np.ndarray, taps: int) -> np.ndarray:
    """A folded F x R' x S' x C' filter with its S' columns in `taps` blocks of S'/taps moved
    into the channels: F x R' x S'/taps x (taps*C'), tap (a, t' + b*S'/taps) at (a, t'),
    channels b*C' + c'."""
    f, r, s, c = folded.shape
    step = s // taps
    blocks = folded.reshape(f, r, taps, step, c).transpose(0, 1, 3, 2, 4)
    return np.ascontiguousarray(blocks).reshape(f, r, step, taps * c)


def column_fold_ops(z, taps: int, step: int) -> list[Operation]:
    """`taps` copies of the folded NHWC input `z`, each `step` columns further, as channels."""
    n, h, w, c = bolt.shape_of(z)
    width = w - step * (taps - 1)
    slices = [bolt.SliceOp(z, [0, 0, b * step, 0], [n, h, width, c], [1, 1, 1, 1]) for b in range(taps)]
    return [*slices, bolt.ConcatOp([sl.results[0] for sl in slices], 3)]


def fold_input_ops(x, fold: Fold) -> list[Operation]:
    """The ops that fold the NHWC input `x` (an SSA value): crop, pad, reshape, transpose, reshape."""
    n, h, w, c = bolt.shape_of(x)
    ops: list[Operation] = []
    value = x
    if fold.kept_hw != (h, w):
        ops.append(bolt.SliceOp(value, [0, 0, 0, 0], [n, *fold.kept_hw, c], [1, 1, 1, 1]))
        value = ops[-1].results[0]
    top, left, bottom, right = fold.pad
    if any(fold.pad):
        ops.append(bolt.PadOp(value, [0, top, left, 0], [0, bottom, right, 0]))
        value = ops[-1].results[0]
    s, (hf, wf) = fold.block, fold.folded_hw
    ops.append(bolt.ReshapeOp(value, (n, hf, s, wf, s, c)))
    ops.append(bolt.TransposeOp(ops[-1].results[0], (0, 1, 3, 2, 4, 5)))
    ops.append(bolt.ReshapeOp(ops[-1].results[0], (n, hf, wf, fold.channels)))
    return ops


class FoldStridedStem(RewritePattern):
    def __init__(self, refusals: list[str] | None = None):
        super().__init__()
        self.refusals = refusals

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.Conv2dOp, rewriter: PatternRewriter, /) -> None:
        fold = fold_decision(op)
        if isinstance(fold, str):
            if self.refusals is not None and is_fold_candidate(tuple(bolt.int_list(op.strides))):
                self.refusals.append(f"remark: {op_location(op)}: '{op.name}' not folded space-to-depth: {fold}")
            return
        weights = constant_operand(op.filter)
        assert weights is not None  # fold_decision checked it
        folded = folded_filter(weights, fold.block)
        element = element_type_name(op.input.type.get_element_type())  # type: ignore[union-attr]
        taps = column_taps(fold.channels, fold.window[1], _ELEMENT_BYTES[element])
        fold_ops = fold_input_ops(op.input, fold)
        if taps > 1:
            fold_ops += column_fold_ops(fold_ops[-1].results[0], taps, fold.window[1] // taps)
            folded = column_folded_filter(folded, taps)
        filter_type = op.filter.type
        assert isinstance(filter_type, TensorType) and isinstance(op.result.type, TensorType)
        new_filter = materialize(folded, TensorType(filter_type.get_element_type(), folded.shape))
        epilogue = op.epilogue.clone()
        conv = bolt.Conv2dOp(fold_ops[-1].results[0], new_filter.result, op.result.type, list(op.extras),
                             layout=bolt.Layout.NHWC, epilogue=epilogue)
        for new in (*fold_ops, new_filter, conv):
            new.location = op.location
        rewriter.replace(op, [*fold_ops, new_filter, conv])


@dataclass(frozen=True)
class SpaceToDepthPass(ModulePass):
    """Fold strided few-channel NHWC convolutions space-to-depth (module docstring)."""

    name = "space-to-depth"

    remarks: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        refusals: list[str] | None = [] if remarks_wanted(self.remarks) else None
        PatternRewriteWalker(FoldStridedStem(refusals), apply_recursively=False).rewrite_module(op)
        for line in dict.fromkeys(refusals or []):
            remark(self.name, line, self.remarks)
