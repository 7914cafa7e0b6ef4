"""What the b2b emitters' CPU tests share (test_b2b_conv_sm80.py, test_b2b_conv_sm90.py)."""

from __future__ import annotations

import contextlib
from unittest import mock

from boltc.compiler import load_for_compile, optimize


def optimized(model, x, arch: str, fuse_b2b: bool = True, keep_chained: bool = False):
    """`model` on example input `x` through the pipeline for `arch` (f16). `keep_chained`: every
    chained pointwise convolution stays one, fused or not (the pipeline keeps only those
    fuse-b2b pairs), for building a b2b by hand."""
    module, _ = load_for_compile(model, (x,))
    keep_all = mock.patch("boltc.passes.pipeline.paired_pointwise_convs", return_value=(None, []))
    with keep_all if keep_chained else contextlib.nullcontext():
        optimize(module, arch, "f16", fuse_b2b=fuse_b2b)
    return module
