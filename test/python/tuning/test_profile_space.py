"""bench/profile_space.py's problems without a GPU: its ResNet-50 table is the tests' own, its
GEMMs are the shared table's, its ops lower to the same problems as the tuning tests' ops, and
--limit spreads the candidates."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from boltc.tuning.space import Family, problem_of

from shapes import RESNET50_CONVS, WORKLOADS, conv_op, gemm_op, paper_gemms_from_table

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))
import profile_space  # noqa: E402


def test_resnet_table_is_the_tests_table():
    assert profile_space.RESNET50_CONVS == RESNET50_CONVS


@pytest.mark.skipif(not WORKLOADS.exists(), reason="the shared workload table is beside the repository")
def test_gemms_are_the_shared_tables():
    import json

    ops = profile_space.anchor_ops(json.loads(WORKLOADS.read_text()), "gemm")
    shapes = {tuple(op.problem_shape()[1:]) for _, op in ops}
    assert shapes == set(paper_gemms_from_table())
    labels = [label for label, _ in ops]
    assert "gemm 1280x3072x768 bias+gelu" in labels and "gemm 1280x768x768" in labels


def test_ops_lower_to_the_tuning_tests_problems():
    gemm = profile_space.parse_anchor(profile_space.gemm_text(1280, 768, 768, "relu"))
    expected = problem_of(gemm_op(1280, 768, 768), Family.GEMM_SM90, "sm_90a")
    assert problem_of(gemm, Family.GEMM_SM90, "sm_90a") == expected
    conv = profile_space.parse_anchor(profile_space.conv_text(32, 28, 28, 128, 128, 3, 3, 1, 1))
    assert problem_of(conv, Family.CONV_SM90, "sm_90a") == problem_of(conv_op(28, 28, 128, 128, 3, 3, 1, 1),
                                                                      Family.CONV_SM90, "sm_90a")


def test_limit_spreads_candidates():
    assert profile_space.spread(list(range(10)), 3) == [0, 4, 9]
    assert profile_space.spread([1, 2], 5) == [1, 2]
    conv = profile_space.parse_anchor(profile_space.conv_text(32, 7, 7, 512, 512, 3, 3, 1, 1))
    pairs = profile_space.pairs_for([("conv", conv)], "sm_90a", 2)
    assert len(pairs) == 4 and {c.family for c, _ in pairs} == {Family.CONV_SM90, Family.CONV_SM80}


def test_problems_named_on_the_command_line():
    """--gemms and --convs replace the tables; --families keeps the named families only."""
    ops = profile_space.chosen_ops(["4096x768x3072", "4096x3072x768+gelu"], ["115,115,16,64,4,4,1,0"])
    assert [label for label, _ in ops] == ["gemm 4096x768x3072", "gemm 4096x3072x768 bias+gelu",
                                           "conv 115x115x16->64 4x4/1"]
    assert tuple(ops[0][1].problem_shape()[1:]) == (4096, 768, 3072)
    conv = problem_of(ops[2][1], Family.CONV_SM80, "sm_90a")
    assert conv.mnk == (32 * 112 * 112, 64, 4 * 4 * 16)
    pairs = profile_space.pairs_for(ops, "sm_90a", None, frozenset({"conv_sm80"}))
    assert pairs and {candidate.family for candidate, _ in pairs} == {Family.CONV_SM80}
    everything = profile_space.pairs_for(ops, "sm_90a", None)
    assert {candidate.family for candidate, _ in everything} >= {Family.GEMM_SM90, Family.CONV_SM90, Family.CONV_SM80}


def test_extra_clusters_add_the_spaces_data_parallel_candidates_on_them():
    """--extra-clusters 2x2x1,2x4x1 on 1280x768x3072 (120 tiles of 128x64, 10 x 12): the
    cooperative and pingpong candidates again on clusters of 4 and 8 where the tile grid holds
    one, none of the space's own dropped or repeated; --clusters then narrows to them."""
    ops = profile_space.chosen_ops(["1280x768x3072"], [])
    plain = profile_space.pairs_for(ops, "sm_90a", None, frozenset({"gemm_sm90"}))
    more = profile_space.pairs_for(ops, "sm_90a", None, frozenset({"gemm_sm90"}),
                                   extra_clusters=frozenset({(2, 2, 1), (2, 4, 1)}))
    keys = [(c.tile, c.cluster, c.schedule) for c, _ in more]
    assert len(keys) == len(set(keys)) and set(keys) >= {(c.tile, c.cluster, c.schedule) for c, _ in plain}
    added = [c for c, _ in more if c.cluster in ((2, 2, 1), (2, 4, 1))]
    assert ((128, 64, 64), (2, 4, 1), "cooperative") in {(c.tile, c.cluster, c.schedule) for c in added}
    assert all(c.schedule in ("cooperative", "pingpong") and c.stages for c in added)
    # 128x256 tiles: 10 x 3, no room for four tiles along N.
    assert not any(c.tile[:2] == (128, 256) and c.cluster == (2, 4, 1) for c in added)
    only = profile_space.pairs_for(ops, "sm_90a", None, frozenset({"gemm_sm90"}), (), frozenset({(2, 4, 1)}),
                                   frozenset({(2, 4, 1)}))
    assert only and all(c.cluster == (2, 4, 1) for c, _ in only)


def test_tiles_narrow_to_those_threadblock_shapes():
    """--tiles 64x256,128x128 --schedules pingpong on 1280x3072x768 with and without an
    activation: the two pingpong kernels of each, as bench/RESULTS.md's 09:27 entry timed them."""
    ops = profile_space.chosen_ops(["1280x3072x768", "1280x3072x768+silu"], [])
    pairs = profile_space.pairs_for(ops, "sm_90a", None, frozenset({"gemm_sm90"}), ("pingpong",),
                                    frozenset({(2, 1, 1)}), frozenset(), frozenset({(64, 256), (128, 128)}))
    by_problem = {}
    for candidate, problem in pairs:
        by_problem.setdefault(id(problem), []).append(candidate.tile[:2])
    assert sorted(map(sorted, by_problem.values())) == [[(64, 256), (128, 128)]] * 2
    assert len(pairs) == 4 and all(c.schedule == "pingpong" for c, _ in pairs)


def test_transpose_b_gives_the_filter_layout_conv_as_gemm_hands_the_gemm_kernels():
    """--transpose-b: B is N x K (K-major, `{transpose_b}`), as a 1x1 convolution's filter
    reaches the GEMM families; without it K x N."""
    from boltc.lowering.cutlass.cpp import GmemLayout

    for transpose_b, layout in ((True, GmemLayout.COLUMN_MAJOR), (False, GmemLayout.ROW_MAJOR)):
        [(label, op)] = profile_space.chosen_ops(["1568x2048x512"], [], transpose_b)
        assert (op.transpose_b is not None) is transpose_b and label.endswith(" B^T") is transpose_b
        problem = problem_of(op, Family.GEMM_SM90, "sm_90a")
        assert problem.mnk == (1568, 2048, 512) and problem.layout_b is layout


def test_extra_tiles_add_gemm_sm90_candidates_the_space_does_not_offer():
    """--extra-tiles 128x224,64x112 on 1568x2048x512: 128x224 cooperative only (pingpong would
    hold 128x224 accumulators in one warpgroup), 64x112 pingpong only (cooperative needs 128
    rows), on the clusters the space gives such tiles: 1x1x1 and 2x1x1 for 64x112's 475 tiles,
    1x1x1 alone for 128x224's 130 (under one wave of 132 SMs), with stages."""
    ops = profile_space.chosen_ops(["1568x2048x512"], [], True)
    extra = frozenset({(128, 224), (64, 112)})
    pairs = profile_space.pairs_for(ops, "sm_90a", None, frozenset({"gemm_sm90"}), tiles=extra, extra_tiles=extra)
    got = sorted((c.tile, c.cluster, c.schedule) for c, _ in pairs)
    assert got == [((64, 112, 64), (1, 1, 1), "pingpong"), ((64, 112, 64), (2, 1, 1), "pingpong"),
                   ((128, 224, 64), (1, 1, 1), "cooperative")]
    assert all(c.stages and c.stages >= 2 for c, _ in pairs)
    # The space's own candidates stay as they were, none repeated.
    plain = profile_space.pairs_for(ops, "sm_90a", None, frozenset({"gemm_sm90"}))
    more = profile_space.pairs_for(ops, "sm_90a", None, frozenset({"gemm_sm90"}), extra_tiles=extra)
    assert len(more) == len(plain) + 3


def test_fastest_lists_each_problems_quickest_timed_candidates():
    """--top N's summary: per problem and epilogue, its N fastest timed records, fastest first;
    a rejected record is left out; problems in the order they first appear."""
    def record(m, us, tile, cluster=(1, 1, 1), ok=True, epilogue="acc->f16", kind="gemm", **conv):
        problem = {"kind": kind, "m": m, "n": 512, "k": 2048, "batch": 1, **conv}
        return {"family": "gemm_sm90", "tile": list(tile), "cluster": list(cluster), "stages": 9,
                "schedule": "pingpong", "problem": problem, "epilogue": epilogue, "median_us": us if ok else None,
                "ok": ok}

    records = [record(1568, 14.34, (64, 128, 64), (2, 1, 1)), record(1568, 12.16, (64, 128, 64)),
               record(6272, 16.3, (128, 64, 64)), record(1568, None, (64, 64, 64), ok=False),
               record(1568, 13.74, (128, 64, 64)), record(1568, 11.0, (64, 64, 64), epilogue="bias+relu"),
               record(100352, 13.2, (128, 64, 64), kind="conv2d", h=56, w=56, c=64, f=64, r=1, s=1, stride=1)]
    lines = profile_space.fastest(records, 2)
    assert lines == [
        "1568x512x2048, acc->f16",
        "     12.16 us  64x128x64 1x1x1 9 stages pingpong (gemm_sm90)",
        "     13.74 us  128x64x64 1x1x1 9 stages pingpong (gemm_sm90)",
        "6272x512x2048, acc->f16",
        "     16.30 us  128x64x64 1x1x1 9 stages pingpong (gemm_sm90)",
        "1568x512x2048, bias+relu",
        "     11.00 us  64x64x64 1x1x1 9 stages pingpong (gemm_sm90)",
        "conv 56x56x64->64 1x1/1 (100352x512x2048), acc->f16",
        "     13.20 us  128x64x64 1x1x1 9 stages pingpong (gemm_sm90)",
    ]


def test_transpose_b_without_gemms_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as stop:
        profile_space.main(["--transpose-b"])
    assert stop.value.code == 2 and "--transpose-b applies to --gemms" in capsys.readouterr().err


@pytest.mark.parametrize("args, message", [
    (["--tiles", "64x256x64"], "--tiles '64x256x64': expected MxN"),
    (["--extra-clusters", "2x4"], "--extra-clusters '2x4': expected MxNx1"),
    (["--clusters", "2xbx1"], "--clusters '2xbx1': expected MxNx1"),
    (["--extra-tiles", "128x224x64"], "--extra-tiles '128x224x64': expected MxN"),
    (["--gemms", "4096x768"], "not enough values"),
    (["--gemms", "4096x768x768+mish"], "unknown activation 'mish'"),
    (["--convs", "56,56,64,64,3,3,1"], "expected H,W,C,F,R,S,stride,pad"),
])
def test_bad_problems_are_usage_errors(args, message, capsys):
    with pytest.raises(SystemExit) as stop:
        profile_space.main(args)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err
