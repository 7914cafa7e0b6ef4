#!/usr/bin/env python3
"""Generate a per-op MLIR test corpus for boltc with torch-mlir.

Requirements:  pip install torch torch-mlir
(torch-mlir wheels: pip install --pre torch-mlir -f
 https://github.com/llvm/torch-mlir-release/releases/expanded_assets/dev-wheels)

Usage:
    python make_op_corpus.py [--out DIR] [--only NAME ...]
        DIR defaults to <this script's directory>/ops

For every op kind <name> it builds a tiny torch module (eval mode, fixed seed)
and writes
    <name>.mlir  linalg-on-tensors MLIR (func @main) from
                 torch_mlir.fx.export_and_import(..., output_type="linalg-on-tensors"),
                 printed with large_elements_limit=None (weights kept as
                 dense_resource blobs in the {-# dialect_resources #-} section).
    <name>.npz   input0, input1, ... (example inputs) and output0, ...
                 (torch reference outputs), all stored as float32 (also for the
                 fp16 case `linear_f16`, whose real input/output dtype is f16).

Ops in HALF_CASES are also exported in half precision, to half/<name>_f16 and
half/<name>_bf16 (.mlir/.npz): the module converted with .half()/.bfloat16(), the inputs
rounded to that type (stored as float32, exactly), and as outputs what the float32 module
computes from those rounded inputs (the reference for a half-precision result).

Ops that torch-mlir cannot export are skipped and reported (exit status 0).
"""
import argparse
import copy
import os
import sys
import traceback

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

SEED = 0
MAX_MLIR_BYTES = 1 << 20
HALF_DTYPES = (("f16", torch.float16), ("bf16", torch.bfloat16))
# The ops exported in half precision too: the anchors (every convolution and matmul form),
# activations that torch-mlir computes in f32 between extf/truncf, softmax, layer-norm, pooling.
HALF_CASES = (
    "conv2d_nchw", "conv2d_dilated", "conv2d_grouped", "conv2d_depthwise",
    "matmul", "linear", "batch_matmul",
    "relu", "gelu_erf", "gelu_tanh", "sigmoid", "silu", "hardswish",
    "softmax", "layer_norm", "max_pool2d", "avg_pool2d", "global_avg_pool",
)


def export(name, model, inputs, out_dir, reference=None):
    """Export `model(*inputs)` to <out_dir>/<name>.mlir and <name>.npz.

    The npz outputs are `reference` (a function of the inputs) where given, else the model's.
    Returns (mlir_bytes, npz_bytes)."""
    from torch_mlir import fx

    model = model.eval()
    with torch.no_grad():
        outs = (reference or model)(*inputs)
    if not isinstance(outs, (tuple, list)):
        outs = (outs,)
    mod = fx.export_and_import(model, *inputs,
                               output_type="linalg-on-tensors", func_name="main")
    text = mod.operation.get_asm(large_elements_limit=None)
    if "__elided__" in text:
        raise RuntimeError(f"{name}: resource blobs were elided")
    if "dense_resource<" in text and "dialect_resources" not in text:
        raise RuntimeError(f"{name}: dense_resource without dialect_resources section")
    if len(text.encode()) > MAX_MLIR_BYTES:
        raise RuntimeError(f"{name}: MLIR exceeds 1 MB")
    mlir_path = os.path.join(out_dir, name + ".mlir")
    with open(mlir_path, "w") as f:
        f.write(text)
    arrays = {}
    for i, t in enumerate(inputs):
        arrays[f"input{i}"] = t.detach().float().numpy()
    for i, t in enumerate(outs):
        arrays[f"output{i}"] = t.detach().float().numpy()
    npz_path = os.path.join(out_dir, name + ".npz")
    np.savez(npz_path, **arrays)
    return os.path.getsize(mlir_path), os.path.getsize(npz_path)


def export_half(name, model, inputs, out_dir):
    """<name>_f16 and <name>_bf16 in out_dir (see the module docstring).
    Yields (file name, mlir_bytes, npz_bytes)."""
    reference = copy.deepcopy(model).float().eval()
    for suffix, dtype in HALF_DTYPES:
        rounded = tuple(x.to(dtype) for x in inputs)

        def f32_model(*xs):
            return reference(*(x.float() for x in xs))

        half = copy.deepcopy(model).to(dtype).eval()
        yield f"{name}_{suffix}", *export(f"{name}_{suffix}", half, rounded, out_dir,
                                          reference=f32_model)


class Fn(nn.Module):
    """Wrap a stateless function as a module."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, *xs):
        return self.fn(*xs)


class MatmulW(nn.Module):
    """x @ w with a constant 2-D weight."""

    def __init__(self, k, n):
        super().__init__()
        self.w = nn.Parameter(torch.randn(k, n))

    def forward(self, x):
        return x @ self.w


class LayerNormAffine(nn.LayerNorm):
    def __init__(self, n):
        super().__init__(n)
        with torch.no_grad():
            self.weight.copy_(torch.rand(n) * 1.5 + 0.5)
            self.bias.copy_(torch.randn(n) * 0.5)


def op_cases():
    """Yield (name, model_factory, inputs_factory).

    Factories are called after re-seeding, so each case is reproducible on
    its own (also with --only)."""
    r = torch.randn
    img = lambda c=4: (r(2, c, 6, 6),)
    vec = lambda: (r(2, 4, 6),)

    # ---- convolutions -----------------------------------------------------
    yield ("conv2d_nchw", lambda: nn.Conv2d(4, 6, 3, stride=2, padding=1, bias=True),
           lambda: img(4))
    yield ("conv2d_dilated", lambda: nn.Conv2d(4, 6, 3, padding=2, dilation=2),
           lambda: img(4))
    yield ("conv2d_grouped", lambda: nn.Conv2d(4, 6, 3, padding=1, groups=2),
           lambda: img(4))
    yield ("conv2d_depthwise", lambda: nn.Conv2d(4, 4, 3, padding=1, groups=4),
           lambda: img(4))
    # ---- matmuls ----------------------------------------------------------
    yield ("matmul", lambda: MatmulW(8, 5), lambda: (r(3, 8),))
    yield ("linear", lambda: nn.Linear(8, 5, bias=True), lambda: (r(3, 8),))
    yield ("batch_matmul", lambda: Fn(torch.bmm), lambda: (r(2, 3, 8), r(2, 8, 5)))
    # ---- binary elementwise ------------------------------------------------
    yield ("add", lambda: Fn(torch.add), lambda: (r(2, 4, 6), r(2, 4, 6)))
    yield ("sub", lambda: Fn(torch.sub), lambda: (r(2, 4, 6), r(2, 4, 6)))
    yield ("mul", lambda: Fn(torch.mul), lambda: (r(2, 4, 6), r(2, 4, 6)))
    yield ("div", lambda: Fn(torch.div),
           lambda: (r(2, 4, 6), torch.rand(2, 4, 6) + 0.5))
    # ---- unary elementwise --------------------------------------------------
    yield ("relu", lambda: Fn(F.relu), vec)
    yield ("clamp", lambda: Fn(lambda x: torch.clamp(x, -0.5, 0.5)), vec)
    yield ("relu6", lambda: Fn(lambda x: F.relu6(x * 4.0)), vec)
    yield ("gelu_erf", lambda: Fn(F.gelu), vec)
    yield ("gelu_tanh", lambda: Fn(lambda x: F.gelu(x, approximate="tanh")), vec)
    yield ("sigmoid", lambda: Fn(torch.sigmoid), vec)
    yield ("tanh", lambda: Fn(torch.tanh), vec)
    yield ("silu", lambda: Fn(F.silu), vec)
    yield ("hardswish", lambda: Fn(lambda x: F.hardswish(x * 4.0)), vec)
    yield ("softplus", lambda: Fn(F.softplus), vec)
    yield ("exp", lambda: Fn(torch.exp), vec)
    yield ("sqrt", lambda: Fn(lambda x: torch.sqrt(torch.abs(x) + 1.0)), vec)
    yield ("rsqrt", lambda: Fn(lambda x: torch.rsqrt(torch.abs(x) + 1.0)), vec)
    yield ("cast_f16", lambda: Fn(lambda x: x.half().float()), vec)
    # ---- broadcasting / layout ---------------------------------------------
    yield ("broadcast_add", lambda: Fn(lambda x, y, z: (x + y, x + z)),
           lambda: (r(2, 4, 6), r(6), r(4, 1)))
    yield ("transpose",
           lambda: Fn(lambda x: (x.transpose(1, 2).contiguous(), x.permute(2, 0, 1))),
           vec)
    yield ("expand_collapse",
           lambda: Fn(lambda x: (x.reshape(2, 6, 4), torch.flatten(x, 1),
                                 x.unsqueeze(1) * 2.0)),
           vec)
    # ---- pooling ------------------------------------------------------------
    yield ("max_pool2d", lambda: Fn(lambda x: F.max_pool2d(x, 2)), img)
    yield ("avg_pool2d", lambda: Fn(lambda x: F.avg_pool2d(x, 2)), img)
    yield ("global_avg_pool", lambda: Fn(lambda x: F.adaptive_avg_pool2d(x, 1)), img)
    # ---- reductions / normalisation ----------------------------------------
    yield ("mean_reduce", lambda: Fn(lambda x: x.mean(dim=-1, keepdim=True)), vec)
    yield ("sum_reduce", lambda: Fn(lambda x: x.sum(dim=-1)), vec)
    yield ("max_reduce", lambda: Fn(lambda x: x.amax(dim=1)), vec)
    yield ("softmax", lambda: Fn(lambda x: torch.softmax(x, dim=-1)), vec)
    yield ("layer_norm", lambda: LayerNormAffine(6), vec)
    # ---- data movement -----------------------------------------------------
    yield ("concat", lambda: Fn(lambda x, y: torch.cat([x, y], dim=1)),
           lambda: (r(2, 4, 6), r(2, 3, 6)))
    yield ("slice", lambda: Fn(lambda x: x[:, 1:5]), lambda: (r(2, 6, 4),))
    yield ("pad", lambda: Fn(lambda x: F.pad(x, (1, 2, 0, 1), value=0.25)), vec)
    # ---- fp16 --------------------------------------------------------------
    yield ("linear_f16", lambda: nn.Linear(8, 5, bias=True).half(),
           lambda: (r(3, 8).half(),))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "ops"),
        help="output directory (default: <script dir>/ops)")
    ap.add_argument("--only", nargs="*", help="only generate these op names")
    args = ap.parse_args()
    half_dir = os.path.join(args.out, "half")
    os.makedirs(half_dir, exist_ok=True)
    skipped = []
    for i, (name, make_model, make_inputs) in enumerate(op_cases()):
        if args.only and name not in args.only:
            continue
        torch.manual_seed(SEED + i)
        try:
            model = make_model()
            inputs = make_inputs()
            mb, nb = export(name, model, inputs, args.out)
            print(f"{name:18s} {mb:8d} B mlir  {nb:7d} B npz")
            if name in HALF_CASES:
                for half_name, mb, nb in export_half(name, model, inputs, half_dir):
                    print(f"{'half/' + half_name:26s} {mb:8d} B mlir  {nb:7d} B npz")
        except Exception as e:  # keep going; report at the end
            skipped.append((name, f"{type(e).__name__}: {e}".splitlines()[0]))
            traceback.print_exc(file=sys.stderr)
    for name, why in skipped:
        print(f"SKIPPED {name}: {why}")


if __name__ == "__main__":
    main()
