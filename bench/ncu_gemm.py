"""One boltc GEMM and cuBLAS's kernel for the same GEMM, side by side under Nsight Compute: the
question it answers is where the ~1 us goes that cuBLAS's nvjet kernels save on the one-wave
GEMMs boltc loses (ResNet-50's stride-1 1x1 layers as conv-as-gemm hands them over, the paper's
1280x768x768; bench/RESULTS.md, issue 13).

    ncu --set full --clock-control none -k regex:'nvjet|cutlass|Kernel' -o $OUT/gemms \\
        python3 bench/ncu_gemm.py 6272x256x1024t:128x128,cooperative 1280x768x768:128x64,pingpong,2x1x1
    ncu --import $OUT/gemms.ncu-rep --page details --csv > $OUT/gemms.csv

Each argument is MxNxK (t: B given as [N, K], as a 1x1 convolution's filter is; else [K, N]),
then after the colon boltc's gemm_sm90 configuration: tile MxN (k-block 64), schedule, and an
optional cluster (default 1x1x1). For each, in this order: boltc's kernel, checked against
torch (rtol/atol 2e-3, operands scaled by 1/sqrt(K)), then launched twice from its CUDA graph;
then torch.matmul on the same operands, twice. ncu profiles every launch (the first of each is
the cold one); the CSV's kernel names tell boltc's (CUTLASS's device kernels) from cuBLAS's.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gemm import gemm_model  # noqa: E402

_SPEC = re.compile(r"^(\d+)x(\d+)x(\d+)(t?):(\d+)x(\d+),(cooperative|pingpong)(?:,(\d+)x(\d+)x(\d+))?$")


@dataclass(frozen=True)
class Spec:
    m: int
    n: int
    k: int
    transpose_b: bool
    tile: tuple[int, int]
    schedule: str
    cluster: tuple[int, int, int]

    def kernel_attr(self) -> str:
        cluster = ", ".join(map(str, self.cluster))
        return (f'#bolt.kernel<"gemm_sm90", tile [{self.tile[0]}, {self.tile[1]}, 64], cluster [{cluster}], '
                f'stages auto, "{self.schedule}">')

    def model_text(self) -> str:
        """bolt IR of D = A @ B (B as [N, K] with transpose_b), the kernel forced."""
        return gemm_model(self.m, self.n, self.k, None, self.kernel_attr(), transpose_b=self.transpose_b)


def parse(text: str) -> Spec:
    match = _SPEC.match(text)
    if not match:
        raise SystemExit(f"ncu_gemm: {text!r} is not MxNxK[t]:TMxTN,cooperative|pingpong[,CXxCYxCZ]")
    m, n, k, t, tm, tn, schedule, *cluster = match.groups()
    return Spec(int(m), int(n), int(k), t == "t", (int(tm), int(tn)), schedule,
                tuple(int(c) for c in cluster) if cluster[0] else (1, 1, 1))


def run(spec: Spec) -> None:
    import torch

    import boltc

    gen = torch.Generator(device="cuda").manual_seed(0)
    a = torch.randn(spec.m, spec.k, device="cuda", dtype=torch.half, generator=gen)
    shape_b = (spec.n, spec.k) if spec.transpose_b else (spec.k, spec.n)
    b = torch.randn(*shape_b, device="cuda", dtype=torch.half, generator=gen) / spec.k**0.5
    model = boltc.compile(spec.model_text(), precision="f16")
    ours = model(a, b)
    reference = a.float() @ (b.float().t() if spec.transpose_b else b.float())
    torch.testing.assert_close(ours.float(), reference, rtol=2e-3, atol=2e-3)
    graph = model.capture_graph(a, b)
    for _ in range(2):
        graph.replay()
    torch.cuda.synchronize()
    operand = b.t() if spec.transpose_b else b  # a view: cuBLAS's transposed operand, as torch's linear
    for _ in range(2):
        torch.matmul(a, operand)
    torch.cuda.synchronize()
    print(f"ncu_gemm: {spec.m}x{spec.n}x{spec.k}{'t' if spec.transpose_b else ''}: boltc {model.kernels}", flush=True)
    model.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("gemms", nargs="+", help="MxNxK[t]:TMxTN,cooperative|pingpong[,CXxCYxCZ]")
    args = parser.parse_args(argv)
    for spec in [parse(g) for g in args.gemms]:  # every argument checked before the GPU is touched
        run(spec)
    return 0


if __name__ == "__main__":
    sys.exit(main())
