// Softmax, layer normalization and reductions. All accumulate in float.
//
// Rows that are contiguous in memory are handled by a group of threads per row: a warp for
// rows up to kWarpRowLimit elements (eight rows per block), a whole block beyond. Strided rows
// (softmax over a non-innermost axis, reductions over outer dimensions) get one thread per
// row, with consecutive threads on consecutive (coalesced) columns.
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
    if (p.inner != 1) {
      softmax_columns_kernel<T><<<grid_for(p.outer * p.inner, kThreads), kThreads, 0, stream>>>(s, d, p);
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
    if (p.cols <= kWarpRowLimit) {
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
