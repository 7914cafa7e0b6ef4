"""Every command shown in README.md and docs/*.md works (issue 15, item 7).

A fenced code block is marked by the HTML comment on the line before it:
- `<!-- docs-test: run -->`: each line runs as shown from the repository root (shell lines:
  `boltc`, `boltc-opt`; a `python` block: executed) and must succeed;
- `<!-- docs-test: nvcc -->`: it needs nvcc, a GPU, a file the reader supplies or minutes, so
  only what can be checked without them is: every `boltc`/`boltc-opt` line parses with the
  commands' own argument parsers (its flags and choices exist, its passes are registered), and
  every `boltc.NAME(..., keyword=...)` in a Python block names a function and keywords that
  exist;
- unmarked blocks must not show a `boltc` command: a command the test does not know about is
  a command nobody checks.
"""

from __future__ import annotations

import ast
import inspect
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
FENCE = re.compile(r"(?:<!-- docs-test: (?P<mode>\w+) -->\n)?```(?P<lang>\w*)\n(?P<body>.*?)^```", re.S | re.M)
TOOLS = ("boltc", "boltc-opt")


@dataclass(frozen=True)
class Block:
    doc: str
    line: int
    mode: str | None  # run, nvcc, or None (unmarked)
    lang: str
    body: str

    @property
    def id(self) -> str:
        return f"{self.doc}:{self.line}"

    def commands(self) -> list[list[str]]:
        """The shell lines of the block (comments dropped), split like a shell would."""
        lines = []
        for line in self.body.splitlines():
            words = shlex.split(line, comments=True)
            if words:
                lines.append(words)
        return lines

    def tool_commands(self) -> list[list[str]]:
        """The `boltc`/`boltc-opt` invocations, also inside `a && b` chains and after VAR=x."""
        found = []
        for words in self.commands():
            for part in _split_chain(words):
                part = [w for w in part if not re.fullmatch(r"[A-Z_]+=\S*", w)] if part else part
                if part and part[0] in TOOLS:
                    found.append(part)
        return found


def _split_chain(words: list[str]) -> list[list[str]]:
    parts, current = [], []
    for word in words:
        if word in ("&&", "||", ";", "|"):
            parts.append(current)
            current = []
        else:
            current.append(word)
    return [*parts, current]


def blocks() -> list[Block]:
    found = []
    for doc in DOCS:
        text = doc.read_text()
        for match in FENCE.finditer(text):
            found.append(Block(str(doc.relative_to(REPO)), text.count("\n", 0, match.start("body")),
                               match.group("mode"), match.group("lang"), match.group("body")))
    return found


BLOCKS = blocks()
RUN = [b for b in BLOCKS if b.mode == "run"]
CHECK = [b for b in BLOCKS if b.mode == "nvcc"]


def test_the_marked_blocks_are_found():
    """The README's own commands are among them: a marker or regex that stopped matching
    would otherwise leave nothing to test."""
    readme = [b for b in BLOCKS if b.doc == "README.md"]
    assert sum(b.mode == "nvcc" for b in readme) >= 4
    quick_start = ["boltc", "examples/mlp_gelu.mlir", "--emit", "bolt"]
    assert quick_start in readme[0].tool_commands() and _runs_here(quick_start)
    assert len(RUN) >= 4 and len(CHECK) >= 10


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.mode is None], ids=lambda b: b.id)
def test_unmarked_blocks_show_no_boltc_command(block: Block):
    if block.lang not in ("", "sh", "shell", "bash", "console", "python"):
        return  # mlir, C, and other listings
    if block.lang == "python":
        assert "boltc." not in block.body, f"{block.id}: mark it <!-- docs-test: run --> or nvcc"
        return
    try:
        commands = block.tool_commands()
    except ValueError:
        return  # not shell text (a diagram)
    assert not commands, f"{block.id}: mark it <!-- docs-test: run --> or <!-- docs-test: nvcc -->"


def _run_shell_line(words: list[str], block: Block) -> None:
    env = dict(os.environ)
    while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):
        key, value = words.pop(0).split("=", 1)
        env[key] = value
    tool, args = words[0], words[1:]
    module = {"boltc": "boltc.cli", "boltc-opt": "boltc.opt"}[tool]
    result = subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True,
                            cwd=REPO, env=env, timeout=300)
    assert result.returncode == 0, f"{block.id}: `{shlex.join(words)}` exited {result.returncode}:\n{result.stderr}"
    assert "Traceback" not in result.stderr


@pytest.mark.timeout(600)
@pytest.mark.parametrize("block", RUN, ids=lambda b: b.id)
def test_run_blocks_succeed(block: Block):
    if block.lang == "python":
        exec(compile(block.body, block.id, "exec"), {"__name__": "__docs__"})  # noqa: S102
        return
    lines = block.commands()
    assert lines, f"{block.id}: an empty run block"
    for words in lines:
        assert words[0] in TOOLS, f"{block.id}: only boltc and boltc-opt lines run here: {shlex.join(words)}"
        _run_shell_line(words, block)


def _check_boltc_args(args: list[str], where: str) -> None:
    """`boltc ARGS` parses: with the compiler's parser, or a tool's (`boltc inspect ...`)."""
    import importlib

    from boltc.cli import build_parser, tool_of

    parser = build_parser()
    tool = tool_of(args)
    if tool is not None:
        parser, args = importlib.import_module(f"boltc.tools.{tool}").build_parser(), args[1:]
    try:
        parser.parse_args(args)
    except SystemExit as e:
        pytest.fail(f"{where}: `boltc {shlex.join(args)}` does not parse (exit {e.code})")


def _check_boltc_opt_args(args: list[str], where: str) -> None:
    from xdsl.utils.exceptions import ArgSpecParseError

    from boltc.diagnostics import BoltcError
    from boltc.opt import BoltcOptMain

    try:
        BoltcOptMain(args=args)  # parses the flags and builds the pass pipeline; runs nothing
    except (SystemExit, ValueError, ArgSpecParseError, BoltcError) as e:
        pytest.fail(f"{where}: `boltc-opt {shlex.join(args)}` does not parse ({type(e).__name__}: {e})")


def _check_python_calls(source: str, where: str) -> None:
    """`boltc.NAME(...)` and `NAME(...)` from `from boltc import NAME`: the name exists and
    takes the keywords shown."""
    import boltc

    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        if not (isinstance(node.func.value, ast.Name) and node.func.value.id == "boltc"):
            continue
        target = getattr(boltc, node.func.attr, None)
        assert target is not None, f"{where}: boltc.{node.func.attr} does not exist"
        parameters = inspect.signature(target).parameters
        takes_any = any(p.kind is p.VAR_KEYWORD for p in parameters.values())
        for keyword in node.keywords:
            assert keyword.arg is None or takes_any or keyword.arg in parameters, (
                f"{where}: boltc.{node.func.attr}() takes no keyword '{keyword.arg}' "
                f"(it takes {list(parameters)})")


@pytest.mark.parametrize("block", CHECK, ids=lambda b: b.id)
def test_nvcc_blocks_parse(block: Block):
    if block.lang == "python":
        _check_python_calls(block.body, block.id)
        return
    for words in block.tool_commands():
        check = _check_boltc_args if words[0] == "boltc" else _check_boltc_opt_args
        check(words[1:], block.id)
        if _runs_here(words):
            _run_shell_line(list(words), block)  # the README's quick start, say


def _runs_here(words: list[str]) -> bool:
    """A `boltc` line in an nvcc block that needs no nvcc after all: its model is a file of
    the repository and it prints IR (no library, no C++)."""
    model = next((w for w in words[1:] if not w.startswith("-")), None)
    builds = "so" in words or "cpp" in words or any(w.endswith((".so", "/")) for w in words)
    return words[0] == "boltc" and model is not None and (REPO / model).is_file() and not builds


def test_a_broken_command_would_fail():
    """The checks above catch what issue 15 found in the docs: an unknown keyword (then
    `boltc.compile(..., tune="model")`, which exists now; a misspelt one here), an unknown flag
    or a flag without its value, an unknown pass."""
    with pytest.raises(AssertionError, match="takes no keyword 'tuner'"):
        _check_python_calls('boltc.compile("model.mlir", arch="sm_90a", tuner="model")', "example")
    with pytest.raises(pytest.fail.Exception, match="does not parse"):
        _check_boltc_args(["model.mlir", "--tune"], "example")
    with pytest.raises(pytest.fail.Exception, match="does not parse"):
        _check_boltc_args(["inspect", "model.so", "--emit", "bolt"], "example")  # a tool's own flags only
    with pytest.raises(pytest.fail.Exception, match="does not parse"):
        _check_boltc_opt_args(["model.mlir", "-p", "no-such-pass"], "example")
    with pytest.raises(AssertionError, match="exited 1"):
        _run_shell_line(["boltc", "examples/no_such_model.mlir"], Block("example", 1, "run", "", ""))
