"""The linalg dialect as boltc reads it: xDSL 0.74's linalg plus what torch-mlir emits that it
lacks. Only parsing, verification and the indexing maps matter here; the importer turns these
ops into bolt ops and the reference executor runs them.

Added: `linalg.batch_matmul`, `linalg.depthwise_conv_2d_nchw_chw`, `linalg.pooling_nchw_sum`.
(`linalg.generic`'s parenthesized result list is fixed in boltc/_xdsl_patches.py.)

Mixed element types. MLIR's named ops convert every input element to the output's element type
before they combine (`cast_signed` in the op definitions): a half-precision torch-mlir export
writes `linalg.matmul ins(f16, f16) outs(f32)` and convolutions of f16 into an f32 bias. xDSL
0.74 builds these bodies with one element type (a matmul's `arith.addf` of an f16 product and an
f32 accumulator does not verify; a convolution asserts its operands are integers).
`structured_body` builds them the MLIR way, with the conversion spelled out; boltc/_xdsl_patches.py
installs it on xDSL's matmul, convolution and max-pooling ops, and the ops below use it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from xdsl.dialects import linalg as xdsl_linalg_dialect
from xdsl.dialects.linalg import ops as xdsl_linalg
from xdsl.dialects import arith
from xdsl.dialects.builtin import AnyFloat, ArrayAttr, AffineMapAttr, IntegerType, MemRefType, TensorType
from xdsl.dialects.linalg.abstract_ops import ConvOperation, NamedOperation, PoolingOperation
from xdsl.ir import Attribute, Block, Dialect, Operation, Region, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.irdl import irdl_op_definition
from xdsl.dialects.linalg.attrs import IteratorTypeAttr


class UnsupportedElementMix(Exception):
    """A named op whose input elements MLIR's `cast_signed` cannot convert to its output's
    (f16 <-> bf16: neither is wider). Not a ValueError: xDSL's named-op parser turns those
    into a bare "Could not build linalg op"; boltc's parser reports this message at the op."""


def _element_type(value: SSAValue) -> Attribute:
    ty = value.type
    return ty.get_element_type() if isinstance(ty, TensorType | MemRefType) else ty


def cast_signed(block: Block, value: SSAValue, target: Attribute) -> SSAValue:
    """`value` converted to `target` as linalg's cast_signed does (arith.extf/truncf,
    extsi/trunci, sitofp/fptosi), the conversion op appended to `block`."""
    source = value.type
    if source == target:
        return value
    cast: Operation
    if isinstance(source, AnyFloat) and isinstance(target, AnyFloat):
        if source.bitwidth == target.bitwidth:
            raise UnsupportedElementMix(
                f"cannot convert {source} to {target} (same width, neither is wider)"
            )
        cast = (arith.ExtFOp if source.bitwidth < target.bitwidth else arith.TruncFOp)(value, target)
    elif isinstance(source, IntegerType) and isinstance(target, IntegerType):
        cast = (arith.ExtSIOp if source.width.data < target.width.data else arith.TruncIOp)(value, target)
    elif isinstance(source, IntegerType) and isinstance(target, AnyFloat):
        cast = arith.SIToFPOp(value, target)
    elif isinstance(source, AnyFloat) and isinstance(target, IntegerType):
        cast = arith.FPToSIOp(value, target)
    else:
        raise UnsupportedElementMix(f"cannot convert {source} to {target}")
    block.add_op(cast)
    return cast.results[0]


Combine = Callable[[Block, Sequence[SSAValue], SSAValue], Operation]
"""Appends the op combining the converted inputs with the accumulator; returns it."""


def structured_body(inputs: Sequence[SSAValue], outputs: Sequence[SSAValue], combine: Combine) -> Region:
    """The body of a one-output named op: each input element converted to the output's element
    type, then `combine`d with the accumulator and yielded."""
    types = [_element_type(v) for v in (*inputs, *outputs)]
    block = Block(arg_types=types)
    *ins, acc = block.args
    target = types[-1]
    converted = [cast_signed(block, arg, target) for arg in ins]
    combined = combine(block, converted, acc)
    block.add_op(xdsl_linalg.YieldOp(combined.results[0]))
    return Region(block)


def multiply_accumulate(block: Block, ins: Sequence[SSAValue], acc: SSAValue) -> Operation:
    """acc + a * b: matmuls and convolutions."""
    is_float = isinstance(acc.type, AnyFloat)
    mul = (arith.MulfOp if is_float else arith.MuliOp)(ins[0], ins[1])
    block.add_op(mul)
    add = (arith.AddfOp if is_float else arith.AddiOp)(mul.results[0], acc)
    block.add_op(add)
    return add


def max_accumulate(block: Block, ins: Sequence[SSAValue], acc: SSAValue) -> Operation:
    """max(acc, x): max pooling (the second input only gives the window's shape)."""
    op = (arith.MaximumfOp if isinstance(acc.type, AnyFloat) else arith.MaxSIOp)(acc, ins[0])
    block.add_op(op)
    return op


def sum_accumulate(block: Block, ins: Sequence[SSAValue], acc: SSAValue) -> Operation:
    """acc + x: sum pooling."""
    op = (arith.AddfOp if isinstance(acc.type, AnyFloat) else arith.AddiOp)(acc, ins[0])
    block.add_op(op)
    return op


@irdl_op_definition
class BatchMatmulOp(NamedOperation):
    """C[b, i, j] += A[b, i, k] * B[b, k, j]."""

    name = "linalg.batch_matmul"
    PRINT_ATTRS_IN_FRONT: ClassVar[bool] = True

    @classmethod
    def get_hidden_region(cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]) -> Region:
        return structured_body(inputs, outputs, multiply_accumulate)

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        b, i, j, k = (AffineDimExpr(d) for d in range(4))
        return (AffineMap(4, 0, (b, i, k)), AffineMap(4, 0, (b, k, j)), AffineMap(4, 0, (b, i, j)))

    def get_indexing_maps(self) -> ArrayAttr[AffineMapAttr]:
        return ArrayAttr(AffineMapAttr(m) for m in self.get_default_indexing_maps())

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        return ArrayAttr((IteratorTypeAttr.parallel(),) * 3 + (IteratorTypeAttr.reduction(),))


@irdl_op_definition
class DepthwiseConv2DNchwChwOp(ConvOperation):
    """O[n, c, oh, ow] += I[n, c, oh*sh + kh*dh, ow*sw + kw*dw] * K[c, kh, kw]."""

    name = "linalg.depthwise_conv_2d_nchw_chw"

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        n, c, oh, ow, kh, kw = (AffineDimExpr(d) for d in range(6))
        sh, sw = self.strides.get_values()
        dh, dw = self.dilations.get_values()
        return (
            AffineMap(6, 0, (n, c, oh * sh + kh * dh, ow * sw + kw * dw)),
            AffineMap(6, 0, (c, kh, kw)),
            AffineMap(6, 0, (n, c, oh, ow)),
        )

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        return ArrayAttr((IteratorTypeAttr.parallel(),) * 4 + (IteratorTypeAttr.reduction(),) * 2)


@irdl_op_definition
class PoolingNchwSumOp(PoolingOperation):
    """O[n, c, oh, ow] += I[n, c, oh*sh + kh*dh, ow*sw + kw*dw]; the window operand only
    carries the window's shape (torch-mlir divides by the window size afterwards)."""

    name = "linalg.pooling_nchw_sum"

    @classmethod
    def get_hidden_region(cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]) -> Region:
        return structured_body(inputs, outputs, sum_accumulate)

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        return xdsl_linalg.PoolingNchwMaxOp.get_default_indexing_maps(self)  # same windows


_ADDED = (BatchMatmulOp, DepthwiseConv2DNchwChwOp, PoolingNchwSumOp)

Linalg = Dialect(
    "linalg",
    [*xdsl_linalg_dialect.Linalg.operations, *_ADDED],
    [*xdsl_linalg_dialect.Linalg.attributes],
)
