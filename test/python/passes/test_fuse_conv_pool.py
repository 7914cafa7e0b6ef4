"""fuse-conv-pool keeps values and fuses exactly where the conv_pool kernel runs the pair: the
reference executor on random convolutions and pools before and after the pass (hypothesis over
sizes, paddings that leave pool windows overhanging the convolution's output, C = 3 and 24,
f16 and bf16), the pass's own choices (operands, readers, chains), and the whole pipeline on a
torch stem (one bolt.conv_pool, no separate pool, no #bolt.kernel on the convolution inside).

A bolt.conv_pool holds the convolution and the pool unchanged, so the reference executor
computes the same numbers before and after, bit for bit: the comparisons are exact.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, StringAttr

import boltc
from boltc.dialects import bolt
from boltc.dialects.bolt import conv2d_output_hw
from boltc.dialects.context import bolt_context
from boltc.frontends.source import parse_mlir_text
from boltc.lowering.cutlass.conv_pool import ConvPoolPlan, conv_pool_refusal
from boltc.lowering.cutlass.cpp import FUSION_REASON_ATTR
from boltc.passes.fuse_conv_pool import FuseConvPoolPass, conv_pool_remarks
from boltc.passes.pipeline import pipeline_passes, run_pipeline
from boltc.passes.select_kernels import SelectKernelsPass


def tensor(shape: Sequence[int], element: str) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def ints(values: Sequence[int]) -> str:
    return "[" + ", ".join(map(str, values)) + "]"


def conv_pool_module(
    n: int, h: int, w: int, c: int, f: int, r: int, s: int,
    *,
    stride: tuple[int, int] = (1, 1),
    padding: Sequence[int] = (0, 0, 0, 0),
    window: tuple[int, int] = (3, 3),
    pool_strides: tuple[int, int] = (2, 2),
    pool_padding: Sequence[int] = (1, 1, 1, 1),
    dtype: str = "f16",
    epilogue: str = "bias_relu",
    kind: str = "max",
) -> str:
    """@main(%x, %w[, %b or %res]): an NHWC bolt.conv2d whose epilogue is "plain", "bias_relu"
    (relu(acc + bias), bias 1x1x1xF) or "residual" (acc + res, res NxPxQxF), and the pool of
    its result, as fuse-epilogue and layout-nhwc leave them."""
    p, q = conv2d_output_hw((h, w), (r, s), stride, padding, (1, 1))
    pp, pq = conv2d_output_hw((p, q), window, pool_strides, pool_padding, (1, 1))
    x, wt, y, z = (tensor((n, h, w, c), dtype), tensor((f, r, s, c), dtype), tensor((n, p, q, f), dtype),
                   tensor((n, pp, pq, f), dtype))
    acc = tensor((n, p, q, f), "f32")
    if epilogue == "bias_relu":
        e, e32 = tensor((1, 1, 1, f), dtype), tensor((1, 1, 1, f), "f32")
        args, extras = [f"%x: {x}", f"%w: {wt}", f"%e: {e}"], f" extras(%e : {e})"
        body = [f"^bb0(%acc: {acc}, %b: {e}):", f"  %b32 = bolt.ew.cast %b : {e} -> {e32}",
                f"  %sum = bolt.ew.add %acc, %b32 : {acc}, {e32} -> {acc}",
                f"  %out = bolt.ew.relu %sum : {acc} -> {acc}", f"  bolt.yield %out : {acc}"]
    elif epilogue == "residual":
        args, extras = [f"%x: {x}", f"%w: {wt}", f"%e: {y}"], f" extras(%e : {y})"
        body = [f"^bb0(%acc: {acc}, %res: {y}):", f"  %r32 = bolt.ew.cast %res : {y} -> {acc}",
                f"  %sum = bolt.ew.add %acc, %r32 : {acc}, {acc} -> {acc}", f"  bolt.yield %sum : {acc}"]
    else:
        assert epilogue == "plain"
        args, extras = [f"%x: {x}", f"%w: {wt}"], ""
        body = [f"^bb0(%acc: {acc}):", f"  bolt.yield %acc : {acc}"]
    return "\n".join([
        f"func.func @main({', '.join(args)}) -> {z} {{",
        f"  %y = bolt.conv2d nhwc %x, %w{extras} strides {ints(stride)} padding {ints(padding)} dilations [1, 1] "
        f"groups 1 : {x}, {wt} -> {y} {{",
        *(f"  {line}" for line in body),
        "  }",
        f"  %z = bolt.pool2d {kind} nhwc %y window {ints(window)} strides {ints(pool_strides)} "
        f"padding {ints(pool_padding)} : {y} -> {z}",
        f"  func.return %z : {z}",
        "}",
    ])


def random_inputs(module: ModuleOp, seed: int) -> list[np.ndarray]:
    """Standard normal values for each argument of @main, as the interpreter holds them (bf16 as
    float32; the interpreter rounds them)."""
    rng = np.random.default_rng(seed)
    [fn] = [op for op in module.ops if isinstance(op, func.FuncOp)]
    arrays = []
    for t in fn.function_type.inputs.data:
        dtype = np.float16 if str(t.get_element_type()) == "f16" else np.float32
        arrays.append(rng.standard_normal(t.get_shape()).astype(dtype))
    return arrays


def conv_pools(module: ModuleOp) -> list[bolt.ConvPoolOp]:
    return [op for op in module.walk() if isinstance(op, bolt.ConvPoolOp)]


def top_level(module: ModuleOp, kind: type) -> list:
    return [op for op in module.walk() if isinstance(op, kind) and isinstance(op.parent_op(), func.FuncOp)]


def fuse(module: ModuleOp, arch: str = "sm_90a") -> None:
    FuseConvPoolPass(arch=arch).apply(bolt_context(), module)
    module.verify()


def assert_identical(after: Sequence[np.ndarray], before: Sequence[np.ndarray]) -> None:
    assert len(after) == len(before)
    for a, b in zip(after, before):
        assert a.dtype == b.dtype and a.shape == b.shape
        np.testing.assert_array_equal(a, b)  # NaN-aware; the same bits otherwise


def fused_keeping_values(text: str, seed: int = 0, arch: str = "sm_90a") -> tuple[ModuleOp, tuple]:
    """`text` before and after fuse-conv-pool on random inputs: the same numbers, bit for bit.
    Returns the fused module and its outputs."""
    module = parse_mlir_text(text)
    inputs = random_inputs(module, seed)
    before = boltc.interpret(module, *inputs)
    fuse(module, arch)
    after = boltc.interpret(module, *inputs)
    assert_identical(after, before)
    return module, after


# ---- values, and where it fuses -------------------------------------------------------------------

# (name, conv_pool_module's arguments): each fuses on sm_90a and sm_80.
FUSED = {
    # ResNet's stem on 8 channels: 7x7/2 (padding 3), bias + ReLU, 3x3/2 pool with padding 1.
    "resnet_stem_c8": dict(n=2, h=32, w=32, c=8, f=64, r=7, s=7, stride=(2, 2), padding=(3, 3, 3, 3)),
    # The folded stem: 4x2 on 24 channels, unpadded, then the pool.
    "folded_stem_c24": dict(n=2, h=19, w=17, c=24, f=64, r=4, s=2),
    # On RGB: the register window; an odd output (15x15) leaves the last pool windows overhanging.
    "rgb_stem_c3_odd": dict(n=2, h=29, w=29, c=3, f=32, r=7, s=7, stride=(2, 2), padding=(3, 3, 3, 3)),
    # bf16, no epilogue: negative maxima survive (the pool's padding must not be read as 0).
    "bf16_plain": dict(n=1, h=16, w=20, c=16, f=32, r=3, s=3, stride=(2, 2), padding=(1, 1, 1, 1), dtype="bf16",
                       epilogue="plain"),
    # bf16 on RGB with a residual (an NxPxQxF extra) and a pool padded on one side only.
    "bf16_rgb_residual": dict(n=2, h=15, w=13, c=3, f=16, r=3, s=3, padding=(1, 1, 1, 1), window=(2, 2),
                              pool_padding=(0, 0, 1, 1), dtype="bf16", epilogue="residual"),
    # An unpadded 2x2/2 pool, and a 3x3/1 one (overlapping windows, stride 1).
    "pool_2x2_unpadded": dict(n=1, h=8, w=8, c=8, f=16, r=3, s=3, padding=(1, 1, 1, 1), window=(2, 2),
                              pool_padding=(0, 0, 0, 0)),
    "pool_3x3_stride1": dict(n=1, h=10, w=9, c=24, f=48, r=2, s=2, pool_strides=(1, 1)),
    # Asymmetric strides and windows everywhere.
    "asymmetric": dict(n=1, h=17, w=22, c=8, f=32, r=3, s=5, stride=(2, 1), padding=(1, 2, 0, 2), window=(3, 2),
                       pool_strides=(2, 1), pool_padding=(1, 0, 2, 1)),
}


@pytest.mark.parametrize("arch", ["sm_90a", "sm_80"])
@pytest.mark.parametrize("name", sorted(FUSED))
def test_fused_pairs_keep_their_values(name: str, arch: str):
    module, (out,) = fused_keeping_values(conv_pool_module(**FUSED[name]), seed=len(name), arch=arch)
    [op] = conv_pools(module)
    assert top_level(module, bolt.Pool2dOp) == [] and top_level(module, bolt.Conv2dOp) == []
    conv, pool = op.stages()
    assert op.result.type == pool.result.type and op.result.type.get_shape() == out.shape
    assert isinstance(op.attributes[FUSION_REASON_ATTR], StringAttr)
    assert np.isfinite(out).all() and np.unique(out).size > 1  # real numbers, not a constant
    if FUSED[name].get("epilogue") == "plain":
        assert (out < 0).any()  # a max pool of raw convolution outputs: some windows are all negative


def test_the_op_takes_the_convolution_s_operands():
    text = conv_pool_module(**FUSED["folded_stem_c24"])
    module, _ = fused_keeping_values(text)
    [fn] = [op for op in module.ops if isinstance(op, func.FuncOp)]
    [op] = conv_pools(module)
    assert list(op.operands) == list(fn.body.block.args)  # x, w, bias: in the convolution's order
    assert [a.type for a in op.body.block.args] == [a.type for a in fn.body.block.args]
    conv, pool = op.stages()
    assert list(conv.operands) == list(op.body.block.args) and pool.input is conv.result
    assert op.attributes[FUSION_REASON_ATTR] == StringAttr(
        "the convolution's 2x16x16x64 output (0.1 MiB) stays on chip: not written and read back by the pool")


def test_a_value_read_twice_is_one_operand():
    """A 1x1 convolution whose residual is its own input (C = F): the op takes %x once."""
    n, h, w, c = 1, 9, 9, 16
    x, wt, y, acc = (tensor((n, h, w, c), "f16"), tensor((c, 1, 1, c), "f16"), tensor((n, h, w, c), "f16"),
                     tensor((n, h, w, c), "f32"))
    z = tensor((n, 5, 5, c), "f16")
    text = "\n".join([
        f"func.func @main(%x: {x}, %w: {wt}) -> {z} {{",
        f"  %y = bolt.conv2d nhwc %x, %w extras(%x : {x}) strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] "
        f"groups 1 : {x}, {wt} -> {y} {{",
        f"  ^bb0(%acc: {acc}, %res: {x}):",
        f"    %r = bolt.ew.cast %res : {x} -> {acc}",
        f"    %s = bolt.ew.add %acc, %r : {acc}, {acc} -> {acc}",
        f"    bolt.yield %s : {acc}",
        "  }",
        f"  %z = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : {y} -> {z}",
        f"  func.return %z : {z}",
        "}",
    ])
    module, _ = fused_keeping_values(text)
    [op] = conv_pools(module)
    assert len(op.operands) == 2 and len(op.body.block.args) == 2
    conv, _ = op.stages()
    assert conv.input is op.body.block.args[0] and conv.extras[0] is op.body.block.args[0]


@pytest.mark.parametrize("name, changes, reason", [
    ("avg", dict(kind="avg"), "an average pool; the kernel pools by max"),
    ("f40", dict(f=40), "F=40 is not a multiple of 16"),
    ("k576", dict(c=64, f=64, r=3, s=3), "K = R*S*C = 576 is over 512"),
    ("f32", dict(dtype="f32"), "f32 inputs, f32 result"),
    ("c7", dict(n=1, h=32, w=32, c=7, f=64, r=7, s=7, stride=(2, 2), padding=(3, 3, 3, 3)),
     "C=7 is not a multiple of 8, so the input window goes through registers: 38 elements a thread, over 32"),
])
def test_refused_pairs_stay_apart_with_their_values(name, changes, reason):
    kwargs = dict(n=1, h=16, w=16, c=16, f=32, r=3, s=3, padding=(1, 1, 1, 1)) | changes
    text = conv_pool_module(**kwargs)
    module = parse_mlir_text(text)
    [remark] = conv_pool_remarks(module, "sm_90a")
    assert remark.startswith("remark: <input>:") and f"'bolt.pool2d' not fused with 'bolt.conv2d': {reason}" in remark
    module, _ = fused_keeping_values(text)
    assert conv_pools(module) == []
    [pool] = top_level(module, bolt.Pool2dOp)
    assert isinstance(pool.input.owner, bolt.Conv2dOp)


def test_only_sm80_refuses_the_wide_layer():
    text = conv_pool_module(1, 32, 32, 24, 96, 3, 3, stride=(2, 2), padding=(1, 1, 1, 1))
    assert len(conv_pools(fused_keeping_values(text, arch="sm_90a")[0])) == 1
    assert conv_pools(fused_keeping_values(text, arch="sm_80")[0]) == []
    [remark] = conv_pool_remarks(parse_mlir_text(text), "sm_80")
    assert remark.endswith("'bolt.pool2d' not fused with 'bolt.conv2d': a CTA needs 202640 bytes of shared "
                           "memory, over sm_80's 166912")
    assert conv_pool_remarks(parse_mlir_text(text), "sm_90a") == []


def test_a_convolution_with_two_readers_stays():
    """Two pools of one convolution: neither may keep it on chip, and both say why."""
    base = conv_pool_module(1, 16, 16, 16, 32, 3, 3, padding=(1, 1, 1, 1))
    y, z = tensor((1, 16, 16, 32), "f16"), tensor((1, 8, 8, 32), "f16")
    text = base.replace(f"-> {z} {{", f"-> ({z}, {z}) {{", 1).replace(
        f"  func.return %z : {z}",
        f"  %z2 = bolt.pool2d max nhwc %y window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : {y} -> {z}\n"
        f"  func.return %z, %z2 : {z}, {z}")
    module, _ = fused_keeping_values(text)
    assert conv_pools(module) == [] and len(top_level(module, bolt.Pool2dOp)) == 2
    remarks = conv_pool_remarks(module, "sm_90a")
    assert len(remarks) == 2 and all(r.endswith("the convolution's result has 2 readers; the fused kernel keeps it "
                                                 "on chip") for r in remarks)


def test_a_pool_of_the_pool_stays_a_pool():
    """conv -> pool -> pool: the first pool fuses, the second reads the bolt.conv_pool."""
    base = conv_pool_module(1, 32, 32, 8, 32, 3, 3, padding=(1, 1, 1, 1))
    z, z2 = tensor((1, 16, 16, 32), "f16"), tensor((1, 8, 8, 32), "f16")
    text = base.replace(f"-> {z} {{", f"-> {z2} {{", 1).replace(
        f"  func.return %z : {z}",
        f"  %z2 = bolt.pool2d max nhwc %z window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : {z} -> {z2}\n"
        f"  func.return %z2 : {z2}")
    module, _ = fused_keeping_values(text)
    [op] = conv_pools(module)
    [pool] = top_level(module, bolt.Pool2dOp)
    assert pool.input is op.result


def test_the_pass_is_idempotent():
    module, _ = fused_keeping_values(conv_pool_module(**FUSED["resnet_stem_c8"]))
    printed = str(module)
    fuse(module)
    assert str(module) == printed and len(conv_pools(module)) == 1


@st.composite
def pairs(draw):
    """A random NHWC convolution and pool whose output is at least one pixel."""
    dtype = draw(st.sampled_from(["f16", "bf16"]))
    c = draw(st.sampled_from([3, 8, 24, 5]))
    f = draw(st.sampled_from([16, 32, 24]))
    r, s = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    stride = (draw(st.integers(1, 2)), draw(st.integers(1, 2)))
    padding = tuple(draw(st.integers(0, 2)) for _ in range(4))
    window = (draw(st.integers(1, 3)), draw(st.integers(1, 3)))
    pool_strides = (draw(st.integers(1, 2)), draw(st.integers(1, 2)))
    pool_padding = (draw(st.integers(0, window[0] - 1)), draw(st.integers(0, window[1] - 1)),
                    draw(st.integers(0, window[0] - 1)), draw(st.integers(0, window[1] - 1)))
    h, w = draw(st.integers(1, 14)), draw(st.integers(1, 14))
    epilogue = draw(st.sampled_from(["plain", "bias_relu", "residual"]))
    return dict(n=draw(st.integers(1, 2)), h=h, w=w, c=c, f=f, r=r, s=s, stride=stride, padding=padding,
                window=window, pool_strides=pool_strides, pool_padding=pool_padding, dtype=dtype, epilogue=epilogue)


def valid(kwargs) -> bool:
    top, left, bottom, right = kwargs["padding"]
    if kwargs["h"] + top + bottom < kwargs["r"] or kwargs["w"] + left + right < kwargs["s"]:
        return False
    p, q = conv2d_output_hw((kwargs["h"], kwargs["w"]), (kwargs["r"], kwargs["s"]), kwargs["stride"],
                            kwargs["padding"], (1, 1))
    ptop, pleft, pbottom, pright = kwargs["pool_padding"]
    return p + ptop + pbottom >= kwargs["window"][0] and q + pleft + pright >= kwargs["window"][1]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(kwargs=pairs().filter(valid), seed=st.integers(0, 2**32 - 1), arch=st.sampled_from(["sm_90a", "sm_80"]))
@example(kwargs=dict(n=1, h=7, w=7, c=3, f=16, r=3, s=3, stride=(2, 2), padding=(0, 0, 0, 0), window=(3, 3),
                     pool_strides=(2, 2), pool_padding=(2, 2, 2, 2), dtype="f16", epilogue="plain"),
         seed=0, arch="sm_90a")  # a 3x3 output under 3x3/2 windows padded by 2: corners see one pixel
def test_random_pairs_keep_their_values_and_fuse_where_the_kernel_runs_them(kwargs, seed, arch):
    text = conv_pool_module(**kwargs)
    module = parse_mlir_text(text)
    [conv] = top_level(module, bolt.Conv2dOp)
    [pool] = top_level(module, bolt.Pool2dOp)
    runs = isinstance(conv_pool_refusal(conv, pool, arch), ConvPoolPlan)
    # Within these sizes only F and K limit the kernel: at most 7x8 pooled pixels over a 15x17
    # convolution tile reading a 33x37 window, 24 register elements a thread at C = 5, well under
    # either target's shared memory.
    assert runs == (kwargs["f"] % 16 == 0 and kwargs["r"] * kwargs["s"] * kwargs["c"] <= 512)
    event(f"fused={runs}")
    module, _ = fused_keeping_values(text, seed, arch)
    assert len(conv_pools(module)) == int(runs)
    assert len(top_level(module, bolt.Pool2dOp)) == int(not runs)


# ---- the pipeline ----------------------------------------------------------------------------------


def torch_stem(channels: int = 3, features: int = 64):
    """torch's ResNet stem: conv 7x7/2 (padding 3, bias), ReLU, max pool 3x3/2 (padding 1)."""
    import torch

    class Stem(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = torch.nn.Conv2d(channels, features, 7, 2, 3)
            self.pool = torch.nn.MaxPool2d(3, 2, 1)

        def forward(self, x):
            return self.pool(torch.relu(self.conv(x)))

    torch.manual_seed(0)
    return Stem().eval()


def load_stem(model, x):
    from boltc.compiler import load_for_compile

    module, _ = load_for_compile(model, (x,))
    return module


@pytest.mark.parametrize("precision, arch", [("f16", "sm_90a"), ("bf16", "sm_90a"), ("f16", "sm_80")])
def test_the_pipeline_fuses_the_stem_s_pool(precision: str, arch: str):
    """The stem through the whole pipeline: space-to-depth folds the 7x7/2 on RGB (4x2 on 24
    channels), fuse-epilogue takes the bias and ReLU, fuse-conv-pool the pool; select-kernels
    leaves the convolution inside without a #bolt.kernel. The values are the pipeline's without
    fuse-conv-pool, bit for bit, and torch's in fp32 to the precision's rounding."""
    import torch

    model = torch_stem()
    x = torch.randn(2, 3, 32, 32)
    module = run_pipeline(load_stem(model, x), precision=precision, arch=arch)
    [op] = conv_pools(module)
    assert top_level(module, bolt.Pool2dOp) == [] and top_level(module, bolt.Conv2dOp) == []
    conv, pool = op.stages()
    assert conv.kernel is None  # the conv_pool kernel's plan, not select-kernels'
    assert bolt.shape_of(conv.filter) == (64, 4, 2, 24) and bolt.int_list(conv.strides) == (1, 1)
    assert [type(o) for o in conv.epilogue.block.ops] == [bolt.CastOp, bolt.AddOp, bolt.ReluOp, bolt.YieldOp]
    assert bolt.int_list(pool.window) == (3, 3) and bolt.int_list(pool.padding) == (1, 1, 1, 1)
    assert str(op.result.type.get_element_type()) == precision
    (got,) = boltc.interpret(module, x.numpy())

    unfused = load_stem(model, x)
    for p in pipeline_passes(precision, arch):
        if p.name != FuseConvPoolPass.name:
            p.apply(bolt_context(), unfused)
    assert conv_pools(unfused) == [] and len(top_level(unfused, bolt.Pool2dOp)) == 1
    [kept] = top_level(unfused, bolt.Conv2dOp)
    assert kept.kernel is not None  # select-kernels does choose for a convolution on its own
    assert_identical((got,), boltc.interpret(unfused, x.numpy()))

    expected = model(x).detach().numpy()
    tol = 2e-2 if precision == "f16" else 6e-2
    np.testing.assert_allclose(got, expected, rtol=tol, atol=tol)


def test_the_pipeline_in_f32_leaves_the_pool_apart():
    """f32 convolutions are not the kernel's (no f32 MMA): the pool stays a pool."""
    import torch

    model = torch_stem()
    x = torch.randn(1, 3, 32, 32)
    module = run_pipeline(load_stem(model, x), precision="f32", arch="sm_90a")
    assert conv_pools(module) == [] and len(top_level(module, bolt.Pool2dOp)) == 1
    np.testing.assert_allclose(boltc.interpret(module, x.numpy())[0], model(x).detach().numpy(), rtol=1e-4,
                               atol=1e-4)


def test_select_kernels_leaves_the_convolution_inside_alone():
    module, _ = fused_keeping_values(conv_pool_module(**FUSED["folded_stem_c24"]))
    text = conv_pool_module(**FUSED["folded_stem_c24"])
    plain = parse_mlir_text(text)
    for m in (module, plain):
        SelectKernelsPass(arch="sm_90a").apply(bolt_context(), m)
        m.verify()
    [op] = conv_pools(module)
    conv, _ = op.stages()
    assert conv.kernel is None and "#bolt.kernel" not in str(module)
    [alone] = top_level(plain, bolt.Conv2dOp)
    assert alone.kernel is not None  # the same convolution outside a conv_pool gets one
