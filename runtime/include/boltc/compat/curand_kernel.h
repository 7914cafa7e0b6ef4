// An empty stand-in for <curand_kernel.h>, on the kernels' include path (boltc/lowering/build.py).
//
// CUTLASS's example 41 (kernel_forward.h, the fused attention kernel that
// boltc/lowering/cutlass/fmha_sm80.py instantiates) includes <curand_kernel.h> unconditionally,
// but uses cuRAND only for dropout and only under HAS_PYTORCH, which boltc never defines. A CUDA
// toolkit without the cuRAND headers (the CUDA compiler alone, as on the development machine)
// then still builds it. No boltc kernel samples random numbers.
#pragma once
