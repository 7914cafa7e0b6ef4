"""The linalg dialect as boltc reads it: xDSL 0.74's linalg plus what torch-mlir emits that it
lacks. Only parsing, verification and the indexing maps matter here; the importer turns these
ops into bolt ops and the reference executor runs them.

Added: `linalg.batch_matmul`, `linalg.depthwise_conv_2d_nchw_chw`, `linalg.pooling_nchw_sum`.
(`linalg.generic`'s parenthesized result list is fixed in boltc/_xdsl_patches.py.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects import linalg as xdsl_linalg_dialect
from xdsl.dialects.linalg import ops as xdsl_linalg
from xdsl.dialects.builtin import ArrayAttr, AffineMapAttr
from xdsl.dialects.linalg.abstract_ops import ConvOperation, NamedOperation, PoolingOperation
from xdsl.ir import Dialect, Region, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.irdl import irdl_op_definition
from xdsl.dialects.linalg.attrs import IteratorTypeAttr


@irdl_op_definition
class BatchMatmulOp(NamedOperation):
    """C[b, i, j] += A[b, i, k] * B[b, k, j]."""

    name = "linalg.batch_matmul"
    PRINT_ATTRS_IN_FRONT: ClassVar[bool] = True

    @classmethod
    def get_hidden_region(cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]) -> Region:
        return xdsl_linalg.MatmulOp.get_hidden_region(inputs, outputs)

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
        from xdsl.builder import Builder
        from xdsl.dialects import arith

        arg_types = cls.body_arg_types((*inputs, *outputs))

        @Builder.implicit_region(arg_types)
        def hidden_region(args) -> None:
            xdsl_linalg.YieldOp(arith.AddfOp(args[0], args[2]))

        return hidden_region

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        return xdsl_linalg.PoolingNchwMaxOp.get_default_indexing_maps(self)  # same windows


_ADDED = (BatchMatmulOp, DepthwiseConv2DNchwChwOp, PoolingNchwSumOp)

Linalg = Dialect(
    "linalg",
    [*xdsl_linalg_dialect.Linalg.operations, *_ADDED],
    [*xdsl_linalg_dialect.Linalg.attributes],
)
