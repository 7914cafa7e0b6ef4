"""fmha_sm90 without a GPU: which attention problems go to example 88's Hopper kernel and which
to fmha_sm80 (and why), the template arguments and strides it renders, the host call with its
workspace (the kernel's log-sum-exp), and one nvcc compile of BERT's TU. The kernels run in
test/gpu/test_attention_gpu.py."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from boltc.compiler import optimize
from boltc.dialects import bolt
from boltc.frontends import load
from boltc.lowering.anchors import lower_anchor
from boltc.lowering.cutlass import fmha_sm90
from boltc.lowering.cutlass.cpp import Element, InvalidKernelConfig
from boltc.lowering.cutlass.fmha_sm80 import fmha_problem
from boltc.lowering.cutlass.fmha_sm90 import FmhaSm90Kernel, Fusion, Schedule, choose_family, plan_attention
from boltc.lowering.host import lower_to_host

from nvcc_objects import NVCC_MISSING


def t(*shape: int, dtype: str = "f16") -> str:
    return "tensor<" + "x".join(map(str, shape)) + f"x{dtype}>"


def attention(q, k, v, out, layout: str, out_layout: str, dtype: str = "f16") -> bolt.AttentionOp:
    text = (f"func.func @main(%q: {t(*q, dtype=dtype)}, %k: {t(*k, dtype=dtype)}, %v: {t(*v, dtype=dtype)}) -> {t(*out, dtype=dtype)} {{\n"
            f"  %o = bolt.attention %q, %k, %v scale 0.125 layout {layout} -> {out_layout} : "
            f"{t(*q, dtype=dtype)}, {t(*k, dtype=dtype)}, {t(*v, dtype=dtype)} -> {t(*out, dtype=dtype)}\n"
            f"  func.return %o : {t(*out, dtype=dtype)}\n}}\n")
    module = load(text)
    (op,) = [o for o in module.walk() if isinstance(o, bolt.AttentionOp)]
    return op


def bert(s: int = 128, b: int = 32, dtype: str = "f16") -> bolt.AttentionOp:
    x = (b, s, 3, 12, 64)
    return attention(x, x, x, (b, s, 12, 64), "bs3hd", "bshd", dtype)


def bhsd(b, h, sq, sk, d, dv, dtype="f16") -> bolt.AttentionOp:
    return attention((b, h, sq, d), (b, h, sk, d), (b, h, sk, dv), (b, h, sq, dv), "bhsd", "bhsd", dtype)


def family(op: bolt.AttentionOp, arch: str = "sm_90a") -> fmha_sm90.FamilyChoice:
    return choose_family(fmha_problem(op), Element.from_mlir(op.result.type.get_element_type()), arch)


def test_bert_goes_to_fmha_sm90_and_passes_the_packed_views():
    op = bert()
    assert family(op).family == "fmha_sm90"
    plan = plan_attention(op)
    # 32 x 12 tiles of 128 queries: more than one wave of the 132 SMs, the persistent schedule
    assert plan.kernel == FmhaSm90Kernel(Element.F16, 64, 64, Fusion.DEFAULT, Schedule.PINGPONG)
    row, batch = 3 * 12 * 64, 128 * 3 * 12 * 64
    # Q, K, V: slots 0, 1, 2 of [B, S, 3, H, D]; O: [B, S, H, D] with heads interleaved.
    assert plan.arguments() == (0, 768, 1536, 32, 12, 128, 128, 64, batch, 64, row, batch, 64, row, batch, 64, row,
                                128 * 768, 64, 768, 0.125)


@pytest.mark.parametrize("layout", ["bhsd", "bshd", "bs3hd"])
@pytest.mark.parametrize("dtype", ["f16", "bf16"])
def test_every_layout_and_16_bit_element_is_legal(layout, dtype):
    if layout == "bhsd":
        op = bhsd(2, 4, 64, 64, 64, 64, dtype)
    elif layout == "bshd":
        x = (2, 64, 4, 64)
        op = attention(x, x, x, x, "bshd", "bshd", dtype)
    else:
        op = bert(64, 2, dtype)
    choice = family(op)
    assert choice == fmha_sm90.FamilyChoice("fmha_sm90", "sm_90a: example 88's kernel takes the problem")
    assert plan_attention(op).kernel.element is Element.from_mlir(op.result.type.get_element_type())


def test_bhsd_output_strides_fold_heads_into_the_batch():
    plan = plan_attention(bhsd(2, 4, 256, 256, 128, 128, "bf16"))
    assert plan.kernel == FmhaSm90Kernel(Element.BF16, 128, 128, Fusion.DEFAULT)
    p = plan.problem
    assert (p.batches, p.heads) == (8, 1)
    assert fmha_sm90.output_strides(p) == (256 * 128, 128, 128)  # (batch, head, row)


@pytest.mark.parametrize("sk, fusion", [(128, Fusion.DEFAULT), (192, Fusion.DEFAULT), (77, Fusion.RESIDUAL),
                                        (136, Fusion.RESIDUAL), (8, Fusion.RESIDUAL)])
def test_residual_fusion_exactly_where_the_last_key_block_is_partial(sk, fusion):
    assert plan_attention(bhsd(2, 3, 64, sk, 64, 64)).kernel.fusion is fusion


@pytest.mark.parametrize("d, tile", [(64, (64, 64)), (32, (64, 64)), (40, (64, 64)), (72, (128, 128)), (128, (128, 128))])
def test_smallest_tile_holding_the_head_size(d, tile):
    kernel = plan_attention(bhsd(2, 3, 64, 64, d, d)).kernel
    assert (kernel.key_block, kernel.head_block) == tile


@pytest.mark.parametrize("op_args, reason", [
    ((bhsd, 2, 3, 77, 77, 64, 64), "Sq=77 is not a multiple of 8 (example 88's can_implement)"),
    ((bhsd, 2, 3, 64, 64, 64, 32), "D=64 and Dv=32 differ"),
    ((bhsd, 2, 3, 64, 64, 12, 12), "head size 12 is not a multiple of 8"),
    ((bhsd, 2, 3, 64, 64, 64, 64, "f32"), "f32: example 88's forward kernel takes f16 and bf16"),
])
def test_refusals_go_to_fmha_sm80_with_the_reason(op_args, reason):
    make, *args = op_args
    op = make(*args)
    choice = family(op)
    assert choice.family == "fmha_sm80" and reason in choice.reason
    with pytest.raises(InvalidKernelConfig, match="fmha_sm90: "):
        plan_attention(op)
    call = lower_anchor(op, "sm_90a")
    assert call.family == "fmha_sm80" and call.reason.startswith(f"fmha_sm90 refused: {reason}")


def test_a_head_size_neither_family_takes_is_a_located_error():
    op = bhsd(2, 3, 64, 64, 160, 160)
    assert "head size 160 is above 128" in family(op).reason
    with pytest.raises(InvalidKernelConfig, match=r"<input>:2:3: error: 'bolt.attention': head size 160 is above 128"):
        lower_anchor(op, "sm_90a")


def test_bert_at_77_tokens_is_refused_for_its_query_rows():
    assert family(bert(77, 3)).family == "fmha_sm80"


def test_sm80_always_takes_fmha_sm80():
    assert family(bert(), "sm_80") == fmha_sm90.FamilyChoice("fmha_sm80", "sm_80: fmha_sm90 needs sm_90a")
    assert lower_anchor(bert(), "sm_80").family == "fmha_sm80"
    with pytest.raises(InvalidKernelConfig, match="runs on sm_90a, not sm_80"):
        fmha_sm90.lower_attention(bert(), "sm_80")


def test_kernel_refusals():
    with pytest.raises(InvalidKernelConfig, match="f32: example 88"):
        FmhaSm90Kernel(Element.F32, 64, 64, Fusion.DEFAULT)
    with pytest.raises(InvalidKernelConfig, match="not one of example 88's forward tiles"):
        FmhaSm90Kernel(Element.F16, 128, 64, Fusion.DEFAULT)
    with pytest.raises(InvalidKernelConfig, match="needs ResidualFusion"):
        plan_attention(bhsd(2, 3, 64, 77, 64, 64), FmhaSm90Kernel(Element.F16, 64, 64, Fusion.DEFAULT))
    with pytest.raises(InvalidKernelConfig, match="the head size 128 is larger"):
        plan_attention(bhsd(2, 3, 64, 64, 128, 128), FmhaSm90Kernel(Element.F16, 64, 64, Fusion.DEFAULT))


def test_rendered_template_arguments():
    source = plan_attention(bert(b=8)).kernel.render()  # 96 tiles: cooperative
    assert '#include "88_hopper_fmha/kernel/fmha_kernel_builder.hpp"' in source
    assert "using Stride = cute::tuple<int, cute::_1, cute::tuple<int, int>>;" in source
    assert ("cutlass::fmha::kernel::FmhaBuilder<Element, float, float, cute::Shape<cute::Int<128>, cute::Int<64>, "
            "cute::Int<64>>, Stride, Stride, Stride, cutlass::fmha::collective::DefaultFusion, "
            "cutlass::gemm::KernelTmaWarpSpecializedCooperative>::Kernel") in source
    assert "using Element = cutlass::half_t;" in source
    assert "params.mainloop.scale_softmax_log2 =" in source  # bolt.attention's scale, not 1/sqrt(D)
    pingpong = FmhaSm90Kernel(Element.BF16, 128, 128, Fusion.RESIDUAL, Schedule.PINGPONG)
    source = pingpong.render()
    assert "cutlass::fmha::collective::ResidualFusion, cutlass::gemm::KernelTmaWarpSpecializedPingpong" in source
    assert "using Element = cutlass::bfloat16_t;" in source
    assert pingpong.name != plan_attention(bhsd(2, 3, 64, 77, 128, 128, "bf16")).kernel.name


def test_host_calls_the_kernel_once_with_a_workspace_for_the_log_sum_exp():
    op = bert(128, 2)
    module = optimize(op.parent_op().parent_op())
    program = lower_to_host(module, name="model")
    kernel = plan_attention(op).kernel
    describe = program.describe_json.replace(" ", "")
    assert '"kernel":"fmha_sm90"' in describe and '"kernel":"fmha_sm80"' not in describe
    call = [line for line in program.source.splitlines() if line.strip().startswith(f"status = {kernel.name}(")]
    problem = "0, 768, 1536, 2, 12, 128, 128, 64, 294912, 64, 2304, 294912, 64, 2304, 294912, 64, 2304, 98304, 64, 768"
    assert call == [f"  status = {kernel.name}(ctx.inputs[0], ctx.inputs[1], ctx.inputs[2], ctx.outputs[0], {problem}, "
                    "0x1.0000000000000p-3f, ctx.sm_count, ctx.workspace, ctx.workspace_bytes, ctx.stream);"]
    # prepare() sizes the workspace (2 * 12 * 128 floats) and refuses what can_implement refuses.
    assert f"{kernel.name}_workspace_size({problem}, 0x1.0000000000000p-3f)" in program.source
    assert f"{kernel.name}_can_implement({problem}, 0x1.0000000000000p-3f)" in program.source


@pytest.mark.nvcc
@pytest.mark.timeout(1200)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_bert_attention_tu_compiles_for_sm_90a(tmp_path: Path):
    """BERT's TU (bs3hd f16, D=64, 128x64x64 cooperative) through build.py and nvcc: 60 s on
    the 2-core development machine when alone, about 2 minutes beside other compiles."""
    from boltc.lowering.build import Arch, TranslationUnit, compile_units

    kernel = plan_attention(bert()).kernel
    [obj] = compile_units([TranslationUnit(kernel.name, kernel.render(), Arch.SM90A)], cache_dir=tmp_path, jobs=1,
                          progress=False)
    data = obj.path.read_bytes()
    assert data[:4] == b"\x7fELF"
    for symbol in (kernel.name, f"{kernel.name}_can_implement", f"{kernel.name}_workspace_size"):
        assert symbol.encode() + b"\0" in data
    assert b"sm_90a" in data


@pytest.mark.parametrize("b, h, sq, schedule", [
    (32, 12, 128, Schedule.PINGPONG),     # BERT-base at batch 32: 384 tiles
    (11, 12, 128, Schedule.COOPERATIVE),  # 132 tiles: one wave
    (11, 12, 129, Schedule.PINGPONG),     # 264 tiles (two query blocks a head)
    (1, 1, 128 * 133, Schedule.PINGPONG),
    (2, 4, 64, Schedule.COOPERATIVE),
])
def test_schedule_is_persistent_past_one_wave_of_tiles(b, h, sq, schedule):
    """choose_schedule: ping-pong (persistent) where the (query block, batch, head) tiles are
    more than the 132 SMs, cooperative (one CTA a tile) up to one wave."""
    op = bhsd(b, h, sq, sq, 64, 64)
    problem = fmha_problem(op)
    assert fmha_sm90.tiles(problem) == -(-sq // 128) * b * h
    assert fmha_sm90.choose_schedule(problem) is schedule
    if fmha_sm90.sm90_blocker(problem, Element.F16) is None:
        assert plan_attention(op).kernel.schedule is schedule
