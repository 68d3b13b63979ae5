// deadlock_watchdog.cu - runtime deadlocks that tirx-pp's static check cannot
// see (a trip count or a condition that only the data decides), and that `tirx-pp --watchdog` must turn into a message and a trap
// instead of a hang (docs/language.md#the-watchdog).
//
//   tirx-pp --watchdog=20000000 -I headers -I examples tests/gpu/deadlock_watchdog.cu -o dw.cu
//   tests/gpu/run_watchdog.sh dw.cu
//
//   deadlock_watchdog SCENARIO   runs one scenario (1..5); a trap spoils the CUDA
//                                context, so each scenario is a process of its own
//   deadlock_watchdog --count    prints the number of scenarios
//
// Each run prints `deadlock_watchdog: scenario N (...): expect a watchdog on E[`
// and the lines of the watchdog's table it expects (`deadlock_watchdog: expect
// the line: ...`) first, then (from the device) the watchdog's line
// `FILE:LINE: tirx watchdog: block ... waited ... cycles on E[slot] ...; trapping`
// and its table (what each partition index waits for, and who last triggered
// that slot), then `deadlock_watchdog: scenario N stopped: <CUDA error>` and
// exits 1. A kernel that finishes is a failure of the test (exit 3): the
// deadlock is the point. The expected lines name this file's lines: move a
// wait or a trigger, and update them.
//
// 20000000 cycles is about 10 ms on an H200; the waits give up long before
// run_watchdog.sh's `timeout 60`. Without --watchdog the program hangs.
#include "tirx.h"

#define EXAMPLE "deadlock_watchdog"
#define EXAMPLE_ARGS "SCENARIO"
#include "harness.h"  // skip_without_device, CUDA_CHECK, parse_size
#include "watchdog_scenario.h"

// 1. A trigger under a condition the data never meets (out[511] stays 0):
//    warpgroup 0 (4 warps) waits forever. (A wrong count(N) is caught before
//    run time now: the deadlock check counts arrivals per phase.)
__global__ void wrong_count(int* out) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event done count(128)
#pragma tirx async(wg == 0)
  {
    tirx_wait(done);
    out[threadIdx.x] = out[threadIdx.x + 128] + 1;
  }
#pragma tirx async(wg == 1)
  {
    out[threadIdx.x] = 1;
    if (out[511] != 0) tirx_trigger(done);
  }
}

// 2. An off-by-one between the loops: the producer fills n - 1 slots, the consumer takes n (its
//    last wait on `full` never returns). A `for` with no step, whose trips tirx-pp does not count.
__global__ void short_producer(const float* in, float* out, int n) {
  __shared__ float buf[2][128];
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx event empty[2] ready
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < n - 1;) {  // the bug: n - 1
      const int s = k % 2;
      tirx_wait(empty[s]);
      buf[s][threadIdx.x] = in[k * 128 + threadIdx.x];
      tirx_trigger(full[s]);
      ++k;
    }
  }
#pragma tirx async(wg == 1)
  {
    float acc = 0.0f;
    for (int k = 0; k < n; ++k) {
      const int s = k % 2;
      tirx_wait(full[s]);
      acc += buf[s][threadIdx.x - 128];
      tirx_trigger(empty[s]);
    }
    out[threadIdx.x - 128] = acc;
  }
}

// 3. The same missing trigger, waited for by the whole block (8 warps)
//    outside every region.
__global__ void wrong_count_outside(int* out) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event done count(128)
#pragma tirx async(wg == 0)
  {
    out[threadIdx.x] = 0;
  }
#pragma tirx async(wg == 1)
  {
    out[threadIdx.x] = 1;
    if (out[511] != 0) tirx_trigger(done);
  }
  tirx_wait(done);
}

// 4. As 1 with one waiting warp (a warps partition): warp 1's trigger never
//    comes.
__global__ void wrong_count_one_warp(int* out) {
#pragma tirx warps(w: 2)
#pragma tirx event done count(32)
#pragma tirx async(w == 0)
  {
    tirx_wait(done);
    out[threadIdx.x] = out[threadIdx.x + 32] + 1;
  }
#pragma tirx async(w == 1)
  {
    out[threadIdx.x] = 1;
    if (out[511] != 0) tirx_trigger(done);
  }
}

// 5. A cycle: consumer warp 2 skips its release of a slot when the data says
//    so (in[64] != 0, round 2 on slot 0). The producer then waits on
//    empty[0] for a release that never completes, and the consumers on
//    full[0] for the fill that would follow it: each waits for the other,
//    and the table says so, with the last trigger of each slot.
__global__ void skipped_release(const float* in, float* out, int n) {
  __shared__ float buf[2][32];
#pragma tirx warps(w: 3)
#pragma tirx event full[2], empty[2] ready count(64)
#pragma tirx async(w == 0)
  {
    for (int k = 0; k < n; ++k) {
      tirx_wait(empty[k % 2]);
      buf[k % 2][threadIdx.x] = in[k * 32 + threadIdx.x];
      tirx_trigger(full[k % 2]);
    }
  }
#pragma tirx async(w >= 1)
  {
    float acc = 0.0f;
    for (int k = 0; k < n; ++k) {
      tirx_wait(full[k % 2]);
      acc += buf[k % 2][threadIdx.x % 32];
      if (w == 1 || in[k * 32] == 0.0f) tirx_trigger(empty[k % 2]);
    }
    out[threadIdx.x % 32] = acc;
  }
}

constexpr int kScenarios = 5;

int main(int argc, char** argv) {
  static const char* const what[kScenarios + 1] = {
      "", "the trigger's condition never holds; 4 warps wait", "producer loop one short; 4 warps wait",
      "the trigger's condition never holds; the whole block waits outside the regions",
      "the trigger's condition never holds; 1 warp waits",
      "a consumer warp skips a release; producer and consumers wait for each other"};
  // The first wait to give up names its event (either of a cycle's); the
  // table's lines (one per partition index) must each be printed, with the
  // line numbers of this file's waits and triggers.
  static const char* const event[kScenarios + 1] = {"", "done", "full", "done", "done", "empty|full"};
  static const char* const table[kScenarios + 1] = {
      "",
      "wg 0 in async(wg == 0) waits done[0] for parity 0 (deadlock_watchdog.cu:39) <- done[0] never triggered in "
      "this block\n"
      "wg 1 waits for nothing (done, or between waits)",
      "wg 0 waits for nothing (done, or between waits)\n"
      "wg 1 in async(wg == 1) waits full[1] for parity 1 (deadlock_watchdog.cu:71) <- full[1] last triggered by "
      "wg 0 in async(wg == 0) in phase parity 0 (deadlock_watchdog.cu:62)",
      "wg 0 waits for nothing (done, or between waits)\n"
      "wg 1 waits for nothing (done, or between waits)\n"
      "the block, outside the regions, waits done[0] for parity 0 (deadlock_watchdog.cu:93) <- done[0] never "
      "triggered in this block",
      "w 0 in async(w == 0) waits done[0] for parity 0 (deadlock_watchdog.cu:103) <- done[0] never triggered in "
      "this block\n"
      "w 1 waits for nothing (done, or between waits)",
      "w 0 in async(w == 0) waits empty[0] for parity 1 (deadlock_watchdog.cu:125) <- empty[0] last triggered by "
      "w 1 in async(w >= 1) in phase parity 1 (deadlock_watchdog.cu:136)\n"
      "w 1 in async(w >= 1) waits full[0] for parity 0 (deadlock_watchdog.cu:134) <- full[0] last triggered by "
      "w 0 in async(w == 0) in phase parity 1 (deadlock_watchdog.cu:127)\n"
      "w 2 in async(w >= 1) waits full[0] for parity 0 (deadlock_watchdog.cu:134) <- full[0] last triggered by "
      "w 0 in async(w == 0) in phase parity 1 (deadlock_watchdog.cu:127)"};
  const int scenario = watchdog_scenario(argc, argv, kScenarios, what, event);
  watchdog_expect_lines(table[scenario]);

  // Plain cudaMalloc, never freed: after the trap every CUDA call fails, and
  // DeviceArray's destructor would report that as a failure of its own.
  int* dOut = nullptr;
  float *dIn = nullptr, *dSum = nullptr;
  CUDA_CHECK(cudaMalloc(&dOut, 512 * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dIn, 8 * 128 * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dSum, 128 * sizeof(float)));
  CUDA_CHECK(cudaMemset(dOut, 0, 512 * sizeof(int)));
  CUDA_CHECK(cudaMemset(dIn, 0, 8 * 128 * sizeof(float)));
  switch (scenario) {
    case 1: wrong_count<<<1, 256>>>(dOut); break;
    case 2: short_producer<<<1, 256>>>(dIn, dSum, 8); break;
    case 3: wrong_count_outside<<<1, 256>>>(dOut); break;
    case 4: wrong_count_one_warp<<<1, 64>>>(dOut); break;
    case 5: {
      const float one = 1.0f;  // in[64]: warp 2 skips its release in round 2
      CUDA_CHECK(cudaMemcpy(dIn + 64, &one, sizeof one, cudaMemcpyHostToDevice));
      skipped_release<<<1, 96>>>(dIn, dSum, 8);
      break;
    }
  }
  cudaError_t err = cudaGetLastError();
  if (err == cudaSuccess) err = cudaDeviceSynchronize();
  return watchdog_stopped(scenario, err);
}
