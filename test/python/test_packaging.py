"""Every file the package reads at run time ships in its wheel: pyproject's package-data globs
cover each non-Python file under boltc/ (a wheel built without boltc/tuning/gpus/*.json had no
GPU model: `--tune model` failed and fuse-b2b fell back to its roofline, found 2026-11-29)."""

from __future__ import annotations

import fnmatch
import tomllib  # requires-python >= 3.11
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def package_data() -> dict[str, list[str]]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return data["tool"]["setuptools"]["package-data"]


def test_every_data_file_under_boltc_is_package_data():
    globs = package_data()
    data_files = [p for p in (ROOT / "boltc").rglob("*")
                  if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts]
    assert any(p.suffix == ".json" for p in data_files) and any(p.suffix == ".hpp" for p in data_files)
    for path in data_files:
        relative = path.relative_to(ROOT)
        covered = False
        for package, patterns in globs.items():
            base = Path(*package.split("."))
            if relative.is_relative_to(base):
                inside = relative.relative_to(base).as_posix()
                covered = covered or any(fnmatch.fnmatch(inside, pattern) for pattern in patterns)
        assert covered, f"{relative} is not in pyproject's [tool.setuptools.package-data]: a wheel would lack it"
