"""Lowering: optimized bolt IR -> CUTLASS-instantiation C++ -> objects -> model.so.

- `cutlass/`: one emitter per kernel family (`gemm_sm90` so far); each turns an anchor with its
  `#bolt.kernel` choice and epilogue region into one translation unit whose `extern "C"` entry
  point takes the problem sizes at run time, so one TU serves every layer of that
  configuration.
- `build.py`: nvcc in parallel with a content-hashed object cache, compile-only or linked.
- `host.py` (the launch sequence and the arena) lives beside these and calls the entry points
  that the emitters describe (`EntryPoint`).

Lowering imports `dialects`, `analysis` and `interpret`, never `frontends` or `cli`.
"""
