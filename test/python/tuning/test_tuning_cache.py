"""tuning/cache.py: round trip, key sensitivity to every field, the faster time winning,
concurrent writers, refused files; and `boltc tune merge` / `show` through the CLI."""

from __future__ import annotations

import dataclasses
import logging
import multiprocessing
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from boltc.tuning.cache import (
    KEY_FIELDS, SCHEMA_VERSION, TuningCache, TuningCacheError, TuningKey, TuningRecord, default_cache_path,
)
from boltc.tuning.space import Family, candidates, problem_of

from gemm_text import gemm_text, parse_gemm
from shapes import gemm_op

REPO = Path(__file__).resolve().parents[3]
GEMM = gemm_op(1280, 768, 768)
FOUND = candidates(GEMM, "sm_90a")
PROBLEM = problem_of(GEMM, Family.GEMM_SM90, "sm_90a")


def key(**changes) -> TuningKey:
    base = TuningKey.for_problem(PROBLEM, gpu="NVIDIA H100 80GB HBM3", capability=(9, 0), cuda="13.0",
                                 cutlass="4.2.0.0", kernels="0123456789abcdef")
    return dataclasses.replace(base, **changes)


def record(us: float | None, i: int = 0) -> TuningRecord:
    return TuningRecord(FOUND[i], measured_us=us, predicted_us=9.5, timestamp=1.0e9,
                        runners_up=((FOUND[i + 1], 12.0), (FOUND[i + 2], None)))


def test_round_trip(tmp_path):
    path = tmp_path / "t.db"
    with TuningCache(path) as cache:
        assert cache.lookup(key()) is None
        assert cache.store(key(), record(10.0))
    with TuningCache(path) as cache:  # another connection, as another process would
        assert cache.lookup(key()) == record(10.0)
        [(k, r)] = cache.entries()
        assert k == key() and r == record(10.0)


def test_every_key_field_matters(tmp_path):
    with TuningCache(tmp_path / "t.db") as cache:
        cache.store(key(), record(10.0))
        for name in KEY_FIELDS:
            assert cache.lookup(key(**{name: getattr(key(), name) + "x"})) is None, name
        assert cache.lookup(key()) is not None


def test_key_follows_the_problem():
    """Shape, alignment and epilogue of the problem change the key; the same problem does not."""
    args = dict(gpu="g", capability=(9, 0), cuda="13.0", cutlass="4.2", kernels="k")
    base = TuningKey.for_problem(PROBLEM, **args)
    assert TuningKey.for_problem(problem_of(gemm_op(1280, 768, 768), Family.GEMM_SM90, "sm_90a"), **args) == base
    other_shape = problem_of(gemm_op(1280, 768, 3072), Family.GEMM_SM90, "sm_90a")
    assert TuningKey.for_problem(other_shape, **args).shape != base.shape
    assert TuningKey.for_problem(dataclasses.replace(PROBLEM, alignment_a=4), **args).alignment != base.alignment
    plain_store = problem_of(parse_gemm(gemm_text(1280, 768, 768)), Family.GEMM_SM90, "sm_90a")
    plain = TuningKey.for_problem(plain_store, **args)
    assert plain.epilogue != base.epilogue and plain.shape == base.shape and plain.digest() != base.digest()


def test_the_faster_measured_time_wins(tmp_path):
    with TuningCache(tmp_path / "t.db") as cache:
        cache.store(key(), record(10.0, 0))
        assert not cache.store(key(), record(11.0, 1))
        assert cache.lookup(key()).measured_us == 10.0
        assert cache.store(key(), record(9.0, 1))
        assert cache.lookup(key()).candidate == FOUND[1]


def test_lookups_log_hits_and_misses(tmp_path, caplog):
    with caplog.at_level(logging.DEBUG, logger="boltc.tuning.cache"), TuningCache(tmp_path / "t.db") as cache:
        cache.lookup(key())
        cache.store(key(), record(10.0))
        cache.lookup(key())
    messages = [r.getMessage() for r in caplog.records if r.name == "boltc.tuning.cache"]
    assert messages[0].startswith("miss: gemm m=1280 n=768 k=768")
    assert messages[1].startswith("hit: gemm m=1280 n=768 k=768") and FOUND[0].describe() in messages[1]


def _writer(path: str, worker: int, count: int) -> None:
    with TuningCache(path) as cache:
        for i in range(count):
            cache.store(key(shape=f"w{worker} i{i}"), record(float(i)))


def run_to_the_end(processes, timeout_s: float) -> None:
    """Start every process, then wait for each; each must exit cleanly."""
    for p in processes:
        p.start()
    for p in processes:
        p.join(timeout_s)
        assert p.exitcode == 0


def test_two_processes_write_at_once(tmp_path):
    path = str(tmp_path / "t.db")
    context = multiprocessing.get_context("spawn")
    run_to_the_end([context.Process(target=_writer, args=(path, w, 40)) for w in range(2)], 120)
    with TuningCache(path) as cache:
        assert len(cache) == 80
        assert cache.lookup(key(shape="w1 i39")).measured_us == 39.0


def _opener(path: str, barrier, errors) -> None:
    barrier.wait()
    try:
        with TuningCache(path) as cache:
            cache.store(key(shape=f"pid {os.getpid()}"), record(1.0))
    except TuningCacheError as error:
        errors.put(str(error))


def test_processes_making_one_cache_at_once(tmp_path):
    # Eight processes open one new file at the same moment, twenty times over: the switch to WAL
    # fails at once, busy handler or not, while another process holds a lock (CI saw "database
    # is locked" from test_two_processes_write_at_once). Fork: the race is at start-up.
    context = multiprocessing.get_context("fork")
    errors = context.Queue()
    for trial in range(20):
        path = str(tmp_path / f"t{trial}.db")
        barrier = context.Barrier(8)
        run_to_the_end([context.Process(target=_opener, args=(path, barrier, errors)) for _ in range(8)], 60)
        with TuningCache(path) as cache:
            assert len(cache) == 8
    assert errors.empty(), errors.get()


def test_default_location(monkeypatch, tmp_path):
    monkeypatch.setenv("BOLTC_TUNE_CACHE", str(tmp_path / "mine.db"))
    assert default_cache_path() == tmp_path / "mine.db"
    monkeypatch.delenv("BOLTC_TUNE_CACHE")
    monkeypatch.setenv("BOLTC_CACHE_DIR", str(tmp_path / "objects"))
    assert default_cache_path() == tmp_path / "objects" / "tuning.db"
    monkeypatch.delenv("BOLTC_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_path() == tmp_path / "xdg" / "boltc" / "tuning.db"


def test_files_that_are_not_caches_are_refused_by_name(tmp_path):
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(os.urandom(4096))
    with pytest.raises(TuningCacheError, match="not a boltc tuning cache") as error:
        TuningCache(garbage)
    assert str(garbage) in str(error.value)
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE t (x)")
    with pytest.raises(TuningCacheError, match="something else"):
        TuningCache(other)
    with pytest.raises(TuningCacheError, match="no such tuning cache"):
        TuningCache(tmp_path / "absent.db", create=False)


def test_another_schema_version_is_refused(tmp_path):
    path = tmp_path / "old.db"
    TuningCache(path).close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = '99' WHERE name = 'schema_version'")
    with pytest.raises(TuningCacheError, match=f"schema version 99, this boltc reads version {SCHEMA_VERSION}"):
        TuningCache(path)


# -- boltc tune ------------------------------------------------------------------------


def boltc(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "boltc.cli", *args], capture_output=True, text=True,
                          cwd=REPO, timeout=120, env={**os.environ, **(env or {})})


def test_tune_merge_keeps_the_faster_and_counts_conflicts(tmp_path):
    a, b, out = tmp_path / "a.db", tmp_path / "b.db", tmp_path / "out.db"
    with TuningCache(a) as cache:
        cache.store(key(gpu="A"), record(10.0, 0))
        cache.store(key(gpu="both"), record(10.0, 0))
    with TuningCache(b) as cache:
        cache.store(key(gpu="B"), record(5.0, 0))
        cache.store(key(gpu="both"), record(7.0, 1))  # faster: replaces a.db's
    result = boltc("tune", "merge", str(a), str(b), "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert f"{b}: 1 new, 1 conflicting (1 replaced by a faster time, 0 kept)" in result.stdout
    assert f"{out}: 3 entries" in result.stdout
    with TuningCache(out) as cache:
        assert cache.lookup(key(gpu="both")).candidate == FOUND[1]
        assert cache.lookup(key(gpu="A")).measured_us == 10.0
    shown = boltc("tune", "show", str(out))
    assert shown.returncode == 0 and "3 entries" in shown.stdout and FOUND[1].describe() in shown.stdout


def test_tune_merge_into_the_default_cache(tmp_path):
    a = tmp_path / "a.db"
    with TuningCache(a) as cache:
        cache.store(key(), record(10.0))
    result = boltc("tune", "merge", str(a), env={"BOLTC_TUNE_CACHE": str(tmp_path / "default.db")})
    assert result.returncode == 0, result.stderr
    with TuningCache(tmp_path / "default.db") as cache:
        assert len(cache) == 1


def test_tune_merge_refuses_a_bad_source_and_writes_nothing(tmp_path):
    good, bad, out = tmp_path / "good.db", tmp_path / "bad.db", tmp_path / "out.db"
    with TuningCache(good) as cache:
        cache.store(key(), record(10.0))
    bad.write_text("not a database at all, just text " * 200)
    result = boltc("tune", "merge", str(good), str(bad), "-o", str(out))
    assert result.returncode == 1
    assert str(bad) in result.stderr and "not a boltc tuning cache" in result.stderr
    assert "Traceback" not in result.stderr and not out.exists()
    missing = boltc("tune", "merge", str(tmp_path / "nope.db"), "-o", str(out))
    assert missing.returncode == 1 and "nope.db: error: no such tuning cache" in missing.stderr
    same = boltc("tune", "merge", str(good), "-o", str(good))
    assert same.returncode == 1 and "is the output cache too" in same.stderr


def test_tune_help_offers_what_works():
    result = boltc("tune", "--help")
    assert result.returncode == 0
    assert "merge" in result.stdout and "show" in result.stdout and "profile" in result.stdout
    assert boltc("tune").returncode == 2  # a command is required
    assert boltc("tune", "frobnicate", "x").returncode == 2
    assert "tune" in boltc("--help").stdout
