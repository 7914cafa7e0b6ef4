// Softmax, layer normalization and reductions. All accumulate in float.
//
// Rows that are contiguous in memory are handled by a group of threads per row: a warp for
// rows up to kWarpRowLimit elements (eight rows per block), a whole block beyond. Strided rows
// (softmax over a non-innermost axis, reductions over outer dimensions) get one thread per
// row, with consecutive threads on consecutive (coalesced) columns.
#include <initializer_list>
#include <type_traits>

#include "dispatch.cuh"

namespace boltc::rt {
namespace {

constexpr int64_t kWarpRowLimit = 1024;

// The rows of a grid-stride loop handled by groups of kGroup threads in blocks of kThreads.
// Every thread of a group sees the same row; with kGroup == kThreads the loop is uniform
// across the block, as group_reduce's barriers need.
template <int kGroup>
struct RowLoop {
  static constexpr int kRowsPerBlock = kThreads / kGroup;
  __device__ static int64_t first() { return blockIdx.x * int64_t{kRowsPerBlock} + threadIdx.x / kGroup; }
  __device__ static int64_t step() { return gridDim.x * int64_t{kRowsPerBlock}; }
  __device__ static int lane() { return threadIdx.x % kGroup; }
};

// exp(m_old - m_new), with the empty sum's max (-inf) contributing nothing.
__device__ __forceinline__ float rescale(float m_old, float m_new) {
  return m_old == -INFINITY ? 0.0f : expf(m_old - m_new);
}

template <class T, int kGroup>
__global__ void __launch_bounds__(kThreads)
    softmax_rows_kernel(const T* __restrict__ src, T* __restrict__ dst, int64_t rows,
                        int64_t cols) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  using Loop = RowLoop<kGroup>;
  for (int64_t row = Loop::first(); row < rows; row += Loop::step()) {
    const T* x = src + row * cols;
    float m = -INFINITY, s = 0.0f;  // online: running max and sum of exp(x - m)
    for (int64_t j = Loop::lane(); j < cols; j += kGroup) {
      const float v = dev::to_float(x[j]);
      const float m_new = dev::nan_max(m, v);
      s = s * rescale(m, m_new) + expf(v - m_new);
      m = m_new;
    }
    const float row_max = dev::group_reduce<kGroup>(m, dev::MaxOp{});
    const float row_sum = dev::group_reduce<kGroup>(s * rescale(m, row_max), dev::SumOp{});
    T* y = dst + row * cols;
    for (int64_t j = Loop::lane(); j < cols; j += kGroup) {
      y[j] = dev::from_float<T>(expf(dev::to_float(x[j]) - row_max) / row_sum);
    }
  }
}

// A row of at most G * V * kMaxVectors elements held in registers by a group of G lanes
// (G = 4..32: short rows share a warp, 128-wide attention rows two to a warp), read and written
// with V-element vectors: one pass over memory each way, where the loop above reads each row
// twice with 2-byte accesses (BERT's attention rows ran at a quarter of the copy peak). Rows
// must be multiples of V elements and aligned as vectors. The loop is uniform per warp (the
// shuffles take the whole warp); a group past the last row loads nothing and stores nothing.
constexpr int kMaxVectors = 4;

template <int G, class Op>
__device__ __forceinline__ float lanes_reduce(float v, Op op) {
#pragma unroll
  for (int offset = G / 2; offset > 0; offset >>= 1) v = op(v, __shfl_xor_sync(0xffffffffu, v, offset));
  return v;
}

template <class T, int V, int G>
struct RowRegisters {
  float v[kMaxVectors][V];

  // Loads vectors lane, lane + G, ... of the row; positions past its end hold `fill`.
  __device__ void load(const T* row, int vectors, int lane, float fill) {
#pragma unroll
    for (int k = 0; k < kMaxVectors; ++k) {
      const int at = lane + G * k;
      if (at < vectors) {
        const auto x = dev::load_vec<V>(row + at * V);
#pragma unroll
        for (int e = 0; e < V; ++e) v[k][e] = dev::to_float(x.v[e]);
      } else {
#pragma unroll
        for (int e = 0; e < V; ++e) v[k][e] = fill;
      }
    }
  }
};

// Rows base, base + 1, ... of this warp's turn: one per group of G lanes.
template <int G>
struct GroupRows {
  static constexpr int kRowsPerWarp = 32 / G;
  __device__ static int64_t first() { return global_thread() / 32 * kRowsPerWarp; }
  __device__ static int64_t step() { return grid_threads() / 32 * kRowsPerWarp; }
  __device__ static int group() { return threadIdx.x % 32 / G; }
  __device__ static int lane() { return threadIdx.x % G; }
};

template <class T, int V, int G>
__global__ void __launch_bounds__(kThreads)
    softmax_rows_vector_kernel(const T* __restrict__ src, T* __restrict__ dst, int64_t rows,
                               int32_t cols) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  using Rows = GroupRows<G>;
  const int lane = Rows::lane();
  for (int64_t base = Rows::first(); base < rows; base += Rows::step()) {
    const int64_t row = base + Rows::group();
    const int vectors = row < rows ? cols / V : 0;
    RowRegisters<T, V, G> r;
    r.load(src + row * cols, vectors, lane, -INFINITY);
    float m = -INFINITY;
#pragma unroll
    for (int k = 0; k < kMaxVectors; ++k)
#pragma unroll
      for (int e = 0; e < V; ++e) m = dev::nan_max(m, r.v[k][e]);
    m = lanes_reduce<G>(m, dev::MaxOp{});
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < kMaxVectors; ++k)
#pragma unroll
      for (int e = 0; e < V; ++e) {
        r.v[k][e] = r.v[k][e] == -INFINITY ? 0.0f : expf(r.v[k][e] - m);
        s += r.v[k][e];
      }
    s = lanes_reduce<G>(s, dev::SumOp{});
    T* y = dst + row * cols;
#pragma unroll
    for (int k = 0; k < kMaxVectors; ++k) {
      const int at = lane + G * k;
      if (at < vectors) {
        dev::Vec<T, V> out;
#pragma unroll
        for (int e = 0; e < V; ++e) out.v[e] = dev::from_float<T>(r.v[k][e] / s);
        dev::store_vec<V>(y + at * V, out);
      }
    }
  }
}

template <class T, int V, int G>
__global__ void __launch_bounds__(kThreads)
    layer_norm_vector_kernel(const T* __restrict__ src, const T* __restrict__ gamma,
                             const T* __restrict__ beta, T* __restrict__ dst, int64_t rows,
                             int32_t cols, float epsilon) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  using Rows = GroupRows<G>;
  const int lane = Rows::lane();
  for (int64_t base = Rows::first(); base < rows; base += Rows::step()) {
    const int64_t row = base + Rows::group();
    const int vectors = row < rows ? cols / V : 0;
    RowRegisters<T, V, G> r;
    r.load(src + row * cols, vectors, lane, 0.0f);
    float sum = 0.0f;
#pragma unroll
    for (int k = 0; k < kMaxVectors; ++k)
#pragma unroll
      for (int e = 0; e < V; ++e) sum += r.v[k][e];
    const float mean = lanes_reduce<G>(sum, dev::SumOp{}) / cols;
    float squares = 0.0f;  // two passes over registers: the variance of centered values
#pragma unroll
    for (int k = 0; k < kMaxVectors; ++k) {
      if (lane + G * k < vectors) {
#pragma unroll
        for (int e = 0; e < V; ++e) {
          const float d = r.v[k][e] - mean;
          squares += d * d;
        }
      }
    }
    const float inv_std = 1.0f / sqrtf(lanes_reduce<G>(squares, dev::SumOp{}) / cols + epsilon);
    T* y = dst + row * cols;
#pragma unroll
    for (int k = 0; k < kMaxVectors; ++k) {
      const int at = lane + G * k;
      if (at < vectors) {
        dev::Vec<T, V> g, b, out;
        if (gamma != nullptr) g = dev::load_vec<V>(gamma + at * V);
        if (beta != nullptr) b = dev::load_vec<V>(beta + at * V);
#pragma unroll
        for (int e = 0; e < V; ++e) {
          float v = (r.v[k][e] - mean) * inv_std;
          if (gamma != nullptr) v *= dev::to_float(g.v[e]);
          if (beta != nullptr) v += dev::to_float(b.v[e]);
          out.v[e] = dev::from_float<T>(v);
        }
        dev::store_vec<V>(y + at * V, out);
      }
    }
  }
}

// How a row of `cols` elements is held: V elements per access (the widest of at most 16 bytes
// dividing `cols` with every pointer aligned to it) by G lanes (the fewest, from 4, that hold
// the row in kMaxVectors vectors each). `ok` is false when the row is too long for that.
struct RowShape {
  bool ok;
  int v, g;
};

template <class T>
RowShape row_shape(int64_t cols, std::initializer_list<const void*> pointers) {
  for (int v = static_cast<int>(16 / sizeof(T)); v >= 2; v /= 2) {
    bool ok = cols % v == 0;
    for (const void* p : pointers) ok = ok && (p == nullptr || aligned(p, v * sizeof(T)));
    if (!ok) continue;
    const int64_t vectors = cols / v;
    for (int g = 4; g <= 32; g *= 2) {
      if (vectors <= int64_t{g} * kMaxVectors && (vectors >= g || g == 4)) {
        return {true, v, g};
      }
    }
    return {false, 0, 0};  // too long for one warp's registers
  }
  return {false, 0, 0};
}

// Calls f(integral_constant<V>, integral_constant<G>) for the shape's pair (V in {2, 4, 8},
// G in {4, 8, 16, 32}): one kernel instance each, chosen at run time.
template <class F>
cudaError_t dispatch_rows(const RowShape& shape, F&& f) {
  auto with_v = [&](auto v_tag) -> cudaError_t {
    switch (shape.g) {
      case 4: return f(v_tag, std::integral_constant<int, 4>{});
      case 8: return f(v_tag, std::integral_constant<int, 8>{});
      case 16: return f(v_tag, std::integral_constant<int, 16>{});
      default: return f(v_tag, std::integral_constant<int, 32>{});
    }
  };
  switch (shape.v) {
    case 8: return with_v(std::integral_constant<int, 8>{});
    case 4: return with_v(std::integral_constant<int, 4>{});
    default: return with_v(std::integral_constant<int, 2>{});
  }
}

template <class T>
__global__ void __launch_bounds__(kThreads)
    softmax_columns_kernel(const T* __restrict__ src, T* __restrict__ dst, SoftmaxParams p) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  const int64_t columns = p.outer * p.inner;
  for (int64_t i = global_thread(); i < columns; i += grid_threads()) {
    const int64_t base = i / p.inner * p.axis * p.inner + i % p.inner;
    float m = -INFINITY, s = 0.0f;
    for (int64_t j = 0; j < p.axis; ++j) {
      const float v = dev::to_float(src[base + j * p.inner]);
      const float m_new = dev::nan_max(m, v);
      s = s * rescale(m, m_new) + expf(v - m_new);
      m = m_new;
    }
    for (int64_t j = 0; j < p.axis; ++j) {
      const int64_t at = base + j * p.inner;
      dst[at] = dev::from_float<T>(expf(dev::to_float(src[at]) - m) / s);
    }
  }
}

template <class T, int kGroup>
__global__ void __launch_bounds__(kThreads)
    layer_norm_kernel(const T* __restrict__ src, const T* __restrict__ gamma,
                      const T* __restrict__ beta, T* __restrict__ dst, LayerNormParams p) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  using Loop = RowLoop<kGroup>;
  for (int64_t row = Loop::first(); row < p.rows; row += Loop::step()) {
    const T* x = src + row * p.cols;
    float sum = 0.0f;
    for (int64_t j = Loop::lane(); j < p.cols; j += kGroup) sum += dev::to_float(x[j]);
    const float mean = dev::group_reduce<kGroup>(sum, dev::SumOp{}) / p.cols;
    float squares = 0.0f;  // two passes: the variance of centered values, no cancellation
    for (int64_t j = Loop::lane(); j < p.cols; j += kGroup) {
      const float d = dev::to_float(x[j]) - mean;
      squares += d * d;
    }
    const float variance = dev::group_reduce<kGroup>(squares, dev::SumOp{}) / p.cols;
    const float inv_std = 1.0f / sqrtf(variance + p.epsilon);
    T* y = dst + row * p.cols;
    for (int64_t j = Loop::lane(); j < p.cols; j += kGroup) {
      float v = (dev::to_float(x[j]) - mean) * inv_std;
      if (gamma != nullptr) v *= dev::to_float(gamma[j]);
      if (beta != nullptr) v += dev::to_float(beta[j]);
      y[j] = dev::from_float<T>(v);
    }
  }
}

__device__ __forceinline__ float reduce_init(int32_t kind) {
  switch (static_cast<ReduceKind>(kind)) {
    case ReduceKind::Max: return -INFINITY;
    case ReduceKind::Min: return INFINITY;
    default: return 0.0f;
  }
}

__device__ __forceinline__ float reduce_step(int32_t kind, float acc, float v) {
  switch (static_cast<ReduceKind>(kind)) {
    case ReduceKind::Max: return dev::nan_max(acc, v);
    case ReduceKind::Min: return dev::nan_min(acc, v);
    default: return acc + v;
  }
}

__device__ __forceinline__ float reduce_finish(int32_t kind, float acc, int64_t count) {
  return static_cast<ReduceKind>(kind) == ReduceKind::Mean ? acc / count : acc;
}

// A group of kGroup threads per output; lanes walk the reduced index (innermost stride 1).
template <class T, int kGroup>
__global__ void __launch_bounds__(kThreads)
    reduce_rows_kernel(const T* __restrict__ src, T* __restrict__ dst, ReduceParams p,
                       int64_t outputs, int64_t count) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  using Loop = RowLoop<kGroup>;
  for (int64_t k = Loop::first(); k < outputs; k += Loop::step()) {
    const int64_t base = strided_offset(k, p.kept);
    float acc = reduce_init(p.kind);
    for (int64_t r = Loop::lane(); r < count; r += kGroup) {
      acc = reduce_step(p.kind, acc, dev::to_float(src[base + strided_offset(r, p.reduced)]));
    }
    switch (static_cast<ReduceKind>(p.kind)) {
      case ReduceKind::Max: acc = dev::group_reduce<kGroup>(acc, dev::MaxOp{}); break;
      case ReduceKind::Min: acc = dev::group_reduce<kGroup>(acc, dev::MinOp{}); break;
      default: acc = dev::group_reduce<kGroup>(acc, dev::SumOp{}); break;
    }
    if (Loop::lane() == 0) dst[k] = dev::from_float<T>(reduce_finish(p.kind, acc, count));
  }
}

// Reductions of contiguous rows (the reduced index is one run of stride 1): G lanes per row
// with V-element vectors and one 64-bit offset per row, not per element (a mean over BERT's 768
// channels ran at 7 % of the copy peak). The loop is uniform per warp, as in the row kernels.
// The operation is a template parameter (no run-time switch per element), and rows evenly
// `row_stride` apart (every kept index collapsible to one: the usual case) skip the per-row
// divisions of strided_offset (row_stride < 0: not so). The two together took BERT's 768-wide
// mean over 4096 rows from 4.2 to 2.8 us of kernel time on the H100 (51 -> 76 % of the copy
// peak); they were not measured apart.
constexpr int kReduceUnroll = 4;

template <class T, int V, int G, class Op>
__global__ void __launch_bounds__(kThreads)
    reduce_rows_vector_kernel(const T* __restrict__ src, T* __restrict__ dst, ReduceParams p,
                              int64_t outputs, int32_t count, int64_t row_stride, float init, float divisor) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  using Rows = GroupRows<G>;
  const Op op{};
  const int lane = Rows::lane();
  for (int64_t base = Rows::first(); base < outputs; base += Rows::step()) {
    const int64_t k = base + Rows::group();
    const int vectors = k < outputs ? count / V : 0;
    const T* row = src + (k >= outputs ? 0 : row_stride >= 0 ? k * row_stride : strided_offset(k, p.kept));
    float acc = init;
    // kReduceUnroll vectors a lane loaded before any is reduced: with one at a time, each load
    // waited for the previous one's sum (a 768-wide row mean ran at a quarter of the copy peak).
    for (int j0 = lane; j0 < vectors; j0 += G * kReduceUnroll) {
      dev::Vec<T, V> x[kReduceUnroll];
#pragma unroll
      for (int u = 0; u < kReduceUnroll; ++u) {
        if (j0 + u * G < vectors) x[u] = dev::load_vec<V>(row + (j0 + u * G) * V);
      }
#pragma unroll
      for (int u = 0; u < kReduceUnroll; ++u) {
        if (j0 + u * G < vectors) {
#pragma unroll
          for (int e = 0; e < V; ++e) acc = op(acc, dev::to_float(x[u].v[e]));
        }
      }
    }
    acc = lanes_reduce<G>(acc, op);
    if (k < outputs && lane == 0) dst[k] = dev::from_float<T>(acc / divisor);
  }
}

// The stride between consecutive kept positions when the kept index walks evenly spaced rows
// (each dimension's stride is the next one's times its size), else -1.
int64_t even_row_stride(const StridedIndex& kept) {
  if (kept.rank == 0) return 0;
  for (int d = 0; d + 1 < kept.rank; ++d) {
    if (kept.stride[d] != kept.stride[d + 1] * kept.size[d + 1]) return -1;
  }
  return kept.stride[kept.rank - 1];
}

// One thread per output; consecutive threads read consecutive kept positions.
template <class T>
__global__ void __launch_bounds__(kThreads)
    reduce_columns_kernel(const T* __restrict__ src, T* __restrict__ dst, ReduceParams p,
                          int64_t outputs, int64_t count) {
  wait_for_prior_grids();  // dispatch.cuh: programmatic dependent launch
  allow_dependent_grids();
  for (int64_t k = global_thread(); k < outputs; k += grid_threads()) {
    const int64_t base = strided_offset(k, p.kept);
    float acc = reduce_init(p.kind);
    for (int64_t r = 0; r < count; ++r) {
      acc = reduce_step(p.kind, acc, dev::to_float(src[base + strided_offset(r, p.reduced)]));
    }
    dst[k] = dev::from_float<T>(reduce_finish(p.kind, acc, count));
  }
}

// Blocks for `rows` rows handled kThreads / group at a time.
unsigned row_blocks(int64_t rows, int group) { return grid_for(rows * group, kThreads); }

}  // namespace

cudaError_t softmax(DType dtype, const void* src, void* dst, const SoftmaxParams& p,
                    cudaStream_t stream) {
  if (p.outer * p.axis * p.inner == 0) return cudaSuccess;
  return dispatch(dtype, [&](auto zero) {
    using T = decltype(zero);
    const T* s = static_cast<const T*>(src);
    T* d = static_cast<T*>(dst);
    const RowShape shape = p.inner == 1 ? row_shape<T>(p.axis, {src, dst}) : RowShape{false, 0, 0};
    if (p.inner != 1) {
      launch(softmax_columns_kernel<T>, grid_for(p.outer * p.inner, kThreads), kThreads, 0, stream, s, d, p);
    } else if (shape.ok) {
      const auto cols = static_cast<int32_t>(p.axis);
      const int64_t rows = p.outer;
      const unsigned blocks = row_blocks(rows, shape.g);
      return dispatch_rows(shape, [&](auto v_tag, auto g_tag) {
        constexpr int V = decltype(v_tag)::value, G = decltype(g_tag)::value;
        launch(softmax_rows_vector_kernel<T, V, G>, blocks, kThreads, 0, stream, s, d, rows, cols);
        return launched();
      });
    } else if (p.axis <= kWarpRowLimit) {
      launch(softmax_rows_kernel<T, 32>, row_blocks(p.outer, 32), kThreads, 0, stream, s, d, p.outer, p.axis);
    } else {
      launch(softmax_rows_kernel<T, kThreads>, row_blocks(p.outer, kThreads), kThreads, 0, stream,
          s, d, p.outer, p.axis);
    }
    return launched();
  });
}

cudaError_t layer_norm(DType dtype, const void* src, const void* gamma, const void* beta,
                       void* dst, const LayerNormParams& p, cudaStream_t stream) {
  if (p.rows * p.cols == 0) return cudaSuccess;
  return dispatch(dtype, [&](auto zero) {
    using T = decltype(zero);
    const T* s = static_cast<const T*>(src);
    const T* g = static_cast<const T*>(gamma);
    const T* b = static_cast<const T*>(beta);
    T* d = static_cast<T*>(dst);
    const RowShape shape = row_shape<T>(p.cols, {src, dst, gamma, beta});
    if (shape.ok) {
      const auto cols = static_cast<int32_t>(p.cols);
      const unsigned blocks = row_blocks(p.rows, shape.g);
      return dispatch_rows(shape, [&](auto v_tag, auto g_tag) {
        constexpr int V = decltype(v_tag)::value, G = decltype(g_tag)::value;
        launch(layer_norm_vector_kernel<T, V, G>, blocks, kThreads, 0, stream, s, g, b, d, p.rows, cols, p.epsilon);
        return launched();
      });
    } else if (p.cols <= kWarpRowLimit) {
      launch(layer_norm_kernel<T, 32>, row_blocks(p.rows, 32), kThreads, 0, stream, s, g, b, d, p);
    } else {
      launch(layer_norm_kernel<T, kThreads>, row_blocks(p.rows, kThreads), kThreads, 0, stream, s, g, b, d, p);
    }
    return launched();
  });
}

cudaError_t reduce(DType dtype, const void* src, void* dst, const ReduceParams& p,
                   cudaStream_t stream) {
  if (p.kept.rank < 0 || p.kept.rank > kMaxRank || p.reduced.rank < 0 || p.reduced.rank > kMaxRank) {
    return cudaErrorInvalidValue;
  }
  const int64_t outputs = index_count(p.kept), count = index_count(p.reduced);
  if (outputs == 0) return cudaSuccess;
  return dispatch(dtype, [&](auto zero) {
    using T = decltype(zero);
    const T* s = static_cast<const T*>(src);
    T* d = static_cast<T*>(dst);
    RowShape shape{false, 0, 0};
    if (p.innermost_reduced && p.reduced.rank == 1 && p.reduced.stride[0] == 1 && count < (int64_t{1} << 31)) {
      for (int v = static_cast<int>(16 / sizeof(T)); v >= 2 && !shape.ok; v /= 2) {
        bool fits = count % v == 0 && aligned(src, v * sizeof(T));
        for (int d = 0; d < p.kept.rank; ++d) fits = fits && p.kept.stride[d] % v == 0;
        if (fits) {
          const int64_t vectors = count / v;
          shape = {true, v, vectors >= 32 ? 32 : vectors >= 16 ? 16 : vectors >= 8 ? 8 : 4};
        }
      }
    }
    if (shape.ok) {
      const int64_t row_stride = even_row_stride(p.kept);
      const auto kind = static_cast<ReduceKind>(p.kind);
      const float divisor = kind == ReduceKind::Mean ? static_cast<float>(count) : 1.0f;  // reduce_finish's
      return dispatch_rows(shape, [&](auto v_tag, auto g_tag) {
        constexpr int V = decltype(v_tag)::value, G = decltype(g_tag)::value;
        const unsigned blocks = row_blocks(outputs, G);
        const auto n = static_cast<int32_t>(count);
        switch (kind) {
          case ReduceKind::Max:
            launch(reduce_rows_vector_kernel<T, V, G, dev::MaxOp>, blocks, kThreads, 0, stream,
                s, d, p, outputs, n, row_stride, -INFINITY, 1.0f);
            break;
          case ReduceKind::Min:
            launch(reduce_rows_vector_kernel<T, V, G, dev::MinOp>, blocks, kThreads, 0, stream,
                s, d, p, outputs, n, row_stride, INFINITY, 1.0f);
            break;
          default:
            launch(reduce_rows_vector_kernel<T, V, G, dev::SumOp>, blocks, kThreads, 0, stream,
                s, d, p, outputs, n, row_stride, 0.0f, divisor);
            break;
        }
        return launched();
      });
    }
    if (!p.innermost_reduced) {
      launch(reduce_columns_kernel<T>, grid_for(outputs, kThreads), kThreads, 0, stream, s, d, p, outputs, count);
    } else if (count <= 4 * kWarpRowLimit) {
      launch(reduce_rows_kernel<T, 32>, row_blocks(outputs, 32), kThreads, 0, stream, s, d, p, outputs, count);
    } else {
      launch(reduce_rows_kernel<T, kThreads>, row_blocks(outputs, kThreads), kThreads, 0, stream,
          s, d, p, outputs, count);
    }
    return launched();
  });
}

}  // namespace boltc::rt
