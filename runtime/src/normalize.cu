// Softmax, layer normalization and reductions. All accumulate in float.
//
// Rows that are contiguous in memory are handled by a group of threads per row: a warp for
// rows up to kWarpRowLimit elements (eight rows per block), a whole block beyond. Strided rows
// (softmax over a non-innermost axis, reductions over outer dimensions) get one thread per
// row, with consecutive threads on consecutive (coalesced) columns.
#include <initializer_list>

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

// A row of at most 32 * V * kMaxVectors elements held in registers by one warp, read and
// written with V-element vectors: one pass over memory each way, where the loop above reads
// the row twice with 2-byte accesses (BERT's 128-wide attention rows ran at a quarter of the
// copy peak). Rows must be multiples of V elements and 16-byte aligned as vectors.
constexpr int kMaxVectors = 4;

template <class T, int V>
struct RowRegisters {
  float v[kMaxVectors][V];

  // Loads vectors lane, lane + 32, ... of the row; lanes past the end hold `fill`.
  __device__ void load(const T* row, int vectors, int lane, float fill) {
#pragma unroll
    for (int k = 0; k < kMaxVectors; ++k) {
      const int at = lane + 32 * k;
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

template <class T, int V>
__global__ void __launch_bounds__(kThreads)
    softmax_rows_vector_kernel(const T* __restrict__ src, T* __restrict__ dst, int64_t rows,
                               int32_t cols) {
  using Loop = RowLoop<32>;
  const int vectors = cols / V, lane = Loop::lane();
  for (int64_t row = Loop::first(); row < rows; row += Loop::step()) {
    RowRegisters<T, V> r;
    r.load(src + row * cols, vectors, lane, -INFINITY);
    float m = -INFINITY;
#pragma unroll
    for (int k = 0; k < kMaxVectors; ++k)
#pragma unroll
      for (int e = 0; e < V; ++e) m = dev::nan_max(m, r.v[k][e]);
    m = dev::warp_reduce(m, dev::MaxOp{});
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < kMaxVectors; ++k)
#pragma unroll
      for (int e = 0; e < V; ++e) {
        r.v[k][e] = r.v[k][e] == -INFINITY ? 0.0f : expf(r.v[k][e] - m);
        s += r.v[k][e];
      }
    s = dev::warp_reduce(s, dev::SumOp{});
    T* y = dst + row * cols;
#pragma unroll
    for (int k = 0; k < kMaxVectors; ++k) {
      const int at = lane + 32 * k;
      if (at < vectors) {
        dev::Vec<T, V> out;
#pragma unroll
        for (int e = 0; e < V; ++e) out.v[e] = dev::from_float<T>(r.v[k][e] / s);
        dev::store_vec<V>(y + at * V, out);
      }
    }
  }
}

template <class T, int V>
__global__ void __launch_bounds__(kThreads)
    layer_norm_vector_kernel(const T* __restrict__ src, const T* __restrict__ gamma,
                             const T* __restrict__ beta, T* __restrict__ dst, int64_t rows,
                             int32_t cols, float epsilon) {
  using Loop = RowLoop<32>;
  const int vectors = cols / V, lane = Loop::lane();
  for (int64_t row = Loop::first(); row < rows; row += Loop::step()) {
    RowRegisters<T, V> r;
    r.load(src + row * cols, vectors, lane, 0.0f);
    float sum = 0.0f;
#pragma unroll
    for (int k = 0; k < kMaxVectors; ++k)
#pragma unroll
      for (int e = 0; e < V; ++e) sum += r.v[k][e];
    const float mean = dev::warp_reduce(sum, dev::SumOp{}) / cols;
    float squares = 0.0f;  // two passes over registers: the variance of centered values
#pragma unroll
    for (int k = 0; k < kMaxVectors; ++k) {
      if (lane + 32 * k < vectors) {
#pragma unroll
        for (int e = 0; e < V; ++e) {
          const float d = r.v[k][e] - mean;
          squares += d * d;
        }
      }
    }
    const float inv_std = 1.0f / sqrtf(dev::warp_reduce(squares, dev::SumOp{}) / cols + epsilon);
    T* y = dst + row * cols;
#pragma unroll
    for (int k = 0; k < kMaxVectors; ++k) {
      const int at = lane + 32 * k;
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

// The widest vector (in elements, at most 16 bytes) that divides `cols`, keeps the row within
// a warp's registers and every row start aligned; 0 when none does.
template <class T>
int row_vector_elements(int64_t cols, std::initializer_list<const void*> pointers) {
  for (int v = static_cast<int>(16 / sizeof(T)); v >= 1; v /= 2) {
    if (cols % v != 0 || cols > int64_t{32} * v * kMaxVectors) continue;
    bool ok = true;
    for (const void* p : pointers) ok = ok && (p == nullptr || aligned(p, v * sizeof(T)));
    if (ok && (cols / v >= 32 || v == 1)) return v;  // every lane busy, unless rows are short
  }
  return 0;
}

template <class T>
__global__ void __launch_bounds__(kThreads)
    softmax_columns_kernel(const T* __restrict__ src, T* __restrict__ dst, SoftmaxParams p) {
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

// One thread per output; consecutive threads read consecutive kept positions.
template <class T>
__global__ void __launch_bounds__(kThreads)
    reduce_columns_kernel(const T* __restrict__ src, T* __restrict__ dst, ReduceParams p,
                          int64_t outputs, int64_t count) {
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
    const int v = p.inner == 1 ? row_vector_elements<T>(p.axis, {src, dst}) : 0;
    const unsigned blocks = row_blocks(p.outer, 32);
    const auto cols = static_cast<int32_t>(p.axis);
    if (p.inner != 1) {
      softmax_columns_kernel<T><<<grid_for(p.outer * p.inner, kThreads), kThreads, 0, stream>>>(s, d, p);
    } else if (v == 8) {
      softmax_rows_vector_kernel<T, 8><<<blocks, kThreads, 0, stream>>>(s, d, p.outer, cols);
    } else if (v == 4) {
      softmax_rows_vector_kernel<T, 4><<<blocks, kThreads, 0, stream>>>(s, d, p.outer, cols);
    } else if (v == 2) {
      softmax_rows_vector_kernel<T, 2><<<blocks, kThreads, 0, stream>>>(s, d, p.outer, cols);
    } else if (p.axis <= kWarpRowLimit) {
      softmax_rows_kernel<T, 32><<<row_blocks(p.outer, 32), kThreads, 0, stream>>>(s, d, p.outer, p.axis);
    } else {
      softmax_rows_kernel<T, kThreads><<<row_blocks(p.outer, kThreads), kThreads, 0, stream>>>(
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
    const int v = row_vector_elements<T>(p.cols, {src, dst, gamma, beta});
    const unsigned blocks = row_blocks(p.rows, 32);
    const auto cols = static_cast<int32_t>(p.cols);
    if (v == 8) {
      layer_norm_vector_kernel<T, 8><<<blocks, kThreads, 0, stream>>>(s, g, b, d, p.rows, cols, p.epsilon);
    } else if (v == 4) {
      layer_norm_vector_kernel<T, 4><<<blocks, kThreads, 0, stream>>>(s, g, b, d, p.rows, cols, p.epsilon);
    } else if (v == 2) {
      layer_norm_vector_kernel<T, 2><<<blocks, kThreads, 0, stream>>>(s, g, b, d, p.rows, cols, p.epsilon);
    } else if (p.cols <= kWarpRowLimit) {
      layer_norm_kernel<T, 32><<<row_blocks(p.rows, 32), kThreads, 0, stream>>>(s, g, b, d, p);
    } else {
      layer_norm_kernel<T, kThreads><<<row_blocks(p.rows, kThreads), kThreads, 0, stream>>>(s, g, b, d, p);
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
    if (!p.innermost_reduced) {
      reduce_columns_kernel<T><<<grid_for(outputs, kThreads), kThreads, 0, stream>>>(s, d, p, outputs, count);
    } else if (count <= 4 * kWarpRowLimit) {
      reduce_rows_kernel<T, 32><<<row_blocks(outputs, 32), kThreads, 0, stream>>>(s, d, p, outputs, count);
    } else {
      reduce_rows_kernel<T, kThreads><<<row_blocks(outputs, kThreads), kThreads, 0, stream>>>(
          s, d, p, outputs, count);
    }
    return launched();
  });
}

}  // namespace boltc::rt
