"""bench/window_variants.py: every variant it names still applies to the window kernel's header as
it is (each edit's text found exactly once), so a header change breaks the tool here and not in
the middle of a GPU call; the build and the timing themselves need the GPU machine."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "bench"))

import window_variants  # noqa: E402

HEADER = (ROOT / window_variants.HEADER).read_text()
VARIANTS = ["NOLOAD", "NOSTORE", "MMAONLY", "NOMMA0", "EPIONLY", "NOTURN", "DEPTH2", "TIMELINE", "NOPARITY", "NOMMA1"]
PLANNER = (ROOT / window_variants.PLANNER).read_text()


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_applies_to_the_header_as_it_is(variant):
    text = window_variants.patched(HEADER, variant)
    assert text != HEADER
    for old, new in window_variants.edits(variant):
        assert new in text


def test_the_stride_2_pingpong_variant_edits_the_planner_only():
    planner = (ROOT / window_variants.PLANNER).read_text()
    assert window_variants.patched(HEADER, "S2PINGPONG") == HEADER
    edited = window_variants.patched(planner, "S2PINGPONG", window_variants.planner_edits)
    assert edited != planner and "    return 2 if stride == 1 else 1\n" in edited


def test_the_combined_variants_are_their_parts():
    loads_and_stores = window_variants.patched(window_variants.patched(HEADER, "NOLOAD"), "NOSTORE")
    assert window_variants.patched(HEADER, "MMAONLY") == loads_and_stores


def test_head_is_the_header_and_unknown_names_are_refused():
    assert window_variants.patched(HEADER, "HEAD") == HEADER
    with pytest.raises(SystemExit, match="unknown variant 'NOSUCH'"):
        window_variants.edits("NOSUCH")
    with pytest.raises(SystemExit, match="no longer has one"):
        window_variants.patched("// not the header\n", "NOSTORE")


@pytest.mark.parametrize("variant", ["TQ32", "R4", "TQ32+R4"])
def test_the_band_shape_variants_edit_the_planner_only(variant):
    assert window_variants.patched(HEADER, variant) == HEADER
    assert window_variants.patched(PLANNER, variant, window_variants.planner_edits) != PLANNER


def test_tq32_makes_bands_of_32_columns():
    namespace = {}
    source = window_variants.patched(PLANNER, "TQ32", window_variants.planner_edits)
    start = source.index("def tile_columns")
    exec(source[start:source.index("\n\n\n", start)], namespace)
    assert [namespace["tile_columns"](q) for q in (56, 28, 112)] == [32, 32, 32]


@pytest.mark.parametrize("variant", ["L2P256", "L2PNONE", "NOPARITY"])
def test_the_host_side_variants_edit_the_window_map_once(variant):
    edited = window_variants.patched(PLANNER, variant, window_variants.planner_edits)
    assert edited != PLANNER
    assert edited.count("CU_TENSOR_MAP_L2_PROMOTION") == PLANNER.count("CU_TENSOR_MAP_L2_PROMOTION")


def test_a_joined_variant_applies_its_parts_in_order():
    joined = window_variants.patched(HEADER, "NOMMA0+NOPARITY")
    assert joined == window_variants.patched(window_variants.patched(HEADER, "NOMMA0"), "NOPARITY")
    planner = window_variants.patched(PLANNER, "NOMMA0+L2P256", window_variants.planner_edits)
    assert "CU_TENSOR_MAP_L2_PROMOTION_L2_256B" in planner
    with pytest.raises(SystemExit, match="unknown variant 'NOSUCH'"):
        window_variants.edits("NOMMA0+NOSUCH")
