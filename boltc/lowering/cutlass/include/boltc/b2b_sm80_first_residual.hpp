// boltc: a residual in the first stage of CUTLASS example 13's sm_80 back-to-back kernels
// (B2bGemm, B2bImplicitGemmConvolution; boltc/lowering/cutlass/b2b_sm80.py, b2b_conv_sm80.py):
//
//   P = Activation0(acc0 + R0 + bias0)     R0 [M, N0] of the first product's type (NHWC for a
//                                          convolution: M = N*P*Q rows of N0 = F0 channels)
//
// Example 13 applies the first stage's output op inside the mainloop, on each mma.sync
// accumulator fragment, with per-channel vectors only: MmaTensorOpFragmentIterator::load
// (register residence) and EpilogueSmemAccumulator (shared-memory residence) call it as
// `output_op(acc, scale, bias)`. B2bSm80FirstResidualOp wraps the stage's own output op (Base:
// LinearCombination(Relu) or boltc's B2bSm80OutputOp) with R0's pointer, row stride and row
// count in its Params; the two specializations below, selected by that op type, add R0 to the
// accumulator before calling Base: the register path per fragment as the second mainloop loads
// it, the shared-memory path to the warp's whole tile before it is staged. Every other
// instantiation of either template is CUTLASS's own.
//
// Where a value lives: the warp's accumulator (Mma0's FragmentC, CUTLASS's column-major order
// of m16n8 tiles: tile (i, j) is access i + j * (WarpShape::kM / 16), four floats) holds, per
// thread, rows g and g + 8 and columns 2t, 2t + 1 of its tile (g = lane / 4, t = lane % 4, the
// PTX m16n8 C fragment). The warp's place in the CTA tile is the mainloops' (warp_idx % WarpsM,
// warp_idx / WarpsM); the CTA's first row is blockIdx.x * ThreadblockShape::kM, the
// GemmIdentityThreadblockSwizzle<1> both emitters instantiate (log tile 0: the tile index is
// blockIdx.x). Each thread reads two 4-byte pairs per tile (R0's row stride even: N0 is a
// multiple of 8), none past the last row.
#pragma once

#include <cstdint>
#include <type_traits>

#include "cutlass/cutlass.h"
#include "cutlass/array.h"
#include "cutlass/layout/matrix.h"
#include "cutlass/gemm/warp/mma_tensor_op_fragment_iterator.h"
#include "cutlass/epilogue/thread/scale_type.h"  // epilogue_smem_accumulator.h uses it, includes it not
#include "cutlass/epilogue/threadblock/epilogue_smem_accumulator.h"

namespace boltc {

template <class Base, class ElementResidual, class ThreadblockShape, class WarpShape>
class B2bSm80FirstResidualOp : public Base {
 public:
  using ElementCompute = typename Base::ElementCompute;

  struct Params : Base::Params {
    ElementResidual const* residual = nullptr;  // R0 [rows, ldr >= N0]
    int64_t ldr = 0;
    int rows = 0;  // M: rows at or past it are not read
    CUTLASS_HOST_DEVICE Params() : Base::Params(ElementCompute(1), ElementCompute(0)) {}
    CUTLASS_HOST_DEVICE Params(ElementResidual const* residual_, int64_t ldr_, int rows_)
        : Base::Params(ElementCompute(1), ElementCompute(0)), residual(residual_), ldr(ldr_), rows(rows_) {}
  };

  static int const kWarpsM = ThreadblockShape::kM / WarpShape::kM;
  static int const kWarpsN = ThreadblockShape::kN / WarpShape::kN;
  static int const kTileRows = WarpShape::kM / 16;  // m16n8 tiles down a warp's accumulator

  CUTLASS_HOST_DEVICE explicit B2bSm80FirstResidualOp(Params const& params)
      : Base(params), residual_(params.residual), ldr_(params.ldr), rows_(params.rows) {}

  // R0 at this thread's four values of the warp's m16n8 tile (tile_row, tile_column), in the
  // fragment's order: (g, 2t), (g, 2t + 1), (g + 8, 2t), (g + 8, 2t + 1).
  CUTLASS_DEVICE cutlass::Array<float, 4> at_tile(int tile_row, int tile_column) const {
    int const lane = threadIdx.x % 32;
    int const warp = (threadIdx.x / 32) % (kWarpsM * kWarpsN);
    int const row = blockIdx.x * ThreadblockShape::kM + (warp % kWarpsM) * WarpShape::kM + tile_row * 16 + lane / 4;
    int const column = (warp / kWarpsM) * WarpShape::kN + tile_column * 8 + (lane % 4) * 2;
    using Pair = cutlass::Array<ElementResidual, 2>;
    cutlass::Array<float, 4> values;
    CUTLASS_PRAGMA_UNROLL
    for (int half = 0; half < 2; ++half) {
      int const r = row + half * 8;
      Pair pair;
      pair.clear();
      if (r < rows_) {
        pair = *reinterpret_cast<Pair const*>(residual_ + static_cast<int64_t>(r) * ldr_ + column);
      }
      values[2 * half] = static_cast<float>(pair[0]);
      values[2 * half + 1] = static_cast<float>(pair[1]);
    }
    return values;
  }

  // acc += R0 over a warp's whole accumulator tile (Mma0's FragmentC).
  template <class Element, int Count>
  CUTLASS_DEVICE void add_to(cutlass::Array<Element, Count>& accumulator) const {
    static_assert(Count == WarpShape::kM * WarpShape::kN / 32, "one warp's m16n8 accumulator tile");
    CUTLASS_PRAGMA_UNROLL
    for (int access = 0; access < Count / 4; ++access) {
      cutlass::Array<float, 4> const r = at_tile(access % kTileRows, access / kTileRows);
      CUTLASS_PRAGMA_UNROLL
      for (int i = 0; i < 4; ++i) {
        accumulator[access * 4 + i] += Element(r[i]);
      }
    }
  }

 private:
  ElementResidual const* residual_;
  int64_t ldr_;
  int rows_;
};

}  // namespace boltc

namespace cutlass {
namespace gemm {
namespace warp {

// Register residence: CUTLASS's column-major MmaTensorOpFragmentIterator (the second mainloop's
// A operand, read from the first's accumulators), R0 added to each fragment before the op.
template <typename Shape_, typename AccumulatorShape_, int KBlocksColumn_, typename ElementAccumulator_,
          typename Element_, typename InstructionShape_, class Base, class ElementResidual, class ThreadblockShape,
          class WarpShape>
class MmaTensorOpFragmentIterator<Shape_, AccumulatorShape_, KBlocksColumn_, ElementAccumulator_, Element_,
                                  cutlass::layout::ColumnMajor, InstructionShape_,
                                  boltc::B2bSm80FirstResidualOp<Base, ElementResidual, ThreadblockShape, WarpShape>> {
 public:
  using Shape = Shape_;
  using AccumulatorShape = AccumulatorShape_;
  static int const kKBlockColumn = KBlocksColumn_;
  using ElementAccumulator = ElementAccumulator_;
  using Element = Element_;
  using Layout = cutlass::layout::ColumnMajor;
  using InstructionShape = InstructionShape_;
  using OutputOp = boltc::B2bSm80FirstResidualOp<Base, ElementResidual, ThreadblockShape, WarpShape>;
  static int const kThreads = 32;
  static bool const kAddsFirstStageResidual = true;  // boltc::adds_first_stage_residual reads it

  struct Policy {
    static_assert(!(Shape::kRow % InstructionShape::kM) && !(Shape::kColumn % InstructionShape::kN),
                  "Shape of warp-level Mma must be divisible by operator shape.");
    static_assert(AccumulatorShape::kRow == Shape::kRow, "Rows of Warp Accumulator must be the same as rows of warp");
    static_assert(!(AccumulatorShape::kColumn % Shape::kColumn), "Shape of Warp Accumulator must be divisible by warp shape.");
    static_assert(!(kKBlockColumn % Shape::kColumn), "KBlock size must be divisible by warp shape.");
    static int const kIterations = AccumulatorShape::kCount / Shape::kCount;
  };

 private:
  static int const kElementsPerAccess = InstructionShape::kM * InstructionShape::kN / kThreads;
  static_assert(InstructionShape::kM == 16 && InstructionShape::kN == 8 && kElementsPerAccess == 4,
                "B2bSm80FirstResidualOp::at_tile reads the m16n8 C fragment");
  static_assert(AccumulatorShape::kRow == WarpShape::kM && AccumulatorShape::kColumn == WarpShape::kN,
                "the accumulator is the first mainloop's warp tile");

  using MmaIterations = MatrixShape<Shape::kRow / InstructionShape::kM, Shape::kColumn / InstructionShape::kN>;
  using AccumulatorIterations =
      MatrixShape<AccumulatorShape::kRow / InstructionShape::kM, AccumulatorShape::kColumn / InstructionShape::kN>;
  static int const kKBlockIterations = (AccumulatorShape::kColumn + kKBlockColumn - 1) / kKBlockColumn;
  static int const kResidualColumn = AccumulatorShape::kColumn - (kKBlockIterations - 1) * kKBlockColumn;
  static int const kKBlockColumnIterations = kKBlockColumn / Shape::kColumn * (AccumulatorShape::kRow / Shape::kRow);
  static int const kResidualIndex = kResidualColumn / Shape::kColumn * (AccumulatorShape::kRow / Shape::kRow);

 public:
  using Fragment = Array<Element, Shape::kCount / kThreads>;
  using AccumulatorFragment = Array<ElementAccumulator, AccumulatorShape::kCount / kThreads>;
  using ElementScaleBias = typename OutputOp::ElementCompute;
  using ScaleBiasFragment = Array<ElementScaleBias, InstructionShape::kM * InstructionShape::kK / kThreads>;

 private:
  using AccessType = Array<ElementAccumulator, kElementsPerAccess>;
  using FragmentAccessType = Array<Element, kElementsPerAccess>;
  using ScaleBiasAccessType = Array<ElementScaleBias, kElementsPerAccess>;

  AccessType const* accumulators_;
  int index_;
  bool is_residual_tile_;

  // The accumulator access at `offset` with R0 added: tile (offset % rows of tiles, offset / rows of tiles).
  CUTLASS_DEVICE AccessType with_residual(int offset, OutputOp const& output_op) const {
    AccessType accumulator = accumulators_[offset];
    Array<float, 4> const r =
        output_op.at_tile(offset % AccumulatorIterations::kRow, offset / AccumulatorIterations::kRow);
    CUTLASS_PRAGMA_UNROLL
    for (int i = 0; i < kElementsPerAccess; ++i) {
      accumulator[i] += ElementAccumulator(r[i]);
    }
    return accumulator;
  }

 public:
  CUTLASS_HOST_DEVICE
  MmaTensorOpFragmentIterator(AccumulatorFragment const& accum)
      : accumulators_(reinterpret_cast<AccessType const*>(&accum)), index_(0), is_residual_tile_(true) {}

  CUTLASS_HOST_DEVICE
  void add_offset(int index_offset) {
    index_ += index_offset;
    if (is_residual_tile_ && index_ >= kKBlockColumnIterations) {
      index_ = index_ - kKBlockColumnIterations + kResidualIndex;
      is_residual_tile_ = false;
    }
  }

  CUTLASS_HOST_DEVICE
  MmaTensorOpFragmentIterator& operator++() {
    add_offset(1);
    return *this;
  }

  CUTLASS_HOST_DEVICE
  MmaTensorOpFragmentIterator& operator--() {
    add_offset(-1);
    return *this;
  }

  // CUTLASS's load loops, each access through `finish(n, accumulator with R0)`.
  template <class Finish>
  CUTLASS_DEVICE void load_with(Fragment& frag, OutputOp const& output_op, Finish finish) const {
    FragmentAccessType* frag_ptr = reinterpret_cast<FragmentAccessType*>(&frag);
    int index = index_ * MmaIterations::kCount;
    CUTLASS_PRAGMA_UNROLL
    for (int n = 0; n < MmaIterations::kColumn; n++) {
      CUTLASS_PRAGMA_UNROLL
      for (int m = 0; m < MmaIterations::kRow; m++) {
        int accumulator_access_offset = n * AccumulatorIterations::kRow + m + index;
        frag_ptr[m * MmaIterations::kColumn + n].clear();
        if (!(is_residual_tile_ && index_ >= kResidualIndex))
          frag_ptr[m * MmaIterations::kColumn + n] = finish(n, with_residual(accumulator_access_offset, output_op));
      }
    }
  }

  CUTLASS_DEVICE
  void load(Fragment& frag, OutputOp output_op) const {
    load_with(frag, output_op, [&](int, AccessType const& accumulator) { return output_op(accumulator); });
  }

  CUTLASS_DEVICE
  void load(Fragment& frag, ScaleBiasFragment& scale, ScaleBiasFragment& bias, OutputOp output_op) const {
    ScaleBiasAccessType* scale_ptr = reinterpret_cast<ScaleBiasAccessType*>(&scale);
    ScaleBiasAccessType* bias_ptr = reinterpret_cast<ScaleBiasAccessType*>(&bias);
    load_with(frag, output_op, [&](int n, AccessType const& accumulator) {
      return output_op(accumulator, scale_ptr[n], bias_ptr[n]);
    });
  }
};

}  // namespace warp
}  // namespace gemm

namespace epilogue {
namespace threadblock {

// Shared-memory residence: CUTLASS's EpilogueSmemAccumulator for the stage's own op, run on the
// warp's accumulator tile with R0 added.
template <typename SmemTileIterator_, typename AccumulatorFragmentIterator_, typename ScaleBiasIterator_, class Base,
          class ElementResidual, class ThreadblockShape, class WarpShape>
class EpilogueSmemAccumulator<SmemTileIterator_, AccumulatorFragmentIterator_, ScaleBiasIterator_,
                              boltc::B2bSm80FirstResidualOp<Base, ElementResidual, ThreadblockShape, WarpShape>>
    : public EpilogueSmemAccumulator<SmemTileIterator_, AccumulatorFragmentIterator_, ScaleBiasIterator_, Base> {
 public:
  using Parent = EpilogueSmemAccumulator<SmemTileIterator_, AccumulatorFragmentIterator_, ScaleBiasIterator_, Base>;
  using OutputOp = boltc::B2bSm80FirstResidualOp<Base, ElementResidual, ThreadblockShape, WarpShape>;
  static bool const kAddsFirstStageResidual = true;  // boltc::adds_first_stage_residual reads it
  using typename Parent::AccumulatorTile;
  using typename Parent::ScaleBiasIterator;
  using typename Parent::SmemTileIterator;
  static_assert(AccumulatorFragmentIterator_::OperatorShape::kM == 16 && AccumulatorFragmentIterator_::OperatorShape::kN == 8,
                "B2bSm80FirstResidualOp::at_tile reads the m16n8 C fragment");

  CUTLASS_DEVICE EpilogueSmemAccumulator() {}

  CUTLASS_DEVICE void operator()(OutputOp const& output_op, SmemTileIterator smem_iterator,
                                 AccumulatorTile const& accumulator, ScaleBiasIterator scale_iterator,
                                 ScaleBiasIterator bias_iterator) {
    AccumulatorTile with_residual = accumulator;
    output_op.add_to(with_residual);
    Parent::operator()(static_cast<Base const&>(output_op), smem_iterator, with_residual, scale_iterator, bias_iterator);
  }

  CUTLASS_DEVICE void operator()(OutputOp const& output_op, SmemTileIterator smem_iterator,
                                 AccumulatorTile const& accumulator) {
    AccumulatorTile with_residual = accumulator;
    output_op.add_to(with_residual);
    Parent::operator()(static_cast<Base const&>(output_op), smem_iterator, with_residual);
  }
};

}  // namespace threadblock
}  // namespace epilogue
}  // namespace cutlass

namespace boltc {

// Whether a b2b mainloop (B2bMma) runs its first stage through one of the specializations above
// (its FragmentIteratorA1 in registers, its Epilogue0 in shared memory): the emitted TU asserts
// it, so an instantiation that picked CUTLASS's own (which would call the op's base and drop
// R0) fails to compile instead of computing without the residual.
template <class T, class = void>
struct marked_first_stage_residual : std::false_type {};
template <class T>
struct marked_first_stage_residual<T, std::void_t<decltype(T::kAddsFirstStageResidual)>>
    : std::bool_constant<T::kAddsFirstStageResidual> {};

template <class Mma, class = void>
struct register_first_stage_residual : std::false_type {};
template <class Mma>
struct register_first_stage_residual<Mma, std::void_t<typename Mma::FragmentIteratorA1>>
    : marked_first_stage_residual<typename Mma::FragmentIteratorA1> {};

template <class Mma, class = void>
struct shared_memory_first_stage_residual : std::false_type {};
template <class Mma>
struct shared_memory_first_stage_residual<Mma, std::void_t<typename Mma::Epilogue0>>
    : marked_first_stage_residual<typename Mma::Epilogue0> {};

template <class Mma>
constexpr bool adds_first_stage_residual =
    register_first_stage_residual<Mma>::value || shared_memory_first_stage_residual<Mma>::value;

}  // namespace boltc
