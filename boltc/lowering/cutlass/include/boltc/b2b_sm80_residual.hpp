// boltc: a residual in the second stage of CUTLASS example 13's sm_80 back-to-back GEMM
// (B2bGemm; boltc/lowering/cutlass/b2b_sm80.py):
//
//   D = Activation(acc + R + bias1)       R [M, N1] of D's type, bias1 per column (or none)
//
// Example 13 adds bias1 as the second stage's C operand with row stride 0, so C cannot also be
// a residual. Here C is the residual (beta 1, its rows ldr apart) and bias1 is the broadcast
// vector of CUTLASS's EpilogueWithBroadcast (loaded once per thread by the epilogue's own thread
// map, zero where the pointer is null), the output op LinearCombinationBiasElementwise:
// Z = Activation(alpha * acc + beta * C + V), computed in float, rounded once to D's type.
//
// The B2bGemm kernel calls its epilogue as `epilogue(output_op, D, accumulators, C)`, while
// EpilogueWithBroadcast takes the vector's pointer, a T tensor (not stored here) and the
// problem's extent as well: B2bEpilogueWithBias is that epilogue with the kernel's signature,
// the pointer and N1 carried in the output op's Params (B2bSm80ResidualOutputOp). The
// threadblock's column offset is 0: one CTA tile covers all of N1 (threadblock residence).
// The specializations of example 13's kernel::DefaultB2bGemm below (register and shared-memory
// residence) select it wherever EpilogueOutputOp1 is a B2bSm80ResidualOutputOp; every other
// B2bGemm instantiation is example 13's own.
//
// Activation is a `template <class T> struct` callable on a float: CUTLASS's Identity, ReLu,
// GELU_taylor, Tanh, HardSwish, or boltc_evt's (evt_functors.hpp), as the other stages apply.
#pragma once

#include "cutlass/cutlass.h"
#include "cutlass/functional.h"
#include "cutlass/matrix_coord.h"
#include "cutlass/epilogue/thread/activation.h"
#include "cutlass/epilogue/thread/linear_combination_bias_elementwise.h"
#include "cutlass/epilogue/threadblock/default_epilogue_with_broadcast.h"
// CUTLASS example 13 (its directory is on the include path: build.cutlass_include_dirs).
#include "kernel/default_b2b_gemm.h"
#include "kernel/default_b2b_gemm_smem_accumulator.h"

namespace boltc {

template <class ElementD, int Count, template <class> class Activation>
class B2bSm80ResidualOutputOp
    : public cutlass::epilogue::thread::LinearCombinationBiasElementwise<
          ElementD, float, float, ElementD, ElementD, Count, Activation<float>, cutlass::plus<float>,
          /*StoreT=*/false, ElementD> {
 public:
  using Base = cutlass::epilogue::thread::LinearCombinationBiasElementwise<
      ElementD, float, float, ElementD, ElementD, Count, Activation<float>, cutlass::plus<float>, false, ElementD>;

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

template <class B2bMma, class ThreadblockShape1, class ElementD, int Count, template <class> class Activation>
struct B2bResidualEpilogue {
  using OutputOp = B2bSm80ResidualOutputOp<ElementD, Count, Activation>;
  static int const kPartitionsK1 = ThreadblockShape1::kK / B2bMma::Operator1::Shape::kK;
  using Epilogue = B2bEpilogueWithBias<
      typename cutlass::epilogue::threadblock::DefaultEpilogueWithBroadcastTensorOp<
          ThreadblockShape1, typename B2bMma::Operator1, kPartitionsK1, ElementD, ElementD, ElementD, OutputOp,
          OutputOp::kCount>::Epilogue,
      OutputOp>;
};

}  // namespace boltc

namespace cutlass {
namespace gemm {
namespace kernel {

// Register residence (example 13's Ampere specialization, its epilogue replaced).
template <typename ElementA, typename LayoutA, int kAlignmentA, typename ElementB, typename LayoutB, int kAlignmentB,
          typename ElementC, typename ElementAccumulator, typename ThreadblockShape0, typename ThreadblockShape1,
          typename WarpShape0, typename WarpShape1, typename InstructionShape, typename EpilogueOutputOp0,
          typename ElementD, int Count, template <class> class Activation, typename ThreadblockSwizzle, int Stages,
          typename Operator>
struct DefaultB2bGemm<ElementA, LayoutA, kAlignmentA, ElementB, LayoutB, kAlignmentB, ElementC, layout::RowMajor,
                      ElementAccumulator, arch::OpClassTensorOp, arch::Sm80, ThreadblockShape0, ThreadblockShape1,
                      WarpShape0, WarpShape1, InstructionShape, EpilogueOutputOp0,
                      boltc::B2bSm80ResidualOutputOp<ElementD, Count, Activation>, ThreadblockSwizzle, Stages,
                      Operator, false,
                      typename platform::enable_if<!IsGroupedSwizzle<ThreadblockSwizzle>::value>::type> {
  using B2bMma = typename cutlass::gemm::threadblock::DefaultB2bMma<
      ElementA, LayoutA, kAlignmentA, ElementB, LayoutB, kAlignmentB, ElementAccumulator, layout::RowMajor,
      arch::OpClassTensorOp, arch::Sm80, ThreadblockShape0, ThreadblockShape1, WarpShape0, WarpShape1,
      InstructionShape, Stages, Operator, EpilogueOutputOp0>::ThreadblockB2bMma;
  using Epilogue =
      typename boltc::B2bResidualEpilogue<B2bMma, ThreadblockShape1, ElementD, Count, Activation>::Epilogue;
  using B2bGemmKernel = kernel::B2bGemm<B2bMma, Epilogue, ThreadblockSwizzle>;
};

// Shared-memory residence (example 13's, default_b2b_gemm_smem_accumulator.h, its epilogue replaced).
template <typename ElementA, typename LayoutA, int kAlignmentA, typename ElementB, typename LayoutB, int kAlignmentB,
          typename ElementC, typename ElementAccumulator, typename ThreadblockShape0, typename ThreadblockShape1,
          typename WarpShape0, typename WarpShape1, typename InstructionShape, typename EpilogueOutputOp0,
          typename ElementD, int Count, template <class> class Activation, typename ThreadblockSwizzle, int Stages,
          typename Operator>
struct DefaultB2bGemm<ElementA, LayoutA, kAlignmentA, ElementB, LayoutB, kAlignmentB, ElementC, layout::RowMajor,
                      ElementAccumulator, arch::OpClassTensorOp, arch::Sm80, ThreadblockShape0, ThreadblockShape1,
                      WarpShape0, WarpShape1, InstructionShape, EpilogueOutputOp0,
                      boltc::B2bSm80ResidualOutputOp<ElementD, Count, Activation>, ThreadblockSwizzle, Stages,
                      Operator, true> {
  using B2bMma = typename cutlass::gemm::threadblock::DefaultB2bMma<
      ElementA, LayoutA, kAlignmentA, ElementB, LayoutB, kAlignmentB, ElementAccumulator, layout::RowMajor,
      arch::OpClassTensorOp, arch::Sm80, ThreadblockShape0, ThreadblockShape1, WarpShape0, WarpShape1,
      InstructionShape, Stages, Operator, EpilogueOutputOp0, false, true>::ThreadblockB2bMma;
  using Epilogue =
      typename boltc::B2bResidualEpilogue<B2bMma, ThreadblockShape1, ElementD, Count, Activation>::Epilogue;
  using B2bGemmKernel = kernel::B2bGemm<B2bMma, Epilogue, ThreadblockSwizzle>;
};

}  // namespace kernel
}  // namespace gemm
}  // namespace cutlass
