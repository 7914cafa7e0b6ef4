"""`boltc verify MODEL`: the compiled model against the reference executor, on random inputs.

    boltc verify model.onnx                       # f16 compute (the default) on sm_90a
    boltc verify model.mlir --precision bf16 --seed 3 --json
    boltc verify model.pt2 --precision-override bolt.softmax=f32 --precision-override Exp_3=f32
    boltc verify model.mlir --reference-only      # no GPU: the reference at f16 against f32

What it does: imports MODEL, draws seeded random inputs of its input types (standard normal,
numpy's default_rng(SEED), rounded to each input's element type), runs the reference executor
(`boltc.interpret`) on the model as imported (the precision it was written in: f32 for an f32
model), then the model as the compiler optimizes it, and compares each output: max and mean
absolute error, and the max error relative to the output's scale (max |reference|; the
absolute error where the reference is all zero). An output passes when it holds no inf/NaN the
reference lacks and its relative error is within the tolerance (TOLERANCES, or --tolerance).

The checked side is the compiled model (boltc.compile of the very IR the report describes,
run on a CUDA GPU), or with --reference-only the reference executor on that optimized IR,
where each op rounds to f16/bf16 as the kernels do: it finds overflow without a GPU, not
kernel bugs. When the checked side has inf/NaN (or with --locate), the overflow locator
(boltc/interpret/overflow.py) runs the optimized IR op by op and names the first op that
overflowed, with its location and the magnitude it had to round; `--precision-override
OP=f32` (convert-precision's keep-f32: an op name, a graph node, or FILE:LINE as the locator
prints it) keeps such ops in f32.

Exit status: 0 every output within tolerance; 1 an output beyond it or with inf/NaN (the
report says which), or a problem with the input; 2 a bad command line. Without a usable CUDA
GPU, verify says so and exits 1 before any work, unless --reference-only.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from boltc.diagnostics import BoltcError, SourceLocation

ARCHES = ("sm_90a", "sm_80")  # as boltc's: the first is the default
PRECISIONS = ("f16", "bf16", "f32")  # as boltc's: the first is the default
INPUT_DISTRIBUTION = "standard normal"

# Max |error| / max |reference| per output. The reference rounds nothing (f32 model) and the
# compiled model rounds each op's result once to the compute type: unit roundoff u = 2^-11
# (f16), 2^-8 (bf16). The test/data models measure 1-2u through the reference executor at the
# target precision (deepest path about 12 roundings); these allow 20u, for deeper models and the
# GPU's own summation order and libdevice functions. f32: what the GPU suite allows an f32
# model (libdevice expf/erff within 2 ulp, sums in another order), with room.
TOLERANCES = {"f16": 1e-2, "bf16": 8e-2, "f32": 1e-4}


@dataclass(frozen=True)
class OutputComparison:
    """One output of the checked side against the reference's."""

    index: int
    shape: tuple[int, ...]
    max_abs_error: float  # over the elements finite on both sides
    mean_abs_error: float
    scale: float  # max |reference| over its finite elements
    relative_error: float  # max_abs_error / scale (max_abs_error itself when scale is 0)
    nonfinite: int  # elements inf/NaN on the checked side where the reference has another value
    reference_nonfinite: int  # inf/NaN elements of the reference itself
    tolerance: float

    @property
    def passed(self) -> bool:
        return self.nonfinite == 0 and self.relative_error <= self.tolerance

    def as_json(self) -> dict[str, Any]:
        return {"output": self.index, "shape": list(self.shape), "max_abs_error": self.max_abs_error,
                "mean_abs_error": self.mean_abs_error, "scale": self.scale,
                "relative_error": self.relative_error, "nonfinite": self.nonfinite,
                "reference_nonfinite": self.reference_nonfinite, "tolerance": self.tolerance,
                "passed": self.passed}


def compare_output(index: int, reference: np.ndarray, actual: np.ndarray, tolerance: float) -> OutputComparison:
    """The errors of `actual` against `reference` (same shape; compared in float64)."""
    ref, got = np.asarray(reference, np.float64), np.asarray(actual, np.float64)
    if ref.shape != got.shape:
        raise BoltcError(f"output {index} has shape {list(got.shape)} on the checked side, "
                         f"{list(ref.shape)} in the reference")
    ref_finite, got_finite = np.isfinite(ref), np.isfinite(got)
    both = ref_finite & got_finite
    # A non-finite value counts unless the reference has the very same one (inf of that sign; NaN).
    same_special = ~ref_finite & ~got_finite & ((ref == got) | (np.isnan(ref) & np.isnan(got)))
    mismatched = int((~got_finite & ~same_special).sum() + (got_finite & ~ref_finite).sum())
    errors = np.abs(got[both] - ref[both])
    max_error = float(errors.max()) if errors.size else 0.0
    mean_error = float(errors.mean()) if errors.size else 0.0
    scale = float(np.abs(ref[ref_finite]).max()) if ref_finite.any() else 0.0
    relative = max_error / scale if scale > 0 else max_error
    return OutputComparison(index, tuple(ref.shape), max_error, mean_error, scale, relative, mismatched,
                            int((~ref_finite).sum()), tolerance)


@dataclass(frozen=True)
class VerifyReport:
    """What `boltc verify` found: per output, and where inf/NaN first appeared."""

    model: str
    precision: str
    arch: str
    seed: int
    checked: str  # what the checked side was, in words
    keep_f32: tuple[str, ...]
    outputs: tuple[OutputComparison, ...]
    nonfinite_ops: tuple[Any, ...] | None  # NonFiniteOp (interpret/overflow.py); None: not located

    @property
    def passed(self) -> bool:
        return all(o.passed for o in self.outputs)

    def failures(self) -> list[OutputComparison]:
        return [o for o in self.outputs if not o.passed]

    def blamed(self) -> Any:
        from boltc.interpret.overflow import first_overflow

        return first_overflow(self.nonfinite_ops or ())

    def as_json(self) -> dict[str, Any]:
        blamed = self.blamed()
        return {"model": self.model, "precision": self.precision, "arch": self.arch, "seed": self.seed,
                "inputs": INPUT_DISTRIBUTION, "checked": self.checked, "keep_f32": list(self.keep_f32),
                "passed": self.passed, "outputs": [o.as_json() for o in self.outputs],
                "nonfinite_ops": None if self.nonfinite_ops is None else [f.as_json() for f in self.nonfinite_ops],
                "first_overflow": None if blamed is None else blamed.as_json()}

    def text(self) -> str:
        kept = "".join(f", {s} kept in f32" for s in self.keep_f32)
        lines = [f"{self.model}: {self.checked} against the reference executor "
                 f"(the model as imported), {INPUT_DISTRIBUTION} inputs, seed {self.seed}{kept}",
                 f"{'output':<8}{'shape':<18}{'max abs err':>13}{'mean abs err':>14}{'scale':>11}"
                 f"{'rel err':>11}{'tolerance':>11}  result"]
        for o in self.outputs:
            result = "ok" if o.passed else ("inf/NaN" if o.nonfinite else "FAIL")
            if o.nonfinite:
                result += f" ({o.nonfinite} inf/NaN values the reference lacks)"
            lines.append(f"{o.index:<8}{'x'.join(map(str, o.shape)) or 'scalar':<18}{o.max_abs_error:>13.3e}"
                         f"{o.mean_abs_error:>14.3e}{o.scale:>11.3e}{o.relative_error:>11.3e}"
                         f"{o.tolerance:>11.1e}  {result}")
            if o.reference_nonfinite:
                lines.append(f"        note: the reference itself has {o.reference_nonfinite} inf/NaN values here")
        if self.nonfinite_ops is not None:
            if not self.nonfinite_ops:
                lines.append(f"overflow locator: every op's result stays finite in the reference executor "
                             f"at {self.precision}")
            else:
                blamed = self.blamed()
                lines.append(f"first overflow: {blamed}")
                others = [f for f in self.nonfinite_ops if f is not blamed]
                for other in others:
                    lines.append(f"  also: {other}")
                if blamed.overflow:
                    lines.append(f"  keep it in f32 with --precision-override {_suggested_selector(blamed)}=f32 "
                                 "(and its consumers up to where the values shrink)")
        lines.append("PASSED" if self.passed else
                     f"FAILED: {len(self.failures())} of {len(self.outputs)} outputs beyond tolerance or with inf/NaN")
        return "\n".join(lines)


def _suggested_selector(found: Any) -> str:
    """A keep-f32 selector for the op: its graph node, else FILE:LINE, else its op name."""
    location = found.location
    if location.node:
        return location.node
    if location.line:
        return f"{os.path.basename(location.file)}:{location.line}"
    return found.op_name


# --------------------------------------------------------------------------------------
# The two sides
# --------------------------------------------------------------------------------------

Model = Callable[..., Sequence[np.ndarray]]


def random_inputs(function: Any, seed: int) -> list[np.ndarray]:
    """Standard normal inputs of `function`'s argument types: f32 as float32, f16 as float16,
    bf16 as float32 arrays holding bf16 values (as the runtime takes them)."""
    from xdsl.dialects.builtin import ShapedType

    from boltc.interpret.element_types import element_type_of, numpy_dtype, round_to

    rng = np.random.default_rng(seed)
    arrays = []
    for i, type_ in enumerate(function.function_type.inputs.data):
        element = element_type_of(type_)
        if numpy_dtype(element).kind != "f":
            raise BoltcError(f"input {i} is {type_}: verify draws {INPUT_DISTRIBUTION} inputs for float "
                             "tensors only")
        shape = tuple(type_.get_shape()) if isinstance(type_, ShapedType) else ()
        arrays.append(np.asarray(round_to(element, rng.standard_normal(shape))))
    return arrays


def cuda_device_blocker() -> str | None:
    """Why the compiled model cannot run here; None when a CUDA device is usable."""
    try:
        from cuda.bindings import runtime
    except ImportError:
        return "cuda-python (cuda.bindings) is not installed"
    error, count = runtime.cudaGetDeviceCount()
    if error != runtime.cudaError_t.cudaSuccess:
        return f"no usable CUDA device ({error.name})"
    if count == 0:
        return "no CUDA device"
    return None


def compiled_side(optimized: Any, arch: str, precision: str, jobs: int | None) -> Model:
    """The compiled model of `optimized` (IR that records its target): exactly that IR built."""
    import boltc

    model = boltc.compile(optimized.clone(), arch=arch, precision=precision, jobs=jobs)

    def run(*inputs: np.ndarray) -> tuple[np.ndarray, ...]:
        results = model(*inputs)
        return tuple(results) if isinstance(results, tuple) else (results,)

    return run


def reference_side(module: Any) -> Model:
    """The reference executor on `module` (the optimized IR: each op rounds as the kernels do)."""
    from boltc.interpret import run_module

    return lambda *inputs: run_module(module, *inputs)


def verify(model: Any, example_inputs: Any = None, *, precision: str = "f16", arch: str = "sm_90a",
           seed: int = 0, keep_f32: Sequence[str] = (), tolerance: float | None = None,
           reference_only: bool = False, locate: bool = False, jobs: int | None = None,
           checked: Model | None = None, checked_name: str | None = None) -> VerifyReport:
    """`boltc verify` as a function: `model` is anything boltc.compile takes (a torch.nn.Module
    with `example_inputs`, which give its input shapes; the inputs compared are random).
    `checked`: a callable to check instead of the compiled model (given the optimized IR's
    inputs, returning its outputs), e.g. another executor; `reference_only` checks the
    reference executor on the optimized IR. BoltcError for a problem with the input."""
    from boltc.compiler import check_arch, load_for_compile, optimize, recorded_target
    from boltc.interpret import find_function, run_module
    from boltc.interpret.overflow import locate_nonfinite

    if precision not in PRECISIONS:
        raise BoltcError(f"unknown precision {precision!r} (known: {', '.join(PRECISIONS)})")
    check_arch(arch)
    if not reference_only and checked is None:
        blocker = cuda_device_blocker()
        if blocker is not None:
            raise BoltcError(f"verify runs the compiled model on a CUDA GPU, and this machine has none "
                             f"usable: {blocker} (--reference-only checks the reference executor at "
                             f"{precision} against f32 without one)")
    module, where = load_for_compile(model, example_inputs)
    done = recorded_target(module)
    if done is not None:
        raise BoltcError(f"this bolt IR was optimized already ({done.flags()}): verify compares a model with "
                         "its optimized form, so give it the model as written", SourceLocation(where))
    function = find_function(module, "main")
    inputs = random_inputs(function, seed)
    reference = run_module(module, *inputs)
    try:
        optimized = optimize(module.clone(), arch, precision, where=where, keep_f32=tuple(keep_f32))
    except BoltcError as e:  # a pass's own error (a keep-f32 selector that names nothing): at the model
        if e.location is not None:
            raise
        raise BoltcError(e.message, SourceLocation(where), e.op_name) from None
    if checked is None:
        if reference_only:
            checked, checked_name = reference_side(optimized), f"the reference executor at {precision} (--reference-only)"
        else:
            checked = compiled_side(optimized, arch, precision, jobs)
            checked_name = f"the compiled model ({arch}, {precision})"
    results = tuple(checked(*inputs))
    if len(results) != len(reference):
        raise BoltcError(f"the checked side returned {len(results)} outputs, the reference {len(reference)}",
                         SourceLocation(where))
    limit = TOLERANCES[precision] if tolerance is None else tolerance
    outputs = tuple(compare_output(i, r, a, limit) for i, (r, a) in enumerate(zip(reference, results)))
    found = None
    if locate or any(o.nonfinite for o in outputs):
        found = tuple(locate_nonfinite(optimized, *inputs, where=where))
    return VerifyReport(where, precision, arch, seed, checked_name or "the checked model", tuple(keep_f32),
                        outputs, found)


# --------------------------------------------------------------------------------------
# The command
# --------------------------------------------------------------------------------------


def precision_override(text: str) -> str:
    """`OP=f32` -> OP (argparse type)."""
    op, sep, precision = text.rpartition("=")
    if not sep or not op.strip():
        raise argparse.ArgumentTypeError(f"expected OP=f32 (an op name such as bolt.softmax, a graph node, "
                                         f"or FILE:LINE), got {text!r}")
    if precision != "f32":
        raise argparse.ArgumentTypeError(f"{text!r}: ops can be kept in f32 only (OP=f32), not {precision!r}")
    return op.strip()


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not value > 0 or math.isinf(value):
        raise argparse.ArgumentTypeError(f"must be a positive number, got {text!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    from boltc.cli import positive_int

    tolerances = ", ".join(f"{p} {t:g}" for p, t in TOLERANCES.items())
    parser = argparse.ArgumentParser(
        prog="boltc verify",
        description="Compile MODEL, run it on a CUDA GPU and compare its outputs with the reference "
                    f"executor's on seeded {INPUT_DISTRIBUTION} inputs: max and mean absolute error per "
                    "output, and the max error relative to the output's scale (max |reference|). Where an "
                    "output has inf/NaN, name the first op that overflowed (the reference executor at the "
                    "compute precision, op by op).",
        epilog=f"Default tolerances (max error / max |reference|): {tolerances}. Exit status: 0 every "
               "output within tolerance, 1 an output beyond it or with inf/NaN, or bad input, or no "
               "CUDA GPU (without --reference-only), 2 bad command line.")
    parser.add_argument("model", help="the model: .mlir (linalg-on-tensors or bolt), .pt2 or .onnx")
    parser.add_argument("--precision", choices=PRECISIONS, default=PRECISIONS[0],
                        help="compute precision of the compiled model (default: f16); the reference "
                             "runs the model as written (f32 for an f32 model)")
    parser.add_argument("--arch", choices=ARCHES, default=ARCHES[0], help="the GPU to compile for (default: sm_90a)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random inputs (default: 0)")
    parser.add_argument("--precision-override", type=precision_override, action="append", default=[],
                        metavar="OP=f32", dest="keep_f32",
                        help="keep OP in f32 through the precision conversion (repeatable): an op name "
                             "(bolt.softmax: every one), a graph node (ONNX/torch.export, as boltc's "
                             "messages print it) or FILE:LINE of an .mlir model; a GEMM or convolution "
                             "cannot be kept (its tensor-core kernels take f16/bf16 only)")
    parser.add_argument("--tolerance", type=positive_float, metavar="REL",
                        help=f"max error relative to each output's scale (default: {tolerances})")
    parser.add_argument("--reference-only", action="store_true",
                        help="no GPU needed: check the reference executor on the optimized IR at the "
                             "compute precision (each op rounds as the kernels do) instead of the "
                             "compiled model; finds overflow, not kernel bugs")
    parser.add_argument("--locate", action="store_true",
                        help="run the overflow locator even when every output is finite")
    parser.add_argument("-j", "--jobs", type=positive_int, metavar="N",
                        help="parallel nvcc processes for the build (default: all cores)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    return parser


def run(args: argparse.Namespace) -> None:
    from pathlib import Path

    model = Path(args.model)
    if not model.exists():
        raise BoltcError("no such file", SourceLocation(args.model))
    report = verify(model, precision=args.precision, arch=args.arch, seed=args.seed, keep_f32=args.keep_f32,
                    tolerance=args.tolerance, reference_only=args.reference_only, locate=args.locate,
                    jobs=args.jobs)
    if args.json:
        print(json.dumps(report.as_json(), indent=2))
    else:
        print(report.text())
    sys.stdout.flush()
    if not report.passed:
        failed = ", ".join(str(o.index) for o in report.failures())
        blamed = report.blamed()
        cause = f"; first overflow: {blamed}" if blamed is not None else ""
        raise BoltcError(f"verify failed: output(s) {failed} beyond tolerance or with inf/NaN{cause}",
                         SourceLocation(args.model))
