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
    elif args.ir:  # a fat library: each arch's IR under a header line
        variants = manifest.get("variants") or []
        if len(variants) > 1:
            text = "".join(f"// ---- {v['arch']} ----\n{v['ir']['text']}" for v in variants)
        else:
            text = manifest["ir"]["text"]
    else:
        text = summary(manifest, args.library)
    sys.stdout.write(text)
    sys.stdout.flush()


def summary(manifest: dict[str, Any], path: str) -> str:
    """The manifest as a person reads it: a header, the tensors, then a table of the kernels
    (one per arch of a fat library, in the order the library tries them)."""
    model = manifest["model"]
    cuda = manifest["cuda"]
    tuning = manifest["tuning"]
    variants = manifest.get("variants") or [  # a manifest from before variants: one arch
        {"arch": manifest["targets"][0] if manifest["targets"] else "?", "flags": manifest["flags"],
         "model": model, "kernels": manifest["kernels"]}]
    fat = len(variants) > 1
    targets = ", ".join(manifest["targets"])
    if fat:
        targets += " (one library: a GPU runs the first of these its code runs on)"
    lines = [
        f"{path}: boltc model '{manifest['name']}' (manifest format {manifest['format_version']})",
        f"  built by     boltc {manifest['boltc']}, CUTLASS {manifest['cutlass']}, "
        f"CUDA {cuda['release'] or 'unknown'} (nvcc)",
        f"  targets      {targets}",
        f"  precision    {manifest['precision'] or 'as written (no graph passes recorded)'}",
        f"  configs from {tuning['source']} (boltc/tuning sha256 {tuning['heuristic_sha256'][:16]}); "
        f"tuning cache: {tuning['cache_sha256'] or 'none'}",
    ]
    if not fat:
        lines[4:4] = [f"  kernel flags {' '.join(manifest['flags']['kernels'])}"]
        lines.append(memory_line(model))
    lines += [
        "",
        "inputs:",
        *(f"  {tensor_text(t)}" for t in model["inputs"]),
        "outputs:",
        *(f"  {tensor_text(t)}" for t in model["outputs"]),
    ]
    for variant in variants:
        launches = len(variant["kernels"])
        count = f"{launches} launch{'' if launches == 1 else 'es'}"
        lines.append("")
        if fat:
            lines += [f"{variant['arch']}:",
                      f"  kernel flags {' '.join(variant['flags']['kernels'])}",
                      memory_line(variant["model"]),
                      f"kernels for {variant['arch']} ({count}):"]
        else:
            lines.append(f"kernels ({count}):")
        lines += kernel_table(variant["kernels"])
    lines += ["", f"boltc inspect {path} --ir prints the optimized bolt IR; --json the whole manifest."]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def memory_line(model: dict[str, Any]) -> str:
    return (f"  memory       arena {model['arena_bytes']} B, workspace {model['workspace_bytes']} B, "
            f"weights {model['weights_bytes']} B")


def kernel_table(steps: list[dict[str, Any]]) -> list[str]:
    """Each launch step: its kernel, configuration and the ops it covers; then why each
    configuration was chosen."""
    lines = []
    rows = [("#", "kernel", "configuration", "ops covered")]
    for step in steps:
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
    reasons = [(s["step"], s["reason"]) for s in steps if s["reason"]]
    if reasons:
        lines += ["", "why each configuration:"]
        lines += [f"  {step}: {reason}" for step, reason in reasons]
    return lines


def tensor_text(tensor: dict[str, Any]) -> str:
    return f"{tensor['name']}: {tensor['dtype']}[{', '.join(map(str, tensor['shape']))}]"
