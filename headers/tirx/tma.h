// TIRX_PP_OWN_HEADER 0.1.0
// tirx/tma.h - the Tensor Memory Accelerator (TMA, sm_90): tensor maps made on
// the host with the Driver API, and the bulk tensor copies that use them.
// One function per PTX instruction or Driver API call.
//
// A tensor map describes a 2D row-major array in global memory and the box
// that one copy moves. Pass it to the kernel by value as a
// `const __grid_constant__ CUtensorMap` parameter (the copy engine reads it from
// parameter space; a copy in local memory would not do). A load completes on an
// mbarrier: the thread that issues it first announces the bytes with
// tirx_trigger_bytes(e[s], BYTES) (arrive.expect_tx), and the phase completes
// when the arrivals and all the bytes are in. Boxes that reach past the array's
// end are filled with zeros and still count the whole box's bytes.
//
// With the 128-byte swizzle, a box row must be exactly 128 bytes (64 bf16) and
// the shared-memory destination 1024-byte aligned: the layout that wgmma's
// 128-byte-swizzle descriptors read (tirx/wgmma.h).
//
// The host part needs <cuda.h>. The encoder is reached through the runtime's
// driver entry point, so that a runtime-API program needs no -lcuda; define
// TIRX_TMA_LINK_DRIVER to call cuTensorMapEncodeTiled directly (Driver API
// programs that link libcuda).
#pragma once

#include "ptx.h"

#ifndef __CUDACC_RTC__
#include <cuda.h>
#if !defined(TIRX_TMA_LINK_DRIVER) && defined(__CUDACC__)
#include <cuda_runtime.h>
#endif
#elif !defined(CUDA_VERSION)
// NVRTC without <cuda.h>: the kernel parameter type only, laid out (and
// named, for the mangled kernel name) as cuda.h has it.
typedef struct CUtensorMap_st {
  alignas(64) unsigned long long opaque[16];
} CUtensorMap;
#endif

// ---- host: tensor maps -------------------------------------------------------

#ifndef __CUDACC_RTC__
typedef CUresult (*TirxTensorMapEncodeTiled)(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *,
                                             const cuuint64_t *, const cuuint64_t *, const cuuint32_t *,
                                             const cuuint32_t *, CUtensorMapInterleave, CUtensorMapSwizzle,
                                             CUtensorMapL2promotion, CUtensorMapFloatOOBfill);

// cuTensorMapEncodeTiled, found once (NULL when the driver lacks it: no sm_90 driver).
inline TirxTensorMapEncodeTiled tirx_tensor_map_encoder() {
#if defined(TIRX_TMA_LINK_DRIVER) || !defined(__CUDACC__)
  return &cuTensorMapEncodeTiled;
#else
  static TirxTensorMapEncodeTiled fn = [] {
    void *p = nullptr;
    cudaDriverEntryPointQueryResult found;
    if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &p, 12000, cudaEnableDefault, &found) !=
            cudaSuccess ||
        found != cudaDriverEntryPointSuccess)
      return (TirxTensorMapEncodeTiled) nullptr;
    return (TirxTensorMapEncodeTiled)p;
  }();
  return fn;
#endif
}

// cuTensorMapEncodeTiled for a 2D row-major array: `rows` rows of `cols`
// elements, `row_bytes` apart (a multiple of 16; the base 16-byte aligned); a
// copy moves a box of box_rows x box_cols elements. Out-of-range elements of a
// box read as zero. Returns the driver's result (CUDA_ERROR_NOT_SUPPORTED when
// the driver has no TMA).
inline CUresult tirx_tensor_map_2d(CUtensorMap *map, CUtensorMapDataType type, const void *base, uint64_t rows,
                                   uint64_t cols, uint64_t row_bytes, uint32_t box_rows, uint32_t box_cols,
                                   CUtensorMapSwizzle swizzle) {
  TirxTensorMapEncodeTiled encode = tirx_tensor_map_encoder();
  if (!encode) return CUDA_ERROR_NOT_SUPPORTED;
  const cuuint64_t dims[2] = {cols, rows};  // innermost first
  const cuuint64_t strides[1] = {row_bytes};
  const cuuint32_t box[2] = {box_cols, box_rows};
  const cuuint32_t elem_strides[2] = {1, 1};
  return encode(map, type, 2, const_cast<void *>(base), dims, strides, box, elem_strides,
                CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
}

// The same for a 3D array: `mats` matrices of `rows` x `cols` elements, rows
// `row_bytes` apart and matrices `mat_bytes` apart (multiples of 16); a copy
// moves a box of box_rows x box_cols elements of one matrix. Rows past `rows`
// read as zero and are not written: a box never spills into the next matrix
// (attention: one matrix per batch x head, the box a tile of the sequence).
inline CUresult tirx_tensor_map_3d(CUtensorMap *map, CUtensorMapDataType type, const void *base, uint64_t mats,
                                   uint64_t rows, uint64_t cols, uint64_t row_bytes, uint64_t mat_bytes,
                                   uint32_t box_rows, uint32_t box_cols, CUtensorMapSwizzle swizzle) {
  TirxTensorMapEncodeTiled encode = tirx_tensor_map_encoder();
  if (!encode) return CUDA_ERROR_NOT_SUPPORTED;
  const cuuint64_t dims[3] = {cols, rows, mats};  // innermost first
  const cuuint64_t strides[2] = {row_bytes, mat_bytes};
  const cuuint32_t box[3] = {box_cols, box_rows, 1};
  const cuuint32_t elem_strides[3] = {1, 1, 1};
  return encode(map, type, 3, const_cast<void *>(base), dims, strides, box, elem_strides,
                CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
}
#endif

// ---- device: copies ----------------------------------------------------------

#ifdef __CUDACC__
// prefetch.tensormap: bring the map into the cache before the first copy uses it.
TIRX_DEVICE void tirx_tma_prefetch_map(const void *map) {
#if defined(TIRX_SM90_)
  asm volatile("prefetch.tensormap [%0];" ::"l"(map) : "memory");
#else
  (void)map;
#endif
}

// cp.async.bulk.tensor.2d global -> shared: the box whose first element is at
// (row, col) into dst (1024-byte aligned for the 128-byte swizzle); completes
// on `bar` (its phase must expect the bytes: tirx_trigger_bytes). One thread issues it.
TIRX_DEVICE void tirx_tma_load_2d(void *dst, const void *map, int row, int col, uint64_t *bar) {
#if defined(TIRX_SM90_)
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(
          tirx_smem_addr(dst)),
      "l"(map), "r"(col), "r"(row), "r"(tirx_smem_addr(bar))
      : "memory");
#else
  (void)dst, (void)map, (void)row, (void)col, (void)bar;
  TIRX_NO_INSTRUCTION_();
#endif
}

// createpolicy.fractional.L2::evict_first: an L2 cache policy for the
// .L2::cache_hint copies (tirx_tma_load_2d_hint) that marks every line they
// bring in as the first to go: for data that one block reads once and no
// other block needs (a skinny GEMM's A rows), so that it does not push out
// what every block reads. 0 before sm_80 (where no copy takes a policy: the
// hinted copies are sm_90's; the 0 only keeps host and older-target code
// compiling).
TIRX_DEVICE uint64_t tirx_l2_policy_evict_first() {
  uint64_t policy = 0;
#if defined(TIRX_SM80_)
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
#endif
  return policy;
}

// createpolicy.fractional.L2::evict_last: the lines stay in L2 longest: for
// data that every block reads (a skinny GEMM's B). 0 before sm_80.
TIRX_DEVICE uint64_t tirx_l2_policy_evict_last() {
  uint64_t policy = 0;
#if defined(TIRX_SM80_)
  asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(policy));
#endif
  return policy;
}

// cp.async.bulk.tensor.2d ... .L2::cache_hint: tirx_tma_load_2d with the L2
// policy `policy` (tirx_l2_policy_evict_first / _last) for the lines it reads.
TIRX_DEVICE void tirx_tma_load_2d_hint(void *dst, const void *map, int row, int col, uint64_t *bar,
                                       uint64_t policy) {
#if defined(TIRX_SM90_)
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint"
      " [%0], [%1, {%2, %3}], [%4], %5;" ::"r"(tirx_smem_addr(dst)),
      "l"(map), "r"(col), "r"(row), "r"(tirx_smem_addr(bar)), "l"(policy)
      : "memory");
#else
  (void)dst, (void)map, (void)row, (void)col, (void)bar, (void)policy;
  TIRX_NO_INSTRUCTION_();
#endif
}

// cp.async.bulk.tensor.2d ... .multicast::cluster: the box at (row, col) into
// dst in every block of the cluster whose rank is set in cta_mask (bit r:
// rank r), at the same shared-memory offset in each; each destination's
// barrier at `bar`'s offset gets complete_tx of the whole box's bytes. So
// each destination block announces the bytes that land in it on its own
// barrier (tirx_trigger_bytes in every block, for its own bytes), and `bar`
// must be a cluster event (`#pragma tirx event e[N] cluster`): initialized
// and published to the cluster before any block issues a copy into it.
// sm_90a only: ptxas warns that .multicast::cluster on plain sm_90 "is
// expected to have substantially reduced performance on some future
// architectures"; elsewhere it traps.
TIRX_DEVICE void tirx_tma_load_2d_multicast(void *dst, const void *map, int row, int col, uint64_t *bar,
                                            uint16_t cta_mask) {
#if defined(TIRX_SM90A_)
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster"
      " [%0], [%1, {%2, %3}], [%4], %5;" ::"r"(tirx_smem_addr(dst)),
      "l"(map), "r"(col), "r"(row), "r"(tirx_smem_addr(bar)), "h"(cta_mask)
      : "memory");
#else
  (void)dst, (void)map, (void)row, (void)col, (void)bar, (void)cta_mask;
  TIRX_NO_INSTRUCTION_();
#endif
}

// tirx_tma_load_2d_multicast with the L2 policy `policy` for the lines it
// reads (.L2::cache_hint; tirx_l2_policy_evict_first / _last). sm_90a only.
TIRX_DEVICE void tirx_tma_load_2d_multicast_hint(void *dst, const void *map, int row, int col, uint64_t *bar,
                                                 uint16_t cta_mask, uint64_t policy) {
#if defined(TIRX_SM90A_)
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint"
      " [%0], [%1, {%2, %3}], [%4], %5, %6;" ::"r"(tirx_smem_addr(dst)),
      "l"(map), "r"(col), "r"(row), "r"(tirx_smem_addr(bar)), "h"(cta_mask), "l"(policy)
      : "memory");
#else
  (void)dst, (void)map, (void)row, (void)col, (void)bar, (void)cta_mask, (void)policy;
  TIRX_NO_INSTRUCTION_();
#endif
}

// The same for a 3D box at (mat, row, col).
TIRX_DEVICE void tirx_tma_load_3d_multicast(void *dst, const void *map, int mat, int row, int col, uint64_t *bar,
                                            uint16_t cta_mask) {
#if defined(TIRX_SM90A_)
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster"
      " [%0], [%1, {%2, %3, %4}], [%5], %6;" ::"r"(tirx_smem_addr(dst)),
      "l"(map), "r"(col), "r"(row), "r"(mat), "r"(tirx_smem_addr(bar)), "h"(cta_mask)
      : "memory");
#else
  (void)dst, (void)map, (void)mat, (void)row, (void)col, (void)bar, (void)cta_mask;
  TIRX_NO_INSTRUCTION_();
#endif
}

// cp.async.bulk.tensor.3d global -> shared: the box at (mat, row, col), as
// tirx_tma_load_2d (rows past the matrix's end arrive as zeros).
TIRX_DEVICE void tirx_tma_load_3d(void *dst, const void *map, int mat, int row, int col, uint64_t *bar) {
#if defined(TIRX_SM90_)
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" ::
          "r"(tirx_smem_addr(dst)),
      "l"(map), "r"(col), "r"(row), "r"(mat), "r"(tirx_smem_addr(bar))
      : "memory");
#else
  (void)dst, (void)map, (void)mat, (void)row, (void)col, (void)bar;
  TIRX_NO_INSTRUCTION_();
#endif
}

// cp.async.bulk.tensor.3d ... .L2::cache_hint: tirx_tma_load_3d with the L2
// policy `policy` (tirx_l2_policy_evict_first / _last) for the lines it reads
// (a grouped GEMM's per-expert weights: tirx_l2_policy_evict_last).
TIRX_DEVICE void tirx_tma_load_3d_hint(void *dst, const void *map, int mat, int row, int col, uint64_t *bar,
                                       uint64_t policy) {
#if defined(TIRX_SM90_)
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint"
      " [%0], [%1, {%2, %3, %4}], [%5], %6;" ::"r"(tirx_smem_addr(dst)),
      "l"(map), "r"(col), "r"(row), "r"(mat), "r"(tirx_smem_addr(bar)), "l"(policy)
      : "memory");
#else
  (void)dst, (void)map, (void)mat, (void)row, (void)col, (void)bar, (void)policy;
  TIRX_NO_INSTRUCTION_();
#endif
}

// cp.async.bulk.tensor.3d shared -> global: the box at (mat, row, col) from src,
// as tirx_tma_store_2d (rows past the matrix's end are not written).
TIRX_DEVICE void tirx_tma_store_3d(const void *map, int mat, int row, int col, const void *src) {
#if defined(TIRX_SM90_)
  asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%1, %2, %3}], [%4];" ::"l"(map), "r"(col),
               "r"(row), "r"(mat), "r"(tirx_smem_addr(src))
               : "memory");
#else
  (void)map, (void)mat, (void)row, (void)col, (void)src;
  TIRX_NO_INSTRUCTION_();
#endif
}

// cp.async.bulk.tensor.2d shared -> global: the box at (row, col) from src;
// elements outside the array are not written. Tracked by a bulk group: commit,
// then wait before src is reused. Order the writes that filled src first
// (tirx_fence_proxy_async_smem in each writer, then a barrier).
TIRX_DEVICE void tirx_tma_store_2d(const void *map, int row, int col, const void *src) {
#if defined(TIRX_SM90_)
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%1, %2}], [%3];" ::"l"(map), "r"(col),
               "r"(row), "r"(tirx_smem_addr(src))
               : "memory");
#else
  (void)map, (void)row, (void)col, (void)src;
  TIRX_NO_INSTRUCTION_();
#endif
}

// cp.async.bulk.commit_group: close the group of this thread's bulk stores so far.
TIRX_DEVICE void tirx_tma_store_commit() {
#if defined(TIRX_SM90_)
  asm volatile("cp.async.bulk.commit_group;" ::: "memory");
#endif
}

// cp.async.bulk.wait_group.read N: wait until at most N groups still read
// their shared-memory source (the source may then be overwritten).
template <int N>
TIRX_DEVICE void tirx_tma_store_wait_read() {
#if defined(TIRX_SM90_)
  asm volatile("cp.async.bulk.wait_group.read %0;" ::"n"(N) : "memory");
#endif
}

// cp.async.bulk.wait_group N: wait until at most N groups are still pending
// (their writes are then done and visible to the writing thread).
template <int N>
TIRX_DEVICE void tirx_tma_store_wait() {
#if defined(TIRX_SM90_)
  asm volatile("cp.async.bulk.wait_group %0;" ::"n"(N) : "memory");
#endif
}

// cp.reduce.async.bulk.tensor.3d ... .add shared -> global: the box at (mat,
// row, col) += src, element by element (f32: an atomic add per element, in
// any order across blocks), rows past the matrix's end left out; a bulk group
// as tirx_tma_store_3d (commit, then wait before src is reused).
TIRX_DEVICE void tirx_tma_reduce_add_3d(const void *map, int mat, int row, int col, const void *src) {
#if defined(TIRX_SM90_)
  asm volatile("cp.reduce.async.bulk.tensor.3d.global.shared::cta.add.tile.bulk_group [%0, {%1, %2, %3}], [%4];" ::
                   "l"(map), "r"(col), "r"(row), "r"(mat), "r"(tirx_smem_addr(src))
               : "memory");
#else
  (void)map, (void)mat, (void)row, (void)col, (void)src;
  TIRX_NO_INSTRUCTION_();
#endif
}
// cp.reduce.async.bulk ... .add.f32 shared -> global: `bytes` (a multiple of 16,
// both addresses 16-byte aligned) of floats at dst += src, element by element (an
// atomic add each, in any order across blocks), no tensor map; a bulk group as the
// tensor stores (commit, then wait before src is reused).
TIRX_DEVICE void tirx_bulk_reduce_add_f32(float *dst, const float *src, int bytes) {
#if defined(TIRX_SM90_)
  asm volatile("cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32 [%0], [%1], %2;" ::"l"(dst),
               "r"(tirx_smem_addr(src)), "r"(bytes)
               : "memory");
#else
  (void)dst, (void)src, (void)bytes;
  TIRX_NO_INSTRUCTION_();
#endif
}

// cp.async.bulk shared -> global: `bytes` (a multiple of 16, both addresses 16-byte
// aligned) copied from src to dst, no tensor map; a bulk group as the tensor stores.
TIRX_DEVICE void tirx_bulk_store(void *dst, const void *src, int bytes) {
#if defined(TIRX_SM90_)
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(dst), "r"(tirx_smem_addr(src)),
               "r"(bytes)
               : "memory");
#else
  (void)dst, (void)src, (void)bytes;
  TIRX_NO_INSTRUCTION_();
#endif
}
#endif  // __CUDACC__
