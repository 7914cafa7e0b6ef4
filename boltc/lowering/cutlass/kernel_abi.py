"""The family-neutral pieces of a kernel translation unit, shared by every CUTLASS family
(gemm_sm90, conv_sm90, gemm_sm80, conv_sm80, the grouped, depthwise and direct convolutions,
b2b, attention): the exported C entry point (`EntryPoint`, its `CParam`s and their
`ParamRole`s, `CutlassStatus` as the functions return it), the TU's preamble and export
wrappers, `CutlassKernel` (a TU named by the hash of its text), and the lowering record
(`KernelLowering`: the kernel and, per parameter, what one op passes: a number, an `Operand`, or
a host role), with `bind_arguments` to build it. gemm_sm90.py documents the entry point's
contract; a new family imports these from here, not from another family's module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from functools import cached_property
from typing import ClassVar

from boltc.lowering.cutlass.cpp import KERNEL_NAME_PLACEHOLDER, SelfChecking, content_hash, host_only, with_headers
from boltc.lowering.cutlass.evt import EpilogueBinding, EpilogueTree, LeafKind

_NAME_PLACEHOLDER = KERNEL_NAME_PLACEHOLDER


class CutlassStatus(IntEnum):
    """cutlass::Status (cutlass/cutlass.h), what the entry points return."""

    SUCCESS = 0
    ERROR_MISALIGNED_OPERAND = 1
    ERROR_INVALID_DATA_TYPE = 2
    ERROR_INVALID_LAYOUT = 3
    ERROR_INVALID_PROBLEM = 4
    ERROR_NOT_SUPPORTED = 5
    ERROR_WORKSPACE_NULL = 6
    ERROR_INTERNAL = 7
    ERROR_ARCH_MISMATCH = 8
    ERROR_INSUFFICIENT_DRIVER = 9
    ERROR_MEMORY_ALLOCATION = 10
    INVALID = 11


class ParamRole(Enum):
    """What a parameter of the entry point carries."""

    M = "m"
    N = "n"
    K = "k"
    BATCH = "batch"
    A = "a"
    LDA = "lda"
    BATCH_STRIDE_A = "batch_stride_a"
    B = "b"
    LDB = "ldb"
    BATCH_STRIDE_B = "batch_stride_b"
    D = "d"
    LDD = "ldd"
    BATCH_STRIDE_D = "batch_stride_d"
    LEAF = "leaf"  # pointer to an epilogue extra
    LEAF_LD = "leaf_ld"
    LEAF_BATCH_STRIDE = "leaf_batch_stride"
    SCALAR = "scalar"
    WORKSPACE = "workspace"
    WORKSPACE_SIZE = "workspace_size"
    STREAM = "stream"


HOST_ROLES = (ParamRole.WORKSPACE, ParamRole.WORKSPACE_SIZE, ParamRole.STREAM)


@dataclass(frozen=True)
class CParam:
    name: str
    ctype: str
    role: ParamRole
    index: int | None = None  # the leaf or scalar this parameter belongs to

    def declaration(self) -> str:
        return f"{self.ctype} {self.name}"


@dataclass(frozen=True)
class EntryPoint:
    """The exported C functions of one kernel TU (see the module docstring)."""

    name: str
    params: tuple[CParam, ...]

    @property
    def problem_params(self) -> tuple[CParam, ...]:
        """The parameters shared by all three functions (all but workspace and stream)."""
        return tuple(p for p in self.params if p.role not in HOST_ROLES)

    @property
    def workspace_size_name(self) -> str:
        return f"{self.name}_workspace_size"

    @property
    def can_implement_name(self) -> str:
        return f"{self.name}_can_implement"

    def prototypes(self) -> tuple[str, str, str]:
        """C declarations of the launch, workspace-size and can-implement functions."""
        every = ", ".join(p.declaration() for p in self.params)
        problem = ", ".join(p.declaration() for p in self.problem_params)
        return (
            f"int {self.name}({every})",
            f"size_t {self.workspace_size_name}({problem})",
            f"int {self.can_implement_name}({problem})",
        )

    def c_declarations(self) -> str:
        """`extern "C"` declarations for host code (needs <stddef.h>, <stdint.h>, cuda_runtime)."""
        return "".join(f'extern "C" {p};\n' for p in self.prototypes())


def epilogue_params(tree: EpilogueTree, *, batch_strides: bool) -> list[CParam]:
    """The parameters after a kernel's main operands, the same in every family: each epilogue
    leaf's pointer (an aux load's leading dimension; batch strides where the kernel is
    batched), the scalars, then the workspace and the stream."""
    R = ParamRole
    params = []
    for i, leaf in enumerate(tree.leaves):
        params.append(CParam(f"x{i}", "const void*", R.LEAF, i))
        if leaf.kind is LeafKind.AUX:
            params.append(CParam(f"x{i}_ld", "int64_t", R.LEAF_LD, i))
        if batch_strides:
            params.append(CParam(f"x{i}_batch_stride", "int64_t", R.LEAF_BATCH_STRIDE, i))
    params += [CParam(f"s{j}", "float", R.SCALAR, j) for j in range(len(tree.scalars))]
    params += [
        CParam("workspace", "void*", R.WORKSPACE), CParam("workspace_size", "size_t", R.WORKSPACE_SIZE),
        CParam("stream", "cudaStream_t", R.STREAM),
    ]
    return params


def tu_preamble(family: str, summary: str, module: str, entry: EntryPoint, epilogue: EpilogueTree,
                includes: str, *, device: bool = False, prefetch_rows: bool = False,
                headers: Sequence[str] = ()) -> str:
    """The start of a kernel's translation unit, the same in every family: a header naming the
    exported entry points, the includes (then boltc's own `headers` and those of the epilogue's
    functors and nodes: EpilogueTree.headers), and the opening of the anonymous namespace that
    the family's body continues. `device`: the kernel-only TU of a split pair (cpp.py, "Split
    translation units")."""
    what = (
        "// Device code only: the kernel behind these entry points (their host TU is apart; "
        if device else "// Exported entry points ("
    )
    header = (
        f"// Generated by boltc ({family}): {summary}.\n"
        + f"{what}boltc/lowering/cutlass/{module} documents them):\n"
        + "".join(f"//   {p};\n" for p in entry.prototypes())
    )
    includes = with_headers(includes, (*headers, *epilogue.headers(prefetch_rows=prefetch_rows)))
    return f"{header}\n{includes}\nnamespace {{\n\n"


class CutlassKernel(SelfChecking):
    """What every CUTLASS kernel family shares (GemmSm90Kernel, ConvSm90Kernel, GemmSm80Kernel,
    ConvSm80Kernel): an entry point named by a hash of the generated text, a host translation
    unit with the entry points, and for a split pair (the CUTLASS 3 families; cpp.py, "Split
    translation units") the kernel's device TU.

    A family (a frozen dataclass) sets FAMILY and defines `_entry_params()` and `_render(name)`,
    and `_render_device(name)` if it splits; they write NAME where the kernel's name goes: the
    name hashes the text rendered with a placeholder, so it cannot depend on itself."""

    FAMILY: ClassVar[str]

    def summary(self) -> str:
        return self.config.summary()

    def _entry_params(self) -> tuple[CParam, ...]:
        raise NotImplementedError  # abstract: each family's parameters

    def _render(self, name: str) -> str:
        raise NotImplementedError  # abstract: the host TU (the only TU of an unsplit family)

    def _render_device(self, name: str) -> str | None:
        return None  # one TU; a split family returns its device TU

    @cached_property
    def name(self) -> str:
        texts = self._render(_NAME_PLACEHOLDER) + (self._render_device(_NAME_PLACEHOLDER) or "")
        return f"boltc_{self.FAMILY}_{content_hash(texts)}"

    @cached_property
    def entry_point(self) -> EntryPoint:
        return EntryPoint(self.name, self._entry_params())

    @property
    def host_has_device_code(self) -> bool:
        """Whether a split pair's host TU holds a kernel of its own (conv_sm90's channel padding),
        which nvcc's device pass must then compile."""
        return False

    def render(self) -> str:
        """The host translation unit's C++ text: the exported entry points. A split pair's host
        TU without device code is hidden from nvcc's device pass (cpp.host_only)."""
        text = self._render(self.name).replace(_NAME_PLACEHOLDER, self.name)
        split = self._render_device(_NAME_PLACEHOLDER) is not None
        return host_only(text) if split and not self.host_has_device_code else text

    def render_device(self) -> str | None:
        """The device translation unit's C++ text (the kernel alone), or None: one TU."""
        device = self._render_device(self.name)
        return None if device is None else device.replace(_NAME_PLACEHOLDER, self.name)


def render_exports(entry: EntryPoint, operator: str) -> str:
    """The three exported functions of a GEMM TU around its device operator `operator` (a
    CUTLASS 2.x device GEMM, or the KernelAdapter of a CUTLASS 3 kernel) and a
    `make_arguments` taking the entry point's problem parameters."""
    launch, workspace, can = entry.prototypes()
    forward = ", ".join(p.name for p in entry.problem_params)
    return f"""\
BOLTC_EXPORT {launch} {{
  typename {operator}::Arguments const arguments = make_arguments({forward});
  cutlass::Status status = {operator}::can_implement(arguments);
  if (status != cutlass::Status::kSuccess) {{
    return static_cast<int>(status);
  }}
  if ({operator}::get_workspace_size(arguments) > workspace_size) {{
    return static_cast<int>(cutlass::Status::kErrorWorkspaceNull);
  }}
  {operator} op;
  status = op.initialize(arguments, workspace, stream);
  if (status != cutlass::Status::kSuccess) {{
    return static_cast<int>(status);
  }}
  return static_cast<int>(op.run(stream));
}}

BOLTC_EXPORT {workspace} {{
  return {operator}::get_workspace_size(make_arguments({forward}));
}}

BOLTC_EXPORT {can} {{
  return static_cast<int>({operator}::can_implement(make_arguments({forward})));
}}
"""


class OperandKind(Enum):
    LHS = "lhs"
    RHS = "rhs"
    RESULT = "result"
    EXTRA = "extra"


@dataclass(frozen=True)
class Operand:
    """A tensor of the op whose device pointer host code passes."""

    kind: OperandKind
    index: int = 0  # for EXTRA: the position in the op's `extras`


Argument = int | float | Operand | ParamRole  # a ParamRole in HOST_ROLES: the host supplies it


@dataclass(frozen=True)
class KernelLowering:
    """One anchor lowered (a GEMM, a convolution, a b2b pair): its kernel, and one argument per
    entry-point parameter."""

    kernel: CutlassKernel
    arguments: tuple[Argument, ...]
    reason: str = ""  # where the configuration came from (#bolt.kernel, or the heuristic's why)

    def call(self) -> list[tuple[CParam, Argument]]:
        """(parameter, argument) pairs in call order: what host code turns into a C call."""
        return list(zip(self.kernel.entry_point.params, self.arguments))


def bind_arguments(entry: EntryPoint, values: dict, binding: EpilogueBinding) -> tuple[Argument, ...]:
    """One argument per entry-point parameter: host roles as themselves, the epilogue's from
    `binding`, everything else from `values` (keyed by the parameter's role)."""
    arguments: list[Argument] = []
    for param in entry.params:
        if param.role in HOST_ROLES:
            arguments.append(param.role)
        elif param.role is ParamRole.LEAF:
            arguments.append(Operand(OperandKind.EXTRA, binding.leaves[param.index].extra))
        elif param.role is ParamRole.LEAF_LD:
            arguments.append(binding.leaves[param.index].leading_dim)
        elif param.role is ParamRole.LEAF_BATCH_STRIDE:
            arguments.append(binding.leaves[param.index].batch_stride)
        elif param.role is ParamRole.SCALAR:
            arguments.append(binding.scalars[param.index])
        else:
            arguments.append(values[param.role])
    return tuple(arguments)
