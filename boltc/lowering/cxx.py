"""Typed pieces of C++ for the generated host file: expressions, statements, declarations.

The host generator builds the model's launch sequence and its per-expression elementwise
kernels from these records and renders them once (STYLE.md: no string soup). Names and types
are checked when a piece is made, so a malformed identifier fails in Python, not in nvcc;
string literals are escaped here, once.
"""

from __future__ import annotations

import math
import re
import struct
from collections.abc import Sequence
from dataclasses import dataclass, field

_NAME = re.compile(r"(::)?[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*")
_BINARY_OPERATORS = frozenset({"+", "-", "*", "/", "%", "<", "<=", ">", ">=", "==", "!=", "&&", "||", "&", "|"})
_UNARY_OPERATORS = frozenset({"-", "!", "&", "*"})
_ASSIGN_OPERATORS = frozenset({"=", "+=", "-=", "*=", "/="})
HIDDEN = '__attribute__((visibility("hidden")))'


def _check_name(text: str) -> str:
    if not _NAME.fullmatch(text):
        raise ValueError(f"not a C++ name: {text!r}")
    return text


# -------------------------------------------------------------------------------------------
# Types
# -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Type:
    """`const name<args>* __restrict__`: a (possibly template, const, pointer) type."""

    name: str
    args: tuple[Type | Expr, ...] = ()
    const: bool = False
    pointer: bool = False
    restrict: bool = False
    constexpr: bool = False
    reference: bool = False

    def __post_init__(self) -> None:
        _check_name(self.name)
        if self.restrict and not self.pointer:
            raise ValueError("__restrict__ applies to pointers only")
        if self.reference and self.pointer:
            raise ValueError("a reference to a pointer is not needed here")

    def render(self) -> str:
        text = self.name
        if self.args:
            text += "<" + ", ".join(a.render() for a in self.args) + ">"
        if self.const:
            text = "const " + text
        if self.constexpr:
            text = "constexpr " + text
        if self.pointer:
            text += "*"
            if self.restrict:
                text += " __restrict__"
        if self.reference:
            text += "&"
        return text

    def ptr(self, *, const: bool = False, restrict: bool = False) -> Type:
        return Type(self.name, self.args, const=const or self.const, pointer=True, restrict=restrict)

    def as_const(self) -> Type:
        return Type(self.name, self.args, const=True, pointer=self.pointer, restrict=self.restrict)

    def as_constexpr(self) -> Type:
        return Type(self.name, self.args, const=self.const, pointer=self.pointer, constexpr=True)

    def as_reference(self) -> Type:
        return Type(self.name, self.args, const=self.const, reference=True)


VOID = Type("void")
BOOL = Type("bool")
INT = Type("int")
UNSIGNED = Type("unsigned")
FLOAT = Type("float")
CHAR = Type("char")
INT32 = Type("int32_t")
INT64 = Type("int64_t")
SIZE_T = Type("size_t")
CUDA_ERROR = Type("cudaError_t")
CUDA_STREAM = Type("cudaStream_t")
AUTO = Type("auto")


# -------------------------------------------------------------------------------------------
# Expressions
# -------------------------------------------------------------------------------------------


class Expr:
    def render(self) -> str:
        raise NotImplementedError

    # Small conveniences that build the records below.
    def __add__(self, other: Expr | int) -> Expr:
        return Binary("+", self, as_expr(other))

    def __mul__(self, other: Expr | int) -> Expr:
        return Binary("*", self, as_expr(other))

    def __lt__(self, other: Expr | int) -> Expr:  # type: ignore[override]
        return Binary("<", self, as_expr(other))

    def __getitem__(self, index: Expr | int) -> Expr:
        return Index(self, as_expr(index))

    def dot(self, member: str) -> Expr:
        return Member(self, member)

    def call(self, *args: Expr | int) -> Expr:
        return Call(self, tuple(as_expr(a) for a in args))


def bare(expr: Expr) -> str:
    """`expr` rendered without the parentheses a Binary wears as a subexpression."""
    if isinstance(expr, Binary):
        return f"{expr.lhs.render()} {expr.op} {expr.rhs.render()}"
    return expr.render()


def as_expr(value: Expr | int) -> Expr:
    if isinstance(value, Expr):
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"not an expression: {value!r}")
    return Int(value)


@dataclass(frozen=True)
class Name(Expr):
    text: str
    template_args: tuple[Type | Expr, ...] = ()

    def __post_init__(self) -> None:
        _check_name(self.text)

    def render(self) -> str:
        if not self.template_args:
            return self.text
        return f"{self.text}<{', '.join(a.render() for a in self.template_args)}>"


@dataclass(frozen=True)
class Int(Expr):
    """An integer literal; values outside int32 get the LL suffix (int64_t on every target)."""

    value: int
    unsigned: bool = False

    def render(self) -> str:
        suffix = "u" if self.unsigned else ""
        if not -(2**31) <= self.value < 2**31:
            suffix += "LL"
        if self.value < 0:
            return f"({self.value}{suffix})"
        return f"{self.value}{suffix}"


@dataclass(frozen=True)
class Float(Expr):
    """A float (binary32) constant, exact: a hexadecimal literal, or the bit pattern for
    infinities and NaNs (device code only)."""

    value: float

    def render(self) -> str:
        single = struct.unpack("<f", struct.pack("<f", self.value))[0]
        if math.isfinite(single):
            text = float.hex(single) + "f"
            return f"({text})" if single < 0 or text.startswith("-") else text
        bits = struct.unpack("<I", struct.pack("<f", single))[0]
        return f"__uint_as_float(0x{bits:08x}u)"


@dataclass(frozen=True)
class HostFloat(Expr):
    """A float constant for host code (parameter structs): finite values only."""

    value: float

    def __post_init__(self) -> None:
        if not math.isfinite(self.value):
            raise ValueError(f"{self.value} has no host literal here")

    def render(self) -> str:
        return Float(self.value).render()


@dataclass(frozen=True)
class Str(Expr):
    """A string literal, escaped; long texts as adjacent literals of one line each."""

    value: str

    def render(self) -> str:
        pieces = [self.value[i : i + 96] for i in range(0, len(self.value), 96)] or [""]
        return "\n    ".join('"' + _escape(p) + '"' for p in pieces)


def _escape(text: str) -> str:
    out = []
    for ch in text:
        code = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif 32 <= code < 127 and ch != "?":  # '?' could start a trigraph
            out.append(ch)
        else:
            # Octal escapes have at most three digits, so a digit after one cannot extend it.
            out.extend(f"\\{b:03o}" for b in ch.encode())
    return "".join(out)


@dataclass(frozen=True)
class Null(Expr):
    def render(self) -> str:
        return "nullptr"


@dataclass(frozen=True)
class Bool(Expr):
    value: bool

    def render(self) -> str:
        return "true" if self.value else "false"


@dataclass(frozen=True)
class Call(Expr):
    function: Expr
    args: tuple[Expr, ...] = ()

    def render(self) -> str:
        return f"{self.function.render()}({', '.join(bare(a) for a in self.args)})"


def call(function: str | Expr, *args: Expr | int, template: Sequence[Type | Expr] = ()) -> Call:
    fn = Name(function, tuple(template)) if isinstance(function, str) else function
    return Call(fn, tuple(as_expr(a) for a in args))


@dataclass(frozen=True)
class Launch(Expr):
    """`kernel<<<grid, block, 0, stream>>>(args)`."""

    kernel: Expr
    grid: Expr
    block: Expr
    stream: Expr
    args: tuple[Expr, ...]

    def render(self) -> str:
        config = f"{self.grid.render()}, {self.block.render()}, 0, {self.stream.render()}"
        return f"{self.kernel.render()}<<<{config}>>>({', '.join(bare(a) for a in self.args)})"


@dataclass(frozen=True)
class Binary(Expr):
    op: str
    lhs: Expr
    rhs: Expr

    def __post_init__(self) -> None:
        if self.op not in _BINARY_OPERATORS:
            raise ValueError(f"not a binary operator: {self.op!r}")

    def render(self) -> str:
        return f"({self.lhs.render()} {self.op} {self.rhs.render()})"


@dataclass(frozen=True)
class Unary(Expr):
    op: str
    operand: Expr

    def __post_init__(self) -> None:
        if self.op not in _UNARY_OPERATORS:
            raise ValueError(f"not a unary operator: {self.op!r}")

    def render(self) -> str:
        return f"({self.op}{self.operand.render()})"


@dataclass(frozen=True)
class Ternary(Expr):
    condition: Expr
    if_true: Expr
    if_false: Expr

    def render(self) -> str:
        return f"({self.condition.render()} ? {self.if_true.render()} : {self.if_false.render()})"


@dataclass(frozen=True)
class Index(Expr):
    base: Expr
    index: Expr

    def render(self) -> str:
        return f"{self.base.render()}[{bare(self.index)}]"


@dataclass(frozen=True)
class Member(Expr):
    base: Expr
    member: str

    def __post_init__(self) -> None:
        _check_name(self.member)

    def render(self) -> str:
        return f"{self.base.render()}.{self.member}"


@dataclass(frozen=True)
class Cast(Expr):
    """`static_cast<type>(value)` (or reinterpret_cast)."""

    type: Type
    value: Expr
    reinterpret: bool = False

    def render(self) -> str:
        kind = "reinterpret_cast" if self.reinterpret else "static_cast"
        return f"{kind}<{self.type.render()}>({bare(self.value)})"


@dataclass(frozen=True)
class Braced(Expr):
    """`{a, b, c}`: an aggregate initializer (one level per nested Braced)."""

    items: tuple[Expr, ...]

    def render(self) -> str:
        return "{" + ", ".join(i.render() for i in self.items) + "}"


# -------------------------------------------------------------------------------------------
# Statements
# -------------------------------------------------------------------------------------------


class Stmt:
    def lines(self) -> list[str]:
        raise NotImplementedError


@dataclass(frozen=True)
class Decl(Stmt):
    type: Type
    name: str
    init: Expr | None = None
    static: bool = False
    array: bool = False  # `T name[] = {...}`
    attributes: tuple[str, ...] = ()  # e.g. __shared__

    def __post_init__(self) -> None:
        _check_name(self.name)
        for attribute in self.attributes:
            if attribute not in ("__shared__", "__device__", "__constant__", "extern", HIDDEN):
                raise ValueError(f"unknown declaration attribute {attribute!r}")

    def lines(self) -> list[str]:
        prefix = "static " if self.static else ""
        prefix += "".join(a + " " for a in self.attributes)
        text = f"{prefix}{self.type.render()} {self.name}{'[]' if self.array else ''}"
        if self.init is not None:
            text += f" = {bare(self.init)}"
        return [text + ";"]


@dataclass(frozen=True)
class Assign(Stmt):
    target: Expr
    value: Expr
    op: str = "="

    def __post_init__(self) -> None:
        if self.op not in _ASSIGN_OPERATORS:
            raise ValueError(f"not an assignment operator: {self.op!r}")

    def lines(self) -> list[str]:
        return [f"{self.target.render()} {self.op} {bare(self.value)};"]


@dataclass(frozen=True)
class Eval(Stmt):
    expr: Expr

    def lines(self) -> list[str]:
        return [self.expr.render() + ";"]


@dataclass(frozen=True)
class Return(Stmt):
    value: Expr | None = None

    def lines(self) -> list[str]:
        return ["return;" if self.value is None else f"return {bare(self.value)};"]


@dataclass(frozen=True)
class Comment(Stmt):
    text: str

    def lines(self) -> list[str]:
        return ["// " + line if line else "//" for line in self.text.replace("*/", "* /").splitlines()]


@dataclass(frozen=True)
class Blank(Stmt):
    def lines(self) -> list[str]:
        return [""]


def _indent(lines: list[str], by: str = "  ") -> list[str]:
    return [by + line if line else line for line in lines]


def _body(statements: Sequence[Stmt]) -> list[str]:
    return _indent([line for s in statements for line in s.lines()])


@dataclass(frozen=True)
class If(Stmt):
    condition: Expr
    then: tuple[Stmt, ...]
    otherwise: tuple[Stmt, ...] = ()

    def lines(self) -> list[str]:
        out = [f"if ({bare(self.condition)}) {{", *_body(self.then)]
        if self.otherwise:
            out += ["} else {", *_body(self.otherwise)]
        return out + ["}"]


@dataclass(frozen=True)
class For(Stmt):
    """`for (init; condition; step) { body }`, optionally `#pragma unroll`ed."""

    init: Decl
    condition: Expr
    step: Assign
    body: tuple[Stmt, ...]
    unroll: bool = False

    def lines(self) -> list[str]:
        init = self.init.lines()[0][:-1]
        step = self.step.lines()[0][:-1]
        head = f"for ({init}; {bare(self.condition)}; {step}) {{"
        return (["#pragma unroll"] if self.unroll else []) + [head, *_body(self.body), "}"]


# -------------------------------------------------------------------------------------------
# Declarations at namespace scope
# -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Param:
    type: Type
    name: str

    def __post_init__(self) -> None:
        _check_name(self.name)

    def render(self) -> str:
        return f"{self.type.render()} {self.name}"


@dataclass(frozen=True)
class Function(Stmt):
    """A function definition (or a declaration when body is None)."""

    return_type: Type
    name: str
    params: tuple[Param, ...]
    body: tuple[Stmt, ...] | None
    qualifiers: tuple[str, ...] = ()  # static, __global__, __device__, inline, extern "C"
    template: tuple[Param, ...] = ()  # template <bool kVector>
    launch_bounds: int | None = None

    def __post_init__(self) -> None:
        _check_name(self.name)
        allowed = {"static", "inline", "__global__", "__device__", "__host__", "__forceinline__",
                   'extern "C"', HIDDEN}
        for q in self.qualifiers:
            if q not in allowed:
                raise ValueError(f"unknown function qualifier {q!r}")

    def lines(self) -> list[str]:
        out: list[str] = []
        if self.template:
            out.append(f"template <{', '.join(p.render() for p in self.template)}>")
        head = " ".join(self.qualifiers)
        head = f"{head} " if head else ""
        bounds = f"__launch_bounds__({self.launch_bounds}) " if self.launch_bounds else ""
        params = ", ".join(p.render() for p in self.params)
        signature = f"{head}{self.return_type.render()} {bounds}{self.name}({params})"
        if self.body is None:
            return out + [signature + ";"]
        return out + [signature + " {", *_body(self.body), "}"]


@dataclass(frozen=True)
class Namespace(Stmt):
    name: str | None  # None: an anonymous namespace
    items: tuple[Stmt, ...]

    def lines(self) -> list[str]:
        if self.name is not None:
            _check_name(self.name)
        label = f"namespace {self.name}" if self.name else "namespace"
        out = [label + " {", ""]
        for item in self.items:
            out += item.lines() + [""]
        return out + [f"}}  // {label}"]


@dataclass(frozen=True)
class ExternC(Stmt):
    items: tuple[Stmt, ...]

    def lines(self) -> list[str]:
        out = ['extern "C" {']
        for item in self.items:
            out += item.lines()
        return out + ['}  // extern "C"']


@dataclass(frozen=True)
class Include(Stmt):
    path: str
    system: bool = False

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[A-Za-z0-9_./-]+", self.path):
            raise ValueError(f"not an include path: {self.path!r}")

    def lines(self) -> list[str]:
        return [f"#include <{self.path}>" if self.system else f'#include "{self.path}"']


@dataclass(frozen=True)
class TranslationUnit:
    header: str  # the leading comment
    items: tuple[Stmt, ...] = field(default_factory=tuple)

    def render(self) -> str:
        out = Comment(self.header).lines() + [""]
        for item in self.items:
            out += item.lines()
            if not isinstance(item, Include):
                out.append("")
        if out[-1] != "":
            out.append("")
        return "\n".join(out)
