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
