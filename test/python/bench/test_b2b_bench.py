"""bench/b2b.py's pure parts, without a GPU or nvcc: its cases from the workload table, the
memory floor it reports against, that every chain it builds lowers for sm_90a to the kernels
the table claims (the resident b2b kernel where fuse_b2b=True fuses, the CUDA-core one for the
tiny chain, two GEMMs otherwise), that no case's output is all zero (a check that cannot fail),
and the summary table."""

from __future__ import annotations

import pytest

import bench_scripts

torch = pytest.importorskip("torch")

b2b = bench_scripts.load("b2b")

# bolt_paper.json's b2b_gemm rows and ceiling (the layout; values as measured there).
TABLE = {
    "ceilings": {"copy_TBps": 2.96},
    "b2b_gemm": [{"M": 2464, "N0": 1, "K0": 4, "N1": 4}, {"M": 16384, "N0": 64, "K0": 256, "N1": 16},
                 {"M": 32768, "N0": 128, "K0": 576, "N1": 64}, {"M": 128320, "N0": 32, "K0": 96, "N1": 96}],
    "b2b_conv": [{"N": 32, "H": 224, "W": 224, "C": 3, "K": 48, "stride": 2},
                 {"N": 32, "H": 56, "W": 56, "C": 64, "K": 64, "stride": 1}],
}


def test_cases_are_the_table_chains_and_an_mlp_at_the_largest_m():
    cases = b2b.cases(TABLE)
    assert [(c.m, c.widths) for c in cases] == [
        (2464, (4, 1, 4)), (16384, (256, 64, 16)), (32768, (576, 128, 64)), (128320, (96, 32, 96)),
        (128320, (96, 32, 96, 32, 96)), (32 * 112 * 112, (3, 48, 48)), (32 * 56 * 56, (64, 64, 64)),
        (32 * 56 * 56, (64,) * 9), (32768, (128, 128, 64)), (32 * 56 * 56, (64, 64, 256)),
        (32 * 56 * 56, (256, 64, 64, 256))]
    assert cases[4].label.startswith("mlp M=128320")
    assert [(c.kind, c.image, c.strides) for c in cases[5:]] == [
        ("conv", (32, 224, 224), (2,)), ("conv", (32, 56, 56), (1,)), ("conv", (32, 112, 112), (2, 1, 1, 1)),
        ("residual_mlp", (0, 0, 0), ()), ("conv", (32, 56, 56), (1,)), ("bottleneck", (32, 56, 56), (1,))]
    assert cases[7].label.startswith("repvgg stage") and cases[8].label.startswith("residual mlp")
    assert cases[-1].label.startswith("resnet50 bottleneck")


def test_memory_floor_counts_a_read_d_written_and_the_weights_once():
    case = b2b.Case("x", 128320, (96, 32, 96))
    elements = 128320 * 96 + 128320 * 96 + 96 * 32 + 32 * 96
    assert b2b.memory_floor_us(case, 2.96) == pytest.approx(2 * elements / 2.96e12 * 1e6)
    assert b2b.memory_floor_us(case, 2.96) == pytest.approx(16.6, abs=0.1)  # bolt_paper.json's 16.6
    # the conv chains: the NHWC input and output once (bolt_paper.json: 16.3 and 8.7 us)
    stem, same = b2b.cases(TABLE)[5:7]
    assert b2b.memory_floor_us(stem, 2.96) == pytest.approx(16.3, abs=0.1)
    assert b2b.memory_floor_us(same, 2.96) == pytest.approx(8.7, abs=0.1)


def test_the_copy_kernel_moves_the_floors_bytes():
    """copy_kernel_us copies half of floor_bytes each way: the floor's traffic in one kernel."""
    case = b2b.Case("x", 128320, (96, 32, 96))
    elements = 128320 * 96 + 128320 * 96 + 96 * 32 + 32 * 96
    assert b2b.floor_bytes(case) == pytest.approx(2 * elements)
    assert b2b.floor_bytes(case) / 4.25e12 * 1e6 == pytest.approx(b2b.memory_floor_us(case, 4.25))


def test_every_copy_form_copies():
    """The forms copy_kernel_us takes the faster of each leave the source's values in the target."""
    source = torch.randn(1000, dtype=torch.half)
    target = torch.zeros_like(source)
    for name, copy in b2b.copy_forms(torch, source, target).items():
        target.zero_()
        copy()
        assert torch.equal(target, source), name


@pytest.mark.parametrize("index", range(5))
def test_every_case_lowers_for_sm90a(index):
    """The kernels the benchmark will build (no nvcc): fused, one b2b_gemm_sm90 resident kernel
    per chain where a kernel takes it; unfused, GEMM kernels only (one per layer, layers of one
    shape sharing theirs)."""
    from boltc.compiler import lower_library

    case = b2b.cases(TABLE)[index]
    assert case.kind == "gemm"  # the conv cases: test_every_conv_case_lowers_for_sm90a
    model = b2b.model_of(torch, case)
    x = torch.randn(case.m, case.widths[0], dtype=torch.half)
    layers = len(case.widths) - 1
    fused, _ = lower_library(model, (x,), arch="sm_90a", fuse_b2b=True)
    unfused, _ = lower_library(model, (x,), arch="sm_90a", fuse_b2b=False)
    assert 1 <= len(unfused.programs[0].anchor_kernels) <= layers  # distinct entry points
    assert all(k.family in ("gemm_sm90", "gemm_sm80") for k in unfused.programs[0].anchor_kernels)
    calls = fused.programs[0].anchor_kernels
    if case.widths[:3] == (4, 1, 4):  # 8-byte rows of A: no TMA; the CUDA-core kernel of tiny widths
        assert [k.family for k in calls] == ["b2b_gemm_simt"]
    else:
        assert len(calls) == 1  # the MLP's two chains share one kernel (the same shapes)
        assert calls[0].family == "b2b_gemm_sm90" and " resident " in calls[0].config


@pytest.mark.parametrize("index", range(5, 8))
def test_every_conv_case_lowers_for_sm90a(index):
    """Fused: for the RGB stem one b2b_conv_direct; for the stride-1 64-channel chain one
    b2b_conv_window (faster there; at stride 2 b2b_conv_sm90 is); for the RepVGG stage one
    b2b_conv_sm90 resident kernel (its strided pair) and one b2b_conv_window (its three stride-1
    pairs share it). Unfused, convolution and GEMM kernels only (the 1x1s as either; the folded
    stem on conv_sm80)."""
    from boltc.compiler import lower_library

    case = b2b.cases(TABLE)[index]
    model = b2b.model_of(torch, case)
    x = b2b.input_of(torch, case)
    fused, _ = lower_library(model, (x,), arch="sm_90a", fuse_b2b=True)
    unfused, _ = lower_library(model, (x,), arch="sm_90a", fuse_b2b=False)
    calls = fused.programs[0].anchor_kernels
    if case.widths[0] == 3:
        [call] = calls
        assert call.family == "b2b_conv_direct" and "K=27 (of W0's 48;" in call.config
        assert "window by TMA" in call.config  # an NHWC f16 image: the TMA window on sm_90a
    elif case.strides == (1,):
        [call] = calls
        assert call.family == "b2b_conv_window" and "3x3/1 C=64" in call.config
    else:
        assert case.strides == (2, 1, 1, 1)
        strided, window = sorted(calls, key=lambda k: k.family)
        assert strided.family == "b2b_conv_sm90" and " resident " in strided.config
        assert window.family == "b2b_conv_window" and "3x3/1 C=64" in window.config
    assert {k.family for k in unfused.programs[0].anchor_kernels} <= {"conv_sm90", "conv_sm80", "gemm_sm90", "gemm_sm80"}


def test_the_residual_mlp_case_fuses_with_the_input_as_the_first_stage_residual():
    """relu(relu(x W0 + x) W1): fused, one b2b_gemm_sm90 resident kernel whose first epilogue
    adds the residual; unfused, two GEMMs. Its model is what it says (checked in fp32)."""
    from boltc.compiler import lower_library

    [case] = [c for c in b2b.cases(TABLE) if c.kind == "residual_mlp"]
    model = b2b.model_of(torch, case)
    x = b2b.input_of(torch, case)
    first, second = model.first.weight.float(), model.second.weight.float()
    probe = x[:64].float()
    with torch.no_grad():
        expected = torch.relu(torch.relu(probe @ first.T + probe) @ second.T)
        torch.testing.assert_close(model.float()(probe), expected)
    model.half()
    fused, _ = lower_library(model, (x,), arch="sm_90a", fuse_b2b=True)
    [call] = fused.programs[0].anchor_kernels
    assert call.family == "b2b_gemm_sm90" and "relu(acc + residual) / relu(acc)" in call.config
    unfused, _ = lower_library(model, (x,), arch="sm_90a", fuse_b2b=False)
    assert len(unfused.programs[0].anchor_kernels) == 2


def test_the_bottleneck_case_fuses_its_3x3_and_expanding_1x1_with_the_shortcut():
    """ResNet-50's first-stage block: fused, the 3x3 -> 1x1 pair is one b2b_conv_sm90 kernel
    adding the block's input as its residual, the reducing 1x1 a GEMM; unfused, three kernels.
    Its floor: the block's input and output once, and the three filters."""
    from boltc.compiler import lower_library

    case = b2b.cases(TABLE)[-1]
    model = b2b.model_of(torch, case)
    x = b2b.input_of(torch, case)
    assert x.shape == (32, 56, 56, 256)
    fused, _ = lower_library(model, (x,), arch="sm_90a", fuse_b2b=True)
    families = [(k.family, k.config) for k in fused.programs[0].anchor_kernels]
    assert [f for f, _ in families] == ["gemm_sm90", "b2b_conv_sm90"]
    assert "relu(acc + bias + residual)" in families[1][1]
    unfused, _ = lower_library(model, (x,), arch="sm_90a", fuse_b2b=False)
    assert len(unfused.programs[0].anchor_kernels) == 3
    elements = 2 * 32 * 56 * 56 * 256 + 2 * 256 * 64 + 9 * 64 * 64
    assert b2b.memory_floor_us(case, 2.96) == pytest.approx(2 * elements / 2.96e12 * 1e6)


@pytest.mark.parametrize("index", [0, 1])
def test_no_case_checks_against_an_all_zero_output(index):
    """The tiny chain (N0 = 1) with seed 2464 gave zeros after its ReLUs: model_of takes the
    next seed whose output is not."""
    case = b2b.cases(TABLE)[index]
    model = b2b.model_of(torch, case).float()
    with torch.no_grad():
        assert model(b2b.input_of(torch, case).float()).abs().max() > 0.1


def test_summary_reads_the_graph_replays():
    rows = [{"label": "b2b M=8 K0=8 N0=8 N1=8", "floor_us": 1.0, "fused_us": 2.0, "fused_kernel_us": 1.25,
             "unfused_us": 3.0, "eager_us": 50.0, "eager_graph_us": 4.0, "inductor_us": 60.0,
             "inductor_graph_us": 5.0, "fused_kernels": [["b2b_gemm_sm90", "b2b_gemm_sm90 resident f16 ..."]]},
            {"label": "b2b M=4 K0=4 N0=1 N1=4", "floor_us": 0.0, "eager_graph_us": 3.0}]
    lines = b2b.summary(rows)
    assert lines[2] == ("| b2b M=8 K0=8 N0=8 N1=8 | 2.0 | 1.2 | b2b_gemm_sm90 resident | 3.0 | 4.0 | 5.0 | 1.50 "
                        "| 2.00 | 2.50 | 1.0 | 0.50 | 0.80 | - | nan | - | nan | - | - (-) | - (-) |")
    rows[0].update(copy_kernel_us=4.0, fused_kernel_clean_us=1.6, copy_kernel_clean_us=3.2, mix_kernel_us=2.5,
                   mix_kernel_clean_us=2.0)
    assert b2b.summary(rows)[2].endswith("| 1.0 | 0.50 | 0.80 | 4.0 | 0.25 | 1.6 | 0.62 | 3.2 | 2.5 (2.0) | 0.40 (0.50) |")
    assert lines[3].startswith("| b2b M=4 K0=4 N0=1 N1=4 | - | - |  | - | 3.0 | - | - | - | - |")
