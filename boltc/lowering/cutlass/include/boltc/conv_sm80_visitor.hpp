// boltc: the sm_80 implicit-GEMM convolution with a visitor-tree epilogue (conv_sm80 and
// conv_group_sm80, boltc/lowering/cutlass/conv_sm80.py; docs/kernels/sm80.md, "The conv
// epilogue").
//
// CUTLASS 4.2 has no visitor-tree convolution for sm_80 (conv/kernel/ has the fixed
// with_broadcast, with_reduction, fusion and with_absmax epilogues). This is CUTLASS's
// ImplicitGemmConvolution kernel with its mainloop (from DefaultConv2dFprop: iterators, strides,
// padding, dilation) unchanged and its epilogue replaced by the EpilogueWithVisitorCallbacks that
// DefaultGemmWithVisitor uses, over the NHWC output as the row-major (N*P*Q) x F matrix it is.
#pragma once

#include <cstdint>

#include "cute/tensor.hpp"
#include "cutlass/cutlass.h"
#include "cutlass/matrix_coord.h"
#include "cutlass/conv/conv2d_problem_size.h"
#include "cutlass/conv/convolution.h"
#include "cutlass/epilogue/threadblock/epilogue_with_visitor_callbacks.h"
#include "cutlass/gemm/gemm.h"

namespace boltc::conv_sm80 {

// CUTLASS's ImplicitGemmConvolution (conv/kernel/implicit_gemm_convolution.h) for fprop, with
// its epilogue replaced by EpilogueWithVisitorCallbacks over the output as a row-major
// (N*P*Q) x F matrix, as DefaultGemmWithVisitor does for a GEMM. `Base` is the kernel
// DefaultConv2dFprop builds (its mainloop, iterators and default epilogue are reused); the
// interface is the one conv::device::ImplicitGemmConvolution drives. No split-K: the visitor
// epilogue cannot accumulate partial tiles, so split_k_slices must be 1. A grouped `Base`
// (DefaultConv2dGroupFprop, conv_group_sm80.py) starts each CTA's activation columns at its
// group's first channel, as CUTLASS's own kernel does.
template <class Base, class FusionCallbacks, int EpilogueStages>
struct ImplicitGemmConvolutionWithVisitor : Base {
  using Mma = typename Base::Mma;
  using ThreadblockSwizzle = typename Base::ThreadblockSwizzle;
  using ThreadblockShape = typename Base::ThreadblockShape;
  using ConvProblemSize = typename Base::ConvProblemSize;
  using Epilogue = cutlass::epilogue::threadblock::EpilogueWithVisitorCallbacks<
      typename Base::Epilogue, FusionCallbacks, EpilogueStages>;
  static cutlass::conv::Operator const kConvolutionalOperator = cutlass::conv::Operator::kFprop;
  static_assert(Base::kConvolutionalOperator == cutlass::conv::Operator::kFprop, "fprop only");
  static_assert(Base::kGroupMode != cutlass::conv::GroupMode::kDepthwise, "no depthwise group mode");

  struct Arguments {
    ConvProblemSize problem_size;
    typename Base::TensorRefA ref_A;
    typename Base::TensorRefB ref_B;
    typename FusionCallbacks::Arguments output_op;
    cutlass::conv::SplitKMode split_k_mode = cutlass::conv::SplitKMode::kSerial;
  };

  struct Params {
    ConvProblemSize problem_size;
    cutlass::gemm::GemmCoord grid_tiled_shape;
    cutlass::gemm::GemmCoord implicit_gemm_problem_size;
    cute::Shape<int32_t, int32_t, int32_t> problem_shape;  // (N*P*Q, F, 1): the visitor's M, N, L
    int swizzle_log_tile;
    int gemm_k_iterations;
    int gemm_k_iterations_per_channel;
    typename Mma::IteratorA::Params iterator_A;
    typename Mma::IteratorA::Element const* ptr_A;
    typename Mma::IteratorB::Params iterator_B;
    typename Mma::IteratorB::Element const* ptr_B;
    typename FusionCallbacks::Params output_op;

    Params() = default;

    // The semaphore of split-K serial reduction is never used (no split-K).
    Params(Arguments const& args, int* /*semaphore*/ = nullptr)
        : problem_size(args.problem_size),
          implicit_gemm_problem_size(
              cutlass::conv::implicit_gemm_problem_size(kConvolutionalOperator, args.problem_size)),
          problem_shape(cute::make_shape(implicit_gemm_problem_size.m(), implicit_gemm_problem_size.n(), 1)),
          iterator_A(Mma::IteratorA::getParams(args.problem_size, args.ref_A.layout())),
          ptr_A(args.ref_A.data()),
          iterator_B(args.problem_size, args.ref_B.layout()),
          ptr_B(args.ref_B.data()),
          output_op(FusionCallbacks::to_underlying_arguments(implicit_gemm_problem_size, args.output_op, nullptr)) {
      gemm_k_iterations = cutlass::conv::implicit_gemm_k_iterations(
          kConvolutionalOperator, ThreadblockShape::kK, args.problem_size, Base::kIteratorAlgorithm,
          Base::kGroupMode, ThreadblockShape::kN);
      gemm_k_iterations_per_channel = cutlass::conv::implicit_gemm_k_iterations_per_channel(
          kConvolutionalOperator, args.problem_size, Base::kIteratorAlgorithm);
      ThreadblockSwizzle threadblock_swizzle;
      grid_tiled_shape = threadblock_swizzle.get_tiled_shape(
          implicit_gemm_problem_size, {ThreadblockShape::kM, ThreadblockShape::kN, ThreadblockShape::kK},
          args.problem_size.split_k_slices);
      swizzle_log_tile = threadblock_swizzle.get_log_tile(grid_tiled_shape);
    }
  };

  union SharedStorage {
    typename Mma::SharedStorage main_loop;
    typename Epilogue::SharedStorage epilogue;
  };

  CUTLASS_DEVICE
  void operator()(Params const& params, SharedStorage& shared_storage) {
    ThreadblockSwizzle threadblock_swizzle;
    cutlass::gemm::GemmCoord const tile = threadblock_swizzle.get_tile_offset(params.swizzle_log_tile);
    if (params.grid_tiled_shape.m() <= tile.m() || params.grid_tiled_shape.n() <= tile.n()) {
      return;  // a CTA of the rounded-up grid with no tile
    }
    int const thread_idx = threadIdx.x;
    int column_A = tile.k() * Mma::Shape::kK;
    if constexpr (Base::kGroupMode != cutlass::conv::GroupMode::kNone) {
      // The CTA's first output channel lies in group g (its tile N divides F/groups, or F/groups
      // divides it): its activation columns start at g * C/groups.
      int const k_per_group = params.problem_size.K / params.problem_size.groups;
      int const group = tile.n() * Mma::Shape::kN / k_per_group;
      column_A += group * (params.problem_size.C / params.problem_size.groups);
    }
    typename Mma::IteratorA iterator_A(
        params.iterator_A, params.problem_size, params.ptr_A, thread_idx,
        cutlass::MatrixCoord(tile.m() * Mma::Shape::kM, column_A));
    typename Mma::IteratorB iterator_B(
        params.iterator_B, params.problem_size, params.ptr_B, thread_idx,
        cutlass::MatrixCoord(tile.k() * Mma::Shape::kK, tile.n() * Mma::Shape::kN));
    int const warp_idx = cutlass::canonical_warp_idx_sync();
    int const lane_idx = threadIdx.x % 32;

    Mma mma(shared_storage.main_loop, thread_idx, warp_idx, lane_idx);
    typename Mma::FragmentC accumulators;
    accumulators.clear();
    mma(params.gemm_k_iterations, accumulators, iterator_A, iterator_B, accumulators,
        params.gemm_k_iterations_per_channel);

    // The visitor tree sees the tile at (m, n) of the (N*P*Q) x F output, batch (L) 0.
    Epilogue epilogue(params.output_op, shared_storage.epilogue, thread_idx, warp_idx, lane_idx);
    epilogue(accumulators, cutlass::gemm::GemmCoord(tile.m(), tile.n(), 0), params.problem_shape, thread_idx);
  }
};

}  // namespace boltc::conv_sm80
