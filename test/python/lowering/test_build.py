"""build.py with the real nvcc on a tiny .cu (seconds): the object cache (miss, hit, what the key
covers), compile-only and linking, atomic outputs, and a broken TU's error (kept source, repro).

The GEMM-sized compile is test_nvcc_gemm.py's (marker nvcc). Without nvcc these tests skip,
except in CI (`CI` set), where a missing nvcc is a failure: CI must compile."""

from __future__ import annotations

import ctypes
import dataclasses
import importlib.util
import os
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from boltc.diagnostics import BoltcError
from boltc.lowering import build
from boltc.lowering.build import (
    Arch,
    KernelBuildError,
    Toolchain,
    TranslationUnit,
    atomic_write,
    cache_key,
    compile_units,
    first_errors,
    link_shared_library,
)

NVCC_MISSING = shutil.which("nvcc") is None and not os.environ.get("BOLTC_NVCC")
pytestmark = pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")

TINY = r"""
#define BOLTC_EXPORT extern "C" __attribute__((visibility("default")))
extern "C" __global__ void boltc_tiny_scale(float* x) { x[threadIdx.x] *= 2.0f; }
BOLTC_EXPORT int boltc_tiny_add_one(int v) { return v + 1; }
extern "C" int boltc_tiny_hidden(int v) { return v; }  // not exported: -fvisibility=hidden
"""

BROKEN = r"""
extern "C" int boltc_broken(int v) {
  return v + undeclared_name;
}
"""


@pytest.fixture(scope="module")
def toolchain() -> Toolchain:
    return Toolchain.find()


def test_the_headers_come_from_the_installed_package(toolchain: Toolchain):
    include, util, examples, b2b_example, compat, boltc_headers = toolchain.include_dirs
    assert (b2b_example / "device" / "b2b_gemm.h").is_file()  # b2b_gemm_sm80 (example 13)
    assert (boltc_headers / "boltc" / "b2b_sm90_collective.hpp").is_file()  # b2b_gemm_sm90, boltc's own
    assert (include / "cutlass" / "cutlass.h").is_file() and (include / "cute" / "tensor.hpp").is_file()
    assert (util / "cutlass" / "util" / "packed_stride.hpp").is_file()
    assert (examples / "41_fused_multi_head_attention" / "kernel_forward.h").is_file()  # fmha_sm80
    assert (examples / "88_hopper_fmha" / "kernel" / "fmha_kernel_builder.hpp").is_file()  # fmha_sm90
    assert (compat / "curand_kernel.h").is_file()  # the stand-in example 41 includes
    package = Path(importlib.util.find_spec("cutlass_library").origin).parent  # installed, not copied
    assert (include, util, examples) == (package / "source" / "include", package / "source" / "tools" / "util" / "include",
                                         package / "source" / "examples")
    assert toolchain.cutlass_version == "4.2.0.0"
    assert "Cuda compilation tools" in toolchain.nvcc_version


def test_cache_miss_then_hit(tmp_path: Path, toolchain: Toolchain):
    unit = TranslationUnit("boltc_tiny", TINY)
    [first] = compile_units([unit], cache_dir=tmp_path, toolchain=toolchain, progress=False)
    assert not first.cached and first.seconds > 0
    assert first.path.is_file() and first.path.read_bytes()[:4] == b"\x7fELF"
    assert first.path.with_suffix(".cu").read_text() == TINY  # kept beside the object
    assert first.path.parent.parent == tmp_path / "objects" and first.path.stem == first.key
    # A hit never starts nvcc: a toolchain whose nvcc does not exist still finds the object.
    absent = dataclasses.replace(toolchain, nvcc=tmp_path / "no-such-nvcc")
    [second] = compile_units([unit], cache_dir=tmp_path, toolchain=absent, progress=False)
    assert second.cached and second.path == first.path and second.seconds == 0.0
    assert sorted(p.name for p in first.path.parent.iterdir()) == sorted([first.path.name, f"{first.key}.cu"])


def test_the_key_covers_text_flags_and_versions(toolchain: Toolchain):
    unit = TranslationUnit("k", TINY)
    key = cache_key(unit, toolchain)
    assert key == cache_key(TranslationUnit("another name", TINY), toolchain)  # the text, not the name
    assert key != cache_key(TranslationUnit("k", TINY + "\n"), toolchain)
    assert key != cache_key(TranslationUnit("k", TINY, Arch.SM80), toolchain)  # flags
    assert key != cache_key(unit, dataclasses.replace(toolchain, nvcc_version=toolchain.nvcc_version + "x"))
    assert key != cache_key(unit, dataclasses.replace(toolchain, cutlass_version="4.2.1.0"))
    assert key == cache_key(unit, dataclasses.replace(toolchain, include_dirs=(Path("/elsewhere"),)))
    assert "-gencode=arch=compute_90a,code=sm_90a" in build.compile_flags(Arch.SM90A)
    assert "--expt-relaxed-constexpr" not in build.compile_flags(Arch.SM90A)
    assert "--use_fast_math" not in build.compile_flags(Arch.SM90A)


def test_parallel_units_compile_once_each_with_progress_lines(tmp_path: Path, toolchain: Toolchain, capsys):
    units = [
        TranslationUnit("boltc_tiny_a", TINY + "// a\n"),
        TranslationUnit("boltc_tiny_b", TINY + "// b\n"),
        TranslationUnit("boltc_tiny_a_again", TINY + "// a\n"),  # the same text: compiled once
    ]
    objects = compile_units(units, cache_dir=tmp_path, toolchain=toolchain, jobs=2)
    assert objects[0].path == objects[2].path != objects[1].path
    err = capsys.readouterr().err
    assert "boltc: 2 kernels, 2 to compile with 2 jobs" in err
    assert "[1/2]" in err and "[2/2]" in err and "compiled in" in err


def test_compile_only_command_line(tmp_path: Path):
    source = tmp_path / "boltc_tiny.cu"
    source.write_text(TINY)
    out = tmp_path / "out" / "boltc_tiny.o"
    printed: list[str] = []
    status = build.main(["-c", str(source), "-o", str(out), "--cache-dir", str(tmp_path / "cache")],
                        out=printed.append)
    assert status == 0 and printed == [str(out)]
    assert out.read_bytes()[:4] == b"\x7fELF"
    assert [p for p in out.parent.iterdir()] == [out]  # no temporary left beside it


def test_link_exports_only_the_entry_points(tmp_path: Path, toolchain: Toolchain):
    [obj] = compile_units([TranslationUnit("boltc_tiny", TINY)], cache_dir=tmp_path, toolchain=toolchain,
                          progress=False)
    library = link_shared_library([obj.path], tmp_path / "lib" / "tiny.so", toolchain=toolchain)
    loaded = ctypes.CDLL(str(library))
    assert loaded.boltc_tiny_add_one(41) == 42
    with pytest.raises(AttributeError):
        loaded.boltc_tiny_hidden  # hidden visibility: only BOLTC_EXPORT functions leave the .so
    assert sorted(p.name for p in library.parent.iterdir()) == ["tiny.so"]


def test_a_broken_tu_keeps_its_source_and_prints_a_repro(tmp_path: Path, toolchain: Toolchain):
    unit = TranslationUnit("boltc_broken_kernel", BROKEN)
    with pytest.raises(KernelBuildError) as info:
        compile_units([unit], cache_dir=tmp_path, toolchain=toolchain, progress=False)
    error = info.value
    message = str(error)
    assert "nvcc failed to compile kernel boltc_broken_kernel (exit status" in message
    assert "undeclared_name" in message and "error" in message
    assert error.source.read_text() == BROKEN and error.source.suffix == ".cu"
    assert error.log.is_file() and "undeclared_name" in error.log.read_text()
    assert f"the generated source is kept at {error.source}" in message
    assert message.splitlines()[-1] == f"repro: {error.repro}"
    assert not list((tmp_path / "objects").rglob("*.o"))  # nothing cached under a final name
    again = subprocess.run(shlex.split(error.repro), capture_output=True, text=True)
    assert again.returncode != 0 and "undeclared_name" in again.stdout + again.stderr


def test_first_errors_shows_the_error_lines_first():
    log = "warning: meh\nfoo.cu(3): error: identifier \"x\" is undefined\n  return x;\n  ^\nmore\n"
    assert first_errors(log).splitlines()[0] == 'foo.cu(3): error: identifier "x" is undefined'


def test_atomic_write_replaces_in_one_step(tmp_path: Path):
    target = tmp_path / "a" / "file.txt"
    atomic_write(target, "one")
    atomic_write(target, b"two")
    assert target.read_text() == "two" and [p.name for p in target.parent.iterdir()] == ["file.txt"]


def test_default_cache_dir_follows_the_environment(monkeypatch, tmp_path: Path):
    monkeypatch.setenv("BOLTC_CACHE_DIR", str(tmp_path / "c"))
    assert build.default_cache_dir() == tmp_path / "c"
    monkeypatch.delenv("BOLTC_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "x"))
    assert build.default_cache_dir() == tmp_path / "x" / "boltc"


def test_boltc_jobs_sets_the_default_parallelism(monkeypatch):
    monkeypatch.setenv("BOLTC_JOBS", "3")
    assert build.default_jobs() == 3
    monkeypatch.delenv("BOLTC_JOBS")
    assert 1 <= build.default_jobs() <= (os.cpu_count() or 1)


@pytest.mark.parametrize("bad", ["0", "-2", "many"])
def test_a_bad_boltc_jobs_is_named(monkeypatch, bad: str):
    monkeypatch.setenv("BOLTC_JOBS", bad)
    with pytest.raises(BoltcError, match=f"BOLTC_JOBS={bad!r}: expected a positive number"):
        build.default_jobs()
