"""Fixes to xDSL behaviour that boltc relies on, applied once on import.

`frontends/` and `opt.py` import this module first (STYLE.md, trap (a)).

xDSL's string-literal regex backtracks exponentially on an unterminated literal: a file cut
inside a `dense_resource` blob never finishes lexing. The possessive form (Python 3.11+) keeps
every valid match and fails an unterminated one in linear time.

xDSL prints a non-finite float attribute in MLIR's hex form (`0x7FF0000000000000`) but its
`FloatAttr.parse_with_type` (used by custom formats such as `bolt.ew.clamp ... max`) reads only
decimal literals, so `clamp(x, min=0)` (max = +inf) or a -inf pad did not parse back.

xDSL prints a non-finite element of a small `dense<...>` float attribute as its bit pattern in
hex (`dense<0xFF800000> : tensor<f32>` for -inf), as MLIR does, but reads a hex element back
as an integer value (-inf became 4.28657869e+09): a hex element of a float tensor is read as
its bit pattern.

xDSL prints a large `dense<...>` attribute as hex, but first unpacks every element into a
Python list (and checks for a splat element by element): seconds per folded ResNet weight.
Large non-splat values are printed from their bytes directly.

xDSL's `linalg.generic` parser reads `-> T1, T2` but not MLIR's `-> (T1, T2)`, which
torch-mlir prints for multi-result generics (max + argmax reductions).

xDSL builds the hidden body of `linalg.matmul`, the convolutions and `linalg.pooling_nchw_max`
with one element type, so a half-precision export (`ins(f16, f16) outs(f32)`) fails to parse or
verify. Their bodies are built as MLIR defines them instead, inputs converted to the output's
element type first (`structured_body` in boltc/dialects/linalg_extra.py, which says more).
"""

from __future__ import annotations

import re
import struct
from typing import Any

from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseIntOrFPElementsAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
)
from xdsl.dialects.linalg.ops import GenericOp, MatmulOp, PoolingNchwMaxOp
from xdsl.dialects.linalg.abstract_ops import ConvOperation
from xdsl.utils.mlir_lexer import MLIRTokenKind
from xdsl.parser import Parser
from xdsl.parser.attribute_parser import AttrParser
from xdsl.utils.mlir_lexer import MLIRLexer

from boltc.dialects.linalg_extra import (
    max_accumulate,
    multiply_accumulate,
    structured_body,
)

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


_FLOAT_BITS = {Float64Type: "<Q<d", Float32Type: "<I<f", Float16Type: "<H<e"}


def _patch_float_attr_hex() -> None:
    xdsl_parse = FloatAttr.parse_with_type
    if getattr(xdsl_parse, "_boltc_patched", False):
        return

    def parse_with_type(parser, type):
        token = parser._current_token
        formats = _FLOAT_BITS.get(type.__class__)
        if token.kind == MLIRTokenKind.INTEGER_LIT and token.text.lower().startswith("0x") and formats:
            bits = parser.parse_integer(allow_negative=False)
            (value,) = struct.unpack(formats[2:], struct.pack(formats[:2], bits))
            return FloatAttr(value, type)
        return xdsl_parse(parser, type)

    parse_with_type._boltc_patched = True  # type: ignore[attr-defined]
    FloatAttr.parse_with_type = staticmethod(parse_with_type)  # type: ignore[method-assign]


def _float_from_bits(bits: int, type: Any) -> float | None:
    """The float whose bit pattern is `bits` in `type` (None for a type without one here)."""
    if isinstance(type, BFloat16Type):
        return struct.unpack("<f", struct.pack("<I", (bits & 0xFFFF) << 16))[0]
    formats = _FLOAT_BITS.get(type.__class__)
    if formats is None:
        return None
    return struct.unpack(formats[2:], struct.pack(formats[:2], bits))[0]


def _patch_dense_hex_elements() -> None:
    element = AttrParser._TensorLiteralElement
    xdsl_to_type = element.to_type
    if getattr(xdsl_to_type, "_boltc_patched", False):
        return

    def to_type(self, parser, type):
        text = self.span.text.lower()
        if (isinstance(self.value, int) and not isinstance(self.value, bool) and text.startswith("0x")
                and (value := _float_from_bits(self.value, type)) is not None):
            return value
        return xdsl_to_type(self, parser, type)

    to_type._boltc_patched = True  # type: ignore[attr-defined]
    element.to_type = to_type  # type: ignore[method-assign]


_HEX_PRINT_THRESHOLD = 100  # xDSL's own: more elements than this print as hex


def _patch_dense_hex_printing() -> None:
    xdsl_print = DenseIntOrFPElementsAttr.print_without_type
    if getattr(xdsl_print, "_boltc_patched", False):
        return

    def print_without_type(self, printer) -> None:
        raw = self.data.data
        length = len(self)
        if length > _HEX_PRINT_THRESHOLD:
            width = len(raw) // length
            if raw != raw[:width] * length:  # not a splat: the bytes are the text
                printer.print_string(f'dense<"0x{raw.hex().upper()}">')
                return
        xdsl_print(self, printer)

    print_without_type._boltc_patched = True  # type: ignore[attr-defined]
    DenseIntOrFPElementsAttr.print_without_type = print_without_type  # type: ignore[method-assign]


def _patch_mixed_precision_bodies() -> None:
    # ConvOperation is the base every xDSL convolution (and boltc's depthwise one) inherits
    # its body from; MatmulOp and PoolingNchwMaxOp define their own.
    for cls, combine in (
        (MatmulOp, multiply_accumulate),
        (ConvOperation, multiply_accumulate),
        (PoolingNchwMaxOp, max_accumulate),
    ):
        if "get_hidden_region" not in cls.__dict__:
            raise ImportError(f"xDSL's {cls.__name__} no longer defines get_hidden_region; "
                              "re-check boltc/_xdsl_patches.py against the installed xDSL")
        if getattr(cls.__dict__["get_hidden_region"].__func__, "_boltc_patched", False):
            continue

        def get_hidden_region(cls_, inputs, outputs, combine=combine):
            return structured_body(inputs, outputs, combine)

        get_hidden_region._boltc_patched = True  # type: ignore[attr-defined]
        cls.get_hidden_region = classmethod(get_hidden_region)  # type: ignore[method-assign]


_patch_string_literal_regex()
_patch_mixed_precision_bodies()
_patch_generic_result_list()
_patch_float_attr_hex()
_patch_dense_hex_printing()
_patch_dense_hex_elements()
