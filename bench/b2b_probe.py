"""The resident b2b kernel under forced configurations: W0 resident or streamed, the stage count,
the convolution's k-block, each chain built by boltc.compile with the choice made for it,
checked against torch and timed as bench/b2b.py times it (a CUDA-graph replay under triton's
do_bench, median, L2 flushed); optionally ncu on each build.

    python3 bench/b2b_probe.py --list
    python3 bench/b2b_probe.py --out probe.json [--only c56,c112:1/2] [--jobs 16] [--ncu]

`--only KEY[:I/J...]` keeps the named chains, and of a chain with `:` only the variants with
those indices (`--list` prints them; variant 0 is the compiler's own choice). `--ncu` runs
Nsight Compute (`--set full` and the per-issue stall reasons) on one call of each build,
every kernel of it (space_to_depth included), written beside --out as ncu_KEY_I.txt.

Where a forced configuration is illegal (shared memory, registers), its row carries the
lowering's refusal instead of a time. The forcing patches the lowering's choice functions in
the build's worker process (`apply`), never the code a user's build runs.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

import b2b  # noqa: E402
from gemm import run_in_processes  # noqa: E402

CHAINS = {
    "g16384": b2b.Case("b2b M=16384 K0=256 N0=64 N1=16", 16384, (256, 64, 16)),
    "g32768": b2b.Case("b2b M=32768 K0=576 N0=128 N1=64", 32768, (576, 128, 64)),
    "g128320": b2b.Case("b2b M=128320 K0=96 N0=32 N1=96", 128320, (96, 32, 96)),
    "c56": b2b.Case("conv 32x56x56x64 3x3/1 64 -> 1x1 64", 32 * 56 * 56, (64, 64, 64), "conv", (32, 56, 56), (1,)),
    "c112": b2b.Case("conv 32x112x112x64 3x3/2 64 -> 1x1 64", 32 * 56 * 56, (64, 64, 64), "conv", (32, 112, 112),
                     (2,)),
    "s224": b2b.Case("conv 32x224x224x3 3x3/2 64 -> 1x1 64", 32 * 112 * 112, (3, 64, 64), "conv", (32, 224, 224),
                     (2,)),
    "s224w48": b2b.Case("conv 32x224x224x3 3x3/2 48 -> 1x1 48", 32 * 112 * 112, (3, 48, 48), "conv",
                        (32, 224, 224), (2,)),
}


@dataclass(frozen=True)
class Variant:
    """A forced configuration of the resident kernel; a field left None keeps the compiler's
    choice (all None: the compiler's own build)."""

    w0_resident: bool | None = None
    stages: int | None = None  # past the kernel's RESIDENT_STAGES top, the range is widened to it
    k_block: int | None = None  # a convolution's k-block (b2b_conv_sm90.k_block_for)

    def label(self) -> str:
        parts = []
        if self.w0_resident is not None:
            parts.append("W0 resident" if self.w0_resident else "W0 streamed")
        if self.stages is not None:
            parts.append(f"{self.stages} stages")
        if self.k_block is not None:
            parts.append(f"k-block {self.k_block}")
        return ", ".join(parts) or "compiler's choice"


COMPILERS = Variant()
VARIANTS = {
    "g16384": [COMPILERS, Variant(True, 8), Variant(True, 4), Variant(False, 8)],
    "g32768": [COMPILERS, Variant(True, 4), Variant(True, 6), Variant(False, 8), Variant(False, 6), Variant(False, 4)],
    "g128320": [COMPILERS, Variant(True, 8), Variant(True, 4), Variant(False, 8)],
    "c56": [COMPILERS, Variant(True, 8), Variant(True, 12), Variant(False, 8)],
    "c112": [COMPILERS, Variant(True, 8), Variant(True, 12), Variant(False, 8)],
    "s224": [COMPILERS, Variant(k_block=64), Variant(True, 8)],
    "s224w48": [COMPILERS, Variant(k_block=64)],
}

_ORIGINALS: dict = {}


def apply(variant: Variant) -> None:
    """Make this process's lowering choose `variant` for the resident kernel (from the modules'
    own choices each time: a worker process builds several variants in turn)."""
    from boltc.dialects import bolt
    from boltc.lowering.cutlass import b2b_conv_sm90, b2b_conv_window, b2b_sm90, families

    if not _ORIGINALS:
        _ORIGINALS.update(choose=b2b_sm90.resident_with_most_stages, k_block=b2b_conv_sm90.k_block_for,
                          stage_range=b2b_sm90.RESIDENT_STAGES,
                          conv_families=families.SM90A_B2B_FAMILIES[bolt.Conv2dOp])
    choose = _ORIGINALS["choose"]
    b2b_conv_sm90.k_block_for = _ORIGINALS["k_block"]
    b2b_sm90.RESIDENT_STAGES = _ORIGINALS["stage_range"]
    # A forced variant is the resident kernel's: the RGB stems, which b2b_conv_direct takes by
    # default, and the 64-channel stride-1 chain, which b2b_conv_window takes, go to
    # b2b_conv_sm90 under one (the compiler's own build keeps the default).
    families.SM90A_B2B_FAMILIES[bolt.Conv2dOp] = tuple(
        f for f in _ORIGINALS["conv_families"]
        if variant == COMPILERS or f.name not in (families.B2B_CONV_DIRECT.name, b2b_conv_window.FAMILY))
    if variant.k_block is not None:
        b2b_conv_sm90.k_block_for = lambda channels: variant.k_block
    if variant.stages is not None and variant.stages > b2b_sm90.RESIDENT_STAGES[1]:
        b2b_sm90.RESIDENT_STAGES = (b2b_sm90.RESIDENT_STAGES[0], variant.stages)

    def forced(make, k_tiles):
        """resident_with_most_stages' contract: a configuration, or the refusal's words."""
        from boltc.lowering.cutlass.cpp import InvalidKernelConfig

        if variant.w0_resident is None and variant.stages is None:
            return choose(make, k_tiles)
        resident, stages = variant.w0_resident, variant.stages
        if resident is None or stages is None:  # the compiler's pick fills what the variant leaves open
            made = choose(make, k_tiles)
            if isinstance(made, str):
                return made
            resident = made.resident_k_tiles > 0 if resident is None else resident
            stages = made.stages if stages is None else stages
        try:
            return make(stages, k_tiles if resident else 0)
        except InvalidKernelConfig as refusal:
            return refusal.message

    b2b_sm90.resident_with_most_stages = forced
    b2b_conv_sm90.resident_with_most_stages = forced


def build(key: str, variant: Variant, path: str, arch: str = "sm_90a"):
    apply(variant)
    return b2b.build_one(CHAINS[key], True, arch, path)


def selected(only: str) -> list[tuple[str, int]]:
    """(chain, variant index) pairs that `--only` names (all of them for an empty one); a
    ValueError names an unknown chain or index."""
    if not only:
        return [(key, i) for key, variants in VARIANTS.items() for i in range(len(variants))]
    picks = []
    for item in (part for part in only.split(",") if part):
        key, _, indices = item.partition(":")
        if key not in VARIANTS:
            raise ValueError(f"--only: unknown chain {key!r} (chains: {', '.join(VARIANTS)})")
        count = len(VARIANTS[key])
        chosen = range(count) if not indices else []
        for index in indices.split("/") if indices else []:
            if not index.isdigit() or int(index) >= count:
                raise ValueError(f"--only: {key} has variants 0..{count - 1}, not {index!r}")
            chosen.append(int(index))
        picks += [(key, i) for i in chosen if (key, i) not in picks]
    return picks


def listing() -> str:
    lines = []
    for key, variants in VARIANTS.items():
        lines.append(f"{key}: {CHAINS[key].label}")
        lines += [f"  {i}: {v.label()}" for i, v in enumerate(variants)]
    return "\n".join(lines)


def time_builds(built: dict, out: Path) -> list[dict]:
    """Each build checked and timed as bench/b2b.py's time_case does (its reference, its graph
    replay, its do_bench settings), the error recorded in the row rather than raised."""
    import torch
    from triton.testing import do_bench

    rate = b2b.copy_rate_tbps(torch, do_bench)
    rows = []
    for (key, i), result in sorted(built.items()):
        case = CHAINS[key]
        row = {"chain": key, "variant": VARIANTS[key][i].label(), "floor_us": b2b.memory_floor_us(case, rate)}
        if isinstance(result, Exception):
            row["error"] = str(result)[:400]
        elif not any(family.startswith("b2b_") for family, _ in result[2]):
            # fuse-b2b refused the forced configuration (its words are in the build's remarks):
            # the build is the unfused pair, not the variant
            row["kernels"] = result[2]
            row["error"] = f"not fused under this variant: {[family for family, _ in result[2]]}"
        else:
            path, _, row["kernels"] = result
            _, x, reference = b2b.reference_of(torch, case)
            graph, got = b2b.replay_of(torch, path, x)
            row["max_err"] = float((got - reference).abs().max())
            row["us"] = 1e3 * do_bench(graph.replay, **b2b.BENCH)
            row["floor_frac"] = row["floor_us"] / row["us"]
        print(json.dumps(row), flush=True)
        rows.append(row)
        out.write_text(json.dumps({"rate_tbps": rate, "rows": rows}, indent=1))
    return rows


def profile_builds(built: dict, out: Path) -> None:
    if not shutil.which("ncu"):
        (out.parent / "ncu_missing.txt").write_text("no ncu on PATH: " + os.environ.get("PATH", ""))
        return
    for (key, i), result in sorted(built.items()):
        if isinstance(result, Exception):
            continue
        # Every kernel of one call (in an NVTX range), with the stall reasons per issued instruction.
        command = ["ncu", "--target-processes", "all", "--nvtx", "--nvtx-include", "boltc/", "-c", "8",
                   "--set", "full", "--metrics", r"regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio",
                   "--import-source", "no", sys.executable, __file__, "--replay", key, result[0]]
        run = subprocess.run(command, capture_output=True, text=True, timeout=300)
        (out.parent / f"ncu_{key}_{i}.txt").write_text(run.stdout[-80000:] + "\n--stderr--\n" + run.stderr[-8000:])


def replay(key: str, library: str) -> None:
    """Under ncu: two warm-up calls, then one in the NVTX range ncu profiles."""
    import torch

    import boltc

    x = b2b.input_of(torch, CHAINS[key], device="cuda")
    compiled = boltc.load(library)
    for _ in range(2):
        compiled(x)
    torch.cuda.synchronize()
    with torch.cuda.nvtx.range("boltc"):
        compiled(x)
        torch.cuda.synchronize()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="print the chains and their variants, then exit")
    parser.add_argument("--out", type=Path, help="write the rows as JSON here (required unless --list)")
    parser.add_argument("--only", default="", help="KEY[:I/J...],...: the chains (and variant indices) to run")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel builds")
    parser.add_argument("--build-dir", type=Path, default=Path("build/b2b_probe"))
    parser.add_argument("--ncu", action="store_true", help="also run Nsight Compute on each build")
    args = parser.parse_args(argv)
    if args.list:
        print(listing())
        return 0
    if args.out is None:
        parser.error("--out is required (or --list)")
    try:
        picks = selected(args.only)
    except ValueError as error:
        parser.error(str(error))
    args.build_dir.mkdir(parents=True, exist_ok=True)
    calls = {(key, i): (build, (key, VARIANTS[key][i], str(args.build_dir / f"{key}_{i}.so"))) for key, i in picks}
    start = time.monotonic()
    built = run_in_processes(calls, args.jobs, lambda pick: f"b2b_probe {pick[0]} variant {pick[1]}")
    print(f"built {len(built)} in {time.monotonic() - start:.0f} s", flush=True)
    time_builds(built, args.out)
    if args.ncu:
        profile_builds(built, args.out)
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--replay":
        replay(sys.argv[2], sys.argv[3])
    else:
        sys.exit(main())
