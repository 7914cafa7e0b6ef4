// boltc: a residual in the second stage of CUTLASS example 13's sm_80 back-to-back kernels
// (B2bGemm, B2bImplicitGemmConvolution; boltc/lowering/cutlass/b2b_sm80.py, b2b_conv_sm80.py):
//
//   D = Activation(acc + R + bias1)       R [M, N1] of D's type (NHWC for a convolution), bias1
//                                         per column (or none)
//
// Example 13 adds bias1 as the second stage's C operand with row stride 0, so C cannot also be
// a residual. Here C is the residual (beta 1, at its own strides) and bias1 is the broadcast
// vector of CUTLASS's EpilogueWithBroadcast (loaded once per thread by the epilogue's own thread
// map, zero where the pointer is null), the output op LinearCombinationBiasElementwise:
// Z = Activation(alpha * acc + beta * C + V), computed in float, rounded once to D's type.
//
// Example 13's kernels call their epilogue as `epilogue(output_op, D, accumulators, C)`, while
// EpilogueWithBroadcast takes the vector's pointer, a T tensor (not stored here) and the
// problem's extent as well: B2bEpilogueWithBias is that epilogue with the kernel's signature,
// the pointer and N1 carried in the output op's Params (B2bSm80ResidualOutputOp). The
// threadblock's column offset is 0: one CTA tile covers all of N1 (threadblock residence).
// A specialization of CUTLASS's DefaultEpilogueTensorOp (below) makes it the epilogue of any
// kernel whose output op is a B2bSm80ResidualOutputOp: example 13's B2bGemm and
// B2bImplicitGemmConvolution, either residence; every other instantiation is CUTLASS's own.
//
// Activation is a `template <class T> struct` callable on a float: CUTLASS's Identity, ReLu,
// GELU_taylor, Tanh, HardSwish, or boltc_evt's (evt_functors.hpp), as the other stages apply.
#pragma once

#include "cutlass/cutlass.h"
#include "cutlass/functional.h"
#include "cutlass/matrix_coord.h"
#include "cutlass/epilogue/thread/activation.h"
#include "cutlass/epilogue/thread/linear_combination_bias_elementwise.h"
#include "cutlass/epilogue/thread/linear_combination.h"
#include "cutlass/epilogue/threadblock/default_epilogue_tensor_op.h"
#include "cutlass/epilogue/threadblock/epilogue_with_broadcast.h"

namespace boltc {

// Z = Activation(acc + C + V) in float, no T tensor, the vector of D's type.
template <class ElementD, int Count, template <class> class Activation>
using ResidualCombination = cutlass::epilogue::thread::LinearCombinationBiasElementwise<
    ElementD, float, float, ElementD, ElementD, Count, Activation<float>, cutlass::plus<float>, /*StoreT=*/false,
    ElementD>;

template <class ElementD, int Count, template <class> class Activation>
class B2bSm80ResidualOutputOp : public ResidualCombination<ElementD, Count, Activation> {
 public:
  using Base = ResidualCombination<ElementD, Count, Activation>;

  struct Params : Base::Params {
    ElementD const* bias = nullptr;  // bias1, [N1]; null: none
    int n = 0;                       // N1: the columns the bias is read for
    CUTLASS_HOST_DEVICE Params() : Base::Params(1.0f, 1.0f) {}
    CUTLASS_HOST_DEVICE Params(ElementD const* bias_, int n_) : Base::Params(1.0f, 1.0f), bias(bias_), n(n_) {}
  };

  CUTLASS_HOST_DEVICE explicit B2bSm80ResidualOutputOp(Params const& params)
      : Base(params), bias_(params.bias), n_(params.n) {}

  CUTLASS_HOST_DEVICE ElementD const* bias() const { return bias_; }
  CUTLASS_HOST_DEVICE int n() const { return n_; }

 private:
  ElementD const* bias_;
  int n_;
};

// EpilogueWithBroadcast called as example 13's kernel calls its epilogue.
template <class Epilogue, class OutputOp>
class B2bEpilogueWithBias : public Epilogue {
 public:
  using typename Epilogue::AccumulatorTile;
  using typename Epilogue::OutputTileIterator;
  using typename Epilogue::SharedStorage;
  using typename Epilogue::TensorTileIterator;

  CUTLASS_DEVICE B2bEpilogueWithBias(SharedStorage& shared_storage, int thread_idx, int warp_idx, int lane_idx)
      : Epilogue(shared_storage, thread_idx, warp_idx, lane_idx), thread_idx_(thread_idx) {}

  CUTLASS_DEVICE void operator()(OutputOp const& output_op, OutputTileIterator destination_iterator,
                                 AccumulatorTile const& accumulators, OutputTileIterator source_iterator) {
    // No T tensor (StoreT false): an iterator over nothing, never stored through.
    TensorTileIterator no_tensor(typename TensorTileIterator::Params(), nullptr, cutlass::MatrixCoord(0, 0),
                                 thread_idx_, cutlass::MatrixCoord(0, 0));
    Epilogue::operator()(output_op, output_op.bias(), destination_iterator, accumulators, source_iterator, no_tensor,
                         cutlass::MatrixCoord(Epilogue::Shape::kM, output_op.n()), cutlass::MatrixCoord(0, 0));
  }

 private:
  int thread_idx_;
};

}  // namespace boltc

namespace cutlass {
namespace epilogue {
namespace threadblock {

// The epilogue CUTLASS's DefaultEpilogueTensorOp makes for a B2bSm80ResidualOutputOp: what
// example 13's DefaultB2bGemm and DefaultB2bConv2dFprop (both residences) ask it for as their
// second stage's. It is DefaultEpilogueWithBroadcastTensorOp's composition, its thread map and
// iterators taken from the plain epilogue of a LinearCombination on D's type (that one's
// DefaultEpilogueTensorOp would name this specialization again), D's iterator the plain one's
// (the kernels construct C1 and D1 as it), behind B2bEpilogueWithBias.
template <typename Shape, typename WarpMmaTensorOp, int PartitionsK, typename ElementD, int Count,
          template <class> class Activation, int ElementsPerAccess, bool ScatterD, typename PermuteDLayout,
          conv::StrideSupport StrideSupport, int Rank>
struct DefaultEpilogueTensorOp<Shape, WarpMmaTensorOp, PartitionsK, boltc::B2bSm80ResidualOutputOp<ElementD, Count, Activation>,
                               ElementsPerAccess, ScatterD, PermuteDLayout, StrideSupport, Rank> {
  static_assert(!ScatterD && StrideSupport == conv::StrideSupport::kUnity, "example 13's epilogues only");
  using OutputOp = boltc::B2bSm80ResidualOutputOp<ElementD, Count, Activation>;
  using Plain = DefaultEpilogueTensorOp<Shape, WarpMmaTensorOp, PartitionsK,
                                        thread::LinearCombination<ElementD, ElementsPerAccess, float, float>,
                                        ElementsPerAccess>;
  using OutputTileIterator = typename Plain::OutputTileIterator;
  using TensorTileIterator = PredicatedTileIterator<typename Plain::OutputTileThreadMap, ElementD>;
  using Epilogue = boltc::B2bEpilogueWithBias<
      EpilogueWithBroadcast<Shape, WarpMmaTensorOp, PartitionsK, OutputTileIterator, TensorTileIterator, ElementD,
                            typename Plain::AccumulatorFragmentIterator, typename Plain::WarpTileIterator,
                            typename Plain::SharedLoadIterator, OutputOp, typename Plain::Padding,
                            Plain::kFragmentsPerIteration>,
      OutputOp>;
};

}  // namespace threadblock
}  // namespace epilogue
}  // namespace cutlass
