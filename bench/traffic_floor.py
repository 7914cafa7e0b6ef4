"""The chain's own traffic without its arithmetic: kernels that read the b2b_conv chain's input
once and write its output once (112x112x48 /2: 38.5 MB in, 9.6 MB out; 56x56x48 /1: 9.6 MB both
ways), timed as bench/b2b.py times the fused kernel (CUPTI kernel time, after triton's memset
flush and on a clean L2). bench/b2b.py's floor copy moves the same total bytes half read, half
written; under the flush's dirty L2 a read-heavy kernel pays the write-back of the lines its
misses evict, so this is the floor a kernel with the chain's own read/write mix meets.

    python3 bench/traffic_floor.py [--out traffic.json]

Kernels (f16, channels_last, batch 32, 48 channels; torch's own): avg_pool2d 2x2/2 and a sum over
2x2 windows (read 4, write 1: the stride-2 chain's mix) beside a copy of the same total bytes half
read, half written (bench/b2b.py's floor copy), and a copy of the 56x56x48 tensor (read 1, write
1: the stride-1 chain's mix, and its floor copy too).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def cases(torch, device: str = "cuda", batch: int = 32) -> dict:
    """label -> (the kernel's call, bytes it reads, bytes it writes)."""
    x2 = torch.randn(batch, 48, 112, 112, device=device, dtype=torch.half).to(memory_format=torch.channels_last)
    x1 = torch.randn(batch, 48, 56, 56, device=device, dtype=torch.half).to(memory_format=torch.channels_last)
    out1 = torch.empty_like(x1)
    half = torch.empty((x2.nbytes + x2.nbytes // 4) // 4, device=device, dtype=torch.half)  # 24 MB at batch 32
    half_out = torch.empty_like(half)
    nhwc = x2.permute(0, 2, 3, 1)  # the NHWC tensor the chain reads (a view of the same storage)
    return {
        "112x112x48 /2: avg_pool2d 2x2/2": (lambda: torch.nn.functional.avg_pool2d(x2, 2), x2.nbytes, x2.nbytes // 4),
        "112x112x48 /2: sum of 2x2 windows": (lambda: nhwc.unflatten(1, (56, 2)).unflatten(3, (56, 2)).sum((2, 4)),
                                              x2.nbytes, x2.nbytes // 4),
        "112x112x48 /2: copy of the same total bytes": (lambda: half_out.copy_(half), half.nbytes, half.nbytes),
        "56x56x48 /1: copy": (lambda: out1.copy_(x1), x1.nbytes, x1.nbytes),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    import torch

    from timing import kernel_time_us

    rows = []
    for label, (fn, read, written) in cases(torch).items():
        fn()
        torch.cuda.synchronize()
        rows.append({"case": label, "read_MB": read / 1e6, "written_MB": written / 1e6,
                     "kernel_us": round(kernel_time_us(torch, fn), 2),
                     "clean_us": round(kernel_time_us(torch, fn, clean_l2=True), 2)})
        print(json.dumps(rows[-1]), flush=True)
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
