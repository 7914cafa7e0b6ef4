"""The linalg-on-tensors importer: torch-mlir's output (or IREE's) -> the bolt dialect.

Two stages, both visible with boltc-opt:
1. `import-linalg` translates op by op, literally: every linalg/tensor/arith op that a returned
   value depends on becomes bolt ops with the same meaning. A `linalg.generic` body is
   evaluated over whole tensors: each scalar op becomes the matching `bolt.ew.*` op on
   operands aligned to the iteration space (numpy broadcasting), reductions become
   `bolt.reduce`. Nothing is pattern-matched here, so nothing is lost.
2. `raise-bolt` (boltc/passes/raise_bolt.py) rewrites the literal translation into the ops a
   user thinks in: relu, clamp, GELU, sigmoid, SiLU, hardswish, softplus, softmax, layer-norm,
   average pooling, padding folded into convolutions and pools.

An op that cannot be imported is a BoltcError naming the op and its source location.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from xdsl.context import Context
from xdsl.dialects import arith, func, math as mathd, tensor
from xdsl.dialects.linalg import ops as linalg
from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    AnyFloat,
    BFloat16Type,
    BytesAttr,
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    TensorType,
    f32,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, OpResult, Region, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr, AffineMap
from xdsl.passes import ModulePass

from boltc import _xdsl_patches  # noqa: F401
from boltc.diagnostics import BoltcError, error_at
from boltc.dialects import bolt
from boltc.dialects import linalg_extra
from boltc.dialects.resources import dense_array, element_bytes
from boltc.frontends.builder import GraphBuilder, element_of
from boltc.interpret.element_types import round_to

# --------------------------------------------------------------------------------------
# Element types.
# --------------------------------------------------------------------------------------

_FLOAT_TYPES = (Float32Type, Float16Type, BFloat16Type)


def bolt_element_type(ty: Attribute, where: Operation) -> Attribute:
    """The bolt element type for an imported scalar type. f64 intermediates (torch-mlir computes
    layer-norm variances in f64) are computed in f32: bolt has no f64 kernels."""
    if isinstance(ty, _FLOAT_TYPES):
        return ty
    if isinstance(ty, Float64Type):
        return f32
    raise error_at(where, f"unsupported element type {ty} (boltc computes in f32, f16 and bf16)")


def _narrower_float(a: Attribute, b: Attribute) -> bool:
    """a converts exactly into b: a float type of fewer bits (f16 and bf16 both widen to f32)."""
    return isinstance(a, AnyFloat) and isinstance(b, AnyFloat) and a.bitwidth < b.bitwidth


def bolt_tensor_type(ty: Attribute, where: Operation) -> TensorType:
    if not isinstance(ty, TensorType) or any(d < 0 for d in ty.get_shape()):
        raise error_at(where, f"unsupported type {ty}: boltc needs statically shaped tensors")
    return TensorType(bolt_element_type(ty.get_element_type(), where), ty.get_shape())


# --------------------------------------------------------------------------------------
# What an imported SSA value stands for.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Comparison:
    """An i1 value (arith.cmpf, or a tensor of them): bolt has no boolean tensors, so a
    comparison stays symbolic until an arith.select consumes it (as bolt.ew.select)."""

    predicate: bolt.ComparePredicate
    lhs: SSAValue
    rhs: SSAValue


@dataclass(frozen=True)
class Scalar:
    """A scalar arith.constant: becomes a rank-0 bolt.constant where a body uses it."""

    value: float


@dataclass(frozen=True)
class Unsupported:
    """A value boltc cannot represent (an i64 argmax buffer, say): an error only if used."""

    error: BoltcError


Imported = SSAValue | Comparison | Scalar | Unsupported

_CMPF_PREDICATES = list(arith.CMPF_COMPARISON_OPERATIONS)
_MATMUL_MAPS = ArrayAttr(
    AffineMapAttr(AffineMap.from_callable(f))
    for f in (lambda i, j, k: (i, k), lambda i, j, k: (k, j), lambda i, j, k: (i, j))
)


def _float_of(attr: Attribute) -> float:
    if isinstance(attr, FloatAttr):
        return float(attr.value.data)
    if isinstance(attr, IntegerAttr):
        return float(attr.value.data)
    raise ValueError(attr)


# --------------------------------------------------------------------------------------
# The translator of one function.
# --------------------------------------------------------------------------------------


@dataclass
class FunctionImporter(GraphBuilder):
    """Translates one func.func; builds with GraphBuilder (located at the op being imported)."""

    source: func.FuncOp
    values: dict[SSAValue, Imported] = field(default_factory=dict)
    _current: Operation | None = None

    def error(self, message: str, op: Operation | None = None) -> BoltcError:
        return error_at(op or self._current or self.source, message)

    def scalar_constant(self, value: float, element_type: Attribute) -> SSAValue:
        return self.scalar(value, element_type)

    def tensor(self, value: SSAValue) -> SSAValue:
        """The bolt tensor an imported tensor value became."""
        imported = self.values.get(value)
        if isinstance(imported, SSAValue):
            return imported
        if isinstance(imported, Unsupported):
            raise imported.error
        owner = value.owner if isinstance(value, OpResult) else None
        raise self.error(f"uses a value the importer could not translate ({value.type})", owner)

    # ---- driving -------------------------------------------------------------------

    def run(self) -> func.FuncOp:
        src = self.source
        arg_types = [bolt_tensor_type(t, src) for t in src.function_type.inputs]
        GraphBuilder.__init__(self, arg_types, src.location)
        for old, new in zip(src.body.block.args, self.block.args):
            self.values[old] = new
            new.name_hint = old.name_hint
        live = _live_ops(src.body.block)
        for op in src.body.block.ops:
            if op not in live:
                continue
            self._current = op
            self.location = op.location
            translate = _TOP_LEVEL.get(type(op))
            if translate is None:
                raise self.error("boltc has no translation for this op")
            translate(self, op)
        self._current = None
        out_types = [self.tensor(v).type for v in _return_op(src).operands]
        new = func.FuncOp(src.sym_name.data, (arg_types, out_types), Region(self.block))
        if src.sym_visibility is not None:
            new.sym_visibility = src.sym_visibility
        new.location = src.location
        return new

    # ---- top-level ops ----------------------------------------------------------------

    def import_return(self, op: func.ReturnOp) -> None:
        self.emit(func.ReturnOp(*(self.tensor(v) for v in op.operands)))

    def import_constant(self, op: arith.ConstantOp) -> None:
        value = op.value
        if isinstance(op.result.type, TensorType):
            try:
                self.values[op.result] = self._tensor_constant(op, value)
            except BoltcError as e:
                # An integer weight, say: an error where it is used, which names the using op.
                self.values[op.result] = Unsupported(e)
        else:
            self.values[op.result] = Scalar(_float_of(value))

    def _tensor_constant(self, op: Operation, value: Attribute) -> SSAValue:
        ty = op.results[0].type
        assert isinstance(ty, TensorType)
        target = bolt_tensor_type(ty, op)
        if target == ty:
            return self.emit(bolt.ConstantOp(value)).results[0]  # blobs stay blobs
        if isinstance(value, (DenseIntOrFPElementsAttr, DenseResourceAttr)):
            try:
                array = dense_array(value)
            except ValueError as e:
                raise self.error(str(e)) from None
            raw = element_bytes(array.astype(np.float32), target.get_element_type())  # f64 -> f32
            return self.emit(bolt.dense_constant(target, raw)).results[0]
        raise self.error(f"unsupported constant {value}")

    def import_empty(self, op: tensor.EmptyOp) -> None:
        pass  # only ever an `outs` placeholder; reading it is reported where it happens

    def import_fill(self, op: linalg.FillOp) -> None:
        (scalar,) = op.inputs
        value = self.values.get(scalar)
        if not isinstance(value, Scalar):
            raise self.error("linalg.fill needs a constant scalar")
        try:
            out = bolt_tensor_type(op.res[0].type, op)
        except BoltcError as e:
            self.values[op.res[0]] = Unsupported(e)
            return
        constant = self.scalar_constant(value.value, out.get_element_type())
        filled = self.emit(bolt.BroadcastOp(constant, out, list(range(out.get_num_dims()))))
        self.values[op.res[0]] = filled.results[0]

    def import_broadcast(self, op: linalg.BroadcastOp) -> None:
        out = bolt_tensor_type(op.result[0].type, op)
        dims = bolt.int_list(op.dimensions)
        self.values[op.result[0]] = self.emit(
            bolt.BroadcastOp(self.tensor(op.input), out, dims)
        ).results[0]

    def import_transpose(self, op: linalg.TransposeOp) -> None:
        perm = bolt.int_list(op.permutation)
        self.values[op.res[0]] = self.emit(
            bolt.TransposeOp(self.tensor(op.inputs[0]), perm)
        ).results[0]

    def import_reshape(self, op: tensor.ExpandShapeOp | tensor.CollapseShapeOp) -> None:
        if is_empty_placeholder(op.src):
            return  # a view of an `outs` placeholder (a grouped conv's output) is one too
        shape = bolt.shape_of(op.result)
        self.values[op.result] = self.reshape(self.tensor(op.src), shape)

    def import_pad(self, op: tensor.PadOp) -> None:
        if op.low or op.high:
            raise self.error("tensor.pad with dynamic sizes is not supported")
        body = op.region.block
        (yielded,) = body.last_op.operands  # type: ignore[union-attr]
        value = self.values.get(yielded)
        if not isinstance(value, Scalar):
            raise self.error("tensor.pad must yield a constant padding value")
        low, high = bolt.int_list(op.static_low), bolt.int_list(op.static_high)
        self.values[op.result] = self.emit(
            bolt.PadOp(self.tensor(op.source), low, high, value.value)
        ).results[0]

    def import_concat(self, op: tensor.ConcatOp) -> None:
        inputs = [self.tensor(v) for v in op.inputs]
        self.values[op.result] = self.emit(bolt.ConcatOp(inputs, op.dim.value.data)).results[0]

    def import_extract_slice(self, op: tensor.ExtractSliceOp) -> None:
        if op.offsets or op.sizes or op.strides:
            raise self.error("tensor.extract_slice with dynamic sizes is not supported")
        sizes = bolt.int_list(op.static_sizes)
        result_shape = bolt.shape_of(op.result)
        sliced = self.emit(
            bolt.SliceOp(
                self.tensor(op.source),
                bolt.int_list(op.static_offsets),
                sizes,
                bolt.int_list(op.static_strides),
            )
        ).results[0]
        self.values[op.result] = self.reshape(sliced, result_shape)  # rank-reducing slices

    # ---- contractions ------------------------------------------------------------------

    def _accumulate_into(self, op: Operation, product: SSAValue, init: SSAValue) -> SSAValue:
        """linalg contractions add into their init: skip a zero fill, else add it."""
        if _fill_value(init) == 0.0:
            return product
        return self.emit(bolt.AddOp(product, self.tensor(init))).results[0]

    def _gemm_operand(self, value: SSAValue) -> tuple[SSAValue, bool]:
        """A 2-D operand, looking through a linalg.transpose [1, 0] (torch's Linear weight)."""
        owner = value.owner
        if isinstance(owner, linalg.TransposeOp) and bolt.int_list(owner.permutation) == (1, 0):
            return self.tensor(owner.inputs[0]), True
        return self.tensor(value), False

    def import_matmul(self, op: linalg.MatmulOp | linalg_extra.BatchMatmulOp) -> None:
        if isinstance(op, linalg.MatmulOp) and op.indexing_maps != _MATMUL_MAPS:
            raise self.error("linalg.matmul with custom indexing_maps is not supported")
        self._check_float_elements(op)
        a_value, b_value = op.inputs
        (init,) = op.outputs
        out = bolt_tensor_type(op.res[0].type, op)
        if isinstance(op, linalg.MatmulOp):
            a, transpose_a = self._gemm_operand(a_value)
            b, transpose_b = self._gemm_operand(b_value)
        else:
            (a, transpose_a), (b, transpose_b) = (self.tensor(a_value), False), (self.tensor(b_value), False)
        a, b = self._contraction_operands(a, b, out.get_element_type())
        gemm = self.emit(bolt.GemmOp(a, b, out, transpose_a=transpose_a, transpose_b=transpose_b))
        self.values[op.res[0]] = self._accumulate_into(op, gemm.results[0], init)

    def _check_float_elements(self, op: Operation) -> None:
        """Contractions of integers (i8 x i8 -> i32 quantized matmuls) are refused at the op,
        naming the mix, before any operand's own error."""
        operands = [*op.inputs, *op.outputs]  # type: ignore[attr-defined]
        elements = [v.type.get_element_type() for v in operands]
        if not all(isinstance(e, (*_FLOAT_TYPES, Float64Type)) for e in elements):
            mix = " x ".join(str(e) for e in elements[:-1]) + f" -> {elements[-1]}"
            raise self.error(f"unsupported element types {mix}: boltc computes in f32, f16 and bf16")

    def _contraction_operands(self, a: SSAValue, b: SSAValue, out: Attribute) -> tuple[SSAValue, SSAValue]:
        """A named contraction converts its input elements to the output's element type before
        it multiplies (linalg's cast_signed). Operands of one type no wider than the output
        (f16 x f16 -> f32, what half-precision exports write) are what bolt's anchors take
        as they are: the products are exact in the fp32 accumulator. Any other mix (f32 x f32
        -> f16, f16 x bf16 -> f32) is converted here, as the op says."""
        a_type, b_type = element_of(a), element_of(b)
        if a_type == b_type and (a_type == out or _narrower_float(a_type, out)):
            return a, b
        return self.cast(a, out), self.cast(b, out)

    def _window(self, op: Operation) -> tuple[tuple[int, int], tuple[int, int]]:
        strides = tuple(int(v) for v in op.strides.get_values())  # type: ignore[attr-defined]
        dilations = tuple(int(v) for v in op.dilations.get_values())  # type: ignore[attr-defined]
        return strides, dilations  # type: ignore[return-value]

    def import_conv(self, op: Operation) -> None:
        self._check_float_elements(op)
        x_value, w_value = op.inputs  # type: ignore[attr-defined]
        (init,) = op.outputs  # type: ignore[attr-defined]
        result = op.results[0]
        strides, dilations = self._window(op)
        element = bolt_element_type(result.type.get_element_type(), op)  # type: ignore[attr-defined]
        x, w = self._contraction_operands(self.tensor(x_value), self.tensor(w_value), element)
        x_shape, w_shape, out_shape = bolt.shape_of(x), bolt.shape_of(w), bolt.shape_of(result)
        if isinstance(op, linalg.Conv2DNchwFchwOp):
            groups, conv_out = 1, out_shape
        elif isinstance(op, linalg.Conv2DNgchwGfchwOp):
            # x: N G C/G H W; w: G F/G C/G R S; out: N G F/G P Q -> one grouped conv.
            n, g, cg, h, wd = x_shape
            _, fg, _, r, s = w_shape
            groups = g
            x = self.reshape(x, (n, g * cg, h, wd))
            w = self.reshape(w, (g * fg, cg, r, s))
            conv_out = (n, g * fg, *out_shape[3:])
        elif isinstance(op, linalg_extra.DepthwiseConv2DNchwChwOp):
            c, r, s = w_shape
            groups, conv_out = c, out_shape
            w = self.reshape(w, (c, 1, r, s))
        elif isinstance(op, linalg.Conv2DNhwc_HwcfOp):
            # Filter R S C F -> F R S C (KRSC), the layout bolt's NHWC convolution takes.
            w = self.transpose(w, (3, 0, 1, 2))
            groups, conv_out = 1, out_shape
        else:
            raise self.error("boltc has no translation for this convolution")
        layout = bolt.Layout.NHWC if isinstance(op, linalg.Conv2DNhwc_HwcfOp) else bolt.Layout.NCHW
        conv = self.emit(
            bolt.Conv2dOp(
                x, w, TensorType(element, conv_out), layout=layout, strides=strides,
                dilations=dilations, groups=groups,
            )
        ).results[0]
        conv = self.reshape(conv, out_shape)
        self.values[result] = self._accumulate_into(op, conv, init)

    def import_pool(self, op: Operation) -> None:
        x_value, window_value = op.inputs  # type: ignore[attr-defined]
        (init,) = op.outputs  # type: ignore[attr-defined]
        result = op.results[0]
        strides, dilations = self._window(op)
        if dilations != (1, 1):
            raise self.error("dilated pooling is not supported")
        window = bolt.shape_of(window_value)
        out = bolt_tensor_type(result.type, op)
        is_max = isinstance(op, linalg.PoolingNchwMaxOp)
        kind = bolt.PoolKind.MAX if is_max else bolt.PoolKind.AVG
        x = self.cast(self.tensor(x_value), out.get_element_type())  # as linalg converts it
        pooled = self.emit(
            bolt.Pool2dOp(kind, x, out, layout=bolt.Layout.NCHW, window=window, strides=strides)
        ).results[0]
        if not is_max:
            # linalg sums the window; bolt averages it. raise-bolt folds this into the
            # division by the window area that torch-mlir writes next.
            area = self.scalar_constant(float(window[0] * window[1]), out.get_element_type())
            pooled = self.emit(bolt.MulOp(pooled, area)).results[0]
        identity = -math.inf if is_max else 0.0
        if _fill_value(init) != identity:
            combine = bolt.MaxOp if is_max else bolt.AddOp
            pooled = self.emit(combine(pooled, self.tensor(init))).results[0]
        self.values[result] = pooled

    # ---- linalg.generic ------------------------------------------------------------------

    def import_generic(self, op: linalg.GenericOp) -> None:
        GenericImporter(self, op).run()


_TOP_LEVEL: dict[type[Operation], Callable[[FunctionImporter, Operation], None]] = {
    func.ReturnOp: FunctionImporter.import_return,
    arith.ConstantOp: FunctionImporter.import_constant,
    tensor.EmptyOp: FunctionImporter.import_empty,
    tensor.ExpandShapeOp: FunctionImporter.import_reshape,
    tensor.CollapseShapeOp: FunctionImporter.import_reshape,
    tensor.PadOp: FunctionImporter.import_pad,
    tensor.ConcatOp: FunctionImporter.import_concat,
    tensor.ExtractSliceOp: FunctionImporter.import_extract_slice,
    linalg.FillOp: FunctionImporter.import_fill,
    linalg.BroadcastOp: FunctionImporter.import_broadcast,
    linalg.TransposeOp: FunctionImporter.import_transpose,
    linalg.MatmulOp: FunctionImporter.import_matmul,
    linalg_extra.BatchMatmulOp: FunctionImporter.import_matmul,
    linalg.Conv2DNchwFchwOp: FunctionImporter.import_conv,
    linalg.Conv2DNgchwGfchwOp: FunctionImporter.import_conv,
    linalg.Conv2DNhwc_HwcfOp: FunctionImporter.import_conv,
    linalg_extra.DepthwiseConv2DNchwChwOp: FunctionImporter.import_conv,
    linalg.PoolingNchwMaxOp: FunctionImporter.import_pool,
    linalg_extra.PoolingNchwSumOp: FunctionImporter.import_pool,
    linalg.GenericOp: FunctionImporter.import_generic,
}  # type: ignore[dict-item]


# --------------------------------------------------------------------------------------
# linalg.generic: the body evaluated over whole tensors.
# --------------------------------------------------------------------------------------

_BINARY: dict[type[Operation], type[bolt.BinaryElementwiseOp]] = {
    arith.AddfOp: bolt.AddOp,
    arith.SubfOp: bolt.SubOp,
    arith.MulfOp: bolt.MulOp,
    arith.DivfOp: bolt.DivOp,
    arith.MaximumfOp: bolt.MaxOp,
    arith.MinimumfOp: bolt.MinOp,
    arith.MaxnumfOp: bolt.MaxOp,
    arith.MinnumfOp: bolt.MinOp,
    mathd.PowFOp: bolt.PowOp,
    mathd.FPowIOp: bolt.PowOp,
}
_UNARY: dict[type[Operation], type[bolt.UnaryElementwiseOp]] = {
    arith.NegfOp: bolt.NegOp,
    mathd.ExpOp: bolt.ExpOp,
    mathd.LogOp: bolt.LogOp,
    mathd.Log1pOp: bolt.Log1pOp,
    mathd.TanhOp: bolt.TanhOp,
    mathd.ErfOp: bolt.ErfOp,
    mathd.SqrtOp: bolt.SqrtOp,
    mathd.RsqrtOp: bolt.RsqrtOp,
    mathd.AbsFOp: bolt.AbsOp,
}
_CASTS = (arith.ExtFOp, arith.TruncFOp)
# Reduction combiners: yield combiner(expression, out) -> bolt.reduce of the expression.
_COMBINERS: dict[type[Operation], bolt.ReduceKind] = {
    arith.AddfOp: bolt.ReduceKind.SUM,
    arith.MaximumfOp: bolt.ReduceKind.MAX,
    arith.MaxnumfOp: bolt.ReduceKind.MAX,
    arith.MinimumfOp: bolt.ReduceKind.MIN,
    arith.MinnumfOp: bolt.ReduceKind.MIN,
}
_REDUCE_IDENTITY = {bolt.ReduceKind.SUM: 0.0, bolt.ReduceKind.MAX: -math.inf, bolt.ReduceKind.MIN: math.inf}
_REDUCE_COMBINE = {bolt.ReduceKind.SUM: bolt.AddOp, bolt.ReduceKind.MAX: bolt.MaxOp, bolt.ReduceKind.MIN: bolt.MinOp}


@dataclass
class GenericImporter:
    """One linalg.generic. Body values become tensors over the iteration space: rank = number
    of loops, each operand laid out in loop order with size 1 where it does not vary, so that
    numpy-style broadcasting between them is the generic's semantics."""

    fn: FunctionImporter
    op: linalg.GenericOp
    maps: list[AffineMap] = field(init=False)
    space: tuple[int, ...] = field(init=False)
    body_values: dict[SSAValue, Imported] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.maps = [m.data for m in self.op.indexing_maps]
        self.space = self._iteration_space()

    def error(self, message: str) -> BoltcError:
        return self.fn.error(message, self.op)

    def _iteration_space(self) -> tuple[int, ...]:
        sizes: dict[int, int] = {}
        operands = [*self.op.inputs, *self.op.outputs]
        for value, amap in zip(operands, self.maps):
            ty = value.type
            shape = ty.get_shape() if isinstance(ty, TensorType) else ()
            for size, expr in zip(shape, amap.results):
                if isinstance(expr, AffineDimExpr):
                    sizes[expr.position] = size
                elif not (isinstance(expr, AffineConstantExpr) and expr.value == 0 and size == 1):
                    raise self.error(f"indexing map {amap} is not a projected permutation")
        n = len(self.op.iterator_types)
        if sorted(sizes) != list(range(n)):
            raise self.error("every loop must index some operand")
        return tuple(sizes[d] for d in range(n))

    def run(self) -> None:
        iterators = [str(it.data.value) for it in self.op.iterator_types]
        reduction_dims = [d for d, it in enumerate(iterators) if it == "reduction"]
        yield_op = self.op.body.block.last_op
        assert yield_op is not None
        n_inputs = len(self.op.inputs)
        for i, (result, yielded) in enumerate(zip(self.op.res, yield_op.operands)):
            if not result.uses:
                continue  # e.g. the argmax half of torch-mlir's max reduction
            out_map = self.maps[n_inputs + i]
            if reduction_dims:
                value = self._reduction(i, yielded, reduction_dims, out_map)
            else:
                value = self._parallel_result(yielded, out_map, result)
            self.fn.values[result] = value

    # ---- results -----------------------------------------------------------------------

    def _parallel_result(self, yielded: SSAValue, out_map: AffineMap, result: SSAValue) -> Imported:
        value = self.body(yielded)
        if isinstance(value, Comparison):
            # A tensor of i1: keep it symbolic, laid out like the result.
            lhs = self._to_result_layout(self._expand(value.lhs), out_map, result)
            rhs = self._to_result_layout(self._expand(value.rhs), out_map, result)
            return Comparison(value.predicate, lhs, rhs)
        tensor_value = self._expand(self._as_tensor(value, result))
        return self._to_result_layout(tensor_value, out_map, result)

    def _to_result_layout(self, value: SSAValue, out_map: AffineMap, result: SSAValue) -> SSAValue:
        dims = [e.position for e in out_map.results if isinstance(e, AffineDimExpr)]
        if len(dims) != len(self.space) - self._num_reduced(out_map):
            raise self.error(f"output indexing map {out_map} is not supported")
        value = self.fn.transpose(value, dims)
        return self.fn.reshape(value, bolt.shape_of(result))

    def _num_reduced(self, out_map: AffineMap) -> int:
        used = {e.position for e in out_map.results if isinstance(e, AffineDimExpr)}
        return len(self.space) - len(used)

    def _reduction(self, index: int, yielded: SSAValue, reduction_dims: list[int], out_map: AffineMap) -> SSAValue:
        combiner = yielded.owner
        out_arg = self.op.body.block.args[len(self.op.inputs) + index]
        if isinstance(combiner, arith.AndIOp) and out_arg in combiner.operands:
            return self._all_reduction(index, combiner, out_arg, reduction_dims, out_map)
        kind = _COMBINERS.get(type(combiner)) if isinstance(combiner, Operation) else None
        if kind is None or out_arg not in combiner.operands:  # type: ignore[union-attr]
            raise self.error(
                "unsupported reduction body: boltc reads reductions that yield "
                "addf/maximumf/minimumf of an expression and the accumulator"
            )
        (expression,) = [v for v in combiner.operands if v is not out_arg] or [out_arg]  # type: ignore[union-attr]
        result = self.op.res[index]
        bolt_element_type(result.type.get_element_type(), self.op)  # type: ignore[attr-defined]  # refuses i64 & co.
        full = self._expand(self._as_tensor(self.body(expression), result))
        reduced = self.fn.emit(bolt.ReduceOp(kind, full, reduction_dims)).results[0]
        parallel_dims = [d for d in range(len(self.space)) if d not in reduction_dims]
        out_dims = [e.position for e in out_map.results if isinstance(e, AffineDimExpr)]
        if sorted(out_dims) != parallel_dims:
            raise self.error(f"output indexing map {out_map} is not supported")
        reduced = self.fn.transpose(reduced, [parallel_dims.index(d) for d in out_dims])
        reduced = self.fn.reshape(reduced, bolt.shape_of(result))
        init = self.op.outputs[index]
        if _fill_value(init) != _REDUCE_IDENTITY[kind]:
            reduced = self.fn.emit(_REDUCE_COMBINE[kind](reduced, self.fn.tensor(init))).results[0]
        return reduced

    def _all_reduction(self, index: int, combiner: Operation, out_arg: SSAValue, reduction_dims: list[int],
                       out_map: AffineMap) -> Comparison:
        """`andi` over a comparison with a constant: whether every element compares true, as one
        comparison of a max or min reduction (bolt has no boolean tensors). torch's safe
        softmax (scaled-dot-product attention) asks whether a row is all -inf this way:
        all(x == -inf) is max(x) == -inf, all(x > c) is min(x) > c, all(x < c) is max(x) < c.
        NaN agrees: an ordered comparison with NaN is false, and max/min propagate NaN."""
        (expression,) = [v for v in combiner.operands if v is not out_arg] or [out_arg]
        value = self.body(expression)
        constant = _splat_value(value.rhs) if isinstance(value, Comparison) else None
        init = _fill_value(self.op.outputs[index])  # an i1 true reads as 1 or -1 (signless)
        if constant is None or init is None or init == 0:
            raise self.error(
                "unsupported reduction body: an andi reduction must combine a comparison with a "
                "constant, into a tensor filled with true"
            )
        P = bolt.ComparePredicate
        if value.predicate is P.OEQ and math.isinf(constant):
            kind = bolt.ReduceKind.MAX if constant < 0 else bolt.ReduceKind.MIN
        elif value.predicate in (P.OGT, P.OGE):
            kind = bolt.ReduceKind.MIN
        elif value.predicate in (P.OLT, P.OLE):
            kind = bolt.ReduceKind.MAX
        else:
            raise self.error(
                f"unsupported reduction body: andi of a '{value.predicate.value}' comparison with "
                f"{constant} has no max/min form"
            )
        result = self.op.res[index]
        reduced = self.fn.emit(bolt.ReduceOp(kind, self._expand(value.lhs), reduction_dims)).results[0]
        parallel_dims = [d for d in range(len(self.space)) if d not in reduction_dims]
        out_dims = [e.position for e in out_map.results if isinstance(e, AffineDimExpr)]
        if sorted(out_dims) != parallel_dims:
            raise self.error(f"output indexing map {out_map} is not supported")
        reduced = self.fn.transpose(reduced, [parallel_dims.index(d) for d in out_dims])
        reduced = self.fn.reshape(reduced, bolt.shape_of(result))
        element = reduced.type.get_element_type()  # type: ignore[attr-defined]
        # A rank-0 bound: it broadcasts against the select that reads the comparison.
        return Comparison(value.predicate, reduced, self.fn.scalar_constant(constant, element))

    # ---- body values -------------------------------------------------------------------

    def _expand(self, value: SSAValue) -> SSAValue:
        return self.fn.expand_to(value, self.space)

    def _as_tensor(self, value: Imported, like: SSAValue) -> SSAValue:
        if isinstance(value, Scalar):
            element = bolt_element_type(like.type.get_element_type(), self.op)  # type: ignore[attr-defined]
            return self.fn.scalar_constant(value.value, element)
        if isinstance(value, Comparison):
            raise self.error("a comparison result (i1) must feed an arith.select")
        return value

    def aligned_operand(self, operand: SSAValue, amap: AffineMap) -> Imported:
        """An ins/outs tensor laid out over the iteration space (size 1 where it does not vary)."""
        imported = self.fn.values.get(operand)
        if isinstance(imported, Comparison):
            return Comparison(
                imported.predicate,
                self._align(imported.lhs, amap),
                self._align(imported.rhs, amap),
            )
        if is_empty_placeholder(operand):
            raise self.error("the body reads an uninitialized tensor.empty")
        return self._align(self.fn.tensor(operand), amap)

    def _align(self, value: SSAValue, amap: AffineMap) -> SSAValue:
        if not amap.results or not bolt.shape_of(value):
            return value  # rank 0: broadcasts against anything
        dims = [e.position for e in amap.results if isinstance(e, AffineDimExpr)]
        shape = [s for s, e in zip(bolt.shape_of(value), amap.results) if isinstance(e, AffineDimExpr)]
        value = self.fn.reshape(value, shape)  # drop the constant-0 (size 1) positions
        order = sorted(range(len(dims)), key=lambda i: dims[i])
        value = self.fn.transpose(value, order)
        target = [1] * len(self.space)
        for d in sorted(dims):
            target[d] = self.space[d]
        return self.fn.reshape(value, target)

    def body(self, value: SSAValue) -> Imported:
        """The tensor (or comparison, or scalar) a body value stands for, built on demand so
        that dead body code (argmax indices, cf.assert) is never translated."""
        if value in self.body_values:
            return self.body_values[value]
        result = self._translate_body_value(value)
        self.body_values[value] = result
        return result

    def _translate_body_value(self, value: SSAValue) -> Imported:
        block = self.op.body.block
        if isinstance(value, BlockArgument) and value.owner is block:
            operands = [*self.op.inputs, *self.op.outputs]
            return self.aligned_operand(operands[value.index], self.maps[value.index])
        owner = value.owner
        if not isinstance(owner, Operation) or owner.parent_block() is not block:
            captured = self.fn.values.get(value)  # a value from outside the generic
            if captured is None:
                raise self.error(f"the body uses a value the importer cannot translate: {value.type}")
            return captured
        return self._translate_body_op(owner)

    def _translate_body_op(self, op: Operation) -> Imported:
        fn = self.fn
        if isinstance(op, arith.ConstantOp):
            return Scalar(_float_of(op.value))
        element = bolt_element_type(op.results[0].type, op) if not isinstance(op, arith.CmpfOp) else None
        if type(op) in _BINARY:
            # (math.fpowi's i64 exponent is a Scalar and becomes a float constant.)
            lhs, rhs = (self._tensor_of(self.body(v), element) for v in op.operands[:2])
            return fn.emit(_BINARY[type(op)](lhs, rhs)).results[0]  # type: ignore[call-arg]
        if type(op) in _UNARY:
            (x,) = (self._tensor_of(self.body(v), element) for v in op.operands)
            return fn.emit(_UNARY[type(op)](x)).results[0]
        if isinstance(op, _CASTS):
            value = self.body(op.operands[0])
            if isinstance(value, Scalar):
                # truncf of a constant (a half export's f64 scale): a constant of the target
                # type, rounded as the cast rounds, rather than an f32 constant and a cast.
                return Scalar(_rounded_to(value.value, op.results[0].type))
            source = bolt_element_type(op.operands[0].type, op)
            return fn.cast(self._tensor_of(value, source), element)
        if isinstance(op, arith.CmpfOp):
            predicate = bolt.ComparePredicate(_CMPF_PREDICATES[op.predicate.value.data])
            source = bolt_element_type(op.lhs.type, op)
            lhs = self._tensor_of(self.body(op.lhs), source)
            rhs = self._tensor_of(self.body(op.rhs), source)
            return Comparison(predicate, lhs, rhs)
        if isinstance(op, arith.SelectOp):
            condition = self.body(op.cond)
            if not isinstance(condition, Comparison):
                raise fn.error("arith.select needs an arith.cmpf condition", op)
            on_true = self._tensor_of(self.body(op.lhs), element)
            on_false = self._tensor_of(self.body(op.rhs), element)
            lhs, rhs = condition.lhs, condition.rhs
            if lhs.type.get_element_type() != element:  # type: ignore[attr-defined]
                lhs, rhs = fn.cast(lhs, element), fn.cast(rhs, element)
            return fn.emit(
                bolt.SelectOp(condition.predicate, lhs, rhs, on_true, on_false)
            ).results[0]
        raise fn.error("boltc has no translation for this op inside a linalg.generic body", op)

    def _tensor_of(self, value: Imported, element: Attribute | None) -> SSAValue:
        if isinstance(value, Scalar):
            assert element is not None
            return self.fn.scalar_constant(value.value, element)
        if isinstance(value, Comparison):
            raise self.error("a comparison result (i1) must feed an arith.select")
        return value


# --------------------------------------------------------------------------------------
# Helpers on the source IR.
# --------------------------------------------------------------------------------------


def _rounded_to(value: float, element_type: Attribute) -> float:
    """`value` as a scalar of `element_type` holds it (round to nearest even, once from f64)."""
    return float(round_to(element_type, np.float64(value)))


def _splat_value(value: SSAValue) -> float | None:
    """The one value of a splat bolt.constant `value` is (through reshapes and broadcasts)."""
    while isinstance(value.owner, (bolt.ReshapeOp, bolt.BroadcastOp)):
        value = value.owner.input
    if not isinstance(value.owner, bolt.ConstantOp):
        return None
    values = np.asarray(dense_array(value.owner.value), np.float64).reshape(-1)
    return float(values[0]) if values.size and np.all(values == values[0]) else None


def _fill_value(value: SSAValue) -> float | None:
    """The constant a `linalg.fill` writes into `value`, if that is where it comes from."""
    owner = value.owner
    if isinstance(owner, linalg.FillOp):
        scalar = owner.inputs[0].owner
        if isinstance(scalar, arith.ConstantOp):
            return _float_of(scalar.value)
    return None


def _return_op(fn: func.FuncOp) -> func.ReturnOp:
    last = fn.body.block.last_op
    if not isinstance(last, func.ReturnOp):
        raise error_at(fn, "the function must end in func.return")
    return last


def is_empty_placeholder(value: SSAValue) -> bool:
    """A tensor.empty, or a reshape of one: only ever an `outs` placeholder, with no values."""
    while isinstance(value.owner, (tensor.ExpandShapeOp, tensor.CollapseShapeOp)):
        value = value.owner.src
    return isinstance(value.owner, tensor.EmptyOp)


def _live_ops(block: Block) -> set[Operation]:
    """Ops the return depends on (through operands, including values a body captures)."""
    live: set[Operation] = set()
    work: list[Operation] = [op for op in block.ops if isinstance(op, func.ReturnOp)]
    while work:
        op = work.pop()
        if op in live:
            continue
        live.add(op)
        for inner in op.walk():
            for operand in inner.operands:
                owner = operand.owner
                if isinstance(owner, Operation) and owner.parent_block() is block:
                    work.append(owner)
    return live


def _is_bolt_function(fn: func.FuncOp) -> bool:
    return all(
        isinstance(op, func.ReturnOp) or op.dialect_name() == "bolt" for op in fn.body.block.ops
    )


def _check_interface_type(ty: Attribute, fn: func.FuncOp) -> None:
    """Model inputs and outputs must be f32/f16/bf16 tensors (f64 only inside the model)."""
    if not isinstance(ty, TensorType):
        raise error_at(fn, f"unsupported type {ty} in the signature: boltc models take tensors")
    if not isinstance(ty.get_element_type(), _FLOAT_TYPES):
        raise error_at(
            fn,
            f"unsupported element type {ty.get_element_type()} in the signature "
            "(boltc models take f32, f16 or bf16 tensors)",
        )


# --------------------------------------------------------------------------------------
# Entry points.
# --------------------------------------------------------------------------------------


def import_linalg(module: ModuleOp) -> ModuleOp:
    """Translate every func.func of a linalg-on-tensors module into bolt, in place."""
    for op in list(module.body.block.ops):
        if isinstance(op, func.FuncOp):
            for ty in (*op.function_type.inputs, *op.function_type.outputs):
                _check_interface_type(ty, op)
            if not op.body.blocks or _is_bolt_function(op):
                continue  # a declaration, or already bolt IR
            new = FunctionImporter(op).run()
            module.body.block.insert_op_before(new, op)
            module.body.block.erase_op(op)
        elif not isinstance(op, bolt.ConstantOp):
            raise error_at(op, "boltc has no translation for this op at module level")
    return module


@dataclass(frozen=True)
class ImportLinalgPass(ModulePass):
    """linalg-on-tensors -> bolt, op by op (no pattern matching; see raise-bolt)."""

    name = "import-linalg"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        import_linalg(op)
