// Data movement: strided copies (transpose, slice, broadcast), tiled 2-D transposes, padding,
// and plain device-to-device copies.
#include <algorithm>

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

template <class T>
__global__ void __launch_bounds__(kThreads)
    pad_kernel(const T* __restrict__ src, T* __restrict__ dst, PadParams params, int64_t n) {
  const T fill = dev::from_float<T>(params.value);
  for (int64_t i = global_thread(); i < n; i += grid_threads()) {
    int64_t rest = i, offset = 0, in_stride = 1;
    bool inside = true;
#pragma unroll
    for (int d = kMaxRank - 1; d >= 0; --d) {
      if (d < params.rank) {
        const int64_t coord = rest % params.out_size[d] - params.low[d];
        rest /= params.out_size[d];
        inside = inside && coord >= 0 && coord < params.in_size[d];
        offset += coord * in_stride;
        in_stride *= params.in_size[d];
      }
    }
    dst[i] = inside ? src[offset] : fill;
  }
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
  return dispatch(dtype, [&](auto zero) {
    using T = decltype(zero);
    transpose_kernel<T><<<blocks, dim3(kTile, kTileRows), 0, stream>>>(
        static_cast<const T*>(src), static_cast<T*>(dst), batch, rows, cols);
    return launched();
  });
}

cudaError_t pad(DType dtype, const void* src, void* dst, const PadParams& params,
                cudaStream_t stream) {
  if (params.rank < 0 || params.rank > kMaxRank) return cudaErrorInvalidValue;
  int64_t n = 1;
  for (int d = 0; d < params.rank; ++d) n *= params.out_size[d];
  if (n == 0) return cudaSuccess;
  return dispatch(dtype, [&](auto zero) {
    using T = decltype(zero);
    pad_kernel<T><<<grid_for(n, kThreads), kThreads, 0, stream>>>(
        static_cast<const T*>(src), static_cast<T*>(dst), params, n);
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
