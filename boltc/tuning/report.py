"""`boltc tune report MODEL`: per GEMM and convolution, the kernel a build chooses and why, and
its runners-up with predicted and measured times.

    report = tune_report("model.mlir", "sm_90a", "f16", strategy="heuristic", cache_path=None,
                         gpu_name=None, top=5)
    text(report), report.as_json()

MODEL is imported and optimized exactly as a build does (compiler.optimize with the same
Tuning), so each anchor (bolt.gemm, bolt.conv2d) carries the `#bolt.kernel` and the
`bolt.kernel_reason` the build compiles. Its candidates are the tuning space's
(profile.candidate_pairs: every family the target searches, as `--tune model` and `--tune
profile` see them), ranked by the performance model's predicted time (tuning/model.py on the
GPU the arch is tuned for, model.GPU_FOR_ARCH); the top N are listed, and the chosen kernel
beside them wherever it ranks, marked. A GPU model whose constants are not fitted
(`fit` absent from tuning/gpus/<gpu>.json) makes every predicted time "uncalibrated", and the
report says so wherever it shows one. An arch without a GPU model (sm_80) has no predictions:
its candidates are listed measured ones first (fastest first), then in the space's order.

Measured times come from the tuning cache (tuning/cache.py): for each problem of the op (one
per family), the entry keyed by the cache GPU, this CUTLASS, this boltc's kernel code and the
problem (what by_profile would read), its candidate and runners-up with their times. The
key's CUDA release and compute capability are not matched (they follow from the machine that
measured; reading needs no nvcc): where several entries match, the newest is read, and the
report names its CUDA release. The cache GPU is `gpu_name`, else this machine's first GPU,
else the GPU the arch is tuned for (analysis/roofline.py TARGET_GPU: the H100 SXM for
sm_90a); the header says which and why. A stage of a bolt.b2b is listed with the b2b kernel's
plan as its choice and no candidates (select-kernels leaves it to fuse-b2b).
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from boltc.diagnostics import BoltcError, op_location
from boltc.dialects import bolt

DEFAULT_TOP = 5


@dataclass(frozen=True)
class CandidateRow:
    """One candidate of an op: where the model ranks it, and what is known of its speed."""

    rank: int | None  # 1 = fastest predicted; None: no prediction (no GPU model, or not in the space)
    candidate: str  # space.Candidate.describe()
    family: str
    kernel: str | None  # its `#bolt.kernel` text; None for conv_direct (no such form)
    predicted_us: float | None  # the performance model's (uncalibrated where the report says so)
    measured_us: float | None  # from the tuning cache, on the report's cache GPU
    chosen: bool  # the kernel the build compiles
    in_space: bool  # False: the chosen kernel is not one of the space's candidates (a user's, or
    #                 one the space prunes); listed so that it is never missing


@dataclass(frozen=True)
class AnchorReport:
    """One GEMM or convolution: the choice, why, and its candidates."""

    op: str  # bolt.gemm / bolt.conv2d
    location: str
    shape: str  # the operand and result types: "4x40xf16, 64x40xf16 -> 4x64xf16"
    problem: str  # the tuning key's shape of its own family's problem ("m=4 n=64 k=40 batch=1")
    family: str | None  # the chosen family (None: no kernel chosen; `reason` says why)
    kernel: str | None  # the chosen `#bolt.kernel` text (None: conv_direct, a b2b stage, no choice)
    reason: str
    space_size: int  # candidates in the space
    cache_note: str  # which cache entries answered for this op
    rows: tuple[CandidateRow, ...]


@dataclass(frozen=True)
class TuneReport:
    model: str
    arch: str
    precision: str
    strategy: str
    top: int
    gpu_model: str | None  # tuning/gpus/<name>.json the predictions come from
    calibrated: bool  # whether its constants are fitted to measurements
    predicted_note: str
    cache: str | None  # the tuning cache read (None: none exists)
    cache_gpu: str
    measured_note: str
    anchors: tuple[AnchorReport, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "model": self.model, "arch": self.arch, "precision": self.precision, "tune": self.strategy,
            "top": self.top,
            "predicted": {"gpu_model": self.gpu_model, "calibrated": self.calibrated, "note": self.predicted_note},
            "measured": {"cache": self.cache, "gpu": self.cache_gpu, "note": self.measured_note},
            "ops": [{**{k: v for k, v in asdict(a).items() if k != "rows"},
                     "candidates": [asdict(r) for r in a.rows]} for a in self.anchors],
        }


# -------------------------------------------------------------------------------------------
# Building it
# -------------------------------------------------------------------------------------------


def tune_report(model: str, arch: str, precision: str, *, strategy: str = "heuristic",
                cache_path: str | os.PathLike[str] | None = None, gpu_name: str | None = None,
                top: int = DEFAULT_TOP, progress: bool = True, fuse_b2b: bool | None = None) -> TuneReport:
    """The report of `model` built for `arch`/`precision` with `strategy` (the module docstring).
    `cache_path`: the tuning cache to read (None: the cache in use; a named one must exist),
    and with strategy "profile" the one select-kernels reads and writes. `fuse_b2b`: as
    `boltc.compile`'s (None: fuse-b2b where the arch has a b2b kernel)."""
    from boltc.compiler import check_arch, load_for_compile, optimize
    from boltc.lowering.build import cutlass_version
    from boltc.tuning.cache import TuningCache, default_cache_path, kernel_code_version
    from boltc.tuning.select import Tuning

    check_arch(arch)
    if top < 1:
        raise BoltcError(f"--top must be at least 1, not {top}")
    path = Path(cache_path) if cache_path is not None else default_cache_path()
    if cache_path is not None:
        TuningCache(path, create=False).close()  # a named cache that is missing or foreign: said first
    module, where = load_for_compile(model)
    with _cache_in_use(path if cache_path is not None else None):
        optimize(module, arch, precision, where=where, tuning=Tuning(strategy, progress=progress).check(),
                 fuse_b2b=fuse_b2b)
    gpu_model, calibrated, predicted_note = _performance_model(arch)
    cache_gpu, gpu_note = _cache_gpu(arch, gpu_name)
    entries: list = []
    if path.exists():
        with TuningCache(path, create=False) as cache:
            entries = cache.entries()
        on_gpu = sum(1 for key, _ in entries if key.gpu == cache_gpu)
        measured_note = (f"tuning cache {path} ({len(entries)} entries, {on_gpu} for this GPU); GPU "
                         f"{cache_gpu!r} ({gpu_note})")
        cache_name: str | None = str(path)
    else:
        measured_note = f"none: no tuning cache at {path} (boltc tune profile fills one); GPU {cache_gpu!r} ({gpu_note})"
        cache_name = None
    index = _index(entries, cache_gpu)
    anchors = [op for op in module.walk() if isinstance(op, (bolt.GemmOp, bolt.Conv2dOp))]
    lookup = _Lookup(index, cache_gpu, cutlass_version(), kernel_code_version())
    b2b_choices = {fused: _b2b_choice(fused, arch) for fused in module.walk()
                   if isinstance(fused, (bolt.B2bOp, bolt.ConvPoolOp))}
    return TuneReport(
        model=str(model), arch=arch, precision=precision, strategy=strategy, top=top, gpu_model=gpu_model,
        calibrated=calibrated, predicted_note=predicted_note, cache=cache_name, cache_gpu=cache_gpu,
        measured_note=measured_note,
        anchors=tuple(_anchor_report(op, where, arch, gpu_model, lookup, top, b2b_choices) for op in anchors),
    )


@contextmanager
def _cache_in_use(path: Path | None):
    """$BOLTC_TUNE_CACHE set to `path` for the block (select-kernels' profile strategy opens
    the cache in use), restored after; None leaves it alone."""
    if path is None:
        yield
        return
    before = os.environ.get("BOLTC_TUNE_CACHE")
    os.environ["BOLTC_TUNE_CACHE"] = str(path)
    try:
        yield
    finally:
        if before is None:
            del os.environ["BOLTC_TUNE_CACHE"]
        else:
            os.environ["BOLTC_TUNE_CACHE"] = before


def _performance_model(arch: str) -> tuple[str | None, bool, str]:
    from boltc.tuning.model import GPU_DIR, GPU_FOR_ARCH, gpu_for_arch

    name = GPU_FOR_ARCH.get(arch)
    if name is None:
        return None, False, (f"none: the performance model has no GPU for {arch} (it has "
                             f"{', '.join(sorted(GPU_FOR_ARCH))}); candidates listed measured ones first, then "
                             "in the tuning space's order")
    gpu = gpu_for_arch(arch)
    where = GPU_DIR / f"{name}.json"
    if gpu.fit is None:
        return name, False, (f"the performance model on {name}, UNCALIBRATED: {where.name} is not fitted to "
                             "measurements yet (bench/calibrate.py), so these are estimates to rank by, not times")
    return name, True, f"the performance model on {name}, fitted to measurements ({where.name})"


def _cache_gpu(arch: str, requested: str | None) -> tuple[str, str]:
    """The GPU whose cache entries are read, and why that one."""
    from boltc.analysis.roofline import TARGET_GPU

    if requested is not None:
        return requested, "as --gpu names"
    local = _local_gpu()
    if local is not None:
        return local, "this machine's first GPU; --gpu names another"
    name = TARGET_GPU.get(arch)
    if name is None:  # every arch boltc targets has one; a new arch must add its own
        raise BoltcError(f"no GPU is known for {arch}: name the GPU whose measurements to read with --gpu")
    return name, f"the GPU {arch} is tuned for, as no GPU is visible here; --gpu names another"


def _local_gpu() -> str | None:
    from boltc.tuning.profile import local_gpu_facts, visible_gpus

    try:
        if not visible_gpus():
            return None
        return local_gpu_facts().name
    except Exception:  # noqa: BLE001  (no torch, no driver: no GPU to name)
        return None


# The key fields an entry must share with the problem's key; the CUDA release and capability
# are the measuring machine's (the module docstring).
_MATCHED = ("gpu", "cutlass", "kernels", "op", "shape", "dtypes", "layouts", "alignment", "epilogue")


def _index(entries, gpu: str) -> dict[tuple, tuple[Any, Any]]:
    """Matched key fields -> (key, record), the newest of several."""
    index: dict[tuple, tuple[Any, Any]] = {}
    for key, record in entries:
        if key.gpu != gpu:
            continue
        fields = tuple(getattr(key, name) for name in _MATCHED)
        if fields not in index or record.timestamp > index[fields][1].timestamp:
            index[fields] = (key, record)
    return index


@dataclass(frozen=True)
class _Lookup:
    """The cache's entries for one GPU, read by problem."""

    index: dict
    gpu: str
    cutlass: str
    kernels: str

    def __call__(self, problem):
        """(key, record) of `problem`'s newest entry, or None."""
        from boltc.tuning.cache import TuningKey

        key = TuningKey.for_problem(problem, gpu=self.gpu, capability=(0, 0), cuda="", cutlass=self.cutlass,
                                    kernels=self.kernels)
        return self.index.get(tuple(getattr(key, name) for name in _MATCHED))


def _b2b_choice(b2b: bolt.B2bOp | bolt.ConvPoolOp, arch: str) -> tuple[str | None, str | None, str]:
    """The family and configuration the build lowers `b2b` (or a bolt.conv_pool) to, and why the
    fusion pass fused it (its bolt.fusion_reason: for a b2b the model's times fused and apart);
    once per fused op, for every stage."""
    from boltc.diagnostics import BoltcError
    from boltc.lowering.anchors import lower_anchor
    from boltc.lowering.cutlass.cpp import FUSION_REASON_ATTR, InvalidKernelConfig

    reason = b2b.attributes.get(FUSION_REASON_ATTR)
    why = reason.data if reason is not None else "fused as the model wrote it"
    try:
        call = lower_anchor(b2b, arch)
    except (InvalidKernelConfig, BoltcError) as e:  # the build would fail the same way, naming the op
        return None, None, f"{why}; no {b2b.name} kernel takes it: {e}"
    return call.family, call.config, why


def _shape(op) -> str:
    def text(value) -> str:
        t = value.type
        return "x".join([*(str(d) for d in t.get_shape()), str(t.get_element_type())])

    inputs = (op.lhs, op.rhs) if isinstance(op, bolt.GemmOp) else (op.input, op.filter)
    return f"{', '.join(text(v) for v in inputs)} -> {text(op.result)}"


def _anchor_report(op, where: str, arch: str, gpu_model: str | None, lookup: _Lookup, top: int,
                   b2b_choices: dict) -> AnchorReport:
    from boltc.lowering.cutlass.cpp import REASON_ATTR, InvalidKernelConfig
    from boltc.passes.select_kernels import enclosing_fused_kernel
    from boltc.tuning import space
    from boltc.tuning.cache import TuningKey
    from boltc.tuning.model import gpu_for_arch, predict
    from boltc.tuning.profile import candidate_pairs
    from boltc.tuning.select import Selection

    location = str(op_location(op, where))
    reason_attr = op.attributes.get(REASON_ATTR)
    fused = enclosing_fused_kernel(op)
    if fused is not None:
        family, kernel, why = b2b_choices[fused]
        pass_name = "fuse-b2b" if isinstance(fused, bolt.B2bOp) else "fuse-conv-pool"
        return AnchorReport(op.name, location, _shape(op), "", family, kernel,
                            f"a stage of {fused.name}: the fused kernel's plan ({pass_name}) decides its tiles; {why}",
                            0, "not searched", ())
    reason = reason_attr.data if reason_attr is not None else "written in the model (select-kernels keeps it)"
    kernel_text = Selection("", op.kernel, "").kernel_text() if op.kernel is not None else None
    chosen = None
    if op.kernel is not None:
        try:
            chosen = space.Candidate.from_kernel_attr(op.kernel)
        except InvalidKernelConfig:
            chosen = None  # a family the space does not know: listed by its text alone
    family = op.kernel.family.data if op.kernel is not None else _unrecorded_family(op)

    pairs = candidate_pairs(op, arch)
    problems = list(dict.fromkeys(p for _, p in pairs))
    gpu = gpu_for_arch(arch) if gpu_model is not None else None
    measured: dict[tuple, float | None] = {}  # (candidate, problem) -> time
    found, releases = 0, set()
    for problem in problems:
        hit = lookup(problem)
        if hit is None:
            continue
        key, record = hit
        found += 1
        releases.add(key.cuda)
        measured[(record.candidate, problem)] = record.measured_us
        for candidate, us in record.runners_up:
            measured.setdefault((candidate, problem), us)
    if not problems:
        cache_note = "nothing to look up: no family of the space can lower this op"
    elif found:
        cache_note = (f"{found} of {len(problems)} problem(s) measured (CUDA {', '.join(sorted(releases))}); "
                      "the others' candidates and those an entry does not keep show '-'")
    else:
        cache_note = f"no entry for this op's {len(problems)} problem(s) on this GPU"

    rows = []
    for candidate, problem in pairs:
        predicted = predict(candidate, problem, gpu).time_us if gpu is not None else None
        rows.append([candidate, predicted, measured.get((candidate, problem)),
                     _is_chosen(candidate, chosen, family)])
    if gpu is not None:
        rows.sort(key=lambda r: r[1])  # stable: ties keep the space's order (its preferred first)
    else:
        rows.sort(key=lambda r: (r[2] is None, r[2] or 0.0))
    listed = [CandidateRow(i + 1 if gpu is not None else None, c.describe(), c.family.value,
                           c.kernel_attr_text() if c.has_kernel_attr else None, p, m, is_chosen, True)
              for i, (c, p, m, is_chosen) in enumerate(rows)]
    shown = listed[:top] + [r for r in listed[top:] if r.chosen]
    if (op.kernel is not None or family is not None) and not any(r.chosen for r in listed):
        shown.append(_outside_row(op, arch, chosen, kernel_text, family, gpu))
    own_problem = ""
    if problems:
        own_problem = TuningKey.for_problem(problems[0], gpu="", capability=(0, 0), cuda="", cutlass="",
                                            kernels="").shape
    return AnchorReport(op.name, location, _shape(op), own_problem, family, kernel_text, reason, len(pairs),
                        cache_note, tuple(shown))


def _unrecorded_family(op) -> str | None:
    """The family of an op select-kernels left without a `#bolt.kernel`: conv_direct for a
    grouped convolution the group kernels do not take (the lowering derives it again), else
    none (the family's heuristic had nothing to choose: the reason says why)."""
    from boltc.lowering.cutlass import conv_direct, conv_group_sm80

    if isinstance(op, bolt.Conv2dOp) and op.groups.value.data > 1:
        family = conv_group_sm80.choose_for_op(op).family
        return family if family == conv_direct.FAMILY else None
    return None


def _is_chosen(candidate, chosen, family: str | None) -> bool:
    """Whether the space's `candidate` is the chosen kernel. `stages auto` (the heuristic's
    sm90 choices) is the space's count for that tile: the space has one per tile, cluster
    and schedule, as many as fit (space.sm90_stages), so the other fields decide."""
    from boltc.tuning.space import Family

    if chosen is None:
        return candidate.family is Family.CONV_DIRECT and family == Family.CONV_DIRECT.value
    if chosen.stages == bolt.KernelAttr.AUTO_STAGES:
        return (candidate.family, candidate.tile, candidate.cluster, candidate.schedule) == \
            (chosen.family, chosen.tile, chosen.cluster, chosen.schedule)
    return candidate == chosen


def _outside_row(op, arch: str, chosen, kernel_text: str | None, family: str | None, gpu) -> CandidateRow:
    """The chosen kernel where the space lacks it: predicted where the model can say."""
    from boltc.lowering.cutlass.cpp import InvalidKernelConfig, UnsupportedEpilogue
    from boltc.tuning import space
    from boltc.tuning.model import predict

    predicted = None
    if chosen is not None and gpu is not None and chosen.stages != bolt.KernelAttr.AUTO_STAGES:
        try:
            predicted = predict(chosen, space.problem_of(op, chosen.family, arch), gpu).time_us
        except (InvalidKernelConfig, UnsupportedEpilogue, ValueError):
            predicted = None
    described = chosen.describe() if chosen is not None else (family or "?")
    return CandidateRow(None, described, family or "", kernel_text, predicted, None, True, False)


# -------------------------------------------------------------------------------------------
# The text
# -------------------------------------------------------------------------------------------


def _us(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def text(report: TuneReport) -> str:
    count = len(report.anchors)
    predicted_header = ("predicted us (no model)" if report.gpu_model is None
                        else "predicted us" + ("" if report.calibrated else " (uncalibrated)"))
    lines = [f"{report.model}: {count} GEMM/convolution op{'' if count == 1 else 's'} for {report.arch}, "
             f"precision {report.precision}, --tune {report.strategy}",
             f"  predicted  {report.predicted_note}",
             f"  measured   {report.measured_note}"]
    for number, anchor in enumerate(report.anchors, 1):
        lines += ["", f"{number}. {anchor.op} at {anchor.location}: {anchor.shape}"
                  + (f" ({anchor.problem})" if anchor.problem else "")]
        lines.append(f"   chosen  {anchor.kernel or anchor.family or '(no kernel)'}")
        lines.append(f"   why     {anchor.reason}")
        lines.append(f"   cache   {anchor.cache_note}")
        if not anchor.rows:
            continue
        shown = sum(1 for r in anchor.rows if r.in_space)
        order = "by predicted time" if report.gpu_model is not None else "measured first, then the space's order"
        lines.append(f"   candidates: {anchor.space_size} in the space; {shown} shown, {order} (* chosen)")
        table = [("", "#", "candidate", predicted_header, "measured us")]
        for row in anchor.rows:
            place = str(row.rank) if row.rank is not None else ("-" if row.in_space else "(not in the space)")
            table.append(("*" if row.chosen else "", place, row.candidate, _us(row.predicted_us), _us(row.measured_us)))
        widths = [max(len(r[c]) for r in table) for c in range(5)]
        for cells in table:
            aligned = [cell.rjust(w) if c in (1, 3, 4) else cell.ljust(w) for c, (cell, w) in enumerate(zip(cells, widths))]
            lines.append("   " + "  ".join(aligned))
    return "\n".join(line.rstrip() for line in lines) + "\n"
