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

    python3 bench/traffic_floor.py --mix --workloads bolt_paper.json [--out mix.json]

`--mix`: for every bench/b2b.py case, one kernel that moves the case's own floor traffic (its
input and weights read once, its output written once; `b2b.floor_traffic`) and nothing else:
reading k times what it writes, the sum of k slices of a buffer (k = round(read / written));
writing k times what it reads, k copies of it. Coalesced 16-byte accesses, one pass (triton).
torch's pooling and window-sum kernels are far slower than their traffic (120 and 37 us for
the stride-2 chain's 48 MB, 2026-12-02), so they say nothing about a floor; this does. The
table: the floor (bytes at a 1 GiB copy's rate), the mix kernel's time under the flush and on a
clean L2, and the fraction of the floor each reaches (what issue 14's 60 % asks of the fused
kernel, met by a kernel that does nothing but the traffic).
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


def mix_shape(read_bytes: int, written_bytes: int) -> tuple[str, int, int]:
    """The mix kernel for a traffic of `read_bytes` and `written_bytes` (16-bit elements):
    ("sum", k, n): read k slices of n elements, write their sum (n elements); ("copies", k, n):
    read n elements, write k copies of them. k = the ratio of the larger side to the smaller,
    rounded (at least 1), n = the smaller side's elements, so the kernel moves (k + 1) n
    elements: the case's traffic to within the rounding."""
    if read_bytes >= written_bytes:
        n = max(1, written_bytes // 2)
        return "sum", max(1, round(read_bytes / written_bytes)), n
    n = max(1, read_bytes // 2)
    return "copies", max(1, round(written_bytes / read_bytes)), n


def mix_reference(torch, kind: str, k: int, source):
    """What the mix kernel computes, in torch (the CPU test's, and the GPU check's reference)."""
    if kind == "sum":
        return source.view(k, -1).float().sum(0).to(source.dtype)
    return source.repeat(k)


_TRITON_KERNELS: dict = {}


def _triton_kernels():
    """The two triton kernels, defined on first use (triton is on the GPU machine only)."""
    if _TRITON_KERNELS:
        return _TRITON_KERNELS
    import triton
    import triton.language as tl

    @triton.jit
    def sum_slices(src, dst, n, K: tl.constexpr, BLOCK: tl.constexpr):
        offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        acc = tl.load(src + offs, mask=mask, other=0.0).to(tl.float32)
        for j in tl.static_range(1, K):
            acc += tl.load(src + j * n + offs, mask=mask, other=0.0).to(tl.float32)
        tl.store(dst + offs, acc.to(dst.dtype.element_ty), mask=mask)

    @triton.jit
    def copies(src, dst, n, K: tl.constexpr, BLOCK: tl.constexpr):
        offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        x = tl.load(src + offs, mask=mask, other=0.0)
        for j in tl.static_range(K):
            tl.store(dst + j * n + offs, x, mask=mask)

    _TRITON_KERNELS.update(sum=sum_slices, copies=copies, triton=triton)
    return _TRITON_KERNELS


def mix_case(torch, read_bytes: int, written_bytes: int, device: str = "cuda"):
    """(call, bytes read, bytes written, reference) of the mix kernel for a traffic (mix_shape);
    on the CPU the call is the reference itself."""
    kind, k, n = mix_shape(read_bytes, written_bytes)
    source = torch.randn(k * n if kind == "sum" else n, device=device, dtype=torch.half)
    target = torch.empty(n if kind == "sum" else k * n, device=device, dtype=torch.half)
    read, written = source.nbytes, target.nbytes

    def reference():
        return mix_reference(torch, kind, k, source)

    if device == "cpu":
        return reference, read, written, reference
    kernels = _triton_kernels()
    block = 4096
    grid = (kernels["triton"].cdiv(n, block),)

    def call():
        kernels[kind][grid](source, target, n, K=k, BLOCK=block, num_warps=8)
        return target

    return call, read, written, reference


def mix_times(torch, read_bytes: int, written_bytes: int) -> tuple[int, int, float, float]:
    """(bytes read, bytes written, device us under the flush, device us on a clean L2) of the mix
    kernel for a traffic, checked against its reference once before it is timed."""
    from timing import kernel_time_us

    call, read, written, reference = mix_case(torch, read_bytes, written_bytes)
    torch.testing.assert_close(call().float(), reference().float(), rtol=1e-2, atol=1e-2)
    return read, written, kernel_time_us(torch, call), kernel_time_us(torch, call, clean_l2=True)


def mix_rows(torch, workloads: Path) -> list[dict]:
    """The mix kernel of every bench/b2b.py case, checked against its reference once, timed
    under the flush and on a clean L2, beside the case's floor at a 1 GiB copy's rate."""
    import b2b
    from triton.testing import do_bench

    rate = b2b.copy_rate_tbps(torch, do_bench)
    rows = []
    for case in b2b.cases(json.loads(workloads.read_text())):
        read, written = b2b.floor_traffic(case)
        moved_read, moved_written, flush, clean = mix_times(torch, read, written)
        floor_us = b2b.memory_floor_us(case, rate)
        rows.append({"case": case.label, "read_MB": round(read / 1e6, 2), "written_MB": round(written / 1e6, 2),
                     "moved_MB": round((moved_read + moved_written) / 1e6, 2), "copy_tbps": round(rate, 3),
                     "floor_us": round(floor_us, 2), "mix_us": round(flush, 2), "mix_clean_us": round(clean, 2),
                     "floor_over_mix": round(floor_us / flush, 3), "floor_over_mix_clean": round(floor_us / clean, 3)})
        print(json.dumps(rows[-1]), flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path)
    parser.add_argument("--mix", action="store_true", help="the mix kernel of every bench/b2b.py case")
    parser.add_argument("--workloads", type=Path, default=Path(__file__).resolve().parents[2] / "shared/workloads/bolt_paper.json")
    args = parser.parse_args(argv)
    import torch

    from timing import kernel_time_us

    if args.mix:
        rows = mix_rows(torch, args.workloads)
        print("| case | read MB | written MB | floor us | mix kernel us (clean L2) | floor / mix kernel (clean) |")
        print("|---|---:|---:|---:|---:|---:|")
        for r in rows:
            print(f"| {r['case']} | {r['read_MB']} | {r['written_MB']} | {r['floor_us']} | {r['mix_us']} "
                  f"({r['mix_clean_us']}) | {r['floor_over_mix']} ({r['floor_over_mix_clean']}) |")
        if args.out:
            args.out.write_text(json.dumps(rows, indent=1) + "\n")
        return 0
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
