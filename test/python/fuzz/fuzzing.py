"""What every fuzz case must end in (issue 15, item 6): a correct result or a located
BoltcError; never another exception (a traceback, an `internal error`) or a hang.

The suites run in-process, thousands of cases per test, so each test counts the cases it ran
and asserts its budget (`run_cases`): a strategy that silently generated nothing, or a run cut
short, fails instead of passing vacuously.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boltc.diagnostics import BoltcError

REPO = Path(__file__).resolve().parents[3]
DATA = REPO / "test" / "data"

# A case takes milliseconds (the slowest, a mutated model that still imports, ~50 ms). Ten CPU
# seconds is a hang whatever the CI machine's load; the timer counts this process's CPU time
# (SIGVTALRM), so a machine busy with other work does not trip it, and it leaves SIGALRM to
# pytest-timeout, the guard around each whole test.
CASE_CPU_LIMIT_S = 10.0

# CI runs the same cases every time (hypothesis's derandomize: a seed fixed per test), so a
# submission fails for what it changed, not for a new case the dice found that run. Exploring is
# a developer's job: BOLTC_FUZZ_EXPLORE=1 draws fresh cases (and BOLTC_FUZZ_BUDGET=N scales the
# budgets); a bug found that way gets a named test in test_found_by_fuzzing.py.
EXPLORE = os.environ.get("BOLTC_FUZZ_EXPLORE", "") not in ("", "0")
BUDGET_SCALE = float(os.environ.get("BOLTC_FUZZ_BUDGET", "1"))


class CaseHang(Exception):
    """A case ran past CASE_CPU_LIMIT_S: boltc hung on it (or nearly)."""


@contextlib.contextmanager
def cpu_time_limit(seconds: float = CASE_CPU_LIMIT_S) -> Iterator[None]:
    def expire(signum: int, frame: Any) -> None:
        raise CaseHang(f"no answer after {seconds} s of CPU time")

    previous = signal.signal(signal.SIGVTALRM, expire)
    signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, previous)


@dataclass
class Tally:
    """How a test's cases ended: `error` (a located BoltcError), `ok`, or a test's own kinds."""

    outcomes: Counter = field(default_factory=Counter)
    slowest_s: float = 0.0

    @property
    def cases(self) -> int:
        return sum(self.outcomes.values())


def run_cases(strategy: st.SearchStrategy, check: Callable[[Any], str], budget: int) -> Tally:
    """Run `check` on `budget` examples of `strategy` (hypothesis: shrinks a failure to a small
    input and prints how to reproduce it). `check` returns the case's outcome ('ok', 'error',
    ...) and raises on a bad one."""
    tally = Tally()
    budget = max(1, round(budget * BUDGET_SCALE))

    @settings(max_examples=budget, deadline=None, database=None, print_blob=True, derandomize=not EXPLORE,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def one_case(case: Any) -> None:
        start = time.perf_counter()
        with cpu_time_limit():
            outcome = check(case)
        tally.slowest_s = max(tally.slowest_s, time.perf_counter() - start)
        tally.outcomes[outcome] += 1

    one_case()
    assert tally.cases >= budget, f"ran {tally.cases} of {budget} cases: {dict(tally.outcomes)}"
    return tally


def assert_located(error: BoltcError, file: str, text: str | None = None, *, need_line: bool = False) -> None:
    """`error` names `file` (and, with `text`, a line of it that exists), and says something.

    `need_line`: the error must name a line (MLIR text: every problem is somewhere in it);
    errors about the whole input (empty, binary) are the exception and say so."""
    where = error.location
    message = str(error)
    assert where is not None, f"no location: {message}"
    # An op whose text carries its origin (`loc("node"("model.mlir":9:7))`, as exporters write)
    # is named there: the file and line of its own loc attribute, not of this text.
    origin = text is not None and where.line is not None and f'"{where.file}":{where.line}' in text
    assert where.file == file or origin, f"names {where.file!r}, not {file!r}: {message}"
    assert error.message.strip(), f"empty message: {message!r}"
    if text is not None and where.line is not None and not origin:
        lines = text.count("\n") + 1
        assert 1 <= where.line <= lines, f"line {where.line} of a {lines}-line input: {message}"
    if need_line and where.line is None:
        assert _WHOLE_INPUT.search(error.message), f"no line named: {message}"
    assert message.startswith(str(where) + ": error: "), message


# Errors about the input as a whole, which have no line to name.
_WHOLE_INPUT = re.compile(r"the input is empty|binary file|not UTF-8|no function|has no func|no ops|"
                          r"expected a model|takes \d+ input")
