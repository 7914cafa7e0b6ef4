"""Convolutions of one input, summed: when `conv_a(x) + conv_b(x) + s * x + t` is one
convolution of x, and its filter and bias (pure functions over the IR; merge-parallel-convs
asks, this answers).

RepVGG's blocks (timm's `repvgg_*`), DiracNets and the "diverse branch" blocks are trained as
several linear branches of one input — a 3x3 conv with batch-norm, a 1x1 conv with batch-norm,
a batch-norm of the input itself — whose sum goes through one activation. At inference every
branch is linear in x, so the sum is one convolution whose filter is the branches' filters
added in place (the 1x1 at the 3x3's centre, the identity as a Dirac filter); the paper calls
it structural re-parameterization. After import and fold-batchnorm such a block is

    add(add(conv(x, W3) + b3, conv(x, W1) + b1), (x - mean) * scale + shift)

and `branch_of` reads any such tree of add/sub and per-channel affine ops over convolutions of
one `x` (or x itself), through the casts of a half-precision export, as a `Branch`: a dense filter on a window of taps, a bias, the ops it
spans. Two branches merge (`merge`) when they read the same x with the same strides and
dilations, one window holds the other (a larger window would compute more than any branch
did), and the tap grids line up. What is refused is said (`MergeRefusal`).

Each branch's filter is held as a dense F x C x R x S array (groups expanded to their block
diagonal) in float64, so that branches of different groups and the identity add up; `groups`
is the coarsest grouping every branch is block-diagonal for (the gcd), which the merged filter
is then cut back to. Only NCHW convolutions (the pass runs before layout-nhwc) with constant
filters, no epilogue and no extra operands are branches.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from xdsl.ir import Operation, SSAValue

from boltc.analysis.folding import per_channel_blocker
from boltc.diagnostics import BoltcError
from boltc.dialects import bolt
from boltc.interpret.constants import constant_value

CHANNEL_AXIS = 1  # NCHW


@dataclass
class Branch:
    """`value = conv(source, filter) + bias`, as one NCHW convolution would compute it.

    `top`/`left`: the input row/column (relative to p * stride, q * stride) that the filter's
    first tap reads; -padding for a convolution, 0 for the identity. `groups` None: the
    identity, block-diagonal for any grouping."""

    source: SSAValue
    filter: np.ndarray  # F x C x R x S, float64, groups expanded
    bias: np.ndarray  # F, float64
    top: int
    left: int
    strides: tuple[int, int]
    dilations: tuple[int, int] | None  # None: the identity, any dilation
    groups: int | None
    ops: list[Operation] = field(default_factory=list)  # the ops the branch's value is computed by
    convolutions: int = 0  # how many bolt.conv2d it sums
    terms: int = 1  # how many branches (convolutions and identities) it sums

    @property
    def taps(self) -> tuple[int, int]:
        return self.filter.shape[2], self.filter.shape[3]


class MergeRefusal(Exception):
    """Two branches of one input that do not make one convolution; the message says why."""


def constant_operand(value: SSAValue) -> np.ndarray | None:
    """The value of a `bolt.constant` result (None for anything else, or missing data)."""
    owner = value.owner
    if not isinstance(owner, bolt.ConstantOp):
        return None
    try:
        return np.asarray(constant_value(owner.value, owner.result.type))
    except BoltcError:
        return None


def _expand_groups(weights: np.ndarray, groups: int) -> np.ndarray:
    """An F x C/groups x R x S filter as the dense F x C x R x S block diagonal."""
    f, cpg, r, s = weights.shape
    dense = np.zeros((f, cpg * groups, r, s), np.float64)
    fpg = f // groups
    for g in range(groups):
        dense[g * fpg:(g + 1) * fpg, g * cpg:(g + 1) * cpg] = weights[g * fpg:(g + 1) * fpg]
    return dense


def grouped_filter(dense: np.ndarray, groups: int) -> np.ndarray:
    """The F x C/groups x R x S filter of a dense block-diagonal F x C x R x S one."""
    f, c, r, s = dense.shape
    fpg, cpg = f // groups, c // groups
    return np.concatenate([dense[g * fpg:(g + 1) * fpg, g * cpg:(g + 1) * cpg] for g in range(groups)])


def conv_branch(op: bolt.Conv2dOp) -> Branch | None:
    """The branch a convolution is: NCHW, constant filter, a plain store, no extras."""
    if op.layout.data != bolt.Layout.NCHW or op.extras or not op.is_plain_store():
        return None
    weights = constant_operand(op.filter)
    if weights is None:
        return None
    groups = op.groups.value.data
    top, left, _, _ = op.padding.get_values()
    f = weights.shape[0]
    return Branch(op.input, _expand_groups(weights.astype(np.float64), groups), np.zeros(f),
                  -top, -left, tuple(op.strides.get_values()), tuple(op.dilations.get_values()),
                  groups, [op], 1)


def identity_branch(value: SSAValue) -> Branch | None:
    """`value` as the identity convolution of itself (a Dirac filter): NCHW rank 4 only."""
    shape = bolt.shape_of(value)
    if len(shape) != 4:
        return None
    c = shape[CHANNEL_AXIS]
    dirac = np.zeros((c, c, 1, 1), np.float64)
    dirac[np.arange(c), np.arange(c), 0, 0] = 1.0
    return Branch(value, dirac, np.zeros(c), 0, 0, (1, 1), None, None)


def _channel_constant(value: SSAValue, result: SSAValue) -> np.ndarray | None:
    """A constant that is one number per channel of `result` (NCHW), as an F vector."""
    array = constant_operand(value)
    if array is None or per_channel_blocker(array.shape, bolt.shape_of(result), CHANNEL_AXIS) is not None:
        return None
    f = bolt.shape_of(result)[CHANNEL_AXIS]
    full = np.broadcast_to(array.astype(np.float64).reshape(
        (1,) * (4 - array.ndim) + array.shape), (1, f, 1, 1))
    return full.reshape(f).copy()


def _single_use(value: SSAValue) -> bool:
    return value.has_one_use()


def _leaves(value: SSAValue, top_level: bool) -> list[tuple[SSAValue, bool]] | None:
    """The structure `branch_of` would read, without its arrays: the (source, is a
    convolution) of every branch summed, or None. Cheap: it decides whether the filters are
    worth expanding."""
    op = value.owner
    if not isinstance(op, Operation) or (not top_level and not _single_use(value)):
        return None
    if isinstance(op, bolt.Conv2dOp):
        return [(op.input, True)] if op.layout.data == bolt.Layout.NCHW else None
    if isinstance(op, bolt.CastOp):
        return _leaves(op.input, False) or [(op.input, False)]
    if not isinstance(op, (bolt.AddOp, bolt.SubOp, bolt.MulOp, bolt.DivOp)):
        return None
    constants = [isinstance(o.owner, bolt.ConstantOp) for o in op.operands]
    if any(constants):
        if all(constants):
            return None
        (operand,) = [o for o, c in zip(op.operands, constants) if not c]
        return _leaves(operand, False) or [(operand, False)]
    if not isinstance(op, (bolt.AddOp, bolt.SubOp)):
        return None
    found = []
    for operand in op.operands:
        found += _leaves(operand, False) or [(operand, False)]
    return found


def is_merge_candidate(op: Operation) -> bool:
    """Whether `op` adds (or subtracts) branches of one input, at least one a convolution:
    what `branch_of` should then read in full."""
    if not isinstance(op, (bolt.AddOp, bolt.SubOp)) or any(
            isinstance(o.owner, bolt.ConstantOp) for o in op.operands):
        return False
    leaves = _leaves(op.output, True)
    return (leaves is not None and len(leaves) >= 2 and any(conv for _, conv in leaves)
            and len({id(source) for source, _ in leaves}) == 1)


def branch_of(value: SSAValue, *, top_level: bool = True) -> Branch | None:
    """`value` as a sum of convolutions of one input, or None when it is not one (or is only
    itself: the identity of `value`, which `operand_branch` gives). Every op below the top one
    must be used once (by the tree), or removing the tree would not remove it."""
    op = value.owner
    if not isinstance(op, Operation) or (not top_level and not _single_use(value)):
        return None
    if isinstance(op, bolt.Conv2dOp):
        return conv_branch(op)
    if isinstance(op, bolt.CastOp):
        # A rounding between float types (a half-precision export computes each branch in f32
        # and rounds it to f16 before the sum): the merged convolution rounds once instead.
        inner = operand_branch(op.input)
        if inner is not None:
            inner.ops.append(op)
        return inner
    if not isinstance(op, (bolt.AddOp, bolt.SubOp, bolt.MulOp, bolt.DivOp)):
        return None
    lhs, rhs = op.operands
    if bolt.shape_of(op.output) != bolt.shape_of(lhs) and bolt.shape_of(op.output) != bolt.shape_of(rhs):
        return None
    # One operand a per-channel constant: an affine map of the other's branch.
    for operand, constant, constant_first in ((lhs, rhs, False), (rhs, lhs, True)):
        c = _channel_constant(constant, op.output)
        if c is None or bolt.shape_of(operand) != bolt.shape_of(op.output):
            continue
        inner = operand_branch(operand)
        if inner is None:
            return None
        if isinstance(op, bolt.AddOp):
            inner.bias = inner.bias + c
        elif isinstance(op, bolt.SubOp):
            if constant_first:  # c - branch
                inner.filter, inner.bias = -inner.filter, c - inner.bias
            else:
                inner.bias = inner.bias - c
        elif isinstance(op, bolt.MulOp):
            inner.filter = inner.filter * c[:, None, None, None]
            inner.bias = inner.bias * c
        else:  # div
            if constant_first or not np.all(c != 0):
                return None  # c / branch is not linear; a zero divisor is the model's own inf
            inner.filter = inner.filter / c[:, None, None, None]
            inner.bias = inner.bias / c
        inner.ops.append(op)
        return inner
    # Two branches: their sum or difference, when they read one input.
    if not isinstance(op, (bolt.AddOp, bolt.SubOp)) or bolt.shape_of(lhs) != bolt.shape_of(rhs):
        return None
    a, b = operand_branch(lhs), operand_branch(rhs)
    if a is None or b is None:
        return None
    if isinstance(op, bolt.SubOp):
        b.filter, b.bias = -b.filter, -b.bias
    try:
        merged = merge(a, b, bolt.shape_of(op.output))
    except MergeRefusal:
        return None
    merged.ops.append(op)
    return merged


def operand_branch(value: SSAValue) -> Branch | None:
    """An operand inside a tree: a branch below it, else the identity of the value itself."""
    inner = branch_of(value, top_level=False)
    if inner is not None:
        return inner
    return identity_branch(value)


def _merge_axis(first_a: int, taps_a: int, first_b: int, taps_b: int, dilation: int) -> tuple[int, int, int]:
    """One spatial axis: the merged window's first offset and taps, and b's tap index in it
    (a's is first_a - first; callers get it the same way)."""
    last_a, last_b = first_a + (taps_a - 1) * dilation, first_b + (taps_b - 1) * dilation
    first, last = min(first_a, first_b), max(last_a, last_b)
    if (first_a - first) % dilation or (first_b - first) % dilation:
        raise MergeRefusal("the branches' taps do not lie on one grid (their paddings differ by a "
                           "fraction of the dilation)")
    return first, (last - first) // dilation + 1, (first_b - first) // dilation


def merge(a: Branch, b: Branch, result_shape: tuple[int, ...]) -> Branch:
    """The branch `a + b` (both of `result_shape`), or MergeRefusal."""
    if a.source is not b.source:
        raise MergeRefusal("the branches read different inputs")
    if a.strides != b.strides:
        raise MergeRefusal(f"the strides differ ({list(a.strides)} and {list(b.strides)})")
    if a.dilations is not None and b.dilations is not None and a.dilations != b.dilations:
        raise MergeRefusal(f"the dilations differ ({list(a.dilations)} and {list(b.dilations)})")
    if a.filter.shape[:2] != b.filter.shape[:2]:
        raise MergeRefusal("the branches have different channel counts")
    dilations = a.dilations or b.dilations or (1, 1)
    top, rows, b_row = _merge_axis(a.top, a.taps[0], b.top, b.taps[0], dilations[0])
    left, cols, b_col = _merge_axis(a.left, a.taps[1], b.left, b.taps[1], dilations[1])
    if (rows, cols) not in (a.taps, b.taps):
        raise MergeRefusal(f"neither window holds the other ({a.taps[0]}x{a.taps[1]} and "
                           f"{b.taps[0]}x{b.taps[1]} taps): one convolution would compute {rows}x{cols}")
    f, c = a.filter.shape[:2]
    merged = np.zeros((f, c, rows, cols), np.float64)
    a_row, a_col = (a.top - top) // dilations[0], (a.left - left) // dilations[1]
    merged[:, :, a_row:a_row + a.taps[0], a_col:a_col + a.taps[1]] += a.filter
    merged[:, :, b_row:b_row + b.taps[0], b_col:b_col + b.taps[1]] += b.filter
    known = [g for g in (a.groups, b.groups) if g is not None]
    groups = math.gcd(*known) if known else None
    return Branch(a.source, merged, a.bias + b.bias, top, left, a.strides,
                  dilations if (a.dilations or b.dilations) else None, groups,
                  a.ops + b.ops, a.convolutions + b.convolutions, a.terms + b.terms)


@dataclass(frozen=True)
class ConvGeometry:
    """The merged convolution's NCHW attributes."""

    padding: tuple[int, int, int, int]  # top, left, bottom, right
    strides: tuple[int, int]
    dilations: tuple[int, int]
    groups: int


def merged_geometry(branch: Branch, input_shape: tuple[int, ...], result_shape: tuple[int, ...]) -> ConvGeometry | str:
    """The padding etc. of the one convolution computing `branch` with `result_shape`; a
    reason where there is none (the window would start inside the image: negative padding)."""
    dilations = branch.dilations or (1, 1)
    groups = branch.groups or 1
    pads_low = (-branch.top, -branch.left)
    if min(pads_low) < 0:
        return "the merged window would start inside the image (negative padding)"
    pads_high = []
    for axis, (size, out, taps, stride, dilation, low) in enumerate(zip(
            input_shape[2:], result_shape[2:], branch.taps, branch.strides, dilations, pads_low)):
        def extent(high: int) -> int:
            return (size + low + high - dilation * (taps - 1) - 1) // stride + 1

        # The symmetric padding where it gives the size (what the branches had: the kernels
        # handle any, but a model's own geometry reads best), else the least that does.
        high = low if extent(low) == out else max((out - 1) * stride + dilation * (taps - 1) + 1 - size - low, 0)
        if extent(high) != out:
            return (f"no padding makes the merged convolution's {'height' if axis == 0 else 'width'} "
                    f"{out}")
        pads_high.append(high)
    return ConvGeometry((pads_low[0], pads_low[1], pads_high[0], pads_high[1]), branch.strides,
                        dilations, groups)
