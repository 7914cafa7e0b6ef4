"""bench/cublas_kernels.py on the CPU: its command line (the GEMMs and cuDNN's convolutions it
reads kernels for) and its refusal without a GPU. The kernel names and times themselves come
from a GPU run (bench/RESULTS.md)."""

from __future__ import annotations

import pytest

from bench_scripts import load

cublas_kernels = load("cublas_kernels")


def test_bad_conv_fields_are_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_info:
        cublas_kernels.main(["--convs", "7,7,512,2048"])
    assert exit_info.value.code == 2
    assert "expected H,W,C,F,R,S,stride,pad" in capsys.readouterr().err


def test_bad_gemm_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_info:
        cublas_kernels.main(["--gemms", "1568x2048"])
    assert exit_info.value.code == 2


def test_missing_table_without_shapes_is_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_info:
        cublas_kernels.main(["--workloads", str(tmp_path / "none.json")])
    assert exit_info.value.code == 2
    assert "no such workload table" in capsys.readouterr().err


def test_without_a_gpu_it_says_so(capsys):
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("a GPU is present: the script would run")
    assert cublas_kernels.main(["--convs", "7,7,512,2048,1,1,1,0"]) == 1
    assert "needs a CUDA GPU" in capsys.readouterr().err


def test_paper_gemms_are_the_table_rows_once_each():
    table = {"gemm": [{"M": 1280, "N": 768, "K": 768}, {"M": 1280, "N": 768, "K": 768},
                      {"M": 4096, "N": 4096, "K": 4096}]}
    assert cublas_kernels.paper_gemms(table) == [(1280, 768, 768), (4096, 4096, 4096)]
