"""CUTLASS emitters: typed C++ pieces (`cpp`), epilogue visitor trees (`evt`), and one module
per kernel family (`gemm_sm90`). Each emitter validates its configuration before nvcc sees it
(`InvalidKernelConfig`), the way CUTLASS's builders `static_assert` it, but with a message that
names the bolt op and the rule."""

from boltc.lowering.cutlass.cpp import InvalidKernelConfig, UnsupportedEpilogue

__all__ = ["InvalidKernelConfig", "UnsupportedEpilogue"]
