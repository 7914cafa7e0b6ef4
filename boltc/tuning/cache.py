"""The persistent tuning cache: one sqlite file of measured kernel choices, so that a problem
tuned once on a GPU is never compiled or profiled again there.

    with TuningCache.open() as cache:                 # $BOLTC_TUNE_CACHE, else ~/.cache/boltc/tuning.db
        record = cache.lookup(key)                    # a TuningRecord, or None (logged: hit / miss)
        cache.store(key, TuningRecord(best, measured_us=12.3, predicted_us=11.9, runners_up=...))
    TuningCache.open("a.db").merge_from("b.db")       # `boltc tune merge b.db -o a.db`

The key (`TuningKey`) is everything a measured time depends on: the GPU's name and compute
capability, the CUDA and CUTLASS versions, boltc's kernel-code version (a hash of
boltc/lowering/cutlass/*.py: a changed emitter may generate a different kernel for the same
configuration), the op kind, its shape, element types, layouts, alignments and the structure of
its epilogue (a hash). Change any of them and the entry no longer answers. The value
(`TuningRecord`) is the chosen candidate (tuning/space.py's `Candidate`), its measured and
predicted times, when it was measured, and the runners-up with their times.

The file: sqlite (the standard library's sqlite3), `PRAGMA application_id` marking it a boltc
tuning cache and a `meta` table holding the schema version (SCHEMA_VERSION); a file that is not
one, or is of another schema version, is refused with a `TuningCacheError` naming it. Several
processes may use one file at once: WAL journaling, a busy timeout, every write one
transaction (`BEGIN IMMEDIATE`), so a reader sees a whole entry or none.

Conflicts (two entries for one key, from two machines or two runs): the faster measured time
wins, in `store` as in `merge_from`; `MergeReport` counts them.

The profiler (tuning/profile.py) fills `measured_us`; select-kernels' `profile` strategy
(tuning/select.py: by_profile) reads an op's entries before it compiles or times anything, and
`boltc tune report` shows them beside the performance model's predictions. `predicted_us` is
not written: predictions are recomputed from tuning/gpus/<gpu>.json, whose fit may change.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sqlite3
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from boltc.diagnostics import BoltcError, SourceLocation
from boltc.tuning.space import Candidate, Conv2dProblem, Family, GemmProblem

log = logging.getLogger("boltc.tuning.cache")

FORMAT = "boltc-tuning-cache"
SCHEMA_VERSION = 1
APPLICATION_ID = 0x626F6C74  # b"bolt": PRAGMA application_id of every boltc tuning cache
BUSY_TIMEOUT_S = 60.0
KEY_FIELDS = ("gpu", "capability", "cuda", "cutlass", "kernels", "op", "shape", "dtypes", "layouts",
              "alignment", "epilogue")


class TuningCacheError(BoltcError):
    """A file that is not a boltc tuning cache this boltc can use; the message says why."""

    def __init__(self, path: str | os.PathLike[str], message: str):
        super().__init__(message, SourceLocation(os.fspath(path)))


def default_cache_path() -> Path:
    """$BOLTC_TUNE_CACHE, else `tuning.db` in the kernel object cache's directory
    ($BOLTC_CACHE_DIR, else $XDG_CACHE_HOME/boltc, else ~/.cache/boltc: build.py's rule)."""
    from boltc.lowering.build import default_cache_dir

    chosen = os.environ.get("BOLTC_TUNE_CACHE")
    return Path(chosen) if chosen else default_cache_dir() / "tuning.db"


def kernel_code_version() -> str:
    """sha256 (16 hex digits) of the emitters' sources, boltc/lowering/cutlass/*.py."""
    from boltc.lowering import cutlass

    digest = hashlib.sha256()
    for path in sorted(Path(cutlass.__file__).parent.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


# --------------------------------------------------------------------------------------
# Keys and records.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TuningKey:
    """What one measurement depends on (the module docstring). Every field is text."""

    gpu: str  # the device's name, "NVIDIA H100 80GB HBM3"
    capability: str  # "9.0"
    cuda: str  # the CUDA release the kernels are built with, "13.0"
    cutlass: str  # the nvidia-cutlass package version
    kernels: str  # kernel_code_version()
    op: str  # "gemm" or "conv2d"
    shape: str  # "m=1280 n=768 k=768 batch=1", or the convolution's sizes
    dtypes: str  # "f16,f16->f16": A, B -> D
    layouts: str  # "A row B row D row", or "nhwc"
    alignment: str  # elements per access, "A 8 B 8 D 8"
    epilogue: str  # a hash of the epilogue tree's structure

    def digest(self) -> str:
        """The primary key: sha256 over the fields, each length-prefixed."""
        digest = hashlib.sha256()
        for name in KEY_FIELDS:
            data = getattr(self, name).encode()
            digest.update(len(data).to_bytes(8, "little") + data)
        return digest.hexdigest()

    @classmethod
    def for_problem(cls, problem: GemmProblem | Conv2dProblem, *, gpu: str, capability: tuple[int, int],
                    cuda: str, cutlass: str | None = None, kernels: str | None = None) -> TuningKey:
        """The key of a tuning/space.py problem on a GPU (`cutlass` and `kernels` default to the
        installed CUTLASS package and this boltc's emitters)."""
        if cutlass is None:
            from boltc.lowering.build import cutlass_version

            cutlass = cutlass_version()
        e, d = problem.element.short, problem.element_d.short
        if isinstance(problem, GemmProblem):
            shape = f"m={problem.m} n={problem.n} k={problem.k} batch={problem.batch}"
            dtypes = f"{e},{e}->{d}"
            layouts = f"A {problem.layout_a.value[0]} B {problem.layout_b.value[0]} D row"
            alignment = f"A {problem.alignment_a} B {problem.alignment_b} D {problem.alignment_d}"
        else:
            g = problem.geometry
            shape = (f"n={g.n} h={g.h} w={g.w} c={g.c} f={g.f} r={g.r} s={g.s} p={g.p} q={g.q} "
                     f"pad={','.join(map(str, g.padding))} stride={','.join(map(str, g.strides))} "
                     f"dilation={','.join(map(str, g.dilations))} groups={problem.groups}")
            dtypes = f"{e},{e}->{d}"
            layouts = "nhwc krsc -> nhwc"
            alignment = f"D {problem.alignment_d}"
        return cls(
            gpu=gpu, capability=f"{capability[0]}.{capability[1]}", cuda=cuda, cutlass=cutlass,
            kernels=kernels if kernels is not None else kernel_code_version(), op=problem.op_kind,
            shape=shape, dtypes=dtypes, layouts=layouts, alignment=alignment,
            epilogue=hashlib.sha256(repr(problem.epilogue).encode()).hexdigest()[:16],
        )


def candidate_to_json(candidate: Candidate) -> dict:
    data = asdict(candidate)
    data["family"] = candidate.family.value
    return data


def candidate_from_json(data: dict) -> Candidate:
    def shape(value):
        return None if value is None else tuple(int(v) for v in value)

    return Candidate(
        Family(data["family"]), shape(data["tile"]), shape(data["cluster"]), data["stages"], data["schedule"],
        shape(data["warp"]),
    )


@dataclass(frozen=True)
class TuningRecord:
    """A cache entry's value: the choice and what is known of its speed."""

    candidate: Candidate
    measured_us: float | None = None  # the profiler's median, on the key's GPU
    predicted_us: float | None = None  # the performance model's estimate
    timestamp: float = field(default_factory=time.time)  # seconds since the epoch, when measured
    runners_up: tuple[tuple[Candidate, float | None], ...] = ()  # the next best and their times

    def faster_than(self, other: TuningRecord) -> bool:
        """A measured time beats none; of two, the smaller wins."""
        if self.measured_us is None:
            return False
        return other.measured_us is None or self.measured_us < other.measured_us


@dataclass(frozen=True)
class MergeReport:
    """What `merge_from` did: entries new to the target, and conflicting ones (same key) that
    the source's faster time replaced or the target's kept."""

    added: int = 0
    replaced: int = 0
    kept: int = 0

    @property
    def conflicts(self) -> int:
        return self.replaced + self.kept


# --------------------------------------------------------------------------------------
# The file.
# --------------------------------------------------------------------------------------

_SCHEMA = f"""
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE entries (
    key TEXT PRIMARY KEY,
    {", ".join(f"{name} TEXT NOT NULL" for name in KEY_FIELDS)},
    candidate TEXT NOT NULL,
    measured_us REAL,
    predicted_us REAL,
    timestamp REAL NOT NULL,
    runners_up TEXT NOT NULL
);
"""
_COLUMNS = ("key", *KEY_FIELDS, "candidate", "measured_us", "predicted_us", "timestamp", "runners_up")


class TuningCache:
    """One tuning cache file (the module docstring). Use as a context manager, or close()."""

    def __init__(self, path: str | os.PathLike[str], *, create: bool = True):
        self.path = Path(path)
        if not self.path.exists() and not create:
            raise TuningCacheError(self.path, "no such tuning cache")
        if self.path.is_dir():
            raise TuningCacheError(self.path, "is a directory, not a boltc tuning cache")
        if create:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        except sqlite3.Error as error:
            raise TuningCacheError(self.path, f"cannot open the tuning cache: {error}") from None
        try:
            self._prepare()
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise TuningCacheError(self.path, f"not a boltc tuning cache ({error})") from None
        except TuningCacheError:
            self._db.close()
            raise

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None) -> TuningCache:
        return cls(path if path is not None else default_cache_path())

    def _prepare(self) -> None:
        db = self._db
        # Both facts from one snapshot: read apart, another process could make the cache between
        # them (application_id read as 0, then its tables seen), which looked like a foreign file.
        db.execute("BEGIN")
        try:
            app_id = db.execute("PRAGMA application_id").fetchone()[0]
            tables = self._tables()
        finally:
            db.execute("COMMIT")
        if app_id == 0 and not tables:  # a new (or empty) file: make it a cache, once
            self._use_wal()
            db.execute("BEGIN IMMEDIATE")
            try:
                if not self._tables():  # another process may have made it meanwhile
                    for statement in _SCHEMA.split(";"):  # executescript would commit midway
                        if statement.strip():
                            db.execute(statement)
                    db.execute("INSERT INTO meta VALUES ('format', ?), ('schema_version', ?)",
                               (FORMAT, str(SCHEMA_VERSION)))
                    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            app_id = db.execute("PRAGMA application_id").fetchone()[0]
        if app_id != APPLICATION_ID or not {"meta", "entries"} <= self._tables():
            raise TuningCacheError(self.path, "not a boltc tuning cache (an sqlite file of something else)")
        meta = dict(db.execute("SELECT name, value FROM meta"))
        if meta.get("format") != FORMAT:
            raise TuningCacheError(self.path, "not a boltc tuning cache (its meta table names another format)")
        if meta.get("schema_version") != str(SCHEMA_VERSION):
            raise TuningCacheError(
                self.path,
                f"a boltc tuning cache of schema version {meta.get('schema_version')}, this boltc reads "
                f"version {SCHEMA_VERSION} (tune again, or use the boltc that wrote it)",
            )
        self._use_wal()

    def _use_wal(self) -> None:
        """Switch the file to write-ahead logging (readers never wait on a writer). SQLite does
        not call the busy handler for this switch: while another process holds a lock (making
        the cache at the same moment) it fails at once with "database is locked", so wait here
        as for any other lock. A file system without WAL keeps its mode; the cache still works."""
        deadline = time.monotonic() + BUSY_TIMEOUT_S
        delay = 0.001
        while True:
            try:
                self._db.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or time.monotonic() > deadline:
                    raise
            time.sleep(delay)
            delay = min(2 * delay, 0.05)

    def _tables(self) -> set[str]:
        return {row[0] for row in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}

    # -- use -------------------------------------------------------------------------

    def lookup(self, key: TuningKey) -> TuningRecord | None:
        """The record for `key`, or None; logs the hit or the miss (logger boltc.tuning.cache)."""
        row = self._db.execute(
            "SELECT candidate, measured_us, predicted_us, timestamp, runners_up FROM entries WHERE key = ?",
            (key.digest(),),
        ).fetchone()
        if row is None:
            log.debug("miss: %s %s on %s (%s)", key.op, key.shape, key.gpu, self.path)
            return None
        record = _record(row)
        log.debug("hit: %s %s on %s -> %s (%s)", key.op, key.shape, key.gpu, record.candidate.describe(), self.path)
        return record

    def store(self, key: TuningKey, record: TuningRecord) -> bool:
        """Record `record` for `key`, unless the cache holds a faster measured time for it.
        True when written. One transaction: concurrent writers never see half an entry."""
        report = self._put([(key.digest(), asdict(key), record)])
        return report.added + report.replaced > 0

    def entries(self) -> list[tuple[TuningKey, TuningRecord]]:
        rows = self._db.execute(f"SELECT {', '.join(_COLUMNS)} FROM entries ORDER BY op, shape").fetchall()
        return [(TuningKey(*row[1:1 + len(KEY_FIELDS)]), _record(row[1 + len(KEY_FIELDS):])) for row in rows]

    def __len__(self) -> int:
        return self._db.execute("SELECT COUNT(*) FROM entries").fetchone()[0]

    def merge_from(self, other: TuningCache | str | os.PathLike[str]) -> MergeReport:
        """Every entry of `other` into this cache: new keys added, conflicting ones resolved by
        the faster measured time. One transaction."""
        source = other if isinstance(other, TuningCache) else TuningCache(other, create=False)
        rows = source._db.execute(f"SELECT {', '.join(_COLUMNS)} FROM entries").fetchall()
        items = [(row[0], dict(zip(KEY_FIELDS, row[1:1 + len(KEY_FIELDS)])), _record(row[1 + len(KEY_FIELDS):]))
                 for row in rows]
        if source is not other:
            source.close()
        return self._put(items)

    def _put(self, items) -> MergeReport:
        added = replaced = kept = 0
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            for digest, fields, record in items:
                existing = db.execute(
                    "SELECT candidate, measured_us, predicted_us, timestamp, runners_up FROM entries WHERE key = ?",
                    (digest,),
                ).fetchone()
                if existing is not None:
                    if not record.faster_than(_record(existing)):
                        kept += 1
                        continue
                    replaced += 1
                else:
                    added += 1
                db.execute(
                    f"INSERT OR REPLACE INTO entries ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})",
                    (digest, *(fields[name] for name in KEY_FIELDS), json.dumps(candidate_to_json(record.candidate)),
                     record.measured_us, record.predicted_us, record.timestamp,
                     json.dumps([[candidate_to_json(c), t] for c, t in record.runners_up])),
                )
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return MergeReport(added, replaced, kept)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> TuningCache:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _record(row) -> TuningRecord:
    candidate, measured, predicted, timestamp, runners = row
    return TuningRecord(
        candidate_from_json(json.loads(candidate)), measured, predicted, timestamp,
        tuple((candidate_from_json(c), t) for c, t in json.loads(runners)),
    )
