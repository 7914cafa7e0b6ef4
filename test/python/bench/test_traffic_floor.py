"""bench/traffic_floor.py's kernels on the CPU at batch 1: each computes what it claims (the
2x2 window sum against avg_pool2d, the copies) and moves the bytes it reports. The timing needs
the GPU machine."""

from __future__ import annotations

import pytest

import bench_scripts

torch = pytest.importorskip("torch")
traffic_floor = bench_scripts.load("traffic_floor")


def test_each_kernel_moves_the_bytes_it_reports():
    cases = traffic_floor.cases(torch, device="cpu", batch=1)
    read_4, written_1 = 48 * 112 * 112 * 2, 48 * 56 * 56 * 2
    for label, (fn, read, written) in cases.items():
        out = fn()
        if "copy of the same total bytes" in label:
            assert read == written == (read_4 + written_1) // 2
        elif "/2" in label:
            assert (read, written) == (read_4, written_1) and out.numel() * 2 == written
        else:
            assert read == written == written_1 and out.numel() * 2 == written


def test_the_window_sum_is_four_times_the_average_pool():
    cases = traffic_floor.cases(torch, device="cpu", batch=1)
    pooled = cases["112x112x48 /2: avg_pool2d 2x2/2"][0]().float()  # N C H W
    summed = cases["112x112x48 /2: sum of 2x2 windows"][0]().float()  # N H W C
    torch.testing.assert_close(summed.permute(0, 3, 1, 2), 4 * pooled, rtol=2e-2, atol=2e-2)
