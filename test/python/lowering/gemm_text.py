"""bolt.gemm test programs as MLIR text, and parsing them (shared by the lowering tests)."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser

from boltc.dialects import bolt
from boltc.dialects.context import bolt_context


def tensor(shape: Sequence[int], element: str) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def gemm_text(
    m: int,
    n: int,
    k: int,
    *,
    body: Sequence[str] = (),
    result: str = "%acc",
    extras: Sequence[tuple[Sequence[int], str]] = (),
    dtype: str = "f16",
    out: str = "f16",
    transpose_b: bool = False,
    batch: int | None = None,
    batched_rhs: bool = True,
    kernel: str | None = None,
) -> str:
    """One function holding one bolt.gemm. In `body`, `{acc}` is the accumulator's type, `{f32}`
    the output shape in f32, `{x0}`.. the extras' types; extras are `%x0`.. in the block."""
    lead = (batch,) if batch else ()
    a = tensor((*lead, m, k), dtype)
    b_shape = (n, k) if transpose_b else (k, n)
    b = tensor((*(lead if batched_rhs else ()), *b_shape), dtype)
    d = tensor((*lead, m, n), out)
    acc = tensor((*lead, m, n), "f32")
    xs = [tensor(shape, el) for shape, el in extras]
    attrs = []
    if transpose_b:
        attrs.append("transpose_b")
    if kernel:
        attrs.append(f"kernel = {kernel}")
    attr_text = f" {{{', '.join(attrs)}}}" if attrs else ""
    extras_text = (
        f" extras({', '.join(f'%e{i}' for i in range(len(xs)))} : {', '.join(xs)})" if xs else ""
    )
    args = ", ".join([f"%a: {a}", f"%b: {b}", *(f"%e{i}: {t}" for i, t in enumerate(xs))])
    block_args = ", ".join([f"%acc: {acc}", *(f"%x{i}: {t}" for i, t in enumerate(xs))])
    fields = {"acc": acc, "f32": acc, **{f"x{i}": t for i, t in enumerate(xs)}}
    lines = [line.format(**fields) for line in body]
    result_type = acc
    for line in body:  # the yielded value's type: the last line that defines it
        if line.split("=")[0].strip() == result and "->" in line:
            result_type = line.rsplit("->", 1)[1].strip().format(**fields)
    return "\n".join([
        f"func.func @gemm({args}) -> {d} {{",
        f"  %d = bolt.gemm %a, %b{extras_text}{attr_text} : {a}, {b} -> {d} {{",
        f"  ^bb0({block_args}):",
        *(f"    {line}" for line in lines),
        f"    bolt.yield {result} : {result_type}",
        "  }",
        f"  func.return %d : {d}",
        "}",
    ])


def parse_gemm(text: str) -> bolt.GemmOp:
    module = Parser(bolt_context(), text).parse_module()
    module.verify()
    return next(op for op in module.walk() if isinstance(op, bolt.GemmOp))


def parse_module(text: str) -> ModuleOp:
    module = Parser(bolt_context(), text).parse_module()
    module.verify()
    return module


KERNEL_COOP_128 = '#bolt.kernel<"gemm_sm90", tile [128, 128, 64], cluster [2, 1, 1], stages 4, "cooperative">'


def bias_relu(m: int, n: int, k: int, **kwargs) -> str:
    """Linear + bias + ReLU: D = relu(A @ W^T + bias), W stored N x K (transpose_b)."""
    vec = tensor([n], "f32")
    return gemm_text(
        m, n, k, transpose_b=True, extras=[([n], "f16")], result="%r",
        body=[
            f"%b32 = bolt.ew.cast %x0 : {{x0}} -> {vec}",
            f"%s = bolt.ew.add %acc, %b32 : {{acc}}, {vec} -> {{acc}}",
            "%r = bolt.ew.relu %s : {acc} -> {acc}",
        ],
        **kwargs,
    )
