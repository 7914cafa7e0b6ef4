"""`boltc tune report` (tuning/report.py) without a GPU: every anchor once, its candidates ranked
by the performance model (marked uncalibrated where it is not fitted), the chosen kernel marked,
measured times from a temporary tuning cache, the JSON schema, bad input; and each flag of its
--help held to its word."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from boltc.compiler import load_for_compile, optimize
from boltc.dialects import bolt
from boltc.tuning.cache import TuningCache, TuningKey, TuningRecord
from boltc.tuning.model import load_gpu
from boltc.tuning.profile import candidate_pairs
from boltc.tuning.report import tune_report, text

REPO = Path(__file__).resolve().parents[3]
DATA = REPO / "test" / "data"
GEMMS = DATA / "mlp_gelu.mlir"  # three GEMMs (the first two fuse into a bolt.b2b by default: UNFUSED)
CONVS = DATA / "resnext_block.mlir"  # two GEMMs and a grouped convolution (conv_direct)
CNN = DATA / "small_cnn.mlir"  # two convolutions and a GEMM
H100 = "NVIDIA H100 80GB HBM3"
UNFUSED = dict(fuse_b2b=False)  # the tests of tuning proper list every GEMM as its own kernel
NO_GPU = {"CUDA_VISIBLE_DEVICES": ""}  # profile.visible_gpus: none, whatever this machine has


@pytest.fixture(autouse=True)
def no_gpu_and_no_user_cache(monkeypatch, tmp_path):
    for name, value in NO_GPU.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("BOLTC_TUNE_CACHE", str(tmp_path / "absent.db"))


def boltc(*args: str | Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "boltc.cli", *map(str, args)], capture_output=True, text=True,
                          cwd=REPO, timeout=120, env={**os.environ, **NO_GPU, **(env or {})})


def anchors(model: Path, arch: str = "sm_90a", tune: str = "heuristic", fuse_b2b: bool | None = None):
    from boltc.tuning.select import Tuning

    module, where = load_for_compile(str(model))
    optimize(module, arch, "f16", where=where, tuning=Tuning(tune), fuse_b2b=fuse_b2b)
    return [op for op in module.walk() if isinstance(op, (bolt.GemmOp, bolt.Conv2dOp))]


# -- what the report lists ---------------------------------------------------------------------


@pytest.mark.parametrize("model", [GEMMS, CONVS, CNN])
def test_every_anchor_is_listed_once_with_the_builds_kernel(model: Path):
    from boltc.tuning.select import Selection

    ops = anchors(model, **UNFUSED)
    report = tune_report(str(model), "sm_90a", "f16", top=3, **UNFUSED)
    assert len(report.anchors) == len(ops)
    for op, row in zip(ops, report.anchors):
        assert row.op == op.name
        expected = Selection("", op.kernel, "").kernel_text() if op.kernel is not None else None
        assert row.kernel == expected
        assert row.reason == op.attributes["bolt.kernel_reason"].data
        assert row.space_size == len(candidate_pairs(op, "sm_90a"))
        assert sum(r.chosen for r in row.rows) == 1, row  # the chosen kernel, marked once
    assert text(report).count("\n   chosen  ") == len(ops)


@pytest.mark.parametrize("top", [1, 3, 20])
def test_runners_up_are_the_top_n_by_predicted_time(top: int):
    from boltc.tuning.model import gpu_for_arch, predict

    gpu = gpu_for_arch("sm_90a")
    report = tune_report(str(CONVS), "sm_90a", "f16", top=top)
    for op, row in zip(anchors(CONVS), report.anchors):
        every = sorted(predict(c, p, gpu).time_us for c, p in candidate_pairs(op, "sm_90a"))
        ranked = [r for r in row.rows if r.in_space]
        in_top = [r for r in ranked if r.rank <= top]
        assert [r.rank for r in in_top] == list(range(1, min(top, len(every)) + 1))
        assert [r.predicted_us for r in in_top] == pytest.approx(every[:top])
        assert len(ranked) - len(in_top) == sum(r.chosen for r in ranked if r.rank > top)  # the chosen, if below


def test_tune_model_chooses_the_first_ranked_and_says_uncalibrated(monkeypatch):
    from boltc.tuning import model

    unfitted = replace(model.load_gpu("h100_sxm"), fit=None)  # the shipped one is fitted
    monkeypatch.setattr(model, "gpu_for_arch", lambda arch: unfitted)
    report = tune_report(str(CONVS), "sm_90a", "f16", strategy="model", top=2)
    assert not report.calibrated and report.gpu_model == "h100_sxm"
    for row in report.anchors:
        chosen = next(r for r in row.rows if r.chosen)
        assert chosen.rank == 1 and chosen.in_space
    shown = text(report)
    assert "UNCALIBRATED" in shown and "predicted us (uncalibrated)" in shown


def test_a_fitted_gpu_model_is_not_called_uncalibrated(monkeypatch):
    from boltc.tuning import model

    fitted = replace(model.load_gpu("h100_sxm"), fit={"points": 1})
    monkeypatch.setattr(model, "gpu_for_arch", lambda arch: fitted)
    report = tune_report(str(GEMMS), "sm_90a", "f16")
    assert report.calibrated and "uncalibrated" not in text(report).lower()


def test_sm80_predictions_are_marked_uncalibrated():
    """sm_80's GPU model (a100_sxm.json) is scaled from the H100's fit by the datasheets, never
    fitted: the report ranks by it and says the numbers are estimates."""
    report = tune_report(str(GEMMS), "sm_80", "f16")
    assert report.gpu_model == "a100_sxm" and not report.calibrated and "UNCALIBRATED" in report.predicted_note
    assert all(r.predicted_us is not None and r.predicted_us > 0 for a in report.anchors for r in a.rows)
    assert report.cache_gpu == "NVIDIA A100-SXM4-80GB"  # the GPU sm_80 is tuned for


def test_a_target_without_a_gpu_model_has_no_predictions_and_says_so(monkeypatch):
    from boltc.tuning import model

    monkeypatch.setattr(model, "GPU_FOR_ARCH", {"sm_90a": "h100_sxm"})
    report = tune_report(str(GEMMS), "sm_80", "f16")
    assert report.gpu_model is None and "no GPU for sm_80" in report.predicted_note
    assert all(r.predicted_us is None and r.rank is None for a in report.anchors for r in a.rows)


# -- measured times from the tuning cache ---------------------------------------------------------


def fill_cache(path: Path, model: Path, gpu: str = H100, cuda: str = "13.0", base: float = 10.0,
               timestamp: float = 1.0) -> dict:
    """Per problem of `model`'s anchors, an entry whose best is the space's last candidate and
    whose runner-up its first. Returns {(candidate, problem): measured time}."""
    times = {}
    with TuningCache(path) as cache:
        for i, op in enumerate(anchors(model, **UNFUSED)):
            pairs = candidate_pairs(op, "sm_90a")
            problem = pairs[0][1]
            mine = [c for c, p in pairs if p == problem]
            best, runner = mine[-1], mine[0]
            key = TuningKey.for_problem(problem, gpu=gpu, capability=(9, 0), cuda=cuda)
            record = TuningRecord(best, measured_us=base + i, timestamp=timestamp,
                                  runners_up=((runner, base + i + 0.5),) if runner != best else ())
            cache.store(key, record)
            times[(best, problem)] = base + i
            if runner != best:
                times[(runner, problem)] = base + i + 0.5
    return times


def measured_rows(report) -> dict[tuple[int, str], float]:
    return {(i, r.candidate): r.measured_us for i, a in enumerate(report.anchors) for r in a.rows
            if r.measured_us is not None}


def test_cached_times_are_shown_for_the_cache_gpu_only(tmp_path: Path):
    db = tmp_path / "tuning.db"
    times = fill_cache(db, GEMMS)
    fill_cache(db, GEMMS, gpu="NVIDIA A100-SXM4-80GB", base=99.0)  # another GPU's: never shown
    report = tune_report(str(GEMMS), "sm_90a", "f16", cache_path=db, top=20, **UNFUSED)
    assert report.cache_gpu == H100 and "the GPU sm_90a is tuned for" in report.measured_note
    shown = sorted(measured_rows(report).values())
    assert shown == sorted(times.values())
    assert all(a.cache_note.startswith("1 of 1 problem(s) measured (CUDA 13.0)") for a in report.anchors)
    assert "99." not in text(report)
    other = tune_report(str(GEMMS), "sm_90a", "f16", cache_path=db, gpu_name="NVIDIA A100-SXM4-80GB", top=20,
                        **UNFUSED)
    assert min(measured_rows(other).values()) >= 99.0


def test_the_newest_entry_answers_when_cuda_releases_differ(tmp_path: Path):
    db = tmp_path / "tuning.db"
    fill_cache(db, GEMMS, cuda="12.8", base=50.0, timestamp=1.0)
    newer = fill_cache(db, GEMMS, cuda="13.0", base=20.0, timestamp=2.0)
    report = tune_report(str(GEMMS), "sm_90a", "f16", cache_path=db, top=20, **UNFUSED)
    assert sorted(measured_rows(report).values()) == sorted(newer.values())


def test_an_entry_of_other_kernel_code_is_not_shown(tmp_path: Path):
    db = tmp_path / "tuning.db"
    with TuningCache(db) as cache:
        op = anchors(GEMMS, **UNFUSED)[0]
        candidate, problem = candidate_pairs(op, "sm_90a")[0]
        key = TuningKey.for_problem(problem, gpu=H100, capability=(9, 0), cuda="13.0", kernels="0" * 16)
        cache.store(key, TuningRecord(candidate, measured_us=3.0))
    report = tune_report(str(GEMMS), "sm_90a", "f16", cache_path=db, **UNFUSED)
    assert measured_rows(report) == {} and "no entry" in report.anchors[0].cache_note


# -- the command line -----------------------------------------------------------------------------

JSON_KEYS = {"model", "arch", "precision", "tune", "top", "predicted", "measured", "ops"}
OP_KEYS = {"op", "location", "shape", "problem", "family", "kernel", "reason", "space_size", "cache_note",
           "candidates"}
ROW_KEYS = {"rank", "candidate", "family", "kernel", "predicted_us", "measured_us", "chosen", "in_space"}


def test_json_is_the_report_as_data(tmp_path: Path):
    db = tmp_path / "tuning.db"
    times = fill_cache(db, CONVS)
    result = boltc("tune", "report", CONVS, "--json", "--cache", db, "--top", "20")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == JSON_KEYS
    fitted = load_gpu("h100_sxm").fit is not None  # the shipped GPU model (bench/calibrate.py)
    assert data["predicted"] == {"gpu_model": "h100_sxm", "calibrated": fitted, "note": data["predicted"]["note"]}
    assert ("UNCALIBRATED" in data["predicted"]["note"]) != fitted
    assert data["measured"]["gpu"] == H100 and data["measured"]["cache"] == str(db)
    assert len(data["ops"]) == len(anchors(CONVS))
    for op in data["ops"]:
        assert set(op) == OP_KEYS and op["candidates"]
        for row in op["candidates"]:
            assert set(row) == ROW_KEYS
        assert sum(row["chosen"] for row in op["candidates"]) == 1
        predicted = [row["predicted_us"] for row in op["candidates"] if row["in_space"]]
        assert predicted == sorted(predicted)
    measured = sorted(r["measured_us"] for op in data["ops"] for r in op["candidates"] if r["measured_us"] is not None)
    assert measured == sorted(times.values())


def test_text_names_the_gpus_and_marks_the_choice(tmp_path: Path):
    result = boltc("tune", "report", GEMMS, "--gpu", "NVIDIA H200", "--top", "1", "--tune", "model", "--no-fuse-b2b")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith(f"{GEMMS}: 3 GEMM/convolution ops for sm_90a, precision f16, --tune model")
    assert "GPU 'NVIDIA H200' (as --gpu names)" in out and "no tuning cache at" in out
    assert out.count("\n   *  1  gemm_sm") == 3  # --tune model's choice is the first predicted


def test_a_fused_pair_is_listed_as_bolt_b2b_stages_unless_no_fuse_b2b():
    """mlp_gelu's 37 -> 64 (GELU) -> 24 pair fuses on sm_90a by default: its two GEMMs are the
    stages of one bolt.b2b, whose plan fuse-b2b made (no candidates, no search), each listed with
    the b2b kernel the build lowers it to and fuse-b2b's reason (the model's times fused and
    apart); the third GEMM is tuned as ever. --no-fuse-b2b lists all three as kernels of their
    own."""
    fused = json.loads(boltc("tune", "report", GEMMS, "--json").stdout)["ops"]
    unfused = json.loads(boltc("tune", "report", GEMMS, "--json", "--no-fuse-b2b").stdout)["ops"]
    assert len(fused) == len(unfused) == 3
    stages = [op for op in fused if "a stage of bolt.b2b" in op["reason"]]
    assert len(stages) == 2 and all(op["candidates"] == [] and op["cache_note"] == "not searched" for op in stages)
    for op in stages:
        assert op["family"] == "b2b_gemm_sm90" and op["kernel"].startswith("b2b_gemm_sm90 resident f16")
        assert "gelu_erf(acc + bias) / gelu_tanh(acc + bias)" in op["kernel"]
        assert "the performance model (h100_sxm) predicts" in op["reason"] and "us fused on b2b_gemm_sm90" in op["reason"]
    assert all(op["candidates"] and op["family"] == "gemm_sm90" for op in unfused)


STEM_AND_POOL = """\
func.func @main(%x: tensor<2x32x32x8xf16>, %b: tensor<1x1x1x64xf16>) -> tensor<2x8x8x64xf16> {
  %w = bolt.constant dense<5.000000e-01> : tensor<64x7x7x8xf16>
  %y = bolt.conv2d nhwc %x, %w extras(%b : tensor<1x1x1x64xf16>) strides [2, 2] padding [3, 3, 3, 3] dilations [1, 1] groups 1 : tensor<2x32x32x8xf16>, tensor<64x7x7x8xf16> -> tensor<2x16x16x64xf16> {
  ^bb0(%acc: tensor<2x16x16x64xf32>, %bias: tensor<1x1x1x64xf16>):
    %bf = bolt.ew.cast %bias : tensor<1x1x1x64xf16> -> tensor<1x1x1x64xf32>
    %s = bolt.ew.add %acc, %bf : tensor<2x16x16x64xf32>, tensor<1x1x1x64xf32> -> tensor<2x16x16x64xf32>
    %r = bolt.ew.relu %s : tensor<2x16x16x64xf32> -> tensor<2x16x16x64xf32>
    bolt.yield %r : tensor<2x16x16x64xf32>
  }
  %z = bolt.pool2d max nhwc %y window [3, 3] strides [2, 2] padding [1, 1, 1, 1] : tensor<2x16x16x64xf16> -> tensor<2x8x8x64xf16>
  func.return %z : tensor<2x8x8x64xf16>
}
"""


def test_a_convolution_fused_with_its_pool_is_listed_as_a_bolt_conv_pool_stage(tmp_path: Path):
    """fuse-conv-pool puts the stem's convolution into a bolt.conv_pool: the report lists it with
    the conv_pool kernel the build lowers it to and the pass's reason, not as a tuned convolution."""
    model = tmp_path / "stem.mlir"
    model.write_text(STEM_AND_POOL)
    result = boltc("tune", "report", model, "--json")
    assert result.returncode == 0, result.stderr
    (op,) = json.loads(result.stdout)["ops"]
    assert op["op"] == "bolt.conv2d" and op["candidates"] == [] and op["cache_note"] == "not searched"
    assert op["family"] == "conv_pool" and op["kernel"].startswith("conv_pool f16->f16 7x7/2x2 C=8 F=64")
    assert "a stage of bolt.conv_pool: the fused kernel's plan (fuse-conv-pool) decides its tiles" in op["reason"]
    assert "output (0.1 MiB) stays on chip" in op["reason"]


def test_precision_and_arch_reach_the_build():
    result = boltc("tune", "report", GEMMS, "--precision", "bf16", "--arch", "sm_80", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["precision"] == "bf16" and data["arch"] == "sm_80"
    assert all(op["family"] == "gemm_sm80" and "bf16" in op["shape"] for op in data["ops"])


def test_tune_profile_reads_and_writes_the_named_cache(tmp_path: Path, monkeypatch, capsys):
    """--tune profile with a faked local GPU (the pool times a candidate as its tile's area): the
    build's choices are the fastest measured, written to --cache, and the report shows them."""
    import concurrent.futures

    from boltc import cli
    from boltc.tuning import profile
    from boltc.tuning.profile import GpuFacts, ProfileJobResult, ProfilePool, ProfileResult

    gpu = GpuFacts(H100, (9, 0))

    def runner(job, cache_dir=None):
        m, n, _ = job.candidate.tile
        return ProfileJobResult(job, tuple(ProfileResult(m * n / 1000, 10, True) for _ in job.problems), gpu)

    monkeypatch.setattr(profile, "visible_gpus", lambda: ["0"])
    monkeypatch.setattr(profile, "local_gpu_facts", lambda: gpu)
    monkeypatch.setattr(profile, "build_profilers", lambda *a, **k: None)
    monkeypatch.setattr(profile, "cuda_release", lambda: "13.0")
    monkeypatch.setattr(profile, "ProfilePool", lambda: ProfilePool(
        ["0"], runner=runner, executor_factory=lambda g: concurrent.futures.ThreadPoolExecutor(max_workers=1)))
    db = tmp_path / "tuning.db"
    TuningCache(db).close()
    status = cli.main(["tune", "report", str(GEMMS), "--tune", "profile", "--cache", str(db), "--json",
                       "--no-fuse-b2b"])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert "boltc tune: [1/" in captured.err  # profiling's progress, on stderr
    data = json.loads(captured.out)
    with TuningCache(db) as cache:
        assert len(cache) == 3
    for op in data["ops"]:
        assert op["reason"].startswith("profile: ")
        chosen = next(r for r in op["candidates"] if r["chosen"])
        measured = [r["measured_us"] for r in op["candidates"] if r["measured_us"] is not None]
        assert chosen["measured_us"] == min(measured)
    assert os.environ["BOLTC_TUNE_CACHE"] == str(tmp_path / "absent.db")  # restored


def test_bad_input_is_a_clear_error(tmp_path: Path):
    missing = boltc("tune", "report", tmp_path / "nope.mlir")
    assert missing.returncode == 1 and f"{tmp_path / 'nope.mlir'}: error: " in missing.stderr
    assert "Traceback" not in missing.stderr
    arch = boltc("tune", "report", GEMMS, "--arch", "sm_70")
    assert arch.returncode == 2 and "argument --arch: invalid choice: 'sm_70'" in arch.stderr
    cache = boltc("tune", "report", GEMMS, "--cache", tmp_path / "none.db")
    assert cache.returncode == 1 and f"{tmp_path / 'none.db'}: error: no such tuning cache" in cache.stderr
    foreign = tmp_path / "foreign.db"
    foreign.write_text("not a cache " * 100)
    bad = boltc("tune", "report", GEMMS, "--cache", foreign)
    assert bad.returncode == 1 and "not a boltc tuning cache" in bad.stderr and "Traceback" not in bad.stderr
    for value in ("0", "many"):
        top = boltc("tune", "report", GEMMS, "--top", value)
        assert top.returncode == 2 and "argument --top" in top.stderr
    assert not (tmp_path / "absent.db").exists()  # reading creates no cache


def test_bad_input_in_the_python_api():
    from boltc.diagnostics import BoltcError

    with pytest.raises(BoltcError, match="unknown arch 'sm_70'"):
        tune_report(str(GEMMS), "sm_70", "f16")
    with pytest.raises(BoltcError, match="--top must be at least 1"):
        tune_report(str(GEMMS), "sm_90a", "f16", top=0)


# The flags of `boltc tune report --help` and the tests that hold each to its word.
REPORT_FLAG_TESTS = {
    "model": ["test_every_anchor_is_listed_once_with_the_builds_kernel", "test_bad_input_is_a_clear_error"],
    "--arch": ["test_precision_and_arch_reach_the_build", "test_bad_input_is_a_clear_error"],
    "--precision": ["test_precision_and_arch_reach_the_build"],
    "--tune": ["test_text_names_the_gpus_and_marks_the_choice", "test_tune_profile_reads_and_writes_the_named_cache"],
    "--cache": ["test_json_is_the_report_as_data", "test_tune_profile_reads_and_writes_the_named_cache",
                "test_bad_input_is_a_clear_error"],
    "--gpu": ["test_text_names_the_gpus_and_marks_the_choice", "test_cached_times_are_shown_for_the_cache_gpu_only"],
    "--top": ["test_runners_up_are_the_top_n_by_predicted_time", "test_text_names_the_gpus_and_marks_the_choice",
              "test_bad_input_is_a_clear_error"],
    "--json": ["test_json_is_the_report_as_data"],
    "--no-fuse-b2b": ["test_a_fused_pair_is_listed_as_bolt_b2b_stages_unless_no_fuse_b2b"],
    "--help": ["test_every_tune_report_flag_is_tested"],
}


def test_every_tune_report_flag_is_tested():
    from boltc.tools.tune import build_parser

    commands = next(a for a in build_parser()._actions if a.dest == "command")
    offered = {a.dest if not a.option_strings else max(a.option_strings, key=len)
               for a in commands.choices["report"]._actions}
    assert offered == set(REPORT_FLAG_TESTS)
    assert {t for tests in REPORT_FLAG_TESTS.values() for t in tests} <= set(globals())
    assert "report" in boltc("tune", "--help").stdout
