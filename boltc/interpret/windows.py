"""Convolution and pooling windows, vectorized: strided views of the input (no copy) that
convolution turns into one im2col matrix product per group, and pooling reduces.

One NHWC convolution serves bolt.conv2d in both layouts and every linalg convolution; callers
permute their operands into it and the result out of it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view


def sliding_windows(
    x: np.ndarray,
    axes: tuple[int, int],
    window: Sequence[int],
    strides: Sequence[int],
    dilations: Sequence[int],
) -> np.ndarray:
    """A view of `x`'s windows: `axes` become output positions and the window's two dimensions
    are appended last. `x` is already padded."""
    spans = [(k - 1) * d + 1 for k, d in zip(window, dilations)]
    views = sliding_window_view(x, spans, axis=axes)
    index = [slice(None)] * views.ndim
    for axis, stride in zip(axes, strides):
        index[axis] = slice(None, None, stride)
    for i, dilation in enumerate(dilations):
        index[x.ndim + i] = slice(None, None, dilation)
    return views[tuple(index)]


def pad_spatial(
    x: np.ndarray, axes: tuple[int, int], padding: Sequence[int], value: float = 0.0
) -> np.ndarray:
    """`x` padded on `axes` by [top, left, bottom, right]."""
    top, left, bottom, right = padding
    if not any(padding):
        return x
    widths = [(0, 0)] * x.ndim
    widths[axes[0]], widths[axes[1]] = (top, bottom), (left, right)
    return np.pad(x, widths, constant_values=value)


def conv2d_nhwc(
    x: np.ndarray,
    filter_krsc: np.ndarray,
    *,
    strides: Sequence[int] = (1, 1),
    padding: Sequence[int] = (0, 0, 0, 0),
    dilations: Sequence[int] = (1, 1),
    groups: int = 1,
) -> np.ndarray:
    """N x P x Q x F cross-correlation of N x H x W x C `x` with F x R x S x C/groups filters,
    accumulated in the inputs' common dtype (the interpreters pass float64: the exact sum)."""
    f, r, s, channels_per_group = filter_krsc.shape
    windows = sliding_windows(pad_spatial(x, (1, 2), padding), (1, 2), (r, s), strides, dilations)
    n, p, q, c = windows.shape[:4]
    filters_per_group = f // groups
    # im2col: one row per output pixel and group, (channel, r, s) along the row.
    columns = windows.reshape(n * p * q, groups, channels_per_group * r * s).transpose(1, 0, 2)
    weights = (
        filter_krsc.reshape(groups, filters_per_group, r, s, channels_per_group)
        .transpose(0, 4, 2, 3, 1)
        .reshape(groups, channels_per_group * r * s, filters_per_group)
    )
    out = np.matmul(columns, weights)  # groups x NPQ x F/groups, one BLAS call per group
    return out.transpose(1, 0, 2).reshape(n, p, q, f)
