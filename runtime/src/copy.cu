// Data movement: strided copies (transpose, slice, broadcast), tiled 2-D transposes, padding,
// and plain device-to-device copies.
#include <algorithm>
#include <type_traits>

#include "dispatch.cuh"

namespace boltc::rt {
namespace {

template <class T>
__global__ void __launch_bounds__(kThreads)
    strided_copy_kernel(const T* __restrict__ src, int64_t offset, StridedIndex index,
                        T* __restrict__ dst, int64_t n) {
  for (int64_t i = global_thread(); i < n; i += grid_threads()) {
    dst[i] = src[offset + strided_offset(i, index)];
  }
}

// The same with 32-bit index arithmetic (64-bit division is a long software routine: the
// 64-bit kernel moved BERT's head transposes at a tenth of memory speed). `T` may be a whole
// vector (dev::Vec) when the innermost run is contiguous: see strided_copy.
struct StridedIndex32 {
  int32_t rank;
  int32_t size[kMaxRank];
  int32_t stride[kMaxRank];
};

template <class T>
__global__ void __launch_bounds__(kThreads)
    strided_copy32_kernel(const T* __restrict__ src, int32_t offset, StridedIndex32 index,
                          T* __restrict__ dst, int32_t n) {
  for (int32_t i = static_cast<int32_t>(global_thread()); i < n; i += static_cast<int32_t>(grid_threads())) {
    int32_t rest = i, at = offset;
#pragma unroll
    for (int d = kMaxRank - 1; d >= 0; --d) {
      if (d < index.rank) {
        const int32_t size = index.size[d];
        const int32_t q = rest / size;
        at += (rest - q * size) * index.stride[d];
        rest = q;
      }
    }
    dst[i] = src[at];
  }
}

// Elements per access for a strided copy whose innermost dimension is contiguous: the widest
// of 16/8/4 bytes dividing that run, every outer stride and the offset (so that every vector
// is aligned), or 1.
int strided_vector_elements(const StridedIndex& index, int64_t offset, const void* src,
                            const void* dst, size_t element_bytes) {
  if (index.rank == 0 || index.stride[index.rank - 1] != 1) return 1;
  for (size_t bytes = 16; bytes > element_bytes; bytes /= 2) {
    const int64_t v = static_cast<int64_t>(bytes / element_bytes);
    bool fits = index.size[index.rank - 1] % v == 0 && offset % v == 0 && aligned(src, bytes) &&
                aligned(dst, bytes);
    for (int d = 0; d + 1 < index.rank && fits; ++d) fits = index.stride[d] % v == 0;
    if (fits) return static_cast<int>(v);
  }
  return 1;
}

// `index` counted in vectors of v elements (its innermost run contiguous, every stride a
// multiple of v), and whether all of it, its offsets too, fits 32-bit arithmetic.
bool to_vector_index32(const StridedIndex& index, int64_t offset, int v, StridedIndex32* out,
                       int32_t* offset_out, int32_t* count) {
  int64_t n = 1, last = offset / v;
  out->rank = index.rank;
  for (int d = 0; d < index.rank; ++d) {
    const bool innermost = d == index.rank - 1;
    const int64_t size = innermost ? index.size[d] / v : index.size[d];
    const int64_t stride = innermost ? index.stride[d] : index.stride[d] / v;
    n *= size;
    last += (size - 1) * stride;
    if (size >= (int64_t{1} << 31) || stride >= (int64_t{1} << 31) || stride < 0) return false;
    out->size[d] = static_cast<int32_t>(size);
    out->stride[d] = static_cast<int32_t>(stride);
  }
  if (n >= (int64_t{1} << 31) || last >= (int64_t{1} << 31)) return false;
  *offset_out = static_cast<int32_t>(offset / v);
  *count = static_cast<int32_t>(n);
  return true;
}

template <class T, int V>
cudaError_t launch_strided_copy32(const void* src, int32_t offset, const StridedIndex32& index,
                                  void* dst, int32_t n, cudaStream_t stream) {
  using Vector = dev::Vec<T, V>;
  strided_copy32_kernel<Vector><<<grid_for(n, kThreads), kThreads, 0, stream>>>(
      static_cast<const Vector*>(src), offset, index, static_cast<Vector*>(dst), n);
  return launched();
}

constexpr int kTile = 32;
constexpr int kTileRows = 8;  // threads per tile column: each thread moves kTile / kTileRows

// One 32x32 tile per block: coalesced reads of src rows, coalesced writes of dst rows.
template <class T>
__global__ void __launch_bounds__(kTile * kTileRows)
    transpose_kernel(const T* __restrict__ src, T* __restrict__ dst, int64_t batch, int64_t rows,
                     int64_t cols) {
  __shared__ T tile[kTile][kTile + 1];  // +1: columns fall in different banks
  const int64_t col_tiles = (cols + kTile - 1) / kTile;
  const int64_t row_tiles = (rows + kTile - 1) / kTile;
  const int64_t tiles = batch * row_tiles * col_tiles;
  for (int64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
    const int64_t b = t / (row_tiles * col_tiles);
    const int64_t r0 = (t / col_tiles) % row_tiles * kTile;
    const int64_t c0 = t % col_tiles * kTile;
    const T* s = src + b * rows * cols;
    T* d = dst + b * rows * cols;
    for (int j = threadIdx.y; j < kTile; j += kTileRows) {
      const int64_t r = r0 + j, c = c0 + threadIdx.x;
      if (r < rows && c < cols) tile[j][threadIdx.x] = s[r * cols + c];
    }
    __syncthreads();
    for (int j = threadIdx.y; j < kTile; j += kTileRows) {
      const int64_t c = c0 + j, r = r0 + threadIdx.x;
      if (r < rows && c < cols) d[c * rows + r] = tile[threadIdx.x][j];
    }
    __syncthreads();  // the tile is refilled by the next iteration
  }
}

// Transposes of a matrix with few rows (NCHW -> NHWC of an image's 3 channels: rows = C,
// cols = H*W): a 32x32 tile would be mostly empty, so each thread moves one column, reading
// `rows` coalesced values and writing them contiguously. Few columns is the mirror image.
// 32-bit indices (taken only when they fit).
constexpr int64_t kNarrow = 16;

template <class T>
__global__ void __launch_bounds__(kThreads)
    transpose_few_rows_kernel(const T* __restrict__ src, T* __restrict__ dst, int32_t batch,
                              int32_t rows, int32_t cols) {
  const int32_t n = batch * cols;
  for (int32_t i = static_cast<int32_t>(global_thread()); i < n; i += static_cast<int32_t>(grid_threads())) {
    const int32_t b = i / cols, col = i - b * cols;
    const T* s = src + b * rows * cols + col;
    T* d = dst + i * rows;
    for (int32_t r = 0; r < rows; ++r) d[r] = s[r * cols];
  }
}

template <class T>
__global__ void __launch_bounds__(kThreads)
    transpose_few_cols_kernel(const T* __restrict__ src, T* __restrict__ dst, int32_t batch,
                              int32_t rows, int32_t cols) {
  const int32_t n = batch * rows;
  for (int32_t i = static_cast<int32_t>(global_thread()); i < n; i += static_cast<int32_t>(grid_threads())) {
    const int32_t b = i / rows, row = i - b * rows;
    const T* s = src + i * cols;
    T* d = dst + b * rows * cols + row;
    for (int32_t c = 0; c < cols; ++c) d[c * rows] = s[c];
  }
}

// transpose_few_rows_kernel writing OutRows values per column (the first `rows` from src, the
// rest `fill`) as one vector store when OutRows elements make 4, 8 or 16 bytes.
// S -> T converts through float (exact for every pair here but a rounding down to T).
template <class S, class T>
__device__ __forceinline__ T convert(S x) {
  if constexpr (std::is_same_v<S, T>) {
    return x;
  } else {
    return dev::from_float<T>(dev::to_float(x));
  }
}

template <class S, class T, int OutRows>
__global__ void __launch_bounds__(kThreads)
    transpose_pad_few_rows_kernel(const S* __restrict__ src, T* __restrict__ dst, int32_t batch,
                                  int32_t rows, int32_t cols, float value) {
  const int32_t n = batch * cols;
  const T fill = dev::from_float<T>(value);
  for (int32_t i = static_cast<int32_t>(global_thread()); i < n; i += static_cast<int32_t>(grid_threads())) {
    const int32_t b = i / cols, col = i - b * cols;
    const S* s = src + b * rows * cols + col;
    dev::Vec<T, OutRows> out;
#pragma unroll
    for (int r = 0; r < OutRows; ++r) out.v[r] = r < rows ? convert<S, T>(s[r * cols]) : fill;
    dev::store_vec<OutRows>(dst + static_cast<int64_t>(i) * OutRows, out);
  }
}

template <class S, class T>
__global__ void __launch_bounds__(kThreads)
    transpose_pad_kernel(const S* __restrict__ src, T* __restrict__ dst, int32_t batch, int32_t rows,
                         int32_t cols, int32_t out_rows, float value) {
  const int32_t n = batch * cols;
  const T fill = dev::from_float<T>(value);
  for (int32_t i = static_cast<int32_t>(global_thread()); i < n; i += static_cast<int32_t>(grid_threads())) {
    const int32_t b = i / cols, col = i - b * cols;
    const S* s = src + b * rows * cols + col;
    T* d = dst + i * out_rows;
    for (int32_t r = 0; r < out_rows; ++r) d[r] = r < rows ? convert<S, T>(s[r * cols]) : fill;
  }
}

// Space-to-depth (passes/space_to_depth.py): one thread per folded pixel (n, u, v) writes its
// out_c channels; the (i, j, ch) order of the fold is the filter's (folded alike at compile
// time). For an NCHW image a warp's 32 threads read, per (i, j, ch), 32 values `block` apart in
// one row of one plane: two cache lines of fp32, each read twice (j = 0, 1) through L1.
template <class S, class T>
__device__ __forceinline__ T fold_read(const S* __restrict__ image, const SpaceToDepthParams& p,
                                       int32_t h, int32_t w, int32_t ch, T fill) {
  const bool inside = h >= 0 && h < p.h && w >= 0 && w < p.w;
  return inside ? convert<S, T>(image[h * p.stride_h + w * p.stride_w + ch * p.stride_c]) : fill;
}

// The stems' shapes (block 2, 3 or 4 channels, 16 out): every loop unrolled, one 32-byte store.
template <class S, class T, int Block, int C, int OutC>
__global__ void __launch_bounds__(kThreads)
    space_to_depth_fixed_kernel(const S* __restrict__ src, T* __restrict__ dst, SpaceToDepthParams p,
                                int32_t pixels) {
  static_assert(Block * Block * C <= OutC, "the fold must fit the padded channels");
  const T fill = dev::from_float<T>(p.value);
  const auto out_w = static_cast<int32_t>(p.out_w), out_h = static_cast<int32_t>(p.out_h);
  for (int32_t i = static_cast<int32_t>(global_thread()); i < pixels; i += static_cast<int32_t>(grid_threads())) {
    const int32_t v = i % out_w, rest = i / out_w, u = rest % out_h, n = rest / out_h;
    const S* image = src + n * p.stride_n;
    const int32_t h0 = u * Block - p.pad_top, w0 = v * Block - p.pad_left;
    dev::Vec<T, OutC> out;
#pragma unroll
    for (int bi = 0; bi < Block; ++bi) {
#pragma unroll
      for (int bj = 0; bj < Block; ++bj) {
#pragma unroll
        for (int ch = 0; ch < C; ++ch) out.v[(bi * Block + bj) * C + ch] = fold_read<S, T>(image, p, h0 + bi, w0 + bj, ch, fill);
      }
    }
#pragma unroll
    for (int k = Block * Block * C; k < OutC; ++k) out.v[k] = fill;
    dev::store_vec<OutC>(dst + static_cast<int64_t>(i) * OutC, out);
  }
}

// Any block, channel count and padded width: element by element.
template <class S, class T>
__global__ void __launch_bounds__(kThreads)
    space_to_depth_kernel(const S* __restrict__ src, T* __restrict__ dst, SpaceToDepthParams p, int32_t pixels) {
  const T fill = dev::from_float<T>(p.value);
  const auto out_w = static_cast<int32_t>(p.out_w), out_h = static_cast<int32_t>(p.out_h);
  const auto c = static_cast<int32_t>(p.c), out_c = static_cast<int32_t>(p.out_c);
  for (int32_t i = static_cast<int32_t>(global_thread()); i < pixels; i += static_cast<int32_t>(grid_threads())) {
    const int32_t v = i % out_w, rest = i / out_w, u = rest % out_h, n = rest / out_h;
    const S* image = src + n * p.stride_n;
    const int32_t h0 = u * p.block - p.pad_top, w0 = v * p.block - p.pad_left;
    T* out = dst + static_cast<int64_t>(i) * out_c;
    int32_t k = 0;
    for (int32_t bi = 0; bi < p.block; ++bi) {
      for (int32_t bj = 0; bj < p.block; ++bj) {
        for (int32_t ch = 0; ch < c; ++ch) out[k++] = fold_read<S, T>(image, p, h0 + bi, w0 + bj, ch, fill);
      }
    }
    for (; k < out_c; ++k) out[k] = fill;
  }
}

// General padding: per element, the input coordinate of each dimension by division. `Index` is
// int32_t when every size fits (64-bit division is a long software routine on the GPU and made
// this kernel the slowest step of a padded convolution: bench/conv.py).
template <class T, class Index>
__global__ void __launch_bounds__(kThreads)
    pad_kernel(const T* __restrict__ src, T* __restrict__ dst, PadParams params, Index n) {
  const T fill = dev::from_float<T>(params.value);
  for (Index i = static_cast<Index>(global_thread()); i < n; i += static_cast<Index>(grid_threads())) {
    Index rest = i, offset = 0, in_stride = 1;
    bool inside = true;
#pragma unroll
    for (int d = kMaxRank - 1; d >= 0; --d) {
      if (d < params.rank) {
        const Index out_size = static_cast<Index>(params.out_size[d]);
        const Index in_size = static_cast<Index>(params.in_size[d]);
        const Index coord = rest % out_size - static_cast<Index>(params.low[d]);
        rest /= out_size;
        inside = inside && coord >= 0 && coord < in_size;
        offset += coord * in_stride;
        in_stride *= in_size;
      }
    }
    dst[i] = inside ? src[offset] : fill;
  }
}

// Padding at the end of the innermost dimension only (pad-alignment's channel padding of an
// NHWC activation): rows of `in_cols` become rows of `out_cols`, the tail filled. One thread
// per output element, one 32-bit division.
template <class T>
__global__ void __launch_bounds__(kThreads)
    pad_columns_kernel(const T* __restrict__ src, T* __restrict__ dst, uint32_t in_cols,
                       uint32_t out_cols, uint32_t n, float value) {
  const T fill = dev::from_float<T>(value);
  for (uint32_t i = static_cast<uint32_t>(global_thread()); i < n; i += static_cast<uint32_t>(grid_threads())) {
    const uint32_t row = i / out_cols, col = i - row * out_cols;
    dst[i] = col < in_cols ? src[static_cast<size_t>(row) * in_cols + col] : fill;
  }
}

// Only the innermost dimension grows, at its end.
bool pads_columns_only(const PadParams& p) {
  for (int d = 0; d < p.rank; ++d) {
    if (p.low[d] != 0) return false;
    if (d < p.rank - 1 && p.in_size[d] != p.out_size[d]) return false;
  }
  return p.rank > 0;
}

}  // namespace

unsigned grid_for(int64_t n, int threads) {
  const int64_t blocks = (n + threads - 1) / threads;
  return static_cast<unsigned>(std::clamp<int64_t>(blocks, 1, int64_t{1} << 30));
}

cudaError_t strided_copy(DType dtype, const void* src, int64_t offset, const StridedIndex& index,
                         void* dst, cudaStream_t stream) {
  if (index.rank < 0 || index.rank > kMaxRank) return cudaErrorInvalidValue;
  const int64_t n = index_count(index);
  if (n == 0) return cudaSuccess;
  return dispatch(dtype, [&](auto zero) {
    using T = decltype(zero);
    const int v = strided_vector_elements(index, offset, src, dst, sizeof(T));
    StridedIndex32 index32;
    int32_t offset32 = 0, count = 0;
    if (to_vector_index32(index, offset, v, &index32, &offset32, &count)) {
      switch (v * sizeof(T)) {
        case 16: return launch_strided_copy32<T, 16 / sizeof(T)>(src, offset32, index32, dst, count, stream);
        case 8: return launch_strided_copy32<T, 8 / sizeof(T)>(src, offset32, index32, dst, count, stream);
        case 4: return launch_strided_copy32<T, (4 / sizeof(T) > 0 ? 4 / sizeof(T) : 1)>(src, offset32, index32, dst, count, stream);
        default: return launch_strided_copy32<T, 1>(src, offset32, index32, dst, count, stream);
      }
    }
    strided_copy_kernel<T><<<grid_for(n, kThreads), kThreads, 0, stream>>>(
        static_cast<const T*>(src), offset, index, static_cast<T*>(dst), n);
    return launched();
  });
}

cudaError_t transpose_2d(DType dtype, const void* src, void* dst, int64_t batch, int64_t rows,
                         int64_t cols, cudaStream_t stream) {
  const int64_t tiles = batch * ((rows + kTile - 1) / kTile) * ((cols + kTile - 1) / kTile);
  if (tiles == 0) return cudaSuccess;
  const unsigned blocks = static_cast<unsigned>(std::min<int64_t>(tiles, int64_t{1} << 30));
  const bool small = batch * rows * cols < (int64_t{1} << 31);
  return dispatch(dtype, [&](auto zero) {
    using T = decltype(zero);
    const T* s = static_cast<const T*>(src);
    T* d = static_cast<T*>(dst);
    if (small && rows <= kNarrow && rows < cols) {
      transpose_few_rows_kernel<T><<<grid_for(batch * cols, kThreads), kThreads, 0, stream>>>(
          s, d, static_cast<int32_t>(batch), static_cast<int32_t>(rows), static_cast<int32_t>(cols));
    } else if (small && cols <= kNarrow && cols < rows) {
      transpose_few_cols_kernel<T><<<grid_for(batch * rows, kThreads), kThreads, 0, stream>>>(
          s, d, static_cast<int32_t>(batch), static_cast<int32_t>(rows), static_cast<int32_t>(cols));
    } else {
      transpose_kernel<T><<<blocks, dim3(kTile, kTileRows), 0, stream>>>(s, d, batch, rows, cols);
    }
    return launched();
  });
}

cudaError_t transpose_pad_2d(DType src_dtype, DType dst_dtype, const void* src, void* dst,
                             int64_t batch, int64_t rows, int64_t cols, int64_t out_rows, float value,
                             cudaStream_t stream) {
  if (rows < 0 || out_rows < rows || out_rows > kNarrow || batch * out_rows * cols >= (int64_t{1} << 31)) {
    return cudaErrorInvalidValue;
  }
  const int64_t n = batch * cols;
  if (n == 0 || out_rows == 0) return cudaSuccess;
  return dispatch(src_dtype, [&](auto source_zero) {
    using S = decltype(source_zero);
    return dispatch(dst_dtype, [&](auto zero) {
      using T = decltype(zero);
      const S* s = static_cast<const S*>(src);
      T* d = static_cast<T*>(dst);
      const auto b = static_cast<int32_t>(batch), r = static_cast<int32_t>(rows), c = static_cast<int32_t>(cols);
      const unsigned blocks = grid_for(n, kThreads);
      const size_t row_bytes = static_cast<size_t>(out_rows) * sizeof(T);
      if (aligned(dst, row_bytes) && out_rows == 2 && sizeof(T) == 2) {
        transpose_pad_few_rows_kernel<S, T, 2><<<blocks, kThreads, 0, stream>>>(s, d, b, r, c, value);
      } else if (aligned(dst, row_bytes) && out_rows == 4 && sizeof(T) <= 4) {
        transpose_pad_few_rows_kernel<S, T, 4><<<blocks, kThreads, 0, stream>>>(s, d, b, r, c, value);
      } else if (aligned(dst, row_bytes) && out_rows == 8 && sizeof(T) == 2) {
        transpose_pad_few_rows_kernel<S, T, 8><<<blocks, kThreads, 0, stream>>>(s, d, b, r, c, value);
      } else {
        transpose_pad_kernel<S, T><<<blocks, kThreads, 0, stream>>>(s, d, b, r, c, static_cast<int32_t>(out_rows), value);
      }
      return launched();
    });
  });
}

cudaError_t space_to_depth(DType src_dtype, DType dst_dtype, const void* src, void* dst,
                           const SpaceToDepthParams& p, cudaStream_t stream) {
  const int64_t pixels = p.n * p.out_h * p.out_w;
  const int64_t last = (p.n - 1) * p.stride_n + (p.h - 1) * p.stride_h + (p.w - 1) * p.stride_w + (p.c - 1) * p.stride_c;
  if (p.block < 1 || p.out_c < int64_t{p.block} * p.block * p.c || pixels * p.out_c >= (int64_t{1} << 31) ||
      p.h * p.stride_h >= (int64_t{1} << 31) || last >= (int64_t{1} << 40)) {
    return cudaErrorInvalidValue;
  }
  if (pixels == 0 || p.out_c == 0) return cudaSuccess;
  return dispatch(src_dtype, [&](auto source_zero) {
    using S = decltype(source_zero);
    return dispatch(dst_dtype, [&](auto zero) {
      using T = decltype(zero);
      const S* s = static_cast<const S*>(src);
      T* d = static_cast<T*>(dst);
      const auto n = static_cast<int32_t>(pixels);
      const unsigned blocks = grid_for(pixels, kThreads);
      if constexpr (sizeof(T) == 2) {
        const bool vectors = p.block == 2 && p.out_c == 16 && aligned(dst, 16 * sizeof(T));
        if (vectors && p.c == 3) {
          space_to_depth_fixed_kernel<S, T, 2, 3, 16><<<blocks, kThreads, 0, stream>>>(s, d, p, n);
          return launched();
        }
        if (vectors && p.c == 4) {
          space_to_depth_fixed_kernel<S, T, 2, 4, 16><<<blocks, kThreads, 0, stream>>>(s, d, p, n);
          return launched();
        }
      }
      space_to_depth_kernel<S, T><<<blocks, kThreads, 0, stream>>>(s, d, p, n);
      return launched();
    });
  });
}

cudaError_t pad(DType dtype, const void* src, void* dst, const PadParams& params,
                cudaStream_t stream) {
  if (params.rank < 0 || params.rank > kMaxRank) return cudaErrorInvalidValue;
  int64_t n = 1, n_in = 1;
  for (int d = 0; d < params.rank; ++d) {
    n *= params.out_size[d];
    n_in *= params.in_size[d];
  }
  if (n == 0) return cudaSuccess;
  const bool small = std::max(n, n_in) < (int64_t{1} << 31);
  return dispatch(dtype, [&](auto zero) {
    using T = decltype(zero);
    const T* s = static_cast<const T*>(src);
    T* d = static_cast<T*>(dst);
    const unsigned blocks = grid_for(n, kThreads);
    if (small && pads_columns_only(params)) {
      const int last = params.rank - 1;
      pad_columns_kernel<T><<<blocks, kThreads, 0, stream>>>(
          s, d, static_cast<uint32_t>(params.in_size[last]), static_cast<uint32_t>(params.out_size[last]),
          static_cast<uint32_t>(n), params.value);
    } else if (small) {
      pad_kernel<T, int32_t><<<blocks, kThreads, 0, stream>>>(s, d, params, static_cast<int32_t>(n));
    } else {
      pad_kernel<T, int64_t><<<blocks, kThreads, 0, stream>>>(s, d, params, n);
    }
    return launched();
  });
}

cudaError_t copy_bytes(void* dst, const void* src, size_t bytes, cudaStream_t stream) {
  if (bytes == 0 || dst == src) return cudaSuccess;
  return cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, stream);
}

cudaError_t copy_rows(void* dst, size_t dst_pitch, const void* src, size_t src_pitch,
                      size_t row_bytes, size_t rows, cudaStream_t stream) {
  if (row_bytes == 0 || rows == 0) return cudaSuccess;
  if (rows == 1 || (dst_pitch == row_bytes && src_pitch == row_bytes)) {
    return cudaMemcpyAsync(dst, src, row_bytes * rows, cudaMemcpyDeviceToDevice, stream);
  }
  return cudaMemcpy2DAsync(dst, dst_pitch, src, src_pitch, row_bytes, rows,
                           cudaMemcpyDeviceToDevice, stream);
}

}  // namespace boltc::rt
