"""Host code: bolt IR with an arena plan -> the model's C++ launch sequence and weights blob.

Input: a module after the graph passes and `plan-memory` (every intermediate's op carries
`bolt.arena_offset`, the function `bolt.arena_size`). Output: a `HostProgram`:

- `source`: model.cu, one translation unit that defines `boltc::rt::model_spec_<arch>()` for
  the runtime (the dispatch file, lowering/dispatch.py, lists it) (runtime/include/boltc/runtime.h): the launch sequence in program order on one
  stream, each step's pointers being the caller's input/output buffers, `arena + offset`, or
  `weights + offset`; the elementwise kernels generated for this model; describe()'s JSON.
- `weights` and `weights_assembly`: the constants as one binary blob (each 256-byte aligned,
  identical ones stored once) and the assembler file that embeds it with `.incbin`.
- `anchor_kernels`: the CUTLASS entry points the sequence calls, for the build to compile.

Every op becomes one step (or none: reshapes are views, constants live in the blob), except
elementwise ops, which are grouped into trees, one generated kernel per tree, when the arena
plan allows it (`_TreeBuilder`). Anchors (bolt.gemm, bolt.conv2d, bolt.b2b, bolt.conv_pool) go through an
`AnchorLowering`, the interface to the CUTLASS emitters.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from math import prod
from enum import Enum
from typing import Protocol

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import IntegerAttr, ModuleOp
from xdsl.ir import Operation, OpResult, SSAValue

from boltc.analysis.concat_placement import in_place_flags, row_pitch
from boltc.analysis.roofline import Work
from boltc.diagnostics import BoltcError, error_at, op_location
from boltc.dialects import bolt
from boltc.dialects.resources import dense_array, raw_array
from boltc.lowering import cxx
from boltc.lowering import elementwise as ew
from boltc.lowering.launch_work import copy_work, step_work
from boltc.lowering.space_to_depth import SpaceToDepthPlan, space_to_depth_plan
from boltc.lowering.runtime_abi import (
    DType,
    LayerNormParams,
    PadParams,
    Pool2dParams,
    PoolKind,
    ReduceKind,
    ReduceParams,
    SoftmaxParams,
    StridedIndex,
    coalesce,
    contiguous_strides,
    rt,
    tensor_shape,
)

ABI_VERSION = 2  # BOLTC_ABI_VERSION in runtime/include/boltc/model.h
ARENA_OFFSET = "bolt.arena_offset"  # boltc/passes/plan_memory.py
ARENA_SIZE = "bolt.arena_size"
WEIGHT_ALIGNMENT = 256
ANCHOR_ALIGNMENT = 16  # CUTLASS's TMA and 128-bit loads want 16-byte aligned operand bases
WEIGHTS_FILE = "weights.bin"
MAX_TREE_OPS = 48
MAX_TREE_LEAVES = 12

# -------------------------------------------------------------------------------------------
# The interface to the kernel emitters (boltc/lowering/cutlass)
# -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OperandPointer:
    """The device pointer of the anchor's operand `index` (op.operands order)."""

    index: int


@dataclass(frozen=True)
class ResultPointer:
    pass


@dataclass(frozen=True)
class SourcePointer:
    """The device pointer of `value`, a tensor the kernel reads in place of its operand: a
    space-to-depth fold's source image (b2b_conv_direct), whose fold kernel is then skipped."""

    value: SSAValue


@dataclass(frozen=True)
class IntArgument:
    value: int


@dataclass(frozen=True)
class FloatArgument:
    value: float


@dataclass(frozen=True)
class StreamArgument:
    pass


@dataclass(frozen=True)
class WorkspacePointer:
    pass


@dataclass(frozen=True)
class WorkspaceBytes:
    pass


@dataclass(frozen=True)
class SmCountArgument:
    pass


KernelArgument = (
    OperandPointer | ResultPointer | SourcePointer | IntArgument | FloatArgument | StreamArgument
    | WorkspacePointer | WorkspaceBytes | SmCountArgument
)

# The C types an entry point's parameters may have: the host file includes no CUTLASS header,
# so an entry point takes plain pointers and integers.
ENTRY_PARAMETER_TYPES: dict[str, cxx.Type] = {
    "const void*": cxx.VOID.ptr(const=True),
    "void*": cxx.VOID.ptr(),
    "int": cxx.INT,
    "int32_t": cxx.INT32,
    "int64_t": cxx.INT64,
    "size_t": cxx.SIZE_T,
    "float": cxx.FLOAT,
    "cudaStream_t": cxx.CUDA_STREAM,
}


class EntryReturn(Enum):
    """What an entry point returns: (C type, how a failure reads)."""

    CUTLASS_STATUS = "int"  # cutlass::Status as int, 0 = kSuccess
    CUDA_ERROR = "cudaError_t"


@dataclass(frozen=True)
class AnchorCall:
    """One call of a kernel's `extern "C"` entry point, as an emitter describes it:
    `returns entry(parameters...)` called with `arguments` (one per parameter).

    `can_implement` and `workspace_size` name the entry point's companions, which take the
    parameters at `query_parameters` (the problem, without workspace and stream): the model
    calls them once at create, with null pointers, to refuse an unsupported problem early and
    to size the workspace."""

    entry: str
    parameters: tuple[tuple[str, str], ...]  # (C type, name), C types from ENTRY_PARAMETER_TYPES
    arguments: tuple[KernelArgument, ...]
    family: str  # "gemm_sm90", ...: what describe() lists
    unit: object = None  # the translation unit to build (boltc.lowering.build.TranslationUnit)
    returns: EntryReturn = EntryReturn.CUTLASS_STATUS
    can_implement: str | None = None
    workspace_size: str | None = None
    query_parameters: tuple[int, ...] = ()
    config: str = ""  # the kernel's configuration in words (its summary()), for the manifest
    reason: str = ""  # where that configuration came from (#bolt.kernel, or the heuristic's why)

    def __post_init__(self) -> None:
        if len(self.parameters) != len(self.arguments):
            raise ValueError(f"{self.entry}: {len(self.parameters)} parameters, {len(self.arguments)} arguments")


class AnchorLowering(Protocol):
    def __call__(self, op: Operation, arch: str) -> AnchorCall: ...


def default_anchor_lowering() -> AnchorLowering | None:
    """The CUTLASS emitters as an AnchorLowering (boltc/lowering/anchors.py), where present."""
    try:
        from boltc.lowering.anchors import lower_anchor
    except ImportError:
        return None
    return lower_anchor


# -------------------------------------------------------------------------------------------
# Where each value's bytes are
# -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class InputHome:
    index: int


@dataclass(frozen=True)
class OutputHome:
    index: int


@dataclass(frozen=True)
class ArenaHome:
    offset: int


@dataclass(frozen=True)
class WeightHome:
    offset: int


Home = InputHome | OutputHome | ArenaHome | WeightHome

CTX = cxx.Name("ctx")


def pointer(home: Home) -> cxx.Expr:
    if isinstance(home, InputHome):
        return CTX.dot("inputs")[home.index]
    if isinstance(home, OutputHome):
        return CTX.dot("outputs")[home.index]
    if isinstance(home, ArenaHome):
        return cxx.Binary("+", CTX.dot("arena"), cxx.Int(home.offset))
    return cxx.Binary("+", CTX.dot("weights"), cxx.Int(home.offset))


@dataclass(frozen=True)
class Region:
    """Bytes a value occupies: (space, buffer index, start, size); weights are never written."""

    space: str
    buffer: int
    start: int
    size: int

    def overlaps(self, other: Region) -> bool:
        return (
            self.space == other.space and self.buffer == other.buffer
            and self.start < other.start + other.size and other.start < self.start + self.size
        )


def region_of(home: Home, size: int) -> Region:
    if isinstance(home, InputHome):
        return Region("input", home.index, 0, size)
    if isinstance(home, OutputHome):
        return Region("output", home.index, 0, size)
    if isinstance(home, ArenaHome):
        return Region("arena", 0, home.offset, size)
    return Region("weights", 0, home.offset, size)


def tensor_bytes(value: SSAValue) -> int:
    return prod(tensor_shape(value.type)) * DType.of_tensor(value.type).bytes


def root(value: SSAValue) -> SSAValue:
    """The value whose bytes `value` is a view of (through reshapes)."""
    while isinstance(value, OpResult) and isinstance(value.op, bolt.ReshapeOp):
        value = value.op.input
    return value


# -------------------------------------------------------------------------------------------
# Weights
# -------------------------------------------------------------------------------------------


@dataclass
class WeightTable:
    """Constants laid out in one blob, each aligned; identical contents are stored once."""

    chunks: list[bytes] = field(default_factory=list)
    size: int = 0
    by_digest: dict[bytes, int] = field(default_factory=dict)
    by_op: dict[Operation, int] = field(default_factory=dict)

    def offset_of(self, op: bolt.ConstantOp) -> int:
        if op in self.by_op:
            return self.by_op[op]
        data = np.ascontiguousarray(raw_array(op.value)).tobytes()
        digest = hashlib.sha256(data).digest()
        offset = self.by_digest.get(digest)
        if offset is None:
            offset = self.size
            padded = -len(data) % WEIGHT_ALIGNMENT
            self.chunks += [data, bytes(padded)]
            self.size += len(data) + padded
            self.by_digest[digest] = offset
        self.by_op[op] = offset
        return offset

    def blob(self) -> bytes:
        return b"".join(self.chunks)


def weights_symbol(arch: str) -> str:
    """The hidden symbol of the weights blob the host file of `arch` reads (one per arch: a
    fat model.so holds a host file per arch; lowering/dispatch.py gives arches whose blobs are
    identical one blob under all their symbols)."""
    return f"boltc_weights_{arch}"  # arch names are C identifiers (compiler.ARCHES)


def spec_function(arch: str) -> str:
    """The function the host file of `arch` defines: its ModelSpec (runtime.h's ModelVariant)."""
    return f"boltc::rt::model_spec_{arch}"


SPEC_TYPE = cxx.Type(rt("ModelSpec").text, const=True)


def spec_declaration(arch: str) -> cxx.Namespace:
    """`namespace boltc::rt { const ModelSpec& model_spec_<arch>(); }`: what the host file
    defines (a qualified definition needs it) and the dispatch file refers to."""
    namespace, _, name = spec_function(arch).rpartition("::")
    return cxx.Namespace(namespace, (cxx.Function(SPEC_TYPE.as_reference(), name, (), None),))


def weights_assembly(symbols: Sequence[str], blob_file: str = WEIGHTS_FILE) -> str:
    """The assembler file embedding `blob_file` as read-only data at the hidden `symbols[0]`,
    the others naming the same bytes (GNU as; the build assembles it with the blob's directory
    on the include path)."""
    from boltc.lowering.build import incbin_assembly

    first, *aliases = symbols
    return incbin_assembly(first, blob_file, section=".rodata.boltc_weights", alignment=WEIGHT_ALIGNMENT,
                           what="the model's weights", aliases=aliases)


# -------------------------------------------------------------------------------------------
# The result
# -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HostProgram:
    name: str
    arch: str
    source: str  # model.cu
    weights: bytes  # weights.bin
    weights_assembly: str  # weights.S
    describe: dict
    anchor_kernels: tuple[AnchorCall, ...]  # distinct entry points, for the build
    steps: tuple[dict, ...] = ()  # per launch: kernel, entry, config, reason, covers (the manifest's)
    ir: str = ""  # the optimized bolt IR, large constants elided (module_text)
    precision: str = ""  # what the graph passes computed in (the module's boltc.pipeline record)
    # The fusions the graph passes refused ({"pass", "message"}: the `--remarks` lines), set by
    # compiler.lower; None where no pass ran in this build (optimized IR compiled as written).
    remarks: tuple[dict[str, str], ...] | None = None

    @property
    def describe_json(self) -> str:
        return json.dumps(self.describe, separators=(",", ":"))


def lower_to_host(
    module: ModuleOp,
    *,
    arch: str = "sm_90a",
    function: str = "main",
    anchor_lowering: AnchorLowering | None = None,
    name: str | None = None,
) -> HostProgram:
    """The host program of `function` in `module` (after plan-memory). BoltcError on an op the
    runtime cannot run, or an anchor with no emitter."""
    fn = _find_function(module, function)
    lowering = _HostLowering(fn, arch, anchor_lowering or default_anchor_lowering(), name or function)
    program = lowering.run()
    return replace(program, ir=module_text(module), precision=pipeline_precision(module))


ELIDED_RESOURCE = "__elided__"  # MLIR's own spelling of an elided dense_resource
MAX_SHOWN_ELEMENTS = 16  # constants up to this size (scalars, small vectors) stay in the text


def module_text(module: ModuleOp) -> str:
    """`module` as MLIR text for the manifest, each constant of more than MAX_SHOWN_ELEMENTS
    elements printed as `dense_resource<__elided__>` (its type kept): the weights are in the
    library's blob already, and would make the text as large as the model."""
    from xdsl.dialects.builtin import DenseResourceAttr
    from xdsl.printer import Printer

    copy = module.clone()
    for op in copy.walk():
        if isinstance(op, bolt.ConstantOp) and prod(op.value.type.get_shape()) > MAX_SHOWN_ELEMENTS:
            op.properties["value"] = DenseResourceAttr.from_params(ELIDED_RESOURCE, op.value.type)
    text = io.StringIO()
    Printer(stream=text).print_op(copy)
    return text.getvalue() + "\n"


def pipeline_precision(module: ModuleOp) -> str:
    """The precision the graph passes recorded on `module` (compiler.optimize's boltc.pipeline
    attribute); "" for a module they did not run on (tests lower planned IR directly)."""
    from xdsl.dialects.builtin import DictionaryAttr, StringAttr

    record = module.attributes.get("boltc.pipeline")
    if isinstance(record, DictionaryAttr) and isinstance(value := record.data.get("precision"), StringAttr):
        return value.data
    return ""


def _find_function(module: ModuleOp, name: str) -> func.FuncOp:
    functions = [op for op in module.ops if isinstance(op, func.FuncOp) and op.body.blocks]
    for fn in functions:
        if fn.sym_name.data == name:
            return fn
    if name == "main" and len(functions) == 1:
        return functions[0]
    raise BoltcError(f"no function @{name} to compile (functions: "
                     f"{', '.join('@' + f.sym_name.data for f in functions) or 'none'})", op_location(module))


# -------------------------------------------------------------------------------------------
# The lowering
# -------------------------------------------------------------------------------------------


class _HostLowering:
    def __init__(self, fn: func.FuncOp, arch: str, anchors: AnchorLowering | None, name: str):
        self.fn = fn
        self.arch = arch
        self.anchors = anchors
        self.name = name
        block = fn.body.block
        self.ops = list(block.ops)
        self.step_of = {op: i for i, op in enumerate(self.ops)}
        self.return_op = self.ops[-1]
        if not isinstance(self.return_op, func.ReturnOp):
            raise error_at(fn, "the function must end in func.return")
        self.returned = set(self.return_op.operands)
        self.homes: dict[SSAValue, Home] = {}
        self.weights = WeightTable()
        self.body: list[cxx.Stmt] = []
        self.definitions: list[cxx.Stmt] = []
        self.entry_points: dict[str, AnchorCall] = {}
        self.launches: list[dict] = []
        self.steps: list[dict] = []  # the manifest's view of each launch (HostProgram.steps)
        self.kernel_names: dict[ew.ElementwiseKernel, str] = {}
        self.step = 0
        self.input_alignment = [DType.of_tensor(a.type).bytes for a in block.args]
        self.output_alignment = [DType.of_tensor(v.type).bytes for v in self.return_op.operands]
        self.output_copies: list[tuple[int, SSAValue]] = []
        self.absorbed: set[Operation] = set()
        self.calls: dict[Operation, AnchorCall] = {}  # the anchor lowering's, by op (anchor_call)
        self.reads_through: dict[Operation, tuple[Operation, ...]] = {}  # a fold's ops, by the kernel reading its source
        self.folds: dict[Operation, SpaceToDepthPlan] = {}  # by the op whose result each writes
        self.folded: set[Operation] = set()  # ops a space_to_depth kernel does before its last
        self.fold_readers: set[Operation] = set()  # every op of those chains (they read through)
        self.trees: dict[Operation, _Tree] = {}
        self.workspace_bytes = 0
        self.prepare_body: list[cxx.Stmt] = []

    # ---- homes ----------------------------------------------------------------------------

    def assign_homes(self) -> None:
        if ARENA_SIZE not in self.fn.attributes:
            raise error_at(self.fn, "has no arena plan: run plan-memory before lowering to host code")
        for i, arg in enumerate(self.fn.body.block.args):
            self.homes[arg] = InputHome(i)
        for k, value in enumerate(self.return_op.operands):
            base = root(value)
            owner = base.op if isinstance(base, OpResult) else None
            if owner is not None and not isinstance(owner, bolt.ConstantOp) and base not in self.homes:
                self.homes[base] = OutputHome(k)
            else:
                self.output_copies.append((k, value))  # an input, a weight or a second copy
        for op in self.ops:
            if isinstance(op, (bolt.ConstantOp, bolt.ReshapeOp, func.ReturnOp)):
                continue
            for result in op.results:
                if result in self.homes:
                    continue
                offset = op.attributes.get(ARENA_OFFSET)
                if not isinstance(offset, IntegerAttr):
                    raise error_at(op, "has no bolt.arena_offset: run plan-memory before lowering to host code")
                self.homes[result] = ArenaHome(offset.value.data)

    def home(self, value: SSAValue) -> Home:
        base = root(value)
        if base in self.homes:
            return self.homes[base]
        if isinstance(base, OpResult) and isinstance(base.op, bolt.ConstantOp):
            home = WeightHome(self.weights.offset_of(base.op))
            self.homes[base] = home
            return home
        raise error_at(value.owner if isinstance(value, OpResult) else self.fn,
                       "internal: a value without a buffer")  # pragma: no cover

    def ptr(self, value: SSAValue) -> cxx.Expr:
        return pointer(self.home(value))

    def region(self, value: SSAValue) -> Region:
        """The bytes `value` spans: a placed concatenation input (bolt.row_pitch) spans its
        rows at their pitch, the other inputs' columns between them included."""
        base = root(value)
        pitch = row_pitch(base)
        if pitch is None:
            return region_of(self.home(value), tensor_bytes(base))
        shape, element = tensor_shape(base.type), DType.of_tensor(base.type).bytes
        rows = prod(shape[:-1])
        return region_of(self.home(value), ((rows - 1) * pitch + shape[-1]) * element)

    # ---- steps ----------------------------------------------------------------------------

    def emit(self, op: Operation | None, kernel: str, launch: cxx.Expr, what: str | None = None, *,
             call: AnchorCall | None = None, covers: Sequence[Operation] | None = None, entry: str = "",
             work: Work | None = None) -> None:
        """One step: `status = launch; if failed, record the step and return`."""
        location = str(op_location(op)) if op is not None else ""
        label = what or f"{op.name if op else 'copy'}{' at ' + location if location else ''}"
        status = cxx.Name("status")
        self.body.append(cxx.Comment(f"step {self.step}: {label} [{kernel}]"))
        self.body.append(cxx.Assign(status, launch))
        failed = cxx.call(rt("failed"), status, cxx.Int(self.step), cxx.Str(label), cxx.Name("failure"))
        self.body.append(cxx.If(cxx.Binary("!=", status, cxx.Name("cudaSuccess")), (cxx.Return(failed),)))
        self.record_step(op, kernel, call, covers, entry, work)

    def record_step(self, op: Operation | None, kernel: str, call: AnchorCall | None = None,
                    covers: Sequence[Operation] | None = None, entry: str = "", work: Work | None = None) -> None:
        """The step's entry in describe()'s launches and in the manifest's steps (with its
        FLOPs and compulsory bytes, launch_work.py: `boltc report`'s roofline)."""
        location = str(op_location(op)) if op is not None else ""
        self.launches.append({"op": op.name if op else "copy", "kernel": kernel, "location": location})
        ops = list(covers) if covers is not None else self.covered_ops(op)
        self.steps.append({
            "step": self.step, "kernel": kernel, "entry": call.entry if call else entry,
            "config": call.config if call else "", "reason": call.reason if call else "",
            "covers": [{"op": o.name, "location": str(op_location(o))} for o in ops],
            "work": (work or step_work(ops)).as_json() if work or ops else None,
        })
        self.step += 1

    def covered_ops(self, op: Operation | None) -> list[Operation]:
        """The ops one step computes: an anchor and its fused epilogue (or b2b body), an
        elementwise tree's ops in program order, else the op itself."""
        if op is None:
            return []
        if op in self.trees:
            tree = self.trees[op]
            return sorted([*tree.absorbed, tree.root], key=lambda o: self.step_of.get(o, -1))
        if op.regions:
            # A kernel that reads a fold's source does the fold's data movement too: its bytes
            # read are the source's (launch_work), the folded copy never being written.
            through = list(self.reads_through.get(op, ()))
            return [*through, op,
                    *(inner for inner in op.walk() if inner is not op and not isinstance(inner, bolt.YieldOp))]
        return [op]

    def run(self) -> HostProgram:
        self.assign_homes()
        self.plan_space_to_depth()
        self.absorb_casts_into_transpose_pads()
        self.plan_elementwise_trees()
        for op in self.ops:
            self.lower_op(op)
        return self.program()

    def lower_op(self, op: Operation) -> None:
        if op in self.folded:
            return  # done by the space_to_depth kernel of its chain's last op
        if op in self.folds:
            _lower_space_to_depth(self, self.folds[op])
            return
        if isinstance(op, (bolt.ConstantOp, bolt.ReshapeOp)):
            return  # weights live in the blob; reshapes are views
        if isinstance(op, func.ReturnOp):
            for k, value in self.output_copies:
                self.emit(None, "copy", cxx.call(rt("copy_bytes"), pointer(OutputHome(k)), self.ptr(value),
                                                 cxx.Int(tensor_bytes(value)), CTX.dot("stream")),
                          what=f"output {k}: copy", work=copy_work(tensor_bytes(value)))
            return
        if isinstance(op, bolt.ELEMENTWISE_OPS):
            if op not in self.absorbed:
                self.lower_tree(self.trees[op])
            return
        if isinstance(op, bolt.TransposeOp) and transpose_pad_plan(op, self.fold_readers) is not None:
            return  # written by its pad's transpose_pad_2d (_lower_pad)
        lowering = _OP_LOWERINGS.get(type(op))
        if lowering is not None:
            lowering(self, op)
            return
        if isinstance(op, (*bolt.ANCHOR_OPS, bolt.B2bOp, bolt.ConvPoolOp, bolt.AttentionOp)):
            self.lower_anchor(op)
            return
        raise error_at(op, "has no lowering to the runtime yet")

    # ---- elementwise trees ----------------------------------------------------------------

    def absorb_casts_into_transpose_pads(self) -> None:
        """A cast feeding a fused transpose + pad is done by that kernel (transpose_pad_plan)."""
        for op in self.ops:
            if isinstance(op, bolt.TransposeOp) and (plan := transpose_pad_plan(op, self.fold_readers)) and plan.cast:
                self.absorbed.add(plan.cast)

    def plan_space_to_depth(self) -> None:
        """A model input's space-to-depth fold, with its edge cast, transpose and padding, is
        one kernel (lowering/space_to_depth.py), or none where its one reader is a kernel that
        reads the fold's source in its place (b2b_conv_direct: a SourcePointer argument)."""
        for op in self.ops:
            if isinstance(op, bolt.TransposeOp) and (plan := space_to_depth_plan(op)) is not None:
                self.fold_readers.update(plan.covered)
                self.absorbed.update(o for o in plan.covered if isinstance(o, bolt.CastOp))
                if self.reads_fold_source(plan):
                    self.folded.update(plan.covered)
                    self.reads_through[self.fold_reader(plan)] = plan.covered
                    continue
                self.folds[plan.final] = plan
                self.folded.update(plan.covered[:-1])

    def fold_reader(self, plan: SpaceToDepthPlan) -> Operation | None:
        """The one op reading the fold's result (through the merge reshape, a view), or None."""
        users = [use.operation for use in plan.final.results[0].uses]
        if len(users) == 1 and isinstance(users[0], bolt.ReshapeOp) and plan.final is not users[0]:
            users = [use.operation for use in users[0].result.uses]
        return users[0] if len(users) == 1 else None

    def reads_fold_source(self, plan: SpaceToDepthPlan) -> bool:
        """Whether the one reader of the fold's result reads the fold's source instead (its
        lowering, made now and kept for lower_anchor, passes it as a SourcePointer)."""
        reader = self.fold_reader(plan)
        if not isinstance(reader, bolt.B2bOp) or self.anchors is None:
            return False
        call = self.anchor_call(reader)
        return any(isinstance(a, SourcePointer) and a.value is plan.source for a in call.arguments)

    def anchor_call(self, op: Operation) -> AnchorCall:
        """The anchor lowering's call for `op`, made once."""
        if op not in self.calls:
            assert self.anchors is not None
            self.calls[op] = self.anchors(op, self.arch)
        return self.calls[op]

    def plan_elementwise_trees(self) -> None:
        for op in reversed(self.ops):
            if isinstance(op, bolt.ELEMENTWISE_OPS) and op not in self.absorbed:
                tree = _TreeBuilder(self, op).build()
                self.trees[op] = tree
                self.absorbed.update(tree.absorbed)

    def lower_tree(self, tree: _Tree) -> None:
        result = tree.root.results[0]
        out_region = self.region(result)
        leaf_regions = [self.region(v) for v in tree.leaves]
        kernel = ew.ElementwiseKernel.build(
            DType.of_tensor(result.type),
            tensor_shape(result.type),
            [tensor_shape(v.type) for v in tree.leaves],
            [DType.of_tensor(v.type) for v in tree.leaves],
            tree.expression,
            may_alias=any(r.overlaps(out_region) for r in leaf_regions),
        )
        name = self.kernel_names.get(kernel)
        if name is None:
            name = f"ew_{len(self.kernel_names)}"
            self.kernel_names[kernel] = name
            self.definitions += kernel.definitions(name)
        ops = tree.root.name + (f" (+{len(tree.absorbed)} fused)" if tree.absorbed else "")
        args = [self.ptr(v) for v in tree.leaves] + [self.ptr(result), CTX.dot("stream"), CTX.dot("sm_count")]
        self.emit(tree.root, "elementwise", cxx.call(name, *args),
                  what=f"{ops} at {op_location(tree.root)}", entry=name)

    # ---- anchors --------------------------------------------------------------------------

    def lower_anchor(self, op: Operation) -> None:
        if self.anchors is None:
            raise error_at(op, f"no emitter for {op.name} yet (boltc/lowering/cutlass provides none)")
        call = self.anchor_call(op)
        known = self.entry_points.get(call.entry)
        if known is not None and (known.parameters, known.returns) != (call.parameters, call.returns):
            raise error_at(op, f"entry point {call.entry} described with two signatures")
        self.entry_points.setdefault(call.entry, call)
        for ctype, pname in call.parameters:
            if ctype not in ENTRY_PARAMETER_TYPES:
                raise error_at(op, f"entry point {call.entry}: parameter {pname} has C type {ctype!r}; "
                                   f"the host file passes only {sorted(ENTRY_PARAMETER_TYPES)}")
        args = [self.anchor_argument(op, argument) for argument in call.arguments]
        for operand in op.operands:
            self.require_alignment(operand, ANCHOR_ALIGNMENT)
        self.require_alignment(op.results[0], ANCHOR_ALIGNMENT)
        label = f"{op.name} at {op_location(op)}"
        if call.returns is EntryReturn.CUDA_ERROR:
            self.emit(op, call.family, cxx.call(call.entry, *args), call=call)
        else:
            self.emit_kernel_status(self.body, op, call.family, cxx.call(call.entry, *args), label, call=call)
        self.prepare_queries(op, call, label)

    def emit_kernel_status(self, body: list[cxx.Stmt], op: Operation, kernel: str, launch: cxx.Expr,
                           label: str, *, record: bool = True, call: AnchorCall | None = None) -> None:
        """A step whose call returns a cutlass::Status (0: success)."""
        status = cxx.Name("kernel_status")
        if record:
            body.append(cxx.Comment(f"step {self.step}: {label} [{kernel}]"))
        body.append(cxx.Assign(status, launch))
        failed = cxx.call(rt("kernel_failed"), status, cxx.Int(self.step), cxx.Str(label), cxx.Name("failure"))
        body.append(cxx.If(cxx.Binary("!=", status, cxx.Int(0)), (cxx.Return(failed),)))
        if record:
            self.record_step(op, kernel, call)

    def prepare_queries(self, op: Operation, call: AnchorCall, label: str) -> None:
        """can_implement and workspace_size of this call, for the model's prepare()."""
        if call.can_implement is None and call.workspace_size is None:
            return
        step = self.step - 1
        args = []
        for i in call.query_parameters:
            ctype = call.parameters[i][0]
            args.append(cxx.Null() if ctype.endswith("*") else self.anchor_argument(op, call.arguments[i]))
        self.prepare_body.append(cxx.Comment(f"step {step}: {label}"))
        if call.can_implement is not None:
            status = cxx.Name("kernel_status")
            self.prepare_body.append(cxx.Assign(status, cxx.call(call.can_implement, *args)))
            failed = cxx.call(rt("kernel_failed"), status, cxx.Int(step), cxx.Str(label + " (can_implement)"),
                              cxx.Name("failure"))
            self.prepare_body.append(cxx.If(cxx.Binary("!=", status, cxx.Int(0)), (cxx.Return(failed),)))
        if call.workspace_size is not None:
            needed = cxx.call(call.workspace_size, *args)
            self.prepare_body.append(cxx.If(cxx.Binary(">", needed, cxx.Name("workspace")),
                                            (cxx.Assign(cxx.Name("workspace"), needed),)))

    def anchor_argument(self, op: Operation, argument: KernelArgument) -> cxx.Expr:
        if isinstance(argument, OperandPointer):
            return self.ptr(op.operands[argument.index])
        if isinstance(argument, ResultPointer):
            return self.ptr(op.results[0])
        if isinstance(argument, SourcePointer):
            return self.ptr(argument.value)
        if isinstance(argument, IntArgument):
            return cxx.Int(argument.value)
        if isinstance(argument, FloatArgument):
            return cxx.HostFloat(argument.value)
        if isinstance(argument, StreamArgument):
            return CTX.dot("stream")
        if isinstance(argument, WorkspacePointer):
            return CTX.dot("workspace")
        if isinstance(argument, WorkspaceBytes):
            return CTX.dot("workspace_bytes")
        if isinstance(argument, SmCountArgument):
            return CTX.dot("sm_count")
        raise TypeError(f"unknown kernel argument {argument!r}")

    def require_alignment(self, value: SSAValue, alignment: int) -> None:
        home = self.home(value)
        if isinstance(home, InputHome):
            self.input_alignment[home.index] = max(self.input_alignment[home.index], alignment)
        elif isinstance(home, OutputHome):
            self.output_alignment[home.index] = max(self.output_alignment[home.index], alignment)

    # ---- the translation unit -------------------------------------------------------------

    def describe(self) -> dict:
        def tensor(kind: str, i: int, value: SSAValue, alignment: int) -> dict:
            return {"name": f"{kind}{i}", "shape": list(tensor_shape(value.type)),
                    "dtype": DType.of_tensor(value.type).short, "bytes": tensor_bytes(value),
                    "alignment": alignment}

        args = self.fn.body.block.args
        return {
            "abi_version": ABI_VERSION,
            "name": self.name,
            "arch": self.arch,
            "inputs": [tensor("input", i, v, self.input_alignment[i]) for i, v in enumerate(args)],
            "outputs": [tensor("output", i, v, self.output_alignment[i])
                        for i, v in enumerate(self.return_op.operands)],
            "arena_bytes": self.arena_bytes,
            "workspace_bytes": self.workspace_bytes,
            "weights_bytes": self.weights.size,
            "launches": self.launches,
        }

    @property
    def arena_bytes(self) -> int:
        attr = self.fn.attributes[ARENA_SIZE]
        assert isinstance(attr, IntegerAttr)
        return attr.value.data

    def program(self) -> HostProgram:
        describe = self.describe()
        has_weights = self.weights.size > 0
        context = cxx.Type(rt("RunContext").text, const=True).as_reference()
        failure = cxx.Type(rt("StepFailure").text).ptr()
        body: list[cxx.Stmt] = [cxx.Decl(cxx.CUDA_ERROR, "status", cxx.Name("cudaSuccess"))]
        if any(c.returns is EntryReturn.CUTLASS_STATUS for c in self.entry_points.values()):
            body.append(cxx.Decl(cxx.INT, "kernel_status", cxx.Int(0)))
        body += self.body
        if not self.body:  # a model that only forwards: nothing can fail
            body += [cxx.Eval(cxx.Cast(cxx.VOID, CTX)), cxx.Eval(cxx.Cast(cxx.VOID, cxx.Name("failure")))]
        body.append(cxx.Return(cxx.Name("status")))
        run = cxx.Function(cxx.CUDA_ERROR, "run", (cxx.Param(context, "ctx"), cxx.Param(failure, "failure")),
                           tuple(body))

        constants: list[cxx.Stmt] = [
            cxx.Decl(cxx.CHAR.as_constexpr(), "kDescribe", cxx.Str(json.dumps(describe, separators=(",", ":"))),
                     array=True)
        ]
        spec_fields: list[cxx.Expr] = [cxx.Name("kDescribe"), cxx.Int(len(self.input_alignment)),
                                       cxx.Int(len(self.output_alignment))]
        for kind, values in (("Input", self.input_alignment), ("Output", self.output_alignment)):
            if values:
                constants.append(cxx.Decl(cxx.SIZE_T.as_constexpr(), f"k{kind}Alignment",
                                          cxx.Braced(tuple(cxx.Int(v) for v in values)), array=True))
                spec_fields.append(cxx.Name(f"k{kind}Alignment"))
            else:
                spec_fields.append(cxx.Null())
        prepare: list[cxx.Stmt] = []
        if self.prepare_body:
            size_ptr = cxx.SIZE_T.ptr()
            prepare.append(cxx.Function(cxx.CUDA_ERROR, "prepare",
                                        (cxx.Param(size_ptr, "workspace_bytes"), cxx.Param(failure, "failure")),
                                        (cxx.Decl(cxx.INT, "kernel_status", cxx.Int(0)),
                                         cxx.Decl(cxx.SIZE_T, "workspace", cxx.Int(0)),
                                         *self.prepare_body,
                                         cxx.Assign(cxx.Unary("*", cxx.Name("workspace_bytes")), cxx.Name("workspace")),
                                         cxx.Return(cxx.Name("cudaSuccess")))))
        spec_fields += [
            cxx.Int(self.arena_bytes),
            cxx.Int(self.workspace_bytes),
            cxx.Name(weights_symbol(self.arch)) if has_weights else cxx.Null(),
            cxx.Int(self.weights.size),
            cxx.Name("run"),
            cxx.Name("prepare") if prepare else cxx.Null(),
        ]
        spec_type = cxx.Type(rt("ModelSpec").text, const=True)
        model_spec = cxx.Function(
            spec_type.as_reference(), spec_function(self.arch), (),
            (cxx.Decl(spec_type, "spec", cxx.Braced(tuple(spec_fields)), static=True), cxx.Return(cxx.Name("spec"))),
        )

        externs: list[cxx.Stmt] = []
        if has_weights:  # defined by weights.S, hidden: each model.so has its own
            externs.append(cxx.Decl(cxx.Type("uint8_t", const=True), weights_symbol(self.arch), array=True,
                                    attributes=("extern", cxx.HIDDEN)))
        for call in self.entry_points.values():
            params = tuple(cxx.Param(ENTRY_PARAMETER_TYPES[t], n) for t, n in call.parameters)
            returns = cxx.INT if call.returns is EntryReturn.CUTLASS_STATUS else cxx.CUDA_ERROR
            externs.append(cxx.Function(returns, call.entry, params, None))
            queries = tuple(params[i] for i in call.query_parameters)
            if call.can_implement is not None:
                externs.append(cxx.Function(cxx.INT, call.can_implement, queries, None))
            if call.workspace_size is not None:
                externs.append(cxx.Function(cxx.SIZE_T, call.workspace_size, queries, None))

        items: list[cxx.Stmt] = [
            cxx.Include("cstddef", system=True),
            cxx.Include("cstdint", system=True),
            cxx.Include("cuda_runtime_api.h", system=True),
            cxx.Include("boltc/device.cuh"),
            cxx.Include("boltc/runtime.h"),
        ]
        if externs:
            items.append(cxx.ExternC(tuple(externs)))
        items += [cxx.Namespace(None, (*self.definitions, run, *prepare, *constants)),
                  spec_declaration(self.arch), model_spec]
        header = (f"Generated by boltc from @{self.fn.sym_name.data} ({self.name}) for {self.arch}:\n"
                  "the launch sequence and the elementwise kernels of one model. Do not edit.")
        return HostProgram(
            name=self.name,
            arch=self.arch,
            source=cxx.TranslationUnit(header, tuple(items)).render(),
            weights=self.weights.blob(),
            weights_assembly=weights_assembly([weights_symbol(self.arch)]) if has_weights else "",
            describe=describe,
            anchor_kernels=tuple(self.entry_points.values()),
            steps=tuple(self.steps),
        )


# -------------------------------------------------------------------------------------------
# Elementwise trees
# -------------------------------------------------------------------------------------------


@dataclass
class _Tree:
    root: Operation
    expression: ew.Node
    leaves: list[SSAValue]
    absorbed: list[Operation]


class _Refused(Exception):
    """This op cannot join the tree (it stays a kernel of its own)."""


class _TreeBuilder:
    """Grows the tree of elementwise ops that one kernel computes at `root`'s step.

    An elementwise producer joins its consumer's tree when its result has that one use and is
    not returned, and when computing it later, at the root's step, reads the same values the
    arena plan gave it at its own step. The plan let buffers reuse bytes of values dead after
    their last planned reader, so for every value the producer reads (a leaf of the tree):
    - no op between the producer and the root writes bytes of it (it would read a clobbered
      value), and
    - the root's output either shares no byte with it, or is exactly its buffer read at the
      same index (same bytes, same element size, not broadcast): each thread reads its own
      elements before writing them, as an in-place elementwise op does.
    Operands the root itself reads were planned for the root: they need no check.
    """

    def __init__(self, lowering: _HostLowering, root: Operation):
        self.lowering = lowering
        self.root = root
        self.root_step = lowering.step_of[root]
        self.result = root.results[0]
        self.out_region = lowering.region(self.result)
        self.leaves: list[SSAValue] = []
        self.absorbed: list[Operation] = []

    def build(self) -> _Tree:
        expression = self.node(self.root)
        return _Tree(self.root, expression, self.leaves, self.absorbed)

    def node(self, op: Operation) -> ew.Node:
        args = [self.operand(v, op) for v in op.operands]
        node = ew.apply_op(op, args)
        dtype = DType.of_tensor(op.results[0].type)
        if op is not self.root and dtype is not DType.F32:
            node = ew.Round(dtype, node)  # the op's own result rounding, kept inside the tree
        return node

    def operand(self, value: SSAValue, reader: Operation) -> ew.Node:
        producer = value.owner if isinstance(value, OpResult) else None
        if (
            isinstance(producer, bolt.ELEMENTWISE_OPS)
            and producer.parent_block() is self.root.parent_block()
            and producer not in self.lowering.absorbed
            and value.has_one_use()
            and value not in self.lowering.returned
            and len(self.absorbed) < MAX_TREE_OPS
        ):
            leaves, absorbed = len(self.leaves), len(self.absorbed)
            try:
                node = self.node(producer)
                self.absorbed.append(producer)
                return node
            except _Refused:
                del self.leaves[leaves:]
                del self.absorbed[absorbed:]
        immediate = self.immediate(value)
        if immediate is not None:
            return immediate
        if value in self.leaves:
            if reader is not self.root:
                self.check_leaf(value, reader)
            return ew.LeafRef(self.leaves.index(value))
        if reader is not self.root:
            self.check_leaf(value, reader)
            if len(self.leaves) >= MAX_TREE_LEAVES:
                raise _Refused()
        self.leaves.append(value)
        return ew.LeafRef(len(self.leaves) - 1)

    def check_leaf(self, value: SSAValue, reader: Operation) -> None:
        region = self.lowering.region(value)
        if region.overlaps(self.out_region) and not self.same_elements(value, region):
            raise _Refused()
        for op in self.lowering.ops[self.lowering.step_of[reader] + 1 : self.root_step]:
            for result in op.results:
                if isinstance(op, (bolt.ConstantOp, bolt.ReshapeOp)):
                    continue
                if self.lowering.region(result).overlaps(region):
                    raise _Refused()

    def same_elements(self, value: SSAValue, region: Region) -> bool:
        return (
            region == self.out_region
            and tensor_shape(value.type) == tensor_shape(self.result.type)
            and DType.of_tensor(value.type).bytes == DType.of_tensor(self.result.type).bytes
        )

    def immediate(self, value: SSAValue) -> ew.Immediate | None:
        """A constant with one value in every element, as a literal of the kernel."""
        base = root(value)
        if not (isinstance(base, OpResult) and isinstance(base.op, bolt.ConstantOp)):
            return None
        values = np.asarray(dense_array(base.op.value), dtype=np.float32).reshape(-1)
        if values.size == 0 or not np.all(values == values[0]):
            return None  # NaN splats stay in the blob: NaN != NaN
        return ew.Immediate(float(values[0]))


# -------------------------------------------------------------------------------------------
# The other ops: one runtime call each
# -------------------------------------------------------------------------------------------


def _dtype_of(value: SSAValue) -> cxx.Expr:
    return DType.of_tensor(value.type).enumerator


def _copy(lowering: _HostLowering, op: Operation, src: SSAValue, dst: SSAValue, kernel: str = "copy") -> None:
    lowering.emit(op, kernel, cxx.call(rt("copy_bytes"), lowering.ptr(dst), lowering.ptr(src),
                                       cxx.Int(tensor_bytes(dst)), CTX.dot("stream")))


@dataclass(frozen=True)
class CopyPlan:
    """A contiguous copy of the destination's bytes from element `offset` of the source."""

    offset: int


@dataclass(frozen=True)
class Transpose2dPlan:
    """dst[b][c][r] = src[b][r][c] over src [batch, rows, cols] (the tiled kernel)."""

    batch: int
    rows: int
    cols: int


@dataclass(frozen=True)
class StridedPlan:
    offset: int
    index: StridedIndex


def plan_strided_copy(offset: int, sizes: Sequence[int], strides: Sequence[int]) -> CopyPlan | Transpose2dPlan | StridedPlan:
    """How to fill a dense destination of `sizes` from src[offset + coords . strides]: a copy
    when that is contiguous, the tiled kernel for a (batched) 2-D transpose, else the strided
    kernel over the coalesced index space."""
    sizes, (strides,) = coalesce(sizes, strides)
    if strides == contiguous_strides(sizes):
        return CopyPlan(offset)
    if offset == 0 and len(sizes) == 2 and tuple(strides) == (1, sizes[0]):
        return Transpose2dPlan(1, sizes[1], sizes[0])
    if offset == 0 and len(sizes) == 3:
        batch, cols, rows = sizes
        if tuple(strides) == (rows * cols, 1, cols):
            return Transpose2dPlan(batch, rows, cols)
    return StridedPlan(offset, StridedIndex.of(sizes, strides))


def _strided(lowering: _HostLowering, op: Operation, src: SSAValue, dst: SSAValue,
             offset: int, sizes: Sequence[int], strides: Sequence[int]) -> None:
    plan = plan_strided_copy(offset, sizes, strides)
    stream = CTX.dot("stream")
    if isinstance(plan, CopyPlan):
        element = DType.of_tensor(src.type).bytes
        source = cxx.Binary("+", cxx.Cast(cxx.CHAR.ptr(const=True), lowering.ptr(src)), cxx.Int(plan.offset * element))
        lowering.emit(op, "copy", cxx.call(rt("copy_bytes"), lowering.ptr(dst), source,
                                           cxx.Int(tensor_bytes(dst)), stream))
    elif isinstance(plan, Transpose2dPlan):
        lowering.emit(op, "transpose_2d", cxx.call(
            rt("transpose_2d"), _dtype_of(src), lowering.ptr(src), lowering.ptr(dst),
            cxx.Int(plan.batch), cxx.Int(plan.rows), cxx.Int(plan.cols), stream))
    else:
        lowering.emit(op, "strided_copy", cxx.call(
            rt("strided_copy"), _dtype_of(src), lowering.ptr(src), cxx.Int(plan.offset), plan.index.initializer(),
            lowering.ptr(dst), stream))


def _lower_transpose(lowering: _HostLowering, op: bolt.TransposeOp) -> None:
    shape = tensor_shape(op.input.type)
    in_strides = contiguous_strides(shape)
    perm = bolt.int_list(op.permutation)
    _strided(lowering, op, op.input, op.result, 0, [shape[p] for p in perm], [in_strides[p] for p in perm])


def _lower_slice(lowering: _HostLowering, op: bolt.SliceOp) -> None:
    in_strides = contiguous_strides(tensor_shape(op.input.type))
    offsets, steps = bolt.int_list(op.offsets), bolt.int_list(op.strides)
    offset = sum(o * s for o, s in zip(offsets, in_strides))
    _strided(lowering, op, op.input, op.result, offset, tensor_shape(op.result.type),
             [s * k for s, k in zip(in_strides, steps)])


def _lower_broadcast(lowering: _HostLowering, op: bolt.BroadcastOp) -> None:
    out_shape = tensor_shape(op.result.type)
    added = set(bolt.int_list(op.dimensions))
    in_strides = iter(contiguous_strides(tensor_shape(op.input.type)))
    strides = [0 if d in added else next(in_strides) for d in range(len(out_shape))]
    _strided(lowering, op, op.input, op.result, 0, out_shape, strides)


@dataclass(frozen=True)
class TransposePadPlan:
    """pad(transpose(x)) where the transpose is a 2-D one of few rows and the pad only grows
    the result's innermost dimension (those rows) at its end: an image's NCHW -> NHWC and the
    channel padding of pad-alignment, as one pass over the input (transpose_pad_2d)."""

    pad: bolt.PadOp
    transpose: Transpose2dPlan
    out_rows: int
    source: SSAValue  # what the kernel reads: the transpose's input, or before a cast into it
    cast: bolt.CastOp | None  # a cast read through (converted in registers), if any


MAX_TRANSPOSE_PAD_ROWS = 16  # runtime.h: transpose_pad_2d's bound


def transpose_pad_plan(op: bolt.TransposeOp, reading_through: Collection[Operation] = ()) -> TransposePadPlan | None:
    """`reading_through`: ops that read the transpose's input themselves (a space-to-depth
    kernel's chain); the transpose need not be written for them."""
    users = [use.operation for use in op.result.uses if use.operation not in reading_through]
    if len(users) != 1 or not isinstance(pad := users[0], bolt.PadOp):
        return None
    shape = tensor_shape(op.input.type)
    in_strides = contiguous_strides(shape)
    perm = bolt.int_list(op.permutation)
    plan = plan_strided_copy(0, [shape[p] for p in perm], [in_strides[p] for p in perm])
    if not isinstance(plan, Transpose2dPlan):
        return None
    in_shape, out_shape = tensor_shape(pad.input.type), tensor_shape(pad.result.type)
    grows_rows_only = (
        not any(bolt.int_list(pad.low))
        and list(in_shape[:-1]) == list(out_shape[:-1])
        and in_shape[-1] == plan.rows
    )
    if not grows_rows_only or out_shape[-1] > MAX_TRANSPOSE_PAD_ROWS:
        return None
    cast = op.input.owner
    if isinstance(cast, bolt.CastOp) and all(use.operation is op or use.operation in reading_through
                                             for use in cast.output.uses):
        return TransposePadPlan(pad, plan, out_shape[-1], cast.input, cast)
    return TransposePadPlan(pad, plan, out_shape[-1], op.input, None)


def _lower_pad(lowering: _HostLowering, op: bolt.PadOp) -> None:
    dtype = DType.of_tensor(op.result.type)
    source = op.input.owner
    fused = transpose_pad_plan(source, lowering.fold_readers) if isinstance(source, bolt.TransposeOp) else None
    if fused is not None:
        t = fused.transpose
        lowering.emit(op, "transpose_pad_2d", cxx.call(
            rt("transpose_pad_2d"), _dtype_of(fused.source), dtype.enumerator, lowering.ptr(fused.source),
            lowering.ptr(op.result),
            cxx.Int(t.batch), cxx.Int(t.rows), cxx.Int(t.cols), cxx.Int(fused.out_rows),
            cxx.HostFloat(_rounded(bolt.float_value(op.value), dtype)), CTX.dot("stream")),
            covers=[o for o in (fused.cast, source, op) if o is not None])
        return
    in_shape, out_shape = tensor_shape(op.input.type), tensor_shape(op.result.type)
    if len(in_shape) > 8:
        raise error_at(op, "the runtime pads tensors of rank 8 at most")
    params = PadParams(len(in_shape), in_shape, out_shape, bolt.int_list(op.low),
                       _rounded(bolt.float_value(op.value), dtype))
    lowering.emit(op, "pad", cxx.call(rt("pad"), dtype.enumerator, lowering.ptr(op.input),
                                      lowering.ptr(op.result), params.initializer(), CTX.dot("stream")))


def _lower_space_to_depth(lowering: _HostLowering, plan: SpaceToDepthPlan) -> None:
    result = plan.final.results[0]
    dtype = DType.of_tensor(result.type)
    params = replace(plan.params, value=_rounded(plan.params.value, dtype))
    lowering.emit(plan.final, "space_to_depth", cxx.call(
        rt("space_to_depth"), _dtype_of(plan.source), dtype.enumerator, lowering.ptr(plan.source),
        lowering.ptr(result), params.initializer(), CTX.dot("stream")), covers=list(plan.covered))


def _rounded(value: float, dtype: DType) -> float:
    """`value` as the element type holds it (the reference rounds the pad value once)."""
    if dtype is DType.F16:
        return float(np.float16(value))
    if dtype is DType.BF16:
        from boltc.dialects.resources import bf16_bits_to_f32, f32_to_bf16_bits

        return float(bf16_bits_to_f32(f32_to_bf16_bits(np.array([value], np.float32)))[0])
    return float(np.float32(value))


def _lower_pool2d(lowering: _HostLowering, op: bolt.Pool2dOp) -> None:
    nhwc = op.layout.data == bolt.Layout.NHWC
    x, y = tensor_shape(op.input.type), tensor_shape(op.result.type)
    (n, h, w, c), (_, p, q, _) = (x, y) if nhwc else ((x[0], x[2], x[3], x[1]), (y[0], y[2], y[3], y[1]))
    (kh, kw), (sh, sw) = bolt.int_list(op.window), bolt.int_list(op.strides)
    top, left, _, _ = bolt.int_list(op.padding)
    kind = PoolKind.MAX if op.kind.data == bolt.PoolKind.MAX else PoolKind.AVG
    out_pitch = (row_pitch(op.result) or c) if nhwc else 0  # plan-memory's, in a concatenation
    params = Pool2dParams(kind.value, int(nhwc), n, c, h, w, p, q, kh, kw, sh, sw, top, left, out_pitch)
    lowering.emit(op, f"pool2d_{kind.name.lower()}", cxx.call(
        rt("pool2d"), _dtype_of(op.input), lowering.ptr(op.input), lowering.ptr(op.result),
        params.initializer(), CTX.dot("stream")))


def _lower_concat(lowering: _HostLowering, op: bolt.ConcatOp) -> None:
    """One rt::copy_rows per input, but for the inputs plan-memory placed in the result's
    columns (bolt.in_place): their producers wrote them there."""
    dim = op.dim.value.data
    out_shape = tensor_shape(op.result.type)
    element = DType.of_tensor(op.result.type).bytes
    outer, inner = prod(out_shape[:dim]), prod(out_shape[dim + 1 :])
    dst_pitch = out_shape[dim] * inner * element
    at = 0
    for value, placed in zip(op.inputs, in_place_flags(op)):
        row = tensor_shape(value.type)[dim] * inner * element
        if placed:
            home, expected = lowering.home(value), lowering.home(op.result)
            if not (isinstance(home, ArenaHome) and isinstance(expected, ArenaHome)
                    and home.offset == expected.offset + at and row_pitch(value) * element == dst_pitch):
                raise error_at(op, "internal: an input marked in place is not at its columns of the result")
        else:
            dst = cxx.Binary("+", cxx.Cast(cxx.CHAR.ptr(), lowering.ptr(op.result)), cxx.Int(at))
            lowering.emit(op, "copy_rows", cxx.call(rt("copy_rows"), dst, cxx.Int(dst_pitch), lowering.ptr(value),
                                                    cxx.Int(row), cxx.Int(row), cxx.Int(outer), CTX.dot("stream")))
        at += row


def _lower_softmax(lowering: _HostLowering, op: bolt.SoftmaxOp) -> None:
    shape = tensor_shape(op.input.type)
    axis = op.axis.value.data
    params = SoftmaxParams(prod(shape[:axis]), shape[axis], prod(shape[axis + 1 :]))
    lowering.emit(op, "softmax", cxx.call(rt("softmax"), _dtype_of(op.input), lowering.ptr(op.input),
                                          lowering.ptr(op.result), params.initializer(), CTX.dot("stream")))


def _lower_layernorm(lowering: _HostLowering, op: bolt.LayerNormOp) -> None:
    shape = tensor_shape(op.input.type)
    axis = op.axis.value.data
    dtype = DType.of_tensor(op.input.type)
    affine: list[cxx.Expr] = []
    for what, value in (("gamma", op.gamma), ("beta", op.beta)):
        if value is None:
            affine.append(cxx.Null())
            continue
        if DType.of_tensor(value.type) is not dtype:
            raise error_at(op, f"{what} must have the input's element type {dtype.short} for the runtime")
        affine.append(lowering.ptr(value))
    params = LayerNormParams(prod(shape[:axis]), prod(shape[axis:]), float(np.float32(bolt.float_value(op.epsilon))))
    lowering.emit(op, "layer_norm", cxx.call(rt("layer_norm"), dtype.enumerator, lowering.ptr(op.input), *affine,
                                             lowering.ptr(op.result), params.initializer(), CTX.dot("stream")))


_REDUCE_KINDS = {
    bolt.ReduceKind.SUM: ReduceKind.SUM,
    bolt.ReduceKind.MEAN: ReduceKind.MEAN,
    bolt.ReduceKind.MAX: ReduceKind.MAX,
    bolt.ReduceKind.MIN: ReduceKind.MIN,
}


def plan_reduce(kind: ReduceKind, shape: Sequence[int], dims: Sequence[int]) -> ReduceParams | None:
    """The runtime's reduction of a dense `shape` over `dims` (None: every reduced dimension
    has size 1, so the result is the input)."""
    strides = contiguous_strides(shape)
    reduced = sorted(set(dims))
    kept = [d for d in range(len(shape)) if d not in reduced]
    kept_sizes, (kept_strides,) = coalesce([shape[d] for d in kept], [strides[d] for d in kept])
    red_sizes, (red_strides,) = coalesce([shape[d] for d in reduced], [strides[d] for d in reduced])
    if not red_sizes:
        return None
    return ReduceParams(kind.value, int(red_strides[-1] == 1), StridedIndex.of(kept_sizes, kept_strides),
                        StridedIndex.of(red_sizes, red_strides))


def _lower_reduce(lowering: _HostLowering, op: bolt.ReduceOp) -> None:
    kind = _REDUCE_KINDS[op.kind.data]
    params = plan_reduce(kind, tensor_shape(op.input.type), bolt.int_list(op.dims))
    if params is None:
        _copy(lowering, op, op.input, op.result)
        return
    lowering.emit(op, f"reduce_{kind.name.lower()}", cxx.call(
        rt("reduce"), _dtype_of(op.input), lowering.ptr(op.input), lowering.ptr(op.result),
        params.initializer(), CTX.dot("stream")))


_OP_LOWERINGS: dict[type, Callable[[_HostLowering, Operation], None]] = {
    bolt.TransposeOp: _lower_transpose,
    bolt.SliceOp: _lower_slice,
    bolt.BroadcastOp: _lower_broadcast,
    bolt.PadOp: _lower_pad,
    bolt.Pool2dOp: _lower_pool2d,
    bolt.ConcatOp: _lower_concat,
    bolt.SoftmaxOp: _lower_softmax,
    bolt.LayerNormOp: _lower_layernorm,
    bolt.ReduceOp: _lower_reduce,
}
