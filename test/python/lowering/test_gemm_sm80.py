"""bolt.gemm -> CUTLASS 2.x (sm_80) translation unit: the configuration and its validation before
nvcc, the TU's text (types, tile/warp/stages, the Sm80 visitor tree), the C entry point (the
same contract as gemm_sm90) and what one op passes to it; the sm_80 heuristic; which family
anchors.py picks per target; and the sm_80 nvcc target flags."""

from __future__ import annotations

import re

import pytest

from boltc.diagnostics import BoltcError
from boltc.lowering.build import Arch
from boltc.lowering.cutlass.cpp import InvalidKernelConfig, Shape3
from boltc.lowering.cutlass.evt import FUNCTORS_HEADER
from boltc.lowering.cutlass.gemm_sm80 import default_warp_tile, lower_gemm, parse_schedule
from boltc.lowering.cutlass.gemm_sm90 import Operand, OperandKind, ParamRole
from boltc.lowering.cutlass.gemm_sm90 import lower_gemm as lower_gemm_sm90
from boltc.tuning.heuristic_sm80 import choose_gemm_sm80, schedule_name

from gemm_text import bias_relu, gemm_text, parse_gemm, tensor
from kernel_headers import included_headers


def sm80_attr(tile, stages=4, schedule="multistage", cluster=(1, 1, 1), family="gemm_sm80") -> str:
    return (
        f'#bolt.kernel<"{family}", tile [{", ".join(map(str, tile))}], '
        f'cluster [{", ".join(map(str, cluster))}], stages {stages}, "{schedule}">'
    )


KERNEL_128 = sm80_attr((128, 128, 32), stages=3, schedule="multistage warp 64x64x32")


def lower(text: str, arch: str = "sm_80"):
    return lower_gemm(parse_gemm(text), arch=arch)


def call(lowering) -> dict[str, object]:
    return {p.name: a for p, a in lowering.call()}


# --------------------------------------------------------------------------------------
# The translation unit.
# --------------------------------------------------------------------------------------


def test_bias_relu_tu_instantiates_gemm_with_visitor():
    lowering = lower(bias_relu(1000, 1024, 512, kernel=KERNEL_128))
    kernel = lowering.kernel
    cpp = kernel.render()
    assert re.fullmatch(r"boltc_gemm_sm80_[0-9a-f]{16}", kernel.name)
    for piece in [
        "using LayoutA = cutlass::layout::RowMajor;",
        "using LayoutB = cutlass::layout::ColumnMajor;",  # transpose_b: B stored N x K
        "constexpr int AlignmentA = 8;",
        "constexpr int AlignmentD = 8;",
        "using ThreadblockShape = cutlass::gemm::GemmShape<128, 128, 32>;",
        "using WarpShape = cutlass::gemm::GemmShape<64, 64, 32>;",
        "using InstructionShape = cutlass::gemm::GemmShape<16, 8, 16>;",
        "constexpr int Stages = 3;",
        "cutlass::epilogue::threadblock::OutputTileThreadLayout<\n    ThreadblockShape,\n    WarpShape,",
        "using Leaf0 = cutlass::epilogue::threadblock::VisitorRowBroadcast<\n    OutputTileThreadMap,",
        "cutlass::epilogue::threadblock::VisitorAccFetch,\n    Leaf0>;",
        "cutlass::epilogue::thread::ReLu,",
        "using StoreD = cutlass::epilogue::threadblock::VisitorAuxStore<",
        "using Callbacks = cutlass::epilogue::threadblock::Sm80EVT<StoreD, Node1>;",
        "cutlass::gemm::kernel::DefaultGemmWithVisitor<",
        "    cutlass::arch::OpClassTensorOp,\n    cutlass::arch::Sm80,",
        "using Gemm = cutlass::gemm::device::GemmUniversalAdapter<GemmKernel>;",
        "cutlass::gemm::GemmUniversalMode::kBatched, {m, n, k}, batch, callbacks,",
        "{static_cast<cutlass::half_t*>(d), {ldd, cute::_1{}, batch_stride_d}}",
        f"BOLTC_EXPORT int {kernel.name}(int m, int n, int k, int batch, const void* a,",
        f"BOLTC_EXPORT size_t {kernel.name}_workspace_size(",
        f"BOLTC_EXPORT int {kernel.name}_can_implement(",
        "status = op.initialize(arguments, workspace, stream);",
    ]:
        assert piece in cpp, piece
    # visitors.hpp needs the kernel headers first (it does not include what it uses).
    assert cpp.index("default_gemm_universal_with_visitor.h") < cpp.index("fusion/visitors.hpp")
    assert cpp.index("namespace {") < cpp.index("using Gemm =") < cpp.index("}  // namespace")
    assert "Sm90" not in cpp and "@KERNEL_NAME@" not in cpp
    assert lowering.reason == "#bolt.kernel"


def test_entry_point_is_gemm_sm90s_contract():
    """Same parameters (names, C types, roles) and the same arguments as gemm_sm90 for one op:
    host code calls either family the same way."""
    text = gemm_text(
        256, 256, 128, transpose_b=True, extras=[([256], "f16"), ([256, 256], "f16")], result="%t",
        body=[
            f"%bias = bolt.ew.cast %x0 : {{x0}} -> {tensor([256], 'f32')}",
            f"%s = bolt.ew.add %acc, %bias : {{acc}}, {tensor([256], 'f32')} -> {{acc}}",
            "%r = bolt.ew.cast %x1 : {x1} -> {acc}",
            "%t = bolt.ew.add %s, %r : {acc}, {acc} -> {acc}",
        ],
    )
    sm80, sm90 = lower(text), lower_gemm_sm90(parse_gemm(text))
    params = lambda lowering: [(p.name, p.ctype, p.role, p.index) for p in lowering.kernel.entry_point.params]  # noqa: E731
    assert params(sm80) == params(sm90)
    assert sm80.arguments == sm90.arguments
    assert call(sm80)["x1_ld"] == 256


def test_problem_sizes_and_layer_constants_are_arguments_not_text():
    clamp = lambda lo, hi: gemm_text(  # noqa: E731
        128, 64, 64, result="%c", body=[f"%c = bolt.ew.clamp %acc min {lo} max {hi} : {{acc}} -> {{acc}}"],
        kernel=KERNEL_128,
    )
    small, large = lower(clamp(-1.0, 1.0)), lower(clamp(-3.0, 6.0))
    assert small.kernel.name == large.kernel.name  # clamp bounds are run-time scalars
    assert (call(small)["s0"], call(small)["s1"]) == (-1.0, 1.0)
    assert (call(large)["s0"], call(large)["s1"]) == (-3.0, 6.0)
    other = lower(gemm_text(4096, 64, 640, result="%c", kernel=KERNEL_128,
                            body=["%c = bolt.ew.clamp %acc min -1.0 max 1.0 : {acc} -> {acc}"]))
    assert other.kernel.name == small.kernel.name and call(other)["m"] == 4096


def test_clamp_becomes_nan_propagating_max_min_over_scalars():
    cpp = lower(gemm_text(128, 64, 64, result="%c", body=[
        "%c = bolt.ew.clamp %acc min -5.000000e-01 max 5.000000e-01 : {acc} -> {acc}"])).kernel.render()
    assert "Clamp" not in cpp  # VisitorCompute cannot pass a functor its bounds
    assert included_headers(cpp) == [FUNCTORS_HEADER]  # boltc_evt::MaximumNaN's, cutlass::maximum<T, true>
    assert cpp.count("VisitorScalarBroadcast<float>") == 2
    assert cpp.index("boltc_evt::MaximumNaN") < cpp.index("boltc_evt::MinimumNaN")
    assert "{{float(s0)}}" in cpp and "{{float(s1)}}" in cpp


def test_every_leaf_kind_renders_as_an_sm80_visitor():
    m, n = 64, 48
    text = gemm_text(
        m, n, 32, extras=[([n], "f16"), ([m, n], "f32"), ([m, 1], "f32"), ([], "f32")], result="%o",
        body=[
            f"%bias = bolt.ew.cast %x0 : {{x0}} -> {tensor([n], 'f32')}",
            f"%s = bolt.ew.add %acc, %bias : {{acc}}, {tensor([n], 'f32')} -> {{acc}}",
            "%t = bolt.ew.add %s, %x1 : {acc}, {x1} -> {acc}",
            "%u = bolt.ew.mul %t, %x2 : {acc}, {x2} -> {acc}",
            "%v = bolt.ew.mul %u, %x3 : {acc}, {x3} -> {acc}",
            "%h = bolt.constant dense<2.5> : tensor<f32>",
            "%o = bolt.ew.mul %v, %h : {acc}, tensor<f32> -> {acc}",
        ],
    )
    lowering = lower(text)
    cpp = lowering.kernel.render()
    for piece in [
        "VisitorRowBroadcast<\n    OutputTileThreadMap,\n    cutlass::half_t,\n    cute::Stride<cute::_0, cute::_1, int64_t>>",
        "VisitorAuxLoad<\n    OutputTileThreadMap,\n    float,\n    cute::Stride<int64_t, cute::_1, int64_t>>",
        "VisitorColBroadcast<\n    OutputTileThreadMap,\n    float,\n    cute::Stride<cute::_1, cute::_0, int64_t>>",
        "VisitorScalarBroadcast<float, cute::Stride<cute::_0, cute::_0, int>>",
        "{const_cast<float*>(static_cast<float const*>(x1)), float(0), {x1_ld, cute::_1{}, x1_batch_stride}}",
        "{{}, {static_cast<float const*>(x3)}, {cute::_0{}, cute::_0{}, static_cast<int>(x3_batch_stride)}}",
        "{{float(s0)}}",
    ]:
        assert piece in cpp, piece
    assert call(lowering)["s0"] == 2.5


# --------------------------------------------------------------------------------------
# Alignment, batches, transposes.
# --------------------------------------------------------------------------------------


def test_odd_n_keeps_the_fused_epilogue_with_one_element_stores():
    """N = 41 (a Linear's weight is N x K, K = 26): A and B are read 2 elements at a time, D and
    the bias 1; sm_90a refuses an EVT there (no TMA epilogue)."""
    lowering = lower(bias_relu(77, 41, 26))
    c = lowering.kernel.config
    assert (c.alignment_a, c.alignment_b, c.alignment_d) == (2, 2, 1)
    assert "VisitorRowBroadcast" in lowering.kernel.render()
    with pytest.raises(InvalidKernelConfig):
        lower_gemm_sm90(parse_gemm(bias_relu(77, 41, 26)))


def test_odd_k_is_refused_with_the_reason_and_the_fix():
    with pytest.raises(InvalidKernelConfig, match=r"cp\.async copies at least 4 bytes.*pad-alignment") as error:
        lower(bias_relu(64, 64, 27))
    assert "'bolt.gemm'" in str(error.value)


def test_batched_gemm_passes_batch_strides():
    lowering = lower(gemm_text(96, 64, 80, batch=3))
    args = call(lowering)
    assert (args["batch"], args["m"], args["batch_stride_a"], args["batch_stride_b"], args["batch_stride_d"]) == (
        3, 96, 96 * 80, 80 * 64, 96 * 64)
    assert args["a"] == Operand(OperandKind.LHS) and args["d"] == Operand(OperandKind.RESULT)


def test_shared_rhs_folds_the_batch_into_m():
    args = call(lower(gemm_text(96, 64, 80, batch=3, batched_rhs=False)))
    assert (args["batch"], args["m"], args["batch_stride_a"], args["batch_stride_b"]) == (1, 288, 0, 0)


def test_transposed_lhs_with_a_shared_rhs_runs_batched_with_b_stride_0():
    """gemm_sm90 refuses this (no strided form for TMA); CUTLASS 2.x takes a 0 batch stride."""
    text = gemm_text(96, 64, 80, batch=3, batched_rhs=False).replace(
        "%d = bolt.gemm %a, %b :", "%d = bolt.gemm %a, %b {transpose_a} :").replace(
        "tensor<3x96x80xf16>", "tensor<3x80x96xf16>")
    lowering = lower(text)
    args = call(lowering)
    assert lowering.kernel.config.layout_a.cpp == "cutlass::layout::ColumnMajor"
    assert (args["batch"], args["lda"], args["batch_stride_a"], args["batch_stride_b"]) == (3, 96, 96 * 80, 0)
    with pytest.raises(InvalidKernelConfig):
        lower_gemm_sm90(parse_gemm(text))


def test_residual_rows_must_start_on_the_epilogues_access_granule():
    text = gemm_text(64, 48, 32, extras=[([64, 48], "f16")], result="%t",
                     body=["%r = bolt.ew.cast %x0 : {x0} -> {acc}", "%t = bolt.ew.add %acc, %r : {acc}, {acc} -> {acc}"])
    assert call(lower(text))["x0_ld"] == 48  # 48 % 8 == 0: fine
    from boltc.lowering.cutlass.evt import EpilogueBinding, LeafBinding, build_epilogue, Role
    from boltc.lowering.cutlass.gemm_sm80 import check_leaf_alignment

    tree, _ = build_epilogue(parse_gemm(text), (Role.M, Role.N))
    with pytest.raises(InvalidKernelConfig, match="rows 50 elements apart.*multiple of 8"):
        check_leaf_alignment(tree, EpilogueBinding((LeafBinding(0, 0, 50),), ()), 8)


# --------------------------------------------------------------------------------------
# Configurations refused before nvcc.
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("attr, message", [
    (sm80_attr((128, 128, 64), stages=2), "at least 3 stages"),
    (sm80_attr((256, 256, 64), stages=3, schedule="multistage warp 64x64x64"), "16 warps"),
    (sm80_attr((128, 256, 64), stages=4), r"exceed the 166912 bytes"),
    (sm80_attr((128, 128, 64), schedule="multistage warp 64x48x64"), "multiple of the warp tile's 48"),
    (sm80_attr((128, 128, 64), schedule="multistage warp 64x64x32"), "warp tile K 32 must equal tile K 64"),
    (sm80_attr((128, 128, 48)), "tile K must be 32 or 64"),
    (sm80_attr((128, 128, 64), schedule="cooperative"), "CUTLASS 2.x kernels take 'multistage'"),
    (sm80_attr((128, 128, 64), cluster=(2, 1, 1)), "no thread-block clusters"),
    (sm80_attr((128, 128, 64), family="gemm_sm90"), "family 'gemm_sm90' is not 'gemm_sm80'"),
    # 16 f16 columns at 8 an access: 2 accesses a row, the epilogue's thread map idles half a warp.
    (sm80_attr((128, 16, 32), schedule="multistage warp 64x16x32"), "tile N 16 at 8 output elements an access"),
])
def test_invalid_configurations_are_refused_before_nvcc(attr, message):
    with pytest.raises(InvalidKernelConfig, match=message) as error:
        lower(bias_relu(256, 256, 128, kernel=attr))
    assert "'bolt.gemm'" in str(error.value)


def test_f32_inputs_are_refused():
    with pytest.raises(InvalidKernelConfig, match="f16 or bf16, got f32"):
        lower(gemm_text(64, 64, 64, dtype="f32", out="f32"))


def test_unknown_targets_are_refused():
    with pytest.raises(InvalidKernelConfig, match="run on sm_80 and sm_90a, not sm_70"):
        lower(bias_relu(64, 64, 64), arch="sm_70")


@pytest.mark.parametrize("tile, warp", [
    ((128, 128, 64), (64, 64, 64)), ((256, 64, 32), (64, 64, 32)), ((128, 64, 64), (64, 32, 64)),
    ((64, 64, 64), (32, 32, 64)), ((128, 256, 64), (64, 64, 64)), ((256, 128, 32), (64, 64, 32)),
])
def test_default_warp_tiles_are_cutlass_generators(tile, warp):
    assert default_warp_tile(Shape3.of(tile)) == Shape3.of(warp)
    assert parse_schedule("multistage", Shape3.of(tile)) == Shape3.of(warp)
    assert parse_schedule(schedule_name(warp), Shape3.of(tile)) == Shape3.of(warp)


# --------------------------------------------------------------------------------------
# The heuristic (boltc/tuning/heuristic_sm80.py).
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("m, n, k, arch, tile, warp, stages", [
    (8192, 8192, 8192, "sm_80", (128, 256, 64), (64, 64, 64), 3),  # 32 x 32 tiles: many waves
    (1280, 3072, 768, "sm_90a", (128, 256, 64), (64, 64, 64), 3),  # 10 x 12 = 120 >= 0.9 * 132
    (1024, 3072, 768, "sm_90a", (128, 128, 64), (64, 64, 64), 4),  # 8 x 12 = 96 < 118.8
    # 96 tiles of 128x256 fall short of 90% of 108 SMs (97.2): 128x128 (192 tiles) wins.
    (1024, 3072, 768, "sm_80", (128, 128, 64), (64, 64, 64), 4),
    (7 * 128, 256, 512, "sm_80", (64, 64, 64), (32, 32, 64), 5),  # 128x64 gives 28 tiles: none fills
])
def test_gemm_heuristic_fills_a_wave_of_the_targets_sms(m, n, k, arch, tile, warp, stages):
    choice = choose_gemm_sm80(m, n, k, "f16", arch)
    assert (choice.tile, choice.warp, choice.stages) == (tile, warp, stages)
    assert choice.family == "gemm_sm80" and choice.cluster == (1, 1, 1)
    assert choice.schedule == f"multistage warp {warp[0]}x{warp[1]}x{warp[2]}"


def test_gemm_heuristic_small_problems_get_the_smallest_tile():
    choice = choose_gemm_sm80(77, 41, 26)
    assert choice.tile == (64, 64, 64) and "too small" in choice.reason
    batched = choose_gemm_sm80(512, 512, 64, batch=64)  # 4 x 2 x 64 tiles of 128x256 = 512
    assert batched.tile == (128, 256, 64)


def test_gemm_heuristic_choice_lowers_and_is_recorded():
    lowering = lower(bias_relu(1280, 3072, 768), arch="sm_90a")
    c = lowering.kernel.config
    assert (c.tile, c.warp, c.stages) == (Shape3(128, 256, 64), Shape3(64, 64, 64), 3)
    assert lowering.reason.startswith("heuristic: largest tile that still fills the 132 SMs")


@pytest.mark.parametrize("bad, message", [
    (dict(dtype="f32"), "f16 or bf16"), (dict(arch="sm_70"), "not sm_70"), (dict(m=0), "empty"),
])
def test_gemm_heuristic_rejects_what_it_cannot_choose_for(bad, message):
    args = dict(m=64, n=64, k=64, dtype="f16", arch="sm_80") | bad
    with pytest.raises(ValueError, match=message):
        choose_gemm_sm80(args.pop("m"), args.pop("n"), args.pop("k"), **args)


# --------------------------------------------------------------------------------------
# Which family lowers an anchor (anchors.py), and the sm_80 target flags.
# --------------------------------------------------------------------------------------


def test_anchors_pick_the_family_per_target_and_kernel_attr():
    from boltc.lowering.anchors import kernel_family, lower_anchor

    plain = parse_gemm(bias_relu(256, 256, 128))
    forced = parse_gemm(bias_relu(256, 256, 128, kernel=KERNEL_128))
    sm90_attr = parse_gemm(bias_relu(256, 256, 128, kernel=sm80_attr((128, 128, 64), family="gemm_sm90")))
    assert kernel_family(plain, "sm_80") == "gemm_sm80"
    assert kernel_family(plain, "sm_90a") == "gemm_sm90"
    assert kernel_family(forced, "sm_90a") == "gemm_sm80"  # CUTLASS 2.x on Hopper, by request
    assert kernel_family(forced, "sm_80") == "gemm_sm80"
    with pytest.raises(BoltcError, match="'gemm_sm90' runs on sm_90a, not sm_80 .choose --arch sm_90a."):
        kernel_family(sm90_attr, "sm_80")
    conv_attr = parse_gemm(bias_relu(256, 256, 128, kernel=sm80_attr((128, 128, 64), family="conv_sm80")))
    with pytest.raises(BoltcError, match="'conv_sm80' lowers bolt.conv2d, not bolt.gemm"):
        kernel_family(conv_attr, "sm_90a")
    unknown = parse_gemm(bias_relu(256, 256, 128, kernel=sm80_attr((128, 128, 64), family="gemm_sm70")))
    with pytest.raises(BoltcError, match="'gemm_sm70' is unknown"):
        kernel_family(unknown, "sm_80")

    on_hopper = lower_anchor(forced, "sm_90a")
    assert on_hopper.family == "gemm_sm80" and on_hopper.unit.arch is Arch.SM90A  # SASS for the H100
    on_ampere = lower_anchor(plain, "sm_80")
    assert on_ampere.family == "gemm_sm80" and on_ampere.unit.arch is Arch.SM80
    assert on_ampere.entry.startswith("boltc_gemm_sm80_") and "DefaultGemmWithVisitor" in on_ampere.unit.source


def test_sm80_objects_carry_ptx_so_they_run_on_hopper():
    assert Arch.SM80.gencode == "-gencode=arch=compute_80,code=[sm_80,compute_80]"
    assert Arch.parse("sm_80") is Arch.SM80


def test_infinite_clamp_bounds_drop_their_side():
    """A one-sided clamp (an infinite bound) needs no scalar for that side; the host cannot
    pass an infinite float, and max(x, -inf) is x anyway (NaN included)."""
    from boltc.lowering.cutlass.cpp import UnsupportedEpilogue

    def clamp(lo: str, hi: str):
        return lower(gemm_text(128, 64, 64, result="%c", body=[f"%c = bolt.ew.clamp %acc min {lo} max {hi} : {{acc}} -> {{acc}}"]))

    lowering = clamp("0xFFF0000000000000", "6.0")  # -inf
    assert [a for p, a in lowering.call() if p.role is ParamRole.SCALAR] == [6.0]
    cpp = lowering.kernel.render()
    assert "boltc_evt::MaximumNaN," not in cpp and "boltc_evt::MinimumNaN," in cpp
    with pytest.raises(UnsupportedEpilogue, match="'bolt.gemm': clamp to .inf, inf. has a bound that is no run-time float argument"):
        clamp("0x7FF0000000000000", "0x7FF0000000000000")  # everything to +inf


def test_the_epilogue_thread_map_needs_four_accesses_a_row():
    """evt_sm80.thread_map_blocker: CUTLASS's OutputTileOptimalThreadMap spreads a warp over
    min(N / alignment, 16) accesses times at most 8 rows (output_tile_thread_map.h)."""
    from boltc.lowering.cutlass.evt_sm80 import thread_map_blocker

    assert "2 accesses a row" in thread_map_blocker(16, 8)
    assert thread_map_blocker(16, 4) is None and thread_map_blocker(32, 8) is None
    assert thread_map_blocker(8, 1) is None and thread_map_blocker(128, 8) is None
    assert "1 accesses a row" in thread_map_blocker(8, 8)
