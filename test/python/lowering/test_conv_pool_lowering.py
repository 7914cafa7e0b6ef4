"""conv_pool without a GPU: the shared-memory budget against a hand count (and, marker nvcc,
against the header's own Config::kSmemBytes), what the configuration refuses and why, the TU's
Config<...> and epilogue, how the entry point's arguments map to the op's operands, the
targets' shared-memory limits, and (marker nvcc) that the TUs compile. The numerics are
test/gpu/test_conv_pool.py's."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from pathlib import Path

import pytest

from boltc.dialects import bolt
from boltc.dialects.bolt import conv2d_output_hw
from boltc.frontends.source import parse_mlir_text
from boltc.lowering import build
from boltc.lowering.anchors import lower_anchor
from boltc.lowering.build import Arch
from boltc.lowering.cutlass import conv_pool
from boltc.lowering.cutlass.conv_pool import (
    MAX_F,
    MAX_K,
    SMEM_LIMIT,
    ConvPoolConfig,
    ConvPoolPlan,
    conv_pool_refusal,
    lower_conv_pool,
)
from boltc.lowering.cutlass.cpp import Element, InvalidKernelConfig
from boltc.lowering.host import OperandPointer, ResultPointer

from nvcc_objects import NVCC_MISSING, compile_kernel_object

F16, BF16, F32 = Element.F16, Element.BF16, Element.F32


def tensor(shape: Sequence[int], element: str) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def conv_pool_text(
    n: int, h: int, w: int, c: int, f: int, r: int, s: int,
    *,
    stride: tuple[int, int] = (1, 1),
    padding: tuple[int, int, int, int] = (0, 0, 0, 0),
    window: tuple[int, int] = (3, 3),
    pool_strides: tuple[int, int] = (2, 2),
    pool_padding: tuple[int, int, int, int] = (1, 1, 1, 1),
    dtype: str = "f16",
    epilogue: str = "bias_relu",
    order: str = "xwb",
    fusion_reason: str | None = None,
) -> str:
    """@main holding one bolt.conv_pool: an NHWC convolution whose epilogue is "plain",
    "bias_relu" (relu(acc + bias[F]), the bias 1x1x1xF) or "residual_is_input" (acc + x: a
    1x1, stride-1 convolution on C = F, the image read twice), and the max pool of its result.
    `order`: the op's operands, x (image), w (filter) and b (bias) in that order."""
    p, q = conv2d_output_hw((h, w), (r, s), stride, padding, (1, 1))
    pp, pq = conv2d_output_hw((p, q), window, pool_strides, pool_padding, (1, 1))
    x, wt, y, z = (tensor((n, h, w, c), dtype), tensor((f, r, s, c), dtype), tensor((n, p, q, f), dtype),
                   tensor((n, pp, pq, f), dtype))
    acc, b, b32 = tensor((n, p, q, f), "f32"), tensor((1, 1, 1, f), dtype), tensor((1, 1, 1, f), "f32")
    types = {"x": x, "w": wt, "b": b}
    names = [v for v in order if v != "b" or epilogue == "bias_relu"]
    if epilogue == "bias_relu":
        extras, block = f" extras(%ib : {b})", [f"^bb0(%acc: {acc}, %bias: {b}):",
                                                  f"  %bf = bolt.ew.cast %bias : {b} -> {b32}",
                                                  f"  %sum = bolt.ew.add %acc, %bf : {acc}, {b32} -> {acc}",
                                                  f"  %out = bolt.ew.relu %sum : {acc} -> {acc}",
                                                  f"  bolt.yield %out : {acc}"]
    elif epilogue == "residual_is_input":
        assert (r, s, stride, padding, c) == (1, 1, (1, 1), (0, 0, 0, 0), f)
        extras, block = f" extras(%ix : {x})", [f"^bb0(%acc: {acc}, %res: {x}):",
                                                  f"  %r32 = bolt.ew.cast %res : {x} -> {acc}",
                                                  f"  %sum = bolt.ew.add %acc, %r32 : {acc}, {acc} -> {acc}",
                                                  f"  bolt.yield %sum : {acc}"]
    else:
        assert epilogue == "plain"
        extras, block = "", [f"^bb0(%acc: {acc}):", f"  bolt.yield %acc : {acc}"]
    ints = lambda values: "[" + ", ".join(map(str, values)) + "]"  # noqa: E731
    attrs = f' {{bolt.fusion_reason = "{fusion_reason}"}}' if fusion_reason else ""
    return "\n".join([
        f"func.func @main({', '.join(f'%{v}: {types[v]}' for v in names)}) -> {z} {{",
        f"  %z = bolt.conv_pool({', '.join(f'%{v}' for v in names)}){attrs} : "
        f"({', '.join(types[v] for v in names)}) -> {z} {{",
        f"  ^bb0({', '.join(f'%i{v}: {types[v]}' for v in names)}):",
        f"    %y = bolt.conv2d nhwc %ix, %iw{extras} strides {ints(stride)} padding {ints(padding)} "
        f"dilations [1, 1] groups 1 : {x}, {wt} -> {y} {{",
        *(f"    {line}" for line in block),
        "    }",
        f"    %p = bolt.pool2d max nhwc %y window {ints(window)} strides {ints(pool_strides)} "
        f"padding {ints(pool_padding)} : {y} -> {z}",
        f"    bolt.yield %p : {z}",
        "  }",
        f"  func.return %z : {z}",
        "}",
    ])


def conv_pool_op(*args, **kwargs) -> bolt.ConvPoolOp:
    module = parse_mlir_text(conv_pool_text(*args, **kwargs))
    [op] = [o for o in module.walk() if isinstance(o, bolt.ConvPoolOp)]
    return op


# ResNet-50's stem as space-to-depth leaves it (4x2 on 24 channels), bias + ReLU, 3x3/2 pool.
FOLDED_STEM = dict(n=2, h=19, w=17, c=24, f=64, r=4, s=2)
# ResNet's stem on the RGB image (7x7/2, padding 3): the register window.
RGB_STEM = dict(n=2, h=32, w=32, c=3, f=64, r=7, s=7, stride=(2, 2), padding=(3, 3, 3, 3))
# F = 96 on 24 channels, 3x3/2 then 3x3/2: 202640 bytes of shared memory (sm_90a's, not sm_80's).
WIDE = dict(n=1, h=32, w=32, c=24, f=96, r=3, s=3, stride=(2, 2), padding=(1, 1, 1, 1))


def config(c: int, r: int, s: int, f: int, *, strides=(1, 1), element=F16, element_d=None, window=(3, 3),
           pool_strides=(2, 2), tile=(7, 8), input_vector=None) -> ConvPoolConfig:
    return ConvPoolConfig(element, element_d or element, c, r, s, strides, f, window, pool_strides, tile,
                          input_vector if input_vector is not None else (8 if c % 8 == 0 else 1))


# ---- the shared-memory budget -------------------------------------------------------------------


def test_smem_of_the_folded_resnet_stem_by_hand():
    """F = 64, K = 4*2*24 = 192 (12 k-steps), tile 7x8 pooled pixels under a 3x3/2 pool."""
    c = config(24, 4, 2, 64)
    assert c.k == 192 and c.conv_tile == (15, 17) and c.input_window == (18, 18)
    filter_bytes = 64 * (192 + 8) * 2  # rows padded to an odd number of 16-byte units
    offsets = 12 * 64  # the k-offset table: 16 ints a k-step
    window = 18 * 18 * 24 * 2 * 2  # two cp.async windows (18*18*24 is a multiple of 8)
    conv_tile = 15 * 17 * (64 + 8) * 2
    assert c.smem_bytes() == filter_bytes + offsets + window + conv_tile == 94192
    assert c.smem_blocker("sm_80") is None and c.smem_blocker("sm_90a") is None


def test_smem_of_the_rgb_stem_holds_one_register_window():
    """C = 3: the window goes through registers, so one copy of it, rounded up to 8 elements."""
    c = config(3, 7, 7, 64, strides=(2, 2))
    assert c.input_vector == 1 and c.k == 147 and c.conv_tile == (15, 17) and c.input_window == (35, 39)
    assert 35 * 39 * 3 == 4095 and c.window_per_thread() == 16  # ceil(4095 / 256)
    assert c.smem_bytes() == 64 * (160 + 8) * 2 + 10 * 64 + 4096 * 2 + 15 * 17 * 72 * 2 == 67056


def test_a_cut_tile_shrinks_the_budget():
    """4x4 pooled pixels (a 4x4 pooled output) under a 2x2/2 pool: an 8x8 convolution tile."""
    c = config(8, 3, 3, 16, window=(2, 2), tile=(4, 4))
    assert c.conv_tile == (8, 8) and c.input_window == (10, 10)
    assert c.smem_bytes() == 16 * (80 + 8) * 2 + 5 * 64 + 10 * 10 * 8 * 2 * 2 + 64 * 24 * 2 == 9408


def test_the_wide_layer_fits_sm90a_and_not_sm80():
    c = config(24, 3, 3, 96, strides=(2, 2))
    smem = 96 * (224 + 8) * 2 + 14 * 64 + 31 * 35 * 24 * 2 * 2 + 15 * 17 * 104 * 2
    assert c.smem_bytes() == smem == 202640
    assert SMEM_LIMIT["sm_80"] < smem <= SMEM_LIMIT["sm_90a"]
    assert c.smem_blocker("sm_90a") is None
    assert c.smem_blocker("sm_80") == "a CTA needs 202640 bytes of shared memory, over sm_80's 166912"


# ---- what the configuration refuses ---------------------------------------------------------------


@pytest.mark.parametrize("kwargs, reason", [
    (dict(c=24, r=4, s=2, f=40), "F=40 is not a multiple of 16 (the kernel computes pairs of 8-wide MMA tiles)"),
    (dict(c=24, r=4, s=2, f=256), "F=256 is over 96: a warp's accumulators (2 x F/8 MMA tiles) would spill past the 128 "
                                 "registers two CTAs an SM leave a thread"),
    (dict(c=24, r=5, s=5, f=64), "K = R*S*C = 600 is over 512: the kernel stages the whole filter per CTA"),
    (dict(c=24, r=4, s=2, f=64, element=F32),
     "f32 inputs, f32 result: the kernel's MMAs and 16-byte pool stores take f16 or bf16"),
    (dict(c=24, r=4, s=2, f=64, element_d=F32),
     "f16 inputs, f32 result: the kernel's MMAs and 16-byte pool stores take f16 or bf16"),
    (dict(c=12, r=4, s=2, f=64, input_vector=8), "input loads of 8 channels on C=12"),
    (dict(c=8, r=3, s=3, f=64, input_vector=4), "input loads of 4 channels on C=8"),
    (dict(c=7, r=7, s=7, f=64, strides=(2, 2)),
     "C=7 is not a multiple of 8, so the input window goes through registers: 38 elements a thread, over 32"),
])
def test_blockers_name_the_limit(kwargs, reason):
    with pytest.raises(InvalidKernelConfig) as error:
        config(**kwargs)
    summary, _, problem = error.value.message.partition(": ")
    assert summary.startswith("conv_pool ") and problem.startswith(reason)


def test_the_limits_themselves_are_taken():
    """F = MAX_F (96) and K = 512 exactly; 32 register-window elements a thread exactly."""
    assert config(32, 4, 4, MAX_F).blocker() is None and config(32, 4, 4, MAX_F).k == MAX_K
    c = config(6, 7, 7, 64, strides=(2, 2))  # 35 x 39 x 6 = 8190 elements: 32 a thread
    assert c.window_per_thread() == 32 and c.blocker() is None
    assert config(16, 3, 3, 16, element=BF16).blocker() is None


def test_template_arguments_follow_the_header_s_order():
    c = config(3, 7, 7, 64, strides=(2, 2), element=BF16, window=(3, 2), pool_strides=(2, 1), tile=(5, 6))
    assert c.template_arguments() == ("cutlass::bfloat16_t", "cutlass::bfloat16_t", "3", "7", "7", "2", "2", "64",
                                      "3", "2", "2", "1", "5", "6", "1")


# ---- the op: refusal, plan and lowering ---------------------------------------------------------


def test_refusal_plans_the_folded_stem():
    op = conv_pool_op(**FOLDED_STEM)
    conv, pool = op.stages()
    plan = conv_pool_refusal(conv, pool, "sm_90a")
    assert isinstance(plan, ConvPoolPlan)
    assert plan.config == config(24, 4, 2, 64)
    assert (plan.conv.n, plan.conv.h, plan.conv.w, plan.conv.p, plan.conv.q) == (2, 19, 17, 16, 16)
    assert (plan.pool.window, plan.pool.strides, plan.pool.padding, plan.pool.pp, plan.pool.pq) == \
        ((3, 3), (2, 2), (1, 1, 1, 1), 8, 8)
    assert conv_pool_refusal(conv, pool, "sm_70") == "conv_pool runs on sm_90a and sm_80, not sm_70"


def test_the_tile_is_cut_to_a_small_pooled_output():
    op = conv_pool_op(1, 8, 8, 8, 16, 3, 3, padding=(1, 1, 1, 1), window=(2, 2), pool_padding=(0, 0, 0, 0),
                      epilogue="plain")
    plan = conv_pool_refusal(*op.stages(), "sm_90a")
    assert isinstance(plan, ConvPoolPlan) and plan.config.tile == (4, 4) and plan.config.smem_bytes() == 9408
    op = conv_pool_op(1, 30, 10, 8, 16, 3, 3, padding=(1, 1, 1, 1), epilogue="plain")  # 15 x 5 pooled
    plan = conv_pool_refusal(*op.stages(), "sm_90a")
    assert isinstance(plan, ConvPoolPlan) and plan.config.tile == (7, 5)


def test_sm80_refuses_what_only_sm90a_s_shared_memory_holds():
    op = conv_pool_op(**WIDE)
    plan = conv_pool_refusal(*op.stages(), "sm_90a")
    assert isinstance(plan, ConvPoolPlan) and plan.config.smem_bytes() == 202640
    assert conv_pool_refusal(*op.stages(), "sm_80") == \
        "a CTA needs 202640 bytes of shared memory, over sm_80's 166912"
    assert lower_conv_pool(op, arch="sm_90a").kernel.config == plan.config
    with pytest.raises(InvalidKernelConfig, match="'bolt.conv_pool': no conv_pool kernel computes it: a CTA needs "
                                                  "202640 bytes of shared memory, over sm_80's 166912"):
        lower_conv_pool(op, arch="sm_80")


def test_a_hand_written_op_the_kernel_cannot_run_is_refused_by_name():
    op = conv_pool_op(1, 16, 16, 16, 40, 3, 3, padding=(1, 1, 1, 1))
    with pytest.raises(InvalidKernelConfig, match=r"no conv_pool kernel computes it: F=40 is not a multiple of 16"):
        lower_conv_pool(op)


def test_rendered_tu_of_the_folded_stem():
    low = lower_conv_pool(conv_pool_op(**FOLDED_STEM))
    text = low.kernel.render()
    assert '#include "boltc/conv_pool.hpp"' in text
    assert ("using Config = boltc::conv_pool::Config<cutlass::half_t, cutlass::half_t, 24, 4, 2, 1, 1, 64, 3, 3, "
            "2, 2, 7, 8, 8>;") in text
    assert "constexpr int kCtasPerSm = 2;" in text
    # The epilogue, per element in float: acc + bias[f] (a row broadcast), ReLU, rounded to f16.
    # The bias (a row broadcast) read through the read-only path (ConvPoolKernel._row_leaf).
    assert "float const e1 = float(__ldg(reinterpret_cast<__half const*>(leaves.x0) + f));" in text
    assert "cutlass::plus<float>{}(e0, e1)" in text
    assert "cutlass::epilogue::thread::ReLu<float>{}(e2)" in text
    assert "boltc::conv_pool::run<Config>(g, input, filter, output, Epilogue{leaves}, smem);" in text
    entry = low.kernel.entry_point
    for prefix, name in (("int", entry.name), ("size_t", entry.workspace_size_name), ("int", entry.can_implement_name)):
        assert f"BOLTC_EXPORT {prefix} {name}(" in text  # the three extern "C" entry points
    assert "94192 B shared memory" in text.splitlines()[0]
    assert low.reason == "the 15x17 convolution outputs under a CTA's 7x8 pooled pixels stay in shared memory"


def test_rendered_tu_of_a_bf16_register_window_without_epilogue():
    low = lower_conv_pool(conv_pool_op(1, 16, 16, 3, 32, 3, 3, padding=(1, 1, 1, 1), window=(2, 2),
                                       pool_padding=(0, 0, 0, 0), dtype="bf16", epilogue="plain"))
    text = low.kernel.render()
    assert ("Config<cutlass::bfloat16_t, cutlass::bfloat16_t, 3, 3, 3, 1, 1, 32, 2, 2, 2, 2, 7, 8, 1>;") in text
    assert "leaves.x0" not in text and "ReLu" not in text
    assert "window by registers" in text.splitlines()[0]


def named_arguments(low) -> dict[str, object]:
    params = low.kernel.entry_point.params
    assert len(params) == len(low.arguments)
    return {p.name: a for p, a in zip(params, low.arguments)}


def test_arguments_map_the_operands_and_the_sizes():
    args = named_arguments(lower_conv_pool(conv_pool_op(**FOLDED_STEM)))
    assert (args["input"], args["filter"], args["output"], args["x0"]) == \
        (("input", 0), ("input", 1), ("result",), ("input", 2))
    sizes = {k: args[k] for k in ("n", "h", "w", "c", "f", "r", "s", "p", "q", "pad_top", "pad_left", "pad_bottom",
                                  "pad_right", "stride_h", "stride_w", "dilation_h", "dilation_w")}
    assert sizes == dict(n=2, h=19, w=17, c=24, f=64, r=4, s=2, p=16, q=16, pad_top=0, pad_left=0, pad_bottom=0,
                         pad_right=0, stride_h=1, stride_w=1, dilation_h=1, dilation_w=1)
    pool = {k: args[k] for k in ("pool_h", "pool_w", "pool_stride_h", "pool_stride_w", "pool_pad_top",
                                 "pool_pad_left", "pool_pad_bottom", "pool_pad_right", "pp", "pq")}
    assert pool == dict(pool_h=3, pool_w=3, pool_stride_h=2, pool_stride_w=2, pool_pad_top=1, pool_pad_left=1,
                        pool_pad_bottom=1, pool_pad_right=1, pp=8, pq=8)


SCALED = """\
func.func @main(%x: tensor<1x8x8x8xf16>, %w: tensor<16x3x3x8xf16>) -> tensor<1x4x4x16xf16> {
  %z = bolt.conv_pool(%x, %w) : (tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16>) -> tensor<1x4x4x16xf16> {
  ^bb0(%i: tensor<1x8x8x8xf16>, %f: tensor<16x3x3x8xf16>):
    %y = bolt.conv2d nhwc %i, %f strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<1x8x8x8xf16>, tensor<16x3x3x8xf16> -> tensor<1x8x8x16xf16> {
    ^bb0(%acc: tensor<1x8x8x16xf32>):
      %c = bolt.constant dense<2.500000e-01> : tensor<f32>
      %m = bolt.ew.mul %acc, %c : tensor<1x8x8x16xf32>, tensor<f32> -> tensor<1x8x8x16xf32>
      bolt.yield %m : tensor<1x8x8x16xf32>
    }
    %p = bolt.pool2d max nhwc %y window [2, 2] strides [2, 2] padding [0, 0, 0, 0] : tensor<1x8x8x16xf16> -> tensor<1x4x4x16xf16>
    bolt.yield %p : tensor<1x4x4x16xf16>
  }
  func.return %z : tensor<1x4x4x16xf16>
}
"""


def test_a_scalar_of_the_epilogue_and_a_placed_output_reach_the_call():
    """The epilogue's scalar (acc * 0.25) is a float argument of the host's call; the output's
    pitch is F (16) unless plan-memory placed it in a concatenation (bolt.row_pitch)."""
    from xdsl.dialects.builtin import IntegerAttr, i64

    from boltc.analysis.concat_placement import ROW_PITCH
    from boltc.lowering.host import FloatArgument, IntArgument

    [op] = [o for o in parse_mlir_text(SCALED).walk() if isinstance(o, bolt.ConvPoolOp)]
    args = named_arguments(lower_conv_pool(op))
    assert args["s0"] == 0.25 and args["ldd"] == 16
    call = lower_anchor(op, "sm_90a")
    by_name = {name: argument for (_, name), argument in zip(call.parameters, call.arguments)}
    assert by_name["s0"] == FloatArgument(0.25) and by_name["ldd"] == IntArgument(16)
    assert "leaves.s0" in call.unit.source
    op.attributes[ROW_PITCH] = IntegerAttr(48, i64)
    assert named_arguments(lower_conv_pool(op))["ldd"] == 48


def test_arguments_follow_the_op_s_operand_order():
    """Operands (bias, image, filter): each pointer is the op's operand it names, not the
    convolution's position."""
    args = named_arguments(lower_conv_pool(conv_pool_op(**FOLDED_STEM, order="bxw")))
    assert (args["input"], args["filter"], args["output"], args["x0"]) == \
        (("input", 1), ("input", 2), ("result",), ("input", 0))


def test_an_operand_read_twice_is_one_operand():
    """The image is the convolution's input and its residual (an aux load, with its row pitch)."""
    low = lower_conv_pool(conv_pool_op(1, 8, 8, 16, 16, 1, 1, epilogue="residual_is_input"))
    args = named_arguments(low)
    assert (args["input"], args["filter"], args["output"], args["x0"], args["x0_ld"]) == \
        (("input", 0), ("input", 1), ("result",), ("input", 0), 16)
    assert "leaves.x0[m * leaves.x0_ld + f]" in low.kernel.render()


def test_the_host_call_carries_the_fusion_reason():
    reason = "the convolution's 2x16x16x64 output (0.1 MiB) stays on chip: not written and read back by the pool"
    call = lower_anchor(conv_pool_op(**FOLDED_STEM, fusion_reason=reason), "sm_90a")
    assert call.family == "conv_pool"
    assert call.reason == (f"fused: {reason}; the 15x17 convolution outputs under a CTA's 7x8 pooled pixels "
                           "stay in shared memory")
    pointers = [(name, a) for (_, name), a in zip(call.parameters, call.arguments)
                if isinstance(a, (OperandPointer, ResultPointer))]
    assert pointers == [("input", OperandPointer(0)), ("filter", OperandPointer(1)), ("output", ResultPointer()),
                        ("x0", OperandPointer(2))]


# ---- nvcc -----------------------------------------------------------------------------------------


@pytest.mark.nvcc
@pytest.mark.timeout(600)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_folded_stem_tu_compiles_and_its_budget_is_the_header_s(tmp_path: Path):
    """About 6 s here: the rendered TU, with static_asserts that the header's Config derives the
    sizes ConvPoolConfig does (a budget that disagreed would launch with too little shared memory),
    compiled with nvcc -c for sm_90a."""
    kernel = lower_conv_pool(conv_pool_op(**FOLDED_STEM)).kernel
    c = kernel.config
    checks = [("kSmemBytes", c.smem_bytes()), ("kConvH", c.conv_tile[0]), ("kConvW", c.conv_tile[1]),
              ("kInH", c.input_window[0]), ("kInW", c.input_window[1]), ("kK", c.k)]
    source = tmp_path / "conv_pool.cu"
    source.write_text(kernel.render() + "\n" + "".join(
        f'static_assert(Config::{name} == {value}, "{name}");\n' for name, value in checks))
    command = [str(build.find_nvcc()), *build.compile_flags(Arch.SM90A),
               *(f"-I{d}" for d in build.cutlass_include_dirs()), "-c", "-o", str(tmp_path / "conv_pool.o"),
               str(source)]
    result = subprocess.run(command, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-4000:]
    assert (tmp_path / "conv_pool.o").read_bytes()[:4] == b"\x7fELF"
    # The same TU with a wrong budget must not compile: the static_asserts are live.
    source.write_text(kernel.render() + f'\nstatic_assert(Config::kSmemBytes == {c.smem_bytes() + 16}, "x");\n')
    assert subprocess.run(command, capture_output=True, text=True).returncode != 0


@pytest.mark.nvcc
@pytest.mark.timeout(600)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
@pytest.mark.parametrize("case", ["rgb_stem_sm80", "residual_sm90a"])
def test_generated_kernels_compile(case, tmp_path: Path):
    """About 6 s each: the register window with bias + ReLU for sm_80, and an aux-load residual
    (the image read twice) in bf16 for sm_90a, through build.py (the three entry points in the object)."""
    if case == "rgb_stem_sm80":
        op, arch = conv_pool_op(**RGB_STEM), Arch.SM80
    else:
        op, arch = conv_pool_op(1, 8, 8, 16, 16, 1, 1, epilogue="residual_is_input", dtype="bf16"), Arch.SM90A
    kernel = lower_conv_pool(op, arch=arch.value[0]).kernel
    assert kernel.config.input_vector == (1 if case == "rgb_stem_sm80" else 8)
    compile_kernel_object(kernel, arch, tmp_path)


def test_the_header_constant_names_the_shipped_header():
    assert conv_pool.HEADER == "boltc/conv_pool.hpp"
    assert (build.KERNEL_HEADER_DIR / conv_pool.HEADER).is_file()
