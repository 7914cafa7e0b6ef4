"""The manifest every model.so carries: what built it, for which GPU, and what it computes.

    manifest = read_manifest("model.so")     # a dict; no CUDA, no dlopen: the ELF file is read
    load_blocker(manifest["targets"], manifest["cuda"]["release"], device)   # None: it can run

The build (boltc/lowering/model_build.py, `model_manifest`) writes the manifest as JSON into
the non-allocated ELF section `.boltc_manifest` of the library (an assembler file that
`.incbin`s manifest.json, linked like the weights). A non-allocated section is never mapped
when the library loads, so the optimized IR it holds costs no memory at run time, and it can
be read on a machine without a GPU or a CUDA driver: this module parses the ELF section
headers itself (the standard library has no ELF reader, and 40 lines do not justify a
dependency). `boltc_model_describe` still returns the runtime's smaller JSON, which the
manifest repeats under "model".

The format (FORMAT_VERSION 1), every key always present:
- format ("boltc-manifest"), format_version, name
- boltc, cutlass (package versions), cuda: {"release": "13.0" (nvcc's), "nvcc": its full
  `--version` text}
- targets: the archs the library's device code is compiled for (["sm_90a"], ["sm_80"], or
  several for a fat library, in the order its runtime tries them),
  precision, flags: {"kernels", "kernel_device", "runtime", "link"} (the nvcc flags, include
  paths left out)
- tuning: what chose the kernel configurations: {"source": "heuristic", "cache_sha256":
  None, "why": ..., "heuristic_sha256": sha256 of boltc/tuning's source files}
- model: exactly what `boltc_model_describe` returns (inputs, outputs, arena, launches)
- kernels: one entry per launch step: step, kernel (its family: gemm_sm90, softmax, ...),
  entry (the generated kernel's name), config (the kernel's configuration, empty for the
  runtime's fixed kernels), reason (where the configuration came from), covers (the ops the
  step computes, each {"op", "location"}: an anchor and its fused epilogue ops, an
  elementwise tree's ops), work (added in version 1 by `boltc report`'s change: the launch's
  {"flops", "bytes_read", "bytes_written", "math": "tensor" or "cuda"}, boltc/analysis/
  roofline.py's definitions, computed by lowering/launch_work.py; null for a step that
  computes no op)
- ir: {"text": the optimized bolt IR, "weights": how constants appear in it (elided)}
- variants (added for fat libraries, `--arch sm_80,sm_90a`): one entry per arch, in the order
  the library tries them: {"arch", "flags": {"kernels", "kernel_device"}, "model" (that arch's
  own describe()), "kernels", "remarks", "ir"}; targets lists the same arches, and the
  top-level model is describe()'s (for several arches: lowering/dispatch.py's merged one),
  kernels, remarks and ir the first variant's
- remarks (added the same way): the fusions the graph passes refused in this build, each
  {"pass", "message"} (the line `--remarks` prints); null when no pass ran (optimized IR
  compiled as written)

Keys are only ever added within a version: a reader treats a key a manifest lacks (one
written before the key existed: `work`, `remarks`) as unknown, never as an error.

A reader of an older version reads what it knows; a manifest of a newer version is refused
with a message to update boltc (it may mean something this boltc cannot tell).
"""

from __future__ import annotations

import json
import os
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boltc.diagnostics import BoltcError, SourceLocation

FORMAT = "boltc-manifest"
FORMAT_VERSION = 1
SECTION = ".boltc_manifest"
REQUIRED_KEYS = ("format_version", "name", "boltc", "cutlass", "cuda", "targets", "precision", "flags",
                 "tuning", "model", "kernels", "ir")

# The compute capability each target's device code needs: sm_90a code is arch-specific (wgmma,
# setmaxnreg), so it runs on 9.0 only; sm_80 SASS runs on 8.x and its embedded compute_80
# PTX is compiled by the driver for anything newer (model_build.ARCH_FLAGS, build.Arch).
TARGET_CAPABILITY: dict[str, tuple[int, int]] = {"sm_90a": (9, 0), "sm_80": (8, 0)}
# Targets whose code runs on exactly TARGET_CAPABILITY (arch-specific features); the others run
# on it or anything newer. The dispatch of a fat model.so (lowering/dispatch.py) is generated
# from these two tables, so the C runtime and this check choose alike.
EXACT_TARGETS: frozenset[str] = frozenset({"sm_90a"})


class ManifestError(BoltcError):
    """The file is not a boltc model.so this boltc can read; the message says why."""

    def __init__(self, path: str | os.PathLike[str], message: str):
        super().__init__(message, SourceLocation(os.fspath(path)))


class ManifestMissing(ManifestError):
    """An ELF file without a manifest: not built by boltc, or by a boltc from before manifests."""


def boltc_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("boltc")
    except PackageNotFoundError:
        return "unknown"


# -------------------------------------------------------------------------------------------
# Reading
# -------------------------------------------------------------------------------------------


def elf_section(data: bytes, name: str) -> bytes | None:
    """The bytes of the section `name` of an ELF file (None: it has no such section).
    ValueError when `data` is not an ELF file or its headers point outside it."""
    if data[:4] != b"\x7fELF":
        raise ValueError("not an ELF file")
    if len(data) < 64 or data[4] not in (1, 2) or data[5] not in (1, 2):
        raise ValueError("a truncated or unknown ELF header")
    wide, order = data[4] == 2, "<" if data[5] == 1 else ">"
    # e_shoff, e_shentsize, e_shnum, e_shstrndx; then per section: sh_name, sh_type, sh_offset, sh_size.
    header = struct.Struct(order + ("40xQ10xHHH" if wide else "32xI10xHHH"))
    section = struct.Struct(order + ("II16xQQ" if wide else "II8xII"))
    shoff, shentsize, shnum, shstrndx = header.unpack_from(data)
    if shnum == 0:
        return None
    if shentsize < section.size or shoff + shnum * shentsize > len(data) or shstrndx >= shnum:
        raise ValueError("its section headers lie outside the file")
    sections = [section.unpack_from(data, shoff + i * shentsize) for i in range(shnum)]

    def contents(entry: tuple[int, int, int, int]) -> bytes:
        _, kind, offset, size = entry
        if kind == 8:  # SHT_NOBITS: no bytes in the file
            return b""
        if offset + size > len(data):
            raise ValueError("a section lies outside the file")
        return data[offset:offset + size]

    names = contents(sections[shstrndx])
    wanted = name.encode() + b"\0"
    for entry in sections:
        if names[entry[0]:entry[0] + len(wanted)] == wanted:
            return contents(entry)
    return None


def read_manifest(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The manifest of the model.so at `path`. ManifestError (naming the file) when it is
    missing, not ELF, has no manifest, or holds one this boltc cannot read."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise ManifestError(path, "no such file") from None
    except IsADirectoryError:
        raise ManifestError(path, "is a directory, not a model.so") from None
    except OSError as e:
        raise ManifestError(path, f"cannot read it: {e.strerror or e}") from None
    try:
        raw = elf_section(data, SECTION)
    except ValueError as e:
        raise ManifestError(path, f"not a boltc model.so ({e})") from None
    if raw is None:
        raise ManifestMissing(path, f"an ELF file without a boltc manifest (no {SECTION} section): not a "
                                  "model.so built by boltc, or built by a boltc from before manifests")
    return parse_manifest(raw, path)


def parse_manifest(raw: bytes, path: str | os.PathLike[str] = "<manifest>") -> dict[str, Any]:
    """The manifest from the section's bytes, checked for its format and version."""
    try:
        manifest = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ManifestError(path, f"its boltc manifest is damaged (not JSON: {e})") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise ManifestError(path, f"its {SECTION} section is not a boltc manifest")
    version = manifest.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ManifestError(path, f"its boltc manifest has no format version (format_version = {version!r})")
    if version > FORMAT_VERSION:
        raise ManifestError(path, f"its manifest has format version {version}, newer than this boltc reads "
                                  f"({FORMAT_VERSION}): it was built by a newer boltc; update boltc to read it")
    missing = [key for key in REQUIRED_KEYS if key not in manifest]
    if missing:
        raise ManifestError(path, f"its boltc manifest is damaged (it lacks {', '.join(missing)})")
    return manifest


# -------------------------------------------------------------------------------------------
# Can this GPU run it?
# -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeviceFacts:
    """What the load-time check needs of a GPU and its driver."""

    name: str  # "NVIDIA H100 80GB HBM3"
    capability: tuple[int, int]  # (9, 0)
    driver: int  # cuDriverGetVersion: the newest CUDA the driver supports, 1000 * major + 10 * minor

    @property
    def arch(self) -> str:
        return f"sm_{self.capability[0]}{self.capability[1]}"


def target_for(capability: tuple[int, int]) -> str | None:
    """The boltc target that suits a GPU of this compute capability best (None: none runs)."""
    return chosen_target(list(TARGET_CAPABILITY), capability)


def runs_on(target: str, capability: tuple[int, int]) -> bool:
    """Whether device code built for `target` runs on a GPU of `capability` (see
    TARGET_CAPABILITY and EXACT_TARGETS); an unknown target never does."""
    needed = TARGET_CAPABILITY.get(target)
    if needed is None:
        return False
    return capability == needed if target in EXACT_TARGETS else capability >= needed


def preference_order(targets: list[str]) -> list[str]:
    """`targets` in the order a fat model.so tries them on a GPU: arch-specific code first (it
    runs only where it is the best fit), then the newest capability first."""
    known = [t for t in targets if t in TARGET_CAPABILITY]
    return sorted(known, key=lambda t: (t not in EXACT_TARGETS, tuple(-c for c in TARGET_CAPABILITY[t])))


def chosen_target(targets: list[str], capability: tuple[int, int]) -> str | None:
    """Which of a model.so's `targets` runs on a GPU of `capability` (the runtime's choice at
    create: the first that runs, in preference_order); None: none does."""
    return next((t for t in preference_order(targets) if runs_on(t, capability)), None)


def release_number(release: str) -> int | None:
    """"13.0" -> 13000, CUDA's encoding of versions (cudaDriverGetVersion); None if unreadable."""
    major, _, minor = release.partition(".")
    if not (major.isdigit() and minor.isdigit()):
        return None
    return 1000 * int(major) + 10 * int(minor)


def driver_needed(release: str, target: str, capability: tuple[int, int]) -> int | None:
    """The oldest driver (cuDriverGetVersion's number) that runs code from nvcc `release` for
    `target` on this GPU: the release's major version where the GPU runs the target's SASS
    (CUDA's minor version compatibility), the release itself where the driver must compile the
    embedded PTX (sm_80 code on a GPU of another major version). None: the release is unknown."""
    full = release_number(release)
    if full is None:
        return None
    jit = target == "sm_80" and capability[0] != TARGET_CAPABILITY["sm_80"][0]
    return full if jit else full - full % 1000


def _version_text(number: int) -> str:
    return f"{number // 1000}.{number % 1000 // 10}"


def load_blocker(targets: list[str], cuda_release: str, device: DeviceFacts,
                 rebuild: str = "boltc MODEL -o model.so") -> str | None:
    """Why a model.so built for `targets` by nvcc `cuda_release` cannot run on `device`, with
    what to rebuild it with; None when it can. Pure: CPU tests cover every case."""
    chosen = chosen_target(targets, device.capability)
    gpu = f"this GPU ({device.name}, compute capability {device.capability[0]}.{device.capability[1]})"
    if chosen is None:
        built = f"built for {', '.join(targets) or 'no target'}"
        best = target_for(device.capability)
        if best is None:
            return (f"{built}; {gpu} cannot run it, and boltc has no target for it (sm_80 needs compute "
                    f"capability 8.0 or newer, sm_90a exactly 9.0)")
        return f"{built}; {gpu} cannot run it: rebuild with `{rebuild} --arch {best}`"
    needed = driver_needed(cuda_release, chosen, device.capability)
    if needed is not None and device.driver < needed:
        return (f"built with CUDA {cuda_release}, which needs a driver for CUDA {_version_text(needed)} or newer "
                f"on {gpu}; this driver supports CUDA {_version_text(device.driver)}: update the driver, or "
                f"rebuild with a CUDA toolkit of at most {_version_text(device.driver)} (BOLTC_NVCC=/path/to/nvcc "
                f"`{rebuild} --arch {','.join(targets)}`)")
    return None
