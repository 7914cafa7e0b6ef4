"""boltc as an ONNX backend (`onnx.backend.base.Backend`), for onnx's own test runner and users.

    import boltc.onnx_backend as backend
    rep = backend.prepare(model_proto)            # import (and compile, on a GPU machine)
    (y,) = rep.run([x])
    backend.run_model(model_proto, [x])
    backend.is_compatible(model_proto)            # the importer's own verdict (its OPERATORS table)

`prepare` imports the model (`boltc.frontends.onnx.import_onnx`) and then, where a CUDA GPU
and nvcc are usable, compiles it with `boltc.compile` and runs the model.so; elsewhere it runs
the numpy reference executor (`boltc.interpret`). The choice can be forced: the environment
variable BOLTC_ONNX_BACKEND=interpret|compile (default auto), or `prepare(model, mode=...)`.
Compiled models compute in `precision` (BOLTC_ONNX_PRECISION, default bf16: the tensor-core
kernels take f16 or bf16 operands, with fp32 accumulation, and bf16 keeps fp32's range, which
an f32 model may rely on; "f16" is the faster choice for models whose activations stay inside
float16's range) for `arch` (BOLTC_ARCH, default: the GPU's own, sm_90a or sm_80).

The device argument: "CPU" and "CUDA" are the names onnx's runner uses. The reference executor
serves "CPU"; "CUDA" is supported where a model can be compiled and run on a GPU.
"""

from __future__ import annotations

import functools
import os
import shutil
from collections.abc import Sequence
from typing import Any

import numpy as np
from onnx import ModelProto, NodeProto, TensorProto, helper, numpy_helper
from onnx.backend.base import Backend, BackendRep, Device, DeviceType, namedtupledict

from boltc.diagnostics import BoltcError, SourceLocation

MODES = ("auto", "interpret", "compile")
MODE_VARIABLE = "BOLTC_ONNX_BACKEND"
PRECISION_VARIABLE = "BOLTC_ONNX_PRECISION"


def _mode(requested: str | None) -> str:
    mode = (requested or os.environ.get(MODE_VARIABLE) or "auto").lower()
    if mode not in MODES:
        raise BoltcError(f"{MODE_VARIABLE}={mode!r}: expected one of {', '.join(MODES)}", SourceLocation("<onnx backend>"))
    return mode


@functools.cache
def gpu_usable() -> bool:
    """A CUDA device (through cuda-python) and nvcc: what compiling and running needs."""
    try:
        from cuda.bindings import runtime
    except ImportError:
        return False
    try:
        error, count = runtime.cudaGetDeviceCount()
    except Exception:  # noqa: BLE001  (no driver)
        return False
    if error != runtime.cudaError_t.cudaSuccess or count <= 0:
        return False
    try:
        from boltc.lowering.build import find_nvcc

        find_nvcc()
    except Exception:  # noqa: BLE001  (BoltcError: nvcc not found)
        return shutil.which("nvcc") is not None
    return True


@functools.cache
def gpu_arch(device: int = 0) -> str:
    """BOLTC_ARCH, else the compile target for the GPU's compute capability."""
    if os.environ.get("BOLTC_ARCH"):
        return os.environ["BOLTC_ARCH"]
    from cuda.bindings import runtime

    error, major = runtime.cudaDeviceGetAttribute(runtime.cudaDeviceAttr.cudaDevAttrComputeCapabilityMajor, device)
    if error != runtime.cudaError_t.cudaSuccess:
        raise BoltcError(f"cannot read the compute capability of CUDA device {device}")
    if major >= 9:
        return "sm_90a"
    if major == 8:
        return "sm_80"
    raise BoltcError(f"CUDA device {device} has compute capability {major}.x; boltc targets sm_80 and sm_90a")


def _compiles(mode: str) -> bool:
    if mode == "interpret":
        return False
    if mode == "compile":
        if not gpu_usable():
            raise BoltcError(f"{MODE_VARIABLE}=compile needs a CUDA GPU and nvcc, and this machine has none",
                             SourceLocation("<onnx backend>"))
        return True
    return gpu_usable()


class BoltcRep(BackendRep):
    """A prepared model: `run(inputs)` -> the outputs, as onnx's runner expects them."""

    def __init__(self, model: ModelProto, module: Any, compiled: Any = None):
        super().__init__()
        from boltc.frontends.onnx import _graph_inputs

        self.module = module
        self.compiled = compiled
        self.input_names = [i.name for i in _graph_inputs(model)]
        self.output_names = [o.name for o in model.graph.output]
        self.output_dtypes = [helper.tensor_dtype_to_np_dtype(o.type.tensor_type.elem_type)
                              for o in model.graph.output]

    @property
    def mode(self) -> str:
        return "compile" if self.compiled is not None else "interpret"

    def run(self, inputs: Any, **kwargs: Any) -> tuple[np.ndarray, ...]:
        arrays = self._arrays(inputs)
        if self.compiled is not None:
            results = self.compiled(*arrays)
            results = results if isinstance(results, tuple) else (results,)
        else:
            from boltc.interpret import run_module

            results = run_module(self.module, *arrays)
        outputs = [np.asarray(r).astype(dtype, copy=False) for r, dtype in zip(results, self.output_dtypes)]
        return namedtupledict("Outputs", self.output_names)(*outputs)

    def _arrays(self, inputs: Any) -> list[np.ndarray]:
        if isinstance(inputs, dict):
            missing = [n for n in self.input_names if n not in inputs]
            if missing:
                raise BoltcError(f"no value for the model's input(s) {missing}", SourceLocation("<onnx backend>"))
            inputs = [inputs[n] for n in self.input_names]
        elif isinstance(inputs, np.ndarray):
            inputs = [inputs]
        arrays = []
        for x in inputs:
            if isinstance(x, TensorProto):
                x = numpy_helper.to_array(x)
            x = np.asarray(x)
            if x.dtype.name == "bfloat16":  # ml_dtypes: boltc takes bf16 values as float32 arrays
                x = x.astype(np.float32)
            arrays.append(x)
        return arrays


class BoltcBackend(Backend):
    """onnx.backend.base.Backend over boltc (see the module docstring)."""

    # The module imported by the last is_compatible call, reused by the prepare that follows it
    # (onnx's runner asks both of one model object).
    _last_import: tuple[Any, Any] | None = None

    @classmethod
    def _import(cls, model: ModelProto, input_shapes: Any = None) -> Any:
        from boltc.frontends.onnx import import_onnx
        from boltc.frontends.source import verify_module
        from boltc.passes.raise_bolt import raise_bolt

        last = cls._last_import
        if last is not None and last[0] is model and input_shapes is None:
            cls._last_import = None
            return last[1]
        where = f"<{model.graph.name or 'onnx'}>"
        module = import_onnx(model, name=where, input_shapes=input_shapes)
        raise_bolt(module)  # what boltc.frontends.load does after every importer
        verify_module(module, where)
        return module

    @classmethod
    def is_compatible(cls, model: ModelProto, device: str = "CPU", **kwargs: Any) -> bool:
        """Whether boltc imports the model: the importer answers, so its table decides."""
        if not cls.supports_device(device):
            return False
        try:
            module = cls._import(model)
        except BoltcError:
            return False
        cls._last_import = (model, module)
        return True

    @classmethod
    def prepare(cls, model: ModelProto, device: str = "CPU", *, mode: str | None = None,
                precision: str | None = None, arch: str | None = None, input_shapes: Any = None,
                **kwargs: Any) -> BoltcRep:
        """Import `model` and compile it where a GPU is usable (see the module docstring).
        Unknown keyword arguments (onnx's runner passes its tolerances) are ignored."""
        chosen = _mode(mode)
        if Device(device).type == DeviceType.CUDA and chosen == "interpret":
            raise BoltcError("device CUDA with the reference executor: BOLTC_ONNX_BACKEND=interpret runs on the CPU",
                             SourceLocation("<onnx backend>"))
        module = cls._import(model, input_shapes)
        compiled = None
        if _compiles(chosen):
            import boltc

            compiled = boltc.compile(model, arch=arch or gpu_arch(),
                                     precision=precision or os.environ.get(PRECISION_VARIABLE, "bf16"))
        return BoltcRep(model, module, compiled)

    @classmethod
    def run_model(cls, model: ModelProto, inputs: Any, device: str = "CPU", **kwargs: Any) -> tuple[np.ndarray, ...]:
        return cls.prepare(model, device, **kwargs).run(inputs)

    @classmethod
    def run_node(cls, node: NodeProto, inputs: Any, device: str = "CPU",
                 outputs_info: Sequence[tuple[Any, tuple[int, ...]]] | None = None, **kwargs: Any) -> tuple[np.ndarray, ...]:
        """One node as a model of its own (inputs typed by the arrays given)."""
        import onnx

        arrays = [np.asarray(x) for x in (inputs.values() if isinstance(inputs, dict) else inputs)]
        names = [n for n in node.input if n]
        value_infos = [helper.make_tensor_value_info(n, helper.np_dtype_to_tensor_dtype(x.dtype), x.shape)
                       for n, x in zip(names, arrays)]
        graph = helper.make_graph([node], "node", value_infos, [onnx.ValueInfoProto(name=n) for n in node.output if n])
        opset = kwargs.pop("opset_version", onnx.defs.onnx_opset_version())
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
        inferred = onnx.shape_inference.infer_shapes(model)
        known = {v.name: v for v in [*inferred.graph.value_info, *inferred.graph.output]}
        for i, out in enumerate(model.graph.output):
            if out.name in known and known[out.name].type.HasField("tensor_type"):
                model.graph.output[i].CopyFrom(known[out.name])
        return cls.prepare(model, device, **kwargs).run(arrays)

    @classmethod
    def supports_device(cls, device: str) -> bool:
        """CPU always (the reference executor; compiled models take host arrays too); CUDA
        where a GPU and nvcc are usable and interpretation is not forced."""
        kind = Device(device).type
        if kind == DeviceType.CPU:
            return True
        if kind == DeviceType.CUDA:
            return _mode(None) != "interpret" and gpu_usable()
        return False


is_compatible = BoltcBackend.is_compatible
prepare = BoltcBackend.prepare
run_model = BoltcBackend.run_model
run_node = BoltcBackend.run_node
supports_device = BoltcBackend.supports_device
