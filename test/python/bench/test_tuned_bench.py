"""bench/tuned.py's case list and its --match filter, without a GPU: the ResNet-50 layers and
the table's shapes it times against cuBLAS/cuDNN, and the labels a re-run of a few picks."""

from __future__ import annotations

import json

import pytest

from bench_scripts import load

tuned = load("tuned")
# The table's keys tuned.py reads, no rows of its own: the ResNet-50 layers are the script's.
TABLE = {"gemm": [{"M": 1280, "N": 768, "K": 768}], "gemm_bias_act": [], "conv3x3_resnet50": [], "conv_unaligned": []}


def test_conv_cases_hold_every_resnet50_layer_with_and_without_bias_relu():
    cases = tuned.conv_cases(TABLE)
    labels = [c.label for c in cases]
    assert len(cases) == 2 * len(tuned.RESNET50_CONVS)
    assert "conv N32 7x7x512->2048 1x1 (resnet50)" in labels
    assert "conv N32 7x7x512->2048 1x1 (resnet50, +bias+relu)" in labels


def test_match_keeps_the_cases_whose_label_contains_a_text():
    cases = tuned.conv_cases(TABLE)
    picked = tuned.with_label(cases, "7x7x512->2048 1x1 (resnet50),14x14x1024->512")
    assert [c.label for c in picked] == [
        "conv N32 14x14x1024->512 1x1 (resnet50)", "conv N32 14x14x1024->512 1x1 (resnet50, +bias+relu)",
        "conv N32 7x7x512->2048 1x1 (resnet50)"]
    assert tuned.with_label(cases, "") == cases
    assert tuned.with_label(cases, "no such layer") == []


@pytest.mark.skipif(not tuned.WORKLOADS.exists(), reason="the shared workload table is beside the checkout only")
def test_the_shared_table_s_gemms_are_cases():
    table = json.loads(tuned.WORKLOADS.read_text())
    assert {(c.m, c.n, c.k) for c in tuned.gemm_cases(table)} >= {(r["M"], r["N"], r["K"]) for r in table["gemm"]}


def test_summary_compares_each_launch_form_like_for_like():
    # boltc's replay against the peer's eager call, then graph/graph, call/call, kernel/kernel.
    rows = [{"label": "conv a", "kind": "conv", "epilogue": "conv", "m": 8, "n": 8, "k": 8, "profile_us": 10.0, "profile_call_us": 9.0,
             "profile_kernel_us": 8.0, "cudnn_conv_us": 9.0, "cudnn_conv_graph_us": 10.5,
             "cudnn_conv_kernel_us": 7.6},
            {"label": "conv b", "kind": "conv", "epilogue": "conv", "m": 8, "n": 8, "k": 8, "profile_us": 20.0, "profile_call_us": 19.0,
             "profile_kernel_us": 16.0, "cudnn_conv_us": 22.0, "cudnn_conv_graph_us": 22.0,
             "cudnn_conv_kernel_us": 16.0}]
    lines = tuned.summary(rows, ["profile"])
    by_form = {line.split("(")[1].split(")")[0]: line for line in lines}
    assert set(by_form) == {"graph/eager", "graph/graph", "call/call", "kernel/kernel"}
    assert "geomean 0.995, min 0.900 (conv a), 1/2 at >= 0.95" in by_form["graph/eager"]  # sqrt(0.9 * 1.1)
    assert "min 1.000 (conv a), 2/2 at >= 0.95" in by_form["call/call"]
    assert "min 0.950 (conv a), 2/2 at >= 0.95" in by_form["kernel/kernel"]


def test_summary_gives_an_activation_s_cost_in_kernel_time_too():
    plain = {"label": "gemm 8x8x8", "kind": "gemm", "m": 8, "n": 8, "k": 8, "act": None,
             "profile_us": 10.0, "profile_kernel_us": 6.0}
    gelu = {**plain, "label": "gemm 8x8x8 bias+gelu", "act": "gelu", "profile_us": 11.0, "profile_kernel_us": 7.2,
            "addmm_then_act_us": 22.0}
    (line,) = [x for x in tuned.summary([plain, gelu], ["profile"]) if x.startswith("bias+gelu")]
    assert line == "bias+gelu --tune profile: 1.100 (kernels: 1.200) of the plain GEMM; x(addmm+act) 2.00"
