// tests/gpu/persistent_wide.cu: `persistent(tile: TOTAL)` with TOTAL of a
// type wider than int (int64_t), plain and with order(grouped(...)). Within
// int's range every tile is walked once (each block adds its tiles' numbers;
// the sum is checked against the host's). Past it (past 2^31 - gridDim.x,
// where the last index plus the step no longer fits), the loop traps at its
// first test (tirx_tile_below, tirx_tile_count) instead of walking an int
// index that overflows: the launch fails, and the test says which error the
// runtime gave.
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "tirx.h"

__global__ void walk(int64_t total, bool ordered, unsigned long long *sum, unsigned *count) {
  if (!ordered) {
#pragma tirx persistent(tile: total)
    {
      if (threadIdx.x == 0) {
        atomicAdd(sum, (unsigned long long)tile);
        atomicAdd(count, 1u);
      }
    }
  } else {
#pragma tirx persistent(tile: total) order(grouped(7, 3))
    {
      if (threadIdx.x == 0) {
        atomicAdd(sum, (unsigned long long)tile);
        atomicAdd(count, 1u);
      }
    }
  }
}

static int run(int64_t total, bool ordered, bool expect_trap) {
  unsigned long long *sum;
  unsigned *count;
  cudaMalloc(&sum, sizeof *sum);
  cudaMalloc(&count, sizeof *count);
  cudaMemset(sum, 0, sizeof *sum);
  cudaMemset(count, 0, sizeof *count);
  walk<<<132, 64>>>(total, ordered, sum, count);
  cudaError_t err = cudaDeviceSynchronize();
  if (expect_trap) {
    printf("total %lld%s: %s (%s)\n", (long long)total, ordered ? ", grouped" : "",
           err != cudaSuccess ? "trapped" : "FAIL: no trap", cudaGetErrorString(err));
    return err != cudaSuccess ? 0 : 1;
  }
  unsigned long long s = 0;
  unsigned c = 0;
  cudaMemcpy(&s, sum, sizeof s, cudaMemcpyDeviceToHost);
  cudaMemcpy(&c, count, sizeof c, cudaMemcpyDeviceToHost);
  unsigned long long want = (unsigned long long)total * (unsigned long long)(total - 1) / 2;
  bool ok = err == cudaSuccess && c == (unsigned)total && s == want;
  printf("total %lld%s: %u tiles, sum %llu (host %llu): %s\n", (long long)total, ordered ? ", grouped" : "", c, s,
         want, ok ? "ok" : "FAIL");
  cudaFree(sum);
  cudaFree(count);
  return ok ? 0 : 1;
}

int main(int argc, char **argv) {
  int fails = run(1000, false, false) + run(100003, false, false) + run(1000, true, false) + run(100003, true, false);
  // A trap leaves the context unusable: one, last. argv[1] "grouped": the
  // ordered loop's; "near": a total just below 2^31 (2^31 - 100), whose last
  // index plus the 132 blocks' step would pass an int's range.
  bool grouped = argc > 1 && !strcmp(argv[1], "grouped"), near = argc > 1 && !strcmp(argv[1], "near");
  fails += run(near ? ((int64_t)1 << 31) - 100 : (int64_t)1 << 32, grouped, true);
  printf(fails ? "persistent_wide: FAIL\n" : "persistent_wide: PASS\n");
  return fails ? 1 : 0;
}
