"""bench/models.py's overflow report without a GPU: a model whose fp16 activations pass 65504
is blamed on the op that overflowed, through the same passes boltc compiles it with (issue 12,
item 7: a non-finite output is explained, not returned silently)."""

from __future__ import annotations

import pytest

import bench_scripts

torch = pytest.importorskip("torch")

models = bench_scripts.load("models")


class Overflowing(torch.nn.Module):
    """Two linear layers of weight 30: |x| ~ 1 becomes ~ 1e3 after the first and ~ 1e6 after
    the second (past f16's 65504, well within bf16's range)."""

    def __init__(self):
        super().__init__()
        self.first = torch.nn.Linear(32, 32, bias=False)
        self.second = torch.nn.Linear(32, 32, bias=False)
        with torch.no_grad():
            self.first.weight.fill_(30.0)
            self.second.weight.fill_(30.0)

    def forward(self, x):
        return self.second(torch.relu(self.first(x)))


def test_an_f16_overflow_is_located_at_the_second_gemm():
    x = torch.ones(1, 32)
    where = models.locate_overflow(Overflowing().eval(), x, torch.float16, "f16")
    assert "node 'linear_1': 'bolt.gemm' overflowed f16" in where, where  # the second layer
    assert "beyond f16's largest value 65504" in where


def test_bf16_has_the_range_so_nothing_is_located():
    x = torch.ones(1, 32)
    where = models.locate_overflow(Overflowing().eval(), x, torch.bfloat16, "bf16")
    assert where.startswith("none in the reference executor"), where
