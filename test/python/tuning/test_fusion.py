"""tuning/fusion.py and fuse-b2b's model decision: the performance model's time of the b2b kernel
that would run a pair against the model's best kernels for the two anchors apart; the pair
fused where the model predicts a gain, kept apart with both times in the remark where it does
not; the roofline where the target has no GPU model or `cost=roofline`; and the decision against
the chains measured on a GPU (bench/data/b2b_h200_2026-11-28.json, bench/b2b_decision.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from boltc.analysis.b2b_cost import H100_SXM
from boltc.dialects import bolt
from boltc.dialects.context import bolt_context
from boltc.frontends import load
from boltc.passes.fuse_b2b import FuseB2bPass, b2b_remarks, decide, producer_anchor

ROOT = Path(__file__).resolve().parents[3]
MEASURED = ROOT / "bench" / "data" / "b2b_h200_2026-11-28.json"
TINY = ROOT / "bench" / "data" / "b2b_tiny_simt_h200_2026-11-28.json"  # the M=2464 chain on b2b_gemm_simt, later
# The chains of that run: bolt_paper.json's b2b rows (the shared table, absent in a CI checkout).
# Every label of the run must come out of bench/b2b.py's cases of this table (checked below).
WORKLOADS = {
    "b2b_gemm": [{"M": 2464, "N0": 1, "K0": 4, "N1": 4}, {"M": 16384, "N0": 64, "K0": 256, "N1": 16},
                 {"M": 32768, "N0": 128, "K0": 576, "N1": 64}, {"M": 128320, "N0": 32, "K0": 96, "N1": 96}],
    "b2b_conv": [{"N": 32, "H": h, "W": h, "C": c, "K": k, "stride": s}
                 for k in (48, 64) for h, c, s in ((224, 3, 2), (112, k, 2), (56, k, 1))],
}


def chain(m: int, k0: int, n0: int, n1: int, bias0: bool = True) -> str:
    """relu?(A W0 (+ b0)) W1 in f16: one gemm feeding another."""
    extras = f" extras(%b0 : tensor<{n0}xf16>)" if bias0 else ""
    arg = f", %b0: tensor<{n0}xf16>" if bias0 else ""
    block_arg = f", %b: tensor<{n0}xf16>" if bias0 else ""
    body = (f"    %b32 = bolt.ew.cast %b : tensor<{n0}xf16> -> tensor<{n0}xf32>\n"
            f"    %s = bolt.ew.add %acc, %b32 : tensor<{m}x{n0}xf32>, tensor<{n0}xf32> -> tensor<{m}x{n0}xf32>\n"
            f"    bolt.yield %s : tensor<{m}x{n0}xf32>\n") if bias0 else f"    bolt.yield %acc : tensor<{m}x{n0}xf32>\n"
    return f"""func.func @chain(%a: tensor<{m}x{k0}xf16>, %w0: tensor<{k0}x{n0}xf16>{arg}, %w1: tensor<{n0}x{n1}xf16>) -> tensor<{m}x{n1}xf16> {{
  %h = bolt.gemm %a, %w0{extras} : tensor<{m}x{k0}xf16>, tensor<{k0}x{n0}xf16> -> tensor<{m}x{n0}xf16> {{
  ^bb0(%acc: tensor<{m}x{n0}xf32>{block_arg}):
{body}  }}
  %o = bolt.gemm %h, %w1 : tensor<{m}x{n0}xf16>, tensor<{n0}x{n1}xf16> -> tensor<{m}x{n1}xf16> {{
  ^bb0(%acc: tensor<{m}x{n1}xf32>):
    bolt.yield %acc : tensor<{m}x{n1}xf32>
  }}
  func.return %o : tensor<{m}x{n1}xf16>
}}
"""


def module_of(tmp_path, text: str):
    path = tmp_path / "chain.mlir"
    path.write_text(text)
    return load(str(path))


def the_pair(module):
    [(first, second)] = [(producer_anchor(op), op) for op in module.walk() if producer_anchor(op) is not None]
    return first, second


def b2bs(module) -> list[bolt.B2bOp]:
    return [op for op in module.walk() if isinstance(op, bolt.B2bOp)]


def test_the_model_fuses_a_memory_bound_chain(tmp_path):
    """bolt_paper.json's widest-M chain: b2b_gemm_sm90's resident kernel, predicted ~2x faster
    than the two GEMMs apart (measured 1.88x on an H200)."""
    module = module_of(tmp_path, chain(128320, 96, 32, 96))
    plan, verdict = decide(*the_pair(module), H100_SXM)
    assert not isinstance(plan, str)
    assert verdict.family == "b2b_gemm_sm90" and verdict.gain > 1.5
    assert verdict.unfused_us == pytest.approx(verdict.first_us + verdict.second_us)
    assert verdict.first_kernel.startswith("gemm_sm90") and verdict.second_kernel.startswith("gemm_sm90")
    FuseB2bPass().apply(bolt_context(), module)
    assert len(b2bs(module)) == 1


def test_the_model_keeps_a_compute_bound_chain_apart_and_says_why(tmp_path):
    """2048 rows by K0 = 8192: fused, 32 CTAs walk all of K0; apart, each GEMM spreads over the
    SMs. The remark gives both predictions and the kernels."""
    module = module_of(tmp_path, chain(2048, 8192, 128, 128))
    reason, verdict = decide(*the_pair(module), H100_SXM)
    assert isinstance(reason, str) and verdict.fused.time_us > verdict.unfused_us
    assert reason == f"{verdict.describe()}: fusing does not pay"
    assert f"predicts {verdict.fused.time_us:.1f} us fused on b2b_gemm_sm90" in reason
    assert f"against {verdict.unfused_us:.1f} us for the two kernels apart" in reason
    FuseB2bPass().apply(bolt_context(), module)
    assert not b2bs(module)
    (line,) = b2b_remarks(module, H100_SXM)
    assert line.endswith(reason)


def test_a_given_gpu_model_prices_both_sides(tmp_path):
    """bench/b2b_decision.py prices the measured runs on the H100 model with the run's DRAM
    rate: the kernels apart must see that GPU too, not the arch's default one (they once did,
    and a faster DRAM then sped up the fused side alone)."""
    from boltc.analysis import b2b_cost
    from boltc.passes.fuse_b2b import KERNEL_RULES, describe_problem
    from boltc.tuning.fusion import b2b_verdict
    from boltc.tuning.model import gpu_for_arch
    from boltc.tuning.select import ranked_by_model

    first, second = the_pair(module_of(tmp_path, chain(128320, 96, 32, 96)))
    family, kernel_plan = KERNEL_RULES["sm_90a"](first, second)
    problem = describe_problem(first, second)
    plan = b2b_cost.b2b_plan(problem, H100_SXM)
    base = gpu_for_arch("sm_90a")
    fast = base.with_constants(dram_bytes_per_us=4 * base.dram_bytes_per_us)
    slow_verdict = b2b_verdict(first, second, family, kernel_plan, problem, plan, "sm_90a", base)
    fast_verdict = b2b_verdict(first, second, family, kernel_plan, problem, plan, "sm_90a", fast)
    assert fast_verdict.first_us == pytest.approx(ranked_by_model(first, "sm_90a", fast)[0].time_us)
    assert fast_verdict.second_us == pytest.approx(ranked_by_model(second, "sm_90a", fast)[0].time_us)
    assert fast_verdict.unfused_us < slow_verdict.unfused_us  # memory-bound GEMMs: DRAM shows


def test_the_anchors_best_kernels_are_asked_once_per_distinct_anchor(tmp_path, monkeypatch):
    """fuse-b2b's walk, its remarks and a second module of the same text reuse the model's
    ranking of each anchor (keyed by its text, arch and GPU model), not rank it again."""
    from boltc.tuning import fusion, select

    calls = []
    real = select.ranked_by_model
    monkeypatch.setattr(select, "ranked_by_model", lambda op, arch, gpu=None: calls.append(op.name) or real(op, arch, gpu))
    monkeypatch.setattr(fusion, "_BEST", fusion.OrderedDict())
    text = chain(2048, 8192, 128, 128)  # refused: the walk decides, the remarks decide again
    for _ in range(2):
        module = module_of(tmp_path, text)
        FuseB2bPass(remarks=False).apply(bolt_context(), module)
        b2b_remarks(module, H100_SXM)
    assert calls == ["bolt.gemm", "bolt.gemm"]


def test_the_roofline_decides_where_asked_or_where_no_gpu_model_exists(tmp_path):
    module = module_of(tmp_path, chain(2048, 8192, 128, 128))
    first, second = the_pair(module)
    reason, verdict = decide(first, second, H100_SXM, cost="roofline")
    assert verdict is None and reason.startswith("the cost model predicts")
    # A target without a GPU model (sm_80 before a100_sxm.json): example 13 could run this pair,
    # the roofline decides.
    from boltc.analysis.b2b_cost import A100_SXM
    from boltc.tuning import model

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(model, "GPU_FOR_ARCH", {"sm_90a": "h100_sxm"})
        reason, verdict = decide(first, second, A100_SXM)
    assert verdict is None and "on sm_80" in reason
    # With it, the model decides on sm_80 too (a100_sxm, datasheet-scaled).
    _, verdict = decide(first, second, A100_SXM)
    assert verdict is not None and verdict.gpu == "a100_sxm" and verdict.family == "b2b_gemm_sm80"


def test_remarks_report_the_prediction_for_fused_pairs_too(tmp_path, capsys):
    module = module_of(tmp_path, chain(128320, 96, 32, 96))
    FuseB2bPass(remarks=True).apply(bolt_context(), module)
    err = capsys.readouterr().err
    assert "'bolt.gemm' fused back to back with 'bolt.gemm': the performance model (h100_sxm) predicts" in err


def test_an_unknown_cost_is_a_clear_error(tmp_path):
    from boltc.diagnostics import BoltcError

    module = module_of(tmp_path, chain(128320, 96, 32, 96))
    with pytest.raises(BoltcError, match="cost='profile' is not one of model, roofline"):
        FuseB2bPass(cost="profile").apply(bolt_context(), module)


def test_the_decision_agrees_with_the_measured_chains(tmp_path, capsys):
    """Every chain bench/b2b.py timed on the H200 (its DRAM rate the run's copy rate; the M=2464
    chain from the later run that fused it on b2b_gemm_simt): the model's decision agrees with
    the measurement on each, and its fused times of the large GEMM chains lie within 25 % of the
    measured ones."""
    pytest.importorskip("torch")
    sys.path.insert(0, str(ROOT / "bench"))
    import b2b_decision

    table = tmp_path / "workloads.json"
    table.write_text(json.dumps(WORKLOADS))
    assert b2b_decision.main([str(MEASURED), str(TINY), "--workloads", str(table)]) == 0
    out = capsys.readouterr().out
    assert "not a case of bench/b2b.py" not in out and "ran no b2b kernel" not in out
    measured = {row["label"]: row for row in json.loads(MEASURED.read_text())["rows"]}
    measured.update({row["label"]: row for row in json.loads(TINY.read_text())["rows"]})
    checked = 0
    for line in out.splitlines():
        label = next((name for name in measured if line.startswith(name[:58])), None)
        if label is None:
            continue
        fields = line[58:].split()
        fused, ratio = float(fields[1]), float(fields[3])
        row = measured[label]
        actual = row["unfused_us"] / row["fused_us"]
        assert (ratio >= 1.1) == (actual > 1.0), line  # fuse-b2b.MIN_PREDICTED_GAIN
        checked += 1
        if label.startswith("b2b M=") and row["m"] >= 16384:
            assert fused == pytest.approx(row["fused_us"], rel=0.25), line
    assert checked == len(measured) == 12
    assert "agrees with the measurement on 12 of 12 cases" in out


def test_the_b2b_records_why_it_was_fused(tmp_path):
    """--emit bolt shows it: the model's times on the b2b (bolt.fusion_reason), or the roofline's
    with cost=roofline; the lowering puts it first in the b2b's manifest reason."""
    from boltc.lowering.anchors import lower_anchor
    from boltc.lowering.cutlass.cpp import FUSION_REASON_ATTR

    module = module_of(tmp_path, chain(128320, 96, 32, 96))
    _, verdict = decide(*the_pair(module), H100_SXM)
    FuseB2bPass().apply(bolt_context(), module)
    [b2b] = b2bs(module)
    assert b2b.attributes[FUSION_REASON_ATTR].data == verdict.describe()
    assert lower_anchor(b2b, "sm_90a").reason.startswith(f"fused: {verdict.describe()}; ")
    module = module_of(tmp_path, chain(128320, 96, 32, 96))
    FuseB2bPass(cost="roofline").apply(bolt_context(), module)
    [b2b] = b2bs(module)
    assert b2b.attributes[FUSION_REASON_ATTR].data.startswith("the cost model predicts ")
    assert b2b.attributes[FUSION_REASON_ATTR].data.endswith(" us for the two kernels on sm_90a")


@pytest.mark.parametrize("unfused_us, fused", [(10.5, False), (10.8, False), (11.0, True), (14.0, True), (9.0, False)])
def test_a_pair_fuses_only_for_a_predicted_gain_past_the_models_error(tmp_path, unfused_us, fused):
    """fuse-b2b fuses where the model predicts MIN_PREDICTED_GAIN (1.1x) or more: a predicted
    1.07x (sm_80's 3x3 -> 1x1 at 56x56x64, measured 0.91x) stays two kernels, with a remark
    that gives the gain and the margin."""
    from unittest import mock

    from boltc.passes.fuse_b2b import MIN_PREDICTED_GAIN
    from boltc.tuning.fusion import B2bVerdict
    from boltc.tuning.model import Prediction

    assert MIN_PREDICTED_GAIN == 1.1
    first, second = the_pair(module_of(tmp_path, chain(128320, 96, 32, 96)))
    prediction = Prediction(10.0, 1.0, 9.0, 1.0, 1.0, 1.0, 1.0, 1.0, 4, 100, 1.0, 1, "load")
    verdict = B2bVerdict("b2b_gemm_sm90", prediction, unfused_us / 2, unfused_us / 2, "a", "b", "h100_sxm")
    with mock.patch("boltc.tuning.fusion.b2b_verdict", return_value=verdict):
        reason, given = decide(first, second, H100_SXM)
    assert given is verdict
    if fused:
        assert not isinstance(reason, str)
    elif unfused_us <= 10.0:
        assert reason.endswith(": fusing does not pay")
    else:
        assert f"a {unfused_us / 10:.2f}x gain, under the 1.10x the model must predict to fuse" in reason


def test_the_a100_model_is_what_its_script_makes():
    """a100_sxm.json is bench/datasheet_gpu.py's output from h100_sxm.json (no hand edits: a
    refit of the H100 is re-scaled by running the script), and is marked unfitted."""
    import importlib.util

    from boltc.tuning.model import GPU_DIR, gpu_for_arch

    root = Path(__file__).resolve().parents[3]
    spec = importlib.util.spec_from_file_location("datasheet_gpu", root / "bench" / "datasheet_gpu.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    made = script.a100_from(json.loads((GPU_DIR / "h100_sxm.json").read_text()))
    assert json.loads((GPU_DIR / "a100_sxm.json").read_text()) == made
    a100 = gpu_for_arch("sm_80")
    assert a100.fit is None and a100.sms == 108 and a100.arch == "sm_80" and "not fitted" in a100.source
    h100 = gpu_for_arch("sm_90a")
    # mma.sync per SM: the A100's datasheet rate, below what the H100's fit gives its mma.sync.
    assert a100.math_flops_per_us * a100.mma_sync_fraction < h100.math_flops_per_us * h100.mma_sync_fraction
