// tests/gpu/grid_events.cu - grid events on a GPU (docs/regions-and-events.md#grid-events):
//   1. split sums: each of `splits` blocks writes its part of a tile and
//      arrives with tirx_trigger_if_last / tirx_trigger_last; the last sums
//      the parts in split order, which must equal the CPU's sum in the same
//      order bit for bit, at every tile, launch after launch (the counters
//      go back to zero), on a grid smaller than the items (several rounds);
//   2. a grid barrier (tirx_trigger then tirx_wait on one counter, a
//      cooperative launch): every block reads its neighbour's value written
//      before the barrier, launch after launch;
//   3. group barriers in a persistent loop over more items than resident
//      blocks (3600 items of 128 threads; the items of a group consecutive,
//      no more than the grid: docs/regions-and-events.md#grid-events).
// Prints `grid_events: PASS` and exits 0, or the first mismatch and exits 1.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "tirx.h"

#define CHECK(x)                                                                     \
  do {                                                                               \
    cudaError_t e_ = (x);                                                            \
    if (e_ != cudaSuccess) {                                                         \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));   \
      exit(1);                                                                       \
    }                                                                                \
  } while (0)

__global__ void split_sum(const float *in, float *part, float *out, unsigned *counters, int tiles, int splits) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event done[tiles] grid(counters) count(splits)
#pragma tirx async(wg == 1)
  {
    const int t = threadIdx.x % 128;
#pragma tirx persistent(item: tiles * splits)
    {
      const int tile = item / splits, split = item % splits;
      const float mine = in[(size_t)item * 128 + t];
      bool last = tirx_trigger_if_last(done[tile]);
#pragma tirx uniform
      if (!last) {
        part[(size_t)item * 128 + t] = mine;
        last = tirx_trigger_last(done[tile]);
      }
      if (last) {
        float s = 0.f;
        for (int p = 0; p < splits; ++p) s += p == split ? mine : __ldcg(&part[((size_t)tile * splits + p) * 128 + t]);
        out[(size_t)tile * 128 + t] = s;
      }
    }
  }
#pragma tirx async(wg == 0)
  {}
}

__global__ void grid_barrier(float *x, unsigned *counter) {
#pragma tirx event everyone grid(counter) count(gridDim.x)
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  x[i] = (float)blockIdx.x + 0.5f * (float)threadIdx.x;
  tirx_trigger(everyone);
  tirx_wait(everyone);
  x[gridDim.x * blockDim.x + i] = __ldcg(&x[(blockIdx.x + 1) % gridDim.x * blockDim.x + threadIdx.x]);
}

__global__ void group_barriers(float *x, unsigned *counters, int groups, int per_group) {
#pragma tirx event met[groups] grid(counters) count(per_group)
#pragma tirx persistent(item: groups * per_group)
  {
    const int g = item / per_group, first = g * per_group;
    x[(size_t)item * blockDim.x + threadIdx.x] = (float)item;
    tirx_trigger(met[g]);
    tirx_wait(met[g]);
    // every item of the group has written: read the group's first
    const size_t total = (size_t)groups * per_group * blockDim.x;
    x[total + (size_t)item * blockDim.x + threadIdx.x] = __ldcg(&x[(size_t)first * blockDim.x + threadIdx.x]);
  }
}

// The barrier's kernel takes its work by blockIdx alone: a cooperative
// launch runs every block at once, or fails, where grid(persistent) would
// run fewer blocks than asked.
static int launch_grid_barrier(float *x, unsigned *counter, int blocks) {
  void *args[] = {&x, &counter};
  cudaError_t err = cudaLaunchCooperativeKernel((const void *)grid_barrier, dim3(blocks), dim3(128), args, 0, 0);
  return err == cudaSuccess ? 0 : 1;
}

static int launch_group_barriers(float *x, unsigned *counters, int groups, int per_group) {
  cudaError_t err;
#pragma tirx launch grid(persistent) async status(err)
  group_barriers<<<groups * per_group, 128>>>(x, counters, groups, per_group);
  return err == cudaSuccess ? 0 : 1;
}

static int fail(const char *what, size_t i, float got, float want) {
  printf("grid_events: FAIL: %s at %zu: %g, expected %g\n", what, i, got, want);
  return 1;
}

static int test_split_sum(int tiles, int splits, int blocks) {
  const size_t items = (size_t)tiles * splits;
  std::vector<float> in(items * 128), want((size_t)tiles * 128), got(want.size());
  unsigned seed = 12345u + (unsigned)(tiles * 7 + splits);
  for (float &v : in) seed = seed * 1664525u + 1013904223u, v = (float)(seed >> 8) / (1 << 24) - 0.5f;
  for (int tile = 0; tile < tiles; ++tile)
    for (int t = 0; t < 128; ++t) {
      float s = 0.f;
      for (int p = 0; p < splits; ++p) s += in[((size_t)tile * splits + p) * 128 + t];
      want[(size_t)tile * 128 + t] = s;
    }
  float *din, *dpart, *dout;
  unsigned *counters;
  CHECK(cudaMalloc(&din, in.size() * sizeof(float)));
  CHECK(cudaMalloc(&dpart, in.size() * sizeof(float)));
  CHECK(cudaMalloc(&dout, want.size() * sizeof(float)));
  CHECK(cudaMalloc(&counters, tiles * sizeof(unsigned)));
  CHECK(cudaMemset(counters, 0, tiles * sizeof(unsigned)));
  CHECK(cudaMemcpy(din, in.data(), in.size() * sizeof(float), cudaMemcpyHostToDevice));
  int bad = 0;
  for (int run = 0; run < 3 && !bad; ++run) {
    CHECK(cudaMemset(dout, 0xff, want.size() * sizeof(float)));  // NaN: a tile nobody summed fails
    split_sum<<<blocks, 256>>>(din, dpart, dout, counters, tiles, splits);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(got.data(), dout, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < got.size() && !bad; ++i)
      if (memcmp(&got[i], &want[i], sizeof(float))) bad = fail("split sum", i, got[i], want[i]);
  }
  std::vector<unsigned> left(tiles);
  CHECK(cudaMemcpy(left.data(), counters, tiles * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int i = 0; i < tiles && !bad; ++i)
    if (left[i]) bad = fail("split sum's counter after the launches", i, (float)left[i], 0.f);
  printf("[split sum: %d tiles x %d splits on %d blocks, 3 launches] %s\n", tiles, splits, blocks, bad ? "FAIL" : "ok");
  cudaFree(din), cudaFree(dpart), cudaFree(dout), cudaFree(counters);
  return bad;
}

static int test_grid_barrier() {
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int blocks = sms;  // one per multiprocessor: the cooperative launch fits (more per SM would too)
  float *x;
  unsigned *counter;
  CHECK(cudaMalloc(&x, (size_t)2 * blocks * 128 * sizeof(float)));
  CHECK(cudaMalloc(&counter, sizeof(unsigned)));
  CHECK(cudaMemset(counter, 0, sizeof(unsigned)));
  std::vector<float> got((size_t)2 * blocks * 128);
  int bad = 0;
  for (int run = 0; run < 3 && !bad; ++run) {
    CHECK(cudaMemset(x, 0, got.size() * sizeof(float)));
    if (launch_grid_barrier(x, counter, blocks)) return fail("grid barrier's launch", 0, 0, 0);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(got.data(), x, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks && !bad; ++b)
      for (int t = 0; t < 128 && !bad; ++t) {
        const float want = (float)((b + 1) % blocks) + 0.5f * (float)t;
        if (got[(size_t)blocks * 128 + b * 128 + t] != want) bad = fail("grid barrier", b * 128 + t, got[(size_t)blocks * 128 + b * 128 + t], want);
      }
  }
  unsigned left = 0;
  CHECK(cudaMemcpy(&left, counter, sizeof(unsigned), cudaMemcpyDeviceToHost));
  if (!bad && left) bad = fail("grid barrier's counter after the launches", 0, (float)left, 0.f);
  printf("[grid barrier: %d blocks, 3 launches] %s\n", blocks, bad ? "FAIL" : "ok");
  cudaFree(x), cudaFree(counter);
  return bad;
}

static int test_group_barriers(int groups, int per_group) {
  const size_t items = (size_t)groups * per_group;
  float *x;
  unsigned *counters;
  CHECK(cudaMalloc(&x, 2 * items * 128 * sizeof(float)));
  CHECK(cudaMalloc(&counters, groups * sizeof(unsigned)));
  CHECK(cudaMemset(counters, 0, groups * sizeof(unsigned)));
  std::vector<float> got(2 * items * 128);
  int bad = 0;
  for (int run = 0; run < 2 && !bad; ++run) {
    CHECK(cudaMemset(x, 0, got.size() * sizeof(float)));
    if (launch_group_barriers(x, counters, groups, per_group)) return fail("group barriers' launch", 0, 0, 0);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(got.data(), x, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < items * 128 && !bad; ++i) {
      const float want = (float)(i / 128 / per_group * per_group);
      if (got[items * 128 + i] != want) bad = fail("group barrier", i, got[items * 128 + i], want);
    }
  }
  printf("[group barriers: %d groups of %d items, 2 launches] %s\n", groups, per_group, bad ? "FAIL" : "ok");
  cudaFree(x), cudaFree(counters);
  return bad;
}

int main(int argc, char **argv) {
  const bool small = argc > 1;  // under compute-sanitizer: fewer, smaller cases
  int bad = 0;
  bad |= test_split_sum(7, 3, 21);
  bad |= test_split_sum(small ? 9 : 300, 4, small ? 8 : 100);  // several rounds of the persistent loop
  bad |= test_grid_barrier();
  bad |= test_group_barriers(small ? 5 : 600, 6);
  printf("grid_events: %s\n", bad ? "FAIL" : "PASS");
  return bad;
}
