"""The Python API and the C ABI on a GPU: compile, load, save, graphs, streams, errors."""

from __future__ import annotations

import numpy as np
import pytest

import boltc
from boltc.diagnostics import BoltcError
from gpu_helpers import DATA, assert_matches, compile_planned, has_cuda_gpu, has_torch_cuda, inputs_for, reference

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not has_cuda_gpu(), reason="needs a CUDA GPU")]
needs_torch = pytest.mark.skipif(not has_torch_cuda(), reason="needs torch with CUDA")

SOFTMAX = DATA / "ops" / "softmax.mlir"
LAYER_NORM = DATA / "ops" / "layer_norm.mlir"  # has weights: gamma and beta in the blob


def test_boltc_compile_end_to_end_in_f32(tmp_path):
    model = boltc.compile(str(SOFTMAX), precision="f32", output=tmp_path / "softmax.so")
    x = inputs_for(model)[0]
    assert_matches(model(x), reference(SOFTMAX, x), ["f32"])


def test_boltc_compile_end_to_end_in_f16(tmp_path):
    model = boltc.compile(str(SOFTMAX), output=tmp_path / "softmax.so")  # default: f16 compute
    x = inputs_for(model)[0]
    assert model.inputs[0].dtype == "f32"  # the interface keeps its types
    # Inputs rounded to f16 (2^-11 relative) move exp(x) by up to |x| * 2^-11, about 0.4% for
    # these |x| <= 8, and the f16 result adds one more rounding.
    np.testing.assert_allclose(model(x), reference(SOFTMAX, x)[0], rtol=1e-2, atol=1e-3)


def test_compile_takes_mlir_text(tmp_path):
    text = SOFTMAX.read_text()
    model = boltc.compile(text)
    x = inputs_for(model)[0]
    assert model(x).shape == (2, 4, 6)


def test_save_and_load(tmp_path):
    model = compile_planned(LAYER_NORM, tmp_path, "layer_norm")
    x = inputs_for(model)[0]
    expected = model(x)
    saved = model.save(tmp_path / "saved" / "ln.so")
    loaded = boltc.load(saved)
    assert loaded.info == model.info
    np.testing.assert_array_equal(loaded(x), expected)  # same library, same bits
    assert_matches(loaded(x), reference(LAYER_NORM, x), ["f32"])


def test_close_frees_and_the_model_comes_back(tmp_path):
    model = compile_planned(LAYER_NORM, tmp_path, "layer_norm")
    x = inputs_for(model)[0]
    first = model(x)
    model.close()
    np.testing.assert_array_equal(model(x), first)


def test_graph_replay_with_numpy(tmp_path):
    model = compile_planned(LAYER_NORM, tmp_path, "layer_norm")
    a, b = inputs_for(model, seed=1)[0], inputs_for(model, seed=2)[0]
    graph = model.capture_graph(a)
    np.testing.assert_array_equal(graph.replay(a), model(a))
    np.testing.assert_array_equal(graph.replay(b), model(b))
    model.capture_graph(b)
    with pytest.raises(BoltcError, match="superseded"):
        graph.replay(a)


@needs_torch
def test_graph_replay_with_torch(tmp_path):
    import torch

    model = compile_planned(DATA / "ops" / "broadcast_add.mlir", tmp_path, "broadcast_add")
    inputs = [torch.from_numpy(x).cuda() for x in inputs_for(model, seed=5)]
    graph = model.capture_graph(*inputs)
    out0, out1 = graph.replay()
    torch.testing.assert_close(out0, inputs[0] + inputs[1], rtol=0, atol=0)
    inputs[0].mul_(-2.0)  # the graph reads these very tensors
    out0, out1 = graph.replay()
    torch.cuda.synchronize()
    torch.testing.assert_close(out0, inputs[0] + inputs[1], rtol=0, atol=0)
    torch.testing.assert_close(out1, inputs[0] + inputs[2].reshape(1, 4, 1), rtol=0, atol=0)
    fresh = [torch.randn_like(x) for x in inputs]
    out0, _ = graph.replay(*fresh)  # copied into the captured inputs first
    torch.testing.assert_close(out0, fresh[0] + fresh[1], rtol=0, atol=0)


@needs_torch
def test_graph_replays_on_the_current_stream(tmp_path):
    import torch

    model = compile_planned(DATA / "ops" / "broadcast_add.mlir", tmp_path, "broadcast_add")
    inputs = [torch.from_numpy(x).cuda() for x in inputs_for(model, seed=6)]
    graph = model.capture_graph(*inputs)
    torch.cuda.synchronize()
    side = torch.cuda.Stream()
    with torch.cuda.stream(side):
        # The side stream is busy for ~50 ms before it writes the input: a replay launched on
        # any other stream (the legacy default one, idle) would read the old values.
        torch.cuda._sleep(100_000_000)
        inputs[0].fill_(3.0)
        out0, _ = graph.replay()
    side.synchronize()
    torch.testing.assert_close(out0, inputs[0] + inputs[1], rtol=0, atol=0)


@needs_torch
def test_torch_runs_on_the_current_stream(tmp_path):
    import torch

    model = compile_planned(SOFTMAX, tmp_path, "softmax")
    x = torch.randn(2, 4, 6, device="cuda")
    stream = torch.cuda.Stream()
    with torch.cuda.stream(stream):
        y = model(x)
    stream.synchronize()
    torch.testing.assert_close(y, torch.softmax(x, dim=2), rtol=2e-5, atol=2e-6)


@needs_torch
def test_torch_outputs_are_fresh_device_tensors(tmp_path):
    import torch

    model = compile_planned(SOFTMAX, tmp_path, "softmax")
    x = torch.randn(2, 4, 6, device="cuda")
    y1, y2 = model(x), model(x)
    assert y1.is_cuda and y1.dtype == torch.float32 and y1.data_ptr() != y2.data_ptr()


@needs_torch
def test_wrong_inputs_raise_clear_errors(tmp_path):
    import torch

    model = compile_planned(SOFTMAX, tmp_path, "softmax")
    with pytest.raises(BoltcError, match=r"input 0 \(input0\) has shape \[2, 4, 5\], the model takes \[2, 4, 6\]"):
        model(torch.zeros(2, 4, 5, device="cuda"))
    with pytest.raises(BoltcError, match=r"input 0 \(input0\) has dtype torch.float16, the model takes torch.float32"):
        model(torch.zeros(2, 4, 6, device="cuda", dtype=torch.float16))
    with pytest.raises(BoltcError, match=r"input 0 \(input0\) is on cpu; pass CUDA tensors"):
        model(torch.zeros(2, 4, 6))
    with pytest.raises(BoltcError, match=r"takes 1 input\(s\)"):
        model()
    with pytest.raises(BoltcError, match=r"has dtype float16, the model takes float32"):
        model(np.zeros((2, 4, 6), np.float16))


def test_the_c_abi_checks_pointers(tmp_path):
    model = compile_planned(SOFTMAX, tmp_path, "softmax")
    from cuda.bindings import runtime

    error, ptr = runtime.cudaMalloc(4096)
    assert error == runtime.cudaError_t.cudaSuccess
    try:
        with pytest.raises(BoltcError, match=r"BOLTC_ERROR_INVALID_ARGUMENT.*input 0 is not aligned to 4 bytes"):
            model.run([int(ptr) + 1], [int(ptr) + 1024])
        with pytest.raises(BoltcError, match=r"BOLTC_ERROR_INVALID_ARGUMENT.*output 0 is null"):
            model.run([int(ptr)], [0])
        model.run([int(ptr)], [int(ptr) + 1024])  # raw pointers, the legacy stream
        assert runtime.cudaDeviceSynchronize()[0] == runtime.cudaError_t.cudaSuccess
    finally:
        runtime.cudaFree(ptr)


def test_a_missing_device_is_named(tmp_path):
    model = compile_planned(SOFTMAX, tmp_path, "softmax")
    with pytest.raises(BoltcError, match=r"device 999 does not exist"):
        model.run([0], [0], device=999)


def test_replay_before_capture_is_refused(tmp_path):
    import ctypes

    model = compile_planned(SOFTMAX, tmp_path, "softmax")
    handle = ctypes.c_void_p()
    lib = model._library.lib
    assert lib.boltc_model_create(0, ctypes.byref(handle)) == 0
    try:
        assert lib.boltc_model_replay_graph(handle, None) == 4  # BOLTC_ERROR_NO_GRAPH
        assert b"no graph captured" in lib.boltc_last_error()
    finally:
        lib.boltc_model_destroy(handle)
