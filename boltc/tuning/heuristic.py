"""A heuristic kernel choice for sm_90a GEMMs and convolutions, until the tuner (perf model +
profiler) lands. The convolution rules are `choose_conv_sm90`'s docstring.

`choose_gemm_sm90(m, n, k, dtype, arch)` is a pure function of the problem: same shape, same
choice; no IR, no device. Its rules, in order:

1. **Tile.** Candidates from most to least efficient per CTA:
   128x256x64 cooperative, 128x192x64 cooperative, 128x128x64 cooperative, 64x128x64 pingpong,
   64x64x64 pingpong. (128x192 fills a wave where 128x256 falls short and 128x128 overshoots
   into a second, badly filled one: 1280x2304x768 is 120 tiles of 128x192 against 180 of
   128x128, 13.57 against 16.22 µs on the H100, bench/RESULTS.md.)
   Large tiles reuse each loaded byte more (arithmetic intensity ~ tm*tn/(tm+tn)), so they win
   whenever there are enough of them to fill the GPU. Each tile is scored by `wave_use` (the
   share of SM slots busy over the persistent kernel's rounds) x tm*tn/(tm+tn) x the share of
   its area inside the problem (a 128x192 tile on N = 256 leaves a third of its second column
   empty); scores within 2 % tie and the tie goes to the better wave use. First, among the
   cooperative tiles whose wave use is at least 70 %, the best: BERT's 4096x2304 QKV takes
   128x192 (384 tiles, 97 %) over 128x256 (288 tiles, 73 %), 29.0 against 35.9 us, and the whole
   BERT-base encoder went from 1.639 to 1.538 ms on the H100 (bench/RESULTS.md, 2026-11-26);
   ResNet-50's 14x14x1024->256 (6272x256x1024) 128x128 over 128x192, 12.54 against 15.10 us
   (H200, 2026-11-30). Else (no cooperative tile keeps 70 % of the SMs busy) the best of all
   the candidates: 1568x512x2048 (7x7x2048->512) takes 64x128 pingpong (100 tiles, 12.1 us)
   where the first tile to fill a wave, 64x64 (200 tiles), ran 17.2 us (H200, 2026-11-30).
   Candidates much larger than the problem (tm > M rounded up to 64, tn > N rounded up to 64)
   are skipped: their extra rows would be masked work.
   Cooperative (two consumer warpgroups on one 128-row tile) suits big tiles; pingpong (the two
   warpgroups alternate tiles, one's epilogue hiding under the other's MMAs) suits 64-row tiles
   and epilogue-heavy small problems. K tile 64: 128 bytes of 16-bit elements, one 128-byte
   swizzle atom, the layout TMA and WGMMA read fastest.
2. **Cluster.** 2x1x1 when there are at least two tiles along M: the pair shares each B tile
   through TMA multicast (half the L2->SM traffic for B); but not for a cooperative tile with
   N <= 1024 (`CLUSTER_MIN_N`), where the pair's lockstep measured 6-10 % slower than no
   cluster (BERT-base: 1.527 -> 1.478 ms, same run, 2026-11-26), nor where the tiles make less
   than one wave (as `space.sm90_clusters`: 42 pairs on the H200 ran 2x1x1 at 0.98-1.47x the
   1x1x1 time, 2026-11-30). Else 1x2x1 when there are two tiles
   along N (they share A). 1x1x1 otherwise, and always when a row of A or B is not 16-byte
   aligned (K or N not a multiple of 8 16-bit elements): that kernel loads with cp.async,
   which has no multicast.
3. **Stages.** None: "as many as fit beside the epilogue" (CUTLASS's StageCountAutoCarveout),
   which the emitter turns into a count at compile time.
4. **Epilogue subtile** (`epilogue_subtile_n`, given the epilogue): cooperative kernels store
   their tile in 128x32 subtiles (CUTLASS's EpilogueTileAuto), or 128x64 when the epilogue
   evaluates a transcendental function (exp2, a reciprocal, tanh: GELU, softplus, sigmoid...).

Measured on the H100 here (CUDA events, median of 20, same run): an 8192x8192x8192 f16
Linear+bias+ReLU through the generated entry point ran at 718 TFLOP/s with this heuristic's
choice (128x256x64 cooperative, 2x1 cluster, auto stages), 1.08x torch's cuBLAS linear + relu;
128x128x64 with auto stages ran 581 TFLOP/s and with 4 stages 533. `bench/` holds the full
comparison over the paper's shapes; the tuner replaces this.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

H100_SMS = 132  # DESIGN.md, 'Hardware facts'
SUPPORTED_ARCHS = ("sm_90a",)
ELEMENT_BYTES = {"f16": 2, "bf16": 2}


@dataclass(frozen=True)
class GemmChoice:
    """A kernel configuration: what `#bolt.kernel<"gemm_sm90", ...>` records."""

    tile: tuple[int, int, int]
    cluster: tuple[int, int, int]
    stages: int | None  # None: as many as fit (StageCountAutoCarveout)
    schedule: str  # "cooperative" or "pingpong"
    reason: str  # why, in one line (shown by --emit bolt / in the TU's header comment)

    family: str = "gemm_sm90"


_CANDIDATES: tuple[tuple[tuple[int, int, int], str], ...] = (
    ((128, 256, 64), "cooperative"),
    ((128, 192, 64), "cooperative"),
    ((128, 128, 64), "cooperative"),
    ((64, 128, 64), "pingpong"),
    ((64, 64, 64), "pingpong"),
)


def _round_up(value: int, multiple: int) -> int:
    return -(-value // multiple) * multiple


COOPERATIVE_MIN_WAVE_USE = 0.7  # below it a cooperative tile leaves too many SMs idle (GEMM and conv)
WAVE_USE_TIE = 0.02  # wave uses this close count as equal: the larger tile wins
# A cooperative tile takes a 2x1 cluster (B multicast to two M-tiles) only where B is wider
# than this. Below it the cluster's lockstep costs more than the multicast saves, on the
# H100's profile records (every configuration timed with and without the cluster): the 2x1
# cluster takes 1.07x (median of 12 configurations) the time of none at 4096x768x768 and 1.06x
# at 4096x768x3072 (BERT's attention output and FFN2; bench/data/profile_space_bert_stem_*),
# 1.10x at 32768x1024x4096; from N = 2304 up it is the faster (0.98x at 4096x2304x768, 0.95x
# at 4096^3, 0.77x at 8192^3; bench/data/profile_space_gemm_*).
CLUSTER_MIN_N = 1025


def wave_use(tiles: int, sms: int = H100_SMS) -> float:
    """The share of the SM slots busy over the rounds a persistent kernel runs `tiles` tiles
    in: 392 tiles on 132 SMs use 99 % (3 rounds), 196 use 74 % (2 rounds, the second half
    empty), 98 use 74 % (one round)."""
    return tiles / (ceil(tiles / sms) * sms)


def choose_gemm_sm90(
    m: int, n: int, k: int, dtype: str = "f16", arch: str = "sm_90a", *, batch: int = 1
) -> GemmChoice:
    """The heuristic configuration of an M x N x K GEMM (times `batch`) on `arch`."""
    if arch not in SUPPORTED_ARCHS:
        raise ValueError(f"choose_gemm_sm90 picks sm_90a kernels, not {arch}")
    if dtype not in ELEMENT_BYTES:
        raise ValueError(f"sm_90a GEMM inputs are f16 or bf16, not {dtype}")
    if min(m, n, k, batch) <= 0:
        raise ValueError(f"empty GEMM {m}x{n}x{k} (batch {batch})")
    element_bytes = ELEMENT_BYTES[dtype]
    tma_aligned = (k * element_bytes) % 16 == 0 and (n * element_bytes) % 16 == 0

    fitting = [
        (tile, schedule)
        for tile, schedule in _CANDIDATES
        if tile[0] <= max(64, _round_up(m, 64)) and tile[1] <= max(64, _round_up(n, 64))
    ] or [_CANDIDATES[-1]]
    tiles = {tile: ceil(m / tile[0]) * ceil(n / tile[1]) * batch for tile, _ in fitting}

    def score(choice) -> float:
        # wave use x the tile's reuse of a loaded byte (tm*tn/(tm+tn)) x the share of its area
        # inside the problem: 4096x2304 (BERT's QKV) takes 128x192 (384 tiles, 97 %) over 128x256
        # (288 tiles, 73 %), 29.0 against 35.9 us on the H100 (--tune profile, 2026-11-26);
        # 8192^3 keeps 128x256 (97 % against 99 % is not worth the 10 % less reuse); 6272x256
        # (ResNet-50's 14x14x1024->256) 128x128 over 128x192, whose second column of tiles is a
        # third used (12.54 against 15.10 us, H200, bench/RESULTS.md 2026-11-30).
        tm, tn = choice[0][:2]
        inside = m * n * batch / (tiles[choice[0]] * tm * tn)
        return wave_use(tiles[choice[0]]) * tm * tn / (tm + tn) * inside

    def best(choices):
        # scores within WAVE_USE_TIE of the best tie; the tie goes to the better wave use
        # (25088x256: 392 tiles of 128x128 over 196 of 128x256, 18.8 against 21.4 us, H200)
        top = max(score(c) for c in choices)
        return max((c for c in choices if score(c) >= top * (1 - WAVE_USE_TIE)), key=lambda c: wave_use(tiles[c[0]]))

    # Cooperative tiles that keep the SMs busy, by that score; else any tile by it, where
    # "the first tile that fills a wave" took 64x64 pingpong for 1568x512x2048 (7x7x2048->512:
    # 200 tiles, 17.2 us) over 64x128 (100 tiles, 12.1 us; H200, bench/RESULTS.md 2026-11-30).
    cooperative = [(t, s) for t, s in fitting
                   if s == "cooperative" and wave_use(tiles[t]) >= COOPERATIVE_MIN_WAVE_USE]
    if cooperative:
        tile, schedule = best(cooperative)
        why = (f"the cooperative tile of the best wave use x reuse, {tiles[tile]} tiles on the {H100_SMS} SMs "
               f"({wave_use(tiles[tile]):.0%})")
    else:
        tile, schedule = best(fitting)
        why = (f"no cooperative tile keeps {COOPERATIVE_MIN_WAVE_USE:.0%} of the {H100_SMS} SMs busy: the tile of "
               f"the best wave use x reuse, {tiles[tile]} tiles ({wave_use(tiles[tile]):.0%})")

    m_tiles, n_tiles = ceil(m / tile[0]), ceil(n / tile[1])
    if not tma_aligned:
        cluster = (1, 1, 1)
        why += "; rows not 16-byte aligned: cp.async loads, no cluster"
    elif m_tiles >= 2 and schedule == "cooperative" and n < CLUSTER_MIN_N:
        cluster = (1, 1, 1)
        why += f"; B {n} wide: no cluster (a 2x1 one costs more than it saves below N = {CLUSTER_MIN_N})"
    elif m_tiles >= 2 and m_tiles * n_tiles * batch < H100_SMS:
        cluster = (1, 1, 1)
        why += "; under one wave: no 2x1 cluster (its lockstep costs more than multicast saves: space.sm90_clusters)"
    elif m_tiles >= 2:
        cluster = (2, 1, 1)
        why += "; 2x1 cluster multicasts B"
    elif n_tiles >= 2:
        cluster = (1, 2, 1)
        why += "; 1x2 cluster multicasts A"
    else:
        cluster = (1, 1, 1)
    return GemmChoice(tile, cluster, None, schedule, why)


def epilogue_subtile_n(cooperative: bool, tile_n: int, transcendental: bool) -> int:
    """N of the subtiles a cooperative sm_90a GEMM's epilogue computes and stores at a time (M
    is 128). Each subtile ends in a barrier of both consumer warpgroups and a TMA store; a
    wider subtile halves those and gives each thread 32 independent elements instead of 16 to
    interleave. That pays when each element costs many instructions: on the H100, same run,
    1280x3072x768 with 128x256 tiles, 128x64 subtiles took bias+GELU(erf) from 17.89 to 17.54
    us, softplus 17.66 -> 17.54, GELU(tanh) 17.41 -> 17.22, and cost bias+ReLU 0.1 us (16.64 ->
    16.74; the plain GEMM 16.29 both). Pingpong kernels keep CUTLASS's 64x32."""
    if cooperative and transcendental and tile_n % 64 == 0:
        return 64
    return 32


# --------------------------------------------------------------------------------------
# Convolutions (conv_sm90: CUTLASS 3 implicit-GEMM fprop, TMA im2col)
# --------------------------------------------------------------------------------------

CONV_WAVE = 0.7  # conv: a tile count of at least this fraction of the SMs counts as a full wave
_CONV_CANDIDATES: tuple[tuple[int, int, int], ...] = (
    (128, 128, 64),
    (64, 128, 64),
    (128, 64, 64),
    (64, 64, 64),
    (64, 32, 64),
)
# conv_sm80 (CUTLASS 2.x) on sm_90a for a convolution of few input channels: fewer than one
# 64-element K tile of them (conv_sm90's TMA im2col reads zeros past C), and enough 256x64 tiles
# to fill the GPU (conv_family_sm90a).
SM80_CONV_MAX_CHANNELS = 63
SM80_CONV_TILE = (256, 64)


def conv_family_sm90a(m: int, n: int, k: int, c: int) -> str:
    """Which family lowers a convolution on sm_90a: "conv_sm80" for an implicit GEMM of fewer
    than 64 input channels C (K = C*R*S) with at least one 256x64 tile per SM, else
    "conv_sm90".

    Why C: conv_sm90's K tile is 64 channels of one filter tap (one 128-byte swizzle row of
    TMA im2col), so a layer with C < 64 multiplies zeros for the rest of it: the space-to-depth
    stems (C = 16: 4x the MMAs), VGG's first layer (C = 3 padded to 8). Measured on the H100
    (bench/profile_space.py --only conv, 2026-11-26, L2 flushed): ResNet-50's 7x7/2 stem on 3
    channels ran 181 us on conv_sm80 against 771 us for the best conv_sm90 tile; at C = 64
    (56x56x64, M = 100352, F = 64) the cooperative conv_sm90 256x64 tile won, 27.6 us against
    33.8 us for conv_sm80's best 3x3 and 15.4 against 18.5 us 1x1 (before the cooperative
    schedule, conv_sm80 won that layer: 33.4 against 36.9 us, the rule then was F <= 64 and K
    <= 1024). If conv_sm80 refuses the op (an epilogue or an alignment it lacks), the caller
    falls back to conv_sm90."""
    tall = ceil(m / SM80_CONV_TILE[0]) * ceil(n / SM80_CONV_TILE[1]) >= H100_SMS
    if c <= SM80_CONV_MAX_CHANNELS and tall:
        return "conv_sm80"
    return "conv_sm90"


@dataclass(frozen=True)
class ConvChoice(GemmChoice):
    """A conv configuration: what `#bolt.kernel<"conv_sm90", ...>` records."""

    family: str = "conv_sm90"


# conv_sm90's persistent cooperative tiles (two consumer warpgroups, at most 2 x 128x128 fp32
# accumulators), largest first; the heuristic takes 64-wide ones only for F <= 128
# (COOPERATIVE_NARROW_MAX_F); the tuning space has them all (space.py).
CONV_COOPERATIVE_TILES: tuple[tuple[int, int, int], ...] = (
    (256, 128, 64),
    (128, 256, 64),
    (128, 128, 64),
    (256, 64, 64),
    (128, 64, 64),
)
COOPERATIVE_NARROW_MAX_F = 128


def choose_conv_sm90(m: int, n: int, k: int, dtype: str = "f16", arch: str = "sm_90a") -> ConvChoice:
    """The heuristic configuration of an NHWC fprop seen as its implicit GEMM: M = N*P*Q output
    pixels, N = F filters, K = C*R*S.

    1. The persistent cooperative schedule (boltc's kernel header: two consumer warpgroups, the
       next tile's loads under this tile's epilogue) where its tiles use the GPU well: among
       256x128, 128x256, 128x128, 256x64 and 128x64 (64-wide only for F <= 128: narrower
       WGMMAs lose to the warpspecialized 64x128 elsewhere), not taller than M or wider than F
       (rounded up to 64 and 32), the best `wave_use` of the 132 SMs, the larger tile on a tie
       (within 2 %), 128x128 before 256x64. Taken when that use is at least 70 %.
    2. Else the warpspecialized schedule (one consumer warpgroup, one tile per CTA), tiles
       128x128x64, 64x128x64, 128x64x64, 64x64x64, 64x32x64: the first whose tile count fills
       70 % of the SMs, else the smallest. Tiles wider than F rounded up to 32, or taller than M
       rounded up to 64, are skipped (masked work); 64x128 before 128x64 (the same tile count,
       half the im2col rows).
    3. K tile 64 (one 128-byte swizzle row of 16-bit channels; layers with C < 64 read zeros
       past C, which TMA fills: `conv_family_sm90a` sends the tall ones to conv_sm80), cluster
       1x1x1, and as many stages as fit beside the epilogue.

    Measured on the H100 (bench/profile_space.py --only conv, 2026-11-26, every conv_sm90 tile
    of both schedules on ResNet-50's 22 distinct convolutions at batch 32, L2 flushed), this
    picks the best tile or one within 5 % of it on every layer but 14x14x1024 -> 2048 /2
    (256x128, 19.1 us, against 128x256, 18.0): cooperative 256x64 at 56x56x64 (27.6 us 3x3
    against 38.5 warpspecialized), 128x64 at 28x28x128 (392 tiles, 20.8 against 24.4),
    128x128 at 14x14x256 (98 tiles, 74 %: 19.2 against 19.5), 256x128 or 128x256 on the
    strided 1x1 downsamples (22.7 against 32.7 us at 56x56x256 -> 512); and the warpspecialized
    64x128 at 7x7x512 3x3 (21.5 us: cooperative 128x128 uses 39 % of the SMs, 128x64 ran 26.8).
    """
    if arch not in SUPPORTED_ARCHS:
        raise ValueError(f"choose_conv_sm90 picks sm_90a kernels, not {arch}")
    if dtype not in ELEMENT_BYTES:
        raise ValueError(f"sm_90a convolution inputs are f16 or bf16, not {dtype}")
    if min(m, n, k) <= 0:
        raise ValueError(f"empty convolution: implicit GEMM {m}x{n}x{k}")

    def fits(tile: tuple[int, int, int]) -> bool:
        return tile[0] <= max(64, _round_up(m, 64)) and tile[1] <= max(32, _round_up(n, 32))

    def count(tile: tuple[int, int, int]) -> int:
        return ceil(m / tile[0]) * ceil(n / tile[1])

    cooperative = [t for t in CONV_COOPERATIVE_TILES if fits(t) and (t[1] >= 128 or n <= COOPERATIVE_NARROW_MAX_F)]
    if cooperative:
        best_use = max(wave_use(count(t)) for t in cooperative)
        tile = next(t for t in cooperative if wave_use(count(t)) >= best_use - WAVE_USE_TIE)
        if best_use >= COOPERATIVE_MIN_WAVE_USE:
            why = (f"cooperative: the largest tile of the best wave use, {count(tile)} tiles on the "
                   f"{H100_SMS} SMs ({wave_use(count(tile)):.0%})")
            return ConvChoice(tile, (1, 1, 1), None, "cooperative", why)

    fitting = [tile for tile in _CONV_CANDIDATES if fits(tile)] or [_CONV_CANDIDATES[-1]]
    tiles = {tile: count(tile) for tile in fitting}
    full = [t for t in fitting if tiles[t] >= CONV_WAVE * H100_SMS]
    if full:
        tile = full[0]
        why = f"largest conv tile that fills {int(CONV_WAVE * 100)}% of the {H100_SMS} SMs ({tiles[tile]} tiles)"
    else:
        tile = fitting[-1]
        why = f"too small for a wave: the smallest conv tile spreads it widest ({tiles[tile]} tiles)"
    return ConvChoice(tile, (1, 1, 1), None, "warpspecialized", why)
