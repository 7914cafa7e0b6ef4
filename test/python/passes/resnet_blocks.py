"""Torch ResNet blocks that tests on both sides share (test/python/passes on the CPU,
test/gpu on the device machine: it puts this directory on sys.path)."""

from __future__ import annotations


def bottleneck_with_projection(seed: int = 0):
    """ResNet's first bottleneck of a stage without a stride: 1x1 64 -> 64, 3x3, 1x1 64 -> 256,
    and a 1x1 64 -> 256 projection shortcut, each with batch-norm (statistics and affine
    drawn away from the identity, so every fold leaves a bias); eval mode, seeded."""
    import torch
    from torch import nn

    class Bottleneck(nn.Module):
        def __init__(self):
            super().__init__()
            self.c1, self.b1 = nn.Conv2d(64, 64, 1, bias=False), nn.BatchNorm2d(64)
            self.c2, self.b2 = nn.Conv2d(64, 64, 3, padding=1, bias=False), nn.BatchNorm2d(64)
            self.c3, self.b3 = nn.Conv2d(64, 256, 1, bias=False), nn.BatchNorm2d(256)
            self.ds = nn.Sequential(nn.Conv2d(64, 256, 1, bias=False), nn.BatchNorm2d(256))

        def forward(self, x):
            y = torch.relu(self.b1(self.c1(x)))
            y = torch.relu(self.b2(self.c2(y)))
            return torch.relu(self.b3(self.c3(y)) + self.ds(x))

    torch.manual_seed(seed)
    block = Bottleneck().eval()
    for mod in block.modules():
        if isinstance(mod, nn.BatchNorm2d):
            mod.running_mean.uniform_(-0.5, 0.5)
            mod.running_var.uniform_(0.5, 2.0)
            mod.weight.data.uniform_(0.5, 1.5)
            mod.bias.data.uniform_(-0.5, 0.5)
    return block


def pooled_bottleneck(seed: int = 0):
    """ResNet-50's stem max-pool (3x3/2, padding 1) followed by layer 1's first bottleneck (the
    projection shortcut above): merge-residual-gemms concatenates the pool's output and the 3x3
    convolution's along K, and plan-memory writes both in place (pitched rows)."""
    import torch
    from torch import nn

    class PooledBottleneck(nn.Module):
        def __init__(self):
            super().__init__()
            self.pool = nn.MaxPool2d(3, 2, 1)
            self.block = bottleneck_with_projection(seed)

        def forward(self, x):
            return self.block(self.pool(torch.relu(x)))

    return PooledBottleneck().eval()
