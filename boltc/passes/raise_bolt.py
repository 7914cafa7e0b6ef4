"""raise-bolt: from the importer's literal translation to the ops a user thinks in.

torch-mlir spells GELU as five scalar ops, softmax as six generics, a ResNet convolution as a
tensor.pad and a convolution. The importer translates that literally; these patterns rewrite
it into `bolt.ew.gelu`, `bolt.softmax`, a padded `bolt.conv2d` and so on, which later passes fuse
and the emitters map onto CUTLASS. Every rewrite preserves values (up to floating-point
rounding: GELU's tanh constant, for one, is the exact sqrt(2/pi) after raising).

The elementwise activations are one table of expression templates (`ACTIVATIONS`) matched by a
small matcher; structural rewrites (reshape/transpose folding, padding into windows, means,
softmax, layer-norm) are one RewritePattern each.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import prod

from xdsl.context import Context
from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type, ModuleOp, TensorType
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.transforms.common_subexpression_elimination import cse

from boltc.dialects import bolt
from boltc.passes.patterns import FoldReshape, FoldTranspose, scalar_value

# --------------------------------------------------------------------------------------
# Reading values (scalar_value: passes/patterns.py).
# --------------------------------------------------------------------------------------


def _close(a: float, b: float, rel: float) -> bool:
    return a == b or math.isclose(a, b, rel_tol=rel, abs_tol=0.0)


# Machine epsilon (twice the largest relative rounding error) of the narrow float types. A
# half-precision export writes GELU's 0.044715 as the f16 0.0447083 (1.5e-4 off) and bf16 rounds
# constants by up to 2e-3: a template constant stored in such a type matches within this.
_NARROW_FLOAT_EPSILON = {Float16Type: 2.0**-10, BFloat16Type: 2.0**-7}


def _rounding_of(value: SSAValue) -> float:
    ty = value.type
    element = ty.get_element_type() if isinstance(ty, TensorType) else ty
    return _NARROW_FLOAT_EPSILON.get(type(element), 0.0)


# --------------------------------------------------------------------------------------
# Expression templates for elementwise activations.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Var:
    """Matches any value; the same name must match the same SSA value everywhere."""

    name: str


@dataclass(frozen=True)
class Const:
    """Matches a scalar constant: equal to `value` (within `rel`, or within the rounding of the
    constant's element type where that is coarser), or any, bound to `binds`."""

    value: float | None = None
    rel: float = 1e-6
    binds: str | None = None


@dataclass(frozen=True)
class Node:
    """Matches the result of an op of `kind` whose operands match `operands` (either order if
    `commutative`), and whose properties satisfy `check`."""

    kind: type[Operation]
    operands: tuple[Var | Const | Node, ...]
    commutative: bool = False
    check: Callable[[Operation], bool] | None = None


Template = Var | Const | Node
Bindings = dict[str, SSAValue | float]


def match(template: Template, value: SSAValue, bound: Bindings) -> Bindings | None:
    """The bindings under which `value` is an instance of `template`, or None."""
    if isinstance(template, Var):
        previous = bound.get(template.name)
        if previous is None:
            return {**bound, template.name: value}
        return bound if previous is value else None
    if isinstance(template, Const):
        number = scalar_value(value)
        if number is None:
            return None
        rel = max(template.rel, _rounding_of(value))
        if template.value is not None and not _close(number, template.value, rel):
            return None
        return {**bound, template.binds: number} if template.binds else bound
    op = value.owner
    if not isinstance(op, template.kind) or len(op.operands) != len(template.operands):
        return None
    if template.check is not None and not template.check(op):
        return None
    orders = [list(op.operands)]
    if template.commutative:
        orders.append(list(reversed(op.operands)))
    for operands in orders:
        result: Bindings | None = bound
        for sub, operand in zip(template.operands, operands):
            result = match(sub, operand, result)
            if result is None:
                break
        if result is not None:
            return result
    return None


def _add(a: Template, b: Template) -> Node:
    return Node(bolt.AddOp, (a, b), commutative=True)


def _mul(a: Template, b: Template) -> Node:
    return Node(bolt.MulOp, (a, b), commutative=True)


def _unary(kind: type[Operation], a: Template) -> Node:
    return Node(kind, (a,))


def _clamp_check(lo: float, hi: float) -> Callable[[Operation], bool]:
    return lambda op: (
        bolt.float_value(op.min) == lo and bolt.float_value(op.max) == hi  # type: ignore[attr-defined]
    )


def _predicate_in(*names: str) -> Callable[[Operation], bool]:
    return lambda op: op.predicate.data.value in names  # type: ignore[attr-defined]


X = Var("x")
SQRT_2 = math.sqrt(2.0)
SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)


@dataclass(frozen=True)
class Activation:
    """An activation's spelling(s) in elementwise primitives, and how to build it from x."""

    name: str
    template: Node
    build: Callable[[Bindings], Operation]


ACTIVATIONS: tuple[Activation, ...] = (
    Activation(
        "sigmoid: 1 / (1 + exp(-x))",
        Node(bolt.DivOp, (Const(1.0), _add(_unary(bolt.ExpOp, _unary(bolt.NegOp, X)), Const(1.0)))),
        lambda b: bolt.SigmoidOp(b["x"]),  # type: ignore[arg-type]
    ),
    Activation(
        "silu: x * sigmoid(x)",
        _mul(X, _unary(bolt.SigmoidOp, X)),
        lambda b: bolt.SiluOp(b["x"]),  # type: ignore[arg-type]
    ),
    Activation(
        "gelu (erf): x * ((erf(x / sqrt 2) + 1) * 0.5)",
        _mul(X, _mul(_add(_unary(bolt.ErfOp, Node(bolt.DivOp, (X, Const(SQRT_2)))), Const(1.0)), Const(0.5))),
        lambda b: bolt.GeluOp(b["x"], bolt.GeluApproximation.ERF),  # type: ignore[arg-type]
    ),
    Activation(
        # Half-precision exports compute sqrt(2) in the body: math.sqrt of the constant 2.
        "gelu (erf): x * ((erf(x / sqrt(2)) + 1) * 0.5)",
        _mul(X, _mul(_add(_unary(bolt.ErfOp, Node(bolt.DivOp, (X, _unary(bolt.SqrtOp, Const(2.0))))), Const(1.0)), Const(0.5))),
        lambda b: bolt.GeluOp(b["x"], bolt.GeluApproximation.ERF),  # type: ignore[arg-type]
    ),
    Activation(
        "gelu (erf): x * ((erf(x * 1/sqrt 2) + 1) * 0.5)",
        _mul(X, _mul(_add(_unary(bolt.ErfOp, _mul(X, Const(1 / SQRT_2))), Const(1.0)), Const(0.5))),
        lambda b: bolt.GeluOp(b["x"], bolt.GeluApproximation.ERF),  # type: ignore[arg-type]
    ),
    Activation(
        # torch-mlir writes sqrt(2/pi) as 0.797724 (not 0.7978846): accept 1e-3 and compute the
        # exact constant, which is what torch computes.
        "gelu (tanh): x * ((tanh((x + x^3 * 0.044715) * sqrt(2/pi)) + 1) * 0.5)",
        _mul(X, _mul(_add(_unary(bolt.TanhOp, _mul(
            _add(X, _mul(Node(bolt.PowOp, (X, Const(3.0))), Const(0.044715, rel=1e-4))),
            Const(SQRT_2_OVER_PI, rel=1e-3))), Const(1.0)), Const(0.5))),
        lambda b: bolt.GeluOp(b["x"], bolt.GeluApproximation.TANH),  # type: ignore[arg-type]
    ),
    Activation(
        "hardswish: x * clamp(x + 3, 0, 6) / 6",
        Node(bolt.DivOp, (_mul(X, Node(bolt.ClampOp, (_add(X, Const(3.0)),), check=_clamp_check(0.0, 6.0))), Const(6.0))),
        lambda b: bolt.HardswishOp(b["x"]),  # type: ignore[arg-type]
    ),
    Activation(
        "softplus: x > 20 ? x : log1p(exp(x))  (torch's beta=1, threshold=20)",
        Node(bolt.SelectOp, (X, Const(20.0), X, _unary(bolt.Log1pOp, _unary(bolt.ExpOp, X))),
             check=_predicate_in("ogt", "ugt")),
        lambda b: bolt.SoftplusOp(b["x"]),  # type: ignore[arg-type]
    ),
    Activation(
        "relu: max(x, 0)",
        Node(bolt.MaxOp, (X, Const(0.0)), commutative=True),
        lambda b: bolt.ReluOp(b["x"]),  # type: ignore[arg-type]
    ),
    Activation(
        "clamp: min(relu(x), hi)",
        Node(bolt.MinOp, (_unary(bolt.ReluOp, X), Const(binds="hi")), commutative=True),
        lambda b: bolt.ClampOp(b["x"], 0.0, b["hi"]),  # type: ignore[arg-type]
    ),
    Activation(
        "clamp: min(max(x, lo), hi)",
        Node(bolt.MinOp, (Node(bolt.MaxOp, (X, Const(binds="lo")), commutative=True), Const(binds="hi")), commutative=True),
        lambda b: bolt.ClampOp(b["x"], b["lo"], b["hi"]),  # type: ignore[arg-type]
    ),
    Activation(
        "clamp: max(min(x, hi), lo)",
        Node(bolt.MaxOp, (Node(bolt.MinOp, (X, Const(binds="hi")), commutative=True), Const(binds="lo")), commutative=True),
        lambda b: bolt.ClampOp(b["x"], b["lo"], b["hi"]),  # type: ignore[arg-type]
    ),
)


class RaiseActivation(RewritePattern):
    """One pattern for the whole ACTIVATIONS table: the first template the op's result matches
    with x of the result's own type is replaced by the activation."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if len(op.results) != 1 or op.dialect_name() != "bolt":
            return
        (result,) = op.results
        for activation in ACTIVATIONS:
            if not isinstance(op, activation.template.kind):
                continue
            bound = match(activation.template, result, {})
            if bound is None or bound["x"].type != result.type:  # type: ignore[union-attr]
                continue
            if "lo" in bound and bound["lo"] > bound["hi"]:  # type: ignore[operator]
                continue
            rewriter.replace(op, activation.build(bound))
            return


class SelectToMinMax(RewritePattern):
    """(a > b ? a : b) is max(a, b), (a < b ? a : b) is min(a, b), and swapped arms swap them.
    (NaN handling may differ from the select's; torch's relu/clamp do not specify it either.)"""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.SelectOp, rewriter: PatternRewriter, /) -> None:
        greater = op.predicate.data.value in ("ogt", "ugt", "oge", "uge")
        less = op.predicate.data.value in ("olt", "ult", "ole", "ule")
        if not (greater or less):
            return
        if (op.on_true, op.on_false) == (op.lhs, op.rhs):
            kind = bolt.MaxOp if greater else bolt.MinOp
        elif (op.on_true, op.on_false) == (op.rhs, op.lhs):
            kind = bolt.MinOp if greater else bolt.MaxOp
        else:
            return
        new = kind(op.lhs, op.rhs)
        if new.output.type != op.output.type:
            return
        rewriter.replace(op, new)


# --------------------------------------------------------------------------------------
# Structural rewrites.
# --------------------------------------------------------------------------------------


class KeepDimsReduce(RewritePattern):
    """reshape(reduce(x, dims)) that only re-inserts the reduced dims -> reduce keep_dims."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.ReshapeOp, rewriter: PatternRewriter, /) -> None:
        reduce = op.input.owner
        if not isinstance(reduce, bolt.ReduceOp) or reduce.keep_dims is not None:
            return
        dims = bolt.int_list(reduce.dims)
        keep_shape = bolt.reduced_shape(bolt.shape_of(reduce.input), dims, keep_dims=True)
        if keep_shape != bolt.shape_of(op.result):
            return
        kind = bolt.ReduceKind(reduce.kind.data)
        rewriter.replace(op, bolt.ReduceOp(kind, reduce.input, dims, keep_dims=True))


class MeanFromSum(RewritePattern):
    """sum(x over dims) / (number of elements summed) -> mean(x over dims)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.DivOp, rewriter: PatternRewriter, /) -> None:
        reduce = op.lhs.owner
        if not isinstance(reduce, bolt.ReduceOp) or reduce.kind.data != bolt.ReduceKind.SUM:
            return
        dims = bolt.int_list(reduce.dims)
        count = prod(bolt.shape_of(reduce.input)[d] for d in dims)
        divisor = scalar_value(op.rhs)
        if divisor is None or divisor != count or op.output.type != reduce.result.type:
            return
        keep = reduce.keep_dims is not None
        rewriter.replace(op, bolt.ReduceOp(bolt.ReduceKind.MEAN, reduce.input, dims, keep_dims=keep))


class GlobalAveragePool(RewritePattern):
    """mean over H and W of an N x C x H x W tensor -> global average pooling."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.ReduceOp, rewriter: PatternRewriter, /) -> None:
        shape = bolt.shape_of(op.input)
        if op.kind.data != bolt.ReduceKind.MEAN or len(shape) != 4 or bolt.int_list(op.dims) != (2, 3):
            return
        n, c, h, w = shape
        element = op.input.type.get_element_type()  # type: ignore[attr-defined]
        pool = bolt.Pool2dOp(
            bolt.PoolKind.AVG, op.input, TensorType(element, (n, c, 1, 1)),
            layout=bolt.Layout.NCHW, window=(h, w), strides=(1, 1),
        )
        if op.keep_dims is not None:
            rewriter.replace(op, pool)
        else:
            rewriter.replace(op, [pool, bolt.ReshapeOp(pool.result, (n, c))])


class AveragePoolArea(RewritePattern):
    """(avg_pool(x) * area) / area -> avg_pool(x): the importer's sum-pool meets torch's mean."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.DivOp, rewriter: PatternRewriter, /) -> None:
        scaled = op.lhs.owner
        if not isinstance(scaled, bolt.MulOp) or op.output.type != scaled.output.type:
            return
        pool = scaled.lhs.owner
        if not isinstance(pool, bolt.Pool2dOp) or pool.kind.data != bolt.PoolKind.AVG:
            return
        area = prod(bolt.int_list(pool.window))
        if scalar_value(scaled.rhs) != area or scalar_value(op.rhs) != area:
            return
        rewriter.replace(op, [], [pool.result])


def _spatial_dims(layout: bolt.Layout) -> tuple[int, int]:
    return (1, 2) if layout == bolt.Layout.NHWC else (2, 3)


def _spatial_padding(pad: bolt.PadOp, layout: bolt.Layout) -> tuple[int, int, int, int] | None:
    """A pad of only H and W as [top, left, bottom, right], or None."""
    low, high = bolt.int_list(pad.low), bolt.int_list(pad.high)
    h, w = _spatial_dims(layout)
    if any(low[d] or high[d] for d in range(len(low)) if d not in (h, w)):
        return None
    return (low[h], low[w], high[h], high[w])


class FoldPadIntoConv(RewritePattern):
    """conv(pad(x, 0)) -> conv with padding: torch-mlir pads before every padded convolution."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.Conv2dOp, rewriter: PatternRewriter, /) -> None:
        pad = op.input.owner
        if not isinstance(pad, bolt.PadOp) or bolt.float_value(pad.value) != 0.0:
            return
        extra = _spatial_padding(pad, op.layout.data)
        if extra is None:
            return
        padding = [a + b for a, b in zip(bolt.int_list(op.padding), extra)]
        rewriter.replace(op, _rebuilt_conv(op, pad.input, padding))


def _rebuilt_conv(
    op: bolt.Conv2dOp, input: SSAValue, padding: Sequence[int], filter: SSAValue | None = None
) -> bolt.Conv2dOp:
    new = bolt.Conv2dOp(
        input, filter or op.filter, op.result.type, list(op.extras), layout=op.layout.data,
        strides=bolt.int_list(op.strides), padding=padding, dilations=bolt.int_list(op.dilations),
        groups=op.groups.value.data, epilogue=op.detach_region(op.epilogue),
    )
    if op.kernel is not None:
        new.kernel = op.kernel
    new.location = op.location  # errors and remarks keep pointing at the source conv
    return new


class FoldPadIntoPool(RewritePattern):
    """max_pool(pad(x, -inf)) and avg_pool(pad(x, 0)) -> a padded pool (bolt's avg pool counts
    padded zeros, as torch's count_include_pad=True), while the padding stays under the window."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.Pool2dOp, rewriter: PatternRewriter, /) -> None:
        pad = op.input.owner
        if not isinstance(pad, bolt.PadOp):
            return
        neutral = -math.inf if op.kind.data == bolt.PoolKind.MAX else 0.0
        if bolt.float_value(pad.value) != neutral:
            return
        extra = _spatial_padding(pad, op.layout.data)
        if extra is None:
            return
        padding = [a + b for a, b in zip(bolt.int_list(op.padding), extra)]
        kh, kw = bolt.int_list(op.window)
        if padding[0] >= kh or padding[2] >= kh or padding[1] >= kw or padding[3] >= kw:
            return
        rewriter.replace(op, bolt.Pool2dOp(
            bolt.PoolKind(op.kind.data), pad.input, op.result.type, layout=op.layout.data,  # type: ignore[arg-type]
            window=(kh, kw), strides=bolt.int_list(op.strides), padding=padding,
        ))


def _half_source(value: SSAValue) -> SSAValue | None:
    """x where value is cast(x: f16 or bf16 -> f32), an exact widening; else None."""
    cast = value.owner
    if not isinstance(cast, bolt.CastOp):
        return None
    source = cast.input.type.get_element_type()  # type: ignore[attr-defined]
    target = cast.output.type.get_element_type()  # type: ignore[attr-defined]
    return cast.input if isinstance(source, Float16Type | BFloat16Type) and isinstance(target, Float32Type) else None


def _transposed_matrix(value: SSAValue) -> SSAValue | None:
    """x where value is transpose(x) of a matrix ([1, 0]); else None."""
    op = value.owner
    if isinstance(op, bolt.TransposeOp) and bolt.int_list(op.permutation) == (1, 0):
        return op.input
    return None


class AnchorOnHalfOperands(RewritePattern):
    """gemm/conv(cast(a: T -> f32), cast(b: T -> f32)) -> gemm/conv(a, b), T = f16 or bf16.

    A half-precision export computes a Linear in f32 on widened operands (extf generics around
    an f32 linalg.matmul). A product of two T values is exact in f32 and the anchors accumulate
    in fp32, so reading the T operands computes the same values, in one half-precision kernel
    instead of an f32 one behind two cast kernels. A matrix transposed on its way into the cast
    (torch's Linear weight) becomes the GEMM's transpose flag, as the importer does for f32."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, bolt.GemmOp | bolt.Conv2dOp):
            return
        first, second = (op.lhs, op.rhs) if isinstance(op, bolt.GemmOp) else (op.input, op.filter)
        a, b = _half_source(first), _half_source(second)
        if a is None or b is None or a.type.get_element_type() != b.type.get_element_type():  # type: ignore[attr-defined]
            return
        if isinstance(op, bolt.Conv2dOp):
            rewriter.replace(op, _rebuilt_conv(op, a, bolt.int_list(op.padding), filter=b))
            return
        transpose_a, transpose_b = op.transpose_a is not None, op.transpose_b is not None
        if not transpose_a and (inner := _transposed_matrix(a)) is not None:
            a, transpose_a = inner, True
        if not transpose_b and (inner := _transposed_matrix(b)) is not None:
            b, transpose_b = inner, True
        new = bolt.GemmOp(
            a, b, op.result.type, list(op.extras), transpose_a=transpose_a, transpose_b=transpose_b,
            epilogue=op.detach_region(op.epilogue),
        )
        if op.kernel is not None:
            new.kernel = op.kernel
        new.location = op.location
        rewriter.replace(op, new)


def _keepdims_reduce(value: SSAValue, kind: bolt.ReduceKind) -> bolt.ReduceOp | None:
    op = value.owner
    if isinstance(op, bolt.ReduceOp) and op.kind.data == kind and op.keep_dims is not None:
        return op
    return None


def _trailing_axis(reduce: bolt.ReduceOp) -> int | None:
    """The first dim of a reduction over all trailing dims, or None."""
    dims = bolt.int_list(reduce.dims)
    rank = len(bolt.shape_of(reduce.input))
    return dims[0] if list(dims) == list(range(dims[0], rank)) else None


class RaiseSoftmax(RewritePattern):
    """e / sum(e, axis) with e = exp(x - max(x, axis)) -> softmax(x, axis)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.DivOp, rewriter: PatternRewriter, /) -> None:
        total = _keepdims_reduce(op.rhs, bolt.ReduceKind.SUM)
        exp = op.lhs.owner
        if total is None or total.input is not op.lhs or not isinstance(exp, bolt.ExpOp):
            return
        shifted = exp.input.owner
        if not isinstance(shifted, bolt.SubOp):
            return
        peak = _keepdims_reduce(shifted.rhs, bolt.ReduceKind.MAX)
        dims = bolt.int_list(total.dims)
        if peak is None or peak.input is not shifted.lhs or bolt.int_list(peak.dims) != dims or len(dims) != 1:
            return
        if shifted.lhs.type != op.output.type:
            return
        rewriter.replace(op, bolt.SoftmaxOp(shifted.lhs, dims[0]))


def _same_mean(a: SSAValue, b: SSAValue) -> bool:
    ra, rb = _keepdims_reduce(a, bolt.ReduceKind.MEAN), _keepdims_reduce(b, bolt.ReduceKind.MEAN)
    return (
        ra is not None and rb is not None and ra.input is rb.input
        and bolt.int_list(ra.dims) == bolt.int_list(rb.dims)
    )


class RaiseLayerNorm(RewritePattern):
    """(x - mean(x)) * rsqrt(mean((x - mean(x))^2) + eps) over trailing dims -> layernorm."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.MulOp, rewriter: PatternRewriter, /) -> None:
        for centered_value, scale_value in ((op.lhs, op.rhs), (op.rhs, op.lhs)):
            centered, scale = centered_value.owner, scale_value.owner
            if not isinstance(centered, bolt.SubOp) or not isinstance(scale, bolt.RsqrtOp):
                continue
            mean = _keepdims_reduce(centered.rhs, bolt.ReduceKind.MEAN)
            shifted = scale.input.owner
            if mean is None or mean.input is not centered.lhs or not isinstance(shifted, bolt.AddOp):
                continue
            axis = _trailing_axis(mean)
            for variance_value, eps_value in ((shifted.lhs, shifted.rhs), (shifted.rhs, shifted.lhs)):
                epsilon = scalar_value(eps_value)
                variance = _keepdims_reduce(variance_value, bolt.ReduceKind.MEAN)
                if epsilon is None or variance is None or axis is None:
                    continue
                if bolt.int_list(variance.dims) != bolt.int_list(mean.dims):
                    continue
                square = variance.input.owner
                if not isinstance(square, bolt.MulOp) or square.lhs is not square.rhs:
                    continue
                deviation = square.lhs.owner
                if not isinstance(deviation, bolt.SubOp) or deviation.lhs is not mean.input:
                    continue
                if not _same_mean(deviation.rhs, centered.rhs) or mean.input.type != op.output.type:
                    continue
                rewriter.replace(op, bolt.LayerNormOp(mean.input, axis, epsilon))
                return


class FoldLayerNormAffine(RewritePattern):
    """layernorm(x) * gamma + beta -> layernorm(x, gamma, beta), gamma/beta over the normalized
    dims only (numpy-broadcast from the leading ones)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if isinstance(op, bolt.MulOp):
            role = "gamma"
        elif isinstance(op, bolt.AddOp):
            role = "beta"
        else:
            return
        for norm_value, param in ((op.lhs, op.rhs), (op.rhs, op.lhs)):
            norm = norm_value.owner
            if not isinstance(norm, bolt.LayerNormOp) or not norm.result.has_one_use():
                continue
            if role == "gamma" and (norm.gamma is not None or norm.beta is not None):
                continue
            if role == "beta" and norm.beta is not None:
                continue
            axis = norm.axis.value.data
            shape = bolt.shape_of(norm.result)
            normalized = shape[axis:]
            p_shape = bolt.shape_of(param)
            leading = p_shape[: len(p_shape) - len(normalized)]
            if p_shape[len(p_shape) - len(normalized):] != normalized or any(d != 1 for d in leading):
                continue
            if param.type.get_element_type() != norm.result.type.get_element_type():  # type: ignore[attr-defined]
                continue
            if op.results[0].type != norm.result.type:
                continue
            new_ops: list[Operation] = []
            if p_shape != normalized:
                reshape = bolt.ReshapeOp(param, normalized)
                new_ops.append(reshape)
                param = reshape.result
            gamma = param if role == "gamma" else norm.gamma
            beta = param if role == "beta" else norm.beta
            epsilon = bolt.float_value(norm.epsilon)
            new_ops.append(bolt.LayerNormOp(norm.input, axis, epsilon, gamma=gamma, beta=beta))
            rewriter.replace(op, new_ops)
            return


RAISE_PATTERNS: tuple[RewritePattern, ...] = (
    FoldReshape(),
    FoldTranspose(),
    KeepDimsReduce(),
    MeanFromSum(),
    GlobalAveragePool(),
    AveragePoolArea(),
    FoldPadIntoConv(),
    FoldPadIntoPool(),
    AnchorOnHalfOperands(),
    SelectToMinMax(),
    RaiseActivation(),
    RaiseSoftmax(),
    RaiseLayerNorm(),
    FoldLayerNormAffine(),
)


def raise_bolt(module: ModuleOp, max_rounds: int = 8) -> None:
    """Apply the raising patterns to a fixed point; CSE between rounds merges the repeated
    subexpressions torch-mlir emits (layer-norm's mean is computed twice, for one)."""
    for _ in range(max_rounds):
        changed = PatternRewriteWalker(GreedyRewritePatternApplier(list(RAISE_PATTERNS))).rewrite_module(module)
        before = sum(1 for _ in module.walk())
        cse(module)
        merged = sum(1 for _ in module.walk()) != before
        if not changed and not merged:
            return


@dataclass(frozen=True)
class RaiseBoltPass(ModulePass):
    """Recognise activations, softmax, layer-norm, pooling and padded windows in bolt IR."""

    name = "raise-bolt"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        raise_bolt(op)
