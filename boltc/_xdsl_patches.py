"""Fixes to xDSL behaviour that boltc relies on, applied once on import.

`frontends/` and `opt.py` import this module first (STYLE.md, trap (a)).

xDSL's string-literal regex backtracks exponentially on an unterminated literal: a file cut
inside a `dense_resource` blob never finishes lexing. The possessive form (Python 3.11+) keeps
every valid match and fails an unterminated one in linear time.
"""

from __future__ import annotations

import re

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


_patch_string_literal_regex()
