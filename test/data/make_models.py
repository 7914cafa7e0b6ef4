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

Everything is deterministic (fixed seeds) and built in eval() mode.
"""
import argparse
import os

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

SEED = 0
MAX_MLIR_BYTES = 1 << 20


# --------------------------------------------------------------------------- #
# export helper (shared conventions with make_op_corpus.py)
# --------------------------------------------------------------------------- #
def export(name, model, inputs, out_dir):
    """Export `model(*inputs)` to <out_dir>/<name>.mlir and <name>.npz.

    Returns (mlir_bytes, npz_bytes)."""
    from torch_mlir import fx

    model = model.eval()
    with torch.no_grad():
        outs = model(*inputs)
    if not isinstance(outs, (tuple, list)):
        outs = (outs,)
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


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)),
                    help="output directory (default: this script's directory)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for name, model, inputs in build_models():
        mb, nb = export(name, model, inputs, args.out)
        print(f"{name:14s} {name}.mlir {mb:8d} B   {name}.npz {nb:8d} B")


if __name__ == "__main__":
    main()
