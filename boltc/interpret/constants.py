"""Weights and scalars as numpy values: `dense<...>`, `dense_resource<...>` and scalar attrs.

Dense data is read with `np.frombuffer` on the attribute's bytes (STYLE.md: never
`get_values()`, a Python object per element). Resource blobs live in the builtin dialect's
blob storage as hex text; decoding is cached per key because a model's weights are read on
every run.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from xdsl.dialect_interfaces.op_asm import OpAsmDialectInterface
from xdsl.dialects.builtin import (
    BFloat16Type,
    Builtin,
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    ShapedType,
)
from xdsl.ir import Attribute

from boltc.diagnostics import BoltcError
from boltc.dialects.resources import ResourceError, blob_bytes
from boltc.interpret.element_types import numpy_dtype, round_to

# The blob's leading little-endian 32-bit word is its alignment, not data (MLIR's format).
_BLOB_ALIGNMENT_BYTES = 4

# (key, type) -> (the hex text decoded, the array). xDSL's parser renames a key that is already
# stored (`key_0`), so one key names one blob; holding the text too guards against a blob that
# is replaced in place.
_decoded_resources: dict[tuple[str, Attribute], tuple[str, np.ndarray]] = {}


def array_from_bytes(raw: bytes | memoryview, type_: ShapedType) -> np.ndarray:
    """A read-only array of `type_` from its raw little-endian element bytes."""
    element_type, shape = type_.get_element_type(), type_.get_shape()
    if isinstance(element_type, BFloat16Type):
        # bf16 is the upper half of a float32.
        values = (np.frombuffer(raw, "<u2").astype(np.uint32) << 16).view(np.float32)
    elif isinstance(element_type, IntegerType) and element_type.width.data == 1:
        values = np.frombuffer(raw, np.uint8) != 0  # i1 takes a byte per element
    else:
        dtype = numpy_dtype(element_type).newbyteorder("<")
        values = np.frombuffer(raw, dtype).astype(dtype.newbyteorder("="), copy=False)
    array = values.reshape(shape)
    array.flags.writeable = False  # shared between runs: no impl may write into a constant
    return array


def dense_array(attr: DenseIntOrFPElementsAttr) -> np.ndarray:
    assert isinstance(attr.type, ShapedType)
    return array_from_bytes(attr.data.data, attr.type)


def resource_array(attr: DenseResourceAttr) -> np.ndarray:
    key, type_ = attr.resource_handle.data, attr.type
    assert isinstance(type_, ShapedType)
    blobs = Builtin.get_interface(OpAsmDialectInterface)
    assert blobs is not None, "xDSL's builtin dialect keeps resource blobs"
    blob = blobs.lookup(key)
    if not blob:
        raise BoltcError(
            f"dense_resource<{key}> has no data in this process (its dialect_resources section "
            "was elided or never parsed)"
        )
    cached = _decoded_resources.get((key, type_))
    if cached is not None and cached[0] is blob:
        return cached[1]
    try:
        raw = blob_bytes(blob, key)  # "0x" + hex
    except ResourceError as e:  # a module built in Python (text read by boltc is checked)
        raise BoltcError(str(e)) from None
    array = array_from_bytes(memoryview(raw)[_BLOB_ALIGNMENT_BYTES:], type_)
    _decoded_resources[(key, type_)] = (blob, array)
    return array


def constant_value(attr: Attribute, type_: Attribute) -> Any:
    """The numpy value of a constant attribute: an array for tensors, a numpy scalar otherwise."""
    if isinstance(attr, DenseIntOrFPElementsAttr):
        return dense_array(attr)
    if isinstance(attr, DenseResourceAttr):
        return resource_array(attr)
    if isinstance(attr, FloatAttr):
        return round_to(type_, np.float64(attr.value.data))
    if isinstance(attr, IntegerAttr):
        dtype = numpy_dtype(type_)
        value = attr.value.data
        return np.bool_(value != 0) if dtype == np.bool_ else np.array(value).astype(dtype)[()]
    raise BoltcError(f"the reference interpreter cannot read constant {attr}")
