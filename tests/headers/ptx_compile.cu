// Calls every function of tirx/ptx.h from one kernel, so that compiling this
// file for sm_90a, sm_90 and sm_80 checks each instruction (or its fallback)
// against ptxas. Compiled, never run: the barrier protocol here is not meaningful.
// __launch_bounds__ because ptxas ignores setmaxnreg (info C7508) in a kernel
// whose register count at entry it cannot determine.
#include "tirx/grid.h"
#include "tirx/ptx.h"

__global__ void __launch_bounds__(384, 1) tirx_ptx_all(unsigned long long *out, long long watchdog_cycles) {
  __shared__ alignas(8) uint64_t bars[4];
  __shared__ float stage[32];

  out[0] = tirx_lane_id();
  out[1] = tirx_elect_one_sync();
  out[2] = tirx_smem_addr(&bars[1]);
  out[0] += tirx_smid() + tirx_globaltimer();

  if (threadIdx.x == 0) {
    tirx_mbar_init(&bars[0], blockDim.x);
    tirx_mbar_init(&bars[1], 1);
    tirx_fence_mbar_init();
  }
  tirx_bar_sync_all(0);

  tirx_mbar_arrive(&bars[0]);
  out[3] = tirx_mbar_arrive_token(&bars[0]);
  tirx_mbar_arrive_cnt(&bars[0], 32);
  if (threadIdx.x == 0) {
    tirx_mbar_expect_tx(&bars[1], 64);
    tirx_mbar_arrive_expect_tx(&bars[1], 128);
  }
  out[4] = tirx_mbar_try_wait_parity(&bars[0], 0, 1000);
  tirx_mbar_wait_parity(&bars[0], 1);
  out[5] = tirx_mbar_wait_parity_timeout(&bars[1], 0, watchdog_cycles);

  stage[threadIdx.x % 32] = 1.0f;
  tirx_fence_proxy_async_smem();

  tirx_bar_sync(1, 128);
  tirx_bar_arrive(2, 64);
  tirx_setmaxnreg_dec<40>();
  tirx_setmaxnreg_inc<232>();
#ifdef TIRX_TEST_BAD_SETMAXNREG
  tirx_setmaxnreg_inc<20>();  // must not compile: below 24
#endif

  tirx_bar_sync_all(0);
  if (threadIdx.x == 0) tirx_mbar_inval(&bars[0]);
  out[6] = static_cast<unsigned long long>(stage[(threadIdx.x + 1) % 32]);
}

// The cluster functions (docs/clusters.md), in a kernel of their own: they
// need a cluster launch to mean anything (compiled, never run).
__global__ void tirx_ptx_cluster(unsigned long long *out) {
  __shared__ alignas(8) uint64_t bars[2];
  out[0] = tirx_cluster_rank() + tirx_cluster_size() + tirx_cluster_dim_x() + tirx_cluster_dim_y() +
           tirx_cluster_ctaid_x() + tirx_cluster_ctaid_y() + tirx_cluster_ctaid_z();
  out[1] = tirx_mapa(tirx_smem_addr(&bars[0]), 1);
  tirx_cluster_arrive();
  tirx_cluster_wait();
  tirx_cluster_sync();
  tirx_mbar_arrive_remote(&bars[0], 1);
  tirx_fence_cluster();
  tirx_mbar_arrive_cluster(&bars[1], 0);
  out[2] = tirx_mbar_try_wait_parity_cluster(&bars[0], 0, 1000);
  tirx_mbar_wait_parity_cluster(&bars[1], 1);
  out[3] = tirx_mbar_wait_parity_timeout(&bars[0], 1, 1000, true);
}

// The grid events' instructions (tirx/grid.h: counters in global memory),
// in a kernel of their own (compiled, never run).
__global__ void tirx_ptx_grid(unsigned *counters, unsigned long long *out) {
  tirx_red_release_gpu_add(&counters[0], 1);
  out[0] = tirx_atom_acq_rel_gpu_add(&counters[1], 1);
  out[1] = tirx_ld_acquire_gpu(&counters[2]);
  tirx_st_relaxed_gpu(&counters[3], 0);
  tirx_nanosleep(64);
}
