"""Bolt's sample programs: every candidate kernel timed on the GPU, checked before it counts.

    results = profile_candidates(op, "sm_90a", budget_s=600)   # ranked, fastest first; cached
    for r in results:
        print(r.candidate.describe(), r.result.median_us)

The profiler of a configuration is the kernel's own translation unit(s) linked into a small
shared library (`profiler_unit`, `build_profilers`): the exported C entry point (gemm_sm90.py's
module docstring: sizes, pointers, strides, workspace, stream) takes every problem size at run
time, so one configuration, compiled once, is timed on every shape with the same
family-defining facts (element types, layouts, alignments, epilogue tree: everything that goes
into the TU's text, which the kernel's name hashes). The library is built through build.py
(the one nvcc look-up, the same flags, the content-hashed object cache, parallel `-j`) and
linked like a model.so (`nvcc -shared -cudart shared`), under
`$BOLTC_CACHE_DIR/profilers/<kernel>-<object key>.so`; it is loaded with ctypes.

A job (`ProfileJob`: a candidate and the problems to time it on) is a pure function of
(configuration, problems, GPU) -> `ProfileJobResult`, with no state shared with anything but the
object and tuning caches: picklable both ways, so a Dask task can run `run_job` on any worker
(DESIGN.md, 'Dependencies'; issue 16). Per problem (`measure`):

1. Fresh random inputs (never zeros: A ~ N(0, 1), B ~ N(0, 1/K), so outputs are O(1) for any
   K; extras ~ N(0, 1), scalars in [0.5, 1.5]); the output poisoned with NaN.
2. `can_implement`, then one launch; the output is checked against the reference (torch in
   fp32 on the same device, TF32 off: matmul or conv2d, then the epilogue tree evaluated node
   by node, `reference_output`) within the output type's tolerance (`TOLERANCES`). A failed
   status, an unwritten (NaN) element or a wrong value rejects the candidate (ok False, the
   reason in `error`): a wrong candidate is never ranked.
3. Warm-up, then `repeats` launches, each after the L2 is flushed (a buffer of twice the L2
   written), each timed by its own pair of CUDA events; the median counts. The output is
   checked again after timing (a kernel that is right once and wrong under load is rejected).

The worker pool (`ProfilePool`): one worker process per visible GPU (its
`CUDA_VISIBLE_DEVICES` set before CUDA starts in it, spawned, not forked), a queue of jobs
dispatched to whichever GPU is free, results written to the sqlite tuning cache (cache.py) as
each problem's last job arrives, and a progress line per job (done / total). A worker whose
CUDA context is lost (a kernel's illegal address is sticky for the process) is replaced.

What is verified where: the compile side, the reference and the check (on CPU tensors, with
fake launchers), the argument binding and the pool (with an in-process fake runner) are tested
on CPU (test/python/tuning/test_profile.py); one profiler library is compiled with nvcc
(test_profile_nvcc.py). Timing real kernels needs a GPU: test/gpu/test_profile_gpu.py.
"""

from __future__ import annotations

import concurrent.futures
import ctypes
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from boltc.diagnostics import BoltcError
from boltc.lowering import build
from boltc.lowering.cutlass.conv_sm90 import ConvDim
from boltc.lowering.cutlass.cpp import Element, GmemLayout, InvalidKernelConfig, UnsupportedEpilogue
from boltc.lowering.cutlass.evt import (
    BINARY_FUNCTORS,
    GELU_FUNCTORS,
    IDENTITY,
    SIXTEEN_BIT_RESULT_FORMS,
    UNARY_FUNCTORS,
    AccFetch,
    Compute,
    EpilogueTree,
    LeafKind,
    Load,
    ScalarConstant,
    select_functor,
)
from boltc.lowering.cutlass.kernel_abi import CParam, CutlassStatus, EntryPoint, ParamRole
from boltc.tuning.space import Candidate, Conv2dProblem, GemmProblem

Problem = GemmProblem | Conv2dProblem

PROFILER_DIR = "profilers"  # under the object cache's directory (build.default_cache_dir)


# --------------------------------------------------------------------------------------
# The compile side: a candidate's profiler library.
# --------------------------------------------------------------------------------------


def profiler_unit(candidate: Candidate, problem: Problem, arch: str) -> build.TranslationUnit:
    """The translation unit(s) of `candidate`'s kernel for `problem`'s family-defining facts (its
    sizes do not enter the text): what the profiler library is made of. InvalidKernelConfig or
    UnsupportedEpilogue when the emitter refuses the candidate."""
    kernel = candidate.kernel(problem)
    return build.TranslationUnit(kernel.name, kernel.render(), build.Arch.parse(arch),
                                 device_source=kernel.render_device())


def profiler_library_path(unit: build.TranslationUnit, toolchain: build.Toolchain, cache_dir: Path) -> Path:
    """Where the linked profiler of `unit` lives: named by the kernel and by its object's cache
    key (the TU text, flags, nvcc and CUTLASS versions), so a new compiler never reuses it."""
    return Path(cache_dir) / PROFILER_DIR / f"{unit.name}-{build.cache_key(unit, toolchain)[:16]}.so"


def build_profilers(units: Sequence[build.TranslationUnit], *, jobs: int | None = None,
                    cache_dir: Path | None = None, toolchain: build.Toolchain | None = None,
                    progress: bool = True, on_ready: Callable[[int], None] | None = None,
                    processes: build.Subprocesses | None = None) -> list[Path]:
    """The profiler library of each unit (in order), compiled in parallel through build.py's
    object cache (each distinct TU once) and linked where not linked yet. `on_ready(i)`: unit
    i's library exists (called as each is linked, before the others finish: profile_problems
    times it meanwhile). `processes`: build.py's, so that another thread can stop the nvcc."""
    from boltc.lowering.model_build import link_shared

    toolchain = toolchain or build.Toolchain.find()
    cache_dir = Path(cache_dir) if cache_dir else build.default_cache_dir()
    paths = [profiler_library_path(u, toolchain, cache_dir) for u in units]
    waiting: dict[tuple[str, build.Arch], list[int]] = {}
    for i, (path, unit) in enumerate(zip(paths, units)):
        if path.is_file():
            if on_ready is not None:
                on_ready(i)
        else:
            waiting.setdefault((unit.source, unit.arches), []).append(i)

    def linked(obj: build.CompiledObject) -> None:
        for i in waiting.get((obj.unit.source, obj.unit.arches), ()):
            if not paths[i].is_file():
                link_shared([obj.path], paths[i])
            if on_ready is not None:
                on_ready(i)

    if waiting:
        build.compile_units([units[ids[0]] for ids in waiting.values()], jobs=jobs, cache_dir=cache_dir,
                            toolchain=toolchain, progress=progress, on_done=linked, processes=processes)
    return paths


def profiler_library(candidate: Candidate, problem: Problem, arch: str, cache_dir: Path | None = None) -> Path:
    """The profiler of `candidate` for `problem`, built if absent (a worker that finds the
    parent's build uses it; a worker elsewhere, as a Dask task may be, builds its own)."""
    return build_profilers([profiler_unit(candidate, problem, arch)], jobs=1, cache_dir=cache_dir, progress=False)[0]


# --------------------------------------------------------------------------------------
# Jobs and results: picklable records, the interface a Dask task will use.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ProfileSettings:
    """How one problem is timed: warm-up, then between `min_repeats` and `max_repeats`
    launches (as many as fit in `target_ms` of kernel time), each after an L2 flush."""

    warmup_runs: int = 3
    warmup_ms: float = 20.0
    min_repeats: int = 10
    max_repeats: int = 200
    target_ms: float = 100.0
    seed: int = 0

    def repeats_for(self, estimate_us: float) -> int:
        if estimate_us <= 0 or math.isnan(estimate_us):
            return self.max_repeats
        wanted = int(self.target_ms * 1000 / estimate_us)
        return max(self.min_repeats, min(self.max_repeats, wanted))


@dataclass(frozen=True)
class ProfileJob:
    """One configuration timed on one or more problems that share its family-defining facts
    (so one profiler library serves them all)."""

    candidate: Candidate
    problems: tuple[Problem, ...]
    arch: str = "sm_90a"
    settings: ProfileSettings = field(default_factory=ProfileSettings)

    def __post_init__(self) -> None:
        if not self.problems:
            raise ValueError("a profile job needs at least one problem")

    @property
    def candidate_text(self) -> str:
        return candidate_text(self.candidate)


@dataclass(frozen=True)
class ProfileResult:
    """One problem's outcome: the median of `runs` timed launches (microseconds), or why the
    candidate was rejected (ok False: a refused launch, a wrong or unwritten output, an error)."""

    median_us: float | None
    runs: int
    ok: bool
    error: str = ""

    @classmethod
    def rejected(cls, error: str) -> ProfileResult:
        return cls(None, 0, False, error)


@dataclass(frozen=True)
class GpuFacts:
    """The device a job ran on, as the tuning cache keys it."""

    name: str
    capability: tuple[int, int]


@dataclass(frozen=True)
class ProfileJobResult:
    """What `run_job` returns: one ProfileResult per problem of the job, in order. `fatal`: the
    worker's CUDA context is lost (a sticky error); the pool replaces that worker. `worker`: who
    ran it ("GPU 0", a Dask worker's address), set by the pool for progress and per-worker rates."""

    job: ProfileJob
    results: tuple[ProfileResult, ...]
    gpu: GpuFacts | None
    fatal: bool = False
    worker: str = ""


def candidate_text(candidate: Candidate) -> str:
    """The candidate's `#bolt.kernel` text, or its description where it has none (conv_direct)."""
    return candidate.kernel_attr_text() if candidate.has_kernel_attr else candidate.describe()


# --------------------------------------------------------------------------------------
# The C call: one value per entry-point parameter.
# --------------------------------------------------------------------------------------

CTYPES: dict[str, Any] = {
    "int": ctypes.c_int, "int64_t": ctypes.c_int64, "size_t": ctypes.c_size_t, "float": ctypes.c_float,
    "const void*": ctypes.c_void_p, "void*": ctypes.c_void_p, "cudaStream_t": ctypes.c_void_p,
}


@dataclass(frozen=True)
class Pointers:
    """Device addresses of one problem's operands: A, B, D, one per epilogue leaf."""

    a: int
    b: int
    d: int
    leaves: tuple[int, ...]


def _conv_dims(problem: Conv2dProblem) -> dict[ConvDim, int]:
    g = problem.geometry
    top, left, bottom, right = g.padding
    return {
        ConvDim.N: g.n, ConvDim.H: g.h, ConvDim.W: g.w, ConvDim.C: g.c, ConvDim.F: g.f, ConvDim.R: g.r,
        ConvDim.S: g.s, ConvDim.P: g.p, ConvDim.Q: g.q, ConvDim.PAD_TOP: top, ConvDim.PAD_LEFT: left,
        ConvDim.PAD_BOTTOM: bottom, ConvDim.PAD_RIGHT: right, ConvDim.STRIDE_H: g.strides[0],
        ConvDim.STRIDE_W: g.strides[1], ConvDim.DILATION_H: g.dilations[0], ConvDim.DILATION_W: g.dilations[1],
    }


def output_rows_cols(problem: Problem) -> tuple[int, int, int]:
    """D as the kernel sees it: (batch L, rows M, columns N)."""
    if isinstance(problem, GemmProblem):
        return problem.batch, problem.m, problem.n
    m, n, _ = problem.mnk
    return 1, m, n


def problem_arguments(params: Sequence[CParam], problem: Problem, pointers: Pointers,
                      scalars: Sequence[float]) -> list[int | float]:
    """The values of every non-host parameter (sizes, pointers, strides, scalars) for a call on
    `problem`, as profile operands are laid out (`make_operands`: dense, batches back to back,
    broadcast extras shared by every batch)."""
    batch, rows, cols = output_rows_cols(problem)
    values: dict[Any, int] = {}
    if isinstance(problem, GemmProblem):
        m, n, k = problem.mnk
        many = batch > 1
        values = {
            ParamRole.M: m, ParamRole.N: n, ParamRole.K: k, ParamRole.BATCH: batch,
            ParamRole.LDA: k if problem.layout_a is GmemLayout.ROW_MAJOR else m,
            ParamRole.BATCH_STRIDE_A: m * k if many else 0,
            ParamRole.LDB: n if problem.layout_b is GmemLayout.ROW_MAJOR else k,
            ParamRole.BATCH_STRIDE_B: k * n if many else 0,
            ParamRole.LDD: n, ParamRole.BATCH_STRIDE_D: m * n if many else 0,
        }
    else:
        values = dict(_conv_dims(problem))
        values[ParamRole.LDD] = problem.geometry.f  # conv_sm90's and conv_sm80's: a packed output
    values.update({ParamRole.A: pointers.a, ParamRole.B: pointers.b, ParamRole.D: pointers.d})
    leaves = problem.epilogue.leaves
    out: list[int | float] = []
    for param in params:
        role = param.role
        if role in (ParamRole.WORKSPACE, ParamRole.WORKSPACE_SIZE, ParamRole.STREAM):
            continue
        if role is ParamRole.LEAF:
            out.append(pointers.leaves[param.index])
        elif role is ParamRole.LEAF_LD:
            out.append(cols)
        elif role is ParamRole.LEAF_BATCH_STRIDE:
            out.append(rows * cols if leaves[param.index].kind is LeafKind.AUX and batch > 1 else 0)
        elif role is ParamRole.SCALAR:
            out.append(float(scalars[param.index]))
        else:
            out.append(values[role])
    return out


class KernelLibrary:
    """A profiler library loaded with ctypes: the launch, workspace-size and can-implement
    functions of its entry point."""

    def __init__(self, path: Path, entry: EntryPoint):
        try:
            lib = ctypes.CDLL(str(path), mode=os.RTLD_LOCAL | os.RTLD_NOW)
        except OSError as error:
            raise BoltcError(f"cannot load the profiler {path}: {error}") from None
        problem_types = [CTYPES[p.ctype] for p in entry.problem_params]
        self.launch = getattr(lib, entry.name)
        self.launch.restype, self.launch.argtypes = ctypes.c_int, [CTYPES[p.ctype] for p in entry.params]
        self.workspace_size = getattr(lib, entry.workspace_size_name)
        self.workspace_size.restype, self.workspace_size.argtypes = ctypes.c_size_t, problem_types
        self.can_implement = getattr(lib, entry.can_implement_name)
        self.can_implement.restype, self.can_implement.argtypes = ctypes.c_int, problem_types
        self.lib, self.path = lib, path


_LIBRARIES: dict[Path, KernelLibrary] = {}  # per worker process: a library loads once


def load_library(path: Path, entry: EntryPoint) -> KernelLibrary:
    if path not in _LIBRARIES:
        _LIBRARIES[path] = KernelLibrary(path, entry)
    return _LIBRARIES[path]


def status_text(status: int) -> str:
    try:
        return f"{status} ({CutlassStatus(status).name})"
    except ValueError:
        return str(status)


# --------------------------------------------------------------------------------------
# Operands and the reference (torch, fp32, on the operands' device).
# --------------------------------------------------------------------------------------

TORCH_DTYPES = {Element.F16: "float16", Element.BF16: "bfloat16", Element.F32: "float32"}
# Allowed error on top of the fp32 reference, per output type: twice the type's relative step
# (one rounding of D, plus the epilogue's device approximations: tanh.approx, ex2.approx, which
# stay within a fraction of a 16-bit step: evt.py), relative to each value and, for values near
# zero (a ReLU's kink, cancellations), to the output's root mean square: the fp32 sums differ
# from the reference's by their order, ~sqrt(K) 2^-24 of the typical magnitude.
TOLERANCES = {Element.F16: 2 * 2.0**-10, Element.BF16: 2 * 2.0**-7, Element.F32: 2e-3}


def _dtype(torch, element: Element):
    return getattr(torch, TORCH_DTYPES[element])


@dataclass
class Operands:
    """One problem's tensors (torch, on one device): storage as the kernel reads it."""

    a: Any
    b: Any
    d: Any
    leaves: list[Any]
    scalars: list[float]

    def pointers(self) -> Pointers:
        return Pointers(self.a.data_ptr(), self.b.data_ptr(), self.d.data_ptr(),
                        tuple(t.data_ptr() for t in self.leaves))


def make_operands(torch, problem: Problem, device: str, seed: int) -> Operands:
    """Fresh random operands for `problem` (the module docstring, step 1); D poisoned (NaN)."""
    gen = torch.Generator(device=device).manual_seed(seed)
    element = _dtype(torch, problem.element)
    batch, rows, cols = output_rows_cols(problem)

    def randn(*shape, scale=1.0, dtype=element):
        return (torch.randn(*shape, generator=gen, device=device, dtype=torch.float32) * scale).to(dtype)

    if isinstance(problem, GemmProblem):
        m, n, k = problem.mnk
        a = randn(batch, m, k) if problem.layout_a is GmemLayout.ROW_MAJOR else randn(batch, k, m)
        b_shape = (batch, k, n) if problem.layout_b is GmemLayout.ROW_MAJOR else (batch, n, k)
        b = randn(*b_shape, scale=k ** -0.5)
        d_shape: tuple[int, ...] = (batch, m, n)
    else:
        g = problem.geometry
        a = randn(g.n, g.h, g.w, g.c)
        per_group = g.c // problem.groups
        b = randn(g.f, g.r, g.s, per_group, scale=(per_group * g.r * g.s) ** -0.5)
        d_shape = (g.n, g.p, g.q, g.f)
    leaves = []
    for leaf in problem.epilogue.leaves:
        shape = {LeafKind.ROW: (cols,), LeafKind.COLUMN: (rows,), LeafKind.AUX: (batch, rows, cols),
                 LeafKind.SCALAR: (1,)}[leaf.kind]
        leaves.append(randn(*shape, dtype=_dtype(torch, leaf.element)))
    scalars = [0.5 + float(torch.rand(1, generator=gen, device=device)) for _ in problem.epilogue.scalars]
    d = torch.full(d_shape, float("nan"), device=device, dtype=_dtype(torch, problem.element_d))
    return Operands(a, b, d, leaves, scalars)


def accumulator(torch, problem: Problem, ops: Operands):
    """A @ B (or the convolution) in fp32, as (L, M, N)."""
    if isinstance(problem, GemmProblem):
        a, b = ops.a.float(), ops.b.float()
        if problem.layout_a is GmemLayout.COLUMN_MAJOR:
            a = a.transpose(-1, -2)
        if problem.layout_b is GmemLayout.COLUMN_MAJOR:
            b = b.transpose(-1, -2)
        return torch.matmul(a, b)
    import torch.nn.functional as F

    g = problem.geometry
    top, left, bottom, right = g.padding
    x = F.pad(ops.a.float().permute(0, 3, 1, 2), (left, right, top, bottom))
    w = ops.b.float().permute(0, 3, 1, 2)
    y = F.conv2d(x, w, stride=tuple(g.strides), dilation=tuple(g.dilations), groups=problem.groups)
    return y.permute(0, 2, 3, 1).reshape(1, g.n * g.p * g.q, g.f)


def _round(torch, x, element: Element):
    return x if element is Element.F32 else x.to(_dtype(torch, element)).float()


def _functor_table(torch) -> dict:
    """Each EVT functor (evt.py's records, not their names) as a torch function on fp32."""
    import torch.nn.functional as F

    def hardswish(x):
        return x * torch.clamp(x + 3, 0, 6) / 6

    def nan_max(a, b):
        return torch.where(torch.isnan(a) | torch.isnan(b), a + b, torch.maximum(a, b))

    def nan_min(a, b):
        return torch.where(torch.isnan(a) | torch.isnan(b), a + b, torch.minimum(a, b))

    from boltc.dialects import bolt

    unary = {
        bolt.ReluOp: torch.relu, bolt.SigmoidOp: torch.sigmoid, bolt.TanhOp: torch.tanh, bolt.SiluOp: F.silu,
        bolt.HardswishOp: hardswish, bolt.NegOp: torch.neg, bolt.SoftplusOp: F.softplus, bolt.ExpOp: torch.exp,
        bolt.LogOp: torch.log, bolt.Log1pOp: torch.log1p, bolt.SqrtOp: torch.sqrt, bolt.RsqrtOp: torch.rsqrt,
        bolt.AbsOp: torch.abs, bolt.ErfOp: torch.erf, bolt.ReciprocalOp: torch.reciprocal,
    }
    binary = {
        bolt.AddOp: torch.add, bolt.SubOp: torch.sub, bolt.MulOp: torch.mul, bolt.DivOp: torch.div,
        bolt.MaxOp: nan_max, bolt.MinOp: nan_min, bolt.PowOp: torch.pow,
    }
    table: dict = {IDENTITY: lambda x: x}
    for op_class, functor in UNARY_FUNCTORS.items():
        if op_class in unary:  # Clamp: its bounds are the node's arguments (reference_output)
            table[functor] = unary[op_class]
    for op_class, functor in BINARY_FUNCTORS.items():
        table[functor] = binary[op_class]
    for approximation, functor in GELU_FUNCTORS.items():
        table[functor] = lambda x, a=approximation.value: F.gelu(x, approximate="tanh" if a == "tanh" else "none")
    for (base, _), form in SIXTEEN_BIT_RESULT_FORMS.items():  # cheaper forms of the same function
        table[form] = next(fn for f, fn in table.items() if f.cpp == base)
    compare = {"eq": torch.eq, "gt": torch.gt, "ge": torch.ge, "lt": torch.lt, "le": torch.le, "ne": torch.ne}
    for predicate in bolt.ComparePredicate:
        ordered, relation = predicate.value[0] == "o", compare[predicate.value[1:]]

        def select(a, b, t, f, relation=relation, ordered=ordered):
            unordered = torch.isnan(a) | torch.isnan(b)
            holds = (~unordered & relation(a, b)) if ordered else (unordered | relation(a, b))
            return torch.where(holds, t, f)

        table[select_functor(predicate)] = select
    return table


def reference_output(torch, problem: Problem, ops: Operands):
    """The epilogue tree evaluated over the fp32 accumulator, node by node as the EVT does
    (inputs converted to the node's compute type, the functor, the result rounded to its
    output type); (L, M, N) fp32. UnsupportedEpilogue for a functor with no reference here."""
    acc = accumulator(torch, problem, ops)
    batch, rows, cols = acc.shape
    table = _functor_table(torch)
    memo: dict = {}

    def value(node):
        if node in memo:
            return memo[node]
        if isinstance(node, AccFetch):
            out = acc
        elif isinstance(node, Load):
            t = ops.leaves[node.leaf].float()
            shape = {LeafKind.ROW: (1, 1, cols), LeafKind.COLUMN: (1, rows, 1), LeafKind.AUX: (batch, rows, cols),
                     LeafKind.SCALAR: (1, 1, 1)}[node.kind]
            out = t.view(*shape)
        elif isinstance(node, ScalarConstant):
            out = _round(torch, torch.tensor(ops.scalars[node.index], device=acc.device), node.element)
        else:
            assert isinstance(node, Compute)
            fn = table.get(node.functor)
            if fn is None and node.functor.has_arguments:  # Clamp: its bounds are the arguments
                lower, upper = node.arguments

                def fn(x, lower=lower, upper=upper):
                    return torch.clamp(x, lower, upper)
            if fn is None:
                raise UnsupportedEpilogue(f"the profiler has no reference for the functor {node.functor.cpp}")
            args = [_round(torch, value(c), node.compute) for c in node.children]
            out = _round(torch, fn(*args), node.output)
        memo[node] = out
        return out

    return value(problem.epilogue.root).expand(batch, rows, cols)


def check_output(torch, problem: Problem, got, expected) -> str | None:
    """Why the kernel's D is not the reference (None: it is): unwritten (NaN where the reference
    is a number) or off by more than TOLERANCES[element_d] (module docstring)."""
    got = got.float().reshape(expected.shape)
    finite = ~torch.isnan(expected)
    unwritten = int((torch.isnan(got) & finite).sum())
    if unwritten:
        return f"{unwritten} of {got.numel()} outputs unwritten or NaN where the reference is a number"
    rtol = TOLERANCES[problem.element_d]
    scale = float(expected[finite].pow(2).mean().sqrt()) if bool(finite.any()) else 0.0
    error = (got - expected).abs()
    allowed = rtol * expected.abs() + rtol * scale
    bad = finite & ~(error <= allowed)
    count = int(bad.sum())
    if count:
        worst = float((error - allowed)[bad].max())
        index = int(((error - allowed).masked_fill(~bad, -1)).argmax())
        return (f"{count} of {got.numel()} outputs differ from the fp32 reference beyond rtol {rtol:.2g} "
                f"(and {rtol:.2g} x rms {scale:.3g}): first worst at flat index {index}, got "
                f"{float(got.flatten()[index]):.6g}, expected {float(expected.flatten()[index]):.6g} "
                f"(excess {worst:.3g})")
    return None


# --------------------------------------------------------------------------------------
# One problem: check, then time.
# --------------------------------------------------------------------------------------

Launch = Callable[[], int]  # one asynchronous launch on the current stream; its status
# (operands) -> a launch, or a rejection (the can_implement status, say)
LaunchFactory = Callable[[Operands], "Launch | str"]
# (launch, flush, settings) -> (per-launch microseconds, every launch's status)
Timer = Callable[[Launch, Callable[[], None], ProfileSettings], tuple[list[float], list[int]]]


def measure(torch, problem: Problem, make_launch: LaunchFactory, timer: Timer, flush: Callable[[], None],
            settings: ProfileSettings, device: str, synchronize: Callable[[], None] = lambda: None) -> ProfileResult:
    """One problem through the steps of the module docstring. Never raises for a bad kernel:
    the reason is the result's `error`."""
    ops = make_operands(torch, problem, device, settings.seed)
    try:
        expected = reference_output(torch, problem, ops)
    except UnsupportedEpilogue as error:
        return ProfileResult.rejected(error.message)
    launch = make_launch(ops)
    if isinstance(launch, str):
        return ProfileResult.rejected(launch)
    status = launch()
    synchronize()
    if status != 0:
        return ProfileResult.rejected(f"the launch returned status {status_text(status)}")
    wrong = check_output(torch, problem, ops.d, expected)
    if wrong:
        return ProfileResult.rejected(f"wrong result: {wrong}")
    times, statuses = timer(launch, flush, settings)
    synchronize()
    failed = [s for s in statuses if s != 0]
    if failed:
        return ProfileResult.rejected(f"{len(failed)} timed launches returned status {status_text(failed[0])}")
    wrong = check_output(torch, problem, ops.d, expected)
    if wrong:
        return ProfileResult.rejected(f"wrong result after the timed launches: {wrong}")
    if not times or any(not t > 0 for t in times):
        return ProfileResult.rejected(f"no usable timings ({times[:5]})")
    return ProfileResult(statistics.median(times), len(times), True)


HOST_US_PER_LAUNCH = 60  # generous: a flush, two events and a ctypes call into the entry point
GPU_CYCLES_PER_US = 2000  # torch.cuda._sleep counts clock cycles; ~2 GHz (an H100 boosts to 1.98)


def cuda_timer(torch) -> Timer:
    """Warm-up, then launches each after `flush`, each between its own CUDA events."""

    def timer(launch: Launch, flush: Callable[[], None], settings: ProfileSettings):
        statuses = []
        start = time.perf_counter()
        runs = 0
        while runs < settings.warmup_runs or (time.perf_counter() - start) * 1000 < settings.warmup_ms:
            statuses.append(launch())
            runs += 1
            if runs % 8 == 0:
                torch.cuda.synchronize()
        torch.cuda.synchronize()
        # An estimate of one launch (flushed, as timed), to size the repeats.
        probe = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(3)]
        for begin, end in probe:
            flush()
            begin.record()
            statuses.append(launch())
            end.record()
        torch.cuda.synchronize()
        estimate = statistics.median(b.elapsed_time(e) * 1000 for b, e in probe)
        events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
                  for _ in range(settings.repeats_for(estimate))]
        # The GPU waits while the host queues the timed launches, so that no event pair spans
        # an idle gap in which the host was still preparing the launch (small kernels run faster
        # than ctypes, make_arguments and the launch API can issue them).
        torch.cuda._sleep(int(min(len(events) * HOST_US_PER_LAUNCH, 50_000) * GPU_CYCLES_PER_US))
        for begin, end in events:
            flush()
            begin.record()
            statuses.append(launch())
            end.record()
        torch.cuda.synchronize()
        return [b.elapsed_time(e) * 1000 for b, e in events], statuses

    return timer


# --------------------------------------------------------------------------------------
# One job on this process's GPU.
# --------------------------------------------------------------------------------------


def _sticky(error: BaseException) -> bool:
    """A CUDA error that poisons the context (illegal address, launch failure): the process
    must go."""
    text = str(error).lower()
    return any(s in text for s in ("illegal memory access", "illegal address", "unspecified launch failure",
                                   "misaligned address", "device-side assert", "an illegal instruction"))


def ctypes_launch_factory(torch, library: KernelLibrary, entry: EntryPoint, problem: Problem) -> LaunchFactory:
    """Launches of the profiler's entry point on torch's current stream; the workspace is
    allocated once, of the size the kernel asks for these arguments."""

    def make(ops: Operands) -> Launch | str:
        problem_values = problem_arguments(entry.params, problem, ops.pointers(), ops.scalars)
        status = library.can_implement(*problem_values)
        if status != 0:
            return f"can_implement refused the problem: status {status_text(status)}"
        size = int(library.workspace_size(*problem_values))
        workspace = torch.empty(max(size, 1), dtype=torch.uint8, device="cuda") if size else None
        pointer = workspace.data_ptr() if workspace is not None else None
        stream = torch.cuda.current_stream().cuda_stream
        values = []
        rest = iter(problem_values)
        for param in entry.params:
            if param.role is ParamRole.WORKSPACE:
                values.append(pointer)
            elif param.role is ParamRole.WORKSPACE_SIZE:
                values.append(size)
            elif param.role is ParamRole.STREAM:
                values.append(stream)
            else:
                values.append(next(rest))

        def launch() -> int:
            _ = workspace  # kept alive with the launch
            return library.launch(*values)

        return launch

    return make


def l2_flush(torch) -> Callable[[], None]:
    """A write of twice the L2's bytes (what triton's do_bench does with its 256 MB buffer)."""
    props = torch.cuda.get_device_properties(torch.cuda.current_device())
    size = max(2 * int(getattr(props, "L2_cache_size", 0) or 0), 64 << 20)
    buffer = torch.empty(size, dtype=torch.int8, device="cuda")
    return buffer.zero_


def local_gpu_facts() -> GpuFacts:
    """The first visible GPU, as the tuning cache keys it (what run_job reports for a job there)."""
    import torch

    props = torch.cuda.get_device_properties(0)
    return GpuFacts(props.name, (props.major, props.minor))


def run_job(job: ProfileJob, cache_dir: str | None = None, library: str | None = None) -> ProfileJobResult:
    """`job` on this process's GPU (the first visible one): build or find the profiler, then
    `measure` every problem. A pure function of (configuration, problems, GPU) -> timings.
    `library`: the profiler already built elsewhere and shipped here (a Dask worker on another
    host, tuning/cluster.py): loaded as it is, nothing compiled and no nvcc needed."""
    import torch

    torch.backends.cuda.matmul.allow_tf32 = False  # the reference is fp32, not TF32
    torch.backends.cudnn.allow_tf32 = False
    gpu = local_gpu_facts()
    try:
        torch.cuda.synchronize()  # a context lost by the previous job shows here
    except RuntimeError as error:
        return ProfileJobResult(job, tuple(ProfileResult.rejected(f"CUDA context lost: {error}") for _ in job.problems),
                                gpu, fatal=True)
    try:
        kernel = job.candidate.kernel(job.problems[0])
        path = Path(library) if library else profiler_library(job.candidate, job.problems[0], job.arch,
                                                              Path(cache_dir) if cache_dir else None)
        library = load_library(path, kernel.entry_point)
    except (InvalidKernelConfig, UnsupportedEpilogue, BoltcError) as error:
        return ProfileJobResult(job, tuple(ProfileResult.rejected(f"no profiler: {error}") for _ in job.problems), gpu)
    flush, timer = l2_flush(torch), cuda_timer(torch)
    results = []
    fatal = False
    for problem in job.problems:
        if fatal:
            results.append(ProfileResult.rejected("not run: the CUDA context was lost on an earlier problem"))
            continue
        try:
            if job.candidate.kernel(problem).name != kernel.name:
                results.append(ProfileResult.rejected(
                    "the problem's family-defining facts (types, layouts, alignments, epilogue) differ from "
                    "the job's first problem: it needs another profiler"))
                continue
            make = ctypes_launch_factory(torch, library, kernel.entry_point, problem)
            results.append(measure(torch, problem, make, timer, flush, job.settings, "cuda", torch.cuda.synchronize))
        except (InvalidKernelConfig, UnsupportedEpilogue) as error:
            results.append(ProfileResult.rejected(error.message))
        except RuntimeError as error:  # torch's CUDA errors
            fatal = _sticky(error)
            results.append(ProfileResult.rejected(f"CUDA error: {error}"))
        finally:
            torch.cuda.empty_cache()
    return ProfileJobResult(job, tuple(results), gpu, fatal)


# --------------------------------------------------------------------------------------
# The worker pool: one process per visible GPU.
# --------------------------------------------------------------------------------------


def visible_gpus() -> list[str]:
    """The GPUs this process may use, as CUDA_VISIBLE_DEVICES entries (which it narrows)."""
    chosen = os.environ.get("CUDA_VISIBLE_DEVICES")
    if chosen is not None:
        return [d.strip() for d in chosen.split(",") if d.strip() and d.strip() != "-1"]
    try:
        import torch

        count = torch.cuda.device_count()  # NVML: no CUDA context in the parent
    except ImportError:
        from cuda.bindings import runtime

        error, count = runtime.cudaGetDeviceCount()
        count = count if error == runtime.cudaError_t.cudaSuccess else 0
    return [str(i) for i in range(count)]


def _pin_gpu(gpu: str) -> None:
    """A worker's initializer: it sees `gpu` alone (before anything starts CUDA in it)."""
    os.environ["CUDA_VISIBLE_DEVICES"] = gpu


def warm_up() -> None:
    """What a worker's first job would otherwise pay before it times anything: a spawned
    process importing torch and making the CUDA context on its GPU (seconds). ProfilePool.run
    hands it to each worker as the run starts, under the profilers' compiles, so the first
    linked profiler is timed at once. (Not measured apart: on two H200s a cold ResNet-50 tuning
    spent 1.4-1.8 s past its compiles with it, bench/RESULTS.md 2026-11-30.) A failure here is
    not reported: the first job meets it again and reports it."""
    try:
        import torch

        torch.cuda.synchronize()
    except Exception:  # noqa: BLE001
        pass


def process_executor(gpu: str) -> concurrent.futures.Executor:
    """One spawned worker process that sees GPU `gpu` only."""
    import multiprocessing

    return concurrent.futures.ProcessPoolExecutor(
        max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_pin_gpu, initargs=(gpu,))


@dataclass(frozen=True)
class Ranked:
    """One (candidate, problem) outcome, as `profile_candidates` ranks them."""

    candidate: Candidate
    problem: Problem
    result: ProfileResult
    gpu: GpuFacts | None


def _problem_key(problem: Problem):
    return problem  # frozen and hashable: the sizes and every family-defining fact


class ProfilePool:
    """Jobs dispatched to one worker per GPU (`executor_factory(gpu)`, by default a spawned
    process pinned to it); each job's results handed to `on_result` as they arrive.

    `runner(job, cache_dir)` does the work (run_job; the tests pass an in-process fake). A worker
    that reports a lost CUDA context, or dies, is replaced, and its job reported failed.
    `compile_s`: the seconds profile_problems spent compiling before the run (for summaries)."""

    compile_s = 0.0
    overlaps_compile = True  # run() takes `ready`: profile_problems times while it compiles

    def __init__(self, gpus: Sequence[str] | None = None, *,
                 runner: Callable[..., ProfileJobResult] = run_job,
                 executor_factory: Callable[[str], concurrent.futures.Executor] = process_executor,
                 cache_dir: Path | None = None):
        self.gpus = list(gpus) if gpus is not None else visible_gpus()
        if not self.gpus:
            raise BoltcError("profiling needs a CUDA GPU: none is visible (CUDA_VISIBLE_DEVICES, nvidia-smi)")
        self.runner, self.executor_factory = runner, executor_factory
        self.cache_dir = str(cache_dir) if cache_dir else None

    def run(self, jobs: Sequence[ProfileJob], on_result: Callable[[ProfileJobResult], None], *,
            deadline: float | None = None, ready: Callable[[ProfileJob], bool | None] | None = None) -> int:
        """Run `jobs` (in order, as GPUs free up) until done or `deadline` (time.monotonic()):
        after it, no new job starts. `ready(job)`: whether the job may start yet (its profiler
        is still compiling: False; never: None, it is dropped); by default every job is.
        Returns how many jobs were not started."""
        pending = list(jobs)
        executors = {gpu: self.executor_factory(gpu) for gpu in self.gpus}
        if self.runner is run_job and pending:
            # Each worker spawns and makes its CUDA context now, while the profilers compile,
            # not when the first one is ready (a spawned process imports torch: seconds).
            for executor in executors.values():
                executor.submit(warm_up)
        running: dict[concurrent.futures.Future, tuple[str, ProfileJob]] = {}
        dropped = 0

        def next_job() -> ProfileJob | None:
            nonlocal dropped
            for i, job in enumerate(pending):
                state = True if ready is None else ready(job)
                if state is None:
                    pending.pop(i)
                    dropped += 1
                    return next_job()
                if state:
                    return pending.pop(i)
            return None

        try:
            while pending or running:
                for gpu in self.gpus:
                    busy = any(g == gpu for g, _ in running.values())
                    if not busy and pending and (deadline is None or time.monotonic() < deadline):
                        job = next_job()
                        if job is not None:
                            running[executors[gpu].submit(self.runner, job, self.cache_dir)] = (gpu, job)
                if not running:
                    if pending and (deadline is None or time.monotonic() < deadline) and any(
                            (True if ready is None else ready(job)) is not None for job in pending):
                        time.sleep(0.2)  # profilers still compiling
                        continue
                    break
                done, _ = concurrent.futures.wait(list(running), timeout=0.5,
                                                  return_when=concurrent.futures.FIRST_COMPLETED)
                for future in done:
                    gpu, job = running.pop(future)
                    try:
                        outcome = future.result()
                    except BrokenProcessPool as error:
                        outcome = ProfileJobResult(job, tuple(
                            ProfileResult.rejected(f"the worker on GPU {gpu} died: {error}") for _ in job.problems),
                            None, fatal=True)
                    except Exception as error:  # a bug in the runner: report it, keep going
                        outcome = ProfileJobResult(job, tuple(
                            ProfileResult.rejected(f"{type(error).__name__}: {error}") for _ in job.problems), None)
                    if outcome.fatal:
                        executors[gpu].shutdown(wait=False, cancel_futures=True)
                        executors[gpu] = self.executor_factory(gpu)
                    on_result(replace(outcome, worker=f"GPU {gpu}"))
            return len(pending) + dropped
        finally:
            for executor in executors.values():
                executor.shutdown(wait=True, cancel_futures=True)


def jobs_for(pairs: Sequence[tuple[Candidate, Problem]], arch: str,
             settings: ProfileSettings | None = None) -> list[ProfileJob]:
    """One job per configuration: the (candidate, problem) pairs whose kernels are one TU (the
    same name: the same family-defining facts) share a job and its profiler library."""
    settings = settings or ProfileSettings()
    groups: dict[str, tuple[Candidate, list[Problem]]] = {}
    for candidate, problem in pairs:
        name = candidate.kernel(problem).name
        groups.setdefault(name, (candidate, []))[1].append(problem)
    return [ProfileJob(c, tuple(ps), arch, settings) for c, ps in groups.values()]


class ProgressLine:
    """`boltc tune: [done/total] <candidate> on <problem>: <time or why not>`, one line per job,
    and where the pool names the worker, its count and rate: `(GPU 1: 12 jobs, 0.40 jobs/s)`
    (jobs per second since the run began)."""

    def __init__(self, total: int, stream=None, clock: Callable[[], float] = time.monotonic):
        self.total, self.done, self.stream = total, 0, stream if stream is not None else sys.stderr
        self.clock, self.start = clock, clock()
        self.per_worker: dict[str, int] = {}

    def rate(self, worker: str) -> float:
        """Jobs per second `worker` has finished since the run began."""
        return self.per_worker.get(worker, 0) / max(self.clock() - self.start, 1e-9)

    def __call__(self, outcome: ProfileJobResult) -> None:
        self.done += 1
        best = [r for r in outcome.results if r.ok]
        summary = (", ".join(f"{r.median_us:.2f} us" for r in best) if best
                   else f"rejected: {outcome.results[0].error.splitlines()[0][:160]}")
        where = ""
        if outcome.worker:
            self.per_worker[outcome.worker] = self.per_worker.get(outcome.worker, 0) + 1
            where = (f" ({outcome.worker}: {self.per_worker[outcome.worker]} jobs, "
                     f"{self.rate(outcome.worker):.2f} jobs/s)")
        print(f"boltc tune: [{self.done}/{self.total}] {outcome.job.candidate.describe()} on "
              f"{len(outcome.job.problems)} problem(s): {summary}{where}", file=self.stream, flush=True)


RUNNERS_UP = 4  # kept beside the best in each tuning-cache entry


class CacheWriter:
    """Each problem's ranking, written to the tuning cache once its last job has arrived (the
    best and RUNNERS_UP runners-up; cache.py keeps the faster of two entries)."""

    def __init__(self, cache, jobs: Sequence[ProfileJob], *, cuda: str, cutlass: str | None = None,
                 kernels: str | None = None):
        self.cache, self.cuda, self.cutlass, self.kernels = cache, cuda, cutlass, kernels
        self.remaining: dict[Any, int] = {}
        for job in jobs:
            for problem in job.problems:
                self.remaining[_problem_key(problem)] = self.remaining.get(_problem_key(problem), 0) + 1
        self.outcomes: dict[Any, list[Ranked]] = {}
        self.written = 0

    def __call__(self, outcome: ProfileJobResult) -> None:
        for problem, result in zip(outcome.job.problems, outcome.results):
            key = _problem_key(problem)
            self.outcomes.setdefault(key, []).append(Ranked(outcome.job.candidate, problem, result, outcome.gpu))
            self.remaining[key] -= 1
            if self.remaining[key] == 0:
                self._store(problem)

    def ranking(self, problem: Problem) -> list[Ranked]:
        """The problem's accepted outcomes, fastest first."""
        ok = [r for r in self.outcomes.get(_problem_key(problem), []) if r.result.ok]
        return sorted(ok, key=lambda r: r.result.median_us)  # type: ignore[arg-type, return-value]

    def _store(self, problem: Problem) -> None:
        from boltc.tuning.cache import TuningKey, TuningRecord

        ranked = self.ranking(problem)
        if not ranked or self.cache is None or ranked[0].gpu is None:
            return
        best, gpu = ranked[0], ranked[0].gpu
        key = TuningKey.for_problem(problem, gpu=gpu.name, capability=gpu.capability, cuda=self.cuda,
                                    cutlass=self.cutlass, kernels=self.kernels)
        record = TuningRecord(best.candidate, measured_us=best.result.median_us,
                              runners_up=tuple((r.candidate, r.result.median_us) for r in ranked[1:1 + RUNNERS_UP]))
        if self.cache.store(key, record):
            self.written += 1


def cuda_release() -> str:
    """The CUDA release the profilers are built with ("13.0"), as the cache keys it."""
    from boltc.lowering.model_build import cuda_release as release

    return release(build.Toolchain.find().nvcc_version)


def profile_problems(pairs: Sequence[tuple[Candidate, Problem]], arch: str = "sm_90a", *,
                     budget_s: float | None = None, cache=None, pool: ProfilePool | None = None,
                     settings: ProfileSettings | None = None, jobs: int | None = None,
                     compile: bool = True, cuda: str | None = None, progress: bool = True,
                     on_result: Callable[[ProfileJobResult], None] | None = None) -> list[Ranked]:
    """Profile every (candidate, problem) pair: profilers compiled (in parallel, `jobs` nvcc at
    a time; `compile` False leaves it to the workers), then timed on every visible GPU until
    done or `budget_s` has passed (counted from the call; compiling counts), results written to
    `cache` (a TuningCache, or None). Returns every outcome, accepted ones first, fastest first;
    rejected ones carry their reason.

    With a budget, in rounds (`budget_rounds`): each problem's two first-listed candidates (the
    shortlist puts the model's first pick and the heuristic's choice there) compiled and timed,
    then the next two, and so on; a budget that ends during the compiles of a later round still
    leaves every problem measured. (In one batch, ResNet-50's 108 profilers took more than a
    240 s budget to compile on 16 cores and nothing was timed: bench/RESULTS.md, 2026-11-26.)"""
    start = time.monotonic()
    job_list = jobs_for(pairs, arch, settings)
    pool = pool or ProfilePool()  # no GPU: said before minutes of compiling
    deadline = None if budget_s is None else start + budget_s
    rounds = budget_rounds(job_list, pairs) if deadline is not None else [job_list]
    writer = CacheWriter(cache, job_list, cuda=cuda if cuda is not None else cuda_release())
    line = ProgressLine(len(job_list)) if progress else None

    def arrived(outcome: ProfileJobResult) -> None:
        writer(outcome)
        if line is not None:
            line(outcome)
        if on_result is not None:
            on_result(outcome)

    skipped, pool.compile_s = 0, 0.0
    for number, round_jobs in enumerate(rounds):
        if deadline is not None and time.monotonic() >= deadline:
            skipped += sum(len(later) for later in rounds[number:])
            break
        if compile and round_jobs and getattr(pool, "overlaps_compile", False):
            skipped += _compile_and_run(pool, round_jobs, arrived, arch, deadline, jobs, progress)
            continue
        if compile and round_jobs:
            compile_start = time.monotonic()
            build_profilers([profiler_unit(j.candidate, j.problems[0], arch) for j in round_jobs], jobs=jobs,
                            progress=progress, cache_dir=Path(pool.cache_dir) if pool.cache_dir else None)
            pool.compile_s += time.monotonic() - compile_start
        skipped += pool.run(round_jobs, arrived, deadline=deadline)
    if skipped and progress:
        print(f"boltc tune: the budget of {budget_s} s ran out: {skipped} of {len(job_list)} jobs not run",
              file=sys.stderr, flush=True)
    outcomes = [r for rs in writer.outcomes.values() for r in rs]
    return sorted(outcomes, key=lambda r: (not r.result.ok, r.result.median_us or 0.0))


def _compile_and_run(pool: ProfilePool, round_jobs: Sequence[ProfileJob], arrived: Callable[[ProfileJobResult], None],
                     arch: str, deadline: float | None, jobs: int | None, progress: bool) -> int:
    """One round's profilers compiled in a thread while the pool times each as soon as it is
    linked (a cold ResNet-50 tuning spent ~30 s timing after ~100 s of compiling; now the
    timing hides under the compile). A compile failure stops the round's unstarted jobs and
    is raised once the running ones finish; an interrupt kills the nvcc. Returns the jobs not
    started."""
    import threading

    ready: set[int] = set()
    failure: list[BaseException] = []
    finished = threading.Event()
    processes = build.Subprocesses()
    places = {id(job): i for i, job in enumerate(round_jobs)}
    start = time.monotonic()

    def compile_all() -> None:
        try:
            build_profilers([profiler_unit(j.candidate, j.problems[0], arch) for j in round_jobs], jobs=jobs,
                            progress=progress, cache_dir=Path(pool.cache_dir) if pool.cache_dir else None,
                            on_ready=ready.add, processes=processes)
        except BaseException as error:  # noqa: BLE001  (raised in the caller's thread below)
            failure.append(error)
        finally:
            pool.compile_s += time.monotonic() - start
            finished.set()

    def may_start(job: ProfileJob) -> bool | None:
        if places[id(job)] in ready:
            return True
        if not finished.is_set():
            return False
        return None if failure else True  # after a failed build: dropped; else the runner finds it

    thread = threading.Thread(target=compile_all, name="boltc-profilers", daemon=True)
    thread.start()
    try:
        skipped = pool.run(round_jobs, arrived, deadline=deadline, ready=may_start)
    except BaseException:
        processes.stop()
        raise
    finally:
        thread.join()
    if failure:
        raise failure[0]
    return skipped


ROUND_RANKS = 2  # candidates of each problem per budgeted round (profile_problems)


def budget_rounds(job_list: Sequence[ProfileJob], pairs: Sequence[tuple[Candidate, Problem]]) -> list[list[ProfileJob]]:
    """`job_list` in rounds by rank: a pair's rank is its place among the pairs of its problem
    in `pairs`' order, a job's the best of its pairs'; round r holds ranks r*ROUND_RANKS to
    (r+1)*ROUND_RANKS - 1. Empty rounds are dropped."""
    seen: dict[object, int] = {}
    rank: dict[tuple[object, object], int] = {}
    for candidate, problem in pairs:
        key = _problem_key(problem)
        rank.setdefault((candidate, key), seen.get(key, 0))
        seen[key] = seen.get(key, 0) + 1
    rounds: dict[int, list[ProfileJob]] = {}
    for job in job_list:
        best = min(rank[(job.candidate, _problem_key(p))] for p in job.problems)
        rounds.setdefault(best // ROUND_RANKS, []).append(job)
    return [rounds[r] for r in sorted(rounds)]


def profile_candidates(op_or_problem, arch: str = "sm_90a", budget_s: float | None = None,
                       **options) -> list[Ranked]:
    """Every candidate of a bolt.gemm or bolt.conv2d (or a GemmProblem / Conv2dProblem) on
    `arch` (tuning/space.py's space, every family the target searches), profiled: what the
    select-kernels pass's `--tune profile` strategy will call. Options: profile_problems'."""
    return profile_problems(candidate_pairs(op_or_problem, arch), arch, budget_s=budget_s, **options)


def candidate_pairs(op_or_problem, arch: str = "sm_90a") -> list[tuple[Candidate, Problem]]:
    """(candidate, problem) for every candidate of every family the target searches for a
    bolt.gemm / bolt.conv2d (or a GemmProblem / Conv2dProblem): what profile_candidates times."""
    from boltc.tuning import space

    if isinstance(op_or_problem, (GemmProblem, Conv2dProblem)):
        problem = op_or_problem
        groups = problem.groups if isinstance(problem, Conv2dProblem) else 1
        return [(c, problem) for f in space.families(problem.op_kind, arch, groups)
                for c in space.space(problem, f, arch)]
    op = op_or_problem
    kind = "conv2d" if op.name == "bolt.conv2d" else "gemm"
    groups = op.groups.value.data if kind == "conv2d" else 1
    pairs: list[tuple[Candidate, Problem]] = []
    for family in space.families(kind, arch, groups):
        try:
            problem = space.problem_of(op, family, arch)
        except (InvalidKernelConfig, UnsupportedEpilogue):
            continue
        pairs += [(c, problem) for c in space.space(problem, family, arch)]
    return pairs


# --------------------------------------------------------------------------------------
# Records for the performance model (bench/profile_space.py).
# --------------------------------------------------------------------------------------


def describe_epilogue(tree: EpilogueTree) -> str:
    """The tree as one expression: `ReLu(plus(acc, row0:f16))` (the functors' C++ names, last
    component), what the performance model reads as the epilogue's kind."""

    def text(node) -> str:
        if isinstance(node, AccFetch):
            return "acc"
        if isinstance(node, Load):
            return f"{node.kind.value}{node.leaf}:{node.element.short}"
        if isinstance(node, ScalarConstant):
            return f"s{node.index}:{node.element.short}"
        name = node.functor.cpp.rsplit("::", 1)[-1]
        args = ", ".join(text(c) for c in node.children)
        if node.functor == IDENTITY and node.output is not Element.F32:
            return f"{args}->{node.output.short}" if len(node.children) == 1 else f"{name}({args})"
        return f"{name}({args})"

    return text(tree.root)


def problem_record(problem: Problem) -> dict:
    """The `problem` field of a profile record (bench/profile_space.py's format)."""
    m, n, k = problem.mnk
    if isinstance(problem, GemmProblem):
        return {"kind": "gemm", "m": m, "n": n, "k": k, "batch": problem.batch}
    g = problem.geometry
    top, left, bottom, right = g.padding

    def one(values):
        return values[0] if len(set(values)) == 1 else list(values)

    return {"kind": "conv2d", "m": m, "n": n, "k": k, "batch": 1, "n_img": g.n, "h": g.h, "w": g.w,
            "c": g.c, "f": g.f, "r": g.r, "s": g.s, "stride": one(tuple(g.strides)),
            "pad": one((top, left, bottom, right))}


def profile_record(gpu: str, candidate: Candidate, problem: Problem, result: ProfileResult) -> dict:
    """One JSON-lines record per (candidate, problem): what tuning/model.py is fitted on. A
    rejected candidate has median_us null and ok false."""
    return {
        "gpu": gpu,
        "family": candidate.family.value,
        "candidate": candidate_text(candidate),
        "tile": list(candidate.tile) if candidate.tile is not None else [],
        "cluster": list(candidate.cluster),
        "stages": candidate.stages if candidate.stages is not None else 0,
        "schedule": candidate.schedule,
        "problem": problem_record(problem),
        "epilogue": describe_epilogue(problem.epilogue),
        "median_us": result.median_us if result.ok else None,
        "ok": result.ok,
    }


__all__ = [
    "GpuFacts", "ProfileJob", "ProfileJobResult", "ProfilePool", "ProfileResult", "ProfileSettings",
    "Ranked", "build_profilers", "candidate_pairs", "jobs_for", "measure", "profile_candidates", "profile_problems",
    "profile_record", "profiler_unit", "run_job",
]
