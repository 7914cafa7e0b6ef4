"""bolt-canonicalize: every pattern preserves values exactly (they only remove identities and
move data without arithmetic), reaches a fixed point, and leaves none of the shapes it
rewrites; on the test/data models and on random chains of data movement and identities."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import ModuleOp

import boltc
from boltc.dialects import bolt
from boltc.dialects.context import bolt_context
from boltc.frontends import load
from boltc.frontends.source import parse_mlir_text
from boltc.passes.canonicalize import CanonicalizePass, canonicalize

DATA = Path(__file__).resolve().parents[2] / "data"
MODELS = sorted(DATA.glob("*.mlir")) + sorted((DATA / "ops").glob("*.mlir"))


def saved_inputs(mlir: Path) -> list[np.ndarray]:
    saved = np.load(mlir.with_suffix(".npz"))
    names = sorted((n for n in saved.files if n.startswith("input")), key=lambda n: int(n[5:]))
    return [saved[n] for n in names]


def leftovers(module: ModuleOp) -> list[str]:
    """Ops of the kinds canonicalization removes, found by looking, not by the patterns."""
    found = []
    for op in module.walk():
        if isinstance(op, (bolt.ReshapeOp, bolt.TransposeOp, bolt.CastOp, bolt.BroadcastOp)):
            source = op.operands[0]
            if source.type == op.results[0].type and not isinstance(op, bolt.TransposeOp):
                found.append(f"identity {op.name}")
            if type(source.owner) is type(op) and not isinstance(op, bolt.CastOp):
                found.append(f"{op.name} of {op.name}")
        if isinstance(op, bolt.TransposeOp):
            shape, perm = bolt.shape_of(op.input), bolt.int_list(op.permutation)
            moved = [p for p in perm if shape[p] != 1]
            if moved == sorted(moved):
                found.append("a transpose that moves no data")
            if isinstance(op.input.owner, (bolt.BroadcastOp, bolt.ConstantOp)):
                found.append(f"transpose of {op.input.owner.name}")
        if isinstance(op, (bolt.SliceOp, bolt.PadOp)) and op.input.type == op.result.type:
            found.append(f"identity {op.name}")
    return found


def canonicalized(module: ModuleOp) -> ModuleOp:
    CanonicalizePass().apply(bolt_context(), module)
    module.verify()
    assert canonicalize(module) is False, "a second run still rewrote: not a fixed point"
    return module


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_models_compute_exactly_the_same(path: Path):
    inputs = saved_inputs(path)
    module = load(str(path))
    before = boltc.interpret(module, *inputs)
    canonicalized(module)
    assert leftovers(module) == []
    for got, want in zip(boltc.interpret(module, *inputs), before):
        np.testing.assert_array_equal(got, want)


def test_small_cnn_bias_is_a_channel_vector():
    """torch-mlir broadcasts a conv bias to the activation's shape; canonical, it is the
    [1, C, 1, 1] vector an epilogue reads as a column broadcast."""
    module = canonicalized(load(str(DATA / "small_cnn.mlir")))
    assert not any(isinstance(op, bolt.BroadcastOp) for op in module.walk())
    biases = [op for op in module.walk() if isinstance(op, bolt.AddOp)]
    assert [bolt.shape_of(op.rhs) for op in biases] == [(1, 8, 1, 1), (1, 12, 1, 1), (1, 10)]


# --------------------------------------------------------------------------------------
# Random chains.
# --------------------------------------------------------------------------------------

ELEMENT_DTYPES = {"f32": "<f4", "f16": "<f2"}


def tensor(shape, element: str) -> str:
    return f"tensor<{''.join(f'{d}x' for d in shape)}{element}>"


def dense(values: np.ndarray, element: str) -> str:
    if element == "bf16":  # the upper half of each float32 (values here are exact in bf16)
        raw = (np.asarray(values, "<f4").view("<u4") >> 16).astype("<u2").tobytes()
    else:
        raw = np.ascontiguousarray(values, dtype=ELEMENT_DTYPES[element]).tobytes()
    return f'dense<"0x{raw.hex().upper()}"> : {tensor(np.shape(values), element)}'


def factorizations(size: int) -> list[tuple[int, ...]]:
    shapes = [(size,), (1, size)]
    shapes += [(a, size // a) for a in range(2, size) if size % a == 0]
    return shapes


@st.composite
def movement_chains(draw):
    """A chain of steps on one value, each an identity, a data movement, or an op that
    canonicalization must keep; every step's result is returned, so nothing is dead."""
    element = draw(st.sampled_from(["f32", "f16", "bf16"]))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    shape = tuple(draw(st.lists(st.integers(1, 4), min_size=1, max_size=3)))
    lines: list[str] = []
    results: list[tuple[str, tuple[int, ...]]] = []
    current = ("%x", shape)

    def emit(text: str, new_shape: tuple[int, ...], keep: bool = True) -> str:
        nonlocal current
        name = f"%v{len(lines)}"
        lines.append(f"  {name} = {text}")
        if keep:
            current = (name, new_shape)
            results.append(current)
        return name

    def constant(values: np.ndarray) -> str:
        # Small integers and halves: exact in every element type.
        return emit(f"bolt.constant {dense(values, element)}", np.shape(values), keep=False)

    for _ in range(draw(st.integers(1, 8))):
        name, s = current
        t = tensor(s, element)
        step = draw(st.sampled_from([
            "reshape2", "transpose2", "identity_ew", "cast", "broadcast2", "transpose_broadcast",
            "implicit_broadcast", "transpose_constant", "identity_slice_pad", "scale",
        ]))
        if step == "reshape2":
            mid = draw(st.sampled_from(factorizations(int(np.prod(s)))))
            inner = emit(f"bolt.reshape {name} : {t} -> {tensor(mid, element)}", mid, keep=False)
            out = draw(st.sampled_from([s, *factorizations(int(np.prod(s)))]))
            emit(f"bolt.reshape {inner} : {tensor(mid, element)} -> {tensor(out, element)}", out)
        elif step == "transpose2":
            p1 = draw(st.permutations(range(len(s))))
            mid = tuple(s[p] for p in p1)
            inner = emit(f"bolt.transpose {name} permutation {list(p1)} : {t} -> {tensor(mid, element)}", mid, keep=False)
            p2 = draw(st.permutations(range(len(s))))
            out = tuple(mid[p] for p in p2)
            emit(f"bolt.transpose {inner} permutation {list(p2)} : {tensor(mid, element)} -> {tensor(out, element)}", out)
        elif step == "identity_ew":
            op, value = draw(st.sampled_from([("add", 0.0), ("sub", 0.0), ("mul", 1.0), ("div", 1.0), ("pow", 1.0)]))
            c_shape = draw(st.sampled_from([(), (1,) * len(s), s[len(s) - 1:]]))
            if c_shape == s[len(s) - 1:] and draw(st.booleans()):  # a broadcast of the identity
                c = constant(np.full((), value))
                c = emit(f"bolt.broadcast {c} dimensions [0] : {tensor((), element)} -> {tensor(c_shape, element)}", c_shape, keep=False)
            else:
                c = constant(np.full(c_shape, value))
            operands = f"{c}, {name} : {tensor(c_shape, element)}, {t}" if op in ("add", "mul") and draw(st.booleans()) else f"{name}, {c} : {t}, {tensor(c_shape, element)}"
            emit(f"bolt.ew.{op} {operands} -> {t}", s)
        elif step == "cast":
            other = draw(st.sampled_from(["f32", "f16", "bf16"]))
            inner = emit(f"bolt.ew.cast {name} : {t} -> {tensor(s, other)}", s, keep=False)
            emit(f"bolt.ew.cast {inner} : {tensor(s, other)} -> {t}", s)
        elif step in ("broadcast2", "transpose_broadcast") and len(s) < 3:
            at = draw(st.integers(0, len(s)))
            mid = (*s[:at], 2, *s[at:])
            inner = emit(f"bolt.broadcast {name} dimensions [{at}] : {t} -> {tensor(mid, element)}", mid, keep=False)
            if step == "broadcast2":
                out = (3, *mid)
                emit(f"bolt.broadcast {inner} dimensions [0] : {tensor(mid, element)} -> {tensor(out, element)}", out)
            else:
                perm = draw(st.permutations(range(len(mid))))
                out = tuple(mid[p] for p in perm)
                emit(f"bolt.transpose {inner} permutation {list(perm)} : {tensor(mid, element)} -> {tensor(out, element)}", out)
        elif step == "implicit_broadcast":
            kept = draw(st.integers(0, len(s) - 1))  # a vector along one dim, as a bias is
            vector = constant(rng.integers(-4, 5, (s[kept],)).astype(np.float32))
            dims = [d for d in range(len(s)) if d != kept]
            b = emit(f"bolt.broadcast {vector} dimensions {dims} : {tensor((s[kept],), element)} -> {t}", s, keep=False)
            emit(f"bolt.ew.add {name}, {b} : {t}, {t} -> {t}", s)
        elif step == "transpose_constant" and len(s) > 1:
            perm = draw(st.permutations(range(len(s))))
            src_shape = tuple(s[perm.index(d)] for d in range(len(s)))  # transposed by perm: s
            c = constant(rng.integers(-4, 5, src_shape).astype(np.float32))
            tc = emit(f"bolt.transpose {c} permutation {list(perm)} : {tensor(src_shape, element)} -> {t}", s, keep=False)
            emit(f"bolt.ew.mul {name}, {tc} : {t}, {t} -> {t}", s)
        elif step == "identity_slice_pad":
            zeros, ones = [0] * len(s), [1] * len(s)
            emit(f"bolt.slice {name} offsets {zeros} strides {ones} : {t} -> {t}", s)
            emit(f"bolt.pad {current[0]} low {zeros} high {zeros} value 2.0 : {t} -> {t}", s)
        elif step == "scale":  # not an identity: kept
            c = constant(np.full((), 2.0))
            emit(f"bolt.ew.mul {name}, {c} : {t}, {tensor((), element)} -> {t}", s)
    types = ", ".join(tensor(s, element) for _, s in results) or tensor(shape, element)
    names = ", ".join(n for n, _ in results) or "%x"
    text = (f"func.func @main(%x: {tensor(shape, element)}) -> ({types}) {{\n" + "\n".join(lines)
            + f"\n  func.return {names} : {types}\n}}\n")
    x = rng.integers(-8, 9, shape).astype(np.float32) / 2  # exact in bf16 and f16
    return text, x.astype(np.float16) if element == "f16" else x


@settings(max_examples=25, deadline=None)
@given(movement_chains())
def test_random_chains_canonicalize_exactly(chain):
    text, x = chain
    module = parse_mlir_text(text)
    before = boltc.interpret(module, x)
    ops_before = sum(1 for _ in module.walk())
    canonicalized(module)
    assert leftovers(module) == []
    assert sum(1 for _ in module.walk()) <= ops_before
    for got, want in zip(boltc.interpret(module, x), before):
        np.testing.assert_array_equal(got, want)


def test_a_broadcast_used_twice_is_not_reshaped_beside_itself():
    """Found by test_random_chains_canonicalize_exactly in CI: transpose(broadcast(x)) becomes
    broadcast(reshape(x)); an add reading that broadcast, which the result also returns, kept
    it and gained a reshape of x beside it (9 ops from 8). A broadcast used elsewhere stays
    the add's operand."""
    text = (
        "func.func @main(%x: tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<2x1x2xf32>) {\n"
        "  %v0 = bolt.broadcast %x dimensions [0] : tensor<1x2xf32> -> tensor<2x1x2xf32>\n"
        "  %v1 = bolt.transpose %v0 permutation [2, 1, 0] : tensor<2x1x2xf32> -> tensor<2x1x2xf32>\n"
        "  %v2 = bolt.constant dense<[3.0, 1.0]> : tensor<2xf32>\n"
        "  %v3 = bolt.broadcast %v2 dimensions [1, 2] : tensor<2xf32> -> tensor<2x1x2xf32>\n"
        "  %v4 = bolt.ew.add %v1, %v3 : tensor<2x1x2xf32>, tensor<2x1x2xf32> -> tensor<2x1x2xf32>\n"
        "  func.return %v1, %v4 : tensor<2x1x2xf32>, tensor<2x1x2xf32>\n}\n")
    module = parse_mlir_text(text)
    x = np.array([[0.0, -2.0]], dtype=np.float32)
    before = boltc.interpret(module, x)
    canonicalized(module)
    assert sum(1 for _ in module.walk()) == 8
    [add] = [o for o in module.walk() if isinstance(o, bolt.AddOp)]
    assert isinstance(add.operands[0].owner, bolt.BroadcastOp)  # the shared broadcast itself
    for got, want in zip(boltc.interpret(module, x), before):
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("full_operand", [False, True])
def test_a_broadcast_read_twice_by_one_op_keeps_its_result_shape(full_operand):
    """Found by test_pipeline's random graphs in CI: select(b, 0, b, 0.25) with b a broadcast
    of a max-reduction. Each read of b alone could take the size-1 form, both at once shrank
    the result (1x1x3x3 -> 1x1x3x1, an op that no longer verified). Refused where b makes the
    shape; reshaped, both reads, beside a full-size operand; the values the same either way."""
    other = "%x" if full_operand else "%zero"
    other_type = "tensor<1x1x3x3xf32>" if full_operand else "tensor<f32>"
    text = (
        "func.func @main(%m: tensor<1x1x3xf32>, %x: tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32> {\n"
        "  %b = bolt.broadcast %m dimensions [3] : tensor<1x1x3xf32> -> tensor<1x1x3x3xf32>\n"
        "  %zero = bolt.constant dense<0.0> : tensor<f32>\n"
        "  %q = bolt.constant dense<0.25> : tensor<f32>\n"
        f"  %s = bolt.ew.select oeq %b, {other}, %b, %q : tensor<1x1x3x3xf32>, {other_type}, "
        "tensor<1x1x3x3xf32>, tensor<f32> -> tensor<1x1x3x3xf32>\n"
        "  func.return %s : tensor<1x1x3x3xf32>\n}\n")
    module = parse_mlir_text(text)
    m = np.array([[[0.0, 1.5, 0.0]]], dtype=np.float32)
    x = np.arange(9, dtype=np.float32).reshape(1, 1, 3, 3) / 4
    before = boltc.interpret(module, m, x)
    canonicalized(module)
    module.verify()
    [select] = [o for o in module.walk() if isinstance(o, bolt.SelectOp)]
    kept = [isinstance(v.owner, bolt.BroadcastOp) for v in (select.operands[0], select.operands[2])]
    assert kept == ([False, False] if full_operand else [True, True])
    for got, want in zip(boltc.interpret(module, m, x), before):
        np.testing.assert_array_equal(got, want)


def test_half_exports_compute_exactly_the_same(half_export: Path):
    """The f16/bf16 torch-mlir exports (test/data/half, ops/half): extf/truncf casts around
    f32 compute, f32 bias broadcasts of half vectors; canonicalized, bit for bit the same."""
    inputs = saved_inputs(half_export)
    module = load(str(half_export))
    before = boltc.interpret(module, *inputs)
    canonicalized(module)
    assert leftovers(module) == []
    for got, want in zip(boltc.interpret(module, *inputs), before):
        np.testing.assert_array_equal(got, want)
