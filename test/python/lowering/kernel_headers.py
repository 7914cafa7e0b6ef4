"""boltc's own kernel headers as the emitters' tests read them: which ones a TU includes, and
a header's text (the fixed C++ that used to be part of each TU's text)."""

from __future__ import annotations

import re

from boltc.lowering.build import KERNEL_HEADER_DIR


def included_headers(text: str) -> list[str]:
    """The boltc/<name>.hpp headers `text` includes, in order."""
    return re.findall(r'^#include "(boltc/[^"]+\.hpp)"$', text, re.MULTILINE)


def header_text(name: str) -> str:
    """The text of boltc's header `name` ("boltc/<name>.hpp")."""
    return (KERNEL_HEADER_DIR / name).read_text()
