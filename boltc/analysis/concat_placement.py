"""Which inputs of a concatenation can be written in place: their producers store straight into
the concatenation's buffer, rows `pitch` elements apart, and no copy moves them there.

A `bolt.concat` along the innermost dimension interleaves its inputs' rows: row r of the
result is row r of each input side by side. Copying them costs a read and a write of every
input (ResNet-50's layer 1 K-concatenation: two `rt::copy_rows` of 12.8 MB each, 19 us at
batch 32, merge-residual-gemms). An input can instead be *placed*: its bytes are the
result's columns [column, column + c) of every row, so its producer writes rows `pitch`
(the result's row length) apart and its readers read them so. That holds when:

- the input is, through reshapes that keep its innermost dimension (views that only merge
  outer ones), the whole result of one op of the function, which is not returned (a returned
  value lives in the caller's buffer) and is placed in no other concatenation;
- that op can write pitched rows: a windowed `bolt.pool2d` in NHWC (the runtime's pool kernel
  takes an output pitch), a `bolt.conv2d` chosen for conv_sm90 or conv_sm80 (their entry
  points take the output's row pitch, `ldd`), a 2-D `bolt.gemm` chosen for gemm_sm90 or
  gemm_sm80 (`ldd`), a `bolt.conv_pool` (its kernel stores pooled pixels `ldd` apart);
- every other reader reads pitched rows: the lhs of a 2-D, not transposed `bolt.gemm` chosen
  for gemm_sm90 or gemm_sm80 (`lda`); it is read by this concatenation once;
- the bytes line up for 16-byte vectors and TMA: the column offset, the input's row and the
  pitch are multiples of 16 bytes.

plan-memory (passes/plan_memory.py) applies the placements: the concatenation's buffer lives
from the first placed producer to its last reader (of it or of a placed input), the placed
values get offsets inside it and `bolt.row_pitch` on their producer, and the concatenation
`bolt.in_place`, one flag per input; host lowering copies only the inputs not placed. This
module only decides, from the IR as select-kernels left it.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod

from xdsl.dialects.builtin import ArrayAttr, BoolAttr, IntegerAttr, TensorType
from xdsl.ir import Operation, OpResult, SSAValue

from boltc.dialects import bolt

ROW_PITCH = "bolt.row_pitch"  # on a producer: elements between its result's consecutive rows
IN_PLACE = "bolt.in_place"  # on a bolt.concat: per input, whether its producer wrote it in place

VECTOR_BYTES = 16
PITCHED_GEMM_FAMILIES = frozenset({"gemm_sm90", "gemm_sm80"})
PITCHED_CONV_FAMILIES = frozenset({"conv_sm90", "conv_sm80"})
_ELEMENT_BYTES = {"f32": 4, "f16": 2, "bf16": 2}


@dataclass(frozen=True)
class Placement:
    """A concatenation and, per input, the value its producer writes in place (None: copied)."""

    concat: bolt.ConcatOp
    placed: tuple[SSAValue | None, ...]
    columns: tuple[int, ...]  # each input's first column in the result's rows (elements)
    pitch: int  # the result's row length (elements)
    element_bytes: int

    def byte_offset(self, index: int) -> int:
        return self.columns[index] * self.element_bytes


def view_root(value: SSAValue) -> SSAValue:
    """The value whose bytes `value` is a view of (through reshapes)."""
    while isinstance(value, OpResult) and isinstance(value.op, bolt.ReshapeOp):
        value = value.op.input
    return value


def row_pitch(value: SSAValue) -> int | None:
    """The row pitch (elements) plan-memory gave `value`'s bytes, or None where its rows are
    packed. Read by the lowering of every op that writes or reads a placed value."""
    base = view_root(value)
    if not isinstance(base, OpResult):
        return None
    attr = base.op.attributes.get(ROW_PITCH)
    return attr.value.data if isinstance(attr, IntegerAttr) else None


def in_place_flags(concat: bolt.ConcatOp) -> tuple[bool, ...]:
    """Per input, whether plan-memory placed it (bolt.in_place); all False without it."""
    attr = concat.attributes.get(IN_PLACE)
    if not isinstance(attr, ArrayAttr):
        return (False,) * len(concat.inputs)
    return tuple(bool(flag.value.data) for flag in attr.data)  # type: ignore[attr-defined]


def in_place_attr(flags: tuple[bool, ...]) -> ArrayAttr:
    return ArrayAttr([BoolAttr.from_bool(flag) for flag in flags])


def _shape(value: SSAValue) -> tuple[int, ...]:
    assert isinstance(value.type, TensorType)
    return tuple(value.type.get_shape())


def _element_bytes(value: SSAValue) -> int:
    assert isinstance(value.type, TensorType)
    return _ELEMENT_BYTES[bolt.element_type_name(value.type.get_element_type())]


def _family(op: Operation) -> str | None:
    kernel = getattr(op, "kernel", None)
    return None if kernel is None else kernel.family.data


def producer_blocker(op: Operation) -> str | None:
    """Why `op` cannot write its result with a row pitch; None if it can."""
    if isinstance(op, bolt.Pool2dOp):
        if op.layout.data != bolt.Layout.NHWC:
            return "an NCHW pool2d has no row pitch"
        _, h, w, _ = _shape(op.input)
        _, p, q, _ = _shape(op.result)
        if bolt.int_list(op.window) == [h, w] and (p, q) == (1, 1):
            return "a global pool2d writes packed rows"  # the runtime's global pools take no pitch
        return None
    if isinstance(op, bolt.ConvPoolOp):
        return None  # NHWC by its verifier; conv_pool.py's entry point takes `ldd`
    if isinstance(op, bolt.Conv2dOp):
        if _family(op) in PITCHED_CONV_FAMILIES and op.layout.data == bolt.Layout.NHWC:
            return None
        return f"its conv2d runs on {_family(op) or 'no chosen kernel'}, which writes packed rows"
    if isinstance(op, bolt.GemmOp):
        if _family(op) in PITCHED_GEMM_FAMILIES and len(_shape(op.result)) == 2:
            return None
        return f"its gemm runs on {_family(op) or 'no chosen kernel'} or is batched"
    return f"{op.name} writes packed rows"


def reader_blocker(op: Operation, operand: int) -> str | None:
    """Why `op` cannot read its operand `operand` with a row pitch; None if it can."""
    if (
        isinstance(op, bolt.GemmOp)
        and operand == 0
        and op.transpose_a is None
        and len(_shape(op.lhs)) == 2
        and _family(op) in PITCHED_GEMM_FAMILIES
    ):
        return None
    return f"{op.name} reads it as operand {operand}, packed"


def _readers(value: SSAValue, width: int) -> tuple[list[tuple[Operation, int]], str | None]:
    """The (op, operand index) pairs reading `value`'s bytes, through reshapes that keep its
    innermost dimension (`width`); or a reason where a reshape regroups its rows."""
    readers: list[tuple[Operation, int]] = []
    for use in value.uses:
        op = use.operation
        if isinstance(op, bolt.ReshapeOp):
            if _shape(op.result)[-1:] != (width,):
                return readers, "a reshape regroups its rows"
            inner, reason = _readers(op.result, width)
            if reason:
                return readers, reason
            readers += inner
        else:
            readers.append((op, use.index))
    return readers, None


def input_blocker(concat: bolt.ConcatOp, index: int, returned: set[SSAValue],
                  taken: set[SSAValue]) -> tuple[SSAValue | None, str | None]:
    """The value that input `index` of `concat` is a view of, if it can be placed; else None
    and why not."""
    value = concat.inputs[index]
    base = view_root(value)
    width = _shape(value)[-1]
    if not isinstance(base, OpResult) or isinstance(base.op, bolt.ConstantOp):
        return None, "it is a model input or a weight"
    if base.op.parent_block() is not concat.parent_block():
        return None, "it is computed in another region"
    if base in returned:
        return None, "it is a model output"
    if base in taken:
        return None, "it is placed in another concatenation"
    if _shape(base)[-1:] != (width,) or prod(_shape(base)) != prod(_shape(value)):
        return None, "it is a reshape that regroups its producer's rows"
    reason = producer_blocker(base.op)
    if reason:
        return None, reason
    readers, reason = _readers(base, width)
    if reason:
        return None, reason
    mine = [(op, i) for op, i in readers if op is concat]
    if len(mine) != 1:
        return None, "the concatenation reads it more than once"
    for op, i in readers:
        if op is not concat:
            reason = reader_blocker(op, i)
            if reason:
                return None, reason
    return base, None


def plan_placements(block_ops: list[Operation], returned: set[SSAValue]) -> tuple[list[Placement], list[tuple[bolt.ConcatOp, int, str]]]:
    """Every concatenation along the innermost dimension with at least one input that can be
    placed, in program order; and the (concat, input, reason) of each input that cannot."""
    placements: list[Placement] = []
    refused: list[tuple[bolt.ConcatOp, int, str]] = []
    taken: set[SSAValue] = set()
    for op in block_ops:
        if not isinstance(op, bolt.ConcatOp):
            continue
        shape = _shape(op.result)
        if op.dim.value.data != len(shape) - 1 or view_root(op.result) is not op.result or op.result in returned:
            continue
        element = _element_bytes(op.result)
        pitch = shape[-1]
        columns, at = [], 0
        for value in op.inputs:
            columns.append(at)
            at += _shape(value)[-1]
        placed: list[SSAValue | None] = []
        for i, value in enumerate(op.inputs):
            width = _shape(value)[-1]
            if any((x * element) % VECTOR_BYTES for x in (columns[i], width, pitch)):
                base, reason = None, f"its columns are not 16-byte aligned ({columns[i]} + {width} of {pitch})"
            else:
                base, reason = input_blocker(op, i, returned, taken)
            if base is not None and base in placed:
                base, reason = None, "the concatenation reads it more than once"
            placed.append(base)
            if reason:
                refused.append((op, i, reason))
        if any(p is not None for p in placed):
            taken.update(p for p in placed if p is not None)
            placements.append(Placement(op, tuple(placed), tuple(columns), pitch, element))
    return placements, refused
