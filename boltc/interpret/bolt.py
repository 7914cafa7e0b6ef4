"""The bolt dialect on numpy arrays: the semantics every pass must preserve.

Anchors sum their products in float64 and round the sum once to the fp32 accumulator the
CUTLASS kernels keep, then run their epilogue region on it: the exact answer that the kernels'
fp32 sums approximate, the same on every machine (an fp32 BLAS sum is not: its order, and so its
rounding, depends on the BLAS build and the CPU). Elementwise ops compute in float64 and round once to their result's element
type: for + - * / that is exactly IEEE arithmetic in that type (float64 carries more than
twice the bits of float32, so the double rounding is innocuous), and for transcendental ops
it is as close to the true value as the element type allows. Normalizations and reductions
accumulate in float64 too: the reference is the exact answer, rounded once.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from xdsl.dialects.builtin import TensorType
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    ReturnedValues,
    impl,
    impl_terminator,
    register_impls,
)

from boltc.dialects import bolt
from boltc.dialects.bolt import AttentionLayout, GeluApproximation, Layout, PoolKind, ReduceKind, int_list
from boltc.interpret import numerics
from boltc.interpret.constants import constant_value
from boltc.interpret.element_types import round_to, value_element_type
from boltc.interpret.tables import table_impls
from boltc.interpret.windows import conv2d_nhwc, pad_spatial, sliding_windows

UNARY_FUNCTIONS: dict[type[bolt.UnaryElementwiseOp], Any] = {
    bolt.ReluOp: numerics.relu,
    bolt.SigmoidOp: numerics.sigmoid,
    bolt.TanhOp: np.tanh,
    bolt.SiluOp: numerics.silu,
    bolt.HardswishOp: numerics.hardswish,
    bolt.SoftplusOp: numerics.softplus,
    bolt.ExpOp: np.exp,
    bolt.LogOp: np.log,
    bolt.Log1pOp: np.log1p,
    bolt.SqrtOp: np.sqrt,
    bolt.RsqrtOp: numerics.rsqrt,
    bolt.NegOp: np.negative,
    bolt.AbsOp: np.abs,
    bolt.ErfOp: numerics.erf,
    bolt.ReciprocalOp: numerics.reciprocal,
    bolt.CastOp: lambda x: x,  # the rounding to the result type is the whole op
}

BINARY_FUNCTIONS: dict[type[bolt.BinaryElementwiseOp], np.ufunc] = {
    bolt.AddOp: np.add,
    bolt.SubOp: np.subtract,
    bolt.MulOp: np.multiply,
    bolt.DivOp: np.divide,
    bolt.MaxOp: np.maximum,  # NaN-propagating, as the ops say
    bolt.MinOp: np.minimum,
    bolt.PowOp: np.power,
}

GELU_FUNCTIONS = {
    GeluApproximation.ERF: numerics.gelu_erf,
    GeluApproximation.TANH: numerics.gelu_tanh,
}

REDUCE_FUNCTIONS = {
    ReduceKind.SUM: np.sum,
    ReduceKind.MEAN: np.mean,
    ReduceKind.MAX: np.max,  # NaN-propagating
    ReduceKind.MIN: np.min,
}


def in_float64(x: Any) -> np.ndarray:
    return np.asarray(x, dtype=np.float64)


def result_type(value: Any) -> Any:
    return value_element_type(value)


def run_unary(function: Any, interpreter: Interpreter, op: Any, args: PythonValues):
    return (round_to(result_type(op.output), function(in_float64(args[0]))),)


def run_binary(ufunc: np.ufunc, interpreter: Interpreter, op: Any, args: PythonValues):
    lhs, rhs = args
    return (round_to(result_type(op.output), ufunc(in_float64(lhs), in_float64(rhs))),)


def spatial_axes(layout: Layout) -> tuple[int, int]:
    return (1, 2) if layout == Layout.NHWC else (2, 3)


@register_impls
@table_impls((UNARY_FUNCTIONS, run_unary), (BINARY_FUNCTIONS, run_binary))
class BoltFunctions(InterpreterFunctions):
    @impl(bolt.ConstantOp)
    def run_constant(self, interpreter: Interpreter, op: bolt.ConstantOp, args: PythonValues):
        return (constant_value(op.value, op.result.type),)

    @impl_terminator(bolt.YieldOp)
    def run_yield(self, interpreter: Interpreter, op: bolt.YieldOp, args: PythonValues):
        return ReturnedValues(args), ()

    # Anchors -----------------------------------------------------------------------------

    def run_epilogue(self, interpreter: Interpreter, op: bolt.AnchorOp, acc: np.ndarray, extras):
        (out,) = interpreter.run_ssacfg_region(op.epilogue, (acc, *extras), "epilogue")
        return (round_to(result_type(op.result), out),)

    @impl(bolt.GemmOp)
    def run_gemm(self, interpreter: Interpreter, op: bolt.GemmOp, args: PythonValues):
        lhs, rhs, *extras = args
        a, b = np.asarray(lhs, np.float64), np.asarray(rhs, np.float64)
        if op.transpose_a is not None:
            a = np.swapaxes(a, -1, -2)
        if op.transpose_b is not None:
            b = np.swapaxes(b, -1, -2)
        acc = np.matmul(a, b).astype(np.float32)  # the fp32 accumulator; a 2-D rhs is shared by every batch
        return self.run_epilogue(interpreter, op, acc, extras)

    @impl(bolt.Conv2dOp)
    def run_conv2d(self, interpreter: Interpreter, op: bolt.Conv2dOp, args: PythonValues):
        x, filter_, *extras = args
        x, filter_ = np.asarray(x, np.float64), np.asarray(filter_, np.float64)
        nchw = op.layout.data == Layout.NCHW
        if nchw:  # NCHW pairs with FCHW filters; the NHWC convolution wants KRSC
            x, filter_ = x.transpose(0, 2, 3, 1), filter_.transpose(0, 2, 3, 1)
        acc = conv2d_nhwc(
            x,
            filter_,
            strides=int_list(op.strides),
            padding=int_list(op.padding),
            dilations=int_list(op.dilations),
            groups=op.groups.value.data,
        )
        acc = acc.astype(np.float32)  # the fp32 accumulator
        if nchw:
            acc = acc.transpose(0, 3, 1, 2)
        return self.run_epilogue(interpreter, op, acc, extras)

    @impl(bolt.B2bOp)
    def run_b2b(self, interpreter: Interpreter, op: bolt.B2bOp, args: PythonValues):
        return interpreter.run_ssacfg_region(op.body, args, "b2b")

    @impl(bolt.ConvPoolOp)
    def run_conv_pool(self, interpreter: Interpreter, op: bolt.ConvPoolOp, args: PythonValues):
        return interpreter.run_ssacfg_region(op.body, args, "conv_pool")

    # Elementwise ops with properties ------------------------------------------------------

    @impl(bolt.GeluOp)
    def run_gelu(self, interpreter: Interpreter, op: bolt.GeluOp, args: PythonValues):
        gelu = GELU_FUNCTIONS[op.approximate.data]
        return (round_to(result_type(op.output), gelu(in_float64(args[0]))),)

    @impl(bolt.ClampOp)
    def run_clamp(self, interpreter: Interpreter, op: bolt.ClampOp, args: PythonValues):
        low, high = bolt.float_value(op.min), bolt.float_value(op.max)
        clamped = np.minimum(np.maximum(in_float64(args[0]), low), high)  # NaN stays NaN
        return (round_to(result_type(op.output), clamped),)

    @impl(bolt.SelectOp)
    def run_select(self, interpreter: Interpreter, op: bolt.SelectOp, args: PythonValues):
        lhs, rhs, on_true, on_false = args
        condition = numerics.FLOAT_COMPARISONS[op.predicate.data](lhs, rhs)
        return (round_to(result_type(op.output), np.where(condition, on_true, on_false)),)

    # Pooling, data movement, normalization, reductions ------------------------------------

    @impl(bolt.Pool2dOp)
    def run_pool2d(self, interpreter: Interpreter, op: bolt.Pool2dOp, args: PythonValues):
        axes = spatial_axes(op.layout.data)
        window = int_list(op.window)
        is_max = op.kind.data == PoolKind.MAX
        # Max pads with -inf (padding never wins); avg pads with zeros that count in the mean.
        fill = -np.inf if is_max else 0.0
        padded = pad_spatial(in_float64(args[0]), axes, int_list(op.padding), fill)
        windows = sliding_windows(padded, axes, window, int_list(op.strides), (1, 1))
        pooled = windows.max(axis=(-2, -1)) if is_max else windows.mean(axis=(-2, -1))
        return (round_to(result_type(op.result), pooled),)

    @impl(bolt.TransposeOp)
    def run_transpose(self, interpreter: Interpreter, op: bolt.TransposeOp, args: PythonValues):
        return (np.transpose(args[0], int_list(op.permutation)),)

    @impl(bolt.PadOp)
    def run_pad(self, interpreter: Interpreter, op: bolt.PadOp, args: PythonValues):
        widths = list(zip(int_list(op.low), int_list(op.high)))
        padded = np.pad(in_float64(args[0]), widths, constant_values=bolt.float_value(op.value))
        return (round_to(result_type(op.result), padded),)

    @impl(bolt.SliceOp)
    def run_slice(self, interpreter: Interpreter, op: bolt.SliceOp, args: PythonValues):
        sizes = _shape(op.result)
        index = tuple(
            slice(offset, offset + (size - 1) * stride + 1, stride)
            for offset, size, stride in zip(int_list(op.offsets), sizes, int_list(op.strides))
        )
        return (args[0][index],)

    @impl(bolt.ReshapeOp)
    def run_reshape(self, interpreter: Interpreter, op: bolt.ReshapeOp, args: PythonValues):
        return (np.reshape(args[0], _shape(op.result)),)

    @impl(bolt.BroadcastOp)
    def run_broadcast(self, interpreter: Interpreter, op: bolt.BroadcastOp, args: PythonValues):
        expanded = np.expand_dims(args[0], int_list(op.dimensions))
        return (np.broadcast_to(expanded, _shape(op.result)),)

    @impl(bolt.ConcatOp)
    def run_concat(self, interpreter: Interpreter, op: bolt.ConcatOp, args: PythonValues):
        return (np.concatenate(args, axis=op.dim.value.data),)

    @impl(bolt.SoftmaxOp)
    def run_softmax(self, interpreter: Interpreter, op: bolt.SoftmaxOp, args: PythonValues):
        x = in_float64(args[0])
        axis = op.axis.value.data
        exp = np.exp(x - x.max(axis=axis, keepdims=True))  # shifted: no overflow
        return (round_to(result_type(op.result), exp / exp.sum(axis=axis, keepdims=True)),)

    @impl(bolt.LayerNormOp)
    def run_layernorm(self, interpreter: Interpreter, op: bolt.LayerNormOp, args: PythonValues):
        x, *affine = args
        gamma = affine.pop(0) if op.gamma is not None else None
        beta = affine.pop(0) if op.beta is not None else None
        x = in_float64(x)
        axes = tuple(range(op.axis.value.data, x.ndim))
        centered = x - x.mean(axis=axes, keepdims=True)
        variance = (centered**2).mean(axis=axes, keepdims=True)  # biased, as torch
        y = centered / np.sqrt(variance + bolt.float_value(op.epsilon))
        if gamma is not None:
            y = y * in_float64(gamma)  # gamma and beta have the normalized (trailing) shape
        if beta is not None:
            y = y + in_float64(beta)
        return (round_to(result_type(op.result), y),)

    @impl(bolt.AttentionOp)
    def run_attention(self, interpreter: Interpreter, op: bolt.AttentionOp, args: PythonValues):
        # As the fused kernels compute it: fp32 products and softmax, the probabilities rounded
        # to the element type before the second product, O rounded once at the end.
        q, k, v = (_attention_operand(op.input_layout.data, x, slot) for slot, x in enumerate(args))
        scores = np.matmul(q, np.swapaxes(k, -1, -2), dtype=np.float32) * np.float32(bolt.float_value(op.scale))
        exp = np.exp(scores - scores.max(axis=-1, keepdims=True))
        p = round_to(value_element_type(op.q), exp / exp.sum(axis=-1, keepdims=True))
        out = np.matmul(np.asarray(p, np.float32), v, dtype=np.float32)
        if op.output_layout.data == AttentionLayout.BSHD:
            out = out.transpose(0, 2, 1, 3)
        return (round_to(result_type(op.result), out),)

    @impl(bolt.ReduceOp)
    def run_reduce(self, interpreter: Interpreter, op: bolt.ReduceOp, args: PythonValues):
        reduce = REDUCE_FUNCTIONS[op.kind.data]
        keep_dims = op.keep_dims is not None
        reduced = reduce(in_float64(args[0]), axis=int_list(op.dims), keepdims=keep_dims)
        return (round_to(result_type(op.result), reduced),)


def _attention_operand(layout: AttentionLayout, x: Any, slot: int) -> np.ndarray:
    """An attention operand as [batch..., S, D] in float32 (slot: 0 q, 1 k, 2 v)."""
    x = np.asarray(x, np.float32)
    if layout == AttentionLayout.BSHD:
        return x.transpose(0, 2, 1, 3)
    if layout == AttentionLayout.BS3HD:
        return x[:, :, slot].transpose(0, 2, 1, 3)
    return x


def _shape(value: Any) -> tuple[int, ...]:
    assert isinstance(value.type, TensorType)
    return value.type.get_shape()
