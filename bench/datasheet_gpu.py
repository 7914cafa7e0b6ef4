"""A GPU model for a GPU no session could measure, scaled from a fitted one by the two
datasheets: `boltc/tuning/gpus/a100_sxm.json` from `h100_sxm.json`.

    python3 bench/datasheet_gpu.py [--check]        # writes (or compares) a100_sxm.json

No A100 has been lent to this project, so sm_80 has no fitted model; fuse-b2b and `--tune
model` on sm_80 need one to price kernels at all. The rules (each constant's per-SM, per-clock
value is the H100 fit's unless the A100's datasheet says otherwise):

- counts and sizes from the A100 SXM4 datasheet: 108 SMs, 40 MB of L2, 164 KB of shared memory
  and 64 K registers an SM;
- clock: the H100 model's issue rate is 4 schedulers x 32 lanes at 1755 MHz; the A100's boost
  is 1410 MHz, so per-SM rates (issue, loads, stores, the epilogue, spills) scale by 1410/1755
  and per-SM latencies in microseconds (start-ups, the epilogue's fixed cost, a CTA's start,
  the stream-K fixup) by 1755/1410; L2's aggregate rate by the SM count too;
- tensor math: sm_80 has no WGMMA; `math_flops_per_us` is mma.sync's dense f16 datasheet rate
  per SM (312 TFLOP/s over 108 SMs) and `mma_sync_fraction` 1;
- DRAM: the datasheet's 2039 GB/s (HBM2e, 80 GB) at the H100's measured copy efficiency
  (2.96 TB/s copied of 3.35 peak);
- unchanged: DRAM and launch latencies (`load_latency_us`, `t_init_us`), cp.async's fraction of
  the load rate, the im2col factors.

The result is labelled unfitted (`fit` absent: reports say "uncalibrated model"). Replace it by
`bench/calibrate.py`'s fit the day an A100 runs `bench/profile_space.py`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

H100_MHZ = 1755  # h100_sxm.json's issue_per_us / (4 x 32)
A100 = dict(sms=108, mhz=1410, l2_bytes=40 * 1024 * 1024, smem_bytes_per_sm=164 * 1024, registers_per_sm=65536,
            dense_f16_tflops=312.0, dram_gbps=2039.0)
H100_COPY_EFFICIENCY = 2.96 / 3.35  # bolt_paper.json's measured copy rate over the H100's datasheet HBM3 rate

PER_SM_RATES = ("issue_per_us", "load_bytes_per_us", "store_bytes_per_us", "epilogue_ops_per_us", "spill_bytes_per_us")
PER_SM_LATENCIES = ("math_startup_us", "load_startup_us", "epilogue_fixed_us", "cta_start_us", "streamk_fixup_us")


def a100_from(h100: dict) -> dict:
    """The A100's constants from the H100 model's JSON, by the rules above."""
    clock = A100["mhz"] / H100_MHZ
    out = {key: value for key, value in h100.items() if key != "fit"}
    out.update(name="a100_sxm", arch="sm_80", sms=A100["sms"], l2_bytes=A100["l2_bytes"],
               smem_bytes_per_sm=A100["smem_bytes_per_sm"], registers_per_sm=A100["registers_per_sm"])
    for key in PER_SM_RATES:
        out[key] = h100[key] * clock
    for key in PER_SM_LATENCIES:
        out[key] = h100[key] / clock
    out["l2_bytes_per_us"] = h100["l2_bytes_per_us"] * clock * A100["sms"] / h100["sms"]
    out["math_flops_per_us"] = A100["dense_f16_tflops"] * 1e6 / A100["sms"]
    out["mma_sync_fraction"] = 1.0
    out["dram_bytes_per_us"] = A100["dram_gbps"] * 1e3 * H100_COPY_EFFICIENCY
    out["source"] = (
        "scaled from h100_sxm.json's fitted constants by bench/datasheet_gpu.py (A100 SXM4 80GB datasheet: "
        "108 SMs at 1410 MHz, 312 TFLOP/s dense f16 mma.sync, 2039 GB/s HBM2e at the H100's copy efficiency, "
        "40 MB L2, 164 KB shared memory an SM); not fitted: no A100 has been measured")
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the checked-in file instead of writing it")
    args = parser.parse_args(argv)
    from boltc.tuning.model import GPU_DIR, GpuModel

    made = a100_from(json.loads((GPU_DIR / "h100_sxm.json").read_text()))
    GpuModel.from_json(made, "a100_sxm")  # every constant in range
    text = json.dumps(made, indent=2) + "\n"
    target = GPU_DIR / "a100_sxm.json"
    if args.check:
        same = target.exists() and target.read_text() == text
        print(f"{target}: {'up to date' if same else 'differs from bench/datasheet_gpu.py output'}")
        return 0 if same else 1
    target.write_text(text)
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
