"""`boltc.compile`: a model -> bolt IR -> the graph passes -> host code and kernels -> model.so.

    m = boltc.compile("model.mlir")                 # .mlir/.pt2/.onnx path, MLIR text, ModuleOp
    m = boltc.compile(torch_module, (x,))           # a torch.nn.Module and example inputs
    m = boltc.compile(text, arch="sm_80", output="model.so", jobs=8)
    y = m(x)

The graph passes are `boltc.passes.pipeline.run_pipeline`, what `boltc --emit bolt` runs, except
that back-to-back fusion runs by default only for targets whose b2b kernels win
(`B2B_KERNEL_ARCHS`: sm_90a and sm_80, where a pair is fused only where the performance model
predicts a gain of MIN_PREDICTED_GAIN or more; `fuse_b2b=False` builds every pair as two
kernels).

Optimized IR compiles as written. `optimize` records the target it optimized for on the module
(`builtin.module attributes {boltc.pipeline = {arch = "sm_90a", precision = "f16"}}`), and a
module that carries that record skips the graph passes: `boltc m.mlir --emit bolt -o opt.mlir`
then `boltc opt.mlir -o m.so` builds the same kernels, weights and launches as `boltc m.mlir -o
m.so` (the passes are not idempotent: a second run can find more to rewrite, so running them
again would compile IR nobody was shown). Such IR compiles only for the arch and precision it
records; asking for others is an error that says so, not a silent re-optimization.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, ModuleOp, StringAttr

from boltc.diagnostics import (BoltcError, SourceLocation, collecting_remarks, op_location, remark,
                               remarks_wanted)
from boltc.runtime import CompiledModel

if TYPE_CHECKING:
    from boltc.tuning.select import Tuning

ARCHES = ("sm_90a", "sm_80")  # the first is the default
PRECISIONS = ("f16", "bf16", "f32")  # the first is the default
PIPELINE_RECORD = "boltc.pipeline"  # the module attribute naming the target optimize() ran for
# Targets where fuse-b2b runs by default: those with b2b kernels and a GPU model to decide by
# (fuse-b2b fuses a pair only where the model predicts MIN_PREDICTED_GAIN). sm_90a: its b2b
# kernels (b2b_gemm_sm90, b2b_conv_sm90) ran every chain they take faster than boltc's two
# kernels (1.15-2.24x, bench/RESULTS.md, 2026-11-28/29; the model's decision agrees on all 12).
# sm_80: CUTLASS example 13's kernels ran 0.91-1.25x the unfused pair (on an H100 through PTX,
# 2026-11-26); the model (datasheet-scaled a100_sxm, and h100_sxm for those runs) fuses the five
# that won and refuses the one that lost (predicted 1.02-1.07x, under the margin).
B2B_KERNEL_ARCHS: frozenset[str] = frozenset({"sm_90a", "sm_80"})


@dataclass(frozen=True)
class Target:
    """What the graph passes optimized a module for."""

    arch: str
    precision: str
    keep_f32: tuple[str, ...] = ()  # convert-precision's selectors (--precision-override OP=f32)

    def flags(self) -> str:
        overrides = "".join(f" --precision-override {s}=f32" for s in self.keep_f32)
        return f"--arch {self.arch} --precision {self.precision}{overrides}"


def recorded_target(module: ModuleOp) -> Target | None:
    """The target an optimized module records (None: not optimized by boltc)."""
    record = module.attributes.get(PIPELINE_RECORD)
    if not isinstance(record, DictionaryAttr):
        return None
    fields = {k: v.data for k, v in record.data.items() if isinstance(v, StringAttr)}
    if fields.get("arch") not in ARCHES or fields.get("precision") not in PRECISIONS:
        raise BoltcError(f"the module attribute {PIPELINE_RECORD} = {record} names no known target "
                         f"(arch: {', '.join(ARCHES)}; precision: {', '.join(PRECISIONS)})")
    kept = record.data.get("keep_f32", ArrayAttr([]))
    if not isinstance(kept, ArrayAttr) or not all(isinstance(s, StringAttr) for s in kept.data):
        raise BoltcError(f"the module attribute {PIPELINE_RECORD} = {record}: keep_f32 is not a list of strings")
    return Target(fields["arch"], fields["precision"], tuple(s.data for s in kept.data))


def optimize(module: ModuleOp, arch: str | None = None, precision: str | None = None, *,
             remarks: bool = False, where: str = "<module>", keep_f32: tuple[str, ...] = (),
             tuning: Tuning | None = None, fuse_b2b: bool | None = None) -> ModuleOp:
    """Run the graph passes on a bolt module, in place, ending with plan-memory, and record the
    target on it. A module that already records one (optimized IR: `boltc --emit bolt` output)
    is left as it is; `arch`/`precision` None take its record, else the defaults, and ones that
    differ from its record are an error located at `where`. `remarks` prints each refused
    fusion on stderr, and each back-to-back pair left apart for want of a b2b kernel.
    `keep_f32`: ops convert-precision keeps in fp32 (its selectors: by op name, graph node or
    FILE:LINE), recorded with the target. `tuning`: how select-kernels chooses each kernel
    (tuning/select.py's Tuning; default the heuristic).
    `fuse_b2b`: run back-to-back fusion (None: where the arch is in B2B_KERNEL_ARCHS, today every
    arch; True: run it; False: never)."""
    from boltc.passes.pipeline import run_pipeline

    done = recorded_target(module)
    if done is not None:
        wanted = Target(arch or done.arch, precision or done.precision, tuple(keep_f32) or done.keep_f32)
        if wanted != done:
            raise BoltcError(
                f"this bolt IR was optimized for {done.flags()}; it compiles only for that target "
                f"(optimize the original model for {wanted.flags()} instead)", SourceLocation(where))
        return module
    target = Target(arch or ARCHES[0], precision or PRECISIONS[0], tuple(keep_f32))
    check_arch(target.arch)
    if fuse_b2b is None:
        fuse_b2b = target.arch in B2B_KERNEL_ARCHS
    from boltc.tuning.select import Tuning

    tuning = (tuning or Tuning()).check()
    run_pipeline(module, precision=target.precision, arch=target.arch, remarks=remarks, fuse_b2b=fuse_b2b,
                 keep_f32=target.keep_f32, tune=tuning.strategy, tune_budget=tuning.budget_s or 0.0,
                 tune_cluster=tuning.cluster or "", tune_progress=tuning.progress)
    if remarks_wanted(remarks) and not fuse_b2b:
        for line in unfused_b2b_remarks(module, target.arch, where):
            remark("fuse-b2b", line, remarks)
    record: dict[str, StringAttr | ArrayAttr] = {"arch": StringAttr(target.arch), "precision": StringAttr(target.precision)}
    if target.keep_f32:
        record["keep_f32"] = ArrayAttr([StringAttr(s) for s in target.keep_f32])
    module.attributes[PIPELINE_RECORD] = DictionaryAttr(record)
    return module


def unfused_b2b_remarks(module: ModuleOp, arch: str, where: str = "<module>") -> list[str]:
    """With fuse-b2b off (fuse_b2b=False: every arch is in B2B_KERNEL_ARCHS), what `--remarks`
    would otherwise be silent about: every anchor feeding another, and why it stays apart (fuse-b2b's own refusal,
    a b2b kernel's, or that the pass is off for a pair it would fuse)."""
    from boltc.passes.fuse_b2b import b2b_decision, gpu_target, producer_anchor

    gpu = gpu_target(arch)
    lines = []
    for second in module.walk():
        first = producer_anchor(second)
        if first is None:
            continue
        decision = b2b_decision(first, second, gpu)
        reason = (decision if isinstance(decision, str)
                  else "fuse-b2b is off for this build (fuse_b2b=False, boltc --no-fuse-b2b)")
        lines.append(f"remark: {op_location(second, where)}: '{second.name}' not fused back to back "
                     f"with '{first.name}': {reason}")
    return lines


def load_for_compile(model: Any, example_inputs: Any = None, function: str = "main"):
    """`model` as a bolt module: optimized IR (it records its target) exactly as written, no
    import or raise (they would rewrite it); anything else through `boltc.frontends.load`.
    Example inputs are checked against `function`, the one the build compiles."""
    from boltc.frontends import ModelKind, classify, load
    from boltc.frontends.loader import check_inputs, parse_mlir

    kind = classify(model)
    if kind not in (ModelKind.MLIR_FILE, ModelKind.MLIR_TEXT, ModelKind.MLIR_MODULE):
        return load(model, example_inputs, function=function), _where(model, kind)
    where = _where(model, kind)
    parsed = parse_mlir(model, kind, where)
    if recorded_target(parsed) is None:
        return load(parsed, example_inputs, name=where, function=function), where
    if example_inputs is not None:
        check_inputs(parsed, example_inputs, where, function)
    return parsed, where


def _where(model: Any, kind: Any) -> str:
    from boltc.frontends import ModelKind

    if kind in (ModelKind.MLIR_FILE, ModelKind.TORCH_FILE, ModelKind.ONNX_FILE):
        return os.fspath(model)
    return {ModelKind.MLIR_TEXT: "<input>", ModelKind.MLIR_MODULE: "<module>"}.get(kind, "<model>")


def lower(model: Any, example_inputs: Any = None, *, arch: str | None = "sm_90a",
          precision: str | None = "f16", function: str = "main", name: str | None = None,
          remarks: bool = False, keep_f32: tuple[str, ...] = (), tuning: Tuning | None = None):
    """`model` (anything `boltc.frontends.load` takes) -> (the host program, the model's name):
    import, the graph passes, host code and kernel translation units; nothing compiled yet.
    `arch`/`precision` None: what optimized IR records, else the defaults (see `optimize`)."""
    from boltc.frontends import model_name

    if arch is not None:
        check_arch(arch)
    name = name or model_name(model, default=function)
    module, where = load_for_compile(model, example_inputs, function)
    return _lower_module(module, where, arch, precision, function, name, remarks, keep_f32, tuning), name


def lower_library(model: Any, example_inputs: Any = None, *, arch: str | Sequence[str] | None = "sm_90a",
                  precision: str | None = "f16", function: str = "main", name: str | None = None,
                  remarks: bool = False, keep_f32: tuple[str, ...] = (), tuning: Tuning | None = None,
                  fuse_b2b: bool | None = None):
    """`model` -> (a lowering/dispatch.ModelLibrary, the model's name): one host program per arch
    of `arch` (parse_arches: "sm_80,sm_90a" builds a fat model.so), the model imported once and
    the graph passes run on a copy per arch. BoltcError when the arches' builds differ in
    their inputs or outputs."""
    from boltc.frontends import model_name
    from boltc.lowering.dispatch import model_library

    arches = parse_arches(arch)
    name = name or model_name(model, default=function)
    module, where = load_for_compile(model, example_inputs, function)
    if arches is None:
        return model_library([_lower_module(module, where, None, precision, function, name, remarks, keep_f32,
                                            tuning, fuse_b2b)]), name
    programs = []
    for i, one in enumerate(arches):
        copy = module if i == len(arches) - 1 else module.clone()  # optimize rewrites in place
        programs.append(_lower_module(copy, where, one, precision, function, name, remarks, keep_f32,
                                      tuning, fuse_b2b))
    return model_library(programs), name


def _lower_module(module: ModuleOp, where: str, arch: str | None, precision: str | None, function: str,
                  name: str, remarks: bool, keep_f32: tuple[str, ...], tuning: Tuning | None = None,
                  fuse_b2b: bool | None = None):
    from boltc.lowering.host import lower_to_host

    passes_run = recorded_target(module) is None  # optimized IR compiles as written, no passes
    with collecting_remarks() as refused:
        optimize(module, arch, precision, remarks=remarks, where=where, keep_f32=keep_f32, tuning=tuning,
                 fuse_b2b=fuse_b2b)
    target = recorded_target(module)
    assert target is not None  # optimize records it
    program = lower_to_host(module, arch=target.arch, function=function, name=name)
    # The refused fusions go into the manifest (`boltc report`); None: no pass ran in this
    # build, so they are not known (the IR was optimized by an earlier `--emit bolt`).
    return replace(program, remarks=tuple(refused) if passes_run else None)


def check_arch(arch: Any) -> None:
    if not isinstance(arch, str) or arch not in ARCHES:
        shown = arch if isinstance(arch, str) else type(arch).__name__
        raise BoltcError(f"unknown arch {shown!r} (known: {', '.join(ARCHES)})")


def parse_arches(arch: str | Sequence[str] | None) -> tuple[str, ...] | None:
    """The arches `arch` names: one ("sm_90a"), several joined by commas ("sm_80,sm_90a": one
    fat model.so), or a sequence of names; None stays None (optimized IR's record, else the
    default). BoltcError for an unknown arch, an empty entry or one named twice."""
    if arch is None:
        return None
    if isinstance(arch, str):
        entries = [a.strip() for a in arch.split(",")]
    elif isinstance(arch, Sequence) and all(isinstance(a, str) for a in arch):
        entries = [a.strip() for a in arch]
    else:
        raise BoltcError(f"arch must be a string such as 'sm_90a' or 'sm_80,sm_90a', or a sequence of them; "
                         f"got {type(arch).__name__}")
    if not entries or any(not a for a in entries):
        raise BoltcError(f"an empty arch in {arch!r} (write one arch, or several joined by commas: "
                         f"{','.join(ARCHES)})")
    for a in entries:
        check_arch(a)
    repeated = sorted({a for a in entries if entries.count(a) > 1})
    if repeated:
        raise BoltcError(f"arch {', '.join(repeated)} is named twice in {arch!r}")
    return tuple(entries)


def compile(  # noqa: A001  (the public name DESIGN.md gives it)
    model: str | os.PathLike[str] | ModuleOp | Any,
    example_inputs: Any = None,
    *,
    arch: str | Sequence[str] = "sm_90a",
    precision: str = "f16",
    output: str | os.PathLike[str] | None = None,
    function: str = "main",
    device: int | None = None,
    jobs: int | None = None,
    build_dir: str | os.PathLike[str] | None = None,
    keep_f32: tuple[str, ...] = (),
    tune: str = "heuristic",
    tune_budget: float | None = None,
    tune_cluster: str | None = None,
    fuse_b2b: bool | None = None,
) -> CompiledModel:
    """Compile `model` for `arch` into a shared library and load it.

    `arch`: "sm_90a" (H100/H200), "sm_80" (A100; also runs on newer GPUs), or several joined
    by commas or as a sequence ("sm_80,sm_90a", ["sm_80", "sm_90a"]): one fat model.so holding
    each arch's kernels, which picks the best for the GPU it is created on.

    `model`: an .mlir, .pt2 (torch.export.save) or .onnx path, MLIR text (linalg-on-tensors or
    bolt), an xDSL ModuleOp, a torch.nn.Module, a torch.export.ExportedProgram or an
    onnx.ModelProto. `example_inputs`: a tensor or a tuple of them; needed for a torch.nn.Module
    (it is exported with them), checked against the inputs of `function` otherwise.
    `precision`: compute precision inside the model (f16, bf16, f32; fp32 accumulation; the
    inputs and outputs keep their types), as `boltc --precision`.
    `output`: where model.so goes (default: a temporary directory owned by the result; use
    `.save(path)` to keep it). `build_dir`: keep the generated C++ there. `jobs`: parallel
    nvcc processes (default: all cores). `device`: the CUDA device numpy inputs run on.
    `keep_f32`: ops to keep in fp32 compute, by op name (`bolt.softmax`), graph node or
    FILE:LINE, as `boltc verify --precision-override OP=f32` (convert-precision's docstring).
    `tune`: how each GEMM's and convolution's kernel is chosen, as `boltc --tune`: "heuristic"
    (the default), "model" (the performance model's fastest prediction, fitted to the H100) or
    "profile" (timed on this machine's GPU, within `tune_budget` seconds if given; on the Dask cluster
    `tune_cluster` names, "local" or a scheduler address, where given: tuning/cluster.py).
    `fuse_b2b`: fuse back-to-back GEMMs into one b2b kernel where the performance model predicts
    a gain (None: for arches in B2B_KERNEL_ARCHS, sm_90a and sm_80; True: run the pass; False:
    never).
    """
    from boltc.lowering.model_build import build_model
    from boltc.tuning.select import Tuning

    program, name = lower_library(model, example_inputs, arch=arch, precision=precision, function=function,
                                  keep_f32=keep_f32, tuning=Tuning(tune, tune_budget, tune_cluster).check(),
                                  fuse_b2b=fuse_b2b)
    owned = None
    if output is None:
        owned = Path(tempfile.mkdtemp(prefix="boltc-"))
        output = owned / f"{name}.so"
    try:
        path = build_model(program, output, build_dir=build_dir, parallel=jobs)
    except BaseException:
        if owned is not None:
            import shutil

            shutil.rmtree(owned, ignore_errors=True)
        raise
    return CompiledModel(path, device=device, owned_dir=owned)
