// cluster_multicast.cu - cluster events and multicast TMA on a GPU
// (docs/clusters.md): a ring of cluster events that blocks of a cluster fill
// with multicast copies into each other's shared memory, and release across
// the cluster.
// tirx-pp: required
//
//   tirx-pp -I headers -I examples tests/gpu/cluster_multicast.cu -o cm.cu
//   nvcc -std=c++17 -I headers -I examples -gencode=arch=compute_90a,code=sm_90a cm.cu -o cluster_multicast
//   ./cluster_multicast [iterations]   last line `cluster_multicast: PASS` (exit 0), or FAIL (exit 1);
//                                      77 without an sm_90 GPU
//
// Each block has a producer warpgroup and two consumer warpgroups over a
// 4-slot ring. A slot holds parts of 16 rows x 32 ints (2 KiB) that the
// blocks of the cluster copy with TMA, each part multicast into several
// blocks at the same offset:
//   - `all` (clusters 2 x 1 and 2 x 2): block r copies part r of the
//     cluster's tile into every block of the cluster; `empty` is
//     `cluster`: the consumers of each block release the slot in all of them;
//   - `xy` (cluster 2 x 2, CUTLASS's GEMM shape): block (x, y) copies part x
//     of row y's A tile into the blocks of its row and part y of column x's B
//     tile into the blocks of its column; `empty` is `cluster(x, y)`: released
//     in the blocks of the row and column, (cx + cy - 1) x 8 warps.
// Each block announces the bytes that land in it on its own `full` (a cluster
// event, so that its barriers are initialized before a peer copies into them).
// The consumers compare every element with the source in global memory and
// sum them with weights; the host recomputes the sums from its copy. A
// missing arrival count hangs (run with --watchdog to turn that into a
// message), a slot released too early is overwritten while it is read (a
// mismatch), and a block that exits while its peers still copy into it or
// arrive on its barriers faults.
#include <vector>

#include "tirx.h"
#include "tirx/tma.h"

#define EXAMPLE "cluster_multicast"
#define EXAMPLE_ARGS "[iterations]"
#include "harness.h"  // skip_without_device, CUDA_CHECK, finish

constexpr int STAGES = 4;
constexpr int kPartRows = 16, kCols = 32;                 // one part: 16 x 32 ints
constexpr int kPartInts = kPartRows * kCols;              // 512
constexpr int kMaxParts = 4;                              // per half of a slot
constexpr int kSlotInts = 2 * kMaxParts * kPartInts;      // A half, then B half
constexpr int kSmemBytes = STAGES * kSlotInts * 4 + 128;  // + room to align
constexpr int kSrcParts = 4096;                           // parts in the source

// The source part of A part i of cluster row y (B: column x, part j) in
// iteration k of cluster c.
__host__ __device__ inline int a_part(int c, int k, int iters, int y, int i) {
  return (int)(((((long long)c * iters + k) * 2 * 8 + y) * 8 + i) % kSrcParts);
}
__host__ __device__ inline int b_part(int c, int k, int iters, int x, int j) {
  return (int)(((((long long)c * iters + k) * 2 * 8 + 8 + x) * 8 + j) % kSrcParts);
}

struct Result {
  unsigned mismatches;  // elements that differed from the source
  int first_block, first_k, first_index, got, want;
  unsigned bad_rank;  // blocks whose %cluster_ctarank is not x + y * cx
};

// What the consumers see of one slot: nA parts of A, nB of B; each element
// checked against the source, and summed with weights into `sum`.
__device__ void check_slot(const int* slot, const int* src, int c, int k, int iters, int x, int y, int nA, int nB,
                           unsigned& sum, Result* res) {
  const int t = threadIdx.x - 128;  // 0..255
  for (int idx = t; idx < (nA + nB) * kPartInts; idx += 256) {
    const bool isA = idx < nA * kPartInts;
    const int local = isA ? idx : idx - nA * kPartInts, part = local / kPartInts, within = local % kPartInts;
    const int sp = isA ? a_part(c, k, iters, y, part) : b_part(c, k, iters, x, part);
    const int got = slot[(isA ? 0 : kMaxParts * kPartInts) + local], want = src[sp * kPartInts + within];
    sum += (unsigned)got * (unsigned)(idx + 1) + (unsigned)k;
    if (got != want && atomicAdd(&res->mismatches, 1u) == 0u) {
      res->first_block = blockIdx.x + blockIdx.y * gridDim.x, res->first_k = k, res->first_index = idx;
      res->got = got, res->want = want;
    }
  }
}

// Which cluster this block belongs to, and where it stands in it.
__device__ void where(int& c, int& x, int& y, int& cx, int& cy, Result* res) {
  cx = (int)tirx_cluster_dim_x(), cy = (int)tirx_cluster_dim_y();
  x = (int)tirx_cluster_ctaid_x(), y = (int)tirx_cluster_ctaid_y();
  c = (int)(blockIdx.y / cy) * (int)(gridDim.x / cx) + (int)(blockIdx.x / cx);
  if (threadIdx.x == 0 && tirx_cluster_rank() != (unsigned)(x + y * cx)) atomicAdd(&res->bad_rank, 1u);
}

// `all`: block r copies part r of the tile into every block of the cluster.
__global__ void ring_all(const __grid_constant__ CUtensorMap map, const int* src, int iters, unsigned* sums,
                         Result* res) {
  extern __shared__ unsigned char smem_raw[];
  int* ring = reinterpret_cast<int*>(smem_raw + (128 - tirx_smem_addr(smem_raw) % 128) % 128);
  int c, x, y, cx, cy;
  where(c, x, y, cx, cy, res);
  const int n = cx * cy, rank = (int)tirx_cluster_rank();
#pragma tirx warpgroups(wg: 3)
#pragma tirx event full[STAGES] cluster, empty[STAGES] ready cluster
#pragma tirx async(wg == 0) regs(40)
  {
    for (int k = 0; k < iters; ++k) {
      const int s = k % STAGES;
      tirx_wait(empty[s]);
      tirx_trigger_bytes(full[s], n * kPartInts * 4);  // what lands here: every block's part
      if (threadIdx.x == 0)
        tirx_tma_load_2d_multicast(ring + s * kSlotInts + rank * kPartInts, &map, a_part(c, k, iters, 0, rank) * kPartRows,
                                   0, &full[s], (uint16_t)((1u << n) - 1));
    }
  }
#pragma tirx async(wg >= 1) regs(232)
  {
    unsigned sum = 0;
    for (int k = 0; k < iters; ++k) {
      const int s = k % STAGES;
      tirx_wait(full[s]);
      check_slot(ring + s * kSlotInts, src, c, k, iters, 0, 0, n, 0, sum, res);
      tirx_trigger(empty[s]);  // in every block of the cluster
    }
    sums[(blockIdx.x + blockIdx.y * gridDim.x) * 256 + threadIdx.x - 128] = sum;
  }
}

// `xy`: block (x, y) copies part x of row y's A tile along its row and part y
// of column x's B tile along its column.
__global__ void ring_xy(const __grid_constant__ CUtensorMap map, const int* src, int iters, unsigned* sums,
                        Result* res) {
  extern __shared__ unsigned char smem_raw[];
  int* ring = reinterpret_cast<int*>(smem_raw + (128 - tirx_smem_addr(smem_raw) % 128) % 128);
  int c, x, y, cx, cy;
  where(c, x, y, cx, cy, res);
  uint16_t row_mask = 0, col_mask = 0;
  for (int i = 0; i < cx; ++i) row_mask |= (uint16_t)(1u << (y * cx + i));
  for (int j = 0; j < cy; ++j) col_mask |= (uint16_t)(1u << (j * cx + x));
#pragma tirx warpgroups(wg: 3)
#pragma tirx event full[STAGES] cluster, empty[STAGES] ready cluster(x, y)
#pragma tirx async(wg == 0) regs(40)
  {
    for (int k = 0; k < iters; ++k) {
      const int s = k % STAGES;
      tirx_wait(empty[s]);
      tirx_trigger_bytes(full[s], (cx + cy) * kPartInts * 4);  // its row's A parts and its column's B parts
      if (threadIdx.x == 0) {
        int* slot = ring + s * kSlotInts;
        tirx_tma_load_2d_multicast(slot + x * kPartInts, &map, a_part(c, k, iters, y, x) * kPartRows, 0, &full[s],
                                   row_mask);
        tirx_tma_load_2d_multicast(slot + kMaxParts * kPartInts + y * kPartInts, &map,
                                   b_part(c, k, iters, x, y) * kPartRows, 0, &full[s], col_mask);
      }
    }
  }
#pragma tirx async(wg >= 1) regs(232)
  {
    unsigned sum = 0;
    for (int k = 0; k < iters; ++k) {
      const int s = k % STAGES;
      tirx_wait(full[s]);
      check_slot(ring + s * kSlotInts, src, c, k, iters, x, y, cx, cy, sum, res);
      tirx_trigger(empty[s]);  // in the blocks of this block's row and column
    }
    sums[(blockIdx.x + blockIdx.y * gridDim.x) * 256 + threadIdx.x - 128] = sum;
  }
}

// The host's sums for one configuration.
static std::vector<unsigned> reference(const std::vector<int>& src, dim3 grid, int cx, int cy, int iters, bool xy) {
  std::vector<unsigned> want((size_t)grid.x * grid.y * 256);
  for (unsigned by = 0; by < grid.y; ++by)
    for (unsigned bx = 0; bx < grid.x; ++bx) {
      const int c = (int)(by / cy) * (int)(grid.x / cx) + (int)(bx / cx), x = (int)(bx % cx), y = (int)(by % cy);
      const int nA = xy ? cx : cx * cy, nB = xy ? cy : 0;
      for (int t = 0; t < 256; ++t) {
        unsigned sum = 0;
        for (int k = 0; k < iters; ++k)
          for (int idx = t; idx < (nA + nB) * kPartInts; idx += 256) {
            const bool isA = idx < nA * kPartInts;
            const int local = isA ? idx : idx - nA * kPartInts, part = local / kPartInts, within = local % kPartInts;
            const int sp = isA ? a_part(c, k, iters, xy ? y : 0, part) : b_part(c, k, iters, x, part);
            sum += (unsigned)src[(size_t)sp * kPartInts + within] * (unsigned)(idx + 1) + (unsigned)k;
          }
        want[(size_t)(bx + by * grid.x) * 256 + t] = sum;
      }
    }
  return want;
}

static cudaError_t launch(bool xy, int cy, dim3 grid, const CUtensorMap& map, const int* src, int iters,
                          unsigned* sums, Result* res) {
  cudaError_t err = cudaSuccess;
  if (xy) {
#pragma tirx launch cluster(2, 2) smem(kSmemBytes) status(err)
    ring_xy<<<grid, 384>>>(map, src, iters, sums, res);
  } else if (cy == 1) {
#pragma tirx launch cluster(2) smem(kSmemBytes) status(err)
    ring_all<<<grid, 384>>>(map, src, iters, sums, res);
  } else {
#pragma tirx launch cluster(2, 2) smem(kSmemBytes) status(err)
    ring_all<<<grid, 384>>>(map, src, iters, sums, res);
  }
  return err;
}

int main(int argc, char** argv) {
  skip_without_device();
  int major = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
  if (major < 9) {
    printf(EXAMPLE ": SKIP: needs an sm_90 GPU (compute capability %d.x here)\n", major);
    return 77;
  }
  const int iters = parse_size(argc, argv, 1, 1000, 1 << 20);
  std::vector<int> hsrc((size_t)kSrcParts * kPartInts);
  for (size_t i = 0; i < hsrc.size(); ++i) hsrc[i] = (int)lcg_next();
  DeviceArray<int> src(hsrc);
  CUtensorMap map;
  if (tirx_tensor_map_2d(&map, CU_TENSOR_MAP_DATA_TYPE_INT32, (const int*)src, (uint64_t)kSrcParts * kPartRows, kCols,
                         kCols * 4, kPartRows, kCols, CU_TENSOR_MAP_SWIZZLE_NONE) != CUDA_SUCCESS) {
    printf(EXAMPLE ": FAIL: cuTensorMapEncodeTiled\n");
    return 1;
  }
  struct Config {
    const char* name;
    bool xy;
    int cx, cy;
    dim3 grid;
  } configs[] = {
      {"all, cluster 2 x 1", false, 2, 1, dim3(264, 1)},
      {"all, cluster 2 x 2", false, 2, 2, dim3(66, 4)},
      {"xy, cluster 2 x 2 (A along x, B along y)", true, 2, 2, dim3(66, 4)},
  };
  bool ok = true;
  for (const Config& cf : configs) {
    const size_t nsums = (size_t)cf.grid.x * cf.grid.y * 256;
    DeviceArray<unsigned> sums(nsums);
    DeviceArray<Result> res(1);
    CUDA_CHECK(cudaMemset((unsigned*)sums, 0, nsums * sizeof(unsigned)));
    CUDA_CHECK(cudaMemset((Result*)res, 0, sizeof(Result)));
    cudaError_t err = launch(cf.xy, cf.cy, cf.grid, map, src, iters, sums, res);
    if (err == cudaSuccess) err = cudaDeviceSynchronize();
    if (err != cudaSuccess) {
      printf(EXAMPLE ": FAIL %s: %s\n", cf.name, cudaGetErrorString(err));
      return 1;  // a fault leaves the context unusable
    }
    std::vector<unsigned> got = sums.download();
    Result r;
    CUDA_CHECK(cudaMemcpy(&r, (Result*)res, sizeof r, cudaMemcpyDeviceToHost));
    std::vector<unsigned> want = reference(hsrc, cf.grid, cf.cx, cf.cy, iters, cf.xy);
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < nsums; ++i)
      if (got[i] != want[i] && !bad++) first = i;
    const bool pass = !r.mismatches && !r.bad_rank && !bad;
    printf(EXAMPLE ": %s: %u blocks x %d iterations: %s", cf.name, cf.grid.x * cf.grid.y, iters,
           pass ? "ok\n" : "WRONG");
    if (r.mismatches)
      printf(" (%u elements differ from the source; first: block %d, iteration %d, element %d: %d, not %d)",
             r.mismatches, r.first_block, r.first_k, r.first_index, r.got, r.want);
    if (r.bad_rank) printf(" (%u blocks: %%cluster_ctarank is not x + y * cx)", r.bad_rank);
    if (bad) printf(" (%zu sums differ from the host's; first: block %zu thread %zu)", bad, first / 256, first % 256);
    if (!pass) printf("\n");
    ok &= pass;
  }
  printf(EXAMPLE ": %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
