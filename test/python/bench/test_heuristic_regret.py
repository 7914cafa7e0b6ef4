"""bench/heuristic_regret.py without a GPU: the default strategy's GEMM picks looked up in
profile_space records, against each shape's fastest record."""

from __future__ import annotations

import json

import pytest

import bench_scripts

regret = bench_scripts.load("heuristic_regret")

ACC = "acc->f16"


def record(m, n, k, tile, cluster, stages, schedule, us, *, ok=True, epilogue=ACC) -> str:
    return json.dumps({"gpu": "NVIDIA H200", "family": "gemm_sm90", "tile": list(tile), "cluster": list(cluster),
                       "stages": stages, "schedule": schedule, "epilogue": epilogue, "median_us": us, "ok": ok,
                       "problem": {"kind": "gemm", "m": m, "n": n, "k": k, "batch": 1}})


@pytest.fixture
def records(tmp_path):
    # 6272x512x1024 (ResNet-50's 14x14x1024->512): the heuristic takes 128x256 cooperative,
    # timed at two stage counts; 128x64 pingpong is faster; a split-K record faster still, and a
    # wrong (not ok) one fastest of all. 640x1536x1536: the heuristic's 64x128 pingpong untimed.
    lines = [
        record(6272, 512, 1024, (128, 256, 64), (1, 1, 1), 4, "cooperative", 18.27),
        record(6272, 512, 1024, (128, 256, 64), (1, 1, 1), 3, "cooperative", 18.90),
        record(6272, 512, 1024, (128, 64, 64), (1, 1, 1), 9, "pingpong", 16.30),
        record(6272, 512, 1024, (128, 128, 64), (1, 1, 1), 6, "cooperative_splitk 2", 15.00),
        record(6272, 512, 1024, (64, 64, 64), (1, 1, 1), 9, "pingpong", 1.0, ok=False),
        record(6272, 512, 1024, (128, 256, 64), (1, 1, 1), 4, "cooperative", 19.5, epilogue="ReLu(acc)"),
        record(640, 1536, 1536, (64, 64, 64), (2, 1, 1), 13, "pingpong", 13.09),
    ]
    path = tmp_path / "space.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_the_heuristics_pick_against_the_fastest_record(records):
    rows = {r.shape: r for r in regret.regrets(regret.read_gemm_records([records], ACC, all_schedules=False))}
    big = rows["6272x512x1024 acc->f16"]
    assert big.pick == "128x256 cooperative 1x1"
    assert big.pick_us == pytest.approx(18.27)  # the fastest stage count of its configuration
    assert big.best == "128x64 pingpong 1x1, 9 stages" and big.ratio == pytest.approx(18.27 / 16.30)
    assert rows["640x1536x1536 acc->f16"].ratio is None  # its pick never timed
    s = regret.summary(list(rows.values()))
    assert (s["shapes"], s["weighed"], s["within_5pct"]) == (2, 1, 0)
    assert s["geomean"] == pytest.approx(18.27 / 16.30)


def test_tuner_only_schedules_count_when_asked(records):
    rows = regret.regrets(regret.read_gemm_records([records], ACC, all_schedules=True))
    big = next(r for r in rows if r.shape.startswith("6272"))
    assert big.best_us == pytest.approx(15.00)


def test_every_epilogue_is_its_own_shape(records):
    shapes = {r.shape for r in regret.regrets(regret.read_gemm_records([records], None, all_schedules=False))}
    assert shapes == {"6272x512x1024 acc->f16", "6272x512x1024 ReLu(acc)", "640x1536x1536 acc->f16"}


def test_the_command_prints_the_table_and_writes_json(records, tmp_path, capsys):
    out = tmp_path / "regret.json"
    assert regret.main([str(records), "--epilogue", ACC, "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "| 6272x512x1024 acc->f16 | 128x256 cooperative 1x1 | 18.27 | 128x64 pingpong 1x1, 9 stages | 16.30 | 1.121 |" in printed
    assert "1 of 2 shapes timed the heuristic's configuration: regret geomean 1.121, max 1.121" in printed
    assert json.loads(out.read_text())["summary"]["weighed"] == 1


def test_a_missing_records_file_is_a_clear_error(tmp_path, capsys):
    with pytest.raises(SystemExit):
        regret.main([str(tmp_path / "nope.jsonl")])
    assert "no such records file" in capsys.readouterr().err
