"""Kernel selection: a documented heuristic (`heuristic`), the search space (`space`), the
profiler (`profile`) and the tuning cache (`cache`); the performance model follows (DESIGN.md,
'Packages and files')."""
