"""fmha_sm80: bolt.attention as one fused kernel, CUTLASS's example 41 (xFormers' forward).

`examples/41_fused_multi_head_attention/kernel_forward.h` in the nvidia-cutlass package: a
CUTLASS 2.x kernel (mma.sync, cp.async) that runs on sm_80 and on Hopper. Each CTA takes
`queries_per_block` rows of Q for one (batch, head), streams K and V through shared memory in
blocks of `keys_per_block` rows with an online softmax (fp32 running max and sum), and keeps
its output rows in registers; the probabilities go to the second product as the element type.
The scores never reach global memory.

Why this kernel and not example 88 (Hopper FMHA, TMA + wgmma): it reads Q, K and V through
arbitrary batch, head and row strides (one pointer and three strides each), so bolt.attention's
strided views (`bs3hd`: Q/K/V inside the QKV projection's output; `bshd`) cost nothing, and it
predicates rows, so any sequence length (77, say) is exact. It is not the fastest: on the H100
at BERT's shape (B=32, H=12, S=128, D=64, f16) it takes 17.8 us against 10.2 us for torch's
cuDNN SDPA and 14.0 us for its flash backend (19.4 us for torch's own copy of this kernel); of
its block shapes 64x64 measured best (32x64 18.6, 128x64 19.4, 32x128 22.0, 64x128 22.5,
128x128 25.7 us). On sm_90a, fmha_sm90.py (example 88) takes every problem its kernel computes
exactly; this family keeps sm_80 and the rest there (Sq not a multiple of 8, Dv != D, f32).

The kernel writes O as [B, Sq, H, Dv] (heads interleaved, `o_strideM` between rows); a bhsd
output is the same with H folded into the batch (num_heads=1), which the op's verifier allows
only for bhsd inputs, whose batch and head strides fold the same way.

Configurations follow xFormers' dispatch: D, Dv <= 64 on 64x64 blocks, up to 128 on 32x128
(the output row then still fits in registers: no accumulator workspace). `aligned` selects
the 128-bit access path when every stride, offset and head size is a multiple of 16 bytes;
otherwise 4-element accesses (the narrowest the tensor-core path takes; fuse-attention keeps
D and Dv multiples of 4).
"""

from __future__ import annotations

from dataclasses import dataclass

from boltc.dialects import bolt
from boltc.dialects.bolt import AttentionLayout
from boltc.lowering.cutlass.cpp import (
    EXPORT_MACRO,
    VECTOR_BYTES,
    Element,
    InvalidKernelConfig,
    SelfChecking,
    content_hash,
    lower_at,
)

FAMILY = "fmha_sm80"
HEADER = "41_fused_multi_head_attention/kernel_forward.h"  # under cutlass_library/source/examples
MIN_ALIGNMENT = 4  # DefaultGemmType<Sm80, 16/32-bit>::kMinimumAlignment (gemm_kernel_utils.h)


@dataclass(frozen=True)
class FmhaSm80Kernel(SelfChecking):
    """One instantiation of AttentionKernel<element, Sm80, aligned, Q rows, K rows, max D>."""

    element: Element
    aligned: bool
    queries_per_block: int
    keys_per_block: int
    max_head_dim: int

    def summary(self) -> str:
        return (f"fmha_sm80 {self.element.short} {self.queries_per_block}x{self.keys_per_block} "
                f"D<={self.max_head_dim}{'' if self.aligned else ' unaligned'}")

    def blocker(self) -> str | None:
        if self.queries_per_block % 32 or self.keys_per_block % 32:
            return "query and key blocks must be multiples of 32 (kernel_forward.h static_asserts)"
        if self.max_head_dim > self.keys_per_block:
            return (f"D up to {self.max_head_dim} does not fit one {self.keys_per_block}-key block: "
                    "the output would need an fp32 workspace this lowering does not provide")
        return None

    @classmethod
    def choose(cls, element: Element, aligned: bool, d: int, dv: int) -> FmhaSm80Kernel:
        """xFormers' choice for the head sizes (module docstring)."""
        largest = max(d, dv)
        if largest <= 64:
            return cls(element, aligned, 64, 64, 64)
        if largest <= 128:
            return cls(element, aligned, 32, 128, 128)
        raise InvalidKernelConfig(f"head size {largest} is above 128 (fuse-attention refuses those chains)")

    @property
    def cpp_type(self) -> str:
        return (f"AttentionKernel<{self.element.cpp}, cutlass::arch::Sm80, {str(self.aligned).lower()}, "
                f"{self.queries_per_block}, {self.keys_per_block}, {self.max_head_dim}, false, false>")

    @property
    def name(self) -> str:
        return f"boltc_fmha_sm80_{content_hash(self.cpp_type, ENTRY_BODY, length=12)}"

    def render(self) -> str:
        return (f"// {self.summary()}\n#include <cstdint>\n\n#include <cuda_runtime.h>\n\n"
                f'#include "{HEADER}"\n\n{EXPORT_MACRO}\nnamespace {{\nusing Kernel = {self.cpp_type};\n}}\n\n'
                + ENTRY_BODY.replace("@NAME@", self.name))


# (C type, name): the entry point's parameters, in order; strides and offsets in elements.
PARAMETERS: tuple[tuple[str, str], ...] = (
    ("const void*", "q"), ("const void*", "k"), ("const void*", "v"), ("void*", "o"),
    ("int64_t", "q_offset"), ("int64_t", "k_offset"), ("int64_t", "v_offset"),
    ("int", "batches"), ("int", "heads"), ("int", "queries"), ("int", "keys"),
    ("int", "head_dim"), ("int", "head_dim_value"),
    ("int64_t", "q_stride_b"), ("int64_t", "q_stride_h"), ("int64_t", "q_stride_m"),
    ("int64_t", "k_stride_b"), ("int64_t", "k_stride_h"), ("int64_t", "k_stride_m"),
    ("int64_t", "v_stride_b"), ("int64_t", "v_stride_h"), ("int64_t", "v_stride_m"),
    ("int64_t", "o_stride_m"), ("float", "scale"), ("cudaStream_t", "stream"),
)

ENTRY_BODY = """\
// O[b, m, h, :] = softmax(scale * Q[b, h] K[b, h]^T)[m, :] V[b, h], rows `o_stride_m` apart.
BOLTC_EXPORT cudaError_t @NAME@(
    const void* q, const void* k, const void* v, void* o,
    int64_t q_offset, int64_t k_offset, int64_t v_offset,
    int batches, int heads, int queries, int keys, int head_dim, int head_dim_value,
    int64_t q_stride_b, int64_t q_stride_h, int64_t q_stride_m,
    int64_t k_stride_b, int64_t k_stride_h, int64_t k_stride_m,
    int64_t v_stride_b, int64_t v_stride_h, int64_t v_stride_m,
    int64_t o_stride_m, float scale, cudaStream_t stream) {
  using scalar_t = typename Kernel::scalar_t;
  typename Kernel::Params p;
  p.query_ptr = const_cast<scalar_t*>(static_cast<const scalar_t*>(q)) + q_offset;
  p.key_ptr = const_cast<scalar_t*>(static_cast<const scalar_t*>(k)) + k_offset;
  p.value_ptr = const_cast<scalar_t*>(static_cast<const scalar_t*>(v)) + v_offset;
  p.output_ptr = static_cast<scalar_t*>(o);
  p.output_accum_ptr = nullptr;  // kSingleValueIteration: the output rows stay in registers
  p.logsumexp_ptr = nullptr;
  p.scale = scale;
  p.num_batches = batches;
  p.num_heads = heads;
  p.num_queries = queries;
  p.num_keys = keys;
  p.head_dim = head_dim;
  p.head_dim_value = head_dim_value;
  p.custom_mask_type = Kernel::NoCustomMask;
  p.q_strideB = q_stride_b;
  p.k_strideB = k_stride_b;
  p.v_strideB = v_stride_b;
  p.q_strideH = static_cast<int32_t>(q_stride_h);
  p.k_strideH = static_cast<int32_t>(k_stride_h);
  p.v_strideH = static_cast<int32_t>(v_stride_h);
  p.q_strideM = static_cast<int32_t>(q_stride_m);
  p.k_strideM = static_cast<int32_t>(k_stride_m);
  p.v_strideM = static_cast<int32_t>(v_stride_m);
  p.o_strideM = static_cast<int32_t>(o_stride_m);
  if (!Kernel::check_supported(p)) {
    return cudaErrorInvalidValue;
  }
  constexpr auto kernel = attention_kernel_batched_impl<Kernel>;
  constexpr int smem_bytes = sizeof(typename Kernel::SharedStorage);
  if (smem_bytes > 0xc000) {
    // Every launch: the attribute is the current device's, and a process may run the model on several.
    cudaError_t const attribute =
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes);
    if (attribute != cudaSuccess) {
      return attribute;
    }
  }
  kernel<<<p.getBlocksGrid(), p.getThreadsGrid(), smem_bytes, stream>>>(p);
  return cudaGetLastError();
}
"""


@dataclass(frozen=True)
class Strides:
    """One operand's view in elements: base offset and the batch, head and row strides."""

    offset: int
    batch: int
    head: int
    row: int


@dataclass(frozen=True)
class FmhaProblem:
    """bolt.attention as the kernel sees it (module docstring: the bhsd output folds H)."""

    batches: int
    heads: int
    queries: int
    keys: int
    head_dim: int
    head_dim_value: int
    q: Strides
    k: Strides
    v: Strides
    o_row: int
    scale: float

    def aligned(self, element: Element) -> bool:
        vector = VECTOR_BYTES // element.bytes
        values = [self.head_dim, self.head_dim_value, self.o_row]
        for s in (self.q, self.k, self.v):
            values += [s.offset, s.batch, s.head, s.row]
        return all(x % vector == 0 for x in values)


def fmha_problem(op: bolt.AttentionOp) -> FmhaProblem:
    batch, sq, sk, d, dv = op.problem()
    layout, out = op.input_layout.data, op.output_layout.data
    scale = bolt.float_value(op.scale)
    if layout == AttentionLayout.BHSD:
        if out == AttentionLayout.BSHD:  # [B, H, S, D] in, heads interleaved out
            b, h = batch
            views = [Strides(0, h * s * x, s * x, x) for s, x in ((sq, d), (sk, d), (sk, dv))]
            return FmhaProblem(b, h, sq, sk, d, dv, *views, o_row=h * dv, scale=scale)
        n = 1
        for size in batch:
            n *= size
        views = [Strides(0, s * x, 0, x) for s, x in ((sq, d), (sk, d), (sk, dv))]
        return FmhaProblem(n, 1, sq, sk, d, dv, *views, o_row=dv, scale=scale)
    b, h = batch
    if layout == AttentionLayout.BSHD:
        views = [Strides(0, s * h * x, x, h * x) for s, x in ((sq, d), (sk, d), (sk, dv))]
    else:  # bs3hd: slot j of [B, S, 3, H, D]
        views = [Strides(j * h * d, sq * 3 * h * d, d, 3 * h * d) for j in range(3)]
    return FmhaProblem(b, h, sq, sk, d, dv, *views, o_row=h * dv, scale=scale)


@dataclass(frozen=True)
class FmhaLowering:
    kernel: FmhaSm80Kernel
    problem: FmhaProblem

    def arguments(self) -> tuple[object, ...]:
        """One value per PARAMETERS entry after the four pointers, before the stream."""
        p = self.problem
        return (p.q.offset, p.k.offset, p.v.offset, p.batches, p.heads, p.queries, p.keys,
                p.head_dim, p.head_dim_value,
                p.q.batch, p.q.head, p.q.row, p.k.batch, p.k.head, p.k.row, p.v.batch, p.v.head, p.v.row,
                p.o_row, p.scale)


def plan_attention(op: bolt.AttentionOp, kernel: FmhaSm80Kernel | None = None) -> FmhaLowering:
    """`op`'s kernel (`kernel`, where given: a tuner's or a benchmark's choice) and arguments."""
    element = Element.from_mlir(op.result.type.get_element_type())
    problem = fmha_problem(op)
    for name, size in (("D", problem.head_dim), ("Dv", problem.head_dim_value)):
        if size % MIN_ALIGNMENT:
            raise InvalidKernelConfig(f"head size {name}={size} is not a multiple of {MIN_ALIGNMENT}")
    if kernel is None:
        kernel = FmhaSm80Kernel.choose(element, problem.aligned(element), problem.head_dim, problem.head_dim_value)
    elif kernel.element is not element or (kernel.aligned and not problem.aligned(element)):
        raise InvalidKernelConfig(f"{kernel.summary()} cannot run this {element.short} problem")
    elif max(problem.head_dim, problem.head_dim_value) > kernel.max_head_dim:
        raise InvalidKernelConfig(f"{kernel.summary()}: the head size is larger")
    return FmhaLowering(kernel, problem)


def lower_attention(op: bolt.AttentionOp, arch: str, kernel: FmhaSm80Kernel | None = None):
    """The host's AnchorCall for `op` (boltc/lowering/anchors.py dispatches here)."""
    from boltc.lowering import build
    from boltc.lowering.host import (
        AnchorCall,
        EntryReturn,
        FloatArgument,
        IntArgument,
        OperandPointer,
        ResultPointer,
        StreamArgument,
    )

    lowered = lower_at(op, lambda o, _arch: plan_attention(o, kernel), arch)
    values = [FloatArgument(x) if isinstance(x, float) else IntArgument(x) for x in lowered.arguments()]
    arguments = (OperandPointer(0), OperandPointer(1), OperandPointer(2), ResultPointer(), *values,
                 StreamArgument())
    reason = "given by the caller" if kernel is not None else "FmhaSm80Kernel.choose: by element, alignment, head size"
    kernel = lowered.kernel
    unit = build.TranslationUnit(kernel.name, kernel.render(), build.Arch.parse(arch))
    return AnchorCall(entry=kernel.name, parameters=PARAMETERS, arguments=arguments, family=FAMILY,
                      unit=unit, returns=EntryReturn.CUDA_ERROR, config=kernel.summary(),
                      reason=reason)
