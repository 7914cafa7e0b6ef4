"""Epilogue fusion legality: which consumers of a gemm/conv fold into its epilogue region, as
pure functions over shapes and small records (no IR objects; the pass describes, these answer).

An anchor's epilogue maps one to one onto a CUTLASS 3 epilogue visitor tree (EVT,
`cutlass/epilogue/fusion/sm90_visitor_*.hpp`): the accumulator fetch and the extra operands
are the leaves, each `bolt.ew` op is a compute node, and the root is stored. A leaf is read
by one of four load nodes, depending on the output dimensions it varies along in the
anchor's GEMM view (rows M, columns N, batch L):

    varies along       EVT load node              typical operand
    nothing            Sm90ScalarBroadcast        a scale, an epsilon
    N only             Sm90RowBroadcast           a per-channel bias (a 1 x N row vector)
    M only             Sm90ColBroadcast           a per-row scale (an M x 1 column vector)
    M and N            Sm90AuxLoad                a residual of the output's shape

(each may also vary along the batch L: the load nodes take a batch stride). An operand that
varies along part of a mode only, say along H but not along the whole N*P*Q of a
convolution's M, has no load node: the epilogue addresses M as one flattened index.

`epilogue_fusion_blocker` is the one question the pass asks; the helpers answer its parts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from xdsl.utils.str_enum import StrEnum


class GemmMode(Enum):
    """The role of an output dimension in the anchor's implicit GEMM."""

    BATCH = "L"
    ROWS = "M"
    COLUMNS = "N"


class EvtLoad(StrEnum):
    """How an EVT reads one extra operand (see the module docstring)."""

    SCALAR = "scalar_broadcast"
    ROW = "row_broadcast"
    COLUMN = "col_broadcast"
    AUX = "aux_load"


class ConsumerKind(StrEnum):
    """What a user of an anchor's result does, as far as epilogue fusion cares."""

    ELEMENTWISE = "elementwise"
    REDUCTION = "reduction"
    NORMALIZATION = "normalization"
    DATA_MOVEMENT = "data movement"
    WINDOW = "window"


# Why each kind of non-elementwise consumer stays out of the epilogue: an epilogue sees one
# output tile at a time and writes each element from that element's accumulator alone.
NOT_ELEMENTWISE: dict[ConsumerKind, str] = {
    ConsumerKind.REDUCTION: (
        "a reduction combines elements across output tiles; the epilogue writes each element "
        "from its own accumulator (an EVT reduction would be a second result, which bolt "
        "anchors do not have)"
    ),
    ConsumerKind.NORMALIZATION: (
        "it normalizes over whole rows, which span output tiles; the epilogue sees one tile"
    ),
    ConsumerKind.DATA_MOVEMENT: (
        "it moves elements to other positions; the epilogue writes each element where the "
        "accumulator holds it"
    ),
    ConsumerKind.WINDOW: ("a window reads neighbouring outputs, which other threadblocks compute "
                          "(fuse-conv-pool fuses a max pool into the convolution it reads, where its kernel takes it)"),
}

# An EVT is one C++ type: every node adds template depth to the kernel's translation unit and
# live registers to its epilogue. Bolt's fixed patterns have two or three nodes; a transformer
# block's richest epilogue (bias, GELU, residual, scale) about six.
MAX_COMPUTE_NODES = 16
# Each Sm90AuxLoad stages its slice of the epilogue tile in shared memory, taken from the
# mainloop's pipeline stages; two full-size operands (say a residual and a gate) is the most a
# kernel reads without giving up a stage.
MAX_AUX_LOADS = 2


@dataclass(frozen=True)
class EpilogueView:
    """An anchor's output as its epilogue sees it: the shape and each dimension's GEMM mode."""

    shape: tuple[int, ...]
    modes: tuple[GemmMode, ...]

    def __post_init__(self) -> None:
        if len(self.shape) != len(self.modes):
            raise ValueError(f"shape {self.shape} and modes {self.modes} differ in rank")


def gemm_view(shape: Sequence[int]) -> EpilogueView:
    """[L x] M x N."""
    modes = (GemmMode.ROWS, GemmMode.COLUMNS)
    if len(shape) == 3:
        modes = (GemmMode.BATCH, *modes)
    return EpilogueView(tuple(shape), modes)


def conv2d_view(shape: Sequence[int], nhwc: bool) -> EpilogueView:
    """Implicit GEMM: M = N*P*Q (batch and output pixels), N = the output channels."""
    rows, columns = GemmMode.ROWS, GemmMode.COLUMNS
    modes = (rows, rows, rows, columns) if nhwc else (rows, columns, rows, rows)
    return EpilogueView(tuple(shape), modes)


def _aligned(shape: Sequence[int], rank: int) -> tuple[int, ...] | None:
    if len(shape) > rank:
        return None
    return (1,) * (rank - len(shape)) + tuple(shape)


def evt_load(view: EpilogueView, shape: Sequence[int]) -> EvtLoad | str:
    """The load node that reads an operand of `shape` (numpy-broadcast against the output),
    or why no load node can."""
    aligned = _aligned(shape, len(view.shape))
    if aligned is None:
        return f"an operand of rank {len(shape)} is wider than the rank-{len(view.shape)} output"
    varying: dict[GemmMode, list[bool]] = {mode: [] for mode in GemmMode}
    for dim, (size, out, mode) in enumerate(zip(aligned, view.shape, view.modes)):
        if size != 1 and size != out:
            return f"dimension {dim} of size {size} does not broadcast to the output's {out}"
        if out != 1:  # a size-1 output dimension is covered either way
            varying[mode].append(size == out)
    for mode, covers in varying.items():
        if any(covers) and not all(covers):
            return (
                f"an operand of shape {list(shape)} varies along part of the output's "
                f"{mode.value} mode only: no EVT load node addresses a partial mode"
            )
    rows, columns = any(varying[GemmMode.ROWS]), any(varying[GemmMode.COLUMNS])
    if rows and columns:
        return EvtLoad.AUX
    if columns:
        return EvtLoad.ROW
    if rows:
        return EvtLoad.COLUMN
    return EvtLoad.SCALAR


@dataclass(frozen=True)
class EvtLeaf:
    """A leaf of the epilogue tree: the accumulator, an extra operand, or a scalar constant
    (materialized inside the epilogue)."""

    shape: tuple[int, ...]
    accumulator: bool = False
    constant: bool = False


@dataclass(frozen=True)
class EvtNode:
    """A compute node: an elementwise op over its children."""

    op: str
    children: tuple[EvtNode | EvtLeaf, ...]


def _nodes(tree: EvtNode | EvtLeaf) -> tuple[list[EvtNode], list[EvtLeaf]]:
    if isinstance(tree, EvtLeaf):
        return [], [tree]
    nodes, leaves = [tree], []
    for child in tree.children:
        n, l = _nodes(child)
        nodes += n
        leaves += l
    return nodes, leaves


def evt_blocker(view: EpilogueView, tree: EvtNode | EvtLeaf) -> str | None:
    """Why an epilogue tree does not map onto a CUTLASS EVT over `view`; None if it does.

    The tree must read the accumulator exactly once (each intermediate has one use, so the
    region is a tree, not a DAG), read every other leaf through a load node, stay within the
    node and aux-load budgets, and yield the output's shape (nothing may widen it).
    """
    nodes, leaves = _nodes(tree)
    accumulators = sum(leaf.accumulator for leaf in leaves)
    if accumulators != 1:
        return f"the epilogue reads the accumulator {accumulators} times, not once"
    if len(nodes) > MAX_COMPUTE_NODES:
        return f"the epilogue would have {len(nodes)} compute nodes (at most {MAX_COMPUTE_NODES})"
    aux = 0
    for leaf in leaves:
        if leaf.accumulator:
            continue
        load = evt_load(view, leaf.shape)
        if not isinstance(load, EvtLoad):
            return load
        aux += load == EvtLoad.AUX and not leaf.constant
    if aux > MAX_AUX_LOADS:
        return f"the epilogue would read {aux} full-size operands (at most {MAX_AUX_LOADS})"
    return None


@dataclass(frozen=True)
class EpilogueCandidate:
    """One consumer of an anchor's result, described for the legality question.

    `anchor` is the anchor's short name ("gemm", "conv2d"); `uses` the number of uses of its
    result; `output_shape` the consumer's result shape; `tree` the epilogue the anchor would
    have with the consumer fused (None when the consumer is not elementwise).
    """

    anchor: str
    view: EpilogueView
    uses: int
    kind: ConsumerKind
    output_shape: tuple[int, ...]
    tree: EvtNode | EvtLeaf | None


def epilogue_fusion_blocker(candidate: EpilogueCandidate) -> str | None:
    """Why the consumer cannot fold into the anchor's epilogue; None if it can."""
    if candidate.kind != ConsumerKind.ELEMENTWISE:
        return NOT_ELEMENTWISE[candidate.kind]
    if candidate.uses != 1:
        return (
            f"the {candidate.anchor} result has {candidate.uses} uses: the others would need "
            "it stored as well"
        )
    if candidate.output_shape != candidate.view.shape:
        shape = "x".join(map(str, candidate.output_shape))
        mine = "x".join(map(str, candidate.view.shape))
        return (
            f"another operand broadcasts the {candidate.anchor} result from {mine} to {shape}; "
            "the epilogue writes the anchor's own tile"
        )
    assert candidate.tree is not None, "an elementwise candidate comes with its tree"
    return evt_blocker(candidate.view, candidate.tree)
