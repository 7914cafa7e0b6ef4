"""Elementwise kernels generated per expression: a tree of `bolt.ew.*` ops -> one CUDA kernel.

The host generator (host.py) decides which ops form a tree (legality against the arena plan
lives there); this module turns a tree into a kernel specialized to its shapes:

- the output's index space is coalesced with every operand's strides (size-1 dimensions
  dropped, neighbours merged), so a same-shape expression is a flat loop and a per-channel
  bias keeps just the dimensions it needs, with compile-time sizes and strides;
- a vector variant moves 16 bytes per access when the innermost dimension allows it; the
  launcher picks it at run time when every pointer is aligned for it;
- every op computes in float and rounds to its result's element type, intermediates included
  (`round_through`), as the numpy reference rounds each op (boltc/interpret/bolt.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

from boltc.dialects import bolt
from boltc.lowering import cxx
from boltc.lowering.runtime_abi import DType, coalesce, contiguous_strides, rt

THREADS = 256
VECTOR_BYTES = 16
EW = "boltc::ew"
DEV = "boltc::dev"

# -------------------------------------------------------------------------------------------
# Expression trees
# -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LeafRef:
    """Operand `index` of the kernel (a tensor read through its strides)."""

    index: int


@dataclass(frozen=True)
class Immediate:
    """A scalar (or splat) constant, inlined into the kernel."""

    value: float


@dataclass(frozen=True)
class Apply:
    """boltc::ew::<function>(args..., constants...)."""

    function: str
    args: tuple[Node, ...]
    constants: tuple[float, ...] = ()


@dataclass(frozen=True)
class Select:
    predicate: str  # arith.cmpf's name: oeq, ogt, ...
    lhs: Node
    rhs: Node
    on_true: Node
    on_false: Node


@dataclass(frozen=True)
class Round:
    """The value rounded to a 16-bit element type and back (an intermediate's own rounding)."""

    dtype: DType
    arg: Node


Node = LeafRef | Immediate | Apply | Select | Round

# Each elementwise op of the dialect -> its function in runtime/include/boltc/device.cuh.
UNARY_FUNCTIONS: dict[type, str] = {
    bolt.ReluOp: "relu",
    bolt.SigmoidOp: "sigmoid",
    bolt.TanhOp: "tanh",
    bolt.SiluOp: "silu",
    bolt.HardswishOp: "hardswish",
    bolt.SoftplusOp: "softplus",
    bolt.ExpOp: "exp",
    bolt.LogOp: "log",
    bolt.Log1pOp: "log1p",
    bolt.SqrtOp: "sqrt",
    bolt.RsqrtOp: "rsqrt",
    bolt.NegOp: "neg",
    bolt.AbsOp: "abs",
    bolt.ErfOp: "erf",
    bolt.ReciprocalOp: "reciprocal",
}
BINARY_FUNCTIONS: dict[type, str] = {
    bolt.AddOp: "add",
    bolt.SubOp: "sub",
    bolt.MulOp: "mul",
    bolt.DivOp: "div",
    bolt.MaxOp: "max",
    bolt.MinOp: "min",
    bolt.PowOp: "pow",
}
GELU_FUNCTIONS = {bolt.GeluApproximation.ERF: "gelu_erf", bolt.GeluApproximation.TANH: "gelu_tanh"}


def apply_op(op: object, args: Sequence[Node]) -> Node:
    """The node computing `op` (a bolt.ew.* op) on already-built argument nodes."""
    if isinstance(op, bolt.CastOp):
        return args[0]  # the conversion is the rounding to the result type, done by the caller
    if isinstance(op, bolt.GeluOp):
        return Apply(GELU_FUNCTIONS[op.approximate.data], tuple(args))
    if isinstance(op, bolt.ClampOp):
        return Apply("clamp", tuple(args), (bolt.float_value(op.min), bolt.float_value(op.max)))
    if isinstance(op, bolt.SelectOp):
        return Select(op.predicate.data.value, *args)
    for table in (UNARY_FUNCTIONS, BINARY_FUNCTIONS):
        if type(op) in table:
            return Apply(table[type(op)], tuple(args))
    raise NotImplementedError(f"no elementwise function for {type(op).__name__}")


def node_count(node: Node) -> int:
    if isinstance(node, (LeafRef, Immediate)):
        return 0
    if isinstance(node, Round):
        return node_count(node.arg)
    args = node.args if isinstance(node, Apply) else (node.lhs, node.rhs, node.on_true, node.on_false)
    return 1 + sum(node_count(a) for a in args)


# -------------------------------------------------------------------------------------------
# Kernels
# -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Leaf:
    dtype: DType
    strides: tuple[int, ...]  # element strides in the kernel's (coalesced) index space


@dataclass(frozen=True)
class ElementwiseKernel:
    """out[i] = expression(leaves at i) over a dense output of `sizes` (coalesced)."""

    out_dtype: DType
    sizes: tuple[int, ...]
    leaves: tuple[Leaf, ...]
    expression: Node
    may_alias: bool  # a leaf is the output's own buffer (in place): no __restrict__

    @classmethod
    def build(
        cls,
        out_dtype: DType,
        out_shape: Sequence[int],
        leaf_shapes: Sequence[Sequence[int]],
        leaf_dtypes: Sequence[DType],
        expression: Node,
        may_alias: bool,
    ) -> ElementwiseKernel:
        """Broadcast each leaf to `out_shape` (numpy's rule) and coalesce the index space."""
        rank = len(out_shape)
        out_strides = contiguous_strides(out_shape)
        leaf_strides = []
        for shape in leaf_shapes:
            own = contiguous_strides(shape)
            strides = []
            for d in range(rank):
                ld = d - (rank - len(shape))
                strides.append(0 if ld < 0 or shape[ld] == 1 else own[ld])
            leaf_strides.append(tuple(strides))
        sizes, (_, *coalesced) = coalesce(out_shape, out_strides, *leaf_strides)
        leaves = tuple(Leaf(dt, st) for dt, st in zip(leaf_dtypes, coalesced))
        return cls(out_dtype, sizes, leaves, expression, may_alias)

    @property
    def count(self) -> int:
        return prod(self.sizes)

    @property
    def index_type(self) -> cxx.Type:
        # int32 while i + the grid's stride cannot overflow it.
        return cxx.INT32 if self.count < 2**30 else cxx.INT64

    def vector_width(self) -> int:
        """Elements per thread and access in the vector variant (1: none)."""
        if not self.sizes:
            return 1
        inner = [leaf.strides[-1] for leaf in self.leaves]
        if any(s not in (0, 1) for s in inner):
            return 1
        widest = max([self.out_dtype.bytes, *(l.dtype.bytes for l in self.leaves if l.strides[-1] == 1)])
        width = VECTOR_BYTES // widest
        return width if width > 1 and self.sizes[-1] % width == 0 else 1

    def vector_leaves(self) -> list[int]:
        return [k for k, leaf in enumerate(self.leaves) if leaf.strides and leaf.strides[-1] == 1]

    # ---- rendering ----------------------------------------------------------------------

    def definitions(self, name: str) -> list[cxx.Stmt]:
        """The kernel(s) and the host launcher `name`(in0, ..., out, stream, sm_count)."""
        width = self.vector_width()
        kernels: list[cxx.Stmt] = [self._kernel(f"{name}_scalar", 1)]
        if width > 1:
            kernels.append(self._kernel(f"{name}_vector", width))
        return [*kernels, self._launcher(name, width)]

    def _pointer_params(self) -> tuple[cxx.Param, ...]:
        restrict = not self.may_alias
        params = [
            cxx.Param(leaf.dtype.cpp.ptr(const=True, restrict=restrict), f"in{k}")
            for k, leaf in enumerate(self.leaves)
        ]
        params.append(cxx.Param(self.out_dtype.cpp.ptr(restrict=restrict), "out"))
        return tuple(params)

    def _coordinates(self, linear: cxx.Expr) -> list[cxx.Stmt]:
        """The coordinates c_d of a linear element index that some leaf's offset uses."""
        index = self.index_type
        needed = sorted({d for leaf in self.leaves if not self._is_linear(leaf)
                         for d, stride in enumerate(leaf.strides) if stride != 0})
        if not needed:
            return []
        out: list[cxx.Stmt] = []
        rest = linear
        for d in range(len(self.sizes) - 1, 0, -1):
            if d < needed[0]:
                break
            size = cxx.Int(self.sizes[d])
            if d in needed:
                out.append(cxx.Decl(index.as_const(), f"c{d}", cxx.Binary("%", rest, size)))
            if d > needed[0]:
                out.append(cxx.Decl(index.as_const(), f"q{d}", cxx.Binary("/", rest, size)))
                rest = cxx.Name(f"q{d}")
        if needed[0] == 0:
            out.append(cxx.Decl(index.as_const(), "c0", rest))
        return out

    def _is_linear(self, leaf: Leaf) -> bool:
        """Read at the output's own index (same shape), or a rank-1 contiguous leaf."""
        return leaf.strides == contiguous_strides(self.sizes)

    def _offset(self, leaf: Leaf, linear: cxx.Expr) -> cxx.Expr:
        if self._is_linear(leaf):
            return linear
        terms: list[cxx.Expr] = []
        for d, stride in enumerate(leaf.strides):
            if stride == 0:
                continue
            coord = cxx.Name(f"c{d}")
            terms.append(coord if stride == 1 else cxx.Binary("*", coord, cxx.Int(stride)))
        if not terms:
            return cxx.Int(0)
        total = terms[0]
        for term in terms[1:]:
            total = cxx.Binary("+", total, term)
        return total

    def _expression(self, node: Node) -> cxx.Expr:
        if isinstance(node, LeafRef):
            return cxx.Name(f"x{node.index}")
        if isinstance(node, Immediate):
            return cxx.Float(node.value)
        if isinstance(node, Round):
            return cxx.call(f"{DEV}::round_through", self._expression(node.arg), template=[node.dtype.cpp])
        if isinstance(node, Select):
            condition = cxx.call(f"{EW}::cmp_{node.predicate}", self._expression(node.lhs), self._expression(node.rhs))
            return cxx.Ternary(condition, self._expression(node.on_true), self._expression(node.on_false))
        args = [self._expression(a) for a in node.args] + [cxx.Float(c) for c in node.constants]
        return cxx.call(f"{EW}::{node.function}", *args)

    def _store(self, value: cxx.Expr) -> cxx.Expr:
        return cxx.call(f"{DEV}::from_float", value, template=[self.out_dtype.cpp])

    def _grid_loop(self, var: str, count: int, body: list[cxx.Stmt]) -> cxx.For:
        index = self.index_type
        start = cxx.Binary(
            "+",
            cxx.Binary("*", cxx.Cast(index, cxx.Name("blockIdx").dot("x")), cxx.Name("blockDim").dot("x")),
            cxx.Name("threadIdx").dot("x"),
        )
        step = cxx.Binary("*", cxx.Cast(index, cxx.Name("gridDim").dot("x")), cxx.Name("blockDim").dot("x"))
        return cxx.For(
            cxx.Decl(index, var, start), cxx.Binary("<", cxx.Name(var), cxx.Int(count)),
            cxx.Assign(cxx.Name(var), step, "+="), tuple(body),
        )

    def _kernel(self, name: str, width: int) -> cxx.Function:
        index = self.index_type
        body: list[cxx.Stmt] = []
        if width == 1:
            i = cxx.Name("i")
            loop: list[cxx.Stmt] = self._coordinates(i)
            for k, leaf in enumerate(self.leaves):
                load = cxx.call(f"{DEV}::to_float", cxx.Index(cxx.Name(f"in{k}"), self._offset(leaf, i)))
                loop.append(cxx.Decl(cxx.FLOAT.as_const(), f"x{k}", load))
            loop.append(cxx.Assign(cxx.Index(cxx.Name("out"), i), self._store(self._expression(self.expression))))
            body.append(self._grid_loop("i", self.count, loop))
        else:
            v, e = cxx.Name("v"), cxx.Name("e")
            loop = [cxx.Decl(index.as_const(), "e", cxx.Binary("*", v, cxx.Int(width)))]
            loop += self._coordinates(e)
            lane_loads: list[cxx.Stmt] = []
            j = cxx.Name("j")
            for k, leaf in enumerate(self.leaves):
                pointer = cxx.Binary("+", cxx.Name(f"in{k}"), self._offset(leaf, e))
                if leaf.strides[-1] == 1:
                    vec = cxx.Type(f"{DEV}::Vec", (leaf.dtype.cpp, cxx.Int(width)))
                    loop.append(cxx.Decl(vec.as_const(), f"a{k}", cxx.call(f"{DEV}::load_vec", pointer, template=[cxx.Int(width)])))
                    lane = cxx.Index(cxx.Name(f"a{k}").dot("v"), j)
                    lane_loads.append(cxx.Decl(cxx.FLOAT.as_const(), f"x{k}", cxx.call(f"{DEV}::to_float", lane)))
                else:  # broadcast along the vector: one value for every lane
                    loop.append(cxx.Decl(cxx.FLOAT.as_const(), f"s{k}", cxx.call(f"{DEV}::to_float", cxx.Index(cxx.Name(f"in{k}"), self._offset(leaf, e)))))
                    lane_loads.append(cxx.Decl(cxx.FLOAT.as_const(), f"x{k}", cxx.Name(f"s{k}")))
            out_vec = cxx.Type(f"{DEV}::Vec", (self.out_dtype.cpp, cxx.Int(width)))
            loop.append(cxx.Decl(out_vec, "r"))
            lane_body = [*lane_loads, cxx.Assign(cxx.Index(cxx.Name("r").dot("v"), j), self._store(self._expression(self.expression)))]
            loop.append(cxx.For(cxx.Decl(cxx.INT, "j", cxx.Int(0)), cxx.Binary("<", j, cxx.Int(width)),
                                cxx.Assign(j, cxx.Int(1), "+="), tuple(lane_body), unroll=True))
            loop.append(cxx.Eval(cxx.call(f"{DEV}::store_vec", cxx.Binary("+", cxx.Name("out"), e), cxx.Name("r"), template=[cxx.Int(width)])))
            body.append(self._grid_loop("v", self.count // width, loop))
        return cxx.Function(cxx.VOID, name, self._pointer_params(), tuple(body),
                            qualifiers=("__global__",), launch_bounds=THREADS)

    def _launcher(self, name: str, width: int) -> cxx.Function:
        params = [cxx.Param(cxx.VOID.ptr(const=True), f"in{k}") for k in range(len(self.leaves))]
        params += [cxx.Param(cxx.VOID.ptr(), "out"), cxx.Param(cxx.CUDA_STREAM, "stream"), cxx.Param(cxx.INT, "sm_count")]
        args = tuple(
            cxx.Cast(leaf.dtype.cpp.ptr(const=True), cxx.Name(f"in{k}")) for k, leaf in enumerate(self.leaves)
        ) + (cxx.Cast(self.out_dtype.cpp.ptr(), cxx.Name("out")),)
        threads = cxx.Int(THREADS)
        stream, sm_count = cxx.Name("stream"), cxx.Name("sm_count")

        def launch(kernel: str, items: int) -> cxx.Stmt:
            grid = cxx.call(rt("resident_grid_for"), cxx.Int(items), threads, sm_count)
            return cxx.Eval(cxx.Launch(cxx.Name(kernel), grid, threads, stream, args))

        body: list[cxx.Stmt] = []
        if width > 1:
            checks: list[cxx.Expr] = [cxx.call(rt("aligned"), cxx.Name("out"), cxx.Int(width * self.out_dtype.bytes))]
            for k in self.vector_leaves():
                checks.append(cxx.call(rt("aligned"), cxx.Name(f"in{k}"), cxx.Int(width * self.leaves[k].dtype.bytes)))
            condition = checks[0]
            for check in checks[1:]:
                condition = cxx.Binary("&&", condition, check)
            body.append(cxx.If(condition, (launch(f"{name}_vector", self.count // width),),
                               (launch(f"{name}_scalar", self.count),)))
        else:
            body.append(launch(f"{name}_scalar", self.count))
        body.append(cxx.Return(cxx.call("cudaGetLastError")))
        return cxx.Function(cxx.CUDA_ERROR, name, tuple(params), tuple(body))
