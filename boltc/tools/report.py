"""`boltc report model.so`: where a model's time goes, kernel by kernel, against the GPU's roofline.

    boltc report model.so                     # a table on stdout; times where a CUDA GPU is here
    boltc report model.so --html report.html  # also a self-contained page and report.png (the plot)
    boltc report model.so --json              # the same numbers as JSON
    boltc report model.so --static            # no timing, even on a GPU

Per launch: the kernel family, the ops it covers, its configuration and why, its FLOPs and
compulsory bytes (recorded in the manifest at build time: boltc/lowering/launch_work.py),
arithmetic intensity and the roof that bounds it; with times (CUDA GPU: `launch_times`), its
share of the model's time, achieved TFLOP/s and GB/s, and the fraction of its roof reached.
Then every fusion the graph passes refused, with the reason (the manifest's `remarks`).

The roofline's peaks are a datasheet table (boltc/analysis/roofline.py): the measured GPU's, or
(no GPU here) those of the GPU the target is built for, or `--gpu NAME`'s; a GPU the table
lacks gets no roof fractions, and the report says so. Without a CUDA GPU nothing is timed, and
the report says that times need one: no number here is invented. Errors (not a model.so, no
manifest, an output that cannot be written) name the file, exit 1.
"""

from __future__ import annotations

import argparse
import base64
import html
import io
import json
import os
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from statistics import median
from typing import Any

from boltc.analysis.roofline import (
    GPUS,
    TARGET_GPU,
    Bound,
    GpuPeaks,
    Math,
    Work,
    attainable,
    bound,
    gpu_peaks,
    roof_fraction,
)
from boltc.diagnostics import BoltcError, SourceLocation
from boltc.manifest import read_manifest

TIMING_ITERATIONS = 20
# Set once this process has timed launches under torch.profiler. Such a process can abort in
# the CUDA libraries' teardown after Python has finished ("double free or corruption", rc 134:
# `boltc report small_cnn.so` in 2 of 3 runs on the H200, torch 2.11, 2026-11-29, after the
# report was printed; no Python frame under faulthandler, so past finalization; likely the
# profiler's CUPTI activity buffers freed while CUPTI still holds them, pytorch#195207). The
# command line then leaves by os._exit once its output is flushed (cli.main).
PROFILED_IN_PROCESS = False


# -------------------------------------------------------------------------------------------
# The report, as data
# -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LaunchRow:
    step: int
    kernel: str  # the family: gemm_sm90, softmax, ...
    ops: tuple[str, ...]  # "bolt.gemm at m.mlir:3:5", in the manifest's order
    config: str
    reason: str
    work: Work | None  # None: a manifest from before `work`, or a step without ops
    intensity: float | None  # FLOP per byte
    bound: Bound | None  # which roof caps it (needs the GPU's peaks)
    roof_tflops: float | None  # the attainable TFLOP/s at its intensity
    microseconds: float | None  # measured, median over the timed runs
    share: float | None  # of the model's summed launch times
    tflops: float | None  # achieved
    gbps: float | None  # achieved, compulsory bytes per second (GB/s)
    roof_fraction: float | None  # achieved over the roof (bandwidth for FLOP-less launches)


@dataclass(frozen=True)
class Report:
    path: str
    name: str
    target: str
    precision: str
    gpu: GpuPeaks | None
    gpu_note: str  # whose peaks these are, or why there are none
    timing_note: str  # where the times come from, or why there are none
    rows: tuple[LaunchRow, ...]
    remarks: tuple[dict[str, str], ...] | None  # None: not recorded (no pass ran, or an older manifest)

    @property
    def timed(self) -> bool:
        return any(r.microseconds is not None for r in self.rows)

    @property
    def total_microseconds(self) -> float | None:
        return sum(r.microseconds for r in self.rows if r.microseconds is not None) if self.timed else None

    def as_json(self) -> dict[str, Any]:
        rows = []
        for row in self.rows:
            entry = asdict(row)
            entry["work"] = row.work.as_json() if row.work else None
            entry["bound"] = row.bound.value if row.bound else None
            rows.append(entry)
        return {"path": self.path, "name": self.name, "target": self.target, "precision": self.precision,
                "gpu": asdict(self.gpu) if self.gpu else None, "gpu_note": self.gpu_note,
                "timing_note": self.timing_note, "total_us": self.total_microseconds, "launches": rows,
                "remarks": list(self.remarks) if self.remarks is not None else None}


def build_report(manifest: dict[str, Any], path: str, gpu: GpuPeaks | None, gpu_note: str,
                 timings: dict[int, float] | None = None, timing_note: str = "") -> Report:
    """The report of a model from its manifest, the GPU's peaks (None: no roofline) and, when
    measured, each launch's time in microseconds (`launch_times`: every step, each > 0)."""
    steps = manifest["kernels"]
    if timings is not None:
        expected = set(range(len(steps)))
        if set(timings) != expected:
            raise ValueError(f"timings for launches {sorted(timings)}, but the model has launches {sorted(expected)}")
        if any(not us > 0 for us in timings.values()):
            raise ValueError("every launch time must be positive")
    total = sum(timings.values()) if timings else None
    rows = []
    for step in steps:
        work = Work.from_json(step["work"]) if step.get("work") else None
        us = timings[step["step"]] if timings is not None else None
        intensity = work.intensity if work else None
        caps = roof = None
        if gpu is not None and intensity is not None:
            caps, roof = bound(gpu, work.math, intensity), attainable(gpu, work.math, intensity) / 1e12
        tflops = gbps = fraction = None
        if us is not None and work is not None:
            seconds = us * 1e-6
            tflops, gbps = work.flops / seconds / 1e12, work.bytes / seconds / 1e9
            if gpu is not None and work.bytes:
                fraction = roof_fraction(gpu, work, seconds)
        rows.append(LaunchRow(
            step=step["step"], kernel=step["kernel"],
            ops=tuple(f"{c['op']}{' at ' + c['location'] if c['location'] else ''}" for c in step["covers"]),
            config=step["config"], reason=step["reason"], work=work, intensity=intensity, bound=caps,
            roof_tflops=roof, microseconds=us, share=us / total if us is not None and total else None,
            tflops=tflops, gbps=gbps, roof_fraction=fraction))
    remarks = manifest.get("remarks")
    return Report(path=path, name=manifest["name"], target=", ".join(manifest["targets"]),
                  precision=manifest["precision"] or "as written", gpu=gpu, gpu_note=gpu_note,
                  timing_note=timing_note, rows=tuple(rows),
                  remarks=tuple(remarks) if isinstance(remarks, list) else None)


def choose_gpu(target: str, measured: str | None, requested: str | None) -> tuple[GpuPeaks | None, str]:
    """The peaks to draw the roofline with, and a sentence saying whose they are."""
    if requested is not None:
        if measured is not None and requested != measured:
            raise BoltcError(f"--gpu {requested!r}, but the times are measured on {measured!r}: their "
                             "fractions of another GPU's roof mean nothing (add --static to draw that one)")
        return GPUS[requested], f"{requested} (datasheet peaks, as --gpu asks)"
    if measured is not None:
        peaks = gpu_peaks(measured)
        if peaks is None:
            return None, (f"{measured}: boltc has no peak numbers for this GPU (boltc/analysis/roofline.py), so "
                          "no roof fractions or bounds; times, TFLOP/s and GB/s are measured all the same")
        return peaks, f"{measured} (the GPU measured; datasheet peaks)"
    name = TARGET_GPU.get(target)
    if name is None:
        return None, f"no roofline: no GPU measured, and boltc knows no reference GPU for {target}"
    return GPUS[name], f"{name} (datasheet peaks of the GPU {target} is built for; no GPU measured)"


# -------------------------------------------------------------------------------------------
# Timing (a CUDA GPU)
# -------------------------------------------------------------------------------------------


def launch_times(library: str | os.PathLike[str], *, device: int = 0,
                 iterations: int = TIMING_ITERATIONS) -> dict[int, float]:
    """Launch index -> microseconds: the model captured as a CUDA graph on random inputs and
    replayed under torch.profiler (CUPTI records each kernel and copy of the replay), the
    median of `iterations` replays per launch. Needs torch and a CUDA GPU. A replay whose
    kernel count is not the model's launch count cannot be attributed to launches: an error
    saying so, rather than times matched to the wrong kernels."""
    import torch
    from torch.profiler import ProfilerActivity, profile

    from boltc.runtime import load

    model = load(library, device=device)
    try:
        dtypes = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32}
        generator = torch.Generator(device=f"cuda:{device}").manual_seed(0)
        inputs = [torch.randn(spec.shape, dtype=dtypes[spec.dtype], device=f"cuda:{device}", generator=generator)
                  for spec in model.inputs]
        steps = len(model.info["launches"])
        graph = model.capture_graph(*inputs)
        ways = [graph.replay, lambda: model(*inputs)]  # eager launches where CUPTI skips graph replays
        for way in ways:
            per_run = _profiled_device_times(way, iterations, torch, profile, ProfilerActivity.CUDA, device)
            if per_run:
                break
        if not per_run:
            raise BoltcError("the profiler recorded no GPU activity for the model", SourceLocation(os.fspath(library)))
        counts = {len(times) for times in per_run}
        if counts != {steps}:
            raise BoltcError(f"the profiler saw {sorted(counts)} GPU activities per run for the model's {steps} "
                             "launches: times cannot be matched to launches", SourceLocation(os.fspath(library)))
        return {i: median(times[i] for times in per_run) for i in range(steps)}
    finally:
        model.close()


def _profiled_device_times(run, iterations: int, torch: Any, profile: Any, activity: Any,
                           device: int) -> list[list[float]]:
    """Per run, the device time (us) of each kernel or copy, in the order they started."""
    for _ in range(3):
        run()
    torch.cuda.synchronize(device)
    with profile(activities=[activity]) as prof:
        for _ in range(iterations):
            run()
            torch.cuda.synchronize(device)
    events = sorted((e for e in prof.events() if e.device_type.name == "CUDA" and e.device_time > 0),
                    key=lambda e: e.time_range.start)
    if not events or len(events) % iterations:
        return [] if not events else [[e.device_time for e in events]]
    per = len(events) // iterations
    return [[e.device_time for e in events[k * per:(k + 1) * per]] for k in range(iterations)]


def measured_gpu(device: int = 0) -> str | None:
    """The name of CUDA device `device`, or None where there is no driver or no device."""
    from boltc.runtime import device_facts

    facts = device_facts(device)
    return facts.name if facts is not None else None


# -------------------------------------------------------------------------------------------
# Text
# -------------------------------------------------------------------------------------------


def si(value: float) -> str:
    """1234567 -> '1.23M': FLOPs and bytes across nine orders of magnitude in one column."""
    for factor, suffix in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "K")):
        if abs(value) >= factor:
            return f"{value / factor:.3g}{suffix}"
    return f"{value:.3g}"


def _number(value: float | None, spec: str) -> str:
    return "-" if value is None else format(value, spec)


def short_ops(row: LaunchRow) -> str:
    names = [op.split(" at ", 1)[0].removeprefix("bolt.") for op in row.ops]
    return "+".join(names) or "(copy)"


TABLE_COLUMNS = ("#", "kernel", "ops", "FLOP", "bytes", "FLOP/B", "bound", "time us", "share %", "TFLOP/s",
                 "GB/s", "% of roof")


def table_cells(row: LaunchRow) -> tuple[str, ...]:
    work = row.work
    return (str(row.step), row.kernel, short_ops(row), si(work.flops) if work else "-",
            si(work.bytes) if work else "-", _number(row.intensity, ".3g"),
            row.bound.value if row.bound else "-", _number(row.microseconds, ".2f"),
            _number(row.share * 100 if row.share is not None else None, ".1f"),
            _number(row.tflops, ".3g"), _number(row.gbps, ".4g"),
            _number(row.roof_fraction * 100 if row.roof_fraction is not None else None, ".1f"))


def text(report: Report) -> str:
    launches = len(report.rows)
    lines = [f"{report.path}: boltc model '{report.name}' for {report.target}, precision {report.precision}, "
             f"{launches} launch{'' if launches == 1 else 'es'}",
             f"  roofline  {report.gpu_note}"]
    if report.gpu is not None:
        g = report.gpu
        lines.append(f"            peaks: {g.tensor_flops / 1e12:g} TFLOP/s f16/bf16 tensor cores, "
                     f"{g.cuda_flops / 1e12:g} TFLOP/s fp32, {g.bandwidth / 1e9:g} GB/s")
    lines.append(f"  times     {report.timing_note}")
    if report.timed:
        lines.append(f"            total {report.total_microseconds:.2f} us over the launches")
    rows = [TABLE_COLUMNS, *(table_cells(r) for r in report.rows)]
    widths = [max(len(row[c]) for row in rows) for c in range(len(TABLE_COLUMNS))]
    numeric = {3, 4, 5, 7, 8, 9, 10, 11}
    lines.append("")
    for row in rows:
        cells = [cell.rjust(w) if c in numeric else cell.ljust(w) for c, (cell, w) in enumerate(zip(row, widths))]
        lines.append("  " + "  ".join(cells))
    lines += ["", "each launch: the ops it covers, its configuration and why:"]
    for row in report.rows:
        lines.append(f"  {row.step} {row.kernel}")
        lines += [f"      {op}" for op in row.ops] or ["      (a copy)"]
        if row.config:
            lines.append(f"      config: {row.config}")
        if row.reason:
            lines.append(f"      why:    {row.reason}")
    lines += ["", *remark_lines(report)]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def remark_lines(report: Report) -> list[str]:
    if report.remarks is None:
        return ["fusions refused: not recorded (the IR was optimized before this build, or the library "
                "predates recorded remarks)"]
    if not report.remarks:
        return ["fusions refused: none"]
    return [f"fusions refused ({len(report.remarks)}):", *(f"  [{r['pass']}] {r['message']}" for r in report.remarks)]


# -------------------------------------------------------------------------------------------
# The roofline plot and the HTML page
# -------------------------------------------------------------------------------------------


def roofline_png(report: Report) -> bytes:
    """A log-log roofline: arithmetic intensity against FLOP/s, the GPU's roofs, one point per
    launch with FLOPs (labelled by its index): achieved where measured, else hollow on its roof."""
    import matplotlib

    matplotlib.use("Agg")  # headless: no display is ever needed
    from matplotlib.figure import Figure

    figure = Figure(figsize=(8, 5.5), dpi=110)
    axes = figure.subplots()
    placed = [r for r in report.rows if r.work and r.work.flops and r.intensity]
    xs = [r.intensity for r in placed]
    low, high = (min(xs) / 4, max(xs) * 4) if xs else (0.1, 1000.0)
    if report.gpu is not None:
        for math, style in ((Math.TENSOR, "-"), (Math.CUDA, "--")):
            ridge = report.gpu.ridge(math)
            low, high = min(low, ridge / 8), max(high, ridge * 8)
            grid = [low * (high / low) ** (i / 200) for i in range(201)]
            axes.plot(grid, [attainable(report.gpu, math, x) for x in grid], style, color="black",
                      label=f"roof: {'f16/bf16 tensor cores' if math is Math.TENSOR else 'fp32 CUDA cores'}")
    for row in placed:
        if row.tflops is not None:
            y, marker = row.tflops * 1e12, dict(color="tab:blue" if row.work.math is Math.TENSOR else "tab:orange")
        elif row.roof_tflops is not None:
            y, marker = row.roof_tflops * 1e12, dict(facecolors="none", edgecolors="tab:gray")
        else:
            continue
        axes.scatter([row.intensity], [y], s=36, zorder=3, **marker)
        axes.annotate(str(row.step), (row.intensity, y), textcoords="offset points", xytext=(4, 4), fontsize=8)
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlabel("arithmetic intensity (FLOP per byte of compulsory traffic)")
    axes.set_ylabel("FLOP/s")
    gpu = report.gpu.name if report.gpu else "no known peaks"
    state = "achieved" if report.timed else "not timed: points sit on their roof"
    axes.set_title(f"{report.name} on {gpu} ({state})", fontsize=10)
    axes.grid(True, which="both", alpha=0.3)
    if report.gpu is not None:
        axes.legend(loc="lower right", fontsize=8)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()


STYLE = """body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;font-size:13px}th,td{border:1px solid #ccc;padding:3px 6px;vertical-align:top}
th{background:#f0f0f0}td.n{text-align:right;font-variant-numeric:tabular-nums}
td.c{font-family:monospace;font-size:12px}ul{font-size:13px}.note{color:#555}"""


def html_page(report: Report, png: bytes) -> str:
    esc = html.escape
    head = ("#", "kernel", "ops", "configuration", "why", "FLOP", "bytes", "FLOP/B", "bound", "time us", "share %",
            "TFLOP/s", "GB/s", "% of roof")
    body_rows = []
    for row in report.rows:
        cells = table_cells(row)
        ops = "<br>".join(esc(op) for op in row.ops) or "(a copy)"
        body_rows.append(
            f"<tr><td class=n>{row.step}</td><td>{esc(row.kernel)}</td><td class=c>{ops}</td>"
            f"<td class=c>{esc(row.config) or '-'}</td><td>{esc(row.reason) or '-'}</td>"
            + "".join(f"<td class=n>{esc(c)}</td>" for c in cells[3:6])
            + f"<td>{esc(cells[6])}</td>" + "".join(f"<td class=n>{esc(c)}</td>" for c in cells[7:]) + "</tr>")
    remarks = remark_lines(report)
    items = "".join(f"<li>{esc(line.strip())}</li>" for line in remarks[1:])
    total = f"; total {report.total_microseconds:.2f} us" if report.timed else ""
    image = base64.b64encode(png).decode("ascii")
    return (f"<!DOCTYPE html>\n<html><head><meta charset=utf-8><title>boltc report: {esc(report.name)}</title>"
            f"<style>{STYLE}</style></head><body>\n"
            f"<h1>boltc report: {esc(report.name)}</h1>\n"
            f"<p>{esc(report.path)}: target {esc(report.target)}, precision {esc(report.precision)}, "
            f"{len(report.rows)} launches.</p>\n"
            f"<p class=note>Roofline: {esc(report.gpu_note)}.<br>Times: {esc(report.timing_note)}{esc(total)}.</p>\n"
            f"<img alt='roofline plot' src='data:image/png;base64,{image}'>\n"
            f"<h2>Launches</h2>\n<table><tr>{''.join(f'<th>{esc(h)}</th>' for h in head)}</tr>\n"
            + "\n".join(body_rows) + "</table>\n"
            f"<h2>{esc(remarks[0].rstrip(':'))}</h2>\n<ul>{items}</ul>\n</body></html>\n")


def write_atomically(path: Path, data: bytes) -> None:
    """`path` whole or not at all: a temporary file beside it, then os.replace."""
    try:
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as e:
        raise BoltcError(f"cannot write the report: {e.strerror or e}", SourceLocation(str(path))) from None
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temporary, 0o666 & ~mask)  # mkstemp makes 0600; give what open() would
        os.replace(temporary, path)
    except BaseException as e:
        Path(temporary).unlink(missing_ok=True)
        if isinstance(e, OSError):
            raise BoltcError(f"cannot write the report: {e.strerror or e}", SourceLocation(str(path))) from None
        raise


def png_path(html_path: Path) -> Path:
    return html_path.with_suffix(".png")


def write_html(report: Report, html_path: str | os.PathLike[str]) -> tuple[Path, Path]:
    """The page and its plot beside it (OUT.png), each written atomically."""
    page = Path(html_path)
    if not page.parent.is_dir():
        raise BoltcError(f"cannot write the report: no such directory {str(page.parent)!r}", SourceLocation(str(page)))
    if page.is_dir():
        raise BoltcError("cannot write the report: is a directory", SourceLocation(str(page)))
    image = png_path(page)
    if image == page:
        raise BoltcError("--html names the page; its plot goes beside it as .png, so the page must not be a .png",
                         SourceLocation(str(page)))
    png = roofline_png(report)
    write_atomically(image, png)
    write_atomically(page, html_page(report, png).encode("utf-8"))
    return page, image


# -------------------------------------------------------------------------------------------
# The command
# -------------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="boltc report",
        description="Per launch of a model.so built by boltc: the ops it covers, its configuration and why, "
                    "its FLOPs, bytes and arithmetic intensity against the GPU's roofline, and (timed on a "
                    "CUDA GPU) its time, share, TFLOP/s, GB/s and fraction of its roof; then every fusion the "
                    "graph passes refused. Without a CUDA GPU, the static part only.",
        epilog="Exit status: 0 done, 1 not a boltc model.so, an output that cannot be written, or a failed "
               "measurement (the message says why), 2 bad command line.",
    )
    parser.add_argument("library", metavar="MODEL.so", help="a shared library built by boltc")
    parser.add_argument("--html", metavar="OUT.html",
                        help="also write a self-contained HTML page with the roofline plot, and the plot as "
                             "OUT.png beside it")
    parser.add_argument("--json", action="store_true", help="print the report as JSON instead of the table")
    parser.add_argument("--static", action="store_true", help="do not time the launches, even on a GPU")
    parser.add_argument("--gpu", choices=sorted(GPUS), metavar="NAME",
                        help="draw the roofline of this GPU (default: the GPU measured, else the one the "
                             f"target is built for). Known: {', '.join(sorted(GPUS))}")
    parser.add_argument("--device", type=int, default=0, metavar="N", help="the CUDA device to time on (default 0)")
    return parser


def run(args: argparse.Namespace) -> None:
    global PROFILED_IN_PROCESS
    manifest = read_manifest(args.library)
    target = manifest["targets"][0] if manifest["targets"] else ""
    timings, measured = None, None
    if args.static:
        timing_note = "not measured (--static)"
    else:
        measured = measured_gpu(args.device)
        if measured is None:
            timing_note = ("none: timing each launch needs a CUDA GPU, and this machine has none (no driver or "
                           f"no device {args.device}); the rest is what the manifest says")
        else:
            PROFILED_IN_PROCESS = True
            timings = launch_times(args.library, device=args.device)
            timing_note = (f"measured on {measured} (device {args.device}): a CUDA graph of the model replayed "
                           f"{TIMING_ITERATIONS} times under torch.profiler, the median per launch")
    peaks, gpu_note = choose_gpu(target, measured, args.gpu)
    report = build_report(manifest, args.library, peaks, gpu_note, timings, timing_note)
    written = write_html(report, args.html) if args.html else None
    sys.stdout.write(json.dumps(report.as_json(), indent=2) + "\n" if args.json else text(report))
    sys.stdout.flush()
    if written is not None:
        print(f"boltc: wrote {written[0]} and {written[1]}", file=sys.stderr)
