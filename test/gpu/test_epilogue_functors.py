"""boltc's own epilogue functors (boltc/lowering/cutlass/include/boltc/evt_functors.hpp) computed
on the GPU, element by element, against float64 references.

The GEMM tests compare whole fused kernels with a tolerance wide enough for f16 outputs; this
test holds each functor's device path (PTX ex2.approx / rcp.approx / max.NaN, which the host
test in test/python/lowering/test_evt.py cannot run) to the accuracy its comment claims, on a
dense grid and at inf and NaN, and bounds how often a 16-bit form rounds differently from the
exact value.
"""

from __future__ import annotations

import ctypes
import math
import subprocess

import numpy as np
import pytest

from gpu_helpers import has_cuda_gpu

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not has_cuda_gpu(), reason="needs a CUDA GPU")]

# case -> (functor, float64 reference, rtol, atol): the host test's bounds plus
# the device instructions' own error (ex2.approx 2 ulp, rcp.approx 1 ulp: ~3e-7 relative).
_GELU = lambda x: 0.5 * x * np.vectorize(math.erfc)(-x / np.sqrt(2.0))  # noqa: E731
_SOFTPLUS = lambda x: np.logaddexp(0.0, x)  # noqa: E731
CASES = {
    "gelu_erf": ("GeluErf", _GELU, 2.5e-6, 5e-7),
    "gelu_erf_f16": ("GeluErfF16", _GELU, 7.5e-5, 3e-8),
    "gelu_erf_bf16": ("GeluErfBF16", _GELU, 3.8e-4, 6.5e-9),
    "softplus": ("Softplus", _SOFTPLUS, 2e-6, 0.0),
    "softplus_half": ("SoftplusHalf", _SOFTPLUS, 1.3e-5, 0.0),
    "sigmoid": ("Sigmoid", lambda x: 1.0 / (1.0 + np.exp(-x)), 2.5e-6, 0.0),
    "silu": ("SiLu", lambda x: x / (1.0 + np.exp(-x)), 2.5e-6, 0.0),
    # no approximation: x + 3, mul.rn.sat by 1/6 rounded, a multiply (three f32 roundings)
    "hardswish": ("HardSwishSat", lambda x: x * np.clip(x + 3.0, 0.0, 6.0) / 6.0, 3e-7, 0.0),
}


def _library(tmp_path):
    from boltc.lowering.build import cutlass_include_dirs
    from boltc.lowering.cutlass.evt import FUNCTORS_HEADER
    from boltc.lowering.model_build import Toolchain

    branches = "".join(
        f"    case {i}: y[i] = boltc_evt::{functor}<float>{{}}(x[i]); break;\n"
        for i, (functor, *_) in enumerate(CASES.values())
    )
    source = (
        f'#include <cuda_runtime.h>\n#include "{FUNCTORS_HEADER}"\n'  # on cutlass_include_dirs' path
        "__global__ void apply(int which, float const* x, float* y, int n) {\n"
        "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
        "  if (i >= n) return;\n"
        "  switch (which) {\n" + branches + "  }\n}\n"
        'extern "C" int boltc_apply(int which, float const* x_host, float* y_host, int n) {\n'
        "  float *x, *y;\n"
        "  if (cudaMalloc(&x, n * sizeof(float)) || cudaMalloc(&y, n * sizeof(float))) return 1;\n"
        "  cudaMemcpy(x, x_host, n * sizeof(float), cudaMemcpyHostToDevice);\n"
        "  apply<<<(n + 255) / 256, 256>>>(which, x, y, n);\n"
        "  cudaError_t status = cudaMemcpy(y_host, y, n * sizeof(float), cudaMemcpyDeviceToHost);\n"
        "  cudaFree(x);\n  cudaFree(y);\n  return status != cudaSuccess;\n}\n"
    )
    (tmp_path / "functors.cu").write_text(source)
    nvcc = Toolchain.find().nvcc
    includes = [f"-I{d}" for d in cutlass_include_dirs()]
    subprocess.run([str(nvcc), "-std=c++17", "-O3", "-gencode=arch=compute_90a,code=sm_90a",
                    "-gencode=arch=compute_80,code=sm_80", "-shared", "-Xcompiler=-fPIC",
                    *includes, "functors.cu", "-o", "functors.so"],
                   cwd=tmp_path, check=True, capture_output=True)
    library = ctypes.CDLL(str(tmp_path / "functors.so"))
    library.boltc_apply.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int]
    return library


@pytest.fixture(scope="module")
def apply(tmp_path_factory):
    library = _library(tmp_path_factory.mktemp("functors"))

    def run(which: int, x: np.ndarray) -> np.ndarray:
        x = np.ascontiguousarray(x, dtype=np.float32)
        y = np.empty_like(x)
        assert library.boltc_apply(which, x.ctypes.data, y.ctypes.data, x.size) == 0
        return y

    return run


GRID = np.concatenate([np.linspace(-12.0, 12.0, 240001), [-30.0, -20.0, -0.0, 1e-6, 20.0, 30.0]]).astype(np.float32)


@pytest.mark.parametrize("key", list(CASES))
def test_device_functor_is_as_accurate_as_claimed(apply, key):
    which = list(CASES).index(key)
    functor, reference, rtol, atol = CASES[key]
    got = apply(which, GRID)
    np.testing.assert_allclose(got, reference(GRID.astype(np.float64)), rtol=rtol, atol=atol, err_msg=functor)


# at -inf the exact limit is 0: GeluErf returns -13 Phi(-13), the 16-bit forms -6 Phi(-6) (|x| clamped)
@pytest.mark.parametrize("key,at_minus_inf", [("gelu_erf", 1e-37), ("gelu_erf_f16", 6.5e-9), ("gelu_erf_bf16", 6.5e-9),
                                              ("softplus", 0.0), ("softplus_half", 0.0)])
def test_device_functor_at_inf_and_nan(apply, key, at_minus_inf):
    got = apply(list(CASES).index(key), np.array([np.inf, -np.inf, np.nan], dtype=np.float32))
    assert got[0] == np.inf
    assert abs(got[1]) <= at_minus_inf
    assert np.isnan(got[2])


def test_sigmoid_and_silu_at_inf_and_nan(apply):
    """rcp.approx(inf) = 0 gives sigmoid's limits; silu(-inf) is -inf * 0 = NaN, as torch's."""
    special = np.array([np.inf, -np.inf, np.nan], dtype=np.float32)
    sigmoid = apply(list(CASES).index("sigmoid"), special)
    assert sigmoid[0] == 1.0 and sigmoid[1] == 0.0 and np.isnan(sigmoid[2])
    silu = apply(list(CASES).index("silu"), special)
    assert silu[0] == np.inf and np.isnan(silu[1]) and np.isnan(silu[2])


def test_hardswish_at_inf_and_nan(apply):
    """mul.sat flushes NaN to 0: x * 0 keeps x's NaN; -inf * 0 = NaN, +inf * 1 = inf, as torch's
    x * min(max(x + 3, 0), 6) / 6; exactly 0 and x at the clamp's ends."""
    got = apply(list(CASES).index("hardswish"), np.array([np.inf, -np.inf, np.nan, -3.0, 3.0, -5.0, 7.0],
                                                          dtype=np.float32))
    assert got[0] == np.inf and np.isnan(got[1]) and np.isnan(got[2])
    assert got[3] == 0.0 and got[4] == 3.0 and got[5] == 0.0 and got[6] == 7.0


def test_gelu_erf_negative_tail_keeps_relative_accuracy(apply):
    # Phi(-|x|) taken directly (1 + erf(x) cancels): 5e-4 relative down to -4, 4 % down to -12.
    got = apply(list(CASES).index("gelu_erf"), GRID)
    for low, high, rtol in ((-4.0, -3.0, 5e-4), (-12.0, -4.0, 4e-2)):
        tail = (GRID >= low) & (GRID < high)
        np.testing.assert_allclose(got[tail], _GELU(GRID[tail].astype(np.float64)), rtol=rtol, atol=0)


@pytest.mark.parametrize("key,worst", [("gelu_erf_f16", 0.025), ("softplus_half", 0.01)])
def test_16_bit_forms_round_like_the_exact_value(apply, key, worst):
    """Stored as f16, the cheaper forms give the correctly rounded value but for a few near-ties
    (never more than one f16 step away)."""
    got = apply(list(CASES).index(key), GRID).astype(np.float16)
    exact = CASES[key][1](GRID.astype(np.float64)).astype(np.float16)
    differ = got != exact  # -0 == +0
    assert differ.mean() <= worst, f"{differ.mean():.3%} of f16 results differ"
    steps = np.abs(got[differ].view(np.int16).astype(np.int32) - exact[differ].view(np.int16).astype(np.int32))
    assert steps.max(initial=0) <= 1
