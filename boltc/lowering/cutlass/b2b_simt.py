"""bolt.b2b of two GEMMs of tiny widths -> one CUDA-core kernel (sm_80 and sm_90a):
`boltc/lowering/cutlass/include/boltc/b2b_simt.hpp`.

    D = act1(act0(A @ W0 + bias0) @ W1 + bias1)    A: M x K0, W0: K0 x N0, W1: N0 x N1

For the chains the tensor-core b2b kernels cannot read: rows of A, W or D under TMA's 16 bytes
(b2b_gemm_sm90) and widths under example 13's 32-wide tiles (b2b_gemm_sm80), such as the Bolt
paper's M=2464, K0=4, N0=1 (8 after pad-alignment), N1=4. With K0, N0, N1 <= MAX_WIDTH a row
is at most 2 x 16 x 16 multiply-adds: one thread a row, the widths compile-time (everything
unrolls), the weights in shared memory; the pair is then one pass over A and D, where two
kernels are two launches and a round trip of the first product through memory.

Legality (`simt_refusal`): two gemms (row-major A, 2-D weights, either stored K-major), bias and
relu epilogues (`analysis.b2b_sm80.stage_epilogue`), one element type f16 or bf16, biases f16,
bf16 or f32, K0, N0 and N1 at most MAX_WIDTH. Entry point: m, a, w0, bias0, w1, bias1, d (the
bias pointers unread without a bias: D's stands in), workspace, workspace_size, stream; no
workspace; can_implement refuses m <= 0 only (the widths are the TU's).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from boltc.analysis.b2b_sm80 import StageEpilogue
from boltc.dialects import bolt
from boltc.lowering.cutlass.b2b_sm80 import RESULT, B2bLowering, b2b_operand, bias_operand, planned_pair
from boltc.lowering.cutlass.b2b_sm90 import GemmPair, gemm_pair
from boltc.lowering.cutlass.cpp import (
    EXPORT_MACRO,
    Element,
    InvalidKernelConfig,
    SelfChecking,
    UnsupportedEpilogue,
    lower_at,
)
from boltc.lowering.cutlass.kernel_abi import CParam, CutlassKernel, EntryPoint, ParamRole

FAMILY = "b2b_gemm_simt"
ARCHS = ("sm_90a", "sm_80")
HEADER = "boltc/b2b_simt.hpp"  # boltc/lowering/cutlass/include (build.cutlass_include_dirs)
# A row's two GEMMs unrolled in one thread: 2 x 16 x 16 fp32 multiply-adds, N0 + N1 + K0 <= 48
# registers of values. Wider chains belong to the tensor-core kernels.
MAX_WIDTH = 16
THREADS = 256  # the header's kThreads
MAX_BLOCKS = 8192  # a grid-stride loop past this


@dataclass(frozen=True)
class B2bSimtConfig(SelfChecking):
    """Everything about one b2b_gemm_simt kernel: the widths are compile-time."""

    element: Element
    k0: int
    n0: int
    n1: int
    w0_k_major: bool
    w1_k_major: bool
    bias0: Element | None
    relu0: bool
    bias1: Element | None
    relu1: bool

    def summary(self) -> str:
        def stage(bias: Element | None, relu: bool) -> str:
            core = "acc + bias" if bias is not None else "acc"
            return f"relu({core})" if relu else core

        return (f"{FAMILY} {self.element.short} K0={self.k0} N0={self.n0} N1={self.n1}, "
                f"W0 {'[N0,K0]' if self.w0_k_major else '[K0,N0]'}, W1 {'[N1,N0]' if self.w1_k_major else '[N0,N1]'}, "
                f"epilogues {stage(self.bias0, self.relu0)} / {stage(self.bias1, self.relu1)}")

    def blocker(self) -> str | None:
        return simt_blocker(self.element, self.k0, self.n0, self.n1, self.bias0, self.bias1)

    def template_arguments(self) -> tuple[str, ...]:
        """b2b_simt_kernel's template arguments, in order (the header's declaration)."""
        def b(flag: bool) -> str:
            return "true" if flag else "false"

        return (self.element.cpp, str(self.k0), str(self.n0), str(self.n1), b(self.w0_k_major), b(self.w1_k_major),
                (self.bias0 or self.element).cpp, b(self.bias0 is not None), b(self.relu0),
                (self.bias1 or self.element).cpp, b(self.bias1 is not None), b(self.relu1))

    @classmethod
    def of(cls, pair: GemmPair) -> B2bSimtConfig:
        return cls(pair.element, pair.k0, pair.n0, pair.n1, pair.w0_k_major, pair.w1_k_major,
                   pair.bias0, pair.stage0.relu, pair.bias1, pair.stage1.relu)


def simt_blocker(element: Element, k0: int, n0: int, n1: int, bias0: Element | None, bias1: Element | None) -> str | None:
    """Why the kernel cannot take these widths and types, or None."""
    if element not in (Element.F16, Element.BF16):
        return f"{element.short}: the kernel takes f16 or bf16"
    for what, width in (("K0", k0), ("N0", n0), ("N1", n1)):
        if not 1 <= width <= MAX_WIDTH:
            return f"{what}={width} is not in 1..{MAX_WIDTH} (a row's two GEMMs unrolled in one thread)"
    for what, bias in (("bias0", bias0), ("bias1", bias1)):
        if bias is not None and bias not in (Element.F16, Element.BF16, Element.F32):
            return f"{what} is {bias.short}: the kernel reads biases as f16, bf16 or f32"
    return None


def _params() -> tuple[CParam, ...]:
    R = ParamRole
    return (
        CParam("m", "int", R.M),
        CParam("a", "const void*", R.A),
        CParam("w0", "const void*", R.B),
        CParam("bias0", "const void*", R.LEAF, 0),
        CParam("w1", "const void*", R.B),
        CParam("bias1", "const void*", R.LEAF, 1),
        CParam("d", "void*", R.D),
        CParam("workspace", "void*", R.WORKSPACE), CParam("workspace_size", "size_t", R.WORKSPACE_SIZE),
        CParam("stream", "cudaStream_t", R.STREAM),
    )


_BODY = """\
#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

#include "@HEADER@"

@EXPORT@

namespace {

using Element = @ELEMENT@;
using ElementBias0 = @BIAS0@;
using ElementBias1 = @BIAS1@;
constexpr bool kHasBias0 = @HAS_BIAS0@;
constexpr bool kHasBias1 = @HAS_BIAS1@;

}  // namespace

BOLTC_EXPORT size_t @NAME@_workspace_size(@PROBLEM@) {
  return 0;
}

// 0 (cutlass::Status::kSuccess) where the kernel takes the problem (the widths are the TU's).
BOLTC_EXPORT int @NAME@_can_implement(@PROBLEM@) {
  return m > 0 ? 0 : 4;  // kErrorInvalidProblem
}

// D[m, :] = act1(act0(A[m, :] W0 + bias0) W1 + bias1); returns a cutlass::Status.
BOLTC_EXPORT int @NAME@(@PROBLEM@, void* workspace, size_t workspace_size, cudaStream_t stream) {
  if (m <= 0 || (kHasBias0 && bias0 == nullptr) || (kHasBias1 && bias1 == nullptr)) {
    return 4;  // kErrorInvalidProblem
  }
  int64_t const wanted = (int64_t(m) + boltc::b2b_simt::kThreads - 1) / boltc::b2b_simt::kThreads;
  int const blocks = static_cast<int>(wanted < @MAX_BLOCKS@ ? wanted : @MAX_BLOCKS@);
  boltc::b2b_simt::b2b_simt_kernel<
      @TEMPLATE@><<<blocks, boltc::b2b_simt::kThreads, 0, stream>>>(
      m, static_cast<const Element*>(a), static_cast<const Element*>(w0), static_cast<const ElementBias0*>(bias0),
      static_cast<const Element*>(w1), static_cast<const ElementBias1*>(bias1), static_cast<Element*>(d));
  return cudaGetLastError() == cudaSuccess ? 0 : 7;  // kErrorInternal
}
"""


@dataclass(frozen=True)
class B2bSimtKernel(CutlassKernel):
    FAMILY: ClassVar[str] = FAMILY

    config: B2bSimtConfig

    def _entry_params(self) -> tuple[CParam, ...]:
        return _params()

    def _render(self, name: str) -> str:
        entry = EntryPoint(name, _params())
        problem = ", ".join(p.declaration() for p in entry.problem_params)
        c = self.config
        header = (
            f"// Generated by boltc ({FAMILY}): {c.summary()}.\n"
            "// Exported entry points (boltc/lowering/cutlass/b2b_simt.py documents them):\n"
            + "".join(f"//   {p};\n" for p in entry.prototypes())
        )
        args = c.template_arguments()
        element, _, _, _, _, _, bias0, has_bias0, _, bias1, has_bias1, _ = args
        body = (_BODY.replace("@HEADER@", HEADER).replace("@EXPORT@", EXPORT_MACRO)
                .replace("@ELEMENT@", element).replace("@BIAS0@", bias0).replace("@BIAS1@", bias1)
                .replace("@HAS_BIAS0@", has_bias0).replace("@HAS_BIAS1@", has_bias1)
                .replace("@MAX_BLOCKS@", str(MAX_BLOCKS)).replace("@TEMPLATE@", ", ".join(args))
                .replace("@PROBLEM@", problem).replace("@NAME@", name))
        return f"{header}\n{body}"


@dataclass(frozen=True)
class B2bSimtPlan:
    """A legal pair: its rows, configuration and epilogues (simt_refusal's answer)."""

    rows: int
    config: B2bSimtConfig
    stage0: StageEpilogue
    stage1: StageEpilogue


def simt_refusal(first: bolt.AnchorOp, second: bolt.AnchorOp) -> B2bSimtPlan | str:
    """The plan where this kernel computes `first` feeding `second` exactly; else why not."""
    pair = gemm_pair(first, second)
    if isinstance(pair, str):
        return pair
    for which, stage in (("first", pair.stage0), ("second", pair.stage1)):
        if stage.residual is not None:
            return f"the {which} gemm adds a residual; {FAMILY} adds none (the resident Hopper kernel does)"
    for which, stage in (("first", pair.stage0), ("second", pair.stage1)):
        if stage.activation not in (None, "relu"):
            return (f"the {which} gemm's activation is {stage.activation}; "
                    f"{FAMILY} applies relu or none (the Hopper kernels take the others)")
    blocker = simt_blocker(pair.element, pair.k0, pair.n0, pair.n1, pair.bias0, pair.bias1)
    if blocker:
        return blocker
    return B2bSimtPlan(pair.rows, B2bSimtConfig.of(pair), pair.stage0, pair.stage1)


def lower_b2b(op: bolt.B2bOp, *, arch: str = "sm_90a") -> B2bLowering:
    return lower_at(op, _lower_b2b, arch, (InvalidKernelConfig, UnsupportedEpilogue))


def _lower_b2b(op: bolt.B2bOp, arch: str) -> B2bLowering:
    first, second, plan = planned_pair(op, arch, ARCHS, FAMILY, ": its widths are the problem's", simt_refusal)
    assert isinstance(first, bolt.GemmOp) and isinstance(second, bolt.GemmOp)

    values = (
        plan.rows, b2b_operand(first.lhs), b2b_operand(first.rhs),
        bias_operand(plan.stage0.bias),
        b2b_operand(second.rhs),
        bias_operand(plan.stage1.bias),
        RESULT,
        ParamRole.WORKSPACE, ParamRole.WORKSPACE_SIZE, ParamRole.STREAM,
    )
    return B2bLowering(B2bSimtKernel(plan.config), values, "CUDA cores: widths under the tensor-core b2b kernels' tiles")
