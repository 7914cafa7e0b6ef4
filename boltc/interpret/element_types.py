"""How the reference interpreter stores each MLIR element type in numpy.

numpy has no bfloat16: a bf16 value is held as the float32 it equals (bf16 is float32 with the
low 16 mantissa bits cut), and `round_to` rounds every bf16 result to nearest-even on those bits,
so values stay exactly representable in bf16 throughout.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    ShapedType,
    Signedness,
)
from xdsl.ir import Attribute, SSAValue

from boltc.diagnostics import BoltcError

_FLOAT_DTYPES: dict[type[Attribute], np.dtype[Any]] = {
    Float16Type: np.dtype(np.float16),
    BFloat16Type: np.dtype(np.float32),  # emulated: float32 values rounded to bf16
    Float32Type: np.dtype(np.float32),
    Float64Type: np.dtype(np.float64),
}


def numpy_dtype(element_type: Attribute) -> np.dtype[Any]:
    """The numpy dtype that holds values of `element_type` (bf16 in float32)."""
    if (dtype := _FLOAT_DTYPES.get(type(element_type))) is not None:
        return dtype
    if isinstance(element_type, IndexType):
        return np.dtype(np.int64)
    if isinstance(element_type, IntegerType):
        width = element_type.width.data
        if width == 1:
            return np.dtype(np.bool_)
        if width in (8, 16, 32, 64):
            unsigned = element_type.signedness.data == Signedness.UNSIGNED
            return np.dtype(f"{'u' if unsigned else 'i'}{width // 8}")
    raise BoltcError(f"the reference interpreter cannot hold values of type {element_type}")


def element_type_of(type_: Attribute) -> Attribute:
    """The element type of a shaped type; a scalar type is its own element type."""
    return type_.get_element_type() if isinstance(type_, ShapedType) else type_


def value_element_type(value: SSAValue) -> Attribute:
    return element_type_of(value.type)


def round_to(element_type: Attribute, values: Any) -> Any:
    """`values` converted to `element_type`: round to nearest even for floats, C casts for ints.

    Numpy scalars stay scalars, arrays stay arrays.
    """
    if isinstance(element_type, BFloat16Type):
        return round_to_bfloat16(values)
    return np.asarray(values).astype(numpy_dtype(element_type), copy=False)[()]


def round_to_bfloat16(values: Any) -> Any:
    """float32 values that are exactly bf16, rounded to nearest even from `values`.

    From float64 the first rounding happens on float64's bits, so there is no double rounding
    through float32 for values in bf16's normal range (bf16 subnormals may round twice).
    """
    x = np.asarray(values)
    if x.dtype == np.float64:
        x = _round_mantissa(x, np.uint64, 52 - 7)
    x = _round_mantissa(x.astype(np.float32, copy=False), np.uint32, 23 - 7)
    return x[()]


def _round_mantissa(x: np.ndarray, uint: type[np.unsignedinteger[Any]], dropped: int) -> np.ndarray:
    """`x` rounded to nearest even after cutting its low `dropped` mantissa bits."""
    bits = x.reshape(-1).view(uint)
    one, shift = uint(1), uint(dropped)
    # Adding half an ulp minus one, plus the lowest kept bit, then truncating: half to even.
    half_minus_one = (one << (shift - one)) - one
    rounded = (bits + half_minus_one + ((bits >> shift) & one)) & ~((one << shift) - one)
    # A NaN's payload can carry into the exponent and make inf: NaN stays NaN.
    return np.where(np.isnan(x), x, rounded.view(x.dtype).reshape(x.shape))


def zeros_of(type_: Attribute) -> np.ndarray:
    """A read-only zero tensor of `type_` that takes no memory (a broadcast scalar)."""
    assert isinstance(type_, ShapedType)
    return np.broadcast_to(np.zeros((), numpy_dtype(type_.get_element_type())), type_.get_shape())
