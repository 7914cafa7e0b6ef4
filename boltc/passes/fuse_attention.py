"""fuse-attention: gemm(Q, K^T) -> scale -> softmax -> gemm(P, V) becomes one `bolt.attention`.

What the importers emit for scaled-dot-product attention (torch's front end and torch-mlir's
linalg alike), after convert-precision:

    %s = bolt.gemm %q, %k {transpose_b}        : NxSqxD, NxSkxD -> NxSqxSk   (or %k^T as a
    %t = bolt.ew.mul %s', %scale               (a scalar; or in the gemm's epilogue)  transpose)
    %p = bolt.softmax %t axis <last>
    %o = bolt.gemm %p', %v                     : NxSqxSk, NxSkxDv -> NxSqxDv
->
    %o = bolt.attention %q, %k, %v scale ... layout bhsd -> bhsd

(primes: row-major reshapes that keep the key axis last, as `[B*H, S, S] <-> [B, H, S, S]`).
The scores and the probabilities never reach memory, and the copies around the chain go too
where the op can read and write through strided views instead:

- Q, K and V each `transpose [2, 0, 3, 1, 4]` of `slice` 0, 1 and 2 of one `[B, S, 3, H, D]`
  tensor (the QKV projection, reshaped): the op reads that tensor (`bs3hd`);
- Q, K and V each `transpose [0, 2, 1, 3]` of a `[B, S, H, D]` tensor: the op reads those (`bshd`);
- O's only use a `transpose [0, 2, 1, 3]` of `[B, H, Sq, Dv]` (back to heads interleaved, before
  the output projection): the op writes `[B, Sq, H, Dv]` (`-> bshd`). The kernels write
  interleaved heads only, so the input views are taken only together with this one.

Left alone (`attention_blocker` says why; `remarks=true` prints it): a chain whose scores or
probabilities have another use, a softmax over another axis, anything else between the
products (an additive mask, a cast, dropout), a GEMM with a non-trivial epilogue or extras,
and head sizes the fused kernels do not take (D or Dv above 128, or not a multiple of 4).
Runs before pad-alignment and fuse-epilogue, which would otherwise pad and fuse the chain's
pieces apart.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import Float32Type, ModuleOp, TensorType
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

from boltc.diagnostics import op_location, remark, remarks_wanted
from boltc.dialects import bolt
from boltc.dialects.bolt import AttentionLayout
from boltc.passes.patterns import scalar_value

MAX_HEAD_DIM = 128  # the fused kernels keep one query row's output in registers up to here
HEAD_DIM_MULTIPLE = 4  # their narrowest vector access (elements)

_HEADS_LAST = (0, 2, 1, 3)  # [B, H, S, D] <-> [B, S, H, D]
_UNPACK_QKV = (2, 0, 3, 1, 4)  # [B, S, 1, H, D] -> [1, B, H, S, D]


def head_dim_blocker(d: int, dv: int) -> str | None:
    """Why the fused kernels cannot take head sizes (D of Q/K, Dv of V), or None."""
    for name, size in (("D", d), ("Dv", dv)):
        if size > MAX_HEAD_DIM:
            return f"head size {name}={size} is above {MAX_HEAD_DIM}"
        if size % HEAD_DIM_MULTIPLE:
            return f"head size {name}={size} is not a multiple of {HEAD_DIM_MULTIPLE}"
    return None


def _strip_reshapes(value: SSAValue) -> tuple[SSAValue, list[SSAValue]]:
    """The value under a chain of reshapes, and the chain's values from it up to `value`."""
    chain = [value]
    while isinstance(value, OpResult) and isinstance(value.op, bolt.ReshapeOp):
        value = value.op.input
        chain.append(value)
    return value, chain[::-1]


def _only_feeds(chain: list[SSAValue]) -> bool:
    """Each value of a reshape chain is used once (by the next; the last by its consumer)."""
    return all(v.has_one_use() for v in chain)


def _scale_in_epilogue(gemm: bolt.GemmOp) -> float | None:
    """1.0 for a plain store; s for an epilogue `yield acc * s` (s a scalar constant); else None."""
    if gemm.extras:
        return None
    if gemm.is_plain_store():
        return 1.0
    block = gemm.epilogue.block
    ops = [op for op in block.ops if not isinstance(op, bolt.ConstantOp)]
    if len(ops) != 2 or not isinstance(ops[0], bolt.MulOp) or ops[1] is not block.last_op:
        return None
    mul = ops[0]
    if block.last_op.values[0] is not mul.output:
        return None
    for acc, other in ((mul.lhs, mul.rhs), (mul.rhs, mul.lhs)):
        if acc is block.args[0] and (s := scalar_value(other)) is not None:
            return s
    return None


def _widens(cast: bolt.CastOp) -> bool:
    """f16/bf16 -> f32: exact, so reading the narrow scores directly changes nothing."""
    return isinstance(cast.output.type.get_element_type(), Float32Type)


@dataclass(frozen=True)
class AttentionChain:
    qk: bolt.GemmOp
    pv: bolt.GemmOp
    q: SSAValue  # [N, Sq, D]
    k: SSAValue  # [N, Sk, D]
    v: SSAValue  # [N, Sk, Dv]
    scale: float


def match_chain(pv: bolt.GemmOp) -> AttentionChain | str:
    """The attention chain that ends in `pv`, or why there is none."""
    if pv.transpose_a is not None or pv.transpose_b is not None:
        return "the second product transposes an operand"
    if pv.extras or not pv.is_plain_store():
        return "the second product has an epilogue"
    probs, p_chain = _strip_reshapes(pv.lhs)
    if isinstance(probs.owner, bolt.CastOp):  # an f32 softmax island (convert-precision)
        if not _only_feeds(p_chain):
            return "the probabilities have another use"
        probs, p_chain = _strip_reshapes(probs.owner.input)
    softmax = probs.owner
    if not isinstance(softmax, bolt.SoftmaxOp):
        return "the second product's lhs is not a softmax"
    if softmax.axis.value.data != len(bolt.shape_of(softmax.input)) - 1:
        return "the softmax is not over the last axis"
    if not _only_feeds(p_chain):
        return "the probabilities have another use"
    scores, s_chain = _strip_reshapes(softmax.input)
    if isinstance(scores.owner, bolt.CastOp) and _widens(scores.owner):
        if not _only_feeds(s_chain):
            return "the scores have another use"
        scores, s_chain = _strip_reshapes(scores.owner.input)
    scale = 1.0
    if isinstance(scores.owner, bolt.MulOp):
        mul = scores.owner
        if not _only_feeds(s_chain):
            return "the scaled scores have another use"
        for other, factor in ((mul.lhs, mul.rhs), (mul.rhs, mul.lhs)):
            if (s := scalar_value(factor)) is not None:
                scale = s
                scores, s_chain = _strip_reshapes(other)
                break
        else:
            return "the scores are multiplied by a tensor, not a scalar"
    qk = scores.owner
    if not isinstance(qk, bolt.GemmOp):
        return "the softmax does not read a product (a mask or another op is in between)"
    if not _only_feeds(s_chain):
        return "the scores have another use"
    if qk.transpose_a is not None:
        return "the first product transposes Q"
    in_epilogue = _scale_in_epilogue(qk)
    if in_epilogue is None:
        return "the first product's epilogue is not a scalar scale"
    scale *= in_epilogue
    q, k = qk.lhs, qk.rhs
    if qk.transpose_b is None:
        kt = k.owner
        rank = len(bolt.shape_of(k))
        swap = (*range(rank - 2), rank - 1, rank - 2)
        if not isinstance(kt, bolt.TransposeOp) or bolt.int_list(kt.permutation) != swap:
            return "K^T is not a transpose of K"
        k = kt.input
    v = pv.rhs
    shapes = [bolt.shape_of(x) for x in (q, k, v)]
    if any(len(s) < 3 for s in shapes) or not shapes[0][:-2] == shapes[1][:-2] == shapes[2][:-2]:
        return "Q, K and V are not batched alike"
    if bolt.shape_of(pv.lhs) != bolt.shape_of(qk.result) or bolt.shape_of(softmax.input)[-1] != shapes[1][-2]:
        return "the reshapes between the products move the key axis"
    if (blocker := head_dim_blocker(shapes[0][-1], shapes[2][-1])) is not None:
        return blocker
    element = lambda x: x.type.get_element_type()  # noqa: E731
    if not element(q) == element(k) == element(v) == element(pv.result):
        return "the operands do not share an element type"
    return AttentionChain(qk, pv, q, k, v, scale)


@dataclass(frozen=True)
class HeadView:
    """A [N, S, D] operand read in place from `source`: bshd [B, S, H, D], or bs3hd slot."""

    layout: AttentionLayout
    source: SSAValue
    slot: int  # the QKV slot for bs3hd (0 q, 1 k, 2 v); 0 for bshd
    batch: tuple[int, int]  # (B, H)


def head_view(value: SSAValue) -> HeadView | None:
    root, _ = _strip_reshapes(value)
    t = root.owner
    if not isinstance(t, bolt.TransposeOp) or bolt.shape_of(root)[-2:] != bolt.shape_of(value)[-2:]:
        return None
    perm = tuple(bolt.int_list(t.permutation))
    src = t.input
    if perm == _HEADS_LAST:
        b, _, h, _ = bolt.shape_of(src)
        return HeadView(AttentionLayout.BSHD, src, 0, (b, h))
    sl = src.owner
    if perm == _UNPACK_QKV and isinstance(sl, bolt.SliceOp):
        packed = bolt.shape_of(sl.input)
        offsets, strides = bolt.int_list(sl.offsets), bolt.int_list(sl.strides)
        if packed[2] == 3 and offsets[:2] + offsets[3:] == (0, 0, 0, 0) and set(strides) == {1}:
            return HeadView(AttentionLayout.BS3HD, sl.input, offsets[2], (packed[0], packed[3]))
    return None


def _output_transpose(pv: bolt.GemmOp) -> bolt.TransposeOp | None:
    """The `transpose [0, 2, 1, 3]` of [B, H, Sq, Dv] that is O's only use, through reshapes."""
    value: SSAValue = pv.result
    while value.has_one_use() and isinstance(user := value.get_user_of_unique_use(), bolt.ReshapeOp):
        value = user.result
    if not value.has_one_use():
        return None
    user = value.get_user_of_unique_use()
    if isinstance(user, bolt.TransposeOp) and tuple(bolt.int_list(user.permutation)) == _HEADS_LAST:
        return user
    return None


class FuseAttentionChain(RewritePattern):
    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: bolt.GemmOp, rewriter: PatternRewriter, /) -> None:
        chain = match_chain(op)
        if isinstance(chain, str):
            return  # reported after the walk, with remarks=true
        q, k, v = chain.q, chain.k, chain.v
        sq, dv = bolt.shape_of(q)[-2], bolt.shape_of(v)[-1]
        element = op.result.type.get_element_type()
        new: list[Operation] = []
        out_t = _output_transpose(op)
        if out_t is None:
            layout, out_layout = AttentionLayout.BHSD, AttentionLayout.BHSD
            operands = [q, k, v]
            result_type = op.result.type
        else:
            b, h = bolt.shape_of(out_t.input)[:2]
            views = [head_view(x) for x in (q, k, v)]
            layouts = {x.layout if x else None for x in views}
            same = all(x and x.batch == (b, h) for x in views)
            if same and layouts == {AttentionLayout.BS3HD} and [x.slot for x in views] == [0, 1, 2]:
                layout, operands = AttentionLayout.BS3HD, [x.source for x in views]
            elif same and layouts == {AttentionLayout.BSHD}:
                layout, operands = AttentionLayout.BSHD, [x.source for x in views]
            else:  # [B*H, S, D] views as [B, H, S, D]
                layout = AttentionLayout.BHSD
                new = [bolt.ReshapeOp(x, (b, h, *bolt.shape_of(x)[-2:])) for x in (q, k, v)]
                operands = [r.result for r in new]
            out_layout = AttentionLayout.BSHD
            result_type = TensorType(element, (b, sq, h, dv))
        attention = bolt.AttentionOp(*operands, result_type, scale=chain.scale, input_layout=layout,
                                     output_layout=out_layout)
        for o in (*new, attention):
            o.location = op.location
        dead = [out_t.input] if out_t else list(op.operands)
        if out_t is None:
            rewriter.replace(op, [*new, attention])
        else:  # O is written where the transpose wrote
            rewriter.replace(out_t, [*new, attention], [attention.result])
        _erase_dead(rewriter, dead)


def _erase_dead(rewriter: PatternRewriter, values: list[SSAValue]) -> None:
    """Erase the ops left without uses behind `values` (the products, softmax, copies)."""
    while values:
        value = values.pop()
        owner = value.owner
        if isinstance(owner, Operation) and owner.parent is not None and all(not r.uses for r in owner.results):
            values.extend(owner.operands)
            rewriter.erase(owner)


def attention_remarks(module: ModuleOp, default_file: str = "<input>") -> list[str]:
    """One line per softmax-between-products left unfused, saying why."""
    lines = []
    for op in module.walk():
        if isinstance(op, bolt.GemmOp) and isinstance(_strip_reshapes(op.lhs)[0].owner, bolt.SoftmaxOp):
            why = match_chain(op)
            if isinstance(why, str):
                lines.append(f"{op_location(op, default_file)}: attention not fused: {why}")
    return lines


@dataclass(frozen=True)
class FuseAttentionPass(ModulePass):
    """Fuse attention chains into bolt.attention (module docstring)."""

    name = "fuse-attention"
    remarks: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        PatternRewriteWalker(FuseAttentionChain()).rewrite_module(op)
        if remarks_wanted(self.remarks):
            for line in attention_remarks(op):
                remark(self.name, line, self.remarks)
