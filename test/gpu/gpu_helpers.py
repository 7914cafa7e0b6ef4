"""Helpers shared by the GPU suite's tests (see conftest.py).

    python -m pytest -m gpu test/gpu -q

Each test compiles a model with the real toolchain, runs it on the GPU and compares with the
numpy reference executor (`boltc.interpret`), the oracle of every pass. Objects are cached
(`$BOLTC_CACHE_DIR`), so only the first test pays for the runtime's compile.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import numpy as np

DATA = Path(__file__).resolve().parents[1] / "data"


@functools.cache
def has_cuda_gpu() -> bool:
    """A CUDA device the runtime can use (through cuda-python; torch if that is missing)."""
    try:
        from cuda.bindings import runtime

        error, count = runtime.cudaGetDeviceCount()
        return error == runtime.cudaError_t.cudaSuccess and count > 0
    except ImportError:
        pass
    try:
        import torch

        return torch.cuda.is_available()
    except ImportError:
        return False


def has_torch_cuda() -> bool:
    try:
        import torch
    except ImportError:
        return False
    return torch.cuda.is_available()


def _planned(source: str | Path) -> Any:
    from boltc.dialects.context import bolt_context
    from boltc.frontends import load
    from boltc.passes.plan_memory import PlanMemoryPass

    module = load(str(source))
    PlanMemoryPass().apply(bolt_context(), module)
    return module


def compile_planned(source: str | Path, tmp_path: Path, name: str = "model") -> Any:
    """The model built with plan-memory as its only pass: what the runtime kernels run is
    exactly what the source says (no precision change), so the reference is exact."""
    from boltc.lowering.host import lower_to_host
    from boltc.lowering.model_build import build_model
    from boltc.runtime import CompiledModel

    program = lower_to_host(_planned(source), name=name)
    return CompiledModel(build_model(program, tmp_path / f"{name}.so"))


def reference(source: str | Path, *inputs: np.ndarray) -> tuple[np.ndarray, ...]:
    """The reference executor on the IR the host code is generated from (imported and raised
    by frontends.load, as compile_planned sees it)."""
    import boltc
    from boltc.frontends import load

    return boltc.interpret(load(str(source)), *inputs)


def inputs_for(model: Any, seed: int = 0, scale: float = 2.0) -> list[np.ndarray]:
    """Random inputs of the model's shapes and dtypes (bf16 as float32 holding bf16 values)."""
    rng = np.random.default_rng(seed)
    arrays = []
    for spec in model.inputs:
        values = rng.standard_normal(spec.shape) * scale
        if spec.dtype == "f16":
            arrays.append(values.astype(np.float16))
        elif spec.dtype == "bf16":
            bits = values.astype(np.float32).view(np.uint32) & 0xFFFF0000  # exactly bf16
            arrays.append(bits.view(np.float32))
        else:
            arrays.append(values.astype(np.float32))
    return arrays


# What each element type allows on top of the reference's one rounding: float computation
# (libdevice expf/erff/tanhf/powf within 2 ulp, fp32 accumulation in reductions and
# normalizations over at most a few thousand elements, summed in another order) against the
# float64 reference. f16/bf16 results then differ by at most one rounding step of the result
# type where the two land on either side of a rounding boundary.
TOLERANCES = {
    "f32": dict(rtol=2e-5, atol=2e-6),
    "f16": dict(rtol=1e-3, atol=1e-3),   # 2^-10 relative: one f16 ulp
    "bf16": dict(rtol=8e-3, atol=8e-3),  # 2^-7: one bf16 ulp
}


def assert_matches(got: Any, expected: tuple[np.ndarray, ...], dtypes: list[str]) -> None:
    got = got if isinstance(got, tuple) else (got,)
    assert len(got) == len(expected)
    for g, e, dtype in zip(got, expected, dtypes):
        g = g.detach().float().cpu().numpy() if hasattr(g, "detach") else np.asarray(g)
        np.testing.assert_allclose(g.astype(np.float64), np.asarray(e, dtype=np.float64), **TOLERANCES[dtype])



def per_call_us(replay) -> float:
    """Microseconds per call of `replay` (a CUDA-graph replay): 100 calls between two events,
    median of 5, after one warm-up call; no L2 flush (bolt_paper.json's back-to-back column)."""
    import torch

    replay()
    torch.cuda.synchronize()
    times = []
    for _ in range(5):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(100):
            replay()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) * 1000 / 100)
    return float(np.median(times))


def fused_and_unfused_us(model, x, arch: str, tmp_path: Path, tolerance: dict) -> tuple[float, float]:
    """`model` compiled with and without fuse-b2b for `arch`, both run on `x` and checked to agree
    within `tolerance` (np.testing.assert_allclose's rtol/atol), then timed: (fused, unfused)
    microseconds per call (`per_call_us`)."""
    import boltc

    fused = boltc.compile(model, (x,), arch=arch, fuse_b2b=True, output=tmp_path / "fused.so")
    unfused = boltc.compile(model, (x,), arch=arch, fuse_b2b=False, output=tmp_path / "unfused.so")
    xc = x.cuda()
    np.testing.assert_allclose(fused(xc).float().cpu().numpy(), unfused(xc).float().cpu().numpy(), **tolerance)
    return per_call_us(lambda: fused(xc)), per_call_us(lambda: unfused(xc))


@functools.cache
def bench_module(script: str):
    """bench/`script`.py (bench/timing.py, which the benchmarks time peers with; a kernel's own
    harness): loaded from its file, as bench/ is scripts, not a package, and registered in
    sys.modules as bench_`script` (dataclasses look their module up there)."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location(f"bench_{script}", Path(__file__).resolve().parents[2] / "bench" / f"{script}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def torch_graph(fn):
    """The replay of `fn` captured as a CUDA graph (bench/timing.py's cuda_graph: three calls on
    a side stream first, where cuDNN's autotuning happens, outside the capture)."""
    import torch

    return bench_module("timing").cuda_graph(torch, fn)


def tensor(shape, element: str) -> str:
    """The MLIR tensor type of `shape` and `element` ("f16", ...)."""
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def conv_output_hw(h, w, r, s, stride, padding, dilation) -> tuple[int, int]:
    """P, Q of a convolution (padding top, left, bottom, right), as bolt.conv2d computes them."""
    p = (h + padding[0] + padding[2] - dilation[0] * (r - 1) - 1) // stride[0] + 1
    q = (w + padding[1] + padding[3] - dilation[1] * (s - 1) - 1) // stride[1] + 1
    return p, q


def conv_epilogue_body(epilogue: str, npqf, dtype: str) -> tuple[str, list[str], list[str], str]:
    """(acc type, extras' types, region body, result) of a conv's fused `epilogue` over an
    N x P x Q x F output: "bias" in the name adds a per-F bias (extra %x0), "residual" an NPQF
    residual after it, and a name ending in relu6, relu or gelu applies that (ReLU6 as a clamp,
    GELU in its erf form). "plain": the accumulator as it is."""
    f = npqf[-1]
    acc, vec = tensor(npqf, "f32"), tensor((f,), "f32")
    extras, body, result = [], [], "%acc"
    if "bias" in epilogue:
        extras.append(tensor((f,), dtype))
        body += [f"%b = bolt.ew.cast %x0 : {extras[0]} -> {vec}", f"%s = bolt.ew.add %acc, %b : {acc}, {vec} -> {acc}"]
        result = "%s"
    if "residual" in epilogue:
        extras.append(tensor(npqf, dtype))
        i = len(extras) - 1
        body += [f"%r = bolt.ew.cast %x{i} : {extras[i]} -> {acc}",
                 f"%t = bolt.ew.add {result}, %r : {acc}, {acc} -> {acc}"]
        result = "%t"
    activation = {"relu6": f"bolt.ew.clamp {result} min 0.0 max 6.0", "relu": f"bolt.ew.relu {result}",
                  "gelu": f"bolt.ew.gelu erf {result}"}
    for suffix, op in activation.items():  # relu6 before relu: the longer suffix first
        if epilogue.endswith(suffix):
            body.append(f"%a = {op} : {acc} -> {acc}")
            result = "%a"
            break
    return acc, extras, body, result


def conv_function_text(x: str, wt: str, y: str, acc: str, extras: list[str], body: list[str], result: str, *,
                       stride, padding, dilation, groups: int, kernel: str | None = None) -> str:
    """@main(x, filter, extras...) -> y: one NHWC bolt.conv2d whose epilogue region is `body`
    (over %acc and the extras as %x0, %x1, ...) yielding `result`; `kernel` a #bolt.kernel."""
    ints = lambda v: "[" + ", ".join(map(str, v)) + "]"  # noqa: E731
    window = f"strides {ints(stride)} padding {ints(padding)} dilations {ints(dilation)} groups {groups}"
    attr = f" {{kernel = {kernel}}}" if kernel else ""
    args = ", ".join([f"%x: {x}", f"%w: {wt}", *(f"%e{i}: {t}" for i, t in enumerate(extras))])
    ext = f" extras({', '.join(f'%e{i}' for i in range(len(extras)))} : {', '.join(extras)})" if extras else ""
    block = ", ".join([f"%acc: {acc}", *(f"%x{i}: {t}" for i, t in enumerate(extras))])
    return "\n".join([
        f"func.func @main({args}) -> {y} {{",
        f"  %y = bolt.conv2d nhwc %x, %w{ext} {window}{attr} : {x}, {wt} -> {y} {{",
        f"  ^bb0({block}):", *(f"    {line}" for line in body), f"    bolt.yield {result} : {acc}", "  }",
        f"  func.return %y : {y}", "}",
    ])
