"""bench/ncu_source.py on a small source-view export in ncu's CSV layout (a kernel-name line,
then the header, then one row an instruction): the instructions read, the prologue found where
the loop body's count starts, the shares and the report's lines."""

from __future__ import annotations

import bench_scripts

ncu_source = bench_scripts.load("ncu_source")

HEADER = ["Address", "Source", "Warp Stall Sampling (All Samples)", "Warp Stall Sampling (Not-issued Samples)",
          "Instructions Executed", "stall_long_sb", "stall_short_sb", "stall_long_sb (Not Issued)"]


def export(tmp_path, rows):
    lines = ['"Kernel Name","k(int)",'] + [",".join(f'"{v}"' for v in HEADER)]
    lines += [",".join(f'"{v}"' for v in row) for row in rows]
    path = tmp_path / "k.csv"
    path.write_text("\n".join(lines) + "\n")
    return path


def row(address, source, samples, executed, long_sb=0, short_sb=0):
    return [address, source, samples, samples, executed, long_sb, short_sb, long_sb]


def test_the_prologue_ends_where_the_loop_body_starts(tmp_path):
    rows = [row("0x0", "LDC R1, c[0x0][0x28]", 10, 8),
            row("0x10", "LDG.E R2, [R4]", 0, 8),
            # a staging loop: three instructions at twice the count
            row("0x20", "STS [R0], R2", 6, 16, long_sb=6), row("0x30", "IADD3 R0, R0, 0x100, RZ", 0, 16),
            row("0x40", "BRA 0x20", 0, 16),
            row("0x50", "BAR.SYNC 0x0", 4, 8),
            # the tile loop: five instructions at six times the count
            row("0x60", "LDS R8, [R9]", 2, 48), row("0x70", "HMMA.16816.F32 R12, R8, R10, RZ", 20, 48, short_sb=15),
            row("0x80", "F2FP.F16.F32.PACK_AB R3, R13, R12", 3, 48), row("0x90", "STG.E [R6], R3", 5, 48),
            row("0xa0", "BRA 0x60", 0, 48),
            row("0xb0", "EXIT", 0, 8)]
    instructions = ncu_source.read(export(tmp_path, rows))
    assert [i.executed for i in instructions] == [8, 8, 16, 16, 16, 8, 48, 48, 48, 48, 48, 8]
    assert instructions[7].stalls == {"long_sb": 0, "short_sb": 15}
    assert instructions[7].leading() == [("short_sb", 15)]
    assert ncu_source.prologue_end(instructions) == 6
    assert ncu_source.share(instructions, 0, 6) == (6, 20)
    lines = ncu_source.report(instructions, top=2, sections=(8,))
    assert lines[0] == "samples 50, warp instructions executed 320"
    assert lines[1] == "prologue (instructions 0-5, guessed: --loop-start to set): 20 samples, 40.0 %"
    assert lines[2] == "section 6-7: 2 instructions, 22 samples, 44.0 %"
    assert lines[3] == "section 8-11: 4 instructions, 8 samples, 16.0 %"
    assert lines[4] == "stalls: short_sb 15, long_sb 6"
    assert lines[5].split()[:3] == ["0", "x8", "10"] and lines[6].split()[:3] == ["7", "x48", "20"]
    given = ncu_source.report(instructions, top=0, loop_start=2)
    assert given[1] == "prologue (instructions 0-1, given): 10 samples, 20.0 %"
