"""The linalg-on-tensors importer against torch: every test/data model imports, verifies,
round-trips through print/parse, and computes what torch computed."""

from __future__ import annotations

import io
import re
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.printer import Printer
from xdsl.targets.mlir import MLIRTarget

import boltc
from boltc.dialects.context import bolt_context
from boltc.frontends import load
from boltc.frontends.mlir import import_linalg
from boltc.frontends.source import parse_mlir_text, read_mlir_file
from boltc.passes.raise_bolt import raise_bolt


# torch-mlir writes tanh-GELU's sqrt(2/pi) as 0.797724 instead of 0.7978846; the raw file is
# off from torch by up to 5e-5 there (test/data/README.md). Raised, boltc computes the exact
# constant, so only the literal translation needs the looser bound.
LITERAL_TOLERANCE = {"gelu_tanh": 1e-4, "mlp_gelu": 1e-4}


def _print(module: ModuleOp, generic: bool = False) -> str:
    out = io.StringIO()
    Printer(stream=out, print_generic_format=generic).print_op(module)
    return out.getvalue()


def _bolt_only(module: ModuleOp) -> None:
    names = {op.name for op in module.walk()} - {"builtin.module", "func.func", "func.return"}
    foreign = sorted(n for n in names if not n.startswith("bolt."))
    assert not foreign, f"not imported into bolt: {foreign}"


def _assert_matches_torch(got, expected, rtol: float, atol: float) -> None:
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert g.shape == e.shape
        np.testing.assert_allclose(np.asarray(g, dtype=np.float32), e, rtol=rtol, atol=atol)


def test_imports_verifies_and_matches_torch(torch_mlir_file: Path, read_saved_io):
    inputs, expected = read_saved_io(torch_mlir_file)
    module = load(str(torch_mlir_file))
    _bolt_only(module)
    module.verify()
    # f16 models round once more than torch's f32 reference: one f16 ulp of the output.
    f16 = "f16" in torch_mlir_file.stem
    _assert_matches_torch(
        boltc.interpret(module, *inputs), expected,
        rtol=2e-3 if f16 else 1e-4, atol=2e-3 if f16 else 1e-5,
    )


def _with_canonical_resource_keys(text: str) -> str:
    """Reparsing gives each blob a fresh store key (see LocatingParser): name keys by first use."""
    names: dict[str, str] = {}
    for key in re.findall(r"dense_resource<([^>]+)>", text):
        names.setdefault(key, f"blob{len(names)}")
    return re.sub(
        r"(?<![\w.])(" + "|".join(map(re.escape, sorted(names, key=len, reverse=True))) + r")(?![\w.])",
        lambda m: names[m.group(1)], text,
    ) if names else text


def test_printed_file_with_blobs_computes_the_same(torch_mlir_file: Path, read_saved_io):
    """What `boltc --emit bolt` writes (IR plus the dialect_resources section) loads again and
    computes the same values: the weights travel with the text."""
    inputs, _ = read_saved_io(torch_mlir_file)
    module = load(str(torch_mlir_file))
    text = io.StringIO()
    MLIRTarget().emit(bolt_context(), module, text)
    again = load(text.getvalue(), name="<printed>")
    for got, want in zip(boltc.interpret(again, *inputs), boltc.interpret(module, *inputs)):
        np.testing.assert_array_equal(got, want)


def test_round_trips_through_print_and_parse(torch_mlir_file: Path):
    module = load(str(torch_mlir_file))
    text = _with_canonical_resource_keys(_print(module))
    again = parse_mlir_text(_print(module), "<printed>")
    assert _with_canonical_resource_keys(_print(again)) == text
    generic = parse_mlir_text(_print(module, generic=True), "<generic>")
    assert _with_canonical_resource_keys(_print(generic)) == text


def test_raise_bolt_preserves_values(torch_mlir_file: Path, read_saved_io):
    """The literal translation, the raised IR and the raw linalg all compute the same."""
    inputs, expected = read_saved_io(torch_mlir_file)
    raw = read_mlir_file(torch_mlir_file)
    from_linalg = boltc.interpret(raw, *inputs)
    literal = import_linalg(read_mlir_file(torch_mlir_file))
    before = boltc.interpret(literal, *inputs)
    _assert_matches_torch(before, from_linalg, rtol=1e-5, atol=1e-6)
    raise_bolt(literal)
    literal.verify()
    after = boltc.interpret(literal, *inputs)
    tolerance = LITERAL_TOLERANCE.get(torch_mlir_file.stem, 1e-5)
    _assert_matches_torch(after, before, rtol=tolerance, atol=tolerance)
    _assert_matches_torch(after, expected, rtol=1e-4 if "f16" not in torch_mlir_file.stem else 2e-3,
                          atol=1e-5 if "f16" not in torch_mlir_file.stem else 2e-3)


def test_resource_keys_do_not_collide_across_files(read_saved_io):
    """conv2d_nchw and conv2d_dilated both name their weight torch_tensor_6_4_3_3_torch.float32
    with different data; xDSL's one process-wide blob store must not mix them up."""
    files = [DATA_OPS / "conv2d_nchw.mlir", DATA_OPS / "conv2d_dilated.mlir"]
    assert all("torch_tensor_6_4_3_3_torch.float32" in f.read_text() for f in files)
    modules = [load(str(f)) for f in files]  # both parsed before either runs
    for f, module in zip(files, modules):
        inputs, expected = read_saved_io(f)
        _assert_matches_torch(boltc.interpret(module, *inputs), expected, 1e-4, 1e-5)


DATA_OPS = Path(__file__).resolve().parents[2] / "data" / "ops"


def test_conv_nhwc_hwcf_matches_a_direct_loop():
    """IREE's NHWC/HWCF convolution (not in torch-mlir's output): raw linalg, the imported
    bolt and a loop over output pixels agree."""
    path = Path(__file__).resolve().parents[2] / "lit" / "import" / "conv_nhwc.mlir"
    rng = np.random.default_rng(0)
    x = rng.standard_normal((1, 9, 9, 4)).astype(np.float32)
    w = rng.standard_normal((3, 3, 4, 8)).astype(np.float32)
    expected = np.zeros((1, 4, 4, 8), np.float32)
    for p in range(4):
        for q in range(4):
            expected[0, p, q] = np.einsum("rsc,rscf->f", x[0, 2 * p:2 * p + 3, 2 * q:2 * q + 3], w)
    (raw,) = boltc.interpret(read_mlir_file(path), x, w)
    (imported,) = boltc.interpret(load(str(path)), x, w)
    np.testing.assert_allclose(raw, expected, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(imported, expected, rtol=1e-5, atol=1e-5)
