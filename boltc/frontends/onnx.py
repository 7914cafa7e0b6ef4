"""The ONNX front end: an onnx.ModelProto or an .onnx file -> bolt.

    module = import_onnx("model.onnx")
    module = import_onnx(model_proto, input_shapes={"x": [1, 3, 224, 224]})   # a dynamic batch

The model is checked (`onnx.checker`), its shapes inferred (`onnx.shape_inference`, strict, with
data propagation), and its graph walked node by node in file order: each operator has an entry
in `OPERATORS` (its translation, the oldest operator version it translates, notes), which emits
bolt ops through `GraphBuilder`, located at the node (`node_location(file, node name)`).
`OPERATORS` is the single source of truth: `docs/onnx-operators.md` is generated from it
(`python -m boltc.frontends.onnx --operators`), and `boltc.onnx_backend.is_compatible` asks the
importer itself.

What a value is, while the graph is walked (`Value`):
- an SSA value: a float tensor (f32, f16, bf16) computed at run time;
- `Const`: a tensor known at compile time (initializers, Constant nodes, the shape of a tensor,
  anything computed from those only). A node whose inputs are all known is evaluated at compile
  time by onnx's own reference evaluator (numpy), so the shape arithmetic of exported models
  (Shape, Gather, Slice, Concat, Cast, Range, ... on int64 tensors) follows ONNX's semantics
  exactly, whatever its dtype; a known tensor becomes a `bolt.constant` only where a run-time op
  reads it. ConstantOfShape stays a broadcast view, so a large uniform weight is never expanded;
- `Unavailable`: a value boltc cannot hold (MaxPool's indices, a dropout mask, an integer tensor
  computed at run time): an error only where something uses it.

Errors are BoltcErrors naming the file and the node (its name and operator); every unsupported
node of the model is listed in one error. onnx is imported only when `import_onnx` runs:
without it, that call says how to install it.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import prod
from pathlib import Path
from typing import Any, Union

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType, bf16, f16, f32
from xdsl.ir import Attribute, SSAValue

from boltc.diagnostics import BoltcError, SourceLocation
from boltc.dialects import bolt
from boltc.frontends.builder import (
    GraphBuilder,
    ShapeMismatch,
    element_of,
    module_of,
    node_location,
    oversize_problem,
)
from boltc.frontends.source import verify_module

INSTALL_HINT = "the ONNX front end needs onnx: pip install 'boltc[onnx]'"
P = bolt.ComparePredicate

# The default-domain opsets boltc reads: the classic zoo files are opset 7-9; newer opsets are
# read where every operator version they use is one `OPERATORS` translates (most later versions
# only add element types).
MIN_OPSET = 6  # opset 6: the legacy `broadcast`/`axis` attributes of the arithmetic operators
DOCUMENTED_MAX_OPSET = 21
DEFAULT_DOMAINS = ("", "ai.onnx")

# TensorProto.DataType numbers of the float types bolt computes in.
_FLOAT, _FLOAT16, _DOUBLE, _BFLOAT16 = 1, 10, 11, 16
_ELEMENT_TYPES: dict[int, Attribute] = {_FLOAT: f32, _FLOAT16: f16, _BFLOAT16: bf16}
_NUMPY_FOR_ELEMENT = {"f32": np.float32, "f16": np.float16, "bf16": np.float32}

# A uniform known tensor (ConstantOfShape) with more elements than this is read by run-time ops
# as a broadcast scalar rather than embedded as a dense weight.
MAX_EXPANDED_UNIFORM_ELEMENTS = 1 << 22


# --------------------------------------------------------------------------------------
# What a graph value stands for while the graph is walked.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Const:
    """A tensor known at compile time (any dtype); a bolt.constant only where it is read."""

    array: np.ndarray


@dataclass(eq=False)
class Unavailable:
    """A value boltc cannot represent; using it is an error (reported once)."""

    reason: str
    reported: bool = False


Value = Union[SSAValue, Const, Unavailable, None]


class _NodeError(Exception):
    """A translation's refusal: the importer adds where the node is."""


def _refuse(message: str) -> _NodeError:
    return _NodeError(message)


# --------------------------------------------------------------------------------------
# Entry point.
# --------------------------------------------------------------------------------------


def import_onnx(model: Any, *, name: str | None = None,
                input_shapes: dict[str, Sequence[int]] | Sequence[Sequence[int]] | None = None) -> ModuleOp:
    """A verified module holding `func.func @main` in the bolt dialect.

    `model`: an onnx.ModelProto or the path of an .onnx file. `name` is the file that locations
    name (default: the path, or "<onnx>"). `input_shapes` fixes the inputs' dynamic dimensions
    (by input name, or a list in input order: what example inputs give); a fixed dimension it
    contradicts is an error. Initializers and Constant nodes become bolt.constants; the graph
    inputs that are not initializers are the function's arguments, in order. Every mistake is a
    BoltcError.
    """
    onnx = _import_onnx()
    if isinstance(model, (str, os.PathLike)):
        path = os.fspath(model)
        file = name or path
        proto = _load_model(onnx, path, file)
    elif isinstance(model, onnx.ModelProto):
        file = name or "<onnx>"
        proto = model
    else:
        raise BoltcError(f"import_onnx takes an onnx.ModelProto or an .onnx path; got {type(model).__name__}",
                         SourceLocation(name or "<onnx>"))
    prepared = _prepare(onnx, proto, file, input_shapes)
    return _GraphImporter(onnx, prepared, file).run()


def _import_onnx() -> Any:
    try:
        import onnx
        import onnx.checker  # noqa: F401
        import onnx.shape_inference  # noqa: F401
    except ImportError:
        raise BoltcError(INSTALL_HINT, SourceLocation("<onnx>")) from None
    return onnx


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def _load_model(onnx: Any, path: str, file: str) -> Any:
    where = SourceLocation(file)
    p = Path(path)
    if not p.exists():
        raise BoltcError("no such file", where)
    if not p.is_file():
        raise BoltcError("not a file", where)
    try:
        data = p.read_bytes()
    except OSError as e:
        raise BoltcError(f"cannot read: {e.strerror}", where) from None
    if not data:
        raise BoltcError("not an ONNX model: the file is empty", where)
    model = onnx.ModelProto()
    try:
        model.ParseFromString(data)
    except Exception as e:  # noqa: BLE001  (protobuf's DecodeError and friends)
        raise BoltcError(f"not an ONNX model (protobuf: {_first_line(e)}); is the file complete?", where) from None
    if not model.HasField("graph"):
        raise BoltcError("not an ONNX model: it has no graph (is it an ONNX file, and complete?)", where)
    if any(t.data_location == 1 for t in model.graph.initializer):  # EXTERNAL
        try:
            from onnx.external_data_helper import load_external_data_for_model

            load_external_data_for_model(model, str(p.parent))
        except Exception as e:  # noqa: BLE001
            raise BoltcError(f"cannot read the model's external weights: {_first_line(e)}", where) from None
    return model


def _default_opset(model: Any) -> int | None:
    versions = [o.version for o in model.opset_import if o.domain in DEFAULT_DOMAINS]
    return versions[0] if versions else None


def _prepare(onnx: Any, model: Any, file: str, input_shapes: Any) -> Any:
    """Checked, with static input shapes where the user gave them, and shapes inferred."""
    where = SourceLocation(file)
    opset = _default_opset(model)
    if opset is None:
        raise BoltcError("the model imports no version of the default ONNX operator set", where)
    newest = onnx.defs.onnx_opset_version()
    if not MIN_OPSET <= opset <= newest:
        raise BoltcError(f"the model uses ONNX opset {opset}; boltc reads opsets {MIN_OPSET} to {newest} "
                         "(convert it with onnx.version_converter.convert_version)", where)
    try:
        onnx.checker.check_model(model)
    except Exception as e:  # noqa: BLE001  (ValidationError, and C++ errors as RuntimeError)
        raise BoltcError(f"not a valid ONNX model (onnx.checker: {_first_line(e)})", where) from None
    if input_shapes is not None:
        model = _with_input_shapes(model, input_shapes, file)
    try:
        return onnx.shape_inference.infer_shapes(model, check_type=True, strict_mode=True, data_prop=True)
    except Exception as e:  # noqa: BLE001  (InferenceError)
        raise BoltcError(f"ONNX shape inference failed: {_first_line(e)}", where) from None


def _graph_inputs(model: Any) -> list[Any]:
    initialized = {t.name for t in model.graph.initializer}
    return [i for i in model.graph.input if i.name not in initialized]


def _with_input_shapes(model: Any, input_shapes: Any, file: str) -> Any:
    copy = type(model)()
    copy.CopyFrom(model)
    inputs = _graph_inputs(copy)
    if isinstance(input_shapes, dict):
        unknown = sorted(set(input_shapes) - {i.name for i in inputs})
        if unknown:
            raise BoltcError(f"input_shapes names {unknown}, which are not inputs of the model "
                             f"(its inputs: {[i.name for i in inputs]})", SourceLocation(file))
        pairs = [(i, input_shapes[i.name]) for i in inputs if i.name in input_shapes]
    else:
        shapes = list(input_shapes)
        if len(shapes) != len(inputs):
            raise BoltcError(f"the model takes {len(inputs)} input(s), {len(shapes)} example input(s) were given",
                             SourceLocation(file))
        pairs = list(zip(inputs, shapes))
    for index, (value_info, shape) in enumerate(pairs):
        shape = [int(d) for d in shape]
        dims = value_info.type.tensor_type.shape.dim
        declared = [d.dim_value if d.HasField("dim_value") else None for d in dims]
        if len(dims) and len(declared) != len(shape) or any(
                d is not None and d != s for d, s in zip(declared, shape)):
            shown = [d if d is not None else dims[k].dim_param or "?" for k, d in enumerate(declared)]
            raise BoltcError(f"example input {index} has shape {shape}, the model's input '{value_info.name}' "
                             f"takes {shown}", SourceLocation(file, node=value_info.name))
        value_info.type.tensor_type.shape.Clear()
        for s in shape:
            value_info.type.tensor_type.shape.dim.add().dim_value = s
    return copy


# --------------------------------------------------------------------------------------
# The operator table.
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Args:
    """A node's inputs (Values, None where omitted) and attributes (Python values)."""

    inputs: list[Value]
    attributes: dict[str, Any]
    outputs: list[str]

    def input(self, i: int) -> Value:
        return self.inputs[i] if i < len(self.inputs) else None

    def attr(self, name: str, default: Any = None) -> Any:
        return self.attributes.get(name, default)

    def wants(self, i: int) -> bool:
        """Whether output `i` is requested (named) by the node."""
        return i < len(self.outputs) and bool(self.outputs[i])


Translation = Callable[["_GraphImporter", Any, Args], Any]


@dataclass(frozen=True)
class OpSupport:
    """One ONNX operator: how it becomes bolt, from which operator version, and its limits."""

    translate: Translation
    since: int = 1  # the oldest operator version (schema since_version) translated
    notes: str = ""
    compile_time: bool = False  # only on compile-time inputs (shape arithmetic)
    folds_itself: bool = False  # its translation also takes known inputs (else they are folded)


# Filled in at the end of the module (the translations come first).
OPERATORS: dict[str, OpSupport] = {}

# Operators never evaluated at compile time (their outputs are random).
_NONDETERMINISTIC = frozenset({"RandomNormal", "RandomNormalLike", "RandomUniform", "RandomUniformLike",
                               "Bernoulli", "Multinomial"})


# --------------------------------------------------------------------------------------
# The importer of one graph.
# --------------------------------------------------------------------------------------


class _GraphImporter:
    def __init__(self, onnx: Any, model: Any, file: str):
        self.onnx = onnx
        self.model = model
        self.graph = model.graph
        self.file = file
        self.opset = _default_opset(model) or MIN_OPSET
        self.env: dict[str, Value] = {}
        self.problems: list[tuple[SourceLocation, str]] = []
        self.types = self._value_types()
        self.node: Any = None
        self.node_name = ""
        self.builder: GraphBuilder
        self.materialized: dict[tuple[int, str], SSAValue] = {}

    # ---- locations and errors ---------------------------------------------------------

    def where(self, node_name: str | None = None) -> SourceLocation:
        return SourceLocation(self.file, node=node_name or self.node_name or None)

    def combined_error(self) -> BoltcError:
        if len(self.problems) == 1:
            where, message = self.problems[0]
            return BoltcError(message, where)
        listing = "\n".join(f"  {_short(where, self.file)}: {message}" for where, message in self.problems)
        return BoltcError(f"{len(self.problems)} nodes of the model cannot be imported:\n{listing}",
                          SourceLocation(self.file))

    # ---- types ------------------------------------------------------------------------

    def _value_types(self) -> dict[str, tuple[int, tuple[int, ...] | None]]:
        """Element type and static shape (None where unknown) of every typed value."""
        types = {}
        for info in [*self.graph.input, *self.graph.value_info, *self.graph.output]:
            tt = info.type.tensor_type if info.type.HasField("tensor_type") else None
            if tt is None:
                continue
            shape = None
            if tt.HasField("shape") and all(d.HasField("dim_value") for d in tt.shape.dim):
                shape = tuple(int(d.dim_value) for d in tt.shape.dim)
            types[info.name] = (int(tt.elem_type), shape)
        return types

    def output_element(self, index: int = 0) -> Attribute:
        """The bolt element type of the current node's output `index`, from shape inference."""
        name = self.node.output[index]
        elem = self.types.get(name, (0, None))[0]
        element = _ELEMENT_TYPES.get(elem)
        if element is None:
            raise _refuse(f"computes a {_type_name(self.onnx, elem)} tensor at run time "
                          "(boltc computes float32, float16 and bfloat16 tensors)")
        return element

    def output_shape(self, index: int = 0) -> tuple[int, ...] | None:
        return self.types.get(self.node.output[index], (0, None))[1]

    # ---- driving ----------------------------------------------------------------------

    def run(self) -> ModuleOp:
        arg_types, names = [], []
        for info in _graph_inputs(self.model):
            arg_types.append(self.input_type(info))
            names.append(info.name)
        if self.problems:
            raise self.combined_error()
        self.builder = GraphBuilder(arg_types, location=node_location(self.file, "inputs"))
        for name, arg in zip(names, self.builder.args):
            self.env[name] = arg
            arg.name_hint = _identifier(name)
        for tensor in self.graph.initializer:
            self.env[tensor.name] = Const(self._initializer(tensor))
        for index, node in enumerate(self.graph.node):
            self.translate(node, index)
        outputs = self.outputs()
        if self.problems:
            raise self.combined_error()
        self.builder.location = node_location(self.file, "outputs")
        fn = self.builder.finish("main", outputs, location=node_location(self.file, self.graph.name or "main"))
        _remove_dead_ops(fn)
        module = module_of(fn)
        # Op by op, located at the node: ONNX's inference does not check every operand a node
        # gets (a Conv's channels against its groups), so a bolt verifier may be the first to.
        verify_module(module, self.file)
        return module

    def _initializer(self, tensor: Any) -> np.ndarray:
        from onnx import numpy_helper

        try:
            return _plain_array(numpy_helper.to_array(tensor))
        except Exception as e:  # noqa: BLE001
            raise BoltcError(f"initializer '{tensor.name}' cannot be read: {_first_line(e)}",
                             self.where(tensor.name)) from None

    def input_type(self, info: Any) -> TensorType:
        where = SourceLocation(self.file, node=info.name)
        if not info.type.HasField("tensor_type"):
            self.problems.append((where, f"input '{info.name}' is not a tensor: boltc models take tensors"))
            return TensorType(f32, [])
        tt = info.type.tensor_type
        element = _ELEMENT_TYPES.get(tt.elem_type)
        if element is None:
            self.problems.append((where, f"input '{info.name}' is a {_type_name(self.onnx, tt.elem_type)} tensor: "
                                  "boltc models take float32, float16 or bfloat16 tensors"))
            return TensorType(f32, [])
        if not tt.HasField("shape"):
            self.problems.append((where, f"input '{info.name}' has no shape: boltc compiles static shapes; give "
                                  "it one with import_onnx(model, input_shapes={...}) or example inputs"))
            return TensorType(element, [])
        shape = []
        for d, dim in enumerate(tt.shape.dim):
            if not dim.HasField("dim_value"):
                symbol = f" ('{dim.dim_param}')" if dim.dim_param else ""
                self.problems.append((where, (
                    f"input '{info.name}' has a dynamic dimension {d}{symbol}: boltc compiles static shapes; "
                    f"give its size: import_onnx(model, input_shapes={{'{info.name}': [...]}}), "
                    "boltc.compile(model, example_inputs), or fix it in the file "
                    "(onnx.tools.update_model_dims.update_inputs_outputs_dims)")))
                return TensorType(element, [])
            shape.append(int(dim.dim_value))
        too_large = oversize_problem(shape)
        if too_large:
            self.problems.append((where, f"input '{info.name}' is {too_large}"))
            return TensorType(element, [])
        return TensorType(element, shape)

    def translate(self, node: Any, index: int) -> None:
        self.node = node
        self.node_name = node.name or f"{node.op_type}_{index}"
        self.builder.location = node_location(self.file, self.node_name)
        where = self.where()
        label = node.op_type
        try:
            inputs = [self.lookup(name) for name in node.input]
            unavailable = [v for v in inputs if isinstance(v, Unavailable)]
            if unavailable:
                first = unavailable[0]
                if node.op_type not in OPERATORS or node.domain not in DEFAULT_DOMAINS:
                    # Its own problem, whatever its inputs: every unsupported operator is listed.
                    self.problems.append((where, f"{label}: boltc has no translation for this operator "
                                          "(docs/onnx-operators.md lists those it has)"))
                elif not first.reported:
                    self.problems.append((where, f"{label}: uses {first.reason}"))
                    first.reported = True
                self.bind(node, [first] * len(node.output))
                return
            results = self.evaluate(node, inputs)
            self.bind(node, results)
        except (_NodeError, ShapeMismatch) as e:
            self.problems.append((where, f"{label}: {e}"))
            self.bind(node, [Unavailable(f"'{self.node_name}', which could not be imported", reported=True)]
                      * len(node.output))

    def lookup(self, name: str) -> Value:
        if not name:
            return None
        if name not in self.env:
            raise _refuse(f"uses '{name}', which no node computes and no input or initializer holds")
        return self.env[name]

    def bind(self, node: Any, results: Any) -> None:
        if not isinstance(results, (list, tuple)):
            results = [results]
        for i, name in enumerate(node.output):
            if not name:
                continue
            value = results[i] if i < len(results) else Unavailable(f"output {i} of '{self.node_name}', "
                                                                    "which boltc does not compute")
            if isinstance(value, SSAValue):
                value = self.conform(i, value)
            self.env[name] = value

    def evaluate(self, node: Any, inputs: list[Value]) -> Any:
        if node.domain not in DEFAULT_DOMAINS:
            raise _refuse(f"an operator of domain '{node.domain}', which boltc does not translate")
        support = OPERATORS.get(node.op_type)
        version = self.operator_version(node)
        if version is None:
            raise _refuse(f"no ONNX operator '{node.op_type}' in opset {self.opset}")
        args = Args(inputs, self.attributes(node), list(node.output))
        known = all(v is None or isinstance(v, Const) for v in inputs)
        if support is not None and support.since > version:
            raise _refuse(f"version {version} of {node.op_type} (opset {self.opset}); boltc translates versions "
                          f"{support.since} and later")
        if support is not None and support.compile_time and not known:
            raise _refuse("its inputs are computed at run time; boltc evaluates it at compile time only "
                          f"({support.notes})")
        if known and inputs and node.op_type not in _NONDETERMINISTIC and not (support and support.folds_itself):
            return self.fold(node, inputs)
        if support is not None:
            return support.translate(self, node, args)
        raise _refuse("boltc has no translation for this operator (docs/onnx-operators.md lists those it has)")

    def operator_version(self, node: Any) -> int | None:
        try:
            return int(self.onnx.defs.get_schema(node.op_type, self.opset, node.domain or "").since_version)
        except Exception:  # noqa: BLE001  (SchemaError: no such operator)
            return None

    def attributes(self, node: Any) -> dict[str, Any]:
        from onnx import helper, numpy_helper

        values = {}
        for a in node.attribute:
            if a.ref_attr_name:
                raise _refuse(f"attribute '{a.name}' refers to a function attribute")
            if a.type == a.TENSOR:
                values[a.name] = _plain_array(numpy_helper.to_array(a.t))
            elif a.type in (a.GRAPH, a.GRAPHS):
                raise _refuse("a subgraph attribute (control flow)")
            else:
                value = helper.get_attribute_value(a)
                if isinstance(value, bytes):
                    try:
                        value = value.decode()
                    except UnicodeDecodeError:
                        raise _refuse(f"attribute '{a.name}' is not UTF-8 text") from None
                values[a.name] = value
        return values

    def fold(self, node: Any, inputs: list[Value]) -> list[Value]:
        """Run `node` on compile-time values with onnx's reference evaluator."""
        from onnx.reference import ReferenceEvaluator

        feeds, names = {}, []
        renamed = type(node)()
        renamed.CopyFrom(node)
        del renamed.input[:]
        for i, v in enumerate(inputs):
            if v is None:
                renamed.input.append("")
                continue
            key = f"in{i}"
            feeds[key] = v.array
            renamed.input.append(key)
        del renamed.output[:]
        for i, name in enumerate(node.output):
            names.append(f"out{i}" if name else "")
            renamed.output.append(names[-1])
        from onnx import helper

        graph = helper.make_graph([renamed], "fold", [helper.ValueInfoProto(name=k) for k in feeds],
                                  [helper.ValueInfoProto(name=n) for n in names if n])
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", self.opset)])
        try:
            with np.errstate(all="ignore"):
                results = ReferenceEvaluator(model).run(None, feeds)
        except Exception as e:  # noqa: BLE001  (the reference's own refusal: unsupported or malformed)
            raise _refuse(f"cannot be evaluated at compile time: {_first_line(e)}") from None
        out: list[Value] = []
        it = iter(results)
        for name in names:
            out.append(Const(_plain_array(np.asarray(next(it)))) if name else None)
        return out

    def conform(self, index: int, value: SSAValue) -> SSAValue:
        """A translation's result against shape inference: the shape ONNX computed is the shape
        built (a broadcastable one is expanded; anything else is boltc's bug), and the element
        type is ONNX's."""
        elem, expected = self.types.get(self.node.output[index], (0, None))
        # Found by the fuzz suite: pads of 2^31 made a conv output the reference interpreter
        # could not allocate (160 GiB).
        too_large = oversize_problem(bolt.shape_of(value))
        if too_large:
            raise _refuse(f"computes output '{self.node.output[index]}' as {too_large}")
        if expected is not None:
            got = bolt.shape_of(value)
            if got != expected:
                if bolt.broadcast_shapes(got, expected) != expected:
                    # Found by the fuzz suite: ONNX's inference keeps a declared output shape
                    # that contradicts the node (and ignores some attribute conflicts, such as
                    # pads with auto_pad=VALID); the model is inconsistent, or boltc is wrong.
                    raise _refuse(f"computes output '{self.node.output[index]}' with shape {list(got)} from its "
                                  f"inputs and attributes, where the model (ONNX shape inference) says "
                                  f"{list(expected)}: check the node's attributes and the value's declared shape")
                value = self.builder.expand_to(value, expected)
        element = _ELEMENT_TYPES.get(elem)
        return self.builder.cast(value, element) if element is not None else value

    def outputs(self) -> list[SSAValue]:
        results = []
        for info in self.graph.output:
            self.node_name = info.name
            where = SourceLocation(self.file, node=info.name)
            value = self.env.get(info.name)
            elem = info.type.tensor_type.elem_type if info.type.HasField("tensor_type") else 0
            element = _ELEMENT_TYPES.get(elem)
            if isinstance(value, Unavailable):
                if not value.reported:
                    self.problems.append((where, f"output '{info.name}' is {value.reason}"))
                    value.reported = True
                continue
            if element is None:
                self.problems.append((where, f"output '{info.name}' is a {_type_name(self.onnx, elem)} tensor: "
                                      "boltc models return float32, float16 or bfloat16 tensors"))
                continue
            if value is None:
                self.problems.append((where, f"output '{info.name}' is computed by no node"))
                continue
            try:
                results.append(self.tensor(value, element))
            except _NodeError as e:
                self.problems.append((where, f"output '{info.name}': {e}"))
        return results

    # ---- values as tensors ------------------------------------------------------------

    def tensor(self, value: Value, element: Attribute | None = None) -> SSAValue:
        """`value` as a bolt tensor (of `element`, where given)."""
        if isinstance(value, SSAValue):
            return self.builder.cast(value, element) if element is not None else value
        if isinstance(value, Const):
            return self.constant(value.array, element)
        if isinstance(value, Unavailable):
            raise _refuse(f"uses {value.reason}")
        raise _refuse("a required input is missing")

    def constant(self, array: np.ndarray, element: Attribute | None = None) -> SSAValue:
        if element is None:
            element = _ELEMENT_TYPES.get(_onnx_elem_of(array))
            if element is None:
                if array.dtype.kind == "f":
                    element = f32  # double constants compute in f32, as the linalg importer does
                else:
                    raise _refuse(f"reads a {array.dtype} tensor at run time (boltc computes float tensors)")
        key = (id(array), str(element))
        if key in self.materialized:
            return self.materialized[key]
        b = self.builder
        if array.ndim == 0 or array.size == 1:
            value = b.reshape(b.scalar(float(np.asarray(array, np.float64).reshape(-1)[0]), element), array.shape)
        elif _is_uniform_view(array) and array.size > MAX_EXPANDED_UNIFORM_ELEMENTS:
            value = b.expand_to(b.scalar(float(array.reshape(-1)[0]), element), array.shape)
        else:
            data = np.ascontiguousarray(array, dtype=np.float32 if element == bf16 else
                                        _NUMPY_FOR_ELEMENT[bolt.element_type_name(element)])
            value = b.constant(data, element)
        self.materialized[key] = value
        self._keep_alive = getattr(self, "_keep_alive", [])
        self._keep_alive.append(array)  # id() keys stay unique while the array lives
        return value

    def operand(self, value: Value, element: Attribute) -> SSAValue:
        """An elementwise operand: a uniform known tensor is a rank-0 constant (the other
        operands give the shape; `conform` restores ONNX's)."""
        if isinstance(value, Const) and _is_uniform(value.array) and value.array.dtype.kind in "fiub":
            return self.builder.scalar(float(value.array.reshape(-1)[0]), element)
        return self.tensor(value, element)

    def reduce(self, kind: bolt.ReduceKind, x: SSAValue, dims: Sequence[int], keep: bool) -> SSAValue:
        if not dims:
            return x
        return self.builder.value(bolt.ReduceOp(kind, x, sorted(dims), keep_dims=keep))


# --------------------------------------------------------------------------------------
# Helpers.
# --------------------------------------------------------------------------------------


def _short(where: SourceLocation, file: str) -> str:
    """A location in a list under the file's name: the node alone."""
    return f"node '{where.node}'" if where.file == file and where.node else str(where)


def _type_name(onnx: Any, elem: int) -> str:
    try:
        return onnx.TensorProto.DataType.Name(elem).lower()
    except ValueError:
        return f"type {elem}"


def _onnx_elem_of(array: np.ndarray) -> int:
    if array.dtype == np.float32:
        return _FLOAT
    if array.dtype == np.float16:
        return _FLOAT16
    if array.dtype.name == "bfloat16":
        return _BFLOAT16
    return 0


def _plain_array(array: np.ndarray) -> np.ndarray:
    """bfloat16 arrays (ml_dtypes) as float32: numpy and boltc's constants have no bf16."""
    if array.dtype.name == "bfloat16":
        return array.astype(np.float32)
    return array


def _is_uniform_view(array: np.ndarray) -> bool:
    return array.ndim > 0 and all(s == 0 for s in array.strides)


def _is_uniform(array: np.ndarray) -> bool:
    if array.size == 1 or _is_uniform_view(array):
        return array.size > 0
    if array.size == 0 or array.size > (1 << 20):
        return False
    flat = array.reshape(-1)
    return bool((flat == flat[0]).all())


def _identifier(text: str) -> str:
    cleaned = "".join(c if c.isalnum() or c == "_" else "_" for c in text)
    return cleaned if cleaned and not cleaned[0].isdigit() else f"v{cleaned}"


def _remove_dead_ops(fn: func.FuncOp) -> None:
    block = fn.body.block
    for op in reversed(list(block.ops)):
        if isinstance(op, func.ReturnOp):
            continue
        if all(not r.uses for r in op.results):
            block.erase_op(op)


def _axis(axis: int, rank: int) -> int:
    if not -rank <= axis < max(rank, 1):
        raise _refuse(f"axis {axis} is outside rank {rank}")
    return axis + rank if axis < 0 else axis


def _ints(value: Value, what: str) -> list[int]:
    """A compile-time integer tensor (shapes, axes, pads) as a list."""
    if value is None:
        return []
    if not isinstance(value, Const):
        raise _refuse(f"its {what} are computed at run time (boltc needs them at compile time)")
    return [int(v) for v in np.asarray(value.array).reshape(-1)]


def _known_float(value: Value, what: str) -> float | None:
    if value is None:
        return None
    if not isinstance(value, Const) or value.array.size != 1:
        raise _refuse(f"its {what} is computed at run time or is not a scalar (boltc needs a known scalar)")
    return float(np.asarray(value.array, np.float64).reshape(-1)[0])


def _attr_or_input(imp: _GraphImporter, a: Args, name: str, index: int, input_since: int) -> list[int] | None:
    """A list given as an attribute before opset `input_since` and as input `index` after."""
    if imp.opset < input_since or name in a.attributes:
        value = a.attr(name)
        return None if value is None else [int(v) for v in value]
    value = a.input(index)
    return None if value is None else _ints(value, name)


# --------------------------------------------------------------------------------------
# Translations.
# --------------------------------------------------------------------------------------


def _x(imp: _GraphImporter, a: Args, index: int = 0) -> SSAValue:
    return imp.tensor(a.input(index), imp.output_element())


def _unary(kind: type[bolt.UnaryElementwiseOp], imp: _GraphImporter, node: Any, a: Args) -> Value:
    return imp.builder.unary(kind, _x(imp, a))


def _binary(kind: type[bolt.BinaryElementwiseOp], imp: _GraphImporter, node: Any, a: Args) -> Value:
    element = imp.output_element()
    rhs = a.input(1)
    if imp.opset < 7 and a.attr("broadcast", 0) and a.attr("axis") is not None:
        rhs = _legacy_broadcast(imp, a.input(0), rhs, int(a.attr("axis")))
    return imp.builder.binary(kind, imp.operand(a.input(0), element), imp.operand(rhs, element))


def _legacy_broadcast(imp: _GraphImporter, lhs: Value, rhs: Value, axis: int) -> Value:
    """Opset < 7's `broadcast=1, axis=k`: rhs's dimensions line up with lhs's from dimension k
    (numpy lines them up from the end): rhs gains trailing dimensions of size 1."""
    rank = len(_known_shape(imp, lhs))
    r_shape = _known_shape(imp, rhs)
    axis = axis + rank if axis < 0 else axis
    trailing = rank - axis - len(r_shape)
    if trailing < 0:
        raise _refuse(f"broadcast axis {axis} leaves no room for the second operand's {len(r_shape)} dimensions")
    return _reshape_to(imp, rhs, (*r_shape, *([1] * trailing)))


def _variadic(kind: type[bolt.BinaryElementwiseOp], imp: _GraphImporter, node: Any, a: Args) -> Value:
    """Sum, Max, Min (and Mean: their sum over the count), left to right, broadcasting."""
    element = imp.output_element()
    values = [imp.operand(v, element) for v in a.inputs if v is not None]
    if not values:
        raise _refuse("no inputs")
    total = values[0]
    for v in values[1:]:
        total = imp.builder.binary(kind, total, v)
    if node.op_type == "Mean" and len(values) > 1:
        total = imp.builder.binary(bolt.DivOp, total, imp.builder.scalar(float(len(values)), element))
    return total


def _pow(imp: _GraphImporter, node: Any, a: Args) -> Value:
    element = imp.output_element()
    b = imp.builder
    exponent = a.input(1)
    if isinstance(exponent, Const) and _is_uniform(exponent.array):
        e = float(np.asarray(exponent.array, np.float64).reshape(-1)[0])
        x = imp.tensor(a.input(0), element)
        special = {1.0: lambda: x, 2.0: lambda: b.binary(bolt.MulOp, x, x), 0.5: lambda: b.unary(bolt.SqrtOp, x),
                   -1.0: lambda: b.unary(bolt.ReciprocalOp, x)}
        if e in special:
            return special[e]()
        return b.binary(bolt.PowOp, x, b.scalar(e, element))
    if isinstance(exponent, SSAValue) is False and not isinstance(exponent, Const):
        raise _refuse("a missing exponent")
    if _ELEMENT_TYPES.get(imp.types.get(node.input[1], (0, None))[0]) is None and not isinstance(exponent, Const):
        raise _refuse("an integer exponent computed at run time")
    return b.binary(bolt.PowOp, imp.operand(a.input(0), element), imp.operand(exponent, element))


def _gelu(imp: _GraphImporter, node: Any, a: Args) -> Value:
    approximate = a.attr("approximate", "none")
    kind = bolt.GeluApproximation.TANH if approximate == "tanh" else bolt.GeluApproximation.ERF
    return imp.builder.value(bolt.GeluOp(_x(imp, a), kind))


def _scalar_mul(imp: _GraphImporter, x: SSAValue, factor: float) -> SSAValue:
    if factor == 1:
        return x
    return imp.builder.binary(bolt.MulOp, x, imp.builder.scalar(factor, element_of(x)))


def _where_positive(imp: _GraphImporter, x: SSAValue, positive: SSAValue, negative: SSAValue,
                    threshold: float = 0.0) -> SSAValue:
    b = imp.builder
    return b.value(bolt.SelectOp(P.OGT, x, b.scalar(threshold, element_of(x)), positive, negative))


def _leaky_relu(imp: _GraphImporter, node: Any, a: Args) -> Value:
    x = _x(imp, a)
    return _where_positive(imp, x, x, _scalar_mul(imp, x, float(a.attr("alpha", 0.01))))


def _prelu(imp: _GraphImporter, node: Any, a: Args) -> Value:
    element = imp.output_element()
    x = imp.tensor(a.input(0), element)
    slope = imp.operand(a.input(1), element)
    return _where_positive(imp, x, x, imp.builder.binary(bolt.MulOp, x, slope))


def _elu(imp: _GraphImporter, node: Any, a: Args) -> Value:
    """x > 0 ? x : alpha * (exp(x) - 1); Selu scales both sides by gamma."""
    b = imp.builder
    x = _x(imp, a)
    element = element_of(x)
    if node.op_type == "Selu":
        alpha, gamma = float(a.attr("alpha", 1.67326319217681884765625)), float(a.attr("gamma", 1.05070102214813232421875))
    else:
        alpha, gamma = float(a.attr("alpha", 1.0)), 1.0
    negative = b.binary(bolt.SubOp, b.unary(bolt.ExpOp, x), b.scalar(1.0, element))
    negative = _scalar_mul(imp, negative, alpha * gamma)
    return _where_positive(imp, x, _scalar_mul(imp, x, gamma), negative)


def _celu(imp: _GraphImporter, node: Any, a: Args) -> Value:
    """max(0, x) + min(0, alpha * (exp(x / alpha) - 1))."""
    b = imp.builder
    x = _x(imp, a)
    element = element_of(x)
    alpha = float(a.attr("alpha", 1.0))
    if alpha == 0:
        raise _refuse("alpha = 0: CELU divides x by alpha (the function is undefined there)")
    inner = b.binary(bolt.SubOp, b.unary(bolt.ExpOp, _scalar_mul(imp, x, 1.0 / alpha)), b.scalar(1.0, element))
    negative = b.binary(bolt.MinOp, _scalar_mul(imp, inner, alpha), b.scalar(0.0, element))
    return b.binary(bolt.AddOp, b.unary(bolt.ReluOp, x), negative)


def _thresholded_relu(imp: _GraphImporter, node: Any, a: Args) -> Value:
    x = _x(imp, a)
    return _where_positive(imp, x, x, imp.builder.scalar(0.0, element_of(x)), float(a.attr("alpha", 1.0)))


def _hard_sigmoid(imp: _GraphImporter, node: Any, a: Args) -> Value:
    """max(0, min(1, alpha * x + beta))."""
    b = imp.builder
    x = _x(imp, a)
    alpha, beta = float(a.attr("alpha", 0.2)), float(a.attr("beta", 0.5))
    shifted = b.binary(bolt.AddOp, _scalar_mul(imp, x, alpha), b.scalar(beta, element_of(x)))
    return b.value(bolt.ClampOp(shifted, 0.0, 1.0))


def _softsign(imp: _GraphImporter, node: Any, a: Args) -> Value:
    b = imp.builder
    x = _x(imp, a)
    return b.binary(bolt.DivOp, x, b.binary(bolt.AddOp, b.unary(bolt.AbsOp, x), b.scalar(1.0, element_of(x))))


def _mish(imp: _GraphImporter, node: Any, a: Args) -> Value:
    b = imp.builder
    x = _x(imp, a)
    return b.binary(bolt.MulOp, x, b.unary(bolt.TanhOp, b.unary(bolt.SoftplusOp, x)))


def _clip(imp: _GraphImporter, node: Any, a: Args) -> Value:
    """Bounds are attributes before opset 11 and optional known inputs from 11 on."""
    b = imp.builder
    x = _x(imp, a)
    if imp.opset < 11:
        lo, hi = a.attr("min"), a.attr("max")
        lo = None if lo is None else float(lo)
        hi = None if hi is None else float(hi)
    else:
        bounds = [a.input(1), a.input(2)]
        if any(isinstance(v, SSAValue) for v in bounds):  # run-time bounds: max, then min
            element = element_of(x)
            for kind, bound in ((bolt.MaxOp, bounds[0]), (bolt.MinOp, bounds[1])):
                if bound is not None:
                    x = b.binary(kind, x, imp.operand(bound, element))
            return x
        lo, hi = _known_float(bounds[0], "minimum"), _known_float(bounds[1], "maximum")
    if lo is not None and hi is not None and lo <= hi:
        return b.value(bolt.ClampOp(x, lo, hi))
    element = element_of(x)
    if lo is not None:
        x = b.binary(bolt.MaxOp, x, b.scalar(lo, element))
    if hi is not None:
        x = b.binary(bolt.MinOp, x, b.scalar(hi, element))
    return x


def _identity(imp: _GraphImporter, node: Any, a: Args) -> Value:
    if not node.input or not node.input[0]:
        raise _refuse("an identity of nothing (an optional or sequence value)")
    return a.input(0)


def _dropout(imp: _GraphImporter, node: Any, a: Args) -> Value:
    """Inference: the input, unchanged (ratio ignored); the mask is not computed."""
    if imp.opset >= 12:
        training = a.input(2)
        if training is not None and (not isinstance(training, Const) or bool(training.array.reshape(-1)[0])):
            raise _refuse("dropout in training mode (training_mode must be a known false at inference)")
    elif imp.opset < 7 and not a.attr("is_test", 0) and a.wants(1):
        raise _refuse("dropout in training mode (is_test=0) with its mask used")
    mask = Unavailable(f"the mask of dropout '{imp.node_name}', which boltc does not compute at inference")
    return [a.input(0), mask]


def _cast(imp: _GraphImporter, node: Any, a: Args) -> Value:
    """Run-time casts between float32, float16 and bfloat16 (known values are folded)."""
    target = int(a.attr("to", 0))
    element = _ELEMENT_TYPES.get(target)
    if element is None:
        raise _refuse(f"a cast to {_type_name(imp.onnx, target)} at run time (boltc computes float tensors)")
    return imp.tensor(a.input(0), element)


def _cast_like(imp: _GraphImporter, node: Any, a: Args) -> Value:
    """A run-time cast to the element type of the second input (known or not)."""
    return imp.tensor(a.input(0), imp.output_element())


# ---- data movement ----------------------------------------------------------------------------

def _known_shape(imp: _GraphImporter, value: Value) -> tuple[int, ...]:
    if isinstance(value, Const):
        return tuple(value.array.shape)
    return bolt.shape_of(imp.tensor(value))


def _reshape_to(imp: _GraphImporter, value: Value, shape: Sequence[int]) -> Value:
    if isinstance(value, Const):
        return Const(np.reshape(value.array, tuple(shape)))
    return imp.builder.reshape(imp.tensor(value), tuple(shape))


def _reshape(imp: _GraphImporter, node: Any, a: Args) -> Value:
    x = imp.tensor(a.input(0))
    shape = bolt.shape_of(x)
    if imp.opset < 5:
        target = [int(d) for d in a.attr("shape", [])]
    else:
        target = _ints(a.input(1), "target shape")
    allow_zero = bool(a.attr("allowzero", 0))
    out = [shape[i] if d == 0 and not allow_zero else d for i, d in enumerate(target)]
    if out.count(-1) > 1:
        raise _refuse(f"target shape {target} has more than one -1")
    if -1 in out:
        known = prod(d for d in out if d != -1)
        if known == 0 or prod(shape) % known:
            raise _refuse(f"cannot reshape {list(shape)} to {target}")
        out[out.index(-1)] = prod(shape) // known
    if prod(out) != prod(shape):
        raise _refuse(f"cannot reshape {list(shape)} ({prod(shape)} elements) to {target}")
    if 0 in out:
        raise _refuse("a zero-sized result (boltc tensors have no zero-sized dimensions)")
    return imp.builder.reshape(x, out)


def _flatten(imp: _GraphImporter, node: Any, a: Args) -> Value:
    x = imp.tensor(a.input(0))
    shape = bolt.shape_of(x)
    axis = int(a.attr("axis", 1))
    axis = axis + len(shape) if axis < 0 else axis
    return imp.builder.reshape(x, (prod(shape[:axis]), prod(shape[axis:])))


def _squeeze(imp: _GraphImporter, node: Any, a: Args) -> Value:
    x = imp.tensor(a.input(0))
    shape = bolt.shape_of(x)
    axes = _attr_or_input(imp, a, "axes", 1, 13)
    if axes is None:
        dims = {d for d, s in enumerate(shape) if s == 1}
    else:
        dims = {_axis(d, len(shape)) for d in axes}
        if any(shape[d] != 1 for d in dims):
            raise _refuse(f"squeezes axes {sorted(dims)} of shape {list(shape)}, not all of size 1")
    return imp.builder.reshape(x, [s for d, s in enumerate(shape) if d not in dims])


def _unsqueeze(imp: _GraphImporter, node: Any, a: Args) -> Value:
    x = imp.tensor(a.input(0))
    shape = list(bolt.shape_of(x))
    axes = _attr_or_input(imp, a, "axes", 1, 13) or []
    rank = len(shape) + len(axes)
    dims = sorted(_axis(d, rank) for d in axes)
    for d in dims:
        shape.insert(d, 1)
    return imp.builder.reshape(x, shape)


def _transpose(imp: _GraphImporter, node: Any, a: Args) -> Value:
    x = imp.tensor(a.input(0))
    rank = len(bolt.shape_of(x))
    perm = a.attr("perm")
    perm = list(reversed(range(rank))) if perm is None else [_axis(int(p), rank) for p in perm]
    return imp.builder.transpose(x, perm)


def _expand(imp: _GraphImporter, node: Any, a: Args) -> Value:
    x = imp.tensor(a.input(0), imp.output_element())
    target = _ints(a.input(1), "target shape")
    out = bolt.broadcast_shapes(bolt.shape_of(x), tuple(target))
    if out is None:
        raise _refuse(f"shape {list(bolt.shape_of(x))} does not broadcast to {target}")
    return imp.builder.expand_to(x, out)


def _concat(imp: _GraphImporter, node: Any, a: Args) -> Value:
    element = imp.output_element()
    parts = [imp.tensor(v, element) for v in a.inputs if v is not None]
    rank = len(bolt.shape_of(parts[0]))
    axis = _axis(int(a.attr("axis", 1 if imp.opset < 4 else 0)), rank)
    parts = [p for p in parts if bolt.shape_of(p)[axis] > 0]
    if len(parts) == 1:
        return parts[0]
    return imp.builder.value(bolt.ConcatOp(parts, axis))


def _slice_of(imp: _GraphImporter, x: SSAValue, axis: int, start: int, length: int, step: int = 1) -> SSAValue:
    shape = bolt.shape_of(x)
    if start == 0 and length == shape[axis] and step == 1:
        return x
    offsets, sizes, strides = [0] * len(shape), list(shape), [1] * len(shape)
    offsets[axis], sizes[axis], strides[axis] = start, length, step
    return imp.builder.value(bolt.SliceOp(x, offsets, sizes, strides))


def _split(imp: _GraphImporter, node: Any, a: Args) -> Value:
    x = imp.tensor(a.input(0))
    shape = bolt.shape_of(x)
    axis = _axis(int(a.attr("axis", 0)), len(shape))
    count = len(node.output)
    sizes = a.attr("split") if (imp.opset < 13 or "split" in a.attributes) else (
        _ints(a.input(1), "split sizes") if a.input(1) is not None else None)
    if sizes is None or len(sizes) == 0:
        n = int(a.attr("num_outputs", count))
        chunk = -(-shape[axis] // n)
        sizes = [min(chunk, shape[axis] - i * chunk) for i in range(n)]
    sizes = [int(s) for s in sizes]
    if sum(sizes) != shape[axis]:
        raise _refuse(f"split sizes {sizes} do not add up to dimension {axis} ({shape[axis]})")
    if any(s <= 0 for s in sizes):
        raise _refuse(f"split sizes {sizes}: a zero-sized piece (boltc tensors have no zero-sized dimensions)")
    pieces, offset = [], 0
    for s in sizes:
        pieces.append(_slice_of(imp, x, axis, offset, s))
        offset += s
    return pieces


def _slice(imp: _GraphImporter, node: Any, a: Args) -> Value:
    x = imp.tensor(a.input(0))
    shape = bolt.shape_of(x)
    rank = len(shape)
    if imp.opset < 10:
        starts, ends = [int(v) for v in a.attr("starts", [])], [int(v) for v in a.attr("ends", [])]
        axes = a.attr("axes")
        steps = None
    else:
        starts, ends = _ints(a.input(1), "starts"), _ints(a.input(2), "ends")
        axes = _ints(a.input(3), "axes") if a.input(3) is not None else None
        steps = _ints(a.input(4), "steps") if a.input(4) is not None else None
    axes = list(range(len(starts))) if axes is None else [_axis(int(d), rank) for d in axes]
    steps = steps or [1] * len(starts)
    offsets, sizes, strides = [0] * rank, list(shape), [1] * rank
    for axis, start, end, step in zip(axes, starts, ends, steps):
        if step <= 0:
            raise _refuse(f"a slice with step {step} (boltc slices forward only)")
        lo, hi, st = slice(start, end, step).indices(shape[axis])
        length = len(range(lo, hi, st))
        if length == 0:
            raise _refuse("an empty slice (boltc tensors have no zero-sized dimensions)")
        offsets[axis], sizes[axis], strides[axis] = lo, length, st
    if tuple(sizes) == shape:
        return x
    return imp.builder.value(bolt.SliceOp(x, offsets, sizes, strides))


def _gather(imp: _GraphImporter, node: Any, a: Args) -> Value:
    """Run-time data at known indices: one strided slice where the indices are evenly spaced,
    else a concatenation of slices; the indices' shape replaces the gathered axis."""
    x = imp.tensor(a.input(0))
    shape = bolt.shape_of(x)
    axis = _axis(int(a.attr("axis", 0)), len(shape))
    indices = a.input(1)
    if not isinstance(indices, Const):
        raise _refuse("indices computed at run time (boltc gathers at known indices)")
    index_array = np.asarray(indices.array).astype(np.int64)
    flat = [int(i) + shape[axis] if i < 0 else int(i) for i in index_array.reshape(-1)]
    if any(not 0 <= i < shape[axis] for i in flat):
        raise _refuse(f"indices {index_array.tolist()} outside dimension {axis} of size {shape[axis]}")
    if not flat:
        raise _refuse("no indices (boltc tensors have no zero-sized dimensions)")
    steps = {j - i for i, j in zip(flat, flat[1:])}
    if len(flat) == 1 or (len(steps) == 1 and min(steps) > 0):
        picked = _slice_of(imp, x, axis, flat[0], len(flat), steps.pop() if steps else 1)
    else:
        parts = [_slice_of(imp, x, axis, i, 1) for i in flat]
        picked = imp.builder.value(bolt.ConcatOp(parts, axis))
    out = (*shape[:axis], *index_array.shape, *shape[axis + 1:])
    return imp.builder.reshape(picked, out)


def _pad(imp: _GraphImporter, node: Any, a: Args) -> Value:
    x = imp.tensor(a.input(0), imp.output_element())
    rank = len(bolt.shape_of(x))
    mode = a.attr("mode", "constant")
    if mode != "constant":
        raise _refuse(f"mode '{mode}' (boltc pads with a constant)")
    if imp.opset < 11:
        pads, value = [int(p) for p in a.attr("pads", a.attr("paddings", []))], float(a.attr("value", 0.0))
        axes = list(range(rank))
    else:
        pads = _ints(a.input(1), "pads")
        value = _known_float(a.input(2), "constant value") or 0.0
        axes = [_axis(d, rank) for d in _ints(a.input(3), "axes")] if a.input(3) is not None else list(range(rank))
    if len(pads) != 2 * len(axes):
        raise _refuse(f"{len(pads)} pads for {len(axes)} axes")
    low, high = [0] * rank, [0] * rank
    for i, d in enumerate(axes):
        low[d], high[d] = pads[i], pads[i + len(axes)]
    if any(p < 0 for p in (*low, *high)):
        raise _refuse("negative pads (cropping)")
    if not any(low) and not any(high):
        return x
    return imp.builder.value(bolt.PadOp(x, low, high, value))


# ---- contractions -------------------------------------------------------------------------------

def _gemm_of(imp: _GraphImporter, a_value: SSAValue, b_value: SSAValue, element: Attribute,
             transpose_a: bool = False, transpose_b: bool = False) -> SSAValue:
    """a @ b with bolt.gemm: [..., M, K] @ [K, N] as one 2-D GEMM over every row; batched
    operands broadcast over their leading dimensions and flatten to one batch."""
    b = imp.builder
    a_shape, b_shape = bolt.shape_of(a_value), bolt.shape_of(b_value)
    if transpose_a and len(a_shape) != 2:
        a_value = b.transpose(a_value, [*range(len(a_shape) - 2), len(a_shape) - 1, len(a_shape) - 2])
        a_shape, transpose_a = bolt.shape_of(a_value), False
    m, k = (a_shape[-1], a_shape[-2]) if transpose_a else (a_shape[-2], a_shape[-1])
    n = b_shape[-2] if transpose_b else b_shape[-1]
    batch = a_shape[:-2]
    if len(b_shape) == 2:
        rows = prod(batch) * m
        a2 = b.reshape(a_value, (rows, k)) if batch else a_value
        y = b.value(bolt.GemmOp(a2, b_value, TensorType(element, (rows, n)), transpose_a=transpose_a,
                                transpose_b=transpose_b))
        return b.reshape(y, (*batch, m, n))
    out_batch = bolt.broadcast_shapes(batch, b_shape[:-2])
    if out_batch is None:
        raise _refuse(f"batch dimensions {list(batch)} and {list(b_shape[:-2])} do not broadcast")
    flat = prod(out_batch)
    a3 = b.reshape(b.expand_to(a_value, (*out_batch, *a_shape[-2:])), (flat, *a_shape[-2:]))
    b3 = b.reshape(b.expand_to(b_value, (*out_batch, *b_shape[-2:])), (flat, *b_shape[-2:]))
    y = b.value(bolt.GemmOp(a3, b3, TensorType(element, (flat, m, n)), transpose_b=transpose_b))
    return b.reshape(y, (*out_batch, m, n))


def _matmul(imp: _GraphImporter, node: Any, a: Args) -> Value:
    element = imp.output_element()
    b = imp.builder
    lhs, rhs = imp.tensor(a.input(0), element), imp.tensor(a.input(1), element)
    l_shape, r_shape = bolt.shape_of(lhs), bolt.shape_of(rhs)
    if len(l_shape) == 1:
        lhs = b.reshape(lhs, (1, l_shape[0]))
    if len(r_shape) == 1:
        rhs = b.reshape(rhs, (r_shape[0], 1))
    y = _gemm_of(imp, lhs, rhs, element)
    out = list(bolt.shape_of(y))
    if len(r_shape) == 1:
        out.pop(-1)
    if len(l_shape) == 1:
        out.pop(-1 if len(r_shape) == 1 else -2)
    return b.reshape(y, out)


def _gemm(imp: _GraphImporter, node: Any, a: Args) -> Value:
    """alpha * op(A) @ op(B) + beta * C, C broadcast (unidirectionally) to M x N."""
    element = imp.output_element()
    b = imp.builder
    lhs, rhs = imp.tensor(a.input(0), element), imp.tensor(a.input(1), element)
    if len(bolt.shape_of(lhs)) != 2 or len(bolt.shape_of(rhs)) != 2:
        raise _refuse("Gemm of operands that are not matrices")
    y = _gemm_of(imp, lhs, rhs, element, bool(a.attr("transA", 0)), bool(a.attr("transB", 0)))
    alpha, beta = float(a.attr("alpha", 1.0)), float(a.attr("beta", 1.0))
    y = _scalar_mul(imp, y, alpha)
    c = a.input(2)
    if c is None or beta == 0:
        return y
    if isinstance(c, Const):
        bias = imp.operand(Const(_plain_array(np.asarray(c.array, np.float64) * beta).astype(np.float32)), element)
        return b.binary(bolt.AddOp, y, bias)
    return b.binary(bolt.AddOp, y, _scalar_mul(imp, imp.tensor(c, element), beta))


def _same_padding(in_size: int, kernel: int, stride: int, dilation: int, upper: bool) -> tuple[int, int]:
    span = (kernel - 1) * dilation + 1
    total = max(0, (-(-in_size // stride) - 1) * stride + span - in_size)
    small, large = total // 2, total - total // 2
    return (small, large) if upper else (large, small)


def _window_pads(a: Args, in_hw: Sequence[int], kernel: Sequence[int], strides: Sequence[int],
                 dilations: Sequence[int]) -> list[int]:
    """[begin..., end...] per spatial dimension, with auto_pad resolved."""
    auto = a.attr("auto_pad", "NOTSET")
    n = len(in_hw)
    if auto in ("SAME_UPPER", "SAME_LOWER"):
        pairs = [_same_padding(i, k, s, d, auto == "SAME_UPPER") for i, k, s, d in zip(in_hw, kernel, strides, dilations)]
        return [p[0] for p in pairs] + [p[1] for p in pairs]
    if auto == "VALID":
        return [0] * (2 * n)
    pads = [int(p) for p in a.attr("pads", [0] * (2 * n))]
    if any(p < 0 for p in pads):
        raise _refuse(f"negative pads {pads}")
    return pads


def _as_2d(imp: _GraphImporter, x: SSAValue, what: str) -> tuple[SSAValue, int]:
    """An N x C x L tensor as N x C x 1 x L (1-D windows as 2-D ones); the spatial rank."""
    shape = bolt.shape_of(x)
    if len(shape) == 3:
        return imp.builder.reshape(x, (shape[0], shape[1], 1, shape[2])), 1
    if len(shape) != 4:
        raise _refuse(f"{max(len(shape) - 2, 0)}-D {what} (boltc has 1-D and 2-D ones)")
    return x, 2


def _spatial_2d(values: Sequence[int], rank: int, fill: int) -> list[int]:
    return [fill, *values] if rank == 1 else list(values)


def _conv(imp: _GraphImporter, node: Any, a: Args) -> Value:
    """bolt.conv2d (1-D convolutions as H = 1), the bias as a [1, F, 1, 1] add."""
    element = imp.output_element()
    b = imp.builder
    x, rank = _as_2d(imp, imp.tensor(a.input(0), element), "convolution")
    w_value = a.input(1)
    w = imp.tensor(w_value, element)
    if rank == 1:
        f, cg, k = bolt.shape_of(w)
        w = b.reshape(w, (f, cg, 1, k))
    in_hw = bolt.shape_of(x)[2:]
    kernel = bolt.shape_of(w)[2:]
    spatial = bolt.shape_of(imp.tensor(a.input(0)))[2:]
    k_attr = a.attr("kernel_shape")
    if k_attr is not None and list(k_attr) != list(bolt.shape_of(imp.tensor(w_value))[2:]):
        raise _refuse(f"kernel_shape {list(k_attr)} differs from the weight's {list(bolt.shape_of(imp.tensor(w_value))[2:])}")
    strides = [int(s) for s in a.attr("strides", [1] * rank)]
    dilations = [int(d) for d in a.attr("dilations", [1] * rank)]
    pads = _window_pads(a, spatial, bolt.shape_of(imp.tensor(w_value))[2:], strides, dilations)
    strides, dilations = _spatial_2d(strides, rank, 1), _spatial_2d(dilations, rank, 1)
    begin, end = _spatial_2d(pads[:rank], rank, 0), _spatial_2d(pads[rank:], rank, 0)
    padding = [begin[0], begin[1], end[0], end[1]]
    n = bolt.shape_of(x)[0]
    f = bolt.shape_of(w)[0]
    p, q = bolt.conv2d_output_hw(tuple(in_hw), tuple(kernel), strides, padding, dilations)
    if p <= 0 or q <= 0:
        raise _refuse("the filter window does not fit the padded input")
    group = int(a.attr("group", 1))
    y = b.value(bolt.Conv2dOp(x, w, TensorType(element, (n, f, p, q)), strides=strides, padding=padding,
                              dilations=dilations, groups=group))
    bias = a.input(2)
    if bias is not None:
        bias_shape = tuple(np.shape(bias.array)) if isinstance(bias, Const) else bolt.shape_of(imp.tensor(bias))
        if bias_shape != (f,):
            raise _refuse(f"the bias has shape {list(bias_shape)}; a convolution with {f} output channels takes [{f}]")
        if isinstance(bias, Const):
            bias_value = imp.constant(np.asarray(bias.array).reshape(1, f, 1, 1), element)
        else:
            bias_value = b.reshape(imp.tensor(bias, element), (1, f, 1, 1))
        y = b.binary(bolt.AddOp, y, bias_value)
    return b.reshape(y, (n, f, q) if rank == 1 else (n, f, p, q))


# ---- pooling ---------------------------------------------------------------------------------------

def _pool_geometry(imp: _GraphImporter, a: Args, x: SSAValue, rank: int) -> tuple[list[int], list[int], list[int], tuple[int, int], list[int]]:
    """kernel, strides, ONNX pads (2-D), output H x W, bolt padding (with ceil_mode's extra rows)."""
    spatial = bolt.shape_of(x)[2:] if rank == 2 else bolt.shape_of(x)[3:]
    kernel = [int(k) for k in a.attr("kernel_shape", [])]
    if len(kernel) != rank:
        raise _refuse(f"kernel_shape {kernel} for {rank}-D pooling")
    strides = [int(s) for s in a.attr("strides", [1] * rank)]
    dilations = [int(d) for d in a.attr("dilations", [1] * rank)]
    if any(d != 1 for d in dilations):
        raise _refuse(f"dilated pooling (dilations {dilations})")
    pads = _window_pads(a, spatial, kernel, strides, dilations)
    kernel, strides = _spatial_2d(kernel, rank, 1), _spatial_2d(strides, rank, 1)
    begin, end = _spatial_2d(pads[:rank], rank, 0), _spatial_2d(pads[rank:], rank, 0)
    in_hw = bolt.shape_of(x)[2:]
    ceil = bool(a.attr("ceil_mode", 0))
    out = []
    for i, k, s, pb, pe in zip(in_hw, kernel, strides, begin, end):
        span = i + pb + pe - k
        o = (-(-span // s) if ceil else span // s) + 1
        if ceil and (o - 1) * s >= i + pb:  # the last window must start inside the input or its begin pad
            o -= 1
        out.append(o)
    extra = [max(0, (o - 1) * s + k - (i + pb + pe)) for i, o, k, s, pb, pe in zip(in_hw, out, kernel, strides, begin, end)]
    padding = [begin[0], begin[1], end[0] + extra[0], end[1] + extra[1]]
    if padding[0] >= kernel[0] or padding[2] >= kernel[0] or padding[1] >= kernel[1] or padding[3] >= kernel[1]:
        raise _refuse(f"padding {padding} [top, left, bottom, right] as large as the window {kernel} "
                      "(boltc's pooling pads less than a window)")
    return kernel, strides, [begin[0], begin[1], end[0], end[1]], (out[0], out[1]), padding


def _pool(imp: _GraphImporter, kind: bolt.PoolKind, x: SSAValue, out_hw: Sequence[int], kernel: Sequence[int],
          strides: Sequence[int], padding: Sequence[int]) -> SSAValue:
    n, c = bolt.shape_of(x)[:2]
    return imp.builder.value(bolt.Pool2dOp(kind, x, TensorType(element_of(x), (n, c, *out_hw)),
                                           layout=bolt.Layout.NCHW, window=kernel, strides=strides,
                                           padding=padding))


def _max_pool(imp: _GraphImporter, node: Any, a: Args) -> Value:
    element = imp.output_element()
    x, rank = _as_2d(imp, imp.tensor(a.input(0), element), "pooling")
    if int(a.attr("storage_order", 0)) != 0 and a.wants(1):
        raise _refuse("column-major indices (storage_order=1)")
    kernel, strides, _, out_hw, padding = _pool_geometry(imp, a, x, rank)
    y = _pool(imp, bolt.PoolKind.MAX, x, out_hw, kernel, strides, padding)
    shape = bolt.shape_of(y)
    y = imp.builder.reshape(y, (shape[0], shape[1], shape[3]) if rank == 1 else shape)
    return [y, Unavailable(f"the indices of max-pool '{imp.node_name}' (integers, which boltc does not compute)")]


def _average_pool(imp: _GraphImporter, node: Any, a: Args) -> Value:
    """bolt.pool2d averages over the whole window (padding included); where ONNX divides by
    something else (count_include_pad=0, the default; ceil_mode's clipped windows), the result
    is rescaled by a constant [P, Q] map of window area / ONNX's divisor."""
    element = imp.output_element()
    x, rank = _as_2d(imp, imp.tensor(a.input(0), element), "pooling")
    kernel, strides, pads, out_hw, padding = _pool_geometry(imp, a, x, rank)
    y = _pool(imp, bolt.PoolKind.AVG, x, out_hw, kernel, strides, padding)
    in_hw = bolt.shape_of(x)[2:]
    include_pad = bool(a.attr("count_include_pad", 0))
    sizes = []
    for d in range(2):
        start = np.arange(out_hw[d]) * strides[d] - pads[d]
        end = np.minimum(start + kernel[d], in_hw[d] + pads[d + 2])
        full = end - start
        clipped = np.minimum(end, in_hw[d]) - np.maximum(start, 0)
        sizes.append(full if include_pad else clipped)
    divisor = np.outer(sizes[0], sizes[1]).astype(np.float64)
    area = kernel[0] * kernel[1]
    if not np.all(divisor == area):
        y = imp.builder.binary(bolt.MulOp, y, imp.builder.constant((area / divisor).astype(np.float32), element))
    shape = bolt.shape_of(y)
    return imp.builder.reshape(y, (shape[0], shape[1], shape[3]) if rank == 1 else shape)


def _global_pool(kind: bolt.PoolKind, imp: _GraphImporter, node: Any, a: Args) -> Value:
    x = _x(imp, a)
    shape = bolt.shape_of(x)
    if len(shape) == 4:
        return _pool(imp, kind, x, (1, 1), shape[2:], (1, 1), (0, 0, 0, 0))
    reduce_kind = bolt.ReduceKind.MEAN if kind is bolt.PoolKind.AVG else bolt.ReduceKind.MAX
    return imp.reduce(reduce_kind, x, list(range(2, len(shape))), True)


def _lrn(imp: _GraphImporter, node: Any, a: Args) -> Value:
    """x / (bias + alpha / size * (sum of x^2 over a window of `size` channels))^beta: the
    window sum is an average pooling of x^2 viewed as N x 1 x C x (H*W)."""
    b = imp.builder
    x = _x(imp, a)
    element = element_of(x)
    shape = bolt.shape_of(x)
    if len(shape) < 3:
        raise _refuse(f"LRN of a rank-{len(shape)} tensor")
    size = int(a.attr("size"))
    alpha, beta, bias = float(a.attr("alpha", 1e-4)), float(a.attr("beta", 0.75)), float(a.attr("bias", 1.0))
    n, c = shape[:2]
    rest = prod(shape[2:])
    squares = b.reshape(b.binary(bolt.MulOp, x, x), (n, 1, c, rest))
    before, after = (size - 1) // 2, size - 1 - (size - 1) // 2
    mean = _pool(imp, bolt.PoolKind.AVG, squares, (c, rest), (size, 1), (1, 1), (before, 0, after, 0))
    scaled = b.binary(bolt.AddOp, _scalar_mul(imp, mean, alpha), b.scalar(bias, element))
    denominator = b.binary(bolt.PowOp, scaled, b.scalar(beta, element))
    return b.binary(bolt.DivOp, x, b.reshape(denominator, shape))


# ---- normalization, softmax, reductions ---------------------------------------------------------

def _batch_norm(imp: _GraphImporter, node: Any, a: Args) -> Value:
    """Inference batch-norm as (x - mean) * (scale * rsqrt(var + eps)) + bias per channel: with
    known statistics the chain fold-batchnorm folds into a preceding convolution or GEMM."""
    if a.attr("training_mode", 0):
        raise _refuse("batch-norm in training mode (training_mode=1)")
    if imp.opset < 7 and not a.attr("is_test", 0):
        raise _refuse("batch-norm in training mode (is_test=0)")
    if imp.opset < 9 and not a.attr("spatial", 1):
        raise _refuse("batch-norm with spatial=0 (per-activation statistics)")
    element = imp.output_element()
    b = imp.builder
    x = imp.tensor(a.input(0), element)
    shape = bolt.shape_of(x)
    channels = shape[1]
    eps = float(a.attr("epsilon", 1e-5))
    vector = (channels,) if len(shape) == 2 else (1, channels, *([1] * (len(shape) - 2)))
    params = [a.input(i) for i in range(1, 5)]
    if any(p is None for p in params):
        raise _refuse("batch-norm without its scale, bias, mean and variance")
    # ONNX's shape inference leaves these unchecked before opset 9 (BatchNormalization-7).
    for what, p in zip(("scale", "bias", "mean", "variance"), params):
        size = int(np.prod(p.array.shape if isinstance(p, Const) else bolt.shape_of(imp.tensor(p))))
        if size != channels:
            raise _refuse(f"its {what} has {size} values; an input of {channels} channels takes {channels}")
    stats = Unavailable(f"the batch statistics of batch-norm '{imp.node_name}', not computed at inference")
    if all(isinstance(p, Const) for p in params):
        gamma, beta, mean, var = (np.asarray(p.array, np.float64).reshape(-1) for p in params)
        # A variance under -epsilon (a malformed model: the fuzz suite's mutants make them) gives
        # NaN, as onnxruntime and ONNX's reference evaluator compute it; numpy's RuntimeWarning
        # would name this line to the user instead of the model's node.
        with np.errstate(invalid="ignore", divide="ignore"):
            scale = gamma / np.sqrt(var + eps)
        def per_channel(t: np.ndarray) -> SSAValue:
            return imp.constant(t.astype(np.float32).reshape(vector), element)
        y = b.binary(bolt.SubOp, x, per_channel(mean))
        y = b.binary(bolt.MulOp, y, per_channel(scale))
        return [b.binary(bolt.AddOp, y, per_channel(beta)), stats, stats]
    gamma, beta, mean, var = (b.reshape(imp.tensor(p, element), vector) for p in params)
    scale = b.binary(bolt.MulOp, gamma, b.unary(bolt.RsqrtOp, b.binary(bolt.AddOp, var, b.scalar(eps, element))))
    y = b.binary(bolt.MulOp, b.binary(bolt.SubOp, x, mean), scale)
    return [b.binary(bolt.AddOp, y, beta), stats, stats]


def _layer_norm(imp: _GraphImporter, node: Any, a: Args) -> Value:
    element = imp.output_element()
    b = imp.builder
    x = imp.tensor(a.input(0), element)
    shape = bolt.shape_of(x)
    axis = _axis(int(a.attr("axis", -1)), len(shape))
    normalized = shape[axis:]
    eps = float(a.attr("epsilon", 1e-5))
    affine = []
    for i in (1, 2):
        v = a.input(i)
        if v is None:
            affine.append(None)
            continue
        t = imp.tensor(v, element)
        if bolt.broadcast_shapes(bolt.shape_of(t), normalized) != tuple(normalized):
            raise _refuse(f"scale or bias of shape {list(bolt.shape_of(t))} for normalized dimensions {list(normalized)}")
        affine.append(b.expand_to(b.reshape(t, bolt.shape_of(t)[-len(normalized):] if len(bolt.shape_of(t)) > len(normalized) else bolt.shape_of(t)), normalized))
    y = b.value(bolt.LayerNormOp(x, axis, eps, affine[0], affine[1]))
    if not (a.wants(1) or a.wants(2)):
        return y
    dims = list(range(axis, len(shape)))
    mean = imp.reduce(bolt.ReduceKind.MEAN, x, dims, True)
    centered = b.binary(bolt.SubOp, x, mean)
    var = imp.reduce(bolt.ReduceKind.MEAN, b.binary(bolt.MulOp, centered, centered), dims, True)
    inv = b.unary(bolt.RsqrtOp, b.binary(bolt.AddOp, var, b.scalar(eps, element)))
    return [y, mean, inv]


def _softmax_axis(imp: _GraphImporter, a: Args, rank: int) -> tuple[int, bool]:
    """The axis, and whether it is opset < 13's "flatten to 2-D at axis" form."""
    if imp.opset < 13:
        return _axis(int(a.attr("axis", 1)), rank), True
    return _axis(int(a.attr("axis", -1)), rank), False


def _softmax(imp: _GraphImporter, node: Any, a: Args) -> Value:
    x = _x(imp, a)
    shape = bolt.shape_of(x)
    axis, flattened = _softmax_axis(imp, a, len(shape))
    b = imp.builder
    if flattened and axis != len(shape) - 1:
        flat = b.reshape(x, (prod(shape[:axis]), prod(shape[axis:])))
        return b.reshape(_softmax_of(imp, node, flat, 1), shape)
    return _softmax_of(imp, node, x, axis)


def _softmax_of(imp: _GraphImporter, node: Any, x: SSAValue, axis: int) -> SSAValue:
    b = imp.builder
    if node.op_type == "Softmax":
        return b.value(bolt.SoftmaxOp(x, axis))
    # LogSoftmax: (x - max) - log(sum(exp(x - max))), stable where log(softmax(x)) underflows.
    shifted = b.binary(bolt.SubOp, x, imp.reduce(bolt.ReduceKind.MAX, x, [axis], True))
    total = imp.reduce(bolt.ReduceKind.SUM, b.unary(bolt.ExpOp, shifted), [axis], True)
    return b.binary(bolt.SubOp, shifted, b.unary(bolt.LogOp, total))


_AXES_INPUT_SINCE = {"ReduceSum": 13, "ReduceMean": 18, "ReduceMax": 18, "ReduceMin": 18}


def _reduce(kind: bolt.ReduceKind, imp: _GraphImporter, node: Any, a: Args) -> Value:
    x = _x(imp, a)
    shape = bolt.shape_of(x)
    axes = _attr_or_input(imp, a, "axes", 1, _AXES_INPUT_SINCE[node.op_type])
    keep = bool(a.attr("keepdims", 1))
    if not axes:
        if a.attr("noop_with_empty_axes", 0):
            return x
        axes = list(range(len(shape)))
    dims = sorted({_axis(d, len(shape)) for d in axes})
    return imp.reduce(kind, x, dims, keep)


# ---- compile-time values ---------------------------------------------------------------------------

def _constant(imp: _GraphImporter, node: Any, a: Args) -> Value:
    for key in ("value", "value_float", "value_floats", "value_int", "value_ints"):
        if key in a.attributes:
            v = a.attributes[key]
            if key == "value":
                return Const(v)
            dtype = np.float32 if "float" in key else np.int64
            return Const(np.asarray(v, dtype))
    raise _refuse(f"a constant of a kind boltc does not read ({', '.join(a.attributes) or 'no value'})")


def _shape(imp: _GraphImporter, node: Any, a: Args) -> Value:
    shape = _known_shape(imp, a.input(0))
    start, end = a.attr("start", 0), a.attr("end")
    return Const(np.asarray(shape[slice(start, end)], np.int64))


def _size(imp: _GraphImporter, node: Any, a: Args) -> Value:
    return Const(np.asarray(prod(_known_shape(imp, a.input(0))), np.int64))


def _constant_of_shape(imp: _GraphImporter, node: Any, a: Args) -> Value:
    """A broadcast view of the fill value: never expanded while it is only known."""
    shape = tuple(_ints(a.input(0), "shape"))
    value = a.attr("value")
    fill = np.zeros(1, np.float32) if value is None else np.asarray(value).reshape(-1)
    return Const(np.broadcast_to(fill.reshape(()) if fill.size == 1 else fill[0], shape))


def _compile_time_only(imp: _GraphImporter, node: Any, a: Args) -> Value:
    """Compile-time operators whose known inputs were folded by `fold` before reaching here."""
    return imp.fold(node, a.inputs)


# ---- the table ------------------------------------------------------------------------------------------

def _table() -> dict[str, OpSupport]:
    fp = functools.partial
    O = OpSupport
    ew = "elementwise, numpy broadcasting"
    table = {
        # activations and elementwise math
        "Relu": O(fp(_unary, bolt.ReluOp), notes="bolt.ew.relu"),
        "Sigmoid": O(fp(_unary, bolt.SigmoidOp), notes="bolt.ew.sigmoid"),
        "Tanh": O(fp(_unary, bolt.TanhOp), notes="bolt.ew.tanh"),
        "Exp": O(fp(_unary, bolt.ExpOp)), "Log": O(fp(_unary, bolt.LogOp)),
        "Sqrt": O(fp(_unary, bolt.SqrtOp)), "Neg": O(fp(_unary, bolt.NegOp)), "Abs": O(fp(_unary, bolt.AbsOp)),
        "Reciprocal": O(fp(_unary, bolt.ReciprocalOp)),
        "Erf": O(fp(_unary, bolt.ErfOp), notes="bolt.ew.erf; raise-bolt turns the erf GELU pattern into bolt.ew.gelu"),
        "Softplus": O(fp(_unary, bolt.SoftplusOp), notes="bolt.ew.softplus (exact to float32 rounding: "
                      "above 20 it returns x)"),
        "HardSwish": O(fp(_unary, bolt.HardswishOp), since=14, notes="bolt.ew.hardswish"),
        "Gelu": O(_gelu, since=20, notes="approximate none (erf) or tanh"),
        "LeakyRelu": O(_leaky_relu, notes="select(x > 0, x, alpha * x)"),
        "PRelu": O(_prelu, since=6, notes="select(x > 0, x, slope * x); the slope broadcasts"),
        "Elu": O(_elu, notes="select(x > 0, x, alpha * (exp(x) - 1))"),
        "Selu": O(_elu, notes="gamma * Elu(alpha)"),
        "Celu": O(_celu, notes="alpha = 0 refused (CELU divides by alpha)"),
        "ThresholdedRelu": O(_thresholded_relu, notes="select(x > alpha, x, 0)"),
        "HardSigmoid": O(_hard_sigmoid, notes="clamp(alpha * x + beta, 0, 1)"),
        "Softsign": O(_softsign), "Mish": O(_mish, notes="x * tanh(softplus(x))"),
        "Clip": O(_clip, notes="bounds as attributes (opset < 11) or inputs (opset >= 11; run-time ones as max and min); "
                  "min > max gives max everywhere, as ONNX says"),
        "Add": O(fp(_binary, bolt.AddOp), notes=ew), "Sub": O(fp(_binary, bolt.SubOp), notes=ew),
        "Mul": O(fp(_binary, bolt.MulOp), notes=ew), "Div": O(fp(_binary, bolt.DivOp), notes=ew),
        "Pow": O(_pow, notes="exponents 1, 2, 0.5, -1 as mul/sqrt/reciprocal; float exponents only"),
        "Sum": O(fp(_variadic, bolt.AddOp), notes="variadic, broadcasting"),
        "Max": O(fp(_variadic, bolt.MaxOp), notes="variadic, broadcasting; NaN-propagating"),
        "Min": O(fp(_variadic, bolt.MinOp), notes="variadic, broadcasting; NaN-propagating"),
        "Mean": O(fp(_variadic, bolt.AddOp), notes="variadic: the sum over the count"),
        "CastLike": O(_cast_like, since=15, notes="as Cast, to the second input's type"),
        "Cast": O(_cast, notes="float32, float16 and bfloat16 at run time; every type at compile time"),
        # no-ops at inference
        "Identity": O(_identity, notes="tensors only (not sequences or optionals)"),
        "Dropout": O(_dropout, notes="inference: the input; the mask output is not computed"),
        # contractions
        "Conv": O(_conv, notes="1-D and 2-D; groups, dilations, strides, pads, auto_pad SAME_UPPER/SAME_LOWER/VALID; "
                  "bias as an add"),
        "Gemm": O(_gemm, notes="alpha, beta, transA, transB; C broadcast"),
        "MatMul": O(_matmul, notes="batched, broadcasting, 1-D operands"),
        # normalization, softmax, reductions
        "BatchNormalization": O(_batch_norm, since=6, notes="inference only (training_mode=0); known statistics "
                                "fold into the preceding convolution"),
        "LayerNormalization": O(_layer_norm, since=17, notes="bolt.layernorm; Mean and InvStdDev outputs computed "
                                "when used"),
        "LRN": O(_lrn, notes="square, a channel-window average pooling, pow, divide"),
        "Softmax": O(_softmax, notes="opset < 13: flattened to 2-D at axis; opset >= 13: along axis"),
        "LogSoftmax": O(_softmax, notes="as Softmax; (x - max) - log(sum(exp(x - max)))"),
        "ReduceMean": O(fp(_reduce, bolt.ReduceKind.MEAN), notes="axes as attribute or known input"),
        "ReduceSum": O(fp(_reduce, bolt.ReduceKind.SUM), notes="axes as attribute or known input"),
        "ReduceMax": O(fp(_reduce, bolt.ReduceKind.MAX), notes="axes as attribute or known input"),
        "ReduceMin": O(fp(_reduce, bolt.ReduceKind.MIN), notes="axes as attribute or known input"),
        # pooling
        "MaxPool": O(_max_pool, notes="1-D and 2-D; pads, auto_pad, strides, ceil_mode; no dilations; "
                     "the Indices output is not computed"),
        "AveragePool": O(_average_pool, notes="1-D and 2-D; pads, auto_pad, strides, ceil_mode, "
                         "count_include_pad; no dilations"),
        "GlobalAveragePool": O(fp(_global_pool, bolt.PoolKind.AVG), notes="bolt.pool2d over H x W; a mean otherwise"),
        "GlobalMaxPool": O(fp(_global_pool, bolt.PoolKind.MAX), notes="bolt.pool2d over H x W; a max otherwise"),
        # data movement
        "Flatten": O(_flatten), "Reshape": O(_reshape, since=5, notes="0 copies a dimension (unless allowzero), "
                                              "-1 infers one; the shape must be known"),
        "Transpose": O(_transpose), "Expand": O(_expand, notes="the shape must be known"),
        "Concat": O(_concat), "Split": O(_split, notes="split as attribute (opset < 13) or known input; "
                                        "num_outputs (opset 18)"),
        "Squeeze": O(_squeeze, notes="axes as attribute (opset < 13) or known input"),
        "Unsqueeze": O(_unsqueeze, notes="axes as attribute (opset < 13) or known input"),
        "Slice": O(_slice, notes="known starts, ends, axes; positive steps"),
        "Gather": O(_gather, notes="run-time data at known indices (slices); anything at compile time"),
        "Pad": O(_pad, notes="constant mode, non-negative known pads"),
        # compile-time values
        "Constant": O(_constant, folds_itself=True, notes="value, value_float(s), value_int(s)"),
        "Shape": O(_shape, folds_itself=True, notes="known from the static shape, start/end"),
        "Size": O(_size, folds_itself=True, notes="known from the static shape"),
        "ConstantOfShape": O(_constant_of_shape, folds_itself=True, notes="a known uniform tensor, never expanded while only known"),
    }
    for name in ("Range", "Equal", "Less", "Greater", "Where", "Not", "And", "Or", "NonZero", "Floor", "Ceil",
                 "ReduceProd", "Tile", "CumSum", "Mod", "Sign", "Round"):
        table.setdefault(name, O(_compile_time_only, compile_time=True,
                                 notes="shape arithmetic: evaluated at compile time on known inputs"))
    return dict(sorted(table.items()))


OPERATORS.update(_table())


def operator_table_markdown() -> str:
    """docs/onnx-operators.md: generated from `OPERATORS` (`python -m boltc.frontends.onnx --operators`)."""
    lines = [
        "# ONNX operators",
        "",
        "Generated from `boltc/frontends/onnx.py` (`OPERATORS`) by `python -m boltc.frontends.onnx --operators > "
        "docs/onnx-operators.md`; do not edit by hand (a test compares it with the table).",
        "",
        f"Models of default-domain opsets {MIN_OPSET} to {DOCUMENTED_MAX_OPSET} are read (opset 6 for its legacy "
        "broadcasting attributes; later opsets too, where "
        "every operator version the model uses is one listed here: most later versions only add element "
        "types). Tensors computed at run time are float32, float16 or bfloat16; compile-time values (initializers, "
        "constants, the shape arithmetic of exported models) may have any type. Any standard operator whose inputs "
        "are all known at compile time (except the random ones) is evaluated by onnx's reference evaluator at "
        "import; the *compile time* rows are those boltc evaluates only that way. Anything else is an error naming "
        "the node; every such node of a model is listed at once.",
        "",
        "| operator | from version | run time | notes |",
        "|---|---|---|---|",
    ]
    for name, support in OPERATORS.items():
        when = "compile time only" if support.compile_time else "yes"
        lines.append(f"| {name} | {support.since} | {when} | {support.notes} |")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m boltc.frontends.onnx",
                                     description="The ONNX front end's operator table.")
    parser.add_argument("--operators", action="store_true", help="print docs/onnx-operators.md")
    args = parser.parse_args(argv)
    if args.operators:
        print(operator_table_markdown(), end="")
        return 0
    parser.print_help()
    return 1


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["MIN_OPSET", "OPERATORS", "OpSupport", "import_onnx", "operator_table_markdown"]
