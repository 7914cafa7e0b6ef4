"""Weights as numpy arrays: decoding `dense<...>` and `dense_resource<...>` attributes.

`dense_resource` blobs live in the builtin dialect's resource storage as hex strings
("0x" + a 4-byte little-endian alignment word + the raw little-endian data), as MLIR prints
them. Decoding is one `bytes.fromhex` per blob, cached, and never goes through Python lists.
"""

from __future__ import annotations

import numpy as np
from xdsl.dialect_interfaces.op_asm import OpAsmDialectInterface
from xdsl.dialects.builtin import (
    BFloat16Type,
    Builtin,
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerType,
    ShapedType,
)
from xdsl.ir import Attribute

# storage key -> (the blob string decoded, its array); the blob's identity guards the entry.
_decoded: dict[tuple[str, str], tuple[str, np.ndarray]] = {}


class ResourceError(ValueError):
    """A dense_resource whose blob is missing or does not match its type. `key` is the blob's
    key in xDSL's store (boltc's parser renames a file's keys: see frontends/source.py), and
    `reason` the message without it, so that a caller can name the key as the file spells it."""

    def __init__(self, reason: str, key: str | None = None):
        self.reason, self.key = reason, key
        super().__init__(f"dense_resource<{key}> {reason}" if key is not None else reason)


def storage_dtype(element_type: Attribute) -> np.dtype:
    """The numpy dtype of an element type's bytes. bf16 is read as its raw uint16 bits."""
    if isinstance(element_type, Float32Type):
        return np.dtype("<f4")
    if isinstance(element_type, Float16Type):
        return np.dtype("<f2")
    if isinstance(element_type, Float64Type):
        return np.dtype("<f8")
    if isinstance(element_type, BFloat16Type):
        return np.dtype("<u2")
    if isinstance(element_type, IntegerType):
        width = element_type.width.data
        if width in (8, 16, 32, 64):
            return np.dtype(f"<i{width // 8}")
        if width == 1:
            return np.dtype("?")
    raise ResourceError(f"no numpy storage for element type {element_type}")


def bf16_bits_to_f32(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32)


def f32_to_bf16_bits(values: np.ndarray) -> np.ndarray:
    """Round to nearest even, as hardware conversions do (NaN stays NaN)."""
    bits = np.ascontiguousarray(values, dtype=np.float32).view(np.uint32)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    nan = np.isnan(values)
    return np.where(nan, (bits >> 16) | 0x40, rounded).astype(np.uint16)


def blob_of(attr: DenseResourceAttr) -> str | None:
    """The blob string of a dense_resource ("0x..."), or None/"" where the store has no data."""
    interface = Builtin.get_interface(OpAsmDialectInterface)
    assert interface is not None
    return interface.lookup(attr.resource_handle.data)


def _blob(attr: DenseResourceAttr) -> str:
    interface = Builtin.get_interface(OpAsmDialectInterface)
    assert interface is not None
    key = attr.resource_handle.data
    blob = interface.lookup(key)
    if not blob:
        raise ResourceError("has no data in the file's dialect_resources", key)
    return blob


_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


def blob_bytes(blob: str, key: str | None = None) -> bytes:
    """The bytes of a blob string, alignment word included; ResourceError if it is not "0x" and
    an even number of hex digits (naming the first bad character, counted from the quote)."""
    if not blob.startswith("0x"):
        raise ResourceError('has a blob that does not start with "0x"', key)
    try:
        return bytes.fromhex(blob[2:])
    except ValueError:
        pass
    bad = next((i for i, c in enumerate(blob[2:], start=2) if c not in _HEX_DIGITS), None)
    if bad is not None:
        raise ResourceError(
            f"has a blob that is not hex: {blob[bad]!r} at character {bad + 1} of the blob", key
        ) from None
    raise ResourceError(f"has a blob of {len(blob) - 2} hex digits (an odd number)", key) from None


def _blob_data(blob: str, key: str | None = None) -> bytes:
    raw = blob_bytes(blob, key)
    if len(raw) < 4:
        raise ResourceError("has a blob shorter than its 4-byte alignment word", key)
    return raw[4:]  # after the alignment word


def raw_array(attr: Attribute) -> np.ndarray:
    """The attribute's elements in their storage dtype (bf16 as uint16 bits), shaped, read-only."""
    if isinstance(attr, DenseIntOrFPElementsAttr):
        shaped = attr.type
        raw = attr.data.data
    elif isinstance(attr, DenseResourceAttr):
        shaped = attr.type
        cache_key = (attr.resource_handle.data, str(shaped))
        blob = _blob(attr)
        cached = _decoded.get(cache_key)
        if cached is not None and cached[0] is blob:
            return cached[1]
        raw = _blob_data(blob, attr.resource_handle.data)
    else:
        raise ResourceError(f"not a dense attribute: {attr}")
    assert isinstance(shaped, ShapedType)
    dtype = storage_dtype(shaped.get_element_type())
    shape = shaped.get_shape()
    count = int(np.prod(shape, dtype=np.int64))
    if len(raw) % dtype.itemsize:
        raise ResourceError(
            f"has {len(raw)} data bytes, not a whole number of {shaped.get_element_type()} elements",
            attr.resource_handle.data if isinstance(attr, DenseResourceAttr) else None,
        )
    array = np.frombuffer(raw, dtype=dtype)
    if array.size == 1 and count != 1:
        array = np.broadcast_to(array, (count,))  # a splat
    if array.size != count:
        if isinstance(attr, DenseResourceAttr):
            raise ResourceError(
                f"has {array.size} elements in its blob, its type {shaped} needs {count}",
                attr.resource_handle.data,
            )
        raise ResourceError(f"dense value has {array.size} elements, its type {shaped} needs {count}")
    array = array.reshape(shape)
    array.flags.writeable = False
    if isinstance(attr, DenseResourceAttr):
        _decoded[cache_key] = (blob, array)
    return array


def dense_array(attr: Attribute) -> np.ndarray:
    """The attribute's values as numbers: floats as float32/float16/float64, bf16 as float32."""
    array = raw_array(attr)
    element_type = attr.type.get_element_type()  # type: ignore[attr-defined]
    if isinstance(element_type, BFloat16Type):
        return bf16_bits_to_f32(array)
    return array


def element_bytes(values: np.ndarray, element_type: Attribute) -> bytes:
    """The little-endian bytes of `values` stored as `element_type` (bf16 rounded)."""
    if isinstance(element_type, BFloat16Type):
        return f32_to_bf16_bits(np.asarray(values, dtype=np.float32)).tobytes()
    return np.ascontiguousarray(values, dtype=storage_dtype(element_type)).tobytes()
