"""bolt-pipeline: the graph passes in the order DESIGN.md gives, as the `boltc` driver runs them.

    fold constants and batch-norm -> parallel convolutions merged -> precision -> NHWC
    -> strided stems folded (space-to-depth) -> pointwise convs as GEMMs -> attention fused
    -> alignment padding -> epilogue fusion -> GEMMs summed as residuals merged along K
    -> max pools fused into their convolutions -> back-to-back fusion -> kernel selection
    -> memory plan

Canonicalization runs between the stages that leave dead or trivial ops behind. The input is
bolt IR as the importer produces it (boltc.frontends.load); the output is what the
lowering reads: anchors with their epilogues, conv_pool and b2b kernels, and an arena plan.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from boltc.diagnostics import BoltcError, collecting_remarks, remark
from boltc.dialects import bolt
from boltc.passes.canonicalize import CanonicalizePass
from boltc.passes.conv_as_gemm import ConvAsGemmPass, location_key, pointwise_window_blocker
from boltc.passes.convert_precision import ConvertPrecisionPass
from boltc.passes.fold_batchnorm import FoldBatchNormPass
from boltc.passes.fold_constants import FoldConstantsPass
from boltc.passes.fuse_attention import FuseAttentionPass
from boltc.passes.fuse_b2b import FuseB2bPass
from boltc.passes.fuse_conv_pool import FuseConvPoolPass
from boltc.passes.fuse_epilogue import FuseEpiloguePass
from boltc.passes.layout_nhwc import LayoutNhwcPass
from boltc.passes.merge_parallel_convs import MergeParallelConvsPass
from boltc.passes.merge_residual_gemms import MergeResidualGemmsPass
from boltc.passes.pad_alignment import PadAlignmentPass
from boltc.passes.plan_memory import PlanMemoryPass
from boltc.passes.select_kernels import SelectKernelsPass
from boltc.passes.space_to_depth import SpaceToDepthPass

PRECISIONS = ("f16", "bf16", "f32")
ARCHS = ("sm_90a", "sm_80")


def pipeline_passes(
    precision: str = "f16", arch: str = "sm_90a", remarks: bool = False, fuse_b2b: bool = True,
    keep_f32: tuple[str, ...] = (), tune: str = "heuristic", tune_budget: float = 0.0, tune_cluster: str = "",
    tune_progress: bool = False,
) -> list[ModulePass]:
    """The passes `boltc` runs, in order. precision f32 keeps fp32 compute (no conversion).
    fuse_b2b=False leaves back-to-back anchors apart (for a target without a b2b kernel).
    keep_f32: convert-precision's selectors of ops to keep in fp32 (`--precision-override`).
    tune, tune_budget, tune_cluster, tune_progress: select-kernels' strategy, its profiling budget
    in seconds (0: none), the Dask cluster it profiles on ("": the local GPUs) and whether
    profiling prints its progress on stderr."""
    if precision not in PRECISIONS:
        raise BoltcError(f"unknown precision '{precision}' (choose from {', '.join(PRECISIONS)})")
    if keep_f32 and precision == "f32":
        raise BoltcError(f"keeping ops in f32 ({', '.join(keep_f32)}) means nothing with precision f32: "
                         "every op computes in f32 already")
    if arch not in ARCHS:
        raise BoltcError(f"unknown architecture '{arch}' (choose from {', '.join(ARCHS)})")
    passes: list[ModulePass] = [
        CanonicalizePass(),
        FoldConstantsPass(),
        FoldBatchNormPass(),
        FoldConstantsPass(),
        CanonicalizePass(),
        MergeParallelConvsPass(remarks=remarks),
    ]
    if precision != "f32":
        passes.append(ConvertPrecisionPass(dtype=precision, keep_f32=tuple(keep_f32)))
    passes += [
        LayoutNhwcPass(),
        SpaceToDepthPass(remarks=remarks),
        ConvAsGemmPass(keep_chained=fuse_b2b),  # a conv -> 1x1 conv chain stays for fuse-b2b
        FuseAttentionPass(remarks=remarks),
        PadAlignmentPass(),
        CanonicalizePass(),
        FuseEpiloguePass(remarks=remarks),
        MergeResidualGemmsPass(remarks=remarks),
        FuseConvPoolPass(arch=arch, remarks=remarks),
    ]
    if fuse_b2b:
        passes.append(FuseB2bPass(arch=arch, remarks=remarks))
    passes += [
        CanonicalizePass(),
        SelectKernelsPass(arch=arch, tune=tune, budget=tune_budget, cluster=tune_cluster, remarks=remarks,
                          progress=tune_progress),
        PlanMemoryPass(remarks=remarks),
    ]
    return passes


def run_pipeline(
    module: ModuleOp, precision: str = "f16", arch: str = "sm_90a", remarks: bool = False,
    fuse_b2b: bool = True, keep_f32: tuple[str, ...] = (), tune: str = "heuristic", tune_budget: float = 0.0,
    tune_cluster: str = "", tune_progress: bool = False,
) -> ModuleOp:
    ctx = Context()
    passes = pipeline_passes(precision, arch, remarks, fuse_b2b, keep_f32, tune, tune_budget, tune_cluster,
                             tune_progress)
    # Only a module with convolutions has chained pointwise ones to decide on: the others skip
    # the probe's second run of the passes.
    if fuse_b2b and any(isinstance(op, bolt.Conv2dOp) for op in module.walk()):
        keep, refused = paired_pointwise_convs(module, passes)
        passes = [replace(p, keep_only=keep) if isinstance(p, ConvAsGemmPass) else p for p in passes]
        # Why fuse-b2b left those convolution pairs apart: said here, from the probe, since the
        # run below makes their pointwise convolutions GEMMs (no pair to remark on).
        for line in refused:
            remark(FuseB2bPass.name, line, remarks)
    for p in passes:
        p.apply(ctx, module)
    return module


def paired_pointwise_convs(module: ModuleOp, passes: list[ModulePass]) -> tuple[frozenset[str] | None, list[str]]:
    """The locations (`conv_as_gemm.location_key`) of the pointwise convolutions fuse-b2b puts in
    a bolt.b2b, and fuse-b2b's remarks on the convolution pairs it refused: the passes up to
    fuse-b2b run on a copy of `module`, every chained pointwise convolution kept, remarks
    collected, not printed. conv-as-gemm then keeps only these as convolutions (the rest run as
    GEMMs, as without fuse-b2b). None where two pointwise convolutions share a location (nothing
    tells them apart): every chained one is kept."""
    probe = module.clone()
    ctx = Context()
    with collecting_remarks() as collected:
        for p in passes:
            if isinstance(p, SelectKernelsPass):
                break
            (replace(p, remarks=False) if "remarks" in getattr(p, "__dataclass_fields__", {}) else p).apply(ctx, probe)
    pointwise = {op: location_key(op) for op in probe.walk()
                 if isinstance(op, bolt.Conv2dOp) and pointwise_window_blocker(op) is None}
    refused = [r["message"] for r in collected if r["pass"] == FuseB2bPass.name
               and "'bolt.conv2d' not fused back to back with 'bolt.conv2d'" in r["message"]]
    if len(set(pointwise.values())) != len(pointwise):
        return None, []
    return frozenset(key for op, key in pointwise.items() if isinstance(op.parent_op(), bolt.B2bOp)), refused


@dataclass(frozen=True)
class BoltPipelinePass(ModulePass):
    """The whole graph pipeline: `boltc-opt -p 'bolt-pipeline{precision=f32}'`."""

    name = "bolt-pipeline"
    precision: str = "f16"
    arch: str = "sm_90a"
    remarks: bool = False
    keep_f32: tuple[str, ...] = ()
    tune: str = "heuristic"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for p in pipeline_passes(self.precision, self.arch, self.remarks, keep_f32=tuple(self.keep_f32),
                                 tune=self.tune):
            p.apply(ctx, op)
