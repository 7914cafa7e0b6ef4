"""Kernel selection: which family and `#bolt.kernel` configuration lowers each GEMM or
convolution, and why (the select-kernels pass writes both into the IR; the lowering reads them).

    selection = select(op, "sm_90a", strategy="heuristic")   # a bolt.gemm or bolt.conv2d
    selection.family, selection.kernel, selection.reason

Strategies (`--tune`):

- **heuristic**: the rules of tuning/heuristic.py (sm_90a) and tuning/heuristic_sm80.py (sm_80),
  exactly as the emitters applied them before this pass existed: on sm_90a a convolution goes
  to conv_sm80 where `conv_family_sm90a` measured that family faster and conv_sm80 can lower
  it, else to conv_sm90; a grouped convolution (groups > 1) goes to conv_group_sm80 where one of
  its group modes is worth it (`conv_group_sm80.choose_group_conv`), else to conv_direct; a
  depthwise one (groups = C = F) first to conv_depthwise where it takes it
  (`conv_depthwise.choose_for_op`; a refusal is appended to conv_direct's reason).
- **model**: every candidate of tuning/space.py, ranked by tuning/model.py's prediction for the
  target's GPU; the fastest predicted wins. The H100's constants are fitted to its profile
  records (tuning/gpus/h100_sxm.json: held-out error 9.3 % mean but 69 % at worst, bench/
  RESULTS.md), and its picks have not been measured against the heuristic's over whole models
  yet: `heuristic` stays the default.
- **profile**: the tuning cache's measurement where it has one for this GPU; else the planned
  profilers (`plan_profiles`: every op's heuristic kernel and the model's plausible picks among
  its PROFILE_TOP_K fastest predictions, counted by profiler, shared across ops; past what the
  budget compiles, the plausible heuristic kernels and then by expected gain), compiled in
  one batch and each timed as soon as it is built, on the GPU of this machine (or a Dask
  cluster); the fastest correct one wins (`profile_all`). It needs a CUDA GPU. Measured on the
  H100: ResNet-50 from a cold cache in 97 s, 4.6 % faster than the heuristic's build.

conv_direct (grouped or depthwise convolutions the tensor cores do not take) has no
`#bolt.kernel` form: its widths follow from the problem (conv_direct.choose_config), so there
is nothing to record but the family, which the lowering derives again from the same
`choose_group_conv`. Its selection has `kernel` None and the op keeps no attribute.
"""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, replace

from xdsl.dialects.builtin import IntAttr, StringAttr

from boltc.diagnostics import BoltcError, error_at
from boltc.dialects import bolt
from boltc.lowering.cutlass import (
    conv_depthwise, conv_direct, conv_group_sm80, conv_sm80, conv_sm90, families, gemm_sm80, gemm_sm90)
from boltc.lowering.cutlass.cpp import REASON_ATTR, Element, InvalidKernelConfig, UnsupportedEpilogue
from boltc.tuning.heuristic_sm80 import schedule_name

STRATEGIES = ("heuristic", "model", "profile")
DEFAULT_STRATEGY = "heuristic"  # the model is not yet trusted to choose alone (module docstring)


@dataclass(frozen=True)
class Tuning:
    """How select-kernels chooses every kernel of a build: `strategy` (one of STRATEGIES),
    `budget_s` (profile: the most seconds spent timing, over the whole module; None: no limit),
    `cluster` (profile: "local" or a Dask scheduler address to time on, tuning/cluster.py;
    None: this machine's GPUs, one worker each) and `progress` (profile: print the profilers'
    compile progress and profile.py's ProgressLine on stderr, as a build prints its kernels'
    progress; `boltc -q` turns it off)."""

    strategy: str = DEFAULT_STRATEGY
    budget_s: float | None = None
    cluster: str | None = None
    progress: bool = True

    def check(self) -> Tuning:
        if self.strategy not in STRATEGIES:
            raise BoltcError(f"unknown tuning strategy {self.strategy!r} (choose from {', '.join(STRATEGIES)})")
        budget = self.budget_s
        if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float)) or budget <= 0):
            raise BoltcError(f"the tuning budget must be a positive number of seconds, not {budget!r}")
        if self.cluster is not None and (not isinstance(self.cluster, str) or not self.cluster):
            raise BoltcError(f"the tuning cluster is 'local' or a Dask scheduler address, not {self.cluster!r}")
        if self.strategy != "profile" and (budget is not None or self.cluster is not None):
            what = "budget" if budget is not None else "cluster"
            raise BoltcError(f"a tuning {what} serves tune='profile'; with tune={self.strategy!r} nothing is timed")
        return self


@dataclass(frozen=True)
class Selection:
    """One op's kernel: its family, its `#bolt.kernel` (None: conv_direct, which has no form,
    or a family whose heuristic has nothing to choose from: `reason` says why), and why."""

    family: str
    kernel: bolt.KernelAttr | None
    reason: str

    def kernel_text(self) -> str:
        """The `#bolt.kernel<...>` as the IR prints it."""
        from xdsl.printer import Printer
        import io

        out = io.StringIO()
        Printer(stream=out).print_attribute(self.kernel)
        return out.getvalue()


def kernel_attr(family: str, tile, cluster, stages: int | None, schedule: str) -> bolt.KernelAttr:
    """A `#bolt.kernel`; stages None is `stages auto` (as many as fit: StageCountAutoCarveout)."""
    return bolt.KernelAttr(
        StringAttr(family), bolt.i64_array(list(tile)), bolt.i64_array(list(cluster)),
        IntAttr(bolt.KernelAttr.AUTO_STAGES if stages is None else stages), StringAttr(schedule),
    )


@contextmanager
def chosen(op: bolt.GemmOp | bolt.Conv2dOp, selection: Selection):
    """`op` carrying `selection`'s kernel and reason while the block runs (the lowering of an op
    that reached it without one: the IR is left as it was)."""
    kernel, reason = op.kernel, op.attributes.get(REASON_ATTR)
    op.kernel = selection.kernel
    op.attributes[REASON_ATTR] = StringAttr(selection.reason)
    try:
        yield op
    finally:
        op.kernel = kernel
        if reason is None:
            del op.attributes[REASON_ATTR]
        else:
            op.attributes[REASON_ATTR] = reason


def _op_kind(op) -> str:
    if isinstance(op, bolt.GemmOp):
        return "gemm"
    if isinstance(op, bolt.Conv2dOp):
        return "conv2d"
    raise TypeError(f"kernel selection takes a bolt.gemm or bolt.conv2d, not {op.name}")


# --------------------------------------------------------------------------------------
# heuristic
# --------------------------------------------------------------------------------------


def heuristic(op: bolt.GemmOp | bolt.Conv2dOp, arch: str) -> Selection:
    """The heuristic's family and configuration for `op` on `arch` (the module docstring)."""
    kind = _op_kind(op)
    if kind == "conv2d" and op.groups.value.data > 1:
        # Depthwise layers: conv_depthwise's register-window kernel where it takes them; a
        # refusal is noted in the reason of the family they go to instead.
        depthwise = conv_depthwise.choose_for_op(op)
        if depthwise.kernel is not None:
            return Selection(conv_depthwise.FAMILY, depthwise.kernel, f"choice: {depthwise.reason}")
        choice = conv_group_sm80.choose_for_op(op)
        if choice.family != conv_group_sm80.FAMILY:
            return Selection(choice.family, None, choice.reason + depthwise.refusal)
        assert choice.tile is not None
        row = choice.tile
        return Selection(choice.family, kernel_attr(choice.family, (row.tile.m, row.tile.n, row.tile.k), (1, 1, 1), row.stages,
                                                    schedule_name((row.warp.m, row.warp.n, row.warp.k))), f"choice: {choice.reason}")
    own = families.own_family(type(op), arch)
    if own is None:
        raise error_at(op, f"no emitter for {op.name} on {arch} (targets: sm_90a, sm_80)")
    if kind == "conv2d" and arch == "sm_90a":
        from boltc.tuning.heuristic import conv_family_sm90a

        problem = conv_sm90.conv_problem(op)
        if conv_family_sm90a(*problem.gemm_mnk, problem.c) == conv_sm80.FAMILY:
            sm80 = heuristic_for_family(op, conv_sm80.FAMILY, arch)
            if sm80.kernel is not None and lowers(op, sm80, arch):
                return sm80  # else conv_sm80 refuses the op (an epilogue or alignment it lacks)
    selection = heuristic_for_family(op, own.name, arch)
    fallback = SM90A_FALLBACK.get(own.name) if arch == "sm_90a" else None
    if fallback is not None and selection.kernel is not None:
        refusal = lowering_refusal(op, selection, arch)
        if refusal is not None:
            # The CUTLASS 2.x family runs on sm_90a too and takes some ops the Hopper one
            # refuses (a fused epilogue on rows of D narrower than 16 bytes: no TMA store).
            other = heuristic_for_family(op, fallback, arch)
            if other.kernel is not None and lowers(op, other, arch):
                return Selection(other.family, other.kernel, f"{own.name} refused: {refusal}; {other.reason}")
    return selection


# sm_90a's Hopper families and the CUTLASS 2.x family the heuristic falls back to.
SM90A_FALLBACK = {gemm_sm90.FAMILY: gemm_sm80.FAMILY, conv_sm90.FAMILY: conv_sm80.FAMILY}


def lowering_refusal(op, selection: Selection, arch: str) -> str | None:
    """Why `selection`'s family does not lower `op` with its kernel; None where it does."""
    try:
        with chosen(op, selection):
            families.family(selection.family).lower(op, arch)
    except (InvalidKernelConfig, UnsupportedEpilogue) as error:
        return getattr(error, "message", str(error))
    return None


def lowers(op, selection: Selection, arch: str) -> bool:
    """Whether `selection`'s family lowers `op` with its kernel."""
    return lowering_refusal(op, selection, arch) is None


def heuristic_for_family(op: bolt.GemmOp | bolt.Conv2dOp, family: str, arch: str) -> Selection:
    """`family`'s own heuristic configuration for `op` (what the emitter used when the op had no
    `#bolt.kernel`). Where the heuristic has nothing to choose from (inputs the family's tensor
    cores do not take, an empty problem), `kernel` is None and the emitter reports its own
    refusal."""
    from boltc.tuning.heuristic import choose_conv_sm90, choose_gemm_sm90
    from boltc.tuning.heuristic_sm80 import choose_conv_sm80, choose_gemm_sm80

    if family == conv_depthwise.FAMILY:
        depthwise = conv_depthwise.choose_for_op(op)
        return Selection(family, depthwise.kernel, f"choice: {depthwise.reason}" if depthwise.kernel is not None
                         else depthwise.reason or f"{family} lowers depthwise convolutions only")
    if family in (conv_group_sm80.FAMILY, conv_direct.FAMILY):
        choice = conv_group_sm80.choose_for_op(op)
        if choice.family != family or choice.tile is None:
            return Selection(family, None, choice.reason)
        row = choice.tile
        return Selection(family, kernel_attr(family, (row.tile.m, row.tile.n, row.tile.k), (1, 1, 1), row.stages,
                                             schedule_name((row.warp.m, row.warp.n, row.warp.k))), f"choice: {choice.reason}")
    source = op.lhs if isinstance(op, bolt.GemmOp) else op.input
    element = Element.from_mlir(source.type.get_element_type())  # type: ignore[attr-defined]
    try:
        if family == gemm_sm90.FAMILY:
            m, n, k, batch = gemm_sm90.kernel_shape(op)
            c = choose_gemm_sm90(m, n, k, element.short, arch, batch=batch)
            kernel = kernel_attr(family, c.tile, c.cluster, c.stages, c.schedule)
        elif family == gemm_sm80.FAMILY:
            m, n, k, batch = gemm_sm80.kernel_shape(op)
            s = choose_gemm_sm80(m, n, k, element.short, arch, batch=batch)
            c, kernel = s, kernel_attr(family, s.tile, s.cluster, s.stages, s.schedule)
        elif family == conv_sm90.FAMILY:
            c = choose_conv_sm90(*conv_sm90.conv_problem(op).gemm_mnk, element.short, arch)
            kernel = kernel_attr(family, c.tile, c.cluster, c.stages, c.schedule)
        elif family == conv_sm80.FAMILY:
            s = choose_conv_sm80(*conv_sm90.conv_problem(op).gemm_mnk, element.short, arch)
            c, kernel = s, kernel_attr(family, s.tile, s.cluster, s.stages, s.schedule)
        else:
            raise BoltcError(f"no heuristic for kernel family {family!r}")
    except ValueError as error:  # the heuristic's own refusal: unknown arch or dtype, empty problem
        return Selection(family, None, f"the {family} heuristic has no choice: {error}")
    return Selection(family, kernel, f"heuristic: {c.reason}")


# --------------------------------------------------------------------------------------
# model and profile
# --------------------------------------------------------------------------------------


def _problems(op, arch: str):
    """(candidate, problem) for every candidate of the space (tuning/space.py) for `op`."""
    from boltc.tuning import space

    kind = _op_kind(op)
    groups = op.groups.value.data if kind == "conv2d" else 1
    pairs = []
    for family in space.families(kind, arch, groups):
        try:
            problem = space.problem_of(op, family, arch)
        except (InvalidKernelConfig, UnsupportedEpilogue):
            continue  # the family cannot lower this op with any configuration
        pairs += [(c, problem) for c in space.space(problem, family, arch)]
    kept = {id(c) for c in space.within_cap([c for c, _ in pairs])}  # as space.candidates holds it
    return [(c, problem) for c, problem in pairs if id(c) in kept]


def _selection_of(candidate, reason: str) -> Selection:
    kernel = candidate.kernel_attr() if candidate.has_kernel_attr else None
    return Selection(candidate.family.value, kernel, reason)


def ranked_by_model(op, arch: str, gpu=None):
    """Every candidate for `op`, with tuning/model.py's predicted time on `gpu` (default: the
    arch's GPU model), fastest first."""
    from boltc.tuning.model import Ranked, gpu_for_arch, predict

    if gpu is None:
        try:
            gpu = gpu_for_arch(arch)
        except ValueError as error:
            raise BoltcError(f"--tune model: {error} (use --tune heuristic for {arch})") from None
    ranked = [Ranked(c, predict(c, problem, gpu)) for c, problem in _problems(op, arch)]
    return sorted(ranked, key=lambda r: r.time_us)


def by_model(op, arch: str) -> Selection:
    ranked = ranked_by_model(op, arch)
    if not ranked:
        return heuristic(op, arch)  # no candidate in the space (e.g. NCHW): what the heuristic does
    from boltc.tuning.model import gpu_for_arch

    best, gpu = ranked[0], gpu_for_arch(arch)
    how = f"{gpu.name}, fitted" if gpu.fit is not None else "uncalibrated model"
    reason = f"model: {best.time_us:.2f} us predicted ({how})"
    if len(ranked) > 1:
        reason += f"; runner-up {ranked[1].candidate.describe()} at {ranked[1].time_us:.2f} us"
    return _selection_of(best.candidate, reason)


# The most candidates per op that `profile` considers: the performance model's fastest
# (generous: its top-1 is within 5 % of the best on 92.5 % of the H100 shapes held out of its
# fit, not all) and the heuristic's own. Which of them are compiled is plan_profiles' choice.
PROFILE_TOP_K = 8
# A candidate predicted within this fraction of an op's fastest prediction is *plausible* for
# it: memory-bound ops have many configurations the model cannot tell apart (ResNet-50's 1x1
# layers tie at the DRAM floor), and a profiler another op needs anyway times them for free.
PROFILE_TOLERANCE = 0.05
# Plausible candidates each op gets timed, beside the heuristic's choice: plan_profiles'
# default and the least a budget gives (PROFILE_PLAN_S sizes the plan without one). A
# profiler costs a kernel's compile (nvcc's device pass ~40 s of a core, the host TU ~20 s)
# and its timing: PROFILER_CORE_S. ResNet-50 (batch 32, bench/import_resnet50.py: 26 distinct
# problems) plans 33 profilers at cover 1 (30 before each plausible schedule kind was timed),
# 37 at 2, 40 at 3: more than 2 minutes of a 16-core machine (issue 13's bar) even at 1, so
# profile_all also plans for what the budget compiles (ProfilePlanner.capped: 24).
PROFILE_COVER = 1
# One profiler's cost in seconds of one core, its timing included (the timing overlaps the
# other profilers' compiles): ResNet-50's cold tuning on the H200 machine's 16 cores planned
# 33 profilers and took 145.4 s, 70.5 s of a core each (bench/RESULTS.md, 2026-11-29 20:00).
PROFILER_CORE_S = 70.0
# The share of a budget that the plan's profilers may fill by PROFILER_CORE_S (the rest: the
# last profilers' timing, the spread of compile times).
PROFILE_FILL = 0.9
# Without --tune-budget the plan is sized as for a budget of this many seconds, with no
# deadline on the run: the largest cover whose profilers fit PROFILE_FILL of it on this
# machine's cores (cover_for_budget), cut to `profiler_cap` where even cover 1 does not; a
# model of a few GEMMs gets its whole shortlist, where cover 1 missed the paper's
# 1280x768x3072 best kernel (64x128 pingpong 1x1x1, 1.03x cuBLAS at cover 4, 0.88x at 1:
# bench/RESULTS.md, 2026-11-29 09:27).
PROFILE_PLAN_S = 120.0


@dataclass(frozen=True)
class Shortlist:
    """One op's candidates for `profile`: (candidate, problem) pairs, the model's fastest first
    with the heuristic's choice second; each pair's predicted time (None where the arch has no
    GPU model or the candidate no stage count) and the heuristic's place (None: no choice)."""

    pairs: tuple[tuple[object, object], ...]
    predicted: tuple[float | None, ...]
    heuristic: int | None

    def plausible(self, tolerance: float | None = None) -> list[int]:
        """The places of the candidates predicted within `tolerance` (default PROFILE_TOLERANCE)
        of the fastest, in order (every place where nothing is predicted)."""
        tolerance = PROFILE_TOLERANCE if tolerance is None else tolerance
        known = [t for t in self.predicted if t is not None]
        if not known:
            return list(range(len(self.pairs)))
        bound = min(known) * (1 + tolerance)
        return [i for i, t in enumerate(self.predicted) if t is not None and t <= bound]


def shortlist(op, arch: str, top_k: int = PROFILE_TOP_K) -> list[tuple[object, object]]:
    """The (candidate, problem) pairs `profile` may time for `op`: the model's `top_k` fastest
    predictions, fastest first, with the heuristic's choice second; every candidate where the
    arch has no GPU model."""
    return list(ranked_shortlist(op, arch, top_k).pairs)


def ranked_shortlist(op, arch: str, top_k: int = PROFILE_TOP_K) -> Shortlist:
    """`shortlist` with the model's predictions and the heuristic's place."""
    from boltc.tuning import space
    from boltc.tuning.model import gpu_for_arch

    pairs = _problems(op, arch)
    try:
        gpu = gpu_for_arch(arch)
    except ValueError:
        return Shortlist(tuple(pairs), (None,) * len(pairs), None)
    timed = sorted(((_predicted(c, p, gpu), (c, p)) for c, p in pairs), key=lambda t: t[0])
    chosen = [pair for _, pair in timed[:top_k]]
    predicted = {pair: t for t, pair in timed[:top_k]}
    own = heuristic(op, arch)
    place = None
    if own.kernel is not None:
        # As the heuristic writes it (stages auto where the space writes the count out), timed
        # against the model's picks: profiling never does worse than the default build.
        mine = space.Candidate.from_kernel_attr(own.kernel)
        problem = next((p for c, p in pairs if c.family is mine.family), None)
        if problem is not None:
            # Second, after the model's first pick (where the model did not rank it first): a
            # budgeted profile times each problem's first two candidates first
            # (profile.budget_rounds), so even a short budget never does worse than the default.
            same = [i for i, (c, _) in enumerate(chosen) if replace(c, stages=mine.stages) == mine]
            if not same and mine.stages is None and mine.tile is not None:
                # `stages auto` written out as the space writes it (what StageCountAutoCarveout
                # computes): one profiler with the model's candidates of the same tile, not two.
                mine = replace(mine, stages=space.sm90_stages(mine, problem) or None)
            pair = chosen.pop(same[0]) if same else (mine, problem)
            place = 0 if same and same[0] == 0 else 1
            chosen.insert(place, pair)
    return Shortlist(tuple(chosen), tuple(predicted[pair] if pair in predicted else _predicted(*pair, gpu)
                                          for pair in chosen), place)


def _predicted(candidate, problem, gpu) -> float:
    """The model's time for `candidate`; a `stages auto` candidate (the heuristic's) at the
    count the space writes out for it (what StageCountAutoCarveout computes)."""
    from boltc.tuning import space
    from boltc.tuning.model import predict

    if candidate.stages is None and candidate.tile is not None:
        stages = space.sm90_stages(candidate, problem)
        if stages is None:
            return float("inf")
        candidate = replace(candidate, stages=stages)
    return predict(candidate, problem, gpu).time_us


def schedule_kind(candidate) -> str:
    """What kind of kernel `candidate` runs, apart from its sizes: its family and its schedule's
    first word (`gemm_sm90 pingpong`, `gemm_sm90 cooperative_splitk`, `conv_sm90 cooperative`,
    `gemm_sm80 multistage`), without tile, cluster, stages, split count or swizzle."""
    return f"{candidate.family.value} {gemm_sm90.schedule_words(candidate.schedule).base}"


def _plan_greedily(planned: dict[str, None], groups: dict, wanted) -> None:
    """Add to `planned`, one at a time, the profiler that the most groups of ops want (weighed
    by their predicted time; first-seen wins a tie: the better-ranked), `wanted(plausible)`
    being the units a group still wants given `planned`, until none wants any."""
    while True:
        gain: dict[str, float] = {}
        for plausible, weight in groups.values():
            for unit in wanted(plausible):
                gain[unit] = gain.get(unit, 0.0) + weight
        if not gain:
            return
        planned[max(gain, key=lambda u: gain[u])] = None


# The performance model's error, as a log-normal spread of measured over predicted time, for the
# planner's expected gain: its held-out MAE is 7-10 % (7.1 % on the H200's five new 1x1 shapes,
# 9.5 % with the cut-to-problem tiles: bench/RESULTS.md 2026-11-30), a log-sigma of ~0.1.
MODEL_ERROR_SIGMA = 0.1
# Samples of that error per (op, candidate): the expected minimum of a plan is their mean.
GAIN_SAMPLES = 256


class ExpectedGain:
    """The expected fastest measured time of each op over a growing set of profilers, where a
    candidate's measured time is its prediction times exp(MODEL_ERROR_SIGMA * N(0, 1)), drawn
    once per (op, candidate) from a fixed seed (the plan is deterministic). `best()` is the
    profiler whose addition lowers the sum over the ops of that expectation the most (None: no
    profiler left that lowers it); `add` takes it. Candidates without a prediction stand at the
    op's fastest prediction (an unknown is as plausible as the model's pick)."""

    def __init__(self, lists: dict, units: dict, chosen) -> None:
        import numpy as np

        rng = np.random.default_rng(0)
        self._np = np
        self._ops = []  # (measured samples per candidate [k, S], units per candidate, current minimum [S])
        self._serves: dict[str, list[int]] = {}  # unit -> the ops whose shortlist holds it
        for op, sl in lists.items():
            known = [t for t in sl.predicted if t is not None]
            if not sl.pairs:
                continue
            fallback = min(known) if known else 1.0
            predicted = np.array([fallback if t is None else t for t in sl.predicted])
            noise = np.exp(MODEL_ERROR_SIGMA * rng.standard_normal((len(predicted), GAIN_SAMPLES)))
            measured = predicted[:, None] * noise
            current = np.full(GAIN_SAMPLES, np.inf)
            for i, unit in enumerate(units[op]):
                if unit in chosen:
                    current = np.minimum(current, measured[i])
            index = len(self._ops)
            self._ops.append((measured, units[op], current))
            for unit in dict.fromkeys(units[op]):
                self._serves.setdefault(unit, []).append(index)
        self._chosen = set(chosen)

    def _with(self, index: int, unit: str):
        measured, op_units, current = self._ops[index]
        rows = [i for i, u in enumerate(op_units) if u == unit]
        return self._np.minimum(current, measured[rows].min(axis=0))

    def gain(self, unit: str) -> float:
        """How much adding `unit` lowers the sum of the ops' expected fastest times (us)."""
        total = 0.0
        for index in self._serves.get(unit, ()):
            current = self._ops[index][2]
            after = self._with(index, unit)
            # an op with nothing planned yet gains its whole expected time (inf - x): capped at
            # the new expectation itself, so any first candidate beats none
            total += float(after.mean()) if not self._np.isfinite(current).any() else float((current - after).mean())
        return total

    def best(self) -> str | None:
        gains = {u: self.gain(u) for u in self._serves if u not in self._chosen}
        gains = {u: g for u, g in gains.items() if g > 0.0}
        return max(gains, key=lambda u: gains[u]) if gains else None  # first seen wins a tie

    def add(self, unit: str) -> None:
        for index in self._serves.get(unit, ()):
            measured, op_units, _ = self._ops[index]
            self._ops[index] = (measured, op_units, self._with(index, unit))
        self._chosen.add(unit)


class ProfilePlanner:
    """Every op's ranked shortlist and each pair's profiler (its kernel's name), made once and
    planned from as often as a call needs: `plan` for a cover, `profilers` to count a plan's."""

    def __init__(self, ops, arch: str, top_k: int = PROFILE_TOP_K):
        self.top_k = top_k
        self.lists = {op: ranked_shortlist(op, arch, top_k) for op in ops}
        self.units = {op: [c.kernel(p).name for c, p in sl.pairs] for op, sl in self.lists.items()}
        self.unit_of = {pair: unit for op, sl in self.lists.items() for pair, unit in zip(sl.pairs, self.units[op])}
        self.kind_of = {unit: schedule_kind(pair[0]) for pair, unit in self.unit_of.items()}

    def profilers(self, pairs) -> set[str]:
        return {self.unit_of[pair] for pair in pairs}

    def plan(self, cover: int = PROFILE_COVER, tolerance: float | None = None, ops=None,
             max_profilers: int | None = None) -> dict:
        """plan_profiles' plan for `ops` (default: all of this planner's), of at most
        `max_profilers` profilers (`capped`; more only where the plausible heuristic choices
        alone are more)."""
        lists = {op: self.lists[op] for op in (self.lists if ops is None else ops)}
        units = self.units
        planned: dict[str, None] = {}
        for op, sl in lists.items():
            if sl.heuristic is not None:
                planned.setdefault(units[op][sl.heuristic], None)
            # The model's own pick (the shortlist's first) is timed too, so that `profile` never
            # builds what it measured slower than `--tune model`'s choice: the greedy cover below
            # took another op's shared profiler in its place, and the paper's 8192^3 GEMM got a
            # swizzle-4 kernel 2.5 % slower than the model's swizzle 8 (H200, 2026-11-29).
            if sl.pairs and sl.predicted[0] is not None:
                planned.setdefault(units[op][0], None)
        groups: dict[tuple[str, ...], list] = {}  # ops with the same shortlist: [plausible units, weight]
        for op, sl in lists.items():
            # The op's own heuristic choice is timed anyway: the cover counts the model's picks;
            # where none is plausible (the heuristic's predicted clearly fastest), its best other
            # one, so that every op is measured against at least one alternative.
            others = [i for i in range(len(sl.pairs)) if i != sl.heuristic]
            plausible = [units[op][i] for i in sl.plausible(tolerance) if i != sl.heuristic] or \
                [units[op][i] for i in others[:1]]
            group = groups.setdefault(tuple(units[op]), [plausible, 0.0])
            known = [t for t in sl.predicted if t is not None]
            group[1] += min(known) if known else 1.0
        def short_of_cover(plausible: list[str]) -> list[str]:
            have = sum(u in planned for u in plausible)
            return [u for u in plausible if u not in planned] if have < min(cover, len(plausible)) else []

        _plan_greedily(planned, groups, short_of_cover)
        # Then one of each schedule kind among each op's plausible candidates (pingpong and
        # cooperative, stream-K, split-K; each family's), greedily as above: the model misorders
        # near-ties across kinds, not within one. ResNet-50's 7x7x2048->512 1x1 layer at cover 1
        # timed only cooperative kernels (13.47 us) where the shortlist's 64x128 pingpong runs
        # 12.06 (H200, bench/RESULTS.md 2026-11-29 17:00).
        kind_of = self.kind_of

        def of_a_missing_kind(plausible: list[str]) -> list[str]:
            missing = {kind_of[u] for u in plausible} - {kind_of[u] for u in plausible if u in planned}
            return [u for u in plausible if u not in planned and kind_of[u] in missing]

        _plan_greedily(planned, groups, of_a_missing_kind)
        if max_profilers is not None:
            planned = self.capped(planned, lists, max_profilers)
        return {op: [pair for pair, unit in zip(sl.pairs, units[op]) if unit in planned] for op, sl in lists.items()}

    def capped(self, planned: dict[str, None], lists: dict, max_profilers: int) -> dict[str, None]:
        """`planned` where it fits `max_profilers` profilers; else a plan of that many chosen
        afresh: every op's heuristic choice where the model finds it plausible (what the default
        build compiles, timed so that profile is not worse than it; kept even past the cap),
        then, one at a time, the profiler of any shortlisted pair that most lowers the sum over
        the ops of their expected fastest measured time (`ExpectedGain`): a model pick where the
        heuristic's choice is predicted slow, near-ties of other kernels where it is not.

        Forcing every heuristic choice left nothing to plan: tuned.py's 54 convolutions have 23
        heuristic kernels for a cap of 24, and 7x7x2048->512 1x1 ran its heuristic's 64x64
        pingpong kernel (predicted 23 % over the model's pick) at 17.15 us where the model's
        128x64 cooperative one had measured 13.6 (H200, bench/RESULTS.md 2026-11-30). The rule
        before that (the cover plan's profilers by the predicted time of the ops they serve)
        kept shared kernels over the single-op picks that mattered."""
        if len(planned) <= max_profilers:
            return planned
        units = self.units
        chosen: dict[str, None] = {units[op][sl.heuristic]: None for op, sl in lists.items()
                                   if sl.heuristic is not None and sl.heuristic in sl.plausible()}
        gains = ExpectedGain(lists, units, chosen)
        while len(chosen) < max_profilers:
            unit = gains.best()
            if unit is None:
                break
            gains.add(unit)
            chosen[unit] = None
        return chosen

    def profiler_cap(self, budget_s: float, jobs: int | None = None) -> int:
        """How many profilers compile and time within `budget_s` on `jobs` cores (default:
        build.py's): PROFILE_FILL of it at PROFILER_CORE_S each."""
        from boltc.lowering import build

        cores = jobs or build.default_jobs()
        return max(1, int(PROFILE_FILL * budget_s * cores / PROFILER_CORE_S))

    def sized(self, budget_s: float, jobs: int | None = None, cover: int | None = None) -> tuple[int, int]:
        """(cover, max_profilers) of the plan `profile_all` makes at `budget_s` on `jobs` cores
        (default: build.py's): `cover` where given, else `cover_for_budget`; `profiler_cap`."""
        return (self.cover_for_budget(budget_s, jobs) if cover is None else cover,
                self.profiler_cap(budget_s, jobs))

    def cover_for_budget(self, budget_s: float, jobs: int | None = None) -> int:
        """cover_for_budget's answer for this planner's ops."""
        from boltc.lowering import build

        cores = jobs or build.default_jobs()
        best = 1
        for cover in range(2, self.top_k + 1):
            pairs = [pair for pairs in self.plan(cover).values() for pair in pairs]
            if len(self.profilers(pairs)) > self.profiler_cap(budget_s, cores):
                break
            best = cover
        return best


def plan_profiles(ops, arch: str, top_k: int = PROFILE_TOP_K, *, cover: int = PROFILE_COVER,
                  tolerance: float | None = None, max_profilers: int | None = None) -> dict:
    """Which of each op's shortlisted pairs `profile` times, as {op: [(candidate, problem)]}.

    A profiler is one kernel translation unit (a configuration for an epilogue, alignment and
    element types), compiled once and timed on every shape it serves; compiling is what a cold
    tuning spends its time on. So the plan counts profilers, not pairs: every op's heuristic
    choice (the default build's kernels: never worse than it) and the model's first pick (never
    worse than `--tune model`'s build, as measured), then, greedily, the profiler
    that gives the most ops still short of `cover` plausible candidates besides their own
    heuristic choice one more (weighed by the ops' predicted time, so that the layers that take
    the model's time come first; ties: the better-ranked), until each op has `cover` (or all
    it has); then, likewise, until each op has one plausible candidate of every schedule kind
    among its plausible ones (`schedule_kind`: pingpong, cooperative, ...). Each op then times
    every shortlisted pair whose profiler the plan holds, whoever it was planned for.
    Where that plan outgrows `max_profilers`, a plan of that many is chosen afresh
    (`ProfilePlanner.capped`): the heuristic choices the model finds plausible, then by expected
    gain under the model's error (`ExpectedGain`)."""
    return ProfilePlanner(ops, arch, top_k).plan(cover, tolerance, max_profilers=max_profilers)


def cover_for_budget(ops, arch: str, budget_s: float, top_k: int = PROFILE_TOP_K, jobs: int | None = None) -> int:
    """The largest cover (1 to `top_k`) whose plan's profilers compile and time, by
    PROFILER_CORE_S on `jobs` cores (default: build.py's), within PROFILE_FILL of `budget_s`;
    1 where even that does not fit (profile_all then cuts the plan to `profiler_cap`)."""
    return ProfilePlanner(ops, arch, top_k).cover_for_budget(budget_s, jobs)


def by_profile(op, arch: str, budget_s: float | None, cache=None, pool=None, progress: bool = False) -> Selection:
    """`profile_all` for one op."""
    return profile_all([op], arch, budget_s, cache=cache, pool=pool, progress=progress)[op]


def profile_all(ops, arch: str, budget_s: float | None, cache=None, pool=None, progress: bool = False,
                top_k: int = PROFILE_TOP_K, cover: int | None = None) -> dict:
    """Each op's fastest measured candidate among its planned pairs (`plan_profiles`). From the
    tuning cache where it holds every problem the op's plan poses on this GPU (no compile, no
    profile); the rest profiled together, once (`pool`: a ProfilePool or a tuning/cluster.py
    ClusterPool; by default one worker per local GPU), so the profilers of every op compile in
    one parallel batch and a configuration shared by several ops' shapes is built once; results
    go to the cache. `cache`: a TuningCache (default: the user's, cache.default_cache_path()).
    `budget_s`: for the whole batch; it also sizes the plan (`cover_for_budget`) where `cover`
    is not given (without it: as for PROFILE_PLAN_S, with no deadline). `progress`: compile
    progress and a line per timed job."""
    from boltc.tuning.cache import TuningCache, TuningKey
    from boltc.tuning.profile import cuda_release, local_gpu_facts, profile_problems, visible_gpus

    if pool is None and not visible_gpus():
        raise BoltcError("--tune profile times the candidates on a CUDA GPU, and this machine has none "
                         "(use --tune heuristic or --tune model here)")
    planner = ProfilePlanner(ops, arch, top_k)
    # Even cover 1 can outgrow the budget (ResNet-50: 33 profilers, 145 s on 16 cores against
    # the 2 minutes of issue 13): the plan is cut to what the budget compiles (the cap).
    cover, cap = planner.sized(PROFILE_PLAN_S if budget_s is None else budget_s, cover=cover)
    plans = {}  # op -> (its problems, the cache's records of them)
    to_time: dict[tuple[object, object], None] = {}  # ordered, each (candidate, problem) once
    with _opened(cache, TuningCache.open) as db:
        gpu = local_gpu_facts() if pool is None else None  # a cluster's GPUs key their own records
        release = cuda_release() if gpu is not None else None

        def cached(pairs) -> dict:
            records = {}
            for problem in dict.fromkeys(p for _, p in pairs) if gpu is not None else ():
                key = TuningKey.for_problem(problem, gpu=gpu.name, capability=gpu.capability, cuda=release)
                record = db.lookup(key)
                if record is not None:
                    records[problem] = record
            return records

        planned = planner.plan(cover, max_profilers=cap)
        for op, pairs in planned.items():
            problems = list(dict.fromkeys(p for _, p in pairs))
            plans[op] = (problems, cached(pairs))
        pending = [op for op, (problems, records) in plans.items() if not (records and len(records) == len(problems))]
        if len(pending) < len(ops):
            # The ops the cache answers compile nothing: plan the others' profilers without them.
            planned = planner.plan(cover, ops=pending, max_profilers=cap)
            for op in pending:
                plans[op] = (list(dict.fromkeys(p for _, p in planned[op])), cached(planned[op]))
        for op in pending:
            records = plans[op][1]
            to_time.update(((c, p), None) for c, p in planned[op] if p not in records)
        start = time.monotonic()
        outcomes = profile_problems(list(to_time), arch, budget_s=budget_s, cache=db, pool=pool,
                                    progress=progress) if to_time else []
        accepted = {r.problem for r in outcomes if r.result.ok}
        failed = [op for op in pending if not plans[op][1] and not accepted & set(plans[op][0])]
        left = None if budget_s is None else budget_s - (time.monotonic() - start)
        if failed and to_time and (left is None or left > 0):
            # Every planned candidate of these ops was rejected (a wrong result, a refused
            # launch): the rest of their shortlists, so that a rejected kernel is never chosen.
            more = {pair: None for op in failed for pair in planner.lists[op].pairs if pair not in to_time}
            if more:
                outcomes += profile_problems(list(more), arch, budget_s=left, cache=db, pool=pool, progress=progress)
                for op in failed:
                    plans[op] = (list(dict.fromkeys(p for _, p in planner.lists[op].pairs)), plans[op][1])
                to_time.update(more)
        if progress and to_time:
            profilers = len(planner.profilers(to_time))
            print(f"boltc tune: {len(pending)} of {len(ops)} kernels tuned, {len(to_time)} candidates on {profilers} "
                  f"profilers (cover {cover}) in {time.monotonic() - start:.1f} s; {len(ops) - len(pending)} "
                  "from the tuning cache", file=sys.stderr, flush=True)
    timed: dict[object, list[tuple[object, float]]] = {}
    for r in outcomes:
        if r.result.ok:
            timed.setdefault(r.problem, []).append((r.candidate, r.result.median_us))
    selections = {}
    for op, (problems, records) in plans.items():
        if records and len(records) == len(problems):
            best = min(records.values(), key=lambda r: r.measured_us)
            selections[op] = _selection_of(best.candidate, f"profile (tuning cache): {best.measured_us:.2f} us measured")
            continue
        measured = [m for p in problems for m in timed.get(p, [])]
        measured += [(r.candidate, r.measured_us) for r in records.values()]
        if not measured:
            own = heuristic(op, arch)
            selections[op] = replace(own, reason=f"{own.reason} (profile: every candidate timed was rejected "
                                                 "or none was timed within the budget)")
            continue
        measured.sort(key=lambda m: m[1])
        (best, best_us), runner_up = measured[0], measured[1:2]
        reason = f"profile: {best_us:.2f} us measured"
        if runner_up:
            reason += f"; runner-up {runner_up[0][0].describe()} at {runner_up[0][1]:.2f} us"
        selections[op] = _selection_of(best, reason)
    return selections


@contextmanager
def _opened(cache, open_default):
    """`cache` as it is, or the default cache opened (and closed) for the block."""
    if cache is not None:
        yield cache
        return
    with open_default() as db:
        yield db


def select(op: bolt.GemmOp | bolt.Conv2dOp, arch: str, strategy: str = DEFAULT_STRATEGY,
           budget_s: float | None = None, pool=None, progress: bool = False) -> Selection:
    """`op`'s kernel by `strategy` (one of STRATEGIES); `pool`, `progress`: profile's workers
    and whether it prints its progress (by_profile)."""
    if strategy == "heuristic":
        return heuristic(op, arch)
    if strategy == "model":
        return by_model(op, arch)
    if strategy == "profile":
        return by_profile(op, arch, budget_s, pool=pool, progress=progress)
    raise BoltcError(f"unknown tuning strategy {strategy!r} (choose from {', '.join(STRATEGIES)})")
