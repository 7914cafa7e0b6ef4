"""Space-to-depth of a strided convolution on few channels: when it pays, and its geometry
(pure functions over numbers; the space-to-depth pass asks, this answers).

An image stem (ResNet's 7x7/2 on 3 channels, RepVGG's and MobileNetV2's 3x3/2) is starved of
channels: pad-alignment pads C = 3 to one 8-element vector, so 5/8 of the implicit GEMM's K is
zeros, and the fixed-channels iterators make one access per filter tap. Folding each s x s
block of pixels into the channels turns the stride-s convolution into a stride-1 one on
s*s*C channels with a ceil(R/s) x ceil(S/s) window:

    y[p, q] = sum_{r, t, c} xp[p*s + r, q*s + t, c] * w[r, t, c]
            = sum_{a, b, (i, j, c)} z[p + a, q + b, (i, j, c)] * w'[a, b, (i, j, c)]

with r = a*s + i, t = b*s + j, z[u, v, (i, j, c)] = xp[u*s + i, v*s + j, c] (the padded input
folded) and w' the filter zero-padded to s*ceil(R/s) x s*ceil(S/s) and folded the same way.
Measured on the H100 (bench/stem.py, ResNet-50's stem at batch 32): 85.8 us for the folded
4x4/1 convolution on 16 channels against 146 us for the 7x7/2 on C padded to 8.

The rule (`fold_blocker`): equal strides s >= 2, no dilation, one group, s*s*C <= 16 (one or
two vectors: the stems), and the folded implicit GEMM's K, channels padded as pad-alignment
will pad them, smaller than the unfolded one's. That last test refuses a 1x1/2 convolution
(its K doubles: the stride already skips the pixels a fold would add) and keeps 7x7/2
(392 -> 256 at fp16) and 3x3/2 (72 -> 64).

The folded channels (12 for an RGB image) are still under the 32-element K tile of the
conv_sm80 kernel that runs a stem, which spends a whole tile on each of the window's taps, half
of it zeros. `column_taps` folds pairs of horizontal taps into the channels as well:

    z2[u, v, (b, ch)] = z[u, v + b * S'/2, ch]        b = 0, 1
    y[p, q] = sum_{a, t' < S'/2} z2[p + a, q + t', :] . w2[a, t', :],   w2[a, t', (b, ch)] = w'[a, t' + b * S'/2, ch]

a stride-1 convolution with half the taps on twice the channels (24: one K tile each, 3/4
used), at the price of a wider fold (the input read twice). ResNet-50's stem on the H100
(bench/profile_space.py --convs, 2026-11-26, L2 flushed, conv_sm80 256x64x32): 88.5 us for
the 4x4 window on 16 channels, 62.4 us for 4x2 on 24.
"""

from __future__ import annotations

from dataclasses import dataclass

from boltc.analysis.alignment import conv_channels_padded_size, target_alignment

MAX_FOLDED_CHANNELS = 16  # s*s*C: two 16-byte fp16 vectors, the image stems (3 channels, s=2)
STEM_K_TILE = 32  # conv_sm80's K tile for the stems (heuristic_sm80: 256x64x32)


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


@dataclass(frozen=True)
class Fold:
    """The folded convolution's geometry.

    The NHWC input is cropped to `kept_hw` rows/columns (only when the original convolution
    never reads its last ones), padded by `pad` [top, left, bottom, right] with zeros, then
    folded to N x H/s x W/s x s*s*C; the stride-1, unpadded convolution with a `window` filter
    on it gives exactly the original output."""

    block: int  # s
    kept_hw: tuple[int, int]  # rows and columns of the input that are read (<= H, W)
    pad: tuple[int, int, int, int]  # top, left, bottom, right: around the kept input
    folded_hw: tuple[int, int]  # H/s, W/s of the padded input
    window: tuple[int, int]  # ceil(R/s), ceil(S/s)
    channels: int  # s*s*C

    @property
    def padded_hw(self) -> tuple[int, int]:
        return self.folded_hw[0] * self.block, self.folded_hw[1] * self.block


def _axis(size: int, window: int, stride: int, low: int, out: int) -> tuple[int, int, int, int]:
    """One spatial axis: (kept, low, high, folded) with (kept + low + high) = folded * stride
    and folded - ceil(window/stride) + 1 = out."""
    folded = out + _ceil_div(window, stride) - 1
    high = folded * stride - size - low
    kept = size if high >= 0 else size + high  # the original never reads the rows cut off
    return kept, low, max(high, 0), folded


def fold_blocker(c: int, r: int, s: int, strides: tuple[int, int], dilations: tuple[int, int],
                 groups: int, element_bytes: int) -> str | None:
    """Why a convolution with C input channels and an R x S window is not folded; None if it is."""
    if strides[0] != strides[1]:
        return f"unequal strides {list(strides)}: one block size must fold both axes"
    stride = strides[0]
    if stride < 2:
        return "stride 1: there is nothing to fold"
    if dilations != (1, 1):
        return f"dilations {list(dilations)}: the folded window would interleave blocks"
    if groups != 1:
        return f"{groups} groups: folding mixes the channels of one pixel block"
    if c * stride * stride > MAX_FOLDED_CHANNELS:
        return (f"{c} channels fold into {c * stride * stride} (over {MAX_FOLDED_CHANNELS}): "
                "the convolution is not starved of channels")
    target = target_alignment(element_bytes)
    k_now = r * s * conv_channels_padded_size(c, target)
    folded_window = _ceil_div(r, stride) * _ceil_div(s, stride)
    k_folded = folded_window * conv_channels_padded_size(c * stride * stride, target)
    if k_folded >= k_now:
        return (f"folding would not shrink the implicit GEMM's K ({r}x{s} taps of padded C: {k_now}; "
                f"folded: {k_folded})")
    return None


def is_fold_candidate(strides: tuple[int, int]) -> bool:
    """Whether a refusal is worth a remark: a strided convolution (the stride-1 layers, most of
    a network, are not what the pass is about; a remark for each would drown the others)."""
    return max(strides) > 1


def fold_geometry(c: int, hw: tuple[int, int], window: tuple[int, int], stride: int,
                  padding: tuple[int, int, int, int], out_hw: tuple[int, int]) -> Fold | str:
    """The fold of a C-channel input of `hw` for a stride-`stride` convolution with `window`,
    `padding` [top, left, bottom, right] and output `out_hw`; a reason where there is none."""
    top, left, _, _ = padding
    kept_h, low_h, high_h, folded_h = _axis(hw[0], window[0], stride, top, out_hw[0])
    kept_w, low_w, high_w, folded_w = _axis(hw[1], window[1], stride, left, out_hw[1])
    if kept_h <= 0 or kept_w <= 0:
        return "the convolution reads only its padding"
    return Fold(stride, (kept_h, kept_w), (low_h, low_w, high_h, high_w), (folded_h, folded_w),
                (_ceil_div(window[0], stride), _ceil_div(window[1], stride)), c * stride * stride)


def column_taps(channels: int, window_w: int, element_bytes: int) -> int:
    """How many horizontal taps of the folded window go into the channels (module docstring):
    2 where the folded channels, padded as pad-alignment will, fill at most half the stem's K
    tile and the window's width is even; else 1 (the fold alone)."""
    padded = conv_channels_padded_size(channels, target_alignment(element_bytes))
    if window_w % 2 or window_w < 2 or 2 * padded > STEM_K_TILE:
        return 1
    return 2
