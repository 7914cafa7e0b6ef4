"""The CUTLASS emitters (boltc/lowering/cutlass) as host.py's `AnchorLowering`.

Each emitter describes its kernel's C entry point (`EntryPoint`: a name and typed parameters,
each with a role) and, per op, what to pass for each parameter; this module turns that into
the host's `AnchorCall`: operands of the op become pointers into the arena, the inputs, the
outputs or the weights; workspace and stream come from the run context; the kernel's
translation unit goes to the build (boltc/lowering/build.py). An anchor whose family has no
emitter yet is a BoltcError naming the op.

Which family lowers an anchor (`kernel_family`): on sm_80 the CUTLASS 2.x families (gemm_sm80,
conv_sm80); on sm_90a the CUTLASS 3 families (gemm_sm90, conv_sm90), unless the op's
`#bolt.kernel` names a CUTLASS 2.x family: those kernels run on Hopper too (the fallback, and
the comparison), so `#bolt.kernel<"gemm_sm80", ...>` selects gemm_sm80 there. A CUTLASS 3
family asked for on sm_80 is refused by name (its kernels need sm_90a). Without a
`#bolt.kernel`, a convolution on sm_90a goes to conv_sm80 where the heuristic measured it
faster (`tuning/heuristic.py: conv_family_sm90a`: narrow, shallow layers) and conv_sm80 can
lower it. A grouped or depthwise convolution (groups > 1) goes, on both targets, to
conv_group_sm80 (CUTLASS 2.x tensor-core grouped implicit GEMM) where one of its group modes is
legal and wastes at most a few times the useful MMA work, else to conv_direct (CUDA cores):
conv_group_sm80.choose_group_conv decides, and the lowering records why (the anchor's reason).
"""

from __future__ import annotations

from xdsl.ir import Operation, SSAValue

from boltc.diagnostics import error_at
from boltc.dialects import bolt
from boltc.lowering.host import (
    AnchorCall,
    EntryReturn,
    FloatArgument,
    IntArgument,
    KernelArgument,
    OperandPointer,
    ResultPointer,
    StreamArgument,
    WorkspaceBytes,
    WorkspacePointer,
)


def lower_anchor(op: Operation, arch: str) -> AnchorCall:
    if isinstance(op, (bolt.GemmOp, bolt.Conv2dOp)):
        return _cutlass_anchor(op, arch)
    if isinstance(op, bolt.B2bOp):  # CUTLASS example 13: b2b_sm80.py (gemms), b2b_conv_sm80.py (convolutions)
        return _b2b_call(op, arch)
    if isinstance(op, bolt.AttentionOp):  # one fused kernel on both targets (fmha_sm80.py)
        from boltc.lowering.cutlass import fmha_sm80

        return fmha_sm80.lower_attention(op, arch)
    raise error_at(
        op,
        f"no emitter for {op.name} yet (boltc/lowering/cutlass has gemm_sm90, conv_sm90, gemm_sm80, conv_sm80, "
        "conv_group_sm80, conv_direct, b2b_gemm_sm80 and b2b_conv_sm80)",
    )


# family -> (the anchor it lowers, the targets it runs on; the first is its own, where it is the
# default). CUTLASS 2.x kernels also run on Hopper: the fallback and the comparison there.
FAMILIES: dict[str, tuple[type[bolt.AnchorOp], tuple[str, ...]]] = {
    "gemm_sm90": (bolt.GemmOp, ("sm_90a",)),
    "conv_sm90": (bolt.Conv2dOp, ("sm_90a",)),
    "gemm_sm80": (bolt.GemmOp, ("sm_80", "sm_90a")),
    "conv_sm80": (bolt.Conv2dOp, ("sm_80", "sm_90a")),
    "conv_group_sm80": (bolt.Conv2dOp, ("sm_80", "sm_90a")),
    "conv_direct": (bolt.Conv2dOp, ("sm_80", "sm_90a")),
}


def kernel_family(op: bolt.AnchorOp, arch: str) -> str:
    """The kernel family that lowers `op` on `arch` (the module docstring says how)."""
    defaults = [f for f, (anchor, archs) in FAMILIES.items() if anchor is type(op) and archs[0] == arch]
    if not defaults:
        raise error_at(op, f"no emitter for {op.name} on {arch} (targets: sm_90a, sm_80)")
    if op.kernel is None:
        if isinstance(op, bolt.Conv2dOp) and op.groups.value.data > 1:
            from boltc.lowering.cutlass.conv_group_sm80 import choose_for_op

            return choose_for_op(op).family
        return defaults[0]
    asked = op.kernel.family.data
    if asked not in FAMILIES:
        raise error_at(op, f"#bolt.kernel family {asked!r} is unknown (known: {', '.join(FAMILIES)})")
    anchor, archs = FAMILIES[asked]
    if anchor is not type(op):
        raise error_at(op, f"#bolt.kernel family {asked!r} lowers {anchor.name}, not {op.name}")
    if arch not in archs:
        raise error_at(
            op, f"#bolt.kernel family {asked!r} runs on {' and '.join(archs)}, not {arch} (choose --arch {archs[0]})"
        )
    return asked


def _cutlass_anchor(op: bolt.GemmOp | bolt.Conv2dOp, arch: str) -> AnchorCall:
    from boltc.lowering.cutlass import conv_direct, conv_group_sm80, conv_sm80, conv_sm90, gemm_sm80, gemm_sm90

    emitters = {
        gemm_sm90.FAMILY: gemm_sm90.lower_gemm, gemm_sm80.FAMILY: gemm_sm80.lower_gemm,
        conv_sm90.FAMILY: conv_sm90.lower_conv2d, conv_sm80.FAMILY: conv_sm80.lower_conv2d,
        conv_group_sm80.FAMILY: conv_group_sm80.lower_conv2d, conv_direct.FAMILY: conv_direct.lower_conv2d,
    }
    family = kernel_family(op, arch)
    if family == conv_sm90.FAMILY and op.kernel is None:
        lowered = _heuristic_sm80_conv_on_hopper(op, arch)
        if lowered is not None:
            return _cutlass_call(op, arch, lowered, conv_sm80.FAMILY)
    return _cutlass_call(op, arch, emitters[family](op, arch=arch), family)


def _heuristic_sm80_conv_on_hopper(op: bolt.Conv2dOp, arch: str):
    """conv_sm80's lowering of `op` where the heuristic prefers that family on sm_90a
    (tuning/heuristic.py: conv_family_sm90a), else None; also None where conv_sm80 refuses
    the op (an epilogue or alignment it lacks): conv_sm90 then lowers it."""
    from boltc.lowering.cutlass import conv_sm80, conv_sm90
    from boltc.lowering.cutlass.cpp import InvalidKernelConfig, UnsupportedEpilogue
    from boltc.tuning.heuristic import conv_family_sm90a

    if conv_family_sm90a(*conv_sm90.conv_problem(op).gemm_mnk) != conv_sm80.FAMILY:
        return None
    try:
        return conv_sm80.lower_conv2d(op, arch=arch)
    except (InvalidKernelConfig, UnsupportedEpilogue):
        return None


def _position(op: Operation, value: SSAValue) -> int:
    for i, operand in enumerate(op.operands):
        if operand is value:
            return i
    raise ValueError(f"{value} is not an operand of {op.name}")  # pragma: no cover


def _cutlass_call(op: bolt.AnchorOp, arch: str, lowered, family: str) -> AnchorCall:
    """A GemmLowering or ConvLowering as the host's AnchorCall: LHS/RHS are the op's main
    operands (lhs and rhs of a GEMM, input and filter of a convolution)."""
    from boltc.lowering import build
    from boltc.lowering.cutlass import gemm_sm90

    entry = lowered.kernel.entry_point
    kinds = gemm_sm90.OperandKind
    roles = gemm_sm90.ParamRole

    def argument(value: object) -> KernelArgument:
        if isinstance(value, gemm_sm90.Operand):
            if value.kind is kinds.RESULT:
                return ResultPointer()
            if value.kind is kinds.LHS:
                return OperandPointer(_position(op, op.main_operands[0]))
            if value.kind is kinds.RHS:
                return OperandPointer(_position(op, op.main_operands[1]))
            return OperandPointer(_position(op, op.extras[value.index]))
        if value is roles.WORKSPACE:
            return WorkspacePointer()
        if value is roles.WORKSPACE_SIZE:
            return WorkspaceBytes()
        if value is roles.STREAM:
            return StreamArgument()
        if isinstance(value, bool):
            raise TypeError(f"{entry.name}: a bool argument")
        if isinstance(value, int):
            return IntArgument(value)
        if isinstance(value, float):
            return FloatArgument(value)
        raise TypeError(f"{entry.name}: no host value for argument {value!r}")

    # A split kernel's device code is a TU of its own (cpp.py); None for one TU.
    unit = build.TranslationUnit(lowered.kernel.name, lowered.kernel.render(), build.Arch.parse(arch),
                                 device_source=lowered.kernel.render_device())
    return AnchorCall(
        entry=entry.name,
        parameters=tuple((p.ctype, p.name) for p in entry.params),
        arguments=tuple(argument(a) for a in lowered.arguments),
        family=family,
        unit=unit,
        returns=EntryReturn.CUTLASS_STATUS,
        can_implement=entry.can_implement_name,
        workspace_size=entry.workspace_size_name,
        query_parameters=tuple(i for i, p in enumerate(entry.params) if p.role not in gemm_sm90.HOST_ROLES),
        config=lowered.kernel.summary(),
        reason=getattr(lowered, "reason", ""),
    )


def _b2b_call(op: bolt.B2bOp, arch: str) -> AnchorCall:
    """A bolt.b2b of two gemms or two convolutions as the host's AnchorCall (b2b_sm80.B2bLowering's
    arguments: ("input", i) is the b2b's operand i, ("result",) its result)."""
    from boltc.lowering import build
    from boltc.lowering.cutlass import b2b_conv_sm80, b2b_sm80, gemm_sm90

    convolutions = isinstance(b2b_sm80.anchors_of(op)[0], bolt.Conv2dOp)
    emitter = b2b_conv_sm80.lower_b2b_conv if convolutions else b2b_sm80.lower_b2b
    lowered = emitter(op, arch=arch)
    entry = lowered.kernel.entry_point
    roles = gemm_sm90.ParamRole

    def argument(value: object) -> KernelArgument:
        if value == ("result",):
            return ResultPointer()
        if isinstance(value, tuple) and value[0] == "input":
            return OperandPointer(value[1])
        if value is roles.WORKSPACE:
            return WorkspacePointer()
        if value is roles.WORKSPACE_SIZE:
            return WorkspaceBytes()
        if value is roles.STREAM:
            return StreamArgument()
        if isinstance(value, int) and not isinstance(value, bool):
            return IntArgument(value)
        raise TypeError(f"{entry.name}: no host value for argument {value!r}")

    unit = build.TranslationUnit(lowered.kernel.name, lowered.kernel.render(), build.Arch.parse(arch))
    return AnchorCall(
        entry=entry.name,
        parameters=tuple((p.ctype, p.name) for p in entry.params),
        arguments=tuple(argument(a) for a in lowered.arguments),
        family=lowered.kernel.FAMILY,
        unit=unit,
        returns=EntryReturn.CUTLASS_STATUS,
        can_implement=entry.can_implement_name,
        workspace_size=entry.workspace_size_name,
        query_parameters=tuple(i for i, p in enumerate(entry.params) if p.role not in gemm_sm90.HOST_ROLES),
        config=lowered.kernel.summary(),
        reason=lowered.reason,
    )
