"""Where a model's values first stop being finite: the reference executor, watched op by op.

    from boltc.interpret.overflow import locate_nonfinite
    found = locate_nonfinite(optimized_module, x)   # every op that made inf/NaN from finite inputs
    print(found[0])   # model.mlir:12:5: 'bolt.ew.mul' overflowed f16: 2 of 32 values are inf; ...

Run on IR at the compiled precision (convert-precision's output, or what `boltc.compiler.
optimize` leaves), each op rounds its result to f16/bf16 as the compiled model's kernels do,
so the first op that produces inf/NaN here is the layer that overflows on the GPU (the
kernels compute in fp32 and round once, as these impls do; fused epilogues, too, see the
accumulator before its rounding, here as there).

An op *introduces* a non-finite value when its result holds one and none of its tensor
operands does (an op of no operands, a constant, introduces what it holds). For each such op
the op is run once more on the same operands with fp32 results (a probe): the magnitude it
had to round is what the report gives, and whether that is finite in fp32 tells an overflow of
the half type (65504 for f16) from a NaN or inf the model makes in any precision (log(0),
a -inf mask). Pure analysis: the module is not changed, the probe op is never inserted in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type, Float64Type, ModuleOp, TensorType
from xdsl.interpreter import Interpreter
from xdsl.ir import Attribute, Operation

from boltc.diagnostics import BoltcError, SourceLocation, op_location
from boltc.interpret.runner import checked_inputs, find_function, reference_interpreter

# The largest finite value of each float type the models use: what "overflowed" means.
FLOAT_MAX = {"f16": 65504.0, "bf16": 3.3895313892515355e38, "f32": float(np.finfo(np.float32).max),
             "f64": float(np.finfo(np.float64).max)}
_FLOAT_NAMES: dict[type[Attribute], str] = {Float16Type: "f16", BFloat16Type: "bf16", Float32Type: "f32",
                                            Float64Type: "f64"}


@dataclass(frozen=True)
class NonFiniteOp:
    """One op that introduced inf or NaN: where it is and how large its values were."""

    op_name: str
    location: SourceLocation
    element_type: str  # of its (first non-finite) result: f16, bf16, f32
    nonfinite: int  # how many of its result elements are inf or NaN
    elements: int
    has_inf: bool
    has_nan: bool
    largest_operand: float | None  # max |x| over its operands (None: it has none)
    f32_magnitude: float | None  # max |result| computed with fp32 results (None: no probe, e.g. a constant)
    f32_finite: bool | None  # whether that fp32 result is finite (None: no probe)

    @property
    def overflow(self) -> bool:
        """Non-finite only because of the element type's range: finite in fp32."""
        return bool(self.f32_finite) and self.element_type in ("f16", "bf16")

    def what(self) -> str:
        kinds = " and ".join(k for k, present in (("inf", self.has_inf), ("NaN", self.has_nan)) if present)
        return f"{self.nonfinite} of {self.elements} values are {kinds}"

    def explanation(self) -> str:
        limit = FLOAT_MAX.get(self.element_type)
        operands = ("" if self.largest_operand is None
                    else f"; its operands reach {self.largest_operand:.4g} in magnitude")
        if self.overflow and self.f32_magnitude is not None and limit is not None:
            return (f"overflowed {self.element_type}: computed in f32 its result reaches "
                    f"{self.f32_magnitude:.4g}, beyond {self.element_type}'s largest value {limit:g} "
                    f"({self.what()}{operands})")
        if self.f32_finite is None:
            return f"holds non-finite values ({self.what()})"
        return (f"produces inf/NaN from finite operands in f32 as well, so not an overflow of "
                f"{self.element_type} ({self.what()}{operands})")

    def as_json(self) -> dict[str, Any]:
        return {"op": self.op_name, "location": str(self.location), "element_type": self.element_type,
                "nonfinite": self.nonfinite, "elements": self.elements, "inf": self.has_inf,
                "nan": self.has_nan, "largest_operand": self.largest_operand,
                "f32_magnitude": self.f32_magnitude, "f32_finite": self.f32_finite,
                "overflow": self.overflow, "explanation": self.explanation()}

    def __str__(self) -> str:
        return f"{self.location}: '{self.op_name}' {self.explanation()}"


def _float_arrays(values: Sequence[Any]) -> list[np.ndarray]:
    arrays = []
    for value in values:
        array = np.asarray(value) if isinstance(value, (np.ndarray, np.generic, float)) else None
        if array is not None and array.dtype.kind == "f":
            arrays.append(array)
    return arrays


def _all_finite(values: Sequence[Any]) -> bool:
    return all(np.isfinite(a).all() for a in _float_arrays(values))


def _element_type_name(op: Operation, index: int) -> str:
    ty = op.results[index].type
    element = ty.get_element_type() if isinstance(ty, TensorType) else ty
    return _FLOAT_NAMES.get(type(element), str(element))


@dataclass
class _Introductions(Interpreter.Listener):
    """Records (op, operands, results) of each op that introduces a non-finite value."""

    limit: int
    found: list[tuple[Operation, tuple[Any, ...], tuple[Any, ...]]] = field(default_factory=list)
    _operands: list[tuple[Any, ...]] = field(default_factory=list)  # a stack: regions nest

    def will_interpret_op(self, op: Operation, args: tuple[Any, ...]) -> None:
        self._operands.append(tuple(args))

    def did_interpret_op(self, op: Operation, results: tuple[Any, ...]) -> None:
        args = self._operands.pop()
        if len(self.found) >= self.limit or _all_finite(results) or not _all_finite(args):
            return
        self.found.append((op, args, tuple(results)))


def locate_nonfinite(module: ModuleOp, *inputs: Any, function: str = "main", limit: int = 10,
                     where: str = "<input>") -> list[NonFiniteOp]:
    """Run `function` of `module` on `inputs` with the reference executor and return the ops
    that introduced inf or NaN (the module docstring says what that means), in the order they
    ran, at most `limit`; empty when every value stayed finite. `where` names the model
    for ops without a location of their own."""
    func_op = find_function(module, function)
    args = checked_inputs(func_op, inputs)
    watcher = _Introductions(limit)
    with np.errstate(all="ignore"):
        reference_interpreter(module, [watcher]).call_op(func_op, args)
        return [_describe(module, op, operands, results, where) for op, operands, results in watcher.found]


def first_overflow(found: Sequence[NonFiniteOp]) -> NonFiniteOp | None:
    """The op to blame: the first true overflow of a half type, else the first introduction."""
    return next((f for f in found if f.overflow), found[0] if found else None)


def _describe(module: ModuleOp, op: Operation, operands: tuple[Any, ...], results: tuple[Any, ...],
              where: str) -> NonFiniteOp:
    arrays = _float_arrays(results)
    index = next(i for i, r in enumerate(results) if r is not None and np.asarray(r).dtype.kind == "f"
                 and not np.isfinite(np.asarray(r)).all())
    bad = ~np.isfinite(np.asarray(results[index]))
    operand_arrays = [a for a in _float_arrays(operands) if a.size]
    largest = max((float(np.abs(a).max()) for a in operand_arrays), default=None)
    magnitude, finite = _probe(module, op, operands, index)
    return NonFiniteOp(
        op_name=op.name, location=op_location(op, where), element_type=_element_type_name(op, index),
        nonfinite=int(bad.sum()), elements=int(bad.size),
        has_inf=any(bool(np.isinf(a).any()) for a in arrays), has_nan=any(bool(np.isnan(a).any()) for a in arrays),
        largest_operand=largest, f32_magnitude=magnitude, f32_finite=finite)


def _probe(module: ModuleOp, op: Operation, operands: tuple[Any, ...], index: int) -> tuple[float | None, bool | None]:
    """(max |result|, finite?) of `op` run again on `operands` with its half-precision tensor
    results made f32: the value it had to round. (None, None) for an op with no operands (a
    constant holds what it holds) or one the executor cannot run so."""
    if not op.operands:
        return None, None
    result_types = [TensorType(Float32Type(), r.type.get_shape())
                    if isinstance(r.type, TensorType) and isinstance(r.type.get_element_type(), (Float16Type, BFloat16Type))
                    else r.type for r in op.results]
    probe = type(op).create(operands=list(op.operands), result_types=result_types,
                            properties=dict(op.properties), attributes=dict(op.attributes),
                            regions=[region.clone() for region in op.regions])
    try:
        results = reference_interpreter(module).run_op(probe, operands)
    except BoltcError:
        return None, None
    finally:
        probe.erase()  # never inserted: this drops its uses of the operands
    value = np.asarray(results[index], np.float64)
    finite = bool(np.isfinite(value).all())
    shown = value[np.isfinite(value)]
    return (float(np.abs(shown).max()) if shown.size else None), finite
