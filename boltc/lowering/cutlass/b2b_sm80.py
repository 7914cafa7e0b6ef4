"""bolt.b2b of two GEMMs -> one CUTLASS 2.x translation unit: CUTLASS example 13's `B2bGemm`
(examples/13_two_tensor_op_fusion in the installed nvidia-cutlass package), two tensor-op
mainloops back to back in one kernel, the first product kept on chip.

    D = epilogue1(epilogue0(A @ B0) @ B1)        A: M x K0, B0: K0 x N0, B1: N0 x N1

The template and what it fixes
------------------------------
`cutlass::gemm::device::B2bGemm<ElementA, LayoutA, ElementB, LayoutB, ElementC, RowMajor,
ElementAccumulator, OpClassTensorOp, Sm80, ThreadblockShape0, ThreadblockShape1, WarpShape0,
WarpShape1, InstructionShape, EpilogueOutputOp0, EpilogueOutputOp1, Swizzle, Stages,
SmemAccumulator, AlignmentA, AlignmentB>`. One CTA per M-tile runs both GEMMs, so
(`B2bSm80Config.blocker`, checked before nvcc):
- threadblock residence: ThreadblockShape0::kN == N0 and ThreadblockShape1::kN == N1 (the
  README's "thread_block_tile_N = problem_N"), both tiles with the same M;
- register residence (`SmemAccumulator = false`, B2bMmaMultistage): WarpShape0::kN ==
  ThreadblockShape0::kN, each warp owns whole rows of the product, which its accumulator
  fragment hands to the second mainloop as its A operand; shared-memory residence
  (`SmemAccumulator = true`, B2bMmaMultistageSmemAccumulator) stages the product in shared
  memory, so the warp tile may split N;
- the mainloop's static_asserts: A and B accesses are 16 bytes (8 half elements: K0 and N0 are
  multiples of 8; the pad-alignment pass pads them), two or more mma.sync K steps per warp tile
  (warp tile K 32 for 16-bit inputs), at least 3 stages (B2bMmaMultistage);
- one LayoutB for both weights: both gemms read their rhs the same way (both `transpose_b`,
  as nn.Linear's weights are, or neither).

Epilogues (`analysis.b2b_sm80.stage_epilogue`, which fuse-b2b consults too; anything else is
refused, located at the anchor, never dropped); `act` any of `SM80_ACTIVATIONS` (relu, gelu_erf,
gelu_tanh, silu, sigmoid, hardswish, softplus, tanh: the Hopper kernels' set), by name in
`B2bSm80Config.act0/act1`:
- first GEMM: `acc + bias0` or `act(acc + bias0)`, bias0 a per-column vector (a [N0] or
  [1, N0] extra). The template always reads a bias vector (its `IteratorAccumulatorScaleBias`
  has no predicate for a null pointer), so a bias-free first stage is refused. The mainloop
  calls EpilogueOutputOp0 as `op(acc, scale, bias)` on each mma.sync accumulator fragment and
  reads bias0 as its ElementCompute (the bias's element here), OnlyAlphaScaling (alpha 1):
  CUTLASS's LinearCombination(Relu) for none and relu (computing in the bias's type), boltc's
  `B2bSm80OutputOp` (include/boltc/b2b_sm80_output_op.hpp: that interface, in fp32) for the
  other activations;
- second GEMM: `acc`, `act(acc)`, `acc + bias1` or `act(acc + bias1)`: bias1 is CUTLASS's
  C operand with row stride 0 (beta 1, NoBetaScaling), so its element must be the output's.
  LinearCombination(Relu) for none and relu, LinearCombinationGeneric for the others. With a
  residual R [M, N1] of the output's type (`act(acc [+ bias1] + R)`, `residual1`), C is R at
  its row stride and bias1 the broadcast vector of CUTLASS's EpilogueWithBroadcast, null for
  none: include/boltc/b2b_sm80_residual.hpp's output op and epilogue, selected by its
  specialization of CUTLASS's DefaultEpilogueTensorOp (what example 13's GEMM and conv
  templates, both residences, build their second epilogue with). A residual R0 [M, N0] of the
  first product's type in the first stage (`act(acc + bias0 + R0)`, `residual0`) is added to
  the accumulator inside the mainloop: include/boltc/b2b_sm80_first_residual.hpp wraps the
  stage's output op with R0's pointer, row stride and row count, and specializes CUTLASS's
  fragment iterator (register residence) and EpilogueSmemAccumulator (shared memory) for it;
  the TU asserts the specialization was taken (`boltc::adds_first_stage_residual`).
An activation other than relu is the GEMM epilogues' functor (`activation_functor`: evt.py's
tables, in the 16-bit-result form where there is one), as the Hopper kernels apply it.

Entry point (the same three C functions as the GEMM families: launch, workspace size,
can-implement): m, n0, n1, k0, a, lda, b0, ldb0, bias0, b1, ldb1, bias1 (D's pointer, unread, without one),
d, ldd, residual, ldr (D's pointer and N1, unread, without one), residual0, ldr0 (the same, N0),
workspace, workspace_size, stream.

Verified on an H100 (2026-11-26, test/gpu/test_b2b_sm80.py, built for sm_80): every chain matches
torch; the register-resident 16x128 second warp tile computed wrong columns, so N1 = 128 keeps
the product in shared memory (analysis/b2b_cost.py: MAX_SM80_REGISTER_TILE_N1). The other
activations (2026-11-29) matched torch on an H200 (test/gpu/test_b2b_sm80.py's
test_every_activation_in_either_stage*, 42 cases). The second-stage residual matched torch on
an H200 (2026-11-30, test_a_second_stage_residual*, GEMM and conv, both residences). The
first-stage residual compiles with nvcc 13 in both residences, GEMM and conv (marker `nvcc`),
and matched torch on the H200 (2026-11-30, test_a_first_stage_residual*, with random legal
GEMM and conv shapes: test_random_legal_*).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from xdsl.ir import BlockArgument, SSAValue

from boltc.analysis.b2b_sm80 import (
    ACCESS_BYTES,
    ACTIVATION_OPS,
    SM80_ACTIVATIONS,
    TILE_N,
    B2bSm80Stages,
    StageEpilogue,
    b2b_sm80_refusal,
)
from boltc.dialects import bolt
from boltc.lowering.cutlass import evt
from boltc.lowering.cutlass.cpp import (
    EXPORT_MACRO,
    Element,
    GmemLayout,
    InvalidKernelConfig,
    SelfChecking,
    Shape3,
    UnsupportedEpilogue,
    instantiate,
    lower_at,
    with_headers,
)
from boltc.lowering.cutlass.gemm_sm80 import INSTRUCTION, SM80_SMEM_CAPACITY
from boltc.lowering.cutlass.kernel_abi import CParam, CutlassKernel, EntryPoint, ParamRole, render_exports

FAMILY = "b2b_gemm_sm80"
TILE_K = 32  # two 16-deep mma.sync steps per warp tile (the mainloop's static_assert: > 1)
TILE_M = 64
MIN_STAGES = 3  # B2bMmaMultistage; 2 would be B2bMmaPipelined
WARPS = 4


# --------------------------------------------------------------------------------------
# Activations.
# --------------------------------------------------------------------------------------

IDENTITY = "identity"  # a stage without an activation


def activation_functor(activation: str, element: Element) -> evt.Functor:
    """The functor a b2b kernel applies for a stage's activation (`analysis.b2b_sm80`'s names;
    IDENTITY for none): the GEMM epilogues' own (lowering/cutlass/evt.py's tables), in the form
    for a result rounded to a 16-bit type at once where there is one (`element`, the stage's
    result: every b2b stage's is, the first product becoming the second mainloop's f16/bf16 A,
    D stored as it). Example 13's kernels here and the Hopper ones (b2b_sm90) alike."""
    if activation == IDENTITY:
        return evt.IDENTITY
    if activation.startswith("gelu_"):
        functor = evt.GELU_FUNCTORS[bolt.GeluApproximation(activation.removeprefix("gelu_"))]
    else:
        functor = evt.UNARY_FUNCTORS[_ACTIVATION_OPS_BY_NAME[activation]]
    return evt.SIXTEEN_BIT_RESULT_FORMS.get((functor.cpp, element), functor)


_ACTIVATION_OPS_BY_NAME = {name: op for op, name in ACTIVATION_OPS.items()}


# --------------------------------------------------------------------------------------
# Configuration, validated as the template's static_asserts and residence require.
# --------------------------------------------------------------------------------------


def stage_text(act: str, core: str) -> str:
    """A stage's epilogue in words: `core` (`acc + bias`...) under its activation, if any."""
    return core if act == IDENTITY else f"{act}({core})"


@dataclass(frozen=True)
class B2bSm80Config(SelfChecking):
    """Everything about the kernel: the two problems' fixed dimensions, types and tiles."""

    n0: int
    n1: int
    element_ab: Element  # A, B0, B1, and the first product handed to the second mainloop
    element_d: Element
    element_bias0: Element
    layout_b: GmemLayout
    residence: bolt.Residence
    tile0: Shape3
    tile1: Shape3
    warp0: Shape3
    warp1: Shape3
    stages: int
    act0: str  # the first stage's activation (analysis.b2b_sm80's names), IDENTITY for none
    act1: str  # the second stage's
    bias1: bool
    # A residual R [M, N1] of D's type added in the second stage before act1: C1 is R and bias1
    # the broadcast vector of boltc/b2b_sm80_residual.hpp's epilogue.
    residual1: bool = False
    # A residual R0 [M, N0] of the first product's type added in the first stage before act0:
    # boltc/b2b_sm80_first_residual.hpp's output op, read in the mainloop's own fragment order.
    residual0: bool = False

    @property
    def relu0(self) -> bool:
        return self.act0 == "relu"

    @property
    def relu1(self) -> bool:
        return self.act1 == "relu"

    def summary(self) -> str:
        return (
            f"{FAMILY} {self.element_ab.short}->{self.element_d.short} N0={self.n0} N1={self.n1} "
            f"B {self.layout_b.value[0]}, {self.residence.value}, tiles {self.tile0}/{self.tile1}, "
            f"warps {self.warp0}/{self.warp1}, stages {self.stages}, "
            f"epilogues {stage_text(self.act0, self.first_core())} / {stage_text(self.act1, self.second_core())}"
        )

    def first_core(self) -> str:
        return "acc + bias" + (" + residual" if self.residual0 else "")

    def second_core(self) -> str:
        return ("acc + bias" if self.bias1 else "acc") + (" + residual" if self.residual1 else "")

    def functor_headers(self) -> tuple[str, ...]:
        """boltc's headers the stages' output ops and activation functors come from."""
        own = {IDENTITY, "relu"}  # CUTLASS's LinearCombination(Relu), in the TU's includes
        headers = [OUTPUT_OP_HEADER] if {self.act0, self.act1} - own else []
        if self.residual0:
            headers.append(FIRST_RESIDUAL_HEADER)
        if self.residual1:
            headers.append(RESIDUAL_HEADER)
        for act, element in ((self.act0, self.element_ab), (self.act1, self.element_d)):
            if act not in own and (header := activation_functor(act, element).header):
                headers.append(header)
        return tuple(dict.fromkeys(headers))

    @property
    def alignment(self) -> int:
        return ACCESS_BYTES // self.element_ab.bytes

    def blocker(self) -> str | None:
        if self.element_ab not in (Element.F16, Element.BF16):
            return f"B2bGemm takes f16 or bf16 inputs, got {self.element_ab.short}"
        for what, n in (("N0", self.n0), ("N1", self.n1)):
            if n not in TILE_N:
                return (f"{what}={n}: one CTA tile covers all of it (threadblock residence) and CUTLASS's "
                        f"warp tiles are powers of two here: {what} must be one of {TILE_N}")
        if self.tile0.n != self.n0 or self.tile1.n != self.n1:
            return (f"ThreadblockShape0::kN {self.tile0.n} and ThreadblockShape1::kN {self.tile1.n} must equal "
                    f"N0={self.n0} and N1={self.n1} (threadblock residence)")
        if self.tile0.m != self.tile1.m:
            return f"both GEMMs run on the same M-tile: tile M {self.tile0.m} != {self.tile1.m}"
        if self.residence is bolt.Residence.REGISTERS and self.warp0.n != self.tile0.n:
            return (f"register residence needs WarpShape0::kN == ThreadblockShape0::kN ({self.warp0.n} != "
                    f"{self.tile0.n}): each warp must own whole rows of the first product")
        for i, (tile, warp) in enumerate(((self.tile0, self.warp0), (self.tile1, self.warp1))):
            if tile.k != TILE_K or warp.k != TILE_K:
                return f"GEMM {i}: tile and warp K must be {TILE_K} (two mma.sync K steps per warp tile)"
            if tile.m % warp.m or tile.n % warp.n or warp.m % INSTRUCTION.m or warp.n % 16:
                return f"GEMM {i}: warp tile {warp} does not divide tile {tile} into mma.sync steps"
            if (tile.m // warp.m) * (tile.n // warp.n) != WARPS:
                return f"GEMM {i}: tile {tile} over warp tile {warp} is not {WARPS} warps (both GEMMs share the CTA)"
        for what, act in (("act0", self.act0), ("act1", self.act1)):
            if act != IDENTITY and act not in SM80_ACTIVATIONS:
                return f"{what}={act!r} is not an activation the kernels apply ({', '.join(sorted(SM80_ACTIVATIONS))})"
        if self.stages < MIN_STAGES:
            return f"B2bMmaMultistage needs at least {MIN_STAGES} stages, got {self.stages}"
        smem = self.shared_memory_bytes()
        if smem > SM80_SMEM_CAPACITY:
            return f"{smem} bytes of shared memory exceed the {SM80_SMEM_CAPACITY} of an sm_80 CTA"
        return None

    def shared_memory_bytes(self) -> int:
        e = self.element_ab.bytes
        stages0 = self.stages * (self.tile0.m + self.tile0.n) * TILE_K * e
        stages1 = self.stages * self.tile1.n * TILE_K * e
        product = self.tile0.m * self.n0 * e if self.residence is bolt.Residence.SHARED_MEMORY else 0
        return max(stages0, stages1) + stages1 + product  # an upper bound of B2bMmaBase's union


def tiles_for(n0: int, n1: int, residence: bolt.Residence) -> tuple[Shape3, Shape3, Shape3, Shape3]:
    """(tile0, tile1, warp0, warp1): 64-row tiles of 4 warps. Registers: each warp 16 whole
    rows (example 13's sm80_rf choice). Shared memory: 2 x 2 warps when N allows."""
    tile0, tile1 = Shape3(TILE_M, n0, TILE_K), Shape3(TILE_M, n1, TILE_K)
    if residence is bolt.Residence.REGISTERS:
        return tile0, tile1, Shape3(16, n0, TILE_K), Shape3(16, n1, TILE_K)

    def split(n: int) -> Shape3:
        return Shape3(32, n // 2, TILE_K) if n >= 64 else Shape3(16, n, TILE_K)

    return tile0, tile1, split(n0), split(n1)


# --------------------------------------------------------------------------------------
# The kernel: one TU.
# --------------------------------------------------------------------------------------

_INCLUDES = """\
#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

#include "cutlass/cutlass.h"
#include "cutlass/numeric_types.h"
#include "cutlass/epilogue/thread/linear_combination.h"
#include "cutlass/epilogue/thread/linear_combination_relu.h"
#include "cutlass/gemm/threadblock/threadblock_swizzle.h"
// CUTLASS example 13 (its directory is on the include path: build.cutlass_include_dirs).
#include "device/b2b_gemm.h"
""" + "\n" + EXPORT_MACRO


# `boltc::device_pointer<T>`: make_arguments' typed operand pointers (both example-13 families).
DEVICE_POINTER_HEADER = "boltc/device_pointer.hpp"
# `boltc::B2bSm80OutputOp`, the first stage's output op for an activation other than relu; it
# includes LinearCombinationGeneric (the second stage's) and CUTLASS's activation functors.
OUTPUT_OP_HEADER = "boltc/b2b_sm80_output_op.hpp"
# `boltc::B2bSm80ResidualOutputOp` and the second epilogue (GEMM and conv templates) that adds
# bias1 as a broadcast vector, C1 being the second stage's residual.
RESIDUAL_HEADER = "boltc/b2b_sm80_residual.hpp"
# R0 added in the first stage: the output op and its specializations of CUTLASS's fragment
# iterator (register residence) and EpilogueSmemAccumulator (shared memory).
FIRST_RESIDUAL_HEADER = "boltc/b2b_sm80_first_residual.hpp"


def _params() -> tuple[CParam, ...]:
    R = ParamRole
    return (
        CParam("m", "int", R.M), CParam("n0", "int", R.N), CParam("n1", "int", R.N), CParam("k0", "int", R.K),
        CParam("a", "const void*", R.A), CParam("lda", "int64_t", R.LDA),
        CParam("b0", "const void*", R.B), CParam("ldb0", "int64_t", R.LDB),
        CParam("bias0", "const void*", R.LEAF, 0),
        CParam("b1", "const void*", R.B), CParam("ldb1", "int64_t", R.LDB),
        CParam("bias1", "const void*", R.LEAF, 1),
        CParam("d", "void*", R.D), CParam("ldd", "int64_t", R.LDD),
        CParam("residual", "const void*", R.LEAF, 2), CParam("ldr", "int64_t", R.LEAF_LD, 2),
        CParam("residual0", "const void*", R.LEAF, 3), CParam("ldr0", "int64_t", R.LEAF_LD, 3),
        CParam("workspace", "void*", R.WORKSPACE), CParam("workspace_size", "size_t", R.WORKSPACE_SIZE),
        CParam("stream", "cudaStream_t", R.STREAM),
    )


@dataclass(frozen=True)
class B2bSm80Kernel(CutlassKernel):
    """The B2bGemm TU. b2b_conv_sm80's kernel is this one with convolution layouts, its own
    template and arguments: the hooks below (`ADAPTER`, `INCLUDES`, `params`, `_layout_lines`,
    `_template_lines`, `_render_arguments`) are what differ; tiles, stages and epilogues do not."""

    FAMILY: ClassVar[str] = FAMILY
    ADAPTER: ClassVar[str] = "B2bGemm"  # the device-level type the exports call
    KERNEL: ClassVar[str] = "B2bGemmKernel"  # the adapter's kernel type (its B2bMma, the mainloop)
    INCLUDES: ClassVar[str] = _INCLUDES
    WHAT_A1: ClassVar[str] = "The first product"  # what the second mainloop reads as A1
    WHERE_BIAS1: ClassVar[str] = "C with row stride 0"
    WIDTHS: ClassVar[tuple[str, str]] = ("N0", "N1")  # the two products' widths, as the docs name them

    config: B2bSm80Config

    @staticmethod
    def params() -> tuple[CParam, ...]:
        return _params()

    def _entry_params(self) -> tuple[CParam, ...]:
        return self.params()

    def _render(self, name: str) -> str:
        entry = EntryPoint(name, self.params())
        module = type(self).__module__.replace(".", "/")
        header = (
            f"// Generated by boltc ({self.FAMILY}): {self.config.summary()}.\n"
            f"// Exported entry points ({module}.py documents them):\n"
            + "".join(f"//   {p};\n" for p in entry.prototypes())
        )
        body = "\n".join([self.render_types(), self._render_arguments(entry), render_exports(entry, self.ADAPTER)])
        headers = [DEVICE_POINTER_HEADER, *self.config.functor_headers()]
        return f"{header}\n{with_headers(self.INCLUDES, headers)}\nnamespace {{\n\n{body}"

    def render_types(self) -> str:
        c = self.config
        scale1 = "NoBetaScaling" if c.bias1 else "OnlyAlphaScaling"
        lines = [
            f"using ElementA = {c.element_ab.cpp};",
            f"using ElementB = {c.element_ab.cpp};",
            f"using ElementD = {c.element_d.cpp};",
            "using ElementAccumulator = float;",
            "// The template reads bias0 as EpilogueOutputOp0's ElementCompute.",
            f"using ElementBias0 = {c.element_bias0.cpp};",
            *self._layout_lines(),
            f"using ThreadblockShape0 = cutlass::gemm::GemmShape<{c.tile0.m}, {c.tile0.n}, {c.tile0.k}>;  // N = {self.WIDTHS[0]}",
            f"using ThreadblockShape1 = cutlass::gemm::GemmShape<{c.tile1.m}, {c.tile1.n}, {c.tile1.k}>;  // N = {self.WIDTHS[1]}",
            f"using WarpShape0 = cutlass::gemm::GemmShape<{c.warp0.m}, {c.warp0.n}, {c.warp0.k}>;",
            f"using WarpShape1 = cutlass::gemm::GemmShape<{c.warp1.m}, {c.warp1.n}, {c.warp1.k}>;",
            f"using InstructionShape = cutlass::gemm::GemmShape<{INSTRUCTION.m}, {INSTRUCTION.n}, {INSTRUCTION.k}>;",
            f"constexpr int Stages = {c.stages};",
            f"constexpr bool SmemAccumulator = {'true' if c.residence is bolt.Residence.SHARED_MEMORY else 'false'};",
            "",
            f"// {self.WHAT_A1}, bias0 added per column, goes to the second mainloop as A1: one",
            "// mma.sync accumulator fragment (16x8 over a warp: 4 values) per call.",
            *self._output_op_lines(
                0, c.act0, c.element_ab, "ElementA", "InstructionShape::kM * InstructionShape::kN / 32",
                "ElementBias0", "OnlyAlphaScaling", name="EpilogueOutputOp0Stage" if c.residual0 else None),
            *([f"// {stage_text(c.act0, c.first_core())}: R0 added to each accumulator fragment before the stage's op.",
               "using EpilogueOutputOp0 = " + instantiate(
                   "boltc::B2bSm80FirstResidualOp", "EpilogueOutputOp0Stage", "ElementA", "ThreadblockShape0",
                   "WarpShape0") + ";"] if c.residual0 else []),
            *(self._residual_output_op_lines(c) if c.residual1 else [
                f"// D = [{'relu' if c.act1 in (IDENTITY, 'relu') else c.act1}](acc [+ C]): bias1 is {self.WHERE_BIAS1}.",
                *self._output_op_lines(
                    1, c.act1, c.element_d, "ElementD", "128 / cutlass::sizeof_bits<ElementD>::value", "float", scale1)]),
            "",
            *self._template_lines(),
            *([f"static_assert(boltc::adds_first_stage_residual<typename {self.ADAPTER}::{self.KERNEL}::B2bMma>,",
               '              "the first stage\'s mainloop adds R0 (b2b_sm80_first_residual.hpp)");']
              if c.residual0 else []),
        ]
        return "\n".join(lines) + "\n"

    @staticmethod
    def _output_op_lines(stage: int, act: str, element: Element, output: str, count: str, compute: str,
                         scale: str, name: str | None = None) -> list[str]:
        """`using EpilogueOutputOp<stage> = ...;` applying `act` after the linear combination:
        relu and none as before (CUTLASS's LinearCombinationRelu, LinearCombination); any other
        activation by its functor (`activation_functor`), the first stage through boltc's
        B2bSm80OutputOp (the mainloop calls it with the bias fragment, which
        LinearCombinationGeneric has no overload for), the second through LinearCombinationGeneric."""
        tail = (output, count, "ElementAccumulator", compute, f"cutlass::epilogue::thread::ScaleType::{scale}")
        name = name or f"EpilogueOutputOp{stage}"
        if act in (IDENTITY, "relu"):
            op = "LinearCombinationRelu" if act == "relu" else "LinearCombination"
            return [f"using {name} = " + instantiate(f"cutlass::epilogue::thread::{op}", *tail) + ";"]
        functor = activation_functor(act, element).cpp
        template = "boltc::B2bSm80OutputOp" if stage == 0 else "cutlass::epilogue::thread::LinearCombinationGeneric"
        return [f"// {act}: {functor}, computed in float.",
                f"using {name} = " + instantiate(template, functor, *tail) + ";"]

    @staticmethod
    def _residual_output_op_lines(c: B2bSm80Config) -> list[str]:
        """The second stage with a residual: C1 is R (beta 1), bias1 the epilogue's broadcast
        vector (boltc/b2b_sm80_residual.hpp), the activation applied in float."""
        if c.act1 == IDENTITY:
            activation = "cutlass::epilogue::thread::Identity"
        elif c.act1 == "relu":
            activation = "cutlass::epilogue::thread::ReLu"
        else:
            activation = activation_functor(c.act1, c.element_d).cpp
        core = c.second_core()
        return [f"// D = {core if c.act1 == IDENTITY else f'{c.act1}({core})'}: C1 is the residual, bias1 a broadcast vector.",
                "using EpilogueOutputOp1 = " + instantiate(
                    "boltc::B2bSm80ResidualOutputOp", "ElementD", "128 / cutlass::sizeof_bits<ElementD>::value",
                    activation) + ";"]

    def _layout_lines(self) -> list[str]:
        return [
            "using LayoutA = cutlass::layout::RowMajor;",
            f"using LayoutB = {self.config.layout_b.cpp};  // B0 and B1 alike: the template has one LayoutB",
            "using LayoutD = cutlass::layout::RowMajor;",
            f"constexpr int Alignment = {self.config.alignment};  // default_b2b_mma.h asserts 128-bit accesses",
        ]

    def _template_lines(self) -> list[str]:
        return [
            "using B2bGemm = "
            + instantiate(
                "cutlass::gemm::device::B2bGemm",
                "ElementA", "LayoutA", "ElementB", "LayoutB", "ElementD", "LayoutD", "ElementAccumulator",
                "cutlass::arch::OpClassTensorOp", "cutlass::arch::Sm80",
                "ThreadblockShape0", "ThreadblockShape1", "WarpShape0", "WarpShape1", "InstructionShape",
                "EpilogueOutputOp0", "EpilogueOutputOp1",
                "cutlass::gemm::threadblock::GemmIdentityThreadblockSwizzle<1>",
                "Stages", "SmemAccumulator", "Alignment", "Alignment",
            ) + ";",
        ]

    def _second_stage_arguments(self, residual_c1: str, bias_c1: str, columns: str) -> tuple[str, str]:
        """make_arguments' C1 and EpilogueOutputOp1 Params lines (this family's and
        b2b_conv_sm80's): with a residual, C1 is it (`residual_c1`, beta 1) and bias1 the
        epilogue's broadcast vector over `columns` (null without one); else C1 is bias1
        broadcast (`bias_c1`, unread without one) and alpha = beta = 1."""
        c = self.config
        if not c.residual1:
            return f"      {bias_c1}", "      {1.0f, 1.0f}"
        bias1 = "boltc::device_pointer<ElementD>(bias1)" if c.bias1 else "nullptr"
        return f"      {residual_c1}", f"      typename EpilogueOutputOp1::Params({bias1}, {columns})"

    def _first_stage_arguments(self, ldr0: str, rows: str) -> str:
        """make_arguments' EpilogueOutputOp0 Params line (this family's and b2b_conv_sm80's):
        alpha 1, beta 0; with a residual R0, its pointer, row stride `ldr0` and row count `rows`."""
        if not self.config.residual0:
            return "      {ElementBias0(1), ElementBias0(0)}"
        return f"      typename EpilogueOutputOp0::Params(boltc::device_pointer<ElementA>(residual0), {ldr0}, {rows})"

    def _render_arguments(self, entry: EntryPoint) -> str:
        problem = ", ".join(p.declaration() for p in entry.problem_params)
        c1, epilogue1 = self._second_stage_arguments(
            "{boltc::device_pointer<ElementD>(residual), LayoutD(ldr)},  // C1: the residual (beta 1)",
            "{boltc::device_pointer<ElementD>(bias1), LayoutD(0)},  // C1: bias1 broadcast over rows (or unread)",
            "n1")
        epilogue0 = self._first_stage_arguments("ldr0", "m")
        return f"""\
typename B2bGemm::Arguments make_arguments({problem}) {{
  using ScaleBiasRef = typename B2bGemm::B2bGemmKernel::B2bMma::IteratorAccumulatorScaleBias::TensorRef;
  return typename B2bGemm::Arguments(
      cutlass::gemm::GemmUniversalMode::kGemm, {{m, n0, k0}}, {{m, n1, n0}},
      {{boltc::device_pointer<ElementA>(a), LayoutA(lda)}},
      {{boltc::device_pointer<ElementB>(b0), LayoutB(ldb0)}},
      {{nullptr, LayoutD(0)}},  // C0: unread (OnlyAlphaScaling)
      ScaleBiasRef(nullptr, 0),  // no per-channel scale (OnlyAlphaScaling)
      ScaleBiasRef(boltc::device_pointer<ElementBias0>(bias0), 0),
      {{boltc::device_pointer<ElementB>(b1), LayoutB(ldb1)}},
{c1}
      {{boltc::device_pointer<ElementD>(d), LayoutD(ldd)}},
      0, 0, 0, 0, 0, 0, 0,  // batch strides: one GEMM pair
{epilogue0},
{epilogue1},
      1);
}}

}}  // namespace
"""


# --------------------------------------------------------------------------------------
# bolt.b2b -> kernel + the arguments it passes.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class B2bLowering:
    """One bolt.b2b lowered, by any b2b family: its kernel and one argument per entry-point
    parameter. Operand arguments are `("input", i)` (the b2b's i-th operand) or `("result",)`;
    the host roles (workspace, workspace size, stream) are their ParamRole."""

    kernel: CutlassKernel
    arguments: tuple[object, ...]
    reason: str = "example 13 tiles: 64-row CTA tiles, N = N0 / N1"


def anchors_of(op: bolt.B2bOp) -> tuple[bolt.AnchorOp, bolt.AnchorOp]:
    first, second = [o for o in op.body.block.ops if isinstance(o, bolt.AnchorOp)]
    return first, second


# What a b2b emitter's lowering passes for a pointer parameter (anchors.py's _b2b_call reads
# them): ("input", i) is the b2b's operand i, ("result",) its result.
RESULT = ("result",)


def b2b_operand(value: SSAValue) -> tuple[str, int]:
    """A value of the b2b's body as the b2b operand it is."""
    assert isinstance(value, BlockArgument)  # the body's arguments are the b2b's operands
    return ("input", value.index)


def bias_operand(bias: SSAValue | None) -> tuple:
    """A stage's bias as its b2b operand; without one the result's pointer stands in (the
    kernels never read it there: their kHasBias is false; example 13's C1 with OnlyAlphaScaling)."""
    return RESULT if bias is None else b2b_operand(bias)


def residual_operand(residual: SSAValue | None) -> tuple:
    """A stage's residual as its b2b operand; without one the result's pointer stands in (never
    read: the Hopper kernels' kHasResidual0 / kHasResidual is false, example 13's C1 is bias1 or
    unread)."""
    return RESULT if residual is None else b2b_operand(residual)


def planned_pair(op: bolt.B2bOp, arch: str, archs: tuple[str, ...], family: str, no_kernel: str,
                 refusal: Callable[[bolt.AnchorOp, bolt.AnchorOp], Any]) -> tuple[bolt.AnchorOp, bolt.AnchorOp, Any]:
    """A Hopper-side b2b family's first steps (b2b_sm90, b2b_conv_sm90, b2b_simt): `arch` among
    `archs`, no #bolt.kernel (`no_kernel`: the message's end, why the family takes none), the body's two anchors and
    `refusal`'s plan for them; InvalidKernelConfig naming `family` otherwise."""
    if arch not in archs:
        raise InvalidKernelConfig(f"{family} runs on {' and '.join(archs)}, not {arch}")
    if op.kernel is not None:
        raise InvalidKernelConfig(f"{family} takes no #bolt.kernel{no_kernel}")
    first, second = anchors_of(op)
    plan = refusal(first, second)
    if isinstance(plan, str):
        raise InvalidKernelConfig(f"{family}: {plan}")
    return first, second, plan


def activation_of(stage: StageEpilogue) -> str:
    """A stage's activation as the configurations name it (IDENTITY for none)."""
    return stage.activation or IDENTITY


def template_stages(first: bolt.AnchorOp, second: bolt.AnchorOp, family: str) -> B2bSm80Stages:
    """The pair's epilogues, or the located refusal fuse-b2b would have given (analysis.b2b_sm80)."""
    verdict = b2b_sm80_refusal(first, second)
    if isinstance(verdict, B2bSm80Stages):
        return verdict
    error = UnsupportedEpilogue if verdict.epilogue else InvalidKernelConfig
    raise error(f"{family}: {verdict.reason}")


def lower_b2b(op: bolt.B2bOp, *, arch: str = "sm_80") -> B2bLowering:
    return lower_at(op, _lower_b2b, arch, (InvalidKernelConfig, UnsupportedEpilogue))


def _lower_b2b(op: bolt.B2bOp, arch: str) -> B2bLowering:
    if arch not in ("sm_80", "sm_90a"):
        raise InvalidKernelConfig(f"{FAMILY} kernels run on sm_80 and sm_90a, not {arch}")
    first, second = anchors_of(op)
    if not (isinstance(first, bolt.GemmOp) and isinstance(second, bolt.GemmOp)):
        raise InvalidKernelConfig(f"{FAMILY} lowers two gemms; this b2b holds {first.name} and {second.name} "
                                  "(b2b_conv_sm80 lowers two convolutions)")
    if op.kernel is not None:
        raise InvalidKernelConfig(f"{FAMILY} takes no #bolt.kernel yet: its tiles follow from N0 and N1")
    stages = template_stages(first, second, FAMILY)
    epilogue0, epilogue1 = stages.first, stages.second
    assert epilogue0.bias is not None  # b2b_sm80_refusal requires it

    batch0, m, n0, k0 = first.problem_shape()
    batch1, m1, n1, k1 = second.problem_shape()
    assert (batch0, m, n0) == (batch1, m1, k1)
    rows = batch0 * m  # a batched lhs times a 2-D weight: the batch folds into M
    element = Element.from_mlir(first.lhs.type.get_element_type())  # type: ignore[attr-defined]
    element_d = Element.from_mlir(second.result.type.get_element_type())  # type: ignore[attr-defined]
    element_bias0 = Element.from_mlir(epilogue0.bias.type.get_element_type())  # type: ignore[attr-defined]

    residence = bolt.Residence(op.residence.data)
    tile0, tile1, warp0, warp1 = tiles_for(n0, n1, residence)
    layout_b = GmemLayout.COLUMN_MAJOR if first.transpose_b is not None else GmemLayout.ROW_MAJOR
    config = B2bSm80Config(
        n0=n0, n1=n1, element_ab=element, element_d=element_d, element_bias0=element_bias0,
        layout_b=layout_b, residence=residence, tile0=tile0, tile1=tile1, warp0=warp0, warp1=warp1,
        stages=MIN_STAGES, act0=activation_of(epilogue0), act1=activation_of(epilogue1),
        bias1=epilogue1.bias is not None, residual1=epilogue1.residual is not None,
        residual0=epilogue0.residual is not None,
    )
    kernel = B2bSm80Kernel(config)

    transposed = layout_b is GmemLayout.COLUMN_MAJOR
    values = (
        rows, n0, n1, k0,
        b2b_operand(first.lhs), k0,
        b2b_operand(first.rhs), k0 if transposed else n0,
        b2b_operand(epilogue0.bias),
        b2b_operand(second.rhs), n0 if transposed else n1,
        # Without a bias1, C1 is never read (OnlyAlphaScaling): D's pointer stands in, aligned.
        bias_operand(epilogue1.bias),
        RESULT, n1,
        residual_operand(epilogue1.residual), n1,  # unread without one (C1 is then bias1)
        residual_operand(epilogue0.residual), n0,  # unread without one
        ParamRole.WORKSPACE, ParamRole.WORKSPACE_SIZE, ParamRole.STREAM,
    )
    return B2bLowering(kernel, values)
