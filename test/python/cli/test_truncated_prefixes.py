"""The lexer-hang guard (STYLE.md, trap (a)): boltc must answer every prefix of a file, fast.

A file cut inside a `dense_resource` blob ends in an unterminated string literal, on which
xDSL's own string regex backtracks exponentially. Every prefix of a small file with blobs
must parse or raise a BoltcError, each in well under a second.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from xdsl.utils.mlir_lexer import MLIRLexer

from boltc._xdsl_patches import _XDSL_STRING_LITERAL, POSSESSIVE_STRING_LITERAL
from boltc.diagnostics import BoltcError
from boltc.frontends.source import parse_mlir_text

pytestmark = pytest.mark.timeout(120)

MODEL = Path(__file__).resolve().parents[2] / "data" / "ops" / "linear.mlir"  # 1.7 KB, 2 blobs
MAX_CALL_S = 2.0  # a prefix takes ~5 ms; the unpatched lexer takes minutes on some


@dataclass(frozen=True)
class Outcome:
    length: int
    seconds: float
    error: BaseException | None  # None: the prefix parsed


@pytest.fixture(scope="module")
def prefix_outcomes() -> list[Outcome]:
    text = MODEL.read_text()
    assert "dense_resource" in text and "{-#" in text
    outcomes = []
    for length in range(len(text) + 1):
        start = time.perf_counter()
        try:
            parse_mlir_text(text[:length], MODEL.name)
            error = None
        except Exception as e:  # noqa: BLE001  (sorted out by the tests below)
            error = e
        outcomes.append(Outcome(length, time.perf_counter() - start, error))
    return outcomes


def test_no_prefix_hangs(prefix_outcomes: list[Outcome]):
    slow = [(o.length, round(o.seconds, 2)) for o in prefix_outcomes if o.seconds >= MAX_CALL_S]
    assert not slow, f"prefixes (length, seconds) slower than {MAX_CALL_S} s: {slow}"


def test_every_prefix_parses_or_is_a_boltc_error(prefix_outcomes: list[Outcome]):
    text = MODEL.read_text()
    crashes = [
        f"{o.length} (...{text[max(0, o.length - 30):o.length]!r}): {type(o.error).__name__}: {o.error}"
        for o in prefix_outcomes
        if o.error is not None and not isinstance(o.error, BoltcError)
    ]
    assert not crashes, "prefixes that crash instead of a BoltcError:\n" + "\n".join(crashes)


def test_the_whole_file_parses_and_cut_blobs_are_located(prefix_outcomes: list[Outcome]):
    assert prefix_outcomes[-1].error is None
    text = MODEL.read_text()
    inside_blob = text.index('"0x') + 10
    error = prefix_outcomes[inside_blob].error
    assert isinstance(error, BoltcError) and error.location is not None
    assert error.location.line == text.count("\n", 0, inside_blob) + 1


def test_the_possessive_string_regex_is_installed():
    assert MLIRLexer._unescaped_characters_regex.pattern == POSSESSIVE_STRING_LITERAL


def test_the_possessive_regex_fails_a_1mb_unterminated_literal_fast():
    literal = '"0x' + "0123456789ABCDEF" * (1 << 16)  # 1 MiB, never closed
    start = time.perf_counter()
    assert MLIRLexer._unescaped_characters_regex.match(literal) is None
    assert time.perf_counter() - start < 0.5


@pytest.mark.parametrize("literal", [
    '""', '"0x04000000BE206F3E"', r'"a\"b"', r'"tab\there"', r'"\\"', r'"hex \0A byte"',
    '"unicode caf\u00e9"', r'"two" "literals"', '"ends\\', '"new\nline"', '"unterminated',
])
def test_the_possessive_regex_matches_exactly_what_xdsls_matches(literal: str):
    xdsl, possessive = re.compile(_XDSL_STRING_LITERAL), MLIRLexer._unescaped_characters_regex
    original, patched = xdsl.match(literal), possessive.match(literal)
    assert (original and original.group()) == (patched and patched.group())
