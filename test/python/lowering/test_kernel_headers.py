"""boltc's own kernel headers (boltc/lowering/cutlass/include/boltc: the fixed C++ the emitters'
TUs include): every one an emitter names exists and none is orphaned, each is hashed into the
object cache key (a change to any byte of one rebuilds the kernels), and each ships in the
package (pyproject.toml's package-data)."""

from __future__ import annotations

import fnmatch
import shutil
import tomllib
from pathlib import Path

import pytest

from boltc.lowering import build
from boltc.lowering.build import Arch
from boltc.lowering.cutlass import (
    b2b_conv_direct,
    b2b_conv_window,
    b2b_simt,
    b2b_sm80,
    b2b_sm90,
    conv_pool,
    conv_sm80,
    conv_sm90,
    cpp,
    evt,
)

ROOT = Path(__file__).resolve().parents[3]

# Each header by the emitter constant that names it in the TUs' #include lines.
NAMED = {
    "cpp.KERNEL_ADAPTER_HEADER": cpp.KERNEL_ADAPTER_HEADER,
    "cpp.PERSISTENT_GRID_HEADER": cpp.PERSISTENT_GRID_HEADER,
    "cpp.MMA_SYNC_HEADER": cpp.MMA_SYNC_HEADER,
    "cpp.MBARRIER_HEADER": cpp.MBARRIER_HEADER,
    "cpp.TENSOR_MAP_HEADER": cpp.TENSOR_MAP_HEADER,
    "evt.FUNCTORS_HEADER": evt.FUNCTORS_HEADER,
    "evt.ROW_BROADCAST_PREFETCH_HEADER": evt.ROW_BROADCAST_PREFETCH_HEADER,
    "conv_sm80.VISITOR_KERNEL_HEADER": conv_sm80.VISITOR_KERNEL_HEADER,
    "conv_sm90.AUX_LOAD_HEADER": conv_sm90.AUX_LOAD_HEADER,
    "conv_sm90.PAD_CHANNELS_HEADER": conv_sm90.PAD_CHANNELS_HEADER,
    "conv_sm90.COOPERATIVE_HEADER": conv_sm90.COOPERATIVE_HEADER,
    "b2b_sm80.DEVICE_POINTER_HEADER": b2b_sm80.DEVICE_POINTER_HEADER,
    "b2b_sm80.OUTPUT_OP_HEADER": b2b_sm80.OUTPUT_OP_HEADER,
    "b2b_sm80.RESIDUAL_HEADER": b2b_sm80.RESIDUAL_HEADER,
    "b2b_sm80.FIRST_RESIDUAL_HEADER": b2b_sm80.FIRST_RESIDUAL_HEADER,
    "b2b_sm90.HEADER": b2b_sm90.HEADER,
    "b2b_sm90.RESIDENT_HEADER": b2b_sm90.RESIDENT_HEADER,
    "b2b_simt.HEADER": b2b_simt.HEADER,
    "conv_pool.HEADER": conv_pool.HEADER,
    "b2b_conv_direct.HEADER": b2b_conv_direct.HEADER,
    "b2b_conv_window.HEADER": b2b_conv_window.HEADER,
}


def headers_on_disk(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.hpp"))


def test_every_named_header_exists_and_none_is_orphaned():
    on_disk = headers_on_disk(build.KERNEL_HEADER_DIR)
    for constant, name in NAMED.items():
        assert name in on_disk, f"{constant} = {name!r} is not under {build.KERNEL_HEADER_DIR}"
    assert sorted(NAMED.values()) == on_disk  # a header no emitter includes is dead C++


def test_headers_are_on_the_include_path():
    assert build.KERNEL_HEADER_DIR in build.cutlass_include_dirs()


@pytest.mark.parametrize("name", sorted(NAMED.values()))
def test_a_changed_byte_of_any_header_changes_the_cache_key(name, tmp_path, monkeypatch):
    """The TU's text names a header, not its contents: kernel_headers_digest (hashed into
    cache_key) must see every header, or an edited header would reuse stale objects."""
    copy = tmp_path / "include"
    shutil.copytree(build.KERNEL_HEADER_DIR, copy)
    monkeypatch.setattr(build, "KERNEL_HEADER_DIR", copy)
    toolchain = build.Toolchain(Path("nvcc"), "v", "c", ())
    unit = build.TranslationUnit("k", f'#include "{name}"\n', Arch.parse("sm_90a"))

    def key() -> tuple[str, str]:
        build.kernel_headers_digest.cache_clear()
        return build.kernel_headers_digest(), build.cache_key(unit, toolchain)

    try:
        digest, before = key()
        header = copy / name
        text = header.read_bytes()
        header.write_bytes(text[:-1] + (b" " if text[-1:] != b" " else b"\n"))
        changed_digest, after = key()
        assert changed_digest != digest and after != before
        header.write_bytes(text)
        assert key() == (digest, before)  # the same bytes: the same key
    finally:
        build.kernel_headers_digest.cache_clear()


def test_the_package_data_ships_every_header():
    """pyproject.toml's package-data globs (relative to their package) match every header, so a
    wheel or an installed boltc has the headers its TUs include."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    package_data = config["tool"]["setuptools"]["package-data"]
    lowering = Path(build.__file__).resolve().parent
    assert build.KERNEL_HEADER_DIR.is_relative_to(lowering)
    patterns = package_data["boltc.lowering"]
    for name in headers_on_disk(build.KERNEL_HEADER_DIR):
        path = (build.KERNEL_HEADER_DIR / name).relative_to(lowering).as_posix()
        assert any(fnmatch.fnmatchcase(path, pattern) and path.count("/") == pattern.count("/")
                   for pattern in patterns), f"{path} is not in package-data {patterns}"
