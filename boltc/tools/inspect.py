"""`boltc inspect model.so`: what a model.so says about itself (its manifest, boltc/manifest.py).

    boltc inspect model.so           # versions, target, inputs/outputs, the kernels and their ops
    boltc inspect model.so --json    # the whole manifest, as JSON
    boltc inspect model.so --ir      # the optimized bolt IR it was built from (weights elided)

The file is read as an ELF file, never loaded: this works on a machine without a GPU or a CUDA
driver. A file that is not a boltc model.so (missing, not ELF, without a manifest, with a
manifest of a newer format) is an error naming it (exit 1).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from boltc.manifest import read_manifest


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="boltc inspect",
        description="Print the manifest a model.so built by boltc carries: the boltc, CUTLASS and CUDA "
                    "versions and flags it was built with, its target archs, inputs and outputs, each "
                    "kernel's configuration and the ops it computes, and the optimized bolt IR. The file "
                    "is read, not loaded: no GPU needed.",
        epilog="Exit status: 0 done, 1 not a boltc model.so (the message says why), 2 bad command line.",
    )
    parser.add_argument("library", metavar="MODEL.so", help="a shared library built by boltc")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--json", action="store_true", help="print the whole manifest as JSON")
    shown.add_argument("--ir", action="store_true",
                       help="print the optimized bolt IR the library was built from (weights elided)")
    return parser


def run(args: argparse.Namespace) -> None:
    manifest = read_manifest(args.library)
    if args.json:
        text = json.dumps(manifest, indent=2) + "\n"
    elif args.ir:
        text = manifest["ir"]["text"]
    else:
        text = summary(manifest, args.library)
    sys.stdout.write(text)
    sys.stdout.flush()


def summary(manifest: dict[str, Any], path: str) -> str:
    """The manifest as a person reads it: a header, the tensors, then a table of the kernels."""
    model = manifest["model"]
    cuda = manifest["cuda"]
    tuning = manifest["tuning"]
    lines = [
        f"{path}: boltc model '{manifest['name']}' (manifest format {manifest['format_version']})",
        f"  built by     boltc {manifest['boltc']}, CUTLASS {manifest['cutlass']}, "
        f"CUDA {cuda['release'] or 'unknown'} (nvcc)",
        f"  targets      {', '.join(manifest['targets'])}",
        f"  precision    {manifest['precision'] or 'as written (no graph passes recorded)'}",
        f"  kernel flags {' '.join(manifest['flags']['kernels'])}",
        f"  configs from {tuning['source']} (boltc/tuning sha256 {tuning['heuristic_sha256'][:16]}); "
        f"tuning cache: {tuning['cache_sha256'] or 'none'}",
        f"  memory       arena {model['arena_bytes']} B, workspace {model['workspace_bytes']} B, "
        f"weights {model['weights_bytes']} B",
        "",
        "inputs:",
        *(f"  {tensor_text(t)}" for t in model["inputs"]),
        "outputs:",
        *(f"  {tensor_text(t)}" for t in model["outputs"]),
        "",
        f"kernels ({len(manifest['kernels'])} launch{'' if len(manifest['kernels']) == 1 else 'es'}):",
    ]
    rows = [("#", "kernel", "configuration", "ops covered")]
    for step in manifest["kernels"]:
        config = step["config"] or step["entry"] or "-"
        covers = step["covers"] or [{"op": "(copy)", "location": ""}]
        for i, covered in enumerate(covers):
            where = f" at {covered['location']}" if covered["location"] else ""
            first = i == 0
            rows.append((str(step["step"]) if first else "", step["kernel"] if first else "",
                         config if first else "", f"{covered['op']}{where}"))
    widths = [max(len(row[c]) for row in rows) for c in range(3)]
    for row in rows:
        lines.append("  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)) + "  " + row[3])
    reasons = [(s["step"], s["reason"]) for s in manifest["kernels"] if s["reason"]]
    if reasons:
        lines += ["", "why each configuration:"]
        lines += [f"  {step}: {reason}" for step, reason in reasons]
    lines += ["", f"boltc inspect {path} --ir prints the optimized bolt IR; --json the whole manifest."]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def tensor_text(tensor: dict[str, Any]) -> str:
    return f"{tensor['name']}: {tensor['dtype']}[{', '.join(map(str, tensor['shape']))}]"
