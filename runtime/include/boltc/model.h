/* boltc/model.h: the C ABI of a model.so built by boltc.
 *
 * A model.so holds one compiled model: its kernels, its launch sequence and its weights.
 * Use from C, C++ or any language with a C FFI:
 *
 *     boltc_model* model = NULL;
 *     if (boltc_model_create(0, &model) != BOLTC_OK) fprintf(stderr, "%s\n", boltc_last_error());
 *     puts(boltc_model_describe(model));              // inputs and outputs as JSON
 *     const void* inputs[] = {x};                      // device pointers, one per input
 *     void* outputs[] = {y};                           // device pointers, one per output
 *     boltc_model_run(model, inputs, outputs, stream); // asynchronous on `stream`
 *     boltc_model_destroy(model);
 *
 * Buffers: every input and output is a dense row-major device buffer of the shape and element
 * type that boltc_model_describe() lists, on the model's device. Outputs must not overlap each
 * other or the inputs. The model keeps its own intermediates (one arena) and weights.
 *
 * Concurrency: one handle runs one launch sequence at a time (its arena holds the
 * intermediates): order calls on one handle through one stream, and give each concurrent
 * stream a handle of its own: boltc_model_create_context() makes one that shares the weights.
 * Different handles are independent; any call may come from any thread. Errors are per thread.
 *
 * Errors: every call that can fail returns a boltc_status; boltc_last_error() then says what
 * failed, on the calling thread. Errors of kernels that run asynchronously appear at the next
 * synchronization of the stream, as for any CUDA library.
 */
#ifndef BOLTC_MODEL_H_
#define BOLTC_MODEL_H_

#include <cuda_runtime_api.h> /* cudaStream_t */

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define BOLTC_API __declspec(dllexport)
#else
#define BOLTC_API __attribute__((visibility("default")))
#endif

/* Bumped whenever a declaration below or the JSON of boltc_model_describe changes meaning. */
#define BOLTC_ABI_VERSION 2

typedef enum boltc_status {
  BOLTC_OK = 0,
  BOLTC_ERROR_INVALID_ARGUMENT = 1, /* a null or misaligned pointer, a bad device index */
  BOLTC_ERROR_CUDA = 2,             /* the CUDA runtime refused a call or a launch */
  BOLTC_ERROR_OUT_OF_MEMORY = 3,    /* the arena, the weights or host memory */
  BOLTC_ERROR_NO_GRAPH = 4,         /* replay before a successful capture */
  BOLTC_ERROR_INTERNAL = 5,         /* a bug in boltc: please report it */
  BOLTC_ERROR_KERNEL = 6            /* a CUTLASS kernel refused its problem or failed */
} boltc_status;

/* An opaque handle: one instance of the model on one device. */
typedef struct boltc_model boltc_model;

/* BOLTC_ABI_VERSION of the library (compare with the header's). */
BOLTC_API int boltc_abi_version(void);

/* Instantiate the model on CUDA device `device`: checks that every CUTLASS kernel can run its
 * problem, allocates the arena and uploads the weights (synchronously). The calling thread's
 * current device is left as it was. */
BOLTC_API boltc_status boltc_model_create(int device, boltc_model** out_model);

/* Another handle for the same model on the same device that shares `model`'s weights (no
 * upload) and has its own arena, capture stream and graph: for running concurrently on another
 * stream. Destroy the handles in any order; the weights are freed with the last of them. */
BOLTC_API boltc_status boltc_model_create_context(boltc_model* model, boltc_model** out_context);

/* Enqueue the whole model on `stream` (0: the legacy default stream). inputs[i] and
 * outputs[j] are device pointers in the order of boltc_model_describe(). Returns once the
 * work is enqueued. */
BOLTC_API boltc_status boltc_model_run(boltc_model* model, const void* const* inputs,
                                       void* const* outputs, cudaStream_t stream);

/* Record the launch sequence for these buffers once as a CUDA graph (on a stream of the
 * model's own, in thread-local capture mode); replaces an earlier capture. Nothing runs. */
BOLTC_API boltc_status boltc_model_capture_graph(boltc_model* model, const void* const* inputs,
                                                 void* const* outputs);

/* Launch the captured graph on `stream`: same work, same buffers as captured, one launch. */
BOLTC_API boltc_status boltc_model_replay_graph(boltc_model* model, cudaStream_t stream);

/* The model's interface as JSON (never NULL; valid as long as the library is loaded, and
 * the same for every handle, so `model` may be NULL):
 *   {"abi_version": 2, "name": "main", "arch": "sm_90a",
 *    "inputs":  [{"name": "input0", "shape": [2, 4], "dtype": "f16", "bytes": 16, "alignment": 16}],
 *    "outputs": [...], "arena_bytes": N, "workspace_bytes": N, "weights_bytes": N,
 *    "launches": [{"op": "bolt.softmax", "kernel": "softmax", "location": "m.mlir:3:10"}]}
 * "alignment" is the byte alignment the buffer's address needs. dtype is f32, f16 or bf16. */
BOLTC_API const char* boltc_model_describe(const boltc_model* model);

BOLTC_API int boltc_model_num_inputs(const boltc_model* model);
BOLTC_API int boltc_model_num_outputs(const boltc_model* model);

/* Free the instance (waits for its device work to finish). NULL is ignored. */
BOLTC_API void boltc_model_destroy(boltc_model* model);

/* What the last failing call on this thread reported ("" if none). Valid until the next
 * call into this library on this thread. */
BOLTC_API const char* boltc_last_error(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* BOLTC_MODEL_H_ */
