"""bench/profile_model.py --compare without a GPU: two builds' launch reports paired op by op
(the analysis that put --tune model's ResNet-50 loss on the stem, bench/RESULTS.md 2026-11-30)."""

from __future__ import annotations

import json

import pytest

import bench_scripts

profile_model = bench_scripts.load("profile_model")


def launch(kernel: str, op: str, path_us: float, grid=(132, 1, 1)) -> dict:
    return {"family": f"{kernel} {op}", "us": path_us, "path_us": path_us, "grid": list(grid)}


STEM = "resnet.py:779: node 'convolution'"
LAYER = "resnet.py:131: node 'convolution_1'"
FC = "resnet.py:780: node 'linear'"


def test_launches_pair_by_op_and_the_difference_is_second_minus_first():
    first = [launch("conv_sm80", STEM, 56.6, (1568, 1, 1)), launch("conv_sm90", LAYER, 19.0), launch("gemm_sm90", FC, 3.0)]
    second = [launch("conv_sm90", STEM, 151.9), launch("conv_sm90", LAYER, 19.4), launch("gemm_sm90", FC, 2.9)]
    pairs = {p["op"]: p for p in profile_model.compare_launches(first, second)}
    assert set(pairs) == {STEM, LAYER, FC}
    assert pairs[STEM]["first"] == "conv_sm80 1568x1x1" and pairs[STEM]["second"] == "conv_sm90 132x1x1"
    assert pairs[STEM]["delta_us"] == pytest.approx(95.3)
    assert pairs[FC]["delta_us"] == pytest.approx(-0.1)


def test_an_op_in_one_build_only_pairs_with_nothing():
    """A fused pair is one launch where the other build has two: the second op's launch stands
    alone, its whole path the difference."""
    first = [launch("conv_sm90", LAYER, 19.0), launch("gemm_sm90", FC, 20.0)]
    second = [launch("b2b_conv_sm90", LAYER, 30.0)]
    pairs = {p["op"]: p for p in profile_model.compare_launches(first, second)}
    assert pairs[FC]["second"] is None and pairs[FC]["second_us"] is None
    assert pairs[FC]["delta_us"] == pytest.approx(-20.0)
    assert pairs[LAYER]["delta_us"] == pytest.approx(11.0)


def test_compare_prints_both_paths_and_the_largest_difference_first(tmp_path, capsys):
    a, b = tmp_path / "heuristic.json", tmp_path / "model.json"
    a.write_text(json.dumps({"resnet18": {"boltc launches": [launch("conv_sm80", STEM, 56.6), launch("gemm_sm90", FC, 3.0)]}}))
    b.write_text(json.dumps({"resnet18": {"boltc launches": [launch("conv_sm90", STEM, 151.9), launch("gemm_sm90", FC, 2.0)]}}))
    assert profile_model.main(["--compare", str(a), str(b), "--top", "1"]) == 0
    out = capsys.readouterr().out
    assert "heuristic 59.6 us, model 153.9 us on the call's path (+94.3)" in out
    rows = [line for line in out.splitlines() if line.startswith(f"| {STEM}")]
    assert rows == [f"| {STEM} | conv_sm80 132x1x1 | 56.6 | conv_sm90 132x1x1 | 151.9 | +95.3 |"]
    assert FC not in out  # --top 1


def test_compare_names_a_report_without_launches(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps({"bert": {"boltc": {}}}))
    b.write_text(json.dumps({"bert": {"boltc launches": []}}))
    with pytest.raises(SystemExit, match=r"bert has no launches in .*a\.json \(profile it with --launches N --json\)"):
        profile_model.compare([a, b], [], 5)
    with pytest.raises(SystemExit, match="share no model of resnet50"):
        profile_model.compare([a, b], ["resnet50"], 5)
