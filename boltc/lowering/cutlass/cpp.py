"""Small typed pieces of CUTLASS C++: tag tables, shapes, template instantiations, literals.

Modelled on NVIDIA's `cutlass_library/library.py`: every closed set (element types, layouts,
schedules) is an enum whose members carry their C++ spelling, so an emitter never builds a
type name out of loose strings and a typo is a Python error, not an nvcc one.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type
from xdsl.ir import Attribute

from boltc.diagnostics import BoltcError

# The widest global access (and TMA's stride granule): 16 bytes.
VECTOR_BYTES = 16
ROUND_TO_NEAREST = "cutlass::FloatRoundStyle::round_to_nearest"


class InvalidKernelConfig(BoltcError):
    """A kernel configuration CUTLASS would reject at compile time (a builder static_assert) or
    that cannot run; raised before nvcc is started."""


class SelfChecking:
    """A frozen kernel configuration (or kernel) that refuses itself when constructed:
    `blocker()` says why CUTLASS would reject it or it could not run (None: fine), `summary()`
    names it in the error. Raised before nvcc ever starts."""

    def summary(self) -> str:
        raise NotImplementedError

    def blocker(self) -> str | None:
        return None

    def __post_init__(self) -> None:
        problem = self.blocker()
        if problem:
            raise InvalidKernelConfig(f"{self.summary()}: {problem}")


class UnsupportedEpilogue(BoltcError):
    """An epilogue region that has no Sm90 EVT equivalent (yet)."""


class Element(Enum):
    """Element types of operands and results: (bolt name, C++ type, bytes)."""

    F16 = ("f16", "cutlass::half_t", 2)
    BF16 = ("bf16", "cutlass::bfloat16_t", 2)
    F32 = ("f32", "float", 4)

    @property
    def short(self) -> str:
        return self.value[0]

    @property
    def cpp(self) -> str:
        return self.value[1]

    @property
    def bytes(self) -> int:
        return self.value[2]

    @classmethod
    def from_mlir(cls, element_type: Attribute) -> Element:
        for ty, member in ((Float16Type, cls.F16), (BFloat16Type, cls.BF16), (Float32Type, cls.F32)):
            if isinstance(element_type, ty):
                return member
        raise InvalidKernelConfig(f"no CUTLASS element type for {element_type}")

    def widens_exactly_to(self, other: Element) -> bool:
        """True when every value of self is exactly a value of `other` (f16/bf16 -> f32)."""
        return self is other or (other is Element.F32 and self in (Element.F16, Element.BF16))


class GmemLayout(Enum):
    """How a matrix sits in global memory: (name, C++ tag). Row-major means rows contiguous."""

    ROW_MAJOR = ("row", "cutlass::layout::RowMajor")
    COLUMN_MAJOR = ("column", "cutlass::layout::ColumnMajor")

    @property
    def cpp(self) -> str:
        return self.value[1]


class KernelSchedule(Enum):
    """Sm90 mainloop schedules: (bolt schedule name, C++ tag, cooperative?, loads by TMA?).

    Cooperative: two consumer warpgroups split one M x N tile (tile M a multiple of 128).
    Pingpong: two consumer warpgroups alternate between tiles (any tile M of 64 or more), so one
    group's epilogue overlaps the other's MMAs. TMA needs 16-byte aligned strides; the cp.async
    variants take 4-byte alignment (CUTLASS's `cp_async_min_alignment_bytes`)."""

    TMA_COOPERATIVE = ("cooperative", "cutlass::gemm::KernelTmaWarpSpecializedCooperative", True, True)
    TMA_PINGPONG = ("pingpong", "cutlass::gemm::KernelTmaWarpSpecializedPingpong", False, True)
    # The cooperative kernel under CUTLASS's stream-K tile scheduler: CTAs split the K loop of
    # tiles when there are too few tiles for the SMs (its own heuristic picks data-parallel,
    # stream-K or split-K per problem at run time; partial sums go through the workspace).
    # Chosen only through #bolt.kernel: on the paper's under-filled shapes it was 1.6 % faster
    # at best and up to 1.7x slower than the heuristic's choice (bench/RESULTS.md).
    TMA_COOPERATIVE_STREAMK = (
        "cooperative_streamk", "cutlass::gemm::KernelTmaWarpSpecializedCooperative", True, True,
    )
    # The same kernel and scheduler with the split count fixed at compile time (written
    # `"cooperative_splitk S"` in #bolt.kernel, S >= 2: the scheduler's `splits` argument, which
    # bypasses its run-time heuristic): every tile's K loop cut into S equal parts run by S
    # CTAs, the partial fp32 tiles reduced in the workspace in a fixed order (deterministic).
    # What cuBLAS does on a problem of too few tiles for the SMs and a long K (1280x768x3072:
    # 60 tiles of 128x128 on 132 SMs), and what the tuner can predict, where stream-K's own
    # run-time choice is not.
    TMA_COOPERATIVE_SPLITK = (
        "cooperative_splitk", "cutlass::gemm::KernelTmaWarpSpecializedCooperative", True, True,
    )
    CP_ASYNC_COOPERATIVE = (
        "cooperative", "cutlass::gemm::KernelCpAsyncWarpSpecializedCooperative", True, False,
    )
    CP_ASYNC_PINGPONG = ("pingpong", "cutlass::gemm::KernelCpAsyncWarpSpecializedPingpong", False, False)

    @property
    def bolt_name(self) -> str:
        return self.value[0]

    @property
    def cpp(self) -> str:
        return self.value[1]

    @property
    def cooperative(self) -> bool:
        return self.value[2]

    @property
    def uses_tma(self) -> bool:
        return self.value[3]

    @property
    def stream_k(self) -> bool:
        """Runs under CUTLASS's stream-K tile scheduler (stream-K or a fixed split-K)."""
        return self.bolt_name.endswith(("_streamk", "_splitk"))

    @property
    def split_k(self) -> bool:
        """Takes a split count (`"cooperative_splitk S"`)."""
        return self.bolt_name.endswith("_splitk")

    @classmethod
    def select(cls, bolt_name: str, *, tma: bool) -> KernelSchedule:
        for member in cls:
            if member.bolt_name == bolt_name and member.uses_tma == tma:
                return member
        names = sorted({m.bolt_name for m in cls})
        raise InvalidKernelConfig(f"unknown sm_90a GEMM schedule {bolt_name!r} (known: {names})")


class EpilogueSchedule(Enum):
    """Sm90 epilogue schedules: (C++ tag, supports an EVT?)."""

    TMA = ("cutlass::epilogue::TmaWarpSpecialized", True)
    TMA_COOPERATIVE = ("cutlass::epilogue::TmaWarpSpecializedCooperative", True)
    NO_SMEM = ("cutlass::epilogue::NoSmemWarpSpecialized", False)

    @property
    def cpp(self) -> str:
        return self.value[0]

    @property
    def supports_evt(self) -> bool:
        return self.value[1]


@dataclass(frozen=True)
class Shape3:
    """A static (M, N, K) shape: a CTA tile or a cluster."""

    m: int
    n: int
    k: int

    def cute(self) -> str:
        return f"cute::Shape<cute::_{self.m}, cute::_{self.n}, cute::_{self.k}>"

    def __str__(self) -> str:
        return f"{self.m}x{self.n}x{self.k}"

    @classmethod
    def of(cls, values: Iterable[int]) -> Shape3:
        m, n, k = values
        return cls(int(m), int(n), int(k))


def instantiate(template: str, *args: object, indent: str = "    ") -> str:
    """`template<arg, ...>`, one argument per line when it would not read well on one."""
    parts = [str(a) for a in args]
    one_line = f"{template}<{', '.join(parts)}>"
    if len(one_line) <= 100 and "\n" not in one_line:
        return one_line
    body = (",\n").join(indent + p.replace("\n", "\n" + indent) for p in parts)
    return f"{template}<\n{body}>"


def float_literal(value: float) -> str:
    """A C++ double expression equal to `value` (repr round-trips doubles exactly)."""
    if math.isnan(value):
        return "std::numeric_limits<double>::quiet_NaN()"
    if math.isinf(value):
        return ("-" if value < 0 else "") + "std::numeric_limits<double>::infinity()"
    return repr(float(value))


def typed_literal(element: Element, value: float) -> str:
    """`value` converted to `element` in C++ (round to nearest, as the epilogue does)."""
    return f"{element.cpp}({float_literal(value)})"


def cpp_identifier(text: str) -> str:
    """`text` made into a C identifier (letters, digits, underscores; no leading digit)."""
    ident = re.sub(r"[^A-Za-z0-9_]", "_", text)
    return ident if ident and not ident[0].isdigit() else "_" + ident


def content_hash(*parts: str, length: int = 16) -> str:
    """A short stable hex digest of `parts` (order matters; parts are length-prefixed)."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode()
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)
    return digest.hexdigest()[:length]


def max_alignment(extent: int, element: Element) -> int:
    """The widest access, in elements, that a contiguous dimension of `extent` elements allows:
    the largest of 16/4/2/1 bytes' worth of elements (8/4/2/1 for 16-bit types) dividing it."""
    widest = VECTOR_BYTES // element.bytes
    alignment = widest
    while alignment > 1 and extent % alignment:
        alignment //= 2
    return alignment


# Shared by every kernel family's translation unit.
EXPORT_MACRO = """\
#if defined(__GNUC__)
#define BOLTC_EXPORT extern "C" __attribute__((visibility("default")))
#else
#define BOLTC_EXPORT extern "C"
#endif
"""
# The kernel's name hashes its text: the text is rendered once with this in the name's place.
KERNEL_NAME_PLACEHOLDER = "@KERNEL_NAME@"

# Fixed C++ lives in boltc's own headers (boltc/lowering/cutlass/include, on the include path
# and hashed into every object's cache key: build.KERNEL_HEADER_DIR, kernel_headers_digest); a
# TU includes those it uses after CUTLASS's (`with_headers`). This one: `boltc::KernelAdapter`,
# the launch of a split pair's kernel from its host TU (host_adapter, kernel_adapter).
KERNEL_ADAPTER_HEADER = "boltc/kernel_adapter.hpp"
# The launch of a persistent kernel (its CTAs that fit at once, cached per device; whether a
# device gives a CTA its shared memory): conv_pool's and b2b_conv_direct's TUs.
PERSISTENT_GRID_HEADER = "boltc/persistent_grid.hpp"
# mma.sync m16n8k16 and the register packing of 16-bit pairs, for boltc's mma.sync kernels
# (included by conv_pool.hpp and b2b_conv_direct.hpp, not by a TU itself).
MMA_SYNC_HEADER = "boltc/mma_sync.hpp"
# The shared-memory mbarrier operations of boltc's TMA-fed kernels (included by
# b2b_conv_direct.hpp and b2b_conv_window.hpp, not by a TU itself).
MBARRIER_HEADER = "boltc/mbarrier.hpp"
# The driver's cuTensorMapEncodeTiled, looked up once: the TUs that encode a TMA descriptor per
# call (b2b_conv_direct's, b2b_conv_window's).
TENSOR_MAP_HEADER = "boltc/tensor_map.hpp"


def with_headers(includes: str, headers: Iterable[str]) -> str:
    """A TU's include block (ending in EXPORT_MACRO) with `#include "<header>"` for each of
    boltc's own `headers`, each once, after the other includes and before the macro."""
    lines = "".join(f'#include "{header}"\n' for header in dict.fromkeys(headers))
    if not lines:
        return includes
    head, macro, tail = includes.rpartition(EXPORT_MACRO)
    if not macro:
        raise AssertionError("a TU's includes end in EXPORT_MACRO")
    includes_only = head.rstrip("\n")
    return includes_only + "\n" + lines + head[len(includes_only) + 1:] + macro + tail


# Why an anchor's #bolt.kernel was chosen (the select-kernels pass writes it beside the
# attribute; the lowering reports it in the manifest). Discardable: a user's #bolt.kernel has none.
REASON_ATTR = "bolt.kernel_reason"
# Why fuse-b2b formed a bolt.b2b (the model's or the roofline's times); the lowering puts it first
# in the b2b's manifest reason. Discardable: a b2b written by hand has none.
FUSION_REASON_ATTR = "bolt.fusion_reason"


def chosen_kernel(op, family: str):
    """`op`'s #bolt.kernel (the emitters read the configuration from it only). lower_at gives an
    op without one the heuristic's, so None here means the heuristic had nothing to choose from."""
    if op.kernel is None:
        reason = op.attributes.get(REASON_ATTR)
        raise InvalidKernelConfig(f"no #bolt.kernel for {family}" + (f": {reason.data}" if reason is not None else ""))
    return op.kernel


def kernel_reason(op, default: str = "#bolt.kernel") -> str:
    """Why `op`'s #bolt.kernel was chosen (select-kernels' reason), else `default`."""
    reason = op.attributes.get(REASON_ATTR)
    return reason.data if reason is not None else default


def lower_at(op, lower, arch: str, errors: tuple[type[BoltcError], ...] = (InvalidKernelConfig,),
             family: str | None = None):
    """`lower(op, arch)`, every emitter's public entry: a kernel error of `errors` raised
    without a source location gets `op`'s (file, line, op name), so the user sees which op.
    An op of a `family` with a #bolt.kernel form that has none (lowered without the
    select-kernels pass: tests, direct calls) is lowered with that family's heuristic choice
    (tuning/select.py), the IR left as it was."""
    from boltc.diagnostics import op_location

    try:
        if family is not None and op.kernel is None:
            from boltc.tuning import select

            with select.chosen(op, select.heuristic_for_family(op, family, arch)):
                return lower(op, arch)
        return lower(op, arch)
    except errors as error:
        if error.location is not None:
            raise
        raise type(error)(f"'{op.name}': {error.message}", op_location(op), op.name) from None


def tensor_op_inputs_blocker(element: Element, family: str) -> str | None:
    """Why `family`'s tensor-op kernels cannot take `element` inputs; None if they can. Only
    16-bit inputs: f32 would run on tf32 tensor cores (10-bit mantissas), which is not the f32
    a model compiled with --precision f32 asks for."""
    if element in (Element.F16, Element.BF16):
        return None
    return (f"{family} kernels take f16 or bf16 inputs, not {element.short} (f32 would run as tf32 "
            "on the tensor cores): compile with --precision f16 or bf16")


def stages_blocker(stages: int | None, stage_bytes: int, epilogue_bytes: int, capacity: int) -> str | None:
    """Why `stages` mainloop stages (None: automatic, at least 2) and the epilogue's shared
    memory do not fit `capacity` bytes; None if they do."""
    count = stages if stages is not None else 2
    if count * stage_bytes <= capacity - epilogue_bytes:
        return None
    what = f"{stages} stages" if stages is not None else "2 stages (the minimum)"
    return (
        f"{what} of {stage_bytes} bytes and an epilogue of about {epilogue_bytes} bytes exceed "
        f"the {capacity} bytes of shared memory"
    )


# --------------------------------------------------------------------------------------
# Split translation units: a CUTLASS 3 kernel's device code and its host code apart.
#
# nvcc compiles a TU's host side (cudafe++, the host compiler) and device side (cicc, ptxas)
# one after the other, and cicc needs a module id that cudafe++ writes, so one TU never
# overlaps the two. For an sm_90a GEMM with an EVT epilogue the device side is ~35 s of cicc
# and the host side ~20 s more (measured with `nvcc --time` here). Emitted as two TUs, they
# compile at the same time (boltc/lowering/build.py: `TranslationUnit.device_source`):
#   - the device TU holds the kernel only, under a C name (`<NAME>_kernel`), built with
#     `nvcc -fatbin` and embedded into the model as the hidden symbol `<NAME>_fatbin`;
#   - the host TU holds the exported entry points. It never names cutlass::device_kernel<...>,
#     so it instantiates no device code; it loads the embedded fatbin through the CUDA
#     runtime's library API (cudaLibraryLoadData: context-independent, once per process) and
#     launches the kernel with cudaLaunchKernelExC (a cudaKernel_t cast to a function pointer
#     is accepted there and by cudaFuncSetAttribute: cuda_runtime_api.h).
# Both TUs hold the same type definitions, from the same text, so the kernel's Params has
# one layout on both sides.
# --------------------------------------------------------------------------------------

# nvcc still runs its device pass (cicc) over a host TU, although the TU has no device code:
# cicc parses and instantiates the TU's CUTLASS types all the same, ~8 s of the host TU's
# ~29 s for a conv_sm90 kernel (`nvcc --time`, alone on this machine's core). A split pair's
# host TU is therefore wrapped in `#if !defined(__CUDA_ARCH__)`: the device pass sees an empty
# file (0.3 s) and the host pass (cudafe++, the host compiler), where __CUDA_ARCH__ is never
# defined, compiles the same text as before. Legal because the host TU declares no __global__
# function and uses no __device__ variable: nothing the two passes must agree on. The
# kernel's Params still come from one text, the host compiler's, as before.
HOST_ONLY_OPEN = "#if !defined(__CUDA_ARCH__)  // cpp.py: host_only (no device code in this TU)\n"
HOST_ONLY_CLOSE = "#endif  // !defined(__CUDA_ARCH__)\n"


def host_only(text: str) -> str:
    """A split pair's host TU, hidden from nvcc's device pass (the notes above)."""
    return HOST_ONLY_OPEN + text + ("" if text.endswith("\n") else "\n") + HOST_ONLY_CLOSE


# Programmatic dependent launch: CUTLASS's sm_90a GEMM kernels (and conv_sm90's cooperative
# kernel, include/boltc/conv_sm90_cooperative_kernel.hpp) wait on the previous grid
# (griddepcontrol.wait) before their first global access and let the next one launch at their
# last tile, when this is defined before CUTLASS's headers; boltc::KernelAdapter<Kernel,
# load_kernel, true> then launches them with cudaLaunchAttributeProgrammaticStreamSerialization.
# CUTLASS's own sm_90a convolution has no such calls: its device entry adds them (device_entry's
# wait_first). A kernel without the wait must not be launched so: it could read its inputs
# before the kernel writing them has finished.
PDL_DEFINE = "#define CUTLASS_ENABLE_GDC_FOR_SM90 1  // cpp.py: PDL_DEFINE\n"


def with_pdl(includes: str, programmatic: bool) -> str:
    """A TU's includes, after PDL_DEFINE where its kernel launches as a programmatic dependent
    (both TUs of a split pair: the device one waits, the host one launches so)."""
    return (PDL_DEFINE if programmatic else "") + includes


# CUTLASS 4.2's WGMMA op selectors (cute/arch/mma_sm90.hpp: ss_op_selector, rs_op_selector) pick
# the widest instruction N dividing a tile's N from 8, 16, 32, 64, 96, 128, 192 and 256 only;
# every other multiple of 8 up to 256 (48, 112, 208, 224, ...) is there only when this is
# defined before cute's headers. Without it a tile N of 112 runs as seven m64n16k16
# instructions per k-step where one m64n112k16 does (each re-reading the A tile from shared
# memory): 64x112 pingpong took 18.5 us on 1568x512x2048 without it, 14.4 with it (64x128:
# 12.2; H200, bench/RESULTS.md 2026-11-30). Defined per TU, only where a tile needs it: it
# costs ~8 s of nvcc's device pass on every TU (a gemm_sm90 TU 18.7 -> 26.6 s on the CPU
# machine).
EXTENDED_GMMA_DEFINE = "#define CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED 1  // cpp.py: EXTENDED_GMMA_DEFINE\n"
BASE_GMMA_N = frozenset({8, 16, 32, 64, 96, 128, 192, 256})


def needs_extended_gmma(*tile_n: int) -> bool:
    """Whether a WGMMA of one of these N (a tile's N per warpgroup instruction) is one of the
    selector's extended shapes (EXTENDED_GMMA_DEFINE)."""
    return any(n not in BASE_GMMA_N for n in tile_n)


def with_extended_gmma(includes: str, *tile_n: int) -> str:
    """A TU's includes, after EXTENDED_GMMA_DEFINE where a tile N needs it (both TUs of a split
    pair alike: the kernel's types must agree between them)."""
    return (EXTENDED_GMMA_DEFINE if needs_extended_gmma(*tile_n) else "") + includes


def kernel_adapter(alias: str, kernel_type: str, programmatic: bool) -> str:
    """`using alias = boltc::KernelAdapter<kernel_type, load_kernel>;` (KERNEL_ADAPTER_HEADER,
    over host_adapter's loader), programmatic only together with `with_pdl` (the same flag):
    launched early, a kernel without the wait would read unfinished inputs."""
    return f"using {alias} = boltc::KernelAdapter<{kernel_type}, load_kernel{', true' if programmatic else ''}>;\n"

KERNEL_ENTRY_SUFFIX = "_kernel"
FATBIN_SUFFIX = "_fatbin"


# A kernel whose CUTLASS code has no grid-dependency calls of its own (CUTLASS 4.2's sm_90a
# implicit-GEMM convolution) gets them around it in its device entry: it waits for the previous
# grid before anything it does (so it may be launched as a programmatic dependent: PDL_DEFINE)
# and lets the next one launch once all its CTAs have passed the wait. Both are no-ops where
# CUTLASS_ENABLE_GDC_FOR_SM90 is not defined.
_WAIT_IN_ENTRY = """\
  cutlass::arch::wait_on_dependent_grids();  // cpp.py: device_entry(wait_first=True)
  cutlass::arch::launch_dependent_grids();
"""


def device_entry(kernel_type: str, name: str, wait_first: bool = False) -> str:
    """The device TU's one kernel: the body of cutlass::device_kernel<kernel_type>, under the C
    name the host TU looks up. Closes the anonymous namespace the preamble opened. `wait_first`:
    the grid-dependency calls around a kernel that has none (_WAIT_IN_ENTRY)."""
    wait = _WAIT_IN_ENTRY if wait_first else ""
    return f"""\
}}  // namespace

// cutlass::device_kernel<{kernel_type}> under a C name: the one symbol of this device-only TU.
extern "C" __global__ void __launch_bounds__({kernel_type}::MaxThreadsPerBlock, {kernel_type}::MinBlocksPerMultiprocessor)
{name}{KERNEL_ENTRY_SUFFIX}(CUTLASS_GRID_CONSTANT typename {kernel_type}::Params const params) {{
{wait}  extern __shared__ char smem[];
  {kernel_type} op;
  op(params, smem);
}}
"""


def host_adapter(name: str) -> str:
    """Host-TU code (inside the anonymous namespace): the embedded kernel's loader, `load_kernel`,
    which `boltc::KernelAdapter` (KERNEL_ADAPTER_HEADER, the subset of CUTLASS's device adapters
    that the entry points use) takes as its template argument to launch the loaded kernel."""
    return f"""\
// The kernel's device code is its own TU, embedded as {name}{FATBIN_SUFFIX} (a fatbin).
extern "C" unsigned char const {name}{FATBIN_SUFFIX}[];

// The kernel, loaded once per process. The first call comes from the model's create (its
// can_implement queries), not from inside a CUDA-graph capture.
cudaError_t load_kernel(cudaKernel_t* kernel) {{
  static cudaKernel_t handle = nullptr;
  static cudaError_t const loaded = [] {{
    cudaLibrary_t library = nullptr;
    cudaError_t error = cudaLibraryLoadData(&library, {name}{FATBIN_SUFFIX}, nullptr, nullptr, 0,
                                            nullptr, nullptr, 0);
    if (error == cudaSuccess) {{
      error = cudaLibraryGetKernel(&handle, library, "{name}{KERNEL_ENTRY_SUFFIX}");
    }}
    return error;
  }}();
  *kernel = handle;
  return loaded;
}}
"""
