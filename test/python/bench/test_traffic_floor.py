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


@pytest.mark.parametrize("read, written, kind, k", [(38_580_000, 9_630_000, "sum", 4), (9_680_000, 9_630_000, "sum", 1),
                                                     (8_420_000, 520_000, "sum", 16), (9_640_000, 38_540_000, "copies", 4)])
def test_the_mix_kernel_moves_the_case_s_traffic(read, written, kind, k):
    shape = traffic_floor.mix_shape(read, written)
    assert shape[:2] == (kind, k)
    call, moved_read, moved_written, reference = traffic_floor.mix_case(torch, read // 64, written // 64, device="cpu")
    # Within the ratio's rounding of the traffic asked for.
    assert abs(moved_read - read // 64) <= 0.05 * read // 64 and abs(moved_written - written // 64) <= 0.05 * written // 64
    out = call()
    assert out.nbytes == moved_written


def test_the_mix_sum_adds_the_slices():
    source = torch.arange(12, dtype=torch.half)
    assert traffic_floor.mix_reference(torch, "sum", 3, source).tolist() == [12, 15, 18, 21]
    assert traffic_floor.mix_reference(torch, "copies", 2, source[:3]).tolist() == [0, 1, 2, 0, 1, 2]


def test_every_b2b_case_has_a_mix():
    b2b = bench_scripts.load("b2b")
    # bolt_paper.json's b2b rows (the layout).
    table = {"b2b_gemm": [{"M": 2464, "N0": 1, "K0": 4, "N1": 4}, {"M": 16384, "N0": 64, "K0": 256, "N1": 16},
                          {"M": 32768, "N0": 128, "K0": 576, "N1": 64}, {"M": 128320, "N0": 32, "K0": 96, "N1": 96}],
             "b2b_conv": [{"N": 32, "H": 224, "W": 224, "C": 3, "K": 48, "stride": 2},
                          {"N": 32, "H": 112, "W": 112, "C": 48, "K": 48, "stride": 2},
                          {"N": 32, "H": 56, "W": 56, "C": 64, "K": 64, "stride": 1}]}
    for case in b2b.cases(table):
        read, written = b2b.floor_traffic(case)
        assert read + written == b2b.floor_bytes(case)
        kind, k, n = traffic_floor.mix_shape(read, written)
        moved = (k + 1) * n * 2
        assert abs(moved - (read + written)) <= 0.25 * (read + written), case.label
