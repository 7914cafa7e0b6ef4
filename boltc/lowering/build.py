"""nvcc for boltc: translation units -> cached objects (in parallel) -> model.so.

- **Parallel.** `compile_units` runs one nvcc per translation unit on a thread pool
  (concurrent.futures; the threads only wait on subprocesses). A split unit (CUTLASS 3 kernels:
  `TranslationUnit.device_source`) runs two at once, its host TU and its kernel's device TU:
  nvcc alone runs a TU's host and device passes one after the other, so a one-GEMM model's
  cold build went from 79.7 s to 38.2 s on the H100 machine (bench/RESULTS.md). `jobs` defaults to every core,
  capped by memory: an sm_90a CUTLASS TU takes 2-3.3 GiB to compile (DESIGN.md, 'Hardware
  facts'; 3.3 GiB peak measured here for a GEMM with a bias+ReLU EVT), and a build that swaps is slower than one with fewer jobs.
- **Cached.** Objects live in `$BOLTC_CACHE_DIR` (default `$XDG_CACHE_HOME/boltc`, else
  `~/.cache/boltc`) under `objects/<key[:2]>/<key>.o`, beside the `.cu` they came from. The key
  hashes the TU's text, the exact nvcc flags, nvcc's `--version` text, the CUTLASS package
  version and the text of boltc's own kernel headers (`kernel_headers_digest`): an unchanged
  kernel never compiles twice, and a new compiler, new headers or a new flag never reuses a
  stale object. Include paths are not in the key (the same headers in
  another virtual environment give the same object); the CUTLASS version stands for them.
- **Atomic.** Every output (object, kept source, linked library) is written to a temporary
  file in its final directory and renamed into place, so a crash or a concurrent build never
  leaves a truncated file under a final name.
- **Errors.** nvcc runs without `check=True`; when it reports an error the generated `.cu` and
  nvcc's full log are kept under `failed/`, and `KernelBuildError` names the kernel, shows nvcc's
  first error lines and a command that reproduces the failure. A compile that was killed (an
  interrupt, a timeout, the OOM killer) is no compiler error: nothing goes to `failed/`.
- **Interrupts.** Every nvcc runs in a session of its own through `Subprocesses`, with `TMPDIR`
  pointing into the unit's private work directory (nvcc's `tmpxft_*` files land there). A
  terminal's Ctrl-C then reaches boltc alone, not nvcc and its cicc/cudafe++/gcc, which would
  otherwise die first and be reported as a failed kernel; boltc kills each process group,
  removes the work directories and raises `BuildInterrupted` (a KeyboardInterrupt).
- **One nvcc.** `find_nvcc` is the only look-up (model_build.py uses it too): `$BOLTC_NVCC` when
  set, and then it must be an executable nvcc (never silently another one on PATH).
- **Flags.** `-std=c++17 -O3 -DNDEBUG`, `-gencode=arch=compute_90a,code=sm_90a` for sm_90a
  (the plain `-arch=sm_90a` shorthand also ran a plain sm_90 pass that rejects wgmma in some
  nvcc versions; HOPPER.md), `compute_80/sm_80` for sm_80, `-fPIC` and hidden visibility (the
  objects go into one shared library that exports only the `BOLTC_EXPORT` entry points).
  No `--use_fast_math`: it would not speed up the GEMM mainloop (tensor cores, no libm), and in
  the epilogue it flushes denormals to zero and swaps erff/expf/log1pf/division for
  approximations, so the fused activations would drift from the numpy reference executor
  beyond one fp16 ulp; the epilogue is bound by its stores, not by that arithmetic. CUTLASS's
  own fast paths (tanh.approx in GELU_taylor, ex2.approx in Sigmoid) stay where it chose them.
  No `--expt-relaxed-constexpr` (STYLE.md: hundreds of warnings per TU, and CUTLASS 3 does not
  need it).

`python -m boltc.lowering.build -c kernel.cu` compiles without linking (what CI does);
without `-c` the objects are linked into the `-o` shared library.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import functools
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import signal
import tempfile
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path

from boltc.diagnostics import BoltcError

CACHE_SCHEMA = "boltc-object-v2"  # bump when the cache layout or key recipe changes
TU_COMPILE_BYTES = 3 * 1024**3  # measured: an sm_90a GEMM+EVT TU peaked at 3.3 GiB RSS here
ERROR_LINES_SHOWN = 20


class Arch(Enum):
    """Targets: (boltc name, nvcc -gencode flag)."""

    SM90A = ("sm_90a", "-gencode=arch=compute_90a,code=sm_90a")
    # sm_80 SASS plus compute_80 PTX: SASS runs only on its major version, so an sm_80 model.so
    # runs on Hopper through the driver's JIT of the embedded PTX (as model_build.py's runtime).
    SM80 = ("sm_80", "-gencode=arch=compute_80,code=[sm_80,compute_80]")

    @property
    def gencode(self) -> str:
        return self.value[1]

    @classmethod
    def parse(cls, name: str) -> Arch:
        for member in cls:
            if member.value[0] == name:
                return member
        raise BoltcError(f"unknown target {name!r} (known: {', '.join(m.value[0] for m in cls)})")


BASE_FLAGS: tuple[str, ...] = (
    "-std=c++17",
    "-O3",
    "-DNDEBUG",
    "-Xcompiler=-fPIC",
    "-Xcompiler=-fvisibility=hidden",
    # CUTLASS 4.2's headers under nvcc 13.0 raise #20013/#20015 ("calling a constexpr __host__
    # function from a __host__ __device__ function") ~270 times per GEMM TU (900 KB of log that
    # buries real errors). They are warnings about compile-time evaluation inside cute's tuple
    # algorithms; a real host call from device code still fails to compile. The usual cure,
    # --expt-relaxed-constexpr, is ruled out (STYLE.md), so exactly these two are silenced.
    "-diag-suppress=20013,20015",
)


def compile_flags(arch: Arch, *more: Arch) -> tuple[str, ...]:
    """The flags that shape the object (hashed into the cache key); include paths excluded.
    `more`: further arches whose code goes into the same object (a kernel that a fat model.so's
    arches share: TranslationUnit.also_for)."""
    return (*BASE_FLAGS, arch.gencode, *(a.gencode for a in more))


# A split unit's device TU becomes a fatbin (`nvcc -fatbin`: no host compilation at all). No
# -Xcompiler flags: they are host-compiler flags, and -fvisibility=hidden would also make nvcc
# give the kernel hidden visibility in the device image.
DEVICE_FLAGS: tuple[str, ...] = tuple(f for f in BASE_FLAGS if not f.startswith("-Xcompiler"))


def device_compile_flags(arch: Arch, *more: Arch) -> tuple[str, ...]:
    return (*DEVICE_FLAGS, arch.gencode, *(a.gencode for a in more))


@dataclass(frozen=True)
class TranslationUnit:
    """One generated C++/CUDA source to compile; `name` is the kernel's (for messages/files).

    `device_source`, when given, is the kernel's device code as a TU of its own (a *split*
    unit, boltc/lowering/cutlass/cpp.py): it compiles to a fatbin at the same time as `source`
    compiles to the host object, and the unit's object is the host object with the fatbin
    embedded as the hidden symbol `<name>_fatbin` (assembled with .incbin, then `ld -r`)."""

    name: str
    source: str
    arch: Arch = Arch.SM90A
    device_source: str | None = None
    # Further arches compiled into the same object: a fat model.so whose arches use the very same
    # kernel (a CUTLASS 2.x kernel on sm_80 and sm_90a) gets it once, with each arch's code
    # (the same extern "C" entry point twice would not link). `merge_shared_units` sets it.
    also_for: tuple[Arch, ...] = ()

    @property
    def arches(self) -> tuple[Arch, ...]:
        return (self.arch, *self.also_for)


class KernelBuildError(BoltcError):
    """nvcc failed on a generated kernel; the source and the log are kept for inspection."""

    def __init__(self, message: str, kernel: str, source: Path, log: Path, repro: str):
        super().__init__(message)
        self.kernel, self.source, self.log, self.repro = kernel, source, log, repro


class BuildInterrupted(KeyboardInterrupt):
    """The build was stopped (Ctrl-C, SIGTERM): its compilers are killed, its files removed."""


class Subprocesses:
    """The compiler processes of one build, so that an interrupt can stop them all.

    Each process leads a session of its own (`start_new_session`): a terminal's Ctrl-C goes to
    boltc's process group only, so nvcc cannot die of it first and be taken for a failed
    compile; `stop` then kills every process group (nvcc and the cicc, cudafe++, ptxas or gcc
    under it). `TMPDIR` is the caller's work directory, so what a killed nvcc leaves behind
    goes when that directory goes. Thread-safe: the build's pools start processes here."""

    def __init__(self) -> None:
        # Reentrant: a signal handler in the main thread may stop() while that thread is in start().
        self._lock = threading.RLock()
        self._running: set[subprocess.Popen[str]] = set()
        self._stopped = False
        _BUILDS.add(self)

    @property
    def stopped(self) -> bool:
        return self._stopped

    def start(self, command: Sequence[str], *, tmpdir: Path, cwd: Path | None = None) -> subprocess.Popen[str]:
        with self._lock:
            if self._stopped:
                raise BuildInterrupted()
            process = subprocess.Popen(
                list(command), cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                start_new_session=True, env={**os.environ, "TMPDIR": str(tmpdir)})
            self._running.add(process)
            return process

    def wait(self, process: subprocess.Popen[str], timeout: float | None = None) -> tuple[int, str]:
        """(exit status, output) of a process from `start`; BuildInterrupted if `stop` killed it.
        A timeout kills its process group and reads as status None in the log's last line."""
        try:
            try:
                log, _ = process.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                _kill_group(process)
                log, _ = process.communicate()
                log = f"{log or ''}\ntimed out after {timeout} s (killed)"
        finally:
            with self._lock:
                self._running.discard(process)
        if self._stopped:
            raise BuildInterrupted()
        return process.returncode, log or ""

    def run(self, command: Sequence[str], *, tmpdir: Path, cwd: Path | None = None,
            timeout: float | None = None) -> tuple[int, str]:
        process = self.start(command, tmpdir=tmpdir, cwd=cwd)
        try:
            return self.wait(process, timeout)
        except BaseException:
            _kill_group(process)  # an interrupt in this thread: do not leave the compiler running
            raise

    def stop(self) -> None:
        """Kill every running process group; later `start`s raise BuildInterrupted."""
        with self._lock:
            self._stopped = True
            running = list(self._running)
        for process in running:
            _kill_group(process)


def result_interruptibly(future: concurrent.futures.Future):
    """`future.result()`, waiting in short slices. A signal that the kernel delivers to a worker
    thread does not wake the main thread from a wait with no timeout, so Python would run the
    SIGINT handler only when the wait ends: never, while nvcc runs (an interrupted build hung
    in about one run in a hundred). Between slices the main thread runs pending handlers."""
    while not future.done():
        concurrent.futures.wait([future], timeout=0.1)
    return future.result()


def as_completed_interruptibly(futures):
    """concurrent.futures.as_completed, waiting in short slices (result_interruptibly says why)."""
    pending = set(futures)
    while pending:
        done, pending = concurrent.futures.wait(pending, timeout=0.1, return_when=concurrent.futures.FIRST_COMPLETED)
        yield from done


# Every live build's processes, for `stop_all_builds`.
_BUILDS: weakref.WeakSet[Subprocesses] = weakref.WeakSet()


def stop_all_builds() -> None:
    """Stop every build of this process (a signal handler's job). The handler also raises
    KeyboardInterrupt in the main thread, but Python drops an exception raised while a
    finalizer (`__del__`, a weakref callback) runs: the main thread then waited for compiles
    that never end (seen once in about 100 interrupts). Killed compilers end those waits with
    BuildInterrupted instead."""
    while True:
        try:
            builds = list(_BUILDS)
            break
        except RuntimeError:  # another thread added a build meanwhile
            continue
    for build in builds:
        build.stop()


def _kill_group(process: subprocess.Popen[str]) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)  # its own session: pgid == pid


def killed_by(returncode: int | None) -> str | None:
    """The signal's name when a compiler died of one (negative status), else None."""
    if returncode is None or returncode >= 0:
        return None
    try:
        return signal.Signals(-returncode).name
    except ValueError:
        return f"signal {-returncode}"


# --------------------------------------------------------------------------------------
# The toolchain: nvcc, its version, the CUTLASS headers.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Toolchain:
    nvcc: Path
    nvcc_version: str
    cutlass_version: str
    include_dirs: tuple[Path, ...]

    @classmethod
    def find(cls, nvcc: str | os.PathLike[str] | None = None) -> Toolchain:
        path = Path(nvcc) if nvcc else find_nvcc()
        return cls(path, nvcc_version(path), cutlass_version(), cutlass_include_dirs())

    @property
    def host_cc(self) -> str:
        """The host C compiler (assembles and partially links a split unit's object)."""
        return os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or "cc"

    def include_flags(self) -> list[str]:
        return [f"-I{d}" for d in self.include_dirs]


def find_nvcc() -> Path:
    """$BOLTC_NVCC, else nvcc on PATH, else $CUDA_HOME, $CUDA_PATH or /usr/local/cuda's bin/nvcc.

    A $BOLTC_NVCC that names no executable is an error, not a reason to take another nvcc: the
    user chose that compiler (and a different one would also key the cache differently)."""
    chosen = os.environ.get("BOLTC_NVCC")
    if chosen:
        if not os.path.isfile(chosen):
            raise BoltcError(f"BOLTC_NVCC={chosen}: no such file (unset it to use the nvcc on PATH)")
        if not os.access(chosen, os.X_OK):
            raise BoltcError(f"BOLTC_NVCC={chosen}: not executable")
        return Path(chosen)
    candidates = [shutil.which("nvcc")]
    for home in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if home:
            candidates.append(os.path.join(home, "bin", "nvcc"))
    for candidate in candidates:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return Path(candidate)
    raise BoltcError(
        "nvcc not found: install the CUDA toolkit, or set BOLTC_NVCC or CUDA_HOME to point at it"
    )


@functools.lru_cache(maxsize=None)
def _nvcc_version(path: str, mtime_ns: int) -> str:
    result = subprocess.run([path, "--version"], capture_output=True, text=True)
    if result.returncode != 0:
        raise BoltcError(f"{path} --version failed: {result.stderr.strip() or result.stdout.strip()}")
    return result.stdout.strip()


def nvcc_version(nvcc: Path) -> str:
    """nvcc's full `--version` text (it names the release and the build)."""
    return _nvcc_version(str(nvcc), nvcc.stat().st_mtime_ns)


def cutlass_version() -> str:
    try:
        return importlib.metadata.version("nvidia-cutlass")
    except importlib.metadata.PackageNotFoundError:
        raise BoltcError(
            "the CUTLASS headers come from the nvidia-cutlass package: pip install nvidia-cutlass==4.2.0.0"
        ) from None


def cutlass_include_dirs() -> tuple[Path, ...]:
    """CUTLASS's include directories inside the installed `cutlass_library` package."""
    spec = importlib.util.find_spec("cutlass_library")
    if spec is None or not spec.submodule_search_locations:
        raise BoltcError(
            "the CUTLASS headers come from the nvidia-cutlass package: pip install nvidia-cutlass==4.2.0.0"
        )
    source = Path(next(iter(spec.submodule_search_locations))) / "source"
    dirs = (source / "include", source / "tools" / "util" / "include")
    for d in dirs:
        if not (d / "cutlass").is_dir():
            raise BoltcError(f"nvidia-cutlass is installed but {d} holds no CUTLASS headers")
    # Last, so they resolve only what the library does not: example kernels with no library
    # equivalent, included by their example's directory (cutlass/fmha_sm80.py: example 41;
    # cutlass/fmha_sm90.py: example 88, whose headers include each other relatively), and
    # the stand-in for the cuRAND header that example includes but does not use (compat/).
    from boltc.lowering.runtime_abi import runtime_include_dir

    # Example 13's headers include one another as "kernel/...", "threadblock/...": its own
    # directory goes on the path (cutlass/b2b_sm80.py, the back-to-back GEMM).
    b2b_example = source / "examples" / "13_two_tensor_op_fusion"
    return (*dirs, source / "examples", b2b_example, runtime_include_dir() / "boltc" / "compat",
            KERNEL_HEADER_DIR)


# Fixed C++ that boltc ships for its kernels (included as "boltc/<name>.hpp": the split
# kernels' KernelAdapter, the epilogue functors, the b2b collectives, ...; package data in
# pyproject.toml). Their text is hashed into every cache key (`kernel_headers_digest`): a TU
# that includes one does not change when the header does.
KERNEL_HEADER_DIR = Path(__file__).resolve().parent / "cutlass" / "include"


@functools.cache
def kernel_headers_digest() -> str:
    """sha256 over the names and text of the headers under KERNEL_HEADER_DIR."""
    digest = hashlib.sha256()
    for path in sorted(KERNEL_HEADER_DIR.rglob("*.hpp")):
        for part in (path.relative_to(KERNEL_HEADER_DIR).as_posix().encode(), path.read_bytes()):
            digest.update(len(part).to_bytes(8, "little"))
            digest.update(part)
    return digest.hexdigest()


# --------------------------------------------------------------------------------------
# The cache.
# --------------------------------------------------------------------------------------


def default_cache_dir() -> Path:
    if os.environ.get("BOLTC_CACHE_DIR"):
        return Path(os.environ["BOLTC_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "boltc"


def cache_key(unit: TranslationUnit, toolchain: Toolchain) -> str:
    """sha256 over the TU text, its flags, nvcc's version, CUTLASS's version and boltc's own
    kernel headers (`kernel_headers_digest`)."""
    digest = hashlib.sha256()
    device = ("", "") if unit.device_source is None else (
        unit.device_source, "\0".join(device_compile_flags(*unit.arches)))
    for part in (CACHE_SCHEMA, unit.source, "\0".join(compile_flags(*unit.arches)), *device,
                 toolchain.nvcc_version, toolchain.cutlass_version, kernel_headers_digest()):
        data = part.encode()
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)
    return digest.hexdigest()


def atomic_write(path: Path, data: bytes | str) -> None:
    """Write `data` to `path` through a temporary file in the same directory and a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data.encode() if isinstance(data, str) else data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@dataclass(frozen=True)
class CompiledObject:
    unit: TranslationUnit
    path: Path  # the object file in the cache
    key: str
    cached: bool  # True: found in the cache, nvcc did not run
    seconds: float  # nvcc's wall time (0 when cached)


# --------------------------------------------------------------------------------------
# Compiling.
# --------------------------------------------------------------------------------------


def nvcc_compile_command(
    toolchain: Toolchain, arch: Arch | Sequence[Arch], source: Path, output: Path
) -> list[str]:
    return [str(toolchain.nvcc), *compile_flags(*_arches(arch)), *toolchain.include_flags(), "-c", str(source),
            "-o", str(output)]


def _arches(arch: Arch | Sequence[Arch]) -> tuple[Arch, ...]:
    return (arch,) if isinstance(arch, Arch) else tuple(arch)


def merge_shared_units(units: Sequence[TranslationUnit]) -> list[TranslationUnit]:
    """`units` with each kernel that several arches use (one name: the name is a hash of the
    source) as one unit compiled for all of them; BoltcError if one name has two sources."""
    merged: dict[str, TranslationUnit] = {}
    for unit in units:
        known = merged.get(unit.name)
        if known is None:
            merged[unit.name] = unit
        elif (known.source, known.device_source) != (unit.source, unit.device_source):
            raise BoltcError(f"internal: two different kernels are both named {unit.name}")
        elif unit.arch not in known.arches:
            merged[unit.name] = replace(known, also_for=(*known.also_for, unit.arch))
    return list(merged.values())


def first_errors(log: str, limit: int = ERROR_LINES_SHOWN) -> str:
    """nvcc's first error lines (each `error` line and the instantiation context after it)."""
    lines = log.splitlines()
    picked: list[str] = []
    for i, line in enumerate(lines):
        if re.search(r"\berror\b", line, re.IGNORECASE):
            picked.extend(lines[i:i + 3])
            if len(picked) >= limit:
                break
    if not picked:
        picked = lines[-limit:]
    return "\n".join(picked[:limit])


@dataclass(frozen=True)
class _Step:
    """One nvcc run of a unit: the host TU (-c) or a split unit's device TU (-fatbin)."""

    what: str  # "host" or "device" (in messages)
    source_text: str
    file_name: str
    output_name: str

    def command(self, toolchain: Toolchain, arch: Arch | Sequence[Arch], source: Path, output: Path) -> list[str]:
        if self.what == "device":
            return [str(toolchain.nvcc), *device_compile_flags(*_arches(arch)), *toolchain.include_flags(),
                    "-fatbin", str(source), "-o", str(output)]
        return nvcc_compile_command(toolchain, arch, source, output)


def _steps(unit: TranslationUnit) -> list[_Step]:
    steps = [_Step("host", unit.source, f"{unit.name}.cu", f"{unit.name}.o")]
    if unit.device_source is not None:
        steps.append(_Step("device", unit.device_source, f"{unit.name}.device.cu", f"{unit.name}.fatbin"))
    return steps


def incbin_assembly(symbol: str, blob_file: str, *, section: str, alignment: int, what: str,
                    aliases: Sequence[str] = ()) -> str:
    """GNU as source embedding `blob_file` as read-only data at the hidden `symbol` in
    `section` (the model's weights, a kernel's fatbin); assembled with the blob's directory as
    the working directory or on the include path. `what` names the data in the header line.
    `aliases`: further hidden symbols for the same bytes (a fat model.so's arches sharing one
    weights blob)."""
    alias_directives = [d for alias in aliases
                        for d in (("globl", alias), ("hidden", alias), ("set", f"{alias},{symbol}"))]
    directives = [
        ("section", f'{section},"a",@progbits'),
        ("balign", str(alignment)),
        ("globl", symbol),
        ("hidden", symbol),
        ("type", f"{symbol},@object"),
        (None, symbol),
        ("incbin", json.dumps(blob_file)),
        ("size", f"{symbol},.-{symbol}"),
        *alias_directives,
        ("section", '.note.GNU-stack,"",@progbits'),  # no executable stack
    ]
    lines = [f"/* Generated by boltc: {what}, embedded from {blob_file}. */"]
    for directive, argument in directives:
        lines.append(f"{argument}:" if directive is None else f"  .{directive} {argument}")
    return "\n".join(lines) + "\n"


def fatbin_assembly(symbol: str, fatbin_file: str) -> str:
    """The assembler file embedding a split unit's fatbin (8-byte aligned headers; 64 is
    generous) as the hidden `symbol` its host TU loads."""
    return incbin_assembly(symbol, fatbin_file, section=f".rodata.{symbol}", alignment=64,
                           what=f"the device code of {symbol}")


def compile_unit(
    unit: TranslationUnit, toolchain: Toolchain, cache_dir: Path, *, timeout: float | None = None,
    processes: Subprocesses | None = None,
) -> CompiledObject:
    """Compile one TU into the cache (or find it there). Raises KernelBuildError when nvcc
    reports an error, BoltcError when it was killed, BuildInterrupted when `processes` stopped.

    A split unit runs its host and device nvcc at the same time, then embeds the fatbin. All
    work happens in a private directory beside the entry; the object is renamed into place
    last, so an entry (`<key>.o`) is complete or absent, also with several builds at once."""
    processes = processes or Subprocesses()
    key = cache_key(unit, toolchain)
    final = cache_dir / "objects" / key[:2] / f"{key}.o"
    if final.is_file():
        return CompiledObject(unit, final, key, True, 0.0)
    final.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(dir=final.parent, prefix=f".{key[:12]}-"))
    running: list[tuple[_Step, subprocess.Popen[str]]] = []
    try:
        start = time.monotonic()
        for step in _steps(unit):
            source = work / step.file_name
            source.write_text(step.source_text)
            command = step.command(toolchain, unit.arches, source, work / step.output_name)
            running.append((step, processes.start(command, tmpdir=work)))
        failure = None
        for step, process in running:
            remaining = None if timeout is None else max(0.0, timeout - (time.monotonic() - start))
            returncode, log = processes.wait(process, remaining)
            if failure is None and (returncode != 0 or not (work / step.output_name).is_file()):
                failure = (step, log, returncode)
                for _, other in running:  # the unit has failed: stop its other nvcc
                    if other.poll() is None:
                        _kill_group(other)
        if failure is not None:
            step, log, returncode = failure
            signal_name = killed_by(returncode)
            if signal_name is not None:  # not the source's fault: nothing kept under failed/
                part = " (its device code)" if step.what == "device" else ""
                raise BoltcError(f"nvcc was killed ({signal_name}) while compiling kernel {unit.name}{part}"
                                 f"{' (out of memory? try fewer jobs, -j)' if signal_name == 'SIGKILL' else ''}:\n"
                                 f"{first_errors(log)}")
            raise _build_error(unit, step, toolchain, cache_dir, key, log, returncode)
        host_object = work / f"{unit.name}.o"
        if unit.device_source is not None:
            host_object = _embed_fatbin(unit, toolchain, work, host_object, processes)
        seconds = time.monotonic() - start
        atomic_write(final.with_suffix(".cu"), unit.source)  # kept for inspection
        if unit.device_source is not None:
            atomic_write(final.with_suffix(".device.cu"), unit.device_source)
        os.replace(host_object, final)  # last, atomic: the entry exists once it is whole
        return CompiledObject(unit, final, key, False, seconds)
    finally:
        for _, process in running:  # an interrupt in this thread: stop what is still running
            if process.poll() is None:
                _kill_group(process)
                process.wait()
        shutil.rmtree(work, ignore_errors=True)


def embed_commands(unit: TranslationUnit, toolchain: Toolchain, host_object: str) -> list[list[str]]:
    """The host compiler's two steps that put a split unit's fatbin (`<name>.fatbin`, beside
    `<name>.fatbin.S`) into its host object, run in the directory that holds them; the result
    is `<name>.combined.o`."""
    return [
        [toolchain.host_cc, "-c", f"{unit.name}.fatbin.S", "-o", f"{unit.name}.fatbin.o"],
        [toolchain.host_cc, "-r", "-nostdlib", host_object, f"{unit.name}.fatbin.o", "-o", f"{unit.name}.combined.o"],
    ]


def _embed_fatbin(unit: TranslationUnit, toolchain: Toolchain, work: Path, host_object: Path,
                  processes: Subprocesses) -> Path:
    """host_object + the device fatbin (as `<name>_fatbin`) -> one relocatable object."""
    from boltc.lowering.cutlass.cpp import FATBIN_SUFFIX

    assembly = work / f"{unit.name}.fatbin.S"
    assembly.write_text(fatbin_assembly(f"{unit.name}{FATBIN_SUFFIX}", f"{unit.name}.fatbin"))
    for command in embed_commands(unit, toolchain, host_object.name):
        returncode, log = processes.run(command, tmpdir=work, cwd=work)
        if returncode != 0:
            raise BoltcError(
                f"embedding the device code of kernel {unit.name} failed:\n"
                f"{first_errors(log)}\nrepro: cd {shlex.quote(str(work))} && {shlex.join(command)}"
            )
    return work / f"{unit.name}.combined.o"


def _build_error(
    unit: TranslationUnit, step: _Step, toolchain: Toolchain, cache_dir: Path, key: str, log: str, returncode: int
) -> KernelBuildError:
    kept = cache_dir / "failed" / f"{unit.name}-{key[:12]}"
    for other in _steps(unit):  # both TUs of a split unit are kept: they share the types
        atomic_write(kept / other.file_name, other.source_text)
    source, log_path = kept / step.file_name, kept / "nvcc.log"
    atomic_write(log_path, log)
    output = Path(tempfile.gettempdir()) / step.output_name
    repro = shlex.join(step.command(toolchain, unit.arches, source, output))
    part = " (its device code)" if step.what == "device" else ""
    message = (
        f"nvcc failed to compile kernel {unit.name}{part} (exit status {returncode}):\n"
        f"{first_errors(log)}\n"
        f"the generated source is kept at {source} (nvcc's full log: {log_path})\n"
        f"repro: {repro}"
    )
    return KernelBuildError(message, unit.name, source, log_path, repro)


JOBS_VARIABLE = "BOLTC_JOBS"


def default_jobs() -> int:
    """$BOLTC_JOBS when set (several builds sharing a machine, as the GPU test suite's xdist
    workers do: each sees all of MemAvailable when it starts, so the memory bound below cannot
    keep sixteen builds of sixteen nvcc each from thrashing); else every core, but no more jobs
    than memory for ~3 GiB each (MemAvailable)."""
    configured = os.environ.get(JOBS_VARIABLE, "").strip()
    if configured:
        try:
            jobs = int(configured)
        except ValueError:
            jobs = 0
        if jobs < 1:
            raise BoltcError(f"{JOBS_VARIABLE}={configured!r}: expected a positive number of parallel nvcc jobs")
        return jobs
    cores = os.cpu_count() or 1
    try:
        with open("/proc/meminfo") as f:
            available_kb = next(int(line.split()[1]) for line in f if line.startswith("MemAvailable:"))
        return max(1, min(cores, available_kb * 1024 // TU_COMPILE_BYTES))
    except (OSError, StopIteration, ValueError):
        return cores


class Progress:
    """A progress display: rich or tqdm when installed and stderr is a terminal, else one plain
    line per finished kernel on stderr."""

    def __init__(self, total: int, enabled: bool = True):
        self.total, self.done, self.enabled = total, 0, enabled and total > 0
        self._bar: object | None = None
        self._rich: object | None = None
        if not self.enabled or not sys.stderr.isatty():
            return
        if importlib.util.find_spec("rich") is not None:
            from rich.console import Console
            from rich.progress import Progress as RichProgress

            self._rich = RichProgress(console=Console(stderr=True), transient=False)
            self._rich.start()  # type: ignore[attr-defined]
            self._task = self._rich.add_task("boltc: kernels", total=total)  # type: ignore[attr-defined]
        elif importlib.util.find_spec("tqdm") is not None:
            from tqdm import tqdm

            self._bar = tqdm(total=total, desc="boltc: kernels", unit="TU", file=sys.stderr)

    def start(self, jobs: int, to_compile: int) -> None:
        if self.enabled and self._bar is None and self._rich is None:
            print(f"boltc: {self.total} kernels, {to_compile} to compile with {jobs} jobs",
                  file=sys.stderr, flush=True)

    def advance(self, obj: CompiledObject) -> None:
        self.done += 1
        if not self.enabled:
            return
        what = "cached" if obj.cached else f"compiled in {obj.seconds:.1f} s"
        if self._rich is not None:
            self._rich.update(  # type: ignore[attr-defined]
                self._task, advance=1, description=f"boltc: {obj.unit.name}: {what}"
            )
        elif self._bar is not None:
            self._bar.set_postfix_str(f"{obj.unit.name}: {what}")  # type: ignore[attr-defined]
            self._bar.update(1)  # type: ignore[attr-defined]
        else:
            print(f"boltc: [{self.done}/{self.total}] {obj.unit.name}: {what}", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self._rich is not None:
            self._rich.stop()  # type: ignore[attr-defined]
        if self._bar is not None:
            self._bar.close()  # type: ignore[attr-defined]


def compile_units(
    units: Sequence[TranslationUnit],
    *,
    jobs: int | None = None,
    cache_dir: Path | None = None,
    toolchain: Toolchain | None = None,
    progress: bool = True,
    timeout: float | None = None,
    processes: Subprocesses | None = None,
    on_done: Callable[[CompiledObject], None] | None = None,
) -> list[CompiledObject]:
    """Compile every TU (each distinct text once), `jobs` at a time; objects in input order.

    A failure lets the running compiles finish, starts no new ones, and raises the first
    failure's KernelBuildError (naming any other kernels that failed). An interrupt (in this
    thread, or `processes.stop()` from another) kills every nvcc and leaves no file behind.
    `progress` False prints nothing (`boltc -q`). `on_done`: called with each object as it is
    found in the cache or compiled (in this thread), so a caller can use it before the rest."""
    toolchain = toolchain or Toolchain.find()
    cache_dir = Path(cache_dir) if cache_dir else default_cache_dir()
    if jobs is not None and jobs < 1:
        raise BoltcError(f"jobs must be at least 1, not {jobs}")
    jobs = jobs or default_jobs()
    distinct: dict[tuple[str, Arch], TranslationUnit] = {}
    for unit in units:
        distinct.setdefault((unit.source, unit.arches), unit)
    todo = list(distinct.values())
    bar = Progress(len(todo), progress)
    results: dict[tuple[str, Arch], CompiledObject] = {}
    to_compile = []
    for unit in todo:
        key = cache_key(unit, toolchain)
        path = cache_dir / "objects" / key[:2] / f"{key}.o"
        if path.is_file():
            obj = CompiledObject(unit, path, key, True, 0.0)
            results[(unit.source, unit.arches)] = obj
            if on_done is not None:
                on_done(obj)
        else:
            to_compile.append(unit)
    bar.start(min(jobs, max(1, len(to_compile))), len(to_compile))
    for obj in results.values():
        bar.advance(obj)
    failures: list[KernelBuildError] = []
    processes = processes or Subprocesses()
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(1, min(jobs, len(to_compile) or 1)))
    try:
        futures = {pool.submit(compile_unit, u, toolchain, cache_dir, timeout=timeout, processes=processes): u
                   for u in to_compile}
        for future in as_completed_interruptibly(futures):
            unit = futures[future]
            try:
                obj = future.result()
            except KernelBuildError as error:
                failures.append(error)
                for other in futures:
                    other.cancel()
                continue
            results[(unit.source, unit.arches)] = obj
            bar.advance(obj)
            if on_done is not None:
                on_done(obj)
    except BaseException:
        # An interrupt (or any error) here: kill the running nvcc before waiting for the
        # threads, which otherwise wait for those compiles to finish (minutes).
        processes.stop()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        bar.close()
    if failures:
        first = failures[0]
        if len(failures) > 1:
            others = ", ".join(f"{e.kernel} ({e.source})" for e in failures[1:])
            first.message += f"\nalso failed: {others}"
            first.args = (first.message,)
        raise first
    return [results[(u.source, u.arches)] for u in units]


# --------------------------------------------------------------------------------------
# Linking.
# --------------------------------------------------------------------------------------


def link_shared_library(
    objects: Sequence[Path],
    output: Path,
    *,
    toolchain: Toolchain | None = None,
    extra_args: Sequence[str] = (),
) -> Path:
    """Link objects into one shared library at `output`, written atomically."""
    toolchain = toolchain or Toolchain.find()
    output = Path(output)
    output.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=output.parent, prefix=f".{output.name}.", suffix=".tmp")
    os.close(fd)
    command = [str(toolchain.nvcc), "-shared", "-Xcompiler=-fPIC", *map(str, objects), *extra_args, "-o", tmp]
    work = Path(tempfile.mkdtemp(dir=output.parent, prefix=f".{output.name}.", suffix=".work"))
    try:
        returncode, log = Subprocesses().run(command, tmpdir=work)
        if returncode != 0:
            raise BoltcError(
                f"linking {output.name} failed (exit status {returncode}):\n"
                f"{first_errors(log)}\nrepro: {shlex.join(command)}"
            )
        os.replace(tmp, output)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        shutil.rmtree(work, ignore_errors=True)
    return output


# --------------------------------------------------------------------------------------
# Command line: python -m boltc.lowering.build [-c] [-o OUT] [--arch ...] [-j N] FILE.cu...
# --------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None, *, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(prog="python -m boltc.lowering.build", description=__doc__.split("\n")[0])
    parser.add_argument("sources", nargs="+", type=Path, help="generated .cu files")
    parser.add_argument("-c", dest="compile_only", action="store_true", help="compile only; do not link")
    parser.add_argument("-o", dest="output", type=Path, help="the shared library (or, with -c and one source, the object)")
    parser.add_argument("--arch", default="sm_90a", help="sm_90a (default) or sm_80")
    parser.add_argument("-j", dest="jobs", type=int, default=None, help="parallel nvcc jobs (default: all cores, memory permitting)")
    parser.add_argument("--cache-dir", type=Path, default=None, help="object cache (default $BOLTC_CACHE_DIR or ~/.cache/boltc)")
    args = parser.parse_args(argv)
    try:
        arch = Arch.parse(args.arch)
        units = [TranslationUnit(p.stem, p.read_text(), arch) for p in args.sources]
        objects = compile_units(units, jobs=args.jobs, cache_dir=args.cache_dir)
        if args.compile_only:
            if args.output is not None:
                if len(objects) != 1:
                    raise BoltcError("-c -o names one object: give one source")
                atomic_write(args.output, objects[0].path.read_bytes())
                out(str(args.output))
            else:
                for obj in objects:
                    out(str(obj.path))
            return 0
        if args.output is None:
            raise BoltcError("linking needs -o OUTPUT.so (or -c to compile only)")
        out(str(link_shared_library([o.path for o in objects], args.output)))
        return 0
    except (BoltcError, OSError) as error:
        print(f"boltc: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
