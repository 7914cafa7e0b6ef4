// boltc: an Sm90AuxLoad (a residual) for the sm_90a convolutions' epilogues (conv_sm90,
// boltc/lowering/cutlass/conv_sm90.py wraps each aux-load leaf of the tree in it).
#pragma once

#include "cute/tensor.hpp"
#include "cutlass/cutlass.h"

namespace boltc::conv_sm90 {

// Sm90AuxLoad (a residual) types its TMA descriptor for a dynamic batch extent, but the problem
// shape a convolution hands the epilogue has a static one (cute::Int<1>), and the descriptor
// built from it has another type. This passes it the same shape with a dynamic batch extent.
template <class AuxLoad>
struct ConvAuxLoad : AuxLoad {
  using AuxLoad::AuxLoad;

  template <class ProblemShape>
  static constexpr typename AuxLoad::Params to_underlying_arguments(
      ProblemShape const& problem_shape, typename AuxLoad::Arguments const& args, void* workspace) {
    auto [m, n, k, l] = cute::append<4>(problem_shape, 1);
    return AuxLoad::to_underlying_arguments(
        cute::make_shape(m, n, k, static_cast<int>(cute::size(l))), args, workspace);
  }
};

}  // namespace boltc::conv_sm90
