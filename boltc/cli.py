"""The `boltc` command (DESIGN.md, 'Who uses it, and how').

    boltc model.mlir --emit bolt [-o out.mlir]   # import, run the graph passes, print bolt IR
    boltc model.mlir --emit imported             # the bolt IR straight from the importer
    boltc model.mlir -o model.so [--arch sm_90a] [-j N]   # build the shared library
    boltc model.mlir --emit cpp -o build/        # write the generated C++ and build.sh, stop
    boltc out.mlir -o model.so                   # optimized IR (--emit bolt's) compiles as is
    boltc inspect model.so [--json | --ir]       # what a model.so was built from and with
    boltc report model.so [--html OUT.html]      # per kernel: work, roofline, time; refused fusions

What the flags promise, and how each is kept (test/python/cli/test_cli_flags.py):
- The command line is checked before any work: `-j` below 1, or an `--emit` that contradicts
  `-o`'s name (`--emit bolt -o y.so`), is a usage error (exit 2); an `-o` file in a directory
  that does not exist is an input error (exit 1) on every path, nothing created.
- `--emit bolt` prints exactly what a build compiles (compiler.optimize: the same passes for
  the same `--arch`), and that output compiles to the same model (it records its target).
- `--emit so` without `-o` (or with `-o -`) writes the library to stdout, as `--help` says;
  never to a terminal. `--emit cpp` writes into a new, empty or boltc-made directory only (it
  holds `.boltc-cpp`, the list of files boltc wrote there), replaced whole.
- `--precision f32` is offered because models without GEMMs and convolutions (softmax,
  pooling, layer-norm, elementwise) compile in f32; the tensor-core GEMM and convolution
  kernels take f16 or bf16 only (f32 would silently run as tf32), so an f32 model with one is
  a located error naming the op before any nvcc runs, on every path.
- `--fuse-b2b` / `--no-fuse-b2b` turn fuse-b2b on or off for the build (`boltc.compile(fuse_b2b=
  True / False)`): a pair goes into one b2b kernel where one of the target's b2b kernels runs it
  (`--emit cpp` shows that kernel, not two GEMMs) and the performance model predicts a gain.
  Neither: on for both targets (`compiler.B2B_KERNEL_ARCHS`).
- `-q` silences everything but errors, the kernel progress and `--tune profile`'s too; `--remarks` explains refused
  fusions on every path that runs the graph passes.
- Ctrl-C or SIGTERM: every nvcc is killed, every temporary file removed, no cache entry
  half-made (lowering/build.py), `boltc: interrupted` on stderr, exit 130.

Tools beside the compiler: `boltc TOOL ...` for each TOOL in `TOOLS` runs the module
`boltc.tools.TOOL` (its `build_parser()` and `run(args)`), with the same exit codes and error
reporting as a compile. A model file named like a tool is still a model when it exists.

The model is an .mlir file (linalg-on-tensors or bolt), a torch.export archive (.pt2, from
torch.export.save) or an ONNX file (.onnx); boltc.frontends.load tells them apart.

Exit codes: 0 done; 1 a problem with the input (reported as `file:line:col: error: ...`);
2 a bad command line (argparse);
3 an internal error (a bug in boltc); 130 interrupted.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import signal
import sys
import tempfile
import threading
import traceback
from pathlib import Path

from boltc.diagnostics import BoltcError, SourceLocation

ARCHES = ("sm_90a", "sm_80")  # the first is the default
EMITS = ("bolt", "imported", "cpp", "so")
PRECISIONS = ("f16", "bf16", "f32")  # the first is the default

# `boltc NAME ...`: NAME -> what `--help` says of it. Each is boltc/tools/NAME.py.
TOOLS: dict[str, str] = {
    "inspect": "print what a model.so was built from and with (its manifest; no GPU needed)",
    "verify": "the compiled model against the reference executor on random inputs, naming the first "
              "op that overflows (boltc verify --help)",
    "report": "per kernel of a model.so: ops, configuration and why, FLOPs, bytes, time and share (on a "
              "CUDA GPU) against the GPU's roofline, refused fusions; --html for a page with the plot",
    "tune": "tuning caches: profile a model's kernels (also on a Dask cluster), merge caches from several "
            "machines, list one; report each GEMM's and convolution's chosen kernel and runners-up, "
            "predicted and measured (boltc tune --help)",
}

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


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


TUNE_STRATEGIES = ("heuristic", "model", "profile")  # tuning/select.py: STRATEGIES


def positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def arch_list(text: str) -> str:
    """--arch's value: one arch or several joined by commas, checked (compiler.parse_arches)."""
    from boltc.compiler import parse_arches

    try:
        return ",".join(parse_arches(text) or ())
    except BoltcError as e:
        raise argparse.ArgumentTypeError(e.message) from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="boltc",
        description="Compile a model (linalg-on-tensors or bolt MLIR, a torch.export .pt2 archive, "
                    "or an ONNX file) for NVIDIA GPUs.",
        epilog="boltc model.mlir -o model.so builds a shared library with nvcc ($BOLTC_NVCC, else "
               "the nvcc on PATH; CUTLASS headers from the nvidia-cutlass package); --emit bolt "
               "prints the optimized IR, which boltc compiles as written. Exit status: 0 done, "
               "1 bad input, 2 bad command line, 3 a bug in boltc, 130 interrupted."
               + "".join(f" `boltc {name} ...`: {what}." for name, what in TOOLS.items()),
    )
    parser.add_argument("model", help="the model: an .mlir file (linalg-on-tensors or bolt), a .pt2 "
                                      "file (torch.export.save; needs torch) or an .onnx file (needs onnx)")
    parser.add_argument("-o", "--output", metavar="OUT",
                        help="where to write the result: a file, or a directory for --emit cpp "
                             "(default, or '-': stdout; --emit cpp needs a directory)")
    parser.add_argument("--emit", choices=EMITS,
                        help="what to produce: optimized bolt IR (what the build compiles), the "
                             "imported bolt IR before the graph passes, CUTLASS C++ with a build.sh, "
                             "or a shared library (default: from OUT's name: .so a library, a "
                             "directory C++, else bolt)")
    parser.add_argument("--precision", choices=PRECISIONS,
                        help="compute precision inside the model, fp32 accumulation; inputs and "
                             "outputs keep their types (default: f16, or what optimized IR "
                             "records). f32 only for models without GEMMs/convolutions: their "
                             "tensor-core kernels take f16 or bf16")
    parser.add_argument("--remarks", action="store_true",
                        help="explain on stderr each fusion the passes refused, and the kernel chosen "
                             "for each GEMM and convolution")
    parser.add_argument("--arch", type=arch_list, metavar="ARCH[,ARCH]",
                        help=f"the GPU to compile for: {', '.join(ARCHES)} (default: {ARCHES[0]}, or what "
                             "optimized IR records); several joined by commas (sm_80,sm_90a) build one "
                             "model.so with each arch's kernels, chosen for the GPU it runs on (not with "
                             "--emit bolt: optimized IR is one arch's)")
    parser.add_argument("--tune", choices=TUNE_STRATEGIES, default="heuristic",
                        help="how each GEMM's and convolution's kernel is chosen (the select-kernels "
                             "pass): heuristic (fixed rules; the default), model (the performance "
                             "model's fastest prediction, fitted to H100 measurements for sm_90a), "
                             "profile (the tuning cache's "
                             "measurement, else the heuristic's kernel and the model's plausible "
                             "alternatives, compiled and timed on this machine's CUDA GPU)")
    parser.add_argument("--tune-budget", type=positive_seconds, metavar="SECONDS",
                        help="the most time --tune profile spends compiling and timing candidates, "
                             "over the whole model; a larger budget times more alternatives per "
                             "kernel (default: as many as compile in about 110 s on this machine, no limit); "
                             "only with --tune profile")
    parser.add_argument("--fuse-b2b", action=argparse.BooleanOptionalAction, default=None,
                        help="fuse back-to-back GEMMs (and 1x1 convolutions after a convolution) into "
                             "one b2b kernel wherever one of the target's b2b kernels runs the pair "
                             "and the performance model predicts it pays (default: on)")
    parser.add_argument("-j", "--jobs", type=positive_int, metavar="N",
                        help="parallel nvcc processes for a shared library (default: $BOLTC_JOBS, "
                             "else all cores, memory permitting)")
    parser.add_argument("-q", "--quiet", action="store_true", help="print nothing but errors")
    parser.add_argument("--version", action="version", version=f"boltc {version()}")
    return parser


def implied_kind(output: str | None) -> str | None:
    """What OUT's name asks for: .so a library, a directory (or a trailing /) C++, .mlir IR."""
    if output is None:
        return None
    if output.endswith(".so"):
        return "so"
    if output.endswith(os.sep) or Path(output).is_dir():
        return "cpp"
    if output.endswith(".mlir"):
        return "bolt"
    return None


def emit_kind(args: argparse.Namespace, parser: argparse.ArgumentParser | None = None) -> str:
    """What to produce: --emit if given (it must agree with OUT's name), else what OUT's name
    asks for, else bolt. A disagreement is a usage error: writing IR into `y.so`, or a library
    into `out.mlir`, is never what was meant, and guessing which flag was would surprise."""
    implied = implied_kind(args.output)
    if args.emit is None:
        return implied or "bolt"
    compatible = {"bolt": ("bolt",), "imported": ("bolt",), "so": ("so",), "cpp": ("cpp",)}
    if implied is not None and implied not in compatible[args.emit]:
        message = f"--emit {args.emit} contradicts -o {args.output} (a name for {KIND_NAMES[implied]})"
        if parser is None:
            raise BoltcError(message)
        parser.error(message)
    return args.emit


KIND_NAMES = {"so": "a shared library", "cpp": "a C++ directory", "bolt": "MLIR text"}


def check_output_directory(output: str) -> None:
    """An output file's directory must exist (boltc does not invent directories for files):
    said before any work, so a long build cannot end in 'cannot write'."""
    parent = Path(output).parent
    if not parent.is_dir():
        raise BoltcError(f"cannot write the output: no such directory {str(parent)!r}", SourceLocation(output))


def build_library(args: argparse.Namespace) -> Path | None:
    """`-o model.so`: import, the graph passes, host code and kernels, nvcc, link (atomically).
    Without -o (or -o -) the library goes to stdout, never to a terminal. Returns where it
    was written (None: stdout)."""
    from boltc.compiler import lower_library
    from boltc.lowering.model_build import build_model

    to_stdout = args.output is None
    if to_stdout and sys.stdout.isatty():
        raise BoltcError("--emit so writes a shared library: give -o FILE.so, or redirect stdout",
                         SourceLocation(args.model))
    if not to_stdout:
        check_output_directory(args.output)
    program, name = lower_library(Path(args.model), arch=args.arch, precision=args.precision, remarks=args.remarks,
                                  tuning=tuning_of(args), fuse_b2b=fuse_b2b_of(args))
    if not to_stdout:
        return build_model(program, args.output, parallel=args.jobs, progress=not args.quiet)
    scratch = Path(tempfile.mkdtemp(prefix="boltc-so-"))
    try:
        library = build_model(program, scratch / f"{name}.so", parallel=args.jobs, progress=not args.quiet)
        with open(library, "rb") as stream:
            shutil.copyfileobj(stream, sys.stdout.buffer)
        sys.stdout.buffer.flush()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return None


def fuse_b2b_of(args: argparse.Namespace) -> bool | None:
    """--fuse-b2b / --no-fuse-b2b as compile's fuse_b2b: True, False, or None (neither: the
    arch's default, B2B_KERNEL_ARCHS)."""
    return args.fuse_b2b


def tuning_of(args: argparse.Namespace):
    """--tune and --tune-budget as the compiler's Tuning record (--tune profile's progress on
    stderr unless -q)."""
    from boltc.tuning.select import Tuning

    return Tuning(args.tune, args.tune_budget, progress=not args.quiet)


CPP_MANIFEST = ".boltc-cpp"  # in an --emit cpp directory: the files boltc wrote there (JSON)


def write_cpp(args: argparse.Namespace) -> Path:
    """`--emit cpp -o DIR`: the generated host file, weights, one .cu per CUTLASS kernel (plus
    `<kernel>.device.cu`, the kernel's device code, for a split pair: build.py) and build.sh,
    the build's exact commands. DIR is new (its parent exists), empty or one boltc wrote
    before (it holds CPP_MANIFEST): it is replaced whole, never mixed with other files. The
    files are written into a sibling directory first and renamed in."""
    from boltc.compiler import lower_library
    from boltc.lowering.model_build import kernel_units, script_manifest, write_build_script, write_sources

    if args.output is None:
        raise BoltcError("--emit cpp needs -o DIR: the C++ is several files", SourceLocation(args.model))
    directory = Path(args.output.rstrip(os.sep) or os.sep)
    check_cpp_directory(directory)
    program, _ = lower_library(Path(args.model), arch=args.arch, precision=args.precision, remarks=args.remarks,
                               tuning=tuning_of(args), fuse_b2b=fuse_b2b_of(args))
    staging = Path(tempfile.mkdtemp(dir=directory.parent, prefix=f".{directory.name}.", suffix=".tmp"))
    try:
        sources = write_sources(program, staging, script_manifest(program))
        for unit in kernel_units(program):
            (staging / f"{unit.name}.cu").write_text(unit.source)  # type: ignore[attr-defined]
            if unit.device_source is not None:  # type: ignore[attr-defined]
                (staging / f"{unit.name}.device.cu").write_text(unit.device_source)  # type: ignore[attr-defined]
        write_build_script(program, staging, sources)
        files = sorted(p.name for p in staging.iterdir())
        (staging / CPP_MANIFEST).write_text(json.dumps({"generator": "boltc", "files": files}) + "\n")
        os.chmod(staging, 0o777 & ~_umask())  # mkdtemp makes 0700; give what mkdir would
        replace_directory(staging, directory)
    except BaseException as e:
        shutil.rmtree(staging, ignore_errors=True)
        if isinstance(e, OSError):
            raise BoltcError(f"cannot write the output: {e.strerror or e}", SourceLocation(str(directory))) from None
        raise
    return directory


def check_cpp_directory(directory: Path) -> None:
    if directory.exists() and not directory.is_dir():
        raise BoltcError("--emit cpp writes a directory, and this is a file", SourceLocation(str(directory)))
    if not directory.parent.is_dir():
        raise BoltcError(f"cannot write the output: no such directory {str(directory.parent)!r}",
                         SourceLocation(str(directory)))
    if directory.is_dir() and any(directory.iterdir()) and not (directory / CPP_MANIFEST).is_file():
        raise BoltcError("--emit cpp writes into a new or empty directory (or one it wrote before, "
                         f"holding {CPP_MANIFEST}); this one holds other files", SourceLocation(str(directory)))


def replace_directory(new: Path, directory: Path) -> None:
    """Put `new` where `directory` is: a rename when it does not exist, else two renames (the
    old one aside, the new one in) and the old one removed."""
    if not directory.exists():
        os.rename(new, directory)
        return
    old = Path(tempfile.mkdtemp(dir=directory.parent, prefix=f".{directory.name}.", suffix=".old"))
    os.rename(directory, old / "previous")
    try:
        os.rename(new, directory)
    except BaseException:
        os.rename(old / "previous", directory)
        raise
    finally:
        shutil.rmtree(old, ignore_errors=True)


def bolt_text(model: str, kind: str = "bolt", precision: str | None = None, arch: str | None = None,
              remarks: bool = False, tuning=None, fuse_b2b: bool | None = None) -> str:
    """The bolt IR of `model`: as imported, or (`bolt`) after compiler.optimize, the very
    passes a build runs for `arch` (so fuse-b2b only where a b2b kernel exists)."""
    from xdsl.targets.mlir import MLIRTarget

    from boltc.compiler import load_for_compile, optimize
    from boltc.dialects.context import bolt_context

    module, where = load_for_compile(Path(model))  # a Path: always read as a file, never as MLIR text
    if kind == "bolt":
        optimize(module, arch, precision, remarks=remarks, where=where, tuning=tuning, fuse_b2b=fuse_b2b)
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


def run(args: argparse.Namespace, parser: argparse.ArgumentParser | None = None) -> None:
    if args.output == "-":
        args.output = None
    kind = emit_kind(args, parser)
    if args.tune_budget is not None and args.tune != "profile":
        message = f"--tune-budget limits --tune profile; with --tune {args.tune} nothing is timed"
        if parser is not None:
            parser.error(message)
        raise BoltcError(message)
    if kind in ("so", "cpp"):
        written = build_library(args) if kind == "so" else write_cpp(args)
        if written is not None and not args.quiet:
            print(f"boltc: wrote {written}", file=sys.stderr)
        return
    if args.output is not None:
        check_output_directory(args.output)
    if kind == "bolt" and args.arch is not None and "," in args.arch:
        raise BoltcError(f"--emit bolt prints one arch's IR (optimized IR records the one arch it was "
                         f"optimized for); --arch {args.arch} names several: give one, or build the fat "
                         "library with -o model.so or --emit cpp", SourceLocation(args.model))
    text = bolt_text(args.model, kind, args.precision, args.arch, args.remarks, tuning_of(args), fuse_b2b_of(args))
    if args.output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    write_atomically(args.output, text)
    if not args.quiet:
        print(f"boltc: wrote {args.output}", file=sys.stderr)


def _interrupt(signum: int, frame: object) -> None:
    """SIGINT and SIGTERM: unwind as KeyboardInterrupt, so every `finally` removes its files and
    the build kills its compilers (lowering/build.py). Further signals are ignored meanwhile:
    a second Ctrl-C must not cut the clean-up short."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    from boltc.lowering.build import stop_all_builds

    stop_all_builds()  # even if the KeyboardInterrupt below is lost (build.stop_all_builds says how)
    raise KeyboardInterrupt


def tool_of(argv: list[str]) -> str | None:
    """The tool `argv` runs, if any: its first word names one and no file of that name exists."""
    if argv and argv[0] in TOOLS and not Path(argv[0]).exists():
        return argv[0]
    return None


def main(argv: list[str] | None = None) -> int:
    command_line = argv is None  # the `boltc` command itself, not a call from Python with its own argv
    argv = sys.argv[1:] if argv is None else list(argv)
    tool = tool_of(argv)
    if tool is not None:
        import importlib

        module = importlib.import_module(f"boltc.tools.{tool}")
        parser = module.build_parser()
        args = parser.parse_args(argv[1:])
        status = _with_handlers(lambda: _run_reporting(args, parser, module.run))
        if command_line and getattr(module, "PROFILED_IN_PROCESS", False):
            # Past torch.profiler the CUDA libraries' teardown can abort the process after the
            # report is out (tools/report.py, PROFILED_IN_PROCESS): leave before it runs.
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(status)
        return status
    parser = build_parser()
    args = parser.parse_args(argv)
    return _with_handlers(lambda: _run_reporting(args, parser))


def _with_handlers(body) -> int:
    # Only the main thread may set handlers; main() called in-process gets its own back.
    handlers = threading.current_thread() is threading.main_thread()
    previous = {s: signal.signal(s, _interrupt) for s in (signal.SIGINT, signal.SIGTERM)} if handlers else {}
    try:
        return body()
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _run_reporting(args: argparse.Namespace, parser: argparse.ArgumentParser, body=None) -> int:
    """run() (or a tool's run), with every way it can end turned into a message and an exit
    status."""
    try:
        if body is None:
            run(args, parser)
        else:
            body(args)
    except BoltcError as e:
        print(e, file=sys.stderr)
        return EXIT_INPUT_ERROR
    except KeyboardInterrupt:
        print("boltc: interrupted", file=sys.stderr)
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
