"""Fuzzing the MLIR front end and `boltc-opt` with damaged and random MLIR (issue 15, item 6).

Seeds: every small test/data model (linalg-on-tensors as torch-mlir prints it, f32/f16/bf16,
with dense_resource blobs) and every chunk of the lit tests (bolt IR, valid and invalid). Each
case goes the way a user's file goes (`boltc.frontends.load`: parse, verify, import-linalg,
raise-bolt, verify) and must end in a module or a BoltcError naming the file and a line of it.
A mutated model that still imports must also compute what the text it came from computes: the
reference executor runs the text as written (linalg) and the imported bolt IR on one input.
"""

from __future__ import annotations

import contextlib
import io
import re

import numpy as np
import pytest
from hypothesis import strategies as st
from xdsl.dialects import func

from boltc.diagnostics import BoltcError
from boltc.frontends import load
from boltc.frontends.loader import parse_mlir
from boltc.interpret import run_module
from boltc.interpret.runner import find_function
from boltc.opt import main as boltc_opt
from fuzzing import assert_located, run_cases
from mlir_mutations import SEEDS, mutated_mlir, random_mlir

pytestmark = pytest.mark.timeout(300)  # the whole test; a case has CASE_CPU_LIMIT_S

NAME = "fuzz.mlir"


def as_text(text: str) -> str:
    # A str without a newline or a brace is read as a path by the loader; these are texts.
    return text if "\n" in text else text + "\n"


def import_case(case: tuple[str, str]) -> str:
    _, text = case
    text = as_text(text)
    try:
        load(text, name=NAME)
    except BoltcError as e:
        assert_located(e, NAME, text, need_line=True)
        return "error"
    return "ok"


def test_mutated_mlir_imports_or_is_a_located_error():
    tally = run_cases(mutated_mlir(), import_case, budget=4000)
    # The mutations must reach both ends: refusals, and files that still import.
    assert tally.outcomes["error"] > 1000 and tally.outcomes["ok"] > 100, tally.outcomes


def test_random_mlir_is_a_located_error():
    tally = run_cases(random_mlir(), import_case, budget=1500)
    assert tally.outcomes["error"] > 1000, tally.outcomes


# ---- differential: a mutated model that still imports computes what its text computes ----

LINALG_SEEDS = [s for s in SEEDS if s.name.startswith("test/data/") and "linalg." in s.text]


def _inputs(main: func.FuncOp, rng: np.random.Generator) -> list[np.ndarray] | None:
    from boltc.interpret import numpy_dtype

    arrays = []
    for ty in main.function_type.inputs.data:
        shape = tuple(ty.get_shape())
        if any(d < 0 for d in shape) or np.prod(shape, dtype=np.int64) > 1 << 16:
            return None
        arrays.append(rng.standard_normal(shape).astype(numpy_dtype(ty.element_type)))
    return arrays


def differential_case(case: tuple[str, str]) -> str:
    _, text = case
    text = as_text(text)
    try:
        imported = load(text, name=NAME)
        written = parse_mlir(text, where=NAME)
    except BoltcError as e:
        assert_located(e, NAME, text, need_line=True)
        return "error"
    main = find_function(written, "main")  # as the runner finds it: a mutant may rename @main
    inputs = _inputs(main, np.random.default_rng(0))
    if inputs is None:
        return "too large"
    try:
        want = run_module(written, *inputs)
    except BoltcError:
        return "oracle refused"  # the text as written is not runnable either (a bad constant)
    got = run_module(imported, *inputs)
    assert len(got) == len(want)
    for g, w, ty in zip(got, want, main.function_type.outputs.data):
        assert g.shape == w.shape and g.dtype == w.dtype, (g.shape, g.dtype, w.shape, w.dtype)
        # The text rounds every step to its element type; raise-bolt's folds (sigmoid, GELU,
        # softmax, layer-norm, mean) compute in f32 and round once: a few ulp of the type.
        tol = ULP_TOLERANCE[str(ty.element_type)]
        np.testing.assert_allclose(g.astype(np.float32), w.astype(np.float32), rtol=tol, atol=tol)
    return "ok"


ULP_TOLERANCE = {"f32": 1e-4, "f16": 8 * 2.0**-11, "bf16": 8 * 2.0**-8}


def test_mutated_linalg_models_compute_what_their_text_computes():
    tally = run_cases(mutated_mlir(LINALG_SEEDS), differential_case, budget=800)
    assert tally.outcomes["ok"] > 50, tally.outcomes


# ---- boltc-opt, in-process: exit 0 with IR, or exit 1 with one located error ----------

PIPELINES = ["", "import-linalg", "import-linalg,raise-bolt", "bolt-canonicalize"]


@pytest.fixture(scope="module")
def work_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz_opt")


def test_mutated_mlir_through_boltc_opt(work_dir):
    model = work_dir / "fuzz.mlir"

    def opt_case(case: tuple[tuple[str, str], str]) -> str:
        (_, text), passes = case
        model.write_text(text)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = boltc_opt([str(model), "-p", passes] if passes else [str(model)])
        stderr = err.getvalue()
        assert code in (0, 1), f"exit {code}: {stderr}"
        assert "Traceback (most recent call last)" not in stderr and "boltc-opt: internal error" not in stderr, stderr
        if code == 0:
            assert out.getvalue().startswith("builtin.module"), out.getvalue()[:200]
            return "ok"
        assert re.match(rf"{re.escape(str(model))}(:\d+(:\d+)?)?: error: \S", stderr), stderr
        return "error"

    tally = run_cases(st.tuples(mutated_mlir(), st.sampled_from(PIPELINES)), opt_case, budget=700)
    assert tally.outcomes["error"] > 200 and tally.outcomes["ok"] > 20, tally.outcomes
