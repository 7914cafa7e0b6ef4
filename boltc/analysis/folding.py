"""Compile-time folding: when a constant may be computed ahead of time, and when a constant is
per-channel (pure functions over shapes and sizes; the passes ask, these answer).

fold-constants asks `constant_fold_blocker` before it evaluates an op on constants;
fold-batchnorm asks `per_channel_blocker` before it moves a scale into an anchor's weights or
merges shifts into one bias.
"""

from __future__ import annotations

from collections.abc import Sequence

# A folded result of at most this many elements is always worth its bytes (a 1 KiB constant
# replaces an op, whatever it was built from).
ALWAYS_FOLD_ELEMENTS = 256
# Above that, a result may hold at most this many times the elements of its operands: a
# reshape, transpose, pad or elementwise op folds; broadcasting a per-channel vector (or a
# scalar) to an activation-sized tensor does not, because the broadcast is free at run time
# (an EVT broadcast node) and the materialized tensor is not.
MAX_GROWTH = 4
# Nothing larger is folded at all (64 MiB of fp32): evaluating it would be the compile time.
MAX_FOLDED_ELEMENTS = 1 << 24


def constant_fold_blocker(result_elements: int, operand_elements: Sequence[int]) -> str | None:
    """Why an op on constant operands should stay an op rather than become one constant of
    `result_elements` elements; None if folding it is fine."""
    if result_elements > MAX_FOLDED_ELEMENTS:
        return f"the result has {result_elements} elements (limit {MAX_FOLDED_ELEMENTS})"
    if result_elements <= ALWAYS_FOLD_ELEMENTS:
        return None
    inputs = sum(operand_elements)
    if result_elements > MAX_GROWTH * inputs:
        return (
            f"the result ({result_elements} elements) would be more than {MAX_GROWTH}x its "
            f"operands ({inputs} elements): keep the broadcast, not its expansion"
        )
    return None


def per_channel_blocker(
    shape: Sequence[int], result_shape: Sequence[int], channel_axis: int
) -> str | None:
    """Why a constant of `shape`, broadcast numpy-style against a tensor of `result_shape`, is
    not one number per channel along `channel_axis` (of `result_shape`); None if it is.

    A scalar (or any all-ones shape) is per-channel too: the same number for every channel.
    The constant may not widen the result (rank or size), or the op would not be a scale or
    shift of the anchor's result but a different tensor.
    """
    rank = len(result_shape)
    if not 0 <= channel_axis < rank:
        raise ValueError(f"channel axis {channel_axis} is outside rank {rank}")
    if len(shape) > rank:
        return f"the constant has rank {len(shape)}, more than the result's {rank}"
    aligned = (1,) * (rank - len(shape)) + tuple(shape)
    for dim, (size, result_size) in enumerate(zip(aligned, result_shape)):
        if size == 1:
            continue
        if size != result_size:
            return f"dimension {dim}: size {size} does not broadcast to {result_size}"
        if dim != channel_axis:
            return (
                f"the constant varies along dimension {dim} (size {size}), not only along the "
                f"channel dimension {channel_axis}"
            )
    return None


def scale_fold_blocker(result_uses: int, plain_store: bool, constant_weight: bool) -> str | None:
    """Why a per-channel scale of an anchor's result cannot move into the anchor's weights;
    None if it can (the per-channel shape itself is `per_channel_blocker`'s question)."""
    if result_uses != 1:
        return f"the anchor's result has {result_uses} uses: the others would see the scale too"
    if not plain_store:
        return "the anchor already has an epilogue, which the scale does not commute with"
    if not constant_weight:
        return "the weights are not constant: scaling them would cost a pass at run time"
    return None


def channel_vector_shape(result_rank: int, channel_axis: int, channels: int) -> tuple[int, ...]:
    """The keep-dims shape of a per-channel vector: [1, F, 1, 1] for NCHW, [1, F] for a GEMM."""
    return tuple(channels if d == channel_axis else 1 for d in range(result_rank))
