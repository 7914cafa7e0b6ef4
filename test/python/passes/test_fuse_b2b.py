"""fuse-b2b preserves values and fuses exactly where it should: the test/data models (against
their saved torch outputs), random chains of gemm/conv with random epilogues (b2b candidates
and not), and the legality and cost analysis on its own.

A bolt.b2b holds its two anchors unchanged, so the reference executor computes the same
numbers before and after, bit for bit; the comparisons use rtol 1e-4 all the same.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import ModuleOp, f16

import boltc
from boltc.analysis.b2b_cost import (
    A100_SXM,
    H100_SXM,
    B2bProblem,
    GemmShape,
    b2b_plan,
    b2b_profitability_blocker,
    cta_tile_n,
    fused_seconds,
    legal_plans,
    register_footprint,
    shared_memory_bytes,
    unfused_seconds,
)
from boltc.dialects import bolt
from boltc.dialects.bolt import Residence
from boltc.dialects.context import bolt_context
from boltc.frontends import load
from boltc.passes.fuse_b2b import FuseB2bPass, b2b_remarks
from boltc.passes.fuse_epilogue import FuseEpiloguePass

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_fuse_epilogue import (  # noqa: E402  (the random graphs of the epilogue tests)
    FUSIBLE_STEPS,
    RandomGraph,
    apply_steps,
    assert_same,
    draw_steps,
)

DATA = Path(__file__).resolve().parents[2] / "data"
ARCHS = ("sm_90a", "sm_80")


def fuse(module: ModuleOp, arch: str = "sm_90a", kernels: bool = True) -> None:
    FuseEpiloguePass().apply(bolt_context(), module)
    FuseB2bPass(arch=arch, kernels=kernels).apply(bolt_context(), module)
    module.verify()


def b2bs(module: ModuleOp) -> list[bolt.B2bOp]:
    return [op for op in module.walk() if isinstance(op, bolt.B2bOp)]


# --------------------------------------------------------------------------------------
# The test/data models.
# --------------------------------------------------------------------------------------

# Pairs the residence and cost rules fuse (kernels=false)...
EXPECTED_B2B = {"b2b_gemm": 1, "mlp_gelu": 1, "resnet_block": 0, "small_cnn": 0}
# ...and those a b2b kernel of the target runs. On sm_80, CUTLASS example 13's templates
# (analysis/b2b_sm80.py) run neither pair: b2b_gemm's N1 = 16 is no tile of theirs (and f32
# no input type), mlp_gelu's second bias is f32 where its result is f16 (example 13 adds it as
# C). On sm_90a, b2b_gemm_sm90 runs b2b_gemm in f16 and bf16 (not f32: its wgmma operands).
KERNEL_RUNS = {("b2b_gemm", "sm_90a", "f16"), ("b2b_gemm", "sm_90a", "bf16")}


def expected_b2b(name: str, arch: str, element: str = "f32", kernels: bool = True) -> int:
    if kernels and EXPECTED_B2B[name] and (name, arch, element) not in KERNEL_RUNS:
        return 0
    return EXPECTED_B2B[name]


@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("name", sorted(EXPECTED_B2B))
@pytest.mark.parametrize("kernels", (True, False))
def test_models_keep_their_values(name: str, arch: str, kernels: bool, read_saved_io):
    path = DATA / f"{name}.mlir"
    inputs, expected = read_saved_io(path)
    module = load(str(path))
    before = boltc.interpret(module, *inputs)
    fuse(module, arch, kernels)
    after = boltc.interpret(module, *inputs)
    assert_same(after, before)
    assert_same(after, expected, rtol=1e-4, atol=1e-5)
    assert len(b2bs(module)) == expected_b2b(name, arch, kernels=kernels)


def fused_keeping_the_values(model, inputs: tuple, arch: str) -> bolt.B2bOp:
    """`model` (f16 torch) on `inputs` through `arch`'s f16 pipeline without and with fuse-b2b:
    no bolt.b2b, then one (returned); the reference executor gives both builds the same numbers,
    and those of torch in fp32 within 2e-2."""
    from boltc.compiler import load_for_compile, optimize

    results = []
    for fuse_b2b in (False, True):
        module, _ = load_for_compile(model, inputs)
        optimize(module, arch, "f16", fuse_b2b=fuse_b2b)
        results.append(boltc.interpret(module, *(t.numpy() for t in inputs)))
        fused = b2bs(module)
        assert len(fused) == int(fuse_b2b)
    unfused, after = results
    assert_same(after, unfused)
    expected = model.float()(*(t.float() for t in inputs)).detach().numpy()
    np.testing.assert_allclose(np.asarray(after[0], np.float32), expected, rtol=2e-2, atol=2e-2)
    [b2b] = fused
    return b2b


def first_residual_chain(k0: int, n0: int, n1: int, between, after):
    """after(Linear(between(Linear(x) + r0)) [+ r]) in f16, K0 -> N0 -> N1, weights from seed 0:
    a b2b pair with a residual in its first stage and, when called with r, its second."""
    import torch

    class Chain(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.lin0, self.lin1 = torch.nn.Linear(k0, n0), torch.nn.Linear(n0, n1)

        def forward(self, x, r0, *r):
            y = self.lin1(between(self.lin0(x) + r0))
            return after(y + r[0] if r else y)

    torch.manual_seed(0)
    return Chain().half()


@pytest.mark.parametrize("stages", ["first", "both"])
def test_a_first_stage_residual_is_fused_on_sm90a_and_keeps_the_values(stages: str):
    """gelu(x W0 + b0 + r0) W1 + b1 [+ r], silu after, through the sm_90a pipeline with and
    without fuse-b2b: fused, the residuals are the b2b's operands (b2b_gemm_sm90's resident
    kernel adds r0 in its first epilogue), and the reference executor computes the unfused
    pair's numbers."""
    import torch

    model = first_residual_chain(96, 32, 96, torch.nn.functional.gelu, torch.nn.functional.silu)
    shapes = [(4096, 96), (4096, 32), *([(4096, 96)] if stages == "both" else [])]
    inputs = tuple(torch.randn(shape, dtype=torch.half) for shape in shapes)
    b2b = fused_keeping_the_values(model, inputs, "sm_90a")
    first, second = [op for op in b2b.body.block.ops if isinstance(op, bolt.GemmOp)]
    residuals = [e for anchor in (first, second) for e in anchor.extras
                 if bolt.shape_of(e) == bolt.shape_of(anchor.result)]
    assert [bolt.shape_of(r) for r in residuals] == shapes[1:]


@pytest.mark.parametrize("act0, act1", [("gelu", "silu"), ("sigmoid", "hardswish"), ("softplus", "tanh")])
def test_an_activation_chain_is_fused_on_sm80_and_keeps_the_values(act0: str, act1: str):
    """act1(act0(x W0 + b0) W1 + b1) through the sm_80 pipeline with and without fuse-b2b:
    example 13's kernels apply every activation in either stage now, so it fuses, and the
    reference executor computes the unfused pair's numbers."""
    import torch

    functional = {"gelu": torch.nn.functional.gelu, "silu": torch.nn.functional.silu, "sigmoid": torch.sigmoid,
                  "hardswish": torch.nn.functional.hardswish, "softplus": torch.nn.functional.softplus,
                  "tanh": torch.tanh}

    class Chain(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.lin0, self.lin1 = torch.nn.Linear(64, 64), torch.nn.Linear(64, 128)

        def forward(self, x):
            return functional[act1](self.lin1(functional[act0](self.lin0(x))))

    torch.manual_seed(0)
    model = Chain().half()
    inputs = (torch.randn(8192, 64, dtype=torch.half),)
    b2b = fused_keeping_the_values(model, inputs, "sm_80")
    first, second = [op for op in b2b.body.block.ops if isinstance(op, bolt.GemmOp)]
    assert first.epilogue.block.last_op.values[0].owner.name.endswith(act0)
    assert second.epilogue.block.last_op.values[0].owner.name.endswith(act1)


@pytest.mark.parametrize("bias1", [True, False])
def test_a_second_stage_residual_is_fused_on_sm80_and_keeps_the_values(bias1: bool):
    """gelu(relu(x W0 + b0) W1 [+ b1] + r) through the sm_80 pipeline with and without fuse-b2b:
    example 13's B2bGemm adds r as its second stage's C (b2b_sm80_residual.hpp), so it fuses,
    r is the b2b's operand, and the reference executor computes the unfused pair's numbers."""
    import torch

    class Chain(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.lin0, self.lin1 = torch.nn.Linear(64, 64), torch.nn.Linear(64, 128, bias=bias1)

        def forward(self, x, r):
            return torch.nn.functional.gelu(self.lin1(torch.relu(self.lin0(x))) + r)

    torch.manual_seed(0)
    model = Chain().half()
    inputs = (torch.randn(8192, 64, dtype=torch.half), torch.randn(8192, 128, dtype=torch.half))
    b2b = fused_keeping_the_values(model, inputs, "sm_80")
    second = [op for op in b2b.body.block.ops if isinstance(op, bolt.GemmOp)][1]
    assert [bolt.shape_of(e) for e in second.extras] == [*([(128,)] if bias1 else []), (8192, 128)]


@pytest.mark.parametrize("second_residual", [False, True])
def test_a_first_stage_residual_is_fused_on_sm80_and_keeps_the_values(second_residual: bool):
    """relu(silu(x W0 + b0 + r0) W1 + b1 [+ r]) through the sm_80 pipeline with and without
    fuse-b2b: example 13's mainloop adds r0 to the first accumulator (b2b_sm80_first_residual.hpp),
    so it fuses, r0 is the first GEMM's extra inside the b2b, and the reference executor
    computes the unfused pair's numbers."""
    import torch

    model = first_residual_chain(64, 64, 128, torch.nn.functional.silu, torch.relu)
    inputs = (torch.randn(8192, 64, dtype=torch.half), torch.randn(8192, 64, dtype=torch.half))
    if second_residual:
        inputs += (torch.randn(8192, 128, dtype=torch.half),)
    b2b = fused_keeping_the_values(model, inputs, "sm_80")
    first, second = [op for op in b2b.body.block.ops if isinstance(op, bolt.GemmOp)]
    assert [bolt.shape_of(e) for e in first.extras] == [(64,), (8192, 64)]
    assert [bolt.shape_of(e) for e in second.extras] == [(128,), *([(8192, 128)] if second_residual else [])]


def test_a_pair_no_kernel_runs_stays_two_kernels_with_both_reasons():
    """f32 b2b_gemm on sm_90a: the cost model would fuse it (kernels=false above), but neither
    b2b_gemm_sm90 (f16/bf16 wgmma) nor example 13 (no N1 = 16 tile) runs it: fused, the build
    would fail at lowering."""
    module = load(str(DATA / "b2b_gemm.mlir"))
    fuse(module, "sm_90a")
    assert not b2bs(module)
    (line,) = b2b_remarks(module, H100_SXM)
    assert "sm_90a's b2b kernels cannot run it: b2b_gemm_sm90: " in line and "f16 or bf16" in line
    assert "CUTLASS example 13: " in line


def test_b2b_gemm_model_is_register_resident():
    """64x32 -> Linear 32 (+bias, ReLU) -> Linear 16 (+bias): N0 = 32 and N1 = 16 each fit one
    CTA tile; whole rows per warp take 16 + 8 + 8 registers per thread; launch-bound. (sm_80's
    example 13 templates have no N1 = 16 tile: refused there, test_models_keep_their_values.)"""
    for arch in ("sm_90a",):
        module = load(str(DATA / "half" / "b2b_gemm_f16.mlir"))  # f16: b2b_gemm_sm90 runs it
        fuse(module, arch)
        (b2b,) = b2bs(module)
        assert b2b.residence.data == Residence.REGISTERS
        first, second = b2b.anchors()
        assert first.epilogue.block.last_op.values[0].owner.name == "bolt.ew.relu"
        assert [a.type for a in b2b.inputs] == [a.type for a in b2b.body.block.args]
        assert len(b2b.inputs) == 5  # input, W0, b0, W1, b1: everything but the intermediate


@pytest.mark.parametrize(
    "m,k,n0,n1,arch,residence",
    [
        # 64 + 64 + 32 = 160 registers per thread for whole rows: sm_90a has 168, sm_80 128.
        (4096, 64, 128, 128, "sm_90a", Residence.REGISTERS),
        (4096, 64, 128, 128, "sm_80", Residence.SHARED_MEMORY),
        # N0 = 200 takes a 256-wide tile: 128 + 32 + 64 = 224 registers, too many for either.
        (1024, 32, 200, 32, "sm_90a", Residence.SHARED_MEMORY),
        (1024, 32, 200, 32, "sm_80", Residence.SHARED_MEMORY),
    ],
)
def test_residence_is_recorded_on_the_op(m, k, n0, n1, arch, residence):
    g = RandomGraph(np.random.default_rng(0), f16)
    hidden = g.add(bolt.ReluOp(g.gemm(g.input((m, k)), n0, transpose_b=False)))
    g.outputs.append(g.gemm(hidden, n1, transpose_b=True))
    module = g.module()
    if arch == "sm_80":
        # Example 13's templates refuse this pair (no first-stage bias, mixed weight layouts);
        # the residence is the cost model's plan, which fuse-b2b would record.
        from boltc.analysis.b2b_cost import b2b_plan
        from boltc.passes.fuse_b2b import describe_problem, gpu_target

        first, second = [op for op in module.walk() if isinstance(op, bolt.GemmOp)]
        assert b2b_plan(describe_problem(first, second), gpu_target(arch)).residence == residence
        return
    before = boltc.interpret(module, *g.inputs)
    fuse(module, arch)
    (b2b,) = b2bs(module)
    assert b2b.residence.data == residence
    assert_same(boltc.interpret(module, *g.inputs), before)


def test_resnet_block_refusal_is_reported():
    module = load(str(DATA / "resnet_block.mlir"))
    fuse(module)
    (line,) = b2b_remarks(module, H100_SXM)
    assert "the second convolution is 3x3" in line


# --------------------------------------------------------------------------------------
# Random chains: b2b exactly where legality and the cost model say.
# --------------------------------------------------------------------------------------


@dataclass
class Link:
    """One anchor of a drawn chain, as the generator knows it (not read back from the IR)."""

    shape: GemmShape
    input_bytes: int
    weight_bytes: int
    extras_bytes: int = 0
    window: tuple[int, int, int] | None = None  # conv: kernel, stride, padding
    clean: bool = True  # its epilogue fully fused and its result used once

    @property
    def output_bytes(self) -> int:
        return self.shape.m * self.shape.n * 4


class Ambiguous(Exception):
    """The cost model's two predictions are within a few percent: either answer is fine."""


def expected_pairs(links: list[Link]) -> list[Residence]:
    """Which consecutive anchors the pass must fuse (greedy from the front), and how: the
    structure and threadblock residence from the generator's own facts, the residence and the
    profitability from the analysis on a problem built from those facts."""
    pairs, i = [], 0
    while i + 1 < len(links):
        first, second = links[i], links[i + 1]
        if not first.clean and 1 in (first.shape.m, first.shape.n):
            # A result of one row or one column: a "full" residual read of it has the shape of
            # a bias row or column, which fuse-epilogue may take as one (hypothesis found m = n
            # = 1 with three residuals fused): the generator's count cannot say.
            raise Ambiguous
        ok = first.clean and (second.window is None or second.window == (1, 1, 0))
        ok &= first.shape.n <= 256 and second.shape.n <= 256
        if ok:
            problem = B2bProblem(
                first.shape, second.shape, 4, first.input_bytes, first.weight_bytes,
                first.extras_bytes, first.output_bytes, second.weight_bytes, second.extras_bytes,
                second.output_bytes,
            )
            plan = b2b_plan(problem, H100_SXM)
            assert not isinstance(plan, str), plan  # f32 tiles up to 256 fit 227 KiB
            tile0, tile1 = cta_tile_n(first.shape.n, H100_SXM), cta_tile_n(second.shape.n, H100_SXM)
            registers = tile0 // 2 + tile1 // 2 + tile0 // 4 <= H100_SXM.accumulator_registers
            assert plan.residence == (Residence.REGISTERS if registers else Residence.SHARED_MEMORY)
            fused, unfused = fused_seconds(problem, plan, H100_SXM), unfused_seconds(problem, H100_SXM)
            if abs(fused / unfused - 1) < 0.05:
                raise Ambiguous
            ok = fused < unfused
        if ok:
            pairs.append(plan.residence)
            i += 2
        else:
            i += 1
    return pairs


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_random_chains(data, seed):
    draw = data.draw
    g = RandomGraph(np.random.default_rng(seed))
    conv = draw(st.booleans(), label="conv")
    links: list[Link] = []
    if conv:
        nhwc = draw(st.booleans(), label="nhwc")
        n, c, h = draw(st.integers(1, 2)), draw(st.integers(1, 9)), draw(st.integers(3, 8))
        x = g.input((n, h, h, c) if nhwc else (n, c, h, h))
        channel_axis = 3 if nhwc else 1
    else:
        m = draw(st.integers(1, 48), label="m")
        x = g.input((m, draw(st.integers(1, 24))))
        channel_axis = 1
    for _ in range(draw(st.integers(2, 3), label="anchors")):
        # Mostly narrow; sometimes wider than any CTA tile (a threadblock-residence refusal).
        n_out = draw(st.one_of(st.integers(1, 24), st.sampled_from((128, 256, 257, 300))))
        shape = bolt.shape_of(x)
        input_bytes = int(np.prod(shape)) * 4
        if conv:
            kernel, stride = draw(st.sampled_from((1, 3))), draw(st.sampled_from((1, 1, 2)))
            pad = draw(st.sampled_from((0, kernel // 2)))
            if min(shape[1:3] if nhwc else shape[2:]) < kernel:
                pad = kernel // 2  # the window must fit the padded input
            x = g.conv(x, n_out, kernel, stride, pad, nhwc)
            cin = shape[3] if nhwc else shape[1]
            out = bolt.shape_of(x)
            rows = out[0] * (out[1] * out[2] if nhwc else out[2] * out[3])
            k = cin * kernel * kernel
            shape0 = GemmShape(1, rows, n_out, k)
            links.append(Link(shape0, input_bytes, n_out * k * 4, window=(kernel, stride, pad)))
        else:
            x = g.gemm(x, n_out, draw(st.booleans()))
            links.append(Link(GemmShape(1, shape[0], n_out, shape[1]), input_bytes, n_out * shape[1] * 4))
        kinds = draw(st.sampled_from((FUSIBLE_STEPS, (*FUSIBLE_STEPS, "fork"))))
        x, chain = apply_steps(g, x, channel_axis, draw_steps(draw, kinds, max_steps=3))
        links[-1].clean = not chain.forked and chain.full_reads <= 2
        links[-1].extras_bytes = chain.full_reads * links[-1].output_bytes
    try:
        expected = expected_pairs(links)
    except Ambiguous:
        assume(False)
    g.outputs.append(x)
    module = g.module()
    before = boltc.interpret(module, *g.inputs)
    fuse(module, kernels=False)  # the analysis alone: f32 chains, which no b2b kernel takes
    assert_same(boltc.interpret(module, *g.inputs), before)
    assert [b.residence.data for b in b2bs(module)] == expected
    event(f"{len(expected)} b2b, {len(links) - 2 * len(expected)} anchors alone")


# --------------------------------------------------------------------------------------
# The analysis on its own.
# --------------------------------------------------------------------------------------


def gemm_pair(m: int, k0: int, n0: int, n1: int, element_bytes: int = 2) -> B2bProblem:
    eb = element_bytes
    return B2bProblem(
        GemmShape(1, m, n0, k0), GemmShape(1, m, n1, n0), eb,
        input_bytes=m * k0 * eb, weight0_bytes=k0 * n0 * eb, extras0_bytes=n0 * eb,
        intermediate_bytes=m * n0 * eb, weight1_bytes=n0 * n1 * eb, extras1_bytes=n1 * eb,
        output_bytes=m * n1 * eb,
    )


# The Bolt paper's Table 1 (GEMM + ReLU + GEMM + ReLU, fused 1.24x-1.46x faster): M, N0, K0, N1.
PAPER_TABLE_1 = [(2464, 1, 4, 4), (16384, 64, 256, 16), (32768, 128, 576, 64), (128320, 32, 96, 96)]


@pytest.mark.parametrize("gpu", [H100_SXM, A100_SXM], ids=lambda g: g.arch)
@pytest.mark.parametrize("m,n0,k0,n1", PAPER_TABLE_1)
def test_paper_workloads_are_legal_and_profitable(m, n0, k0, n1, gpu):
    problem = gemm_pair(m, k0, n0, n1)
    plan = b2b_plan(problem, gpu)
    assert not isinstance(plan, str), plan
    assert b2b_profitability_blocker(problem, plan, gpu) is None
    speedup = unfused_seconds(problem, gpu) / fused_seconds(problem, plan, gpu)
    assert 1.0 < speedup < 3.0  # the paper measured 1.24x to 1.46x


def test_compute_bound_pair_is_refused():
    problem = gemm_pair(2048, 8192, 128, 128)
    for gpu in (H100_SXM, A100_SXM):
        plan = b2b_plan(problem, gpu)
        assert "compute-bound" in b2b_profitability_blocker(problem, plan, gpu)


def test_threadblock_residence_limit():
    assert not isinstance(legal_plans(gemm_pair(4096, 64, 256, 64), H100_SXM), str)
    assert "N0=257 exceeds the widest CTA tile N (256)" in legal_plans(gemm_pair(4096, 64, 257, 64), H100_SXM)
    assert "N1=300 exceeds" in legal_plans(gemm_pair(4096, 64, 64, 300), A100_SXM)


def test_residence_follows_the_register_budget():
    # 64 + 64 + 32 = 160 registers: within sm_90a's 168, over sm_80's 128.
    assert register_footprint(128, 128) == 160
    problem = gemm_pair(4096, 64, 128, 128)
    assert b2b_plan(problem, H100_SXM).residence == Residence.REGISTERS
    assert b2b_plan(problem, A100_SXM).residence == Residence.SHARED_MEMORY
    # N0 = N1 = 256: shared memory on sm_90a (176 KiB), no room on sm_80 (163 KiB).
    wide = gemm_pair(8192, 4096, 256, 256)
    assert shared_memory_bytes(64, 256, 256, 2, Residence.SHARED_MEMORY) == 176 * 1024
    assert b2b_plan(wide, H100_SXM).residence == Residence.SHARED_MEMORY
    assert "176 KiB of shared memory (163 KiB per CTA on sm_80)" in b2b_plan(wide, A100_SXM)


@settings(max_examples=200, deadline=None)
@given(
    m=st.integers(1, 1 << 20), k0=st.integers(1, 8192), n0=st.integers(1, 512),
    n1=st.integers(1, 512), eb=st.sampled_from((2, 4)),
)
def test_plans_respect_the_target(m, k0, n0, n1, eb):
    problem = gemm_pair(m, k0, n0, n1, eb)
    for gpu in (H100_SXM, A100_SXM):
        plans = legal_plans(problem, gpu)
        if max(n0, n1) > gpu.cta_tile_n[-1]:
            assert isinstance(plans, str) and "exceeds the widest CTA tile N" in plans
            continue
        if isinstance(plans, str):
            continue
        assert plans[0].residence == Residence.REGISTERS or all(
            p.residence == Residence.SHARED_MEMORY for p in plans
        )
        for plan in plans:
            assert plan.tile_n0 >= n0 and plan.tile_n1 >= n1  # one CTA tile covers each N
            assert plan.smem_bytes <= gpu.smem_bytes_per_cta
            if plan.residence == Residence.REGISTERS:
                assert register_footprint(plan.tile_n0, plan.tile_n1) <= gpu.accumulator_registers
        assert problem.fused_bytes < problem.unfused_bytes
        # A fused kernel that stays memory-bound always pays: it moves fewer bytes and saves a
        # launch, and the two kernels it replaces take at least their DRAM time each.
        plan = b2b_plan(problem, gpu)
        memory_bound = problem.fused_bytes / gpu.dram_bytes_per_s + gpu.launch_s
        if fused_seconds(problem, plan, gpu) <= memory_bound * (1 + 1e-12):
            assert b2b_profitability_blocker(problem, plan, gpu) is None


@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("name", [f"{m}_{t}" for m in sorted(EXPECTED_B2B) for t in ("f16", "bf16")])
def test_half_exports_fuse_like_the_f32_models(name: str, arch: str, read_saved_io):
    """The f16/bf16 exports (test/data/half) pair up as the f32 models do; the b2b kernel
    computes what the two anchors computed, up to the half rounding of the intermediate it keeps
    in fp32, and stays near the f32 model."""
    from half_helpers import assert_near_f32_reference

    path = DATA / "half" / f"{name}.mlir"
    inputs, expected = read_saved_io(path)
    module = load(str(path))
    FuseEpiloguePass().apply(bolt_context(), module)
    before = boltc.interpret(module, *inputs)
    FuseB2bPass(arch=arch).apply(bolt_context(), module)
    module.verify()
    after = boltc.interpret(module, *inputs)
    model, element = name.rsplit("_", 1)
    assert len(b2bs(module)) == expected_b2b(model, arch, element)
    ulp = 2.0**-7 if name.endswith("_bf16") else 2.0**-10
    for a, b in zip(after, before):
        assert float(np.max(np.abs(np.asarray(a, np.float64) - b))) <= 4 * ulp * float(np.max(np.abs(b)))
    assert_near_f32_reference(after, expected)


def test_remarks_with_the_pass_off_say_why_a_fusible_pair_stays_apart():
    """boltc.compile runs fuse-b2b by default for B2B_KERNEL_ARCHS (both targets): with it off
    (fuse_b2b=False), `--remarks` says, for a pair the pass and a kernel would take (the f16
    export: b2b_gemm_sm90), that the pass is off, and for one no kernel runs (the f32 model),
    the kernels' reasons."""
    from boltc.compiler import ARCHES, B2B_KERNEL_ARCHS, unfused_b2b_remarks

    assert B2B_KERNEL_ARCHS == set(ARCHES) == {"sm_90a", "sm_80"}
    half = load(str(DATA / "half" / "b2b_gemm_f16.mlir"))
    FuseEpiloguePass().apply(bolt_context(), half)
    (line,) = unfused_b2b_remarks(half, "sm_90a")
    assert "not fused back to back" in line and "fuse-b2b is off for this build (fuse_b2b=False" in line
    single = load(str(DATA / "b2b_gemm.mlir"))
    FuseEpiloguePass().apply(bolt_context(), single)
    (line,) = unfused_b2b_remarks(single, "sm_90a")
    assert "sm_90a's b2b kernels cannot run it" in line
