// 2-D max and average pooling, NCHW and NHWC, with padding; global pooling as a reduction.
#include "dispatch.cuh"

namespace boltc::rt {
namespace {

// One thread per output element; consecutive threads write consecutive outputs.
template <class T>
__global__ void __launch_bounds__(kThreads)
    pool2d_kernel(const T* __restrict__ src, T* __restrict__ dst, Pool2dParams p, int64_t n) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  const bool is_max = p.kind == static_cast<int32_t>(PoolKind::Max);
  const float area = static_cast<float>(p.window_h * p.window_w);
  for (int64_t i = global_thread(); i < n; i += grid_threads()) {
    int64_t b, ch, oy, ox;
    if (p.nhwc) {
      ch = i % p.c;
      ox = i / p.c % p.q;
      oy = i / (p.c * p.q) % p.p;
      b = i / (p.c * p.q * p.p);
    } else {
      ox = i % p.q;
      oy = i / p.q % p.p;
      ch = i / (p.q * p.p) % p.c;
      b = i / (p.q * p.p * p.c);
    }
    // Padded positions hold -inf (max) or zero (avg): both leave acc as it is.
    float acc = is_max ? -INFINITY : 0.0f;
    const int64_t y0 = oy * p.stride_h - p.pad_top, x0 = ox * p.stride_w - p.pad_left;
    for (int ky = 0; ky < p.window_h; ++ky) {
      const int64_t y = y0 + ky;
      if (y < 0 || y >= p.h) continue;
      for (int kx = 0; kx < p.window_w; ++kx) {
        const int64_t x = x0 + kx;
        if (x < 0 || x >= p.w) continue;
        const int64_t at = p.nhwc ? ((b * p.h + y) * p.w + x) * p.c + ch
                                  : ((b * p.c + ch) * p.h + y) * p.w + x;
        const float v = dev::to_float(src[at]);
        acc = is_max ? dev::nan_max(acc, v) : acc + v;
      }
    }
    // NHWC rows (pixels) out_pitch elements apart: a concatenation's columns (plan-memory).
    const int64_t out = p.nhwc ? i + (i / p.c) * (p.out_pitch - p.c) : i;
    dst[out] = dev::from_float<T>(is_max ? acc : acc / area);
  }
}

// NHWC pooling with V channels per thread (16-byte loads and stores) and 32-bit indices: the
// scalar kernel above spent its time in 64-bit divisions and 2-byte accesses (ResNet-50's stem
// max-pool ran at a tenth of memory speed). Taken when C is a multiple of V, the pointers are
// 16-byte aligned and every index fits in 31 bits. KH x KW > 0: the window is known at compile
// time (3x3, 2x2), so its loops unroll and a thread's window loads are in flight together; with
// run-time loops each load waited for the previous one's max (the stem's pool ran at 70 %).
template <class T, int V, int KH, int KW>
__global__ void __launch_bounds__(kThreads)
    pool2d_nhwc_vector_kernel(const T* __restrict__ src, T* __restrict__ dst, Pool2dParams p,
                              int32_t n_vectors, FastDivisor vectors_per_pixel, FastDivisor out_w,
                              FastDivisor out_h) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  const bool is_max = p.kind == static_cast<int32_t>(PoolKind::Max);
  const int32_t c = static_cast<int32_t>(p.c), h = static_cast<int32_t>(p.h), w = static_cast<int32_t>(p.w);
  const int32_t window_h = KH > 0 ? KH : p.window_h, window_w = KW > 0 ? KW : p.window_w;
  const float inv_area = 1.0f / static_cast<float>(window_h * window_w);
  for (int32_t i = static_cast<int32_t>(global_thread()); i < n_vectors;
       i += static_cast<int32_t>(grid_threads())) {
    int32_t cv, ox, oy;
    const int32_t pixel = vectors_per_pixel.divmod(i, &cv);
    const int32_t b = out_h.divmod(out_w.divmod(pixel, &ox), &oy);
    float acc[V];
#pragma unroll
    for (int j = 0; j < V; ++j) acc[j] = is_max ? -INFINITY : 0.0f;
    const int32_t y0 = oy * p.stride_h - p.pad_top, x0 = ox * p.stride_w - p.pad_left;
    const T* image = src + static_cast<int64_t>(b) * h * w * c + cv * V;
#pragma unroll
    for (int32_t ky = 0; ky < window_h; ++ky) {
      const int32_t y = y0 + ky;
#pragma unroll
      for (int32_t kx = 0; kx < window_w; ++kx) {
        const int32_t x = x0 + kx;
        if (y < 0 || y >= h || x < 0 || x >= w) continue;  // padding: leaves acc as it is
        const auto v = dev::load_vec<V>(image + (static_cast<int64_t>(y) * w + x) * c);
#pragma unroll
        for (int j = 0; j < V; ++j) {
          const float f = dev::to_float(v.v[j]);
          acc[j] = is_max ? dev::nan_max(acc[j], f) : acc[j] + f;
        }
      }
    }
    dev::Vec<T, V> out;
#pragma unroll
    for (int j = 0; j < V; ++j) out.v[j] = dev::from_float<T>(is_max ? acc[j] : acc[j] * inv_area);
    dev::store_vec<V>(dst + static_cast<int64_t>(pixel) * p.out_pitch + cv * V, out);
  }
}

// Global pooling over contiguous H*W planes (NCHW): one warp per plane.
template <class T>
__global__ void __launch_bounds__(kThreads)
    global_pool_planes_kernel(const T* __restrict__ src, T* __restrict__ dst, int64_t planes,
                              int64_t plane_size, int32_t kind) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  const bool is_max = kind == static_cast<int32_t>(PoolKind::Max);
  const int lane = threadIdx.x % 32;
  const int64_t warps = grid_threads() / 32;
  for (int64_t plane = global_thread() / 32; plane < planes; plane += warps) {
    const T* s = src + plane * plane_size;
    float acc = is_max ? -INFINITY : 0.0f;
    for (int64_t j = lane; j < plane_size; j += 32) {
      const float v = dev::to_float(s[j]);
      acc = is_max ? dev::nan_max(acc, v) : acc + v;
    }
    acc = is_max ? dev::warp_reduce(acc, dev::MaxOp{}) : dev::warp_reduce(acc, dev::SumOp{});
    if (lane == 0) dst[plane] = dev::from_float<T>(is_max ? acc : acc / plane_size);
  }
}

// Global pooling of NHWC: one thread per (n, c), reading along H*W with consecutive threads
// on consecutive channels (coalesced).
template <class T>
__global__ void __launch_bounds__(kThreads)
    global_pool_channels_kernel(const T* __restrict__ src, T* __restrict__ dst, int64_t n,
                                int64_t hw, int64_t c, int32_t kind) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  const bool is_max = kind == static_cast<int32_t>(PoolKind::Max);
  for (int64_t i = global_thread(); i < n * c; i += grid_threads()) {
    const int64_t b = i / c, ch = i % c;
    const T* s = src + b * hw * c + ch;
    float acc = is_max ? -INFINITY : 0.0f;
    for (int64_t j = 0; j < hw; ++j) {
      const float v = dev::to_float(s[j * c]);
      acc = is_max ? dev::nan_max(acc, v) : acc + v;
    }
    dst[i] = dev::from_float<T>(is_max ? acc : acc / hw);
  }
}

// Global pooling of NHWC with the H*W positions split too: a block per image and 16 (or fewer)
// V-channel vectors, its 256 threads as kSplits = 256 / lanes groups of `lanes` threads on
// consecutive vectors (coalesced), each group taking every kSplits-th position, then a sum or
// max of the groups' partials through shared memory. The thread per (image, channel vector)
// before it had 32 blocks for a ResNet head (32 x 7 x 7 x 2048) and walked 49 positions one load
// at a time (33 % of the copy peak). V is the widest vector that C and both pointers allow (1:
// any C, any alignment).
constexpr int kPoolUnroll = 4;

template <class T, int V, class Op>
__global__ void __launch_bounds__(kThreads)
    global_pool_split_kernel(const T* __restrict__ src, T* __restrict__ dst, int32_t hw, int32_t c,
                             int32_t lanes_log2, FastDivisor blocks_per_image, float init, float divisor) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  const Op op{};
  __shared__ float partial[kThreads * V];
  const int32_t lanes = 1 << lanes_log2, splits = kThreads >> lanes_log2;
  const int32_t lane = threadIdx.x & (lanes - 1), split = threadIdx.x >> lanes_log2;
  int32_t part;
  const int32_t b = blocks_per_image.divmod(static_cast<int32_t>(blockIdx.x), &part);
  const int32_t cv = part * lanes + lane;
  const bool active = cv * V < c;
  float acc[V];
#pragma unroll
  for (int e = 0; e < V; ++e) acc[e] = init;
  if (active) {
    const T* s = src + static_cast<int64_t>(b) * hw * c + cv * V;
    // kPoolUnroll positions loaded before any is summed, so that their loads are in flight
    // together (a ResNet head's thread has about 3).
    for (int32_t j0 = split; j0 < hw; j0 += splits * kPoolUnroll) {
      dev::Vec<T, V> x[kPoolUnroll];
#pragma unroll
      for (int u = 0; u < kPoolUnroll; ++u) {
        if (j0 + u * splits < hw) x[u] = dev::load_vec<V>(s + static_cast<int64_t>(j0 + u * splits) * c);
      }
#pragma unroll
      for (int u = 0; u < kPoolUnroll; ++u) {
        if (j0 + u * splits < hw) {
#pragma unroll
          for (int e = 0; e < V; ++e) acc[e] = op(acc[e], dev::to_float(x[u].v[e]));
        }
      }
    }
  }
#pragma unroll
  for (int e = 0; e < V; ++e) partial[(split * lanes + lane) * V + e] = acc[e];
  __syncthreads();
  if (split == 0 && active) {
    for (int32_t k = 1; k < splits; ++k) {
#pragma unroll
      for (int e = 0; e < V; ++e) acc[e] = op(acc[e], partial[(k * lanes + lane) * V + e]);
    }
    dev::Vec<T, V> out;
#pragma unroll
    for (int e = 0; e < V; ++e) out.v[e] = dev::from_float<T>(acc[e] / divisor);
    dev::store_vec<V>(dst + static_cast<int64_t>(b) * c + cv * V, out);
  }
}

template <class T, int V>
cudaError_t launch_global_pool_split(const T* src, T* dst, const Pool2dParams& p, cudaStream_t stream) {
  const int64_t vectors = p.c / V;
  // At most 16 lanes: a ResNet head (256 vectors an image) gets 512 blocks of 16 splits, so
  // each thread's ~3 loads are in flight together (kPoolUnroll above).
  int32_t lanes_log2 = 0;
  while (lanes_log2 < 4 && (int64_t{1} << lanes_log2) < vectors) ++lanes_log2;
  const int64_t per_image = (vectors + (int64_t{1} << lanes_log2) - 1) >> lanes_log2;
  const unsigned blocks = static_cast<unsigned>(p.n * per_image);
  const auto hw = static_cast<int32_t>(p.h * p.w), c = static_cast<int32_t>(p.c);
  const FastDivisor per = FastDivisor::of(static_cast<int32_t>(per_image));
  // The operation as a template parameter: no per-element branch on the kind.
  if (p.kind == static_cast<int32_t>(PoolKind::Max)) {
    launch(global_pool_split_kernel<T, V, dev::MaxOp>, blocks, kThreads, 0, stream,
        src, dst, hw, c, lanes_log2, per, -INFINITY, 1.0f);
  } else {
    launch(global_pool_split_kernel<T, V, dev::SumOp>, blocks, kThreads, 0, stream,
        src, dst, hw, c, lanes_log2, per, 0.0f, static_cast<float>(hw));
  }
  return launched();
}

bool is_global(const Pool2dParams& p) {
  return p.window_h == p.h && p.window_w == p.w && p.p == 1 && p.q == 1 && p.pad_top == 0 &&
         p.pad_left == 0;
}

}  // namespace

cudaError_t pool2d(DType dtype, const void* src, void* dst, const Pool2dParams& p,
                   cudaStream_t stream) {
  if (p.window_h <= 0 || p.window_w <= 0 || p.stride_h <= 0 || p.stride_w <= 0) {
    return cudaErrorInvalidValue;
  }
  // A pitched output (NHWC pixels out_pitch elements apart) is for windowed pooling only.
  if (p.nhwc && (p.out_pitch < p.c || (p.out_pitch != p.c && is_global(p)))) {
    return cudaErrorInvalidValue;
  }
  const int64_t n = p.n * p.c * p.p * p.q;
  if (n == 0) return cudaSuccess;
  return dispatch(dtype, [&](auto zero) {
    using T = decltype(zero);
    const T* s = static_cast<const T*>(src);
    T* d = static_cast<T*>(dst);
    constexpr int V = 16 / sizeof(T);
    if (is_global(p) && !p.nhwc) {
      launch(global_pool_planes_kernel<T>, grid_for(n * 32, kThreads), kThreads, 0, stream,
          s, d, n, p.h * p.w, p.kind);
    } else if (is_global(p) && p.n * p.c < (int64_t{1} << 31) && p.h * p.w * p.c < (int64_t{1} << 31)) {
      auto fits = [&](int v) { return p.c % v == 0 && aligned(src, v * sizeof(T)) && aligned(dst, v * sizeof(T)); };
      if (fits(V)) return launch_global_pool_split<T, V>(s, d, p, stream);
      if constexpr (V >= 4) {
        if (fits(V / 2)) return launch_global_pool_split<T, V / 2>(s, d, p, stream);
      }
      if constexpr (V >= 8) {
        if (fits(V / 4)) return launch_global_pool_split<T, V / 4>(s, d, p, stream);
      }
      return launch_global_pool_split<T, 1>(s, d, p, stream);
    } else if (is_global(p)) {
      launch(global_pool_channels_kernel<T>, grid_for(n, kThreads), kThreads, 0, stream,
          s, d, p.n, p.h * p.w, p.c, p.kind);
    } else if (p.nhwc && p.c % V == 0 && p.out_pitch % V == 0 && aligned(src, 16) && aligned(dst, 16) &&
               p.n * p.h * p.w * p.c < (int64_t{1} << 31) && n < (int64_t{1} << 31)) {
      const int32_t n_vectors = static_cast<int32_t>(n / V);
      const auto per_pixel = FastDivisor::of(static_cast<int32_t>(p.c / V));
      const auto out_w = FastDivisor::of(static_cast<int32_t>(p.q)), out_h = FastDivisor::of(static_cast<int32_t>(p.p));
      const unsigned blocks = grid_for(n_vectors, kThreads);
      if (p.window_h == 3 && p.window_w == 3) {
        launch(pool2d_nhwc_vector_kernel<T, V, 3, 3>, blocks, kThreads, 0, stream, s, d, p, n_vectors, per_pixel, out_w, out_h);
      } else if (p.window_h == 2 && p.window_w == 2) {
        launch(pool2d_nhwc_vector_kernel<T, V, 2, 2>, blocks, kThreads, 0, stream, s, d, p, n_vectors, per_pixel, out_w, out_h);
      } else {
        launch(pool2d_nhwc_vector_kernel<T, V, 0, 0>, blocks, kThreads, 0, stream, s, d, p, n_vectors, per_pixel, out_w, out_h);
      }
    } else {
      launch(pool2d_kernel<T>, grid_for(n, kThreads), kThreads, 0, stream, s, d, p, n);
    }
    return launched();
  });
}

}  // namespace boltc::rt
