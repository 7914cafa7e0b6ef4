"""Fixes to xDSL behaviour that boltc relies on, applied once on import.

`frontends/` and `opt.py` import this module first (STYLE.md, trap (a)).

xDSL's string-literal regex backtracks exponentially on an unterminated literal: a file cut
inside a `dense_resource` blob never finishes lexing. The possessive form (Python 3.11+) keeps
every valid match and fails an unterminated one in linear time.

xDSL's `linalg.generic` parser reads `-> T1, T2` but not MLIR's `-> (T1, T2)`, which
torch-mlir prints for multi-result generics (max + argmax reductions).
"""

from __future__ import annotations

import re
from typing import Any

from xdsl.dialects.linalg import GenericOp
from xdsl.parser import Parser
from xdsl.utils.mlir_lexer import MLIRLexer

_XDSL_STRING_LITERAL = r'"(?:[^"\\\n\v\f]+|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*"'
POSSESSIVE_STRING_LITERAL = r'"(?:[^"\\\n\v\f]++|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*+"'


def _patch_string_literal_regex() -> None:
    current = getattr(MLIRLexer, "_unescaped_characters_regex", None)
    if current is None or current.pattern not in (_XDSL_STRING_LITERAL, POSSESSIVE_STRING_LITERAL):
        # Fail loudly: a silent miss would bring back hangs on truncated files.
        raise ImportError(
            "xDSL's MLIRLexer._unescaped_characters_regex changed; re-check "
            "boltc/_xdsl_patches.py against the installed xDSL"
        )
    MLIRLexer._unescaped_characters_regex = re.compile(POSSESSIVE_STRING_LITERAL)


class _ParenthesizedResultsParser:
    """Delegates to a Parser; when GenericOp.parse asks for an undelimited list and the next
    token is `(`, reads the parenthesized list instead. Only the result-type list can start
    with `(` there (operand lists follow `ins(`/`outs(`)."""

    def __init__(self, parser: Parser):
        self._parser = parser

    def __getattr__(self, name: str) -> Any:
        return getattr(self._parser, name)

    def parse_comma_separated_list(self, delimiter, parse, context_msg: str = ""):
        if delimiter is Parser.Delimiter.NONE and self._parser.parse_optional_punctuation("("):
            items = self._parser.parse_comma_separated_list(Parser.Delimiter.NONE, parse, context_msg)
            self._parser.parse_punctuation(")")
            return items
        return self._parser.parse_comma_separated_list(delimiter, parse, context_msg)


def _patch_generic_result_list() -> None:
    xdsl_parse = GenericOp.parse.__func__  # type: ignore[attr-defined]
    if getattr(xdsl_parse, "_boltc_patched", False):
        return

    def parse(cls, parser: Parser):
        return xdsl_parse(cls, _ParenthesizedResultsParser(parser))

    parse._boltc_patched = True  # type: ignore[attr-defined]
    GenericOp.parse = classmethod(parse)  # type: ignore[method-assign]


_patch_string_literal_regex()
_patch_generic_result_list()
