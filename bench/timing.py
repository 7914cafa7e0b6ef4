"""How the bench scripts time one call beyond do_bench's event pair: the same work replayed as a
CUDA graph, and the device time of its kernels alone (CUPTI, through torch.profiler).

A do_bench time is what a caller waits for one launch: the kernels plus the launch's own gap on
the device, which differs between an eager launch, a torch CUDA graph and a boltc model's graph
replay by a few microseconds, as much as a whole 1x1 convolution's margin. Peers and boltc's
builds are compared in the same form (bench/tuned.py records each form for both).
"""

from __future__ import annotations

import functools


def cuda_graph(torch, fn):
    """The replay of `fn` captured as a CUDA graph, after three calls on a side stream (where
    cuDNN's autotuning happens, outside the capture). test/gpu/gpu_helpers.py's torch_graph."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            fn()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        fn()
    return graph.replay


KERNEL_CALLS = 20


def kernel_time_us(torch, fn, clean_l2: bool = False) -> float:
    """The device time of the kernels one call of `fn` runs (CUPTI, through torch.profiler):
    the mean over KERNEL_CALLS calls, each after an L2 flush (the flush's own kernels, found by
    profiling it alone, are left out). A graph replay's time under do_bench also counts the
    graph's launch on the device, a few microseconds that no kernel of it spends (bench/b2b.py
    reports the memory floor's fraction on this time: the floor is the kernels' bytes).

    The flush is triton do_bench's: a 256 MB buffer zeroed, which leaves the L2 full of dirty
    lines that the timed kernel's own misses write back to DRAM (tens of MB: several
    microseconds on a kernel of 20). `clean_l2` then reads the buffer, so those lines are written
    back by the flush and the kernel starts on a clean L2, as ncu's cache control
    (`--cache-control all`: flushed and invalidated) times a kernel."""
    from torch.profiler import ProfilerActivity, profile

    flush, flush_names = _l2_flush(torch, clean_l2)
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(KERNEL_CALLS):
            flush()
            fn()
        torch.cuda.synchronize()
    total = sum(e.device_time for e in _device_kernels(prof.events()) if e.name not in flush_names)
    return total / KERNEL_CALLS


def _device_kernels(events) -> list:
    return [e for e in events if e.device_type.name == "CUDA"]


@functools.cache
def _l2_flush(torch, clean: bool = False) -> tuple[object, frozenset[str]]:
    """The L2 flush kernel_time_us runs before each call (triton do_bench's 256 MB buffer,
    zeroed; then read where `clean`) and the names of the kernels it runs, profiled once for
    every build timed."""
    from torch.profiler import ProfilerActivity, profile

    cache = torch.empty(256 << 20, dtype=torch.int8, device="cuda")
    words = cache.view(torch.int32)

    def flush() -> None:
        cache.zero_()
        if clean:
            words.max()  # every line read: the zeroed ones written back here, not in the timed kernel

    with profile(activities=[ProfilerActivity.CUDA]) as flush_only:
        flush()
        torch.cuda.synchronize()
    return flush, frozenset(e.name for e in _device_kernels(flush_only.events()))
