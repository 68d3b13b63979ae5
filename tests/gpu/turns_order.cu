// turns_order.cu - `#pragma tirx turns` / `turn` on a GPU (docs/turns.md): the
// participants of an async region take their turns in increasing index order,
// cyclically, and a FlashAttention-3-shaped pipeline (a producer's ring, two
// consumers taking turns between its waits and triggers) finishes.
// tirx-pp: required
//
//   tirx-pp -I headers -I examples tests/gpu/turns_order.cu -o to.cu
//   nvcc -std=c++17 -I headers -I examples -gencode=arch=compute_90a,code=sm_90a to.cu -o turns_order
//   ./turns_order            last line `turns_order: PASS` (exit 0), or FAIL (exit 1); 77 without a GPU
//
// Each turn appends the participant's index to its block's log, through an
// atomic counter; the participant that goes first spins for a while inside
// its turn, so that without the ordering the others would overtake it. The
// log must read 1 2 1 2 ... (two warpgroups) and 1 2 3 1 2 3 ... (three warps).
#include "tirx.h"

#define EXAMPLE "turns_order"
#define EXAMPLE_ARGS ""
#include "harness.h"  // skip_without_device, CUDA_CHECK, finish

constexpr int kTurns = 64;  // turns per participant

__device__ void spin(long long cycles) {
  long long start = clock64();
  while (clock64() - start < cycles) {
  }
}

// Two consumer warpgroups (wg 1, 2) take turns; wg 0 only waits for the end.
__global__ void two_warpgroups(int* log, int* count) {
#pragma tirx warpgroups(wg: 3)
#pragma tirx async(wg == 0)
  {}
#pragma tirx async(wg >= 1)
  {
#pragma tirx turns mma
    for (int i = 0; i < kTurns; ++i) {
#pragma tirx turn(mma)
      {
        if (wg == 1) spin(2000);  // the first one is slow: the other must still wait
        if (threadIdx.x % 128 == 0) {
          int at = atomicAdd(&count[blockIdx.x], 1);
          log[blockIdx.x * 3 * kTurns + at] = wg;
          __threadfence();
        }
      }
      spin(100 * wg);  // work outside the turn, at different speeds
    }
  }
}

// Three warps (w 1, 2, 3) of 32 threads, the macro spellings.
__global__ void three_warps(int* log, int* count) {
  TIRX_WARPS(w, 4);
  TIRX_ASYNC(w == 0) {}
  TIRX_ASYNC(w >= 1) {
    TIRX_TURNS(issue);
    for (int i = 0; i < kTurns; ++i) {
      TIRX_TURN(issue) {
        spin(1000 * (4 - w));  // earlier participants are slower
        if (threadIdx.x % 32 == 0) {
          int at = atomicAdd(&count[blockIdx.x], 1);
          log[blockIdx.x * 3 * kTurns + at] = w;
          __threadfence();
        }
      }
    }
  }
}

// FlashAttention-3's shape: wg 0 fills a 2-slot ring; wg 1 and 2 each wait for
// a tile, take their turn on it, release the slot, then work outside the turn.
__global__ void pipeline(const float* in, float* out, int* log, int* count) {
  __shared__ float ring[2][128];
#pragma tirx warpgroups(wg: 3)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int i = 0; i < kTurns; ++i) {
      tirx_wait(empty[i % 2]);
      ring[i % 2][threadIdx.x] = in[i * 128 + threadIdx.x];
      tirx_trigger(full[i % 2]);
    }
  }
#pragma tirx async(wg >= 1)
  {
#pragma tirx turns mma
    float acc = 0.f;
    const int t = threadIdx.x - 128 * wg;
    for (int i = 0; i < kTurns; ++i) {
      tirx_wait(full[i % 2]);
#pragma tirx turn(mma)
      {
        acc += ring[i % 2][t] * wg;
        if (t == 0) {
          int at = atomicAdd(&count[blockIdx.x], 1);
          log[blockIdx.x * 3 * kTurns + at] = wg;
          __threadfence();
        }
      }
      tirx_trigger(empty[i % 2]);
      spin(300 * (3 - wg));
    }
    out[blockIdx.x * 256 + (wg - 1) * 128 + t] = acc;
  }
}

// The log of every block must be the participants in order, round after round.
static bool check_log(const char* what, const std::vector<int>& log, const std::vector<int>& count, int blocks,
                      int participants) {
  for (int b = 0; b < blocks; ++b) {
    if (count[b] != participants * kTurns) {
      printf(EXAMPLE ": %s: block %d took %d turns, not %d\n", what, b, count[b], participants * kTurns);
      return false;
    }
    for (int k = 0; k < participants * kTurns; ++k)
      if (log[b * 3 * kTurns + k] != 1 + k % participants) {
        printf(EXAMPLE ": %s: block %d, turn %d was taken by %d, not %d\n", what, b, k, log[b * 3 * kTurns + k],
               1 + k % participants);
        return false;
      }
  }
  printf(EXAMPLE ": %s: %d blocks, %d turns each in order\n", what, blocks, participants * kTurns);
  return true;
}

int main() {
  skip_without_device();
  const int blocks = 264;
  int *log, *count;
  float *in, *out;
  CUDA_CHECK(cudaMalloc(&log, sizeof(int) * blocks * 3 * kTurns));
  CUDA_CHECK(cudaMalloc(&count, sizeof(int) * blocks));
  CUDA_CHECK(cudaMalloc(&in, sizeof(float) * kTurns * 128));
  CUDA_CHECK(cudaMalloc(&out, sizeof(float) * blocks * 256));
  std::vector<float> h_in(kTurns * 128);
  for (int i = 0; i < kTurns * 128; ++i) h_in[i] = (float)(i % 7);
  CUDA_CHECK(cudaMemcpy(in, h_in.data(), sizeof(float) * h_in.size(), cudaMemcpyHostToDevice));
  std::vector<int> h_log(blocks * 3 * kTurns), h_count(blocks);
  bool ok = true;
  for (int which = 0; which < 3; ++which) {
    CUDA_CHECK(cudaMemset(log, 0xff, sizeof(int) * blocks * 3 * kTurns));
    CUDA_CHECK(cudaMemset(count, 0, sizeof(int) * blocks));
    if (which == 0) two_warpgroups<<<blocks, 384>>>(log, count);
    if (which == 1) three_warps<<<blocks, 128>>>(log, count);
    if (which == 2) pipeline<<<blocks, 384>>>(in, out, log, count);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(h_log.data(), log, sizeof(int) * h_log.size(), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h_count.data(), count, sizeof(int) * blocks, cudaMemcpyDeviceToHost));
    const char* what = which == 0 ? "two warpgroups" : which == 1 ? "three warps" : "pipeline";
    ok = check_log(what, h_log, h_count, blocks, which == 1 ? 3 : 2) && ok;
  }
  // The pipeline's sums: each consumer adds wg * in[i * 128 + t] over the tiles.
  std::vector<float> h_out(blocks * 256);
  CUDA_CHECK(cudaMemcpy(h_out.data(), out, sizeof(float) * h_out.size(), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks && ok; ++b)
    for (int j = 0; j < 256 && ok; ++j) {
      float want = 0.f;
      for (int i = 0; i < kTurns; ++i) want += h_in[i * 128 + j % 128] * (1 + j / 128);
      if (h_out[b * 256 + j] != want) {
        printf(EXAMPLE ": pipeline: out[%d][%d] = %g, want %g\n", b, j, h_out[b * 256 + j], want);
        ok = false;
      }
    }
  printf(EXAMPLE ": %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
