"""The manifest a model.so carries (boltc/manifest.py), `boltc inspect`, and the load-time check.

Most tests need no nvcc: the manifest of a real lowered model is embedded by the very assembler
file a build uses (model_build.manifest_assembly), assembled and linked by the host C compiler
into a shared library. One `nvcc` test reads the manifest of a real `boltc -o model.so` build.
"""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from boltc.compiler import lower
from boltc.manifest import (
    FORMAT_VERSION,
    SECTION,
    DeviceFacts,
    ManifestError,
    ManifestMissing,
    driver_needed,
    elf_section,
    load_blocker,
    parse_manifest,
    read_manifest,
)
from boltc.lowering.model_build import cuda_release, heuristic_digest, manifest_assembly, model_manifest

from cli.cli_helpers import NVCC_TIMEOUT_S, run_boltc

DATA = Path(__file__).resolve().parents[1] / "data"
NVCC_13 = ("nvcc: NVIDIA (R) Cuda compiler driver\nCuda compilation tools, release 13.0, V13.0.88\n"
           "Build cuda_13.0.r13.0/compiler.36424714_0")
needs_cc = pytest.mark.skipif(shutil.which("cc") is None, reason="needs a host C compiler (cc)")


@pytest.fixture(scope="module")
def small_cnn_manifest() -> dict:
    """The manifest of small_cnn.mlir for sm_90a: two conv_sm90 kernels with fused bias + ReLU,
    a GEMM, pooling, the input's cast/transpose/pad in one kernel."""
    program, _ = lower(DATA / "small_cnn.mlir", arch="sm_90a")
    return model_manifest(program, NVCC_13)


def link_library(directory: Path, manifest: dict | bytes | None, name: str = "model.so") -> Path:
    """A shared library holding `manifest` (a dict as the build writes it, raw bytes, or None:
    no manifest section), made as the build makes manifest.o."""
    directory.mkdir(parents=True, exist_ok=True)
    objects = []
    if manifest is not None:
        blob = manifest if isinstance(manifest, bytes) else json.dumps(manifest, indent=1).encode()
        (directory / "manifest.json").write_bytes(blob)
        (directory / "manifest.S").write_text(manifest_assembly())
        subprocess.run(["cc", "-c", "manifest.S", "-o", "manifest.o", f"-Wa,-I{directory}"], cwd=directory, check=True)
        objects.append("manifest.o")
    (directory / "code.c").write_text("int boltc_abi_version(void) { return 1; }\n")
    subprocess.run(["cc", "-shared", "-fPIC", "code.c", *objects, "-o", name], cwd=directory, check=True)
    return directory / name


# -------------------------------------------------------------------------------------------
# What the manifest holds
# -------------------------------------------------------------------------------------------


def test_manifest_records_versions_target_flags_and_tuning(small_cnn_manifest: dict):
    m = small_cnn_manifest
    assert m["format"] == "boltc-manifest" and m["format_version"] == FORMAT_VERSION
    assert m["name"] == "small_cnn"
    assert m["cuda"] == {"release": "13.0", "nvcc": NVCC_13}
    assert m["targets"] == ["sm_90a"] and m["precision"] == "f16"
    assert "-gencode=arch=compute_90a,code=sm_90a" in m["flags"]["kernels"]
    assert "-gencode=arch=compute_90a,code=sm_90a" in m["flags"]["runtime"]
    assert not any(f.startswith("-I") for flags in m["flags"].values() for f in flags)
    from importlib.metadata import version

    assert m["cutlass"] == version("nvidia-cutlass")
    # No tuner yet: the configs come from the heuristics' code, identified by its hash.
    assert m["tuning"]["source"] == "heuristic" and m["tuning"]["cache_sha256"] is None
    assert m["tuning"]["heuristic_sha256"] == heuristic_digest() and len(heuristic_digest()) == 64


def test_manifest_model_is_what_the_runtime_describes(small_cnn_manifest: dict):
    model = small_cnn_manifest["model"]
    assert [(t["name"], t["shape"], t["dtype"]) for t in model["inputs"]] == [("input0", [2, 3, 16, 16], "f32")]
    assert [(t["name"], t["shape"], t["dtype"]) for t in model["outputs"]] == [("output0", [2, 10], "f32")]
    assert [s["kernel"] for s in small_cnn_manifest["kernels"]] == [launch["kernel"] for launch in model["launches"]]


def test_manifest_kernels_name_their_config_and_the_ops_they_cover(small_cnn_manifest: dict):
    steps = small_cnn_manifest["kernels"]
    assert [s["step"] for s in steps] == list(range(len(steps)))
    convs = [s for s in steps if s["kernel"] == "conv_sm90"]
    assert len(convs) == 2
    for conv in convs:
        assert conv["entry"].startswith("boltc_conv_sm90_")
        assert conv["config"].startswith("conv_sm90 fprop nhwc f16->f16, tile ")
        assert conv["reason"].startswith("heuristic: ")
        # The anchor, then its fused epilogue: bias add and ReLU, each with its location.
        ops = [c["op"] for c in conv["covers"]]
        assert ops[0] == "bolt.conv2d" and "bolt.ew.add" in ops and "bolt.ew.relu" in ops
        assert all(c["location"].startswith(str(DATA / "small_cnn.mlir")) for c in conv["covers"])
    (gemm,) = [s for s in steps if s["kernel"] == "gemm_sm90"]
    assert gemm["config"].startswith("gemm_sm90 f16->")
    # The input's cast, NCHW -> NHWC transpose and channel pad: one kernel, three ops.
    assert [c["op"] for c in steps[0]["covers"]] == ["bolt.ew.cast", "bolt.transpose", "bolt.pad"]
    pools = [s for s in steps if s["kernel"].startswith("pool2d")]
    assert pools and all(s["config"] == "" and [c["op"] for c in s["covers"]] == ["bolt.pool2d"] for s in pools)


def test_manifest_ir_is_the_optimized_ir_without_weights(small_cnn_manifest: dict):
    ir = small_cnn_manifest["ir"]
    text = ir["text"]
    assert 'boltc.pipeline = {arch = "sm_90a", precision = "f16"}' in text
    assert text.count("bolt.conv2d nhwc") == 2
    # The 16x3x3x8 filter is elided, with its type; a 16-element bias row stays readable.
    assert "bolt.constant dense_resource<__elided__> : tensor<16x3x3x8xf16>" in text
    assert "dialect_resources" not in text
    assert "-> tensor<1x1x1x16xf16>" not in text and ": tensor<1x1x1x16xf16>" in text
    assert "__elided__" in ir["weights"] and "weights blob" in ir["weights"]
    assert len(text) < 20_000


def test_an_elementwise_tree_covers_each_fused_op_in_order():
    text = """func.func @main(%x: tensor<4x64xf16>, %b: tensor<64xf16>) -> tensor<4x64xf16> {
  %y = bolt.ew.add %x, %b : tensor<4x64xf16>, tensor<64xf16> -> tensor<4x64xf16>
  %g = bolt.ew.gelu tanh %y : tensor<4x64xf16> -> tensor<4x64xf16>
  %c = bolt.constant dense<2.0> : tensor<f16>
  %z = bolt.ew.mul %g, %c : tensor<4x64xf16>, tensor<f16> -> tensor<4x64xf16>
  func.return %z : tensor<4x64xf16>
}
"""
    program, _ = lower(text, arch="sm_80")
    (step,) = model_manifest(program, NVCC_13)["kernels"]
    assert (step["kernel"], step["entry"]) == ("elementwise", "ew_0")
    assert step["covers"] == [{"op": "bolt.ew.add", "location": "<input>:2:3"},
                              {"op": "bolt.ew.gelu", "location": "<input>:3:3"},
                              {"op": "bolt.ew.mul", "location": "<input>:5:3"}]


def test_sm80_manifest_names_its_target_and_kernels():
    program, _ = lower(DATA / "mlp_gelu.mlir", arch="sm_80")
    manifest = model_manifest(program, NVCC_13)
    assert manifest["targets"] == ["sm_80"]
    assert "-gencode=arch=compute_80,code=[sm_80,compute_80]" in manifest["flags"]["kernels"]
    gemms = [s for s in manifest["kernels"] if s["kernel"] == "gemm_sm80"]
    assert gemms and all(s["config"].startswith("gemm_sm80 ") and s["entry"].startswith("boltc_gemm_sm80_")
                         for s in gemms)
    assert all(s["covers"] for s in manifest["kernels"])  # every launch says what it computes


@pytest.mark.parametrize("text,release", [
    (NVCC_13, "13.0"),
    ("Cuda compilation tools, release 12.8, V12.8.93", "12.8"),
    ("fake nvcc for the boltc CLI tests", ""),
])
def test_cuda_release_from_nvcc_version(text: str, release: str):
    assert cuda_release(text) == release


# -------------------------------------------------------------------------------------------
# Reading it back: the ELF section, the format checks
# -------------------------------------------------------------------------------------------


def tiny_elf(sections: dict[str, bytes], *, wide: bool, little: bool) -> bytes:
    """A minimal ELF file (header, section contents, section headers) of either class and byte
    order: the reader must not assume the x86-64 layout it usually sees."""
    order = "<" if little else ">"
    names = b"\0" + b"".join(n.encode() + b"\0" for n in [*sections, ".shstrtab"])
    header_size = 64 if wide else 52
    contents = [*sections.values(), names]
    offsets, body = [], b""
    for blob in contents:
        offsets.append(header_size + len(body))
        body += blob
    shoff = header_size + len(body)
    entry = struct.Struct(order + ("IIQQQQIIQQ" if wide else "IIIIIIIIII"))
    name_offsets = [names.index(n.encode() + b"\0") for n in [*sections, ".shstrtab"]]
    table = entry.pack(*[0] * 10) + b"".join(
        entry.pack(name_offsets[i], 1, 0, 0, offsets[i], len(blob), 0, 0, 1, 0) for i, blob in enumerate(contents))
    ident = b"\x7fELF" + bytes([2 if wide else 1, 1 if little else 2, 1]) + bytes(9)
    if wide:
        rest = struct.pack(order + "HHIQQQIHHHHHH", 3, 62, 1, 0, 0, shoff, 0, 64, 0, 0, entry.size,
                           len(contents) + 1, len(contents))
    else:
        rest = struct.pack(order + "HHIIIIIHHHHHH", 3, 3, 1, 0, 0, shoff, 0, 52, 0, 0, entry.size,
                           len(contents) + 1, len(contents))
    return ident + rest + body + table


@pytest.mark.parametrize("wide", [True, False], ids=["elf64", "elf32"])
@pytest.mark.parametrize("little", [True, False], ids=["le", "be"])
def test_elf_section_reads_either_class_and_byte_order(wide: bool, little: bool):
    data = tiny_elf({".text": b"\x90" * 7, SECTION: b'{"x": 1}', ".boltc_manifest_not": b"no"},
                    wide=wide, little=little)
    assert elf_section(data, SECTION) == b'{"x": 1}'
    assert elf_section(data, ".text") == b"\x90" * 7
    assert elf_section(data, ".boltc") is None  # a prefix of a name is not the name


def test_elf_section_refuses_what_is_not_elf_or_lies_outside_the_file():
    data = tiny_elf({SECTION: b"{}"}, wide=True, little=True)
    with pytest.raises(ValueError, match="not an ELF file"):
        elf_section(b"MZ" + data[2:], SECTION)
    with pytest.raises(ValueError, match="truncated"):
        elf_section(data[:40], SECTION)
    with pytest.raises(ValueError, match="outside the file"):
        elf_section(data[:-10], SECTION)  # the section header table is cut


@needs_cc
def test_read_manifest_from_a_linked_library(small_cnn_manifest: dict, tmp_path: Path):
    library = link_library(tmp_path, small_cnn_manifest)
    assert read_manifest(library) == small_cnn_manifest
    stripped = tmp_path / "stripped.so"
    subprocess.run(["strip", str(library), "-o", str(stripped)], check=True)
    assert read_manifest(stripped) == small_cnn_manifest  # strip keeps the section


def _with(manifest: dict, **changes) -> bytes:
    return json.dumps({**manifest, **changes}).encode()


@pytest.mark.parametrize("raw,message", [
    (b"\xff\xfe not json", r"damaged \(not JSON"),
    (b'["a list"]', "is not a boltc manifest"),
    (b'{"format": "something-else"}', "is not a boltc manifest"),
    (b'{"format": "boltc-manifest", "format_version": "1"}', "has no format version"),
], ids=["not_json", "not_a_dict", "other_format", "version_not_int"])
def test_parse_manifest_refuses_what_is_not_a_manifest(raw: bytes, message: str):
    with pytest.raises(ManifestError, match=message) as caught:
        parse_manifest(raw, "m.so")
    assert str(caught.value).startswith("m.so: error: ")


def test_parse_manifest_refuses_a_newer_format_and_a_damaged_one(small_cnn_manifest: dict):
    with pytest.raises(ManifestError, match=f"format version {FORMAT_VERSION + 1}, newer than this boltc reads"):
        parse_manifest(_with(small_cnn_manifest, format_version=FORMAT_VERSION + 1), "m.so")
    damaged = {k: v for k, v in small_cnn_manifest.items() if k not in ("kernels", "ir")}
    with pytest.raises(ManifestError, match="lacks kernels, ir"):
        parse_manifest(json.dumps(damaged).encode(), "m.so")
    assert parse_manifest(_with(small_cnn_manifest), "m.so") == small_cnn_manifest


def test_read_manifest_of_a_file_that_is_no_model(tmp_path: Path):
    with pytest.raises(ManifestError, match="no such file"):
        read_manifest(tmp_path / "missing.so")
    with pytest.raises(ManifestError, match="is a directory"):
        read_manifest(tmp_path)
    (tmp_path / "text.so").write_text("hello\n")
    with pytest.raises(ManifestError, match=r"not a boltc model.so \(not an ELF file\)"):
        read_manifest(tmp_path / "text.so")
    no_section = tmp_path / "plain.so"
    no_section.write_bytes(tiny_elf({".text": b"\x90"}, wide=True, little=True))
    with pytest.raises(ManifestMissing, match="without a boltc manifest"):
        read_manifest(no_section)


# -------------------------------------------------------------------------------------------
# Can this GPU run it? (the pure decision the loader makes)
# -------------------------------------------------------------------------------------------

H100 = DeviceFacts("NVIDIA H100 80GB HBM3", (9, 0), 13000)
A100 = DeviceFacts("NVIDIA A100-SXM4-80GB", (8, 0), 13000)
RTX4090 = DeviceFacts("NVIDIA GeForce RTX 4090", (8, 9), 13000)
B200 = DeviceFacts("NVIDIA B200", (10, 0), 13000)
T4 = DeviceFacts("Tesla T4", (7, 5), 13000)


@pytest.mark.parametrize("targets,device", [
    (["sm_90a"], H100), (["sm_80"], A100), (["sm_80"], RTX4090), (["sm_80"], H100), (["sm_80"], B200),
], ids=["sm90a_h100", "sm80_a100", "sm80_ada", "sm80_hopper_ptx", "sm80_blackwell_ptx"])
def test_load_blocker_lets_a_runnable_model_load(targets: list[str], device: DeviceFacts):
    assert load_blocker(targets, "13.0", device) is None


def test_sm90a_on_an_a100_says_to_rebuild_for_sm80():
    message = load_blocker(["sm_90a"], "13.0", A100, rebuild="boltc MODEL -o m.so")
    assert message == ("built for sm_90a; this GPU (NVIDIA A100-SXM4-80GB, compute capability 8.0) cannot "
                       "run it: rebuild with `boltc MODEL -o m.so --arch sm_80`")


def test_sm90a_on_a_newer_gpu_says_sm80_which_runs_there_through_ptx():
    message = load_blocker(["sm_90a"], "13.0", B200)
    assert "NVIDIA B200, compute capability 10.0" in message and message.endswith("--arch sm_80`")


def test_a_gpu_older_than_any_target_is_told_so():
    message = load_blocker(["sm_80"], "13.0", T4)
    assert message.startswith("built for sm_80; this GPU (Tesla T4, compute capability 7.5) cannot run it, "
                              "and boltc has no target for it")
    assert load_blocker(["sm_90a"], "13.0", T4).startswith("built for sm_90a; this GPU (Tesla T4")


def test_unknown_target_runs_nowhere():
    assert "built for sm_100a" in load_blocker(["sm_100a"], "13.0", H100)


def test_an_old_driver_is_named_with_the_cuda_it_supports():
    old = DeviceFacts("NVIDIA H100 80GB HBM3", (9, 0), 12080)
    message = load_blocker(["sm_90a"], "13.0", old)
    assert message.startswith("built with CUDA 13.0, which needs a driver for CUDA 13.0 or newer on this GPU "
                              "(NVIDIA H100 80GB HBM3, compute capability 9.0); this driver supports CUDA 12.8: "
                              "update the driver")
    assert "--arch sm_90a" in message


def test_driver_needed_minor_version_compatibility_and_ptx_jit():
    # SASS for the GPU: any driver of the same major release runs it (minor version compatibility).
    assert driver_needed("13.2", "sm_90a", (9, 0)) == 13000
    assert driver_needed("13.2", "sm_80", (8, 6)) == 13000
    # sm_80 on Hopper or newer: the driver compiles the PTX, so it must know the PTX's release.
    assert driver_needed("13.2", "sm_80", (9, 0)) == 13020
    assert load_blocker(["sm_80"], "13.2", H100).startswith("built with CUDA 13.2, which needs a driver for CUDA 13.2")
    assert load_blocker(["sm_90a"], "13.2", H100) is None
    # An unknown release (--emit cpp without nvcc): no driver check, the arch check still holds.
    assert driver_needed("", "sm_90a", (9, 0)) is None
    assert load_blocker(["sm_90a"], "", DeviceFacts("x", (9, 0), 9000)) is None


# -------------------------------------------------------------------------------------------
# `boltc inspect`
# -------------------------------------------------------------------------------------------


@needs_cc
def test_inspect_prints_versions_tensors_and_a_kernel_table(small_cnn_manifest: dict, tmp_path: Path):
    library = link_library(tmp_path, small_cnn_manifest)
    result = run_boltc("inspect", library)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith(f"{library}: boltc model 'small_cnn' (manifest format {FORMAT_VERSION})\n")
    assert f"CUTLASS {small_cnn_manifest['cutlass']}, CUDA 13.0" in out
    assert "targets      sm_90a\n" in out and "precision    f16\n" in out
    assert "input0: f32[2, 3, 16, 16]" in out and "output0: f32[2, 10]" in out
    rows = out.split("kernels (")[1].splitlines()
    assert rows[1].split() == ["#", "kernel", "configuration", "ops", "covered"]
    conv_rows = [r for r in rows if " conv_sm90 " in r]
    assert len(conv_rows) == 2 and all("conv_sm90 fprop nhwc" in r and "bolt.conv2d at " in r for r in conv_rows)
    # The fused ops follow their kernel's row, one per line.
    first = rows.index(conv_rows[0])
    assert "bolt.ew.add at " in rows[first + 2] or "bolt.ew.add at " in rows[first + 1]
    assert any(r.strip().startswith("bolt.ew.relu at ") for r in rows[first + 1:first + 5])
    assert "why each configuration:" in out and "heuristic: " in out


@needs_cc
def test_inspect_json_is_the_whole_manifest_and_ir_its_text(small_cnn_manifest: dict, tmp_path: Path):
    library = link_library(tmp_path, small_cnn_manifest)
    as_json = run_boltc("inspect", library, "--json")
    assert as_json.returncode == 0 and json.loads(as_json.stdout) == small_cnn_manifest
    ir = run_boltc("inspect", library, "--ir")
    assert ir.returncode == 0 and ir.stdout == small_cnn_manifest["ir"]["text"]
    both = run_boltc("inspect", library, "--ir", "--json")
    assert both.returncode == 2 and "not allowed with" in both.stderr


@needs_cc
@pytest.mark.parametrize("case,message", [
    ("missing", "no such file"),
    ("directory", "is a directory, not a model.so"),
    ("text", r"not a boltc model.so \(not an ELF file\)"),
    ("truncated", r"not a boltc model.so \("),
    ("no_manifest", "an ELF file without a boltc manifest"),
    ("newer", f"format version {FORMAT_VERSION + 1}, newer than this boltc reads .*update boltc"),
    ("damaged", "damaged"),
])
def test_inspect_of_what_is_no_boltc_model_is_an_error_naming_the_file(case: str, message: str,
                                                                       small_cnn_manifest: dict, tmp_path: Path):
    target = {
        "missing": lambda: tmp_path / "missing.so",
        "directory": lambda: tmp_path,
        "text": lambda: _write(tmp_path / "notes.so", b"not a library\n"),
        "truncated": lambda: _write(tmp_path / "cut.so", link_library(tmp_path / "lib", small_cnn_manifest).read_bytes()[:200]),
        "no_manifest": lambda: link_library(tmp_path / "plain", None),
        "newer": lambda: link_library(tmp_path / "new", _with(small_cnn_manifest, format_version=FORMAT_VERSION + 1)),
        "damaged": lambda: link_library(tmp_path / "bad", b'{"format": "boltc-manifest", "format_ver'),
    }[case]()
    result = run_boltc("inspect", target)
    assert result.returncode == 1, result.stdout
    assert result.stdout == ""
    assert result.stderr.startswith(f"{target}: error: "), result.stderr
    assert "Traceback" not in result.stderr
    import re

    assert re.search(message, result.stderr), result.stderr


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def test_inspect_help_offers_only_what_is_tested():
    """--help promises --json and --ir (tested above) and nothing else; `boltc --help` names
    the tool."""
    import re

    result = run_boltc("inspect", "--help")
    assert result.returncode == 0
    assert set(re.findall(r"(?<![\w-])--?[a-z][\w-]*", result.stdout.split("options:")[1])) == {"-h", "--help", "--json", "--ir"}
    assert "boltc inspect ...`: print what a model.so" in " ".join(run_boltc("--help").stdout.split())


# -------------------------------------------------------------------------------------------
# A real build
# -------------------------------------------------------------------------------------------


@pytest.mark.nvcc
def test_a_built_model_carries_its_manifest(tmp_path: Path, monkeypatch):
    """`boltc -o model.so` embeds the manifest; inspect reads it; the runtime's describe() is
    the manifest's model (the library loads without a GPU: describe touches no device)."""
    from boltc.lowering.build import find_nvcc, nvcc_version
    from boltc.runtime import CompiledModel

    library = tmp_path / "softmax.so"
    built = run_boltc(DATA / "ops" / "softmax.mlir", "-o", library, "-q", timeout=NVCC_TIMEOUT_S)
    assert built.returncode == 0, built.stderr
    manifest = read_manifest(library)
    assert manifest["cuda"]["nvcc"] == nvcc_version(find_nvcc())
    assert manifest["cuda"]["release"] == cuda_release(manifest["cuda"]["nvcc"]) != ""
    assert [s["kernel"] for s in manifest["kernels"]] == ["softmax"]
    assert "bolt.softmax" in manifest["ir"]["text"]
    assert CompiledModel(library).info == manifest["model"]
    shown = run_boltc("inspect", library)
    assert shown.returncode == 0 and "0  softmax  -" in shown.stdout

    # The loader's check, wired in before the model is created (the GPU's facts stubbed: none here).
    import numpy as np

    import boltc
    from boltc.diagnostics import BoltcError

    monkeypatch.setattr("boltc.runtime.device_facts", lambda device: A100)
    with pytest.raises(BoltcError, match=r"softmax.so: cannot run on CUDA device 0: built for sm_90a; this GPU "
                                         r"\(NVIDIA A100-SXM4-80GB, compute capability 8.0\) cannot run it: "
                                         r"rebuild with `boltc MODEL -o softmax.so --arch sm_80`"):
        boltc.load(library, device=0)
    model = boltc.load(library)  # no device named: checked at the first use
    with pytest.raises(BoltcError, match="built for sm_90a"):
        model(np.zeros((2, 4, 6), np.float32))
    assert model._handles == {}


def test_emit_cpp_writes_the_manifest_and_build_sh_links_it(tmp_path: Path):
    """--emit cpp's directory holds manifest.json and manifest.S; build.sh assembles the one
    and links manifest.o into the library, as a build does."""
    out = tmp_path / "build"
    result = run_boltc(DATA / "ops" / "softmax.mlir", "--emit", "cpp", "-o", out, "-q")
    assert result.returncode == 0, result.stderr
    manifest = parse_manifest((out / "manifest.json").read_bytes(), out / "manifest.json")
    assert manifest["name"] == "softmax" and [s["kernel"] for s in manifest["kernels"]] == ["softmax"]
    assert ".incbin \"manifest.json\"" in (out / "manifest.S").read_text()
    script = (out / "build.sh").read_text().splitlines()
    assert any("manifest.S" in line and "-o manifest.o" in line for line in script)
    (link,) = [line for line in script if " -shared " in line]
    assert " manifest.o " in link


@pytest.mark.nvcc
def test_a_fat_model_holds_both_arches_code_and_lists_them(tmp_path: Path, monkeypatch):
    """`--arch sm_80,sm_90a` on one small GEMM: one model.so with sm_80 and sm_90a device code
    (cuobjdump lists an ELF of each), a manifest naming both with their kernels, and a loader
    that accepts either GPU and names both arches to one it cannot serve."""
    from boltc.diagnostics import BoltcError
    from boltc.lowering.build import find_nvcc
    from boltc.runtime import CompiledModel

    library = tmp_path / "matmul.so"
    built = run_boltc(DATA / "ops" / "matmul.mlir", "--arch", "sm_80,sm_90a", "-o", library, "-q",
                      timeout=NVCC_TIMEOUT_S)
    assert built.returncode == 0, built.stderr
    data = library.read_bytes()
    cuobjdump = shutil.which("cuobjdump") or shutil.which("cuobjdump", path=str(Path(find_nvcc()).resolve().parent))
    if cuobjdump:
        listed = subprocess.run([cuobjdump, "--list-elf", str(library)], capture_output=True, text=True,
                                check=True).stdout
        assert ".sm_90a." in listed and ".sm_80." in listed, listed
    else:  # nvcc without cuobjdump (this machine, CI): the embedded cubins' own ELF headers
        assert {80, 90} <= embedded_cubin_sms(data)
    manifest = read_manifest(library)
    for variant in manifest["variants"]:  # each arch's GEMM entry point is linked in
        (gemm,) = [s for s in variant["kernels"] if s["kernel"].startswith("gemm_")]
        assert gemm["entry"].encode() + b"\0" in data
    assert manifest["targets"] == ["sm_90a", "sm_80"]
    families = {v["arch"]: [s["kernel"] for s in v["kernels"]] for v in manifest["variants"]}
    assert "gemm_sm90" in families["sm_90a"] and "gemm_sm80" in families["sm_80"]
    model = CompiledModel(library)
    assert model.info == manifest["model"] and model.arch == "sm_90a,sm_80"
    shown = run_boltc("inspect", library)
    assert shown.returncode == 0 and "kernels for sm_90a" in shown.stdout and "kernels for sm_80" in shown.stdout

    monkeypatch.setattr("boltc.runtime.device_facts", lambda device: A100)
    model.check_device(0)  # the sm_80 code serves an A100
    monkeypatch.setattr("boltc.runtime.device_facts", lambda device: T4)
    with pytest.raises(BoltcError, match=r"cannot run on CUDA device 1: built for sm_90a, sm_80; this GPU "
                                         r"\(Tesla T4, compute capability 7.5\) cannot run it"):
        model.check_device(1)


def embedded_cubin_sms(data: bytes) -> set[int]:
    """The SM numbers of the CUDA cubins (ELF, e_machine EM_CUDA = 190) embedded uncompressed in
    `data`: e_flags holds the SM in bits 8-15 (sm_80: 0x50, sm_90/sm_90a: 0x5a)."""
    found, at = set(), data.find(b"\x7fELF", 1)
    while at >= 0:
        if at + 52 <= len(data) and data[at + 4] == 2 and struct.unpack_from("<H", data, at + 18)[0] == 190:
            found.add(struct.unpack_from("<I", data, at + 48)[0] >> 8 & 0xFF)
        at = data.find(b"\x7fELF", at + 4)
    return found


def test_replay_reads_torch_s_current_stream_through_its_raw_accessor(monkeypatch):
    """CapturedGraph.replay's stream lookup: torch's C accessor where torch has it (the cheap
    path the GPU machine's torch takes), the public Stream object where it does not."""
    torch = pytest.importorskip("torch")
    from boltc.runtime import _current_raw_stream

    accessor = getattr(torch._C, "_cuda_getCurrentRawStream", None)  # CUDA builds of torch only
    if accessor is not None:
        assert _current_raw_stream() is accessor
    monkeypatch.delattr(torch._C, "_cuda_getCurrentRawStream", raising=False)
    calls = []

    class FakeStream:
        cuda_stream = 0x1234

    monkeypatch.setattr(torch.cuda, "current_stream", lambda device: calls.append(device) or FakeStream())
    assert _current_raw_stream()(3) == 0x1234 and calls == [3]
