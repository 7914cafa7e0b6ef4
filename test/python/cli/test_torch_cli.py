"""`boltc model.pt2`: a torch.export.save archive through the real command (issue 11)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cli_helpers import DATA, run_boltc

torch = pytest.importorskip("torch")  # CI installs it (.ci/run); the front end is optional
sys.path.insert(0, str(DATA))
import make_models  # noqa: E402


@pytest.fixture(scope="module")
def resnet_block_pt2(tmp_path_factory) -> Path:
    model, inputs = next((m, x) for n, m, x in make_models.build_models() if n == "resnet_block")
    path = tmp_path_factory.mktemp("pt2") / "resnet_block.pt2"
    torch.export.save(torch.export.export(model.eval(), inputs, strict=False), path)
    return path


def test_pt2_emits_the_same_bolt_as_the_linalg_export_modulo_names(resnet_block_pt2: Path):
    from_pt2 = run_boltc(resnet_block_pt2, "--emit", "bolt")
    assert from_pt2.returncode == 0, from_pt2.stderr
    from_mlir = run_boltc(DATA / "resnet_block.mlir", "--emit", "bolt")
    for op in ("bolt.conv2d", "bolt.gemm", "bolt.pool2d", "bolt.ew"):
        assert from_pt2.stdout.count(op) == from_mlir.stdout.count(op), op
    assert from_pt2.stdout.count("bolt.conv2d") > 0


def test_pt2_emits_cpp(resnet_block_pt2: Path, out_dir: Path):
    out = out_dir / "model"
    result = run_boltc(resnet_block_pt2, "--emit", "cpp", "-o", out)
    assert result.returncode == 0, result.stderr
    sources = [p.read_text() for p in out.rglob("*.cu")]
    assert sources and any("cutlass::conv" in text for text in sources)


def test_a_bad_pt2_is_one_located_error_and_nothing_written(tmp_path: Path, out_dir: Path):
    bad = tmp_path / "model.pt2"
    bad.write_bytes(b"PK\x03\x04" + b"\0" * 64)
    result = run_boltc(bad, "-o", out_dir / "model.so")
    assert result.returncode == 1
    assert result.stderr.startswith(f"{bad}: error: not a torch.export archive")
    assert "Traceback" not in result.stderr and len(result.stderr.splitlines()) == 1
    assert not any(out_dir.iterdir())


def test_an_unsupported_op_in_a_pt2_names_the_node_and_the_source_line(tmp_path: Path, out_dir: Path):
    class Cumsum(torch.nn.Module):
        def forward(self, x):
            return torch.cumsum(x, 1)

    path = tmp_path / "cumsum.pt2"
    torch.export.save(torch.export.export(Cumsum(), (torch.randn(2, 3),), strict=False), path)
    result = run_boltc(path, "-o", out_dir / "model.so")
    assert result.returncode == 1
    assert "node 'cumsum': error: aten::cumsum: boltc has no translation for this op" in result.stderr
    assert "test_torch_cli.py:" in result.stderr and "Traceback" not in result.stderr
    assert not any(out_dir.iterdir())
