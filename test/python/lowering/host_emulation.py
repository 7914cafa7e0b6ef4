"""numpy emulations of what the runtime kernels do with the parameters host.py computes.

They index exactly as runtime/src/dispatch.cuh (`strided_offset`), copy.cu (tiled transpose)
and the generated elementwise kernels do, so that the host-side index arithmetic (broadcast
strides, coalescing, slices, transposes, reductions) is checked here, without a GPU, against
numpy's own meaning of each op.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from boltc.lowering.elementwise import ElementwiseKernel
from boltc.lowering.host import CopyPlan, StridedPlan, Transpose2dPlan
from boltc.lowering.runtime_abi import ReduceKind, ReduceParams, StridedIndex, contiguous_strides


def strided_offsets(count: int, sizes: Sequence[int], strides: Sequence[int]) -> np.ndarray:
    """strided_offset(i, index) for every i < count (row-major over sizes)."""
    i = np.arange(count, dtype=np.int64)
    offset = np.zeros(count, dtype=np.int64)
    for size, stride in zip(reversed(sizes), reversed(strides)):
        offset += (i % size) * stride
        i //= size
    return offset


def index_offsets(index: StridedIndex) -> np.ndarray:
    return strided_offsets(index.count(), index.size, index.stride)


def run_copy_plan(plan: CopyPlan | Transpose2dPlan | StridedPlan, src: np.ndarray, dst_shape: Sequence[int]) -> np.ndarray:
    flat = src.reshape(-1)
    count = int(np.prod(dst_shape, dtype=np.int64))
    if isinstance(plan, CopyPlan):
        out = flat[plan.offset : plan.offset + count]
    elif isinstance(plan, Transpose2dPlan):
        out = flat.reshape(plan.batch, plan.rows, plan.cols).transpose(0, 2, 1)
    else:
        out = flat[plan.offset + index_offsets(plan.index)]
    return np.asarray(out).reshape(dst_shape)


def run_reduce(params: ReduceParams, src: np.ndarray, dst_shape: Sequence[int]) -> np.ndarray:
    flat = src.reshape(-1).astype(np.float64)
    kept = index_offsets(params.kept)
    reduced = index_offsets(params.reduced)
    gathered = flat[kept[:, None] + reduced[None, :]]
    kind = ReduceKind(params.kind)
    out = {
        ReduceKind.SUM: gathered.sum(axis=1),
        ReduceKind.MEAN: gathered.mean(axis=1),
        ReduceKind.MAX: gathered.max(axis=1),
        ReduceKind.MIN: gathered.min(axis=1),
    }[kind]
    return out.reshape(dst_shape)


def elementwise_reads(kernel: ElementwiseKernel, leaf: int, value: np.ndarray, vector: bool = False) -> np.ndarray:
    """What the kernel reads of leaf `leaf` for each output element, in output order; with
    `vector`, as the vector variant does (one offset per vector, lanes contiguous or broadcast)."""
    strides = kernel.leaves[leaf].strides
    flat = value.reshape(-1)
    if not vector:
        return flat[strided_offsets(kernel.count, kernel.sizes, strides)]
    width = kernel.vector_width()
    starts = np.arange(0, kernel.count, width, dtype=np.int64)
    base = strided_offsets(kernel.count, kernel.sizes, strides)[starts]
    lanes = np.arange(width) if strides[-1] == 1 else np.zeros(width, dtype=np.int64)
    return flat[(base[:, None] + lanes[None, :]).reshape(-1)]


def contiguous(shape: Sequence[int]) -> tuple[int, ...]:
    return contiguous_strides(shape)


def run_space_to_depth(params, src: np.ndarray) -> np.ndarray:
    """rt::space_to_depth (runtime/src/copy.cu) element by element as its kernels index: dst
    pixel (n, u, v), channel ((b*block + i)*block + j)*c + ch reads src(n, u*block + i - pad_top,
    (v + b*tap_step)*block + j - pad_left, ch) through the four strides, `value` outside and
    past the fold."""
    p = params
    flat = src.reshape(-1)
    out = np.full((p.n, p.out_h, p.out_w, p.out_c), p.value, dtype=np.float64)
    for b in range(p.taps):
        for i in range(p.block):
            for j in range(p.block):
                for ch in range(p.c):
                    n, u, v = np.meshgrid(np.arange(p.n), np.arange(p.out_h), np.arange(p.out_w), indexing="ij")
                    h, w = u * p.block + i - p.pad_top, (v + b * p.tap_step) * p.block + j - p.pad_left
                    inside = (h >= 0) & (h < p.h) & (w >= 0) & (w < p.w)
                    offset = (n * p.stride_n + np.where(inside, h, 0) * p.stride_h
                              + np.where(inside, w, 0) * p.stride_w + ch * p.stride_c)
                    k = ((b * p.block + i) * p.block + j) * p.c + ch
                    out[..., k] = np.where(inside, flat[offset], p.value)
    return out
