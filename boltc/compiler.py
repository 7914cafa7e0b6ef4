"""`boltc.compile`: a model -> bolt IR -> the graph passes -> host code and kernels -> model.so.

    m = boltc.compile("model.mlir")                 # .mlir/.pt2/.onnx path, MLIR text, ModuleOp
    m = boltc.compile(torch_module, (x,))           # a torch.nn.Module and example inputs
    m = boltc.compile(text, arch="sm_80", output="model.so", jobs=8)
    y = m(x)

The graph passes are `boltc.passes.pipeline.run_pipeline`, what `boltc --emit bolt` runs, except
that back-to-back fusion runs only for targets with a b2b kernel emitter (`B2B_KERNEL_ARCHS`;
none yet, so a b2b candidate compiles as two kernels; `boltc --emit bolt --remarks` shows the
pairs the pass would fuse).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from xdsl.dialects.builtin import ModuleOp

from boltc.diagnostics import BoltcError
from boltc.runtime import CompiledModel

ARCHES = ("sm_90a", "sm_80")
# Targets whose lowering has a bolt.b2b kernel (issue 5 follow-up: the Hopper-native b2b).
B2B_KERNEL_ARCHS: frozenset[str] = frozenset()


def optimize(module: ModuleOp, arch: str = "sm_90a", precision: str = "f16") -> ModuleOp:
    """Run the graph passes on a bolt module, in place, ending with plan-memory."""
    from boltc.passes.pipeline import run_pipeline

    run_pipeline(module, precision=precision, arch=arch, fuse_b2b=arch in B2B_KERNEL_ARCHS)
    return module


def lower(model: Any, example_inputs: Any = None, *, arch: str = "sm_90a", precision: str = "f16",
          function: str = "main", name: str | None = None):
    """`model` (anything `boltc.frontends.load` takes) -> (the host program, the model's name):
    import, the graph passes, host code and kernel translation units; nothing compiled yet."""
    from boltc.frontends import load, model_name
    from boltc.lowering.host import lower_to_host

    check_arch(arch)
    name = name or model_name(model, default=function)
    module = load(model, example_inputs)
    optimize(module, arch, precision)
    return lower_to_host(module, arch=arch, function=function, name=name), name


def check_arch(arch: Any) -> None:
    if not isinstance(arch, str) or arch not in ARCHES:
        shown = arch if isinstance(arch, str) else type(arch).__name__
        raise BoltcError(f"unknown arch {shown!r} (known: {', '.join(ARCHES)})")


def compile(  # noqa: A001  (the public name DESIGN.md gives it)
    model: str | os.PathLike[str] | ModuleOp | Any,
    example_inputs: Any = None,
    *,
    arch: str = "sm_90a",
    precision: str = "f16",
    output: str | os.PathLike[str] | None = None,
    function: str = "main",
    device: int | None = None,
    jobs: int | None = None,
    build_dir: str | os.PathLike[str] | None = None,
) -> CompiledModel:
    """Compile `model` for `arch` into a shared library and load it.

    `model`: an .mlir, .pt2 (torch.export.save) or .onnx path, MLIR text (linalg-on-tensors or
    bolt), an xDSL ModuleOp, a torch.nn.Module, a torch.export.ExportedProgram or an
    onnx.ModelProto. `example_inputs`: a tensor or a tuple of them; needed for a torch.nn.Module
    (it is exported with them), checked against the model's inputs otherwise.
    `precision`: compute precision inside the model (f16, bf16, f32; fp32 accumulation; the
    inputs and outputs keep their types), as `boltc --precision`.
    `output`: where model.so goes (default: a temporary directory owned by the result; use
    `.save(path)` to keep it). `build_dir`: keep the generated C++ there. `jobs`: parallel
    nvcc processes (default: all cores). `device`: the CUDA device numpy inputs run on.
    """
    from boltc.lowering.model_build import build_model

    program, name = lower(model, example_inputs, arch=arch, precision=precision, function=function)
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
