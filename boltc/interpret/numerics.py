"""Elementwise math on numpy arrays, shared by `bolt.ew.*` and the arith/math ops of linalg bodies.

Callers pass float64 (or the IR's own float type) and round the result once to the result's
element type, so each function here only has to be accurate in float64.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.polynomial import Chebyshev

SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)  # torch's tanh-GELU constant (torch-mlir's differs)
GELU_TANH_CUBIC = 0.044715
SOFTPLUS_THRESHOLD = 20.0  # torch's softplus returns x itself above it (beta = 1)
ERF_IS_ONE_FROM = 6.0  # erfc(6) = 2e-17: erf is 1 in float64 from here on


@functools.cache
def _erf_interpolants() -> tuple[Chebyshev, tuple[tuple[float, float, Chebyshev], ...]]:
    """Chebyshev interpolants of `math.erf`, built on first use from a few dozen calls.

    Near zero the interpolant is of erf(x)/x in x^2, which keeps erf's relative accuracy for
    tiny x; from 1 to 6 it is erf itself, in pieces. Each is accurate to about 1e-14.
    """
    scalar_erf = np.vectorize(math.erf, otypes=[np.float64])

    def erf_over_x(u: np.ndarray) -> np.ndarray:  # u = x^2 in [0, 1]
        x = np.sqrt(u)
        return np.where(x == 0, 2 / math.sqrt(math.pi), scalar_erf(x) / np.where(x == 0, 1, x))

    near_zero = Chebyshev.interpolate(erf_over_x, 12, domain=[0, 1])
    bounds = ((1.0, 2.0), (2.0, 3.0), (3.0, 4.0), (4.0, ERF_IS_ONE_FROM))
    pieces = tuple((a, b, Chebyshev.interpolate(scalar_erf, 20, domain=[a, b])) for a, b in bounds)
    return near_zero, pieces


def erf(x: Any) -> Any:
    """The error function, vectorized, to about 1e-14 (numpy has none and scipy is not a
    dependency; `math.erf` per element is 0.2 s per million)."""
    x = np.asarray(x, np.float64)
    magnitude = np.abs(x)
    near_zero, pieces = _erf_interpolants()
    out = np.ones_like(magnitude)  # from ERF_IS_ONE_FROM on, inf included
    small = magnitude < 1
    out[small] = near_zero(magnitude[small] ** 2) * magnitude[small]
    for low, high, interpolant in pieces:
        inside = (magnitude >= low) & (magnitude < high)
        out[inside] = interpolant(magnitude[inside])
    return np.where(np.isnan(x), x, np.copysign(out, x))[()]


def sigmoid(x: Any) -> Any:
    # exp of a non-positive number only: no overflow, and full relative accuracy for tiny results.
    e = np.exp(-np.abs(x))
    return np.where(np.asarray(x) >= 0, 1 / (1 + e), e / (1 + e))[()]


def gelu_erf(x: Any) -> Any:
    return 0.5 * x * (1 + erf(x / math.sqrt(2.0)))


def gelu_tanh(x: Any) -> Any:
    return 0.5 * x * (1 + np.tanh(SQRT_2_OVER_PI * (x + GELU_TANH_CUBIC * x**3)))


def silu(x: Any) -> Any:
    return x * sigmoid(x)


def hardswish(x: Any) -> Any:
    return x * np.clip(x + 3, 0, 6) / 6


def softplus(x: Any) -> Any:
    # The minimum keeps exp from overflowing where its result is not used anyway.
    return np.where(
        x > SOFTPLUS_THRESHOLD, x, np.log1p(np.exp(np.minimum(x, SOFTPLUS_THRESHOLD)))
    )[()]


def relu(x: Any) -> Any:
    return np.maximum(x, 0)  # NaN stays NaN, as torch.relu


def rsqrt(x: Any) -> Any:
    return 1 / np.sqrt(x)


def reciprocal(x: Any) -> Any:
    return 1 / x


# --------------------------------------------------------------------------------------
# Comparisons: arith.cmpf's predicates (bolt.ew.select uses the twelve without false, ord,
# uno, true). Ordered predicates are false where an operand is NaN, unordered ones true;
# numpy's comparisons are the ordered ones except `!=`, which is une.
# --------------------------------------------------------------------------------------

Comparison = Callable[[Any, Any], Any]


def _unordered(a: Any, b: Any) -> Any:
    return np.isnan(a) | np.isnan(b)


def _constant_comparison(value: bool) -> Comparison:
    return lambda a, b: np.full(np.broadcast(a, b).shape, value)[()]


FLOAT_COMPARISONS: dict[str, Comparison] = {
    "false": _constant_comparison(False),
    "oeq": np.equal,
    "ogt": np.greater,
    "oge": np.greater_equal,
    "olt": np.less,
    "ole": np.less_equal,
    "one": lambda a, b: np.not_equal(a, b) & ~_unordered(a, b),
    "ord": lambda a, b: ~_unordered(a, b),
    "ueq": lambda a, b: np.equal(a, b) | _unordered(a, b),
    "ugt": lambda a, b: ~np.less_equal(a, b),
    "uge": lambda a, b: ~np.less(a, b),
    "ult": lambda a, b: ~np.greater_equal(a, b),
    "ule": lambda a, b: ~np.greater(a, b),
    "une": np.not_equal,
    "uno": _unordered,
    "true": _constant_comparison(True),
}


def _unsigned(a: Any) -> Any:
    a = np.asarray(a)
    return a.astype(f"u{a.dtype.itemsize}") if a.dtype.kind == "i" else a


INTEGER_COMPARISONS: dict[str, Comparison] = {
    "eq": np.equal,
    "ne": np.not_equal,
    "slt": np.less,
    "sle": np.less_equal,
    "sgt": np.greater,
    "sge": np.greater_equal,
    "ult": lambda a, b: np.less(_unsigned(a), _unsigned(b)),
    "ule": lambda a, b: np.less_equal(_unsigned(a), _unsigned(b)),
    "ugt": lambda a, b: np.greater(_unsigned(a), _unsigned(b)),
    "uge": lambda a, b: np.greater_equal(_unsigned(a), _unsigned(b)),
}
