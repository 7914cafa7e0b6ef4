"""Small helpers that write the MLIR of one-op test functions."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def tensor(shape: Sequence[int], element: str = "f32") -> str:
    """`tensor<2x3xf32>`; `tensor<f32>` for rank 0."""
    return f"tensor<{''.join(f'{d}x' for d in shape)}{element}>"


def single_op_function(op_text: str, arg_types: Sequence[str], result_type: str) -> str:
    """`func.func @main(%a0, %a1, ...) -> result { %r = <op_text>; return %r }`."""
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(arg_types))
    return (
        f"func.func @main({args}) -> {result_type} {{\n"
        f"  %r = {op_text}\n"
        f"  func.return %r : {result_type}\n"
        "}\n"
    )


def f32_values(rng: np.random.Generator, shape: Sequence[int], low: float = -4.0, high: float = 4.0):
    return rng.uniform(low, high, size=shape).astype(np.float32)
