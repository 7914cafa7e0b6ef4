"""select-kernels: the kernel that lowers each GEMM and convolution, written into the IR.

    bolt.gemm %a, %b : ...                                   (no kernel chosen)
      ->  bolt.gemm %a, %b {bolt.kernel_reason = "heuristic: ...",
                            kernel = #bolt.kernel<"gemm_sm90", tile [128, 256, 64], cluster [2, 1, 1],
                                                  stages auto, "cooperative">} : ...

Every bolt.gemm and bolt.conv2d without a `#bolt.kernel` gets the one `tune` chooses
(tuning/select.py: `heuristic`, `model` or `profile`) for `arch`, and the reason beside it as
the discardable `bolt.kernel_reason` (the lowering reports it in the manifest); with
`remarks=true` the choice and its reason are printed on stderr as a remark; with
`progress=true` (`boltc --tune profile` unless -q) profiling prints its progress on stderr. A `#bolt.kernel`
already on an op (the user's) is kept as written, and the op gets no reason. The emitters read
only the attribute.

Left without a `#bolt.kernel` (the reason still written):
- a grouped or depthwise convolution the tensor cores do not take (conv_direct): that kernel has
  no configuration to record, its widths follow from the problem (conv_direct.choose_config);
  a depthwise one conv_depthwise takes gets that family's #bolt.kernel instead;
- an op whose family's heuristic has nothing to choose from (f32 inputs for a tensor-op kernel,
  an empty problem): the lowering then reports the emitter's own refusal at the op.

It runs last before plan-memory: after pad-alignment (alignments decide the candidates) and the
fusion passes (the epilogue decides which families can lower the op: conv_sm80 lacks some
epilogues), so that what it chooses is what the lowering will see. bolt.b2b, bolt.conv_pool and
bolt.attention keep their own choices (fuse-b2b's plan, the conv_pool kernel's, fmha_sm80's rule).
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.ir import Operation
from xdsl.passes import ModulePass

from boltc.diagnostics import BoltcError, op_location
from boltc.dialects import bolt


# The words between the op and its kernel in a choice's remark line: what tells these lines from
# the fusion passes' refusals, which a build's manifest collects (a choice is in each launch's
# record instead).
CHOICE_REMARK = "runs on"


@dataclass(frozen=True)
class SelectKernelsPass(ModulePass):
    """`#bolt.kernel` (and its reason) on every GEMM and convolution that has none."""

    name = "select-kernels"

    arch: str = "sm_90a"
    tune: str = "heuristic"
    budget: float = 0.0  # seconds for `tune=profile` over the whole module; 0: no limit
    cluster: str = ""  # `tune=profile` on a Dask cluster ("local" or a scheduler address); "": local GPUs
    remarks: bool = False
    progress: bool = False  # `tune=profile`: compile progress and a line per timed job on stderr

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from boltc.lowering.cutlass.cpp import REASON_ATTR
        from boltc.tuning import select

        if self.tune not in select.STRATEGIES:
            raise BoltcError(f"select-kernels: unknown tune={self.tune!r} (choose from {', '.join(select.STRATEGIES)})")
        if self.arch not in ("sm_90a", "sm_80"):
            raise BoltcError(f"select-kernels: unknown arch {self.arch!r} (choose from sm_90a, sm_80)")
        anchors = [o for o in op.walk() if isinstance(o, (bolt.GemmOp, bolt.Conv2dOp)) and o.kernel is None
                   and not inside_fused_kernel(o)]
        if self.tune == "profile" and anchors:
            # Every op's candidates profiled in one batch (their profilers compiled in parallel at
            # once), on one cluster where one is named: a Dask cluster takes seconds to start.
            with _profiling_pool(self.cluster, self.progress) as pool:
                chosen = select.profile_all(anchors, self.arch, self.budget or None, pool=pool,
                                            progress=self.progress)
        else:
            chosen = {anchor: select.select(anchor, self.arch, self.tune) for anchor in anchors}
        for anchor in anchors:
            choice = chosen[anchor]
            anchor.kernel = choice.kernel
            anchor.attributes[REASON_ATTR] = StringAttr(choice.reason)
            if self.remarks:
                # Printed, not collected: a build's manifest keeps each anchor's reason already
                # (and its remarks list is the refused fusions).
                what = choice.family if choice.kernel is None else choice.kernel_text()
                print(f"remark: {op_location(anchor)}: '{anchor.name}' {CHOICE_REMARK} {what}: {choice.reason}",
                      file=sys.stderr)


@contextmanager
def _profiling_pool(cluster: str, progress: bool):
    """A tuning/cluster.py ClusterPool on `cluster` for the block, closed after it; None for ""
    (profile then uses one worker per local GPU). `progress`: its summary printed at the end."""
    if not cluster:
        yield None
        return
    from boltc.tuning.cluster import ClusterPool

    with ClusterPool(cluster, progress=progress) as pool:
        yield pool


def inside_fused_kernel(op: Operation) -> bool:
    """A stage of a bolt.b2b or the convolution of a bolt.conv_pool: the fused kernel's own plan
    decides how it runs, not this pass."""
    return enclosing_fused_kernel(op) is not None


def enclosing_fused_kernel(op: Operation) -> bolt.B2bOp | bolt.ConvPoolOp | None:
    """The bolt.b2b or bolt.conv_pool whose body holds `op`, None where none does."""
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, (bolt.B2bOp, bolt.ConvPoolOp)):
            return parent
        parent = parent.parent_op()
    return None
