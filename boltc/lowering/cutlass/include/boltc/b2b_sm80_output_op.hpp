// boltc: the first stage's output op of CUTLASS example 13's sm_80 back-to-back kernels
// (B2bGemm, B2bImplicitGemmConvolution; boltc/lowering/cutlass/b2b_sm80.py) for an activation
// other than relu:
//
//   D = Activation(alpha * acc + bias)      bias per channel (the template always reads one)
//
// The b2b mainloops apply the first stage's EpilogueOutputOp0 as `output_op(acc, scale, bias)`
// on each mma.sync accumulator fragment (register residence: MmaTensorOpFragmentIterator::load;
// shared-memory residence and the conv templates: EpilogueSmemAccumulator), and read its
// ElementCompute as the scale/bias vectors' element, kScale, kCount, the Fragment* types and
// Params(alpha, beta). CUTLASS's LinearCombinationRelu has that interface for relu only;
// LinearCombinationGeneric takes any activation but has no (acc, scale, bias) overload. This is
// LinearCombinationRelu's interface with LinearCombinationGeneric's activation, computed in
// float whatever ElementCompute is (the bias may be f16; GELU's erf, the exponentials of
// sigmoid/silu/softplus want float), then rounded once to ElementOutput.
//
// Activation is a `template <class T> struct` callable on cutlass::Array<float, Count> with no
// Arguments: CUTLASS's GELU_taylor, Tanh, HardSwish, or boltc_evt's (evt_functors.hpp: GeluErf,
// Sigmoid, SiLu, Softplus and their 16-bit-result forms), the same functors the GEMM epilogues
// and the Hopper b2b kernels apply.
#pragma once

#include "cutlass/cutlass.h"
#include "cutlass/array.h"
#include "cutlass/functional.h"
#include "cutlass/numeric_conversion.h"
#include "cutlass/epilogue/thread/activation.h"
#include "cutlass/epilogue/thread/scale_type.h"
// The second stage's output op for an activation other than relu (the emitter includes this
// header wherever either stage has one).
#include "cutlass/epilogue/thread/linear_combination_generic.h"

namespace boltc {

template <template <class> class Activation, class ElementOutput_, int Count, class ElementAccumulator_ = float,
          class ElementCompute_ = float,
          cutlass::epilogue::thread::ScaleType::Kind Scale = cutlass::epilogue::thread::ScaleType::OnlyAlphaScaling,
          cutlass::FloatRoundStyle Round = cutlass::FloatRoundStyle::round_to_nearest>
class B2bSm80OutputOp {
 public:
  using ScaleType = cutlass::epilogue::thread::ScaleType;
  using ElementOutput = ElementOutput_;
  using ElementAccumulator = ElementAccumulator_;
  using ElementCompute = ElementCompute_;  // the scale and bias vectors' element (the template reads them so)

  static int const kCount = Count;
  static const ScaleType::Kind kScale = Scale;
  static cutlass::FloatRoundStyle const kRound = Round;
  static bool const kIsHeavy = false;  // read by CUTLASS's threadblock epilogues only (not the first stage's)

  using FragmentOutput = cutlass::Array<ElementOutput, kCount>;
  using FragmentAccumulator = cutlass::Array<ElementAccumulator, kCount>;
  using FragmentCompute = cutlass::Array<ElementCompute, kCount>;
  using FragmentScaleBias = cutlass::Array<ElementCompute, kCount>;
  using FragmentSource = cutlass::Array<ElementOutput, kCount>;

  struct Params {
    ElementCompute alpha;
    ElementCompute beta;
    ElementCompute const* alpha_ptr;
    ElementCompute const* beta_ptr;

    CUTLASS_HOST_DEVICE
    Params() : alpha(ElementCompute(1)), beta(ElementCompute(0)), alpha_ptr(nullptr), beta_ptr(nullptr) {}

    CUTLASS_HOST_DEVICE
    Params(ElementCompute alpha, ElementCompute beta = ElementCompute(0))
        : alpha(alpha), beta(beta), alpha_ptr(nullptr), beta_ptr(nullptr) {}

    CUTLASS_HOST_DEVICE
    Params(ElementCompute const* alpha_ptr, ElementCompute const* beta_ptr = nullptr)
        : alpha(0), beta(0), alpha_ptr(alpha_ptr), beta_ptr(beta_ptr) {}
  };

 private:
  using FragmentFloat = cutlass::Array<float, kCount>;

  float alpha_;
  float beta_;
  bool skip_activation_;

  CUTLASS_HOST_DEVICE
  FragmentOutput finish(FragmentFloat const& intermediate) const {
    Activation<FragmentFloat> activation;
    cutlass::NumericArrayConverter<ElementOutput, float, kCount, Round> to_output;
    return to_output(skip_activation_ ? intermediate : activation(intermediate));
  }

  CUTLASS_HOST_DEVICE
  static FragmentFloat from_accumulator(FragmentAccumulator const& accumulator) {
    cutlass::NumericArrayConverter<float, ElementAccumulator, kCount, Round> convert;
    return convert(accumulator);
  }

 public:
  CUTLASS_HOST_DEVICE
  B2bSm80OutputOp(Params const& params)
      : alpha_(static_cast<float>(params.alpha_ptr ? *params.alpha_ptr : params.alpha)),
        beta_(static_cast<float>(params.beta_ptr ? *params.beta_ptr : params.beta)),
        skip_activation_(false) {}

  CUTLASS_HOST_DEVICE
  bool is_source_needed() const {
    if (Scale == ScaleType::NoBetaScaling) return true;
    if (Scale == ScaleType::OnlyAlphaScaling || Scale == ScaleType::OnlyAlphaPerChannelScaling ||
        Scale == ScaleType::Nothing)
      return false;
    return beta_ != 0.0f;
  }

  // Serial split-K (LinearCombinationGeneric's rule; example 13's kernels run one partition).
  CUTLASS_HOST_DEVICE
  void set_k_partition(int k_partition, int k_partition_count) {
    if (k_partition) beta_ = 1.0f;
    if (k_partition != k_partition_count - 1) skip_activation_ = true;
  }

  // D = Activation(alpha * acc + beta * source) (NoBetaScaling: + source).
  CUTLASS_HOST_DEVICE
  FragmentOutput operator()(FragmentAccumulator const& accumulator, FragmentOutput const& source) const {
    cutlass::NumericArrayConverter<float, ElementOutput, kCount, Round> from_source;
    cutlass::multiplies<FragmentFloat> mul;
    cutlass::multiply_add<FragmentFloat> mul_add;
    FragmentFloat const acc = from_accumulator(accumulator);
    FragmentFloat const c = from_source(source);
    FragmentFloat intermediate;
    if (Scale == ScaleType::NoBetaScaling) {
      intermediate = mul_add(alpha_, acc, c);
    } else if (Scale == ScaleType::Nothing) {
      intermediate = acc;
    } else {
      intermediate = mul_add(alpha_, acc, mul(beta_, c));
    }
    return finish(intermediate);
  }

  // D = Activation(alpha * acc).
  CUTLASS_HOST_DEVICE
  FragmentOutput operator()(FragmentAccumulator const& accumulator) const {
    cutlass::multiplies<FragmentFloat> mul;
    FragmentFloat const acc = from_accumulator(accumulator);
    return finish(Scale == ScaleType::Nothing ? acc : mul(alpha_, acc));
  }

  // D = Activation(scale * acc + bias) per channel (OnlyAlphaPerChannelScaling), else
  // Activation(alpha * acc + bias): what the b2b mainloops call.
  CUTLASS_HOST_DEVICE
  FragmentOutput operator()(FragmentAccumulator const& accumulator, FragmentScaleBias const& scale,
                            FragmentScaleBias const& bias) const {
    cutlass::NumericArrayConverter<float, ElementCompute, kCount, Round> from_compute;
    cutlass::multiply_add<FragmentFloat> mul_add;
    FragmentFloat const acc = from_accumulator(accumulator);
    FragmentFloat const b = from_compute(bias);
    FragmentFloat const intermediate = Scale == ScaleType::OnlyAlphaPerChannelScaling
                                           ? mul_add(from_compute(scale), acc, b)
                                           : mul_add(alpha_, acc, b);
    return finish(intermediate);
  }
};

}  // namespace boltc
