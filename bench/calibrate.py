"""Fit the performance model's per-GPU constants (boltc/tuning/model.py) to measured kernel times.

    python3 bench/calibrate.py build/space.jsonl --gpu h100_sxm \\
        [--holdout 0.3] [--out boltc/tuning/gpus/h100_sxm.json] [--png bench/model_fit.png]

Input: JSON lines written by bench/profile_space.py, one per (shape, configuration):
    {"gpu": "NVIDIA H100 80GB HBM3", "family": "gemm_sm90", "candidate": "...", "tile": [128, 256, 64],
     "cluster": [2, 1, 1], "stages": 4, "schedule": "cooperative",
     "problem": {"kind": "gemm", "m": 1280, "n": 3072, "k": 768, "batch": 1},
     "epilogue": "bias+relu", "median_us": 16.48, "ok": true}
(a conv2d problem adds "n_img", "h", "w", "c", "f", "r", "s", "stride", "pad"; the epilogue may
be a short name or the EVT expression tuning/profile.py's describe_epilogue writes, such as
"ReLu(plus(acc, row0:f16))": model.EpilogueCost.from_name reads both). The H100 records of
2026-11-26 are in bench/data/ (bench/RESULTS.md has the fit they give).

What it does:
1. Reads the records; drops those not `ok`, conv_direct ones (the model gives that family a
   roofline, no pipeline to fit) and those whose epilogue name the model does not know (counted).
2. Splits them into a fit set and a held-out set **by shape** (the problem, whatever its
   epilogue or configuration), deterministically (a hash of the shape): no shape's times are
   in both, so the held-out error is the error on shapes the model never saw.
3. Fits `model.FITTED` by least squares on log(predicted / measured) (scipy's trust-region
   `least_squares`, constants in log space so they stay positive), with a weak pull towards the
   starting constants so constants the data cannot see stay where the datasheet put them.
4. Reports, on the held-out set: mean and max absolute relative error, and top-1: the share
   of held-out (shape, epilogue) groups where the model's fastest configuration measured within
   5 % of the measured best. The acceptance of issue 13: MAE <= 10 %, max <= 25 %, top-1 >= 80 %.
5. Writes the fitted GPU model (with `source` naming the data and `fit` holding the metrics and
   every record's residual) and a predicted-vs-measured PNG (matplotlib, Agg).
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from boltc.tuning.model import FITTED, GpuModel, Workload, load_gpu, predict, save_gpu, workload_from_record  # noqa: E402
from boltc.tuning.space import Candidate, Family  # noqa: E402

TOP1_WITHIN = 0.05
REGULARIZATION = 0.05  # weight of log(constant / start) beside each record's log error
_WARP = re.compile(r"warp (\d+)x(\d+)x(\d+)")


@dataclass(frozen=True)
class Case:
    """One usable record: the candidate, the workload, the measured time and its groupings."""

    candidate: Candidate
    workload: Workload
    measured_us: float
    shape: str  # the problem alone: the unit of the held-out split
    group: str  # the problem and its epilogue: the unit of top-1
    label: str  # the record's candidate string


def shape_key(problem: dict) -> str:
    return json.dumps(problem, sort_keys=True)


def case_of(record: dict) -> Case:
    """The case of one record; ValueError (naming what is wrong) for one the model cannot read."""
    family = Family(record["family"])
    warp = None
    match = _WARP.search(record.get("schedule", "")) or _WARP.search(record.get("candidate", ""))
    if match:
        warp = tuple(int(v) for v in match.groups())
    candidate = Candidate(family, tuple(record["tile"]), tuple(record.get("cluster") or (1, 1, 1)),
                          int(record["stages"]), record.get("schedule", ""), warp)
    workload = workload_from_record(record["problem"], record.get("epilogue", "none"))
    key = shape_key(record["problem"])
    return Case(candidate, workload, float(record["median_us"]), key, key + "|" + record.get("epilogue", "none"),
                record.get("candidate", candidate.describe()))


def read_cases(paths: list[Path]) -> tuple[list[Case], dict[str, int]]:
    """The usable cases of the JSON-lines files and how many records were dropped, and why."""
    cases: list[Case] = []
    dropped = {"not ok": 0, "conv_direct": 0, "unreadable": 0}
    for path in paths:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if not line.strip():
                continue
            record = json.loads(line)
            if not record.get("ok", False) or not record.get("median_us"):
                dropped["not ok"] += 1
                continue
            if record.get("family") == Family.CONV_DIRECT.value:
                dropped["conv_direct"] += 1
                continue
            try:
                cases.append(case_of(record))
            except (ValueError, KeyError, TypeError) as error:
                dropped["unreadable"] += 1
                print(f"{path}:{number}: skipped: {error}", file=sys.stderr)
    return cases, dropped


def _hash(text: str) -> float:
    return int(hashlib.sha256(text.encode()).hexdigest()[:12], 16) / 16**12


def split_by_shape(cases: list[Case], holdout: float) -> tuple[list[Case], list[Case]]:
    """(fit, held-out): whole shapes go to one side, by a hash of the shape; each side gets at
    least one shape when there are two."""
    shapes = sorted({c.shape for c in cases}, key=_hash)
    held = {s for s in shapes if _hash(s) < holdout}
    if len(shapes) >= 2:
        if not held:
            held = {shapes[0]}
        if held == set(shapes):
            held.discard(shapes[-1])
    return [c for c in cases if c.shape not in held], [c for c in cases if c.shape in held]


def predictions(cases: list[Case], gpu: GpuModel) -> np.ndarray:
    return np.array([predict(c.candidate, c.workload, gpu).time_us for c in cases])


def metrics(cases: list[Case], gpu: GpuModel) -> dict:
    """Mean/max absolute relative error, and the share of (shape, epilogue) groups whose
    predicted-best configuration measured within 5 % of the measured best."""
    if not cases:
        return {"records": 0}
    predicted = predictions(cases, gpu)
    measured = np.array([c.measured_us for c in cases])
    errors = np.abs(predicted - measured) / measured
    groups: dict[str, list[int]] = {}
    for i, c in enumerate(cases):
        groups.setdefault(c.group, []).append(i)
    within = []
    for members in groups.values():
        if len(members) < 2:
            continue
        chosen = min(members, key=lambda i: predicted[i])
        best = min(measured[i] for i in members)
        within.append(measured[chosen] <= (1 + TOP1_WITHIN) * best)
    return {
        "records": len(cases), "shapes": len({c.shape for c in cases}),
        "mean_abs_error": float(errors.mean()), "max_abs_error": float(errors.max()),
        "top1_groups": len(within), "top1_within_5pct": float(np.mean(within)) if within else None,
    }


def fit(cases: list[Case], start: GpuModel, constants: tuple[str, ...] = FITTED,
        regularization: float = REGULARIZATION) -> GpuModel:
    """`start` with `constants` fitted to `cases` (least squares on log errors)."""
    from scipy.optimize import least_squares

    measured = np.log([c.measured_us for c in cases])
    base = np.array([getattr(start, n) for n in constants], dtype=float)

    def model_at(x: np.ndarray) -> GpuModel:
        return start.with_constants(**{n: float(v) for n, v in zip(constants, base * np.exp(x))})

    def residuals(x: np.ndarray) -> np.ndarray:
        errors = np.log(predictions(cases, model_at(x))) - measured
        return np.concatenate([errors, math.sqrt(regularization) * x])

    # The model is piecewise linear in its constants (max of sums): finite differences of a few
    # percent see across the kinks that an infinitesimal step would sit on.
    result = least_squares(residuals, np.zeros(len(constants)), method="trf", diff_step=0.02,
                           bounds=(-5.0, 5.0), x_scale=1.0, max_nfev=200 * len(constants))
    return model_at(result.x)


def plot(path: Path, fit_cases: list[Case], held: list[Case], gpu: GpuModel, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.5, 6.5))
    everything = [c.measured_us for c in fit_cases + held]
    lo, hi = min(everything) * 0.8, max(everything) * 1.25
    line = np.geomspace(lo, hi, 50)
    ax.plot(line, line, "k-", lw=1, label="predicted = measured")
    for factor, style in ((0.10, "--"), (0.25, ":")):
        ax.plot(line, line * (1 + factor), "k" + style, lw=0.7, label=f"±{int(factor * 100)} %")
        ax.plot(line, line * (1 - factor), "k" + style, lw=0.7)
    for cases, colour, name in ((fit_cases, "tab:blue", "fit"), (held, "tab:orange", "held out")):
        if cases:
            ax.scatter([c.measured_us for c in cases], predictions(cases, gpu), s=9, alpha=0.7, c=colour,
                       label=f"{name} ({len(cases)})")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(lo, hi)
    ax.set_ylim(lo, hi)
    ax.set_xlabel("measured µs")
    ax.set_ylabel("predicted µs")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=130)
    plt.close(fig)


def residual_rows(cases: list[Case], gpu: GpuModel, side: str) -> list[dict]:
    return [
        {"set": side, "shape": json.loads(c.shape), "group": c.group.split("|", 1)[1], "candidate": c.label,
         "measured_us": c.measured_us, "predicted_us": round(float(p), 3)}
        for c, p in zip(cases, predictions(cases, gpu))
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+", type=Path, help="JSON-lines files of bench/profile_space.py")
    parser.add_argument("--gpu", default="h100_sxm", help="the GPU model to start from (boltc/tuning/gpus/<gpu>.json)")
    parser.add_argument("--holdout", type=float, default=0.3, help="share of shapes held out of the fit")
    parser.add_argument("--out", type=Path, help="where to write the fitted model (default: the GPU's JSON)")
    parser.add_argument("--png", type=Path, default=ROOT / "bench" / "model_fit.png")
    args = parser.parse_args(argv)

    start = load_gpu(args.gpu)
    cases, dropped = read_cases(args.records)
    if len(cases) < 10:
        print(f"calibrate: {len(cases)} usable records (dropped: {dropped}); too few to fit", file=sys.stderr)
        return 1
    if len({c.shape for c in cases}) < 2:
        print("calibrate: the records hold one shape: nothing to hold out", file=sys.stderr)
        return 1
    fit_cases, held = split_by_shape(cases, args.holdout)
    before = metrics(held, start)
    fitted = fit(fit_cases, start, FITTED)
    report = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "records": [str(p) for p in args.records], "dropped": dropped,
        "fitted_constants": list(FITTED), "started_from": start.source,
        "fit_set": metrics(fit_cases, fitted), "heldout_set": metrics(held, fitted),
        "heldout_set_before_fit": before,
        "residuals": residual_rows(fit_cases, fitted, "fit") + residual_rows(held, fitted, "heldout"),
    }
    h = report["heldout_set"]
    gpus = sorted({json.loads(line).get("gpu", "?") for p in args.records for line in p.read_text().splitlines() if line.strip()})
    source = (f"fitted by bench/calibrate.py on {report['date']} to {len(fit_cases)} records "
              f"({report['fit_set']['shapes']} shapes) measured on {', '.join(gpus)}; "
              f"held out {h['records']} records ({h.get('shapes', 0)} shapes)")
    fitted = GpuModel.from_json({**fitted.to_json(), "source": source, "fit": report})
    out = args.out or (Path(__file__).resolve().parents[1] / "boltc" / "tuning" / "gpus" / f"{start.name}.json")
    save_gpu(fitted, out)
    title = (f"{start.name}: held-out MAE {h['mean_abs_error']:.1%}, max {h['max_abs_error']:.1%}, "
             f"top-1 within 5 % {h['top1_within_5pct'] if h['top1_within_5pct'] is None else format(h['top1_within_5pct'], '.0%')}")
    plot(args.png, fit_cases, held, fitted, title)
    print(f"fit: {json.dumps(report['fit_set'])}")
    print(f"held out (before the fit): {json.dumps(before)}")
    print(f"held out: {json.dumps(h)}")
    print(f"wrote {out} and {args.png}")
    for name in FITTED:
        print(f"  {name:24s} {getattr(start, name):>14.6g} -> {getattr(fitted, name):>14.6g}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
