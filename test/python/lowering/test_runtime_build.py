"""The runtime and generated host files through the real compilers (no GPU needed).

- runtime/src compiles with nvcc for sm_90a and sm_80; model.h is valid C (gcc -fsyntax-only);
- the host files generated for models without anchors compile;
- a whole model.so links, exports the C ABI and nothing else of boltc's, carries its weights,
  describes itself through boltc.load, and fails to create cleanly where there is no GPU;
- the parameter structs of runtime.h and runtime_abi.py list the same fields in one order.
"""

from __future__ import annotations

import ctypes
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

import boltc
from boltc.diagnostics import BoltcError
from boltc.dialects.context import bolt_context
from boltc.frontends import load
from boltc.lowering import model_build
from boltc.lowering.host import lower_to_host
from boltc.lowering.runtime_abi import PARAM_STRUCTS, runtime_include_dir, runtime_root
from boltc.passes.plan_memory import PlanMemoryPass

DATA = Path(__file__).resolve().parents[2] / "data"

pytestmark = pytest.mark.skipif(shutil.which("nvcc") is None and not Path("/usr/local/cuda/bin/nvcc").exists(),
                                reason="needs nvcc")


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """A private object cache, so these tests compile what they claim to compile."""
    directory = tmp_path_factory.mktemp("boltc-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("BOLTC_CACHE_DIR", str(directory))
        yield directory


def host_program(name: str):
    module = load(str(DATA / "ops" / f"{name}.mlir"))
    PlanMemoryPass().apply(bolt_context(), module)
    return lower_to_host(module, name=name)


def test_runtime_sources_compile_for_sm90a(cache):
    objects = model_build.compile_cached(model_build.runtime_jobs("sm_90a"))
    assert {o.suffix for o in objects} == {".o"} and len(objects) == len(model_build.runtime_sources())
    # A second request is served from the cache: same files, nothing recompiled.
    assert model_build.compile_cached(model_build.runtime_jobs("sm_90a")) == objects


def test_runtime_sources_compile_for_sm80(cache):
    objects = model_build.compile_cached(model_build.runtime_jobs("sm_80"))
    assert all(o.stat().st_size > 0 for o in objects)


KERNEL = re.compile(r"__global__ void(?:\s+__launch_bounds__\([^)]*\))?\s+(\w+)\s*\([^{;]*?\)\s*\{\n([^\n]*)\n([^\n]*)\n")


def test_every_runtime_kernel_waits_before_it_touches_memory():
    """dispatch.cuh's programmatic launches: `launch` lets a kernel start before the one before
    it has finished, which is right only if the kernel's first statement is the wait. Every
    kernel of runtime/src begins so, and none is launched around `launch` with <<<>>>."""
    kernels = 0
    for source in model_build.runtime_sources():
        text = source.read_text()
        if source.suffix != ".cu":
            assert "__global__" not in text, source
            continue
        assert "<<<" not in text, f"{source.name}: a kernel launched with <<<>>>, not rt::launch"
        found = KERNEL.findall(text)
        assert len(found) == text.count("__global__"), source.name
        for name, first, second in found:
            assert first.strip().startswith("wait_for_prior_grids();"), (source.name, name, first)
            assert second.strip() == "allow_dependent_grids();", (source.name, name, second)
        kernels += len(found)
    assert kernels >= 27


@pytest.mark.parametrize("arch, waits", [("compute_90a", True), ("compute_80", False)])
def test_the_wait_is_griddepcontrol_on_hopper_only(arch, waits, tmp_path):
    """Each kernel entry of the compute_90a PTX waits (griddepcontrol.wait) and lets its
    dependents launch; compute_80 has neither, so `launch` launches those plainly."""
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    source = runtime_root() / "src" / "pool.cu"
    ptx = tmp_path / "pool.ptx"
    subprocess.run([nvcc, "-std=c++17", "-O3", f"-arch={arch}", f"-I{runtime_include_dir()}", "-ptx",
                    str(source), "-o", str(ptx)], check=True, capture_output=True)
    text = ptx.read_text()
    entries = text.count(".entry ")
    assert entries >= 5
    expected = entries if waits else 0
    assert text.count("griddepcontrol.wait") == expected
    assert text.count("griddepcontrol.launch_dependents") == expected


@pytest.mark.parametrize("name", ["softmax", "max_pool2d", "layer_norm", "gelu_erf", "broadcast_add"])
def test_generated_host_files_compile(name, cache, tmp_path):
    sources = model_build.write_sources(host_program(name), tmp_path)
    (obj,) = model_build.compile_cached(
        [model_build.CompileJob(sources["host"], model_build.common_flags("sm_90a"), name)])
    assert obj.stat().st_size > 0


def test_a_gemm_host_file_declares_and_calls_the_entry_point(cache, tmp_path):
    text = """
    func.func @main(%a: tensor<128x64xf16>, %b: tensor<64x32xf16>) -> tensor<128x32xf16> {
      %d = bolt.gemm %a, %b : tensor<128x64xf16>, tensor<64x32xf16> -> tensor<128x32xf16> {
      ^bb0(%acc: tensor<128x32xf32>):
        bolt.yield %acc : tensor<128x32xf32>
      }
      %e = bolt.ew.relu %d : tensor<128x32xf16> -> tensor<128x32xf16>
      func.return %e : tensor<128x32xf16>
    }"""
    module = load(text)
    PlanMemoryPass().apply(bolt_context(), module)
    program = lower_to_host(module)
    assert [launch["kernel"] for launch in program.describe["launches"]] == ["gemm_sm90", "elementwise"]
    (call,) = program.anchor_kernels
    assert call.unit is not None and call.entry in call.unit.source  # the TU the build compiles
    assert re.search(rf"int {call.entry}\(int m, int n, int k, int batch, const void\* a", program.source)
    assert f"{call.can_implement}(128, 32, 64, 1, nullptr," in program.source  # checked at create
    assert program.describe["inputs"][0]["alignment"] == 16  # TMA reads the caller's buffer
    sources = model_build.write_sources(program, tmp_path)
    model_build.compile_cached([model_build.CompileJob(sources["host"], model_build.common_flags("sm_90a"), "gemm")])


def test_model_h_is_c(tmp_path):
    source = tmp_path / "use_model.c"
    source.write_text(
        '#include "boltc/model.h"\n'
        "int use(const void* const* in, void* const* out, cudaStream_t s) {\n"
        "  boltc_model* m = 0;\n"
        "  if (boltc_model_create(0, &m) != BOLTC_OK) return (int)boltc_last_error()[0];\n"
        "  boltc_status st = boltc_model_run(m, in, out, s);\n"
        "  st = boltc_model_capture_graph(m, in, out);\n"
        "  st = boltc_model_replay_graph(m, s);\n"
        "  (void)boltc_model_describe(m); (void)boltc_model_num_inputs(m);\n"
        "  boltc_model_destroy(m);\n"
        "  return (int)st + BOLTC_ABI_VERSION + boltc_abi_version();\n"
        "}\n")
    cuda_include = model_build.Toolchain.find().cuda_root / "include"
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        pytest.skip("needs a C compiler")
    # CUDA's own headers are not pedantic C: they come in as system headers.
    done = subprocess.run([compiler, "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-fsyntax-only",
                           f"-I{runtime_include_dir()}", "-isystem", str(cuda_include), str(source)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def _struct_fields(header: str, name: str) -> list[str]:
    body = re.search(rf"struct {name} \{{(.*?)\n\}};", header, re.S)
    assert body, f"struct {name} not in runtime.h"
    text = re.sub(r"//[^\n]*", "", body.group(1))
    names: list[str] = []
    for declaration in filter(None, (d.strip() for d in text.split(";"))):
        _, declarators = declaration.split(None, 1) if declaration.count(" ") else (declaration, "")
        names += [re.sub(r"\[.*\]", "", d).strip() for d in declarators.split(",")]
    return names


@pytest.mark.parametrize("struct", PARAM_STRUCTS, ids=lambda s: s.cpp_name)
def test_parameter_structs_match_the_header(struct):
    header = (runtime_root() / "include" / "boltc" / "runtime.h").read_text()
    assert _struct_fields(header, struct.cpp_name) == struct.field_names()


def test_a_model_so_links_loads_and_describes_itself(cache, tmp_path):
    program = host_program("layer_norm")
    library = model_build.build_model(program, tmp_path / "layer_norm.so")
    nm = shutil.which("nm")
    if nm is not None:
        symbols = subprocess.run([nm, "-D", "--defined-only", str(library)], capture_output=True, text=True).stdout
        exported = sorted(set(re.findall(r"\b(boltc\w*)", symbols)))
        assert exported == sorted([
            "boltc_abi_version", "boltc_last_error", "boltc_model_capture_graph", "boltc_model_create",
            "boltc_model_create_context", "boltc_model_describe", "boltc_model_destroy", "boltc_model_num_inputs", "boltc_model_num_outputs",
            "boltc_model_replay_graph", "boltc_model_run"])
    # The weights are in the library's read-only data, as assembled.
    assert program.weights in library.read_bytes()

    model = boltc.load(library)
    assert model.info == program.describe
    assert [str(s) for s in model.inputs] == ["input0: f32[2, 4, 6]"]
    assert model.kernels == ["layer_norm"]
    copy = model.save(tmp_path / "copy.so")
    assert boltc.load(copy).info == program.describe

    lib = ctypes.CDLL(str(library))
    lib.boltc_model_num_inputs.restype = ctypes.c_int
    assert lib.boltc_model_num_inputs(None) == 1


def test_inputs_are_checked_before_the_gpu_is_touched(cache, tmp_path):
    model = boltc.load(model_build.build_model(host_program("softmax"), tmp_path / "softmax.so"))
    with pytest.raises(BoltcError, match=r"takes 1 input\(s\) \(input0: f32\[2, 4, 6\]\), got 2"):
        model(np.zeros((2, 4, 6), np.float32), np.zeros(1, np.float32))
    with pytest.raises(BoltcError, match=r"input 0 \(input0\) has shape \[4, 6\], the model takes \[2, 4, 6\]"):
        model(np.zeros((4, 6), np.float32))
    with pytest.raises(BoltcError, match="input 0 .* has dtype float64, the model takes float32"):
        model(np.zeros((2, 4, 6)))
    with pytest.raises(BoltcError, match="all torch tensors or all numpy arrays"):
        model([[0.0]])


def test_without_a_gpu_create_fails_with_the_cuda_error(cache, tmp_path):
    try:
        from cuda.bindings import runtime
    except ImportError:
        pytest.skip("needs cuda-python")
    error, count = runtime.cudaGetDeviceCount()
    if error == runtime.cudaError_t.cudaSuccess and count > 0:
        pytest.skip("a GPU is present: test/gpu covers create")
    model = boltc.load(model_build.build_model(host_program("softmax"), tmp_path / "softmax.so"))
    with pytest.raises(BoltcError, match=r"creating the model on CUDA device 0 failed \(BOLTC_ERROR_CUDA\): .*cudaError"):
        model(np.zeros((2, 4, 6), np.float32))


def test_nvcc_errors_keep_the_file_and_show_a_repro(cache, tmp_path):
    broken = tmp_path / "broken.cu"
    broken.write_text("this is not C++\n")
    with pytest.raises(BoltcError, match=r"nvcc failed on broken \(.*broken\.cu, kept for inspection\)[\s\S]*to reproduce: "):
        model_build.compile_cached([model_build.CompileJob(broken, model_build.common_flags("sm_90a"), "broken")])
    assert broken.exists()
