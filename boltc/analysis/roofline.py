"""The work of a launch and the roofline it runs under (pure: numbers in, numbers out).

    work = Work(flops=gemm_flops(m, n, k), bytes_read=..., bytes_written=..., math=Math.TENSOR)
    peaks = gpu_peaks("NVIDIA H100 80GB HBM3")             # None: a GPU this table lacks
    attainable(peaks, work.math, work.intensity)          # min(peak FLOP/s, intensity x bandwidth)
    bound(peaks, work.math, work.intensity)               # Bound.MEMORY or Bound.COMPUTE

FLOPs count multiply and add as two (2*M*N*K for a GEMM), as vendors' peak numbers do. Bytes
are the compulsory traffic: each tensor a launch reads from global memory once, and each it
writes once (what a perfect cache would leave); real kernels move at least this much, so the
achieved bytes/s computed from it is a lower bound, and so is the arithmetic intensity's
denominator. The lowering (boltc/lowering/launch_work.py) computes both per launch from the
ops the launch covers and records them in the manifest.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from math import prod


class Math(StrEnum):
    """Which units do a launch's arithmetic, so which compute roof applies."""

    TENSOR = "tensor"  # f16/bf16 tensor-core MMA, fp32 accumulate (GEMM, implicit-GEMM conv, b2b, attention)
    CUDA = "cuda"  # fp32 on the CUDA cores (elementwise, reductions, pooling, direct convolutions)


class Bound(StrEnum):
    MEMORY = "memory"
    COMPUTE = "compute"


@dataclass(frozen=True)
class Work:
    """What one launch must do: its FLOPs and its compulsory global-memory traffic."""

    flops: int
    bytes_read: int
    bytes_written: int
    math: Math

    @property
    def bytes(self) -> int:
        return self.bytes_read + self.bytes_written

    @property
    def intensity(self) -> float | None:
        """FLOPs per byte moved; None for a launch that moves no bytes."""
        return self.flops / self.bytes if self.bytes else None

    def as_json(self) -> dict[str, int | str]:
        return {"flops": self.flops, "bytes_read": self.bytes_read, "bytes_written": self.bytes_written,
                "math": self.math.value}

    @classmethod
    def from_json(cls, entry: dict) -> Work:
        return cls(int(entry["flops"]), int(entry["bytes_read"]), int(entry["bytes_written"]), Math(entry["math"]))


def gemm_flops(m: int, n: int, k: int, batch: int = 1) -> int:
    """D[b] = A[b] (M x K) @ B[b] (K x N): a multiply and an add per (b, m, n, k)."""
    return 2 * batch * m * n * k


def conv2d_flops(n: int, p: int, q: int, f: int, r: int, s: int, c_per_group: int) -> int:
    """Each of the N x P x Q x F outputs sums R x S x (C / groups) products."""
    return 2 * n * p * q * f * r * s * c_per_group


# Softmax per element: max, subtract, exp, sum, divide. Layer norm per element: the mean's add,
# the variance's subtract, square and add, then subtract, multiply by the rsqrt, and gamma's
# multiply and beta's add. An elementwise op is one per result element (a transcendental counts
# as one, as rooflines count them; a cast is none).
SOFTMAX_FLOPS_PER_ELEMENT = 5
LAYERNORM_FLOPS_PER_ELEMENT = 8


def attention_flops(batch: int, sq: int, sk: int, d: int, dv: int) -> int:
    """softmax(Q K^T) V per batch and head: two products and a softmax over Sq x Sk scores."""
    return gemm_flops(sq, sk, d, batch) + gemm_flops(sq, dv, sk, batch) + SOFTMAX_FLOPS_PER_ELEMENT * batch * sq * sk


def pool2d_flops(output_shape: tuple[int, ...], window: tuple[int, int]) -> int:
    """One compare or add per window element per output element."""
    return prod(output_shape) * window[0] * window[1]


# -------------------------------------------------------------------------------------------
# GPUs
# -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GpuPeaks:
    """A GPU's peak dense throughput and memory bandwidth (the datasheet's, not measured)."""

    name: str  # as the driver names it (cuDeviceGetName, torch.cuda.get_device_name)
    tensor_flops: float  # dense f16/bf16 tensor-core FLOP/s, fp32 accumulate
    cuda_flops: float  # fp32 FLOP/s on the CUDA cores
    bandwidth: float  # bytes/s of device memory

    def compute_peak(self, math: Math) -> float:
        return self.tensor_flops if math is Math.TENSOR else self.cuda_flops

    def ridge(self, math: Math) -> float:
        """The arithmetic intensity (FLOP/byte) where the memory roof meets the compute roof."""
        return self.compute_peak(math) / self.bandwidth


T, G = 1e12, 1e9
# Sources: NVIDIA's datasheets. H100: "NVIDIA H100 Tensor Core GPU" datasheet (SXM5: FP16/BF16
# tensor 1,979 TFLOP/s with sparsity, so 989.4 dense; FP32 67 TFLOP/s; HBM3 3.35 TB/s. PCIe:
# 756 dense (1,513 sparse), FP32 51, HBM2e 2.0 TB/s. NVL: 835 dense, FP32 60, 3.9 TB/s).
# H200: "NVIDIA H200 Tensor Core GPU" datasheet (SXM: the H100 SXM's compute, HBM3e 4.8 TB/s;
# NVL: 835 dense, FP32 60, 4.8 TB/s). A100: "NVIDIA A100 Tensor Core GPU" datasheet (FP16/BF16
# tensor 312 dense, FP32 19.5; 80GB SXM4 2,039 GB/s, 80GB PCIe 1,935 GB/s, 40GB 1,555 GB/s).
# Keyed by the name the driver reports; a GPU not listed gets no roofline (gpu_peaks: None).
_GPUS = (
    GpuPeaks("NVIDIA H100 80GB HBM3", 989.4 * T, 67 * T, 3350 * G),  # H100 SXM5
    GpuPeaks("NVIDIA H100 PCIe", 756 * T, 51 * T, 2000 * G),
    GpuPeaks("NVIDIA H100 NVL", 835 * T, 60 * T, 3900 * G),
    GpuPeaks("NVIDIA H200", 989.4 * T, 67 * T, 4800 * G),  # H200 SXM
    GpuPeaks("NVIDIA H200 NVL", 835 * T, 60 * T, 4800 * G),
    GpuPeaks("NVIDIA A100-SXM4-80GB", 312 * T, 19.5 * T, 2039 * G),
    GpuPeaks("NVIDIA A100-SXM4-40GB", 312 * T, 19.5 * T, 1555 * G),
    GpuPeaks("NVIDIA A100 80GB PCIe", 312 * T, 19.5 * T, 1935 * G),
    GpuPeaks("NVIDIA A100-PCIE-40GB", 312 * T, 19.5 * T, 1555 * G),
)
GPUS: dict[str, GpuPeaks] = {gpu.name: gpu for gpu in _GPUS}

# The GPU a target's roofline is drawn for when no GPU is at hand: what each target is built
# and tuned for (the H100 SXM the heuristics were fitted on; the A100 for sm_80).
TARGET_GPU: dict[str, str] = {"sm_90a": "NVIDIA H100 80GB HBM3", "sm_80": "NVIDIA A100-SXM4-80GB"}


def gpu_peaks(name: str) -> GpuPeaks | None:
    """The peaks of the GPU the driver calls `name`; None for one this table lacks."""
    return GPUS.get(name.strip())


def attainable(peaks: GpuPeaks, math: Math, intensity: float) -> float:
    """The roofline: the FLOP/s a kernel of this arithmetic intensity can reach at best."""
    return min(peaks.compute_peak(math), intensity * peaks.bandwidth)


def bound(peaks: GpuPeaks, math: Math, intensity: float) -> Bound:
    """Which roof caps a kernel of this intensity: memory left of the ridge, compute from it on."""
    return Bound.MEMORY if intensity < peaks.ridge(math) else Bound.COMPUTE


def roof_fraction(peaks: GpuPeaks, work: Work, seconds: float) -> float:
    """How close a launch that took `seconds` came to its roof: achieved FLOP/s over the
    attainable FLOP/s at its intensity; for a launch without FLOPs (a copy, a transpose),
    achieved bytes/s over the bandwidth."""
    if seconds <= 0:
        raise ValueError(f"a launch time must be positive, got {seconds}")
    if work.flops == 0 or work.intensity is None:
        return work.bytes / seconds / peaks.bandwidth
    return work.flops / seconds / attainable(peaks, work.math, work.intensity)
