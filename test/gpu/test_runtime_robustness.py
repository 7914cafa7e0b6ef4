"""The runtime under threads, streams and repeated use (issue 15, item 6): several threads
calling one model on streams of their own get what one thread gets (each stream its own arena,
the weights shared: `boltc_model_create_context`); creating and destroying a model 1000 times
leaks no device or host memory (measured); a failed CUDA call is a BoltcError carrying CUDA's
own error text, and the process runs other models after it.

    python -m pytest -m gpu test/gpu/test_runtime_robustness.py -q
"""

from __future__ import annotations

import json
import os
import re
import resource
import threading

import numpy as np
import pytest

import boltc
from boltc import runtime
from gpu_helpers import DATA, has_cuda_gpu, has_torch_cuda

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not has_cuda_gpu(), reason="needs a CUDA GPU"),
              pytest.mark.skipif(not has_torch_cuda(), reason="needs torch with CUDA")]

# Convolutions, batch-norm folded, a residual: intermediates live in the arena between kernels,
# so two launch sequences sharing one arena would corrupt each other's results.
MODEL = DATA / "resnet_block.mlir"


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    path = tmp_path_factory.mktemp("robust") / "resnet_block.so"
    boltc.compile(str(MODEL), output=path).close()
    return path


def _inputs(model, count: int):
    import torch

    (spec,) = model.inputs
    generator = torch.Generator().manual_seed(7)
    return [torch.randn(spec.shape, generator=generator).cuda() for _ in range(count)]


def test_threads_on_their_own_streams_get_what_one_thread_gets(library):
    import torch

    model = boltc.load(library)
    inputs = _inputs(model, 8)
    expected = [model(x).clone() for x in inputs]  # one thread, the default stream
    torch.cuda.synchronize()
    results: dict[tuple[int, int], torch.Tensor] = {}
    errors: list[BaseException] = []
    start = threading.Barrier(4)

    def worker(t: int) -> None:
        try:
            stream = torch.cuda.Stream()
            start.wait()
            with torch.cuda.stream(stream):
                for i in range(50):
                    k = (t + i) % len(inputs)
                    results[(t, i)] = (k, model(inputs[k]))
            stream.synchronize()
        except BaseException as e:  # noqa: BLE001  (reported by the main thread)
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    assert len(results) == 200
    for k, got in results.values():
        torch.testing.assert_close(got, expected[k], rtol=0, atol=0)  # same kernels: the same bits
    # One handle per stream used (the default one and the four threads'), the weights uploaded once.
    assert len(model._handles[0]) == 5
    model.close()


def test_stream_handles_are_bounded_and_reused(library):
    import torch

    model = boltc.load(library)
    (x,) = _inputs(model, 1)
    expected = model(x).clone()
    streams = [torch.cuda.Stream() for _ in range(runtime.MAX_STREAM_HANDLES + 5)]
    for stream in streams:
        with torch.cuda.stream(stream):
            y = model(x)
        stream.synchronize()
        torch.testing.assert_close(y, expected, rtol=0, atol=0)
    assert len(model._handles[0]) == runtime.MAX_STREAM_HANDLES
    model.close()


def _device_bytes_in_use() -> tuple[int, str]:
    """Device memory in use, and by whom it is counted: this process's own use where the driver
    lists it (nvidia-smi's compute apps, by PID), else the whole device's (a container's driver
    often lists no process), which other processes on the same GPU move as well."""
    import shutil
    import subprocess

    import torch

    if shutil.which("nvidia-smi"):
        uuid = str(torch.cuda.get_device_properties(torch.cuda.current_device()).uuid).removeprefix("GPU-")
        listed = subprocess.run(
            ["nvidia-smi", "--query-compute-apps=pid,gpu_uuid,used_memory", "--format=csv,noheader,nounits"],
            capture_output=True, text=True, check=False).stdout
        for line in listed.splitlines():
            fields = [f.strip() for f in line.split(",")]
            if len(fields) == 3 and fields[0] == str(os.getpid()) and fields[1].removeprefix("GPU-") == uuid:
                return int(fields[2]) << 20, "this process (nvidia-smi)"
    free, total = torch.cuda.mem_get_info()
    return total - free, "the whole device"


def test_create_and_destroy_1000_times_leaks_nothing(library):
    import torch

    (x,) = _inputs(boltc.load(library), 1)

    def cycle() -> None:
        model = boltc.load(library)
        model(x)
        torch.cuda.synchronize()
        model.close()

    for _ in range(20):  # the CUDA context, the library's first load, allocator caches
        cycle()
    torch.cuda.synchronize()
    info = boltc.load(library).info
    per_model = info["arena_bytes"] + info["weights_bytes"]
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB
    # Four windows of 250 cycles. A leak of even one model's arena and weights per cycle grows
    # the memory in use by 250x per_model (at least 4 MiB here) in every window. Where only the
    # whole device's memory can be read, the suite's other processes on the GPU move it too,
    # but not up by that much in every window: the smallest growth is the measure. (torch's
    # caching allocator holds the outputs' blocks either way.)
    growth, counted = [], ""
    for _ in range(4):
        before, counted = _device_bytes_in_use()
        for _ in range(250):
            cycle()
        torch.cuda.synchronize()
        growth.append(_device_bytes_in_use()[0] - before)
    rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    bound = max(per_model, 4 << 20)
    assert 250 * per_model >= bound or per_model == 0, (per_model, "a leak of one model a cycle would hide below the bound")
    assert min(growth) < bound, (growth, per_model, counted)
    assert rss_after - rss_before < 64 * 1024, (rss_after - rss_before)  # KiB


def softmax_twice(n: int) -> str:
    return f"""
func.func @main(%x: tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32> {{
  %a = bolt.softmax %x axis 1 : tensor<{n}x{n}xf32> -> tensor<{n}x{n}xf32>
  %b = bolt.softmax %a axis 0 : tensor<{n}x{n}xf32> -> tensor<{n}x{n}xf32>
  func.return %b : tensor<{n}x{n}xf32>
}}
"""


SOFTMAX_OOM = (r"(creating the model on CUDA device 0 failed \(BOLTC_ERROR_OUT_OF_MEMORY\): allocating the arena "
               r"\(\d+ bytes\)|running the model failed \(BOLTC_ERROR_OUT_OF_MEMORY\): step 0 \(bolt.softmax at "
               r"<input>:3:3\)): cudaErrorMemoryAllocation")

# Run by a child process (`_in_a_child`), so that whatever the out-of-memory failure leaves behind
# stays out of the xdist worker's later tests (2026-11-29: test_stream_handles_are_bounded_and_reused
# failed right after it on one worker, by the bug below).
# The child prints the BoltcError's text of the 256 GiB model's run, then, with "then-small" as
# its argument, runs a 1024x1024 softmax model and prints its largest error against numpy (or
# the BoltcError that stops it).
_OOM_CHILD = """
import json, sys
from pathlib import Path
import numpy as np
import boltc
from boltc.diagnostics import BoltcError
from cuda.bindings import runtime as cudart
out = {}
n = 1 << 18
tmp = Path(sys.argv[1])
model = boltc.compile(SOFTMAX(n), precision="f32", output=tmp / "big.so")
out["arena_bytes"] = model.info["arena_bytes"]
error, ptr = cudart.cudaMalloc(4096)  # never read: creation or the first launch fails first
assert error == cudart.cudaError_t.cudaSuccess
try:
    model.run([int(ptr)], [int(ptr)])
    out["big"] = None
except BoltcError as e:
    out["big"] = str(e)
finally:
    cudart.cudaFree(ptr)
    model.close()
if sys.argv[2] == "then-small":
    small = boltc.compile(SOFTMAX(1024), precision="f32", output=tmp / "small.so")
    x = np.random.default_rng(0).standard_normal((1024, 1024)).astype(np.float32)
    try:
        y = small(x)
        a = np.exp(x - x.max(axis=1, keepdims=True))
        a /= a.sum(axis=1, keepdims=True)
        b = np.exp(a - a.max(axis=0, keepdims=True))
        b /= b.sum(axis=0, keepdims=True)
        out["small_error"] = float(np.max(np.abs(y - b) / (np.abs(b) * 1e-5 + 1e-7)))
    except BoltcError as e:
        out["small"] = str(e)
print("RESULT " + json.dumps(out))
"""


def _in_a_child(tmp_path, then: str) -> dict:
    """_OOM_CHILD run by a fresh interpreter; what it printed as its result."""
    import inspect
    import subprocess
    import sys

    script = inspect.getsource(softmax_twice).replace("def softmax_twice", "def SOFTMAX") + _OOM_CHILD
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path), then], capture_output=True, text=True,
                          timeout=280, env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    results = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    assert done.returncode == 0 and results, (done.returncode, done.stdout[-2000:], done.stderr[-4000:])
    return json.loads(results[-1].removeprefix("RESULT "))


def fail_for_memory(tmp_path, then: str = "") -> dict:
    """A model whose arena (the intermediate %a, 256 GiB) exceeds any GPU's memory, called (in a
    child process): the BoltcError says so in CUDA's words. (The model is too big, rather than the
    GPU filled by the test: filling it starved the suite's other processes under xdist.) Where it
    fails is the driver's business: on the H100 of 2026-11-26 the arena's cudaMalloc returned
    success and the first kernel failed with cudaErrorMemoryAllocation; elsewhere creation fails
    in cudaMalloc."""
    n = 1 << 18
    result = _in_a_child(tmp_path, then)
    assert result["arena_bytes"] >= n * n * 4  # the intermediate %a
    assert result["big"] is not None, "the 256 GiB model ran"
    assert re.search(SOFTMAX_OOM, result["big"]), result["big"]
    return result


def test_a_failed_cuda_call_carries_cuda_s_error_text(tmp_path):
    fail_for_memory(tmp_path)


# The bug this holds (seen on the H100 2026-11-26, three runs, and as the next test's failure on
# one xdist worker in the H200 suite of 2026-11-29): after the 256 GiB model failed with
# cudaErrorMemoryAllocation, a 1024x1024 softmax model in the same process failed the same way
# at its first launch, even with the big model closed. The failed cudaMalloc had left the
# thread's last error set, and the next launch check (cudaGetLastError) reported it as its own:
# runtime/src/model.cpp now clears it once reported. Was xfail; not yet run on a GPU since.
def test_the_process_runs_models_after_an_out_of_memory_failure(tmp_path):
    result = fail_for_memory(tmp_path, "then-small")
    assert "small" not in result, f"the small model failed after the big one: {result['small']}"
    assert result["small_error"] <= 1.0, result  # rtol 1e-5, atol 1e-7, as assert_allclose
