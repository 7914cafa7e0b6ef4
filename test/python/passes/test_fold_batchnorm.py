"""fold-batchnorm: per-channel scales and shifts after conv/GEMM fold into the weights and one
bias, and the reference executor computes the same before and after: on the test/data models
(resnet_block against torch too) and on random anchors followed by random scale/shift chains."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import ModuleOp

import boltc
from boltc.analysis.folding import per_channel_blocker, scale_fold_blocker
from boltc.dialects import bolt
from boltc.dialects.context import bolt_context
from boltc.frontends import load
from boltc.frontends.source import parse_mlir_text
from boltc.passes.canonicalize import CanonicalizePass
from boltc.passes.fold_batchnorm import FoldBatchNormPass
from boltc.passes.fold_constants import FoldConstantsPass

DATA = Path(__file__).resolve().parents[2] / "data"
MODELS = sorted(DATA.glob("*.mlir")) + sorted((DATA / "ops").glob("*.mlir"))


def saved_io(mlir: Path) -> tuple[list[np.ndarray], list[np.ndarray]]:
    saved = np.load(mlir.with_suffix(".npz"))
    def ordered(prefix: str) -> list[np.ndarray]:
        names = sorted((n for n in saved.files if n.startswith(prefix)), key=lambda n: int(n[len(prefix):]))
        return [saved[n] for n in names]
    return ordered("input"), ordered("output")


def apply(module: ModuleOp, *passes) -> ModuleOp:
    for p in passes:
        p.apply(bolt_context(), module)
    module.verify()
    return module


def body_op_names(module: ModuleOp) -> list[str]:
    """The ops of the functions' bodies (not of epilogue regions), constants left out."""
    (function,) = [op for op in module.ops]
    return [op.name for op in function.body.block.ops if not isinstance(op, bolt.ConstantOp)]


# --------------------------------------------------------------------------------------
# The analysis.
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("shape, result_shape, axis, per_channel", [
    ((1, 13, 1, 1), (2, 13, 8, 8), 1, True),     # NCHW, keep-dims
    ((13, 1, 1), (2, 13, 8, 8), 1, True),        # NCHW, torch's [C, 1, 1]
    ((), (2, 13, 8, 8), 1, True),                # a scalar is the same for every channel
    ((1, 1, 1, 1), (2, 13, 8, 8), 1, True),
    ((13,), (2, 8, 8, 13), 3, True),             # NHWC, trailing [F]
    ((1, 24), (4, 24), 1, True),                 # GEMM column (N)
    ((1, 1, 8, 8), (2, 13, 8, 8), 1, False),     # per pixel
    ((1, 13, 8, 1), (2, 13, 8, 8), 1, False),    # per channel and row
    ((4, 1), (4, 24), 1, False),                 # GEMM row (M)
    ((2, 1, 1, 1), (2, 13, 8, 8), 1, False),     # per image
    ((3, 13, 1, 1), (2, 13, 8, 8), 1, False),    # does not broadcast
    ((1, 1, 13, 1, 1), (2, 13, 8, 8), 1, False),  # would widen the result
])
def test_per_channel_blocker(shape, result_shape, axis, per_channel):
    reason = per_channel_blocker(shape, result_shape, axis)
    assert (reason is None) == per_channel, reason


def test_scale_fold_blocker_names_each_reason():
    assert scale_fold_blocker(1, True, True) is None
    assert "2 uses" in scale_fold_blocker(2, True, True)
    assert "epilogue" in scale_fold_blocker(1, False, True)
    assert "not constant" in scale_fold_blocker(1, True, False)


# --------------------------------------------------------------------------------------
# The test/data models.
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_models_compute_the_same(path: Path):
    inputs, expected = saved_io(path)
    module = load(str(path))
    before = boltc.interpret(module, *inputs)
    apply(module, FoldConstantsPass(), FoldBatchNormPass(), FoldConstantsPass())
    after = boltc.interpret(module, *inputs)
    f16 = "f16" in path.stem  # one f16 rounding of the output more than torch's f32
    for got, want, torch_out in zip(after, before, expected):
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(got.astype(np.float32), torch_out,
                                   rtol=2e-3 if f16 else 1e-4, atol=2e-3 if f16 else 1e-5)


RESNET_AFTER = [
    "bolt.conv2d", "bolt.ew.add", "bolt.ew.relu",  # conv -> bn -> relu
    "bolt.conv2d", "bolt.ew.add",                  # conv -> bn
    "bolt.conv2d", "bolt.ew.add",                  # the 1x1 shortcut conv -> bn
    "bolt.ew.add", "bolt.ew.relu", "func.return",  # residual add, relu
]


@pytest.mark.parametrize("passes", [
    (CanonicalizePass(), FoldConstantsPass(), FoldBatchNormPass(), FoldConstantsPass(), CanonicalizePass()),
    (FoldBatchNormPass(), CanonicalizePass()),  # the statistics evaluated by fold-batchnorm itself
], ids=["pipeline", "alone"])
def test_resnet_block_batchnorm_is_gone(passes):
    path = DATA / "resnet_block.mlir"
    inputs, (expected,) = saved_io(path)
    module = load(str(path))
    (before,) = boltc.interpret(module, *inputs)
    apply(module, *passes)
    assert body_op_names(module) == RESNET_AFTER
    # The bias of each add is one per-channel constant.
    for op in module.walk():
        if isinstance(op, bolt.AddOp) and isinstance(op.rhs.owner, bolt.ConstantOp):
            assert bolt.shape_of(op.rhs) == (1, 13, 1, 1)
    (after,) = boltc.interpret(module, *inputs)
    np.testing.assert_allclose(after, before, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(after, expected, rtol=1e-4, atol=1e-5)


# --------------------------------------------------------------------------------------
# Random anchors and chains.
# --------------------------------------------------------------------------------------


def tensor(shape, element: str) -> str:
    return f"tensor<{''.join(f'{d}x' for d in shape)}{element}>"


def dense(values: np.ndarray, element: str) -> str:
    dtype = {"f32": "<f4", "f16": "<f2"}[element]
    hex_bytes = np.ascontiguousarray(values, dtype=dtype).tobytes().hex().upper()
    return f'dense<"0x{hex_bytes}"> : {tensor(values.shape, element)}'


@dataclass
class Anchor:
    """The text of one anchor whose result is %y0, with its input and weights."""

    kind: str            # "nchw", "nhwc", "gemm"
    input: np.ndarray
    weight: np.ndarray
    result_shape: tuple[int, ...]
    contraction: int     # K: the number of products each accumulator sums
    op_text: str         # formats with {x}, {w} and {element}

    def text(self, x: str, w: str, element: str) -> str:
        return self.op_text.format(x=x, w=w, element=element)


@st.composite
def anchors(draw, rng: np.random.Generator):
    kind = draw(st.sampled_from(["nchw", "nhwc", "gemm"]))
    if kind == "gemm":
        batch = draw(st.sampled_from([None, 2]))
        m, k, n = draw(st.integers(2, 9)), draw(st.integers(1, 12)), draw(st.integers(1, 11))
        transpose_b = draw(st.booleans())
        a = rng.uniform(-1, 1, (batch, m, k) if batch else (m, k))
        w = rng.uniform(-1, 1, (n, k) if transpose_b else (k, n))
        result = (batch, m, n) if batch else (m, n)
        attr = " {{transpose_b}}" if transpose_b else ""
        text = ("bolt.gemm {x}, {w}" + attr + " : " + tensor(a.shape, "{element}") + ", "
                + tensor(w.shape, "{element}") + " -> " + tensor(result, "{element}") + " {{\n"
                + "  ^bb0(%acc: " + tensor(result, "f32") + "):\n"
                + "    bolt.yield %acc : " + tensor(result, "f32") + "\n  }}")
        return Anchor(kind, a, w, result, k, text)
    groups = draw(st.sampled_from([1, 1, 2]))
    c, f = groups * draw(st.integers(1, 3)), groups * draw(st.integers(1, 5))
    r = draw(st.sampled_from([1, 3]))
    h, w_ = draw(st.integers(2, 6)), draw(st.integers(2, 6))
    pad = r // 2
    x_shape = (2, c, h, w_) if kind == "nchw" else (2, h, w_, c)
    filter_shape = (f, c // groups, r, r) if kind == "nchw" else (f, r, r, c // groups)
    result = (2, f, h, w_) if kind == "nchw" else (2, h, w_, f)
    x, weights = rng.uniform(-1, 1, x_shape), rng.uniform(-1, 1, filter_shape)
    text = (f"bolt.conv2d {kind} {{x}}, {{w}} strides [1, 1] padding [{pad}, {pad}, {pad}, {pad}] "
            f"dilations [1, 1] groups {groups} : " + tensor(x_shape, "{element}") + ", "
            + tensor(filter_shape, "{element}") + " -> " + tensor(result, "{element}") + " {{\n"
            + "  ^bb0(%acc: " + tensor(result, "f32") + "):\n"
            + "    bolt.yield %acc : " + tensor(result, "f32") + "\n  }}")
    return Anchor(kind, x, weights, result, (c // groups) * r * r, text)


def channel_forms(anchor: Anchor) -> list[tuple[int, ...]]:
    """Shapes of per-channel constants for this anchor, as models spell them."""
    f = anchor.result_shape[1] if anchor.kind == "nchw" else anchor.result_shape[-1]
    if anchor.kind == "nchw":
        return [(1, f, 1, 1), (f, 1, 1), (), (1,)]
    if anchor.kind == "nhwc":
        return [(f,), (1, 1, 1, f), ()]
    return [(f,), (1, f), ()]


def non_channel_form(anchor: Anchor) -> tuple[int, ...]:
    """A constant that varies along another dim: per pixel, or per GEMM row (M)."""
    shape = anchor.result_shape
    if anchor.kind == "nchw":
        return (1, 1, shape[2], shape[3])
    if anchor.kind == "nhwc":
        return (1, shape[1], shape[2], 1)
    return (shape[-2], 1)


@dataclass(frozen=True)
class Step:
    op: str                   # sub, add, mul, div
    shape: tuple[int, ...]
    constant_first: bool      # c op y (add and mul only)
    per_channel: bool


@st.composite
def chains(draw):
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    anchor = draw(anchors(rng))
    forms = channel_forms(anchor)
    bias = draw(st.booleans())  # the anchor's own bias first, as torch's conv/linear have it
    steps = [Step("add", draw(st.sampled_from(forms)), False, True)] if bias else []
    for _ in range(draw(st.integers(1, 5))):
        op = draw(st.sampled_from(["sub", "add", "mul", "div"]))
        steps.append(Step(op, draw(st.sampled_from(forms)),
                          op in ("add", "mul") and draw(st.booleans()), True))
    if draw(st.integers(0, 3)) == 0:  # one step that may not fold
        at = draw(st.integers(0, len(steps)))
        steps.insert(at, Step(draw(st.sampled_from(["mul", "add"])), non_channel_form(anchor), False, False))
    return anchor, steps, rng


def step_values(step: Step, rng: np.random.Generator) -> np.ndarray:
    if step.op in ("mul", "div"):  # batch-norm scales: magnitudes near 1, either sign
        return rng.uniform(0.5, 2.0, step.shape) * rng.choice([-1.0, 1.0], step.shape)
    return rng.uniform(-1.0, 1.0, step.shape)


def chain_module(anchor: Anchor, steps, constants, element: str, weight: np.ndarray) -> str:
    result = tensor(anchor.result_shape, element)
    lines = [f"  %w = bolt.constant {dense(weight, element)}",
             f"  %y0 = {anchor.text('%x', '%w', element)}"]
    for i, (step, values) in enumerate(zip(steps, constants)):
        c_type = tensor(values.shape, element)
        lines.append(f"  %c{i} = bolt.constant {dense(values, element)}")
        operands = (f"%c{i}, %y{i}", f"{c_type}, {result}") if step.constant_first else (
            f"%y{i}, %c{i}", f"{result}, {c_type}")
        lines.append(f"  %y{i + 1} = bolt.ew.{step.op} {operands[0]} : {operands[1]} -> {result}")
    lines.append(f"  func.return %y{len(steps)} : {result}")
    x_type = tensor(anchor.input.shape, element)
    return f"func.func @main(%x: {x_type}) -> {result} {{\n" + "\n".join(lines) + "\n}\n"


def magnitude_bound(anchor: Anchor, steps, constants) -> float:
    """A bound on every intermediate of the chain and on sum |x| |w| |scale| (what a rounding
    of the weights can move): the anchor on |x| and |w|, then each shift added and each scale
    applied at its largest."""
    abs_text = chain_module(anchor, [], [], "f32", np.abs(anchor.weight))
    (accumulated,) = boltc.interpret(parse_mlir_text(abs_text), np.abs(anchor.input))
    bound = float(np.max(accumulated))
    for step, values in zip(steps, constants):
        largest = float(np.max(np.abs(values))) if values.size else 0.0
        if step.op in ("add", "sub"):
            bound += largest
        elif step.op == "mul":
            bound *= max(1.0, largest)
        else:
            bound /= min(1.0, float(np.min(np.abs(values))))
    return bound


def check_chain(anchor, steps, rng, element: str, unit_roundoff: float):
    constants = [step_values(step, rng) for step in steps]
    module = parse_mlir_text(chain_module(anchor, steps, constants, element, anchor.weight))
    x = anchor.input.astype(np.float32 if element == "f32" else np.float16)
    (before,) = boltc.interpret(module, x)
    apply(module, FoldBatchNormPass(), FoldConstantsPass())
    (after,) = boltc.interpret(module, x)

    names = body_op_names(module)
    if all(step.per_channel for step in steps):
        # Everything folded: the anchor, and one bias add if there was any shift.
        shifts = any(step.op in ("add", "sub") for step in steps)
        assert names == [f"bolt.{'gemm' if anchor.kind == 'gemm' else 'conv2d'}"] + (
            ["bolt.ew.add"] if shifts else []) + ["func.return"], names
    else:
        # The step that varies along another dim is still there, with its constant.
        odd = next(step for step in steps if not step.per_channel)
        assert any(
            isinstance(op, bolt.BinaryElementwiseOp) and op.name == f"bolt.ew.{odd.op}"
            and odd.shape in (bolt.shape_of(op.lhs), bolt.shape_of(op.rhs))
            for op in module.walk()
        )
    # Before, each of the chain's ops rounds its result once (at most half an ulp of the
    # largest intermediate, `magnitude_bound`); after, the weights, the bias and the add round
    # once each, the weights' rounding scaled by sum |x| |w| |s|, also under that bound. Both
    # accumulate K products in fp32. The two differ by at most the sum of both errors.
    bound = magnitude_bound(anchor, steps, constants)
    per_side = (len(steps) + 3) * unit_roundoff + anchor.contraction * 2.0**-24
    np.testing.assert_allclose(after.astype(np.float64), before.astype(np.float64),
                               rtol=1e-4 if element == "f32" else 0.0, atol=2 * per_side * bound)


@settings(max_examples=25, deadline=None)
@given(chains())
def test_random_scale_shift_chains_fold_and_compute_the_same(chain):
    anchor, steps, rng = chain
    check_chain(anchor, steps, rng, "f32", 2.0**-24)


@settings(max_examples=15, deadline=None)
@given(chains())
def test_random_chains_in_f16_within_the_rounding_bound(chain):
    anchor, steps, rng = chain
    check_chain(anchor, steps, rng, "f16", 2.0**-11)


def test_half_exports_compute_the_same(half_export: Path):
    """Batch-norm of an f16/bf16 export (computed in f32 between a truncf and an extf) folds
    too. Folding removes the half-precision rounding of the convolution's result before the
    normalization, so the folded model is compared with the f32 reference, not bit for bit."""
    from half_helpers import assert_near_f32_reference

    inputs, expected = saved_io(half_export)
    module = load(str(half_export))
    apply(module, FoldConstantsPass(), FoldBatchNormPass(), FoldConstantsPass())
    assert_near_f32_reference(boltc.interpret(module, *inputs), expected)


@pytest.mark.parametrize("name", ["resnet_block_f16", "resnet_block_bf16", "bn_residual_cnn_f16"])
def test_half_batchnorm_is_gone(name: str):
    """No per-channel normalization (sub, mul by the rsqrt of the variance) is left outside the
    convolutions' bias and scale: the f16 export's BN folds like the f32 one's."""
    module = load(str(DATA / "half" / f"{name}.mlir"))
    apply(module, FoldConstantsPass(), FoldBatchNormPass(), FoldConstantsPass(), CanonicalizePass())
    names = body_op_names(module)
    assert "bolt.ew.sub" not in names and "bolt.ew.sqrt" not in names and "bolt.ew.div" not in names, names
