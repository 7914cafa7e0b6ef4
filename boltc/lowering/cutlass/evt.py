"""An anchor's epilogue region -> a CUTLASS Sm90 epilogue visitor tree (EVT).

The epilogue block of a bolt anchor receives the fp32 accumulator and the anchor's extras and
yields one value of the result's shape (docs/design.md). Every value in it is, at each output
element, a function of that element's accumulator and of the extras broadcast numpy-style to
the output shape. That is exactly what an EVT computes per output fragment, so the region maps
node for node:

| bolt                                             | EVT node (cutlass::epilogue::fusion::) |
| ------------------------------------------------ | -------------------------------------- |
| block argument 0 (the accumulator)               | Sm90AccFetch                           |
| an extra that varies along N only (a GEMM bias)  | Sm90RowBroadcast: a 1 x N row, repeated down the M rows (stride <_0,_1,L>) |
| an extra that varies along M only                | Sm90ColBroadcast: an M x 1 column, repeated across N (stride <_1,_0,L>) |
| an extra of the output's shape (a residual)      | Sm90AuxLoad (TMA, row-major like D)   |
| a rank-0 extra / a scalar bolt.constant          | Sm90ScalarBroadcast (a device pointer / a run-time value) |
| bolt.ew.* op                                     | Sm90EVT<Sm90Compute<functor, ...>, children...> |
| bolt.ew.cast                                     | Sm90Compute<Identity, To, To> (exact widenings are folded away: every consumer converts its inputs exactly) |

"Row" and "column" follow CUTLASS's names for the output matrix D (M x N): a row vector has
one value per column n. The broadcast's batch stride is a run-time argument (0 when the vector
is shared by every batch).

The tree's *structure* (node kinds, element types, functors) goes into the translation unit;
everything that differs between layers of one configuration (which extra feeds which leaf, its
leading dimension and batch stride, the value of each scalar constant) is a run-time argument of
the kernel's entry point, bound per op in `EpilogueBinding`. So one TU serves every GEMM with
the same epilogue shape, whatever its sizes and constants.

What has no single-pass EVT form is refused with `UnsupportedEpilogue`: reductions whose
result is used again inside the epilogue (a row max needs the whole row before any element),
non-scalar constants inside the region (make them extras), broadcasts of an intermediate value
that move it to other output elements.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from math import prod

import numpy as np
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from boltc.diagnostics import op_location
from boltc.dialects import bolt
from boltc.dialects.resources import dense_array
from boltc.lowering.cutlass.cpp import (
    ROUND_TO_NEAREST,
    Element,
    UnsupportedEpilogue,
    float_literal,
    instantiate,
)

FUSION = "cutlass::epilogue::fusion"


# --------------------------------------------------------------------------------------
# Functors: what Sm90Compute applies. CUTLASS's own where they exist, else a small functor
# of the same shape from boltc's own header (namespace boltc_evt, FUNCTORS_HEADER).
# --------------------------------------------------------------------------------------

# boltc's functors (include/boltc/evt_functors.hpp: the C++ and why each is written so); a TU
# whose tree uses one includes it (EpilogueTree.headers).
FUNCTORS_HEADER = "boltc/evt_functors.hpp"
# boltc_evt::Sm90RowBroadcastPrefetch (include/boltc/row_broadcast_prefetch.hpp), sm_90a only.
ROW_BROADCAST_PREFETCH_HEADER = "boltc/row_broadcast_prefetch.hpp"


@dataclass(frozen=True)
class Functor:
    """A template `template <class T> class Fn` usable as Sm90Compute's ComputeFn: Sm90Compute
    instantiates `Fn<cutlass::Array<ElementCompute, N>>` and calls it on the converted inputs."""

    cpp: str
    arity: int
    header: str | None = None  # boltc's header that defines it (None: CUTLASS's own)
    has_arguments: bool = False  # Fn<T>::Arguments exists (Clamp's bounds)
    # Costs many instructions per element: MUFU ops (exp2, reciprocal, tanh) and the polynomials
    # around them (tuning/heuristic.py's epilogue_subtile_n).
    transcendental: bool = False


_THREAD = "cutlass::epilogue::thread"


def _own(name: str, arity: int = 1, *, transcendental: bool = True) -> Functor:
    """boltc_evt::`name`, from FUNCTORS_HEADER."""
    return Functor(f"boltc_evt::{name}", arity, FUNCTORS_HEADER, transcendental=transcendental)


IDENTITY = Functor(f"{_THREAD}::Identity", 1)
UNARY_FUNCTORS: dict[type[bolt.UnaryElementwiseOp], Functor] = {
    bolt.ReluOp: Functor(f"{_THREAD}::ReLu", 1),
    bolt.SigmoidOp: _own("Sigmoid"),
    bolt.TanhOp: Functor(f"{_THREAD}::Tanh", 1, transcendental=True),
    bolt.SiluOp: _own("SiLu"),
    bolt.HardswishOp: _own("HardSwishSat", transcendental=False),
    bolt.ClampOp: Functor(f"{_THREAD}::Clamp", 1, has_arguments=True),
    bolt.NegOp: Functor("cutlass::negate", 1),
    bolt.SoftplusOp: _own("Softplus"),
    bolt.ExpOp: _own("Exp"),
    bolt.LogOp: _own("Log"),
    bolt.Log1pOp: _own("Log1p"),
    bolt.SqrtOp: _own("Sqrt"),
    bolt.RsqrtOp: _own("Rsqrt"),
    bolt.AbsOp: _own("Abs", transcendental=False),
    bolt.ErfOp: _own("Erf"),
    bolt.ReciprocalOp: _own("Reciprocal"),
}
# Functors with a cheaper form that is exact enough when the result is rounded to a 16-bit
# type at once (the epilogue's root stored as f16/bf16): (functor, result type) -> form.
_SOFTPLUS_HALF_FORM = _own("SoftplusHalf")
SIXTEEN_BIT_RESULT_FORMS: dict[tuple[str, Element], Functor] = {
    ("boltc_evt::Softplus", Element.F16): _SOFTPLUS_HALF_FORM,
    ("boltc_evt::Softplus", Element.BF16): _SOFTPLUS_HALF_FORM,
    ("boltc_evt::GeluErf", Element.F16): _own("GeluErfF16"),
    ("boltc_evt::GeluErf", Element.BF16): _own("GeluErfBF16"),
}
GELU_FUNCTORS: dict[bolt.GeluApproximation, Functor] = {
    bolt.GeluApproximation.ERF: _own("GeluErf"),
    bolt.GeluApproximation.TANH: Functor(f"{_THREAD}::GELU_taylor", 1, transcendental=True),  # tanh form, tanh.approx
}
BINARY_FUNCTORS: dict[type[bolt.BinaryElementwiseOp], Functor] = {
    bolt.AddOp: Functor("cutlass::plus", 2),
    bolt.SubOp: Functor("cutlass::minus", 2),
    bolt.MulOp: Functor("cutlass::multiplies", 2),
    bolt.DivOp: Functor("cutlass::divides", 2, transcendental=True),  # IEEE division: a reciprocal and fixups
    bolt.MaxOp: _own("MaximumNaN", 2, transcendental=False),
    bolt.MinOp: _own("MinimumNaN", 2, transcendental=False),
    bolt.PowOp: _own("Pow", 2),
}


def select_functor(predicate: bolt.ComparePredicate) -> Functor:
    return _own(f"Select_{predicate.value}", 4, transcendental=False)


# --------------------------------------------------------------------------------------
# The tree. Nodes are frozen, hashable values: equal subtrees render once.
# --------------------------------------------------------------------------------------


class LeafKind(Enum):
    """How an extra operand is read, relative to the output D (M x N, batch L)."""

    ROW = "row"  # varies along N: Sm90RowBroadcast
    COLUMN = "column"  # varies along M: Sm90ColBroadcast
    AUX = "aux"  # varies along M and N: Sm90AuxLoad
    SCALAR = "scalar"  # one value (per batch): Sm90ScalarBroadcast from a device pointer


@dataclass(frozen=True)
class AccFetch:
    @property
    def value_element(self) -> Element:
        return Element.F32


@dataclass(frozen=True)
class Load:
    """A run-time operand read by a broadcast or aux-load node; `leaf` indexes the kernel's
    extra parameters (x0, x1, ...)."""

    kind: LeafKind
    leaf: int
    element: Element

    @property
    def value_element(self) -> Element:
        return self.element


@dataclass(frozen=True)
class ScalarConstant:
    """A scalar constant of the region, passed at run time as the entry point's `s<index>`."""

    index: int
    element: Element

    @property
    def value_element(self) -> Element:
        return self.element


@dataclass(frozen=True)
class Compute:
    """Sm90EVT<Sm90Compute<functor, output, compute, round_to_nearest>, children...>: inputs are
    converted to `compute`, `functor` applied, the result converted to `output`."""

    functor: Functor
    output: Element
    compute: Element
    children: tuple[Node, ...]
    arguments: tuple[float, ...] = ()  # the functor's Arguments (Clamp: lower, upper)

    def __post_init__(self) -> None:
        if len(self.children) != self.functor.arity:
            raise ValueError(f"{self.functor.cpp} takes {self.functor.arity} inputs, got {len(self.children)}")

    @property
    def value_element(self) -> Element:
        return self.output


Node = AccFetch | Load | ScalarConstant | Compute


@dataclass(frozen=True)
class EpilogueTree:
    """The structure of one epilogue: what the TU instantiates. `root` outputs ElementD."""

    root: Compute
    leaves: tuple[Load, ...]  # one per run-time extra parameter, in parameter order
    scalars: tuple[ScalarConstant, ...]  # one per run-time scalar parameter, in order

    @property
    def is_plain_store(self) -> bool:
        return self.root.functor == IDENTITY and isinstance(self.root.children[0], AccFetch)

    @property
    def evaluates_transcendental(self) -> bool:
        """Whether some node computes an exp2, reciprocal, tanh or the like (many instructions
        per element; tuning/heuristic.py's epilogue_subtile_n)."""
        return any(isinstance(node, Compute) and node.functor.transcendental
                   for node in postorder(self.root))

    @property
    def has_row_broadcast(self) -> bool:
        return any(leaf.kind is LeafKind.ROW for leaf in self.leaves)

    def headers(self, *, prefetch_rows: bool = False) -> tuple[str, ...]:
        """boltc's headers the tree's C++ needs (its boltc_evt functors, Sm90RowBroadcastPrefetch),
        each once. `prefetch_rows`: row broadcasts are Sm90RowBroadcastPrefetch (see render_types)."""
        headers = [node.functor.header for node in postorder(self.root)
                   if isinstance(node, Compute) and node.functor.header is not None]
        if prefetch_rows and self.has_row_broadcast:
            headers.append(ROW_BROADCAST_PREFETCH_HEADER)
        return tuple(dict.fromkeys(headers))

    def render_types(self, *, tile_shape: str, epilogue_descriptor: str,
                     prefetch_rows: bool = False) -> tuple[list[str], str]:
        """C++ `using` declarations for every node, and the name of the root type.

        `tile_shape` names the CTA tile type (broadcast nodes stage one tile row/column in shared
        memory); `epilogue_descriptor` names a `cutlass::epilogue::collective::detail::
        EpilogueDescriptor` matching the collective epilogue (aux loads share its pipeline).
        `prefetch_rows`: row broadcasts are boltc's Sm90RowBroadcastPrefetch, fetched by the
        epilogue load warp during the mainloop (only for kernels that run that warp beside the
        mainloop: the persistent TMA cooperative and pingpong GEMMs)."""
        return declare_nodes(
            self.root, FUSION, ("Sm90AccFetch", "Sm90ScalarBroadcast", "Sm90Compute", "Sm90EVT"),
            lambda node, name: _load_decls(node, name, tile_shape, epilogue_descriptor, prefetch_rows),
        )

    def render_arguments(self, leaf_params: Sequence[LeafParams], scalar_params: Sequence[str]) -> str:
        """The nested initializer of the tree's Arguments: `{child args..., node args}` per
        Sm90EVT, from the entry point's parameter names."""

        def args_of(node: Node) -> str:
            if isinstance(node, AccFetch):
                return "{}"
            if isinstance(node, Load):
                return _load_arguments(node, leaf_params[node.leaf])
            if isinstance(node, ScalarConstant):
                return f"{{{{{node.element.cpp}({scalar_params[node.index]})}}}}"
            children = [args_of(c) for c in node.children]
            if node.functor.has_arguments:
                own = "{" + ", ".join(f"{node.compute.cpp}({float_literal(a)})" for a in node.arguments) + "}"
            else:
                own = "{}"
            inner = ",\n".join("  " + c.replace("\n", "\n  ") for c in [*children, own])
            return "{\n" + inner + "\n}"

        return args_of(self.root)


@dataclass(frozen=True)
class LeafParams:
    """The C parameter names that feed one leaf."""

    pointer: str
    batch_stride: str
    leading_dim: str | None = None  # aux loads only


def _load_decls(node: Load, name: str, tile_shape: str, epilogue_descriptor: str,
                prefetch_rows: bool = False) -> list[str]:
    e = node.element.cpp
    if node.kind is LeafKind.ROW:
        stride = "cute::Stride<cute::_0, cute::_1, int64_t>"
        if prefetch_rows:
            return [f"using {name} = {instantiate('boltc_evt::Sm90RowBroadcastPrefetch', tile_shape, e, stride)};"]
        return [f"using {name} = {instantiate(f'{FUSION}::Sm90RowBroadcast', 0, tile_shape, e, e, stride)};"]
    if node.kind is LeafKind.COLUMN:
        stride = "cute::Stride<cute::_1, cute::_0, int64_t>"
        return [f"using {name} = {instantiate(f'{FUSION}::Sm90ColBroadcast', 0, tile_shape, e, e, stride)};"]
    if node.kind is LeafKind.SCALAR:
        stride = "cute::Stride<cute::_0, cute::_0, int64_t>"
        return [f"using {name} = {instantiate(f'{FUSION}::Sm90ScalarBroadcast', e, stride)};"]
    descriptor = f"{name}Descriptor"
    return [
        f"using {descriptor} = "
        + instantiate(
            "cutlass::epilogue::collective::detail::AuxLoadDescriptor",
            epilogue_descriptor, "cutlass::layout::RowMajor", e,
        )
        + ";",
        f"using {name} = "
        + instantiate(
            f"{FUSION}::Sm90AuxLoad",
            f"{descriptor}::Stages", f"typename {descriptor}::EpilogueTile", e,
            f"typename {descriptor}::Stride", f"typename {descriptor}::SmemLayoutAtom",
            f"typename {descriptor}::CopyOpS2R",
        )
        + ";",
    ]


def _load_arguments(node: Load, params: LeafParams) -> str:
    e = node.element.cpp
    pointer = f"static_cast<{e} const*>({params.pointer})"
    if node.kind is LeafKind.ROW:
        return f"{{{pointer}, {e}(0), {{cute::_0{{}}, cute::_1{{}}, {params.batch_stride}}}}}"
    if node.kind is LeafKind.COLUMN:
        return f"{{{pointer}, {e}(0), {{cute::_1{{}}, cute::_0{{}}, {params.batch_stride}}}}}"
    if node.kind is LeafKind.SCALAR:
        return f"{{{{}}, {{{pointer}}}, {{{{cute::_0{{}}, cute::_0{{}}, {params.batch_stride}}}}}}}"
    return f"{{{pointer}, {e}(0), {{{params.leading_dim}, cute::_1{{}}, {params.batch_stride}}}}}"


def declare_nodes(root: Node, namespace: str, templates: tuple[str, str, str, str],
                  load_decls: Callable[[Load, str], list[str]]) -> tuple[list[str], str]:
    """C++ `using` declarations for every node below `root`, children first (equal subtrees
    once), and the name of `root`'s type: `Leaf<i>` for loads (`load_decls(node, name)` writes
    them), `Scalar<j>`, and `Compute<i>`/`Node<i>` pairs for compute nodes. `templates` names
    the visitor family's accumulator fetch, scalar broadcast, compute and EVT templates in
    `namespace` (Sm90's in `cutlass::epilogue::fusion`, Sm80's in `...::threadblock`)."""
    acc_fetch, scalar_broadcast, compute, evt = (f"{namespace}::{t}" for t in templates)
    decls: list[str] = []
    names: dict[Node, str] = {}

    def name_of(node: Node) -> str:
        if node in names:
            return names[node]
        if isinstance(node, AccFetch):
            names[node] = acc_fetch
            return names[node]
        if isinstance(node, Load):
            name = f"Leaf{node.leaf}"
            decls.extend(load_decls(node, name))
        elif isinstance(node, ScalarConstant):
            name = f"Scalar{node.index}"
            decls.append(f"using {name} = {instantiate(scalar_broadcast, node.element.cpp)};")
        else:
            children = [name_of(c) for c in node.children]  # postorder: children declared first
            index = sum(1 for n in names if isinstance(n, Compute))
            name = f"Node{index}"
            decls.append(f"using Compute{index} = "
                         f"{instantiate(compute, node.functor.cpp, node.output.cpp, node.compute.cpp, ROUND_TO_NEAREST)};")
            decls.append(f"using {name} = {instantiate(evt, f'Compute{index}', *children)};")
        names[node] = name
        return name

    return decls, name_of(root)


def postorder(node: Node):
    if isinstance(node, Compute):
        for child in node.children:
            yield from postorder(child)
    yield node


# --------------------------------------------------------------------------------------
# From the IR.
# --------------------------------------------------------------------------------------


class Role(Enum):
    """What an output dimension is to the kernel: the batch L, or part of M or N."""

    L = "L"
    M = "M"
    N = "N"


@dataclass(frozen=True)
class LeafBinding:
    """What one op passes for one leaf: which extra, and its strides in elements."""

    extra: int
    batch_stride: int
    leading_dim: int | None = None


@dataclass(frozen=True)
class EpilogueBinding:
    """The per-op values of an epilogue's run-time parameters."""

    leaves: tuple[LeafBinding, ...]
    scalars: tuple[float, ...]


@dataclass
class _Builder:
    anchor: bolt.AnchorOp
    output: Element
    out_shape: tuple[int, ...]
    roles: tuple[Role, ...]
    leaves: list[Load] = field(default_factory=list)
    leaf_bindings: list[LeafBinding] = field(default_factory=list)
    leaf_index: dict[tuple[int, tuple[int, ...]], Load] = field(default_factory=dict)
    scalars: list[ScalarConstant] = field(default_factory=list)
    scalar_values: list[float] = field(default_factory=list)
    memo: dict[SSAValue, Node] = field(default_factory=dict)

    def fail(self, op: Operation, message: str) -> UnsupportedEpilogue:
        return UnsupportedEpilogue(
            f"'{self.anchor.name}' epilogue: '{op.name}': {message}", op_location(op), op.name
        )

    @property
    def block(self) -> Block:
        return self.anchor.epilogue.block

    def canonical(self, shape: Sequence[int]) -> tuple[int, ...]:
        """`shape` right-aligned against the output's rank (numpy broadcasting)."""
        rank = len(self.out_shape)
        if len(shape) > rank:
            shape = shape[len(shape) - rank:] if all(d == 1 for d in shape[: len(shape) - rank]) else shape
        return (1,) * (rank - len(shape)) + tuple(shape)

    # -- values ------------------------------------------------------------------------

    def node(self, value: SSAValue) -> Node:
        if value not in self.memo:
            self.memo[value] = self._node(value)
        return self.memo[value]

    def _node(self, value: SSAValue) -> Node:
        if isinstance(value, BlockArgument):
            if value.index == 0:
                return AccFetch()
            return self.leaf(value.index - 1, _shape(value), self.anchor)
        op = value.owner
        assert isinstance(op, Operation)
        if isinstance(op, bolt.ConstantOp):
            return self.constant(op, _shape(value))
        if isinstance(op, (bolt.ReshapeOp, bolt.BroadcastOp)):
            return self.view(op)
        if isinstance(op, bolt.CastOp):
            child = self.node(op.input)
            target = _element(op.output)
            if child.value_element.widens_exactly_to(target):
                return child  # every consumer converts its inputs to its compute type, exactly
            return Compute(IDENTITY, target, target, (child,))
        if isinstance(op, bolt.GeluOp):
            return self.compute(op, GELU_FUNCTORS[op.approximate.data], [op.input])
        if isinstance(op, bolt.ClampOp):
            bounds = (bolt.float_value(op.min), bolt.float_value(op.max))
            return self.compute(op, UNARY_FUNCTORS[bolt.ClampOp], [op.input], bounds)
        if type(op) in UNARY_FUNCTORS:
            return self.compute(op, UNARY_FUNCTORS[type(op)], [op.input])
        if type(op) in BINARY_FUNCTORS:
            return self.compute(op, BINARY_FUNCTORS[type(op)], [op.lhs, op.rhs])
        if isinstance(op, bolt.SelectOp):
            return self.compute(op, select_functor(op.predicate.data), list(op.operands))
        if isinstance(op, bolt.ReduceOp):
            raise self.fail(
                op,
                "a reduction whose result is used inside the epilogue needs every element of its "
                "row/column before the first one is stored; one epilogue visitor tree cannot do it",
            )
        raise self.fail(op, "has no epilogue visitor tree equivalent")

    def compute(
        self, op: Operation, functor: Functor, inputs: Sequence[SSAValue], arguments: tuple[float, ...] = ()
    ) -> Compute:
        element = _element(op.results[0])
        for v in inputs:
            self.check_broadcastable(op, _shape(v))
        children = tuple(self.node(v) for v in inputs)
        return Compute(functor, element, element, children, arguments)

    def check_broadcastable(self, op: Operation, shape: Sequence[int]) -> None:
        canon = self.canonical(shape)
        if len(canon) != len(self.out_shape) or any(
            s not in (1, o) for s, o in zip(canon, self.out_shape)
        ):
            raise self.fail(op, f"shape {list(shape)} does not broadcast to the output {list(self.out_shape)}")

    # -- leaves --------------------------------------------------------------------------

    def leaf(self, extra: int, shape: tuple[int, ...], where: Operation) -> Node:
        """Extra `extra`, seen with `shape` (its own, or a reshape/broadcast view of it)."""
        key = (extra, shape)
        if key in self.leaf_index:
            return self.leaf_index[key]
        self.check_broadcastable(where, shape)
        canon = self.canonical(shape)
        strides = [prod(canon[d + 1:]) for d in range(len(canon))]  # contiguous, in elements
        varies = {r for r, s, o in zip(self.roles, canon, self.out_shape) if o > 1 and s == o}
        for role in (Role.M, Role.N):  # a role spread over several output dims (conv's N,P,Q)
            dims = [d for d, r in enumerate(self.roles) if r is role and self.out_shape[d] > 1]
            if role in varies and any(canon[d] != self.out_shape[d] for d in dims):
                raise self.fail(where, f"extra {extra} varies along part of {role.value} only")
        batch_dims = [d for d, r in enumerate(self.roles) if r is Role.L and canon[d] > 1]
        batch_stride = strides[batch_dims[0]] if batch_dims else 0
        element = _element(self.anchor.extras[extra])
        if Role.M in varies and Role.N in varies:
            kind = LeafKind.AUX
            n_dims = [d for d, r in enumerate(self.roles) if r is Role.N]
            leading = strides[n_dims[0] - 1] if n_dims[0] > 0 else prod(canon)
            if Role.L not in varies and any(o > 1 for o, r in zip(self.out_shape, self.roles) if r is Role.L):
                raise self.fail(
                    where,
                    f"extra {extra} has the output's M x N shape but is shared by every batch: "
                    "a residual must carry the batch dimension",
                )
            binding = LeafBinding(extra, batch_stride, leading)
        else:
            kind = {
                frozenset({Role.N}): LeafKind.ROW,
                frozenset({Role.M}): LeafKind.COLUMN,
                frozenset(): LeafKind.SCALAR,
            }[frozenset(varies - {Role.L})]
            binding = LeafBinding(extra, batch_stride)
        load = Load(kind, len(self.leaves), element)
        self.leaves.append(load)
        self.leaf_bindings.append(binding)
        self.leaf_index[key] = load
        return load

    def constant(self, op: bolt.ConstantOp, shape: tuple[int, ...]) -> Node:
        values = np.asarray(dense_array(op.value), dtype=np.float64).reshape(-1)
        if values.size == 0 or not np.all(values == values[0]) and not np.all(np.isnan(values)):
            raise self.fail(
                op,
                "only scalar (or splat) constants fit in an epilogue; pass a weight or a bias as an "
                "extra operand of the anchor",
            )
        self.check_broadcastable(op, shape)
        scalar = ScalarConstant(len(self.scalars), _element(op.result))
        self.scalars.append(scalar)
        self.scalar_values.append(float(values[0]))
        return scalar

    def view(self, op: bolt.ReshapeOp | bolt.BroadcastOp) -> Node:
        """A reshape or broadcast: a view of a leaf with new broadcasting, or transparent."""
        in_shape, out_shape = _shape(op.input), _shape(op.result)
        if isinstance(op, bolt.BroadcastOp):
            dims = bolt.int_list(op.dimensions)
            equivalent = tuple(1 if d in dims else s for d, s in enumerate(out_shape))  # numpy form
        else:
            equivalent = out_shape
        origin = op.input
        while isinstance(origin.owner, bolt.CastOp) and _element(origin.owner.input).widens_exactly_to(
            _element(origin)
        ):
            origin = origin.owner.input  # look through exact widenings to the stored operand
        if isinstance(origin, BlockArgument) and origin.index > 0:
            return self.leaf(origin.index - 1, equivalent, op)
        if _strip(self.canonical(in_shape)) == _strip(self.canonical(equivalent)) or prod(in_shape) == 1:
            return self.node(op.input)  # same elements at the same output positions
        raise self.fail(
            op,
            f"moves an intermediate value of shape {list(in_shape)} to other output positions "
            f"({list(out_shape)}); only extras can be re-viewed inside an epilogue",
        )


def _strip(shape: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(shape[next((i for i, d in enumerate(shape) if d != 1), len(shape)):])


def _shape(value: SSAValue) -> tuple[int, ...]:
    assert isinstance(value.type, TensorType)
    return tuple(value.type.get_shape())


def _element(value: SSAValue) -> Element:
    assert isinstance(value.type, TensorType)
    return Element.from_mlir(value.type.get_element_type())


def build_epilogue(
    anchor: bolt.AnchorOp, roles: Sequence[Role], output: Element | None = None
) -> tuple[EpilogueTree, EpilogueBinding]:
    """The EVT of `anchor`'s epilogue region and this op's values for its run-time parameters.

    `roles` names, per dimension of the anchor's result, whether it is the batch (L) or part of
    M or N of the kernel's output matrix ((L, M, N) for a batched GEMM, (M, N) for a GEMM,
    (M, M, M, N) for an NHWC convolution). The root converts to `output` (the result's element
    type by default)."""
    out_shape = _shape(anchor.result)
    if len(roles) != len(out_shape):
        raise ValueError(f"{len(roles)} roles for a rank-{len(out_shape)} result")
    output = output or _element(anchor.result)
    builder = _Builder(anchor, output, out_shape, tuple(roles))
    yield_op = anchor.epilogue.block.last_op
    assert isinstance(yield_op, bolt.YieldOp)
    top = builder.node(yield_op.values[0])
    if isinstance(top, Compute) and top.output is top.compute:
        # The op computes in its type and the store converts: Sm90Compute does both.
        functor = top.functor
        functor = SIXTEEN_BIT_RESULT_FORMS.get((functor.cpp, output), functor)
        root = Compute(functor, output, top.compute, top.children, top.arguments)
    else:
        root = Compute(IDENTITY, output, top.value_element, (top,))
    tree = EpilogueTree(root, tuple(builder.leaves), tuple(builder.scalars))
    binding = EpilogueBinding(tuple(builder.leaf_bindings), tuple(builder.scalar_values))
    return tree, binding

