"""An epilogue tree (evt.py's `EpilogueTree`) rendered as a CUTLASS 2.x Sm80 visitor tree.

evt.py turns an anchor's epilogue region into a backend-neutral tree (accumulator, loads,
scalar constants, computes) and binds its run-time parameters; it renders that tree as Sm90
nodes. This module renders the same tree with the CUTLASS 2.x visitors of
`cutlass/epilogue/threadblock/fusion/visitors.hpp`, which `EpilogueWithVisitorCallbacks` runs in
the epilogue of an sm_80 GEMM (`DefaultGemmWithVisitor`) or of boltc's sm_80 convolution:

| evt.py node                | Sm80 node (cutlass::epilogue::threadblock::)                          |
| -------------------------- | --------------------------------------------------------------------- |
| AccFetch                   | VisitorAccFetch                                                       |
| Load ROW (per-N vector)    | VisitorRowBroadcast<ThreadMap, E, Stride<_0, _1, int64_t>>            |
| Load COLUMN (per-M vector) | VisitorColBroadcast<ThreadMap, E, Stride<_1, _0, int64_t>>            |
| Load AUX (a residual)      | VisitorAuxLoad<ThreadMap, E, Stride<int64_t, _1, int64_t>> (vector loads, no TMA) |
| Load SCALAR (rank-0 extra) | VisitorScalarBroadcast<E, Stride<_0, _0, int>> from a device pointer  |
| ScalarConstant             | VisitorScalarBroadcast<E> holding the run-time value `s<j>`           |
| Compute                    | Sm80EVT<VisitorCompute<functor, out, compute, round>, children...>    |
| (the store of D)           | Sm80EVT<VisitorAuxStore<ThreadMap, ElementD, round, Stride<int64_t, _1, int64_t>>, root> |

The functors are evt.py's table (CUTLASS's own, or the small `boltc_evt` functors of boltc's
header `boltc/evt_functors.hpp`, which the TU then includes): `VisitorCompute` instantiates
`ComputeFn<Array<ElementCompute, N>>` exactly as `Sm90Compute` does. One difference:
`VisitorCompute` default-constructs its functor and has no per-node arguments, so a functor
that takes arguments (Clamp's bounds) cannot be given them. `for_sm80` therefore rewrites each
such node before rendering: clamp(x, lo, hi) becomes min(max(x, lo), hi) with NaN-propagating
max/min (what `cutlass::epilogue::thread::Clamp` computes) and the bounds become two more
run-time scalar parameters. The bounds are then arguments of the entry point, not text of the TU:
clamps with other bounds share the kernel.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from boltc.dialects import bolt
from boltc.lowering.cutlass.cpp import ROUND_TO_NEAREST, VECTOR_BYTES, Element, UnsupportedEpilogue, instantiate
from boltc.lowering.cutlass.evt import (
    BINARY_FUNCTORS,
    IDENTITY,
    UNARY_FUNCTORS,
    AccFetch,
    Compute,
    EpilogueBinding,
    EpilogueTree,
    LeafKind,
    LeafParams,
    Load,
    Node,
    ScalarConstant,
    declare_nodes,
    postorder,
)

THREADBLOCK = "cutlass::epilogue::threadblock"
# OutputTileOptimalThreadMap (epilogue/threadblock/output_tile_thread_map.h, the 2-D row
# arrangement every Sm80 EVT node partitions with) lays a warp's 32 lanes out as
# min(tile N / alignment, 16) accesses across a row times at most 8 rows: with fewer than 4
# accesses a row, half a warp or more gets no output. conv_group_sm80's 128x16 tile at 8 f16
# elements an access (2 a row, 16 lanes) wrote half its outputs on an H100 (2026-11-26); its
# thread map printed on the host: kAccessWidth 2, kAccessRows 8.
MIN_ACCESSES_PER_ROW = 4


def output_blocker(tile_n: int, alignment_d: int, element_d: Element, what: str = "the output") -> str | None:
    """Why the Sm80 epilogue cannot store `what` (elements of `element_d`, `alignment_d` an access)
    from a CTA tile `tile_n` wide; None if it can. Every Sm80 visitor family asks this."""
    d = alignment_d
    if d < 1 or d & (d - 1) or d * element_d.bytes > VECTOR_BYTES:
        return f"alignment {d} of {what} is not a power of two of at most {VECTOR_BYTES} bytes"
    return thread_map_blocker(tile_n, d)


def thread_map_alignment(tile_n: int, alignment_d: int) -> int:
    """The widest output access, at most `alignment_d` elements, at which a `tile_n`-wide CTA
    tile still gives every lane of the thread map outputs (a 16-wide tile: 4 elements)."""
    while alignment_d > 1 and tile_n // alignment_d < MIN_ACCESSES_PER_ROW:
        alignment_d //= 2
    return alignment_d


def thread_map_blocker(tile_n: int, alignment_d: int) -> str | None:
    """Why the Sm80 epilogue's thread map leaves lanes idle for this CTA tile N and output
    alignment (elements an access); None when a warp's 32 lanes all get outputs."""
    accesses = tile_n // alignment_d
    if accesses < MIN_ACCESSES_PER_ROW:
        return (f"tile N {tile_n} at {alignment_d} output elements an access is {accesses} accesses a row: the Sm80 "
                f"epilogue's thread map needs at least {MIN_ACCESSES_PER_ROW} (8 rows x {accesses} leaves lanes of "
                "every warp without outputs)")
    return None
_CLAMP = UNARY_FUNCTORS[bolt.ClampOp]
_MAX_NAN = BINARY_FUNCTORS[bolt.MaxOp]
_MIN_NAN = BINARY_FUNCTORS[bolt.MinOp]


def for_sm80(tree: EpilogueTree, binding: EpilogueBinding) -> tuple[EpilogueTree, EpilogueBinding]:
    """`tree` with every functor that takes arguments rewritten into argument-free nodes (see
    the module docstring), and `binding` with the values of the scalars this adds."""
    scalars = list(tree.scalars)
    values = list(binding.scalars)
    memo: dict[Node, Node] = {}

    def scalar(value: float, element: Element) -> ScalarConstant:
        node = ScalarConstant(len(scalars), element)
        scalars.append(node)
        values.append(value)
        return node

    def rewrite(node: Node) -> Node:
        if not isinstance(node, Compute):
            return node
        if node in memo:
            return memo[node]
        children = tuple(rewrite(c) for c in node.children)
        if node.functor == _CLAMP:
            lower, upper = node.arguments
            if lower == math.inf or upper == -math.inf or math.isnan(lower) or math.isnan(upper):
                raise UnsupportedEpilogue(
                    f"clamp to [{lower}, {upper}] has a bound that is no run-time float argument"
                )
            # An infinite bound on its own side clamps nothing (NaN still propagates): no node.
            steps = [(functor, bound) for functor, bound, unbounded in (
                (_MAX_NAN, lower, -math.inf), (_MIN_NAN, upper, math.inf)) if bound != unbounded]
            new: Node = children[0]
            for i, (functor, bound) in enumerate(steps):
                output = node.output if i == len(steps) - 1 else node.compute
                new = Compute(functor, output, node.compute, (new, scalar(bound, node.compute)))
            if not steps:  # clamp to (-inf, inf): only the conversion to the node's output type
                new = Compute(IDENTITY, node.output, node.compute, (new,))
        elif node.functor.has_arguments:  # pragma: no cover - evt.py's table has one such functor
            raise AssertionError(f"no argument-free Sm80 form for {node.functor.cpp}")
        else:
            new = replace(node, children=children)
        memo[node] = new
        return new

    root = rewrite(tree.root)
    assert isinstance(root, Compute)
    return (
        EpilogueTree(root, tree.leaves, tuple(scalars)),
        EpilogueBinding(binding.leaves, tuple(values)),
    )


def render_types(tree: EpilogueTree, *, thread_map: str, element_d: Element) -> tuple[list[str], str]:
    """C++ `using` declarations for every node of `tree` and for the store of D, and the name
    of the whole visitor (what `DefaultGemmWithVisitor` takes as its FusionCallbacks).

    `thread_map` names the `OutputTileThreadLayout` of the epilogue: broadcast, aux-load and
    store nodes partition the output tile with it."""
    for node in postorder(tree.root):
        if isinstance(node, Compute) and node.functor.has_arguments:
            raise ValueError(f"{node.functor.cpp} takes arguments: rewrite the tree with for_sm80 first")
    decls, root = declare_nodes(
        tree.root, THREADBLOCK, ("VisitorAccFetch", "VisitorScalarBroadcast", "VisitorCompute", "Sm80EVT"),
        lambda node, name: [f"using {name} = {_load_type(node, thread_map)};"],
    )
    store = instantiate(
        f"{THREADBLOCK}::VisitorAuxStore", thread_map, element_d.cpp, ROUND_TO_NEAREST,
        "cute::Stride<int64_t, cute::_1, int64_t>",
    )
    decls.append(f"using StoreD = {store};")
    decls.append(f"using Callbacks = {instantiate(f'{THREADBLOCK}::Sm80EVT', 'StoreD', root)};")
    return decls, "Callbacks"


def render_arguments(
    tree: EpilogueTree,
    leaf_params: Sequence[LeafParams],
    scalar_params: Sequence[str],
    *,
    d: str,
    ldd: str,
    batch_stride_d: str,
    element_d: Element,
) -> str:
    """The nested initializer of the visitor's Arguments, `{child args..., node args}` per
    Sm80EVT node, from the entry point's parameter names; the outermost node stores D."""

    def args_of(node: Node) -> str:
        if isinstance(node, AccFetch):
            return "{}"
        if isinstance(node, Load):
            return _load_arguments(node, leaf_params[node.leaf])
        if isinstance(node, ScalarConstant):
            return f"{{{{{node.element.cpp}({scalar_params[node.index]})}}}}"
        return _nest([args_of(c) for c in node.children] + ["{}"])

    store = f"{{static_cast<{element_d.cpp}*>({d}), {{{ldd}, cute::_1{{}}, {batch_stride_d}}}}}"
    return _nest([args_of(tree.root), store])


def _nest(parts: list[str]) -> str:
    inner = ",\n".join("  " + p.replace("\n", "\n  ") for p in parts)
    return "{\n" + inner + "\n}"


def _load_type(node: Load, thread_map: str) -> str:
    e = node.element.cpp
    if node.kind is LeafKind.ROW:
        return instantiate(
            f"{THREADBLOCK}::VisitorRowBroadcast", thread_map, e, "cute::Stride<cute::_0, cute::_1, int64_t>"
        )
    if node.kind is LeafKind.COLUMN:
        return instantiate(
            f"{THREADBLOCK}::VisitorColBroadcast", thread_map, e, "cute::Stride<cute::_1, cute::_0, int64_t>"
        )
    if node.kind is LeafKind.SCALAR:
        # The one batched form VisitorScalarBroadcast accepts (it static_asserts the stride).
        return instantiate(f"{THREADBLOCK}::VisitorScalarBroadcast", e, "cute::Stride<cute::_0, cute::_0, int>")
    return instantiate(
        f"{THREADBLOCK}::VisitorAuxLoad", thread_map, e, "cute::Stride<int64_t, cute::_1, int64_t>"
    )


def _load_arguments(node: Load, params: LeafParams) -> str:
    e = node.element.cpp
    pointer = f"static_cast<{e} const*>({params.pointer})"
    if node.kind is LeafKind.ROW:
        return f"{{{pointer}, {e}(0), {{cute::_0{{}}, cute::_1{{}}, {params.batch_stride}}}}}"
    if node.kind is LeafKind.COLUMN:
        return f"{{{pointer}, {e}(0), {{cute::_1{{}}, cute::_0{{}}, {params.batch_stride}}}}}"
    if node.kind is LeafKind.SCALAR:
        # {scalars (unused: the pointer is set), scalar_ptrs, dScalar}
        return f"{{{{}}, {{{pointer}}}, {{cute::_0{{}}, cute::_0{{}}, static_cast<int>({params.batch_stride})}}}}"
    # VisitorAuxLoad's pointer is non-const in CUTLASS 4.2 although it only loads through it.
    return f"{{const_cast<{e}*>({pointer}), {e}(0), {{{params.leading_dim}, cute::_1{{}}, {params.batch_stride}}}}}"
