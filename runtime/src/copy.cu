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
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  for (int64_t i = global_thread(); i < n; i += grid_threads()) {
    dst[i] = src[offset + strided_offset(i, index)];
  }
}

// The same with 32-bit index arithmetic (64-bit division is a long software routine: the
// 64-bit kernel moved BERT's head transposes at a tenth of memory speed) and each division by
// a size a multiply-high (FastDivisor: a rank-4 index took four ~20-instruction divisions per
// 16-byte vector). `T` may be a whole vector (dev::Vec) when the innermost run is contiguous:
// see strided_copy.
struct StridedIndex32 {
  int32_t rank;
  FastDivisor size[kMaxRank];
  int32_t stride[kMaxRank];
};

template <class T>
__global__ void __launch_bounds__(kThreads)
    strided_copy32_kernel(const T* __restrict__ src, int32_t offset, StridedIndex32 index,
                          T* __restrict__ dst, int32_t n) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  for (int32_t i = static_cast<int32_t>(global_thread()); i < n; i += static_cast<int32_t>(grid_threads())) {
    int32_t rest = i, at = offset;
#pragma unroll
    for (int d = kMaxRank - 1; d >= 0; --d) {
      if (d < index.rank) {
        int32_t coord;
        rest = index.size[d].divmod(rest, &coord);
        at += coord * index.stride[d];
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
    out->size[d] = FastDivisor::of(static_cast<int32_t>(size));
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
  launch(strided_copy32_kernel<Vector>, grid_for(n, kThreads), kThreads, 0, stream,
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
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
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

// S -> T converts through float (exact for every pair here but a rounding down to T).
template <class S, class T>
__device__ __forceinline__ T convert(S x) {
  if constexpr (std::is_same_v<S, T>) {
    return x;
  } else {
    return dev::from_float<T>(dev::to_float(x));
  }
}

// Transposes whose result rows are short (rows <= kRowsTileMax: NCHW -> NHWC of an image's 3
// channels, NHWC -> NCHW of ResNet's 7x7 head), optionally padded at their end and converted
// (transpose_pad_2d). All `rows` rows of `tile_cols` columns of src become one contiguous run of
// tile_cols * out_rows elements of dst, so a block reads its tile's src rows with V-element
// vectors, scatters the elements into shared memory in dst's order, and writes the run with
// 16-byte vectors: the 32x32-tile kernel wrote 2-byte elements (a 49-element row is not
// aligned) and the few-rows kernel 6-byte runs per thread (58 % and 26 % of the copy peak).
//
// Shared memory is addressed in 16-byte chunks; for a power-of-2 out_rows, chunk k is stored
// at k ^ ((k >> 3) & 7) (an XOR swizzle within each 128 bytes) so that the scatter's lanes,
// on consecutive column vectors, land in different banks; for other out_rows the plain layout
// already spreads them (the lane mapping below puts up to 8 lanes on consecutive rows).
constexpr int32_t kRowsTileMax = 64;
constexpr int32_t kRowsTileBytes = 8192;
constexpr int kItemsAhead = 2;

struct RowsTile {
  int32_t rows, cols, out_rows;
  int32_t tile_cols;             // a power of 2, a multiple of V
  int32_t col_vectors_log2;      // log2(tile_cols / V)
  int32_t row_lanes_log2;        // lanes on consecutive rows in the scatter: min(8, out_rows) rounded up
  int32_t row_groups;            // ceil(out_rows / row lanes)
  int32_t swizzle;               // 7 or 0: the mask of the chunk swizzle
  FastDivisor col_tiles;         // ceil(cols / tile_cols): block -> (batch, column tile)
};

template <int V>
__device__ __forceinline__ int32_t swizzled(int32_t element, int32_t mask) {
  const int32_t chunk = element / V;
  return (chunk ^ ((chunk >> 3) & mask)) * V + element % V;
}

// V elements of S from an aligned p, with accesses of at most 16 bytes.
template <int V, class S, class T>
__device__ __forceinline__ void load_converted(const S* __restrict__ p, T (&out)[V]) {
  constexpr int K = V * sizeof(S) <= 16 ? V : static_cast<int>(16 / sizeof(S));
#pragma unroll
  for (int k = 0; k < V; k += K) {
    const auto x = dev::load_vec<K>(p + k);
#pragma unroll
    for (int e = 0; e < K; ++e) out[k + e] = convert<S, T>(x.v[e]);
  }
}

template <class S, class T, int V>
__global__ void __launch_bounds__(kThreads)
    transpose_rows_tile_kernel(const S* __restrict__ src, T* __restrict__ dst, RowsTile t, float value) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  static_assert(V * sizeof(T) == 16, "16-byte stores");
  extern __shared__ __align__(16) unsigned char shared[];
  T* tile = reinterpret_cast<T*>(shared);  // tile_cols x out_rows, dst's order, swizzled chunks
  const T fill = dev::from_float<T>(value);
  int32_t col_tile;
  const int32_t b = t.col_tiles.divmod(static_cast<int32_t>(blockIdx.x), &col_tile);
  const int32_t c0 = col_tile * t.tile_cols;
  const int32_t width = min(t.tile_cols, t.cols - c0);  // a multiple of V (cols is)
  const int32_t col_vectors = width / V;
  const int32_t lanes_log2 = t.row_lanes_log2, vectors_log2 = t.col_vectors_log2;
  // Item q: row (q >> (lanes + vectors)) * lanes + q % lanes, column vector (q >> lanes) % vectors;
  // a warp reads 32 / lanes column vectors of `lanes` consecutive rows.
  // kItemsAhead items' loads are issued before any is scattered (more bytes in flight a thread).
  const int32_t items = t.row_groups << (lanes_log2 + vectors_log2);
  const S* tile_src = src + (static_cast<int64_t>(b) * t.rows) * t.cols + c0;
  for (int32_t q0 = threadIdx.x; q0 < items; q0 += kItemsAhead * blockDim.x) {
    T x[kItemsAhead][V];
    int32_t first[kItemsAhead];  // the item's first element in dst's order, or -1: none
#pragma unroll
    for (int u = 0; u < kItemsAhead; ++u) {
      const int32_t q = q0 + u * static_cast<int32_t>(blockDim.x);
      const int32_t r = ((q >> (lanes_log2 + vectors_log2)) << lanes_log2) + (q & ((1 << lanes_log2) - 1));
      const int32_t cv = (q >> lanes_log2) & ((1 << vectors_log2) - 1);
      first[u] = q < items && r < t.out_rows && cv < col_vectors ? cv * V * t.out_rows + r : -1;
      if (first[u] >= 0 && r < t.rows) {
        load_converted<V>(tile_src + static_cast<int64_t>(r) * t.cols + cv * V, x[u]);
      } else {
#pragma unroll
        for (int e = 0; e < V; ++e) x[u][e] = fill;
      }
    }
#pragma unroll
    for (int u = 0; u < kItemsAhead; ++u) {
      if (first[u] < 0) continue;
#pragma unroll
      for (int e = 0; e < V; ++e) tile[swizzled<V>(first[u] + e * t.out_rows, t.swizzle)] = x[u][e];
    }
  }
  __syncthreads();
  const int32_t vectors = col_vectors * t.out_rows;  // the run, in 16-byte vectors
  T* run = dst + (static_cast<int64_t>(b) * t.cols + c0) * t.out_rows;
  for (int32_t k = threadIdx.x; k < vectors; k += blockDim.x) {
    const int32_t at = swizzled<V>(k * V, t.swizzle);
    dev::store_vec<V>(run + static_cast<int64_t>(k) * V, *reinterpret_cast<const dev::Vec<T, V>*>(tile + at));
  }
}

int32_t log2_ceil(int64_t x) {
  int32_t l = 0;
  while ((int64_t{1} << l) < x) ++l;
  return l;
}

int64_t pow2_floor(int64_t x) { return int64_t{1} << (log2_ceil(x + 1) - 1); }

// Whether transpose_rows_tile_kernel takes [batch][rows][cols] -> [batch][cols][out_rows]:
// 16-byte vectors of T need cols a multiple of them and both pointers aligned (src to its own
// V-element accesses), and every index fits 32 bits.
template <class S, class T>
bool rows_tile_fits(const void* src, const void* dst, int64_t batch, int64_t rows, int64_t cols, int64_t out_rows) {
  constexpr int64_t V = 16 / sizeof(T);
  constexpr size_t src_access = V * sizeof(S) < 16 ? V * sizeof(S) : 16;
  return rows >= 1 && out_rows <= kRowsTileMax && cols % V == 0 && aligned(src, src_access) && aligned(dst, 16) &&
         batch * std::max(rows, out_rows) * cols < (int64_t{1} << 31);
}

template <class S, class T>
cudaError_t launch_rows_tile(const void* src, void* dst, int64_t batch, int64_t rows, int64_t cols, int64_t out_rows,
                             float value, cudaStream_t stream) {
  constexpr int32_t V = 16 / sizeof(T);
  // About kRowsTileBytes of dst a tile (3 x 1024 halves, 49 x 64), no wider than cols needs.
  const int64_t by_bytes = pow2_floor(kRowsTileBytes / (out_rows * static_cast<int64_t>(sizeof(T))));
  const int64_t tile_cols = std::max<int64_t>(V, std::min<int64_t>(by_bytes, int64_t{1} << log2_ceil(cols)));
  const int32_t lanes_log2 = std::min(3, log2_ceil(out_rows));
  RowsTile t{};
  t.rows = static_cast<int32_t>(rows);
  t.cols = static_cast<int32_t>(cols);
  t.out_rows = static_cast<int32_t>(out_rows);
  t.tile_cols = static_cast<int32_t>(tile_cols);
  t.col_vectors_log2 = log2_ceil(tile_cols / V);
  t.row_lanes_log2 = lanes_log2;
  t.row_groups = static_cast<int32_t>((out_rows + (1 << lanes_log2) - 1) >> lanes_log2);
  t.swizzle = (out_rows & (out_rows - 1)) == 0 ? 7 : 0;
  const int64_t col_tiles = (cols + tile_cols - 1) / tile_cols;
  t.col_tiles = FastDivisor::of(static_cast<int32_t>(col_tiles));
  // Whole 128-byte groups: the swizzle permutes chunks within each.
  const size_t shared = (static_cast<size_t>(tile_cols * out_rows) * sizeof(T) + 127) / 128 * 128;
  launch(transpose_rows_tile_kernel<S, T, V>, static_cast<unsigned>(batch * col_tiles), kThreads, shared, stream,
      static_cast<const S*>(src), static_cast<T*>(dst), t, value);
  return launched();
}

// Transposes of a matrix with few rows (NCHW -> NHWC of an image's 3 channels: rows = C,
// cols = H*W) where the tile kernel above does not apply (unaligned, odd widths): a 32x32 tile
// would be mostly empty, so each thread moves one column, reading `rows` coalesced values and
// writing them contiguously. Few columns is the mirror image. 32-bit indices (taken only when
// they fit).
constexpr int64_t kNarrow = 16;

template <class T>
__global__ void __launch_bounds__(kThreads)
    transpose_few_rows_kernel(const T* __restrict__ src, T* __restrict__ dst, int32_t batch,
                              int32_t rows, int32_t cols) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
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
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
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

template <class S, class T, int OutRows>
__global__ void __launch_bounds__(kThreads)
    transpose_pad_few_rows_kernel(const S* __restrict__ src, T* __restrict__ dst, int32_t batch,
                                  int32_t rows, int32_t cols, float value) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
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
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
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
// out_c channels; the (b, i, j, ch) order of the fold is the filter's (folded alike at compile
// time; b is the column fold's copy, `tap_step` folded columns further). For an NCHW image a
// warp's 32 threads read, per (b, i, j, ch), 32 values `block` apart in one row of one plane:
// two cache lines of fp32, each read twice (j = 0, 1) through L1, and again by the thread
// `tap_step` columns back.
template <class S, class T>
__device__ __forceinline__ T fold_read(const S* __restrict__ image, const SpaceToDepthParams& p,
                                       int32_t h, int32_t w, int32_t ch, T fill) {
  const bool inside = h >= 0 && h < p.h && w >= 0 && w < p.w;
  return inside ? convert<S, T>(image[h * p.stride_h + w * p.stride_w + ch * p.stride_c]) : fill;
}

// The stems' shapes (block 2, 3 or 4 channels, 16 out; the column fold's 2 x 12 = 24 out): every
// loop unrolled, 16-byte stores.
template <class S, class T, int Block, int C, int Taps, int OutC>
__global__ void __launch_bounds__(kThreads)
    space_to_depth_fixed_kernel(const S* __restrict__ src, T* __restrict__ dst, SpaceToDepthParams p,
                                int32_t pixels) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  constexpr int kVector = 16 / sizeof(T);
  static_assert(Taps * Block * Block * C <= OutC && OutC % kVector == 0, "the fold must fit whole vectors");
  const T fill = dev::from_float<T>(p.value);
  const auto out_w = static_cast<int32_t>(p.out_w), out_h = static_cast<int32_t>(p.out_h);
  for (int32_t i = static_cast<int32_t>(global_thread()); i < pixels; i += static_cast<int32_t>(grid_threads())) {
    const int32_t v = i % out_w, rest = i / out_w, u = rest % out_h, n = rest / out_h;
    const S* image = src + n * p.stride_n;
    const int32_t h0 = u * Block - p.pad_top;
    dev::Vec<T, kVector> out[OutC / kVector];
#pragma unroll
    for (int b = 0; b < Taps; ++b) {
      const int32_t w0 = (v + b * p.tap_step) * Block - p.pad_left;
#pragma unroll
      for (int bi = 0; bi < Block; ++bi) {
#pragma unroll
        for (int bj = 0; bj < Block; ++bj) {
#pragma unroll
          for (int ch = 0; ch < C; ++ch) {
            const int k = ((b * Block + bi) * Block + bj) * C + ch;
            out[k / kVector].v[k % kVector] = fold_read<S, T>(image, p, h0 + bi, w0 + bj, ch, fill);
          }
        }
      }
    }
#pragma unroll
    for (int k = Taps * Block * Block * C; k < OutC; ++k) out[k / kVector].v[k % kVector] = fill;
#pragma unroll
    for (int q = 0; q < OutC / kVector; ++q) dev::store_vec<kVector>(dst + static_cast<int64_t>(i) * OutC + q * kVector, out[q]);
  }
}

// Any block, channel count, column fold and padded width: element by element.
template <class S, class T>
__global__ void __launch_bounds__(kThreads)
    space_to_depth_kernel(const S* __restrict__ src, T* __restrict__ dst, SpaceToDepthParams p, int32_t pixels) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  const T fill = dev::from_float<T>(p.value);
  const auto out_w = static_cast<int32_t>(p.out_w), out_h = static_cast<int32_t>(p.out_h);
  const auto c = static_cast<int32_t>(p.c), out_c = static_cast<int32_t>(p.out_c);
  for (int32_t i = static_cast<int32_t>(global_thread()); i < pixels; i += static_cast<int32_t>(grid_threads())) {
    const int32_t v = i % out_w, rest = i / out_w, u = rest % out_h, n = rest / out_h;
    const S* image = src + n * p.stride_n;
    const int32_t h0 = u * p.block - p.pad_top;
    T* out = dst + static_cast<int64_t>(i) * out_c;
    int32_t k = 0;
    for (int32_t b = 0; b < p.taps; ++b) {
      const int32_t w0 = (v + b * p.tap_step) * p.block - p.pad_left;
      for (int32_t bi = 0; bi < p.block; ++bi) {
        for (int32_t bj = 0; bj < p.block; ++bj) {
          for (int32_t ch = 0; ch < c; ++ch) out[k++] = fold_read<S, T>(image, p, h0 + bi, w0 + bj, ch, fill);
        }
      }
    }
    for (; k < out_c; ++k) out[k] = fill;
  }
}

// Rows of 16-byte vectors into a pitched destination (a concatenation's part: rt::copy_rows).
// cudaMemcpy2DAsync's copy of narrow rows (128 bytes: ResNet's 64-channel halves of a 128-
// channel concatenation) is slower; here each thread moves one vector, `per_row` a row.
__global__ void __launch_bounds__(kThreads)
    copy_rows_vector_kernel(uint4* __restrict__ dst, int32_t dst_pitch, const uint4* __restrict__ src,
                            int32_t src_pitch, FastDivisor per_row, int32_t vectors) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  for (int32_t i = static_cast<int32_t>(global_thread()); i < vectors; i += static_cast<int32_t>(grid_threads())) {
    int32_t column;
    const int32_t row = per_row.divmod(i, &column);
    dst[static_cast<int64_t>(row) * dst_pitch + column] = src[static_cast<int64_t>(row) * src_pitch + column];
  }
}

// General padding: per element, the input coordinate of each dimension by division. `Index` is
// int32_t when every size fits (64-bit division is a long software routine on the GPU and made
// this kernel the slowest step of a padded convolution: bench/conv.py).
template <class T, class Index>
__global__ void __launch_bounds__(kThreads)
    pad_kernel(const T* __restrict__ src, T* __restrict__ dst, PadParams params, Index n) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
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
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  const T fill = dev::from_float<T>(value);
  for (uint32_t i = static_cast<uint32_t>(global_thread()); i < n; i += static_cast<uint32_t>(grid_threads())) {
    const uint32_t row = i / out_cols, col = i - row * out_cols;
    dst[i] = col < in_cols ? src[static_cast<size_t>(row) * in_cols + col] : fill;
  }
}

// The same writing V-element vectors (out_cols a multiple of V, dst aligned to them): the
// output is the larger side (3 -> 8 channels: 2.7 times the input), and 2-byte stores held the
// kernel at a third of the copy peak. Loads stay scalar: a row of 3 halves has no alignment.
template <class T, int V>
__global__ void __launch_bounds__(kThreads)
    pad_columns_vector_kernel(const T* __restrict__ src, T* __restrict__ dst, int32_t in_cols,
                              FastDivisor vectors_per_row, int32_t n_vectors, float value) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  const T fill = dev::from_float<T>(value);
  for (int32_t i = static_cast<int32_t>(global_thread()); i < n_vectors; i += static_cast<int32_t>(grid_threads())) {
    int32_t cv;
    const int32_t row = vectors_per_row.divmod(i, &cv);
    const T* s = src + static_cast<int64_t>(row) * in_cols;
    dev::Vec<T, V> out;
#pragma unroll
    for (int e = 0; e < V; ++e) {
      const int32_t col = cv * V + e;
      out.v[e] = col < in_cols ? s[col] : fill;
    }
    dev::store_vec<V>(dst + static_cast<int64_t>(i) * V, out);
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

// Elements per store of pad_columns_vector_kernel: the widest of 16, 8 or 4 bytes (2 elements
// at least) dividing a row of out_cols with dst aligned to it; 1 when none does.
template <class T>
int column_vector_elements(int64_t out_cols, const void* dst) {
  for (int bytes = 16; bytes >= 4; bytes /= 2) {
    const int v = bytes / static_cast<int>(sizeof(T));
    if (v >= 2 && out_cols % v == 0 && aligned(dst, bytes)) return v;
  }
  return 1;
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
    launch(strided_copy_kernel<T>, grid_for(n, kThreads), kThreads, 0, stream,
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
    if (rows_tile_fits<T, T>(src, dst, batch, rows, cols, rows)) {
      return launch_rows_tile<T, T>(src, dst, batch, rows, cols, rows, 0.0f, stream);
    }
    if (small && rows <= kNarrow && rows < cols) {
      launch(transpose_few_rows_kernel<T>, grid_for(batch * cols, kThreads), kThreads, 0, stream,
          s, d, static_cast<int32_t>(batch), static_cast<int32_t>(rows), static_cast<int32_t>(cols));
    } else if (small && cols <= kNarrow && cols < rows) {
      launch(transpose_few_cols_kernel<T>, grid_for(batch * rows, kThreads), kThreads, 0, stream,
          s, d, static_cast<int32_t>(batch), static_cast<int32_t>(rows), static_cast<int32_t>(cols));
    } else {
      launch(transpose_kernel<T>, blocks, dim3(kTile, kTileRows), 0, stream, s, d, batch, rows, cols);
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
      if (rows > 0 && rows_tile_fits<S, T>(src, dst, batch, rows, cols, out_rows)) {
        return launch_rows_tile<S, T>(src, dst, batch, rows, cols, out_rows, value, stream);
      }
      if (aligned(dst, row_bytes) && out_rows == 2 && sizeof(T) == 2) {
        launch(transpose_pad_few_rows_kernel<S, T, 2>, blocks, kThreads, 0, stream, s, d, b, r, c, value);
      } else if (aligned(dst, row_bytes) && out_rows == 4 && sizeof(T) <= 4) {
        launch(transpose_pad_few_rows_kernel<S, T, 4>, blocks, kThreads, 0, stream, s, d, b, r, c, value);
      } else if (aligned(dst, row_bytes) && out_rows == 8 && sizeof(T) == 2) {
        launch(transpose_pad_few_rows_kernel<S, T, 8>, blocks, kThreads, 0, stream, s, d, b, r, c, value);
      } else {
        launch(transpose_pad_kernel<S, T>, blocks, kThreads, 0, stream, s, d, b, r, c, static_cast<int32_t>(out_rows), value);
      }
      return launched();
    });
  });
}

cudaError_t space_to_depth(DType src_dtype, DType dst_dtype, const void* src, void* dst,
                           const SpaceToDepthParams& p, cudaStream_t stream) {
  const int64_t pixels = p.n * p.out_h * p.out_w;
  const int64_t last = (p.n - 1) * p.stride_n + (p.h - 1) * p.stride_h + (p.w - 1) * p.stride_w + (p.c - 1) * p.stride_c;
  if (p.block < 1 || p.taps < 1 || p.tap_step < 0 || p.out_c < int64_t{p.taps} * p.block * p.block * p.c ||
      pixels * p.out_c >= (int64_t{1} << 31) ||
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
        const bool vectors = p.block == 2 && aligned(dst, 16);
        if (vectors && p.taps == 1 && p.out_c == 16 && p.c == 3) {
          launch(space_to_depth_fixed_kernel<S, T, 2, 3, 1, 16>, blocks, kThreads, 0, stream, s, d, p, n);
          return launched();
        }
        if (vectors && p.taps == 1 && p.out_c == 16 && p.c == 4) {
          launch(space_to_depth_fixed_kernel<S, T, 2, 4, 1, 16>, blocks, kThreads, 0, stream, s, d, p, n);
          return launched();
        }
        if (vectors && p.taps == 2 && p.out_c == 24 && p.c == 3) {  // the column fold of an RGB stem
          launch(space_to_depth_fixed_kernel<S, T, 2, 3, 2, 24>, blocks, kThreads, 0, stream, s, d, p, n);
          return launched();
        }
      }
      launch(space_to_depth_kernel<S, T>, blocks, kThreads, 0, stream, s, d, p, n);
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
    const int last = params.rank - 1;
    const int vector = small && pads_columns_only(params) ? column_vector_elements<T>(params.out_size[last], dst) : 1;
    if (vector > 1) {
      const auto in_cols = static_cast<int32_t>(params.in_size[last]);
      const auto per_row = FastDivisor::of(static_cast<int32_t>(params.out_size[last] / vector));
      const auto vectors = static_cast<int32_t>(n / vector);
      const unsigned vector_blocks = grid_for(vectors, kThreads);
      switch (vector) {
        case 8: launch(pad_columns_vector_kernel<T, 8>, vector_blocks, kThreads, 0, stream, s, d, in_cols, per_row, vectors, params.value); break;
        case 4: launch(pad_columns_vector_kernel<T, 4>, vector_blocks, kThreads, 0, stream, s, d, in_cols, per_row, vectors, params.value); break;
        default: launch(pad_columns_vector_kernel<T, 2>, vector_blocks, kThreads, 0, stream, s, d, in_cols, per_row, vectors, params.value); break;
      }
    } else if (small && pads_columns_only(params)) {
      launch(pad_columns_kernel<T>, blocks, kThreads, 0, stream,
          s, d, static_cast<uint32_t>(params.in_size[last]), static_cast<uint32_t>(params.out_size[last]),
          static_cast<uint32_t>(n), params.value);
    } else if (small) {
      launch(pad_kernel<T, int32_t>, blocks, kThreads, 0, stream, s, d, params, static_cast<int32_t>(n));
    } else {
      launch(pad_kernel<T, int64_t>, blocks, kThreads, 0, stream, s, d, params, n);
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
  const size_t vectors = rows * (row_bytes / 16);
  if (row_bytes % 16 == 0 && dst_pitch % 16 == 0 && src_pitch % 16 == 0 && aligned(dst, 16) && aligned(src, 16) &&
      vectors < (size_t{1} << 31) && dst_pitch / 16 < (size_t{1} << 31) && src_pitch / 16 < (size_t{1} << 31)) {
    launch(copy_rows_vector_kernel, grid_for(static_cast<int64_t>(vectors), kThreads), kThreads, 0, stream,
        static_cast<uint4*>(dst), static_cast<int32_t>(dst_pitch / 16), static_cast<const uint4*>(src),
        static_cast<int32_t>(src_pitch / 16), FastDivisor::of(static_cast<int32_t>(row_bytes / 16)),
        static_cast<int32_t>(vectors));
    return launched();
  }
  return cudaMemcpy2DAsync(dst, dst_pitch, src, src_pitch, row_bytes, rows,
                           cudaMemcpyDeviceToDevice, stream);
}

}  // namespace boltc::rt
