"""Epilogue regions -> Sm90 EVTs: the tree's structure, its C++ and its run-time binding.

The tree is checked through its typed nodes (what an epilogue means) and through the rendered
C++ (what nvcc sees: CUTLASS's own names and template argument orders, read off the headers).
The compiled kernels run on the GPU in test/gpu; test_nvcc_gemm.py compiles one here.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import numpy as np
import pytest

from boltc.lowering.cutlass.cpp import Element, UnsupportedEpilogue
from boltc.lowering.cutlass.evt import (
    BINARY_FUNCTORS,
    FUNCTORS_HEADER,
    GELU_FUNCTORS,
    IDENTITY,
    UNARY_FUNCTORS,
    AccFetch,
    Compute,
    LeafKind,
    LeafParams,
    Load,
    Role,
    ScalarConstant,
    build_epilogue,
)
from boltc.dialects import bolt

from gemm_text import gemm_text, parse_gemm, tensor
from kernel_headers import header_text

F32, F16 = Element.F32, Element.F16
GEMM_ROLES = (Role.M, Role.N)
BATCHED_ROLES = (Role.L, Role.M, Role.N)


def tree_of(text: str, roles=GEMM_ROLES):
    return build_epilogue(parse_gemm(text), roles)


def bias_act(act: str, m: int = 64, n: int = 48, k: int = 32, out: str = "f16") -> str:
    vec = tensor([n], "f32")
    return gemm_text(
        m, n, k, transpose_b=True, extras=[([n], "f16")], result="%r", out=out,
        body=[
            f"%b32 = bolt.ew.cast %x0 : {{x0}} -> {vec}",
            f"%s = bolt.ew.add %acc, %b32 : {{acc}}, {vec} -> {{acc}}",
            f"%r = bolt.ew.{act} %s : {{acc}} -> {{acc}}",
        ],
    )


def rendered(tree) -> str:
    decls, root = tree.render_types(tile_shape="TileShape", epilogue_descriptor="EpilogueDescriptor")
    return "\n".join(decls) + f"\nusing Fusion = {root};"


def test_plain_store_is_identity_of_the_accumulator():
    tree, binding = tree_of(gemm_text(64, 32, 16))
    assert tree.is_plain_store
    assert tree.root == Compute(IDENTITY, F16, F32, (AccFetch(),))
    assert tree.leaves == () and binding.leaves == () and binding.scalars == ()


def test_bias_relu_is_a_row_broadcast_under_relu():
    tree, binding = tree_of(bias_act("relu"))
    bias = Load(LeafKind.ROW, 0, F16)  # per-N: one row of N values repeated down the M rows
    add = Compute(BINARY_FUNCTORS[bolt.AddOp], F32, F32, (AccFetch(), bias))
    # The f16 -> f32 cast folds into the load: plus converts its inputs exactly. The ReLU node
    # computes in f32 and converts to D's f16 (bolt's store), so it is the root itself.
    assert tree.root == Compute(UNARY_FUNCTORS[bolt.ReluOp], F16, F32, (add,))
    assert tree.leaves == (bias,)
    assert binding.leaves[0].extra == 0 and binding.leaves[0].batch_stride == 0
    text = rendered(tree)
    assert (
        "using Leaf0 = cutlass::epilogue::fusion::Sm90RowBroadcast<\n    0,\n    TileShape,\n"
        "    cutlass::half_t,\n    cutlass::half_t,\n    cute::Stride<cute::_0, cute::_1, int64_t>>;"
    ) in text
    assert "cutlass::epilogue::fusion::Sm90Compute<\n    cutlass::plus,\n    float,\n    float," in text
    assert "Sm90Compute<\n    cutlass::epilogue::thread::ReLu,\n    cutlass::half_t,\n    float," in text
    assert (
        "using Node0 = cutlass::epilogue::fusion::Sm90EVT<Compute0, "
        "cutlass::epilogue::fusion::Sm90AccFetch, Leaf0>;"
    ) in text
    assert "using Node1 = cutlass::epilogue::fusion::Sm90EVT<Compute1, Node0>;" in text
    assert text.endswith("using Fusion = Node1;")
    assert "Identity" not in text and "Sm90ColBroadcast" not in text


def test_bias_relu_arguments_nest_children_before_the_node():
    tree, _ = tree_of(bias_act("relu"))
    args = tree.render_arguments([LeafParams("x0", "x0_batch_stride")], [])
    assert " ".join(args.split()) == (
        "{ { {}, {static_cast<cutlass::half_t const*>(x0), cutlass::half_t(0), "
        "{cute::_0{}, cute::_1{}, x0_batch_stride}}, {} }, {} }"
    )


@pytest.mark.parametrize(
    "approximation,functor",
    [("erf", "boltc_evt::GeluErf"), ("tanh", "cutlass::epilogue::thread::GELU_taylor")],
)
def test_bias_gelu_picks_the_functor_of_its_approximation(approximation, functor):
    tree, _ = tree_of(bias_act(f"gelu {approximation}", out="f32"))
    assert tree.root.functor == GELU_FUNCTORS[bolt.GeluApproximation(approximation)]
    assert f"Sm90Compute<\n    {functor},\n" in rendered(tree)


@pytest.mark.parametrize("out,functor", [("f16", "GeluErfF16"), ("bf16", "GeluErfBF16"), ("f32", "GeluErf")])
def test_gelu_erf_stored_as_16_bits_takes_its_16_bit_form(out, functor):
    tree, _ = tree_of(bias_act("gelu erf", out=out))
    assert tree.root.functor.cpp == f"boltc_evt::{functor}"
    assert tree.headers() == (FUNCTORS_HEADER,)
    header = header_text(FUNCTORS_HEADER)
    assert header.index("float ex2_approx(float x)") < header.index(f"struct {functor} {{")
    for other in {"GeluErf", "GeluErfF16", "GeluErfBF16"} - {functor}:
        assert not re.search(rf"\b{other}\b", rendered(tree))


def test_hardswish_is_one_saturating_fma_and_a_multiply():
    tree, _ = tree_of(bias_act("hardswish"))
    assert "boltc_evt::HardSwishSat," in rendered(tree)
    assert "cutlass::epilogue::thread::HardSwish" not in rendered(tree)
    assert tree.headers() == (FUNCTORS_HEADER,)
    header = header_text(FUNCTORS_HEADER)
    body = header[header.index("struct HardSwishSat {"):header.index("struct HardSwishSat<cutlass::Array")]
    assert "mul_saturate(x + 3.0f, 0.16666667f)" in body
    assert 'asm("mul.rn.sat.f32' in header


def test_softplus_is_a_boltc_functor_with_torch_threshold():
    tree, _ = tree_of(bias_act("softplus", out="f32"))
    assert tree.root.functor.cpp == "boltc_evt::Softplus"
    assert tree.headers() == (FUNCTORS_HEADER,)
    header = header_text(FUNCTORS_HEADER)
    softplus = header.index("struct Softplus {")
    assert header.index("struct PerElement") < softplus
    assert "float const u = ex2_approx(fabsf(x) * -1.44269504f);" in header and "fmaf(p, u, fmaxf(x, 0.0f))" in header
    # one MUFU instruction on the device: PTX ex2.approx with flush-to-zero (__expf is not)
    assert 'asm("ex2.approx.ftz.f32 %0, %1;"' in header
    assert header.index("float ex2_approx(float x)") < softplus
    assert "struct Softplus<cutlass::Array<T, N>> : boltc_evt::PerElement<boltc_evt::Softplus, T, N>" in header


def test_residual_add_is_an_aux_load_with_its_descriptor():
    text = gemm_text(
        64, 48, 32, extras=[([64, 48], "f16")], result="%o",
        body=[
            "%r32 = bolt.ew.cast %x0 : {x0} -> {acc}",
            "%o = bolt.ew.add %acc, %r32 : {acc}, {acc} -> {acc}",
        ],
    )
    tree, binding = tree_of(text)
    assert tree.leaves == (Load(LeafKind.AUX, 0, F16),)
    assert binding.leaves[0].leading_dim == 48 and binding.leaves[0].batch_stride == 0
    cpp = rendered(tree)
    assert (
        "using Leaf0Descriptor = cutlass::epilogue::collective::detail::AuxLoadDescriptor<\n"
        "    EpilogueDescriptor,\n    cutlass::layout::RowMajor,\n    cutlass::half_t>;"
    ) in cpp
    assert (
        "cutlass::epilogue::fusion::Sm90AuxLoad<\n    Leaf0Descriptor::Stages,\n"
        "    typename Leaf0Descriptor::EpilogueTile,\n    cutlass::half_t,\n"
        "    typename Leaf0Descriptor::Stride,\n    typename Leaf0Descriptor::SmemLayoutAtom,\n"
        "    typename Leaf0Descriptor::CopyOpS2R>;"
    ) in cpp
    args = tree.render_arguments([LeafParams("x0", "x0_batch_stride", "x0_ld")], [])
    assert "{static_cast<cutlass::half_t const*>(x0), cutlass::half_t(0), {x0_ld, cute::_1{}, x0_batch_stride}}" in args


def test_scale_then_cast_scalar_is_a_runtime_parameter_and_the_narrowing_cast_a_node():
    half = tensor([64, 48], "f16")
    text = gemm_text(
        64, 48, 32, result="%w",
        body=[
            "%c = bolt.constant dense<1.250000e-01> : tensor<f32>",
            "%s = bolt.ew.mul %acc, %c : {acc}, tensor<f32> -> {acc}",
            f"%h = bolt.ew.cast %s : {{acc}} -> {half}",
            f"%w = bolt.ew.cast %h : {half} -> {{acc}}",
        ],
    )
    tree, binding = tree_of(text)
    scale = ScalarConstant(0, F32)
    mul = Compute(BINARY_FUNCTORS[bolt.MulOp], F32, F32, (AccFetch(), scale))
    rounded = Compute(IDENTITY, F16, F16, (mul,))  # f32 -> f16 rounds: a real node
    # ... and the exact f16 -> f32 widening after it folds; the store converts to D.
    assert tree.root == rounded
    assert tree.scalars == (scale,) and binding.scalars == (0.125,)
    assert "using Scalar0 = cutlass::epilogue::fusion::Sm90ScalarBroadcast<float>;" in rendered(tree)
    assert "{{float(s0)}}" in tree.render_arguments([], ["s0"])


def test_the_same_structure_at_other_sizes_is_the_same_tree():
    small, _ = tree_of(bias_act("relu", 64, 48, 32))
    large, _ = tree_of(bias_act("relu", 4096, 1024, 512))
    assert small == large  # sizes are run-time arguments: one TU serves both


def test_column_vectors_through_reshape_and_broadcast():
    m, n = 16, 8
    col = tensor([m, 1], "f32")
    text = gemm_text(
        m, n, 4, extras=[([m], "f32")], result="%o",
        body=[
            f"%c = bolt.reshape %x0 : {{x0}} -> {col}",
            "%w = bolt.broadcast %x0 dimensions [1] : {x0} -> {acc}",
            f"%p = bolt.ew.mul %acc, %c : {{acc}}, {col} -> {{acc}}",
            "%o = bolt.ew.add %p, %w : {acc}, {acc} -> {acc}",
        ],
    )
    tree, binding = tree_of(text)
    assert tree.leaves == (Load(LeafKind.COLUMN, 0, F32),)  # both views: one M x 1 column
    assert [b.extra for b in binding.leaves] == [0]
    assert "Sm90ColBroadcast<\n    0,\n    TileShape,\n    float,\n    float,\n    cute::Stride<cute::_1, cute::_0, int64_t>>" in rendered(tree)


def test_batched_leaves_carry_batch_strides():
    b, m, n = 3, 16, 8
    text = gemm_text(
        m, n, 4, batch=b, dtype="f16", extras=[([b, 1, n], "f32"), ([b, m, n], "f32"), ([n], "f32")],
        result="%o",
        body=[
            "%p = bolt.ew.add %acc, %x0 : {acc}, {x0} -> {acc}",
            "%q = bolt.ew.add %p, %x1 : {acc}, {x1} -> {acc}",
            "%o = bolt.ew.add %q, %x2 : {acc}, {x2} -> {acc}",
        ],
    )
    tree, binding = tree_of(text, BATCHED_ROLES)
    assert [leaf.kind for leaf in tree.leaves] == [LeafKind.ROW, LeafKind.AUX, LeafKind.ROW]
    assert [(lb.batch_stride, lb.leading_dim) for lb in binding.leaves] == [(n, None), (m * n, n), (0, None)]


def test_rank0_extra_is_a_scalar_broadcast_from_a_pointer():
    text = gemm_text(
        16, 8, 4, extras=[([], "f32")], result="%o",
        body=["%o = bolt.ew.mul %acc, %x0 : {acc}, {x0} -> {acc}"],
    )
    tree, binding = tree_of(text)
    assert tree.leaves == (Load(LeafKind.SCALAR, 0, F32),)
    assert "Sm90ScalarBroadcast<float, cute::Stride<cute::_0, cute::_0, int64_t>>" in rendered(tree)
    args = tree.render_arguments([LeafParams("x0", "x0_batch_stride")], [])
    assert "{{}, {static_cast<float const*>(x0)}, {{cute::_0{}, cute::_0{}, x0_batch_stride}}}" in args


def test_select_clamp_and_nan_propagating_max():
    text = gemm_text(
        16, 8, 4, result="%o",
        body=[
            "%z = bolt.constant dense<0.000000e+00> : tensor<f32>",
            "%m = bolt.ew.max %acc, %z : {acc}, tensor<f32> -> {acc}",
            "%c = bolt.ew.clamp %acc min -1.5 max 2.0 : {acc} -> {acc}",
            "%o = bolt.ew.select ult %acc, %z, %m, %c : {acc}, tensor<f32>, {acc}, {acc} -> {acc}",
        ],
    )
    tree, binding = tree_of(text)
    assert tree.root.functor.cpp == "boltc_evt::Select_ult" and tree.root.functor.arity == 4
    assert tree.headers() == (FUNCTORS_HEADER,)
    header = header_text(FUNCTORS_HEADER)
    assert "template <class T> using MaximumNaN = cutlass::maximum<T, true>;" in header
    assert "BOLTC_EVT_SELECT(Select_ult, unordered || a < b)" in header
    assert "return (CONDITION) ? on_true : on_false;" in header
    assert "cutlass::epilogue::thread::Clamp," in rendered(tree)
    assert "{float(-1.5), float(2.0)}" in tree.render_arguments([], ["s0"])
    # the constant zero is used twice: one scalar parameter, not two
    assert binding.scalars == (0.0,)


@pytest.mark.parametrize(
    "body,result,message",
    [
        (["%r = bolt.reduce max %acc dims [1] {{keep_dims}} : {acc} -> tensor<16x1xf32>",
          "%o = bolt.ew.sub %acc, %r : {acc}, tensor<16x1xf32> -> {acc}"], "%o", "needs every element"),
        (["%w = bolt.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>",
          "%o = bolt.ew.add %acc, %w : {acc}, tensor<8xf32> -> {acc}"], "%o", "only scalar"),
        (["%r = bolt.ew.relu %x0 : {x0} -> {x0}",
          "%v = bolt.broadcast %r dimensions [1] : {x0} -> {acc}",
          "%o = bolt.ew.add %acc, %v : {acc}, {acc} -> {acc}"], "%o", "moves an intermediate value"),
    ],
)
def test_epilogues_without_an_evt_form_are_refused_by_name(body, result, message):
    text = gemm_text(16, 8, 4, extras=[([16], "f32")], body=body, result=result)
    with pytest.raises(UnsupportedEpilogue, match=message) as info:
        tree_of(text)
    assert "'bolt.gemm' epilogue" in str(info.value)


def test_a_residual_shared_by_every_batch_is_refused():
    text = gemm_text(
        16, 8, 4, batch=2, extras=[([16, 8], "f32")], result="%o",
        body=["%o = bolt.ew.add %acc, %x0 : {acc}, {x0} -> {acc}"],
    )
    with pytest.raises(UnsupportedEpilogue, match="shared by every batch"):
        tree_of(text, BATCHED_ROLES)


def test_splat_constants_are_scalars():
    text = gemm_text(
        16, 8, 4, result="%o",
        body=[
            "%c = bolt.constant dense<3.000000e+00> : tensor<16x8xf32>",
            "%o = bolt.ew.mul %acc, %c : {acc}, {acc} -> {acc}",
        ],
    )
    tree, binding = tree_of(text)
    assert tree.scalars == (ScalarConstant(0, F32),) and binding.scalars == (3.0,)


# --------------------------------------------------------------------------------------
# boltc's own functors, computed: compiled for the host with the C++ compiler (their host
# branch uses exp2f, IEEE division and fmaxf where the device uses PTX ex2.approx, rcp.approx
# and max.NaN; the device path is test/gpu/test_epilogue_functors.py's) and compared with
# numpy in float64.
# --------------------------------------------------------------------------------------

_FUNCTOR_CASES = {  # case -> (functor, numpy reference, rtol, atol)
    # A&S 7.1.26's erfc is within 1.5e-7 absolute: GELU within |x| * 1.5e-7 / 2 plus roundings.
    "gelu_erf": ("GeluErf", lambda x: 0.5 * x * _erfc(-x / np.sqrt(2.0)), 2e-6, 5e-7),
    # log1p's polynomial: 3.3e-7 relative; exp(-|x|) as 2^(-|x| log2 e), whose argument's
    # rounding adds up to 4.6e-8 |x| relative (1.4e-6 at |x| = 30, the case below).
    "softplus": ("Softplus", lambda x: np.logaddexp(0.0, x), 1.5e-6, 0),
    # degree 5 for a result stored as f16/bf16: 9.7e-6 relative (2 % of an f16 half-step).
    "softplus_half": ("SoftplusHalf", lambda x: np.logaddexp(0.0, x), 1.2e-5, 0),
    # 2^P(|x|) for Phi(-|x|), clamped at |x| = 6 (Phi(-6) = 1e-9): f16-weighted, 7.1e-5
    # relative down to x = -3.9 and a fraction of an f16 subnormal step below; bf16: 3.7e-4.
    "gelu_erf_f16": ("GeluErfF16", lambda x: 0.5 * x * _erfc(-x / np.sqrt(2.0)), 7.5e-5, 3e-8),
    "gelu_erf_bf16": ("GeluErfBF16", lambda x: 0.5 * x * _erfc(-x / np.sqrt(2.0)), 3.8e-4, 6.5e-9),
    "erf": ("Erf", lambda x: _erf(x), 1e-6, 1e-7),
    # exp(-x) as 2^(-x log2 e): the argument's rounding, up to 6e-8 |x| relative (1.8e-6 at
    # |x| = 30), carries into sigmoid and silu; the reciprocal is exact here (IEEE on the host).
    "sigmoid": ("Sigmoid", lambda x: 1.0 / (1.0 + np.exp(-x)), 2e-6, 0),
    "silu": ("SiLu", lambda x: x / (1.0 + np.exp(-x)), 2e-6, 0),
    # x clamp((x + 3) / 6, 0, 1): x + 3 exact near -3, 1/6 rounded to f32, two more roundings.
    "hardswish": ("HardSwishSat", lambda x: x * np.clip(x + 3.0, 0.0, 6.0) / 6.0, 3e-7, 0),
}


def _erf(x):
    import math

    return np.vectorize(math.erf)(x)


def _erfc(x):
    import math

    return np.vectorize(math.erfc)(x)


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs a C++ compiler")
def test_boltc_functors_compute_what_they_claim(tmp_path):
    from boltc.lowering.build import cutlass_include_dirs

    x = np.concatenate([np.linspace(-12, 12, 4001), [-30.0, -0.0, 1e-6, 30.0]]).astype(np.float32)
    calls = "".join(
        f'    std::printf("%.9g ", boltc_evt::{functor}<float>{{}}(x));\n' for functor, *_ in _FUNCTOR_CASES.values()
    )
    source = (
        f"#include <cstdio>\n#include \"{FUNCTORS_HEADER}\"\n"
        "int main() {\n  float x;\n  while (std::scanf(\"%f\", &x) == 1) {\n" + calls + '    std::printf("\\n");\n  }\n}\n'
    )
    (tmp_path / "functors.cpp").write_text(source)
    includes = [f"-I{d}" for d in cutlass_include_dirs()] + [f"-I{d}" for d in _cuda_include_dirs()]
    subprocess.run(["g++", "-std=c++17", "-O1", "-w", *includes, "functors.cpp", "-o", "functors"],
                   cwd=tmp_path, check=True, capture_output=True)
    out = subprocess.run([str(tmp_path / "functors")], input="\n".join(f"{v:.9g}" for v in x),
                         capture_output=True, text=True, check=True).stdout
    got = np.array([[float(v) for v in line.split()] for line in out.splitlines()])
    assert got.shape == (len(x), len(_FUNCTOR_CASES))
    for column, (functor, reference, rtol, atol) in enumerate(_FUNCTOR_CASES.values()):
        want = reference(x.astype(np.float64))
        np.testing.assert_allclose(got[:, column], want, rtol=rtol, atol=atol, err_msg=functor)
    # GELU's negative tail keeps relative accuracy (erfc directly, where 1 + erf(x) cancels to
    # 0 in CUTLASS's GELU): 5e-4 down to x = -4 (values ~1e-4), 4 % down to -12 (values ~1e-32).
    for low, high, rtol in ((-4.0, -3.0, 5e-4), (-12.0, -4.0, 4e-2)):
        tail = (x >= low) & (x < high)
        exact = 0.5 * x[tail] * _erfc(-x[tail] / np.sqrt(2.0))
        np.testing.assert_allclose(got[tail, 0], exact, rtol=rtol, atol=0)


def _cuda_include_dirs():
    """cuda_runtime.h's directory (cute's headers include it even on the host)."""
    from boltc.diagnostics import BoltcError
    from boltc.lowering.model_build import Toolchain

    try:
        root = Toolchain.find().cuda_root
    except BoltcError:  # no toolkit: the compile reports what is missing
        return []
    return [d for d in (root / "include", *sorted((root / "targets").glob("*/include"))) if d.is_dir()]


def test_softplus_stored_as_f16_takes_its_16_bit_form():
    tree, _ = tree_of(bias_act("softplus"))  # D is f16: the root rounds at once
    assert tree.root.functor.cpp == "boltc_evt::SoftplusHalf"
    assert tree.headers() == (FUNCTORS_HEADER,) and "boltc_evt::Softplus," not in rendered(tree)
