"""tuning/profile.py without a GPU: jobs and results pickle (the Dask interface), the record
format, the compile side's units (one per configuration, shared by every shape), the call's
argument binding, the fp32 reference (against the reference executor, boltc.interpret), the
check rejecting wrong, unwritten and refused results (fake launchers on CPU tensors), and the
worker pool with an in-process fake runner writing the tuning cache."""

from __future__ import annotations

import concurrent.futures
import io
import json
import pickle
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")

import boltc  # noqa: E402
from boltc.diagnostics import BoltcError  # noqa: E402
from boltc.dialects import bolt as boltc_bolt  # noqa: E402
from boltc.lowering import build  # noqa: E402
from boltc.tuning.cache import TuningCache, TuningKey  # noqa: E402
from boltc.tuning.profile import (  # noqa: E402
    GpuFacts,
    ProfileJob,
    ProfileJobResult,
    ProfilePool,
    ProfileResult,
    ProfileSettings,
    Pointers,
    ProgressLine,
    describe_epilogue,
    jobs_for,
    make_operands,
    measure,
    problem_arguments,
    profile_problems,
    profile_record,
    profiler_library_path,
    profiler_unit,
    reference_output,
)
from boltc.tuning.space import Family, problem_of, space  # noqa: E402

from conv_text import conv_text, parse_conv  # noqa: E402
from gemm_text import gemm_text, parse_gemm  # noqa: E402
from shapes import conv_op, gemm_op  # noqa: E402

ARCH = "sm_90a"
GEMM = gemm_op(1280, 768, 768)
PROBLEM = problem_of(GEMM, Family.GEMM_SM90, ARCH)
CANDIDATES = space(PROBLEM, Family.GEMM_SM90, ARCH)
CONV = conv_op(28, 28, 128, 128, 3, 3, 1, 1)
CONV_PROBLEM = problem_of(CONV, Family.CONV_SM90, ARCH)
SETTINGS = ProfileSettings(seed=7)


def small_gemm(m=64, n=48, k=40):
    """relu(A @ B + bias) on a small problem (the sm_80 family lowers any alignment)."""
    return gemm_op(m, n, k)


def test_job_and_result_pickle():
    job = ProfileJob(CANDIDATES[0], (PROBLEM, replace(PROBLEM, m=4096)), ARCH, SETTINGS)
    again = pickle.loads(pickle.dumps(job))
    assert again == job and again.candidate_text == CANDIDATES[0].kernel_attr_text()
    outcome = ProfileJobResult(job, (ProfileResult(12.5, 40, True), ProfileResult.rejected("wrong result: ...")),
                               GpuFacts("NVIDIA H100 80GB HBM3", (9, 0)))
    assert pickle.loads(pickle.dumps(outcome)) == outcome
    with pytest.raises(ValueError):
        ProfileJob(CANDIDATES[0], ())


def test_record_format():
    gemm = profile_record("NVIDIA H100", CANDIDATES[0], PROBLEM, ProfileResult(10.0, 20, True))
    assert list(gemm) == ["gpu", "family", "candidate", "tile", "cluster", "stages", "schedule", "problem",
                          "epilogue", "median_us", "ok"]
    assert gemm["problem"] == {"kind": "gemm", "m": 1280, "n": 768, "k": 768, "batch": 1}
    assert gemm["candidate"].startswith('#bolt.kernel<"gemm_sm90"') and gemm["family"] == "gemm_sm90"
    assert gemm["tile"] == list(CANDIDATES[0].tile) and isinstance(gemm["stages"], int)
    assert gemm["epilogue"] == "ReLu(plus(acc, row0:f16))"
    assert json.loads(json.dumps(gemm)) == gemm
    conv_candidate = space(CONV_PROBLEM, Family.CONV_SM90, ARCH)[0]
    conv = profile_record("NVIDIA H100", conv_candidate, CONV_PROBLEM, ProfileResult.rejected("no"))
    assert conv["problem"] == {"kind": "conv2d", "m": 32 * 28 * 28, "n": 128, "k": 128 * 9, "batch": 1,
                               "n_img": 32, "h": 28, "w": 28, "c": 128, "f": 128, "r": 3, "s": 3,
                               "stride": 1, "pad": 1}
    assert conv["median_us"] is None and conv["ok"] is False


def test_one_profiler_per_configuration():
    """Sizes are not in the TU: two shapes share a unit; another epilogue does not."""
    other = problem_of(gemm_op(4096, 4096, 4096), Family.GEMM_SM90, ARCH)
    candidate = CANDIDATES[0]
    unit, same = profiler_unit(candidate, PROBLEM, ARCH), profiler_unit(candidate, other, ARCH)
    assert unit == same and unit.device_source is not None  # gemm_sm90: a split pair
    entry = candidate.kernel(PROBLEM).entry_point
    assert f"BOLTC_EXPORT int {entry.name}(" in unit.source
    plain = problem_of(parse_gemm(gemm_text(1280, 768, 768)), Family.GEMM_SM90, ARCH)
    assert describe_epilogue(plain.epilogue) == "acc->f16"
    assert profiler_unit(candidate, plain, ARCH).name != unit.name
    toolchain = build.Toolchain(Path("/usr/bin/nvcc"), "nvcc 13.0", "4.2.0.0", ())
    path = profiler_library_path(unit, toolchain, Path("/cache"))
    assert path.parent == Path("/cache/profilers") and path.name.startswith(unit.name + "-")
    newer = replace(toolchain, nvcc_version="nvcc 13.1")
    assert profiler_library_path(unit, newer, Path("/cache")) != path  # a new compiler: a new library
    jobs = jobs_for([(candidate, PROBLEM), (candidate, other), (candidate, plain), (CANDIDATES[1], PROBLEM)], ARCH)
    assert [len(j.problems) for j in jobs] == [2, 1, 1]


def test_gemm_arguments():
    entry = CANDIDATES[0].kernel(PROBLEM).entry_point
    values = problem_arguments(entry.params, PROBLEM, Pointers(0x1000, 0x2000, 0x3000, (0x4000,)), [])
    names = [p.name for p in entry.problem_params]
    got = dict(zip(names, values))
    assert got == {"m": 1280, "n": 768, "k": 768, "batch": 1, "a": 0x1000, "lda": 768, "batch_stride_a": 0,
                   "b": 0x2000, "ldb": 768, "batch_stride_b": 0, "d": 0x3000, "ldd": 768, "batch_stride_d": 0,
                   "x0": 0x4000, "x0_batch_stride": 0}


def test_conv_arguments():
    entry = space(CONV_PROBLEM, Family.CONV_SM90, ARCH)[0].kernel(CONV_PROBLEM).entry_point
    values = problem_arguments(entry.params, CONV_PROBLEM, Pointers(1, 2, 3, (4,)), [])
    got = dict(zip([p.name for p in entry.problem_params], values))
    assert got == {"n": 32, "h": 28, "w": 28, "c": 128, "f": 128, "r": 3, "s": 3, "p": 28, "q": 28,
                   "pad_top": 1, "pad_left": 1, "pad_bottom": 1, "pad_right": 1, "stride_h": 1, "stride_w": 1,
                   "dilation_h": 1, "dilation_w": 1, "input": 1, "filter": 2, "output": 3, "ldd": 128, "x0": 4}


# -- the reference and the check, on CPU tensors ---------------------------------------------


def _interpret(op, ops):
    """The reference executor on the op's own function, with the profile operands."""
    module = op.parent_op()
    while module.parent_op() is not None:
        module = module.parent_op()
    function = next(o for o in module.walk() if o.name == "func.func")
    shapes = [tuple(t.get_shape()) for t in function.function_type.inputs.data]
    args = [t.numpy().reshape(shape) for t, shape in zip((ops.a, ops.b, *ops.leaves), shapes)]
    return np.asarray(boltc.interpret(module, *args)[0], dtype=np.float64)


@pytest.mark.parametrize("m,n,k", [(64, 48, 40), (96, 64, 72)])
def test_gemm_reference_matches_interpreter(m, n, k):
    op = small_gemm(m, n, k)
    problem = problem_of(op, Family.GEMM_SM80, "sm_80")
    ops = make_operands(torch, problem, "cpu", seed=3)
    got = reference_output(torch, problem, ops).numpy().reshape(1, m, n)
    np.testing.assert_allclose(got, _interpret(op, ops).reshape(1, m, n), rtol=1e-5, atol=1e-5)
    assert bool(torch.isnan(ops.d).all())  # poisoned


def test_conv_reference_matches_interpreter():
    op = parse_conv(conv_text(2, 9, 7, 16, 24, 3, 3, stride=(2, 1), padding=(1, 0, 1, 2),
                              epilogue="bias_residual_relu"))
    problem = problem_of(op, Family.CONV_SM80, "sm_80")
    ops = make_operands(torch, problem, "cpu", seed=5)
    got = reference_output(torch, problem, ops).numpy()
    g = problem.geometry
    expected = _interpret(op, ops).reshape(1, g.n * g.p * g.q, g.f)
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)


def _true_output(problem, ops):
    """relu(A @ B + bias), written independently of reference_output."""
    value = torch.relu(ops.a[0].float() @ ops.b[0].float() + ops.leaves[0].float())
    return value.to(ops.d.dtype)


def _fake_timer(times):
    def timer(launch, flush, settings):
        statuses = []
        for _ in times:
            flush()
            statuses.append(launch())
        return list(times), statuses
    return timer


def _measure(kernel, times=(5.0, 3.0, 4.0), can_implement=0):
    problem = problem_of(small_gemm(), Family.GEMM_SM80, "sm_80")
    flushes = []

    def make(ops):
        if can_implement:
            return f"can_implement refused the problem: status {can_implement}"
        calls = []

        def launch():
            calls.append(1)
            return kernel(problem, ops, len(calls))
        return launch

    result = measure(torch, problem, make, _fake_timer(times), lambda: flushes.append(1), SETTINGS, "cpu")
    return result, flushes


def test_check_accepts_a_correct_kernel():
    def correct(problem, ops, call):
        ops.d[0].copy_(_true_output(problem, ops))
        return 0

    result, flushes = _measure(correct)
    assert result == ProfileResult(4.0, 3, True) and len(flushes) == 3


@pytest.mark.parametrize("how,reason", [
    ("no_bias", "wrong result"),  # a kernel that drops the epilogue's bias
    ("one_element", "wrong result"),  # one output element off by 1 %
    ("unwritten", "unwritten"),  # writes nothing: the NaN poison stays
    ("half_written", "unwritten"),  # writes half the rows
    ("status", "status 7 (ERROR_INTERNAL)"),  # reports a failed launch
    ("wrong_later", "after the timed launches"),  # right once, wrong under repetition
])
def test_check_rejects_a_wrong_kernel(how, reason):
    def wrong(problem, ops, call):
        right = _true_output(problem, ops)
        if how == "no_bias":
            ops.d[0].copy_(torch.relu(ops.a[0].float() @ ops.b[0].float()).to(ops.d.dtype))
        elif how == "one_element":
            right[5, 7] = right[5, 7] * 1.01 + 0.01
            ops.d[0].copy_(right)
        elif how == "half_written":
            ops.d[0, : right.shape[0] // 2].copy_(right[: right.shape[0] // 2])
        elif how == "wrong_later":
            ops.d[0].copy_(right if call == 1 else right * 1.5)
        elif how == "status":
            return 7
        return 0

    result, _ = _measure(wrong)
    assert not result.ok and result.median_us is None and reason in result.error, result.error


def test_refused_problem_is_rejected():
    result, flushes = _measure(lambda *_: 0, can_implement=11)
    assert not result.ok and "can_implement" in result.error and not flushes


# -- the pool, with an in-process fake runner -------------------------------------------------

GPU = GpuFacts("NVIDIA H100 80GB HBM3", (9, 0))


def fake_runner(job, cache_dir=None):
    """Time = the tile's area in thousands; 64-row tiles are 'wrong' (rejected)."""
    results = []
    for problem in job.problems:
        tile = job.candidate.tile
        if tile[0] == 64:
            results.append(ProfileResult.rejected("wrong result: simulated"))
        else:
            results.append(ProfileResult(tile[0] * tile[1] / 1000 + problem.k / 1e6, 10, True))
    return ProfileJobResult(job, tuple(results), GPU)


def _thread_executor(gpu):
    return concurrent.futures.ThreadPoolExecutor(max_workers=1)


def test_pool_ranks_and_writes_the_cache(tmp_path: Path, monkeypatch):
    other = replace(PROBLEM, m=2560)
    pairs = [(c, p) for p in (PROBLEM, other) for c in CANDIDATES]
    assert any(c.tile[0] == 64 for c in CANDIDATES) and any(c.tile[0] != 64 for c in CANDIDATES)
    arrived, stream = [], io.StringIO()
    pool = ProfilePool(["0", "1"], runner=fake_runner, executor_factory=_thread_executor)
    with TuningCache(tmp_path / "tuning.db") as cache:
        monkeypatch.setattr("boltc.tuning.profile.ProgressLine", lambda total: ProgressLine(total, stream))
        ranked = profile_problems(pairs, ARCH, cache=cache, pool=pool, compile=False, cuda="13.0",
                                  on_result=arrived.append)
        jobs = jobs_for(pairs, ARCH)
        assert len(arrived) == len(jobs) == len(CANDIDATES)  # one job per configuration, both shapes
        lines = stream.getvalue().splitlines()
        assert len(lines) == len(jobs) and lines[-1].startswith(f"boltc tune: [{len(jobs)}/{len(jobs)}]")
        ok = [r for r in ranked if r.result.ok]
        assert ok and all(r.candidate.tile[0] != 64 for r in ok)
        assert [r.result.median_us for r in ok] == sorted(r.result.median_us for r in ok)
        assert all(not r.result.ok for r in ranked[len(ok):])
        assert len(cache) == 2
        for problem in (PROBLEM, other):
            key = TuningKey.for_problem(problem, gpu=GPU.name, capability=GPU.capability, cuda="13.0")
            stored = cache.lookup(key)
            fastest = min((r for r in ok if r.problem == problem), key=lambda r: r.result.median_us)
            assert stored.candidate == fastest.candidate and stored.measured_us == fastest.result.median_us
            assert len(stored.runners_up) == min(4, sum(r.problem == problem for r in ok) - 1)


def test_pool_budget_stops_new_jobs():
    jobs = jobs_for([(c, PROBLEM) for c in CANDIDATES], ARCH)
    pool = ProfilePool(["0"], runner=fake_runner, executor_factory=_thread_executor)
    arrived = []
    assert pool.run(jobs, arrived.append, deadline=0.0) == len(jobs) and not arrived


def test_profilers_are_timed_while_the_others_compile(tmp_path: Path, monkeypatch):
    """profile_problems compiles in a thread and the pool starts each job as soon as its
    profiler is linked: the first job is timed before the last profiler is built (a cold
    ResNet-50 tuning timed for ~30 s after ~100 s of compiling)."""
    import threading

    pairs = [(c, PROBLEM) for c in CANDIDATES]
    events: list[str] = []
    gate = threading.Event()

    def streaming_build(units, *, on_ready=None, **kwargs):
        for i in range(len(units)):
            if i == len(units) - 1:
                assert gate.wait(10), "no job was timed while the last profiler compiled"
            events.append(f"built {i}")
            on_ready(i)
        return []

    def runner(job, cache_dir=None):
        events.append("timed")
        gate.set()
        return fake_runner(job, cache_dir)

    monkeypatch.setattr("boltc.tuning.profile.build_profilers", streaming_build)
    monkeypatch.setattr("boltc.tuning.profile.profiler_unit", lambda c, p, arch: c)
    pool = ProfilePool(["0"], runner=runner, executor_factory=_thread_executor)
    ranked = profile_problems(pairs, ARCH, pool=pool, cuda="13.0", progress=False)
    assert len(ranked) == len(CANDIDATES)
    assert events.index("timed") < events.index(f"built {len(CANDIDATES) - 1}")


def test_a_failed_profiler_build_stops_the_round_and_is_raised(monkeypatch):
    """A compile failure: the jobs whose profilers were built are timed, the rest dropped, and
    the build's error reaches the caller (never a silently empty ranking)."""
    pairs = [(c, PROBLEM) for c in CANDIDATES]
    timed = []

    def failing_build(units, *, on_ready=None, **kwargs):
        on_ready(0)
        raise BoltcError("nvcc failed: simulated")

    def runner(job, cache_dir=None):
        timed.append(job)
        return fake_runner(job, cache_dir)

    monkeypatch.setattr("boltc.tuning.profile.build_profilers", failing_build)
    monkeypatch.setattr("boltc.tuning.profile.profiler_unit", lambda c, p, arch: c)
    pool = ProfilePool(["0"], runner=runner, executor_factory=_thread_executor)
    with pytest.raises(BoltcError, match="simulated"):
        profile_problems(pairs, ARCH, pool=pool, cuda="13.0", progress=False)
    assert len(timed) <= 1


def test_pool_replaces_a_lost_worker():
    made = []

    def factory(gpu):
        made.append(gpu)
        return concurrent.futures.ThreadPoolExecutor(max_workers=1)

    def runner(job, cache_dir=None):
        fatal = job.candidate == CANDIDATES[0]
        return ProfileJobResult(job, (ProfileResult.rejected("CUDA error: an illegal memory access")
                                      if fatal else ProfileResult(1.0, 1, True),), GPU, fatal=fatal)

    jobs = jobs_for([(c, PROBLEM) for c in CANDIDATES[:3]], ARCH)
    arrived = []
    assert ProfilePool(["7"], runner=runner, executor_factory=factory).run(jobs, arrived.append) == 0
    assert made == ["7", "7"] and len(arrived) == 3 and sum(o.results[0].ok for o in arrived) == 2


class _RecordingExecutor(concurrent.futures.ThreadPoolExecutor):
    """A one-thread executor that records what was submitted to it, in order."""

    def __init__(self, log: list):
        super().__init__(max_workers=1)
        self.log = log

    def submit(self, fn, /, *args, **kwargs):
        self.log.append(fn)
        return super().submit(fn, *args, **kwargs)


def test_the_real_runner_s_workers_are_warmed_up_before_the_first_job(monkeypatch):
    """With run_job, each worker is first handed warm_up (torch and the CUDA context, under the
    compiles), once, before any job; a stand-in runner's are not (it needs no GPU)."""
    import boltc.tuning.profile as profile

    calls = []
    monkeypatch.setattr(profile, "warm_up", lambda: calls.append("warm"))
    logs: dict[str, list] = {}

    def factory(gpu):
        return _RecordingExecutor(logs.setdefault(gpu, []))

    jobs = jobs_for([(c, PROBLEM) for c in CANDIDATES[:3]], ARCH)
    arrived = []
    assert ProfilePool(["0", "1"], runner=fake_runner, executor_factory=factory).run(jobs, arrived.append) == 0
    assert len(arrived) == 3 and not calls and all(profile.warm_up not in log for log in logs.values())

    logs.clear()
    arrived.clear()
    monkeypatch.setattr(profile, "run_job", fake_runner)  # the pool's runner is now "the real one"
    pool = ProfilePool(["0", "1"], runner=fake_runner, executor_factory=factory)
    assert pool.run(jobs, arrived.append) == 0 and len(arrived) == 3
    assert sorted(logs) == ["0", "1"] and calls == ["warm", "warm"]
    for log in logs.values():
        assert log[0] is profile.warm_up and log.count(profile.warm_up) == 1


def test_warm_up_swallows_a_missing_gpu():
    from boltc.tuning.profile import warm_up

    warm_up()  # no CUDA here (or a GPU): either way it returns; the first job reports failures


def test_pool_needs_a_gpu():
    with pytest.raises(BoltcError, match="needs a CUDA GPU"):
        ProfilePool([], runner=fake_runner)


def test_every_functor_has_a_reference():
    """Each EVT functor the emitters know has a torch form (Clamp through its arguments), so no
    candidate is rejected for want of a reference."""
    from boltc.dialects.bolt import ComparePredicate
    from boltc.lowering.cutlass import evt
    from boltc.tuning.profile import _functor_table

    table = _functor_table(torch)
    functors = [*evt.UNARY_FUNCTORS.values(), *evt.BINARY_FUNCTORS.values(), *evt.GELU_FUNCTORS.values(),
                *evt.SIXTEEN_BIT_RESULT_FORMS.values(), *(evt.select_functor(p) for p in ComparePredicate)]
    missing = [f.cpp for f in functors if f not in table and not f.has_arguments]
    assert not missing
    x = torch.tensor([-2.0, -0.5, 0.0, 0.5, 2.0])
    assert torch.equal(table[evt.UNARY_FUNCTORS[boltc_bolt.ReluOp]](x), torch.relu(x))
    nan = torch.tensor([float("nan"), 1.0])
    assert torch.isnan(table[evt.BINARY_FUNCTORS[boltc_bolt.MaxOp]](nan, torch.zeros(2)))[0]
