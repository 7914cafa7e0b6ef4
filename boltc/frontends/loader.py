"""`boltc.frontends.load`: whatever the user hands boltc -> a verified bolt module.

This is the one place that decides what a model is (`boltc.compile`, `boltc.interpret`, the
`boltc` command and `boltc-opt`'s users all come through here):

| given                                   | read by                                        |
|-----------------------------------------|------------------------------------------------|
| an xDSL ModuleOp                        | the linalg importer (bolt IR passes through)   |
| MLIR text (a str with a newline or `{`) | the MLIR parser, then the linalg importer      |
| a path: `.mlir`, or text                | the same                                       |
| a path: `.pt2` (a zip archive)          | `frontends/torch.py` (torch.export.load)       |
| a path: `.onnx`                         | `frontends/onnx.py`                            |
| a torch.nn.Module (+ example inputs)    | `frontends/torch.py` (torch.export)            |
| a torch.export.ExportedProgram          | `frontends/torch.py`                           |
| an onnx.ModelProto                      | `frontends/onnx.py`                            |

Every form then goes through raise-bolt (the activations, softmax, layer-norm and window folds
the importers leave to it) and a final verification. torch and onnx are optional: they are
imported only for their own forms, and a model object can only be a torch or onnx object if
the user's program imported that package already.
"""

from __future__ import annotations

import enum
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from xdsl.dialects.builtin import ModuleOp

from boltc.diagnostics import BoltcError, SourceLocation


class ModelKind(enum.Enum):
    MLIR_MODULE = "an xDSL module"
    MLIR_TEXT = "MLIR text"
    MLIR_FILE = "an .mlir file"
    TORCH_FILE = "a torch.export archive (.pt2)"
    ONNX_FILE = "an ONNX file (.onnx)"
    TORCH_MODULE = "a torch.nn.Module"
    TORCH_PROGRAM = "a torch.export.ExportedProgram"
    ONNX_MODEL = "an onnx.ModelProto"


MLIR_SUFFIXES = (".mlir",)
TORCH_SUFFIXES = (".pt2",)
ONNX_SUFFIXES = (".onnx",)
_ZIP_MAGIC = b"PK\x03\x04"  # torch.export.save writes a zip archive
ACCEPTED = (
    "an .mlir, .pt2 or .onnx path, MLIR text, an xDSL ModuleOp, a torch.nn.Module (with example "
    "inputs), a torch.export.ExportedProgram or an onnx.ModelProto"
)


def _torch_kind(model: Any) -> ModelKind | None:
    torch = sys.modules.get("torch")
    if torch is None:
        return None  # the user's program never imported torch, so this is no torch object
    if isinstance(model, torch.nn.Module):
        return ModelKind.TORCH_MODULE
    export = sys.modules.get("torch.export")
    if export is not None and isinstance(model, export.ExportedProgram):
        return ModelKind.TORCH_PROGRAM
    return None


def _onnx_kind(model: Any) -> ModelKind | None:
    onnx = sys.modules.get("onnx")
    if onnx is not None and isinstance(model, onnx.ModelProto):
        return ModelKind.ONNX_MODEL
    return None


def is_mlir_text(text: str) -> bool:
    """A str is MLIR text if it could not be a file name: it has a newline or a brace."""
    return "\n" in text or "{" in text


def file_kind(path: Path) -> ModelKind:
    """What a model file is, by its suffix, else by its first bytes. Missing: a BoltcError."""
    where = SourceLocation(str(path))
    if not path.exists():
        raise BoltcError("no such file", where)
    if path.is_dir():
        raise BoltcError(f"is a directory, expected a model file ({ACCEPTED})", where)
    suffix = path.suffix.lower()
    if suffix in MLIR_SUFFIXES:
        return ModelKind.MLIR_FILE
    if suffix in TORCH_SUFFIXES:
        return ModelKind.TORCH_FILE
    if suffix in ONNX_SUFFIXES:
        return ModelKind.ONNX_FILE
    try:
        with path.open("rb") as stream:
            head = stream.read(8192)
    except OSError as e:
        raise BoltcError(f"cannot read: {e.strerror}", where) from None
    if head.startswith(_ZIP_MAGIC):
        return ModelKind.TORCH_FILE
    if b"\0" in head:
        raise BoltcError(
            "binary file of unknown kind: boltc reads MLIR text (.mlir), torch.export archives "
            "(.pt2) and ONNX models (.onnx); name the file by what it is", where
        )
    return ModelKind.MLIR_FILE  # text: MLIR whatever the suffix (the parser says if not)


def classify(model: Any) -> ModelKind:
    if isinstance(model, ModuleOp):
        return ModelKind.MLIR_MODULE
    if isinstance(model, os.PathLike):
        return file_kind(Path(os.fspath(model)))
    if isinstance(model, str):
        if is_mlir_text(model):
            return ModelKind.MLIR_TEXT
        if not model.strip():
            raise BoltcError("the input is empty: expected a model", SourceLocation("<string>"))
        return file_kind(Path(model))
    kind = _torch_kind(model) or _onnx_kind(model)
    if kind is None:
        raise BoltcError(
            f"boltc takes {ACCEPTED}; got {type(model).__module__}.{type(model).__name__}",
            SourceLocation("<model>"),
        )
    return kind


def model_name(model: Any, default: str = "model") -> str:
    """A name for the model's library (`NAME.so`): the file's stem or the module's class."""
    if isinstance(model, os.PathLike) or (isinstance(model, str) and not is_mlir_text(model)):
        return Path(os.fspath(model)).stem or default
    kind = _torch_kind(model)
    if kind is ModelKind.TORCH_MODULE:
        return type(model).__name__.lower()
    onnx_graph = getattr(getattr(model, "graph", None), "name", None) if _onnx_kind(model) else None
    return _identifier(onnx_graph) if onnx_graph else default


def _identifier(text: str) -> str:
    cleaned = "".join(c if c.isalnum() or c == "_" else "_" for c in text)
    return cleaned or "model"


def load(model: Any, example_inputs: Sequence[Any] | Any | None = None, *,
         name: str | None = None, function: str = "main") -> ModuleOp:
    """`model` as a verified bolt module, raised and ready for the graph passes.

    `example_inputs` (a tensor or a sequence of them) are needed for a torch.nn.Module, which is
    exported with them; for every other form they are checked against the inputs of `function`
    (count and shapes; check_inputs finds it) when given. BoltcError for anything the user can fix.
    """
    from boltc.frontends.source import verify_module
    from boltc.passes.raise_bolt import raise_bolt

    kind = classify(model)
    where = name or _source_name(model, kind)
    if kind in (ModelKind.TORCH_MODULE, ModelKind.TORCH_PROGRAM, ModelKind.TORCH_FILE):
        from boltc.frontends.torch import import_torch

        if kind is ModelKind.TORCH_MODULE and example_inputs is None:
            raise BoltcError(
                "a torch.nn.Module needs example inputs to be exported: "
                "boltc.compile(module, (x,)) or boltc.interpret(module, x)",
                SourceLocation(where),
            )
        module = import_torch(model, example_inputs if kind is ModelKind.TORCH_MODULE else None,
                              name=where)
    elif kind in (ModelKind.ONNX_FILE, ModelKind.ONNX_MODEL):
        from boltc.frontends.onnx import import_onnx

        shapes = None if example_inputs is None else [tuple(getattr(x, "shape", ())) for x in as_input_list(example_inputs)]
        module = import_onnx(model, name=where, input_shapes=shapes)  # they fix dynamic dimensions
    else:
        module = _load_mlir(model, kind, where)
    raise_bolt(module)
    verify_module(module, where)
    if example_inputs is not None and kind is not ModelKind.TORCH_MODULE:
        check_inputs(module, example_inputs, where, function)
    return module


def _source_name(model: Any, kind: ModelKind) -> str:
    if kind in (ModelKind.MLIR_FILE, ModelKind.TORCH_FILE, ModelKind.ONNX_FILE):
        return os.fspath(model)
    if kind is ModelKind.MLIR_TEXT:
        return "<input>"
    if kind is ModelKind.MLIR_MODULE:
        return "<module>"
    return f"<{model_name(model)}>"


MLIR_KINDS = (ModelKind.MLIR_MODULE, ModelKind.MLIR_TEXT, ModelKind.MLIR_FILE)


def _load_mlir(model: Any, kind: ModelKind, where: str) -> ModuleOp:
    from boltc.frontends.mlir import import_linalg

    return import_linalg(parse_mlir(model, kind, where))


def parse_mlir(model: Any, kind: ModelKind | None = None, where: str | None = None) -> ModuleOp:
    """An MLIR model (module, text or file) parsed and verified as written, not imported: what
    the reference executor runs when asked about the IR itself."""
    from boltc.frontends.source import parse_mlir_text, read_mlir_file

    kind = kind or classify(model)
    if kind is ModelKind.MLIR_MODULE:
        return model
    if kind is ModelKind.MLIR_TEXT:
        return parse_mlir_text(model, where or "<input>")
    if kind is ModelKind.MLIR_FILE:
        return read_mlir_file(model)
    raise BoltcError(f"expected MLIR, got {kind.value}", SourceLocation(where or _source_name(model, kind)))


def check_inputs(module: ModuleOp, inputs: Sequence[Any] | Any, where: str,
                 function: str = "main") -> None:
    """Example inputs against `function`'s arguments: count and shapes. The function is found as
    the runner finds it (`interpret.runner.find_function`): by name, or, for "main", the module's
    only public function (a module whose one function is @forward runs it, so its inputs are
    checked against it too)."""
    from boltc.interpret.runner import find_function

    inputs = as_input_list(inputs)
    try:
        main = find_function(module, function)
    except BoltcError:
        return  # the runner reports a missing function with the list of those there are
    types = main.function_type.inputs.data
    if len(inputs) != len(types):
        raise BoltcError(
            f"the model takes {len(types)} input(s), {len(inputs)} example input(s) were given",
            SourceLocation(where),
        )
    for i, (x, ty) in enumerate(zip(inputs, types)):
        shape = tuple(getattr(x, "shape", ()))
        expected = tuple(ty.get_shape())  # type: ignore[attr-defined]
        if shape != expected:
            raise BoltcError(
                f"example input {i} has shape {list(shape)}, the model takes {list(expected)}",
                SourceLocation(where),
            )


def as_input_list(inputs: Sequence[Any] | Any) -> list[Any]:
    """One tensor or array, or a tuple/list of them -> a list."""
    if isinstance(inputs, (list, tuple)):
        return list(inputs)
    return [inputs]
