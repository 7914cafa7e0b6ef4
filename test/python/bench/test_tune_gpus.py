"""bench/tune_gpus.py's pure parts, without a GPU: the plan every phase times (the same pairs
and profilers for one model, budget and core count, whatever the process), the split of its
jobs into parts by problem (no problem's candidates in two parts), and the comparison of
tuning databases (equal choices, and how much slower the reference measured a different one)."""

from __future__ import annotations

from pathlib import Path

import pytest

import bench_scripts

tune_gpus = bench_scripts.load("tune_gpus")

DATA = Path(__file__).resolve().parents[2] / "data"


@pytest.fixture(scope="module")
def ops():
    return tune_gpus.model_ops(str(DATA / "small_cnn.mlir"), 32)


def test_the_plan_is_the_same_for_the_same_budget_and_cores(ops):
    pairs, profilers = tune_gpus.planned_pairs(ops, 120.0, 16)
    again, again_profilers = tune_gpus.planned_pairs(tune_gpus.model_ops(str(DATA / "small_cnn.mlir"), 32), 120.0, 16)
    assert pairs and profilers == again_profilers
    assert [(c.describe(), str(p)) for c, p in pairs] == [(c.describe(), str(p)) for c, p in again]
    assert len(set(pairs)) == len(pairs)  # each (candidate, problem) once


def test_parts_split_the_jobs_by_problem(ops):
    pairs, _ = tune_gpus.planned_pairs(ops, 120.0, 16)
    parts = [tune_gpus.problem_part(pairs, i, 2) for i in range(2)]
    assert sorted(parts[0] + parts[1], key=repr) == sorted(pairs, key=repr)
    problems = [{p for _, p in part} for part in parts]
    assert problems[0] and problems[1] and not problems[0] & problems[1]


def _db(path: Path, chosen: dict[str, tuple[int, float, float]]):
    """A tuning database with one GEMM entry per shape: (its chosen tile's M, the chosen time,
    the runner-up's time); the runner-up's tile is the other of 64 and 128."""
    from boltc.tuning.cache import TuningCache, TuningKey, TuningRecord
    from boltc.tuning.space import Candidate, Family

    def candidate(m: int) -> Candidate:
        return Candidate(Family.GEMM_SM90, (m, 128, 64), (1, 1, 1), 4, "cooperative")

    with TuningCache(path) as cache:
        for shape, (m, us, other_us) in chosen.items():
            key = TuningKey("H200", "9.0", "13.0", "4.2.0", "v", "gemm", shape, "f16,f16->f16", "A row B row D row",
                            "A 8 B 8 D 8", "e")
            cache.store(key, TuningRecord(candidate(m), us, runners_up=((candidate(192 - m), other_us),)))
    return path


def test_compare_counts_equal_choices_and_measures_the_different_ones(tmp_path):
    one = tune_gpus.choices(_db(tmp_path / "one.db", {"a": (128, 10.0, 11.0), "b": (64, 20.0, 20.4),
                                                      "c": (128, 5.0, 6.0)}))
    other = tune_gpus.choices(_db(tmp_path / "other.db", {"a": (128, 10.1, 11.2), "b": (128, 20.1, 20.6),
                                                          "d": (64, 1.0, 2.0)}))
    report = tune_gpus.compare(one, other)
    assert (report["common"], report["equal"], report["missing"], report["extra"]) == (2, 1, 1, 1)
    [gap] = report["different"]
    assert "128x128x64" in gap["other"] and gap["slower_in_reference"] == pytest.approx(0.02)
