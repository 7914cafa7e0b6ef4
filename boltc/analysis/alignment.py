"""Alignment padding: how far to pad a channel, K or N dimension, and when padded lanes are
harmless, as pure functions over numbers (no IR objects; the pass describes, these answer).

CUTLASS reads each operand with vectors of `alignment` elements along its contiguous
dimension: the channel C of an NHWC activation and of a KRSC filter (the implicit GEMM's K),
the filter count F of the output (its N), K of a row-major A, N of a row-major B and D. The
widest access is 16 bytes (8 fp16/bf16 elements, 4 fp32 ones), and a dimension that is not a
multiple of the vector length forces a narrower one. On Hopper that also rules out TMA, whose
global strides must be multiples of 16 bytes.

The cost model, stated:

- **Penalty of a narrow access.** A kernel whose vectors are `target / a` times narrower than
  16 bytes runs `(target / a) ** PENALTY_EXPONENT` times slower. The exponent is calibrated on
  Bolt's Table 3 (MLSys 2022): fp16 convolutions with alignment 2 (4-byte accesses, 4x narrower)
  ran 1.6-2.0x, on average 1.8x, slower than padded to alignment 8. Each halving of the access
  then costs the same factor, 2 ** 0.424 = 1.34x; alignment 1 (8x narrower) is 2.41x, an
  extrapolation in the direction the paper reports ("far slower").
- **Cost of padding.** The work of a GEMM or implicit-GEMM convolution (FLOPs, and the bytes of
  the operand that carries the dimension) grows linearly in each of M, N, K: padding a
  dimension from `size` to `padded` multiplies it by `padded / size`.
- **Rule.** Among the multiples of each power of two up to the target alignment, pad to the
  size that minimizes `padded / size * penalty(padded)`; keep the size when nothing beats
  `penalty(size)`. Never more than double a dimension: past 2x the penalty curve is the
  extrapolated part, and the paper's own advice for such shapes is to change the model.
  So C=13 goes to 16; N=1 stays; a GEMM's K=3 goes to 4.
- **Except a convolution's input narrower than one vector** (`conv_channels_padded_size`):
  an image's 3 channels. Such a convolution runs on the fixed-channels iterators, one access
  per filter position, and its time follows the number of accesses, not the MMA work: measured
  on the H100 (bench/stem.py, ResNet-50's 7x7/2 stem at batch 32), C padded to 8 ran 146 us
  against 214 us at C=4 (the work rule's choice) and 193 us for cuDNN on the 3 channels. So
  3 <= C < one vector pads to one vector; C = 1 or 2 (over 2.67x the work) is unmeasured and
  keeps the general rule.

Padded lanes. A padded activation carries extra channel lanes. They are harmless to the next
anchor whose weight rows for those lanes are zero, but only while they are finite:
`0 * inf` and `0 * NaN` are NaN, and would pollute every real output of that anchor. `Lanes`
tracks what the padded lanes of a tensor hold.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

VECTOR_BYTES = 16  # the widest global load/store (128 bits); TMA's stride alignment too
PAPER_NARROWING = 4  # Bolt Table 3: alignment 2 against 8 on fp16
PAPER_SLOWDOWN = 1.8  # ... ran this much slower on average
PENALTY_EXPONENT = math.log(PAPER_SLOWDOWN) / math.log(PAPER_NARROWING)
MAX_GROWTH = 2.0  # never pad a dimension to more than twice its size


def target_alignment(element_bytes: int, alignment: int | None = None) -> int:
    """Elements per 16-byte vector (8 for fp16/bf16, 4 for fp32), or the alignment asked for."""
    if alignment is not None:
        return alignment
    return max(1, VECTOR_BYTES // element_bytes)


def alignment_option_blocker(alignment: int | None) -> str | None:
    """Why `alignment` cannot be a pass option value; None if it can."""
    if alignment is None:
        return None
    if alignment < 1 or alignment & (alignment - 1):
        return f"alignment={alignment} must be a positive power of two (elements per vector)"
    return None


def vector_elements(size: int, target: int) -> int:
    """The widest vector, in elements and at most `target`, whose length divides `size`."""
    return math.gcd(size, target) if size else target


def narrow_access_penalty(size: int, target: int) -> float:
    """How much slower a kernel runs when a dimension of `size` limits its accesses, relative to
    full `target`-element vectors (1.0 when `size` is a multiple of `target`)."""
    return (target / vector_elements(size, target)) ** PENALTY_EXPONENT


def padding_cost(size: int, padded: int, target: int) -> float:
    """Time relative to an aligned kernel of the real size: the extra work times the penalty."""
    return padded / size * narrow_access_penalty(padded, target)


def padded_size(size: int, target: int) -> int:
    """The size to pad a dimension of `size` to (itself when padding does not pay).

    Candidates are `size` rounded up to each power of two up to `target`, the widest first so
    that it wins a tie; `size` itself wins ties against all of them (padding is not free).
    """
    if size <= 0 or size % target == 0:
        return size
    best, best_cost = size, narrow_access_penalty(size, target)
    vector = target
    while vector > 1:
        candidate = -(-size // vector) * vector
        if candidate <= MAX_GROWTH * size:
            cost = padding_cost(size, candidate, target)
            if cost < best_cost:
                best, best_cost = candidate, cost
        vector //= 2
    return best


FULL_VECTOR_MIN_CHANNELS = 3  # the narrowest input measured to gain from a whole vector


def conv_channels_padded_size(c: int, target: int) -> int:
    """The size to pad a convolution's input channels C to: one whole vector for an input
    narrower than one (3 <= C < target: the fixed-channels iterators' access count decides,
    module docstring), else `padded_size`."""
    if FULL_VECTOR_MIN_CHANNELS <= c < target:
        return target
    return padded_size(c, target)


# The narrowest global access the kernels can make: cp.async copies 4, 8 or 16 bytes (CUTLASS
# 2.x mainloops; the Hopper pingpong schedule's too), so a contiguous dimension of an odd
# number of 16-bit elements cannot be read at all.
MIN_ACCESS_BYTES = 4


def readable_as_is(size: int, element_bytes: int) -> bool:
    """Whether rows of `size` elements can be read by the kernels without padding."""
    return (size * element_bytes) % MIN_ACCESS_BYTES == 0


def padding_blocker(size: int, target: int) -> str | None:
    """Why a dimension of `size` is not padded to a multiple of `target`; None if it is."""
    if size % target == 0:
        return f"{size} is already a multiple of {target}"
    full = -(-size // target) * target
    chosen = padded_size(size, target)
    if chosen == full:
        return None
    if full > MAX_GROWTH * size:
        reason = f"padding {size} to {full} would multiply the work by {full / size:.2f} (> {MAX_GROWTH:g})"
    else:
        reason = (
            f"padding {size} to {full} costs {padding_cost(size, full, target):.2f}x, "
            f"more than the {narrow_access_penalty(size, target):.2f}x penalty of "
            f"{vector_elements(size, target)}-element accesses"
        )
    if chosen != size:
        reason += f"; padded to {chosen} ({vector_elements(chosen, target)}-element accesses) instead"
    return reason


# --------------------------------------------------------------------------------------
# What padded lanes hold.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Lanes:
    """The padded lanes of a tensor: `value` when every one holds that number, and whether all
    are finite whenever the tensor's real values are (real data is assumed finite: where it is
    not, the real outputs are already inf/NaN)."""

    value: float | None
    finite: bool

    @staticmethod
    def known(value: float) -> Lanes:
        return Lanes(value, math.isfinite(value))


ZERO_LANES = Lanes(0.0, True)
FINITE_LANES = Lanes(None, True)
UNKNOWN_LANES = Lanes(None, False)


def join_lanes(lanes: Sequence[Lanes]) -> Lanes:
    """Lanes that hold what any of `lanes` holds (padded regions from several sources)."""
    values = {lane.value for lane in lanes}
    finite = all(lane.finite for lane in lanes)
    if len(values) == 1 and None not in values:
        return Lanes(values.pop(), finite)
    return Lanes(None, finite)


def elementwise_lanes(
    operands: Sequence[Lanes], evaluated: float | None, preserves_finite: bool, annihilates: bool
) -> Lanes:
    """The lanes of an elementwise op's result.

    `evaluated` is the op applied to the operands' known values (None unless all are known);
    `preserves_finite`: finite inputs give a finite result (relu, add; not div, exp, log);
    `annihilates`: a zero operand makes the result zero whatever the others (multiplication).
    """
    if evaluated is not None:
        return Lanes.known(evaluated)
    if annihilates and all(lane.finite for lane in operands) and any(
        lane.value == 0.0 for lane in operands
    ):
        return ZERO_LANES
    if preserves_finite and all(lane.finite for lane in operands):
        return FINITE_LANES
    return UNKNOWN_LANES


def zero_rows_blocker(lanes: Lanes) -> str | None:
    """Why an anchor whose weight rows for the padded lanes are zero cannot read the lanes
    as they are (and needs them zeroed first); None if it can."""
    if lanes.finite:
        return None
    return "the padded lanes may hold inf or NaN, and 0 * inf is NaN in every real output"
