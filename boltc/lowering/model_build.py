"""model.so: the host program, the runtime and the kernels, compiled and linked.

    objects = runtime/src/*.{cu,cpp}   (the same for every model of an arch: cached)
            + model.cu                 (the generated host file: cached by content)
            + weights.o                (weights.S assembling weights.bin with .incbin)
            + the CUTLASS kernel objects (compiled by the caller's `compile_units`)
    nvcc -shared -cudart shared objects -> model.so, written atomically

Objects are cached by a hash of everything that makes them (the source, every runtime header,
the flags, nvcc's version) under $BOLTC_CACHE_DIR/runtime-objects (default ~/.cache/boltc;
build.py caches the kernels beside them), so a rebuild compiles only what changed. A failing nvcc leaves the build directory in place and
reports its errors with the command to reproduce them.
"""

from __future__ import annotations

import functools
import hashlib
import os
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from boltc.diagnostics import BoltcError
from boltc.lowering.host import WEIGHTS_FILE, HostProgram
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
    @functools.cache
    def find(cls) -> Toolchain:
        nvcc = os.environ.get("BOLTC_NVCC") or shutil.which("nvcc")
        for home in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
            if nvcc is None and home and (Path(home) / "bin" / "nvcc").is_file():
                nvcc = str(Path(home) / "bin" / "nvcc")
        if nvcc is None:
            raise BoltcError("nvcc not found: put the CUDA toolkit's bin/ on PATH or set CUDA_HOME "
                             "(or BOLTC_NVCC)")
        host_cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or "cc"
        return cls(nvcc, _cuda_root(nvcc), host_cc)

    @functools.cached_property
    def version(self) -> str:
        return _run([self.nvcc, "--version"]).stdout.strip()

    def library_dirs(self) -> list[Path]:
        candidates = [self.cuda_root / "lib64", *sorted((self.cuda_root / "targets").glob("*/lib"))]
        return [d for d in candidates if (d / "libcudart.so").exists()]


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


def compile_kernel_units(units: Sequence[object], arch: str, *, parallel: int | None = None) -> list[Path]:
    """The CUTLASS translation units through build.py (parallel, cached by content)."""
    from boltc.lowering import build

    compiled = build.compile_units(list(units), jobs=parallel)  # type: ignore[arg-type]
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


def compile_cached(jobs: Sequence[CompileJob], *, parallel: int | None = None) -> list[Path]:
    """Object files for `jobs`, from the cache or compiled (in parallel) into it."""
    toolchain = Toolchain.find()
    cache = cache_dir()
    cache.mkdir(parents=True, exist_ok=True)

    def one(job: CompileJob) -> Path:
        target = cache / f"{job.key(toolchain)}.o"
        if target.exists():
            return target
        fd, temporary = tempfile.mkstemp(dir=cache, prefix=f".{target.stem}.", suffix=".o")
        os.close(fd)
        cmd = job.command(toolchain, Path(temporary))
        done = _run(cmd)
        if done.returncode != 0:
            Path(temporary).unlink(missing_ok=True)
            raise BoltcError(
                f"nvcc failed on {job.label} ({job.source}, kept for inspection):\n"
                f"{_tail(done.stderr or done.stdout)}\nto reproduce: {shlex.join(cmd)}"
            )
        os.replace(temporary, target)
        return target

    workers = max(1, min(len(jobs), parallel or os.cpu_count() or 1))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(one, jobs))


def _tail(text: str, lines: int = 60) -> str:
    kept = text.strip().splitlines()
    return "\n".join((["..."] if len(kept) > lines else []) + kept[-lines:])


def common_flags(arch: str) -> tuple[str, ...]:
    return (*COMMON_FLAGS, *arch_flags(arch), f"-I{runtime_include_dir()}")


def runtime_jobs(arch: str) -> list[CompileJob]:
    return [CompileJob(src, common_flags(arch), f"runtime/src/{src.name}") for src in runtime_sources()]


def write_sources(program: HostProgram, directory: Path) -> dict[str, Path]:
    """model.cu, and weights.bin + weights.S when the model has weights, into `directory`."""
    directory.mkdir(parents=True, exist_ok=True)
    written = {"host": directory / "model.cu"}
    written["host"].write_text(program.source)
    if program.weights:
        written["weights_blob"] = directory / WEIGHTS_FILE
        written["weights_blob"].write_bytes(program.weights)
        written["weights_asm"] = directory / "weights.S"
        written["weights_asm"].write_text(program.weights_assembly)
    return written


def assemble_weights(assembly: Path) -> Path:
    """weights.o beside weights.S (assembled by the host C compiler; .incbin reads weights.bin
    from the same directory)."""
    toolchain = Toolchain.find()
    output = assembly.with_suffix(".o")
    cmd = [toolchain.host_cc, "-c", assembly.name, "-o", output.name, f"-Wa,-I{assembly.parent}"]
    done = _run(cmd, cwd=assembly.parent)
    if done.returncode != 0:
        raise BoltcError(f"assembling the weights failed ({assembly}):\n{_tail(done.stderr)}\n"
                         f"to reproduce: cd {shlex.quote(str(assembly.parent))} && {shlex.join(cmd)}")
    return output


def link_shared(objects: Sequence[Path], output: Path) -> Path:
    """nvcc -shared of `objects` into `output`, atomically (a temporary beside it, then rename)."""
    toolchain = Toolchain.find()
    output = Path(output)
    output.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=output.parent, prefix=f".{output.name}.", suffix=".tmp")
    os.close(fd)
    rpaths = [f"-Xlinker=-rpath,{d}" for d in toolchain.library_dirs()]
    cmd = [toolchain.nvcc, "-shared", "-cudart", "shared", *map(str, objects), "-o", temporary, *rpaths]
    done = _run(cmd)
    if done.returncode != 0:
        Path(temporary).unlink(missing_ok=True)
        raise BoltcError(f"linking {output.name} failed:\n{_tail(done.stderr or done.stdout)}\n"
                         f"to reproduce: {shlex.join(cmd)}")
    os.chmod(temporary, 0o755 & ~_umask())
    os.replace(temporary, output)
    return output


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def build_model(
    program: HostProgram,
    output: str | os.PathLike[str],
    *,
    build_dir: str | os.PathLike[str] | None = None,
    compile_units: CompileUnits | None = None,
    parallel: int | None = None,
) -> Path:
    """Compile and link `program` into the shared library `output`; returns its path.

    `build_dir` keeps the generated sources (default: a temporary directory, removed after a
    successful build and kept, and named in the error, after a failed one). `compile_units`
    compiles the anchors' CUTLASS translation units (default: build.py's compile_units)."""
    if compile_units is None:
        def compile_units(units: Sequence[object], arch: str) -> list[Path]:
            return compile_kernel_units(units, arch, parallel=parallel)
    keep = build_dir is not None
    directory = Path(build_dir) if keep else Path(tempfile.mkdtemp(prefix="boltc-build-"))
    try:
        sources = write_sources(program, directory)
        jobs = [*runtime_jobs(program.arch),
                CompileJob(sources["host"], common_flags(program.arch), f"the host file of {program.name}")]
        units = [call.unit for call in program.anchor_kernels if call.unit is not None]
        # The kernels (the long compiles) start at once, beside the runtime and host objects:
        # a cold build takes as long as its slowest kernel, not that plus the runtime.
        with ThreadPoolExecutor(max_workers=2) as pool:
            kernels = pool.submit(compile_units, units, program.arch) if units else None
            objects = compile_cached(jobs, parallel=parallel)
            if "weights_asm" in sources:
                objects.append(assemble_weights(sources["weights_asm"]))
            if kernels is not None:
                objects += list(kernels.result())
        result = link_shared(objects, Path(output))
    except BaseException:
        keep = True  # the sources stay for inspection; the error names the file
        raise
    finally:
        if not keep:
            shutil.rmtree(directory, ignore_errors=True)
    return result
