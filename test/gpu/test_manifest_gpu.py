"""The manifest on a GPU: what the loader reads of the real device and driver, and its check.

The decision itself (boltc/manifest.py: load_blocker) is covered on the CPU in
test/python/test_manifest.py; here the facts come from the real driver (runtime.device_facts)
and the refusal goes through the real load path (CompiledModel._instance, before the model
is created on the device).
"""

from __future__ import annotations

import numpy as np
import pytest

import boltc
from boltc.diagnostics import BoltcError
from boltc.manifest import load_blocker, read_manifest, target_for
from boltc.runtime import device_facts
from gpu_helpers import DATA, has_cuda_gpu, inputs_for, reference

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not has_cuda_gpu(), reason="needs a CUDA GPU")]

SOFTMAX = DATA / "ops" / "softmax.mlir"


def _capability_from_cuda_runtime() -> tuple[int, int]:
    """The compute capability as cuda-python's runtime API reports it (or torch's), a second
    opinion on device_facts' driver API."""
    try:
        from cuda.bindings import runtime

        error, props = runtime.cudaGetDeviceProperties(0)
        assert error == runtime.cudaError_t.cudaSuccess
        return props.major, props.minor
    except ImportError:
        import torch

        return torch.cuda.get_device_capability(0)


@pytest.fixture(scope="module")
def model_for_this_gpu(tmp_path_factory):
    facts = device_facts(0)
    assert facts is not None, "a GPU is there, so the driver must answer"
    arch = target_for(facts.capability)
    if arch is None:
        pytest.skip(f"{facts.name} ({facts.arch}) is older than any boltc target")
    path = tmp_path_factory.mktemp("manifest") / "softmax.so"
    return boltc.compile(str(SOFTMAX), arch=arch, precision="f32", output=path)


def test_device_facts_match_the_cuda_runtime():
    facts = device_facts(0)
    assert facts is not None
    assert facts.capability == _capability_from_cuda_runtime()
    assert facts.name and facts.driver >= 11000


def test_the_built_model_passes_the_check_and_runs(model_for_this_gpu):
    model = model_for_this_gpu
    assert model.manifest == read_manifest(model.path)
    assert model.manifest["model"] == model.info  # boltc_model_describe and the manifest agree
    facts = device_facts(0)
    assert load_blocker(model.manifest["targets"], model.manifest["cuda"]["release"], facts) is None
    x = inputs_for(model)[0]
    np.testing.assert_allclose(model(x), reference(SOFTMAX, x)[0], rtol=1e-5, atol=1e-6)
    assert boltc.load(model.path, device=0).manifest == model.manifest  # checked at load: passes


def test_a_model_for_another_gpu_is_refused_before_it_is_created(model_for_this_gpu):
    """The real path: the manifest says a target this GPU cannot run (as an sm_90a library says
    on an A100); the first call refuses with what to rebuild with, and creates nothing."""
    facts = device_facts(0)
    model = boltc.load(model_for_this_gpu.path)
    other = "sm_90a" if facts.capability != (9, 0) else "sm_100a"  # sm_100a: not a boltc target
    model.manifest = {**model.manifest, "targets": [other]}
    x = inputs_for(model)[0]
    with pytest.raises(BoltcError, match=rf"cannot run on CUDA device 0: built for {other}; this GPU "
                                         rf"\({facts.name}, compute capability"):
        model(x)
    assert model._handles == {}
    with pytest.raises(BoltcError, match=f"built for {other}"):
        model.check_device(0)  # asked again: still refused (only a passed check is remembered)


def test_a_driver_older_than_the_toolkit_is_refused(model_for_this_gpu):
    model = boltc.load(model_for_this_gpu.path)
    model.manifest = {**model.manifest, "cuda": {**model.manifest["cuda"], "release": "99.0"}}
    with pytest.raises(BoltcError, match=r"built with CUDA 99.0, which needs a driver for CUDA 99.0 or newer"):
        model(inputs_for(model)[0])
