"""The `boltc` command (DESIGN.md, 'Who uses it, and how').

    boltc model.mlir --emit bolt [-o out.mlir]   # import, run the graph passes, print bolt IR
    boltc model.mlir --emit imported             # the bolt IR straight from the importer
    boltc model.mlir -o model.so [--arch sm_90a] [-j N]   # build the shared library
    boltc model.mlir --emit cpp -o build/        # write the generated C++ and stop

The model is an .mlir file (linalg-on-tensors or bolt), a torch.export archive (.pt2, from
torch.export.save) or an ONNX file (.onnx); boltc.frontends.load tells them apart.

Exit codes: 0 done; 1 a problem with the input (reported as `file:line:col: error: ...`);
2 a bad command line (argparse);
3 an internal error (a bug in boltc); 130 interrupted.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
import traceback
from pathlib import Path

from boltc.diagnostics import BoltcError, SourceLocation

ARCHES = ("sm_90a", "sm_80")  # the first is the default
EMITS = ("bolt", "imported", "cpp", "so")
PRECISIONS = ("f16", "bf16", "f32")  # the first is the default

EXIT_INPUT_ERROR = 1
EXIT_INTERNAL_ERROR = 3
EXIT_INTERRUPTED = 130


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as package_version

    try:
        return package_version("boltc")
    except PackageNotFoundError:
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="boltc",
        description="Compile a model (linalg-on-tensors or bolt MLIR, a torch.export .pt2 archive, "
                    "or an ONNX file) for NVIDIA GPUs.",
        epilog="boltc model.mlir -o model.so builds a shared library with nvcc (CUTLASS headers "
               "from the nvidia-cutlass package); --emit bolt prints the optimized IR.",
    )
    parser.add_argument("model", help="the model: an .mlir file (linalg-on-tensors or bolt), a .pt2 "
                                      "file (torch.export.save; needs torch) or an .onnx file (needs onnx)")
    parser.add_argument("-o", "--output", metavar="OUT",
                        help="where to write the result (default, or '-': stdout)")
    parser.add_argument("--emit", choices=EMITS,
                        help="what to produce: optimized bolt IR, the imported bolt IR before the "
                             "graph passes, CUTLASS C++, or a shared library "
                             "(default: from OUT's suffix; bolt when there is no OUT)")
    parser.add_argument("--precision", choices=PRECISIONS, default=PRECISIONS[0],
                        help="compute precision inside the model, fp32 accumulation "
                             "(default: %(default)s; inputs and outputs keep their types)")
    parser.add_argument("--remarks", action="store_true",
                        help="explain on stderr each fusion the passes refused")
    parser.add_argument("--arch", choices=ARCHES, default=ARCHES[0],
                        help="the GPU to compile for (default: %(default)s)")
    parser.add_argument("-j", "--jobs", type=int, metavar="N",
                        help="parallel nvcc processes for -o model.so (default: all cores)")
    parser.add_argument("-q", "--quiet", action="store_true", help="print nothing but errors")
    parser.add_argument("--version", action="version", version=f"boltc {version()}")
    return parser


def emit_kind(args: argparse.Namespace) -> str:
    """What to produce: --emit if given, else what the output's name asks for."""
    out = args.output
    if out is not None and out.endswith(".so"):
        return "so"  # even with --emit bolt: writing IR into a .so name is never what is meant
    if args.emit is not None:
        return args.emit
    if out is not None and (out.endswith(os.sep) or Path(out).is_dir()):
        return "cpp"  # DESIGN.md: `--emit cpp -o build/`
    return "bolt"


def build_library(args: argparse.Namespace) -> Path:
    """`-o model.so`: import, the graph passes, host code and kernels, nvcc, link (atomically)."""
    from boltc.compiler import lower
    from boltc.lowering.model_build import build_model

    program, _ = lower(Path(args.model), arch=args.arch, precision=args.precision)
    output = args.output or Path(args.model).with_suffix(".so").name
    return build_model(program, output, parallel=args.jobs)


def write_cpp(args: argparse.Namespace) -> Path:
    """`--emit cpp -o DIR`: the generated host file, weights and one .cu per CUTLASS kernel
    (plus `<kernel>.device.cu`, the kernel's device code, for a split pair: build.py)."""
    from boltc.compiler import lower
    from boltc.lowering.model_build import write_sources

    if args.output is None:
        raise BoltcError("--emit cpp needs -o DIR: the C++ is several files", SourceLocation(args.model))
    directory = Path(args.output)
    program, _ = lower(Path(args.model), arch=args.arch, precision=args.precision)
    write_sources(program, directory)
    for call in program.anchor_kernels:
        if call.unit is not None:
            write_atomically(str(directory / f"{call.unit.name}.cu"), call.unit.source)
            if call.unit.device_source is not None:
                write_atomically(str(directory / f"{call.unit.name}.device.cu"), call.unit.device_source)
    return directory


def bolt_text(model: str, kind: str = "bolt", precision: str = "f16", arch: str = "sm_90a",
              remarks: bool = False) -> str:
    from xdsl.targets.mlir import MLIRTarget

    from boltc.dialects.context import bolt_context
    from boltc.frontends import load

    module = load(Path(model))  # a Path: always read as a file, never as MLIR text
    if kind == "bolt":
        from boltc.passes.pipeline import run_pipeline

        run_pipeline(module, precision=precision, arch=arch, remarks=remarks)
    text = io.StringIO()
    MLIRTarget().emit(bolt_context(), module, text)
    return text.getvalue()


def write_atomically(path: str, text: str) -> None:
    """Write `path` whole or not at all: a temporary file beside it, then os.replace."""
    target = Path(path)
    try:
        fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as e:
        raise BoltcError(f"cannot write the output: {e.strerror or e}", SourceLocation(path)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes 0600; give what open() would
        os.replace(temporary, target)
    except BaseException as e:
        Path(temporary).unlink(missing_ok=True)
        if isinstance(e, OSError):
            raise BoltcError(f"cannot write the output: {e.strerror or e}", SourceLocation(path)) from None
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def run(args: argparse.Namespace) -> None:
    if args.output == "-":
        args.output = None
    kind = emit_kind(args)
    if kind in ("so", "cpp"):
        written = build_library(args) if kind == "so" else write_cpp(args)
        if not args.quiet:
            print(f"boltc: wrote {written}", file=sys.stderr)
        return
    text = bolt_text(args.model, kind, args.precision, args.arch, args.remarks)
    if args.output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    write_atomically(args.output, text)
    if not args.quiet:
        print(f"boltc: wrote {args.output}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        run(args)
    except BoltcError as e:
        print(e, file=sys.stderr)
        return EXIT_INPUT_ERROR
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`boltc m.mlir | head`): no message, and no second error
        # when Python flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as e:  # noqa: BLE001  (anything else is boltc's bug, reported as one)
        print(f"boltc: internal error: {type(e).__name__}: {e}", file=sys.stderr)
        if os.environ.get("BOLTC_DEBUG") == "1":
            traceback.print_exc()
        else:
            print("boltc: this is a bug in boltc; please report it with the command and the input "
                  "file (BOLTC_DEBUG=1 shows the traceback)", file=sys.stderr)
        return EXIT_INTERNAL_ERROR
    return 0


if __name__ == "__main__":
    sys.exit(main())
