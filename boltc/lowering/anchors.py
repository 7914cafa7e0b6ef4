"""The CUTLASS emitters (boltc/lowering/cutlass) as host.py's `AnchorLowering`.

Each emitter describes its kernel's C entry point (`EntryPoint`: a name and typed parameters,
each with a role) and, per op, what to pass for each parameter; this module turns that into
the host's `AnchorCall`: operands of the op become pointers into the arena, the inputs, the
outputs or the weights; workspace and stream come from the run context; the kernel's
translation unit goes to the build (boltc/lowering/build.py). An anchor whose family has no
emitter yet is a BoltcError naming the op.
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
    if isinstance(op, bolt.GemmOp):
        return _gemm(op, arch)
    if isinstance(op, bolt.Conv2dOp):
        return _conv2d(op, arch)
    raise error_at(op, f"no emitter for {op.name} yet (boltc/lowering/cutlass has gemm_sm90 and conv_sm90)")


def _position(op: Operation, value: SSAValue) -> int:
    for i, operand in enumerate(op.operands):
        if operand is value:
            return i
    raise ValueError(f"{value} is not an operand of {op.name}")  # pragma: no cover


def _gemm(op: bolt.GemmOp, arch: str) -> AnchorCall:
    from boltc.lowering.cutlass import gemm_sm90

    if arch != "sm_90a":
        raise error_at(op, f"no emitter for {op.name} on {arch} yet (gemm_sm90 targets sm_90a)")
    return _cutlass_call(op, arch, gemm_sm90.lower_gemm(op, arch=arch), gemm_sm90.FAMILY)


def _conv2d(op: bolt.Conv2dOp, arch: str) -> AnchorCall:
    from boltc.lowering.cutlass import conv_sm90

    if arch != "sm_90a":
        raise error_at(op, f"no emitter for {op.name} on {arch} yet (conv_sm90 targets sm_90a)")
    return _cutlass_call(op, arch, conv_sm90.lower_conv2d(op, arch=arch), conv_sm90.FAMILY)


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

    # Kernels that split their device code into a TU of its own (cpp.py) give it here.
    render_device = getattr(lowered.kernel, "render_device", None)
    unit = build.TranslationUnit(lowered.kernel.name, lowered.kernel.render(), build.Arch.parse(arch),
                                 device_source=render_device() if render_device else None)
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
    )
