"""linalg on tensors, as torch-mlir emits it, on numpy arrays.

Named ops with a numpy counterpart (matmul, convolutions, pooling, transpose, broadcast, fill)
run it; linalg.generic and the elementwise named ops run their bodies vectorized
(linalg_generic.py). Every op accumulates into its `outs` operand, as linalg defines:
the result is `init + A @ B`, `max(init, window max)` and so on.

Implementations are keyed by op name, because boltc's linalg dialect
(`boltc/dialects/linalg_extra.py`) may define its own class for a name xDSL also has; both
classes get the implementation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from xdsl.dialects import linalg as xdsl_linalg
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    ReturnedValues,
    register_impls,
)
from xdsl.ir import Operation
from xdsl.ir.affine import AffineDimExpr

from boltc.dialects.linalg_extra import Linalg as BoltcLinalg
from boltc.interpret.element_types import round_to, value_element_type
from boltc.interpret.linalg_generic import iteration_space_of, run_structured_op
from boltc.interpret.tables import table_impls
from boltc.interpret.windows import conv2d_nhwc, sliding_windows

LinalgImpl = Callable[[Interpreter, Any, PythonValues], PythonValues]


def accumulator_dtype(init: np.ndarray) -> np.dtype[Any]:
    """float64 for floats, else the init's: the sum is (nearly) exact and rounds once to the
    result type. An fp32 sum in BLAS order is not the same number on every machine: OpenBLAS
    picks its kernels, and so its summation order per output column, by CPU (onnx's squeezenet
    drives 1000 logits that are equal in exact arithmetic to 1 ulp apart on some CPUs only)."""
    dtype = np.asarray(init).dtype
    return np.dtype(np.float64) if dtype.kind == "f" else dtype


def _output_type(op: Any) -> Any:
    return value_element_type(op.outputs[0])


def _as_output_elements(op: Any, *inputs: np.ndarray) -> list[np.ndarray]:
    """Inputs converted to the output's element type, as a named op's body does first
    (linalg's cast_signed): exact for f16/bf16 inputs of an f32 op, a rounding for f32
    inputs of an f16 op, then accumulated in float64 like every contraction here."""
    target = _output_type(op)
    return [round_to(target, x) for x in inputs]


def run_fill(interpreter: Interpreter, op: Any, args: PythonValues) -> PythonValues:
    value, init = args
    return (np.broadcast_to(round_to(_output_type(op), value), np.shape(init)),)


def run_transpose(interpreter: Interpreter, op: Any, args: PythonValues) -> PythonValues:
    source, _ = args  # result dimension i is source dimension permutation[i], as np.transpose
    return (np.transpose(source, op.permutation.get_values()),)


def run_broadcast(interpreter: Interpreter, op: Any, args: PythonValues) -> PythonValues:
    source, init = args  # `dimensions` are the init's dimensions the source lacks
    expanded = np.expand_dims(source, tuple(op.dimensions.get_values()))
    return (np.broadcast_to(expanded, np.shape(init)),)


def run_contraction(interpreter: Interpreter, op: Any, args: PythonValues) -> PythonValues:
    """matmul and batch_matmul, through their indexing maps (transposed maps included)."""
    lhs, rhs, init = args
    lhs, rhs = _as_output_elements(op, lhs, rhs)
    maps = [m.data for m in op.get_indexing_maps()]
    letters = "abcdefghijklmnopqrstuvwxyz"

    def subscripts(map_) -> str:
        if not all(isinstance(r, AffineDimExpr) for r in map_.results):
            raise ValueError(f"contraction map {map_} is not a projected permutation")
        return "".join(letters[r.position] for r in map_.results)

    spec = f"{subscripts(maps[0])},{subscripts(maps[1])}->{subscripts(maps[2])}"
    dtype = accumulator_dtype(init)
    product = np.einsum(spec, lhs.astype(dtype), rhs.astype(dtype), optimize=True)
    return (round_to(_output_type(op), init.astype(dtype) + product),)


@dataclass(frozen=True)
class ConvLayout:
    """How a linalg convolution's operands map onto the one NHWC convolution (windows.py).

    Channels and filters are group-major where there are groups; `from_nhwf` gets the
    N x P x Q x F result and the output's shape.
    """

    to_nhwc: Callable[[np.ndarray], np.ndarray]
    to_krsc: Callable[[np.ndarray], np.ndarray]
    groups: Callable[[np.ndarray], int]  # from the filter as the op has it
    from_nhwf: Callable[[np.ndarray, tuple[int, ...]], np.ndarray]


def _nchw_to_nhwc(x: np.ndarray) -> np.ndarray:
    return x.transpose(0, 2, 3, 1)


def _nhwc_to_nchw(y: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    return y.transpose(0, 3, 1, 2)


def _ngchw_to_nhwc(x: np.ndarray) -> np.ndarray:
    n, g, c, h, w = x.shape
    return x.transpose(0, 3, 4, 1, 2).reshape(n, h, w, g * c)


def _gfchw_to_krsc(f: np.ndarray) -> np.ndarray:
    g, k, c, r, s = f.shape
    return f.transpose(0, 1, 3, 4, 2).reshape(g * k, r, s, c)


def _nhwf_to_ngfhw(y: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    n, g, k, p, q = shape
    return y.reshape(n, p, q, g, k).transpose(0, 3, 4, 1, 2)


CONV_LAYOUTS: dict[str, ConvLayout] = {
    "linalg.conv_2d_nchw_fchw": ConvLayout(
        _nchw_to_nhwc, lambda f: f.transpose(0, 2, 3, 1), lambda f: 1, _nhwc_to_nchw
    ),
    "linalg.conv_2d_nhwc_hwcf": ConvLayout(
        lambda x: x, lambda f: f.transpose(3, 0, 1, 2), lambda f: 1, lambda y, shape: y
    ),
    "linalg.conv_2d_nhwc_fhwc": ConvLayout(
        lambda x: x, lambda f: f, lambda f: 1, lambda y, shape: y
    ),
    "linalg.conv_2d_ngchw_gfchw": ConvLayout(
        _ngchw_to_nhwc, _gfchw_to_krsc, lambda f: f.shape[0], _nhwf_to_ngfhw
    ),
    # One filter per channel (channel multiplier 1): groups = channels.
    "linalg.depthwise_conv_2d_nchw_chw": ConvLayout(
        _nchw_to_nhwc, lambda f: f[..., np.newaxis], lambda f: f.shape[0], _nhwc_to_nchw
    ),
}


def run_conv(interpreter: Interpreter, op: Any, args: PythonValues) -> PythonValues:
    x, filter_, init = args
    x, filter_ = _as_output_elements(op, x, filter_)
    layout = CONV_LAYOUTS[op.name]
    dtype = accumulator_dtype(init)
    result = conv2d_nhwc(
        layout.to_nhwc(x.astype(dtype)),
        layout.to_krsc(filter_.astype(dtype)),
        strides=op.strides.get_values(),
        dilations=op.dilations.get_values(),
        groups=layout.groups(filter_),
    )
    accumulated = init.astype(dtype) + layout.from_nhwf(result, init.shape)
    return (round_to(_output_type(op), accumulated),)


POOLING_COMBINERS: dict[str, np.ufunc] = {
    "linalg.pooling_nchw_max": np.maximum,
    "linalg.pooling_nchw_sum": np.add,
}


def run_pooling(interpreter: Interpreter, op: Any, args: PythonValues) -> PythonValues:
    x, window, init = args  # the window operand only has the window's shape
    (x,) = _as_output_elements(op, x)
    combiner = POOLING_COMBINERS[op.name]
    dtype = accumulator_dtype(init)
    windows = sliding_windows(
        x.astype(dtype),
        (2, 3),
        np.shape(window),
        op.strides.get_values(),
        op.dilations.get_values(),
    )
    pooled = combiner.reduce(windows, axis=(-2, -1))
    return (round_to(_output_type(op), combiner(init.astype(dtype), pooled)),)


def run_index(interpreter: Interpreter, op: Any, args: PythonValues) -> PythonValues:
    return (iteration_space_of(interpreter, op).index(op.dim.value.data),)


def run_yield(interpreter: Interpreter, op: Any, args: PythonValues):
    return ReturnedValues(args), ()


# Named ops that are a generic with a hidden body: their body runs as a generic's.
ELEMENTWISE_NAMED_OPS = (
    "add", "sub", "mul", "div", "exp", "log", "sqrt", "max", "min", "select", "copy",
)

IMPLS_BY_NAME: dict[str, LinalgImpl] = {
    "linalg.generic": run_structured_op,
    "linalg.index": run_index,
    "linalg.yield": run_yield,
    **{f"linalg.{name}": run_structured_op for name in ELEMENTWISE_NAMED_OPS},
    "linalg.fill": run_fill,
    "linalg.transpose": run_transpose,
    "linalg.broadcast": run_broadcast,
    "linalg.matmul": run_contraction,
    "linalg.batch_matmul": run_contraction,
    **{name: run_conv for name in CONV_LAYOUTS},
    **{name: run_pooling for name in POOLING_COMBINERS},
}

IMPLS_BY_CLASS: dict[type[Operation], LinalgImpl] = {
    op_type: IMPLS_BY_NAME[op_type.name]
    for op_type in (*xdsl_linalg.Linalg.operations, *BoltcLinalg.operations)
    if op_type.name in IMPLS_BY_NAME
}


def _run_row(function: LinalgImpl, interpreter: Interpreter, op: Any, args: PythonValues):
    return function(interpreter, op, args)


@register_impls
@table_impls((IMPLS_BY_CLASS, _run_row))
class LinalgFunctions(InterpreterFunctions):
    """Every linalg op of IMPLS_BY_NAME, for each class that carries its name."""
