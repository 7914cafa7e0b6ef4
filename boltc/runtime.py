"""The loader: a model.so (runtime/include/boltc/model.h) as a Python callable.

    m = boltc.load("model.so")          # or what boltc.compile() returns
    y = m(x)                            # torch CUDA tensors in -> torch tensors out (zero-copy:
                                        #   the model reads x's memory and writes y's, on
                                        #   torch's current stream), or numpy in -> numpy out
    g = m.capture_graph(x); y = g.replay()   # the whole model as one CUDA graph launch
    m.save("copy.so")

A thin wrapper over the C ABI through ctypes: every check the library makes (pointers,
alignment, devices) comes back as a BoltcError with the library's message; this module adds
the checks only Python can make (count, shape, dtype and device of each input).
numpy inputs are copied to device buffers of the model (allocated once, through cuda-python's
`cuda.bindings.runtime`) and the outputs copied back. bf16 tensors take and give float32
numpy arrays (numpy has no bfloat16), rounded to nearest even on the way in.

Threads and streams: the library runs one launch sequence at a time per handle (its arena
holds the intermediates), so this loader keeps a handle per CUDA stream it is called on (and one
for the numpy path, one for captured graphs), all sharing the weights on the device
(`boltc_model_create_context`). Calls from several threads, each on its own stream, run
concurrently and correctly; calls on one stream are ordered by the stream. At most
`MAX_STREAM_HANDLES` stream handles are kept per device; the least recently used is destroyed
(waiting for its work) to make room.

The GPU is checked against the library's manifest (boltc/manifest.py) before the model is
created on it: a model.so built for another architecture (sm_90a code on an A100, sm_80 code on
a GPU older than 8.0), or with a CUDA toolkit newer than the driver supports, is a BoltcError
that says what to rebuild with, not CUDA's "no kernel image" from inside the first launch.
The check runs at `load(path, device=N)` for that device, and on every device at the model's
first use there; it needs only the CUDA driver (libcuda, through ctypes). A library without a
manifest (from a boltc before manifests) is loaded unchecked.
"""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from boltc.diagnostics import BoltcError
from boltc.manifest import DeviceFacts, ManifestMissing, load_blocker, read_manifest

ABI_VERSION = 2  # BOLTC_ABI_VERSION
MAX_STREAM_HANDLES = 16  # per device: a handle's arena is the model's intermediates
CUDA_STREAM_PER_THREAD = 2  # cudaStreamPerThread: one stream per host thread behind one handle

_STATUS_NAMES = {
    0: "BOLTC_OK",
    1: "BOLTC_ERROR_INVALID_ARGUMENT",
    2: "BOLTC_ERROR_CUDA",
    3: "BOLTC_ERROR_OUT_OF_MEMORY",
    4: "BOLTC_ERROR_NO_GRAPH",
    5: "BOLTC_ERROR_INTERNAL",
    6: "BOLTC_ERROR_KERNEL",
}

_NUMPY_DTYPES = {"f32": np.dtype(np.float32), "f16": np.dtype(np.float16), "bf16": np.dtype(np.float32)}
_TORCH_DTYPE_NAMES = {"f32": "float32", "f16": "float16", "bf16": "bfloat16"}


@dataclass(frozen=True)
class TensorSpec:
    """An input or output as describe() lists it."""

    name: str
    shape: tuple[int, ...]
    dtype: str  # f32, f16, bf16
    bytes: int
    alignment: int

    @classmethod
    def from_json(cls, entry: dict) -> TensorSpec:
        return cls(entry["name"], tuple(entry["shape"]), entry["dtype"], entry["bytes"], entry["alignment"])

    def __str__(self) -> str:
        return f"{self.name}: {self.dtype}[{', '.join(map(str, self.shape))}]"


class _Library:
    """model.so through ctypes, with the C signatures of model.h."""

    def __init__(self, path: Path):
        try:
            self.lib = ctypes.CDLL(str(path), mode=os.RTLD_LOCAL | os.RTLD_NOW)
        except OSError as e:
            raise BoltcError(f"cannot load {path}: {e}") from None
        lib = self.lib
        try:
            lib.boltc_abi_version.restype = ctypes.c_int
            lib.boltc_abi_version.argtypes = []
        except AttributeError:
            raise BoltcError(f"{path} is not a boltc model (it has no boltc_abi_version)") from None
        version = lib.boltc_abi_version()
        if version != ABI_VERSION:
            raise BoltcError(f"{path} has boltc ABI version {version}; this boltc reads version {ABI_VERSION}")
        pointers = ctypes.POINTER(ctypes.c_void_p)
        signatures = {
            "boltc_model_create": (ctypes.c_int, [ctypes.c_int, pointers]),
            "boltc_model_create_context": (ctypes.c_int, [ctypes.c_void_p, pointers]),
            "boltc_model_run": (ctypes.c_int, [ctypes.c_void_p, pointers, pointers, ctypes.c_void_p]),
            "boltc_model_capture_graph": (ctypes.c_int, [ctypes.c_void_p, pointers, pointers]),
            "boltc_model_replay_graph": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_void_p]),
            "boltc_model_describe": (ctypes.c_char_p, [ctypes.c_void_p]),
            "boltc_model_destroy": (None, [ctypes.c_void_p]),
            "boltc_last_error": (ctypes.c_char_p, []),
        }
        for name, (restype, argtypes) in signatures.items():
            fn = getattr(lib, name)
            fn.restype, fn.argtypes = restype, argtypes
        self.path = path

    def check(self, status: int, what: str) -> None:
        if status != 0:
            message = (self.lib.boltc_last_error() or b"").decode(errors="replace")
            raise BoltcError(f"{what} failed ({_STATUS_NAMES.get(status, status)}): {message}")

    def describe(self) -> dict:
        return json.loads(self.lib.boltc_model_describe(None).decode())


def _pointer_array(values: Sequence[int]) -> Any:
    return (ctypes.c_void_p * max(1, len(values)))(*values)


class _Cuda:
    """The few CUDA runtime calls the numpy path needs, through cuda-python."""

    def __init__(self) -> None:
        try:
            from cuda.bindings import runtime
        except ImportError as e:
            raise BoltcError(f"numpy inputs need cuda-python (cuda.bindings): {e}") from None
        self.rt = runtime

    def call(self, what: str, result: Any) -> Any:
        error, *values = result if isinstance(result, tuple) else (result,)
        if error != self.rt.cudaError_t.cudaSuccess:
            _, text = self.rt.cudaGetErrorString(error)
            raise BoltcError(f"{what}: {getattr(error, 'name', error)}: {text.decode(errors='replace')}")
        return values[0] if len(values) == 1 else values

    def set_device(self, device: int) -> None:
        self.call("cudaSetDevice", self.rt.cudaSetDevice(device))

    def malloc(self, size: int) -> int:
        return int(self.call("cudaMalloc", self.rt.cudaMalloc(max(size, 1))))

    def free(self, ptr: int) -> None:
        self.rt.cudaFree(ptr)

    def stream(self) -> Any:
        return self.call("cudaStreamCreateWithFlags",
                         self.rt.cudaStreamCreateWithFlags(self.rt.cudaStreamNonBlocking))

    def to_device(self, dst: int, array: np.ndarray, stream: Any) -> None:
        self.call("cudaMemcpyAsync (to the device)", self.rt.cudaMemcpyAsync(
            dst, array.ctypes.data, array.nbytes, self.rt.cudaMemcpyKind.cudaMemcpyHostToDevice, stream))

    def to_host(self, array: np.ndarray, src: int, stream: Any) -> None:
        self.call("cudaMemcpyAsync (to the host)", self.rt.cudaMemcpyAsync(
            array.ctypes.data, src, array.nbytes, self.rt.cudaMemcpyKind.cudaMemcpyDeviceToHost, stream))

    def synchronize(self, stream: Any) -> None:
        self.call("cudaStreamSynchronize", self.rt.cudaStreamSynchronize(stream))


def _to_bf16_bits(values: np.ndarray) -> np.ndarray:
    bits = np.ascontiguousarray(values, dtype=np.float32).view(np.uint32)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)
    return np.where(np.isnan(values), ((bits >> 16) | 0x40).astype(np.uint16), rounded)


def _from_bf16_bits(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32)


def _is_torch_tensor(value: Any) -> bool:
    return type(value).__module__.startswith("torch") and hasattr(value, "data_ptr")


@dataclass
class _Instance:
    """The model created on one device, with the numpy path's buffers and stream."""

    handle: ctypes.c_void_p
    device: int
    buffers: tuple[list[int], list[int]] | None = None
    stream: Any = None
    users: int = 0  # runs between taking the handle and enqueueing on it: never evicted meanwhile


class CompiledModel:
    """A compiled model: call it like a function of its inputs (see the module docstring)."""

    def __init__(self, path: str | os.PathLike[str], *, device: int | None = None,
                 owned_dir: str | os.PathLike[str] | None = None):
        self._path = Path(path).resolve()
        self._owned_dir = Path(owned_dir) if owned_dir is not None else None
        # Per device: the handles by what they serve (a stream, "numpy", "graph"), least
        # recently used first; the first handle made on a device uploaded the weights.
        self._handles: dict[int, OrderedDict[Hashable, _Instance]] = {}
        self._lock = threading.RLock()
        self._cuda: _Cuda | None = None
        self._graph_generation = 0
        self.default_device = device
        self._library = _Library(self._path)
        self.info = self._library.describe()
        try:
            self.manifest: dict | None = read_manifest(self._path)
        except ManifestMissing:
            self.manifest = None
        self._checked_devices: set[int] = set()
        if device is not None:
            self.check_device(device)
        self.inputs = tuple(TensorSpec.from_json(e) for e in self.info["inputs"])
        self.outputs = tuple(TensorSpec.from_json(e) for e in self.info["outputs"])

    # ---- what it is -------------------------------------------------------------------------

    @property
    def path(self) -> Path:
        return self._path

    @property
    def arch(self) -> str:
        return self.info["arch"]

    @property
    def kernels(self) -> list[str]:
        """The kernel of every step, in launch order ("softmax", "elementwise", "gemm_sm90", ...)."""
        return [launch["kernel"] for launch in self.info["launches"]]

    def __repr__(self) -> str:
        ins = ", ".join(map(str, self.inputs))
        outs = ", ".join(map(str, self.outputs))
        return f"<CompiledModel {self.info.get('name', '?')} ({ins}) -> ({outs}) for {self.arch} at {self._path}>"

    # ---- instances ----------------------------------------------------------------------------

    def check_device(self, device: int) -> None:
        """BoltcError, saying what to rebuild with, when CUDA device `device` or its driver
        cannot run this library (the manifest's targets and CUDA release against the GPU's
        compute capability and the driver's version). Nothing to check without a manifest or
        without a CUDA driver (creating the model then reports CUDA's own error)."""
        if self.manifest is None or device in self._checked_devices:
            return
        facts = device_facts(device)
        if facts is None:
            return
        problem = load_blocker(self.manifest["targets"], self.manifest["cuda"]["release"], facts,
                               rebuild=f"boltc MODEL -o {self._path.name}")
        if problem:
            raise BoltcError(f"{self._path}: cannot run on CUDA device {device}: {problem}")
        self._checked_devices.add(device)

    def _instance(self, device: int, key: Hashable) -> _Instance:
        """The handle for `key` on `device`: a stream (its handle as an int) for direct runs,
        "numpy" for the numpy path, "graph" for captured graphs. Each has its own arena, all
        share the device's weights (the module docstring says why)."""
        self.check_device(device)
        if key == CUDA_STREAM_PER_THREAD:
            key = (key, threading.get_ident())  # a different stream on every thread
        with self._lock:
            handles = self._handles.setdefault(device, OrderedDict())
            instance = handles.get(key)
            if instance is not None:
                handles.move_to_end(key)
                return instance
            idle = [k for k, h in handles.items() if k not in ("numpy", "graph") and h.users == 0]
            streams = sum(k not in ("numpy", "graph") for k in handles)
            if streams >= MAX_STREAM_HANDLES and idle and key not in ("numpy", "graph"):
                self._destroy(handles.pop(idle[0]))
            handle = ctypes.c_void_p()
            lib = self._library.lib
            if handles:
                any_handle = next(iter(handles.values())).handle
                self._library.check(lib.boltc_model_create_context(any_handle, ctypes.byref(handle)),
                                    f"creating another handle of the model on CUDA device {device}")
            else:
                self._library.check(lib.boltc_model_create(device, ctypes.byref(handle)),
                                    f"creating the model on CUDA device {device}")
            instance = _Instance(handle, device)
            handles[key] = instance
            return instance

    def _destroy(self, instance: _Instance) -> None:
        if instance.buffers is not None and self._cuda is not None:
            for ptr in (*instance.buffers[0], *instance.buffers[1]):
                self._cuda.free(ptr)
        if instance.stream is not None and self._cuda is not None:
            self._cuda.rt.cudaStreamDestroy(instance.stream)
        self._library.lib.boltc_model_destroy(instance.handle)

    def close(self) -> None:
        """Free the model's device memory (every device); the object can be used again later."""
        with self._lock:
            for handles in self._handles.values():
                for instance in handles.values():
                    self._destroy(instance)
            self._handles.clear()

    def __del__(self) -> None:
        try:
            self.close()
            if self._owned_dir is not None:
                shutil.rmtree(self._owned_dir, ignore_errors=True)
        except Exception:  # noqa: BLE001  (interpreter shutdown: modules may be gone)
            pass

    # ---- running ------------------------------------------------------------------------------

    def run(self, inputs: Sequence[int], outputs: Sequence[int], stream: int = 0, *, device: int | None = None) -> None:
        """Enqueue the model on raw device pointers (in describe() order) and a raw stream."""
        self._check_count(inputs)
        if len(outputs) != len(self.outputs):
            raise BoltcError(f"the model has {len(self.outputs)} output(s), got {len(outputs)} buffer(s)")
        with self._lock:
            instance = self._instance(self._device(device), stream)
            instance.users += 1
        try:
            self._library.check(
                self._library.lib.boltc_model_run(instance.handle, _pointer_array(inputs), _pointer_array(outputs),
                                                  ctypes.c_void_p(stream)),
                "running the model")
        finally:
            with self._lock:
                instance.users -= 1

    def __call__(self, *inputs: Any) -> Any:
        self._check_count(inputs)
        if inputs and all(_is_torch_tensor(x) for x in inputs):
            results = self._call_torch(inputs)
        elif all(isinstance(x, np.ndarray) for x in inputs):
            results = self._call_numpy(inputs)
        else:
            kinds = sorted({type(x).__module__.split(".")[0] + "." + type(x).__name__ for x in inputs})
            raise BoltcError(f"inputs must be all torch tensors or all numpy arrays, got {', '.join(kinds)}")
        return results[0] if len(results) == 1 else tuple(results)

    def _device(self, device: int | None) -> int:
        if device is not None:
            return device
        return self.default_device if self.default_device is not None else 0

    def _check_count(self, inputs: Sequence[Any]) -> None:
        if len(inputs) != len(self.inputs):
            expected = ", ".join(map(str, self.inputs)) or "none"
            raise BoltcError(f"the model takes {len(self.inputs)} input(s) ({expected}), got {len(inputs)}")

    def _check_shape(self, i: int, spec: TensorSpec, shape: Sequence[int]) -> None:
        if tuple(shape) != spec.shape:
            raise BoltcError(f"input {i} ({spec.name}) has shape {list(shape)}, the model takes "
                             f"{list(spec.shape)} ({spec})")

    def _torch_inputs(self, inputs: Sequence[Any]) -> tuple[list[Any], int]:
        import torch

        device = None
        prepared = []
        for i, (x, spec) in enumerate(zip(inputs, self.inputs)):
            self._check_shape(i, spec, x.shape)
            expected = getattr(torch, _TORCH_DTYPE_NAMES[spec.dtype])
            if x.dtype != expected:
                raise BoltcError(f"input {i} ({spec.name}) has dtype {x.dtype}, the model takes {expected} ({spec})")
            if not x.is_cuda:
                raise BoltcError(f"input {i} ({spec.name}) is on {x.device}; pass CUDA tensors "
                                 "(or numpy arrays, which are copied)")
            if device is not None and x.device.index != device:
                raise BoltcError(f"input {i} ({spec.name}) is on cuda:{x.device.index}, input 0 on cuda:{device}: "
                                 "all inputs must be on one device")
            device = x.device.index
            prepared.append(x.contiguous())  # no copy when already dense
        if device is None:
            device = torch.cuda.current_device()
        return prepared, device

    def _torch_outputs(self, device: int) -> list[Any]:
        import torch

        return [torch.empty(spec.shape, dtype=getattr(torch, _TORCH_DTYPE_NAMES[spec.dtype]), device=f"cuda:{device}")
                for spec in self.outputs]

    def _call_torch(self, inputs: Sequence[Any]) -> list[Any]:
        import torch

        prepared, device = self._torch_inputs(inputs)
        outputs = self._torch_outputs(device)
        stream = torch.cuda.current_stream(device).cuda_stream
        self.run([x.data_ptr() for x in prepared], [y.data_ptr() for y in outputs], stream, device=device)
        return outputs

    def _numpy_inputs(self, inputs: Sequence[Any]) -> list[np.ndarray]:
        arrays = []
        for i, (x, spec) in enumerate(zip(inputs, self.inputs)):
            self._check_shape(i, spec, x.shape)
            expected = _NUMPY_DTYPES[spec.dtype]
            if x.dtype != expected:
                hint = " (bf16 tensors take float32 arrays)" if spec.dtype == "bf16" else ""
                raise BoltcError(f"input {i} ({spec.name}) has dtype {x.dtype}, the model takes {expected}{hint} ({spec})")
            arrays.append(_to_bf16_bits(x) if spec.dtype == "bf16" else np.ascontiguousarray(x))
        return arrays

    def _numpy_buffers(self, instance: _Instance) -> tuple[list[int], list[int]]:
        if self._cuda is None:
            self._cuda = _Cuda()
        cuda = self._cuda
        cuda.set_device(instance.device)
        if instance.buffers is None:
            instance.buffers = ([cuda.malloc(s.bytes) for s in self.inputs], [cuda.malloc(s.bytes) for s in self.outputs])
            instance.stream = cuda.stream()
        return instance.buffers

    def _call_numpy(self, inputs: Sequence[Any]) -> list[np.ndarray]:
        arrays = self._numpy_inputs(inputs)
        instance = self._instance(self._device(None), "numpy")
        with self._lock:
            ins, outs = self._numpy_buffers(instance)
            cuda = self._cuda
            assert cuda is not None
            for ptr, array in zip(ins, arrays):
                cuda.to_device(ptr, array, instance.stream)
            self._library.check(
                self._library.lib.boltc_model_run(instance.handle, _pointer_array(ins), _pointer_array(outs),
                                                  ctypes.c_void_p(int(instance.stream))),
                "running the model")
            return self._numpy_results(instance, outs)

    def _numpy_results(self, instance: _Instance, outs: Sequence[int]) -> list[np.ndarray]:
        cuda = self._cuda
        assert cuda is not None
        results = []
        for ptr, spec in zip(outs, self.outputs):
            host = np.empty(spec.shape, np.uint16 if spec.dtype == "bf16" else _NUMPY_DTYPES[spec.dtype])
            cuda.to_host(host, ptr, instance.stream)
            results.append(host)
        cuda.synchronize(instance.stream)
        return [_from_bf16_bits(r) if s.dtype == "bf16" else r for r, s in zip(results, self.outputs)]

    # ---- CUDA graphs --------------------------------------------------------------------------

    def capture_graph(self, *inputs: Any) -> CapturedGraph:
        """Record the whole model for these inputs as one CUDA graph (nothing runs yet).

        torch tensors: the graph reads these very tensors and writes `graph.outputs`; change
        the inputs in place (or pass new ones to replay) and replay. numpy arrays: the graph
        works on the model's device buffers; replay(*arrays) copies in and out. A later
        capture on the same device supersedes this one."""
        self._check_count(inputs)
        if inputs and all(_is_torch_tensor(x) for x in inputs):
            for i, x in enumerate(inputs):
                if not x.is_contiguous():  # the graph would read a copy, not the caller's tensor
                    raise BoltcError(f"input {i} ({self.inputs[i].name}) is not contiguous: a graph reads its "
                                     "inputs in place, so pass dense tensors (x.contiguous())")
            prepared, device = self._torch_inputs(inputs)
            outputs = self._torch_outputs(device)
            in_ptrs, out_ptrs = [x.data_ptr() for x in prepared], [y.data_ptr() for y in outputs]
            instance = self._instance(device, "graph")
            kind = "torch"
        elif all(isinstance(x, np.ndarray) for x in inputs):
            self._numpy_inputs(inputs)  # checks only: replay copies
            instance = self._instance(self._device(None), "graph")
            with self._lock:
                in_ptrs, out_ptrs = self._numpy_buffers(instance)
            prepared, outputs, kind = [], [], "numpy"
        else:
            raise BoltcError("capture_graph takes all torch tensors or all numpy arrays")
        self._library.check(
            self._library.lib.boltc_model_capture_graph(instance.handle, _pointer_array(in_ptrs), _pointer_array(out_ptrs)),
            "capturing the model as a CUDA graph")
        self._graph_generation += 1
        return CapturedGraph(self, instance, self._graph_generation, kind, prepared, outputs)

    # ---- files --------------------------------------------------------------------------------

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Copy the model's shared library to `path` (atomically); load it with boltc.load."""
        target = Path(path)
        if target.exists() and target.resolve() == self._path:
            return target
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        os.close(fd)
        try:
            shutil.copyfile(self._path, temporary)
            os.chmod(temporary, 0o755 & ~_umask())
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        return target


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


class CapturedGraph:
    """A model captured as one CUDA graph: replay() launches it (see capture_graph)."""

    def __init__(self, model: CompiledModel, instance: _Instance, generation: int, kind: str,
                 inputs: list[Any], outputs: list[Any]):
        self.model = model
        self._instance = instance
        self._generation = generation
        self.kind = kind
        self.inputs = inputs
        self.outputs = outputs
        # replay() is the hot path of a served model: everything it can look up once is looked
        # up here, so that the time from the caller's last stream work to the graph's launch is
        # the launch (torch's current stream as a raw handle, one ctypes call).
        self._launch = model._library.lib.boltc_model_replay_graph
        self._result = outputs[0] if len(outputs) == 1 else tuple(outputs)
        self._current_stream = _current_raw_stream() if kind == "torch" else None

    def replay(self, *inputs: Any) -> Any:
        model = self.model
        if model._graph_generation != self._generation:
            raise BoltcError("this graph was superseded by a later capture_graph of the same model")
        lib = model._library
        if self.kind == "torch":
            if inputs:
                model._check_count(inputs)
                for i, (dst, src) in enumerate(zip(self.inputs, inputs)):
                    model._check_shape(i, model.inputs[i], src.shape)
                    dst.copy_(src)
            status = self._launch(self._instance.handle, self._current_stream(self._instance.device))
            if status:
                lib.check(status, "replaying the model's graph")
            return self._result
        arrays = model._numpy_inputs(inputs) if inputs or not model.inputs else None
        if arrays is None:
            raise BoltcError("replaying a graph captured from numpy arrays takes the new input arrays")
        cuda = model._cuda
        assert cuda is not None and self._instance.buffers is not None
        with model._lock:
            ins, outs = self._instance.buffers
            for ptr, array in zip(ins, arrays):
                cuda.to_device(ptr, array, self._instance.stream)
            lib.check(lib.lib.boltc_model_replay_graph(self._instance.handle,
                                                       ctypes.c_void_p(int(self._instance.stream))),
                      "replaying the model's graph")
            results = model._numpy_results(self._instance, outs)
        return results[0] if len(results) == 1 else tuple(results)


def _current_raw_stream() -> Any:
    """A function of a CUDA device index giving torch's current stream there as a raw handle:
    torch's own C accessor where it has one (what torch.compile's generated code calls), else
    through the public Stream object (a few microseconds more per call)."""
    import torch

    raw = getattr(torch._C, "_cuda_getCurrentRawStream", None)
    if raw is not None:
        return raw
    return lambda device: torch.cuda.current_stream(device).cuda_stream


def device_facts(device: int) -> DeviceFacts | None:
    """CUDA device `device`'s name and compute capability, and the driver's CUDA version,
    through the driver API (libcuda.so.1; ctypes, no dependency). None where there is no
    driver or no such device: the model's creation reports that."""
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return None
    handle, value = ctypes.c_int(), ctypes.c_int()
    name = ctypes.create_string_buffer(256)
    if cuda.cuInit(0) != 0 or cuda.cuDeviceGet(ctypes.byref(handle), device) != 0:
        return None
    capability = []
    for attribute in (75, 76):  # CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, _MINOR
        if cuda.cuDeviceGetAttribute(ctypes.byref(value), attribute, handle) != 0:
            return None
        capability.append(value.value)
    if cuda.cuDeviceGetName(name, len(name), handle) != 0 or cuda.cuDriverGetVersion(ctypes.byref(value)) != 0:
        return None
    return DeviceFacts(name.value.decode(errors="replace"), (capability[0], capability[1]), value.value)


def load(path: str | os.PathLike[str], *, device: int | None = None) -> CompiledModel:
    """A model.so that boltc built, ready to call (the GPU is touched at the first call;
    `device` given: that GPU is checked against the library's manifest now)."""
    if not Path(path).is_file():
        raise BoltcError(f"no such model file: {path}")
    return CompiledModel(path, device=device)
