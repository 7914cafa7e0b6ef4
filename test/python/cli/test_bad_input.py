"""Bad input through the real `boltc` command: one located error, exit 1, no traceback, no
output file. Each case says where the error must point (a line, or just the file when there
is no line to name) and what the message must mention."""

from __future__ import annotations

import gzip
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from cli_helpers import DATA, NVCC_TIMEOUT_S, run_boltc


@dataclass(frozen=True)
class BadInput:
    name: str
    content: bytes
    line: int | None  # the line the error must name; None: only the file (no line exists)
    message: str  # a regex the error message must match
    suffix: str = ".mlir"


def mlir(text: str) -> bytes:
    return text.encode()


def truncated_in_blob() -> tuple[bytes, int]:
    """resnet_block.mlir cut halfway through its largest dense_resource blob."""
    text = (DATA / "resnet_block.mlir").read_text()
    blob = max(re.finditer(r'"0x[0-9A-F]+"', text), key=lambda m: len(m.group()))
    cut = (blob.start() + blob.end()) // 2
    return text[:cut].encode(), text.count("\n", 0, cut) + 1


def truncated_in_body() -> tuple[bytes, int]:
    """resnet_block.mlir cut in the middle of an op, before the function's closing brace."""
    text = (DATA / "resnet_block.mlir").read_text()
    cut = text.index("linalg.conv_2d_nchw_fchw") + len("linalg.conv_2d_nchw_fchw {dila")
    return text[:cut].encode(), text.count("\n", 0, cut) + 1


_BLOB, _BLOB_LINE = truncated_in_blob()
_BODY, _BODY_LINE = truncated_in_body()

CASES = [
    # Malformed text.
    BadInput("syntax_error", mlir("""\
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %a %a : tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
"""), 2, r"expected|Expected"),
    BadInput("unclosed_type", mlir("""\
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  func.return %a : tensor<4xf32
}
"""), 3, r"'>'"),
    BadInput("truncated_in_blob", _BLOB, _BLOB_LINE, r"string literal"),
    BadInput("truncated_in_body", _BODY, _BODY_LINE, r"expected"),
    # Not text at all.
    BadInput("random_bytes", np.random.default_rng(5).bytes(4096), None, r"binary", suffix=".mlir"),
    BadInput("gzip", gzip.compress((DATA / "mlp_gelu.mlir").read_bytes()), None, r"binary",
             suffix=".mlir.gz"),
    BadInput("latin1", "// caf\xe9\nfunc.func @main() {\n}\n".encode("latin-1"), None, r"UTF-8"),
    BadInput("empty", b"", None, r"empty"),
    BadInput("whitespace_only", b"  \n\t\n   \n", None, r"empty"),
    # Ops boltc does not know, or cannot import.
    BadInput("unknown_op_generic_form", mlir("""\
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "foo.bar"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
"""), 2, r"foo\.bar"),
    BadInput("unknown_op_custom_form", mlir("""\
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = foo.bar %a : tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
"""), 2, r"foo\.bar"),
    BadInput("unknown_linalg_pooling_min", mlir("""\
func.func @main(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
  %cst = arith.constant 0x7F800000 : f32
  %w = tensor.empty() : tensor<2x2xf32>
  %0 = tensor.empty() : tensor<1x2x2x2xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %2 = linalg.pooling_nchw_min {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<2x2xf32>) outs(%1 : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %2 : tensor<1x2x2x2xf32>
}
"""), 6, r"linalg\.pooling_nchw_min"),
    BadInput("unknown_linalg_softmax", mlir("""\
func.func @main(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = tensor.empty() : tensor<2x4xf32>
  %1 = linalg.softmax dimension(1) ins(%x : tensor<2x4xf32>) outs(%0 : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}
"""), 3, r"linalg\.softmax"),
    BadInput("unimported_linalg_exp", mlir("""\
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tensor.empty() : tensor<4xf32>
  %1 = linalg.exp ins(%a : tensor<4xf32>) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
"""), 3, r"linalg\.exp"),
    BadInput("unimported_body_op", mlir("""\
#map = affine_map<(d0) -> (d0)>
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tensor.empty() : tensor<4xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%0 : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = math.cos %in : f32
    linalg.yield %2 : f32
  } -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
"""), 6, r"math\.cos"),
    # A named linalg op missing its outs(): xDSL's parser must not crash on it.
    BadInput("matmul_without_outs", mlir("""\
func.func @main(%a: tensor<3x8xf32>, %b: tensor<8x5xf32>) -> tensor<3x5xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<3x8xf32>, tensor<8x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
"""), 2, r"."),
    # Shapes that do not fit.
    BadInput("bolt_gemm_k_mismatch", mlir("""\
func.func @main(%a: tensor<4x8xf32>, %b: tensor<9x16xf32>) -> tensor<4x16xf32> {
  %0 = bolt.gemm %a, %b : tensor<4x8xf32>, tensor<9x16xf32> -> tensor<4x16xf32> {
  ^bb0(%acc: tensor<4x16xf32>):
    bolt.yield %acc : tensor<4x16xf32>
  }
  func.return %0 : tensor<4x16xf32>
}
"""), 2, r"bolt\.gemm.*8.*9"),
    BadInput("linalg_matmul_k_mismatch", mlir("""\
func.func @main(%a: tensor<3x8xf32>, %b: tensor<7x5xf32>) -> tensor<3x5xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<3x5xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<3x5xf32>) -> tensor<3x5xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<3x8xf32>, tensor<7x5xf32>) outs(%1 : tensor<3x5xf32>) -> tensor<3x5xf32>
  return %2 : tensor<3x5xf32>
}
"""), 5, r"8.*7|7.*8"),
    # Element types boltc does not compute in.
    BadInput("linalg_i32", mlir("""\
#map = affine_map<(d0) -> (d0)>
func.func @main(%a: tensor<4xi32>) -> tensor<4xi32> {
  %0 = tensor.empty() : tensor<4xi32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : tensor<4xi32>) outs(%0 : tensor<4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %2 = arith.addi %in, %in : i32
    linalg.yield %2 : i32
  } -> tensor<4xi32>
  return %1 : tensor<4xi32>
}
"""), 2, r"\bi32\b"),
    BadInput("linalg_f64_signature", mlir("""\
#map = affine_map<(d0) -> (d0)>
func.func @main(%a: tensor<4xf64>) -> tensor<4xf64> {
  %0 = tensor.empty() : tensor<4xf64>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : tensor<4xf64>) outs(%0 : tensor<4xf64>) {
  ^bb0(%in: f64, %out: f64):
    %2 = arith.addf %in, %in : f64
    linalg.yield %2 : f64
  } -> tensor<4xf64>
  return %1 : tensor<4xf64>
}
"""), 2, r"\bf64\b"),
    BadInput("bolt_i32", mlir("""\
func.func @main(%a: tensor<4xi32>) -> tensor<4xi32> {
  %0 = bolt.ew.add %a, %a : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}
"""), 2, r"bolt\.ew\.add.*\bi32\b"),
    BadInput("bolt_f64", mlir("""\
func.func @main(%a: tensor<4x8xf64>, %b: tensor<8x16xf64>) -> tensor<4x16xf64> {
  %0 = bolt.gemm %a, %b : tensor<4x8xf64>, tensor<8x16xf64> -> tensor<4x16xf64> {
  ^bb0(%acc: tensor<4x16xf64>):
    bolt.yield %acc : tensor<4x16xf64>
  }
  func.return %0 : tensor<4x16xf64>
}
"""), 2, r"bolt\.gemm.*\bf64\b"),
]


def assert_input_error(result, path: Path, line: int | None, message: str) -> None:
    """Exit 1 and `path:line:col: error: message` (or `path: error: message`), nothing else."""
    stderr = result.stderr
    assert result.returncode == 1, f"exit {result.returncode}, stderr:\n{stderr}"
    assert "Traceback" not in stderr, stderr
    assert result.stdout == ""
    where = re.escape(str(path)) + (rf":{line}:\d+" if line is not None else "")
    assert re.match(rf"{where}: error: ", stderr), f"expected {where}: error: ..., got:\n{stderr}"
    text = stderr.split(" error: ", 1)[1]
    assert re.search(message, text), f"message {text!r} does not match {message!r}"


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_input_is_one_located_error_and_no_output(case: BadInput, tmp_path: Path, out_dir: Path):
    model = tmp_path / f"model{case.suffix}"
    model.write_bytes(case.content)
    result = run_boltc(model, "--emit", "bolt", "-o", out_dir / "model.bolt.mlir")
    assert_input_error(result, model, case.line, case.message)
    assert list(out_dir.iterdir()) == []  # neither the output nor a temporary file


def test_bad_input_without_output_prints_nothing_to_stdout(tmp_path: Path):
    model = tmp_path / "model.mlir"
    model.write_bytes(CASES[0].content)
    result = run_boltc(model)
    assert_input_error(result, model, CASES[0].line, CASES[0].message)


def test_missing_file(tmp_path: Path, out_dir: Path):
    model = tmp_path / "no_such_model.mlir"
    result = run_boltc(model, "-o", out_dir / "x.mlir")
    assert_input_error(result, model, None, r"no such file")
    assert list(out_dir.iterdir()) == []


def test_directory(tmp_path: Path, out_dir: Path):
    result = run_boltc(tmp_path, "-o", out_dir / "x.mlir")
    assert_input_error(result, tmp_path, None, r"directory")
    assert list(out_dir.iterdir()) == []


def test_unwritable_output_is_an_error_on_the_output(tmp_path: Path):
    out = tmp_path / "no_such_dir" / "model.bolt.mlir"
    result = run_boltc(DATA / "mlp_gelu.mlir", "-o", out)
    assert_input_error(result, out, None, r"cannot write")
    assert not out.parent.exists()


@pytest.mark.parametrize("args", [
    ["-o", "{out}/model.so"],
    ["--emit", "so", "-o", "{out}/model.so"],
    ["--emit", "cpp", "-o", "{out}/build/"],
], ids=["o_so", "emit_so", "emit_cpp"])
def test_bad_input_leaves_no_library_or_sources(args: list[str], out_dir: Path, tmp_path: Path):
    """The build paths report a user's mistake like --emit bolt does, before any nvcc."""
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = foo.bar %a\n}\n")
    args = [a.format(out=out_dir) for a in args]
    result = run_boltc(bad, *args)
    assert_input_error(result, bad, 2, r"unknown op 'foo.bar'")
    assert list(out_dir.iterdir()) == []


def test_emit_cpp_needs_a_directory():
    result = run_boltc(DATA / "ops" / "softmax.mlir", "--emit", "cpp")
    assert result.returncode == 1 and "--emit cpp needs -o DIR" in result.stderr
    assert "Traceback" not in result.stderr


def test_emit_cpp_writes_host_weights_and_kernel_sources(out_dir: Path):
    result = run_boltc(DATA / "ops" / "matmul.mlir", "--emit", "cpp", "-o", out_dir / "build", "-q")
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in (out_dir / "build").iterdir())
    kernels = [n for n in names if n.startswith("boltc_gemm_sm90_") and not n.endswith(".device.cu")]
    assert "model.cu" in names and "weights.S" in names and len(kernels) == 1, names
    assert "CollectiveBuilder" in (out_dir / "build" / kernels[0]).read_text()
    # The split pair: the kernel's device code beside its host TU.
    device = (out_dir / "build" / kernels[0].replace(".cu", ".device.cu")).read_text()
    assert '__global__ void __launch_bounds__' in device


def test_f32_precision_with_a_tensor_core_kernel_is_a_clear_error(out_dir: Path):
    """--precision f32 keeps f32 inputs, which the tensor-op kernels do not take (as tf32 they
    would be wrong for f32): the op is named, nothing is written, no traceback."""
    result = run_boltc(DATA / "small_cnn.mlir", "--precision", "f32", "--emit", "cpp", "-o", out_dir / "build")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "small_cnn.mlir:" in result.stderr and "'bolt.conv2d'" in result.stderr
    assert "take f16 or bf16 inputs, not f32" in result.stderr and "--precision f16 or bf16" in result.stderr
    assert not (out_dir / "build").exists()


@pytest.mark.nvcc
def test_o_so_builds_a_shared_library_with_the_c_abi(out_dir: Path):
    """`boltc m.mlir -o model.so` on a model without CUTLASS kernels (runtime + host only)."""
    out = out_dir / "softmax.so"
    result = run_boltc(DATA / "ops" / "softmax.mlir", "-o", out, "-q", timeout=NVCC_TIMEOUT_S)
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:4] == b"\x7fELF"
    symbols = subprocess.run(["nm", "-D", str(out)], capture_output=True, text=True).stdout
    for name in ("boltc_model_create", "boltc_model_run", "boltc_model_describe", "boltc_model_destroy"):
        assert f" T {name}" in symbols


# --------------------------------------------------------------------------------------
# Bad dense_resource blobs: located at the constant that holds the blob, naming its key.
# --------------------------------------------------------------------------------------

_LINEAR = (DATA / "ops" / "linear.mlir").read_text()
_BIAS_KEY = "torch_tensor_5_torch.float32"


def _constant_line(text: str, key: str) -> int:
    return text.count("\n", 0, text.index(f"dense_resource<{key}>")) + 1


def _blob_span(text: str, key: str) -> tuple[int, int]:
    """Start and end of the quoted blob of `key` in the dialect_resources section."""
    match = re.search(rf'\b{re.escape(key)}: "(0x[0-9A-Fa-f]*)"', text)
    assert match, key
    return match.start(1), match.end(1)


def _with_bad_hex() -> str:
    start, _ = _blob_span(_LINEAR, _BIAS_KEY)
    at = start + 14  # a data digit, after "0x" and the 8-digit alignment word
    return _LINEAR[:at] + "G" + _LINEAR[at + 1:]


def _with_missing_key() -> str:
    start, _ = _blob_span(_LINEAR, _BIAS_KEY)
    key_at = _LINEAR.rindex(_BIAS_KEY, 0, start)
    return _LINEAR[:key_at] + "torch_tensor_renamed" + _LINEAR[key_at + len(_BIAS_KEY):]


def _with_short_blob() -> str:
    _, end = _blob_span(_LINEAR, _BIAS_KEY)
    return _LINEAR[:end - 4] + _LINEAR[end:]  # two bytes short: 4.5 f32 elements


BLOB_CASES = [
    BadInput("blob_not_hex", mlir(_with_bad_hex()), _constant_line(_LINEAR, _BIAS_KEY),
             rf"'arith\.constant': dense_resource<{re.escape(_BIAS_KEY)}> has a blob that is not hex: 'G'"),
    BadInput("blob_key_missing", mlir(_with_missing_key()), _constant_line(_LINEAR, _BIAS_KEY),
             rf"'arith\.constant': dense_resource<{re.escape(_BIAS_KEY)}> has no data in the file's dialect_resources"),
    BadInput("blob_too_short", mlir(_with_short_blob()), _constant_line(_LINEAR, _BIAS_KEY),
             rf"dense_resource<{re.escape(_BIAS_KEY)}> has 18 data bytes, not a whole number of f32 elements"),
]


@pytest.mark.parametrize("case", BLOB_CASES, ids=[c.name for c in BLOB_CASES])
@pytest.mark.parametrize("emit", ["bolt", "imported"])
def test_bad_blob_is_a_located_error(case: BadInput, emit: str, tmp_path: Path, out_dir: Path):
    model = tmp_path / "model.mlir"
    model.write_bytes(case.content)
    result = run_boltc(model, "--emit", emit, "-o", out_dir / "model.bolt.mlir")
    assert_input_error(result, model, case.line, case.message)
    assert list(out_dir.iterdir()) == []


def test_bad_blob_is_a_boltc_error_for_the_interpreter(tmp_path: Path):
    """boltc.interpret reads the file through the same checks."""
    import boltc
    from boltc.diagnostics import BoltcError

    model = tmp_path / "model.mlir"
    model.write_text(_with_bad_hex())
    with pytest.raises(BoltcError, match=r"model\.mlir:\d+:\d+: error: .*not hex"):
        boltc.interpret(model, np.zeros((3, 8), np.float32))


# --------------------------------------------------------------------------------------
# Random mutations: whatever a damaged file says, boltc answers with output or a located
# error (exit 0 or 1), never an internal error (exit 3) or a traceback.
# --------------------------------------------------------------------------------------

MUTATED_FILES = [DATA / "ops" / "linear.mlir", DATA / "ops" / "half" / "conv2d_nchw_f16.mlir"]
MUTATIONS_PER_FILE = 100
_PRINTABLE = b"0123456789abcdefABCDEFGxyz%#@!<>()[]{}:,.-=\"' \n"


def mutate(data: bytes, rng: np.random.Generator) -> bytes:
    """One random edit: a byte replaced, inserted or deleted, or a line deleted, duplicated or
    swapped with another; half of the byte edits land inside the dialect_resources section."""
    lines = data.split(b"\n")
    kind = rng.integers(6)
    if kind >= 3:
        i, j = (int(v) for v in rng.integers(len(lines), size=2))
        if kind == 3:
            del lines[i]
        elif kind == 4:
            lines.insert(i, lines[i])
        else:
            lines[i], lines[j] = lines[j], lines[i]
        return b"\n".join(lines)
    resources = data.find(b"{-#")
    low = resources if resources >= 0 and rng.random() < 0.5 else 0
    at = int(rng.integers(low, len(data)))
    byte = bytes([_PRINTABLE[int(rng.integers(len(_PRINTABLE)))]])
    if kind == 0:
        return data[:at] + byte + data[at + 1:]
    if kind == 1:
        return data[:at] + byte + data[at:]
    return data[:at] + data[at + 1:]


@pytest.mark.timeout(600)
@pytest.mark.parametrize("source", MUTATED_FILES, ids=lambda p: p.stem)
def test_mutated_files_end_in_output_or_a_located_error(source: Path, tmp_path: Path, capsys):
    """In-process (`boltc.cli.main`, what the console script runs) to keep 100 runs per file
    fast; the exit code and the stderr are the command's."""
    from boltc.cli import main

    rng = np.random.default_rng(20240611)
    data = source.read_bytes()
    model = tmp_path / "model.mlir"
    outcomes = {0: 0, 1: 0}
    failures = []
    for n in range(MUTATIONS_PER_FILE):
        mutated = mutate(data, rng)
        model.write_bytes(mutated)
        code = main([str(model), "--emit", "bolt", "-o", str(tmp_path / "out.mlir")])
        stderr = capsys.readouterr().err
        located = re.match(rf"{re.escape(str(model))}(:\d+:\d+)?: error: ", stderr)
        if code not in (0, 1) or "Traceback" in stderr or (code == 1 and not located):
            failures.append(f"mutation {n}: exit {code}: {stderr.strip()[:300]}")
        else:
            outcomes[code] += 1
    assert not failures, "\n".join(failures)
    # The mutations must exercise the error paths, not only edits that keep the file valid.
    assert outcomes[1] >= MUTATIONS_PER_FILE // 4, outcomes


def test_ir_printed_without_its_blobs_parses_as_text_but_not_as_a_file(tmp_path: Path):
    """xDSL's Printer leaves the resources section out: such text still parses for structural
    uses (round-trip tests), while a file, what a user hands boltc, must carry its blobs."""
    from boltc.diagnostics import BoltcError
    from boltc.frontends.source import parse_mlir_text, read_mlir_file

    without = _LINEAR[:_LINEAR.index("{-#")]
    module = parse_mlir_text(without, "<printed>")
    from xdsl.dialects.builtin import DenseResourceAttr

    assert sum(isinstance(getattr(op, "value", None), DenseResourceAttr) for op in module.walk()) == 2
    model = tmp_path / "model.mlir"
    model.write_text(without)
    with pytest.raises(BoltcError, match=rf"model\.mlir:{_constant_line(_LINEAR, _BIAS_KEY)}:\d+: error: .*has no data"):
        read_mlir_file(model)
