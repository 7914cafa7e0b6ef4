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
- **profile**: the tuning cache's measurement where it has one for this GPU; else a shortlist
  per op (the model's PROFILE_TOP_K fastest predictions and the heuristic's own choice), every
  op's profilers compiled in one batch and timed on the GPU of this machine (or a Dask cluster),
  the fastest correct one wins (`profile_all`). It needs a CUDA GPU.

conv_direct (grouped or depthwise convolutions the tensor cores do not take) has no
`#bolt.kernel` form: its widths follow from the problem (conv_direct.choose_config), so there
is nothing to record but the family, which the lowering derives again from the same
`choose_group_conv`. Its selection has `kernel` None and the op keeps no attribute.
"""

from __future__ import annotations

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
    return heuristic_for_family(op, own.name, arch)


def lowers(op, selection: Selection, arch: str) -> bool:
    """Whether `selection`'s family lowers `op` with its kernel."""
    try:
        with chosen(op, selection):
            families.family(selection.family).lower(op, arch)
    except (InvalidKernelConfig, UnsupportedEpilogue):
        return False
    return True


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
    return pairs


def _selection_of(candidate, reason: str) -> Selection:
    kernel = candidate.kernel_attr() if candidate.has_kernel_attr else None
    return Selection(candidate.family.value, kernel, reason)


def ranked_by_model(op, arch: str):
    """Every candidate for `op`, with tuning/model.py's predicted time, fastest first."""
    from boltc.tuning.model import Ranked, gpu_for_arch, predict

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


# Candidates per op that `profile` times: the performance model's fastest (generous: its
# top-1 is within 5 % of the best on 92.5 % of the H100 shapes held out of its fit, not all)
# and the heuristic's own. A whole space is tens per op: compiling it
# all for a ResNet-50 takes longer than timing it (issue 13: a cold cache in under 2 minutes).
PROFILE_TOP_K = 8


def shortlist(op, arch: str, top_k: int = PROFILE_TOP_K) -> list[tuple[object, object]]:
    """The (candidate, problem) pairs `profile` times for `op`: the model's `top_k` fastest
    predictions, fastest first, with the heuristic's choice second; every candidate where the
    arch has no GPU model."""
    from boltc.tuning import space
    from boltc.tuning.model import gpu_for_arch, predict

    pairs = _problems(op, arch)
    try:
        gpu = gpu_for_arch(arch)
    except ValueError:
        return pairs
    ranked = sorted(pairs, key=lambda pair: predict(pair[0], pair[1], gpu).time_us)
    chosen = ranked[:top_k]
    own = heuristic(op, arch)
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
            pair = chosen.pop(same[0]) if same else (mine, problem)
            chosen.insert(0 if same and same[0] == 0 else 1, pair)
    return chosen


def by_profile(op, arch: str, budget_s: float | None, cache=None, pool=None, progress: bool = False) -> Selection:
    """`profile_all` for one op."""
    return profile_all([op], arch, budget_s, cache=cache, pool=pool, progress=progress)[op]


def profile_all(ops, arch: str, budget_s: float | None, cache=None, pool=None, progress: bool = False,
                top_k: int = PROFILE_TOP_K) -> dict:
    """Each op's fastest measured candidate among its `shortlist`. From the tuning cache where
    it holds every problem the op's families pose on this GPU (no compile, no profile); the
    rest profiled together, once (`pool`: a ProfilePool or a tuning/cluster.py ClusterPool; by
    default one worker per local GPU), so the profilers of every op compile in one parallel
    batch and a configuration shared by several ops' shapes is built once; results go to the
    cache. `cache`: a TuningCache (default: the user's, cache.default_cache_path()).
    `budget_s`: for the whole batch. `progress`: compile progress and a line per timed job."""
    from boltc.tuning.cache import TuningCache, TuningKey
    from boltc.tuning.profile import cuda_release, local_gpu_facts, profile_problems, visible_gpus

    if pool is None and not visible_gpus():
        raise BoltcError("--tune profile times the candidates on a CUDA GPU, and this machine has none "
                         "(use --tune heuristic or --tune model here)")
    plans = {}  # op -> (its problems, the cache's records of them)
    to_time: dict[tuple[object, object], None] = {}  # ordered, each (candidate, problem) once
    with _opened(cache, TuningCache.open) as db:
        gpu = local_gpu_facts() if pool is None else None  # a cluster's GPUs key their own records
        release = cuda_release() if gpu is not None else None
        for op in ops:
            pairs = shortlist(op, arch, top_k)
            problems = list(dict.fromkeys(problem for _, problem in pairs))
            records = {}
            for problem in problems if gpu is not None else ():
                key = TuningKey.for_problem(problem, gpu=gpu.name, capability=gpu.capability, cuda=release)
                record = db.lookup(key)
                if record is not None:
                    records[problem] = record
            plans[op] = (problems, records)
            if not (records and len(records) == len(problems)):
                to_time.update(((c, p), None) for c, p in pairs if p not in records)
        outcomes = profile_problems(list(to_time), arch, budget_s=budget_s, cache=db, pool=pool,
                                    progress=progress) if to_time else []
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
            selections[op] = heuristic(op, arch)
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
