"""The space-to-depth fold of a model input as one runtime kernel (`rt::space_to_depth`).

passes/space_to_depth.py folds an image stem's input with data-movement ops, and the passes
around it add the edge's cast and NCHW -> NHWC before and pad-alignment's channel padding
after. Op by op that is five or six kernels over the image; this plan recognizes the chain

    x (a model input)
      [-> bolt.ew.cast]                     convert-precision's edge cast
      [-> bolt.transpose (rank 4)]          layout-nhwc's edge transpose (any permutation)
      [-> bolt.slice offsets 0 strides 1]   the rows/columns the convolution never reads cut off
      [-> bolt.pad of H and W]              the convolution's padding, made multiples of s
      -> bolt.reshape N x H/s x s x W/s x s x C
      -> bolt.transpose [0, 1, 3, 2, 4, 5]
      [-> bolt.reshape N x H/s x W/s x s*s*C
         [-> bolt.slice x T, each t columns further -> bolt.concat of the channels]   the column fold
         [-> bolt.pad of the channels at their end]]

and writes the last op's result in one pass over the image, reading `x` through the
transpose's strides and converting in registers. Only a model input is read this way: its
buffer is never overwritten, so reading it at the chain's last step is always legal (an
intermediate could have been overwritten by then, under the arena plan).

The cast and the edge transpose are read through even when they have other users (they are
views and an elementwise conversion: recomputing them is free); they are skipped only when
the chain is their one user.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.ir import BlockArgument, Operation, SSAValue

from boltc.dialects import bolt
from boltc.lowering.runtime_abi import SpaceToDepthParams, contiguous_strides, tensor_shape

FOLD_PERMUTATION = (0, 1, 3, 2, 4, 5)


@dataclass(frozen=True)
class SpaceToDepthPlan:
    final: Operation  # the op whose result the kernel writes
    covered: tuple[Operation, ...]  # every op the kernel does, `final` last
    source: SSAValue  # the model input it reads
    params: SpaceToDepthParams  # its value as the IR spells it (the host rounds it to dst's type)


def _single_user(value: SSAValue) -> Operation | None:
    return next(iter(value.uses)).operation if value.has_one_use() else None


def _spatial_pad(op: bolt.PadOp) -> tuple[int, int] | None:
    """(top, left) of a pad of an NHWC tensor's H and W only, or None."""
    low, high = bolt.int_list(op.low), bolt.int_list(op.high)
    if len(low) != 4 or low[0] or low[3] or high[0] or high[3]:
        return None
    return low[1], low[2]


def _is_crop(op: bolt.SliceOp) -> bool:
    return (len(bolt.int_list(op.offsets)) == 4 and not any(bolt.int_list(op.offsets))
            and set(bolt.int_list(op.strides)) == {1}
            and tensor_shape(op.input.type)[0::3] == tensor_shape(op.result.type)[0::3])


def _channel_pad(op: Operation | None, channels: int) -> bolt.PadOp | None:
    """pad-alignment's padding of the folded channels at their end, or None."""
    if not isinstance(op, bolt.PadOp):
        return None
    low, high = bolt.int_list(op.low), bolt.int_list(op.high)
    if any(low) or any(high[:-1]) or tensor_shape(op.input.type)[-1] != channels:
        return None
    return op


def _column_fold(merge: bolt.ReshapeOp) -> tuple[bolt.ConcatOp, int, int] | None:
    """(the concat, taps, step) where the folded NHWC tensor `merge` is read only by slices
    of whole rows and channels, `step` columns apart from 0, concatenated in that order on the
    channels (passes/space_to_depth.py's column fold); else None."""
    n, hf, wf, channels = tensor_shape(merge.result.type)
    users = [use.operation for use in merge.result.uses]
    concat = _single_user(users[0].results[0]) if users and isinstance(users[0], bolt.SliceOp) else None
    if not isinstance(concat, bolt.ConcatOp) or concat.dim.value.data != 3 or len(users) < 2:
        return None
    slices = [v.owner for v in concat.inputs]
    if len(slices) != len(users) or set(slices) != set(users):
        return None
    offsets = []
    for sl in slices:
        if not isinstance(sl, bolt.SliceOp) or not sl.result.has_one_use() or set(bolt.int_list(sl.strides)) != {1}:
            return None
        offset = bolt.int_list(sl.offsets)
        shape = tensor_shape(sl.result.type)
        if offset[0] or offset[1] or offset[3] or shape[:2] != (n, hf) or shape[3] != channels:
            return None
        offsets.append(offset[2])
    step = offsets[1]
    width = tensor_shape(slices[0].result.type)[2]
    if step < 1 or offsets != [b * step for b in range(len(slices))] or width + offsets[-1] > wf:
        return None
    return concat, len(slices), step


def space_to_depth_plan(op: bolt.TransposeOp) -> SpaceToDepthPlan | None:
    """The fused kernel for the fold whose 6-D transpose is `op`, or None (lowered op by op)."""
    if tuple(bolt.int_list(op.permutation)) != FOLD_PERMUTATION or not op.result.has_one_use():
        return None
    split = op.input.owner
    if not isinstance(split, bolt.ReshapeOp) or not split.result.has_one_use():
        return None
    n, hf, s, wf, s2, c = tensor_shape(split.result.type)
    if s != s2 or tensor_shape(split.input.type) != (n, hf * s, wf * s, c):
        return None
    chain: list[Operation] = [op, split]
    value, pad_value, top, left = split.input, None, 0, 0
    if isinstance(pad := value.owner, bolt.PadOp) and pad.result.has_one_use():
        corner = _spatial_pad(pad)
        if corner is None:
            return None
        top, left = corner
        pad_value = bolt.float_value(pad.value)  # one fill value for the pixels and the channels
        chain.append(pad)
        value = pad.input
    if isinstance(crop := value.owner, bolt.SliceOp) and crop.result.has_one_use() and _is_crop(crop):
        chain.append(crop)
        kept = tensor_shape(crop.result.type)
        value = crop.input
    else:
        kept = tensor_shape(value.type)
    # The NHWC tensor the fold reads: a model input, or an edge transpose (and cast) of one.
    strides = contiguous_strides(tensor_shape(value.type))
    edge_ops: list[Operation] = []
    if isinstance(edge := value.owner, bolt.TransposeOp) and len(tensor_shape(edge.result.type)) == 4:
        perm = bolt.int_list(edge.permutation)
        image_strides = contiguous_strides(tensor_shape(edge.input.type))
        strides = tuple(image_strides[p] for p in perm)
        edge_ops.append(edge)
        value = edge.input
        if isinstance(cast := value.owner, bolt.CastOp):
            edge_ops.append(cast)
            value = cast.input
    if not isinstance(value, BlockArgument):
        return None
    # Skipped where the chain is their one user; read through (recomputed) otherwise.
    covered_edge = []
    user = chain[-1]
    for edge_op in edge_ops:
        if _single_user(edge_op.results[0]) is not user:
            break
        covered_edge.append(edge_op)
        user = edge_op
    final: Operation = op
    out_c, out_w, taps, step = s * s * c, wf, 1, 0
    merge = _single_user(op.result)
    if isinstance(merge, bolt.ReshapeOp) and tensor_shape(merge.result.type) == (n, hf, wf, s * s * c):
        tail: list[Operation] = [merge]  # the ops after the transpose, last first
        column = _column_fold(merge)
        if column is not None:
            concat, taps, step = column
            out_w, out_c = tensor_shape(concat.result.type)[2], taps * s * s * c
            tail = [concat, *(v.owner for v in concat.inputs), merge]
        channel_pad = _channel_pad(_single_user(tail[0].results[0]), out_c)
        if channel_pad is not None and pad_value in (None, bolt.float_value(channel_pad.value)):
            pad_value = bolt.float_value(channel_pad.value)
            out_c = tensor_shape(channel_pad.result.type)[-1]
            tail.insert(0, channel_pad)
        if tail[0] is not merge:  # the merge reshape alone is a view: the transpose writes it
            final, chain = tail[0], [*tail, *chain]
    params = SpaceToDepthParams(n, kept[1], kept[2], c, *strides, s, top, left, hf, out_w, out_c, pad_value or 0.0,
                                taps, step)
    covered = tuple(reversed([*chain, *covered_edge]))
    return SpaceToDepthPlan(final, covered, value, params)
