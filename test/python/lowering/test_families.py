"""The family registry (boltc/lowering/cutlass/families.py) against the emitter modules it names:
each module calls itself what the registry calls it, has the lowering function it lists, and
each target's own family per anchor is the one select-kernels' heuristic and anchors.py use."""

from __future__ import annotations

import importlib

import pytest

from boltc.dialects import bolt
from boltc.lowering.cutlass import families


@pytest.mark.parametrize("name,module", sorted(families.emitter_modules().items()))
def test_each_family_is_its_module_s_own_name(name, module):
    emitter = importlib.import_module(f"boltc.lowering.cutlass.{module}")
    assert emitter.FAMILY == name


@pytest.mark.parametrize("family", families.ANCHOR_FAMILIES, ids=lambda f: f.name)
def test_each_anchor_family_names_a_lowering_function_of_its_module(family):
    emitter = importlib.import_module(f"boltc.lowering.cutlass.{family.module}")
    assert callable(getattr(emitter, family.function))


def test_each_target_s_own_family_per_anchor():
    own = {(anchor.name, arch): families.own_family(anchor, arch).name
           for anchor in (bolt.GemmOp, bolt.Conv2dOp) for arch in ("sm_90a", "sm_80")}
    assert own == {("bolt.gemm", "sm_90a"): "gemm_sm90", ("bolt.gemm", "sm_80"): "gemm_sm80",
                   ("bolt.conv2d", "sm_90a"): "conv_sm90", ("bolt.conv2d", "sm_80"): "conv_sm80"}
    assert families.own_family(bolt.GemmOp, "sm_70") is None


def test_a_patched_emitter_function_is_the_one_a_family_runs(monkeypatch):
    from boltc.lowering.cutlass import gemm_sm80

    monkeypatch.setattr(gemm_sm80, "lower_gemm", lambda op, arch: ("patched", op, arch))
    assert families.family("gemm_sm80").lower("op", "sm_80") == ("patched", "op", "sm_80")
