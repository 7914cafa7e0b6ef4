"""Damaged torch.export archives (.pt2, issue 15 item 6): cut short, bytes flipped, a member
dropped. torch.export.load takes ~0.1 s an archive, so these are few; each must end in the
imported model or a BoltcError naming the file."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import strategies as st

torch = pytest.importorskip("torch")

from boltc.diagnostics import BoltcError  # noqa: E402
from boltc.frontends import load  # noqa: E402
from fuzzing import assert_located, run_cases  # noqa: E402

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> bytes:
    net = torch.nn.Sequential(torch.nn.Linear(6, 4), torch.nn.ReLU())
    path = tmp_path_factory.mktemp("pt2") / "seed.pt2"
    torch.export.save(torch.export.export(net.eval(), (torch.randn(2, 6),)), str(path))
    return path.read_bytes()


def _without_member(data: bytes, index: int) -> bytes:
    source = zipfile.ZipFile(io.BytesIO(data))
    names = source.namelist()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for i, name in enumerate(names):
            if i != index % len(names):
                target.writestr(name, source.read(name))
    return out.getvalue()


@st.composite
def damage(draw: st.DrawFn) -> tuple[str, int, int]:
    return draw(st.sampled_from(["cut", "flip", "drop member"])), draw(st.integers(0, 1 << 20)), draw(st.integers(0, 255))


def test_damaged_pt2_archives_import_or_are_located_errors(archive: bytes, tmp_path_factory):
    model = tmp_path_factory.mktemp("pt2_fuzz") / "model.pt2"
    assert load(Path(_write(model, archive))) is not None  # the seed itself imports

    def case(edit: tuple[str, int, int]) -> str:
        kind, at, byte = edit
        data = bytearray(archive)
        if kind == "cut":
            data = data[:at % len(data)]
        elif kind == "flip":
            data[at % len(data)] = byte
        else:
            data = bytearray(_without_member(bytes(data), at))
        try:
            load(Path(_write(model, bytes(data))))
        except BoltcError as e:
            assert_located(e, str(model))
            return "error"
        return "ok"

    tally = run_cases(damage(), case, budget=40)
    assert tally.outcomes["error"] >= 10, tally.outcomes


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path
