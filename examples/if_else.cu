// if_else.cu - seed 000/002 "if": a per-thread if/else, and electing one lane
// per warp (`#pragma tirx elect`, TIRX_ELECT and tirx_elect_sync(), docs/language.md#threads-warps-collectives).
//
//   if_else [n]   n = number of elements (default 1000003); the elect kernels
//                 run ceil(n / 256) blocks of 256 threads
//
// `#pragma tirx elect` changes which threads run the statement, which nvcc
// alone cannot do (it ignores the pragma and every lane would run it). So the
// pragma kernel is compiled only when tirx-pp parses the file (__TIRX_PP__) and
// when its output is compiled with -DTIRX_PP_OUTPUT (tests/gpu/run_examples.sh
// does); a plain nvcc build runs only `elect_count_macro`, the same kernel with
// TIRX_ELECT, which tirx.h turns into `if (tirx_elect_one_sync())`.
// Both builds print the same lines.
#include "tirx.h"

#define EXAMPLE "if_else"
#include "harness.h"  // the host side that every example shares; HAVE_PRAGMA_KERNELS

// ---- kernels -----------------------------------------------------------------

constexpr int kBlock = 256;

// The seed's branch on the thread index: first half of each block doubles,
// second half adds one.
__global__ void if_else(float* A, int n) {
  int tx = blockIdx.x * kBlock + threadIdx.x;
  if (tx >= n) tirx_thread_return();
  if (threadIdx.x < 128)
    A[tx] = A[tx] * 2.0f;
  else
    A[tx] = A[tx] + 1.0f;
}

// One elected lane per warp counts its warp and records which lane elect
// picks. Every lane of every warp gets here (no early exit): elect needs the
// whole warp. The elected statement may not depend on which lane runs it
// (`threadIdx.x % 32` there is an error), so every lane learns the leader
// first: elect.sync picks the same lane for the same mask each time, and the
// ballot of its answers is the same in every lane.
#if HAVE_PRAGMA_KERNELS
__global__ void elect_count(int* count, int* lane) {
  int warp = (blockIdx.x * kBlock + threadIdx.x) / 32;
  const int leader = __ffs(__ballot_sync(0xffffffffu, tirx_elect_sync())) - 1;
#pragma tirx elect
  {
    atomicAdd(&count[warp], 1);
    lane[warp] = leader;
  }
}
#endif

__global__ void elect_count_macro(int* count, int* lane) {
  int warp = (blockIdx.x * kBlock + threadIdx.x) / 32;
  const int leader = __ffs(__ballot_sync(0xffffffffu, tirx_elect_sync())) - 1;
  TIRX_ELECT
  {
    atomicAdd(&count[warp], 1);
    lane[warp] = leader;
  }
}

// tirx_elect_sync() as a condition: the warp sums its values, one lane adds
// the sum to the warp's slot (more than one lane would multiply it).
__global__ void warp_sum(const int* X, int* sum) {
  int t = blockIdx.x * kBlock + threadIdx.x;
  int total = __reduce_add_sync(0xffffffffu, X[t]);
  if (tirx_elect_sync()) atomicAdd(&sum[t / 32], total);
}

// ---- main ----------------------------------------------------------------------

int main(int argc, char** argv) {
  skip_without_device();
  const int n = parse_size(argc, argv, 1, 1000003, 1 << 26);
  const int blocks = (n + kBlock - 1) / kBlock, threads = blocks * kBlock, warps = threads / 32;
  if (!HAVE_PRAGMA_KERNELS)
    fprintf(stderr,
            EXAMPLE ": note: built without tirx-pp; the #pragma tirx elect kernel is left out\n");

  // if / else, in place
  std::vector<float> hA(n), want(n);
  for (int i = 0; i < n; ++i) hA[i] = lcg_float();
  for (int i = 0; i < n; ++i) want[i] = i % kBlock < 128 ? hA[i] * 2.0f : hA[i] + 1.0f;
  DeviceArray<float> dA(n, kGuard);
  dA.fill(0xFF);  // poison the guard: NaN
  dA.upload(hA);
  if_else<<<blocks, kBlock>>>(dA, n);
  LAUNCH_CHECK();
  const auto if_else_sum = checksum(check_output("if_else", dA, want));

  // elect: every warp's counter must be exactly 1, from a lane in 0..31.
  DeviceArray<int> dCount(warps), dLane(warps);
  const std::vector<int> ones(warps, 1);
  for (int k = HAVE_PRAGMA_KERNELS ? 0 : 1; k < 2; ++k) {
    dCount.fill(0);
    dLane.fill(0xFF);  // poison: -1
#if HAVE_PRAGMA_KERNELS
    if (k == 0) elect_count<<<blocks, kBlock>>>(dCount, dLane);
#endif
    if (k == 1) elect_count_macro<<<blocks, kBlock>>>(dCount, dLane);
    LAUNCH_CHECK();
    check_output(k == 0 ? "elect_count" : "elect_count_macro", dCount, ones);
    const std::vector<int> lane = dLane.download();
    for (int w = 0; w < warps; ++w)
      if (lane[w] < 0 || lane[w] > 31) {
        fail("elected lane", w, lane[w], 0);
        break;
      }
  }

  // tirx_elect_sync() as a condition
  std::vector<int> hX(threads), wsum(warps, 0);
  for (int t = 0; t < threads; ++t) {
    hX[t] = lcg_int(-1000, 1000);
    wsum[t / 32] += hX[t];
  }
  DeviceArray<int> dX(hX), dSum(warps);
  dSum.fill(0);
  warp_sum<<<blocks, kBlock>>>(dX, dSum);
  LAUNCH_CHECK();
  const auto warp_sum_sum = checksum(check_output("warp_sum", dSum, wsum));

  printf(EXAMPLE ": n=%d if_else=%016llx warps=%d warp_sum=%016llx\n", n, if_else_sum, warps,
         warp_sum_sum);
  return finish();
}
