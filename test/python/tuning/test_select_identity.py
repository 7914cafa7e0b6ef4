"""The select-kernels refactor changed no kernel: with `--tune heuristic`, every GEMM and
convolution of the test/data models (top level, half/ and ops/) on sm_90a and sm_80 lowers to the
same family, the same translation-unit name, byte-identical host and device C++ (sha256
digests) and the same manifest reason as before it, when the emitters called the heuristics
themselves (kernel_tus.json, written by kernel_tus.py at commit 2ff465f; rewritten since when
conv_group_sm80 dropped its 16-wide tile: only conv_direct's reason texts changed; when
conv_direct got its row-blocked kernel and conv_group_sm80 its 16-wide tile back at 4 outputs an
access: only conv_direct rows changed, their TU text and names and reason texts; and when the
depthwise 3x3s moved from conv_direct to conv_depthwise: only those rows; and when the sm_90a
kernels became programmatic dependent launches (cpp.py PDL_DEFINE, KernelAdapter's launch
attributes): only gemm_sm90 and conv_sm90 rows, their host and device text and names; and when
the fixed C++ moved into include/boltc/*.hpp (the functors, the row-broadcast prefetch,
KernelAdapter, conv_sm80's visitor kernel, ConvAuxLoad, the channel padding): only the rows of
TUs that carried it, their text and names, families and reasons unchanged; and when the sm_90a
GEMM heuristic scored every tile where no cooperative one keeps 70 % of the SMs busy and dropped
the 2x1 cluster under one wave (2026-11-30): only gemm_sm90 rows, 55 reason texts and the 12
two-tile GEMMs' cluster, their TU text and names; and when conv_direct cached its SM count and
occupancy per device (2026-11-30): only conv_direct rows, their host text and names). Both ways in are held
to it: through the pass (the #bolt.kernel it writes) and without it (the lowering's own
heuristic fallback)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import kernel_tus  # noqa: E402

GOLDEN = json.loads((HERE / "kernel_tus.json").read_text())


@pytest.mark.parametrize("strip", [False, True], ids=["select-kernels", "lowering-fallback"])
@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_kernel_tus_unchanged(key, strip):
    model, arch = key.split("@")
    got = kernel_tus.kernel_tus(model, arch, tune="heuristic", strip=strip)
    assert got == GOLDEN[key]


def test_golden_covers_every_model_and_family():
    assert set(GOLDEN) == {f"{m}@{a}" for m in kernel_tus.MODELS for a in kernel_tus.ARCHES}
    families = {row.get("family") for rows in GOLDEN.values() for row in rows}
    # Not covered by these models: conv_sm80 chosen on sm_90a, and conv_group_sm80.
    assert {"gemm_sm90", "gemm_sm80", "conv_sm90", "conv_sm80", "conv_direct", "conv_depthwise"} <= families
