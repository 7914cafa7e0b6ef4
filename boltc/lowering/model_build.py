"""model.so: the host program, the runtime and the kernels, compiled and linked.

    objects = runtime/src/*.{cu,cpp}   (the same for every model of a set of arches: cached)
            + model.cu                 (the generated host file: cached by content; model_<arch>.cu
                                        per arch of a fat library, each with its own -gencode)
            + dispatch.cpp             (lowering/dispatch.py: the arches' table, describe()'s JSON)
            + weights.o                (weights.S assembling weights.bin with .incbin; once per
                                        distinct blob of a fat library)
            + manifest.o               (manifest.S: manifest.json in the .boltc_manifest section)
            + the CUTLASS kernel objects (compiled by the caller's `compile_units`)
    nvcc -shared -cudart shared objects -> model.so, written atomically

Objects are cached by a hash of everything that makes them (the source, every runtime header,
the flags, nvcc's version) under $BOLTC_CACHE_DIR/runtime-objects (default ~/.cache/boltc;
build.py caches the kernels beside them), so a rebuild compiles only what changed. A failing nvcc leaves the build directory in place and
reports its errors with the command to reproduce them.

Interrupts (Ctrl-C, and SIGTERM through `boltc`) stop the build without a trace: every nvcc
runs under one `build.Subprocesses` (its own session, `TMPDIR` in a private work directory),
an interrupt kills them all, the temporary build directory and every work directory go, and
`build.BuildInterrupted` (a KeyboardInterrupt) is raised. The nvcc is `build.find_nvcc`'s,
the one the kernels compile with.

`write_build_script` writes `build.sh` beside `--emit cpp`'s sources: the exact commands a
build runs (the same functions make them), without the cache.

`model_manifest` is what the library says about itself (boltc/manifest.py has the format):
the versions and flags it was built with, its targets, inputs, outputs and kernels, and the
optimized IR; `boltc inspect model.so` prints it, and the loader checks the GPU against it.
"""

from __future__ import annotations

import concurrent.futures
import functools
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from boltc import manifest as manifest_format
from boltc.diagnostics import BoltcError
from boltc.lowering.build import BuildInterrupted, Subprocesses, default_jobs, find_nvcc, result_interruptibly
from boltc.lowering.dispatch import DISPATCH_FILE, ModelLibrary, model_library
from boltc.lowering.host import ELIDED_RESOURCE, MAX_SHOWN_ELEMENTS, HostProgram
from boltc.lowering.runtime_abi import runtime_include_dir, runtime_root, runtime_sources

ARCH_FLAGS: dict[str, tuple[str, ...]] = {
    # HOPPER.md: wgmma/setmaxnreg need the sm_90a target, written in the -gencode form.
    "sm_90a": ("-gencode=arch=compute_90a,code=sm_90a",),
    # sm_80 code runs on Hopper through the embedded PTX (SASS is per major version).
    "sm_80": ("-gencode=arch=compute_80,code=sm_80", "-gencode=arch=compute_80,code=compute_80"),
}
COMMON_FLAGS = (
    "-std=c++17",
    "-O3",
    "-Xcompiler=-fPIC",
    "-Xcompiler=-fvisibility=hidden",  # the model.so exports the C ABI and nothing else
)

# A caller-supplied compiler of anchor kernel translation units -> object files.
CompileUnits = Callable[[Sequence[object], str], Sequence[Path]]


def arch_flags(arch: str) -> tuple[str, ...]:
    try:
        return ARCH_FLAGS[arch]
    except KeyError:
        raise BoltcError(f"unknown arch {arch!r} (known: {', '.join(ARCH_FLAGS)})") from None


@dataclass(frozen=True)
class Toolchain:
    nvcc: str
    cuda_root: Path  # include/ and lib64 (or targets/<triple>/lib) below it
    host_cc: str

    @classmethod
    def find(cls) -> Toolchain:
        """The toolchain of build.find_nvcc's nvcc (the kernels' compiler: one look-up)."""
        return _toolchain(str(find_nvcc()))

    @functools.cached_property
    def version(self) -> str:
        return _run([self.nvcc, "--version"]).stdout.strip()

    def library_dirs(self) -> list[Path]:
        candidates = [self.cuda_root / "lib64", *sorted((self.cuda_root / "targets").glob("*/lib"))]
        return [d for d in candidates if (d / "libcudart.so").exists()]


@functools.cache
def _toolchain(nvcc: str) -> Toolchain:
    host_cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or "cc"
    return Toolchain(nvcc, _cuda_root(nvcc), host_cc)


def _cuda_root(nvcc: str) -> Path:
    """The toolkit's root, as nvcc reports it (nvcc may be a wrapper script elsewhere)."""
    with tempfile.TemporaryDirectory() as scratch:
        probe = Path(scratch) / "probe.cu"
        probe.write_text("")
        out = _run([nvcc, "-dryrun", "-c", str(probe), "-o", str(Path(scratch) / "probe.o")])
    for line in (out.stdout + out.stderr).splitlines():
        if line.startswith("#$ TOP="):
            return Path(line.split("=", 1)[1].strip()).resolve()
    return Path(nvcc).resolve().parent.parent


def _run(cmd: Sequence[str], cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(cmd), cwd=cwd, capture_output=True, text=True, check=False)


def cache_dir() -> Path:
    """Runtime and host objects, beside build.py's kernel objects in the same cache."""
    from boltc.lowering.build import default_cache_dir

    return default_cache_dir() / "runtime-objects"


def compile_kernel_units(units: Sequence[object], arch: str, *, parallel: int | None = None,
                         progress: bool = True, processes: Subprocesses | None = None) -> list[Path]:
    """The CUTLASS translation units through build.py (parallel, cached by content)."""
    from boltc.lowering import build

    compiled = build.compile_units(list(units), jobs=parallel, progress=progress,  # type: ignore[arg-type]
                                   processes=processes)
    return [obj.path for obj in compiled]


@functools.cache
def _runtime_headers_digest() -> str:
    digest = hashlib.sha256()
    root = runtime_root()
    for path in sorted([*(root / "include").rglob("*"), *(root / "src").glob("*.cuh")]):
        if path.is_file():
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


@dataclass(frozen=True)
class CompileJob:
    """One nvcc -c. `source` is kept on failure; `label` names it in messages."""

    source: Path
    flags: tuple[str, ...]
    label: str

    def key(self, toolchain: Toolchain) -> str:
        digest = hashlib.sha256()
        for part in (self.source.read_bytes(), "\0".join(self.flags).encode(), toolchain.version.encode(),
                     _runtime_headers_digest().encode()):
            digest.update(len(part).to_bytes(8, "little") + part)
        return digest.hexdigest()[:32]

    def command(self, toolchain: Toolchain, output: Path) -> list[str]:
        return [toolchain.nvcc, *self.flags, "-c", str(self.source), "-o", str(output)]


def compile_cached(jobs: Sequence[CompileJob], *, parallel: int | None = None,
                   processes: Subprocesses | None = None) -> list[Path]:
    """Object files for `jobs`, from the cache or compiled (in parallel) into it. Each compile
    works in a private directory in the cache and renames its object in last: an entry is whole
    or absent, also with several builds sharing the cache or an interrupt mid-compile."""
    toolchain = Toolchain.find()
    processes = processes or Subprocesses()
    cache = cache_dir()
    cache.mkdir(parents=True, exist_ok=True)

    def one(job: CompileJob) -> Path:
        target = cache / f"{job.key(toolchain)}.o"
        if target.exists():
            return target
        work = Path(tempfile.mkdtemp(dir=cache, prefix=f".{target.stem}."))
        try:
            cmd = job.command(toolchain, work / target.name)
            returncode, log = processes.run(cmd, tmpdir=work)
            if returncode != 0:
                from boltc.lowering.build import killed_by

                signal_name = killed_by(returncode)
                if signal_name is not None:
                    raise BoltcError(f"nvcc was killed ({signal_name}) while compiling {job.label}")
                raise BoltcError(
                    f"nvcc failed on {job.label} ({job.source}, kept for inspection):\n"
                    f"{_tail(log)}\nto reproduce: {shlex.join(cmd)}"
                )
            os.replace(work / target.name, target)
            return target
        finally:
            shutil.rmtree(work, ignore_errors=True)

    workers = max(1, min(len(jobs), parallel or default_jobs()))
    pool = ThreadPoolExecutor(max_workers=workers)
    try:
        futures = [pool.submit(one, job) for job in jobs]
        return [result_interruptibly(f) for f in futures]
    except BaseException:
        processes.stop()  # before the pool waits for its threads: they wait on nvcc
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _tail(text: str, lines: int = 60) -> str:
    kept = text.strip().splitlines()
    return "\n".join((["..."] if len(kept) > lines else []) + kept[-lines:])


def common_flags(*arches: str) -> tuple[str, ...]:
    """nvcc's flags for the runtime, host and dispatch files: one -gencode set per arch (a fat
    model.so's runtime kernels carry each arch's code; the CUDA runtime picks the device's)."""
    return (*COMMON_FLAGS, *(f for a in arches for f in arch_flags(a)), f"-I{runtime_include_dir()}")


def runtime_jobs(*arches: str) -> list[CompileJob]:
    return [CompileJob(src, common_flags(*arches), f"runtime/src/{src.name}") for src in runtime_sources()]


def as_library(programs: HostProgram | ModelLibrary) -> ModelLibrary:
    """A single host program as the one-variant library it builds into."""
    return programs if isinstance(programs, ModelLibrary) else model_library([programs])


def host_file(library: ModelLibrary, program: HostProgram) -> str:
    """model.cu, or model_<arch>.cu for each arch of a fat library."""
    return f"model_{program.arch}.cu" if library.fat else "model.cu"


# --------------------------------------------------------------------------------------
# The manifest (boltc/manifest.py).
# --------------------------------------------------------------------------------------

MANIFEST_FILE = "manifest.json"
LINK_FLAGS = ("-shared", "-cudart", "shared")  # link_command's, besides objects, output, rpaths


def cuda_release(nvcc_version_text: str) -> str:
    """"13.0" from nvcc --version's "Cuda compilation tools, release 13.0, V13.0.88"; "" if absent."""
    match = re.search(r"release (\d+\.\d+)", nvcc_version_text)
    return match.group(1) if match else ""


@functools.cache
def heuristic_digest() -> str:
    """sha256 of boltc/tuning's source files: the code that chooses every configuration today."""
    from boltc import tuning

    digest = hashlib.sha256()
    root = Path(tuning.__file__).parent
    for path in sorted(root.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def model_manifest(programs: HostProgram | ModelLibrary, nvcc_version_text: str) -> dict:
    """The manifest of `programs` (one host program, or a library of one per arch) built by the
    nvcc whose `--version` says `nvcc_version_text` (the format: boltc/manifest.py). The
    top-level model, kernels, ir and remarks are the first variant's (the one an H100 runs);
    "variants" has every arch's."""
    from boltc.lowering import build

    library = as_library(programs)
    first = library.programs[0]
    variants = [variant_manifest(p) for p in library.programs]
    return {
        "format": manifest_format.FORMAT,
        "format_version": manifest_format.FORMAT_VERSION,
        "name": library.name,
        "boltc": manifest_format.boltc_version(),
        "cutlass": build.cutlass_version(),
        "cuda": {"release": cuda_release(nvcc_version_text), "nvcc": nvcc_version_text},
        "targets": list(library.arches),
        "precision": first.precision,
        "flags": {
            "kernels": variants[0]["flags"]["kernels"],
            "kernel_device": variants[0]["flags"]["kernel_device"],
            "runtime": [*COMMON_FLAGS, *(f for a in library.arches for f in arch_flags(a))],
            "link": list(LINK_FLAGS),
        },
        "tuning": {
            "source": "heuristic",
            "cache_sha256": None,
            "why": "boltc has no tuning step or tuning cache yet: each configuration comes from "
                   "boltc/tuning's heuristics, or from a #bolt.kernel written in the input (each kernel's "
                   "reason says which); heuristic_sha256 identifies that code",
            "heuristic_sha256": heuristic_digest(),
        },
        "model": library.describe,
        "kernels": variants[0]["kernels"],
        "remarks": variants[0]["remarks"],
        "ir": variants[0]["ir"],
        "variants": variants,
    }


def variant_manifest(program: HostProgram) -> dict:
    """One arch's part of the manifest: its kernels' flags, describe(), launch steps, fusion
    remarks and optimized IR."""
    from boltc.lowering import build

    kernel_arch = build.Arch.parse(program.arch)
    return {
        "arch": program.arch,
        "flags": {"kernels": list(build.compile_flags(kernel_arch)),
                  "kernel_device": list(build.device_compile_flags(kernel_arch))},
        "model": program.describe,
        "kernels": [dict(step) for step in program.steps],
        "remarks": None if program.remarks is None else [dict(r) for r in program.remarks],
        "ir": {
            "text": program.ir,
            "weights": f"constants of more than {MAX_SHOWN_ELEMENTS} elements are printed as "
                       f"dense_resource<{ELIDED_RESOURCE}>: their values are in the library's weights "
                       f"blob ({program.describe.get('weights_bytes', 0)} bytes), not in this text",
        },
    }


def script_manifest(programs: HostProgram | ModelLibrary) -> dict:
    """The manifest `--emit cpp` writes beside build.sh: it names the nvcc found here, the one
    build.sh runs unless $NVCC says otherwise; where none is found the CUDA release is unknown
    ("" and the reason), and the loader then skips its driver check."""
    try:
        version = Toolchain.find().version
    except BoltcError:
        version = ""
    manifest = model_manifest(programs, version)
    if not version:
        manifest["cuda"]["nvcc"] = "unknown: --emit cpp found no nvcc; build.sh runs $NVCC"
    return manifest


def manifest_assembly(blob_file: str = MANIFEST_FILE) -> str:
    """GNU as source putting `blob_file` into the non-allocated section boltc/manifest.py reads
    (never mapped at load time; kept by the linker and by strip)."""
    return (f"/* Generated by boltc: the model's manifest (boltc/manifest.py), embedded from {blob_file}. */\n"
            f'  .section {manifest_format.SECTION},"",@progbits\n'
            f"  .incbin {json.dumps(blob_file)}\n"
            '  .section .note.GNU-stack,"",@progbits\n')


def write_sources(programs: HostProgram | ModelLibrary, directory: Path,
                  manifest: dict | None = None) -> dict[str, Path]:
    """Into `directory`: each arch's host file ("host:<arch>"; "host" is the first's), the
    dispatch file, each distinct weights blob with its assembler file ("weights_asm:<file>"),
    and manifest.json + manifest.S when given a manifest."""
    library = as_library(programs)
    directory.mkdir(parents=True, exist_ok=True)
    written: dict[str, Path] = {}
    for program in library.programs:
        path = directory / host_file(library, program)
        path.write_text(program.source)
        written[f"host:{program.arch}"] = path
        written.setdefault("host", path)
    written["dispatch"] = directory / DISPATCH_FILE
    written["dispatch"].write_text(library.dispatch_source())
    for blob in library.weight_blobs():
        (directory / blob.file).write_bytes(blob.data)
        written[f"weights_asm:{blob.file}"] = directory / blob.assembly_file
        written[f"weights_asm:{blob.file}"].write_text(blob.assembly())
    if manifest is not None:
        written["manifest_blob"] = directory / MANIFEST_FILE
        written["manifest_blob"].write_text(json.dumps(manifest, indent=1) + "\n")
        written["manifest_asm"] = directory / "manifest.S"
        written["manifest_asm"].write_text(manifest_assembly())
    return written


def host_jobs(library: ModelLibrary, sources: dict[str, Path], relative: bool = False) -> list[CompileJob]:
    """The nvcc -c of each arch's host file (its own gencode) and of the dispatch file."""
    def source(key: str) -> Path:
        return Path(sources[key].name) if relative else sources[key]

    jobs = [CompileJob(source(f"host:{p.arch}"), common_flags(p.arch), f"the {p.arch} host file of {p.name}")
            for p in library.programs]
    jobs.append(CompileJob(source("dispatch"), common_flags(*library.arches), f"the dispatch file of {library.name}"))
    return jobs


def kernel_units(library: ModelLibrary) -> list[object]:
    """Every arch's CUTLASS translation units, a kernel that several arches share once
    (build.merge_shared_units)."""
    from boltc.lowering import build

    units = [call.unit for p in library.programs for call in p.anchor_kernels if call.unit is not None]
    return list(build.merge_shared_units(units))  # type: ignore[arg-type]


def assemble_command(toolchain: Toolchain, assembly: Path) -> list[str]:
    """The host C compiler on weights.S, run in its directory (.incbin reads weights.bin there)."""
    return [toolchain.host_cc, "-c", assembly.name, "-o", assembly.with_suffix(".o").name, f"-Wa,-I{assembly.parent}"]


def assemble_weights(assembly: Path, processes: Subprocesses | None = None, what: str = "the weights") -> Path:
    """weights.o beside weights.S (assembled by the host C compiler; .incbin reads weights.bin
    from the same directory); also manifest.S, with `what` naming it in errors."""
    toolchain = Toolchain.find()
    cmd = assemble_command(toolchain, assembly)
    returncode, log = (processes or Subprocesses()).run(cmd, tmpdir=assembly.parent, cwd=assembly.parent)
    if returncode != 0:
        raise BoltcError(f"assembling {what} failed ({assembly}):\n{_tail(log)}\n"
                         f"to reproduce: cd {shlex.quote(str(assembly.parent))} && {shlex.join(cmd)}")
    return assembly.with_suffix(".o")


def link_command(toolchain: Toolchain, objects: Sequence[Path | str], output: Path | str) -> list[str]:
    """nvcc -shared with the shared CUDA runtime, found at run time through an rpath."""
    rpaths = [f"-Xlinker=-rpath,{d}" for d in toolchain.library_dirs()]
    return [toolchain.nvcc, *LINK_FLAGS, *map(str, objects), "-o", str(output), *rpaths]


def link_shared(objects: Sequence[Path], output: Path, processes: Subprocesses | None = None) -> Path:
    """nvcc -shared of `objects` into `output`, atomically (a temporary beside it, then rename)."""
    toolchain = Toolchain.find()
    output = Path(output)
    output.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=output.parent, prefix=f".{output.name}.", suffix=".tmp")
    os.close(fd)
    work = Path(tempfile.mkdtemp(dir=output.parent, prefix=f".{output.name}.", suffix=".work"))
    try:
        cmd = link_command(toolchain, objects, temporary)
        returncode, log = (processes or Subprocesses()).run(cmd, tmpdir=work)
        if returncode != 0:
            raise BoltcError(f"linking {output.name} failed:\n{_tail(log)}\n"
                             f"to reproduce: {shlex.join(cmd)}")
        os.chmod(temporary, 0o755 & ~_umask())
        os.replace(temporary, output)
    finally:
        Path(temporary).unlink(missing_ok=True)
        shutil.rmtree(work, ignore_errors=True)
    return output


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def build_model(
    program: HostProgram | ModelLibrary,
    output: str | os.PathLike[str],
    *,
    build_dir: str | os.PathLike[str] | None = None,
    compile_units: CompileUnits | None = None,
    parallel: int | None = None,
    progress: bool = True,
) -> Path:
    """Compile and link `program` into the shared library `output`; returns its path.

    `build_dir` keeps the generated sources (default: a temporary directory, removed after a
    successful build or an interrupt, and kept, and named in the error, after a failed one).
    `compile_units` compiles the anchors' CUTLASS translation units (default: build.py's
    compile_units). `progress` False: print nothing (`boltc -q`). An interrupt kills every
    compiler, removes what this build made and raises build.BuildInterrupted."""
    toolchain = Toolchain.find()  # no nvcc: say so now, not after the kernels (it is the same nvcc)
    library = as_library(program)
    manifest = model_manifest(library, toolchain.version)
    processes = Subprocesses()
    if compile_units is None:
        def compile_units(units: Sequence[object], arch: str) -> list[Path]:
            return compile_kernel_units(units, arch, parallel=parallel, progress=progress, processes=processes)
    keep = build_dir is not None
    directory = Path(build_dir) if keep else Path(tempfile.mkdtemp(prefix="boltc-build-"))
    pool = ThreadPoolExecutor(max_workers=1)
    kernels = None
    try:
        sources = write_sources(library, directory, manifest)
        jobs = [*runtime_jobs(*library.arches), *host_jobs(library, sources)]
        units = kernel_units(library)
        # The kernels (the long compiles) start at once, beside the runtime and host objects:
        # a cold build takes as long as its slowest kernel, not that plus the runtime.
        kernels = pool.submit(compile_units, units, ",".join(library.arches)) if units else None
        objects = compile_cached(jobs, parallel=parallel, processes=processes)
        for key, assembly in sources.items():
            if key.startswith("weights_asm:"):
                objects.append(assemble_weights(assembly, processes))
        objects.append(assemble_weights(sources["manifest_asm"], processes, what="the manifest"))
        if kernels is not None:
            objects += list(result_interruptibly(kernels))
        result = link_shared(objects, Path(output), processes)
    except BoltcError:
        keep = True  # a compiler's error: the sources stay for inspection; the error names them
        raise
    except BaseException as error:
        processes.stop()  # kill every nvcc before waiting for the thread that runs the kernels
        if isinstance(error, BuildInterrupted) and kernels is not None:
            # The kernels' thread may have stopped the build over a compiler error of its own
            # (a killed nvcc): that error, not an interrupt, is what happened.
            concurrent.futures.wait([kernels])
            cause = kernels.exception()
            if isinstance(cause, BoltcError):
                keep = True
                raise cause from None
        if isinstance(error, KeyboardInterrupt) and not isinstance(error, BuildInterrupted):
            raise BuildInterrupted() from None
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        if not keep:
            shutil.rmtree(directory, ignore_errors=True)
    return result


# --------------------------------------------------------------------------------------
# build.sh: the same build as a shell script, for `boltc --emit cpp -o DIR`.
# --------------------------------------------------------------------------------------

BUILD_SCRIPT = "build.sh"


def write_build_script(programs: HostProgram | ModelLibrary, directory: Path, sources: dict[str, Path]) -> Path:
    """`directory/build.sh`: compile and link the library from the sources written there into
    `directory/<name>.so`, command for command as `build_model` (the same functions make the
    commands; only the cache is left out). `$NVCC` and `$CC` override the compilers boltc
    found; the CUTLASS headers and boltc's runtime are read where they are installed."""
    import shlex as _shlex

    from boltc.lowering import build as kernels

    library = as_library(programs)
    try:
        toolchain = Toolchain.find()
        kernel_toolchain = kernels.Toolchain(Path(toolchain.nvcc), "", kernels.cutlass_version(),
                                             kernels.cutlass_include_dirs())
    except BoltcError:  # no nvcc here: the script may run on another machine
        host_cc = os.environ.get("CC") or shutil.which("cc") or "cc"
        toolchain = Toolchain("nvcc", Path("/usr/local/cuda"), host_cc)
        kernel_toolchain = kernels.Toolchain(Path("nvcc"), "", kernels.cutlass_version(),
                                             kernels.cutlass_include_dirs())

    def line(argv: Sequence[str]) -> str:
        head, rest = argv[0], _shlex.join(argv[1:])
        if head == str(toolchain.nvcc):
            return f'"$NVCC" {rest}'
        if head == toolchain.host_cc:
            return f'"$CC" {rest}'
        return _shlex.join(argv)

    objects: list[str] = []
    commands: list[str] = []
    for job in runtime_jobs(*library.arches):
        obj = f"runtime_{job.source.stem}.o"
        commands.append(line(job.command(toolchain, Path(obj))))
        objects.append(obj)
    for job in host_jobs(library, sources, relative=True):
        obj = f"{job.source.stem}.o"
        commands.append(line(job.command(toolchain, Path(obj))))
        objects.append(obj)
    for key, path in sources.items():
        if key.startswith("weights_asm:") or key == "manifest_asm":
            commands.append(line(assemble_command(toolchain, Path(path.name))))
            objects.append(Path(path.name).with_suffix(".o").name)
    for unit in kernel_units(library):
        for step in kernels._steps(unit):  # type: ignore[arg-type]
            commands.append(line(step.command(kernel_toolchain, unit.arches, Path(step.file_name),  # type: ignore[attr-defined]
                                              Path(step.output_name))))
        if unit.device_source is None:  # type: ignore[attr-defined]
            objects.append(f"{unit.name}.o")  # type: ignore[attr-defined]
            continue
        from boltc.lowering.cutlass.cpp import FATBIN_SUFFIX

        # The assembler file that embeds the fatbin, as the build writes it (a here-document:
        # the directory holds the sources a reader looks at, not this glue).
        name = unit.name  # type: ignore[attr-defined]
        assembly = kernels.fatbin_assembly(f"{name}{FATBIN_SUFFIX}", f"{name}.fatbin")
        commands.append(f"cat > {_shlex.quote(name + '.fatbin.S')} <<'BOLTC_EOF'\n{assembly}BOLTC_EOF")
        commands += [line(c) for c in kernels.embed_commands(unit, kernel_toolchain, f"{name}.o")]  # type: ignore[arg-type]
        objects.append(f"{name}.combined.o")
    commands.append(line(link_command(toolchain, objects, f"{library.name}.so")))
    script = directory / BUILD_SCRIPT
    script.write_text(
        "#!/bin/sh\n"
        f"# Generated by boltc: builds {library.name}.so ({', '.join(library.arches)}) from the sources beside\n"
        "# this script, with the commands `boltc -o model.so` runs (without its object cache).\n"
        "set -eu\n"
        'cd "$(dirname "$0")"\n'
        f"NVCC=${{NVCC:-{_shlex.quote(str(toolchain.nvcc))}}}\n"
        f"CC=${{CC:-{_shlex.quote(toolchain.host_cc)}}}\n"
        + "".join(f"{c}\n" for c in commands))
    script.chmod(0o755 & ~_umask() | 0o100)
    return script
