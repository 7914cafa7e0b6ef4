"""The graph pipeline on a ResNet-50-sized model: seconds per pass on this machine.

    python bench/pipeline_resnet50.py [--precision f16|bf16|f32]

Generates the torch-mlir-form ResNet-50 of bench/import_resnet50.py (25.6 M weights, 53
convolutions), imports it (not timed here: see import_resnet50.py), then times each pass of
bolt-pipeline in order and the whole. Acceptance (issue 4): the pipeline under 10 s on the
2-core development machine.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from xdsl.context import Context

sys.path.insert(0, str(Path(__file__).resolve().parent))
from import_resnet50 import resnet50_text  # noqa: E402

from boltc.dialects import bolt  # noqa: E402
from boltc.frontends import load  # noqa: E402
from boltc.passes.pipeline import pipeline_passes  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--precision", default="f16", choices=("f16", "bf16", "f32"))
    args = parser.parse_args()
    text, _, _ = resnet50_text()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "resnet50.mlir"
        path.write_text(text)
        module = load(str(path))
    rows = []
    total = 0.0
    ctx = Context()
    for p in pipeline_passes(args.precision):
        start = time.perf_counter()
        p.apply(ctx, module)
        seconds = time.perf_counter() - start
        total += seconds
        rows.append((p.name, seconds))
    start = time.perf_counter()
    module.verify()
    rows.append(("verify", time.perf_counter() - start))
    total += rows[-1][1]
    for name, seconds in rows:
        print(f"{name:20s} {seconds:7.2f} s")
    print(f"{'pipeline total':20s} {total:7.2f} s")
    ops = [op for op in module.walk()]
    count = lambda kind: sum(isinstance(op, kind) for op in ops)  # noqa: E731
    print(f"after: {count(bolt.Conv2dOp)} conv2d, {count(bolt.GemmOp)} gemm, {count(bolt.B2bOp)} b2b, "
          f"{count(bolt.TransposeOp)} transpose, {count(bolt.PadOp)} pad, {count(bolt.SliceOp)} slice, "
          f"{count(bolt.Pool2dOp)} pool2d")


if __name__ == "__main__":
    main()
