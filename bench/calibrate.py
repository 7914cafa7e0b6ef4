"""Fit the performance model's per-GPU constants (boltc/tuning/model.py) to measured kernel times.

    python3 bench/calibrate.py build/space.jsonl --gpu h100_sxm \\
        [--folds 6 | --holdout 0.3 | --test NEW.jsonl ...] [--jobs 2] [--out boltc/tuning/gpus/h100_sxm.json]
        [--png bench/model_fit.png]

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
2. Holds out whole shapes (the problem, whatever its epilogue or configuration), so that the
   held-out error is the error on shapes the model never saw:
   - `--folds N` (the default, 6): k-fold cross-validation by shape. The shapes of each
     problem kind (gemm, conv2d) are ordered by a hash of the shape and dealt to the folds in
     turn, so every fold holds out GEMMs and convolutions alike; each fold is fitted on the
     other folds' shapes and predicts its own. Every record is predicted once, by a fit that
     never saw its shape: the held-out metrics pool those predictions.
   - `--holdout F`: one split, a share F of the shapes (by the same hash) held out.
   - `--test FILES`: the records of FILES are the held-out set, whole: the fit sees only the
     positional files' records (a test record of a shape those hold too is dropped, counted).
     The check of a model whose terms were chosen by reading the fit records' residuals: new
     shapes, measured after.
3. Fits `model.FITTED` by least squares on log(predicted / measured) (scipy's trust-region
   `least_squares`, constants in log space so they stay positive), with a weak pull towards the
   starting constants so constants the data cannot see stay where the datasheet put them. The
   starting constants are the GPU file's, or, when that file is itself a fit, the constants
   that fit started from (kept in its `fit`): running the command again gives the same fit.
4. Reports, on the held-out predictions: mean and max absolute relative error, and top-1: the
   share of (shape, epilogue) groups where the model's fastest configuration measured within
   5 % of the measured best; overall and per kernel family (a family's top-1 over its own
   configurations). The acceptance of issue 13: MAE <= 10 %, max <= 25 %, top-1 >= 80 %.
5. Fits once more on every record (cross-validation) or on the fit set (one split), writes that
   GPU model (with `source` naming the data and `fit` holding the metrics, the starting
   constants and every record's residuals) and a predicted-vs-measured PNG (matplotlib, Agg)
   of the held-out predictions.
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
LOSS, LOSS_SCALE = "soft_l1", 0.1
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


def folds_by_shape(cases: list[Case], folds: int) -> dict[str, int]:
    """Each shape's fold, 0 .. folds - 1: the shapes of each problem kind, ordered by their
    hash, dealt in turn (the deal continuing across kinds), so folds differ in size by at most
    one shape and each holds out its share of GEMMs and of convolutions."""
    if folds < 2:
        raise ValueError(f"cross-validation needs at least 2 folds, not {folds}")
    shapes = sorted({c.shape for c in cases}, key=lambda s: (json.loads(s).get("kind", ""), _hash(s), s))
    if len(shapes) < folds:
        raise ValueError(f"{len(shapes)} shapes cannot fill {folds} folds")
    return {shape: i % folds for i, shape in enumerate(shapes)}


def predictions(cases: list[Case], gpu: GpuModel) -> np.ndarray:
    return np.array([predict(c.candidate, c.workload, gpu).time_us for c in cases])


def family_of(case: Case) -> str:
    return case.candidate.family.value


def metrics_of(cases: list[Case], predicted: np.ndarray) -> dict:
    """Mean/max absolute relative error of `predicted` (one time per case), and the share of
    (shape, epilogue) groups whose predicted-best configuration measured within 5 % of the
    measured best (groups of one configuration do not count)."""
    if not cases:
        return {"records": 0}
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
        within.append(bool(measured[chosen] <= (1 + TOP1_WITHIN) * best))
    return {
        "records": len(cases), "shapes": len({c.shape for c in cases}),
        "mean_abs_error": float(errors.mean()), "max_abs_error": float(errors.max()),
        "top1_groups": len(within), "top1_within_5pct": float(np.mean(within)) if within else None,
    }


def metrics(cases: list[Case], gpu: GpuModel) -> dict:
    return metrics_of(cases, predictions(cases, gpu))


def metrics_by_family(cases: list[Case], predicted: np.ndarray) -> dict[str, dict]:
    """`metrics_of` per kernel family: its records, and top-1 among its own configurations."""
    out = {}
    for family in sorted({family_of(c) for c in cases}):
        index = [i for i, c in enumerate(cases) if family_of(c) == family]
        out[family] = metrics_of([cases[i] for i in index], predicted[index])
    return out


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
                           bounds=(-5.0, 5.0), x_scale=1.0, max_nfev=200 * len(constants),
                           loss=LOSS, f_scale=LOSS_SCALE)
    return model_at(result.x)


@dataclass(frozen=True)
class CrossValidation:
    """Every case's held-out prediction (by the fit of the fold that held its shape out)."""

    fold_of: dict[str, int]  # shape -> fold
    fitted: tuple[GpuModel, ...]  # per fold
    predicted: np.ndarray  # per case, in the order of the cases

    def held_out(self, cases: list[Case], fold: int) -> list[int]:
        return [i for i, c in enumerate(cases) if self.fold_of[c.shape] == fold]


def _fit_fold(args: tuple) -> GpuModel:
    cases, start, constants, regularization = args
    return fit(cases, start, constants, regularization)


def cross_validate(cases: list[Case], start: GpuModel, folds: int, constants: tuple[str, ...] = FITTED,
                   regularization: float = REGULARIZATION, jobs: int = 1) -> CrossValidation:
    """k-fold cross-validation by shape: fold f's constants are fitted on the cases of every
    other fold's shapes and predict the cases of fold f's shapes."""
    fold_of = folds_by_shape(cases, folds)
    work = [([c for c in cases if fold_of[c.shape] != f], start, constants, regularization) for f in range(folds)]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            fitted = tuple(pool.map(_fit_fold, work))
    else:
        fitted = tuple(_fit_fold(w) for w in work)
    predicted = np.empty(len(cases))
    for f in range(folds):
        index = [i for i, c in enumerate(cases) if fold_of[c.shape] == f]
        predicted[index] = predictions([cases[i] for i in index], fitted[f])
    return CrossValidation(fold_of, fitted, predicted)


def starting_point(gpu: GpuModel) -> GpuModel:
    """The constants a fit starts from: `gpu`'s, or where `gpu` is itself a fit, those that
    fit started from (its `fit["start"]`), so that calibrating again reproduces it."""
    if not gpu.fit or "start" not in gpu.fit:
        return gpu
    data = {**gpu.to_json(), **gpu.fit["start"]["constants"], "source": gpu.fit["start"]["source"]}
    data.pop("fit")
    return GpuModel.from_json(data)


def plot(path: Path, cases: list[Case], predicted: np.ndarray, title: str,
         in_sample: np.ndarray | None = None) -> None:
    """Predicted against measured: the held-out predictions by family; the final fit's own
    (in-sample) predictions, if given, as grey dots behind them."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 7))
    measured = np.array([c.measured_us for c in cases])
    everything = np.concatenate([measured, predicted] + ([in_sample] if in_sample is not None else []))
    lo, hi = everything.min() * 0.8, everything.max() * 1.25
    line = np.geomspace(lo, hi, 50)
    ax.plot(line, line, "k-", lw=1, label="predicted = measured")
    for factor, style in ((0.10, "--"), (0.25, ":")):
        ax.plot(line, line * (1 + factor), "k" + style, lw=0.7, label=f"±{int(factor * 100)} %")
        ax.plot(line, line * (1 - factor), "k" + style, lw=0.7)
    if in_sample is not None:
        ax.scatter(measured, in_sample, s=5, c="0.75", label=f"final fit, in sample ({len(cases)})")
    markers = "osD^vP"
    for i, family in enumerate(sorted({family_of(c) for c in cases})):
        index = [j for j, c in enumerate(cases) if family_of(c) == family]
        ax.scatter(measured[index], predicted[index], s=11, alpha=0.75, marker=markers[i % len(markers)],
                   label=f"{family}, held out ({len(index)})")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(lo, hi)
    ax.set_ylim(lo, hi)
    ax.set_xlabel("measured µs")
    ax.set_ylabel("predicted µs")
    ax.set_title(title, fontsize=8)
    ax.legend(fontsize=7, loc="upper left")
    fig.tight_layout()
    fig.savefig(path, dpi=130)
    plt.close(fig)


def residual_rows(cases: list[Case], held_out: np.ndarray | None, in_sample: np.ndarray,
                  fold_of: dict[str, int] | None = None) -> list[dict]:
    """Per case: measured, the held-out prediction (None for a case in the fit set of a single
    split), the final fit's prediction, and the fold that held it out."""
    rows = []
    for i, c in enumerate(cases):
        row = {"shape": json.loads(c.shape), "group": c.group.split("|", 1)[1], "family": family_of(c),
               "candidate": c.label, "measured_us": c.measured_us,
               "heldout_predicted_us": None if held_out is None or np.isnan(held_out[i]) else round(float(held_out[i]), 3),
               "fit_predicted_us": round(float(in_sample[i]), 3)}
        if fold_of is not None:
            row["fold"] = fold_of[c.shape]
        rows.append(row)
    return rows


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def summary_line(name: str, m: dict) -> str:
    if not m.get("records"):
        return f"{name:18s} no records"
    return (f"{name:18s} {m['records']:4d} records {m['shapes']:3d} shapes  MAE {_percent(m['mean_abs_error']):>6s}  "
            f"max {_percent(m['max_abs_error']):>6s}  top-1 {_percent(m['top1_within_5pct']):>6s} of {m['top1_groups']} groups")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+", type=Path, help="JSON-lines files of bench/profile_space.py")
    parser.add_argument("--gpu", default="h100_sxm", help="the GPU model to start from (boltc/tuning/gpus/<gpu>.json)")
    held = parser.add_mutually_exclusive_group()
    held.add_argument("--folds", type=int, default=6, help="k-fold cross-validation by shape (default 6)")
    held.add_argument("--holdout", type=float, help="one split instead: the share of shapes held out of the fit")
    held.add_argument("--test", type=Path, nargs="+", metavar="FILE",
                      help="JSON-lines files of new shapes, held out whole (the fit sees only RECORDS)")
    parser.add_argument("--jobs", type=int, default=1, help="folds fitted in parallel (processes)")
    parser.add_argument("--out", type=Path, help="where to write the fitted model (default: the GPU's JSON)")
    parser.add_argument("--png", type=Path, default=ROOT / "bench" / "model_fit.png")
    args = parser.parse_args(argv)

    gpu_file = load_gpu(args.gpu)
    start = starting_point(gpu_file)
    cases, dropped = read_cases(args.records)
    if len(cases) < 10:
        print(f"calibrate: {len(cases)} usable records (dropped: {dropped}); too few to fit", file=sys.stderr)
        return 1
    shapes = len({c.shape for c in cases})
    if shapes < 2:
        print("calibrate: the records hold one shape: nothing to hold out", file=sys.stderr)
        return 1
    test_note = ""
    if args.test:
        tests, test_dropped = read_cases(args.test)
        fit_shapes = {c.shape for c in cases}
        new = [c for c in tests if c.shape not in fit_shapes]
        if not new:
            print(f"calibrate: no usable test record of a shape the fit records lack (dropped: {test_dropped}, "
                  f"{len(tests)} of fitted shapes)", file=sys.stderr)
            return 1
        test_note = f" ({len(tests) - len(new)} test records of fitted shapes dropped)" if len(tests) > len(new) else ""
        fit_count, cases = len(cases), cases + new
    date = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    before = predictions(cases, start)
    fold_of, fold_rows = None, None
    if args.test:
        mode = (f"fit on {fit_count} records, held out: {len(cases) - fit_count} records of "
                f"{len({c.shape for c in cases[fit_count:]})} new shapes{test_note}")
        fit_index, held_index = list(range(fit_count)), list(range(fit_count, len(cases)))
    elif args.holdout is None:
        folds = min(args.folds, shapes)
        mode = f"{folds}-fold cross-validation by shape"
        cv = cross_validate(cases, start, folds, FITTED, jobs=args.jobs)
        fold_of, held_out = cv.fold_of, cv.predicted
        fold_rows = [{"fold": f, "shapes": [json.loads(s) for s in sorted(fold_of) if fold_of[s] == f],
                      "heldout": metrics_of([cases[i] for i in cv.held_out(cases, f)], held_out[cv.held_out(cases, f)])}
                     for f in range(folds)]
        fit_index = held_index = list(range(len(cases)))  # the model shipped is fitted on every record
    else:
        mode = f"one split by shape, {args.holdout:.0%} of the shapes held out"
        _, held = split_by_shape(cases, args.holdout)
        held_shapes = {c.shape for c in held}
        held_index = [i for i, c in enumerate(cases) if c.shape in held_shapes]
        fit_index = [i for i, c in enumerate(cases) if c.shape not in held_shapes]
    fitted = fit([cases[i] for i in fit_index], start, FITTED)
    in_sample = predictions(cases, fitted)
    if fold_of is None:
        held_out = np.full(len(cases), np.nan)
        held_out[held_index] = in_sample[held_index]
    held_cases, held_predicted = [cases[i] for i in held_index], held_out[held_index]
    fit_cases = [cases[i] for i in fit_index]
    report = {
        "date": date, "records": [str(p) for p in args.records + (args.test or [])], "dropped": dropped, "mode": mode,
        "fitted_constants": list(FITTED), "started_from": start.source,
        "start": {"source": start.source, "constants": {n: getattr(start, n) for n in FITTED}},
        "heldout_set": metrics_of(held_cases, held_predicted),
        "heldout_by_family": metrics_by_family(held_cases, held_predicted),
        "heldout_set_before_fit": metrics_of(held_cases, before[held_index]),
        "fit_set": metrics_of(fit_cases, in_sample[fit_index]),
        "residuals": residual_rows(cases, held_out, in_sample, fold_of),
    }
    if fold_rows is not None:
        report["folds"] = fold_rows
    h = report["heldout_set"]
    gpus = sorted({json.loads(line).get("gpu", "?") for p in args.records + (args.test or [])
                   for line in p.read_text().splitlines() if line.strip()})
    source = (f"fitted by bench/calibrate.py on {date} to {len(fit_cases)} records "
              f"({report['fit_set']['shapes']} shapes) measured on {', '.join(gpus)}; held-out error by {mode} "
              f"over {h['records']} records ({h['shapes']} shapes): MAE {_percent(h['mean_abs_error'])}, "
              f"max {_percent(h['max_abs_error'])}, top-1 within 5 % {_percent(h['top1_within_5pct'])}")
    fitted = GpuModel.from_json({**fitted.to_json(), "source": source, "fit": report})
    out = args.out or (ROOT / "boltc" / "tuning" / "gpus" / f"{start.name}.json")
    save_gpu(fitted, out)
    title = (f"{start.name}, {mode}: held-out MAE {_percent(h['mean_abs_error'])}, max {_percent(h['max_abs_error'])}, "
             f"top-1 within 5 % {_percent(h['top1_within_5pct'])}\n{h['records']} records, {h['shapes']} shapes")
    plot(args.png, held_cases, held_predicted, title, in_sample[held_index] if fold_of is not None else None)
    print(f"{mode}; held out:")
    print(summary_line("all", h))
    for family, m in report["heldout_by_family"].items():
        print(summary_line(family, m))
    print(summary_line("before the fit", report["heldout_set_before_fit"]))
    print(summary_line("fit (in sample)", report["fit_set"]))
    if fold_rows is not None:
        for row in fold_rows:
            print(summary_line(f"fold {row['fold']}", row["heldout"]))
    print(f"wrote {out} and {args.png}")
    for name in FITTED:
        print(f"  {name:24s} {getattr(start, name):>14.6g} -> {getattr(fitted, name):>14.6g}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
