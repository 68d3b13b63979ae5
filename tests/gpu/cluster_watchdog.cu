// cluster_watchdog.cu - planted deadlocks on cluster events that the static
// check cannot see (a condition only the cluster rank decides), which
// `tirx-pp --watchdog` must turn into a message that names the cluster event
// and the waiting block's rank in its cluster (docs/clusters.md).
// tirx-pp: required
//
//   tirx-pp --watchdog=20000000 -I headers -I examples tests/gpu/cluster_watchdog.cu -o cw.cu
//   tests/gpu/run_watchdog.sh cw.cu
//   cluster_watchdog --count      prints the number of scenarios
//   cluster_watchdog N            runs scenario N; prints `expect a watchdog on E[`
#include "tirx.h"

#define EXAMPLE "cluster_watchdog"
#define EXAMPLE_ARGS "SCENARIO | --count"
#include "harness.h"
#include "watchdog_scenario.h"

// 1. Clusters of 2; only rank 0 triggers `done`, which counts the
//    arrivals of both (count(N) counts what one block gets in all): every
//    block gets half of them, and its waiters wait forever.
__global__ void rank_skips(int* out) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event done cluster count(128 * 2)
#pragma tirx async(wg == 0)
  {
    tirx_wait(done);
    out[threadIdx.x] = 1;
  }
#pragma tirx async(wg == 1)
  {
    if (tirx_cluster_rank() == 0) tirx_trigger(done);
  }
}

// 2. Clusters of 2 x 2 and an event released along x (the blocks of a
//    cluster row): rank 3 never triggers, so the blocks of row 1 (ranks 2
//    and 3) wait forever; row 0 finishes.
__global__ void row_skips(int* out) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event row cluster(x) count(128 * 2)
#pragma tirx async(wg == 0)
  {
    tirx_wait(row);
    out[threadIdx.x] = 1;
  }
#pragma tirx async(wg == 1)
  {
    if (tirx_cluster_rank() != 3) tirx_trigger(row);
  }
}

constexpr int kScenarios = 2;

int main(int argc, char** argv) {
  static const char* const what[kScenarios + 1] = {
      "", "only rank 0 triggers a cluster event that counts both ranks' arrivals",
      "rank 3 of a 2 x 2 cluster never triggers an event released along x; row 1 waits"};
  static const char* const event[kScenarios + 1] = {"", "done", "row"};
  // The table's lines (watchdog_scenario.h), up to the last trigger, which
  // depends on the block that speaks first (its own triggers, or none).
  static const char* const table[kScenarios + 1] = {
      "",
      "wg 0 in async(wg == 0) waits done[0] for parity 0 (cluster_watchdog.cu:26) <- done[0] \n"
      "wg 1 waits for nothing (done, or between waits)",
      "wg 0 in async(wg == 0) waits row[0] for parity 0 (cluster_watchdog.cu:43) <- row[0] \n"
      "wg 1 waits for nothing (done, or between waits)"};
  const int scenario = watchdog_scenario(argc, argv, kScenarios, what, event);
  watchdog_expect_lines(table[scenario]);
  int* dOut = nullptr;  // never freed: after the trap every CUDA call fails
  CUDA_CHECK(cudaMalloc(&dOut, 256 * sizeof(int)));
  CUDA_CHECK(cudaMemset(dOut, 0, 256 * sizeof(int)));
  cudaError_t err = cudaSuccess;
  switch (scenario) {
    case 1:
#pragma tirx launch cluster(2) status(err)
      rank_skips<<<2, 256>>>(dOut);
      break;
    case 2:
#pragma tirx launch cluster(2, 2) status(err)
      row_skips<<<dim3(2, 2), 256>>>(dOut);
      break;
  }
  return watchdog_stopped(scenario, err);
}
