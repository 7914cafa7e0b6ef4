"""fuse-b2b's decision against measurements: for every chain bench/b2b.py timed, the performance
model's fused and unfused times (tuning/fusion.py, what fuse-b2b asks on sm_90a) beside the
measured ones, on the CPU.

    python3 bench/b2b_decision.py bench/data/b2b_h200_2026-11-28.json bench/data/b2b_tiny_simt_h200_2026-11-28.json
                                  [--workloads PATH] [--gpu h100_sxm] [--arch sm_90a]

Each case of the JSONs (bench/b2b.py --out; a later file's row replaces an earlier one's of the
same label; a row whose fused build ran no b2b kernel is skipped) is rebuilt as bench/b2b.py builds it and run through
the pipeline (`pairs_of`); every anchor pair gets the model's verdict, with the GPU model's DRAM rate set to the copy rate
the run measured (`copy_TBps`: an H200's is not an H100's). Printed per pair: the kernel that
would run it, predicted fused and unfused microseconds and their ratio, the measured ones
(the whole case: a model of several chains sums its pairs' predictions) and whether the
decision (fuse where the predicted ratio reaches fuse-b2b's MIN_PREDICTED_GAIN, 1.1) agrees with
the measurement.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import b2b  # noqa: E402  (bench/b2b.py: the cases and their models)


def pairs_of(torch, case: b2b.Case, arch: str):
    """The anchor pairs of the case's pipeline, as fuse-b2b sees them: the pipeline runs with
    fuse-b2b on but its model verdict off (the roofline decides, every chained 1x1 convolution
    kept as one), and each bolt.b2b's two anchors are the pair."""
    from boltc.compiler import load_for_compile, optimize
    from boltc.dialects import bolt

    model = b2b.model_of(torch, case)
    x = b2b.input_of(torch, case)
    module, _ = load_for_compile(model, (x,))
    keep_chained = mock.patch("boltc.passes.pipeline.paired_pointwise_convs", return_value=(None, []))
    no_model = mock.patch("boltc.tuning.fusion.b2b_verdict", return_value=None)
    with keep_chained if case.kind == "conv" else contextlib.nullcontext(), no_model:
        optimize(module, arch, "f16", fuse_b2b=True)
    found = []
    for op in module.walk():
        if isinstance(op, bolt.B2bOp):
            first, second = [o for o in op.body.block.ops if isinstance(o, bolt.AnchorOp)]
            found.append((first, second))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("measured", type=Path, nargs="+", help="bench/b2b.py's --out JSONs")
    parser.add_argument("--workloads", type=Path, default=b2b.WORKLOADS,
                        help="the table the run's cases came from (bench/b2b.py's --workloads)")
    parser.add_argument("--gpu", default="h100_sxm", help="the GPU model (boltc/tuning/gpus/NAME.json)")
    parser.add_argument("--arch", default="sm_90a")
    args = parser.parse_args(argv)

    import torch

    from boltc.passes.fuse_b2b import KERNEL_RULES, MIN_PREDICTED_GAIN, b2b_plan, describe_problem, gpu_target
    from boltc.tuning.fusion import b2b_verdict
    from boltc.tuning.model import load_gpu

    rows: dict[str, dict] = {}
    headers = []
    for path in args.measured:
        data = json.loads(path.read_text())
        headers.append(f"{data['header']['gpu']} ({data['header']['date']})")
        rows.update({row["label"]: row for row in data["rows"]})
    table = {c.label: c for c in b2b.cases(json.loads(args.workloads.read_text()))}
    base = load_gpu(args.gpu)
    target = gpu_target(args.arch)
    print(f"{', '.join(headers)}; model {base.name}, DRAM at each run's copy rate")
    print(f"{'case':58s} {'kernel':14s} {'pred fused':>10s} {'unfused':>8s} {'ratio':>6s} "
          f"{'meas fused':>10s} {'unfused':>8s} {'ratio':>6s}  decision")
    agree = total = 0
    for row in rows.values():
        case = table.get(row["label"])
        if case is None:
            print(f"{row['label']}: not a case of bench/b2b.py today, skipped")
            continue
        if not any(family.startswith("b2b_") for family, _ in row.get("fused_kernels", [])):
            print(f"{row['label'][:58]:58s} its fused build ran no b2b kernel, skipped")
            continue
        gpu = base.with_constants(dram_bytes_per_us=row["copy_TBps"] * 1e6)
        fused = unfused = 0.0
        families = []
        for first, second in pairs_of(torch, case, args.arch):
            chosen = KERNEL_RULES[args.arch](first, second)
            problem = describe_problem(first, second)
            plan = b2b_plan(problem, target)
            if isinstance(chosen, str) or isinstance(plan, str):
                continue
            family, kernel_plan = chosen
            verdict = b2b_verdict(first, second, family, kernel_plan, problem, plan, args.arch, gpu)
            fused += verdict.fused.time_us
            unfused += verdict.unfused_us
            families.append(family)
        if not families:
            print(f"{row['label']:58s} no pair a b2b kernel takes")
            continue
        predicted, measured = unfused / fused, row["unfused_us"] / row["fused_us"]
        same = (predicted >= MIN_PREDICTED_GAIN) == (measured > 1)
        agree, total = agree + same, total + 1
        print(f"{row['label'][:58]:58s} {families[0]:14s} {fused:10.1f} {unfused:8.1f} {predicted:6.2f} "
              f"{row['fused_us']:10.1f} {row['unfused_us']:8.1f} {measured:6.2f}  {'agrees' if same else 'DISAGREES'}")
    print(f"decision agrees with the measurement on {agree} of {total} cases")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
