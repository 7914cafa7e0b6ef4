"""fmha_sm90: bolt.attention as one Hopper kernel, CUTLASS's example 88 (TMA + wgmma).

`examples/88_hopper_fmha/kernel/fmha_kernel_builder.hpp` in the nvidia-cutlass package, the
forward kernel in the manner of FlashAttention-3: a producer warpgroup loads Q once and streams
K and V through a shared-memory pipeline with TMA; two consumer warpgroups each own half of the
CTA's query rows, run Q K^T on wgmma with an fp32 accumulator, apply the online softmax (fp32
running max and sum), and feed the probabilities, rounded to the element type, from registers
to the second wgmma (P V). O goes out through CUTLASS 3's TMA epilogue.

What the example's types allow, and so what this family takes (`sm90_blocker` says the rest):
- Strides: Q, K, V and O are cute layouts (row, D, (batch, head)) with D contiguous and the
  other three runtime `int` strides, so bshd, bs3hd (Q/K/V as strided views inside the packed
  QKV projection) and a heads-interleaved O cost nothing, as in fmha_sm80. TMA needs every
  stride and base offset a multiple of 16 bytes, and `int` strides need them below 2^31.
- One head size: the problem shape is (B, H, Sq, Sk, D); V and O share Q's D (Dv != D goes to
  fmha_sm80). D up to the tile's head size, a multiple of 8 (`can_implement`); TMA fills the
  columns past D with zeros, which add nothing to Q K^T and are not stored.
- Sequence lengths: keys past Sk in the last K block would be zero-filled scores of 0, not
  masked; `ResidualFusion` (collective/fmha_fusion.hpp) sets them to -inf before the softmax,
  instantiated exactly when Sk is not a multiple of the key block. Query rows past Sq are
  zero-filled and never stored. `can_implement` also asks Sq to be a multiple of 8 (16 bytes),
  which this lowering keeps: Sq = 77 goes to fmha_sm80.
- The softmax scale: the example fixes it at 1/sqrt(D) in `to_underlying_arguments`; the
  entry point overwrites both copies in the kernel's Params with bolt.attention's `scale`.
- The kernel always writes the log-sum-exp of each row (fp32, for a backward pass): it goes
  to the model's workspace, B*H*Sq*4 bytes (`@NAME@_workspace_size`), and is not read.

Configurations are the example's own forward runners (88_hopper_fmha.cu, `run_fwd_64`,
`run_fwd_128`): 128 query rows per CTA (64 per consumer warpgroup), 64 keys per block for
D <= 64, 128 for D <= 128. The schedule (`choose_schedule`): ping-pong (persistent, one CTA
an SM walking the tiles, Q loaded separately) where the (query block, batch, head) tiles are
more than one wave of the SMs; there its producer loads the next tile while the consumers
finish the last, which a short key loop (BERT's Sk = 128 is two key blocks) cannot hide
otherwise: 10.4 against 13.8 us for BERT-base at batch 32 on the H100 (torch's SDPA: 10.4).
Else the cooperative schedule (one CTA per tile), the example's default. f16 and bf16 only
(the example's fp8 path needs a transposed V).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from boltc.dialects import bolt
from boltc.lowering.cutlass.cpp import (
    EXPORT_MACRO,
    VECTOR_BYTES,
    Element,
    InvalidKernelConfig,
    SelfChecking,
    content_hash,
    lower_at,
)
from boltc.lowering.cutlass.fmha_sm80 import FmhaProblem, fmha_problem
from boltc.tuning.heuristic import H100_SMS

FAMILY = "fmha_sm90"
ARCH = "sm_90a"
HEADER = "88_hopper_fmha/kernel/fmha_kernel_builder.hpp"  # under cutlass_library/source/examples
QUERY_BLOCK = 128  # the example's forward tiles: two consumer warpgroups of 64 rows
INT32_MAX = 2**31 - 1  # the layouts' runtime strides are `int`
GRID_YZ_MAX = 65535  # IndividualTileScheduler: grid (query blocks, B, H)


class Fusion(Enum):
    """collective/fmha_fusion.hpp: what happens to the scores before the softmax."""

    DEFAULT = "cutlass::fmha::collective::DefaultFusion"  # Sk a multiple of the key block
    RESIDUAL = "cutlass::fmha::collective::ResidualFusion"  # keys past Sk in the last block -> -inf


class Schedule(Enum):
    """The forward kernel's schedules (fmha_kernel_builder.hpp): (name, C++ dispatch tag)."""

    COOPERATIVE = ("cooperative", "cutlass::gemm::KernelTmaWarpSpecializedCooperative")
    PINGPONG = ("pingpong", "cutlass::gemm::KernelTmaWarpSpecializedPingpong")

    @property
    def cpp(self) -> str:
        return self.value[1]


# head size of the tile -> keys per block (88_hopper_fmha.cu's run_fwd_64 and run_fwd_128)
KEY_BLOCKS = {64: 64, 128: 128}


@dataclass(frozen=True)
class FmhaSm90Kernel(SelfChecking):
    """FmhaBuilder<element, float, float, Shape<128, keys, head>, strides, fusion, schedule>::Kernel."""

    element: Element
    key_block: int
    head_block: int
    fusion: Fusion
    schedule: Schedule = Schedule.COOPERATIVE

    def summary(self) -> str:
        residual = " residual" if self.fusion is Fusion.RESIDUAL else ""
        return (f"fmha_sm90 {self.element.short} {QUERY_BLOCK}x{self.key_block}x{self.head_block} "
                f"{self.schedule.value[0]}{residual}")

    def blocker(self) -> str | None:
        if self.element not in (Element.F16, Element.BF16):
            return f"{self.element.short}: example 88's forward kernel takes f16 and bf16 (and fp8)"
        if KEY_BLOCKS.get(self.head_block) != self.key_block:
            return (f"tile {QUERY_BLOCK}x{self.key_block}x{self.head_block} is not one of example 88's "
                    f"forward tiles (head size -> keys per block: {KEY_BLOCKS})")
        return None

    @classmethod
    def choose(cls, element: Element, head_dim: int, keys: int,
               schedule: Schedule = Schedule.COOPERATIVE) -> FmhaSm90Kernel:
        """The smallest of the example's tiles holding D; ResidualFusion only where Sk needs it."""
        for head_block, key_block in sorted(KEY_BLOCKS.items()):
            if head_dim <= head_block:
                fusion = Fusion.DEFAULT if keys % key_block == 0 else Fusion.RESIDUAL
                return cls(element, key_block, head_block, fusion, schedule)
        raise InvalidKernelConfig(f"head size {head_dim} is above {max(KEY_BLOCKS)}")

    @property
    def cpp_type(self) -> str:
        return (f"cutlass::fmha::kernel::FmhaBuilder<Element, float, float, "
                f"cute::Shape<cute::Int<{QUERY_BLOCK}>, cute::Int<{self.key_block}>, cute::Int<{self.head_block}>>, "
                f"Stride, Stride, Stride, {self.fusion.value}, {self.schedule.cpp}>::Kernel")

    @property
    def name(self) -> str:
        return f"boltc_fmha_sm90_{content_hash(self.cpp_type, ENTRY_BODY, length=12)}"

    def render(self) -> str:
        return (f"// {self.summary()}\n#include <cmath>\n#include <cstdint>\n\n#include <cuda_runtime.h>\n\n"
                f'#include "{HEADER}"\n#include "88_hopper_fmha/collective/fmha_fusion.hpp"\n'
                f'#include "88_hopper_fmha/device/device_universal.hpp"\n\n{EXPORT_MACRO}\nnamespace {{\n'
                "// (row, D, (batch, head)): D contiguous, the rest runtime strides in elements\n"
                "using Stride = cute::tuple<int, cute::_1, cute::tuple<int, int>>;\n"
                f"using Element = {self.element.cpp};\n"
                f"using Kernel = typename {self.cpp_type};\n"
                + ENTRY_BODY.replace("@NAME@", self.name))


# (C type, name): the entry point's parameters, in order; strides and offsets in elements.
PARAMETERS: tuple[tuple[str, str], ...] = (
    ("const void*", "q"), ("const void*", "k"), ("const void*", "v"), ("void*", "o"),
    ("int64_t", "q_offset"), ("int64_t", "k_offset"), ("int64_t", "v_offset"),
    ("int", "batches"), ("int", "heads"), ("int", "queries"), ("int", "keys"), ("int", "head_dim"),
    ("int64_t", "q_stride_b"), ("int64_t", "q_stride_h"), ("int64_t", "q_stride_m"),
    ("int64_t", "k_stride_b"), ("int64_t", "k_stride_h"), ("int64_t", "k_stride_m"),
    ("int64_t", "v_stride_b"), ("int64_t", "v_stride_h"), ("int64_t", "v_stride_m"),
    ("int64_t", "o_stride_b"), ("int64_t", "o_stride_h"), ("int64_t", "o_stride_m"),
    ("float", "scale"), ("int", "sm_count"),
    ("void*", "workspace"), ("size_t", "workspace_bytes"), ("cudaStream_t", "stream"),
)
# can_implement and workspace_size take the problem: offsets, sizes, strides and the scale
# (the model's prepare() calls them before any context, so not the SM count).
QUERY_PARAMETERS = tuple(i for i, (ctype, name) in enumerate(PARAMETERS)
                         if not ctype.endswith("*") and name not in ("sm_count", "workspace_bytes", "stream"))

_PROBLEM = """\
    int64_t q_offset, int64_t k_offset, int64_t v_offset,
    int batches, int heads, int queries, int keys, int head_dim,
    int64_t q_stride_b, int64_t q_stride_h, int64_t q_stride_m,
    int64_t k_stride_b, int64_t k_stride_h, int64_t k_stride_m,
    int64_t v_stride_b, int64_t v_stride_h, int64_t v_stride_m,
    int64_t o_stride_b, int64_t o_stride_h, int64_t o_stride_m,
    float scale"""

ENTRY_BODY = """\
Stride make_stride(int64_t row, int64_t batch, int64_t head) {
  return Stride{static_cast<int>(row), cute::_1{}, cute::make_tuple(static_cast<int>(batch), static_cast<int>(head))};
}

// Kernel::Arguments for the problem; lse: B*H*Sq floats, row-major [B, H, Sq].
typename Kernel::Arguments make_arguments(
    const void* q, const void* k, const void* v, void* o, float* lse, int sm_count,
@PROBLEM@) {
  typename Kernel::Arguments args{
      cute::make_tuple(batches, heads, queries, keys, head_dim),
      {static_cast<const Element*>(q) + q_offset, make_stride(q_stride_m, q_stride_b, q_stride_h),
       static_cast<const Element*>(k) + k_offset, make_stride(k_stride_m, k_stride_b, k_stride_h),
       static_cast<const Element*>(v) + v_offset, make_stride(v_stride_m, v_stride_b, v_stride_h)},
      {static_cast<Element*>(o), make_stride(o_stride_m, o_stride_b, o_stride_h),
       lse, cute::make_tuple(cute::_1{}, cute::make_tuple(heads * queries, queries))},
      cutlass::KernelHardwareInfo{}};
  args.hw_info.sm_count = sm_count;  // the persistent (ping-pong) scheduler's grid
  return args;
}

size_t lse_bytes(int batches, int heads, int queries) {
  return sizeof(float) * static_cast<size_t>(batches) * static_cast<size_t>(heads) * static_cast<size_t>(queries);
}
}  // namespace

BOLTC_EXPORT size_t @NAME@_workspace_size(
@PROBLEM@) {
  return lse_bytes(batches, heads, queries);
}

// 0 (cutlass::Status::kSuccess) where the kernel takes the problem.
BOLTC_EXPORT int @NAME@_can_implement(
@PROBLEM@) {
  typename Kernel::Arguments args = make_arguments(nullptr, nullptr, nullptr, nullptr, nullptr, 0,
      q_offset, k_offset, v_offset, batches, heads, queries, keys, head_dim,
      q_stride_b, q_stride_h, q_stride_m, k_stride_b, k_stride_h, k_stride_m,
      v_stride_b, v_stride_h, v_stride_m, o_stride_b, o_stride_h, o_stride_m, scale);
  return static_cast<int>(Kernel::can_implement(args) ? cutlass::Status::kSuccess
                                                      : cutlass::Status::kErrorInvalidProblem);
}

// O[b, m, h, :] = softmax(scale * Q[b, h] K[b, h]^T)[m, :] V[b, h], O through its strides.
BOLTC_EXPORT cudaError_t @NAME@(
    const void* q, const void* k, const void* v, void* o,
@PROBLEM@,
    int sm_count, void* workspace, size_t workspace_bytes, cudaStream_t stream) {
  if (workspace_bytes < lse_bytes(batches, heads, queries)) {
    return cudaErrorInvalidValue;
  }
  typename Kernel::Arguments args = make_arguments(q, k, v, o, static_cast<float*>(workspace), sm_count,
      q_offset, k_offset, v_offset, batches, heads, queries, keys, head_dim,
      q_stride_b, q_stride_h, q_stride_m, k_stride_b, k_stride_h, k_stride_m,
      v_stride_b, v_stride_h, v_stride_m, o_stride_b, o_stride_h, o_stride_m, scale);
  if (!Kernel::can_implement(args)) {
    return cudaErrorInvalidValue;
  }
  typename Kernel::Params params = Kernel::to_underlying_arguments(args, nullptr);
  // The example fixes the scale at 1/sqrt(D); bolt.attention carries its own. The softmax
  // takes exp2(x * scale * log2(e) - max), the log-sum-exp uses the plain scale.
  params.mainloop.scale_softmax = scale;
  params.mainloop.scale_softmax_log2 = static_cast<float>(static_cast<double>(scale) * M_LOG2E);
  constexpr int smem_bytes = Kernel::SharedStorageSize;
  if (smem_bytes >= (48 << 10)) {
    // Every launch, as CUTLASS's adapters do: the attribute is the current device's, and a
    // process may run the model on several.
    cudaError_t const attribute = cudaFuncSetAttribute(
        cutlass::device_kernel<Kernel>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes);
    if (attribute != cudaSuccess) {
      return attribute;
    }
  }
  cutlass::Status status = cutlass::device::Universal<Kernel>::run(params, stream);
  cudaError_t launched = cudaGetLastError();
  if (launched != cudaSuccess) {
    return launched;
  }
  return status == cutlass::Status::kSuccess ? cudaSuccess : cudaErrorLaunchFailure;
}
""".replace("@PROBLEM@", _PROBLEM)


def output_strides(p: FmhaProblem) -> tuple[int, int, int]:
    """O's (batch, head, row) strides: rows `o_row` apart, Sq rows per batch, heads Dv apart
    (fmha_sm80's FmhaProblem; a bhsd output has its heads folded into the batch, H = 1)."""
    return p.queries * p.o_row, p.head_dim_value, p.o_row


def sm90_blocker(p: FmhaProblem, element: Element) -> str | None:
    """Why example 88's kernel cannot compute this problem exactly; None if it can (the
    module docstring gives each rule's source)."""
    if element not in (Element.F16, Element.BF16):
        return f"{element.short}: example 88's forward kernel takes f16 and bf16"
    if p.head_dim != p.head_dim_value:
        return f"D={p.head_dim} and Dv={p.head_dim_value} differ: example 88's problem has one head size"
    if p.head_dim > max(KEY_BLOCKS):
        return f"head size {p.head_dim} is above {max(KEY_BLOCKS)}"
    vector = VECTOR_BYTES // element.bytes
    if p.head_dim % vector:
        return f"head size {p.head_dim} is not a multiple of {vector} (16 bytes: can_implement, TMA)"
    if p.queries % vector:
        return f"Sq={p.queries} is not a multiple of {vector} (example 88's can_implement)"
    strides = [p.o_row, *output_strides(p)]
    for s in (p.q, p.k, p.v):
        strides += [s.batch, s.head, s.row]
    if any(x % vector for x in (*strides, p.q.offset, p.k.offset, p.v.offset)):
        return f"a stride or offset is not a multiple of {vector} elements (TMA needs 16 bytes)"
    if max(strides) > INT32_MAX:
        return "a stride is above 2^31 - 1 (example 88's layouts hold `int` strides)"
    if p.batches > GRID_YZ_MAX or p.heads > GRID_YZ_MAX:
        return f"B={p.batches} or H={p.heads} is above the grid's {GRID_YZ_MAX}"
    return None


def tiles(p: FmhaProblem) -> int:
    """The kernel's work units: (query block, batch, head)."""
    return -(-p.queries // QUERY_BLOCK) * p.batches * p.heads


def choose_schedule(p: FmhaProblem, sms: int = H100_SMS) -> Schedule:
    """Ping-pong (persistent) where the tiles are more than one wave of the SMs, else
    cooperative (module docstring)."""
    return Schedule.PINGPONG if tiles(p) > sms else Schedule.COOPERATIVE


@dataclass(frozen=True)
class FamilyChoice:
    family: str  # "fmha_sm90" or "fmha_sm80"
    reason: str  # recorded as the anchor's reason


def choose_family(p: FmhaProblem, element: Element, arch: str) -> FamilyChoice:
    """fmha_sm90 on sm_90a where its kernel computes the problem exactly, else fmha_sm80 (it
    runs on both targets and takes every layout, Dv != D and any sequence length)."""
    if arch != ARCH:
        return FamilyChoice("fmha_sm80", f"{arch}: fmha_sm90 needs sm_90a")
    blocker = sm90_blocker(p, element)
    if blocker is not None:
        return FamilyChoice("fmha_sm80", f"fmha_sm90 refused: {blocker}")
    return FamilyChoice(FAMILY, "sm_90a: example 88's kernel takes the problem")


@dataclass(frozen=True)
class FmhaSm90Lowering:
    kernel: FmhaSm90Kernel
    problem: FmhaProblem

    def arguments(self) -> tuple[object, ...]:
        """One value per PARAMETERS entry after the four pointers, up to `scale`."""
        p = self.problem
        return (p.q.offset, p.k.offset, p.v.offset, p.batches, p.heads, p.queries, p.keys, p.head_dim,
                p.q.batch, p.q.head, p.q.row, p.k.batch, p.k.head, p.k.row, p.v.batch, p.v.head, p.v.row,
                *output_strides(p), p.scale)


def plan_attention(op: bolt.AttentionOp, kernel: FmhaSm90Kernel | None = None) -> FmhaSm90Lowering:
    """`op`'s kernel (`kernel`, where given: a tuner's or a benchmark's choice) and arguments;
    InvalidKernelConfig where example 88's kernel cannot compute it exactly."""
    element = Element.from_mlir(op.result.type.get_element_type())
    problem = fmha_problem(op)
    blocker = sm90_blocker(problem, element)
    if blocker is not None:
        raise InvalidKernelConfig(f"fmha_sm90: {blocker}")
    if kernel is None:
        schedule = choose_schedule(problem)
        return FmhaSm90Lowering(FmhaSm90Kernel.choose(element, problem.head_dim, problem.keys, schedule), problem)
    if kernel.element is not element:
        raise InvalidKernelConfig(f"{kernel.summary()} cannot run this {element.short} problem")
    if problem.head_dim > kernel.head_block:
        raise InvalidKernelConfig(f"{kernel.summary()}: the head size {problem.head_dim} is larger")
    if kernel.fusion is Fusion.DEFAULT and problem.keys % kernel.key_block:
        raise InvalidKernelConfig(f"{kernel.summary()}: Sk={problem.keys} needs ResidualFusion (keys past Sk)")
    return FmhaSm90Lowering(kernel, problem)


def lower_attention(op: bolt.AttentionOp, arch: str, kernel: FmhaSm90Kernel | None = None,
                    reason: str | None = None):
    """The host's AnchorCall for `op` (boltc/lowering/anchors.py dispatches here)."""
    from boltc.lowering import build
    from boltc.lowering.host import (
        AnchorCall,
        EntryReturn,
        FloatArgument,
        IntArgument,
        OperandPointer,
        ResultPointer,
        SmCountArgument,
        StreamArgument,
        WorkspaceBytes,
        WorkspacePointer,
    )

    if arch != ARCH:
        raise InvalidKernelConfig(f"fmha_sm90 runs on sm_90a, not {arch}")
    lowered = lower_at(op, lambda o, _arch: plan_attention(o, kernel), arch)
    values = [FloatArgument(x) if isinstance(x, float) else IntArgument(x) for x in lowered.arguments()]
    arguments = (OperandPointer(0), OperandPointer(1), OperandPointer(2), ResultPointer(), *values,
                 SmCountArgument(), WorkspacePointer(), WorkspaceBytes(), StreamArgument())
    if reason is None:
        reason = ("given by the caller" if kernel is not None
                  else "FmhaSm90Kernel.choose: by element, head size, Sk; choose_schedule: by tiles per SM")
    kernel = lowered.kernel
    unit = build.TranslationUnit(kernel.name, kernel.render(), build.Arch.parse(arch))
    return AnchorCall(entry=kernel.name, parameters=PARAMETERS, arguments=arguments, family=FAMILY,
                      unit=unit, returns=EntryReturn.CUDA_ERROR, can_implement=f"{kernel.name}_can_implement",
                      workspace_size=f"{kernel.name}_workspace_size", query_parameters=QUERY_PARAMETERS,
                      config=kernel.summary(), reason=reason)
