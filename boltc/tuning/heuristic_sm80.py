"""A heuristic kernel choice for the CUTLASS 2.x (sm_80) GEMM and convolution families, until
the tuner lands. Pure functions of the problem and the target: same shape, same choice; no IR,
no device.

A CUTLASS 2.x tensor-op kernel is a threadblock tile, a warp tile (tile / warp tile = the warps
of the CTA, each holding its own accumulators) and a number of cp.async pipeline stages. Both
functions below pick from a short list of the standard f16/bf16 configurations (CUTLASS's own
generator lists them for sm_80), the first whose tile count fills a wave of the GPU:

- **The GPU.** `arch` says which: sm_80 means an A100 (108 SMs); the sm_80 families chosen on
  sm_90a (`#bolt.kernel<"gemm_sm80", ...>`, the fallback and comparison on Hopper) run on an
  H100 SXM (132 SMs).
- **GEMM** (`choose_gemm_sm80`), most to least efficient per CTA:
  128x256x64 (warps 64x64, 3 stages, 8 warps), 128x128x64 (64x64, 4 stages),
  128x64x64 (64x32, 4 stages), 64x64x64 (32x32, 5 stages). Larger tiles reuse each loaded byte
  more; the first whose ceil(M/tm) * ceil(N/tn) * batch tiles reach 90% of the SMs wins (as
  heuristic.py does for sm_90a); a problem too small for any wave gets the smallest tile, which
  spreads it widest. Tiles much larger than the problem (tm > M rounded up to 64, tn > N
  rounded up to 64) are skipped: their extra rows and columns would be masked work. Stages:
  as many as the A100's 163 KB of shared memory holds comfortably for that tile (3 stages of
  the 128x256x64 tile are 144 KB).
- **Convolution** (`choose_conv_sm80`, NHWC fprop as its implicit GEMM: M = N*P*Q, N = F,
  K = C*R*S), in order: 128x128x64 (64x64, 3 stages), 256x64x32 (64x64, 4 stages),
  128x64x64 (64x32, 4 stages), 64x64x64 (32x32, 4 stages); the first whose tile count fills
  70% of the SMs, skipping tiles wider than F rounded up to 32 or taller than M rounded up to
  64. This reproduces the best untuned CUTLASS 2.x configurations measured on the H100 for
  ResNet-50's 3x3 layers at batch 32: 256x64x32 w64x64 s4 at 56x56x64 (F=64 rules out the
  128-wide tile; 392 tiles), 128x128x64 w64x64 s3 at 28x28x128 (196 tiles) and 14x14x256
  (98 tiles), 128x64x64 w64x32 s4 at 7x7x512 (128x128 gives 52 tiles and 256x64 56, below
  70% of 132 and of 108; 128x64 gives 104).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

SM_COUNT = {"sm_80": 108, "sm_90a": 132}  # A100, H100 SXM (DESIGN.md, 'Hardware facts')
GEMM_WAVE = 0.9  # a GEMM tile count of at least this fraction of the SMs is a full wave
CONV_WAVE = 0.7  # the same for convolutions (the measured bests, module docstring)
ELEMENT_BYTES = {"f16": 2, "bf16": 2}
MULTISTAGE = "multistage"  # the schedule name of every CUTLASS 2.x tensor-op mainloop here


@dataclass(frozen=True)
class Sm80Choice:
    """A CUTLASS 2.x configuration: what `#bolt.kernel<"gemm_sm80"|"conv_sm80", tile [..],
    cluster [1, 1, 1], stages S, "multistage warp MxNxK">` records."""

    tile: tuple[int, int, int]
    warp: tuple[int, int, int]
    stages: int
    reason: str  # why, in one line
    family: str = "gemm_sm80"

    @property
    def schedule(self) -> str:
        return schedule_name(self.warp)

    @property
    def cluster(self) -> tuple[int, int, int]:
        return (1, 1, 1)  # CUTLASS 2.x has no thread-block clusters


def schedule_name(warp: tuple[int, int, int]) -> str:
    """The #bolt.kernel schedule string that names a warp tile (gemm_sm80.parse_schedule)."""
    return f"{MULTISTAGE} warp {warp[0]}x{warp[1]}x{warp[2]}"


_GEMM_CANDIDATES: tuple[tuple[tuple[int, int, int], tuple[int, int, int], int], ...] = (
    ((128, 256, 64), (64, 64, 64), 3),
    ((128, 128, 64), (64, 64, 64), 4),
    ((128, 64, 64), (64, 32, 64), 4),
    ((64, 64, 64), (32, 32, 64), 5),
)

_CONV_CANDIDATES: tuple[tuple[tuple[int, int, int], tuple[int, int, int], int], ...] = (
    ((128, 128, 64), (64, 64, 64), 3),
    ((256, 64, 32), (64, 64, 32), 4),
    ((128, 64, 64), (64, 32, 64), 4),
    ((64, 64, 64), (32, 32, 64), 4),
)


def _round_up(value: int, multiple: int) -> int:
    return -(-value // multiple) * multiple


def _sms(arch: str) -> int:
    try:
        return SM_COUNT[arch]
    except KeyError:
        raise ValueError(f"the sm_80 heuristic knows {sorted(SM_COUNT)}, not {arch}") from None


def _check(dtype: str, *sizes: int) -> None:
    if dtype not in ELEMENT_BYTES:
        raise ValueError(f"sm_80 tensor-op kernels take f16 or bf16 inputs, not {dtype}")
    if min(sizes) <= 0:
        raise ValueError(f"empty problem {sizes}")


def choose_gemm_sm80(
    m: int, n: int, k: int, dtype: str = "f16", arch: str = "sm_80", *, batch: int = 1
) -> Sm80Choice:
    """The heuristic configuration of an M x N x K GEMM (times `batch`) for the gemm_sm80
    family running on `arch`'s GPU (module docstring)."""
    _check(dtype, m, n, k, batch)
    sms = _sms(arch)
    fitting = [
        c for c in _GEMM_CANDIDATES
        if c[0][0] <= max(64, _round_up(m, 64)) and c[0][1] <= max(64, _round_up(n, 64))
    ] or [_GEMM_CANDIDATES[-1]]
    tiles = {c[0]: ceil(m / c[0][0]) * ceil(n / c[0][1]) * batch for c in fitting}
    full = [c for c in fitting if tiles[c[0]] >= GEMM_WAVE * sms]
    if full:
        tile, warp, stages = full[0]
        why = f"largest tile that still fills the {sms} SMs ({tiles[tile]} tiles)"
    else:
        tile, warp, stages = fitting[-1]
        why = f"too small for a full wave of {sms} SMs: the smallest tile spreads it widest ({tiles[tile]} tiles)"
    return Sm80Choice(tile, warp, stages, why, "gemm_sm80")


def choose_conv_sm80(m: int, n: int, k: int, dtype: str = "f16", arch: str = "sm_80") -> Sm80Choice:
    """The heuristic configuration of an NHWC fprop seen as its implicit GEMM (M = N*P*Q output
    pixels, N = F filters, K = C*R*S) for the conv_sm80 family on `arch`'s GPU."""
    _check(dtype, m, n, k)
    sms = _sms(arch)
    fitting = [
        c for c in _CONV_CANDIDATES
        if c[0][0] <= max(64, _round_up(m, 64)) and c[0][1] <= max(32, _round_up(n, 32))
    ] or [_CONV_CANDIDATES[-1]]
    tiles = {c[0]: ceil(m / c[0][0]) * ceil(n / c[0][1]) for c in fitting}
    full = [c for c in fitting if tiles[c[0]] >= CONV_WAVE * sms]
    if full:
        tile, warp, stages = full[0]
        why = f"first conv tile that fills {int(CONV_WAVE * 100)}% of the {sms} SMs ({tiles[tile]} tiles)"
    else:
        tile, warp, stages = fitting[-1]
        why = f"too small for a wave of {sms} SMs: the smallest conv tile spreads it widest ({tiles[tile]} tiles)"
    return Sm80Choice(tile, warp, stages, why, "conv_sm80")
