"""fold-constants: every op on constants becomes one constant, holding exactly what the
reference executor computes for the op, on the test/data models and on random constant
subgraphs mixed with a model input; results that would be much larger than their operands stay
ops."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects import func
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, ModuleOp

import boltc
from boltc.analysis.folding import ALWAYS_FOLD_ELEMENTS, MAX_GROWTH, constant_fold_blocker
from boltc.dialects import bolt
from boltc.dialects.context import bolt_context
from boltc.frontends import load
from boltc.frontends.source import parse_mlir_text
from boltc.passes.fold_constants import FoldConstantsPass, fold_blocker, is_foldable

DATA = Path(__file__).resolve().parents[2] / "data"
MODELS = sorted(DATA.glob("*.mlir")) + sorted((DATA / "ops").glob("*.mlir"))


def saved_inputs(mlir: Path) -> list[np.ndarray]:
    saved = np.load(mlir.with_suffix(".npz"))
    names = sorted((n for n in saved.files if n.startswith("input")), key=lambda n: int(n[5:]))
    return [saved[n] for n in names]


def fold(module: ModuleOp) -> ModuleOp:
    FoldConstantsPass().apply(bolt_context(), module)
    module.verify()
    return module


def unfolded(module: ModuleOp) -> list[str]:
    """Ops whose operands are all constants and that fold-constants should have folded."""
    return [
        op.name for op in module.walk()
        if is_foldable(op) and fold_blocker(op) is None
        and all(isinstance(v.owner, bolt.ConstantOp) for v in op.operands)
    ]


def test_constant_fold_blocker():
    assert constant_fold_blocker(ALWAYS_FOLD_ELEMENTS, [1]) is None  # small: always
    assert constant_fold_blocker(4096, [4096]) is None               # same size: a transpose
    assert constant_fold_blocker(4096, [1024, 1]) is None            # a pad within 4x
    assert "broadcast" in constant_fold_blocker(4096, [8])            # bias to activation size
    assert constant_fold_blocker(MAX_GROWTH * 1000 + 1, [1000]) is not None
    assert "limit" in constant_fold_blocker(1 << 25, [1 << 25])


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_models_compute_exactly_the_same(path: Path):
    # A folded constant holds what the executor computed for the op: bit for bit the same.
    inputs = saved_inputs(path)
    module = load(str(path))
    before = boltc.interpret(module, *inputs)
    fold(module)
    assert unfolded(module) == []
    for got, want in zip(boltc.interpret(module, *inputs), before):
        np.testing.assert_array_equal(got, want)


def test_resnet_block_batchnorm_vectors_are_single_constants():
    module = fold(load(str(DATA / "resnet_block.mlir")))
    names = {op.name for op in module.walk()}
    assert not names & {"bolt.ew.sqrt", "bolt.ew.div", "bolt.reshape"}
    # Every per-channel operand of the batch-norm arithmetic is one [1, 13, 1, 1] constant.
    per_channel = [
        op for op in module.walk()
        if isinstance(op, bolt.BinaryElementwiseOp) and isinstance(op.rhs.owner, bolt.ConstantOp)
    ]
    assert len(per_channel) == 12  # (sub, mul, mul, add) x 3 batch-norms
    assert all(bolt.shape_of(op.rhs) == (1, 13, 1, 1) for op in per_channel)


def test_large_results_are_raw_bytes_and_broadcasts_stay():
    text = """
    func.func @main(%x: tensor<64x64x3x3xf32>) -> (tensor<3x3x64x64xf32>, tensor<64x64x3x3xf32>) {
      %w = bolt.constant dense<0.25> : tensor<64x64x3x3xf32>
      %one = bolt.constant dense<1.5> : tensor<f32>
      %scaled = bolt.ew.add %w, %one : tensor<64x64x3x3xf32>, tensor<f32> -> tensor<64x64x3x3xf32>
      %t = bolt.transpose %scaled permutation [2, 3, 0, 1] : tensor<64x64x3x3xf32> -> tensor<3x3x64x64xf32>
      %bias = bolt.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
      %b = bolt.broadcast %bias dimensions [0, 1, 2] : tensor<3xf32> -> tensor<64x64x3x3xf32>
      %y = bolt.ew.add %x, %b : tensor<64x64x3x3xf32>, tensor<64x64x3x3xf32> -> tensor<64x64x3x3xf32>
      func.return %t, %y : tensor<3x3x64x64xf32>, tensor<64x64x3x3xf32>
    }"""
    module = fold(parse_mlir_text(text))
    (transposed,) = [op for op in module.walk() if isinstance(op, bolt.ConstantOp)
                     and bolt.shape_of(op.result) == (3, 3, 64, 64)]
    assert isinstance(transposed.value, DenseIntOrFPElementsAttr)
    assert len(transposed.value.data.data) == 3 * 3 * 64 * 64 * 4
    assert [op.name for op in module.walk() if op.name == "bolt.broadcast"] == ["bolt.broadcast"]
    x = np.random.default_rng(0).standard_normal((64, 64, 3, 3)).astype(np.float32)
    t, y = boltc.interpret(module, x)
    np.testing.assert_array_equal(t, np.full((3, 3, 64, 64), 1.75, np.float32))
    np.testing.assert_array_equal(y, x + np.array([1, 2, 3], np.float32))


# --------------------------------------------------------------------------------------
# Random constant subgraphs.
# --------------------------------------------------------------------------------------


def tensor(shape, element: str = "f32") -> str:
    return f"tensor<{''.join(f'{d}x' for d in shape)}{element}>"


def dense(values: np.ndarray, element: str) -> str:
    dtype = {"f32": "<f4", "f16": "<f2"}[element]
    raw = np.ascontiguousarray(values, dtype=dtype).tobytes().hex().upper()
    return f'dense<"0x{raw}"> : {tensor(values.shape, element)}'


UNARY = ["relu", "neg", "tanh", "sigmoid", "abs", "exp", "cast"]
BINARY = ["add", "sub", "mul", "max", "min"]


@st.composite
def constant_graphs(draw):
    """A function of one input whose ops draw on a pool of values: the input, constants, and
    earlier results. Ops on constants only should fold; ops touching the input must not."""
    element = draw(st.sampled_from(["f32", "f16"]))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    x_shape = tuple(draw(st.lists(st.integers(1, 4), min_size=1, max_size=3)))
    lines: list[str] = []
    pool: list[tuple[str, tuple[int, ...]]] = [("%x", x_shape)]

    def emit(text: str, shape: tuple[int, ...], pooled: bool = True) -> str:
        name = f"%v{len(lines)}"
        lines.append(f"  {name} = {text}")
        if pooled:  # a value of the other element type is not, to keep the pool one type
            pool.append((name, shape))
        return name

    def constant(shape: tuple[int, ...]) -> None:
        emit(f"bolt.constant {dense(rng.uniform(-2, 2, shape), element)}", shape)

    for _ in range(draw(st.integers(1, 3))):
        constant(x_shape if draw(st.booleans()) else ())
    for _ in range(draw(st.integers(2, 12))):
        name, shape = draw(st.sampled_from(pool))
        t_in, kind = tensor(shape, element), draw(st.sampled_from(
            ["unary", "binary", "binary", "reshape", "transpose", "pad", "slice", "broadcast", "reduce", "constant"]))
        if kind == "constant":
            constant(shape)
        elif kind == "unary":
            op = draw(st.sampled_from(UNARY))
            if op == "cast":  # to the other float type and back: two roundings to fold
                other = "f16" if element == "f32" else "f32"
                cast = emit(f"bolt.ew.cast {name} : {t_in} -> {tensor(shape, other)}", shape, pooled=False)
                emit(f"bolt.ew.cast {cast} : {tensor(shape, other)} -> {t_in}", shape)
            else:
                emit(f"bolt.ew.{op} {name} : {t_in} -> {t_in}", shape)
        elif kind == "binary":
            partners = [(n, s) for n, s in pool if bolt.broadcast_shapes(shape, s) == shape]
            other, other_shape = draw(st.sampled_from(partners))
            op = draw(st.sampled_from(BINARY))
            emit(f"bolt.ew.{op} {name}, {other} : {t_in}, {tensor(other_shape, element)} -> {t_in}", shape)
        elif kind == "reshape":
            new = (int(np.prod(shape)),) if len(shape) > 1 else (1, *shape)
            emit(f"bolt.reshape {name} : {t_in} -> {tensor(new, element)}", new)
        elif kind == "transpose" and len(shape) > 1:
            perm = draw(st.permutations(range(len(shape))))
            new = tuple(shape[p] for p in perm)
            emit(f"bolt.transpose {name} permutation {list(perm)} : {t_in} -> {tensor(new, element)}", new)
        elif kind == "pad" and shape:
            low, high = [0] * len(shape), [1] + [0] * (len(shape) - 1)
            new = (shape[0] + 1, *shape[1:])
            emit(f"bolt.pad {name} low {low} high {high} value 0.5 : {t_in} -> {tensor(new, element)}", new)
        elif kind == "slice" and shape and shape[-1] > 1:
            new = (*shape[:-1], shape[-1] - 1)
            offsets = [0] * (len(shape) - 1) + [1]
            emit(f"bolt.slice {name} offsets {offsets} strides {[1] * len(shape)} : {t_in} -> {tensor(new, element)}", new)
        elif kind == "broadcast" and len(shape) < 4:
            new = (2, *shape)
            emit(f"bolt.broadcast {name} dimensions [0] : {t_in} -> {tensor(new, element)}", new)
        elif kind == "reduce" and shape:
            new = (1, *shape[1:])
            emit(f"bolt.reduce sum {name} dims [0] {{keep_dims}} : {t_in} -> {tensor(new, element)}", new)
    results = pool[-3:]
    types = ", ".join(tensor(s, element) for _, s in results)
    body = "\n".join(lines)
    text = (f"func.func @main(%x: {tensor(x_shape, element)}) -> ({types}) {{\n{body}\n"
            f"  func.return {', '.join(n for n, _ in results)} : {types}\n}}\n")
    x = rng.uniform(-2, 2, x_shape).astype(np.float32 if element == "f32" else np.float16)
    return text, x


@settings(max_examples=25, deadline=None)
@given(constant_graphs())
def test_random_constant_subgraphs_fold_exactly(graph):
    text, x = graph
    module = parse_mlir_text(text)
    before = boltc.interpret(module, x)
    fold(module)
    assert unfolded(module) == []
    # Every op left reads the input, directly or through other ops (the graphs are small:
    # nothing here is too large to fold).
    (function,) = module.ops
    assert isinstance(function, func.FuncOp)
    derived = set(function.body.block.args)
    for op in function.body.block.ops:
        if any(v in derived for v in op.operands):
            derived.update(op.results)
        else:
            assert isinstance(op, (bolt.ConstantOp, func.ReturnOp)), f"{op.name} on constants is left"
    for got, want in zip(boltc.interpret(module, x), before):
        np.testing.assert_array_equal(got, want)


def test_half_exports_compute_exactly_the_same(half_export: Path):
    """The f16/bf16 exports' weights widened by extf generics fold to f32 constants exactly."""
    inputs = saved_inputs(half_export)
    module = load(str(half_export))
    before = boltc.interpret(module, *inputs)
    fold(module)
    assert unfolded(module) == []
    for got, want in zip(boltc.interpret(module, *inputs), before):
        np.testing.assert_array_equal(got, want)
