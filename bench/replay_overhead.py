#!/usr/bin/env python3
"""A captured model's replay, timed the way bench/models.py times it (CUDA events around one
replay, synchronized, median of 200), through CapturedGraph.replay and through the call it
made before the host path was trimmed (torch.cuda.current_stream(...).cuda_stream, then the C
entry point), alternating in one process: the host's share of a replay.

    python3 bench/replay_overhead.py build/models/resnet50_b32_f16.so
"""

from __future__ import annotations

import ctypes
import statistics
import sys


def main(path: str) -> int:
    import torch

    import boltc

    model = boltc.load(path)
    (spec,) = model.inputs
    from boltc.runtime import _TORCH_DTYPE_NAMES

    x = torch.randn(spec.shape, device="cuda").to(getattr(torch, _TORCH_DTYPE_NAMES[spec.dtype]))
    graph = model.capture_graph(x)
    lib = model._library

    def before() -> None:
        stream = torch.cuda.current_stream(graph._instance.device).cuda_stream
        lib.check(lib.lib.boltc_model_replay_graph(graph._instance.handle, ctypes.c_void_p(stream)), "replay")

    def timed(fn) -> float:
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        return start.elapsed_time(end) * 1000.0

    for _ in range(20):
        graph.replay()
        before()
    now, old = [], []
    for _ in range(200):
        now.append(timed(graph.replay))
        old.append(timed(before))
    print(f"replay(): {statistics.median(now):.1f} us; the former host path: {statistics.median(old):.1f} us "
          f"(median of 200 each, alternating)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
