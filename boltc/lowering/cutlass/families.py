"""The one registry of the kernel families that lower anchor ops (bolt.gemm, bolt.conv2d).

Each family is one emitter module of boltc/lowering/cutlass: its name (the module's `FAMILY`,
what `#bolt.kernel<"name", ...>` says and what its kernels are called), the anchor op it lowers,
the targets it runs on (the first is the one where it is the default: a CUTLASS 2.x family also
runs on Hopper, the fallback and the comparison there) and the module's lowering function.
anchors.py (which family lowers an op), tuning/select.py (the heuristic's lowering) and
tuning/space.py (the candidates' lowering) all read it here, so a new family is one new module
and one line below. The lowering function is looked up on the module when called, so a test or
bench that patches an emitter's function patches what every caller runs.

bolt.b2b, bolt.conv_pool and bolt.attention are not anchors (no `#bolt.kernel` of their own: their emitters
choose inside, anchors.py says how); their families are listed in `OTHER_FAMILIES` so that a
name is known once.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from boltc.dialects import bolt


@dataclass(frozen=True)
class AnchorFamily:
    """One kernel family of an anchor op."""

    name: str
    anchor: type[bolt.AnchorOp]
    archs: tuple[str, ...]  # the targets it runs on; the first is the one it is the default of
    module: str  # boltc.lowering.cutlass.<module>
    function: str  # the module's lowering function: function(op, arch=...) -> the lowering

    def lower(self, op: bolt.AnchorOp, arch: str) -> Any:
        """`op` lowered by this family's emitter (its #bolt.kernel read there)."""
        emitter = importlib.import_module(f"boltc.lowering.cutlass.{self.module}")
        return getattr(emitter, self.function)(op, arch=arch)


ANCHOR_FAMILIES: tuple[AnchorFamily, ...] = (
    AnchorFamily("gemm_sm90", bolt.GemmOp, ("sm_90a",), "gemm_sm90", "lower_gemm"),
    AnchorFamily("conv_sm90", bolt.Conv2dOp, ("sm_90a",), "conv_sm90", "lower_conv2d"),
    AnchorFamily("gemm_sm80", bolt.GemmOp, ("sm_80", "sm_90a"), "gemm_sm80", "lower_gemm"),
    AnchorFamily("conv_sm80", bolt.Conv2dOp, ("sm_80", "sm_90a"), "conv_sm80", "lower_conv2d"),
    AnchorFamily("conv_group_sm80", bolt.Conv2dOp, ("sm_80", "sm_90a"), "conv_group_sm80", "lower_conv2d"),
    AnchorFamily("conv_direct", bolt.Conv2dOp, ("sm_80", "sm_90a"), "conv_direct", "lower_conv2d"),
    AnchorFamily("conv_depthwise", bolt.Conv2dOp, ("sm_80", "sm_90a"), "conv_depthwise", "lower_conv2d"),
)

# family name -> its emitter module (bolt.b2b's, bolt.conv_pool's and bolt.attention's, chosen inside anchors.py).
OTHER_FAMILIES: dict[str, str] = {
    "b2b_gemm_sm90": "b2b_sm90",
    "b2b_gemm_simt": "b2b_simt",
    "b2b_gemm_sm80": "b2b_sm80",
    "b2b_conv_sm90": "b2b_conv_sm90",
    "b2b_conv_sm80": "b2b_conv_sm80",
    "b2b_conv_direct": "b2b_conv_direct",
    "b2b_conv_window": "b2b_conv_window",
    "conv_pool": "conv_pool",
    "fmha_sm90": "fmha_sm90",
    "fmha_sm80": "fmha_sm80",
}

BY_NAME: dict[str, AnchorFamily] = {f.name: f for f in ANCHOR_FAMILIES}


@dataclass(frozen=True)
class B2bFamily:
    """A bolt.b2b kernel family asked before CUTLASS example 13's (b2b_sm80, b2b_conv_sm80, which
    run on both targets and are the last resort): its rules and its lowering."""

    name: str
    module: str  # boltc.lowering.cutlass.<module>
    refusal: str  # refusal(first, second[, arch]) -> a plan, or why not (a str)
    lowering: str  # lowering(op, arch=...) -> the lowering record
    per_arch: bool = False  # the refusal takes the target (its limits differ by arch)

    def refuse(self, first: bolt.AnchorOp, second: bolt.AnchorOp, arch: str = "sm_90a") -> Any:
        refusal = getattr(importlib.import_module(f"boltc.lowering.cutlass.{self.module}"), self.refusal)
        return refusal(first, second, arch) if self.per_arch else refusal(first, second)

    def lower(self, op: bolt.B2bOp, arch: str) -> Any:
        return getattr(importlib.import_module(f"boltc.lowering.cutlass.{self.module}"), self.lowering)(op, arch=arch)


# The image stems' kernel (the raw image, or its space-to-depth fold, read in place), on both targets.
B2B_CONV_DIRECT = B2bFamily("b2b_conv_direct", "b2b_conv_direct", "direct_refusal", "lower_b2b_conv_direct",
                            per_arch=True)

# sm_90a's b2b kernels, in the order they are asked, for GEMM chains and for convolution chains:
# anchors.py lowers a b2b to the first that takes it (else example 13's), and fuse-b2b fuses a
# pair where one does (or example 13's).
SM90A_B2B_FAMILIES: dict[type[bolt.AnchorOp], tuple[B2bFamily, ...]] = {
    bolt.GemmOp: (B2bFamily("b2b_gemm_sm90", "b2b_sm90", "sm90_refusal", "lower_b2b"),
                  B2bFamily("b2b_gemm_simt", "b2b_simt", "simt_refusal", "lower_b2b")),
    bolt.Conv2dOp: (B2B_CONV_DIRECT,
                    B2bFamily("b2b_conv_window", "b2b_conv_window", "window_refusal", "lower_b2b_conv_window"),
                    B2bFamily("b2b_conv_sm90", "b2b_conv_sm90", "conv_sm90_refusal", "lower_b2b_conv")),
}
# sm_80's, asked before example 13's kernels likewise.
SM80_B2B_FAMILIES: dict[type[bolt.AnchorOp], tuple[B2bFamily, ...]] = {bolt.Conv2dOp: (B2B_CONV_DIRECT,)}
B2B_FAMILIES: dict[str, dict[type[bolt.AnchorOp], tuple[B2bFamily, ...]]] = {
    "sm_90a": SM90A_B2B_FAMILIES, "sm_80": SM80_B2B_FAMILIES,
}


def family(name: str) -> AnchorFamily:
    """The anchor family called `name` (KeyError where there is none)."""
    return BY_NAME[name]


def own_family(anchor: type[bolt.AnchorOp], arch: str) -> AnchorFamily | None:
    """The family `anchor` lowers to on `arch` by default (the first listed whose own target
    `arch` is), None where no family's own target it is."""
    return next((f for f in ANCHOR_FAMILIES if f.anchor is anchor and f.archs[0] == arch), None)


def emitter_modules() -> dict[str, str]:
    """Every family's name -> its emitter module name (the anchors' and the others')."""
    return {**{f.name: f.module for f in ANCHOR_FAMILIES}, **OTHER_FAMILIES}
