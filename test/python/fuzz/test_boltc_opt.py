"""`boltc-opt` on bad input and bad requests (issue 15): one located error, exit 1 (argparse's 2
for an unknown target), never a traceback; -o FILE written only on success.

Each case runs `boltc.opt.main` in-process (what the console script calls); the last tests run
the real command, for its exit code and stderr as a shell sees them."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from boltc.opt import main

REPO = Path(__file__).resolve().parents[3]
DATA = REPO / "test" / "data"
MLP = DATA / "mlp_gelu.mlir"
GOOD = "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  func.return %a : tensor<4xf32>\n}\n"


def run_opt(capsys, *args: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_located(code: int, err: str, where: str, message: str) -> None:
    """Exit 1, stderr starting `WHERE: error: ` (WHERE a regex: file, file:line or
    file:line:col) with a message matching `message`, and no traceback."""
    assert code == 1, err
    assert "Traceback" not in err and "internal error" not in err, err
    assert re.match(rf"{where}: error: ", err), err
    assert re.search(message, err.split(" error: ", 1)[1]), err


def test_missing_file(capsys, tmp_path: Path):
    for name in ("nope.mlir", "nope.onnx", "nope.pt2", "nope.pt"):
        code, out, err = run_opt(capsys, tmp_path / name)
        assert_located(code, err, re.escape(str(tmp_path / name)), r"^no such file$")
        assert out == ""


def test_directory(capsys, tmp_path: Path):
    code, _, err = run_opt(capsys, tmp_path)
    assert_located(code, err, re.escape(str(tmp_path)), r"is a directory")


@pytest.mark.parametrize("content", [b"", b"  \n\t\n", b"// only a comment\n"], ids=["empty", "blank", "comment"])
def test_empty_file(capsys, tmp_path: Path, content: bytes):
    model = tmp_path / "empty.mlir"
    model.write_bytes(content)
    code, _, err = run_opt(capsys, model)
    assert_located(code, err, re.escape(str(model)), r"the input is empty")


def test_empty_split_chunk_names_its_line(capsys, tmp_path: Path):
    model = tmp_path / "split.mlir"
    model.write_text(GOOD + "// -----\n")  # a trailing separator: an empty last chunk
    code, out, err = run_opt(capsys, "--split-input-file", model)
    assert_located(code, err, re.escape(str(model)) + ":4", r"chunk has no ops")


def test_onnx_file_is_imported(capsys, tmp_path: Path):
    onnx = pytest.importorskip("onnx")
    from onnx import TensorProto, helper

    graph = helper.make_graph(
        [helper.make_node("Relu", ["x"], ["y"], name="act")], "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 3])])
    model = tmp_path / "relu.onnx"
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]), model)
    code, out, err = run_opt(capsys, model, "-p", "bolt-canonicalize")
    assert code == 0, err
    assert "bolt.ew.relu" in out and "tensor<2x3xf32>" in out


def test_corrupt_onnx_and_pt_files(capsys, tmp_path: Path):
    """The xdsl-opt base class said `ValueError: Unrecognized file extension 'onnx'`."""
    onnx_file = tmp_path / "bad.onnx"
    onnx_file.write_bytes(b"\x08\x07\x12\xff\xff\xff")
    code, _, err = run_opt(capsys, onnx_file)
    assert_located(code, err, re.escape(str(onnx_file)), r"not an ONNX model")
    pt = tmp_path / "weights.pt"  # torch.save's zip format, not a torch.export archive
    with zipfile.ZipFile(pt, "w") as archive:
        archive.writestr("weights/data.pkl", b"\x80\x02}q\x00.")
    pytest.importorskip("torch")
    code, _, err = run_opt(capsys, pt)
    assert_located(code, err, re.escape(str(pt)), r"not a torch.export archive")


def test_binary_and_non_utf8_mlir(capsys, tmp_path: Path):
    binary = tmp_path / "model.mlir"
    binary.write_bytes(b"\x00\x01\x02" * 100)
    code, _, err = run_opt(capsys, binary)
    assert_located(code, err, re.escape(str(binary)), r"binary file")
    latin = tmp_path / "latin.mlir"
    latin.write_bytes("// caf\xe9\n".encode("latin-1") + GOOD.encode())
    code, _, err = run_opt(capsys, latin)
    assert_located(code, err, re.escape(str(latin)), r"not UTF-8 text \(byte 6\)")


def test_parse_error_is_boltcs_form_with_the_source_line(capsys, tmp_path: Path):
    model = tmp_path / "bad.mlir"
    model.write_text("func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
                     "  %0 = foo.bar %a : tensor<4xf32>\n  func.return %0 : tensor<4xf32>\n}\n")
    code, out, err = run_opt(capsys, model)
    assert_located(code, err, re.escape(str(model)) + ":2:16", r"unknown op 'foo\.bar'")
    assert err.splitlines()[1] == "  %0 = foo.bar %a : tensor<4xf32>" and out == ""


def test_split_chunks_locate_ops_by_file_line(capsys, tmp_path: Path):
    """Ops of a later chunk name their line in the file, not in the chunk."""
    model = tmp_path / "split.mlir"
    model.write_text(GOOD + "// -----\n" + "func.func @g(%a: tensor<4x8xf32>, %b: tensor<9x16xf32>) -> tensor<4x16xf32> {\n"
                     "  %0 = bolt.gemm %a, %b : tensor<4x8xf32>, tensor<9x16xf32> -> tensor<4x16xf32> {\n"
                     "  ^bb0(%acc: tensor<4x16xf32>):\n    bolt.yield %acc : tensor<4x16xf32>\n  }\n"
                     "  func.return %0 : tensor<4x16xf32>\n}\n")
    code, out, err = run_opt(capsys, "--split-input-file", model)
    assert_located(code, err, re.escape(str(model)) + ":6:\\d+", r"bolt\.gemm")


@pytest.mark.parametrize("target", ["llvm", "x86-asm", "riscv-asm", "wgsl", "mps"])
def test_targets_other_than_mlir_are_refused_by_argparse(capsys, target: str):
    with pytest.raises(SystemExit) as exit_info:
        main([str(MLP), "-t", target])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert f"invalid choice: '{target}' (choose from mlir)" in err and "Traceback" not in err


def test_output_file_is_written_only_on_success(capsys, tmp_path: Path):
    out = tmp_path / "out.mlir"
    code, stdout, err = run_opt(capsys, MLP, "-o", out)
    assert code == 0 and stdout == "" and "linalg.generic" in out.read_text()
    bad = tmp_path / "bad.mlir"
    bad.write_text(GOOD + "// -----\n" + "func.func @g(\n")
    failed = tmp_path / "failed.mlir"
    code, _, err = run_opt(capsys, "--split-input-file", bad, "-o", failed)
    assert code == 1 and not failed.exists(), err  # the first chunk's text is not left behind
    code, _, err = run_opt(capsys, MLP, "-o", tmp_path / "no_dir" / "x.mlir")
    assert_located(code, err, re.escape(str(tmp_path / "no_dir" / "x.mlir")), r"cannot write the output")


def test_an_internal_error_is_reported_as_a_bug_without_traceback(capsys, monkeypatch):
    import boltc.opt

    def broken(self, module):
        raise RuntimeError("boom")

    monkeypatch.setattr(boltc.opt.BoltcOptMain, "apply_passes", broken)
    code, _, err = run_opt(capsys, MLP)
    assert code == 3 and "boltc-opt: internal error: RuntimeError: boom" in err and "Traceback" not in err
    monkeypatch.setenv("BOLTC_DEBUG", "1")
    code, _, err = run_opt(capsys, MLP)
    assert code == 3 and "Traceback" in err


@pytest.mark.parametrize("args,where,message", [
    (["nope.onnx"], r"nope\.onnx", r"no such file"),
    ([str(MLP), "-t", "llvm"], r"boltc-opt", r"invalid choice: 'llvm'"),
], ids=["missing", "llvm"])
def test_the_real_command(args: list[str], where: str, message: str):
    """The console script's exit code and stderr, as a shell sees them."""
    result = subprocess.run([sys.executable, "-m", "boltc.opt", *args], capture_output=True, text=True,
                            timeout=60, cwd=REPO, env={**os.environ, "BOLTC_DEBUG": ""})
    assert result.returncode in (1, 2) and "Traceback" not in result.stderr, result.stderr
    assert re.search(rf"^{where}.*error: .*{message}", result.stderr, re.MULTILINE), result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("name", ["nope.onnx", "nope.pt2", "nope.mlir", "nope"])
def test_interpret_names_a_missing_path_instead_of_parsing_it(name: str, tmp_path: Path, monkeypatch):
    """boltc.interpret("nope.onnx") once read the name as MLIR text: `unknown op 'nope.onnx'`."""
    import boltc
    from boltc.diagnostics import BoltcError

    monkeypatch.chdir(tmp_path)
    with pytest.raises(BoltcError) as error:
        boltc.interpret(name)
    assert str(error.value) == f"{name}: error: no such file"
