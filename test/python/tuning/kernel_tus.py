"""What the lowering makes of every GEMM and convolution of the test/data models (and of
half/ and ops/): per anchor its family, the
translation unit's name, a digest of its host and device text, and the manifest's reason. The
select-kernels refactor is held to these (test_select_identity.py): `python
test/python/tuning/kernel_tus.py > test/python/tuning/kernel_tus.json` wrote the golden file from
the code before the refactor (commit 2ff465f), where the emitters still called the heuristics."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "data"
MODELS = sorted(str(p.relative_to(DATA).with_suffix("")) for pattern in ("*.mlir", "half/*.mlir", "ops/*.mlir")
                for p in DATA.glob(pattern))
ARCHES = ("sm_90a", "sm_80")


def _digest(text: str | None) -> str:
    return hashlib.sha256((text or "").encode()).hexdigest()[:16]


def kernel_tus(model: str, arch: str, tune: str | None = None, strip: bool = False) -> list[dict[str, str]]:
    """`strip`: the select-kernels pass's attributes removed before lowering (IR that did not go
    through the pass: the lowering asks the heuristic itself)."""
    from boltc.compiler import optimize
    from boltc.diagnostics import BoltcError
    from boltc.dialects import bolt
    from boltc.frontends import load
    from boltc.lowering.anchors import lower_anchor
    from boltc.tuning.select import Tuning

    module = load(str(DATA / f"{model}.mlir"))
    kwargs = {} if tune is None else {"tuning": Tuning(tune)}
    precision = "bf16" if model.endswith("_bf16") else "f16"
    # fuse_b2b off: the anchors' own kernels, as when the golden was written (fuse-b2b then ran
    # on no target by default; on sm_90a it now puts the GEMM pairs in b2b kernels).
    optimize(module, arch=arch, precision=precision, fuse_b2b=False, **kwargs)
    rows = []
    for op in module.walk():
        if isinstance(op, (bolt.GemmOp, bolt.Conv2dOp)):
            if strip:
                op.kernel = None
                op.attributes.pop("bolt.kernel_reason", None)
            try:
                call = lower_anchor(op, arch)
            except BoltcError as error:  # a refusal is part of what the lowering makes of it
                rows.append({"op": op.name, "error": str(error).replace(str(DATA), "test/data")})
                continue
            rows.append({"op": op.name, "family": call.family, "unit": call.unit.name,
                         "host": _digest(call.unit.source), "device": _digest(call.unit.device_source),
                         "reason": call.reason})
    return rows


def all_kernel_tus(tune: str | None = None, strip: bool = False) -> dict[str, list[dict[str, str]]]:
    return {f"{model}@{arch}": kernel_tus(model, arch, tune, strip) for model in MODELS for arch in ARCHES}


if __name__ == "__main__":
    json.dump(all_kernel_tus(), sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")
