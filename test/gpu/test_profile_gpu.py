"""tuning/profile.py on the GPU: real profiler libraries timed, checked against torch in fp32.

    python -m pytest -m gpu test/gpu/test_profile_gpu.py -q

- Three candidates of one paper GEMM (relu(A @ B + bias), 1280x768x768) profiled in this
  process: each accepted, its median positive and plausible, and a second run within 10 %.
- The same through the worker pool (one spawned process per visible GPU, CUDA_VISIBLE_DEVICES
  pinned), writing the tuning cache.
- Lying kernels rejected: the real kernel launched on a K it was not given (a wrong result), or
  writing somewhere other than the checked output (the NaN poison stays).
- One ResNet-50 3x3 convolution candidate (the conv reference: NHWC, KRSC, padding).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gpu_helpers import has_torch_cuda

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not has_torch_cuda(), reason="needs torch with CUDA")]

ARCH = "sm_90a"


def _gemm_problem(m=1280, n=768, k=768):
    import sys

    from boltc.tuning.space import Family, problem_of

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python" / "lowering"))
    from gemm_text import gemm_text, parse_gemm, tensor

    vec = tensor([n], "f32")
    op = parse_gemm(gemm_text(m, n, k, extras=[([n], "f16")], result="%r", body=[
        f"%bias = bolt.ew.cast %x0 : {{x0}} -> {vec}",
        f"%s = bolt.ew.add %acc, %bias : {{acc}}, {vec} -> {{acc}}",
        "%r = bolt.ew.relu %s : {acc} -> {acc}",
    ]))
    return problem_of(op, Family.GEMM_SM90, ARCH)


@pytest.fixture(scope="module")
def three():
    """Three gemm_sm90 candidates (a cooperative, a pingpong, a stream-K one where the space has
    them), their profilers built in parallel."""
    from boltc.tuning.profile import build_profilers, profiler_unit
    from boltc.tuning.space import Family, space

    problem = _gemm_problem()
    found = space(problem, Family.GEMM_SM90, ARCH)
    picks = []
    for schedule in ("cooperative", "pingpong", "cooperative_streamk"):
        picks += [c for c in found if c.schedule == schedule][:1]
    picks += [c for c in found if c not in picks][: 3 - len(picks)]
    assert len(picks) == 3
    build_profilers([profiler_unit(c, problem, ARCH) for c in picks])
    return problem, picks


def test_three_candidates_timed_and_repeatable(three):
    from boltc.tuning.profile import ProfileJob, run_job

    problem, picks = three
    for candidate in picks:
        first = run_job(ProfileJob(candidate, (problem,), ARCH))
        second = run_job(ProfileJob(candidate, (problem,), ARCH))
        [a], [b] = first.results, second.results
        assert a.ok and b.ok, (candidate.describe(), a.error, b.error)
        # 1280x768x768 is 1.5 GFLOP: ~2 us at the H100's peak; no sane kernel takes 5 ms.
        assert 1.0 < a.median_us < 5000.0 and a.runs >= 10
        assert abs(a.median_us - b.median_us) <= 0.10 * min(a.median_us, b.median_us), (a, b)
        assert first.gpu is not None and first.gpu.capability >= (9, 0)


def test_pool_profiles_and_writes_the_cache(three, tmp_path: Path):
    from boltc.tuning.cache import TuningCache, TuningKey
    from boltc.tuning.profile import ProfilePool, profile_problems

    problem, picks = three
    with TuningCache(tmp_path / "tuning.db") as cache:
        ranked = profile_problems([(c, problem) for c in picks], ARCH, cache=cache, pool=ProfilePool())
        assert len(ranked) == 3 and all(r.result.ok for r in ranked)
        assert [r.result.median_us for r in ranked] == sorted(r.result.median_us for r in ranked)
        gpu = ranked[0].gpu
        from boltc.tuning.profile import cuda_release

        stored = cache.lookup(TuningKey.for_problem(problem, gpu=gpu.name, capability=gpu.capability,
                                                    cuda=cuda_release()))
        assert stored is not None and stored.candidate == ranked[0].candidate
        assert len(stored.runners_up) == 2


def _measure_with(problem, candidate, wrap):
    """`measure` on the real profiler, its launches made by `wrap(real_factory)`."""
    import torch

    from boltc.tuning.profile import (
        ProfileSettings, ctypes_launch_factory, cuda_timer, l2_flush, load_library, measure, profiler_library,
    )

    torch.backends.cuda.matmul.allow_tf32 = False
    entry = candidate.kernel(problem).entry_point
    library = load_library(profiler_library(candidate, problem, ARCH), entry)

    def factory(launch_problem):
        return ctypes_launch_factory(torch, library, entry, launch_problem)

    return measure(torch, problem, wrap(factory), cuda_timer(torch), l2_flush(torch), ProfileSettings(), "cuda",
                   torch.cuda.synchronize)


def test_a_kernel_given_another_k_is_rejected(three):
    problem, picks = three
    smaller = replace(problem, k=problem.k - 64)  # lda/ldb and K as for a smaller problem
    result = _measure_with(problem, picks[0], lambda factory: factory(smaller))
    assert not result.ok and "wrong result" in result.error, result


def test_a_kernel_writing_elsewhere_is_rejected(three):
    import torch

    problem, picks = three

    def wrap(factory):
        def make(ops):
            scratch = torch.empty_like(ops.d)
            launch = factory(problem)(replace(ops, d=scratch))  # writes scratch; ops.d stays poisoned
            assert not isinstance(launch, str), launch

            def kept_alive():
                _ = scratch
                return launch()
            return kept_alive
        return make

    result = _measure_with(problem, picks[0], wrap)
    assert not result.ok and "unwritten" in result.error, result


def test_a_resnet_convolution_candidate():
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python" / "lowering"))
    from conv_text import conv_text, parse_conv

    from boltc.tuning.profile import ProfileJob, run_job
    from boltc.tuning.space import Family, problem_of, space

    op = parse_conv(conv_text(32, 28, 28, 128, 128, 3, 3, stride=(1, 1), padding=(1, 1, 1, 1)))
    problem = problem_of(op, Family.CONV_SM90, ARCH)
    candidate = space(problem, Family.CONV_SM90, ARCH)[0]
    [result] = run_job(ProfileJob(candidate, (problem,), ARCH)).results
    assert result.ok and 1.0 < result.median_us < 10000.0, result
