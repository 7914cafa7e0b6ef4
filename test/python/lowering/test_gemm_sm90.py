"""bolt.gemm -> sm_90a translation unit: configuration, validation before nvcc, the TU's text,
the C entry point and what one op passes to it; and the heuristic that picks the config."""

from __future__ import annotations

import re

import pytest

from boltc.lowering.cutlass.cpp import (
    HOST_ONLY_CLOSE,
    HOST_ONLY_OPEN,
    KERNEL_ADAPTER_HEADER,
    Element,
    GmemLayout,
    InvalidKernelConfig,
    KernelSchedule,
    Shape3,
    max_alignment,
)
from boltc.lowering.cutlass.conv_sm90 import PAD_CHANNELS_HEADER
from boltc.lowering.cutlass.evt import ROW_BROADCAST_PREFETCH_HEADER, build_epilogue, Role
from boltc.lowering.cutlass.gemm_sm90 import (
    GemmSm90Config,
    GemmSm90Kernel,
    Operand,
    OperandKind,
    ParamRole,
    ScheduleWords,
    Sm90Schedule,
    effective_swizzle,
    lower_gemm,
    schedule_of,
    schedule_words,
    tma_epilogue_smem_bytes,
)
from boltc.tuning.heuristic import choose_gemm_sm90, epilogue_subtile_n

from gemm_text import KERNEL_COOP_128, bias_relu, gemm_text, parse_gemm
from kernel_headers import header_text, included_headers


def kernel_attr(tile, cluster=(1, 1, 1), stages=4, schedule="cooperative", family="gemm_sm90") -> str:
    return (
        f'#bolt.kernel<"{family}", tile [{", ".join(map(str, tile))}], '
        f'cluster [{", ".join(map(str, cluster))}], stages {stages}, "{schedule}">'
    )


def lower(text: str):
    return lower_gemm(parse_gemm(text))


# --------------------------------------------------------------------------------------
# The translation unit.
# --------------------------------------------------------------------------------------


def test_bias_relu_tu_instantiates_the_collective_builders():
    lowering = lower(bias_relu(1000, 1024, 512, kernel=KERNEL_COOP_128))
    cpp = lowering.kernel.render()
    name = lowering.kernel.name
    assert re.fullmatch(r"boltc_gemm_sm90_[0-9a-f]{16}", name)
    for piece in [
        "using LayoutA = cutlass::layout::RowMajor;",
        "using LayoutB = cutlass::layout::ColumnMajor;",  # transpose_b: B stored N x K
        "constexpr int AlignmentA = 8;",
        "using TileShape = cute::Shape<cute::_128, cute::_128, cute::_64>;",
        "using ClusterShape = cute::Shape<cute::_2, cute::_1, cute::_1>;",
        "using KernelSchedule = cutlass::gemm::KernelTmaWarpSpecializedCooperative;",
        "using EpilogueSchedule = cutlass::epilogue::TmaWarpSpecializedCooperative;",
        "cutlass::epilogue::collective::CollectiveBuilder<\n    cutlass::arch::Sm90,\n    cutlass::arch::OpClassTensorOp,",
        "    EpilogueSchedule,\n    Fusion>::CollectiveOp;",
        "cutlass::gemm::collective::CollectiveBuilder<\n    cutlass::arch::Sm90,",
        "cutlass::gemm::collective::StageCount<4>,",
        "cutlass::gemm::kernel::GemmUniversal<\n    cute::Shape<int, int, int, int>,",
        "using Gemm = boltc::KernelAdapter<GemmKernel, load_kernel, true>;",  # a programmatic dependent launch
        "using Leaf0 = boltc_evt::Sm90RowBroadcastPrefetch<\n    TileShape,\n    cutlass::half_t,",
        "StrideB{ldb, cute::_1{}, batch_stride_b}",  # K-major B
        f"BOLTC_EXPORT int {name}(int m, int n, int k, int batch, const void* a,",
        f"BOLTC_EXPORT size_t {name}_workspace_size(",
        f"BOLTC_EXPORT int {name}_can_implement(",
        "status = op.initialize(arguments, workspace, stream);",
        "return static_cast<int>(op.run(stream));",
    ]:
        assert piece in cpp, piece
    # Every type lives in an anonymous namespace: two TUs in one .so cannot clash.
    assert cpp.index("namespace {") < cpp.index("using Gemm =") < cpp.index("}  // namespace\n")
    assert "--expt-relaxed-constexpr" not in cpp and "@KERNEL_NAME@" not in cpp
    assert_split(lowering.kernel, "GemmKernel")


def assert_split(kernel, kernel_type: str) -> None:
    """The host TU loads the kernel from the embedded fatbin and never instantiates
    device_kernel (or it would compile the kernel again); the device TU holds the kernel alone,
    under the C name the host looks up, with the same type definitions."""
    host, device, name = kernel.render(), kernel.render_device(), kernel.name
    assert f'extern "C" unsigned char const {name}_fatbin[];' in host
    assert f'cudaLibraryGetKernel(&handle, library, "{name}_kernel")' in host
    assert "device_kernel<" not in host
    # The only kernel a host TU may hold is conv's small channel-padding helper, from boltc's header.
    assert "__global__" not in host
    pads = PAD_CHANNELS_HEADER in included_headers(host)
    assert f"{name}_kernel(CUTLASS_GRID_CONSTANT typename {kernel_type}::Params const params)" in device
    assert 'extern "C" __global__ void __launch_bounds__(' in device
    assert "BOLTC_EXPORT int" not in device and "KernelAdapter" not in device
    types = host[host.index("using ElementA"):host.index(f"using {kernel_type} =")]
    assert types in device
    # nvcc's device pass skips a host TU without a kernel of its own (cpp.host_only); one with
    # the channel-padding kernel must reach it, or that kernel would have no device code.
    guarded = host.startswith(HOST_ONLY_OPEN) and host.endswith(HOST_ONLY_CLOSE)
    assert guarded == (not pads) == (not kernel.host_has_device_code)
    # The launch from the host TU is boltc's KernelAdapter (its header: the host TU's alone).
    assert KERNEL_ADAPTER_HEADER in included_headers(host) and KERNEL_ADAPTER_HEADER not in included_headers(device)
    assert "__CUDA_ARCH__" not in device


def test_bias_rows_are_prefetched_by_the_epilogue_load_warp_of_tma_kernels():
    """The persistent TMA kernels (cooperative, pingpong) run an epilogue load warp beside the
    mainloop: a bias row is fetched there (Sm90RowBroadcastPrefetch, two tile rows of shared
    memory); the cp.async kernels keep CUTLASS's Sm90RowBroadcast."""
    for schedule, tile in (("cooperative", (128, 256, 64)), ("pingpong", (64, 128, 64))):
        kernel = lower(bias_relu(1024, 1024, 512, kernel=kernel_attr(tile, schedule=schedule))).kernel
        host, device = kernel.render(), kernel.render_device()
        assert kernel.prefetch_rows, schedule
        for text in (host, device):  # the host TU's can_implement checks the row's alignment
            assert ROW_BROADCAST_PREFETCH_HEADER in included_headers(text)
            assert "boltc_evt::Sm90RowBroadcastPrefetch<" in text and "cutlass::epilogue::fusion::Sm90RowBroadcast<" not in text
    header = header_text(ROW_BROADCAST_PREFETCH_HEADER)
    assert "struct Sm90RowBroadcastPrefetch {" in header
    assert "cute::SM90_BULK_COPY_G2S::copy(gmem_row, full_mbarrier_ptr, buffer, int32_t(bytes));" in header
    # Sm90RowBroadcastPrefetch keeps two tiles' rows: 2 x 256 f16 against one for CUTLASS's node.
    tree = kernel.epilogue
    cutlass_row = tma_epilogue_smem_bytes(Shape3(128, 256, 64), (128, 32), Element.F16, tree)
    assert tma_epilogue_smem_bytes(Shape3(128, 256, 64), (128, 32), Element.F16, tree,
                                   prefetch_rows=True) == cutlass_row + 256 * 2
    cp_async = lower(bias_relu(300, 256, 100)).kernel  # K=100: cp.async loads
    assert not cp_async.prefetch_rows
    assert "cutlass::epilogue::fusion::Sm90RowBroadcast<" in cp_async.render_device()
    assert "Sm90RowBroadcastPrefetch" not in cp_async.render_device()
    assert ROW_BROADCAST_PREFETCH_HEADER not in included_headers(cp_async.render_device())
    plain = lower(gemm_text(256, 256, 64, transpose_b=True)).kernel  # no row: nothing to fetch
    assert not plain.prefetch_rows and "Sm90RowBroadcastPrefetch" not in plain.render_device()


def _bias_act(m: int, n: int, k: int, act: str, **kwargs) -> str:
    return bias_relu(m, n, k, **kwargs).replace("bolt.ew.relu %s", f"bolt.ew.{act} %s")


@pytest.mark.parametrize("act,schedule,tile,epilogue", [
    ("gelu erf", "cooperative", (128, 256, 64), (128, 64)),  # transcendental: wider subtiles
    ("softplus", "cooperative", (128, 128, 64), (128, 64)),
    ("relu", "cooperative", (128, 256, 64), (128, 32)),  # cheap: CUTLASS's 128x32
    ("gelu erf", "pingpong", (64, 128, 64), (64, 32)),  # pingpong keeps CUTLASS's choice
])
def test_transcendental_epilogues_of_cooperative_kernels_store_128x64_subtiles(act, schedule, tile, epilogue):
    kernel = lower(_bias_act(1024, 1024, 512, act, kernel=kernel_attr(tile, schedule=schedule))).kernel
    assert kernel.config.epilogue_tile() == epilogue
    device = kernel.render_device()
    if epilogue == (128, 64):
        assert "using EpilogueTile = cute::Shape<cute::_128, cute::_64>;" in device
        assert "epilogue 128x64" in kernel.config.summary()
    else:
        assert "using EpilogueTile = cutlass::epilogue::collective::EpilogueTileAuto;" in device


def test_epilogue_subtile_rule():
    assert epilogue_subtile_n(cooperative=True, tile_n=256, transcendental=True) == 64
    assert epilogue_subtile_n(cooperative=True, tile_n=256, transcendental=False) == 32
    assert epilogue_subtile_n(cooperative=False, tile_n=128, transcendental=True) == 32
    assert epilogue_subtile_n(cooperative=True, tile_n=96, transcendental=True) == 32  # 64 does not divide 96


def test_persistent_kernels_launch_as_programmatic_dependents_but_stream_k():
    """cpp.py PDL_DEFINE: CUTLASS's GEMM kernels wait on the previous grid before touching
    global memory when CUTLASS_ENABLE_GDC_FOR_SM90 is defined before its headers (in both TUs),
    and the adapter then launches them with programmatic stream serialization; stream-K's
    scheduler does not compile with the define (CUTLASS 4.2), so it launches plainly."""
    for schedule, programmatic in (("cooperative", True), ("pingpong", True), ("cooperative_streamk", False)):
        tile = (64, 64, 64) if schedule == "pingpong" else (128, 128, 64)
        kernel = lower(bias_relu(1280, 768, 3072, kernel=kernel_attr(tile, schedule=schedule))).kernel
        host, device = kernel.render(), kernel.render_device()
        for text in (host, device):
            assert ("#define CUTLASS_ENABLE_GDC_FOR_SM90 1" in text) is programmatic, schedule
            if programmatic:  # before any CUTLASS header
                assert text.index("CUTLASS_ENABLE_GDC_FOR_SM90 1") < text.index('#include "cutlass/')
        adapter = ("using Gemm = boltc::KernelAdapter<GemmKernel, load_kernel, true>;" if programmatic
                   else "using Gemm = boltc::KernelAdapter<GemmKernel, load_kernel>;")
        assert adapter in host, schedule
    assert "cudaLaunchAttributeProgrammaticStreamSerialization" in header_text(KERNEL_ADAPTER_HEADER)


@pytest.mark.parametrize("tile, schedule, extended", [
    ((64, 112, 64), "pingpong", True), ((128, 224, 64), "cooperative", True), ((128, 208, 64), "cooperative", True),
    ((64, 128, 64), "pingpong", False), ((128, 96, 64), "cooperative", False), ((128, 192, 64), "cooperative", False),
    ((128, 256, 64), "cooperative", False),
])
def test_tile_n_outside_the_base_wgmma_sizes_defines_the_extended_shapes(tile, schedule, extended):
    """cpp.py EXTENDED_GMMA_DEFINE: CUTLASS picks a tile's WGMMA N from 8, 16, 32, 64, 96, 128,
    192 and 256 unless CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED is defined before its headers (a
    112-wide tile then ran as m64n16 instructions); defined in both TUs of a tile that needs
    it, in none of one that does not (it costs nvcc time)."""
    kernel = lower(gemm_text(1568, 2048, 512, transpose_b=True, kernel=kernel_attr(tile, schedule=schedule))).kernel
    for text in (kernel.render(), kernel.render_device()):
        assert ("#define CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED 1" in text) is extended, tile
        if extended:
            assert text.index("CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED") < text.index('#include "cute/')


def test_stream_k_schedule_is_the_cooperative_kernel_under_the_stream_k_scheduler():
    kernel = lower(bias_relu(1280, 768, 3072, kernel=kernel_attr((128, 128, 64), schedule="cooperative_streamk"))).kernel
    device = kernel.render_device()
    assert "using KernelSchedule = cutlass::gemm::KernelTmaWarpSpecializedCooperative;" in device
    assert '"CollectiveEpilogue",' not in device
    assert "CollectiveEpilogue,\n    cutlass::gemm::StreamKScheduler>;" in device
    # A CTA may finish another's tile subtile by subtile: CUTLASS's own row broadcast there.
    assert not kernel.prefetch_rows and "cutlass::epilogue::fusion::Sm90RowBroadcast<" in device
    persistent = lower(bias_relu(1280, 768, 3072, kernel=kernel_attr((128, 128, 64)))).kernel.render_device()
    assert "StreamKScheduler" not in persistent


def test_split_k_schedule_passes_its_split_count_to_the_stream_k_scheduler():
    """`cooperative_splitk S`: the stream-K scheduler's kernel with `splits` = S in the
    arguments (CUTLASS then bypasses its run-time heuristic: split-K in S parts); no
    programmatic launch and no row prefetch, as under stream-K."""
    kernel = lower(bias_relu(1280, 768, 3072, kernel=kernel_attr((128, 128, 64), schedule="cooperative_splitk 3"))).kernel
    assert kernel.config.splits == 3 and kernel.config.schedule.stream_k
    host, device = kernel.render(), kernel.render_device()
    assert "CollectiveEpilogue,\n    cutlass::gemm::StreamKScheduler>;" in device
    assert host.count("arguments.scheduler.splits = 3;") == 1
    assert "scheduler.splits" not in device  # the arguments are the host TU's
    assert not kernel.programmatic and not kernel.prefetch_rows
    assert "tile 128x128x64, cluster 1x1x1, stages 4, tma_cooperative_splitk 3" in host
    # One TU per split count: the count is in the text, so in the name.
    two = lower(bias_relu(1280, 768, 3072, kernel=kernel_attr((128, 128, 64), schedule="cooperative_splitk 2"))).kernel
    assert two.name != kernel.name
    streamk = lower(bias_relu(1280, 768, 3072, kernel=kernel_attr((128, 128, 64), schedule="cooperative_streamk"))).kernel
    assert streamk.config.splits == 1 and "scheduler.splits" not in streamk.render()


@pytest.mark.parametrize("schedule,message", [
    ("cooperative_splitk", "needs its split count, as \"cooperative_splitk 2\""),
    ("cooperative_splitk two", "needs its split count"),
    ("cooperative_splitk 1", "split count from 2 to 8, got 1"),
    ("cooperative_splitk 9", "split count from 2 to 8, got 9"),
    ("cooperative 2", "schedule 'cooperative' takes no parameter"),
])
def test_split_k_schedule_errors(schedule, message):
    with pytest.raises(InvalidKernelConfig, match=message):
        lower(bias_relu(1280, 768, 3072, kernel=kernel_attr((128, 128, 64), schedule=schedule)))


@pytest.mark.parametrize("name,tma,expected", [
    ("cooperative", True, Sm90Schedule(KernelSchedule.TMA_COOPERATIVE)),
    ("cooperative swizzle 8", True, Sm90Schedule(KernelSchedule.TMA_COOPERATIVE, swizzle=8)),
    ("pingpong  swizzle 4", True, Sm90Schedule(KernelSchedule.TMA_PINGPONG, swizzle=4)),
    ("pingpong swizzle 2", False, Sm90Schedule(KernelSchedule.CP_ASYNC_PINGPONG, swizzle=2)),
    ("cooperative_splitk 3", True, Sm90Schedule(KernelSchedule.TMA_COOPERATIVE_SPLITK, splits=3)),
    # Parsed (the blocker refuses it: test_swizzle_is_refused_where_cutlass_or_boltc_would_not_run_it).
    ("cooperative_splitk 2 swizzle 2", True, Sm90Schedule(KernelSchedule.TMA_COOPERATIVE_SPLITK, 2, 2)),
])
def test_schedule_strings_name_the_schedule_splits_and_swizzle(name, tma, expected):
    """`BASE [SPLITS] [swizzle S]`; the lenient helpers read the same numbers (and 1 from any
    other family's schedule string, which the model hands them too)."""
    assert schedule_of(name, tma=tma) == expected
    words = schedule_words(name)
    assert (words.base, words.splits, words.swizzle) == (expected.kernel.bolt_name, expected.splits, expected.swizzle)
    assert schedule_words("multistage warp 64x64x64") == ScheduleWords("multistage", 1, 1)


@pytest.mark.parametrize("schedule,message", [
    ("cooperative swizzle", "`swizzle` takes the tile scheduler's swizzle, as \"cooperative swizzle 8\""),
    ("pingpong swizzle eight", "`swizzle` takes the tile scheduler's swizzle"),
    ("cooperative 8 swizzle", "`swizzle` takes the tile scheduler's swizzle"),
    ("cooperative swizzle 8 swizzle 4", "takes no parameter but `swizzle S`"),
    ("cooperative_splitk swizzle 2", "needs its split count"),
    ("cooperative swizzle 3", "swizzle is one of 1, 2, 4, 8, got 3"),
    ("cooperative swizzle 16", "swizzle is one of 1, 2, 4, 8, got 16"),
    ("cooperative_splitk 2 swizzle 2", "not cooperative_splitk, which runs under CUTLASS's stream-K scheduler"),
    ("cooperative_streamk swizzle 4", "not cooperative_streamk"),
])
def test_swizzle_is_refused_where_cutlass_or_boltc_would_not_run_it(schedule, message):
    with pytest.raises(InvalidKernelConfig, match=re.escape(message)):
        lower(bias_relu(4096, 4096, 4096, kernel=kernel_attr((128, 256, 64), schedule=schedule)))


def test_swizzle_sets_the_tile_schedulers_argument_in_the_host_tu():
    """`"cooperative swizzle 8"`: CUTLASS's max_swizzle_size in make_arguments (host TU only),
    the configuration's summary says it, and it is its own TU; swizzle 1 is the plain kernel,
    byte for byte."""
    attr = lambda schedule: kernel_attr((128, 256, 64), (2, 1, 1), schedule=schedule)
    kernel = lower(bias_relu(8192, 8192, 8192, kernel=attr("cooperative swizzle 8"))).kernel
    assert kernel.config.swizzle == 8 and kernel.config.splits == 1
    host, device = kernel.render(), kernel.render_device()
    assert host.count("arguments.scheduler.max_swizzle_size = 8;") == 1
    assert "max_swizzle_size" not in device
    assert "tile 128x256x64, cluster 2x1x1, stages 4, tma_cooperative swizzle 8" in host
    assert kernel.programmatic and kernel.prefetch_rows  # still the data-parallel persistent kernel
    plain = lower(bias_relu(8192, 8192, 8192, kernel=attr("cooperative"))).kernel
    assert plain.config.swizzle == 1 and "max_swizzle_size" not in plain.render() and plain.name != kernel.name
    assert lower(bias_relu(8192, 8192, 8192, kernel=attr("cooperative swizzle 1"))).kernel.render() == plain.render()
    four = lower(bias_relu(8192, 8192, 8192, kernel=attr("cooperative swizzle 4"))).kernel
    assert four.name != kernel.name and "arguments.scheduler.max_swizzle_size = 4;" in four.render()
    pingpong = lower(bias_relu(8192, 8192, 8192, kernel=kernel_attr((128, 128, 64), schedule="pingpong swizzle 4")))
    assert "max_swizzle_size = 4;" in pingpong.kernel.render()
    assert pingpong.kernel.config.summary().endswith("tma_pingpong swizzle 4")


def test_effective_swizzle_is_cutlass_get_log_swizzle_size():
    """tile_scheduler_params.h: 8 needs 6 CTAs on the grid's shorter side, 4 three, 2 two."""
    assert [effective_swizzle(8, 64, n) for n in (1, 2, 3, 5, 6, 32)] == [1, 2, 4, 4, 8, 8]
    assert [effective_swizzle(s, 64, 32) for s in (1, 2, 4, 8)] == [1, 2, 4, 8]
    assert effective_swizzle(4, 2, 64) == 2


def test_one_tu_per_configuration_not_per_layer():
    big = lower(bias_relu(4096, 1024, 512, kernel=KERNEL_COOP_128))
    small = lower(bias_relu(96, 256, 128, kernel=KERNEL_COOP_128))
    assert big.kernel.name == small.kernel.name and big.kernel.render() == small.kernel.render()
    assert big.arguments != small.arguments  # the sizes travel as arguments
    other_epilogue = lower(
        gemm_text(96, 256, 128, transpose_b=True, kernel=KERNEL_COOP_128)
    )
    assert other_epilogue.kernel.name != big.kernel.name


def test_heuristic_choices_at_other_sizes_share_the_tu():
    # Same heuristic configuration (and epilogue) at different sizes: one TU, one name.
    first, second = lower(bias_relu(8192, 8192, 1024)), lower(bias_relu(4096, 8192, 512))
    assert first.kernel.config == second.kernel.config and first.reason != second.reason
    assert first.kernel.render() == second.kernel.render()


def test_the_name_is_a_hash_of_the_text():
    kernel = lower(bias_relu(128, 256, 64, kernel=KERNEL_COOP_128)).kernel
    cpp = kernel.render()
    assert cpp.count(kernel.name) >= 4  # header comment + three exports
    changed = lower(bias_relu(128, 256, 64, kernel=kernel_attr((128, 128, 64), (2, 1, 1), 3))).kernel
    assert changed.name != kernel.name


def test_entry_point_parameters_and_this_ops_arguments():
    lowering = lower(bias_relu(1000, 1024, 512, kernel=KERNEL_COOP_128))
    entry = lowering.kernel.entry_point
    assert [p.name for p in entry.params] == [
        "m", "n", "k", "batch", "a", "lda", "batch_stride_a", "b", "ldb", "batch_stride_b",
        "d", "ldd", "batch_stride_d", "x0", "x0_batch_stride", "workspace", "workspace_size", "stream",
    ]
    assert [p.ctype for p in entry.params][-3:] == ["void*", "size_t", "cudaStream_t"]
    call = dict((p.name, a) for p, a in lowering.call())
    assert (call["m"], call["n"], call["k"], call["batch"]) == (1000, 1024, 512, 1)
    assert (call["lda"], call["ldb"], call["ldd"]) == (512, 512, 1024)
    assert call["a"] == Operand(OperandKind.LHS) and call["d"] == Operand(OperandKind.RESULT)
    assert call["x0"] == Operand(OperandKind.EXTRA, 0) and call["x0_batch_stride"] == 0
    assert call["stream"] is ParamRole.STREAM
    launch, workspace, can = entry.prototypes()
    assert launch.startswith(f"int {entry.name}(int m, int n, int k, int batch, const void* a, int64_t lda,")
    assert workspace.endswith("const void* x0, int64_t x0_batch_stride)")
    assert entry.c_declarations().count('extern "C" ') == 3


def test_scalars_and_residuals_are_parameters():
    text = gemm_text(
        128, 64, 32, extras=[([128, 64], "f16")], result="%o",
        body=[
            "%h = bolt.constant dense<5.000000e-01> : tensor<f32>",
            "%s = bolt.ew.mul %acc, %h : {acc}, tensor<f32> -> {acc}",
            "%r32 = bolt.ew.cast %x0 : {x0} -> {acc}",
            "%o = bolt.ew.add %s, %r32 : {acc}, {acc} -> {acc}",
        ],
    )
    lowering = lower(text)
    call = dict((p.name, a) for p, a in lowering.call())
    assert (call["x0_ld"], call["x0_batch_stride"], call["s0"]) == (64, 0, 0.5)
    assert "float s0" in lowering.kernel.entry_point.prototypes()[0]


def test_batched_and_folded_batches():
    batched = lower(bias_relu(64, 128, 32, batch=3))
    call = dict((p.name, a) for p, a in batched.call())
    assert (call["m"], call["batch"], call["batch_stride_a"], call["batch_stride_b"], call["batch_stride_d"]) == (
        64, 3, 64 * 32, 128 * 32, 64 * 128,
    )
    shared = lower(bias_relu(64, 128, 32, batch=3, batched_rhs=False))  # a linear layer on 3-D input
    call = dict((p.name, a) for p, a in shared.call())
    assert (call["m"], call["batch"], call["batch_stride_a"], call["batch_stride_b"]) == (192, 1, 0, 0)


def test_row_major_b_and_column_major_a():
    text = gemm_text(64, 128, 32, kernel=KERNEL_COOP_128)
    cpp = lower(text).kernel.render()
    assert "using LayoutB = cutlass::layout::RowMajor;" in cpp and "StrideB{cute::_1{}, ldb, batch_stride_b}" in cpp
    a_t = text.replace("%d = bolt.gemm %a, %b {", "%d = bolt.gemm %a, %b {transpose_a, ").replace(
        "tensor<64x32xf16>", "tensor<32x64xf16>"
    )
    lowering = lower(a_t)
    assert "using LayoutA = cutlass::layout::ColumnMajor;" in lowering.kernel.render()
    assert dict((p.name, a) for p, a in lowering.call())["lda"] == 64


def test_unaligned_k_uses_cp_async_and_no_cluster():
    lowering = lower(bias_relu(300, 256, 100))  # K=100: 4 f16 (8 bytes) per row access
    config = lowering.kernel.config
    assert (config.alignment_a, config.alignment_b) == (4, 4)
    assert not config.schedule.uses_tma and config.cluster == Shape3(1, 1, 1)
    assert "cutlass::gemm::KernelCpAsyncWarpSpecialized" in lowering.kernel.render()


def test_unaligned_n_plain_store_drops_to_the_no_smem_epilogue():
    lowering = lower(gemm_text(200, 46, 64, transpose_b=True))
    cpp = lowering.kernel.render()
    assert lowering.kernel.config.alignment_d == 2
    assert "using EpilogueSchedule = cutlass::epilogue::NoSmemWarpSpecialized;" in cpp
    assert "cutlass::epilogue::fusion::LinearCombination<" in cpp and "Sm90EVT" not in cpp


def test_unaligned_n_with_a_fused_epilogue_is_refused_before_nvcc():
    with pytest.raises(InvalidKernelConfig, match="16-byte aligned rows of D.*pad-alignment") as info:
        lower(bias_relu(200, 46, 64))
    assert info.value.op_name == "bolt.gemm"


# --------------------------------------------------------------------------------------
# Configurations CUTLASS would reject, refused with a reason first.
# --------------------------------------------------------------------------------------


def config(**overrides) -> GemmSm90Config:
    fields = dict(
        element_ab=Element.F16, element_d=Element.F16, layout_a=GmemLayout.ROW_MAJOR,
        layout_b=GmemLayout.COLUMN_MAJOR, alignment_a=8, alignment_b=8, alignment_d=8,
        tile=Shape3(128, 128, 64), cluster=Shape3(2, 1, 1), schedule=KernelSchedule.TMA_COOPERATIVE,
        stages=None,
    )
    fields.update(overrides)
    return GemmSm90Config(**fields)


def test_a_good_config_passes():
    assert config().blocker() is None


@pytest.mark.parametrize(
    "overrides,message",
    [
        ({"alignment_a": 4}, r"4 x f16 = 8 bytes at a time; TMA needs multiples of 16 bytes"),
        ({"alignment_b": 1, "schedule": KernelSchedule.CP_ASYNC_COOPERATIVE, "cluster": Shape3(1, 1, 1)},
         r"1 x f16 = 2 bytes at a time; cp.async needs multiples of 4 bytes"),
        ({"alignment_a": 16}, r"not a power of two of at most 16 bytes"),
        ({"tile": Shape3(64, 128, 64)}, r"cooperative kernel .* M must be 128 or 256, got 64"),
        ({"tile": Shape3(256, 128, 64), "schedule": KernelSchedule.TMA_PINGPONG}, r"pingpong .* got 256"),
        ({"tile": Shape3(128, 100, 64)}, r"tile N must be a multiple of 16"),
        ({"tile": Shape3(128, 128, 24)}, r"tile K must be a multiple of 16"),
        ({"cluster": Shape3(4, 4, 1)}, r"at most 8 CTAs"),
        ({"cluster": Shape3(1, 1, 2)}, r"cluster must be M x N x 1"),
        ({"schedule": KernelSchedule.CP_ASYNC_COOPERATIVE, "alignment_a": 4}, r"no multicast: cluster must be 1x1x1"),
        ({"stages": 1}, r"at least 2 stages"),
        ({"tile": Shape3(256, 256, 128), "stages": 4}, r"4 stages of 131104 bytes exceed"),
        ({"element_ab": Element.F32, "alignment_a": 4, "alignment_b": 4}, r"must be f16 or bf16"),
        ({"swizzle": 0}, r"swizzle is one of 1, 2, 4, 8, got 0"),
        ({"swizzle": 2, "schedule": KernelSchedule.TMA_COOPERATIVE_SPLITK, "splits": 2, "cluster": Shape3(1, 1, 1)},
         r"not cooperative_splitk, which runs under CUTLASS's stream-K scheduler"),
    ],
)
def test_bad_configs_are_refused_before_nvcc(overrides, message):
    with pytest.raises(InvalidKernelConfig, match=message):
        config(**overrides)


def test_stages_are_checked_against_the_epilogue_too():
    residual = gemm_text(
        256, 256, 64, transpose_b=True, extras=[([256, 256], "f32")], result="%o",
        body=["%o = bolt.ew.add %acc, %x0 : {acc}, {x0} -> {acc}"],
    )
    tree, _ = build_epilogue(parse_gemm(residual), (Role.M, Role.N))
    GemmSm90Kernel(config(tile=Shape3(128, 256, 64), stages=3), tree)
    # 4 x 49184 B of mainloop fit alone, but not beside 4 stages of a 128x32 f32 aux tile + D.
    with pytest.raises(InvalidKernelConfig, match="4 stages of 49184 bytes and an epilogue of about"):
        GemmSm90Kernel(config(tile=Shape3(128, 256, 64), stages=4), tree)


def test_kernel_attr_errors_name_the_op_and_its_place():
    text = bias_relu(256, 256, 64, kernel=kernel_attr((64, 128, 64), schedule="cooperative"))
    with pytest.raises(InvalidKernelConfig, match="'bolt.gemm': .*M must be 128 or 256") as info:
        lower(text)
    assert info.value.location is not None
    with pytest.raises(InvalidKernelConfig, match="family 'conv_sm90' is not 'gemm_sm90'"):
        lower(bias_relu(256, 256, 64, kernel=kernel_attr((128, 128, 64), family="conv_sm90")))
    with pytest.raises(InvalidKernelConfig, match="unknown sm_90a GEMM schedule 'stream_k'"):
        lower(bias_relu(256, 256, 64, kernel=kernel_attr((128, 128, 64), schedule="stream_k")))


def test_odd_k_cannot_run_on_sm90_at_all():
    with pytest.raises(InvalidKernelConfig, match="2 bytes at a time; cp.async needs multiples of 4 bytes"):
        lower(bias_relu(64, 128, 33))


def test_alignment_is_the_widest_vector_dividing_the_row():
    assert [max_alignment(k, Element.F16) for k in (64, 100, 46, 33)] == [8, 4, 2, 1]
    assert [max_alignment(n, Element.F32) for n in (64, 6, 3)] == [4, 2, 1]


# --------------------------------------------------------------------------------------
# The heuristic.
# --------------------------------------------------------------------------------------


def test_heuristic_large_problems_take_the_big_cooperative_tile():
    choice = choose_gemm_sm90(8192, 8192, 8192, "f16", "sm_90a")
    assert (choice.tile, choice.schedule, choice.cluster, choice.stages) == (
        (128, 256, 64), "cooperative", (2, 1, 1), None,
    )


def test_heuristic_mid_and_small_problems_trade_tile_size_for_parallelism():
    assert choose_gemm_sm90(2048, 2048, 1024).tile == (128, 256, 64)  # 128 tiles: 97% of a wave
    assert choose_gemm_sm90(2048, 1024, 1024).tile == (128, 128, 64)  # 128x256 would be 64 tiles
    small_m = choose_gemm_sm90(16, 4096, 4096)
    assert small_m.tile[0] == 64 and small_m.schedule == "pingpong" and small_m.cluster == (1, 2, 1)
    tiny = choose_gemm_sm90(64, 64, 64)
    assert tiny.tile == (64, 64, 64) and tiny.cluster == (1, 1, 1)


def test_heuristic_weighs_the_last_wave_of_cooperative_tiles():
    """wave use x tile reuse among cooperative tiles keeping >= 70 % of the SM slots busy."""
    # BERT's QKV: 288 tiles of 128x256 leave the third round 18 % full; 384 of 128x192 fill 97 %.
    assert choose_gemm_sm90(4096, 2304, 768).tile == (128, 192, 64)
    # Many rounds either way: the bigger tile's reuse wins (97 % against 99 % of the slots).
    assert choose_gemm_sm90(8192, 8192, 8192).tile == (128, 256, 64)
    # No cooperative tile keeps 70 % busy (1280x768: 60 tiles of 128x128): pingpong 64x128.
    narrow = choose_gemm_sm90(1280, 768, 3072)
    assert (narrow.tile, narrow.schedule) == ((64, 128, 64), "pingpong")


def test_heuristic_cooperative_tiles_cluster_only_wide_b():
    """A 2x1 cluster (B multicast) for a cooperative tile only where N > 1024
    (heuristic.CLUSTER_MIN_N: measured slower below, faster above)."""
    for m, n, k in ((4096, 768, 768), (4096, 768, 3072), (32768, 1024, 4096)):
        choice = choose_gemm_sm90(m, n, k)
        assert choice.schedule == "cooperative" and choice.cluster == (1, 1, 1), (m, n, k, choice)
        assert "no cluster" in choice.reason
    for m, n, k in ((4096, 2304, 768), (4096, 3072, 768), (4096, 4096, 4096)):
        choice = choose_gemm_sm90(m, n, k)
        assert choice.schedule == "cooperative" and choice.cluster == (2, 1, 1), (m, n, k, choice)
    # under one wave no 2x1 cluster, cooperative or not (1280x768: 120 tiles of 64x128)
    sub_wave = choose_gemm_sm90(1280, 768, 768)
    assert (sub_wave.tile, sub_wave.schedule, sub_wave.cluster) == ((64, 128, 64), "pingpong", (1, 1, 1))
    assert "under one wave" in sub_wave.reason


def test_heuristic_scores_the_share_of_a_tile_inside_the_problem():
    """ResNet-50's 1x1 layers as GEMMs (H200, bench/RESULTS.md 2026-11-30): a 128x192 tile
    on N = 256 leaves a third of its second column of tiles empty (6272x256x1024: 128x128,
    12.54 us, not 128x192, 15.10); where scores tie the better wave use wins (25088x256x512:
    392 tiles of 128x128 over 196 of 128x256, 18.8 against 21.4 us); with no cooperative tile
    keeping 70 % of the SMs busy, the best score of all, not the first tile to fill a wave
    (1568x512x2048: 64x128 pingpong, 12.1 us, not 64x64, 17.2)."""
    assert choose_gemm_sm90(6272, 256, 1024).tile == (128, 128, 64)
    assert choose_gemm_sm90(25088, 256, 512).tile == (128, 128, 64)
    long_k = choose_gemm_sm90(1568, 512, 2048)
    assert (long_k.tile, long_k.schedule, long_k.cluster) == ((64, 128, 64), "pingpong", (1, 1, 1))
    assert "no cooperative tile keeps 70%" in long_k.reason
    # where every tile covers the problem exactly, the share changes nothing
    assert choose_gemm_sm90(4096, 4096, 4096).tile == (128, 256, 64)


def test_heuristic_unaligned_rows_get_no_cluster():
    assert choose_gemm_sm90(4096, 4096, 100).cluster == (1, 1, 1)


def test_heuristic_is_a_pure_function():
    assert choose_gemm_sm90(1000, 46, 174) == choose_gemm_sm90(1000, 46, 174)
    with pytest.raises(ValueError, match="sm_90a"):
        choose_gemm_sm90(64, 64, 64, "f16", "sm_80")
    with pytest.raises(ValueError, match="f16 or bf16"):
        choose_gemm_sm90(64, 64, 64, "f32")


@pytest.mark.parametrize("m,n,k", [(1, 8, 8), (1000, 1024, 512), (8192, 8192, 8192), (33, 4096, 200)])
def test_every_heuristic_choice_is_a_valid_config(m, n, k):
    choice = choose_gemm_sm90(m, n, k)
    tma = (k * 2) % 16 == 0 and (n * 2) % 16 == 0
    config(
        tile=Shape3.of(choice.tile), cluster=Shape3.of(choice.cluster),
        schedule=KernelSchedule.select(choice.schedule, tma=tma),
        alignment_a=max_alignment(k, Element.F16), alignment_b=max_alignment(k, Element.F16),
    )
