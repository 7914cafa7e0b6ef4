"""Every boltc pass by its command-line name, for boltc-opt and the driver.

It sits at the top of the package because the import pass lives in frontends/, which
passes/ must not import (DESIGN.md: imports point from the outside in). Passes are imported
only when asked for, so that `boltc-opt --help` stays fast; a pass whose module does not
exist yet is not offered.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable

from xdsl.passes import ModulePass

# name -> (module, class). The graph passes run in the order DESIGN.md lists them.
PASSES: dict[str, tuple[str, str]] = {
    "import-linalg": ("boltc.frontends.mlir", "ImportLinalgPass"),
    "raise-bolt": ("boltc.passes.raise_bolt", "RaiseBoltPass"),
    "bolt-canonicalize": ("boltc.passes.canonicalize", "CanonicalizePass"),
    "fold-constants": ("boltc.passes.fold_constants", "FoldConstantsPass"),
    "fold-batchnorm": ("boltc.passes.fold_batchnorm", "FoldBatchNormPass"),
    "merge-parallel-convs": ("boltc.passes.merge_parallel_convs", "MergeParallelConvsPass"),
    "convert-precision": ("boltc.passes.convert_precision", "ConvertPrecisionPass"),
    "layout-nhwc": ("boltc.passes.layout_nhwc", "LayoutNhwcPass"),
    "space-to-depth": ("boltc.passes.space_to_depth", "SpaceToDepthPass"),
    "conv-as-gemm": ("boltc.passes.conv_as_gemm", "ConvAsGemmPass"),
    "fuse-attention": ("boltc.passes.fuse_attention", "FuseAttentionPass"),
    "pad-alignment": ("boltc.passes.pad_alignment", "PadAlignmentPass"),
    "fuse-epilogue": ("boltc.passes.fuse_epilogue", "FuseEpiloguePass"),
    "merge-residual-gemms": ("boltc.passes.merge_residual_gemms", "MergeResidualGemmsPass"),
    "fuse-conv-pool": ("boltc.passes.fuse_conv_pool", "FuseConvPoolPass"),
    "fuse-b2b": ("boltc.passes.fuse_b2b", "FuseB2bPass"),
    "select-kernels": ("boltc.passes.select_kernels", "SelectKernelsPass"),
    "plan-memory": ("boltc.passes.plan_memory", "PlanMemoryPass"),
    "bolt-pipeline": ("boltc.passes.pipeline", "BoltPipelinePass"),
}


def _factory(module: str, cls: str) -> Callable[[], type[ModulePass]]:
    def load() -> type[ModulePass]:
        return getattr(importlib.import_module(module), cls)

    return load


def available_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """Name -> factory, for the passes whose modules exist."""
    return {
        name: _factory(module, cls)
        for name, (module, cls) in PASSES.items()
        if importlib.util.find_spec(module) is not None
    }
