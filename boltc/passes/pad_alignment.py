"""pad-alignment: channels, K and N padded to whole 16-byte vectors, where that pays.

CUTLASS reads an operand with vectors along its contiguous dimension; a channel count of 13
forces 2-byte accesses and rules out TMA on Hopper. This pass pads each anchor's K (a GEMM's K,
a convolution's C) and N (a GEMM's N, a convolution's F) to the size `analysis/alignment.py`
chooses, in three rewrites:

- `PadAnchor`: the weight is padded now, at compile time, with zero rows and columns (a new
  constant from raw bytes; a weight still written as a cast or reshape of a constant is padded
  at that constant and the expression rebuilt on it); the activation operand gets a `bolt.pad` of its channel dimension
  (NCHW: dim 1, NHWC: dim 3, GEMM: K of lhs), placed where the value is defined so that every
  anchor reading it shares one; and the padded result is trimmed back to the real size with a
  `bolt.slice`, the only consumer anything else sees.
- `SinkTrim`: a trim sinks through every op that treats the channel as a lane (elementwise ops
  with numpy broadcasting, pooling, transposes, reshapes that keep the dimension whole): the op
  runs on the padded tensor, and its per-channel operands are padded alongside (constants and
  constant expressions, such as batch-norm's scale, now; an activation with a `bolt.pad`).
  A trim stops in front of anything that reads across channels (softmax, layer-norm,
  reductions, concatenation, a reshape mixing the dimension, an anchor the pass does not pad):
  the slice is where the padded tensor leaves.
- Where a sunk trim meets the next padded anchor, the anchor reads the padded tensor directly:
  no slice/pad pair between two padded kernels. That is exact only because the next weight's
  padded rows are zero, and only while the padded lanes are finite (0 * inf is NaN). The lanes
  are tracked (`_Lanes`): zero from a padded anchor, then whatever the elementwise ops
  make of that (sigmoid gives 0.5, a bias padded with zeros keeps 0, a reciprocal gives inf).
  Non-finite lanes are zeroed (the slice/pad pair stays) before the next anchor reads them.
  `FoldPadOfTrim` removes a pair that an earlier rewrite left, under the same conditions.

A GEMM between two activations (attention's QK^T and PV) has no weight to pad for free: its
operands are padded at run time (`bolt.pad`, zeros in both operands' K), and only where the
kernels could not read them at all (an odd length of 16-bit elements: cp.async copies at least
4 bytes), to whole vectors then, since the copy costs the same.

Rows no kernel can read or write as they are (an odd number of 16-bit elements: a Linear to
one feature) are padded to whole vectors whatever the growth, a weight's as an activation's.

The pass leaves alone what it does not handle: grouped convolutions, GEMMs with transpose_a,
convolutions with a non-constant filter, b2b kernels; an anchor whose epilogue already has
extras keeps its N.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import prod

import numpy as np
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.interpreter import Interpreter
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import Pure

from boltc.analysis.alignment import (
    FINITE_LANES,
    UNKNOWN_LANES,
    ZERO_LANES,
    Lanes,
    alignment_option_blocker,
    conv_channels_padded_size,
    elementwise_lanes,
    join_lanes,
    padded_size,
    padding_blocker,
    readable_as_is,
    target_alignment,
    zero_rows_blocker,
)
from boltc.diagnostics import BoltcError, op_location
from boltc.dialects import bolt
from boltc.dialects.resources import dense_array, element_bytes, storage_dtype
from boltc.interpret import numpy_dtype, reference_interpreter
from boltc.passes.patterns import scalar_value

# --------------------------------------------------------------------------------------
# Which operand dimension carries each lane of a result dimension.
# --------------------------------------------------------------------------------------


class _Broadcasts:
    """The operand holds one value for every lane of the result dimension (numpy broadcasting,
    or a dimension a bolt.broadcast adds)."""

    def __repr__(self) -> str:
        return "BROADCASTS"


BROADCASTS = _Broadcasts()
# operand dimension carrying the result dimension's lanes, BROADCASTS, or None when the op
# reads across the result dimension (it is not a lane of this op)
OperandDim = int | _Broadcasts | None


def _elementwise_dim(op: Operation, index: int, result_dim: int) -> OperandDim:
    result, operand = bolt.shape_of(op.results[0]), bolt.shape_of(op.operands[index])
    dim = result_dim - (len(result) - len(operand))  # numpy aligns trailing dimensions
    if dim < 0 or (operand[dim] == 1 and result[result_dim] != 1):
        return BROADCASTS
    return dim


def _pool_dim(op: Operation, index: int, result_dim: int) -> OperandDim:
    assert isinstance(op, bolt.Pool2dOp)
    channel = 3 if op.layout.data == bolt.Layout.NHWC else 1
    return result_dim if result_dim in (0, channel) else None  # windows read across H and W


def _transpose_dim(op: Operation, index: int, result_dim: int) -> OperandDim:
    assert isinstance(op, bolt.TransposeOp)
    return bolt.int_list(op.permutation)[result_dim]


def _reshape_dim(op: Operation, index: int, result_dim: int) -> OperandDim:
    """The input dimension a reshape keeps whole as `result_dim`: same size, and the same
    number of elements before it (row-major order keeps every lane's elements in place)."""
    result, operand = bolt.shape_of(op.results[0]), bolt.shape_of(op.operands[index])
    outer = prod(result[:result_dim])
    for dim, size in enumerate(operand):
        if size == result[result_dim] and prod(operand[:dim]) == outer:
            return dim
    return None


def _broadcast_dim(op: Operation, index: int, result_dim: int) -> OperandDim:
    assert isinstance(op, bolt.BroadcastOp)
    added = bolt.int_list(op.dimensions)
    if result_dim in added:
        return BROADCASTS
    return result_dim - sum(1 for d in added if d < result_dim)


# The ops a padded channel flows through, each with its lane correspondence.
CHANNEL_PRESERVING: dict[type[Operation], Callable[[Operation, int, int], OperandDim]] = {
    **{kind: _elementwise_dim for kind in bolt.ELEMENTWISE_OPS},
    bolt.Pool2dOp: _pool_dim,
    bolt.TransposeOp: _transpose_dim,
    bolt.ReshapeOp: _reshape_dim,
    bolt.BroadcastOp: _broadcast_dim,
}
DATA_MOVEMENT = (bolt.TransposeOp, bolt.ReshapeOp, bolt.BroadcastOp)


def operand_dim(op: Operation, index: int, result_dim: int) -> OperandDim:
    lane_map = CHANNEL_PRESERVING.get(type(op))
    return None if lane_map is None else lane_map(op, index, result_dim)


def result_dim_of(op: Operation, index: int, dim: int) -> int | None:
    """The result dimension whose lanes operand `index`'s dimension `dim` carries."""
    for result_dim in range(len(bolt.shape_of(op.results[0]))):
        if operand_dim(op, index, result_dim) == dim:
            return result_dim
    return None


# Elementwise ops that give finite results on finite operands (not exp, log, sqrt, div, pow:
# log(0) and 1/0 are exactly what zero padded lanes would feed them).
PRESERVES_FINITE: tuple[type[Operation], ...] = (
    bolt.ReluOp, bolt.GeluOp, bolt.SigmoidOp, bolt.TanhOp, bolt.SiluOp, bolt.HardswishOp,
    bolt.SoftplusOp, bolt.ClampOp, bolt.NegOp, bolt.AbsOp, bolt.ErfOp, bolt.CastOp,
    bolt.AddOp, bolt.SubOp, bolt.MulOp, bolt.MaxOp, bolt.MinOp, bolt.SelectOp,
)
# The value a per-channel operand is padded with: zero, except where zero would divide.
NEUTRAL_FILL: dict[tuple[type[Operation], int], float] = {
    (bolt.DivOp, 1): 1.0,
    (bolt.PowOp, 1): 1.0,
}


# --------------------------------------------------------------------------------------
# Anchors: where K and N live in their operands.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AnchorDims:
    input_k: int  # of lhs / input: K of a GEMM, C of a convolution
    weight_k: int
    weight_n: int  # of the weight: N of a GEMM, F of a convolution
    result_n: int
    can_pad_n: bool  # a plain-store epilogue without extras: nothing else has N's shape
    constant_weight: bool = True  # else an activation (a GEMM between two): padded at run time


def anchor_dims(op: bolt.AnchorOp) -> AnchorDims | str:
    """Where K and N are, or why the pass leaves this anchor alone."""
    plain = op.is_plain_store() and not op.extras
    if isinstance(op, bolt.GemmOp):
        if op.transpose_a is not None:
            return "transpose_a: lhs is K x M, so K is not its contiguous dimension"
        rank_a, rank_b = len(bolt.shape_of(op.lhs)), len(bolt.shape_of(op.rhs))
        k_b, n_b = (rank_b - 1, rank_b - 2) if op.transpose_b is not None else (rank_b - 2, rank_b - 1)
        dims = AnchorDims(rank_a - 1, k_b, n_b, rank_a - 1, plain)
    else:
        assert isinstance(op, bolt.Conv2dOp)
        if op.groups.value.data != 1:
            return f"groups={op.groups.value.data}: padding C would change which channels form a group"
        nhwc = op.layout.data == bolt.Layout.NHWC
        dims = AnchorDims(3, 3, 0, 3, plain) if nhwc else AnchorDims(1, 1, 0, 1, plain)  # KRSC / FCHW
    if not is_weight_expression(op.main_operands[1], (dims.weight_k, dims.weight_n)):
        if not isinstance(op, bolt.GemmOp):
            return "its weight is not a constant: padding it would be a runtime pass over it"
        return dataclasses.replace(dims, constant_weight=False)
    return dims


def element_size(value: SSAValue) -> int:
    assert isinstance(value.type, TensorType)
    return storage_dtype(value.type.get_element_type()).itemsize


def with_size_of(ty: Attribute, dim: int, size: int) -> TensorType:
    assert isinstance(ty, TensorType)
    shape = list(ty.get_shape())
    shape[dim] = size
    return TensorType(ty.get_element_type(), shape)


def with_size(value: SSAValue, dim: int, size: int) -> TensorType:
    return with_size_of(value.type, dim, size)


def trim_geometry(op: Operation) -> tuple[int, int, int] | None:
    """(dim, real size, padded size) of a slice that keeps a prefix of one dimension."""
    if not isinstance(op, bolt.SliceOp):
        return None
    if any(bolt.int_list(op.offsets)) or any(s != 1 for s in bolt.int_list(op.strides)):
        return None
    before, after = bolt.shape_of(op.input), bolt.shape_of(op.result)
    changed = [d for d, (b, a) in enumerate(zip(before, after)) if b != a]
    if len(changed) != 1:
        return None
    return changed[0], after[changed[0]], before[changed[0]]


@dataclass(frozen=True)
class Refusal:
    """An anchor dimension the pass did not pad to the full alignment, and why."""

    op: str
    location: str
    dimension: str
    size: int
    reason: str


# --------------------------------------------------------------------------------------
# The rewrite's shared state: what this run created, and the padded values it reuses.
# --------------------------------------------------------------------------------------


@functools.cache
def _interpreter() -> Interpreter:
    return reference_interpreter(ModuleOp([]))  # ops one at a time: no symbols to look up


@dataclass
class PaddingState:
    alignment: int | None
    trims: set[bolt.SliceOp] = field(default_factory=set)  # created here: these sink
    created: set[Operation] = field(default_factory=set)  # padded anchors: not revisited
    constants: dict[tuple, bolt.ConstantOp] = field(default_factory=dict)
    expressions: dict[tuple, SSAValue] = field(default_factory=dict)
    pads: dict[tuple, bolt.PadOp] = field(default_factory=dict)
    maybe_dead: list[Operation] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)
    # Lanes of padded values, kept for the whole run: a padded value's definition never
    # changes once made (rewrites replace the unpadded ops), and a model's residual chain
    # would otherwise be walked again from every anchor.
    lanes: _Lanes = field(default_factory=lambda: _Lanes())

    # -- padded operands ---------------------------------------------------------------

    def padded_operand(
        self, rewriter: PatternRewriter, value: SSAValue, dim: int, size: int, *,
        fill: float = 0.0, anchor_reads: bool = False,
    ) -> SSAValue:
        """`value` with `dim` grown to `size`: the tensor a trim came from, a weight padded
        now, or a runtime pad of an activation. An anchor reading the result through zero
        weight rows (`anchor_reads`) tolerates any finite padded lanes; others take any lanes,
        which the lane analysis follows downstream."""
        real = bolt.shape_of(value)[dim]
        trim = value.owner
        if trim_geometry(trim) == (dim, real, size):
            assert isinstance(trim, bolt.SliceOp)
            if not anchor_reads or zero_rows_blocker(self.lanes(trim.input, dim, real)) is None:
                return trim.input
        if is_weight_expression(value, (dim,)):
            return self.padded_weight(rewriter, value, {dim: size}, fill)
        return self.runtime_pad(rewriter, value, dim, size)

    def padded_weight(
        self, rewriter: PatternRewriter, value: SSAValue, sizes: dict[int, int], fill: float
    ) -> SSAValue:
        """A constant expression (a weight, its cast or KRSC reshape, batch-norm's scale)
        computed padded to `sizes` (dimension -> size): the constants padded now, the ops
        above them rebuilt on the padded constants."""
        owner = value.owner
        assert isinstance(owner, Operation)
        key = (owner, tuple(sorted(sizes.items())), fill)
        if (done := self.expressions.get(key)) is not None:
            return done
        if isinstance(owner, bolt.ConstantOp):
            padded = self.padded_constant(rewriter, owner, sizes, fill).result
        else:
            # Data movement keeps the fill where the consumer wants it; compute resets it to
            # zero (the lane analysis follows what the op makes of it).
            inner_fill = fill if isinstance(owner, DATA_MOVEMENT) else 0.0
            operands = []
            for i, operand in enumerate(owner.operands):
                inner = {od: size for d, size in sizes.items() if isinstance(od := operand_dim(owner, i, d), int)}
                operands.append(self.padded_weight(rewriter, operand, inner, inner_fill) if inner else operand)
            result_type = value.type
            for d, size in sizes.items():
                result_type = with_size_of(result_type, d, size)
            rebuilt = rebuilt_with(owner, operands, result_type)
            rewriter.insert(rebuilt, InsertPoint.after(owner))
            self.maybe_dead.append(rebuilt)
            padded = rebuilt.results[0]
        self.expressions[key] = padded
        return padded

    def padded_constant(
        self, rewriter: PatternRewriter, constant: bolt.ConstantOp, sizes: dict[int, int], fill: float
    ) -> bolt.ConstantOp:
        key = (constant, tuple(sorted(sizes.items())), fill)
        if (done := self.constants.get(key)) is not None:
            return done
        values = dense_array(constant.value)
        widths = [(0, sizes.get(d, n) - n) for d, n in enumerate(values.shape)]
        padded_values = np.pad(values, widths, constant_values=fill)
        ty = constant.result.type
        assert isinstance(ty, TensorType)
        element = ty.get_element_type()
        padded = bolt.dense_constant(
            TensorType(element, padded_values.shape), element_bytes(padded_values, element)
        )
        rewriter.insert(padded, InsertPoint.after(constant))  # before every use of the weight
        self.constants[key] = padded
        self.maybe_dead.append(padded)
        return padded

    def runtime_pad(self, rewriter: PatternRewriter, value: SSAValue, dim: int, size: int) -> SSAValue:
        """One zero `bolt.pad` per activation and size, where the activation is defined."""
        key = (value, dim, size)
        if (done := self.pads.get(key)) is not None:
            return done.result
        rank = len(bolt.shape_of(value))
        high = [0] * rank
        high[dim] = size - bolt.shape_of(value)[dim]
        pad = bolt.PadOp(value, [0] * rank, high, 0.0)
        if isinstance(value, BlockArgument):
            rewriter.insert(pad, InsertPoint.at_start(value.block))
        else:
            assert isinstance(value.owner, Operation)
            rewriter.insert(pad, InsertPoint.after(value.owner))
        self.pads[key] = pad
        self.maybe_dead.append(pad)
        return pad.result

    def replace_with_trimmed(
        self, rewriter: PatternRewriter, op: Operation, padded: Operation, real: TensorType
    ) -> None:
        """`op` becomes `padded`, whose users other than the padding see a trim to `real`."""
        trim = bolt.SliceOp(
            padded.results[0], [0] * len(real.get_shape()), real.get_shape(),
            [1] * len(real.get_shape()),
        )
        self.trims.add(trim)
        self.maybe_dead.append(trim)
        self.maybe_dead.extend(o.owner for o in op.operands if isinstance(o.owner, Operation))
        rewriter.replace(op, [padded, trim], [trim.result])


def rebuilt_with(op: Operation, operands: Sequence[SSAValue], result_type: TensorType) -> Operation:
    """A region-free op of `op`'s kind and properties over new operands and result type."""
    return type(op).create(
        operands=list(operands),
        result_types=[result_type],
        properties=dict(op.properties),
        attributes=dict(op.attributes),
    )


def is_weight_expression(value: SSAValue, dims: Sequence[int], depth: int = 0) -> bool:
    """`dims` of `value` come from constants alone, through ops that keep them lanes (operands
    broadcast along them may be anything): paddable now, by padding the constants."""
    owner = value.owner
    if isinstance(owner, bolt.ConstantOp):
        return True
    if depth > 32 or not isinstance(owner, Operation) or type(owner) not in CHANNEL_PRESERVING:
        return False
    for i, operand in enumerate(owner.operands):
        inner = [operand_dim(owner, i, d) for d in dims]
        if any(od is None for od in inner):
            return False
        carried = [od for od in inner if isinstance(od, int)]
        if carried and not is_weight_expression(operand, carried, depth + 1):
            return False
    return True


# --------------------------------------------------------------------------------------
# What the padded lanes hold.
# --------------------------------------------------------------------------------------


def _values_lanes(value: SSAValue) -> Lanes:
    """An operand broadcast along the padded dimension puts its own values into the lanes."""
    number = scalar_value(value)
    if number is not None:
        return Lanes.known(number)
    return FINITE_LANES  # real data, or a constant: finite as the real lanes assume


class _Lanes:
    """What a value holds at indices `real:` of `dim`: `lanes(value, dim, real)`."""

    def __init__(self) -> None:
        self.memo: dict[tuple[SSAValue, int, int], Lanes] = {}

    def __call__(self, value: SSAValue, dim: int, real: int) -> Lanes:
        key = (value, dim, real)
        if key not in self.memo:
            self.memo[key] = UNKNOWN_LANES  # a cycle cannot happen in SSA; be safe anyway
            self.memo[key] = self.compute(value, dim, real)
        return self.memo[key]

    def compute(self, value: SSAValue, dim: int, real: int) -> Lanes:
        op = value.owner
        if isinstance(op, bolt.ConstantOp):
            lanes = np.take(dense_array(op.value), range(real, bolt.shape_of(value)[dim]), axis=dim)
            if lanes.size and np.all(lanes == lanes.flat[0]):
                return Lanes.known(float(lanes.flat[0]))
            return FINITE_LANES if np.all(np.isfinite(lanes)) else UNKNOWN_LANES
        if isinstance(op, bolt.PadOp):
            if bolt.int_list(op.low)[dim]:
                return UNKNOWN_LANES
            filled = Lanes.known(bolt.float_value(op.value))
            if bolt.shape_of(op.input)[dim] <= real:
                return filled
            return join_lanes([filled, self(op.input, dim, real)])
        if isinstance(op, bolt.AnchorOp):
            return self.anchor_lanes(op, dim, real)
        if not isinstance(op, Operation) or type(op) not in CHANNEL_PRESERVING:
            return UNKNOWN_LANES
        operands: list[Lanes] = []
        for i, operand in enumerate(op.operands):
            od = operand_dim(op, i, dim)
            if od is None:
                return UNKNOWN_LANES
            operands.append(_values_lanes(operand) if od is BROADCASTS else self(operand, od, real))  # type: ignore[arg-type]
        if isinstance(op, DATA_MOVEMENT):
            return operands[0]
        if isinstance(op, bolt.Pool2dOp):
            (lanes,) = operands
            if op.kind.data == bolt.PoolKind.MAX or lanes.value == 0.0:
                return lanes  # every window holds a real element; zeros average to zero
            return Lanes(None, lanes.finite)  # zero padding enters the average
        return elementwise_lanes(
            operands,
            evaluate(op, operands),
            preserves_finite=isinstance(op, PRESERVES_FINITE),
            annihilates=isinstance(op, bolt.MulOp),
        )

    def anchor_lanes(self, op: bolt.AnchorOp, dim: int, real: int) -> Lanes:
        """A plain store of zero weight columns is zero (given finite inputs)."""
        dims = anchor_dims(op)
        if isinstance(dims, str) or dim != dims.result_n or not dims.can_pad_n:
            return UNKNOWN_LANES
        columns = self(op.main_operands[1], dims.weight_n, real)
        return ZERO_LANES if columns.value == 0.0 else FINITE_LANES


def evaluate(op: Operation, operands: Sequence[Lanes]) -> float | None:
    """The op on its operands' known lane values, by the reference executor's own impl."""
    if any(lane.value is None for lane in operands):
        return None
    args = tuple(
        np.asarray(lane.value, dtype=numpy_dtype(operand.type.get_element_type()))  # type: ignore[attr-defined]
        for lane, operand in zip(operands, op.operands)
    )
    with np.errstate(all="ignore"):
        (result,) = _interpreter().run_op(op, args)
    return float(np.asarray(result))


def reads_through_zero_rows(user: Operation, operand: SSAValue, real: int, lanes: _Lanes) -> bool:
    """`user` is an anchor that reads `operand` as its K input, with zero weight rows past
    `real`: whatever finite values those lanes hold, they add nothing."""
    if not isinstance(user, bolt.AnchorOp) or user.main_operands[0] is not operand:
        return False
    if user.main_operands[1] is operand:
        return False
    dims = anchor_dims(user)
    if isinstance(dims, str):
        return False
    return lanes(user.main_operands[1], dims.weight_k, real).value == 0.0


# --------------------------------------------------------------------------------------
# The patterns.
# --------------------------------------------------------------------------------------


@dataclass
class PadAnchor(RewritePattern):
    """gemm/conv with unaligned K or N -> the padded anchor on padded operands, trimmed."""

    state: PaddingState

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, bolt.AnchorOp) or op in self.state.created:
            return
        if not isinstance(op.parent_op(), func.FuncOp):
            return  # inside a bolt.b2b: its body's types are the b2b's own interface
        self.state.created.add(op)  # decided once: its refusals are reported once
        dims = anchor_dims(op)
        if isinstance(dims, str):
            self.refuse(op, "K and N", 0, dims)
            return
        input_, weight = op.main_operands
        target = target_alignment(element_size(input_), self.state.alignment)
        k, n = bolt.shape_of(input_)[dims.input_k], bolt.shape_of(op.result)[dims.result_n]
        is_conv = isinstance(op, bolt.Conv2dOp)
        padded_k = conv_channels_padded_size(k, target) if is_conv else padded_size(k, target)
        padded_n = padded_size(n, target)
        if not dims.constant_weight:
            # A GEMM between two activations (attention's scores and values): padding either
            # is a copy at run time, worth it only where the kernels cannot read the rows as
            # they are (an odd length of 16-bit elements); then to whole vectors, which cost
            # the copy no more.
            size = element_size(input_)  # K is contiguous in lhs, N in the result
            padded_k = k if readable_as_is(k, size) else max(padded_k, -(-k // target) * target)
            padded_n = n if readable_as_is(n, size) else max(padded_n, -(-n // target) * target)
        else:
            # Rows no kernel can read or write as they are (an odd count of 16-bit elements:
            # Linear(4, 1)'s N = 1) are whole vectors whatever the growth: padding is the only
            # way the anchor lowers at all.
            if not readable_as_is(padded_k, element_size(input_)):
                padded_k = -(-k // target) * target
            if not readable_as_is(padded_n, element_size(op.result)):
                padded_n = -(-n // target) * target
        for what, size, padded in (("K", k, padded_k), ("N", n, padded_n)):
            if padded % target and (reason := padding_blocker(size, target)) is not None:
                self.refuse(op, what, size, reason)
        if not dims.can_pad_n and padded_n != n:
            self.refuse(op, "N", n, "the epilogue already reads extras of N's size "
                        "(run pad-alignment before fuse-epilogue)")
            padded_n = n
        if (padded_k, padded_n) == (k, n):
            return
        new_input = input_
        if padded_k != k:
            new_input = self.state.padded_operand(
                rewriter, input_, dims.input_k, padded_k, anchor_reads=True
            )
        grown = {d: size for d, size in ((dims.weight_k, padded_k), (dims.weight_n, padded_n))
                 if size != bolt.shape_of(weight)[d]}
        if not dims.constant_weight:
            # Zeros in both operands' padded K (0 * 0); the rows past N are trimmed away.
            if padded_k != k:
                new_input = self.state.runtime_pad(rewriter, input_, dims.input_k, padded_k)
            new_weight = weight
            for d, size in grown.items():
                new_weight = self.state.runtime_pad(rewriter, new_weight, d, size)
        else:
            new_weight = self.state.padded_weight(rewriter, weight, grown, 0.0) if grown else weight
        result_type = with_size(op.result, dims.result_n, padded_n)
        padded = self.rebuilt_anchor(op, new_input, new_weight, result_type, padded_n != n)
        self.state.created.add(padded)
        if padded_n != n:
            assert isinstance(op.result.type, TensorType)
            self.state.replace_with_trimmed(rewriter, op, padded, op.result.type)
        else:
            self.state.maybe_dead.extend(o.owner for o in op.operands if isinstance(o.owner, Operation))
            rewriter.replace(op, padded)

    @staticmethod
    def rebuilt_anchor(
        op: bolt.AnchorOp, input_: SSAValue, weight: SSAValue, result_type: TensorType, new_n: bool
    ) -> bolt.AnchorOp:
        # A new N needs a new (plain) epilogue; otherwise the region moves over unchanged.
        epilogue = None if new_n else op.detach_region(op.epilogue)
        extras = list(op.extras)
        if isinstance(op, bolt.GemmOp):
            new: bolt.AnchorOp = bolt.GemmOp(
                input_, weight, result_type, extras, transpose_b=op.transpose_b is not None,
                epilogue=epilogue,
            )
        else:
            assert isinstance(op, bolt.Conv2dOp)
            new = bolt.Conv2dOp(
                input_, weight, result_type, extras, layout=op.layout.data,  # type: ignore[arg-type]
                strides=bolt.int_list(op.strides), padding=bolt.int_list(op.padding),
                dilations=bolt.int_list(op.dilations), groups=op.groups.value.data,
                epilogue=epilogue,
            )
        if op.kernel is not None:
            new.kernel = op.kernel
        new.attributes.update(op.attributes)
        return new

    def refuse(self, op: Operation, dimension: str, size: int, reason: str) -> None:
        self.state.refusals.append(Refusal(op.name, str(op_location(op)), dimension, size, reason))


@dataclass
class SinkTrim(RewritePattern):
    """op(trim(x), per-channel c) -> trim(op(x, padded c)) for ops whose lanes are channels."""

    state: PaddingState

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if type(op) not in CHANNEL_PRESERVING:
            return
        plan: set[tuple[int, int]] = set()
        for i, operand in enumerate(op.operands):
            if operand.owner in self.state.trims:
                dim, _, padded = trim_geometry(operand.owner)  # type: ignore[arg-type, misc]
                result_dim = result_dim_of(op, i, dim)
                if result_dim is None:
                    return  # the op reads across the padded dimension: the trim stays
                plan.add((result_dim, padded))
        if len(plan) != 1:
            return  # no trim, or trims of different dimensions or sizes
        ((result_dim, size),) = plan
        operands = []
        for i, operand in enumerate(op.operands):
            od = operand_dim(op, i, result_dim)
            if od is BROADCASTS:
                operands.append(operand)
                continue
            assert isinstance(od, int)
            fill = NEUTRAL_FILL.get((type(op), i), 0.0)
            operands.append(self.state.padded_operand(rewriter, operand, od, size, fill=fill))
        result = op.results[0]
        assert isinstance(result.type, TensorType)
        padded = rebuilt_with(op, operands, with_size(result, result_dim, size))
        self.state.replace_with_trimmed(rewriter, op, padded, result.type)


@dataclass
class FoldPadOfTrim(RewritePattern):
    """pad(trim(x)) back to x's size -> x, when the lanes are the pad's value, or finite and
    read only through zero weight rows. A pad past x's size (a 3-channel result padded to 4
    feeding a convolution whose narrow input is padded to 8) -> pad(x) by the difference."""

    state: PaddingState

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.PadOp, rewriter: PatternRewriter, /) -> None:
        geometry = trim_geometry(op.input.owner)  # type: ignore[arg-type]
        if geometry is None or any(bolt.int_list(op.low)):
            return
        dim, real, size = geometry
        trim = op.input.owner
        assert isinstance(trim, bolt.SliceOp)
        padded, wanted = bolt.shape_of(trim.input), bolt.shape_of(op.result)
        if any(w != p for d, (w, p) in enumerate(zip(wanted, padded)) if d != dim) or wanted[dim] < size:
            return
        lanes = self.state.lanes(trim.input, dim, real)
        exact = lanes.value is not None and lanes.value == bolt.float_value(op.value)
        ignored = zero_rows_blocker(lanes) is None and all(
            reads_through_zero_rows(use.operation, op.result, real, self.state.lanes)
            for use in op.result.uses
        )
        if not (exact or ignored):
            return
        self.state.maybe_dead.append(trim)
        if wanted == padded:
            rewriter.replace(op, [], [trim.input])
            return
        high = [0] * len(wanted)
        high[dim] = wanted[dim] - size
        wider = bolt.PadOp(trim.input, [0] * len(wanted), high, bolt.float_value(op.value))
        wider.location = op.location
        rewriter.replace(op, [wider])


# --------------------------------------------------------------------------------------
# The pass.
# --------------------------------------------------------------------------------------


def _erase_dead(candidates: list[Operation]) -> None:
    """Erase what the rewrites left unused (old weights, trims nobody reads), and what only
    those used; nothing the input already had unused."""
    while candidates:
        op = candidates.pop()
        if op.parent is None or not op.has_trait(Pure) or any(r.uses for r in op.results):
            continue
        candidates.extend(o.owner for o in op.operands if isinstance(o.owner, Operation))
        Rewriter.erase_op(op)


def pad_alignment(module: ModuleOp, alignment: int | None = None) -> tuple[Refusal, ...]:
    """Pad every anchor of `module` that pays; the dimensions left unpadded, and why."""
    if (reason := alignment_option_blocker(alignment)) is not None:
        raise BoltcError(f"pad-alignment: {reason}")
    state = PaddingState(alignment)
    patterns = [PadAnchor(state), SinkTrim(state), FoldPadOfTrim(state)]
    # No DCE while walking (the greedy applier's would erase dead ops the input had);
    # `_erase_dead` then removes only what these rewrites orphaned.
    PatternRewriteWalker(
        GreedyRewritePatternApplier(patterns, dce_enabled=False)  # type: ignore[arg-type]
    ).rewrite_module(module)
    _erase_dead(state.maybe_dead)
    return tuple(state.refusals)


@dataclass(frozen=True)
class PadAlignmentPass(ModulePass):
    """Pad channels, K and N to whole 16-byte vectors (`alignment` elements if given)."""

    name = "pad-alignment"
    alignment: int | None = None

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        pad_alignment(op, self.alignment)
