"""b2b_conv_direct without a GPU: which pairs it takes (the RGB stems, folded by space-to-depth)
and why it refuses the rest, its taps against the unfolded convolution (the kernel's gather
emulated in numpy against the reference executor), the host program (no fold kernel; the
kernel reads the model input), the model's fuse decision, and (marker nvcc) that the TUs
compile for both targets. The GPU numerics are test/gpu/test_b2b_conv_direct.py's."""

from __future__ import annotations

import os

import numpy as np
import pytest
import torch

from boltc.compiler import lower_library, optimize
from boltc.dialects import bolt
from boltc.frontends import load
from boltc.interpret.runner import run_module
from boltc.lowering.anchors import lower_anchor
from boltc.lowering.build import Arch
from boltc.lowering.cutlass import b2b_conv_direct
from boltc.lowering.cutlass.b2b_conv_direct import (
    BIAS_COLUMN,
    B2bConvDirectConfig,
    direct_refusal,
    lower_b2b_conv_direct,
    tile_for,
)
from boltc.lowering.cutlass.cpp import Element, InvalidKernelConfig
from boltc.lowering.host import SourcePointer

from nvcc_objects import NVCC_MISSING, compile_kernel_object

from b2b_helpers import rgb_stem


def stem_module(c=3, f0=48, f1=48, stride=2, acts=("relu", "relu"), shape=(2, 64, 64), nhwc=True, dtype=torch.half,
                arch="sm_90a", cast_input=False):
    torch.manual_seed(7)
    module = rgb_stem(c, f0, f1, stride, *acts, nhwc=nhwc, cast_input=cast_input).to(dtype)
    n, h, w = shape
    x = torch.randn((n, h, w, c) if nhwc else (n, c, h, w), dtype=torch.float32 if cast_input else dtype)
    return module, x, optimize(load(module, (x,)), arch=arch)


def the_b2b(module) -> bolt.B2bOp:
    [op] = [o for o in module.walk() if isinstance(o, bolt.B2bOp)]
    return op


def test_the_rgb_stem_is_fused_and_lowered_to_the_direct_kernel():
    _, _, module = stem_module()
    op = the_b2b(module)
    call = lower_anchor(op, "sm_90a")
    assert call.family == "b2b_conv_direct"
    c = lower_b2b_conv_direct(op).kernel.config
    # The fold's 2x1 window on 24 channels is 48 columns; 27 of them are the 3x3x3 filter's.
    assert (c.c, c.k, c.k_source, c.conv_strides, c.span) == (3, 27, 48, (2, 2), (3, 3))
    assert sorted(c.taps) == [(r, s, ch) for r in range(3) for s in range(3) for ch in range(3)]
    assert (c.f0, c.f1, c.act0, c.act1, c.bias0, c.bias1) == (48, 48, "relu", "relu", Element.F16, Element.F16)
    assert "fused: the performance model" in call.reason and "no fold kernel" in call.reason


def affine_constants(tu: str) -> dict:
    """The TU's AffineGather as numbers: start, step per k-step half; mask, ones per half and lane."""
    import re

    def values(name: str) -> list[int]:
        body = re.search(rf"{name}\(int g(?:, int t)?\) {{ constexpr \w+ v\[[^=]*= {{(.*?)}}; return", tu).group(1)
        return [int(v.rstrip("u"), 0) for v in re.findall(r"0x[0-9a-f]+u|-?\d+", body)]
    masks, ones = values("mask"), values("ones")
    return {"start": values("start"), "step": values("step"), "mask": [masks[i:i + 4] for i in range(0, len(masks), 4)],
            "ones": [ones[i:i + 4] for i in range(0, len(ones), 4)]}


def emulate(plan, image, w0, b0, w1, b1, f16_bits=True, affine=None):
    """The kernel's arithmetic in numpy, through its tables: each output pixel's window of raw
    pixels (zeros outside the image), its k slots read from the window by the pair table
    (offsets, the mask of the word's halves, a bias slot's 1), W0 staged by the column table,
    both stages in fp32, the intermediate rounded to f16. `affine`: the offsets, masks and set
    bits from the TU's AffineGather (affine_constants) in place of the pair table's."""
    g, c = plan.gather, plan.config
    n, h, w, channels = image.shape
    top, left = g.origin
    sy, sx = g.conv_strides
    span_h, span_w = c.span
    pairs = c.pairs()
    columns = [col for pair in pairs for col in pair.columns]
    w0_rows = np.zeros((c.f0, len(columns)), np.float32)  # the staged W0: [F0, k slots]
    for k, col in enumerate(columns):
        if col >= 0:
            w0_rows[:, k] = w0.reshape(c.f0, -1)[:, col]
        elif col == BIAS_COLUMN:
            w0_rows[:, k] = b0
    bias0 = 0 if c.bias0_in_filter() else b0
    got = np.zeros((n, plan.p, plan.q, c.f1), np.float32)
    for p in range(plan.p):
        for q in range(plan.q):
            # The pixel's part of the tile's shared window: rows `window_pitch` apart, the first
            # `window_shift` elements before it (a TMA box's start).
            y0, x0 = p * sy - top, q * sx - left
            flat = np.zeros((n, c.window_shift + span_h * c.window_pitch + 2), np.float32)
            for dy in range(span_h):
                for dx in range(min(c.input_window[1], span_w + 2)):
                    if 0 <= y0 + dy < h and 0 <= x0 + dx < w:
                        start = c.window_shift + dy * c.window_pitch + dx * channels
                        flat[:, start:start + channels] = image[:, y0 + dy, x0 + dx]
            a = np.zeros((n, len(columns)), np.float32)
            for i, pair in enumerate(pairs):
                mask, ones, offsets = pair.mask(), pair.ones(c.element), pair.offsets
                if affine is not None:
                    half_step, lane = divmod(i, 4)
                    word = affine["start"][half_step] + lane * affine["step"][half_step]
                    mask, ones, offsets = affine["mask"][half_step][lane], affine["ones"][half_step][lane], (word, word + 1)
                for half in range(2):
                    if (mask >> (16 * half)) & 0xFFFF:
                        a[:, 2 * i + half] = flat[:, offsets[half]]
                    elif (ones >> (16 * half)) & 0xFFFF:
                        a[:, 2 * i + half] = 1.0
            hidden = np.maximum(a @ w0_rows.T + bias0, 0).astype(np.float16).astype(np.float32)
            got[:, p, q] = np.maximum(hidden @ w1.reshape(c.f1, c.f0).T + b1, 0)
    return got


def stem_constants(op):
    def constant(value):
        from boltc.passes.fold_constants import constant_operand

        return constant_operand(b2b_conv_direct.outside_value(value)).astype(np.float32)

    first, second = [o for o in op.body.block.ops if isinstance(o, bolt.Conv2dOp)]
    return (constant(first.filter), constant(first.extras[0]).reshape(-1), constant(second.filter),
            constant(second.extras[0]).reshape(-1))


def test_the_taps_compute_the_unfolded_pair():
    """The kernel's tables in numpy against the reference executor on the optimized module (fold,
    folded convolution and 1x1)."""
    _, x, module = stem_module(f0=16, f1=32, shape=(1, 13, 18))
    op = the_b2b(module)
    plan = direct_refusal(*[o for o in op.body.block.ops if isinstance(o, bolt.Conv2dOp)])
    assert not isinstance(plan, str)
    c = plan.config
    # The 3x3/2 RGB stem: aligned pairs (every pixel's base even), 15 of them for the 27 taps
    # (three lone ones), bias0's 1 in the sixteenth: two k-steps, as the 27 taps alone.
    assert c.paired() and c.bias0_in_filter() and c.k_slots == 32
    assert sum(p.mask() == 0xFFFFFFFF for p in c.pairs()) == 12
    want = run_module(module, x.numpy())[0].astype(np.float32)
    w0, b0, w1, b1 = stem_constants(op)
    got = emulate(plan, x.numpy().astype(np.float32), w0, b0, w1, b1)
    np.testing.assert_allclose(got, want, rtol=2e-2, atol=2e-2)
    assert np.abs(want).max() > 0.1


def test_the_affine_gather_computes_the_unfolded_pair():
    """The TU's AffineGather (each quad lane's word at an immediate offset from a per-lane
    base) in numpy against the reference executor: the pairs ordered as runs of adjacent words
    four at a time, each window row's fifth word one row apart with bias0's slot after them."""
    _, x, module = stem_module(f0=16, f1=16, shape=(1, 16, 16))
    op = the_b2b(module)
    plan = direct_refusal(*[o for o in op.body.block.ops if isinstance(o, bolt.Conv2dOp)])
    c = plan.config
    pitch = c.window_pitch
    assert c.affine() == ((4, 2), (4 + pitch, 2), (4 + 2 * pitch, 2), (12, pitch))
    tu = lower_b2b_conv_direct(op).kernel.render()
    assert "true, true, AffineGather>;" in tu
    constants = affine_constants(tu)
    assert constants["mask"][0] == [0xFFFF0000, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF]  # tap 5's neighbour 4 masked
    assert constants["ones"][3] == [0, 0, 0, 0x3C00]  # bias0's 1 in the last lane of the fourth half
    want = run_module(module, x.numpy())[0].astype(np.float32)
    w0, b0, w1, b1 = stem_constants(op)
    got = emulate(plan, x.numpy().astype(np.float32), w0, b0, w1, b1, affine=constants)
    np.testing.assert_allclose(got, want, rtol=2e-2, atol=2e-2)
    # Without the affine order (AFFINE_GATHER off, or sm_80's register window: its rows start
    # on odd elements and the fifth words are not one progression) the pair table reads them.
    _, _, module80 = stem_module(f0=16, f1=16, shape=(1, 16, 16), arch="sm_80")
    kernel80 = lower_b2b_conv_direct(the_b2b(module80), arch="sm_80").kernel
    assert kernel80.config.paired() and kernel80.config.affine() is None
    assert "true, true, void>;" in kernel80.render()


def test_the_tma_window_tables_compute_the_unfolded_pair():
    """The same through a TMA window's tables (rows of 16-byte units, the box 5 elements before
    the window, pairs aligned in the box), on an image whose rows the TMA view takes."""
    _, x, module = stem_module(f0=16, f1=16, shape=(1, 16, 16))
    op = the_b2b(module)
    plan = direct_refusal(*[o for o in op.body.block.ops if isinstance(o, bolt.Conv2dOp)])
    c = plan.config
    assert c.tile == (16, 16) and c.warp_m_tiles == 2  # each warp's two m16 tiles in two rows
    assert c.tma_window and c.window_shift == 5 and c.window_pitch == 104 and c.paired()
    want = run_module(module, x.numpy())[0].astype(np.float32)
    w0, b0, w1, b1 = stem_constants(op)
    got = emulate(plan, x.numpy().astype(np.float32), w0, b0, w1, b1)
    np.testing.assert_allclose(got, want, rtol=2e-2, atol=2e-2)


def test_a_nan_pixel_outside_a_window_stays_out():
    """A lone tap's word holds a pixel the convolution does not read there: masked, so a NaN in
    it reaches only the output pixels whose windows hold it, as in torch's unfolded convolution
    (the optimized module's folded one multiplies it by the fold's zero weights)."""
    stem, x, module = stem_module(f0=16, f1=16, shape=(1, 9, 9))
    x[0, 4, 3, 0] = float("nan")
    op = the_b2b(module)
    plan = direct_refusal(*[o for o in op.body.block.ops if isinstance(o, bolt.Conv2dOp)])
    with torch.no_grad():
        want = stem.float()(x.float()).numpy()
    # Row 4 is read by output row 2 alone (stride 2, padded 1); the fold's reference spreads it.
    assert sorted({tuple(i[1:3]) for i in np.argwhere(np.isnan(want))}) == [(2, 1), (2, 2)]
    w0, b0, w1, b1 = stem_constants(op)
    got = emulate(plan, x.numpy().astype(np.float32), w0, b0, w1, b1)
    assert np.isnan(want).any() and not np.isnan(want).all()
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_allclose(got[~np.isnan(got)], want[~np.isnan(want)], rtol=2e-2, atol=2e-2)


def test_odd_window_bases_load_halves():
    """A stride-1 RGB window's pixel bases alternate parity: the pairs are loaded as halves."""
    c = config(conv_strides=(1, 1))
    assert not c.paired()
    assert c.k_slots == 32 and c.bias0_in_filter()  # 27 taps and bias0's slot: 28, two k-steps
    assert [p.offsets for p in c.pairs()][:5] == [(0, 1), (2, 3), (4, 5), (6, 7), (8, c.input_window[1] * 3)]
    c = config(bias0=Element.F32)
    assert not c.bias0_in_filter()  # a f32 bias would round in W0: added to the accumulators


def test_the_host_skips_the_fold_and_passes_the_image():
    module_, x, _ = stem_module(nhwc=False, cast_input=True)
    library, _ = lower_library(module_, (x,), arch="sm_90a", fuse_b2b=True)
    program = library.programs[0]
    # No space_to_depth and no cast: the kernel, then the NHWC result to the model's NCHW.
    assert [s["kernel"] for s in program.steps] == ["b2b_conv_direct", "transpose_2d"]
    [call] = program.anchor_kernels
    [source] = [a for a in call.arguments if isinstance(a, SourcePointer)]
    assert str(source.value.type) == "tensor<2x3x64x64xf32>"  # the model input: the f32 NCHW image
    # The NCHW image's element strides, read through the edge transpose (n, h, w, c).
    names = [p[1] for p in call.parameters]
    strides = [call.arguments[names.index(k)].value for k in ("stride_n", "stride_h", "stride_w", "stride_c")]
    assert strides == [3 * 64 * 64, 64, 1, 64 * 64]
    assert "f32->f16" in call.config
    # The step covers the fold's ops: its bytes read are the f32 image's (and the weights'), not
    # the folded copy's, which no launch writes.
    [step] = [s for s in program.steps if s["kernel"] == "b2b_conv_direct"]
    covered = [c["op"] for c in step["covers"]]
    assert covered[:2] == ["bolt.ew.cast", "bolt.transpose"] and "bolt.concat" in covered  # the edge ops first
    image = 2 * 3 * 64 * 64 * 4
    weights = (48 * 2 * 1 * 24 + 48 + 48 * 48 + 48) * 2  # the folded filter, both biases, the 1x1
    assert step["work"]["bytes_read"] == image + weights
    assert step["work"]["bytes_written"] == 2 * 32 * 32 * 48 * 2


def test_without_the_kernel_the_fold_kernel_runs():
    """A pair the direct kernel refuses (F0 = 24: not a multiple of 16) keeps the fold's kernel."""
    module_, x, module = stem_module(f0=24)
    op = the_b2b(module)
    assert lower_anchor(op, "sm_90a").family == "b2b_conv_sm90"
    library, _ = lower_library(module_, (x,), arch="sm_90a", fuse_b2b=True)
    assert [s["kernel"] for s in library.programs[0].steps] == ["space_to_depth", "b2b_conv_sm90"]


@pytest.mark.parametrize("arch", ["sm_90a", "sm_80"])
def test_sm80_takes_it_too(arch):
    _, _, module = stem_module(f0=64, f1=64, arch=arch)
    assert lower_anchor(the_b2b(module), arch).family == "b2b_conv_direct"
    # The window by TMA on sm_90a (an NHWC f16 image, rows of 64 x 3 x 2 bytes), through the
    # threads' registers on sm_80.
    config = lower_b2b_conv_direct(the_b2b(module), arch=arch).kernel.config
    assert config.tma_window is (arch == "sm_90a")
    # sm_80: 8x16 tiles (one m16 a warp), windows 33 pixels wide: rows of 99 elements. sm_90a:
    # 16x16 tiles (two m16 a warp in two rows, 2 CTAs an SM: 112 = 7 x 16, no pixel outside),
    # windows 33 pixels wide (99 elements); a TMA box starts on a 16-byte unit, 5 elements
    # before the window (its left column is -1: -3 elements): rows of 104.
    assert (config.tile, config.warp_m_tiles, config.ctas_per_sm) == (
        ((16, 16), 2, 2) if arch == "sm_90a" else ((8, 16), 1, 3))
    assert config.window_pitch == (104 if arch == "sm_90a" else 99)
    assert config.window_shift == (5 if arch == "sm_90a" else 0)
    if arch == "sm_90a":  # the pairs are aligned in the box: the window's first element is odd
        assert config.paired() and min(p.offsets[0] for p in config.pairs() if p.mask()) == 4
    assert ("window by TMA" in config.summary()) is (arch == "sm_90a")


def test_the_tma_view_needs_an_nhwc_image_of_the_filters_type():
    _, _, module = stem_module(nhwc=False, cast_input=True)  # an f32 NCHW image, cast by the model
    op = the_b2b(module)
    first, second = [o for o in op.body.block.ops if isinstance(o, bolt.Conv2dOp)]
    gather = b2b_conv_direct.input_gather(first)
    assert "the image is f32, the filters f16" in b2b_conv_direct.tma_view_refusal(gather, Element.F16)
    assert not lower_b2b_conv_direct(op).kernel.config.tma_window
    _, _, module = stem_module(shape=(2, 64, 63))  # rows of 63 x 3 x 2 bytes: not 16-byte units
    first = [o for o in the_b2b(module).body.block.ops if isinstance(o, bolt.Conv2dOp)][0]
    gather = b2b_conv_direct.input_gather(first)
    assert "not whole 16-byte units apart" in b2b_conv_direct.tma_view_refusal(gather, Element.F16)
    assert not lower_b2b_conv_direct(the_b2b(module)).kernel.config.tma_window


def test_refusals_name_the_reason():
    _, _, module = stem_module()
    first, second = [o for o in the_b2b(module).body.block.ops if isinstance(o, bolt.Conv2dOp)]
    assert "not a model input's space-to-depth fold" in direct_refusal(second, second)
    assert "runs on sm_90a and sm_80, not sm_75" in direct_refusal(first, second, "sm_75")
    _, _, wide = stem_module(f0=96)
    pair = [o for o in the_b2b(wide).body.block.ops if isinstance(o, bolt.Conv2dOp)]
    assert "F0=96 is not a multiple of 16 up to 64" in direct_refusal(*pair)


def config(**changes) -> B2bConvDirectConfig:
    taps = tuple((r, s, c) for r in range(3) for s in range(3) for c in range(3))
    fields = dict(element_source=Element.F16, element=Element.F16, bias0=Element.F16, bias1=None, act0="relu",
                  act1="identity", c=3, conv_strides=(2, 2), taps=taps, columns=tuple(range(27)), k_source=27,
                  f0=48, f1=48, tile=(8, 16))
    fields.update(changes)
    return B2bConvDirectConfig(**fields)


def test_the_configuration_refuses_what_the_header_cannot():
    assert config().smem_bytes() > 0
    taps = tuple((0, 0, 0) for _ in range(65))
    with pytest.raises(InvalidKernelConfig, match="K = R\\*S\\*C = 65 is over 64"):
        config(taps=taps, columns=tuple(range(65)), k_source=65)
    with pytest.raises(InvalidKernelConfig, match="F1=40 is not a multiple of 16"):
        config(f1=40)
    with pytest.raises(InvalidKernelConfig, match="a tile of 16x16 output pixels; the kernel's is 128"):
        config(tile=(16, 16))
    # Two m16 tiles a warp: in one tile row, or in two where the rows are 16 wide; an m16's 16
    # pixels never split across rows.
    assert config(warp_m_tiles=2, tile=(8, 32)).tile_pixels == 256
    assert config(warp_m_tiles=2, tile=(16, 16)).tile_pixels == 256
    with pytest.raises(InvalidKernelConfig, match="rows of a multiple of 16"):
        config(warp_m_tiles=2, tile=(32, 8))
    with pytest.raises(InvalidKernelConfig, match="a bf16 image cast to f16; the kernel converts only an f32 image"):
        config(element_source=Element.BF16)
    with pytest.raises(InvalidKernelConfig, match="f32 filters"):
        config(element=Element.F32)


def test_tiles_fit_the_output():
    assert tile_for(112, 112) == (8, 16)  # 112 = 7 x 16: no pixel outside
    assert tile_for(4, 96) == (4, 32)  # a wide, short output: 32 columns waste none
    assert tile_for(29, 29) == (8, 16)
    # Two m16 a warp: each m16's 16 pixels in one row, the warp's two in two rows where 16 wide.
    assert tile_for(112, 112, warp_m_tiles=2) == (16, 16)
    assert tile_for(8, 128, warp_m_tiles=2) == (8, 32)


@pytest.mark.skipif(NVCC_MISSING and not os.environ.get("CI"), reason="needs nvcc (CUDA toolkit)")
@pytest.mark.parametrize("arch", [Arch.SM90A, Arch.SM80])
def test_the_tu_compiles(arch, tmp_path):
    _, _, module = stem_module(f0=64, f1=64, acts=("gelu", "silu"), arch=arch.value[0])
    kernel = lower_b2b_conv_direct(the_b2b(module), arch=arch.value[0]).kernel
    compile_kernel_object(kernel, arch, tmp_path)


def test_the_model_prices_the_kernel_near_its_measured_time(monkeypatch):
    """tuning/fusion.b2b_kernel's model of the kernel (persistent, both filters resident, its
    CTAs an SM sharing the SM's rates) against the paper's stems as bench/b2b.py timed them on
    the H200 (bench/data/b2b_conv_direct_tma_h200_2026-11-30.json, the default form): within
    25 %; counted as one CTA an SM (as before the CTAs shared) it predicts ~40 % slower."""
    import dataclasses
    import json
    import re
    from pathlib import Path

    from boltc.tuning import fusion

    record = Path(__file__).resolve().parents[3] / "bench" / "data" / "b2b_conv_direct_tma_h200_2026-11-30.json"
    rows = json.loads(record.read_text())["call10_default_two_m16"]["bench"]["rows"]
    measured = {int(r["label"].split("-> 1x1 ")[1]): r["fused_kernel_us"] for r in rows}
    assert sorted(measured) == [48, 64]

    def predicted(f: int) -> float:
        _, _, module = stem_module(f0=f, f1=f, shape=(32, 224, 224))
        call = lower_anchor(the_b2b(module), "sm_90a")
        assert call.family == "b2b_conv_direct"
        return float(re.search(r"predicts ([\d.]+) us fused on b2b_conv_direct", call.reason).group(1))

    shared = {f: predicted(f) for f in measured}
    for f, kernel_us in measured.items():
        assert shared[f] == pytest.approx(kernel_us, rel=0.25), (f, shared[f], kernel_us)
    original = fusion.b2b_kernel

    def one_cta_an_sm(family, plan, cost_plan):
        kernel, conv = original(family, plan, cost_plan)
        assert family != "b2b_conv_direct" or kernel.ctas_per_sm == plan.config.ctas_per_sm == 2
        return dataclasses.replace(kernel, ctas_per_sm=1), conv

    monkeypatch.setattr(fusion, "b2b_kernel", one_cta_an_sm)
    assert predicted(48) > 1.3 * shared[48]
