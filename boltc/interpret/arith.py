"""arith, math and cf.assert on numpy values: the scalar ops of linalg bodies, run once over
whole arrays laid out in the iteration space (see linalg_generic.py), or on tensors directly.

Exact arith ops (+ - * / min max) compute in the IR's own type (IEEE rounding: numpy's float16
ops round once from float32, which is exact for these); bf16 results are rounded after each op.
Transcendental math ops compute in float64 and round once to the result type.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from xdsl.dialects import arith, cf, math
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls

from boltc.diagnostics import error_at
from boltc.interpret import numerics
from boltc.interpret.constants import constant_value
from boltc.interpret.element_types import round_to, value_element_type
from boltc.interpret.tables import table_impls

BINARY_ARITH: dict[type, np.ufunc] = {
    arith.AddfOp: np.add,
    arith.SubfOp: np.subtract,
    arith.MulfOp: np.multiply,
    arith.DivfOp: np.divide,
    arith.MaximumfOp: np.maximum,  # NaN-propagating
    arith.MinimumfOp: np.minimum,
    arith.MaxnumfOp: np.fmax,  # NaN-ignoring
    arith.MinnumfOp: np.fmin,
    arith.AddiOp: np.add,
    arith.SubiOp: np.subtract,
    arith.MuliOp: np.multiply,
    arith.MaxSIOp: np.maximum,
    arith.MinSIOp: np.minimum,
    arith.AndIOp: np.bitwise_and,
    arith.OrIOp: np.bitwise_or,
    arith.XOrIOp: np.bitwise_xor,
}

UNARY_MATH: dict[type, Any] = {
    math.AbsFOp: np.abs,
    math.CeilOp: np.ceil,
    math.CosOp: np.cos,
    math.ErfOp: numerics.erf,
    math.ExpOp: np.exp,
    math.Exp2Op: np.exp2,
    math.ExpM1Op: np.expm1,
    math.FloorOp: np.floor,
    math.LogOp: np.log,
    math.Log10Op: np.log10,
    math.Log1pOp: np.log1p,
    math.Log2Op: np.log2,
    math.RoundEvenOp: np.rint,
    math.RoundOp: lambda x: np.copysign(np.floor(np.abs(x) + 0.5), x),  # half away from zero
    math.RsqrtOp: numerics.rsqrt,
    math.SinOp: np.sin,
    math.SqrtOp: np.sqrt,
    math.TanOp: np.tan,
    math.TanhOp: np.tanh,
    math.TruncOp: np.trunc,
}

BINARY_MATH: dict[type, Any] = {
    math.PowFOp: np.power,
    math.FPowIOp: np.power,  # float base, integer exponent
    math.Atan2Op: np.arctan2,
    math.CopySignOp: np.copysign,
}


def _in_float64(x: Any) -> Any:
    value = np.asarray(x)
    return value.astype(np.float64) if value.dtype.kind == "f" else value


def run_binary_arith(ufunc: np.ufunc, interpreter: Interpreter, op: Any, args: PythonValues):
    return (round_to(value_element_type(op.result), ufunc(*args)),)


def run_unary_math(function: Any, interpreter: Interpreter, op: Any, args: PythonValues):
    (x,) = args
    return (round_to(value_element_type(op.result), function(_in_float64(x))),)


def run_binary_math(function: Any, interpreter: Interpreter, op: Any, args: PythonValues):
    lhs, rhs = args
    return (round_to(value_element_type(op.result), function(_in_float64(lhs), _in_float64(rhs))),)


@register_impls
@table_impls(
    (BINARY_ARITH, run_binary_arith),
    (UNARY_MATH, run_unary_math),
    (BINARY_MATH, run_binary_math),
)
class ArithFunctions(InterpreterFunctions):
    """arith, math and cf.assert over numpy scalars and arrays alike."""

    @impl(arith.ConstantOp)
    def run_constant(self, interpreter: Interpreter, op: arith.ConstantOp, args: PythonValues):
        return (constant_value(op.value, op.result.type),)

    @impl(arith.NegfOp)
    def run_negf(self, interpreter: Interpreter, op: arith.NegfOp, args: PythonValues):
        return (np.negative(args[0]),)

    @impl(arith.CmpfOp)
    def run_cmpf(self, interpreter: Interpreter, op: arith.CmpfOp, args: PythonValues):
        predicate = arith.CMPF_COMPARISON_OPERATIONS[op.predicate.value.data]
        return (numerics.FLOAT_COMPARISONS[predicate](*args),)

    @impl(arith.CmpiOp)
    def run_cmpi(self, interpreter: Interpreter, op: arith.CmpiOp, args: PythonValues):
        predicate = arith.CMPI_COMPARISON_OPERATIONS[op.predicate.value.data]
        return (numerics.INTEGER_COMPARISONS[predicate](*args),)

    @impl(arith.SelectOp)
    def run_select(self, interpreter: Interpreter, op: arith.SelectOp, args: PythonValues):
        condition, on_true, on_false = args
        return (round_to(value_element_type(op.result), np.where(condition, on_true, on_false)),)

    # Conversions: numpy's casts are C's (floats round to nearest even, floats to ints
    # truncate, ints wrap), which is what these ops mean.
    @impl(arith.ExtFOp)
    def run_extf(self, interpreter: Interpreter, op: arith.ExtFOp, args: PythonValues):
        return (round_to(value_element_type(op.result), args[0]),)

    @impl(arith.TruncFOp)
    def run_truncf(self, interpreter: Interpreter, op: arith.TruncFOp, args: PythonValues):
        return (round_to(value_element_type(op.result), args[0]),)

    @impl(arith.IndexCastOp)
    def run_index_cast(self, interpreter: Interpreter, op: arith.IndexCastOp, args: PythonValues):
        return (round_to(value_element_type(op.result), args[0]),)

    @impl(arith.SIToFPOp)
    def run_sitofp(self, interpreter: Interpreter, op: arith.SIToFPOp, args: PythonValues):
        return (round_to(value_element_type(op.result), args[0]),)

    @impl(arith.FPToSIOp)
    def run_fptosi(self, interpreter: Interpreter, op: arith.FPToSIOp, args: PythonValues):
        return (round_to(value_element_type(op.result), np.trunc(args[0])),)

    @impl(arith.UIToFPOp)
    def run_uitofp(self, interpreter: Interpreter, op: arith.UIToFPOp, args: PythonValues):
        return (round_to(value_element_type(op.result), _as_unsigned(args[0])),)

    @impl(arith.ExtUIOp)
    def run_extui(self, interpreter: Interpreter, op: arith.ExtUIOp, args: PythonValues):
        return (round_to(value_element_type(op.result), _as_unsigned(args[0])),)

    @impl(arith.ExtSIOp)
    def run_extsi(self, interpreter: Interpreter, op: arith.ExtSIOp, args: PythonValues):
        x = np.asarray(args[0])
        if x.dtype == np.bool_:
            x = -x.astype(np.int8)  # i1 true is -1 as a signed integer
        return (round_to(value_element_type(op.result), x),)

    @impl(arith.TruncIOp)
    def run_trunci(self, interpreter: Interpreter, op: arith.TruncIOp, args: PythonValues):
        x = np.asarray(args[0])
        element_type = value_element_type(op.result)
        if getattr(element_type, "width", None) is not None and element_type.width.data == 1:
            x = x & 1  # truncation keeps the lowest bit; numpy's bool cast would test != 0
        return (round_to(element_type, x),)

    @impl(cf.AssertOp)
    def run_assert(self, interpreter: Interpreter, op: cf.AssertOp, args: PythonValues):
        if not np.all(args[0]):
            raise error_at(op, f"assertion failed: {op.msg.data}")
        return ()


def _as_unsigned(x: Any) -> Any:
    x = np.asarray(x)
    return x.astype(f"u{x.dtype.itemsize}") if x.dtype.kind == "i" else x
