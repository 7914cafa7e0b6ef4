"""bolt.conv2d test programs (NHWC, as the pipeline leaves them) as MLIR text, and parsing them."""

from __future__ import annotations

from collections.abc import Sequence

from boltc.dialects import bolt
from boltc.dialects.context import bolt_context
from xdsl.parser import Parser


def tensor(shape: Sequence[int], element: str) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def output_hw(h: int, w: int, r: int, s: int, stride: Sequence[int], padding: Sequence[int],
              dilation: Sequence[int]) -> tuple[int, int]:
    return bolt.conv2d_output_hw((h, w), (r, s), stride, padding, dilation)


EPILOGUES = ("plain", "bias_relu", "bias_residual_relu")


def conv_text(
    n: int, h: int, w: int, c: int, f: int, r: int, s: int,
    *,
    stride: Sequence[int] = (1, 1),
    padding: Sequence[int] = (0, 0, 0, 0),
    dilation: Sequence[int] = (1, 1),
    epilogue: str = "bias_relu",
    dtype: str = "f16",
    out: str = "f16",
    groups: int = 1,
    kernel: str | None = None,
    layout: str = "nhwc",
) -> str:
    """One function @main(%x, %w, extras...) holding one bolt.conv2d whose epilogue is
    `epilogue`: "plain" (a store), "bias_relu" (relu(acc + bias[F])) or "bias_residual_relu"
    (relu(acc + bias[F] + residual[N, P, Q, F]))."""
    assert epilogue in EPILOGUES
    p, q = output_hw(h, w, r, s, stride, padding, dilation)
    if layout == "nhwc":
        x_shape, w_shape, y_shape = (n, h, w, c), (f, r, s, c // groups), (n, p, q, f)
    else:
        x_shape, w_shape, y_shape = (n, c, h, w), (f, c // groups, r, s), (n, f, p, q)
    x, wt, y, acc = tensor(x_shape, dtype), tensor(w_shape, dtype), tensor(y_shape, out), tensor(y_shape, "f32")
    extras: list[str] = []
    if epilogue != "plain":
        extras.append(tensor([f], dtype))
    if epilogue == "bias_residual_relu":
        extras.append(tensor(y_shape, dtype))
    vec32 = tensor([f], "f32")
    body: list[str] = []
    result = "%acc"
    if epilogue != "plain":
        body += [
            f"%b32 = bolt.ew.cast %x0 : {extras[0]} -> {vec32}",
            f"%sum = bolt.ew.add %acc, %b32 : {acc}, {vec32} -> {acc}",
        ]
        result = "%sum"
    if epilogue == "bias_residual_relu":
        body += [
            f"%r32 = bolt.ew.cast %x1 : {extras[1]} -> {acc}",
            f"%res = bolt.ew.add %sum, %r32 : {acc}, {acc} -> {acc}",
        ]
        result = "%res"
    if epilogue != "plain":
        body.append(f"%act = bolt.ew.relu {result} : {acc} -> {acc}")
        result = "%act"
    args = ", ".join([f"%x: {x}", f"%w: {wt}", *(f"%e{i}: {t}" for i, t in enumerate(extras))])
    extras_text = (
        f" extras({', '.join(f'%e{i}' for i in range(len(extras)))} : {', '.join(extras)})" if extras else ""
    )
    block_args = ", ".join([f"%acc: {acc}", *(f"%x{i}: {t}" for i, t in enumerate(extras))])
    attr_text = f" {{kernel = {kernel}}}" if kernel else ""
    ints = lambda values: "[" + ", ".join(str(v) for v in values) + "]"  # noqa: E731
    return "\n".join([
        f"func.func @main({args}) -> {y} {{",
        f"  %y = bolt.conv2d {layout} %x, %w{extras_text} strides {ints(stride)} padding {ints(padding)} "
        f"dilations {ints(dilation)} groups {groups}{attr_text} : {x}, {wt} -> {y} {{",
        f"  ^bb0({block_args}):",
        *(f"    {line}" for line in body),
        f"    bolt.yield {result} : {acc}",
        "  }",
        f"  func.return %y : {y}",
        "}",
    ])


def parse_conv(text: str) -> bolt.Conv2dOp:
    module = Parser(bolt_context(), text).parse_module()
    module.verify()
    return next(op for op in module.walk() if isinstance(op, bolt.Conv2dOp))


def conv_kernel_attr(tile, cluster=(1, 1, 1), stages=4, schedule="warpspecialized", family="conv_sm90") -> str:
    return (
        f'#bolt.kernel<"{family}", tile [{", ".join(map(str, tile))}], '
        f'cluster [{", ".join(map(str, cluster))}], stages {stages}, "{schedule}">'
    )
