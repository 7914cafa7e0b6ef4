"""The numeric building blocks of the reference: element types, bf16 rounding, erf, comparisons."""

from __future__ import annotations

import math
import struct

import numpy as np
import pytest
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    i1,
    i32,
    i64,
)

from boltc.diagnostics import BoltcError
from boltc.interpret import numerics
from boltc.interpret.element_types import numpy_dtype, round_to, round_to_bfloat16


@pytest.mark.parametrize(
    "element_type,dtype",
    [
        (Float32Type(), np.float32),
        (Float16Type(), np.float16),
        (BFloat16Type(), np.float32),  # emulated: float32 values that are exactly bf16
        (Float64Type(), np.float64),
        (i1, np.bool_),
        (i32, np.int32),
        (i64, np.int64),
        (IndexType(), np.int64),
    ],
)
def test_numpy_dtype(element_type, dtype):
    assert numpy_dtype(element_type) == dtype


def test_numpy_dtype_refuses_what_it_cannot_hold():
    with pytest.raises(BoltcError, match="cannot hold"):
        numpy_dtype(IntegerType(7))


def _float32_from_bits(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def _bf16_reference(x: float) -> float:
    """Nearest bf16 to float32 `x`, ties to even, decided on the real line in float64."""
    if math.isnan(x) or math.isinf(x):
        return x
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    low_bits = bits & 0xFFFF0000  # toward zero
    high_bits = low_bits + 0x10000  # away from zero; past the largest finite bf16 it is inf
    low, high = _float32_from_bits(low_bits), _float32_from_bits(high_bits)
    # IEEE overflow: inf wins from halfway to the next power of two, 2^128.
    high_for_distance = math.copysign(2.0**128, x) if math.isinf(high) else high
    below, above = abs(x - low), abs(high_for_distance - x)
    if below != above:
        return low if below < above else high
    return low if (low_bits >> 16) % 2 == 0 else high


def test_bf16_rounding_matches_the_definition():
    rng = np.random.default_rng(7)
    random_bits = rng.integers(0, 2**32, size=20000, dtype=np.uint64).astype(np.uint32)
    specials = np.array([0.0, -0.0, 1.0, 1 + 2**-8, 1 + 3 * 2**-8, 3.3895314e38, 3.4028235e38,
                         -3.4028235e38, 1e-40, -1e-42, np.inf, -np.inf], np.float32)
    values = np.concatenate([random_bits.view(np.float32), specials])
    values = values[~np.isnan(values)]
    got = round_to_bfloat16(values)
    expected = np.array([_bf16_reference(float(v)) for v in values], np.float32)
    np.testing.assert_array_equal(got, expected)
    assert np.signbit(round_to_bfloat16(np.float32(-0.0)))


def test_bf16_rounding_keeps_nan_even_with_low_payload():
    nan_with_low_payload = np.array([0x7F800001, 0xFFC00001], np.uint32).view(np.float32)
    assert np.isnan(round_to_bfloat16(nan_with_low_payload)).all()


def test_bf16_rounds_once_from_float64():
    # Just above the tie between 1 and 1 + 2^-7: nearest is 1 + 2^-7. Through float32 first,
    # the 2^-40 is lost, the tie goes to even, and the answer would be 1.
    x = 1 + 2**-8 + 2**-40
    assert round_to_bfloat16(np.float64(x)) == np.float32(1 + 2**-7)


def test_round_to_keeps_scalars_scalar():
    value = round_to(Float16Type(), np.float32(1.0 / 3))
    assert isinstance(value, np.float16) and value == np.float16(1.0 / 3)


def test_erf_is_accurate_everywhere():
    x = np.concatenate([
        np.linspace(-7, 7, 200001),
        np.geomspace(1e-300, 1e-3, 301), -np.geomspace(1e-300, 1e-3, 301),
        [0.999999999, 1.0, 2.0, 3.0, 4.0, 5.999999, 6.0, 30.0],
    ])
    got = numerics.erf(x)
    expected = np.array([math.erf(v) for v in x])
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-15)


def test_erf_special_values():
    got = numerics.erf(np.array([np.inf, -np.inf, np.nan, -0.0]))
    assert got[0] == 1.0 and got[1] == -1.0 and np.isnan(got[2])
    assert got[3] == 0.0 and np.signbit(got[3])
    assert isinstance(numerics.erf(0.5), float | np.floating)


def _cmpf_reference(predicate: str, a: float, b: float) -> bool:
    """arith.cmpf's definition: o* false on NaN, u* true on NaN; false/true/ord/uno."""
    unordered = math.isnan(a) or math.isnan(b)
    if predicate in ("false", "true"):
        return predicate == "true"
    if predicate in ("ord", "uno"):
        return unordered == (predicate == "uno")
    if unordered:
        return predicate.startswith("u")
    return {"eq": a == b, "gt": a > b, "ge": a >= b, "lt": a < b, "le": a <= b, "ne": a != b}[predicate[1:]]


@pytest.mark.parametrize("predicate", sorted(numerics.FLOAT_COMPARISONS))
def test_float_comparisons(predicate):
    values = [-np.inf, -1.0, 0.0, -0.0, 2.0, np.inf, np.nan]
    pairs = [(a, b) for a in values for b in values]
    a, b = (np.array(v) for v in zip(*pairs))
    got = numerics.FLOAT_COMPARISONS[predicate](a, b)
    np.testing.assert_array_equal(got, [_cmpf_reference(predicate, x, y) for x, y in pairs])


def test_unsigned_integer_comparisons_reinterpret_the_bits():
    minus_one, one = np.int32(-1), np.int32(1)
    assert numerics.INTEGER_COMPARISONS["ugt"](minus_one, one)  # 0xFFFFFFFF > 1
    assert numerics.INTEGER_COMPARISONS["slt"](minus_one, one)
