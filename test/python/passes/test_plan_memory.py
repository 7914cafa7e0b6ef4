"""plan-memory: no two intermediates that are live together share bytes, on random buffer sets
(the planner) and on the test/data models (the pass, checked by an independent liveness walk)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects import func

import boltc
from boltc.analysis.liveness import Buffer, align_up, check_plan, peak_live_bytes, plan_arena
from boltc.dialects import bolt
from boltc.frontends import load
from boltc.analysis.concat_placement import IN_PLACE, ROW_PITCH, in_place_flags
from boltc.passes.plan_memory import ARENA_OFFSET, ARENA_SIZE, PlanMemoryPass, tensor_bytes

DATA = Path(__file__).resolve().parents[2] / "data"


@st.composite
def buffer_sets(draw):
    count = draw(st.integers(1, 25))
    buffers = []
    for i in range(count):
        first = draw(st.integers(0, 30))
        last = first + draw(st.integers(0, 10))
        size = draw(st.integers(1, 5000))
        source = None
        if buffers and draw(st.booleans()):
            source = draw(st.sampled_from(buffers)).name  # legal or not: the planner decides
        buffers.append(Buffer(f"b{i}", size, first, last, in_place_of=source))
    return buffers


@settings(max_examples=200, deadline=None)
@given(buffer_sets())
def test_live_buffers_never_share_bytes(buffers):
    plan = plan_arena(buffers)
    assert check_plan(buffers, plan) is None
    assert all(offset % 256 == 0 for offset in plan.offsets.values())
    assert plan.size >= max(b.size for b in buffers)
    # First fit is not optimal, but it is never worse than giving every buffer its own bytes.
    assert plan.size <= sum(align_up(b.size) for b in buffers)


def test_in_place_chain_shares_one_slot():
    chain = [Buffer("a", 1024, 0, 1), Buffer("b", 1024, 1, 2, "a"), Buffer("c", 1024, 2, 3, "b")]
    plan = plan_arena(chain)
    assert plan.offsets == {"a": 0, "b": 0, "c": 0} and plan.size == 1024
    assert plan.in_place == {"b", "c"}


def test_a_chain_does_not_pass_through_a_buffer_written_and_read_in_one_step():
    # Hypothesis found this (CI, 2026-11-28): b in place of a, c in place of b, b born and read at
    # step 27, where a is still read: c would share a's bytes while both are live.
    buffers = [Buffer("a", 1, 17, 27), Buffer("b", 1, 27, 27, "a"), Buffer("c", 1, 27, 27, "b")]
    plan = plan_arena(buffers)
    assert check_plan(buffers, plan) is None
    assert plan.in_place == {"b"} and plan.offsets["c"] != plan.offsets["a"]


def test_a_source_is_handed_on_to_one_writer_only():
    # Hypothesis found this: two writers in place of one source would share its bytes.
    buffers = [Buffer("a", 1, 0, 0), Buffer("b", 1, 0, 0, "a"), Buffer("c", 1, 0, 0, "a")]
    plan = plan_arena(buffers)
    assert check_plan(buffers, plan) is None
    assert plan.in_place == {"b"} and plan.offsets["c"] != plan.offsets["b"]


def test_in_place_refused_when_the_source_is_read_later():
    buffers = [Buffer("a", 1024, 0, 3), Buffer("b", 1024, 1, 2, "a")]
    plan = plan_arena(buffers)
    assert plan.offsets["a"] != plan.offsets["b"] and not plan.in_place


def test_peak_is_at_least_the_live_lower_bound():
    buffers = [Buffer("a", 4096, 0, 2), Buffer("b", 256, 1, 3), Buffer("c", 4096, 3, 4)]
    plan = plan_arena(buffers)
    assert plan.size >= peak_live_bytes(buffers)
    assert plan.size == 4096 + 256  # c reuses a's bytes


def _independent_live_ranges(fn: func.FuncOp) -> list[tuple[int, int, int, int, object]]:
    """(first, last, offset, bytes, op) per op with an offset, computed without the pass's code:
    a value is live from its op to the last op that reads it or any reshape view of it. A value
    written in place into a concatenation (bolt.row_pitch) spans its rows at that pitch; the
    concatenation's bytes are live from the first such producer (bolt.in_place)."""
    ops = list(fn.body.block.ops)
    index = {op: i for i, op in enumerate(ops)}

    def top(op):
        while op.parent_op() is not fn:
            op = op.parent_op()
        return op

    def last_read(value) -> int:
        last = index[value.owner]
        for use in value.uses:
            reader = top(use.operation)
            last = max(last, index[reader])
            if isinstance(reader, bolt.ReshapeOp):
                last = max(last, last_read(reader.result))
        return last

    def span(op) -> int:
        result = op.results[0]
        if ROW_PITCH not in op.attributes:
            return tensor_bytes(result)
        shape, pitch = bolt.shape_of(result), op.attributes[ROW_PITCH].value.data
        element = tensor_bytes(result) // int(np.prod(shape))
        return ((int(np.prod(shape[:-1])) - 1) * pitch + shape[-1]) * element

    ranges = []
    for op in ops:
        if ARENA_OFFSET in op.attributes and not isinstance(op, bolt.ReshapeOp):
            offset = op.attributes[ARENA_OFFSET].value.data
            first, last = index[op], last_read(op.results[0])
            if isinstance(op, bolt.ConcatOp) and IN_PLACE in op.attributes:
                for value, placed in zip(op.inputs, in_place_flags(op)):
                    if placed:
                        producer = _view_root(value).owner
                        first, last = min(first, index[producer]), max(last, last_read(producer.results[0]))
            ranges.append((first, last, offset, span(op), op))
    return ranges


def _placed_in(op, concat) -> bool:
    """Whether `op`'s result is an input of `concat` written in place."""
    return isinstance(concat, bolt.ConcatOp) and any(
        placed and _view_root(value).owner is op for value, placed in zip(concat.inputs, in_place_flags(concat)))


def _same_concat_columns(op1, op2) -> bool:
    """Two inputs written in place into one concatenation: their rows interleave, their
    columns do not meet (offsets differ by at least the lower one's width)."""
    for use in [u for v in op1.results for u in _all_uses(v)]:
        concat = use.operation
        if _placed_in(op1, concat) and _placed_in(op2, concat):
            (o1, w1), (o2, w2) = ((o.attributes[ARENA_OFFSET].value.data, tensor_bytes(o.results[0])
                                   // int(np.prod(bolt.shape_of(o.results[0])[:-1]))) for o in (op1, op2))
            return o1 + w1 <= o2 or o2 + w2 <= o1
    return False


def _all_uses(value):
    for use in value.uses:
        yield use
        if isinstance(use.operation, bolt.ReshapeOp):
            yield from _all_uses(use.operation.result)


def _view_root(value):
    """The value a chain of reshapes (views: same bytes) starts from."""
    while isinstance(value.owner, bolt.ReshapeOp):
        value = value.owner.input
    return value


def test_models_plans_are_sound(torch_mlir_file: Path, read_saved_io):
    module = load(str(torch_mlir_file))
    inputs, _ = read_saved_io(torch_mlir_file)
    before = boltc.interpret(module, *inputs)
    PlanMemoryPass().apply(None, module)  # type: ignore[arg-type]
    module.verify()
    for fn in module.body.block.ops:
        if not isinstance(fn, func.FuncOp):
            continue
        size = fn.attributes[ARENA_SIZE].value.data
        ranges = _independent_live_ranges(fn)
        for i, (f1, l1, o1, b1, op1) in enumerate(ranges):
            assert o1 + b1 <= size
            for f2, l2, o2, b2, op2 in ranges[i + 1:]:
                together = f1 <= l2 and f2 <= l1
                share = o1 < o2 + b2 and o2 < o1 + b1
                # In place: an elementwise op writing over its operand's elements, read as they
                # are or through a reshape view (a residual add of an expanded Linear result).
                in_place = (l1 == f2 and isinstance(op2, bolt.ELEMENTWISE_OPS)
                            and op1.results[0] in map(_view_root, op2.operands))
                # Written in place into a concatenation: part of its bytes, beside the others.
                in_place = in_place or _placed_in(op1, op2) or _placed_in(op2, op1) or _same_concat_columns(op1, op2)
                assert not (together and share) or in_place, f"{op1.name} and {op2.name} collide"
    # Attributes only: the values are unchanged.
    for got, want in zip(boltc.interpret(module, *inputs), before):
        np.testing.assert_array_equal(got, want)


def test_half_exports_plans_are_sound(half_export: Path, read_saved_io):
    """f16 and bf16 buffers are half the bytes of f32 ones: the plan must size them as such."""
    test_models_plans_are_sound(half_export, read_saved_io)


def _check_sound(module) -> None:
    for fn in module.body.block.ops:
        if not isinstance(fn, func.FuncOp):
            continue
        size = fn.attributes[ARENA_SIZE].value.data
        ranges = _independent_live_ranges(fn)
        for i, (f1, l1, o1, b1, op1) in enumerate(ranges):
            assert o1 + b1 <= size
            for f2, l2, o2, b2, op2 in ranges[i + 1:]:
                together = f1 <= l2 and f2 <= l1
                share = o1 < o2 + b2 and o2 < o1 + b1
                in_place = (l1 == f2 and isinstance(op2, bolt.ELEMENTWISE_OPS)
                            and op1.results[0] in map(_view_root, op2.operands))
                in_place = in_place or _placed_in(op1, op2) or _placed_in(op2, op1) or _same_concat_columns(op1, op2)
                assert not (together and share) or in_place, f"{op1.name} and {op2.name} collide"


def test_a_pooled_bottleneck_writes_its_concatenation_in_place():
    """ResNet-50's stem max-pool and layer 1's first bottleneck through the torch front end and
    the f16 pipeline: merge-residual-gemms concatenates the pool's output and the 3x3
    convolution's along K, and both are written in place (bolt.row_pitch 128 on the pool and the
    convolution, the concatenation bolt.in_place [true, true]); the plan is sound, the values
    are the reference executor's, and the host code reads and writes them pitched with no copy."""
    torch = pytest.importorskip("torch")

    from boltc.lowering.host import lower_to_host
    from boltc.passes.pipeline import run_pipeline
    from resnet_blocks import pooled_bottleneck

    block = pooled_bottleneck()
    x = torch.randn(2, 64, 16, 16)
    module = load(block, (x,))
    run_pipeline(module, precision="f16", arch="sm_90a", fuse_b2b=False)
    [concat] = [op for op in module.walk() if isinstance(op, bolt.ConcatOp)]
    assert in_place_flags(concat) == (True, True)
    producers = [_view_root(v).owner for v in concat.inputs]
    assert [type(p) for p in producers] == [bolt.Pool2dOp, bolt.Conv2dOp]
    base = concat.attributes[ARENA_OFFSET].value.data
    assert [p.attributes[ROW_PITCH].value.data for p in producers] == [128, 128]
    assert [p.attributes[ARENA_OFFSET].value.data - base for p in producers] == [0, 128]  # bytes: column 64
    _check_sound(module)
    # The check sees a plan that writes both inputs over the same columns.
    conv_offset = producers[1].attributes[ARENA_OFFSET]
    producers[1].attributes[ARENA_OFFSET] = concat.attributes[ARENA_OFFSET]
    with pytest.raises(AssertionError, match="collide"):
        _check_sound(module)
    producers[1].attributes[ARENA_OFFSET] = conv_offset
    (got,) = boltc.interpret(module, x.numpy())
    want = block(x).detach().numpy()
    assert float(np.max(np.abs(np.float32(got) - want))) <= 1e-2 * float(np.max(np.abs(want)))

    source = lower_to_host(module).source
    assert "copy_rows" not in source
    pool = next(line for line in source.splitlines() if "rt::pool2d(" in line)
    assert pool.endswith("1, 1, 128}, ctx.stream);")  # ... pad_top, pad_left, out_pitch
    launches = [line for line in source.splitlines() if "kernel_status = boltc_" in line and "_can_implement" not in line]
    conv = next(line for line in launches if "boltc_conv_sm90_" in line)
    assert f"ctx.arena + {base + 128}, 128, " in conv  # the output at column 64, ldd 128
    gemms = [line for line in launches if "boltc_gemm_sm90_" in line]
    # conv1 reads the pool's rows 128 apart; the merged GEMM reads the packed concatenation.
    assert [f"ctx.arena + {base}, 128, 0, " in line for line in gemms] == [True, True]
