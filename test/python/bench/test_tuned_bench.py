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
