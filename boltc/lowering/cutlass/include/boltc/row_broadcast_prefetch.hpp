// boltc: a row vector (a GEMM bias: one value per output column) for Sm90 EVTs, fetched ahead by
// the epilogue's producer-load warp (boltc/lowering/cutlass/evt.py renders row broadcasts as
// boltc_evt::Sm90RowBroadcastPrefetch where gemm_sm90.GemmSm90Kernel.prefetch_rows says so).
//
// CUTLASS's Sm90RowBroadcast has the consumer warps copy the tile's row from global to shared
// memory when the epilogue begins, then synchronize: in a one-wave GEMM nothing hides that
// global load (bias+relu cost +3.8 % over the plain GEMM of 1280x3072x768, most of it there;
// bench/RESULTS.md). Here the load warp, which the persistent cooperative and pingpong kernels
// run beside the mainloop, issues one bulk copy per tile (cp.async.bulk, completing on the
// epilogue load pipeline's barrier of the tile's first subtile, as Sm90AuxLoad's TMA does), so
// the row is in shared memory before the mainloop ends. Two buffers by tile parity: the load
// warp runs at most one tile ahead (it acquires the first subtile's stage of tile t + 1 only
// after the consumers released stage (t + 1) S - StagesC >= t S of tile t, StagesC <= S
// subtiles, and releases come in order), while the consumers still read tile t's row in later
// subtiles. Bulk copies move multiples of 16 bytes from 16-byte aligned addresses:
// can_implement checks the pointer, N and the batch stride.
//
// sm_90a only: included by gemm_sm90's TUs alone.
#pragma once

#include <cstddef>
#include <cstdint>

#include "cute/tensor.hpp"
#include "cute/arch/copy_sm90_tma.hpp"
#include "cutlass/cutlass.h"
#include "cutlass/arch/barrier.h"
#include "cutlass/epilogue/fusion/sm90_visitor_tma_warpspecialized.hpp"

namespace boltc_evt {

// Sm90RowBroadcast's values, fetched by the epilogue load warp with one bulk copy per tile.
template <class CtaTileShapeMNK, class Element, class StrideMNL>
struct Sm90RowBroadcastPrefetch {
  static constexpr int CtaN = cute::size<1>(CtaTileShapeMNK{});
  static_assert(CtaN * sizeof(Element) % 16 == 0, "bulk copies move multiples of 16 bytes");

  struct SharedStorage {
    alignas(128) cute::array_aligned<Element, 2 * CtaN, 128> smem;  // two tiles' rows
  };
  struct Arguments {
    Element const* ptr_row = nullptr;
    Element null_default = Element(0);  // unused: the same aggregate as Sm90RowBroadcast's
    StrideMNL dRow = {};
  };
  using Params = Arguments;

  template <class ProblemShape>
  static constexpr Params to_underlying_arguments(ProblemShape const&, Arguments const& args, void*) {
    return args;
  }
  template <class ProblemShape>
  static bool can_implement(ProblemShape const& problem_shape, Arguments const& args) {
    auto problem_shape_mnkl = cute::append<4>(problem_shape, 1);
    int64_t const n = cute::size(cute::get<1>(problem_shape_mnkl));
    int64_t const batch_stride = cute::get<2>(args.dRow);
    return reinterpret_cast<uintptr_t>(args.ptr_row) % 16 == 0 && n * sizeof(Element) % 16 == 0 &&
           batch_stride * int64_t(sizeof(Element)) % 16 == 0;
  }
  template <class ProblemShape>
  static size_t get_workspace_size(ProblemShape const&, Arguments const&) {
    return 0;
  }
  template <class ProblemShape>
  static cutlass::Status initialize_workspace(ProblemShape const&, Arguments const&, void*, cudaStream_t,
                                              cutlass::CudaHostAdapter* = nullptr) {
    return cutlass::Status::kSuccess;
  }

  CUTLASS_HOST_DEVICE Sm90RowBroadcastPrefetch() {}
  CUTLASS_HOST_DEVICE Sm90RowBroadcastPrefetch(Params const& params, SharedStorage const& shared_storage)
      : params(params), smem(const_cast<Element*>(shared_storage.smem.data())) {}

  Params params;
  Element* smem = nullptr;

  CUTLASS_DEVICE bool is_producer_load_needed() const { return true; }
  CUTLASS_DEVICE bool is_C_load_needed() const { return false; }
  CUTLASS_DEVICE bool is_zero() const { return false; }

  // Epilogue subtiles per CTA tile: the load pipeline iterations of one tile.
  template <class TileShapeMNK, class EpilogueTile>
  CUTLASS_DEVICE static int subtiles_per_tile(TileShapeMNK tile_shape, EpilogueTile epi_tile) {
    return int(cute::size(cute::shape_div(cute::take<0, 2>(tile_shape), cute::shape(epi_tile))));
  }

  struct ProducerLoadCallbacks : cutlass::epilogue::fusion::EmptyProducerLoadCallbacks {
    Element const* gmem_row;  // the tile's first value
    uint32_t bytes;           // the tile's values (fewer in the last tile column)
    Element* smem;
    int subtiles;

    CUTLASS_DEVICE ProducerLoadCallbacks(Element const* gmem_row, uint32_t bytes, Element* smem, int subtiles)
        : gmem_row(gmem_row), bytes(bytes), smem(smem), subtiles(subtiles) {}

    CUTLASS_DEVICE void step(uint64_t* full_mbarrier_ptr, int epi_m, int epi_n, int load_iteration,
                             bool issue_tma_load) {
      if (issue_tma_load && epi_m == 0 && epi_n == 0) {
        Element* buffer = smem + ((load_iteration / subtiles) & 1) * CtaN;
        cutlass::arch::ClusterTransactionBarrier::expect_transaction(full_mbarrier_ptr, bytes);
        cute::SM90_BULK_COPY_G2S::copy(gmem_row, full_mbarrier_ptr, buffer, int32_t(bytes));
      }
    }
  };

  template <class... Args>
  CUTLASS_DEVICE auto get_producer_load_callbacks(cutlass::epilogue::fusion::detail::ProducerLoadArgs<Args...> const& args) {
    auto [M, N, K, L] = args.problem_shape_mnkl;
    auto [m, n, k, l] = args.tile_coord_mnkl;
    int const first = int(n) * CtaN;
    int const count = cute::min(int(CtaN), int(cute::size(N)) - first);  // int(): no odr-use on the device
    Element const* gmem_row = params.ptr_row + first + int64_t(l) * cute::get<2>(params.dRow);
    return ProducerLoadCallbacks(gmem_row, uint32_t(cute::max(count, 0)) * uint32_t(sizeof(Element)), smem,
                                 subtiles_per_tile(args.tile_shape_mnk, args.epi_tile));
  }

  template <class SR_STensor, class SR_RTensor>
  struct ConsumerStoreCallbacks : cutlass::epilogue::fusion::EmptyConsumerStoreCallbacks {
    SR_STensor tSR_sRow;  // (CPY,CPY_M,CPY_N,EPI_M,EPI_N) of the first buffer
    SR_RTensor tSR_rRow;  // (CPY,CPY_M,CPY_N)
    int subtiles;

    CUTLASS_DEVICE ConsumerStoreCallbacks(SR_STensor tSR_sRow, SR_RTensor tSR_rRow, int subtiles)
        : tSR_sRow(tSR_sRow), tSR_rRow(tSR_rRow), subtiles(subtiles) {}

    // After the load pipeline's wait for this subtile: the row is in shared memory.
    CUTLASS_DEVICE void previsit(int epi_m, int epi_n, int load_iteration, bool) {
      using namespace cute;
      if (epi_m == 0) {  // M-major subtile loop: a new column block of the row
        int const offset = ((load_iteration / subtiles) & 1) * CtaN;
        Tensor tSR_sRow_buffer = make_tensor(tSR_sRow.data() + offset, tSR_sRow.layout());
        Tensor tSR_sRow_flt = filter_zeros(tSR_sRow_buffer(_, _, _, epi_m, epi_n));
        Tensor tSR_rRow_flt = make_tensor_like<Element>(tSR_sRow_flt);
        copy_aligned(tSR_sRow_flt, tSR_rRow_flt);
        constexpr int FrgSize = size(tSR_rRow_flt);
        using Frg = cutlass::Array<Element, FrgSize>;
        recast<Frg>(filter(tSR_rRow))(_0{}) = recast<Frg>(coalesce(tSR_rRow_flt))(_0{});
      }
    }

    template <typename ElementAccumulator, int FragmentSize>
    CUTLASS_DEVICE cutlass::Array<Element, FragmentSize>
    visit(cutlass::Array<ElementAccumulator, FragmentSize> const&, int epi_v, int, int) {
      cutlass::Array<Element, FragmentSize> frg_row;
      CUTLASS_PRAGMA_UNROLL
      for (int i = 0; i < FragmentSize; ++i) {
        frg_row[i] = tSR_rRow(epi_v * FragmentSize + i);
      }
      return frg_row;
    }
  };

  template <bool ReferenceSrc, class... Args>
  CUTLASS_DEVICE auto get_consumer_store_callbacks(
      cutlass::epilogue::fusion::detail::ConsumerStoreArgs<Args...> const& args) {
    using namespace cute;
    Tensor sRow = make_tensor(make_smem_ptr(smem),
                              make_shape(size<0>(CtaTileShapeMNK{}), size<1>(CtaTileShapeMNK{})),
                              make_shape(_0{}, _1{}));  // (CTA_M, CTA_N): the row down every M
    Tensor tSR_sRow = cutlass::epilogue::fusion::sm90_partition_for_epilogue<ReferenceSrc>(
        sRow, args.epi_tile, args.tiled_copy, args.thread_idx);
    Tensor tSR_rRow = make_tensor_like<Element>(take<0, 3>(tSR_sRow));
    return ConsumerStoreCallbacks<decltype(tSR_sRow), decltype(tSR_rRow)>(
        tSR_sRow, tSR_rRow, subtiles_per_tile(args.tile_shape_mnk, args.epi_tile));
  }
};

}  // namespace boltc_evt
