"""A fat model.so (`--arch sm_80,sm_90a`) on a real GPU: it is created on whatever GPU this is,
runs the kernels built for it, and computes what the reference executor computes.

The build and the manifest are covered without a GPU (test/python/test_manifest.py,
test/python/lowering/test_dispatch.py); here the runtime's dispatch (boltc_model_create's
choice among the library's variants) meets a real device.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import boltc
from boltc.manifest import chosen_target, read_manifest
from boltc.runtime import device_facts
from gpu_helpers import DATA, has_cuda_gpu, has_torch_cuda, inputs_for, reference

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not has_cuda_gpu(), reason="needs a CUDA GPU")]

LINEAR = DATA / "ops" / "linear_f16.mlir"  # x @ W^T + b in f16: one GEMM with a bias epilogue
MLP = DATA / "mlp_gelu.mlir"  # three GEMMs (f32 model, f16 compute) with GELU between them

GEMM_SM90 = """
func.func @main(%a: tensor<256x192xf16>, %b: tensor<192x320xf16>) -> tensor<256x320xf16> {
  %d = bolt.gemm %a, %b : tensor<256x192xf16>, tensor<192x320xf16> -> tensor<256x320xf16> {
  ^bb0(%acc: tensor<256x320xf32>):
    bolt.yield %acc : tensor<256x320xf32>
  }
  func.return %d : tensor<256x320xf16>
}
"""


@pytest.fixture(scope="module")
def fat_linear(tmp_path_factory) -> boltc.CompiledModel:
    out = tmp_path_factory.mktemp("fat") / "linear.so"
    return boltc.compile(LINEAR, arch="sm_80,sm_90a", output=out)


def test_the_manifest_lists_both_arches_and_the_gpu_gets_its_own(fat_linear):
    manifest = read_manifest(fat_linear.path)
    assert manifest["targets"] == ["sm_90a", "sm_80"]
    assert {v["arch"] for v in manifest["variants"]} == {"sm_90a", "sm_80"}
    facts = device_facts(0)
    assert facts is not None
    expected = "sm_90a" if facts.capability == (9, 0) else "sm_80"
    assert chosen_target(manifest["targets"], facts.capability) == expected


def test_a_fat_linear_layer_matches_the_reference(fat_linear):
    (x,) = inputs_for(fat_linear, seed=1, scale=1.0)
    (want,) = reference(LINEAR, x)
    got = fat_linear(x)
    # f16 operands and result, fp32 accumulation in both: only the result's rounding and the
    # order of the sums differ.
    np.testing.assert_allclose(got.astype(np.float32), want.astype(np.float32), rtol=1e-2, atol=1e-2)


def test_a_fat_mlp_matches_the_reference(tmp_path: Path):
    model = boltc.compile(MLP, arch=["sm_80", "sm_90a"], output=tmp_path / "mlp.so")
    (x,) = inputs_for(model, seed=2, scale=1.0)
    (want,) = reference(MLP, x)  # fp32 throughout; the model computes in f16
    got = model(x)
    np.testing.assert_allclose(got, want, rtol=3e-2, atol=3e-2)


@pytest.mark.skipif(not has_torch_cuda(), reason="needs torch with CUDA (its profiler names the kernels)")
def test_an_h100_runs_the_sm90a_kernel_and_an_a100_the_sm80_one(tmp_path: Path):
    """The dispatch itself: the kernel that runs is the family built for this GPU (torch's
    profiler lists the launched kernels by name; the split sm_90a kernel is `<entry>_kernel`)."""
    import torch
    from torch.profiler import ProfilerActivity, profile

    model = boltc.compile(GEMM_SM90, arch="sm_80,sm_90a", output=tmp_path / "gemm.so")
    a = torch.randn(256, 192, device="cuda", dtype=torch.float16)
    b = torch.randn(192, 320, device="cuda", dtype=torch.float16)
    model(a, b)  # create and warm up outside the profile
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        d = model(a, b)
        torch.cuda.synchronize()
    names = " ".join(e.name for e in prof.events())
    manifest = read_manifest(model.path)
    entries = {v["arch"]: next(s["entry"] for s in v["kernels"] if s["kernel"].startswith("gemm_"))
               for v in manifest["variants"]}
    if torch.cuda.get_device_capability() == (9, 0):
        assert entries["sm_90a"] in names, names
    else:
        assert entries["sm_90a"] not in names, names
    torch.testing.assert_close(d, (a.float() @ b.float()).half(), rtol=1e-2, atol=5e-2)
