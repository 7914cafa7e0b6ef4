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
`#bolt.kernel` (the select-kernels pass writes one; IR that skipped it gets the same choice
here from tuning/select.py's heuristic), a convolution on sm_90a goes to conv_sm80 where the
heuristic measured it faster (`tuning/heuristic.py: conv_family_sm90a`: fewer than 64
input channels) and conv_sm80 can lower it. A grouped or depthwise convolution (groups > 1) goes, on both targets, to
conv_group_sm80 (CUTLASS 2.x tensor-core grouped implicit GEMM) where one of its group modes is
legal and wastes at most a few times the useful MMA work, else to conv_direct (CUDA cores):
conv_group_sm80.choose_group_conv decides, and the lowering records why (the anchor's reason);
a depthwise one (groups = C = F) first to conv_depthwise (conv_depthwise.choose_for_op), which
has a `#bolt.kernel` form, unlike conv_direct.
bolt.attention (not an anchor op: no `#bolt.kernel`) goes on sm_90a to fmha_sm90 (CUTLASS's
example 88, TMA + wgmma) where its kernel computes the op exactly, else to fmha_sm80 (example
41, which runs on both targets): fmha_sm90.choose_family decides and gives the reason.
A bolt.b2b of two gemms goes on sm_90a to b2b_gemm_sm90 (TMA + wgmma: its resident kernel, or
example 88's with a bias + activation collective) where `b2b_sm90.sm90_refusal` finds it legal,
else to b2b_gemm_sm80 (example 13) with the refusal in the reason; two convolutions likewise to
b2b_conv_direct where the first reads an image or its space-to-depth fold (`b2b_conv_direct.
direct_refusal`: the kernel reads the image in place, the fold's kernel skipped), else to
b2b_conv_sm90 (the resident kernel with a TMA im2col first stage, `b2b_conv_sm90.conv_sm90_refusal`)
or b2b_conv_sm80; a GEMM chain b2b_gemm_sm90 refuses goes first to b2b_gemm_simt where its widths
are tiny (CUDA cores, `b2b_simt.simt_refusal`). On sm_80 two convolutions go to b2b_conv_direct
where it takes them, else, as two gemms do, to example 13's kernels.
A bolt.conv_pool (fuse-conv-pool's convolution + max pool) goes to conv_pool on both targets.
"""

from __future__ import annotations

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Operation, SSAValue

from boltc.diagnostics import BoltcError, error_at
from boltc.dialects import bolt
from boltc.lowering.host import (
    AnchorCall,
    EntryReturn,
    FloatArgument,
    IntArgument,
    KernelArgument,
    OperandPointer,
    ResultPointer,
    SourcePointer,
    StreamArgument,
    WorkspaceBytes,
    WorkspacePointer,
)
from boltc.lowering.cutlass import families
from boltc.lowering.cutlass.cpp import FUSION_REASON_ATTR


def lower_anchor(op: Operation, arch: str) -> AnchorCall:
    if isinstance(op, (bolt.GemmOp, bolt.Conv2dOp)):
        return _cutlass_anchor(op, arch)
    if isinstance(op, bolt.B2bOp):  # b2b_sm90.py (gemms on sm_90a), else example 13: b2b_sm80.py, b2b_conv_sm80.py
        return _b2b_call(op, arch)
    if isinstance(op, bolt.ConvPoolOp):  # conv_pool.py, both targets
        return _conv_pool_call(op, arch)
    if isinstance(op, bolt.AttentionOp):
        return _attention_anchor(op, arch)
    raise error_at(
        op,
        f"no emitter for {op.name} yet (boltc/lowering/cutlass has {', '.join(families.emitter_modules())})",
    )


def kernel_family(op: bolt.AnchorOp, arch: str) -> str:
    """The kernel family that lowers `op` on `arch` (the module docstring says how)."""
    default = families.own_family(type(op), arch)
    if default is None:
        raise error_at(op, f"no emitter for {op.name} on {arch} (targets: sm_90a, sm_80)")
    if op.kernel is None:
        if isinstance(op, bolt.Conv2dOp) and op.groups.value.data > 1:
            from boltc.lowering.cutlass import conv_depthwise
            from boltc.lowering.cutlass.conv_group_sm80 import choose_for_op

            if conv_depthwise.choose_for_op(op).kernel is not None:
                return conv_depthwise.FAMILY
            return choose_for_op(op).family  # conv_direct has no #bolt.kernel: the pass leaves it bare
        return default.name
    asked = op.kernel.family.data
    if asked not in families.BY_NAME:
        raise error_at(op, f"#bolt.kernel family {asked!r} is unknown (known: {', '.join(families.BY_NAME)})")
    known = families.family(asked)
    anchor, archs = known.anchor, known.archs
    if anchor is not type(op):
        raise error_at(op, f"#bolt.kernel family {asked!r} lowers {anchor.name}, not {op.name}")
    if arch not in archs:
        raise error_at(
            op, f"#bolt.kernel family {asked!r} runs on {' and '.join(archs)}, not {arch} (choose --arch {archs[0]})"
        )
    return asked


def _cutlass_anchor(op: bolt.GemmOp | bolt.Conv2dOp, arch: str) -> AnchorCall:
    """The emitters read the op's #bolt.kernel only. An op without one (IR that did not go
    through the select-kernels pass: boltc-opt output, tests) gets the heuristic's choice here,
    the one place the lowering asks tuning/select.py, for the op's duration of lowering."""
    from boltc.tuning import select

    kernel_family(op, arch)  # a #bolt.kernel's family must be known, of this anchor and target
    if op.kernel is None:
        selection = select.heuristic(op, arch)
        with select.chosen(op, selection):
            return _cutlass_call(op, arch, families.family(selection.family).lower(op, arch), selection.family)
    name = kernel_family(op, arch)
    return _cutlass_call(op, arch, families.family(name).lower(op, arch), name)


def _attention_anchor(op: bolt.AttentionOp, arch: str) -> AnchorCall:
    """fmha_sm90 on sm_90a where example 88's kernel computes `op` exactly, else fmha_sm80
    (fmha_sm90.choose_family decides; its reason is the anchor's)."""
    from dataclasses import replace

    from boltc.lowering.cutlass import fmha_sm80, fmha_sm90
    from boltc.lowering.cutlass.cpp import Element, lower_at

    problem, element = lower_at(
        op, lambda o, _arch: (fmha_sm80.fmha_problem(o), Element.from_mlir(o.result.type.get_element_type())), arch)
    choice = fmha_sm90.choose_family(problem, element, arch)
    if choice.family == fmha_sm90.FAMILY:
        return fmha_sm90.lower_attention(op, arch, reason=choice.reason)
    call = fmha_sm80.lower_attention(op, arch)
    return replace(call, reason=f"{choice.reason}; {call.reason}")


def _position(op: Operation, value: SSAValue) -> int:
    for i, operand in enumerate(op.operands):
        if operand is value:
            return i
    raise ValueError(f"{value} is not an operand of {op.name}")  # pragma: no cover


def _host_value(entry: str, value: object) -> KernelArgument:
    """An argument that is not an operand: a host role (workspace, its size, the stream) or a
    number (a size, an epilogue scalar)."""
    from boltc.lowering.cutlass.kernel_abi import ParamRole

    if value is ParamRole.WORKSPACE:
        return WorkspacePointer()
    if value is ParamRole.WORKSPACE_SIZE:
        return WorkspaceBytes()
    if value is ParamRole.STREAM:
        return StreamArgument()
    if isinstance(value, bool):
        raise TypeError(f"{entry}: a bool argument")
    if isinstance(value, int):
        return IntArgument(value)
    if isinstance(value, float):
        return FloatArgument(value)
    raise TypeError(f"{entry}: no host value for argument {value!r}")


def _cutlass_call(op: bolt.AnchorOp, arch: str, lowered, family: str) -> AnchorCall:
    """A GemmLowering or ConvLowering as the host's AnchorCall: LHS/RHS are the op's main
    operands (lhs and rhs of a GEMM, input and filter of a convolution)."""
    from boltc.lowering import build
    from boltc.lowering.cutlass import kernel_abi

    entry = lowered.kernel.entry_point
    kinds = kernel_abi.OperandKind

    def argument(value: object) -> KernelArgument:
        if isinstance(value, kernel_abi.Operand):
            if value.kind is kinds.RESULT:
                return ResultPointer()
            if value.kind is kinds.LHS:
                return OperandPointer(_position(op, op.main_operands[0]))
            if value.kind is kinds.RHS:
                return OperandPointer(_position(op, op.main_operands[1]))
            return OperandPointer(_position(op, op.extras[value.index]))
        return _host_value(entry.name, value)

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
        query_parameters=tuple(i for i, p in enumerate(entry.params) if p.role not in kernel_abi.HOST_ROLES),
        config=lowered.kernel.summary(),
        reason=getattr(lowered, "reason", ""),
    )


def _b2b_call(op: bolt.B2bOp, arch: str) -> AnchorCall:
    """A bolt.b2b of two gemms or two convolutions as the host's AnchorCall (b2b_sm80.B2bLowering's
    arguments: ("input", i) is the b2b's operand i, ("result",) its result)."""
    from dataclasses import replace

    from boltc.lowering.cutlass import b2b_conv_sm80, b2b_sm80

    first, second = b2b_sm80.anchors_of(op)
    # The first of the target's b2b kernels that computes the pair (families.B2B_FAMILIES: on
    # sm_90a the stems' direct kernel, the TMA/wgmma ones; on sm_80 the stems' direct kernel),
    # else example 13's sm_80 kernel (it runs on Hopper too), the refusals in the reason.
    lower_ampere = b2b_conv_sm80.lower_b2b_conv if isinstance(first, bolt.Conv2dOp) else b2b_sm80.lower_b2b
    tried = families.B2B_FAMILIES.get(arch, {}).get(type(first), ()) if op.kernel is None else ()
    refusals = []
    lowered = None
    for family in tried:
        verdict = family.refuse(first, second, arch)
        if not isinstance(verdict, str):
            lowered = family.lower(op, arch)
            break
        refusals.append(f"{family.name} refused: {verdict}")
    if lowered is None:
        try:
            lowered = lower_ampere(op, arch=arch)
        except BoltcError as error:  # no kernel: every reason, located at the b2b
            if not refusals:
                raise
            raise type(error)(f"{'; '.join(refusals)}; and {error.message}", error.location, error.op_name) from None
    if refusals:
        lowered = replace(lowered, reason=f"{'; '.join(refusals)}; {lowered.reason}")
    return _fused_call(op, lowered, arch)


def _conv_pool_call(op: bolt.ConvPoolOp, arch: str) -> AnchorCall:
    """A bolt.conv_pool as the host's AnchorCall (conv_pool.lower_conv_pool's arguments are
    B2bLowering's)."""
    from boltc.lowering.cutlass import conv_pool

    return _fused_call(op, conv_pool.lower_conv_pool(op, arch=arch), arch)


def _fused_call(op: bolt.B2bOp | bolt.ConvPoolOp, lowered, arch: str) -> AnchorCall:
    """A fused op's lowering (B2bLowering: ("input", i) is the op's operand i, ("result",) its
    result) as the host's AnchorCall, the fusion pass's reason first."""
    from dataclasses import replace

    from boltc.lowering import build
    from boltc.lowering.cutlass import b2b_sm80, kernel_abi

    fusion = op.attributes.get(FUSION_REASON_ATTR)  # why the fusion pass fused the ops at all
    if isinstance(fusion, StringAttr):
        lowered = replace(lowered, reason=f"fused: {fusion.data}; {lowered.reason}")
    entry = lowered.kernel.entry_point

    def argument(value: object) -> KernelArgument:
        if value == b2b_sm80.RESULT:
            return ResultPointer()
        if isinstance(value, tuple) and value[0] == "input":
            return OperandPointer(value[1])
        if isinstance(value, tuple) and value[0] == "source":  # a tensor read in place of an operand
            return SourcePointer(value[1])
        return _host_value(entry.name, value)

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
        query_parameters=tuple(i for i, p in enumerate(entry.params) if p.role not in kernel_abi.HOST_ROLES),
        config=lowered.kernel.summary(),
        reason=lowered.reason,
    )
