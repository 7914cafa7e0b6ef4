"""conv-as-gemm: the reference executor's values before and after the pass, on the lit file's
functions and on a torch bottleneck block through the whole pipeline (against torch), with the
rewritten layers' epilogues fused through the reshape."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp

import boltc
from boltc.dialects import bolt
from boltc.dialects.context import bolt_context
from boltc.frontends import load
from boltc.passes.conv_as_gemm import ConvAsGemmPass, pointwise_blocker
from boltc.passes.pipeline import run_pipeline

ROOT = Path(__file__).resolve().parents[2]
LIT = ROOT / "lit" / "conv-as-gemm" / "pointwise.mlir"


def _ops(module: ModuleOp, kind) -> list:
    return [op for op in module.walk() if isinstance(op, kind)]


def _random_inputs(module: ModuleOp, seed: int) -> list[np.ndarray]:
    (fn,) = [op for op in module.ops if isinstance(op, func.FuncOp)]
    rng = np.random.default_rng(seed)
    dtypes = {"f16": np.float16, "f32": np.float32}
    return [rng.standard_normal(t.get_shape()).astype(dtypes[str(t.get_element_type())])
            for t in fn.function_type.inputs.data]


@pytest.mark.parametrize("chunk, gemms", [(0, 1), (1, 1), (2, 0)])
def test_lit_functions_keep_their_values(chunk: int, gemms: int):
    module = load(LIT.read_text().split("// -----")[chunk])
    inputs = _random_inputs(module, chunk)
    before = boltc.interpret(module, *inputs)
    ConvAsGemmPass().apply(bolt_context(), module)
    module.verify()
    assert len(_ops(module, bolt.GemmOp)) == gemms
    # The same products summed in the same order over C: bit-identical.
    for a, b in zip(boltc.interpret(module, *inputs), before):
        np.testing.assert_array_equal(a, b)


def test_bottleneck_block_against_torch():
    """A ResNet bottleneck (1x1 reduce, 3x3, 1x1 expand, a 1x1 projection shortcut, batch-norm
    and ReLU), imported from torch: after the whole f32 pipeline its three pointwise layers are
    GEMMs with their epilogues fused (the expand and the shortcut then merged into one GEMM over
    their concatenated K by merge-residual-gemms: N 32 > K 8 + 16), the 3x3 stays a
    convolution, and the values are torch's."""
    torch = pytest.importorskip("torch")
    nn = torch.nn

    class Bottleneck(nn.Module):
        def __init__(self):
            super().__init__()
            self.reduce = nn.Sequential(nn.Conv2d(16, 8, 1, bias=False), nn.BatchNorm2d(8), nn.ReLU())
            self.spatial = nn.Sequential(nn.Conv2d(8, 8, 3, padding=1, bias=False), nn.BatchNorm2d(8), nn.ReLU())
            self.expand = nn.Sequential(nn.Conv2d(8, 32, 1, bias=False), nn.BatchNorm2d(32))
            self.shortcut = nn.Sequential(nn.Conv2d(16, 32, 1, bias=False), nn.BatchNorm2d(32))

        def forward(self, x):
            return torch.relu(self.expand(self.spatial(self.reduce(x))) + self.shortcut(x))

    torch.manual_seed(0)
    block = Bottleneck().eval()
    for bn in (m for m in block.modules() if isinstance(m, nn.BatchNorm2d)):
        bn.running_mean.uniform_(-0.5, 0.5)
        bn.running_var.uniform_(0.5, 1.5)
    x = torch.randn(2, 16, 6, 6)
    with torch.no_grad():
        want = block(x).numpy()
    module = load(block, (x,))
    run_pipeline(module, precision="f32", arch="sm_90a", fuse_b2b=False)
    gemms, convs = _ops(module, bolt.GemmOp), _ops(module, bolt.Conv2dOp)
    assert (len(gemms), len(convs)) == (2, 1)
    assert sorted(bolt.shape_of(g.lhs)[1] for g in gemms) == [16, 24]  # reduce; expand + shortcut
    assert all(not g.is_plain_store() for g in gemms)  # bias (+ ReLU) fused
    (got,) = boltc.interpret(module, x.numpy())
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)


def test_pipeline_fuses_the_rewritten_layers_epilogues():
    """A pointwise conv + bias + ReLU + residual, in f16 through the whole pipeline: one GEMM
    whose epilogue holds all of it, nothing elementwise left outside."""
    text = """
    func.func @main(%x: tensor<2x6x6x16xf16>, %f: tensor<32x1x1x16xf16>, %b: tensor<32xf16>,
                    %r: tensor<2x6x6x32xf16>) -> tensor<2x6x6x32xf16> {
      %y = bolt.conv2d nhwc %x, %f strides [1, 1] padding [0, 0, 0, 0] dilations [1, 1] groups 1 : tensor<2x6x6x16xf16>, tensor<32x1x1x16xf16> -> tensor<2x6x6x32xf16> {
      ^bb0(%acc: tensor<2x6x6x32xf32>):
        bolt.yield %acc : tensor<2x6x6x32xf32>
      }
      %s = bolt.ew.add %y, %b : tensor<2x6x6x32xf16>, tensor<32xf16> -> tensor<2x6x6x32xf16>
      %t = bolt.ew.add %s, %r : tensor<2x6x6x32xf16>, tensor<2x6x6x32xf16> -> tensor<2x6x6x32xf16>
      %u = bolt.ew.relu %t : tensor<2x6x6x32xf16> -> tensor<2x6x6x32xf16>
      func.return %u : tensor<2x6x6x32xf16>
    }
    """
    module = load(text)
    inputs = _random_inputs(module, 7)
    before = boltc.interpret(module, *inputs)
    run_pipeline(module, precision="f16", arch="sm_90a", fuse_b2b=False)
    (gemm,) = _ops(module, bolt.GemmOp)
    assert not _ops(module, bolt.Conv2dOp)
    fn = next(op for op in module.ops if isinstance(op, func.FuncOp))
    outside = [op.name for op in fn.body.block.ops if isinstance(op, bolt.ELEMENTWISE_OPS)]
    assert outside == []
    assert len(gemm.extras) == 2
    # Unfused, every op rounds to f16; fused, the epilogue keeps f32 until the store.
    for got, ref in zip(boltc.interpret(module, *inputs), before):
        np.testing.assert_allclose(got.astype(np.float32), ref.astype(np.float32), rtol=2e-2, atol=2e-2)


def _pipeline_anchors(model, x, fuse_b2b: bool) -> list[str]:
    from boltc.compiler import load_for_compile, optimize

    module, _ = load_for_compile(model, (x,))
    optimize(module, "sm_90a", "f16", fuse_b2b=fuse_b2b)
    return [op.name for op in module.walk() if isinstance(op, (bolt.Conv2dOp, bolt.GemmOp, bolt.B2bOp))]


def test_a_chained_pointwise_conv_fuse_b2b_refuses_is_a_gemm_as_without_it():
    """MobileNetV2's pattern: depthwise 3x3 -> ReLU -> 1x1. fuse-b2b refuses the pair (the first
    is grouped), so the pipeline's probe finds no b2b and conv-as-gemm makes the 1x1 a GEMM,
    exactly as with fuse-b2b off (it stayed a convolution before: 19 kernels against 10 on
    MobileNetV2)."""
    torch = pytest.importorskip("torch")
    model = torch.nn.Sequential(torch.nn.Conv2d(32, 32, 3, padding=1, groups=32), torch.nn.ReLU(),
                                torch.nn.Conv2d(32, 64, 1), torch.nn.ReLU()).half()
    x = torch.randn(2, 32, 14, 14, dtype=torch.half)
    assert _pipeline_anchors(model, x, True) == _pipeline_anchors(model, x, False) == ["bolt.conv2d", "bolt.gemm"]


def test_a_chained_pointwise_conv_fuse_b2b_pairs_stays_a_convolution_in_the_b2b():
    torch = pytest.importorskip("torch")
    model = torch.nn.Sequential(torch.nn.Conv2d(32, 64, 3, padding=1), torch.nn.ReLU(),
                                torch.nn.Conv2d(64, 64, 1), torch.nn.ReLU()).half()
    x = torch.randn(2, 32, 28, 28, dtype=torch.half)
    assert _pipeline_anchors(model, x, True) == ["bolt.b2b", "bolt.conv2d", "bolt.conv2d"]
    assert _pipeline_anchors(model, x, False) == ["bolt.conv2d", "bolt.gemm"]
