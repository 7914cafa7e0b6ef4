// The C ABI of model.h over the generated ModelSpec: instances, the arena, the weights upload,
// CUDA graphs and per-thread errors. No exception crosses the ABI.
#include <cuda_runtime_api.h>

#include <atomic>
#include <cstdint>
#include <exception>
#include <new>
#include <string>

#include "boltc/model.h"
#include "boltc/runtime.h"

// The weights on one device, shared by a model and its contexts (boltc_model_create_context):
// freed with the last handle that uses them.
struct SharedWeights {
  char* data = nullptr;
  std::atomic<int> handles{1};
};

struct boltc_model {
  const boltc::rt::ModelSpec* spec = nullptr;  // the variant chosen for the device at create
  int device = 0;
  int sm_count = 0;
  char* arena = nullptr;  // arena_bytes, then workspace_bytes (one allocation): this handle's own
  SharedWeights* weights = nullptr;
  size_t workspace_bytes = 0;
  cudaStream_t capture_stream = nullptr;
  cudaGraphExec_t graph = nullptr;
};

namespace boltc::rt {
namespace {

thread_local std::string last_error;

boltc_status fail(boltc_status status, const std::string& message) {
  last_error = message;
  return status;
}

// cutlass::Status (cutlass/cutlass.h), by value.
const char* cutlass_status_name(int status) {
  static const char* const names[] = {
      "kSuccess", "kErrorMisalignedOperand", "kErrorInvalidDataType", "kErrorInvalidLayout",
      "kErrorInvalidProblem", "kErrorNotSupported", "kErrorWorkspaceNull", "kErrorInternal",
      "kErrorArchMismatch", "kErrorInsufficientDriver", "kErrorMemoryAllocation", "kInvalid"};
  return status >= 0 && status < 12 ? names[status] : "unknown";
}

boltc_status step_failure(cudaError_t error, const StepFailure& failure);

// A failed runtime call (cudaMalloc's too) also sets the thread's last error, which the next
// cudaGetLastError returns: the check after every kernel launch of any model (dispatch.cuh's
// launched(), the generated steps) would report it again as its own launch's failure. Cleared
// once reported (a sticky error fails the next call anyway), as torch's allocator clears its
// failed cudaMalloc. Before this, after one model's arena failed to allocate, the next model
// the process ran failed at step 0 with the same cudaErrorMemoryAllocation.
boltc_status cuda_failure(cudaError_t error, const std::string& what) {
  (void)cudaGetLastError();
  const boltc_status status =
      error == cudaErrorMemoryAllocation ? BOLTC_ERROR_OUT_OF_MEMORY : BOLTC_ERROR_CUDA;
  return fail(status, what + ": " + cudaGetErrorName(error) + ": " + cudaGetErrorString(error));
}

// Makes the model's device current for the scope of a call, then restores the caller's.
class DeviceScope {
 public:
  explicit DeviceScope(int device) {
    if (cudaGetDevice(&previous_) != cudaSuccess) previous_ = -1;
    status_ = previous_ == device ? cudaSuccess : cudaSetDevice(device);
  }
  ~DeviceScope() {
    int current = -1;
    if (previous_ >= 0 && cudaGetDevice(&current) == cudaSuccess && current != previous_) {
      cudaSetDevice(previous_);
    }
  }
  cudaError_t status() const { return status_; }

 private:
  int previous_ = -1;
  cudaError_t status_ = cudaSuccess;
};

constexpr size_t kArenaAlignment = 256;

size_t align_up(size_t bytes) { return (bytes + kArenaAlignment - 1) / kArenaAlignment * kArenaAlignment; }

void release(boltc_model* model) {
  if (model->graph != nullptr) cudaGraphExecDestroy(model->graph);
  if (model->capture_stream != nullptr) cudaStreamDestroy(model->capture_stream);
  if (model->arena != nullptr) cudaFree(model->arena);
  if (model->weights != nullptr && model->weights->handles.fetch_sub(1) == 1) {
    if (model->weights->data != nullptr) cudaFree(model->weights->data);
    delete model->weights;
  }
  delete model;
}

// The handle's own part: the arena (intermediates and workspace) and the capture stream.
cudaError_t allocate_own(boltc_model* model, std::string* what) {
  const size_t arena = align_up(model->spec->arena_bytes) + model->workspace_bytes;
  if (arena > 0) {
    if (cudaError_t e = cudaMalloc(reinterpret_cast<void**>(&model->arena), arena); e != cudaSuccess) {
      *what = "allocating the arena (" + std::to_string(arena) + " bytes)";
      return e;
    }
  }
  if (cudaError_t e = cudaStreamCreateWithFlags(&model->capture_stream, cudaStreamNonBlocking); e != cudaSuccess) {
    *what = "creating the model's stream";
    return e;
  }
  return cudaSuccess;
}

boltc_status check_buffers(const ModelSpec& spec, const void* const* inputs, void* const* outputs) {
  if (spec.num_inputs > 0 && inputs == nullptr) {
    return fail(BOLTC_ERROR_INVALID_ARGUMENT, "inputs is null, the model takes " +
                                                  std::to_string(spec.num_inputs) + " input(s)");
  }
  if (spec.num_outputs > 0 && outputs == nullptr) {
    return fail(BOLTC_ERROR_INVALID_ARGUMENT, "outputs is null, the model has " +
                                                  std::to_string(spec.num_outputs) + " output(s)");
  }
  auto check = [](const char* kind, int i, const void* p, size_t alignment) -> boltc_status {
    if (p == nullptr) {
      return fail(BOLTC_ERROR_INVALID_ARGUMENT, std::string(kind) + " " + std::to_string(i) + " is null");
    }
    if (reinterpret_cast<uintptr_t>(p) % alignment != 0) {
      return fail(BOLTC_ERROR_INVALID_ARGUMENT,
                  std::string(kind) + " " + std::to_string(i) + " is not aligned to " +
                      std::to_string(alignment) + " bytes");
    }
    return BOLTC_OK;
  };
  for (int i = 0; i < spec.num_inputs; ++i) {
    if (boltc_status s = check("input", i, inputs[i], spec.input_alignment[i]); s != BOLTC_OK) return s;
  }
  for (int i = 0; i < spec.num_outputs; ++i) {
    if (boltc_status s = check("output", i, outputs[i], spec.output_alignment[i]); s != BOLTC_OK) return s;
  }
  return BOLTC_OK;
}

boltc_status run_steps(const boltc_model* model, const void* const* inputs, void* const* outputs,
                       cudaStream_t stream) {
  const ModelSpec& spec = *model->spec;
  const RunContext ctx{inputs,
                       outputs,
                       model->arena,
                       model->weights == nullptr ? nullptr : model->weights->data,
                       model->arena == nullptr ? nullptr : model->arena + align_up(spec.arena_bytes),
                       model->workspace_bytes,
                       stream,
                       model->sm_count};
  StepFailure failure{-1, "?", 0};
  // An error another library's runtime call left in this thread (not ours: e.g. a failed
  // cudaMalloc it did not clear) would be blamed on step 0's launch check; a sticky one (a
  // faulted context) fails the launches themselves and is reported there.
  (void)cudaGetLastError();
  if (cudaError_t error = spec.run(ctx, &failure); error != cudaSuccess) return step_failure(error, failure);
  return BOLTC_OK;
}

boltc_status step_failure(cudaError_t error, const StepFailure& failure) {
  const std::string where = "step " + std::to_string(failure.step) + " (" + failure.what + ")";
  if (failure.kernel_status != 0) {
    return fail(BOLTC_ERROR_KERNEL, where + ": the CUTLASS kernel returned cutlass::Status " +
                                        std::to_string(failure.kernel_status) + " (" +
                                        cutlass_status_name(failure.kernel_status) + ")");
  }
  return cuda_failure(error, where);
}

// The first of the library's variants (in its order of preference) whose device code runs on
// `device`: the dispatch of a fat model.so, and the arch check of any other.
boltc_status choose_variant(int device, const ModelVariant** out) {
  int major = 0, minor = 0;
  if (cudaError_t e = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device); e != cudaSuccess) {
    return cuda_failure(e, "reading the device's compute capability");
  }
  if (cudaError_t e = cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device); e != cudaSuccess) {
    return cuda_failure(e, "reading the device's compute capability");
  }
  const ModelLibrary& library = model_library();
  for (int i = 0; i < library.num_variants; ++i) {
    const ModelVariant& v = library.variants[i];
    const bool runs = v.exact ? (major == v.major && minor == v.minor)
                              : (major > v.major || (major == v.major && minor >= v.minor));
    if (runs) {
      *out = &v;
      return BOLTC_OK;
    }
  }
  return fail(BOLTC_ERROR_INVALID_ARGUMENT,
              "device " + std::to_string(device) + " has compute capability " + std::to_string(major) + "." +
                  std::to_string(minor) + "; this model.so has device code for " + library.targets +
                  " only: rebuild it with boltc --arch for this GPU");
}

template <class F>
boltc_status guarded(F&& f) {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    return fail(BOLTC_ERROR_OUT_OF_MEMORY, "out of host memory");
  } catch (const std::exception& e) {
    return fail(BOLTC_ERROR_INTERNAL, std::string("internal error: ") + e.what());
  } catch (...) {
    return fail(BOLTC_ERROR_INTERNAL, "internal error");
  }
}

}  // namespace
}  // namespace boltc::rt

using namespace boltc::rt;

extern "C" {

BOLTC_API int boltc_abi_version(void) { return BOLTC_ABI_VERSION; }

BOLTC_API boltc_status boltc_model_create(int device, boltc_model** out_model) {
  return guarded([&]() -> boltc_status {
    if (out_model == nullptr) return fail(BOLTC_ERROR_INVALID_ARGUMENT, "out_model is null");
    *out_model = nullptr;
    int count = 0;
    if (cudaError_t e = cudaGetDeviceCount(&count); e != cudaSuccess) {
      return cuda_failure(e, "no CUDA device is usable");
    }
    if (device < 0 || device >= count) {
      return fail(BOLTC_ERROR_INVALID_ARGUMENT, "device " + std::to_string(device) +
                                                    " does not exist (" + std::to_string(count) +
                                                    " CUDA device(s))");
    }
    DeviceScope scope(device);
    if (scope.status() != cudaSuccess) return cuda_failure(scope.status(), "cudaSetDevice");
    const ModelVariant* variant = nullptr;
    if (boltc_status s = choose_variant(device, &variant); s != BOLTC_OK) return s;
    const ModelSpec& spec = variant->spec();
    auto* model = new boltc_model;
    model->spec = &spec;
    model->device = device;
    auto abandon = [&](cudaError_t e, const std::string& what) {
      release(model);
      return cuda_failure(e, what);
    };
    if (cudaError_t e = cudaDeviceGetAttribute(&model->sm_count, cudaDevAttrMultiProcessorCount, device);
        e != cudaSuccess) {
      return abandon(e, "reading the device's multiprocessor count");
    }
    model->workspace_bytes = spec.workspace_bytes;
    if (spec.prepare != nullptr) {
      StepFailure failure{-1, "?", 0};
      size_t needed = 0;
      if (cudaError_t e = spec.prepare(&needed, &failure); e != cudaSuccess) {
        release(model);
        return step_failure(e, failure);
      }
      if (needed > model->workspace_bytes) model->workspace_bytes = needed;
    }
    std::string what;
    if (cudaError_t e = allocate_own(model, &what); e != cudaSuccess) return abandon(e, what);
    model->weights = new SharedWeights;
    if (spec.weights_bytes > 0) {
      if (cudaError_t e = cudaMalloc(reinterpret_cast<void**>(&model->weights->data), spec.weights_bytes);
          e != cudaSuccess) {
        return abandon(e, "allocating the weights (" + std::to_string(spec.weights_bytes) + " bytes)");
      }
      if (cudaError_t e = cudaMemcpy(model->weights->data, spec.weights, spec.weights_bytes, cudaMemcpyHostToDevice);
          e != cudaSuccess) {
        return abandon(e, "uploading the weights");
      }
    }
    *out_model = model;
    return BOLTC_OK;
  });
}

BOLTC_API boltc_status boltc_model_create_context(boltc_model* model, boltc_model** out_context) {
  return guarded([&]() -> boltc_status {
    if (out_context == nullptr) return fail(BOLTC_ERROR_INVALID_ARGUMENT, "out_context is null");
    *out_context = nullptr;
    if (model == nullptr) return fail(BOLTC_ERROR_INVALID_ARGUMENT, "model is null");
    DeviceScope scope(model->device);
    if (scope.status() != cudaSuccess) return cuda_failure(scope.status(), "cudaSetDevice");
    auto* context = new boltc_model;
    context->spec = model->spec;
    context->device = model->device;
    context->sm_count = model->sm_count;
    context->workspace_bytes = model->workspace_bytes;
    std::string what;
    if (cudaError_t e = allocate_own(context, &what); e != cudaSuccess) {
      release(context);
      return cuda_failure(e, what);
    }
    model->weights->handles.fetch_add(1);
    context->weights = model->weights;
    *out_context = context;
    return BOLTC_OK;
  });
}

BOLTC_API boltc_status boltc_model_run(boltc_model* model, const void* const* inputs,
                                       void* const* outputs, cudaStream_t stream) {
  return guarded([&]() -> boltc_status {
    if (model == nullptr) return fail(BOLTC_ERROR_INVALID_ARGUMENT, "model is null");
    if (boltc_status s = check_buffers(*model->spec, inputs, outputs); s != BOLTC_OK) return s;
    DeviceScope scope(model->device);
    if (scope.status() != cudaSuccess) return cuda_failure(scope.status(), "cudaSetDevice");
    return run_steps(model, inputs, outputs, stream);
  });
}

BOLTC_API boltc_status boltc_model_capture_graph(boltc_model* model, const void* const* inputs,
                                                 void* const* outputs) {
  return guarded([&]() -> boltc_status {
    if (model == nullptr) return fail(BOLTC_ERROR_INVALID_ARGUMENT, "model is null");
    if (boltc_status s = check_buffers(*model->spec, inputs, outputs); s != BOLTC_OK) return s;
    DeviceScope scope(model->device);
    if (scope.status() != cudaSuccess) return cuda_failure(scope.status(), "cudaSetDevice");
    cudaStream_t stream = model->capture_stream;
    if (cudaError_t e = cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal); e != cudaSuccess) {
      return cuda_failure(e, "beginning the graph capture");
    }
    const boltc_status steps = run_steps(model, inputs, outputs, stream);
    cudaGraph_t graph = nullptr;
    const cudaError_t ended = cudaStreamEndCapture(stream, &graph);  // always end the capture
    if (steps != BOLTC_OK) {
      if (graph != nullptr) cudaGraphDestroy(graph);
      return steps;
    }
    if (ended != cudaSuccess) return cuda_failure(ended, "ending the graph capture");
    cudaGraphExec_t exec = nullptr;
    const cudaError_t instantiated = cudaGraphInstantiate(&exec, graph, 0);
    cudaGraphDestroy(graph);
    if (instantiated != cudaSuccess) return cuda_failure(instantiated, "instantiating the graph");
    if (model->graph != nullptr) cudaGraphExecDestroy(model->graph);
    model->graph = exec;
    return BOLTC_OK;
  });
}

BOLTC_API boltc_status boltc_model_replay_graph(boltc_model* model, cudaStream_t stream) {
  return guarded([&]() -> boltc_status {
    if (model == nullptr) return fail(BOLTC_ERROR_INVALID_ARGUMENT, "model is null");
    if (model->graph == nullptr) {
      return fail(BOLTC_ERROR_NO_GRAPH, "no graph captured: call boltc_model_capture_graph first");
    }
    DeviceScope scope(model->device);
    if (scope.status() != cudaSuccess) return cuda_failure(scope.status(), "cudaSetDevice");
    if (cudaError_t e = cudaGraphLaunch(model->graph, stream); e != cudaSuccess) {
      return cuda_failure(e, "launching the graph");
    }
    return BOLTC_OK;
  });
}

BOLTC_API const char* boltc_model_describe(const boltc_model*) { return model_library().describe_json; }

BOLTC_API int boltc_model_num_inputs(const boltc_model*) { return model_library().num_inputs; }

BOLTC_API int boltc_model_num_outputs(const boltc_model*) { return model_library().num_outputs; }

BOLTC_API void boltc_model_destroy(boltc_model* model) {
  if (model == nullptr) return;
  DeviceScope scope(model->device);
  release(model);
}

BOLTC_API const char* boltc_last_error(void) { return last_error.c_str(); }

}  // extern "C"
