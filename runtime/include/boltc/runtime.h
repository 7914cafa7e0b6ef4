// boltc/runtime.h: what the generated host file and the runtime share (C++, internal).
//
// A model.so is the runtime (runtime/src/*, the same for every model) plus a generated host
// file per target arch that defines boltc::rt::model_spec_<arch>(): the model's sizes, its
// describe() JSON, and its launch sequence as a function of a RunContext; and a generated
// dispatch file that lists them (model_library(), below). The runtime owns the C ABI (model.h),
// the arena, the weights upload, graphs and errors; the generated file owns the order of work.
//
// The parameter structs below are filled by generated code with positional aggregate
// initializers; boltc/lowering/runtime_abi.py mirrors their field order (a test compares).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "boltc/model.h"

namespace boltc::rt {

enum class DType : int32_t { F32 = 0, F16 = 1, BF16 = 2 };

inline constexpr int kMaxRank = 8;

// Sizes of an index space and, per dimension, the element stride of the tensor read with it.
// Dimension rank-1 varies fastest. Unused dimensions (>= rank) are ignored.
struct StridedIndex {
  int32_t rank;
  int64_t size[kMaxRank];
  int64_t stride[kMaxRank];
};

// What one run of the launch sequence works on.
struct RunContext {
  const void* const* inputs;  // the caller's input buffers
  void* const* outputs;       // the caller's output buffers
  char* arena;                // bolt.arena_size bytes, then the workspace
  const char* weights;        // the uploaded weights blob
  void* workspace;            // workspace_bytes for kernels that ask for scratch
  size_t workspace_bytes;
  cudaStream_t stream;
  int sm_count;               // multiprocessors of the model's device
};

// Where a launch sequence stopped: its step index, a description ("bolt.softmax at m.mlir:3:5"),
// and for a CUTLASS entry point the cutlass::Status it returned (0 when the failure is CUDA's).
struct StepFailure {
  int step;
  const char* what;
  int kernel_status;
};

using RunFunction = cudaError_t (*)(const RunContext& ctx, StepFailure* failure);

// Called once at create, before any allocation: asks every CUTLASS kernel whether it can run
// its problem (can_implement, with null pointers) and how much workspace it needs (the largest
// goes to *workspace_bytes).
using PrepareFunction = cudaError_t (*)(size_t* workspace_bytes, StepFailure* failure);

// One model, as the generated host file describes it.
struct ModelSpec {
  const char* describe_json;
  int32_t num_inputs;
  int32_t num_outputs;
  const size_t* input_alignment;   // bytes each input's address must be a multiple of
  const size_t* output_alignment;
  size_t arena_bytes;
  size_t workspace_bytes;
  const unsigned char* weights;    // the embedded blob (assembled with .incbin)
  size_t weights_bytes;
  RunFunction run;
  PrepareFunction prepare;         // null when the model calls no CUTLASS kernel
};

// One build of the model for one target arch: each generated host file (model.cu, one per
// arch of the library) defines one ModelSpec; a fat model.so (`boltc --arch sm_80,sm_90a`)
// holds several, with their own kernels, launch sequences and (where they differ) weights.
struct ModelVariant {
  const char* arch;             // "sm_90a"
  int32_t major;                // the compute capability its device code needs:
  int32_t minor;                //   major.minor exactly when `exact`, else it or newer
  int32_t exact;                //   (sm_90a code is arch-specific; sm_80's PTX runs on newer GPUs)
  const ModelSpec& (*spec)();
};

// The library: what every handle shares (describe() and the interface) and its variants, in
// the order create() prefers them. Defined by the generated dispatch file (dispatch.cpp).
struct ModelLibrary {
  const char* describe_json;    // the same for every handle: the inputs and outputs all variants share
  int32_t num_inputs;
  int32_t num_outputs;
  const ModelVariant* variants;
  int32_t num_variants;
  const char* targets;          // "sm_90a, sm_80": for the error of a GPU no variant runs on
};

const ModelLibrary& model_library();

// ---------------------------------------------------------------------------------------
// Kernels for what CUTLASS does not cover. Each enqueues on `stream` and returns the launch
// status (cudaGetLastError right after the launch). Tensors are dense row-major unless a
// StridedIndex says otherwise; element counts are int64.
// ---------------------------------------------------------------------------------------

// dst[i] = src[offset + sum_d coord_d(i) * index.stride[d]], for i over index.size (dense dst).
// Transposes, slices, broadcasts.
cudaError_t strided_copy(DType dtype, const void* src, int64_t offset, const StridedIndex& index,
                         void* dst, cudaStream_t stream);

// dst[b][c][r] = src[b][r][c]: batched 2-D transpose through shared-memory tiles.
cudaError_t transpose_2d(DType dtype, const void* src, void* dst, int64_t batch, int64_t rows,
                         int64_t cols, cudaStream_t stream);

// transpose_2d with the result's rows padded at their end and converted from src_dtype to
// dst_dtype: dst is [batch][cols][out_rows], dst[b][c][r] = src[b][r][c] for r < rows, `value`
// beyond (an image's cast, NCHW -> NHWC and channel padding for the first convolution, in one
// pass). rows <= out_rows <= 16.
cudaError_t transpose_pad_2d(DType src_dtype, DType dst_dtype, const void* src, void* dst,
                             int64_t batch, int64_t rows, int64_t cols, int64_t out_rows, float value,
                             cudaStream_t stream);

struct PadParams {
  int32_t rank;
  int64_t in_size[kMaxRank];
  int64_t out_size[kMaxRank];
  int64_t low[kMaxRank];
  float value;  // already rounded to the element type
};
cudaError_t pad(DType dtype, const void* src, void* dst, const PadParams& params,
                cudaStream_t stream);

// The space-to-depth fold of an image for a strided stem convolution (passes/space_to_depth.py),
// with the conversion, layout change and padding around it, in one pass:
//   dst[n][u][v][((b*block + i)*block + j)*c + ch]
//     = src(n, u*block + i - pad_top, (v + b*tap_step)*block + j - pad_left, ch),  b < taps
// read through the four element strides (NHWC meaning), `value` where that pixel is outside
// the h x w source, and `value` for the channels past taps*block*block*c up to out_c. taps > 1
// is the column fold (pairs of the folded window's horizontal taps as channels); taps = 1 the
// fold alone.
struct SpaceToDepthParams {
  int64_t n, h, w, c;
  int64_t stride_n, stride_h, stride_w, stride_c;
  int32_t block, pad_top, pad_left;
  int64_t out_h, out_w, out_c;
  float value;  // already rounded to dst_dtype
  int32_t taps, tap_step;
};
cudaError_t space_to_depth(DType src_dtype, DType dst_dtype, const void* src, void* dst,
                           const SpaceToDepthParams& params, cudaStream_t stream);

enum class PoolKind : int32_t { Max = 0, Avg = 1 };

// Max pools pad with -inf; average pools count padded zeros (divide by the window's area).
struct Pool2dParams {
  int32_t kind;  // PoolKind
  int32_t nhwc;  // 1: N x H x W x C; 0: N x C x H x W
  int64_t n, c, h, w, p, q;
  int32_t window_h, window_w, stride_h, stride_w, pad_top, pad_left;
  int64_t out_pitch;  // NHWC: elements from one output pixel to the next (c, or a concatenation's row); NCHW: 0
};
cudaError_t pool2d(DType dtype, const void* src, void* dst, const Pool2dParams& params,
                   cudaStream_t stream);

// Softmax over the middle dimension of [outer, axis, inner].
struct SoftmaxParams {
  int64_t outer, axis, inner;
};
cudaError_t softmax(DType dtype, const void* src, void* dst, const SoftmaxParams& params,
                    cudaStream_t stream);

// Layer normalization of each row of [rows, cols]; gamma, beta: [cols] or null.
struct LayerNormParams {
  int64_t rows, cols;
  float epsilon;
};
cudaError_t layer_norm(DType dtype, const void* src, const void* gamma, const void* beta,
                       void* dst, const LayerNormParams& params, cudaStream_t stream);

enum class ReduceKind : int32_t { Sum = 0, Mean = 1, Max = 2, Min = 3 };

// dst[k] = reduce over r of src[kept(k) + reduced(r)]; dst dense over kept.size.
// innermost_reduced: the reduced index's last dimension has stride 1 (lanes cooperate on a row).
struct ReduceParams {
  int32_t kind;  // ReduceKind
  int32_t innermost_reduced;
  StridedIndex kept;
  StridedIndex reduced;
};
cudaError_t reduce(DType dtype, const void* src, void* dst, const ReduceParams& params,
                   cudaStream_t stream);

// Plain copies (device to device), also for concat: `rows` rows of `row_bytes` each.
cudaError_t copy_bytes(void* dst, const void* src, size_t bytes, cudaStream_t stream);
cudaError_t copy_rows(void* dst, size_t dst_pitch, const void* src, size_t src_pitch,
                      size_t row_bytes, size_t rows, cudaStream_t stream);

// Blocks for a grid-stride loop over `n` items with `threads` per block.
unsigned grid_for(int64_t n, int threads);

// The same, capped at `blocks_per_sm` blocks per multiprocessor: enough to fill the device,
// few enough that each thread loops over several items (generated elementwise kernels).
inline unsigned resident_grid_for(int64_t n, int threads, int sm_count, int blocks_per_sm = 8) {
  const unsigned blocks = grid_for(n, threads);
  const int64_t cap = static_cast<int64_t>(sm_count > 0 ? sm_count : 1) * blocks_per_sm;
  return blocks < cap ? blocks : static_cast<unsigned>(cap);
}

inline bool aligned(const void* p, size_t bytes) {
  return reinterpret_cast<uintptr_t>(p) % bytes == 0;
}

// Records where a launch sequence failed and passes the error on (generated code's epilogue
// of every step).
inline cudaError_t failed(cudaError_t error, int step, const char* what, StepFailure* failure) {
  failure->step = step;
  failure->what = what;
  return error;
}

// The same for a CUTLASS entry point that returned a cutlass::Status other than kSuccess (0).
inline cudaError_t kernel_failed(int kernel_status, int step, const char* what, StepFailure* failure) {
  failure->kernel_status = kernel_status;
  return failed(cudaErrorLaunchFailure, step, what, failure);
}

}  // namespace boltc::rt
