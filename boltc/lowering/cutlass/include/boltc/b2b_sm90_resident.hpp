// boltc: a Hopper back-to-back GEMM whose second weight stays in shared memory
// (b2b_gemm_sm90 "resident", boltc/lowering/cutlass/b2b_sm90.py).
//
//   D = act1(act0(A W0 + bias0) W1 + bias1)    A: M x K0, W0: K0 x N0, W1: N0 x N1
//
// for the chains Bolt fuses: large M, small N0 and N1 (N0, N1 <= 256), where the pair is
// bound by reading A and writing D. One CTA per SM walks 64-row tiles of M (persistent,
// round-robin), its two consumer warpgroups taking turns (ping-pong: one's epilogue and
// second GEMM overlap the other's first GEMM). Per tile, in one consumer warpgroup:
// - the first GEMM is CUTLASS's own sm_90 mainloop (CollectiveMma, TMA warp-specialized: a
//   producer warp streams k-blocks of A and W0 through `Stages` shared-memory slots, the
//   tiles of both warpgroups in turn), its accumulator 64 x TileN0 in registers (N0 whole: no
//   loop over N0);
// - bias0 and act0 in registers, the product rounded to the element type in registers and fed
//   as the register-sourced A operand of the second wgmma (`make_acc_into_op`, example 88's);
// - W1 (TileN0 x TileN1) was loaded once per CTA, by TMA, before the first tile: it is the
//   second wgmma's B from shared memory for every tile;
// - bias1 and act1 in registers, D staged through shared memory and stored in 16-byte rows
//   (predicated on M and N1).
// The producer runs ahead of the consumers by `Stages` k-blocks, across tiles, so the next
// tile's A streams in while this tile's second GEMM and epilogue run: the HBM stream of A
// never waits for the epilogue.
//
// Against the example-88 kernel (b2b_sm90_collective.hpp), which loops over N0 in blocks and
// reloads both weights for every tile, with one A tile per warpgroup in flight and the two
// warpgroups' epilogues serialized by example 88's order barrier: this one needs N0 <= 256
// but takes any K0 (a k-loop), and keeps A's loads running across tiles.
#pragma once

#include "cutlass/cutlass.h"
#include "cutlass/arch/barrier.h"
#include "cutlass/arch/reg_reconfig.h"
#include "cutlass/epilogue/thread/activation.h"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/gemm/dispatch_policy.hpp"
#include "cutlass/kernel_hardware_info.h"
#include "cutlass/pipeline/pipeline.hpp"
#include "cute/tensor.hpp"

#include "88_hopper_fmha/collective/fmha_common.hpp"

namespace boltc::b2b_sm90_resident {

using namespace cute;

template <
  class Element_,
  int TileK,               // k-block of the first GEMM (A's and W0's columns per stage)
  int TileN0,              // all of N0 (the first product's columns, the second GEMM's K)
  int TileN1,              // all of N1
  class StrideW0_,         // W0 as the first GEMM's B, (N0, K0, L) strides
  class StrideW1_,         // W1 as the second GEMM's B, (N1, N0, L) strides
  class ElementBias0_, bool kHasBias0, class Activation0,
  class ElementBias1_, bool kHasBias1, class Activation1,
  int Stages>
struct B2bResidentKernel {
  using Element = Element_;
  using ElementBias0 = ElementBias0_;
  using ElementBias1 = ElementBias1_;
  static constexpr bool HasBias0 = kHasBias0;
  static constexpr bool HasBias1 = kHasBias1;
  static constexpr int BlockM = 64;  // one consumer warpgroup's tile; the two take turns
  static constexpr int Alignment = 16 / sizeof(Element);  // TMA: 16-byte strides
  using StrideA = cute::Stride<int64_t, cute::_1, int64_t>;
  using StrideW0 = StrideW0_;
  using StrideW1 = StrideW1_;
  using ClusterShape = Shape<_1, _1, _1>;  // also what device_universal.hpp's launch reads
  using ArchTag = cutlass::arch::Sm90;
  using TileShape0 = Shape<Int<BlockM>, Int<TileN0>, Int<TileK>>;
  using TileShape1 = Shape<Int<BlockM>, Int<TileN1>, Int<TileN0>>;

  using Mainloop0 = typename cutlass::gemm::collective::CollectiveBuilder<
      cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp,
      Element, StrideA, Alignment, Element, StrideW0, Alignment, float,
      TileShape0, ClusterShape, cutlass::gemm::collective::StageCount<Stages>,
      cutlass::gemm::KernelTmaWarpSpecializedPingpong>::CollectiveOp;
  // The second GEMM's collective is built only for its types: the wgmma (made register-
  // sourced below), W1's shared-memory layout and W1's TMA. Its A (the first product) never
  // goes through memory; its pipeline is never made.
  using Mainloop1 = typename cutlass::gemm::collective::CollectiveBuilder<
      cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp,
      Element, StrideA, Alignment, Element, StrideW1, Alignment, float,
      TileShape1, ClusterShape, cutlass::gemm::collective::StageCount<2>,
      cutlass::gemm::KernelTmaWarpSpecializedPingpong>::CollectiveOp;

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

  // Each consumer warpgroup's D tile, rows padded by 16 bytes (the wgmma layout's writes then
  // hit 32 distinct banks: 8 rows x 4 threads per warp).
  static constexpr int kStagedRow = TileN1 + 8;
  static constexpr int kStagedElements = BlockM * kStagedRow;

  struct SharedStorage {
    // The swizzled layouts repeat every 1024 bytes: both tensors start on such a boundary.
    struct alignas(1024) W1Storage {
      cute::array_aligned<Element, cute::cosize_v<SmemLayoutW1>, 1024> smem_w1;
    } w1;
    struct alignas(1024) MainloopStorage {
      typename Mainloop0::TensorStorage tensors;
    } mainloop;
    typename MainloopPipeline::SharedStorage pipeline;
    typename MathOrderBarrier::SharedStorage math_order;
    alignas(16) Element staged_d[2][kStagedElements];
    alignas(8) uint64_t w1_full;  // the one-shot barrier of W1's TMA load
  };
  static constexpr int SharedStorageSize = sizeof(SharedStorage);

  struct MainloopArguments {
    const Element* ptr_A;
    StrideA dA;
    const Element* ptr_W0;
    StrideW0 dW0;
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
  };
  // problem_size is (1, 1, M, N0, K0), as b2b_sm90_collective.hpp's kernel takes it.
  using ProblemShape = cute::tuple<int, int, int, int, int>;
  struct Arguments {
    ProblemShape problem_size;
    MainloopArguments mainloop;
    EpilogueArguments epilogue;
    cutlass::KernelHardwareInfo hw_info;
  };
  struct Params {
    int m, n0, k0, n1;
    int tiles;
    int sm_count;
    typename Mainloop0::Params mainloop0;
    typename Mainloop1::Params mainloop1;  // only its W1 TMA is used
    const ElementBias0* ptr_bias0;
    Element* ptr_D;
    int64_t ldd;
    const ElementBias1* ptr_bias1;
  };

  static bool can_implement(Arguments const& args) {
    int m = get<2>(args.problem_size), n0 = get<3>(args.problem_size), k0 = get<4>(args.problem_size);
    int n1 = args.mainloop.n1;
    return m > 0 && n0 > 0 && n0 <= TileN0 && k0 > 0 && k0 % Alignment == 0
        && n1 > 0 && n1 <= TileN1 && args.epilogue.n1 == n1
        && n1 % Alignment == 0 && args.epilogue.ldd % Alignment == 0;  // D in 16-byte rows
    // No pointer is looked at (the model asks with null pointers at creation); the launch
    // entry point checks the bias pointers.
  }

  static size_t get_workspace_size(Arguments const&) { return 0; }
  static cutlass::Status initialize_workspace(Arguments const&, void* = nullptr, cudaStream_t = nullptr) {
    return cutlass::Status::kSuccess;
  }

  static Params to_underlying_arguments(Arguments const& args, void* workspace) {
    int m = get<2>(args.problem_size), n0 = get<3>(args.problem_size), k0 = get<4>(args.problem_size);
    int n1 = args.mainloop.n1;
    auto params0 = Mainloop0::to_underlying_arguments(
        make_shape(m, n0, k0, 1),
        typename Mainloop0::Arguments{args.mainloop.ptr_A, args.mainloop.dA, args.mainloop.ptr_W0, args.mainloop.dW0},
        workspace);
    // (M, N1, N0): A's descriptor here is never used (the first product comes from registers).
    auto params1 = Mainloop1::to_underlying_arguments(
        make_shape(m, n1, n0, 1),
        typename Mainloop1::Arguments{args.mainloop.ptr_A, args.mainloop.dA, args.mainloop.ptr_W1, args.mainloop.dW1},
        workspace);
    int tiles = (m + BlockM - 1) / BlockM;
    return Params{m, n0, k0, n1, tiles, args.hw_info.sm_count, params0, params1,
                  args.mainloop.ptr_bias0, args.epilogue.ptr_D, args.epilogue.ldd, args.epilogue.ptr_bias1};
  }

  static dim3 get_grid_shape(Params const& params) {
    int ctas = params.sm_count > 0 && params.sm_count < params.tiles ? params.sm_count : params.tiles;
    return dim3(ctas, 1, 1);
  }
  static dim3 get_block_shape() { return dim3(MaxThreadsPerBlock, 1, 1); }

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
      cute::prefetch_tma_descriptor(params.mainloop0.tma_load_a.get_tma_descriptor());
      cute::prefetch_tma_descriptor(params.mainloop0.tma_load_b.get_tma_descriptor());
      cute::prefetch_tma_descriptor(params.mainloop1.tma_load_b.get_tma_descriptor());
      cutlass::arch::ClusterTransactionBarrier::init(&storage.w1_full, 1);
    }

    typename MainloopPipeline::Params pipeline_params;
    pipeline_params.role = producer && warp_idx_in_group == 0 ? MainloopPipeline::ThreadCategory::Producer
                         : producer ? MainloopPipeline::ThreadCategory::NonParticipant
                                    : MainloopPipeline::ThreadCategory::Consumer;
    pipeline_params.is_leader = thread_idx % cutlass::NumThreadsPerWarpGroup == 0;
    pipeline_params.num_consumers = cutlass::NumThreadsPerWarpGroup;  // a stage is one warpgroup's
    pipeline_params.transaction_bytes = params.mainloop0.tma_transaction_bytes;
    MainloopPipeline pipeline(storage.pipeline, pipeline_params, ClusterShape{});
    typename MathOrderBarrier::Params order_params;
    order_params.group_id = producer ? 0 : warp_group_idx - 1;  // the producer never waits or arrives
    order_params.group_size = cutlass::NumThreadsPerWarpGroup;
    MathOrderBarrier math_order(storage.math_order, order_params);
    __syncthreads();  // the barriers' initialization is visible to every warp

    Mainloop0 mainloop0;
    int k_tiles = (params.k0 + TileK - 1) / TileK;

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
      auto load_inputs = mainloop0.load_init(make_shape(params.m, params.n0, params.k0, 1), params.mainloop0);
      PipelineState write_state = cutlass::make_producer_start_state<MainloopPipeline>();
      for (int tile = blockIdx.x; tile < params.tiles; tile += gridDim.x) {
        auto k_tile_iter = cute::make_coord_iterator(shape<3>(get<0>(load_inputs)));
        mainloop0.load(params.mainloop0, pipeline, write_state, load_inputs, make_coord(tile, 0, _, 0),
                       k_tile_iter, k_tiles, thread_idx, 0, storage.mainloop.tensors);
        write_state.advance(k_tiles);
      }
      mainloop0.load_tail(pipeline, write_state);
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

    for (int tile = blockIdx.x + consumer * gridDim.x; tile < params.tiles; tile += 2 * gridDim.x) {
      Tensor acc0 = partition_fragment_C(tiled_mma0, take<0, 2>(TileShape0{}));
      math_order.wait();
      mainloop0.mma(pipeline, read_state, acc0, k_tiles, mma_thread_idx, storage.mainloop.tensors, params.mainloop0);
      math_order.arrive();
      mainloop0.mma_tail(pipeline, read_state, k_tiles);
      read_state.advance(2 * k_tiles);

      CUTLASS_PRAGMA_UNROLL
      for (int i = 0; i < size(acc0); ++i) {
        float x = acc0(i);
        if constexpr (kHasBias0) {
          int column = get<1>(tScS(i));
          x += column < params.n0 ? static_cast<float>(params.ptr_bias0[column]) : 0.0f;
        }
        // Columns past N0 hold act0(0 + 0): W1's rows there are zero-filled by TMA, so they
        // add nothing to D.
        acc0(i) = activation0(x);
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
      warpgroup_wait<0>();
      warpgroup_fence_operand(acc1);

      // D through shared memory: this warpgroup's 64 x TileN1 tile written in the wgmma layout,
      // then stored row by row in 16-byte vectors (N1 and D's row stride multiples of 8:
      // can_implement). 4-byte pairs straight from the wgmma layout ran the M=128320, N1=96
      // chain 1.5x slower on the H100. Named barriers 8 and 9 (one per warpgroup; CUTLASS's own
      // reserved ones are below 8) order the buffer's writes and reads.
      int row0 = tile * BlockM;
      Element* staged = storage.staged_d[consumer];
      CUTLASS_PRAGMA_UNROLL
      for (int i = 0; i < size(acc1); i += 2) {  // values 2j, 2j+1: one row's adjacent columns
        int row = get<0>(tOcO(i));
        int column = get<1>(tOcO(i));
        float x0 = acc1(i), x1 = acc1(i + 1);
        if constexpr (kHasBias1) {
          x0 += column < params.n1 ? static_cast<float>(params.ptr_bias1[column]) : 0.0f;
          x1 += column + 1 < params.n1 ? static_cast<float>(params.ptr_bias1[column + 1]) : 0.0f;
        }
        cutlass::AlignedArray<Element, 2> pair;
        pair[0] = static_cast<Element>(activation1(x0));
        pair[1] = static_cast<Element>(activation1(x1));
        *reinterpret_cast<cutlass::AlignedArray<Element, 2>*>(staged + row * kStagedRow + column) = pair;
      }
      cutlass::arch::NamedBarrier::sync(cutlass::NumThreadsPerWarpGroup, 8 + consumer);
      constexpr int kChunks = TileN1 / Alignment;
      CUTLASS_PRAGMA_UNROLL 4
      for (int c = mma_thread_idx; c < BlockM * kChunks; c += cutlass::NumThreadsPerWarpGroup) {
        int row = c / kChunks;
        int column = (c % kChunks) * Alignment;
        if (row0 + row < params.m && column < params.n1) {
          *reinterpret_cast<uint4*>(params.ptr_D + static_cast<int64_t>(row0 + row) * params.ldd + column) =
              *reinterpret_cast<const uint4*>(staged + row * kStagedRow + column);
        }
      }
      cutlass::arch::NamedBarrier::sync(cutlass::NumThreadsPerWarpGroup, 8 + consumer);
    }
#endif
  }
};

}  // namespace boltc::b2b_sm90_resident
