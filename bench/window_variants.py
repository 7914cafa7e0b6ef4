"""Where b2b_conv_window's time goes: the kernel built with parts of it taken out (or timed), one
copy of the tree per variant with its header patched, each timed alone as bench/b2b.py times the
fused chain (kernel time, memset flush and clean L2). The variants compute wrong values on
purpose, so nothing is checked: this answers "how long without X", not "is it right".

    python3 bench/window_variants.py --variants NOLOAD,NOSTORE,MMAONLY,NOMMA0,EPIONLY \
        --cases "conv 32x56x56x48,conv 32x112x112x48" --workloads .whl/bolt_paper.json --out $OUT/variants.jsonl

Variants (HEAD: the tree as it is):
- NOLOAD: the producer loads the first Stages windows only, then arrives without loading (at
  stride 1 that is still 6 of a CTA's ~7 bands: the loads are mostly there).
- NOSTORE: no output stores (the condition is false at run time, so act1 and the stores go).
- MMAONLY: NOLOAD and NOSTORE.
- NOMMA0: no first GEMM (its WGMMA loop runs zero times; barriers, turns and waits stay).
- NOMMA1: no second GEMM (the same, its loop; act0's packing, act1 and the stores stay).
- EPIONLY: NOLOAD and NOMMA0.
- NOTURN: the pingpong consumers issue without taking turns.
- DEPTH<d>: the producer asks for band it's window only once band it - d's has arrived.
- S2PINGPONG: stride 2 on alternate bands too, one output row a band (3-row windows, four
  buffers), its planner (b2b_conv_window.py) edited, not the header.
- L2P256 / L2PNONE: the window's tensor map with 256-byte L2 promotion (each request's
  neighbours fetched with it: at stride 2 the two column parities' boxes each read every other
  96-byte pixel) or none, where the kernel asks for 128 bytes (the host TU, in the planner's file).
- NOPARITY: stride 2's window as one box of every column (element stride 1) where the kernel
  loads one box per column parity: the same bytes in one request stream, in the wrong layout.
- TQ32: bands of at most 32 output columns (the planner's tile_columns), smaller windows and so
  more of them in flight (four at 112x112x48 /2 where 56-column bands fit two).
- R4: four output rows a band at stride 2 as well (two a consumer), a 9-row window.
- A+B (e.g. NOMMA0+L2P256): the edits of both, in that order.
- TIMELINE: each consumer's clock64 at each band's window arrival, first GEMM's end and band's
  end, printed (TL lines) by the 11th launch; its local arrays slow the kernel (22.8 against
  12.9 us on 56x56x48 /1, H200, 2026-12-02), so read its start-up, not its steady state.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEADER = "boltc/lowering/cutlass/include/boltc/b2b_conv_window.hpp"
PLANNER = "boltc/lowering/cutlass/b2b_conv_window.py"  # S2PINGPONG edits the configuration
TREE = ("boltc", "bench", "runtime", "pyproject.toml")

_EMPTY_WAIT = "      barrier_wait(empty + 8 * s, ((it / Stages) & 1) ^ 1);\n"
_NO_LOAD = (_EMPTY_WAIT, _EMPTY_WAIT + '      if (it >= Stages) { asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\\n" '
            '::"r"(full + 8 * s) : "memory"); continue; }\n')
_NO_STORE = ("if (m < Cfg::TQ && ow < g.q && oh < g.p) {", "if (m < Cfg::TQ && ow < g.q && oh < g.p && g.ldd < 0) {")
_NO_MMA0 = ("for (int ks = 0; ks < Cfg::kKSteps0; ++ks) {", "for (int ks = 0; ks < Cfg::kKSteps0 * int(g.ldd < 0); ++ks) {")
_NO_MMA1 = ("    for (int t = 0; t < Cfg::kKSteps1; ++t) {\n      uint64_t const b = swizzled_descriptor<128>(base + Cfg::filter_step(Cfg::kW1",
            "    for (int t = 0; t < Cfg::kKSteps1 * int(g.ldd < 0); ++t) {\n      uint64_t const b = swizzled_descriptor<128>(base + Cfg::filter_step(Cfg::kW1")
_NO_TURN = [("if (Cfg::Pingpong && (it > 0 || consumer == 1)) {", "if (false) {"),
            ('if (Cfg::Pingpong) {\n      asm volatile("bar.arrive', 'if (false) {\n      asm volatile("bar.arrive')]
_TIMELINE = [
    ("template <class Cfg>\n__device__ void run(", """__device__ unsigned int tl_launch;
__device__ __forceinline__ unsigned long long tl_global() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
template <class Cfg>
__device__ void run("""),
    ("  uint32_t const base = static_cast<uint32_t>(__cvta_generic_to_shared(smem));\n",
     "  unsigned long long const tl_start = clock64(), tl_g = tl_global();\n"
     "  unsigned const tl_l = *(volatile unsigned*)&tl_launch;\n"
     "  uint32_t const base = static_cast<uint32_t>(__cvta_generic_to_shared(smem));\n"),
    ("  barrier_wait(weights_ready, 0);\n",
     "  barrier_wait(weights_ready, 0);\n  unsigned long long const tl_w = clock64();\n"
     "  unsigned long long tl[8][3];\n  int tl_n = 0;\n"),
    ("    barrier_wait(full + 8 * s, (it / Stages) & 1);\n",
     "    barrier_wait(full + 8 * s, (it / Stages) & 1);\n    unsigned long long const tl_a = clock64();\n"),
    ("    turn_ends();  // Pingpong: the other consumer's WGMMAs queue behind these\n    cute::warpgroup_wait<0>();\n",
     "    turn_ends();  // Pingpong: the other consumer's WGMMAs queue behind these\n    cute::warpgroup_wait<0>();\n"
     "    unsigned long long const tl_b = clock64();\n"),
    ("      }\n    }\n  }\n}\n\n}  // namespace boltc::b2b_conv_window", """      }
    }
    if (tl_n < 8) { tl[tl_n][0] = tl_a; tl[tl_n][1] = tl_b; tl[tl_n][2] = clock64(); ++tl_n; }
  }
  if (tl_l == 10 && wg_warp == 0 && lane == 0) {
    for (int k = 0; k < tl_n; ++k)
      printf("TL %d %d %d %llu %llu %llu %llu %llu %llu\\n", int(blockIdx.x), consumer, k, tl_g, tl_start, tl_w,
             tl[k][0], tl[k][1], tl[k][2]);
  }
  if (blockIdx.x == 0 && threadIdx.x == 0) atomicAdd(&tl_launch, 1u);
}

}  // namespace boltc::b2b_conv_window"""),
]


# Stride 2 on alternate bands, one output row a band: 3-row windows, four buffers (two a
# consumer) where bands of two rows fit two (one a consumer: slower, bench/RESULTS.md 2026-12-01).
_S2_PINGPONG = [("    return stride == 1\n", "    return True\n"),
                ("    return 2 if pingpong(stride) else 1\n", "    return 2 if stride == 1 else 1\n")]


_WINDOW_PROMOTION = ("                                            : CU_TENSOR_MAP_SWIZZLE_128B,\n"
                     "                CU_TENSOR_MAP_L2_PROMOTION_L2_128B,\n")
_PARITY_LOOP = ("      for (int parity = 0; parity < S; ++parity) {", "      for (int parity = 0; parity < 1; ++parity) {")
_ONE_BOX = ("  cuuint32_t const box[4] = {Config::kBoxChannels, Config::kBoxColumns, Config::WH, 1};\n"
            "  cuuint32_t const step[4] = {1, Config::S, 1, 1};\n",
            "  cuuint32_t const box[4] = {Config::kBoxChannels, Config::S * Config::kCols, Config::WH, 1};\n"
            "  cuuint32_t const step[4] = {1, 1, 1, 1};\n")
_PLANNER_EDITS = {
    "S2PINGPONG": _S2_PINGPONG,
    "L2P256": [(_WINDOW_PROMOTION, _WINDOW_PROMOTION.replace("L2_128B", "L2_256B"))],
    "L2PNONE": [(_WINDOW_PROMOTION, _WINDOW_PROMOTION.replace("L2_PROMOTION_L2_128B", "L2_PROMOTION_NONE"))],
    "NOPARITY": [_ONE_BOX],
    # Bands of 32 columns (two a 56-column row, half of each m64 idle): windows of 42 KB at
    # 112x112x48 /2, so four buffers in flight where 73 KB ones leave room for two.
    "TQ32": [("    tiles = -(-q // 64)\n", "    tiles = -(-q // 32)\n")],
    # Two output rows a consumer at stride 2 too: R = 4, a 9-row window (1.125 times the input's
    # rows where R = 2 reads 1.25 times).
    "R4": [("    return 2 if pingpong(stride) else 1\n", "    return 2\n")],
}


def planner_edits(variant: str) -> list[tuple[str, str]]:
    """The (text, replacement) pairs that make `variant` out of the planner (PLANNER)."""
    return [pair for part in variant.split("+") for pair in _PLANNER_EDITS.get(part, [])]


def edits(variant: str) -> list[tuple[str, str]]:
    """The (text, replacement) pairs that make `variant` out of the header."""
    if "+" in variant:
        return [pair for part in variant.split("+") for pair in edits(part)]
    if variant in ("HEAD", "S2PINGPONG", "L2P256", "L2PNONE", "TQ32", "R4"):
        return []
    if variant == "NOPARITY":
        return [_PARITY_LOOP]
    if variant.startswith("DEPTH") and variant[5:].isdigit():
        d = int(variant[5:])
        return [(_EMPTY_WAIT, _EMPTY_WAIT + f"      if (it >= {d}) barrier_wait(full + 8 * ((it - {d}) % Stages), "
                 f"((it - {d}) / Stages) & 1);\n")]
    table = {"NOLOAD": [_NO_LOAD], "NOSTORE": [_NO_STORE], "MMAONLY": [_NO_LOAD, _NO_STORE], "NOMMA0": [_NO_MMA0], "NOMMA1": [_NO_MMA1],
             "EPIONLY": [_NO_LOAD, _NO_MMA0], "NOTURN": _NO_TURN, "TIMELINE": _TIMELINE}
    if variant not in table:
        raise SystemExit(f"window_variants: unknown variant {variant!r} (known: HEAD, DEPTH<d>, {', '.join(table)})")
    return table[variant]


def patched(text: str, variant: str, edits_of=edits) -> str:
    for old, new in edits_of(variant):
        if text.count(old) != 1:
            raise SystemExit(f"window_variants: {variant}: the header no longer has one {old[:60]!r}")
        text = text.replace(old, new)
    return text


def tree_of(variant: str, scratch: Path) -> Path:
    """A copy of the project with the variant's header (HEAD: the project itself)."""
    if variant == "HEAD":
        return ROOT
    root = scratch / variant
    for name in TREE:
        source = ROOT / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, root / name)
    header = root / HEADER
    header.write_text(patched(header.read_text(), variant))
    planner = root / PLANNER
    planner.write_text(patched(planner.read_text(), variant, planner_edits))
    return root


def child(mode: str, label: str, path: str, workloads: str) -> None:
    """In a process whose boltc is the variant's: build the case's fused model, or time it."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import b2b

    table = json.loads(Path(workloads).read_text())
    case = next(c for c in b2b.cases(table) if label in c.label)
    if mode == "build":
        _, _, kernels = b2b.build_one(case, True, "sm_90a", path)
        # What the variant's planner made of the case (a band shape it cannot stage falls back to
        # another family, which the row then says).
        print(json.dumps({"kernels": [f"{family} {config}" for family, config in kernels]}), flush=True)
        return
    import torch

    from timing import kernel_time_us

    gen = torch.Generator(device="cuda").manual_seed(0)
    x = b2b.input_of(torch, case, device="cuda", generator=gen)
    graph, _ = b2b.replay_of(torch, path, x)  # its output not checked: the variants are wrong on purpose
    print(json.dumps({"case": case.label, "kernel_us": round(kernel_time_us(torch, graph.replay), 2),
                      "clean_us": round(kernel_time_us(torch, graph.replay, clean_l2=True), 2)}), flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default="HEAD,NOLOAD,NOSTORE,MMAONLY,NOMMA0")
    parser.add_argument("--cases", default="conv 32x56x56x48,conv 32x112x112x48", help="labels of bench/b2b.py's cases")
    parser.add_argument("--workloads", default=str(ROOT.parent / "shared/workloads/bolt_paper.json"))
    parser.add_argument("--jobs", type=int, default=8, help="builds at once")
    parser.add_argument("--out", type=Path, help="JSON lines, one a (variant, case)")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return 0
    args.workloads = str(Path(args.workloads).resolve())  # the children run in their trees
    variants = [v for v in args.variants.split(",") if v]
    cases = [c for c in args.cases.split(",") if c]
    for variant in variants:
        edits(variant)  # unknown names fail before anything is built
    scratch = Path(tempfile.mkdtemp(prefix="window_variants_"))
    trees = {v: tree_of(v, scratch) for v in variants}  # one copy a variant, shared by its cases
    jobs = [(v, c, trees[v], scratch / f"{v}_{i}.so") for v in variants for i, c in enumerate(cases)]

    def command(mode, variant, case, root, so):
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")]),
                   BOLTC_CACHE_DIR=str(scratch / f"cache_{variant}"))
        argv = [sys.executable, str(root / "bench/window_variants.py"), "--child", mode, case, str(so), args.workloads]
        return argv, env

    import concurrent.futures

    def build(job):
        argv, env = command("build", *job)
        done = subprocess.run(argv, env=env, cwd=job[2], capture_output=True, text=True)
        return job, done

    failures = 0
    built: dict[Path, list] = {}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for job, done in pool.map(build, jobs):
            reports = [line for line in done.stdout.splitlines() if line.startswith('{"kernels"')]
            if reports:
                built[job[3]] = json.loads(reports[-1])["kernels"]
            if done.returncode:
                failures += 1
                print(f"window_variants: {job[0]} {job[1]}: build failed\n{done.stderr[-2000:]}", file=sys.stderr)
    for job in jobs:  # timed one at a time: the GPU to itself
        if not job[3].exists():
            continue
        argv, env = command("time", *job)
        done = subprocess.run(argv, env=env, cwd=job[2], capture_output=True, text=True)
        rows = [line for line in done.stdout.splitlines() if line.startswith("{")]
        for line in done.stdout.splitlines():
            if line.startswith("TL "):
                print(line)
        if done.returncode or not rows:
            failures += 1
            print(f"window_variants: {job[0]} {job[1]}: timing failed\n{done.stderr[-2000:]}", file=sys.stderr)
            continue
        row = {"variant": job[0], **json.loads(rows[-1]), "kernels": built.get(job[3], [])}
        print(json.dumps(row), flush=True)
        if args.out:
            with args.out.open("a") as f:
                f.write(json.dumps(row) + "\n")
    shutil.rmtree(scratch, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
