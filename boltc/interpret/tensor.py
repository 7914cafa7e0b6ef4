"""The tensor dialect on numpy arrays (the ops torch-mlir's linalg-on-tensors output uses)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from xdsl.dialects import tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, DenseArrayBase, TensorType
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    ReturnedValues,
    impl,
    impl_terminator,
    register_impls,
)

from boltc.interpret.element_types import round_to, value_element_type, zeros_of


def static_or_dynamic(static: DenseArrayBase, dynamic: Sequence[Any]) -> list[int]:
    """Mixed static/dynamic index lists: each DYNAMIC_INDEX entry takes the next operand."""
    operands = iter(dynamic)
    return [int(next(operands)) if v == DYNAMIC_INDEX else int(v) for v in static.get_values()]


def result_shape(op: Any) -> tuple[int, ...]:
    assert isinstance(op.result.type, TensorType)
    return op.result.type.get_shape()


def slices(
    offsets: Sequence[int], sizes: Sequence[int], strides: Sequence[int]
) -> tuple[slice, ...]:
    return tuple(slice(o, o + (n - 1) * s + 1, s) for o, n, s in zip(offsets, sizes, strides))


@register_impls
class TensorFunctions(InterpreterFunctions):
    @impl(tensor.EmptyOp)
    def run_empty(self, interpreter: Interpreter, op: tensor.EmptyOp, args: PythonValues):
        # Its contents are undefined; zeros keep runs deterministic and cost no memory.
        return (zeros_of(op.tensor.type),)

    @impl(tensor.PadOp)
    def run_pad(self, interpreter: Interpreter, op: tensor.PadOp, args: PythonValues):
        source, *dynamic = args
        low = static_or_dynamic(op.static_low, dynamic[: len(op.low)])  # high: the result shape's
        shape = result_shape(op)
        # The region yields the padding value at each index: run it once over index grids
        # (usually it yields one captured constant and ignores them).
        (fill,) = interpreter.run_ssacfg_region(op.region, np.indices(shape, sparse=True), "pad")
        out = np.array(np.broadcast_to(round_to(value_element_type(op.result), fill), shape))
        out[slices(low, source.shape, [1] * source.ndim)] = source
        return (out,)

    @impl_terminator(tensor.YieldOp)
    def run_yield(self, interpreter: Interpreter, op: tensor.YieldOp, args: PythonValues):
        return ReturnedValues(args), ()

    @impl(tensor.ExpandShapeOp)
    def run_expand_shape(
        self, interpreter: Interpreter, op: tensor.ExpandShapeOp, args: PythonValues
    ):
        return (np.reshape(args[0], result_shape(op)),)

    @impl(tensor.CollapseShapeOp)
    def run_collapse_shape(
        self, interpreter: Interpreter, op: tensor.CollapseShapeOp, args: PythonValues
    ):
        return (np.reshape(args[0], result_shape(op)),)

    @impl(tensor.ReshapeOp)
    def run_reshape(self, interpreter: Interpreter, op: tensor.ReshapeOp, args: PythonValues):
        return (np.reshape(args[0], result_shape(op)),)

    @impl(tensor.CastOp)
    def run_cast(self, interpreter: Interpreter, op: tensor.CastOp, args: PythonValues):
        return (args[0],)  # static shapes only: a cast changes nothing

    @impl(tensor.ConcatOp)
    def run_concat(self, interpreter: Interpreter, op: tensor.ConcatOp, args: PythonValues):
        return (np.concatenate(args, axis=op.dim.value.data),)

    @impl(tensor.ExtractSliceOp)
    def run_extract_slice(
        self, interpreter: Interpreter, op: tensor.ExtractSliceOp, args: PythonValues
    ):
        source, *dynamic = args
        offsets, sizes, strides = self._slice_parameters(op, dynamic)
        # Rank-reducing slices drop unit dimensions: the result type says which remain.
        return (source[slices(offsets, sizes, strides)].reshape(result_shape(op)),)

    @impl(tensor.InsertSliceOp)
    def run_insert_slice(
        self, interpreter: Interpreter, op: tensor.InsertSliceOp, args: PythonValues
    ):
        source, dest, *dynamic = args
        offsets, sizes, strides = self._slice_parameters(op, dynamic)
        out = np.array(dest)
        out[slices(offsets, sizes, strides)] = np.reshape(source, sizes)
        return (out,)

    @staticmethod
    def _slice_parameters(
        op: Any, dynamic: Sequence[Any]
    ) -> tuple[list[int], list[int], list[int]]:
        n_offsets, n_sizes = len(op.offsets), len(op.sizes)
        return (
            static_or_dynamic(op.static_offsets, dynamic[:n_offsets]),
            static_or_dynamic(op.static_sizes, dynamic[n_offsets : n_offsets + n_sizes]),
            static_or_dynamic(op.static_strides, dynamic[n_offsets + n_sizes :]),
        )

    @impl(tensor.ExtractOp)
    def run_extract(self, interpreter: Interpreter, op: tensor.ExtractOp, args: PythonValues):
        source, *indices = args
        return (np.asarray(source)[tuple(int(i) for i in indices)],)

    @impl(tensor.FromElementsOp)
    def run_from_elements(
        self, interpreter: Interpreter, op: tensor.FromElementsOp, args: PythonValues
    ):
        return (round_to(value_element_type(op.result), np.array(args).reshape(result_shape(op))),)

    @impl(tensor.SplatOp)
    def run_splat(self, interpreter: Interpreter, op: tensor.SplatOp, args: PythonValues):
        return (np.broadcast_to(args[0], result_shape(op)),)

    @impl(tensor.DimOp)
    def run_dim(self, interpreter: Interpreter, op: tensor.DimOp, args: PythonValues):
        source, index = args
        return (np.int64(np.shape(source)[int(index)]),)
