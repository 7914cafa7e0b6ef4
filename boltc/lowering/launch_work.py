"""The FLOPs and compulsory bytes of one launch, from the ops it covers (the manifest's `work`).

    step_work([gemm, *its_epilogue_ops])     # Work(flops, bytes_read, bytes_written, math)

host.py calls this for every launch with the ops the launch computes (`covered_ops`): an
anchor with its epilogue region (or a b2b's body), an elementwise tree, a transpose+pad with
its cast, a runtime kernel's one op. The numbers' definitions are boltc/analysis/roofline.py's:
- bytes read: each distinct tensor the step's ops take from outside the step, once (through
  reshapes, which are views), so a bias row counts its own bytes, not the broadcast's; a
  one-element constant is an immediate in every kernel and counts nothing;
- bytes written: each result of the step that something outside it uses, or the model returns;
- FLOPs: the ops' own (roofline.py's per-op rules), epilogue ops at the accumulator's shape.
All on the shapes the kernels compute: after pad-alignment, a padded channel counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

from xdsl.ir import Operation, OpResult, SSAValue

from boltc.analysis.roofline import (
    LAYERNORM_FLOPS_PER_ELEMENT,
    SOFTMAX_FLOPS_PER_ELEMENT,
    Math,
    Work,
    attention_flops,
    conv2d_flops,
    gemm_flops,
    pool2d_flops,
)
from boltc.dialects import bolt
from boltc.lowering.runtime_abi import DType

# Data movement: no arithmetic. (Reshapes are views and never a step of their own.)
_MOVES_ONLY = (bolt.TransposeOp, bolt.PadOp, bolt.SliceOp, bolt.BroadcastOp, bolt.ConcatOp, bolt.CastOp,
               bolt.ReshapeOp, bolt.YieldOp, bolt.ConstantOp)


def _shape(value: SSAValue) -> tuple[int, ...]:
    return tuple(value.type.get_shape())  # type: ignore[attr-defined]


def _bytes(value: SSAValue) -> int:
    return prod(_shape(value)) * DType.of_tensor(value.type).bytes


def _root(value: SSAValue) -> SSAValue:
    while isinstance(value, OpResult) and isinstance(value.op, bolt.ReshapeOp):
        value = value.op.input
    return value


def op_flops(op: Operation) -> int:
    """The arithmetic of one op, by its kind (the rules of boltc/analysis/roofline.py)."""
    if isinstance(op, bolt.GemmOp):
        lhs, out = _shape(op.lhs), _shape(op.result)
        k = lhs[-2] if op.transpose_a is not None else lhs[-1]
        return gemm_flops(out[-2], out[-1], k, prod(out[:-2]))
    if isinstance(op, bolt.Conv2dOp):
        out, filt = _shape(op.result), _shape(op.filter)
        if op.layout.data == bolt.Layout.NHWC:  # N P Q F, filter F R S C/g
            (n, p, q, f), (r, s, c) = out, filt[1:]
        else:  # N F P Q, filter F C/g R S
            (n, f, p, q), (c, r, s) = out, filt[1:]
        return conv2d_flops(n, p, q, f, r, s, c)
    if isinstance(op, bolt.AttentionOp):
        batch, sq, sk, d, dv = op.problem()
        return attention_flops(prod(batch), sq, sk, d, dv)
    if isinstance(op, bolt.Pool2dOp):
        window = bolt.int_list(op.window)
        return pool2d_flops(_shape(op.result), (window[0], window[1]))
    if isinstance(op, bolt.ReduceOp):
        return prod(_shape(op.input))
    if isinstance(op, bolt.SoftmaxOp):
        return SOFTMAX_FLOPS_PER_ELEMENT * prod(_shape(op.result))
    if isinstance(op, bolt.LayerNormOp):
        return LAYERNORM_FLOPS_PER_ELEMENT * prod(_shape(op.result))
    if isinstance(op, _MOVES_ONLY) or isinstance(op, (bolt.B2bOp, bolt.ConvPoolOp)):
        return 0  # a fused op's arithmetic is its body's ops', counted as ops of the step
    if isinstance(op, bolt.ELEMENTWISE_OPS):
        return prod(_shape(op.results[0]))
    raise ValueError(f"no FLOP rule for {op.name}")


def uses_tensor_cores(op: Operation) -> bool:
    """GEMMs, attention and ungrouped convolutions run on the tensor cores; grouped and
    depthwise convolutions too where conv_group_sm80 takes them by default, else they are
    conv_direct's CUDA-core loops (docs/design.md)."""
    if isinstance(op, bolt.Conv2dOp):
        if op.groups.value.data == 1:
            return True
        from boltc.lowering.cutlass.conv_group_sm80 import FAMILY, choose_for_op

        return choose_for_op(op).family == FAMILY
    return isinstance(op, (bolt.GemmOp, bolt.B2bOp, bolt.ConvPoolOp, bolt.AttentionOp))


def step_work(ops: Sequence[Operation]) -> Work:
    """The work of one launch computing `ops` (host.py's covered ops of the step)."""
    covered = set(ops)
    top = [op for op in ops if op.parent_op() not in covered]  # not inside a covered op's region
    read: dict[SSAValue, int] = {}
    written = 0
    for op in top:
        for operand in op.operands:
            producer = operand.owner if isinstance(operand, OpResult) else None
            if producer in covered:
                continue
            base = _root(operand)
            if isinstance(base, OpResult) and isinstance(base.op, bolt.ConstantOp) and prod(_shape(base)) == 1:
                continue  # an immediate
            # A slice reads the elements it keeps (its result's), not its whole input.
            read.setdefault(base, _bytes(op.results[0]) if isinstance(op, bolt.SliceOp) else _bytes(base))
        for result in op.results:
            if any(use.operation not in covered for use in result.uses):
                written += _bytes(result)
    math = Math.TENSOR if any(uses_tensor_cores(op) for op in ops) else Math.CUDA
    return Work(sum(op_flops(op) for op in ops), sum(read.values()), written, math)


def copy_work(size: int) -> Work:
    """A device copy of `size` bytes (an output that is an input, a weight or a second copy)."""
    return Work(0, size, size, Math.CUDA)
