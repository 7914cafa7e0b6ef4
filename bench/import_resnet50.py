"""How long boltc takes to load a ResNet-50 exported by torch-mlir (the acceptance target:
under 20 s for a ~100 MB file on the 2-core development machine).

The model is generated here, deterministically and with numpy only, in the linalg-on-tensors
form torch-mlir's FX importer emits (see test/data/resnet_block.mlir and small_cnn.mlir):
tensor.pad + linalg.conv_2d_nchw_fchw into a zero linalg.fill, eval-mode batch norm as seven
generics with tensor.expand_shape, ReLU as cmpf ugt + select, a -inf-padded max pool, residual
adds, global average pooling as a reduction generic + divf, and the head as linalg.transpose
+ matmul + a bias generic. Every weight is an f32 dense_resource blob (torchvision's shapes:
53 convolutions, 25.6 M parameters and batch-norm statistics).

    python bench/import_resnet50.py [--batch N] [--keep resnet50.mlir]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

Shape = tuple[int, ...]

RESNET50_STAGES = ((64, 3, 1), (128, 4, 2), (256, 6, 2), (512, 3, 2))  # width, blocks, stride
EXPANSION = 4
NUM_CLASSES = 1000


def tensor_type(shape: Shape) -> str:
    return f"tensor<{'x'.join(map(str, shape))}xf32>"


def float_literal(value: float) -> str:
    """An f32 constant as MLIR prints it (`1.000000e-05`, `0xFF800000` for -inf)."""
    if value == -np.inf:
        return "0xFF800000"
    return f"{value:.6e}"


def identity_map(rank: int) -> str:
    dims = ", ".join(f"d{i}" for i in range(rank))
    return f"affine_map<({dims}) -> ({dims})>"


@dataclass
class TorchMlirWriter:
    """Writes one `func.func @main` the way torch-mlir prints it: constants first, then the
    ops in graph order, tensor.empty and linalg.fill shared per shape (torch-mlir's CSE)."""

    rng: np.random.Generator
    scalars: list[str] = field(default_factory=list)
    constants: list[str] = field(default_factory=list)
    body: list[str] = field(default_factory=list)
    resources: list[tuple[str, str]] = field(default_factory=list)
    maps: dict[str, str] = field(default_factory=dict)
    _keys: Counter[str] = field(default_factory=Counter)
    _scalars: dict[tuple[float, str], str] = field(default_factory=dict)
    _empties: dict[Shape, str] = field(default_factory=dict)
    _fills: dict[tuple[Shape, float], str] = field(default_factory=dict)
    _counter: int = 0
    _cst_counter: int = 0
    parameters: int = 0

    # ---- names and shared values ---------------------------------------------------------

    def value(self, prefix: str = "") -> str:
        self._counter += 1
        return f"%{prefix}{self._counter}"

    def affine_map(self, text: str) -> str:
        if text not in self.maps:
            self.maps[text] = f"#map{len(self.maps) or ''}"
        return self.maps[text]

    def _constant_name(self) -> str:
        self._cst_counter += 1
        return f"%cst_{self._cst_counter}"

    def scalar(self, value: float, type_: str = "f32") -> str:
        key = (value, type_)
        if key not in self._scalars:
            name = self._constant_name()
            literal = float_literal(value)
            self.scalars.append(f"{name} = arith.constant {literal} : {type_}")
            self._scalars[key] = name
        return self._scalars[key]

    def weight(self, array: np.ndarray) -> str:
        """An arith.constant dense_resource<...> with torch-mlir's key naming."""
        shape = array.shape
        base = f"torch_tensor_{'_'.join(map(str, shape))}_torch.float32"
        n = self._keys[base]
        self._keys[base] += 1
        key = base if n == 0 else f"{base}_{n}"
        blob = "0x04000000" + np.ascontiguousarray(array, dtype="<f4").tobytes().hex().upper()
        self.resources.append((key, blob))
        self.parameters += array.size
        name = self._constant_name()
        self.constants.append(f"{name} = arith.constant dense_resource<{key}> : {tensor_type(shape)}")
        return name

    def empty(self, shape: Shape) -> str:
        if shape not in self._empties:
            name = self.value()
            self.body.append(f"{name} = tensor.empty() : {tensor_type(shape)}")
            self._empties[shape] = name
        return self._empties[shape]

    def fill(self, shape: Shape, value: float) -> str:
        key = (shape, value)
        if key not in self._fills:
            scalar, empty, name = self.scalar(value), self.empty(shape), self.value()
            t = tensor_type(shape)
            self.body.append(f"{name} = linalg.fill ins({scalar} : f32) outs({empty} : {t}) -> {t}")
            self._fills[key] = name
        return self._fills[key]

    # ---- ops -----------------------------------------------------------------------------

    def pad(self, x: str, shape: Shape, pad: int, value: float) -> tuple[str, Shape]:
        n, c, h, w = shape
        out = (n, c, h + 2 * pad, w + 2 * pad)
        name, scalar = self.value("padded_"), self.scalar(value)
        self.body += [
            f"{name} = tensor.pad {x} low[0, 0, {pad}, {pad}] high[0, 0, {pad}, {pad}] {{",
            "^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):",
            f"  tensor.yield {scalar} : f32",
            f"}} : {tensor_type(shape)} to {tensor_type(out)}",
        ]
        return name, out

    def conv(self, x: str, shape: Shape, out_channels: int, kernel: int, stride: int, pad: int
             ) -> tuple[str, Shape]:
        n, c, h, w = shape
        fan_in = c * kernel * kernel
        weights = self.rng.standard_normal((out_channels, c, kernel, kernel), dtype=np.float32)
        filt = self.weight(weights * np.float32(np.sqrt(2.0 / fan_in)))
        if pad:
            x, shape = self.pad(x, shape, pad, 0.0)
        _, _, hp, wp = shape
        out = (n, out_channels, (hp - kernel) // stride + 1, (wp - kernel) // stride + 1)
        init, name = self.fill(out, 0.0), self.value()
        self.body.append(
            f"{name} = linalg.conv_2d_nchw_fchw {{dilations = dense<1> : vector<2xi64>, "
            f"strides = dense<{stride}> : vector<2xi64>}} ins({x}, {filt} : {tensor_type(shape)}, "
            f"{tensor_type(weights.shape)}) outs({init} : {tensor_type(out)}) -> {tensor_type(out)}"
        )
        return name, out

    def generic(self, inputs: Sequence[tuple[str, Shape, str]], out_shape: Shape, outs: str,
                iterators: Sequence[str], body: Sequence[str]) -> str:
        """A linalg.generic; `body` lines use %in, %in_0, ... for the inputs and %out."""
        names = ["%in"] + [f"%in_{i}" for i in range(len(inputs) - 1)]
        maps = [self.affine_map(m) for _, _, m in inputs]
        rank = len(iterators)
        out_map = self.affine_map(identity_map(rank) if all(i == "parallel" for i in iterators)
                                  else "affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>")
        ins = ", ".join(v for v, _, _ in inputs)
        ins_types = ", ".join(tensor_type(s) for _, s, _ in inputs)
        t = tensor_type(out_shape)
        name = self.value()
        self.body += [
            f"{name} = linalg.generic {{indexing_maps = [{', '.join(maps + [out_map])}], "
            f"iterator_types = [{', '.join(f'{chr(34)}{i}{chr(34)}' for i in iterators)}]}} "
            f"ins({ins} : {ins_types}) outs({outs} : {t}) {{",
            f"^bb0({', '.join(f'{n}: f32' for n in names)}, %out: f32):",
            *(f"  {line}" for line in body),
            f"}} -> {t}",
        ]
        return name

    def elementwise(self, inputs: Sequence[tuple[str, Shape, str]], shape: Shape, body: Sequence[str]) -> str:
        return self.generic(inputs, shape, self.empty(shape), ["parallel"] * len(shape), body)

    def expand_channels(self, vector: str, channels: int) -> str:
        name = self.value("expanded_")
        self.body.append(
            f"{name} = tensor.expand_shape {vector} [[0, 1, 2]] output_shape [{channels}, 1, 1] : "
            f"{tensor_type((channels,))} into {tensor_type((channels, 1, 1))}"
        )
        return name

    def batch_norm(self, x: str, shape: Shape) -> str:
        """Eval-mode BatchNorm2d exactly as torch-mlir decomposes it (resnet_block.mlir)."""
        c = shape[1]
        rng = self.rng
        weight = self.weight(rng.uniform(0.5, 1.5, c).astype(np.float32))
        bias = self.weight(rng.uniform(-0.1, 0.1, c).astype(np.float32))
        mean = self.weight(rng.uniform(-0.1, 0.1, c).astype(np.float32))
        var = self.weight(rng.uniform(0.5, 1.5, c).astype(np.float32))
        eps, zero, one = self.scalar(1e-5, "f64"), self.scalar(0.0), self.scalar(1.0)
        vec, full = identity_map(1), identity_map(4)
        per_channel = "affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>"
        v = self.elementwise([(var, (c,), vec)], (c,), [
            f"%b0 = arith.truncf {eps} : f64 to f32", "%b1 = arith.addf %in, %b0 : f32",
            "linalg.yield %b1 : f32"])
        v = self.elementwise([(v, (c,), vec)], (c,), ["%b0 = math.sqrt %in : f32", "linalg.yield %b0 : f32"])
        inv_std = self.elementwise([(v, (c,), vec)], (c,), [
            f"%b0 = arith.cmpf one, %in, {zero} : f32",
            'cf.assert %b0, "unimplemented: tensor with zero element"',
            f"%b1 = arith.divf {one}, %in : f32", "linalg.yield %b1 : f32"])
        mean_e, inv_std_e = self.expand_channels(mean, c), self.expand_channels(inv_std, c)
        y = x
        for vector, op in ((mean_e, "subf"), (inv_std_e, "mulf"), (weight, "mulf"), (bias, "addf")):
            if vector in (weight, bias):
                vector = self.expand_channels(vector, c)
            y = self.elementwise([(y, shape, full), (vector, (c, 1, 1), per_channel)], shape, [
                f"%b0 = arith.{op} %in, %in_0 : f32", "linalg.yield %b0 : f32"])
        return y

    def relu(self, x: str, shape: Shape) -> str:
        zero = self.scalar(0.0)
        return self.elementwise([(x, shape, identity_map(len(shape)))], shape, [
            f"%b0 = arith.cmpf ugt, %in, {zero} : f32", f"%b1 = arith.select %b0, %in, {zero} : f32",
            "linalg.yield %b1 : f32"])

    def add(self, a: str, b: str, shape: Shape) -> str:
        m = identity_map(len(shape))
        return self.elementwise([(a, shape, m), (b, shape, m)], shape, [
            "%b0 = arith.addf %in, %in_0 : f32", "linalg.yield %b0 : f32"])

    def max_pool(self, x: str, shape: Shape, kernel: int, stride: int, pad: int) -> tuple[str, Shape]:
        x, shape = self.pad(x, shape, pad, -np.inf)
        n, c, h, w = shape
        out = (n, c, (h - kernel) // stride + 1, (w - kernel) // stride + 1)
        init, window, name = self.fill(out, -np.inf), self.empty((kernel, kernel)), self.value()
        self.body.append(
            f"{name} = linalg.pooling_nchw_max {{dilations = dense<1> : vector<2xi64>, "
            f"strides = dense<{stride}> : vector<2xi64>}} ins({x}, {window} : {tensor_type(shape)}, "
            f"{tensor_type((kernel, kernel))}) outs({init} : {tensor_type(out)}) -> {tensor_type(out)}"
        )
        return name, out

    def global_avg_pool(self, x: str, shape: Shape) -> tuple[str, Shape]:
        n, c, h, w = shape
        out = (n, c, 1, 1)
        summed = self.generic([(x, shape, identity_map(4))], out, self.fill(out, 0.0),
                              ["parallel", "parallel", "reduction", "reduction"],
                              ["%b0 = arith.addf %in, %out : f32", "linalg.yield %b0 : f32"])
        area = self.scalar(float(h * w))
        mean = self.elementwise([(summed, out, identity_map(4))], out, [
            f"%b0 = arith.divf %in, {area} : f32", "linalg.yield %b0 : f32"])
        return mean, out

    def linear(self, x: str, shape: Shape, out_features: int) -> tuple[str, Shape]:
        n, k = shape
        bound = 1.0 / np.sqrt(k)
        weights = self.rng.uniform(-bound, bound, (out_features, k)).astype(np.float32)
        w = self.weight(weights)
        b = self.weight(self.rng.uniform(-bound, bound, out_features).astype(np.float32))
        t_shape, out = (k, out_features), (n, out_features)
        transposed = self.value("transposed_")
        self.body.append(
            f"{transposed} = linalg.transpose ins({w} : {tensor_type(weights.shape)}) "
            f"outs({self.empty(t_shape)} : {tensor_type(t_shape)}) permutation = [1, 0] "
        )
        product = self.value()
        self.body.append(
            f"{product} = linalg.matmul ins({x}, {transposed} : {tensor_type(shape)}, "
            f"{tensor_type(t_shape)}) outs({self.fill(out, 0.0)} : {tensor_type(out)}) -> {tensor_type(out)}"
        )
        return self.elementwise(
            [(product, out, identity_map(2)), (b, (out_features,), "affine_map<(d0, d1) -> (d1)>")],
            out, ["%b0 = arith.addf %in, %in_0 : f32", "linalg.yield %b0 : f32"]), out

    def collapse(self, x: str, shape: Shape) -> tuple[str, Shape]:
        out = (shape[0], int(np.prod(shape[1:])))
        name = self.value("collapsed_")
        self.body.append(f"{name} = tensor.collapse_shape {x} [[0], [1, 2, 3]] : "
                         f"{tensor_type(shape)} into {tensor_type(out)}")
        return name, out

    # ---- the module ----------------------------------------------------------------------

    def module_text(self, input_shape: Shape, result: str, result_shape: Shape) -> str:
        lines = [f"{alias} = {text}" for text, alias in self.maps.items()]
        lines += ["module {",
                  f"  func.func @main(%arg0: {tensor_type(input_shape)}) -> {tensor_type(result_shape)} {{"]
        lines += [f"    {line}" for line in self.scalars]
        lines += [f"    {line}" for line in reversed(self.constants)]  # torch-mlir: last used first
        lines += [f"    {line}" for line in self.body]
        lines += [f"    return {result} : {tensor_type(result_shape)}", "  }", "}", "", "{-#",
                  "  dialect_resources: {", "    builtin: {"]
        lines += [f'      {key}: "{blob}"{"," if i + 1 < len(self.resources) else ""}'
                  for i, (key, blob) in enumerate(self.resources)]
        lines += ["    }", "  }", "#-}", ""]
        return "\n".join(lines)


def bottleneck(m: TorchMlirWriter, x: str, shape: Shape, width: int, stride: int) -> tuple[str, Shape]:
    """torchvision's Bottleneck (v1.5: the stride is on the 3x3 convolution)."""
    out_channels = width * EXPANSION
    y, s = m.conv(x, shape, width, 1, 1, 0)
    y = m.relu(m.batch_norm(y, s), s)
    y, s = m.conv(y, s, width, 3, stride, 1)
    y = m.relu(m.batch_norm(y, s), s)
    y, s = m.conv(y, s, out_channels, 1, 1, 0)
    y = m.batch_norm(y, s)
    identity = x
    if stride != 1 or shape[1] != out_channels:
        identity, ds = m.conv(x, shape, out_channels, 1, stride, 0)
        identity = m.batch_norm(identity, ds)
    return m.relu(m.add(y, identity, s), s), s


def resnet50_text(batch: int = 1, seed: int = 0) -> tuple[str, int, int]:
    """(MLIR text, number of convolutions, number of weights) of a random-weight ResNet-50."""
    m = TorchMlirWriter(np.random.default_rng(seed))
    shape: Shape = (batch, 3, 224, 224)
    x, s = m.conv("%arg0", shape, 64, 7, 2, 3)
    x = m.relu(m.batch_norm(x, s), s)
    x, s = m.max_pool(x, s, 3, 2, 1)
    for width, blocks, stride in RESNET50_STAGES:
        for i in range(blocks):
            x, s = bottleneck(m, x, s, width, stride if i == 0 else 1)
    x, s = m.global_avg_pool(x, s)
    x, s = m.collapse(x, s)
    x, s = m.linear(x, s, NUM_CLASSES)
    text = m.module_text(shape, x, s)
    return text, sum("linalg.conv_2d_nchw_fchw" in line for line in m.body), m.parameters


def time_load(path: Path) -> dict[str, float]:
    """frontends.load's stages for an .mlir file, timed one by one (the same calls, in its order)."""
    from boltc.frontends.mlir import import_linalg
    from boltc.frontends.source import read_mlir_file, verify_module
    from boltc.passes.raise_bolt import raise_bolt

    times = {}
    start = time.perf_counter()
    module = read_mlir_file(path)
    times["read + parse + verify linalg"] = time.perf_counter() - start
    for stage, run in (("import-linalg", import_linalg), ("raise-bolt", raise_bolt),
                       ("verify bolt", lambda mod: verify_module(mod, str(path)))):
        t = time.perf_counter()
        run(module)
        times[stage] = time.perf_counter() - t
    times["total (stages)"] = time.perf_counter() - start
    ops = sum(1 for _ in module.walk())
    times["ops after"] = ops
    return times


def time_load_model(path: Path) -> float:
    from boltc.frontends import load

    start = time.perf_counter()
    load(str(path))
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--batch", type=int, default=1, help="batch size of the input (default 1)")
    parser.add_argument("--keep", type=Path, metavar="PATH", help="keep the generated .mlir here")
    parser.add_argument("--stages-only", action="store_true",
                        help="skip the second, end-to-end frontends.load run")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    text, convs, weights = resnet50_text(args.batch)
    generate_s = time.perf_counter() - start
    with tempfile.TemporaryDirectory(prefix="boltc-bench-") as tmp:
        path = args.keep or Path(tmp) / "resnet50.mlir"
        path.write_text(text)
        size = path.stat().st_size
        del text
        stages = time_load(path)
        end_to_end = None if args.stages_only else time_load_model(path)

    print(f"# import_resnet50: {' '.join(sys.argv)}")
    print(f"machine: {os.cpu_count()} CPUs, Python {platform.python_version()}, {platform.machine()}")
    print(f"model: ResNet-50, batch {args.batch}, {convs} convolutions, {weights / 1e6:.2f} M f32 "
          f"weights, {size / 1e6:.1f} MB of MLIR text (generated in {generate_s:.1f} s)")
    print()
    print("| stage | seconds |")
    print("|---|---:|")
    ops_after = int(stages.pop("ops after"))
    for stage, seconds in stages.items():
        print(f"| {stage} | {seconds:.2f} |")
    if end_to_end is not None:
        print(f"| frontends.load end to end (second run) | {end_to_end:.2f} |")
    print()
    print(f"{ops_after} ops after import; {size / 1e6 / stages['total (stages)']:.1f} MB/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
