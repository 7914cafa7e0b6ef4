"""Kernel selection: a documented heuristic now (`heuristic`); the performance model, the
profiler and the tuning cache follow (DESIGN.md, 'Packages and files')."""
