"""What the compile-only nvcc tests (test_nvcc_*.py) share: whether nvcc is there, one
kernel's translation unit(s) through build.py with the checks every kernel object must pass, and
a TU's device code alone (PTX or a cubin) for tests that read what nvcc made of it."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from boltc.lowering.build import Arch, Toolchain, TranslationUnit, compile_units, device_compile_flags

NVCC_MISSING = shutil.which("nvcc") is None and not os.environ.get("BOLTC_NVCC")


def compile_device_code(source: str, arch: Arch, tmp_path: Path, kind: str, *extra: str) -> tuple[Path, str]:
    """`source`, a TU's text, through nvcc's device pass alone with build.py's device flags for
    `arch` (`kind`: "ptx" or "cubin"; `extra`: more nvcc flags); raises where nvcc fails. The
    output's path and what nvcc printed (ptxas's notes under `-Xptxas -v`)."""
    toolchain = Toolchain.find()
    flags = [f for f in device_compile_flags(arch) if not f.startswith("-gencode")]
    path, output = tmp_path / "kernel.cu", tmp_path / f"kernel.{kind}"
    path.write_text(source)
    done = subprocess.run([str(toolchain.nvcc), *flags, f"-arch={arch.value[0]}", *toolchain.include_flags(),
                           f"-{kind}", *extra, "-o", str(output), str(path)],
                          check=True, capture_output=True, text=True)
    return output, done.stdout + done.stderr


def compile_kernel_object(kernel, arch: Arch, tmp_path: Path) -> bytes:
    """Compile `kernel` (a split pair when it renders a device TU: both at once, the fatbin
    embedded) into a fresh cache; check the object and return its bytes."""
    device = kernel.render_device()
    unit = TranslationUnit(kernel.name, kernel.render(), arch, device_source=device)
    [obj] = compile_units([unit], cache_dir=tmp_path, jobs=1, progress=False)
    assert not obj.cached and obj.path.is_file()
    data = obj.path.read_bytes()
    assert data[:4] == b"\x7fELF"
    entry = kernel.entry_point
    for symbol in (entry.name, entry.workspace_size_name, entry.can_implement_name):
        assert symbol.encode() + b"\0" in data  # the three extern "C" entry points
    assert arch.value[0].encode() in data  # the embedded cubin's target
    if device is not None:
        # The device TU's fatbin, embedded under the symbol the host code loads it from,
        # holding the kernel under the name the host code looks up: once as the host's string
        # literal, again in the fatbin's ELF (its symbol and sections).
        assert f"{kernel.name}_fatbin".encode() + b"\0" in data
        assert data.count(f"{kernel.name}_kernel".encode()) >= 2
    return data
