"""Hypothesis strategies for damaged and random MLIR text.

Mutations work on tokens, not bytes: a byte flip mostly breaks the lexer at once, while a
token swapped for another token boltc knows (a dimension, an element type, an SSA name, an op
name) gets through the parser to the verifiers, the importer and raise-bolt.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from hypothesis import strategies as st

from fuzzing import DATA, REPO

# Strings first (a blob is one token), then numbers, names, arrows, whitespace, any character.
TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|0x[0-9A-Fa-f]+|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?'
                   r'|[%@#^!]?[A-Za-z_][\w.$]*|->|\s+|.', re.S)
MAX_SEED_CHARS = 8000  # the larger models parse in ~100 ms: too slow for thousands of cases


@dataclass(frozen=True)
class Seed:
    name: str
    text: str
    tokens: tuple[str, ...]


def _chunks(path: Path) -> list[str]:
    text = path.read_text()
    if "--split-input-file" not in text:
        return [text]
    return [c for c in text.split("// -----") if c.strip()]


def _seed_files() -> list[Path]:
    files = sorted((DATA / "ops").glob("*.mlir")) + sorted((DATA / "ops" / "half").glob("*.mlir"))
    files += sorted(DATA.glob("*.mlir"))
    files += sorted((REPO / "test" / "lit").glob("*/*.mlir"))  # bolt IR, valid and invalid
    return files


def load_seeds() -> list[Seed]:
    seeds = []
    for path in _seed_files():
        for i, chunk in enumerate(_chunks(path)):
            if len(chunk) <= MAX_SEED_CHARS and "func.func" in chunk:
                seeds.append(Seed(f"{path.relative_to(REPO)}#{i}", chunk, tuple(TOKEN.findall(chunk))))
    return seeds


SEEDS = load_seeds()

# Tokens worth trying anywhere: sizes that break shape rules, other element types, names of
# values and ops that exist elsewhere, and the punctuation that nests.
INTERESTING = (
    "0", "1", "-1", "2", "3", "7", "64", "65536", "4294967297", "99999999999999999999", "?", "x",
    "f16", "bf16", "f32", "f64", "i1", "i8", "i32", "i64", "index", "complex<f32>",
    "tensor<?xf32>", "tensor<f32>", "tensor<0x4xf32>", "tensor<4xf32>", "memref<4xf32>",
    "vector<2xi64>", "dense<1>", "dense<[1, 2]>", "dense<0.5>", "0x7FC00000", "0xFF800000",
    "1.0e+39", "nan", "inf", "true", "false", "%0", "%arg0", "%cst", "@main", "#map", "#map1",
    "affine_map<(d0) -> (d0)>", "affine_map<(d0, d1) -> (d1, d0)>", '"parallel"', '"reduction"',
    "linalg.generic", "linalg.matmul", "linalg.fill", "tensor.empty", "arith.addf", "arith.constant",
    "bolt.gemm", "bolt.conv2d", "bolt.ew.add", "bolt.yield", "func.return", "linalg.yield",
    "{", "}", "(", ")", "<", ">", "[", "]", ",", ":", "=", "->", "^bb0", "\n", '"', "{-#", "#-}",
)


@st.composite
def _vocabulary_token(draw: st.DrawFn, seed: Seed) -> str:
    if draw(st.booleans()):
        return draw(st.sampled_from(INTERESTING))
    return draw(st.sampled_from(seed.tokens))


@st.composite
def mutated_mlir(draw: st.DrawFn, seeds: list[Seed] = SEEDS) -> tuple[str, str]:
    """(seed name, text): a seed with 1 to 4 token edits, or cut short, or lines moved."""
    seed = draw(st.sampled_from(seeds))
    tokens = list(seed.tokens)
    for _ in range(draw(st.integers(1, 4))):
        if not tokens:
            break
        i = draw(st.integers(0, len(tokens) - 1))
        edit = draw(st.sampled_from(["replace", "replace", "replace", "delete", "duplicate", "swap",
                                     "insert", "truncate", "lines"]))
        if edit == "replace":
            tokens[i] = draw(_vocabulary_token(seed))
        elif edit == "delete":
            del tokens[i]
        elif edit == "duplicate":
            tokens.insert(i, tokens[i])
        elif edit == "swap":
            j = draw(st.integers(0, len(tokens) - 1))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif edit == "insert":
            tokens.insert(i, draw(_vocabulary_token(seed)))
        elif edit == "truncate":
            cut = draw(st.integers(0, len(tokens[i])))
            tokens = tokens[:i] + [tokens[i][:cut]]
        else:
            lines = "".join(tokens).split("\n")
            a, b = (draw(st.integers(0, len(lines) - 1)) for _ in range(2))
            lines[a], lines[b] = lines[b], lines[a]
            if draw(st.booleans()):
                del lines[a]
            tokens = TOKEN.findall("\n".join(lines))
    return seed.name, "".join(tokens)


_ALL_TOKENS = tuple(sorted({t for s in SEEDS for t in s.tokens if not t.isspace() and len(t) < 60}))


@st.composite
def random_mlir(draw: st.DrawFn) -> tuple[str, str]:
    """(name, text): tokens of the corpus in random order, with spaces and newlines: mostly
    nonsense the parser must refuse at the right place, sometimes a fragment that gets further."""
    pieces = draw(st.lists(st.one_of(st.sampled_from(_ALL_TOKENS), st.sampled_from(INTERESTING),
                                     st.sampled_from([" ", " ", "\n"])), min_size=0, max_size=60))
    prefix = draw(st.sampled_from(["", "func.func @main(", "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"]))
    return "random", prefix + "".join(pieces)
