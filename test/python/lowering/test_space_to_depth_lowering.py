"""The space-to-depth fold at a model's edge lowers to one rt::space_to_depth launch, and that
kernel, emulated in numpy as copy.cu indexes (host_emulation.py), writes what the reference
executor computes for the chain of ops (cast, NCHW -> NHWC, crop, pad, fold, channel pad)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import boltc
from boltc.analysis.space_to_depth import fold_geometry
from boltc.dialects import bolt
from boltc.dialects.bolt import conv2d_output_hw
from boltc.dialects.context import bolt_context
from boltc.frontends.source import parse_mlir_text
from boltc.lowering.host import lower_to_host
from boltc.lowering.space_to_depth import space_to_depth_plan
from boltc.passes.plan_memory import PlanMemoryPass

from host_emulation import run_space_to_depth

DATA = Path(__file__).resolve().parents[2] / "data"


def fold_chain(n, c, h, w, r, stride, padding, out_c, edge: str, taps: int = 1, step: int = 0) -> str:
    """A function returning the folded input of a stride-`stride` r x r convolution, the way
    the passes leave it. edge: 'cast' (an f32 NCHW image), 'nchw' (f16 NCHW) or 'nhwc'.
    taps > 1: the column fold, `taps` copies `step` folded columns apart concatenated on the
    channels (out_c counts the channels after it)."""
    p, q = conv2d_output_hw((h, w), (r, r), (stride, stride), padding, (1, 1))
    fold = fold_geometry(c, (h, w), (r, r), stride, padding, (p, q))
    assert not isinstance(fold, str)
    s, (hf, wf), (kh, kw) = fold.block, fold.folded_hw, fold.kept_hw
    t = lambda *shape, e="f16": f"tensor<{'x'.join(map(str, shape))}x{e}>"  # noqa: E731
    lines = []
    if edge == "nhwc":
        arg, x = t(n, h, w, c), "%x"
    else:
        arg = t(n, c, h, w, e="f32" if edge == "cast" else "f16")
        src = "%x"
        if edge == "cast":
            lines.append(f"%h = bolt.ew.cast %x : {arg} -> {t(n, c, h, w)}")
            src = "%h"
        lines.append(f"%t = bolt.transpose {src} permutation [0, 2, 3, 1] : {t(n, c, h, w)} -> {t(n, h, w, c)}")
        x = "%t"
    cur, shape = x, (n, h, w, c)
    if (kh, kw) != (h, w):
        lines.append(f"%k = bolt.slice {cur} offsets [0, 0, 0, 0] strides [1, 1, 1, 1] : {t(*shape)} -> {t(n, kh, kw, c)}")
        cur, shape = "%k", (n, kh, kw, c)
    top, left, bottom, right = fold.pad
    if any(fold.pad):
        padded = (n, kh + top + bottom, kw + left + right, c)
        lines.append(f"%p = bolt.pad {cur} low [0, {top}, {left}, 0] high [0, {bottom}, {right}, 0] value 0.0 : {t(*shape)} -> {t(*padded)}")
        cur, shape = "%p", padded
    lines += [f"%u = bolt.reshape {cur} : {t(*shape)} -> {t(n, hf, s, wf, s, c)}",
              f"%v = bolt.transpose %u permutation [0, 1, 3, 2, 4, 5] : {t(n, hf, s, wf, s, c)} -> {t(n, hf, wf, s, s, c)}",
              f"%z = bolt.reshape %v : {t(n, hf, wf, s, s, c)} -> {t(n, hf, wf, s * s * c)}"]
    result, channels, width = "%z", s * s * c, wf
    if taps > 1:
        width = wf - step * (taps - 1)
        for b in range(taps):
            lines.append(f"%c{b} = bolt.slice %z offsets [0, 0, {b * step}, 0] strides [1, 1, 1, 1] : "
                         f"{t(n, hf, wf, channels)} -> {t(n, hf, width, channels)}")
        parts = ", ".join(f"%c{b}" for b in range(taps))
        types = ", ".join([t(n, hf, width, channels)] * taps)
        lines.append(f"%j = bolt.concat {parts} dim 3 : {types} -> {t(n, hf, width, taps * channels)}")
        result, channels = "%j", taps * channels
    ret = t(n, hf, width, channels)
    if out_c > channels:
        ret = t(n, hf, width, out_c)
        lines.append(f"%q = bolt.pad {result} low [0, 0, 0, 0] high [0, 0, 0, {out_c - channels}] value 0.0 : "
                     f"{t(n, hf, width, channels)} -> {ret}")
        result = "%q"
    body = "\n  ".join(lines)
    return f"func.func @main(%x: {arg}) -> {ret} {{\n  {body}\n  func.return {result} : {ret}\n}}\n"


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 2), c=st.integers(1, 4), h=st.integers(1, 13), w=st.integers(1, 13), r=st.integers(2, 7),
       padding=st.tuples(*[st.integers(0, 3)] * 4), stride=st.sampled_from([2, 2, 3]),
       extra=st.integers(0, 4), edge=st.sampled_from(["cast", "nchw", "nhwc"]), taps=st.sampled_from([1, 2, 3]),
       seed=st.integers(0, 2**32 - 1))
def test_the_fused_kernel_writes_what_the_ops_compute(n, c, h, w, r, padding, stride, extra, edge, taps, seed):
    top, left, bottom, right = padding
    if h + top + bottom < r or w + left + right < r:
        return
    p, q = conv2d_output_hw((h, w), (r, r), (stride, stride), padding, (1, 1))
    fold = fold_geometry(c, (h, w), (r, r), stride, padding, (p, q))
    if isinstance(fold, str):
        return
    step = max(1, fold.window[1] // taps)
    if fold.folded_hw[1] - step * (taps - 1) < 1:
        taps = 1  # too narrow for the copies
    event(f"taps={taps}")
    out_c = taps * stride * stride * c + extra
    module = parse_mlir_text(fold_chain(n, c, h, w, r, stride, padding, out_c, edge, taps, step))
    x = np.random.default_rng(seed).standard_normal(
        (n, h, w, c) if edge == "nhwc" else (n, c, h, w)).astype(np.float32 if edge == "cast" else np.float16)
    (want,) = boltc.interpret(module, x)
    (transpose,) = [op for op in module.walk() if isinstance(op, bolt.TransposeOp) and len(bolt.shape_of(op.result)) == 6]
    plan = space_to_depth_plan(transpose)
    assert plan is not None
    got = run_space_to_depth(plan.params, x.astype(np.float16))  # the kernel converts as the cast does
    np.testing.assert_array_equal(got.astype(np.float16), want.reshape(got.shape))
    PlanMemoryPass().apply(bolt_context(), module)
    program = lower_to_host(module)
    assert [launch["kernel"] for launch in program.describe["launches"]] == ["space_to_depth"]


def test_a_resnet_stems_edge_is_one_launch():
    """ResNet-50's stem on a 224x224 image through the pipeline: the image's cast, NCHW ->
    NHWC, padding 3, the 2x2 fold and the column fold (12 -> 24 channels, 2 folded columns
    apart) are one kernel before the folded 4x2 convolution."""
    from boltc.compiler import lower

    torch = pytest.importorskip("torch")
    torch.manual_seed(0)
    stem = torch.nn.Sequential(torch.nn.Conv2d(3, 64, 7, stride=2, padding=3), torch.nn.ReLU()).eval()
    program, _ = lower(stem, (torch.randn(2, 3, 224, 224),))
    kernels = [launch["kernel"] for launch in program.describe["launches"]]
    assert kernels[0] == "space_to_depth" and kernels.count("space_to_depth") == 1
    assert not {"transpose_2d", "transpose_pad_2d", "pad", "strided_copy"} & set(kernels[:2])
    [call] = [line for line in program.source.splitlines() if "rt::space_to_depth(" in line]
    # 2 images of 3 channels (NCHW strides), block 2, padding 3, 115 x 113 folded, 24 channels,
    # 2 copies 2 folded columns apart.
    assert "DType::F32, boltc::rt::DType::F16, ctx.inputs[0]" in call
    assert "{2, 224, 224, 3, 150528, 224, 1, 50176, 2, 3, 3, 115, 113, 24, 0x0.0p+0f, 2, 2}" in call
