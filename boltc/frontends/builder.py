"""Building one bolt function op by op: what the graph importers (torch.export, ONNX) share.

The torch and ONNX front ends walk a graph of framework nodes and emit bolt ops for each; they
need the same small vocabulary: numpy constants as `bolt.constant`, numpy-style broadcasting
for elementwise ops, reshapes and transposes that vanish when they are identities, casts, and
a location on every op so that a later error names the node it came from. The linalg importer
(`frontends/mlir.py`) builds with the same class.

    b = GraphBuilder([TensorType(f32, [2, 3])], location=node_location("model.onnx", "x"))
    y = b.binary(bolt.AddOp, b.args[0], b.constant(np.ones(3, np.float32)))
    func_op = b.finish("main", [y])
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    BFloat16Type,
    FileLineColLoc,
    Float16Type,
    Float32Type,
    IntAttr,
    LocationAttr,
    ModuleOp,
    NameLoc,
    StringAttr,
    TensorType,
    UnknownLoc,
    bf16,
    f16,
    f32,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from boltc.dialects import bolt
from boltc.dialects.resources import element_bytes

FLOAT_ELEMENT_TYPES = (Float32Type, Float16Type, BFloat16Type)


def element_type_for(dtype: object) -> Attribute:
    """The bolt element type for a numpy dtype or a name ('float32', 'f16', 'bfloat16', ...)."""
    name = str(dtype).removeprefix("torch.")
    table = {
        "float32": f32, "f32": f32, "float": f32,
        "float16": f16, "f16": f16, "half": f16,
        "bfloat16": bf16, "bf16": bf16,
    }
    if name not in table:
        raise ValueError(f"no bolt element type for {dtype}")
    return table[name]


def file_location(file: str, line: int = 0, column: int = 0) -> LocationAttr:
    return FileLineColLoc(StringAttr(file), IntAttr(line), IntAttr(column))


def node_location(file: str, node: str, line: int | None = None, column: int = 0) -> LocationAttr:
    """A node of a graph file: `loc("node"(file:line:col))`; `op_location` reports both."""
    child = file_location(file, line or 0, column) if file else UnknownLoc()
    return NameLoc(StringAttr(node), child)


class GraphBuilder:
    """One func.func under construction: a block, the values so far, a current location."""

    def __init__(self, arg_types: Sequence[TensorType], location: LocationAttr | None = None):
        self.block = Block(arg_types=list(arg_types))
        self.location: LocationAttr = location or UnknownLoc()
        self._scalars: dict[tuple[float, str], SSAValue] = {}

    @property
    def args(self) -> tuple[SSAValue, ...]:
        return tuple(self.block.args)

    # ---- emitting -------------------------------------------------------------------

    def emit(self, op: Operation) -> Operation:
        """Append `op`, located at the node being translated."""
        op.location = self.location
        self.block.add_op(op)
        return op

    def value(self, op: Operation) -> SSAValue:
        return self.emit(op).results[0]

    def finish(self, name: str, outputs: Sequence[SSAValue], location: LocationAttr | None = None) -> func.FuncOp:
        """Return `outputs` and wrap the block as `func.func @name`."""
        ret = func.ReturnOp(*outputs)
        ret.location = location or self.location
        self.block.add_op(ret)
        arg_types = [a.type for a in self.block.args]
        fn = func.FuncOp(name, (arg_types, [v.type for v in outputs]), Region(self.block))
        fn.location = location or UnknownLoc()
        return fn

    # ---- constants ------------------------------------------------------------------

    def constant(self, array: np.ndarray, element_type: Attribute | None = None) -> SSAValue:
        """A bolt.constant holding `array` (converted to `element_type`, by default its own)."""
        array = np.asarray(array)
        if element_type is None:
            element_type = element_type_for(array.dtype if array.dtype != np.float64 else np.float32)
        ty = TensorType(element_type, array.shape)
        return self.value(bolt.dense_constant(ty, element_bytes(array, element_type)))

    def scalar(self, value: float, element_type: Attribute) -> SSAValue:
        """A rank-0 constant, one per (value, type) in the function."""
        key = (float(value), str(element_type))
        if key not in self._scalars:
            self._scalars[key] = self.constant(np.array(value, np.float32), element_type)
        return self._scalars[key]

    # ---- data movement ----------------------------------------------------------------

    def reshape(self, value: SSAValue, shape: Sequence[int]) -> SSAValue:
        if bolt.shape_of(value) == tuple(shape):
            return value
        return self.value(bolt.ReshapeOp(value, shape))

    def transpose(self, value: SSAValue, permutation: Sequence[int]) -> SSAValue:
        if list(permutation) == sorted(permutation):
            return value
        return self.value(bolt.TransposeOp(value, permutation))

    def cast(self, value: SSAValue, element_type: Attribute) -> SSAValue:
        ty = value.type
        assert isinstance(ty, TensorType)
        if ty.get_element_type() == element_type:
            return value
        return self.value(bolt.CastOp(value, TensorType(element_type, ty.get_shape())))

    def expand_to(self, value: SSAValue, shape: Sequence[int]) -> SSAValue:
        """Broadcast a numpy-broadcastable value to exactly `shape` (bolt.broadcast adds dims)."""
        current = bolt.shape_of(value)
        if current == tuple(shape):
            return value
        padded = (1,) * (len(shape) - len(current)) + current
        stretched = [d for d, (have, want) in enumerate(zip(padded, shape)) if have != want]
        kept = [s for d, s in enumerate(padded) if d not in stretched]
        squeezed = self.reshape(value, kept)
        ty = value.type
        assert isinstance(ty, TensorType)
        out = TensorType(ty.get_element_type(), shape)
        return self.value(bolt.BroadcastOp(squeezed, out, stretched))

    # ---- elementwise ----------------------------------------------------------------

    def binary(self, op: type[bolt.BinaryElementwiseOp], lhs: SSAValue, rhs: SSAValue) -> SSAValue:
        """`op` with numpy broadcasting; a lower-precision operand is cast to the other's type
        (torch's and ONNX's promotion between floats of one kind of model)."""
        if bolt.broadcast_shapes(bolt.shape_of(lhs), bolt.shape_of(rhs)) is None:
            raise ShapeMismatch(f"operands of shapes {list(bolt.shape_of(lhs))} and {list(bolt.shape_of(rhs))} "
                                "do not broadcast")
        lt, rt = element_of(lhs), element_of(rhs)
        if lt != rt:
            wider = promote(lt, rt)
            lhs, rhs = self.cast(lhs, wider), self.cast(rhs, wider)
        return self.value(op(lhs, rhs))

    def unary(self, op: type[bolt.UnaryElementwiseOp], x: SSAValue, **props: Attribute) -> SSAValue:
        return self.value(op(x, **props))


# The kernels index a tensor's elements with 32-bit offsets where CUTLASS does (its conv
# can_implement refuses 2 GB operands) and keep extents in `int`; a larger tensor is refused at
# import, where the message can name the node, not in a kernel or the reference interpreter.
MAX_TENSOR_ELEMENTS = 2**31 - 1


def oversize_problem(shape: Sequence[int]) -> str | None:
    """Why boltc cannot hold a tensor of `shape` (None: it can)."""
    elements = 1
    for d in shape:
        elements *= d
    if elements > MAX_TENSOR_ELEMENTS:
        return (f"a tensor of shape {list(shape)} ({elements} elements); boltc holds at most "
                f"{MAX_TENSOR_ELEMENTS} (2^31 - 1) elements in one tensor")
    return None


class ShapeMismatch(ValueError):
    """Operands a graph gives a node that the op cannot take (a malformed model: ONNX's shape
    inference does not check every operator's operands); the importer names the node."""


def element_of(value: SSAValue) -> Attribute:
    ty = value.type
    assert isinstance(ty, TensorType)
    return ty.get_element_type()


def promote(a: Attribute, b: Attribute) -> Attribute:
    """The type two float operands compute in: f32 if either is, else the first."""
    if isinstance(a, Float32Type) or isinstance(b, Float32Type):
        return f32
    return a


def module_of(*functions: func.FuncOp) -> ModuleOp:
    return ModuleOp(list(functions))
