#!/usr/bin/env python3
"""Generate small end-to-end test models for boltc with torch-mlir.

Requirements:  pip install torch torch-mlir
(torch-mlir wheels: pip install --pre torch-mlir -f
 https://github.com/llvm/torch-mlir-release/releases/expanded_assets/dev-wheels)

Usage:
    python make_models.py [--out DIR]      # DIR defaults to this script's directory

For every model <name> it writes
    <name>.mlir  linalg-on-tensors MLIR (func @main) exported with
                 torch_mlir.fx.export_and_import(..., output_type="linalg-on-tensors"),
                 printed with large_elements_limit=None so weights are kept as
                 dense_resource blobs in the trailing {-# dialect_resources #-} section.
    <name>.npz   input0, input1, ... (example inputs) and output0, ... (torch
                 reference outputs), all float32.
and the same model in half precision, model.half() and model.bfloat16():
    half/<name>_f16.mlir, half/<name>_bf16.mlir (the f16/bf16 exports) and their .npz:
                 input0, ... the example inputs rounded to f16/bf16 (stored as float32,
                 exactly), output0, ... the float32 model's outputs on those inputs: the
                 reference a half-precision result is compared with, within its tolerance.

Everything is deterministic (fixed seeds) and built in eval() mode.
"""
import argparse
import copy
import math
import os

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

SEED = 0
MAX_MLIR_BYTES = 1 << 20
HALF_DTYPES = (("f16", torch.float16), ("bf16", torch.bfloat16))


# --------------------------------------------------------------------------- #
# export helper (shared conventions with make_op_corpus.py)
# --------------------------------------------------------------------------- #
def _as_tuple(outs):
    return tuple(outs) if isinstance(outs, (tuple, list)) else (outs,)


def export(name, model, inputs, out_dir, reference=None):
    """Export `model(*inputs)` to <out_dir>/<name>.mlir and <name>.npz.

    The npz outputs are `reference` (a function of the inputs) where given, else the model's.
    Returns (mlir_bytes, npz_bytes)."""
    from torch_mlir import fx

    model = model.eval()
    with torch.no_grad():
        outs = _as_tuple((reference or model)(*inputs))
    mod = fx.export_and_import(model, *inputs,
                               output_type="linalg-on-tensors", func_name="main")
    text = mod.operation.get_asm(large_elements_limit=None)
    if "__elided__" in text:
        raise RuntimeError(f"{name}: resource blobs were elided")
    if "dense_resource<" in text and "dialect_resources" not in text:
        raise RuntimeError(f"{name}: dense_resource without dialect_resources section")
    mlir_path = os.path.join(out_dir, name + ".mlir")
    with open(mlir_path, "w") as f:
        f.write(text)
    if len(text.encode()) > MAX_MLIR_BYTES:
        raise RuntimeError(f"{name}: {mlir_path} exceeds 1 MB")
    arrays = {}
    for i, t in enumerate(inputs):
        arrays[f"input{i}"] = t.detach().float().numpy()
    for i, t in enumerate(outs):
        arrays[f"output{i}"] = t.detach().float().numpy()
    npz_path = os.path.join(out_dir, name + ".npz")
    np.savez(npz_path, **arrays)
    return os.path.getsize(mlir_path), os.path.getsize(npz_path)


def export_half(name, model, inputs, out_dir):
    """<out_dir>/<name>_f16 and <name>_bf16: the model converted to the half type, exported
    with the inputs rounded to it; the npz holds those rounded inputs and what the float32
    model computes from them, so a comparison measures compute precision only.

    Yields (file name, mlir_bytes, npz_bytes)."""
    reference = copy.deepcopy(model).float().eval()
    for suffix, dtype in HALF_DTYPES:
        rounded = tuple(x.to(dtype) for x in inputs)

        def f32_model(*xs):
            return reference(*(x.float() for x in xs))

        half = copy.deepcopy(model).to(dtype).eval()
        sizes = export(f"{name}_{suffix}", half, rounded, out_dir, reference=f32_model)
        yield f"{name}_{suffix}", *sizes


def randomize_bn(bn, gen):
    """Give a BatchNorm non-trivial running stats and affine params."""
    c = bn.num_features
    with torch.no_grad():
        bn.running_mean.copy_(torch.randn(c, generator=gen) * 0.5)
        bn.running_var.copy_(torch.rand(c, generator=gen) * 1.5 + 0.5)
        bn.weight.copy_(torch.rand(c, generator=gen) * 1.5 + 0.5)
        bn.bias.copy_(torch.randn(c, generator=gen) * 0.5)


# --------------------------------------------------------------------------- #
# models
# --------------------------------------------------------------------------- #
class ResNetBlock(nn.Module):
    """Basic residual block, 3 -> 13 channels, stride 2, 1x1 projection shortcut."""

    def __init__(self, cin=3, cout=13, stride=2):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, stride=1, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.proj = nn.Conv2d(cin, cout, 1, stride=stride, bias=False)
        self.bn_proj = nn.BatchNorm2d(cout)

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        s = self.bn_proj(self.proj(x))
        return F.relu(y + s)


class MlpGelu(nn.Module):
    def __init__(self, dims=(37, 64, 24, 10)):
        super().__init__()
        self.fc1 = nn.Linear(dims[0], dims[1])
        self.fc2 = nn.Linear(dims[1], dims[2])
        self.fc3 = nn.Linear(dims[2], dims[3])

    def forward(self, x):
        x = F.gelu(self.fc1(x))                       # erf GELU
        x = F.gelu(self.fc2(x), approximate="tanh")   # tanh GELU
        return self.fc3(x)


class B2BGemm(nn.Module):
    def __init__(self, k=32, n1=32, n2=16):
        super().__init__()
        self.fc1 = nn.Linear(k, n1)
        self.fc2 = nn.Linear(n1, n2)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))


class SmallCnn(nn.Module):
    def __init__(self, cin=3, c1=8, c2=12, classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, c1, 3, padding=1)
        self.conv2 = nn.Conv2d(c1, c2, 3, padding=1)
        self.head = nn.Linear(c2, classes)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)    # 16 -> 8
        x = F.avg_pool2d(F.relu(self.conv2(x)), 2)    # 8 -> 4
        x = F.adaptive_avg_pool2d(x, 1)               # 4 -> 1
        x = torch.flatten(x, 1)
        return self.head(x)


class AttentionBlock(nn.Module):
    """One-head self-attention with a residual and a post-norm: q/k/v projections,
    softmax(Q K^T / sqrt(d)) V, output projection, x + that, LayerNorm (random affine)."""

    def __init__(self, d=32):
        super().__init__()
        self.q = nn.Linear(d, d)
        self.k = nn.Linear(d, d)
        self.v = nn.Linear(d, d)
        self.out = nn.Linear(d, d)
        self.norm = nn.LayerNorm(d)
        self.scale = 1.0 / math.sqrt(d)

    def forward(self, x):
        q, k, v = self.q(x), self.k(x), self.v(x)
        attention = torch.softmax(q @ k.transpose(-2, -1) * self.scale, dim=-1)
        return self.norm(x + self.out(attention @ v))


class BnResidualCnn(nn.Module):
    """conv3x3 3->8 -> BN -> ReLU, then a basic block (conv3x3 -> BN -> ReLU -> conv3x3 -> BN,
    + identity, ReLU), max_pool2d(2), global average pool, Linear 8->10. Convs bias-free."""

    def __init__(self, cin=3, c=8, classes=10):
        super().__init__()
        self.stem = nn.Conv2d(cin, c, 3, padding=1, bias=False)
        self.bn0 = nn.BatchNorm2d(c)
        self.conv1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(c)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(c)
        self.head = nn.Linear(c, classes)

    def forward(self, x):
        x = F.relu(self.bn0(self.stem(x)))
        y = F.relu(self.bn1(self.conv1(x)))
        x = F.relu(x + self.bn2(self.conv2(y)))
        x = F.adaptive_avg_pool2d(F.max_pool2d(x, 2), 1)
        return self.head(torch.flatten(x, 1))


class ResNeXtBlock(nn.Module):
    """A ResNeXt bottleneck: 1x1 16->16, 3x3 grouped (groups 4: 4 channels per group), 1x1 16->16,
    each with BN, ReLU after the first two, + identity, ReLU. Convs bias-free."""

    def __init__(self, c=16, width=16, groups=4):
        super().__init__()
        self.conv1 = nn.Conv2d(c, width, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(width)
        self.conv2 = nn.Conv2d(width, width, 3, padding=1, groups=groups, bias=False)
        self.bn2 = nn.BatchNorm2d(width)
        self.conv3 = nn.Conv2d(width, c, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(c)

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        y = F.relu(self.bn2(self.conv2(y)))
        return F.relu(x + self.bn3(self.conv3(y)))


class InvertedResidual(nn.Module):
    """MobileNetV2's block: 1x1 expand 8->48, ReLU6; 3x3 depthwise (groups 48), ReLU6; 1x1
    project 48->8; + identity. BN after each conv, convs bias-free."""

    def __init__(self, c=8, expand=6):
        super().__init__()
        hidden = c * expand
        self.expand = nn.Conv2d(c, hidden, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(hidden)
        self.depthwise = nn.Conv2d(hidden, hidden, 3, padding=1, groups=hidden, bias=False)
        self.bn2 = nn.BatchNorm2d(hidden)
        self.project = nn.Conv2d(hidden, c, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(c)

    def forward(self, x):
        y = F.relu6(self.bn1(self.expand(x)))
        y = F.relu6(self.bn2(self.depthwise(y)))
        return x + self.bn3(self.project(y))


class RepVggBlock(nn.Module):
    """A RepVGG block as trained (timm's `repvgg_*` before `reparameterize()`): 3x3 conv + BN,
    1x1 conv + BN and, where shapes allow, a BN of the input itself, summed, then ReLU."""

    def __init__(self, cin, cout, stride=1, groups=1):
        super().__init__()
        self.conv3 = nn.Conv2d(cin, cout, 3, stride, 1, groups=groups, bias=False)
        self.bn3 = nn.BatchNorm2d(cout)
        self.conv1 = nn.Conv2d(cin, cout, 1, stride, 0, groups=groups, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.identity = nn.BatchNorm2d(cin) if cin == cout and stride == 1 else None

    def batchnorms(self):
        return [bn for bn in (self.bn3, self.bn1, self.identity) if bn is not None]

    def forward(self, x):
        y = self.bn3(self.conv3(x)) + self.bn1(self.conv1(x))
        if self.identity is not None:
            y = y + self.identity(x)
        return F.relu(y)


def build_models():
    """Yield (name, model, inputs) deterministically."""
    torch.manual_seed(SEED)
    gen = torch.Generator().manual_seed(SEED + 1)

    m = ResNetBlock()
    for bn in (m.bn1, m.bn2, m.bn_proj):
        randomize_bn(bn, gen)
    yield "resnet_block", m.eval(), (torch.randn(2, 3, 16, 16, generator=gen),)

    yield "mlp_gelu", MlpGelu().eval(), (torch.randn(4, 37, generator=gen),)

    yield "b2b_gemm", B2BGemm().eval(), (torch.randn(64, 32, generator=gen),)

    yield "small_cnn", SmallCnn().eval(), (torch.randn(2, 3, 16, 16, generator=gen),)

    m = AttentionBlock()
    with torch.no_grad():
        m.norm.weight.copy_(torch.rand(32, generator=gen) * 1.5 + 0.5)
        m.norm.bias.copy_(torch.randn(32, generator=gen) * 0.5)
    yield "attention_block", m.eval(), (torch.randn(2, 8, 32, generator=gen),)

    m = BnResidualCnn()
    for bn in (m.bn0, m.bn1, m.bn2):
        randomize_bn(bn, gen)
    yield "bn_residual_cnn", m.eval(), (torch.randn(2, 3, 16, 16, generator=gen),)

    m = ResNeXtBlock()
    for bn in (m.bn1, m.bn2, m.bn3):
        randomize_bn(bn, gen)
    yield "resnext_block", m.eval(), (torch.randn(2, 16, 8, 8, generator=gen),)

    m = InvertedResidual()
    for bn in (m.bn1, m.bn2, m.bn3):
        randomize_bn(bn, gen)
    yield "inverted_residual", m.eval(), (torch.randn(2, 8, 8, 8, generator=gen),)

    # torch.nn's encoder layer as BERT uses it (post-norm, GELU), 4 heads of 8, batch first.
    m = nn.TransformerEncoderLayer(32, 4, dim_feedforward=64, dropout=0.0, activation="gelu", batch_first=True)
    with torch.no_grad():
        for norm in (m.norm1, m.norm2):
            norm.weight.copy_(torch.rand(32, generator=gen) * 1.5 + 0.5)
            norm.bias.copy_(torch.randn(32, generator=gen) * 0.5)
    yield "encoder_layer", m.eval(), (torch.randn(2, 8, 32, generator=gen),)

    # Two RepVGG blocks: 4 -> 16 channels at stride 2 (no identity branch), then 16 -> 16 with
    # 2 groups and the identity branch (merge-parallel-convs makes each one convolution).
    m = nn.Sequential(RepVggBlock(4, 16, stride=2), RepVggBlock(16, 16, groups=2))
    for block in m:
        for bn in block.batchnorms():
            randomize_bn(bn, gen)
    yield "repvgg_block", m.eval(), (torch.randn(2, 4, 12, 12, generator=gen),)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)),
                    help="output directory (default: this script's directory)")
    ap.add_argument("--only", nargs="+", metavar="NAME", help="write only these models")
    args = ap.parse_args()
    half_dir = os.path.join(args.out, "half")
    os.makedirs(half_dir, exist_ok=True)
    for name, model, inputs in build_models():
        if args.only and name not in args.only:
            continue
        mb, nb = export(name, model, inputs, args.out)
        print(f"{name:20s} {name}.mlir {mb:8d} B   {name}.npz {nb:8d} B")
        for half_name, mb, nb in export_half(name, model, inputs, half_dir):
            print(f"{half_name:20s} half/{half_name}.mlir {mb:8d} B   .npz {nb:8d} B")


if __name__ == "__main__":
    main()
