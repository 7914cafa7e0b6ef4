"""One model.so on two GPUs in one process: the kernels that opt into more than 48 KB of shared
memory (cudaFuncSetAttribute, a per-device setting) run on the second device after the first
(conv_pool, b2b_conv_direct and conv_direct cache their launch configuration per device; b2b_gemm_sm90 and
the attention kernels set the attribute at every launch). Before 53a764f they set it once per
process: the second device's launch failed.

    python -m pytest -m gpu test/gpu/test_multi_device.py -q      # needs two GPUs

Tolerance: each model's own GPU test's (the results on both devices must also be equal: the
same kernels on the same inputs).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import boltc
from gpu_helpers import has_cuda_gpu, has_torch_cuda

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python" / "lowering"))
from b2b_helpers import rgb_stem  # noqa: E402


def _two_gpus() -> bool:
    if not (has_cuda_gpu() and has_torch_cuda()):
        return False
    import torch

    return torch.cuda.device_count() >= 2


pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not _two_gpus(), reason="needs two CUDA GPUs")]


def _models():
    import torch

    torch.manual_seed(0)
    conv_pool = torch.nn.Sequential(torch.nn.Conv2d(3, 64, 7, stride=2, padding=3), torch.nn.ReLU(),
                                    torch.nn.MaxPool2d(3, 2, 1)).eval().half()
    grouped = torch.nn.Sequential(torch.nn.Conv2d(64, 64, 3, padding=1, groups=8), torch.nn.ReLU()).eval().half()
    mlp = torch.nn.Sequential(torch.nn.Linear(256, 64), torch.nn.ReLU(), torch.nn.Linear(64, 64),
                              torch.nn.ReLU()).eval().half()

    class Attention(torch.nn.Module):
        def forward(self, q, k, v):
            return torch.nn.functional.scaled_dot_product_attention(q, k, v)

    qkv = tuple(torch.randn(2, 8, 128, 64, dtype=torch.half) for _ in range(3))
    return {
        "conv_pool": (conv_pool, (torch.randn(2, 3, 96, 96, dtype=torch.half),), 2e-3),
        "b2b_conv_direct": (rgb_stem(3, 48, 48, 2, "relu", "relu").half(),
                            (torch.randn(2, 96, 96, 3, dtype=torch.half),), 2e-2),
        "conv_direct": (grouped, (torch.randn(2, 64, 28, 28, dtype=torch.half),), 2e-2),
        "b2b_gemm_sm90": (mlp, (torch.randn(4096, 256, dtype=torch.half),), 2e-2),
        "fmha": (Attention().eval(), qkv, 2e-2),
    }


@pytest.mark.parametrize("kernel", ["conv_pool", "b2b_conv_direct", "conv_direct", "b2b_gemm_sm90", "fmha"])
def test_a_model_runs_on_the_second_gpu_after_the_first(kernel, tmp_path):
    import torch

    module, inputs, tolerance = _models()[kernel]
    model = boltc.compile(module, inputs, output=tmp_path / "model.so")
    assert any(k.startswith(kernel) for k in model.kernels), model.kernels
    want = module.float()(*(x.float() for x in inputs))
    results = []
    for device in (0, 1):
        got = model(*(x.to(f"cuda:{device}") for x in inputs))
        assert got.device.index == device
        results.append(got.float().cpu())
        torch.testing.assert_close(results[-1], want, rtol=tolerance, atol=tolerance)
    assert torch.equal(results[0], results[1])
