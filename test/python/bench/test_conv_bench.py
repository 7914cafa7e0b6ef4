"""bench/conv.py's pure parts, without a GPU or nvcc: workload reading, the generated bolt IR
(every model the benchmark would build lowers through the graph passes and the conv_sm90
emitter, with the heuristic and with every --sweep configuration, for every workload shape, so
an emitter refusal shows here and not on the GPU machine), and the table."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import bench_scripts

ROOT = Path(__file__).resolve().parents[3]
SHARED_WORKLOADS = ROOT.parent / "shared" / "workloads" / "bolt_paper.json"
CARRIED_WORKLOADS = ROOT / ".whl" / "bolt_paper.json"


conv = bench_scripts.load("conv")

# The two tables' layout (one row each), for tests that must not depend on ../shared.
SMALL_TABLE = {
    "conv3x3_resnet50": [{"N": 32, "H": 56, "W": 56, "C": 64, "K": 64, "pad": 1, "stride": 1,
                          "cudnn_us": 29.7, "cudnn_plus_bias_relu_us": 54.7}],
    "conv_unaligned": [{"N": 32, "H": 20, "W": 26, "C": 46, "K": 32, "kernel": [5, 7],
                        "cudnn_unaligned_us": 25.1, "cudnn_with_C_padded_to_8_us": 11.1}],
}


def _paper_table() -> dict:
    for path in (SHARED_WORKLOADS, CARRIED_WORKLOADS):
        if path.is_file():
            return json.loads(path.read_text())
    pytest.skip("bolt_paper.json is not beside the checkout (../shared/workloads) nor in .whl/")


def _all_shapes():
    for path in (SHARED_WORKLOADS, CARRIED_WORKLOADS):
        if path.is_file():
            return conv.conv_workloads(json.loads(path.read_text()))
    return conv.conv_workloads(SMALL_TABLE)


ALL_SHAPES = _all_shapes()


def test_workloads_read_both_families():
    shapes = conv.conv_workloads(SMALL_TABLE)
    c3, odd = shapes
    assert (c3.family, c3.n, c3.h, c3.w, c3.c, c3.f, c3.r, c3.s) == ("conv3x3", 32, 56, 56, 64, 64, 3, 3)
    assert c3.padding == (1, 1, 1, 1) and c3.stride == (1, 1) and c3.pq == (56, 56)
    assert c3.gemm_mnk == (32 * 56 * 56, 64, 576) and c3.weights == "input"
    assert c3.reference["cudnn_us"] == 29.7
    # No padding unless the row says so; R x S from "kernel".
    assert (odd.r, odd.s, odd.padding, odd.pq) == (5, 7, (0, 0, 0, 0), (16, 20))
    assert odd.weights == "constant"  # so that pad-alignment can pad C=46
    assert conv.add_derived({}, odd) == {"json_cudnn_us": 25.1, "json_cudnn_c8_us": 11.1}


def test_paper_table_shapes_and_selection():
    table = _paper_table()
    shapes = conv.conv_workloads(table)
    assert len(shapes) == len(table["conv3x3_resnet50"]) + len(table["conv_unaligned"])
    assert all(s.pq == (s.h, s.w) for s in shapes if s.family == "conv3x3")  # pad 1, stride 1
    assert any(s.c % 8 for s in shapes if s.family == "unaligned")
    quick = conv.conv_workloads(table, quick=True)
    assert [s.family for s in quick] == ["conv3x3", "unaligned"]
    assert [s.family for s in conv.conv_workloads(table, "unaligned", quick=True)] == ["unaligned"] * 2
    assert {s.family for s in conv.conv_workloads(table, "conv3x3")} == {"conv3x3"}


def test_kernel_attr_round_trips_through_the_dialect():
    from xdsl.parser import Parser

    from boltc.dialects import bolt
    from boltc.dialects.context import bolt_context

    text = conv.kernel_attr((64, 128, 64), 4)
    attr = Parser(bolt_context(), text).parse_attribute()
    assert isinstance(attr, bolt.KernelAttr)
    assert tuple(bolt.int_list(attr.tile)) == (64, 128, 64) and attr.stages.data == 4
    assert str(attr) == text


def test_sweep_covers_both_families():
    sm90 = [c for c in conv.SWEEP if c.family == "conv_sm90"]
    sm80 = [c for c in conv.SWEEP if c.family == "conv_sm80"]
    assert {c.tile for c in sm90} == set(conv.SWEEP_TILES) and {c.stages for c in sm90} == set(conv.SWEEP_STAGES)
    assert {(c.tile, c.warp, c.stages) for c in sm80} == set(conv.SWEEP_SM80)
    assert len(conv.variants_for(ALL_SHAPES, sweep=False)) == 2 * len(ALL_SHAPES)
    assert len(conv.variants_for(ALL_SHAPES, sweep=True)) == 2 * len(ALL_SHAPES) * (1 + len(conv.SWEEP))


@pytest.mark.parametrize("epilogue", conv.EPILOGUES)
@pytest.mark.parametrize("shape", ALL_SHAPES, ids=lambda s: f"{s.family}-{s.label.replace(' ', '_')}")
def test_heuristic_models_lower(shape, epilogue):
    from boltc.tuning.heuristic import choose_conv_sm90, conv_family_sm90a
    from boltc.tuning.heuristic_sm80 import choose_conv_sm80

    low = conv.lower_variant(conv.Variant(shape, epilogue))
    c_padded = -(-shape.c // 8) * 8  # pad-alignment's C, which the kernel sees
    mnk = (shape.n * shape.pq[0] * shape.pq[1], shape.f, c_padded * shape.r * shape.s)
    family = conv_family_sm90a(*mnk, c_padded)
    choose = choose_conv_sm90 if family == "conv_sm90" else lambda *p: choose_conv_sm80(*p, arch="sm_90a")
    assert low.tile == choose(*mnk).tile
    assert low.reason.startswith("heuristic")
    assert family == "conv_sm80" or low.stages is None  # conv_sm90: automatic stages
    # One conv kernel; the bias + ReLU fused into it; the activation padded first when C is odd.
    assert low.launches == (("pad", family) if shape.c % 8 else (family,))
    assert len(low.program.anchor_kernels) == 1


@pytest.mark.parametrize("config", conv.SWEEP, ids=lambda c: c.label.replace(" ", "_"))
@pytest.mark.parametrize("shape", ALL_SHAPES, ids=lambda s: s.label.replace(" ", "_"))
def test_sweep_models_lower(shape, config):
    """Each forced configuration, both epilogues: the emitter accepts it (lower_variant checks
    that the lowered tile and stages are the ones asked for)."""
    from boltc.tuning import heuristic

    original = heuristic.choose_conv_sm90
    entries = set()
    for epilogue in conv.EPILOGUES:
        low = conv.lower_variant(conv.Variant(shape, epilogue, config))
        assert (low.tile, low.stages) == (config.tile, config.stages)
        assert ("#bolt.kernel" in low.text) == (config.stages is not None)
        entries.add(low.program.anchor_kernels[0].entry)
    assert len(entries) == 2  # the epilogues are different kernels
    assert heuristic.choose_conv_sm90 is original  # the override is undone


def test_automatic_stages_variant_of_the_heuristic_tile_is_the_heuristic_kernel():
    from boltc.tuning.heuristic import choose_conv_sm90

    shape = ALL_SHAPES[1]  # 28x28x128: the heuristic's cooperative 128x64
    heuristic = conv.lower_variant(conv.Variant(shape, "cbr"))
    schedule = choose_conv_sm90(shape.n * shape.pq[0] * shape.pq[1], shape.f, shape.c * shape.r * shape.s).schedule
    forced = conv.lower_variant(conv.Variant(shape, "cbr", conv.Config(heuristic.tile, None, schedule=schedule)))
    assert forced.program.anchor_kernels[0].unit.source == heuristic.program.anchor_kernels[0].unit.source


@pytest.mark.parametrize("weights", ["input", "constant"])
def test_model_text_computes_conv_bias_relu(weights):
    """The generated IR means relu(conv(x, w) + b) (boltc.interpret on a small shape, against
    a float64 numpy convolution of the same fp16 values)."""
    import boltc

    shape = conv.ConvShape("unaligned" if weights == "constant" else "conv3x3", 2, 6, 7, 5, 8, 3, 2,
                           (1, 0, 1, 0) if weights == "input" else (0, 0, 0, 0), (1, 1))
    rng = np.random.default_rng(0)
    x = rng.standard_normal((shape.n, shape.h, shape.w, shape.c)).astype(np.float16)
    if weights == "constant":
        cw = conv.constant_weights(shape)
        filt, bias = cw.filter, cw.bias
        text, inputs = conv.conv_model(shape, "cbr", weights=cw), (x,)
    else:
        filt = (rng.standard_normal((shape.f, shape.r, shape.s, shape.c)) / 5).astype(np.float16)
        bias = rng.standard_normal(shape.f).astype(np.float16)
        text, inputs = conv.conv_model(shape, "cbr"), (x, filt, bias)
    top, left, bottom, right = shape.padding
    xp = np.pad(x.astype(np.float64), ((0, 0), (top, bottom), (left, right), (0, 0)))
    p, q = shape.pq
    expected = np.zeros((shape.n, p, q, shape.f))
    for i in range(shape.r):
        for j in range(shape.s):
            expected += np.einsum("npqc,fc->npqf", xp[:, i:i + p, j:j + q, :], filt[:, i, j, :].astype(np.float64))
    expected = np.maximum(expected + bias.astype(np.float64), 0)
    (got,) = boltc.interpret(text, *inputs)
    # The source IR rounds the conv to fp16 before the bias add: about one fp16 step of |y| < 8.
    np.testing.assert_allclose(got.astype(np.float64), expected, rtol=8e-3, atol=8e-3)


def test_markdown_table_and_ratios():
    shape = conv.conv_workloads(SMALL_TABLE)[0]
    row = conv.add_derived({"shape": shape.label, "boltc_conv_us": 20.0, "cudnn_conv_us": 30.0,
                            "boltc_cbr_us": 25.0, "cudnn_cbr_us": 50.0}, shape)
    assert row["x_cudnn_conv"] == pytest.approx(1.5) and row["x_cudnn_cbr"] == pytest.approx(2.0)
    assert row["x_cudnn_conv_vs_boltc_cbr"] == pytest.approx(1.2)
    assert row["boltc_cbr_TFLOPs"] == pytest.approx(shape.flops / 25e-6 / 1e12)
    assert "x_inductor_cbr" not in row  # no peer time, no ratio
    table = conv.markdown_table([row], conv.CONV3X3_COLUMNS)
    header, rule, line = table.splitlines()
    assert header.count("|") == rule.count("|") == line.count("|") == len(conv.CONV3X3_COLUMNS) + 1
    assert "| N32 56x56x64->64 3x3 pad1 |" in line and "| 1.50 |" in line and "| 29.7 |" in line
    assert " - |" in line  # the missing torch.compile time
