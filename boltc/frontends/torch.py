"""The torch.export front end: a torch.nn.Module, an ExportedProgram or a .pt2 file -> bolt.

    module = import_torch(model, (x,))          # torch.nn.Module + example inputs
    module = import_torch(exported_program)     # torch.export.ExportedProgram
    module = import_torch("model.pt2")          # a torch.export.save archive

The model is exported (`torch.export.export(model.eval(), args, strict=False)`: non-strict
export traces the Python code as it runs, so the stack traces in the nodes name the user's
lines, where strict export names dynamo's), decomposed to core ATen, and its graph walked
node by node: each ATen op has a translation function in `_translations()`, which emits bolt
ops through `GraphBuilder`, located at the node (`node_location(file, node.name, line)`).

What a node's value is, while the graph is walked (`Value`):
- an SSA value: a float tensor computed at run time;
- `Const`: a tensor known at compile time (parameters, buffers, `full`, `arange`, anything
  computed from those only). An op whose inputs are all known is run by torch itself, so
  compile-time values follow torch's semantics exactly (integer and bool tensors included);
  a known tensor becomes a `bolt.constant` only where a run-time op reads it;
- `Compare`: a boolean tensor computed at run time. bolt has no boolean tensors, so a
  comparison stays symbolic until `where` consumes it (`bolt.ew.select`), as in the linalg
  importer;
- `Unavailable`: a value boltc cannot hold (max-pool indices, an integer tensor computed at
  run time): an error only where something uses it.

A few composite ops are kept from decomposition (`PRESERVED`): linear and matmul (whose
decompositions expand the weight to every batch), scaled-dot-product attention (decomposed, it
scales q and k separately and guards rows against -inf with four boolean ops), and the
activations boltc has one op for. Their decomposed forms are translated too, for programs
decomposed elsewhere.

Errors are BoltcErrors naming the node, its ATen op and the user's source line; every
unsupported node of the program is listed in one error. torch is imported only when
`import_torch` runs: without it, that call says how to install it.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import math
import os
import re
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from math import prod
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType, bf16, f16, f32
from xdsl.ir import Attribute, SSAValue

from boltc.diagnostics import BoltcError, SourceLocation
from boltc.dialects import bolt
from boltc.frontends.builder import GraphBuilder, element_of, module_of, node_location

if TYPE_CHECKING:
    import torch

INSTALL_HINT = "the torch front end needs PyTorch: pip install 'boltc[torch]'"
P = bolt.ComparePredicate

# --------------------------------------------------------------------------------------
# What a graph node stands for while the graph is walked.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Const:
    """A tensor known at compile time; emitted as a bolt.constant only where it is read."""

    tensor: "torch.Tensor"


@dataclass(frozen=True)
class Compare:
    """A boolean tensor computed at run time: (lhs predicate rhs), broadcast together."""

    predicate: bolt.ComparePredicate
    lhs: SSAValue
    rhs: SSAValue


@dataclass(frozen=True)
class Unavailable:
    """A value boltc cannot represent; using it raises `error`."""

    error: BoltcError


Value = Union[SSAValue, Const, Compare, Unavailable, tuple, list, int, float, bool, str, None]

# arith.cmpf's negations (not (a < b) is a >= b or unordered) and swaps (a < b is b > a).
NEGATED = {
    P.OEQ: P.UNE, P.UNE: P.OEQ, P.OGT: P.ULE, P.ULE: P.OGT, P.OGE: P.ULT, P.ULT: P.OGE,
    P.OLT: P.UGE, P.UGE: P.OLT, P.OLE: P.UGT, P.UGT: P.OLE, P.ONE: P.UEQ, P.UEQ: P.ONE,
}
# any(x pred c) over a row is (max(x) pred c) for "greater" predicates and (min(x) pred c) for
# "less" ones; exactly so for the unordered predicates, which NaN-propagating max/min keep.
_ANY_BY_MAX = {P.UGT, P.UGE}
_ANY_BY_MIN = {P.ULT, P.ULE}


class _NodeError(Exception):
    """A translation function's refusal: the importer adds where the node is."""


def _refuse(message: str) -> _NodeError:
    return _NodeError(message)


# --------------------------------------------------------------------------------------
# Entry point.
# --------------------------------------------------------------------------------------


def import_torch(model: Any, example_inputs: Any = None, *, name: str | None = None) -> ModuleOp:
    """A verified module holding `func.func @main` in the bolt dialect.

    `model`: a torch.nn.Module (exported with `example_inputs`, one tensor or a tuple of them,
    in eval mode), a torch.export.ExportedProgram, or the path of a `torch.export.save` file.
    `name` is the file that locations name where a node has no user source line (default: the
    .pt2 path, or "<torch>"). Parameters and buffers become bolt.constants; the user inputs,
    in order, are the function's arguments. Every mistake is a BoltcError.
    """
    torch = _import_torch()
    with _torch_quiet():
        return _import_program(torch, model, example_inputs, name)


def _import_program(torch: Any, model: Any, example_inputs: Any, name: str | None) -> ModuleOp:
    if isinstance(model, (str, os.PathLike)):
        path = os.fspath(model)
        program = _load_program(torch, path)
        file = name or path
    elif isinstance(model, torch.export.ExportedProgram):
        program, file = model, name or "<torch>"
    elif isinstance(model, torch.nn.Module):
        file = name or "<torch>"
        program = _export(torch, model, example_inputs, file)
    else:
        raise BoltcError(
            "import_torch takes a torch.nn.Module (with example inputs), a "
            f"torch.export.ExportedProgram or a .pt2 path; got {type(model).__name__}",
            SourceLocation(name or "<torch>"),
        )
    program = _decompose(torch, program, file)
    return _ProgramImporter(torch, program, file).run()


@contextlib.contextmanager
def _torch_quiet() -> Iterator[None]:
    """torch logs the errors boltc reports itself (a failed meta kernel while tracing, a .pt2
    it cannot deserialize) with whole tracebacks, and warns about its own internals: neither is
    the user's business once boltc has said what went wrong."""
    loggers = [logging.getLogger(n) for n in _TORCH_LOGGERS]
    levels = [lg.level for lg in loggers]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        for lg in loggers:
            lg.setLevel(logging.CRITICAL + 1)
        try:
            yield
        finally:
            for lg, level in zip(loggers, levels):
                lg.setLevel(level)


_TORCH_LOGGERS = ("torch._subclasses.fake_tensor", "torch.export", "torch._export",
                  "torch.fx.experimental.symbolic_shapes", "torch._dynamo", "torch._functorch")


def _import_torch() -> Any:
    try:
        import torch
        import torch.export  # noqa: F401
    except ImportError:
        raise BoltcError(INSTALL_HINT, SourceLocation("<torch>")) from None
    return torch


def _load_program(torch: Any, path: str) -> Any:
    where = SourceLocation(path)
    if not Path(path).is_file():
        raise BoltcError("no such file" if not Path(path).exists() else "not a file", where)
    try:
        return torch.export.load(path)
    except Exception as e:  # noqa: BLE001  (torch raises many kinds for a file it cannot read)
        raise BoltcError(f"not a torch.export archive (torch.export.load: {_first_line(e)})", where) from None


def _example_tuple(torch: Any, example_inputs: Any, file: str) -> tuple:
    where = SourceLocation(file)
    if example_inputs is None:
        raise BoltcError("a torch.nn.Module needs example inputs to be exported", where)
    inputs = tuple(example_inputs) if isinstance(example_inputs, (tuple, list)) else (example_inputs,)
    converted = []
    for i, x in enumerate(inputs):
        if isinstance(x, np.ndarray):
            x = torch.from_numpy(np.ascontiguousarray(x))
        if not isinstance(x, torch.Tensor):
            raise BoltcError(f"example input {i} is a {type(x).__name__}, not a tensor", where)
        converted.append(x)
    return tuple(converted)


def _export(torch: Any, model: Any, example_inputs: Any, file: str) -> Any:
    import inspect

    args = _example_tuple(torch, example_inputs, file)
    where = SourceLocation(file)
    try:
        signature = inspect.signature(model.forward)
    except (TypeError, ValueError):
        signature = None
    if signature is not None:
        params = list(signature.parameters.values())
        variadic = any(p.kind is p.VAR_POSITIONAL for p in params)
        positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        required = [p for p in positional if p.default is p.empty]
        if not variadic and not len(required) <= len(args) <= len(positional):
            takes = f"{len(required)}" if len(required) == len(positional) else f"{len(required)} to {len(positional)}"
            raise BoltcError(
                f"{type(model).__name__}.forward takes {takes} input(s), "
                f"{len(args)} example input(s) were given", where)
    try:
        return torch.export.export(model.eval(), args, strict=False)
    except Exception as e:  # noqa: BLE001  (the model's own error on these inputs: a user's mistake)
        frame = _user_frame_of_exception(e)
        location = SourceLocation(frame[0], frame[1]) if frame else where
        raise BoltcError(
            f"torch.export could not trace {type(model).__name__} on example inputs of shapes "
            f"{[list(a.shape) for a in args]}: {type(e).__name__}: {_first_line(e)}", location,
        ) from None


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def _user_frame_of_exception(e: BaseException) -> tuple[str, int] | None:
    import traceback

    frames = [f for f in traceback.extract_tb(e.__traceback__) if not _is_library_file(f.filename)]
    return (frames[-1].filename, frames[-1].lineno or 0) if frames else None


@functools.cache
def _library_dirs() -> tuple[str, ...]:
    import torch

    return (os.path.dirname(torch.__file__) + os.sep, os.path.dirname(__file__) + os.sep)


def _is_library_file(filename: str) -> bool:
    return filename.startswith(_library_dirs()) or filename.startswith("<")


# Composite ops kept whole: their decompositions lose structure boltc wants (see the module
# docstring). Only ops the installed torch's table knows are removed from it.
PRESERVED = (
    "linear.default", "matmul.default", "scaled_dot_product_attention.default", "silu.default",
    "hardswish.default", "hardsigmoid.default", "mish.default", "softplus.default",
)


def _decompose(torch: Any, program: Any, file: str, preserve: bool = True) -> Any:
    """Core ATen, keeping PRESERVED. torch.export.default_decompositions (torch >= 2.6) is a
    table ops can be removed from; where it is missing, the default decomposition."""
    table = None
    if preserve and hasattr(torch.export, "default_decompositions"):
        table = torch.export.default_decompositions()
        for qualified in PRESERVED:
            packet, overload = qualified.split(".")
            op = getattr(getattr(torch.ops.aten, packet), overload)
            if op in table:
                table.pop(op)
    try:
        return program.run_decompositions(table) if table is not None else program.run_decompositions()
    except Exception as e:  # noqa: BLE001
        raise BoltcError(f"torch could not decompose the program to core ATen: {_first_line(e)}",
                         SourceLocation(file)) from None


# --------------------------------------------------------------------------------------
# The importer of one program.
# --------------------------------------------------------------------------------------

_ELEMENT_TYPES: dict[str, Attribute] = {"torch.float32": f32, "torch.float16": f16, "torch.bfloat16": bf16}
_TORCH_DTYPE_NAMES = {"f32": "float32", "f16": "float16", "bf16": "bfloat16"}


def _element_type(dtype: Any) -> Attribute | None:
    return _ELEMENT_TYPES.get(str(dtype))


class _ProgramImporter:
    def __init__(self, torch: Any, program: Any, file: str):
        self.torch = torch
        self.program = program
        self.file = file
        self.graph = program.graph_module.graph
        self.env: dict[Any, Value] = {}
        self.problems: list[tuple[SourceLocation, str]] = []
        self.materialized: dict[tuple[int, str], SSAValue] = {}
        self.node: Any = None
        self.builder: GraphBuilder
        self.translations = _translations(torch)

    # ---- locations and errors ---------------------------------------------------------------

    def source_line(self, node: Any) -> tuple[str, int | None]:
        """The user's file and line for `node`: the innermost stack-trace frame outside torch."""
        trace = node.meta.get("stack_trace") if node is not None else None
        if trace:
            frames = re.findall(r'File "([^"]+)", line (\d+)', trace)
            user = [f for f in frames if not _is_library_file(f[0])]
            if user or frames:
                filename, line = (user or frames)[-1]
                return filename, int(line)
        return self.file, None

    def where(self, node: Any) -> SourceLocation:
        filename, line = self.source_line(node)
        return SourceLocation(filename, line, None, node.name)

    def error(self, node: Any, message: str) -> BoltcError:
        return BoltcError(f"{_op_name(node)}: {message}", self.where(node), _op_name(node))

    # ---- driving ----------------------------------------------------------------------

    def run(self) -> ModuleOp:
        signature = self.program.graph_signature
        placeholders = [n for n in self.graph.nodes if n.op == "placeholder"]
        user_inputs = list(signature.user_inputs)
        arg_types, user_nodes = [], []
        by_name = {n.name: n for n in placeholders}
        for input_name in user_inputs:
            node = by_name[input_name]
            arg_types.append(self.input_type(node))
            user_nodes.append(node)
        if self.problems:
            raise self.combined_error()
        self.builder = GraphBuilder(arg_types)
        for node, arg in zip(user_nodes, self.builder.args):
            self.env[node] = arg
            arg.name_hint = _identifier(node.name)
        for node in placeholders:
            if node not in self.env:
                self.env[node] = Const(self.lifted_tensor(node))
        outputs = None
        for node in self.graph.nodes:
            if node.op == "call_function":
                self.translate(node)
            elif node.op == "output":
                outputs = self.outputs(node)
        if self.problems:
            raise self.combined_error()
        assert outputs is not None
        self.builder.location = node_location(self.file, "output")
        fn = self.builder.finish("main", outputs, location=node_location(self.file, "main"))
        _remove_dead_ops(fn)
        module = module_of(fn)
        module.verify()
        return module

    def combined_error(self) -> BoltcError:
        if len(self.problems) == 1:
            return BoltcError(self.problems[0][1], self.problems[0][0])
        listing = "\n".join(f"  {where}: {message}" for where, message in self.problems)
        return BoltcError(f"{len(self.problems)} nodes of the program cannot be imported:\n{listing}",
                          SourceLocation(self.file))

    def input_type(self, node: Any) -> TensorType:
        val = node.meta.get("val")
        torch = self.torch
        if not isinstance(val, torch.Tensor):
            self.problems.append((self.where(node), f"input '{node.name}' is a {type(val).__name__}, "
                                 "not a tensor: boltc models take tensors"))
            return TensorType(f32, [])
        shape = self.static_shape(node, val, f"input '{node.name}'")
        element = _element_type(val.dtype)
        if element is None:
            hint = " (pass an additive float mask instead of a bool one)" if val.dtype == torch.bool else ""
            self.problems.append((self.where(node), f"input '{node.name}' is a {val.dtype} tensor: boltc "
                                 f"models take float32, float16 or bfloat16 tensors{hint}"))
            return TensorType(f32, [])
        return TensorType(element, shape or [])

    def static_shape(self, node: Any, val: Any, what: str) -> list[int] | None:
        shape = []
        for d, size in enumerate(val.shape):
            if not isinstance(size, int):
                bound = self.bounds(size)
                self.problems.append((
                    self.where(node),
                    f"{what} has a dynamic dimension {d} ({size}{bound}): boltc compiles static "
                    "shapes; export without dynamic_shapes, with the shape to compile"))
                return None
            shape.append(size)
        return shape

    def bounds(self, size: Any) -> str:
        try:
            ranges = self.program.range_constraints
            for symbol, vr in ranges.items():
                if str(symbol) == str(size):
                    return f", range [{vr.lower}, {vr.upper}]"
        except Exception:  # noqa: BLE001  (only decoration for the message)
            pass
        return ""

    def lifted_tensor(self, node: Any) -> Any:
        """A parameter, buffer or lifted constant, by the graph signature."""
        signature = self.program.graph_signature
        name = node.name
        if name in signature.inputs_to_parameters:
            key = signature.inputs_to_parameters[name]
        elif name in signature.inputs_to_buffers:
            key = signature.inputs_to_buffers[name]
        elif name in getattr(signature, "inputs_to_lifted_tensor_constants", {}):
            key = signature.inputs_to_lifted_tensor_constants[name]
        else:
            raise self.error(node, f"input '{name}' is neither a user input, a parameter, a buffer "
                                   "nor a tensor constant")
        tensor = self.program.state_dict.get(key)
        if tensor is None:
            tensor = self.program.constants.get(key)
        if tensor is None:
            raise self.error(node, f"no value for '{key}' in the exported program")
        return tensor.detach()

    def translate(self, node: Any) -> None:
        self.node = node
        filename, line = self.source_line(node)
        self.builder.location = node_location(filename, node.name, line)
        try:
            args, kwargs = self.resolve(node.args), self.resolve(node.kwargs)
            if _is_getitem(node.target) and isinstance(args[0], (tuple, list)):
                # One result of a multi-result op: only that result's availability matters
                # (batch-norm's and layer-norm's statistics, max-pool's indices go unused).
                args = (args[0][args[1]],)
            inputs = _flat_values(args, kwargs)
            if any(isinstance(v, Unavailable) for v in inputs):
                # Only the first use of an unrepresentable value is reported, with its reason.
                first = next(v for v in inputs if isinstance(v, Unavailable))
                self.env[node] = first if first.error.message.startswith("\x00") else first
                if not getattr(first, "reported", False):
                    self.problems.append((self.where(node), f"{_op_name(node)}: uses {first.error}"))
                    object.__setattr__(first, "reported", True)
                return
            value = self.evaluate(node, args, kwargs, inputs)
        except _NodeError as e:
            self.problems.append((self.where(node), f"{_op_name(node)}: {e}"))
            self.env[node] = Unavailable(self.error(node, "could not be imported"))
            object.__setattr__(self.env[node], "reported", True)
            return
        self.env[node] = value

    def evaluate(self, node: Any, args: tuple, kwargs: dict, inputs: list[Value]) -> Value:
        torch = self.torch
        target = node.target
        if _is_getitem(target):
            return args[0] if len(args) == 1 else args[0][args[1]]
        if isinstance(target, torch._ops.OpOverload):
            packet = target.overloadpacket
            if all(not isinstance(v, (SSAValue, Compare)) for v in inputs) and _foldable(torch, target):
                return self.fold(target, args, kwargs)
            translation = self.translations.get(packet)
            if translation is not None:
                value = translation(self, node, _bind(target, args, kwargs))
                return self.conform(node, value)
            raise _refuse("boltc has no translation for this op" + _hint(str(packet)))
        if all(not isinstance(v, (SSAValue, Compare)) for v in inputs):
            return self.fold(target, args, kwargs)  # Python arithmetic on sizes and scalars
        raise _refuse(f"boltc has no translation for {target}")

    def resolve(self, arg: Any) -> Any:
        from torch.fx import Node

        if isinstance(arg, Node):
            if arg not in self.env:
                raise _refuse(f"uses '{arg.name}', which has no value")
            return self.env[arg]
        if isinstance(arg, (list, tuple)):
            return type(arg)(self.resolve(a) for a in arg)
        if isinstance(arg, dict):
            return {k: self.resolve(v) for k, v in arg.items()}
        if type(arg).__name__.startswith("Sym"):
            raise _refuse(f"uses a symbolic size ({arg}): boltc compiles static shapes")
        return arg

    def fold(self, target: Any, args: tuple, kwargs: dict) -> Value:
        """Run the op in torch on compile-time values (torch's semantics, every dtype)."""
        def unwrap(v: Any) -> Any:
            if isinstance(v, Const):
                return v.tensor
            if isinstance(v, (list, tuple)):
                return type(v)(unwrap(x) for x in v)
            return v
        with self.torch.no_grad():
            result = target(*unwrap(args), **{k: unwrap(v) for k, v in kwargs.items()})
        return _wrap(self.torch, result)

    def conform(self, node: Any, value: Value) -> Value:
        """Check a translation against the node's fake tensor: the shape torch computed is the
        shape built (else it is boltc's bug), and the element type is torch's (a cast)."""
        val = node.meta.get("val")
        if not isinstance(value, SSAValue) or not isinstance(val, self.torch.Tensor):
            return value
        expected = tuple(val.shape)
        got = bolt.shape_of(value)
        if got != expected:
            if bolt.broadcast_shapes(got, expected) != expected:
                raise AssertionError(f"boltc's translation of {node.name} ({_op_name(node)}) built shape "
                                     f"{list(got)}, torch computes {list(expected)}")
            value = self.builder.expand_to(value, expected)
        element = _element_type(val.dtype)
        if element is None:
            raise _refuse(f"computes a {val.dtype} tensor at run time, which boltc cannot hold")
        return self.builder.cast(value, element)

    def outputs(self, node: Any) -> list[SSAValue]:
        specs = self.program.graph_signature.output_specs
        values = list(node.args[0])
        results = []
        for spec, arg in zip(specs, values):
            if spec.kind.name != "USER_OUTPUT":
                continue  # buffer mutations of a training-mode export: not part of inference
            self.node = arg
            if arg is None or not hasattr(arg, "name"):
                self.problems.append((SourceLocation(self.file), f"output {len(results)} is {arg!r}, not a tensor"))
                continue
            value = self.env.get(arg)
            try:
                results.append(self.tensor(value))
            except (_NodeError, BoltcError) as e:
                if not (isinstance(value, Unavailable) and getattr(value, "reported", False)):
                    self.problems.append((self.where(arg), f"{_op_name(arg)}: is returned: {e}"))
        return results

    # ---- values as tensors --------------------------------------------------------------------

    def node_element(self, node: Any) -> Attribute:
        val = node.meta.get("val")
        if isinstance(val, (list, tuple)):
            val = val[0]
        element = _element_type(getattr(val, "dtype", None))
        if element is None:
            raise _refuse(f"computes a {getattr(val, 'dtype', type(val).__name__)} tensor at run "
                          "time, which boltc cannot hold")
        return element

    def node_shape(self, node: Any, index: int | None = None) -> tuple[int, ...]:
        val = node.meta["val"]
        if index is not None:
            val = val[index]
        return tuple(int(d) for d in val.shape)

    def tensor(self, value: Value, element: Attribute | None = None) -> SSAValue:
        """`value` as a bolt tensor (of `element`, where given)."""
        if isinstance(value, SSAValue):
            return self.builder.cast(value, element) if element is not None else value
        if isinstance(value, Const):
            return self.constant(value.tensor, element)
        if isinstance(value, Compare):
            return self.mask_as_float(value, element or f32)
        if isinstance(value, Unavailable):
            raise value.error
        raise _refuse(f"expects a tensor, got {value!r}")

    def constant(self, tensor: Any, element: Attribute | None = None) -> SSAValue:
        torch = self.torch
        if element is None:
            element = _element_type(tensor.dtype)
            if element is None:
                if tensor.dtype.is_floating_point:
                    element = f32  # f64 constants compute in f32, as the linalg importer does
                else:
                    raise _refuse(f"reads a {tensor.dtype} tensor at run time, which boltc cannot hold")
        key = (id(tensor), str(element))
        if key in self.materialized:
            return self.materialized[key]
        with torch.no_grad():
            if tensor.dim() == 0:
                value = self.builder.scalar(float(tensor), element)
            else:
                array = tensor.detach().to(torch.float32 if element == bf16 else _torch_dtype(torch, element))
                value = self.builder.constant(array.contiguous().numpy(), element)
        self.materialized[key] = value
        self._keep_alive = getattr(self, "_keep_alive", [])
        self._keep_alive.append(tensor)  # id() keys stay unique while the tensor lives
        return value

    def operand(self, value: Value, element: Attribute) -> SSAValue:
        """An elementwise operand: a Python number or a uniform known tensor is a rank-0
        constant (the op's other operands give the shape; `conform` restores torch's)."""
        if isinstance(value, (int, float, bool)):
            return self.builder.scalar(float(value), element)
        if isinstance(value, Const) and _is_uniform(self.torch, value.tensor):
            return self.builder.scalar(float(value.tensor.reshape(-1)[0]), element)
        return self.tensor(value, element)

    def mask_as_float(self, mask: Compare, element: Attribute) -> SSAValue:
        one, zero = self.builder.scalar(1.0, element), self.builder.scalar(0.0, element)
        return self.select(mask, one, zero)

    def select(self, mask: Compare, on_true: SSAValue, on_false: SSAValue) -> SSAValue:
        element = promote_all(on_true, on_false)
        on_true, on_false = self.builder.cast(on_true, element), self.builder.cast(on_false, element)
        lhs, rhs = self.builder.cast(mask.lhs, element), self.builder.cast(mask.rhs, element)
        return self.builder.value(bolt.SelectOp(mask.predicate, lhs, rhs, on_true, on_false))

    def mask(self, value: Value) -> Compare | Const:
        """A boolean operand: symbolic (Compare) or known; a float tensor is `!= 0`."""
        if isinstance(value, (Compare, Const)):
            return value
        x = self.tensor(value)
        return Compare(P.UNE, x, self.builder.scalar(0.0, element_of(x)))

    def compare_to_float(self, mask: Compare | Const, element: Attribute) -> SSAValue:
        if isinstance(mask, Const):
            return self.constant(mask.tensor.to(_torch_dtype(self.torch, element)), element)
        return self.mask_as_float(mask, element)

    def reduce(self, kind: bolt.ReduceKind, x: SSAValue, dims: Sequence[int], keep: bool) -> SSAValue:
        if not dims:
            return x
        return self.builder.value(bolt.ReduceOp(kind, x, sorted(dims), keep_dims=keep))


# --------------------------------------------------------------------------------------
# Graph helpers.
# --------------------------------------------------------------------------------------


def _op_name(node: Any) -> str:
    target = node.target
    name = getattr(target, "name", None)
    if callable(name):
        return name()
    return str(getattr(target, "__name__", target))


def _is_getitem(target: Any) -> bool:
    import operator

    return target is operator.getitem


def _identifier(text: str) -> str:
    cleaned = "".join(c if c.isalnum() or c == "_" else "_" for c in text)
    return cleaned if cleaned and not cleaned[0].isdigit() else f"v{cleaned}"


def _flat_values(args: Any, kwargs: dict) -> list[Value]:
    out: list[Value] = []

    def walk(v: Any) -> None:
        if isinstance(v, (list, tuple)):
            for x in v:
                walk(x)
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
        else:
            out.append(v)
    walk(args)
    walk(kwargs)
    return out


def _wrap(torch: Any, result: Any) -> Value:
    if isinstance(result, torch.Tensor):
        return Const(result)
    if isinstance(result, (list, tuple)):
        return type(result)(_wrap(torch, r) for r in result)
    return result


def _foldable(torch: Any, op: Any) -> bool:
    """Ops torch may run at compile time: deterministic ones (not rand, dropout & co.)."""
    tags = getattr(op, "tags", ())
    return torch.Tag.nondeterministic_seeded not in tags


def _is_uniform(torch: Any, tensor: Any) -> bool:
    if tensor.numel() == 1:
        return True
    if tensor.numel() > (1 << 20) or tensor.numel() == 0:
        return False
    flat = tensor.reshape(-1)
    return bool((flat == flat[0]).all())


def _torch_dtype(torch: Any, element: Attribute) -> Any:
    return getattr(torch, _TORCH_DTYPE_NAMES[bolt.element_type_name(element)])


def promote_all(*values: SSAValue) -> Attribute:
    from boltc.frontends.builder import promote

    element = element_of(values[0])
    for v in values[1:]:
        element = promote(element, element_of(v))
    return element


@dataclass(frozen=True)
class _Args:
    """A node's arguments bound to its schema's names (positional, keyword or default)."""

    values: dict[str, Any]

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def get(self, name: str, default: Any = None) -> Any:
        value = self.values.get(name, default)
        return default if value is None else value


def _bind(op: Any, args: tuple, kwargs: dict) -> _Args:
    values: dict[str, Any] = {}
    for i, argument in enumerate(op._schema.arguments):
        if i < len(args) and not argument.kwarg_only:
            values[argument.name] = args[i]
        elif argument.name in kwargs:
            values[argument.name] = kwargs[argument.name]
        elif argument.has_default_value():
            values[argument.name] = argument.default_value
        else:
            values[argument.name] = None
    return _Args(values)


def _remove_dead_ops(fn: func.FuncOp) -> None:
    """Drop ops whose results nothing uses (structure the translations looked through)."""
    block = fn.body.block
    for op in reversed(list(block.ops)):
        if isinstance(op, func.ReturnOp):
            continue
        if all(not r.uses for r in op.results):
            block.erase_op(op)


_HINTS = {
    "_native_batch_norm_legit_functional": ": batch-norm in training mode (call model.eval() before exporting)",
    "native_batch_norm": ": batch-norm in training mode (call model.eval() before exporting)",
    "native_dropout": ": dropout in training mode (call model.eval() before exporting)",
    "embedding": ": it reads integer indices, which boltc's tensors do not hold",
}


def _hint(packet: str) -> str:
    return _HINTS.get(packet.removeprefix("aten."), "")


def _dim(d: int, rank: int) -> int:
    return d + rank if d < 0 else d


def _dims(dims: Any, rank: int) -> list[int]:
    if dims is None or (isinstance(dims, (list, tuple)) and len(dims) == 0):
        return list(range(rank))
    if isinstance(dims, int):
        dims = [dims]
    return sorted({_dim(int(d), rank) for d in dims})


# --------------------------------------------------------------------------------------
# Translations: one function per op family; `_translations()` maps each ATen op to one.
# --------------------------------------------------------------------------------------

Translation = Callable[[_ProgramImporter, Any, _Args], Value]


def _unary(kind: type[bolt.UnaryElementwiseOp], imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    element = imp.node_element(node)
    return imp.builder.unary(kind, imp.tensor(a["self"], element))


def _binary(kind: type[bolt.BinaryElementwiseOp], imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """add/sub (with alpha), mul, div, maximum/minimum, rsub (other - alpha * self)."""
    element = imp.node_element(node)
    b = imp.builder
    lhs, rhs = a["self"], a["other"]
    alpha = a.values.get("alpha")
    if a.values.get("rounding_mode") is not None:
        raise _refuse(f"division with rounding_mode={a['rounding_mode']!r} of run-time values")
    if alpha is not None and alpha != 1:
        rhs = _scaled(imp, rhs, float(alpha), element)
    return b.binary(kind, imp.operand(lhs, element), imp.operand(rhs, element))


def _rsub(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    element = imp.node_element(node)
    alpha = a.get("alpha", 1)
    scaled = _scaled(imp, a["self"], float(alpha), element)
    return imp.builder.binary(bolt.SubOp, imp.operand(a["other"], element), imp.operand(scaled, element))


def _scaled(imp: _ProgramImporter, value: Value, factor: float, element: Attribute) -> Value:
    if factor == 1:
        return value
    if isinstance(value, (int, float)):
        return value * factor
    return imp.builder.binary(bolt.MulOp, imp.operand(value, element), imp.builder.scalar(factor, element))


def _pow(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    element = imp.node_element(node)
    b = imp.builder
    base, exponent = a["self"], a["exponent"]
    if isinstance(exponent, (int, float)) and not isinstance(base, (int, float)):
        x = imp.tensor(base, element)
        # Exact special cases, as torch's pow kernels take them.
        if exponent == 1:
            return x
        if exponent == 2:
            return b.binary(bolt.MulOp, x, x)
        if exponent == 0.5:
            return b.unary(bolt.SqrtOp, x)
        if exponent == -0.5:
            return b.unary(bolt.RsqrtOp, x)
        if exponent == -1:
            return b.unary(bolt.ReciprocalOp, x)
    return b.binary(bolt.PowOp, imp.operand(base, element), imp.operand(exponent, element))


def _gelu(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    approximate = a.get("approximate", "none")
    kind = bolt.GeluApproximation.TANH if approximate == "tanh" else bolt.GeluApproximation.ERF
    return imp.builder.value(bolt.GeluOp(imp.tensor(a["self"], imp.node_element(node)), kind))


def _clamp(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """clamp / hardtanh / relu6: bolt.ew.clamp with both bounds, max/min with one."""
    element = imp.node_element(node)
    b = imp.builder
    x = imp.tensor(a["self"], element)
    lo = a.values.get("min", a.values.get("min_val"))
    hi = a.values.get("max", a.values.get("max_val"))
    if isinstance(lo, (int, float)) and isinstance(hi, (int, float)) and lo <= hi:
        return b.value(bolt.ClampOp(x, float(lo), float(hi)))
    if lo is not None:
        x = b.binary(bolt.MaxOp, x, imp.operand(lo, element))
    if hi is not None:
        x = b.binary(bolt.MinOp, x, imp.operand(hi, element))
    return x


def _relu6(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    return imp.builder.value(bolt.ClampOp(imp.tensor(a["self"], imp.node_element(node)), 0.0, 6.0))


def _hardsigmoid(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """relu6(x + 3) / 6, as torch computes it."""
    element = imp.node_element(node)
    b = imp.builder
    x = imp.tensor(a["self"], element)
    shifted = b.binary(bolt.AddOp, x, b.scalar(3.0, element))
    return b.binary(bolt.DivOp, b.value(bolt.ClampOp(shifted, 0.0, 6.0)), b.scalar(6.0, element))


def _leaky_relu(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    element = imp.node_element(node)
    b = imp.builder
    x = imp.tensor(a["self"], element)
    slope = float(a.get("negative_slope", 0.01))
    scaled = b.binary(bolt.MulOp, x, b.scalar(slope, element))
    return b.value(bolt.SelectOp(P.OGT, x, b.scalar(0.0, element), x, scaled))


def _elu(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """x > 0 ? scale * x : scale * alpha * (exp(input_scale * x) - 1)."""
    element = imp.node_element(node)
    b = imp.builder
    x = imp.tensor(a["self"], element)
    alpha, scale, input_scale = (float(a.get(k, 1)) for k in ("alpha", "scale", "input_scale"))
    inner = x if input_scale == 1 else b.binary(bolt.MulOp, x, b.scalar(input_scale, element))
    negative = b.binary(bolt.SubOp, b.unary(bolt.ExpOp, inner), b.scalar(1.0, element))
    if alpha * scale != 1:
        negative = b.binary(bolt.MulOp, negative, b.scalar(alpha * scale, element))
    positive = x if scale == 1 else b.binary(bolt.MulOp, x, b.scalar(scale, element))
    return b.value(bolt.SelectOp(P.OGT, x, b.scalar(0.0, element), positive, negative))


def _softplus(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """bolt.ew.softplus is torch's beta=1, threshold=20; others as torch writes them:
    beta * x > threshold ? x : log1p(exp(beta * x)) / beta."""
    element = imp.node_element(node)
    b = imp.builder
    x = imp.tensor(a["self"], element)
    beta, threshold = float(a.get("beta", 1)), float(a.get("threshold", 20))
    if beta == 1 and threshold == 20:
        return b.unary(bolt.SoftplusOp, x)
    bx = b.binary(bolt.MulOp, x, b.scalar(beta, element))
    smooth = b.binary(bolt.DivOp, b.unary(bolt.Log1pOp, b.unary(bolt.ExpOp, bx)), b.scalar(beta, element))
    return b.value(bolt.SelectOp(P.OGT, bx, b.scalar(threshold, element), x, smooth))


def _mish(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    element = imp.node_element(node)
    b = imp.builder
    x = imp.tensor(a["self"], element)
    return b.binary(bolt.MulOp, x, b.unary(bolt.TanhOp, b.unary(bolt.SoftplusOp, x)))


def _identity(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    value = a["self"] if "self" in a.values else a["input"]
    return value


def _dropout(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    if a.get("train", False):
        raise _refuse("dropout in training mode (call model.eval() before exporting)")
    return a["input"]


def _no_result(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    return None  # runtime assertions on metadata that export already checked


def _to_copy(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """dtype casts between f32/f16/bf16; a boolean to a float is its 0/1 values."""
    value = a["self"]
    element = imp.node_element(node)
    return imp.tensor(value, element)


# ---- comparisons and selection ------------------------------------------------------------

def _compare(predicate: bolt.ComparePredicate, imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    lhs, rhs = a["self"], a["other"]
    shapes = [v for v in (lhs, rhs) if isinstance(v, (SSAValue, Const))]
    element = f32
    runtime = [v for v in (lhs, rhs) if isinstance(v, SSAValue)]
    if runtime:
        element = promote_all(*runtime)
    del shapes
    return Compare(predicate, imp.operand(lhs, element), imp.operand(rhs, element))


def _logical_not(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    mask = imp.mask(a["self"])
    assert isinstance(mask, Compare)
    return Compare(NEGATED[mask.predicate], mask.lhs, mask.rhs)


def _logical_binary(kind: type[bolt.BinaryElementwiseOp], imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """and is the product of 0/1 values, or their max: computed in f32, then `> 0.5`."""
    b = imp.builder
    lhs = imp.compare_to_float(imp.mask(a["self"]), f32)
    rhs = imp.compare_to_float(imp.mask(a["other"]), f32)
    return Compare(P.OGT, b.binary(kind, lhs, rhs), b.scalar(0.5, f32))


def _any_all(kind: bolt.ReduceKind, imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """any (kind MAX) / all (kind MIN) over dims of a boolean."""
    mask = imp.mask(a["self"])
    assert isinstance(mask, Compare)
    rank = len(bolt.broadcast_shapes(bolt.shape_of(mask.lhs), bolt.shape_of(mask.rhs)) or ())
    dims = _dims(a.values.get("dim"), rank)
    keep = bool(a.get("keepdim", False))
    predicate = mask.predicate
    if kind is bolt.ReduceKind.MIN:  # all(p) = not any(not p)
        predicate = NEGATED[predicate]
    b = imp.builder
    scalar_rhs = bolt.shape_of(mask.rhs) == () and bolt.shape_of(mask.lhs) == tuple(node_input_shape(imp, node))
    if scalar_rhs and predicate in _ANY_BY_MAX | _ANY_BY_MIN:
        extreme = bolt.ReduceKind.MAX if predicate in _ANY_BY_MAX else bolt.ReduceKind.MIN
        reduced = Compare(predicate, imp.reduce(extreme, mask.lhs, dims, keep), mask.rhs)
    else:
        ones = imp.mask_as_float(Compare(predicate, mask.lhs, mask.rhs), f32)
        ones = b.expand_to(ones, node_input_shape(imp, node))
        reduced = Compare(P.OGT, imp.reduce(bolt.ReduceKind.MAX, ones, dims, keep), b.scalar(0.5, f32))
    if kind is bolt.ReduceKind.MIN:
        reduced = Compare(NEGATED[reduced.predicate], reduced.lhs, reduced.rhs)
    return reduced


def node_input_shape(imp: _ProgramImporter, node: Any) -> tuple[int, ...]:
    return tuple(int(d) for d in node.args[0].meta["val"].shape)


def _where(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    element = imp.node_element(node)
    condition = imp.mask(a["condition"])
    on_true, on_false = imp.operand(a["self"], element), imp.operand(a["other"], element)
    if isinstance(condition, Const):
        # A known condition over run-time values: select on its 0/1 values.
        ones = imp.constant(condition.tensor.to(imp.torch.float32), element)
        condition = Compare(P.ONE, ones, imp.builder.scalar(0.0, element))
    return imp.select(condition, on_true, on_false)


def _masked_fill(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    return _where(imp, node, _Args({"condition": a["mask"], "self": a["value"], "other": a["self"]}))


# ---- data movement ------------------------------------------------------------------------

def _reshape(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """view, reshape, flatten, squeeze, unsqueeze: the node's shape, which torch computed."""
    x = imp.tensor(a["self"])
    return imp.builder.reshape(x, imp.node_shape(node))


def _permute(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    x = imp.tensor(a["self"])
    rank = len(bolt.shape_of(x))
    return imp.builder.transpose(x, [_dim(d, rank) for d in a["dims"]])


def _transpose(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    x = imp.tensor(a["self"])
    rank = len(bolt.shape_of(x))
    perm = list(range(rank))
    if rank >= 2 or "dim0" in a.values:
        d0, d1 = (_dim(a["dim0"], rank), _dim(a["dim1"], rank)) if "dim0" in a.values else (0, 1)
        perm[d0], perm[d1] = perm[d1], perm[d0]
    return imp.builder.transpose(x, perm)


def _expand(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    return imp.builder.expand_to(imp.tensor(a["self"]), imp.node_shape(node))


def _slice(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    x = imp.tensor(a["self"])
    shape = bolt.shape_of(x)
    dim = _dim(a.get("dim", 0), len(shape))
    size = shape[dim]
    start, end, step = a.get("start", 0), a.get("end", size), a.get("step", 1)
    start, _, _ = slice(start, end, step).indices(size)
    out = imp.node_shape(node)
    if out[dim] == 0:
        raise _refuse("an empty slice (boltc tensors have no zero-sized dimensions)")
    if out == shape:
        return x
    offsets = [0] * len(shape)
    strides = [1] * len(shape)
    offsets[dim], strides[dim] = start, step
    return imp.builder.value(bolt.SliceOp(x, offsets, out, strides))


def _select(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    x = imp.tensor(a["self"])
    shape = bolt.shape_of(x)
    dim = _dim(a["dim"], len(shape))
    index = a["index"] + shape[dim] if a["index"] < 0 else a["index"]
    sizes = list(shape)
    sizes[dim] = 1
    offsets = [0] * len(shape)
    offsets[dim] = index
    sliced = imp.builder.value(bolt.SliceOp(x, offsets, sizes, [1] * len(shape))) if shape[dim] != 1 else x
    return imp.builder.reshape(sliced, imp.node_shape(node))


def _split(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """split / split_with_sizes / unbind: one slice per piece."""
    x = imp.tensor(a["self"])
    shape = bolt.shape_of(x)
    dim = _dim(a.get("dim", 0), len(shape))
    pieces = []
    offset = 0
    for i, piece in enumerate(node.meta["val"]):
        out = tuple(int(d) for d in piece.shape)
        length = out[dim] if len(out) == len(shape) else 1
        offsets = [0] * len(shape)
        offsets[dim] = offset
        sizes = list(shape)
        sizes[dim] = length
        value = x if tuple(sizes) == shape else imp.builder.value(bolt.SliceOp(x, offsets, sizes, [1] * len(shape)))
        pieces.append(imp.builder.reshape(value, out))
        offset += length
    return tuple(pieces)


def _cat(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    element = imp.node_element(node)
    out = imp.node_shape(node)
    dim = _dim(a.get("dim", 0), len(out))
    parts = [imp.tensor(t, element) for t in a["tensors"]]
    parts = [p for p in parts if len(bolt.shape_of(p)) == len(out) and bolt.shape_of(p)[dim] > 0]
    if len(parts) == 1:
        return parts[0]
    return imp.builder.value(bolt.ConcatOp(parts, dim))


def _pad(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    x = imp.tensor(a["self"])
    rank = len(bolt.shape_of(x))
    pad = list(a["pad"])
    low, high = [0] * rank, [0] * rank
    for i in range(len(pad) // 2):  # torch lists the last dimension first
        low[rank - 1 - i], high[rank - 1 - i] = pad[2 * i], pad[2 * i + 1]
    if any(p < 0 for p in (*low, *high)):
        raise _refuse("negative padding (cropping)")
    return imp.builder.value(bolt.PadOp(x, low, high, float(a.get("value", 0.0))))


def _like(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """full_like, zeros_like, ones_like, empty_like, new_*: only the shape of their run-time
    input matters, so they are known tensors (empty's contents are unspecified: zeros)."""
    torch = imp.torch
    val = node.meta["val"]
    fill = {"zeros_like": 0, "ones_like": 1, "new_zeros": 0, "new_ones": 1, "empty_like": 0,
            "new_empty": 0}.get(node.target.overloadpacket.__name__, a.values.get("fill_value"))
    return Const(torch.full(tuple(val.shape), fill, dtype=val.dtype))


# ---- contractions ----------------------------------------------------------------------------

def _is_op(node: Any, *names: str) -> bool:
    target = getattr(node, "target", None)
    packet = getattr(target, "overloadpacket", None)
    return packet is not None and packet.__name__ in names


def _swaps_last_two(node: Any) -> bool:
    """permute/transpose/t that exchanges the last two dimensions and nothing else."""
    if _is_op(node, "t"):
        return True
    rank = len(node.meta["val"].shape)
    if _is_op(node, "permute"):
        perm = [_dim(d, rank) for d in node.args[1]]
        return rank >= 2 and perm == [*range(rank - 2), rank - 1, rank - 2]
    if _is_op(node, "transpose"):
        return rank >= 2 and {_dim(node.args[1], rank), _dim(node.args[2], rank)} == {rank - 2, rank - 1}
    return False


@dataclass(frozen=True)
class _Matrix:
    """A GEMM operand: `value` holds the matrices (transposed if `transposed`)."""

    value: SSAValue
    transposed: bool


def _matrix(imp: _ProgramImporter, arg: Any, element: Attribute) -> _Matrix:
    """An operand node, looking through a swap of its last two dimensions (a Linear's weight.t(),
    k.transpose(-2, -1)): the GEMM reads it transposed instead of a transpose being computed."""
    from torch.fx import Node

    if isinstance(arg, Node) and _swaps_last_two(arg) and isinstance(arg.args[0], Node):
        inner = imp.env[arg.args[0]]
        if isinstance(inner, (SSAValue, Const)):
            return _Matrix(imp.tensor(inner, element), True)
    value = imp.env[arg] if isinstance(arg, Node) else arg
    return _Matrix(imp.tensor(value, element), False)


def _batch_shared(imp: _ProgramImporter, arg: Any) -> Any | None:
    """bmm's operand `view(expand(w))` of a w that is the same matrix in every batch (a Linear
    applied to a 4-D activation, decomposed): the 2-D node it comes from, else None."""
    from torch.fx import Node

    if not (isinstance(arg, Node) and _is_op(arg, "view", "_unsafe_view", "reshape")):
        return None
    expand = arg.args[0]
    if not (isinstance(expand, Node) and _is_op(expand, "expand")):
        return None
    source = expand.args[0]
    shape = tuple(source.meta["val"].shape)
    if len(shape) >= 2 and all(d == 1 for d in shape[:-2]):
        if len(shape) == 2:
            return source
    return None


def _gemm(imp: _ProgramImporter, lhs: _Matrix, rhs: _Matrix, element: Attribute) -> SSAValue:
    """lhs @ rhs with bolt.gemm: [..., M, K] @ [K, N] as one 2-D GEMM over the rows of all the
    batches; [B..., M, K] @ [B..., K, N] as a batched GEMM over the flattened batch."""
    b = imp.builder
    a_shape, b_shape = bolt.shape_of(lhs.value), bolt.shape_of(rhs.value)
    if lhs.transposed and len(a_shape) != 2:
        lhs = _Matrix(b.transpose(lhs.value, [*range(len(a_shape) - 2), len(a_shape) - 1, len(a_shape) - 2]), False)
        a_shape = bolt.shape_of(lhs.value)
    m, k = (a_shape[-1], a_shape[-2]) if lhs.transposed else (a_shape[-2], a_shape[-1])
    n = b_shape[-2] if rhs.transposed else b_shape[-1]
    batch = a_shape[:-2]
    if len(b_shape) == 2:
        rows = prod(batch) * m
        a2 = b.reshape(lhs.value, (rows, k)) if batch else lhs.value
        gemm = b.value(bolt.GemmOp(a2, rhs.value, TensorType(element, (rows, n)),
                                   transpose_a=lhs.transposed, transpose_b=rhs.transposed))
        return b.reshape(gemm, (*batch, m, n))
    b_batch = b_shape[:-2]
    out_batch = bolt.broadcast_shapes(batch, b_batch)
    if out_batch is None:
        raise _refuse(f"batch dimensions {list(batch)} and {list(b_batch)} do not broadcast")
    flat = prod(out_batch)
    a_full = b.expand_to(lhs.value, (*out_batch, *a_shape[-2:]))
    b_full = b.expand_to(rhs.value, (*out_batch, *b_shape[-2:]))
    a3 = b.reshape(a_full, (flat, *a_shape[-2:]))
    b3 = b.reshape(b_full, (flat, *b_shape[-2:]))
    gemm = b.value(bolt.GemmOp(a3, b3, TensorType(element, (flat, m, n)), transpose_b=rhs.transposed))
    return b.reshape(gemm, (*out_batch, m, n))


def _mm(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """mm, bmm, matmul: bolt.gemm, reading transposed operands in place."""
    element = imp.node_element(node)
    lhs_node, rhs_node = node.args[0], node.args[1]
    shared = _batch_shared(imp, rhs_node) if _is_op(node, "bmm") else None
    lhs = _matrix(imp, lhs_node, element)
    rhs = _matrix(imp, shared if shared is not None else rhs_node, element)
    a_rank, b_rank = len(bolt.shape_of(lhs.value)), len(bolt.shape_of(rhs.value))
    b = imp.builder
    if a_rank == 1 or b_rank == 1:  # matmul's vector cases: a matrix of one row or column
        if a_rank == 1:
            lhs = _Matrix(b.reshape(lhs.value, (1, bolt.shape_of(lhs.value)[0])), False)
        if b_rank == 1:
            rhs = _Matrix(b.reshape(rhs.value, (bolt.shape_of(rhs.value)[0], 1)), False)
        return b.reshape(_gemm(imp, lhs, rhs, element), imp.node_shape(node))
    return _gemm(imp, lhs, rhs, element)


def _addmm(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """beta * bias + alpha * (m1 @ m2): the GEMM, then the bias as a row add."""
    element = imp.node_element(node)
    b = imp.builder
    product = _gemm(imp, _matrix(imp, node.args[1], element), _matrix(imp, node.args[2], element), element)
    alpha, beta = float(a.get("alpha", 1)), float(a.get("beta", 1))
    if alpha != 1:
        product = b.binary(bolt.MulOp, product, b.scalar(alpha, element))
    if beta == 0:
        return product
    bias = _scaled(imp, a["self"], beta, element)
    return b.binary(bolt.AddOp, product, imp.operand(bias, element))


def _linear(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """x @ W^T + b: W read transposed by the GEMM, x's leading dimensions as rows."""
    element = imp.node_element(node)
    b = imp.builder
    weight = imp.tensor(a["weight"], element)
    x = imp.tensor(a["input"], element)
    if len(bolt.shape_of(x)) == 1:
        x = b.reshape(x, (1, bolt.shape_of(x)[0]))
    y = _gemm(imp, _Matrix(x, False), _Matrix(weight, True), element)
    if a.get("bias") is not None:
        y = b.binary(bolt.AddOp, y, imp.tensor(a["bias"], element))
    return b.reshape(y, imp.node_shape(node))


def _convolution(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """bolt.conv2d (1-D convolutions as H = 1), the bias as a [1, F, 1, 1] add."""
    element = imp.node_element(node)
    b = imp.builder
    if a.get("transposed", False):
        raise _refuse("transposed convolution")
    x, w = imp.tensor(a["input"], element), imp.tensor(a["weight"], element)
    rank = len(bolt.shape_of(x))
    if rank not in (3, 4):
        raise _refuse(f"{rank - 2}-D convolution (boltc has 1-D and 2-D ones)")
    stride, padding, dilation = (list(a[k]) for k in ("stride", "padding", "dilation"))
    if isinstance(a["padding"], str):
        raise _refuse(f"padding={a['padding']!r}")
    if rank == 3:  # N C L -> N C 1 L
        n, c, length = bolt.shape_of(x)
        f, cg, k = bolt.shape_of(w)
        x, w = b.reshape(x, (n, c, 1, length)), b.reshape(w, (f, cg, 1, k))
        stride, padding, dilation = [1, *stride], [0, *padding], [1, *dilation]
    stride, padding, dilation = (v * 2 if len(v) == 1 else v for v in (stride, padding, dilation))
    out = imp.node_shape(node)
    out4 = out if rank == 4 else (out[0], out[1], 1, out[2])
    y = b.value(bolt.Conv2dOp(x, w, TensorType(element, out4), strides=stride,
                              padding=[padding[0], padding[1], padding[0], padding[1]],
                              dilations=dilation, groups=int(a["groups"])))
    if a.get("bias") is not None:
        bias = a["bias"]
        channels = out4[1]
        if isinstance(bias, Const):
            bias_value = imp.constant(bias.tensor.reshape(1, channels, 1, 1), element)
        else:
            bias_value = b.reshape(imp.tensor(bias, element), (1, channels, 1, 1))
        y = b.binary(bolt.AddOp, y, bias_value)
    return b.reshape(y, out)


# ---- normalization, softmax, reductions ---------------------------------------------------

def _batch_norm(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """Inference batch-norm as (x - mean) * (gamma * rsqrt(var + eps)) + beta with per-channel
    constants, the chain fold-batchnorm folds into a preceding convolution or GEMM."""
    torch = imp.torch
    if a.values.get("training"):
        raise _refuse("batch-norm in training mode (call model.eval() before exporting)")
    element = imp.node_element(node)
    b = imp.builder
    x = imp.tensor(a["input"], element)
    shape = bolt.shape_of(x)
    channels = shape[1]
    known = [a.values.get(k) for k in ("running_mean", "running_var")]
    if not all(isinstance(v, Const) for v in known):
        raise _refuse("batch-norm with run-time statistics")
    for k in ("weight", "bias"):
        if a.values.get(k) is not None and not isinstance(a[k], Const):
            raise _refuse("batch-norm with a run-time scale or shift")
    eps = float(a["eps"])
    with torch.no_grad():
        mean = known[0].tensor.double()
        var = known[1].tensor.double()
        gamma = a["weight"].tensor.double() if a.get("weight") is not None else torch.ones_like(var)
        beta = a["bias"].tensor.double() if a.get("bias") is not None else torch.zeros_like(var)
        scale = gamma * torch.rsqrt(var + eps)
    # [C] for a [N, C] input (a GEMM's columns), [1, C, 1, ...] otherwise.
    vector = (channels,) if len(shape) == 2 else (1, channels, *([1] * (len(shape) - 2)))

    def per_channel(t: Any) -> SSAValue:
        return imp.constant(t.float().reshape(vector), element)

    y = b.binary(bolt.SubOp, x, per_channel(mean))
    y = b.binary(bolt.MulOp, y, per_channel(scale))
    y = b.binary(bolt.AddOp, y, per_channel(beta))
    return (y, Unavailable(imp.error(node, "batch statistics are not computed in inference")),
            Unavailable(imp.error(node, "batch statistics are not computed in inference")))


def _layer_norm(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    element = imp.node_element(node)
    x = imp.tensor(a["input"], element)
    shape = bolt.shape_of(x)
    axis = len(shape) - len(a["normalized_shape"])
    normalized = shape[axis:]
    affine = []
    for k in ("weight", "bias"):
        v = a.values.get(k)
        if v is None:
            affine.append(None)
        elif isinstance(v, Const):
            affine.append(imp.constant(v.tensor.reshape(normalized), element))
        else:
            affine.append(imp.builder.reshape(imp.tensor(v, element), normalized))
    y = imp.builder.value(bolt.LayerNormOp(x, axis, float(a["eps"]), affine[0], affine[1]))
    if _is_op(node, "layer_norm"):
        return y
    stats = Unavailable(imp.error(node, "layer-norm statistics are not an output boltc computes"))
    return (y, stats, stats)


def _softmax(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    element = imp.node_element(node)
    x = imp.tensor(a["self"], element)
    axis = _dim(a["dim"], len(bolt.shape_of(x)))
    return imp.builder.value(bolt.SoftmaxOp(x, axis))


def _log_softmax(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """(x - max) - log(sum(exp(x - max))): stable where log(softmax(x)) underflows."""
    element = imp.node_element(node)
    b = imp.builder
    x = imp.tensor(a["self"], element)
    axis = _dim(a["dim"], len(bolt.shape_of(x)))
    shifted = b.binary(bolt.SubOp, x, imp.reduce(bolt.ReduceKind.MAX, x, [axis], True))
    total = imp.reduce(bolt.ReduceKind.SUM, b.unary(bolt.ExpOp, shifted), [axis], True)
    return b.binary(bolt.SubOp, shifted, b.unary(bolt.LogOp, total))


def _reduction(kind: bolt.ReduceKind, imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """mean / sum / amax / amin (and max.dim's values); the mean of a 4-D tensor over H and W
    is global average pooling (adaptive_avg_pool2d(x, 1) decomposes to it)."""
    element = imp.node_element(node)
    x = imp.tensor(a["self"], element)
    shape = bolt.shape_of(x)
    dims = _dims(a.values.get("dim"), len(shape))
    keep = bool(a.get("keepdim", False))
    if kind is bolt.ReduceKind.MEAN and len(shape) == 4 and dims == [2, 3]:
        y = _pool(imp, bolt.PoolKind.AVG, x, (shape[2], shape[3]), (1, 1), (0, 0, 0, 0), element)
        result = y if keep else imp.builder.reshape(y, shape[:2])
    else:
        result = imp.reduce(kind, x, dims, keep)
    if _is_op(node, "max", "min") and isinstance(node.meta.get("val"), (list, tuple)):
        return (result, Unavailable(imp.error(node, "the indices of max/min are integers")))
    return result


def _var(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """var(x, dims, correction) = sum((x - mean)^2) / (N - correction)."""
    element = imp.node_element(node)
    b = imp.builder
    x = imp.tensor(a["self"], element)
    shape = bolt.shape_of(x)
    dims = _dims(a.values.get("dim"), len(shape))
    keep = bool(a.get("keepdim", False))
    correction = float(a.get("correction", 1))
    count = prod(shape[d] for d in dims)
    centered = b.binary(bolt.SubOp, x, imp.reduce(bolt.ReduceKind.MEAN, x, dims, True))
    total = imp.reduce(bolt.ReduceKind.SUM, b.binary(bolt.MulOp, centered, centered), dims, keep)
    return b.binary(bolt.DivOp, total, b.scalar(max(count - correction, 0.0), element))


# ---- pooling -----------------------------------------------------------------------------------

def _pool(imp: _ProgramImporter, kind: bolt.PoolKind, x: SSAValue, window: Sequence[int],
          strides: Sequence[int], padding: Sequence[int], element: Attribute) -> SSAValue:
    n, c, h, w = bolt.shape_of(x)
    p, q = bolt.conv2d_output_hw((h, w), tuple(window), strides, padding, (1, 1))
    return imp.builder.value(bolt.Pool2dOp(kind, x, TensorType(element, (n, c, p, q)), layout=bolt.Layout.NCHW,
                                           window=window, strides=strides, padding=padding))


def _pair(v: Any, default: Sequence[int] | None = None) -> list[int]:
    if v is None or (isinstance(v, (list, tuple)) and len(v) == 0):
        assert default is not None
        return list(default)
    if isinstance(v, int):
        return [v, v]
    return [int(v[0]), int(v[0])] if len(v) == 1 else [int(v[0]), int(v[1])]


def _window_padding(in_hw: Sequence[int], out_hw: Sequence[int], kernel: Sequence[int],
                    stride: Sequence[int], pad: Sequence[int]) -> list[int]:
    """[top, left, bottom, right]: torch's symmetric padding, plus the rows and columns
    ceil_mode's last windows reach past it (the output size is torch's)."""
    extra = [max(0, (o - 1) * s + k - (i + 2 * p)) for i, o, k, s, p in zip(in_hw, out_hw, kernel, stride, pad)]
    return [pad[0], pad[1], pad[0] + extra[0], pad[1] + extra[1]]


def _with_rank4(imp: _ProgramImporter, x: SSAValue) -> tuple[SSAValue, tuple[int, ...]]:
    """Pooling of an unbatched C x H x W tensor as a batch of one."""
    shape = bolt.shape_of(x)
    if len(shape) == 3:
        return imp.builder.reshape(x, (1, *shape)), shape
    if len(shape) != 4:
        raise _refuse(f"pooling of a rank-{len(shape)} tensor (boltc pools N x C x H x W)")
    return x, shape


def _max_pool(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    element = imp.node_element(node)
    x, _ = _with_rank4(imp, imp.tensor(a["self"], element))
    kernel = _pair(a["kernel_size"])
    stride = _pair(a.get("stride"), kernel)
    pad = _pair(a.get("padding", 0))
    if _pair(a.get("dilation", 1)) != [1, 1]:
        raise _refuse("dilated max pooling")
    out = imp.node_shape(node, 0 if isinstance(node.meta["val"], (list, tuple)) else None)
    in_hw = bolt.shape_of(x)[2:]
    padding = _window_padding(in_hw, out[-2:], kernel, stride, pad)
    _check_window_padding(padding, kernel)
    y = imp.builder.reshape(_pool(imp, bolt.PoolKind.MAX, x, kernel, stride, padding, element), out)
    if isinstance(node.meta["val"], (list, tuple)):
        return (y, Unavailable(imp.error(node, "max-pool indices are integers, which boltc does not compute")))
    return y


def _check_window_padding(padding: Sequence[int], kernel: Sequence[int]) -> None:
    if padding[0] >= kernel[0] or padding[2] >= kernel[0] or padding[1] >= kernel[1] or padding[3] >= kernel[1]:
        raise _refuse(f"pooling padding {list(padding)} as large as the window {list(kernel)}")


def _avg_pool(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """bolt.pool2d averages over the whole window, padding included; where torch divides by
    something else (count_include_pad=False, ceil_mode's clipped windows, divisor_override),
    the result is rescaled by a constant [P, Q] map of window area / torch's divisor."""
    element = imp.node_element(node)
    x, _ = _with_rank4(imp, imp.tensor(a["self"], element))
    kernel = _pair(a["kernel_size"])
    stride = _pair(a.get("stride"), kernel)
    pad = _pair(a.get("padding", 0))
    out = imp.node_shape(node)
    in_hw = bolt.shape_of(x)[2:]
    padding = _window_padding(in_hw, out[-2:], kernel, stride, pad)
    _check_window_padding(padding, kernel)
    y = _pool(imp, bolt.PoolKind.AVG, x, kernel, stride, padding, element)
    divisor = _avg_divisors(in_hw, out[-2:], kernel, stride, pad, bool(a.get("count_include_pad", True)),
                            a.values.get("divisor_override"))
    area = kernel[0] * kernel[1]
    if not np.all(divisor == area):
        y = imp.builder.binary(bolt.MulOp, y, imp.builder.constant((area / divisor).astype(np.float32), element))
    return imp.builder.reshape(y, out)


def _avg_divisors(in_hw: Sequence[int], out_hw: Sequence[int], kernel: Sequence[int], stride: Sequence[int],
                  pad: Sequence[int], count_include_pad: bool, divisor_override: int | None) -> np.ndarray:
    """torch's avg_pool2d divisor per output position (aten/src/ATen/native/cpu/AvgPoolKernel.cpp)."""
    if divisor_override:
        return np.full(tuple(out_hw), float(divisor_override))
    sizes = []
    for i, o, k, s, p in zip(in_hw, out_hw, kernel, stride, pad):
        start = np.arange(o) * s - p
        end = np.minimum(start + k, i + p)
        full = end - start
        clipped = np.minimum(end, i) - np.maximum(start, 0)
        sizes.append(full if count_include_pad else clipped)
    return np.outer(sizes[0], sizes[1]).astype(np.float64)


def _adaptive_pool(kind: bolt.PoolKind, imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """Adaptive pooling where the output size divides the input's: a plain window."""
    element = imp.node_element(node)
    x, _ = _with_rank4(imp, imp.tensor(a["self"], element))
    h, w = bolt.shape_of(x)[2:]
    oh, ow = (int(s) if s is not None else d for s, d in zip(_pair(a["output_size"]), (h, w)))
    if oh <= 0 or ow <= 0:
        raise _refuse(f"adaptive pooling to {oh}x{ow}: an empty output (boltc tensors have no zero-sized "
                      "dimensions)")
    if h % oh or w % ow:
        raise _refuse(f"adaptive pooling of {h}x{w} to {oh}x{ow} (boltc pools windows that divide "
                      "the input evenly)")
    window = (h // oh, w // ow)
    out = imp.node_shape(node, 0 if isinstance(node.meta["val"], (list, tuple)) else None)
    y = imp.builder.reshape(_pool(imp, kind, x, window, window, (0, 0, 0, 0), element), out)
    if isinstance(node.meta["val"], (list, tuple)):
        return (y, Unavailable(imp.error(node, "adaptive max-pool indices are integers")))
    return y


# ---- attention ----------------------------------------------------------------------------------

def _attention(imp: _ProgramImporter, node: Any, a: _Args) -> Value:
    """softmax(q k^T * scale + mask) v: two batched bolt.gemm (k read transposed), a scale, an
    additive or boolean mask, bolt.softmax. Rows whose every score is masked give 0, as torch's
    math attention (_safe_softmax) does; that guard is built only where a mask can mask a row."""
    torch = imp.torch
    element = imp.node_element(node)
    b = imp.builder
    if float(a.get("dropout_p", 0.0)) != 0.0:
        raise _refuse("attention dropout (call model.eval(); dropout_p must be 0 at inference)")
    if a.get("enable_gqa", False):
        raise _refuse("grouped-query attention (enable_gqa=True)")
    q, k, v = (imp.tensor(a[n], element) for n in ("query", "key", "value"))
    q_shape, k_shape, v_shape = bolt.shape_of(q), bolt.shape_of(k), bolt.shape_of(v)
    length, embed = q_shape[-2:]
    source = k_shape[-2]
    scale = a.get("scale")
    scale = float(scale) if scale is not None else 1.0 / math.sqrt(embed)
    scores = _gemm(imp, _Matrix(q, False), _Matrix(k, True), element)
    scores = b.binary(bolt.MulOp, scores, b.scalar(scale, element))
    mask = a.get("attn_mask")
    guard = False
    if a.get("is_causal", False):
        if mask is not None:
            raise _refuse("attention with both attn_mask and is_causal")
        mask = Const(torch.ones(length, source, dtype=torch.bool).tril())
    if mask is not None:
        scores, guard = _masked_scores(imp, scores, mask, element)
    probabilities = b.value(bolt.SoftmaxOp(scores, len(bolt.shape_of(scores)) - 1))
    if guard:
        last = len(bolt.shape_of(scores)) - 1
        row_max = imp.reduce(bolt.ReduceKind.MAX, scores, [last], True)
        probabilities = b.value(bolt.SelectOp(P.OEQ, row_max, b.scalar(-math.inf, element),
                                              b.scalar(0.0, element), probabilities))
    del v_shape
    return _gemm(imp, _Matrix(probabilities, False), _Matrix(v, False), element)


def _masked_scores(imp: _ProgramImporter, scores: SSAValue, mask: Value, element: Attribute) -> tuple[SSAValue, bool]:
    """The scores with the mask applied, and whether some row may be masked entirely."""
    torch = imp.torch
    b = imp.builder
    if isinstance(mask, Const):
        t = mask.tensor
        if t.dtype == torch.bool:
            additive = torch.zeros(t.shape, dtype=torch.float32).masked_fill(~t, -math.inf)
        else:
            additive = t.float()
        shape = bolt.broadcast_shapes(bolt.shape_of(scores), tuple(additive.shape)) or ()
        full_rows = bool(torch.isneginf(additive.expand(shape)).all(dim=-1).any()) if additive.numel() else False
        return b.binary(bolt.AddOp, scores, imp.constant(additive, element)), full_rows
    if isinstance(mask, Compare):
        masked = b.value(bolt.SelectOp(mask.predicate, b.cast(mask.lhs, element), b.cast(mask.rhs, element),
                                       scores, b.scalar(-math.inf, element)))
        return masked, True
    return b.binary(bolt.AddOp, scores, imp.tensor(mask, element)), True


# ---- the table -------------------------------------------------------------------------------------

@functools.cache
def _translations(torch: Any) -> dict[Any, Translation]:
    aten = torch.ops.aten
    P_ = functools.partial
    table: dict[str, Translation] = {
        # elementwise arithmetic
        "add": P_(_binary, bolt.AddOp), "sub": P_(_binary, bolt.SubOp), "mul": P_(_binary, bolt.MulOp),
        "div": P_(_binary, bolt.DivOp), "maximum": P_(_binary, bolt.MaxOp),
        "minimum": P_(_binary, bolt.MinOp), "rsub": _rsub, "pow": _pow,
        "neg": P_(_unary, bolt.NegOp), "sqrt": P_(_unary, bolt.SqrtOp), "rsqrt": P_(_unary, bolt.RsqrtOp),
        "exp": P_(_unary, bolt.ExpOp), "log": P_(_unary, bolt.LogOp), "log1p": P_(_unary, bolt.Log1pOp),
        "abs": P_(_unary, bolt.AbsOp), "erf": P_(_unary, bolt.ErfOp), "reciprocal": P_(_unary, bolt.ReciprocalOp),
        # activations
        "relu": P_(_unary, bolt.ReluOp), "sigmoid": P_(_unary, bolt.SigmoidOp), "tanh": P_(_unary, bolt.TanhOp),
        "silu": P_(_unary, bolt.SiluOp), "hardswish": P_(_unary, bolt.HardswishOp), "gelu": _gelu,
        "hardtanh": _clamp, "clamp": _clamp, "clamp_min": _clamp, "clamp_max": _clamp, "relu6": _relu6,
        "hardsigmoid": _hardsigmoid, "leaky_relu": _leaky_relu, "elu": _elu, "softplus": _softplus,
        "mish": _mish,
        # comparisons and selection
        "eq": P_(_compare, P.OEQ), "ne": P_(_compare, P.UNE), "gt": P_(_compare, P.OGT),
        "ge": P_(_compare, P.OGE), "lt": P_(_compare, P.OLT), "le": P_(_compare, P.OLE),
        "logical_not": _logical_not, "logical_and": P_(_logical_binary, bolt.MulOp),
        "logical_or": P_(_logical_binary, bolt.MaxOp), "any": P_(_any_all, bolt.ReduceKind.MAX),
        "all": P_(_any_all, bolt.ReduceKind.MIN), "where": _where, "masked_fill": _masked_fill,
        # no-ops at inference
        "clone": _identity, "alias": _identity, "detach": _identity, "contiguous": _identity,
        "lift_fresh_copy": _identity, "dropout": _dropout, "_to_copy": _to_copy, "to": _to_copy,
        "_assert_tensor_metadata": _no_result,
        # data movement
        "view": _reshape, "_unsafe_view": _reshape, "reshape": _reshape, "flatten": _reshape,
        "squeeze": _reshape, "unsqueeze": _reshape, "permute": _permute, "transpose": _transpose,
        "t": _transpose, "expand": _expand, "slice": _slice, "select": _select, "split": _split,
        "split_with_sizes": _split, "unbind": _split, "cat": _cat, "constant_pad_nd": _pad,
        "full_like": _like, "zeros_like": _like, "ones_like": _like, "empty_like": _like,
        "new_zeros": _like, "new_ones": _like, "new_full": _like, "new_empty": _like,
        # contractions
        "mm": _mm, "bmm": _mm, "matmul": _mm, "addmm": _addmm, "linear": _linear,
        "convolution": _convolution,
        # normalization, softmax, reductions
        "_native_batch_norm_legit_no_training": _batch_norm, "native_layer_norm": _layer_norm,
        "layer_norm": _layer_norm, "_softmax": _softmax, "softmax": _softmax,
        "_log_softmax": _log_softmax, "log_softmax": _log_softmax,
        "mean": P_(_reduction, bolt.ReduceKind.MEAN), "sum": P_(_reduction, bolt.ReduceKind.SUM),
        "amax": P_(_reduction, bolt.ReduceKind.MAX), "amin": P_(_reduction, bolt.ReduceKind.MIN),
        "max": P_(_reduction, bolt.ReduceKind.MAX), "min": P_(_reduction, bolt.ReduceKind.MIN),
        "var": _var,
        # pooling
        "max_pool2d_with_indices": _max_pool, "max_pool2d": _max_pool, "avg_pool2d": _avg_pool,
        "_adaptive_avg_pool2d": P_(_adaptive_pool, bolt.PoolKind.AVG),
        "adaptive_avg_pool2d": P_(_adaptive_pool, bolt.PoolKind.AVG),
        "adaptive_max_pool2d": P_(_adaptive_pool, bolt.PoolKind.MAX),
        # attention
        "scaled_dot_product_attention": _attention,
    }
    return {getattr(aten, name): fn for name, fn in table.items() if hasattr(aten, name)}
