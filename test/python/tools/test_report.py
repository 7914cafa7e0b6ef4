"""`boltc report`: the work each launch records (launch_work.py), the roofline arithmetic
(analysis/roofline.py), the refused fusions in the manifest, the text, JSON and HTML reports
(rendered headless), timings given as data, and bad input. No GPU here: launch_times runs in
test/gpu/test_report_gpu.py; one `nvcc` test reports on a real build.
"""

from __future__ import annotations

import base64
import io
import json
import re
import shutil
from pathlib import Path

import pytest

from boltc.analysis.roofline import GPUS, Bound, Math, Work, attainable, bound, gpu_peaks, roof_fraction
from boltc.compiler import lower
from boltc.lowering.launch_work import step_work
from boltc.lowering.model_build import model_manifest
from boltc.passes.select_kernels import CHOICE_REMARK
from boltc.tools.report import build_report, choose_gpu, html_page, roofline_png, text, write_html

from cli.cli_helpers import NVCC_TIMEOUT_S, run_boltc
from test_manifest import NVCC_13, link_library

DATA = Path(__file__).resolve().parents[2] / "data"
H100 = GPUS["NVIDIA H100 80GB HBM3"]
needs_cc = pytest.mark.skipif(shutil.which("cc") is None, reason="needs a host C compiler (cc)")


def steps_of(text_ir: str, arch: str = "sm_90a") -> list[dict]:
    program, _ = lower(text_ir, arch=arch)
    return model_manifest(program, NVCC_13)["kernels"]


# -------------------------------------------------------------------------------------------
# FLOPs and bytes per launch, on hand-made IR (every number worked out by hand)
# -------------------------------------------------------------------------------------------


def test_gemm_work_counts_2mnk_and_each_tensor_once():
    # 128x64 @ 64x32, bias row of 32, ReLU: all 16-byte aligned, so no padding changes shapes.
    steps = steps_of("""func.func @main(%a: tensor<128x64xf16>, %w: tensor<64x32xf16>, %b: tensor<32xf16>) -> tensor<128x32xf16> {
  %d = bolt.gemm %a, %w : tensor<128x64xf16>, tensor<64x32xf16> -> tensor<128x32xf16> {
  ^bb0(%acc: tensor<128x32xf32>):
    bolt.yield %acc : tensor<128x32xf32>
  }
  %y = bolt.ew.add %d, %b : tensor<128x32xf16>, tensor<32xf16> -> tensor<128x32xf16>
  %r = bolt.ew.relu %y : tensor<128x32xf16> -> tensor<128x32xf16>
  func.return %r : tensor<128x32xf16>
}
""")
    (gemm,) = [s for s in steps if s["kernel"] == "gemm_sm90"]
    # convert-precision computes the epilogue on the fp32 accumulator: the add and the ReLU one
    # FLOP per output element each, the cast to f16 none.
    assert [c["op"] for c in gemm["covers"]] == ["bolt.gemm", "bolt.ew.cast", "bolt.ew.add", "bolt.ew.relu"]
    assert gemm["work"] == {
        "flops": 2 * 128 * 32 * 64 + 2 * 128 * 32,
        "bytes_read": 2 * (128 * 64 + 64 * 32 + 32),  # A, W, the bias row once
        "bytes_written": 2 * 128 * 32,
        "math": "tensor",
    }


def test_conv_work_counts_2npqfrsc():
    # NHWC 2x8x8x16 input, 32 filters 3x3x16, stride 1, pad 1: P = Q = 8.
    steps = steps_of("""func.func @main(%x: tensor<2x8x8x16xf16>, %f: tensor<32x3x3x16xf16>) -> tensor<2x8x8x32xf16> {
  %y = bolt.conv2d nhwc %x, %f strides [1, 1] padding [1, 1, 1, 1] dilations [1, 1] groups 1 : tensor<2x8x8x16xf16>, tensor<32x3x3x16xf16> -> tensor<2x8x8x32xf16> {
  ^bb0(%acc: tensor<2x8x8x32xf32>):
    bolt.yield %acc : tensor<2x8x8x32xf32>
  }
  func.return %y : tensor<2x8x8x32xf16>
}
""")
    (conv,) = [s for s in steps if s["kernel"].startswith("conv")]
    assert [c["op"] for c in conv["covers"]] == ["bolt.conv2d"]  # a plain store
    assert conv["work"]["flops"] == 2 * (2 * 8 * 8 * 32) * (3 * 3 * 16)
    assert conv["work"]["bytes_read"] == 2 * (2 * 8 * 8 * 16 + 32 * 3 * 3 * 16)
    assert conv["work"]["bytes_written"] == 2 * 2 * 8 * 8 * 32
    assert conv["work"]["math"] == "tensor"


def test_elementwise_tree_work_one_flop_per_op_and_element():
    steps = steps_of("""func.func @main(%x: tensor<4x64xf16>, %b: tensor<64xf16>) -> tensor<4x64xf16> {
  %y = bolt.ew.add %x, %b : tensor<4x64xf16>, tensor<64xf16> -> tensor<4x64xf16>
  %g = bolt.ew.gelu tanh %y : tensor<4x64xf16> -> tensor<4x64xf16>
  %c = bolt.constant dense<2.0> : tensor<f16>
  %z = bolt.ew.mul %g, %c : tensor<4x64xf16>, tensor<f16> -> tensor<4x64xf16>
  func.return %z : tensor<4x64xf16>
}
""", arch="sm_80")
    (step,) = steps
    # Three ops over 256 elements; reads x and the 64-element row (the scalar is an immediate).
    assert step["work"] == {"flops": 3 * 256, "bytes_read": 2 * (256 + 64), "bytes_written": 2 * 256, "math": "cuda"}


def test_every_step_of_the_test_models_records_its_work():
    for model in ("small_cnn.mlir", "mlp_gelu.mlir", "resnet_block.mlir"):
        for step in steps_of(DATA / model):
            work = step["work"]
            assert work is not None and work["bytes_read"] > 0 and work["bytes_written"] > 0, (model, step)
            assert (work["math"] == "tensor") == step["kernel"].startswith(("gemm", "conv_sm", "b2b")), (model, step)


def test_an_op_without_a_flop_rule_is_an_error_not_zero():
    from xdsl.dialects.test import TestOp

    from boltc.lowering.launch_work import op_flops

    with pytest.raises(ValueError, match="no FLOP rule for test.op"):
        op_flops(TestOp())
    assert step_work([]) == Work(0, 0, 0, Math.CUDA)


# -------------------------------------------------------------------------------------------
# The roofline
# -------------------------------------------------------------------------------------------


def test_roofline_arithmetic_on_the_h100():
    assert gpu_peaks("NVIDIA H100 80GB HBM3") is H100 and gpu_peaks("NVIDIA GeForce GTX 1080") is None
    ridge = H100.tensor_flops / H100.bandwidth  # about 295 FLOP/B
    assert H100.ridge(Math.TENSOR) == pytest.approx(ridge)
    assert bound(H100, Math.TENSOR, ridge / 2) is Bound.MEMORY and bound(H100, Math.TENSOR, ridge * 2) is Bound.COMPUTE
    assert attainable(H100, Math.TENSOR, 10.0) == pytest.approx(10 * 3350e9)
    assert attainable(H100, Math.TENSOR, 1e6) == H100.tensor_flops
    assert attainable(H100, Math.CUDA, 1e6) == H100.cuda_flops
    work = Work(flops=2 * 10**9, bytes_read=10**7, bytes_written=10**7, math=Math.TENSOR)  # 100 FLOP/B
    # 2 GFLOP in 10 us = 200 TFLOP/s; the roof at 100 FLOP/B is 335 TFLOP/s.
    assert roof_fraction(H100, work, 10e-6) == pytest.approx(200e12 / 335e12)
    copy = Work(0, 3350, 3350, Math.CUDA)
    assert roof_fraction(H100, copy, 2e-9) == pytest.approx(1.0)  # 6700 B in 2 ns = the bandwidth
    with pytest.raises(ValueError):
        roof_fraction(H100, work, 0.0)


def test_choose_gpu_says_whose_peaks_and_refuses_a_mismatch():
    peaks, note = choose_gpu("sm_90a", None, None)
    assert peaks is H100 and "no GPU measured" in note
    assert choose_gpu("sm_80", None, None)[0] is GPUS["NVIDIA A100-SXM4-80GB"]
    peaks, note = choose_gpu("sm_90a", "NVIDIA Mystery GPU", None)
    assert peaks is None and "no peak numbers" in note
    assert choose_gpu("sm_90a", "NVIDIA H200", None)[0] is GPUS["NVIDIA H200"]
    from boltc.diagnostics import BoltcError

    with pytest.raises(BoltcError, match="measured on"):
        choose_gpu("sm_90a", "NVIDIA H200", "NVIDIA H100 80GB HBM3")


# -------------------------------------------------------------------------------------------
# The report: static, timed (timings as data), refused fusions
# -------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_cnn() -> dict:
    program, _ = lower(DATA / "small_cnn.mlir", arch="sm_90a")
    return model_manifest(program, NVCC_13)


def test_the_manifest_records_the_refused_fusions(small_cnn: dict):
    remarks = small_cnn["remarks"]
    assert remarks and all(set(r) == {"pass", "message"} for r in remarks)
    # small_cnn's pooling reads neighbouring outputs: fuse-epilogue refuses it, as --remarks says.
    assert any(r["pass"] == "fuse-epilogue" and "'bolt.pool2d' not fused into 'bolt.conv2d'" in r["message"]
               for r in remarks)
    printed = run_boltc(DATA / "small_cnn.mlir", "--emit", "bolt", "--remarks")
    assert printed.returncode == 0
    # Every refusal --remarks prints, and nothing else: select-kernels' choices are printed too,
    # but each launch's record holds its kernel and reason already.
    refusals = [line for line in printed.stderr.splitlines()
                if line.startswith("remark:") and f"' {CHOICE_REMARK} " not in line]
    assert len(refusals) < len([line for line in printed.stderr.splitlines() if line.startswith("remark:")])
    assert [r["message"] for r in remarks] == refusals


def test_optimized_ir_records_no_remarks():
    optimized = run_boltc(DATA / "small_cnn.mlir", "--emit", "bolt").stdout
    program, _ = lower(optimized, arch=None, precision=None)
    assert model_manifest(program, NVCC_13)["remarks"] is None


def test_static_report_has_work_and_bounds_but_no_times(small_cnn: dict):
    peaks, note = choose_gpu("sm_90a", None, None)
    report = build_report(small_cnn, "m.so", peaks, note, None, "none: needs a CUDA GPU")
    assert not report.timed and report.total_microseconds is None
    for row, step in zip(report.rows, small_cnn["kernels"], strict=True):
        assert row.work == Work.from_json(step["work"])
        assert row.microseconds is row.share is row.tflops is row.gbps is row.roof_fraction is None
        assert row.bound is bound(H100, row.work.math, row.intensity)
    output = text(report)
    # fuse-epilogue's three (two pools read neighbouring outputs, a slice moves elements) and
    # fuse-conv-pool's two (the max pool's F = 8, the average pool).
    assert "none: needs a CUDA GPU" in output and "fusions refused (5):" in output
    assert "'bolt.pool2d' not fused with 'bolt.conv2d': an average pool; the kernel pools by max" in output
    assert "'bolt.pool2d' not fused with 'bolt.conv2d': F=8 is not a multiple of 16" in output
    conv = next(r for r in report.rows if r.kernel == "conv_sm90")
    assert re.search(rf"^  {conv.step}\s+conv_sm90\s+conv2d\+", output, re.M)
    assert f"config: {conv.config}" in output and f"why:    {conv.reason}" in output


def test_timings_give_shares_tflops_and_roof_fractions(small_cnn: dict):
    n = len(small_cnn["kernels"])
    timings = {i: float(i + 1) for i in range(n)}  # 1, 2, ... us
    total = sum(timings.values())
    report = build_report(small_cnn, "m.so", H100, "H100", timings, "given")
    assert report.total_microseconds == pytest.approx(total)
    assert sum(r.share for r in report.rows) == pytest.approx(1.0)
    for row in report.rows:
        seconds = timings[row.step] * 1e-6
        assert row.share == pytest.approx(timings[row.step] / total)
        assert row.tflops == pytest.approx(row.work.flops / seconds / 1e12)
        assert row.gbps == pytest.approx(row.work.bytes / seconds / 1e9)
        assert row.roof_fraction == pytest.approx(roof_fraction(H100, row.work, seconds))
    conv = next(r for r in report.rows if r.kernel == "conv_sm90")
    line = next(x for x in text(report).splitlines() if re.match(rf"^  {conv.step}\s+conv_sm90", x))
    assert f"{conv.share * 100:.1f}" in line and format(conv.tflops, ".3g") in line
    as_json = json.loads(json.dumps(report.as_json()))
    assert as_json["launches"][conv.step]["microseconds"] == timings[conv.step]


def test_timings_must_cover_every_launch_and_be_positive(small_cnn: dict):
    n = len(small_cnn["kernels"])
    with pytest.raises(ValueError, match="timings for launches"):
        build_report(small_cnn, "m.so", H100, "", {i: 1.0 for i in range(n - 1)})
    with pytest.raises(ValueError, match="positive"):
        build_report(small_cnn, "m.so", H100, "", {i: 0.0 for i in range(n)})


def test_unknown_gpu_reports_times_without_fractions(small_cnn: dict):
    timings = {i: 5.0 for i in range(len(small_cnn["kernels"]))}
    peaks, note = choose_gpu("sm_90a", "NVIDIA Mystery GPU", None)
    report = build_report(small_cnn, "m.so", peaks, note, timings, "given")
    assert all(r.tflops is not None and r.roof_fraction is None and r.bound is None for r in report.rows)
    assert "no peak numbers for this GPU" in text(report)
    assert roofline_png(report).startswith(b"\x89PNG")


def test_a_manifest_without_work_or_remarks_still_reports(small_cnn: dict):
    old = {**small_cnn, "kernels": [{k: v for k, v in s.items() if k != "work"} for s in small_cnn["kernels"]]}
    del old["remarks"]
    report = build_report(old, "old.so", H100, "H100")
    assert all(r.work is None and r.bound is None for r in report.rows)
    assert "fusions refused: not recorded" in text(report)


# -------------------------------------------------------------------------------------------
# HTML, rendered headless
# -------------------------------------------------------------------------------------------


def decoded_png_size(png: bytes) -> tuple[int, int]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.image

    pixels = matplotlib.image.imread(io.BytesIO(png), format="png")
    return pixels.shape[1], pixels.shape[0]


def test_html_is_self_contained_with_the_table_and_a_valid_png(small_cnn: dict, tmp_path: Path):
    timings = {i: 2.0 for i in range(len(small_cnn["kernels"]))}
    report = build_report(small_cnn, "m.so", H100, "H100", timings, "given")
    page, image = write_html(report, tmp_path / "out.html")
    assert image == tmp_path / "out.png"
    content = page.read_text()
    png = image.read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and decoded_png_size(png) == (880, 605)  # 8 x 5.5 in at 110 dpi
    embedded = re.search(r"src='data:image/png;base64,([A-Za-z0-9+/=]+)'", content)
    assert embedded and base64.b64decode(embedded.group(1)) == png
    assert "<link" not in content and "<script" not in content and "http" not in content.replace(
        "http-equiv", "")  # nothing fetched from elsewhere
    assert content.count("<tr>") == len(report.rows) + 1
    for row in report.rows:
        assert f"<td class=n>{row.step}</td><td>{row.kernel}</td>" in content
    assert "not fused into &#x27;bolt.conv2d&#x27;" in content  # the remarks, escaped
    assert not list(tmp_path.glob(".*"))  # no temporaries left


def test_static_html_plots_points_on_their_roofs(small_cnn: dict):
    report = build_report(small_cnn, "m.so", H100, "H100")
    png = roofline_png(report)
    assert decoded_png_size(png) == (880, 605)
    assert "<img alt='roofline plot'" in html_page(report, png)


# -------------------------------------------------------------------------------------------
# The command
# -------------------------------------------------------------------------------------------


@needs_cc
def test_report_command_static_text_json_and_html(small_cnn: dict, tmp_path: Path):
    library = link_library(tmp_path / "lib", small_cnn)
    result = run_boltc("report", library, "--static")
    assert result.returncode == 0, result.stderr
    assert "not measured (--static)" in result.stdout and "conv_sm90" in result.stdout
    assert "NVIDIA H100 80GB HBM3" in result.stdout
    as_json = run_boltc("report", library, "--static", "--json", "--gpu", "NVIDIA A100-SXM4-80GB")
    report = json.loads(as_json.stdout)
    assert report["gpu"]["name"] == "NVIDIA A100-SXM4-80GB"
    assert [r["step"] for r in report["launches"]] == [s["step"] for s in small_cnn["kernels"]]
    assert all(r["microseconds"] is None for r in report["launches"])
    page = tmp_path / "r.html"
    written = run_boltc("report", library, "--html", page, timeout=120)
    assert written.returncode == 0, written.stderr
    assert page.is_file() and (tmp_path / "r.png").read_bytes().startswith(b"\x89PNG")
    # No CUDA GPU on this machine (CPU CI): it says times need one, and shows none.
    if "measured on" not in written.stdout:
        assert "timing each launch needs a CUDA GPU" in written.stdout


@needs_cc
def test_report_command_bad_inputs(small_cnn: dict, tmp_path: Path):
    not_so = tmp_path / "model.so"
    not_so.write_text("hello")
    no_manifest = link_library(tmp_path / "bare", None)
    library = link_library(tmp_path / "lib", small_cnn)
    cases = [
        (("report", tmp_path / "missing.so"), "missing.so: error: no such file"),
        (("report", not_so), "model.so: error: not a boltc model.so"),
        (("report", no_manifest), "without a boltc manifest"),
        (("report", library, "--static", "--html", tmp_path / "nodir" / "r.html"), "r.html: error: cannot write the report: no such directory"),
        (("report", library, "--static", "--html", tmp_path), "error: cannot write the report: is a directory"),
        (("report", library, "--static", "--html", tmp_path / "r.png"), "r.png: error: --html names the page"),
    ]
    for args, message in cases:
        result = run_boltc(*args, timeout=120)
        assert result.returncode == 1, (args, result.stderr)
        assert message in result.stderr and "Traceback" not in result.stderr, (args, result.stderr)
    assert not (tmp_path / "nodir").exists() and not list(tmp_path.glob("r.*"))
    assert run_boltc("report", library, "--gpu", "GTX 1080").returncode == 2  # not a known GPU


@pytest.mark.nvcc
@pytest.mark.timeout(NVCC_TIMEOUT_S + 60)
def test_report_on_a_real_build(tmp_path: Path):
    library = tmp_path / "mlp_gelu.so"
    built = run_boltc(DATA / "mlp_gelu.mlir", "-o", library, "-q", timeout=NVCC_TIMEOUT_S)
    assert built.returncode == 0, built.stderr
    result = run_boltc("report", library, "--json", "--static")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    # mlp_gelu: its 37 -> 64 (GELU) -> 24 pair is one b2b kernel, the last GEMM its own
    anchors = [r for r in report["launches"] if r["kernel"].endswith("_sm90")]
    assert sorted(r["kernel"] for r in anchors) == ["b2b_gemm_sm90", "gemm_sm90"], report["launches"]
    assert all(r["work"]["flops"] > 0 and r["bound"] in ("memory", "compute") for r in anchors)
    assert any("fused back to back" in r["message"] for r in report["remarks"])
