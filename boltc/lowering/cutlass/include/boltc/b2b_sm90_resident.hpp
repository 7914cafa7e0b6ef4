// boltc: a Hopper back-to-back GEMM whose second weight stays in shared memory
// (b2b_gemm_sm90 "resident", boltc/lowering/cutlass/b2b_sm90.py).
//
//   D = act1(act0(A W0 + bias0 [+ R0]) W1 + bias1 [+ R])    A: M x K0, W0: K0 x N0, W1: N0 x N1
//
// for the chains Bolt fuses: large M, small N0 and N1 (N0, N1 <= 256), where the pair is
// bound by reading A and writing D. One CTA per SM walks 64-row tiles of M (persistent,
// round-robin), its two consumer warpgroups taking turns (ping-pong: one's epilogue and
// second GEMM overlap the other's first GEMM). Per tile, in one consumer warpgroup:
// - the first GEMM is CUTLASS's own sm_90 mainloop (CollectiveMma, TMA warp-specialized: a
//   producer warp streams k-blocks of A and W0 through `Stages` shared-memory slots, the
//   tiles of both warpgroups in turn), its accumulator 64 x TileN0 in registers (N0 whole: no
//   loop over N0);
// - bias0 (and, with kHasResidual0, a residual R0 [M, N0] of the first product's type, copied
//   into the D staging buffer by 16-byte cp.async, issued as the warpgroup's tile before ends
//   and in flight under the other warpgroup's GEMMs and this one's first, read back in
//   wgmma's layout) and act0 in registers, the product rounded to the element type in
//   registers and fed as the register-sourced A operand of the second wgmma
//   (`make_acc_into_op`, example 88's);
// - W1 (TileN0 x TileN1) was loaded once per CTA, by TMA, before the first tile: it is the
//   second wgmma's B from shared memory for every tile;
// - bias1 (and, with kHasResidual, a residual R [M, N1] of D's type, copied into the D staging
//   buffer by 16-byte cp.async as R0 is, or under the second GEMM only where R0 held the
//   buffer during the first, read back in wgmma's layout) and act1 in registers, D staged
//   through shared memory and stored in 16-byte rows (predicated on M and N1).
// The producer runs ahead of the consumers by `Stages` k-blocks, across tiles, so the next
// tile's A streams in while this tile's second GEMM and epilogue run: the HBM stream of A
// never waits for the epilogue.
//
// Against the example-88 kernel (b2b_sm90_collective.hpp), which loops over N0 in blocks and
// reloads both weights for every tile, with one A tile per warpgroup in flight and the two
// warpgroups' epilogues serialized by example 88's order barrier: this one needs N0 <= 256
// but takes any K0 (a k-loop), and keeps A's loads running across tiles.
//
// The first GEMM is a policy (FirstStage below): GemmFirstStage, CUTLASS's GEMM mainloop over
// a row-major A (b2b_gemm_sm90), or ConvFirstStage, CUTLASS's implicit-GEMM convolution
// mainloop (TMA im2col loads of an NHWC activation, a KRSC filter: the conv_sm90 family's
// collective), whose M = N*P*Q output pixels are the rows of D: a convolution followed by a
// 1x1, stride-1, unpadded convolution is this kernel with W1 the second filter, [F1, F0]
// (b2b_conv_sm90). Both collectives have the same load_init / load / mma / mma_tail
// interface, which is all the kernel body uses of them.
#pragma once

#include "cutlass/cutlass.h"
#include "cutlass/arch/barrier.h"
#include "cutlass/arch/memory_sm80.h"
#include "cutlass/arch/reg_reconfig.h"
#include "cutlass/epilogue/thread/activation.h"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/conv/collective/collective_builder.hpp"
#include "cutlass/conv/convnd_problem_shape.hpp"
#include "cutlass/conv/dispatch_policy.hpp"
#include "cutlass/gemm/dispatch_policy.hpp"
#include "cutlass/kernel_hardware_info.h"
#include "cutlass/pipeline/pipeline.hpp"
#include "cute/tensor.hpp"

#include "88_hopper_fmha/collective/fmha_common.hpp"

namespace boltc::b2b_sm90_resident {

using namespace cute;

// One consumer warpgroup's tile of the first GEMM: 64 rows (the two warpgroups take turns).
constexpr int kBlockM = 64;

// W0's shared-memory slots where it is resident: one a k-block, at least two (the collectives'
// rule for their stage count, whose B layout the slots take).
template <int ResidentKTiles>
constexpr int kW0Slots = ResidentKTiles > 2 ? ResidentKTiles : 2;

// The first GEMM of a b2b_gemm_sm90 chain: A (M x K0, row-major) times W0 (strides
// StrideW0_: (N0, K0, L)), CUTLASS's ping-pong mainloop (one warpgroup's 64-row tile).
template <class Element_, int TileK_, int TileN0_, class StrideW0_, int Stages_, int ResidentKTiles_>
struct GemmFirstStage {
  using Element = Element_;
  static constexpr int TileK = TileK_;
  static constexpr int TileN0 = TileN0_;
  static constexpr int Stages = Stages_;
  static constexpr int ResidentKTiles = ResidentKTiles_;  // see B2bResident's kW0Resident
  static constexpr int Alignment = 16 / sizeof(Element);  // TMA: 16-byte strides
  using StrideA = cute::Stride<int64_t, cute::_1, int64_t>;
  using StrideW0 = StrideW0_;
  using TileShape = Shape<Int<kBlockM>, Int<TileN0>, Int<TileK>>;
  template <int StageCount>
  using MainloopWith = typename cutlass::gemm::collective::CollectiveBuilder<
      cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp,
      Element, StrideA, Alignment, Element, StrideW0, Alignment, float,
      TileShape, Shape<_1, _1, _1>, cutlass::gemm::collective::StageCount<StageCount>,
      cutlass::gemm::KernelTmaWarpSpecializedPingpong>::CollectiveOp;
  using Mainloop = MainloopWith<Stages>;
  // The same collective with a stage per W0 slot, built for its B layout alone (kW0Slots).
  using MainloopW0 = MainloopWith<kW0Slots<ResidentKTiles>>;
  // (1, 1, M, N0, K0), as b2b_sm90_collective.hpp's kernel takes it.
  using ProblemShape = cute::tuple<int, int, int, int, int>;
  struct Arguments {
    const Element* ptr_A;
    StrideA dA;
    const Element* ptr_W0;
    StrideW0 dW0;
  };
  struct Params {
    typename Mainloop::Params mainloop;
    int m, n0, k0;
  };

  static bool can_implement(ProblemShape const& problem, Arguments const&) {
    int m = get<2>(problem), n0 = get<3>(problem), k0 = get<4>(problem);
    return m > 0 && n0 > 0 && n0 <= TileN0 && k0 > 0 && k0 % Alignment == 0;
  }
  static Params to_underlying_arguments(ProblemShape const& problem, Arguments const& args, void* workspace) {
    int m = get<2>(problem), n0 = get<3>(problem), k0 = get<4>(problem);
    return {Mainloop::to_underlying_arguments(make_shape(m, n0, k0, 1),
                                              typename Mainloop::Arguments{args.ptr_A, args.dA, args.ptr_W0, args.dW0},
                                              workspace),
            m, n0, k0};
  }
  static int k_tiles(ProblemShape const& problem) { return (get<4>(problem) + TileK - 1) / TileK; }
  static int problem_columns(ProblemShape const& problem) { return get<3>(problem); }  // N0
  CUTLASS_HOST_DEVICE static int rows(Params const& params) { return params.m; }
  CUTLASS_HOST_DEVICE static int columns(Params const& params) { return params.n0; }
  CUTLASS_DEVICE static auto problem_shape_mnkl(Params const& params) {
    return make_shape(params.m, params.n0, params.k0, 1);
  }
  CUTLASS_DEVICE static auto block_coord(int tile) { return make_coord(tile, 0, _, 0); }
  // load_init's tiled A and W0, sliced: A's k-blocks of row tile `tile`, (BLK_M, BLK_K, k);
  // W0's k-blocks, (BLK_N, BLK_K, k).
  template <class Inputs>
  CUTLASS_DEVICE static auto a_blocks(Inputs const& inputs, int tile) { return get<0>(inputs)(_, _, tile, _, 0); }
  template <class Inputs>
  CUTLASS_DEVICE static auto w0_blocks(Inputs const& inputs) { return get<1>(inputs)(_, _, 0, _, 0); }
};

// The first GEMM of a b2b_conv_sm90 chain: a 2-D fprop convolution of an NHWC activation
// (C a multiple of Alignment: TMA im2col reads 16-byte rows) with a KRSC filter of N0
// filters, as the implicit GEMM M = N*P*Q, N = N0, K = (C, S, R): CUTLASS's conv mainloop
// built for its non-persistent schedule (one consumer warpgroup's 64-row tile, TiledMma atom
// 1x1x1; the kernel here supplies the persistence). The K tile is a one-mode shape: it
// tiles the (C, S, R) range as one, k-blocks crossing filter taps where C < TileK
// (conv_sm90.py's tile_shape_cute).
template <class Element_, int TileK_, int TileN0_, int Stages_, int ResidentKTiles_>
struct ConvFirstStage {
  using Element = Element_;
  static constexpr int TileK = TileK_;
  static constexpr int TileN0 = TileN0_;
  static constexpr int Stages = Stages_;
  static constexpr int ResidentKTiles = ResidentKTiles_;
  static constexpr int Alignment = 16 / sizeof(Element);
  using TileShape = Shape<Int<kBlockM>, Int<TileN0>, Shape<Int<TileK>>>;
  template <int StageCount>
  using MainloopWith = typename cutlass::conv::collective::CollectiveBuilder<
      cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, cutlass::conv::Operator::kFprop,
      Element, cutlass::layout::TensorNHWC, Alignment, Element, cutlass::layout::TensorNHWC, Alignment, float,
      TileShape, Shape<_1, _1, _1>, cutlass::conv::collective::StageCount<StageCount>,
      cutlass::conv::KernelImplicitTmaWarpSpecializedSm90>::CollectiveOp;
  using Mainloop = MainloopWith<Stages>;
  using MainloopW0 = MainloopWith<kW0Slots<ResidentKTiles>>;  // W0's slots' layout (kW0Slots)
  using ProblemShape = cutlass::conv::ConvProblemShape<cutlass::conv::Operator::kFprop, 2>;
  // (M = N*P*Q, N0, (C, S, R), 1): what the mainloop's load_init takes.
  using ShapeMNKL = decltype(Mainloop::get_problem_shape_MNKL(ProblemShape{}));
  struct Arguments {
    const Element* ptr_A;   // the activation, N x H x W x C
    const Element* ptr_W0;  // the filter, N0 x R x S x C
  };
  struct Params {
    typename Mainloop::Params mainloop;
    ShapeMNKL shape;
  };

  static bool can_implement(ProblemShape const& problem, Arguments const& args) {
    auto shape = Mainloop::get_problem_shape_MNKL(problem);
    int m = get<0>(shape), n0 = get<1>(shape);
    return problem.groups == 1 && m > 0 && n0 > 0 && n0 <= TileN0
        && Mainloop::can_implement(problem, typename Mainloop::Arguments{args.ptr_A, args.ptr_W0});
  }
  static Params to_underlying_arguments(ProblemShape const& problem, Arguments const& args, void* workspace) {
    return {Mainloop::to_underlying_arguments(problem, typename Mainloop::Arguments{args.ptr_A, args.ptr_W0}, workspace),
            Mainloop::get_problem_shape_MNKL(problem)};
  }
  // The k-blocks the mainloop walks: the tiler's division of the (C, S, R) mode by TileK, which
  // is not ceil(C*R*S / TileK) where C < TileK (C = 48, 3x3: 9 blocks, one a tap, not 7), so it
  // is counted on the same tiled shape load_init makes (shapes only: no descriptor is read).
  static int k_tiles(ProblemShape const& problem) {
    auto shape = Mainloop::get_problem_shape_MNKL(problem);
    Tensor tiled = local_tile(make_identity_tensor(make_shape(get<1>(shape), get<2>(shape))), TileShape{},
                              make_coord(_, _, _), Step<Underscore, _1, _1>{});  // (BLK_N, BLK_K, n, k)
    return size<3>(tiled);
  }
  static int problem_columns(ProblemShape const& problem) {  // N0: the filters
    return get<1>(Mainloop::get_problem_shape_MNKL(problem));
  }
  CUTLASS_HOST_DEVICE static int rows(Params const& params) { return get<0>(params.shape); }
  CUTLASS_HOST_DEVICE static int columns(Params const& params) { return get<1>(params.shape); }
  CUTLASS_DEVICE static auto problem_shape_mnkl(Params const& params) { return params.shape; }
  CUTLASS_DEVICE static auto block_coord(int tile) { return make_coord(tile, 0, _, Int<0>{}); }  // no L mode
  template <class Inputs>
  CUTLASS_DEVICE static auto a_blocks(Inputs const& inputs, int tile) { return get<0>(inputs)(_, _, tile, _); }
  template <class Inputs>
  CUTLASS_DEVICE static auto w0_blocks(Inputs const& inputs) { return get<1>(inputs)(_, _, 0, _); }
};

template <
  class FirstStage,        // GemmFirstStage or ConvFirstStage: A, W0 and the first GEMM's mainloop
  int TileN1,              // all of N1
  class StrideW1_,         // W1 as the second GEMM's B, (N1, N0, L) strides
  class ElementBias0_, bool kHasBias0, class Activation0,
  class ElementBias1_, bool kHasBias1, class Activation1,
  bool kHasResidual = false,   // D = act1(... + bias1 + R): R an [M, N1] tensor of D's type
  bool kHasResidual0 = false>  // D0 = act0(A W0 + bias0 + R0): R0 an [M, N0] tensor of D0's (D's) type
struct B2bResident {
  using First = FirstStage;
  using Element = typename FirstStage::Element;
  using ElementBias0 = ElementBias0_;
  using ElementBias1 = ElementBias1_;
  static constexpr bool HasBias0 = kHasBias0;
  static constexpr bool HasBias1 = kHasBias1;
  static constexpr bool HasResidual = kHasResidual;
  static constexpr bool HasResidual0 = kHasResidual0;
  static constexpr int BlockM = kBlockM;
  static constexpr int TileN0 = FirstStage::TileN0;
  static constexpr int Alignment = 16 / sizeof(Element);  // TMA: 16-byte strides
  using StrideA = cute::Stride<int64_t, cute::_1, int64_t>;
  using StrideW1 = StrideW1_;
  using ClusterShape = Shape<_1, _1, _1>;  // also what device_universal.hpp's launch reads
  using ArchTag = cutlass::arch::Sm90;
  using TileShape0 = typename FirstStage::TileShape;
  using TileShape1 = Shape<Int<BlockM>, Int<TileN1>, Int<TileN0>>;

  using Mainloop0 = typename FirstStage::Mainloop;
  // The second GEMM's collective is built only for its types: the wgmma (made register-
  // sourced below), W1's shared-memory layout and W1's TMA. Its A (the first product) never
  // goes through memory; its pipeline is never made.
  using Mainloop1 = typename cutlass::gemm::collective::CollectiveBuilder<
      cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp,
      Element, StrideA, Alignment, Element, StrideW1, Alignment, float,
      TileShape1, ClusterShape, cutlass::gemm::collective::StageCount<2>,
      cutlass::gemm::KernelTmaWarpSpecializedPingpong>::CollectiveOp;

  // W0 resident: loaded once per CTA, ResidentKTiles k-blocks of TileN0 x TileK, by TMA (the
  // collective's own W0 descriptor), and every tile's first GEMM reads it from there; only A
  // streams through the pipeline. Else the collective's load and mma stream both per tile.
  // W0 re-streamed per 64-row tile is as much L2 -> SM traffic as A itself wherever N0 is
  // about 64 (a 3x3 convolution of 64 channels: 73 KB of filter per tile, 73 KB of im2col A).
  static constexpr int ResidentKTiles = FirstStage::ResidentKTiles;
  static constexpr bool kW0Resident = ResidentKTiles > 0;
  using SmemLayoutA = typename Mainloop0::SmemLayoutA;                            // (BLK_M, BLK_K, Stages)
  using SmemLayoutW0 = typename FirstStage::MainloopW0::SmemLayoutB;              // (BLK_N, BLK_K, k-blocks)
  static constexpr uint32_t kABytes = size<0>(SmemLayoutA{}) * size<1>(SmemLayoutA{}) * sizeof(Element);
  static constexpr uint32_t kW0BlockBytes = size<0>(SmemLayoutW0{}) * size<1>(SmemLayoutW0{}) * sizeof(Element);

  using TiledMma0 = typename Mainloop0::TiledMma;
  using TiledMma1 = decltype(cutlass::fmha::collective::convert_to_gmma_rs(typename Mainloop1::TiledMma{}));
  using SmemLayoutW1 = decltype(cutlass::fmha::collective::unstageSmemLayout(typename Mainloop1::SmemLayoutB{}, _1{}));
  static constexpr uint32_t kW1Bytes = Mainloop1::TmaTransactionBytesNK;

  using MainloopPipeline = typename Mainloop0::MainloopPipeline;
  using PipelineState = typename Mainloop0::PipelineState;
  // The two consumer warpgroups' first GEMMs take turns, as in CUTLASS's ping-pong kernel: a
  // warpgroup waits on a stage's full barrier only after the other has waited on every stage
  // of its tile, so that no wait is more than one phase ahead of the barrier (a wait two
  // phases ahead passes at once: mbarrier parity). Without it a tile of more k-blocks than
  // stages (K0 = 576: 9 blocks, 8 stages) read stages not yet loaded.
  using MathOrderBarrier = cutlass::OrderedSequenceBarrier<1, 2>;

  static constexpr uint32_t NumProducerThreads = cutlass::NumThreadsPerWarpGroup;
  static constexpr uint32_t NumMmaThreads = 2 * cutlass::NumThreadsPerWarpGroup;
  static constexpr uint32_t MaxThreadsPerBlock = NumProducerThreads + NumMmaThreads;
  static constexpr uint32_t MinBlocksPerMultiprocessor = 1;
  static constexpr uint32_t LoadRegisterRequirement = 40;
  static constexpr uint32_t MmaRegisterRequirement = 232;

  // Biases held in registers for the consumer's life. A thread's accumulator columns are the
  // same on every tile, so its biases are read once, before the first tile, instead of a
  // predicated 2-byte global load and its 64-bit address per element per tile (ncu on the
  // H200, 2026-11-29: 820 instructions a warp per tile in the stem chain's consumer loop, 537 of
  // them the two epilogues, 64 of those LDGs; the 112x112 stem chain at 47 tiles an SM issued
  // 20 M instructions). In wgmma's accumulator layout (CLayout_64xN: values (2, 2, N/8) at
  // column +1, row +8, column +8) values i and i ^ 2 share a column, so N/4 floats a thread
  // hold a tile's biases. Kept there where they fit beside the accumulators (the first product,
  // its rounded copy, D: N0/2 + N0/4 + N1/2) and kBiasHeadroom registers for addresses and
  // coordinates; else read per tile as before.
  static constexpr int kBiasHeadroom = 56;  // b2b_sm90.py's REGISTER_HEADROOM
  static constexpr int kBias0Slots = kHasBias0 ? TileN0 / 4 : 0;
  static constexpr int kBias1Slots = kHasBias1 ? TileN1 / 4 : 0;
  static constexpr bool kBiasInRegisters =
      TileN0 / 2 + TileN0 / 4 + TileN1 / 2 + kBias0Slots + kBias1Slots + kBiasHeadroom <= int(MmaRegisterRequirement);
  // Value i of a 64 x N accumulator -> its column's slot (i and i ^ 2 share one).
  CUTLASS_DEVICE static constexpr int column_slot(int i) { return (i & 1) | ((i >> 2) << 1); }

  // A thread's biases for the accumulator whose value i sits at column get<1>(columns(i)): one
  // a column slot, zero past n.
  template <int Slots, class ElementBias, class Columns>
  CUTLASS_DEVICE static void hold_biases(float (&held)[Slots], Columns const& columns, ElementBias const* bias, int n) {
    CUTLASS_PRAGMA_UNROLL
    for (int i = 0; i < 2 * Slots; ++i) {
      int column = get<1>(columns(i));
      if ((i & 2) == 0) {
        held[column_slot(i)] = column < n ? static_cast<float>(bias[column]) : 0.0f;
      }
    }
  }

  // Each consumer warpgroup's D tile, rows padded by 16 bytes (the wgmma layout's writes then
  // hit 32 distinct banks: 8 rows x 4 threads per warp, for any width a multiple of 16). With
  // kHasResidual0 the same buffer holds the tile of R0 first: as wide as the wider of the two
  // (b2b_sm90.py's shared_memory_bytes counts the same).
  static constexpr int kStagedWidth = kHasResidual0 && TileN0 > TileN1 ? TileN0 : TileN1;
  static constexpr int kStagedRow = kStagedWidth + 8;
  static constexpr int kStagedElements = BlockM * kStagedRow;

  struct SharedStorage {
    // The swizzled layouts repeat every 1024 bytes: both tensors start on such a boundary.
    struct alignas(1024) W1Storage {
      cute::array_aligned<Element, cute::cosize_v<SmemLayoutW1>, 1024> smem_w1;
    } w1;
    struct ResidentW0Tensors {
      cute::array_aligned<Element, cute::cosize_v<SmemLayoutW0>, 1024> smem_w0;
      cute::array_aligned<Element, cute::cosize_v<SmemLayoutA>, 1024> smem_a;
    };
    struct alignas(1024) MainloopStorage {
      cute::conditional_t<kW0Resident, ResidentW0Tensors, typename Mainloop0::TensorStorage> tensors;
    } mainloop;
    typename MainloopPipeline::SharedStorage pipeline;
    typename MathOrderBarrier::SharedStorage math_order;
    alignas(16) Element staged_d[2][kStagedElements];
    alignas(8) uint64_t w1_full;  // the one-shot barrier of W1's TMA load
    alignas(8) uint64_t w0_full;  // W0's, where it is resident
  };
  static constexpr int SharedStorageSize = sizeof(SharedStorage);

  struct MainloopArguments {
    typename FirstStage::Arguments first;  // A and W0
    const Element* ptr_W1;
    StrideW1 dW1;
    const ElementBias0* ptr_bias0;  // N0 values; unread without kHasBias0
    int n1;
  };
  struct EpilogueArguments {
    Element* ptr_D;
    int64_t ldd;
    const ElementBias1* ptr_bias1;  // N1 values; unread without kHasBias1
    int n1;
    const Element* ptr_residual = nullptr;  // [M, N1], row stride ldr; unread without kHasResidual
    int64_t ldr = 0;
    const Element* ptr_residual0 = nullptr;  // [M, N0], row stride ldr0; unread without kHasResidual0
    int64_t ldr0 = 0;
  };
  // The first stage's: (1, 1, M, N0, K0) for a GEMM, the ConvProblemShape for a convolution.
  using ProblemShape = typename FirstStage::ProblemShape;
  struct Arguments {
    ProblemShape problem_size;
    MainloopArguments mainloop;
    EpilogueArguments epilogue;
    cutlass::KernelHardwareInfo hw_info;
  };
  struct Params {
    int m, n0, n1;
    int tiles;
    int sm_count;
    typename FirstStage::Params first;
    typename Mainloop1::Params mainloop1;  // only its W1 TMA is used
    const ElementBias0* ptr_bias0;
    Element* ptr_D;
    int64_t ldd;
    const ElementBias1* ptr_bias1;
    const Element* ptr_residual;
    int64_t ldr;
    const Element* ptr_residual0;
    int64_t ldr0;
  };

  static bool can_implement(Arguments const& args) {
    int n1 = args.mainloop.n1;
    int n0 = FirstStage::problem_columns(args.problem_size);
    return FirstStage::can_implement(args.problem_size, args.mainloop.first)
        && (!kW0Resident || FirstStage::k_tiles(args.problem_size) <= ResidentKTiles)
        && n1 > 0 && n1 <= TileN1 && args.epilogue.n1 == n1
        && n1 % Alignment == 0 && args.epilogue.ldd % Alignment == 0  // D in 16-byte rows
        && (!kHasResidual || (args.epilogue.ldr >= n1 && args.epilogue.ldr % Alignment == 0))
        // R0 in 16-byte chunks of whole rows: none reaches past N0
        && (!kHasResidual0 || (n0 % Alignment == 0 && args.epilogue.ldr0 >= n0 && args.epilogue.ldr0 % Alignment == 0));
    // No pointer is looked at (the model asks with null pointers at creation); the launch
    // entry point checks the bias pointers.
  }

  static size_t get_workspace_size(Arguments const&) { return 0; }
  static cutlass::Status initialize_workspace(Arguments const&, void* = nullptr, cudaStream_t = nullptr) {
    return cutlass::Status::kSuccess;
  }

  static Params to_underlying_arguments(Arguments const& args, void* workspace) {
    auto first = FirstStage::to_underlying_arguments(args.problem_size, args.mainloop.first, workspace);
    int m = FirstStage::rows(first), n0 = FirstStage::columns(first);
    int n1 = args.mainloop.n1;
    // (M, N1, N0): the collective wants an A descriptor too, never used (the first product
    // comes from registers): D's pointer, rows of TileN0 elements, stands in (a convolution
    // has no row-major A to give).
    auto params1 = Mainloop1::to_underlying_arguments(
        make_shape(m, n1, n0, 1),
        typename Mainloop1::Arguments{args.epilogue.ptr_D, StrideA{int64_t(TileN0), {}, 0},
                                      args.mainloop.ptr_W1, args.mainloop.dW1},
        workspace);
    int tiles = (m + BlockM - 1) / BlockM;
    return Params{m, n0, n1, tiles, args.hw_info.sm_count, first, params1,
                  args.mainloop.ptr_bias0, args.epilogue.ptr_D, args.epilogue.ldd, args.epilogue.ptr_bias1,
                  args.epilogue.ptr_residual, args.epilogue.ldr, args.epilogue.ptr_residual0, args.epilogue.ldr0};
  }

  static dim3 get_grid_shape(Params const& params) {
    int ctas = params.sm_count > 0 && params.sm_count < params.tiles ? params.sm_count : params.tiles;
    return dim3(ctas, 1, 1);
  }
  static dim3 get_block_shape() { return dim3(MaxThreadsPerBlock, 1, 1); }

  // A residual's tile into a consumer warpgroup's staging buffer: `rows` rows (the tile's rows
  // within M) of `n` columns (n, ld and the rows' starts 16-byte aligned: can_implement) from
  // `src`, its rows `ld` elements apart, 16-byte cp.async by rows as D leaves the buffer; zero
  // in the rest of the buffer's BlockM x Width (cp.async's zero fill: nothing is read there),
  // so that columns past N0 add nothing to act0's padding columns. Committed as one group; the
  // caller waits for it (cp_async_wait, then the warpgroup's barrier) before reading it back.
  // A thread's chunk column is the same on every pass, its rows kRowsPerPass apart: one
  // address, one column test, and a row test per pass (4 passes where Width = 64). Where the
  // chunks of a row do not divide the warpgroup (Width = 48, 80, 96...), the threads past
  // kRowsPerPass whole rows sit out (2 of 128 where Width = 48) rather than each chunk paying a
  // division and a 64-bit address.
  template <int Width>
  CUTLASS_DEVICE static void copy_tile_async(Element* staged, Element const* src, int64_t ld, int n, int rows,
                                             int thread) {
    constexpr int kChunks = Width / Alignment;
    static_assert(kChunks <= cutlass::NumThreadsPerWarpGroup, "a row is at most one 16-byte chunk a thread");
    static_assert(Width <= kStagedWidth, "the staging buffer holds the tile");
    constexpr int kRowsPerPass = cutlass::NumThreadsPerWarpGroup / kChunks;
    constexpr int kPasses = (BlockM + kRowsPerPass - 1) / kRowsPerPass;
    int chunk_row = thread / kChunks;
    int chunk_column = (thread % kChunks) * Alignment;
    if (chunk_row < kRowsPerPass) {
      bool column_in = chunk_column < n;
      const Element* in = src + static_cast<int64_t>(chunk_row) * ld + chunk_column;
      int64_t pass_stride = static_cast<int64_t>(kRowsPerPass) * ld;
      CUTLASS_PRAGMA_UNROLL
      for (int pass = 0; pass < kPasses; ++pass) {
        int row = chunk_row + pass * kRowsPerPass;
        // (the last pass reaches past the buffer's BlockM rows where kRowsPerPass does not divide it)
        if ((pass + 1) * kRowsPerPass <= BlockM || row < BlockM) {
          cutlass::arch::cp_async_zfill<16>(staged + row * kStagedRow + chunk_column, in, column_in && row < rows);
        }
        in += pass_stride;
      }
    }
    cutlass::arch::cp_async_fence();
  }

  // The first GEMM of one tile with W0 resident: k-block k of A from the pipeline's stage,
  // of W0 from its own slot; one batch of wgmmas in flight, each stage released once the
  // batch after it is issued (the collective's mma does the same with K_PIPE_MMAS = 1).
  template <class Accumulator>
  CUTLASS_DEVICE static void resident_w0_mma(TiledMma0& tiled_mma, int thread_idx, MainloopPipeline& pipeline,
                                             PipelineState state, Accumulator& acc, int k_tiles,
                                             SharedStorage& storage, bool& w0_ready) {
    Tensor sA = make_tensor(make_smem_ptr(storage.mainloop.tensors.smem_a.data()), SmemLayoutA{});
    Tensor sW0 = make_tensor(make_smem_ptr(storage.mainloop.tensors.smem_w0.data()), SmemLayoutW0{});
    auto thr_mma = tiled_mma.get_thread_slice(thread_idx);
    Tensor tCrA = thr_mma.make_fragment_A(thr_mma.partition_A(sA));    // (MMA, MMA_M, MMA_K, Stages)
    Tensor tCrW0 = thr_mma.make_fragment_B(thr_mma.partition_B(sW0));  // (MMA, MMA_N, MMA_K, k-blocks)
    if (!w0_ready) {
      cutlass::arch::ClusterTransactionBarrier::wait(&storage.w0_full, 0);
      w0_ready = true;
    }
    tiled_mma.accumulate_ = GMMA::ScaleOut::Zero;
    warpgroup_fence_operand(acc);
    PipelineState release = state;
    for (int k = 0; k < k_tiles; ++k) {
      pipeline.consumer_wait(state);
      warpgroup_arrive();
      CUTLASS_PRAGMA_UNROLL
      for (int kb = 0; kb < size<2>(tCrA); ++kb) {
        cute::gemm(tiled_mma, tCrA(_, _, kb, state.index()), tCrW0(_, _, kb, k), acc);
        tiled_mma.accumulate_ = GMMA::ScaleOut::One;
      }
      warpgroup_commit_batch();
      ++state;
      if (k > 0) {
        warpgroup_wait<1>();  // the batch before this one is done: its stage is free
        pipeline.consumer_release(release);
        ++release;
      }
    }
    warpgroup_wait<0>();
    pipeline.consumer_release(release);
    warpgroup_fence_operand(acc);
  }

  CUTLASS_DEVICE
  void operator()(Params const& params, char* smem) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    auto& storage = *reinterpret_cast<SharedStorage*>(smem);
    int thread_idx = int(threadIdx.x);
    int warp_idx = cutlass::canonical_warp_idx_sync();
    int warp_group_idx = cutlass::canonical_warp_group_idx();
    int warp_idx_in_group = warp_idx % cutlass::NumWarpsPerWarpGroup;
    int lane_predicate = cute::elect_one_sync();
    bool producer = warp_group_idx == 0;

    if (warp_idx == 0 && lane_predicate) {
      cute::prefetch_tma_descriptor(params.first.mainloop.tma_load_a.get_tma_descriptor());
      cute::prefetch_tma_descriptor(params.first.mainloop.tma_load_b.get_tma_descriptor());
      cute::prefetch_tma_descriptor(params.mainloop1.tma_load_b.get_tma_descriptor());
      cutlass::arch::ClusterTransactionBarrier::init(&storage.w1_full, 1);
      cutlass::arch::ClusterTransactionBarrier::init(&storage.w0_full, 1);
    }

    typename MainloopPipeline::Params pipeline_params;
    pipeline_params.role = producer && warp_idx_in_group == 0 ? MainloopPipeline::ThreadCategory::Producer
                         : producer ? MainloopPipeline::ThreadCategory::NonParticipant
                                    : MainloopPipeline::ThreadCategory::Consumer;
    pipeline_params.is_leader = thread_idx % cutlass::NumThreadsPerWarpGroup == 0;
    pipeline_params.num_consumers = cutlass::NumThreadsPerWarpGroup;  // a stage is one warpgroup's
    pipeline_params.transaction_bytes = kW0Resident ? kABytes : params.first.mainloop.tma_transaction_bytes;
    MainloopPipeline pipeline(storage.pipeline, pipeline_params, ClusterShape{});
    typename MathOrderBarrier::Params order_params;
    order_params.group_id = producer ? 0 : warp_group_idx - 1;  // the producer never waits or arrives
    order_params.group_size = cutlass::NumThreadsPerWarpGroup;
    MathOrderBarrier math_order(storage.math_order, order_params);
    __syncthreads();  // the barriers' initialization is visible to every warp

    Mainloop0 mainloop0;
    // The first GEMM's global tensors, tiled (A, W0: (tile, k-block, m, k[, l]) views, made
    // from the TMA descriptors: no memory is read); every role counts the k-blocks on them.
    auto load_inputs = mainloop0.load_init(FirstStage::problem_shape_mnkl(params.first), params.first.mainloop);
    int k_tiles = size<3>(get<0>(load_inputs));

    if (producer) {
      cutlass::arch::warpgroup_reg_dealloc<LoadRegisterRequirement>();
      if (warp_idx_in_group != 0) {
        return;
      }
      if (lane_predicate) {  // W1, once: the second GEMM's B for every tile of this CTA
        cutlass::arch::ClusterTransactionBarrier::arrive_and_expect_tx(&storage.w1_full, kW1Bytes);
        Tensor mW1 = params.mainloop1.tma_load_b.get_tma_tensor(make_shape(params.n1, params.n0, 1));
        Tensor gW1 = local_tile(mW1, TileShape1{}, make_coord(_, _, _), Step<Underscore, _1, _1>{});  // (N1,N0,n,k,l)
        Tensor sW1 = make_tensor(make_smem_ptr(storage.w1.smem_w1.data()), SmemLayoutW1{});        // (N1,N0,1)
        auto tma = params.mainloop1.tma_load_b.get_slice(0);
        copy(params.mainloop1.tma_load_b.with(storage.w1_full, 0), tma.partition_S(gW1(_, _, 0, 0, 0)),
             tma.partition_D(sW1(_, _, 0)));
      }
      PipelineState write_state = cutlass::make_producer_start_state<MainloopPipeline>();
      if constexpr (kW0Resident) {
        if (lane_predicate) {
          auto tma_a = params.first.mainloop.tma_load_a.get_slice(0);
          auto tma_w0 = params.first.mainloop.tma_load_b.get_slice(0);
          Tensor sA = make_tensor(make_smem_ptr(storage.mainloop.tensors.smem_a.data()), SmemLayoutA{});
          Tensor sW0 = make_tensor(make_smem_ptr(storage.mainloop.tensors.smem_w0.data()), SmemLayoutW0{});
          Tensor tAsA = tma_a.partition_D(sA);                                        // (TMA, TMA_M, TMA_K, Stages)
          // k-block coordinates as the collective walks them: A's k-mode coordinates, used for
          // W0 as well (a convolution's K is the (C, S, R) range; an index into each tensor's
          // own k mode read A's and W0's blocks in different orders where C < TileK).
          auto k_coords = cute::make_coord_iterator(shape<3>(get<0>(load_inputs)));
          // W0, once: every k-block into its own slot, one barrier for all of them.
          cutlass::arch::ClusterTransactionBarrier::arrive_and_expect_tx(&storage.w0_full, k_tiles * kW0BlockBytes);
          Tensor tWgW0 = tma_w0.partition_S(FirstStage::w0_blocks(load_inputs));      // (TMA, TMA_N, TMA_K, k)
          Tensor tWsW0 = tma_w0.partition_D(sW0);                                     // (TMA, TMA_N, TMA_K, k-blocks)
          auto w0_k = k_coords;
          for (int k = 0; k < k_tiles; ++k, ++w0_k) {
            copy(params.first.mainloop.tma_load_b.with(storage.w0_full, 0), tWgW0(_, _, _, *w0_k), tWsW0(_, _, _, k));
          }
          for (int tile = blockIdx.x; tile < params.tiles; tile += gridDim.x) {
            Tensor tAgA = tma_a.partition_S(FirstStage::a_blocks(load_inputs, tile));  // (TMA, TMA_M, TMA_K, k)
            auto a_k = k_coords;
            for (int k = 0; k < k_tiles; ++k, ++a_k) {
              pipeline.producer_acquire(write_state);
              copy(params.first.mainloop.tma_load_a.with(*pipeline.producer_get_barrier(write_state), 0),
                   tAgA(_, _, _, *a_k), tAsA(_, _, _, write_state.index()));
              ++write_state;
            }
          }
          pipeline.producer_tail(write_state);
        }
      } else {
        for (int tile = blockIdx.x; tile < params.tiles; tile += gridDim.x) {
          auto k_tile_iter = cute::make_coord_iterator(shape<3>(get<0>(load_inputs)));
          mainloop0.load(params.first.mainloop, pipeline, write_state, load_inputs, FirstStage::block_coord(tile),
                         k_tile_iter, k_tiles, thread_idx, 0, storage.mainloop.tensors);
          write_state.advance(k_tiles);
        }
        mainloop0.load_tail(pipeline, write_state);
      }
      return;
    }

    cutlass::arch::warpgroup_reg_alloc<MmaRegisterRequirement>();
    int mma_thread_idx = thread_idx % cutlass::NumThreadsPerWarpGroup;
    int consumer = warp_group_idx - 1;  // takes the CTA's tiles consumer, consumer + 2, ...

    TiledMma0 tiled_mma0;
    auto thr_mma0 = tiled_mma0.get_thread_slice(mma_thread_idx);
    Tensor tScS = thr_mma0.partition_C(make_identity_tensor(take<0, 2>(TileShape0{})));  // (row, N0 column)

    TiledMma1 tiled_mma1;
    auto thr_mma1 = tiled_mma1.get_thread_slice(mma_thread_idx);
    Tensor sW1 = make_tensor(make_smem_ptr(storage.w1.smem_w1.data()), SmemLayoutW1{});
    Tensor tOrW1 = thr_mma1.make_fragment_B(thr_mma1.partition_B(sW1));                   // (MMA,MMA_N,MMA_K,1)
    Tensor tOcO = thr_mma1.partition_C(make_identity_tensor(take<0, 2>(TileShape1{})));  // (row, N1 column)

    Activation0 activation0;
    Activation1 activation1;
    // The producer loads the CTA's tiles in order, so this warpgroup's stages are every other
    // tile's k-blocks: it skips the other's (advance) before each of its own.
    PipelineState read_state;
    read_state.advance(consumer * k_tiles);
    bool w1_ready = false;
    bool w0_ready = false;

    // This thread's biases, once (kBiasInRegisters); zero past N0 and N1.
    float bias0_held[kBiasInRegisters && kBias0Slots > 0 ? kBias0Slots : 1];
    float bias1_held[kBiasInRegisters && kBias1Slots > 0 ? kBias1Slots : 1];
    if constexpr (kBiasInRegisters && kHasBias0) {
      static_assert(size(decltype(partition_fragment_C(tiled_mma0, take<0, 2>(TileShape0{}))){}) / 2 == kBias0Slots,
                    "a 64 x N0 accumulator holds N0 / 2 values a thread, two a column");
      hold_biases(bias0_held, tScS, params.ptr_bias0, params.n0);
    }
    if constexpr (kBiasInRegisters && kHasBias1) {
      static_assert(size(decltype(partition_fragment_C(tiled_mma1, take<0, 2>(TileShape1{}))){}) / 2 == kBias1Slots,
                    "a 64 x N1 accumulator holds N1 / 2 values a thread, two a column");
      hold_biases(bias1_held, tOcO, params.ptr_bias1, params.n1);
    }

    // D's tile leaves shared memory in 16-byte chunks by rows, as a residual's enters it
    // (copy_tile_async says how the chunks fall).
    constexpr int kChunks = TileN1 / Alignment;
    constexpr int kThreads = cutlass::NumThreadsPerWarpGroup;
    static_assert(kChunks <= kThreads, "a row of D is at most one 16-byte chunk a thread");
    constexpr int kRowsPerPass = kThreads / kChunks;
    constexpr int kPasses = (BlockM + kRowsPerPass - 1) / kRowsPerPass;
    int chunk_row = mma_thread_idx / kChunks;
    int chunk_column = (mma_thread_idx % kChunks) * Alignment;
    bool chunk_active = chunk_row < kRowsPerPass && chunk_column < params.n1;
    Element* staged = storage.staged_d[consumer];

    // A tile's leading residual into this warpgroup's D buffer: R0 where there is one (R then
    // follows once the first epilogue has read R0, under the second GEMM, below), else R. An
    // epilogue reads each thread's pairs back in wgmma's layout. 4-byte loads in wgmma's layout
    // straight from global memory, in the epilogue, ran ResNet-50's bottleneck pair (N1 = 256)
    // at 0.68x the unfused kernels on the H200.
    auto copy_leading_residual = [&](int tile) {
      int row0 = tile * BlockM;
      int rows_in_tile = params.m - row0 < int{BlockM} ? params.m - row0 : int{BlockM};
      if constexpr (kHasResidual0) {
        copy_tile_async<TileN0>(staged, params.ptr_residual0 + static_cast<int64_t>(row0) * params.ldr0, params.ldr0,
                                params.n0, rows_in_tile, mma_thread_idx);
      } else if constexpr (kHasResidual) {
        copy_tile_async<TileN1>(staged, params.ptr_residual + static_cast<int64_t>(row0) * params.ldr, params.ldr,
                                params.n1, rows_in_tile, mma_thread_idx);
      }
    };
    // The first tile's copy here, each later one's at the end of the tile before it (below), so
    // that it is in flight under the other warpgroup's GEMMs as well as this one's first: issued
    // at the tile's start, R0's latency stood exposed where the first GEMM is short (a residual
    // MLP block, K0 = 128: two k-blocks; 0.38 of the memory floor on the H200, 2026-11-29).
    int first_tile = blockIdx.x + consumer * gridDim.x;
    if (first_tile < params.tiles) {
      copy_leading_residual(first_tile);
    }

    for (int tile = first_tile; tile < params.tiles; tile += 2 * gridDim.x) {
      int row0 = tile * BlockM;
      int rows_in_tile = params.m - row0 < int{BlockM} ? params.m - row0 : int{BlockM};
      Tensor acc0 = partition_fragment_C(tiled_mma0, take<0, 2>(TileShape0{}));
      math_order.wait();
      if constexpr (kW0Resident) {
        resident_w0_mma(tiled_mma0, mma_thread_idx, pipeline, read_state, acc0, k_tiles, storage, w0_ready);
        math_order.arrive();
      } else {
        mainloop0.mma(pipeline, read_state, acc0, k_tiles, mma_thread_idx, storage.mainloop.tensors, params.first.mainloop);
        math_order.arrive();
        mainloop0.mma_tail(pipeline, read_state, k_tiles);
      }
      read_state.advance(2 * k_tiles);

      if constexpr (kHasResidual0) {  // every thread's copies landed, then the warpgroup's
        cutlass::arch::cp_async_wait<0>();
        cutlass::arch::NamedBarrier::sync(cutlass::NumThreadsPerWarpGroup, 8 + consumer);
      }
      CUTLASS_PRAGMA_UNROLL
      for (int i = 0; i < size(acc0); i += 2) {  // values 2j, 2j+1: one row's adjacent columns
        float x[2] = {acc0(i), acc0(i + 1)};
        CUTLASS_PRAGMA_UNROLL
        for (int j = 0; j < 2; ++j) {
          if constexpr (kHasBias0 && kBiasInRegisters) {
            x[j] += bias0_held[column_slot(i + j)];
          } else if constexpr (kHasBias0) {
            int column = get<1>(tScS(i + j));
            x[j] += column < params.n0 ? static_cast<float>(params.ptr_bias0[column]) : 0.0f;
          }
        }
        if constexpr (kHasResidual0) {
          // R0's two values at the pair's place, from the staged tile, added in fp32 before
          // act0 as the unfused GEMM's epilogue adds them (zero past N0: copy_tile_async).
          auto residual = *reinterpret_cast<const cutlass::AlignedArray<Element, 2>*>(
              staged + get<0>(tScS(i)) * kStagedRow + get<1>(tScS(i)));
          x[0] += static_cast<float>(residual[0]);
          x[1] += static_cast<float>(residual[1]);
        }
        // Columns past N0 hold act0(0 + 0): W1's rows there are zero-filled by TMA, so they
        // add nothing to D.
        acc0(i) = activation0(x[0]);
        acc0(i + 1) = activation0(x[1]);
      }
      Tensor op1 = cutlass::fmha::collective::make_acc_into_op<Element>(acc0, typename TiledMma1::LayoutA_TV{});

      if (!w1_ready) {
        cutlass::arch::ClusterTransactionBarrier::wait(&storage.w1_full, 0);
        w1_ready = true;
      }
      Tensor acc1 = partition_fragment_C(tiled_mma1, take<0, 2>(TileShape1{}));
      warpgroup_fence_operand(acc1);
      warpgroup_arrive();
      cutlass::fmha::collective::gemm_zero_acc(tiled_mma1, op1, tOrW1(_, _, _, 0), acc1);
      warpgroup_commit_batch();
      if constexpr (kHasResidual0) {
        // Every thread has read its R0 values (they went into op1, the wgmma's operand): the
        // buffer is free for D's writes below, and for R, whose copy runs under this GEMM.
        cutlass::arch::NamedBarrier::sync(cutlass::NumThreadsPerWarpGroup, 8 + consumer);
        if constexpr (kHasResidual) {
          copy_tile_async<TileN1>(staged, params.ptr_residual + static_cast<int64_t>(row0) * params.ldr, params.ldr,
                                  params.n1, rows_in_tile, mma_thread_idx);
        }
      }
      warpgroup_wait<0>();
      warpgroup_fence_operand(acc1);

      // D through shared memory: this warpgroup's 64 x TileN1 tile written in the wgmma layout,
      // then stored row by row in 16-byte vectors (N1 and D's row stride multiples of 8:
      // can_implement). 4-byte pairs straight from the wgmma layout ran the M=128320, N1=96
      // chain 1.5x slower on the H100. Named barriers 8 and 9 (one per warpgroup; CUTLASS's own
      // reserved ones are below 8) order the buffer's writes and reads.
      if constexpr (kHasResidual) {  // every thread's copies landed, then the warpgroup's
        cutlass::arch::cp_async_wait<0>();
        cutlass::arch::NamedBarrier::sync(cutlass::NumThreadsPerWarpGroup, 8 + consumer);
      }
      CUTLASS_PRAGMA_UNROLL
      for (int i = 0; i < size(acc1); i += 2) {  // values 2j, 2j+1: one row's adjacent columns
        int row = get<0>(tOcO(i));
        int column = get<1>(tOcO(i));
        float x0 = acc1(i), x1 = acc1(i + 1);
        if constexpr (kHasBias1 && kBiasInRegisters) {
          x0 += bias1_held[column_slot(i)];
          x1 += bias1_held[column_slot(i + 1)];
        } else if constexpr (kHasBias1) {
          // The pair's two biases in one load (column is even and N1 a multiple of 8: both or
          // neither are in range).
          if (column < params.n1) {
            auto bias = *reinterpret_cast<const cutlass::AlignedArray<ElementBias1, 2>*>(params.ptr_bias1 + column);
            x0 += static_cast<float>(bias[0]);
            x1 += static_cast<float>(bias[1]);
          }
        }
        if constexpr (kHasResidual) {
          // The residual's two values at the pair's place, from the staged tile (where this
          // thread writes D's two below), added in fp32 before act1 as the unfused GEMM's
          // epilogue adds them. Rows and columns past M and N1 hold zeros (copy_tile_async) and
          // are never stored.
          auto residual = *reinterpret_cast<const cutlass::AlignedArray<Element, 2>*>(staged + row * kStagedRow + column);
          x0 += static_cast<float>(residual[0]);
          x1 += static_cast<float>(residual[1]);
        }
        cutlass::AlignedArray<Element, 2> pair;
        pair[0] = static_cast<Element>(activation1(x0));
        pair[1] = static_cast<Element>(activation1(x1));
        *reinterpret_cast<cutlass::AlignedArray<Element, 2>*>(staged + row * kStagedRow + column) = pair;
      }
      cutlass::arch::NamedBarrier::sync(cutlass::NumThreadsPerWarpGroup, 8 + consumer);
      if (chunk_active) {
        int row = chunk_row;
        int column = chunk_column;
        Element* out = params.ptr_D + static_cast<int64_t>(row0 + row) * params.ldd + column;
        int64_t pass_stride = static_cast<int64_t>(kRowsPerPass) * params.ldd;
        int rows_left = rows_in_tile - row;
        CUTLASS_PRAGMA_UNROLL
        for (int pass = 0; pass < kPasses; ++pass) {
          if (pass * kRowsPerPass < rows_left) {
            *reinterpret_cast<uint4*>(out) =
                *reinterpret_cast<const uint4*>(staged + (row + pass * kRowsPerPass) * kStagedRow + column);
          }
          out += pass_stride;
        }
      }
      cutlass::arch::NamedBarrier::sync(cutlass::NumThreadsPerWarpGroup, 8 + consumer);
      // D has left the buffer (every thread's stores read it before the barrier): the next
      // tile's leading residual may land there now.
      if (tile + 2 * static_cast<int>(gridDim.x) < params.tiles) {
        copy_leading_residual(tile + 2 * static_cast<int>(gridDim.x));
      }
    }
#endif
  }
};

// b2b_gemm_sm90's resident kernel: D = act1(act0(A W0 + bias0) W1 + bias1).
template <
  class Element,
  int TileK,               // k-block of the first GEMM (A's and W0's columns per stage)
  int TileN0,              // all of N0 (the first product's columns, the second GEMM's K)
  int TileN1,              // all of N1
  class StrideW0,          // W0 as the first GEMM's B, (N0, K0, L) strides
  class StrideW1,          // W1 as the second GEMM's B, (N1, N0, L) strides
  class ElementBias0, bool kHasBias0, class Activation0,
  class ElementBias1, bool kHasBias1, class Activation1,
  int Stages,
  int ResidentKTiles,      // k-blocks of W0 kept in shared memory (at least K0's); 0: W0 streamed
  bool kHasResidual = false,   // D = act1(... + bias1 + R), R [M, N1] of D's type
  bool kHasResidual0 = false>  // D0 = act0(... + bias0 + R0), R0 [M, N0] of D's type
using B2bResidentKernel = B2bResident<GemmFirstStage<Element, TileK, TileN0, StrideW0, Stages, ResidentKTiles>, TileN1, StrideW1,
                                      ElementBias0, kHasBias0, Activation0, ElementBias1, kHasBias1, Activation1,
                                      kHasResidual, kHasResidual0>;

// b2b_conv_sm90's: output = act1(conv1x1(act0(conv(x, W0) + bias0), W1) + bias1), NHWC; W1 the
// 1x1 filter [N1, 1, 1, N0], N0 contiguous.
template <
  class Element,
  int TileK,               // k-block of the first convolution's (C, S, R) range
  int TileN0,              // all of the first convolution's filters
  int TileN1,              // all of the second's
  class ElementBias0, bool kHasBias0, class Activation0,
  class ElementBias1, bool kHasBias1, class Activation1,
  int Stages,
  int ResidentKTiles,      // k-blocks of W0 kept in shared memory (at least the (C, S, R) range's); 0: streamed
  bool kHasResidual = false,   // output = act1(... + bias1 + R), R NHWC of the output's shape and type
  bool kHasResidual0 = false>  // the first product = act0(... + bias0 + R0), R0 NHWC of its shape, the output's type
using B2bConvResidentKernel = B2bResident<ConvFirstStage<Element, TileK, TileN0, Stages, ResidentKTiles>, TileN1,
                                          cute::Stride<int64_t, cute::_1, int64_t>,
                                          ElementBias0, kHasBias0, Activation0, ElementBias1, kHasBias1, Activation1,
                                          kHasResidual, kHasResidual0>;

// The host's arguments: a stride type's one runtime stride (cute::_1 for the contiguous mode),
// batch stride 0 (b2b_sm90.py's make_arguments: A's and W0's, W1's).
template <class Stride>
Stride make_stride_ld(int64_t ld) {
  Stride stride{};
  cute::for_each(cute::make_seq<2>{}, [&](auto i) {
    if constexpr (cute::is_same_v<cute::remove_cvref_t<decltype(cute::get<i>(stride))>, int64_t>) {
      cute::get<i>(stride) = ld;
    }
  });
  cute::get<2>(stride) = 0;
  return stride;
}

}  // namespace boltc::b2b_sm90_resident
