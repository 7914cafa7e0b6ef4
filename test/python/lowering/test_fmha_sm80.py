"""fmha_sm80 without nvcc: the strides and offsets each bolt.attention layout passes to CUTLASS
example 41's kernel, the configuration per head size, the aligned/unaligned choice, refusals,
and the host call (one step, the op's buffers). The kernels run in test/gpu/test_attention_gpu.py."""

from __future__ import annotations

import pytest

from boltc.compiler import optimize
from boltc.dialects import bolt
from boltc.frontends import load
from boltc.lowering.cutlass.cpp import Element, InvalidKernelConfig
from boltc.lowering.cutlass.fmha_sm80 import FmhaSm80Kernel, Strides, fmha_problem, plan_attention
from boltc.lowering.host import lower_to_host


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


def test_packed_qkv_reads_three_slots_of_one_tensor():
    x = (2, 77, 3, 12, 64)
    p = fmha_problem(attention(x, x, x, (2, 77, 12, 64), "bs3hd", "bshd"))
    assert (p.batches, p.heads, p.queries, p.keys, p.head_dim, p.head_dim_value) == (2, 12, 77, 77, 64, 64)
    row, batch = 3 * 12 * 64, 77 * 3 * 12 * 64
    assert (p.q, p.k, p.v) == (Strides(0, batch, 64, row), Strides(768, batch, 64, row), Strides(1536, batch, 64, row))
    assert p.o_row == 12 * 64 and p.scale == 0.125


def test_bhsd_folds_heads_into_the_batch():
    p = fmha_problem(attention((2, 3, 4, 50, 64), (2, 3, 4, 60, 64), (2, 3, 4, 60, 32), (2, 3, 4, 50, 32), "bhsd", "bhsd"))
    assert (p.batches, p.heads, p.queries, p.keys) == (24, 1, 50, 60)
    assert (p.q, p.k, p.v) == (Strides(0, 50 * 64, 0, 64), Strides(0, 60 * 64, 0, 64), Strides(0, 60 * 32, 0, 32))
    assert p.o_row == 32


def test_bhsd_in_bshd_out_and_bshd():
    p = fmha_problem(attention((2, 4, 16, 8), (2, 4, 16, 8), (2, 4, 16, 8), (2, 16, 4, 8), "bhsd", "bshd"))
    assert (p.batches, p.heads) == (2, 4) and p.q == Strides(0, 4 * 16 * 8, 16 * 8, 8) and p.o_row == 32
    p = fmha_problem(attention((2, 16, 4, 8), (2, 20, 4, 8), (2, 20, 4, 8), (2, 16, 4, 8), "bshd", "bshd"))
    assert p.k == Strides(0, 20 * 4 * 8, 8, 32) and p.o_row == 32


@pytest.mark.parametrize("d, dv, tile", [(64, 64, (64, 64, 64)), (32, 64, (64, 64, 64)), (128, 128, (32, 128, 128)),
                                         (64, 96, (32, 128, 128))])
def test_configuration_per_head_size(d, dv, tile):
    plan = plan_attention(attention((4, 16, d), (4, 16, d), (4, 16, dv), (4, 16, dv), "bhsd", "bhsd"))
    k = plan.kernel
    assert (k.queries_per_block, k.keys_per_block, k.max_head_dim) == tile and k.aligned


def test_unaligned_head_size_takes_the_narrow_path():
    assert not plan_attention(attention((4, 16, 12), (4, 16, 12), (4, 16, 12), (4, 16, 12), "bhsd", "bhsd")).kernel.aligned
    # f32: 4 elements are 16 bytes.
    assert plan_attention(attention((4, 16, 12), (4, 16, 12), (4, 16, 12), (4, 16, 12), "bhsd", "bhsd", "f32")).kernel.aligned


def test_refusals():
    with pytest.raises(InvalidKernelConfig, match="head size 160 is above 128"):
        plan_attention(attention((4, 16, 160), (4, 16, 160), (4, 16, 160), (4, 16, 160), "bhsd", "bhsd"))
    with pytest.raises(InvalidKernelConfig, match="head size D=6 is not a multiple of 4"):
        plan_attention(attention((4, 16, 6), (4, 16, 6), (4, 16, 8), (4, 16, 8), "bhsd", "bhsd"))
    with pytest.raises(InvalidKernelConfig, match="an fp32 workspace"):
        FmhaSm80Kernel(Element.F16, True, 64, 64, 128)
    with pytest.raises(InvalidKernelConfig, match="multiples of 32"):
        FmhaSm80Kernel(Element.F16, True, 48, 64, 64)


def test_host_calls_the_kernel_once_with_the_ops_buffers():
    x = (2, 77, 3, 12, 64)
    op = attention(x, x, x, (2, 77, 12, 64), "bs3hd", "bshd")
    module = optimize(op.parent_op().parent_op())
    program = lower_to_host(module, name="model")
    kernel = plan_attention(op).kernel
    assert kernel.name in program.source and '"kernel":"fmha_sm80"' in program.describe_json.replace(" ", "")
    call = [line for line in program.source.splitlines() if line.strip().startswith(f"status = {kernel.name}(")]
    assert call == [f"  status = {kernel.name}(ctx.inputs[0], ctx.inputs[1], ctx.inputs[2], ctx.outputs[0], 0, 768, 1536, "
                    "2, 12, 77, 77, 64, 64, 177408, 64, 2304, 177408, 64, 2304, 177408, 64, 2304, 768, "
                    "0x1.0000000000000p-3f, ctx.stream);"]
    source = kernel.render()
    assert '#include "41_fused_multi_head_attention/kernel_forward.h"' in source
    assert "AttentionKernel<cutlass::half_t, cutlass::arch::Sm80, true, 64, 64, 64, false, false>" in source
