"""A fat model.so (`--arch sm_80,sm_90a`): parsing the arches, the library of one host program
per arch, the generated dispatch file, shared weights and kernels, the manifest, the loader's
check, and the CLI. No nvcc here (test_manifest.py builds and inspects a real fat library)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from boltc.compiler import lower, lower_library, parse_arches
from boltc.diagnostics import BoltcError
from boltc.lowering import build
from boltc.lowering.dispatch import model_library
from boltc.lowering.model_build import kernel_units, model_manifest, write_build_script, write_sources
from boltc.manifest import DeviceFacts, chosen_target, load_blocker, preference_order

from cli.cli_helpers import run_boltc

DATA = Path(__file__).resolve().parents[2] / "data"
MATMUL = DATA / "ops" / "matmul.mlir"  # one GEMM and its weights
NVCC_13 = "Cuda compilation tools, release 13.0, V13.0.88"


@pytest.fixture(scope="module")
def fat():
    library, name = lower_library(MATMUL, arch="sm_80,sm_90a")
    assert name == "matmul"
    return library


# ---- --arch / arch= --------------------------------------------------------------------------


@pytest.mark.parametrize("given,arches", [
    ("sm_90a", ("sm_90a",)), ("sm_80,sm_90a", ("sm_80", "sm_90a")), (" sm_80 , sm_90a ", ("sm_80", "sm_90a")),
    (["sm_90a", "sm_80"], ("sm_90a", "sm_80")), (("sm_80",), ("sm_80",)), (None, None),
])
def test_parse_arches_takes_one_a_comma_list_or_a_sequence(given, arches):
    assert parse_arches(given) == arches


@pytest.mark.parametrize("given,message", [
    ("sm_70", r"unknown arch 'sm_70' \(known: sm_90a, sm_80\)"),
    ("sm_80,sm_75", r"unknown arch 'sm_75'"),
    ("sm_80,", r"an empty arch in 'sm_80,'"),
    (",", r"an empty arch"),
    ("", r"an empty arch"),
    ([], r"an empty arch"),
    ("sm_80,sm_90a,sm_80", r"arch sm_80 is named twice in 'sm_80,sm_90a,sm_80'"),
    (90, r"arch must be a string .* got int"),
    (["sm_80", 9], r"arch must be a string"),
])
def test_parse_arches_refuses_unknown_empty_and_repeated_arches(given, message):
    with pytest.raises(BoltcError, match=message):
        parse_arches(given)


# ---- the library and its dispatch file -------------------------------------------------------


def test_a_fat_library_holds_one_program_per_arch_in_the_order_create_tries_them(fat):
    assert fat.arches == ("sm_90a", "sm_80")  # asked for as sm_80,sm_90a: sm_90a code is tried first
    assert fat.fat and [p.arch for p in fat.programs] == ["sm_90a", "sm_80"]
    # Each arch's own kernel family, and each host file defines its own spec and weights symbol.
    assert [[c.family for c in p.anchor_kernels] for p in fat.programs] == [["gemm_sm90"], ["gemm_sm80"]]
    for program in fat.programs:
        assert f"boltc::rt::model_spec_{program.arch}() {{" in program.source
        assert f"boltc_weights_{program.arch}[];" in program.source
    assert preference_order(["sm_80", "sm_90a"]) == ["sm_90a", "sm_80"]


def test_the_dispatch_file_lists_each_variant_with_the_capability_it_needs(fat):
    source = fat.dispatch_source()
    # The variant table: runtime.h's ModelVariant {arch, major, minor, exact, spec}.
    assert ('const boltc::rt::ModelVariant kVariants[] = {{"sm_90a", 9, 0, 1, boltc::rt::model_spec_sm_90a}, '
            '{"sm_80", 8, 0, 0, boltc::rt::model_spec_sm_80}};') in source
    # Each spec declared in its namespace before the table names it.
    assert source.index("const boltc::rt::ModelSpec& model_spec_sm_80();") < source.index("kVariants[]")
    assert "const boltc::rt::ModelLibrary& boltc::rt::model_library() {" in source
    assert 'static const boltc::rt::ModelLibrary library = {kDescribe, 1, 1, kVariants, 2, "sm_90a, sm_80"};' in source


def test_a_fat_describe_is_the_shared_interface_with_each_variant(fat):
    describe = fat.describe
    assert describe["arch"] == "sm_90a,sm_80"
    assert [t["shape"] for t in describe["inputs"]] == [[3, 8]] and [t["shape"] for t in describe["outputs"]] == [[3, 5]]
    assert [v["arch"] for v in describe["variants"]] == ["sm_90a", "sm_80"]
    kernels = [[launch["kernel"] for launch in v["launches"]] for v in describe["variants"]]
    assert "gemm_sm90" in kernels[0] and "gemm_sm80" in kernels[1]
    assert describe["launches"] == describe["variants"][0]["launches"]


def test_a_single_arch_library_describes_itself_as_before():
    program, _ = lower(MATMUL, arch="sm_80")
    library = model_library([program])
    assert not library.fat and library.describe == program.describe
    assert '{{"sm_80", 8, 0, 0, boltc::rt::model_spec_sm_80}}' in library.dispatch_source()


def test_alignment_asked_of_a_buffer_is_the_largest_any_variant_needs(fat):
    first, second = fat.programs
    wider = dict(second.describe, inputs=[dict(second.describe["inputs"][0], alignment=64)])
    library = model_library([first, replace(second, describe=wider)])
    assert library.describe["inputs"][0]["alignment"] == 64


def test_arches_whose_builds_differ_in_their_interface_are_refused(fat):
    first, second = fat.programs
    other = dict(second.describe, outputs=[dict(second.describe["outputs"][0], shape=[3, 6])])
    with pytest.raises(BoltcError, match=r"matmul: the sm_90a and sm_80 builds differ in their outputs .*"
                                         r"one model.so has one interface"):
        model_library([first, replace(second, describe=other)])
    with pytest.raises(BoltcError, match="arch sm_90a given twice"):
        model_library([first, first])


def test_identical_weights_are_embedded_once_under_both_symbols(fat):
    assert fat.programs[0].weights == fat.programs[1].weights  # both pipelines pad W alike
    (blob,) = fat.weight_blobs()
    assert blob.file == "weights.bin" and blob.symbols == ("boltc_weights_sm_90a", "boltc_weights_sm_80")
    assert blob.assembly().count(".incbin") == 1


def test_different_weights_get_a_blob_per_arch(fat):
    first, second = fat.programs
    library = model_library([first, replace(second, weights=second.weights + bytes(256))])
    blobs = library.weight_blobs()
    assert [(b.file, b.symbols) for b in blobs] == [("weights_sm_90a.bin", ("boltc_weights_sm_90a",)),
                                                    ("weights_sm_80.bin", ("boltc_weights_sm_80",))]


# ---- kernels shared by arches ------------------------------------------------------------------


def test_a_kernel_both_arches_use_is_compiled_once_for_both():
    sm80 = build.TranslationUnit("boltc_gemm_sm80_x", "// source", build.Arch.SM80)
    sm90 = build.TranslationUnit("boltc_gemm_sm80_x", "// source", build.Arch.SM90A)
    other = build.TranslationUnit("boltc_gemm_sm90_y", "// other", build.Arch.SM90A)
    (shared, alone) = build.merge_shared_units([sm90, other, sm80])
    assert shared.arches == (build.Arch.SM90A, build.Arch.SM80) and alone.arches == (build.Arch.SM90A,)
    flags = build.compile_flags(*shared.arches)
    assert build.Arch.SM90A.gencode in flags and build.Arch.SM80.gencode in flags
    with pytest.raises(BoltcError, match="two different kernels are both named boltc_gemm_sm80_x"):
        build.merge_shared_units([sm80, replace(sm90, source="// changed")])


def test_each_arch_s_kernel_is_compiled_with_its_own_gencode_only(fat):
    units = kernel_units(fat)
    assert [u.arches for u in units] == [(build.Arch.SM90A,), (build.Arch.SM80,)]


# ---- the manifest and the loader's check -------------------------------------------------------


def test_the_manifest_lists_every_arch_with_its_kernels(fat):
    manifest = model_manifest(fat, NVCC_13)
    assert manifest["targets"] == ["sm_90a", "sm_80"]
    assert [v["arch"] for v in manifest["variants"]] == ["sm_90a", "sm_80"]
    families = [[s["kernel"] for s in v["kernels"]] for v in manifest["variants"]]
    assert "gemm_sm90" in families[0] and "gemm_sm80" in families[1]
    assert manifest["kernels"] == manifest["variants"][0]["kernels"] and manifest["model"] == fat.describe
    assert "compute_90a" in " ".join(manifest["variants"][0]["flags"]["kernels"])
    assert "compute_80" in " ".join(manifest["variants"][1]["flags"]["kernels"])
    runtime = " ".join(manifest["flags"]["runtime"])
    assert "code=sm_90a" in runtime and "code=sm_80" in runtime


H100 = DeviceFacts("NVIDIA H100 80GB HBM3", (9, 0), 13000)
A100 = DeviceFacts("NVIDIA A100-SXM4-80GB", (8, 0), 13000)
L40 = DeviceFacts("NVIDIA L40", (8, 9), 13000)
T4 = DeviceFacts("Tesla T4", (7, 5), 13000)


@pytest.mark.parametrize("device,chosen", [(H100, "sm_90a"), (A100, "sm_80"), (L40, "sm_80"), (T4, None)])
def test_the_loader_chooses_as_the_runtime_does(device, chosen):
    assert chosen_target(["sm_80", "sm_90a"], device.capability) == chosen


def test_a_fat_library_loads_on_either_gpu_and_its_error_lists_every_arch():
    assert load_blocker(["sm_90a", "sm_80"], "13.0", H100) is None
    assert load_blocker(["sm_90a", "sm_80"], "13.0", A100) is None
    message = load_blocker(["sm_90a", "sm_80"], "13.0", T4)
    assert message.startswith("built for sm_90a, sm_80; this GPU (Tesla T4, compute capability 7.5) cannot run it")
    # The driver check is the chosen arch's: sm_90a's SASS on the H100 (no PTX JIT needed).
    assert load_blocker(["sm_80", "sm_90a"], "13.2", H100) is None
    old = DeviceFacts("NVIDIA H100 80GB HBM3", (9, 0), 12080)
    assert "--arch sm_80,sm_90a`" in load_blocker(["sm_80", "sm_90a"], "13.0", old)


# ---- the sources and build.sh ---------------------------------------------------------------------


def test_fat_sources_are_a_host_file_per_arch_the_dispatch_file_and_one_weights_blob(fat, tmp_path: Path):
    sources = write_sources(fat, tmp_path, model_manifest(fat, NVCC_13))
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["dispatch.cpp", "manifest.S", "manifest.json", "model_sm_80.cu", "model_sm_90a.cu",
                     "weights.S", "weights.bin"]
    assert sources["host"] == tmp_path / "model_sm_90a.cu"
    script = write_build_script(fat, tmp_path, sources).read_text().splitlines()
    host_90 = next(line for line in script if "model_sm_90a.cu" in line)
    host_80 = next(line for line in script if "model_sm_80.cu" in line)
    assert "code=sm_90a" in host_90 and "compute_80" not in host_90  # each host file: its own arch
    assert "compute_80" in host_80 and "sm_90a" not in host_80
    dispatch = next(line for line in script if "dispatch.cpp" in line)
    assert "code=sm_90a" in dispatch and "code=sm_80" in dispatch
    for family, own, other in (("gemm_sm90", "compute_90a", "compute_80"), ("gemm_sm80", "compute_80", "compute_90a")):
        compiles = [line for line in script if f".cu -o boltc_{family}" in line or ".cu -fatbin" in line and family in line]
        assert compiles and all(own in c and other not in c for c in compiles), compiles
    (link,) = [line for line in script if " -shared " in line]
    for obj in ("model_sm_90a.o", "model_sm_80.o", "dispatch.o", "weights.o", "manifest.o"):
        assert f" {obj} " in link


# ---- the command line ------------------------------------------------------------------------------


@pytest.mark.parametrize("value,message", [
    ("sm_80,", "an empty arch in 'sm_80,'"), ("sm_80,sm_80", "arch sm_80 is named twice"),
    ("sm_70", "unknown arch 'sm_70'"),
])
def test_cli_arch_list_errors_are_usage_errors(value: str, message: str, tmp_path: Path):
    result = run_boltc(MATMUL, "--arch", value, "--emit", "cpp", "-o", tmp_path / "out")
    assert result.returncode == 2 and f"argument --arch: {message}" in result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "out").exists()


def test_cli_emit_bolt_with_several_arches_says_to_give_one(tmp_path: Path):
    result = run_boltc(MATMUL, "--arch", "sm_80,sm_90a", "--emit", "bolt")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith(f"{MATMUL}: error: --emit bolt prints one arch's IR")


def test_cli_emit_cpp_with_several_arches_writes_the_fat_sources(tmp_path: Path):
    out = tmp_path / "out"
    result = run_boltc(MATMUL, "--arch", "sm_80,sm_90a", "--emit", "cpp", "-o", out, "-q")
    assert result.returncode == 0, result.stderr
    assert {"model_sm_90a.cu", "model_sm_80.cu", "dispatch.cpp", "build.sh"} <= {p.name for p in out.iterdir()}
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["targets"] == ["sm_90a", "sm_80"]
    shown = run_boltc("inspect", "--help")
    assert shown.returncode == 0
