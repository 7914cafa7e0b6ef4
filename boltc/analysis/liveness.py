"""Liveness and arena planning: pure functions over buffer records (no IR objects).

A model's intermediates live in one device arena. Each buffer is live from the step that
defines it to the last step that reads it (or reads a view of it); two buffers may share bytes
only if their live ranges do not overlap. An elementwise step may write its result over an
input that dies at that step (in place), which is what CUTLASS epilogues and boltc's runtime
kernels allow (they read each element before writing it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

ARENA_ALIGNMENT = 256  # bytes: CUTLASS/TMA want 128-byte aligned bases; cudaMalloc gives 256


def align_up(size: int, alignment: int = ARENA_ALIGNMENT) -> int:
    return (size + alignment - 1) // alignment * alignment


@dataclass(frozen=True)
class Buffer:
    """One tensor that needs arena bytes.

    `first` is the step defining it, `last` the last step reading it (itself or a view).
    `in_place_of` names a buffer this one may overwrite: one its defining step reads and that
    dies at that step with at least this buffer's size.
    """

    name: str
    size: int
    first: int
    last: int
    in_place_of: str | None = None

    def __post_init__(self) -> None:
        if self.size < 0 or self.last < self.first:
            raise ValueError(f"buffer {self.name}: size {self.size}, live [{self.first}, {self.last}]")


@dataclass(frozen=True)
class ArenaPlan:
    offsets: dict[str, int]
    size: int
    in_place: frozenset[str]  # buffers placed over their in_place_of buffer


def overlaps(a: Buffer, b: Buffer) -> bool:
    """Whether two buffers are live at one step. A buffer written in place of another at step
    s overlaps it only as the intended reuse (the caller checks that pair separately)."""
    return a.first <= b.last and b.first <= a.last


def in_place_blocker(buffer: Buffer, source: Buffer) -> str | None:
    """Why `buffer` cannot overwrite `source`; None if it can."""
    if source.last != buffer.first:
        return f"{source.name} is still read after step {buffer.first}"
    if align_up(source.size) < align_up(buffer.size):
        return f"{source.name} ({source.size} bytes) is smaller than {buffer.name} ({buffer.size})"
    return None


def plan_arena(buffers: Sequence[Buffer]) -> ArenaPlan:
    """Offsets for every buffer so that no two live at one step share bytes.

    In-place candidates take their source's offset when legal; the rest are placed largest
    first at the lowest offset that fits (first fit over the buffers already placed that they
    overlap in time), which keeps the peak close to the largest set of simultaneously live
    bytes on the chains and residual blocks of CNNs and transformers.
    """
    by_name = {b.name: b for b in buffers}
    if len(by_name) != len(buffers):
        raise ValueError("buffer names must be unique")
    # Chains of in-place writes share one slot: resolve each buffer to the buffer it reuses.
    # A writer joins its source's slot only if it is live at no step with the slot's other
    # buffers: only its source's bytes are its to overwrite. That also hands a source's bytes
    # on once (a second writer in place of the same source is live with the first at the
    # source's last step), and keeps a chain from passing through a buffer written and read
    # within one step (its writer would be live with its source).
    slot_of: dict[str, str] = {}
    members: dict[str, list[Buffer]] = {}
    for b in sorted(buffers, key=lambda b: b.first):
        source = by_name.get(b.in_place_of) if b.in_place_of else None
        root = slot_of.get(source.name, source.name) if source is not None else None
        if (source is not None and in_place_blocker(b, source) is None
                and not any(m is not source and overlaps(b, m) for m in members.get(root, ()))):
            slot_of[b.name] = root
        else:
            slot_of[b.name] = root = b.name
        members.setdefault(root, []).append(b)
    # A slot lives from its first buffer's definition to its last buffer's last read.
    slots: dict[str, Buffer] = {}
    for b in buffers:
        root = slot_of[b.name]
        current = slots.get(root)
        if current is None:
            slots[root] = Buffer(root, b.size, b.first, b.last)
        else:
            slots[root] = Buffer(root, max(current.size, b.size), min(current.first, b.first),
                                 max(current.last, b.last))
    placed: list[tuple[Buffer, int]] = []
    slot_offsets: dict[str, int] = {}
    for slot in sorted(slots.values(), key=lambda s: (-align_up(s.size), s.first, s.name)):
        busy = sorted((off, off + align_up(other.size)) for other, off in placed if overlaps(slot, other))
        offset = 0
        for start, end in busy:
            if offset + align_up(slot.size) <= start:
                break
            offset = max(offset, end)
        placed.append((slot, offset))
        slot_offsets[slot.name] = offset
    offsets = {b.name: slot_offsets[slot_of[b.name]] for b in buffers}
    size = max((off + align_up(s.size) for s, off in placed), default=0)
    in_place = frozenset(b.name for b in buffers if slot_of[b.name] != b.name)
    return ArenaPlan(offsets, size, in_place)


def check_plan(buffers: Sequence[Buffer], plan: ArenaPlan) -> str | None:
    """Why `plan` is wrong for `buffers` (two live buffers share bytes); None if it is right."""
    items = list(buffers)
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            if not overlaps(a, b):
                continue
            if (a.name in plan.in_place and a.in_place_of == b.name) or (
                b.name in plan.in_place and b.in_place_of == a.name
            ):
                continue
            a0, b0 = plan.offsets[a.name], plan.offsets[b.name]
            if a0 < b0 + b.size and b0 < a0 + a.size:
                return f"{a.name} [{a0}, {a0 + a.size}) and {b.name} [{b0}, {b0 + b.size}) are live together"
    return None


def peak_live_bytes(buffers: Sequence[Buffer]) -> int:
    """The most bytes live at one step: a lower bound for any arena (in-place aside)."""
    steps = {s for b in buffers for s in (b.first, b.last)}
    return max((sum(b.size for b in buffers if b.first <= s <= b.last) for s in steps), default=0)
