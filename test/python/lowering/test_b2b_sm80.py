"""b2b_sm80 (CUTLASS example 13's B2bGemm) on the CPU: the configuration's refusals, the
epilogues it takes and refuses, the rendered template arguments, the host call's operands, and
one nvcc compile of a generated TU (marker `nvcc`). Numerics: test/gpu/test_b2b_sm80.py."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import torch

from boltc.analysis.b2b_cost import A100_SXM
from boltc.compiler import load_for_compile, lower_library, optimize
from boltc.dialects import bolt
from boltc.lowering.anchors import lower_anchor
from boltc.passes.fuse_b2b import b2b_remarks, build_b2b
from boltc.lowering.build import Arch
from boltc.lowering.cutlass.b2b_sm80 import IDENTITY, B2bSm80Config, B2bSm80Kernel, lower_b2b, tiles_for
from boltc.lowering.cutlass.cpp import Element, GmemLayout, InvalidKernelConfig, UnsupportedEpilogue
from boltc.lowering.host import OperandPointer, ResultPointer

from nvcc_objects import NVCC_MISSING, compile_kernel_object


def mlp_module(k0: int, n0: int, n1: int, *, between: torch.nn.Module | None = None,
               after: bool | torch.nn.Module = True, bias0: bool = True, bias1: bool = True, rows: int = 8192,
               fuse_b2b: bool = True):
    """Linear -> [between] -> Linear [-> relu, or `after` where a module] in f16 through the
    graph passes for sm_80."""
    layers = [torch.nn.Linear(k0, n0, bias=bias0), between or torch.nn.ReLU(), torch.nn.Linear(n0, n1, bias=bias1)]
    if after:
        layers.append(torch.nn.ReLU() if after is True else after)
    model = torch.nn.Sequential(*layers).half()
    module, _ = load_for_compile(model, (torch.randn(rows, k0, dtype=torch.half),))
    optimize(module, "sm_80", "f16", fuse_b2b=fuse_b2b)
    return module


def mlp(k0: int, n0: int, n1: int, **kwargs) -> bolt.B2bOp:
    """The b2b op fuse-b2b forms for `mlp_module` (the test fails if it forms none)."""
    module = mlp_module(k0, n0, n1, **kwargs)
    found = [op for op in module.walk() if isinstance(op, bolt.B2bOp)]
    assert len(found) == 1, module
    return found[0]


def forced_pair(k0: int, n0: int, n1: int, **kwargs) -> bolt.B2bOp:
    """A bolt.b2b of the two gemms built by hand (what fuse-b2b would refuse to form), for the
    emitter's own refusals: a hand-written b2b must get the same reason, located."""
    module = mlp_module(k0, n0, n1, fuse_b2b=False, **kwargs)
    first, second = [op for op in module.walk() if isinstance(op, bolt.GemmOp)]
    return build_b2b(first, second, bolt.Residence.REGISTERS)


def config(**changes) -> B2bSm80Config:
    tile0, tile1, warp0, warp1 = tiles_for(64, 128, bolt.Residence.REGISTERS)
    fields = dict(n0=64, n1=128, element_ab=Element.F16, element_d=Element.F16, element_bias0=Element.F16,
                  layout_b=GmemLayout.COLUMN_MAJOR, residence=bolt.Residence.REGISTERS, tile0=tile0, tile1=tile1,
                  warp0=warp0, warp1=warp1, stages=3, act0="relu", act1="relu", bias1=True)
    return B2bSm80Config(**{**fields, **changes})


def test_the_example_13_register_configuration_is_legal():
    c = config()
    assert (c.tile0.n, c.warp0.n, c.tile1.n, c.warp1.n) == (64, 64, 128, 128)


@pytest.mark.parametrize(
    "changes, reason",
    [
        (dict(n0=48), "N0=48"),
        (dict(n1=256), "N1=256"),
        (dict(warp0=tiles_for(64, 128, bolt.Residence.SHARED_MEMORY)[2]), "WarpShape0::kN == ThreadblockShape0::kN"),
        (dict(stages=2), "at least 3 stages"),
        (dict(element_ab=Element.F32), "f16 or bf16"),
        (dict(tile1=tiles_for(64, 128, bolt.Residence.REGISTERS)[0]), "ThreadblockShape1::kN"),
    ],
)
def test_illegal_configurations_are_refused_before_nvcc(changes, reason):
    with pytest.raises(InvalidKernelConfig, match=reason.replace("(", r"\(").replace(":", ":")):
        config(**changes)


def test_shared_memory_residence_may_split_the_warp_tile():
    tile0, tile1, warp0, warp1 = tiles_for(64, 128, bolt.Residence.SHARED_MEMORY)
    c = config(residence=bolt.Residence.SHARED_MEMORY, warp0=warp0, warp1=warp1)
    assert c.warp0.n == 32 and c.shared_memory_bytes() > config().shared_memory_bytes()


def test_rendered_template_arguments():
    lowered = lower_b2b(mlp(64, 64, 128))
    text = lowered.kernel.render()
    for line in [
        "using ThreadblockShape0 = cutlass::gemm::GemmShape<64, 64, 32>;",
        "using ThreadblockShape1 = cutlass::gemm::GemmShape<64, 128, 32>;",
        # N1 = 128 keeps the product in shared memory (b2b_cost.MAX_SM80_REGISTER_TILE_N1: the
        # register-resident 16x128 warp tile computed wrong columns on an H100).
        "using WarpShape0 = cutlass::gemm::GemmShape<32, 32, 32>;",
        "using WarpShape1 = cutlass::gemm::GemmShape<32, 64, 32>;",
        "constexpr bool SmemAccumulator = true;",
        "using LayoutB = cutlass::layout::ColumnMajor;",
        '#include "device/b2b_gemm.h"',
        "cutlass::epilogue::thread::ScaleType::NoBetaScaling>;",
    ]:
        assert line in text, line
    assert text.count("cutlass::epilogue::thread::LinearCombinationRelu<") == 2
    assert lowered.arguments[:4] == (8192, 64, 128, 64)  # m, n0, n1, k0


def test_register_residence_up_to_n1_64():
    text = lower_b2b(mlp(64, 64, 64)).kernel.render()
    for line in [
        "using WarpShape0 = cutlass::gemm::GemmShape<16, 64, 32>;",
        "using WarpShape1 = cutlass::gemm::GemmShape<16, 64, 32>;",
        "constexpr bool SmemAccumulator = false;",
    ]:
        assert line in text, line


def test_no_relu_after_and_no_second_bias():
    text = lower_b2b(mlp(64, 32, 64, after=False, bias1=False)).kernel.render()
    assert "cutlass::epilogue::thread::LinearCombination<\n    ElementD" in text
    assert "ScaleType::OnlyAlphaScaling>;\n\nusing B2bGemm" in text


def test_the_host_call_passes_the_b2b_operands():
    op = mlp(64, 64, 128)
    call = lower_anchor(op, "sm_80")
    assert call.family == "b2b_gemm_sm80"
    names = [name for _, name in call.parameters]
    args = dict(zip(names, call.arguments))
    first, second = [o for o in op.body.block.ops if isinstance(o, bolt.GemmOp)]
    assert args["a"] == OperandPointer(first.lhs.index)
    assert args["b0"] == OperandPointer(first.rhs.index)
    assert args["b1"] == OperandPointer(second.rhs.index)
    assert args["bias0"] == OperandPointer(first.extras[0].index)
    assert args["bias1"] == OperandPointer(second.extras[0].index)
    assert args["d"] == ResultPointer()


def test_a_first_stage_without_bias_is_refused_with_the_reason():
    assert not any(isinstance(op, bolt.B2bOp) for op in mlp_module(64, 64, 128, bias0=False).walk())
    with pytest.raises(UnsupportedEpilogue, match="always reads a per-channel bias") as error:
        lower_b2b(forced_pair(64, 64, 128, bias0=False))
    assert error.value.location is not None


def test_an_epilogue_op_the_template_lacks_is_refused_not_dropped():
    """hardtanh is bolt.ew.clamp, no activation a b2b kernel applies (its bounds are arguments)."""
    assert not any(isinstance(op, bolt.B2bOp) for op in mlp_module(64, 64, 128, between=torch.nn.Hardtanh()).walk())
    with pytest.raises(UnsupportedEpilogue, match="the first gemm: .*'bolt.ew.clamp'"):
        lower_b2b(forced_pair(64, 64, 128, between=torch.nn.Hardtanh()))


# Every activation the Hopper b2b kernels take, with the functor example 13's stages apply for
# it in f16 (evt.py's tables, the 16-bit-result forms where there are).
ACTIVATIONS = {
    "gelu_erf": (torch.nn.GELU(), "boltc_evt::GeluErfF16"),
    "gelu_tanh": (torch.nn.GELU(approximate="tanh"), "cutlass::epilogue::thread::GELU_taylor"),
    "silu": (torch.nn.SiLU(), "boltc_evt::SiLu"),
    "sigmoid": (torch.nn.Sigmoid(), "boltc_evt::Sigmoid"),
    "hardswish": (torch.nn.Hardswish(), "boltc_evt::HardSwishSat"),
    "softplus": (torch.nn.Softplus(), "boltc_evt::SoftplusHalf"),
    "tanh": (torch.nn.Tanh(), "cutlass::epilogue::thread::Tanh"),
}


@pytest.mark.parametrize("stage", [0, 1])
@pytest.mark.parametrize("name", sorted(ACTIVATIONS))
def test_every_activation_in_either_stage_is_fused_and_applied_by_its_functor(name: str, stage: int):
    """fuse-b2b fuses the pair on sm_80 (mlp asserts one b2b); the stage's output op applies the
    activation's functor: the first through boltc's B2bSm80OutputOp (the mainloop calls it with
    the bias fragment), the second through LinearCombinationGeneric; the other stage keeps relu."""
    module, functor = ACTIVATIONS[name]
    kwargs = dict(between=module) if stage == 0 else dict(after=module)
    kernel = lower_b2b(mlp(64, 64, 128, **kwargs)).kernel
    text = kernel.render()
    template = "boltc::B2bSm80OutputOp" if stage == 0 else "cutlass::epilogue::thread::LinearCombinationGeneric"
    assert f"using EpilogueOutputOp{stage} = {template}<\n    {functor},\n" in text
    assert text.count("cutlass::epilogue::thread::LinearCombinationRelu<") == 1  # the other stage
    assert '#include "boltc/b2b_sm80_output_op.hpp"' in text
    assert ('#include "boltc/evt_functors.hpp"' in text) == functor.startswith("boltc_evt::")
    acts = ("relu", name) if stage else (name, "relu")
    assert (kernel.config.act0, kernel.config.act1) == acts
    assert f"epilogues {acts[0]}(acc + bias) / {acts[1]}(acc + bias)" in text


def test_a_bf16_first_stage_takes_the_bf16_result_form():
    assert "boltc_evt::GeluErfBF16" in B2bSm80Kernel(config(act0="gelu_erf", element_ab=Element.BF16)).render_types()


def test_the_configuration_records_and_describes_the_activations():
    c = config(act0="gelu_erf", act1=IDENTITY, bias1=False)
    assert c.summary().endswith("epilogues gelu_erf(acc + bias) / acc")
    assert not c.relu0 and not c.relu1 and config().relu0
    assert config(act1="silu").summary().endswith("epilogues relu(acc + bias) / silu(acc + bias)")
    with pytest.raises(InvalidKernelConfig, match="act1='elu' is not an activation the kernels apply"):
        config(act1="elu")


class FirstResidualMlp(torch.nn.Module):
    """relu(Linear(act0(Linear(x) + r0))): a residual r0 [M, N0] added in the first stage."""

    def __init__(self, k0: int, n0: int, n1: int, act0: torch.nn.Module | None = None, bias0: bool = True):
        super().__init__()
        self.lin0, self.lin1 = torch.nn.Linear(k0, n0, bias=bias0), torch.nn.Linear(n0, n1)
        self.act0 = act0 or torch.nn.ReLU()

    def forward(self, x, r0):
        return torch.relu(self.lin1(self.act0(self.lin0(x) + r0)))


def first_residual_module(n1: int, act0: torch.nn.Module | None = None, bias0: bool = True, rows: int = 8192):
    """FirstResidualMlp(32, 64, n1) optimized for sm_80 with fuse-b2b (x [rows, 32], r0 [rows, 64])."""
    model = FirstResidualMlp(32, 64, n1, act0, bias0).half()
    x, r0 = torch.randn(rows, 32, dtype=torch.half), torch.randn(rows, 64, dtype=torch.half)
    module, _ = load_for_compile(model, (x, r0))
    optimize(module, "sm_80", "f16", fuse_b2b=True)
    return module


def first_residual_pair(n1: int, act0: torch.nn.Module | None = None) -> bolt.B2bOp:
    [op] = [op for op in first_residual_module(n1, act0).walk() if isinstance(op, bolt.B2bOp)]
    return op


@pytest.mark.parametrize("n1, residence, act0, base", [
    (64, bolt.Residence.REGISTERS, "relu", "cutlass::epilogue::thread::LinearCombinationRelu<"),
    (128, bolt.Residence.SHARED_MEMORY, "gelu_erf", "boltc::B2bSm80OutputOp<")])
def test_a_first_stage_residual_wraps_the_stage_s_output_op(n1, residence, act0, base):
    """r0 fuses on sm_80: EpilogueOutputOp0 is boltc::B2bSm80FirstResidualOp around the stage's
    own op (include/boltc/b2b_sm80_first_residual.hpp), its Params R0's pointer, row stride and
    the row count; the host call passes r0 as `residual0` and N0 as `ldr0`."""
    op = first_residual_pair(n1, torch.nn.GELU() if act0 == "gelu_erf" else None)
    lowered = lower_b2b(op)
    c = lowered.kernel.config
    assert (c.residence, c.residual0, c.residual1, c.act0) == (residence, True, False, act0)
    assert c.summary().endswith(f"epilogues {act0}(acc + bias + residual) / relu(acc + bias)")
    text = lowered.kernel.render()
    assert '#include "boltc/b2b_sm80_first_residual.hpp"' in text
    assert f"using EpilogueOutputOp0Stage = {base}" in text
    assert ("using EpilogueOutputOp0 = boltc::B2bSm80FirstResidualOp<EpilogueOutputOp0Stage, ElementA, "
            "ThreadblockShape0, WarpShape0>;") in text
    assert "typename EpilogueOutputOp0::Params(boltc::device_pointer<ElementA>(residual0), ldr0, m),\n" in text
    names = [p.name for p in lowered.kernel.params()]
    residual0, ldr0 = lowered.arguments[names.index("residual0")], lowered.arguments[names.index("ldr0")]
    assert residual0[0] == "input" and bolt.shape_of(op.operands[residual0[1]]) == (8192, 64) and ldr0 == 64
    assert lowered.arguments[names.index("residual")] == ("result",)  # no second-stage residual: unread


def test_a_pair_without_a_first_stage_residual_keeps_the_stage_s_op():
    text = lower_b2b(mlp(64, 64, 128)).kernel.render()
    assert "b2b_sm80_first_residual.hpp" not in text and "B2bSm80FirstResidualOp" not in text
    assert "      {ElementBias0(1), ElementBias0(0)},\n" in text


def test_a_first_stage_residual_without_bias0_is_refused_with_the_reason():
    """Example 13's first stage always reads bias0: acc + r0 alone keeps two kernels, and says why."""
    module = first_residual_module(64, bias0=False)
    assert not any(isinstance(op, bolt.B2bOp) for op in module.walk())
    [line] = b2b_remarks(module, A100_SXM)
    assert "the first gemm's epilogue is relu(acc + residual); example 13's first stage always reads" in line, line


class SecondResidualMlp(torch.nn.Module):
    """act(Linear(relu(Linear(x))) + r): a residual [M, N1] added in the second stage."""

    def __init__(self, k0: int, n0: int, n1: int, act: torch.nn.Module, bias1: bool = True):
        super().__init__()
        self.lin0, self.lin1, self.act = torch.nn.Linear(k0, n0), torch.nn.Linear(n0, n1, bias=bias1), act

    def forward(self, x, r):
        return self.act(self.lin1(torch.relu(self.lin0(x))) + r)


def second_residual_pair(n1: int, act: torch.nn.Module, bias1: bool = True, rows: int = 8192) -> bolt.B2bOp:
    model = SecondResidualMlp(64, 64, n1, act, bias1).half()
    x, r = torch.randn(rows, 64, dtype=torch.half), torch.randn(rows, n1, dtype=torch.half)
    module, _ = load_for_compile(model, (x, r))
    optimize(module, "sm_80", "f16", fuse_b2b=True)
    [op] = [op for op in module.walk() if isinstance(op, bolt.B2bOp)]
    return op


@pytest.mark.parametrize("bias1", [True, False])
def test_a_second_stage_residual_is_c1_and_bias1_a_broadcast_vector(bias1: bool):
    """fuse-b2b fuses it on sm_80; the TU's second output op is B2bSm80ResidualOutputOp (the
    epilogue of include/boltc/b2b_sm80_residual.hpp), C1 the residual at its row stride, bias1
    the vector (null without one); the host call passes r as `residual` and N1 as `ldr`."""
    op = second_residual_pair(128, torch.nn.GELU(), bias1)
    lowered = lower_b2b(op)
    c = lowered.kernel.config
    assert (c.residual1, c.bias1, c.act1) == (True, bias1, "gelu_erf")
    assert c.summary().endswith("epilogues relu(acc + bias) / gelu_erf(acc + bias + residual)" if bias1
                                else "epilogues relu(acc + bias) / gelu_erf(acc + residual)")
    text = lowered.kernel.render()
    assert '#include "boltc/b2b_sm80_residual.hpp"' in text
    assert ("using EpilogueOutputOp1 = boltc::B2bSm80ResidualOutputOp<\n    ElementD,\n"
            "    128 / cutlass::sizeof_bits<ElementD>::value,\n    boltc_evt::GeluErfF16>;") in text
    assert "{boltc::device_pointer<ElementD>(residual), LayoutD(ldr)},  // C1: the residual (beta 1)" in text
    bias = "boltc::device_pointer<ElementD>(bias1)" if bias1 else "nullptr"
    assert f"typename EpilogueOutputOp1::Params({bias}, n1)" in text
    names = [p.name for p in lowered.kernel.params()]
    residual, ldr = lowered.arguments[names.index("residual")], lowered.arguments[names.index("ldr")]
    r_index = len(op.operands) - 1  # the residual is the b2b's last operand
    assert residual == ("input", r_index) and ldr == 128
    assert bolt.shape_of(op.operands[r_index]) == (8192, 128)


def test_a_pair_without_residual_keeps_bias1_as_c1():
    """The TU of a pair without a residual is example 13's own: bias1 as C1 (row stride 0),
    LinearCombination(Relu), no residual header; the residual parameter is D's pointer, unread."""
    lowered = lower_b2b(mlp(64, 64, 128))
    text = lowered.kernel.render()
    assert "b2b_sm80_residual.hpp" not in text and "B2bSm80ResidualOutputOp" not in text
    assert "{boltc::device_pointer<ElementD>(bias1), LayoutD(0)},  // C1: bias1 broadcast over rows (or unread)" in text
    names = [p.name for p in lowered.kernel.params()]
    assert lowered.arguments[names.index("residual")] == ("result",)


def test_a_residual_of_another_type_is_refused_with_the_reason():
    """r in f32 beside an f16 result: C has the result's element type."""
    model = SecondResidualMlp(64, 64, 128, torch.nn.ReLU())
    model.lin0.half()
    model.lin1.half()

    class Mixed(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.inner = model

        def forward(self, x, r):
            return torch.relu(self.inner.lin1(torch.relu(self.inner.lin0(x))).float() + r)

    x, r = torch.randn(8192, 64, dtype=torch.half), torch.randn(8192, 128)
    module, _ = load_for_compile(Mixed(), (x, r))
    optimize(module, "sm_80", "f16", fuse_b2b=True)
    assert not any(isinstance(op, bolt.B2bOp) for op in module.walk())


@pytest.mark.parametrize(
    "shape, changes, reason",
    [
        ((64, 64, 128), dict(bias0=False), "the first gemm's epilogue is relu(acc)"),
        ((64, 64, 128), dict(between=torch.nn.Hardtanh()), "'bolt.ew.clamp' is not one example 13 expresses"),
        ((64, 48, 128), {}, "N0=48"),
        ((64, 64, 256), {}, "N1=256"),
    ],
)
def test_fuse_b2b_refuses_what_the_template_cannot_run_and_says_why(shape, changes, reason):
    module = mlp_module(*shape, fuse_b2b=False, **changes)
    lines = b2b_remarks(module, A100_SXM)
    assert len(lines) == 1 and reason in lines[0], lines


def test_opted_in_lowering_of_a_refused_pair_is_two_gemm_kernels():
    """fuse_b2b=True on a pair example 13 cannot run: two gemm_sm80 kernels, no error."""
    model = torch.nn.Sequential(torch.nn.Linear(64, 64, bias=False), torch.nn.ReLU(), torch.nn.Linear(64, 128)).half()
    lib, _ = lower_library(model, (torch.randn(8192, 64, dtype=torch.half),), arch="sm_80", fuse_b2b=True)
    assert [k.family for k in lib.programs[0].anchor_kernels] == ["gemm_sm80", "gemm_sm80"]


@pytest.mark.parametrize("precision", ["f16", "bf16"])
def test_opted_in_lowering_of_the_b2b_gemm_model(precision):
    """test/data/b2b_gemm.mlir (N1 = 16: no example 13 tile) lowers and emits C++ with fuse_b2b=True."""
    data = Path(__file__).parents[2] / "data" / "b2b_gemm.mlir"
    lib, _ = lower_library(data, arch="sm_80", precision=precision, fuse_b2b=True)
    assert [k.family for k in lib.programs[0].anchor_kernels] == ["gemm_sm80", "gemm_sm80"]


@pytest.mark.nvcc
@pytest.mark.timeout(1200)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
def test_generated_b2b_gemm_sm80_compiles(tmp_path: Path):
    compile_kernel_object(lower_b2b(mlp(64, 64, 128)).kernel, Arch.SM80, tmp_path)


@pytest.mark.nvcc
@pytest.mark.timeout(1200)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
@pytest.mark.parametrize("n1, residence", [(64, bolt.Residence.REGISTERS), (128, bolt.Residence.SHARED_MEMORY)])
def test_a_gelu_then_silu_b2b_gemm_sm80_compiles(tmp_path: Path, n1: int, residence: bolt.Residence):
    """B2bSm80OutputOp in both residences' first-stage paths (the register fragment iterator's
    and EpilogueSmemAccumulator's calls), LinearCombinationGeneric after the second GEMM."""
    kernel = lower_b2b(mlp(64, 64, n1, between=torch.nn.GELU(), after=torch.nn.SiLU())).kernel
    assert kernel.config.residence is residence and (kernel.config.act0, kernel.config.act1) == ("gelu_erf", "silu")
    compile_kernel_object(kernel, Arch.SM80, tmp_path)


@pytest.mark.nvcc
@pytest.mark.timeout(1200)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
@pytest.mark.parametrize("n1, residence", [(64, bolt.Residence.REGISTERS), (128, bolt.Residence.SHARED_MEMORY)])
def test_a_first_stage_residual_b2b_gemm_sm80_compiles(tmp_path: Path, n1: int, residence: bolt.Residence):
    """b2b_sm80_first_residual.hpp's specializations: CUTLASS's fragment iterator (registers,
    around B2bSm80OutputOp for GELU) and EpilogueSmemAccumulator (shared memory, around
    LinearCombinationRelu)."""
    kernel = lower_b2b(first_residual_pair(n1, torch.nn.GELU() if n1 == 64 else None)).kernel
    assert kernel.config.residence is residence and kernel.config.residual0
    compile_kernel_object(kernel, Arch.SM80, tmp_path)


@pytest.mark.nvcc
@pytest.mark.timeout(1200)
@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
@pytest.mark.parametrize("n1, residence, act, bias1", [(64, bolt.Residence.REGISTERS, "relu", True),
                                                       (128, bolt.Residence.SHARED_MEMORY, "gelu", False)])
def test_a_second_stage_residual_b2b_gemm_sm80_compiles(tmp_path: Path, n1: int, residence: bolt.Residence,
                                                        act: str, bias1: bool):
    """b2b_sm80_residual.hpp's DefaultB2bGemm specializations (register and shared-memory
    residence) and its EpilogueWithBroadcast, with and without bias1."""
    kernel = lower_b2b(second_residual_pair(n1, torch.nn.ReLU() if act == "relu" else torch.nn.GELU(), bias1)).kernel
    assert kernel.config.residence is residence and kernel.config.residual1
    compile_kernel_object(kernel, Arch.SM80, tmp_path)
