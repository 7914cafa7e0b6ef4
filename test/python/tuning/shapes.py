"""The ops the tuning tests search: the paper's GEMMs (bolt_paper.json, the shared table, not
retyped) with a bias + ReLU epilogue, and ResNet-50's convolutions (batch 32, NHWC, bias + ReLU)."""

from __future__ import annotations

import json
from pathlib import Path

from conv_text import conv_text, parse_conv
from gemm_text import gemm_text, parse_gemm, tensor

# The shared table lives beside the repository (DESIGN.md: ../shared/workloads); where it is
# absent (a CI checkout), its GEMM shapes as of 2026-11-22. test_space.py checks the two agree.
_REPO = Path(__file__).resolve().parents[3]
_TABLES = [root / "shared" / "workloads" / "bolt_paper.json" for root in (_REPO.parent, _REPO.parent.parent)]
WORKLOADS = next((t for t in _TABLES if t.exists()), _TABLES[0])  # a worktree sits one level deeper
PAPER_GEMMS = ((1280, 768, 768), (1280, 768, 3072), (1280, 2304, 768), (1280, 3072, 768), (4096, 4096, 4096),
               (8192, 8192, 8192), (32768, 1024, 4096), (32768, 4096, 1024))


def paper_gemms_from_table() -> list[tuple[int, int, int]] | None:
    if not WORKLOADS.exists():
        return None
    table = json.loads(WORKLOADS.read_text())
    return sorted({(g["M"], g["N"], g["K"]) for g in (*table["gemm"], *table["gemm_bias_act"])})


# ResNet-50's distinct convolutions at batch 32: (H, W, C, F, R, S, stride, padding).
RESNET50_CONVS = (
    (224, 224, 3, 64, 7, 7, 2, 3),  # the stem (3 channels: the channel-padding variants)
    (56, 56, 64, 64, 1, 1, 1, 0), (56, 56, 64, 64, 3, 3, 1, 1), (56, 56, 64, 256, 1, 1, 1, 0),
    (56, 56, 256, 64, 1, 1, 1, 0), (56, 56, 256, 128, 1, 1, 1, 0), (56, 56, 128, 128, 3, 3, 2, 1),
    (28, 28, 128, 512, 1, 1, 1, 0), (56, 56, 256, 512, 1, 1, 2, 0), (28, 28, 512, 128, 1, 1, 1, 0),
    (28, 28, 128, 128, 3, 3, 1, 1), (28, 28, 512, 256, 1, 1, 1, 0), (28, 28, 256, 256, 3, 3, 2, 1),
    (14, 14, 256, 1024, 1, 1, 1, 0), (28, 28, 512, 1024, 1, 1, 2, 0), (14, 14, 1024, 256, 1, 1, 1, 0),
    (14, 14, 256, 256, 3, 3, 1, 1), (14, 14, 1024, 512, 1, 1, 1, 0), (14, 14, 512, 512, 3, 3, 2, 1),
    (7, 7, 512, 2048, 1, 1, 1, 0), (14, 14, 1024, 2048, 1, 1, 2, 0), (7, 7, 2048, 512, 1, 1, 1, 0),
    (7, 7, 512, 512, 3, 3, 1, 1),
)


def gemm_op(m: int, n: int, k: int, kernel: str | None = None):
    """relu(A @ B + bias[N]) in f16."""
    vec = tensor([n], "f32")
    return parse_gemm(gemm_text(m, n, k, extras=[([n], "f16")], result="%r", kernel=kernel, body=[
        f"%bias = bolt.ew.cast %x0 : {{x0}} -> {vec}",
        f"%s = bolt.ew.add %acc, %bias : {{acc}}, {vec} -> {{acc}}",
        "%r = bolt.ew.relu %s : {acc} -> {acc}",
    ]))


def conv_op(h, w, c, f, r, s, stride, padding, *, n: int = 32, groups: int = 1, kernel: str | None = None):
    return parse_conv(conv_text(n, h, w, c, f, r, s, stride=(stride, stride), padding=(padding,) * 4,
                                epilogue="bias_relu", groups=groups, kernel=kernel))
