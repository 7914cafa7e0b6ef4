#!/usr/bin/env python3
"""The ImageNet stem (7x7/2 convolution on 3 channels, batch 32, bias + ReLU) in one run on the
GPU: boltc's whole pipeline on a torch stem (Conv2d + ReLU, NCHW image in) with the
space-to-depth pass and without it (`--without space-to-depth`'s mechanism, bench/models.py),
each with its edge kernel; the hand-built forms the pass was designed from (the conv on C
padded to 4 or 8 with kFixedChannels, the folded 4x4/1 convolution on 16 channels, alone and
with conv_sm90 tiles, the fold's data movement in torch); and cuDNN.

    python3 bench/stem.py [--batch 32]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "test" / "gpu"))
sys.path.insert(0, str(ROOT / "bench"))


def main(argv: list[str] | None = None) -> int:
    import torch
    import torch.nn.functional as F

    import boltc
    from gpu_helpers import per_call_us, torch_graph
    from test_conv_sm80 import conv_model

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--build", type=Path, default=Path("build/stem"))
    args = parser.parse_args(argv)
    args.build.mkdir(parents=True, exist_ok=True)
    n, h, f = args.batch, 224, 64
    torch.manual_seed(0)
    x = torch.randn(n, h, h, 3, device="cuda", dtype=torch.half)
    weight = torch.randn(f, 7, 7, 3, device="cuda", dtype=torch.half) / 147 ** 0.5
    bias = torch.randn(f, device="cuda", dtype=torch.half)
    x_nchw, w_nchw = x.permute(0, 3, 1, 2), weight.permute(0, 3, 1, 2)
    torch.backends.cudnn.benchmark = True
    reference = torch.relu(F.conv2d(x_nchw, w_nchw, bias, stride=2, padding=3)).permute(0, 2, 3, 1)

    rows = []
    # boltc's pipeline on the torch module, with and without the pass: NCHW fp16 image in, the
    # edge kernel (transpose_pad_2d, or space_to_depth with the pass) included in the time.
    from models import drop_passes

    from boltc.passes import pipeline

    stem = torch.nn.Sequential(torch.nn.Conv2d(3, f, 7, stride=2, padding=3), torch.nn.ReLU()).eval().half()
    with torch.no_grad():  # exported on the CPU (as bench/models.py does), run on the GPU
        stem[0].weight.copy_(w_nchw.cpu())
        stem[0].bias.copy_(bias.cpu())
    image = x_nchw.contiguous()
    full = pipeline.pipeline_passes
    for label, without in (("with space-to-depth", ""), ("--without space-to-depth", "space-to-depth")):
        pipeline.pipeline_passes = full
        if without:
            drop_passes({without})
        try:
            model = boltc.compile(stem, (image.cpu(),), output=args.build / f"pipeline_{without or 'all'}.so")
        finally:
            pipeline.pipeline_passes = full
        torch.testing.assert_close(model(image).permute(0, 2, 3, 1), reference, rtol=2e-3, atol=2e-3)
        rows.append((f"boltc pipeline {label}: " + "+".join(model.kernels),
                     per_call_us(model.capture_graph(image).replay)))
    direct = boltc.compile(conv_model(n, h, h, 3, f, 7, 7, stride=(2, 2), padding=(3, 3, 3, 3)),
                           output=args.build / "direct.so")
    torch.testing.assert_close(direct(x, weight, bias), reference, rtol=2e-3, atol=2e-3)
    rows.append(("boltc 7x7/2, C 3->4, " + "+".join(direct.kernels), per_call_us(direct.capture_graph(x, weight, bias).replay)))
    # C padded to 8: kFixedChannels with 16-byte accesses (twice the MMA work of C = 4).
    x8, w8 = F.pad(x, (0, 5)).contiguous(), F.pad(weight, (0, 5)).contiguous()
    wide = boltc.compile(conv_model(n, h, h, 8, f, 7, 7, stride=(2, 2), padding=(3, 3, 3, 3)),
                         output=args.build / "direct8.so")
    torch.testing.assert_close(wide(x8, w8, bias), reference, rtol=2e-3, atol=2e-3)
    rows.append(("boltc 7x7/2, C 3->8 (16-byte accesses), " + "+".join(wide.kernels),
                 per_call_us(wide.capture_graph(x8, w8, bias).replay)))

    # Space-to-depth: pad to 230x230, fold 2x2 pixels into channels (i, j, c), pad 12 -> 16.
    xp = F.pad(x, (0, 0, 3, 3, 3, 3))  # NHWC: C, W, H
    z = xp.reshape(n, 115, 2, 115, 2, 3).permute(0, 1, 3, 2, 4, 5).reshape(n, 115, 115, 12)
    z = F.pad(z, (0, 4)).contiguous()
    wp = F.pad(weight, (0, 0, 0, 1, 0, 1))  # F, 8, 8, C
    w2 = wp.reshape(f, 4, 2, 4, 2, 3).permute(0, 1, 3, 2, 4, 5).reshape(f, 4, 4, 12)
    w2 = F.pad(w2, (0, 4)).contiguous()
    folded = boltc.compile(conv_model(n, 115, 115, 16, f, 4, 4), output=args.build / "space_to_depth.so")
    torch.testing.assert_close(folded(z, w2, bias), reference, rtol=2e-3, atol=2e-3)
    rows.append(("boltc 4x4/1 on the folded input, C 16, " + "+".join(folded.kernels),
                 per_call_us(folded.capture_graph(z, w2, bias).replay)))
    for tile in ((128, 64, 64), (256, 64, 64), (128, 128, 64)):
        attr = (f'#bolt.kernel<"conv_sm90", tile [{", ".join(map(str, tile))}], cluster [1, 1, 1], '
                f'stages 4, "warpspecialized">')
        try:
            sm90 = boltc.compile(conv_model(n, 115, 115, 16, f, 4, 4, kernel=attr),
                                 output=args.build / f"space_to_depth_sm90_{tile[0]}x{tile[1]}.so")
            torch.testing.assert_close(sm90(z, w2, bias), reference, rtol=2e-3, atol=2e-3)
            rows.append((f"boltc 4x4/1 folded, C 16, conv_sm90 {tile}", per_call_us(sm90.capture_graph(z, w2, bias).replay)))
        except Exception as e:  # noqa: BLE001  (a tile the family refuses is reported)
            rows.append((f"conv_sm90 {tile}: {type(e).__name__}: {str(e)[:120]}", float("nan")))

    def fold():
        zz = F.pad(x, (0, 0, 3, 3, 3, 3)).reshape(n, 115, 2, 115, 2, 3).permute(0, 1, 3, 2, 4, 5)
        return F.pad(zz.reshape(n, 115, 115, 12), (0, 4))

    rows.append(("the fold's data movement (torch: pad, permute, pad)", per_call_us(torch_graph(fold))))
    cudnn = lambda: torch.relu(F.conv2d(x_nchw, w_nchw, bias, stride=2, padding=3))  # noqa: E731
    rows.append(("cuDNN 7x7/2 on the 3-channel channels_last input", per_call_us(torch_graph(cudnn))))
    print("| stem, batch %d | us |" % n)
    print("|---|---:|")
    for name, us in rows:
        print(f"| {name} | {us:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
