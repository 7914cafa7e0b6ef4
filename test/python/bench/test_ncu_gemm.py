"""bench/ncu_gemm.py's pure parts: its arguments, and that the one-GEMM model it hands boltc
carries the forced kernel through the graph passes (select-kernels keeps a #bolt.kernel it is
given), for both layouts of B. The launches under Nsight Compute need the GPU machine."""

from __future__ import annotations

import pytest

import bench_scripts
from boltc.compiler import optimize
from boltc.frontends.source import parse_mlir_text

ncu_gemm = bench_scripts.load("ncu_gemm")


def test_a_spec_names_shape_layout_tile_schedule_and_cluster():
    spec = ncu_gemm.parse("6272x256x1024t:128x96,cooperative,1x2x1")
    assert (spec.m, spec.n, spec.k, spec.transpose_b) == (6272, 256, 1024, True)
    assert (spec.tile, spec.schedule, spec.cluster) == ((128, 96), "cooperative", (1, 2, 1))
    plain = ncu_gemm.parse("1280x768x768:128x64,pingpong")
    assert not plain.transpose_b and plain.cluster == (1, 1, 1)


@pytest.mark.parametrize("text", ["1280x768x768", "1280x768:128x64,pingpong", "1280x768x768:128x64,streamk",
                                  "1280x768x768t:128x64,pingpong,2x1"])
def test_a_malformed_spec_is_refused_by_name(text):
    with pytest.raises(SystemExit, match="ncu_gemm: .* is not MxNxK"):
        ncu_gemm.parse(text)


@pytest.mark.parametrize("text", ["512x256x1024t:128x128,cooperative,2x1x1", "256x192x128:64x64,pingpong"])
def test_the_model_keeps_the_forced_kernel(text):
    spec = ncu_gemm.parse(text)
    module = optimize(parse_mlir_text(spec.model_text(), "<ncu_gemm>"), "sm_90a", "f16")
    printed = str(module)
    assert printed.count("#bolt.kernel<") == 1
    tile = f"tile [{spec.tile[0]}, {spec.tile[1]}, 64], cluster [{', '.join(map(str, spec.cluster))}]"
    assert tile in printed and f'"{spec.schedule}"' in printed
    assert ("transpose_b" in printed) == spec.transpose_b
