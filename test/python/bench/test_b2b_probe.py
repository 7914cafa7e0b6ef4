"""bench/b2b_probe.py's pure parts, without a GPU or nvcc: `--only`'s selection and its errors,
and that a forced variant is what the lowering builds (and only while it is applied: the next
variant in the same worker process starts from the compiler's own choices)."""

from __future__ import annotations

import pytest

import bench_scripts

torch = pytest.importorskip("torch")

probe = bench_scripts.load("b2b_probe")


def test_only_selects_chains_and_variant_indices():
    assert probe.selected("c56:0/2,s224") == [("c56", 0), ("c56", 2)] + [
        ("s224", i) for i in range(len(probe.VARIANTS["s224"]))]
    assert len(probe.selected("")) == sum(len(v) for v in probe.VARIANTS.values())
    assert all(v[0] == probe.COMPILERS for v in probe.VARIANTS.values())  # index 0: the compiler's build


@pytest.mark.parametrize("only, words", [("c57", "unknown chain 'c57'"), ("c56:9", "c56 has variants 0..3, not '9'"),
                                         ("c56:x", "not 'x'")])
def test_only_names_what_it_does_not_know(only, words):
    with pytest.raises(ValueError, match=words):
        probe.selected(only)


def test_the_command_line_refuses_without_out(capsys):
    with pytest.raises(SystemExit) as exit_info:
        probe.main(["--only", "c56"])
    assert exit_info.value.code == 2 and "--out is required" in capsys.readouterr().err
    assert probe.main(["--list"]) == 0
    assert "c56: conv 32x56x56x64 3x3/1 64 -> 1x1 64\n  0: compiler's choice" in capsys.readouterr().out


def _config(key: str, variant) -> str:
    from boltc.compiler import lower_library

    probe.apply(variant)
    case = probe.CHAINS[key]
    library, _ = lower_library(probe.b2b.model_of(torch, case), (probe.b2b.input_of(torch, case),), arch="sm_90a",
                               fuse_b2b=True)
    kernels = library.programs[0].anchor_kernels
    return " / ".join(f"{k.family}: {k.config}" for k in kernels)


def test_a_variant_is_built_and_the_next_starts_from_the_compilers_choice():
    from boltc.lowering.cutlass import b2b_conv_sm90, b2b_sm90

    original = (b2b_conv_sm90.k_block_for, b2b_sm90.RESIDENT_STAGES)
    stem = _config("s224", probe.Variant(k_block=64))
    assert "k-block 64" in stem and "stages 16" in stem
    stem = _config("s224", probe.Variant(True, 8))
    assert "k-block 32" in stem and "stages 8" in stem and "W0 resident" in stem
    chain = _config("c56", probe.Variant(False, 8))
    assert chain.startswith("b2b_conv_sm90: ") and "stages 8" in chain and "W0 resident" not in chain
    chain = _config("c56", probe.Variant(True, 16))
    assert "k-block 64" in chain and "stages 16" in chain and "W0 resident (9 k-blocks)" in chain
    # The compiler's own choice for the 64-channel stride-1 chain is the window kernel.
    assert _config("c56", probe.COMPILERS).startswith("b2b_conv_window: ")
    assert (b2b_conv_sm90.k_block_for, b2b_sm90.RESIDENT_STAGES) == original


def test_an_illegal_variant_is_refused_not_built_as_something_else():
    """40 stages of A beside the resident filter exceed shared memory: the forced choice returns
    the refusal, fuse-b2b keeps the two convolutions apart, and the probe's row would say so
    (time_builds: "not fused under this variant")."""
    kernels = _config("c56", probe.Variant(True, 40))
    assert "b2b_conv_sm90" not in kernels
    probe.apply(probe.COMPILERS)
