// two_copies.cu - a ring whose stages are filled by two bulk copies, each
// announced by its own tirx_trigger_bytes (the A and the B copy of a GEMM
// stage), on a GPU (docs/regions-and-events.md, "Arrivals per phase").
// tirx-pp: required
//
//   tirx-pp -I headers -I examples tests/gpu/two_copies.cu -o tc.cu
//   nvcc -std=c++17 -I headers -I examples -gencode=arch=compute_90a,code=sm_90a tc.cu -o two_copies
//   ./two_copies [iterations [variant]]   last line `two_copies: PASS` (exit 0), or FAIL
//                               (exit 1); 77 without an sm_90 GPU; variant 1-4 runs that one only
//
// Each block has a producer warpgroup and a consumer warpgroup over a 4-slot
// ring. A slot holds an A half and a B half (4 KiB each) that thread 0 of
// the producer copies with cp.async.bulk, each completing on the slot's
// `full` barrier:
//   - `two_sites`: tirx_trigger_bytes(full[s], 4096) for A, then the copy of
//     A, then (after a pause, so that A has landed) the same for B;
//   - `one_site_twice`: one tirx_trigger_bytes in a loop of two, each
//     iteration for one half.
//   - `lane_per_warp`: two producer warps, lane 0 of each announcing and
//     copying one half under `if (threadIdx.x % 32 == 0)`, with count(2):
//     one arrival from each warp in the same phase (tirx-pp counts the
//     threads the condition lets through).
//   - `thread_per_half`: one producer warpgroup, thread h announcing and
//     copying half h in round h of a loop over the halves, under
//     `if (threadIdx.x == h)`, with count(2): tirx-pp counts the thread the
//     condition lets through in each round, the loop counter known there.
// tirx-pp must count 2 arrivals per phase of `full` in all four. With a count of
// 1, the phase completes when A lands, before B is even announced, and the
// consumer reads the B half of the slot's previous contents. The consumer
// compares every element of both halves with the source in global memory
// and sums them with weights; the host recomputes the sums.
#include <vector>

#include "tirx.h"

#define EXAMPLE "two_copies"
#define EXAMPLE_ARGS "[iterations [variant]]"
#include "harness.h"  // skip_without_device, CUDA_CHECK, DeviceArray

constexpr int STAGES = 4;
constexpr int kHalf = 1024;                   // ints per half: 4 KiB
constexpr int kHalfBytes = kHalf * 4;
constexpr int kSrcHalves = 4096;              // halves in the source
constexpr int kThreads = 128;                 // of the consumer

struct Result {
  unsigned mismatches;  // elements that differed from the source
  int first_block, first_k, first_index, got, want;
};

// The source half of half h (0: A, 1: B) of iteration k of block b.
__host__ __device__ inline int src_half(int b, int k, int iters, int h) {
  return (int)((((long long)b * iters + k) * 2 + h) * 7 % kSrcHalves);
}

// cp.async.bulk global -> shared: `bytes` (a multiple of 16) from src to dst,
// completing on bar (the complete_tx of the bytes tirx_trigger_bytes announced).
__device__ inline void bulk_copy(int* dst, const int* src, int bytes, uint64_t* bar) {
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
          tirx_smem_addr(dst)),
      "l"(src), "r"(bytes), "r"(tirx_smem_addr(bar))
      : "memory");
}

// The consumer's side of one slot: every element of both halves against the
// source, summed with weights.
__device__ void check_slot(const int* slot, const int* src, int b, int k, int iters, unsigned& sum, Result* res,
                           int first = 128) {
  const int t = threadIdx.x - first;  // the consumer's threads start at `first`
  for (int idx = t; idx < 2 * kHalf; idx += kThreads) {
    const int h = idx / kHalf, within = idx % kHalf;
    const int got = slot[idx], want = src[src_half(b, k, iters, h) * kHalf + within];
    sum += (unsigned)got * (unsigned)(idx + 1) + (unsigned)k;
    if (got != want && atomicAdd(&res->mismatches, 1u) == 0u) {
      res->first_block = blockIdx.x, res->first_k = k, res->first_index = idx;
      res->got = got, res->want = want;
    }
  }
}

// Two trigger sites per stage: one for A, one for B.
__global__ void two_sites(const int* src, int iters, unsigned* sums, Result* res) {
  alignas(128) __shared__ int ring[STAGES][2 * kHalf];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < iters; ++k) {
      const int s = k % STAGES;
      tirx_wait(empty[s]);
      tirx_trigger_bytes(full[s], kHalfBytes);
      if (threadIdx.x == 0) bulk_copy(ring[s], src + src_half(blockIdx.x, k, iters, 0) * kHalf, kHalfBytes, &full[s]);
      if (threadIdx.x == 0) __nanosleep(2000);  // A lands before B is announced
      tirx_trigger_bytes(full[s], kHalfBytes);
      if (threadIdx.x == 0)
        bulk_copy(ring[s] + kHalf, src + src_half(blockIdx.x, k, iters, 1) * kHalf, kHalfBytes, &full[s]);
    }
  }
#pragma tirx async(wg == 1)
  {
    unsigned sum = 0;
    for (int k = 0; k < iters; ++k) {
      const int s = k % STAGES;
      tirx_wait(full[s]);
      check_slot(ring[s], src, blockIdx.x, k, iters, sum, res);
      tirx_trigger(empty[s]);
    }
    sums[blockIdx.x * kThreads + threadIdx.x - 128] = sum;
  }
}

// One trigger site, run twice per stage: once for each half.
__global__ void one_site_twice(const int* src, int iters, unsigned* sums, Result* res) {
  alignas(128) __shared__ int ring[STAGES][2 * kHalf];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES]
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < iters; ++k) {
      const int s = k % STAGES;
      tirx_wait(empty[s]);
      for (int h = 0; h < 2; ++h) {
        tirx_trigger_bytes(full[s], kHalfBytes);
        if (threadIdx.x == 0) {
          bulk_copy(ring[s] + h * kHalf, src + src_half(blockIdx.x, k, iters, h) * kHalf, kHalfBytes, &full[s]);
          if (h == 0) __nanosleep(2000);
        }
      }
    }
  }
#pragma tirx async(wg == 1)
  {
    unsigned sum = 0;
    for (int k = 0; k < iters; ++k) {
      const int s = k % STAGES;
      tirx_wait(full[s]);
      check_slot(ring[s], src, blockIdx.x, k, iters, sum, res);
      tirx_trigger(empty[s]);
    }
    sums[blockIdx.x * kThreads + threadIdx.x - 128] = sum;
  }
}

// Two producer warps, one half each: every thread that reaches the byte
// trigger arrives, and the `if` lets lane 0 of each warp through.
__global__ void lane_per_warp(const int* src, int iters, unsigned* sums, Result* res) {
  alignas(128) __shared__ int ring[STAGES][2 * kHalf];
#pragma tirx warps(w: 6)
#pragma tirx event full[STAGES] count(2)
#pragma tirx event empty[STAGES] ready
#pragma tirx async(w < 2)
  {
    for (int k = 0; k < iters; ++k) {
      const int s = k % STAGES;
      tirx_wait(empty[s]);
      if (threadIdx.x % 32 == 0) {
        if (w == 1) __nanosleep(2000);  // A lands before B is announced
        tirx_trigger_bytes(full[s], kHalfBytes);
        bulk_copy(ring[s] + w * kHalf, src + src_half(blockIdx.x, k, iters, w) * kHalf, kHalfBytes, &full[s]);
      }
    }
  }
#pragma tirx async(w >= 2)
  {
    unsigned sum = 0;
    for (int k = 0; k < iters; ++k) {
      const int s = k % STAGES;
      tirx_wait(full[s]);
      check_slot(ring[s], src, blockIdx.x, k, iters, sum, res, 64);
      tirx_trigger(empty[s]);
    }
    sums[blockIdx.x * kThreads + threadIdx.x - 64] = sum;
  }
}

// One producer warpgroup, thread h for half h in round h of a loop: one
// arrival a round, two a phase.
__global__ void thread_per_half(const int* src, int iters, unsigned* sums, Result* res) {
  alignas(128) __shared__ int ring[STAGES][2 * kHalf];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[STAGES] count(2)
#pragma tirx event empty[STAGES] ready
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < iters; ++k) {
      const int s = k % STAGES;
      tirx_wait(empty[s]);
      for (int h = 0; h < 2; ++h)
        if (threadIdx.x == h) {
          if (h == 1) __nanosleep(2000);  // A lands before B is announced
          tirx_trigger_bytes(full[s], kHalfBytes);
          bulk_copy(ring[s] + h * kHalf, src + src_half(blockIdx.x, k, iters, h) * kHalf, kHalfBytes, &full[s]);
        }
    }
  }
#pragma tirx async(wg == 1)
  {
    unsigned sum = 0;
    for (int k = 0; k < iters; ++k) {
      const int s = k % STAGES;
      tirx_wait(full[s]);
      check_slot(ring[s], src, blockIdx.x, k, iters, sum, res);
      tirx_trigger(empty[s]);
    }
    sums[blockIdx.x * kThreads + threadIdx.x - 128] = sum;
  }
}

static std::vector<unsigned> reference(const std::vector<int>& src, int blocks, int iters) {
  std::vector<unsigned> sums((size_t)blocks * kThreads, 0u);
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < kThreads; ++t) {
      unsigned sum = 0;
      for (int k = 0; k < iters; ++k)
        for (int idx = t; idx < 2 * kHalf; idx += kThreads)
          sum += (unsigned)src[(size_t)src_half(b, k, iters, idx / kHalf) * kHalf + idx % kHalf] * (unsigned)(idx + 1) +
                 (unsigned)k;
      sums[(size_t)b * kThreads + t] = sum;
    }
  return sums;
}

int main(int argc, char** argv) {
  skip_without_device();
  int major = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
  if (major < 9) {
    printf(EXAMPLE ": SKIP: needs an sm_90 GPU (compute capability %d.x here)\n", major);
    return 77;
  }
  const int iters = parse_size(argc, argv, 1, 200, 1 << 16), blocks = 132;
  const int only = parse_size(argc, argv, 2, 0, 4) - 1;  // -1: every variant
  std::vector<int> hsrc((size_t)kSrcHalves * kHalf);
  for (size_t i = 0; i < hsrc.size(); ++i) hsrc[i] = (int)lcg_next();
  DeviceArray<int> src(hsrc);
  const std::vector<unsigned> want = reference(hsrc, blocks, iters);
  bool ok = true;
  for (int variant = 0; variant < 4; ++variant) {
    if (only >= 0 && variant != only) continue;
    const char* name = variant == 0   ? "two trigger sites per stage"
                       : variant == 1 ? "one trigger site run twice per stage"
                       : variant == 2 ? "one trigger site in lane 0 of each of two warps"
                                      : "one trigger site in thread h in round h of a loop";
    DeviceArray<unsigned> sums((size_t)blocks * kThreads);
    DeviceArray<Result> res(1);
    CUDA_CHECK(cudaMemset((unsigned*)sums, 0, (size_t)blocks * kThreads * sizeof(unsigned)));
    CUDA_CHECK(cudaMemset((Result*)res, 0, sizeof(Result)));
    if (variant == 0)
      two_sites<<<blocks, 256>>>(src, iters, sums, res);
    else if (variant == 1)
      one_site_twice<<<blocks, 256>>>(src, iters, sums, res);
    else if (variant == 2)
      lane_per_warp<<<blocks, 192>>>(src, iters, sums, res);
    else
      thread_per_half<<<blocks, 256>>>(src, iters, sums, res);
    cudaError_t err = cudaGetLastError();
    if (err == cudaSuccess) err = cudaDeviceSynchronize();
    if (err != cudaSuccess) {
      printf(EXAMPLE ": FAIL %s: %s\n", name, cudaGetErrorString(err));
      return 1;
    }
    std::vector<unsigned> got = sums.download();
    Result r;
    CUDA_CHECK(cudaMemcpy(&r, (Result*)res, sizeof r, cudaMemcpyDeviceToHost));
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < got.size(); ++i)
      if (got[i] != want[i] && !bad++) first = i;
    const bool pass = !r.mismatches && !bad;
    printf(EXAMPLE ": %s: %d blocks x %d stages: %s", name, blocks, iters, pass ? "ok\n" : "WRONG");
    if (r.mismatches)
      printf(" (%u elements differ from the source; first: block %d, iteration %d, element %d: %d, not %d)",
             r.mismatches, r.first_block, r.first_k, r.first_index, r.got, r.want);
    if (bad) printf(" (%zu sums differ from the host's; first: block %zu thread %zu)", bad, first / kThreads,
                    first % kThreads);
    if (!pass) printf("\n");
    ok &= pass;
  }
  printf(EXAMPLE ": %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
