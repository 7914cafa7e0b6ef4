"""The runtime's C++ interface as the host generator sees it (runtime/include/boltc/runtime.h).

Each parameter struct of the runtime has a frozen dataclass here with the same fields in the
same order; `initializer()` renders the positional aggregate initializer the generated host
file passes. test_runtime_abi.py compares the field lists with the header, so the two cannot
drift apart silently.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, fields
from enum import Enum
from math import prod
from pathlib import Path

from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type, TensorType
from xdsl.ir import Attribute

from boltc.diagnostics import BoltcError
from boltc.lowering import cxx

MAX_RANK = 8  # boltc::rt::kMaxRank
RT = "boltc::rt"


class DType(Enum):
    """Element types: (bolt name, boltc::rt::DType enumerator, C++ type, bytes, numpy name)."""

    F32 = ("f32", "F32", "float", 4)
    F16 = ("f16", "F16", "__half", 2)
    BF16 = ("bf16", "BF16", "__nv_bfloat16", 2)

    @property
    def short(self) -> str:
        return self.value[0]

    @property
    def enumerator(self) -> cxx.Expr:
        return cxx.Name(f"{RT}::DType::{self.value[1]}")

    @property
    def cpp(self) -> cxx.Type:
        return cxx.Type(self.value[2])

    @property
    def bytes(self) -> int:
        return self.value[3]

    @classmethod
    def of(cls, element_type: Attribute) -> DType:
        for ty, member in ((Float32Type, cls.F32), (Float16Type, cls.F16), (BFloat16Type, cls.BF16)):
            if isinstance(element_type, ty):
                return member
        raise BoltcError(f"the runtime has no kernels for element type {element_type}")

    @classmethod
    def of_tensor(cls, ty: Attribute) -> DType:
        assert isinstance(ty, TensorType)
        return cls.of(ty.get_element_type())


def tensor_shape(ty: Attribute) -> tuple[int, ...]:
    assert isinstance(ty, TensorType)
    return tuple(ty.get_shape())


def contiguous_strides(shape: Sequence[int]) -> tuple[int, ...]:
    strides, step = [], 1
    for size in reversed(shape):
        strides.append(step)
        step *= size
    return tuple(reversed(strides))


def coalesce(sizes: Sequence[int], *strides: Sequence[int]) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Drop size-1 dimensions and merge neighbours that every stride list walks as one
    (stride[d] == stride[d+1] * size[d+1]): the fewest dimensions with the same addresses."""
    keep = [d for d, s in enumerate(sizes) if s != 1]
    out_sizes: list[int] = []
    out_strides: list[list[int]] = [[] for _ in strides]
    for d in keep:
        if out_sizes and all(o[-1] == s[d] * sizes[d] for o, s in zip(out_strides, strides)):
            out_sizes[-1] *= sizes[d]
            for o, s in zip(out_strides, strides):
                o[-1] = s[d]
            continue
        out_sizes.append(sizes[d])
        for o, s in zip(out_strides, strides):
            o.append(s[d])
    return tuple(out_sizes), tuple(tuple(o) for o in out_strides)


def _padded(values: Sequence[int]) -> cxx.Braced:
    return cxx.Braced(tuple(cxx.Int(v) for v in (*values, *[0] * (MAX_RANK - len(values)))))


class Struct:
    """A runtime parameter struct: dataclass fields in the C++ declaration's order."""

    cpp_name: str = ""

    @classmethod
    def cpp_type(cls) -> cxx.Type:
        return cxx.Type(f"{RT}::{cls.cpp_name}")

    def field_value(self, name: str, value: object) -> cxx.Expr:
        if isinstance(value, Struct):
            return value.initializer()
        if isinstance(value, tuple):
            return _padded(value)
        if isinstance(value, bool):
            return cxx.Int(int(value))
        if isinstance(value, int):
            return cxx.Int(value)
        if isinstance(value, float):
            return cxx.HostFloat(value)
        raise TypeError(f"{type(self).__name__}.{name}: no C++ value for {value!r}")

    def initializer(self) -> cxx.Braced:
        return cxx.Braced(tuple(self.field_value(f.name, getattr(self, f.name)) for f in fields(self)))  # type: ignore[arg-type]

    @classmethod
    def field_names(cls) -> list[str]:
        return [f.name for f in fields(cls)]  # type: ignore[arg-type]


@dataclass(frozen=True)
class StridedIndex(Struct):
    cpp_name = "StridedIndex"
    rank: int
    size: tuple[int, ...]
    stride: tuple[int, ...]

    def __post_init__(self) -> None:
        if not (len(self.size) == len(self.stride) == self.rank) or self.rank > MAX_RANK:
            raise BoltcError(
                f"the runtime indexes at most {MAX_RANK} dimensions, this needs {self.rank} "
                f"(sizes {list(self.size)})"
            )

    def initializer(self) -> cxx.Braced:
        return cxx.Braced((cxx.Int(self.rank), _padded(self.size), _padded(self.stride)))

    @classmethod
    def of(cls, sizes: Sequence[int], strides: Sequence[int]) -> StridedIndex:
        return cls(len(sizes), tuple(sizes), tuple(strides))

    def count(self) -> int:
        return prod(self.size)


@dataclass(frozen=True)
class PadParams(Struct):
    cpp_name = "PadParams"
    rank: int
    in_size: tuple[int, ...]
    out_size: tuple[int, ...]
    low: tuple[int, ...]
    value: float


@dataclass(frozen=True)
class SpaceToDepthParams(Struct):
    """dst[n][u][v][k] (out_h x out_w x out_c) = src pixel (u*block + i - pad_top,
    (v + b*tap_step)*block + j - pad_left), channel c, for k = ((b*block + i)*block + j)*c + c'
    < taps*block*block*c (b < taps: the column fold's copies, each tap_step folded columns
    further; taps 1 for the fold alone); `value` outside the source and for the channels past
    taps*block*block*c. The source is read through element strides (an NCHW image: (C*H*W, W,
    1, H*W))."""

    cpp_name = "SpaceToDepthParams"
    n: int
    h: int
    w: int
    c: int
    stride_n: int
    stride_h: int
    stride_w: int
    stride_c: int
    block: int
    pad_top: int
    pad_left: int
    out_h: int
    out_w: int
    out_c: int
    value: float
    taps: int = 1
    tap_step: int = 0


class PoolKind(Enum):
    MAX = 0
    AVG = 1


@dataclass(frozen=True)
class Pool2dParams(Struct):
    cpp_name = "Pool2dParams"
    kind: int
    nhwc: int
    n: int
    c: int
    h: int
    w: int
    p: int
    q: int
    window_h: int
    window_w: int
    stride_h: int
    stride_w: int
    pad_top: int
    pad_left: int
    out_pitch: int  # NHWC: elements between output pixels (c, or a concatenation's row); NCHW: 0


@dataclass(frozen=True)
class SoftmaxParams(Struct):
    cpp_name = "SoftmaxParams"
    outer: int
    axis: int
    inner: int


@dataclass(frozen=True)
class LayerNormParams(Struct):
    cpp_name = "LayerNormParams"
    rows: int
    cols: int
    epsilon: float


class ReduceKind(Enum):
    SUM = 0
    MEAN = 1
    MAX = 2
    MIN = 3


@dataclass(frozen=True)
class ReduceParams(Struct):
    cpp_name = "ReduceParams"
    kind: int
    innermost_reduced: int
    kept: StridedIndex
    reduced: StridedIndex


PARAM_STRUCTS: tuple[type[Struct], ...] = (
    StridedIndex, PadParams, SpaceToDepthParams, Pool2dParams, SoftmaxParams, LayerNormParams, ReduceParams,
)


def rt(name: str) -> cxx.Name:
    """A name in boltc::rt."""
    return cxx.Name(f"{RT}::{name}")


# -------------------------------------------------------------------------------------------
# Where the runtime's sources are
# -------------------------------------------------------------------------------------------


def runtime_root() -> Path:
    """runtime/ beside the boltc package (a source checkout or an editable install), or
    $BOLTC_RUNTIME_DIR."""
    configured = os.environ.get("BOLTC_RUNTIME_DIR")
    root = Path(configured) if configured else Path(__file__).resolve().parents[2] / "runtime"
    if not (root / "include" / "boltc" / "model.h").is_file():
        raise BoltcError(
            f"boltc's runtime sources are not at {root} (expected include/boltc/model.h there); "
            "set BOLTC_RUNTIME_DIR to the runtime/ directory of a boltc checkout"
        )
    return root


def runtime_include_dir() -> Path:
    return runtime_root() / "include"


def runtime_sources() -> list[Path]:
    src = runtime_root() / "src"
    return sorted([*src.glob("*.cu"), *src.glob("*.cpp")])
