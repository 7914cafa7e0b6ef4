"""tuning/space.py: the candidate space is legal (every candidate of the paper's GEMMs and
ResNet-50's convolutions lowers through the real emitter with it as #bolt.kernel and renders
its C++), small (tens per op), pruned by problem size, and round-trips through #bolt.kernel."""

from __future__ import annotations

from dataclasses import replace
from math import ceil

from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from boltc.lowering.cutlass.cpp import Element, GmemLayout, InvalidKernelConfig, max_alignment
from boltc.lowering.cutlass.gemm_sm90 import schedule_words
from boltc.tuning import heuristic, heuristic_sm80
from boltc.tuning.space import (
    MAX_CANDIDATES, Candidate, Family, GemmProblem, candidates, fits_problem, lower_with, problem_of, sms, within_cap,
)

from shapes import PAPER_GEMMS, RESNET50_CONVS, conv_op, gemm_op, paper_gemms_from_table

ARCHES = ("sm_90a", "sm_80")


def test_paper_gemm_shapes_match_the_shared_table():
    table = paper_gemms_from_table()
    if table is None:
        pytest.skip("the shared workloads table is not beside this checkout")
    assert sorted(PAPER_GEMMS) == table


def _assert_every_candidate_lowers_and_renders(op, arch):
    found = candidates(op, arch)
    assert 1 <= len(found) <= MAX_CANDIDATES, [c.describe() for c in found]
    assert len(set(found)) == len(found)  # no duplicates
    for candidate in found:
        lowered = lower_with(op, candidate, arch)  # the emitter's own checks, from #bolt.kernel
        assert lowered.reason == "#bolt.kernel"
        config = lowered.kernel.config
        assert (config.tile.m, config.tile.n, config.tile.k) == candidate.tile
        if candidate.family.is_sm80:
            assert (config.warp.m, config.warp.n, config.warp.k) == candidate.warp
        else:
            assert (config.cluster.m, config.cluster.n, config.cluster.k) == candidate.cluster
        assert config.stages == candidate.stages
        text = lowered.kernel.render()
        assert lowered.kernel.name in text
        if candidate.family is Family.GEMM_SM90:  # the tile scheduler's swizzle, as the schedule names it
            assert config.swizzle == schedule_words(candidate.schedule).swizzle
            assert ("max_swizzle_size" in text) == (config.swizzle != 1)
        # The space's own objects (no IR) are the same kernel the op lowers to.
        problem = problem_of(op, candidate.family, arch)
        assert candidate.kernel(problem).name == lowered.kernel.name
    return found


@pytest.mark.parametrize("arch", ARCHES)
@pytest.mark.parametrize("m,n,k", PAPER_GEMMS)
def test_every_paper_gemm_candidate_lowers_and_renders(m, n, k, arch):
    found = _assert_every_candidate_lowers_and_renders(gemm_op(m, n, k), arch)
    families = Counter(c.family for c in found)
    expected = {Family.GEMM_SM90, Family.GEMM_SM80} if arch == "sm_90a" else {Family.GEMM_SM80}
    assert set(families) == expected  # both families on Hopper (the 2.x one is the comparison)


@pytest.mark.parametrize("arch", ARCHES)
@pytest.mark.parametrize("h,w,c,f,r,s,stride,padding", RESNET50_CONVS)
def test_every_resnet50_conv_candidate_lowers_and_renders(h, w, c, f, r, s, stride, padding, arch):
    found = _assert_every_candidate_lowers_and_renders(conv_op(h, w, c, f, r, s, stride, padding), arch)
    families = {cand.family for cand in found}
    assert Family.CONV_SM80 in families  # both families on Hopper: 2.x wins narrow layers there
    assert families <= ({Family.CONV_SM90, Family.CONV_SM80} if arch == "sm_90a" else {Family.CONV_SM80})
    if arch == "sm_90a":
        assert Family.CONV_SM90 in families


@pytest.mark.parametrize("arch", ARCHES)
def test_grouped_and_depthwise_convs_have_the_direct_kernel_only(arch):
    for groups, c, f in ((32, 64, 64), (2, 64, 128)):
        op = conv_op(56, 56, c, f, 3, 3, 1, 1, groups=groups)
        [only] = candidates(op, arch)
        assert only.family is Family.CONV_DIRECT and not only.has_kernel_attr
        assert "conv_direct" in only.describe()
        assert lower_with(op, only, arch).kernel.FAMILY == "conv_direct"
        with pytest.raises(InvalidKernelConfig, match="no #bolt.kernel"):
            only.kernel_attr()


def test_the_heuristics_choices_are_in_the_space():
    """The space holds what today's heuristics pick (stages aside: the heuristic leaves sm_90a's
    to CUTLASS's carveout, the space writes the count out), but for the heuristic's 2x1x1
    cluster on the paper's sub-wave 1280xN GEMMs (120 tiles on 132 SMs), where the space has the
    same tile and schedule on 1x1x1 only (`sm90_clusters`: measured no faster there); the
    profile plan times the heuristic's own choice anyway (select.ranked_shortlist)."""
    for m, n, k in PAPER_GEMMS:
        found = candidates(gemm_op(m, n, k), "sm_90a")
        pick = heuristic.choose_gemm_sm90(m, n, k)
        sub_wave = ceil(m / pick.tile[0]) * ceil(n / pick.tile[1]) < sms("sm_90a")
        cluster = (1, 1, 1) if sub_wave else pick.cluster
        assert any(c.family is Family.GEMM_SM90 and c.tile == pick.tile and c.cluster == cluster
                   and c.schedule == pick.schedule for c in found), (m, n, k, pick)
        if sub_wave:
            assert not any(c.tile == pick.tile and c.cluster == (2, 1, 1) for c in found), (m, n, k)
        pick80 = heuristic_sm80.choose_gemm_sm80(m, n, k, arch="sm_80")
        assert any(c.tile == pick80.tile and c.warp == pick80.warp for c in candidates(gemm_op(m, n, k), "sm_80"))


def test_size_pruning_small_problems_get_small_tiles_large_ones_do_not():
    small = candidates(gemm_op(256, 128, 512), "sm_90a")
    large = candidates(gemm_op(8192, 8192, 8192), "sm_90a")
    # Nothing much larger than the problem (M rounded up to 64, N rounded up to 64).
    assert all(c.tile[0] <= 256 and c.tile[1] <= 128 for c in small)
    assert any(c.tile[:2] == (64, 64) for c in small)
    # Large: no tile under 128x128 elements (reference tiles fill two waves and more).
    assert all(c.tile[0] * c.tile[1] >= 128 * 128 for c in large)
    assert len(small) < len(candidates(gemm_op(1280, 768, 768), "sm_90a"))
    # Stream-K only under half a wave of tiles, where CUTLASS's scheduler splits K loops (past
    # one wave it splits them too, but lost there on every shape profiled).
    assert not any(c.schedule == "cooperative_streamk" for c in large)
    # The small problem's 8 k-blocks are one unit's minimum: nothing to split. With K = 4096:
    assert not any(c.schedule == "cooperative_streamk" for c in small)
    assert any(c.schedule == "cooperative_streamk" for c in candidates(gemm_op(256, 128, 4096), "sm_90a"))


def test_stream_k_where_cutlass_s_heuristic_splits_k_loops():
    """get_num_sk_tiles in CUTLASS 4.2's tile_scheduler_params.h, on 132 SMs."""
    from boltc.tuning.space import streamk_decomposition

    assert streamk_decomposition(196, 132, 16) == (196, 132)  # 1.48 waves: every tile, one wave of units
    assert streamk_decomposition(300, 132, 16) == (168, 132)  # 2.27 waves: the first runs data-parallel
    assert streamk_decomposition(30, 132, 48) == (30, 132)
    assert streamk_decomposition(60, 132, 2) == (0, 0)  # no more k-blocks than a unit's minimum
    assert streamk_decomposition(60, 132, 12) == (60, 90)  # units of at least 8 k-blocks
    assert streamk_decomposition(120, 132, 48) == (0, 0)  # a wave over half full: data-parallel
    assert streamk_decomposition(264, 132, 48) == (0, 0)  # whole waves
    # Offered only under one wave and where the scheduler splits: 1280x768x3072 on 128x192
    # (40 tiles: stream-K, 7 % faster than data-parallel on the H200), not on 128x64 (120
    # tiles, over half a wave: data-parallel again); not past one wave (14x14x1024->512's 196
    # tiles of 128x128: 11 % slower there).
    one_wave = {(c.tile[:2], c.schedule) for c in candidates(gemm_op(1280, 768, 3072), "sm_90a")}
    assert ((128, 192), "cooperative_streamk") in one_wave
    assert ((128, 64), "cooperative_streamk") not in one_wave and ((128, 64), "cooperative") in one_wave
    past_one_wave = {(c.tile[:2], c.schedule) for c in candidates(gemm_op(6272, 512, 1024), "sm_90a")}
    assert ((128, 128), "cooperative") in past_one_wave and ((128, 128), "cooperative_streamk") not in past_one_wave


def test_split_k_where_the_parts_fit_one_wave_and_keep_two_k_blocks():
    """1280x768x3072 (48 k-blocks): split-K in 2-4 parts for every cooperative TMA tile whose
    tiles x parts fit the 132 SMs; never past one wave, never under two k-blocks a part, never
    on a problem that fills the SMs, and only without a cluster."""
    found = candidates(gemm_op(1280, 768, 3072), "sm_90a")
    split = [c for c in found if c.schedule.startswith("cooperative_splitk")]
    assert {c.schedule for c in split} == {"cooperative_splitk 2", "cooperative_splitk 3", "cooperative_splitk 4"}
    for c in split:
        parts = int(c.schedule.split()[1])
        tiles = -(-1280 // c.tile[0]) * -(-768 // c.tile[1])
        assert tiles * parts <= 132 and c.cluster == (1, 1, 1), c
    # 128x128: 60 tiles, 2 parts only; 128x256: 30 tiles, 2-4 parts.
    assert {c.schedule for c in split if c.tile[:2] == (128, 128)} == {"cooperative_splitk 2"}
    assert len({c.schedule for c in split if c.tile[:2] == (128, 256)}) == 3
    # K = 256 on 128x256 tiles: 4 k-blocks, so two parts at most.
    short = {c.schedule for c in candidates(gemm_op(1280, 768, 256), "sm_90a") if c.tile[:2] == (128, 256)}
    assert "cooperative_splitk 2" in short and "cooperative_splitk 3" not in short
    assert not any("splitk" in c.schedule for c in candidates(gemm_op(8192, 8192, 8192), "sm_90a"))
    assert not any("splitk" in c.schedule for c in candidates(gemm_op(1000, 48, 174), "sm_90a"))  # no TMA
    assert len(found) <= MAX_CANDIDATES


def test_swizzle_for_the_largest_tiles_where_they_make_two_waves():
    """The tile scheduler's swizzle 4 and 8 (`"cooperative swizzle 8"`) on the data-parallel
    candidates of the largest tiles (128x256, 256x128, 128x128 under a two-CTA cluster), each
    beside its plain self with the same stages, where the candidate's own tiles make two waves
    of the 132 SMs or more; a swizzle CUTLASS would cap (8 on a grid 4 tiles wide) is left out."""
    large = candidates(gemm_op(8192, 8192, 8192), "sm_90a")
    swizzled = [c for c in large if "swizzle" in c.schedule]
    assert sorted((c.tile[:2], c.cluster[:2], c.schedule) for c in swizzled) == sorted(
        (tile, cluster, f"{schedule} swizzle {s}") for tile, cluster, schedule in (
            ((128, 256), (1, 1), "cooperative"), ((128, 256), (2, 1), "cooperative"),
            ((128, 256), (1, 2), "cooperative"), ((256, 128), (1, 1), "cooperative"),
            ((256, 128), (2, 1), "cooperative"), ((256, 128), (1, 2), "cooperative"),
            ((128, 128), (2, 1), "cooperative"), ((128, 128), (2, 1), "pingpong"),
        ) for s in (4, 8))
    for c in swizzled:
        assert replace(c, schedule=c.schedule.split(" swizzle ")[0]) in large, c
        assert Candidate.from_kernel_text(c.kernel_attr_text()) == c
    assert len(large) <= MAX_CANDIDATES
    # 32768x1024x4096 on 128x256: 256 x 4 tiles, too narrow for 8 (CUTLASS runs it as 4).
    tall = {c.schedule for c in candidates(gemm_op(32768, 1024, 4096), "sm_90a") if c.tile[:2] == (128, 256)}
    assert "cooperative swizzle 4" in tall and "cooperative swizzle 8" not in tall
    # Under two waves of tiles (1280x768x768: 60 of 128x128, 30 of 128x256): none.
    for m, n, k in ((1280, 768, 768), (1280, 3072, 768)):
        assert not any("swizzle" in c.schedule for c in candidates(gemm_op(m, n, k), "sm_90a")), (m, n, k)


def test_unaligned_gemm_gets_cp_async_kernels_without_clusters():
    """K = 174: A's rows are not 16 bytes apart, so no TMA: no cluster and no stream-K. With N = 46
    D's rows are not either, and the fused bias + ReLU needs the TMA epilogue: gemm_sm80 only."""
    found = candidates(gemm_op(1000, 48, 174), "sm_90a")
    sm90 = [c for c in found if c.family is Family.GEMM_SM90]
    assert sm90 and all(c.cluster == (1, 1, 1) and c.schedule != "cooperative_streamk" for c in sm90)
    found = candidates(gemm_op(1000, 46, 174), "sm_90a")
    assert found and {c.family for c in found} == {Family.GEMM_SM80}


@pytest.mark.parametrize("arch", ARCHES)
def test_kernel_attr_round_trip(arch):
    for candidate in candidates(gemm_op(1280, 3072, 768), arch) + candidates(conv_op(28, 28, 128, 128, 3, 3, 1, 1), arch):
        text = candidate.kernel_attr_text()
        assert Candidate.from_kernel_text(text) == candidate
        assert Candidate.from_kernel_attr(candidate.kernel_attr()) == candidate
        # And through an op: written into the IR, the op carries exactly this candidate.
        if candidate.family is Family.GEMM_SM90:
            op = gemm_op(1280, 3072, 768, kernel=text)
            assert Candidate.from_kernel_attr(op.kernel) == candidate


def test_plain_multistage_schedule_reads_as_its_default_warp_tile():
    c = Candidate.from_kernel_text('#bolt.kernel<"gemm_sm80", tile [128, 128, 64], cluster [1, 1, 1], stages 3, "multistage">')
    assert c.warp == (64, 64, 64) and c.schedule == "multistage warp 64x64x64"


def test_unknown_family_is_refused_by_name():
    with pytest.raises(InvalidKernelConfig, match="'gemm_sm70' is unknown"):
        Candidate.from_kernel_text('#bolt.kernel<"gemm_sm70", tile [128, 128, 64], cluster [1, 1, 1], stages 3, "x">')


def test_describe_names_the_configuration():
    c = Candidate(Family.GEMM_SM80, (128, 256, 64), (1, 1, 1), 3, "multistage warp 64x64x64", (64, 64, 64))
    assert c.describe() == "gemm_sm80 tile 128x256x64, warp 64x64x64 (8 warps), 3 stages, multistage"
    c = Candidate(Family.GEMM_SM90, (128, 256, 64), (2, 1, 1), 4, "cooperative")
    assert c.describe() == "gemm_sm90 tile 128x256x64, cluster 2x1x1, 4 stages, cooperative"


def test_a_refused_candidate_says_why():
    problem = problem_of(gemm_op(1280, 768, 768), Family.GEMM_SM90, "sm_90a")
    too_deep = Candidate(Family.GEMM_SM90, (128, 256, 64), (1, 1, 1), 8, "cooperative")
    assert "shared memory" in too_deep.blocker(problem)
    pingpong_256 = Candidate(Family.GEMM_SM90, (256, 128, 64), (1, 1, 1), 3, "pingpong")
    assert "pingpong" in pingpong_256.blocker(problem)


def test_a_few_tiles_and_a_long_k_stay_within_the_cap_by_fewer_split_k_parts():
    """590x240x2848 (hypothesis found it in CI): split-K in 2, 3 and 4 parts on six tiles made 68
    candidates, over the cap, when sub-wave problems still had 2x1x1 clusters; now 56, with
    every part count. The cap's rule on a list over it: the 4-part ones go first, then the
    3-part ones; two parts stay."""
    e = Element.F16
    problem = GemmProblem(590, 240, 2848, 1, e, e, GmemLayout.ROW_MAJOR, GmemLayout.ROW_MAJOR,
                          max_alignment(2848, e), max_alignment(240, e), max_alignment(240, e), _PLAIN)
    found = candidates(problem, "sm_90a")
    schedules = {c.schedule for c in found}
    assert len(found) <= MAX_CANDIDATES and len(within_cap(found)) == len(found)  # under the cap: none go
    assert {f"cooperative_splitk {parts}" for parts in (2, 3, 4)} <= schedules
    over = found + [next(c for c in found if c.schedule == "cooperative")] * (MAX_CANDIDATES + 1 - len(found))
    kept = {c.schedule for c in within_cap(over)}
    assert "cooperative_splitk 2" in kept and "cooperative_splitk 4" not in kept
    assert len(within_cap(over)) <= MAX_CANDIDATES


# A plain-store GEMM problem without IR, as hypothesis makes them: every candidate constructs.
_PLAIN = problem_of(gemm_op(128, 128, 64), Family.GEMM_SM90, "sm_90a").epilogue  # bias + relu tree


@settings(max_examples=60, deadline=None)
@given(m=st.integers(1, 20000), n=st.integers(1, 9000), k=st.integers(8, 9000).map(lambda v: v - v % 2),
       batch=st.integers(1, 8), arch=st.sampled_from(ARCHES))
def test_every_candidate_of_any_gemm_problem_constructs(m, n, k, batch, arch):
    e = Element.F16
    problem = GemmProblem(m, n, k, batch, e, e, GmemLayout.ROW_MAJOR, GmemLayout.ROW_MAJOR,
                          max_alignment(k, e), max_alignment(n, e), max_alignment(n, e), _PLAIN)
    found = candidates(problem, arch)
    if max_alignment(n, e) * e.bytes < 16:
        assert not any(c.family is Family.GEMM_SM90 for c in found)  # the fused epilogue needs TMA rows of D
    assert len(found) <= MAX_CANDIDATES
    for candidate in found:
        candidate.kernel(problem)  # raises if any blocker refuses
        assert fits_problem(candidate.tile, problem)


def test_stages_auto_reads_as_none():
    """`stages auto` (KernelAttr.AUTO_STAGES, -1 in the IR) is a candidate with stages None, never a
    stage count of -1: the heuristic writes auto for its sm_90a GEMMs, and --tune profile's
    shortlist adds the heuristic's choice as a candidate (a -1 there stopped ResNet-50's tuned
    build on the H100, 2026-11-26: 'the warp-specialized mainloop needs at least 2 stages, got -1')."""
    text = '#bolt.kernel<"gemm_sm90", tile [128, 128, 64], cluster [1, 1, 1], stages auto, "cooperative">'
    c = Candidate.from_kernel_text(text)
    assert c.stages is None
    assert Candidate.from_kernel_attr(c.kernel_attr()) == c


def test_every_shortlisted_candidate_renders_its_profiler():
    """The heuristic's own choice included (stages auto on sm_90a), each (candidate, problem) of
    --tune profile's shortlist makes a profiler translation unit without a config error."""
    from boltc.tuning.profile import profiler_unit
    from boltc.tuning.select import heuristic, shortlist

    for op in (gemm_op(1280, 3072, 768), conv_op(56, 56, 64, 64, 1, 1, 1, 0)):
        own = heuristic(op, "sm_90a")
        assert own.kernel is not None
        pairs = shortlist(op, "sm_90a")
        mine = Candidate.from_kernel_attr(own.kernel)
        assert any(replace(c, stages=mine.stages) == mine for c, _ in pairs)  # as written or counted out
        problem = next(p for c, p in pairs if c.family is mine.family)
        for candidate, problem in [*pairs, (mine, problem)]:  # mine as the heuristic wrote it, too
            assert profiler_unit(candidate, problem, "sm_90a").source


def test_a_1x2_cluster_beside_2x1_on_the_largest_tiles_of_several_waves():
    """cuBLAS runs 1x2 clusters (A multicast along N) on every paper GEMM of several waves; the
    space offers 1x2x1 beside 2x1x1 on 128x256 and 256x128 tiles there, and on no one-wave
    problem where there are two tiles along M (2x1x1 is its multicast cluster)."""
    def clusters(m, n, k):
        return {(c.tile[:2], c.cluster) for c in candidates(gemm_op(m, n, k), "sm_90a")
                if c.family is Family.GEMM_SM90}

    large = clusters(32768, 4096, 1024)
    for tile in ((128, 256), (256, 128)):
        assert {(tile, (1, 1, 1)), (tile, (2, 1, 1)), (tile, (1, 2, 1))} <= large
    assert ((128, 128), (1, 2, 1)) not in large
    assert not any(cluster == (1, 2, 1) for _, cluster in clusters(1280, 768, 3072))
    assert ((128, 256), (1, 2, 1)) in clusters(128, 4096, 256)  # one tile along M: 1x2x1 is the multicast one
